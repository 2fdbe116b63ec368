//! Equivalence: are two identifiers the same under a spec, and where do they part.

use crate::engine::profile::Profile;
use crate::engine::tree::{NodeKind, Span};
use crate::engine::{Analysis, Options, analyze};

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
    /// The form side A is written in.
    pub a_form: SideForm,
    /// The form side B is written in.
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
    /// Its span in input A.
    pub a: Span,
    /// Its span in input B.
    pub b: Span,
    /// Why that difference counts, e.g. "NSS is case-sensitive: RFC 2141 §5".
    pub reason: String,
}

/// The answer.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The profile compared under (side A's when the sides differ in family).
    pub profile: Profile,
    /// Whether the two are equivalent.
    pub equivalent: bool,
    /// The ladder.
    pub steps: Vec<Step>,
    /// Where they part, when they do.
    pub difference: Option<Difference>,
    /// Side A's analysis.
    pub a: Analysis,
    /// Side B's analysis.
    pub b: Analysis,
}

/// Compares `a` and `b`.
pub fn compare(a: &str, b: &str, opts: &CompareOptions) -> Verdict {
    let o = Options { profile: opts.profile, forms: true, all_profiles: false };
    let aa = analyze(a, &o);
    let bb = analyze(b, &o);
    let equal = a == b;
    Verdict {
        profile: aa.profile,
        equivalent: equal,
        steps: vec![Step {
            name: "simple string comparison".into(),
            spec: "RFC 3986 §6.2.1",
            a: a.to_string(),
            b: b.to_string(),
            equal,
        }],
        difference: None,
        a: aa,
        b: bb,
    }
}
