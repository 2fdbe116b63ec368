//! `idbench namespaces [--format text|json]`: the whole registry snapshot, JSON as one
//! array on one line, the snapshot's source on stderr.

use std::process::Command;

mod support;

use idbench::engine::namespaces::{Kind, snapshot};
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run idbench: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn json_is_one_array_on_one_line_with_every_registered_nid() {
    let (code, out, err) = run(&["namespaces", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "one line");
    let v: Value = serde_json::from_str(out.trim_end()).unwrap_or_else(|e| panic!("{e}"));
    let rows = v.as_array().unwrap_or_else(|| panic!("an array: {out}"));
    let snap = snapshot();
    assert_eq!(rows.len(), snap.entries.len());
    assert_eq!(rows.len(), 105);
    for (row, e) in rows.iter().zip(&snap.entries) {
        assert_eq!(row["nid"], e.nid);
        assert_eq!(row["kind"], e.kind.name());
        assert_eq!(row["reference"], e.reference);
        assert_eq!(row["date"].as_str(), e.date);
        for key in [
            "nid",
            "kind",
            "reference",
            "date",
            "updated",
            "template",
            "syntax",
        ] {
            assert!(row.get(key).is_some(), "{key} in {row}");
        }
    }
    let find = |nid: &str| rows.iter().find(|r| r["nid"] == nid).cloned();
    let uuid = find("uuid").unwrap_or_default();
    assert_eq!(uuid["kind"], "formal");
    assert_eq!(uuid["reference"], "RFC 9562");
    assert_eq!(uuid["syntax"], "RFC 9562 §4");
    let ietf = find("ietf").unwrap_or_default();
    assert_eq!(ietf["syntax"], "RFC 3553 §3 (ietf:params); RFC 2648 §2");
    let g = find("3gpp2").unwrap_or_default();
    assert_eq!(g["date"], "2018-06-19");
    assert_eq!(g["syntax"], Value::Null);
    let u5 = find("urn-5").unwrap_or_default();
    assert_eq!(u5["kind"], "informal");
    assert_eq!(
        rows.iter().filter(|r| r["kind"] == "informal").count(),
        snap.count(Kind::Informal)
    );
    assert!(err.contains("last updated 2026-07-28"), "{err}");
    assert!(err.contains("larseggert/iana-assignments"), "{err}");
}

#[test]
fn text_is_a_table_with_the_snapshot_named_on_stderr() {
    let (code, out, err) = run(&["namespaces"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        1 + snapshot().entries.len(),
        "header and one row per NID"
    );
    assert!(lines[0].starts_with("NID "), "{}", lines[0]);
    let row = |nid: &str| {
        lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(nid))
            .copied()
            .unwrap_or("")
    };
    let r = row("3gpp2");
    assert!(
        r.contains("formal") && r.contains("2018-06-19") && r.contains("RFC 8464"),
        "{r}"
    );
    assert!(
        r.contains("<https://www.iana.org/assignments/urn-formal/3gpp2>"),
        "{r}"
    );
    let r = row("ietf");
    assert!(
        r.contains(" - ") && r.contains("[syntax: RFC 3553 §3"),
        "{r}"
    );
    let r = row("urn-8");
    assert!(r.contains("informal") && r.contains("2025-07-02"), "{r}");
    assert!(
        err.contains("97 formal, 8 informal")
            && err.contains("sha256 ")
            && err.contains("retrieved 2026-11-26"),
        "{err}"
    );
    // Nothing but printable text and newlines.
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'));
}

#[test]
fn a_bad_format_is_a_usage_error() {
    let (code, _, err) = run(&["namespaces", "--format", "xml"]);
    assert_eq!(code, 2, "{err}");
}

/// `check --namespaces` with `lines` on stdin, as `format`: (exit code, stdout).
fn check_namespaces(lines: &str, format: &str) -> (i32, String) {
    let out = support::cli::run(
        &["check", "--namespaces", "--format", format],
        lines.as_bytes(),
    );
    (out.code.unwrap_or(-1), out.text())
}

#[test]
fn check_text_says_not_judged_where_json_has_a_syntax_not_applied() {
    // An NSS past the length the layer builds a tree for, in the one namespace whose
    // grammar does not compile to an automaton (ISO's, with a prose value); and a
    // namespace idbench knows no syntax for (3GPP). (A long NSS of any other namespace is
    // judged whole: tests/namespaces_layer.rs.)
    let long = format!("urn:iso:std:iso:8601:{}", "a".repeat(300));
    let lines = format!("{long}\nurn:3gpp:abc\n");
    let (code, json) = check_namespaces(&lines, "json");
    assert_eq!(code, 0, "{json}");
    let recs: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(recs.len(), 2, "{json}");
    assert_eq!(recs[0]["namespace"]["valid"], Value::Null);
    assert!(recs[0]["namespace"]["document"].is_string(), "{json}");
    assert_eq!(
        recs[0]["namespace"]["findings"][0]["code"],
        "namespace-not-judged"
    );
    assert_eq!(recs[1]["namespace"]["valid"], Value::Null);
    assert_eq!(recs[1]["namespace"]["document"], Value::Null, "{json}");
    let (code, text) = check_namespaces(&lines, "text");
    assert_eq!(code, 0, "{text}");
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[0].contains("\tnamespace iso: not-judged, registered, namespace-not-judged@8..321"),
        "{}",
        rows[0]
    );
    assert!(
        rows[1].ends_with("\tnamespace 3gpp: no-syntax, registered"),
        "{}",
        rows[1]
    );
}

#[test]
fn check_text_shows_the_nid_in_lower_case_escaped_and_each_finding() {
    // The text record's namespace part: the NID in lower case (as JSON shows it), a
    // control character in it as a visible token, each finding as CODE@START..END.
    let lines = "URN:ISBN:978-0-306-40615-8\nurn:uuid:not-a-uuid\nurn:ex\u{1}:x\nurn:Ex-Thing:a\n";
    let (code, text) = check_namespaces(lines, "text");
    assert_eq!(code, 1, "{text}");
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 4, "{text}");
    let ends = [
        "\tnamespace isbn: invalid, registered, namespace-check-digit@25..26",
        "\tnamespace uuid: invalid, registered, namespace-nss-invalid@9..10",
        "\tnamespace ex\u{27e8}U+0001\u{27e9}: no-syntax, unregistered, nid-unregistered@4..7",
        "\tnamespace ex-thing: no-syntax, unregistered, nid-unregistered@4..12",
    ];
    for (row, end) in rows.iter().zip(ends) {
        assert!(row.ends_with(end), "{row:?} does not end with {end:?}");
    }
}
