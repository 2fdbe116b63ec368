//! Tree outlines for the grammar tests: one line per node, in one format, so that every
//! test compares trees the same way (`kind[rule]`, then what the test asks to see).

use std::fmt::Write as _;

use idbench::engine::tree::{Node, Tree};

/// What a line shows after `kind[rule]`.
#[derive(Clone, Copy, Debug)]
pub struct Show {
    /// The node's byte span, `start..end`.
    pub span: bool,
    /// The node's text, quoted as `{:?}` quotes it.
    pub text: bool,
    /// Which attributes, as ` key=value`.
    pub attrs: Attrs,
}

/// Which attributes a line shows.
#[derive(Clone, Copy, Debug)]
pub enum Attrs {
    /// None.
    None,
    /// These keys only.
    Only(&'static [&'static str]),
    /// Every key but these.
    AllBut(&'static [&'static str]),
}

impl Show {
    /// `kind[rule] start..end`.
    pub const SPANS: Show = Show {
        span: true,
        text: false,
        attrs: Attrs::None,
    };
    /// `kind[rule] "text"`.
    pub const TEXT: Show = Show {
        span: false,
        text: true,
        attrs: Attrs::None,
    };
}

/// One node's line, without indentation.
pub fn line(n: Node<'_>, input: &str, show: Show) -> String {
    let mut s = format!("{}[{}]", n.kind(), n.rule());
    if show.span {
        let _ = write!(s, " {}", n.span());
    }
    if show.text {
        let _ = write!(s, " {:?}", n.text(input));
    }
    for a in n.attrs() {
        let shown = match show.attrs {
            Attrs::None => false,
            Attrs::Only(keys) => keys.contains(&a.key),
            Attrs::AllBut(keys) => !keys.contains(&a.key),
        };
        if shown {
            let _ = write!(s, " {}={}", a.key, a.value);
        }
    }
    s
}

/// Every node of `t` in preorder, indented two spaces per level.
pub fn outline(t: &Tree, input: &str, show: Show) -> Vec<String> {
    t.iter()
        .map(|n| format!("{}{}", "  ".repeat(n.depth()), line(n, input, show)))
        .collect()
}

/// The line [`outline`] writes with [`Show::TEXT`] for a node at `depth`: what a test
/// expects, built from the parts.
pub fn text_line(depth: usize, kind: &str, rule: &str, text: &str) -> String {
    format!("{}{kind}[{rule}] {text:?}", "  ".repeat(depth))
}
