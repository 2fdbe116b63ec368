//! The recognizer: an Earley parser over code points that records, for every item, how it
//! was reached (its links), which makes the chart a binarised shared packed parse forest.
//!
//! An item is a dotted position in [`Cfg::syms`] with an origin and an end (the set it is
//! in). A link of item `I` names the item `I` was advanced from (`pred`, the same
//! production with the dot one symbol back) and what the dot moved over (`child`: a
//! completed item, or a terminal, [`TERM`]). Empty completions are handled as Aycock and
//! Horspool describe (an item waiting for a nonterminal that has already completed empty in
//! this set is advanced at once), so nullable rules need no special grammar. The symbols
//! the compiler marks non-empty (repetition iterations) are not advanced over an empty
//! child.
//!
//! Right recursion is made linear with Leo's transitive items (Joop Leo, "A general
//! context-free parsing algorithm running in linear time on every LR(k) grammar without
//! using lookahead", 1991): when set `i` holds exactly one item waiting for `B` and `B` is
//! its last symbol, completing `B` from `i` can only go on up a deterministic chain of
//! completions; the topmost item of that chain is memoised per (set, symbol) and a
//! completion adds it at once, with a *Leo link* (`pred` = [`LEO`], `child` = the
//! completed item) instead of one item per level. The skipped items are exactly the
//! forest's inner nodes of that chain, so after the parse the Leo links reachable from the
//! roots are expanded back into ordinary items and links ([`expand_leo`]): the forest, its
//! counts and its trees see the same derivations as without the optimisation, and only
//! the chain items the forest reaches are ever built, and where a chain item was also
//! made by another completion the chain links into that item. Leo items are used only
//! for chains deeper than [`SHORT`] levels: a chain of a few unit rules gains nothing
//! (the forest needs its items anyway) and would cost the second pass. The forest takes
//! trees in a canonical order (see `forest`), so the trees and their order are the same
//! with Leo's items as without.
//!
//! Predicted items are made without a lookup (nothing else makes an item whose dot is at a
//! production's start), and one whose dot is before a terminal is made only if that
//! terminal scans: in a grammar of many one-character alternatives (`pchar`, `unreserved`)
//! most predictions are such items and most never scan. They count as made all the same
//! ([`Chart::unmade`]: the work budget and the item count are those of the algorithm
//! without this), and the scans keep the order the plain algorithm made their items in, so
//! the next set's items come in its order too.
//!
//! With one character of lookahead (`lookahead`, when the grammar has its tables), an
//! item that the character after its set can neither start nor follow is not made at all:
//! not counted, not in the chart. A set where the parse dies is made again without
//! lookahead, so the failure (the furthest set, its expected terminals, whether the input
//! could have ended there) is the plain parse's; the last set is always made in full.
//!
//! Everything is in flat vectors; nothing recurses.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::Recognizer;
use super::compile::{Cfg, Sym};
use super::lookahead::{Live, Tables};

/// `child` of a link that moved over a terminal or a prose value.
pub(crate) const TERM: u32 = u32::MAX;
const NONE: u32 = u32::MAX;
/// `pred` of a Leo link, before [`expand_leo`] replaces it.
const LEO: u32 = u32::MAX - 1;
/// Chains of deterministic completions up to this many levels are completed the plain way.
pub(crate) const SHORT: u32 = 8;

/// The memoised Leo decision for a (set, nonterminal).
#[derive(Clone, Copy)]
enum Leo {
    /// Not asked yet.
    Unknown,
    /// Being worked out (a chain that comes back to it is a cycle: no Leo item).
    Busy,
    /// No deterministic chain: complete as usual.
    No,
    /// The waiting item, the topmost item (position, origin) of the chain, and how many
    /// levels up it is.
    Top {
        waiter: u32,
        pos: u32,
        origin: u32,
        depth: u32,
    },
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Item {
    /// Dotted position: an index into [`Cfg::syms`].
    pub pos: u32,
    /// The input position (in code points) the item started at.
    pub origin: u32,
    /// The input position of the set it is in.
    pub end: u32,
    /// First link, or `NONE` (a dot-0 item).
    pub head: u32,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Link {
    pub pred: u32,
    pub child: u32,
    pub next: u32,
}

/// What a parse leaves: the forest and where it stopped.
pub(crate) struct Chart {
    pub items: Vec<Item>,
    /// Predicted items not made, as they never scanned (see `Parser::unmade`): the
    /// chart's items are `items.len() + unmade` as the plain algorithm counts them.
    pub unmade: usize,
    pub links: Vec<Link>,
    /// Completed items of the start rule over the whole input.
    pub roots: Vec<u32>,
    /// The last input position (code points) that had items.
    pub furthest: usize,
    /// What the items of that set were waiting for: class indices.
    pub expected_classes: Vec<u32>,
    /// Prose values waited for there.
    pub expected_prose: Vec<u32>,
    /// Whether the start rule had completed at `furthest` (the input could have ended).
    pub could_end: bool,
    /// Prose values reached that have no recognizer.
    pub unbound_prose: Vec<u32>,
}

/// Where set `set`'s items waiting for `nt` start in the frozen waiting lists, and how
/// many there are: `waits[start[i]..start[i + 1]]` holds set `i`'s (nonterminal, waiting
/// item) pairs, sorted by nonterminal.
fn group(waits: &[(u32, u32)], start: &[usize], set: u32, nt: u32) -> (usize, usize) {
    let o = set as usize;
    let end = start.get(o + 1).copied().unwrap_or(waits.len());
    let slice = &waits[start[o]..end];
    let a = slice.partition_point(|x| x.0 < nt);
    let b = slice.partition_point(|x| x.0 <= nt);
    (start[o] + a, b - a)
}

/// A multiplicative hash for the `u64` and `u32` keys of the chart (written here: std's
/// SipHash is several times slower on these keys, and the crates that offer this are not
/// worth a dependency for ten lines).
#[derive(Default)]
pub(crate) struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        // The product's high bits are its well-mixed ones: fold them into the low bits,
        // which pick the bucket.
        self.0 ^ (self.0 >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
}

pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// Lists of items per nonterminal for one Earley set.
struct Lists {
    head: Vec<u32>,
    nodes: Vec<(u32, u32)>,
    touched: Vec<u32>,
}

impl Lists {
    fn new(n: usize) -> Self {
        Lists {
            head: vec![NONE; n],
            nodes: Vec::new(),
            touched: Vec::new(),
        }
    }
    fn push(&mut self, nt: u32, item: u32) {
        let h = self.head[nt as usize];
        if h == NONE {
            self.touched.push(nt);
        }
        self.nodes.push((item, h));
        self.head[nt as usize] = (self.nodes.len() - 1) as u32;
    }
    /// Freezes this set's waiting lists: appends them to `waits` as (nonterminal, item),
    /// sorted by nonterminal, and clears them.
    fn freeze_into(&mut self, waits: &mut Vec<(u32, u32)>) {
        let from = waits.len();
        for &b in &self.touched {
            let mut w = self.head[b as usize];
            while w != NONE {
                let (wi, next) = self.nodes[w as usize];
                waits.push((b, wi));
                w = next;
            }
        }
        self.clear();
        waits[from..].sort_unstable_by_key(|x| x.0);
    }
    fn clear(&mut self) {
        for &t in &self.touched {
            self.head[t as usize] = NONE;
        }
        self.touched.clear();
        self.nodes.clear();
    }
}

struct Parser<'a> {
    cfg: &'a Cfg,
    /// The live positions per character (`lookahead`), when the grammar has the tables.
    live: Option<Live<'a>>,
    /// Where the current set's live positions are in `live`: `None` makes every item
    /// (the last set, a set made again, a character past `lookahead::MAX_CHARS`).
    live_at: Option<usize>,
    items: Vec<Item>,
    links: Vec<Link>,
    /// The current set's items made by [`Parser::add`] beyond the first at each position,
    /// by (position, origin).
    dedup: FastMap<u64, u32>,
    /// Per position: the current set's first item made by [`Parser::add`] there, when
    /// its index is `set_start` or more (an older index is an earlier set's, stale): most
    /// advances find their item, or that it is new, here without a hashed lookup, and
    /// only a position that comes with several origins in one set looks in `dedup`.
    by_pos: Vec<u32>,
    /// The index of the current set's first item.
    set_start: u32,
    /// Leo decisions per (set, nonterminal), at the index of the first of that set's
    /// items waiting for it in the frozen waiting lists (`waits`): a flat vector rather
    /// than a map keyed by (set, nonterminal), which grew with the input and made every
    /// completion a cache miss. One `u32` a waiting item ([`LEO_UNKNOWN`], [`LEO_BUSY`],
    /// [`LEO_NO`], or past them an index into `tops`): a [`Leo`] there was 20 bytes for
    /// every waiting item of the parse, and few of them are ever a chain's.
    leo: Vec<u32>,
    /// The chains' tops that `leo` points to: (waiting item, position, origin, depth).
    tops: Vec<(u32, u32, u32, u32)>,
    /// [`Parser::leo_top`]'s path, kept between its calls.
    path: Vec<(usize, u32, u32, u32)>,
    start: u32,
    /// Chains of deterministic completions up to this many levels are completed the plain
    /// way ([`SHORT`]).
    short: u32,
    /// The most items and links the parse may create (its work budget).
    limit: usize,
    /// An item or link was refused: the budget is spent.
    over: bool,
    /// Predicted items whose dot is before a terminal that are not made (yet): they
    /// count as made (the budget, [`Chart::unmade`]), and one is made only when the
    /// terminal scans. Most predictions of a grammar of many single-character
    /// alternatives (`pchar`, `unreserved`, `sub-delims`) are such items, and most never
    /// scan.
    unmade: usize,
    /// This set's items in the order the plain algorithm makes them, made or not: a
    /// number each, `made_seq[k]` for the set's `k`-th item made, so that the scans come
    /// in that order (and the next set's items with them).
    made_seq: Vec<u32>,
    /// Numbers given in this set so far.
    seq: u32,
    /// This set's unmade items: (number, position).
    unmade_scans: Vec<(u32, u32)>,
}

/// `Parser::leo` of a (set, nonterminal) not asked yet ([`Leo::Unknown`]).
const LEO_UNKNOWN: u32 = 0;
/// … being worked out ([`Leo::Busy`]).
const LEO_BUSY: u32 = 1;
/// … with no deterministic chain ([`Leo::No`]); past it, `3 + k`: `Parser::tops[k]`.
const LEO_NO: u32 = 2;

impl<'a> Parser<'a> {
    /// A parser of `cfg` from nonterminal `start` with nothing made yet (the arguments
    /// are [`parse`]'s).
    fn new(
        cfg: &'a Cfg,
        start: u32,
        leo: Option<u32>,
        lookahead: Option<&'a Tables>,
        limit: usize,
    ) -> Self {
        Parser {
            cfg,
            live: lookahead.map(|t| Live::new(t, cfg)),
            live_at: None,
            items: Vec::new(),
            links: Vec::new(),
            dedup: FastMap::default(),
            by_pos: vec![NONE; cfg.syms.len()],
            set_start: 0,
            leo: Vec::new(),
            tops: Vec::new(),
            path: Vec::new(),
            start,
            short: leo.unwrap_or(u32::MAX),
            limit,
            over: false,
            unmade: 0,
            made_seq: Vec::new(),
            seq: 0,
            unmade_scans: Vec::new(),
        }
    }

    /// The Leo decision at `g` (see [`Parser::leo`]).
    fn leo_at(&self, g: usize) -> Leo {
        match self.leo[g] {
            LEO_UNKNOWN => Leo::Unknown,
            LEO_BUSY => Leo::Busy,
            LEO_NO => Leo::No,
            k => {
                let (waiter, pos, origin, depth) = self.tops[(k - 3) as usize];
                Leo::Top {
                    waiter,
                    pos,
                    origin,
                    depth,
                }
            }
        }
    }

    /// Records the Leo decision at `g`.
    fn set_leo(&mut self, g: usize, leo: Leo) {
        self.leo[g] = match leo {
            Leo::Unknown => LEO_UNKNOWN,
            Leo::Busy => LEO_BUSY,
            Leo::No => LEO_NO,
            Leo::Top {
                waiter,
                pos,
                origin,
                depth,
            } => {
                self.tops.push((waiter, pos, origin, depth));
                (self.tops.len() + 2) as u32
            }
        };
    }

    /// The topmost item of the deterministic chain that a completion of `nt` from set
    /// `set` goes up, if there is one (all of `set`'s and the chain's sets are finished).
    /// Iterative; every (set, nonterminal) is worked out once.
    /// `first` is `group(waits, start, set, nt)`, which the caller has found already.
    fn leo_top(
        &mut self,
        set: u32,
        nt: u32,
        first: (usize, usize),
        waits: &[(u32, u32)],
        start: &[usize],
    ) -> Option<(u32, u32)> {
        // (memo slot, waiting item, the chain's item above: position, origin); kept
        // between calls, not allocated for each.
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let (mut i, mut b) = (set, nt);
        // The top the path's entries share and its depth above the path's last entry, or
        // None (all of them: no Leo item).
        let top: Option<(u32, u32, u32)>;
        let mut at = Some(first);
        loop {
            let (g, len) = at.take().unwrap_or_else(|| group(waits, start, i, b));
            let known = if len == 0 { Leo::No } else { self.leo_at(g) };
            match known {
                Leo::Busy => {
                    top = None;
                    break;
                }
                Leo::No => {
                    top = path.last().map(|&(_, _, p, o)| (p, o, 0));
                    break;
                }
                Leo::Top {
                    pos, origin, depth, ..
                } => {
                    top = Some((pos, origin, depth));
                    break;
                }
                Leo::Unknown => {}
            }
            let wi = waits[g].1;
            let last = if len == 1 && !(i == 0 && b == self.start) {
                match self.cfg.syms[self.items[wi as usize].pos as usize + 1] {
                    Sym::End(pr) => Some(pr),
                    _ => None,
                }
            } else {
                None
            };
            let Some(pr) = last else {
                self.set_leo(g, Leo::No);
                top = path.last().map(|&(_, _, p, o)| (p, o, 0));
                break;
            };
            let wit = self.items[wi as usize];
            self.set_leo(g, Leo::Busy);
            path.push((g, wi, wit.pos + 1, wit.origin));
            i = wit.origin;
            b = self.cfg.prods[pr as usize].lhs;
        }
        let n = path.len() as u32;
        for (k, &(g, waiter, _, _)) in path.iter().enumerate() {
            let decided = match top {
                Some((pos, origin, above)) => Leo::Top {
                    waiter,
                    pos,
                    origin,
                    depth: above.saturating_add(n - k as u32),
                },
                None => Leo::No,
            };
            self.set_leo(g, decided);
        }
        // A short chain (a few unit rules: `pchar = unreserved / …`) is completed the
        // plain way: a Leo item there saves nothing, as the forest needs the chain's items
        // anyway, and costs a second pass to build them. Long chains (right recursion)
        // stay linear: at most `SHORT` levels are completed per completion.
        self.path = path;
        match first {
            (g, 1..) => match self.leo_at(g) {
                Leo::Top {
                    pos, origin, depth, ..
                } if depth > self.short => Some((pos, origin)),
                _ => None,
            },
            _ => None,
        }
    }

    /// Adds item (`pos`, `origin`) to the set at `end` (the current one) with an optional
    /// link; returns its index.
    fn add(&mut self, pos: u32, origin: u32, end: u32, link: Option<(u32, u32)>) {
        if self.spent() || !self.live(pos) {
            return;
        }
        let first = self.by_pos[pos as usize];
        let idx = if first == NONE || first < self.set_start {
            let i = self.make(pos, origin, end);
            self.by_pos[pos as usize] = i;
            i
        } else if self.items[first as usize].origin == origin {
            first
        } else {
            let key = (u64::from(pos) << 32) | u64::from(origin);
            match self.dedup.get(&key) {
                Some(&i) => i,
                None => {
                    let i = self.make(pos, origin, end);
                    self.dedup.insert(key, i);
                    i
                }
            }
        };
        if let Some((pred, child)) = link {
            let l = self.links.len() as u32;
            self.links.push(Link {
                pred,
                child,
                next: self.items[idx as usize].head,
            });
            self.items[idx as usize].head = l;
        }
    }

    /// Makes item (`pos`, `origin`) in the current set `end`, without links; returns its
    /// index.
    fn make(&mut self, pos: u32, origin: u32, end: u32) -> u32 {
        let i = self.items.len() as u32;
        self.items.push(Item {
            pos,
            origin,
            end,
            head: NONE,
        });
        self.made_seq.push(self.seq);
        self.seq += 1;
        i
    }

    /// Adds the dot-0 item of the production at `pos` to the current set `at`: a
    /// prediction. No lookup: each rule is predicted once a set, and no other step makes
    /// an item whose dot is at a production's start (an advance moves the dot past a
    /// symbol), so a predicted item is never made twice and never looked up.
    fn predict(&mut self, pos: u32, at: u32) {
        if self.spent() || !self.live(pos) {
            return;
        }
        if let Sym::T(_) = self.cfg.syms[pos as usize] {
            self.unmade += 1;
            self.unmade_scans.push((self.seq, pos));
        } else {
            self.items.push(Item {
                pos,
                origin: at,
                end: at,
                head: NONE,
            });
            self.made_seq.push(self.seq);
        }
        self.seq += 1;
    }

    /// Whether an item at `pos` can go on before the current set's character (always,
    /// without lookahead).
    #[inline]
    fn live(&self, pos: u32) -> bool {
        match (&self.live, self.live_at) {
            (Some(l), Some(at)) => l.is_live(at, pos),
            _ => true,
        }
    }

    /// Whether the work budget is spent (and marks it so): the items and links made are
    /// the parse's work, and its memory.
    fn spent(&mut self) -> bool {
        if self.items.len() + self.unmade + self.links.len() >= self.limit {
            self.over = true;
        }
        self.over
    }

    /// The ends a prose value's recognizer gave (byte offsets) for item `idx` of set `j`:
    /// each at a code point boundary at or after `j`, advanced now (at `j`) or left
    /// pending until its set.
    fn prose_ends(
        &mut self,
        mut ends: Vec<usize>,
        bytes: &[usize],
        (j, idx): (usize, u32),
        pending: &mut FastMap<u32, Vec<(u32, u32)>>,
    ) {
        // A recognizer's answer is work too (and memory, while pending).
        self.limit = self.limit.saturating_sub(ends.len());
        ends.sort_unstable();
        ends.dedup();
        let ju = j as u32;
        for e in ends {
            let Ok(ei) = bytes.binary_search(&e) else {
                continue;
            };
            if ei < j {
                continue;
            }
            if ei == j {
                self.advance(idx, TERM, ju, ju);
            } else {
                pending.entry(ei as u32).or_default().push((idx, ju));
            }
        }
    }

    /// Scans the character `c` (`None` at the end of the input) from this set's items
    /// before a terminal (`scans`: number, position, item or `NONE` when not made), in the
    /// order the items were numbered, into `next`; an unmade item that scans is made now
    /// (it was counted when predicted).
    fn scan(
        &mut self,
        scans: &mut Vec<(u32, u32, u32)>,
        c: Option<u32>,
        ju: u32,
        next: &mut Vec<u32>,
    ) {
        // The made ones come in order, and so do the unmade ones.
        if !self.unmade_scans.is_empty() {
            scans.extend(self.unmade_scans.iter().map(|&(q, pos)| (q, pos, NONE)));
            scans.sort_unstable_by_key(|x| x.0);
        }
        let Some(c) = c else { return };
        for &(_, pos, s) in scans.iter() {
            if let Sym::T(t) = self.cfg.syms[pos as usize]
                && self.cfg.classes[t as usize].contains(c)
            {
                let s = if s == NONE {
                    self.unmade -= 1;
                    self.items.push(Item {
                        pos,
                        origin: ju,
                        end: ju,
                        head: NONE,
                    });
                    (self.items.len() - 1) as u32
                } else {
                    s
                };
                next.push(s);
            }
        }
    }

    /// Undoes the current set, which starts at item `set_start`, back to `links` links and
    /// `unmade` unmade items (and `leo` Leo slots, with Leo's items), so that it can be
    /// made again.
    fn undo_set(&mut self, set_start: usize, links: usize, unmade: usize, leo: Option<usize>) {
        for it in self.items.drain(set_start..) {
            self.by_pos[it.pos as usize] = NONE;
        }
        self.links.truncate(links);
        self.unmade = unmade;
        if let Some(w) = leo {
            self.leo.truncate(w);
        }
    }

    /// Advances `pred` over `child` (spanning `from..end`) into the current set.
    fn advance(&mut self, pred: u32, child: u32, from: u32, end: u32) {
        let it = self.items[pred as usize];
        if from == end && self.cfg.nonempty[it.pos as usize] {
            return;
        }
        self.add(it.pos + 1, it.origin, end, Some((pred, child)));
    }
}

/// The work budget ran out: how much was done and how far the parse had got.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spent {
    /// The input position (code points) of the set being made.
    pub at: usize,
}

/// Reserves the chart's growing vectors (`p`'s items, links and Leo slots, and the waiting
/// items) for a usual share a character of an input of `n` characters, within the work
/// budget `limit`: 24, 12, 12 and 12 (RFC 8141's ABNF on a long NSS makes some 20 items, 9
/// links and 11 waiting items a byte). Grown from empty, each was copied whole at every
/// doubling. A reservation is address space, touched only as it fills; one the system
/// refuses is left out (the vector grows as before).
fn reserve(p: &mut Parser<'_>, waits: &mut Vec<(u32, u32)>, n: usize, limit: usize) {
    let per_char = |k: usize| n.saturating_mul(k).saturating_add(64).min(limit);
    let _ = p.items.try_reserve_exact(per_char(24));
    let _ = p.links.try_reserve_exact(per_char(12));
    let _ = p.leo.try_reserve_exact(per_char(12));
    let _ = waits.try_reserve_exact(per_char(12));
}

/// Parses `chars` (the input's code points; `bytes[i]` is the byte offset of `chars[i]`,
/// `bytes[n]` the input's length) from nonterminal `start`, making at most `limit` items
/// and links (else [`Spent`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn parse(
    cfg: &Cfg,
    start: u32,
    input: &str,
    chars: &[char],
    bytes: &[usize],
    prose: &[Option<Recognizer>],
    leo: Option<u32>,
    lookahead: Option<&Tables>,
    limit: usize,
) -> Result<Chart, Spent> {
    let use_leo = leo.is_some();
    let n = chars.len();
    let mut p = Parser::new(cfg, start, leo, lookahead, limit);
    let spent = |j: usize| Spent { at: j };
    // Items waiting for a nonterminal, per finished set: (nt, item), sorted by nt.
    let mut waits: Vec<(u32, u32)> = Vec::new();
    reserve(&mut p, &mut waits, n, limit);
    let mut waits_start: Vec<usize> = Vec::with_capacity(n + 2);
    // This set's waiting items and empty completions, per nonterminal: linked lists in
    // flat vectors (head per nonterminal, reset through the touched lists).
    let mut waits_cur = Lists::new(cfg.nts.len());
    let mut empty_done = Lists::new(cfg.nts.len());
    let mut predicted = vec![false; cfg.nts.len()];
    let mut touched: Vec<u32> = Vec::new();
    // This set's items before a terminal or a prose value: (number, position, item),
    // the item `NONE` when not made.
    let mut scans: Vec<(u32, u32, u32)> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    // The items that scanned into the set being made, swapped with `next` at each set:
    // both buffers are kept, where taking `next` left a new one to grow (an allocation
    // and a free every set: 65,544 of each on a 64 KiB input).
    let mut scanned: Vec<u32> = Vec::new();
    let mut pending: FastMap<u32, Vec<(u32, u32)>> = FastMap::default();
    let mut unbound: Vec<u32> = Vec::new();
    let mut furthest = 0usize;
    // The positions of the last set's scans.
    let mut last_scans: Vec<u32> = Vec::new();
    let mut could_end_at: Option<usize> = None;
    let mut leo_links = 0usize;
    // A set made with lookahead where the parse died is made again without it (see
    // `lookahead`): what it was given, and what it changed, to undo.
    let mut again = false;
    let mut given: Vec<u32> = Vec::new();

    let mut j = 0usize;
    while j <= n {
        let ju = j as u32;
        let set_start = p.items.len();
        p.live_at = match (&mut p.live, chars.get(j)) {
            (Some(l), Some(&c)) if !again => l.before(c),
            _ => None,
        };
        let undo = p.live_at.is_some().then(|| {
            given.clear();
            given.extend_from_slice(&next);
            (
                p.links.len(),
                p.unmade,
                leo_links,
                could_end_at,
                waits.len(),
            )
        });
        again = false;
        p.set_start = set_start as u32;
        p.dedup.clear();
        empty_done.clear();
        for t in touched.drain(..) {
            predicted[t as usize] = false;
        }
        scans.clear();
        p.made_seq.clear();
        p.seq = 0;
        p.unmade_scans.clear();
        if j == 0 {
            for &pr in &cfg.nts[start as usize].prods {
                p.predict(cfg.prods[pr as usize].start, 0);
            }
            predicted[start as usize] = true;
            touched.push(start);
        }
        std::mem::swap(&mut next, &mut scanned);
        for &pred in &scanned {
            p.advance(pred, TERM, ju.saturating_sub(1), ju);
        }
        scanned.clear();
        // (Kept until the set is done: a set made again is given them again.)
        let arrived = pending.remove(&ju);
        for &(pred, from) in arrived.iter().flatten() {
            p.advance(pred, TERM, from, ju);
        }
        if p.items.len() == set_start && p.unmade_scans.is_empty() {
            if undo.is_some() {
                // Everything this set was given (the last set's scans, or the start
                // rule's predictions) was left out: the parse dies here, so this set is
                // made again in full.
                std::mem::swap(&mut next, &mut given);
                if let Some(list) = arrived {
                    pending.insert(ju, list);
                }
                again = true;
                continue;
            }
            if pending.is_empty() {
                break;
            }
            // Only a prose value's match reaches past here.
            waits_start.push(waits.len());
            j += 1;
            continue;
        }
        furthest = j;
        let mut k = set_start;
        while k < p.items.len() {
            if p.over {
                return Err(spent(j));
            }
            let idx = k as u32;
            let it = p.items[k];
            k += 1;
            match cfg.syms[it.pos as usize] {
                Sym::End(pr) => {
                    let lhs = cfg.prods[pr as usize].lhs;
                    if lhs == start && it.origin == 0 {
                        could_end_at = Some(j);
                    }
                    if it.origin == ju {
                        empty_done.push(lhs, idx);
                        let mut w = waits_cur.head[lhs as usize];
                        while w != NONE {
                            let (wi, next) = waits_cur.nodes[w as usize];
                            p.advance(wi, idx, ju, ju);
                            w = next;
                        }
                    } else {
                        // The items of the completion's origin waiting for it: one
                        // search, for Leo's decision and the completion both.
                        let (g, len) = group(&waits, &waits_start, it.origin, lhs);
                        match (use_leo && len > 0)
                            .then(|| p.leo_top(it.origin, lhs, (g, len), &waits, &waits_start))
                            .flatten()
                        {
                            Some((tp, to)) => {
                                p.add(tp, to, ju, Some((LEO, idx)));
                                leo_links += 1;
                            }
                            None => {
                                for &(_, wi) in &waits[g..g + len] {
                                    p.advance(wi, idx, it.origin, ju);
                                    if p.over {
                                        return Err(spent(j));
                                    }
                                }
                            }
                        }
                    }
                }
                Sym::N(b) => {
                    waits_cur.push(b, idx);
                    if !predicted[b as usize] {
                        predicted[b as usize] = true;
                        touched.push(b);
                        for &pr in &cfg.nts[b as usize].prods {
                            p.predict(cfg.prods[pr as usize].start, ju);
                        }
                    }
                    let mut d = empty_done.head[b as usize];
                    while d != NONE {
                        let (c, next) = empty_done.nodes[d as usize];
                        p.advance(idx, c, ju, ju);
                        d = next;
                    }
                }
                Sym::T(_) => scans.push((p.made_seq[idx as usize - set_start], it.pos, idx)),
                Sym::P(pi) => match prose.get(pi as usize).and_then(Option::as_ref) {
                    None => {
                        if !unbound.contains(&pi) {
                            unbound.push(pi);
                        }
                        scans.push((p.made_seq[idx as usize - set_start], it.pos, idx));
                    }
                    Some(rec) => {
                        scans.push((p.made_seq[idx as usize - set_start], it.pos, idx));
                        p.prose_ends(rec(input, bytes[j]), bytes, (j, idx), &mut pending);
                    }
                },
            }
        }
        waits_start.push(waits.len());
        waits_cur.freeze_into(&mut waits);
        if use_leo {
            p.leo.resize(waits.len(), LEO_UNKNOWN);
        }
        p.scan(&mut scans, chars.get(j).map(|&c| c as u32), ju, &mut next);
        if let Some((links, unmade, leo_made, could, w)) = undo
            && next.is_empty()
            && pending.is_empty()
        {
            // The parse dies at this set: made again without lookahead, so that its items
            // (the expected set, whether the input could have ended) are the plain
            // parse's.
            p.undo_set(set_start, links, unmade, use_leo.then_some(w));
            leo_links = leo_made;
            could_end_at = could;
            waits.truncate(w);
            waits_start.pop();
            std::mem::swap(&mut next, &mut given);
            if let Some(list) = arrived {
                pending.insert(ju, list);
            }
            again = true;
            continue;
        }
        last_scans.clear();
        last_scans.extend(scans.iter().map(|x| x.1));
        if next.is_empty() && pending.is_empty() && j < n {
            break;
        }
        j += 1;
    }
    waits_start.push(waits.len());
    if p.over {
        return Err(spent(furthest));
    }

    let ends = Ends {
        furthest,
        could_end: could_end_at == Some(furthest),
        leo_links,
        last_scans: &last_scans,
        unbound,
    };
    finish(p, start, n, ends, &waits, &waits_start)
}

/// What the parse's last set left for [`finish`].
struct Ends<'s> {
    furthest: usize,
    could_end: bool,
    leo_links: usize,
    last_scans: &'s [u32],
    unbound: Vec<u32>,
}

/// The chart of a parse that ran to its last set: the roots (Leo's links expanded, in a
/// canonical order) and what was expected where it stopped.
fn finish(
    mut p: Parser<'_>,
    start: u32,
    n: usize,
    ends: Ends<'_>,
    waits: &[(u32, u32)],
    waits_start: &[usize],
) -> Result<Chart, Spent> {
    let cfg = p.cfg;
    let Ends {
        furthest,
        could_end,
        leo_links,
        last_scans,
        unbound,
    } = ends;
    let mut roots = Vec::new();
    if furthest == n {
        let from = p.items.partition_point(|it| (it.end as usize) < n);
        for (i, it) in p.items.iter().enumerate().skip(from) {
            if let Sym::End(pr) = cfg.syms[it.pos as usize]
                && cfg.prods[pr as usize].lhs == start
                && it.origin == 0
            {
                roots.push(i as u32);
            }
        }
    }
    if leo_links > 0 && !expand_leo(&mut p, &roots, waits, waits_start) {
        return Err(Spent { at: n });
    }
    // The roots in a canonical order (by production), as the forest takes trees from
    // them in this order.
    roots.sort_unstable_by_key(|&r| p.items[r as usize].pos);
    let mut expected_classes = Vec::new();
    let mut expected_prose = Vec::new();
    for &pos in last_scans {
        match cfg.syms[pos as usize] {
            Sym::T(t) => expected_classes.push(t),
            Sym::P(pi) => expected_prose.push(pi),
            _ => {}
        }
    }
    Ok(Chart {
        unmade: p.unmade,
        items: p.items,
        links: p.links,
        roots,
        furthest,
        expected_classes,
        expected_prose,
        could_end,
        unbound_prose: unbound,
    })
}

/// The chart's items by (end, position, origin), for [`expand_leo`] (the parse's own
/// lookup is per set and gone by then). Items are made set by set, so a set's items are a
/// run of the chart: a small set is scanned; a large one is sorted once, when first asked.
#[derive(Default)]
struct SetIndex {
    sorted: FastMap<u32, Vec<(u32, u32, u32)>>,
}

/// Sets up to this many items are scanned rather than sorted.
const SCAN: usize = 64;

impl SetIndex {
    fn find(&mut self, items: &[Item], end: u32, pos: u32, origin: u32) -> Option<u32> {
        let a = items.partition_point(|it| it.end < end);
        let b = a + items[a..].partition_point(|it| it.end <= end);
        if b - a <= SCAN {
            return (a..b)
                .find(|&i| items[i].pos == pos && items[i].origin == origin)
                .map(|i| i as u32);
        }
        let set = self.sorted.entry(end).or_insert_with(|| {
            let mut v: Vec<(u32, u32, u32)> = (a..b)
                .map(|i| (items[i].pos, items[i].origin, i as u32))
                .collect();
            v.sort_unstable();
            v
        });
        let k = set.partition_point(|&(p, o, _)| (p, o) < (pos, origin));
        match set.get(k) {
            Some(&(p, o, i)) if (p, o) == (pos, origin) => Some(i),
            _ => None,
        }
    }
}

/// Replaces the Leo links of the items reachable from `roots` by the chains of items and
/// links the plain algorithm would have built (only those the forest reaches), so that
/// the forest sees every derivation. Each chain item is built once per set: a second Leo
/// link that reaches an item already built links into it and stops there. The items and
/// links built count against the parse's work budget: `false` when it ran out.
fn expand_leo(p: &mut Parser<'_>, roots: &[u32], waits: &[(u32, u32)], start: &[usize]) -> bool {
    // Chain items built here, per (end set, position, origin).
    let mut built: FastMap<(u32, u32, u32), u32> = FastMap::default();
    let mut seen: Vec<bool> = vec![false; p.items.len()];
    let mut stack: Vec<u32> = Vec::new();
    for &r in roots {
        if !seen[r as usize] {
            seen[r as usize] = true;
            stack.push(r);
        }
    }
    let mut leo_links: Vec<u32> = Vec::new();
    // The chart's own items (a chain item may have been made by another completion too:
    // then the chain links into it, so that one item stands for one (position, origin,
    // end) and the forest is the plain algorithm's).
    let n_chart = p.items.len();
    let mut in_set = SetIndex::default();
    while let Some(v) = stack.pop() {
        // This item's Leo links, oldest first (the order the plain algorithm made the
        // links they stand for).
        leo_links.clear();
        let top = p.items[v as usize];
        let mut l = top.head;
        while l != NONE {
            let lk = p.links[l as usize];
            if lk.pred == LEO {
                leo_links.push(l);
            }
            l = lk.next;
        }
        let mut dropped = false;
        for &l in leo_links.iter().rev() {
            let mut cur = p.links[l as usize].child;
            loop {
                let c = p.items[cur as usize];
                let Sym::End(pr) = p.cfg.syms[c.pos as usize] else {
                    break;
                };
                let lhs = p.cfg.prods[pr as usize].lhs;
                let (g, len) = group(waits, start, c.origin, lhs);
                if len == 0 {
                    break;
                }
                let Leo::Top { waiter, .. } = p.leo_at(g) else {
                    break;
                };
                let w = p.items[waiter as usize];
                let (xpos, xorig) = (w.pos + 1, w.origin);
                if (xpos, xorig) == (top.pos, top.origin) {
                    // The top: the Leo link becomes the link the plain algorithm made.
                    p.links[l as usize].pred = waiter;
                    p.links[l as usize].child = cur;
                    break;
                }
                if p.spent() {
                    return false;
                }
                let found = built
                    .get(&(top.end, xpos, xorig))
                    .copied()
                    .or_else(|| in_set.find(&p.items[..n_chart], top.end, xpos, xorig));
                let (x, fresh) = match found {
                    Some(x) => (x, false),
                    None => {
                        let x = p.items.len() as u32;
                        p.items.push(Item {
                            pos: xpos,
                            origin: xorig,
                            end: top.end,
                            head: NONE,
                        });
                        built.insert((top.end, xpos, xorig), x);
                        seen.push(false);
                        (x, true)
                    }
                };
                let nl = p.links.len() as u32;
                p.links.push(Link {
                    pred: waiter,
                    child: cur,
                    next: p.items[x as usize].head,
                });
                p.items[x as usize].head = nl;
                if !fresh {
                    // The rest of the chain is already linked.
                    dropped = true;
                    break;
                }
                cur = x;
            }
        }
        if dropped || leo_links.iter().any(|&l| p.links[l as usize].pred == LEO) {
            // Unhook the Leo links that were merged into a chain built before.
            let mut prev = NONE;
            let mut l = p.items[v as usize].head;
            while l != NONE {
                let lk = p.links[l as usize];
                if lk.pred == LEO {
                    if prev == NONE {
                        p.items[v as usize].head = lk.next;
                    } else {
                        p.links[prev as usize].next = lk.next;
                    }
                } else {
                    prev = l;
                }
                l = lk.next;
            }
        }
        // Walk on.
        let mut l = p.items[v as usize].head;
        while l != NONE {
            let lk = p.links[l as usize];
            for w in [lk.pred, lk.child] {
                if w != TERM && w != LEO && !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
            l = lk.next;
        }
    }
    true
}
