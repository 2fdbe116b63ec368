//! The lab profile (what `tui --grammar` parses on every keystroke) within its budget: an
//! input its grammar is too ambiguous for gets one error saying so, at once, and no cached
//! parse; the next input is parsed as usual. Its own process: the lab profile is
//! process-wide.

use idbench::engine::abnf::{Grammar, lab};
use idbench::engine::{Code, Options, Severity, analyze};

#[test]
fn an_input_over_the_lab_budget_gets_an_error_not_a_hang() {
    let text = "E = E \"+\" E / \"a\"\n";
    let g = Grammar::from_text(text).expect("reads");
    let p = lab::register(g, "E", text).expect("registered");
    let options = Options {
        profile: Some(p),
        ..Options::full()
    };
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
    assert!(lab::parses(p, &input).is_none());
    // A short input still parses, with its count.
    let a = analyze("a+a+a", &options);
    assert!(a.valid());
    let parse = lab::parses(p, "a+a+a").expect("cached");
    assert_eq!(lab::count_phrase(parse.count), "2 parses");
}
