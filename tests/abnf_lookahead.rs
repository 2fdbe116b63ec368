//! One character of lookahead in the Earley parser (`engine::abnf`'s `lookahead`): items
//! that the next character cannot continue are left out of the chart, and everything a
//! parse reports (verdict, count, empty ambiguity, detailed trees, failure with its
//! expected set) is what the parse without lookahead reports: over every shipped grammar
//! on generated inputs and near misses, over random small grammars, and on the cases
//! where lookahead leaves out the most (a long NSS, a set where the parse dies).

#[path = "abnf_agree/causes.rs"]
mod causes;
#[path = "abnf_agree/shipped.rs"]
mod shipped;

use idbench::engine::abnf::{Budget, Grammar, Parse, ParseError, ParseOptions};
use proptest::prelude::*;
use shipped::{generated, shipped};

fn detailed(g: &Grammar, start: &str, input: &str) -> Result<Parse, ParseError> {
    g.parse_detailed(start, input, &ParseOptions::default(), Budget::default())
}

/// Both parses of `input`: the same report. Whether the parse with lookahead answered
/// (one without may be over its budget where one with is not, never the other way).
fn same(name: &str, g: &Grammar, plain: &Grammar, start: &str, input: &str) -> bool {
    let with = detailed(g, start, input);
    let without = detailed(plain, start, input);
    match (&with, &without) {
        (Ok(a), Ok(b)) => {
            shipped::assert_same_parse(a, b, &format!("{name}: {input:?}"));
            assert!(
                a.items <= b.items && a.links <= b.links,
                "{name}: more work with lookahead, {input:?}"
            );
            true
        }
        (Ok(_), Err(ParseError::OverBudget { .. })) => true,
        (Ok(_), Err(e)) => panic!("{name}: {e} without lookahead only, {input:?}"),
        (Err(e), Ok(_)) => panic!("{name}: {e} with lookahead only, {input:?}"),
        (Err(a), Err(b)) => {
            assert_eq!(a.to_string(), b.to_string(), "{name}: {input:?}");
            false
        }
    }
}

#[test]
fn lookahead_changes_no_report_on_any_shipped_grammar() {
    let mut with_tables = 0;
    let mut inputs_checked = 0;
    for (name, g, text, start) in shipped() {
        assert!(g.has_lookahead(), "{name}: no lookahead tables");
        with_tables += 1;
        let plain = g.without_lookahead();
        assert!(!plain.has_lookahead());
        for input in generated(&text, &start) {
            inputs_checked += usize::from(same(&name, &g, &plain, &start, &input));
        }
    }
    assert!(with_tables > 10, "{with_tables} grammars with lookahead");
    assert!(inputs_checked > 1000, "{inputs_checked} inputs");
}

/// RFC 8141's ABNF on a long NSS: at every byte the URN could end, and the optional
/// components that could follow (`[rq-components]`, `["#" f-component]`) and the
/// completions up to `namestring` are items no character but `?` and `#` continues.
/// Lookahead leaves them out: less than half the items, the same tree.
#[test]
fn lookahead_leaves_out_the_components_that_cannot_follow() {
    let g = Grammar::from_text(include_str!("data/abnf/rfc8141.abnf")).expect("grammar");
    let plain = g.without_lookahead();
    let urn = format!("urn:example:{}", "a1%41/".repeat(500));
    assert!(same("rfc8141", &g, &plain, "namestring", &urn));
    let (a, b) = (
        detailed(&g, "namestring", &urn).expect("parse"),
        detailed(&plain, "namestring", &urn).expect("parse"),
    );
    assert!(a.valid);
    assert!(
        2 * a.items < b.items,
        "{} items with lookahead, {} without",
        a.items,
        b.items
    );
    // A component that does follow, and inputs that die at each kind of byte: in the
    // NSS, at a `?` with nothing after it, at the end, at the first byte.
    for input in [
        format!("{urn}?+r?=q#f"),
        format!("{urn}?=q"),
        format!("{urn}#"),
        format!("{urn}^x"),
        format!("{urn}?"),
        format!("{urn}?+"),
        format!("{urn}%4"),
        "^".to_string(),
        "u".to_string(),
        String::new(),
        "urn:".to_string(),
        "urn:a".to_string(),
        "urn:a:".to_string(),
        "urn:a:b#c#".to_string(),
    ] {
        assert!(
            same("rfc8141", &g, &plain, "namestring", &input),
            "{input:?}"
        );
    }
}

/// Grammars written to make lookahead decide: nullable rules whose FOLLOW is all that
/// keeps an item, empty derivations counted once, ambiguity, right and left recursion, a
/// start rule used inside itself, and parses that die in a set lookahead thinned.
#[test]
fn lookahead_keeps_what_follow_and_nullable_rules_need() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "s = a b\na = \"x\" [c]\nb = [\"y\"] \"z\"\nc = \"y\"\n",
            "s",
            &["xz", "xyz", "xyyz", "xyy", "x", "", "z", "xq"],
        ),
        (
            "s = a a \"x\"\na = b / c\nb = \"\"\nc = \"\" / \"y\"\n",
            "s",
            &["x", "yx", "yyx", "yyyx", "y", ""],
        ),
        (
            "E = E \"+\" E / E \"*\" E / \"a\" / \"(\" E \")\"\n",
            "E",
            &["a+a*a", "(a+a)*a", "a+", "(a", "a)", "", "a+a+a+a"],
        ),
        ("r = \"x\" r / \"\"\n", "r", &["xxxx", "", "xxy", "y"]),
        (
            "s = \"(\" s \")\" s / \"\"\nt = s \"!\"\n",
            "t",
            &["()!", "(()())!", "(()!", "!", "", "())!"],
        ),
        (
            "s = *(a / b) \"z\"\na = 1*\"x\"\nb = 2*\"x\" [\"y\"]\n",
            "s",
            &["xxz", "xxyz", "xz", "z", "xxy", "xxxxxz", "xxyxq"],
        ),
        (
            "s = [s] \"a\" [s]\n",
            "s",
            &["a", "aa", "aaa", "b", "", "aab"],
        ),
        (
            "s = u 2*3v\nu = %x61-62 / \"é\"\nv = %x30-39 / %xE9\n",
            "s",
            &["a12", "é1é", "b1", "a1234", "a1\u{e9}", "\u{10000}"],
        ),
    ];
    for (text, start, inputs) in cases {
        let g = Grammar::from_text(text).expect("grammar");
        assert!(g.has_lookahead(), "{text}");
        let plain = g.without_lookahead();
        for input in *inputs {
            assert!(same(text, &g, &plain, start, input), "{text}: {input:?}");
        }
    }
}

/// A random small grammar over `a`, `b` and `c`: rules that may be empty, recursive on
/// either side, optional, repeated, or ambiguous.
fn grammar_text(rules: &[(u8, u8, u8, u8)]) -> String {
    let mut out = String::new();
    let n = rules.len();
    for (i, &(k, x, y, z)) in rules.iter().enumerate() {
        let r = |v: u8| format!("r{}", usize::from(v) % n);
        let t = |v: u8| ["\"a\"", "\"b\"", "\"c\"", "\"\""][usize::from(v) % 4].to_string();
        let body = match k % 8 {
            0 => format!("{} {}", r(x), t(y)),
            1 => format!("{} {} / {}", t(x), r(y), t(z)),
            2 => format!("[{}] {}", r(x), t(y)),
            3 => format!("*{} {}", r(x), t(z)),
            4 => format!("{} / {}", r(x), r(y)),
            5 => format!("{} {} {}", t(x), r(y), r(z)),
            6 => format!("1*2({} / {})", t(x), r(y)),
            _ => t(x),
        };
        out.push_str(&format!("r{i} = {body}\n"));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn lookahead_changes_no_report_on_random_grammars(
        rules in proptest::collection::vec((0u8..8, 0u8..8, 0u8..8, 0u8..8), 1..6),
        inputs in proptest::collection::vec("[abcd]{0,7}", 1..8),
    ) {
        let text = grammar_text(&rules);
        let Ok(g) = Grammar::from_text(&text) else {
            return Ok(());
        };
        prop_assert!(g.has_lookahead(), "{}", text);
        let plain = g.without_lookahead();
        for input in &inputs {
            same(&text, &g, &plain, "r0", input);
        }
    }
}

/// Prose values: one read as matching nothing (`0<pchar>`, RFC 3986's `path-empty`), one
/// left unbound, and one bound to a recognizer whose matches (empty ones too) end in later
/// sets: an item before a prose value is always kept, and a parse carried past a set only
/// by a prose match reports what it reports without lookahead.
#[test]
fn lookahead_keeps_items_before_prose_values() {
    let text = "s = \"(\" d \")\" *\"x\" / \"(\" \"q\" \")\" / \"[\" e \"]\" / \"{\" z\nd = <digits>\ne = 0<pchar> \"e\"\nz = <unbound> \"}\"\n";
    let mut g = Grammar::from_text(text).expect("grammar");
    let digits: idbench::engine::abnf::Recognizer = std::sync::Arc::new(|s: &str, at: usize| {
        let run = s[at..].bytes().take_while(u8::is_ascii_digit).count();
        (0..=run).map(|k| at + k).collect()
    });
    assert_eq!(g.bind_prose("digits", digits), 1);
    assert!(g.has_lookahead());
    let plain = g.without_lookahead();
    for input in [
        "()", "(1)", "(123)xx", "(12", "(1a)", "(q)", "(q", "[e]", "[]", "[ee]", "{}", "{", "",
        "(", "(123)xy", "x",
    ] {
        assert!(same("prose", &g, &plain, "s", input), "{input:?}");
    }
}

/// The work (Earley items and links) a byte of a long input costs, with and without
/// lookahead, on RFC 3986's and RFC 8141's ABNF (the README gives these figures; run with
/// `--nocapture` to see them): lookahead at least halves it on both.
#[test]
fn lookahead_halves_the_work_a_byte_on_long_uris_and_urns() {
    let cases = [
        (
            include_str!("data/abnf/rfc3986.abnf"),
            "URI-reference",
            format!("http://example.com/{}?q=1#f", "a1%41/".repeat(2000)),
        ),
        (
            include_str!("data/abnf/rfc8141.abnf"),
            "namestring",
            format!("urn:example:{}", "a1%41/".repeat(2000)),
        ),
    ];
    for (text, start, input) in cases {
        let g = Grammar::from_text(text).expect("grammar");
        let opts = ParseOptions::default();
        let with = g.parse(start, &input, &opts).expect("parse");
        let without = g
            .without_lookahead()
            .parse(start, &input, &opts)
            .expect("parse");
        assert!(with.valid && without.valid);
        let per_byte = |p: &Parse| (p.items + p.links) as f64 / input.len() as f64;
        println!(
            "{start}: {:.1} items and links a byte with lookahead, {:.1} without",
            per_byte(&with),
            per_byte(&without)
        );
        assert!(2.0 * per_byte(&with) <= per_byte(&without), "{start}");
    }
}
