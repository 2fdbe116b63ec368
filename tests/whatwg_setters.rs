//! The web-platform-tests `setters_tests.json` (see tests/data/whatwg/README.md) through the
//! URL Standard's setters (`engine::whatwg::setters`): every case, each expected getter.

use idbench::engine::whatwg::{self, Component, Outcome};
use serde_json::Value;

fn file() -> Value {
    let path = format!(
        "{}/tests/data/whatwg/setters_tests.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// What the setter gives against what the case expects: `None` when they agree.
fn check(attr: Component, case: &Value) -> Option<String> {
    let href = case["href"].as_str()?;
    let value = case["new_value"].as_str()?;
    let Some(set) = whatwg::set_on(href, attr, value) else {
        return Some(format!("the case's href {href:?} does not parse"));
    };
    let getters = set.url.getters();
    let wrong: Vec<String> = case["expected"]
        .as_object()?
        .iter()
        .filter_map(|(k, want)| {
            let want = want.as_str()?;
            let got = getters.iter().find(|g| g.0 == k).map(|g| g.1.as_str());
            (got != Some(want)).then(|| format!("{k}: want {want:?}, got {got:?}"))
        })
        .collect();
    (!wrong.is_empty()).then(|| format!("{} ({:?})", wrong.join("; "), set.outcome))
}

#[test]
fn setters_tests_pass() {
    let v = file();
    let obj = v.as_object().expect("an object");
    let mut total = 0;
    let mut failures = Vec::new();
    for (attr, cases) in obj {
        if attr == "comment" {
            continue;
        }
        let c = Component::from_name(attr).unwrap_or_else(|| panic!("unknown setter {attr}"));
        for case in cases.as_array().expect("an array of cases") {
            total += 1;
            if let Some(why) = check(c, case) {
                failures.push(format!(
                    "{attr} = {:?} on {:?}: {why}",
                    case["new_value"], case["href"]
                ));
            }
        }
    }
    assert_eq!(total, 278, "the vendored file has 278 cases");
    assert!(
        failures.is_empty(),
        "{} of {total} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn url(s: &str) -> whatwg::UrlRecord {
    whatwg::parse(s, None).url.expect("parses")
}

#[test]
fn a_failure_part_way_keeps_what_was_set_before_it() {
    // The host state sets the host, then the port state fails on 65536.
    let u = url("http://example.net:8080/p");
    let s = whatwg::set(&u, Component::Host, "example.com:65536");
    assert!(matches!(s.outcome, Outcome::Failed(_)));
    assert_eq!(s.url.href(), "http://example.com:8080/p");
    let d = s
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "port-out-of-range")
        .expect("the error");
    assert_eq!((d.span.start, d.span.end), (12, 17));
}

#[test]
fn refusals_leave_the_url_as_it_was_and_say_why() {
    let u = url("http://user@example.net/");
    for (c, v) in [
        (Component::Protocol, "foo"),
        (Component::Protocol, "file"),
        (Component::Hostname, ""),
    ] {
        let s = whatwg::set(&u, c, v);
        assert_eq!(s.url, u, "{c} = {v}");
        assert!(!s.changed(&u));
        assert!(!matches!(s.outcome, Outcome::Applied), "{c} = {v}");
    }
    let m = url("mailto:me@example.net");
    let s = whatwg::set(&m, Component::Pathname, "/x");
    assert!(matches!(s.outcome, Outcome::Ignored(_)));
    let s = whatwg::set(&m, Component::Username, "x");
    assert!(matches!(s.outcome, Outcome::Ignored(_)));
    // href: a value that does not parse is the TypeError; the URL is unchanged.
    let s = whatwg::set(&u, Component::Href, "not a url");
    assert!(matches!(s.outcome, Outcome::Failed(_)));
    assert_eq!(s.url, u);
    assert!(
        s.diagnostics
            .iter()
            .any(|d| d.severity.to_string() == "error")
    );
}

#[test]
fn tabs_and_newlines_are_removed_with_their_spans_and_no_trim() {
    let u = url("http://example.net/");
    let s = whatwg::set(&u, Component::Search, "?a\tb c");
    assert_eq!(s.url.href(), "http://example.net/?ab%20c");
    let tab = s
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "invalid-url-unit" && d.span.start == 2)
        .expect("the tab's warning");
    assert_eq!(tab.span.end, 3);
    // The space is the value's fifth byte: its encoding note points there, past the "?"
    // and the tab.
    assert!(
        s.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "whatwg-percent-encoded"
                && (d.span.start, d.span.end) == (4, 5)),
        "{:?}",
        s.diagnostics
    );
    // Leading and trailing spaces are the value's: encoded, not stripped.
    let s = whatwg::set(&u, Component::Hash, " x ");
    assert_eq!(s.url.hash(), "#%20x%20");
}

#[test]
fn component_names_round_trip() {
    for c in Component::ALL {
        assert_eq!(Component::from_name(c.name()), Some(c));
        assert_eq!(c.name().parse::<Component>(), Ok(c));
    }
    assert!("origin".parse::<Component>().is_err());
}

#[test]
fn a_long_value_is_one_run_of_encoding_and_a_warning_per_unit() {
    // 100,000 "<": each is an invalid URL unit (a warning each) and encoded with the
    // fragment set; the encodings are one note over the whole value.
    let u = url("http://example.net/");
    let value = "<".repeat(100_000);
    let s = whatwg::set(&u, Component::Hash, &value);
    assert_eq!(s.url.hash().len(), 1 + 3 * 100_000);
    let notes: Vec<_> = s
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "whatwg-percent-encoded")
        .collect();
    assert_eq!(notes.len(), 1);
    assert_eq!((notes[0].span.start, notes[0].span.end), (0, 100_000));
    assert_eq!(s.diagnostics.len(), 100_001);
}
