//! Under `whatwg` the forms pane lists the URL Standard's forms only (the descriptor's
//! rows): no `iri_normal` or `uri_normal` row, which the RFCs define and the URL Standard
//! does not; under an RFC profile the same input keeps them. At 80×24.

mod support;

use idbench::engine::Profile;
use idbench::tui::app::{App, AppConfig};
use support::screen;

fn under(profile: Profile) -> String {
    let mut a = App::new(AppConfig {
        input: "HTTP://Example.COM:80/./a#f".into(),
        profile: Some(profile),
        ..AppConfig::default()
    });
    screen(&mut a, 80, 24)
}

#[test]
fn the_forms_pane_shows_the_url_standards_forms_only_under_whatwg() {
    let s = under(Profile::Whatwg);
    insta::assert_snapshot!("whatwg_forms_80x24", s);
    assert!(s.contains("href"), "{s}");
    assert!(
        !s.contains("iri_normal") && !s.contains("uri_normal"),
        "{s}"
    );
    let s = under(Profile::Rfc3986);
    assert!(s.contains("iri_normal") && s.contains("uri_normal"), "{s}");
}
