//! The presenter: a deck's steps one at a time, each replayed from the start, with the
//! caption on a bar and the notes on request.
//!
//! A slide is the deck's size: the caption bar (`3/7 name │ caption`) in the last rows, as
//! many as the caption needs wrapped (at most a third of the rows; past them it is cut with
//! `…`, and `replay` warns), and the workbench drawn in the rows above it. `idbench replay`
//! writes exactly that; `idbench present` draws it full screen, the workbench centered above
//! the bar (cut, and the bar says so, when the terminal is smaller than the deck). Ctrl-S
//! then `s` or `h` saves the slide shown as `idbench-screen-NN.svg` or `.html`.

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
use crate::text_layout::{truncate, width as width_of};
use crate::tui::event::Event;
use crate::tui::export::{self, Format};
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
    /// Ctrl-S was pressed: the next key says what to save (`s` SVG, `h` HTML).
    saving: bool,
    /// What the bar says until the next key (a saved screen, a save that failed).
    message: Option<(String, Tone)>,
    /// Where Ctrl-S `s` and `h` save the screen (the working directory unless set).
    screen_dir: std::path::PathBuf,
    /// The deck in its own colours when the screen shows it without (`NO_COLOR`): a saved
    /// slide is a file, drawn as `replay` draws it whatever the terminal.
    in_colour: Option<Box<Deck>>,
}

/// The caption bar of a step laid out at some width: its rows (the head `3/7 name` and the
/// caption wrapped, each caption line starting a row), and whether the caption had to be
/// cut to fit the rows the bar may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// The rows, each at most the width; the first starts with the head.
    pub rows: Vec<String>,
    /// The head's length in bytes at the start of the first row (drawn in the key style).
    head_len: usize,
    /// How many rows the whole caption needs (more than `rows.len()` when it was cut).
    pub needed: usize,
}

impl Bar {
    /// True when the caption did not fit in the rows the bar may take and was cut with `…`.
    pub fn cut(&self) -> bool {
        self.needed > self.rows.len()
    }

    /// How many rows the bar takes.
    pub fn height(&self) -> u16 {
        u16::try_from(self.rows.len()).unwrap_or(u16::MAX)
    }
}

/// The most rows a caption bar takes in `height` rows: a third of them, at least one.
pub fn bar_max_rows(height: u16) -> usize {
    usize::from(height / 3).max(1)
}

/// Step `step`'s caption bar at `width` columns in `height` rows: ` 3/7 name │ caption`,
/// the caption wrapped at spaces (inside a word only when the word is wider than the row,
/// never inside a `⟨U+…⟩` token) to as many rows as it needs, the next rows indented to the
/// caption's column; each line of the caption starts a row. At most [`bar_max_rows`] rows:
/// past them the last row ends with `…` (and [`Bar::cut`] says so).
pub fn bar(step: &Step, total: usize, width: u16, height: u16) -> Bar {
    let width = usize::from(width).max(1);
    let max_rows = bar_max_rows(height);
    let head = format!(" {}/{} {} ", step.number, total, step.name);
    let head_w = width_of(&head);
    let lines: Vec<&str> = step
        .caption
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut rows: Vec<String> = Vec::new();
    let head_len;
    if lines.is_empty() {
        let h = truncate(head.as_str().into(), width).into_owned();
        head_len = h.len();
        rows.push(h);
    } else {
        // The caption beside the head when the head leaves it half the row at least; else
        // the head alone on the first row and the caption below it.
        let (first, indent) = if head_w + 2 <= width / 2 {
            head_len = head.len();
            (format!("{head}│ "), " ".repeat(head_w + 2))
        } else {
            let h = truncate(head.as_str().into(), width).into_owned();
            head_len = h.len();
            rows.push(h);
            ("│ ".to_string(), "  ".to_string())
        };
        // Laid out whole to count the rows needed: a caption is kept to
        // MAX_TEXT_CHARS characters when the deck is read, so this is bounded.
        for (k, line) in lines.iter().enumerate() {
            let lead = if k == 0 {
                first.as_str()
            } else {
                indent.as_str()
            };
            let wrapped = crate::text_layout::wrap_lines(line.trim(), width, lead, &indent);
            rows.extend(wrapped.lines().map(str::to_string));
        }
    }
    let needed = rows.len();
    if rows.len() > max_rows {
        rows.truncate(max_rows);
        if let Some(last) = rows.last_mut() {
            let mut t = truncate(last.as_str().into(), width.saturating_sub(1)).into_owned();
            if !t.ends_with('…') {
                t.push('…');
            }
            *last = t;
        }
    }
    Bar {
        rows,
        head_len,
        needed,
    }
}

/// Step `i`'s caption bar at the deck's size: what `idbench replay` draws (`None`: no such
/// step).
pub fn deck_bar(deck: &Deck, i: usize) -> Option<Bar> {
    let step = deck.steps.get(i)?;
    Some(bar(step, deck.steps.len(), deck.size.0, deck.size.1))
}

/// The workbench's size within step `i`'s slide of the deck's size: every row but the
/// caption bar's.
pub fn screen_size(deck: &Deck, i: usize) -> (u16, u16) {
    let rows = deck_bar(deck, i).map_or(1, |b| b.height());
    (deck.size.0, deck.size.1.saturating_sub(rows).max(1))
}

/// Step `i`'s workbench frame, replayed from the start, at the slide's screen size.
fn replay_screen(deck: &Deck, i: usize) -> Result<Buffer, String> {
    let step = deck
        .steps
        .get(i)
        .ok_or_else(|| format!("no step {}", i + 1))?;
    let (w, h) = screen_size(deck, i);
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

/// The title of step `i`'s exported file: `3/7 name: caption` (the caption on one line).
pub fn title(deck: &Deck, i: usize) -> String {
    let Some(step) = deck.steps.get(i) else {
        return String::new();
    };
    if step.caption.is_empty() {
        format!("{}/{} {}", step.number, deck.steps.len(), step.name)
    } else {
        format!(
            "{}/{} {}: {}",
            step.number,
            deck.steps.len(),
            step.name,
            step.caption.replace('\n', " ")
        )
    }
}

/// What the bar says on its right beside the caption, in the presenter only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tone {
    /// Something the user asked for or should do next.
    Info,
    /// Something went wrong or is hidden.
    Error,
}

/// Draws step `i`'s `screen` and its caption bar into `area` of `out`: the bar in the last
/// rows (as many as the caption needs, at most a third), the screen centered above it (cut
/// to the area, the bar saying so, when it is larger); the notes over the screen's lower
/// rows when `notes`; `tail` on the bar's last row, at its right (over the caption's end
/// when the row is full: a message goes with the next key).
fn compose(
    out: &mut Buffer,
    area: Rect,
    deck: &Deck,
    i: usize,
    screen: &Buffer,
    notes: bool,
    tail: Option<(&str, Tone)>,
) {
    let theme = &deck.theme_loaded;
    let Some(step) = deck.steps.get(i) else {
        return;
    };
    if area.height == 0 || area.width == 0 {
        return;
    }
    let layout = bar(step, deck.steps.len(), area.width, area.height);
    let bar_h = layout.height().min(area.height);
    let bar_area = Rect::new(area.x, area.bottom() - bar_h, area.width, bar_h);
    let room = Rect::new(area.x, area.y, area.width, area.height - bar_h);
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
    out.set_style(bar_area, base);
    let marker = if cut {
        Some(format!(
            " ✂ cut: deck {}×{}, terminal {}×{} ",
            deck.size.0, deck.size.1, area.width, area.height
        ))
    } else {
        None
    };
    // A message (an error, a saved screen, the Ctrl-S prompt) goes with the next key: it
    // wins over the cut marker, which comes back then.
    let tail: Option<(String, Tone)> = match (tail, marker) {
        (Some((t, tone)), _) => Some((format!(" {t} "), tone)),
        (None, Some(m)) => Some((m, Tone::Error)),
        (None, None) => None,
    };
    let total = usize::from(bar_area.width);
    let last = layout.rows.len().saturating_sub(1);
    for (r, row) in layout.rows.iter().enumerate() {
        let y = bar_area.y + u16::try_from(r).unwrap_or(u16::MAX);
        if y >= bar_area.bottom() {
            break;
        }
        let (head, rest) = if r == 0 {
            row.split_at(layout.head_len.min(row.len()))
        } else {
            ("", row.as_str())
        };
        let mut spans = vec![
            Span::styled(head.to_string(), theme.get(Slot::Key).patch(base)),
            Span::styled(rest.to_string(), base),
        ];
        if r == last
            && let Some((t, tone)) = &tail
        {
            let t = truncate(t.as_str().into(), total).into_owned();
            let tw = width_of(&t);
            let used: usize = spans.iter().map(Span::width).sum();
            if used + tw > total {
                // The message goes over the row's end, which says it is covered.
                let keep = total.saturating_sub(tw + 1);
                let head_w = width_of(head).min(keep);
                spans = vec![
                    Span::styled(
                        truncate(head.into(), head_w).into_owned(),
                        theme.get(Slot::Key).patch(base),
                    ),
                    Span::styled(
                        format!(
                            "{}…",
                            truncate(rest.into(), keep.saturating_sub(head_w))
                                .trim_end_matches('…')
                        ),
                        base,
                    ),
                ];
            }
            let used: usize = spans.iter().map(Span::width).sum();
            spans.push(Span::raw(" ".repeat(total.saturating_sub(used + tw))));
            let style = match tone {
                Tone::Error => theme.get(Slot::StatusError),
                Tone::Info => theme.get(Slot::Key).patch(base),
            };
            spans.push(Span::styled(t, style));
        }
        out.set_line(bar_area.x, y, &Line::from(spans), bar_area.width);
    }
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
            saving: false,
            message: None,
            screen_dir: std::path::PathBuf::from("."),
            in_colour: None,
        })
    }

    /// Saves slides from `deck`, the same deck in its own colours, while the screen shows
    /// it without them (`NO_COLOR`).
    pub fn save_in_colour(&mut self, deck: Deck) {
        self.in_colour = Some(Box::new(deck));
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

    /// What the bar says besides the caption (a saved screen, a failed save, the Ctrl-S
    /// prompt), if anything.
    pub fn message(&self) -> Option<&str> {
        if self.saving {
            return Some(SAVE_PROMPT);
        }
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    /// Where Ctrl-S `s` and `h` save the screen from now on (the working directory at
    /// start).
    pub fn set_screen_dir(&mut self, dir: impl Into<std::path::PathBuf>) {
        self.screen_dir = dir.into();
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
                let (w, h) = screen_size(&self.deck, self.index);
                self.screen = Buffer::empty(Rect::new(0, 0, w, h));
                self.error = Some(e);
            }
        }
    }

    /// The slide shown, at the deck's size (the workbench, the caption bar, the notes when
    /// shown; no message): what Ctrl-S `s` and `h` save.
    pub fn slide_shown(&self) -> Buffer {
        self.slide_of(&self.deck, &self.screen)
    }

    /// The slide shown, drawn from `deck` with `screen` as its workbench frame.
    fn slide_of(&self, deck: &Deck, screen: &Buffer) -> Buffer {
        let (w, h) = deck.size;
        let area = Rect::new(0, 0, w, h);
        let mut out = Buffer::empty(area);
        compose(
            &mut out,
            area,
            deck,
            self.index,
            screen,
            self.notes,
            self.error.as_deref().map(|e| (e, Tone::Error)),
        );
        out
    }

    /// Saves the slide shown as `idbench-screen-NN.EXT` in the screen folder (the first
    /// free number, never over a file, following no link: the workbench's own writer, the
    /// exporter `idbench replay` uses) and says where on the bar.
    fn save(&mut self, format: Format) {
        // In its own colours: the step replayed from that deck (the frame shown was drawn
        // without them), or the frame shown when it does not replay.
        let (slide, theme) = match &self.in_colour {
            Some(deck) => {
                let screen =
                    replay_screen(deck, self.index).unwrap_or_else(|_| self.screen.clone());
                (self.slide_of(deck, &screen), &deck.theme_loaded)
            }
            None => (self.slide_shown(), &self.deck.theme_loaded),
        };
        let text = export::render(&slide, theme, format, &title(&self.deck, self.index));
        self.message = Some(match export::save_screen(&self.screen_dir, format, &text) {
            Ok(said) => (said, Tone::Info),
            Err(said) => (said, Tone::Error),
        });
    }

    /// Reacts to one event: Space, PgDn or → the next step; Backspace, PgUp or ← the
    /// previous; Home and End the first and last; `n` the notes; Ctrl-S then `s` or `h`
    /// saves the screen (SVG, HTML); Esc closes the notes when they are shown; q, Esc or
    /// Ctrl-C quit.
    pub fn handle(&mut self, ev: &Event) -> Flow {
        let Event::Key(k) = ev else {
            return Flow::Go;
        };
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        // A message stays until the next key.
        self.message = None;
        if std::mem::take(&mut self.saving) {
            match k.code {
                KeyCode::Char('c' | 'C') if ctrl => return Flow::Quit,
                KeyCode::Char('s' | 'S') if !ctrl => self.save(Format::Svg),
                KeyCode::Char('h' | 'H') if !ctrl => self.save(Format::Html),
                KeyCode::Esc => self.message = Some(("not saved".into(), Tone::Info)),
                _ => {
                    self.message = Some((
                        "not saved: Ctrl-S then s saves the screen as SVG, h as HTML".into(),
                        Tone::Info,
                    ))
                }
            }
            return Flow::Go;
        }
        let last = self.deck.steps.len().saturating_sub(1);
        match k.code {
            KeyCode::Char('c' | 'C') if ctrl => return Flow::Quit,
            KeyCode::Char('s' | 'S') if ctrl => self.saving = true,
            // Esc closes the notes first, as it closes an overlay everywhere else.
            KeyCode::Esc if self.notes => self.notes = false,
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
        let tail = match (&self.error, self.saving, &self.message) {
            (Some(e), _, _) => Some((e.as_str(), Tone::Error)),
            (None, true, _) => Some((SAVE_PROMPT, Tone::Info)),
            (None, false, Some((m, tone))) => Some((m.as_str(), *tone)),
            (None, false, None) => None,
        };
        compose(
            f.buffer_mut(),
            area,
            &self.deck,
            self.index,
            &self.screen,
            self.notes,
            tail,
        );
    }
}

/// What the bar says after Ctrl-S.
const SAVE_PROMPT: &str = "save the screen: s SVG · h HTML · Esc not";

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
    // As the workbench does: NO_COLOR keeps the modifiers and drops the colours, on screen
    // only: `replay`, and a slide saved with Ctrl-S, draw the deck's theme whatever the
    // environment.
    let mut shown = deck.clone();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if no_color {
        shown.theme_loaded = shown.theme_loaded.without_colors();
    }
    let mut p = match Presenter::new(shown) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("idbench: {e}");
            return Ok(2);
        }
    };
    if no_color {
        p.save_in_colour(deck);
    }
    // Terminating signals set a flag the loop looks at every 100 ms, so the terminal is
    // restored on the way out.
    let got = Arc::new(AtomicUsize::new(0));
    let mut signals = Vec::new();
    for sig in crate::tui::terminal::SIGNALS {
        let n = usize::try_from(sig).unwrap_or(1);
        signals.push(signal_hook::flag::register_usize(sig, Arc::clone(&got), n)?);
    }
    let code = {
        let _guard = crate::tui::terminal::TerminalGuard::enter(false)?;
        let backend = ratatui::backend::CrosstermBackend::new(std::io::stdout());
        // Drawn in at most layout::MAX_DRAWN (a larger terminal says it is too large).
        let mut term = crate::tui::screen::Screen::new(backend, "q, Esc or Ctrl-C quits")?;
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
                // The next draw follows the new size.
                Some(Event::Resize(..)) => {}
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
