//! The help overlay, generated from the key table.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::examples::centered;
use super::{Overlay, OverlayEffect, block, inner, pad, truncate};
use crate::tui::keys::{self, Action, BINDINGS, Context};
use crate::tui::theme::{Slot, Theme};

/// The help overlay (F1): the key table, scrolled.
#[derive(Clone, Copy, Debug, Default)]
pub struct HelpOverlay {
    /// The first line shown (clamped when drawn).
    pub scroll: usize,
}

impl Overlay for HelpOverlay {
    fn context(&self) -> Context {
        Context::Help
    }

    fn on_action(&mut self, action: Option<Action>, _ch: Option<char>) -> OverlayEffect {
        match action {
            Some(Action::Up) => self.scroll = self.scroll.saturating_sub(1),
            Some(Action::Down) => self.scroll += 1,
            Some(Action::PageUp) => self.scroll = self.scroll.saturating_sub(10),
            Some(Action::PageDown) => self.scroll += 10,
            Some(Action::First) => self.scroll = 0,
            Some(Action::Last) => self.scroll = usize::MAX / 2,
            Some(Action::Back | Action::Help) => return OverlayEffect::Close,
            _ => {}
        }
        OverlayEffect::None
    }

    fn on_wheel(&mut self, up: bool) {
        self.scroll = if up {
            self.scroll.saturating_sub(1)
        } else {
            self.scroll + 1
        };
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, theme: &Theme) {
        self.scroll = draw(f, area, self.scroll, theme);
    }
}

/// The help text for a window `width` columns wide: one entry per binding, grouped by
/// context, then a legend. A description too long for its row wraps under the
/// description column (no word is cut); a heading or key too wide ends with `…`.
pub fn lines(theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let key_w = BINDINGS
        .iter()
        .map(|b| keys::keys_label(b).chars().count())
        .max()
        .unwrap_or(10)
        .min(28)
        + 2;
    let mut out = Vec::new();
    for cx in Context::ALL {
        let rows: Vec<_> = BINDINGS.iter().filter(|b| b.context == cx).collect();
        if rows.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(Line::raw(""));
        }
        out.push(Line::styled(
            truncate(format!(" {}", cx.title()).into(), width).into_owned(),
            theme.get(Slot::Header),
        ));
        for b in rows {
            let key = pad(keys::keys_label(b).into(), key_w).into_owned();
            entry(
                &mut out,
                key,
                theme.get(Slot::Key),
                b.description,
                key_w,
                width,
                theme,
            );
        }
    }
    out.push(Line::raw(""));
    out.push(Line::styled(
        truncate(" Reading the screen".into(), width).into_owned(),
        theme.get(Slot::Header),
    ));
    let legend: [(&str, Slot, &str); 8] = [
        (
            "✓ ✗ –",
            Slot::Valid,
            "profile strip: valid, invalid, does not apply; [brackets] mark the profile in use",
        ),
        (
            "≡ ≢",
            Slot::Equal,
            "diff mode: equivalent or not under each profile",
        ),
        (
            "⟨U+202E⟩",
            Slot::Token,
            "a character that is unsafe or invisible on a terminal, shown by its code point",
        ),
        (
            "underline",
            Slot::Error,
            "in the input: where an error or warning is",
        ),
        (
            "highlight",
            Slot::Highlight,
            "in the input: the span of the selected tree node",
        ),
        (
            "difference",
            Slot::Difference,
            "in diff mode: the first component where the inputs differ",
        ),
        (
            "▶",
            Slot::Focus,
            "the selected row; the focused pane has a thick border and ▸ in its title",
        ),
        ("…", Slot::Dim, "more text beyond the edge"),
    ];
    for (sym, slot, what) in legend {
        let sym = pad(sym.into(), key_w).into_owned();
        entry(&mut out, sym, theme.get(slot), what, key_w, width, theme);
    }
    out
}

/// One help entry: `key` in its column, then `what` wrapped at spaces to the rest of
/// `width`, continuation rows under the description column. When the description column
/// is too narrow to read (under 12 columns), the description goes under the key.
fn entry(
    out: &mut Vec<Line<'static>>,
    key: String,
    key_style: ratatui::style::Style,
    what: &str,
    key_w: usize,
    width: usize,
    theme: &Theme,
) {
    let indent = 3 + key_w;
    let room = width.saturating_sub(indent);
    let text = theme.get(Slot::Text);
    if room < 12 {
        // Too narrow for two columns: the key on its row (cut with `…`), the description
        // wrapped under it.
        out.push(Line::from(vec![
            Span::raw("   "),
            Span::styled(
                truncate(key.trim_end().to_string().into(), width.saturating_sub(3)).into_owned(),
                key_style,
            ),
        ]));
        for r in super::details::wrap_words(what, width.saturating_sub(5)) {
            out.push(Line::from(vec![
                Span::raw("     "),
                Span::styled(r.trim_end().to_string(), text),
            ]));
        }
        return;
    }
    for (i, r) in super::details::wrap_words(what, room)
        .into_iter()
        .enumerate()
    {
        let head = if i == 0 {
            Span::styled(key.clone(), key_style)
        } else {
            Span::raw(" ".repeat(key_w))
        };
        out.push(Line::from(vec![
            Span::raw("   "),
            head,
            Span::styled(r.trim_end().to_string(), text),
        ]));
    }
}

/// Draws help over `area`, scrolled by `scroll` lines (clamped and returned).
pub fn draw(f: &mut Frame, area: Rect, scroll: usize, theme: &Theme) -> usize {
    let pop = centered(area, 90, 90);
    f.render_widget(Clear, pop);
    let body = inner(pop);
    let all = lines(theme, usize::from(body.width));
    let h = usize::from(body.height);
    let max = all.len().saturating_sub(h);
    let scroll = scroll.min(max);
    // When help is longer than the window, the title says where it is and that it scrolls.
    let title = if max > 0 {
        format!(
            "Help · rows {}–{} of {} · ↑↓ PgUp PgDn scroll · Esc closes",
            scroll + 1,
            (scroll + h).min(all.len()),
            all.len()
        )
    } else {
        "Help · Esc closes".to_string()
    };
    let title = super::truncate(title.into(), usize::from(pop.width).saturating_sub(4));
    f.render_widget(block(&*title, true, theme), pop);
    let shown: Vec<Line<'static>> = all
        .into_iter()
        .skip(scroll)
        .take(usize::from(body.height))
        .collect();
    f.render_widget(Paragraph::new(shown), body);
    scroll
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At any width, no help row is wider than the window (so nothing is cut silently at
    /// its border), and every description is there whole, wrapped or not.
    #[test]
    fn rows_fit_and_descriptions_are_whole() {
        let theme = Theme::default();
        for width in [20, 30, 44, 60, 76, 96] {
            let rows = lines(&theme, width);
            for r in &rows {
                assert!(r.width() <= width, "{width}: {r:?}");
            }
            let text: String = rows
                .iter()
                .map(|l| {
                    let s: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
                    s.split_whitespace().collect::<String>()
                })
                .collect();
            // Compared without spaces: a word longer than a row is broken by character.
            let words = |s: &str| s.split_whitespace().collect::<String>();
            for b in BINDINGS {
                let want = words(b.description);
                assert!(text.contains(&want), "{width}: {want}");
            }
        }
    }
}
