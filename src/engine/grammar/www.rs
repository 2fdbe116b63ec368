//! The WWW "Universal Resource Identifiers" draft that became RFC 1630.

use crate::engine::tree::{Builder, NodeKind, Span};

/// Parses the whole input as a `fragmentaddress`.
pub fn parse(b: &mut Builder<'_>) {
    let len = b.input().len();
    b.leaf(NodeKind::Unparsed, "fragmentaddress", 0, len);
    b.error("not-implemented", Span::new(0, len), "WWW URI draft, BNF", "this grammar is not written yet");
}
