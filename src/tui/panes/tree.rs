//! The component tree: one row per node (kind, text, rule, attributes), cross-references
//! collapsible, the selection tied to the input's highlight.

use std::fmt::Write as _;

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};

use super::selection::{Detail, touching};
use super::{Copied, Doc, Effect, ListState, Pane, fit, inner, list_delta, pad, plural, width};
use crate::engine::{Analysis, NodeKind, pct, rules};
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// One node's row, prepared once per analysis.
#[derive(Clone, Debug)]
pub struct Row {
    /// The node's preorder index.
    pub node: usize,
    /// One past its last descendant.
    pub end: usize,
    /// True when a later sibling follows it (its guide is `├`, else `└`).
    pub has_next: bool,
    /// True for a cross-reference with children (it can be collapsed).
    pub foldable: bool,
}

/// The tree's rows, what is collapsed, and the selection.
#[derive(Clone, Debug, Default)]
pub struct TreeView {
    rows: Vec<Row>,
    collapsed: Vec<bool>,
    /// Indices (into `rows`, which are node indices) of the rows shown.
    visible: Vec<usize>,
    /// The selected node.
    pub selected: usize,
    /// Scroll state (the selection within `visible`).
    pub list: ListState,
    /// The other reading (`r`), a pane of its own beside the tree when the input has one.
    pub reading: super::readings::ReadingPane,
    /// When the app does not place the other reading (diff mode's trees), the tree draws
    /// it in its own area; this is where the tree itself was last drawn then (clicks there
    /// select; a click on the other reading gives it the keyboard).
    tree_area: Option<Rect>,
    /// The app places the other reading as a pane of its own (set by the app each frame).
    pub reading_apart: bool,
    /// Where the tree draws the other reading in its own area (diff mode), the reading has
    /// the keyboard: it is in the `Tab` order after its tree, and scrolls (the app sets it).
    pub reading_focused: bool,
    /// What the title says beside the node count (the lab profile's parse count), longest
    /// first: the title takes the longest that leaves the node count room.
    pub note: Vec<String>,
    /// The widest kind name at each depth, over every node: the kind column is sized for
    /// the whole tree, so the layout does not change when rows scroll or fold.
    kind_by_depth: Vec<usize>,
    /// The widest rule name over every node.
    rule_width: usize,
}

impl TreeView {
    /// Dims the rows drawn in `area` whose node does not belong to a presenter's highlight
    /// ([`crate::tui::highlight`]), as the model holds it.
    fn dim_rows(&self, buf: &mut ratatui::buffer::Buffer, area: Rect, a: &Doc<'_>, theme: &Theme) {
        let Some(h) = a.model.highlight() else {
            return;
        };
        let spans = h.spans(a.analysis);
        let body = inner(area);
        let shown = self
            .visible
            .iter()
            .skip(self.list.offset)
            .take(usize::from(body.height));
        for (j, &i) in shown.enumerate() {
            if let Some(n) = a.tree.get(i)
                && !h.keeps_node(&n, &spans)
            {
                crate::tui::highlight::dim_row(buf, body, body.y + j as u16, theme);
            }
        }
    }
}

impl TreeView {
    /// Prepares the rows of `analysis.tree`.
    pub fn new(analysis: &Analysis) -> TreeView {
        let tree = &analysis.tree;
        let mut rows: Vec<Row> = Vec::with_capacity(tree.len());
        // One past each node's last descendant, in one backward pass: in preorder a node's
        // descendants all come after it.
        let mut ends: Vec<usize> = (1..=tree.len()).collect();
        for n in tree.iter().rev() {
            if let Some(p) = n.parent() {
                let e = ends[n.index()];
                if ends[p.index()] < e {
                    ends[p.index()] = e;
                }
            }
        }
        // Guides (`│ ├ └`) are not stored: a row's guide has one column per ancestor, so
        // storing them costs nodes × depth. Each row keeps whether a later sibling follows
        // it, and `draw` builds the guides of the rows on screen only.
        for n in tree.iter() {
            let end = ends[n.index()];
            let has_next = n.parent().is_some_and(|p| end < ends[p.index()]);
            // The attributes are written out by `draw`, for the rows on screen only: done
            // here, formatting them cost more than the analysis on big inputs.
            rows.push(Row {
                node: n.index(),
                end,
                has_next,
                foldable: n.kind() == NodeKind::Xref && !n.is_leaf(),
            });
        }
        let mut kind_by_depth: Vec<usize> = Vec::new();
        let mut rule_width = 0;
        for n in tree.iter() {
            let d = n.depth();
            if kind_by_depth.len() <= d {
                kind_by_depth.resize(d + 1, 0);
            }
            kind_by_depth[d] = kind_by_depth[d].max(n.kind().name().len());
            // A name's width is at most its length in bytes (a character is one byte a
            // column or three bytes for two), so only a longer name can widen the column:
            // the width is measured for those alone, not for every node.
            let rule = rule_name(n.rule());
            if rule.len() > rule_width {
                rule_width = rule_width.max(width(rule));
            }
        }
        let mut t = TreeView {
            collapsed: vec![false; rows.len()],
            rows,
            kind_by_depth,
            rule_width,
            ..TreeView::default()
        };
        t.refresh_visible();
        t
    }

    fn refresh_visible(&mut self) {
        self.visible.clear();
        let mut i = 0;
        while i < self.rows.len() {
            self.visible.push(i);
            i = if self.collapsed[i] {
                self.rows[i].end
            } else {
                i + 1
            };
        }
        // A selection hidden by a fold moves to the outermost fold hiding it (which is shown).
        let sel = self.selected.min(self.rows.len().saturating_sub(1));
        let sel = (0..sel)
            .find(|&i| self.collapsed[i] && self.rows[i].end > sel)
            .unwrap_or(sel);
        self.select(sel);
    }

    /// The rows shown, as node indices.
    pub fn visible(&self) -> &[usize] {
        &self.visible
    }

    /// Selects node `node` (unfolding what hides it).
    pub fn select(&mut self, node: usize) {
        let node = node.min(self.rows.len().saturating_sub(1));
        let hidden_by: Vec<usize> = (0..node)
            .filter(|&i| self.collapsed[i] && self.rows[i].end > node)
            .collect();
        if !hidden_by.is_empty() {
            for i in hidden_by {
                self.collapsed[i] = false;
            }
            self.selected = node;
            self.refresh_visible();
            return;
        }
        self.selected = node;
        self.list.selected = self.visible.binary_search(&node).unwrap_or(0);
    }

    /// Moves the selection by `delta` shown rows.
    pub fn step(&mut self, delta: isize) {
        self.list.step(delta, self.visible.len());
        self.selected = self.visible.get(self.list.selected).copied().unwrap_or(0);
    }

    /// Folds (`Some(true)`), unfolds (`Some(false)`) or toggles (`None`) the selected
    /// cross-reference. Returns false when the selected row cannot fold.
    pub fn fold(&mut self, how: Option<bool>) -> bool {
        let i = self.selected;
        if !self.rows.get(i).is_some_and(|r| r.foldable) {
            return false;
        }
        self.collapsed[i] = how.unwrap_or(!self.collapsed[i]);
        self.refresh_visible();
        true
    }

    /// True when the selected row can fold (a cross-reference): `fold` would act.
    pub fn can_fold(&self) -> bool {
        self.rows.get(self.selected).is_some_and(|r| r.foldable)
    }

    /// True when node `i` is folded.
    pub fn is_collapsed(&self, i: usize) -> bool {
        self.collapsed.get(i).copied().unwrap_or(false)
    }

    /// The columns of the tree's rows in a body `w` wide: the guides, fold mark and kind
    /// (a trailing space included), and the rule, sized for every node of the tree (not
    /// the rows on screen), so the columns stay put when rows scroll or fold. A row's
    /// guides take at most `1 + 2 * keep` columns ([`guides`] drops the leading ones of
    /// deep rows).
    fn columns(&self, w: usize) -> (usize, usize) {
        let keep = guide_levels(w);
        let kind = self
            .kind_by_depth
            .iter()
            .enumerate()
            .map(|(d, k)| {
                let guide = if d > keep && w >= 4 {
                    1 + 2 * keep
                } else {
                    2 * d
                };
                guide + 1 + k + 1
            })
            .max()
            .unwrap_or(0)
            .min(w / 2);
        let rule = self.rule_width.min(w / 3);
        (kind, rule)
    }

    /// The node shown at screen row `y` of the pane at `area`.
    pub fn node_at(&self, area: Rect, y: u16) -> Option<usize> {
        super::row_at(&self.list, area, y, self.visible.len())
            .and_then(|i| self.visible.get(i).copied())
    }
}

impl TreeView {
    /// Whether the tree draws its other reading in its own area (diff mode, `r`): the
    /// reading is then a stop of its own in the `Tab` order.
    pub fn reading_inside(&self, a: &Analysis) -> bool {
        !self.reading_apart && self.reading.visible(a)
    }

    /// Where the tree itself was last drawn, when it shared its area with the other
    /// reading (the decorations of diff mode go on the tree, not on the reading).
    pub fn tree_area(&self) -> Option<Rect> {
        self.tree_area
    }

    /// The keys of the other reading drawn in the tree's area while it has the keyboard.
    fn reading_action(&mut self, action: Action, a: &Doc<'_>) -> Effect {
        match action {
            Action::OtherReading => {
                self.reading.shown = false;
                self.reading_focused = false;
                Effect::Say("other reading hidden".into())
            }
            _ => match self.reading.on_action(action, a) {
                // Back to its tree, which is this pane.
                Effect::Focus(_) => Effect::None,
                e => e,
            },
        }
    }
}

impl Pane for TreeView {
    fn context(&self) -> Context {
        if self.reading_focused && self.reading.shown && !self.reading_apart {
            Context::Reading
        } else {
            Context::Tree
        }
    }

    fn on_action(&mut self, action: Action, a: &Doc<'_>) -> Effect {
        if self.reading_focused && self.reading_inside(a) {
            return self.reading_action(action, a);
        }
        match action {
            Action::Collapse => {
                let sel = self.selected;
                let folded = self.is_collapsed(sel);
                if (folded || !self.fold(Some(true)))
                    && let Some(p) = a.tree.get(sel).and_then(|n| n.parent())
                {
                    self.select(p.index());
                }
            }
            Action::Expand => {
                self.fold(Some(false));
            }
            Action::Toggle => {
                if !self.fold(None) {
                    // Under the lab profile, Enter folds the tree to its rules (or
                    // unfolds it to every repetition and literal).
                    if a.model
                        .side_of(a.analysis)
                        .is_some_and(|side| a.model.lab_parses(side).is_some())
                    {
                        return Effect::LabFold;
                    }
                    return Effect::Say("only cross-references fold".into());
                }
            }
            // Under the lab profile, `r` steps through the grammar's parses.
            Action::OtherReading
                if a.model
                    .side_of(a.analysis)
                    .is_some_and(|side| a.model.lab_parses(side).is_some()) =>
            {
                return Effect::NextParse;
            }
            Action::OtherReading => {
                if self.reading.shown {
                    self.reading.shown = false;
                    return Effect::Say("other reading hidden".into());
                }
                if a.readings.is_empty() {
                    return Effect::Say(
                        "one reading: the grammar admits no other parse of this input".into(),
                    );
                }
                self.reading.shown = true;
                return Effect::Say(format!(
                    "other reading shown ({} in all): Tab reads it, select a node for its own",
                    a.readings.len()
                ));
            }
            _ => self.step(list_delta(action, 10)),
        }
        Effect::None
    }

    fn on_click(&mut self, area: Rect, at: Position, _a: &Doc<'_>) -> Effect {
        let y = at.y;
        let area = match self.tree_area {
            // A click on the other reading gives it the keyboard.
            Some(t) if !t.contains(at) => {
                self.reading_focused = true;
                return Effect::None;
            }
            Some(t) => t,
            None => area,
        };
        self.reading_focused = false;
        if let Some(n) = self.node_at(area, y) {
            self.select(n);
        }
        Effect::None
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        // While the grammar lab parses a new text off the keystroke path, the tree is the
        // previous text's (or the root alone): the title says so and the rows are dimmed.
        let side = a.model.tree_side_of(a.analysis);
        let pending = side.is_some_and(|s| a.model.tree_pending(s));
        // Under the lab profile, the title counts the parses and says which one is shown.
        self.note = match a.lab.as_ref().and_then(|l| l.parse.as_ref()) {
            _ if pending => vec![
                "parsing… (the previous text's tree)".into(),
                "parsing… (previous text)".into(),
                "parsing…".into(),
            ],
            Some(p) => {
                let count = crate::engine::abnf::lab::count_phrase(p.count);
                if p.valid && p.trees.len() > 1 {
                    let k = side.map_or(0, |s| a.model.lab_parse(s));
                    let (k, n) = (k + 1, p.trees.len());
                    vec![
                        format!("{count} · tree {k}/{n} (r: next)"),
                        format!("{count} · tree {k}/{n}"),
                        format!("{count} · {k}/{n}"),
                        format!("parse {k}/{n}"),
                    ]
                } else {
                    vec![count]
                }
            }
            // An ambiguous input says so before `r` is pressed.
            None if !a.readings.is_empty() && !self.reading.shown => {
                let n = a.readings.len();
                vec![
                    format!("{} (r)", plural(n, "other reading")),
                    "ambiguous (r)".into(),
                ]
            }
            None => Vec::new(),
        };
        if a.model.lab_fold() && a.lab.is_some() && !pending {
            self.note = self.note.iter().map(|n| format!("{n} · folded")).collect();
        }
        let area = lab_problems(f, area, a, theme);
        self.reading.node = self.selected;
        // The other reading, on request, beside the tree (below it when narrow), when the
        // app does not place it.
        if self.reading.shown
            && !self.reading_apart
            && super::readings::reading_for(a, self.selected).is_some()
        {
            let (tree, other) = if area.width >= 80 {
                let half = area.width / 2;
                (
                    Rect {
                        width: half,
                        ..area
                    },
                    Rect {
                        x: area.x + half,
                        width: area.width - half,
                        ..area
                    },
                )
            } else {
                let half = area.height / 2;
                (
                    Rect {
                        height: half,
                        ..area
                    },
                    Rect {
                        y: area.y + half,
                        height: area.height - half,
                        ..area
                    },
                )
            };
            self.tree_area = Some(tree);
            let reading_focused = self.reading_focused;
            draw(f, tree, a, self, focused && !reading_focused, theme);
            self.dim_rows(f.buffer_mut(), tree, a, theme);
            // The reading pane itself: it keeps its scroll and its title.
            self.reading
                .draw(f, other, a, focused && reading_focused, theme);
            return;
        }
        self.reading_focused = false;
        self.tree_area = None;
        draw(f, area, a, self, focused, theme);
        self.dim_rows(f.buffer_mut(), area, a, theme);
        if pending {
            let body = inner(area);
            for y in body.top()..body.bottom() {
                crate::tui::highlight::dim_row(f.buffer_mut(), body, y, theme);
            }
        }
    }

    fn detail_in_diff_mode(&self) -> bool {
        true
    }

    fn detail(&self, a: &Doc<'_>) -> Option<Detail> {
        let mut d = node_detail(a, self.selected);
        // The node of the previous text's tree, while the lab parses the new one.
        if a.model
            .tree_side_of(a.analysis)
            .is_some_and(|s| a.model.tree_pending(s))
        {
            d.title = format!("{} · previous text", d.title);
        }
        Some(d)
    }

    fn selected(&self) -> usize {
        self.selected
    }

    fn copy(&self, a: &Doc<'_>) -> Option<Copied> {
        if self.reading_focused && self.reading_inside(a) {
            return self.reading.copy(a);
        }
        let n = a.tree.get(self.selected)?;
        Some(Copied {
            text: n.text(&a.input).to_string(),
            what: format!("the {} text", n.kind().name()),
        })
    }
}

/// The guides (`│ ├ └`) of the rows `shown` (consecutive shown rows, in preorder), each
/// cut to `max_w` columns. Costs the depth of the first row once, then the columns drawn:
/// the ancestors of each row are the previous row's, cut to its depth, plus the previous
/// row when it is the parent.
fn guides(a: &Analysis, view: &TreeView, shown: &[usize], max_w: usize) -> Vec<String> {
    let mut out = Vec::with_capacity(shown.len());
    let Some(&first) = shown.first() else {
        return out;
    };
    // `open[d]`: whether the ancestor at depth d + 1 has a later sibling (depth 0, the
    // root, draws no column).
    let mut open: Vec<bool> = Vec::new();
    let mut chain: Vec<usize> = Vec::new();
    let mut p = a.tree.get(first).and_then(|n| n.parent());
    while let Some(n) = p {
        chain.push(n.index());
        p = n.parent();
    }
    chain.reverse();
    for &i in chain.iter().skip(1) {
        open.push(view.rows.get(i).is_some_and(|r| r.has_next));
    }
    // Deep rows would fill the row with guides and leave no room for the node: the window
    // drops the same leading columns from every row on screen (so the guides still line up)
    // until the deepest row's guides take at most a third of the width, and marks the cut
    // with "…". The kind column is sized for that width ([`TreeView::columns`]), so the
    // text and rule columns stay put when deep rows scroll into view.
    let keep = guide_levels(max_w);
    let deepest = shown
        .iter()
        .filter_map(|&i| a.tree.get(i))
        .map(|n| n.depth())
        .max()
        .unwrap_or(0);
    // (A pane too narrow for any text, under 4 columns, keeps the plain cut.)
    let shift = if max_w >= 4 {
        deepest.saturating_sub(keep)
    } else {
        0
    };
    let mut prev: Option<(usize, usize)> = None;
    for &i in shown {
        let Some(n) = a.tree.get(i) else {
            out.push(String::new());
            continue;
        };
        let depth = n.depth();
        if let Some((pi, pdepth)) = prev {
            // The previous row is an ancestor (its parent) or shares ancestors.
            if depth > pdepth {
                if pdepth > 0 {
                    open.push(view.rows.get(pi).is_some_and(|r| r.has_next));
                }
            } else {
                open.truncate(depth.saturating_sub(1));
            }
        }
        let mut g = String::new();
        if shift > 0 {
            g.push('…');
        }
        if depth > 0 {
            let cols = max_w / 2 + 1;
            for &o in open.iter().skip(shift).take(cols) {
                g.push_str(if o { "│ " } else { "  " });
            }
            if open.len() >= shift && open.len() - shift < cols {
                let next = view.rows.get(i).is_some_and(|r| r.has_next);
                g.push_str(if next { "├ " } else { "└ " });
            }
        }
        out.push(g);
        prev = Some((i, depth));
    }
    out
}

/// How many levels of guides a row keeps in a body `max_w` wide (a third of the width).
fn guide_levels(max_w: usize) -> usize {
    (max_w / 6).max(1)
}

/// The node's `key=value` attributes, made safe, as its row shows them.
fn attrs_text(n: crate::engine::Node<'_>) -> String {
    let mut attrs = String::new();
    for a in n.attrs() {
        if !attrs.is_empty() {
            attrs.push(' ');
        }
        if a.value.is_empty() {
            let _ = write!(attrs, "{}=(empty)", a.key);
        } else {
            let _ = write!(attrs, "{}={}", a.key, crate::safe_text::escape(&a.value));
        }
    }
    attrs
}

/// A head of `text` that draws as `text` would in `cols` columns, and its escaped width
/// (the whole text's when that is at most `cols`): a long text costs the columns shown.
fn head_and_width(text: &str, cols: usize) -> (&str, usize) {
    // Each character takes at least one column once escaped, except combining marks; twice
    // the columns leaves room for them, and a head that is still too narrow falls back to
    // the whole text.
    let take = cols.saturating_mul(2).saturating_add(4);
    let cut = text.char_indices().nth(take).map_or(text.len(), |(i, _)| i);
    let head = &text[..cut];
    let w = width(&crate::safe_text::escape(head));
    if cut == text.len() || w > cols {
        (head, w)
    } else {
        (text, width(&crate::safe_text::escape(text)))
    }
}

/// Draws the tree pane.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    analysis: &Analysis,
    view: &mut TreeView,
    focused: bool,
    theme: &Theme,
) {
    let body = inner(area);
    let h = usize::from(body.height);
    let w = usize::from(body.width);
    let first = view.list.scroll(view.visible.len(), h);
    let shown = &view.visible[first..(first + h).min(view.visible.len())];
    // The scroll position goes in the border, never in a row.
    let position = if view.visible.len() > h && h > 0 {
        format!(
            " · {}",
            super::rows_label(first, shown.len(), view.visible.len())
        )
    } else {
        String::new()
    };
    // The longest note that leaves the node count and the position whole (block_fit cuts
    // from the end); when no title holds the note (the lab's parse) with the position, the
    // position goes to the bottom border.
    let nodes = format!("{} nodes", analysis.tree.len());
    let with_position = super::first_fitting(
        view.note
            .iter()
            .map(|n| format!("Tree · {n} · {nodes}{position}")),
        area,
    );
    let below = || position.trim_start_matches(" · ").to_string();
    let (title, below) = match (with_position, view.note.last()) {
        (Some(t), _) => (t, None),
        // Without a note: the node count goes before the position is cut, and the position
        // goes to the bottom border when even `Tree · rows a–b of n` does not fit.
        (None, None) => super::first_fitting(
            [
                format!("Tree · {nodes}{position}"),
                format!("Tree{position}"),
            ],
            area,
        )
        .map_or_else(|| (format!("Tree · {nodes}"), Some(below())), |t| (t, None)),
        (None, Some(_)) => {
            let t = super::first_fitting(
                view.note.iter().map(|n| format!("Tree · {n} · {nodes}")),
                area,
            )
            .unwrap_or_else(|| format!("Tree · {nodes}"));
            (t, Some(below()))
        }
    };
    let mut frame = super::block_fit(&title, area, focused, theme);
    if let Some(p) = below.filter(|p| !p.is_empty()) {
        frame = frame.title_bottom(Line::from(format!(" {p} ")).right_aligned());
    }
    f.render_widget(frame, area);
    let input = analysis.input.as_str();
    let guides = guides(analysis, view, shown, w);
    // Columns: the selection mark, guides + fold mark + kind, the text (and, when the pane
    // is wide, the attributes), and the rule last: every row ends with its rule, or with
    // `…` where the rule is cut. The columns are sized for the whole tree.
    let (kind_w, rule_w) = view.columns(w);
    let text_w = w.saturating_sub(1 + kind_w + 1 + rule_w);
    let dim = theme.get(Slot::Dim);
    let mut lines = Vec::with_capacity(shown.len());
    for (&i, guide) in shown.iter().zip(&guides) {
        let (Some(n), Some(row)) = (analysis.tree.get(i), view.rows.get(i)) else {
            continue;
        };
        let selected = i == view.selected;
        let fold = if !row.foldable {
            " "
        } else if view.collapsed[i] {
            "▸"
        } else {
            "▾"
        };
        let mut spans = Vec::with_capacity(8);
        spans.push(Span::styled(
            if selected { "▶" } else { " " },
            theme.get(Slot::Focus),
        ));
        let guide = truncate_guide(guide, kind_w);
        let gw = width(guide);
        spans.push(Span::styled(guide, dim));
        if gw < kind_w {
            spans.push(Span::styled(fold, dim));
        }
        // The kind, cut with `…` when the column is too narrow, and a space before the text.
        let kw = kind_w.saturating_sub(gw + 1);
        if kw > 0 {
            let kind = pad(super::truncate(n.kind().name().into(), kw - 1), kw - 1);
            spans.push(Span::styled(kind, theme.kind(n.kind())));
            spans.push(Span::raw(" "));
        }
        // The rule, right-aligned: the row ends with it. The text starts at the same column
        // on every row and runs up to the rule (into the rule column where the rule is
        // short).
        let rule = super::truncate(rule_name(n.rule()).into(), rule_w);
        let room = text_w + rule_w - width(&rule);
        // Only the head of a long text can show: its width decides as the whole's would
        // (widths only grow), so a frame escapes a few columns per row, not the input.
        let full = n.text(input);
        let (text, tw) = head_and_width(full, room);
        // The attributes follow the text when the pane is wide and they fit whole; at 80
        // columns they are read in Details.
        let attrs = if w >= WIDE_TREE {
            attrs_text(n)
        } else {
            String::new()
        };
        let aw = width(&attrs);
        if aw > 0 && tw + 2 + aw <= room {
            spans.push(Span::styled(fit(text, room), theme.get(Slot::Text)));
            spans.push(Span::raw("  "));
            spans.push(Span::styled(pad(attrs.into(), room - tw - 2), dim));
        } else {
            spans.push(Span::styled(
                pad(fit(text, room), room),
                theme.get(Slot::Text),
            ));
        }
        if rule_w > 0 {
            spans.push(Span::raw(" "));
            spans.push(Span::styled(rule, dim));
        }
        let mut line = Line::from(spans);
        if selected {
            line = super::select_line(line, theme.get(Slot::Selection));
        }
        lines.push(line);
    }
    super::put_lines(f.buffer_mut(), body, &lines);
}

/// From this body width on, rows show the nodes' attributes after their text (narrower, at
/// 80 columns, they are read in Details).
const WIDE_TREE: usize = 60;

/// What the rule column says for a node's rule (`—` for a node no rule names).
fn rule_name(rule: &str) -> &str {
    if rule.is_empty() { "—" } else { rule }
}

/// Under the lab profile, while its grammar file does not load: the file's errors, one a
/// row (`line:column error[code]: message`, syntax errors first), in a box above the tree
/// (at most half the pane); the rest of `area` is the tree's, returned.
fn lab_problems(f: &mut Frame, area: Rect, a: &Doc<'_>, theme: &Theme) -> Rect {
    let problems = a.model.lab_problems();
    if problems.is_empty()
        || a.lab.is_none()
        || a.model.side_of(a.analysis).is_none()
        || area.height < 8
    {
        return area;
    }
    // Each error wrapped to the box's width (escaped text: one column a character), so
    // that it can be read whole; the box takes at most half the pane.
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    let mut lines: Vec<Line<'_>> = Vec::new();
    let rest = width.saturating_sub(2).max(1);
    'all: for p in problems {
        let chars: Vec<char> = p.chars().collect();
        let mut at = 0;
        while at < chars.len() {
            if lines.len() >= usize::from(area.height) {
                break 'all;
            }
            // Continuation rows are indented by two, so each error's start stands out.
            let (indent, room) = if at == 0 { ("", width) } else { ("  ", rest) };
            let end = (at + room).min(chars.len());
            let mut text = String::from(indent);
            text.extend(&chars[at..end]);
            lines.push(Line::styled(text, theme.get(Slot::Error)));
            at = end;
        }
    }
    let rows = (lines.len() as u16).saturating_add(2).min(area.height / 2);
    let top = Rect {
        height: rows,
        ..area
    };
    let title = format!(
        "Grammar errors · {} · the last good grammar is in use",
        problems.len()
    );
    f.render_widget(super::block_fit(&title, top, false, theme), top);
    super::put_lines(f.buffer_mut(), inner(top), &lines);
    Rect {
        y: area.y + rows,
        height: area.height - rows,
        ..area
    }
}

/// A row's guides cut to the kind column's `cols` (guides are ASCII-wide box characters,
/// one column each).
fn truncate_guide(g: &str, cols: usize) -> &str {
    match g.char_indices().nth(cols) {
        Some((i, _)) => &g[..i],
        None => g,
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
        copy: None,
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
    // Under the lab profile: the rule's production, as the grammar file writes it.
    if let Some(p) = a.lab.as_ref().and_then(|l| l.lab.production(n.rule())) {
        let lines: Vec<&str> = p.lines().map(str::trim).collect();
        d.field("production", lines.join("  "), Slot::Text);
    }
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
    // Where the grammar admits another parse, the node says so (`r` shows it).
    for r in a
        .readings
        .iter()
        .filter(|r| r.span.encloses(span) || span.encloses(r.span))
    {
        d.field(
            "reading",
            format!(
                "another reading: {} under {} (r shows it)",
                r.other_rule,
                r.profile.name()
            ),
            Slot::Text,
        );
    }
    d.diagnostics("diagnostics here", touching(a, span));
    // Looked up once per selection (Details is rebuilt only when the selection changes).
    if let Some((p, matched)) = rules::matched_alternative(a.profile, &n, &a.input) {
        d.production(p, matched.as_ref());
    }
    d.profiles(a);
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tree::Builder;
    use crate::engine::{Options, Span as ByteSpan, analyze};

    fn xri_like() -> Analysis {
        // xri ( a  xref( b ) c )
        let input = "a(b)c";
        let mut b = Builder::new(input);
        b.start(NodeKind::Xri, "xri", 0);
        b.leaf(NodeKind::Subsegment, "s", 0, 1);
        b.start(NodeKind::Xref, "xref", 1);
        b.leaf(NodeKind::Segment, "seg", 2, 3);
        b.finish(4);
        b.leaf(NodeKind::Subsegment, "s", 4, 5);
        b.finish(5);
        let (tree, diagnostics) = b.build();
        let mut a = analyze(input, &Options::full());
        a.tree = tree;
        a.diagnostics = diagnostics;
        a
    }

    #[test]
    fn guides_and_folding() {
        let a = xri_like();
        let mut t = TreeView::new(&a);
        let all: Vec<usize> = (0..5).collect();
        assert_eq!(guides(&a, &t, &all, 80), ["", "├ ", "├ ", "│ └ ", "└ "]);
        // From a window that starts deep, and cut to the width.
        assert_eq!(guides(&a, &t, &all[3..], 80), ["│ └ ", "└ "]);
        assert_eq!(guides(&a, &t, &all[3..], 0), ["│ ", "└ "]);
        // Deeper than a quarter of the width: every row drops the same leading columns,
        // marked "…", so the deepest row's guides take at most a third of it.
        assert_eq!(guides(&a, &t, &all, 4), ["…", "…", "…", "…└ ", "…"][..]);
        assert_eq!(t.visible(), [0, 1, 2, 3, 4]);
        t.select(3);
        t.select(2);
        assert!(t.fold(Some(true)));
        assert_eq!(t.visible(), [0, 1, 2, 4]);
        // Selecting a hidden node unfolds it.
        t.select(3);
        assert_eq!(t.visible(), [0, 1, 2, 3, 4]);
        assert_eq!(t.list.selected, 3);
        t.select(0);
        assert!(!t.fold(None), "the root is no cross-reference");
        assert_eq!(a.tree.deepest_at(2).span(), ByteSpan::new(2, 3));
    }

    /// The rows and column widths equal each computed on its own from the nodes (a node's
    /// end from its descendants, its siblings from its parent's end), nested 60 deep too.
    #[test]
    fn rows_and_widths_match_the_nodes() {
        let inputs = [
            "xri://@a*(+b*(=c/(d))*e)/f?g#h".to_string(),
            format!("xri://@a{}{}", "*(=b".repeat(60), ")".repeat(60)),
            "http://example.com/a/b?c#d".to_string(),
        ];
        for input in &inputs {
            let a = analyze(input, &Options::full());
            let t = TreeView::new(&a);
            assert_eq!(t.rows.len(), a.tree.len());
            let mut kinds: Vec<usize> = Vec::new();
            let mut rule_width = 0;
            for n in a.tree.iter() {
                let row = &t.rows[n.index()];
                let end = n.index() + 1 + n.descendants().count();
                assert_eq!((row.node, row.end), (n.index(), end), "{input}");
                let parent_end = n.parent().map(|p| p.index() + 1 + p.descendants().count());
                assert_eq!(row.has_next, parent_end.is_some_and(|e| end < e), "{input}");
                assert_eq!(row.foldable, n.kind() == NodeKind::Xref && !n.is_leaf());
                if kinds.len() <= n.depth() {
                    kinds.resize(n.depth() + 1, 0);
                }
                kinds[n.depth()] = kinds[n.depth()].max(n.kind().name().len());
                rule_width = rule_width.max(width(rule_name(n.rule())));
            }
            assert_eq!(t.kind_by_depth, kinds, "{input}");
            assert_eq!(t.rule_width, rule_width, "{input}");
        }
    }
}
