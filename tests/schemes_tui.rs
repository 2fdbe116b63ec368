//! The URI scheme layer in the workbench (issue 39) at 80×24 on a `TestBackend`: the tree
//! with the scheme grammar's structure under the path, Details of the scheme node with its
//! registration, the ladder with the scheme's rungs, Ctrl-X and the badge. Accept changes
//! with `INSTA_UPDATE=always cargo test --test schemes_tui` and check each `.snap` by eye.

mod support;

use crossterm::event::{KeyCode, KeyModifiers};
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use support::{app, feed, focus, screen};

#[test]
fn tree_and_details_of_the_scheme_node() {
    let mut a = app("mailto:aa@example.org,bb@x.y?subject=hi");
    let tree = screen(&mut a, 80, 24);
    assert!(tree.contains("addr-spec"), "{tree}");
    insta::assert_snapshot!("schemes_tree_80x24", tree);
    focus(&mut a, Focus::Tree);
    // The root, then its first child: the scheme node.
    feed(
        &mut a,
        [Event::key(KeyCode::Home), Event::key(KeyCode::Down)],
    );
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("kind         scheme"), "{s}");
    insta::assert_snapshot!("schemes_details_scheme_node_80x24", s);
}

#[test]
fn the_ladder_climbs_the_scheme_steps() {
    let mut a = App::new(AppConfig {
        input: "tel:+1-201-555-0123".into(),
        with: Some("tel:+12015550123".into()),
        ..AppConfig::default()
    });
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("RFC 3966"), "{s}");
    insta::assert_snapshot!("schemes_ladder_80x24", s);
}

#[test]
fn ctrl_x_turns_the_layer_off_with_a_badge() {
    let mut a = app("http:///a");
    let on = screen(&mut a, 80, 24);
    assert!(on.contains("scheme-http-empty-host"), "{on}");
    a.handle(Event::key_with(KeyCode::Char('x'), KeyModifiers::CONTROL));
    let off = screen(&mut a, 80, 24);
    assert!(!off.contains("scheme-http-empty-host"), "{off}");
    assert!(off.contains("layers off"), "{off}");
    insta::assert_snapshot!("schemes_off_80x24", off);
    assert!(a.analysis(0).scheme_spec.is_none());
}

#[test]
fn a_purl_shows_its_nodes_under_the_path() {
    let mut a = app("pkg:maven/org.apache.commons/io@1.3.4?classifier=x");
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("namespace"), "{s}");
    assert!(s.contains("version"), "{s}");
    insta::assert_snapshot!("schemes_purl_tree_80x24", s);
}

/// The brief's purl at 80×24: its qualifier's key and value under the query, its subpath's
/// segments under the fragment, every grafted node of kind `scheme-part` in the kind column.
#[test]
fn a_purl_shows_its_qualifiers_and_subpath() {
    let mut a = app("pkg:npm/a@1?arch=x86#lib/x");
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("qualifier"), "{s}");
    assert!(s.contains("subpath"), "{s}");
    assert!(s.contains("scheme-part"), "{s}");
    insta::assert_snapshot!("schemes_purl_query_fragment_80x24", s);
}
