//! The presenter: a deck's steps one at a time, each replayed from the start, with the
//! caption on a bar and the notes on request.
//!
//! A slide is the deck's size: the workbench drawn in all its rows but the last, and the
//! caption bar (`3/7 name │ caption`) in the last. `idbench replay` writes exactly that;
//! `idbench present` draws it full screen, the workbench centered above the bar (cut, and
//! the bar says so, when the terminal is smaller than the deck).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::deck::{Deck, Step};
use super::render;
use crate::text_layout::{truncate, width};
use crate::tui::event::Event;
use crate::tui::theme::Slot;

/// What the presenter does after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep showing.
    Go,
    /// The user quit.
    Quit,
}

/// The presenter's state: the deck, the step shown, the notes shown or not.
#[derive(Debug)]
pub struct Presenter {
    deck: Deck,
    index: usize,
    notes: bool,
    /// The workbench's frame of the step shown (the deck's columns, its rows but one).
    screen: Buffer,
    /// Why the step could not be replayed (its grammar stopped reading), if so.
    error: Option<String>,
    /// How many times a step has been replayed since the start.
    replays: u64,
}

/// The workbench's size within a slide of the deck's size: every row but the bar's.
pub fn screen_size(deck: &Deck) -> (u16, u16) {
    (deck.size.0, deck.size.1.saturating_sub(1).max(1))
}

/// Step `i`'s workbench frame, replayed from the start, at the slide's screen size.
fn replay_screen(deck: &Deck, i: usize) -> Result<Buffer, String> {
    let step = deck
        .steps
        .get(i)
        .ok_or_else(|| format!("no step {}", i + 1))?;
    let (w, h) = screen_size(deck);
    let mut app = render::step_app(deck, step)?;
    Ok(render::frame(&mut app, w, h))
}

/// Step `i` of `deck` as a slide of the deck's size (the workbench and the caption bar):
/// what `idbench replay` writes.
pub fn slide(deck: &Deck, i: usize) -> Result<Buffer, String> {
    let screen = replay_screen(deck, i)?;
    let (w, h) = deck.size;
    let area = Rect::new(0, 0, w, h);
    let mut out = Buffer::empty(area);
    compose(&mut out, area, deck, i, &screen, false, None);
    Ok(out)
}

/// The caption bar's text for step `step`: `3/7 name │ caption` (caption lines joined).
fn bar_text(step: &Step, total: usize) -> (String, String) {
    let head = format!(" {}/{} {} ", step.number, total, step.name);
    let caption: Vec<&str> = step.caption.lines().filter(|l| !l.is_empty()).collect();
    (head, caption.join(" · "))
}

/// Draws step `i`'s `screen` and its caption bar into `area` of `out`: the bar on the
/// last row, the screen centered above it (cut to the area, the bar saying so, when it is
/// larger); the notes over the screen's lower rows when `notes`.
fn compose(
    out: &mut Buffer,
    area: Rect,
    deck: &Deck,
    i: usize,
    screen: &Buffer,
    notes: bool,
    error: Option<&str>,
) {
    let theme = &deck.theme_loaded;
    let Some(step) = deck.steps.get(i) else {
        return;
    };
    if area.height == 0 || area.width == 0 {
        return;
    }
    let bar = Rect::new(area.x, area.bottom() - 1, area.width, 1);
    let room = Rect::new(area.x, area.y, area.width, area.height - 1);
    let (sw, sh) = (screen.area.width, screen.area.height);
    let cut = sw > room.width || sh > room.height;
    let x0 = room.x + room.width.saturating_sub(sw) / 2;
    let y0 = room.y + room.height.saturating_sub(sh) / 2;
    for y in 0..sh.min(room.height) {
        for x in 0..sw.min(room.width) {
            out[(x0 + x, y0 + y)] = screen[(x, y)].clone();
        }
    }
    // The bar.
    let base = theme.get(Slot::Status);
    out.set_style(bar, base);
    let (head, caption) = bar_text(step, deck.steps.len());
    let marker = if cut {
        format!(
            " ✂ cut: deck {}×{}, terminal {}×{} ",
            deck.size.0, deck.size.1, area.width, area.height
        )
    } else {
        String::new()
    };
    let tail = match error {
        Some(e) => format!(" {e} "),
        None => marker,
    };
    let total = usize::from(bar.width);
    let head_w = width(&head).min(total);
    // What is wrong (cut, an error) wins over the caption.
    let tail = truncate(tail.into(), total.saturating_sub(head_w)).into_owned();
    let cap_room = total.saturating_sub(head_w + width(&tail));
    let mut spans = vec![
        Span::styled(
            truncate(head.as_str().into(), total).into_owned(),
            theme.get(Slot::Key).patch(base),
        ),
        Span::styled(
            if caption.is_empty() {
                String::new()
            } else {
                truncate(format!("│ {caption}").into(), cap_room).into_owned()
            },
            base,
        ),
    ];
    let used: usize = spans.iter().map(|s| s.width()).sum();
    if !tail.is_empty() {
        spans.push(Span::raw(
            " ".repeat(total.saturating_sub(used + width(&tail))),
        ));
        spans.push(Span::styled(tail, theme.get(Slot::StatusError)));
    }
    out.set_line(bar.x, bar.y, &Line::from(spans), bar.width);
    if notes {
        let shown = Rect::new(x0, y0, sw.min(room.width), sh.min(room.height));
        let text: Vec<Line<'_>> = if step.notes.is_empty() {
            vec![Line::styled(
                "(no notes for this step)",
                theme.get(Slot::Dim),
            )]
        } else {
            step.notes
                .lines()
                .map(|l| Line::styled(l.to_string(), theme.get(Slot::Text)))
                .collect()
        };
        let rows = u16::try_from(text.len())
            .unwrap_or(u16::MAX)
            .saturating_add(2);
        let h = rows.min(shown.height / 2).max(3).min(shown.height);
        let r = Rect::new(shown.x, shown.bottom().saturating_sub(h), shown.width, h);
        Clear.render(r, out);
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(
                ratatui::widgets::Block::bordered()
                    .border_type(ratatui::widgets::BorderType::Thick)
                    .border_style(theme.get(Slot::Focus))
                    .title(Span::styled("▸Notes · n hides ", theme.get(Slot::Focus))),
            )
            .style(Style::default())
            .render(r, out);
    }
}

impl Presenter {
    /// A presenter on `deck`, at its first step. `Err`: the first step does not replay.
    pub fn new(deck: Deck) -> Result<Presenter, String> {
        let screen = replay_screen(&deck, 0)?;
        Ok(Presenter {
            deck,
            index: 0,
            notes: false,
            screen,
            error: None,
            replays: 1,
        })
    }

    /// The step shown (0-based).
    pub fn index(&self) -> usize {
        self.index
    }

    /// True while the notes are shown.
    pub fn notes_shown(&self) -> bool {
        self.notes
    }

    /// How many times a step has been replayed since the start (every move replays).
    pub fn replays(&self) -> u64 {
        self.replays
    }

    /// Shows step `i`, replayed from the start.
    fn go(&mut self, i: usize) {
        self.index = i.min(self.deck.steps.len().saturating_sub(1));
        self.replays += 1;
        match replay_screen(&self.deck, self.index) {
            Ok(s) => {
                self.screen = s;
                self.error = None;
            }
            Err(e) => {
                let (w, h) = screen_size(&self.deck);
                self.screen = Buffer::empty(Rect::new(0, 0, w, h));
                self.error = Some(e);
            }
        }
    }

    /// Reacts to one event: Space, PgDn or → the next step; Backspace, PgUp or ← the
    /// previous; Home and End the first and last; `n` the notes; q, Esc or Ctrl-C quit.
    pub fn handle(&mut self, ev: &Event) -> Flow {
        let Event::Key(k) = ev else {
            return Flow::Go;
        };
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        let last = self.deck.steps.len().saturating_sub(1);
        match k.code {
            KeyCode::Char('c' | 'C') if ctrl => return Flow::Quit,
            KeyCode::Char('q') | KeyCode::Esc => return Flow::Quit,
            KeyCode::Char(' ') | KeyCode::PageDown | KeyCode::Right if self.index < last => {
                self.go(self.index + 1)
            }
            KeyCode::Backspace | KeyCode::PageUp | KeyCode::Left if self.index > 0 => {
                self.go(self.index - 1)
            }
            KeyCode::Home if self.index > 0 => self.go(0),
            KeyCode::End if self.index < last => self.go(last),
            KeyCode::Char('n') => self.notes = !self.notes,
            _ => {}
        }
        Flow::Go
    }

    /// Draws the step shown over the whole frame.
    pub fn draw(&self, f: &mut Frame) {
        let area = f.area();
        compose(
            f.buffer_mut(),
            area,
            &self.deck,
            self.index,
            &self.screen,
            self.notes,
            self.error.as_deref(),
        );
    }
}

/// Runs `idbench present`: the deck full screen until the user quits (0), a terminating
/// signal (128 + it) or the terminal going away.
pub fn run(deck: Deck) -> std::io::Result<u8> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        eprintln!(
            "idbench: present needs a terminal on stdin and stdout; `idbench replay DECK --export DIR` writes the steps to files"
        );
        return Ok(2);
    }
    if std::env::var_os("TERM").is_some_and(|t| t == "dumb") {
        eprintln!(
            "idbench: TERM=dumb: this terminal cannot show the presenter; `idbench replay DECK --export DIR --format txt` writes the steps as text"
        );
        return Ok(2);
    }
    // As the workbench does: NO_COLOR keeps the modifiers and drops the colours (on screen
    // only; `replay` draws the deck's theme whatever the environment).
    let mut deck = deck;
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        deck.theme_loaded = deck.theme_loaded.without_colors();
    }
    let mut p = match Presenter::new(deck) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("idbench: {e}");
            return Ok(2);
        }
    };
    // Terminating signals set a flag the loop looks at every 100 ms, so the terminal is
    // restored on the way out.
    let got = Arc::new(AtomicUsize::new(0));
    let mut signals = Vec::new();
    for sig in super::super::SIGNALS {
        let n = usize::try_from(sig).unwrap_or(1);
        signals.push(signal_hook::flag::register_usize(sig, Arc::clone(&got), n)?);
    }
    let code = {
        let _guard = super::super::TerminalGuard::enter(false)?;
        let backend = ratatui::backend::CrosstermBackend::new(std::io::stdout());
        let mut term = ratatui::Terminal::new(backend)?;
        term.clear()?;
        let mut code = 0u8;
        loop {
            term.draw(|f| p.draw(f))?;
            let sig = got.load(Ordering::SeqCst);
            if sig != 0 {
                code = u8::try_from(128 + sig).unwrap_or(255);
                break;
            }
            match crate::tui::event::next(Duration::from_millis(100))? {
                Some(Event::Resize(..)) => term.autoresize()?,
                Some(ev) if p.handle(&ev) == Flow::Quit => break,
                Some(_) | None => {}
            }
        }
        code
    };
    for id in signals {
        signal_hook::low_level::unregister(id);
    }
    Ok(code)
}
