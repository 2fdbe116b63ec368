//! `check --profile whatwg` with a file named: each invalid line's column (`FILE:LINE:COL`)
//! and, as JSON, its error object (code, span, expected set, section, message) are the full
//! analysis's first error, line by line, though `check` takes them from the URL Standard's
//! first-error mode (no analysis). The inputs: the web-platform-tests URL inputs and
//! near misses of them (tabs, newlines' neighbours, spaces, bad ports and hosts,
//! non-ASCII), with standard input's JSON too.

use idbench::engine::{Options, Profile, analyze};
use serde_json::Value;

mod support;
use support::cli;

/// The lines: `urltestdata.json`'s inputs, bases and hrefs, and near misses of them, each
/// a line `check` reads as it is (no newline, no trailing carriage return, not blank).
fn lines() -> Vec<String> {
    let path = format!(
        "{}/tests/data/whatwg/urltestdata.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for t in v.as_array().into_iter().flatten() {
        for k in ["input", "base", "href"] {
            if let Some(s) = t.get(k).and_then(Value::as_str) {
                out.push(s.to_string());
                // Near misses: a defect after the scheme's "//", in the middle, at the end.
                for d in ["\t", " ", ":7z", "[", "%", "é", "^", "@"] {
                    let mid = (0..=s.len() / 2)
                        .rev()
                        .find(|&i| s.is_char_boundary(i))
                        .unwrap_or(0);
                    let after = s.find("//").map_or(0, |i| i + 2);
                    for i in [after, mid, s.len()] {
                        out.push(format!("{}{d}{}", &s[..i], &s[i..]));
                    }
                }
            }
        }
    }
    out.retain(|s| !s.is_empty() && !s.contains('\n') && !s.ends_with('\r'));
    out.sort();
    out.dedup();
    out
}

/// The analysis's first error of `s` under whatwg.
fn want(s: &str) -> Option<idbench::engine::tree::Diagnostic> {
    analyze(s, &Options::validate_only(Some(Profile::Whatwg)))
        .first_error()
        .cloned()
}

fn file_of(tag: &str, lines: &[String]) -> support::scratch::ScratchFile {
    let mut text = lines.join("\n");
    text.push('\n');
    support::scratch::file(&format!("whatwg-check-{tag}"), "lines.txt", text)
}

#[test]
fn the_text_column_is_the_analysis_first_error() {
    let lines = lines();
    assert!(lines.len() > 10_000, "only {} lines", lines.len());
    let path = file_of("text", &lines);
    let name = path.to_string_lossy().to_string();
    let o = cli::run(&["check", "--profile", "whatwg", "--jobs", "1", &name], b"");
    let _ = std::fs::remove_file(&path);
    // Invalid lines make the exit status 1.
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    let text = o.text();
    let got: Vec<&str> = text.lines().collect();
    assert_eq!(got.len(), lines.len(), "{}", o.stderr);
    let (mut invalid, mut failures) = (0, Vec::new());
    for (i, (s, out)) in lines.iter().zip(&got).enumerate() {
        let head = format!("{name}:{}", i + 1);
        let rest = out.strip_prefix(&head).unwrap_or_else(|| panic!("{out}"));
        let w = want(s);
        let expected = match &w {
            None => ": valid\t".to_string(),
            Some(d) => {
                invalid += 1;
                format!(":{}: invalid\t", s[..d.span.start].chars().count() + 1)
            }
        };
        if !rest.starts_with(&expected) {
            failures.push(format!("{s:?}: {out:?}, the analysis: {w:?}"));
        }
    }
    assert!(invalid > 3000, "only {invalid} invalid lines");
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(10)].join("\n")
    );
}

/// The error objects of `out` (one JSON record a line) against the analysis of `lines`.
fn check_json(lines: &[String], out: &str) -> Vec<String> {
    let records: Vec<&str> = out.lines().collect();
    assert_eq!(records.len(), lines.len());
    let mut failures = Vec::new();
    for (s, r) in lines.iter().zip(records) {
        let r: Value = serde_json::from_str(r).unwrap_or_else(|e| panic!("{r}: {e}"));
        let want = want(s).map(|d| {
            serde_json::json!({
                "code": d.code.as_str(),
                "start": d.span.start,
                "end": d.span.end,
                "expected": d.expected,
                "spec": d.spec,
                "message": d.message,
            })
        });
        if r["error"] != want.clone().unwrap_or(Value::Null) {
            failures.push(format!(
                "{s:?}: {} against the analysis's {want:?}",
                r["error"]
            ));
        }
    }
    failures
}

#[test]
fn the_json_error_object_is_the_analysis_first_error() {
    let lines = lines();
    let path = file_of("json", &lines);
    let name = path.to_string_lossy().to_string();
    let args = [
        "check",
        "--profile",
        "whatwg",
        "--jobs",
        "1",
        "--format",
        "json",
    ];
    let o = cli::run(&[&args[..], &[name.as_str()]].concat(), b"");
    let _ = std::fs::remove_file(&path);
    let mut failures = check_json(&lines, &o.text());
    let mut stdin = lines.join("\n").into_bytes();
    stdin.push(b'\n');
    let o = cli::run(&args, &stdin);
    failures.extend(check_json(&lines, &o.text()));
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(10)].join("\n")
    );
}
