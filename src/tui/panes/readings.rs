//! The other reading, drawn beside the tree on request: where the grammar admits two parses
//! of part of the input and idbench takes the first, this shows the second
//! ([`crate::engine::readings`]): which productions the two readings use, the other
//! reading's subtree (spans into the same input), the spec text that decides between them
//! and a hint.
//!
//! Only what fits is laid out: the subtree's rows past the area's height are not visited,
//! so a reading over a megabyte costs what the screen shows.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{block, block_fit, fit, inner, put_lines, truncate, width};
use crate::engine::Analysis;
use crate::engine::readings::Reading;
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

/// Draws reading `index` of `a` into `area` (border included): its productions and
/// validity, the other subtree, the deciding text and the hint.
pub fn draw(f: &mut Frame, area: Rect, a: &Analysis, index: usize, theme: &Theme) {
    let Some(r) = a.readings.get(index) else {
        f.render_widget(block("Other reading · none", false, theme), area);
        return;
    };
    let more = if a.readings_omitted > 0 {
        format!(" (+{} not recorded)", a.readings_omitted)
    } else {
        String::new()
    };
    let title = format!(
        "Other reading {}/{}{more} · {}",
        index + 1,
        a.readings.len(),
        r.kind.name()
    );
    let body = inner(area);
    let w = usize::from(body.width);
    let h = usize::from(body.height);
    if w == 0 || h == 0 {
        return;
    }
    let dim = theme.get(Slot::Dim);
    let text = theme.get(Slot::Text);
    let validity = match (r.taken_valid, r.other_valid) {
        (true, true) => "both valid",
        (false, true) => "only the other is valid",
        (true, false) => "only the first is valid",
        (false, false) => "neither is valid",
    };
    // The head, the deciding text and the hint; the subtree gets the rows between.
    let mut head: Vec<Line> = Vec::new();
    for l in wrap(
        &format!(
            "bytes {}: idbench reads {}; the other reading is {} under {} ({validity})",
            r.span,
            r.taken_rule,
            r.other_rule,
            r.profile.name()
        ),
        w,
    ) {
        head.push(Line::from(Span::styled(l, text)));
    }
    let mut foot: Vec<Line> = Vec::new();
    for l in wrap(&format!("decided by {}:", r.decided_by.section), w) {
        foot.push(Line::from(Span::styled(l, theme.get(Slot::Title))));
    }
    for l in wrap(&format!("\"{}\"", r.decided_by.quote), w) {
        foot.push(Line::from(Span::styled(l, dim)));
    }
    for l in wrap(&format!("hint: {}", r.hint), w) {
        foot.push(Line::from(Span::styled(l, dim)));
    }
    // Keep at least a third of the rows for the subtree; the footer gives way first.
    let tree_rows_min = (h / 3).max(1);
    let head_n = head.len().min(h.saturating_sub(tree_rows_min));
    let foot_n = foot
        .len()
        .min(h.saturating_sub(head_n).saturating_sub(tree_rows_min));
    // No silent cuts: what does not fit says where to read it whole (the report has every
    // reading with its deciding text).
    let cut = head_n < head.len() || foot_n < foot.len();
    head.truncate(head_n);
    foot.truncate(foot_n);
    let mut title = title;
    if cut {
        const MORE: &str = "… Ctrl-S t copies it whole";
        match foot.last_mut() {
            Some(last) => *last = Line::from(Span::styled(truncate(MORE.into(), w), dim)),
            None => title.push_str(" · cut: Ctrl-S t copies it whole"),
        }
    }
    f.render_widget(block_fit(&title, area, false, theme), area);
    let tree_rows = h.saturating_sub(head_n + foot_n);
    let mut lines = head;
    let input = a.input.as_str();
    let root_depth = r.tree.root().depth();
    let total = r.tree.len();
    for (k, n) in r.tree.iter().enumerate().take(tree_rows) {
        if k + 1 == tree_rows && total > tree_rows {
            lines.push(Line::from(Span::styled(
                format!("… {} more nodes", total - k),
                dim,
            )));
            break;
        }
        let depth = n.depth().saturating_sub(root_depth).min(w / 4);
        let indent = "  ".repeat(depth);
        let kind = n.kind().name();
        let rule = format!("  {} {}", n.rule(), n.span());
        let room = w.saturating_sub(width(&indent) + kind.len() + 1 + width(&rule));
        let mut spans = vec![
            Span::raw(indent),
            Span::styled(kind, theme.kind(n.kind())),
            Span::raw(" "),
        ];
        if room >= 4 {
            spans.push(Span::styled(fit(n.text(input), room).into_owned(), text));
            spans.push(Span::styled(rule, dim));
        } else {
            let left = w.saturating_sub(width(&"  ".repeat(depth)) + kind.len() + 1);
            spans.push(Span::styled(fit(n.text(input), left).into_owned(), text));
        }
        lines.push(Line::from(spans));
    }
    lines.extend(foot);
    put_lines(f.buffer_mut(), body, &lines);
}
