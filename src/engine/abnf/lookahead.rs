//! One character of lookahead for the Earley parser: which items can still take part in
//! a parse, given the character that follows their set.
//!
//! An item `A → α • β` in the set before character `c` can be part of a parse of the
//! whole input only if `β` can start with `c`, or `β` can match the empty string and `c`
//! can follow `A` somewhere in the grammar. So with FIRST sets (of every dotted position's
//! rest, `β`) and FOLLOW sets (of every nonterminal) over the grammar's terminal classes,
//! the parser can leave out the items that fail both (the lookahead of LR(1) and LL(1)
//! parsers, applied to an Earley chart). Both sets are over-approximations (every
//! production counts, reachable from the start rule or not; the positions marked
//! non-empty are read as if they could be empty), so an item left out
//! could not have been part of a parse: the roots, the forest, the counts and the trees
//! are those of the parse without lookahead. Only the chart is smaller. On RFC 8141's ABNF
//! and a long NSS, most of a set's items are the optional components that could follow an
//! NSS ending there (`[rq-components]`, `["#" f-component]` and the completions up to
//! `namestring`), which no character but `?` and `#` continues.
//!
//! The parser uses it only where it cannot change what a parse reports: not at the end of
//! the input (the set whose items give the expected set of a valid input), and not in a
//! set where the parse dies (its items give the expected set of an invalid one): such a
//! set is made again without lookahead (`earley::parse`). Items left out never have
//! descendants in a later set, so the sets before it are those of the plain parse, as far
//! as what the last set reads.
//!
//! A prose value's matches are known only while parsing: it is read as able to start
//! with any character, and to match the empty string, so an item before one is always
//! kept (RFC 3986's `path-empty = 0<pchar>` leaves the rest of its grammar to lookahead).
//!
//! Bounded: the tables are made only for a grammar of at most [`MAX_SYMS`] dotted
//! positions and [`MAX_CLASSES`] terminal classes, and each parse keeps the live positions
//! of at most [`MAX_CHARS`] distinct characters; past that a set is made without
//! lookahead.
//! Written by hand: the sets are the textbook fixed points over the compiled grammar
//! (`compile::Cfg`), which no parsing crate exposes for a grammar of our own.

use super::compile::{Cfg, Sym};
use std::collections::HashMap;

/// The most dotted positions (`Cfg::syms`) a grammar may have for lookahead tables.
pub(crate) const MAX_SYMS: usize = 1 << 14;
/// The most terminal classes a grammar may have for lookahead tables.
pub(crate) const MAX_CLASSES: usize = 1 << 10;
/// The most distinct characters a parse keeps live positions for.
pub(crate) const MAX_CHARS: usize = 512;
/// The most passes over the grammar the fixed points may take; a grammar that needs more
/// gets no tables (a partial FIRST set would leave out items a parse needs).
const MAX_PASSES: usize = 256;

/// FIRST and FOLLOW over a grammar's terminal classes, kept as what a parse asks of them:
/// per class, the dotted positions an item can be at and go on before a character of
/// that class.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// Words per set of positions.
    words: usize,
    /// Per class (and last, the class every character holds): the positions whose rest
    /// can start with it, or can match the empty string while it can follow the
    /// position's rule (`words` words each). So the positions live before a character
    /// are the union of its classes' sets: a few words a class, where testing every
    /// position's FIRST and FOLLOW sets took the grammar's size times its classes.
    live: Vec<u64>,
}

fn or_into(dst: &mut [u64], src: &[u64]) -> bool {
    let mut changed = false;
    for (d, s) in dst.iter_mut().zip(src) {
        let v = *d | *s;
        changed |= v != *d;
        *d = v;
    }
    changed
}

impl Tables {
    /// The tables of `cfg`, or `None` when it is over the bounds.
    pub(crate) fn new(cfg: &Cfg) -> Option<Tables> {
        let n = cfg.syms.len();
        if n > MAX_SYMS || cfg.classes.len() > MAX_CLASSES {
            return None;
        }
        // One bit a class, and one more, the last, that every character holds: a
        // prose value's (it can start with anything, and is read as possibly empty).
        let any = cfg.classes.len();
        let words = (any + 1).div_ceil(64);
        let nts = cfg.nts.len();
        let mut lhs = vec![0u32; n];
        for p in &cfg.prods {
            let mut i = p.start as usize;
            while let Some(s) = cfg.syms.get(i) {
                lhs[i] = p.lhs;
                if matches!(s, Sym::End(_)) {
                    break;
                }
                i += 1;
            }
        }
        // Nullable rules (every symbol of some production nullable), to a fixed point.
        let mut nt_null = vec![false; nts];
        let mut first_nt = vec![0u64; nts * words];
        let mut first = vec![0u64; n * words];
        let mut nullable = vec![false; n];
        let mut converged = false;
        for _ in 0..MAX_PASSES {
            let mut changed = false;
            // Each position's rest, from its production's end backwards (a `T` or an
            // `N` is always followed by its production's symbols, at least its `End`).
            for i in (0..n).rev() {
                let null = match cfg.syms[i] {
                    Sym::End(_) => true,
                    Sym::T(t) => {
                        let w = i * words + t as usize / 64;
                        changed |= first[w] & (1 << (t % 64)) == 0;
                        first[w] |= 1 << (t % 64);
                        false
                    }
                    Sym::N(b) => {
                        let b = b as usize;
                        let (head, tail) = first.split_at_mut((i + 1) * words);
                        let here = &mut head[i * words..];
                        changed |= or_into(here, &first_nt[b * words..(b + 1) * words]);
                        if nt_null[b] {
                            changed |= or_into(here, &tail[..words]);
                        }
                        nt_null[b] && nullable[i + 1]
                    }
                    Sym::P(_) => {
                        let w = i * words + any / 64;
                        changed |= first[w] & (1 << (any % 64)) == 0;
                        first[w] |= 1 << (any % 64);
                        let (head, tail) = first.split_at_mut((i + 1) * words);
                        changed |= or_into(&mut head[i * words..], &tail[..words]);
                        nullable[i + 1]
                    }
                };
                if null != nullable[i] {
                    nullable[i] = null;
                    changed = true;
                }
            }
            for p in &cfg.prods {
                let s = p.start as usize;
                let a = p.lhs as usize;
                if nullable[s] && !nt_null[a] {
                    nt_null[a] = true;
                    changed = true;
                }
                changed |= or_into(
                    &mut first_nt[a * words..(a + 1) * words],
                    &first[s * words..(s + 1) * words],
                );
            }
            if !changed {
                converged = true;
                break;
            }
        }
        if !converged {
            return None;
        }
        // FOLLOW: what can come after each use of a nonterminal.
        let mut follow = vec![0u64; nts * words];
        let mut add: Vec<u64> = Vec::with_capacity(words);
        let mut converged = false;
        for _ in 0..MAX_PASSES {
            let mut changed = false;
            for i in 0..n {
                let Sym::N(b) = cfg.syms[i] else { continue };
                let b = b as usize;
                let a = lhs[i] as usize;
                add.clear();
                add.extend_from_slice(&first[(i + 1) * words..(i + 2) * words]);
                if nullable[i + 1] {
                    or_into(&mut add, &follow[a * words..(a + 1) * words]);
                }
                changed |= or_into(&mut follow[b * words..(b + 1) * words], &add);
            }
            if !changed {
                converged = true;
                break;
            }
        }
        if !converged {
            return None;
        }
        // Per class, the positions live before it: FIRST and FOLLOW turned around.
        let pw = n.div_ceil(64);
        let mut live = vec![0u64; (any + 1) * pw];
        let mut mark = |t: usize, i: usize| live[t * pw + i / 64] |= 1 << (i % 64);
        for i in 0..n {
            let a = lhs[i] as usize;
            for (k, &w) in first[i * words..(i + 1) * words].iter().enumerate() {
                each_bit(w, |b| mark(k * 64 + b, i));
            }
            if nullable[i] {
                for (k, &w) in follow[a * words..(a + 1) * words].iter().enumerate() {
                    each_bit(w, |b| mark(k * 64 + b, i));
                }
            }
        }
        Some(Tables { words: pw, live })
    }

    /// Appends to `out` one bit per dotted position: whether an item there can go on
    /// before the character `c`.
    fn live_before(&self, cfg: &Cfg, c: u32, out: &mut Vec<u64>) {
        let w = self.words;
        let from = out.len();
        out.resize(from + w, 0);
        let any = cfg.classes.len();
        let classes = cfg
            .classes
            .iter()
            .enumerate()
            .filter(|(_, k)| k.contains(c));
        for t in classes.map(|(t, _)| t).chain([any]) {
            if let Some(row) = self.live.get(t * w..(t + 1) * w) {
                or_into(&mut out[from..], row);
            }
        }
    }
}

/// Calls `f` with the place of each bit set in `w`, lowest first.
fn each_bit(mut w: u64, mut f: impl FnMut(usize)) {
    while w != 0 {
        f(w.trailing_zeros() as usize);
        w &= w - 1;
    }
}

/// A parse's live positions per character (at most [`MAX_CHARS`] characters).
pub(crate) struct Live<'a> {
    tables: &'a Tables,
    cfg: &'a Cfg,
    /// The bit sets, one after another.
    bits: Vec<u64>,
    /// Where each ASCII character's set starts in `bits`, plus one (0: not made yet).
    ascii: [u32; 128],
    /// Other characters' (rare in identifiers: std's map is enough).
    wide: HashMap<u32, u32>,
    made: usize,
}

impl<'a> Live<'a> {
    pub(crate) fn new(tables: &'a Tables, cfg: &'a Cfg) -> Live<'a> {
        Live {
            tables,
            cfg,
            bits: Vec::new(),
            ascii: [0; 128],
            wide: HashMap::new(),
            made: 0,
        }
    }

    /// Where the live positions before `c` start in [`Live::bits`], or `None` when this
    /// parse has made them for [`MAX_CHARS`] characters already and not for `c`.
    pub(crate) fn before(&mut self, c: char) -> Option<usize> {
        let c = c as u32;
        let known = match usize::try_from(c).ok().and_then(|i| self.ascii.get(i)) {
            Some(&k) => (k != 0).then(|| k as usize - 1),
            None => self.wide.get(&c).map(|&k| k as usize),
        };
        if known.is_some() {
            return known;
        }
        if self.made >= MAX_CHARS {
            return None;
        }
        self.made += 1;
        let at = self.bits.len();
        self.tables.live_before(self.cfg, c, &mut self.bits);
        match usize::try_from(c).ok().and_then(|i| self.ascii.get_mut(i)) {
            Some(slot) => *slot = at as u32 + 1,
            None => {
                self.wide.insert(c, at as u32);
            }
        }
        Some(at)
    }

    /// Whether position `pos` is live in the set that starts at `at`.
    #[inline]
    pub(crate) fn is_live(&self, at: usize, pos: u32) -> bool {
        let p = pos as usize;
        self.bits
            .get(at + p / 64)
            .is_none_or(|w| w & (1 << (p % 64)) != 0)
    }
}

impl super::Grammar {
    /// The live positions of a parse or recognizer run of this grammar (`None`: it has no
    /// lookahead tables).
    pub(crate) fn live(&self) -> Option<Live<'_>> {
        self.lookahead().map(|t| Live::new(t, &self.cfg))
    }

    /// This grammar's lookahead tables, made at the first call (`None`: over their
    /// bounds).
    pub(crate) fn lookahead(&self) -> Option<&Tables> {
        self.lookahead
            .get_or_init(|| Tables::new(&self.cfg).map(std::sync::Arc::new))
            .as_deref()
    }
}

/// Where the live positions before the character at byte `j` of `input` are, with the
/// sets they are read from; `None` at the end of the input, for a set made again
/// (`redo`), or without lookahead.
pub(crate) fn live_at<'l, 'a>(
    live: &'l mut Option<Live<'a>>,
    input: &str,
    j: usize,
    redo: bool,
) -> Option<(&'l Live<'a>, usize)> {
    let c = input.get(j..)?.chars().next()?;
    let l = live.as_mut().filter(|_| !redo)?;
    let at = l.before(c)?;
    Some((&*l, at))
}
