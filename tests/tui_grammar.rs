//! The grammar reference in the workbench's Details: a selected tree node shows its rule's
//! production (as printed, our reading where it differs, its section) with the alternative
//! that matched marked `▶`; a selected error shows what the grammar expected there.
//!
//! Accept snapshot changes with `INSTA_UPDATE=always cargo test --test tui_grammar` and
//! check each `.snap` file by eye.

mod support;

use crossterm::event::KeyCode;
use idbench::engine::{Options, analyze, rules};
use idbench::tui::app::{App, Focus};
use idbench::tui::event::Event;
use support::{app, feed, focus, screen};

const IPV6: &str = "http://[::1]/";

/// Selects the `IPv6address` node of [`IPV6`] (the tree's fifth row) and focuses Details.
fn ipv6_details() -> App {
    let mut a = app(IPV6);
    focus(&mut a, Focus::Tree);
    feed(
        &mut a,
        [Event::key(KeyCode::Home)]
            .into_iter()
            .chain((0..4).map(|_| Event::key(KeyCode::Down)))
            .chain([Event::key(KeyCode::Char('d'))]),
    );
    assert_eq!(a.focus(), Focus::Details);
    a
}

#[test]
fn a_node_shows_its_production_with_the_matched_alternative_marked() {
    // What the engine says: `::1` is IPv6address's eighth alternative, told by its text.
    let an = analyze(IPV6, &Options::default());
    let node = an
        .tree
        .iter()
        .find(|n| n.rule() == "IPv6address")
        .expect("an IPv6address node");
    let (p, matched) = rules::matched_alternative(an.profile, &node, IPV6).expect("production");
    let matched = matched.expect("the alternative can be told");
    let alt = &p.alternatives[matched.alternative];
    assert_eq!(matched.alternative, 7, "{alt}");

    for (w, h) in [(80, 24), (100, 30)] {
        let mut a = ipv6_details();
        let s = screen(&mut a, w, h);
        // (The label column is as wide as the longest label: spacing aside.)
        let flat = s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("rule IPv6address"), "{s}");
        assert!(s.contains("grammar · RFC 3986 §3.2.2"), "{s}");
        // Every printed line and every alternative, found by scrolling the pane.
        let mut seen = s.clone();
        for _ in 0..40 {
            a.handle(Event::key(KeyCode::Down));
            seen.push_str(&screen(&mut a, w, h));
        }
        for line in p.printed.lines() {
            let start: String = line.trim().chars().take(30).collect();
            assert!(seen.contains(&start), "{line} in Details at {w}x{h}");
        }
        let marked = format!("▶ {}", alt.chars().take(30).collect::<String>());
        assert!(seen.contains(&marked), "{marked} at {w}x{h}");
        // Only the matched alternative is marked: no screen shows two marked rows.
        let mut a = ipv6_details();
        for _ in 0..40 {
            let s = screen(&mut a, w, h);
            assert!(s.lines().filter(|l| l.contains("┃▶ ")).count() <= 1, "{s}");
            a.handle(Event::key(KeyCode::Down));
        }
    }
    let mut a = ipv6_details();
    insta::assert_snapshot!("ipv6_production_80x24", screen(&mut a, 80, 24));
    feed(&mut a, (0..10).map(|_| Event::key(KeyCode::Down)));
    insta::assert_snapshot!("ipv6_alternatives_80x24", screen(&mut a, 80, 24));
    let mut a = ipv6_details();
    // A first frame lays Details out at this size; then scroll to the alternatives.
    screen(&mut a, 100, 30);
    feed(&mut a, (0..10).map(|_| Event::key(KeyCode::Down)));
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("┃▶ [ *5( h16"), "{s}");
    insta::assert_snapshot!("ipv6_alternatives_100x30", s);
}

const BAD: &str = "http://[::1x]/";

#[test]
fn an_error_shows_what_was_expected() {
    let an = analyze(BAD, &Options::default());
    let d = an
        .diagnostics
        .iter()
        .find(|d| !d.expected.is_empty())
        .expect("an error with an expected list");
    let phrase = rules::expected_text(d, BAD).expect("expected text");
    assert_eq!(
        phrase,
        "expected HEXDIG, \":\", \".\" or \"]\" after \"::1\""
    );
    for (w, h) in [(80, 24), (100, 30)] {
        let mut a = app(BAD);
        focus(&mut a, Focus::Diagnostics);
        a.handle(Event::key(KeyCode::Char('d')));
        assert_eq!(a.focus(), Focus::Details);
        let s = screen(&mut a, w, h);
        // The field may wrap: compare with the line breaks and borders taken out.
        let flat: String = s
            .lines()
            .flat_map(|l| l.split('│'))
            .map(str::trim)
            .collect();
        assert!(
            flat.contains(&phrase.replace(' ', "")) || s.contains(&phrase),
            "{phrase} at {w}x{h}:\n{s}"
        );
        insta::assert_snapshot!(format!("error_expected_{w}x{h}"), s);
    }
}

#[test]
fn an_error_says_where_the_parse_reached() {
    // "[::1x" never closes: the unclosed-literal error is at the "[", the parse got to 11.
    let input = "http://[::1x";
    let an = analyze(input, &Options::default());
    let r = an
        .diagnostics
        .iter()
        .find_map(|d| d.reached)
        .expect("an error with a furthest byte");
    let mut a = app(input);
    focus(&mut a, Focus::Diagnostics);
    a.handle(Event::key(KeyCode::Home));
    a.handle(Event::key(KeyCode::Char('d')));
    let mut seen = String::new();
    for _ in 0..4 {
        seen.push_str(&screen(&mut a, 100, 30));
        a.handle(Event::key(KeyCode::Esc));
        focus(&mut a, Focus::Diagnostics);
        a.handle(Event::key(KeyCode::Down));
        a.handle(Event::key(KeyCode::Char('d')));
    }
    assert!(
        seen.contains(&format!("the parse reached byte {r}")),
        "{seen}"
    );
}

#[test]
fn a_run_of_the_same_error_is_one_row_that_says_how_many() {
    // 2,000 "%" in a row: one pct-invalid error over the whole run, listed once as ×2000,
    // and Details says where the run is.
    let input = "%".repeat(2000);
    let an = analyze(&input, &Options::default());
    let errs: Vec<_> = an
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "pct-invalid")
        .collect();
    assert_eq!(errs.len(), 1);
    assert_eq!(
        (errs[0].count, errs[0].span.start, errs[0].span.end),
        (2000, 0, 2000)
    );
    let mut a = app(&input);
    focus(&mut a, Focus::Diagnostics);
    a.handle(Event::key(KeyCode::Home));
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("×2000 '%' must start"), "{s}");
    assert_eq!(s.matches("×2000").count(), 1, "one row for the run:\n{s}");
    a.handle(Event::key(KeyCode::Char('d')));
    let s = screen(&mut a, 100, 30);
    let flat: String = s
        .lines()
        .flat_map(|l| l.split('│'))
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        flat.contains("found 2000 times in a row"),
        "Details names the run:\n{s}"
    );
}
