//! Every pane is reached by Tab and scrolls: the focus cycle in each mode, diff mode's two
//! trees (focused, scrolled by keys and wheel, their selection read in Details, the first
//! difference kept marked), and the resolution pane (focused, scrolled, its position in
//! the title).
//!
//! Accept snapshot changes with `INSTA_UPDATE=always cargo test --test tui_panes` and check
//! each `.snap` file by eye.

mod support;

use crossterm::event::{KeyCode, KeyModifiers, MouseEvent, MouseEventKind};
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use support::{app, feed, focus, screen};

/// The foci Tab visits from the current one, in order, until it comes back.
fn cycle(a: &mut App) -> Vec<Focus> {
    let start = a.focus();
    let mut seen = vec![start];
    for _ in 0..20 {
        a.handle(Event::key(KeyCode::Tab));
        if a.focus() == start {
            return seen;
        }
        seen.push(a.focus());
    }
    panic!("Tab never came back to {start:?}: {seen:?}");
}

#[test]
fn tab_reaches_every_pane_in_each_mode() {
    let mut single = app("http://a/b");
    assert_eq!(
        cycle(&mut single),
        [
            Focus::Input,
            Focus::Tree,
            Focus::Details,
            Focus::Forms,
            Focus::Diagnostics
        ]
    );
    let mut base = App::new(AppConfig {
        input: "../g".into(),
        base: Some("http://a/b/c/d;p?q".into()),
        ..AppConfig::default()
    });
    focus(&mut base, Focus::Base);
    assert_eq!(
        cycle(&mut base),
        [
            Focus::Base,
            Focus::Input,
            Focus::Tree,
            Focus::Resolution,
            Focus::Forms,
            Focus::Diagnostics
        ]
    );
    let mut diff = App::new(AppConfig {
        input: "http://a/b".into(),
        with: Some("http://a/c".into()),
        ..AppConfig::default()
    });
    assert_eq!(
        cycle(&mut diff),
        [
            Focus::Input,
            Focus::Second,
            Focus::Ladder,
            Focus::Diagnostics
        ]
    );
    diff.handle(Event::key(KeyCode::F(6)));
    assert_eq!(
        cycle(&mut diff),
        [
            Focus::Input,
            Focus::Second,
            Focus::TreeA,
            Focus::TreeB,
            Focus::Diagnostics
        ]
    );
}

const A: &str = "http://example.com/one/two/three/four/five/six?q=1#f";
const B: &str = "http://example.com/one/two/three/four/five/SIX?q=1#f";

fn diff_trees() -> App {
    let mut a = App::new(AppConfig {
        input: A.into(),
        with: Some(B.into()),
        ..AppConfig::default()
    });
    a.handle(Event::key(KeyCode::F(6)));
    a
}

fn node_kind(a: &App, side: usize) -> String {
    let n = a.selected_node(side);
    a.analysis(side)
        .tree
        .get(n)
        .map(|n| format!("{} {}", n.kind().name(), n.text(&a.analysis(side).input)))
        .unwrap_or_default()
}

#[test]
fn a_diff_tree_is_focused_scrolled_and_read_in_details() {
    let mut a = diff_trees();
    let s = screen(&mut a, 80, 24);
    // Each tree overflows its half: the title says which rows are shown.
    assert!(s.contains("A · 13 nodes · rows"), "{s}");
    assert!(s.contains("≠ first difference"), "{s}");
    assert_eq!(node_kind(&a, 1), "segment SIX");
    focus(&mut a, Focus::TreeB);
    // Keys move B's selection (A's stays on the difference).
    feed(&mut a, [Event::key(KeyCode::Up), Event::key(KeyCode::Up)]);
    assert_eq!(node_kind(&a, 1), "segment four");
    assert_eq!(node_kind(&a, 0), "segment six");
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("diff_tree_focused_scrolled_80x24", s);
    // The difference stays marked in both trees while the selection is elsewhere.
    let marked = s.lines().filter(|l| l.chars().nth(2) == Some('≠'));
    assert_eq!(marked.count(), 2, "{s}");
    // `d` reads B's selected node whole in Details, in the trees' room; Esc comes back.
    a.handle(Event::key(KeyCode::Char('d')));
    assert_eq!(a.focus(), Focus::Details);
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("four"), "{s}");
    assert!(s.contains("segment"), "{s}");
    a.handle(Event::key(KeyCode::Esc));
    assert_eq!(a.focus(), Focus::TreeB);
    // The wheel over A's tree scrolls it; the focus stays on B's.
    let s = screen(&mut a, 80, 24);
    let y = s
        .lines()
        .position(|l| l.contains("A · 13 nodes"))
        .map_or(0, |y| y as u16 + 2);
    a.handle(Event::Mouse(MouseEvent {
        kind: MouseEventKind::ScrollUp,
        column: 5,
        row: y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(a.focus(), Focus::TreeB);
    assert_eq!(node_kind(&a, 0), "segment five");
    a.handle(Event::key(KeyCode::BackTab));
    // At 100×30 the trees stand side by side.
    let wide = screen(&mut a, 100, 30);
    assert!(
        wide.lines()
            .any(|l| l.contains("A · 13 nodes") && l.contains("B · 13 nodes")),
        "{wide}"
    );
    insta::assert_snapshot!("diff_trees_focused_100x30", wide);
}

#[test]
fn the_resolution_pane_is_focused_and_scrolled() {
    let mut a = App::new(AppConfig {
        input: "../../g;x?y#s".into(),
        base: Some("http://a/b/c/d;p?q".into()),
        ..AppConfig::default()
    });
    let s = screen(&mut a, 80, 24);
    let title = |s: &str| {
        s.lines()
            .find(|l| l.contains("Resolution"))
            .unwrap_or("")
            .to_string()
    };
    assert!(title(&s).contains("· rows 1–"), "{s}");
    focus(&mut a, Focus::Resolution);
    feed(
        &mut a,
        [Event::key(KeyCode::Down), Event::key(KeyCode::Down)],
    );
    let s = screen(&mut a, 80, 24);
    assert!(title(&s).contains("· rows 3–"), "{}", title(&s));
    insta::assert_snapshot!("resolution_scrolled_80x24", s);
    // PgDn pages down; End goes to the end, never past it.
    a.handle(Event::key(KeyCode::PageDown));
    assert!(title(&screen(&mut a, 80, 24)).contains("· rows 7–"));
    a.handle(Event::key(KeyCode::End));
    a.handle(Event::key(KeyCode::PageDown));
    let s = screen(&mut a, 80, 24);
    let t = title(&s);
    let nums: Vec<usize> = t
        .rsplit('·')
        .next()
        .unwrap_or("")
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(nums.len() == 3 && nums[1] == nums[2] && nums[0] > 1, "{t}");
    // The wheel scrolls it back up.
    let y = s
        .lines()
        .position(|l| l.contains("Resolution"))
        .map_or(0, |y| y as u16 + 2);
    for _ in 0..20 {
        a.handle(Event::Mouse(MouseEvent {
            kind: MouseEventKind::ScrollUp,
            column: 60,
            row: y,
            modifiers: KeyModifiers::NONE,
        }));
    }
    assert!(title(&screen(&mut a, 80, 24)).contains("· rows 1–"));
    // Enter copies the target.
    a.handle(Event::key(KeyCode::Enter));
    assert!(
        a.status().unwrap_or("").contains("the target"),
        "{:?}",
        a.status()
    );
}

#[test]
fn a_profile_cell_in_diff_mode_reads_the_pair_under_it() {
    let mut a = App::new(AppConfig {
        input: "urn:example:a123".into(),
        with: Some("URN:EXAMPLE:a124".into()),
        ..AppConfig::default()
    });
    let comparisons = a.comparisons();
    a.handle(Event::key(KeyCode::F(7)));
    assert_eq!(a.focus(), Focus::Profiles);
    // F7 selects the cell of the profile in use (auto chose rfc8141 for the pair).
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("profile rfc8141 · A and B"), "{s}");
    assert!(s.contains("in use: auto chose it for the pair"), "{s}");
    // Left twice to rfc2141: Details follows the selected cell.
    a.handle(Event::key(KeyCode::Left));
    a.handle(Event::key(KeyCode::Left));
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("diff_profile_cell_details_80x24", s);
    for want in [
        "profile rfc2141 · A and B",
        "≢ not equivalent",
        "where they part",
        "nss",
        "not in use: auto chose rfc8141 for the pair",
    ] {
        assert!(s.contains(want), "{want}: {s}");
    }
    // Nothing was compared again to show it.
    assert_eq!(a.comparisons(), comparisons);
    // A profile that cannot read both inputs says so.
    for _ in 0..3 {
        a.handle(Event::key(KeyCode::Left));
    }
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("profile rfc3986 · A and B"), "{s}");
    assert!(
        s.contains("≡ equivalent") || s.contains("≢ not equivalent") || s.contains("not compared"),
        "{s}"
    );
    // The auto cell says what auto chose and why.
    a.handle(Event::key(KeyCode::Home));
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("profile auto · A and B"), "{s}");
    assert!(s.contains("chose") && s.contains("rfc8141"), "{s}");
    // d focuses Details (to scroll), Esc comes back to the strip, Esc again to the input.
    a.handle(Event::key(KeyCode::Char('d')));
    assert_eq!(a.focus(), Focus::Details);
    a.handle(Event::key(KeyCode::Esc));
    assert_eq!(a.focus(), Focus::Profiles);
    // Enter puts the selected profile in use for the pair.
    a.handle(Event::key(KeyCode::Right));
    a.handle(Event::key(KeyCode::Enter));
    assert_eq!(a.profile(), Some(idbench::engine::Profile::Rfc3986));
    assert_eq!(
        a.diff().map(|d| d.verdict.profile),
        Some(idbench::engine::Profile::Rfc3986)
    );
}

#[test]
fn no_target_says_why_in_full() {
    let mut a = App::new(AppConfig {
        input: "g".into(),
        base: Some("urn:example:a".into()),
        ..AppConfig::default()
    });
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("no_target_80x24", s);
    assert!(s.contains("no target"), "{s}");
    // The code, the section and the message wrapped under it, no word cut.
    for want in [
        "resolve-urn-no-relative",
        "(draft-ietf-urnbis-rfc2141bis-",
        "URNs have no",
    ] {
        assert!(s.contains(want), "{want}: {s}");
    }
}

/// Details follows the focused pane; an empty pane (a valid input's diagnostics) selects
/// nothing, and Details says so instead of showing a blank box, also when Tab then focuses
/// Details itself.
#[test]
fn details_says_when_the_focused_pane_is_empty() {
    let mut a = app("http://a/b");
    assert!(a.analysis(0).diagnostics.is_empty(), "a valid input");
    focus(&mut a, Focus::Diagnostics);
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("the focused pane is empty"), "{s}");
    a.handle(Event::key(KeyCode::Char('d')));
    assert_eq!(a.focus(), Focus::Details);
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("the focused pane is empty"), "{s}");
    // A pane with a selection fills it again.
    focus(&mut a, Focus::Tree);
    let s = screen(&mut a, 100, 30);
    assert!(!s.contains("nothing selected"), "{s}");
}

/// A node 256 cross-references deep is readable in the tree at 80×24: the guides drop their
/// leading columns (marked "…") instead of filling the row.
#[test]
fn a_deep_node_s_row_shows_the_node_at_80x24() {
    let input = format!("xri://@a*{}b{}", "(+a*".repeat(256), ")".repeat(256));
    let mut a = app(&input);
    focus(&mut a, Focus::Tree);
    a.handle(Event::key(KeyCode::End));
    let s = screen(&mut a, 80, 24);
    let row = s
        .lines()
        .find(|l| l.contains('▶'))
        .unwrap_or_else(|| panic!("a selected row: {s}"));
    assert!(row.contains('…'), "{row}");
    // Its kind (cut with "…" when the kind column is full) and its text "*b".
    assert!(row.contains("subs"), "{row}");
    assert!(row.contains("*b"), "{row}");
}
