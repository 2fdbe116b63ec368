//! The [`Builder`] grammars build a [`Tree`] with: nodes, attributes, expectations and
//! diagnostics, with the checkpoints first-match-wins grammars need.

use std::borrow::Cow;

use super::sink::{Keep, Sink};
use super::{Attr, Code, Diagnostic, NodeData, NodeKind, Severity, Span, Tree};
use crate::engine::codes::{CodeReading, Sections};

/// A point of the parse that [`Builder::wrap`] and [`Builder::has_error_since`] look back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    nodes: usize,
    open: usize,
    diags: usize,
    attrs: usize,
    /// Errors merged into an earlier diagnostic, or dropped, so far.
    merged_errors: usize,
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
    /// Where the diagnostics go, and what of them is kept.
    sink: Sink,
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
    /// The sections diagnostics cite when the call names none ([`Builder::set_sections`]).
    sections: &'static Sections,
}

impl<'i> Builder<'i> {
    /// A builder for `input`.
    pub fn new(input: &'i str) -> Self {
        // Most identifiers need about one node per four bytes and an attribute per two
        // nodes; reserving that up front saves the re-allocations of growing from empty on
        // every keystroke, each a copy of the list so far (on a 62 KB nested XRI, growing
        // the lists from 4,096 nodes and no attributes copied some 2 MB a parse). Bounded,
        // so that a long input reserves at most some 25 MB (262,144 nodes, 131,072
        // attributes) of address space, of which only what is used is touched.
        let nodes = (input.len() / 4 + 8).min(1 << 18);
        Builder {
            input,
            nodes: Vec::with_capacity(nodes),
            open: Vec::with_capacity(16),
            sink: Sink::new(Keep::Everything),
            attrs: Vec::with_capacity(nodes / 2),
            expects: Vec::new(),
            expects_back: std::collections::BTreeMap::new(),
            expect_seq: 0,
            furthest: None,
            sections: &Sections::DEFAULTS,
        }
    }

    /// Verdict mode, for a profile whose verdict is all that is wanted (the workbench's
    /// profile strip): warnings and notes are not kept, nor an error that cannot be the
    /// first one (one that sorts after an error already kept), so a long invalid input
    /// costs no memory per error. [`Builder::has_error_since`] still sees every error, so
    /// the grammar takes the same paths and the first error is the one a full parse finds.
    pub fn verdict_only(mut self) -> Self {
        self.sink.set_keep(Keep::FirstError);
        self
    }

    /// In verdict mode, true when an error at `span` would not be kept (and counts it as
    /// seen): a grammar can then skip writing its message. Always false otherwise.
    pub fn skip_error(&mut self, span: Span) -> bool {
        self.sink.skips_error(span)
    }

    /// Makes a diagnostic reported without a section ([`Builder::error`] and the like) cite
    /// what `sections` says for its code; returns the table in use before, for a grammar
    /// that parses a nested part under another spec to put back.
    pub fn set_sections(&mut self, sections: &'static Sections) -> &'static Sections {
        std::mem::replace(&mut self.sections, sections)
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

    /// A point to roll back to.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            nodes: self.nodes.len(),
            open: self.open.len(),
            diags: self.sink.kept().len(),
            attrs: self.attrs.len(),
            merged_errors: self.sink.merged_errors(),
        }
    }

    /// Records a diagnostic. The same diagnostic found again right after the last one
    /// (same severity, code, spec and message, its span starting where the last one's ends)
    /// extends that one instead (see [`Diagnostic::count`]).
    pub fn diag(&mut self, d: Diagnostic) {
        if !self
            .sink
            .extend_run(d.severity, d.code, d.span, d.spec, &d.message, d.count)
        {
            self.keep(d);
        }
    }

    /// Keeps `d`, a diagnostic that extends no run, with what was expected where it stops.
    fn keep(&mut self, mut d: Diagnostic) {
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
        self.sink.push(d);
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
        if self.sink.extend_run(severity, code, span, spec, &msg, 1) {
            return;
        }
        // (After the merge: a verdict's first error covers its run as a full parse's does.)
        if self.sink.admits(severity, span) {
            self.keep(Diagnostic::new(severity, code, span, spec, msg));
        }
    }

    /// Records an error citing its code's section ([`Builder::set_sections`]).
    pub fn error(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>) {
        let spec = self.sections.of(code);
        self.record(Severity::Error, code, span, spec, msg.into());
    }

    /// Records a warning citing its code's section.
    pub fn warning(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>) {
        let spec = self.sections.of(code);
        self.record(Severity::Warning, code, span, spec, msg.into());
    }

    /// Records a note citing its code's section.
    pub fn note(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>) {
        let spec = self.sections.of(code);
        self.record(Severity::Note, code, span, spec, msg.into());
    }

    /// Records a diagnostic of a code's second reading, named in its row ([`CodeReading`]):
    /// at the reading's severity, citing the reading's section.
    pub fn read(&mut self, reading: CodeReading, span: Span, msg: impl Into<Cow<'static, str>>) {
        self.record(
            reading.severity(),
            reading.code(),
            span,
            reading.section(),
            msg.into(),
        );
    }

    /// Records an error citing `spec`, where this call site cites another section than
    /// its code's.
    pub fn error_in(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    ) {
        self.record(Severity::Error, code, span, spec, msg.into());
    }

    /// Records a warning citing `spec` (see [`Builder::error_in`]).
    pub fn warning_in(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    ) {
        self.record(Severity::Warning, code, span, spec, msg.into());
    }

    /// Records a note citing `spec` (see [`Builder::error_in`]).
    pub fn note_in(
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
        self.sink.kept()
    }

    /// True when an error has been recorded since `cp`.
    pub fn has_error_since(&self, cp: Checkpoint) -> bool {
        let kept = self.sink.kept();
        self.sink.merged_errors() > cp.merged_errors
            || kept[cp.diags.min(kept.len())..]
                .iter()
                .any(|d| d.severity == Severity::Error)
    }

    /// The diagnostics [`Builder::build`] gives, in input order, without assembling the
    /// tree (closing nodes makes no diagnostic).
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        sorted(self.sink.into_kept())
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
        let diags = sorted(self.sink.into_kept());
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
            diags,
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

/// Diagnostics in input order (start, severity, end), as [`Builder::build`] gives them.
fn sorted(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let key = |d: &Diagnostic| (d.span.start, d.severity, d.span.end);
    if !diags.is_sorted_by_key(key) {
        diags.sort_by_key(key);
    }
    diags
}

/// `attrs` in node order, keeping their order within a node (a counting sort: the nodes
/// are `0..nodes`).
fn group_by_node(mut attrs: Vec<Attr>, nodes: usize) -> Vec<Attr> {
    let mut at = vec![0usize; nodes + 2];
    for a in &attrs {
        at[a.node.min(nodes) + 1] += 1;
    }
    for i in 1..at.len() {
        at[i] += at[i - 1];
    }
    // The attribute each place takes, then the list made in one allocation of its size
    // (collecting through `Option`s grew it by doubling, a copy of the list each time).
    let mut from: Vec<usize> = (0..attrs.len()).collect();
    for (i, a) in attrs.iter().enumerate() {
        let b = a.node.min(nodes);
        if let Some(f) = from.get_mut(at[b]) {
            *f = i;
        }
        at[b] += 1;
    }
    from.iter()
        .map(|&i| {
            let a = &mut attrs[i];
            Attr {
                key: a.key,
                value: std::mem::take(&mut a.value),
                node: a.node,
            }
        })
        .collect()
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
    fn wrap_moves_what_was_built_since_the_checkpoint() {
        let mut b = Builder::new("abc");
        b.start(NodeKind::Path, "path", 0);
        let cp = b.checkpoint();
        b.leaf(NodeKind::Subsegment, "a", 0, 1);
        let bb = b.leaf(NodeKind::Subsegment, "b", 1, 2);
        b.attr(bb, "b", "yes");
        let w = b.wrap(cp, NodeKind::Segment, "seg", Span::new(0, 2));
        b.attr(w, "k", "v1");
        b.attr(w, "k", "v2");
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
            b.error_in(
                Code::PctInvalid,
                Span::new(i, i + 1),
                "RFC 3986 §2.1",
                "bad %",
            );
        };
        bad(&mut b, 0);
        let cp = b.checkpoint();
        assert!(!b.has_error_since(cp));
        bad(&mut b, 1);
        assert!(
            b.has_error_since(cp),
            "a merged error still counts as one since cp"
        );
        assert_eq!(b.diagnostics().len(), 1);
        assert_eq!(b.diagnostics()[0].span, Span::new(0, 2));
        assert_eq!(b.diagnostics()[0].count, 2);
        for i in 2..4 {
            bad(&mut b, i);
        }
        // Not adjacent: a new diagnostic.
        bad(&mut b, 5);
        // Adjacent but another message: a new diagnostic.
        b.error_in(Code::PctInvalid, Span::new(6, 7), "RFC 3986 §2.1", "other");
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
        b.error_in(Code::Unparsed, Span::new(2, 3), "", "m");
        b.error_in(Code::Unparsed, Span::new(4, 5), "", "n");
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
