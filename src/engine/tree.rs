//! The concrete syntax tree and its diagnostics.
//!
//! The tree is stored flat, in preorder, in one `Vec`: a node knows the index one past its
//! last descendant, so walking, dropping and serialising never recurse, however deep the
//! input nests. Grammars build it through a [`Builder`], which also supports the
//! checkpoint/rollback that first-match-wins grammars need.

use std::borrow::Cow;
use std::fmt;

pub use super::codes::Code;

/// A byte range `[start, end)` into the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    /// An empty span at `at`.
    pub const fn at(at: usize) -> Self {
        Span { start: at, end: at }
    }
    /// Number of bytes covered.
    pub const fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    /// True when the span covers no byte.
    pub const fn is_empty(&self) -> bool {
        self.end <= self.start
    }
    /// True when `offset` lies in `[start, end)`, or equals `start` for an empty span.
    pub const fn contains(&self, offset: usize) -> bool {
        (offset >= self.start && offset < self.end) || (offset == self.start && self.is_empty())
    }
    /// True when `other` lies within this span.
    pub const fn encloses(&self, other: Span) -> bool {
        other.start >= self.start && other.end <= self.end
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

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

#[derive(Clone, Debug)]
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

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Breaks the ABNF or a MUST: the input is invalid under the profile.
    Error,
    /// A SHOULD, a NOT RECOMMENDED, or a likely mistake.
    Warning,
    /// An interpretation, or a fact worth knowing.
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A problem, or a fact, at a position of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// Stable code, e.g. [`Code::NssMissing`] (spelt `nss-missing`).
    pub code: Code,
    /// What is wrong and what to do about it.
    pub message: String,
    /// Where, in bytes of the input.
    pub span: Span,
    /// The spec and section it breaks or cites, e.g. `RFC 2141 §2.1`.
    pub spec: &'static str,
    /// For an error: what the grammar would have accepted at [`Diagnostic::expected_at`],
    /// literals quoted (`"]"`) and rule names bare (`h16`), as the scanner recorded them when
    /// it stopped there ([`Builder::expect`]). Empty when the grammar recorded nothing.
    pub expected: Vec<&'static str>,
    /// The byte where [`Diagnostic::expected`] applies: within the span, except for an
    /// unclosed "[" or "(" (the error marks the opening bracket; the closing one was
    /// expected where the enclosing component ends).
    pub expected_at: Option<usize>,
    /// The furthest byte the parse had reached when the error was reported (the furthest
    /// point any attempt recorded an expectation), when it lies beyond the error's position.
    pub reached: Option<usize>,
    /// How many adjacent occurrences this diagnostic stands for: 1, or more when the same
    /// diagnostic (same severity, code, spec and message) was found on a run of adjacent
    /// spans, such as every `%` of `%%%%`. [`Diagnostic::span`] then covers the whole run,
    /// [`Diagnostic::expected`] is the first occurrence's. One entry per run keeps a long
    /// run (64 KiB of `%` is 65,536 errors) as cheap to report and to read as one error.
    ///
    /// A diagnostic found at [`FOLD_MIN`] or more separate places (with other text between
    /// them) is also reported once, by [`fold_repeats`]: `count` then adds up every
    /// occurrence, [`Diagnostic::span`] is the first place's, and [`Diagnostic::spans`]
    /// lists the places.
    pub count: usize,
    /// For a diagnostic folded by [`fold_repeats`]: the places it was found, in input
    /// order, each a single occurrence or an adjacent run, the first [`MAX_LISTED_SPANS`]
    /// of them (the first is [`Diagnostic::span`]). Empty for a diagnostic that does not
    /// repeat with gaps.
    pub spans: Vec<Span>,
}

/// A diagnostic found at this many separate places or more is reported once, with the
/// places listed ([`fold_repeats`]); found at fewer, each place keeps its own diagnostic.
pub const FOLD_MIN: usize = 4;

/// At most this many places are listed in [`Diagnostic::spans`].
pub const MAX_LISTED_SPANS: usize = 100;

/// Reports a diagnostic that repeats with gaps once: every diagnostic (same severity, code,
/// spec and message) found at [`FOLD_MIN`] or more separate places is folded into its first
/// one, whose [`Diagnostic::count`] then adds up all occurrences and whose
/// [`Diagnostic::spans`] lists the places (the first [`MAX_LISTED_SPANS`]). The first
/// diagnostic of each kind keeps its place in the list and its span, so the first error
/// is the same one, at the same span, folded or not. `diags` must be in input order; the
/// result is too. Time and memory linear in the number of diagnostics.
pub fn fold_repeats(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    use std::collections::HashMap;
    use std::hash::BuildHasher;
    if diags.len() < FOLD_MIN {
        return diags;
    }
    let same = |x: &Diagnostic, y: &Diagnostic| {
        x.severity == y.severity && x.code == y.code && x.spec == y.spec && x.message == y.message
    };
    let state = std::collections::hash_map::RandomState::new();
    let key = |d: &Diagnostic| state.hash_one((d.severity, d.code, d.spec, d.message.as_str()));
    // The first diagnostic of each kind (by hash, then compared), and each one's leader.
    let mut leaders: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut leader = Vec::with_capacity(diags.len());
    let mut places = vec![0usize; diags.len()];
    for (i, d) in diags.iter().enumerate() {
        let list = leaders.entry(key(d)).or_default();
        let g = match list.iter().copied().find(|&j| same(&diags[j], d)) {
            Some(j) => j,
            None => {
                list.push(i);
                i
            }
        };
        leader.push(g);
        places[g] += d.spans.len().max(1);
    }
    if !places.iter().any(|&n| n >= FOLD_MIN) {
        return diags;
    }
    let mut out: Vec<Diagnostic> = Vec::with_capacity(diags.len());
    let mut slot = vec![usize::MAX; diags.len()];
    for (i, mut d) in diags.into_iter().enumerate() {
        let g = leader[i];
        if places[g] < FOLD_MIN {
            out.push(d);
            continue;
        }
        let listed = if d.spans.is_empty() {
            vec![d.span]
        } else {
            std::mem::take(&mut d.spans)
        };
        if g == i {
            d.spans = listed;
            d.spans.truncate(MAX_LISTED_SPANS);
            slot[g] = out.len();
            out.push(d);
        } else if let Some(first) = out.get_mut(slot[g]) {
            first.count = first.count.saturating_add(d.count);
            let room = MAX_LISTED_SPANS.saturating_sub(first.spans.len());
            first.spans.extend(listed.into_iter().take(room));
        }
    }
    out
}

impl Diagnostic {
    /// A new diagnostic.
    pub fn new(
        severity: Severity,
        code: Code,
        span: Span,
        spec: &'static str,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span,
            spec,
            expected: Vec::new(),
            expected_at: None,
            reached: None,
            count: 1,
            spans: Vec::new(),
        }
    }

    /// For a diagnostic that stands for a run ([`Diagnostic::count`] > 1), how the views
    /// say so: `found 4 times in a row, over bytes 0..4`; for one that repeats with gaps
    /// ([`Diagnostic::spans`]), `repeats 5 times in 3 places; first at 0..1, then 4..6,
    /// 9..11`, with `(the first 100 places listed)` when not all are.
    pub fn repeat_note(&self) -> Option<String> {
        if self.spans.len() > 1 {
            let places = self.spans.len();
            let mut s = format!("repeats {} times", self.count);
            if self.count != places && places < MAX_LISTED_SPANS {
                s.push_str(&format!(" in {places} places"));
            }
            s.push_str(&format!("; first at {}", self.spans[0]));
            for (i, sp) in self.spans.iter().enumerate().skip(1) {
                s.push_str(if i == 1 { ", then " } else { ", " });
                s.push_str(&sp.to_string());
            }
            if places >= MAX_LISTED_SPANS && self.count > places {
                s.push_str(&format!(" (the first {places} places listed)"));
            }
            return Some(s);
        }
        (self.count > 1).then(|| {
            format!(
                "found {} times in a row, over bytes {}",
                self.count, self.span
            )
        })
    }
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

/// A point the [`Builder`] can roll back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    nodes: usize,
    open: usize,
    diags: usize,
    attrs: usize,
    /// The last diagnostic's end and count, which a later occurrence may extend.
    last: Option<(usize, usize)>,
    /// Errors merged into an earlier diagnostic so far.
    merged_errors: usize,
    /// Whether verdict mode had dropped a diagnostic after the last one kept.
    dropped: bool,
}

impl Checkpoint {
    /// Index the next node built after this checkpoint will get.
    pub fn node_index(&self) -> usize {
        self.nodes
    }
}

/// Identifies a node while it is being built.
pub type NodeId = usize;

/// Builds a [`Tree`] and collects [`Diagnostic`]s while a grammar parses.
///
/// Spans are absolute byte offsets into the whole input, so a grammar that parses a nested
/// part (an XRI cross-reference's IRI, say) builds into the same tree.
pub struct Builder<'i> {
    input: &'i str,
    nodes: Vec<NodeData>,
    open: Vec<usize>,
    diags: Vec<Diagnostic>,
    /// Attributes in the order they were set, with the node they belong to; grouped by
    /// node when the tree is built. Keeping them out of the nodes saves an allocation per
    /// node that has any.
    attrs: Vec<Attr>,
    /// What the scanners would have accepted where they stopped ([`Builder::expect`]), one
    /// entry per item with the order it came in; only error paths record. Scanners mostly
    /// record in input order, so entries go to `expects` (sorted by offset, searched by
    /// bisection, no allocation per entry); one recorded before an earlier offset (after a
    /// rolled-back attempt) goes to `expects_back`.
    expects: Vec<(usize, u32, &'static str)>,
    expects_back: std::collections::BTreeMap<usize, Vec<(u32, &'static str)>>,
    /// Entries recorded so far (their order), and the furthest offset any entry has.
    expect_seq: u32,
    furthest: Option<usize>,
    /// Errors merged into an earlier diagnostic (see [`Diagnostic::count`]), or not kept
    /// in verdict mode.
    merged_errors: usize,
    /// Verdict mode ([`Builder::verdict_only`]): only the errors that can be the first.
    verdict_only: bool,
    /// Verdict mode dropped a diagnostic after the last one kept. A full parse keeps it,
    /// and there it stands between the last diagnostic and the next, which then cannot
    /// extend the last one's run; so neither can it here (the first error's count and span
    /// must be the full parse's).
    dropped: bool,
}

impl<'i> Builder<'i> {
    /// A builder for `input`.
    pub fn new(input: &'i str) -> Self {
        // Most identifiers need about one node per four bytes; reserving that up front
        // saves the re-allocations of growing from empty on every keystroke.
        let nodes = Vec::with_capacity((input.len() / 4 + 8).min(4096));
        Builder {
            input,
            nodes,
            open: Vec::with_capacity(16),
            diags: Vec::new(),
            attrs: Vec::new(),
            expects: Vec::new(),
            expects_back: std::collections::BTreeMap::new(),
            expect_seq: 0,
            furthest: None,
            merged_errors: 0,
            verdict_only: false,
            dropped: false,
        }
    }

    /// Verdict mode, for a profile whose verdict is all that is wanted (the workbench's
    /// profile strip): warnings and notes are not kept, nor an error that cannot be the
    /// first one (one that sorts after an error already kept), so a long invalid input
    /// costs no memory per error. [`Builder::has_error_since`] still sees every error, so
    /// the grammar takes the same paths and the first error is the one a full parse finds.
    pub fn verdict_only(mut self) -> Self {
        self.verdict_only = true;
        self
    }

    /// In verdict mode, true when an error at `span` would not be kept (and counts it as
    /// seen): a grammar can then skip writing its message. Always false otherwise.
    pub fn skip_error(&mut self, span: Span) -> bool {
        // An error right after the last one kept may extend its run: it is recorded, and
        // `record` merges or drops it.
        let may_extend = !self.dropped
            && self
                .diags
                .last()
                .is_some_and(|d| d.severity == Severity::Error && d.span.end == span.start);
        if self.verdict_only && !may_extend && !self.could_be_first(Severity::Error, span) {
            self.merged_errors += 1;
            self.dropped = true;
            return true;
        }
        false
    }

    /// Verdict mode: whether a diagnostic can still be the first error.
    fn could_be_first(&self, severity: Severity, span: Span) -> bool {
        if severity != Severity::Error {
            return false;
        }
        let key = (span.start, span.end);
        !self
            .diags
            .iter()
            .any(|d| d.severity == Severity::Error && (d.span.start, d.span.end) <= key)
    }

    /// The whole input.
    pub fn input(&self) -> &'i str {
        self.input
    }

    /// Opens a node at byte `start`; later nodes become its descendants until [`finish`](Self::finish).
    pub fn start(&mut self, kind: NodeKind, rule: &'static str, start: usize) -> NodeId {
        let idx = self.nodes.len();
        self.nodes.push(NodeData {
            kind,
            rule,
            span: Span::new(start, start),
            attr_start: 0,
            attr_end: 0,
            end: usize::MAX,
            parent: usize::MAX,
            depth: 0,
        });
        self.open.push(idx);
        idx
    }

    /// Closes the innermost open node at byte `end`.
    pub fn finish(&mut self, end: usize) -> NodeId {
        let Some(idx) = self.open.pop() else {
            debug_assert!(false, "finish without start");
            return 0;
        };
        let len = self.nodes.len();
        let n = &mut self.nodes[idx];
        n.span.end = end.max(n.span.start);
        n.end = len;
        idx
    }

    /// Adds a node with no children.
    pub fn leaf(&mut self, kind: NodeKind, rule: &'static str, start: usize, end: usize) -> NodeId {
        let idx = self.start(kind, rule, start);
        self.finish(end);
        idx
    }

    /// Wraps every node built since `cp` (which must all be closed) in a new node.
    pub fn wrap(
        &mut self,
        cp: Checkpoint,
        kind: NodeKind,
        rule: &'static str,
        span: Span,
    ) -> NodeId {
        let at = cp.nodes.min(self.nodes.len());
        for n in &mut self.nodes[at..] {
            if n.end != usize::MAX {
                n.end += 1;
            }
        }
        let attrs_from = cp.attrs.min(self.attrs.len());
        for a in &mut self.attrs[attrs_from..] {
            if a.node >= at {
                a.node += 1;
            }
        }
        let from = cp.open.min(self.open.len());
        for o in &mut self.open[from..] {
            if *o >= at {
                *o += 1;
            }
        }
        let len = self.nodes.len() + 1;
        self.nodes.insert(
            at,
            NodeData {
                kind,
                rule,
                span,
                attr_start: 0,
                attr_end: 0,
                end: len,
                parent: usize::MAX,
                depth: 0,
            },
        );
        at
    }

    /// Sets attribute `key` on node `id` (replacing an earlier value).
    pub fn attr(&mut self, id: NodeId, key: &'static str, value: impl Into<Cow<'static, str>>) {
        if id < self.nodes.len() {
            self.attrs.push(Attr {
                key,
                value: value.into(),
                node: id,
            });
        }
    }

    /// Changes the rule of node `id`, for when the matching production is known only later.
    pub fn set_rule(&mut self, id: NodeId, rule: &'static str) {
        if let Some(n) = self.nodes.get_mut(id) {
            n.rule = rule;
        }
    }

    /// Changes the kind of node `id`.
    pub fn set_kind(&mut self, id: NodeId, kind: NodeKind) {
        if let Some(n) = self.nodes.get_mut(id) {
            n.kind = kind;
        }
    }

    /// Changes the span of node `id`.
    pub fn set_span(&mut self, id: NodeId, span: Span) {
        if let Some(n) = self.nodes.get_mut(id) {
            n.span = span;
        }
    }

    /// The span node `id` has so far.
    pub fn span_of(&self, id: NodeId) -> Span {
        self.nodes.get(id).map(|n| n.span).unwrap_or_default()
    }

    /// The kind of node `id`.
    pub fn kind_of(&self, id: NodeId) -> Option<NodeKind> {
        self.nodes.get(id).map(|n| n.kind)
    }

    /// Number of nodes built so far.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// A point to roll back to.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            nodes: self.nodes.len(),
            open: self.open.len(),
            diags: self.diags.len(),
            attrs: self.attrs.len(),
            last: self.diags.last().map(|d| (d.span.end, d.count)),
            merged_errors: self.merged_errors,
            dropped: self.dropped,
        }
    }

    /// Forgets every node and diagnostic added since `cp`.
    pub fn rollback(&mut self, cp: Checkpoint) {
        self.nodes.truncate(cp.nodes);
        self.open.truncate(cp.open);
        self.diags.truncate(cp.diags);
        self.attrs.truncate(cp.attrs);
        // Undo what later occurrences added to the last diagnostic.
        if self.diags.len() == cp.diags
            && let (Some(d), Some((end, count))) = (self.diags.last_mut(), cp.last)
        {
            d.span.end = end;
            d.count = count;
        }
        self.merged_errors = cp.merged_errors;
        self.dropped = cp.dropped;
    }

    /// Records a diagnostic. The same diagnostic found again right after the last one
    /// (same severity, code, spec and message, its span starting where the last one's ends)
    /// extends that one instead (see [`Diagnostic::count`]).
    pub fn diag(&mut self, mut d: Diagnostic) {
        if !self.dropped
            && let Some(last) = self.diags.last_mut()
            && last.span.end == d.span.start
            && !d.span.is_empty()
            && !last.span.is_empty()
            && last.code == d.code
            && last.severity == d.severity
            && last.spec == d.spec
            && last.message == d.message
        {
            last.span.end = d.span.end;
            last.count += d.count;
            if d.severity == Severity::Error {
                self.merged_errors += 1;
            }
            return;
        }
        if d.severity == Severity::Error && d.expected.is_empty() {
            // The expectation recorded furthest into the error's span; else the nearest within
            // two bytes after it (an error may mark only the "%" of a bad percent-encoding,
            // whose expectation lies on the first byte that is not a hex digit).
            let after = d.span.end.saturating_add(1);
            let at = self
                .expect_last_in(d.span.start, d.span.end)
                .or_else(|| self.expect_first_in(after, after.saturating_add(1)));
            if let Some(at) = at {
                d.expected = self.expected_at(at);
                d.expected_at = Some(at);
            }
            // The furthest any attempt got so far (a rolled-back alternative may have gone
            // beyond the error).
            if let Some(furthest) = self.furthest
                && furthest > d.expected_at.unwrap_or(d.span.start)
            {
                d.reached = Some(furthest);
            }
        }
        self.diags.push(d);
        self.dropped = false;
    }

    /// The greatest offset in `[lo, hi]` with an expectation.
    fn expect_last_in(&self, lo: usize, hi: usize) -> Option<usize> {
        let i = partition_from_end(&self.expects, |e| e.0 <= hi);
        let a = i
            .checked_sub(1)
            .and_then(|i| self.expects.get(i))
            .map(|e| e.0)
            .filter(|&o| o >= lo);
        let b = self
            .expects_back
            .range(lo..=hi)
            .next_back()
            .map(|(&o, _)| o);
        a.max(b)
    }

    /// The smallest offset in `[lo, hi]` with an expectation.
    fn expect_first_in(&self, lo: usize, hi: usize) -> Option<usize> {
        let i = partition_from_end(&self.expects, |e| e.0 < lo);
        let a = self.expects.get(i).map(|e| e.0).filter(|&o| o <= hi);
        let b = self.expects_back.range(lo..=hi).next().map(|(&o, _)| o);
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Every item expected at `at`, in the order first recorded, each once.
    fn expected_at(&self, at: usize) -> Vec<&'static str> {
        let lo = partition_from_end(&self.expects, |e| e.0 < at);
        let hi = lo + self.expects[lo..].partition_point(|e| e.0 <= at);
        let mut items: Vec<(u32, &'static str)> =
            self.expects[lo..hi].iter().map(|e| (e.1, e.2)).collect();
        if let Some(back) = self.expects_back.get(&at) {
            items.extend(back.iter().copied());
            items.sort_by_key(|e| e.0);
        }
        let mut out: Vec<&'static str> = Vec::with_capacity(items.len());
        for (_, w) in items {
            if !out.contains(&w) {
                out.push(w);
            }
        }
        out
    }

    /// Records that at byte `at` the grammar would have accepted any of `what` (literals
    /// quoted, rule names bare): a scanner calls this where it stops on a byte it cannot
    /// take, before it reports the error. Rolled-back attempts keep theirs: what an
    /// alternative tried is part of what was expected there.
    pub fn expect(&mut self, at: usize, what: &[&'static str]) {
        self.furthest = Some(self.furthest.map_or(at, |f| f.max(at)));
        let in_order = self.expects.last().is_none_or(|e| e.0 <= at);
        for &w in what {
            let seq = self.expect_seq;
            self.expect_seq = seq.saturating_add(1);
            if in_order {
                self.expects.push((at, seq, w));
            } else {
                self.expects_back.entry(at).or_default().push((seq, w));
            }
        }
    }

    /// Records a diagnostic made of its parts; a repeat of the last one (see
    /// [`Builder::diag`]) costs no allocation when `msg` is a literal.
    fn record(
        &mut self,
        severity: Severity,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: Cow<'static, str>,
    ) {
        if !self.dropped
            && let Some(last) = self.diags.last_mut()
            && last.span.end == span.start
            && !span.is_empty()
            && !last.span.is_empty()
            && last.code == code
            && last.severity == severity
            && last.spec == spec
            && last.message == msg
        {
            last.span.end = span.end;
            last.count += 1;
            if severity == Severity::Error {
                self.merged_errors += 1;
            }
            return;
        }
        // (After the merge: a verdict's first error covers its run as a full parse's does.)
        if self.verdict_only && !self.could_be_first(severity, span) {
            if severity == Severity::Error {
                self.merged_errors += 1;
            }
            self.dropped = true;
            return;
        }
        self.diag(Diagnostic::new(severity, code, span, spec, msg));
    }

    /// Records an error.
    pub fn error(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    ) {
        self.record(Severity::Error, code, span, spec, msg.into());
    }

    /// Records a warning.
    pub fn warning(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    ) {
        self.record(Severity::Warning, code, span, spec, msg.into());
    }

    /// Records a note.
    pub fn note(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    ) {
        self.record(Severity::Note, code, span, spec, msg.into());
    }

    /// Diagnostics recorded so far.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diags
    }

    /// True when an error has been recorded since `cp`.
    pub fn has_error_since(&self, cp: Checkpoint) -> bool {
        self.merged_errors > cp.merged_errors
            || self.diags[cp.diags.min(self.diags.len())..]
                .iter()
                .any(|d| d.severity == Severity::Error)
    }

    /// Closes what is still open (at the end of the input), fixes parents and depths, and
    /// returns the tree and the diagnostics in input order.
    ///
    /// If nothing was built, the tree is a single `unparsed` root over the whole input.
    pub fn build(mut self) -> (Tree, Vec<Diagnostic>) {
        let len = self.input.len();
        while !self.open.is_empty() {
            self.finish(len);
        }
        if self.nodes.is_empty() {
            self.leaf(NodeKind::Unparsed, "", 0, len);
        }
        // Parent and depth in one pass over the preorder (the emptied open-node list
        // serves as the stack, saving an allocation per parse).
        let mut stack = std::mem::take(&mut self.open);
        stack.clear();
        for i in 0..self.nodes.len() {
            while let Some(&top) = stack.last() {
                if self.nodes[top].end <= i {
                    stack.pop();
                } else {
                    break;
                }
            }
            let (parent, depth) = match stack.last() {
                Some(&p) => (p, self.nodes[p].depth + 1),
                None => (usize::MAX, 0),
            };
            let n = &mut self.nodes[i];
            n.parent = parent;
            n.depth = depth;
            if n.end == usize::MAX || n.end <= i {
                n.end = i + 1;
            }
            stack.push(i);
        }
        // Several top-level nodes: keep the first as root and make the rest its children so
        // that node 0 always covers everything.
        if self.nodes[0].end < self.nodes.len() {
            let total = self.nodes.len();
            self.nodes[0].end = total;
            self.nodes[0].span = Span::new(0, len);
            for i in 1..total {
                if self.nodes[i].parent == usize::MAX {
                    self.nodes[i].parent = 0;
                }
            }
            stack.clear();
            for i in 0..total {
                while let Some(&top) = stack.last() {
                    if self.nodes[top].end <= i {
                        stack.pop();
                    } else {
                        break;
                    }
                }
                self.nodes[i].depth = stack.len();
                stack.push(i);
            }
        }
        let key = |d: &Diagnostic| (d.span.start, d.severity, d.span.end);
        if !self.diags.is_sorted_by_key(key) {
            self.diags.sort_by_key(key);
        }
        // Group the attributes by node (stable: a later value for the same key wins, so
        // earlier ones are dropped). Grammars set some attributes on a node after its
        // descendants', so they come in no useful order: placed by a count per node, in
        // time linear in nodes + attributes.
        let mut attrs = std::mem::take(&mut self.attrs);
        if !attrs.is_sorted_by_key(|a| a.node) {
            attrs = group_by_node(attrs, self.nodes.len());
        }
        if !attrs.is_empty() {
            let mut dropped = false;
            for i in 0..attrs.len() {
                let (node, key) = (attrs[i].node, attrs[i].key);
                if attrs[i + 1..]
                    .iter()
                    .take_while(|x| x.node == node)
                    .any(|x| x.key == key)
                {
                    attrs[i].key = "";
                    dropped = true;
                }
            }
            if dropped {
                attrs.retain(|a| !a.key.is_empty());
            }
            let mut i = 0;
            while i < attrs.len() {
                let node = attrs[i].node;
                let start = i;
                while i < attrs.len() && attrs[i].node == node {
                    i += 1;
                }
                if let Some(n) = self.nodes.get_mut(node) {
                    n.attr_start = start as u32;
                    n.attr_end = i as u32;
                }
            }
        }
        (
            Tree {
                nodes: self.nodes,
                attrs,
            },
            self.diags,
        )
    }
}

/// `v.partition_point(pred)` (`pred` true on a prefix of `v`), searched from the end by
/// galloping: a diagnostic is reported just after the expectations it looks up were
/// recorded, so this touches a few entries at the end of a long list instead of a binary
/// search's walk across all of it (with 256 Ki errors over 3.5 Mi expectations, that walk's
/// cache misses were a quarter of a parse).
fn partition_from_end<T>(v: &[T], pred: impl Fn(&T) -> bool) -> usize {
    // The partition point is at most `hi`.
    let mut hi = v.len();
    let mut step = 1usize;
    loop {
        let probe = hi.saturating_sub(step);
        if probe == 0 {
            return v[..hi].partition_point(&pred);
        }
        if pred(&v[probe - 1]) {
            return probe + v[probe..hi].partition_point(&pred);
        }
        hi = probe - 1;
        step = step.saturating_mul(2);
    }
}

/// `attrs` in node order, keeping their order within a node (a counting sort: the nodes
/// are `0..nodes`).
fn group_by_node(attrs: Vec<Attr>, nodes: usize) -> Vec<Attr> {
    let mut at = vec![0usize; nodes + 2];
    for a in &attrs {
        at[a.node.min(nodes) + 1] += 1;
    }
    for i in 1..at.len() {
        at[i] += at[i - 1];
    }
    let mut slots: Vec<Option<Attr>> = std::iter::repeat_with(|| None).take(attrs.len()).collect();
    for a in attrs {
        let b = a.node.min(nodes);
        let i = at[b];
        at[b] += 1;
        if let Some(s) = slots.get_mut(i) {
            *s = Some(a);
        }
    }
    slots.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_nested_preorder() {
        let mut b = Builder::new("urn:a:b");
        b.start(NodeKind::Urn, "URN", 0);
        b.leaf(NodeKind::Scheme, "\"urn\"", 0, 3);
        b.leaf(NodeKind::Nid, "NID", 4, 5);
        b.leaf(NodeKind::Nss, "NSS", 6, 7);
        b.finish(7);
        let (t, _) = b.build();
        let root = t.root();
        let kids: Vec<_> = root.children().map(|c| c.kind()).collect();
        assert_eq!(kids, [NodeKind::Scheme, NodeKind::Nid, NodeKind::Nss]);
        assert_eq!(t.deepest_at(6).kind(), NodeKind::Nss);
        assert_eq!(t.deepest_at(5).kind(), NodeKind::Urn);
        assert_eq!(t.deepest_at(7).kind(), NodeKind::Nss);
        assert_eq!(
            t.get(2).and_then(|n| n.parent()).map(|p| p.index()),
            Some(0)
        );
    }

    #[test]
    fn wrap_and_rollback() {
        let mut b = Builder::new("abc");
        b.start(NodeKind::Path, "path", 0);
        let cp = b.checkpoint();
        b.leaf(NodeKind::Subsegment, "a", 0, 1);
        let bb = b.leaf(NodeKind::Subsegment, "b", 1, 2);
        b.attr(bb, "b", "yes");
        let w = b.wrap(cp, NodeKind::Segment, "seg", Span::new(0, 2));
        b.attr(w, "k", "v1");
        b.attr(w, "k", "v2");
        let cp2 = b.checkpoint();
        let x = b.leaf(NodeKind::Segment, "x", 2, 3);
        b.attr(x, "gone", "yes");
        b.attr(w, "gone", "yes");
        b.error(Code::Unparsed, Span::at(2), "", "m");
        b.rollback(cp2);
        b.finish(3);
        let (t, d) = b.build();
        assert!(d.is_empty());
        assert_eq!(t.len(), 4);
        let seg = t
            .root()
            .children()
            .next()
            .map(|n| (n.kind(), n.children().count()));
        assert_eq!(t.get(1).and_then(|n| n.attr("k")), Some("v2"));
        assert_eq!(t.get(2).map(|n| n.attrs().len()), Some(0));
        assert_eq!(t.get(3).and_then(|n| n.attr("b")), Some("yes"));
        assert_eq!(seg, Some((NodeKind::Segment, 2)));
        assert_eq!(t.get(3).map(|n| n.depth()), Some(2));
    }

    #[test]
    fn a_run_of_the_same_diagnostic_is_one_with_a_count() {
        let input = "%%%%x%";
        let mut b = Builder::new(input);
        let bad = |b: &mut Builder<'_>, i: usize| {
            b.expect(i + 1, &["HEXDIG"]);
            b.error(
                Code::PctInvalid,
                Span::new(i, i + 1),
                "RFC 3986 §2.1",
                "bad %",
            );
        };
        bad(&mut b, 0);
        let cp = b.checkpoint();
        bad(&mut b, 1);
        assert!(
            b.has_error_since(cp),
            "a merged error still counts as one since cp"
        );
        b.rollback(cp);
        assert!(!b.has_error_since(cp));
        assert_eq!(b.diagnostics()[0].span, Span::new(0, 1));
        assert_eq!(b.diagnostics()[0].count, 1);
        for i in 1..4 {
            bad(&mut b, i);
        }
        // Not adjacent: a new diagnostic.
        bad(&mut b, 5);
        // Adjacent but another message: a new diagnostic.
        b.error(Code::PctInvalid, Span::new(6, 7), "RFC 3986 §2.1", "other");
        let (_, d) = b.build();
        let got: Vec<(Span, usize)> = d.iter().map(|d| (d.span, d.count)).collect();
        assert_eq!(
            got,
            [
                (Span::new(0, 4), 4),
                (Span::new(5, 6), 1),
                (Span::new(6, 7), 1)
            ]
        );
        assert_eq!(d[0].expected, ["HEXDIG"]);
        assert_eq!(d[0].expected_at, Some(1));
    }

    #[test]
    fn expectations_out_of_order_keep_their_first_order() {
        let mut b = Builder::new("abcdef");
        b.expect(4, &["x", "y"]);
        b.expect(2, &["z"]);
        b.expect(4, &["y", "w"]);
        b.expect(2, &["v", "z"]);
        b.error(Code::Unparsed, Span::new(2, 3), "", "m");
        b.error(Code::Unparsed, Span::new(4, 5), "", "n");
        let (_, d) = b.build();
        assert_eq!(d[0].expected, ["z", "v"]);
        assert_eq!(d[0].reached, Some(4));
        assert_eq!(d[1].expected, ["x", "y", "w"]);
        assert_eq!(d[1].reached, None);
    }

    #[test]
    fn partition_from_the_end_is_partition_point() {
        for n in 0..40usize {
            let v: Vec<usize> = (0..n).map(|i| i / 3).collect();
            for k in 0..=n / 3 + 1 {
                assert_eq!(
                    partition_from_end(&v, |&x| x < k),
                    v.partition_point(|&x| x < k),
                    "n {n}, k {k}"
                );
                assert_eq!(
                    partition_from_end(&v, |&x| x <= k),
                    v.partition_point(|&x| x <= k)
                );
            }
        }
    }

    #[test]
    fn deep_tree_is_flat() {
        let n = 100_000;
        let input = "(".repeat(n);
        let mut b = Builder::new(&input);
        for i in 0..n {
            b.start(NodeKind::Xref, "xref", i);
        }
        let (t, _) = b.build();
        assert_eq!(t.len(), n);
        assert_eq!(t.deepest_at(n - 1).depth(), n - 1);
        drop(t);
    }
}
