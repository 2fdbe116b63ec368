//! A deck step's typed text (issue 34, item 7): a run of typed characters is typed into the
//! input line as one edit analysed once, not analysed again at each character (16,000
//! characters took 9.3 s, 100,000 some 6 minutes), and leaves exactly the state the keys
//! pressed one at a time leave: the same frame, the same undo steps, wherever the keys go
//! (a pane that binds some of them, an overlay, a terminal too small, a control character).

use crossterm::event::{KeyCode, KeyModifiers};
use idbench::tui::app::App;
use idbench::tui::event::Event;
use idbench::tui::present::{Deck, Step, render};
use ratatui::buffer::Buffer;

/// A deck of one step on `input` (`with`: diff mode) at `size`, with no keys.
fn deck(size: &str, input: &str, with: Option<&str>) -> Deck {
    let with = with.map_or(String::new(), |w| format!("with = {w:?}\n"));
    let text = format!("size = {size:?}\n[[step]]\nname = \"t\"\ninput = {input:?}\n{with}");
    Deck::parse(&text, std::path::Path::new(".")).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The deck's step with `keys`.
fn step(deck: &Deck, keys: Vec<Event>) -> Step {
    let mut s = deck.steps[0].clone();
    s.keys = keys;
    s
}

fn alt(c: char) -> Event {
    Event::key_with(KeyCode::Char(c), KeyModifiers::ALT)
}

fn ctrl(c: char) -> Event {
    Event::key_with(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// The step replayed as the presenter does (typed runs as one edit), and with each key
/// handed to the app alone (what it did before).
fn both(deck: &Deck, keys: &[Event]) -> (App, App) {
    let fast = render::step_app(deck, &step(deck, keys.to_vec())).unwrap_or_else(|e| panic!("{e}"));
    let mut slow =
        render::step_app(deck, &step(deck, Vec::new())).unwrap_or_else(|e| panic!("{e}"));
    for k in keys {
        slow.handle(k.clone());
    }
    (fast, slow)
}

fn text(buf: &Buffer) -> String {
    let mut s = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            s.push_str(buf[(x, y)].symbol());
        }
        s.push('\n');
    }
    s
}

/// Asserts the two apps draw the same frame at the deck's size, then again after each of
/// `then` (undo, redo, typing more) given to both.
fn same(what: &str, deck: &Deck, keys: &[Event], then: &[Event]) {
    let (mut fast, mut slow) = both(deck, keys);
    let (w, h) = deck.size;
    for (i, k) in std::iter::once(None)
        .chain(then.iter().map(Some))
        .enumerate()
    {
        if let Some(k) = k {
            fast.handle(k.clone());
            slow.handle(k.clone());
        }
        let (a, b) = (
            render::frame(&mut fast, w, h),
            render::frame(&mut slow, w, h),
        );
        assert!(
            a == b,
            "{what}, after {i} more keys:\none edit:\n{}\nkey by key:\n{}",
            text(&a),
            text(&b)
        );
        assert_eq!(fast.input(0), slow.input(0), "{what}");
        assert_eq!(fast.input(1), slow.input(1), "{what}");
        assert_eq!(fast.focus(), slow.focus(), "{what}");
        assert_eq!(fast.status(), slow.status(), "{what}");
        assert_eq!(fast.small_keys(), slow.small_keys(), "{what}");
    }
}

#[test]
fn a_typed_run_is_analysed_once_not_at_each_character() {
    let d = deck("100x30", "http://example.com/", None);
    let typed = "abcdefg/".repeat(500);
    let app =
        render::step_app(&d, &step(&d, Event::typed(&typed))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(app.input(0), format!("http://example.com/{typed}"));
    // The analyses at the start (both inputs) and one for the typed run: not 4,000.
    assert!(app.analyses() <= 4, "{} analyses", app.analyses());
    // Several runs between other keys: one analysis each.
    let mut keys = Event::typed("abc");
    keys.push(Event::key(KeyCode::Left));
    keys.extend(Event::typed("xyz"));
    keys.push(Event::key(KeyCode::End));
    keys.extend(Event::typed("123"));
    let app = render::step_app(&d, &step(&d, keys)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(app.input(0), "http://example.com/abxyzc123");
    assert!(app.analyses() <= 6, "{} analyses", app.analyses());
}

#[test]
fn typing_as_one_edit_leaves_what_the_keys_one_at_a_time_leave() {
    let undo_redo = [alt('z'), alt('z'), ctrl('r'), alt('z')];
    let d = deck("100x30", "urn:example:", None);
    // Into the input, at its end and in its middle, the undo steps joined.
    let mut keys = Event::typed("abc-def");
    keys.extend([Event::key(KeyCode::Left), Event::key(KeyCode::Left)]);
    keys.extend(Event::typed("XY"));
    same("in the input", &d, &keys, &undo_redo);
    // Two runs of text entries in a row, then undo: one step for both.
    let mut keys = Event::typed("one");
    keys.extend(Event::typed("two"));
    same("two entries", &d, &keys, &undo_redo);
    // From a pane that binds some letters (the tree: o, r, q…): they act there; the first
    // letter it does not bind goes to the input and says so, the rest is typed.
    let mut keys = vec![Event::key(KeyCode::Tab)];
    keys.extend(Event::typed("qrxyz"));
    same("from the tree", &d, &keys, &undo_redo);
    // An overlay (help) takes the letters; Esc closes it, then the rest is typed.
    let mut keys = vec![Event::key(KeyCode::F(1))];
    keys.extend(Event::typed("ab"));
    keys.push(Event::key(KeyCode::Esc));
    keys.extend(Event::typed("cd"));
    same("over help", &d, &keys, &undo_redo);
    // A control character in the text (a tab, a bell) is pressed as its own key.
    same(
        "control characters",
        &d,
        &Event::typed("ab\tc\u{7}de"),
        &undo_redo,
    );
    // Wide and combining characters.
    same("wide", &d, &Event::typed("漢字e\u{301}"), &undo_redo);
    // The history's recall ends when typing starts.
    let mut keys = vec![Event::key(KeyCode::Up)];
    keys.extend(Event::typed("zz"));
    same("after a recall", &d, &keys, &undo_redo);
    // A terminal too small for the workbench: typed text still reaches the input, and is
    // counted; q is text there.
    let small = deck("40x10", "urn:example:", None);
    let mut keys = Event::typed("abq");
    keys.push(Event::key(KeyCode::F(1)));
    keys.extend(Event::typed("cd"));
    same("too small", &small, &keys, &[]);
    // Diff mode: typed into B after Tab.
    let diff = deck("100x30", "urn:example:a", Some("urn:example:b"));
    let mut keys = vec![Event::key(KeyCode::Tab)];
    keys.extend(Event::typed("bbb"));
    same("diff mode", &diff, &keys, &undo_redo);
}
