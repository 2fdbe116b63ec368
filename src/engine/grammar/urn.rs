//! URNs: RFC 2141, draft-ietf-urnbis-rfc2141bis-urn-03 and RFC 8141.

use crate::engine::tree::{Builder, NodeKind, Span};

/// Which URN spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spec {
    /// RFC 2141.
    Rfc2141,
    /// draft-ietf-urnbis-rfc2141bis-urn-03.
    Rfc2141bis,
    /// RFC 8141.
    Rfc8141,
}

/// Parses the whole input as a URN.
pub fn parse(b: &mut Builder<'_>, spec: Spec) {
    let _ = spec;
    let len = b.input().len();
    b.leaf(NodeKind::Unparsed, "URN", 0, len);
    b.error("not-implemented", Span::new(0, len), "RFC 2141 §2", "this grammar is not written yet");
}
