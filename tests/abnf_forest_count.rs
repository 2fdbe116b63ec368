//! The forest's count is made once per node over the shared forest, never by enumerating
//! derivations: `E = E "+" E / "a"` on `n` terms has Catalan(n - 1) parses (every
//! bracketing), exact while it fits, saturated beyond; and the steps the count and the
//! trees took (`Parse::forest_work`) stay within a small multiple of the parse's items and
//! links, however many derivations there are. Steps are asserted, never times.

use idbench::engine::abnf::{Budget, Grammar, MAX_WORK, ParseCount, ParseOptions};

const AMBIGUOUS: &str = "E = E \"+\" E / \"a\"\n";

fn terms(n: usize) -> String {
    vec!["a"; n].join("+")
}

/// Catalan(k), or `None` once it no longer fits in a u64.
fn catalan(k: u64) -> Option<u64> {
    // C(i + 1) = C(i) * 2(2i + 1) / (i + 2), exact at every step.
    let mut c: u128 = 1;
    for i in 0..k {
        c = c.checked_mul(2 * (2 * u128::from(i) + 1))? / (u128::from(i) + 2);
        if c > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(c).ok()
}

fn options() -> ParseOptions {
    ParseOptions {
        count_cap: u64::MAX - 1,
        max_trees: 4,
    }
}

#[test]
fn the_count_on_n_terms_is_catalan_of_n_minus_one() {
    let g = Grammar::from_text(AMBIGUOUS).expect("reads");
    for n in 1..=40u64 {
        let p = g
            .parse_within("E", &terms(n as usize), &options(), Budget::default())
            .expect("within budget");
        assert!(p.valid);
        let want = catalan(n - 1);
        match want {
            Some(c) => assert_eq!(p.count, ParseCount::Exact(c), "n = {n}"),
            None => assert_eq!(p.count, ParseCount::AtLeast(u64::MAX - 1), "n = {n}"),
        }
        assert_eq!(
            p.trees.len(),
            want.unwrap_or(u64::MAX).min(4) as usize,
            "n = {n}"
        );
    }
    // Catalan(36) is the last that fits in a u64: 38 terms and on saturate.
    assert!(catalan(36).is_some() && catalan(37).is_none());
}

#[test]
fn the_count_takes_steps_linear_in_the_forest_not_in_the_derivations() {
    let g = Grammar::from_text(AMBIGUOUS).expect("reads");
    for n in [10usize, 40, 120, 300] {
        let p = g
            .parse_within("E", &terms(n), &options(), Budget::default())
            .expect("within budget");
        let forest = p.items + p.links;
        // Catalan(119) is some 10^68: any enumeration would be far past this bound.
        assert!(
            p.forest_work <= 8 * forest + 100 * n,
            "n = {n}: {} forest steps for {forest} items and links",
            p.forest_work
        );
        assert!(
            p.forest_work >= forest / 2,
            "n = {n}: the count visits the forest"
        );
    }
}

#[test]
fn an_input_just_under_the_budget_is_counted_and_gives_its_trees() {
    // About 450 terms is the longest the default budget takes for this grammar.
    let g = Grammar::from_text(AMBIGUOUS).expect("reads");
    let p = g
        .parse_within("E", &terms(440), &options(), Budget::default())
        .expect("within budget");
    assert!(p.items + p.links <= MAX_WORK);
    assert_eq!(p.count, ParseCount::AtLeast(u64::MAX - 1));
    assert_eq!(p.trees.len(), 4);
    assert!(p.forest_work <= 8 * (p.items + p.links) + 100 * 440);
}
