//! `idbench grammar parse|diff` within their budgets: an input over the work budget or the
//! input cap gets no verdict and the error that says so (exit 2), the output stops before
//! 64 MiB, and `diff` stops at an input over a limit. Outcomes, never times.

mod support;

use serde_json::Value;
use support::cli::{Out, run};

/// A private scratch directory of this test, removed on drop.
struct Scratch(support::scratch::Scratch);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        Scratch(support::scratch::Scratch::new(&format!("glim-{tag}")))
    }
    fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        p.display().to_string()
    }
}

fn lines(o: &Out) -> Vec<Value> {
    o.text()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn terms(n: usize) -> String {
    vec!["a"; n].join("+")
}

const AMBIGUOUS: &str = "E = E \"+\" E / \"a\"\n";

#[test]
fn the_ambiguous_reproducer_ends_over_budget() {
    // 1,000 terms: before the budget, some 50 s and 5.4 GB in release.
    let s = Scratch::new("e1000");
    let g = s.file("e.abnf", AMBIGUOUS);
    let input = terms(1000);
    let o = run(
        &["grammar", "parse", &g, "--start", "E", "-f", "json", "-"],
        input.as_bytes(),
    );
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    let v = lines(&o);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["input"], input.as_str());
    assert_eq!(v[0]["valid"], Value::Null);
    assert_eq!(v[0]["parses"], Value::Null);
    assert_eq!(v[0]["diagnostics"][0]["code"], "grammar-over-budget");
    assert_eq!(v[0]["diagnostics"][0]["severity"], "error");
    let m = v[0]["diagnostics"][0]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(m.contains("too ambiguous") && m.contains("16000000"), "{m}");
}

#[test]
fn over_budget_inputs_do_not_hide_the_others() {
    let s = Scratch::new("mixed");
    let g = s.file("e.abnf", AMBIGUOUS);
    // Too ambiguous for the recognizer as well (past its linear work), so no verdict.
    let long = terms(300);
    let o = run(
        &[
            "grammar",
            "parse",
            &g,
            "--start",
            "E",
            "--max-work",
            "5000",
            "a+a+a",
            &long,
            "b",
        ],
        b"",
    );
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    let text = o.text();
    assert!(text.contains("valid as E: 2 parses"), "{text}");
    assert!(text.contains("no verdict as E"), "{text}");
    assert!(text.contains("error[grammar-over-budget]"), "{text}");
    assert!(text.contains("invalid as E"), "{text}");
    // Within the budget: exit 1 for the invalid one, as before.
    let o = run(&["grammar", "parse", &g, "--start", "E", "a+a", "b"], b"");
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    // The flag lowers the budget only.
    let o = run(
        &[
            "grammar",
            "parse",
            &g,
            "--start",
            "E",
            "--max-work",
            "16000001",
            "a",
        ],
        b"",
    );
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("max-work"), "{}", o.stderr);
}

/// An input whose parse runs out of its work but which the compiled start rule judges
/// keeps that verdict: XRI 2.0's ABNF reads the 62 KB nested XRI in quadratically many
/// ways (its `ireg-name` takes "(", ")" and the GCS characters), and it is one
/// `iauthority`, a match of the grammar's regular subset: valid, with no count and no tree
/// and the warning that says so (exit 0), where it had no verdict; its near miss is still
/// without one. A recursive grammar whose recognizer finishes keeps an invalid verdict
/// with the parse's error.
#[test]
fn over_the_work_budget_the_compiled_grammar_keeps_its_verdict() {
    let s = Scratch::new("kept");
    let xri2: String = idbench::engine::rules::grammar(idbench::engine::Profile::Xri2)
        .productions()
        .iter()
        .map(|p| format!("{}\n", p.text()))
        .collect();
    let g = s.file("xri2.abnf", &xri2);
    let nested = format!("{}=b{}", "=a*(".repeat(250), ")".repeat(250)).repeat(50);
    let args = [
        "grammar",
        "parse",
        &g,
        "--start",
        "xri-value",
        "-f",
        "json",
        "-",
    ];
    let o = run(&args, format!("{nested}\n").as_bytes());
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let v = lines(&o);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["input"], nested.as_str());
    assert_eq!(v[0]["valid"], true);
    assert_eq!(v[0]["parses"], Value::Null);
    assert_eq!(v[0]["tree"], Value::Null);
    let d = &v[0]["diagnostics"];
    assert_eq!(d.as_array().map(Vec::len), Some(1), "{d}");
    assert_eq!(d[0]["code"], "grammar-tree-over-budget");
    assert_eq!(d[0]["severity"], "warning");
    let text = run(
        &["grammar", "parse", &g, "--start", "xri-value", "-"],
        format!("{nested}\n").as_bytes(),
    );
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    assert!(
        text.text()
            .contains("valid as xri-value: no count and no tree")
            && text.text().contains("warning[grammar-tree-over-budget]"),
        "{}",
        text.text()
    );
    // The near miss: not in the subset, and too ambiguous for the recognizer; the
    // regular bounds refuse it at its `^`, with no expected set (the message says so).
    let o = run(&args, format!("{nested}^\n").as_bytes());
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    let v = lines(&o);
    assert_eq!(v[0]["valid"], false);
    let d = &v[0]["diagnostics"];
    assert_eq!(d.as_array().map(Vec::len), Some(1), "{d}");
    assert_eq!(d[0]["code"], "grammar-no-match");
    assert_eq!(d[0]["start"], nested.len());
    assert_eq!(d[0]["expected"], serde_json::json!([]));
    assert!(
        d[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("is not known")),
        "{d}"
    );
    // An ambiguous grammar on a short input, over a small budget: the recognizer judges.
    let e = s.file("e.abnf", AMBIGUOUS);
    let o = run(
        &[
            "grammar",
            "parse",
            &e,
            "--start",
            "E",
            "-f",
            "json",
            "--max-work",
            "300",
            "-",
        ],
        b"a+a+a+a+a+a+a+a+b\n",
    );
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    let v = lines(&o);
    assert_eq!(v[0]["valid"], false);
    assert_eq!(v[0]["parses"], 0);
    assert_eq!(v[0]["diagnostics"][0]["code"], "grammar-no-match");
    assert_eq!(v[0]["diagnostics"][0]["start"], 16);
}

#[test]
fn an_input_over_1_mib_is_refused_and_shown_cut() {
    let s = Scratch::new("big");
    let g = s.file("s.abnf", "s = *ALPHA\n");
    let mut stdin = "a".repeat((1 << 20) + 1);
    stdin.push_str("\nabc\n");
    let o = run(
        &["grammar", "parse", &g, "--start", "s", "-f", "json", "-"],
        stdin.as_bytes(),
    );
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    let v = lines(&o);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["diagnostics"][0]["code"], "grammar-input-too-large");
    assert_eq!(v[0]["valid"], Value::Null);
    let shown = v[0]["input"].as_str().unwrap_or_default();
    assert!(shown.len() < 300 && shown.contains('…'), "{shown}");
    assert_eq!(v[1]["valid"], true);
}

/// `grammar parse GRAMMAR --start s -f json --max-output CAP -` on `stdin`.
fn parse_json_capped(grammar: &str, cap: usize, stdin: &str) -> Out {
    let cap = cap.to_string();
    let args = [
        "grammar",
        "parse",
        grammar,
        "--start",
        "s",
        "-f",
        "json",
        "--max-output",
        &cap,
        "-",
    ];
    run(&args, stdin.as_bytes())
}

#[test]
fn a_record_of_exactly_the_cap_is_printed_and_one_byte_over_is_not() {
    // The record is counted from the tree's nodes before a byte of it is written: exactly
    // (at its length it is printed, a byte less and it is not), and a tree whose nodes
    // could not fit whatever they are stops its walk early (a cap far below it).
    let s = Scratch::new("cap-exact");
    let g = s.file("s.abnf", "s = *ALPHA\n");
    let line = format!("{}\n", "a".repeat(1_000));
    let parse = |cap: usize| parse_json_capped(&g, cap, &line);
    let whole = parse(1 << 20);
    assert_eq!(whole.code, Some(0), "{}", whole.stderr);
    let len = whole.stdout.len();
    assert!(len > 80_000, "{len}");
    let at = parse(len);
    assert_eq!((at.code, at.stdout.len()), (Some(0), len), "{}", at.stderr);
    for cap in [len - 1, len / 2, 1_000] {
        let o = parse(cap);
        assert_eq!(
            (o.code, o.stdout.len()),
            (Some(2), 0),
            "cap {cap}: {}",
            o.stderr
        );
    }
}

#[test]
fn the_output_stops_at_its_cap_with_whole_lines() {
    // The cap is 64 MiB (a hidden flag lowers it, to keep this test short): each 1,000-byte
    // line prints some 90 KB of JSON (a node per ALPHA), so the line whose output would pass
    // 400 KB is not printed, nor any after it.
    let s = Scratch::new("cap");
    let g = s.file("s.abnf", "s = *ALPHA\n");
    let line = "a".repeat(1_000);
    let stdin: String = (0..12).map(|_| format!("{line}\n")).collect();
    let o = parse_json_capped(&g, 400_000, &stdin);
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    assert!(o.stdout.len() <= 400_000, "{}", o.stdout.len());
    let v = lines(&o);
    assert!(!v.is_empty() && v.len() < 12, "{}", v.len());
    assert!(v.iter().all(|l| l["valid"] == true));
    assert!(
        o.stderr
            .contains(&format!("output stopped after {} inputs", v.len()))
            && o.stderr.contains("400000 bytes"),
        "{}",
        o.stderr
    );
    // The text output too.
    let args = [
        "grammar",
        "parse",
        &g,
        "--start",
        "s",
        "--max-output",
        "100000",
        "-",
    ];
    let o = run(&args, stdin.as_bytes());
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    assert!(o.stdout.len() <= 100_000, "{}", o.stdout.len());
    assert!(o.stderr.contains("output stopped after"), "{}", o.stderr);
    // The flag lowers the cap only.
    let o = run(
        &[
            "grammar",
            "parse",
            &g,
            "--start",
            "s",
            "--max-output",
            "67108865",
            "a",
        ],
        b"",
    );
    assert_eq!(o.code, Some(2));
}

#[test]
fn diff_stops_at_an_input_over_budget() {
    let s = Scratch::new("diff");
    let a = s.file("a.abnf", AMBIGUOUS);
    let b = s.file("b.abnf", "E = \"a\" *(\"+\" \"a\")\n");
    let corpus = s.file("corpus.txt", &format!("a+a\n{}\n", terms(30)));
    let o = run(
        &[
            "grammar",
            "diff",
            &a,
            &b,
            "--start",
            "E",
            "--corpus",
            &corpus,
            "--generate",
            "0",
            "--max-work",
            "5000",
        ],
        b"",
    );
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    assert!(o.stderr.contains("corpus input 2"), "{}", o.stderr);
    assert!(o.stderr.contains("over budget"), "{}", o.stderr);
    // Within the budget they agree.
    let o = run(
        &[
            "grammar",
            "diff",
            &a,
            &b,
            "--start",
            "E",
            "--corpus",
            &corpus,
            "--generate",
            "0",
        ],
        b"",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
}
