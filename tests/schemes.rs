//! The URI scheme layer's machinery (issue 39): the registry snapshot, the grammar files'
//! loader, and the layer's findings and normal forms, each citing its section.

use idbench::engine::schemes::{self, Status, catalogue, grammars};
use idbench::engine::{Code, Options, Severity, analyze};

fn scheme_findings(input: &str) -> Vec<(Code, Severity, usize, usize, &'static str)> {
    let a = analyze(input, &Options::full());
    let sa = a.scheme_spec.as_ref().expect("the layer ran");
    sa.diagnostics
        .iter()
        .map(|d| (d.code, d.severity, d.span.start, d.span.end, d.spec))
        .collect()
}

/// Every row of `grammars.rs` loads: its header has every line, its scheme matches its
/// row, its text (with RFC 3986's rules where it imports them) has no grammar error, and
/// its start rule exists. A grammar that does not compile to an automaton is judged by
/// the Earley engine; those are listed here, so that a new one shows up in review. A bad
/// grammar shipped by mistake fails this test, never the user's run.
#[test]
fn every_grammar_row_loads_and_its_start_rule_exists() {
    assert!(!grammars::GRAMMARS.is_empty());
    let mut earley: Vec<&str> = Vec::new();
    for g in schemes::files() {
        for (key, ok) in g.header.required() {
            assert!(ok, "{}: no `; {key}:` header line", g.file);
        }
        assert_eq!(g.header.scheme, g.scheme, "{}", g.file);
        assert!(
            g.file == format!("{}.abnf", g.scheme) || g.scheme == "pkg",
            "{}: a scheme's file is SCHEME.abnf",
            g.file
        );
        let text = schemes::merged_text(g).unwrap_or_else(|e| panic!("{e}"));
        let report = idbench::engine::abnf::check(&text, Some(g.header.start));
        let errors: Vec<_> = report
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .map(|p| format!("{}:{}: {}", g.file, p.line, p.message))
            .collect();
        assert!(errors.is_empty(), "{errors:#?}");
        let loaded = schemes::load(g).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            loaded.grammar.has_rule(g.header.start),
            "{}: no start rule {}",
            g.file,
            g.header.start
        );
        if loaded.judge.automaton().is_none() {
            earley.push(g.scheme);
        }
        // Each row's scheme is in the registry (a grammar for an unregistered scheme
        // would be a typo in the row).
        assert!(schemes::lookup(g.scheme).is_some(), "{}", g.scheme);
    }
    // The schemes whose grammar is judged by the Earley engine rather than an automaton.
    let expected_earley: &[&str] = &[];
    assert_eq!(earley, expected_earley);
}

/// A broken grammar is a load error (with the file's name and what is wrong), not a panic.
#[test]
fn a_broken_grammar_is_an_error_value() {
    let bad = schemes::SchemeGrammar {
        scheme: "http",
        file: "bad.abnf",
        text: "; scheme: http\nx = ",
        header: schemes::header("; scheme: http\nx = "),
        index: 0,
    };
    // Not a shipped row: the loader refuses it by identity, whatever its text.
    assert!(schemes::load(&bad).is_err());
    let h = schemes::header(
        "; scheme: tel\n; document: RFC 3966\n; section: RFC 3966 Section 3\n; start: t\nt = \"x\"\n; section: no\n",
    );
    assert_eq!(
        h.section, "RFC 3966 §3",
        "ASCII headers read as the project cites"
    );
    assert_eq!(h.start, "t");
    assert!(h.source.is_empty());
    assert!(!h.required().iter().all(|(_, ok)| *ok));
    let merged = schemes::merged_text(&schemes::SchemeGrammar {
        scheme: "x",
        file: "x.abnf",
        text: "; import: rfc3987\nx = \"x\"\n",
        header: schemes::header("; import: rfc3987\nx = \"x\"\n"),
        index: usize::MAX,
    });
    assert!(merged.is_err_and(|e| e.contains("unknown import")));
}

/// The snapshot's header cites its source, and its rows hold what the 2026 registry says.
#[test]
fn the_registry_snapshot_cites_its_source_and_has_every_status() {
    let snap = schemes::snapshot();
    assert_eq!(snap.source_repository, "larseggert/iana-assignments");
    assert_eq!(snap.source_path, "uri-schemes/uri-schemes.xml");
    assert_eq!(snap.source_commit.len(), 40);
    assert_eq!(snap.source_sha256.len(), 64);
    assert!(!snap.registry_updated.is_empty());
    assert!(snap.count(Status::Permanent) > 90);
    assert!(snap.count(Status::Provisional) > 300);
    assert!(snap.count(Status::Historical) > 10);
    let http = schemes::lookup("HTTP").expect("http");
    assert_eq!(http.status, Status::Permanent);
    assert_eq!(http.reference, "RFC 9110");
    let fax = schemes::lookup("fax").expect("fax");
    assert_eq!(fax.status, Status::Historical);
    assert_eq!(fax.replaced_by, Some("tel"));
    assert_eq!(
        schemes::lookup("pkg").map(|e| e.status),
        Some(Status::Provisional)
    );
    assert!(schemes::lookup("no-such-scheme").is_none());
    // The header's counts agree with the rows.
    for (key, status) in [
        ("count-permanent", Status::Permanent),
        ("count-provisional", Status::Provisional),
        ("count-historical", Status::Historical),
    ] {
        let line = schemes::registry::TSV
            .lines()
            .find(|l| l.starts_with(&format!("# {key}\t")))
            .unwrap_or_else(|| panic!("{key}"));
        let n: usize = line.rsplit('\t').next().unwrap_or("").parse().unwrap_or(0);
        assert_eq!(n, snap.count(status), "{key}");
    }
}

/// RFC 9110 §4.2.1: `http:///a` is a valid URI a recipient MUST reject: the layer warns at
/// where the host would start; the generic verdict stays valid.
#[test]
fn http_empty_host_is_a_warning_where_the_host_would_start() {
    let a = analyze("http:///a", &Options::full());
    assert!(a.valid(), "RFC 3986 accepts it");
    let f = scheme_findings("http:///a");
    assert_eq!(
        f,
        vec![(
            Code::SchemeHttpEmptyHost,
            Severity::Warning,
            7,
            7,
            "RFC 9110 §4.2.1"
        )]
    );
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.code == Code::SchemeHttpEmptyHost)
    );
    assert_eq!(a.scheme_spec.as_ref().and_then(|s| s.valid), Some(false));
    // https too, after userinfo.
    let f = scheme_findings("https://user@:443/");
    assert!(f.contains(&(
        Code::SchemeHttpEmptyHost,
        Severity::Warning,
        13,
        13,
        "RFC 9110 §4.2.1"
    )));
    assert!(
        f.iter()
            .any(|x| x.0 == Code::SchemeHttpUserinfo && x.2 == 8 && x.3 == 13)
    );
}

/// RFC 9110 §4.2.4: userinfo in http(s) is a warning on the userinfo and its "@".
#[test]
fn http_userinfo_is_a_warning() {
    let f = scheme_findings("http://alice@example.com/");
    assert_eq!(
        f,
        vec![(
            Code::SchemeHttpUserinfo,
            Severity::Warning,
            7,
            13,
            "RFC 9110 §4.2.4"
        )]
    );
    assert!(scheme_findings("http://example.com/a@b?c@d").is_empty());
}

/// RFC 6068 §2: `mailto:a@b@c` is a valid URI but no mail address: the warning is at the
/// second "@", citing the mailto spec's section.
#[test]
fn mailto_with_two_at_signs_breaks_the_mailto_syntax_at_the_second() {
    let a = analyze("mailto:a@b@c", &Options::full());
    assert!(a.valid());
    let f = scheme_findings("mailto:a@b@c");
    assert_eq!(
        f,
        vec![(
            Code::SchemeSyntaxInvalid,
            Severity::Warning,
            10,
            11,
            "RFC 6068 §2"
        )]
    );
    let sa = a.scheme_spec.as_ref().expect("layer");
    assert_eq!(sa.valid, Some(false));
    assert_eq!(sa.document(), Some("RFC 6068"));
    // The section's own examples are valid (RFC 6068 §6.1, §6.2).
    for ok in [
        "mailto:chris@example.com",
        "mailto:infobot@example.com?subject=current-issue",
        "mailto:infobot@example.com?body=send%20current-issue",
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        "mailto:gorby%25kremvax@example.com",
        "mailto:unlikely%3Faddress@example.com?blat=foop",
        "mailto:%22not%40me%22@example.org",
        "mailto:%22oh%5C%5Cno%22@example.org",
        "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
        "mailto:user@example.org?subject=caf%C3%A9",
        "mailto:?to=addr1@an.example,addr2@an.example",
        "mailto:addr1@an.example,addr2@an.example",
        "mailto:addr1@an.example?to=addr2@an.example",
        "mailto:Mike%26family@example.org",
    ] {
        let a = analyze(ok, &Options::full());
        let sa = a.scheme_spec.as_ref().expect("layer");
        assert_eq!(sa.valid, Some(true), "{ok}: {:?}", sa.diagnostics);
    }
}

/// The scheme grammar's structure is grafted under the path's leaf, as the namespace's
/// under `nss`.
#[test]
fn the_tree_grafts_the_mailto_structure_under_the_path() {
    let a = analyze("mailto:aa@example.org,bb@x.y?subject=hi", &Options::full());
    let rules: Vec<(&str, usize, usize, usize)> = a
        .tree
        .iter()
        .filter(|n| n.span().start >= 7)
        .map(|n| (n.rule(), n.span().start, n.span().end, n.depth()))
        .collect();
    let at = |r: &str, s: usize| {
        rules
            .iter()
            .find(|x| x.0 == r && x.1 == s)
            .unwrap_or_else(|| panic!("{r}@{s}: {rules:?}"))
            .3
    };
    assert_eq!(at("addr-spec", 7), at("to", 7) + 1);
    assert_eq!(at("local-part", 7), at("addr-spec", 7) + 1);
    assert_eq!(at("domain", 10), at("addr-spec", 7) + 1);
    assert_eq!(at("addr-spec", 22), at("addr-spec", 7));
}

/// The registry's notes and warnings: unregistered (note), provisional (note), historical
/// (warning naming the replacement); `urn` hands over to the namespace layer.
#[test]
fn registration_findings() {
    let f = scheme_findings("foo:bar");
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].0, f[0].1, f[0].2, f[0].3),
        (Code::SchemeUnregistered, Severity::Note, 0, 3)
    );
    let f = scheme_findings("did:example:123");
    assert_eq!((f[0].0, f[0].1), (Code::SchemeProvisional, Severity::Note));
    let a = analyze("fax:+358.555.1234567", &Options::full());
    let d = a
        .diagnostics
        .iter()
        .find(|d| d.code == Code::SchemeHistorical)
        .expect("historical");
    assert_eq!(d.severity, Severity::Warning);
    assert!(d.message.contains("\"tel\""), "{}", d.message);
    assert_eq!(d.spec, "RFC 7595 §5");
    let a = analyze("urn:isbn:0-395-36341-1", &Options::full());
    assert!(a.scheme_spec.is_none());
    assert!(a.namespace.is_some());
    // Never an error, whatever the input.
    for input in [
        "http:///",
        "mailto:@",
        "zz:",
        "https://u@",
        "mailto:a\u{202E}b@c",
    ] {
        let with = analyze(input, &Options::full());
        assert!(
            with.scheme_spec
                .iter()
                .flat_map(|s| &s.diagnostics)
                .all(|d| d.severity != Severity::Error),
            "{input}"
        );
    }
}

/// An IRI is judged by its scheme grammar through its URI mapping (RFC 3987 §3.1): no
/// false finding on a non-ASCII character, and a finding's span is the input's.
#[test]
fn iris_are_judged_through_their_uri_mapping() {
    let a = analyze("mailto:j\u{f6}rg@b\u{fc}cher.example", &Options::full());
    let sa = a.scheme_spec.as_ref().expect("layer");
    assert_eq!(sa.valid, Some(true), "{:?}", sa.diagnostics);
    let input = "mailto:\u{f6}@b@c";
    let a = analyze(input, &Options::full());
    let d = a
        .diagnostics
        .iter()
        .find(|d| d.code == Code::SchemeSyntaxInvalid)
        .expect("invalid");
    assert_eq!(&input[d.span.start..d.span.end], "@");
    assert_eq!(d.span.start, 11);
}

/// `canonical_scheme` becomes the scheme's normal form: default ports as data (RFC 7252
/// §6.1/§6.2 for coap), tel's visual separators (RFC 3966 §5.1.1), geo's rules (RFC 5870
/// §3.4.3); each spec's own equivalence examples come out equal.
#[test]
fn canonical_scheme_is_the_scheme_normal_form() {
    let cs = |s: &str| {
        analyze(s, &Options::full())
            .forms
            .and_then(|f| f.canonical_scheme)
            .unwrap_or_default()
    };
    assert_eq!(cs("coap://example.net:5683"), "coap://example.net/");
    assert_eq!(cs("coaps://example.net:5684/a"), "coaps://example.net/a");
    assert_eq!(cs("coap://example.net:5684/a"), "coap://example.net:5684/a");
    assert_eq!(cs("http://example.com:80"), cs("http://example.com/"));
    assert_eq!(cs("tel:+1-201-555-0123"), cs("tel:+12015550123"));
    assert_eq!(cs("geo:90,-22.43;crs=WGS84"), cs("geo:90,46"));
    assert_eq!(
        cs("geo:66,30;u=6.500;FOo=this%2dthat"),
        "geo:66,30;u=6.5;foo=this-that"
    );
    // SIP keeps its explicit default port (RFC 3261 §19.1.4).
    assert_eq!(
        cs("sip:alice@atlanta.com:5060"),
        "sip:alice@atlanta.com:5060"
    );
    // The steps are listed, each citing its section.
    let a = analyze("tel:+1-201-555-0123", &Options::full());
    let sa = a.scheme_spec.as_ref().expect("layer");
    assert_eq!(sa.steps.len(), 1);
    assert_eq!(sa.steps[0].spec, "RFC 3966 §5.1.1");
    assert_eq!(sa.canonical.as_deref(), Some("tel:+12015550123"));
    // Without the layer, the generic form.
    let off = analyze(
        "coap://example.net:5683",
        &Options {
            scheme_spec: false,
            ..Options::full()
        },
    );
    assert_eq!(
        off.forms.and_then(|f| f.canonical_scheme).as_deref(),
        Some("coap://example.net:5683")
    );
    assert!(off.scheme_spec.is_none());
    // Every step names schemes in lower case, and every default port is cited.
    for s in catalogue::STEPS {
        assert!(
            s.schemes
                .iter()
                .all(|x| x.bytes().all(|b| !b.is_ascii_uppercase()))
        );
        assert!(!s.spec.is_empty());
    }
    for d in catalogue::DEFAULT_PORTS {
        assert!(d.spec.starts_with("RFC "), "{}", d.scheme);
    }
}
