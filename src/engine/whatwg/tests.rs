//! Unit tests of the WHATWG parser: spans, notes and validation errors.

use super::*;

#[test]
fn placeholder() {
    let p = parse("https://1.\u{64A}/x", None);
    for d in &p.diagnostics { eprintln!("{} {} {} {}", d.severity, d.code, d.span, d.message); }
    eprintln!("{:?}", idna::domain_to_ascii("1.\u{64A}"));
    eprintln!("{:?}", idna::domain_to_ascii_cow("1.\u{64A}".as_bytes(), idna::AsciiDenyList::URL));
    assert!(parse("http://a/", None).valid());
}
