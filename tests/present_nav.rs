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
fn slides_have_no_hint_row_unless_the_deck_asks() {
    let text = "size = \"80x24\"\n[[step]]\nname = \"s\"\ninput = \"http://a/b\"\n";
    for (hints, want) in [
        ("", false),
        ("hints = false\n", false),
        ("hints = true\n", true),
    ] {
        let deck = Deck::parse(&format!("{hints}{text}"), std::path::Path::new("."))
            .unwrap_or_else(|e| panic!("{e:?}"));
        let p = Presenter::new(deck).unwrap_or_else(|e| panic!("{e}"));
        let screen = shown(&p, 80, 24);
        let status = screen.lines().nth(22).unwrap_or_default();
        assert_eq!(status.contains("^C quit"), want, "{hints:?}:\n{screen}");
    }
}

#[test]
fn esc_closes_the_notes_before_it_ends_the_talk() {
    let mut p = presenter();
    let first = shown(&p, 80, 24);
    p.handle(&Event::key(KeyCode::Char('n')));
    assert!(p.notes_shown());
    assert_eq!(
        p.handle(&Event::key(KeyCode::Esc)),
        Flow::Go,
        "Esc closes the notes"
    );
    assert!(!p.notes_shown());
    assert_eq!(shown(&p, 80, 24), first, "the slide as it was");
    assert_eq!(
        p.handle(&Event::key(KeyCode::Esc)),
        Flow::Quit,
        "then Esc quits"
    );
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
    // The Ctrl-S prompt shows over the cut marker, which comes back with the next key.
    let mut p = presenter();
    p.handle(&Event::ctrl('s'));
    let prompt = shown(&p, 60, 16);
    assert!(prompt.contains("save the screen: s SVG"), "{prompt}");
    p.handle(&Event::key(KeyCode::Esc));
    p.handle(&Event::key(KeyCode::Char('n')));
    assert!(shown(&p, 60, 16).contains("cut: deck 80×24"));
}

/// Whitespace runs (a wrapped row's end and the next row's indent among them) as one space.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

const LONG: &str = "RFC 2141 reads ?+ as part of the NSS, so a?+b is one opaque string; \
RFC 8141 reads ?+ as the start of the r-component, so the NSS is a and the rest is passed \
to the resolver, and the two readings compare differently under §3.";

#[test]
fn a_long_caption_wraps_onto_more_bar_rows_and_the_workbench_shrinks() {
    let deck = format!(
        "size = \"80x24\"\n[[step]]\nname = \"two-readings\"\ninput = \"urn:example:a?+b\"\nprofile = \"rfc2141\"\ncaption = \"\"\"{LONG}\nA second line starts a row.\"\"\"\n"
    );
    let deck = Deck::parse(&deck, std::path::Path::new(".")).unwrap_or_else(|e| panic!("{e:?}"));
    let p = Presenter::new(deck).unwrap_or_else(|e| panic!("{e}"));
    let screen = shown(&p, 80, 24);
    let rows: Vec<&str> = screen.lines().collect();
    assert_eq!(rows.len(), 24, "{screen}");
    // The caption is whole on the bar's rows, the second line on a row of its own.
    let bar_at = rows
        .iter()
        .position(|r| r.contains(" 1/1 two-readings │ RFC 2141"))
        .unwrap_or_else(|| panic!("no bar:\n{screen}"));
    assert!(bar_at < 21, "the bar takes several rows:\n{screen}");
    let bar = rows[bar_at..]
        .iter()
        .map(|r| r.trim_matches('"'))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!bar.contains('…'), "nothing is cut:\n{screen}");
    assert!(
        squeeze(&bar).contains(&squeeze(LONG)),
        "the caption is whole:\n{screen}"
    );
    assert!(
        rows[rows.len() - 1].contains("A second line starts a row."),
        "{screen}"
    );
    // The workbench is drawn whole above the bar: its status line is the row above, with
    // no key hints (a slide is not operated).
    assert!(!rows[bar_at - 1].contains("^S"), "{screen}");
    assert!(rows[bar_at - 2].contains('└'), "{screen}");
    insta::assert_snapshot!("present_long_caption_80x24", screen);
}

#[test]
fn a_caption_longer_than_a_third_of_the_rows_is_cut_and_marked() {
    let long = LONG.repeat(8);
    let deck = format!(
        "size = \"80x24\"\n[[step]]\nname = \"long\"\ninput = \"a:b\"\ncaption = \"{long}\"\n"
    );
    let deck = Deck::parse(&deck, std::path::Path::new(".")).unwrap_or_else(|e| panic!("{e:?}"));
    let bar = idbench::tui::present::show::deck_bar(&deck, 0).unwrap_or_else(|| panic!("bar"));
    assert!(bar.cut(), "{bar:?}");
    assert_eq!(bar.rows.len(), 8, "a third of 24 rows");
    assert!(bar.needed > 8, "{bar:?}");
    assert!(bar.rows.iter().all(|r| r.chars().count() <= 80), "{bar:?}");
    assert!(bar.rows[7].ends_with('…'), "{bar:?}");
    let p = Presenter::new(deck).unwrap_or_else(|e| panic!("{e}"));
    let screen = shown(&p, 80, 24);
    let rows: Vec<&str> = screen.lines().collect();
    assert!(rows[16].contains(" 1/1 long │ RFC 2141"), "{screen}");
    assert!(
        rows[23].trim_matches('"').trim_end().ends_with('…'),
        "{screen}"
    );
}

#[test]
fn ctrl_s_then_s_or_h_saves_the_presented_slide_and_says_where() {
    let dir = support::scratch::dir("present-save");
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep").unwrap_or_else(|e| panic!("{e}"));
    // A link planted at 01 is skipped, never followed.
    std::os::unix::fs::symlink(&victim, dir.join("idbench-screen-01.svg"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut p = presenter();
    p.set_screen_dir(&dir);
    p.handle(&Event::key(KeyCode::Right));
    assert_eq!(p.handle(&Event::ctrl('s')), Flow::Go);
    let prompt = shown(&p, 80, 24);
    assert!(
        prompt.contains("save the screen: s SVG · h HTML"),
        "{prompt}"
    );
    assert_eq!(p.index(), 1, "Ctrl-S does not move");
    assert_eq!(p.handle(&Event::key(KeyCode::Char('s'))), Flow::Go);
    let said = p.message().unwrap_or_default().to_string();
    assert!(
        said.contains("screen saved to idbench-screen-02.svg in"),
        "{said}"
    );
    assert!(
        shown(&p, 80, 24).contains("idbench-screen-02.svg"),
        "the bar says where"
    );
    assert_eq!(
        std::fs::read_to_string(&victim).ok().as_deref(),
        Some("keep")
    );
    let svg = std::fs::read_to_string(dir.join("idbench-screen-02.svg"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(svg.starts_with("<?xml version=\"1.0\""), "{svg}");
    assert!(svg.ends_with("</svg>\n"), "{svg}");
    // The presented slide: the workbench and the caption bar, not the prompt.
    assert!(svg.contains("http://a/b"), "{svg}");
    assert!(svg.contains("2/2 two "), "{svg}");
    assert!(svg.contains("second caption"), "{svg}");
    assert!(!svg.contains("save the screen"), "{svg}");
    // HTML, and the next key clears the message.
    p.handle(&Event::ctrl('s'));
    p.handle(&Event::key(KeyCode::Char('h')));
    let said = p.message().unwrap_or_default().to_string();
    assert!(said.contains("idbench-screen-01.html"), "{said}");
    let html = std::fs::read_to_string(dir.join("idbench-screen-01.html"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        html.contains("<pre>") && html.contains("second caption"),
        "{html}"
    );
    p.handle(&Event::key(KeyCode::Char('x')));
    assert_eq!(p.message(), None);
    // Any other key after Ctrl-S saves nothing and says how; Esc there does not quit.
    p.handle(&Event::ctrl('s'));
    assert_eq!(p.handle(&Event::key(KeyCode::Esc)), Flow::Go);
    p.handle(&Event::ctrl('s'));
    p.handle(&Event::key(KeyCode::Char('x')));
    assert!(
        p.message()
            .unwrap_or_default()
            .contains("s saves the screen as SVG"),
        "{:?}",
        p.message()
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "idbench-screen-01.html",
            "idbench-screen-01.svg",
            "idbench-screen-02.svg",
            "victim"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_bar_survives_tiny_terminals_and_hostile_captions() {
    // A word wider than any row, tokens, a name wider than the row, many lines.
    let word = "x".repeat(3_000);
    let deck = format!(
        "size = \"20x8\"\n[[step]]\nname = \"{}\"\ninput = \"a:b\"\ncaption = \"{word} \\u202e\\u0000 y\\n\\n\\n{}\"\n",
        "n".repeat(60),
        "z\\n".repeat(500)
    );
    let deck = Deck::parse(&deck, std::path::Path::new(".")).unwrap_or_else(|e| panic!("{e:?}"));
    let bar = idbench::tui::present::show::deck_bar(&deck, 0).unwrap_or_else(|| panic!("bar"));
    assert_eq!(bar.rows.len(), 2, "a third of 8 rows: {bar:?}");
    assert!(bar.cut());
    let mut p = Presenter::new(deck).unwrap_or_else(|e| panic!("{e}"));
    for (w, h) in [(1, 1), (2, 1), (1, 3), (5, 2), (20, 8), (3, 40)] {
        let s = shown(&p, w, h);
        assert_eq!(s.lines().count(), usize::from(h), "{w}×{h}:\n{s}");
        assert!(!s.contains('\u{202e}') && !s.contains('\0'), "{w}×{h}");
    }
    p.handle(&Event::ctrl('s'));
    let s = shown(&p, 20, 8);
    assert!(
        s.contains("save"),
        "the prompt shows even on a narrow bar:\n{s}"
    );
}
