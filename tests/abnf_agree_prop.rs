//! Generated inputs for every profile with an ABNF grammar: the ABNF engine's own generator
//! (`engine::abnf::gen`: each alternative, repetition counts at their bounds, value ranges
//! at their ends, near misses) over the profile's shipped grammar text, and one-character
//! mutations of those, each held to "the hand-written verdict equals the engine's, except
//! where a listed cause explains it" (the causes of `tests/abnf_agree/causes.rs`, the ones
//! `tests/abnf_builtin.rs` holds the identifier sets to).

#[path = "abnf_agree/causes.rs"]
mod causes;

use std::sync::OnceLock;

use causes::Checker;
use idbench::engine::abnf::r#gen::{GenOptions, generate};
use proptest::prelude::*;

/// Examples of each kind the generator makes per profile.
const COUNT: usize = 150;
/// The longest generated example, in characters.
const MAX_LEN: usize = 64;

/// Characters a mutation puts in: delimiters of every grammar here, the characters just
/// outside their classes, a control, a non-ASCII letter, a private-use character.
const PROBES: &[char] = &[
    'a', 'Z', '0', '9', '-', '.', '_', '~', ':', '/', '?', '#', '[', ']', '@', '!', '$', '&', '\'',
    '(', ')', '*', '+', ',', ';', '=', '%', ' ', '"', '<', '\\', '^', '`', '{', '|', '\u{0}',
    '\u{7f}', 'é', '\u{e000}', '\u{fffd}',
];

/// One profile's checker and the generator's examples (valid ones and near misses).
struct Pool {
    checker: Checker,
    examples: Vec<String>,
}

fn pools() -> &'static [Pool] {
    static POOLS: OnceLock<Vec<Pool>> = OnceLock::new();
    POOLS.get_or_init(|| {
        causes::profiles()
            .into_iter()
            .map(|p| {
                let Some(checker) = Checker::new(p) else {
                    panic!("{}: its grammar text does not compile", p.name());
                };
                let opts = GenOptions {
                    count: COUNT,
                    max_len: MAX_LEN,
                    ..GenOptions::default()
                };
                let g = match generate(&checker.text, checker.start, &opts) {
                    Ok(g) => g,
                    Err(e) => panic!("{}: {e}", p.name()),
                };
                let examples = g
                    .valid
                    .iter()
                    .chain(g.invalid.iter())
                    .map(|e| e.input.clone())
                    .collect();
                Pool { checker, examples }
            })
            .collect()
    })
}

#[test]
fn every_generated_example_agrees_but_for_listed_causes() {
    let mut failures = Vec::new();
    for pool in pools() {
        assert!(
            pool.examples.len() >= COUNT,
            "{}: only {} examples",
            pool.checker.profile.name(),
            pool.examples.len()
        );
        for s in &pool.examples {
            if let Err(e) = pool.checker.check(s) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// `s` with one character deleted, replaced or inserted at character `at` (taken modulo
/// the length).
fn mutate(s: &str, kind: u8, at: usize, probe: char) -> String {
    let mut cs: Vec<char> = s.chars().collect();
    let n = cs.len();
    match kind % 3 {
        0 if n > 0 => {
            cs.remove(at % n);
        }
        1 if n > 0 => cs[at % n] = probe,
        _ => cs.insert(at % (n + 1), probe),
    }
    cs.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn one_character_mutations_agree_but_for_listed_causes(
        which in any::<prop::sample::Index>(),
        example in any::<prop::sample::Index>(),
        kind in 0u8..3,
        at in 0usize..64,
        probe in prop::sample::select(PROBES),
    ) {
        let pools = pools();
        let pool = &pools[which.index(pools.len())];
        let base = &pool.examples[example.index(pool.examples.len())];
        let s = mutate(base, kind, at, probe);
        let r = pool.checker.check(&s);
        prop_assert!(r.is_ok(), "{} (from {:?})", r.unwrap_err(), base);
    }
}
