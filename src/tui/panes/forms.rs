//! The normal forms of the input, one row each, each copyable.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::detail::Detail;
use super::{Copied, Doc, Effect, ListState, Pane, fit, inner, list_delta, pad, truncate};
use crate::engine::Analysis;
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// The rows of `a`'s forms: `(name, value)`.
pub fn rows(a: &Analysis) -> Vec<(&'static str, &str)> {
    a.forms.as_ref().map(|f| f.rows()).unwrap_or_default()
}

/// The forms pane: the selected row of the input's forms.
///
/// Unfocused, each form takes one row (its value cut with `…`); focused, each value is
/// shown whole, wrapped under itself, so a user walking the forms reads each without
/// another key. The title says which forms are shown when some are scrolled out of view.
#[derive(Clone, Debug, Default)]
pub struct FormsPane {
    /// Selection and scroll (in forms).
    pub list: ListState,
    /// The form drawn on each row of the body by the last frame (clicks select it).
    drawn: Vec<usize>,
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
        let inner_top = area.y + 1;
        let form =
            at.y.checked_sub(inner_top)
                .and_then(|y| self.drawn.get(usize::from(y)).copied());
        if let Some(i) = form.filter(|&i| i < rows(a).len()) {
            self.list.selected = i;
        }
        Effect::None
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        draw(f, area, a, self, focused, theme);
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

/// The rows of `value` (made safe) wrapped at `w` columns, at most `max` of them; the last
/// ends with `…` when the value goes on. Only the head of a long value is escaped and
/// wrapped: a frame costs the rows shown, not the value.
fn wrapped(value: &str, w: usize, max: usize) -> Vec<String> {
    let w = w.max(1);
    // Each character takes at least one column once escaped (combining marks aside: twice
    // the room leaves space for them).
    let take = w.saturating_mul(max).saturating_mul(2).saturating_add(4);
    let cut = value
        .char_indices()
        .nth(take)
        .map_or(value.len(), |(i, _)| i);
    let head = crate::safe_text::escape(&value[..cut]);
    let mut rows = crate::text_layout::wrap_chars(&head, w);
    if rows.len() > max || cut < value.len() {
        rows.truncate(max);
        if let Some(last) = rows.last_mut() {
            // The last row, cut to leave room for `…`.
            let kept = truncate(std::mem::take(last).into(), w.saturating_sub(1)).into_owned();
            let kept = kept.strip_suffix('…').map(str::to_string).unwrap_or(kept);
            *last = format!("{kept}…");
        }
    }
    rows
}

/// Draws the forms pane.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    a: &Analysis,
    pane: &mut FormsPane,
    focused: bool,
    theme: &Theme,
) {
    let body = inner(area);
    let rows = rows(a);
    pane.drawn.clear();
    if rows.is_empty() {
        let title = format!("Normal forms · {}", a.profile.name());
        f.render_widget(super::block_fit(&title, area, focused, theme), area);
        f.render_widget(
            Paragraph::new(Line::styled(" not computed", theme.get(Slot::Dim))),
            body,
        );
        return;
    }
    let h = usize::from(body.height);
    let name_w = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0) + 2;
    let value_w = usize::from(body.width).saturating_sub(name_w + 1);
    let list = &mut pane.list;
    // Each form's rows: one (cut) unfocused, its value whole (wrapped) focused; a value
    // longer than the pane shows what fits, ending with `…` (Details reads it whole).
    let laid = |i: usize| -> Vec<String> {
        let value = rows.get(i).map_or("", |r| r.1);
        if focused {
            wrapped(value, value_w, h.max(1))
        } else {
            vec![fit(value, value_w).into_owned()]
        }
    };
    list.clamp(rows.len());
    if list.selected < list.offset {
        list.offset = list.selected;
    }
    // From the first form shown, the selected one must fit whole (or start the pane).
    let mut first = list.offset.min(list.selected);
    let mut cache: Vec<(usize, Vec<String>)> = Vec::new();
    loop {
        let need: usize = (first..=list.selected)
            .map(|i| match cache.iter().find(|(k, _)| *k == i) {
                Some((_, r)) => r.len(),
                None => {
                    let r = laid(i);
                    let n = r.len();
                    cache.push((i, r));
                    n
                }
            })
            .sum();
        if need <= h || first >= list.selected {
            break;
        }
        first += 1;
    }
    list.offset = first;
    let mut lines = Vec::with_capacity(h);
    let mut last_shown = first;
    for i in first..rows.len() {
        if lines.len() >= h {
            break;
        }
        let (name, _) = rows[i];
        let value_rows = match cache.iter().position(|(k, _)| *k == i) {
            Some(p) => cache.swap_remove(p).1,
            None => laid(i),
        };
        // A form cut by the pane's bottom ends with `…`.
        let room = h - lines.len();
        let value_rows = if value_rows.len() > room {
            let value = rows.get(i).map_or("", |r| r.1);
            wrapped(value, value_w, room)
        } else {
            value_rows
        };
        let selected = focused && i == list.selected;
        for (k, r) in value_rows.into_iter().enumerate() {
            let head = if k == 0 { name } else { "" };
            let mark = if selected && k == 0 { "▶" } else { " " };
            let mut line = Line::from(vec![
                Span::styled(mark, theme.get(Slot::Focus)),
                Span::styled(pad(head.into(), name_w), theme.get(Slot::Dim)),
                Span::styled(pad(r.into(), value_w), theme.get(Slot::Text)),
            ]);
            if selected {
                line = super::select_line(line, theme.get(Slot::Selection));
            }
            lines.push(line);
            pane.drawn.push(i);
        }
        last_shown = i;
    }
    // Which forms are shown, when some are scrolled out of view: the title keeps the
    // position whole, shortening the rest first.
    let shown = last_shown + 1 - first;
    let profile = a.profile.name();
    let title = if shown < rows.len() {
        let position = super::position_label("forms", first, shown, rows.len());
        let room = usize::from(area.width).saturating_sub(4);
        [
            format!("Normal forms · {profile} · {position}"),
            format!("Forms · {profile} · {position}"),
        ]
        .into_iter()
        .find(|t| t.chars().count() <= room)
        .unwrap_or_else(|| format!("Forms · {position}"))
    } else {
        format!("Normal forms · {profile}")
    };
    f.render_widget(super::block_fit(&title, area, focused, theme), area);
    super::put_lines(f.buffer_mut(), body, &lines);
}
