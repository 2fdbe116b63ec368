//! The input line, the quit prompt and diff mode's other reading at 80×24 (issue 26
//! items 2, 5, 11 and 14): each layout gets a snapshot and assertions on what the rows
//! must say whatever the snapshot.
//!
//! Accept snapshot changes with `INSTA_UPDATE=always cargo test --test tui_input_80x24`
//! and check each `.snap` file by eye.

mod support;

use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use idbench::engine::Profile;
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use support::{app, draw, feed, focus, row, screen};

/// The input line's text cells (between the borders) at 80×24.
fn input_row(a: &mut App) -> String {
    let t = draw(a, 80, 24);
    let r = row(t.backend().buffer(), 1);
    r.chars().skip(1).take(78).collect()
}

/// `http://example.com/seg1/seg2/…/seg30/`: 190 characters.
fn long_url() -> String {
    let mut s = String::from("http://example.com/");
    for k in 1..=30 {
        s.push_str(&format!("seg{k}/"));
    }
    s
}

/// After an edit that shortens a scrolled line, the view shows as much text as fits: its
/// end comes back to the right edge, the cursor on screen, no blank tail.
#[test]
fn a_shortened_line_fills_the_view() {
    let url = long_url();
    let mut a = app("");
    feed(&mut a, Event::typed(&url));
    a.handle(Event::key(KeyCode::Left));
    feed(&mut a, Event::typed(&"x".repeat(78)));
    // Drawn as the terminal is after every key: the view follows the cursor to the right.
    assert!(input_row(&mut a).ends_with("xx/ "));
    a.handle(Event::alt('z'));
    assert_eq!(a.input(0), url, "the run undone whole");
    let shown = input_row(&mut a);
    // `…` then the line's last 76 characters, the cursor on the last, and the cell kept
    // for a `…`.
    let want = format!("…{} ", &url[url.len() - 76..]);
    assert_eq!(shown, want);
    insta::assert_snapshot!("input_after_undo_80x24", screen(&mut a, 80, 24));
    // Ctrl-W twenty times from the end: the rest of the line still fills the view.
    a.handle(Event::key(KeyCode::End));
    for _ in 0..20 {
        a.handle(Event::ctrl('w'));
    }
    let text = a.input(0).to_string();
    assert!(text.len() > 78, "{text}");
    // `…`, the last 75 characters, the cursor's cell and the cell kept for a `…`: as when
    // typing at the end.
    let shown = input_row(&mut a);
    assert_eq!(shown, format!("…{}  ", &text[text.len() - 75..]));
    // A line that fits again is shown from its start.
    a.handle(Event::ctrl('a'));
    a.handle(Event::ctrl('k'));
    feed(&mut a, Event::typed("urn:a:b"));
    assert!(input_row(&mut a).starts_with("urn:a:b "));
}

/// A typed run longer than a thousand characters is taken back whole by one undo, and
/// brought back whole by one redo.
#[test]
fn undo_takes_back_a_long_typed_run_whole() {
    let mut a = app("");
    feed(&mut a, Event::typed("urn:a:"));
    a.handle(Event::key(KeyCode::End));
    let run = "b".repeat(1500);
    feed(&mut a, Event::typed(&run));
    assert_eq!(a.input(0).len(), 1506);
    a.handle(Event::alt('z'));
    assert_eq!(a.input(0), "urn:a:", "the whole run, in one step");
    a.handle(Event::alt('z'));
    assert_eq!(a.input(0), "", "then the run before it");
    a.handle(Event::alt('z'));
    assert_eq!(a.input(0), "");
    assert_eq!(a.status(), Some("nothing to undo"));
    a.handle(Event::ctrl('r'));
    a.handle(Event::ctrl('r'));
    assert_eq!(a.input(0), format!("urn:a:{run}"));
    // Undo puts the cursor back where the run began; typing goes there.
    a.handle(Event::alt('z'));
    feed(&mut a, Event::typed("c"));
    assert_eq!(a.input(0), "urn:a:c");
}

/// `q` in a pane asks for a second `q`; any other key cancels it, and the prompt goes
/// with it (it is no longer true); the next `q` asks again, and `q` twice quits.
#[test]
fn a_cancelled_quit_takes_its_prompt_away() {
    let mut a = app("http://example.com/a");
    focus(&mut a, Focus::Tree);
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(!a.should_quit());
    let prompt = a.status().unwrap_or_default().to_string();
    assert!(prompt.contains("q again quits"), "{prompt}");
    a.handle(Event::key(KeyCode::Down));
    let s = screen(&mut a, 80, 24);
    assert!(!s.contains("q again"), "{s}");
    assert_ne!(a.status(), Some(prompt.as_str()));
    insta::assert_snapshot!("quit_cancelled_80x24", s);
    // The next `q` asks again: it does not quit.
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(!a.should_quit());
    assert!(screen(&mut a, 80, 24).contains("q again quits"));
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(a.should_quit());
}

/// Diff mode's trees (Ctrl-D, F6) on an ambiguous pair under RFC 2141, `r`: the other
/// reading keeps its title, joins the `Tab` order after its tree, scrolls, and shows the
/// whole subtree (rows `kind text rule`) and the deciding quote.
#[test]
fn the_other_reading_in_the_diff_trees_is_read_whole() {
    let mut a = App::new(AppConfig {
        input: "urn:example:a?+b".into(),
        with: Some("urn:example:a?+c".into()),
        profile: Some(Profile::Rfc2141),
        ..AppConfig::default()
    });
    a.handle(Event::key(KeyCode::F(6)));
    focus(&mut a, Focus::TreeA);
    a.handle(Event::key(KeyCode::Char('r')));
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("diff_reading_shown_80x24", s);
    assert!(s.contains("Other reading"), "{s}");
    assert!(s.contains("A · "), "the tree keeps its title: {s}");
    // Tab: the reading has the keyboard (its frame is the heavy one); the tree's is not.
    a.handle(Event::key(KeyCode::Tab));
    assert_eq!(a.focus(), Focus::TreeA);
    let s = screen(&mut a, 80, 24);
    let heavy: Vec<&str> = s.lines().filter(|l| l.contains('┏')).collect();
    assert_eq!(heavy.len(), 1, "{s}");
    assert!(heavy[0].contains("Other reading"), "{s}");
    insta::assert_snapshot!("diff_reading_focused_80x24", s);
    // It scrolls to its end: every row of the subtree and the deciding quote pass by.
    let mut seen = String::new();
    for _ in 0..40 {
        seen.push_str(&screen(&mut a, 80, 24));
        a.handle(Event::key(KeyCode::Down));
    }
    let s = screen(&mut a, 80, 24);
    seen.push_str(&s);
    assert!(seen.contains("nss"), "the nss row: {seen}");
    assert!(seen.contains("a?+b"), "{seen}");
    assert!(seen.contains("decided by"), "{seen}");
    assert!(
        s.contains("Other reading"),
        "the title stays when scrolled: {s}"
    );
    insta::assert_snapshot!("diff_reading_scrolled_80x24", s);
    // Tab goes on to B's tree; Shift-Tab comes back to A's reading, then A's tree.
    a.handle(Event::key(KeyCode::Tab));
    assert_eq!(a.focus(), Focus::TreeB);
    a.handle(Event::key(KeyCode::BackTab));
    assert_eq!(a.focus(), Focus::TreeA);
    let s = screen(&mut a, 80, 24);
    let heavy: Vec<&str> = s.lines().filter(|l| l.contains('┏')).collect();
    assert!(heavy.iter().all(|l| l.contains("Other reading")), "{s}");
    a.handle(Event::key(KeyCode::BackTab));
    assert_eq!(a.focus(), Focus::TreeA);
    // `r` in the reading hides it; Tab then goes straight to B's tree.
    a.handle(Event::key(KeyCode::Tab));
    a.handle(Event::key(KeyCode::Char('r')));
    assert!(!screen(&mut a, 80, 24).contains("Other reading"));
    a.handle(Event::key(KeyCode::Tab));
    assert_eq!(a.focus(), Focus::TreeB);
    // B's tree has its own: `r`, Tab, and its reading has the keyboard.
    a.handle(Event::key(KeyCode::Char('r')));
    a.handle(Event::key(KeyCode::Tab));
    assert_eq!(a.focus(), Focus::TreeB);
    let s = screen(&mut a, 80, 24);
    let heavy: Vec<&str> = s.lines().filter(|l| l.contains('┏')).collect();
    assert_eq!(heavy.len(), 1, "{s}");
    assert!(heavy[0].contains("Other reading"), "{s}");
    assert!(s.contains("B · 4 nodes"), "{s}");
    // A click on A's reading (still shown, right of A's tree) gives it the keyboard.
    a.handle(Event::key(KeyCode::BackTab));
    a.handle(Event::key(KeyCode::BackTab));
    a.handle(Event::key(KeyCode::Char('r')));
    focus(&mut a, Focus::Diagnostics);
    let s = screen(&mut a, 80, 24);
    let y = s.lines().position(|l| l.contains("Other reading"));
    let y = y.map_or(0, |y| y as u16 + 1);
    a.handle(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 60,
        row: y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(a.focus(), Focus::TreeA);
    let s = screen(&mut a, 80, 24);
    let heavy: Vec<&str> = s.lines().filter(|l| l.contains('┏')).collect();
    assert_eq!(heavy.len(), 1, "{s}");
    assert!(heavy[0].contains("Other reading"), "{s}");
}
