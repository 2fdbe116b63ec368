//! The scheme grammar files (issue 39): each file in `src/engine/schemes/abnf/` has the
//! header lines its README asks for, reads as ABNF with no error once RFC 3986's rules are
//! merged in (when it imports them), and judges every example its spec gives
//! (`tests/data/schemes/SCHEME.toml`) as the spec does. The judging goes through the ABNF
//! engine directly (`Grammar::from_text` and a `Judge`), not through the scheme layer, so a
//! bad grammar file fails here, never in a user's run.

use std::collections::BTreeMap;
use std::path::Path;

use idbench::engine::abnf::{self, Engine, Grammar, Severity};
use idbench::engine::schemes::grammars::GRAMMARS;

/// RFC 3986's grammar as the URI profile has it, with its `#` comments and `@` directives.
const RFC3986: &str = include_str!("../src/engine/specs/uri/rfc3986.abnf");

/// The schemes whose grammar and examples this round ships (http, https and mailto come
/// with the scheme layer).
const SCHEMES: &[&str] = &[
    "acct", "cid", "coap", "coaps", "data", "did", "dns", "file", "geo", "ldap", "mid", "ni",
    "nih", "pkg", "sip", "sips", "tag", "tel", "ws", "wss", "xmpp",
];

/// The start rules that do not compile to an automaton, so the Earley engine judges them:
/// each reaches a recursive rule. Listed so a change either way is seen.
const EARLEY: &[&str] = &[];

/// The header lines of a grammar file (`; key: value` before the first rule).
fn header(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("; ") else {
            if line.starts_with(';') || line.trim().is_empty() {
                continue;
            }
            break;
        };
        if let Some((k, v)) = rest.split_once(": ")
            && matches!(
                k,
                "scheme" | "document" | "section" | "source" | "start" | "import"
            )
        {
            out.insert(k.to_string(), v.trim().to_string());
        }
    }
    out
}

/// The name a rule definition line defines (`name =` or `name =/` at column 1).
fn defined_name(line: &str) -> Option<String> {
    let first = line.chars().next()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(line.len());
    let rest = line[end..].trim_start();
    rest.starts_with('=')
        .then(|| line[..end].to_ascii_lowercase())
}

/// The grammar text the layer reads for a scheme file: the file itself, then, with
/// `; import: rfc3986`, every rule of RFC 3986's grammar the file does not define (the
/// file's own definitions win), without that file's `#` and `@` lines.
fn merged(text: &str) -> String {
    if header(text).get("import").map(String::as_str) != Some("rfc3986") {
        return text.to_string();
    }
    let own: Vec<String> = text.lines().filter_map(defined_name).collect();
    let mut out = String::from(text);
    out.push('\n');
    let mut keep = true;
    for line in RFC3986.lines() {
        if line.starts_with('#') || line.starts_with('@') {
            continue;
        }
        if let Some(name) = defined_name(line) {
            keep = !own.contains(&name);
        }
        if keep || line.trim().is_empty() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn grammar_of(scheme: &str) -> (Grammar, String) {
    let (_, file, text) = GRAMMARS
        .iter()
        .find(|(s, _, _)| *s == scheme)
        .unwrap_or_else(|| panic!("no grammar row for {scheme}"));
    let start = header(text)
        .get("start")
        .cloned()
        .unwrap_or_else(|| panic!("{file}: no start line"));
    let g = Grammar::from_text(&merged(text)).unwrap_or_else(|e| panic!("{file}: {e:?}"));
    (g, start)
}

#[test]
fn every_grammar_file_has_its_header_and_reads_with_no_error() {
    for (scheme, file, text) in GRAMMARS {
        let h = header(text);
        assert_eq!(h.get("scheme").map(String::as_str), Some(*scheme), "{file}");
        assert_eq!(*file, format!("{scheme}.abnf"), "the row names its file");
        for key in ["document", "section", "source", "start"] {
            assert!(
                h.get(key).is_some_and(|v| !v.is_empty()),
                "{file}: no `; {key}:` line"
            );
        }
        if let Some(i) = h.get("import") {
            assert_eq!(i, "rfc3986", "{file}: the only import is rfc3986");
        }
        let start = &h["start"];
        let report = abnf::check(&merged(text), Some(start));
        let errors: Vec<_> = report
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{file}: {errors:?}");
        // Every warning is the one RFC 5234 §4 gives for the "§" of the `section:` line.
        for p in &report.problems {
            if p.severity == Severity::Warning {
                assert_eq!(p.code, abnf::codes::COMMENT_CHARACTER, "{file}: {p:?}");
                let line = merged(text)
                    .lines()
                    .nth(p.line - 1)
                    .unwrap_or("")
                    .to_string();
                assert!(line.starts_with("; section:"), "{file}: {p:?}");
            }
        }
        let g = Grammar::from_text(&merged(text)).expect("reads");
        assert!(g.has_rule(start), "{file}: start rule {start} is defined");
        // No prose value (which no parser can judge) but RFC 3986's own `path-empty =
        // 0<pchar>`, zero repetitions of one.
        for (rule, _) in g.prose_values() {
            assert_eq!(rule, "path-empty", "{file}: a prose value in {rule}");
        }
    }
}

#[test]
fn this_rounds_schemes_all_have_a_grammar_and_examples() {
    for scheme in SCHEMES {
        assert!(
            GRAMMARS.iter().any(|(s, _, _)| s == scheme),
            "no grammar row for {scheme}"
        );
        let path = format!(
            "{}/tests/data/schemes/{scheme}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        assert!(Path::new(&path).is_file(), "no examples file {path}");
    }
}

#[test]
fn the_start_rules_compile_to_automata_except_those_listed() {
    let mut earley = Vec::new();
    for (scheme, _, _) in GRAMMARS {
        let (g, start) = grammar_of(scheme);
        let judge = g.judge(&start).expect("start rule");
        if judge.automaton().is_none() {
            earley.push(*scheme);
        }
    }
    let mine: Vec<&str> = earley.into_iter().filter(|s| SCHEMES.contains(s)).collect();
    assert_eq!(mine, EARLEY, "schemes judged by the Earley engine");
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Examples {
    scheme: String,
    #[serde(default)]
    example: Vec<Example>,
    #[serde(default)]
    equivalent: Vec<Equivalent>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Example {
    input: String,
    valid: bool,
    section: String,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Equivalent {
    a: String,
    b: String,
    equal: bool,
    section: String,
    #[serde(default)]
    note: Option<String>,
}

fn examples(scheme: &str) -> Examples {
    let path = format!(
        "{}/tests/data/schemes/{scheme}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let ex: Examples = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(ex.scheme, scheme, "{path}");
    ex
}

#[test]
fn every_example_is_judged_as_its_spec_says() {
    let mut mismatches = Vec::new();
    let mut judged = 0;
    for scheme in SCHEMES {
        let ex = examples(scheme);
        assert!(!ex.example.is_empty(), "{scheme}: no examples");
        let (g, start) = grammar_of(scheme);
        let judge = g.judge(&start).expect("start rule");
        let mut scratch = judge.scratch();
        for e in &ex.example {
            assert!(
                !e.section.is_empty(),
                "{scheme}: {} has no section",
                e.input
            );
            let v = judge.verdict(&g, &mut scratch, &e.input).expect("judged");
            // The automaton and the Earley engine agree on every example.
            if v.engine == Engine::Automaton {
                let earley = g.earley_verdict_of(&start, &e.input).expect("judged");
                assert_eq!(
                    earley.valid, v.valid,
                    "{scheme}: engines differ on {}",
                    e.input
                );
            }
            judged += 1;
            if v.valid != e.valid {
                mismatches.push(format!(
                    "{scheme}: {} is {} by the grammar, {} by {} (failure {:?})",
                    e.input,
                    if v.valid { "valid" } else { "invalid" },
                    if e.valid { "valid" } else { "invalid" },
                    e.section,
                    v.failure
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert!(judged > 200, "{judged} examples");
}

#[test]
fn every_equivalence_pair_is_two_valid_uris_of_its_scheme() {
    // The pairs are for the scheme layer's ladder; here each side must at least be valid
    // under its scheme's grammar (a pair of the spec's that is not is said in its note
    // and left out of the file).
    let mut pairs = 0;
    for scheme in SCHEMES {
        let ex = examples(scheme);
        for q in &ex.equivalent {
            assert!(!q.section.is_empty());
            for side in [&q.a, &q.b] {
                let other = side.split(':').next().unwrap_or("").to_ascii_lowercase();
                let (g, start) = grammar_of(&other);
                let v = g
                    .judge(&start)
                    .expect("start")
                    .verdict(&g, &mut None, side)
                    .expect("judged");
                assert!(v.valid, "{scheme}: equivalence side {side} is invalid");
            }
            pairs += 1;
        }
    }
    assert!(pairs >= 40, "{pairs} pairs");
}

#[test]
fn a_merged_grammar_keeps_the_scheme_files_own_rules() {
    // sip.abnf is self-contained: its host is SIP's, which has no IPvFuture; file.abnf
    // imports RFC 3986's host, which has.
    let (sip, start) = grammar_of("sip");
    let v = sip
        .judge(&start)
        .expect("start")
        .verdict(&sip, &mut None, "sip:a@[v1.x]")
        .expect("judged");
    assert!(!v.valid, "SIP's host has no IPvFuture");
    let (file, start) = grammar_of("file");
    let v = file
        .judge(&start)
        .expect("start")
        .verdict(&file, &mut None, "file://[v1.x]/a")
        .expect("judged");
    assert!(v.valid, "RFC 3986's host, imported, has IPvFuture");
    // ws.abnf defines `path` (RFC 6455 §3: path-abempty), which wins over RFC 3986's
    // `path` (any of five path forms): "ws://h" "a" would need path-rootless.
    let text = merged(GRAMMARS.iter().find(|r| r.0 == "ws").expect("ws").2);
    assert_eq!(
        text.lines()
            .filter(|l| defined_name(l).as_deref() == Some("path"))
            .count(),
        1,
        "one definition of path"
    );
}

#[test]
fn pkg_judges_every_canonical_purl_of_purl_specs_suite_valid() {
    // The suite's expected canonical strings (validate and build tests) are PURLs as the
    // specification writes them; pkg.abnf, made from its prose, accepts each.
    let (g, start) = grammar_of("pkg");
    let judge = g.judge(&start).expect("start");
    let mut scratch = judge.scratch();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/purl-spec/tests");
    let mut n = 0;
    let mut invalid = Vec::new();
    for dir in ["spec", "types"] {
        for e in std::fs::read_dir(root.join(dir)).expect("vendored suite") {
            let path = e.expect("entry").path();
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
            for t in v["tests"].as_array().expect("tests") {
                let Some(out) = t["expected_output"].as_str() else {
                    continue;
                };
                n += 1;
                let verdict = judge.verdict(&g, &mut scratch, out).expect("judged");
                if !verdict.valid {
                    invalid.push(format!("{out}: {:?}", verdict.failure));
                }
            }
        }
    }
    assert!(n > 300, "{n}");
    assert!(invalid.is_empty(), "{}", invalid.join("\n"));
}

/// The sections a scheme's rungs may cite, by scheme: its own spec's (and, for `data`,
/// RFC 2045's media types, which RFC 2397 §3 takes).
fn cites(scheme: &str, spec: &str) -> bool {
    let docs: &[&str] = match scheme {
        "coap" | "coaps" => &["RFC 7252"],
        "data" => &["RFC 2045", "RFC 2397"],
        "dns" => &["RFC 4501"],
        "file" => &["RFC 8089"],
        "geo" => &["RFC 5870"],
        "ldap" => &["RFC 4516"],
        "ni" | "nih" => &["RFC 6920"],
        "pkg" => &["PURL specification"],
        "sip" | "sips" => &["RFC 3261 §19.1.4"],
        "tag" => &["RFC 4151"],
        "tel" => &["RFC 3966"],
        "ws" | "wss" => &["RFC 6455"],
        _ => &[],
    };
    docs.iter().any(|d| spec.starts_with(d))
}

/// Issue 39: every equivalence pair of the spec examples (`[[equivalent]]` in
/// tests/data/schemes/) is judged by `compare` (the generic ladder, then the scheme's
/// rungs) as its spec says: `equal = true` pairs equivalent, `equal = false` pairs not,
/// and every rung the scheme layer adds cites its scheme's section (RFC 3261 §19.1.4 for
/// SIP and SIPS, whose own examples of equivalent and non-equivalent URIs are here).
#[test]
fn every_equivalence_pair_is_judged_by_the_ladder_as_its_spec_says() {
    use idbench::engine::equiv::CompareOptions;
    use idbench::engine::equiv::compare;
    let mut wrong = Vec::new();
    let mut pairs = 0;
    for scheme in SCHEMES {
        for q in &examples(scheme).equivalent {
            pairs += 1;
            let v = compare(&q.a, &q.b, &CompareOptions::default());
            if v.equivalent != q.equal {
                let steps: Vec<String> = v
                    .steps
                    .iter()
                    .map(|s| format!("  {} ({}): {} | {}", s.name, s.spec, s.a, s.b))
                    .collect();
                wrong.push(format!(
                    "{scheme}: {} and {} are {} by the ladder, {} by {}\n{}",
                    q.a,
                    q.b,
                    if v.equivalent {
                        "equivalent"
                    } else {
                        "not equivalent"
                    },
                    if q.equal {
                        "equivalent"
                    } else {
                        "not equivalent"
                    },
                    q.section,
                    steps.join("\n")
                ));
            }
            // The scheme's rungs come after the generic ones, each citing its scheme's spec.
            let generic =
                idbench::engine::equiv::compare_with(&q.a, &q.b, &CompareOptions::default(), false);
            for s in v.steps.iter().skip(generic.steps.len()) {
                assert!(
                    cites(scheme, s.spec),
                    "{scheme}: the rung {:?} cites {:?}",
                    s.name,
                    s.spec
                );
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(pairs >= 45, "{pairs} pairs");
}
