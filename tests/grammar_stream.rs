//! `grammar parse --format json` walks its trees from the forest as it writes them (issue
//! 36: a 64 KiB URN's 150,000-node tree is no longer built, then serialized, then
//! written). The streamed writer must write byte for byte what the built trees gave:
//! compared here on every grammar under `tests/`, the built-in profiles' ABNF and a few
//! grammars made for the cases trees have (ambiguity and other trees, empty ambiguity,
//! infinitely many parses, prose, quoted strings), over generated inputs (valid ones and
//! near misses) and longer ones, with `--fold` and without (the lab's detailed trees).

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::path::Path;

use idbench::cli::grammar::render_parse_json;
use idbench::engine::Profile;
use idbench::engine::abnf::Grammar;
use idbench::engine::abnf::r#gen::{GenOptions, generate};

/// Both writers on one input, with and without `--fold`.
fn same(name: &str, text: &str, start: &str, input: &str) -> usize {
    let mut compared = 0;
    for fold in [false, true] {
        let built = render_parse_json(text, start, input, fold, true);
        let streamed = render_parse_json(text, start, input, fold, false);
        assert_eq!(
            streamed, built,
            "{name} from {start} on {input:?} (fold {fold}): the streamed JSON differs from the built trees'"
        );
        compared += usize::from(built.is_some());
    }
    compared
}

/// Every rule of `text` as a start rule (up to `max_rules`), on generated examples.
fn every_rule(name: &str, text: &str, max_rules: usize) -> usize {
    let Ok(g) = Grammar::from_text(text) else {
        return 0;
    };
    let opts = GenOptions {
        count: 8,
        max_len: 96,
        ..GenOptions::default()
    };
    let mut compared = 0;
    for rule in g.rules().iter().take(max_rules) {
        let Ok(made) = generate(text, rule, &opts) else {
            continue;
        };
        for e in made.valid.iter().chain(&made.invalid) {
            compared += same(name, text, rule, &e.input);
        }
        compared += same(name, text, rule, "");
    }
    compared
}

fn abnf_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            abnf_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "abnf") {
            out.push(p);
        }
    }
}

#[test]
fn the_streamed_trees_are_the_built_ones_on_every_grammar_under_tests() {
    let mut files = Vec::new();
    abnf_files(Path::new("tests"), &mut files);
    files.sort();
    assert!(files.len() >= 5, "grammars found: {files:?}");
    let core = std::fs::read_to_string("tests/data/abnf/core.abnf").expect("core.abnf");
    let mut compared = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read grammar");
        let name = f.display().to_string();
        compared += every_rule(&name, &text, 20);
        // The RFC files lean on the core rules.
        compared += every_rule(&name, &format!("{text}\n{core}"), 20);
    }
    assert!(compared > 500, "only {compared} outputs compared");
}

#[test]
fn the_streamed_trees_are_the_built_ones_on_the_profiles_grammars() {
    let mut compared = 0;
    for p in Profile::ALL {
        let Some(abnf) = p.descriptor().abnf else {
            continue;
        };
        let text = match abnf.text {
            Some(t) => t.to_string(),
            None => idbench::engine::rules::grammar(p)
                .productions()
                .iter()
                .map(|r| format!("{}\n", r.text()))
                .collect(),
        };
        let name = p.name();
        compared += every_rule(name, &text, 12);
        let opts = GenOptions {
            count: 30,
            max_len: 200,
            ..GenOptions::default()
        };
        if let Ok(made) = generate(&text, abnf.start, &opts) {
            for e in made.valid.iter().chain(&made.invalid) {
                compared += same(name, &text, abnf.start, &e.input);
            }
        }
    }
    assert!(compared > 200, "only {compared} outputs compared");
}

#[test]
fn the_streamed_trees_are_the_built_ones_in_every_case_a_tree_has() {
    let cases: &[(&str, &str, &[&str])] = &[
        // Ambiguous: the count, the first tree and three others.
        (
            "e = e \"+\" e / t\nt = 1*DIGIT\n",
            "e",
            &["1", "1+2", "1+2+3", "1+2+3+4+5", "1+", "+"],
        ),
        // Repetitions that split the input many ways (detailed trees differ, folded do not).
        ("s = *a *a\na = 1*\"x\"\n", "s", &["", "x", "xx", "xxxx"]),
        // Empty ambiguity, and infinitely many parses.
        ("s = [\"\"] [\"\"] \"a\"\n", "s", &["a", "", "b"]),
        ("s = s / \"a\"\n", "s", &["a", "aa", ""]),
        // Quoted strings (one leaf each, merged from their characters), case-sensitive and
        // -insensitive, numeric values and ranges, a prose value.
        (
            "s = \"urn:\" %s\"Ab\" %x41.42 1*%x30-39 [\"\"] p\np = <anything> / \"z\"\n",
            "s",
            &["urn:Ab AB0z", "URN:AbAB09z", "urn:ab", "urn:AbAB1z"],
        ),
        // Two strings back to back: the second does not extend the first's leaf.
        ("s = \"ab\" \"ab\" / \"a\" \"bab\"\n", "s", &["abab", "aba"]),
        // Non-ASCII, control and bidi characters in the text.
        (
            "s = 1*c\nc = %x0-10FFFF\n",
            "s",
            &["é\u{202e}x\u{0}", "\u{1b}[31m"],
        ),
    ];
    for (text, start, inputs) in cases {
        for input in *inputs {
            same(text, text, start, input);
        }
        every_rule(text, text, 8);
    }
}

#[test]
fn the_streamed_trees_are_the_built_ones_on_long_inputs() {
    let core = std::fs::read_to_string("tests/data/abnf/core.abnf").expect("core.abnf");
    let g8141 = std::fs::read_to_string("tests/data/abnf/rfc8141.abnf").expect("rfc8141");
    let text = format!("{g8141}\n{core}");
    for n in [1, 10, 300] {
        let urn = format!("urn:example:{}?+r?=q#f", "a1%41/".repeat(n));
        assert!(same("rfc8141", &text, "namestring", &urn) == 2);
    }
    // Long inner texts are cut (an inner node's text past 256 bytes), leaves are not.
    let long = "e = e \"+\" e / t\nt = 1*DIGIT\n";
    let input = format!(
        "{}+{}+{}",
        "1".repeat(300),
        "2".repeat(300),
        "3".repeat(300)
    );
    same("long", long, "e", &input);
}

/// The command writes the streamed record straight to its output: the same bytes, input
/// after input, as the built trees' JSON (with an invalid input and a blank line between).
#[test]
fn the_command_writes_what_the_built_trees_give() {
    let dir = scratch::dir("grammar-stream");
    let text = "e = e \"+\" e / t\nt = 1*DIGIT [\"x\"]\n";
    let g = dir.join("e.abnf");
    std::fs::write(&g, text).expect("write grammar");
    let inputs = ["1+2+3", "12x+3", "1++", "7"];
    for fold in [false, true] {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_idbench"));
        cmd.args(["grammar", "parse"])
            .arg(&g)
            .args(["--start", "e", "--format", "json"]);
        if fold {
            cmd.arg("--fold");
        }
        let out = cmd.args(inputs).output().expect("runs");
        let want: String = inputs
            .iter()
            .map(|i| render_parse_json(text, "e", i, fold, true).expect("parses"))
            .collect();
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "fold {fold}");
        assert_eq!(out.status.code(), Some(1));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The command counts a record against the output cap and writes it from one walk of
/// the forest: a cap of exactly the record's length writes it whole, one byte less writes
/// nothing and stops (exit 2), for records with several trees, literals, escapes (two
/// bytes for `"`, six for a control character or a bidi control's three), non-ASCII text
/// and inner nodes whose text is cut, with `--fold` and without. A cap well above the
/// record (which the bound from its nodes, with no text read, shows it fits) writes it
/// whole too. The last grammar's records are mostly escapes (leaves of eight control
/// characters, 48 bytes of JSON each, and their rules'), which a bound that counted a
/// text's bytes once would not cover.
#[test]
fn a_record_of_exactly_the_cap_is_written_and_one_byte_more_is_not() {
    let dir = scratch::dir("grammar-cap");
    let long = format!("{}+{}", "1".repeat(300), "\u{1}\u{202e}".repeat(150));
    let controls = "\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}".repeat(40);
    let cases: [(&str, &str, Vec<&str>); 2] = [
        (
            "e = e \"+\" e / t\nt = 1*(DIGIT / %x01-08 / %x22 / %x5C / %xE9 / %x202E) [\"x\"]\n",
            "e",
            vec![
                "1+2+3+4",
                "1\"2\\3x+\u{e9}\u{e9}",
                "7",
                "\u{1}\u{2}\u{202e}1+\u{3}",
                long.as_str(),
            ],
        ),
        (
            "s = 1*c\nc = %x01.02.03.04.05.06.07.08\n",
            "s",
            vec![controls.as_str()],
        ),
    ];
    for (k, (text, start, inputs)) in cases.iter().enumerate() {
        let g = dir.join(format!("g{k}.abnf"));
        std::fs::write(&g, text).expect("write grammar");
        for input in inputs {
            for fold in [false, true] {
                let want = render_parse_json(text, start, input, fold, true).expect("parses");
                for (cap, whole) in [
                    (want.len(), true),
                    (want.len() - 1, false),
                    (want.len() * 10, true),
                ] {
                    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_idbench"));
                    cmd.args(["grammar", "parse"])
                        .arg(&g)
                        .args(["--start", start, "--format", "json", "--max-output"])
                        .arg(cap.to_string());
                    if fold {
                        cmd.arg("--fold");
                    }
                    let out = cmd.arg(input).output().expect("runs");
                    let stdout = String::from_utf8_lossy(&out.stdout);
                    if whole {
                        assert_eq!(stdout, want, "{input:?} fold {fold}");
                        assert_eq!(out.status.code(), Some(0), "{input:?}");
                    } else {
                        assert_eq!(stdout, "", "{input:?} fold {fold} cap {cap}");
                        assert_eq!(out.status.code(), Some(2), "{input:?}");
                        let err = String::from_utf8_lossy(&out.stderr);
                        assert!(err.contains("output stopped after 0 inputs"), "{err}");
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The trees, counts and diagnostics `grammar parse --format json` gave before the
/// forest was read from the chart in place (least heights from one depth-first walk,
/// predicted items before a terminal made only when they scan, the counting pass
/// measured): `tests/data/forest-golden.jsonl`, written by the release build before that
/// change, on grammars whose trees depend on the forest's choices: empty ambiguity (the
/// least-height link), infinitely many parses and a cycle through an empty rule (the
/// components' pass), other trees by rank, unchecked prose values (named in the order
/// the chart met them), a start rule that begins with a terminal (RFC 2141's `URN`), and
/// RFC 8141's ABNF with both `?+` and `?=`.
#[test]
fn the_trees_are_those_of_the_forest_before_it_was_read_in_place() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/forest-golden.jsonl"),
    )
    .expect("the golden file");
    let mut compared = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let field = |k: &str| case[k].as_str().expect("a string field").to_string();
        let (grammar, start, input, want) = (
            field("grammar"),
            field("start"),
            field("input"),
            field("json"),
        );
        for built in [false, true] {
            let got = render_parse_json(&grammar, &start, &input, false, built);
            assert_eq!(
                got.as_deref(),
                Some(want.as_str()),
                "{start} on {input:?} (built {built}) under\n{grammar}"
            );
        }
        compared += 1;
    }
    assert_eq!(compared, 17);
}
