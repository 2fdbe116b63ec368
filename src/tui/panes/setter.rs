//! The setter overlay (F9, under the whatwg profile): one component of the input, read as
//! a URL by the URL Standard, changed through the `URL` class's setter
//! ([`crate::engine::whatwg::setters`]). First the component is chosen (↑/↓, Enter), then
//! its new value typed; the overlay shows, as it is typed, the `href` the setter gives and
//! which of the standard's exits it took. Enter puts that `href` in the input (one undo
//! step; the app asks [`SetterOverlay::applied`]); Esc goes back to the choice, and from there closes.
//!
//! The engine does the work: the input is parsed once when the overlay opens, and each
//! keystroke runs the setter on that record.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::examples::centered;
use super::{Overlay, OverlayEffect, inner, select_line};
use crate::engine::whatwg::{self, Component, Outcome, Set, UrlRecord};
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// The most bytes the value line takes (the input line's own cap is larger; a setter's
/// value is one component).
const MAX_VALUE: usize = 64 * 1024;

/// Where the overlay is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Choosing the component.
    Choose,
    /// Typing its value.
    Value,
}

/// The setter overlay.
#[derive(Debug)]
pub struct SetterOverlay {
    /// The input line it edits (0 A, 1 B).
    pub side: usize,
    /// The input parsed as a URL; the parse failure's words when it does not parse.
    url: Result<UrlRecord, String>,
    stage: Stage,
    sel: usize,
    value: String,
    /// The setter run on the value typed so far.
    preview: Option<Set>,
}

/// Untrusted text as an owned span: unsafe characters become `⟨U+XXXX⟩` tokens.
fn owned(s: &str, style: Style) -> Span<'static> {
    Span::styled(crate::safe_text::escape(s).into_owned(), style)
}

/// What Enter asks of the app: put `href` in input line `side` (when the setter changed
/// the URL), and say `message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The input line.
    pub side: usize,
    /// The new input, `None` when the URL is unchanged.
    pub href: Option<String>,
    /// What the status line says.
    pub message: String,
}

impl SetterOverlay {
    /// The overlay on `input` (input line `side`).
    pub fn new(input: &str, side: usize) -> SetterOverlay {
        let parsed = whatwg::parse(input, None);
        let url = match parsed.url {
            Some(u) => Ok(u),
            None => Err(parsed.failure().map_or_else(
                || "the input does not parse as a URL".to_string(),
                |d| {
                    format!(
                        "the input does not parse as a URL: {} ({})",
                        d.message, d.code
                    )
                },
            )),
        };
        SetterOverlay {
            side,
            url,
            stage: Stage::Choose,
            sel: 0,
            value: String::new(),
            preview: None,
        }
    }

    /// The component selected.
    pub fn component(&self) -> Component {
        Component::ALL[self.sel.min(Component::ALL.len() - 1)]
    }

    fn rerun(&mut self) {
        self.preview = self
            .url
            .as_ref()
            .ok()
            .map(|u| whatwg::set(u, self.component(), &self.value));
    }

    fn push(&mut self, s: &str) {
        if self.value.len() + s.len() <= MAX_VALUE {
            self.value.push_str(s);
            self.rerun();
        }
    }

    /// What Enter on the value does: the new input and the words for it.
    pub fn applied(&self) -> Applied {
        let c = self.component();
        let (Ok(before), Some(set)) = (&self.url, &self.preview) else {
            return Applied {
                side: self.side,
                href: None,
                message: match &self.url {
                    Err(e) => e.clone(),
                    Ok(_) => format!("{c}: nothing to set"),
                },
            };
        };
        let href = set.changed(before).then(|| set.url.href());
        let message = match (&set.outcome, &href) {
            (Outcome::Applied, Some(_)) => format!("{c} set through the URL Standard's setter"),
            (Outcome::Applied, None) => format!("{c} set: the URL is the same"),
            (Outcome::Ignored(why), _) => format!("{c} not set: {why}"),
            (Outcome::Failed(why), Some(_)) => {
                format!("{c}: the parse failed part way ({why}); what it set before is kept")
            }
            (Outcome::Failed(why), None) => format!("{c} not set: {why}"),
        };
        Applied {
            side: self.side,
            href,
            message,
        }
    }
}

impl Overlay for SetterOverlay {
    fn context(&self) -> Context {
        Context::Setter
    }

    fn on_action(&mut self, action: Option<Action>, ch: Option<char>) -> OverlayEffect {
        if self.url.is_err() {
            return match action {
                Some(Action::Help) => OverlayEffect::Help,
                _ => OverlayEffect::Close,
            };
        }
        match (self.stage, action) {
            (_, Some(Action::Help)) => OverlayEffect::Help,
            (_, Some(Action::SetComponent)) => OverlayEffect::Close,
            (Stage::Choose, Some(Action::Back)) => OverlayEffect::Close,
            (Stage::Choose, Some(Action::Up)) => {
                self.sel = self.sel.checked_sub(1).unwrap_or(Component::ALL.len() - 1);
                OverlayEffect::None
            }
            (Stage::Choose, Some(Action::Down)) => {
                self.sel = (self.sel + 1) % Component::ALL.len();
                OverlayEffect::None
            }
            (Stage::Choose, Some(Action::Toggle)) => {
                self.stage = Stage::Value;
                self.value.clear();
                self.rerun();
                OverlayEffect::None
            }
            (Stage::Value, Some(Action::Back)) => {
                self.stage = Stage::Choose;
                self.preview = None;
                OverlayEffect::None
            }
            (Stage::Value, Some(Action::DeleteBack)) => {
                self.value.pop();
                self.rerun();
                OverlayEffect::None
            }
            (Stage::Value, Some(Action::Toggle)) => OverlayEffect::SetInput,
            (Stage::Value, None) => {
                if let Some(c) = ch {
                    self.push(c.encode_utf8(&mut [0u8; 4]));
                }
                OverlayEffect::None
            }
            _ => OverlayEffect::None,
        }
    }

    fn on_paste(&mut self, s: &str) {
        if self.stage == Stage::Value {
            self.push(s);
        }
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, theme: &Theme) {
        let head = theme.get(Slot::Header);
        let text = theme.get(Slot::Text);
        let dim = theme.get(Slot::Dim);
        let mut rows: Vec<Line<'static>> = Vec::new();
        let title;
        match &self.url {
            Err(e) => {
                title = "URL setter · any key closes";
                rows.push(Line::from(owned(e, theme.get(Slot::Error))));
                rows.push(Line::from(Span::styled(
                    "the setters work on a URL: fix the input, then F9 again",
                    dim,
                )));
            }
            Ok(u) => {
                rows.push(Line::from(vec![
                    Span::styled("URL  ", head),
                    owned(&u.href(), text),
                ]));
                match self.stage {
                    Stage::Choose => {
                        title = "URL setter · ↑/↓ choose · Enter · Esc closes";
                        for (i, c) in Component::ALL.iter().enumerate() {
                            let mark = if i == self.sel { '▸' } else { ' ' };
                            let line = Line::from(vec![
                                Span::styled(format!("{mark}{:<9} ", c.name()), head),
                                owned(&c.get(u), text),
                            ]);
                            rows.push(if i == self.sel {
                                select_line(line, theme.get(Slot::Selection))
                            } else {
                                line
                            });
                        }
                    }
                    Stage::Value => {
                        title = "URL setter · type the value · Enter applies · Esc back";
                        let c = self.component();
                        rows.push(Line::from(vec![
                            Span::styled(format!("{} = ", c.name()), head),
                            owned(&self.value, theme.get(Slot::Highlight)),
                            Span::styled("▏", head),
                        ]));
                        rows.push(Line::from(vec![
                            Span::styled("now  ", dim),
                            owned(&c.get(u), dim),
                        ]));
                        if let Some(set) = &self.preview {
                            rows.push(Line::from(vec![
                                Span::styled("gives ", head),
                                owned(&set.url.href(), text),
                            ]));
                            let (words, style) = match &set.outcome {
                                Outcome::Applied => {
                                    (format!("applied ({})", c.section()), theme.get(Slot::Note))
                                }
                                Outcome::Ignored(why) => {
                                    (format!("ignored: {why}"), theme.get(Slot::Warning))
                                }
                                Outcome::Failed(why) => {
                                    (format!("failed: {why}"), theme.get(Slot::Error))
                                }
                            };
                            rows.push(Line::from(Span::styled(words, style)));
                            for d in set.diagnostics.iter().take(3) {
                                rows.push(Line::from(vec![
                                    Span::styled(format!("{} ", d.code), dim),
                                    owned(&d.message, dim),
                                ]));
                            }
                        }
                    }
                }
            }
        }
        let w = area.width.saturating_sub(4).clamp(20, 76).min(area.width);
        let h = u16::try_from(rows.len() + 2)
            .unwrap_or(u16::MAX)
            .min(area.height);
        let mid = centered(area, 100, 100);
        let pop = Rect::new(
            mid.x + mid.width.saturating_sub(w) / 2,
            mid.y + mid.height.saturating_sub(h) / 2,
            w,
            h,
        );
        f.render_widget(Clear, pop);
        f.render_widget(super::block_fit(title, pop, true, theme), pop);
        f.render_widget(
            Paragraph::new(rows)
                .style(Style::default())
                .wrap(Wrap { trim: false }),
            inner(pop),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choose_type_apply() {
        let mut o = SetterOverlay::new("http://example.net/a", 0);
        for _ in 0..6 {
            o.on_action(Some(Action::Down), None);
        }
        assert_eq!(o.component(), Component::Port);
        o.on_action(Some(Action::Toggle), None);
        for c in "8080x".chars() {
            o.on_action(None, Some(c));
        }
        o.on_action(Some(Action::DeleteBack), None);
        assert_eq!(
            o.on_action(Some(Action::Toggle), None),
            OverlayEffect::SetInput
        );
        let a = o.applied();
        assert_eq!(a.href.as_deref(), Some("http://example.net:8080/a"));
        // Esc goes back to the choice, then closes.
        assert_eq!(o.on_action(Some(Action::Back), None), OverlayEffect::None);
        assert_eq!(o.on_action(Some(Action::Back), None), OverlayEffect::Close);
    }

    #[test]
    fn a_refused_change_leaves_the_input_and_says_why() {
        let mut o = SetterOverlay::new("http://example.net/", 0);
        o.on_action(Some(Action::Down), None);
        o.on_action(Some(Action::Toggle), None);
        o.on_paste("foo");
        let a = o.applied();
        assert_eq!(a.href, None);
        assert!(a.message.contains("not set"), "{}", a.message);
        let o = SetterOverlay::new("no scheme", 0);
        assert!(o.applied().message.contains("does not parse"));
    }
}
