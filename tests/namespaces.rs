//! URN namespaces (issue 23, phase 1): the registry snapshot, each namespace's grammar
//! (valid and invalid NSSs, each error at its byte, citing its document), check digits,
//! lexical-equivalence steps, the NSS's structure, and linear work on a long NSS.

use idbench::engine::Code;
use idbench::engine::Severity;
use idbench::engine::namespaces::{
    self, Kind, NssAnalysis, Registration, analyze_nss, catalogue, lookup, snapshot,
};

/// Where the NSS starts in `urn:NID:NSS`.
fn base(nid: &str) -> usize {
    "urn:".len() + nid.len() + 1
}

fn analyse(nid: &str, nss: &str) -> NssAnalysis {
    analyze_nss(nid, nss, base(nid))
}

fn codes(a: &NssAnalysis) -> Vec<(Code, usize)> {
    a.diagnostics
        .iter()
        .map(|d| (d.code, d.span.start))
        .collect()
}

// ---------------------------------------------------------------- the registry

#[test]
fn the_snapshot_names_its_source_and_its_counts_match_its_header() {
    let s = snapshot();
    assert_eq!(s.source_repository, "larseggert/iana-assignments");
    assert_eq!(s.source_path, "urn-namespaces/urn-namespaces.xml");
    assert_eq!(s.source_commit.len(), 40);
    assert_eq!(s.source_sha256.len(), 64);
    assert!(s.source_sha256.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(s.registry_updated, "2026-07-28");
    assert_eq!(s.retrieved, "2026-11-26");
    // The header's counts (written by scripts/build-urn-registry) agree with the rows.
    let declared = |key: &str| -> usize {
        namespaces::registry::TSV
            .lines()
            .find_map(|l| l.strip_prefix(&format!("# {key}\t")))
            .and_then(|v| v.parse().ok())
            .unwrap_or(usize::MAX)
    };
    assert_eq!(s.count(Kind::Formal), declared("count-formal"));
    assert_eq!(s.count(Kind::Informal), declared("count-informal"));
    assert_eq!(s.count(Kind::Formal), 97);
    assert_eq!(s.count(Kind::Informal), 8);
    let mut seen = std::collections::HashSet::new();
    for e in &s.entries {
        assert!(seen.insert(e.nid), "{} twice", e.nid);
        assert_eq!(e.nid, e.nid.to_ascii_lowercase());
        assert!(!e.nid.contains(char::is_whitespace));
    }
}

#[test]
fn known_registrations_have_their_registry_data() {
    let s = snapshot();
    let uuid = s.get("UUID").expect("uuid registered");
    assert_eq!(uuid.kind, Kind::Formal);
    assert_eq!(uuid.reference, "RFC 9562");
    assert_eq!(uuid.updated, Some("2023-11-17"));
    let g = s.get("3gpp2").expect("3gpp2");
    assert_eq!(g.date, Some("2018-06-19"));
    assert_eq!(
        g.template,
        Some("https://www.iana.org/assignments/urn-formal/3gpp2")
    );
    assert_eq!(s.get("gs1").and_then(|e| e.date), Some("2026-07-28"));
    assert_eq!(s.get("ietf").map(|e| e.reference), Some("RFC 2648"));
    assert_eq!(s.get("ietf").and_then(|e| e.date), None);
    let u8_ = s.get("urn-8").expect("urn-8");
    assert_eq!(u8_.kind, Kind::Informal);
    assert_eq!(u8_.date, Some("2025-07-02"));
    assert_eq!(s.get("urn-7").map(|e| e.reference), Some("RFC 6050"));
    assert!(s.get("lex").is_some());
    assert!(s.get("no-such-nid").is_none());
}

#[test]
fn lookup_tells_formal_informal_experimental_and_unregistered_apart() {
    assert!(matches!(lookup("uuid"), Registration::Formal(_)));
    assert!(matches!(lookup("ISBN"), Registration::Formal(_)));
    assert!(matches!(lookup("urn-5"), Registration::Informal(_)));
    assert!(matches!(lookup("URN-5"), Registration::Informal(_)));
    assert_eq!(lookup("urn-99"), Registration::InformalUnlisted);
    assert_eq!(lookup("urn-05"), Registration::Unregistered);
    assert_eq!(lookup("X-foo"), Registration::Experimental);
    assert_eq!(lookup("x-foo"), Registration::Experimental);
    assert_eq!(lookup("foo"), Registration::Unregistered);
    assert_eq!(lookup(""), Registration::Unregistered);
}

#[test]
fn an_unregistered_nid_gets_the_note_naming_the_snapshot_date_and_registered_ones_do_not() {
    let a = analyse("foo", "bar");
    let notes: Vec<_> = a
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::NidUnregistered)
        .collect();
    assert_eq!(notes.len(), 1, "{:?}", a.diagnostics);
    let n = notes[0];
    assert_eq!(n.severity, Severity::Note);
    assert_eq!(
        (n.span.start, n.span.end),
        (4, 7),
        "the NID's bytes in urn:foo:bar"
    );
    assert!(n.message.contains("2026-07-28"), "{}", n.message);
    assert_eq!(n.spec, "RFC 8141 §5");
    assert!(a.namespace.is_none() && a.valid.is_none());

    let informal = analyse("urn-99", "x");
    assert!(
        codes(&informal)
            .iter()
            .any(|c| c.0 == Code::NidUnregistered)
    );

    for (nid, nss) in [
        ("uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
        ("urn-5", "anything"),
        ("X-foo", "bar"),
        ("lex", "it:stato:legge:2003-09-21;456"),
    ] {
        let a = analyse(nid, nss);
        assert!(
            !codes(&a).iter().any(|c| c.0 == Code::NidUnregistered),
            "{nid}: {:?}",
            a.diagnostics
        );
    }
}

// ---------------------------------------------------------------- the grammars

#[test]
fn every_grammar_compiles_has_its_start_rule_and_cites_its_source() {
    assert!(catalogue::ALL.len() >= 12);
    for ns in catalogue::ALL {
        let g = namespaces::grammar(ns).unwrap_or_else(|| panic!("{} compiles", ns.name));
        assert!(g.has_rule(ns.start), "{}: start rule {}", ns.name, ns.start);
        let head: String = ns.grammar.lines().take(3).collect();
        assert!(
            head.starts_with("; The ")
                && head.contains(&format!(
                    "\"{}\"",
                    ns.name.split(':').next_back().unwrap_or("")
                )),
            "{}: the grammar file cites its namespace at the top: {head}",
            ns.name
        );
        let doc = ns.section.split(',').next().unwrap_or("");
        let doc = doc.split(" §").next().unwrap_or("");
        assert!(
            ns.grammar.contains(doc.trim_end_matches(" template")),
            "{}: the grammar cites {doc}",
            ns.name
        );
        for rule in ns.shown {
            assert!(g.has_rule(rule), "{}: shown rule {rule}", ns.name);
        }
        let path = format!("src/engine/namespaces/abnf/{}", ns.grammar_file);
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some(ns.grammar),
            "{path}"
        );
    }
}

enum Want {
    Valid,
    /// Invalid: `namespace-nss-invalid` at this byte of the NSS.
    BadAt(usize),
    /// Valid syntax, wrong check digit at this byte of the NSS.
    CheckAt(usize),
}
use Want::*;

/// Each namespace's own valid and invalid NSSs, with the section that decides.
const CASES: &[(&str, &str, Want, &str)] = &[
    // RFC 9562 §4: five hyphen-separated fields of hex digits.
    (
        "uuid",
        "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        Valid,
        "RFC 9562 §4 example",
    ),
    (
        "uuid",
        "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
        Valid,
        "RFC 9562 §4: hexDigit takes A-F",
    ),
    (
        "uuid",
        "f81d4fae-7dec-11d0-a765-00a0c91e6bfZ",
        BadAt(35),
        "RFC 9562 §4: Z is no hexDigit",
    ),
    (
        "uuid",
        "f81d4fae7dec-11d0-a765-00a0c91e6bf6",
        BadAt(8),
        "RFC 9562 §4: time-low then \"-\"",
    ),
    (
        "uuid",
        "f81d4fae-7dec-11d0-a765-00a0c91e6bf",
        BadAt(35),
        "RFC 9562 §4: node is 6hexOctet",
    ),
    (
        "uuid",
        "f81d4fae-7dec-11d0-a765-00a0c91e6bf6a",
        BadAt(36),
        "RFC 9562 §4: nothing after node",
    ),
    // RFC 3061 §2: digits and dots, no leading zeros.
    ("oid", "1.3.6.1.4.1", Valid, "RFC 3061 §3 example"),
    (
        "oid",
        "0.9.2342.19200300.100.4",
        Valid,
        "RFC 3061 §3 example",
    ),
    (
        "oid",
        "1.03.6",
        BadAt(3),
        "RFC 3061 §2: number = DIGIT / LEADDIGIT 1*DIGIT",
    ),
    (
        "oid",
        "1..3",
        BadAt(2),
        "RFC 3061 §2: a number after each DOT",
    ),
    ("oid", "1.3.", BadAt(4), "RFC 3061 §2"),
    ("oid", "1.3.a", BadAt(4), "RFC 3061 §2: digits only"),
    // ISBN template, Syntax: 13 or 10 digits, hyphens between, an upper-case X last.
    (
        "isbn",
        "978-951-0-18435-6",
        Valid,
        "ISBN template, Example 2",
    ),
    ("isbn", "951-0-18435-7", Valid, "ISBN template, Example 1"),
    (
        "isbn",
        "9780395363416",
        Valid,
        "ISBN template: hyphens optional",
    ),
    (
        "isbn",
        "0-8044-2957-X",
        Valid,
        "ISBN template: X as the last digit of an ISBN-10",
    ),
    (
        "isbn",
        "0-8044-2957-x",
        BadAt(12),
        "ISBN template: the X is upper case",
    ),
    (
        "isbn",
        "978-951-0-18435",
        BadAt(15),
        "ISBN template: 13 or 10 digits",
    ),
    (
        "isbn",
        "978--951-0-18435-6",
        BadAt(4),
        "ISBN template: hyphens separate parts",
    ),
    (
        "isbn",
        "0-395-36341-2",
        CheckAt(12),
        "ISBN-10 check digit (issue 23's example)",
    ),
    (
        "isbn",
        "978-0-395-36341-5",
        CheckAt(16),
        "ISBN-13 check digit",
    ),
    // ISSN template, Syntax: 4DIGIT ["-"] 3DIGIT check.
    ("issn", "0317-8471", Valid, "ISSN template, Example 1"),
    ("issn", "1050-124X", Valid, "ISSN template, Example 2"),
    (
        "issn",
        "1050 124X",
        BadAt(4),
        "ISSN template: only a hyphen there",
    ),
    (
        "issn",
        "1050-12X4",
        BadAt(7),
        "ISSN template: X only as the check",
    ),
    ("issn", "0317-8472", CheckAt(8), "ISSN check digit"),
    // RFC 2648 §2.
    ("ietf", "rfc:2141", Valid, "RFC 2648 §3 example"),
    ("ietf", "std:50", Valid, "RFC 2648 §3 example"),
    ("ietf", "id:ietf-urn-ietf-06", Valid, "RFC 2648 §3 example"),
    ("ietf", "mtg:41-urn", Valid, "RFC 2648 §3 example"),
    (
        "ietf",
        "rfc:abc",
        BadAt(4),
        "RFC 2648 §2: rfc-nss = \"rfc:\" 1*DIGIT",
    ),
    ("ietf", "rfc:", BadAt(4), "RFC 2648 §2"),
    (
        "ietf",
        "id:a_b",
        BadAt(4),
        "RFC 2648 §2: string = 1*(DIGIT / ALPHA / \"-\")",
    ),
    // RFC 3553 §3.
    (
        "ietf",
        "params:dns:rr-type-codes",
        Valid,
        "RFC 3553 §3 example",
    ),
    (
        "ietf",
        "params:dns:rr-type-codes:soa",
        Valid,
        "RFC 3553 §3 example",
    ),
    (
        "ietf",
        "params:xml:ns:yang:ietf-interfaces",
        Valid,
        "an IANA ietf:params URN",
    ),
    ("ietf", "params:", BadAt(7), "RFC 3553 §3: a registry name"),
    (
        "ietf",
        "params:dns::soa",
        BadAt(11),
        "RFC 3553 §3: names on both sides of a colon",
    ),
    // RFC 8458 §4.2.
    ("nbn", "fi-fe201003181510", Valid, "RFC 8458 §4.3 example"),
    ("nbn", "ch:bel-9039", Valid, "RFC 8458 §4.3 example"),
    ("nbn", "se:uu:diva-3475", Valid, "RFC 8458 §4.3 example"),
    ("nbn", "hu-3006", Valid, "RFC 8458 §4.3 example"),
    ("nbn", "fin-123", BadAt(2), "RFC 8458 §4.2: iso-cc = 2ALPHA"),
    (
        "nbn",
        "fi:a-b-",
        Valid,
        "RFC 8458 §4.2: hyphens in the NBN string",
    ),
    (
        "nbn",
        "fi:-123",
        BadAt(3),
        "RFC 8458 §4.2: subspc = 1*(ALPHA / DIGIT)",
    ),
    (
        "nbn",
        "fi",
        BadAt(2),
        "RFC 8458 §4.2: the \"-\" and NBN string",
    ),
    (
        "nbn",
        "fi-/x",
        BadAt(3),
        "RFC 8458 §4.2: path-rootless starts with a pchar",
    ),
    // The German National Library's check digit (persistent-identifier.de examples).
    ("nbn", "de:gbv:089-3321752945", Valid, "DNB worked example"),
    ("nbn", "de:0001-00016", Valid, "DNB example"),
    ("nbn", "de:bvb:706-18", Valid, "DNB example"),
    (
        "nbn",
        "de:gbv:089-3321752944",
        CheckAt(20),
        "DNB check digit",
    ),
    ("nbn", "de:0001-00017", CheckAt(12), "DNB check digit"),
    // RFC 3151 §2.
    (
        "publicid",
        "ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN",
        Valid,
        "RFC 3151 §3",
    ),
    (
        "publicid",
        "-:OASIS:DTD+DocBook+XML+V4.1.2:EN",
        Valid,
        "RFC 3151 §3",
    ),
    (
        "publicid",
        "%2B:IDN+example.org:DTD+XML+Bookmarks+1.0:EN:XML",
        Valid,
        "RFC 3151 §3",
    ),
    (
        "publicid",
        "-:ArborText;prod:DTD+Help+Document;19970708:EN",
        Valid,
        "RFC 3151 §3",
    ),
    ("publicid", "3%2B3=6", Valid, "RFC 3151 §3"),
    (
        "publicid",
        "-:Acme,+Inc.:DTD+Book+Version+1.0",
        Valid,
        "RFC 3151 §3",
    ),
    (
        "publicid",
        "a++b",
        BadAt(2),
        "RFC 3151 §2: adjacent \"+\" never occur",
    ),
    (
        "publicid",
        "a%41b",
        BadAt(2),
        "RFC 3151 §2: only the listed escapes",
    ),
    // RFC 6963 §3.4: RFC 2141's URN chars.
    ("example", "foo", Valid, "RFC 6963"),
    ("example", "a123,456", Valid, "RFC 2141 §6"),
    ("example", "a%2C456", Valid, "RFC 2141 §2.2"),
    (
        "example",
        "a~b",
        BadAt(1),
        "RFC 2141 §2.4: \"~\" is excluded",
    ),
    (
        "example",
        "a&b",
        BadAt(1),
        "RFC 2141 §2.4: \"&\" is excluded",
    ),
    (
        "example",
        "caf\u{e9}",
        BadAt(3),
        "RFC 6963 §3.4: ASCII characters",
    ),
    // RFC 5141 §2.4.2 examples.
    ("iso", "std:iso:9999:-1:ed-1:en", Valid, "RFC 5141 §2.4.2"),
    (
        "iso",
        "std:iso-iec:tr:9999:-1:ed-1:en",
        Valid,
        "RFC 5141 §2.4.2",
    ),
    (
        "iso",
        "std:iso-iec:9075:-3:stage-95.99:ed-2:en",
        Valid,
        "RFC 5141 §2.4.2",
    ),
    (
        "iso",
        "std:iso:128:-71:stage-30.98.v2:ed-1:en",
        Valid,
        "RFC 5141 §2.4.2",
    ),
    (
        "iso",
        "std:iso:9999:-1:ed-1:v1-amd1.v1:en,fr:amd:2:v2:en",
        Valid,
        "RFC 5141 §2.4.2",
    ),
    (
        "iso",
        "std:iso:5817:ed-2:v2:en:cor:1:en",
        Valid,
        "RFC 5141 §2.4.2",
    ),
    (
        "iso",
        "std:iso:20022:tech:xsd:camt.001.001.01",
        Valid,
        "RFC 5141 §2.4.2 (tech addition)",
    ),
    (
        "iso",
        "std:xyz:9999",
        BadAt(4),
        "RFC 5141 §2.4.1: originator",
    ),
    ("iso", "doc:iso:9999", BadAt(0), "RFC 5141 §2.4.1: \"std:\""),
    // RFC 4246 §3, and ISO 15706's check characters.
    (
        "isan",
        "0000-0000-D07A-0090-Q-0000-0000-X",
        Valid,
        "ISAN with version",
    ),
    (
        "isan",
        "0000-0000-d07a-0090-q",
        Valid,
        "RFC 4246 §2: case-insensitive",
    ),
    (
        "isan",
        "0000-0001-8CFA-0000-I-0000-0000-K",
        Valid,
        "ISAN with version",
    ),
    (
        "isan",
        "0000-0000-D07A-0090",
        BadAt(19),
        "RFC 4246 §3: episode ends with a check",
    ),
    (
        "isan",
        "0000-0000-D07G-0090-Q",
        BadAt(13),
        "RFC 4246 §3: hex digits",
    ),
    (
        "isan",
        "0000-0000-D07A-0090-A",
        CheckAt(20),
        "ISO 7064 MOD 37,36",
    ),
    (
        "isan",
        "0000-0000-D07A-0090-Q-0000-0000-Y",
        CheckAt(32),
        "second check character",
    ),
    // RFC 9039's template.
    (
        "dev",
        "mac:0024befffe804ff1",
        Valid,
        "RFC 9039 §4.1 example",
    ),
    ("dev", "ow:10e2073a01080063", Valid, "RFC 9039 §4.2 example"),
    ("dev", "org:32473-foo", Valid, "RFC 9039 §4.4 example"),
    ("dev", "os:32473-12345", Valid, "RFC 9039 §4.5 example"),
    (
        "dev",
        "ops:32473-Refrigerator-5002",
        Valid,
        "RFC 9039 §4.6 example",
    ),
    ("dev", "mac:0024befffe804ff1_1", Valid, "componentpart"),
    (
        "dev",
        "mac:0024befffe804ff",
        BadAt(19),
        "hexstring = 1*(hexdigit hexdigit)",
    ),
    (
        "dev",
        "org:0123-foo",
        BadAt(4),
        "posnumber = NZDIGIT *DIGIT",
    ),
    // The MRN template.
    (
        "mrn",
        "imo:imo-number:9743368",
        Valid,
        "MRN template example",
    ),
    ("mrn", "iala:aton:1234", Valid, "MRN"),
    (
        "mrn",
        "i:aton:1234",
        BadAt(1),
        "OID is at least two characters",
    ),
    ("mrn", "imo:imo-number", BadAt(14), "OSS = OSNID \":\" OSNS"),
];

#[test]
fn each_namespace_judges_its_nss_and_reports_each_error_at_its_byte() {
    let mut failures = Vec::new();
    for (nid, nss, want, why) in CASES {
        let b = base(nid);
        let a = analyse(nid, nss);
        let Some(ns) = a.namespace else {
            failures.push(format!("{nid}:{nss}: no namespace ({why})"));
            continue;
        };
        let diag = |code: Code| a.diagnostics.iter().find(|d| d.code == code);
        let ok = match want {
            Valid => {
                a.valid == Some(true)
                    && diag(Code::NamespaceNssInvalid).is_none()
                    && diag(Code::NamespaceCheckDigit).is_none()
            }
            BadAt(at) => {
                a.valid == Some(false)
                    && diag(Code::NamespaceNssInvalid).is_some_and(|d| {
                        d.span.start == b + at
                            && d.severity == Severity::Warning
                            && d.spec == ns.section
                            && d.expected_at == Some(b + at)
                            && !d.expected.is_empty()
                    })
            }
            CheckAt(at) => {
                a.valid == Some(false)
                    && diag(Code::NamespaceNssInvalid).is_none()
                    && diag(Code::NamespaceCheckDigit)
                        .is_some_and(|d| d.span.start == b + at && d.severity == Severity::Warning)
            }
        };
        if !ok {
            failures.push(format!(
                "{nid}:{nss} ({why}): valid {:?}, {:?}",
                a.valid,
                a.diagnostics
                    .iter()
                    .map(|d| format!("{} at {} ({}): {}", d.code, d.span, d.spec, d.message))
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_issue_s_examples_are_reported_with_their_document() {
    // urn:ietf:rfc:abc: a digit was expected at the "a".
    let a = analyse("ietf", "rfc:abc");
    let d = &a.diagnostics[0];
    assert_eq!(
        (d.code, d.span.start, d.spec),
        (Code::NamespaceNssInvalid, 13, "RFC 2648 §2")
    );
    assert_eq!(d.expected, vec!["DIGIT"]);
    assert!(d.message.contains("expected DIGIT"), "{}", d.message);
    // A uuid with a non-hex digit.
    let a = analyse("uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bfZ");
    let d = &a.diagnostics[0];
    assert_eq!(
        (d.span.start, d.span.end, d.spec),
        (9 + 35, 9 + 36, "RFC 9562 §4")
    );
    assert!(d.message.contains("\"Z\""), "{}", d.message);
    // An OID arc with a leading zero: the zero is a whole number, a dot must follow.
    let a = analyse("oid", "1.03.6");
    let d = &a.diagnostics[0];
    assert_eq!((d.span.start, d.spec), (8 + 3, "RFC 3061 §2"));
    assert!(d.expected.contains(&"DOT"), "{:?}", d.expected);
    // Wrong ISBN-10, ISBN-13 and ISSN check digits say which digit is right.
    let a = analyse("isbn", "0-395-36341-2");
    assert!(
        a.diagnostics[0].message.contains("should be 1"),
        "{:?}",
        a.diagnostics
    );
    let a = analyse("isbn", "978-0-395-36341-5");
    assert!(
        a.diagnostics[0].message.contains("should be 6"),
        "{:?}",
        a.diagnostics
    );
    let a = analyse("issn", "0317-8472");
    assert!(
        a.diagnostics[0].message.contains("should be 1"),
        "{:?}",
        a.diagnostics
    );
    let a = analyse("nbn", "de:gbv:089-3321752944");
    assert!(
        a.diagnostics[0].message.contains("should be 5"),
        "{:?}",
        a.diagnostics
    );
}

// ---------------------------------------------------------------- structure

fn nodes(a: &NssAnalysis, input: &str) -> Vec<(String, &'static str, usize)> {
    a.nodes
        .iter()
        .map(|n| (input[n.span.start..n.span.end].to_string(), n.rule, n.depth))
        .collect()
}

#[test]
fn the_nss_structure_is_the_grammar_s_rules_with_spans_in_the_whole_input() {
    let input = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6";
    let a = analyze_nss("uuid", &input[9..], 9);
    assert_eq!(
        nodes(&a, input),
        vec![
            ("f81d4fae".into(), "time-low", 1),
            ("7dec".into(), "time-mid", 1),
            ("11d0".into(), "time-high-and-version", 1),
            ("a7".into(), "clock-seq-and-reserved", 1),
            ("65".into(), "clock-seq-low", 1),
            ("00a0c91e6bf6".into(), "node", 1),
        ]
    );
    let input = "urn:oid:1.3.6.1";
    let a = analyze_nss("oid", &input[8..], 8);
    let arcs: Vec<_> = nodes(&a, input).into_iter().map(|n| n.0).collect();
    assert_eq!(arcs, ["1", "3", "6", "1"]);

    // RFC 8458 §4.3's example: "diva" is a second sub-namespace (a subspc cannot hold
    // a hyphen, so the prefix runs to the first one).
    let input = "urn:nbn:se:uu:diva-3475";
    let a = analyze_nss("nbn", &input[8..], 8);
    assert_eq!(
        nodes(&a, input),
        vec![
            ("se:uu:diva".into(), "prefix", 1),
            ("se".into(), "iso-cc", 2),
            ("uu".into(), "subspc", 2),
            ("diva".into(), "subspc", 2),
            ("3475".into(), "nbn-string", 1),
        ]
    );

    let input = "urn:ietf:params:xml:ns:yang:ietf-interfaces";
    let a = analyze_nss("ietf", &input[9..], 9);
    assert_eq!(
        nodes(&a, input),
        vec![
            ("xml".into(), "registry-name", 1),
            ("ns:yang:ietf-interfaces".into(), "params-rest", 1),
        ]
    );
    assert_eq!(a.namespace.map(|n| n.name), Some("ietf:params"));
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.code == Code::NamespaceOpaque && d.spec == "RFC 3553 §3"),
        "{:?}",
        a.diagnostics
    );

    let input = "urn:ietf:rfc:2141";
    let a = analyze_nss("ietf", &input[9..], 9);
    assert_eq!(nodes(&a, input), vec![("rfc:2141".into(), "rfc-nss", 1)]);
}

#[test]
fn an_isbn_is_split_into_its_parts_from_the_range_data() {
    let input = "urn:isbn:978-951-0-18435-6";
    let a = analyze_nss("isbn", &input[9..], 9);
    assert_eq!(
        nodes(&a, input),
        vec![
            ("978-951-0-18435-6".into(), "isbn-13", 1),
            ("978".into(), "gs1-element", 2),
            ("951".into(), "registration-group", 2),
            ("0".into(), "registrant", 2),
            ("18435".into(), "publication", 2),
            ("6".into(), "check-digit", 2),
        ]
    );
    // Without hyphens, the parts are found all the same.
    let input = "urn:isbn:9789510184356";
    let a = analyze_nss("isbn", &input[9..], 9);
    let parts: Vec<_> = nodes(&a, input).into_iter().map(|n| n.0).collect();
    assert_eq!(parts, ["9789510184356", "978", "951", "0", "18435", "6"]);
}

#[test]
fn publicid_unwraps_to_the_public_identifier() {
    let a = analyse("publicid", "-:OASIS:DTD+DocBook+XML+V4.1.2:EN");
    assert_eq!(
        a.facts,
        vec![(
            "public-identifier",
            "-//OASIS//DTD DocBook XML V4.1.2//EN".to_string()
        )]
    );
    let a = analyse(
        "publicid",
        "ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN",
    );
    assert_eq!(
        a.facts[0].1,
        "ISO/IEC 10179:1996//DTD DSSSL Architecture//EN"
    );
    let a = analyse("publicid", "-:ArborText;prod:DTD+Help+Document;19970708:EN");
    assert_eq!(
        a.facts[0].1,
        "-//ArborText::prod//DTD Help Document::19970708//EN"
    );
    let fields: Vec<_> = a.nodes.iter().map(|n| n.rule).collect();
    assert_eq!(fields, ["field"; 4]);
}

// ---------------------------------------------------------------- equivalence

fn canonical(nid: &str, nss: &str) -> Option<String> {
    analyse(nid, nss).canonical
}

#[test]
fn lexical_equivalence_steps_follow_their_documents() {
    // uuid: RFC 9562 §4.
    let upper = analyse("uuid", "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6");
    assert_eq!(
        upper.canonical.as_deref(),
        Some("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
    );
    assert_eq!(upper.steps.len(), 1);
    assert_eq!(upper.steps[0].spec, "RFC 9562 §4");
    assert_eq!(
        upper.steps[0].name,
        "uuid: the hex digits compared case-insensitively"
    );
    // isbn: the template's rules: ISBN-10 to ISBN-13, hyphens removed.
    assert_eq!(
        canonical("isbn", "951-0-18435-7").as_deref(),
        Some("9789510184356")
    );
    assert_eq!(
        canonical("isbn", "978-951-0-18435-6").as_deref(),
        Some("9789510184356")
    );
    // issn: "x" is "X", the hyphen may be omitted.
    assert_eq!(canonical("issn", "1050124x").as_deref(), Some("1050-124X"));
    assert_eq!(canonical("issn", "1050-124X").as_deref(), Some("1050-124X"));
    // ietf: case-insensitive (RFC 2648 §2), but ietf:params is exact (RFC 3553 §3).
    assert_eq!(canonical("ietf", "RFC:2141").as_deref(), Some("rfc:2141"));
    assert_eq!(
        canonical("ietf", "params:DNS:x").as_deref(),
        Some("params:DNS:x")
    );
    // nbn: the prefix only (RFC 8458 §4.3).
    assert_eq!(canonical("nbn", "FI-FE2010").as_deref(), Some("fi-FE2010"));
    assert_eq!(
        canonical("nbn", "SE:UU:diva-3475").as_deref(),
        Some("se:uu:diva-3475")
    );
    // iso: every element (RFC 5141 §2.9); isan: case-insensitive (RFC 4246 §2).
    assert_eq!(
        canonical("iso", "STD:ISO:9999:-1:ED-1:EN").as_deref(),
        Some("std:iso:9999:-1:ed-1:en")
    );
    assert_eq!(
        canonical("isan", "0000-0000-d07a-0090-q").as_deref(),
        Some("0000-0000-D07A-0090-Q")
    );
    // mrn: the OID and OSNID only.
    assert_eq!(
        canonical("mrn", "IMO:IMO-Number:AbC").as_deref(),
        Some("imo:imo-number:AbC")
    );
    // No step where the document gives none: the canonical form is the NSS.
    for (nid, nss) in [
        ("oid", "1.3.6.1"),
        ("publicid", "-:OASIS:DTD+DocBook:EN"),
        ("example", "Foo"),
        ("dev", "mac:0024BEFFFE804FF1"),
    ] {
        let a = analyse(nid, nss);
        assert!(a.steps.is_empty(), "{nid}");
        assert_eq!(a.canonical.as_deref(), Some(nss), "{nid}");
        assert!(!a.namespace.map_or("", |n| n.equivalence_note).is_empty());
    }
    // Nothing canonical for an NSS its namespace rejects.
    assert_eq!(
        canonical("uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bfZ"),
        None
    );
}

#[test]
fn every_step_and_check_cites_a_section() {
    for ns in catalogue::ALL {
        for s in ns.steps {
            assert!(s.name.starts_with(&format!("{}: ", ns.name)), "{}", s.name);
            assert!(!s.spec.is_empty());
        }
        for c in ns.checks {
            assert!(!c.spec.is_empty(), "{}", c.name);
        }
        assert!(!ns.equivalence_note.is_empty(), "{}", ns.name);
    }
}

// ---------------------------------------------------------------- bad input

#[test]
fn an_nss_costs_linear_work() {
    // Work (Earley items) for n and 2n bytes: doubling the NSS at most doubles the work,
    // with a small constant per byte (16 KiB here: the same holds at 64 KiB, four times
    // slower in a debug build).
    type Make = fn(usize) -> String;
    let cases: [(&str, Make); 10] = [
        ("example", |n| "a".repeat(n)),
        ("oid", |n| "1.".repeat(n / 2) + "1"),
        ("nbn", |n| format!("fi-{}", "a/".repeat(n / 2))),
        ("publicid", |n| "ab+".repeat(n / 3) + "c"),
        ("ietf", |n| format!("params:x:{}", "a:".repeat(n / 2))),
        ("mrn", |n| format!("imo:xx:{}", "a".repeat(n))),
        ("dev", |n| format!("org:1-{}", "a:".repeat(n / 2)) + "a"),
        ("uuid", |n| "a".repeat(n)),
        ("isbn", |n| "9-".repeat(n / 2)),
        ("iso", |n| {
            format!("std:iso:1:clause:{}", "1,".repeat(n / 2)) + "1"
        }),
    ];
    for (nid, make) in cases {
        let small = make(8 * 1024);
        let big = make(16 * 1024);
        let ws = analyse(nid, &small).work;
        let a = analyse(nid, &big);
        let wb = a.work;
        eprintln!(
            "work {nid}: {ws} items for {} bytes, {wb} for {} bytes",
            small.len(),
            big.len()
        );
        assert!(wb > 0, "{nid}: no work counted");
        assert!(
            wb as f64 <= 2.2 * ws as f64 + 1000.0,
            "{nid}: {ws} items for 8 KiB, {wb} for 16 KiB"
        );
        assert!(
            wb <= 64 * big.len() + 1000,
            "{nid}: {wb} items for {} bytes",
            big.len()
        );
        assert!(
            a.diagnostics.len() <= 2,
            "{nid}: {} diagnostics",
            a.diagnostics.len()
        );
    }
}

#[test]
fn hostile_nsss_never_panic() {
    let hostile = [
        "",
        "\u{0}",
        "%",
        "%%%%",
        "\u{202E}abc",
        "ünïcödé",
        ":::::",
        "-----",
        "de:",
        "de:gbv:089-\u{1F600}",
        "params:",
        "std:iso:",
        "0000-0000-D07A-0090-Q-",
    ];
    for ns in catalogue::ALL {
        for h in hostile {
            let a = analyse(ns.nid, h);
            for d in &a.diagnostics {
                assert!(d.span.start <= d.span.end);
                assert!(d.span.end <= base(ns.nid) + h.len());
                assert!(!d.message.contains('\u{202E}'), "{}", d.message);
            }
        }
    }
    for nid in ["", "x", "X-", "urn-", "ünï", "a\u{0}b"] {
        let _ = analyse(nid, "x");
    }
}
