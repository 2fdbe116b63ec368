//! The lab profile (what `tui --grammar` parses on every keystroke) within its budget: an
//! input its grammar is too ambiguous for gets one error saying so, at once, and no parse
//! in the analysis; the next input is parsed as usual.

use std::sync::Arc;

use idbench::engine::abnf::Grammar;
use idbench::engine::abnf::lab::{self, Lab};
use idbench::engine::{Code, Options, Profile, Severity, analyze_in};

#[test]
fn an_input_over_the_lab_budget_gets_an_error_not_a_hang() {
    let text = "E = E \"+\" E / \"a\"\n";
    let g = Grammar::from_text(text).expect("reads");
    let l = Arc::new(Lab::new(g, "E", text, None).expect("made"));
    let options = Options {
        profile: Some(Profile::Lab),
        ..Options::full()
    };
    let analyze = |input: &str, options: &Options| analyze_in(input, options, Some(&l));
    let input = vec!["a"; 1000].join("+");
    let a = analyze(&input, &options);
    assert!(!a.valid());
    let errors: Vec<_> = a
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::GrammarOverBudget);
    assert!(
        errors[0].message.contains("over budget") && errors[0].message.contains("too ambiguous"),
        "{}",
        errors[0].message
    );
    assert_eq!((errors[0].span.start, errors[0].span.end), (0, input.len()));
    assert!(a.lab.as_ref().is_some_and(|l| l.parse.is_none()));
    // A short input still parses, with its count.
    let a = analyze("a+a+a", &options);
    assert!(a.valid());
    let parse = a.lab.and_then(|l| l.parse).expect("the parse");
    assert_eq!(lab::count_phrase(parse.count), "2 parses");
}
