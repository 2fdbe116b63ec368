//! `idbench test`: a user's own cases, run and reported as text, JSON, TAP and JUnit XML.

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output};

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

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh folder for one test.
/// A private scratch folder for one test, removed when it ends.
fn dir(tag: &str) -> scratch::Scratch {
    scratch::Scratch::new(&format!("cases-{tag}"))
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.display().to_string()
}

/// The held-out file's deliberately wrong cases: (index, line of the case, field).
const WRONG: [(u64, u64, &str); 6] = [
    (2, 9, "valid"),
    (4, 22, "error_at"),
    (6, 32, "forms.canonical"),
    (8, 42, "equivalent"),
    (11, 57, "target"),
    (13, 69, "parses"),
];

fn wrong_indices() -> BTreeSet<u64> {
    WRONG.iter().map(|w| w.0).collect()
}

#[test]
fn the_held_out_file_reports_exactly_its_wrong_cases_as_text() {
    let o = idbench(&["test", HELD_OUT]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert_eq!(err(&o), "14 cases, 8 passed, 6 failed\n");
    let text = out(&o);
    let got: Vec<(u64, u64, String)> = text
        .lines()
        .map(|l| {
            // FILE:LINE: case N INPUT: FIELD: expected ...
            let rest = l.strip_prefix(HELD_OUT).expect("file first");
            let (line, rest) = rest[1..].split_once(": case ").expect("line");
            let (n, rest) = rest.split_once(' ').expect("index");
            let field = rest.split(": ").nth(1).expect("field");
            (
                line.parse().expect("line"),
                n.parse().expect("n"),
                field.to_string(),
            )
        })
        .map(|(line, n, f)| (n, line, f))
        .collect();
    let want: Vec<(u64, u64, String)> = WRONG
        .iter()
        .map(|&(n, l, f)| (n, l, f.to_string()))
        .collect();
    assert_eq!(got, want, "{text}");
    assert!(
        text.contains("expected 11, got 10 (illegal-char under rfc3986)"),
        "{text}"
    );
}

#[test]
fn the_held_out_file_reports_exactly_its_wrong_cases_as_json() {
    let o = idbench(&["test", HELD_OUT, "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let text = out(&o);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(v["cases"], 14);
    assert_eq!(v["passed"], 8);
    assert_eq!(v["failed"], 6);
    let got: Vec<(u64, u64, String)> = v["failures"]
        .as_array()
        .expect("failures")
        .iter()
        .map(|f| {
            assert_eq!(f["file"], HELD_OUT);
            assert!(f["input"].is_string() && f["expected"].is_string() && f["got"].is_string());
            (
                f["index"].as_u64().expect("index"),
                f["line"].as_u64().expect("line"),
                f["field"].as_str().expect("field").to_string(),
            )
        })
        .collect();
    let want: Vec<(u64, u64, String)> = WRONG
        .iter()
        .map(|&(n, l, f)| (n, l, f.to_string()))
        .collect();
    assert_eq!(got, want);
    assert_eq!(v["failures"][4]["got"], "http://a/b/g");
    assert_eq!(err(&o), "14 cases, 8 passed, 6 failed\n");
}

#[test]
fn the_held_out_file_reports_exactly_its_wrong_cases_as_tap() {
    let o = idbench(&["test", HELD_OUT, "--format", "tap"]);
    assert_eq!(o.status.code(), Some(1));
    let text = out(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("TAP version 13"));
    assert_eq!(lines.next(), Some("1..14"));
    let mut ok = BTreeSet::new();
    let mut not_ok = BTreeSet::new();
    for l in text.lines() {
        if let Some(r) = l.strip_prefix("not ok ") {
            not_ok.insert(
                r.split(' ')
                    .next()
                    .and_then(|n| n.parse::<u64>().ok())
                    .expect("n"),
            );
        } else if let Some(r) = l.strip_prefix("ok ") {
            ok.insert(
                r.split(' ')
                    .next()
                    .and_then(|n| n.parse::<u64>().ok())
                    .expect("n"),
            );
        }
    }
    assert_eq!(not_ok, wrong_indices());
    assert_eq!(ok.len() + not_ok.len(), 14);
    assert!(ok.is_disjoint(&not_ok));
    assert_eq!(text.matches("  ---\n").count(), 6);
    assert!(text.contains("    - field: \"parses\"\n"), "{text}");
}

#[test]
fn the_held_out_file_reports_exactly_its_wrong_cases_as_junit() {
    let o = idbench(&["test", HELD_OUT, "--format", "junit"]);
    assert_eq!(o.status.code(), Some(1));
    let text = out(&o);
    assert!(text.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
    assert!(text.contains(
        "<testsuites name=\"idbench test\" tests=\"14\" failures=\"6\" errors=\"0\" time=\""
    ));
    assert_eq!(text.matches("<testcase ").count(), 14);
    assert_eq!(text.matches("<failure ").count(), 6);
    // Which test cases hold a failure: the `case N` of each testcase followed by one.
    let mut failing = BTreeSet::new();
    for chunk in text.split("<testcase ").skip(1) {
        let n = chunk
            .split("name=\"case ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse::<u64>().ok())
            .expect("case N");
        let body = chunk.split("</testcase>").next().unwrap_or("");
        if body.contains("<failure ") {
            failing.insert(n);
        }
    }
    assert_eq!(failing, wrong_indices());
    assert!(text.trim_end().ends_with("</testsuites>"));
}

#[test]
fn every_expectation_passes_once_and_fails_once() {
    let d = dir("kinds");
    write(&d, "g.abnf", "digits = 1*DIGIT\n");
    let cases = r#"
[[case]]
input = "http://a/"
valid = true
[[case]]
input = "http://a/"
valid = false

[[case]]
input = "http://a/%zz"
profile = "rfc3986"
error = "pct-invalid"
[[case]]
input = "http://a/%zz"
profile = "rfc3986"
error = "illegal-char"

[[case]]
input = "http://a/%zz"
profile = "rfc3986"
error_at = 9
[[case]]
input = "http://a/%zz"
profile = "rfc3986"
error_at = 0

[[case]]
input = "http://h.example/p"
components = { host = "h.example" }
[[case]]
input = "http://h.example/p"
components = { host = "p" }

[[case]]
input = "HTTP://A/"
forms = { canonical = "http://a/" }
[[case]]
input = "HTTP://A/"
forms = { canonical = "HTTP://A/" }

[[case]]
input = "HTTP://A/"
equivalent = "http://a/"
step = "RFC 3986 §6.2.2"
[[case]]
input = "HTTP://A/"
equivalent = "http://b/"

[[case]]
input = "http://a/"
not_equivalent = "http://b/"
[[case]]
input = "http://a/"
not_equivalent = "HTTP://A/"

[[case]]
input = "HTTP://A/"
equivalent = "http://a/"
step = "RFC 3986 §6.2.1"

[[case]]
input = "g"
base = "http://a/b/c"
target = "http://a/b/g"
[[case]]
input = "g"
base = "http://a/b/c"
target = "http://a/g"

[[case]]
input = "g"
base = "urn:a:b"
target = "error"
[[case]]
input = "g"
base = "http://a/b/c"
target = "error"

[[case]]
input = "123"
parses = true
grammar = "g.abnf"
start = "digits"
[[case]]
input = "12a"
parses = true
grammar = "g.abnf"
start = "digits"
"#;
    let f = write(&d, "kinds.toml", cases);
    let o = idbench(&["test", &f, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("JSON");
    let fields: Vec<(u64, &str)> = v["failures"]
        .as_array()
        .expect("failures")
        .iter()
        .map(|f| {
            (
                f["index"].as_u64().unwrap_or(0),
                f["field"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        fields,
        [
            (2, "valid"),
            (4, "error"),
            (6, "error_at"),
            (8, "components.host"),
            (10, "forms.canonical"),
            (12, "equivalent"),
            (14, "not_equivalent"),
            (15, "step"),
            (17, "target"),
            (19, "target"),
            (21, "parses"),
        ],
        "{}",
        out(&o)
    );
    assert_eq!(v["cases"], 21);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_file_where_every_case_passes_exits_0_with_nothing_on_stdout() {
    let d = dir("pass");
    let f = write(
        &d,
        "ok.toml",
        "[[case]]\ninput = \"http://a/\"\nvalid = true\n",
    );
    let o = idbench(&["test", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), "");
    assert_eq!(err(&o), "1 cases, 1 passed, 0 failed\n");
}

/// Runs `idbench test` on a file holding `text` and returns its stderr; it must exit 2.
fn malformed(tag: &str, name: &str, text: &str) -> (String, String) {
    let d = dir(tag);
    let f = write(&d, name, text);
    let o = idbench(&["test", &f, "--format", "json"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert_eq!(out(&o), "", "nothing on stdout");
    (f, err(&o))
}

#[test]
fn a_file_that_is_not_toml_exits_2_naming_line_and_column() {
    let (f, e) = malformed(
        "syntax",
        "bad.toml",
        "[[case]]\ninput = \"a\"\nvalid = tru\n",
    );
    assert!(
        e.starts_with(&format!("idbench: {f}:3:9: not valid TOML")),
        "{e}"
    );
}

#[test]
fn an_unknown_key_exits_2_naming_line_and_column() {
    let (f, e) = malformed(
        "unknown",
        "typo.toml",
        "[[case]]\ninput = \"http://a/\"\nvalid = true\n\n[[case]]\ninput = \"http://a/\"\n   vaild = false\n",
    );
    assert!(
        e.starts_with(&format!("idbench: {f}:7:4: unknown key `vaild`")),
        "{e}"
    );
    let (f, e) = malformed("top", "top.toml", "title = \"x\"\n");
    assert!(
        e.starts_with(&format!("idbench: {f}:1:1: unknown key `title`")),
        "{e}"
    );
}

#[test]
fn a_case_without_expectation_exits_2_naming_line_and_column() {
    let (f, e) = malformed(
        "empty",
        "empty.toml",
        "[[case]]\ninput = \"http://a/\"\nvalid = true\n\n[[case]]\ninput = \"http://b/\"\nnote = \"looked at\"\n",
    );
    assert_eq!(
        e,
        format!(
            "idbench: {f}:5:1: a case expects nothing: give valid, error, error_at, components, forms, equivalent, not_equivalent, target or parses\n"
        )
    );
}

#[test]
fn wrong_types_unknown_codes_and_missing_grammars_exit_2() {
    let (f, e) = malformed(
        "types",
        "t.toml",
        "[[case]]\ninput = \"a\"\nvalid = \"yes\"\n",
    );
    assert!(
        e.contains(&format!("{f}:3:9: `valid` must be true or false")),
        "{e}"
    );
    let (f, e) = malformed(
        "code",
        "c.toml",
        "[[case]]\ninput = \"a\"\nerror = \"no-such-code\"\n",
    );
    assert!(
        e.contains(&format!("{f}:3:9: `error` names no diagnostic code")),
        "{e}"
    );
    let (f, e) = malformed(
        "gram",
        "g.toml",
        "[[case]]\ninput = \"a\"\nparses = true\ngrammar = \"missing.abnf\"\nstart = \"x\"\n",
    );
    assert!(
        e.contains(&format!("{f}:4:11: grammar missing.abnf: cannot read")),
        "{e}"
    );
}

const URLTESTDATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/whatwg/older/urltestdata.json"
);
const TOASCII: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/whatwg/older/toascii.json"
);

/// All of WPT's urltestdata.json passes through `idbench test` under the URL Standard, but
/// for the cases the implemented revision changes: those are known disagreements, each with
/// the change, not failures.
#[test]
fn urltestdata_passes_with_the_standards_changes_listed() {
    let o = idbench(&["test", URLTESTDATA]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        err(&o),
        "869 cases, 861 passed, 8 known disagreements (listed with why), 0 failed\n"
    );
    let text = out(&o);
    let known: Vec<&str> = text.lines().collect();
    assert_eq!(known.len(), 8, "{text}");
    assert!(
        known
            .iter()
            .all(|l| l.contains("known disagreement: whatwg/url a8d5ca3")),
        "{text}"
    );
    assert!(
        text.contains("urltestdata.json:9340: case 794 https://xn--/: known"),
        "{text}"
    );
    let o = idbench(&["test", URLTESTDATA, TOASCII, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("JSON");
    assert_eq!(v["cases"], 912);
    assert_eq!(v["failed"], 0);
    assert_eq!(v["known"], 15);
    assert_eq!(v["known_disagreements"][0]["line"], 3956);
    assert_eq!(v["known_disagreements"][0]["field"], "failure");
    let o = idbench(&["test", TOASCII, "--format", "tap"]);
    assert_eq!(out(&o).matches("# TODO known disagreement").count(), 7);
    let o = idbench(&["test", TOASCII, "--format", "junit"]);
    assert!(
        out(&o).contains("failures=\"0\" errors=\"0\" skipped=\"7\""),
        "{}",
        out(&o)
    );
}

/// A WPT-shaped file with a wrong expectation fails at its line, naming the getter; a
/// malformed one says where.
#[test]
fn a_wpt_case_that_disagrees_fails_at_its_line() {
    let d = dir("wpt");
    let f = write(
        &d,
        "u.json",
        "[\n  \"comment\",\n  {\"input\": \"http://0x7f.1/\", \"base\": null, \"href\": \"http://127.0.0.1/\", \"hostname\": \"127.0.0.1\"},\n  {\"input\": \"b\\\\c\", \"base\": \"https://h/a/\", \"pathname\": \"/a/b\\\\c\"}\n]\n",
    );
    let o = idbench(&["test", &f]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert_eq!(err(&o), "2 cases, 1 passed, 1 failed\n");
    assert_eq!(
        out(&o),
        format!("{f}:4: case 2 b\\c: pathname: expected /a/b\\c, got /a/b/c\n")
    );
    let (f, e) = malformed("wpt-bad", "bad.json", "[\n  {\"base\": null}\n]\n");
    assert_eq!(
        e,
        format!("idbench: {f}:2:1: a case needs `input`, a string\n")
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_naming_its_path() {
    let d = dir("fifo");
    let p = d.join("cases.toml");
    let made = Command::new("mkfifo").arg(&p).status().expect("mkfifo");
    assert!(made.success());
    let o = idbench(&["test", &p.display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains(&format!("{}: cannot read: not a regular file", p.display())),
        "{}",
        err(&o)
    );
}

#[test]
fn the_profile_option_applies_to_cases_naming_none() {
    let d = dir("profile");
    // Valid under rfc3987 (an IRI), not under rfc3986.
    let f = write(
        &d,
        "p.toml",
        "[[case]]\ninput = \"http://例え/\"\nvalid = true\n\n[[case]]\ninput = \"http://例え/\"\nprofile = \"rfc3987\"\nvalid = true\n",
    );
    let o = idbench(&["test", &f, "--profile", "rfc3986", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("JSON");
    assert_eq!(v["failed"], 1, "{v}");
    assert_eq!(v["failures"][0]["index"], 1);
    let o = idbench(&["test", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
}

#[test]
fn the_examples_ids_line_format_is_read_too() {
    let d = dir("ids");
    let f = write(
        &d,
        "set.txt",
        "@profile rfc3986\n[mine]\nhttp://a/\tvalid\nhttp://a b/\tvalid\nHTTP://A/\t==\thttp://a/\nhttp://a/b/c\t+\tg\t=>\thttp://a/b/g\n",
    );
    let o = idbench(&["test", &f, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).expect("JSON");
    assert_eq!(
        (v["cases"].as_u64(), v["failed"].as_u64()),
        (Some(4), Some(1)),
        "{v}"
    );
    assert_eq!(v["failures"][0]["line"], 4);
    let bad = write(&d, "bad.txt", "http://a/\tvalid\nhttp://a/\tmaybe\tx\n");
    let o = idbench(&["test", &bad]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains(&format!("{bad}:2:1: cannot read entry")),
        "{}",
        err(&o)
    );
}

#[test]
fn untrusted_text_is_shown_as_tokens_in_text_and_tap_and_escaped_in_json_and_xml() {
    let d = dir("hostile");
    let f = write(
        &d,
        "h.toml",
        "[[case]]\ninput = \"http://a/\\u001b[31m\\u202e#x<&>\\u0001\"\nvalid = true\n",
    );
    for format in ["text", "tap"] {
        let o = idbench(&["test", &f, "--format", format]);
        let s = out(&o);
        assert!(
            !s.contains(['\u{1b}', '\u{202e}', '\u{1}']),
            "{format}: {s:?}"
        );
        assert!(s.contains("⟨U+001B⟩[31m⟨U+202E⟩"), "{format}: {s}");
    }
    let tap = out(&idbench(&["test", &f, "--format", "tap"]));
    assert!(
        tap.contains("⟨U+0023⟩x") && !tap.contains("\\#"),
        "a # in a TAP description is a token (TAP 13 has no escape): {tap}"
    );
    let json = out(&idbench(&["test", &f, "--format", "json"]));
    assert!(json.contains("\\u001b[31m\\u202e#x<&>\\u0001"), "{json}");
    let xml = out(&idbench(&["test", &f, "--format", "junit"]));
    assert!(!xml.contains(['\u{1b}', '\u{1}', '\u{202e}']), "{xml:?}");
    assert!(
        xml.contains("⟨U+001B⟩[31m⟨U+202E⟩#x&lt;&amp;&gt;⟨U+0001⟩"),
        "{xml}"
    );
}

/// Issue 34 item 3: JUnit shows C1 controls (the 8-bit CSI among them), bidi controls and
/// line separators as the tokens the text and TAP reports show, in test names and in
/// failure messages, and no character XML 1.0 cannot carry reaches it.
#[test]
fn junit_shows_c1_bidi_and_separators_as_the_tokens_text_shows() {
    let d = dir("junit-c1");
    let f = write(
        &d,
        "c1.toml",
        "[[case]]\ninput = \"http://a/\\u0085x\\u009b31m\\u202e\\u2028\\u2029\\u0007\\ufffe\\uffff\"\nvalid = true\nprofile = \"rfc3986\"\n\n[[case]]\ninput = \"http://b/\"\nforms = { canonical = \"x\\u009b\\u0085\\u202e\\u2028y\" }\n",
    );
    let raw = [
        '\u{85}', '\u{9b}', '\u{202e}', '\u{2028}', '\u{2029}', '\u{7}', '\u{fffe}', '\u{ffff}',
    ];
    let o = idbench(&["test", &f, "--format", "junit"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let xml = out(&o);
    for c in raw {
        assert!(!xml.contains(c), "raw U+{:04X} in {xml:?}", c as u32);
    }
    // Every character of the report is one XML 1.0 allows.
    for c in xml.chars() {
        let ok = matches!(c, '\t' | '\n' | '\r')
            || ('\u{20}'..='\u{D7FF}').contains(&c)
            || ('\u{E000}'..='\u{FFFD}').contains(&c)
            || c >= '\u{10000}';
        assert!(ok, "U+{:04X} is not XML", c as u32);
    }
    let tokens = "⟨U+0085⟩x⟨U+009B⟩31m⟨U+202E⟩⟨U+2028⟩⟨U+2029⟩⟨U+0007⟩⟨U+FFFE⟩⟨U+FFFF⟩";
    let name = xml
        .lines()
        .find(|l| l.contains("<testcase ") && l.contains("http://a/"))
        .unwrap_or_default();
    assert!(name.contains(tokens), "the test name: {name}");
    let failure = xml
        .lines()
        .find(|l| l.contains("<failure ") && l.contains("forms.canonical"))
        .unwrap_or_default();
    let want = "x⟨U+009B⟩⟨U+0085⟩⟨U+202E⟩⟨U+2028⟩y";
    assert_eq!(
        failure.matches(want).count(),
        2,
        "message and body: {failure}"
    );
    // The text report shows the same tokens.
    let text = out(&idbench(&["test", &f]));
    assert!(text.contains(tokens), "{text}");
    assert!(text.contains(want), "{text}");
}

/// Issue 34 item 12: a file with no case is an error, not a pass.
#[test]
fn a_file_with_no_case_exits_2_saying_so() {
    let d = dir("nocases");
    for (name, text) in [
        ("empty.toml", ""),
        ("empty.txt", ""),
        ("comments.toml", "# nothing yet\n\n   \n# still nothing\n"),
        ("comments.txt", "# nothing\n\n"),
        ("shows.txt", "http://a/\nkey = value\n"),
        ("nothing.json", "[\"a comment\"]"),
    ] {
        let f = write(&d, name, text);
        let o = idbench(&["test", &f]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", err(&o));
        assert!(
            err(&o).starts_with(&format!("idbench: no cases in {f}")),
            "{name}: {}",
            err(&o)
        );
        assert_eq!(out(&o), "", "{name}");
    }
    // TOML cases in a file not named .toml: said, with what to do.
    let toml = "[[case]]\ninput = \"http://a/\"\nvalid = true\n\n[[case]]\ninput = \"http://a b/\"\nprofile = \"rfc3986\"\nvalid = false\n";
    let f = write(&d, "cases.txt", toml);
    let o = idbench(&["test", &f]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let e = err(&o);
    assert!(e.contains(&format!("no cases in {f}")), "{e}");
    assert!(e.contains("`[[case]]` tables (line 1)"), "{e}");
    assert!(e.contains("rename it to end in .toml"), "{e}");
    // Named .toml, the same text runs.
    let f = write(&d, "cases.toml", toml);
    let o = idbench(&["test", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // One empty file among good ones still fails the run.
    let empty = write(&d, "e.toml", "");
    let o = idbench(&["test", &f, &empty]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
}

/// Issue 34 item 2: the file a cases file names as its grammar stays in its folder, and a
/// file that does not read as ABNF is reported without its words, in every format.
#[test]
fn a_grammar_outside_the_folder_is_refused_and_a_private_file_is_never_quoted() {
    let d = dir("secret");
    let home = d.join("home");
    let cases_dir = d.join("cases");
    std::fs::create_dir_all(&home).expect("home");
    std::fs::create_dir_all(cases_dir.join("sub")).expect("cases");
    let secret = write(&home, "credentials", "password = s3cr3tvalue\n");
    write(&cases_dir, "inside.txt", "password = s3cr3tvalue\n");
    write(&cases_dir, "broken.abnf", "password := {s3cr3tvalue}\n");
    write(&home, "good.abnf", "thing = \"x\"\n");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&secret, cases_dir.join("link.abnf")).expect("link");
        std::os::unix::fs::symlink(&home, cases_dir.join("sub/home")).expect("dir link");
    }
    let case = |grammar: &str| {
        format!(
            "[[case]]\ninput = \"x\"\nparses = true\ngrammar = {}\nstart = \"password\"\n",
            toml_string(grammar)
        )
    };
    let outside: Vec<String> = {
        let mut v = vec![
            secret.clone(),
            "../home/credentials".to_string(),
            "sub/../../home/credentials".to_string(),
        ];
        if cfg!(unix) {
            v.push("link.abnf".into());
            v.push("sub/home/credentials".into());
        }
        v
    };
    for (i, g) in outside.iter().enumerate() {
        let f = write(&cases_dir, &format!("out{i}.toml"), &case(g));
        for format in ["text", "json", "tap", "junit"] {
            let o = idbench(&["test", &f, "--format", format]);
            assert_eq!(o.status.code(), Some(2), "{g}: {}", err(&o));
            assert!(
                err(&o).contains("--allow-outside-grammar"),
                "{g} {format}: {}",
                err(&o)
            );
            let all = format!("{}{}", out(&o), err(&o));
            assert!(!all.contains("s3cr3tvalue"), "{g} {format}: {all}");
        }
        // Allowed, the file is read, and still not quoted.
        for format in ["text", "json", "tap", "junit"] {
            let o = idbench(&["test", "--allow-outside-grammar", &f, "--format", format]);
            assert_eq!(o.status.code(), Some(2), "{g}: {}", err(&o));
            let all = format!("{}{}", out(&o), err(&o));
            assert!(all.contains("does not read as ABNF"), "{g} {format}: {all}");
            assert!(!all.contains("s3cr3tvalue"), "{g} {format}: {all}");
            assert!(!all.contains("password ="), "{g} {format}: {all}");
        }
    }
    // Inside the folder, a file that is not a grammar is not quoted either: neither one
    // that reads as ABNF with errors, nor one that does not read at all.
    for g in ["inside.txt", "broken.abnf"] {
        let f = write(&cases_dir, "in.toml", &case(g));
        for format in ["text", "json", "tap", "junit"] {
            let o = idbench(&["test", &f, "--format", format]);
            assert_eq!(o.status.code(), Some(2), "{g}: {}", err(&o));
            let e = err(&o);
            assert!(
                e.contains(&format!("grammar {g} does not read as ABNF (")),
                "{e}"
            );
            assert!(e.contains("run `idbench grammar check "), "{e}");
            let all = format!("{}{e}", out(&o));
            assert!(!all.contains("s3cr3tvalue"), "{g} {format}: {all}");
        }
    }
    // A good grammar outside runs with the flag, and not without it.
    let good = home.join("good.abnf").display().to_string();
    let f = write(
        &cases_dir,
        "good.toml",
        &case(&good).replace("\"password\"", "\"thing\""),
    );
    assert_eq!(idbench(&["test", &f]).status.code(), Some(2));
    let o = idbench(&["test", "--allow-outside-grammar", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

/// `s` as a TOML basic string.
fn toml_string(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Issue 34 item 13: `draft --cases` refuses a cases file its grammar would overwrite.
#[test]
fn draft_refuses_cases_named_as_its_grammar() {
    let d = dir("draftsame");
    let spec = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/specs/rfc3986.txt");
    for name in ["out.abnf", "sub/../out.abnf", "OUT.ABNF"] {
        if name.starts_with("sub") {
            std::fs::create_dir_all(d.join("sub")).expect("sub");
        }
        let cases = d.join(name);
        let o = idbench(&["draft", spec, "--cases", &cases.display().to_string()]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", err(&o));
        assert!(
            err(&o).contains("which is this same file"),
            "{name}: {}",
            err(&o)
        );
        assert_eq!(out(&o), "", "{name}: nothing done");
    }
    assert!(!d.join("out.abnf").exists(), "nothing written");
    assert!(!d.join("OUT.ABNF").exists(), "nothing written");
    // A hard link: out.toml and out.abnf one file.
    #[cfg(unix)]
    {
        let cases = d.join("out.toml");
        std::fs::write(&cases, "keep\n").expect("cases");
        std::fs::hard_link(&cases, d.join("out.abnf")).expect("hard link");
        let o = idbench(&["draft", spec, "--cases", &cases.display().to_string()]);
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        assert_eq!(std::fs::read_to_string(&cases).expect("kept"), "keep\n");
    }
}

#[test]
fn draft_writes_its_examples_as_cases_that_pass_with_the_grammar_beside_them() {
    let d = dir("draft");
    let spec = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/specs/rfc3986.txt");
    let cases = d.join("rfc3986-cases.toml");
    let o = idbench(&["draft", spec, "--cases", &cases.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("wrote 82 cases to"), "{}", err(&o));
    let text = std::fs::read_to_string(&cases).expect("cases written");
    let grammar = d.join("rfc3986-cases.abnf");
    let abnf = std::fs::read_to_string(&grammar).expect("grammar written beside");
    assert!(abnf.contains("URI-reference"), "{abnf}");
    assert_eq!(text.matches("[[case]]").count(), 82);
    assert_eq!(text.matches("grammar = \"rfc3986-cases.abnf\"").count(), 82);
    assert!(text.contains("input = \"ftp://ftp.is.co.za/rfc/rfc1808.txt\"\nprofile = \"rfc3986\"\nvalid = true\nparses = true\n"));
    assert!(text.contains("start = \"URI-reference\""));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        for p in [&cases, &grammar] {
            let mode = std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{} is private", p.display());
        }
    }
    let o = idbench(&["test", &cases.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    assert_eq!(err(&o), "82 cases, 82 passed, 0 failed\n");
}

#[cfg(unix)]
#[test]
fn draft_does_not_follow_a_link_planted_at_its_cases_file() {
    let d = dir("draftlink");
    let victim = d.join("victim.txt");
    std::fs::write(&victim, "keep\n").expect("victim");
    let cases = d.join("out.toml");
    std::os::unix::fs::symlink(&victim, &cases).expect("symlink");
    let spec = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/specs/rfc3986.txt");
    let o = idbench(&["draft", spec, "--cases", &cases.display().to_string()]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("is a symbolic link"), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(&victim).expect("victim"), "keep\n");
}

#[test]
fn the_sample_cases_file_passes() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/cases/sample.toml");
    let o = idbench(&["test", sample]);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    assert_eq!(err(&o), "10 cases, 10 passed, 0 failed\n");
}
