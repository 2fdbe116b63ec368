//! The URL setter (F9) at 80×24: under the whatwg profile it changes one component of the
//! input through the URL Standard's setter and puts the new href in the input, as one undo
//! step; under any other profile it only says how to reach it, and its hint is not shown.

mod support;

use crossterm::event::KeyCode;
use idbench::engine::Profile;
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use support::{feed, row, screen};

fn whatwg(input: &str) -> App {
    App::new(AppConfig {
        input: input.into(),
        profile: Some(Profile::Whatwg),
        ..AppConfig::default()
    })
}

fn status_row(a: &mut App) -> String {
    let t = support::draw(a, 80, 24);
    row(t.backend().buffer(), 23)
}

#[test]
fn f9_sets_the_port_and_the_input_becomes_the_new_href() {
    let mut a = whatwg("http://example.net/a?q");
    assert!(
        status_row(&mut a).contains("F9 set"),
        "{}",
        status_row(&mut a)
    );
    a.handle(Event::key(KeyCode::F(9)));
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("URL setter"), "{s}");
    assert!(s.contains("▸href"), "{s}");
    assert!(s.contains(" hostname  example.net"), "{s}");
    // href, protocol, username, password, host, hostname, then port.
    for _ in 0..6 {
        a.handle(Event::key(KeyCode::Down));
    }
    a.handle(Event::key(KeyCode::Enter));
    feed(&mut a, Event::typed("8080"));
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("port = 8080"), "{s}");
    assert!(s.contains("gives http://example.net:8080/a?q"), "{s}");
    a.handle(Event::key(KeyCode::Enter));
    assert_eq!(a.input(0), "http://example.net:8080/a?q");
    let s = screen(&mut a, 80, 24);
    assert!(!s.contains("URL setter"), "the overlay closed: {s}");
    assert!(
        row(support::draw(&mut a, 80, 24).backend().buffer(), 1)
            .contains("http://example.net:8080/a?q"),
        "{s}"
    );
    assert!(
        a.status().is_some_and(|m| m.contains("port set")),
        "{:?}",
        a.status()
    );
    // One undo step gives the input back.
    a.handle(Event::alt('z'));
    assert_eq!(a.input(0), "http://example.net/a?q");
}

#[test]
fn a_refused_change_keeps_the_input_and_says_why() {
    let mut a = whatwg("http://example.net/");
    a.handle(Event::key(KeyCode::F(9)));
    a.handle(Event::key(KeyCode::Down));
    a.handle(Event::key(KeyCode::Enter));
    feed(&mut a, Event::typed("foo"));
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("ignored: a special scheme"), "{s}");
    a.handle(Event::key(KeyCode::Enter));
    assert_eq!(a.input(0), "http://example.net/");
    assert!(
        a.status().is_some_and(|m| m.contains("protocol not set")),
        "{:?}",
        a.status()
    );
    // Esc goes back to the components, then closes.
    a.handle(Event::key(KeyCode::F(9)));
    a.handle(Event::key(KeyCode::Enter));
    a.handle(Event::key(KeyCode::Esc));
    assert!(screen(&mut a, 80, 24).contains("URL setter"));
    a.handle(Event::key(KeyCode::Esc));
    assert!(!screen(&mut a, 80, 24).contains("URL setter"));
}

#[test]
fn outside_the_whatwg_profile_f9_only_says_how() {
    let mut a = support::app("http://example.net/");
    assert!(!status_row(&mut a).contains("F9"), "{}", status_row(&mut a));
    a.handle(Event::key(KeyCode::F(9)));
    assert!(!screen(&mut a, 80, 24).contains("URL setter"));
    assert!(
        a.status().is_some_and(|m| m.contains("whatwg")),
        "{:?}",
        a.status()
    );
    assert_eq!(a.input(0), "http://example.net/");
}

#[test]
fn control_characters_in_the_value_are_shown_as_tokens() {
    let mut a = whatwg("http://example.net/");
    a.handle(Event::key(KeyCode::F(9)));
    for _ in 0..9 {
        a.handle(Event::key(KeyCode::Down));
    }
    a.handle(Event::key(KeyCode::Enter));
    a.handle(Event::Paste("a\u{1b}[2Jb".into()));
    let s = screen(&mut a, 80, 24);
    assert!(!s.contains('\u{1b}'), "{s:?}");
    assert!(s.contains("hash = a⟨"), "{s}");
    a.handle(Event::key(KeyCode::Enter));
    assert_eq!(a.input(0), "http://example.net/#a%1B[2Jb");
}
