//! `check`'s CI and editor formats: `--format github` (workflow annotations, escaped as
//! GitHub's runner reads them), `--format sarif` (a SARIF 2.1.0 log validated against the
//! vendored schema, tests/data/schemas/sarif-schema-2.1.0.json, by Python's `jsonschema`
//! in the CI venv), the text format's `FILE:LINE:COL:`, `--fail-on warning`, and the bytes
//! of a line that is not UTF-8 in JSON.

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SCHEMA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/schemas/sarif-schema-2.1.0.json"
);

fn idbench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(args)
        .output()
        .expect("idbench runs")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A private scratch folder for one test, removed when it ends.
fn dir(tag: &str) -> scratch::Scratch {
    scratch::Scratch::new(&format!("ckfmt-{tag}"))
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write");
    p.display().to_string()
}

/// Valid, invalid (ASCII and not), blank, a URN with a wrong ISBN check digit (valid by
/// the URN spec, a namespace warning), and a line that is not UTF-8.
const LINES: &[u8] =
    b"http://a/\nhttp://a b/\n\nhttp://\xc3\xa4/\xf0\x9f\x98\x80 y\nurn:isbn:0-306-40615-3\na\xff b\n";

#[test]
fn text_prefixes_an_invalid_line_with_its_column_in_characters() {
    let d = dir("text");
    let f = write(&d, "in.txt", LINES);
    let o = idbench(&["check", &f]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<String> = out(&o).lines().map(str::to_string).collect();
    assert_eq!(lines[0], format!("{f}:1: valid\trfc3986\thttp://a/"));
    assert_eq!(
        lines[1],
        format!("{f}:2:9: invalid\trfc3986\thttp://a b/\tillegal-char")
    );
    // `http://ä/😀` is 10 characters: the space is the 11th, whatever its bytes.
    assert!(
        lines[3].starts_with(&format!("{f}:4:11: invalid\t")),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].starts_with(&format!("{f}:5: valid\t")),
        "{}",
        lines[4]
    );
    // A bad byte counts as one character.
    assert!(
        lines[5].starts_with(&format!("{f}:6:2: invalid\t")),
        "{}",
        lines[5]
    );
}

#[test]
fn github_annotations_have_file_line_columns_code_and_message() {
    let d = dir("github");
    let f = write(&d, "in.txt", LINES);
    let o = idbench(&["check", "--format", "github", &f]);
    assert_eq!(o.status.code(), Some(1));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "one annotation per invalid line: {text}");
    assert_eq!(
        lines[0],
        format!(
            "::error file={},line=2,col=9,endColumn=10,title=illegal-char::space (U+0020) is not allowed in the host; percent-encode it as %2520",
            f.replace(':', "%3A").replace(',', "%2C")
        )
    );
    assert!(
        lines[1].contains(",line=4,col=11,endColumn=12,title=illegal-char::"),
        "{text}"
    );
    assert!(
        lines[2].contains(",line=6,col=2,endColumn=3,title=not-utf8::"),
        "{text}"
    );
    // With the namespace layer, its finding is a warning annotation.
    let o = idbench(&["check", "--format", "github", "--namespaces", &f]);
    let text = out(&o);
    assert!(
        text.contains(
            ",line=5,col=22,endColumn=23,title=namespace-check-digit::the check digit should be 2"
        ),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("::warning ") && l.contains("line=5")),
        "{text}"
    );
}

#[test]
fn github_properties_escape_colon_comma_percent_and_untrusted_text_is_shown_as_tokens() {
    let d = dir("github-esc");
    let f = write(&d, "a,b:c%d.txt", b"http://a/\x1b[31m\xe2\x80\xae x\n");
    let o = idbench(&["check", "--format", "github", &f]);
    assert_eq!(o.status.code(), Some(1));
    let text = out(&o);
    assert!(text.contains("a%2Cb%3Ac%25d.txt,line=1,"), "{text}");
    assert!(!text.contains(['\u{1b}', '\u{202e}']), "{text:?}");
    // One workflow command per finding: no line break inside one.
    assert_eq!(text.lines().count(), 1, "{text}");
    // Read from stdin: no file property.
    let mut child = Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(["check", "--format", "github"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("idbench");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"http://a b/\n")
        .expect("write");
    let o = child.wait_with_output().expect("ends");
    assert!(
        out(&o).starts_with("::error line=1,col=9,endColumn=10,title=illegal-char::"),
        "{}",
        out(&o)
    );
}

/// The venv's python with `jsonschema`; prints why not.
fn jsonschema_python() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let venv = std::env::var_os("IDBENCH_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(".venv-ci"));
    let python = venv.join("bin").join("python");
    let ok = Command::new(&python)
        .args(["-c", "import jsonschema"])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        Some(python)
    } else {
        println!(
            "skipped: no jsonschema in {} (.ci/run installs it)",
            venv.display()
        );
        None
    }
}

/// `Ok(())` when `log` validates against the SARIF 2.1.0 schema (draft 4), else the errors.
fn validate(python: &Path, log: &str) -> Result<(), String> {
    let script = format!(
        "import json, sys, jsonschema\n\
         schema = json.load(open({SCHEMA:?}))\n\
         v = jsonschema.Draft4Validator(schema)\n\
         errs = sorted(v.iter_errors(json.loads(sys.stdin.read())), key=str)\n\
         print('\\n'.join(e.message + ' at ' + '/'.join(map(str, e.absolute_path)) for e in errs))\n\
         sys.exit(1 if errs else 0)\n"
    );
    let mut child = Command::new(python)
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(log.as_bytes())
        .expect("write");
    let o = child.wait_with_output().expect("ends");
    if o.status.success() {
        Ok(())
    } else {
        Err(format!("{}{}", out(&o), String::from_utf8_lossy(&o.stderr)))
    }
}

#[test]
fn sarif_is_one_run_with_a_result_per_invalid_line_and_validates_against_the_schema() {
    let d = dir("sarif");
    let f = write(&d, "in put.txt", LINES);
    let o = idbench(&["check", "--format", "sarif", "--namespaces", &f]);
    assert_eq!(o.status.code(), Some(1));
    let log = out(&o);
    let v: serde_json::Value = serde_json::from_str(&log).expect("one JSON document");
    assert_eq!(v["version"], "2.1.0");
    let runs = v["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    assert_eq!(run["columnKind"], "utf16CodeUnits");
    let results = run["results"].as_array().expect("results");
    // Three invalid lines and the namespace warning.
    assert_eq!(results.len(), 4, "{log}");
    let region = |k: usize| &results[k]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(results[0]["ruleId"], "illegal-char");
    assert_eq!(results[0]["level"], "error");
    assert_eq!(region(0)["startLine"], 2);
    assert_eq!(region(0)["startColumn"], 9);
    assert_eq!(region(0)["endColumn"], 10);
    // `http://ä/😀`: 😀 is two UTF-16 code units, so the space is at unit 12.
    assert_eq!(region(1)["startLine"], 4);
    assert_eq!(region(1)["startColumn"], 12);
    assert_eq!(results[2]["ruleId"], "namespace-check-digit");
    assert_eq!(results[2]["level"], "warning");
    assert_eq!(results[3]["ruleId"], "not-utf8");
    let uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .expect("uri");
    assert!(
        uri.starts_with("file:///") && uri.ends_with("/in%20put.txt"),
        "{uri}"
    );
    // The tool, with a rule per code reported, each with its spec section.
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    assert_eq!(run["tool"]["driver"]["name"], "idbench");
    let ids: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
    assert_eq!(ids, ["illegal-char", "namespace-check-digit", "not-utf8"]);
    assert!(
        rules[0]["helpUri"].as_str().is_some_and(|u| u
            .starts_with("https://www.rfc-editor.org/rfc/rfc")
            && u.contains("#section-")),
        "{}",
        rules[0]
    );
    assert!(
        rules[0]["help"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("RFC "))
    );
    // A result cites the section of its own profile.
    assert!(
        results[0]["properties"]["spec"]
            .as_str()
            .is_some_and(|s| s.starts_with("RFC 3986 §")),
        "{}",
        results[0]
    );
    if let Some(python) = jsonschema_python() {
        validate(&python, &log).unwrap_or_else(|e| panic!("{e}\n{log}"));
        // The validator is not a rubber stamp: a result without a message fails.
        let mut bad = v.clone();
        bad["runs"][0]["results"][0]
            .as_object_mut()
            .expect("result")
            .remove("message");
        assert!(validate(&python, &bad.to_string()).is_err());
    }
}

#[test]
fn sarif_of_a_valid_file_and_of_many_chunks_in_parallel_is_one_valid_log() {
    let d = dir("sarif-big");
    let ok = write(&d, "ok.txt", b"http://a/\n");
    let o = idbench(&["check", "--format", "sarif", &ok]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("JSON");
    assert_eq!(v["runs"][0]["results"].as_array().map(Vec::len), Some(0));
    assert_eq!(
        v["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .map(Vec::len),
        Some(0)
    );
    // Past several 256 KiB chunks, judged by 4 threads: every result once, in order.
    let mut big = Vec::new();
    let n = 60_000;
    for i in 0..n {
        if i % 3 == 0 {
            big.extend_from_slice(format!("http://a b/{i}\n").as_bytes());
        } else {
            big.extend_from_slice(format!("http://a/{i}\n").as_bytes());
        }
    }
    let f = write(&d, "big.txt", &big);
    let o = idbench(&["check", "--format", "sarif", "--jobs", "4", &f]);
    assert_eq!(o.status.code(), Some(1));
    let log = out(&o);
    let v: serde_json::Value = serde_json::from_str(&log).expect("JSON");
    let results = v["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), n / 3);
    let lines: Vec<u64> = results
        .iter()
        .filter_map(|r| r["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64())
        .collect();
    assert_eq!(
        lines,
        (0..n as u64).step_by(3).map(|i| i + 1).collect::<Vec<_>>()
    );
    if let Some(python) = jsonschema_python() {
        validate(&python, &log).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn fail_on_warning_exits_1_for_a_namespace_warning_and_the_default_stays_errors() {
    let d = dir("fail-on");
    let f = write(&d, "isbn.txt", b"urn:isbn:0-306-40615-3\n");
    assert_eq!(
        idbench(&["check", "--namespaces", &f]).status.code(),
        Some(0)
    );
    for format in ["text", "json", "github", "sarif"] {
        let o = idbench(&[
            "check",
            "--namespaces",
            "--fail-on",
            "warning",
            "-f",
            format,
            &f,
        ]);
        assert_eq!(o.status.code(), Some(1), "{format}");
    }
    // With --quiet too (the layer still runs to count the warnings).
    let o = idbench(&[
        "check",
        "--namespaces",
        "--fail-on",
        "warning",
        "--quiet",
        &f,
    ]);
    assert_eq!(o.status.code(), Some(1));
    // No warning, no failure; and the right check digit has none.
    let good = write(&d, "good.txt", b"urn:isbn:0-306-40615-2\n");
    let o = idbench(&["check", "--namespaces", "--fail-on", "warning", &good]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let o = idbench(&["check", "--fail-on", "warning", &f]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "without --namespaces there is no finding"
    );
}

#[test]
fn json_keeps_the_bytes_of_a_line_that_is_not_utf8() {
    let d = dir("json-bytes");
    let f = write(&d, "bad.txt", b"a\xff b\nhttp://a/\n");
    let o = idbench(&["check", "-f", "json", &f]);
    let text = out(&o);
    let recs: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(recs[0]["input"], "a\u{fffd} b");
    assert_eq!(recs[0]["lossy"], true);
    assert_eq!(recs[0]["input_bytes"], "61ff2062");
    assert_eq!(recs[0]["first_error"], "not-utf8");
    // A UTF-8 line has neither key.
    assert!(recs[1].get("lossy").is_none() && recs[1].get("input_bytes").is_none());
}
