//! The concrete syntax tree and its diagnostics.
//!
//! The tree is stored flat, in preorder, in one `Vec`: a node knows the index one past its
//! last descendant, so walking, dropping and serialising never recurse, however deep the
//! input nests. Grammars build it through a [`Builder`], which also supports the
//! checkpoint/rollback that first-match-wins grammars need.

//!
//! One file per job: `span` (byte ranges), `diagnostic` (what a parse reports),
//! `builder` (how a grammar builds a tree), `sink` (what of a parse's diagnostics is
//! kept, and the one place their runs merge); this file holds the tree itself.

use std::borrow::Cow;
use std::fmt;

mod builder;
mod diagnostic;
mod sink;
mod span;

pub use super::codes::{Code, CodeReading};
pub use builder::{Builder, Checkpoint, NodeId};
pub use diagnostic::{Diagnostic, FOLD_MIN, MAX_LISTED_SPANS, Severity, fold_repeats};
pub use span::Span;

/// Declares [`NodeKind`] from one table of `Variant = "kebab-name"` rows, so the enum, its
/// `ALL` list and its names cannot drift apart.
macro_rules! node_kinds {
    ($($(#[$doc:meta])* $name:ident = $text:literal,)*) => {
        /// What a node is. The names (see [`NodeKind::name`]) are stable: the CLI's JSON and
        /// the tests use them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum NodeKind {
            $($(#[$doc])* $name,)*
        }

        impl NodeKind {
            /// Every kind, in declaration order.
            pub const ALL: [NodeKind; [$($text),*].len()] = [$(NodeKind::$name,)*];

            /// The stable kebab-case name.
            pub const fn name(self) -> &'static str {
                match self {
                    $(NodeKind::$name => $text,)*
                }
            }
        }
    };
}

node_kinds! {
    Uri = "uri",
    RelativeRef = "relative-ref",
    Iri = "iri",
    Urn = "urn",
    Xri = "xri",
    RelativeXri = "relative-xri",
    Scheme = "scheme",
    Authority = "authority",
    Userinfo = "userinfo",
    Host = "host",
    Port = "port",
    Path = "path",
    Segment = "segment",
    Query = "query",
    Fragment = "fragment",
    Subsegment = "subsegment",
    Gcs = "gcs",
    Xref = "xref",
    Nid = "nid",
    Nss = "nss",
    AssignedName = "assigned-name",
    RqComponents = "rq-components",
    Directive = "directive",
    Keyword = "keyword",
    Value = "value",
    RComponent = "r-component",
    QComponent = "q-component",
    FComponent = "f-component",
    SearchTerm = "search-term",
    /// A part of a URI as its scheme's own grammar reads it (a purl's type or qualifier, a
    /// mailto address): grafted by the URI scheme layer under the path, query or fragment
    /// it lies in, its rule named by the scheme's grammar file.
    SchemePart = "scheme-part",
    /// Text the grammar could not place; always comes with an error diagnostic.
    Unparsed = "unparsed",
}

impl NodeKind {
    /// The kind with this name.
    pub fn from_name(name: &str) -> Option<NodeKind> {
        NodeKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// True for the kinds that stand at the root of a tree.
    pub const fn is_root(self) -> bool {
        matches!(
            self,
            NodeKind::Uri
                | NodeKind::RelativeRef
                | NodeKind::Iri
                | NodeKind::Urn
                | NodeKind::Xri
                | NodeKind::RelativeXri
        )
    }
}

impl fmt::Display for NodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind-specific attribute of a node, such as `host_type = ipv6` or `delim = !`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attr {
    /// The attribute's name (`host_type`, `delim`, `persistence`, `symbol`, `content`, ...).
    pub key: &'static str,
    /// Its value.
    pub value: Cow<'static, str>,
    /// The node it belongs to (the builder keeps every attribute in one list).
    node: usize,
}

// `Copy`: a tree's nodes are cloned as one copy of their list (the comparison holds its
// sides' trees), not node by node.
#[derive(Clone, Copy, Debug)]
struct NodeData {
    kind: NodeKind,
    rule: &'static str,
    span: Span,
    /// This node's attributes are `Tree::attrs[attr_start..attr_end]`.
    attr_start: u32,
    attr_end: u32,
    /// Index one past this node's last descendant.
    end: usize,
    /// Index of the parent, `usize::MAX` for the root.
    parent: usize,
    depth: usize,
}

/// The concrete syntax tree of one input. Node 0 is the root; nodes are in preorder.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<NodeData>,
    /// Every node's attributes, grouped by node in preorder (one allocation for the tree).
    attrs: Vec<Attr>,
}

/// A handle to one node of a [`Tree`].
#[derive(Clone, Copy)]
pub struct Node<'t> {
    tree: &'t Tree,
    idx: usize,
}

impl fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}] {}", self.kind(), self.rule(), self.span())
    }
}

impl PartialEq for Node<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tree, other.tree) && self.idx == other.idx
    }
}

impl Tree {
    /// The root node.
    pub fn root(&self) -> Node<'_> {
        Node { tree: self, idx: 0 }
    }
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// Never true: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    /// The node at preorder index `idx`.
    pub fn get(&self, idx: usize) -> Option<Node<'_>> {
        (idx < self.nodes.len()).then_some(Node { tree: self, idx })
    }
    /// Every node in preorder.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Node<'_>> + ExactSizeIterator {
        (0..self.nodes.len()).map(move |idx| Node { tree: self, idx })
    }
    /// The deepest node whose span contains `offset` (the root if none does). An offset at
    /// the very end of the input counts as inside the last character, where a cursor sits
    /// after typing.
    pub fn deepest_at(&self, offset: usize) -> Node<'_> {
        let end = self.root().span().end;
        let offset = if offset >= end && end > 0 {
            end - 1
        } else {
            offset
        };
        let mut best = self.root();
        let mut cur = self.root();
        loop {
            let next = cur.children().find(|c| c.span().contains(offset));
            match next {
                Some(c) => {
                    best = c;
                    cur = c;
                }
                None => return best,
            }
        }
    }
    /// The first node of `kind` in preorder.
    pub fn find(&self, kind: NodeKind) -> Option<Node<'_>> {
        self.iter().find(|n| n.kind() == kind)
    }

    /// Grafts `children` under the leaf at `at`: each `(kind, rule, span, depth)` in
    /// preorder, `depth` 1 for a child of `at`, 2 for a grandchild, and so on (a depth
    /// deeper than one past the previous node's is taken as one past it). The nodes after
    /// `at` move along; no attribute is added. One pass over the tree: linear in its size
    /// and the children's. Does nothing when `at` is not a leaf or `children` is empty.
    pub fn graft_leaf(&mut self, at: usize, children: &[(NodeKind, &'static str, Span, usize)]) {
        if at < self.nodes.len() && self.nodes[at].end == at + 1 {
            self.graft_under(at, children);
        }
    }

    /// Adds `children` under node `at`, after the children it has (a leaf's are its only
    /// ones), as [`Tree::graft_leaf`] does for a leaf: each `(kind, rule, span, depth)`,
    /// depth 1 for a child of `at`, 2 for a child of the grafted node before it, and so on,
    /// in preorder. The scheme layer grafts its grammar's structure under a path of any
    /// shape this way (its nodes beside the generic segments, which they may overlap).
    pub fn graft_under(&mut self, at: usize, children: &[(NodeKind, &'static str, Span, usize)]) {
        let k = children.len();
        if k == 0 || at >= self.nodes.len() {
            return;
        }
        // Where the grafted nodes go: one past `at`'s last descendant.
        let ins = self.nodes[at].end;
        for (i, n) in self.nodes.iter_mut().enumerate() {
            if i <= at {
                // `at` and its ancestors (the nodes before it that end after it) grow.
                if n.end > at {
                    n.end += k;
                }
            } else if i >= ins {
                n.end += k;
                if n.parent != usize::MAX && n.parent >= ins {
                    n.parent += k;
                }
            }
        }
        for a in &mut self.attrs {
            if a.node >= ins {
                a.node += k;
            }
        }
        let base_depth = self.nodes[at].depth;
        let attr_at = self.nodes[at..ins]
            .iter()
            .map(|n| n.attr_end)
            .max()
            .unwrap_or(self.nodes[at].attr_end);
        let mut grafted: Vec<NodeData> = Vec::with_capacity(k);
        // The open ancestors among the grafted nodes: (index in the tree, depth).
        let mut open: Vec<(usize, usize)> = Vec::new();
        for (i, &(kind, rule, span, depth)) in children.iter().enumerate() {
            let idx = ins + i;
            let depth = depth.clamp(1, open.last().map_or(1, |&(_, d)| d + 1));
            while open.last().is_some_and(|&(_, d)| d >= depth) {
                if let Some((j, _)) = open.pop() {
                    grafted[j - ins].end = idx;
                }
            }
            let parent = open.last().map_or(at, |&(j, _)| j);
            grafted.push(NodeData {
                kind,
                rule,
                span,
                attr_start: attr_at,
                attr_end: attr_at,
                end: usize::MAX,
                parent,
                depth: base_depth + depth,
            });
            open.push((idx, depth));
        }
        for (j, _) in open {
            grafted[j - ins].end = ins + k;
        }
        self.nodes.splice(ins..ins, grafted);
    }
}

impl<'t> Node<'t> {
    fn data(&self) -> &'t NodeData {
        &self.tree.nodes[self.idx]
    }
    /// Preorder index in the tree.
    pub fn index(&self) -> usize {
        self.idx
    }
    /// What the node is.
    pub fn kind(&self) -> NodeKind {
        self.data().kind
    }
    /// The ABNF production that matched, as the spec spells it.
    pub fn rule(&self) -> &'static str {
        self.data().rule
    }
    /// Byte span in the input.
    pub fn span(&self) -> Span {
        self.data().span
    }
    /// The node's text in `input`.
    pub fn text<'i>(&self, input: &'i str) -> &'i str {
        let s = self.span();
        input.get(s.start..s.end).unwrap_or("")
    }
    /// Kind-specific attributes.
    pub fn attrs(&self) -> &'t [Attr] {
        let d = self.data();
        self.tree
            .attrs
            .get(d.attr_start as usize..d.attr_end as usize)
            .unwrap_or(&[])
    }
    /// The value of attribute `key`.
    pub fn attr(&self, key: &str) -> Option<&'t str> {
        self.attrs()
            .iter()
            .find(|a| a.key == key)
            .map(|a| a.value.as_ref())
    }
    /// Depth below the root (the root is 0).
    pub fn depth(&self) -> usize {
        self.data().depth
    }
    /// The parent, `None` for the root.
    pub fn parent(&self) -> Option<Node<'t>> {
        let p = self.data().parent;
        (p != usize::MAX).then_some(Node {
            tree: self.tree,
            idx: p,
        })
    }
    /// The direct children, in order.
    pub fn children(&self) -> Children<'t> {
        Children {
            tree: self.tree,
            next: self.idx + 1,
            end: self.data().end,
        }
    }
    /// True when the node has no children.
    pub fn is_leaf(&self) -> bool {
        self.data().end == self.idx + 1
    }
    /// Every descendant in preorder, not including the node itself.
    pub fn descendants(&self) -> impl Iterator<Item = Node<'t>> + use<'t> {
        let tree = self.tree;
        (self.idx + 1..self.data().end).map(move |idx| Node { tree, idx })
    }
    /// The first child of `kind`.
    pub fn child(&self, kind: NodeKind) -> Option<Node<'t>> {
        self.children().find(|c| c.kind() == kind)
    }
    /// The ancestors, nearest first.
    pub fn ancestors(&self) -> impl Iterator<Item = Node<'t>> + use<'t> {
        let mut cur = self.parent();
        std::iter::from_fn(move || {
            let n = cur?;
            cur = n.parent();
            Some(n)
        })
    }
}

/// Iterator over a node's children.
pub struct Children<'t> {
    tree: &'t Tree,
    next: usize,
    end: usize,
}

impl<'t> Iterator for Children<'t> {
    type Item = Node<'t>;
    fn next(&mut self) -> Option<Node<'t>> {
        if self.next >= self.end {
            return None;
        }
        let idx = self.next;
        self.next = self.tree.nodes[idx].end;
        Some(Node {
            tree: self.tree,
            idx,
        })
    }
}
