//! "Another reading": where a spec's grammar admits two parses and idbench takes the first,
//! the analysis records the other as a second subtree with the text that decides.
//!
//! Table-driven from the examples of each ambiguity (and of inputs that look ambiguous but
//! are not), snapshots of `parse`'s text and JSON for each ambiguous example, and a property
//! test that every reading's subtree is well formed and differs from the first reading.

use idbench::cli::text;
use idbench::engine::readings::{MAX_READINGS, ReadingKind};
use idbench::engine::{Analysis, Options, Profile, Span, Tree, analyze};
use idbench::json::{self, AnalysisJson};
use proptest::prelude::*;

mod support;
use support::tree::{Show, outline};

fn parse(input: &str, profile: Option<Profile>) -> Analysis {
    analyze(
        input,
        &Options {
            profile,
            forms: false,
            all_profiles: false,
            namespace: false,
            scheme_spec: false,
            equivalence_key: false,
        },
    )
}

/// A tree as `kind[rule]start..end` in preorder, depth shown by indentation.
fn shape(t: &Tree) -> String {
    outline(t, "", Show::SPANS).join(
        "
",
    )
}

struct Case {
    input: &'static str,
    profile: Option<Profile>,
    kind: ReadingKind,
    span: (usize, usize),
    under: Profile,
    taken: &'static str,
    other: &'static str,
    taken_valid: bool,
    section: &'static str,
    /// The other reading's subtree, as [`shape`] writes it.
    tree: &'static str,
}

const CASES: &[Case] = &[
    // (c) RFC 3986 §3.2.2: IPv4address takes precedence over reg-name.
    Case {
        input: "http://192.168.0.1/",
        profile: None,
        kind: ReadingKind::Ipv4OrRegName,
        span: (7, 18),
        under: Profile::Rfc3986,
        taken: "IPv4address",
        other: "reg-name",
        taken_valid: true,
        section: "RFC 3986 §3.2.2",
        tree: "host[reg-name] 7..18",
    },
    Case {
        input: "http://192.168.0.1/",
        profile: Some(Profile::Rfc3987),
        kind: ReadingKind::Ipv4OrRegName,
        span: (7, 18),
        under: Profile::Rfc3987,
        taken: "IPv4address",
        other: "ireg-name",
        taken_valid: true,
        section: "RFC 3986 §3.2.2",
        tree: "host[ireg-name] 7..18",
    },
    Case {
        input: "xri://10.0.0.1/a",
        profile: None,
        kind: ReadingKind::Ipv4OrRegName,
        span: (6, 14),
        under: Profile::Xri2,
        taken: "IPv4address",
        other: "ireg-name",
        taken_valid: true,
        section: "RFC 3986 §3.2.2",
        tree: "host[ireg-name] 6..14",
    },
    // (a) XRI §2.2.1.3: a GCS or cross-reference authority that also matches iauthority.
    Case {
        input: "xri://@example/foo",
        profile: None,
        kind: ReadingKind::XriAuthority,
        span: (6, 14),
        under: Profile::Xri2,
        taken: "gcs-authority",
        other: "iauthority",
        taken_valid: true,
        section: "XRI Syntax 2.0 §2.2.1.3",
        tree: "authority[iauthority] 6..14\n  userinfo[iuserinfo] 6..6\n  host[ireg-name] 7..14",
    },
    Case {
        input: "xri://!!1000!a",
        profile: None,
        kind: ReadingKind::XriAuthority,
        span: (6, 14),
        under: Profile::Xri2,
        taken: "gcs-authority",
        other: "iauthority",
        taken_valid: true,
        section: "XRI Syntax 2.0 §2.2.1.3",
        tree: "authority[iauthority] 6..14\n  host[ireg-name] 6..14",
    },
    Case {
        input: "xri://(=example)*b",
        profile: None,
        kind: ReadingKind::XriAuthority,
        span: (6, 18),
        under: Profile::Xri2,
        taken: "xref-authority",
        other: "iauthority",
        taken_valid: true,
        section: "XRI Syntax 2.0 §2.2.1.3",
        tree: "authority[iauthority] 6..18\n  host[ireg-name] 6..18",
    },
    // A GCS authority the XRI grammar rejects ("!" needs "!!") is still an iauthority.
    Case {
        input: "xri://!a",
        profile: None,
        kind: ReadingKind::XriAuthority,
        span: (6, 8),
        under: Profile::Xri2,
        taken: "gcs-authority",
        other: "iauthority",
        taken_valid: false,
        section: "XRI Syntax 2.0 §2.2.1.3",
        tree: "authority[iauthority] 6..8\n  host[ireg-name] 6..8",
    },
    // (a) Cross-reference content: XRI-reference (first alternative) or IRI.
    Case {
        input: "xri://@a/(http://b)",
        profile: None,
        kind: ReadingKind::XrefContent,
        span: (10, 18),
        under: Profile::Xri2,
        taken: "IRI",
        other: "XRI",
        taken_valid: true,
        section: "XRI Syntax 2.0 §2.2.2",
        tree: "xri[XRI] 10..18\n  authority[iauthority] 10..15\n    host[ireg-name] 10..14\n    port[port] 15..15\n  path[xri-path-abempty] 15..18\n    segment[xri-segment] 16..16\n    segment[xri-segment] 17..18\n      subsegment[xri-subseg-od] 17..18",
    },
    Case {
        input: "xri://@a/(b/c)",
        profile: None,
        kind: ReadingKind::XrefContent,
        span: (10, 13),
        under: Profile::Xri2,
        taken: "relative-XRI-ref",
        other: "XRI",
        taken_valid: true,
        section: "XRI Syntax 2.0 §2.2.2",
        tree: "xri[XRI] 10..13\n  authority[iauthority] 10..11\n    host[ireg-name] 10..11\n  path[xri-path-abempty] 11..13\n    segment[xri-segment] 12..13\n      subsegment[xri-subseg-od] 12..13",
    },
    // (b) No "xri://": a relative XRI reference, or an XRI whose IRI authority is the head.
    Case {
        input: "baz.example.com:8080/foo",
        profile: Some(Profile::Xri2),
        kind: ReadingKind::XriWithoutPrefix,
        span: (0, 24),
        under: Profile::Xri2,
        taken: "relative-XRI-ref",
        other: "XRI",
        taken_valid: false,
        section: "XRI Syntax 2.0 §1.2.2",
        tree: "xri[XRI] 0..24\n  authority[iauthority] 0..20\n    host[ireg-name] 0..15\n    port[port] 16..20\n  path[xri-path-abempty] 20..24\n    segment[xri-segment] 21..24\n      subsegment[xri-subseg-od] 21..24",
    },
    Case {
        input: "a/b",
        profile: Some(Profile::Xri2),
        kind: ReadingKind::XriWithoutPrefix,
        span: (0, 3),
        under: Profile::Xri2,
        taken: "relative-XRI-ref",
        other: "XRI",
        taken_valid: true,
        section: "XRI Syntax 2.0 §1.2.2",
        tree: "xri[XRI] 0..3\n  authority[iauthority] 0..1\n    host[ireg-name] 0..1\n  path[xri-path-abempty] 1..3\n    segment[xri-segment] 2..3\n      subsegment[xri-subseg-od] 2..3",
    },
    // A head that starts with "!" but is no pgcs-authority ("!!" needed): still iauthority.
    Case {
        input: "!a!b/c",
        profile: Some(Profile::Xri2),
        kind: ReadingKind::XriWithoutPrefix,
        span: (0, 6),
        under: Profile::Xri2,
        taken: "relative-XRI-ref",
        other: "XRI",
        taken_valid: true,
        section: "XRI Syntax 2.0 §1.2.2",
        tree: "xri[XRI] 0..6\n  authority[iauthority] 0..4\n    host[ireg-name] 0..4\n  path[xri-path-abempty] 4..6\n    segment[xri-segment] 5..6\n      subsegment[xri-subseg-od] 5..6",
    },
    // (d) URNs that RFC 2141 reads with "?" or "#" in the NSS, RFC 8141 as components.
    Case {
        input: "urn:ab:c?+d",
        profile: None,
        kind: ReadingKind::UrnSpec,
        span: (0, 11),
        under: Profile::Rfc2141,
        taken: "namestring",
        other: "URN",
        taken_valid: true,
        section: "RFC 8141, Abstract",
        tree: "urn[URN] 0..11\n  scheme[\"urn\"] 0..3\n  nid[NID] 4..6\n  nss[NSS] 7..11",
    },
    Case {
        input: "urn:ab:c?=x",
        profile: None,
        kind: ReadingKind::UrnSpec,
        span: (0, 11),
        under: Profile::Rfc2141,
        taken: "namestring",
        other: "URN",
        taken_valid: true,
        section: "RFC 8141, Abstract",
        tree: "urn[URN] 0..11\n  scheme[\"urn\"] 0..3\n  nid[NID] 4..6\n  nss[NSS] 7..11",
    },
    Case {
        input: "urn:ab:c#d",
        profile: None,
        kind: ReadingKind::UrnSpec,
        span: (0, 10),
        under: Profile::Rfc2141,
        taken: "namestring",
        other: "URN",
        taken_valid: true,
        section: "RFC 8141, Abstract",
        tree: "urn[URN] 0..10\n  scheme[\"urn\"] 0..3\n  nid[NID] 4..6\n  nss[NSS] 7..10",
    },
    Case {
        input: "urn:ab:c?+d",
        profile: Some(Profile::Rfc2141),
        kind: ReadingKind::UrnSpec,
        span: (0, 11),
        under: Profile::Rfc8141,
        taken: "URN",
        other: "namestring",
        taken_valid: true,
        section: "the profile given",
        tree: "urn[namestring] 0..11\n  assigned-name[assigned-name] 0..8\n    scheme[\"urn\"] 0..3\n    nid[NID] 4..6\n    nss[NSS] 7..8\n  rq-components[rq-components] 8..11\n    r-component[r-component] 10..11",
    },
];

#[test]
fn each_ambiguous_example_has_its_other_reading() {
    for c in CASES {
        let a = parse(c.input, c.profile);
        let found = a
            .readings
            .iter()
            .find(|r| r.kind == c.kind && r.profile == c.under);
        let Some(r) = found else {
            panic!(
                "{} ({:?}): no {:?} reading under {}; readings: {:?}",
                c.input,
                c.profile,
                c.kind,
                c.under.name(),
                a.readings
                    .iter()
                    .map(|r| (r.kind, r.profile.name()))
                    .collect::<Vec<_>>()
            );
        };
        let ctx = format!("{} ({:?})", c.input, c.kind);
        assert_eq!(r.span, Span::new(c.span.0, c.span.1), "{ctx}");
        assert_eq!(r.taken_rule, c.taken, "{ctx}");
        assert_eq!(r.other_rule, c.other, "{ctx}");
        assert_eq!(r.taken_valid, c.taken_valid, "{ctx}");
        assert!(r.other_valid, "{ctx}");
        assert_eq!(r.decided_by.section, c.section, "{ctx}");
        assert!(
            !r.decided_by.quote.is_empty() && !r.summary.is_empty(),
            "{ctx}"
        );
        assert_eq!(shape(&r.tree), c.tree, "{ctx}");
    }
}

/// Inputs that look ambiguous and are not, by the grammar.
#[test]
fn unambiguous_inputs_have_no_other_reading() {
    for (input, profile) in [
        // Three or five parts, or an octet past 255: only reg-name (RFC 3986 §3.2.2).
        ("http://1.2.3/", None),
        ("http://999.1.1.1/", None),
        ("http://1.2.3.4.5/", None),
        // RFC 3986: "baz.example.com" is a scheme; a relative-ref's first segment cannot
        // hold ":" (§4.2), so URI is the only reading.
        ("baz.example.com:8080/foo", Some(Profile::Rfc3986)),
        ("baz.example.com:8080/foo", Some(Profile::Rfc3987)),
        // An IRI authority after "xri://" is the only reading of a plain host.
        ("xri://example.com/a", None),
        // "(http://a)" as an authority: iauthority stops at "/", and the rest is no path.
        ("xri://(http://a)/b", None),
        // RFC 8141 rejects the one-character NID, so only RFC 2141 reads it.
        ("urn:a:b?+c", None),
        // Same components under every URN spec.
        ("urn:ab:c", None),
        ("urn:ab:c/d", None),
        // A colon in the first segment and a port that is not digits: neither reading of
        // the XRI-reference ABNF accepts it as an XRI.
        ("a:b", Some(Profile::Xri2)),
    ] {
        let a = parse(input, profile);
        let got: Vec<_> = a
            .readings
            .iter()
            .map(|r| (r.kind, r.span, r.profile.name()))
            .collect();
        // "(http://a)" keeps its one reading of the content (XRI vs IRI), which is not an
        // authority reading.
        let relevant: Vec<_> = got
            .iter()
            .filter(|(k, _, _)| !(input == "xri://(http://a)/b" && *k == ReadingKind::XrefContent))
            .collect();
        assert!(relevant.is_empty(), "{input}: {got:?}");
    }
}

#[test]
fn parse_text_and_json_show_each_reading() {
    for (name, input, profile) in [
        ("ipv4", "http://192.168.0.1/", None),
        ("xri_authority", "xri://@example/foo", None),
        ("xref_content", "xri://(http://a)/b", None),
        (
            "without_prefix",
            "baz.example.com:8080/foo",
            Some(Profile::Xri2),
        ),
        ("urn_r_component", "urn:ab:c?+d", None),
        ("urn_f_component", "urn:ab:c#d", None),
        ("urn_q_component", "urn:ab:c?=x", None),
    ] {
        let a = parse(input, profile);
        let mut shown = String::new();
        for r in &a.readings {
            shown.push_str(&text::reading(r, &a.input));
        }
        assert!(shown.contains("another reading"), "{input}");
        insta::assert_snapshot!(format!("text_{name}"), shown);
        let j: serde_json::Value =
            serde_json::from_str(&json::to_string(&AnalysisJson(&a))).expect("valid JSON");
        let readings = j["readings"].clone();
        assert_eq!(
            readings.as_array().map(Vec::len),
            Some(a.readings.len()),
            "{input}"
        );
        assert_eq!(j["readings_omitted"], 0, "{input}");
        let pretty = serde_json::to_string_pretty(&readings).expect("serializable");
        insta::assert_snapshot!(format!("json_{name}"), pretty);
    }
}

/// A nested XRI can have an ambiguous authority at every level: the number recorded is
/// capped and the rest counted; nested authorities inside authorities are checked only
/// within a budget of scanned bytes, so finding them stays linear.
#[test]
fn nested_readings_are_capped() {
    // "@a" at each of 40 levels: small authorities, every one ambiguous.
    let depth = 40;
    let input = format!("xri://{}@a{}", "@a/(".repeat(depth), ")".repeat(depth));
    let a = parse(&input, None);
    assert_eq!(a.readings.len(), MAX_READINGS);
    assert_eq!(a.readings.len() + a.readings_omitted, depth + 1);
    // Parentheses nested 2000 deep: each level's authority holds all the inner ones.
    let depth = 2000;
    let input = format!("xri://{}a{}", "(".repeat(depth), ")".repeat(depth));
    let a = parse(&input, None);
    assert!(!a.readings.is_empty() && a.readings.len() <= MAX_READINGS);
    assert!(a.readings_omitted > 0);
    for r in &a.readings {
        check_well_formed(&a, r.span, &r.tree);
    }
}

fn check_well_formed(a: &Analysis, span: Span, t: &Tree) {
    let root = t.root();
    assert_eq!(root.span(), span, "{}: root span", a.input);
    for n in t.iter() {
        let s = n.span();
        assert!(
            s.start <= s.end && s.end <= a.input.len(),
            "{}: {s}",
            a.input
        );
        assert!(
            a.input.is_char_boundary(s.start) && a.input.is_char_boundary(s.end),
            "{}: {s}",
            a.input
        );
        if let Some(p) = n.parent() {
            assert!(
                p.span().encloses(s),
                "{}: {s} outside {}",
                a.input,
                p.span()
            );
        }
    }
}

/// The subtree of the first reading at `span` with rule `rule`, as [`shape`] writes it
/// (depths relative to that node).
fn first_at(a: &Analysis, span: Span, rule: &str) -> Option<String> {
    let n = a
        .tree
        .iter()
        .find(|n| n.span() == span && n.rule() == rule)?;
    let base = n.depth();
    Some(
        std::iter::once(n)
            .chain(n.descendants())
            .map(|m| {
                format!(
                    "{}{}[{}]{}",
                    "  ".repeat(m.depth() - base),
                    m.kind(),
                    m.rule(),
                    m.span()
                )
            })
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

fn ambiguous_input() -> impl Strategy<Value = String> {
    let prefix = prop::sample::select(vec![
        "",
        "xri://",
        "xri://@a/",
        "http://",
        "urn:ab:",
        "urn:",
        "//",
    ]);
    let body = prop::collection::vec(
        prop::sample::select(vec![
            "a", "b", "1", "0", "192", ".", ":", "/", "?", "#", "@", "=", "+", "$", "!", "*", "(",
            ")", "?+", "?=", "%41", "é", "-", "8080",
        ]),
        0..14,
    );
    (prefix, body).prop_map(|(p, b)| format!("{p}{}", b.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Every reading's subtree is well formed (spans nested and inside the input, its root
    /// at the reading's span) and differs from what the first reading has there.
    #[test]
    fn readings_are_well_formed_and_differ(
        input in ambiguous_input(),
        profile in prop::sample::select(vec![
            None,
            Some(Profile::Rfc3986),
            Some(Profile::Rfc3987),
            Some(Profile::Xri2),
            Some(Profile::Rfc2141),
            Some(Profile::Rfc8141),
        ]),
    ) {
        let a = parse(&input, profile);
        for r in &a.readings {
            check_well_formed(&a, r.span, &r.tree);
            prop_assert!(r.other_valid);
            let other = shape(&r.tree);
            match first_at(&a, r.span, r.taken_rule) {
                Some(first) => prop_assert_ne!(first, other, "{}", input),
                None => prop_assert!(false, "{}: no first-reading node {} at {}", input, r.taken_rule, r.span),
            }
        }
    }
}

/// `idbench explain` has a Readings section for an ambiguous input (with the other subtree
/// and the deciding text), and none for an input with one reading.
#[test]
fn explain_reports_readings() {
    use idbench::engine::equiv::CompareOptions;
    use idbench::report::{ReportFormat, Subject, render};
    let options = CompareOptions::default();
    let report = |input: &str, f: ReportFormat| {
        let a = analyze(input, &Options::full());
        render(
            &Subject {
                view: &idbench::view::View::of(input),
                a: &a,
                b: None,
                comparison: None,
                per_profile: None,
                resolution: None,
                options: &options,
            },
            f,
        )
    };
    let md = report("xri://@example/foo", ReportFormat::Markdown);
    let at = md.find("### Readings").expect("a Readings section");
    let section = &md[at..];
    assert!(
        section.contains("`xri-authority-or-iauthority` at bytes 6..14"),
        "{section}"
    );
    assert!(
        section.contains("rule iauthority  bytes 6..14"),
        "{section}"
    );
    assert!(
        section.contains("Decided by XRI Syntax 2.0 §2.2.1.3"),
        "{section}"
    );
    let text = report("urn:ab:c?+d", ReportFormat::Text);
    assert!(text.contains("Readings"), "{text}");
    assert!(text.contains("rfc2141"), "{text}");
    let plain = report("http://example.com/", ReportFormat::Markdown);
    assert!(!plain.contains("Readings"), "{plain}");
}

/// Every short input built from the property test's pieces (a prefix and up to two
/// pieces), under each profile: every reading is well formed and differs from the first,
/// and every kind of reading occurs (so the property test's inputs reach them all).
#[test]
fn exhaustive_short_inputs() {
    const PREFIXES: &[&str] = &[
        "",
        "xri://",
        "xri://@a/",
        "http://",
        "urn:ab:",
        "urn:",
        "//",
    ];
    const PIECES: &[&str] = &[
        "a",
        "b",
        "1",
        "0",
        "192",
        ".",
        ":",
        "/",
        "?",
        "#",
        "@",
        "=",
        "+",
        "$",
        "!",
        "*",
        "(",
        ")",
        "?+",
        "?=",
        "%41",
        "é",
        "-",
        "8080",
        "192.168.0.1",
    ];
    let mut kinds = std::collections::BTreeSet::new();
    let mut seen = 0usize;
    for p in PREFIXES {
        for a in std::iter::once("").chain(PIECES.iter().copied()) {
            for b in std::iter::once("").chain(PIECES.iter().copied()) {
                let input = format!("{p}{a}{b}");
                for profile in [
                    None,
                    Some(Profile::Rfc3986),
                    Some(Profile::Xri2),
                    Some(Profile::Rfc2141),
                ] {
                    let an = parse(&input, profile);
                    for r in &an.readings {
                        seen += 1;
                        kinds.insert(r.kind.name());
                        check_well_formed(&an, r.span, &r.tree);
                        assert!(r.other_valid, "{input}");
                        let first = first_at(&an, r.span, r.taken_rule)
                            .unwrap_or_else(|| panic!("{input}: no first node at {}", r.span));
                        assert_ne!(first, shape(&r.tree), "{input}");
                    }
                }
            }
        }
    }
    assert_eq!(kinds.len(), 5, "kinds reached: {kinds:?}");
    assert!(seen > 100, "{seen} readings");
}
