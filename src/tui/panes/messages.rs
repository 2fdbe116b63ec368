//! The message log (Ctrl-L): every status message of the session, newest first, each
//! read whole (the status line cuts a long one at the terminal's width).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::examples::centered;
use super::{Overlay, OverlayEffect, block, inner};
use crate::tui::keys::{Action, Context};
use crate::tui::message::{Level, Message};
use crate::tui::theme::{Slot, Theme};

/// The most messages the log keeps (the oldest go first); each message is as long as the
/// app made it, so the log is bounded.
pub const MAX_LOGGED: usize = 200;

/// The messages of the session, oldest first, at most [`MAX_LOGGED`]; a message the same
/// as the one before it is counted, not repeated.
#[derive(Clone, Debug, Default)]
pub struct Log {
    entries: std::collections::VecDeque<(Message, usize)>,
}

impl Log {
    /// Keeps `m` (or counts it again when it repeats the last one).
    pub fn push(&mut self, m: &Message) {
        if let Some((last, n)) = self.entries.back_mut()
            && last == m
        {
            *n += 1;
            return;
        }
        if self.entries.len() == MAX_LOGGED {
            self.entries.pop_front();
        }
        self.entries.push_back((m.clone(), 1));
    }

    /// How many distinct messages are kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True before the first message.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The messages kept, oldest first, each with how many times it came in a row.
    pub fn entries(&self) -> impl DoubleEndedIterator<Item = &(Message, usize)> {
        self.entries.iter()
    }
}

/// The message log overlay: a copy of the log when it was opened, scrolled.
#[derive(Clone, Debug, Default)]
pub struct MessagesOverlay {
    /// The first row shown (clamped when drawn).
    pub scroll: usize,
    log: Log,
}

impl MessagesOverlay {
    /// The overlay on `log` as it is now.
    pub fn new(log: &Log) -> MessagesOverlay {
        MessagesOverlay {
            scroll: 0,
            log: log.clone(),
        }
    }
}

impl Overlay for MessagesOverlay {
    fn context(&self) -> Context {
        Context::Messages
    }

    fn on_action(&mut self, action: Option<Action>, _ch: Option<char>) -> OverlayEffect {
        match action {
            Some(Action::Up) => self.scroll = self.scroll.saturating_sub(1),
            Some(Action::Down) => self.scroll = self.scroll.saturating_add(1),
            Some(Action::PageUp) => self.scroll = self.scroll.saturating_sub(10),
            Some(Action::PageDown) => self.scroll = self.scroll.saturating_add(10),
            Some(Action::First) => self.scroll = 0,
            Some(Action::Last) => self.scroll = usize::MAX / 2,
            Some(Action::Back | Action::Messages) => return OverlayEffect::Close,
            Some(Action::Help) => return OverlayEffect::Help,
            _ => {}
        }
        OverlayEffect::None
    }

    fn on_wheel(&mut self, up: bool) {
        self.scroll = if up {
            self.scroll.saturating_sub(1)
        } else {
            self.scroll.saturating_add(1)
        };
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, theme: &Theme) {
        let pop = centered(area, 90, 80);
        f.render_widget(Clear, pop);
        let body = inner(pop);
        let all = rows(&self.log, usize::from(body.width), theme);
        let h = usize::from(body.height);
        let max = all.len().saturating_sub(h);
        self.scroll = self.scroll.min(max);
        let title = if max > 0 {
            format!(
                "Messages · {} · ↑↓ PgUp PgDn scroll · Esc closes",
                super::rows_label(self.scroll, h, all.len())
            )
        } else {
            "Messages · newest first · Esc closes".to_string()
        };
        let title = super::truncate(title.into(), usize::from(pop.width).saturating_sub(4));
        f.render_widget(block(&*title, true, theme), pop);
        let shown: Vec<Line<'static>> = all.into_iter().skip(self.scroll).take(h).collect();
        f.render_widget(Paragraph::new(shown), body);
    }
}

/// The log's rows at `width` columns, newest message first: each message made safe
/// ([`crate::safe_text`]) and wrapped whole under a `1.` number (`×3` when it came three
/// times in a row), errors in the error style.
pub fn rows(log: &Log, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    if log.is_empty() {
        return vec![Line::styled(
            " no message yet".to_string(),
            theme.get(Slot::Dim),
        )];
    }
    let mut out = Vec::new();
    for (i, (m, n)) in log.entries().rev().enumerate() {
        let style = match m.level {
            Level::Info => theme.get(Slot::Text),
            Level::Error => theme.get(Slot::StatusError),
        };
        let head = if *n > 1 {
            format!(" {}. ×{n} ", i + 1)
        } else {
            format!(" {}. ", i + 1)
        };
        let indent = " ".repeat(crate::text_layout::width(&head));
        let safe = crate::safe_text::escape(&m.text);
        let wrapped = crate::text_layout::wrap_lines(&safe, width.max(8), &head, &indent);
        for (k, row) in wrapped.lines().enumerate() {
            let (lead, text) = if k == 0 {
                row.split_at(head.len().min(row.len()))
            } else {
                row.split_at(indent.len().min(row.len()))
            };
            out.push(Line::from(vec![
                Span::styled(lead.to_string(), theme.get(Slot::Key)),
                Span::styled(text.to_string(), style),
            ]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(t: &str) -> Message {
        Message {
            text: t.into(),
            level: Level::Info,
        }
    }

    #[test]
    fn the_log_is_bounded_and_counts_repeats() {
        let mut log = Log::default();
        log.push(&msg("a"));
        log.push(&msg("a"));
        assert_eq!(log.len(), 1);
        assert_eq!(log.entries().next().map(|(_, n)| *n), Some(2));
        for i in 0..(MAX_LOGGED + 10) {
            log.push(&msg(&i.to_string()));
        }
        assert_eq!(log.len(), MAX_LOGGED);
        assert_eq!(
            log.entries().last().map(|(m, _)| m.text.as_str()),
            Some((MAX_LOGGED + 9).to_string().as_str())
        );
    }

    #[test]
    fn a_long_message_is_read_whole_and_made_safe() {
        let mut log = Log::default();
        let long = format!("start {} end\u{202e}", "word ".repeat(40));
        log.push(&msg(&long));
        let theme = Theme::default();
        let rows = rows(&log, 40, &theme);
        assert!(rows.len() > 4, "wrapped, not cut");
        let text: String = rows
            .iter()
            .map(|l| {
                l.spans
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            text.contains("start") && text.contains("end⟨U+202E⟩"),
            "{text}"
        );
        assert!(!text.contains('\u{202e}'));
        for l in &rows {
            assert!(l.width() <= 40, "{l:?}");
        }
    }
}
