//! The workbench's "other reading" view: beside the tree, the second parse the grammar
//! admits, with the productions of both readings, the other subtree, the spec text that
//! decides and a hint; only the rows that fit are laid out.
//!
//! Accept snapshot changes with `INSTA_UPDATE=always cargo test --test tui_readings` and
//! check each `.snap` file by eye.

mod support;

use idbench::engine::{Analysis, Options, Profile, analyze};
use idbench::tui::panes::readings;
use idbench::tui::theme::Theme;
use ratatui::layout::Rect;

fn analysis(input: &str, profile: Option<Profile>) -> Analysis {
    analyze(
        input,
        &Options {
            profile,
            ..Options::full()
        },
    )
}

fn screen(a: &Analysis, index: usize, w: u16, h: u16) -> String {
    let mut t = support::terminal(w, h);
    let theme = Theme::default();
    let area = Rect::new(0, 0, w, h);
    if let Err(e) = t.draw(|f| {
        readings::draw(f, area, a, index, 0, false, &theme);
    }) {
        match e {}
    }
    t.backend().to_string()
}

#[test]
fn each_ambiguity_draws_its_other_reading() {
    for (name, input, profile) in [
        ("ipv4", "http://192.168.0.1/", None),
        ("xri_authority", "xri://@example/foo", None),
        ("xref_content", "xri://(http://a)/b", None),
        (
            "without_prefix",
            "baz.example.com:8080/foo",
            Some(Profile::Xri2),
        ),
        ("urn", "urn:ab:c?+d", None),
    ] {
        let a = analysis(input, profile);
        assert!(!a.readings.is_empty(), "{input}");
        insta::assert_snapshot!(format!("{name}_60x20"), screen(&a, 0, 60, 20));
    }
}

/// A tiny area still draws, and a huge reading lays out only what fits, its title saying
/// which rows are shown.
#[test]
fn small_areas_and_big_readings() {
    let a = analysis("baz.example.com:8080/foo", Some(Profile::Xri2));
    for (w, h) in [(1, 1), (10, 3), (20, 6)] {
        let s = screen(&a, 0, w, h);
        assert_eq!(s.lines().count(), usize::from(h));
    }
    let big = "a/".repeat(200_000);
    let a = analysis(&big, Some(Profile::Xri2));
    assert_eq!(a.readings.len(), 1);
    let s = screen(&a, 0, 60, 12);
    let total = 2 + a.readings[0].tree.len() + 3;
    assert!(s.contains("rows 1–10 of "), "{s}");
    assert!(a.readings[0].tree.len() > 200_000, "{total}");
    // A reading past the list draws an empty frame.
    let s = screen(&a, 5, 30, 4);
    assert!(s.contains("none"), "{s}");
}

/// Hostile characters in a reading's subtree are tokens, never raw (a soft hyphen is a
/// ucschar, so both readings keep it).
#[test]
fn readings_are_drawn_safely() {
    let a = analysis("a/b\u{ad}c", Some(Profile::Xri2));
    assert_eq!(a.readings.len(), 1);
    let s = screen(&a, 0, 70, 16);
    assert!(!s.contains('\u{ad}'), "{s}");
    assert!(s.contains("⟨U+00AD⟩"), "{s}");
}

#[test]
fn the_reading_for_a_selected_node() {
    let a = analysis("xri://@a/(b/c)", None);
    assert_eq!(a.readings.len(), 2);
    // The root encloses both readings: the smallest one it holds.
    let at = |start: usize| {
        a.tree
            .iter()
            .filter(|n| n.span().start == start)
            .map(|n| n.index())
            .next_back()
            .unwrap_or(0)
    };
    let r0 = readings::reading_for(&a, 0).unwrap_or(99);
    assert_eq!(a.readings[r0].span.start, 6);
    // A node inside the cross-reference's content: that reading.
    let r = readings::reading_for(&a, at(12)).unwrap_or(99);
    assert_eq!(a.readings[r].span.start, 10);
    let plain = analysis("http://example.com/", None);
    assert_eq!(readings::reading_for(&plain, 0), None);
}

mod workbench {
    use super::support::{app, focus, screen};
    use crossterm::event::KeyCode;
    use idbench::tui::app::{App, Focus};
    use idbench::tui::event::Event;

    fn focus_tree(app: &mut App) {
        focus(app, Focus::Tree);
    }

    /// `r` in the tree shows the other reading beside the tree, with the deciding text;
    /// `r` again hides it; an input with one reading says so.
    #[test]
    fn r_toggles_the_other_reading_beside_the_tree() {
        let mut a = app("xri://@example/foo");
        focus_tree(&mut a);
        let before = screen(&mut a, 120, 36);
        assert!(!before.contains("Other reading"), "{before}");
        a.handle(Event::key(KeyCode::Char('r')));
        let shown = screen(&mut a, 120, 36);
        assert!(shown.contains("Other reading 1/1"), "{shown}");
        assert!(shown.contains("iauthority"), "{shown}");
        assert!(
            shown.contains("decided by XRI Syntax 2.0 §2.2.1.3"),
            "{shown}"
        );
        insta::assert_snapshot!("workbench_xri_authority_120x36", shown);
        // Narrow: below the tree instead of beside it.
        let narrow = screen(&mut a, 70, 40);
        assert!(narrow.contains("Other reading 1/1"), "{narrow}");
        a.handle(Event::key(KeyCode::Char('r')));
        let hidden = screen(&mut a, 120, 36);
        assert!(!hidden.contains("Other reading"), "{hidden}");

        let mut p = app("http://example.com/");
        focus_tree(&mut p);
        p.handle(Event::key(KeyCode::Char('r')));
        let s = screen(&mut p, 120, 36);
        assert!(s.contains("one reading"), "{s}");
        assert!(!s.contains("Other reading"), "{s}");
    }

    /// The reading shown follows the selection: a node inside the cross-reference's content
    /// shows that content's reading.
    #[test]
    fn the_reading_follows_the_selection() {
        let mut a = app("xri://@a/(b/c)");
        focus_tree(&mut a);
        a.handle(Event::key(KeyCode::Char('r')));
        a.handle(Event::key(KeyCode::Home));
        let top = screen(&mut a, 120, 36);
        assert!(
            top.contains("bytes 6..8: idbench reads gcs-authority"),
            "{top}"
        );
        a.handle(Event::key(KeyCode::End));
        let inner = screen(&mut a, 120, 36);
        assert!(inner.contains("bytes 10..13:"), "{inner}");
    }
}
