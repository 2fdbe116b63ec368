//! Leo's right-recursion items in the ABNF engine: right recursion is linear, and the
//! forest (counts, empty ambiguity, trees with their spans, failures) is the one the plain
//! Earley completion gives.

#[path = "abnf_agree/causes.rs"]
mod causes;
#[path = "abnf_agree/random.rs"]
mod random;
#[path = "abnf_agree/shipped.rs"]
mod shipped;

use idbench::engine::abnf::{Grammar, Parse, ParseOptions};
use proptest::prelude::*;

const RFC8141: &str = include_str!("data/abnf/rfc8141.abnf");
const RFC3986: &str = include_str!("data/abnf/rfc3986.abnf");

fn grammar(text: &str) -> Grammar {
    match Grammar::from_text(text) {
        Ok(g) => g,
        Err(p) => panic!("grammar does not read: {p:?}"),
    }
}

fn parse(g: &Grammar, start: &str, input: &str) -> Parse {
    g.parse(start, input, &ParseOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The plain Earley completion, and no lookahead either (which on its own leaves out the
/// completions of a right recursion that no character follows: `a = "x" a` completes `a`
/// only at the end of the input).
fn plain(g: &Grammar, start: &str, input: &str) -> Parse {
    g.without_lookahead()
        .parse_without_leo(start, input, &ParseOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Leo's items on every chain of completions, however short (the default leaves chains of
/// up to a few levels to the plain completion).
fn leo_always(g: &Grammar, start: &str, input: &str) -> Parse {
    g.parse_with_leo_from(start, input, &ParseOptions::default(), Some(0))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Everything a parse reports except the work it took, and the trees in the same order:
/// the forest takes them in a canonical order, not the order the chart made its links in
/// (which Leo's items change). Checked for the default parse and for Leo's items on every
/// chain.
fn same(g: &Grammar, start: &str, input: &str) {
    let plain = plain(g, start, input);
    for leo in [parse(g, start, input), leo_always(g, start, input)] {
        same_as(&leo, &plain, input);
    }
}

fn same_as(leo: &Parse, plain: &Parse, input: &str) {
    shipped::assert_same_parse(leo, plain, &format!("{input:?}"));
}

fn urn(len: usize) -> String {
    let mut s = String::from("urn:example:");
    while s.len() < len {
        s.push_str("a%2Fb/c-d~e");
    }
    s.truncate(len);
    while s.ends_with('%') || s.ends_with("%2") {
        s.pop();
    }
    s
}

/// RFC 8141's URN is a plain repetition: its work (items and links) grows linearly, and
/// Leo's items, on by default, add none there: its chains of completions are a few unit
/// rules deep (`pchar`, `unreserved`, `ALPHA`), which are completed the plain way rather
/// than by a Leo item and a second pass that rebuilds the same chain items.
#[test]
fn a_long_urn_costs_linear_work_and_leo_adds_none() {
    let g = grammar(RFC8141);
    let n = 4096;
    let (small, big) = (urn(n), urn(4 * n));
    let ps = parse(&g, "namestring", &small);
    let pb = parse(&g, "namestring", &big);
    assert!(ps.valid && pb.valid);
    let (ws, wb) = (ps.items + ps.links, pb.items + pb.links);
    assert!(
        wb * 10 <= ws * 42,
        "{wb} items and links on {} bytes, {ws} on {}",
        big.len(),
        small.len()
    );
    let plain = g
        .parse_without_leo("namestring", &small, &ParseOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((ps.items, ps.links), (plain.items, plain.links));
    // Leo's items on every chain build the same forest with more work: the point of the
    // short-chain rule.
    let always = leo_always(&g, "namestring", &small);
    assert_eq!(always.count, ps.count);
}

#[test]
fn right_recursion_is_linear_in_items() {
    let g = grammar("a = \"x\" a / \"x\"\n");
    let n = 500;
    let small = parse(&g, "a", &"x".repeat(n));
    let big = parse(&g, "a", &"x".repeat(4 * n));
    assert!(small.valid && big.valid);
    // The plain completion makes one item per level of the chain in every set: about
    // n²/2 items, 16x for 4x the input.
    let plain_small = plain(&g, "a", &"x".repeat(n));
    let plain_big = plain(&g, "a", &"x".repeat(4 * n));
    assert!(plain_big.items > 10 * plain_small.items);
    assert!(
        big.items <= 4 * small.items + 64,
        "{} items on {} bytes, {} on {}",
        big.items,
        4 * n,
        small.items,
        n
    );
    // Leo's items alone (lookahead, which leaves these completions out before an `x`,
    // off): linear too.
    leo_alone_is_linear(&g, "a", &"x".repeat(n), &"x".repeat(4 * n));
}

/// Without lookahead, Leo's items keep the parse of `big` (4 times `small`) within 4
/// times the items of `small`.
fn leo_alone_is_linear(g: &Grammar, start: &str, small: &str, big: &str) {
    let g = g.without_lookahead();
    let (s, b) = (parse(&g, start, small), parse(&g, start, big));
    assert!(
        b.items <= 4 * s.items + 64,
        "{} items against {}",
        b.items,
        s.items
    );
}

#[test]
fn right_recursion_through_an_option_is_linear_in_items() {
    let g = grammar("xalphas = xalpha [ xalphas ]\nxalpha = ALPHA / DIGIT\n");
    let n = 400;
    let small = parse(&g, "xalphas", &"a1".repeat(n / 2));
    let big = parse(&g, "xalphas", &"a1".repeat(2 * n));
    let plain_small = plain(&g, "xalphas", &"a1".repeat(n / 2));
    let plain_big = plain(&g, "xalphas", &"a1".repeat(2 * n));
    assert!(plain_big.items > 10 * plain_small.items);
    assert!(small.valid && big.valid);
    assert!(
        big.items <= 4 * small.items + 64,
        "{} items vs {}",
        big.items,
        small.items
    );
    leo_alone_is_linear(&g, "xalphas", &"a1".repeat(n / 2), &"a1".repeat(2 * n));
}

#[test]
fn leo_keeps_the_forest_on_hand_picked_grammars() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "a = \"x\" a / \"x\"\n",
            "a",
            &["", "x", "xx", "xxxxxxx", "xxy"],
        ),
        (
            "xalphas = xalpha [ xalphas ]\nxalpha = ALPHA / DIGIT / \"-\"\n",
            "xalphas",
            &["a", "ab-9", "a-b-c-d-e", "a b"],
        ),
        // Ambiguous right recursion, empty tails, unit chains, left recursion.
        (
            "s = \"a\" s / \"a\" s s / \"\"\n",
            "s",
            &["", "a", "aa", "aaaa"],
        ),
        (
            "s = \"a\" t / \"a\"\nt = s / u\nu = s\n",
            "s",
            &["a", "aaa", "aaaaa"],
        ),
        (
            "s = \"a\" [ s ] [ s ]\n",
            "s",
            &["a", "aa", "aaaa", "aaaaaa"],
        ),
        ("s = *\"a\" s / \"b\"\n", "s", &["b", "ab", "aab", "aaab"]),
        ("E = E \"+\" E / \"a\"\n", "E", &["a", "a+a", "a+a+a+a+a"]),
        ("s = \"a\" s / t\nt = s / \"b\"\n", "s", &["b", "ab", "aab"]),
        (
            "s = 1*( \"a\" *\"b\" ) [ \"c\" 2*3DIGIT ]\n",
            "s",
            &["ab", "abbac12", "ac1"],
        ),
    ];
    for (text, start, inputs) in cases {
        let g = grammar(text);
        for input in *inputs {
            same(&g, start, input);
        }
    }
}

#[test]
fn leo_keeps_the_forest_on_rfc_grammars() {
    let g = grammar(RFC8141);
    for input in [
        "urn:ex:abc",
        "urn:example:a?+b?=c",
        "urn:example:foo/bar?+x?=y#frag",
        "urn:example:a:b:c:d:e:f",
        "urn:x:",
        "urn:-x:a",
    ] {
        same(&g, "namestring", input);
    }
    let g = grammar(RFC3986);
    for input in [
        "http://example.com/a/b/c?q=1#f",
        "//[v1.x]/a",
        "http://[1::]:80/",
        "a:b:c/d/e/f/g/h",
        "../../g;x?y#s",
        "http://a b",
    ] {
        same(&g, "URI-reference", input);
    }
}

/// A random grammar over `a` and `b` with rules s, t, u: each 1 to 3 alternatives of 0 to
/// 3 symbols, some wrapped in an option or a repetition.
fn grammar_text() -> impl Strategy<Value = String> {
    let sym = prop_oneof![
        Just("\"a\"".to_string()),
        Just("\"b\"".to_string()),
        Just("s".to_string()),
        Just("t".to_string()),
        Just("u".to_string()),
        Just("[ t ]".to_string()),
        Just("*u".to_string()),
        Just("\"\"".to_string()),
    ];
    random::stu(sym)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn leo_counts_and_trees_equal_the_plain_algorithm(
        text in grammar_text(),
        inputs in prop::collection::vec("[ab]{0,12}", 1..6),
    ) {
        let g = grammar(&text);
        for input in &inputs {
            same(&g, "s", input);
        }
    }
}
