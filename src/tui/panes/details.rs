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
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::diagnostics::severity_style;
use super::{Copied, Effect, Pane, block, fit, inner, list_delta, plural};
use crate::engine::explain::Explanation;
use crate::engine::{Analysis, Diagnostic, Span as ByteSpan, Status, pct, rules};
use crate::safe_text;
use crate::text_layout::{wrap_chars as wrap, wrap_words};
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// True when diagnostic span `d` touches node span `n` (an empty span counts when it sits
/// inside or at an edge of the node).
pub fn touches(d: ByteSpan, n: ByteSpan) -> bool {
    if d.is_empty() {
        d.start >= n.start && d.start <= n.end
    } else if n.is_empty() {
        n.start >= d.start && n.start < d.end
    } else {
        d.start < n.end && n.start < d.end
    }
}

/// A diagnostic of an analysis: `(from the forms?, index)`.
pub type DiagRef = (bool, usize);

fn diag(a: &Analysis, (forms, i): DiagRef) -> Option<&Diagnostic> {
    if forms {
        a.forms.as_ref().and_then(|f| f.diagnostics.get(i))
    } else {
        a.diagnostics.get(i)
    }
}

/// Every diagnostic (of the parse and of the forms) whose span touches `span`.
pub fn touching(a: &Analysis, span: ByteSpan) -> Vec<DiagRef> {
    let parse = (0..a.diagnostics.len()).map(|i| (false, i));
    let forms = (0..a.forms.as_ref().map_or(0, |f| f.diagnostics.len())).map(|i| (true, i));
    parse
        .chain(forms)
        .filter(|&r| diag(a, r).is_some_and(|d| touches(d.span, span)))
        .collect()
}

/// One item of the content.
#[derive(Clone, Debug)]
pub enum Item {
    /// `label  value`: the value is untrusted text, wrapped under the label.
    Field {
        /// The label (trusted).
        label: String,
        /// The value (untrusted: made safe when laid out).
        value: String,
        /// Its style.
        slot: Slot,
    },
    /// A heading line.
    Heading(String),
    /// An empty line.
    Blank,
    /// A diagnostic of the analysis: its header line, then its message wrapped, then what
    /// the grammar expected there.
    Diag(DiagRef),
    /// A line of the grammar reference (trusted), cut by character when it is too wide.
    Line {
        /// The text.
        text: String,
        /// Its style.
        slot: Slot,
    },
    /// Prose of the grammar reference (trusted), wrapped at spaces, dim.
    Prose(String),
}

/// What a pane shows in Details for its selection.
#[derive(Clone, Debug, Default)]
pub struct Detail {
    /// Tells selections apart: the content is rebuilt when it changes.
    pub key: (u8, usize, usize),
    /// The pane's title after `Details · `.
    pub title: String,
    /// The items, in order.
    pub items: Vec<Item>,
}

impl Detail {
    /// Adds a field.
    pub fn field(&mut self, label: impl Into<String>, value: impl Into<String>, slot: Slot) {
        self.items.push(Item::Field {
            label: label.into(),
            value: value.into(),
            slot,
        });
    }

    /// Adds `diagnostics here` and each of `diags` (nothing when there are none).
    pub fn diagnostics(&mut self, heading: &str, diags: Vec<DiagRef>) {
        if diags.is_empty() {
            return;
        }
        self.items.push(Item::Blank);
        self.items
            .push(Item::Heading(format!("{heading} · {}", diags.len())));
        self.items.extend(diags.into_iter().map(Item::Diag));
    }

    /// Adds the production `p` (as printed, our reading when it differs, its section) and,
    /// when it has several alternatives, each of them with the one that matched marked `▶`.
    pub fn production(&mut self, p: &rules::Production, matched: Option<&rules::Matched>) {
        self.items.push(Item::Blank);
        self.items
            .push(Item::Heading(format!("grammar · {}", p.citation())));
        let lines = |items: &mut Vec<Item>, text: &str| {
            items.extend(text.lines().map(|l| Item::Line {
                text: l.to_string(),
                slot: Slot::Text,
            }));
        };
        lines(&mut self.items, p.printed);
        if let Some(reading) = p.reading {
            self.items.push(Item::Heading("our reading".into()));
            lines(&mut self.items, reading);
        }
        if let Some(note) = p.note {
            self.items.push(Item::Prose(note.to_string()));
        }
        if p.alternatives.len() < 2 {
            return;
        }
        let how = match matched.map(|m| m.by) {
            Some(rules::MatchedBy::Children) => {
                "▶ matched: the first whose rules reach the children's"
            }
            Some(rules::MatchedBy::Text) => "▶ matched, told by the node's text",
            Some(rules::MatchedBy::Only) => "▶ the only one",
            None => "which one matched cannot be told",
        };
        self.items
            .push(Item::Heading(format!("alternatives · {how}")));
        for (i, alt) in p.alternatives.iter().enumerate() {
            let hit = matched.is_some_and(|m| m.alternative == i);
            self.items.push(Item::Line {
                text: format!("{} {alt}", if hit { "▶" } else { " " }),
                slot: if hit { Slot::Highlight } else { Slot::Dim },
            });
        }
    }

    /// Adds each profile's verdict on `a`, with the first error code of a rejecting one.
    pub fn profiles(&mut self, a: &Analysis) {
        if a.verdicts.is_empty() {
            return;
        }
        self.items.push(Item::Blank);
        self.items.push(Item::Heading("profiles".into()));
        for v in &a.verdicts {
            let (text, slot) = match v.status {
                Status::Valid => ("valid".to_string(), Slot::Valid),
                Status::Invalid(code) => (format!("invalid: {code}"), Slot::Invalid),
                Status::NotApplicable => ("does not apply".to_string(), Slot::NotApplicable),
            };
            let mark = if v.profile == a.profile {
                " (in use)"
            } else {
                ""
            };
            self.field(v.profile.name(), format!("{text}{mark}"), slot);
        }
    }
}

/// The Details of tree node `node` of `a`: kind, rule, span, text, decoded text,
/// attributes, the diagnostics touching it, the production of its rule (with the
/// alternative that matched marked), and every profile's verdict.
pub fn node_detail(a: &Analysis, node: usize) -> Detail {
    let mut d = Detail {
        key: (0, node, 0),
        title: "node".into(),
        items: Vec::new(),
    };
    let Some(n) = a.tree.get(node) else {
        return d;
    };
    let span = n.span();
    let raw = n.text(&a.input);
    d.title = n.kind().name().to_string();
    d.field("kind", n.kind().name(), Slot::Text);
    d.field(
        "rule",
        if n.rule().is_empty() { "—" } else { n.rule() },
        Slot::Text,
    );
    d.field(
        "span",
        format!(
            "{}..{} · {}",
            span.start,
            span.end,
            plural(span.len(), "byte")
        ),
        Slot::Text,
    );
    d.field(
        "text",
        if raw.is_empty() { "(empty)" } else { raw },
        Slot::Text,
    );
    if raw.contains('%') {
        d.field("decoded", pct::decode_lossy(raw), Slot::Text);
    }
    for at in n.attrs() {
        let v = if at.value.is_empty() {
            "(empty)".to_string()
        } else {
            at.value.to_string()
        };
        d.field(format!("{} =", at.key), v, Slot::Text);
    }
    d.diagnostics("diagnostics here", touching(a, span));
    // Looked up once per selection (Details is rebuilt only when the selection changes).
    if let Some((p, matched)) = rules::matched_alternative(a.profile, &n, &a.input) {
        d.production(p, matched.as_ref());
    }
    d.profiles(a);
    d
}

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
}

impl DetailsPane {
    /// Shows `detail` from its first row (the app calls this when the selection changes).
    pub fn show(&mut self, detail: Detail) {
        self.laid = vec![None; detail.items.len()];
        self.starts.clear();
        self.detail = detail;
        self.scroll = 0;
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
            let rows = lay_out(&self.detail.items[i], a, self.width, theme);
            self.laid[i] = Some(rows);
        }
        self.laid
            .get(i)
            .and_then(Option::as_ref)
            .map_or(0, Vec::len)
    }

    fn draw_pane(&mut self, f: &mut Frame, area: Rect, a: &Analysis, focused: bool, theme: &Theme) {
        let body = inner(area);
        let w = usize::from(body.width);
        let h = usize::from(body.height);
        self.height = h;
        if w != self.width {
            self.width = w;
            self.laid = vec![None; self.detail.items.len()];
            self.starts.clear();
        }
        let known = self.lay_out_to(a, self.scroll.saturating_add(h), theme);
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
        let mut skip = self.scroll - self.starts.get(first).copied().unwrap_or(0);
        for i in first..self.detail.items.len() {
            if lines.len() >= h {
                break;
            }
            self.rows_of(a, i, theme);
            if let Some(Some(rows)) = self.laid.get(i) {
                for r in rows.iter().skip(skip).take(h - lines.len()) {
                    lines.push(r.clone());
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
        let shown_end = self.scroll + lines.len();
        let position = match self.total() {
            Some(total) if total > h => {
                format!(" · rows {}–{shown_end} of {total}", self.scroll + 1)
            }
            Some(_) => String::new(),
            None => format!(" · rows {}–{shown_end}, more below", self.scroll + 1),
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

/// Width of the label column.
const LABEL_W: usize = 10;

/// The rows of one item at `width` columns.
fn lay_out(item: &Item, a: &Analysis, width: usize, theme: &Theme) -> Rows {
    let dim = theme.get(Slot::Dim);
    let text = theme.get(Slot::Text);
    match item {
        Item::Blank => vec![Line::raw("")],
        Item::Heading(h) => wrap(h, width)
            .into_iter()
            .map(|r| Line::styled(r, theme.get(Slot::Header)))
            .collect(),
        Item::Field { label, value, slot } => {
            let value = safe_text::escape(value);
            let label_w = super::width(label) + 1;
            if label_w <= LABEL_W && width > LABEL_W + 8 {
                // The value beside its label, continued under the value's column.
                let style = field_style(*slot, theme);
                let indent = " ".repeat(LABEL_W);
                // Broken after a space where the row has one (prose reads whole words);
                // no character is lost, so a value still reads exactly.
                wrap_words(&value, width - LABEL_W)
                    .into_iter()
                    .enumerate()
                    .map(|(i, r)| {
                        let head = if i == 0 {
                            super::pad(label.as_str().into(), LABEL_W).into_owned()
                        } else {
                            indent.clone()
                        };
                        Line::from(vec![Span::styled(head, dim), Span::styled(r, style)])
                    })
                    .collect()
            } else {
                // A long label on its own row, the value under it.
                let mut rows: Rows = wrap(label, width)
                    .into_iter()
                    .map(|r| Line::styled(r, dim))
                    .collect();
                rows.extend(
                    wrap_words(&value, width.saturating_sub(2))
                        .into_iter()
                        .map(|r| Line::from(vec![Span::raw("  "), Span::styled(r, text)])),
                );
                rows
            }
        }
        Item::Diag(r) => {
            let Some(d) = diag(a, *r) else {
                return Vec::new();
            };
            let (st, name) = severity_style(d.severity, theme);
            let head = format!(
                "{name} {} · {}..{} · {}",
                d.code, d.span.start, d.span.end, d.spec
            );
            let mut rows: Rows = Vec::new();
            for (i, h) in wrap(&head, width).into_iter().enumerate() {
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
            rows.extend(
                wrap_words(&msg, width.saturating_sub(2))
                    .into_iter()
                    .map(|r| Line::from(vec![Span::raw("  "), Span::styled(r, text)])),
            );
            if let Some(e) = ex.grammar() {
                rows.extend(
                    wrap_words(&safe_text::escape(&e), width.saturating_sub(2))
                        .into_iter()
                        .map(|r| Line::from(vec![Span::raw("  "), Span::styled(r, dim)])),
                );
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

impl Pane for DetailsPane {
    fn context(&self) -> Context {
        Context::Details
    }

    fn on_action(&mut self, action: Action, _a: &Analysis) -> Effect {
        let page = isize::try_from(self.height.max(2) - 1).unwrap_or(10);
        let delta = list_delta(action, page);
        self.scroll = self.scroll.saturating_add_signed(delta);
        if let Some(total) = self.total() {
            self.scroll = self.scroll.min(total.saturating_sub(self.height));
        }
        Effect::None
    }

    fn on_click(&mut self, _area: Rect, _y: u16, _a: &Analysis) -> Effect {
        Effect::None
    }

    fn on_wheel(&mut self, up: bool, a: &Analysis) -> Effect {
        let step = if up { Action::Up } else { Action::Down };
        for _ in 0..3 {
            self.on_action(step, a);
        }
        Effect::None
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Analysis, focused: bool, theme: &Theme) {
        self.draw_pane(f, area, a, focused, theme);
    }

    fn copy(&self, _a: &Analysis) -> Option<Copied> {
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

    #[test]
    fn touching_spans() {
        let n = ByteSpan::new(4, 8);
        assert!(touches(ByteSpan::new(7, 9), n));
        assert!(!touches(ByteSpan::new(8, 9), n));
        assert!(touches(ByteSpan::at(8), n));
        assert!(touches(ByteSpan::at(4), n));
        assert!(!touches(ByteSpan::at(9), n));
        assert!(touches(ByteSpan::new(0, 5), ByteSpan::at(4)));
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
