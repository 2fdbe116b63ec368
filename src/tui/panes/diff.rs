//! Diff mode: the equivalence ladder of two inputs (each rule, its spec, both sides after
//! it, equal or not), the verdict, and where the two part.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::{ListState, block, fit, inner, pad, untrusted};
use crate::engine::Profile;
use crate::engine::equiv::Verdict;
use crate::tui::theme::{Slot, Theme};

/// The comparison of the two inputs, computed once per change.
#[derive(Clone, Debug)]
pub struct DiffState {
    /// Under the chosen profile (or auto).
    pub verdict: Verdict,
    /// Per profile: equivalent or not, `None` where the profile does not apply to both.
    pub per_profile: Vec<(Profile, Option<bool>)>,
    /// The selected ladder step.
    pub list: ListState,
}

/// Rows above the ladder's steps: the verdict, the difference (two rows, wrapped), the
/// table's header.
const HEAD_ROWS: u16 = 4;

/// `A after the step`, or just `A` when the column is narrow.
fn side_header(side: &str, width: usize) -> String {
    if width >= 16 {
        format!("{side} after the step")
    } else {
        side.to_string()
    }
}

/// The step shown at screen row `y` of the pane at `area`.
pub fn step_at(d: &DiffState, area: Rect, y: u16) -> Option<usize> {
    let top = area.y + 1 + HEAD_ROWS;
    if y < top || y >= area.bottom().saturating_sub(3) {
        return None;
    }
    let i = d.list.offset + usize::from(y - top);
    (i < d.verdict.steps.len()).then_some(i)
}

/// Draws the ladder pane.
pub fn draw(f: &mut Frame, area: Rect, d: &mut DiffState, focused: bool, theme: &Theme) {
    let v = &d.verdict;
    let title = format!("Equivalence · under {}", v.profile.name());
    f.render_widget(block(&title, focused, theme), area);
    let body = inner(area);
    let w = usize::from(body.width);
    let text = theme.get(Slot::Text);
    let dim = theme.get(Slot::Dim);
    let mut head: Vec<Line<'_>> = Vec::with_capacity(2);
    head.push(if v.equivalent {
        Line::from(vec![
            Span::styled(
                "≡ equivalent",
                theme.get(Slot::Equal).add_modifier(Modifier::BOLD),
            ),
            Span::styled(format!(" under {}", v.profile.name()), dim),
        ])
    } else {
        Line::from(vec![
            Span::styled(
                "≢ not equivalent",
                theme.get(Slot::Unequal).add_modifier(Modifier::BOLD),
            ),
            Span::styled(format!(" under {}", v.profile.name()), dim),
        ])
    });
    head.push(match &v.difference {
        Some(diff) => Line::from(vec![
            Span::styled("first difference: ", dim),
            Span::styled(diff.kind.name(), theme.kind(diff.kind)),
            Span::styled(format!(" (A {}, B {}) ", diff.a, diff.b), dim),
            untrusted(&diff.reason, text),
        ]),
        None => Line::styled("no difference located", dim),
    });
    // Indented by one column, so the wrapped second row lines up with the first.
    let head_area = Rect {
        x: body.x + 1,
        width: body.width.saturating_sub(1),
        height: body.height.min(HEAD_ROWS - 1),
        ..body
    };
    f.render_widget(Paragraph::new(head).wrap(Wrap { trim: false }), head_area);
    let mut lines: Vec<Line<'_>> = Vec::with_capacity(usize::from(body.height));
    let name_w = v
        .steps
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, (w / 3).max(12));
    let spec_w = v
        .steps
        .iter()
        .map(|s| s.spec.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 26);
    let side_w = w.saturating_sub(1 + name_w + 2 + spec_w + 2 + 4 + 4) / 2;
    let header = theme.get(Slot::Header);
    lines.push(Line::from(vec![
        Span::raw(" "),
        Span::styled(pad("step".into(), name_w + 2), header),
        Span::styled(pad("spec".into(), spec_w + 2), header),
        Span::styled(pad(side_header("A", side_w).into(), side_w + 2), header),
        Span::styled(pad(side_header("B", side_w).into(), side_w + 2), header),
        Span::styled("=", header),
    ]));
    // The table: its header, the steps, and the selected step in full on the last two rows.
    let table_h = usize::from(body.height.saturating_sub(HEAD_ROWS - 1));
    let rows_h = table_h.saturating_sub(3);
    let first = d.list.scroll(v.steps.len(), rows_h);
    for (i, s) in v.steps.iter().enumerate().skip(first).take(rows_h) {
        let selected = focused && i == d.list.selected;
        let (eq, eq_style) = if s.equal {
            ("✓", theme.get(Slot::Equal))
        } else {
            ("✗", theme.get(Slot::Unequal))
        };
        let mut line = Line::from(vec![
            Span::styled(if selected { "▶" } else { " " }, theme.get(Slot::Focus)),
            Span::styled(pad(fit(&s.name, name_w), name_w + 2), text),
            Span::styled(pad(fit(s.spec, spec_w), spec_w + 2), dim),
            Span::styled(pad(fit(&s.a, side_w), side_w + 2), text),
            Span::styled(pad(fit(&s.b, side_w), side_w + 2), text),
            Span::styled(eq, eq_style),
        ]);
        if selected {
            line = line.patch_style(theme.get(Slot::Selection));
        }
        lines.push(line);
    }
    // The selected step in full, below the table.
    while lines.len() < table_h.saturating_sub(2) {
        lines.push(Line::raw(""));
    }
    if let Some(s) = v.steps.get(d.list.selected) {
        let room = w.saturating_sub(5);
        lines.push(Line::from(vec![
            Span::styled(" A  ", dim),
            Span::styled(fit(&s.a, room), text),
        ]));
        lines.push(Line::from(vec![
            Span::styled(" B  ", dim),
            Span::styled(fit(&s.b, room), text),
        ]));
    }
    let table = Rect {
        y: body.y + (HEAD_ROWS - 1).min(body.height),
        height: body.height.saturating_sub(HEAD_ROWS - 1),
        ..body
    };
    super::put_lines(f.buffer_mut(), table, &lines);
}
