//! The URN family: RFC 2141, the rfc2141bis draft and RFC 8141. Their shared grammar
//! ([`grammar`]) and one file per spec holding what that spec decides.

/// Cites a section of the rfc2141bis draft.
macro_rules! bis {
    ($sec:literal) => {
        concat!("draft-ietf-urnbis-rfc2141bis-urn-03 ", $sec)
    };
}

pub mod forms;
pub mod grammar;
pub mod rfc2141;
pub mod rfc2141bis;
pub mod rfc8141;

use crate::engine::descriptor::Resolver;

/// The URN specs' resolution: none, URNs have no relative references.
pub const NO_RELATIVE: Resolver = Resolver {
    algorithm: "none (URN)",
    run: |_, reference, _| {
        crate::engine::resolve::no_relative(
            reference,
            "URNs have no relative references (their path is a single opaque segment); give \
             the full URN, or resolve under a URI or XRI profile",
        )
    },
};

use crate::engine::descriptor::ladder::Wording;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::tree::NodeKind;

/// The three case rules every URN spec has (RFC 2141 §5 steps 1 to 3).
pub const URN_CASE: Rewrites = Rewrites::SCHEME_CASE
    .union(Rewrites::NID_CASE)
    .union(Rewrites::HEX_CASE);

/// The `display-ambiguous` warning outside RFC 8141.
pub const BIS_DISPLAY_WARNING: (&str, &str) = (
    "draft-ietf-urnbis-rfc2141bis-urn-03 §4",
    "a namespace may give it a special meaning and percent-encode its literal \
     uses (RFC 2141 §2.3.1), so in such a namespace the two differ",
);

/// URN sides that differ in case in the query.
pub const URN_CASE_OF: &[(&[NodeKind], &str)] = &[(
    &[
        NodeKind::Query,
        NodeKind::Directive,
        NodeKind::Keyword,
        NodeKind::Value,
    ],
    "query directives are case-sensitive: draft-ietf-urnbis-rfc2141bis-urn-03 §2.3",
)];

/// How URN specs word the parting.
pub const URN_WORDING: Wording = Wording {
    case: "{k} is case-sensitive: {section}",
    case_of: URN_CASE_OF,
    non_ascii_case: Some("RFC 3987 §5.3.2.1"),
    encoding: "{lead}: percent-encoding MUST NOT be removed ({section})",
    encoding_reserved: None,
    missing: &[],
    nfc: None,
    compatibility: None,
    port_in_path: None,
};
