//! `engine::abnf::check` and the reader's errors: codes, lines and columns.

use idbench::engine::abnf::{CheckReport, Grammar, Severity, check, codes};

fn codes_at(r: &CheckReport) -> Vec<(&'static str, usize, usize, Option<&str>)> {
    r.problems
        .iter()
        .map(|p| (p.code, p.line, p.column, p.rule.as_deref()))
        .collect()
}

#[test]
fn a_clean_grammar_has_no_problems() {
    let r = check(include_str!("data/abnf/rfc8141.abnf"), Some("namestring"));
    assert!(!r.has_errors(), "{:#?}", r.problems);
    assert_eq!(r.rules.len(), 15);
    assert_eq!(r.rules[0], "namestring");
    assert!(r.problems.is_empty(), "{:#?}", r.problems);
}

#[test]
fn undefined_duplicate_and_early_incremental() {
    let text = "a = b / c\n\
                b = \"x\"\n\
                b = \"y\"\n\
                c =/ \"z\"\n\
                c = \"w\" d\n";
    let r = check(text, None);
    assert_eq!(
        codes_at(&r),
        vec![
            (codes::DUPLICATE, 3, 1, Some("b")),
            (codes::INCREMENTAL_FIRST, 4, 1, Some("c")),
            (codes::UNDEFINED, 5, 9, Some("d")),
        ]
    );
    assert!(r.problems.iter().all(|p| p.severity == Severity::Error));
    assert!(
        r.problems[0].message.contains("=/"),
        "{}",
        r.problems[0].message
    );
    assert!(Grammar::from_text(text).is_err());
}

#[test]
fn unused_and_unreachable_are_notes() {
    let text =
        "top = \"x\" mid\nmid = \"y\"\nlonely = \"z\"\nisland = \"q\" islet\nislet = \"r\"\n";
    let r = check(text, None);
    let got = codes_at(&r);
    assert_eq!(
        got,
        vec![
            (codes::UNUSED, 3, 1, Some("lonely")),
            (codes::UNUSED, 4, 1, Some("island")),
            (codes::UNREACHABLE, 5, 1, Some("islet")),
        ]
    );
    assert!(r.problems.iter().all(|p| p.severity == Severity::Note));
    // From another start rule, `top` is the unused one.
    let r = check(text, Some("island"));
    assert!(codes_at(&r).contains(&(codes::UNUSED, 1, 1, Some("top"))));
    assert!(codes_at(&r).contains(&(codes::UNREACHABLE, 2, 1, Some("mid"))));
    let r = check(text, Some("nowhere"));
    assert!(r.has_errors());
}

#[test]
fn syntax_errors_have_line_and_column_and_reading_goes_on() {
    let text = "a = \"x\" (b\nb = \"y\"\nc = %x4G\nd = \"unclosed\ne = 3*2\"x\"\nf = a ] \ng = \"ok\" / \n    =bad\n";
    let r = check(text, None);
    let syntax: Vec<(usize, usize)> = r
        .problems
        .iter()
        .filter(|p| p.code == codes::SYNTAX)
        .map(|p| (p.line, p.column))
        .collect();
    assert_eq!(
        syntax,
        vec![(1, 9), (3, 8), (4, 5), (5, 5), (6, 7), (8, 5)],
        "{:#?}",
        r.problems
    );
    // `b` read fine after the broken `a`.
    assert!(r.rules.contains(&"b".to_string()));
}

#[test]
fn rfc_layouts_read() {
    // The whole block indented, CRLF line ends, continuation lines, comments.
    let text = "   rule-a  = \"x\" rule-b ; a comment\r\n               / \"y\"\r\n\r\n   rule-b  =  %d48-57\r\n                ; 0-9\r\n";
    let g = Grammar::from_text(text).expect("reads");
    assert_eq!(g.rules(), ["rule-a", "rule-b"]);
    let p = g
        .parse("Rule-A", "x5", &Default::default())
        .expect("start rule, case-insensitive");
    assert!(p.valid);
}

#[test]
fn cycles_are_warned() {
    let r = check("a = b / \"x\"\nb = a\n", None);
    assert!(
        r.problems
            .iter()
            .any(|p| p.code == codes::CYCLE && p.severity == Severity::Warning),
        "{:#?}",
        r.problems
    );
    assert!(
        !check("a = \"(\" a \")\" / \"\"\n", None)
            .problems
            .iter()
            .any(|p| p.code == codes::CYCLE)
    );
}

#[test]
fn prose_is_noted() {
    let r = check("a = <anything at all>\n", None);
    assert_eq!(codes_at(&r), vec![(codes::PROSE, 1, 1, Some("a"))]);
}

#[test]
fn core_rules_are_built_in_and_overridable() {
    let g = Grammar::from_text("a = 1*HEXDIG LWSP\n").unwrap();
    assert!(
        g.parse("a", "fF0 \r\n ", &Default::default())
            .unwrap()
            .valid
    );
    let g = Grammar::from_text("a = 1*DIGIT\nDIGIT = \"0\" / \"1\"\n").unwrap();
    assert!(g.parse("a", "0110", &Default::default()).unwrap().valid);
    assert!(!g.parse("a", "012", &Default::default()).unwrap().valid);
}

/// The problems of `text` with one of these codes: code, line, column, byte offset.
fn with_codes(text: &str, want: &[&str]) -> Vec<(&'static str, usize, usize, usize)> {
    check(text, None)
        .problems
        .iter()
        .filter(|p| want.contains(&p.code))
        .map(|p| (p.code, p.line, p.column, p.offset))
        .collect()
}

const LETTER: [&str; 3] = [
    codes::COMMENT_CHARACTER,
    codes::CONTINUATION_NOT_INDENTED,
    codes::RULE_INDENTATION,
];

#[test]
fn a_comment_holds_only_wsp_and_vchar() {
    // RFC 5234 §4: `comment = ";" *(WSP / VCHAR) CRLF`. U+0080 (bytes C2 80), a control
    // and a form feed are neither: a warning at the first such character of each comment.
    let text = "a = \"x\" ; caf\u{80}\r\nb = \"y\" ; tab\tok \u{1} bell\nc = \"z\" ;\u{c}\n";
    let r = check(text, None);
    let got = with_codes(text, &LETTER);
    assert_eq!(
        got,
        [
            (codes::COMMENT_CHARACTER, 1, 14, 13),
            (codes::COMMENT_CHARACTER, 2, 18, 34),
            (codes::COMMENT_CHARACTER, 3, 10, 50),
        ],
        "{:#?}",
        r.problems
    );
    for p in r
        .problems
        .iter()
        .filter(|p| p.code == codes::COMMENT_CHARACTER)
    {
        assert_eq!(p.severity, Severity::Warning);
        assert!(p.message.contains("RFC 5234 §4"), "{}", p.message);
    }
    assert!(
        r.problems[0].message.contains("U+0080"),
        "{:#?}",
        r.problems
    );
    // A warning, not an error: the grammar still compiles and parses.
    assert!(!r.has_errors());
    assert!(Grammar::from_text(text).is_ok());
    // Not comments: a `;` in a quoted string or in prose, and the CR of a CRLF.
    let clean = "a = \";\" / <any; é> ; all VCHAR ~!\r\n";
    assert_eq!(with_codes(clean, &LETTER), []);
}

#[test]
fn a_continuation_line_is_indented_past_its_rule() {
    // RFC 5234 §3.1 and §4: `c-wsp = WSP / (c-nl WSP)`: after a line break inside a rule,
    // white space. A line at the rule's own column is read on, and warned of.
    let text = "a = \"x\"\n/ \"y\"\nb = \"z\"\n";
    let r = check(text, None);
    assert_eq!(
        with_codes(text, &LETTER),
        [(codes::CONTINUATION_NOT_INDENTED, 2, 1, 8)],
        "{:#?}",
        r.problems
    );
    let p = &r.problems[0];
    assert_eq!(
        (p.severity, p.rule.as_deref()),
        (Severity::Warning, Some("a"))
    );
    assert!(
        p.message.contains("§3.1") && p.message.contains("§4"),
        "{}",
        p.message
    );
    let g = Grammar::from_text(text).expect("still reads");
    assert!(g.parse("a", "y", &Default::default()).unwrap().valid);
    // An RFC's block, indented as a whole: the continuation must be deeper than the rule.
    let block = "   a = \"x\"\n   / \"y\"\n";
    assert_eq!(
        with_codes(block, &LETTER),
        [(codes::CONTINUATION_NOT_INDENTED, 2, 4, 14)]
    );
    assert_eq!(with_codes("   a = \"x\"\n    / \"y\"\n", &LETTER), []);
    // A comment line at column 1 between rules is no continuation.
    assert_eq!(with_codes("a = \"x\"\n; note\nb = a\n", &LETTER), []);
}

#[test]
fn bap_invalid002_rules_indented_differently_are_warned() {
    // Bill Fenner's ABNF parser, tests/invalids/invalid002.txt ("parsing indented rules
    // with different indentation"), which bap refuses ("Indented rules are Right Out"): by
    // RFC 5234 §4 a rule starts at its line's start and a line that begins with white
    // space continues the rule before.
    let text = "; parsing indented rules with different indentation\n  ABNF = test\n\n    test = \"test\"\n";
    let r = check(text, None);
    assert_eq!(
        with_codes(text, &LETTER),
        [(codes::RULE_INDENTATION, 4, 5, 71)],
        "{:#?}",
        r.problems
    );
    assert!(r.problems.iter().any(|p| p.code == codes::RULE_INDENTATION
        && p.severity == Severity::Warning
        && p.rule.as_deref() == Some("test")
        && p.message.contains("RFC 5234 §4")));
    // The two rules are still read.
    assert_eq!(r.rules, ["ABNF", "test"]);
}

#[test]
fn the_grammars_of_the_test_data_keep_to_the_letter() {
    for name in ["core.abnf", "rfc3986.abnf", "rfc8141.abnf"] {
        let p = format!("{}/tests/data/abnf/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&p).expect("read");
        assert_eq!(with_codes(&text, &LETTER), [], "{name}");
    }
    // The layout RFC texts print, indented as a whole with comments and CRLF.
    let text = "   rule-a  = \"x\" rule-b ; a comment\r\n               / \"y\"\r\n\r\n   rule-b  =  %d48-57\r\n                ; 0-9\r\n";
    assert_eq!(with_codes(text, &LETTER), []);
}

/// Every grammar file idbench ships (the URN namespaces' grammars) and every grammar of the
/// test data is read by `grammar check` with no problem beyond notes: a grammar shipped
/// with a character RFC 5234 §4 does not allow in a comment (or any other warning or
/// error) fails here, not in a user's run.
#[test]
fn every_shipped_grammar_file_checks_without_a_warning() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut seen = 0;
    for dir in [
        "src/engine/namespaces/abnf",
        "tests/data/grammar",
        "tests/data/abnf",
    ] {
        let mut files: Vec<_> = std::fs::read_dir(format!("{root}/{dir}"))
            .expect("read the folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "abnf"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("read");
            let report = idbench::engine::abnf::check(&text, None);
            let loud: Vec<_> = report
                .problems
                .iter()
                .filter(|p| p.severity != idbench::engine::Severity::Note)
                .map(|p| (p.code, p.line, p.column, p.message.clone()))
                .collect();
            // Some test-data grammars are broken on purpose; those say so in their name.
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if dir != "src/engine/namespaces/abnf" && (name.contains("problems")) {
                continue;
            }
            assert_eq!(loud, [], "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 12, "only {seen} grammar files were checked");
}
