#![allow(dead_code)] // shared by several test crates; each uses a part
//! Every shipped grammar (the built-in profiles' ABNF, the namespace grammars, the lab's
//! test grammars) and inputs for it: generated valid and invalid ones and their near
//! misses. Shared by tests/abnf_recognize.rs and tests/abnf_lookahead.rs, which hold an
//! engine to the Earley parser over them.

use idbench::engine::abnf::r#gen::{GenOptions, generate};
use idbench::engine::abnf::{Grammar, Parse};
use idbench::engine::namespaces::catalogue;

use super::causes;

/// (name, grammar, text, start) of every shipped grammar.
pub fn shipped() -> Vec<(String, Grammar, String, String)> {
    let mut out = Vec::new();
    for p in causes::profiles() {
        let (Some(text), Some(abnf)) = (causes::grammar_text(p), p.descriptor().abnf) else {
            continue;
        };
        let g = Grammar::from_text(&text).unwrap_or_else(|e| panic!("{}: {e:?}", p.name()));
        out.push((p.name().to_string(), g, text, abnf.start.to_string()));
    }
    for ns in catalogue::ALL {
        let g = Grammar::from_text(ns.grammar).unwrap_or_else(|e| panic!("{}: {e:?}", ns.name));
        // Prose bound to the rest is not the recognizer's (it refuses prose): the grammar
        // as written, with its prose unbound, is held to the Earley parser as well.
        out.push((
            format!("namespace {}", ns.name),
            g,
            ns.grammar.to_string(),
            ns.start.to_string(),
        ));
    }
    for (name, text, start) in [
        (
            "rfc8141.abnf",
            include_str!("../data/abnf/rfc8141.abnf"),
            "namestring",
        ),
        (
            "rfc3986.abnf",
            include_str!("../data/abnf/rfc3986.abnf"),
            "URI-reference",
        ),
        (
            "nss-caret.abnf",
            include_str!("../data/grammar/nss-caret.abnf"),
            "namestring",
        ),
        ("expr.abnf", include_str!("../data/grammar/expr.abnf"), "E"),
    ] {
        let g = Grammar::from_text(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        out.push((name.to_string(), g, text.to_string(), start.to_string()));
    }
    out
}

/// Characters a near miss puts in or swaps in.
pub const PROBES: &[char] = &[
    'a',
    'Z',
    '0',
    '9',
    '-',
    '.',
    '_',
    '~',
    ':',
    '/',
    '?',
    '#',
    '[',
    ']',
    '@',
    '!',
    '$',
    '%',
    '+',
    '=',
    ' ',
    '"',
    '\\',
    '\u{0}',
    '\u{7f}',
    'é',
    '\u{e000}',
    '\u{10000}',
    '*',
    '(',
    ')',
];

/// Near misses of `s`: each of a few positions with a probe inserted, replaced, deleted.
pub fn near_misses(s: &str, seed: usize) -> Vec<String> {
    near_misses_with(s, seed, PROBES)
}

/// [`near_misses`] with the characters `probes` put in or swapped in.
pub fn near_misses_with(s: &str, seed: usize, probes: &[char]) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    for k in 0..3 {
        let at = (seed * 31 + k * 17) % (chars.len() + 1);
        let probe = probes[(seed * 7 + k * 13) % probes.len()];
        let mut ins = chars.clone();
        ins.insert(at, probe);
        out.push(ins.into_iter().collect());
        if at < chars.len() {
            let mut rep = chars.clone();
            rep[at] = probe;
            out.push(rep.into_iter().collect());
            let mut del = chars.clone();
            del.remove(at);
            out.push(del.into_iter().collect());
        }
    }
    out
}

/// Inputs of grammar `text` from `start`: 25 generated valid and invalid ones, the empty
/// string, and near misses of each.
pub fn generated(text: &str, start: &str) -> Vec<String> {
    generated_with(text, start, &[])
}

/// The generator's valid and invalid inputs of grammar `text` from `start` (none when it
/// cannot generate).
pub fn generated_by(text: &str, start: &str, opts: &GenOptions) -> Vec<String> {
    match generate(text, start, opts) {
        Ok(x) => x
            .valid
            .iter()
            .chain(x.invalid.iter())
            .map(|e| e.input.clone())
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// [`generated`] with `extra` inputs added before the near misses are made (so each gets
/// its near misses too).
pub fn generated_with(text: &str, start: &str, extra: &[&str]) -> Vec<String> {
    let opts = GenOptions {
        count: 25,
        max_len: 48,
        ..GenOptions::default()
    };
    let mut inputs = generated_by(text, start, &opts);
    inputs.push(String::new());
    inputs.extend(extra.iter().map(|x| x.to_string()));
    let base = inputs.clone();
    for (i, x) in base.iter().enumerate() {
        inputs.extend(near_misses(x, i));
    }
    inputs
}

/// Two parses report the same (everything but the work they took): verdict, count, empty
/// ambiguity, trees in order, failure, unchecked prose. `what` names the case.
pub fn assert_same_parse(a: &Parse, b: &Parse, what: &str) {
    assert_eq!(a.valid, b.valid, "valid, {what}");
    assert_eq!(a.count, b.count, "count, {what}");
    assert_eq!(
        a.empty_ambiguity, b.empty_ambiguity,
        "empty ambiguity, {what}"
    );
    assert_eq!(a.trees, b.trees, "trees, {what}");
    assert_eq!(a.failure, b.failure, "failure, {what}");
    assert_eq!(a.unchecked_prose, b.unchecked_prose, "prose, {what}");
}

/// At least `len` bytes of XRI cross-references nested in paths (`=a*(+d/e)*(=b/c*(@f/g))…`,
/// the input of issue 36's row 5): XRI 2.0's ABNF follows its nesting with no reading left
/// open per cross-reference, so the recognizer's work stays linear (a parse from
/// `xri-value` still counts at least 1,000,000 derivations of it).
pub fn xri_paths(len: usize) -> String {
    xri_of("*(+d/e)", "*(=b/c*(@f/g))", len)
}

/// At least `len` bytes of the XRI `=a` followed by cross-references `a` and `b` in turn.
pub fn xri_of(a: &str, b: &str, len: usize) -> String {
    let mut s = String::from("=a");
    let mut n = 0;
    while s.len() < len {
        s.push_str(if n % 2 == 1 { b } else { a });
        n += 1;
    }
    s
}

/// XRI 2.0's grammar, as the profile's ABNF gives it.
pub fn xri2_grammar() -> Grammar {
    let p = causes::profiles()
        .into_iter()
        .find(|p| p.name() == "xri2")
        .expect("xri2");
    Grammar::from_text(&causes::grammar_text(p).expect("abnf")).expect("grammar")
}
