//! The kernels against the command line: line by line, the validity and first error code
//! `idbench check --format json` prints (and the profile it shows under `auto`), on the
//! identifier sets (examples/ids/) and on the benchmark corpora (the `gen-corpus` example),
//! under every profile; `compare --format json` and `parse --format json` against
//! [`idbench_arrow::json`].
//!
//! The binaries are the workspace's own debug builds: `cargo test` at the root builds
//! `idbench` and the examples before it runs any test (run it, or `cargo build --bin
//! idbench --example gen-corpus`, before `cargo test -p idbench-arrow` alone).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use arrow_array::{Array, StringArray, StructArray};
use idbench::Profile;
use idbench_arrow::{first_error, parse_profile, profile, valid};

fn target_debug() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    target.join("debug")
}

fn binary(rel: &str) -> PathBuf {
    let p = target_debug().join(rel);
    assert!(
        p.exists(),
        "{} is missing: run `cargo build --bin idbench --example gen-corpus` (or `cargo test` at the root)",
        p.display()
    );
    p
}

fn run(bin: &PathBuf, args: &[&str], stdin: &[u8]) -> String {
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The identifier sets and the corpora, one identifier a line.
fn lines() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut text = String::new();
    let mut sets: Vec<_> = std::fs::read_dir(root.join("examples/ids"))
        .expect("examples/ids")
        .map(|e| e.expect("an entry").path())
        .collect();
    sets.sort();
    for p in sets {
        text.push_str(&std::fs::read_to_string(p).expect("a set"));
        text.push('\n');
    }
    let gen_corpus = binary("examples/gen-corpus");
    for kind in ["uri", "iri", "urn", "xri", "www"] {
        text.push_str(&run(&gen_corpus, &[kind, "1500", "27"], b""));
    }
    text.lines().map(|l| l.to_string()).collect()
}

#[test]
fn kernels_agree_with_check_line_by_line_under_every_profile() {
    let idbench = binary("idbench");
    let all = lines();
    assert!(all.len() > 8000, "{} lines", all.len());
    let input = all.join("\n");
    // `check` skips blank lines; the kernels judge every string, so they get the others.
    let judged: Vec<&str> = all
        .iter()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.is_empty())
        .collect();
    let arr = StringArray::from(judged.clone());
    let mut names = vec!["auto"];
    names.extend(Profile::ALL.iter().map(|p| p.name()));
    let mut invalid_seen = 0;
    for name in names {
        let p = parse_profile(Some(name)).expect("a profile");
        let out = run(
            &idbench,
            &["check", "--format", "json", "--profile", name],
            input.as_bytes(),
        );
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .filter(|r: &serde_json::Value| r.get("skipped").is_none())
            .collect();
        assert_eq!(records.len(), judged.len(), "under {name}");
        let v = valid(&arr, p).expect("valid");
        let fe: StructArray = first_error(&arr, p).expect("first_error");
        let codes = fe
            .column_by_name("code")
            .expect("code")
            .as_any()
            .downcast_ref::<StringArray>()
            .expect("strings")
            .clone();
        let shown = profile(&arr).expect("profile");
        let shown = shown
            .as_any()
            .downcast_ref::<StringArray>()
            .expect("strings");
        for (i, r) in records.iter().enumerate() {
            let line = judged[i];
            assert_eq!(r["input"].as_str(), Some(line), "under {name}, line {i}");
            assert_eq!(
                r["valid"].as_bool(),
                Some(v.value(i)),
                "under {name}: {line:?}"
            );
            let code = fe.is_valid(i).then(|| codes.value(i));
            assert_eq!(r["first_error"].as_str(), code, "under {name}: {line:?}");
            invalid_seen += usize::from(code.is_some());
            if name == "auto" {
                assert_eq!(r["profile"].as_str(), Some(shown.value(i)), "{line:?}");
            }
        }
    }
    assert!(invalid_seen > 1000, "the corpora hold invalid lines too");
}

#[test]
fn analyze_and_compare_json_are_the_cli_s() {
    let idbench = binary("idbench");
    let pairs = [
        (
            "HTTP://Example.COM:80/a/./b/%7e",
            "http://example.com/a/b/~",
        ),
        ("urn:ISBN:0451450523", "URN:isbn:0451450523"),
        ("urn:example:a?=q", "urn:example:a"),
        ("http://exa mple/", "http://exa%20mple/"),
        ("xri://=Example*a", "=example*A"),
        ("mailto:A@EXAMPLE.com", "mailto:A@example.com"),
    ];
    for (a, b) in pairs {
        for name in ["auto", "rfc3986", "rfc8141"] {
            let p = parse_profile(Some(name)).expect("a profile");
            let cli = run(
                &idbench,
                &["compare", "--format", "json", "--profile", name, a, b],
                b"",
            );
            assert_eq!(
                cli.trim_end(),
                idbench_arrow::json::compare_json(a, b, p),
                "{a} {b} {name}"
            );
            for s in [a, b] {
                let cli = run(
                    &idbench,
                    &["parse", "--format", "json", "--profile", name, s],
                    b"",
                );
                assert_eq!(cli.trim_end(), idbench_arrow::json::analyze_json(s, p));
            }
        }
    }
}
