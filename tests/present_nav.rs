//! The presenter on a test terminal: next and previous steps (each replayed from its start,
//! so a step looks the same every time), the notes, quitting, the caption bar and a
//! terminal smaller than the deck.

mod support;

use crossterm::event::KeyCode;
use idbench::tui::event::Event;
use idbench::tui::present::Deck;
use idbench::tui::present::show::{Flow, Presenter};

const DECK: &str = r#"
size = "80x24"

[[step]]
name = "one"
input = "urn:example:a?+b"
profile = "rfc2141"
caption = "first caption"
notes = "first notes\nsecond line"

[[step]]
name = "two"
input = "http://a/b"
keys = ["Tab", "Down", "Down"]
caption = "second caption"
"#;

fn presenter() -> Presenter {
    let deck = Deck::parse(DECK, std::path::Path::new(".")).unwrap_or_else(|e| panic!("{e:?}"));
    Presenter::new(deck).unwrap_or_else(|e| panic!("{e}"))
}

fn shown(p: &Presenter, w: u16, h: u16) -> String {
    let mut t = support::terminal(w, h);
    if let Err(e) = t.draw(|f| p.draw(f)) {
        match e {}
    }
    t.backend().to_string()
}

#[test]
fn next_previous_notes_and_quit() {
    let mut p = presenter();
    let first = shown(&p, 80, 24);
    assert!(first.contains("urn:example:a?+b"), "{first}");
    assert!(first.contains(" 1/2 one │ first caption"), "{first}");
    for key in [KeyCode::Right, KeyCode::Char(' '), KeyCode::PageDown] {
        let mut q = presenter();
        assert_eq!(q.handle(&Event::key(key)), Flow::Go);
        assert_eq!(q.index(), 1, "{key:?} goes to the next step");
    }
    p.handle(&Event::key(KeyCode::Right));
    let second = shown(&p, 80, 24);
    assert!(second.contains("http://a/b"), "{second}");
    assert!(second.contains(" 2/2 two │ second caption"), "{second}");
    // Past the last step: nothing happens.
    p.handle(&Event::key(KeyCode::Right));
    assert_eq!(p.index(), 1);
    // Back: the step is replayed from its start, and looks as it did.
    let replays = p.replays();
    for key in [KeyCode::Left, KeyCode::Backspace, KeyCode::PageUp] {
        let mut q = presenter();
        q.handle(&Event::key(KeyCode::Right));
        q.handle(&Event::key(key));
        assert_eq!(q.index(), 0, "{key:?} goes back");
    }
    p.handle(&Event::key(KeyCode::Left));
    assert_eq!(p.replays(), replays + 1, "going back replays the step");
    assert_eq!(shown(&p, 80, 24), first, "the same screen every time");
    p.handle(&Event::key(KeyCode::Right));
    assert_eq!(shown(&p, 80, 24), second);
    // Notes.
    p.handle(&Event::key(KeyCode::Left));
    assert!(!shown(&p, 80, 24).contains("first notes"));
    p.handle(&Event::key(KeyCode::Char('n')));
    assert!(p.notes_shown());
    let notes = shown(&p, 80, 24);
    assert!(notes.contains("Notes · n hides"), "{notes}");
    assert!(
        notes.contains("first notes") && notes.contains("second line"),
        "{notes}"
    );
    p.handle(&Event::key(KeyCode::Char('n')));
    assert_eq!(shown(&p, 80, 24), first);
    // Quitting.
    for ev in [
        Event::key(KeyCode::Char('q')),
        Event::key(KeyCode::Esc),
        Event::ctrl('c'),
    ] {
        assert_eq!(presenter().handle(&ev), Flow::Quit, "{ev:?}");
    }
}

#[test]
fn a_larger_terminal_centers_and_a_smaller_one_cuts_and_says_so() {
    let p = presenter();
    let big = shown(&p, 100, 30);
    let rows: Vec<&str> = big.lines().collect();
    // The screen (80×23) centered above the bar, which is the last row.
    assert!(rows[29].contains("1/2 one │ first caption"), "{big}");
    assert!(rows[3].contains("┏▸Input"), "{big}");
    assert!(rows[3].starts_with("\"          ┏"), "{big}");
    let small = shown(&p, 60, 16);
    assert!(small.contains("cut: deck 80×24, terminal 60×16"), "{small}");
}
