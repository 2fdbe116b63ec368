//! `idbench test --format junit`: the document validates against Jenkins' junit-10 schema
//! (tests/data/schemas/junit-10.xsd, vendored with its source and licence), with the
//! attributes that schema names (`testsuite@errors`, `@time`, `@timestamp`, `@tests`,
//! `@failures`, `@skipped`, `@file`; `testcase@time`), and an unreadable cases file still
//! gives a valid document holding the error (exit 2).
//!
//! The validator is libxml2's `xmllint --schema` (Debian's `libxml2-utils`, which
//! `.ci/run` installs); without it each test prints `skipped:` with the reason and passes.

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const XSD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/schemas/junit-10.xsd"
);
const HELD_OUT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/cases/held-out.toml"
);

fn idbench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(args)
        .output()
        .expect("idbench runs")
}

/// A private scratch folder for one test, removed when it ends.
fn dir(tag: &str) -> scratch::Scratch {
    scratch::Scratch::new(&format!("junit-{tag}"))
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.display().to_string()
}

/// Whether xmllint can be run; prints why not.
fn have_xmllint() -> bool {
    match Command::new("xmllint").arg("--version").output() {
        Ok(o) if o.status.success() => true,
        _ => {
            println!("skipped: xmllint (libxml2-utils) is not installed");
            false
        }
    }
}

/// `Ok(())` when `xml` validates against the junit-10 schema, else xmllint's words.
fn validate(xml: &str) -> Result<(), String> {
    let mut child = Command::new("xmllint")
        .args(["--noout", "--schema", XSD, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xmllint starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(xml.as_bytes())
        .expect("write to xmllint");
    let o = child.wait_with_output().expect("xmllint ends");
    if o.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&o.stderr).into_owned())
    }
}

/// The value of `attr` in the first element named `element` (test-local, for our output).
fn attr<'a>(xml: &'a str, element: &str, attr: &str) -> Option<&'a str> {
    let start = xml.find(&format!("<{element} "))?;
    let tag = &xml[start..start + xml[start..].find('>')?];
    let at = tag.find(&format!(" {attr}=\""))? + attr.len() + 3;
    Some(&tag[at..at + tag[at..].find('"')?])
}

#[test]
fn the_report_of_failing_passing_and_known_cases_validates_against_junit_10() {
    if !have_xmllint() {
        return;
    }
    let d = dir("valid");
    // Untrusted text in names and messages too: controls, bidi, `<&>"'`.
    let hostile = write(
        &d,
        "hostile.toml",
        "[[case]]\ninput = \"http://a/\\u001b[31m\\u202e#x<&>\\\"'\\u0001\"\nvalid = true\n",
    );
    let o = idbench(&["test", HELD_OUT, &hostile, "--format", "junit"]);
    assert_eq!(o.status.code(), Some(1));
    let xml = String::from_utf8_lossy(&o.stdout).into_owned();
    validate(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    // Two files, two suites, each with the schema's required and optional attributes.
    assert_eq!(xml.matches("<testsuite ").count(), 2, "{xml}");
    assert_eq!(attr(&xml, "testsuites", "tests"), Some("15"));
    assert_eq!(attr(&xml, "testsuites", "failures"), Some("7"));
    assert_eq!(attr(&xml, "testsuites", "errors"), Some("0"));
    assert_eq!(attr(&xml, "testsuite", "tests"), Some("14"));
    assert_eq!(attr(&xml, "testsuite", "failures"), Some("6"));
    assert_eq!(attr(&xml, "testsuite", "errors"), Some("0"));
    assert_eq!(attr(&xml, "testsuite", "skipped"), Some("0"));
    assert_eq!(attr(&xml, "testsuite", "file"), Some(HELD_OUT));
    let stamp = attr(&xml, "testsuite", "timestamp").expect("timestamp");
    // 2026-12-02T06:08:22: ISO 8601, UTC, as Surefire writes it.
    assert_eq!(stamp.len(), 19, "{stamp}");
    assert!(
        stamp.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            10 => b == b'T',
            13 | 16 => b == b':',
            _ => b.is_ascii_digit(),
        }),
        "{stamp}"
    );
    for (element, n) in [("testsuites", 2), ("testsuite", 2), ("testcase", 15)] {
        let with_time = xml
            .split(&format!("<{element} "))
            .skip(1)
            .filter(|t| {
                let tag = &t[..t.find('>').unwrap_or(t.len())];
                tag.split(" time=\"")
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .is_some_and(|v| {
                        v.parse::<f64>().is_ok() && v.split('.').nth(1).map(str::len) == Some(3)
                    })
            })
            .count();
        assert_eq!(
            with_time,
            if element == "testsuites" { 1 } else { n },
            "{element}: {xml}"
        );
    }
    assert!(!xml.contains(['\u{1b}', '\u{202e}', '\u{1}']), "{xml:?}");
}

#[test]
fn a_known_disagreement_is_skipped_and_the_document_validates() {
    if !have_xmllint() {
        return;
    }
    let toascii = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/whatwg/older/toascii.json"
    );
    let o = idbench(&["test", toascii, "--format", "junit"]);
    assert_eq!(o.status.code(), Some(0));
    let xml = String::from_utf8_lossy(&o.stdout).into_owned();
    validate(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    assert_eq!(attr(&xml, "testsuite", "skipped"), Some("7"));
    assert_eq!(xml.matches("<skipped ").count(), 7);
}

#[test]
fn an_unreadable_cases_file_gives_a_valid_document_holding_the_error_and_exit_2() {
    if !have_xmllint() {
        return;
    }
    let d = dir("unreadable");
    let missing = d.join("missing.toml").display().to_string();
    let bad = write(
        &d,
        "bad.toml",
        "[[case]]\ninput = \"http://a/\"\nvalid = true\nnope = 1\n",
    );
    let good = write(
        &d,
        "good.toml",
        "[[case]]\ninput = \"http://a/\"\nvalid = true\n",
    );
    let o = idbench(&["test", &good, &missing, &bad, "--format", "junit"]);
    assert_eq!(o.status.code(), Some(2));
    let xml = String::from_utf8_lossy(&o.stdout).into_owned();
    validate(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    // One suite per file that could not be read, an <error> per error.
    assert_eq!(xml.matches("<testsuite ").count(), 2, "{xml}");
    assert_eq!(xml.matches("<error ").count(), 2, "{xml}");
    assert_eq!(attr(&xml, "testsuites", "errors"), Some("2"));
    assert!(xml.contains("missing.toml: cannot read"), "{xml}");
    assert!(xml.contains("bad.toml:4:1"), "{xml}");
    // The errors are on stderr too, as before.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("missing.toml: cannot read"), "{err}");
}

#[test]
fn xmllint_rejects_a_document_without_testsuite_errors() {
    // The validator is not a rubber stamp: the document idbench wrote before this change
    // (no `errors` on a testsuite) fails the schema.
    if !have_xmllint() {
        return;
    }
    let old = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"idbench test\" tests=\"1\" failures=\"0\">\n  <testsuite name=\"a.toml\" tests=\"1\" failures=\"0\" skipped=\"0\">\n    <testcase classname=\"a.toml\" name=\"case 1 line 1: http://a/\"/>\n  </testsuite>\n</testsuites>\n";
    let e = validate(old).expect_err("no errors attribute");
    assert!(e.contains("errors"), "{e}");
}
