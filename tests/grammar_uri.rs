//! The RFC 3986 / RFC 3987 grammar: validity and first error (code and span) for every
//! rule, the spec examples, tree shapes, warnings and notes, and robustness.

use idbench::engine::Profile;
use idbench::engine::specs::{self, uri::grammar as uri};
use idbench::engine::tree::{Builder, Diagnostic, NodeKind, Severity, Span, Tree};
use idbench::idsets::{self, Expect};

mod support;
use support::tree::{Attrs, Show, outline};

const U: Profile = Profile::Rfc3986;
const I: Profile = Profile::Rfc3987;

fn parse(p: Profile, s: &str) -> (Tree, Vec<Diagnostic>) {
    specs::parse(p, s)
}

fn first_error(d: &[Diagnostic]) -> Option<&Diagnostic> {
    d.iter().find(|d| d.severity == Severity::Error)
}

/// `(input, profile, None)` is valid; `Some((code, start, end))` is the first error.
type Case = (&'static str, Profile, Option<(&'static str, usize, usize)>);

fn check_cases(cases: &[Case]) {
    let mut failures = Vec::new();
    for &(input, p, want) in cases {
        let (_, d) = parse(p, input);
        let got = first_error(&d).map(|e| (e.code.as_str(), e.span.start, e.span.end));
        if got != want {
            failures.push(format!("{p} {input:?}: want {want:?}, got {got:?} ({d:?})"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn rfc3986_examples_are_valid() {
    let examples = [
        // §1.1
        "http://localhost/",
        "file:///etc/hosts",
        // §1.1.2
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        // §3
        "foo://example.com:8042/over/there?name=ferret#nose",
        "urn:example:animal:ferret:nose",
        // §3.3
        "mailto:fred@example.com",
        "foo://info.example.com?fred",
        // §4.2, §4.5
        "./this:that",
        "www.w3.org/Addressing/",
        // §5.2.4
        "/a/b/c/./../../g",
        "mid/content=5/../6",
        // §5.4
        "http://a/b/c/d;p?q",
        // §6.2.2, §6.2.2.1
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "HTTP://www.EXAMPLE.com/",
        "http://www.example.com/",
        // §6.2.3, §6.2.4
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
        "http://example.com/?",
        "mailto:Joe@Example.COM",
        "http://example.com/data",
        "http://example.com/data/",
        // §7.6
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        // Appendix B, C
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        "http://www.w3.org/Addressing/",
        "ftp://foo.example.com/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ];
    for p in [U, I] {
        let cases: Vec<Case> = examples.iter().map(|&e| (e, p, None)).collect();
        check_cases(&cases);
    }
}

const SECTION_5_4: [&str; 42] = [
    // §5.4.1
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    // §5.4.2
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
    "http:g",
];

#[test]
fn section_5_4_references_are_valid() {
    for p in [U, I] {
        let cases: Vec<Case> = SECTION_5_4.iter().map(|&e| (e, p, None)).collect();
        check_cases(&cases);
    }
    // Their kinds: only "g:h" and "http:g" are URIs.
    for r in SECTION_5_4 {
        let (t, _) = parse(U, r);
        let want = if r == "g:h" || r == "http:g" {
            NodeKind::Uri
        } else {
            NodeKind::RelativeRef
        };
        assert_eq!(t.root().kind(), want, "{r:?}");
    }
}

#[test]
fn ipv6_forms_of_section_3_2_2() {
    // One address per alternative of the IPv6address ABNF.
    let ok = [
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:192.0.2.1",
        "::2:3:4:5:6:7:8",
        "::3:4:5:6:7:192.0.2.1",
        "1::3:4:5:6:7:8",
        "::4:5:6:7:8",
        "1::4:5:6:7:192.0.2.1",
        "1:2::4:5:6:7:8",
        "1:2:3::5:6:7:8",
        "1:2:3:4::6:7:8",
        "1:2:3:4:5::7:8",
        "1:2:3:4:5::192.0.2.1",
        "::192.0.2.1",
        "1:2:3:4:5:6::8",
        "::8",
        "1:2:3:4:5:6:7::",
        "::",
        "0000:0000:0000:0000:0000:0000:0000:0001",
        "2001:DB8::7",
    ];
    for a in ok {
        let s = format!("http://[{a}]/");
        let (t, d) = parse(U, &s);
        assert!(first_error(&d).is_none(), "{s}: {d:?}");
        let host = t.find(NodeKind::Host).expect("host");
        assert_eq!(
            (host.rule(), host.attr("host_type")),
            ("IP-literal", Some("ipv6")),
            "{s}"
        );
        let inner: Vec<_> = host.children().map(|c| c.rule()).collect();
        assert_eq!(inner, ["IPv6address"], "{s}");
        assert_eq!(host.text(&s), format!("[{a}]"));
    }
}

#[test]
fn first_errors_and_their_spans() {
    check_cases(&[
        // scheme (§3.1)
        ("1http://example.com/", U, Some(("scheme-start", 0, 1))),
        ("+a:b", U, Some(("scheme-start", 0, 1))),
        ("://example.com/", U, Some(("scheme-empty", 0, 1))),
        // relative reference with ":" in the first segment (§4.2)
        ("this_one:that", U, Some(("colon-in-first-segment", 8, 9))),
        ("a b:c", U, Some(("illegal-char", 1, 2))),
        ("%41:b", U, Some(("colon-in-first-segment", 3, 4))),
        ("a/b:c", U, None),
        // userinfo (§3.2.1)
        ("http://a@b@example.com/", U, Some(("illegal-char", 8, 9))),
        (
            "http://us er@example.com/",
            U,
            Some(("illegal-char", 9, 10)),
        ),
        // host (§3.2.2)
        ("http://[::1", U, Some(("ip-literal-unclosed", 7, 8))),
        (
            "http://[::1]x:80/",
            U,
            Some(("ip-literal-trailing", 12, 13)),
        ),
        ("http://[]/", U, Some(("ip-literal-empty", 8, 9))),
        (
            "http://[192.0.2.16]/",
            U,
            Some(("ip-literal-invalid", 8, 18)),
        ),
        (
            "http://[example.com]/",
            U,
            Some(("ip-literal-invalid", 8, 19)),
        ),
        (
            "http://[1:2:3:4:5:6:7:8:9]/",
            U,
            Some(("ipv6-too-many-groups", 23, 25)),
        ),
        (
            "http://[1:2:3:4:5:6:7::8]/",
            U,
            Some(("ipv6-too-many-groups", 22, 24)),
        ),
        (
            "http://[1:2:3:4:5:6::1.2.3.4]/",
            U,
            Some(("ipv6-too-many-groups", 21, 28)),
        ),
        (
            "http://[1:2:3:4:5:6:7]/",
            U,
            Some(("ipv6-too-few-groups", 21, 22)),
        ),
        ("http://[1.2.3.4::]/", U, Some(("ipv6-bad-ipv4", 8, 15))),
        (
            "http://[1::2::3]/",
            U,
            Some(("ipv6-multiple-double-colon", 12, 14)),
        ),
        (
            "http://[12345::1]/",
            U,
            Some(("ipv6-group-too-long", 8, 13)),
        ),
        ("http://[::1.2.3.256]/", U, Some(("ipv6-bad-ipv4", 18, 19))),
        ("http://[::1.2.3]/", U, Some(("ipv6-bad-ipv4", 15, 16))),
        ("http://[::01.2.3.4]/", U, Some(("ipv6-bad-ipv4", 11, 18))),
        (
            "http://[:1:2:3:4:5:6:7]/",
            U,
            Some(("ipv6-bad-colon", 8, 9)),
        ),
        (
            "http://[1:2:3:4:5:6:7:]/",
            U,
            Some(("ipv6-bad-colon", 21, 22)),
        ),
        ("http://[1:::2]/", U, Some(("ipv6-bad-colon", 9, 12))),
        (
            "http://[fe80::1%25en0]/",
            U,
            Some(("ipv6-bad-char", 15, 16)),
        ),
        ("http://[::g]/", U, Some(("ipv6-bad-char", 10, 11))),
        ("http://[v7]/", U, Some(("ipvfuture-invalid", 10, 11))),
        ("http://[v.x]/", U, Some(("ipvfuture-invalid", 9, 10))),
        ("http://[v1.]/", U, Some(("ipvfuture-invalid", 11, 12))),
        ("http://[v1.a/b]/", U, Some(("ip-literal-unclosed", 7, 8))), // "/" ends the authority
        ("http://[v1.a%b]/", U, Some(("ipvfuture-invalid", 12, 13))),
        ("http://::1/", U, Some(("ipv6-unbracketed", 7, 10))),
        ("http://2001:db8::7/x", U, Some(("ipv6-unbracketed", 7, 18))),
        ("http://ex ample.com/", U, Some(("illegal-char", 9, 10))),
        ("http://a]b/", U, Some(("illegal-char", 8, 9))),
        // port (§3.2.3)
        (
            "http://example.com:8o/",
            U,
            Some(("port-not-digits", 20, 21)),
        ),
        (
            "http://example.com:80:80/",
            U,
            Some(("port-not-digits", 21, 22)),
        ),
        (
            "http://example.com:-1/",
            U,
            Some(("port-not-digits", 19, 20)),
        ),
        ("http://example.com:/", U, None),
        ("http://example.com:99999/", U, None),
        // path (§3.3)
        ("http://example.com/a b", U, Some(("illegal-char", 20, 21))),
        (
            "http://example.com/a  <b",
            U,
            Some(("illegal-char", 20, 23)),
        ),
        ("http://example.com/a\\b", U, Some(("illegal-char", 20, 21))),
        ("http://example.com/a[b]", U, Some(("illegal-char", 20, 21))),
        ("http://example.com/a\"b", U, Some(("illegal-char", 20, 21))),
        ("http://example.com/a\tb", U, Some(("illegal-char", 20, 21))),
        (
            "http://example.com/a\u{7f}b",
            U,
            Some(("illegal-char", 20, 21)),
        ),
        ("a:b c", U, Some(("illegal-char", 3, 4))),
        // percent-encoding (§2.1)
        ("http://example.com/a%zzb", U, Some(("pct-invalid", 20, 23))),
        ("http://example.com/a%2", U, Some(("pct-invalid", 20, 22))),
        ("http://example.com/a%", U, Some(("pct-invalid", 20, 21))),
        ("http://example.com/%2/x", U, Some(("pct-invalid", 19, 21))),
        ("http://ex%2.com/", U, Some(("pct-invalid", 9, 11))),
        (
            "http://example.com/?q=%G0",
            U,
            Some(("pct-invalid", 22, 25)),
        ),
        ("http://example.com/%41%2F%c3%a9", U, None),
        // query and fragment (§3.4, §3.5)
        (
            "http://example.com/?a=b|c",
            U,
            Some(("illegal-char", 23, 24)),
        ),
        ("http://example.com/?a?b/c", U, None),
        ("http://example.com/#a#b", U, Some(("illegal-char", 21, 22))),
        ("http://example.com/#a?b/c", U, None),
        (
            "http://example.com/#a{b}",
            U,
            Some(("illegal-char", 21, 22)),
        ),
        // non-ASCII under RFC 3986 (§2)
        ("http://example.com/résumé", U, Some(("non-ascii", 20, 22))),
        ("http://例え.jp/", U, Some(("non-ascii", 7, 13))),
        ("http://example.com/?q=ü", U, Some(("non-ascii", 22, 24))),
        ("http://example.com/résumé", I, None),
        ("http://例え.jp/", I, None),
        // RFC 3987: iprivate only in the query, no bidi formatting characters, ucschar only
        ("http://example.com/?q=\u{E000}", I, None),
        (
            "http://example.com/\u{E000}",
            I,
            Some(("iprivate-outside-query", 19, 22)),
        ),
        (
            "http://example.com/#\u{F0000}",
            I,
            Some(("iprivate-outside-query", 20, 24)),
        ),
        (
            "http://\u{E000}.example/",
            I,
            Some(("iprivate-outside-query", 7, 10)),
        ),
        (
            "http://example.com/\u{202E}abc",
            I,
            Some(("bidi-format-char", 19, 22)),
        ),
        (
            "http://example.com/a\u{200F}",
            I,
            Some(("bidi-format-char", 20, 23)),
        ),
        (
            "http://example.com/?q=\u{202A}",
            I,
            Some(("bidi-format-char", 22, 25)),
        ),
        (
            "http://example.com/\u{FFFF}",
            I,
            Some(("noncharacter", 19, 22)),
        ),
        (
            "http://example.com/\u{FDD0}",
            I,
            Some(("noncharacter", 19, 22)),
        ),
        (
            "http://example.com/\u{1FFFE}",
            I,
            Some(("noncharacter", 19, 23)),
        ),
        (
            "http://example.com/\u{85}",
            I,
            Some(("illegal-char", 19, 21)),
        ),
        (
            "http://example.com/\u{FFFD}",
            I,
            Some(("illegal-char", 19, 22)),
        ),
        (
            "http://example.com/\u{E0041}",
            I,
            Some(("illegal-char", 19, 23)),
        ),
        ("http://example.com/a b", I, Some(("illegal-char", 20, 21))),
        // The first byte no scheme may hold, with both readings in the message (RFC 3986 §3.1).
        ("ht\u{e9}tp://x", I, Some(("scheme-char", 2, 4))),
        ("\u{e9}://a", I, Some(("scheme-start", 0, 2))),
        ("ht tp://a/", I, Some(("illegal-char", 2, 3))),
        (
            "http://[::ffff:1.2.3.256]/",
            U,
            Some(("ipv6-bad-ipv4", 23, 24)),
        ),
        ("\u{e9}:x", I, Some(("colon-in-first-segment", 2, 3))),
    ]);
}

/// `(input, profile, code, severity, start, end)`: a diagnostic that must be there.
type Expected = (&'static str, Profile, &'static str, Severity, usize, usize);

#[test]
fn warnings_and_notes() {
    use Severity::{Note, Warning};
    let cases: &[Expected] = &[
        ("HTTP://example.com/", U, "scheme-uppercase", Note, 0, 4),
        ("http://www.EXAMPLE.com/", U, "host-uppercase", Note, 7, 22),
        ("http://[FE80::1]/", U, "host-uppercase", Note, 8, 15),
        ("http://[V1.x]/", U, "host-uppercase", Note, 8, 12),
        ("http://example.com:/", U, "port-empty", Note, 18, 19),
        (
            "http://example.com:99999/",
            U,
            "port-too-large",
            Warning,
            19,
            24,
        ),
        (
            "http://example.com:065536/",
            U,
            "port-too-large",
            Warning,
            19,
            25,
        ),
        ("http://1.2.3.256/", U, "ipv4-octet-range", Warning, 13, 16),
        ("http://010.0.0.1/", U, "ipv4-leading-zero", Warning, 7, 10),
        ("http://127.1/", U, "ipv4-like-reg-name", Warning, 7, 12),
        (
            "http://0x7f.0.0.1/",
            U,
            "ipv4-like-reg-name",
            Warning,
            7,
            17,
        ),
        (
            "http://2130706433/",
            U,
            "ipv4-like-reg-name",
            Warning,
            7,
            17,
        ),
        (
            "ftp://user:secret@ftp.example.com/",
            U,
            "userinfo-password",
            Warning,
            11,
            17,
        ),
        ("file:///etc/hosts", U, "host-empty", Note, 7, 7),
        ("http://[v7.x]/", U, "ipvfuture-unknown", Note, 8, 12),
        ("example://a/%7bfoo%7d", U, "pct-lowercase", Note, 12, 15),
        ("http://a/%c3%a9", U, "pct-lowercase", Note, 9, 15),
        ("example://a/b/%63", U, "pct-unreserved", Note, 14, 17),
        ("http://a/%41%42/", U, "pct-unreserved", Note, 9, 15),
        (
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            U,
            "dot-segments",
            Note,
            12,
            13,
        ),
        ("a:/.//b", U, "path-becomes-authority", Warning, 2, 7),
        ("C:/Windows/", U, "scheme-drive-letter", Warning, 0, 2),
        // RFC 3987
        (
            "http://www.example.org/re\u{301}sume\u{301}.html",
            I,
            "not-nfc",
            Warning,
            23,
            38,
        ),
        (
            "http://example.com\u{FF0F}evil.example/",
            I,
            "delimiter-lookalike",
            Warning,
            18,
            21,
        ),
        (
            "http://example.com/a\u{FF03}b",
            I,
            "delimiter-lookalike",
            Warning,
            20,
            23,
        ),
        (
            "http://p\u{430}ypal.example/",
            I,
            "mixed-script",
            Warning,
            7,
            14,
        ),
        (
            "http://example.com/\u{5D0}\u{5D1}abc",
            I,
            "bidi-mixed-direction",
            Warning,
            19,
            26,
        ),
        (
            "http://example.com/\u{5D0}\u{5D1}1",
            I,
            "bidi-component-edge",
            Warning,
            19,
            24,
        ),
        (
            "http://example.com/a\u{200B}b",
            I,
            "invisible-char",
            Warning,
            20,
            23,
        ),
    ];
    let mut failures = Vec::new();
    for &(input, p, code, sev, s, e) in cases {
        let (_, d) = parse(p, input);
        let hit = d
            .iter()
            .any(|x| x.code.as_str() == code && x.severity == sev && x.span == Span::new(s, e));
        if !hit {
            failures.push(format!(
                "{p} {input:?}: no {sev} {code} at {s}..{e}; got {d:?}"
            ));
        }
        if first_error(&d).is_some() {
            failures.push(format!("{p} {input:?}: a {sev} case has an error: {d:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn clean_inputs_have_no_diagnostics() {
    for (p, s) in [
        (U, "http://www.example.com/a/b?c=d#e"),
        (U, "https://user@example.com:8080/p%20q"),
        (U, "//example.com"),
        (U, "../a/b"),
        (I, "http://納豆.example.org/%E2%80%AE"),
        (
            I,
            "http://ab.\u{5D2}\u{5D3}\u{5D4}123\u{5D5}\u{5D6}\u{5D7}.ij/kl/mn/op.html",
        ),
        (I, "http://例え.jp/ひらがなと漢字"),
    ] {
        let (_, d) = parse(p, s);
        assert!(d.is_empty(), "{p} {s:?}: {d:?}");
    }
}

/// `kind[rule]@start..end` of every node in preorder, with its depth as indentation.
const HOST_TYPE: Show = Show {
    span: true,
    text: false,
    attrs: Attrs::Only(&["host_type"]),
};

fn shape(t: &Tree) -> Vec<String> {
    outline(t, "", HOST_TYPE)
}

#[test]
fn tree_of_the_section_3_example() {
    let (t, d) = parse(U, "foo://example.com:8042/over/there?name=ferret#nose");
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        shape(&t),
        [
            "uri[URI] 0..50",
            "  scheme[scheme] 0..3",
            "  authority[authority] 6..22",
            "    host[reg-name] 6..17 host_type=reg-name",
            "    port[port] 18..22",
            "  path[path-abempty] 22..33",
            "    segment[segment] 23..27",
            "    segment[segment] 28..33",
            "  query[query] 34..45",
            "  fragment[fragment] 46..50",
        ]
    );
    let (t, _) = parse(U, "urn:example:animal:ferret:nose");
    assert_eq!(
        shape(&t),
        [
            "uri[URI] 0..30",
            "  scheme[scheme] 0..3",
            "  path[path-rootless] 4..30",
            "    segment[segment-nz] 4..30",
        ]
    );
}

#[test]
fn trees_of_the_path_forms() {
    // §3.3: "mailto:fred@example.com" has the path "fred@example.com"; the path of
    // "foo://info.example.com?fred" is empty.
    let s = "mailto:fred@example.com";
    let (t, _) = parse(U, s);
    let path = t.find(NodeKind::Path).expect("path");
    assert_eq!(
        (path.rule(), path.text(s)),
        ("path-rootless", "fred@example.com")
    );
    assert!(t.find(NodeKind::Authority).is_none());

    let (t, _) = parse(U, "foo://info.example.com?fred");
    assert_eq!(
        shape(&t),
        [
            "uri[URI] 0..27",
            "  scheme[scheme] 0..3",
            "  authority[authority] 6..22",
            "    host[reg-name] 6..22 host_type=reg-name",
            "  path[path-abempty] 22..22",
            "  query[query] 23..27",
        ]
    );

    // path-abempty with empty segments, which are nodes too.
    let (t, _) = parse(U, "http://a//b/");
    assert_eq!(
        shape(&t)[4..],
        [
            "  path[path-abempty] 8..12",
            "    segment[segment] 9..9",
            "    segment[segment] 10..11",
            "    segment[segment] 12..12",
        ]
    );

    // path-absolute: "/" alone has no segment; then segment-nz, then segment.
    let (t, _) = parse(U, "/");
    assert_eq!(
        shape(&t),
        [
            "relative-ref[relative-ref] 0..1",
            "  path[path-absolute] 0..1"
        ]
    );
    let (t, _) = parse(U, "/a//b");
    assert_eq!(
        shape(&t),
        [
            "relative-ref[relative-ref] 0..5",
            "  path[path-absolute] 0..5",
            "    segment[segment-nz] 1..2",
            "    segment[segment] 3..3",
            "    segment[segment] 4..5",
        ]
    );

    // path-noscheme and path-empty.
    let (t, _) = parse(U, "./this:that");
    assert_eq!(
        shape(&t),
        [
            "relative-ref[relative-ref] 0..11",
            "  path[path-noscheme] 0..11",
            "    segment[segment-nz-nc] 0..1",
            "    segment[segment] 2..11",
        ]
    );
    let (t, _) = parse(U, "?y");
    assert_eq!(
        shape(&t),
        [
            "relative-ref[relative-ref] 0..2",
            "  path[path-empty] 0..0",
            "  query[query] 1..2"
        ]
    );
    let (t, _) = parse(U, "");
    assert_eq!(
        shape(&t),
        ["relative-ref[relative-ref] 0..0", "  path[path-empty] 0..0"]
    );
    let (t, _) = parse(U, "#");
    assert_eq!(
        shape(&t),
        [
            "relative-ref[relative-ref] 0..1",
            "  path[path-empty] 0..0",
            "  fragment[fragment] 1..1"
        ]
    );

    // A network-path reference.
    let (t, _) = parse(U, "//g");
    assert_eq!(
        shape(&t),
        [
            "relative-ref[relative-ref] 0..3",
            "  authority[authority] 2..3",
            "    host[reg-name] 2..3 host_type=reg-name",
            "  path[path-abempty] 3..3",
        ]
    );
}

#[test]
fn trees_of_authorities() {
    let s = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    let (t, _) = parse(U, s);
    let auth = t.find(NodeKind::Authority).expect("authority");
    let kids: Vec<_> = auth
        .children()
        .map(|c| (c.kind(), c.text(s), c.attr("host_type")))
        .collect();
    assert_eq!(
        kids,
        [
            (
                NodeKind::Userinfo,
                "cnn.example.com&story=breaking_news",
                None
            ),
            (NodeKind::Host, "10.0.0.1", Some("ipv4")),
        ]
    );
    assert_eq!(
        t.find(NodeKind::Host).map(|h| h.rule()),
        Some("IPv4address")
    );

    // An empty port and an empty userinfo are nodes; their delimiters are not.
    let s = "http://@[::1]:/";
    let (t, _) = parse(U, s);
    assert_eq!(
        shape(&t)[2..7],
        [
            "  authority[authority] 7..14",
            "    userinfo[userinfo] 7..7",
            "    host[IP-literal] 8..13 host_type=ipv6",
            "      host[IPv6address] 9..12",
            "    port[port] 14..14",
        ]
    );

    // IPvFuture, and an IP literal that is neither.
    let (t, _) = parse(U, "http://[v7.a:b]/");
    let h = t.find(NodeKind::Host).expect("host");
    assert_eq!(
        (h.rule(), h.attr("host_type"), h.span()),
        ("IP-literal", Some("ipvfuture"), Span::new(7, 15))
    );
    let inner: Vec<_> = h.children().map(|c| (c.rule(), c.span())).collect();
    assert_eq!(inner, [("IPvFuture", Span::new(8, 14))]);
    let (t, _) = parse(U, "http://[nope]/");
    let h = t.find(NodeKind::Host).expect("host");
    assert_eq!(
        (h.rule(), h.attr("host_type")),
        ("IP-literal", Some("ipv6"))
    );

    // A dec-octet out of range makes a reg-name (first match wins, §3.2.2).
    let (t, _) = parse(U, "http://1.2.3.256/");
    let h = t.find(NodeKind::Host).expect("host");
    assert_eq!(
        (h.rule(), h.attr("host_type")),
        ("reg-name", Some("reg-name"))
    );
}

#[test]
fn bad_input_keeps_its_tree() {
    // The brief's example: scheme, authority and an ipv6 host survive the missing "]".
    let (t, d) = parse(U, "http://[::1");
    assert_eq!(
        shape(&t),
        [
            "uri[URI] 0..11",
            "  scheme[scheme] 0..4",
            "  authority[authority] 7..11",
            "    host[IP-literal] 7..11 host_type=ipv6",
            "      host[IPv6address] 8..11",
            "  path[path-abempty] 11..11",
        ]
    );
    assert_eq!(
        first_error(&d).map(|e| e.code.as_str()),
        Some("ip-literal-unclosed")
    );

    // Text after "]" that is not a port is unparsed, with an error.
    let (t, _) = parse(U, "http://[::1]zz:80/");
    let un = t.find(NodeKind::Unparsed).expect("unparsed");
    assert_eq!(un.span(), Span::new(12, 14));
    assert_eq!(
        t.find(NodeKind::Port).map(|p| p.span()),
        Some(Span::new(15, 17))
    );

    // Illegal characters do not end their component.
    let s = "http://example.com/a b/c?d e#f g";
    let (t, d) = parse(U, s);
    let errs: Vec<_> = d
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.span)
        .collect();
    assert_eq!(
        errs,
        [Span::new(20, 21), Span::new(26, 27), Span::new(30, 31)]
    );
    assert_eq!(t.find(NodeKind::Query).map(|q| q.text(s)), Some("d e"));
    assert_eq!(t.find(NodeKind::Fragment).map(|q| q.text(s)), Some("f g"));

    // A bad scheme is still read as a scheme.
    let (t, _) = parse(U, "1http://example.com/");
    assert_eq!(t.root().kind(), NodeKind::Uri);
    assert_eq!(
        t.find(NodeKind::Host).map(|h| h.span()),
        Some(Span::new(8, 19))
    );
}

#[test]
fn iri_trees_use_the_i_rules() {
    let s = "http://résumé.example.org/ros\u{e9}?q=\u{E000}#f";
    let (t, d) = parse(I, s);
    assert!(d.is_empty(), "{d:?}");
    let rules: Vec<_> = t.iter().map(|n| (n.kind(), n.rule())).collect();
    assert_eq!(
        rules,
        [
            (NodeKind::Iri, "IRI"),
            (NodeKind::Scheme, "scheme"),
            (NodeKind::Authority, "iauthority"),
            (NodeKind::Host, "ireg-name"),
            (NodeKind::Path, "ipath-abempty"),
            (NodeKind::Segment, "isegment"),
            (NodeKind::Query, "iquery"),
            (NodeKind::Fragment, "ifragment"),
        ]
    );
    let (t, _) = parse(I, "a/b?c");
    let rules: Vec<_> = t.iter().map(|n| n.rule()).collect();
    assert_eq!(
        rules,
        [
            "irelative-ref",
            "ipath-noscheme",
            "isegment-nz-nc",
            "isegment",
            "iquery"
        ]
    );
    let (t, _) = parse(I, "u@x:1");
    assert_eq!(t.root().kind(), NodeKind::RelativeRef);
    let (t, _) = parse(I, "//u@[::1]:1");
    let rules: Vec<_> = t.iter().map(|n| n.rule()).collect();
    assert_eq!(
        rules,
        [
            "irelative-ref",
            "iauthority",
            "iuserinfo",
            "IP-literal",
            "IPv6address",
            "port",
            "ipath-abempty"
        ]
    );
}

#[test]
fn parse_range_reads_only_its_range() {
    // As the XRI grammar calls it for a cross-reference's content.
    let input = "(http://a/b%41)";
    let mut b = Builder::new(input);
    let root = uri::parse_range(&mut b, 1, 14, uri::Flavor::Iri);
    let (t, d) = b.build();
    assert_eq!(root, 0);
    assert!(d.iter().all(|d| d.severity != Severity::Error), "{d:?}");
    assert_eq!(
        (t.root().kind(), t.root().span()),
        (NodeKind::Iri, Span::new(1, 14))
    );
    assert_eq!(t.find(NodeKind::Path).map(|p| p.text(input)), Some("/b%41"));

    // A triplet cut by the end of the range is not completed by the bytes after it.
    let input = "http://a/%41";
    let mut b = Builder::new(input);
    uri::parse_range(&mut b, 0, 11, uri::Flavor::Uri);
    let (_, d) = b.build();
    assert_eq!(
        first_error(&d).map(|e| (e.code.as_str(), e.span)),
        Some(("pct-invalid", Span::new(9, 11)))
    );

    // A range off a character boundary is reported, not a panic.
    let input = "é";
    let mut b = Builder::new(input);
    uri::parse_range(&mut b, 1, 2, uri::Flavor::Iri);
    let (t, d) = b.build();
    assert_eq!(t.root().kind(), NodeKind::Unparsed);
    assert!(first_error(&d).is_some());
}

#[test]
fn messages_name_the_character_and_its_encoding() {
    let (_, d) = parse(U, "http://example.com/a b");
    let e = first_error(&d).expect("error");
    assert!(
        e.message.contains("space (U+0020)") && e.message.contains("%20"),
        "{}",
        e.message
    );
    assert_eq!(e.spec, "RFC 3986 §3.3");
    let (_, d) = parse(U, "http://example.com/é");
    let e = first_error(&d).expect("error");
    assert!(
        e.message.contains("'é' (U+00E9)") && e.message.contains("%C3%A9"),
        "{}",
        e.message
    );
    assert!(e.message.contains("rfc3987"), "{}", e.message);
    let (_, d) = parse(I, "http://example.com/\u{202E}");
    let e = first_error(&d).expect("error");
    assert!(
        e.message.contains("U+202E") && e.message.contains("%E2%80%AE"),
        "{}",
        e.message
    );
    assert!(
        !e.message.contains('\u{202E}'),
        "the message must not carry the control itself"
    );
    assert_eq!(e.spec, "RFC 3987 §4.1");
    let (_, d) = parse(U, "this_one:that");
    let e = first_error(&d).expect("error");
    assert!(e.message.contains("./"), "{}", e.message);
    let (_, d) = parse(U, "http://[1::2::3]/");
    assert!(first_error(&d).is_some_and(|e| e.message.contains("only once")));
    let (_, d) = parse(U, "http://[::1.2.3.256]/");
    assert!(first_error(&d).is_some_and(|e| e.message.contains("256")));
}

#[test]
fn shipped_sets_validity() {
    let mut failures = Vec::new();
    for e in idsets::all()
        .into_iter()
        .filter(|e| e.set == "rfc3986" || e.set == "rfc3987")
    {
        let p = e.profile.unwrap_or(U);
        let (_, d) = parse(p, &e.id);
        let err = first_error(&d).map(|x| x.code.as_str());
        match &e.expect {
            Expect::Valid if err.is_some() => {
                failures.push(format!("{}:{} {:?}: {err:?}", e.set, e.line, e.id))
            }
            Expect::Invalid(code)
                if err.is_none() || (!code.is_empty() && err != Some(code.as_str())) =>
            {
                failures.push(format!(
                    "{}:{} {:?}: want {code}, got {err:?}",
                    e.set, e.line, e.id
                ))
            }
            _ => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn well_formed(input: &str, t: &Tree, d: &[Diagnostic]) -> Result<(), String> {
    let root = t.root();
    if root.span() != Span::new(0, input.len()) {
        return Err(format!("root {:?}", root.span()));
    }
    for n in t.iter() {
        let s = n.span();
        if s.start > s.end || !input.is_char_boundary(s.start) || !input.is_char_boundary(s.end) {
            return Err(format!("{n:?} off a boundary"));
        }
        if let Some(p) = n.parent()
            && !p.span().encloses(s)
        {
            return Err(format!("{n:?} outside {p:?}"));
        }
        let mut last = s.start;
        for c in n.children() {
            if c.span().start < last {
                return Err(format!("{c:?} overlaps"));
            }
            last = c.span().end;
        }
    }
    for x in d {
        if x.span.end > input.len()
            || !input.is_char_boundary(x.span.start)
            || !input.is_char_boundary(x.span.end)
        {
            return Err(format!("{} at {}", x.code, x.span));
        }
    }
    Ok(())
}

#[test]
fn odd_inputs_give_well_formed_trees() {
    let odd = [
        "",
        ":",
        "::",
        ":::",
        "//",
        "///",
        "?",
        "#",
        "%",
        "[",
        "]",
        "[]",
        "@",
        "http:",
        "http:/",
        "http://",
        "http:///",
        "http://@",
        "http://:",
        "http://[",
        "http://]",
        "http://[]]",
        "http://[::1]]",
        "http://[v",
        "http://[v1",
        "http://[v1.",
        "a:b:c",
        "é:é",
        "\u{202E}:x",
        "http://a/\u{10FFFF}",
        "%%%",
        "%e9",
        "http://[::%]",
        "http://[1.2.3.4.5::]",
        "a:/.//",
        "C:",
        "x://@@@",
        "http://a:b:c:d",
        "http://[::1]:x:y",
        "\u{0}\u{1}\t\n",
    ];
    for p in [U, I] {
        for s in odd {
            let (t, d) = parse(p, s);
            if let Err(e) = well_formed(s, &t, &d) {
                panic!("{p} {s:?}: {e}");
            }
        }
    }
}

#[test]
fn long_inputs_are_linear() {
    let long = format!(
        "http://{}/{}?{}#{}",
        "a".repeat(100_000),
        "b/".repeat(100_000),
        "%zz".repeat(30_000),
        "é".repeat(30_000)
    );
    for p in [U, I] {
        let (t, d) = parse(p, &long);
        assert!(well_formed(&long, &t, &d).is_ok());
        assert!(t.len() > 100_000);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn any_text_gives_a_well_formed_tree(s in "[a-z0-9:/?#\\[\\]@%.v!$&'()*+,;=é\u{202E}\u{E000} -]{0,40}") {
            for p in [U, I] {
                let (t, d) = parse(p, &s);
                prop_assert!(well_formed(&s, &t, &d).is_ok(), "{} {:?}", p, s);
            }
        }
    }
}

/// RFC 3987 §4.1 names seven bidi formatting characters (errors); the controls Unicode added
/// later (isolates, ALM) reorder display the same way but are not in the RFC: warnings.
#[test]
fn bidi_controls_newer_than_rfc3987_are_warnings() {
    use idbench::engine::{Options, Profile, Severity, analyze};
    let opts = Options {
        profile: Some(Profile::Rfc3987),
        ..Options::default()
    };
    for (input, code, severity) in [
        ("http://a/\u{202E}b", "bidi-format-char", Severity::Error),
        ("http://a/\u{200F}b", "bidi-format-char", Severity::Error),
        (
            "http://a/\u{2066}b\u{2069}",
            "bidi-control",
            Severity::Warning,
        ),
        ("http://a/b\u{061C}c", "bidi-control", Severity::Warning),
    ] {
        let a = analyze(input, &opts);
        let d = a.diagnostics.iter().find(|d| d.code.as_str() == code);
        assert_eq!(
            d.map(|d| d.severity),
            Some(severity),
            "{input:?}: {:?}",
            a.diagnostics
        );
        assert_eq!(a.valid(), severity != Severity::Error, "{input:?}");
    }
}

/// The messages of the first-byte errors say what to do and name both readings where the
/// input could be read two ways.
#[test]
fn first_byte_messages_name_both_readings() {
    let msg = |p: Profile, s: &str, code: &str| -> String {
        let (_, d) = specs::parse(p, s);
        d.into_iter()
            .find(|d| d.code.as_str() == code)
            .map(|d| d.message)
            .unwrap_or_else(|| panic!("{s}: no {code}"))
    };
    let m = msg(Profile::Rfc3987, "ht\u{e9}tp://a/", "scheme-char");
    assert!(
        m.contains("read as a scheme") && m.contains("relative reference") && m.contains("'./'"),
        "{m}"
    );
    let m = msg(Profile::Rfc3987, "ht tp://a/", "illegal-char");
    assert!(
        m.contains("scheme or in a path") && m.contains("'ht' would be a relative path"),
        "{m}"
    );
    let m = msg(Profile::Rfc3986, "http://[::1]]/", "ip-literal-trailing");
    assert!(
        m.contains("path") && m.contains("query") && m.contains("fragment"),
        "{m}"
    );
    let m = msg(Profile::Rfc3986, "http://a:isbn:0-395/", "port-not-digits");
    assert!(!m.contains("has 'isbn:0-395'"), "repeats itself: {m}");
    let m = msg(Profile::Rfc2141bis, "urn:foo:a?abc", "directive-no-equals");
    assert!(m.contains("write '=' after the keyword"), "{m}");
}
