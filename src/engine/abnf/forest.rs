//! The forest: counting the derivations in the chart and taking trees out of it.
//!
//! The nodes are the chart's items reachable from the roots; a node's derivations are the
//! sum over its links of (derivations of `pred`) × (derivations of `child`). A node over an
//! empty span counts as one whatever its links (that is the collapse of empty ambiguity);
//! how many ways it really has is worked out apart, capped at two, and sets the
//! empty-ambiguity flag. A cycle among non-empty nodes (all of one span: a child never
//! spans more than its parent) means infinitely many derivations.
//!
//! Trees are taken by unranking (the `t`-th derivation, from the counts), and, where counts
//! do not help (inside empty spans and in cyclic forests), by following for each node a
//! link of least height (Knuth's generalisation of Dijkstra's algorithm), which always
//! ends. The links are read from the chart in place (each reachable item's list relinked
//! once in a canonical order). Most forests have no cycle: one iterative depth-first walk
//! then counts every node and finds the least-height links as it leaves each node; when
//! that walk meets an edge back to a node still open, the counts come from the strongly
//! connected components (an iterative Tarjan) and the heights from Knuth's heap, as the
//! walk's choices are defined to be.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::compile::{Cfg, Sym};
use super::earley::{Chart, TERM};
use super::{ParseTree, TreeNode, TreeNodeKind};

const NONE: u32 = u32::MAX;
/// Counts saturate here.
const SAT: u128 = u64::MAX as u128;

/// The strongly connected components of a graph in compressed form (`succ` of node `v` is
/// `adj[off[v]..off[v + 1]]`), in reverse topological order (successors first), each with
/// whether it has a cycle. Iterative.
pub(crate) fn tarjan(off: &[usize], adj: &[u32]) -> (Vec<Vec<u32>>, Vec<bool>) {
    let (order, comp_off, cyclic) = tarjan_flat(off, adj);
    let comps = comp_off
        .windows(2)
        .map(|w| order[w[0]..w[1]].to_vec())
        .collect();
    (comps, cyclic)
}

/// [`tarjan`] without a vector per component (a forest has one per node): the nodes in
/// component order, where each component starts in that list, and whether it has a cycle.
pub(crate) fn tarjan_flat(off: &[usize], adj: &[u32]) -> (Vec<u32>, Vec<usize>, Vec<bool>) {
    let n = off.len().saturating_sub(1);
    tarjan_by(
        n,
        |v| off[v as usize],
        |v, c| (c < off[v as usize + 1]).then(|| (adj[c], c + 1)),
    )
}

/// [`tarjan_flat`] over successors given by a cursor: `first(v)` is node `v`'s first
/// cursor, `next(v, c)` its successor at cursor `c` and the cursor after it, or `None`
/// when there are no more. So the forest walks its links in place, without a copy of its
/// edges (two per link: the largest array a parse near its budget would need).
fn tarjan_by(
    n: usize,
    first: impl Fn(u32) -> usize,
    next: impl Fn(u32, usize) -> Option<(u32, usize)>,
) -> (Vec<u32>, Vec<usize>, Vec<bool>) {
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut comp_off: Vec<usize> = vec![0];
    let mut cyclic = Vec::new();
    let mut next_index = 0u32;
    let mut call: Vec<(u32, usize)> = Vec::new();
    for s in 0..n {
        if index[s] != NONE {
            continue;
        }
        call.push((s as u32, first(s as u32)));
        index[s] = next_index;
        low[s] = next_index;
        next_index += 1;
        stack.push(s as u32);
        on[s] = true;
        while let Some(top) = call.last_mut() {
            let v = top.0;
            let vu = v as usize;
            if let Some((w, c)) = next(v, top.1) {
                let w = w as usize;
                top.1 = c;
                if index[w] == NONE {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w as u32);
                    on[w] = true;
                    call.push((w as u32, first(w as u32)));
                } else if on[w] {
                    low[vu] = low[vu].min(index[w]);
                }
                continue;
            }
            call.pop();
            if let Some(&(u, _)) = call.last() {
                low[u as usize] = low[u as usize].min(low[vu]);
            }
            if low[vu] == index[vu] {
                let from = order.len();
                while let Some(w) = stack.pop() {
                    on[w as usize] = false;
                    order.push(w);
                    if w == v {
                        break;
                    }
                }
                let cyc = order.len() - from > 1 || {
                    let mut c = first(v);
                    let mut selfloop = false;
                    while let Some((w, c2)) = next(v, c) {
                        if w == v {
                            selfloop = true;
                            break;
                        }
                        c = c2;
                    }
                    selfloop
                };
                comp_off.push(order.len());
                cyclic.push(cyc);
            }
        }
    }
    (order, comp_off, cyclic)
}

/// What the forest says.
pub(crate) struct Counted {
    /// Derivations (collapsed), saturated; `None`: infinitely many.
    pub total: Option<u128>,
    pub empty_ambiguity: bool,
    pub trees: Vec<ParseTree>,
    /// Steps taken: nodes and links visited, by every pass and by the trees' walks. At
    /// most a small multiple of the chart's items and links plus the trees' sizes times
    /// their nodes' links: the count is never made by enumerating derivations.
    pub work: usize,
}

struct Forest<'a> {
    cfg: &'a Cfg,
    chart: &'a Chart,
    bytes: &'a [usize],
    /// Reachable items, and item → local id.
    nodes: Vec<u32>,
    local: Vec<u32>,
    /// Each reachable node's first link, and whether its span is empty, by local id: what
    /// the passes over the forest read of a node, kept in order, not read from its chart
    /// item (an array some 16 bytes an item, read at random, which was most of their
    /// time).
    heads: Vec<u32>,
    empty_at: Vec<bool>,
    /// How many links the reachable nodes have. Their links are read from the chart in
    /// place: [`prepare`] put each reachable item's list of links in the canonical order
    /// (see [`canonical_links`]) in the chart itself, so the forest holds no copy of them.
    reach_links: usize,
    /// Saturated at [`SAT`], so a `u64` holds it (half a `u128`, per node).
    count: Vec<u64>,
    best: Vec<u32>,
    /// Steps taken (see [`Counted::work`]); a `Cell` so the trees' walks count too.
    work: std::cell::Cell<usize>,
    /// Trees show repetitions and literals too ([`super::Grammar::parse_detailed`]).
    detail: bool,
}

/// The links of one item, read from the chart's list in place: (link id, pred, child).
struct Links<'a> {
    chart: &'a Chart,
    at: u32,
}

impl Iterator for Links<'_> {
    type Item = (u32, u32, u32);
    fn next(&mut self) -> Option<Self::Item> {
        if self.at == NONE {
            return None;
        }
        let l = self.at;
        let lk = self.chart.links[l as usize];
        self.at = lk.next;
        Some((l, lk.pred, lk.child))
    }
}

impl Forest<'_> {
    fn empty(&self, item: u32) -> bool {
        let it = self.chart.items[item as usize];
        it.origin == it.end
    }
    /// The count of reachable `item` (1 for a terminal or an empty span).
    fn cnt(&self, item: u32) -> u128 {
        if item == TERM {
            return 1;
        }
        let v = self.local[item as usize] as usize;
        if self.empty_at[v] {
            1
        } else {
            u128::from(self.count[v])
        }
    }
    /// The links of reachable node `v` (a local id), in the canonical order: (link id,
    /// pred, child).
    fn links_of(&self, v: u32) -> Links<'_> {
        Links {
            chart: self.chart,
            at: self.heads[v as usize],
        }
    }

    /// Node `v`'s count from its successors' when its span is not empty and it is on no
    /// cycle: the sum over its links of the products of their pred's and child's counts.
    #[inline(always)]
    fn count_links(&self, v: u32, count: &mut [u64]) {
        let node = |w: u32| self.local[w as usize] as usize;
        let cnt = |w: u32| {
            if w == TERM {
                return 1;
            }
            let l = node(w);
            if self.empty_at[l] { 1 } else { count[l] }
        };
        // Saturating `u64` arithmetic: the counts saturate at `SAT`, `u64::MAX`, so a
        // product and a sum saturated there are what `u128` arithmetic capped at
        // `SAT` gives.
        let (mut c, mut steps) = (0u64, 0);
        for (_, p, ch) in self.links_of(v) {
            steps += 1;
            c = c.saturating_add(cnt(p).saturating_mul(cnt(ch)));
        }
        self.work.set(self.work.get() + steps);
        count[v as usize] = c;
    }

    /// Node `v`'s count (or raw count, for an empty node) from its successors'; `cyc`: it
    /// is on a cycle. Says whether that made the count infinite, and whether the node is
    /// an empty span with more than one derivation.
    fn count_node(&self, v: u32, cyc: bool, count: &mut [u64], raw: &mut [u8]) -> (bool, bool) {
        let node = |w: u32| self.local[w as usize] as usize;
        if self.empty_at[v as usize] {
            let mut r: u32 = 0;
            let mut any = false;
            for (_, p, c) in self.links_of(v) {
                any = true;
                let rp = u32::from(raw[node(p)]);
                let rc = if c == TERM {
                    1
                } else {
                    u32::from(raw[node(c)])
                };
                r = (r + rp * rc).min(2);
            }
            if !any {
                r = 1;
            }
            if cyc {
                r = 2;
            }
            raw[v as usize] = r as u8;
            count[v as usize] = 1;
            (false, r >= 2)
        } else if cyc {
            count[v as usize] = u64::MAX;
            (true, false)
        } else {
            self.count_links(v, count);
            (false, false)
        }
    }

    /// The link for derivation `t` of `item`, with the ranks for its pred and child.
    fn choose(&self, item: u32, t: u128, by_count: bool) -> Option<(u32, u128, u32, u128)> {
        let v = self.local[item as usize];
        if !by_count || self.empty_at[v as usize] {
            let l = self.best[v as usize];
            if l == NONE {
                return None;
            }
            let lk = self.chart.links[l as usize];
            return Some((lk.pred, 0, lk.child, 0));
        }
        if t == 0 {
            // The first derivation: the first link's, ranks 0 and 0 (every link of a
            // reachable node has at least one derivation, so the first is never passed
            // over).
            let (_, pred, child) = self.links_of(v).next()?;
            self.work.set(self.work.get() + 1);
            return Some((pred, 0, child, 0));
        }
        let mut t = t;
        let mut last = None;
        for (_, pred, child) in self.links_of(v) {
            self.work.set(self.work.get() + 1);
            let cc = self.cnt(child);
            let c = (self.cnt(pred) * cc).min(SAT);
            last = Some((pred, child));
            if t < c {
                return Some((pred, t / cc, child, t % cc));
            }
            t -= c;
        }
        last.map(|(p, c)| (p, 0, c, 0))
    }

    /// Derivation `t` of root item `root` as a tree of named rules; with
    /// [`Forest::detail`], also a node for each repetition (its iterations its children)
    /// and a leaf for each literal, a quoted string as one leaf (none inside a core rule
    /// the grammar does not define: those read one way).
    /// `None` once the tree would hold more than `room` nodes (its walk stops there).
    fn tree(&self, root: u32, t: u128, by_count: bool, room: usize) -> Option<ParseTree> {
        enum Step {
            /// A completed item, its rank, the tree node it goes under, and whether it is
            /// inside a core rule.
            Item(u32, u128, u32, bool),
            /// A terminal or prose value: the item before it, the item after it, the
            /// tree node it goes under.
            Leaf(u32, u32, u32),
        }
        let mut nodes: Vec<TreeNode> = Vec::new();
        // Per tree node: the nonterminal it is for (`NONE` for a leaf), and for a literal
        // leaf the string and place of its last character.
        let mut node_nt: Vec<u32> = Vec::new();
        let mut last_char: Vec<Option<(u32, u32)>> = Vec::new();
        let mut stack: Vec<Step> = vec![Step::Item(root, t, NONE, false)];
        let mut kids: Vec<Step> = Vec::new();
        while let Some(step) = stack.pop() {
            if nodes.len() > room {
                return None;
            }
            let (item, rank, parent, core) = match step {
                Step::Item(i, r, p, c) => (i, r, p, c),
                Step::Leaf(pred, after, parent) => {
                    let (a, b) = (
                        self.chart.items[pred as usize],
                        self.chart.items[after as usize],
                    );
                    let (start, end) = (self.bytes[a.end as usize], self.bytes[b.end as usize]);
                    let (label, string) = match self.cfg.syms.get(a.pos as usize) {
                        Some(Sym::T(c)) => match self.cfg.classes.get(*c as usize) {
                            Some(class) => match class.string {
                                Some((k, at)) => (
                                    self.cfg.strings.get(k as usize).map_or("", |s| &s.0),
                                    Some((k, at)),
                                ),
                                None => (class.desc.as_str(), None),
                            },
                            None => ("", None),
                        },
                        Some(Sym::P(x)) => (
                            self.cfg.prose.get(*x as usize).map_or("", |p| &p.text),
                            None,
                        ),
                        _ => ("", None),
                    };
                    // The next character of the string the previous leaf is part of:
                    // the same leaf, longer.
                    let prev = (parent != NONE)
                        .then(|| nodes[parent as usize].children.last().copied())
                        .flatten();
                    if let (Some(prev), Some((k, at))) = (prev, string)
                        && at > 0
                        && last_char[prev] == Some((k, at - 1))
                        && nodes[prev].end == start
                    {
                        nodes[prev].end = end;
                        last_char[prev] = Some((k, at));
                        continue;
                    }
                    let label = match self.cfg.syms.get(a.pos as usize) {
                        Some(Sym::P(_)) => format!("<{label}>"),
                        _ => label.to_string(),
                    };
                    let id = nodes.len();
                    nodes.push(TreeNode {
                        rule: label,
                        kind: TreeNodeKind::Literal,
                        start,
                        end,
                        children: Vec::new(),
                    });
                    node_nt.push(NONE);
                    last_char.push(string);
                    if parent != NONE {
                        nodes[parent as usize].children.push(id);
                    }
                    continue;
                }
            };
            let it = self.chart.items[item as usize];
            let mut cur = parent;
            let mut core = core;
            if let Sym::End(pr) = self.cfg.syms[it.pos as usize] {
                let lhs = self.cfg.prods[pr as usize].lhs;
                let nt = &self.cfg.nts[lhs as usize];
                let made = match (&nt.name, &nt.shown) {
                    (Some(name), _) => Some((name.clone(), TreeNodeKind::Rule)),
                    // A repetition's node, once: its left recursion is its iterations.
                    (None, Some(label))
                        if self.detail
                            && !core
                            && (parent == NONE || node_nt[parent as usize] != lhs) =>
                    {
                        Some((label.clone(), TreeNodeKind::Repetition))
                    }
                    _ => None,
                };
                if let Some((rule, kind)) = made {
                    let id = nodes.len() as u32;
                    nodes.push(TreeNode {
                        rule,
                        kind,
                        start: self.bytes[it.origin as usize],
                        end: self.bytes[it.end as usize],
                        children: Vec::new(),
                    });
                    node_nt.push(lhs);
                    last_char.push(None);
                    if parent != NONE {
                        nodes[parent as usize].children.push(id as usize);
                    }
                    cur = id;
                    core = core || nt.builtin;
                }
            }
            // The children, last first, by walking back along the production.
            kids.clear();
            let (mut x, mut r) = (item, rank);
            while let Some((pred, rp, child, rc)) = self.choose(x, r, by_count) {
                if child != TERM {
                    kids.push(Step::Item(child, rc, cur, core));
                } else if self.detail && !core && cur != NONE {
                    kids.push(Step::Leaf(pred, x, cur));
                }
                x = pred;
                r = rp;
            }
            // Pushed last-first so they pop first-first.
            stack.append(&mut kids);
        }
        (nodes.len() <= room).then_some(ParseTree { nodes })
    }
}

/// Where [`Prepared::walk`] puts a tree: its nodes in preorder, each opened, then its
/// children, then closed. A writer of the tree's text needs no more (the text is the
/// input's bytes `start..end`), so a tree as large as its input allows is never held.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub(crate) trait TreeSink {
    type Error;
    /// A node starts: its kind, its label (as [`TreeNode::rule`]) and its span.
    fn open(
        &mut self,
        kind: TreeNodeKind,
        rule: &str,
        start: usize,
        end: usize,
    ) -> Result<(), Self::Error>;
    /// The node opened last and not yet closed ends (its children are all given).
    fn close(&mut self) -> Result<(), Self::Error>;
}

/// A literal leaf not yet given to the sink: the next step may make it longer (the next
/// character of the same quoted string, as [`Forest::tree`] merges them).
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
struct PendingLeaf<'a> {
    /// The node it goes under.
    parent: u32,
    label: std::borrow::Cow<'a, str>,
    start: usize,
    end: usize,
    /// The string it is part of and the place of its last character.
    string: Option<(u32, u32)>,
}

impl Forest<'_> {
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    /// [`Forest::tree`] given node by node to `sink` instead of built: the same nodes in
    /// the same order, with the same labels and spans (`tests/grammar_stream.rs` compares
    /// them). It holds the walk's stack and one literal leaf, never the tree.
    fn walk<S: TreeSink>(
        &self,
        root: u32,
        t: u128,
        by_count: bool,
        sink: &mut S,
    ) -> Result<(), S::Error> {
        enum Step {
            /// A completed item, its rank, the node it goes under (its id and
            /// nonterminal), and whether it is inside a core rule.
            Item(u32, u128, u32, u32, bool),
            /// A terminal or prose value: the item before it, the item after it, the node
            /// it goes under.
            Leaf(u32, u32, u32),
            /// The end of a node's children.
            Close,
        }
        fn flush<S: TreeSink>(p: &mut Option<PendingLeaf>, sink: &mut S) -> Result<(), S::Error> {
            if let Some(l) = p.take() {
                sink.open(TreeNodeKind::Literal, &l.label, l.start, l.end)?;
                sink.close()?;
            }
            Ok(())
        }
        // Nodes made so far (their ids, as `tree` numbers them).
        let mut made: u32 = 0;
        let mut pending: Option<PendingLeaf> = None;
        let mut stack: Vec<Step> = vec![Step::Item(root, t, NONE, NONE, false)];
        let mut kids: Vec<Step> = Vec::new();
        while let Some(step) = stack.pop() {
            let (item, rank, parent, parent_nt, core) = match step {
                Step::Close => {
                    flush(&mut pending, sink)?;
                    sink.close()?;
                    continue;
                }
                Step::Item(i, r, p, pn, c) => (i, r, p, pn, c),
                Step::Leaf(pred, after, parent) => {
                    let (a, b) = (
                        self.chart.items[pred as usize],
                        self.chart.items[after as usize],
                    );
                    let (start, end) = (self.bytes[a.end as usize], self.bytes[b.end as usize]);
                    let (label, string) = match self.cfg.syms.get(a.pos as usize) {
                        Some(Sym::T(c)) => match self.cfg.classes.get(*c as usize) {
                            Some(class) => match class.string {
                                Some((k, at)) => (
                                    self.cfg.strings.get(k as usize).map_or("", |s| &s.0),
                                    Some((k, at)),
                                ),
                                None => (class.desc.as_str(), None),
                            },
                            None => ("", None),
                        },
                        Some(Sym::P(x)) => (
                            self.cfg.prose.get(*x as usize).map_or("", |p| &p.text),
                            None,
                        ),
                        _ => ("", None),
                    };
                    // The next character of the string the previous leaf is part of: the
                    // same leaf, longer. (The previous leaf is the parent's last child
                    // exactly when it is still pending: any node made since flushed it.)
                    if let (Some(prev), Some((k, at))) = (pending.as_mut(), string)
                        && prev.parent == parent
                        && at > 0
                        && prev.string == Some((k, at - 1))
                        && prev.end == start
                    {
                        prev.end = end;
                        prev.string = Some((k, at));
                        continue;
                    }
                    flush(&mut pending, sink)?;
                    let label = match self.cfg.syms.get(a.pos as usize) {
                        Some(Sym::P(_)) => format!("<{label}>").into(),
                        _ => label.into(),
                    };
                    pending = Some(PendingLeaf {
                        parent,
                        label,
                        start,
                        end,
                        string,
                    });
                    made += 1;
                    continue;
                }
            };
            let it = self.chart.items[item as usize];
            let (mut cur, mut cur_nt) = (parent, parent_nt);
            let mut core = core;
            let mut opened = false;
            if let Sym::End(pr) = self.cfg.syms[it.pos as usize] {
                let lhs = self.cfg.prods[pr as usize].lhs;
                let nt = &self.cfg.nts[lhs as usize];
                let made_node = match (&nt.name, &nt.shown) {
                    (Some(name), _) => Some((name.as_str(), TreeNodeKind::Rule)),
                    // A repetition's node, once: its left recursion is its iterations.
                    (None, Some(label))
                        if self.detail && !core && (parent == NONE || parent_nt != lhs) =>
                    {
                        Some((label.as_str(), TreeNodeKind::Repetition))
                    }
                    _ => None,
                };
                if let Some((rule, kind)) = made_node {
                    flush(&mut pending, sink)?;
                    sink.open(
                        kind,
                        rule,
                        self.bytes[it.origin as usize],
                        self.bytes[it.end as usize],
                    )?;
                    opened = true;
                    cur = made;
                    cur_nt = lhs;
                    made += 1;
                    core = core || nt.builtin;
                }
            }
            // The children, last first, by walking back along the production.
            kids.clear();
            if opened {
                kids.push(Step::Close);
            }
            let (mut x, mut r) = (item, rank);
            while let Some((pred, rp, child, rc)) = self.choose(x, r, by_count) {
                if child != TERM {
                    kids.push(Step::Item(child, rc, cur, cur_nt, core));
                } else if self.detail && !core && cur != NONE {
                    kids.push(Step::Leaf(pred, x, cur));
                }
                x = pred;
                r = rp;
            }
            // Pushed last-first so they pop first-first.
            stack.append(&mut kids);
        }
        flush(&mut pending, sink)
    }
}

/// Puts one item's links (pred, child, link id) in the canonical order: by where the
/// dot's last symbol starts (the end of `pred`), latest first, then by the production the
/// child completed, last production first (a terminal before them). Within one item that
/// key tells every link apart (the pred is the item's production with the dot one back,
/// from the item's origin to the split; the child is a completion from the split to the
/// item's end), and it does not depend on the order the chart made its links in, so the
/// trees come out in the same order with Leo's items as without. Of the keys of this form
/// it is the one closest to the order the plain chart's links came in (newest first),
/// which the trees followed before.
///
/// The list is put in that order in the chart itself (its `next` pointers relinked), so
/// the forest reads it in place; `scratch` holds the list while it is sorted.
fn canonical_links(chart: &mut Chart, item: u32, scratch: &mut Vec<(u32, u32, u32)>) {
    let Chart { items, links, .. } = chart;
    let head = items[item as usize].head;
    if head == NONE || links[head as usize].next == NONE {
        return;
    }
    scratch.clear();
    let mut l = head;
    while l != NONE {
        let lk = links[l as usize];
        scratch.push((lk.pred, lk.child, l));
        l = lk.next;
    }
    scratch.sort_unstable_by_key(|&(p, c, _)| {
        let split = items[p as usize].end;
        let child = if c == TERM {
            u32::MAX
        } else {
            items[c as usize].pos
        };
        (Reverse(split), Reverse(child))
    });
    let mut next = NONE;
    for &(_, _, l) in scratch.iter().rev() {
        links[l as usize].next = next;
        next = l;
    }
    items[item as usize].head = next;
}

/// Counts the derivations of `chart` and takes up to `max_trees` trees.
/// With `detail`, the trees show repetitions and literals too.
///
/// The first tree is always taken whole. Each later one only if all the trees taken, it
/// included, hold at most `max_nodes` nodes: one that would pass it is dropped as soon as
/// it does, and no further tree is taken. So the trees after the first never hold more
/// than `max_nodes` nodes, whatever the input's length and ambiguity.
pub(crate) fn count(
    cfg: &Cfg,
    chart: &mut Chart,
    bytes: &[usize],
    (max_trees, max_nodes): (usize, usize),
    detail: bool,
) -> Counted {
    let p = prepare(cfg, chart, bytes, detail);
    let mut trees: Vec<ParseTree> = Vec::new();
    let mut held = 0usize;
    for (r, rank, by_count) in p.picks(max_trees) {
        let room = if trees.is_empty() {
            usize::MAX
        } else {
            max_nodes.saturating_sub(held)
        };
        let Some(t) = p.f.tree(r, rank, by_count, room) else {
            break;
        };
        held = held.saturating_add(t.nodes.len());
        trees.push(t);
    }
    Counted {
        total: p.total,
        empty_ambiguity: p.empty_ambiguity,
        trees,
        work: p.work(),
    }
}

/// A counted forest, ready to give its trees: built as a [`ParseTree`] each
/// ([`count`]), or walked straight to a [`TreeSink`] ([`Counted`] without trees, for
/// a writer that must not hold a tree beside the forest).
pub(crate) struct Prepared<'a> {
    f: Forest<'a>,
    pub total: Option<u128>,
    pub empty_ambiguity: bool,
    height: Vec<u32>,
}

impl Prepared<'_> {
    /// The trees to take, up to `max_trees`: (root item, rank, by counts).
    fn picks(&self, max_trees: usize) -> Vec<(u32, u128, bool)> {
        let (f, chart) = (&self.f, self.f.chart);
        let mut picks = Vec::new();
        if max_trees == 0 || chart.roots.is_empty() {
            return picks;
        }
        match self.total {
            Some(t) if t > 0 && !chart.roots.iter().all(|&r| f.empty(r)) => {
                for k in 0..(max_trees as u128).min(t) {
                    // Which root, then the rank inside it.
                    let mut rank = k;
                    for &r in &chart.roots {
                        let c = f.cnt(r);
                        if rank < c {
                            picks.push((r, rank, true));
                            break;
                        }
                        rank -= c;
                    }
                }
            }
            _ => {
                // Empty input, or infinitely many: one tree of least height.
                if let Some(&r) = chart
                    .roots
                    .iter()
                    .min_by_key(|&&r| self.height[f.local[r as usize] as usize])
                {
                    picks.push((r, 0, false));
                }
            }
        }
        picks
    }

    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    /// How many trees [`Prepared::walk`] gives for `max_trees`.
    pub fn tree_count(&self, max_trees: usize) -> usize {
        self.picks(max_trees).len()
    }

    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    /// Walks tree `k` (of up to `max_trees`) into `sink`, node by node, without building it.
    pub fn walk<S: TreeSink>(
        &self,
        max_trees: usize,
        k: usize,
        sink: &mut S,
    ) -> Result<(), S::Error> {
        match self.picks(max_trees).get(k) {
            Some(&(r, rank, by_count)) => self.f.walk(r, rank, by_count, sink),
            None => Ok(()),
        }
    }

    /// Steps taken so far (see [`Counted::work`]).
    pub fn work(&self) -> usize {
        self.f.work.get() + self.f.nodes.len() + self.f.reach_links
    }
}

/// The reachable part of a chart (see [`reach`]).
struct Reached {
    /// Reachable items by local id, and item → local id.
    nodes: Vec<u32>,
    local: Vec<u32>,
    /// Each reachable node's first link, and whether its span is empty, by local id.
    heads: Vec<u32>,
    empty_at: Vec<bool>,
    /// How many links the reachable nodes have.
    reach_links: usize,
    /// Whether every reachable link's pred and child come before its item in the chart.
    ordered: bool,
}

/// The items reachable from the chart's roots, numbered in the order they are found,
/// each one's list of links put in the canonical order ([`canonical_links`]) on the way.
fn reach(chart: &mut Chart) -> Reached {
    let mut local = vec![NONE; chart.items.len()];
    let mut nodes: Vec<u32> = Vec::new();
    let mut reach_links = 0usize;
    // Reachable nodes, numbered in the order they are found (the same order whatever
    // order the chart made its items and links in: roots and links are canonical).
    for &r in &chart.roots {
        if local[r as usize] == NONE {
            local[r as usize] = nodes.len() as u32;
            nodes.push(r);
        }
    }
    let mut scratch = Vec::new();
    // Each reachable node's first link, by its local id (the order of `nodes`): the walks
    // below read it here, in order, not from the chart's item, a read at random into an
    // array some 16 bytes a chart item, which was most of their time.
    let mut heads: Vec<u32> = Vec::new();
    let mut empty_at: Vec<bool> = Vec::new();
    // The chart's items bound the reachable nodes (most of a long input's are reachable):
    // reserved once, where doubling from empty copied each vector whole some 20 times. An
    // allocation the system refuses is left out (the vectors grow as before); one that
    // is too large is only address space, touched as it fills.
    let most = chart.items.len();
    let _ = nodes.try_reserve_exact(most.saturating_sub(nodes.len()));
    let _ = heads.try_reserve_exact(most);
    let _ = empty_at.try_reserve_exact(most);
    // Whether every reachable link's pred and child come before its item in the chart:
    // then the chart's order is an order with successors first, and the forest has no
    // cycle, so it is counted in that order, with no depth-first walk.
    let mut ordered = true;
    let mut v = 0;
    while v < nodes.len() {
        let item = nodes[v];
        canonical_links(chart, item, &mut scratch);
        let it = chart.items[item as usize];
        let mut l = it.head;
        heads.push(l);
        empty_at.push(it.origin == it.end);
        while l != NONE {
            let lk = chart.links[l as usize];
            reach_links += 1;
            ordered &= lk.pred < item && (lk.child == TERM || lk.child < item);
            for w in [lk.pred, lk.child] {
                if w != TERM && local[w as usize] == NONE {
                    local[w as usize] = nodes.len() as u32;
                    nodes.push(w);
                }
            }
            l = lk.next;
        }
        v += 1;
    }
    Reached {
        nodes,
        local,
        heads,
        empty_at,
        reach_links,
        ordered,
    }
}

/// Counts the derivations of `chart`, ready to give trees. The chart's reachable items
/// get their lists of links put in the canonical order, in place.
pub(crate) fn prepare<'a>(
    cfg: &'a Cfg,
    chart: &'a mut Chart,
    bytes: &'a [usize],
    detail: bool,
) -> Prepared<'a> {
    prepare_in(cfg, chart, bytes, detail, true)
}

/// [`prepare`]; `chart_order`: count in the chart's order where that order has each
/// node's successors first (else always by the depth-first walk, which the tests
/// compare it with).
fn prepare_in<'a>(
    cfg: &'a Cfg,
    chart: &'a mut Chart,
    bytes: &'a [usize],
    detail: bool,
    chart_order: bool,
) -> Prepared<'a> {
    let r = reach(chart);
    let ordered = r.ordered;
    let chart: &'a Chart = chart;
    let mut f = Forest {
        cfg,
        chart,
        bytes,
        nodes: r.nodes,
        local: r.local,
        heads: r.heads,
        empty_at: r.empty_at,
        reach_links: r.reach_links,
        count: Vec::new(),
        best: Vec::new(),
        work: std::cell::Cell::new(0),
        detail,
    };
    let n = f.nodes.len();
    // The successors of node `v`: the pred then the child (not a terminal) of each of its
    // links, in order; the cursor is twice the link's id, plus one for its child
    // (`usize::MAX`: no more).
    let cursor = |l: u32| {
        if l == NONE {
            usize::MAX
        } else {
            2 * l as usize
        }
    };
    let first = |v: u32| cursor(f.heads[v as usize]);
    let next = |_: u32, mut c: usize| loop {
        if c == usize::MAX {
            return None;
        }
        let lk = chart.links[c / 2];
        if c.is_multiple_of(2) {
            return Some((f.local[lk.pred as usize], c + 1));
        }
        c = cursor(lk.next);
        if lk.child != TERM {
            return Some((f.local[lk.child as usize], c));
        }
    };
    f.work.set(f.work.get() + n + f.reach_links);

    let mut count = vec![0u64; n];
    // Raw (uncollapsed) counts of empty nodes, capped at 2.
    let mut raw = vec![0u8; n];
    // The counts, successors first: a depth-first walk that counts each node as it
    // leaves it, which needs a byte a node. A forest with a cycle (met as an edge back to
    // a node still open) is counted again by its strongly connected components, which
    // cost several arrays a node: most forests have none.
    let work = f.work.get();
    // With no cycle, the least heights of the empty nodes come out of the same walk.
    let mut height = vec![u32::MAX; n];
    let mut best = vec![NONE; n];
    let mut acyclic = true;
    if chart_order && ordered {
        // Each node after its successors, so each is counted from theirs, as the walk
        // below would count it: a node's count and least height depend on its
        // successors' alone, not on the order they were made in.
        for &v in f.local.iter().filter(|&&v| v != NONE) {
            if f.empty_at[v as usize] {
                f.count_node(v, false, &mut count, &mut raw);
                f.least_height(v, &mut height, &mut best);
            } else {
                f.count_links(v, &mut count);
            }
        }
    } else {
        let mut state = vec![0u8; n];
        let mut stack: Vec<(u32, usize)> = Vec::new();
        'walk: for s in 0..n as u32 {
            if state[s as usize] != 0 {
                continue;
            }
            state[s as usize] = 1;
            stack.push((s, first(s)));
            while let Some(top) = stack.last_mut() {
                let v = top.0;
                if let Some((w, c)) = next(v, top.1) {
                    top.1 = c;
                    match state[w as usize] {
                        0 => {
                            state[w as usize] = 1;
                            stack.push((w, first(w)));
                        }
                        1 => {
                            acyclic = false;
                            break 'walk;
                        }
                        _ => {}
                    }
                    continue;
                }
                stack.pop();
                state[v as usize] = 2;
                f.count_node(v, false, &mut count, &mut raw);
                f.least_height(v, &mut height, &mut best);
            }
        }
    }
    let (mut infinite, mut empty_ambiguity) = (false, false);
    if acyclic {
        empty_ambiguity = raw.iter().any(|&r| r >= 2);
    } else {
        count.fill(0);
        raw.fill(0);
        f.work.set(work);
        let (order, comp_off, cyclic) = tarjan_by(n, first, next);
        for (comp, &cyc) in comp_off.windows(2).map(|w| &order[w[0]..w[1]]).zip(&cyclic) {
            for &v in comp {
                let (inf, amb) = f.count_node(v, cyc, &mut count, &mut raw);
                infinite |= inf;
                empty_ambiguity |= amb;
            }
        }
    }
    f.count = count;
    if acyclic {
        f.best = best;
        return f.finish(height, raw, infinite, empty_ambiguity);
    }
    drop(best);

    // Least heights (Knuth): links whose pred and child are done give their owner a
    // candidate height. Only where trees are not taken by counts: inside empty spans, or
    // everywhere when the count is infinite. (An empty node's links lead to empty nodes.)
    let wanted_v: Vec<bool> = (0..n).map(|v| infinite || f.empty_at[v]).collect();
    let wanted = |v: usize| wanted_v[v];
    // (link, owner, pred, child), local ids; and, per node, the links that wait for it (CSR).
    let mut link_owner: Vec<(u32, u32, u32, u32)> = Vec::new();
    let mut pending: Vec<u8> = Vec::new();
    let mut dep_count = vec![0u32; n + 1];
    for v in 0..n {
        if !wanted(v) {
            continue;
        }
        for (l, p, c) in f.links_of(v as u32) {
            let pl = f.local[p as usize];
            let cl = if c == TERM { NONE } else { f.local[c as usize] };
            link_owner.push((l, v as u32, pl, cl));
            dep_count[pl as usize] += 1;
            let mut d = 1;
            if cl != NONE {
                dep_count[cl as usize] += 1;
                d += 1;
            }
            pending.push(d);
        }
    }
    // Offsets as `u32`, as the chart's own ids: at most two per link, and links are
    // numbered by `u32` (two `usize` per node were a large part of a big forest's peak).
    let mut dep_off = dep_count;
    let mut sum = 0u32;
    for d in dep_off.iter_mut() {
        let c = *d;
        *d = sum;
        sum += c;
    }
    let mut fill = dep_off.clone();
    let mut deps = vec![0u32; dep_off[n] as usize];
    for (k, &(_, _, pl, cl)) in link_owner.iter().enumerate() {
        deps[fill[pl as usize] as usize] = k as u32;
        fill[pl as usize] += 1;
        if cl != NONE {
            deps[fill[cl as usize] as usize] = k as u32;
            fill[cl as usize] += 1;
        }
    }
    drop(fill);
    height.fill(u32::MAX);
    f.best = vec![NONE; n];
    let mut done = vec![false; n];
    let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
    for (v, (h, &head)) in height.iter_mut().zip(&f.heads).enumerate() {
        if wanted(v) && head == NONE {
            *h = 0;
            heap.push(Reverse((0, v as u32)));
        }
    }
    while let Some(Reverse((_, v))) = heap.pop() {
        if done[v as usize] {
            continue;
        }
        done[v as usize] = true;
        for &k in &deps[dep_off[v as usize] as usize..dep_off[v as usize + 1] as usize] {
            let k = k as usize;
            pending[k] -= 1;
            if pending[k] == 0 {
                let (l, owner, pl, cl) = link_owner[k];
                let hc = if cl == NONE { 0 } else { height[cl as usize] };
                let cand = 1 + height[pl as usize].max(hc);
                if cand < height[owner as usize] {
                    height[owner as usize] = cand;
                    f.best[owner as usize] = l;
                    heap.push(Reverse((cand, owner)));
                }
            }
        }
    }

    f.finish(height, raw, infinite, empty_ambiguity)
}

impl<'a> Forest<'a> {
    /// The least height of empty node `v` and its link of least height, from its
    /// successors' (all done): as the Knuth pass below finds them, the first link in the
    /// canonical order among those of least height whose last successor to be done (by
    /// height, then local id: the order that pass takes nodes in) comes first.
    fn least_height(&self, v: u32, height: &mut [u32], best: &mut [u32]) {
        if !self.empty_at[v as usize] {
            return;
        }
        let node = |w: u32| self.local[w as usize];
        // (height, last successor's (height, local id)) of the best link so far.
        let mut top: Option<(u32, (u32, u32))> = None;
        let mut pick = NONE;
        for (l, p, c) in self.links_of(v) {
            let pl = node(p);
            let mut last = (height[pl as usize], pl);
            if c != TERM {
                let cl = node(c);
                last = last.max((height[cl as usize], cl));
            }
            let key = (1 + last.0, last);
            if top.is_none_or(|t| key < t) {
                top = Some(key);
                pick = l;
            }
        }
        height[v as usize] = top.map_or(0, |t| t.0);
        best[v as usize] = pick;
    }

    /// The forest counted and its least heights known: the total and the trees to take.
    fn finish(
        self,
        height: Vec<u32>,
        raw: Vec<u8>,
        infinite: bool,
        mut empty_ambiguity: bool,
    ) -> Prepared<'a> {
        let total = if infinite {
            None
        } else if self.chart.roots.is_empty() {
            Some(0)
        } else if self.chart.roots.iter().all(|&r| self.empty(r)) {
            let rs: u32 = self
                .chart
                .roots
                .iter()
                .map(|&r| u32::from(raw[self.local[r as usize] as usize]))
                .sum();
            if rs >= 2 {
                empty_ambiguity = true;
            }
            Some(1)
        } else {
            Some(
                self.chart
                    .roots
                    .iter()
                    .fold(0u128, |a, &r| (a + self.cnt(r)).min(SAT)),
            )
        };

        Prepared {
            f: self,
            total,
            empty_ambiguity,
            height,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Budget, Grammar, earley};
    use super::{prepare_in, reach, tarjan};
    use proptest::prelude::Strategy;

    /// Counting in the chart's order gives what the depth-first walk gives, on the same
    /// chart: the total, the ambiguity of empty spans, every node's count, least height
    /// and link of least height, the steps taken, and the trees. The cases meet both
    /// ways: charts whose order puts successors first, and charts where it does not (a
    /// cycle; a link added to an item made earlier, as ambiguous sums and repetitions
    /// and nullable rules make; Leo's items on a long right recursion).
    #[test]
    fn the_chart_order_counts_as_the_walk_does() {
        let cases: &[(&str, &str, &[&str])] = &[
            ("E = E \"+\" E / \"a\"\n", "E", &["a", "a+a", "a+a+a+a+a+a"]),
            (
                "s = *(b / c)\nb = 1*\"x\"\nc = 1*d\nd = \"x\"\n",
                "s",
                &["", "x", "xxxxx"],
            ),
            (
                "s = a b a\na = [\"x\"] / *\"y\"\nb = \"z\" / a a\n",
                "s",
                &["", "z", "xzx", "yyy", "xz"],
            ),
            ("s = t / \"a\"\nt = s / \"b\"\n", "s", &["a", "b"]),
            (
                "s = \"a\" s / \"a\"\n",
                "s",
                &["a", "aaaaaaaaaaaaaaaaaaaaaa"],
            ),
            (
                include_str!("../../../tests/data/abnf/rfc8141.abnf"),
                "namestring",
                &["urn:example:a1%41/b", "urn:ex:a?+r?=q#f", "urn:ex:"],
            ),
        ];
        let (mut by_order, mut by_walk) = (0, 0);
        for (text, start, inputs) in cases {
            let g = Grammar::from_text(text).expect("reads");
            for input in inputs.iter() {
                for leo in [None, Some(earley::SHORT)] {
                    match both_ways(&g, start, input, leo) {
                        Some(true) => by_order += 1,
                        Some(false) => by_walk += 1,
                        None => panic!("{start} on {input:?}: no chart"),
                    }
                }
            }
        }
        assert!(by_order > 10 && by_walk > 2, "{by_order} and {by_walk}");
    }

    /// The two ways to count on one chart: both give the same answers (see
    /// [`the_chart_order_counts_as_the_walk_does`]); says whether the chart's order puts
    /// successors first, so that the first way was taken ([`reach`] on a third copy).
    fn both_ways(g: &Grammar, start: &str, input: &str, leo: Option<u32>) -> Option<bool> {
        let nt = g.start_nt(start).ok()?;
        let chart = || g.chart(nt, input, leo, Budget::default()).ok();
        let ((mut c1, b1), (mut c2, b2), (mut c3, _)) = (chart()?, chart()?, chart()?);
        let a = prepare_in(&g.cfg, &mut c1, &b1, true, true);
        let w = prepare_in(&g.cfg, &mut c2, &b2, true, false);
        let at = format!("{start} on {input:?}, Leo {leo:?}");
        assert_eq!(a.total, w.total, "{at}");
        assert_eq!(a.empty_ambiguity, w.empty_ambiguity, "{at}");
        assert_eq!(a.f.count, w.f.count, "{at}");
        assert_eq!(a.height, w.height, "{at}");
        assert_eq!(a.f.best, w.f.best, "{at}");
        assert_eq!(a.work(), w.work(), "{at}");
        let picks = a.picks(4);
        assert_eq!(picks, w.picks(4), "{at}");
        for &(r, rank, by_count) in &picks {
            assert_eq!(
                a.f.tree(r, rank, by_count, usize::MAX),
                w.f.tree(r, rank, by_count, usize::MAX),
                "{at}"
            );
        }
        Some(reach(&mut c3).ordered)
    }

    /// A rule's text: one to three alternatives, each zero to three elements (an empty
    /// one is `""`), the elements drawn from literals, the three rules (so cycles and
    /// left, right and middle recursion), repetitions and options.
    fn any_rule() -> impl Strategy<Value = String> {
        let element = proptest::sample::select(vec![
            "\"x\"",
            "\"y\"",
            "s",
            "a",
            "b",
            "*\"x\"",
            "[a]",
            "*b",
            "(a / \"y\")",
            "1*2\"y\"",
        ]);
        let concatenation = proptest::collection::vec(element, 0..4).prop_map(|e| {
            if e.is_empty() {
                "\"\"".to_string()
            } else {
                e.join(" ")
            }
        });
        proptest::collection::vec(concatenation, 1..4).prop_map(|c| c.join(" / "))
    }

    proptest::proptest! {
        // Many cases, each a few microseconds: at 256, a check of the link's child alone
        // (its pred's left out) passed more often than not.
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(10_000))]

        /// On generated grammars of three rules and inputs of `x` and `y`, counting in the
        /// chart's order, where it is taken, gives what the walk gives.
        #[test]
        fn the_chart_order_counts_as_the_walk_does_on_any_grammar(
            rules in proptest::collection::vec(any_rule(), 3),
            input in "[xy]{0,7}",
            leo in proptest::bool::ANY,
        ) {
            let text = format!("s = {}\na = {}\nb = {}\n", rules[0], rules[1], rules[2]);
            let g = Grammar::from_text(&text).expect("a grammar");
            both_ways(&g, "s", &input, leo.then_some(earley::SHORT));
        }
    }

    #[test]
    fn components_come_successors_first() {
        // 0 → 1 → 2 → 1, 2 → 3, 4 → 4
        let off = [0, 1, 2, 4, 4, 5];
        let adj = [1, 2, 1, 3, 4];
        let (comps, cyclic) = tarjan(&off, &adj);
        let mut sorted: Vec<Vec<u32>> = comps
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c.sort();
                c
            })
            .collect();
        assert_eq!(sorted.remove(0), [3]);
        assert!(comps.iter().zip(&cyclic).any(|(c, &y)| c.len() == 2 && y));
        assert!(comps.iter().zip(&cyclic).any(|(c, &y)| c == &[4] && y));
        assert!(comps.iter().zip(&cyclic).any(|(c, &y)| c == &[0] && !y));
        let pos = |v: u32| comps.iter().position(|c| c.contains(&v));
        assert!(pos(3) < pos(1) && pos(1) < pos(0));
    }
}
