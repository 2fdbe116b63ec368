//! The ABNF engine (`engine::abnf`): acceptance cases of issue 22's "The engine".

use idbench::engine::abnf::{Grammar, ParseCount, ParseOptions};

const RFC8141: &str = include_str!("data/abnf/rfc8141.abnf");
const RFC3986: &str = include_str!("data/abnf/rfc3986.abnf");

fn grammar(text: &str) -> Grammar {
    match Grammar::from_text(text) {
        Ok(g) => g,
        Err(p) => panic!("grammar does not load: {p:#?}"),
    }
}

fn count(g: &Grammar, start: &str, input: &str) -> ParseCount {
    g.parse(start, input, &ParseOptions::default())
        .expect("start rule")
        .count
}

#[test]
fn rfc8141_counts() {
    let g = grammar(RFC8141);
    assert_eq!(count(&g, "namestring", "urn:ex:abc"), ParseCount::Exact(1));
    assert_eq!(
        count(&g, "namestring", "urn:example:a?+b?=c"),
        ParseCount::Exact(2)
    );
    let p = g
        .parse(
            "namestring",
            "urn:example:a?+b?=c",
            &ParseOptions::default(),
        )
        .unwrap();
    assert!(p.valid);
    assert!(!p.empty_ambiguity);
    assert_eq!(p.trees.len(), 2);
    let input = "urn:example:a?+b?=c";
    let shapes: Vec<String> = p.trees.iter().map(|t| t.to_sexpr(input)).collect();
    assert!(
        shapes.iter().any(|s| s.contains("(r-component \"b?=c\"")),
        "{shapes:#?}"
    );
    assert!(
        shapes.iter().any(|s| s.contains("(q-component \"c\"")),
        "{shapes:#?}"
    );
    // 32-character NIDs are the longest; 33 is one too many.
    let nid32 = format!("urn:{}:x", "a".repeat(32));
    let nid33 = format!("urn:{}:x", "a".repeat(33));
    assert_eq!(count(&g, "namestring", &nid32), ParseCount::Exact(1));
    assert_eq!(count(&g, "namestring", &nid33), ParseCount::Exact(0));
    assert_eq!(count(&g, "namestring", "urn:a:x"), ParseCount::Exact(0));
    assert_eq!(
        count(&g, "namestring", "urn:a-b:x/y#f?g"),
        ParseCount::Exact(1)
    );
}

#[test]
fn tree_has_only_named_rules_and_byte_spans() {
    let g = grammar(RFC8141);
    let input = "urn:ex:é%41"; // é is not allowed: fails at byte 7
    let p = g
        .parse("namestring", input, &ParseOptions::default())
        .unwrap();
    assert!(!p.valid);
    let f = p.failure.unwrap();
    assert_eq!(f.offset, 7);
    assert!(
        f.expected.contains(&"\"%\"".to_string()),
        "{:?}",
        f.expected
    );
    assert!(
        f.expected.contains(&"ALPHA".to_string()),
        "{:?}",
        f.expected
    );
    assert!(
        f.expected.contains(&"DIGIT".to_string()),
        "{:?}",
        f.expected
    );

    let input = "urn:ex:%41b";
    let p = g
        .parse("namestring", input, &ParseOptions::default())
        .unwrap();
    let t = &p.trees[0];
    assert_eq!(
        t.to_sexpr(input),
        "(namestring \"urn:ex:%41b\" (assigned-name \"urn:ex:%41b\" (NID \"ex\" (alphanum \"e\" (ALPHA \"e\")) (alphanum \"x\" (ALPHA \"x\"))) (NSS \"%41b\" (pchar \"%41\" (pct-encoded \"%41\" (HEXDIG \"4\" (DIGIT \"4\")) (HEXDIG \"1\" (DIGIT \"1\")))) (pchar \"b\" (unreserved \"b\" (ALPHA \"b\"))))))"
    );
}

#[test]
fn catalan() {
    let g = grammar("E = E \"+\" E / \"a\"\n");
    let expect = [1u64, 1, 2, 5, 14, 42, 132, 429];
    for (n, &c) in expect.iter().enumerate() {
        let input = vec!["a"; n + 1].join("+");
        assert_eq!(count(&g, "E", &input), ParseCount::Exact(c), "{input}");
    }
    let p = g.parse("E", "a+a+a+a", &ParseOptions::default()).unwrap();
    assert_eq!(p.trees.len(), 5);
    let mut shapes: Vec<String> = p.trees.iter().map(|t| t.to_sexpr("a+a+a+a")).collect();
    shapes.sort();
    shapes.dedup();
    assert_eq!(shapes.len(), 5, "the five trees differ");
    // Exponentially many parses are counted without enumerating them.
    let input = vec!["a"; 61].join("+");
    let capped = g
        .parse(
            "E",
            &input,
            &ParseOptions {
                count_cap: 1_000_000,
                max_trees: 3,
            },
        )
        .unwrap();
    assert_eq!(capped.count, ParseCount::AtLeast(1_000_000));
    assert_eq!(capped.trees.len(), 3);
    // Catalan(20) = 6564120420 counted exactly under a large cap.
    let input = vec!["a"; 21].join("+");
    let p = g
        .parse(
            "E",
            &input,
            &ParseOptions {
                count_cap: u64::MAX,
                max_trees: 1,
            },
        )
        .unwrap();
    assert_eq!(p.count, ParseCount::Exact(6_564_120_420));
}

#[test]
fn left_recursive_expressions() {
    let g = grammar(
        "expr = expr \"+\" term / expr \"-\" term / term\n\
         term = term \"*\" factor / factor\n\
         factor = \"(\" expr \")\" / 1*DIGIT\n",
    );
    let input = "1+2*(3-4)*5-6";
    let p = g.parse("expr", input, &ParseOptions::default()).unwrap();
    assert!(p.valid);
    assert_eq!(p.count, ParseCount::Exact(1));
    assert_eq!(p.trees[0].root().unwrap().rule, "expr");
    assert!(
        !g.parse("expr", "1+*2", &ParseOptions::default())
            .unwrap()
            .valid
    );
}

#[test]
fn rfc7405_strings_and_incremental_alternatives() {
    let g = grammar(
        "a = %s\"Ab\" / %i\"cd\"\n\
         a =/ \"ef\"\n\
         a =/ %x67.68\n",
    );
    for (input, ok) in [
        ("Ab", true),
        ("ab", false),
        ("AB", false),
        ("cd", true),
        ("CD", true),
        ("eF", true),
        ("gh", true),
        ("GH", false),
    ] {
        assert_eq!(
            g.parse("a", input, &ParseOptions::default()).unwrap().valid,
            ok,
            "{input}"
        );
    }
}

#[test]
fn repetitions_and_values() {
    let g = grammar("r = 3*5DIGIT \".\" 2HEXDIG [ \"x\" ] *1\"y\" %d13.10 %b1000001-1000010\n");
    assert!(
        g.parse("r", "123.fF\r\nA", &ParseOptions::default())
            .unwrap()
            .valid
    );
    assert!(
        g.parse("r", "12345.00xy\r\nB", &ParseOptions::default())
            .unwrap()
            .valid
    );
    assert!(
        !g.parse("r", "12.00\r\nA", &ParseOptions::default())
            .unwrap()
            .valid
    );
    assert!(
        !g.parse("r", "123456.00\r\nA", &ParseOptions::default())
            .unwrap()
            .valid
    );
    assert!(
        !g.parse("r", "123.00\r\nC", &ParseOptions::default())
            .unwrap()
            .valid
    );
}

#[test]
fn code_points_beyond_ascii() {
    let g = grammar("ucs = 1*( %xA0-D7FF / %x10000-1FFFD )\n");
    let p = g.parse("ucs", "é😀", &ParseOptions::default()).unwrap();
    assert!(p.valid);
    assert_eq!(p.trees[0].root().unwrap().end, "é😀".len());
    let p = g.parse("ucs", "éa", &ParseOptions::default()).unwrap();
    assert_eq!(p.failure.unwrap().offset, 2);
}

#[test]
fn empty_ambiguity_is_collapsed_and_flagged() {
    // Two ways to derive the empty string: one parse, flagged.
    let g = grammar("s = a \"x\"\na = b / c\nb = \"\"\nc = \"\"\n");
    let p = g.parse("s", "x", &ParseOptions::default()).unwrap();
    assert_eq!(p.count, ParseCount::Exact(1));
    assert!(p.empty_ambiguity);
    // Repetition of something that can be empty: iterations are non-empty.
    let g = grammar("s = *(\"a\" / \"\")\n");
    let p = g.parse("s", "aa", &ParseOptions::default()).unwrap();
    assert_eq!(p.count, ParseCount::Exact(1));
    assert!(!p.empty_ambiguity);
    let g = grammar("s = 2*3(\"a\" / \"\")\n");
    let p = g.parse("s", "a", &ParseOptions::default()).unwrap();
    assert_eq!(p.count, ParseCount::Exact(1));
    // An option whose content matches nothing is the option absent.
    let g = grammar("s = [ *\"a\" ] \"b\"\n");
    let p = g.parse("s", "b", &ParseOptions::default()).unwrap();
    assert_eq!(p.count, ParseCount::Exact(1));
    assert!(!p.empty_ambiguity);
    // An empty loop: one parse, flagged.
    let g = grammar("s = e \"x\"\ne = e / \"\"\n");
    let p = g.parse("s", "x", &ParseOptions::default()).unwrap();
    assert_eq!(p.count, ParseCount::Exact(1));
    assert!(p.empty_ambiguity);
    // Non-empty ambiguity stays.
    let g = grammar("x = \"a\" / %x61\n");
    assert_eq!(count(&g, "x", "a"), ParseCount::Exact(2));
}

#[test]
fn infinite_derivations_are_said() {
    let g = grammar("A = A / \"a\"\n");
    let p = g.parse("A", "a", &ParseOptions::default()).unwrap();
    assert!(p.valid);
    assert_eq!(p.count, ParseCount::Infinite);
    assert_eq!(p.trees.len(), 1);
    let g = grammar("A = B / \"a\"\nB = A\n");
    assert_eq!(count(&g, "A", "a"), ParseCount::Infinite);
    assert_eq!(count(&g, "A", "b"), ParseCount::Exact(0));
}

#[test]
fn rfc3986_parses() {
    let g = grammar(RFC3986);
    for (input, ok) in [
        ("http://example.com/a/b?c#d", true),
        ("foo://[v7.x]:8/", true),
        ("a:", true),
        ("//x@[::1]", false), // not a URI: a relative reference
        ("http://[1::]/", true),
        ("http://[::1:2:3:4:5:6:7:8]/", false),
    ] {
        let p = g.parse("URI", input, &ParseOptions::default()).unwrap();
        assert_eq!(p.valid, ok, "{input}");
        if ok {
            assert_eq!(p.count, ParseCount::Exact(1), "{input}");
        }
    }
    let p = g
        .parse("URI-reference", "//x@[::1]", &ParseOptions::default())
        .unwrap();
    assert!(p.valid);
    // `1::` as an IPv6 address: one reading (erratum 4394's worry is first-match parsers).
    let p = g
        .parse("IPv6address", "1::", &ParseOptions::default())
        .unwrap();
    assert!(p.valid);
    // host = IP-literal / IPv4address / reg-name: an IPv4 address is also a reg-name.
    let p = g
        .parse("host", "1.2.3.4", &ParseOptions::default())
        .unwrap();
    assert_eq!(p.count, ParseCount::Exact(2));
}

#[test]
fn unknown_start_rule() {
    let g = grammar("a = \"x\"\n");
    assert!(g.parse("b", "x", &ParseOptions::default()).is_err());
    assert!(g.parse("DIGIT", "1", &ParseOptions::default()).is_err());
    assert!(g.parse("A", "x", &ParseOptions::default()).unwrap().valid);
}

#[test]
fn prose_values_and_hooks() {
    let mut g =
        grammar("host = \"[\" <a host name> \"]\" / name\nname = <a name, see elsewhere>\n");
    let p = g.parse("host", "[x]", &ParseOptions::default()).unwrap();
    assert!(!p.valid);
    assert!(!p.unchecked_prose.is_empty());
    let n = g.bind_prose(
        "name",
        std::sync::Arc::new(|s: &str, at: usize| {
            let len = s[at..].bytes().take_while(u8::is_ascii_lowercase).count();
            (1..=len).map(|k| at + k).collect()
        }),
    );
    assert_eq!(n, 1);
    assert!(
        g.parse("host", "abc", &ParseOptions::default())
            .unwrap()
            .valid
    );
    assert!(
        !g.parse("host", "aBc", &ParseOptions::default())
            .unwrap()
            .valid
    );
    assert_eq!(
        g.bind_prose(
            "a host name",
            std::sync::Arc::new(|_: &str, at: usize| vec![at + 1])
        ),
        1
    );
    assert!(
        g.parse("host", "[x]", &ParseOptions::default())
            .unwrap()
            .valid
    );
}

#[test]
fn right_recursion_and_rfc3986_check() {
    let g = grammar("a = \"x\" a / \"\"\n");
    let input = "x".repeat(2000);
    let p = g.parse("a", &input, &ParseOptions::default()).unwrap();
    assert_eq!(p.count, ParseCount::Exact(1));
    assert_eq!(p.trees[0].nodes.len(), 2001);
    // RFC 3986's Appendix A has no errors; `path-empty = 0<pchar>` is prose, noted.
    let r = idbench::engine::abnf::check(RFC3986, Some("URI-reference"));
    assert!(!r.has_errors(), "{:#?}", r.problems);
    assert_eq!(r.rules.len(), 36);
    assert!(
        r.problems
            .iter()
            .any(|p| p.code == "prose-value" && p.rule.as_deref() == Some("path-empty"))
    );
}
