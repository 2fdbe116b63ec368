//! The grammar-with-input fuzz target's body (tests/abnf_grammar_input/body.rs) on random
//! bytes, on the stable toolchain: any grammar, start rule and input through `grammar
//! parse`'s path within its budgets. `GRAMMAR_INPUT_CASES` sets how many cases (default
//! 300); a long run:
//!
//! ```sh
//! GRAMMAR_INPUT_CASES=200000 cargo test --release --test abnf_grammar_input -- --nocapture
//! ```
//!
//! The cases come from proptest's runner, so they follow `PROPTEST_RNG_SEED` (fixed by
//! .cargo/config.toml; scripts/proptest-seeds draws fresh ones), and a failure is shrunk.

#[path = "abnf_grammar_input/body.rs"]
mod body;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

fn cases() -> u32 {
    std::env::var("GRAMMAR_INPUT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

#[test]
fn any_grammar_and_input_within_the_budgets() {
    let n = cases();
    let mut runner = TestRunner::new(Config {
        cases: n,
        failure_persistence: None,
        ..Config::default()
    });
    let bytes = proptest::collection::vec(any::<u8>(), 0..400);
    let result = runner.run(&bytes, |data| {
        let (text, start, input) = body::case(&data);
        body::run(&text, &start, &input).map_err(|e| {
            TestCaseError::fail(format!(
                "{e}\ngrammar: {text:?}\nstart: {start:?}\ninput: {input:?}"
            ))
        })
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    eprintln!("{n} cases");
}

/// Cases that once went wrong, or that reach a budget on purpose.
#[test]
fn known_cases() {
    let long = vec!["a"; 400].join("+");
    for (text, start, input) in [
        ("E = E \"+\" E / \"a\"\n", "E", long.as_str()),
        ("t = \"x\" t / \"\"\n", "t", &"x".repeat(8_193)),
        ("s = *ALPHA\n", "", "abc"),
        ("a = a / \"\"\n", "a", ""),
        ("a = <prose>\n", "a", "x"),
        // A tree 205 levels deep (the fuzzer's first find: past serde_json's default
        // recursion limit in the check of the JSON output, not a fault of the output).
        (
            "s = \"\" \"a\" %x61.2B / \"\" \"a\" s\ns =/ [s]\na = [[[s]]]\na =/ [\"a\" / 1*\"a\" s / s]\n",
            "s",
            &"a".repeat(204),
        ),
    ] {
        if let Err(e) = body::run(text, start, input) {
            panic!("{text:?} {input:?}: {e}");
        }
    }
}

/// The fuzzer's own inputs that once ran too long (tests/data/fuzz/grammar_input/), read
/// as the fuzz target reads its bytes. `links-54-million`: a grammar that splits `s` every
/// way, on 5,452 bytes: the recognizer made 54 million links within its items' work, 10 s
/// in the fuzzer's build (tests/abnf_recognize.rs, `the_recognizer_counts_its_links`).
#[test]
fn the_fuzzers_slow_inputs() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz/grammar_input");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in files {
        let data = std::fs::read(&f).expect("the file");
        let (text, start, input) = body::case(&data);
        if let Err(e) = body::run(&text, &start, &input) {
            panic!("{}: {e}", f.display());
        }
    }
}
