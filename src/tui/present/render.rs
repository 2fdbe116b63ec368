//! Replaying one step: a fresh workbench in the step's state, its keys, one frame.

use crossterm::event::KeyCode;
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
    // The step's view: every part of it (layers, compare options, selection, focus too).
    let v = &step.view;
    let mut app = App::new(AppConfig {
        input: v.a.clone(),
        with: v.b.clone(),
        profile,
        theme: deck.theme_loaded.clone(),
        history: History::in_memory(),
        clipboard: Clipboard::new(Mode::Off),
        mouse: true,
        messages: Vec::new(),
        base: v.base.clone(),
        compare: v.compare_options(profile),
        lab,
        cases: None,
        cases_grammars: crate::cases::GrammarPaths::Inside,
        namespace: v.layers.namespaces,
        scheme_spec: v.layers.schemes,
        selection: v.selection.clone(),
        focus: v.focus.clone(),
    });
    app.no_files();
    app.set_hints(deck.hints);
    app.set_highlight(step.highlight.clone());
    let (w, h) = deck.size;
    app.handle(Event::Resize(w, h));
    // A diff slide starts at the ladder's deciding step, in view whatever the size.
    app.select_deciding_step();
    if step.details {
        app.show_tree_details();
    }
    press(&mut app, &step.keys);
    Ok(app)
}

/// The character a key types when it is a plain key (no modifier), as
/// [`Event::typed`] makes them.
fn typed_char(ev: &Event) -> Option<char> {
    match ev {
        Event::Key(k) if k.modifiers.is_empty() => match k.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        },
        _ => None,
    }
}

/// Presses `keys` in `app`, in order. A run of plain character keys is typed as one edit
/// analysed once wherever the keys would type it into an input line
/// ([`App::type_text`]), so a step typing 100,000 characters costs linear time, not a
/// keystroke's analysis of the line so far for each; the others, and any key of the run
/// that does something else there, are handled one at a time. Either way the app ends in
/// the state the keys one at a time leave.
pub fn press(app: &mut App, keys: &[Event]) {
    let mut i = 0;
    let mut run = String::new();
    while i < keys.len() {
        let len = keys[i..]
            .iter()
            .take_while(|k| typed_char(k).is_some())
            .count();
        if len == 0 {
            app.handle(keys[i].clone());
            i += 1;
            continue;
        }
        run.clear();
        run.extend(keys[i..i + len].iter().filter_map(typed_char));
        let (mut at, mut k) = (0, i);
        while at < run.len() {
            let took = app.type_text(&run[at..]);
            if took == 0 {
                app.handle(keys[k].clone());
                at += run[at..].chars().next().map_or(1, char::len_utf8);
                k += 1;
            } else {
                k += run[at..at + took].chars().count();
                at += took;
            }
        }
        i += len;
    }
}

/// One frame of `app` at `w`×`h` without a terminal ([`App::frame`]).
pub fn frame(app: &mut App, w: u16, h: u16) -> Buffer {
    app.frame(w, h)
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
