//! The URN grammars (RFC 2141, draft-ietf-urnbis-rfc2141bis-urn-03, RFC 8141): validity,
//! first error and its span, the warnings and notes the specs call for, and tree shapes.

use idbench::engine::{Diagnostic, NodeKind, Options, Profile, Severity, Span, analyze};

const R2141: Profile = Profile::Rfc2141;
const BIS: Profile = Profile::Rfc2141bis;
const R8141: Profile = Profile::Rfc8141;

mod support;
use support::tree::{Show, outline, text_line};

fn diags(input: &str, p: Profile) -> Vec<Diagnostic> {
    analyze(input, &Options::validate_only(Some(p))).diagnostics
}

/// `(input, profile, expected first error as (code, start, end), or None for valid)`.
type Case = (&'static str, Profile, Option<(&'static str, usize, usize)>);

const CASES: &[Case] = &[
    // ---- RFC 2141
    ("urn:foo:a123,456", R2141, None),
    ("URN:foo:a123,456", R2141, None),
    ("uRn:ISBN:0451450523", R2141, None),
    ("urn:isbn", R2141, Some(("nss-missing", 8, 8))),
    ("urn:", R2141, Some(("nid-missing", 4, 4))),
    ("urn::x", R2141, Some(("nid-empty", 4, 4))),
    ("urn:isbn:", R2141, Some(("nss-empty", 9, 9))),
    ("http://example.com/", R2141, Some(("not-a-urn", 0, 1))),
    ("", R2141, Some(("not-a-urn", 0, 0))),
    ("urnx:a:b", R2141, Some(("not-a-urn", 3, 4))),
    // The first character that breaks "urn:".
    ("ur:foo:x", R8141, Some(("not-a-urn", 2, 3))),
    ("urn:a:x", R2141, None),
    ("urn:ab-:x", R2141, None),
    ("urn:-ab:x", R2141, Some(("nid-start", 4, 5))),
    ("urn:abcdefghijklmnopqrstuvwxyz012345:x", R2141, None),
    (
        "urn:abcdefghijklmnopqrstuvwxyz0123456:x",
        R2141,
        Some(("nid-too-long", 36, 37)),
    ),
    ("urn:urn:x", R2141, Some(("nid-reserved", 4, 7))),
    ("urn:URN:x", R2141, Some(("nid-reserved", 4, 7))),
    ("urn:a.b:x", R2141, Some(("nid-char", 5, 6))),
    ("urn:a+b:x", R2141, Some(("nid-char", 5, 6))),
    ("urn:foo:a&b", R2141, Some(("nss-char", 9, 10))),
    ("urn:foo:a~b", R2141, Some(("nss-char", 9, 10))),
    ("urn:foo:a b", R2141, Some(("nss-char", 9, 10))),
    ("urn:foo:a  <>b", R2141, Some(("nss-char", 9, 13))),
    ("urn:foo:a\u{1}b", R2141, Some(("nss-char", 9, 10))),
    ("urn:foo:a\u{7f}", R2141, Some(("nss-char", 9, 10))),
    ("urn:foo:é", R2141, Some(("nss-char", 8, 10))),
    ("urn:foo:a\"\\^`{|}[]", R2141, Some(("nss-char", 9, 18))),
    ("urn:foo:a%2", R2141, Some(("pct-malformed", 9, 11))),
    ("urn:foo:a%", R2141, Some(("pct-malformed", 9, 10))),
    ("urn:foo:a%g1", R2141, Some(("pct-malformed", 9, 10))),
    ("urn:foo:a%25", R2141, None),
    // RFC 2141 §2.4: %00 "should NEVER be used": a warning, not an error.
    ("urn:foo:a%00", R2141, None),
    ("urn:foo:a\0", R2141, Some(("nul-octet", 9, 10))),
    ("urn:foo:a/b?c#d", R2141, None),
    ("urn:foo:a123%2C456", R2141, None),
    ("urn:foo:a123%2c456", R2141, None),
    ("urn:foo:%C3%A9", R2141, None),
    // ---- rfc2141bis
    ("urn:foo:a123,456", BIS, None),
    ("urn:a:x", BIS, Some(("nid-too-short", 5, 6))),
    ("urn:ab-:x", BIS, Some(("nid-end", 6, 7))),
    ("urn:-ab:x", BIS, Some(("nid-start", 4, 5))),
    ("urn:urn:x", BIS, Some(("nid-reserved", 4, 7))),
    ("urn:isbn", BIS, Some(("nss-missing", 8, 8))),
    ("urn:foo?s=I2L", BIS, Some(("nss-missing", 7, 7))),
    ("urn:foo:?s=I2L", BIS, Some(("nss-empty", 8, 8))),
    ("urn:foo:a&b~c", BIS, None),
    ("urn:foo:a/b", BIS, Some(("nss-char", 9, 10))),
    ("urn:foo:a[b]", BIS, Some(("nss-char", 9, 10))),
    ("urn:foo:a b", BIS, Some(("nss-char", 9, 10))),
    ("urn:foo:a%zz", BIS, Some(("pct-malformed", 9, 10))),
    ("urn:foo:a%00", BIS, Some(("pct-nul", 9, 12))),
    ("urn:foo:x?s=I2L%00", BIS, Some(("pct-nul", 15, 18))),
    ("urn:foo:a%41", BIS, None),
    ("urn:ISBN:0451450523?s=I2L&c=ToC", BIS, None),
    (
        "urn:foo:x?s=I2L&s=I2R",
        BIS,
        Some(("keyword-repeated", 16, 17)),
    ),
    (
        "urn:foo:x?c=a&s=I2L&c=b",
        BIS,
        Some(("keyword-repeated", 20, 21)),
    ),
    ("urn:foo:x?zz=1&zz=2", BIS, None),
    ("urn:foo:x?s=I2U", BIS, None),
    ("urn:foo:x?S=I2L", BIS, None),
    ("urn:foo:x?s=", BIS, None),
    ("urn:foo:x?s=I=I", BIS, None),
    ("urn:foo:x?a=b/c?d:e@f=g", BIS, None),
    ("urn:foo:x?", BIS, Some(("query-empty", 9, 10))),
    ("urn:foo:x?s", BIS, Some(("directive-no-equals", 11, 11))),
    // The keyword ends and "=" was expected: at "&", not over the keyword (§2.3).
    (
        "urn:foo:x?ab&c=1",
        BIS,
        Some(("directive-no-equals", 12, 13)),
    ),
    ("urn:foo:x?=1", BIS, Some(("keyword-empty", 10, 11))),
    ("urn:foo:x?s=1&&c=2", BIS, Some(("directive-empty", 14, 15))),
    ("urn:foo:x?s=1&", BIS, Some(("directive-empty", 13, 14))),
    ("urn:foo:x?&s=1", BIS, Some(("directive-empty", 10, 11))),
    ("urn:foo:x?1a=2", BIS, Some(("keyword-syntax", 10, 11))),
    ("urn:foo:x?a--b=2", BIS, Some(("keyword-syntax", 12, 13))),
    ("urn:foo:x?a-=2", BIS, Some(("keyword-syntax", 11, 12))),
    ("urn:foo:x?a.b=2", BIS, Some(("keyword-syntax", 11, 12))),
    ("urn:foo:x?ab-c2-d=2", BIS, None),
    ("urn:foo:x?s=a b", BIS, Some(("query-char", 13, 14))),
    ("urn:foo:x#frag", BIS, None),
    ("urn:foo:x#", BIS, None),
    ("urn:foo:x?s=I2L#frag/?", BIS, None),
    ("urn:foo:x#a#b", BIS, Some(("fragment-char", 11, 12))),
    // ---- RFC 8141
    ("urn:example:a123,z456", R8141, None),
    ("urn:example:a/b", R8141, None),
    ("urn:example:a&b~c", R8141, None),
    ("urn:example:/b", R8141, Some(("nss-start", 12, 13))),
    ("urn:a:x", R8141, Some(("nid-too-short", 5, 6))),
    ("urn:ab-:x", R8141, Some(("nid-end", 6, 7))),
    ("urn:abcdefghijklmnopqrstuvwxyz012345:x", R8141, None),
    (
        "urn:abcdefghijklmnopqrstuvwxyz0123456:x",
        R8141,
        Some(("nid-too-long", 36, 37)),
    ),
    ("urn:urn:x", R8141, Some(("nid-reserved", 4, 7))),
    ("urn:urn-7:x", R8141, None),
    ("urn:urn-07:x", R8141, None),
    ("urn:X-foo:x", R8141, None),
    ("urn:é:x", R8141, Some(("nid-char", 4, 6))),
    ("urn:example", R8141, Some(("nss-missing", 11, 11))),
    ("urn:example:a?+r?=q#f", R8141, None),
    ("urn:example:a?+r?+s", R8141, None),
    ("urn:example:a?=q?=r", R8141, None),
    ("urn:example:a?+r?x/?=q/?", R8141, None),
    // RFC 8141 §2: q-component = pchar *( pchar / "/" / "?" ) holds "?+" and "?=".
    ("urn:example:a?=q?+r", R8141, None),
    ("urn:ex:a?=q?+s", R8141, None),
    ("urn:abc:def?=a?+b", R8141, None),
    ("urn:example:a?x", R8141, Some(("component-delim", 13, 14))),
    ("urn:example:a?", R8141, Some(("component-delim", 13, 14))),
    (
        "urn:example:a?+",
        R8141,
        Some(("r-component-empty", 13, 15)),
    ),
    (
        "urn:example:a?=",
        R8141,
        Some(("q-component-empty", 13, 15)),
    ),
    (
        "urn:example:a?+?=q",
        R8141,
        Some(("r-component-empty", 13, 15)),
    ),
    (
        "urn:example:a?+r?=#f",
        R8141,
        Some(("q-component-empty", 16, 18)),
    ),
    (
        "urn:example:a?+/x",
        R8141,
        Some(("r-component-start", 15, 16)),
    ),
    (
        "urn:example:a?=?x",
        R8141,
        Some(("q-component-start", 15, 16)),
    ),
    ("urn:example:a#", R8141, None),
    (
        "urn:example:a#b#c",
        R8141,
        Some(("f-component-char", 15, 16)),
    ),
    ("urn:example:a b", R8141, Some(("nss-char", 13, 14))),
    ("urn:example:a%4", R8141, Some(("pct-malformed", 13, 15))),
    ("urn:example:%D0%B0123,z456", R8141, None),
    // RFC 8141 has no rule against %00; a raw NUL is simply a character to encode.
    ("urn:example:a%00", R8141, None),
    ("urn:example:a\0", R8141, Some(("nss-char", 13, 14))),
    ("urn:example:a%4a", R8141, None),
];

#[test]
fn validity_and_first_error() {
    let mut failures = Vec::new();
    for &(input, p, want) in CASES {
        let d = diags(input, p);
        let got = d
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| (d.code.as_str(), d.span.start, d.span.end));
        if got != want {
            failures.push(format!(
                "{input:?} under {p}: want {want:?}, got {got:?}\n    {d:#?}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `(input, profile, code, severity, start, end)`: a diagnostic that must be present.
type Expect = (&'static str, Profile, &'static str, Severity, usize, usize);

const PRESENT: &[Expect] = &[
    // RFC 2141 readings (SPEC-NOTES), SHOULD NOTs and the %-encoding rules.
    ("urn:a:x", R2141, "nid-single-char", Severity::Note, 4, 5),
    (
        "urn:ab-:x",
        R2141,
        "nid-trailing-hyphen",
        Severity::Note,
        6,
        7,
    ),
    (
        "urn:foo:a/b?c#d",
        R2141,
        "reserved-unencoded",
        Severity::Warning,
        9,
        10,
    ),
    ("urn:foo:a%00", R2141, "pct-nul", Severity::Warning, 9, 12),
    (
        "urn:foo:a/b?c#d",
        R2141,
        "reserved-unencoded",
        Severity::Warning,
        11,
        12,
    ),
    (
        "urn:foo:a/b?c#d",
        R2141,
        "reserved-unencoded",
        Severity::Warning,
        13,
        14,
    ),
    (
        "urn:foo:a123%2C456",
        R2141,
        "pct-unreserved",
        Severity::Warning,
        12,
        15,
    ),
    (
        "urn:foo:a%41",
        R2141,
        "pct-unreserved",
        Severity::Warning,
        9,
        12,
    ),
    (
        "urn:foo:a123%2c456",
        R2141,
        "pct-lowercase",
        Severity::Note,
        12,
        15,
    ),
    ("urn:foo:a%", R2141, "pct-reading", Severity::Note, 9, 10),
    // rfc2141bis
    ("urn:ab-:x", BIS, "nid-appendix-b", Severity::Note, 6, 7),
    (
        "urn:foo:a%41",
        BIS,
        "pct-unreserved",
        Severity::Warning,
        9,
        12,
    ),
    (
        "urn:foo:a123,456?x=y",
        BIS,
        "query-in-assigned",
        Severity::Note,
        16,
        20,
    ),
    (
        "urn:foo:a123,456?x=y",
        BIS,
        "keyword-unknown",
        Severity::Note,
        17,
        18,
    ),
    (
        "urn:foo:a123,456#xyz",
        BIS,
        "fragment-in-assigned",
        Severity::Note,
        16,
        20,
    ),
    (
        "urn:foo:x?s=I2U",
        BIS,
        "service-unknown",
        Severity::Warning,
        12,
        15,
    ),
    (
        "urn:foo:x?s=",
        BIS,
        "service-unknown",
        Severity::Warning,
        12,
        12,
    ),
    (
        "urn:foo:x?S=I2L",
        BIS,
        "keyword-case",
        Severity::Warning,
        10,
        11,
    ),
    (
        "urn:foo:x?c=ToC",
        BIS,
        "component-directive",
        Severity::Note,
        10,
        15,
    ),
    // RFC 8141
    ("urn:urn-7:x", R8141, "nid-informal", Severity::Note, 4, 9),
    (
        "urn:urn-07:x",
        R8141,
        "nid-informal-malformed",
        Severity::Warning,
        4,
        10,
    ),
    (
        "urn:X-foo:x",
        R8141,
        "nid-experimental",
        Severity::Note,
        4,
        9,
    ),
    (
        "urn:x-foo:x",
        R8141,
        "nid-experimental",
        Severity::Note,
        4,
        9,
    ),
    (
        "urn:example:a?=q?+r",
        R8141,
        "q-component-holds-delimiter",
        Severity::Note,
        16,
        18,
    ),
    (
        "urn:example:a%4a",
        R8141,
        "pct-unreserved",
        Severity::Warning,
        13,
        16,
    ),
    (
        "urn:example:a%4a",
        R8141,
        "pct-lowercase",
        Severity::Note,
        13,
        16,
    ),
    (
        "urn:example:a?+r",
        R8141,
        "r-component-for-resolver",
        Severity::Note,
        13,
        16,
    ),
    (
        "urn:example:a?=q",
        R8141,
        "q-component-for-resource",
        Severity::Note,
        13,
        16,
    ),
    (
        "urn:example:a#f",
        R8141,
        "f-component-for-client",
        Severity::Note,
        13,
        15,
    ),
];

#[test]
fn warnings_and_notes() {
    let mut failures = Vec::new();
    for &(input, p, code, sev, start, end) in PRESENT {
        let d = diags(input, p);
        let found = d.iter().any(|d| {
            d.code.as_str() == code && d.severity == sev && d.span == Span::new(start, end)
        });
        if !found {
            failures.push(format!(
                "{input:?} under {p}: no {sev} {code} at {start}..{end}\n    {d:#?}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Diagnostics that must not appear: the rules have exceptions the specs spell out.
#[test]
fn absent_where_the_spec_allows() {
    let absent: &[(&str, Profile, &str)] = &[
        // "%" "/" "?" "#" are RFC 2141 <reserved>: encoding them is what §2.3.1 asks for.
        ("urn:foo:a%2F%3F%23%25", R2141, "pct-unreserved"),
        // RFC 3986 §2.3 is about unreserved characters only; "," is a sub-delim.
        ("urn:foo:a123%2C456", R8141, "pct-unreserved"),
        // "/" is outside <pchar>, so reserved in the draft's sense (§2.5): encoding it is right.
        ("urn:foo:a%2Fb%5B", BIS, "pct-unreserved"),
        ("urn:foo:a-b", R2141, "nid-trailing-hyphen"),
        ("urn:foo:x?s=I2Ls", BIS, "service-unknown"),
        ("urn:urn-10:x", R8141, "nid-informal-malformed"),
        // One note about lower-case hex per input is enough.
        ("urn:foo:%2c%2c", R2141, "pct-lowercase-twice"),
    ];
    for &(input, p, code) in absent {
        let d = diags(input, p);
        if code == "pct-lowercase-twice" {
            assert_eq!(
                d.iter()
                    .filter(|d| d.code.as_str() == "pct-lowercase")
                    .count(),
                1,
                "{input:?}: {d:#?}"
            );
            continue;
        }
        assert!(
            !d.iter().any(|d| d.code.as_str() == code),
            "{input:?} under {p}: unexpected {code}: {d:#?}"
        );
    }
}

/// rfc2141bis §2.3: advice on a keyword's case never asks for a second registered keyword.
#[test]
fn keyword_case_advice_never_repeats_a_keyword() {
    let msg = |input: &str| {
        diags(input, BIS)
            .into_iter()
            .find(|d| d.code.as_str() == "keyword-case")
            .map(|d| d.message)
            .unwrap_or_default()
    };
    assert!(msg("urn:foo:a?S=I2L").ends_with("write 's'"));
    for input in ["urn:foo:a?s=I2L&S=I2R", "urn:foo:a?S=I2R&s=I2L"] {
        let m = msg(input);
        assert!(
            m.contains("already given") && !m.ends_with("write 's'"),
            "{input}: {m}"
        );
    }
}

#[test]
fn messages_say_what_to_do() {
    let d = diags("urn:foo:a&b~c é", R2141);
    let msgs: Vec<&str> = d
        .iter()
        .filter(|d| d.code.as_str() == "nss-char")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(msgs.len(), 3, "{d:#?}");
    assert!(
        msgs[0].contains("%26") && msgs[0].contains("RFC 8141"),
        "{}",
        msgs[0]
    );
    assert!(msgs[1].contains("%7E"), "{}", msgs[1]);
    assert!(msgs[2].contains("%20%C3%A9"), "{}", msgs[2]);
    assert!(d.iter().all(|d| d.spec == "RFC 2141 §2.4"));

    let d = diags("urn:foo:a123%2C456", R2141);
    let w = d
        .iter()
        .find(|d| d.code.as_str() == "pct-unreserved")
        .expect("warning");
    assert!(
        w.message.contains("special meaning") && w.message.contains("urn:foo:a123%2C456"),
        "{}",
        w.message
    );
    assert_eq!(w.spec, "RFC 2141 §2.3.1");

    let d = diags("urn:foo:x?s=I2U", BIS);
    let w = d
        .iter()
        .find(|d| d.code.as_str() == "service-unknown")
        .expect("warning");
    for name in [
        "I2L", "I2Ls", "I2R", "I2Rs", "I2C", "I2Cs", "I2N", "I2Ns", "I=I",
    ] {
        assert!(
            w.message.contains(name),
            "{name} missing from {}",
            w.message
        );
    }
    assert!(w.message.contains("§2.3.1's own example"), "{}", w.message);
    let d = diags("urn:foo:x?s=i2l", BIS);
    let w = d
        .iter()
        .find(|d| d.code.as_str() == "service-unknown")
        .expect("warning");
    assert!(w.message.contains("did you mean I2L"), "{}", w.message);

    let d = diags("urn:foo:x?s=I2L&s=I2R", BIS);
    let e = d
        .iter()
        .find(|d| d.code.as_str() == "keyword-repeated")
        .expect("error");
    assert!(e.message.contains("MUST ignore"), "{}", e.message);
    assert_eq!(e.spec, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3");

    let d = diags("urn:foo:a/b", BIS);
    assert_eq!(d[0].spec, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.5.1");
    assert!(d[0].message.contains("%2F"));

    for p in [R2141, BIS, R8141] {
        for input in ["urn:foo:a%zz", "urn:isbn", "urn:", "x", "urn:urn:a"] {
            for d in diags(input, p) {
                assert!(!d.message.is_empty() && !d.spec.is_empty() && !d.code.as_str().is_empty());
            }
        }
    }
}

fn shape(input: &str, p: Profile) -> Vec<String> {
    outline(
        &analyze(input, &Options::validate_only(Some(p))).tree,
        input,
        Show::TEXT,
    )
}

fn row(depth: usize, kind: &str, rule: &str, text: &str) -> String {
    text_line(depth, kind, rule, text)
}

#[test]
fn tree_rfc2141bis_query_with_two_directives() {
    let input = "urn:ISBN:0451450523?s=I2L&c=ToC";
    assert_eq!(
        shape(input, BIS),
        vec![
            row(0, "urn", "URI", input),
            row(1, "scheme", "\"urn\"", "urn"),
            row(1, "nid", "NID", "ISBN"),
            row(1, "nss", "NSS", "0451450523"),
            row(1, "query", "urn-query", "s=I2L&c=ToC"),
            row(2, "directive", "directive", "s=I2L"),
            row(3, "keyword", "keywd", "s"),
            row(3, "value", "value", "I2L"),
            row(2, "directive", "directive", "c=ToC"),
            row(3, "keyword", "keywd", "c"),
            row(3, "value", "value", "ToC"),
        ]
    );
    let a = analyze(input, &Options::validate_only(Some(BIS)));
    assert!(a.valid());
    let spans: Vec<Span> = a.tree.iter().skip(4).map(|n| n.span()).collect();
    assert_eq!(
        spans,
        [
            Span::new(20, 31),
            Span::new(20, 25),
            Span::new(20, 21),
            Span::new(22, 25),
            Span::new(26, 31),
            Span::new(26, 27),
            Span::new(28, 31)
        ]
    );
    let dirs: Vec<_> = a
        .tree
        .iter()
        .filter(|n| n.kind() == NodeKind::Directive)
        .collect();
    assert!(dirs.iter().all(|d| d.attr("known") == Some("yes")));
    let v = a
        .tree
        .iter()
        .find(|n| n.kind() == NodeKind::Value)
        .expect("value");
    assert_eq!(v.attr("service"), Some("URI to URL"));

    let a = analyze("urn:foo:x?zz=1", &Options::validate_only(Some(BIS)));
    let d = a.tree.find(NodeKind::Directive).expect("directive");
    assert_eq!(d.attr("known"), Some("no"));
}

#[test]
fn tree_rfc8141_all_three_components() {
    let input = "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=op=map&lat=39.56#somepart";
    assert_eq!(
        shape(input, R8141),
        vec![
            row(0, "urn", "namestring", input),
            row(
                1,
                "assigned-name",
                "assigned-name",
                "urn:example:foo-bar-baz-qux"
            ),
            row(2, "scheme", "\"urn\"", "urn"),
            row(2, "nid", "NID", "example"),
            row(2, "nss", "NSS", "foo-bar-baz-qux"),
            row(
                1,
                "rq-components",
                "rq-components",
                "?+CCResolve:cc=uk?=op=map&lat=39.56"
            ),
            row(2, "r-component", "r-component", "CCResolve:cc=uk"),
            row(2, "q-component", "q-component", "op=map&lat=39.56"),
            row(1, "f-component", "f-component", "somepart"),
        ]
    );
    assert!(analyze(input, &Options::validate_only(Some(R8141))).valid());
}

#[test]
fn trees_survive_bad_input() {
    assert_eq!(
        shape("urn:isbn", R2141),
        vec![
            row(0, "urn", "URN", "urn:isbn"),
            row(1, "scheme", "\"urn\"", "urn"),
            row(1, "nid", "NID", "isbn")
        ]
    );
    assert_eq!(
        shape("urn:", R8141),
        vec![
            row(0, "urn", "namestring", "urn:"),
            row(1, "scheme", "\"urn\"", "urn")
        ]
    );
    assert_eq!(
        shape("urn::x", BIS),
        vec![
            row(0, "urn", "URI", "urn::x"),
            row(1, "scheme", "\"urn\"", "urn"),
            row(1, "nss", "NSS", "x")
        ]
    );
    assert_eq!(
        shape("mailto:a@b", R8141),
        vec![
            row(0, "urn", "namestring", "mailto:a@b"),
            row(1, "unparsed", "", "mailto:a@b")
        ]
    );
    assert_eq!(
        shape("urn:example:a?x?=q", R8141),
        vec![
            row(0, "urn", "namestring", "urn:example:a?x?=q"),
            row(1, "assigned-name", "assigned-name", "urn:example:a"),
            row(2, "scheme", "\"urn\"", "urn"),
            row(2, "nid", "NID", "example"),
            row(2, "nss", "NSS", "a"),
            row(1, "rq-components", "rq-components", "?x?=q"),
            row(2, "unparsed", "", "?x"),
            row(2, "q-component", "q-component", "q"),
        ]
    );
    assert_eq!(
        shape("urn:example:a?=q?+r#f", R8141),
        vec![
            row(0, "urn", "namestring", "urn:example:a?=q?+r#f"),
            row(1, "assigned-name", "assigned-name", "urn:example:a"),
            row(2, "scheme", "\"urn\"", "urn"),
            row(2, "nid", "NID", "example"),
            row(2, "nss", "NSS", "a"),
            row(1, "rq-components", "rq-components", "?=q?+r"),
            row(2, "q-component", "q-component", "q?+r"),
            row(1, "f-component", "f-component", "f"),
        ]
    );
    assert_eq!(
        shape("", R2141),
        vec![row(0, "urn", "URN", ""), row(1, "unparsed", "", "")]
    );
    // The errors are all reported, and parsing goes on after each.
    let d = diags("urn:-a.:b c%zz?s", BIS);
    let codes: Vec<&str> = d
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(
        codes,
        [
            "nid-start",
            "nid-char",
            "nss-char",
            "pct-malformed",
            "directive-no-equals"
        ]
    );
    // The informal NID class is recorded on the node.
    let a = analyze("urn:urn-7:x", &Options::validate_only(Some(R8141)));
    assert_eq!(
        a.tree.find(NodeKind::Nid).and_then(|n| n.attr("class")),
        Some("informal")
    );
}

#[test]
fn auto_picks_the_newest_spec_that_accepts() {
    let a = analyze("urn:example:a?+r", &Options::validate_only(None));
    assert_eq!(a.profile, R8141);
    // "&" is excluded in RFC 2141 only; "/" is rejected by the draft only.
    let d = diags("urn:foo:a&b", R2141);
    assert!(d.iter().any(|d| d.severity == Severity::Error));
    assert!(
        diags("urn:foo:a/b", R8141)
            .iter()
            .all(|d| d.severity != Severity::Error)
    );
    assert!(
        diags("urn:foo:a/b", R2141)
            .iter()
            .all(|d| d.severity != Severity::Error)
    );
}

#[test]
fn long_inputs_parse_in_linear_time() {
    // Shapes that could make a careless scanner rescan: many '?', many '&', long runs.
    let n = 200_000;
    let inputs = [
        format!("urn:example:a{}", "?".repeat(n)),
        format!("urn:example:a{}", "?+?=".repeat(n / 4)),
        format!("urn:foo:x?{}", "a=b&".repeat(n / 4)),
        format!("urn:foo:{}", "é ".repeat(n / 3)),
        format!("urn:{}", "a".repeat(n)),
    ];
    let t = std::time::Instant::now();
    for input in &inputs {
        for p in [R2141, BIS, R8141] {
            let a = analyze(input, &Options::validate_only(Some(p)));
            assert_eq!(a.tree.root().span().end, input.len());
        }
    }
    assert!(t.elapsed().as_secs() < 20, "took {:?}", t.elapsed());
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn urnish() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("?+".to_string()),
            Just("?=".to_string()),
            Just("%".to_string()),
            Just("%2c".to_string()),
            Just("%00".to_string()),
            Just("s=I2L".to_string()),
            "[a-zA-Z0-9:/?#&=~%+ .-]{1,3}",
            "[\u{0}-\u{1f}\u{7f}-\u{10FFFF}]",
        ];
        (
            "(urn|URN|urn:|urn:[a-z-]{0,3}:)",
            prop::collection::vec(piece, 0..16),
        )
            .prop_map(|(head, v)| format!("{head}{}", v.concat()))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn trees_are_well_formed(input in urnish()) {
            for p in [R2141, BIS, R8141] {
                let a = analyze(&input, &Options::validate_only(Some(p)));
                let root = a.tree.root();
                prop_assert_eq!(root.span(), Span::new(0, input.len()));
                for n in a.tree.iter() {
                    let s = n.span();
                    prop_assert!(input.is_char_boundary(s.start) && input.is_char_boundary(s.end));
                    if let Some(parent) = n.parent() {
                        prop_assert!(parent.span().encloses(s));
                    }
                    let mut last = s.start;
                    for c in n.children() {
                        prop_assert!(c.span().start >= last);
                        last = c.span().end;
                    }
                    if n.kind() == NodeKind::Unparsed {
                        // Every unparsed node comes with an error that touches it.
                        prop_assert!(a.diagnostics.iter().any(|d| d.severity == Severity::Error
                            && d.span.start >= s.start && d.span.start <= s.end));
                    }
                }
                for d in &a.diagnostics {
                    prop_assert!(d.span.start <= d.span.end && d.span.end <= input.len());
                    prop_assert!(input.is_char_boundary(d.span.start) && input.is_char_boundary(d.span.end));
                }
            }
        }

        #[test]
        fn rfc8141_accepts_what_its_abnf_generates(
            nid in "[a-zA-Z0-9][a-zA-Z0-9-]{0,30}[a-zA-Z0-9]",
            nss in "[a-zA-Z0-9()+,.:=@;$_!*'&~-]([a-zA-Z0-9()+,.:=@;$_!*'&~/-]|%[0-9a-fA-F]{2}){0,12}",
            r in proptest::option::of("[a-z0-9=:]([a-z0-9=:/]|\\?[a-z0-9/]){0,6}"),
            q in proptest::option::of("[a-z0-9=:&]([a-z0-9=:&/]|\\?[a-z0-9/=]){0,6}"),
            f in proptest::option::of("[a-z0-9/?=+]{0,6}"),
        ) {
            prop_assume!(!nid.eq_ignore_ascii_case("urn"));
            let mut u = format!("urn:{nid}:{nss}");
            if let Some(r) = r { u.push_str("?+"); u.push_str(&r); }
            if let Some(q) = q { u.push_str("?="); u.push_str(&q); }
            if let Some(f) = f { u.push('#'); u.push_str(&f); }
            let d = diags(&u, R8141);
            prop_assert!(d.iter().all(|d| d.severity != Severity::Error), "{}: {:?}", u, d);
        }
    }
}
