//! The grammars, one module per spec family. Each parses the whole input into a
//! [`Builder`](super::tree::Builder), recovering from errors so that a tree always comes
//! out. Which grammar a profile runs is its descriptor's
//! ([`crate::engine::descriptor::Descriptor::grammar`], a [`GrammarEntry`]).
//!
//! The functions here are the entry points by profile: they look the profile's grammar up
//! in the profile table. The code below them parses through a [`GrammarEntry`] it is given.

pub mod uri;
pub mod urn;
pub mod www;
pub mod xri;

pub use super::descriptor::grammar::GrammarEntry;

use super::profile::Profile;
use super::tree::{Diagnostic, Tree};

/// Parses `input` under `profile`.
pub fn parse(profile: Profile, input: &str) -> (Tree, Vec<Diagnostic>) {
    profile.descriptor().grammar.parse(input)
}

/// [`parse`] for a verdict: the tree, and of the diagnostics only the first error (see
/// [`Builder::verdict_only`](super::tree::Builder::verdict_only)). The status and first
/// error are those [`parse`] gives.
pub fn parse_verdict(profile: Profile, input: &str) -> (Tree, Vec<Diagnostic>) {
    profile.descriptor().grammar.parse_verdict(input)
}

/// False when `profile` cannot read this kind of identifier at all: a URN profile on input
/// that does not start with `urn:`, or the XRI profile on input with a scheme other than `xri`
/// ([`Family::applicable`](super::family::Family::applicable)).
pub fn applicable(profile: Profile, input: &str) -> bool {
    profile.family().applicable(input)
}
