//! The share menu (`Ctrl-S`): copy the report of the current view as Markdown or plain
//! text (the same text `idbench explain` prints for the same arguments), or the command
//! line that reopens the view. The report is rendered by [`crate::report`]; this module
//! draws the menu and words what the copy did.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::examples::centered;
use super::{block, inner};
use crate::tui::clipboard::Outcome;
use crate::tui::keys::{BINDINGS, Context, keys_label};
use crate::tui::theme::{Slot, Theme};

/// Draws the menu over `area`: one line per binding of the share context, from the key
/// table (so the menu, help and the status bar agree).
pub fn draw(f: &mut Frame, area: Rect, theme: &Theme) {
    let rows: Vec<Line<'static>> = BINDINGS
        .iter()
        .filter(|b| b.context == Context::Share)
        .map(|b| {
            Line::from(vec![
                Span::styled(format!(" {:<4}", keys_label(b)), theme.get(Slot::Header)),
                Span::styled(b.description, theme.get(Slot::Text)),
            ])
        })
        .chain([Line::from(vec![
            Span::styled(" Esc ", theme.get(Slot::Header)),
            Span::styled("close", theme.get(Slot::Text)),
        ])])
        .collect();
    let h = u16::try_from(rows.len() + 2).unwrap_or(u16::MAX);
    let w = rows
        .iter()
        .map(|l| l.width())
        .max()
        .unwrap_or(0)
        .saturating_add(3);
    let w = u16::try_from(w).unwrap_or(u16::MAX).min(area.width);
    let mid = centered(area, 100, 100);
    let pop = Rect::new(
        mid.x + mid.width.saturating_sub(w) / 2,
        mid.y + mid.height.saturating_sub(h) / 2,
        w,
        h.min(area.height),
    );
    f.render_widget(Clear, pop);
    f.render_widget(block("Share · Esc closes", true, theme), pop);
    f.render_widget(Paragraph::new(rows), inner(pop));
}

/// The status line's words for copying `what`: which clipboard path took it, and under
/// tmux (`in_tmux`) when the path is OSC 52, that tmux passes it on only with
/// `set-clipboard on`.
pub fn message(outcome: &Outcome, what: &str, in_tmux: bool) -> String {
    let mut m = outcome.message(what);
    if in_tmux && matches!(outcome, Outcome::SentToTerminal(_)) {
        m.push_str("; tmux passes it on only with set-clipboard on");
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tmux_note_only_for_osc52() {
        let osc = Outcome::SentToTerminal(None);
        assert!(message(&osc, "the report", true).contains("set-clipboard on"));
        assert!(!message(&osc, "the report", false).contains("tmux"));
        assert!(!message(&Outcome::Copied, "the report", true).contains("tmux"));
        assert_eq!(
            message(&Outcome::Copied, "the report", true),
            "copied the report"
        );
    }
}
