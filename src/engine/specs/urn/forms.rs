//! The URN family's forms hooks (the descriptors' [`FormsSpec`] fields the URN specs
//! share).
//!
//! [`FormsSpec`]: crate::engine::descriptor::forms::FormsSpec

use crate::engine::descriptor::forms::Head;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::family::looks_like_urn;

/// The head of a URN without a tree ([`Head`]): "urn" lower-cased under
/// [`Rewrites::SCHEME_CASE`], the ":" as it is, and the NID lower-cased under
/// [`Rewrites::NID_CASE`].
pub fn head(input: &str, rules: Rewrites) -> Head {
    let mut head = Head::default();
    if looks_like_urn(input) {
        let nid_end = input
            .get(4..)
            .and_then(|t| t.find(':'))
            .map_or(input.len(), |k| 4 + k);
        head.spans
            .push((0, 3, rules.contains(Rewrites::SCHEME_CASE)));
        head.spans.push((3, 4, false));
        head.spans
            .push((4, nid_end, rules.contains(Rewrites::NID_CASE)));
    }
    head
}
