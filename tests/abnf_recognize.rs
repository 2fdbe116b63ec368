//! The recognizer for recursive grammars (`engine::abnf`'s `recognize`, issue 36 item 5):
//! rules that reach no recursion scanned by automaton with every end, prediction tables
//! precomputed, no forest. Its verdict, first offending byte and expected set are the
//! Earley parser's, over every shipped grammar (the built-in profiles' ABNF, the namespace
//! grammars, the lab's test grammars) on generated inputs and near misses, and over random
//! recursive grammars; it bounds its work and the judge falls back to the Earley parser
//! past it.

#[path = "abnf_agree/causes.rs"]
mod causes;
#[path = "abnf_agree/random.rs"]
mod random;
#[path = "abnf_agree/shipped.rs"]
mod shipped;

use shipped::{generated, near_misses, shipped, xri_paths, xri2_grammar};

use idbench::engine::abnf::{Grammar, MAX_INPUT};
use proptest::prelude::*;

/// The recognizer and the Earley parser on one input: the same verdict, first offending
/// byte and expected set. Whether the recognizer took it.
fn same(name: &str, g: &Grammar, start: &str, input: &str) -> bool {
    let Some(fast) = g.recognizer_verdict_of(start, input) else {
        return false;
    };
    let Ok(slow) = g.earley_verdict_of(start, input) else {
        // Over the Earley parser's budget: the recognizer may still answer.
        return true;
    };
    assert_eq!(fast.valid, slow.valid, "{name}: verdict on {input:?}");
    assert_eq!(fast.failure, slow.failure, "{name}: failure on {input:?}");
    true
}

#[test]
fn the_recognizer_agrees_with_the_earley_parser_on_every_shipped_grammar() {
    let mut taken = 0;
    let mut refused = Vec::new();
    for (name, g, text, start) in shipped() {
        let inputs = generated(&text, &start);
        let mut any = false;
        for input in &inputs {
            any |= same(&name, &g, &start, input);
        }
        if any {
            taken += 1;
        } else {
            refused.push(name);
        }
    }
    // Only grammars with prose values are left to the Earley parser.
    for name in &refused {
        let g = shipped()
            .into_iter()
            .find(|s| &s.0 == name)
            .map(|s| s.1)
            .expect("listed");
        assert!(
            !g.prose_values().is_empty(),
            "{name}: refused without prose"
        );
    }
    assert!(taken > 10, "{taken} grammars taken, refused {refused:?}");
}

/// xri2's ABNF: the start rule is recursive (cross-references), so the judge has no
/// automaton and the recognizer judges, with the rules that reach no recursion
/// (`iauthority`, `IRI`, `*xri-pchar`, …) compiled; it agrees with the Earley parser on
/// nested cross-references and their near misses, and takes a 64 KiB XRI within its
/// linear work bound.
#[test]
fn xri2_is_judged_by_the_recognizer() {
    let g = xri2_grammar();
    let start = "XRI-reference";
    let judge = g.judge(start).expect("start");
    assert!(judge.automaton().is_none());
    assert!(
        judge.compiled_terminals().is_some_and(|n| n > 5),
        "{judge:?}"
    );
    let mut nested = String::from("=a");
    for k in 0..12 {
        nested.push_str(if k % 2 == 1 { "*(=b*(@c!1))" } else { "*(+d)" });
    }
    let mut inputs = vec![
        nested.clone(),
        "xri://@example*(http://a.b/c?d)*(=x)/p*q!r?q#f".to_string(),
        "=(((((a)))))".to_string(),
        "@a*(=b*(=c*(=d*(@e))))".to_string(),
        "+a/b/c*(d)".to_string(),
        "./a:b".to_string(),
        "(xri://@a)*b".to_string(),
        "!1!2!3/(+x)".to_string(),
        "xri://[::1]:80/a".to_string(),
        "http://a/(b".to_string(),
    ];
    let base = inputs.clone();
    for (i, x) in base.iter().enumerate() {
        for k in 0..2 {
            inputs.extend(near_misses(x, i * 2 + k));
        }
    }
    for input in &inputs {
        let mut scratch = None;
        let v = judge.verdict(&g, &mut scratch, input).expect("verdict");
        let e = g.earley_verdict_of(start, input).expect("earley");
        // The engine may differ: an input of the grammar's regular subset is the
        // automaton's to judge.
        assert_eq!((v.valid, &v.failure), (e.valid, &e.failure), "{input:?}");
        assert!(
            same("xri2", &g, start, input),
            "recognizer refused {input:?}"
        );
    }
    // 64 KiB of cross-references nested in paths: within the recognizer's linear work
    // (no fallback). (Without the paths, `*(=b*(@c!1))` repeated, every `(@` opens a
    // reading where `iauthority` takes `)` as part of a host and the nesting shifts: as
    // many live readings as cross-references so far, quadratic for any Earley chart; the
    // chart gives up on it as the Earley parser runs over its budget, and the bracketed
    // rule's pass proves it valid without one: tests/abnf_brackets.rs. That pass proves
    // this input too, before the chart; the near miss below is the chart's.)
    let long = xri_paths(65536);
    let v = g.recognizer_verdict_of(start, &long).expect("taken");
    assert!(v.valid);
    let mut bad = long.clone();
    bad.push('^');
    let v = g.recognizer_verdict_of(start, &bad).expect("taken");
    let f = v.failure.expect("failure");
    assert_eq!(f.offset, long.len());
    assert!(f.expected.iter().any(|x| x == "end of input"), "{f:?}");
}

/// A failure inside a compiled rule: the chart ends before it, the automaton reads on, and
/// the first offending byte and expected set are where the Earley parser's furthest set
/// is (inside the rule), from the rule's tagged automaton.
#[test]
fn a_failure_inside_a_compiled_rule_is_the_earley_parsers() {
    let text = "s = \"(\" s \")\" / w\nw = 1*\"a\" \"-\" 2DIGIT / \"b\"\n";
    let g = Grammar::from_text(text).expect("grammar");
    for input in [
        "((aa-12))",
        "((aa-1))",
        "((aa-1",
        "((aa-",
        "((a",
        "((",
        "((b)",
        "((aa-12)))",
        "",
        "(aa-12",
        "(x",
    ] {
        assert!(same("nested", &g, "s", input), "{input:?}");
    }
}

/// Hostile grammars: an ambiguous one and a deep right recursion go past the recognizer's
/// linear work, and the judge answers from the Earley parser (the same answer), within its
/// budget; a grammar with prose is not taken.
#[test]
fn past_its_work_the_recognizer_gives_way_to_the_earley_parser() {
    let g = Grammar::from_text("E = E \"+\" E / \"a\"\n").expect("grammar");
    let judge = g.judge("E").expect("start");
    // 40 terms: taken, the same answer.
    let input = format!("a{}", "+a".repeat(40));
    assert!(same("E", &g, "E", &input));
    assert!(judge.verdict(&g, &mut None, &input).expect("verdict").valid);
    // 600 terms: a chart that grows with the square of the input: the recognizer gives
    // up within its linear work (the judge then runs the Earley parser, which is over
    // its budget from about 470 terms, as without the recognizer).
    let input = format!("a{}", "+a".repeat(600));
    assert!(g.recognizer_verdict_of("E", &input).is_none());
    // Right recursion: quadratic without Leo's items, where what follows it is what it
    // repeats (`s = r "x"`: lookahead keeps every level's completion before an `x`; alone,
    // `r = "x" r / ""` completes only at the end, and is linear with lookahead).
    let g = Grammar::from_text("s = r \"x\"\nr = \"x\" r / \"\"\n").expect("grammar");
    let input = "x".repeat(20_000);
    assert!(g.recognizer_verdict_of("s", &input).is_none());
    let judge = g.judge("s").expect("start");
    assert!(judge.verdict(&g, &mut None, &input).expect("verdict").valid);
    let alone = Grammar::from_text("r = \"x\" r / \"\"\n").expect("grammar");
    assert!(
        alone
            .recognizer_verdict_of("r", &input)
            .is_some_and(|v| v.valid)
    );
    // Short ones are taken, and agree.
    assert!(same("right", &g, "s", "xxxx"));
    assert!(same("right", &g, "s", "xxyx"));
    assert!(same("right", &g, "r", "xxyx"));
    let g = Grammar::from_text("s = \"(\" s \")\" / <anything>\n").expect("grammar");
    assert!(g.recognizer_verdict_of("s", "(a)").is_none());
    // Over the input limit: refused, as the Earley parser refuses it.
    let g = Grammar::from_text("s = \"(\" s \")\" / \"a\"\n").expect("grammar");
    assert!(
        g.recognizer_verdict_of("s", &"(".repeat(MAX_INPUT + 1))
            .is_none()
    );
}

/// The links a run makes (an item waiting for a rule, given to a completion of that rule)
/// are held to the recognizer's limit too, at each completion. A grammar that splits `s`
/// every way (`s s`, and two or three `s` in `E`) makes a set's links grow with the square
/// of its items: the fuzzer's case, 5,452 `a`s, made 54 million links within its items'
/// work, 0.87 s of a `grammar parse --max-work 200000` (25 ms now). The recognizer now gives up on
/// it, and already on 100 `a`s (where it took 20 ms for a verdict the Earley parser gives
/// too); a short input is still taken, and agrees.
#[test]
fn the_recognizer_counts_its_links() {
    let g = Grammar::from_text("s = \"a\" / s s / s\ns =/ E\nE = 2*3s\nE =/ %x61.2B %x61.2B s\n")
        .expect("grammar");
    assert!(same("splits", &g, "s", "aaaaaaaaaa"));
    assert!(same("splits", &g, "s", "aaaaa+aaaa"));
    for n in [100, 5_452] {
        let input = "a".repeat(n);
        assert!(g.recognizer_verdict_of("s", &input).is_none(), "{n}");
    }
    // The judge answers from the Earley parser, as without the recognizer.
    let input = "a".repeat(100);
    let judge = g.judge("s").expect("start");
    assert!(judge.verdict(&g, &mut None, &input).expect("verdict").valid);
    assert!(
        g.earley_verdict_of("s", &input)
            .expect("within its budget")
            .valid
    );
}

/// 62 KB of cross-references nested 250 deep, 50 times (the workbench's big-input case):
/// XRI 2.0's `ireg-name` takes "(", ")" and every GCS character, so from each "(" an
/// `iauthority` can end at every later byte and the grammar reads the input in
/// quadratically many ways.
fn xri_nested() -> String {
    let block = format!("{}=b{}", "=a*(".repeat(250), ")".repeat(250));
    block.repeat(50)
}

/// The regular subset of a recursive start rule (its uses that close a recursion read as
/// matching nothing) matches only inputs the Earley parser accepts: over every shipped
/// grammar's generated inputs and near misses. It is not empty where it matters: it
/// matches most of XRI 2.0's generated XRIs.
#[test]
fn the_regular_subset_matches_only_what_the_earley_parser_accepts() {
    let mut matched = std::collections::BTreeMap::new();
    for (name, g, text, start) in shipped() {
        let Some(judge) = g.judge(&start).ok() else {
            continue;
        };
        if judge.automaton().is_some() {
            // Not recursive: the automaton is exact, and no subset is made for it.
            continue;
        }
        let inputs = generated(&text, &start);
        for input in &inputs {
            if g.subset_matches(&start, input) != Some(true) {
                continue;
            }
            *matched.entry(name.clone()).or_insert(0usize) += 1;
            if let Ok(v) = g.earley_verdict_of(&start, input) {
                assert!(v.valid, "{name}: the subset matches {input:?}: {v:?}");
            }
        }
    }
    assert!(
        matched.get("xri2").is_some_and(|&n| n >= 10),
        "matched: {matched:?}"
    );
}

/// The nested XRI: the subset matches it (one `iauthority`), so the recognizer's verdict
/// is "valid" in one pass of an automaton, where its chart would give up (over its
/// linear work) and the Earley parser's would run over its budget. A near miss is not the
/// subset's to judge.
#[test]
fn the_nested_xri_is_valid_by_its_regular_subset() {
    let g = xri2_grammar();
    let nested = xri_nested();
    assert_eq!(g.subset_matches("xri-value", &nested), Some(true));
    let v = g
        .recognizer_verdict_of("xri-value", &nested)
        .expect("a verdict");
    assert!(v.valid);
    assert!(v.failure.is_none());
    let judge = g.judge("xri-value").expect("start");
    assert!(
        judge
            .verdict(&g, &mut None, &nested)
            .expect("verdict")
            .valid
    );
    // A shorter one the Earley parser finishes: the same verdict.
    let one = format!("{}=b{}", "=a*(".repeat(40), ")".repeat(40));
    assert_eq!(g.subset_matches("xri-value", &one), Some(true));
    assert!(
        g.earley_verdict_of("xri-value", &one)
            .expect("earley")
            .valid
    );
    // Near misses: the subset does not match them, and says nothing of them.
    for bad in [format!("{one}^"), format!("{one}%"), format!("^{one}")] {
        assert_eq!(g.subset_matches("xri-value", &bad), Some(false), "{bad:?}");
        assert!(
            !g.earley_verdict_of("xri-value", &bad)
                .expect("earley")
                .valid
        );
    }
}

/// The regular bounds of a recursive start rule (`Judge::verdict_by_bounds`: its subset
/// matches, or its superset dies at a byte the subset reaches) give the Earley parser's
/// verdict and first offending byte wherever they give one: over every shipped
/// recursive grammar's generated inputs and near misses. They settle many of XRI 2.0's
/// near misses. (Read with each back edge as the empty string rather than `[Σ]*`, the
/// superset is no superset, and this fails.)
#[test]
fn the_regular_bounds_give_the_earley_parsers_verdict_and_first_byte() {
    let mut settled = std::collections::BTreeMap::new();
    for (name, g, text, start) in shipped() {
        let Some(judge) = g.judge(&start).ok() else {
            continue;
        };
        if judge.automaton().is_some() {
            continue;
        }
        for input in &generated(&text, &start) {
            let Some(v) = judge.verdict_by_bounds(&g, input) else {
                continue;
            };
            let Ok(e) = g.earley_verdict_of(&start, input) else {
                continue;
            };
            assert_eq!(v.valid, e.valid, "{name}: {input:?}");
            if let (Some(f), Some(ef)) = (&v.failure, &e.failure) {
                assert_eq!(f.offset, ef.offset, "{name}: {input:?}");
                assert!(!f.expected_known && f.expected.is_empty());
                *settled.entry(name.clone()).or_insert(0usize) += 1;
            }
        }
    }
    eprintln!("settled: {settled:?}");
    assert!(
        settled.get("xri2").is_some_and(|&n| n >= 100),
        "settled: {settled:?}"
    );
}

/// The local superset holds every shipped grammar's language, recursive or not: it
/// never dies on an input the Earley parser accepts, nor before the parser's first
/// offending byte (where it dies, the chart has died). Over their generated inputs and
/// near misses; and on XRI 2.0's it is where the parser dies on at least some near
/// misses (it is not "any string").
#[test]
fn the_local_superset_never_dies_before_the_earley_parser() {
    let mut exact = std::collections::BTreeMap::new();
    for (name, g, text, start) in shipped() {
        for input in &generated(&text, &start) {
            let Some(dies) = g.local_dies_at(&start, input) else {
                continue;
            };
            let Ok(e) = g.earley_verdict_of(&start, input) else {
                continue;
            };
            match (dies, e.failure) {
                (Some(k), None) => panic!("{name}: dies at {k} on valid {input:?}"),
                (Some(k), Some(f)) => {
                    assert!(
                        k >= f.offset,
                        "{name}: {k} before {} on {input:?}",
                        f.offset
                    );
                    if k == f.offset {
                        *exact.entry(name.clone()).or_insert(0usize) += 1;
                    }
                }
                _ => {}
            }
        }
    }
    eprintln!("the parser's byte: {exact:?}");
    assert!(exact.get("xri2").is_some_and(|&n| n >= 100), "{exact:?}");
}

/// Near misses inside the nesting that only the local superset settles: a `%` without
/// two hex digits (no string of XRI 2.0 has `%z`), and a `[` after a cross-reference's
/// `)`. At 40 deep the parser finishes and agrees; at 250 deep and 62 KB the judge gives
/// the same byte. The bounds settle them on that long line before any parse: near the
/// start the parse of the bytes before the failure gives the expected set, the same as
/// a parse of the whole line; in the middle, where a parse is over its budget, it is not
/// known.
#[test]
fn near_misses_deep_in_the_nesting_are_refused_at_their_bytes() {
    let g = xri2_grammar();
    let judge = g.judge("xri-value").expect("start");
    let one = format!("{}=b{}", "=a*(".repeat(40), ")".repeat(40)).repeat(3);
    let nested = xri_nested();
    for base in [one.as_str(), nested.as_str()] {
        // After the first of the nesting's blocks (it ends with `)`), and in its middle.
        let cut = base.find(")=a").expect("a block's end") + 1;
        let mid = base.len() / 2 + 1;
        for (bad, at) in [
            (format!("{}%z{}", &base[..cut], &base[cut..]), cut + 1),
            (format!("{}%z{}", &base[..mid], &base[mid..]), mid + 1),
            (format!("{}[{}", &base[..cut], &base[cut..]), cut),
        ] {
            let v = judge
                .verdict_by_bounds(&g, &bad)
                .unwrap_or_else(|| panic!("not settled: {at} of {}", bad.len()));
            assert!(!v.valid, "{at}");
            assert_eq!(v.failure.as_ref().map(|f| f.offset), Some(at));
            if base.len() < 2000 {
                let e = g.earley_verdict_of("xri-value", &bad).expect("earley");
                assert_eq!(e.failure.map(|f| f.offset), Some(at), "{bad}");
            } else {
                // (Near the start the parser finishes: its chart stops at the byte.)
                let j = judge.verdict(&g, &mut None, &bad).expect("a verdict");
                let f = j.failure.expect("a failure");
                assert_eq!((j.valid, f.offset), (false, at));
                assert_eq!(f.expected_known, at < 30_000, "{at}");
                // Near the start, the expected set of a parse of the whole line (its
                // chart stops at the byte), from a parse of the bytes before it.
                if at < 30_000 {
                    let e = g.earley_verdict_of("xri-value", &bad).expect("earley");
                    assert_eq!(Some(f), e.failure, "{at}");
                }
            }
        }
    }
}

/// The nested XRI's near misses, past the Earley parser's budget: a `^` (no rule holds
/// it) after the nesting, before it and inside it is refused at its byte; a `%` at the
/// end (a percent-encoding cut short) at the end of the input. Shorter ones the parser
/// finishes agree.
#[test]
fn the_nested_xris_near_misses_are_refused_at_their_bytes() {
    let g = xri2_grammar();
    let judge = g.judge("xri-value").expect("start");
    let one = format!("{}=b{}", "=a*(".repeat(40), ")".repeat(40));
    let nested = xri_nested();
    for base in [one.as_str(), nested.as_str()] {
        let mid = base.len() / 2;
        for (bad, at) in [
            (format!("{base}^"), base.len()),
            (format!("^{base}"), 0),
            (format!("{}^{}", &base[..mid], &base[mid..]), mid),
            (format!("{base}%"), base.len() + 1),
        ] {
            let v = judge
                .verdict_by_bounds(&g, &bad)
                .unwrap_or_else(|| panic!("not settled: {at} of {}", bad.len()));
            assert!(!v.valid, "{at}");
            assert_eq!(v.failure.as_ref().map(|f| f.offset), Some(at));
            if base.len() < 1000 {
                let e = g.earley_verdict_of("xri-value", &bad).expect("earley");
                assert_eq!(e.failure.map(|f| f.offset), Some(at));
            }
        }
    }
    // The judge's own verdict past the parser's budget (the recognizer and the parser
    // give up): the bounds'.
    let bad = format!("{nested}^");
    let j = judge.verdict(&g, &mut None, &bad).expect("a verdict");
    assert!(!j.valid);
    let f = j.failure.expect("a failure");
    assert_eq!((f.offset, f.expected_known), (nested.len(), false));
}

/// A recursive grammar whose regular subset's automaton would explode (the 21st
/// character from the end is "a"): on 256 KiB of random letters its lazy DFA makes a
/// state for nearly every byte, clears its bounded cache, and gives up, and the
/// recognizer answers (the subset says nothing, not "no").
#[test]
fn a_subset_whose_automaton_would_explode_gives_way_to_the_recognizer() {
    let text = "s = \"(\" s \")\" / t\nt = *(\"a\" / \"b\") \"a\" 20(\"a\" / \"b\")\n";
    let g = Grammar::from_text(text).expect("grammar");
    let mut input = String::new();
    let mut x: u32 = 12345;
    for _ in 0..(256 * 1024) {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        input.push(if x >> 16 & 1 == 0 { 'a' } else { 'b' });
    }
    // Make it a match: the 21st character from the end is "a".
    let at = input.len() - 21;
    input.replace_range(at..=at, "a");
    assert_eq!(g.subset_matches("s", &input), Some(false), "gave up");
    let v = g.recognizer_verdict_of("s", &input).expect("taken");
    assert!(v.valid);
    // Short: the subset matches, nested: it does not, and the recognizer does.
    let short = format!("b{}", "a".repeat(21));
    assert_eq!(g.subset_matches("s", &short), Some(true));
    let nested = format!("(({short}))");
    assert_eq!(g.subset_matches("s", &nested), Some(false));
    assert!(g.recognizer_verdict_of("s", &nested).expect("taken").valid);
}

/// A random grammar over `a`, `b`, `(`, `)` with rules s, t, u (recursion, nullable
/// rules, options, repetitions).
fn grammar_text() -> impl Strategy<Value = String> {
    let sym = prop_oneof![
        Just("\"a\"".to_string()),
        Just("\"b\"".to_string()),
        Just("\"(\" s \")\"".to_string()),
        Just("s".to_string()),
        Just("t".to_string()),
        Just("u".to_string()),
        Just("[ t ]".to_string()),
        Just("*u".to_string()),
        Just("1*\"a\"".to_string()),
        Just("2*3( \"b\" / \"ab\" )".to_string()),
        Just("\"\"".to_string()),
    ];
    random::stu(sym)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn the_recognizer_agrees_on_random_grammars(
        text in grammar_text(),
        inputs in prop::collection::vec("[ab()x]{0,14}", 1..6),
    ) {
        let g = Grammar::from_text(&text).expect("grammar");
        for input in &inputs {
            for start in ["s", "t", "u"] {
                same(&text, &g, start, input);
            }
        }
    }

    /// The regular bounds of a random recursive grammar give the Earley parser's verdict
    /// and first offending byte wherever they give one.
    #[test]
    fn the_regular_bounds_of_a_random_grammar_agree_with_the_earley_parser(
        text in grammar_text(),
        inputs in prop::collection::vec("[ab()x]{0,14}", 1..6),
    ) {
        let g = Grammar::from_text(&text).expect("grammar");
        for input in &inputs {
            for start in ["s", "t", "u"] {
                let Some(v) = g.judge(start).ok().and_then(|j| j.verdict_by_bounds(&g, input))
                else {
                    continue;
                };
                if let Ok(e) = g.earley_verdict_of(start, input) {
                    prop_assert_eq!(v.valid, e.valid, "{}: {} on {:?}", text, start, input);
                    prop_assert_eq!(
                        v.failure.map(|f| f.offset),
                        e.failure.map(|f| f.offset),
                        "{}: {} on {:?}", text, start, input
                    );
                }
            }
        }
    }

    /// The local superset of a random recursive grammar holds its language: it never
    /// dies on an input the Earley parser accepts, nor before the parser's first
    /// offending byte.
    #[test]
    fn the_local_superset_of_a_random_grammar_holds_its_language(
        text in grammar_text(),
        inputs in prop::collection::vec("[ab()x]{0,14}", 1..6),
    ) {
        let g = Grammar::from_text(&text).expect("grammar");
        for input in &inputs {
            for start in ["s", "t", "u"] {
                let Some(Some(k)) = g.local_dies_at(start, input) else {
                    continue;
                };
                if let Ok(e) = g.earley_verdict_of(start, input) {
                    let f = e.failure.map(|f| f.offset);
                    prop_assert!(f.is_some_and(|f| f <= k), "{}: {} on {:?}: {}", text, start, input, k);
                }
            }
        }
    }

    /// The regular subset of a random recursive grammar matches only what the Earley
    /// parser accepts.
    #[test]
    fn the_regular_subset_of_a_random_grammar_matches_only_valid_inputs(
        text in grammar_text(),
        inputs in prop::collection::vec("[ab()x]{0,14}", 1..6),
    ) {
        let g = Grammar::from_text(&text).expect("grammar");
        for input in &inputs {
            for start in ["s", "t", "u"] {
                if g.subset_matches(start, input) == Some(true)
                    && let Ok(v) = g.earley_verdict_of(start, input)
                {
                    prop_assert!(v.valid, "{text}: {start} on {input:?}");
                }
            }
        }
    }
}

/// A judge reused over a sequence of edits (its recognizer resumes each run from the last
/// checkpoint the new input's bytes still hold) gives what a new recognizer gives on each
/// text: the verdict, the first offending byte and the expected set. Edits anywhere, most
/// near the end as a user types, on inputs of several checkpoints (one a kilobyte), with
/// valid and invalid texts, over two recursive grammars: XRI 2.0's and a nested one with
/// several readings of a run (its queue carries ends across checkpoints).
#[test]
fn a_reused_recognizer_resumes_to_a_new_ones_answer_on_every_edit() {
    use idbench::engine::abnf::{Budget, RECOGNIZER_PER_BYTE};
    let xri = causes::profiles()
        .into_iter()
        .find(|p| p.name() == "xri2")
        .and_then(causes::grammar_text)
        .expect("XRI 2.0's grammar");
    let paths = xri_paths(5000);
    let nested = "s = \"(\" [s *(\",\" s)] \")\" / w\nw = 1*\"a\" [\"-\" 2DIGIT] / \"b\"\n";
    // Runs of `a` longer than a checkpoint's span: a scan of `w` from a run's start reads
    // past the checkpoints inside it, and queues an end at each of its bytes.
    let mut runs = String::from("(");
    while runs.len() < 6000 {
        runs.push_str("(aa-12),b,((aaa)),");
        runs.push_str(&"a".repeat(1500));
        runs.push(',');
    }
    runs.push_str("b)");
    let (mut resumed, mut valid) = (0usize, 0usize);
    for (text, start, base, alphabet) in [
        (xri.as_str(), "xri-value", paths, "=@+*!()/abc:^%41"),
        (nested, "s", runs, "(),ab-12x"),
    ] {
        let g = Grammar::from_text(text).expect("grammar");
        let judge = g.judge(start).expect("start");
        let budget = Budget::default();
        let base: Vec<char> = base.chars().collect();
        let probes: Vec<char> = alphabet.chars().collect();
        let mut seed = 0x2545_f491_u64;
        for step in 0..160 {
            // The base text (its end cut off at every third step) with one edit: the texts
            // judged one after another share most of their bytes, as a user's do.
            let mut input = base.clone();
            if step % 3 == 0 {
                input.truncate(input.len() - step % 50);
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let r = (seed >> 33) as usize;
            // Half the edits within the last 40 characters, a quarter a few bytes from a
            // checkpoint's place (a multiple of 1,024: the texts are ASCII), a quarter
            // anywhere.
            let len = input.len();
            let at = match r % 4 {
                0 => r / 4 % (len + 1),
                1 => ((r / 4 % (len / 1024).max(1) + 1) * 1024 + r / 64 % 9)
                    .saturating_sub(4)
                    .min(len),
                _ => len.saturating_sub(r / 4 % 40),
            };
            let c = probes[r / 7 % probes.len()];
            match r % 3 {
                0 if at < len => {
                    input.remove(at);
                }
                1 if at < len => input[at] = c,
                _ => input.insert(at, c),
            }
            let s: String = input.iter().collect();
            let fresh = g.recognizer_verdict_of(start, &s);
            let reused = judge
                .quick_verdict(&g, &mut None, &s, budget, RECOGNIZER_PER_BYTE)
                .map(|v| v.expect("no input bound met"));
            match (fresh, reused) {
                (Some(a), Some(b)) => {
                    assert_eq!(a.valid, b.valid, "{start}, step {step}: verdict");
                    assert_eq!(a.failure, b.failure, "{start}, step {step}: failure");
                    resumed += 1;
                    valid += usize::from(a.valid);
                }
                (a, b) => assert_eq!(a.is_some(), b.is_some(), "{start}, step {step}"),
            }
        }
    }
    // Both grammars answer (neither gives up on most texts), valid and not.
    assert!(
        resumed > 250 && valid > 60 && resumed - valid > 60,
        "{resumed} {valid}"
    );
}
