//! The grammar compiler (`engine::abnf`'s automaton, issue 36): the compiled engine and the
//! Earley engine agree on the verdict, the first offending byte and the expected set, over
//! every shipped grammar (the built-in profiles' ABNF, the namespace grammars, the lab's
//! test grammars) on generated inputs and near misses; RFC 5234's semantics (quoted strings
//! case-insensitive, `%s`/`%i`, code-point ranges as UTF-8, repetition bounds); hostile
//! grammars get a refusal and the Earley fallback, never a hang; and `check --grammar`
//! keeps the `check` contract, and agrees with `check --profile` over the corpora except
//! where a listed cause explains it.

#[path = "../src/test_scratch.rs"]
mod scratch;

#[path = "abnf_agree/causes.rs"]
mod causes;
#[path = "abnf_agree/shipped.rs"]
mod shipped;

use std::io::Write as _;
use std::process::{Command, Stdio};

use idbench::engine::abnf::r#gen::{GenOptions, generate};
use idbench::engine::abnf::{EXPECTED_PREFIX, Engine, Grammar, NotCompiled};
use idbench::engine::namespaces::catalogue;
use proptest::prelude::*;
use serde_json::Value;

/// A grammar to hold the engines to: its name, the grammar and its start rule.
struct Shipped {
    name: String,
    grammar: Grammar,
    text: String,
    start: String,
}

fn shipped() -> Vec<Shipped> {
    let mut out = Vec::new();
    for p in causes::profiles() {
        let (Some(text), Some(abnf)) = (causes::grammar_text(p), p.descriptor().abnf) else {
            continue;
        };
        let grammar = Grammar::from_text(&text).unwrap_or_else(|e| panic!("{}: {e:?}", p.name()));
        out.push(Shipped {
            name: p.name().to_string(),
            grammar,
            text,
            start: abnf.start.to_string(),
        });
    }
    for ns in catalogue::ALL {
        let mut grammar =
            Grammar::from_text(ns.grammar).unwrap_or_else(|e| panic!("{}: {e:?}", ns.name));
        for r in ns.rest_prose {
            grammar.bind_prose_rest(r);
        }
        out.push(Shipped {
            name: format!("namespace {}", ns.name),
            grammar,
            text: ns.grammar.to_string(),
            start: ns.start.to_string(),
        });
    }
    for (name, text, start) in [
        (
            "tests/data/abnf/rfc8141.abnf",
            include_str!("data/abnf/rfc8141.abnf"),
            "namestring",
        ),
        (
            "tests/data/abnf/rfc3986.abnf",
            include_str!("data/abnf/rfc3986.abnf"),
            "URI-reference",
        ),
        (
            "tests/data/grammar/nss-caret.abnf",
            include_str!("data/grammar/nss-caret.abnf"),
            "namestring",
        ),
        (
            "tests/data/grammar/expr.abnf",
            include_str!("data/grammar/expr.abnf"),
            "E",
        ),
    ] {
        let grammar = Grammar::from_text(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        out.push(Shipped {
            name: name.to_string(),
            grammar,
            text: text.to_string(),
            start: start.to_string(),
        });
    }
    out
}

use shipped::{PROBES, near_misses};

/// The two engines on one input: same verdict, first offending byte and expected set.
fn agree(s: &Shipped, judge: &idbench::engine::abnf::Judge, input: &str) {
    let mut scratch = None;
    let fast = judge.verdict(&s.grammar, &mut scratch, input);
    let slow = s.grammar.earley_verdict_of(&s.start, input);
    match (fast, slow) {
        (Ok(f), Ok(e)) => {
            assert_eq!(f.valid, e.valid, "{}: verdict on {input:?}", s.name);
            let (ff, ef) = (f.failure, e.failure);
            assert_eq!(
                ff.as_ref().map(|x| x.offset),
                ef.as_ref().map(|x| x.offset),
                "{}: first offending byte of {input:?}",
                s.name
            );
            // The automaton's tagged NFA names the expected set at any offset; without it,
            // the Earley engine on a prefix of at most `EXPECTED_PREFIX` bytes.
            let anywhere = judge
                .automaton()
                .is_some_and(idbench::engine::abnf::Automaton::gives_expected);
            if anywhere || ff.as_ref().is_some_and(|x| x.offset <= EXPECTED_PREFIX) {
                assert_eq!(ff, ef, "{}: expected set on {input:?}", s.name);
            }
        }
        (f, e) => assert_eq!(f.is_ok(), e.is_ok(), "{}: {input:?}", s.name),
    }
}

/// Every shipped grammar that reaches no recursion compiles; the two engines agree on the
/// generator's examples (valid ones and near misses) and on near misses of those.
#[test]
fn compiled_and_earley_engines_agree_on_every_shipped_grammar() {
    let mut compiled = Vec::new();
    for s in shipped() {
        let judge = s
            .grammar
            .judge(&s.start)
            .unwrap_or_else(|e| panic!("{}: {e}", s.name));
        if judge.automaton().is_some() {
            compiled.push(s.name.clone());
        } else {
            println!("{}: {:?}", s.name, judge.not_compiled());
        }
        let inputs = shipped::generated(&s.text, &s.start);
        for input in &inputs {
            agree(&s, &judge, input);
        }
    }
    for must in [
        "rfc3986",
        "rfc3987",
        "rfc8141",
        "tests/data/abnf/rfc8141.abnf",
    ] {
        assert!(
            compiled.iter().any(|c| c == must),
            "{must} compiles: {compiled:?}"
        );
    }
    // Every namespace grammar but ISO's, whose `isodefined` is prose idbench cannot read
    // (the layer keeps the Earley engine, and its length limit, for that one).
    for ns in catalogue::ALL {
        let name = format!("namespace {}", ns.name);
        assert_eq!(
            compiled.contains(&name),
            ns.name != "iso",
            "{name}: {compiled:?}"
        );
    }
}

/// Past `EXPECTED_PREFIX` bytes the automaton still names the expected set, and it is
/// the Earley engine's: on every compiled shipped grammar, a generated valid input pumped
/// past 4,096 bytes (a character repeated where the grammar repeats it) and near misses
/// at its end; and on long URIs and URNs written out.
#[test]
fn the_expected_set_holds_past_the_prefix_limit() {
    let mut long = 0;
    for s in shipped() {
        let judge = s.grammar.judge(&s.start).expect("start rule");
        let Some(a) = judge.automaton() else { continue };
        assert!(a.gives_expected(), "{}: the tagged NFA compiles", s.name);
        let opts = GenOptions {
            count: 6,
            max_len: 24,
            ..GenOptions::default()
        };
        let Ok(g) = generate(&s.text, &s.start, &opts) else {
            continue;
        };
        'found: for v in g.valid.iter().map(|e| e.input.as_str()) {
            for at in (0..=v.len()).rev().filter(|&i| v.is_char_boundary(i)) {
                for c in ['a', '0', '1', '/', '.', '-', 'A'] {
                    let mut x = v.to_string();
                    x.insert_str(at, &c.to_string().repeat(EXPECTED_PREFIX + 40));
                    let ok = judge.verdict(&s.grammar, &mut None, &x).expect("judged");
                    if !ok.valid {
                        continue;
                    }
                    let end = at + EXPECTED_PREFIX + 40;
                    let mut probes = vec![x.clone(), format!("{x}\u{7f}")];
                    for p in ['~', '"', 'é', '%'] {
                        let mut y = x.clone();
                        y.insert(end, p);
                        probes.push(y);
                    }
                    for y in &probes {
                        agree(&s, &judge, y);
                        long += 1;
                    }
                    break 'found;
                }
            }
        }
    }
    for (name, input) in [
        ("rfc8141", format!("urn:example:{}\"", "a".repeat(5000))),
        (
            "rfc8141",
            format!("urn:example:{}?=q#f#", "a%41".repeat(1500)),
        ),
        ("rfc3986", format!("http://h/{}\"x", "a/".repeat(2600))),
        ("rfc3986", format!("http://h/{}#f#", "a/".repeat(2600))),
        ("namespace example", format!("{}~b", "a".repeat(6000))),
    ] {
        let s = shipped()
            .into_iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("{name} is shipped"));
        let judge = s.grammar.judge(&s.start).expect("start rule");
        let mut scratch = None;
        let v = judge
            .verdict(&s.grammar, &mut scratch, &input)
            .expect("judged");
        let f = v.failure.unwrap_or_else(|| panic!("{name}: invalid"));
        assert!(f.offset > EXPECTED_PREFIX, "{name}: {}", f.offset);
        assert!(!f.expected.is_empty(), "{name}: an expected set");
        agree(&s, &judge, &input);
        long += 1;
    }
    assert!(long > 30, "{long} long inputs compared");
}

/// `Grammar::judge_prose_as_nothing` (the batch namespace layer's judge): ISO's grammar,
/// whose `isodefined` is prose, compiles, and on every namespace grammar the automaton
/// agrees with the Earley engine (verdict, first offending byte, expected set, prose
/// included). A prose value read after a byte would move the first offending byte: the
/// Earley engine judges such a grammar.
#[test]
fn prose_read_as_nothing_compiles_where_it_changes_no_answer() {
    for s in shipped()
        .into_iter()
        .filter(|s| s.name.starts_with("namespace "))
    {
        let judge = s
            .grammar
            .judge_prose_as_nothing(&s.start)
            .expect("start rule");
        assert!(
            judge.automaton().is_some(),
            "{}: {:?}",
            s.name,
            judge.not_compiled()
        );
        // ISO's NSS forms the generator rarely reaches, with their near misses.
        let iso: &[&str] = if s.name == "namespace iso" {
            &[
                "std:iso:8601:-1:ed-3:en:tech:x",
                "std:iso:8601:ed-3:v1:en,fr:amd:1:v2",
                "std:iso:8601:clause:3.1",
            ]
        } else {
            &[]
        };
        let inputs = shipped::generated_with(&s.text, &s.start, iso);
        for input in &inputs {
            agree(&s, &judge, input);
        }
    }
    for (text, compiles) in [
        ("s = \"a\" / p\np = <anything>\n", true),
        ("s = \"a\" [p] \"b\"\np = <anything>\n", true),
        ("s = \"a\" <anything> / \"b\"\n", false),
        ("s = \"a\" p / \"b\"\np = <anything>\n", false),
        ("s = p\np = <anything>\n", false),
    ] {
        let (g, _) = compile_judge(text, "s");
        let j = g.judge_prose_as_nothing("s").expect("start rule");
        assert_eq!(
            j.automaton().is_some(),
            compiles,
            "{text}: {:?}",
            j.not_compiled()
        );
        let s = Shipped {
            name: text.into(),
            grammar: g,
            text: text.into(),
            start: "s".into(),
        };
        for input in ["", "a", "b", "ab", "ax", "abc", "c"] {
            agree(&s, &j, input);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Random strings over the probes and the letters, under RFC 8141's ABNF and a
    /// namespace grammar: the engines agree.
    #[test]
    fn the_engines_agree_on_arbitrary_strings(
        which in 0usize..4,
        prefix in prop::sample::select(vec!["", "urn:", "urn:ex:", "urn:example:a", "1.", "isbn:"]),
        tail in prop::collection::vec(prop::sample::select(PROBES.to_vec()), 0..12),
    ) {
        static GRAMMARS: std::sync::OnceLock<Vec<Shipped>> = std::sync::OnceLock::new();
        let all = GRAMMARS.get_or_init(|| {
            shipped()
                .into_iter()
                .filter(|s| {
                    ["rfc8141", "rfc3986", "namespace oid", "namespace example"].contains(&s.name.as_str())
                })
                .collect()
        });
        let s = &all[which % all.len()];
        let judge = s.grammar.judge(&s.start).expect("start rule");
        let input: String = prefix.chars().chain(tail).collect();
        agree(s, &judge, &input);
    }
}

fn compile_judge(text: &str, start: &str) -> (Grammar, idbench::engine::abnf::Judge) {
    let g = Grammar::from_text(text).unwrap_or_else(|e| panic!("{e:?}"));
    let j = g.judge(start).expect("start rule");
    (g, j)
}

/// RFC 5234 and RFC 7405 exactly: quoted strings match ASCII letters in either case,
/// `%s` only as written, `%i` either; numeric values and ranges are code points (UTF-8
/// in the input); repetition bounds as written; an empty repetition and options.
#[test]
fn the_automaton_keeps_abnf_semantics() {
    let text = "s = \"aB\" %s\"Cd\" %i\"eF\" %xA0-D7FF 2*3DIGIT [\"x\"] 0*0\"q\" %x10000-10FFFF\n";
    let (g, j) = compile_judge(text, "s");
    assert!(j.automaton().is_some(), "{:?}", j.not_compiled());
    let s = Shipped {
        name: "semantics".into(),
        grammar: g,
        text: text.into(),
        start: "s".into(),
    };
    for (input, valid) in [
        ("abCdef\u{a0}12\u{10000}", true),
        ("ABCdEF\u{d7ff}123x\u{10ffff}", true),
        ("abcdef\u{a0}12\u{10000}", false), // %s"Cd" is case-sensitive
        ("abCdef\u{e000}12\u{10000}", false), // past the range
        ("abCdef\u{a0}1\u{10000}", false),  // 2*3DIGIT
        ("abCdef\u{a0}1234\u{10000}", false),
        ("abCdef\u{a0}12q\u{10000}", false), // 0*0"q"
        ("abCdef\u{a0}12", false),
    ] {
        let mut scratch = None;
        let v = j.verdict(&s.grammar, &mut scratch, input).expect("judged");
        assert_eq!(v.valid, valid, "{input:?}");
        assert_eq!(v.engine, Engine::Automaton);
        agree(&s, &j, input);
    }
    // The first offending byte is a character's first byte: `é` (two bytes) where
    // "a" / "b" was expected.
    let (g, j) = compile_judge("s = \"x\" %x100-10F\n", "s");
    let mut scratch = None;
    let v = j.verdict(&g, &mut scratch, "x\u{111}").expect("judged");
    assert_eq!(v.failure.map(|f| f.offset), Some(1));
}

/// Hostile grammars: refused for compilation with a reason (and judged by the Earley
/// engine), or compiled into a lazy DFA whose memory is its bounded cache.
#[test]
fn hostile_grammars_are_refused_or_bounded() {
    // Recursion: the Earley engine judges.
    let (g, j) = compile_judge("E = E \"+\" E / \"a\"\n", "E");
    assert!(matches!(j.not_compiled(), Some(NotCompiled::Recursive(r)) if r == "E"));
    let mut scratch = None;
    let v = j.verdict(&g, &mut scratch, "a+a+").expect("judged");
    assert_eq!((v.valid, v.engine), (false, Engine::Earley));
    // Prose values are refused.
    let (_, j) = compile_judge("s = \"a\" <anything>\n", "s");
    assert!(matches!(j.not_compiled(), Some(NotCompiled::Prose(_))));
    // Huge repetition bounds: the NFA would be too large.
    let (g, j) = compile_judge("s = 100000*100000(\"abc\" / \"def\" / %x100-10FFFF)\n", "s");
    assert!(
        matches!(j.not_compiled(), Some(NotCompiled::TooLarge(_))),
        "{:?}",
        j.not_compiled()
    );
    let v = j.verdict(&g, &mut None, "abc").expect("judged");
    assert!(!v.valid);
    // Rules that double at every level: the inlined expression would be 2^40 nodes.
    let mut text = String::from("r0 = \"a\" / \"b\"\n");
    for i in 1..=40 {
        text.push_str(&format!("r{i} = r{} r{}\n", i - 1, i - 1));
    }
    let text = format!("s = r40\n{text}");
    let (_, j) = compile_judge(&text, "s");
    assert!(matches!(j.not_compiled(), Some(NotCompiled::TooLarge(_))));
    // Deep nesting: 5,000 nested groups of alternatives (a group of one element is no
    // nesting at all once compiled, and compiles).
    let text = format!(
        "s = {}\"a\"{}\n",
        "(\"b\" / ".repeat(5000),
        ")".repeat(5000)
    );
    let (g, j) = compile_judge(&text, "s");
    assert!(
        matches!(j.not_compiled(), Some(NotCompiled::TooLarge(_))),
        "{:?}",
        j.not_compiled()
    );
    assert!(j.verdict(&g, &mut None, "a").expect("judged").valid);
    let text = format!("s = {}\"a\"{}\n", "(".repeat(5000), ")".repeat(5000));
    let (g, j) = compile_judge(&text, "s");
    assert!(j.verdict(&g, &mut None, "a").expect("judged").valid);
    // A DFA that would explode (the 20th character from the end is "a"): compiled, its
    // states built lazily in a bounded cache, judged on 256 KiB of input.
    let (g, j) = compile_judge("s = *(\"a\" / \"b\") \"a\" 20(\"a\" / \"b\")\n", "s");
    let a = j.automaton().expect("compiles");
    let mut input = String::new();
    let mut x: u32 = 12345;
    for _ in 0..(256 * 1024) {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        input.push(if x >> 16 & 1 == 0 { 'a' } else { 'b' });
    }
    let want = input.as_bytes()[input.len() - 21] == b'a';
    let mut scratch = a.scratch();
    assert_eq!(a.is_match(&mut scratch, &input), want);
    assert!(a.memory_usage() < 16 << 20);
    let mut scratch = None;
    assert_eq!(
        j.verdict(&g, &mut scratch, &input).expect("judged").valid,
        want
    );
}

// ---------------------------------------------------------------------------------------
// check --grammar

fn idbench(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn idbench");
    let mut sin = child.stdin.take().expect("stdin");
    let data = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = sin.write_all(data.as_bytes());
    });
    let out = child.wait_with_output().expect("idbench ran");
    let _ = writer.join();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_file(name: &str, text: &str) -> scratch::ScratchFile {
    scratch::file("abnf-compiled", name, text)
}

const WORD: &str = "word = 1*ALPHA \"-\" 2DIGIT\n";

#[test]
fn check_grammar_text_json_files_stdin_and_quiet() {
    let g = temp_file("word.abnf", WORD);
    let g = g.to_str().expect("utf-8 path");
    let lines = "abc-12\n\nab-1x\n9\n";
    let (code, out, err) = idbench(&["check", "--grammar", g, "--start", "word"], lines);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        "valid\tlab\tabc-12\nskipped\tlab\t\ninvalid\tlab\tab-1x\tgrammar-no-match\ninvalid\tlab\t9\tgrammar-no-match\n"
    );
    assert_eq!(err, "1 valid, 2 invalid, 1 blank line skipped\n");
    let (_, out, _) = idbench(
        &[
            "check",
            "--grammar",
            g,
            "--start",
            "word",
            "--format",
            "json",
        ],
        lines,
    );
    let recs: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(recs.len(), 4);
    assert_eq!(recs[0]["profile"], "lab");
    assert_eq!(recs[0]["valid"], true);
    assert_eq!(recs[0]["error"], Value::Null);
    assert_eq!(recs[1]["skipped"], "blank");
    assert_eq!(recs[2]["first_error"], "grammar-no-match");
    assert_eq!(
        recs[2]["error"],
        serde_json::json!({"code": "grammar-no-match", "start": 4, "end": 5, "expected": ["DIGIT"]})
    );
    assert_eq!(recs[3]["error"]["expected"], serde_json::json!(["ALPHA"]));
    // Files: FILE:LINE.
    let f = temp_file("ids.txt", lines);
    let f = f.to_str().expect("utf-8 path");
    let (_, out, _) = idbench(&["check", "--grammar", g, "--start", "word", f], "");
    assert!(
        out.starts_with(&format!(
            "{f}:1: valid\tlab\tabc-12\n{f}:2: skipped\tlab\t\n"
        )),
        "{out}"
    );
    let (_, out, _) = idbench(
        &[
            "check",
            "--grammar",
            g,
            "--start",
            "word",
            "--format",
            "json",
            f,
        ],
        "",
    );
    assert!(
        out.lines()
            .all(|l| l.contains(&format!("\"file\":\"{f}\""))),
        "{out}"
    );
    // Quiet: the summary alone.
    let (code, out, err) = idbench(&["check", "--grammar", g, "--start", "word", "-q"], lines);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err, "1 valid, 2 invalid, 1 blank line skipped\n");
}

#[test]
fn check_grammar_jobs_keep_the_order() {
    let g = temp_file("urn.abnf", include_str!("data/abnf/rfc8141.abnf"));
    let g = g.to_str().expect("utf-8 path");
    let mut lines = String::new();
    for i in 0..60_000 {
        match i % 5 {
            0 => lines.push_str(&format!("urn:example:a{i}\n")),
            1 => lines.push_str(&format!("urn:x:{i}%zz\n")),
            2 => lines.push('\n'),
            3 => lines.push_str(&format!("urn:isbn:{i}?+r?=q#f\n")),
            _ => lines.push_str(&format!("urn:{i}\n")),
        }
    }
    let args = |jobs: &'static str| {
        vec![
            "check",
            "--grammar",
            g,
            "--start",
            "namestring",
            "--format",
            "json",
            "--jobs",
            jobs,
        ]
    };
    let (c1, one, _) = idbench(&args("1"), &lines);
    let (c4, four, _) = idbench(&args("4"), &lines);
    assert_eq!((c1, c4), (1, 1));
    assert_eq!(one.lines().count(), 60_000);
    assert!(one == four, "--jobs 4 writes what --jobs 1 does");
}

#[test]
fn check_grammar_with_errors_exits_2_naming_them_and_recursive_grammars_run() {
    let g = temp_file("bad.abnf", "x = y \"a\"\n");
    let g = g.to_str().expect("utf-8 path");
    let (code, out, err) = idbench(&["check", "--grammar", g, "--start", "x"], "a\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("error[undefined-rule]") && err.contains("`y`"),
        "{err}"
    );
    let (code, _, err) = idbench(&["check", "--grammar", g, "--start", "nope"], "a\n");
    assert_eq!(code, 2, "{err}");
    let g = temp_file("expr.abnf", "E = E \"+\" E / \"a\"\n");
    let g = g.to_str().expect("utf-8 path");
    let (code, out, _) = idbench(
        &["check", "--grammar", g, "--start", "E", "--format", "json"],
        "a+a+a\na+\n",
    );
    assert_eq!(code, 1);
    let recs: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(recs[0]["valid"], true);
    assert_eq!(
        recs[1]["error"],
        serde_json::json!({"code": "grammar-no-match", "start": 2, "end": 2, "expected": ["\"a\""]})
    );
    let (code, _, err) = idbench(
        &[
            "check",
            "--grammar",
            g,
            "--start",
            "E",
            "--profile",
            "rfc3986",
        ],
        "a\n",
    );
    assert_eq!(code, 2, "{err}");
}

/// `check --grammar` with XRI 2.0's ABNF on the workbench's nested XRI (62 KB of
/// cross-references nested 250 deep), which the grammar reads in quadratically many ways:
/// valid, as one `iauthority` (a match of the start rule's regular subset), where the line
/// was `grammar-over-budget` after the whole work budget; a shallow near miss keeps the
/// Earley parser's first offending byte.
#[test]
fn check_grammar_judges_the_nested_xri_by_the_regular_subset() {
    let xri2 = causes::profiles()
        .into_iter()
        .find(|p| p.name() == "xri2")
        .and_then(causes::grammar_text)
        .expect("XRI 2.0's grammar");
    let g = temp_file("xri2.abnf", &xri2);
    let g = g.to_str().expect("utf-8 path");
    let nested = format!("{}=b{}", "=a*(".repeat(250), ")".repeat(250)).repeat(50);
    let shallow = format!("{}=b^{}", "=a*(".repeat(3), ")".repeat(3));
    let (code, out, err) = idbench(
        &[
            "check",
            "--grammar",
            g,
            "--start",
            "xri-value",
            "--format",
            "json",
        ],
        &format!("{nested}\n{shallow}\n{nested}^\n"),
    );
    assert_eq!(code, 1, "{err}");
    let recs: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[0]["valid"], true, "{}", recs[0]["error"]);
    assert_eq!(recs[0]["error"], Value::Null);
    assert_eq!(recs[1]["valid"], false);
    assert_eq!(recs[1]["error"]["code"], "grammar-no-match");
    assert_eq!(recs[1]["error"]["start"], 14);
    assert!(
        recs[1]["error"].get("message").is_none(),
        "{}",
        recs[1]["error"]
    );
    // The near miss: over the recognizer's work and the parser's budget, refused at its
    // `^` by the grammar's regular bounds; what was expected there is not known, and the
    // record says so rather than show an empty list alone.
    let e = &recs[2]["error"];
    assert_eq!(recs[2]["valid"], false);
    assert_eq!(e["code"], "grammar-no-match");
    assert_eq!(
        (e["start"].as_u64(), e["end"].as_u64()),
        (Some(62_600), Some(62_601))
    );
    assert_eq!(e["expected"], serde_json::json!([]));
    assert!(
        e["message"]
            .as_str()
            .is_some_and(|m| m.contains("is not known")),
        "{e}"
    );
}

/// Each ABNF profile's grammar text, given to `check --grammar`, against `check --profile`
/// over the identifier sets and generated inputs: every line whose verdict differs is
/// explained by a listed cause (`tests/abnf_agree/causes.rs`). The 1,000,000-line run of
/// the same comparison is `scripts/check-grammar-scale.sh`.
#[test]
fn check_grammar_with_each_profiles_abnf_agrees_with_check_profile() {
    let sets = idbench::idsets::all();
    for p in causes::profiles() {
        let Some(checker) = causes::Checker::new(p) else {
            panic!("{}: no grammar", p.name());
        };
        let mut lines: Vec<String> = sets
            .iter()
            .map(|e| e.id.clone())
            .filter(|s| !s.is_empty() && !s.contains('\n') && !s.contains('\r'))
            .collect();
        let opts = GenOptions {
            count: 60,
            max_len: 48,
            ..GenOptions::default()
        };
        if let Ok(g) = generate(&checker.text, checker.start, &opts) {
            for (i, e) in g.valid.iter().chain(g.invalid.iter()).enumerate() {
                if !e.input.contains('\n') && !e.input.contains('\r') && !e.input.is_empty() {
                    lines.push(e.input.clone());
                    lines.extend(
                        near_misses(&e.input, i)
                            .into_iter()
                            .filter(|s| !s.is_empty() && !s.contains(['\n', '\r'])),
                    );
                }
            }
        }
        let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let g = temp_file(&format!("{}.abnf", p.name()), &checker.text);
        let g = g.to_str().expect("utf-8 path");
        let (_, lab, err) = idbench(
            &[
                "check",
                "--grammar",
                g,
                "--start",
                checker.start,
                "--format",
                "json",
            ],
            &input,
        );
        assert!(!lab.is_empty(), "{}: {err}", p.name());
        let (_, hand, _) = idbench(
            &["check", "--profile", p.name(), "--format", "json"],
            &input,
        );
        let (lab, hand): (Vec<&str>, Vec<&str>) = (lab.lines().collect(), hand.lines().collect());
        assert_eq!(lab.len(), lines.len(), "{}", p.name());
        assert_eq!(hand.len(), lines.len(), "{}", p.name());
        let mut unexplained = Vec::new();
        for ((l, h), text) in lab.iter().zip(&hand).zip(&lines) {
            let l: Value = serde_json::from_str(l).expect("json");
            let h: Value = serde_json::from_str(h).expect("json");
            if l["valid"] == h["valid"] {
                continue;
            }
            let d = causes::Disagreement {
                input: text.clone(),
                hand: h["valid"] == true,
                abnf: l["valid"] == true,
            };
            if checker.explain(&d).is_empty() {
                unexplained.push(d);
            }
        }
        assert!(
            unexplained.is_empty(),
            "{}: {} lines differ with no listed cause: {:#?}",
            p.name(),
            unexplained.len(),
            &unexplained[..unexplained.len().min(10)]
        );
    }
}

/// The same comparison at scale, over the corpora of `scripts/check-grammar-scale.sh`
/// (which runs it with `IDBENCH_SCALE_DIR` set to a folder of `KIND.txt` corpora, in a
/// release build): for each ABNF profile, `check --grammar` with the profile's grammar text
/// against `check --profile` over its family's corpus; every differing line is printed,
/// and any that no listed cause explains fails the run.
#[test]
#[ignore = "a run over 1,000,000-line corpora: scripts/check-grammar-scale.sh"]
fn scale_check_grammar_against_check_profile() {
    let Ok(dir) = std::env::var("IDBENCH_SCALE_DIR") else {
        panic!("IDBENCH_SCALE_DIR: a folder of corpora (uri.txt, iri.txt, urn.txt, xri.txt)");
    };
    let dir = std::path::PathBuf::from(dir);
    let only = std::env::var("IDBENCH_SCALE_PROFILES").unwrap_or_default();
    let mut unexplained_total = 0usize;
    for (p, kind) in [
        ("rfc3986", "uri"),
        ("rfc3987", "iri"),
        ("rfc2141bis", "urn"),
        ("rfc8141", "urn"),
        ("xri2", "xri"),
    ] {
        if !only.is_empty() && !only.split(',').any(|o| o == p) {
            continue;
        }
        let profile: idbench::engine::Profile = p.parse().expect("profile");
        let checker = causes::Checker::new(profile).expect("grammar");
        let corpus = dir.join(format!("{kind}.txt"));
        let corpus_s = corpus.to_str().expect("utf-8 path");
        let g = dir.join(format!("{p}.abnf"));
        std::fs::write(&g, &checker.text).expect("write grammar");
        let g = g.to_str().expect("utf-8 path");
        let t0 = std::time::Instant::now();
        let (_, lab, err) = idbench(
            &[
                "check",
                "--grammar",
                g,
                "--start",
                checker.start,
                "--format",
                "json",
                corpus_s,
            ],
            "",
        );
        let t_lab = t0.elapsed();
        assert!(!lab.is_empty(), "{p}: {err}");
        let t0 = std::time::Instant::now();
        let (_, hand, _) = idbench(&["check", "--profile", p, "--format", "json", corpus_s], "");
        let t_hand = t0.elapsed();
        let text = std::fs::read_to_string(&corpus).expect("corpus");
        let mut lines_n = 0usize;
        let mut differ = 0usize;
        let mut unexplained = 0usize;
        for ((l, h), input) in lab.lines().zip(hand.lines()).zip(text.lines()) {
            lines_n += 1;
            let l: Value = serde_json::from_str(l).expect("json");
            let h: Value = serde_json::from_str(h).expect("json");
            if l["valid"] == h["valid"] {
                continue;
            }
            differ += 1;
            let d = causes::Disagreement {
                input: input.to_string(),
                hand: h["valid"] == true,
                abnf: l["valid"] == true,
            };
            let why: Vec<&str> = checker.explain(&d).iter().map(|c| c.name).collect();
            if why.is_empty() {
                unexplained += 1;
            }
            println!(
                "{p}\tline {lines_n}\thand {}\tabnf {}\t{}\t{:?}",
                d.hand,
                d.abnf,
                if why.is_empty() {
                    "UNEXPLAINED".to_string()
                } else {
                    why.join(",")
                },
                input
            );
        }
        println!(
            "{p}: {lines_n} lines of {kind}.txt, {differ} differ, {unexplained} unexplained (check --grammar {:.2} s, check --profile {:.2} s, wall)",
            t_lab.as_secs_f64(),
            t_hand.as_secs_f64()
        );
        unexplained_total += unexplained;
    }
    assert_eq!(unexplained_total, 0, "lines differ with no listed cause");
}

/// Writes each ABNF profile's grammar text, as idbench reads it, to
/// `IDBENCH_SCALE_DIR/PROFILE.abnf` (for scripts/measure-grammar-compiled.sh).
#[test]
#[ignore = "a helper of scripts/measure-grammar-compiled.sh"]
fn write_profile_grammars() {
    let Ok(dir) = std::env::var("IDBENCH_SCALE_DIR") else {
        panic!("IDBENCH_SCALE_DIR: where to write the grammars");
    };
    for p in causes::profiles() {
        if let Some(text) = causes::grammar_text(p) {
            let path = std::path::Path::new(&dir).join(format!("{}.abnf", p.name()));
            std::fs::write(path, text).expect("write grammar");
        }
    }
}

/// `grammar parse` takes an input the automaton rejects from the automaton: its verdict and
/// error need no Earley work, so an Earley budget too small for the input does not stop it
/// (before: `grammar-over-budget`, exit 2). Valid inputs still get the Earley parse; one
/// over its budget keeps the automaton's verdict, with no count and no tree.
#[test]
fn grammar_parse_judges_a_rejected_input_by_the_automaton() {
    let g = temp_file("parse8141.abnf", include_str!("data/abnf/rfc8141.abnf"));
    let g = g.to_str().expect("utf-8 path");
    let bad = format!("urn:example:{}^", "a".repeat(2000));
    let (code, out, err) = idbench(
        &[
            "grammar",
            "parse",
            g,
            "--start",
            "namestring",
            "--format",
            "json",
            "--max-work",
            "100",
            "--",
            &bad,
        ],
        "",
    );
    assert_eq!(code, 1, "{out}{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["valid"], false);
    assert_eq!(v["diagnostics"][0]["code"], "grammar-no-match", "{out}");
    // Valid: the Earley parse, over this budget; the automaton's verdict stays.
    let (code, out, err) = idbench(
        &[
            "grammar",
            "parse",
            g,
            "--start",
            "namestring",
            "--max-work",
            "100",
            "urn:example:abc",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("valid as namestring: no count and no tree")
            && out.contains("warning[grammar-tree-over-budget]"),
        "{out}"
    );
}

/// `check --namespaces` judges by `namespaces::judge_nss` (the automaton, no grammar nodes):
/// the same verdict and findings as the layer of `analyze`, over each namespace's NSSs of
/// every length around the tree limit, valid ones and near misses.
#[test]
fn judge_nss_gives_the_layers_findings() {
    use idbench::engine::namespaces::{LAYER_MAX_NSS, LayerScratch, judge_nss, nss_verdict};
    use idbench::engine::{Options, Profile, analyze};
    let mut scratch = LayerScratch::new();
    let mut nsss: Vec<(&str, String)> = Vec::new();
    for ns in catalogue::ALL {
        let opts = GenOptions {
            count: 12,
            max_len: 40,
            ..GenOptions::default()
        };
        let mut grammar = Grammar::from_text(ns.grammar).expect("grammar");
        for r in ns.rest_prose {
            grammar.bind_prose_rest(r);
        }
        let mut base = shipped::generated_by(ns.grammar, ns.start, &opts);
        base.push("a".repeat(LAYER_MAX_NSS + 10));
        base.push(format!("{}^", "1".repeat(LAYER_MAX_NSS * 2)));
        for (i, b) in base.clone().iter().enumerate() {
            base.extend(near_misses(b, i));
        }
        for b in base {
            let nss = match ns.nss_prefix {
                Some(p) if !b.to_ascii_lowercase().starts_with(p) => format!("{p}{b}"),
                _ => b,
            };
            if !nss.is_empty() && !nss.contains(['?', '#', '\0', '\u{7f}', ' ', '"', '\\']) {
                nsss.push((ns.nid, nss));
            }
        }
    }
    // NIDs the registry does not list, or lists without a syntax idbench knows, and a NID
    // in upper case.
    for (nid, nss) in [
        ("nosuchnid", "abc"),
        ("X-Thing", "abc"),
        ("urn-99999", "abc"),
        ("urn-1", "abc"),
        ("UUID", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
        ("ISBN", "978-0-306-40615-8"),
    ] {
        nsss.push((nid, nss.to_string()));
    }
    let mut compared = 0;
    for (nid, nss) in &nsss {
        let urn = format!("urn:{nid}:{nss}");
        let opts = Options {
            profile: Some(Profile::Rfc8141),
            forms: false,
            all_profiles: false,
            namespace: true,
            scheme_spec: true,
            equivalence_key: false,
        };
        let a = analyze(&urn, &opts);
        let Some(layer) = a.namespace else { continue };
        let fast = judge_nss(nid, nss, 5 + nid.len());
        let key = |n: &idbench::engine::namespaces::NssAnalysis| {
            (
                n.valid,
                n.diagnostics
                    .iter()
                    .map(|d| {
                        (
                            d.code.as_str(),
                            d.severity,
                            d.span,
                            d.expected.clone(),
                            d.message.clone(),
                        )
                    })
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(key(&fast), key(&layer), "{urn}");
        // The batch verdict (`check --namespaces`): the same verdict, and the same findings
        // by severity, code and span, in the same order.
        let batch = nss_verdict(&mut scratch, nid, nss, 5 + nid.len());
        let spans: Vec<_> = layer
            .diagnostics
            .iter()
            .map(|d| (d.severity, d.code, d.span))
            .collect();
        assert_eq!(
            (batch.valid, &batch.findings),
            (layer.valid, &spans),
            "{urn}"
        );
        assert_eq!(batch.registration, layer.registration, "{urn}");
        assert_eq!(
            batch.namespace.map(|n| n.name),
            layer.namespace.map(|n| n.name),
            "{urn}"
        );
        compared += 1;
    }
    assert!(compared > 200, "{compared} compared");
}
