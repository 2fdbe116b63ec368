//! The standards view (F8) is a Tab stop in every layout: alone, with the base line, in
//! diff mode and with the diff trees (F6), at 80×24. Tab walks the stops once round; the
//! view is one of them, and while it has the focus the screen shows it; no stop is a part
//! the view covers.

mod support;

use crossterm::event::KeyCode;
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use support::{feed, screen};

const INPUT: &str = "https://example.com\\foo";

/// A workbench on the input, in the layout `keys` make, with the standards view shown
/// and the focus back on the input line.
fn shown(base: Option<&str>, keys: &[Event]) -> App {
    let mut a = App::new(AppConfig {
        input: INPUT.into(),
        base: base.map(str::to_string),
        ..AppConfig::default()
    });
    feed(&mut a, keys.iter().cloned());
    feed(&mut a, [Event::key(KeyCode::F(8))]);
    assert_eq!(a.focus(), Focus::Details, "F8 focuses the view");
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("Standards ·"), "{s}");
    a
}

/// The stops Tab visits from the current focus until it comes back, each with whether
/// the standards view was on screen.
fn walk(a: &mut App) -> Vec<(Focus, bool)> {
    let start = a.focus();
    let mut stops = Vec::new();
    for _ in 0..16 {
        feed(a, [Event::key(KeyCode::Tab)]);
        let s = screen(a, 80, 24);
        stops.push((a.focus(), s.contains("Standards ·")));
        if a.focus() == start {
            return stops;
        }
    }
    panic!("Tab never came back to {start:?}: {stops:?}");
}

fn check(name: &str, base: Option<&str>, keys: &[Event], covered: &[Focus]) {
    let mut a = shown(base, keys);
    let stops = walk(&mut a);
    let details: Vec<_> = stops.iter().filter(|(f, _)| *f == Focus::Details).collect();
    assert_eq!(details.len(), 1, "{name}: the view is one stop: {stops:?}");
    assert!(details[0].1, "{name}: focused, the view is on screen");
    for f in covered {
        assert!(
            stops.iter().all(|(g, _)| g != f),
            "{name}: {f:?} is covered by the view, not a stop: {stops:?}"
        );
    }
    // Backwards too.
    let mut back = Vec::new();
    for _ in 0..stops.len() {
        feed(&mut a, [Event::key(KeyCode::BackTab)]);
        back.push(a.focus());
    }
    assert!(
        back.contains(&Focus::Details),
        "{name}: Shift-Tab: {back:?}"
    );
}

#[test]
fn the_standards_view_is_a_tab_stop_in_the_single_layout() {
    check("single", None, &[], &[]);
}

#[test]
fn the_standards_view_is_a_tab_stop_with_the_base_line() {
    check(
        "with base",
        Some("http://a/b/c/d"),
        &[],
        &[Focus::Resolution],
    );
}

#[test]
fn the_standards_view_is_a_tab_stop_in_diff_mode() {
    check("diff", None, &[Event::ctrl('d')], &[Focus::Ladder]);
    check(
        "diff trees",
        None,
        &[Event::ctrl('d'), Event::key(KeyCode::F(6))],
        &[Focus::TreeA, Focus::TreeB],
    );
}
