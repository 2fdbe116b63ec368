//! The grammars, one module per spec family. Each parses the whole input into a
//! [`Builder`], recovering from errors so that a tree always
//! comes out. Which grammar a profile runs is its descriptor's
//! ([`crate::engine::profiles::Descriptor::grammar`]).

pub mod uri;
pub mod urn;
pub mod www;
pub mod xri;

use super::profile::{self, Profile};
use super::tree::{Builder, Diagnostic, Tree};

/// Parses `input` under `profile`.
pub fn parse(profile: Profile, input: &str) -> (Tree, Vec<Diagnostic>) {
    let mut b = Builder::new(input);
    run(profile, &mut b);
    b.build()
}

/// Runs `profile`'s grammar into `b`.
fn run(profile: Profile, b: &mut Builder<'_>) {
    profile.descriptor().grammar.run(b);
}

/// [`parse`] for a verdict: the tree, and of the diagnostics only the first error (see
/// [`Builder::verdict_only`]). The status and first error are those [`parse`] gives.
pub fn parse_verdict(profile: Profile, input: &str) -> (Tree, Vec<Diagnostic>) {
    let mut b = Builder::new(input).verdict_only();
    run(profile, &mut b);
    b.build()
}

/// False when `profile` cannot read this kind of identifier at all: a URN profile on input
/// that does not start with `urn:`, or the XRI profile on input with a scheme other than `xri`.
pub fn applicable(profile: Profile, input: &str) -> bool {
    match profile.family() {
        profile::Family::Urn => profile::looks_like_urn(input),
        profile::Family::Xri => match profile::leading_scheme(input) {
            Some(s) => s.eq_ignore_ascii_case("xri"),
            None => true,
        },
        profile::Family::Uri => true,
    }
}
