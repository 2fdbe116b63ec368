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
    let long = terms(30);
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
