//! The bracketed rule's pass of the recognizer (`engine::abnf`'s `brackets`, issue 36's
//! fifth target): where all of a grammar's recursion passes through one rule of the shape
//! `"(" … ")"` (XRI 2.0's `xref`), the pairs of brackets that rule matches are contracted
//! innermost first and the start rule's automaton reads what is left. It only ever
//! proves an input valid, so it must never do so for an input the Earley parser refuses:
//! over every shipped grammar's generated inputs and near misses, over random grammars
//! with a bracketed rule, and on hostile nesting, where it gives up within its bound.

#[path = "abnf_agree/causes.rs"]
mod causes;
#[path = "abnf_agree/random.rs"]
mod random;
#[path = "abnf_agree/shipped.rs"]
mod shipped;

use shipped::{generated, near_misses, shipped, xri_of, xri_paths, xri2_grammar};

use idbench::engine::abnf::{Engine, Grammar, Judge};
use proptest::prelude::*;

/// Wherever the pass proves an input valid, the Earley parser accepts it (or runs over
/// its budget). Returns whether it proved it.
fn sound(name: &str, g: &Grammar, start: &str, input: &str) -> bool {
    if g.brackets_prove(start, input) != Some(true) {
        return false;
    }
    if let Ok(v) = g.earley_verdict_of(start, input) {
        assert!(v.valid, "{name}: {start}: proved {input:?}, but {v:?}");
    }
    true
}

/// Every shipped grammar whose recursion passes through a bracketed rule: XRI 2.0's
/// only. Nothing the Earley parser refuses is proved, over their generated inputs and
/// the near misses of each; and the pass is not idle: it proves XRIs with nested
/// cross-references that the regular subset does not match.
#[test]
fn the_pass_proves_only_what_the_earley_parser_accepts_on_every_shipped_grammar() {
    let mut with = Vec::new();
    let mut proved_past_subset = 0;
    for (name, g, text, start) in shipped() {
        if g.brackets_prove(&start, "").is_none() {
            continue;
        }
        with.push(name.clone());
        let mut inputs = generated(&text, &start);
        let base = inputs.clone();
        for (i, x) in base.iter().take(40).enumerate() {
            inputs.extend(near_misses(x, i));
        }
        for input in &inputs {
            if sound(&name, &g, &start, input) && g.subset_matches(&start, input) == Some(false) {
                proved_past_subset += 1;
            }
        }
    }
    assert!(
        with.iter().any(|n| n == "xri2"),
        "with a bracketed rule: {with:?}"
    );
    let g = xri2_grammar();
    for input in [
        "@a*(=b*(=c*(=d*(@e))))",
        "=a*(+d/e)*(=b/c*(@f/g))",
        "=a/p*(=x*(+y/z))",
    ] {
        assert_eq!(
            g.subset_matches("XRI-reference", input),
            Some(false),
            "{input}"
        );
        assert!(sound("xri2", &g, "XRI-reference", input), "{input}");
        proved_past_subset += 1;
    }
    assert!(proved_past_subset >= 3);
}

/// The fifth target's input (64 KiB of cross-references nested in paths) is proved
/// valid by the pass, so the judge answers from automata (no chart); so is 64 KiB of
/// `*(+d)*(=b*(@c!1))`, which the chart and the Earley parser could not judge within
/// their budgets (every `(@` opens another reading), and whose 2 KB prefix the Earley
/// parser accepts. A byte that breaks either is not proved, and the chart names it.
#[test]
fn nested_cross_references_are_proved_in_one_pass() {
    let g = xri2_grammar();
    let start = "XRI-reference";
    let judge = g.judge(start).expect("start");
    let short = xri_of("*(+d)", "*(=b*(@c!1))", 2048);
    assert!(g.earley_verdict_of(start, &short).expect("earley").valid);
    for long in [xri_paths(65536), xri_of("*(+d)", "*(=b*(@c!1))", 65536)] {
        assert_eq!(g.brackets_prove(start, &long), Some(true));
        let v = judge.verdict(&g, &mut None, &long).expect("verdict");
        assert!(v.valid);
        assert_eq!(v.engine, Engine::Automaton);
    }
    let paths = xri_paths(4096);
    for (at, bad) in [(paths.len() / 2, "^"), (1000, "%z"), (paths.len(), ")")] {
        let mut input = paths.clone();
        let at = (0..=at)
            .rev()
            .find(|&k| input.is_char_boundary(k))
            .unwrap_or(0);
        input.insert_str(at, bad);
        assert_eq!(g.brackets_prove(start, &input), Some(false), "{at}");
        let v = judge.verdict(&g, &mut None, &input).expect("verdict");
        let e = g.earley_verdict_of(start, &input).expect("earley");
        assert!(!v.valid);
        assert_eq!(v.failure, e.failure, "{at}");
    }
}

/// A text the pass proves leaves the recognizer no checkpoint, so its first invalid edit
/// would run the chart from the first byte; [`Judge::prime`] runs it once for them, after
/// which such an edit resumes within the last kilobyte and gets the fresh recognizer's
/// verdict and failure (and a primed text's own verdict is unchanged). A judge with an
/// automaton keeps no checkpoints: priming it does nothing.
#[test]
fn priming_readies_the_recognizer_for_edits_of_a_proved_text() {
    use idbench::engine::abnf::{Budget, RECOGNIZER_PER_BYTE};
    let g = xri2_grammar();
    let start = "XRI-reference";
    let judge = g.judge(start).expect("start");
    let budget = Budget::default();
    let text = xri_paths(20_000);
    let verdict = |input: &str| {
        judge
            .quick_verdict(&g, &mut None, input, budget, RECOGNIZER_PER_BYTE)
            .expect("a verdict")
            .expect("within the input bound")
    };
    assert!(verdict(&text).valid);
    let edits = [format!("{text}^"), format!("{text}*("), {
        let mut t = text.clone();
        t.truncate(text.len() - 3);
        t.push('%');
        t
    }];
    for edit in &edits {
        assert_eq!(
            judge.resumes_at(&g, edit),
            0,
            "no checkpoint before priming"
        );
    }
    judge.prime(&g, &text, budget, RECOGNIZER_PER_BYTE);
    assert!(verdict(&text).valid);
    for edit in &edits {
        let at = judge.resumes_at(&g, edit);
        assert!(
            at > 0 && at <= edit.len() && at + 1024 >= text.len().min(edit.len()) - 8,
            "resumes at {at} of {}",
            edit.len()
        );
        let v = verdict(edit);
        let fresh = g.recognizer_verdict_of(start, edit).expect("fresh");
        assert!(!v.valid);
        assert_eq!(v.failure, fresh.failure, "{at}");
    }
    // An automaton's judge: nothing to ready.
    let urn = Grammar::from_text("s = \"urn:\" 1*(ALPHA / DIGIT)\n").expect("grammar");
    let j = urn.judge("s").expect("start");
    assert!(j.automaton().is_some());
    assert!(!j.prime(&urn, "urn:abc", budget, RECOGNIZER_PER_BYTE));
    assert_eq!(j.resumes_at(&urn, "urn:abc^"), 0);
}

/// Priming is not repeated where the chart gives up over its work (an XRI 2.0 nesting
/// the grammar reads in too many ways: each `(` may start an `iauthority`): after one
/// run that gave up, a text that shares its bytes up to that place is not primed again
/// (the run would give up there at the same cost); one that differs before it is.
#[test]
fn priming_is_not_repeated_where_the_chart_gives_up() {
    use idbench::engine::abnf::{Budget, RECOGNIZER_PER_BYTE};
    let g = xri2_grammar();
    let judge = g.judge("xri-value").expect("start");
    let budget = Budget::default();
    let nested = format!("{}=b{}", "=a*(".repeat(2000), ")".repeat(2000));
    assert!(
        judge
            .quick_verdict(
                &g,
                &mut None,
                &format!("{nested}^"),
                budget,
                RECOGNIZER_PER_BYTE
            )
            .is_none(),
        "the recognizer gives up"
    );
    assert!(!judge.prime(&g, &nested, budget, RECOGNIZER_PER_BYTE));
    assert!(!judge.prime(&g, &format!("{nested}x"), budget, RECOGNIZER_PER_BYTE));
    assert!(judge.prime(&g, &format!("@{nested}"), budget, RECOGNIZER_PER_BYTE));
    // A text it reads within its work is primed each time it is asked (cheaply: it
    // resumes from its checkpoints).
    let paths = xri_paths(8000);
    assert!(judge.prime(&g, &paths, budget, RECOGNIZER_PER_BYTE));
    assert!(judge.prime(&g, &paths, budget, RECOGNIZER_PER_BYTE));
}

/// A grammar that also takes "(" and ")" as plain characters: a pair its bracketed rule
/// does not match is kept as text, and the start rule's automaton reads it so; a pair it
/// matches where the grammar wanted plain characters leaves the input unproved (the chart
/// decides), never wrongly proved.
#[test]
fn brackets_that_are_plain_text_are_read_as_text() {
    let g = Grammar::from_text("s = 1*(w / g)\nw = \"a\" / \"(\" / \")\"\ng = \"(\" s \")\"\n")
        .expect("grammar");
    for input in ["((a)", ")(", "(a))(", "((((a", "a)()(", "(((a)))"] {
        assert!(sound("plain", &g, "s", input), "{input}");
    }
    // Here "(" and ")" are plain only inside `x`, which `g` does not reach.
    let g = Grammar::from_text(
        "s = \"a\" / g / \"<\" x \">\"\nx = *(\"(\" / \")\" / \"a\")\ng = \"(\" s \")\"\n",
    )
    .expect("grammar");
    for input in ["((a))", "<(()>", "<()()>", "((<a>))"] {
        assert!(sound("only", &g, "s", input), "{input}");
    }
    // Valid, but its pair is contracted where `x` wanted the text: not proved.
    assert_eq!(g.brackets_prove("s", "<(a)>"), Some(false));
    assert!(g.earley_verdict_of("s", "<(a)>").expect("earley").valid);
    for input in ["(a", "a)", "((b))", "<(b)>", "()"] {
        assert!(!sound("only", &g, "s", input), "{input}");
        assert!(
            !g.earley_verdict_of("s", input).expect("earley").valid,
            "{input}"
        );
    }
}

/// Hostile nesting: 100,000 brackets deep around a byte the rule refuses, and 50,000
/// pairs of brackets that are text. The pass gives up or refuses within its bound (its
/// automata read at most four bytes a byte); the verdict is the Earley parser's.
#[test]
fn deep_nesting_the_rule_refuses_is_left_to_the_chart() {
    let g = Grammar::from_text("s = \"a\" / g\ng = \"(\" s \")\"\n").expect("grammar");
    let deep = format!("{}b{}", "(".repeat(100_000), ")".repeat(100_000));
    assert_eq!(g.brackets_prove("s", &deep), Some(false));
    let ok = format!("{}a{}", "(".repeat(100_000), ")".repeat(100_000));
    assert_eq!(g.brackets_prove("s", &ok), Some(true));
    let g = Grammar::from_text("s = 1*(w / g)\nw = \"a\" / \"(\" / \")\"\ng = \"(\" s \")\"\n")
        .expect("grammar");
    // Each "()" is read as text (the rule needs something between), two bytes each.
    assert!(sound("pairs", &g, "s", &"()".repeat(50)));
    assert_eq!(g.brackets_prove("s", &"()".repeat(50_000)), Some(true));
}

/// No pass where some recursion does not pass through the bracketed rule, or where its
/// automata would be too large (a repetition of 100,000 repetitions of 100): the judge's verdicts
/// are the Earley parser's as before.
#[test]
fn no_pass_where_recursion_escapes_the_brackets_or_the_automata_explode() {
    for text in [
        "s = \"a\" / g / s \"b\"\ng = \"(\" s \")\"\n",
        "s = \"a\" / g / h\ng = \"(\" s \")\"\nh = \"[\" s \"]\"\n",
        "s = \"a\" / g\ng = \"(\" s x \")\"\nx = 100000*100000y\ny = 100*100\"b\"\n",
    ] {
        let g = Grammar::from_text(text).expect("grammar");
        assert_eq!(g.brackets_prove("s", "(a)"), None, "{text}");
        let judge = g.judge("s").expect("start");
        for input in ["(a)", "((a)b)", "a", "(a"] {
            let v = judge.verdict(&g, &mut None, input).expect("verdict");
            let e = g.earley_verdict_of("s", input).expect("earley");
            assert_eq!(
                (v.valid, v.failure),
                (e.valid, e.failure),
                "{text}: {input}"
            );
        }
    }
}

/// A random grammar over `a`, `b`, `(`, `)` with rules s, t, u and the bracketed rule
/// `g = "(" s ")"` (or with `[` `]`), some of whose rules also take the brackets as
/// plain characters.
fn grammar_text() -> impl Strategy<Value = String> {
    let sym = prop_oneof![
        Just("\"a\"".to_string()),
        Just("\"b\"".to_string()),
        Just("\"(\"".to_string()),
        Just("g".to_string()),
        Just("g".to_string()),
        Just("t".to_string()),
        Just("u".to_string()),
        Just("[ t ]".to_string()),
        Just("*u".to_string()),
        Just("1*\"a\"".to_string()),
        Just("2*3( \"b\" / \"a)\" )".to_string()),
        Just("\"\"".to_string()),
    ];
    let g = prop_oneof![
        Just("g = \"(\" s \")\"".to_string()),
        Just("g = \"(\" s \")\" / \"(\" t \")\"".to_string()),
        Just("g = \"(\" *s \")\"".to_string()),
    ];
    (random::stu(sym), g).prop_map(|(rules, g)| format!("{rules}{g}\n"))
}

/// XRI 2.0's grammar and its judges of `XRI-reference` and `xri-value`, made once.
static XRI2: std::sync::LazyLock<(Grammar, Vec<(&str, Judge)>)> = std::sync::LazyLock::new(|| {
    let g = xri2_grammar();
    let judges = ["XRI-reference", "xri-value"]
        .map(|s| (s, g.judge(s).expect("start")))
        .into();
    (g, judges)
});

/// An XRI with cross-references nested up to four deep in its authority and paths.
fn nested_xri() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("=a".to_string()),
        Just("@b".to_string()),
        Just("+c".to_string()),
        Just("xri://@d".to_string()),
        Just("http://e/f".to_string()),
    ];
    leaf.prop_recursive(4, 48, 4, |inner| {
        let head = prop_oneof![Just("=a"), Just("@b"), Just("+c"), Just("xri://@d")];
        let sep = prop_oneof![Just("*"), Just("!"), Just("/"), Just("/*"), Just("")];
        let part = prop_oneof![
            inner.prop_map(|x| format!("({x})")),
            Just("g".to_string()),
            Just("1".to_string()),
        ];
        (head, prop::collection::vec((sep, part), 0..4)).prop_map(|(h, v)| {
            let rest: String = v.into_iter().map(|(s, p)| format!("{s}{p}")).collect();
            format!("{h}{rest}")
        })
    })
}

/// XRI-like text: a nested XRI ([`nested_xri`]) as it is, or with a piece put in at some
/// character: a bracket, a delimiter, a cross-reference's start, a broken escape.
fn xri_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("("),
        Just(")"),
        Just("*("),
        Just("=b"),
        Just("/"),
        Just("!1"),
        Just("?q"),
        Just("#f"),
        Just("%2F"),
        Just("%z"),
        Just("^"),
        Just(""),
    ];
    (nested_xri(), any::<usize>(), piece).prop_map(|(mut s, at, p)| {
        let at = at % (s.len() + 1);
        // The text is ASCII: every place is a character boundary.
        s.insert_str(at, p);
        s
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// XRI 2.0's judge (the regular subset, the bracketed pass, the recognizer) gives the
    /// Earley parser's verdict and failure on XRI-like text with cross-references nested,
    /// broken and unbalanced.
    #[test]
    fn xri2s_judge_agrees_on_xri_like_text(inputs in prop::collection::vec(xri_like(), 1..8)) {
        let (g, judges) = &*XRI2;
        for input in &inputs {
            for (start, judge) in judges {
                let Ok(e) = g.earley_verdict_of(start, input) else {
                    continue;
                };
                let v = judge.verdict(g, &mut None, input).expect("verdict");
                prop_assert_eq!(
                    (v.valid, v.failure),
                    (e.valid, e.failure),
                    "{} on {:?}", start, input
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// Over random grammars with a bracketed rule, the pass proves only what the Earley
    /// parser accepts, from every start rule.
    #[test]
    fn the_pass_of_a_random_grammar_proves_only_valid_inputs(
        text in grammar_text(),
        inputs in prop::collection::vec("[ab()]{0,16}", 1..8),
    ) {
        let g = Grammar::from_text(&text).expect("grammar");
        for input in &inputs {
            for start in ["s", "t", "u", "g"] {
                if g.brackets_prove(start, input) == Some(true)
                    && let Ok(v) = g.earley_verdict_of(start, input)
                {
                    prop_assert!(v.valid, "{text}: {start} on {input:?}");
                }
            }
        }
    }
}
