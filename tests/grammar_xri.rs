//! The XRI Syntax 2.0 grammar: spec examples, every rule's diagnostics, tree shapes, deep
//! nesting.

use idbench::engine::specs::{self, xri::grammar as xri};
use idbench::engine::{Diagnostic, Node, NodeKind, Profile, Severity, Span, Tree};
use idbench::idsets::{self, Expect};
use proptest::prelude::*;

mod support;
use support::tree::{Attrs, Show, line};

fn parse(input: &str) -> (Tree, Vec<Diagnostic>) {
    specs::parse(Profile::Xri2, input)
}

fn first_error(d: &[Diagnostic]) -> Option<&Diagnostic> {
    d.iter().find(|d| d.severity == Severity::Error)
}

fn codes(d: &[Diagnostic], sev: Severity) -> Vec<&'static str> {
    d.iter()
        .filter(|d| d.severity == sev)
        .map(|d| d.code.as_str())
        .collect()
}

/// `(kind, rule, text, [attr=value ...])` of a node, for compact shape assertions.
const SHOW: Show = Show {
    span: false,
    text: true,
    attrs: Attrs::AllBut(&["reading"]),
};

fn shape(n: Node<'_>, input: &str) -> String {
    line(n, input, SHOW)
}

fn kids(n: Node<'_>, input: &str) -> Vec<String> {
    n.children().map(|c| shape(c, input)).collect()
}

fn child(n: Node<'_>, i: usize) -> Node<'_> {
    n.children()
        .nth(i)
        .unwrap_or_else(|| panic!("{n:?} has no child {i}"))
}

// ---- every rule: (input, valid?, first error code, its span) ------------------------------

const CASES: &[(&str, bool, &str, (usize, usize))] = &[
    // absolute XRIs, with and without the prefix
    ("xri://@example", true, "", (0, 0)),
    ("XRI://@example", true, "", (0, 0)),
    ("@example", true, "", (0, 0)),
    ("=example", true, "", (0, 0)),
    ("+example", true, "", (0, 0)),
    ("$example", true, "", (0, 0)),
    ("!!1", true, "", (0, 0)),
    ("(=example)", true, "", (0, 0)),
    ("xri://@", true, "", (0, 0)),
    ("@!1!2", true, "", (0, 0)),
    ("@**a", true, "", (0, 0)),
    ("xri://!!1/example", true, "", (0, 0)),
    ("xri://!!(+a)*b", true, "", (0, 0)),
    (
        "xri://(mailto:john.doe@example.com)/favorites/home",
        true,
        "",
        (0, 0),
    ),
    ("xri://(=a)!b*c", true, "", (0, 0)),
    ("xri://((=a))", true, "", (0, 0)),
    // IRI authorities
    ("xri://example.com/a", true, "", (0, 0)),
    ("xri://user@[::1]:80/a", true, "", (0, 0)),
    ("xri://1.2.3.4:8080", true, "", (0, 0)),
    ("xri://[v1.x:y]", true, "", (0, 0)),
    ("xri://h:", true, "", (0, 0)),
    ("xri://host:8a", false, "port-invalid", (12, 13)),
    ("xri://example.com:8x/", false, "port-invalid", (19, 20)),
    ("xri://[::g]", false, "ipv6-bad-char", (9, 10)),
    ("xri://[::1", false, "ip-literal-unclosed", (6, 7)),
    ("xri://[::1]x", false, "ip-literal-trailing", (11, 12)),
    ("xri://[1.2.3.4]", false, "ip-literal-invalid", (7, 14)),
    ("xri://a b", false, "char-not-allowed", (7, 8)),
    ("xri://a@b@c", false, "char-not-allowed", (7, 8)),
    // prefix
    ("xri:@a", false, "xri-prefix-malformed", (0, 4)),
    ("xri:/@a", false, "xri-prefix-malformed", (0, 5)),
    // GCS authorities (item 3: no fallback)
    ("xri://!", false, "pgcs-subsegment-missing", (7, 7)),
    ("xri://!1", false, "pgcs-subsegment-missing", (7, 8)),
    ("xri://!a", false, "pgcs-subsegment-missing", (7, 8)),
    ("xri://!!", false, "pgcs-subsegment-missing", (7, 8)),
    ("!!", false, "pgcs-subsegment-missing", (1, 2)),
    ("!!/a", false, "pgcs-subsegment-missing", (1, 2)),
    ("(!1)", false, "pgcs-subsegment-missing", (2, 3)),
    ("xri://@a@b", false, "gcs-char-unencoded", (8, 9)),
    // paths (items 5, 7)
    ("xri://@a*b//", true, "", (0, 0)),
    ("xri://@a/", true, "", (0, 0)),
    ("xri://@a/*/!/", true, "", (0, 0)),
    ("xri://@a/b@c", false, "gcs-char-unencoded", (10, 11)),
    ("xri://@a/b=c", false, "gcs-char-unencoded", (10, 11)),
    ("xri://@a/+c", false, "gcs-char-unencoded", (9, 10)),
    ("xri://@a/c$", false, "gcs-char-unencoded", (10, 11)),
    ("xri://@a/b%40c", true, "", (0, 0)),
    ("xri://@a/[x]", false, "gen-delim-unencoded", (9, 10)),
    ("xri://@a/b:c;d,e'f&g-h._~", true, "", (0, 0)),
    ("xri://@a/é", true, "", (0, 0)),
    // cross-references
    ("xri://@a/(b", false, "xref-unclosed", (9, 10)),
    ("(=a", false, "xref-unclosed", (0, 1)),
    ("xri://@a/b)", false, "xref-stray-close", (10, 11)),
    ("xri://@a/a(b)", false, "xref-missing-delimiter", (10, 11)),
    ("xri://@a/(b)c", false, "xref-trailing-chars", (12, 13)),
    ("xri://@a/(b)(c)", false, "xref-trailing-chars", (12, 15)),
    ("xri://(b)c", false, "xref-trailing-chars", (9, 10)),
    ("xri://@a/*(b)!(c)*(d)", true, "", (0, 0)),
    ("xri://@a/(xri://@b/(+c/(d)))", true, "", (0, 0)),
    ("xri://@a/(http://example.com/a?b#c)", true, "", (0, 0)),
    ("xri://@a/()", true, "", (0, 0)),
    ("xri://@a/(a:b)", true, "", (0, 0)),
    (
        "xri://@a/(*a:b)",
        false,
        "relative-colon-first-segment",
        (12, 13),
    ),
    // relative references
    ("", true, "", (0, 0)),
    ("?y", true, "", (0, 0)),
    ("#s", true, "", (0, 0)),
    (";x", true, "", (0, 0)),
    ("!g!g", true, "", (0, 0)),
    ("./!g!g", true, "", (0, 0)),
    ("/!g!g", true, "", (0, 0)),
    ("/", true, "", (0, 0)),
    ("../..", true, "", (0, 0)),
    ("*a", true, "", (0, 0)),
    ("a*(+b)", true, "", (0, 0)),
    ("a*(+b)/c:d", true, "", (0, 0)),
    ("./a:b", true, "", (0, 0)),
    ("./(+x)/y", true, "", (0, 0)),
    ("a:b", false, "relative-colon-first-segment", (1, 2)),
    ("*a:b", false, "relative-colon-first-segment", (2, 3)),
    ("a*b:c/d", false, "relative-colon-first-segment", (3, 4)),
    ("*(+x)", false, "relative-leading-xref", (0, 5)),
    ("!(+x)/y", false, "relative-leading-xref", (0, 5)),
    ("//@!g!g", false, "relative-network-path", (0, 2)),
    ("/*", false, "segment-nz-empty", (1, 2)),
    ("/*/a", false, "segment-nz-empty", (1, 2)),
    ("*", false, "relative-first-subsegment-empty", (0, 1)),
    ("!", false, "relative-first-subsegment-empty", (0, 1)),
    ("*/a", false, "relative-first-subsegment-empty", (0, 1)),
    // percent-encoding and characters
    ("xri://@a/%zz", false, "pct-invalid", (9, 10)),
    ("xri://@a/%4", false, "pct-invalid", (9, 10)),
    ("xri://@a?%", false, "pct-invalid", (9, 10)),
    ("xri://@a/%41", true, "", (0, 0)),
    ("xri://@a/b c", false, "char-not-allowed", (10, 11)),
    ("xri://@a/b\"c", false, "char-not-allowed", (10, 11)),
    ("xri://@a/b\u{7f}", false, "char-not-allowed", (10, 11)),
    ("xri://@a/b\u{fffe}", false, "char-not-allowed", (10, 13)),
    ("xri://@a/\u{e000}", false, "iprivate-not-allowed", (9, 12)),
    ("xri://@a?\u{e000}", true, "", (0, 0)),
    ("xri://@a#\u{e000}", false, "iprivate-not-allowed", (9, 12)),
    ("xri://@a/\u{202e}x", false, "bidi-format-char", (9, 12)),
    // query and fragment
    ("xri://@a/b?q=(x)&y=@z!*+$/?", true, "", (0, 0)),
    ("xri://@a#f/?@=", true, "", (0, 0)),
    ("xri://@a#f#g", false, "char-not-allowed", (10, 11)),
    ("xri://@a?[", false, "char-not-allowed", (9, 10)),
];

#[test]
fn every_rule() {
    let mut failures = Vec::new();
    for &(input, valid, code, (s, e)) in CASES {
        let (_, d) = parse(input);
        let got = first_error(&d);
        let ok = match got {
            None => valid,
            Some(g) => !valid && g.code.as_str() == code && g.span == Span::new(s, e),
        };
        if !ok {
            failures.push(format!(
                "{input:?}: expected {} {code} {s}..{e}, got {:?}",
                if valid { "valid" } else { "invalid" },
                got.map(|g| (g.code, g.span.to_string()))
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn diagnostics_cite_xri_sections_and_say_what_to_do() {
    for &(input, ..) in CASES {
        for d in parse(input).1 {
            assert!(
                d.spec.starts_with("XRI Syntax 2.0 §") || d.spec.starts_with("RFC 39"),
                "{input:?}: {} cites {:?}",
                d.code,
                d.spec
            );
            assert!(
                d.message.len() > 30,
                "{input:?}: {} says too little",
                d.code
            );
            assert!(
                d.span.end <= input.len()
                    && input.is_char_boundary(d.span.start)
                    && input.is_char_boundary(d.span.end)
            );
        }
    }
}

// ---- warnings and notes --------------------------------------------------------------------

#[test]
fn warnings() {
    let cases: &[(&str, &str, (usize, usize))] = &[
        ("xri://@ex%61mple", "pct-unreserved", (9, 12)),
        ("xri://@example%2f", "pct-lowercase", (14, 17)),
        ("\u{ff20}example", "not-nfkc", (0, 3)),
        ("\u{ff20}example", "delimiter-lookalike", (0, 3)),
        ("xri://example\u{2215}com", "delimiter-lookalike", (13, 16)),
        // §3.3: NFKC would turn the IRI authority into a GCS authority.
        ("xri://\u{ff20}example", "authority-kind-lookalike", (6, 9)),
        ("xri://@p\u{430}ypal", "mixed-scripts", (7, 14)),
        ("xri://", "authority-empty", (6, 6)),
        ("xri://@a/()", "xref-empty", (9, 11)),
        ("xri://@a/b\u{200b}", "invisible-char", (10, 13)),
        ("xri://a(b)/c", "xref-in-iauthority", (7, 8)),
        ("xri://@a/e\u{301}", "not-nfkc", (9, 12)),
    ];
    for &(input, code, (s, e)) in cases {
        let (_, d) = parse(input);
        assert!(
            first_error(&d).is_none(),
            "{input:?}: {:?}",
            first_error(&d)
        );
        let w = d.iter().find(|d| d.code.as_str() == code);
        assert_eq!(
            w.map(|w| (w.severity, w.span)),
            Some((Severity::Warning, Span::new(s, e))),
            "{input:?}: {d:#?}"
        );
        if code == "delimiter-lookalike" || code == "mixed-scripts" {
            assert_eq!(w.map(|w| w.spec), Some("XRI Syntax 2.0 §3.3"));
        }
    }
    // Japanese mixes Han and kana as a matter of course.
    assert!(!codes(&parse("=日本ごカタ").1, Severity::Warning).contains(&"mixed-scripts"));
    // Upper-case encodings of reserved characters are just right.
    assert!(codes(&parse("xri://@a/b%2Fc").1, Severity::Warning).is_empty());
}

#[test]
fn gcs_char_message_mentions_xri3() {
    let (_, d) = parse("xri://@a/b@c");
    let e = first_error(&d)
        .map(|e| e.message.clone())
        .unwrap_or_default();
    assert!(e.contains("%40") && e.contains("XRI 3.0"), "{e}");
}

#[test]
fn leading_xref_message_gives_the_fix_and_the_history() {
    let (_, d) = parse("*(+x)");
    let e = first_error(&d)
        .map(|e| e.message.clone())
        .unwrap_or_default();
    assert!(e.contains("./") && e.contains("XRI 3.0"), "{e}");
    // §2.4.4's prose says "*" would do; the ABNF disagrees, and a note says so.
    assert!(
        d.iter()
            .any(|d| d.code.as_str() == "reading-leading-star" && d.severity == Severity::Note)
    );
    // Without the star there is no disagreement to note (the error alone).
    let (_, d) = parse("./(+x)");
    assert!(d.iter().all(|d| d.code.as_str() != "reading-leading-star"));
}

#[test]
fn readings_are_noted() {
    // Item 3: "!" would be an IRI authority, but first-match-wins does not fall back.
    let (_, d) = parse("xri://!");
    assert!(
        d.iter().any(
            |d| d.code.as_str() == "reading-authority-first-match" && d.span == Span::new(6, 7)
        )
    );
    // A valid GCS authority needs no note.
    assert!(parse("xri://@example").1.is_empty());
    // Item 6: the mailto IRI could also be an XRI with userinfo "mailto:john.doe".
    let (_, d) = parse("xri://(mailto:john.doe@example.com)");
    let n = d.iter().find(|d| d.code.as_str() == "reading-xref-content");
    assert_eq!(
        n.map(|n| (n.severity, n.span)),
        Some((Severity::Note, Span::new(7, 34)))
    );
    assert!(n.is_some_and(|n| n.message.contains("mailto:john.doe@example.com")));
    // §2.4.3: "*a:b" is the prose's fix, not the ABNF's.
    assert!(
        parse("*a:b")
            .1
            .iter()
            .any(|d| d.code.as_str() == "reading-leading-star")
    );
    assert!(
        !parse("a:b")
            .1
            .iter()
            .any(|d| d.code.as_str() == "reading-leading-star")
    );
    // Top level: "./!g!g" could be an XRI with IRI authority "." if "xri://" were implied.
    let (t, d) = parse("./!g!g");
    assert_eq!(t.root().kind(), NodeKind::RelativeXri);
    assert!(
        d.iter()
            .any(|d| d.code.as_str() == "reading-relative" && d.severity == Severity::Note)
    );
    // "!g!g" is relative: as an XRI "!" would need "!!".
    let (t, d) = parse("!g!g");
    assert_eq!(t.root().kind(), NodeKind::RelativeXri);
    assert!(
        d.iter()
            .any(|d| d.code.as_str() == "reading-relative" && d.message.contains("!!"))
    );
}

// ---- tree shapes ---------------------------------------------------------------------------

#[test]
fn shape_of_the_big_example() {
    let input = "xri://@example*home!1234/(+contact)/(xri://=drummond*reed/(+email))";
    let (t, d) = parse(input);
    assert!(d.is_empty(), "{d:#?}");
    let root = t.root();
    assert_eq!(shape(root, input), format!("xri[XRI] {input:?}"));
    assert_eq!(root.span(), Span::new(0, input.len()));
    assert_eq!(
        kids(root, input),
        [
            "scheme[\"xri://\"] \"xri\"",
            "authority[gcs-authority] \"@example*home!1234\" gcs=rgcs-authority",
            "path[xri-path-abempty] \"/(+contact)/(xri://=drummond*reed/(+email))\"",
        ]
    );
    let auth = child(root, 1);
    assert_eq!(
        kids(auth, input),
        [
            "gcs[rgcs-char] \"@\" symbol=@",
            "subsegment[xri-subseg-od] \"example\" delim= persistence=reassignable",
            "subsegment[xri-subseg] \"*home\" delim=* persistence=reassignable",
            "subsegment[xri-subseg] \"!1234\" delim=! persistence=persistent",
        ]
    );
    let path = child(root, 2);
    assert_eq!(
        kids(path, input),
        [
            "segment[xri-segment] \"(+contact)\"",
            "segment[xri-segment] \"(xri://=drummond*reed/(+email))\""
        ]
    );
    // /(+contact): a subsegment holding an xref holding an XRI with GCS "+".
    let sub = child(child(path, 0), 0);
    assert_eq!(
        shape(sub, input),
        "subsegment[xri-subseg-od] \"(+contact)\" delim= persistence=reassignable"
    );
    let x = child(sub, 0);
    assert_eq!(shape(x, input), "xref[xref] \"(+contact)\" content=xri");
    assert_eq!(kids(x, input), ["xri[XRI] \"+contact\""]);
    assert_eq!(
        kids(child(child(x, 0), 0), input),
        [
            "gcs[rgcs-char] \"+\" symbol=+",
            "subsegment[xri-subseg-od] \"contact\" delim= persistence=reassignable"
        ]
    );
    // The nested XRI: its own scheme, GCS "=", subsegments, and a nested xref in its path.
    let x2 = child(child(child(path, 1), 0), 0);
    assert_eq!(
        shape(x2, input),
        "xref[xref] \"(xri://=drummond*reed/(+email))\" content=xri"
    );
    let inner = child(x2, 0);
    assert_eq!(
        kids(inner, input),
        [
            "scheme[\"xri://\"] \"xri\"",
            "authority[gcs-authority] \"=drummond*reed\" gcs=rgcs-authority",
            "path[xri-path-abempty] \"/(+email)\"",
        ]
    );
    assert_eq!(
        kids(child(inner, 1), input),
        [
            "gcs[rgcs-char] \"=\" symbol==",
            "subsegment[xri-subseg-od] \"drummond\" delim= persistence=reassignable",
            "subsegment[xri-subseg] \"*reed\" delim=* persistence=reassignable",
        ]
    );
    let email = child(child(child(child(inner, 2), 0), 0), 0);
    assert_eq!(shape(email, input), "xref[xref] \"(+email)\" content=xri");
    assert_eq!(email.span(), Span::new(input.len() - 9, input.len() - 1));
    assert_eq!(email.depth(), 9);
}

#[test]
fn shape_of_bare_gcs_xris() {
    let input = "=drummond*reed";
    let (t, d) = parse(input);
    assert!(d.is_empty());
    assert_eq!(
        kids(t.root(), input),
        ["authority[gcs-authority] \"=drummond*reed\" gcs=rgcs-authority"]
    );
    assert_eq!(
        kids(child(t.root(), 0), input),
        [
            "gcs[rgcs-char] \"=\" symbol==",
            "subsegment[xri-subseg-od] \"drummond\" delim= persistence=reassignable",
            "subsegment[xri-subseg] \"*reed\" delim=* persistence=reassignable",
        ]
    );

    let input = "@!1!2";
    let (t, d) = parse(input);
    assert!(d.is_empty());
    assert_eq!(
        kids(child(t.root(), 0), input),
        [
            "gcs[rgcs-char] \"@\" symbol=@",
            "subsegment[xri-subseg-od] \"!1\" delim=! persistence=persistent",
            "subsegment[xri-subseg] \"!2\" delim=! persistence=persistent",
        ]
    );

    let input = "xri://!!1001*a";
    let (t, d) = parse(input);
    assert!(d.is_empty());
    assert_eq!(
        kids(child(t.root(), 1), input),
        [
            "gcs[\"!\"] \"!\" symbol=!",
            "subsegment[xri-subseg-pt-nz] \"!1001\" delim=! persistence=persistent",
            "subsegment[xri-subseg] \"*a\" delim=* persistence=reassignable",
        ]
    );
}

#[test]
fn shape_of_an_iri_cross_reference_authority() {
    let input = "xri://(mailto:john.doe@example.com)*x";
    let (t, d) = parse(input);
    assert!(first_error(&d).is_none(), "{d:#?}");
    let auth = child(t.root(), 1);
    assert_eq!(
        shape(auth, input),
        "authority[xref-authority] \"(mailto:john.doe@example.com)*x\""
    );
    let x = child(auth, 0);
    assert_eq!(
        shape(x, input),
        "xref[xref] \"(mailto:john.doe@example.com)\" content=iri"
    );
    assert!(x.attr("reading").is_some_and(|r| r.contains("mailto:")));
    // The IRI grammar's tree sits inside, over the content.
    let iri = child(x, 0);
    assert_eq!(iri.kind(), NodeKind::Iri);
    assert_eq!(iri.span(), Span::new(7, 34));
    assert_eq!(
        shape(child(auth, 1), input),
        "subsegment[xri-subseg] \"*x\" delim=* persistence=reassignable"
    );
}

#[test]
fn shape_of_an_iri_authority() {
    let input = "xri://user@[::1]:80/a";
    let (t, d) = parse(input);
    assert!(d.is_empty());
    assert_eq!(
        kids(child(t.root(), 1), input),
        [
            "userinfo[iuserinfo] \"user\"",
            "host[IP-literal] \"[::1]\" host_type=ipv6",
            "port[port] \"80\""
        ]
    );
    let input = "xri://1.2.3.4/a";
    let (t, _) = parse(input);
    assert_eq!(
        kids(child(t.root(), 1), input),
        ["host[IPv4address] \"1.2.3.4\" host_type=ipv4"]
    );
    let input = "xri://1.2.3.456";
    let (t, _) = parse(input);
    assert_eq!(
        kids(child(t.root(), 1), input),
        ["host[ireg-name] \"1.2.3.456\" host_type=reg-name"]
    );
}

#[test]
fn shape_of_relative_references() {
    let input = "!g!g;x?y#s";
    let (t, _) = parse(input);
    assert_eq!(
        kids(t.root(), input),
        [
            "path[xri-path-noscheme] \"!g!g;x\"",
            "query[iquery] \"y\"",
            "fragment[ifragment] \"s\""
        ]
    );
    let seg = child(child(t.root(), 0), 0);
    assert_eq!(shape(seg, input), "segment[xri-segment] \"!g!g;x\"");
    assert_eq!(
        kids(seg, input),
        [
            "subsegment[xri-subseg-od-nx] \"!g\" delim=! persistence=persistent",
            "subsegment[xri-subseg-nc] \"!g;x\" delim=! persistence=persistent",
        ]
    );
    let input = "/a/b";
    let (t, _) = parse(input);
    assert_eq!(
        kids(child(t.root(), 0), input),
        [
            "segment[xri-segment-nz] \"a\"",
            "segment[xri-segment] \"b\""
        ]
    );
    let (t, d) = parse("");
    assert!(d.is_empty());
    assert_eq!(t.root().kind(), NodeKind::RelativeXri);
    assert!(t.root().is_leaf());
}

#[test]
fn empty_segments_after_an_authority_are_nodes() {
    let input = "xri://@a*b//";
    let (t, d) = parse(input);
    assert!(d.is_empty());
    let path = child(t.root(), 2);
    assert_eq!(
        kids(path, input),
        ["segment[xri-segment] \"\"", "segment[xri-segment] \"\""]
    );
    assert_eq!(child(path, 1).span(), Span::at(12));
}

#[test]
fn xref_content_is_classified() {
    let cases = [
        ("xri://@a/(xri://@b)", "xri", NodeKind::Xri),
        ("xri://@a/(XRI://@b)", "xri", NodeKind::Xri),
        ("xri://@a/(=b)", "xri", NodeKind::Xri),
        ("xri://@a/(!!1)", "xri", NodeKind::Xri),
        ("xri://@a/((=b))", "xri", NodeKind::Xri),
        ("xri://@a/(http://b/c)", "iri", NodeKind::Iri),
        ("xri://@a/(urn:isbn:1)", "iri", NodeKind::Iri),
        // A cross-reference in IRI-normal form: only the IRI alternative matches "xri:%2F...".
        ("xri://@a/(xri:%2F%2F@b%2Fc)", "iri", NodeKind::Iri),
        ("xri://@a/(b/c)", "relative", NodeKind::RelativeXri),
        ("xri://@a/(*b)", "relative", NodeKind::RelativeXri),
        ("xri://@a/(/b)", "relative", NodeKind::RelativeXri),
    ];
    for (input, content, kind) in cases {
        let (t, _) = parse(input);
        let x = t.find(NodeKind::Xref).expect("an xref");
        assert_eq!(x.attr("content"), Some(content), "{input}");
        assert_eq!(x.children().next().map(|c| c.kind()), Some(kind), "{input}");
    }
    // "urn:isbn:1" cannot be an IRI authority, so there was no ambiguity to record.
    let (t, _) = parse("xri://@a/(urn:isbn:1)");
    assert_eq!(t.find(NodeKind::Xref).and_then(|x| x.attr("reading")), None);
    let (t, _) = parse("xri://@a/(b/c)");
    assert!(
        t.find(NodeKind::Xref)
            .and_then(|x| x.attr("reading"))
            .is_some()
    );
}

#[test]
fn unclosed_xref_runs_to_the_end() {
    let input = "xri://@a/(+b/(c";
    let (t, d) = parse(input);
    let xs: Vec<Span> = t
        .iter()
        .filter(|n| n.kind() == NodeKind::Xref)
        .map(|n| n.span())
        .collect();
    assert_eq!(xs, [Span::new(9, 15), Span::new(13, 15)]);
    let e: Vec<_> = d
        .iter()
        .filter(|d| d.code.as_str() == "xref-unclosed")
        .map(|d| d.span)
        .collect();
    assert_eq!(e, [Span::new(9, 10), Span::new(13, 14)]);
}

// ---- the spec's examples -------------------------------------------------------------------

/// Every entry of examples/ids/xri2.txt that states validity, and every reference and
/// target of its resolution table, parses as the file says.
#[test]
fn spec_examples_parse_as_the_spec_says() {
    let text = idsets::SETS
        .iter()
        .find(|(n, _)| *n == "xri2")
        .map(|(_, t)| *t)
        .unwrap_or("");
    let (entries, errs) = idsets::parse_set("xri2", text);
    assert!(errs.is_empty());
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut check = |id: &str, want: Option<&str>, line: usize| {
        let (_, d) = parse(id);
        let got = first_error(&d).map(|e| e.code.as_str());
        let ok = match want {
            None => got.is_none(),
            Some("") => got.is_some(),
            Some(c) => got == Some(c),
        };
        if !ok {
            failures.push(format!("line {line}: {id:?} want {want:?} got {got:?}"));
        }
        checked += 1;
    };
    for e in entries.iter().filter(|e| e.profile == Some(Profile::Xri2)) {
        match &e.expect {
            Expect::Valid => check(&e.id, None, e.line),
            Expect::Invalid(c) => check(&e.id, Some(c.as_str()), e.line),
            Expect::Resolves { base, target } => {
                check(base, None, e.line);
                match target {
                    Some(t) => {
                        check(&e.id, None, e.line);
                        check(t, None, e.line);
                    }
                    None => check(&e.id, Some(""), e.line),
                }
            }
            Expect::Pair { other, .. } => {
                check(&e.id, None, e.line);
                check(other, None, e.line);
            }
            Expect::Form { value, .. } => {
                check(&e.id, None, e.line);
                // IRI-normal values escape "/" inside cross-references: still well-formed XRIs.
                check(value, None, e.line);
            }
            Expect::Show => check(&e.id, None, e.line),
            // Checked with the rest of the analysis in tests/conformance.rs.
            Expect::Diagnostic { .. } => {}
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    assert!(checked > 100, "only {checked} checks");
}

#[test]
fn section_2_2_examples() {
    // §2.2.1.3: all XRI authorities, not IRI authorities.
    for input in [
        "!!1",
        "@example",
        "=example",
        "+example",
        "$example",
        "(=example)",
    ] {
        let (t, d) = parse(input);
        assert!(d.is_empty(), "{input}: {d:?}");
        let a = child(t.root(), 0);
        let want = if input.starts_with('(') {
            "xref-authority"
        } else {
            "gcs-authority"
        };
        assert_eq!((a.kind(), a.rule()), (NodeKind::Authority, want), "{input}");
    }
    // §2.2.2: a URI as an XRI global authority.
    let input = "xri://(mailto:john.doe@example.com)/favorites/home";
    let (t, d) = parse(input);
    assert!(first_error(&d).is_none(), "{d:#?}");
    assert_eq!(child(t.root(), 1).rule(), "xref-authority");
    let segs: Vec<_> = child(t.root(), 2)
        .children()
        .map(|s| s.text(input))
        .collect();
    assert_eq!(segs, ["favorites", "home"]);
}

// ---- nesting, linear time, losslessness ------------------------------------------------------

#[test]
fn deep_nesting_is_capped_and_linear_on_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(|| {
            let n = 100_000;
            let mut out = Vec::new();
            for input in [
                "(".repeat(n),
                format!("{}{}", "(".repeat(n), ")".repeat(n)),
                "*(".repeat(n),
                "@a/(".repeat(n),
            ] {
                let t0 = std::time::Instant::now();
                let (t, d) = parse(&input);
                let took = t0.elapsed();
                let deep = d
                    .iter()
                    .find(|d| d.code.as_str() == "xref-too-deep")
                    .map(|d| (d.severity, d.span));
                let depth = t.iter().filter(|n| n.kind() == NodeKind::Xref).count();
                out.push((
                    input.len(),
                    deep,
                    depth,
                    took,
                    t.root().span(),
                    first_error(&d).map(|e| e.code.as_str()),
                ));
            }
            out
        })
        .expect("spawn");
    let out = handle.join().expect("no stack overflow");
    let cap = xri::MAX_XREF_DEPTH;
    // Unclosed: the first error is the outermost "(", the xref past the cap is opaque.
    let (len, deep, depth, took, root, first) = out[0];
    assert_eq!(first, Some("xref-unclosed"));
    assert_eq!(deep, Some((Severity::Error, Span::new(cap, len))));
    assert_eq!(depth, cap + 1);
    assert_eq!(root, Span::new(0, len));
    assert!(took.as_secs() < 10, "{took:?}");
    // Balanced: the opaque xref ends at its own ")".
    let (len, deep, depth, took, _, first) = out[1];
    assert_eq!(first, Some("xref-too-deep"));
    assert_eq!(deep, Some((Severity::Error, Span::new(cap, len - cap))));
    assert_eq!(depth, cap + 1);
    assert!(took.as_secs() < 10, "{took:?}");
    for &(len, deep, depth, took, root, _) in &out[2..] {
        assert!(deep.is_some());
        assert_eq!(depth, cap + 1);
        assert_eq!(root, Span::new(0, len));
        assert!(took.as_secs() < 10, "{took:?}");
    }
}

#[test]
fn nesting_at_the_cap_parses_fully() {
    let cap = xri::MAX_XREF_DEPTH;
    let input = format!("{}=a{}", "(".repeat(cap), ")".repeat(cap));
    let (t, d) = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || parse(&input))
        .expect("spawn")
        .join()
        .expect("no stack overflow");
    assert!(d.is_empty(), "{:?}", d.first());
    assert_eq!(t.iter().filter(|n| n.kind() == NodeKind::Gcs).count(), 1);
}

/// The root covers the input, every child lies inside its parent, siblings are in order and
/// do not overlap, and every span falls on character boundaries.
fn assert_well_nested(input: &str, t: &Tree, d: &[Diagnostic]) {
    assert_eq!(t.root().span(), Span::new(0, input.len()), "{input:?}");
    for n in t.iter() {
        let s = n.span();
        assert!(s.start <= s.end && s.end <= input.len(), "{input:?} {n:?}");
        assert!(
            input.is_char_boundary(s.start) && input.is_char_boundary(s.end),
            "{input:?} {n:?}"
        );
        let mut last = s.start;
        for c in n.children() {
            assert!(s.encloses(c.span()), "{input:?}: {c:?} outside {n:?}");
            assert!(
                c.span().start >= last,
                "{input:?}: {c:?} overlaps its elder sibling"
            );
            last = c.span().end;
        }
    }
    for x in d {
        assert!(
            x.span.end <= input.len()
                && input.is_char_boundary(x.span.start)
                && input.is_char_boundary(x.span.end)
        );
    }
}

#[test]
fn spans_nest_on_the_examples() {
    for &(input, ..) in CASES {
        let (t, d) = parse(input);
        assert_well_nested(input, &t, &d);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn spans_nest_on_anything(input in "(xri://|[(=@+$!*/?#:)a.%2Fé＠ ;\u{e000}\u{202e}\\[\\]]){0,40}") {
        let (t, d) = parse(&input);
        assert_well_nested(&input, &t, &d);
    }
}

/// An XRI IRI authority's IP literal gets the URI grammar's typed errors: for each bad
/// literal, `xri://L/` under xri2 and `http://L/` under rfc3986 report the same code at the
/// same bytes of the literal, with the same expected list.
#[test]
fn ip_literal_errors_are_the_uri_grammar_s() {
    let literals = [
        "[::g]",
        "[:1::]",
        "[1:2::3:]",
        "[1:::2]",
        "[1::2::3]",
        "[12345::]",
        "[1:2:3:4:5:6:7:8:9]",
        "[1:2:3]",
        "[::1.2.3]",
        "[::1.2.3.256]",
        "[::01.2.3.4]",
        "[::1.2.3.4:5]",
        "[fe80::1%25eth0]",
        "[v1]",
        "[v.x]",
        "[v1.]",
        "[v1.x/y]",
        "[]",
        "[1.2.3.4]",
        "[example.com]",
    ];
    for lit in literals {
        let x = format!("xri://{lit}/");
        let u = format!("http://{lit}/");
        let (_, xd) = parse(&x);
        let (_, ud) = specs::parse(Profile::Rfc3986, &u);
        let xe = first_error(&xd).unwrap_or_else(|| panic!("{x}: an error"));
        let ue = first_error(&ud).unwrap_or_else(|| panic!("{u}: an error"));
        assert_eq!(xe.code, ue.code, "{x} vs {u}");
        assert_eq!(
            (xe.span.start - 6, xe.span.end - 6),
            (ue.span.start - 7, ue.span.end - 7),
            "{x} vs {u}: span within the literal"
        );
        assert_eq!(xe.expected, ue.expected, "{x} vs {u}: expected");
        assert_eq!(
            xe.expected_at.map(|a| a - 6),
            ue.expected_at.map(|a| a - 7),
            "{x} vs {u}: expected at"
        );
        assert_eq!(xe.message, ue.message, "{x} vs {u}: message");
        assert_eq!(
            xe.reached.map(|r| r - 6),
            ue.reached.map(|r| r - 7),
            "{x} vs {u}: reached"
        );
    }
    // A typed IPv6 error says which part failed and what the ABNF takes there.
    let (_, d) = parse("xri://[::g]/");
    let e = first_error(&d).expect("error");
    assert_eq!(e.code.as_str(), "ipv6-bad-char");
    assert_eq!(e.span, Span::new(9, 10));
    assert_eq!(e.expected, ["h16", "IPv4address", "\"]\""]);
    // A valid IPvFuture literal gets the URI grammar's note too.
    let (_, xd) = parse("xri://[v1.x:y]/");
    let (_, ud) = specs::parse(Profile::Rfc3986, "http://[v1.x:y]/");
    let note = |d: &[Diagnostic]| {
        d.iter()
            .find(|d| d.code.as_str() == "ipvfuture-unknown")
            .map(|d| (d.severity, d.message.clone(), d.span.start, d.span.end))
    };
    let (xn, un) = (note(&xd).expect("xri note"), note(&ud).expect("uri note"));
    assert_eq!((xn.0, &xn.1), (un.0, &un.1));
    assert_eq!((xn.2 - 6, xn.3 - 6), (un.2 - 7, un.3 - 7));
    // Valid literals still parse, with the address as the IP-literal's child.
    for ok in [
        "xri://[::1]/",
        "xri://[v1.x:y]/",
        "xri://u@[1:2::3.4.5.6]:80/a",
    ] {
        let (t, d) = parse(ok);
        assert!(first_error(&d).is_none(), "{ok}: {d:?}");
        assert!(
            t.iter().any(|n| n.rule() == "IP-literal")
                && t.iter()
                    .any(|n| n.rule() == "IPv6address" || n.rule() == "IPvFuture"),
            "{ok}"
        );
    }
}
