//! RFC 3986 URI-reference and RFC 3987 IRI-reference.

use crate::engine::tree::{Builder, NodeKind, Span};

/// Which of the two specs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// RFC 3986: ASCII only.
    Uri,
    /// RFC 3987: ucschar and iprivate too.
    Iri,
}

/// Parses the whole input.
pub fn parse(b: &mut Builder<'_>, flavor: Flavor) {
    let len = b.input().len();
    parse_range(b, 0, len, flavor);
}

/// Parses `input[start..end]` as a URI-reference / IRI-reference into a subtree whose spans
/// are absolute offsets into the whole input. Returns the subtree's root.
pub fn parse_range(b: &mut Builder<'_>, start: usize, end: usize, flavor: Flavor) -> usize {
    let _ = flavor;
    let id = b.leaf(NodeKind::Unparsed, "URI-reference", start, end);
    b.error("not-implemented", Span::new(start, end), "RFC 3986 §4.1", "this grammar is not written yet");
    id
}
