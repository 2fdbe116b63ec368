//! The normal forms of the input, one row each, each copyable.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::selection::Detail;
use super::{Copied, Doc, Effect, ListState, Pane, fit, inner, list_delta, pad};
use crate::engine::Analysis;
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// The rows of `a`'s forms: `(name, value)`.
pub fn rows(a: &Analysis) -> Vec<(&'static str, &str)> {
    a.forms.as_ref().map(|f| f.rows()).unwrap_or_default()
}

/// The forms pane: the selected row of the input's forms.
///
/// Unfocused, each form takes one row (its value cut with `…`). Focused, each form's name
/// takes a row and its value the rows under it, whole, wrapped at the pane's full width,
/// so a user walking the forms reads each without another key; the pane then scrolls by
/// rows (Down goes on through a long value before it moves to the next form), so the
/// last row of any value can be reached. The title says which forms are shown when some
/// rows are out of view, in one format focused or not (`forms 2–4 of 5`).
#[derive(Clone, Debug, Default)]
pub struct FormsPane {
    /// Selection (in forms) and, unfocused, scroll (in forms, one row each).
    pub list: ListState,
    /// The form drawn on each row of the body by the last frame (clicks select it).
    drawn: Vec<usize>,
    /// Focused: the first row shown.
    top: usize,
    /// Focused: the first row of each form, then the total (from the last focused frame;
    /// empty after an unfocused one).
    starts: Vec<usize>,
    /// Focused: the body's height in the last frame.
    page: usize,
    /// Focused: each form's value rows, laid out once per value and width.
    laid: Vec<Laid>,
    /// Focused: the form selected when the pane was last scrolled to it.
    revealed: Option<usize>,
}

/// One form's value as last laid out (focused).
#[derive(Clone, Debug, Default)]
struct Laid {
    /// The value it was laid out from (compared, not re-laid, on the next frame).
    value: String,
    /// The width it was wrapped at.
    width: usize,
    /// Its rows.
    rows: Vec<String>,
}

/// The indent of a value under its form's name (focused).
const INDENT: usize = 2;

impl FormsPane {
    /// The form holding row `row` (focused).
    fn form_at(&self, row: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= row)
            .saturating_sub(1)
            .min(self.starts.len().saturating_sub(2))
    }

    /// Scrolls (focused) so form `i` is in view: whole when it fits, else from its name
    /// (moving down) or up to its last row (moving up, read upwards).
    fn reveal(&mut self, i: usize, down: bool) {
        let (Some(&s), Some(&e)) = (self.starts.get(i), self.starts.get(i + 1)) else {
            return;
        };
        let h = self.page.max(1);
        if down {
            if e > self.top + h {
                self.top = s.min(e - h);
            }
            if s < self.top {
                self.top = s;
            }
        } else if s < self.top {
            self.top = if e - s <= h { s } else { e - h };
        } else if s >= self.top + h {
            self.top = s.min(e.saturating_sub(h));
        }
    }

    /// A move of `delta` (focused, laid out): one row through a long value, else one form;
    /// a page (or the first, the last) scrolls by rows and selects the form there.
    fn step_rows(&mut self, delta: isize, n: usize) {
        let h = self.page.max(1);
        let total = self.starts[n];
        let sel = self.list.selected.min(n - 1);
        let (s, e) = (self.starts[sel], self.starts[sel + 1]);
        match delta {
            0 => {}
            1 => {
                if e > self.top + h {
                    self.top += 1;
                } else if sel + 1 < n {
                    self.list.selected = sel + 1;
                    self.reveal(sel + 1, true);
                    self.revealed = Some(sel + 1);
                }
            }
            -1 => {
                if s < self.top {
                    self.top -= 1;
                } else if sel > 0 {
                    self.list.selected = sel - 1;
                    self.reveal(sel - 1, false);
                    self.revealed = Some(sel - 1);
                }
            }
            d => {
                let max_top = total.saturating_sub(h);
                self.top = self.top.saturating_add_signed(d).min(max_top);
                if d > 0 {
                    // At the bottom, a page (or End) selects the last form.
                    let at = if self.top == max_top {
                        n - 1
                    } else {
                        self.form_at(self.top)
                    };
                    self.list.selected = sel.max(at);
                } else {
                    let at = if self.top == 0 {
                        0
                    } else {
                        self.form_at((self.top + h - 1).min(total.saturating_sub(1)))
                    };
                    self.list.selected = sel.min(at);
                }
                self.revealed = Some(self.list.selected);
            }
        }
    }
}

impl Pane for FormsPane {
    fn context(&self) -> Context {
        Context::Forms
    }

    fn on_action(&mut self, action: Action, a: &Doc<'_>) -> Effect {
        let n = rows(a).len();
        if n == 0 || self.starts.len() != n + 1 {
            self.list.step(list_delta(action, 10), n);
        } else {
            let page = isize::try_from(self.page.saturating_sub(1).max(1)).unwrap_or(10);
            self.step_rows(list_delta(action, page), n);
        }
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
        // A presenter's highlight: a form stands for the whole input (the tree's root),
        // dimmed by the tree's rule when the highlight is a part of it.
        if let Some(h) = a.model.highlight()
            && !rows(a).is_empty()
        {
            let spans = h.spans(a);
            let root = a.tree.get(0).map(|n| n.kind());
            if !h.keeps_bytes(root, 0..a.input.len(), &spans) {
                let body = inner(area);
                for y in body.top()..body.bottom() {
                    crate::tui::highlight::dim_row(f.buffer_mut(), body, y, theme);
                }
            }
        }
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

/// The rows of `value` (made safe) wrapped at `w` columns, every character kept.
fn wrapped(value: &str, w: usize) -> Vec<String> {
    if value.is_empty() {
        return vec!["(empty)".into()];
    }
    crate::text_layout::wrap_chars(&crate::safe_text::escape(value), w.max(1))
}

/// The title: the position (when some rows are out of view) kept whole, the rest
/// shortened first and left out when there is no room for it. `positions` are the same
/// position said ever shorter (`form 1 of 5 · rows 20–33 of 2065`, then `rows 20–33 of
/// 2065`): the first that fits whole with some title, or alone, is the one shown.
fn title(profile: &str, positions: &[String], area: Rect) -> String {
    let Some(shortest) = positions.last() else {
        return format!("Normal forms · {profile}");
    };
    let titles = positions.iter().flat_map(|p| {
        [
            format!("Normal forms · {profile} · {p}"),
            format!("Forms · {profile} · {p}"),
            format!("Forms · {p}"),
            p.clone(),
        ]
    });
    super::first_fitting(titles, area).unwrap_or_else(|| shortest.clone())
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
        pane.starts.clear();
        let title = format!("Normal forms · {}", a.profile.name());
        f.render_widget(super::block_fit(&title, area, focused, theme), area);
        f.render_widget(
            Paragraph::new(Line::styled(" not computed", theme.get(Slot::Dim))),
            body,
        );
        return;
    }
    let profile = a.profile.name();
    let lines = if focused {
        draw_focused(pane, &rows, body, theme)
    } else {
        pane.starts.clear();
        let h = usize::from(body.height);
        let first = pane.list.scroll(rows.len(), h);
        let name_w = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0) + 2;
        let value_w = usize::from(body.width).saturating_sub(name_w + 1);
        let mut lines = Vec::with_capacity(h);
        for (i, (name, value)) in rows.iter().enumerate().skip(first).take(h) {
            lines.push(Line::from(vec![
                Span::raw(" "),
                Span::styled(pad((*name).into(), name_w), theme.get(Slot::Dim)),
                Span::styled(
                    pad(fit(value, value_w).into_owned().into(), value_w),
                    theme.get(Slot::Text),
                ),
            ]));
            pane.drawn.push(i);
        }
        let shown = rows.len().saturating_sub(first).min(h);
        let position: Vec<String> = (rows.len() > h)
            .then(|| super::position_label("forms", first, shown, rows.len()))
            .into_iter()
            .collect();
        f.render_widget(
            super::block_fit(&title(profile, &position, area), area, focused, theme),
            area,
        );
        lines
    };
    if focused {
        let total = pane.starts.last().copied().unwrap_or(0);
        let h = usize::from(body.height);
        // The forms in view, whole or in part (the same format unfocused); when the
        // selected form's value is only partly in view, which of its rows are.
        let position: Vec<String> = if total <= h {
            Vec::new()
        } else {
            let sel = pane.list.selected.min(rows.len().saturating_sub(1));
            let (value_top, value_end) = (pane.starts[sel] + 1, pane.starts[sel + 1]);
            let (from, to) = (pane.top.max(value_top), (pane.top + h).min(value_end));
            let value_rows = value_end - value_top;
            if to > from && to - from < value_rows {
                let in_view = super::rows_label(from - value_top, to - from, value_rows);
                vec![
                    format!("form {} of {} · {in_view}", sel + 1, rows.len()),
                    in_view,
                ]
            } else {
                let first = pane.form_at(pane.top);
                let last = pane.form_at((pane.top + h).min(total).saturating_sub(1));
                vec![super::position_label(
                    "forms",
                    first,
                    last + 1 - first,
                    rows.len(),
                )]
            }
        };
        f.render_widget(
            super::block_fit(&title(profile, &position, area), area, focused, theme),
            area,
        );
    }
    super::put_lines(f.buffer_mut(), body, &lines);
}

/// The focused pane's rows: each form's name on a row (`▶` on the selected one), its value
/// under it, whole; from row `top`.
fn draw_focused(
    pane: &mut FormsPane,
    rows: &[(&'static str, &str)],
    body: Rect,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let h = usize::from(body.height);
    let value_w = usize::from(body.width).saturating_sub(INDENT).max(1);
    pane.laid.resize_with(rows.len(), Laid::default);
    pane.laid.truncate(rows.len());
    pane.starts.clear();
    let mut at = 0;
    for (laid, (_, value)) in pane.laid.iter_mut().zip(rows) {
        // Compared, not re-laid: a long value is escaped and wrapped once per change.
        if laid.width != value_w || laid.value != *value || laid.rows.is_empty() {
            *laid = Laid {
                value: (*value).to_string(),
                width: value_w,
                rows: wrapped(value, value_w),
            };
        }
        pane.starts.push(at);
        at += 1 + laid.rows.len();
    }
    pane.starts.push(at);
    pane.page = h;
    pane.list.clamp(rows.len());
    pane.top = pane.top.min(at.saturating_sub(h));
    // A selection made elsewhere (a click, before the first focused frame) is brought
    // into view; and the selection always stays in view (a new input, a resize).
    let sel = pane.list.selected;
    let (s, e) = (pane.starts[sel], pane.starts[sel + 1]);
    if pane.revealed != Some(sel) {
        pane.reveal(sel, pane.revealed.is_none_or(|p| sel >= p));
        pane.revealed = Some(sel);
    } else if e <= pane.top || s >= pane.top + h {
        pane.reveal(sel, s >= pane.top + h);
    }
    let mut lines = Vec::with_capacity(h);
    for r in pane.top..(pane.top + h).min(at) {
        let i = pane.form_at(r);
        let k = r - pane.starts[i];
        let selected = i == sel;
        let mut line = if k == 0 {
            Line::from(vec![
                Span::styled(if selected { "▶" } else { " " }, theme.get(Slot::Focus)),
                Span::styled(rows[i].0, theme.get(Slot::Dim)),
            ])
        } else {
            let text = pane.laid[i].rows.get(k - 1).cloned().unwrap_or_default();
            Line::from(vec![
                Span::raw(" ".repeat(INDENT)),
                Span::styled(text, theme.get(Slot::Text)),
            ])
        };
        if selected {
            line = super::select_line(line, theme.get(Slot::Selection));
        }
        lines.push(line);
        pane.drawn.push(i);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three forms of 10, 2 and 2 rows (names included) in a pane of 5 rows.
    fn pane() -> FormsPane {
        FormsPane {
            starts: vec![0, 10, 12, 14],
            page: 5,
            ..FormsPane::default()
        }
    }

    #[test]
    fn down_reads_a_tall_form_to_its_last_row_then_moves_on() {
        let mut p = pane();
        for top in 1..=5 {
            p.step_rows(1, 3);
            assert_eq!((p.list.selected, p.top), (0, top));
        }
        // The first form's last row (9) is in view: the next Down selects the second
        // form, shown whole.
        p.step_rows(1, 3);
        assert_eq!((p.list.selected, p.top), (1, 7));
        // Up: back to the first form, from its last rows, then up by rows.
        p.step_rows(-1, 3);
        assert_eq!((p.list.selected, p.top), (0, 5));
        p.step_rows(-1, 3);
        assert_eq!((p.list.selected, p.top), (0, 4));
        // End and Home: the last rows and the last form, the first and the first.
        p.step_rows(isize::MAX / 2, 3);
        assert_eq!((p.list.selected, p.top), (2, 9));
        p.step_rows(isize::MIN / 2, 3);
        assert_eq!((p.list.selected, p.top), (0, 0));
        // A page down: the form at the new top row.
        p.step_rows(4, 3);
        assert_eq!((p.list.selected, p.top), (0, 4));
        p.step_rows(4, 3);
        assert_eq!((p.list.selected, p.top), (0, 8));
        // At the bottom, a page selects the last form.
        p.step_rows(4, 3);
        assert_eq!((p.list.selected, p.top), (2, 9));
        assert_eq!(p.form_at(13), 2);
        assert_eq!(p.form_at(10), 1);
    }
}
