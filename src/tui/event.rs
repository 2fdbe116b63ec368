//! Events the workbench reacts to, read from the terminal or made up by tests.

use std::time::Duration;

use crossterm::event::{
    self as ct, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A key was pressed (releases are dropped).
    Key(KeyEvent),
    /// The mouse did something.
    Mouse(MouseEvent),
    /// Text was pasted (bracketed paste).
    Paste(String),
    /// The terminal was resized to `(columns, rows)`.
    Resize(u16, u16),
}

impl Event {
    /// Converts a terminal event; `None` for what the workbench ignores (key releases,
    /// focus changes).
    pub fn from_crossterm(e: ct::Event) -> Option<Event> {
        match e {
            ct::Event::Key(k) if k.kind != KeyEventKind::Release => Some(Event::Key(k)),
            ct::Event::Mouse(m) => Some(Event::Mouse(m)),
            ct::Event::Paste(s) => Some(Event::Paste(s)),
            ct::Event::Resize(w, h) => Some(Event::Resize(w, h)),
            _ => None,
        }
    }

    /// A key press without modifiers.
    pub fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    /// A key press with modifiers.
    pub fn key_with(code: KeyCode, mods: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, mods))
    }

    /// Ctrl + a character.
    pub fn ctrl(c: char) -> Event {
        Event::key_with(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    /// Alt + a character.
    pub fn alt(c: char) -> Event {
        Event::key_with(KeyCode::Char(c), KeyModifiers::ALT)
    }

    /// One key press per character of `s`, as if typed.
    pub fn typed(s: &str) -> Vec<Event> {
        s.chars().map(|c| Event::key(KeyCode::Char(c))).collect()
    }

    /// A left click at `(column, row)`.
    pub fn click(column: u16, row: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }
}

/// Waits up to `timeout` for the next event the workbench cares about.
pub fn next(timeout: Duration) -> std::io::Result<Option<Event>> {
    if ct::poll(timeout)? {
        Ok(Event::from_crossterm(ct::read()?))
    } else {
        Ok(None)
    }
}
