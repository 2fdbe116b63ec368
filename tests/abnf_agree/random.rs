#![allow(dead_code)] // shared by several test crates; each uses a part
//! Random grammars for the property tests that hold an engine to the Earley parser: rules
//! `s`, `t` and `u`, each 1 to 3 alternatives of 0 to 3 symbols drawn from a test's own
//! list (terminals, rule names, options, repetitions).

use proptest::prelude::*;

/// A rule's right-hand side: 1 to 3 alternatives of 0 to 3 of `sym` (an empty one is
/// `""`).
pub fn rule(sym: impl Strategy<Value = String> + Clone) -> impl Strategy<Value = String> + Clone {
    let alt = prop::collection::vec(sym, 0..4).prop_map(|v| {
        if v.is_empty() {
            "\"\"".to_string()
        } else {
            v.join(" ")
        }
    });
    prop::collection::vec(alt, 1..4).prop_map(|v| v.join(" / "))
}

/// The rules `s`, `t` and `u`, each a [`rule`] of `sym`, one per line.
pub fn stu(sym: impl Strategy<Value = String> + Clone) -> impl Strategy<Value = String> {
    let rule = rule(sym);
    (rule.clone(), rule.clone(), rule).prop_map(|(s, t, u)| format!("s = {s}\nt = {t}\nu = {u}\n"))
}
