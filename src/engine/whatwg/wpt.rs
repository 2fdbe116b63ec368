//! Where the web-platform-tests URL files vendored under `tests/data/whatwg/` (WPT commit
//! 876fe001 for `urltestdata.json`, 0b3b98ca for `toascii.json`) and the revision of the
//! URL Standard implemented here (6ae8486, 2 July 2026) disagree: each case the later
//! standard changes, with the change. `idbench test` reports these cases as known
//! disagreements rather than failures, and `tests/whatwg_wpt.rs` checks that every listed
//! case still disagrees.

/// whatwg/url commit a8d5ca3 (25 June 2026, "Add Unicode ToASCII fallback for ASCII
/// domains"): the domain parser keeps an ASCII domain, lower-cased, when Unicode ToASCII
/// fails on it (reporting a domain-to-ASCII validation error), instead of failing. WPT PR
/// 60476 updated the tests; the vendored files predate it.
pub const ASCII_FALLBACK: &str = "whatwg/url a8d5ca3: an ASCII domain that Unicode ToASCII \
                                  rejects is kept, lower-cased (domain-to-ASCII validation \
                                  error), not a failure";

/// `urltestdata.json` cases whose expectation the implemented revision changes: (input,
/// base, the change).
pub const URLTESTDATA_CHANGED: &[(&str, Option<&str>, &str)] = &[
    ("http://a.b.c.xn--pokxncvks", None, ASCII_FALLBACK),
    ("http://10.0.0.xn--pokxncvks", None, ASCII_FALLBACK),
    ("http://a.b.c.XN--pokxncvks", None, ASCII_FALLBACK),
    ("http://a.b.c.Xn--pokxncvks", None, ASCII_FALLBACK),
    ("http://10.0.0.XN--pokxncvks", None, ASCII_FALLBACK),
    ("http://10.0.0.xN--pokxncvks", None, ASCII_FALLBACK),
    ("file://xn--/p", None, ASCII_FALLBACK),
    ("https://xn--/", None, ASCII_FALLBACK),
];

/// `toascii.json` cases the implemented revision changes, or whose expectation the IDNA
/// crate cannot meet: (input, why).
pub const TOASCII_CHANGED: &[(&str, &str)] = &[
    ("xn--a", ASCII_FALLBACK),
    ("xn--a.xn--zca", ASCII_FALLBACK),
    ("xn--ls8h=", ASCII_FALLBACK),
    ("xn--1ug.example", ASCII_FALLBACK),
    ("xn--a-yoc", ASCII_FALLBACK),
    ("xn--zn7c.com", ASCII_FALLBACK),
    // Not the standard's change: the `idna` crate (1.1.0, the engine's IDNA) rejects the
    // label "1" of a Bidi domain name under CheckBidi (RFC 5893 rule 1: a label starts with
    // L, R or AL); WPT expects "1.xn--mhb". The url crate on the same idna agrees with us.
    (
        "1.\u{64A}",
        "idna 1.1.0's CheckBidi rejects a digits-only label in a Bidi domain name",
    ),
];

/// The change that makes a `urltestdata.json` case disagree, if it is listed.
pub fn urltestdata_change(input: &str, base: Option<&str>) -> Option<&'static str> {
    URLTESTDATA_CHANGED
        .iter()
        .find(|(i, b, _)| *i == input && *b == base)
        .map(|c| c.2)
}

/// The change that makes a `toascii.json` case disagree, if it is listed.
pub fn toascii_change(input: &str) -> Option<&'static str> {
    TOASCII_CHANGED
        .iter()
        .find(|(i, _)| *i == input)
        .map(|c| c.1)
}

/// The `URL` getters, as [`super::UrlRecord::getters`] gives them.
pub fn getters(u: &super::UrlRecord) -> [(&'static str, String); 11] {
    u.getters()
}
