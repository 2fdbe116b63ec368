//! `idbench grammar check|parse|diff|gen`: any ABNF grammar on the command line, with the
//! ABNF engine (`engine::abnf`), its output shapes, exit codes and limits.

mod support;

use std::path::Path;

use idbench::engine::abnf::{Grammar, ParseOptions};
use serde_json::Value;
use support::cli::{Out, run};

/// A file under tests/data.
fn data(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
        .display()
        .to_string()
}

/// RFC 8141's ABNF as printed.
fn rfc8141() -> String {
    data("abnf/rfc8141.abnf")
}

/// A private scratch directory of this test, removed on drop.
struct Scratch(support::scratch::Scratch);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        Scratch(support::scratch::Scratch::new(&format!("gcli-{tag}")))
    }
    fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        p.display().to_string()
    }
}

fn go(args: &[&str]) -> Out {
    run(args, b"")
}

/// Each stdout line as JSON.
fn lines(o: &Out) -> Vec<Value> {
    o.text()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object()
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

#[test]
fn parse_counts_rfc8141s_derivations() {
    let g = rfc8141();
    let o = go(&[
        "grammar",
        "parse",
        &g,
        "--start",
        "namestring",
        "--format",
        "json",
        // The rules only: the tree's shape below is RFC 8141's rules.
        "--fold",
        "urn:ex:abc",
        "urn:example:a?+b?=c",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let v = lines(&o);
    assert_eq!(v.len(), 2);
    let mut want = vec![
        "diagnostics",
        "input",
        "other_trees",
        "parses",
        "parses_capped",
        "tree",
        "valid",
    ];
    want.sort_unstable();
    let mut have = keys(&v[0]);
    have.sort_unstable();
    assert_eq!(have, want);
    assert_eq!(v[0]["parses"], 1);
    assert_eq!(v[0]["other_trees"].as_array().map(Vec::len), Some(0));
    assert_eq!(v[1]["parses"], 2);
    assert_eq!(v[1]["parses_capped"], false);
    assert_eq!(v[1]["other_trees"].as_array().map(Vec::len), Some(1));
    // The trees, in parse's node shape, with the grammar's rule names: `b?=c` as the
    // r-component in one, `b` and `c` as r- and q-component in the other.
    let root = &v[1]["tree"];
    let mut node_keys = keys(root);
    node_keys.sort_unstable();
    assert_eq!(
        node_keys,
        ["attrs", "children", "end", "kind", "rule", "start", "text"]
    );
    assert_eq!(root["rule"], "namestring");
    assert_eq!(root["end"], 19);
    let rq = |t: &Value| t["children"][1]["children"].clone();
    assert_eq!(rq(root)[0]["rule"], "r-component");
    assert_eq!(rq(root)[0]["text"], "b?=c");
    let other = &v[1]["other_trees"][0];
    assert_eq!(rq(other)[0]["text"], "b");
    assert_eq!(rq(other)[1]["rule"], "q-component");
}

#[test]
fn parse_reports_where_an_input_fails_and_what_was_expected() {
    let g = rfc8141();
    let o = go(&[
        "grammar",
        "parse",
        &g,
        "--start",
        "namestring",
        "-f",
        "json",
        "urn:ex:a^b",
    ]);
    assert_eq!(o.code, Some(1));
    let v = &lines(&o)[0];
    assert_eq!(v["valid"], false);
    assert_eq!(v["parses"], 0);
    assert!(v["tree"].is_null());
    let d = &v["diagnostics"][0];
    assert_eq!(d["code"], "grammar-no-match");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["start"], 8);
    assert_eq!(d["expected_at"], 8);
    let expected: Vec<&str> = d["expected"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(expected.contains(&"\"/\"") && expected.contains(&"end of input"));
    // The text form says the same.
    let o = go(&[
        "grammar",
        "parse",
        &g,
        "--start",
        "namestring",
        "urn:ex:a^b",
    ]);
    assert_eq!(o.code, Some(1));
    assert!(o.text().contains("error[grammar-no-match]"), "{}", o.text());
    assert!(o.text().contains("expected: "), "{}", o.text());
}

#[test]
fn parse_reads_stdin_lines_and_inputs_after_double_dash() {
    let s = Scratch::new("stdin");
    let g = s.file("opt.abnf", "opt = \"-\" 1*ALPHA\n");
    let o = go(&[
        "grammar", "parse", &g, "--start", "opt", "-f", "json", "--", "-ab",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(lines(&o)[0]["input"], "-ab");
    let o = run(
        &["grammar", "parse", &g, "--start", "opt", "-f", "json", "-"],
        b"-x\n-yz\r\nnope\n",
    );
    assert_eq!(o.code, Some(1));
    let v = lines(&o);
    let got: Vec<(&str, bool)> = v
        .iter()
        .map(|x| (x["input"].as_str().unwrap_or(""), x["valid"] == true))
        .collect();
    assert_eq!(got, [("-x", true), ("-yz", true), ("nope", false)]);
}

#[test]
fn parse_counts_ambiguity_left_recursion_and_infinity() {
    let o = go(&[
        "grammar",
        "parse",
        &data("grammar/expr.abnf"),
        "--start",
        "E",
        "-f",
        "json",
        "a+a+a+a",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let v = &lines(&o)[0];
    assert_eq!(v["parses"], 5);
    assert_eq!(v["other_trees"].as_array().map(Vec::len), Some(3));
    let s = Scratch::new("inf");
    let g = s.file("loop.abnf", "A = A / \"a\"\n");
    let o = go(&["grammar", "parse", &g, "--start", "A", "-f", "json", "a"]);
    let v = &lines(&o)[0];
    assert_eq!(v["parses"], "infinite");
    assert_eq!(v["diagnostics"][0]["code"], "grammar-infinite-parses");
    // Empty ambiguity is a note, not a second parse.
    let g = s.file("empty.abnf", "s = a \"x\"\na = b / c\nb = \"\"\nc = \"\"\n");
    let o = go(&["grammar", "parse", &g, "--start", "s", "-f", "json", "x"]);
    let v = &lines(&o)[0];
    assert_eq!(v["parses"], 1);
    assert_eq!(v["diagnostics"][0]["code"], "grammar-empty-ambiguity");
    assert_eq!(v["diagnostics"][0]["severity"], "note");
}

#[test]
fn parse_refuses_an_unusable_grammar_or_start_rule_with_exit_2() {
    let s = Scratch::new("unusable");
    let bad = s.file("bad.abnf", "a = b\n");
    let o = go(&["grammar", "parse", &bad, "--start", "a", "x"]);
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("undefined-rule"), "{}", o.stderr);
    let o = go(&["grammar", "parse", &rfc8141(), "--start", "nid2", "x"]);
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("no rule named `nid2`"), "{}", o.stderr);
    assert!(o.stderr.contains("NID"), "nearest names: {}", o.stderr);
}

#[test]
fn a_deep_tree_is_written_without_recursion() {
    let s = Scratch::new("deep");
    let g = s.file("left.abnf", "a = a \"x\" / \"\"\n");
    let input = "x".repeat(30_000);
    let o = go(&["grammar", "parse", &g, "--start", "a", "-f", "json", &input]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let text = o.text();
    assert_eq!(text.matches("\"rule\":\"a\"").count(), 30_001);
    assert!(
        text.trim_end()
            .ends_with("\"other_trees\":[],\"diagnostics\":[]}")
    );
    assert_eq!(text.matches('{').count(), text.matches('}').count());
    assert_eq!(text.matches('[').count(), text.matches(']').count());
    let o = go(&["grammar", "parse", &g, "--start", "a", &input]);
    assert_eq!(o.code, Some(0));
    assert!(
        o.text().contains("[depth 30000] a 0..0"),
        "deepest node named with its depth"
    );
}

/// `grammar parse` writes its one-line trees to the open file it was given, not to a file
/// of its own: after what that file held, at its offset, and in append mode at its end.
#[test]
fn parse_writes_into_the_open_file_it_was_handed() {
    use std::io::{Seek, Write};
    let s = Scratch::new("stdout");
    let input = format!("urn:example:{}", "a1%41/".repeat(2_000));
    let grammar = rfc8141();
    let args = [
        "grammar",
        "parse",
        &grammar,
        "--start",
        "namestring",
        "-f",
        "json",
        &input,
    ];
    let want = go(&args);
    assert_eq!(want.code, Some(0), "{}", want.stderr);
    assert!(want.stdout.len() > 100_000, "{}", want.stdout.len());
    for append in [false, true] {
        let path = s.0.join(format!("out-{append}.json"));
        std::fs::write(&path, "first\n").unwrap_or_else(|e| panic!("{e}"));
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .append(append)
            .open(&path)
            .unwrap_or_else(|e| panic!("{e}"));
        // Without append mode the output starts at the handle's offset: after "first\n".
        file.seek(std::io::SeekFrom::End(0))
            .unwrap_or_else(|e| panic!("{e}"));
        file.flush().unwrap_or_else(|e| panic!("{e}"));
        let status = support::cli::idbench()
            .args(args)
            .stdout(file)
            .status()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(status.code(), Some(0));
        let got = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&got[..6], b"first\n", "append: {append}");
        assert!(got[6..] == want.stdout[..], "append: {append}");
    }
}

#[test]
fn untrusted_text_is_escaped_in_text_output() {
    let s = Scratch::new("escape");
    let g = s.file("any.abnf", "any = *%x00-10FFFF\n");
    let o = go(&[
        "grammar",
        "parse",
        &g,
        "--start",
        "any",
        "a\u{1b}[31mb\u{202e}c",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let out = o.text();
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{202e}'),
        "{out}"
    );
    assert!(out.contains("⟨U+001B⟩"), "{out}");
    let name = s.file("e\u{1b}]0;x\u{7}.abnf", "x = \"a\"\n");
    let o = go(&["grammar", "check", &format!("{name}.missing")]);
    assert_eq!(o.code, Some(2));
    assert!(!o.stderr.contains('\u{1b}'), "{}", o.stderr);
    assert!(o.stderr.contains("⟨U+001B⟩"), "{}", o.stderr);
}

#[test]
fn check_lists_errors_and_notes_with_their_lines() {
    let o = go(&[
        "grammar",
        "check",
        &data("grammar/problems.abnf"),
        "--format",
        "json",
    ]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    let v = lines(&o);
    assert_eq!(v.len(), 1, "one object on one line");
    let mut k = keys(&v[0]);
    k.sort_unstable();
    assert_eq!(k, ["problems", "rules"]);
    let rules: Vec<&str> = v[0]["rules"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert_eq!(
        rules,
        ["top", "item", "word", "extra", "lonely", "island", "islet"]
    );
    let problems: Vec<(String, String, u64, String)> = v[0]["problems"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    let mut pk = keys(p);
                    pk.sort_unstable();
                    assert_eq!(
                        pk,
                        ["code", "column", "line", "message", "rule", "severity"]
                    );
                    (
                        p["code"].as_str().unwrap_or("").to_string(),
                        p["severity"].as_str().unwrap_or("").to_string(),
                        p["line"].as_u64().unwrap_or(0),
                        p["rule"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let has = |code: &str, sev: &str, line: u64, rule: &str| {
        problems
            .iter()
            .any(|p| p.0 == code && p.1 == sev && p.2 == line && p.3 == rule)
    };
    assert!(has("undefined-rule", "error", 3, "numbr"), "{problems:?}");
    assert!(
        has("rule-defined-twice", "error", 5, "word"),
        "{problems:?}"
    );
    assert!(
        has("incremental-before-definition", "error", 6, "extra"),
        "{problems:?}"
    );
    assert!(has("unused-rule", "note", 8, "lonely"), "{problems:?}");
    assert!(has("unreachable-rule", "note", 9, "island"), "{problems:?}");
    // Text: FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE, and a summary on stderr.
    let o = go(&["grammar", "check", &data("grammar/problems.abnf")]);
    assert_eq!(o.code, Some(1));
    assert!(
        o.text()
            .contains("problems.abnf:5:1: error[rule-defined-twice]: "),
        "{}",
        o.text()
    );
    assert!(o.stderr.contains("3 errors"), "{}", o.stderr);
    // A clean grammar: exit 0, no problem.
    let o = go(&["grammar", "check", &rfc8141(), "-f", "json"]);
    assert_eq!(o.code, Some(0), "{}", o.text());
    assert_eq!(lines(&o)[0]["problems"], Value::Array(Vec::new()));
}

#[test]
fn check_refuses_files_the_config_rules_refuse() {
    let s = Scratch::new("files");
    // Missing, a device, a directory, over 1 MiB, not UTF-8: exit 2, the path named.
    let big = s.file(
        "big.abnf",
        &format!("a = \"x\"\n;{}\n", "x".repeat(1 << 20)),
    );
    let latin1 = s.0.join("latin1.abnf");
    std::fs::write(&latin1, b"a = \"\xe9\"\n").unwrap_or_else(|e| panic!("{e}"));
    let latin1 = latin1.display().to_string();
    let dir = s.0.display().to_string();
    for path in [
        "/nonexistent/g.abnf",
        "/dev/zero",
        dir.as_str(),
        big.as_str(),
        latin1.as_str(),
    ] {
        let o = go(&["grammar", "check", path]);
        assert_eq!(o.code, Some(2), "{path}: {}", o.stderr);
        assert!(o.stderr.contains(path), "{path}: {}", o.stderr);
    }
    // A FIFO is refused without waiting for a writer.
    let fifo = s.0.join("g.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|st| st.success());
    if made {
        let o = go(&["grammar", "check", &fifo.display().to_string()]);
        assert_eq!(o.code, Some(2));
        assert!(o.stderr.contains("not a regular file"), "{}", o.stderr);
    }
    // More than 10,000 rules: an error (exit 1), not a crash.
    let many: String = (0..10_001).map(|i| format!("r{i} = \"a\"\n")).collect();
    let g = s.file("many.abnf", &many);
    let o = go(&["grammar", "check", &g, "-f", "json"]);
    assert_eq!(o.code, Some(1));
    assert!(o.text().contains("\"too-many-rules\""), "{}", o.stderr);
}

#[test]
fn hostile_grammars_do_not_crash() {
    let s = Scratch::new("hostile");
    let deep = format!("a = {}\"x\"{}\n", "(".repeat(100_000), ")".repeat(100_000));
    let g = s.file("deep.abnf", &deep);
    let o = go(&["grammar", "check", &g]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let o = go(&["grammar", "parse", &g, "--start", "a", "x", "y"]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    let o = go(&["grammar", "gen", &g, "--start", "a"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(o.text(), "x\nX\n");
    let unclosed = s.file("unclosed.abnf", &format!("a = {}\n", "(".repeat(100_000)));
    let o = go(&["grammar", "check", &unclosed]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    let o = go(&["grammar", "gen", &unclosed, "--start", "a"]);
    assert_eq!(o.code, Some(2));
    // Huge repetition counts: generation stays within its bounds.
    let g = s.file("huge.abnf", "a = 100000\"x\" / 3*99999(\"y\" / a)\n");
    let o = go(&[
        "grammar",
        "gen",
        &g,
        "--start",
        "a",
        "--invalid",
        "-f",
        "json",
    ]);
    assert!(matches!(o.code, Some(0 | 1)), "{}", o.stderr);
    assert!(lines(&o).iter().all(|v| {
        v["input"]
            .as_str()
            .is_some_and(|i| i.chars().count() <= 256)
    }));
}

/// The generated examples, parsed back with the library.
fn gen_inputs(args: &[&str]) -> Vec<String> {
    let o = go(args);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    lines(&o)
        .iter()
        .map(|v| v["input"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn gen_examples_are_accepted_and_near_misses_rejected() {
    let g = rfc8141();
    let text = std::fs::read_to_string(&g).unwrap_or_else(|e| panic!("{e}"));
    let grammar = Grammar::from_text(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let accepts = |s: &str| {
        grammar
            .parse("namestring", s, &ParseOptions::default())
            .is_ok_and(|p| p.valid)
    };
    let args = [
        "grammar",
        "gen",
        g.as_str(),
        "--start",
        "namestring",
        "--count",
        "40",
        "-f",
        "json",
    ];
    let valid = gen_inputs(&args);
    assert_eq!(valid.len(), 40);
    assert!(valid.iter().all(|s| accepts(s)), "{valid:?}");
    // At the bounds: an NID of 32 characters (the most `NID` allows).
    assert!(
        valid
            .iter()
            .any(|s| s.split(':').nth(1).is_some_and(|n| n.len() == 32)),
        "{valid:?}"
    );
    let mut inv_args = args.to_vec();
    inv_args.push("--invalid");
    let invalid = gen_inputs(&inv_args);
    assert_eq!(invalid.len(), 40);
    assert!(invalid.iter().all(|s| !accepts(s)), "{invalid:?}");
    // Past the bounds: an NID of 33 characters.
    assert!(
        invalid
            .iter()
            .any(|s| s.split(':').nth(1).is_some_and(|n| n.len() == 33)),
        "{invalid:?}"
    );
    // Deterministic.
    assert_eq!(gen_inputs(&args), valid);
    // Each alternative of a rule.
    let s = Scratch::new("gen");
    let alt = s.file("alt.abnf", "t = %s\"ab\" / \"cd\" / 2DIGIT\n");
    let o = go(&["grammar", "gen", &alt, "--start", "t"]);
    assert_eq!(o.code, Some(0));
    for want in ["ab", "cd", "00", "99", "CD"] {
        assert!(o.text().lines().any(|l| l == want), "{want}: {}", o.text());
    }
    let o = go(&["grammar", "gen", &alt, "--start", "t", "--invalid"]);
    assert!(o.text().lines().any(|l| l == "AB"), "{}", o.text());
}

fn diff_json(args: &[&str]) -> (Option<i32>, Value) {
    let o = go(args);
    let v = lines(&o).into_iter().next().unwrap_or(Value::Null);
    (o.code, v)
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn diff_finds_what_a_widened_nss_accepts_that_rfc8141_does_not() {
    let mine = data("grammar/nss-caret.abnf");
    let (code, v) = diff_json(&[
        "grammar",
        "diff",
        &mine,
        "--profile",
        "rfc8141",
        "--start",
        "namestring",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(1));
    let mut k = keys(&v);
    k.sort_unstable();
    assert_eq!(k, ["both", "neither", "only_a", "only_b"]);
    let only_a = strings(&v["only_a"]);
    assert!(!only_a.is_empty());
    for s in &only_a {
        let nss = s.splitn(3, ':').nth(2).unwrap_or("");
        assert!(nss.contains('^'), "{s}");
    }
    assert_eq!(strings(&v["only_b"]), Vec::<String>::new());
    assert!(v["both"].as_u64().unwrap_or(0) > 0);
    assert!(v["neither"].as_u64().unwrap_or(0) > 0);
    // The sides in the other order: the same inputs, under only_b.
    let (code, w) = diff_json(&[
        "grammar",
        "diff",
        "--profile",
        "rfc8141",
        &mine,
        "--start",
        "namestring",
        "-f",
        "json",
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(strings(&w["only_b"]), only_a);
    assert!(strings(&w["only_a"]).is_empty());
}

#[test]
fn diff_of_a_grammar_and_its_own_profile_agrees_and_reads_a_corpus() {
    let s = Scratch::new("diff");
    let corpus = s.file("corpus.txt", "urn:example:a^b\nurn:ex:abc\nnot a urn\n");
    let (code, v) = diff_json(&[
        "grammar",
        "diff",
        &rfc8141(),
        "--profile",
        "rfc8141",
        "--start",
        "namestring",
        "--corpus",
        &corpus,
        "--generate",
        "30",
        "-f",
        "json",
    ]);
    assert_eq!(code, Some(0));
    assert!(strings(&v["only_a"]).is_empty() && strings(&v["only_b"]).is_empty());
    // Only the corpus: one accepted by both, two by neither.
    let (code, v) = diff_json(&[
        "grammar",
        "diff",
        &data("grammar/nss-caret.abnf"),
        "--profile",
        "rfc8141",
        "--start",
        "namestring",
        "--corpus",
        &corpus,
        "--generate",
        "0",
        "-f",
        "json",
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(strings(&v["only_a"]), ["urn:example:a^b"]);
    assert_eq!(
        (v["both"].as_u64(), v["neither"].as_u64()),
        (Some(1), Some(1))
    );
    // --start2 names the second side's start rule; a BNF profile cannot be a side.
    let (code, _) = diff_json(&[
        "grammar",
        "diff",
        &rfc8141(),
        "--profile",
        "rfc3986",
        "--start",
        "namestring",
        "--start2",
        "URI",
        "--generate",
        "5",
        "-f",
        "json",
    ]);
    assert_eq!(code, Some(1));
    // Without --start2, a profile that has no rule of that name starts from its own.
    let o = go(&[
        "grammar",
        "diff",
        &rfc8141(),
        "--profile",
        "rfc3986",
        "--start",
        "namestring",
        "--generate",
        "5",
    ]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(o.stderr.contains("rule URI-reference"), "{}", o.stderr);
    let o = go(&[
        "grammar",
        "diff",
        &rfc8141(),
        "--profile",
        "rfc2141",
        "--start",
        "namestring",
        "--generate",
        "20",
        "--format",
        "json",
    ]);
    // RFC 2141 prints BNF: its side is our ABNF transcription of it, from its own start
    // rule. RFC 2141 admits a one-character NID, which RFC 8141 does not.
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(o.stderr.contains("rule URN"), "{}", o.stderr);
    let v: Value = serde_json::from_str(o.text().trim()).expect("one JSON object");
    assert!(
        strings(&v["only_b"])
            .iter()
            .any(|s| s.to_ascii_lowercase().starts_with("urn:a:")),
        "{v}"
    );
    let o = go(&["grammar", "diff", &rfc8141(), "--start", "namestring"]);
    assert_eq!(o.code, Some(2), "one side only is a usage error");
}

#[test]
fn every_grammar_subcommand_help_states_output_and_exit_codes() {
    for cmd in ["check", "parse", "diff", "gen"] {
        let out = go(&["grammar", cmd, "--help"]).text();
        assert!(out.contains("Exit codes:"), "{cmd}: {out}");
        assert!(
            out.contains("Output (text)") && out.contains("Output (json)"),
            "{cmd}: {out}"
        );
    }
    assert!(go(&["grammar", "--help"]).text().contains("Exit codes:"));
}

/// A syntax error is listed before the errors it causes (an unclosed `[` leaves its rule
/// undefined, and the undefined rule is used on an earlier line), in text and in JSON,
/// each with its line and column.
#[test]
fn check_lists_syntax_errors_first() {
    let s = Scratch::new("syntax-first");
    let g = s.file(
        "unclosed.abnf",
        "urn = \"urn:\" nid \":\" nss\nnss = *ALPHA [ \"?\" ALPHA\nnid = 1*ALPHA\n",
    );
    let o = go(&["grammar", "check", &g]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let first = text
        .find(":2:14: error[abnf-syntax]")
        .expect("the syntax error");
    let second = text
        .find(":1:22: error[undefined-rule]")
        .expect("the undefined rule");
    assert!(first < second, "syntax errors first: {text}");
    let o = go(&["grammar", "check", &g, "--format", "json"]);
    let v = lines(&o);
    let at: Vec<(&str, u64, u64)> = v[0]["problems"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    (
                        p["code"].as_str().unwrap_or(""),
                        p["line"].as_u64().unwrap_or(0),
                        p["column"].as_u64().unwrap_or(0),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        at,
        [("abnf-syntax", 2, 14), ("undefined-rule", 1, 22)],
        "{}",
        v[0]
    );
}
