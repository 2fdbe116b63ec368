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
