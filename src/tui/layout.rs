//! Where each pane goes: pure functions of the frame's area and the mode to rectangles.
//!
//! The app draws into what these return; the tests here check, per mode and size, that
//! no two panes overlap and that every pane lies inside the frame.

use ratatui::layout::{Constraint, Layout, Rect};

/// The largest area drawn, in columns and rows: a terminal larger than this either way
/// shows only a "terminal too large" message (in the same bounded area), whatever its
/// size. A frame's two buffers hold a cell (about 48 bytes) for each position drawn, so
/// the bound keeps them at about 100 MB together at most, where a 10000×10000 terminal
/// drawn whole would take 9 GB. Wider than an 8K screen in a 6-pixel font, taller than
/// it in a 4-pixel one.
pub const MAX_DRAWN: (u16, u16) = (1000, 1000);

/// True when a terminal of `width`×`height` is larger than [`MAX_DRAWN`] either way.
pub const fn too_large(width: u16, height: u16) -> bool {
    width > MAX_DRAWN.0 || height > MAX_DRAWN.1
}

/// The area drawn in a terminal of `width`×`height`: all of it up to [`MAX_DRAWN`], its
/// top left corner of that size beyond.
pub fn drawn_area(width: u16, height: u16) -> Rect {
    Rect::new(0, 0, width.min(MAX_DRAWN.0), height.min(MAX_DRAWN.1))
}

/// Diff mode's two trees (F6) share the ladder's room: side by side from this width on
/// (each tree then has at least 50 columns), else one above the other.
pub const SIDE_BY_SIDE_MIN: u16 = 100;

/// Where diff mode's two trees go in the ladder's room `area`: side by side when wide
/// enough, else stacked.
pub fn diff_trees(area: Rect) -> [Rect; 2] {
    if area.width >= SIDE_BY_SIDE_MIN {
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area)
    } else {
        Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area)
    }
}

/// The tree's area `area` shared with the other reading (`r`): side by side when the area
/// is at least 80 columns wide, else the reading below the tree.
pub fn tree_and_reading(area: Rect) -> [Rect; 2] {
    if area.width >= 80 {
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area)
    } else {
        Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area)
    }
}

/// The single-input layout (with or without the base line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Single {
    /// The base line (zero height when it is closed).
    pub base: Rect,
    /// The input line.
    pub input: Rect,
    /// The profile strip.
    pub strip: Rect,
    /// The tree and the right column together: Details' room when it has the focus.
    pub main: Rect,
    /// The component tree.
    pub tree: Rect,
    /// Details, or the resolution when the base line is open.
    pub details: Rect,
    /// The normal forms.
    pub forms: Rect,
    /// The diagnostics list.
    pub diags: Rect,
    /// The status line.
    pub status: Rect,
}

/// Diff mode's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diff {
    /// Input A.
    pub a: Rect,
    /// Input B.
    pub b: Rect,
    /// The profile strip.
    pub strip: Rect,
    /// The ladder, both trees (F6), or Details when it has the focus.
    pub ladder: Rect,
    /// The diagnostics list.
    pub diags: Rect,
    /// The status line.
    pub status: Rect,
}

/// The diagnostics list's height: its rows and borders, at least 3, at most a quarter of
/// the frame.
fn diags_height(area: Rect, n_diags: usize) -> u16 {
    let n = u16::try_from(n_diags).unwrap_or(u16::MAX);
    n.saturating_add(2).clamp(3, (area.height / 4).max(3))
}

/// The single-input layout of `area`, with the base line when `base`, for `n_diags`
/// diagnostics and `n_forms` normal forms.
pub fn single(area: Rect, base: bool, n_diags: usize, n_forms: usize) -> Single {
    let base_h = if base { 3 } else { 0 };
    let [base, input, strip, main, diags, status] = Layout::vertical([
        Constraint::Length(base_h),
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Min(5),
        Constraint::Length(diags_height(area, n_diags)),
        Constraint::Length(1),
    ])
    .areas(area);
    let [tree, right] =
        Layout::horizontal([Constraint::Percentage(56), Constraint::Percentage(44)]).areas(main);
    let n_forms = u16::try_from(n_forms).unwrap_or(u16::MAX);
    let forms_h = n_forms.saturating_add(2).min(right.height / 2).max(3);
    let [details, forms] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(forms_h)]).areas(right);
    Single {
        base,
        input,
        strip,
        main,
        tree,
        details,
        forms,
        diags,
        status,
    }
}

/// Diff mode's layout of `area`, for `n_diags` diagnostics in the list.
pub fn diff(area: Rect, n_diags: usize) -> Diff {
    let [a, b, strip, ladder, diags, status] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Min(6),
        Constraint::Length(diags_height(area, n_diags)),
        Constraint::Length(1),
    ])
    .areas(area);
    Diff {
        a,
        b,
        strip,
        ladder,
        diags,
        status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (200, 60)];
    /// Few, some, and more diagnostics (or forms) than the frame has rows.
    const COUNTS: [usize; 4] = [0, 3, 12, 100_000];

    /// Every pane inside the frame and non-empty, and no two overlapping.
    fn check(what: &str, area: Rect, panes: &[(&str, Rect)]) {
        for (name, r) in panes {
            assert!(
                r.width > 0 && r.height > 0,
                "{what}: {name} is empty: {r:?}"
            );
            assert_eq!(area.intersection(*r), *r, "{what}: {name} outside {area:?}");
        }
        for (i, (n1, r1)) in panes.iter().enumerate() {
            for (n2, r2) in &panes[i + 1..] {
                assert!(
                    !r1.intersects(*r2),
                    "{what}: {n1} {r1:?} overlaps {n2} {r2:?}"
                );
            }
        }
    }

    fn single_panes(l: &Single, base: bool) -> Vec<(&'static str, Rect)> {
        let mut v = vec![
            ("input", l.input),
            ("strip", l.strip),
            ("tree", l.tree),
            ("details", l.details),
            ("forms", l.forms),
            ("diags", l.diags),
            ("status", l.status),
        ];
        if base {
            v.push(("base", l.base));
        }
        v
    }

    #[test]
    fn single_input_panes_fit_without_overlap() {
        for (w, h) in SIZES {
            let area = Rect::new(0, 0, w, h);
            for n in COUNTS {
                let l = single(area, false, n, n);
                let what = format!("{w}x{h}, {n} rows");
                check(&what, area, &single_panes(&l, false));
                assert_eq!(l.base.height, 0, "{what}");
                // Details focused takes the tree's and the forms' room: with the rest.
                let focused = [
                    ("input", l.input),
                    ("strip", l.strip),
                    ("main", l.main),
                    ("diags", l.diags),
                    ("status", l.status),
                ];
                check(&format!("{what}, Details"), area, &focused);
                assert_eq!(l.main, l.tree.union(l.details).union(l.forms), "{what}");
                // The tree keeps at least 5 rows; the status line is the last row.
                assert!(l.tree.height >= 5, "{what}: {l:?}");
                assert_eq!(l.status.y, h - 1, "{what}");
            }
        }
    }

    #[test]
    fn base_line_panes_fit_without_overlap() {
        for (w, h) in SIZES {
            let area = Rect::new(0, 0, w, h);
            for n in COUNTS {
                let l = single(area, true, n, n);
                let what = format!("{w}x{h} with base, {n} rows");
                check(&what, area, &single_panes(&l, true));
                assert_eq!(l.base.height, 3, "{what}");
                assert!(l.tree.height >= 5, "{what}: {l:?}");
            }
        }
    }

    #[test]
    fn diff_mode_panes_fit_without_overlap() {
        for (w, h) in SIZES {
            let area = Rect::new(0, 0, w, h);
            for n in COUNTS {
                let l = diff(area, n);
                let what = format!("{w}x{h} diff, {n} diagnostics");
                let rest = [
                    ("a", l.a),
                    ("b", l.b),
                    ("strip", l.strip),
                    ("diags", l.diags),
                    ("status", l.status),
                ];
                let mut ladder = rest.to_vec();
                ladder.push(("ladder", l.ladder));
                check(&what, area, &ladder);
                assert!(l.ladder.height >= 6, "{what}: {l:?}");
                // F6: both trees share the ladder's room.
                let [ta, tb] = diff_trees(l.ladder);
                let mut trees = rest.to_vec();
                trees.extend([("tree A", ta), ("tree B", tb)]);
                check(&format!("{what}, trees"), area, &trees);
                assert_eq!(ta.union(tb), l.ladder, "{what}");
            }
        }
    }
}
