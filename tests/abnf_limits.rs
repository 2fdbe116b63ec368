//! The ABNF engine's budgets: a parse makes at most its budget of Earley items and links
//! and takes at most its budget of input bytes, else a typed error (never a run of
//! minutes); generation stops when its total work is spent; the cyclic-rule warning names
//! a loop in derivation order, cut when long. Outcomes are asserted, never times (the
//! times are in the CHANGELOG and scripts/measure-abnf.sh).

use idbench::engine::abnf::r#gen::{GenOptions, generate};
use idbench::engine::abnf::{
    Budget, Grammar, MAX_INPUT, MAX_WORK, ParseCount, ParseError, ParseOptions, check, codes,
};

/// The engine's own documentation example: every split of `a+a+…` is a parse.
const AMBIGUOUS: &str = "E = E \"+\" E / \"a\"\n";

fn terms(n: usize) -> String {
    vec!["a"; n].join("+")
}

fn budget(work: usize) -> Budget {
    Budget {
        work,
        ..Budget::default()
    }
}

#[test]
fn the_ambiguous_doc_example_on_1000_terms_is_over_the_default_budget() {
    // 1,999 bytes: before the budget, some 50 s and 5.4 GB in release.
    let g = Grammar::from_text(AMBIGUOUS).expect("reads");
    let input = terms(1000);
    match g.parse("E", &input, &ParseOptions::default()) {
        Err(ParseError::OverBudget { work, at }) => {
            assert_eq!(work, MAX_WORK);
            assert!(at <= input.len(), "{at}");
        }
        other => panic!("expected over budget, got {other:?}"),
    }
}

#[test]
fn within_the_budget_a_parse_is_what_it_was() {
    let g = Grammar::from_text(AMBIGUOUS).expect("reads");
    // Catalan(9) = 4862 parses of 10 terms.
    let p = g
        .parse("E", &terms(10), &ParseOptions::default())
        .expect("within budget");
    assert_eq!(p.count, ParseCount::Exact(4862));
    // The same parse with a budget just big enough for it.
    let work = p.items + p.links;
    let q = g
        .parse_within("E", &terms(10), &ParseOptions::default(), budget(work + 1))
        .expect("within its own work");
    assert_eq!((q.count, q.items, q.links), (p.count, p.items, p.links));
    assert_eq!(q.trees, p.trees);
    // One less than it needs: over.
    assert!(matches!(
        g.parse_within("E", &terms(10), &ParseOptions::default(), budget(work - 1)),
        Err(ParseError::OverBudget { .. })
    ));
}

#[test]
fn no_parse_makes_more_than_its_budget_and_the_verdict_is_deterministic() {
    let grammars: [(&str, &str, String); 4] = [
        (AMBIGUOUS, "E", terms(40)),
        // Right recursion: Leo's items, expanded after the parse (that work counts too).
        ("t = \"x\" t / \"\"\n", "t", "x".repeat(3000)),
        ("s = *ALPHA\n", "s", "a".repeat(3000)),
        ("a = a / \"x\"\n", "a", "x".into()),
    ];
    for (text, start, input) in &grammars {
        let g = Grammar::from_text(text).expect("reads");
        let full = g
            .parse(start, input, &ParseOptions::default())
            .expect("within the default budget");
        let need = full.items + full.links;
        for work in (1..need + 50).step_by((need / 97).max(1)) {
            let r = g.parse_within(start, input, &ParseOptions::default(), budget(work));
            match &r {
                Ok(p) => {
                    assert!(p.items + p.links <= work, "{text}: {work}");
                    assert_eq!(p.count, full.count, "{text}: {work}");
                }
                Err(ParseError::OverBudget { work: w, at }) => {
                    assert_eq!(*w, work);
                    assert!(*at <= input.len());
                }
                Err(e) => panic!("{text}: {e}"),
            }
            let again = g.parse_within(start, input, &ParseOptions::default(), budget(work));
            assert_eq!(
                r.as_ref().map(|p| p.items).map_err(Clone::clone),
                again.as_ref().map(|p| p.items).map_err(Clone::clone),
                "{text}: {work}"
            );
        }
    }
}

#[test]
fn an_input_over_the_byte_cap_is_refused_before_parsing() {
    let g = Grammar::from_text("s = *ALPHA\n").expect("reads");
    let small = Budget {
        input: 10,
        ..Budget::default()
    };
    assert!(
        g.parse_within("s", &"a".repeat(10), &ParseOptions::default(), small)
            .expect("at the cap")
            .valid
    );
    let e = g
        .parse_within("s", &"a".repeat(11), &ParseOptions::default(), small)
        .expect_err("over the cap");
    assert_eq!(e, ParseError::InputTooLarge { len: 11, max: 10 });
    assert_eq!(e.code(), codes::INPUT_TOO_LARGE);
    // The default cap: 1 MiB.
    let e = g
        .parse("s", &"a".repeat(MAX_INPUT + 1), &ParseOptions::default())
        .expect_err("over 1 MiB");
    assert_eq!(
        e,
        ParseError::InputTooLarge {
            len: MAX_INPUT + 1,
            max: MAX_INPUT
        }
    );
    assert!(e.to_string().contains("1048577 bytes"), "{e}");
}

#[test]
fn errors_say_what_to_do() {
    let g = Grammar::from_text(AMBIGUOUS).expect("reads");
    let e = g
        .parse_within("E", &terms(30), &ParseOptions::default(), budget(1000))
        .expect_err("over");
    assert_eq!(e.code(), codes::OVER_BUDGET);
    let m = e.to_string();
    assert!(
        m.contains("over budget") && m.contains("too ambiguous"),
        "{m}"
    );
    let e = g
        .parse("nope", "a", &ParseOptions::default())
        .expect_err("no such rule");
    assert_eq!(e.code(), codes::UNDEFINED);
}

#[test]
fn generation_stops_when_its_total_work_is_spent() {
    let text = "s = 80(ALPHA / DIGIT / \"-\")\n";
    let opts = GenOptions {
        count: 10_000,
        max_len: 65_536,
        work: 200_000,
    };
    let g = generate(text, "s", &opts).expect("generates");
    assert!(g.exhausted);
    assert!(!g.valid.is_empty());
    // Each candidate is 80 characters and its parse some hundreds of items: the work
    // bounds how many were parsed.
    assert!(g.tried * 80 <= opts.work, "{}", g.tried);
    // The same on every run.
    let again = generate(text, "s", &opts).expect("generates");
    assert_eq!(again.valid, g.valid);
    assert_eq!(again.invalid, g.invalid);
    // Within its budget it ends as before, on its count or its candidates.
    let small = generate(text, "s", &GenOptions::default()).expect("generates");
    assert!(!small.exhausted);
}

fn cycle_message(text: &str) -> String {
    let r = check(text, None);
    let cycles: Vec<_> = r
        .problems
        .iter()
        .filter(|p| p.code == codes::CYCLE)
        .collect();
    assert_eq!(cycles.len(), 1, "{:#?}", r.problems);
    cycles[0].message.clone()
}

#[test]
fn a_loop_is_named_in_derivation_order_from_the_rule_defined_first() {
    // c derives b, b derives a, a derives c: not alphabetical.
    let m = cycle_message("c = b / \"x\"\nb = a\na = c\n");
    assert!(m.contains("(c → b → a → c)"), "{m}");
    assert!(m.starts_with("`c`, through 3 rules,"), "{m}");
    let m = cycle_message("a = a / \"x\"\n");
    assert!(
        m.contains("`a` can derive itself") && m.contains("(a → a)"),
        "{m}"
    );
}

#[test]
fn a_long_loop_is_cut() {
    let n = 10_000;
    let mut text = String::from("r0 = r1 / \"x\"\n");
    for i in 1..n {
        text.push_str(&format!("r{i} = r{}\n", (i + 1) % n));
    }
    let m = cycle_message(&text);
    assert!(
        m.contains("(r0 → r1 → r2 → r3 → r4 → … 9995 more … → r0)"),
        "{m}"
    );
    assert!(m.len() < 400, "{} bytes: {m}", m.len());
}

#[test]
fn other_rules_of_a_loop_are_counted() {
    // Two loops through a: a → b → a and a → c → d → a; the shortest is shown.
    let m = cycle_message("a = b / c / \"x\"\nb = a\nc = d\nd = a\n");
    assert!(m.contains("(a → b → a)"), "{m}");
    assert!(m.contains("2 more rules are in loops with it"), "{m}");
}
