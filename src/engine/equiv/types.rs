//! What a comparison's ladder gives ([`Step`], [`Difference`]): the types the ladder and
//! the locating of a difference share with the entry points of [`super`].

use crate::engine::tree::{NodeKind, Span};

/// One rung of the ladder: a rule applied to both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule, e.g. "case of the NID".
    pub name: String,
    /// The spec section, e.g. "RFC 2141 §5".
    pub spec: &'static str,
    /// Side A after the step.
    pub a: String,
    /// Side B after the step.
    pub b: String,
    /// Whether they are equal after it.
    pub equal: bool,
}

/// The first component where the two sides differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The kind of node that differs.
    pub kind: NodeKind,
    /// Its span in input A (empty, where the component would be, when only B has it).
    pub a: Span,
    /// Its span in input B (empty when only A has it).
    pub b: Span,
    /// Why that difference counts, e.g. "NSS is case-sensitive: RFC 2141 §5".
    pub reason: String,
}
