use std::path::Path;

use super::*;

fn read(text: &str) -> Result<Vec<Case>, Vec<LoadError>> {
    parse_toml(text, "t.toml", Path::new("."), GrammarPaths::Inside)
}

#[test]
fn every_shipped_set_passes_as_cases() {
    let mut failures = Vec::new();
    let mut n = 0;
    for (name, text) in crate::idsets::SETS.iter() {
        let cases = parse_ids(text, name).unwrap_or_default();
        for c in &cases {
            n += 1;
            for f in run(c, None) {
                failures.push(format!(
                    "{name}:{} {:?} {}: expected {} got {}",
                    c.line, c.input, f.field, f.expected, f.got
                ));
            }
        }
    }
    assert!(n > 100, "{n}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_case_is_placed_at_its_header_line() {
    let cases = read("# c\n\n[[case]]\ninput = \"http://a/\"\nvalid = true\n\n[[case]]\n\ninput = \"x\"\nvalid = false\n  [[case]] # c\n# c\n\ninput = \"y\"\nvalid = true\n")
        .expect("reads");
    assert_eq!(cases.iter().map(|c| c.line).collect::<Vec<_>>(), [3, 7, 11]);
}

#[test]
fn unknown_keys_and_empty_cases_name_line_and_column() {
    let errs = read("[[case]]\ninput = \"a\"\n  vaild = true\n\n[[case]]\ninput = \"b\"\n")
        .expect_err("two errors");
    let at: Vec<(usize, usize)> = errs.iter().map(|e| (e.line, e.column)).collect();
    assert_eq!(at, [(3, 3), (5, 1)], "{errs:?}");
    assert!(errs[0].message.contains("vaild"));
    assert!(errs[1].message.contains("expects nothing"));
}

#[test]
fn a_saved_case_reads_back_the_same() {
    let c = Case {
        line: 1,
        input: "http://a/\u{1b}\"x".into(),
        profile: Some(Some(Profile::Rfc3986)),
        base: Some("http://b/".into()),
        expect: Expect {
            valid: Some(false),
            error: Some(crate::engine::Code::ALL[0].as_str().into()),
            error_at: Some(3),
            forms: vec![
                ("a b".into(), "\n".into()),
                ("canonical".into(), "q".into()),
            ],
            components: vec![("r-component".into(), "z".into())],
            equivalent: Some(("y".into(), false)),
            step: Some("RFC 3986 §6.2.2".into()),
            target: Some(TargetExpect::Fails),
            ..Expect::default()
        },
        note: Some("n".into()),
    };
    let text = to_toml(&c);
    let back = read(&text).expect("reads back");
    assert_eq!(back.len(), 1);
    assert_eq!(to_toml(&back[0]), text);
}

#[test]
fn inline_cases_are_placed_at_their_braces() {
    let cases = read("case = [\n  { input = \"http://a b/\", profile = \"rfc3986\", valid = false },\n  { input = \"http://a/\", valid = true },\n]\n")
        .expect("reads");
    assert_eq!(cases.iter().map(|c| c.line).collect::<Vec<_>>(), [2, 3]);
    assert!(cases.iter().all(|c| run(c, None).is_empty()));
}

#[test]
fn a_whole_file_error_names_the_file_once() {
    let e = |file: &str, message: &str| {
        LoadError {
            file: file.into(),
            line: 0,
            column: 0,
            message: message.into(),
        }
        .to_string()
    };
    assert_eq!(
        e("t", "cannot read: not UTF-8"),
        "t: cannot read: not UTF-8"
    );
    assert_eq!(
        e("a.txt", "no cases in a.txt: why"),
        "no cases in a.txt: why"
    );
    assert_eq!(e("b", "no cases in a: why"), "b: no cases in a: why");
}
