//! The rfc2396 profile: RFC 2396 as amended by RFC 2732, as `java.net.URI` reads it.
//!
//! Conformance rows: every example of RFC 2396 Appendix C (C.1 normal, C.2 abnormal)
//! resolved against its base; the grammar's edges (a `server` or a `reg_name` authority,
//! `hostname`'s `toplabel`, `IPv4address` as RFC 2732 §3 (2) has it, the IPv6 literals of
//! RFC 2732 §2, the deviations `java.net.URI`'s documentation lists); the hand-written
//! parser held to the ABNF transcription of the grammar on every row; the normal forms and
//! the comparison ladder RFC 2396 §6 allows.

use idbench::engine::abnf::{Grammar, ParseOptions, check};
use idbench::engine::equiv::{CompareOptions, compare};
use idbench::engine::resolve::resolve;
use idbench::engine::{Family, NodeKind, Options, Profile, analyze, rules};

const P: Profile = Profile::Rfc2396;

/// RFC 2396 Appendix C's base.
const BASE: &str = "http://a/b/c/d;p?q";

/// Appendix C.1, "Normal Examples", as printed: reference, target. `#s` is printed
/// "(current document)#s": the base without its fragment, with the reference's (§5.2
/// step 2).
const C1: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// Appendix C.2, "Abnormal Examples", as printed. `<>` is printed "(current document)";
/// `http:g` "http:g ; for validating parsers", which is what this profile is.
const C2: &[(&str, &str)] = &[
    ("", "http://a/b/c/d;p?q"),
    ("../../../g", "http://a/../g"),
    ("../../../../g", "http://a/../../g"),
    ("/./g", "http://a/./g"),
    ("/../g", "http://a/../g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

#[test]
fn appendix_c_1_normal_examples_resolve_as_printed() {
    for (r, want) in C1 {
        let res = resolve(BASE, r, P);
        assert_eq!(
            res.target.as_deref(),
            Some(*want),
            "C.1 {r:?}: {:#?}",
            res.steps
        );
    }
}

#[test]
fn appendix_c_2_abnormal_examples_resolve_as_printed() {
    for (r, want) in C2 {
        let res = resolve(BASE, r, P);
        assert_eq!(
            res.target.as_deref(),
            Some(*want),
            "C.2 {r:?}: {:#?}",
            res.steps
        );
    }
    // Step 6 g): the ".." above the root is kept, and the steps say the reference is in
    // error there.
    let res = resolve(BASE, "../../../g", P);
    assert!(
        res.steps.iter().any(|s| s.name == "§5.2 step 6 g"),
        "{res:#?}"
    );
    // Where RFC 3986 §5.2 answers otherwise (its remove_dot_segments).
    for (r, rfc3986) in [
        ("../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("?y", "http://a/b/c/d;p?y"),
    ] {
        assert_eq!(
            resolve(BASE, r, Profile::Rfc3986).target.as_deref(),
            Some(rfc3986)
        );
        assert_ne!(resolve(BASE, r, P).target.as_deref(), Some(rfc3986));
    }
}

#[test]
fn resolution_needs_a_valid_absolute_base() {
    assert!(resolve("a/b", "g", P).target.is_none());
    assert!(resolve("http://a b/", "g", P).target.is_none());
    assert!(resolve(BASE, "g h", P).target.is_none());
    // An opaque base has no path to merge with; the other steps still apply.
    let opaque = resolve("mailto:a@b", "g", P);
    assert!(opaque.target.is_none());
    assert_eq!(
        opaque.first_error().map(|d| (d.code.as_str(), d.spec)),
        Some(("resolve-base-not-absolute", "RFC 2396 §5.2"))
    );
    assert_eq!(
        resolve("mailto:a@b", "#s", P).target.as_deref(),
        Some("mailto:a@b#s")
    );
    assert_eq!(
        resolve("mailto:a@b", "/g", P).target.as_deref(),
        Some("mailto:/g")
    );
    // §5.2 can make a path that reads back as an authority: a note says so.
    let r = resolve("f:/a", ".//g", P);
    assert_eq!(r.target.as_deref(), Some("f:/.//g"));
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "resolve-path-looks-like-authority"),
        "{r:#?}"
    );
    // A base with an authority and no path: the merged path starts at "/".
    assert_eq!(
        resolve("http://a", "g", P).target.as_deref(),
        Some("http://a/g")
    );
}

/// What a row expects of the authority.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Auth {
    /// No authority.
    None,
    /// A server-based authority with this host (rule, text).
    Server(&'static str, &'static str),
    /// An empty server-based authority (`file:///`).
    EmptyServer,
    /// A registry-based authority: no host.
    RegName,
}

/// The grammar's rows: input, valid, the first error's code when invalid, the authority,
/// and why (the section or the javadoc sentence).
const ROWS: &[(&str, bool, &str, Auth, &str)] = &[
    // §3.2.2 hostname = *( domainlabel "." ) toplabel [ "." ]; toplabel starts with alpha.
    (
        "http://www.ietf.org/rfc/rfc2396.txt",
        true,
        "",
        Auth::Server("hostname", "www.ietf.org"),
        "§3.2.2",
    ),
    (
        "http://example.com./",
        true,
        "",
        Auth::Server("hostname", "example.com."),
        "§3.2.2 [ \".\" ]",
    ),
    (
        "http://a.b-c.d/",
        true,
        "",
        Auth::Server("hostname", "a.b-c.d"),
        "§3.2.2 domainlabel",
    ),
    (
        "http://1.2.3.4.5/",
        true,
        "",
        Auth::RegName,
        "§3.2.2 toplabel starts with alpha: no server",
    ),
    ("http://a.1b/", true, "", Auth::RegName, "§3.2.2 toplabel"),
    (
        "http://a-.b/",
        true,
        "",
        Auth::RegName,
        "§3.2.2 domainlabel ends with alphanum",
    ),
    (
        "http://a..b/",
        true,
        "",
        Auth::RegName,
        "§3.2.2 no empty label",
    ),
    (
        "s://123",
        true,
        "",
        Auth::Server("hostname", "123"),
        "javadoc: one label may start with alphanum",
    ),
    // RFC 2732 §3 (2): RFC 2373's IPv4address; java.net.URI: each part at most 255.
    (
        "http://192.0.2.16:80/",
        true,
        "",
        Auth::Server("IPv4address", "192.0.2.16"),
        "§3.2.2",
    ),
    (
        "http://1.2.3.256/",
        true,
        "",
        Auth::RegName,
        "javadoc: no greater than 255",
    ),
    (
        "http://1234.1.1.1/",
        true,
        "",
        Auth::RegName,
        "RFC 2732 §3 (2): at most three digits",
    ),
    // §3.2.2 server = [ [ userinfo "@" ] hostport ]; §3.2.1 reg_name otherwise.
    (
        "http://user:pw@host:8080/p",
        true,
        "",
        Auth::Server("hostname", "host"),
        "§3.2.2",
    ),
    (
        "http://a@b@c/",
        true,
        "",
        Auth::RegName,
        "§3.2.2 userinfo has no \"@\"",
    ),
    (
        "http://host:port/",
        true,
        "",
        Auth::RegName,
        "§3.2.2 port = *digit",
    ),
    (
        "http://:80/",
        true,
        "",
        Auth::RegName,
        "§3.2.2 no empty host",
    ),
    (
        "http://exämple.com/ä",
        true,
        "",
        Auth::RegName,
        "javadoc: other characters in a registry-based authority",
    ),
    (
        "http://a b/",
        false,
        "illegal-char",
        Auth::RegName,
        "§3.2.1 reg_name",
    ),
    // RFC 2732 §2's example URLs.
    (
        "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
        true,
        "",
        Auth::Server("IPv6reference", "[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]"),
        "RFC 2732 §2",
    ),
    (
        "http://[1080:0:0:0:8:800:200C:417A]/index.html",
        true,
        "",
        Auth::Server("IPv6reference", "[1080:0:0:0:8:800:200C:417A]"),
        "RFC 2732 §2",
    ),
    (
        "http://[3ffe:2a00:100:7031::1]",
        true,
        "",
        Auth::Server("IPv6reference", "[3ffe:2a00:100:7031::1]"),
        "RFC 2732 §2",
    ),
    (
        "http://[1080::8:800:200C:417A]/foo",
        true,
        "",
        Auth::Server("IPv6reference", "[1080::8:800:200C:417A]"),
        "RFC 2732 §2",
    ),
    (
        "http://[::192.9.5.5]/ipng",
        true,
        "",
        Auth::Server("IPv6reference", "[::192.9.5.5]"),
        "RFC 2732 §2",
    ),
    (
        "http://[::FFFF:129.144.52.38]:80/index.html",
        true,
        "",
        Auth::Server("IPv6reference", "[::FFFF:129.144.52.38]"),
        "RFC 2732 §2",
    ),
    (
        "http://[2010:836B:4179::836B:4179]",
        true,
        "",
        Auth::Server("IPv6reference", "[2010:836B:4179::836B:4179]"),
        "RFC 2732 §2",
    ),
    (
        "http://[::1/",
        false,
        "ip-literal-invalid",
        Auth::RegName,
        "RFC 2732 §3: no \"]\"",
    ),
    (
        "http://[1:2:3:4:5:6:7:8:9]/",
        false,
        "ip-literal-invalid",
        Auth::RegName,
        "RFC 2732 §3: nine groups",
    ),
    (
        "http://[::1]x/",
        false,
        "ip-literal-invalid",
        Auth::RegName,
        "RFC 2732 §3: text after \"]\"",
    ),
    // java.net.URI's deviations.
    (
        "file:///foo/bar",
        true,
        "",
        Auth::EmptyServer,
        "javadoc: empty authority with a path",
    ),
    (
        "file://?q",
        true,
        "",
        Auth::EmptyServer,
        "javadoc: empty authority with a query",
    ),
    (
        "http://",
        false,
        "authority-empty",
        Auth::EmptyServer,
        "javadoc: empty authority with nothing after",
    ),
    ("#foo", true, "", Auth::None, "javadoc: empty relative path"),
    ("", true, "", Auth::None, "javadoc: empty relative path"),
    (
        "http://a/\u{e9}t\u{e9}?q=\u{2603}#\u{1f600}",
        true,
        "",
        Auth::Server("hostname", "a"),
        "javadoc: other characters",
    ),
    (
        "http://a/\u{85}",
        false,
        "illegal-char",
        Auth::Server("hostname", "a"),
        "javadoc: other excludes ISO controls",
    ),
    (
        "http://a/b\u{3000}c",
        false,
        "illegal-char",
        Auth::Server("hostname", "a"),
        "javadoc: other excludes space characters",
    ),
    // The javadoc's examples of opaque and hierarchical URIs.
    (
        "mailto:java-net@www.example.com",
        true,
        "",
        Auth::None,
        "javadoc: opaque",
    ),
    (
        "news:comp.lang.java",
        true,
        "",
        Auth::None,
        "javadoc: opaque",
    ),
    (
        "urn:isbn:096139210x",
        true,
        "",
        Auth::None,
        "javadoc: opaque",
    ),
    (
        "sample/a/index.html#28",
        true,
        "",
        Auth::None,
        "javadoc: hierarchical",
    ),
    (
        "../../demo/b/index.html",
        true,
        "",
        Auth::None,
        "javadoc: hierarchical",
    ),
    (
        "file:///~/calendar",
        true,
        "",
        Auth::EmptyServer,
        "javadoc: hierarchical",
    ),
    // The rest of the grammar.
    (
        "http:",
        false,
        "scheme-specific-part-empty",
        Auth::None,
        "§3 absoluteURI",
    ),
    (
        "http:#f",
        false,
        "scheme-specific-part-empty",
        Auth::None,
        "§3 opaque_part is not empty",
    ),
    ("a:b:c", true, "", Auth::None, "§3 opaque_part takes \":\""),
    (
        "A:%AA",
        true,
        "",
        Auth::None,
        "§3 uric_no_slash takes escaped",
    ),
    (
        "A://",
        false,
        "authority-empty",
        Auth::EmptyServer,
        "javadoc: empty authority with nothing after",
    ),
    (
        "//",
        false,
        "authority-empty",
        Auth::EmptyServer,
        "javadoc: empty authority with nothing after",
    ),
    (
        "//#f",
        true,
        "",
        Auth::EmptyServer,
        "javadoc: empty authority with a fragment",
    ),
    (
        "a:b?c/d",
        true,
        "",
        Auth::None,
        "§3 an opaque part keeps its \"?\"",
    ),
    ("./a:b", true, "", Auth::None, "§5 rel_path"),
    (
        "%41:b",
        false,
        "colon-in-first-segment",
        Auth::None,
        "§5 rel_segment has no \":\"",
    ),
    (
        "1http:x",
        false,
        "scheme-start",
        Auth::None,
        "§3.1 scheme starts with alpha",
    ),
    (
        "http://a/b?c[d]",
        true,
        "",
        Auth::Server("hostname", "a"),
        "RFC 2732 §3 (3): \"[\" \"]\" are reserved, so uric",
    ),
    (
        "http://a/b[c]",
        false,
        "illegal-char",
        Auth::Server("hostname", "a"),
        "§3.3 pchar has no \"[\"",
    ),
    (
        "http://a/%zz",
        false,
        "pct-invalid",
        Auth::Server("hostname", "a"),
        "§2.4.1 escaped",
    ),
    (
        "http://a/b#c#d",
        false,
        "fragment-char",
        Auth::Server("hostname", "a"),
        "§4.1 fragment = *uric",
    ),
    (
        "http://a/{b}",
        false,
        "illegal-char",
        Auth::Server("hostname", "a"),
        "§2.4.3 unwise",
    ),
    (
        "http://a/b c",
        false,
        "illegal-char",
        Auth::Server("hostname", "a"),
        "§2.4.3 space",
    ),
    (
        "http://a/;p=1/q;r",
        true,
        "",
        Auth::Server("hostname", "a"),
        "§3.3 segment = *pchar *( \";\" param )",
    ),
];

#[test]
fn the_grammar_rows_read_as_expected() {
    for &(input, valid, code, auth, why) in ROWS {
        let a = analyze(input, &Options::validate_only(Some(P)));
        assert_eq!(a.valid(), valid, "{input:?} ({why}): {:#?}", a.diagnostics);
        if !valid {
            let e = a.first_error().expect("an error");
            assert_eq!(e.code.as_str(), code, "{input:?} ({why})");
            assert!(
                e.spec.starts_with("RFC 2396 §") || e.spec.starts_with("RFC 2732 §"),
                "{input:?}: cites {}",
                e.spec
            );
        }
        let root = a.tree.root();
        let authority = root.child(NodeKind::Authority);
        let got = match authority {
            None => Auth::None,
            Some(n) => match (n.rule(), n.attr("authority_kind"), n.child(NodeKind::Host)) {
                ("reg_name", Some("reg_name"), None) => Auth::RegName,
                ("server", Some("server"), None) if n.span().is_empty() => Auth::EmptyServer,
                ("server", Some("server"), Some(h)) => {
                    let rule = h.rule();
                    let text = h.text(input);
                    ROWS.iter()
                        .find_map(|r| match r.3 {
                            Auth::Server(ru, t) if ru == rule && t == text => Some(r.3),
                            _ => None,
                        })
                        .unwrap_or(Auth::None)
                }
                other => panic!("{input:?}: authority {other:?}"),
            },
        };
        assert_eq!(got, auth, "{input:?} ({why})");
        // A registry-based authority that is valid says so in a note.
        if valid && auth == Auth::RegName {
            assert!(
                a.diagnostics
                    .iter()
                    .any(|d| d.code.as_str() == "authority-reg-name"
                        && d.spec == "RFC 2396 §3.2.1"),
                "{input:?}"
            );
        }
    }
}

#[test]
fn the_tree_has_the_roles_of_rfc3986s() {
    let input = "http://user@host:8080/a/b?q#f";
    let a = analyze(input, &Options::validate_only(Some(P)));
    let root = a.tree.root();
    assert_eq!(root.kind(), NodeKind::Uri);
    assert_eq!(root.rule(), "absoluteURI");
    let text = |k: NodeKind| {
        a.tree
            .iter()
            .find(|n| n.kind() == k)
            .map(|n| n.text(input).to_string())
    };
    assert_eq!(text(NodeKind::Scheme).as_deref(), Some("http"));
    assert_eq!(text(NodeKind::Userinfo).as_deref(), Some("user"));
    assert_eq!(text(NodeKind::Host).as_deref(), Some("host"));
    assert_eq!(text(NodeKind::Port).as_deref(), Some("8080"));
    assert_eq!(text(NodeKind::Path).as_deref(), Some("/a/b"));
    assert_eq!(text(NodeKind::Query).as_deref(), Some("q"));
    assert_eq!(text(NodeKind::Fragment).as_deref(), Some("f"));
    let rel = analyze("a/b", &Options::validate_only(Some(P)));
    assert_eq!(rel.tree.root().kind(), NodeKind::RelativeRef);
    assert_eq!(rel.tree.root().rule(), "relativeURI");
}

#[test]
fn every_rule_a_tree_names_is_in_the_grammar_reference() {
    let g = rules::grammar(P);
    for &(input, ..) in ROWS {
        let a = analyze(input, &Options::validate_only(Some(P)));
        for n in a.tree.iter() {
            assert!(
                g.get(n.rule()).is_some(),
                "{input:?}: rule {:?} is not in the grammar reference",
                n.rule()
            );
        }
    }
    // RFC 2732's amendments are the readings shown.
    assert!(g.get("host").unwrap().text().contains("IPv6reference"));
    assert!(g.get("reserved").unwrap().text().contains("\"[\""));
    assert_eq!(
        g.get("authority").unwrap().alternatives,
        ["server", "reg_name"]
    );
    assert_eq!(
        g.get("hier_part").unwrap().uses,
        ["net_path", "abs_path", "query"]
    );
}

/// The transcription's rows where the hand-written parser reads more than the BNF says:
/// `java.net.URI` refuses an empty authority with nothing after it.
fn transcription_cause(input: &str) -> bool {
    input.split_once(':').map_or(input, |(_, rest)| rest) == "//"
}

#[test]
fn the_parser_agrees_with_the_abnf_transcription() {
    let text = include_str!("../src/engine/specs/uri/rfc2396.transcribed.abnf");
    let report = check(text, Some("URI-reference"));
    assert!(!report.has_errors(), "{:#?}", report.problems);
    let g = Grammar::from_text(text).expect("the transcription loads");
    let mut inputs: Vec<String> = ROWS.iter().map(|r| r.0.to_string()).collect();
    inputs.extend(C1.iter().chain(C2).map(|(r, _)| r.to_string()));
    inputs.push(BASE.to_string());
    let mut differ = Vec::new();
    for input in &inputs {
        let hand = analyze(input, &Options::validate_only(Some(P))).valid();
        let abnf = g
            .parse("URI-reference", input, &ParseOptions::default())
            .expect("parses")
            .valid;
        if hand != abnf && !transcription_cause(input) {
            differ.push((input.clone(), hand, abnf));
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
    // The listed cause is real: the BNF's server may be empty.
    assert!(
        g.parse("URI-reference", "http://", &ParseOptions::default())
            .expect("parses")
            .valid
    );
}

#[test]
fn auto_never_picks_it() {
    assert!(!Profile::auto_order(Family::Uri).contains(&P));
    for &(input, ..) in ROWS {
        let a = analyze(input, &Options::validate_only(None));
        assert_ne!(a.profile, P, "{input:?}");
    }
    assert!(Profile::ALL.contains(&P));
    assert_eq!(Profile::from_name("rfc2396"), Some(P));
}

#[test]
fn normal_forms_fold_only_what_section_6_names() {
    let a = analyze(
        "HTTP://WWW.Example.COM/%7e/A/../b",
        &Options {
            profile: Some(P),
            ..Options::full()
        },
    );
    let f = a.forms.expect("forms");
    // The scheme and the hostname fold; the hex digits, "%7e" and the dot-segments stay:
    // RFC 2396 §6 says nothing of them.
    assert_eq!(f.canonical, "http://www.example.com/%7e/A/../b");
    let under = CompareOptions {
        profile: Some(P),
        ..CompareOptions::default()
    };
    let c = compare(
        "HTTP://WWW.Example.COM/a",
        "http://www.example.com/a",
        &under,
    );
    assert!(c.equivalent, "{c:#?}");
    assert!(c.steps.iter().any(|s| s.spec == "RFC 2396 §6"), "{c:#?}");
    let c = compare("http://a/%7e", "http://a/%7E", &under);
    assert!(!c.equivalent, "{c:#?}");
}

#[test]
fn never_panics_on_hostile_input() {
    let long = |s: &str, n: usize| s.repeat(n);
    for input in [
        long("[", 100_000),
        long("%", 100_000),
        format!("http://{}", long("@", 100_000)),
        format!("http://{}", long("a.", 50_000)),
        format!("http://[{}]", long(":", 100_000)),
        format!("a:{}", long("\u{85}", 50_000)),
        format!("{}#", long("/..", 50_000)),
        long("\u{3000}", 50_000),
    ] {
        let a = analyze(&input, &Options::validate_only(Some(P)));
        // One diagnostic a run of bad characters, not one a character.
        assert!(a.diagnostics.len() < 1_000, "{}", a.diagnostics.len());
        let _ = resolve(BASE, &input, P);
    }
}
