//! Details: whatever row is selected in the focused pane (tree node, form, diagnostic,
//! ladder step), read whole: every field wrapped, then every diagnostic that touches it.
//!
//! The pane is focusable and scrolls. Its content can be large (the root node of a
//! megabyte input, thousands of diagnostics touching it), so only what is shown is laid
//! out: the content is a list of items (a field, a heading, a diagnostic) built once per
//! selection as references into the analysis; an item is escaped and wrapped the first
//! time a frame needs it, and its rows are kept until the selection or the width changes.
//! A frame costs the rows it shows, plus the items laid out for the first time.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::selection::{Detail, Item, diag};
use super::{Copied, Doc, Effect, Pane, block, fit, inner, list_delta};
use crate::engine::Analysis;
use crate::engine::explain::Explanation;
use crate::safe_text;
use crate::text_layout::{wrap_chars as wrap, wrap_words};
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// Laid-out rows of one item.
type Rows = Vec<Line<'static>>;

/// The Details pane: the content of the current selection and its scroll.
#[derive(Debug, Default)]
pub struct DetailsPane {
    detail: Detail,
    /// Per item: its rows, once laid out at `width`.
    laid: Vec<Option<Rows>>,
    /// Per laid-out prefix of items: the first row of each (`starts[i]` for item `i`).
    starts: Vec<usize>,
    /// The width the rows were laid out at.
    width: usize,
    /// The first row shown.
    pub scroll: usize,
    /// Rows shown by the last frame (a page).
    height: usize,
    /// The label column: as wide as the widest field label of the content (and a space),
    /// so no label leaves its row (within [`LABEL_W`] and [`LABEL_MAX`]).
    label_w: usize,
    /// The namespace's fields were looked for in the current content (once per selection:
    /// see [`namespace_items`]).
    ns_looked: bool,
    /// The item each row of the last frame belongs to (for a presenter's highlight).
    shown: Vec<usize>,
}

impl DetailsPane {
    /// Shows `detail` from its first row (the app calls this when the selection changes).
    pub fn show(&mut self, detail: Detail) {
        self.laid = vec![None; detail.items.len()];
        self.starts.clear();
        self.label_w = detail
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Field { label, .. } => Some(super::width(label) + 1),
                _ => None,
            })
            .max()
            .unwrap_or(0)
            .clamp(LABEL_W, LABEL_MAX);
        self.detail = detail;
        self.scroll = 0;
        self.ns_looked = false;
    }

    /// Adds the namespace's fields to the Details of a tree node, once per selection.
    fn add_namespace(&mut self, a: &Analysis) {
        if self.ns_looked {
            return;
        }
        self.ns_looked = true;
        let items = namespace_items(&self.detail, a);
        if items.is_empty() {
            return;
        }
        // After the node's own fields (before its diagnostics and production).
        let at = self
            .detail
            .items
            .iter()
            .position(|it| !matches!(it, Item::Field { .. }))
            .unwrap_or(self.detail.items.len());
        self.detail.items.splice(at..at, items);
        let detail = std::mem::take(&mut self.detail);
        let scroll = self.scroll;
        self.show(detail);
        self.ns_looked = true;
        self.scroll = scroll;
    }

    /// The content shown.
    pub fn detail(&self) -> &Detail {
        &self.detail
    }

    /// Total rows, once every item has been laid out.
    fn total(&self) -> Option<usize> {
        (self.starts.len() == self.detail.items.len() + 1)
            .then(|| self.starts[self.starts.len() - 1])
    }

    /// Lays out items until row `row` is covered (or all are); returns the rows known.
    fn lay_out_to(&mut self, a: &Analysis, row: usize, theme: &Theme) -> usize {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        loop {
            let known = self.starts[self.starts.len() - 1];
            let i = self.starts.len() - 1;
            if known > row || i >= self.detail.items.len() {
                return known;
            }
            let rows = self.rows_of(a, i, theme);
            self.starts.push(known + rows);
        }
    }

    /// Lays out item `i` (if not yet) and returns its row count.
    fn rows_of(&mut self, a: &Analysis, i: usize, theme: &Theme) -> usize {
        if self.laid.get(i).is_some_and(Option::is_none) {
            let rows = lay_out(&self.detail.items[i], a, self.width, self.label_w, theme);
            self.laid[i] = Some(rows);
        }
        self.laid
            .get(i)
            .and_then(Option::as_ref)
            .map_or(0, Vec::len)
    }

    fn draw_pane(&mut self, f: &mut Frame, area: Rect, a: &Analysis, focused: bool, theme: &Theme) {
        self.add_namespace(a);
        let body = inner(area);
        let w = usize::from(body.width);
        let h = usize::from(body.height);
        self.height = h;
        if w != self.width {
            self.width = w;
            self.laid = vec![None; self.detail.items.len()];
            self.starts.clear();
        }
        // Laid out past the screen up to ROWS_COUNTED rows, so the title can say how many
        // rows there are (a frame still costs at most that many rows more, once per
        // selection: the rows are kept).
        let known = self.lay_out_to(a, self.scroll.saturating_add(h).max(ROWS_COUNTED), theme);
        if let Some(total) = self.total() {
            self.scroll = self.scroll.min(total.saturating_sub(h));
        } else {
            self.scroll = self.scroll.min(known.saturating_sub(1));
        }
        // The rows on screen: from the item holding row `scroll`.
        let first = self
            .starts
            .partition_point(|&s| s <= self.scroll)
            .saturating_sub(1);
        let mut lines: Vec<Line<'static>> = Vec::with_capacity(h);
        self.shown.clear();
        let mut skip = self.scroll - self.starts.get(first).copied().unwrap_or(0);
        for i in first..self.detail.items.len() {
            if lines.len() >= h {
                break;
            }
            self.rows_of(a, i, theme);
            if let Some(Some(rows)) = self.laid.get(i) {
                for r in rows.iter().skip(skip).take(h - lines.len()) {
                    lines.push(r.clone());
                    self.shown.push(i);
                }
            }
            skip = 0;
        }
        if self.detail.items.is_empty() {
            // Details follows the focused pane's selection; an empty pane (no diagnostics,
            // say) has none, which is said rather than left blank.
            for text in ["nothing selected:", "the focused pane is empty"]
                .into_iter()
                .take(h)
            {
                lines.push(Line::from(Span::styled(
                    fit(text, w).into_owned(),
                    theme.get(Slot::Dim),
                )));
            }
        }
        let position = match self.total() {
            Some(total) if total > h => format!(" · {}", super::rows_label(self.scroll, h, total)),
            Some(_) => String::new(),
            // Longer than what is counted: the same wording, the count a lower bound.
            None => format!(" · {}+", super::rows_label(self.scroll, h, known)),
        };
        // The position first (it says there is more), then what is shown; cut with `…`.
        let title = if self.detail.title.is_empty() {
            format!("Details{position}")
        } else {
            format!(
                "Details{position} · {}",
                safe_text::escape(&self.detail.title)
            )
        };
        let title = super::truncate(title.into(), usize::from(area.width).saturating_sub(4));
        f.render_widget(block(&*title, focused, theme), area);
        super::put_lines(f.buffer_mut(), body, &lines);
    }
}

/// The namespace layer's fields for the Details of a tree node (`detail.key.0 == 0`): on
/// the NID node, the registration (kind, date, reference, template) or "not registered
/// (snapshot of DATE)", and the namespace's verdict; on the NSS node, the namespace's
/// verdict beside the URN spec's. Empty for any other content, or when the layer did not
/// run.
fn namespace_items(detail: &Detail, a: &Analysis) -> Vec<Item> {
    use crate::engine::NodeKind;
    use crate::engine::namespaces::{Registration, snapshot};
    if a.namespace.is_none() {
        return scheme_items(detail, a);
    }
    let (Some(ns), (0, node, _)) = (&a.namespace, detail.key) else {
        return Vec::new();
    };
    let Some(n) = a.tree.get(node) else {
        return Vec::new();
    };
    let mut d = Detail::default();
    match n.kind() {
        NodeKind::Nid => {
            match ns.registration {
                Registration::Formal(e) | Registration::Informal(e) => {
                    d.field(
                        "registration",
                        format!("{} namespace", e.kind.name()),
                        Slot::Text,
                    );
                    d.field(
                        "registered",
                        e.date.unwrap_or("(no date in the registry)"),
                        Slot::Text,
                    );
                    d.field("reference", e.reference, Slot::Text);
                    if let Some(t) = e.template {
                        d.field("template", t, Slot::Text);
                    }
                }
                Registration::InformalUnlisted | Registration::Experimental => {
                    d.field("registration", ns.registration_words(), Slot::Text);
                }
                Registration::Unregistered => d.field(
                    "registration",
                    format!(
                        "not registered (snapshot of {})",
                        snapshot().registry_updated
                    ),
                    Slot::Text,
                ),
            }
            d.field("namespace", ns.verdict_words(), Slot::Text);
        }
        NodeKind::Nss if n.parent().is_some_and(|p| p.kind() != NodeKind::Nss) => {
            d.field("namespace", ns.verdict_words(), Slot::Text);
            if let Some(c) = &ns.canonical {
                d.field("namespace form", c.as_str(), Slot::Text);
            }
        }
        _ => {}
    }
    d.items
}

/// The URI scheme layer's fields for the Details of a tree node: on the scheme node, the
/// registration (status, date, reference, replacement) or "not registered (snapshot of
/// DATE)", and the scheme's verdict; on the top path node, the scheme's verdict and its
/// normal form. Empty for any other content, or when the layer did not run.
fn scheme_items(detail: &Detail, a: &Analysis) -> Vec<Item> {
    use crate::engine::NodeKind;
    let (Some(sa), (0, node, _)) = (&a.scheme_spec, detail.key) else {
        return Vec::new();
    };
    let Some(n) = a.tree.get(node) else {
        return Vec::new();
    };
    let mut d = Detail::default();
    match n.kind() {
        NodeKind::Scheme => {
            match sa.entry {
                Some(e) => {
                    d.field(
                        "registration",
                        format!("{} scheme", e.status.name()),
                        Slot::Text,
                    );
                    d.field(
                        "registered",
                        e.date.unwrap_or("(no date in the registry)"),
                        Slot::Text,
                    );
                    d.field("reference", e.reference, Slot::Text);
                    if let Some(r) = e.replaced_by {
                        let by = match e.replaced_by_spec {
                            Some(s) => format!("{r} ({s})"),
                            None => r.to_string(),
                        };
                        d.field("replaced by", by, Slot::Text);
                    }
                }
                None => d.field(
                    "registration",
                    format!(
                        "not registered (snapshot of {})",
                        crate::engine::schemes::snapshot().registry_updated
                    ),
                    Slot::Text,
                ),
            }
            d.field("scheme spec", sa.verdict_words(), Slot::Text);
        }
        NodeKind::Path if n.parent().is_some_and(|p| p.kind() != NodeKind::Path) => {
            d.field("scheme spec", sa.verdict_words(), Slot::Text);
            if let Some(c) = &sa.canonical {
                d.field("scheme form", c.as_str(), Slot::Text);
            }
        }
        _ => {}
    }
    d.items
}

/// True when what `detail` stands for belongs to highlight `h` (`spans` its bytes): a
/// node by the tree's rule, a normal form as the whole input (the tree's root), a
/// diagnostic by its code or span. Content that stands for no bytes (a ladder step, a
/// profile) is kept.
fn stands_kept(
    detail: &Detail,
    a: &Analysis,
    h: &crate::tui::highlight::Highlight,
    spans: &[std::ops::Range<usize>],
) -> bool {
    match detail.key {
        (0, node, _) => a.tree.get(node).is_none_or(|n| h.keeps_node(&n, spans)),
        (1, _, _) => {
            let root = a.tree.get(0).map(|n| n.kind());
            h.keeps_bytes(root, 0..a.input.len(), spans)
        }
        (2, i, forms) => diag(a, (forms == 1, i)).is_none_or(|d| h.keeps_diagnostic(d, spans)),
        _ => true,
    }
}

/// Rows laid out ahead of the screen, so the title can count them.
const ROWS_COUNTED: usize = 1000;

/// Width of the label column, at the least.
const LABEL_W: usize = 10;

/// Width of the label column, at the most (a longer label takes a row of its own).
const LABEL_MAX: usize = 16;

/// The rows of one item at `width` columns, field labels in a column `label_w` wide (at
/// most half the width).
fn lay_out(item: &Item, a: &Analysis, width: usize, label_w: usize, theme: &Theme) -> Rows {
    let label_col = label_w.min(width / 2).max(LABEL_W.min(width / 2));
    let dim = theme.get(Slot::Dim);
    let text = theme.get(Slot::Text);
    match item {
        Item::Blank => vec![Line::raw("")],
        Item::Heading(h) => wrap_words(h, width)
            .into_iter()
            .map(|r| Line::styled(r, theme.get(Slot::Header)))
            .collect(),
        Item::Field { label, value, slot } => {
            let value = safe_text::escape(value);
            let own_w = super::width(label) + 1;
            let style = field_style(*slot, theme);
            // A token (a code, a span, a fragment) that would be broken beside the label
            // but fits the row under it goes under it: tokens stay whole where they can.
            let longest = longest_token(&value);
            let under = longest > width.saturating_sub(label_col)
                && longest <= width.saturating_sub(INDENT);
            if own_w <= label_col && width > label_col + 8 && !under {
                // The value beside its label, continued under the value's column.
                // Broken after a space where the row has one (prose reads whole words);
                // no character is lost, so a value still reads exactly; a row that goes on
                // with a token cut by the row before says so in the label column.
                wrap_marked(&value, width - label_col)
                    .into_iter()
                    .enumerate()
                    .map(|(i, (r, goes_on))| {
                        let head = if i == 0 {
                            super::pad(label.as_str().into(), label_col).into_owned()
                        } else {
                            indent(label_col, goes_on)
                        };
                        Line::from(vec![Span::styled(head, dim), Span::styled(r, style)])
                    })
                    .collect()
            } else {
                // A long label (or a long token) on its own row, the value under it.
                let mut rows: Rows = wrap(label, width)
                    .into_iter()
                    .map(|r| Line::styled(r, dim))
                    .collect();
                let style = if under { style } else { text };
                rows.extend(indented(&value, width, style, dim));
                rows
            }
        }
        Item::Diag(r) => {
            let Some(d) = diag(a, *r) else {
                return Vec::new();
            };
            let (st, name) = theme.severity(d.severity);
            // Each separator ends the token before it, so a row never starts with one.
            let tokens = [
                name.to_string(),
                format!("{} ·", d.code),
                format!("{}..{} ·", d.span.start, d.span.end),
                safe_text::escape(d.spec).into_owned(),
            ];
            let mut rows: Rows = Vec::new();
            // Broken between tokens: a code, a span (`3..16`) or a citation
            // (`RFC 2141 §2.3.2`) stays whole; one longer than the row is cut with `…`.
            for (i, h) in token_rows(&tokens, width).into_iter().enumerate() {
                if i == 0 && h.len() >= name.len() && h.starts_with(name) {
                    let rest = h[name.len()..].to_string();
                    rows.push(Line::from(vec![
                        Span::styled(name, st),
                        Span::styled(rest, text),
                    ]));
                } else {
                    rows.push(Line::styled(h, text));
                }
            }
            let ex = Explanation::of(d, &a.input);
            let msg = safe_text::escape(&ex.message_with_repeats(&d.message)).into_owned();
            rows.extend(indented(&msg, width, text, dim));
            if let Some(e) = ex.grammar() {
                rows.extend(indented(&safe_text::escape(&e), width, dim, dim));
            }
            rows
        }
        Item::Line { text: t, slot } => {
            let style = theme.get(*slot);
            wrap(&safe_text::escape(t), width)
                .into_iter()
                .map(|r| Line::styled(r, style))
                .collect()
        }
        Item::Prose(t) => wrap_words(&safe_text::escape(t), width)
            .into_iter()
            .map(|r| Line::styled(r, dim))
            .collect(),
    }
}

fn field_style(slot: Slot, theme: &Theme) -> Style {
    theme.get(slot)
}

/// The indent of text under a label or a diagnostic's header.
const INDENT: usize = 2;

/// Marks a row that goes on with a token the row before cut (a token longer than the row):
/// drawn in the indent, dim, so the value's own characters stay exactly as they are.
pub const GOES_ON: &str = "↪";

/// The widest run of non-spaces of safe text `s`, in columns.
fn longest_token(s: &str) -> usize {
    s.split(' ').map(super::width).max().unwrap_or(0)
}

/// An indent `w` columns wide: blank, or ending with [`GOES_ON`] and a space when the row
/// goes on with a cut token.
fn indent(w: usize, goes_on: bool) -> String {
    if goes_on && w >= 2 {
        format!("{}{GOES_ON} ", " ".repeat(w - 2))
    } else {
        " ".repeat(w)
    }
}

/// Safe text `s` wrapped at spaces ([`wrap_words`]) into rows of at most `width` columns,
/// each with whether it goes on with a token the row before cut.
fn wrap_marked(s: &str, width: usize) -> Vec<(String, bool)> {
    let mut after_space = true;
    wrap_words(s, width)
        .into_iter()
        .map(|r| {
            let goes_on = !after_space && !r.starts_with(' ');
            after_space = r.ends_with(' ');
            (r, goes_on)
        })
        .collect()
}

/// Safe text `s` under a header: wrapped at `width` less the indent, each row indented,
/// the indent marked ([`GOES_ON`], in `mark`'s style) where a token was cut.
fn indented(s: &str, width: usize, style: Style, mark: Style) -> Rows {
    wrap_marked(s, width.saturating_sub(INDENT))
        .into_iter()
        .map(|(r, goes_on)| {
            Line::from(vec![
                Span::styled(indent(INDENT, goes_on), mark),
                Span::styled(r, style),
            ])
        })
        .collect()
}

/// `tokens` (safe text) set in rows of at most `width` columns, a space between two on a
/// row, never broken inside one: a token wider than the row is broken at its own spaces
/// (a citation's words), and a word wider than the row is cut with `…`.
fn token_rows(tokens: &[String], width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut words: Vec<String> = Vec::new();
    for t in tokens {
        if super::width(t) <= width {
            words.push(t.clone());
        } else {
            words.extend(
                t.split(' ')
                    .filter(|w| !w.is_empty())
                    .map(|w| super::truncate(w.into(), width).into_owned()),
            );
        }
    }
    let mut rows: Vec<String> = Vec::new();
    let mut cur = String::new();
    for w in words {
        if cur.is_empty() {
            cur = w;
        } else if super::width(&cur) + 1 + super::width(&w) <= width {
            cur.push(' ');
            cur.push_str(&w);
        } else {
            rows.push(std::mem::replace(&mut cur, w));
        }
    }
    rows.push(cur);
    rows
}

impl Pane for DetailsPane {
    fn feeds_details(&self) -> bool {
        false
    }

    fn context(&self) -> Context {
        Context::Details
    }

    fn scrolls(&self, action: Action) -> bool {
        match action {
            Action::Up => self.scroll > 0,
            Action::Down => self
                .total()
                .is_none_or(|total| self.scroll + self.height < total),
            _ => true,
        }
    }

    fn on_action(&mut self, action: Action, _a: &Doc<'_>) -> Effect {
        let page = isize::try_from(self.height.max(2) - 1).unwrap_or(10);
        let delta = list_delta(action, page);
        self.scroll = self.scroll.saturating_add_signed(delta);
        if let Some(total) = self.total() {
            self.scroll = self.scroll.min(total.saturating_sub(self.height));
        }
        Effect::None
    }

    fn on_click(&mut self, _area: Rect, _at: Position, _a: &Doc<'_>) -> Effect {
        Effect::None
    }

    fn on_wheel(&mut self, up: bool, a: &Doc<'_>) -> Effect {
        let step = if up { Action::Up } else { Action::Down };
        for _ in 0..3 {
            self.on_action(step, a);
        }
        Effect::None
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        self.draw_pane(f, area, a, focused, theme);
        // A presenter's highlight: the rows that stand for bytes outside it are dimmed, by
        // the tree's rule (the content's own fields by what it stands for, each diagnostic
        // by its own span or code).
        if let Some(h) = a.model.highlight() {
            let spans = h.spans(a);
            let own = stands_kept(&self.detail, a, h, &spans);
            let body = inner(area);
            for (j, &i) in self.shown.iter().enumerate() {
                let kept = match self.detail.items.get(i) {
                    Some(Item::Diag(r)) => {
                        diag(a, *r).is_none_or(|d| h.keeps_diagnostic(d, &spans))
                    }
                    _ => own,
                };
                if !kept && let Ok(dy) = u16::try_from(j) {
                    crate::tui::highlight::dim_row(f.buffer_mut(), body, body.y + dy, theme);
                }
            }
        }
    }

    fn copy(&self, _a: &Doc<'_>) -> Option<Copied> {
        // The value the selection stands for (the form's value, not the block of fields).
        if let Some(c) = &self.detail.copy {
            return Some(c.clone());
        }
        let mut text = String::new();
        for it in &self.detail.items {
            if let Item::Field { label, value, .. } = it {
                text.push_str(label);
                text.push(' ');
                text.push_str(value);
                text.push('\n');
            }
        }
        (!text.is_empty()).then(|| Copied {
            text,
            what: "the details".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields of the Details of node `rule` of `input`'s tree, as drawn.
    fn node_fields(input: &str, kind: crate::engine::NodeKind) -> Vec<(String, String)> {
        let a = crate::engine::analyze(input, &crate::engine::Options::full());
        let node = a.tree.find(kind).map_or(0, |n| n.index());
        let mut pane = DetailsPane::default();
        pane.show(super::super::tree::node_detail(&a, node));
        pane.add_namespace(&a);
        pane.detail()
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Field { label, value, .. } => Some((label.clone(), value.clone())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_nid_node_shows_its_registration() {
        use crate::engine::NodeKind;
        let f = node_fields("urn:isbn:0-395-36341-1", NodeKind::Nid);
        let get = |f: &[(String, String)], k: &str| {
            f.iter()
                .find(|(l, _)| l == k)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        assert_eq!(get(&f, "registration"), "formal namespace", "{f:?}");
        assert_eq!(get(&f, "reference"), "International ISBN Agency");
        assert_eq!(
            get(&f, "template"),
            "https://www.iana.org/assignments/urn-formal/isbn"
        );
        assert!(get(&f, "namespace").starts_with("valid by"), "{f:?}");
        // The node's own fields stay first.
        assert_eq!(f[0].0, "kind");
        let f = node_fields("urn:3gpp2:a", NodeKind::Nid);
        assert_eq!(get(&f, "registered"), "2018-06-19", "{f:?}");
        let f = node_fields("urn:foo:bar", NodeKind::Nid);
        assert_eq!(
            get(&f, "registration"),
            format!(
                "not registered (snapshot of {})",
                crate::engine::namespaces::snapshot().registry_updated
            )
        );
        // The NSS node: the namespace's verdict beside the URN's.
        let f = node_fields("urn:isbn:0-395-36341-2", NodeKind::Nss);
        assert!(get(&f, "namespace").starts_with("invalid by"), "{f:?}");
        // Not a URN: nothing added.
        let f = node_fields("http://a/", NodeKind::Host);
        assert!(
            f.iter()
                .all(|(l, _)| l != "namespace" && l != "registration")
        );
    }

    #[test]
    fn header_tokens_stay_whole() {
        let t = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let head = t(&[
            "warning",
            "reserved-unencoded ·",
            "13..14 ·",
            "RFC 2141 §2.3.2",
        ]);
        // A citation never splits while it fits a row.
        assert_eq!(
            token_rows(&head, 42),
            ["warning reserved-unencoded · 13..14 ·", "RFC 2141 §2.3.2"]
        );
        assert_eq!(
            token_rows(&head, 20),
            [
                "warning",
                "reserved-unencoded ·",
                "13..14 ·",
                "RFC 2141 §2.3.2"
            ]
        );
        // Wider than the row: broken at its own spaces, a word cut with `…`.
        assert_eq!(
            token_rows(&t(&["note", "a-very-long-code ·"]), 8),
            ["note", "a-very-…", "·"]
        );
        // A value's rows say which go on with a cut token.
        assert_eq!(
            wrap_marked("ab cdefgh", 4),
            [
                ("ab ".to_string(), false),
                ("cdef".to_string(), false),
                ("gh".to_string(), true)
            ]
        );
        assert_eq!(longest_token("ab cdefg h"), 5);
        assert_eq!(indent(4, true), format!("  {GOES_ON} "));
        assert_eq!(indent(4, false), "    ");
    }

    #[test]
    fn wrapping_keeps_every_character() {
        assert_eq!(wrap("abcdefg", 3), ["abc", "def", "g"]);
        assert_eq!(wrap("", 3), [""]);
        assert_eq!(wrap("漢字漢", 4), ["漢字", "漢"]);
        assert_eq!(wrap("a b", 2).concat(), "a b");
        assert_eq!(wrap_words("ab cd ef", 6), ["ab cd ", "ef"]);
        assert_eq!(wrap_words("abcdefgh ij", 4), ["abcd", "efgh", " ij"]);
        assert_eq!(wrap_words("", 4), [""]);
    }
}
