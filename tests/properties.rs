//! Property tests: for any input, under every profile, the engine returns a well-formed
//! lossless tree and never panics.

use idbench::engine::{NodeKind, Options, Profile, Severity, analyze, specs};
use proptest::prelude::*;

/// Inputs made of the characters the grammars care about, plus anything at all.
fn identifier_like() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("urn:".to_string()),
        Just("xri://".to_string()),
        Just("http://".to_string()),
        // Schemes whose grammar the scheme layer grafts under the path, query and
        // fragment (`Tree::graft_under`).
        Just("file:///".to_string()),
        Just("pkg:".to_string()),
        Just("mailto:".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("%".to_string()),
        Just("%2F".to_string()),
        Just("[::1]".to_string()),
        Just("?+".to_string()),
        Just("?=".to_string()),
        "[=@+$!*/?#:;.&~a-zA-Z0-9 -]{1,4}",
        any::<char>().prop_map(|c| c.to_string()),
        "[\u{80}-\u{10FFFF}]{1,2}",
    ];
    prop::collection::vec(pieces, 0..24).prop_map(|v| v.concat())
}

fn assert_well_formed(input: &str, profile: Option<Profile>) -> Result<(), TestCaseError> {
    let a = analyze(
        input,
        &Options {
            profile,
            ..Options::default()
        },
    );
    let root = a.tree.root();
    prop_assert_eq!(root.span().start, 0);
    prop_assert_eq!(root.span().end, input.len());
    // Leaves plus the gaps between them rebuild the input: it suffices that every node lies
    // inside its parent, on char boundaries, and siblings are ordered and disjoint. The
    // scheme layer's grafted nodes (`NodeKind::SchemePart`, `Tree::graft_under`) come after
    // a node's own children, may overlap them, and are ordered and disjoint among
    // themselves; the rebuild reads the tree without them.
    let grafted = |n: &idbench::engine::Node<'_>| n.kind() == NodeKind::SchemePart;
    let mut rebuilt = String::new();
    let mut pos = 0;
    for n in a.tree.iter() {
        let s = n.span();
        prop_assert!(input.is_char_boundary(s.start) && input.is_char_boundary(s.end));
        prop_assert!(s.start <= s.end);
        if let Some(p) = n.parent() {
            prop_assert!(p.span().encloses(s), "{:?} outside {:?}", n, p);
        }
        let (mut last, mut last_grafted, mut seen_grafted) = (s.start, s.start, false);
        for c in n.children() {
            if grafted(&c) {
                prop_assert!(
                    c.span().start >= last_grafted,
                    "grafted children of {:?} overlap",
                    n
                );
                (last_grafted, seen_grafted) = (c.span().end, true);
            } else {
                prop_assert!(!seen_grafted, "a child of {:?} after its grafted ones", n);
                prop_assert!(c.span().start >= last, "children of {:?} overlap", n);
                last = c.span().end;
            }
        }
        if !grafted(&n) && n.children().all(|c| grafted(&c)) {
            prop_assert!(s.start >= pos, "leaf {:?} overlaps the previous leaf", n);
            rebuilt.push_str(&input[pos..s.start]);
            rebuilt.push_str(n.text(input));
            pos = s.end;
        }
    }
    rebuilt.push_str(&input[pos..]);
    prop_assert_eq!(&rebuilt, input);
    for d in &a.diagnostics {
        prop_assert!(d.span.start <= d.span.end && d.span.end <= input.len());
        prop_assert!(!d.code.as_str().is_empty() && !d.spec.is_empty() && !d.message.is_empty());
    }
    prop_assert_eq!(a.verdicts.len(), Profile::ALL.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_input_any_profile_gives_a_well_formed_tree(input in identifier_like()) {
        assert_well_formed(&input, None)?;
        for p in Profile::ALL {
            assert_well_formed(&input, Some(p))?;
        }
    }

    #[test]
    fn a_verdict_parse_finds_the_first_error_a_full_parse_finds(input in identifier_like()) {
        assert_verdict_agrees(&input)?;
    }

    #[test]
    fn arbitrary_strings_never_panic(input in any::<String>()) {
        for p in Profile::ALL {
            let a = analyze(&input, &Options { profile: Some(p), ..Options::default() });
            prop_assert_eq!(a.tree.root().span().end, input.len());
        }
    }
}

/// The profile strip's verdict parse (only errors that can be the first are kept) gives the
/// first error of the full parse, whole: code, span, count, message, expected list.
fn assert_verdict_agrees(input: &str) -> Result<(), TestCaseError> {
    for p in Profile::ALL {
        let first = |d: Vec<idbench::engine::Diagnostic>| {
            d.into_iter().find(|d| d.severity == Severity::Error)
        };
        let full = first(specs::parse(p, input).1);
        let verdict = first(specs::parse_verdict(p, input).1);
        prop_assert_eq!(full, verdict, "{:?} under {}", input, p.name());
    }
    Ok(())
}

#[test]
fn verdict_parses_agree_on_every_identifier_set_entry_and_long_runs() {
    let mut inputs: Vec<String> = idbench::idsets::all().into_iter().map(|e| e.id).collect();
    inputs.push("%".repeat(300));
    inputs.push(format!("{}=b{}", "=a*(".repeat(40), ")".repeat(40)).repeat(3));
    inputs.push("http://a/%zz%%qq b c".into());
    // A run that a warning's position splits differently in the two parses (found by the
    // property test above).
    inputs.push("urn:xri://%%".into());
    for input in inputs {
        if let Err(e) = assert_verdict_agrees(&input) {
            panic!("{e}");
        }
    }
}

/// `cargo test` draws the same property-test cases on every run: `.cargo/config.toml` sets
/// PROPTEST_RNG_SEED for the tests cargo runs (a seed set in the environment wins), and
/// proptest's default configuration, which every property test here starts from, reads it.
#[test]
fn property_tests_draw_from_a_fixed_seed() {
    let config =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.cargo/config.toml"))
            .unwrap_or_else(|e| panic!("{e}"));
    assert!(config.contains("PROPTEST_RNG_SEED = \""), "{config}");
    assert!(
        matches!(
            ProptestConfig::default().rng_seed,
            proptest::test_runner::RngSeed::Fixed(_)
        ),
        "PROPTEST_RNG_SEED is not set for the tests: {:?}",
        std::env::var("PROPTEST_RNG_SEED")
    );
}
