//! Diff mode's trees (F6 toggles them with the ladder): both inputs' component trees, side by
//! side when the area is wide enough and one above the other otherwise, with the node of
//! the first difference selected and marked in both.

use std::borrow::Cow;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};

use super::block;
use super::tree::{self, TreeView};
use crate::engine::equiv::Difference;
use crate::engine::{Analysis, Span};
use crate::tui::theme::Theme;

/// Side by side from this width on (each tree then has at least 50 columns).
pub const SIDE_BY_SIDE_MIN: u16 = 100;

/// The node of `a` that the difference names: the node of that kind with that span, else
/// the deepest node at its start.
pub fn difference_node(a: &Analysis, kind: crate::engine::NodeKind, span: Span) -> usize {
    a.tree
        .iter()
        .rev()
        .find(|n| n.kind() == kind && n.span() == span)
        .map_or_else(|| a.tree.deepest_at(span.start).index(), |n| n.index())
}

/// Draws both trees into `area`. With a difference, each tree's selection moves to it.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    sides: [(&Analysis, &mut TreeView); 2],
    difference: Option<&Difference>,
    theme: &Theme,
) {
    let areas: [Rect; 2] = if area.width >= SIDE_BY_SIDE_MIN {
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area)
    } else {
        Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area)
    };
    for (k, ((a, view), rect)) in sides.into_iter().zip(areas).enumerate() {
        if let Some(d) = difference {
            let span = if k == 0 { d.a } else { d.b };
            view.select(difference_node(a, d.kind, span));
        }
        tree::draw(f, rect, a, view, false, theme);
        // The tree's own frame says "Tree"; this one names the side and the difference.
        let title: Cow<'_, str> = match difference {
            Some(d) => format!(
                "{} · {} nodes · ▶ first difference: {}",
                ["A", "B"][k],
                a.tree.len(),
                d.kind.name()
            )
            .into(),
            None => format!("{} · {} nodes", ["A", "B"][k], a.tree.len()).into(),
        };
        f.render_widget(block(&title, false, theme), rect);
    }
}
