//! What a comparison is asked ([`CompareOptions`]) and what its ladder gives ([`Step`],
//! [`Difference`]): the types the ladder, the locating of a difference and the specs'
//! options share with the entry points of [`super`].

use crate::engine::handle::Profile;
use crate::engine::tree::{NodeKind, Span};

/// The rfc2141bis §5 objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Objective {
    /// 5a: distinguish the resources named (the query is removed).
    #[default]
    Names,
    /// 5b: cache results (directives reordered by keyword).
    Cache,
}

/// Which form a side is written in (XRI Syntax 2.0 §2.5.2: all forms of one XRI are
/// equivalent, so an IRI- or URI-normal side is brought back first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SideForm {
    /// As typed.
    #[default]
    AsIs,
    /// In IRI-normal form.
    IriNormal,
    /// In URI-normal form.
    UriNormal,
}

/// What [`compare`] should do.
#[derive(Clone, Debug, Default)]
pub struct CompareOptions {
    /// The profile to compare under; `None` is each side's `auto`.
    pub profile: Option<Profile>,
    /// rfc2141bis objective.
    pub objective: Objective,
    /// xri2: ignore "$" cross-references (§2.5.4).
    pub ignore_dollar: bool,
    /// The form side A is written in (xri2 only; the other profiles have no such forms).
    pub a_form: SideForm,
    /// The form side B is written in (xri2 only).
    pub b_form: SideForm,
}

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
