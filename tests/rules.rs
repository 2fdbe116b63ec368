//! The grammar reference is complete: every rule name any tree can contain has a production
//! under its profile. The names are collected three ways: from the trees of every shipped
//! example under every profile, from property-generated inputs, and statically from the
//! grammar sources (every string literal in a rule position of a tree-builder call).

use std::collections::{BTreeMap, BTreeSet};

use idbench::engine::rules::{self, MatchedBy};
use idbench::engine::{NodeKind, Options, Profile, Tree, analyze, specs};

mod support;
use proptest::prelude::*;

/// Names our trees use that are not productions of the spec. Each is reported rather than
/// given an invented production; the test fails when one of them becomes resolvable (then
/// drop it here) and when any other unresolvable name appears.
const NOT_PRODUCTIONS: &[(Profile, &str)] = &[
    // The draft's "Partial (relative) form" section has prose, no production.
    (Profile::Rfc1630, "partial form"),
    // RFC 2141 writes the literal "urn:", colon included.
    (Profile::Rfc2141, "\"urn\""),
];

fn resolves(p: Profile, rule: &str) -> bool {
    let g = rules::grammar(p);
    if rule.starts_with('"') {
        g.has_literal(rule)
    } else {
        g.get(rule).is_some()
    }
}

/// Rule names of a tree, skipping the rule-less nodes of text the grammar could not place.
fn names(t: &Tree, into: &mut BTreeSet<String>) {
    for n in t.iter() {
        if n.kind() == NodeKind::Unparsed && n.rule().is_empty() {
            continue;
        }
        into.insert(n.rule().to_string());
    }
}

fn check(found: &BTreeMap<Profile, BTreeSet<String>>) {
    let mut missing = Vec::new();
    for (p, set) in found {
        for r in set {
            let known = NOT_PRODUCTIONS.iter().any(|(q, n)| q == p && n == r);
            if !resolves(*p, r) && !known {
                missing.push(format!("{}: {r}", p.name()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rule names without a production: {missing:?}"
    );
}

#[test]
fn every_example_tree_under_every_profile_resolves() {
    let mut found: BTreeMap<Profile, BTreeSet<String>> = BTreeMap::new();
    let entries = idbench::idsets::all();
    assert!(entries.len() > 400, "the example sets went missing");
    for p in Profile::ALL {
        let set = found.entry(p).or_default();
        for e in &entries {
            names(&specs::parse(p, &e.id).0, set);
        }
    }
    // The spec's own names, which the trees must use, show up.
    for (p, r) in [
        (Profile::Rfc3986, "IP-literal"),
        (Profile::Rfc3986, "relative-ref"),
        (Profile::Rfc3987, "irelative-ref"),
        (Profile::Rfc8141, "namestring"),
        (Profile::Xri2, "xref"),
    ] {
        assert!(found[&p].contains(r), "{}: no {r}", p.name());
    }
    check(&found);
}

#[test]
fn not_productions_are_still_not_productions() {
    for (p, r) in NOT_PRODUCTIONS {
        assert!(
            !resolves(*p, r),
            "{} now resolves under {}: drop it from the list",
            r,
            p.name()
        );
    }
}

/// The grammar sources, for the static scan.
const SOURCES: &[(&str, &[Profile])] = &[
    (
        include_str!("../src/engine/specs/uri/grammar.rs"),
        &[Profile::Rfc3986, Profile::Rfc3987],
    ),
    (
        include_str!("../src/engine/specs/urn/grammar.rs"),
        &[Profile::Rfc2141, Profile::Rfc2141bis, Profile::Rfc8141],
    ),
    (
        include_str!("../src/engine/specs/www/grammar.rs"),
        &[Profile::Rfc1630],
    ),
    (
        include_str!("../src/engine/specs/xri/grammar.rs"),
        &[Profile::Xri2],
    ),
];

/// String literals (unescaped) of `text`.
fn literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    if let Some(e) = chars.next() {
                        s.push(e);
                    }
                }
                '"' => break,
                _ => s.push(c),
            }
        }
        out.push(s);
    }
    out
}

/// The source text in rule positions: builder calls (`.start(`, `.leaf(`, `.wrap(`,
/// `.set_rule(`) up to their closing parenthesis, the `Names` tables, and the bodies of the
/// functions that return a rule name (`fn rule`, `fn root_rule`), and `let rule` bindings.
fn rule_positions(src: &str) -> Vec<String> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim_start();
        let call = [".start(", ".leaf(", ".wrap(", ".set_rule("]
            .iter()
            .any(|c| l.contains(c) && !l.starts_with("//") && !l.starts_with("pub fn"));
        let block = l.starts_with("const") && l.contains(": Names = Names {")
            || (l.contains("fn rule(") || l.contains("fn root_rule("))
            || l.starts_with("let rule =")
            || l.starts_with("let root_rule =");
        if call || block {
            let mut depth = 0i32;
            let mut text = String::new();
            let mut k = i;
            while k < lines.len() {
                let line = lines[k];
                text.push_str(line);
                text.push('\n');
                for c in line.chars() {
                    match c {
                        '(' | '{' => depth += 1,
                        ')' | '}' => depth -= 1,
                        _ => {}
                    }
                }
                k += 1;
                if depth <= 0
                    && (line.trim_end().ends_with(';')
                        || line.trim_end().ends_with('}')
                        || depth < 0
                        || call)
                {
                    break;
                }
            }
            out.push(text);
            i = k;
        } else {
            i += 1;
        }
    }
    out
}

fn rule_shaped(s: &str) -> bool {
    if s == "partial form" {
        return true;
    }
    match s.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        // A literal the tree names a node after, such as `"urn"`.
        Some(inner) => !inner.is_empty() && !inner.contains(char::is_whitespace),
        None => {
            s.len() < 40
                && s.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        }
    }
}

#[test]
fn every_rule_name_literal_in_the_grammar_sources_resolves() {
    let mut total = 0;
    let mut missing = Vec::new();
    let mut all_seen: BTreeMap<Profile, BTreeSet<String>> = BTreeMap::new();
    for (src, profiles) in SOURCES {
        let mut seen = BTreeSet::new();
        for window in rule_positions(src) {
            for lit in literals(&window) {
                if rule_shaped(&lit) {
                    seen.insert(lit);
                }
            }
        }
        assert!(
            seen.len() >= 5,
            "the static scan found almost nothing: {seen:?}"
        );
        for p in *profiles {
            all_seen.entry(*p).or_default().extend(seen.iter().cloned());
        }
        for r in &seen {
            total += 1;
            let ok = profiles
                .iter()
                .any(|&p| resolves(p, r) || NOT_PRODUCTIONS.iter().any(|(q, n)| *q == p && n == r));
            if !ok {
                missing.push(format!("{:?}: {r}", profiles));
            }
        }
    }
    assert!(total > 40, "only {total} rule names found statically");
    // The list of names that are not productions holds only names the grammars still use.
    for (p, r) in NOT_PRODUCTIONS {
        assert!(
            all_seen.get(p).is_some_and(|s| s.contains(*r)),
            "{r} is no longer used under {}: drop it from NOT_PRODUCTIONS",
            p.name()
        );
    }
    assert!(
        missing.is_empty(),
        "rule names without a production: {missing:?}"
    );
}

fn identifier_like() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("urn:".to_string()),
        Just("xri://".to_string()),
        Just("http://".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("%2F".to_string()),
        Just("[::1]".to_string()),
        Just("[v1.x]".to_string()),
        Just("1.2.3.4".to_string()),
        Just("?+".to_string()),
        Just("?=".to_string()),
        "[=@+$!*/?#:;.&~a-zA-Z0-9 -]{1,4}",
        "[\u{80}-\u{10FFFF}]{1,2}",
    ];
    prop::collection::vec(pieces, 0..16).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn generated_trees_resolve(input in identifier_like()) {
        let mut found: BTreeMap<Profile, BTreeSet<String>> = BTreeMap::new();
        for p in Profile::ALL {
            names(&specs::parse(p, &input).0, found.entry(p).or_default());
        }
        check(&found);
    }
}

#[test]
fn every_production_uses_only_defined_rules() {
    for p in Profile::ALL {
        let g = rules::grammar(p);
        assert!(g.productions().len() > 10, "{}", p.name());
        for r in g.productions() {
            for u in &r.uses {
                assert!(
                    g.get(u).is_some(),
                    "{}: {} uses undefined {u}",
                    p.name(),
                    r.name
                );
            }
            assert!(!r.section.is_empty() && !r.source.is_empty(), "{}", r.name);
        }
    }
}

#[test]
fn start_rules() {
    let a = |s: &str, p: Profile| analyze(s, &Options::validate_only(Some(p)));
    let one = a("1", Profile::Rfc3986);
    assert!(one.valid());
    let s = one.start_rule();
    assert_eq!(s.rule, "relative-ref");
    assert_eq!(s.within, Some("URI-reference"));
    assert!(!s.is_rule("URI"));
    let uri = a("http://a/b", Profile::Rfc3986).start_rule();
    assert_eq!(uri.rule, "URI");
    assert_eq!(
        a("urn:a:b", Profile::Rfc8141).start_rule().rule,
        "namestring"
    );
    assert_eq!(
        a("xri://@a", Profile::Xri2).start_rule().within,
        Some("XRI-reference")
    );
    assert_eq!(
        a("a/b", Profile::Rfc3987).start_rule().within,
        Some("IRI-reference")
    );
}

fn matched(input: &str, p: Profile, rule: &str) -> (String, Option<usize>, Option<MatchedBy>) {
    let an = analyze(input, &Options::validate_only(Some(p)));
    let n = an
        .tree
        .iter()
        .find(|n| n.rule() == rule)
        .unwrap_or_else(|| panic!("no {rule} node in {input}"));
    let (prod, m) = rules::matched_alternative(p, &n, input).expect("a production");
    (
        prod.name.to_string(),
        m.as_ref().map(|m| m.alternative),
        m.map(|m| m.by),
    )
}

#[test]
fn matched_alternatives() {
    // IPv6address: alternative 8 is `[ *5( h16 ":" ) h16 ] "::" h16`.
    assert_eq!(
        matched("http://[::1]/", Profile::Rfc3986, "IPv6address"),
        ("IPv6address".into(), Some(7), Some(MatchedBy::Text))
    );
    assert_eq!(
        matched("http://[1:2:3:4:5:6:7:8]/", Profile::Rfc3986, "IPv6address").1,
        Some(0)
    );
    // gcs-authority = pgcs-authority / rgcs-authority, told apart by the children.
    assert_eq!(
        matched("xri://@a*b", Profile::Xri2, "gcs-authority").1,
        Some(1)
    );
    assert_eq!(
        matched("xri://!!1", Profile::Xri2, "gcs-authority").1,
        Some(0)
    );
    // A production with one alternative.
    assert_eq!(
        matched("http://a/b", Profile::Rfc3986, "URI").2,
        Some(MatchedBy::Only)
    );
    // The WWW draft's path: void, or segments.
    assert_eq!(matched("http:", Profile::Rfc1630, "void").1, Some(0));
    assert_eq!(matched("http:a/b", Profile::Rfc1630, "path").1, Some(1));
}

#[test]
fn rule_cli() {
    let run = |args: &[&str]| {
        let o = support::cli::run(args, b"");
        (o.code, o.text(), o.stderr)
    };
    let (code, out, _) = run(&["rule", "IP-literal", "--profile", "rfc3986"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("RFC 3986 §3.2.2"), "{out}");
    assert!(out.contains("uses: IPv6address, IPvFuture"), "{out}");
    assert!(out.contains("used by: host"), "{out}");
    let (code, out, _) = run(&["rule", "xri-subseg", "-p", "xri2", "-f", "json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["name"], "xri-subseg");
    assert!(
        v["printed"]
            .as_str()
            .is_some_and(|s| s.starts_with("xri-subseq"))
    );
    assert!(
        v["reading"]
            .as_str()
            .is_some_and(|s| s.starts_with("xri-subseg"))
    );
    let (code, _, err) = run(&["rule", "segmnt\u{202e}", "-p", "rfc3986"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("nearest: segment"), "{err}");
    assert!(
        err.contains("⟨U+202E⟩") && !err.contains('\u{202e}'),
        "{err}"
    );
    let (code, out, _) = run(&["rule", "-p", "rfc8141", "-f", "json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert!(v["rules"].as_array().is_some_and(|r| r.len() > 10));
}

/// The first error of `input` under `p`.
fn first_error(input: &str, p: Profile) -> idbench::engine::Diagnostic {
    analyze(input, &Options::validate_only(Some(p)))
        .first_error()
        .cloned()
        .unwrap_or_else(|| panic!("{input} has no error"))
}

#[test]
fn errors_say_what_was_expected() {
    let cases: &[(&str, Profile, &[&str], usize)] = &[
        (
            "http://[::1x]/",
            Profile::Rfc3986,
            &["HEXDIG", "\":\"", "\".\"", "\"]\""],
            11,
        ),
        ("http://[1:2x]/", Profile::Rfc3986, &["HEXDIG", "\":\""], 11),
        ("http://[::1.2.3.x]/", Profile::Rfc3986, &["DIGIT"], 16),
        ("http://[::]x]/", Profile::Rfc3986, &[], 0),
        (
            "http://a/b c",
            Profile::Rfc3986,
            &["pchar", "\"/\"", "\"?\"", "\"#\""],
            10,
        ),
        (
            "http://a/b c",
            Profile::Rfc3987,
            &["ipchar", "\"/\"", "\"?\"", "\"#\""],
            10,
        ),
        (
            "http://a/?<",
            Profile::Rfc3986,
            &["pchar", "\"/\"", "\"?\"", "\"#\""],
            10,
        ),
        (
            "http://a:8x/",
            Profile::Rfc3986,
            &["DIGIT", "\"/\"", "\"?\"", "\"#\""],
            10,
        ),
        ("%zz", Profile::Rfc3986, &["HEXDIG"], 1),
        ("%az", Profile::Rfc3986, &["HEXDIG"], 2),
        ("1a:b", Profile::Rfc3986, &["ALPHA"], 0),
        ("urn:a_b:c", Profile::Rfc8141, &["ldh", "\":\""], 5),
        ("urn:a_b:c", Profile::Rfc2141, &["let-num-hyp", "\":\""], 5),
        (
            "urn:ab:c d",
            Profile::Rfc8141,
            &["pchar", "\"/\"", "\"?+\"", "\"?=\"", "\"#\""],
            8,
        ),
        ("urn:ab:c%g0", Profile::Rfc8141, &["HEXDIG"], 9),
        ("urn:-ab:c", Profile::Rfc8141, &["alphanum"], 4),
        ("xri://!", Profile::Xri2, &["xri-subseg-pt-nz"], 7),
    ];
    for (input, p, want, at) in cases {
        let d = first_error(input, *p);
        if want.is_empty() {
            // An error whose grammar position records nothing says nothing.
            continue;
        }
        assert_eq!(&d.expected, want, "{input} under {}: {d:?}", p.name());
        assert_eq!(d.expected_at, Some(*at), "{input}");
        assert!(
            d.span.start <= *at && *at <= d.span.end,
            "{input}: outside its span"
        );
        // Every rule name in the list is a production of the profile.
        for e in &d.expected {
            if !e.starts_with('"') {
                assert!(
                    rules::grammar(*p).get(e).is_some(),
                    "{input}: {e} is no rule"
                );
            }
        }
    }
}

/// Errors that are not a scanner stopping on a byte also say what the grammar would have
/// taken, read off the production at the point of failure: counts (the NID's length, IPv6
/// groups), empty components, unclosed brackets, the XRI sites and the WWW draft's grammar.
/// For an unclosed "[" or "(" the error marks the bracket and the expectation (the closing
/// one) lies where the enclosing part ends.
#[test]
fn count_empty_and_unclosed_errors_say_what_was_expected() {
    type Case = (
        &'static str,
        Profile,
        &'static str,
        &'static [&'static str],
        usize,
    );
    let cases: &[Case] = &[
        // Counts: after 32 NID characters only ":"; after one, another; no trailing "-".
        (
            "urn:abcdefghijabcdefghijabcdefghijabc:x",
            Profile::Rfc8141,
            "nid-too-long",
            &["\":\""],
            36,
        ),
        ("urn:a:b", Profile::Rfc8141, "nid-too-short", &["ldh"], 5),
        (
            "urn:a:b",
            Profile::Rfc2141bis,
            "nid-too-short",
            &["ALPHA", "DIGIT", "\"-\""],
            5,
        ),
        ("urn:ab-:c", Profile::Rfc8141, "nid-end", &["alphanum"], 7),
        // An IPv6 address is a host only inside IP-literal's brackets.
        (
            "http://2001:db8::1/",
            Profile::Rfc3986,
            "ipv6-unbracketed",
            &["\"[\""],
            7,
        ),
        (
            "http://[1:2:3:4:5:6:7:8:9]/",
            Profile::Rfc3986,
            "ipv6-too-many-groups",
            &["\"]\""],
            23,
        ),
        (
            "http://[1:2:3:4:5:6:7:1.2.3.4]/",
            Profile::Rfc3986,
            "ipv6-too-many-groups",
            &["h16"],
            22,
        ),
        (
            "http://[1:2:3:4:5:6:7]/",
            Profile::Rfc3986,
            "ipv6-too-few-groups",
            &["HEXDIG", "\":\"", "\".\""],
            21,
        ),
        (
            "http://[12345::1]/",
            Profile::Rfc3986,
            "ipv6-group-too-long",
            &["\":\""],
            12,
        ),
        (
            "http://[::1.2.3]/",
            Profile::Rfc3986,
            "ipv6-bad-ipv4",
            &["\".\""],
            15,
        ),
        (
            "http://[v7]/",
            Profile::Rfc3986,
            "ipvfuture-invalid",
            &["HEXDIG", "\".\""],
            // After "v7" the "." was expected where the "]" is.
            10,
        ),
        (
            "http://[192.0.2.16]/",
            Profile::Rfc3986,
            "ip-literal-invalid",
            &["IPv6address", "IPvFuture"],
            8,
        ),
        // Empty components.
        (
            "urn:ab:c?=",
            Profile::Rfc8141,
            "q-component-empty",
            &["pchar"],
            10,
        ),
        (
            "urn:ab:c?+",
            Profile::Rfc8141,
            "r-component-empty",
            &["pchar"],
            10,
        ),
        (
            "urn:ab:c?",
            Profile::Rfc2141bis,
            "query-empty",
            &["directive"],
            9,
        ),
        (
            "urn:ab:c?a=1&&b=2",
            Profile::Rfc2141bis,
            "directive-empty",
            &["directive"],
            13,
        ),
        (
            "urn:ab:c?=x",
            Profile::Rfc2141bis,
            "keyword-empty",
            &["keywd"],
            9,
        ),
        (
            "urn:ab:c?ab",
            Profile::Rfc2141bis,
            "directive-no-equals",
            &["\"=\""],
            11,
        ),
        (
            "urn:ab:c?1b=x",
            Profile::Rfc2141bis,
            "keyword-syntax",
            &["ALPHA"],
            9,
        ),
        ("urn:ab:/c", Profile::Rfc8141, "nss-start", &["pchar"], 7),
        (
            "urn:ab:c?x",
            Profile::Rfc8141,
            "component-delim",
            &["pchar", "\"/\"", "\"?+\"", "\"?=\"", "\"#\""],
            8,
        ),
        ("ur:ab:c", Profile::Rfc8141, "not-a-urn", &["\"urn\""], 2),
        // Empty or missing parts.
        ("urn::a", Profile::Rfc8141, "nid-empty", &["alphanum"], 4),
        ("urn:ab", Profile::Rfc8141, "nss-missing", &["\":\""], 6),
        ("urn:ab:", Profile::Rfc8141, "nss-empty", &["pchar"], 7),
        (
            "urn:ab:",
            Profile::Rfc2141,
            "nss-empty",
            &["trans", "\"%\""],
            7,
        ),
        (
            "urn:ab:c?=/",
            Profile::Rfc8141,
            "q-component-start",
            &["pchar"],
            10,
        ),
        (
            "!/",
            Profile::Xri2,
            "relative-first-subsegment-empty",
            &["xri-pchar-nc"],
            1,
        ),
        (
            "/!",
            Profile::Xri2,
            "segment-nz-empty",
            &["xref", "xri-pchar"],
            2,
        ),
        (
            "http://[]/",
            Profile::Rfc3986,
            "ip-literal-empty",
            &["IPv6address", "IPvFuture"],
            8,
        ),
        (
            "http://[::1]x/",
            Profile::Rfc3986,
            "ip-literal-trailing",
            &["\":\"", "\"/\"", "\"?\"", "\"#\""],
            12,
        ),
        (
            "xri://[::1]x/",
            Profile::Xri2,
            "ip-literal-trailing",
            &["\":\"", "\"/\"", "\"?\"", "\"#\""],
            11,
        ),
        // Unclosed brackets: the closing one where the component ends.
        (
            "xri://@a/(b",
            Profile::Xri2,
            "xref-unclosed",
            &["\")\""],
            11,
        ),
        (
            "http://[::1",
            Profile::Rfc3986,
            "ip-literal-unclosed",
            &["\"]\""],
            11,
        ),
        // XRI sites.
        (
            "xri://a:8x/",
            Profile::Xri2,
            "port-invalid",
            &["DIGIT", "\"/\"", "\"?\"", "\"#\""],
            9,
        ),
        (
            "//g",
            Profile::Xri2,
            "relative-network-path",
            &["xri-segment-nz", "\"?\"", "\"#\""],
            1,
        ),
        (
            "*(+x)/y",
            Profile::Xri2,
            "relative-leading-xref",
            &["xri-pchar-nc"],
            1,
        ),
        (
            "xri://@a/b(c)",
            Profile::Xri2,
            "xref-missing-delimiter",
            &["\"*\"", "\"!\"", "\"/\"", "\"?\"", "\"#\""],
            10,
        ),
        (
            "xri://@a/(c)d",
            Profile::Xri2,
            "xref-trailing-chars",
            &["\"*\"", "\"!\"", "\"/\"", "\"?\"", "\"#\""],
            12,
        ),
        // The WWW draft's grammar.
        (
            "1http://a/",
            Profile::Rfc1630,
            "www-scheme-start",
            &["alpha"],
            0,
        ),
        (
            "://a/",
            Profile::Rfc1630,
            "www-scheme-missing",
            &["alpha"],
            0,
        ),
        (
            "http://a/%zz",
            Profile::Rfc1630,
            "www-bad-escape",
            &["hex"],
            10,
        ),
        (
            "http://a/<b>",
            Profile::Rfc1630,
            "www-punctuation-char",
            &["xpalpha", "\"/\"", "\"?\"", "\"#\""],
            9,
        ),
        (
            "http://a/b?c+<",
            Profile::Rfc1630,
            "www-punctuation-char",
            &["xalpha", "\"+\"", "\"#\""],
            13,
        ),
        (
            "http://a/?",
            Profile::Rfc1630,
            "www-search-term-empty",
            &["xalpha"],
            10,
        ),
    ];
    for (input, p, code, want, at) in cases {
        let (_, diags) = specs::parse(*p, input);
        let Some(d) = diags.iter().find(|d| d.code.as_str() == *code) else {
            panic!("{input} under {}: no {code} in {diags:?}", p.name());
        };
        assert_eq!(&d.expected, want, "{input} under {}: {d:?}", p.name());
        assert_eq!(d.expected_at, Some(*at), "{input}: {d:?}");
        for e in &d.expected {
            if !e.starts_with('"') {
                assert!(
                    rules::grammar(*p).get(e).is_some(),
                    "{input}: {e} is no rule of {}",
                    p.name()
                );
            }
        }
    }
}

#[test]
fn scanner_errors_always_carry_expected() {
    // The errors raised where a scanner stops on a byte it cannot take: every occurrence over
    // the shipped examples, under every profile, says what was expected.
    let codes = [
        "illegal-char",
        "pct-invalid",
        "port-not-digits",
        "scheme-start",
        "ipv6-bad-char",
        "nid-char",
        "nss-char",
        "pct-malformed",
        "char-not-allowed",
        "pgcs-subsegment-missing",
        // Counts, empty components, unclosed brackets, XRI sites, the WWW draft.
        "nid-too-short",
        "nid-end",
        "ipv6-too-many-groups",
        "ipv6-too-few-groups",
        "ipv6-group-too-long",
        "ipv6-multiple-double-colon",
        "ipv6-bad-ipv4",
        "ip-literal-unclosed",
        "ip-literal-invalid",
        "ipvfuture-invalid",
        "q-component-empty",
        "r-component-empty",
        "query-empty",
        "directive-empty",
        "keyword-empty",
        "keyword-syntax",
        "directive-no-equals",
        "component-delim",
        "nss-start",
        "not-a-urn",
        "xref-unclosed",
        "port-invalid",
        "relative-network-path",
        "relative-leading-xref",
        "xref-missing-delimiter",
        "xref-trailing-chars",
        "iprivate-not-allowed",
        "www-bad-escape",
        "www-char-not-allowed",
        "www-national-char",
        "www-punctuation-char",
        "www-scheme-start",
        "www-scheme-missing",
        "www-search-term-empty",
        "nid-empty",
        "nss-missing",
        "nss-empty",
        "q-component-start",
        "r-component-start",
        "relative-first-subsegment-empty",
        "segment-nz-empty",
        "ip-literal-empty",
        "ip-literal-trailing",
    ];
    let mut seen = 0;
    for e in idbench::idsets::all() {
        for p in Profile::ALL {
            let (_, diags) = specs::parse(p, &e.id);
            for d in diags {
                if codes.contains(&d.code.as_str()) {
                    seen += 1;
                    assert!(!d.expected.is_empty(), "{} under {}: {d:?}", e.id, p.name());
                }
            }
        }
    }
    assert!(seen > 20, "only {seen} scanner errors in the examples");
}

#[test]
fn expected_in_cli_text_and_json() {
    let o = support::cli::run(&["parse", "http://[::1x]/"], b"");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("= expected HEXDIG, \":\", \".\" or \"]\" after \"::1\""),
        "{out}"
    );
    assert!(
        out.contains("start rule: URI, one of URI-reference = URI / relative-ref"),
        "{out}"
    );
    let o = support::cli::run(
        &["parse", "--no-namespace", "-f", "json", "1", "urn:ab:c d"],
        b"",
    );
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(lines[0]["start_rule"]["rule"], "relative-ref");
    assert_eq!(lines[0]["start_rule"]["within"], "URI-reference");
    assert_eq!(lines[1]["diagnostics"][0]["expected"][0], "pchar");
    assert_eq!(lines[1]["diagnostics"][0]["expected_at"], 8);
}

/// The grammar reference cites each rule to the document that prints it (issue: RFC 8141
/// §2 ends at `f-component`; `alphanum` is RFC 3986 Appendix D.2's obsolete rule), lists
/// RFC 2141 §2.4's `<excluded>`, and lists core rules only where the grammar uses them.
#[test]
fn productions_are_cited_to_the_text_that_prints_them() {
    let g = rules::grammar(Profile::Rfc8141);
    for (name, cite) in [
        ("NID", "RFC 8141 §2"),
        ("f-component", "RFC 8141 §2"),
        ("fragment", "RFC 3986 §3.5"),
        ("pchar", "RFC 3986 §3.3"),
        ("pct-encoded", "RFC 3986 §2.1"),
        ("unreserved", "RFC 3986 §2.3"),
        ("sub-delims", "RFC 3986 §2.2"),
        ("alphanum", "RFC 3986 Appendix D.2"),
    ] {
        let p = g.get(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(p.citation(), cite, "{name}");
        assert!(!p.printed.contains("RFC5234"), "{name}: {}", p.printed);
    }
    assert_eq!(
        g.get("alphanum").and_then(|p| p.reading),
        Some("alphanum = ALPHA / DIGIT")
    );
    let excluded = rules::grammar(Profile::Rfc2141)
        .get("excluded")
        .expect("excluded");
    assert_eq!(excluded.citation(), "RFC 2141 §2.4");
    let v = rules::grammar(Profile::Rfc2141bis)
        .get("v-subdels")
        .expect("v-subdels");
    assert!(
        v.printed.contains("; and for <query>, as per RFC 3986"),
        "{}",
        v.printed
    );
    let h16 = rules::grammar(Profile::Rfc3986).get("h16").expect("h16");
    assert!(
        h16.printed.contains("; 16 bits of address"),
        "{}",
        h16.printed
    );
    // "As printed" is what the XRI text prints, damage included; the repair is the reading.
    let v6 = rules::grammar(Profile::Xri2)
        .get("IPv6address")
        .expect("IPv6address");
    assert!(v6.printed.contains("1s32") && v6.reading.is_some_and(|r| !r.contains("1s32")));
    assert!(
        !v6.printed.contains("/ [               h16 ]"),
        "{}",
        v6.printed
    );
    for p in [
        Profile::Rfc3986,
        Profile::Rfc3987,
        Profile::Rfc8141,
        Profile::Xri2,
    ] {
        for core in ["CTL", "DQUOTE", "SP"] {
            assert!(rules::grammar(p).get(core).is_none(), "{p} lists {core}");
        }
    }
    // Every ABNF production's text as read (the `@reading`, else the printed text) is
    // plain ABNF, `name = definition`, so an ABNF reader can load it (`alphanum`'s printed
    // text is a table row; its reading is the rule).
    for p in Profile::ALL {
        for r in rules::grammar(p).productions() {
            if r.notation != rules::Notation::Abnf {
                continue;
            }
            let t = r.text();
            let (name, def) = t.split_once('=').unwrap_or(("", ""));
            assert!(
                name.trim().eq_ignore_ascii_case(r.name) && !def.trim().is_empty(),
                "{p} {}: {t:?}",
                r.name
            );
        }
    }
}
