//! Under rfc8141 every diagnostic cites RFC 8141's own sections (or RFC 3986, whose
//! grammar RFC 8141 builds on), never the rfc2141bis draft's or RFC 2141's, except for the
//! short allow-list below, each with its reason.

use idbench::engine::{Options, Profile, analyze};
use idbench::idsets;

/// Codes allowed to cite another text under rfc8141, and why.
const ALLOWED: &[(&str, &str)] = &[
    // RFC 8141's ABNF admits the NID "urn" and RFC 8141 nowhere reserves it; the
    // reservation is RFC 2141 §2.1's, and the message says so (docs/readings.md).
    ("nid-reserved", "RFC 2141 §2.1"),
];

/// Invalid or doubtful URNs, so the error paths are covered too.
const INVALID: &[&str] = &[
    "urn:",
    "urn:a",
    "urn:a:",
    "urn:-a:b",
    "urn:a-:b",
    "urn:ab_c:d",
    "urn:abcdefghijklmnopqrstuvwxyz0123456789:x",
    "urn:urn:x",
    "URN:URN:x",
    "urn:urn-0:x",
    "urn:urn-x:y",
    "urn:X-foo:bar",
    "urn:ex:a%zz",
    "urn:ex:a%0",
    "urn:ex:a%00",
    "urn:ex:a b",
    "urn:ex:a\"b",
    "urn:ex:a<b>",
    "urn:ex:a\\b",
    "urn:ex:a^b`c{d}|",
    "urn:ex:é",
    "urn:ex:a?+",
    "urn:ex:a?=",
    "urn:ex:a?",
    "urn:ex:a?x",
    "urn:ex:a?=q?+r",
    "urn:ex:a?+r?=q#f#g",
    "urn:ex:a#",
    "urn:ex:a#f[x]",
    "urn:ex:/a",
    "urn:ex:a//b",
    "urn:ex:a/../b",
    "urn::x",
    "urn:a:b\u{202E}c",
    "urn:a:b\u{0}c",
    "ur:foo:x",
    "urn",
    "",
];

fn check(id: &str, bad: &mut Vec<String>) {
    let o = Options {
        profile: Some(Profile::Rfc8141),
        // The URN spec's own diagnostics: the namespace layer cites each namespace's
        // document (tests/namespaces_layer.rs).
        namespace: false,
        scheme_spec: false,
        equivalence_key: true,
        ..Options::default()
    };
    let a = analyze(id, &o);
    for d in a.all_diagnostics() {
        let ok = d.spec.starts_with("RFC 8141")
            || d.spec.starts_with("RFC 3986")
            || ALLOWED
                .iter()
                .any(|(c, s)| d.code.as_str() == *c && d.spec == *s);
        if !ok {
            bad.push(format!("{id:?}: {} cites {:?}", d.code.as_str(), d.spec));
        }
    }
}

#[test]
fn every_rfc8141_diagnostic_cites_rfc8141_or_rfc3986() {
    let mut bad = Vec::new();
    let (entries, errors) =
        idsets::parse_set("rfc8141", include_str!("../examples/ids/rfc8141.txt"));
    assert!(errors.is_empty(), "{errors:?}");
    assert!(entries.len() > 20, "the rfc8141 set is read");
    for e in &entries {
        check(&e.id, &mut bad);
        if let idsets::Expect::Pair { other, .. } = &e.expect {
            check(other, &mut bad);
        }
    }
    for id in INVALID {
        check(id, &mut bad);
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn nid_urn_says_where_the_reservation_comes_from() {
    let o = Options {
        profile: Some(Profile::Rfc8141),
        // The URN spec's own diagnostics: the namespace layer cites each namespace's
        // document (tests/namespaces_layer.rs).
        namespace: false,
        scheme_spec: false,
        equivalence_key: true,
        ..Options::default()
    };
    let a = analyze("urn:urn:x", &o);
    let d = a
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "nid-reserved")
        .expect("nid-reserved under rfc8141");
    assert_eq!(d.spec, "RFC 2141 §2.1");
    assert!(
        d.message
            .contains("RFC 8141's ABNF admits it; RFC 2141 §2.1 reserves it"),
        "{}",
        d.message
    );
}
