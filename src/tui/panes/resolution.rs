//! The resolution pane: with a base line open (Ctrl-T), the input is read as a reference
//! against the base, and this pane shows the target and the steps that produced it
//! (RFC 3986 §5.2, XRI Syntax 2.0 §2.4, the WWW draft's partial forms), as
//! [`crate::engine::resolve::resolve`] records them. The resolution is the model's
//! ([`crate::tui::model::Resolved`]), computed once per change of the base, the reference
//! or the profile, never per frame; the pane keeps its scroll.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};

use super::selection::{Detail, Item};
use super::{Copied, Doc, Effect, Pane, block, fit, inner, list_delta, put_lines, truncate};
use crate::engine::Severity;
use crate::safe_text;
use crate::tui::keys::{Action, Context};
use crate::tui::model::{Model, Resolved};
use crate::tui::theme::{Slot, Theme};

/// The resolution pane's state: its scroll over the model's resolution of the input
/// against the base.
#[derive(Debug, Default)]
pub struct ResolutionState {
    /// The resolution scrolled (the model's count), if any.
    seen: Option<u64>,
    /// The first row shown.
    scroll: usize,
    /// Rows the last frame had room for, and rows there were.
    height: usize,
    total: usize,
}

impl Pane for ResolutionState {
    fn feeds_details(&self) -> bool {
        false
    }

    fn context(&self) -> Context {
        Context::Resolution
    }

    fn scrolls(&self, action: Action) -> bool {
        match action {
            Action::Up => self.scroll > 0,
            Action::Down => self.scroll + self.height < self.total,
            _ => true,
        }
    }

    fn on_action(&mut self, action: Action, _a: &Doc<'_>) -> Effect {
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
        draw(f, area, a.model.resolved(), self, focused, theme);
    }

    fn copy(&self, a: &Doc<'_>) -> Option<Copied> {
        Some(Copied {
            text: a.model.resolved().resolution.target.clone()?,
            what: "the target".into(),
        })
    }

    fn selected(&self) -> usize {
        // The resolution read whole in Details changes with the resolution, not the scroll.
        usize::try_from(self.seen.unwrap_or(0)).unwrap_or(0)
    }

    fn detail(&self, a: &Doc<'_>) -> Option<Detail> {
        Some(resolution_detail(a.model.resolved()))
    }
}

/// The resolution read whole, for Details (`d` in the pane; Esc comes back): the target or
/// why there is none, the target's warnings and notes, every step with what it did, and
/// the note. Details wraps each value whole (through `safe_text`).
pub fn resolution_detail(resolved: &Resolved) -> Detail {
    let r = &resolved.resolution;
    let mut d = Detail {
        key: (4, 0, 0),
        title: "resolution".into(),
        items: Vec::new(),
        copy: None,
    };
    if let Some(p) = resolved.profile {
        d.field("profile", p.name(), Slot::Dim);
    }
    match (&r.target, r.first_error()) {
        (Some(t), _) => d.field("target", t.as_str(), Slot::Valid),
        (None, Some(e)) => d.field(
            "no target",
            format!("{} ({}): {}", e.code, e.spec, e.message),
            Slot::Invalid,
        ),
        (None, None) => d.field("target", "none", Slot::Invalid),
    }
    if r.target.is_some() {
        for x in r
            .diagnostics
            .iter()
            .filter(|x| x.severity != Severity::Error)
        {
            d.field(
                x.severity.name(),
                format!("{} ({}): {}", x.code, x.spec, x.message),
                Slot::Text,
            );
        }
    }
    d.items.push(Item::Blank);
    d.items
        .push(Item::Heading(format!("steps · {}", r.steps.len())));
    for (i, s) in r.steps.iter().enumerate() {
        d.field(format!("{:>2}", i + 1), s.name.clone(), Slot::Dim);
        d.field("", s.detail.clone(), Slot::Text);
    }
    if let Some(n) = &r.note {
        d.items.push(Item::Blank);
        d.field("note", n.clone(), Slot::Dim);
    }
    d
}

impl ResolutionState {
    /// Follows the model's resolution: a new one is read from its top.
    pub fn follow(&mut self, m: &Model) {
        if self.seen != Some(m.resolutions()) {
            self.seen = Some(m.resolutions());
            self.scroll = 0;
        }
    }
}

/// At most this many rows of one diagnostic's message; the last ends with `…` when cut.
const MESSAGE_ROWS: usize = 4;

/// At most this many rows of one value (the target, a step's detail): the rows are laid
/// out at each frame, so a megabyte target costs a bounded number of rows; the row after
/// says how to copy the rest.
const MAX_VALUE_ROWS: usize = 256;

/// Untrusted `value` made safe and wrapped to `width` columns (`words`: after spaces, else
/// by character; no character lost), at most [`MAX_VALUE_ROWS`] rows; `true` when there is
/// more. Only a prefix that surely fills the rows is escaped and wrapped (a character takes
/// at least one column and at most four bytes), so a megabyte value costs what is shown.
fn value_rows(value: &str, width: usize, words: bool) -> (Vec<String>, bool) {
    let width = width.max(1);
    let budget = 4 * (MAX_VALUE_ROWS + 1) * width;
    let end = crate::text_layout::floor_char_boundary(value, budget);
    let safe = safe_text::escape(&value[..end]);
    let mut rows = if words {
        crate::text_layout::wrap_words(&safe, width)
    } else {
        crate::text_layout::wrap_chars(&safe, width)
    };
    let more = rows.len() > MAX_VALUE_ROWS || end < value.len();
    rows.truncate(MAX_VALUE_ROWS);
    (rows, more)
}

/// Untrusted `text`, made safe, word-wrapped to `width` columns over at most `max_rows` rows
/// (a word wider than a row is cut with `…`; the last row ends with `…` when text is left).
/// It stops at the last row, so a long message costs only what is shown.
fn wrap(text: &str, width: usize, max_rows: usize) -> Vec<String> {
    let fill = crate::text_layout::Fill {
        width,
        max_rows,
        cut_long_words: true,
    };
    crate::text_layout::fill(&safe_text::escape(text), fill)
}

/// Draws the pane: the target (or why there is none), the target's warnings and notes, then
/// each step, from the scroll position; cut rows end with `…`, and the title says which
/// rows are shown when they do not all fit.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    resolved: &Resolved,
    st: &mut ResolutionState,
    focused: bool,
    theme: &Theme,
) {
    let body = inner(area);
    let w = usize::from(body.width);
    let r = &resolved.resolution;
    let dim = theme.get(Slot::Dim);
    let mut lines: Vec<Line<'_>> = Vec::new();
    match (&r.target, r.first_error()) {
        (Some(t), _) => {
            // The target whole: on the `target` row when it fits there, else wrapped by
            // character beneath it (a value is read exactly).
            let one_row = t.len() + 8 <= w && super::width(&safe_text::escape(t)) + 8 <= w;
            if one_row {
                lines.push(Line::from(vec![
                    Span::styled("target  ", dim),
                    Span::styled(safe_text::escape(t), theme.get(Slot::Valid)),
                ]));
            } else {
                lines.push(Line::styled("target", dim));
                let (rows, more) = value_rows(t, w.saturating_sub(2), false);
                for row in rows {
                    lines.push(Line::from(vec![
                        Span::raw("  "),
                        Span::styled(row, theme.get(Slot::Valid)),
                    ]));
                }
                if more {
                    let m = "  … the rest: y copies the target whole";
                    lines.push(Line::styled(fit(m, w).into_owned(), dim));
                }
            }
        }
        (None, Some(d)) => {
            // Why there is no target, wrapped over a few rows (the code and section first,
            // the message after).
            lines.push(Line::styled("no target", dim));
            let why = format!("{} ({}): {}", d.code, d.spec, d.message);
            for row in value_rows(&why, w.saturating_sub(2), true).0 {
                lines.push(Line::from(vec![
                    Span::raw("  "),
                    Span::styled(row, theme.get(Slot::Invalid)),
                ]));
            }
        }
        (None, None) => lines.push(Line::styled("no target", theme.get(Slot::Invalid))),
    }
    // Under a target, each of the resolution's warnings and notes (for example §3.3's
    // `resolve-path-looks-like-authority` on `f:/a` + `..//g`): severity and code,
    // then the section and the message wrapped over a few rows, as the CLI prints them.
    if r.target.is_some() {
        for d in r
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Error)
        {
            let (label, slot) = match d.severity {
                Severity::Warning => ("warning", Slot::Warning),
                _ => ("note", Slot::Note),
            };
            // Severity and code, on two rows when the pane is too narrow for one.
            for row in wrap(&format!("{label} {}", d.code), w.saturating_sub(2), 2) {
                lines.push(Line::from(vec![
                    Span::raw("  "),
                    Span::styled(row, theme.get(slot)),
                ]));
            }
            let text = format!("{}: {}", d.spec, d.message);
            for row in wrap(&text, w.saturating_sub(4), MESSAGE_ROWS) {
                lines.push(Line::from(vec![
                    Span::raw("    "),
                    Span::styled(row, theme.get(Slot::Text)),
                ]));
            }
        }
    }
    // Each step: its number and name, then what it did, wrapped by words (no character
    // lost), so the pane reads whole as it scrolls.
    for (i, s) in r.steps.iter().enumerate() {
        lines.push(Line::styled(
            fit(&format!("{:>2} {}", i + 1, s.name), w).into_owned(),
            dim,
        ));
        let (rows, more) = value_rows(&s.detail, w.saturating_sub(4), true);
        for row in rows {
            lines.push(Line::from(vec![
                Span::raw("    "),
                Span::styled(row, theme.get(Slot::Text)),
            ]));
        }
        if more {
            let m = "    … the rest: Ctrl-S t copies the whole report";
            lines.push(Line::styled(fit(m, w).into_owned(), dim));
        }
    }
    if let Some(n) = &r.note {
        for row in wrap(&format!("note: {n}"), w, MESSAGE_ROWS) {
            lines.push(Line::styled(row, dim));
        }
    }
    // No silent cut: when the rows do not fit, the title says which are shown (the pane
    // scrolls: Tab reaches it, or the wheel).
    let h = usize::from(body.height);
    st.height = h;
    st.total = lines.len();
    st.scroll = st.scroll.min(lines.len().saturating_sub(h));
    let name = resolved
        .profile
        .map(|p| format!(" · {}", p.name()))
        .unwrap_or_default();
    let room = usize::from(area.width).saturating_sub(4);
    let mut title = format!("Resolution{name}");
    // The rows shown, in the one wording every pane uses (the profile goes before the
    // position does), then how to scroll when there is room.
    if lines.len() > h && h > 0 {
        let position = super::rows_label(st.scroll, h, lines.len());
        let candidates = [
            format!("Resolution{name} · {position}"),
            format!("Resolution · {position}"),
        ];
        if let Some(t) = super::first_fitting(candidates, area) {
            title = t;
        }
        if !focused && super::width(&title) + 14 <= room {
            title.push_str(" · Tab scrolls");
        }
    }
    let title = truncate(title.into(), room);
    f.render_widget(block(&*title, focused, theme), area);
    put_lines(f.buffer_mut(), body, lines.get(st.scroll..).unwrap_or(&[]));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_fits_rows_and_marks_a_cut() {
        assert_eq!(wrap("ab cd ef", 5, 4), ["ab cd", "ef"]);
        let rows = wrap("ab cd ef gh ij", 5, 2);
        assert_eq!(rows.len(), 2);
        assert!(rows[1].ends_with('…'), "{rows:?}");
        assert!(rows.iter().all(|r| super::super::width(r) <= 5), "{rows:?}");
        assert_eq!(wrap("a\u{202E}b", 40, 1), ["a⟨U+202E⟩b"]);
        let big = "x".repeat(1_000_000);
        assert_eq!(wrap(&big, 10, 3).len(), 1);
        // A value's rows: whole when short, bounded (and said) when huge.
        let (rows, more) = value_rows("abcdefg", 3, false);
        assert_eq!((rows.concat().as_str(), more), ("abcdefg", false));
        let (rows, more) = value_rows(&big, 40, false);
        assert_eq!((rows.len(), more), (MAX_VALUE_ROWS, true));
        let (rows, more) = value_rows(&"é".repeat(300_000), 40, true);
        assert!(rows.len() == MAX_VALUE_ROWS && more);
    }
}
