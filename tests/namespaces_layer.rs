//! The namespace layer in every answer (issue 23, phase 2): `parse`, `forms`, `compare`,
//! `check` and `explain` answer for the namespace beside the URN spec, never instead of
//! it, and `--no-namespace` answers by the URN spec alone.

mod support;

use idbench::engine::{NodeKind, Options, Profile, Severity, Status, analyze};
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    run_with_stdin(args, None)
}

fn run_with_stdin(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let out = support::cli::run(args, stdin.unwrap_or_default().as_bytes());
    (out.code.unwrap_or(-1), out.text(), out.stderr)
}

fn json(line: &str) -> Value {
    serde_json::from_str(line.trim_end()).unwrap_or_else(|e| panic!("{e}: {line}"))
}

const UPPER: &str = "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6";
const LOWER: &str = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6";

#[test]
fn uuid_case_variants_are_equivalent_at_the_uuid_step_and_not_without_the_layer() {
    let (code, out, err) = run(&["compare", "--format", "json", UPPER, LOWER]);
    assert_eq!(code, 0, "equivalent: {out}{err}");
    let v = json(&out);
    assert_eq!(v["equivalent"], true, "{v}");
    let steps = v["steps"].as_array().cloned().unwrap_or_default();
    let from = v["equal_from"].as_u64().unwrap_or(0) as usize;
    assert!(from >= 1, "{v}");
    let step = &steps[from - 1];
    let spec = step["spec"].as_str().unwrap_or("");
    assert!(spec == "RFC 9562 §4", "{step}");
    assert!(
        step["name"]
            .as_str()
            .unwrap_or("")
            .starts_with("uuid: the hex digits compared case-insensitively"),
        "{step}"
    );
    // The URN spec's own rungs come first, all unequal.
    assert!(
        steps[..from - 1]
            .iter()
            .all(|s| s["spec"] == "RFC 8141 §3.1" && s["equal"] == false)
    );
    // The text says which step.
    let (code, out, _) = run(&["compare", UPPER, LOWER]);
    assert_eq!(code, 0);
    assert!(
        out.contains("uuid: the hex digits compared case-insensitively"),
        "{out}"
    );

    let (code, out, err) = run(&[
        "compare",
        "--no-namespace",
        "--format",
        "json",
        UPPER,
        LOWER,
    ]);
    assert_eq!(code, 1, "not equivalent by the URN spec alone: {out}{err}");
    let v = json(&out);
    assert_eq!(v["equivalent"], false);
    assert!(
        v["steps"]
            .as_array()
            .is_some_and(|s| s.iter().all(|s| s["spec"] == "RFC 8141 §3.1")),
        "{v}"
    );
    // Under rfc2141 too (RFC 2141 §5 leaves lexical equivalence to the namespace).
    let (code, out, _) = run(&["compare", "--profile", "rfc2141", UPPER, LOWER]);
    assert_eq!(code, 0, "{out}");
}

/// Each done-when case of the issue: `parse` reports it at its byte with its document,
/// and the URN stays valid by the URN spec.
#[test]
fn namespace_findings_are_reported_at_their_byte_with_their_document() {
    let cases: &[(&str, &str, usize, usize, &str)] = &[
        // ISBN-10 with a wrong check digit (0-395-36341-1 is right).
        (
            "urn:isbn:0-395-36341-2",
            "namespace-check-digit",
            21,
            22,
            "isbn",
        ),
        // ISBN-13 with a wrong check digit (978-0-395-36341-6 is right).
        (
            "urn:isbn:978-0-395-36341-7",
            "namespace-check-digit",
            25,
            26,
            "isbn",
        ),
        // ISSN with a wrong check digit (0317-8471 is right).
        (
            "urn:issn:0317-8472",
            "namespace-check-digit",
            17,
            18,
            "issn",
        ),
        // An OID arc with a leading zero: reported inside the arc "02" (bytes 10..12).
        (
            "urn:oid:1.02.3",
            "namespace-nss-invalid",
            10,
            12,
            "RFC 3061",
        ),
        (
            "urn:ietf:rfc:abc",
            "namespace-nss-invalid",
            13,
            14,
            "RFC 2648",
        ),
        (
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bfZ",
            "namespace-nss-invalid",
            44,
            45,
            "RFC 9562",
        ),
    ];
    for &(input, code, start, end, document) in cases {
        let (exit, out, err) = run(&["parse", "--format", "json", input]);
        assert_eq!(exit, 0, "{input}: valid by the URN spec: {out}{err}");
        let v = json(&out);
        assert_eq!(v["valid"], true, "{input}");
        let ns = &v["namespace"];
        assert_eq!(ns["valid"], false, "{input}: {ns}");
        assert!(
            ns["document"].as_str().unwrap_or("").contains(document),
            "{input}: {ns}"
        );
        let diags = v["diagnostics"].as_array().cloned().unwrap_or_default();
        let d = diags
            .iter()
            .find(|d| d["code"] == code)
            .unwrap_or_else(|| panic!("{input}: no {code} in {v}"));
        assert_eq!(d["severity"], "warning", "{input}");
        let (s, e) = (
            d["start"].as_u64().unwrap_or(0) as usize,
            d["end"].as_u64().unwrap_or(0) as usize,
        );
        assert!(start <= s && e <= end && s < e, "{input}: {d}");
        let spec = d["spec"].as_str().unwrap_or("");
        assert!(
            spec.contains(document) || spec.contains("template"),
            "{input}: {d}"
        );
        // The text output names the namespace's verdict beside the URN's.
        let (_, text, _) = run(&["parse", input]);
        assert!(text.contains("valid under rfc8141"), "{text}");
        assert!(text.contains(code), "{text}");
        // By the URN spec alone: nothing of the namespace.
        let (exit, out, _) = run(&["parse", "--no-namespace", "--format", "json", input]);
        assert_eq!(exit, 0);
        let v = json(&out);
        assert_eq!(v["namespace"], Value::Null, "{input}");
        assert!(
            !out.contains("namespace-"),
            "{input}: no namespace finding without the layer: {out}"
        );
    }
}

#[test]
fn unregistered_nids_get_the_note_and_registered_ones_do_not() {
    for (input, note) in [
        ("urn:foo:bar", true),
        ("urn:urn-999999:x", true),
        ("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", false),
        ("urn:isbn:0-395-36341-1", false),
        ("urn:urn-5:x", false),
        ("urn:example:a", false),
    ] {
        let (_, out, _) = run(&["parse", "--format", "json", input]);
        let v = json(&out);
        let notes: Vec<&Value> = v["diagnostics"]
            .as_array()
            .map(|d| {
                d.iter()
                    .filter(|d| d["code"] == "nid-unregistered")
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(notes.len(), usize::from(note), "{input}: {v}");
        if let Some(n) = notes.first() {
            assert_eq!(n["severity"], "note");
            assert!(
                n["message"].as_str().unwrap_or("").contains("2026-07-28"),
                "names the snapshot's date: {n}"
            );
            assert_eq!(
                (n["start"].as_u64(), n["end"].as_u64()),
                (Some(4), Some(4 + input[4..].find(':').unwrap_or(0) as u64))
            );
        }
        assert_eq!(v["namespace"]["registered"], !note, "{input}");
    }
    // An experimental X- NID is recognized as what it is, with no unregistered note.
    let (_, out, _) = run(&["parse", "--format", "json", "urn:x-foo:bar"]);
    let v = json(&out);
    assert_eq!(v["namespace"]["registration"], "experimental", "{v}");
    assert!(!out.contains("nid-unregistered"), "{out}");
}

#[test]
fn the_nss_structure_is_grafted_under_the_nss_node() {
    let a = analyze(LOWER, &Options::full());
    let nss = a
        .tree
        .find(NodeKind::Nss)
        .unwrap_or_else(|| panic!("an nss node"));
    let kids: Vec<(&str, &str)> = nss
        .children()
        .map(|c| (c.rule(), c.text(&a.input)))
        .collect();
    assert_eq!(
        kids,
        [
            ("time-low", "f81d4fae"),
            ("time-mid", "7dec"),
            ("time-high-and-version", "11d0"),
            ("clock-seq-and-reserved", "a7"),
            ("clock-seq-low", "65"),
            ("node", "00a0c91e6bf6"),
        ]
    );
    // The deepest node at a byte of the NSS is a namespace node (the tree pane follows it).
    assert_eq!(a.tree.deepest_at(20).rule(), "time-mid");
    // Without the layer the nss node is a leaf.
    let plain = analyze(
        LOWER,
        &Options {
            namespace: false,
            scheme_spec: false,
            equivalence_key: true,
            ..Options::full()
        },
    );
    assert!(plain.tree.find(NodeKind::Nss).is_some_and(|n| n.is_leaf()));
    assert!(plain.namespace.is_none());
    // Nested structure: an ISBN's check digit under the ISBN.
    let a = analyze("urn:isbn:0-395-36341-1", &Options::full());
    let isbn = a.tree.iter().find(|n| n.rule() == "isbn-10");
    let digit = a.tree.iter().find(|n| n.rule() == "check-digit-10");
    assert!(
        digit.and_then(|d| d.parent()) == isbn && isbn.is_some(),
        "{:?}",
        a.tree.iter().collect::<Vec<_>>()
    );
}

#[test]
fn forms_give_canonical_namespace_beside_the_urn_specs_canonical() {
    let (code, out, _) = run(&[
        "forms",
        "--format",
        "json",
        "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(
        v["forms"]["canonical"], "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
        "RFC 8141 §3.1's, unchanged"
    );
    assert_eq!(v["forms"]["canonical_namespace"], LOWER);
    assert_eq!(v["namespace"]["nid"], "uuid");
    let (_, out, _) = run(&["forms", "--no-namespace", "--format", "json", UPPER]);
    let v = json(&out);
    assert_eq!(v["forms"].get("canonical_namespace"), None, "{v}");
    assert_eq!(v["namespace"], Value::Null);
    // A namespace without steps (or an unregistered one) has no such form.
    let (_, out, _) = run(&["forms", "--format", "json", "urn:foo:Bar"]);
    assert_eq!(json(&out)["forms"].get("canonical_namespace"), None);
}

#[test]
fn check_skips_the_layer_unless_asked_and_never_changes_the_verdict() {
    let lines = "urn:isbn:0-395-36341-2\nurn:foo:x\nhttp://a/\n";
    let (code, out, _) = run_with_stdin(&["check", "--format", "json"], Some(lines));
    assert_eq!(code, 0);
    assert!(!out.contains("namespace"), "{out}");
    let (code2, out2, _) = run_with_stdin(&["check", "--no-namespace"], Some(lines));
    assert_eq!(code2, 0);
    assert!(!out2.contains("namespace"), "{out2}");
    // Under `auto` the profile changes from line to line (rfc8141, then rfc3986, whose
    // lines get no layer, then rfc8141 again): each line asks its own profile.
    let mixed = format!("{lines}urn:isbn:0451450523?+r\n");
    let (code, out, _) =
        run_with_stdin(&["check", "--namespaces", "--format", "json"], Some(&mixed));
    assert_eq!(code, 0, "verdicts unchanged");
    let recs: Vec<Value> = out.lines().map(json).collect();
    assert_eq!(recs.len(), 4);
    assert_eq!(recs[3]["profile"], "rfc8141");
    assert_eq!(recs[3]["namespace"]["nid"], "isbn");
    assert_eq!(recs[3]["namespace"]["valid"], true, "the NSS ends at `?+`");
    assert_eq!(recs[0]["valid"], true);
    assert_eq!(recs[0]["namespace"]["valid"], false);
    assert_eq!(
        recs[0]["namespace"]["findings"][0]["code"],
        "namespace-check-digit"
    );
    assert_eq!(recs[0]["namespace"]["findings"][0]["start"], 21);
    assert_eq!(recs[1]["namespace"]["registered"], false);
    assert_eq!(
        recs[1]["namespace"]["findings"][0]["code"],
        "nid-unregistered"
    );
    assert_eq!(recs[2].get("namespace"), None, "not a URN");
    let (_, text, _) = run_with_stdin(&["check", "--namespaces"], Some(lines));
    let first = text.lines().next().unwrap_or("");
    assert!(
        first.starts_with("valid\trfc8141\turn:isbn:0-395-36341-2\tnamespace isbn: invalid")
            && first.contains("namespace-check-digit@21..22"),
        "{first}"
    );
    // --namespaces and --no-namespace contradict each other.
    let (code, _, _) = run_with_stdin(&["check", "--namespaces", "--no-namespace"], Some(lines));
    assert_eq!(code, 2);
}

#[test]
fn explain_shows_both_verdicts_the_registration_and_the_namespace_steps() {
    let (code, out, err) = run(&["explain", "--format", "text", UPPER, "--with", LOWER]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Namespace uuid: valid by RFC 9562 §4"),
        "{out}"
    );
    assert!(out.contains("Registration: formal namespace"), "{out}");
    assert!(
        out.contains("uuid: the hex digits compared case-insensitively"),
        "{out}"
    );
    let (code, out, _) = run(&["explain", "--format", "json", "urn:foo:a"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["a"]["namespace"]["registered"], false, "{v}");
    let (code, out, _) = run(&[
        "explain",
        "--no-namespace",
        "--format",
        "json",
        UPPER,
        "--with",
        LOWER,
    ]);
    assert_eq!(code, 1, "not equivalent by the URN spec alone");
    let v = json(&out);
    assert_eq!(v["a"]["namespace"], Value::Null);
    // resolve accepts the flag (it changes nothing there).
    let (code, _, err) = run(&["resolve", "--no-namespace", "urn:a:b", "urn:a:c"]);
    assert_ne!(code, 2, "{err}");
}

/// A namespace never changes the URN spec's verdict: over the identifier sets and corpora
/// the tests use, `valid`, `first_error` and every profile's verdict (and auto's choice)
/// are the same with the layer and without it.
#[test]
fn the_layer_never_changes_the_urn_verdict() {
    let mut inputs: Vec<String> = Vec::new();
    for dir in ["tests/data", "benches/data", "tests/abnf_agree"] {
        let Ok(rd) = std::fs::read_dir(dir) else {
            continue;
        };
        for e in rd.flatten() {
            let Ok(text) = std::fs::read_to_string(e.path()) else {
                continue;
            };
            for line in text.lines() {
                for word in line.split(|c: char| c.is_whitespace() || c == '"' || c == '\'') {
                    if word.len() < 4096
                        && word
                            .get(..4)
                            .is_some_and(|h| h.eq_ignore_ascii_case("urn:"))
                    {
                        inputs.push(word.to_string());
                    }
                }
            }
        }
    }
    inputs.extend(
        [
            UPPER,
            LOWER,
            "urn:isbn:0-395-36341-2",
            "urn:oid:1.02.3",
            "urn:ietf:rfc:abc",
            "urn:ietf:params:xml:ns:x",
            "urn:nbn:de:gbv:089-3321752945",
            "urn:publicid:ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN",
            "urn:uuid:",
            "urn:uuid:%41",
            "URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6?+r#f",
            "urn:x-foo:bar",
            "urn:urn-7:x",
            "urn:a:b",
        ]
        .map(String::from),
    );
    inputs.sort();
    inputs.dedup();
    assert!(inputs.len() > 20, "{} inputs", inputs.len());
    for input in &inputs {
        for profile in [
            None,
            Some(Profile::Rfc8141),
            Some(Profile::Rfc2141),
            Some(Profile::Rfc2141bis),
        ] {
            let with = analyze(
                input,
                &Options {
                    profile,
                    ..Options::full()
                },
            );
            let without = analyze(
                input,
                &Options {
                    profile,
                    namespace: false,
                    scheme_spec: false,
                    equivalence_key: true,
                    ..Options::full()
                },
            );
            assert_eq!(with.profile, without.profile, "{input}");
            assert_eq!(with.valid(), without.valid(), "{input} {profile:?}");
            assert_eq!(
                with.first_error().map(|d| (d.code, d.span)),
                without.first_error().map(|d| (d.code, d.span)),
                "{input}"
            );
            let statuses = |a: &idbench::engine::Analysis| -> Vec<Status> {
                a.verdicts.iter().map(|v| v.status.clone()).collect()
            };
            assert_eq!(statuses(&with), statuses(&without), "{input}");
            assert!(
                with.diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .count()
                    == without
                        .diagnostics
                        .iter()
                        .filter(|d| d.severity == Severity::Error)
                        .count(),
                "{input}"
            );
        }
    }
}

/// The namespace grammars stay linear on a 64 KiB NSS: the Earley items for 64 KiB are at
/// most a little over twice those for 32 KiB (counted, not timed). An analysis judges an
/// NSS whole: up to `LAYER_MAX_NSS` bytes with the grammar's tree, past it (a pasted
/// megabyte) by the grammar compiled to an automaton, with no Earley work and no
/// `namespace-not-judged` note.
#[test]
fn the_layer_is_linear_on_a_64_kib_nss_and_bounded_in_an_analysis() {
    use idbench::engine::namespaces::{LAYER_MAX_NSS, analyze_nss};
    for (nid, unit) in [
        ("oid", "1."),
        ("ietf", "rfc:"),
        ("example", "ab"),
        ("publicid", "ab:c+"),
    ] {
        let work = |n: usize| {
            let mut nss = unit.repeat(n / unit.len());
            if nid == "oid" {
                nss.push('1');
            }
            analyze_nss(nid, &nss, 4 + nid.len() + 1).work
        };
        let (small, big) = (work(32 * 1024), work(64 * 1024));
        assert!(small > 0, "{nid}: the grammar ran");
        assert!(
            big <= small * 2 + small / 100,
            "{nid}: {small} items for 32 KiB, {big} for 64 KiB"
        );
        assert!(big <= 64 * 1024 * 40, "{nid}: {big} items for 64 KiB");
    }
    let long = format!("urn:example:{}", "a".repeat(LAYER_MAX_NSS + 1));
    let a = analyze(&long, &Options::full());
    let ns = a
        .namespace
        .as_ref()
        .unwrap_or_else(|| panic!("the layer ran"));
    assert_eq!(ns.work, 0, "no Earley work past the limit");
    assert_eq!(ns.valid, Some(true), "judged whole by the automaton");
    assert!(
        !a.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "namespace-not-judged"),
        "{:?}",
        a.diagnostics
    );
    assert!(a.valid());
    // A megabyte NSS with one bad character near its end: the automaton finds it, and
    // names what is expected there (its tagged NFA, at any length of the prefix).
    let mut nss = "a".repeat((1 << 20) - 64);
    nss.push_str("a~b");
    let bad = format!("urn:example:{nss}");
    let a = analyze(&bad, &Options::full());
    let ns = a
        .namespace
        .as_ref()
        .unwrap_or_else(|| panic!("the layer ran"));
    assert_eq!(ns.valid, Some(false));
    let d = a
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "namespace-nss-invalid")
        .unwrap_or_else(|| panic!("{:?}", a.diagnostics));
    let at = "urn:example:".len() + (1 << 20) - 64 + 1;
    assert_eq!((d.span.start, d.span.end), (at, at + 1));
    assert!(!d.expected.is_empty(), "an expected set past 4,096 bytes");
    // Past the limit, and short of its own: the same error, with what is expected there.
    let bad = format!("urn:example:{}~", "a".repeat(LAYER_MAX_NSS * 4));
    let a = analyze(&bad, &Options::full());
    let d = a
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "namespace-nss-invalid")
        .unwrap_or_else(|| panic!("{:?}", a.diagnostics));
    let at = "urn:example:".len() + LAYER_MAX_NSS * 4;
    assert_eq!((d.span.start, d.span.end), (at, at + 1));
    assert!(
        d.expected.contains(&"urn-char") || !d.expected.is_empty(),
        "{:?}",
        d.expected
    );
    assert!(
        !a.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "namespace-not-judged" && d.severity == Severity::Note)
    );
    let at_limit = format!("urn:example:{}", "a".repeat(LAYER_MAX_NSS));
    let a = analyze(&at_limit, &Options::full());
    assert_eq!(a.namespace.as_ref().and_then(|n| n.valid), Some(true));
}

/// The workbench compares the analyses it holds (`compare_analyzed`, made with
/// `Options::full()`): the namespace's rung is in that ladder, which the ladder pane shows
/// step by step; analyses made without the layer give the URN spec's ladder alone.
#[test]
fn the_workbench_ladder_has_the_namespace_rung() {
    use idbench::engine::equiv::{CompareOptions, compare_analyzed, compare_per_profile_bounded};
    let opts = CompareOptions::default();
    let (a, b) = (
        analyze(UPPER, &Options::full()),
        analyze(LOWER, &Options::full()),
    );
    let v = compare_analyzed(&a, &b, &opts);
    assert!(v.equivalent);
    let from = v.equal_from().unwrap_or(usize::MAX);
    assert_eq!(
        v.steps.get(from).map(|s| s.spec),
        Some("RFC 9562 §4"),
        "{:?}",
        v.steps
    );
    let (per, _) = compare_per_profile_bounded(&a, &b, &v, &opts);
    assert!(
        per.iter()
            .filter(|p| p.profile.family() == idbench::engine::Family::Urn)
            .all(|p| p.equivalent == Some(true)),
        "{per:?}"
    );
    let plain = Options {
        namespace: false,
        scheme_spec: false,
        equivalence_key: true,
        ..Options::full()
    };
    let (a, b) = (analyze(UPPER, &plain), analyze(LOWER, &plain));
    let v = compare_analyzed(&a, &b, &opts);
    assert!(!v.equivalent);
    assert!(v.steps.iter().all(|s| s.spec == "RFC 8141 §3.1"));
}

/// Past `LAYER_MAX_NSS`, a namespace with check digits is judged as every other one: by
/// its automaton, the check digit read from the NSS's bytes, with no Earley parse (which
/// took 62 ms of a keystroke on a 64 KiB NBN) and so no grammar nodes; its verdict and
/// findings, messages included, are those of the whole tree's path (`analyze_nss`).
#[test]
fn a_long_nss_with_a_check_digit_is_judged_without_an_earley_parse() {
    use idbench::engine::namespaces::{
        LAYER_MAX_NSS, NssAnalysis, analyze_nss, analyze_nss_within,
    };
    let findings = |a: &NssAnalysis| -> Vec<(String, usize, usize, String)> {
        a.diagnostics
            .iter()
            .map(|d| {
                let code = d.code.as_str().to_string();
                (code, d.span.start, d.span.end, d.message.to_string())
            })
            .collect()
    };
    let base = "urn:nbn:".len();
    let body = format!("de:gbv:089-{}", "3".repeat(LAYER_MAX_NSS * 4));
    let mut right = Vec::new();
    for digit in 0..10 {
        let nss = format!("{body}{digit}");
        let tree = analyze_nss("nbn", &nss, base);
        let layer = analyze_nss_within("nbn", &nss, base, LAYER_MAX_NSS);
        assert!(tree.work > 0, "the whole tree's path parses");
        assert_eq!(layer.work, 0, "no Earley parse past the limit");
        assert!(layer.nodes.is_empty(), "no grammar nodes past the limit");
        assert_eq!(layer.valid, tree.valid, "{digit}");
        assert_eq!(findings(&layer), findings(&tree), "{digit}");
        assert_eq!(layer.canonical, tree.canonical, "{digit}");
        if layer.valid == Some(true) {
            right.push(digit);
        } else {
            let d = layer
                .diagnostics
                .iter()
                .find(|d| d.code.as_str() == "namespace-check-digit")
                .unwrap_or_else(|| panic!("{digit}: {:?}", layer.diagnostics));
            let last = base + nss.len() - 1;
            assert_eq!((d.span.start, d.span.end), (last, last + 1));
        }
    }
    assert_eq!(right.len(), 1, "one check digit is right: {right:?}");
    // The analysis every face makes, on the whole URN.
    let urn = format!("urn:nbn:{body}{}", right[0]);
    let a = analyze(&urn, &Options::full());
    let ns = a
        .namespace
        .as_ref()
        .unwrap_or_else(|| panic!("the layer ran"));
    assert_eq!((ns.valid, ns.work), (Some(true), 0));
    let wrong = format!("urn:nbn:{body}{}", (right[0] + 1) % 10);
    let a = analyze(&wrong, &Options::full());
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "namespace-check-digit"),
        "{:?}",
        a.diagnostics
    );
}
