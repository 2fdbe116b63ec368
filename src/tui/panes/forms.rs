//! The normal forms of the input, one row each, each copyable.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{ListState, block, fit, inner, pad};
use crate::engine::Analysis;
use crate::tui::theme::{Slot, Theme};

/// The rows of `a`'s forms: `(name, value)`.
pub fn rows(a: &Analysis) -> Vec<(&'static str, &str)> {
    a.forms.as_ref().map(|f| f.rows()).unwrap_or_default()
}

/// Draws the forms pane.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    a: &Analysis,
    list: &mut ListState,
    focused: bool,
    theme: &Theme,
) {
    let title = format!("Normal forms · {}", a.profile.name());
    f.render_widget(block(&title, focused, theme), area);
    let body = inner(area);
    let rows = rows(a);
    if rows.is_empty() {
        f.render_widget(
            Paragraph::new(Line::styled(" not computed", theme.get(Slot::Dim))),
            body,
        );
        return;
    }
    let h = usize::from(body.height);
    let first = list.scroll(rows.len(), h);
    let name_w = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0) + 2;
    let value_w = usize::from(body.width).saturating_sub(name_w + 1);
    let mut lines = Vec::with_capacity(h);
    for (i, (name, value)) in rows.iter().enumerate().skip(first).take(h) {
        let selected = focused && i == list.selected;
        let mut line = Line::from(vec![
            Span::styled(if selected { "▶" } else { " " }, theme.get(Slot::Focus)),
            Span::styled(pad((*name).into(), name_w), theme.get(Slot::Dim)),
            Span::styled(fit(value, value_w), theme.get(Slot::Text)),
        ]);
        if selected {
            line = line.patch_style(theme.get(Slot::Selection));
        }
        lines.push(line);
    }
    super::put_lines(f.buffer_mut(), body, &lines);
}
