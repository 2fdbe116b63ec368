//! `idbench test --format tap`: TAP version 13 as TAP 13 writes it, read back by a TAP
//! consumer, tap.py (`tap.parser`, with its YAML extra, in the CI venv `.ci/run` makes:
//! `.venv-ci/`, or `$IDBENCH_VENV`). TAP 13 has no escape for `#` in a description (the
//! `\#` escape is TAP 14's), so idbench writes none: a failure whose input holds
//! `#skip` or `#TODO` stays a failure. Without the venv each test prints `skipped:` with
//! the reason and passes.

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn idbench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(args)
        .output()
        .expect("idbench runs")
}

/// A private scratch folder for one test, removed when it ends.
fn dir(tag: &str) -> scratch::Scratch {
    scratch::Scratch::new(&format!("tap-{tag}"))
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.display().to_string()
}

/// The venv's python, when it has tap.py with its YAML reader; prints why not.
fn tap_python() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let venv = std::env::var_os("IDBENCH_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(".venv-ci"));
    let python = venv.join("bin").join("python");
    let ok = Command::new(&python)
        .args(["-c", "import tap.parser, yaml, more_itertools"])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        Some(python)
    } else {
        println!(
            "skipped: no tap.py[yaml] in {} (.ci/run installs it)",
            venv.display()
        );
        None
    }
}

/// What tap.py reads in `tap`: one JSON object per line of the document.
const READER: &str = r#"
import json, sys
from tap.parser import Parser
out = []
for line in Parser().parse_text(sys.stdin.read()):
    rec = {"category": line.category}
    if line.category == "test":
        rec.update(number=line.number, ok=line.ok, skip=line.skip, todo=line.todo,
                   description=line.description, yaml=line.yaml_block)
    elif line.category == "version":
        rec.update(version=line.version)
    elif line.category == "plan":
        rec.update(expected=line.expected_tests)
    out.append(rec)
print(json.dumps(out))
"#;

fn read_tap(python: &Path, tap: &str) -> Vec<serde_json::Value> {
    let mut child = Command::new(python)
        .args(["-c", READER])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(tap.as_bytes())
        .expect("write");
    let o = child.wait_with_output().expect("python ends");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    v.as_array().cloned().unwrap_or_default()
}

fn tests(lines: &[serde_json::Value]) -> Vec<&serde_json::Value> {
    lines.iter().filter(|l| l["category"] == "test").collect()
}

#[test]
fn a_failure_whose_input_holds_hash_skip_or_todo_stays_a_failure_for_tap_py() {
    let Some(python) = tap_python() else {
        return;
    };
    let d = dir("hash");
    let f = write(
        &d,
        "h.toml",
        concat!(
            "[[case]]\ninput = \"http://a/#skip\"\nvalid = false\n\n",
            "[[case]]\ninput = \"http://a/ #TODO later\"\nvalid = true\n\n",
            "[[case]]\ninput = \"http://a/b\\\\# SKIP\"\nvalid = true\n\n",
            "[[case]]\ninput = \"http://a/#ok\"\nvalid = true\n",
        ),
    );
    let o = idbench(&["test", &f, "--format", "tap"]);
    assert_eq!(o.status.code(), Some(1));
    let tap = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(tap.starts_with("TAP version 13\n1..4\n"), "{tap}");
    // No `#` on a test line (so no TAP 14 `\#` escape either): none here is a directive.
    for l in tap
        .lines()
        .filter(|l| l.starts_with("ok") || l.starts_with("not ok"))
    {
        assert!(!l.contains('#'), "{l}");
    }
    let lines = read_tap(&python, &tap);
    assert_eq!(lines[0]["version"], 13, "{lines:?}");
    assert_eq!(lines[1]["expected"], 4, "{lines:?}");
    let t = tests(&lines);
    assert_eq!(t.len(), 4, "{lines:?}");
    for (k, ok) in [(0, false), (1, false), (2, false), (3, true)] {
        assert_eq!(t[k]["ok"], ok, "{:?}", t[k]);
        assert_eq!(t[k]["skip"], false, "{:?}", t[k]);
        assert_eq!(t[k]["todo"], false, "{:?}", t[k]);
    }
    // The YAML block reads as YAML and holds the input exactly.
    assert_eq!(t[0]["yaml"]["input"], "http://a/#skip", "{:?}", t[0]);
    assert_eq!(t[0]["yaml"]["line"], 1, "{:?}", t[0]);
    assert_eq!(t[0]["yaml"]["failures"][0]["field"], "valid", "{:?}", t[0]);
    assert_eq!(t[2]["yaml"]["input"], "http://a/b\\# SKIP", "{:?}", t[2]);
}

#[test]
fn a_known_disagreement_is_a_todo_for_tap_py() {
    let Some(python) = tap_python() else {
        return;
    };
    let toascii = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/whatwg/older/toascii.json"
    );
    let o = idbench(&["test", toascii, "--format", "tap"]);
    assert_eq!(o.status.code(), Some(0));
    let lines = read_tap(&python, &String::from_utf8_lossy(&o.stdout));
    let t = tests(&lines);
    let todo = t.iter().filter(|t| t["todo"] == true).count();
    assert_eq!(todo, 7);
    assert!(t.iter().all(|t| t["ok"] == true || t["todo"] == true));
}

#[test]
fn an_unreadable_cases_file_gives_a_tap_document_holding_the_error_and_exit_2() {
    let d = dir("unreadable");
    let missing = d.join("missing.toml").display().to_string();
    let bad = write(
        &d,
        "bad.toml",
        "[[case]]\ninput = \"http://a/\"\nnope = 1\n",
    );
    let o = idbench(&["test", &missing, &bad, "--format", "tap"]);
    assert_eq!(o.status.code(), Some(2));
    let tap = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        tap.starts_with("TAP version 13\n1..2\nnot ok 1 - "),
        "{tap}"
    );
    assert!(tap.contains("missing.toml: cannot read"), "{tap}");
    assert!(tap.contains("bad.toml:3:1"), "{tap}");
    let Some(python) = tap_python() else {
        return;
    };
    let lines = read_tap(&python, &tap);
    let t = tests(&lines);
    assert_eq!(t.len(), 2, "{lines:?}");
    assert!(
        t.iter().all(|t| t["ok"] == false && t["skip"] == false),
        "{t:?}"
    );
    assert!(
        t[1]["yaml"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("bad.toml:3:1")),
        "{t:?}"
    );
}
