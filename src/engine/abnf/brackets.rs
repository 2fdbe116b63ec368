//! A proof of validity for a grammar whose recursion passes through one bracketed rule,
//! such as XRI 2.0's `xref = "(" ( XRI-reference / IRI ) ")"`: no chart, two automata,
//! one pass.
//!
//! With every use of the bracketed rule `B` read as one symbol, the placeholder byte
//! ([`dfa::PLACEHOLDER`], never in UTF-8 text), the rest of the grammar no longer
//! recurses: the start rule and `B`'s own body are regular, and each compiles to an
//! automaton ([`dfa::compile_placeholder`]). The input is read once, its bytes copied to
//! a buffer; at each closing bracket, the text from its opening bracket (inner
//! cross-references already replaced) is given to `B`'s automaton, and where that matches,
//! the text is replaced by the placeholder. At the end, the start rule's automaton reads
//! the buffer. Where it matches, the input is valid: each placeholder stands for text
//! that `B` derives (by induction from the innermost), and the start rule's match with
//! that text in place of each placeholder is a derivation of the input.
//!
//! So it only ever answers "valid"; where a pair of brackets is not one of `B` (a
//! grammar that also takes "(" and ")" as plain characters, as XRI 2.0's `ireg-name`
//! does), the brackets are kept as text, and where the start rule's automaton still does
//! not match, the answer is "not proven" and the recognizer's chart decides (it gives the
//! first offending byte and the expected set, which this pass cannot). The pass is
//! bounded: the bytes its automata read are at most [`PER_BYTE`] times the input and
//! [`SLACK`] more (text inside brackets that are not `B`'s is read again by each enclosing
//! pair), past which it gives up.
//!
//! An XRI with cross-references nested in its paths (the 64 KiB input of issue 36's
//! fifth target) costs the recognizer some 1,900 instructions a byte, its chart's sets
//! and items; this pass reads each byte once with each automaton.
//!
//! Written here rather than as a general pushdown automaton: the grammars of this
//! project recurse through brackets (XRI 2.0), and one rule, found by its shape, keeps
//! the pass one loop over the bytes.

use regex_automata::hybrid::dfa::Cache;

use super::compile::{Cfg, Sym};
use super::dfa::{self, NotCompiled, Subset};
use super::pool::Pool;

/// Bytes read by the automata, a byte of input, past [`SLACK`], before the pass gives up.
const PER_BYTE: usize = 4;
const SLACK: usize = 1 << 12;
/// The largest buffers a thread keeps for its next pass (bytes of text).
const KEEP_BYTES: usize = 1 << 16;
/// The most candidate rules tried for the bracketed one: each costs two walks of the
/// grammar, and one whose walks find no other recursion a compilation of two automata.
const MAX_TRIES: usize = 64;
/// The most candidates whose compilation may fail as too large before the pass is given
/// up: each such failure can cost as much as the grammar's regular subset.
const MAX_TOO_LARGE: usize = 2;

/// A grammar's bracketed rule and its two automata ([`Brackets::new`]).
pub(crate) struct Brackets {
    open: u8,
    close: u8,
    /// The bracketed rule, its inner uses read as the placeholder.
    rule: Subset,
    /// The start rule, each use of the bracketed rule read as the placeholder.
    start: Subset,
    /// The threads' caches of the two automata, and their buffers.
    caches: Pool<Caches>,
}

/// One thread's caches of a [`Brackets`]' automata, and the buffers of its pass (kept,
/// as a batch asks on every line the regular subset does not match).
struct Caches {
    rule: Cache,
    start: Cache,
    /// The input with the pairs contracted so far.
    text: Vec<u8>,
    /// Where the brackets not yet closed are in `text`.
    opens: Vec<usize>,
}

impl std::fmt::Debug for Brackets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Brackets")
            .field("open", &char::from(self.open))
            .field("close", &char::from(self.close))
            .finish_non_exhaustive()
    }
}

/// The ASCII character of terminal `t` when it is one code point (any case: a quoted
/// "(" has no other), else `None`.
fn one_ascii(cfg: &Cfg, s: Sym) -> Option<u8> {
    let Sym::T(t) = s else { return None };
    match cfg.classes.get(t as usize)?.ranges.as_slice() {
        &[(a, b)] if a == b && a < 0x80 => u8::try_from(a).ok(),
        _ => None,
    }
}

/// Whether rule `b` is shaped as brackets ([`brackets_of`]).
pub(crate) fn bracketed(cfg: &Cfg, b: u32) -> bool {
    brackets_of(cfg, b).is_some()
}

/// Rule `b`'s brackets: every production of `b` starts with the same one ASCII
/// character and ends with another, with something between.
fn brackets_of(cfg: &Cfg, b: u32) -> Option<(u8, u8)> {
    if cfg.reps.contains_key(&b) {
        return None;
    }
    let mut found = None;
    for &p in &cfg.nts.get(b as usize)?.prods {
        let syms = cfg.prod_syms(p);
        let (&first, &last) = (syms.first()?, syms.last()?);
        if syms.len() < 3 {
            return None;
        }
        let pair = (one_ascii(cfg, first)?, one_ascii(cfg, last)?);
        if pair.0 == pair.1 || found.is_some_and(|f| f != pair) {
            return None;
        }
        found = Some(pair);
    }
    found
}

impl Brackets {
    /// The bracketed rule among `candidates` (the rules a recursive start rule's chart
    /// keeps) through which all of `start`'s recursion passes, and its automata; `None`
    /// when no rule fits or the automata do not compile.
    pub(crate) fn new(cfg: &Cfg, start: u32, candidates: &[u32]) -> Option<Brackets> {
        let mut too_large = 0;
        for &b in candidates.iter().take(MAX_TRIES) {
            let Some((open, close)) = brackets_of(cfg, b) else {
                continue;
            };
            // Recursion that does not pass through `b`: found by a walk, before any
            // compilation.
            if !dfa::regular_without(cfg, start, b) || !dfa::regular_without(cfg, b, b) {
                continue;
            }
            let both = dfa::compile_placeholder(cfg, start, b)
                .and_then(|start| Ok((dfa::compile_placeholder(cfg, b, b)?, start)));
            let (rule, start) = match both {
                Ok(both) => both,
                Err(NotCompiled::TooLarge(_)) => {
                    too_large += 1;
                    if too_large >= MAX_TOO_LARGE {
                        return None;
                    }
                    continue;
                }
                Err(_) => continue,
            };
            return Some(Brackets {
                open,
                close,
                rule,
                start,
                caches: Pool::default(),
            });
        }
        None
    }

    /// Whether the pass proves `input` valid (see the module's comment); `false` says
    /// nothing.
    pub(crate) fn proves(&self, input: &str) -> bool {
        let make = || Caches {
            rule: self.rule.cache(),
            start: self.start.cache(),
            text: Vec::new(),
            opens: Vec::new(),
        };
        self.caches.with(make, |caches| {
            let out = self.pass(input.as_bytes(), caches);
            // A long input's buffers are not kept for the next.
            if caches.text.capacity() > KEEP_BYTES || caches.opens.capacity() > KEEP_BYTES / 8 {
                caches.text = Vec::new();
                caches.opens = Vec::new();
            }
            out
        })
    }

    fn pass(&self, input: &[u8], caches: &mut Caches) -> bool {
        let Caches {
            rule,
            start,
            text,
            opens,
        } = caches;
        let limit = input.len().saturating_mul(PER_BYTE).saturating_add(SLACK);
        let mut read = 0usize;
        text.clear();
        text.reserve(input.len());
        opens.clear();
        for &b in input {
            text.push(b);
            if b == self.open {
                opens.push(text.len() - 1);
            } else if b == self.close
                && let Some(at) = opens.pop()
            {
                let Some(pair) = text.get(at..) else {
                    return false;
                };
                // The bytes read: up to the code point where the automaton died (it
                // may not read the whole pair), else all of them.
                match self.rule.dies_at(rule, pair) {
                    Some(None) => {
                        read += pair.len();
                        text.truncate(at);
                        text.push(dfa::PLACEHOLDER);
                    }
                    Some(Some(k)) => read += (k + 4).min(pair.len()),
                    // The automaton gave up.
                    None => return false,
                }
                if read > limit {
                    return false;
                }
            }
        }
        read + text.len() <= limit && self.start.dies_at(start, text) == Some(None)
    }
}
