//! `engine::abnf` under hostile grammars and inputs: deep nesting, limits, garbage; and the
//! work a parse does grows linearly on unambiguous grammars (items counted, not timed).

use idbench::engine::abnf::{Grammar, MAX_RULES, MAX_TEXT, ParseCount, ParseOptions, check, codes};

const RFC8141: &str = include_str!("data/abnf/rfc8141.abnf");
const RFC3986: &str = include_str!("data/abnf/rfc3986.abnf");

fn opts() -> ParseOptions {
    ParseOptions::default()
}

#[test]
fn deeply_nested_groups_in_a_grammar() {
    let n = 100_000;
    let text = format!("a = {}\"x\"{}\n", "(\"y\" / ".repeat(n), ")".repeat(n));
    let g = Grammar::from_text(&text).expect("reads");
    let p = g.parse("a", "x", &opts()).unwrap();
    assert!(p.valid);
    assert_eq!(p.count, ParseCount::Exact(1));
    assert_eq!(p.trees[0].nodes.len(), 1);
    let text = format!("a = {}\"x\"{}\n", "1*(".repeat(n), ")".repeat(n));
    let g = Grammar::from_text(&text).expect("reads");
    assert!(g.parse("a", "xx", &opts()).unwrap().valid);
    // Unclosed: an error, not a crash.
    let text = format!("a = {}\"x\"\n", "[".repeat(n));
    let r = check(&text, None);
    assert_eq!(r.problems[0].code, codes::SYNTAX);
    assert_eq!((r.problems[0].line, r.problems[0].column), (1, 4 + n));
}

#[test]
fn deeply_nested_input() {
    let g = Grammar::from_text("P = \"(\" P \")\" / \"\"\n").unwrap();
    let n = 100_000;
    let input = format!("{}{}", "(".repeat(n), ")".repeat(n));
    let p = g.parse("P", &input, &opts()).unwrap();
    assert!(p.valid);
    assert_eq!(p.count, ParseCount::Exact(1));
    assert_eq!(p.trees[0].nodes.len(), n + 1);
    let t = &p.trees[0];
    assert_eq!(
        (t.nodes[1].rule.as_str(), t.nodes[1].start, t.nodes[1].end),
        ("P", 1, 2 * n - 1)
    );
    let bad = format!("{}{}", "(".repeat(n), ")".repeat(n - 1));
    let p = g.parse("P", &bad, &opts()).unwrap();
    assert!(!p.valid);
    assert_eq!(p.failure.unwrap().offset, bad.len());
}

#[test]
fn too_many_rules() {
    let mut text = String::new();
    for i in 0..=MAX_RULES {
        text.push_str(&format!("r{i} = \"x\"\n"));
    }
    let r = check(&text, None);
    assert!(
        r.problems
            .iter()
            .any(|p| p.code == codes::TOO_MANY_RULES && p.line == MAX_RULES + 1)
    );
    assert!(Grammar::from_text(&text).is_err());
    // Exactly the limit is fine.
    let ok: String = (0..MAX_RULES)
        .map(|i| format!("r{i} = \"x\" / r{}\n", i + 1))
        .collect::<String>()
        .replace(&format!(" / r{MAX_RULES}\n"), "\n");
    assert!(Grammar::from_text(&ok).is_ok());
}

#[test]
fn too_large_text() {
    let mut text = "a = \"x\"\n".to_string();
    text.push_str(&";".repeat(MAX_TEXT));
    let r = check(&text, None);
    assert_eq!(r.problems.len(), 1);
    assert_eq!(r.problems[0].code, codes::TOO_LARGE);
    // Huge repetition counts are refused, not expanded.
    let huge: String = (0..41)
        .map(|i| format!("r{i} = 100000\"x\" r{}\n", i + 1))
        .collect();
    let r = check(&format!("{huge}r41 = \"y\"\n"), None);
    assert!(
        r.problems.iter().any(|p| p.code == codes::TOO_LARGE),
        "{:#?}",
        r.problems
    );
    let r = check("a = 1000000\"x\"\n", None);
    assert_eq!(r.problems[0].code, codes::SYNTAX);
}

#[test]
fn undefined_and_cyclic_grammars() {
    assert!(Grammar::from_text("a = b\n").is_err());
    let g = Grammar::from_text("a = b / \"x\"\nb = c\nc = a\n").unwrap();
    assert_eq!(
        g.parse("a", "x", &opts()).unwrap().count,
        ParseCount::Infinite
    );
    assert!(g.problems().iter().any(|p| p.code == codes::CYCLE));
}

#[test]
fn garbage_never_panics() {
    let bits = [
        "a", " = ", "=/", "/", "(", ")", "[", "]", "*", "3", "%x", "%d", "%b", "-", ".", "\"", "<",
        ">", ";", "\n", "\r\n", "  ", "é", "%s\"", "\u{0}", "b", "1*", "%x10FFFF", "%x110000",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..3000 {
        let mut s = String::new();
        for _ in 0..(seed % 24) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            s.push_str(bits[(seed % bits.len() as u64) as usize]);
        }
        let _ = check(&s, None);
        if let Ok(g) = Grammar::from_text(&s) {
            for r in g.rules().to_vec() {
                let _ = g.parse(&r, "ab(1)é", &opts());
            }
        }
    }
}

/// Items created for a URN of `n` NSS characters.
fn urn_items(g: &Grammar, n: usize) -> usize {
    let input = format!("urn:example:{}", "a%2Fb/c".repeat(n / 7 + 1));
    let p = g.parse("namestring", &input, &opts()).unwrap();
    assert!(p.valid);
    assert_eq!(p.count, ParseCount::Exact(1));
    p.items
}

#[test]
fn work_is_linear_on_rfc8141() {
    let g = Grammar::from_text(RFC8141).unwrap();
    let a = urn_items(&g, 4096);
    let b = urn_items(&g, 4 * 4096);
    assert!(b * 2 <= a * 9, "items {a} for 4 KiB, {b} for 16 KiB");
}

#[test]
fn work_is_linear_on_rfc3986() {
    let g = Grammar::from_text(RFC3986).unwrap();
    let items = |n: usize| {
        let input = format!("http://user@example.com:80/{}?q=1#f", "seg/".repeat(n / 4));
        let p = g.parse("URI-reference", &input, &opts()).unwrap();
        assert!(p.valid);
        assert_eq!(p.count, ParseCount::Exact(1));
        p.items
    };
    let a = items(4096);
    let b = items(4 * 4096);
    assert!(b * 2 <= a * 9, "items {a} for 4 KiB, {b} for 16 KiB");
}

/// The regular bounds of a recursive grammar (`Judge::verdict_by_bounds`, asked once a
/// parse is over its budget) on hostile grammars and inputs: a cycle through every rule
/// the reader allows, with nullable rules whose nullability runs against the walk's
/// order, and 100,000 nested parentheses. They answer or decline; where they answer, it
/// is the Earley parser's verdict and first offending byte.
#[test]
fn the_regular_bounds_of_hostile_grammars_answer_or_decline() {
    let n = MAX_RULES - 1;
    let mut text = String::from("r0 = \"(\" r1 \")\" / r1\n");
    for i in 1..n {
        text.push_str(&format!("r{i} = r{} / \"x\" r{}\n", i + 1, i + 1));
    }
    text.push_str(&format!("r{n} = r0 / \"\"\n"));
    let g = Grammar::from_text(&text).expect("reads");
    let judge = g.judge("r0").expect("start");
    for input in ["", "x", "(x)", "(x", "y", "((x)", "x)"] {
        if let Some(v) = judge.verdict_by_bounds(&g, input)
            && let Ok(e) = g.earley_verdict_of("r0", input)
        {
            assert_eq!(v.valid, e.valid, "{input:?}");
            assert_eq!(
                v.failure.map(|f| f.offset),
                e.failure.map(|f| f.offset),
                "{input:?}"
            );
        }
    }
    let g = Grammar::from_text("P = \"(\" P \")\" / \"\" / \"a\"\n").unwrap();
    let judge = g.judge("P").expect("start");
    let k = 100_000;
    for input in [
        format!("{}{}", "(".repeat(k), ")".repeat(k)),
        format!("{}y{}", "(".repeat(k), ")".repeat(k)),
        format!("y{}{}", "(".repeat(k), ")".repeat(k)),
        format!("{}a{}", "(".repeat(k), ")".repeat(k - 1)),
    ] {
        let Some(v) = judge.verdict_by_bounds(&g, &input) else {
            continue;
        };
        let e = g.earley_verdict_of("P", &input).expect("within the budget");
        assert_eq!(v.valid, e.valid);
        assert_eq!(v.failure.map(|f| f.offset), e.failure.map(|f| f.offset));
    }
    // `y` is in no rule: refused at once where it comes first.
    let v = judge.verdict_by_bounds(&g, "y()").expect("settled");
    assert_eq!(v.failure.map(|f| f.offset), Some(0));
}

/// A rule that uses a large one thousands of times: the compiler refuses it once its
/// expression passes the size limit, before it has copied the large one that often (it
/// copied first and measured after: 28 s and 5 GB for this 40 KB grammar).
#[test]
fn a_rule_using_a_large_one_thousands_of_times_is_refused_before_it_is_copied() {
    let mut text = String::from("s =");
    for _ in 0..5000 {
        text.push_str(" big");
    }
    text.push_str("\nbig = \"a0b\"");
    for i in 1..2000 {
        text.push_str(&format!(" / \"a{i}b\""));
    }
    text.push('\n');
    let g = Grammar::from_text(&text).expect("reads");
    let e = g.compile("s").expect_err("too large");
    assert!(e.to_string().contains("inlines to more than"), "{e}");
}

/// A recursive grammar with thousands of rules that each close a recursion of their own
/// and reach the whole grammar through another: the regular superset's sets of code
/// points (one walk per such rule) share a budget, past which a rule is read as any
/// string of the grammar's code points; the bounds answer or decline in bounded work
/// (each walk of the whole grammar took 46 s for all of them).
#[test]
fn the_regular_superset_of_a_grammar_with_thousands_of_recursions_is_bounded() {
    let n = 9000;
    let mut text = String::from("s = r1");
    for i in 2..=n {
        text.push_str(&format!(" / r{i}"));
    }
    text.push('\n');
    for i in 1..=n {
        text.push_str(&format!(
            "r{i} = \"(\" r{i} \")\" / \"[\" s \"]\" / %x{:X}\n",
            0x100 + 2 * i
        ));
    }
    let g = Grammar::from_text(&text).expect("reads");
    let judge = g.judge("s").expect("start");
    for input in ["((\u{102})!", "[\u{104}]", "!"] {
        if let Some(v) = judge.verdict_by_bounds(&g, input)
            && let Ok(e) = g.earley_verdict_of("s", input)
        {
            assert_eq!(v.valid, e.valid, "{input:?}");
            assert_eq!(
                v.failure.map(|f| f.offset),
                e.failure.map(|f| f.offset),
                "{input:?}"
            );
        }
    }
}

/// The local superset (`Grammar::local_dies_at`) on grammars built against it: more
/// code-point classes than it takes (it declines), and a chain of rules around a
/// recursion, each adding a code point, whose first and last sets grow along the whole
/// chain. A chain of 100 it answers, and holds the language: it takes the valid input
/// and never dies before the Earley parser. A chain of 2,000 would take some
/// 2,000 × 2,000 set unions of 32 words, past its work budget: it declines.
#[test]
fn the_local_superset_of_hostile_grammars_answers_or_declines() {
    // 3,000 distinct code points, each its own class.
    let mut text = String::from("s = \"(\" s \")\" / t\nt = ");
    let alts: Vec<String> = (0..3000)
        .map(|i| format!("%x{:X}", 0x100 + 2 * i))
        .collect();
    text.push_str(&alts.join(" / "));
    text.push('\n');
    let g = Grammar::from_text(&text).expect("reads");
    assert_eq!(
        g.local_dies_at("s", "(\u{100})"),
        None,
        "more classes than it takes"
    );
    // A chain of `n` rules, each starting or ending with its own code point around the
    // next rule, closed by a recursion to the first; the last also reads "x".
    let chain_of = |n: u32| {
        let mut text = String::new();
        for i in 0..n {
            text.push_str(&format!(
                "r{i} = %x{:X} r{} / r{} %x{:X} / \"(\" r0 \")\"{}\n",
                0x100 + i,
                (i + 1) % n,
                (i + 1) % n,
                0x100 + i,
                if i == n - 1 { " / \"x\"" } else { "" }
            ));
        }
        let g = Grammar::from_text(&text).expect("reads");
        let chain: String = (0..n - 1)
            .filter_map(|i| char::from_u32(0x100 + i))
            .collect();
        (g, format!("({chain}x)"))
    };
    for n in [100, 2000] {
        let (g, valid) = chain_of(n);
        assert_eq!(g.earley_verdict_of("r0", &valid).map(|v| v.valid), Ok(true));
        assert_eq!(g.local_dies_at("r0", &valid).flatten(), None);
        for input in ["", "(", "\u{100}", "\u{100}(\u{101}", "y", "x"] {
            if let Some(Some(k)) = g.local_dies_at("r0", input)
                && let Ok(e) = g.earley_verdict_of("r0", input)
            {
                assert!(e.failure.is_some_and(|f| f.offset <= k), "{input:?}: {k}");
            }
        }
    }
    let (g, valid) = chain_of(100);
    assert_eq!(
        g.local_dies_at("r0", &valid),
        Some(None),
        "a chain of 100 is answered"
    );
    assert_eq!(
        g.local_dies_at("r0", "y"),
        Some(Some(0)),
        "`y` is no code point of it"
    );
    let (g, valid) = chain_of(2000);
    assert_eq!(g.local_dies_at("r0", &valid), None, "past its work budget");
}
