//! Replaying one step: a fresh workbench in the step's state, its keys, one frame.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

use super::deck::{Deck, Step};
use crate::tui::app::{App, AppConfig};
use crate::tui::clipboard::{Clipboard, Mode};
use crate::tui::event::Event;
use crate::tui::history::History;
use crate::tui::lab::LabFile;

/// A workbench in `step`'s state with its keys pressed, at `size`: no history, no config
/// file, no clipboard, no file written (Ctrl-S's saves say so instead). `Err`: the step's
/// grammar does not read.
pub fn step_app(deck: &Deck, step: &Step) -> Result<App, String> {
    let lab = match &step.grammar {
        Some((path, start)) => Some(
            LabFile::open_quiet(path, start)
                .map_err(|e| format!("step {} {:?}: {e}", step.number, step.name))?,
        ),
        None => None,
    };
    let profile = match &lab {
        Some(l) => Some(l.profile),
        None => step.profile,
    };
    let mut app = App::new(AppConfig {
        input: step.input.clone(),
        with: step.with.clone(),
        profile,
        theme: deck.theme_loaded.clone(),
        history: History::in_memory(),
        clipboard: Clipboard::new(Mode::Off),
        mouse: true,
        messages: Vec::new(),
        base: step.base.clone(),
        compare: crate::engine::equiv::CompareOptions {
            profile,
            ..Default::default()
        },
        lab,
        cases: None,
        cases_grammars: crate::cases::GrammarPaths::Inside,
        namespace: true,
    });
    app.no_files();
    app.set_highlight(step.highlight.clone());
    let (w, h) = deck.size;
    app.handle(Event::Resize(w, h));
    for k in &step.keys {
        app.handle(k.clone());
    }
    Ok(app)
}

/// One frame of `app` at `w`×`h`, drawn by its own `draw` without a terminal.
pub fn frame(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut t = match Terminal::new(TestBackend::new(w, h)) {
        Ok(t) => t,
        Err(e) => match e {},
    };
    if let Err(e) = t.draw(|f| app.draw(f)) {
        match e {}
    }
    t.backend().buffer().clone()
}

/// Step `i` (0-based) of `deck`, replayed from the start and drawn at the deck's size.
pub fn step_screen(deck: &Deck, i: usize) -> Result<Buffer, String> {
    let step = deck
        .steps
        .get(i)
        .ok_or_else(|| format!("no step {}", i + 1))?;
    let mut app = step_app(deck, step)?;
    Ok(frame(&mut app, deck.size.0, deck.size.1))
}
