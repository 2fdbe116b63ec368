//! A recursive start rule's **local superset**: the strings whose first code point can
//! start a string of the rule, whose last can end one, and each of whose adjacent pairs
//! of code points stands side by side in some string of the rule (the language's
//! "2-local" hull, as a Glushkov automaton reads it). It holds the rule's language, so
//! where its walk dies, no string of the rule goes on: the Earley parser's chart dies
//! there too, or earlier.
//!
//! It is the second regular superset beside `dfa::compile_superset`'s. That one keeps
//! the grammar's structure down to the first use that closes a recursion and reads
//! what follows as any string of the rule's code points, so an error deep inside a
//! nesting (`%` without two hex digits 31,300 bytes into 250 nested cross-references) is
//! read past. This one has no structure but sees every pair of code points, at any
//! depth: `%z` is no pair of XRI 2.0's, wherever it stands. Where either dies at a byte
//! the regular subset reads up to, that byte is the parser's first offending byte
//! (`recognize::SubsetScan::first_error`).
//!
//! Written by hand: the pairs are a relation on the grammar's code-point classes, which
//! a regular expression (and so `regex-automata`) could only spell out state by state;
//! here the walk is a table lookup a code point.
//!
//! Bounded: at most [`MAX_ATOMS`] classes and [`MAX_WORK`] word operations to build it,
//! else it declines (`None`) and the other bounds decide alone.

use super::compile::{Cfg, Sym};

/// The most classes (disjoint runs of code points no terminal tells apart) a local
/// superset is built over: its pair table is `MAX_ATOMS²` bits (512 KiB).
pub(crate) const MAX_ATOMS: usize = 2048;

/// The most 64-bit word operations its build may take (each an OR or a copy of a word),
/// counted over the first and last sets' propagation and the pairs.
pub(crate) const MAX_WORK: usize = 1 << 25;

/// The local superset of a start rule ([`Local::new`]).
#[derive(Clone, Debug)]
pub(crate) struct Local {
    /// The first code point of each class, ascending; class `i` runs up to the next's
    /// start (the last to U+10FFFF).
    starts: Vec<u32>,
    /// Whether some terminal holds class `i` (the others are code points the rule never
    /// reads).
    read: Vec<bool>,
    /// The class of each ASCII code point.
    ascii: [u16; 128],
    /// Words a bit set of classes takes.
    words: usize,
    /// The classes a string of the rule can start with, and end with.
    first: Vec<u64>,
    last: Vec<u64>,
    /// Whether the rule derives the empty string.
    nullable: bool,
    /// Row `a` (`words` words from `a * words`): the classes that can follow class `a`.
    pairs: Vec<u64>,
}

/// A bit set of classes, `words` words, as a slice of a larger vector.
fn set(bits: &mut [u64], i: usize) {
    if let Some(w) = bits.get_mut(i / 64) {
        *w |= 1 << (i % 64);
    }
}

fn has(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// `to |= from`; whether `to` changed.
fn or_into(to: &mut [u64], from: &[u64]) -> bool {
    let mut changed = false;
    for (t, &f) in to.iter_mut().zip(from) {
        let n = *t | f;
        changed |= n != *t;
        *t = n;
    }
    changed
}

/// The work left, taken from: `None` once it is spent.
fn spend(budget: &mut usize, n: usize) -> Option<()> {
    *budget = budget.checked_sub(n.max(1))?;
    Some(())
}

impl Local {
    /// The local superset of nonterminal `start`; `None` when the rule reaches a prose
    /// value (what it reads is not known), when it has more than [`MAX_ATOMS`] classes,
    /// or when building it would take more than [`MAX_WORK`].
    pub(crate) fn new(cfg: &Cfg, start: u32) -> Option<Local> {
        let mut budget = MAX_WORK;
        let order = reachable(cfg, start, &mut budget)?;
        // The classes: the runs between the boundaries of every reachable terminal.
        let mut bounds: Vec<u32> = vec![0];
        for &nt in &order {
            each_symbol(cfg, nt, |s| {
                if let Sym::T(t) = s
                    && let Some(c) = cfg.classes.get(t as usize)
                {
                    for &(lo, hi) in &c.ranges {
                        bounds.push(lo);
                        bounds.push(hi.saturating_add(1));
                    }
                }
            });
            spend(&mut budget, 1)?;
        }
        bounds.sort_unstable();
        bounds.dedup();
        bounds.retain(|&b| b <= 0x10_FFFF);
        if bounds.len() > MAX_ATOMS {
            return None;
        }
        let m = bounds.len();
        let words = m.div_ceil(64);
        let mut l = Local {
            read: vec![false; m],
            ascii: [0; 128],
            words,
            first: vec![0; words],
            last: vec![0; words],
            nullable: cfg.nts.get(start as usize)?.nullable,
            pairs: Vec::new(),
            starts: bounds,
        };
        for c in 0..128u32 {
            let a = u16::try_from(l.class_of(c)?).ok()?;
            *l.ascii.get_mut(c as usize)? = a;
        }
        // Per reachable rule, its first and last sets (indexed by place in `order`).
        let n = cfg.nts.len();
        let mut place = vec![usize::MAX; n];
        for (k, &nt) in order.iter().enumerate() {
            place[nt as usize] = k;
        }
        let r = order.len();
        spend(&mut budget, r.saturating_mul(words).saturating_mul(2))?;
        let mut first = vec![0u64; r * words];
        let mut last = vec![0u64; r * words];
        // Which rules' first (last) sets take in a rule's: the users that may start
        // (end) with it.
        let mut first_users: Vec<Vec<u32>> = vec![Vec::new(); r];
        let mut last_users: Vec<Vec<u32>> = vec![Vec::new(); r];
        let nullable = |s: Sym| match s {
            Sym::N(b) => cfg.nts.get(b as usize).is_none_or(|x| x.nullable),
            _ => false,
        };
        for (k, &nt) in order.iter().enumerate() {
            for syms in productions(cfg, nt) {
                for (it, sets, users) in [
                    (
                        &mut syms.iter() as &mut dyn Iterator<Item = &Sym>,
                        &mut first,
                        &mut first_users,
                    ),
                    (&mut syms.iter().rev(), &mut last, &mut last_users),
                ] {
                    for &s in it {
                        match s {
                            Sym::T(t) => {
                                let row = sets.get_mut(k * words..(k + 1) * words)?;
                                l.mark_terminal(cfg, t, row, &mut budget)?;
                            }
                            Sym::N(b) => {
                                let p = *place.get(b as usize)?;
                                users.get_mut(p)?.push(k as u32);
                                spend(&mut budget, 1)?;
                            }
                            Sym::P(_) | Sym::End(_) => return None,
                        }
                        if !nullable(s) {
                            break;
                        }
                    }
                }
            }
        }
        propagate(&mut first, &first_users, words, &mut budget)?;
        propagate(&mut last, &last_users, words, &mut budget)?;
        // The pairs: in each production, what ends one symbol and what starts a later
        // one with only nullable symbols between them.
        spend(&mut budget, m.saturating_mul(words))?;
        l.pairs = vec![0; m * words];
        let mut ends = vec![0u64; words];
        let mut starts = vec![0u64; words];
        for &nt in &order {
            for syms in productions(cfg, nt) {
                for (i, &x) in syms.iter().enumerate() {
                    l.set_of(cfg, x, &place, &last, &mut ends, &mut budget)?;
                    if ends.iter().all(|&w| w == 0) {
                        continue;
                    }
                    for &y in &syms[i + 1..] {
                        l.set_of(cfg, y, &place, &first, &mut starts, &mut budget)?;
                        // Each class that ends `x`, by the set words of `ends`.
                        for (w, &bits) in ends.iter().enumerate() {
                            let mut bits = bits;
                            while bits != 0 {
                                let a = w * 64 + bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                spend(&mut budget, words)?;
                                or_into(l.pairs.get_mut(a * words..(a + 1) * words)?, &starts);
                            }
                        }
                        if !nullable(y) {
                            break;
                        }
                    }
                }
            }
        }
        let at = *place.get(start as usize)?;
        l.first = first.get(at * words..(at + 1) * words)?.to_vec();
        l.last = last.get(at * words..(at + 1) * words)?.to_vec();
        Some(l)
    }

    /// The class of code point `c`.
    fn class_of(&self, c: u32) -> Option<usize> {
        self.starts.partition_point(|&s| s <= c).checked_sub(1)
    }

    /// Marks the classes of terminal `t` in `row` (and as read).
    fn mark_terminal(
        &mut self,
        cfg: &Cfg,
        t: u32,
        row: &mut [u64],
        budget: &mut usize,
    ) -> Option<()> {
        for &(lo, hi) in &cfg.classes.get(t as usize)?.ranges {
            let mut a = self.class_of(lo)?;
            while self.starts.get(a).is_some_and(|&s| s <= hi) {
                set(row, a);
                *self.read.get_mut(a)? = true;
                spend(budget, 1)?;
                a += 1;
            }
        }
        Some(())
    }

    /// Into `out`: the classes of symbol `s` from `sets` (a rule's, by `place`) or its
    /// own (a terminal's).
    fn set_of(
        &mut self,
        cfg: &Cfg,
        s: Sym,
        place: &[usize],
        sets: &[u64],
        out: &mut [u64],
        budget: &mut usize,
    ) -> Option<()> {
        out.fill(0);
        spend(budget, self.words)?;
        match s {
            Sym::T(t) => self.mark_terminal(cfg, t, out, budget),
            Sym::N(b) => {
                let p = *place.get(b as usize)?;
                out.copy_from_slice(sets.get(p * self.words..(p + 1) * self.words)?);
                Some(())
            }
            Sym::P(_) | Sym::End(_) => None,
        }
    }

    /// Where the walk dies in `input`: the start of the first code point no string of
    /// the rule has there (one it never reads, one that cannot start a string, one that
    /// cannot follow the code point before it), or the input's length when a string of
    /// the rule cannot end where it does. `None` when the whole input is in the local
    /// superset.
    pub(crate) fn dies_at(&self, input: &str) -> Option<usize> {
        let mut before: Option<usize> = None;
        for (i, c) in input.char_indices() {
            let c = u32::from(c);
            let a = match self.ascii.get(c as usize) {
                Some(&a) => usize::from(a),
                None => match self.class_of(c) {
                    Some(a) => a,
                    None => return Some(i),
                },
            };
            let can = self.read.get(a).copied().unwrap_or(false)
                && match before {
                    None => has(&self.first, a),
                    Some(b) => self
                        .pairs
                        .get(b * self.words..(b + 1) * self.words)
                        .is_some_and(|row| has(row, a)),
                };
            if !can {
                return Some(i);
            }
            before = Some(a);
        }
        let ends = match before {
            None => self.nullable,
            Some(b) => has(&self.last, b),
        };
        (!ends).then_some(input.len())
    }
}

/// The rules `start` reaches, `start` first; `None` past the budget.
fn reachable(cfg: &Cfg, start: u32, budget: &mut usize) -> Option<Vec<u32>> {
    let mut seen = vec![false; cfg.nts.len()];
    *seen.get_mut(start as usize)? = true;
    let mut order = vec![start];
    let mut i = 0;
    while let Some(&nt) = order.get(i) {
        i += 1;
        let mut found = Vec::new();
        each_symbol(cfg, nt, |s| {
            if let Sym::N(b) = s {
                found.push(b);
            }
        });
        spend(budget, found.len())?;
        for b in found {
            if let Some(x) = seen.get_mut(b as usize)
                && !*x
            {
                *x = true;
                order.push(b);
            }
        }
    }
    Some(order)
}

/// The productions of `nt`, each as its symbols.
fn productions(cfg: &Cfg, nt: u32) -> impl Iterator<Item = &[Sym]> {
    cfg.nts
        .get(nt as usize)
        .map_or(&[][..], |n| &n.prods)
        .iter()
        .map(|&p| cfg.prod_syms(p))
}

/// Calls `f` on every symbol of every production of `nt`.
fn each_symbol(cfg: &Cfg, nt: u32, mut f: impl FnMut(Sym)) {
    for syms in productions(cfg, nt) {
        for &s in syms {
            f(s);
        }
    }
}

/// Each rule's set taken into its users' (`users[k]`: the rules whose set holds rule
/// `k`'s), until nothing changes: a work list, each rule queued again when its set grew.
fn propagate(sets: &mut [u64], users: &[Vec<u32>], words: usize, budget: &mut usize) -> Option<()> {
    let r = users.len();
    let mut queued = vec![true; r];
    let mut queue: Vec<u32> = (0..r as u32).collect();
    let mut from = vec![0u64; words];
    while let Some(k) = queue.pop() {
        let k = k as usize;
        *queued.get_mut(k)? = false;
        from.copy_from_slice(sets.get(k * words..(k + 1) * words)?);
        for &u in users.get(k)? {
            let u = u as usize;
            spend(budget, words)?;
            if or_into(sets.get_mut(u * words..(u + 1) * words)?, &from) && !queued[u] {
                queued[u] = true;
                queue.push(u as u32);
            }
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::super::Grammar;
    use super::*;

    fn local(text: &str, start: &str) -> Local {
        let g = Grammar::from_text(text).expect("a grammar");
        let nt = *g.cfg.by_name.get(start).expect("the start rule");
        Local::new(&g.cfg, nt).expect("a local superset")
    }

    /// Pairs come from inside a rule, across rules, across nullable symbols and around
    /// a recursion; a pair no string has is where the walk dies, at any depth.
    #[test]
    fn the_walk_dies_at_the_first_pair_no_string_has() {
        let l = local(
            "s = \"(\" s \")\" / t\nt = *u \"x\"\nu = \"%\" 2HEXDIG / \"a\"\n",
            "s",
        );
        assert_eq!(l.dies_at("((a%4Fx))"), None);
        assert_eq!(l.dies_at("((ax))"), None);
        // `%z`: no string of the rule has `z`; `%x`: `x` never follows `%`.
        assert_eq!(l.dies_at("(((%z"), Some(4));
        assert_eq!(l.dies_at("(((%x"), Some(4));
        // `x(`: nothing follows `x` but `)`.
        assert_eq!(l.dies_at("(x("), Some(2));
        // It cannot start with `)`, nor end with `(` or `%`.
        assert_eq!(l.dies_at(")"), Some(0));
        assert_eq!(l.dies_at("(("), Some(2));
        assert_eq!(l.dies_at("a%"), Some(2));
        assert_eq!(l.dies_at(""), Some(0));
        // A superset: `(x` and `x)` are pairs, so unbalanced nesting is read.
        assert_eq!(l.dies_at("((x)"), None);
    }

    #[test]
    fn a_nullable_rule_takes_the_empty_string_and_prose_declines() {
        assert_eq!(local("s = *\"a\" \"b\" / \"\"\n", "s").dies_at(""), None);
        let g = Grammar::from_text("s = \"a\" t\nt = <anything>\n").expect("a grammar");
        let nt = *g.cfg.by_name.get("s").expect("s");
        assert!(Local::new(&g.cfg, nt).is_none());
    }
}
