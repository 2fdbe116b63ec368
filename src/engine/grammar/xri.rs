//! XRI Syntax 2.0, Appendix A, first-match-wins.

use crate::engine::tree::{Builder, NodeKind, Span};

/// Parses the whole input as an XRI-reference.
pub fn parse(b: &mut Builder<'_>) {
    let len = b.input().len();
    b.leaf(NodeKind::Unparsed, "XRI-reference", 0, len);
    b.error("not-implemented", Span::new(0, len), "XRI Syntax 2.0 Appendix A", "this grammar is not written yet");
}
