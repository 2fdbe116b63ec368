//! The help overlay, generated from the key table.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::examples::centered;
use super::{Overlay, OverlayEffect, block, inner, pad};
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

/// The help text, one line per binding, grouped by context, then a legend.
pub fn lines(theme: &Theme) -> Vec<Line<'static>> {
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
            format!(" {}", cx.title()),
            theme.get(Slot::Header),
        ));
        for b in rows {
            out.push(Line::from(vec![
                Span::raw("   "),
                Span::styled(
                    pad(keys::keys_label(b).into(), key_w).into_owned(),
                    theme.get(Slot::Key),
                ),
                Span::styled(b.description, theme.get(Slot::Text)),
            ]));
        }
    }
    out.push(Line::raw(""));
    out.push(Line::styled(" Reading the screen", theme.get(Slot::Header)));
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
        out.push(Line::from(vec![
            Span::raw("   "),
            Span::styled(pad(sym.into(), key_w).into_owned(), theme.get(slot)),
            Span::styled(what, theme.get(Slot::Text)),
        ]));
    }
    out
}

/// Draws help over `area`, scrolled by `scroll` lines (clamped and returned).
pub fn draw(f: &mut Frame, area: Rect, scroll: usize, theme: &Theme) -> usize {
    let pop = centered(area, 90, 90);
    f.render_widget(Clear, pop);
    let body = inner(pop);
    let all = lines(theme);
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
    f.render_widget(block(&title, true, theme), pop);
    let shown: Vec<Line<'static>> = all
        .into_iter()
        .skip(scroll)
        .take(usize::from(body.height))
        .collect();
    f.render_widget(Paragraph::new(shown), body);
    scroll
}
