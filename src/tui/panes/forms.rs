//! The normal forms of the input, one row each, each copyable.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::detail::Detail;
use super::{Copied, Doc, Effect, ListState, Pane, fit, inner, list_delta, pad};
use crate::engine::Analysis;
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// The rows of `a`'s forms: `(name, value)`.
pub fn rows(a: &Analysis) -> Vec<(&'static str, &str)> {
    a.forms.as_ref().map(|f| f.rows()).unwrap_or_default()
}

/// The forms pane: the selected row of the input's forms.
#[derive(Clone, Debug, Default)]
pub struct FormsPane {
    /// Selection and scroll.
    pub list: ListState,
}

impl Pane for FormsPane {
    fn context(&self) -> Context {
        Context::Forms
    }

    fn on_action(&mut self, action: Action, a: &Doc<'_>) -> Effect {
        self.list.step(list_delta(action, 10), rows(a).len());
        Effect::None
    }

    fn on_click(&mut self, area: Rect, at: Position, a: &Doc<'_>) -> Effect {
        let y = at.y;
        if let Some(i) = self.list.row_at(area, y, rows(a).len()) {
            self.list.selected = i;
        }
        Effect::None
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        draw(f, area, a, &mut self.list, focused, theme);
    }

    fn detail(&self, a: &Doc<'_>) -> Option<Detail> {
        let rows = rows(a);
        let (name, value) = rows.get(self.list.selected)?;
        let mut d = Detail {
            key: (1, self.list.selected, 0),
            title: format!("form {name}"),
            items: Vec::new(),
            copy: None,
        };
        d.field("form", *name, Slot::Text);
        d.field("profile", a.profile.name(), Slot::Text);
        d.field("length", super::plural(value.len(), "byte"), Slot::Text);
        d.field(
            "value",
            if value.is_empty() { "(empty)" } else { value },
            Slot::Text,
        );
        let all = a.forms.as_ref().map_or(0, |f| f.diagnostics.len());
        d.diagnostics(
            "diagnostics of the forms",
            (0..all).map(|i| (true, i)).collect(),
        );
        Some(d)
    }

    fn selected(&self) -> usize {
        self.list.selected
    }

    fn copy(&self, a: &Doc<'_>) -> Option<Copied> {
        let rows = rows(a);
        let (name, value) = rows.get(self.list.selected)?;
        Some(Copied {
            text: value.to_string(),
            what: format!("form {name}"),
        })
    }
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
    f.render_widget(super::block_fit(&title, area, focused, theme), area);
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
            line = super::select_line(line, theme.get(Slot::Selection));
        }
        lines.push(line);
    }
    super::put_lines(f.buffer_mut(), body, &lines);
}
