//! The equivalence key (issue 41): a string per identifier such that the keys of two
//! identifiers, each computed on its own, are equal exactly when [`compare`] says the two
//! are equivalent, under `auto` or under one given profile. A key is what a join or a
//! deduplication needs: `GROUP BY equivalence_key` instead of a nested loop over
//! `equivalent(a, b)`.
//!
//! The ladder compares each side's text after every rung, and every rung rewrites each
//! side on its own, so the key of one side is its text after the ladder of the profile
//! its comparisons are made under, with the namespace's rungs after a URN spec's:
//!
//! - under a given profile, that profile;
//! - under `auto`, the profile `auto` compares two sides of the input's family under
//!   whatever the other side is: the family's widest when its ladder says every
//!   identifier of the family is one of the widest spec's (URIs: RFC 3987, so an IRI and
//!   its URI form get one key), else the input's own `auto` profile (URNs: the newest URN
//!   spec that accepts it).
//!
//! The key is `"<family> <text>"`, or `"<family>+<namespace> <text>"` when the namespace's
//! lexical-equivalence steps were applied (both sides of a comparison get those rungs only
//! when both follow the namespace's syntax with right check digits; the tag keeps a text
//! the steps made apart from the same text that no step touched). Identifiers of
//! different families are never equivalent under `auto`, and their tags differ.
//!
//! [`compare`]: crate::engine::equiv::compare

pub mod fast;

use crate::engine::equiv::{self, AutoPair, ladder_spec};
use crate::engine::specs::Profile;
use crate::engine::tree::Tree;
use crate::engine::{Options, analyze, specs};

/// The equivalence key of `input` under `profile` (`None`: `auto`), with the URN
/// namespace layer or without it (as `compare --no-namespace`). Never panics; linear in
/// the input, as a comparison is.
pub fn equivalence_key(input: &str, profile: Option<Profile>, namespace: bool) -> String {
    if profile.is_none() {
        let mut out = String::with_capacity(input.len() + 8);
        if fast::equivalence_key(input, namespace, &mut fast::FastScratch::new(), &mut out)
            == fast::Fast::Wrote
        {
            return out;
        }
    }
    slow_key(input, profile, namespace)
}

/// [`equivalence_key`] without the direct paths of [`fast`]: the analysis, the parse and
/// the ladder. The tests compare both.
pub fn slow_key(input: &str, profile: Option<Profile>, namespace: bool) -> String {
    let (key_profile, tree) = match profile {
        Some(p) => (p, None),
        None => {
            let an = analyze(
                input,
                &Options {
                    profile: None,
                    forms: false,
                    all_profiles: false,
                    namespace: false,
                    scheme_spec: false,
                    equivalence_key: false,
                },
            );
            let p = auto_key_profile(an.profile);
            (p, (p == an.profile).then_some(an.tree))
        }
    };
    let tree = tree.unwrap_or_else(|| specs::parse(key_profile, input).0);
    key_of(input, &tree, key_profile, namespace)
}

/// The profile the key of an input read by `auto` as `own` is computed under.
pub fn auto_key_profile(own: Profile) -> Profile {
    match ladder_spec(own).auto_pair {
        AutoPair::Widest { .. } => Profile::auto_order(own.family())
            .last()
            .copied()
            .unwrap_or(own),
        AutoPair::FirstAcceptingBoth => own,
    }
}

/// The key of `input`, parsed under `profile` as `tree`.
pub fn key_of(input: &str, tree: &Tree, profile: Profile, namespace: bool) -> String {
    let (text, ns) = equiv::climbed(input, tree, profile, namespace);
    let family = profile.family().noun().to_ascii_lowercase();
    match ns {
        Some(ns) => format!("{family}+{ns} {text}"),
        None => format!("{family} {text}"),
    }
}

/// The key for [`crate::engine::analyze`]'s forms: `input` was parsed under `profile` as
/// `tree`, chosen by `auto` when `auto` is true (the tree is reused when the key is
/// computed under the same profile).
pub fn key_for_analysis(
    input: &str,
    (profile, tree): (Profile, &Tree),
    auto: bool,
    namespace: bool,
) -> String {
    let kp = if auto {
        auto_key_profile(profile)
    } else {
        profile
    };
    if kp == profile {
        key_of(input, tree, kp, namespace)
    } else {
        key_of(input, &specs::parse(kp, input).0, kp, namespace)
    }
}
