//! Normal forms and canonical forms, per profile.
//!
//! | form | xri2 | rfc3986, rfc3987 | rfc1630 | URN profiles |
//! |---|---|---|---|---|
//! | `xri_normal` | XRI Syntax 2.0 §2.1.4 (NFKC, minimal percent-encoding) | — | — | — |
//! | `iri_normal` | §2.3.1 steps 1, 2, 4 | RFC 3987 §3.2 | the input | RFC 3987 §3.2 |
//! | `uri_normal` | RFC 3987 §3.1 on `iri_normal` | same | same, every space as %20 | same |
//! | `canonical` | §2.5.5, Table 2 | RFC 3986 §6.2.2 | the draft's escaping rules, every space as %20, no void fragment-id | RFC 2141 §5, rfc2141bis §5 (5a), RFC 8141 §3.1 |
//! | `canonical_scheme` | — | RFC 3986 §6.2.3 | — | — |
//! | `canonical_cache` | — | — | — | rfc2141bis §5 (5b) |
//! | `display` | `xri_normal` | `iri_normal` | the input | RFC 2141 §4, rfc2141bis §4 |
//!
//! The modules here work under a spec they are given ([`Under`], from a descriptor), never
//! by profile: [`rewrite`](mod@rewrite) (applying a set of [`Rewrites`] along the tree), [`text`]
//! (the conversions between forms; XRI's own are in `specs/xri/forms.rs`), [`make`] (the
//! forms of each kind of spec).
//! What differs from spec to spec (the steps, the canonical rules, what may be decoded, the
//! IRI and URN facts, how the forms are made) is data in each profile's [`FormsSpec`]
//! ([`spec`], one of the descriptor's types, with the ladders of steps the descriptors
//! share). The functions of this file take the profile's [`Descriptor`]
//! (`profile.descriptor()`); [`steps`] lists, per profile, the order in which the rules
//! compose to `canonical`.
//! Everything is computed from the tree the grammar built, in passes linear in the input,
//! and for input with errors too: whatever the tree holds is normalized, the rest copied.
//!
//! Diagnostics of the forms (in [`Forms::diagnostics`], spans index the input):
//! `nfkc-changed` and `nfkc-made-delimiter` (XRI §2.1.1), `case-not-folded` (only US-ASCII
//! is lower-cased), `iri-kept-encoded` (RFC 3987 §3.2 step 4), `canonical-not-nfc` (RFC 3987
//! §5.3.2.2), `iri-normal-invalid` (XRI §2.2), `xri-escape-hash` and `xri-escape-slashes`
//! (SPEC-NOTES XRI 1, 2), `xref-prefix-added` (§2.5.5 inside cross-references),
//! `display-ambiguous` (rfc2141bis §4), `forms-depth-limit`; and from
//! `iri_normal_to_xri` (`specs/xri/forms.rs`), `not-iri-normal` and `iri-to-xri-kept` (docs/readings.md, XRI 8).

pub mod make;
pub mod rewrite;
pub mod text;

#[cfg(test)]
mod tests;

pub use crate::engine::descriptor::forms as spec;
pub use crate::engine::descriptor::rewrites::{Rewrites, cache_rules};
pub use make::mailto_domain_case;
pub use rewrite::rewrite;
pub use spec::{Forms, FormsSpec, GENERIC_FORMS, MakeForms, StepDef, Under, Unreserved, step};
pub use text::{
    decode_char_at, iri_to_uri, is_dot_segment_decoded, nfc, nfkc, uppercase_hex, uri_to_iri,
    uri_to_iri_traced, xref_regions, xri_must_encode,
};

use crate::engine::descriptor::Descriptor;
use crate::engine::tree::{Diagnostic, Tree};

/// Computes the forms of `input` (parsed as `tree`) under `profile`, as its
/// [`FormsSpec`] says. Never panics.
pub fn compute(input: &str, spec: &Descriptor, tree: &Tree) -> Forms {
    make::compute(input, Under::of(spec), tree)
}

/// RFC 2141 §4 / rfc2141bis §4: the URN display form under `profile`
/// ([`make::urn_display`]).
pub fn urn_display(
    input: &str,
    spec: &Descriptor,
    tree: &Tree,
    diags: &mut Vec<Diagnostic>,
) -> String {
    make::urn_display(input, spec.forms, tree, diags)
}

/// The ladder of `profile`'s canonical form, in order ([`FormsSpec::steps`]): applying
/// each step's rules to the previous step's result (re-parsed, see [`apply`]) ends at
/// `canonical` (or, for rfc2141bis with `cache`, at `canonical_cache`).
pub fn steps(spec: &Descriptor, cache: bool) -> &'static [StepDef] {
    spec.forms.steps(cache)
}

/// Parses `input` under `profile` and rewrites it by `rules`: one rung of a ladder when
/// the input is the previous rung's result.
pub fn apply(input: &str, spec: &Descriptor, rules: Rewrites) -> (String, Vec<Diagnostic>) {
    let (tree, _) = spec.grammar.parse(input);
    rewrite(input, Under::of(spec), &tree, rules)
}

/// Scheme-based normalization (RFC 3986 §6.2.3) under `profile`, alone; `canonical_scheme`
/// is it on top of `canonical`.
pub fn scheme_based(input: &str, spec: &Descriptor, tree: &Tree) -> String {
    rewrite(input, Under::of(spec), tree, Rewrites::SCHEME_BASED).0
}
