//! `engine::abnf` against independent recognizers and counters on generated inputs.

use idbench::engine::abnf::{Grammar, ParseCount, ParseOptions};
use proptest::prelude::*;

/// `s = 1*( "a" *"b" ) [ "c" 2*3DIGIT ]`, by hand.
fn hand_check(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let mut groups = 0;
    while i < b.len() && (b[i] == b'a' || b[i] == b'A') {
        i += 1;
        groups += 1;
        while i < b.len() && (b[i] == b'b' || b[i] == b'B') {
            i += 1;
        }
    }
    if groups == 0 {
        return false;
    }
    if i == b.len() {
        return true;
    }
    if b[i] != b'c' && b[i] != b'C' {
        return false;
    }
    let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
    i + 1 + digits == b.len() && (2..=3).contains(&digits)
}

/// Compositions of `n` into parts 1 and 2 (Fibonacci): the parses of `a`×n under
/// `s = *("a" / "aa")`.
fn compositions(n: usize) -> u64 {
    let (mut x, mut y) = (1u64, 1u64);
    for _ in 1..n {
        let z = x + y;
        x = y;
        y = z;
    }
    if n == 0 { 1 } else { y }
}

proptest! {
    #[test]
    fn verdict_equals_hand_recognizer(s in "[abcABC0-9x]{0,12}") {
        let g = Grammar::from_text("s = 1*( \"a\" *\"b\" ) [ \"c\" 2*3DIGIT ]\n").unwrap();
        let p = g.parse("s", &s, &ParseOptions::default()).unwrap();
        prop_assert_eq!(p.valid, hand_check(&s), "{}", s);
        if p.valid {
            prop_assert_eq!(p.count, ParseCount::Exact(1));
            prop_assert_eq!(p.trees[0].root().unwrap().end, s.len());
        } else {
            prop_assert_eq!(p.count, ParseCount::Exact(0));
            prop_assert!(p.failure.unwrap().offset <= s.len());
        }
    }

    #[test]
    fn counts_equal_brute_force(n in 0usize..40) {
        let g = Grammar::from_text("s = *(\"a\" / \"aa\")\n").unwrap();
        let input = "a".repeat(n);
        let p = g.parse("s", &input, &ParseOptions { count_cap: u64::MAX, max_trees: 8 }).unwrap();
        prop_assert_eq!(p.count, ParseCount::Exact(compositions(n)));
        prop_assert_eq!(p.trees.len() as u64, compositions(n).min(8));
        // Two stars over the same letter: n + 1 ways to split.
        let g = Grammar::from_text("s = *x *x\nx = \"a\"\n").unwrap();
        prop_assert_eq!(g.parse("s", &input, &ParseOptions::default()).unwrap().count,
            ParseCount::Exact(n as u64 + 1));
    }
}
