//! The lab profile (what `tui --grammar` parses on every keystroke) within its budget: an
//! input its grammar is too ambiguous for gets one error saying so, at once, and no parse
//! in the analysis; the next input is parsed as usual.

#[path = "abnf_agree/causes.rs"]
mod causes;
#[path = "abnf_agree/shipped.rs"]
mod shipped;

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
    let errors = errors_of(&a);
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

/// XRI 2.0's ABNF (its productions as idbench reads them) as a lab from `xri-value`, and
/// the options of an analysis under it.
fn xri2_lab() -> (Arc<Lab>, Options) {
    let text: String = idbench::engine::rules::grammar(Profile::Xri2)
        .productions()
        .iter()
        .map(|p| format!("{}\n", p.text()))
        .collect();
    let g = Grammar::from_text(&text).expect("reads");
    let l = Arc::new(Lab::new(g, "xri-value", &text, None).expect("made"));
    let options = Options {
        profile: Some(Profile::Lab),
        ..Options::full()
    };
    (l, options)
}

/// `a`'s errors, in order.
fn errors_of(a: &idbench::engine::Analysis) -> Vec<&idbench::engine::Diagnostic> {
    a.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect()
}

/// The codes of `a`'s diagnostics of severity `s`, in order.
fn by_severity(a: &idbench::engine::Analysis, s: Severity) -> Vec<Code> {
    a.diagnostics
        .iter()
        .filter(|d| d.severity == s)
        .map(|d| d.code)
        .collect()
}

/// An input whose parse is over the lab's budget but which the compiled grammar reads (the
/// recognizer of recursive grammars, within its own work): the lab gives that verdict and
/// first error, which are the parse's, with a warning that no tree comes, instead of
/// `grammar-over-budget` in place of a verdict. (XRI 2.0's ABNF on 256 KiB of
/// cross-references nested in paths: the workbench showed the verdict at the keystroke,
/// then lost it when the parse landed. At 64 KiB the parse, with its lookahead, now fits
/// the budget.)
#[test]
fn an_input_over_the_lab_budget_keeps_the_compiled_grammars_verdict() {
    let (l, options) = xri2_lab();
    let paths = shipped::xri_paths;
    // 64 KiB: the parse, with its lookahead, fits the lab's budget, and gives the tree
    // and the count of a grammar that reads the XRI in many ways.
    let a = analyze_in(&paths(65536), &options, Some(&l));
    assert!(a.valid());
    let parse = a.lab.and_then(|l| l.parse).expect("the parse");
    assert_eq!(lab::count_phrase(parse.count), "at least 1000000 parses");
    // Its trees are large (over 300,000 nodes each): the lab keeps the first whole and
    // others only while all fit its node cap, where it kept eight (about 450 MB).
    let nodes: Vec<usize> = parse.trees.iter().map(|t| t.nodes.len()).collect();
    assert!(nodes[0] > 300_000, "{nodes:?}");
    assert!(nodes.len() > 1 && nodes.len() < 8, "{nodes:?}");
    assert!(
        nodes.iter().sum::<usize>() <= lab::LAB_TREE_NODES,
        "{nodes:?}"
    );
    assert!(lab::trees_left_out(&parse));
    let paths = paths(4 * 65536);
    let a = analyze_in(&paths, &options, Some(&l));
    assert!(a.valid());
    assert!(
        a.lab.as_ref().is_some_and(|l| l.parse.is_none()),
        "over the budget"
    );
    assert_eq!(
        by_severity(&a, Severity::Warning),
        vec![Code::GrammarTreeOverBudget]
    );
    let bad = format!("{paths}^");
    let a = analyze_in(&bad, &options, Some(&l));
    assert!(!a.valid());
    assert_eq!(by_severity(&a, Severity::Error), vec![Code::UnexpectedText]);
    let e = a
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("the error");
    assert_eq!((e.span.start, e.span.end), (paths.len(), bad.len()));
    assert_eq!(
        by_severity(&a, Severity::Warning),
        vec![Code::GrammarTreeOverBudget]
    );
}

/// The workbench's nested XRI (62 KB of cross-references nested 250 deep) under XRI 2.0's
/// ABNF: the grammar reads it in quadratically many ways (its `ireg-name` takes "(", ")"
/// and every GCS character), so neither the recognizer nor the parse finishes within its
/// work. It is one `iauthority`, a match of the start rule's regular subset: the lab gives
/// "valid" with a warning that no tree comes, where it gave `grammar-over-budget` and no
/// verdict; the verdict-only twin (the workbench's keystroke) gives it without the parse.
#[test]
fn a_nested_xri_over_the_lab_budget_is_valid_by_the_regular_subset() {
    let (l, options) = xri2_lab();
    let nested = format!("{}=b{}", "=a*(".repeat(250), ")".repeat(250)).repeat(50);
    let a = analyze_in(&nested, &options, Some(&l));
    assert!(a.valid(), "{:?}", a.diagnostics);
    assert!(a.lab.as_ref().is_some_and(|l| l.parse.is_none()));
    assert_eq!(
        by_severity(&a, Severity::Warning),
        vec![Code::GrammarTreeOverBudget]
    );
    let twin = Arc::new(l.verdict_only().expect("a twin"));
    let a = analyze_in(&nested, &options, Some(&twin));
    assert!(a.valid(), "{:?}", a.diagnostics);
    assert!(a.lab.as_ref().is_some_and(|l| l.tree_pending()));
    assert!(by_severity(&a, Severity::Error).is_empty());
}

/// A near miss of that nested XRI (`^` after it, a character no rule of XRI 2.0 holds):
/// its parse is as far over the budget, and the subset does not match it. The start
/// rule's regular superset dies at the `^` while the subset reads every byte before it,
/// so the lab gives "invalid" at the `^`, the Earley parser's first offending byte, where
/// it gave `grammar-over-budget`; its message says that what was expected there is not
/// known. The workbench's twin gives the same error without the parse (its recognizer
/// gives up, and on an input this long it asks the bounds first), its tree pending.
#[test]
fn a_nested_xri_near_miss_over_the_lab_budget_is_invalid_at_its_byte() {
    let (l, options) = xri2_lab();
    let nested = format!("{}=b{}", "=a*(".repeat(250), ")".repeat(250)).repeat(50);
    let miss = format!("{nested}^");
    for (lab, twin) in [
        (Arc::clone(&l), false),
        (Arc::new(l.verdict_only().expect("a twin")), true),
    ] {
        let a = analyze_in(&miss, &options, Some(&lab));
        assert!(!a.valid());
        let errors = errors_of(&a);
        assert_eq!(errors.len(), 1, "{:?}", a.diagnostics);
        assert_eq!(errors[0].code, Code::UnexpectedText);
        assert_eq!(
            (errors[0].span.start, errors[0].span.end),
            (nested.len(), miss.len())
        );
        assert!(
            errors[0].message.contains("is not known"),
            "{}",
            errors[0].message
        );
        // The full lab says why no tree comes; the twin leaves the tree to that parse.
        let warned = by_severity(&a, Severity::Warning) == vec![Code::GrammarTreeOverBudget];
        assert_eq!(warned, !twin, "{:?}", a.diagnostics);
        assert_eq!(a.lab.as_ref().is_some_and(|l| l.tree_pending()), twin);
    }
}
