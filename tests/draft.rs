//! `idbench draft`: the ABNF and the example identifiers of an RFC or Internet-Draft, read
//! from its plain text and checked against each other (the copies of the specs in
//! tests/data/specs/).

mod support;

use std::path::PathBuf;

use idbench::engine::Severity;
use idbench::engine::abnf::draft::{Judged, Notation, read_draft};
use idbench::engine::abnf::{Grammar, ParseOptions};
use serde_json::Value;
use support::cli::run;

fn spec(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/specs")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn spec_path(name: &str) -> String {
    format!("{}/tests/data/specs/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// RFC 3986 Appendix A, in its order.
const RFC3986_APPENDIX_A: [&str; 36] = [
    "URI",
    "hier-part",
    "URI-reference",
    "absolute-URI",
    "relative-ref",
    "relative-part",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "IP-literal",
    "IPvFuture",
    "IPv6address",
    "h16",
    "ls32",
    "IPv4address",
    "dec-octet",
    "reg-name",
    "path",
    "path-abempty",
    "path-absolute",
    "path-noscheme",
    "path-rootless",
    "path-empty",
    "segment",
    "segment-nz",
    "segment-nz-nc",
    "pchar",
    "query",
    "fragment",
    "pct-encoded",
    "unreserved",
    "reserved",
    "gen-delims",
    "sub-delims",
];

#[test]
fn rfc3986_gives_its_36_rules_and_no_pseudocode() {
    let r = read_draft(&spec("rfc3986.txt"));
    assert_eq!(r.notation, Notation::Abnf);
    let mut got: Vec<String> = r.rules.clone();
    let mut want: Vec<String> = RFC3986_APPENDIX_A.iter().map(|s| s.to_string()).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want, "the rules found");
    // Rules printed in the body and again in Appendix A are merged, not redefined; §5.3's
    // `result = ""` and Appendix B's `scheme = $2` are not grammar, and not problems.
    assert!(
        r.problems
            .iter()
            .all(|p| p.severity != idbench::engine::Severity::Error),
        "{:#?}",
        r.problems
    );
    assert!(
        !r.problems.iter().any(|p| p.code == "unreadable-rule"),
        "{:#?}",
        r.problems
    );
    assert!(
        r.roots.contains(&"URI-reference".to_string()),
        "{:?}",
        r.roots
    );
    // §3.3's `path-empty = 0<pchar>` is prose: a note at its line.
    assert!(
        r.problems
            .iter()
            .any(|p| p.code == "prose-value" && p.line == 1224)
    );
}

#[test]
fn rfc3986_section_1_1_2_examples_with_their_lines() {
    let r = read_draft(&spec("rfc3986.txt"));
    let want = [
        (343, "ftp://ftp.is.co.za/rfc/rfc1808.txt"),
        (345, "http://www.ietf.org/rfc/rfc2396.txt"),
        (347, "ldap://[2001:db8::7]/c=GB?objectClass?one"),
        (349, "mailto:John.Doe@example.com"),
        (351, "news:comp.infosystems.www.servers.unix"),
        (353, "tel:+1-816-555-1212"),
        (355, "telnet://192.0.2.16:80/"),
        (357, "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"),
    ];
    for (line, text) in want {
        let e = r
            .examples
            .iter()
            .find(|e| e.line == line)
            .unwrap_or_else(|| panic!("no example at line {line}"));
        assert_eq!(e.text, text);
        assert!(e.valid, "{e:?}");
        assert_eq!(e.draft_valid, Some(true), "{e:?}");
        assert_eq!(e.judged, Judged::Whole);
    }
    let urn = r
        .examples
        .iter()
        .find(|e| e.line == 357)
        .map(|e| e.profile.clone());
    assert_eq!(urn.as_deref(), Some("rfc8141"));
    // The references and the boilerplate are citations, not examples.
    assert!(!r.examples.iter().any(|e| e.text.contains("roy.gbiv.com")));
    assert!(!r.example_fails());
}

#[test]
fn rfc3987_examples_written_as_character_references_are_read_as_characters() {
    let r = read_draft(&spec("rfc3987.txt"));
    let e = r
        .examples
        .iter()
        .find(|e| e.text == "http://r&#xE9;sum&#xE9;.example.org")
        .expect("the résumé example");
    assert_eq!(e.decoded.as_deref(), Some("http://résumé.example.org"));
    assert_eq!(e.profile, "rfc3987");
    assert!(e.valid && e.draft_valid == Some(true), "{e:?}");
    // §5.3.4's deliberately broken example stays broken under both.
    let bad = r
        .examples
        .iter()
        .find(|e| e.text.starts_with("http://ab.cd.ef/31%HG"))
        .expect("the %HG example");
    assert_eq!((bad.valid, bad.draft_valid), (false, Some(false)));
}

#[test]
fn other_notations_are_named_not_misread() {
    let r = read_draft(&spec("rfc2141.txt"));
    assert_eq!(r.notation, Notation::Bnf);
    assert!(r.rules.is_empty());
    assert!(
        r.problems
            .iter()
            .any(|p| p.code == "not-abnf" && p.line > 0)
    );
    let w = read_draft(&spec("www-uri-draft-rfc1630.txt"));
    assert_eq!(w.notation, Notation::Other);
    assert!(w.problems.iter().any(|p| p.code == "not-abnf"));
    assert!(w.examples.iter().all(|e| e.draft_valid.is_none()));
}

#[test]
fn rfc2141bis_rules_printed_twice_differently_are_problems() {
    let r = read_draft(&spec("draft-ietf-urnbis-rfc2141bis-urn-03.txt"));
    // Appendix A prints RFC 3986's `scheme` and RFC 2141's `NID` and `NSS` beside the
    // draft's own: each is a second, different definition, reported at its line.
    let redefined: Vec<(&str, usize)> = r
        .problems
        .iter()
        .filter(|p| p.code == "rule-defined-differently")
        .map(|p| (p.rule.as_deref().unwrap_or(""), p.line))
        .collect();
    assert_eq!(redefined, [("scheme", 1551), ("NID", 1583), ("NSS", 1635)]);
    // Its grammar fixes `scheme = "urn"`: the http URLs it cites are not judged by it.
    let http = r
        .examples
        .iter()
        .find(|e| e.text.starts_with("http://tools.IETF.ORG"))
        .expect("the WG's URL");
    assert_eq!(http.draft_valid, None);
    let query = r
        .examples
        .iter()
        .find(|e| e.text == "urn:foo:a123,456?x=y")
        .expect("the query example");
    assert_eq!(query.draft_valid, Some(true));
}

const NAMESPACE_DRAFT: &str = "\
Internet-Draft                 The demo URN Namespace              May 2026


1.  Namespace Registration

   Namespace ID:

      demo

   Declaration of syntactic structure:

      NSS = 1*( %x61-7A )   ; lower-case letters only

   Examples:

      urn:demo:nut
      urn:demo:Nut:17
      urn:isbn:0451450523

Author's Address

   See urn:demo:author
";

#[test]
fn a_namespace_draft_judges_each_example_by_its_nss() {
    let r = read_draft(NAMESPACE_DRAFT);
    assert_eq!(r.nid.as_deref(), Some("demo"));
    assert_eq!(r.nss_rule.as_deref(), Some("NSS"));
    let by = |t: &str| {
        r.examples
            .iter()
            .find(|e| e.text == t)
            .unwrap_or_else(|| panic!("no example {t}: {:#?}", r.examples))
    };
    let good = by("urn:demo:nut");
    assert_eq!(
        (good.valid, good.draft_valid, good.judged),
        (true, Some(true), Judged::Nss)
    );
    let bad = by("urn:demo:Nut:17");
    assert_eq!(
        (bad.valid, bad.draft_valid, bad.judged),
        (true, Some(false), Judged::Nss)
    );
    assert_eq!(bad.line, 17);
    // Another namespace's URN is not this draft's to judge.
    assert_eq!(by("urn:isbn:0451450523").draft_valid, None);
    // The author's address is not an example.
    assert!(!r.examples.iter().any(|e| e.text == "urn:demo:author"));
    assert!(r.example_fails());
}

#[test]
fn cli_json_is_one_line_and_exit_says_whether_an_example_fails() {
    let dir = support::scratch::dir("draft");
    let file = dir.join("demo.txt");
    std::fs::write(&file, NAMESPACE_DRAFT).expect("write");
    let f = file.to_string_lossy().into_owned();
    let o = run(&["draft", "--format", "json", &f], b"");
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    let text = o.text();
    assert_eq!(text.lines().count(), 1, "{text}");
    let v: Value = serde_json::from_str(text.trim()).expect("one JSON object");
    assert_eq!(v["rules"], serde_json::json!(["NSS"]));
    let ex = v["examples"].as_array().expect("examples");
    let bad = ex
        .iter()
        .find(|e| e["text"] == "urn:demo:Nut:17")
        .expect("the bad example");
    assert_eq!(bad["line"], 17);
    assert_eq!(bad["profile"], "rfc8141");
    assert_eq!(bad["valid"], true);
    assert_eq!(bad["draft_valid"], false);
    assert!(bad["first_error"].is_null());
    // RFC 3986's text: every example passes both, exit 0; the text names lines.
    let o = run(&["draft", &spec_path("rfc3986.txt")], b"");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.text()
            .contains("line   343: ftp://ftp.is.co.za/rfc/rfc1808.txt"),
        "{}",
        o.text()
    );
    assert!(o.stderr.contains("36 rules"), "{}", o.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_refuses_what_is_not_a_regular_file_naming_it_escaped() {
    let o = run(&["draft", "/dev/zero"], b"");
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("/dev/zero"), "{}", o.stderr);
    let o = run(&["draft", "/no/such\u{1b}[31m/file"], b"");
    assert_eq!(o.code, Some(2));
    assert!(!o.stderr.contains('\u{1b}'), "{:?}", o.stderr);
}

#[test]
fn hostile_texts_end_without_panicking() {
    // Deep nesting, a megabyte of rule-like lines, no newline at all, control bytes.
    let deep = format!(
        "   a = {}\"x\"{}\n",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let many: String = (0..40_000)
        .map(|i| format!("   r{i} = r{} / \"{i}\"\n", i + 1))
        .collect();
    let flat = "x".repeat(1 << 20);
    let ctrl = "   a = \"\u{1b}\"\n   http://\u{202e}evil/\u{0}\n";
    // A rule defined nowhere, then a megabyte paragraph of `[` (the citations looked for),
    // and prose with multi-byte characters around its citation.
    let brackets = format!("   a = b\n\n   b {} RFC 1\n", "[".repeat(1 << 20));
    let wide = "   a = b / c\n\n   b\u{2014}RFC 5322\u{2014}[X] c\u{e9} [\u{e9}]\n";
    // Fifty thousand identifiers opened in `<...>` and never closed.
    let open = "   <mailto:x@\n".repeat(50_000);
    for t in [
        deep.as_str(),
        many.as_str(),
        flat.as_str(),
        ctrl,
        &brackets,
        wide,
        &open,
    ] {
        let r = read_draft(t);
        let _ = (r.rules.len(), r.examples.len());
    }
}

/// RFC 6068 §2, in its order: the mailtoURI grammar.
const RFC6068_SECTION_2: [&str; 12] = [
    "mailtoURI",
    "to",
    "hfields",
    "hfield",
    "hfname",
    "hfvalue",
    "addr-spec",
    "local-part",
    "domain",
    "dtext-no-obs",
    "qchar",
    "some-delims",
];

#[test]
fn rfc6068_gives_its_12_rules_and_no_rule_from_message_text() {
    let r = read_draft(&spec("rfc6068.txt"));
    assert_eq!(r.notation, Notation::Abnf);
    assert_eq!(r.rules, RFC6068_SECTION_2, "the rules found");
    // §6.3's quoted-printable body `caf=E9` (line 610) sits in a message display under a
    // header field: not a rule, and its `E9` is no undefined rule.
    assert!(!r.rules.iter().any(|n| n == "caf"), "{:?}", r.rules);
    assert!(!r.grammar_text.contains("caf"), "{}", r.grammar_text);
    assert!(
        !r.problems.iter().any(|p| p.line == 610),
        "{:#?}",
        r.problems
    );
}

#[test]
fn rfc6068_rules_from_other_documents_are_external_not_undefined() {
    let r = read_draft(&spec("rfc6068.txt"));
    assert!(
        !r.problems.iter().any(|p| p.code == "undefined-rule"),
        "{:#?}",
        r.problems
    );
    // §2: "non-terminal definitions from [RFC5322] (dot-atom-text, quoted-string), and
    // non-terminal definitions from [STD66] (unreserved, pct-encoded)" (lines 146-149, the
    // paragraph's words broken at their hyphens).
    let external: Vec<(&str, usize, bool, bool)> = r
        .problems
        .iter()
        .filter(|p| p.code == "external-rule")
        .map(|p| {
            (
                p.rule.as_deref().unwrap_or(""),
                p.line,
                p.message.contains("[RFC5322]"),
                p.message.contains("[STD66]"),
            )
        })
        .collect();
    assert_eq!(
        external,
        [
            ("dot-atom-text", 158, true, false),
            ("quoted-string", 158, true, false),
            ("unreserved", 163, false, true),
            ("pct-encoded", 163, false, true),
        ]
    );
    assert!(
        r.problems
            .iter()
            .filter(|p| p.code == "external-rule")
            .all(|p| p.severity == idbench::engine::Severity::Note)
    );
}

#[test]
fn rfc6068_examples_wrapped_inside_angle_brackets_are_joined() {
    let r = read_draft(&spec("rfc6068.txt"));
    // §1: "Extra whitespace and line breaks are added to present long URIs -- they are not
    // part of the actual URI" (RFC 3986 Appendix C): the four examples §6 wraps inside
    // `<...>`, each at the line it starts on.
    let want = [
        (
            475,
            "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        ),
        (
            484,
            "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        ),
        (
            578,
            "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
        ),
        (
            583,
            "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
        ),
    ];
    for (line, text) in want {
        let e = r
            .examples
            .iter()
            .find(|e| e.line == line)
            .unwrap_or_else(|| panic!("no example at line {line}: {:#?}", r.examples));
        assert_eq!(e.text, text);
        assert!(e.valid, "{e:?}");
    }
    // No example is a first line alone, and the lines the pieces end on add none.
    assert!(
        !r.examples.iter().any(|e| e.text.ends_with('@')),
        "{:#?}",
        r.examples
    );
    assert_eq!(r.examples.len(), 22);
}

#[test]
fn rfc3986_appendix_c_examples_are_joined_as_it_says() {
    // Appendix C: `<ftp://foo.example.` / `com/rfc/>` "contains the URI references"
    // `ftp://foo.example.com/rfc/` and `http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING`.
    let r = read_draft(&spec("rfc3986.txt"));
    let at = |line: usize| {
        r.examples
            .iter()
            .find(|e| e.line == line)
            .map(|e| e.text.as_str())
    };
    assert_eq!(at(2887), Some("ftp://foo.example.com/rfc/"));
    assert_eq!(
        at(2888),
        Some("http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING")
    );
}

#[test]
fn rfc5322_gives_its_133_rules_one_continued_across_a_page_break() {
    let r = read_draft(&spec("rfc5322.txt"));
    assert_eq!(r.notation, Notation::Abnf);
    assert_eq!(r.rules.len(), 133, "{:?}", r.rules);
    assert_eq!(r.rules.first().map(String::as_str), Some("quoted-pair"));
    assert_eq!(r.rules.last().map(String::as_str), Some("obs-optional"));
    // §4.3's `obs-zone` runs on after page 33's footer, form feed and header: it is read
    // whole, not dropped as unreadable, and `zone` does not use an undefined rule.
    assert!(r.rules.iter().any(|n| n == "obs-zone"));
    for code in ["undefined-rule", "unreadable-rule", "external-rule"] {
        assert!(
            !r.problems.iter().any(|p| p.code == code),
            "{code}: {:#?}",
            r.problems
        );
    }
    let g = Grammar::from_text(&r.grammar_text).expect("the grammar compiles");
    let zone = |s: &str| {
        g.parse("obs-zone", s, &ParseOptions::default())
            .is_ok_and(|p| p.valid)
    };
    // "UT" is on page 33; the military zones `%d97-105` ("a" to "i") on page 34.
    assert!(zone("UT") && zone("a") && zone("Z"));
    assert!(!zone("j"));
    // Core rules (ALPHA, DIGIT, WSP, CRLF, VCHAR) are the core rules', not undefined.
    assert!(!r.problems.iter().any(|p| p.severity == Severity::Error));
}

#[test]
fn a_rule_continues_across_a_page_break_and_message_text_is_no_rule() {
    let text = "\
1.  Grammar

      zone = \"UT\" /
             \"GMT\"



Doe                      Standards Track                    [Page 1]
\u{c}
RFC 9999                 A Test                          October 2026


             / \"EST\"

   A message:

      Subject: =?iso-8859-1?Q?caf=E9?=

      caf=E9

   Another display, set apart, with one rule:

      greeting = \"hi\" / \"hello\"

   More text.
";
    let r = read_draft(text);
    assert_eq!(r.rules, ["zone", "greeting"], "{:#?}", r.problems);
    let g = Grammar::from_text(&r.grammar_text).expect("compiles");
    assert!(
        g.parse("zone", "EST", &ParseOptions::default())
            .is_ok_and(|p| p.valid)
    );
    assert!(
        !r.problems.iter().any(|p| p.code == "undefined-rule"),
        "{:#?}",
        r.problems
    );
}
