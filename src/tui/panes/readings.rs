//! The other reading, drawn beside the tree on request: where the grammar admits two parses
//! of part of the input and idbench takes the first, this shows the second
//! ([`crate::engine::readings`]): which productions the two readings use, the other
//! reading's subtree (spans into the same input), the spec text that decides between them
//! and a hint.
//!
//! The pane ([`ReadingPane`]) joins the `Tab` order while it is shown and scrolls: its rows
//! are the head, the whole subtree and the deciding quote. Only the rows shown are laid
//! out, so a reading over a megabyte costs what the screen shows.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use ratatui::layout::Position;

use super::{
    Copied, Doc, Effect, Pane, block, block_fit, fit, inner, list_delta, put_lines, truncate, width,
};
use crate::engine::Analysis;
use crate::engine::readings::Reading;
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// The reading to show when node `selected` of the first tree is selected: the innermost
/// reading whose span holds the node's span, else the innermost that the node's span holds
/// (a selected ancestor), else the first. `None` when the input has one reading.
pub fn reading_for(a: &Analysis, selected: usize) -> Option<usize> {
    if a.readings.is_empty() {
        return None;
    }
    let Some(span) = a.tree.get(selected).map(|n| n.span()) else {
        return Some(0);
    };
    let smallest = |it: &mut dyn Iterator<Item = (usize, &Reading)>| {
        it.min_by_key(|(_, r)| r.span.len()).map(|(i, _)| i)
    };
    smallest(
        &mut a
            .readings
            .iter()
            .enumerate()
            .filter(|(_, r)| r.span.encloses(span)),
    )
    .or_else(|| {
        smallest(
            &mut a
                .readings
                .iter()
                .enumerate()
                .filter(|(_, r)| span.encloses(r.span)),
        )
    })
    .or(Some(0))
}

/// Words of safe text (made safe here) wrapped to `w` columns.
fn wrap(text: &str, w: usize) -> Vec<String> {
    let fill = crate::text_layout::Fill {
        width: w.max(8),
        max_rows: usize::MAX,
        cut_long_words: false,
    };
    crate::text_layout::fill(&crate::safe_text::escape(text), fill)
}

/// The other reading as a pane of its own (`r` in the tree shows it beside the tree): it
/// joins the `Tab` order while shown, scrolls, and reads the reading for the tree's
/// selection.
#[derive(Clone, Debug, Default)]
pub struct ReadingPane {
    /// Shown beside the tree (`r` toggles it).
    pub shown: bool,
    /// The tree's selected node: the reading shown is the one for it.
    pub node: usize,
    /// The reading last drawn (a new one is read from its top).
    index: Option<usize>,
    /// The first row shown.
    scroll: usize,
    /// Rows the last frame had room for, and rows there were.
    height: usize,
    total: usize,
}

impl ReadingPane {
    /// Whether the pane is on screen for analysis `a`: asked for, and there is a reading.
    pub fn visible(&self, a: &Analysis) -> bool {
        self.shown && !a.readings.is_empty()
    }
}

impl Pane for ReadingPane {
    fn context(&self) -> Context {
        Context::Reading
    }

    fn feeds_details(&self) -> bool {
        false
    }

    fn on_action(&mut self, action: Action, _a: &Doc<'_>) -> Effect {
        if action == Action::OtherReading {
            self.shown = false;
            return Effect::Focus(super::Focus::Tree);
        }
        let page = isize::try_from(self.height.max(2) - 1).unwrap_or(10);
        self.scroll = self
            .scroll
            .saturating_add_signed(list_delta(action, page))
            .min(self.total.saturating_sub(self.height));
        Effect::None
    }

    fn on_click(&mut self, _area: Rect, _at: Position, _a: &Doc<'_>) -> Effect {
        Effect::None
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        let Some(i) = reading_for(a, self.node) else {
            f.render_widget(block("Other reading · none", focused, theme), area);
            return;
        };
        if self.index != Some(i) {
            self.index = Some(i);
            self.scroll = 0;
        }
        let shown = draw(f, area, a, i, self.scroll, focused, theme);
        self.scroll = shown.first;
        self.height = shown.height;
        self.total = shown.total;
    }

    fn copy(&self, a: &Doc<'_>) -> Option<Copied> {
        let i = reading_for(a, self.node)?;
        let r = a.readings.get(i)?;
        let mut text = head_text(r);
        text.push('\n');
        let root_depth = r.tree.root().depth();
        for n in r.tree.iter() {
            let depth = n.depth().saturating_sub(root_depth);
            text.push_str(&"  ".repeat(depth.min(64)));
            text.push_str(&format!(
                "{} {} {}\n",
                n.kind().name(),
                n.text(&a.input),
                n.rule()
            ));
        }
        text.push_str(&format!(
            "decided by {}:\n\"{}\"\nhint: {}\n",
            r.decided_by.section, r.decided_by.quote, r.hint
        ));
        Some(Copied {
            text,
            what: "the other reading".into(),
        })
    }
}

/// What a drawn reading showed: its first row, the rows the area had, the rows in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The first row shown (the scroll, kept within the rows).
    pub first: usize,
    /// The rows the area had room for.
    pub height: usize,
    /// The rows in all: the head, one per node of the other subtree, the deciding text.
    pub total: usize,
}

/// The reading's first line: where, which productions, which is valid.
fn head_text(r: &Reading) -> String {
    let validity = match (r.taken_valid, r.other_valid) {
        (true, true) => "both valid",
        (false, true) => "only the other is valid",
        (true, false) => "only the first is valid",
        (false, false) => "neither is valid",
    };
    format!(
        "bytes {}: idbench reads {}; the other reading is {} under {} ({validity})",
        r.span,
        r.taken_rule,
        r.other_rule,
        r.profile.name()
    )
}

/// Draws reading `index` of `a` into `area` (border included) from row `scroll`: the
/// productions and validity, the whole other subtree (a row `kind text rule` per node),
/// the spec text that decides and the hint. Only the rows shown are laid out (a subtree
/// over a megabyte costs the rows on screen); the title says which rows are shown.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    a: &Analysis,
    index: usize,
    scroll: usize,
    focused: bool,
    theme: &Theme,
) -> Shown {
    let body = inner(area);
    let w = usize::from(body.width);
    let h = usize::from(body.height);
    let Some(r) = a.readings.get(index) else {
        f.render_widget(block("Other reading · none", focused, theme), area);
        return Shown {
            first: 0,
            height: h,
            total: 0,
        };
    };
    let more = if a.readings_omitted > 0 {
        format!(" (+{} not recorded)", a.readings_omitted)
    } else {
        String::new()
    };
    let dim = theme.get(Slot::Dim);
    let text = theme.get(Slot::Text);
    let head: Vec<Line> = wrap(&head_text(r), w)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, text)))
        .collect();
    let mut foot: Vec<Line> = Vec::new();
    for l in wrap(&format!("decided by {}:", r.decided_by.section), w) {
        foot.push(Line::from(Span::styled(l, theme.get(Slot::Title))));
    }
    for l in wrap(&format!("\"{}\"", r.decided_by.quote), w) {
        foot.push(Line::from(Span::styled(l, text)));
    }
    for l in wrap(&format!("hint: {}", r.hint), w) {
        foot.push(Line::from(Span::styled(l, dim)));
    }
    let nodes = r.tree.len();
    let total = head.len() + nodes + foot.len();
    let first = scroll.min(total.saturating_sub(h));
    let position = if total > h && h > 0 {
        format!(
            " · {}",
            super::rows_label(first, h.min(total - first), total)
        )
    } else {
        String::new()
    };
    // The position first after the name (it says there is more), then the reading's kind.
    let title = format!(
        "Other reading {}/{}{more}{position} · {}",
        index + 1,
        a.readings.len(),
        r.kind.name()
    );
    f.render_widget(block_fit(&title, area, focused, theme), area);
    if w == 0 || h == 0 {
        return Shown {
            first,
            height: h,
            total,
        };
    }
    let input = a.input.as_str();
    let root_depth = r.tree.root().depth();
    let rule_w = (w / 3).max(1);
    let mut lines: Vec<Line> = Vec::with_capacity(h);
    for row in first..(first + h).min(total) {
        if row < head.len() {
            lines.push(head[row].clone());
            continue;
        }
        let k = row - head.len();
        if k >= nodes {
            break;
        }
        let Some(n) = r.tree.get(k) else {
            continue;
        };
        let depth = n.depth().saturating_sub(root_depth).min(w / 4);
        let indent = "  ".repeat(depth);
        let kind = n.kind().name();
        let rule = truncate(n.rule().into(), rule_w);
        let room = w.saturating_sub(width(&indent) + kind.len() + 1 + 1 + width(&rule));
        let mut spans = vec![
            Span::raw(indent),
            Span::styled(kind, theme.kind(n.kind())),
            Span::raw(" "),
        ];
        let t = fit(n.text(input), room).into_owned();
        let pad = room.saturating_sub(width(&t));
        spans.push(Span::styled(t, text));
        spans.push(Span::raw(" ".repeat(pad + 1)));
        spans.push(Span::styled(rule.into_owned(), dim));
        lines.push(Line::from(spans));
    }
    // The deciding text's rows shown (they follow the subtree).
    let foot_from = (head.len() + nodes).max(first);
    let foot_to = (first + h).min(total);
    let mut out = lines;
    if foot_to > foot_from {
        let skip = foot_from - head.len() - nodes;
        out.extend(foot.into_iter().skip(skip).take(foot_to - foot_from));
    }
    put_lines(f.buffer_mut(), body, &out);
    Shown {
        first,
        height: h,
        total,
    }
}
