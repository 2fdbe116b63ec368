//! Diff mode's trees (F6 toggles them with the ladder): both inputs' component trees, side by
//! side when the area is wide enough and one above the other otherwise, with the node of
//! the first difference marked `≠` in both (and selected after each comparison). Each tree
//! is the input's own tree pane ([`TreeView`]): focusable (Tab), scrolled by keys and the
//! wheel, its selection read whole in Details (`d`); this module places and decorates
//! them. A tree's other reading (`r`) is drawn beside it in its area, with its own frame
//! and title, and is the `Tab` stop after its tree.

use std::borrow::Cow;

use ratatui::Frame;
use ratatui::layout::Rect;

use super::tree::TreeView;
use super::{block, inner, truncate};
use crate::engine::equiv::Difference;
use crate::engine::{Analysis, Span};
use crate::tui::model::Model;
use crate::tui::theme::{Slot, Theme};

/// The node of `a` that the difference names: the node of that kind with that span, else
/// the deepest node at its start.
pub fn difference_node(a: &Analysis, kind: crate::engine::NodeKind, span: Span) -> usize {
    a.tree
        .iter()
        .rev()
        .find(|n| n.kind() == kind && n.span() == span)
        .map_or_else(|| a.tree.deepest_at(span.start).index(), |n| n.index())
}

/// Selects, in input `side`'s tree, the node the first difference names (done once per
/// comparison; the user moves the selection from there).
pub fn select_difference(a: &Analysis, view: &mut TreeView, side: usize, d: &Difference) {
    let span = if side == 0 { d.a } else { d.b };
    view.select(difference_node(a, d.kind, span));
}

/// Decorates both trees (A's and B's views), drawn by their panes at `rects`: `focused`
/// says which has the keyboard (the tree itself, not its other reading).
pub fn decorate_pair(
    f: &mut Frame,
    rects: [Rect; 2],
    m: &Model,
    views: [&TreeView; 2],
    focused: [bool; 2],
    theme: &Theme,
) {
    let difference = m.comparison().and_then(|c| c.verdict.difference.as_ref());
    for (k, rect) in rects.into_iter().enumerate() {
        let look = Look {
            side: k,
            focused: focused[k],
            difference,
        };
        // A tree sharing its area with its other reading (`r`) is decorated where it is
        // drawn: the reading keeps its own frame and title.
        let rect = views[k].tree_area().unwrap_or(rect);
        decorate(f, rect, m.analysis(k), views[k], look, theme);
    }
}

/// How one of the two trees is decorated.
#[derive(Clone, Copy, Debug)]
pub struct Look<'a> {
    /// 0 for A, 1 for B.
    pub side: usize,
    /// The tree has the keyboard.
    pub focused: bool,
    /// The comparison's first difference.
    pub difference: Option<&'a Difference>,
}

/// Draws over a tree drawn by its pane at `rect`: a frame naming the side, the node
/// count, the rows shown when they do not all fit, and the first difference; and `≠` in
/// the gutter of the difference's row (kept whatever is selected).
pub fn decorate(
    f: &mut Frame,
    rect: Rect,
    a: &Analysis,
    view: &TreeView,
    look: Look<'_>,
    theme: &Theme,
) {
    let body = inner(rect);
    let h = usize::from(body.height);
    let shown = view.visible();
    let first = view.list.offset;
    let mut title = format!("{} · {} nodes", ["A", "B"][look.side.min(1)], a.tree.len());
    // Under the lab profile: which parse the tree shows (the tree pane's shortest note).
    if let Some(n) = view.note.last() {
        title.push_str(&format!(" · {n}"));
    }
    if shown.len() > h && h > 0 {
        title.push_str(&format!(" · {}", super::rows_label(first, h, shown.len())));
    }
    if let Some(d) = look.difference {
        title.push_str(&format!(" · ≠ first difference: {}", d.kind.name()));
        let span = if look.side == 0 { d.a } else { d.b };
        let node = difference_node(a, d.kind, span);
        if let Ok(row) = shown.binary_search(&node)
            && row >= first
            && row < first + h
            && let Some(cell) = f
                .buffer_mut()
                .cell_mut((body.x, body.y + (row - first) as u16))
        {
            cell.set_char('≠').set_style(theme.get(Slot::Difference));
        }
    }
    let title: Cow<'_, str> = truncate(title.into(), usize::from(rect.width).saturating_sub(4));
    f.render_widget(block(&*title, look.focused, theme), rect);
}
