//! The grammar compiler: a grammar whose start rule reaches no recursion describes a
//! regular language, and is compiled to a deterministic automaton over the input's bytes.
//!
//! The compiled grammar ([`super::compile::Cfg`]) becomes a `regex_syntax::hir::Hir`:
//! terminals are sets of code points (a quoted string's letters are already both cases
//! unless `%s`), repetitions are `Hir` repetitions with their own bounds (the `Cfg`'s
//! expansion into recursion is not used), a prose value bound to "the rest of the input"
//! ([`super::Grammar::bind_prose_rest`]) is `(?s:.+)\z`. regex-automata compiles that to a
//! Thompson NFA, turning code-point ranges into UTF-8 byte sequences, and runs it as its
//! lazy DFA (`hybrid`), anchored, with `\z` at the end so that only a whole-input match
//! counts.
//!
//! Why regex-automata's lazy DFA and not a DFA of our own or its dense DFA: it is
//! well-kept, byte-oriented and already knows UTF-8; the lazy DFA builds only the states an
//! input visits, in a cache of bounded size ([`CACHE_BYTES`]) that it clears and refills
//! when full, so an automaton that would explode (`*(%x00-10FFFF / "a") 20"a"`-like
//! grammars, whose dense DFA is exponential) costs time per byte, never memory beyond the
//! cache. A dense DFA would have to be built whole up front, in time and memory exponential
//! in the worst case. Where one table read a byte beats the lazy DFA's cache check (the
//! URN namespace layer walks its automaton for every URN of a bulk check), a thread fills
//! a byte table from the lazy DFA as transitions are first used
//! ([`Automaton::dies_at_dense`]), for automata of at most [`FILLED_STATES`] states.
//!
//! What is refused (the caller falls back to the Earley engine, saying so): recursion
//! reachable from the start rule, prose values other than the bound "rest", a terminal
//! with no code point a string can hold, and anything too large: more than
//! [`MAX_HIR_NODES`] nodes once every rule is inlined, nesting deeper than [`MAX_DEPTH`]
//! (the NFA compiler recurses on it), or an NFA over [`MAX_NFA_BYTES`] (large repetition
//! bounds multiply the NFA).
//!
//! A recursive start rule has a regular subset ([`compile_subset`]): the rule with each use
//! that closes a recursion read as matching nothing. Its automaton gives the recognizer of
//! recursive grammars (`recognize`) a "valid" in one pass for the inputs it matches; it
//! says nothing of the others, and gives up rather than build states without end.
//!
//! The verdict is exact: the automaton matches the language of the grammar. Where it
//! dies is the first offending code point: every state it is in can still reach a match
//! (the grammar reaches no recursion, no prose but the rest, and no empty terminal, so
//! every rule is productive), so the bytes it read are a prefix of some match and the
//! Earley engine's furthest set is there too.

use std::sync::{Arc, OnceLock};

use regex_automata::hybrid::LazyStateID;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson::{self, NFA, State, WhichCaptures};
use regex_automata::util::primitives::StateID;
use regex_automata::{Anchored, Input, MatchKind};
use regex_syntax::hir::{Capture, Class, ClassUnicode, ClassUnicodeRange, Hir, Look, Repetition};

use super::compile::{Cfg, Sym};

/// The most `Hir` nodes a compiled start rule may have once every rule it uses is inlined
/// (also the most work inlining may do).
pub const MAX_HIR_NODES: usize = 1 << 20;
/// The deepest nesting of the inlined expression (regex-automata's NFA compiler recurses
/// on it).
pub const MAX_DEPTH: usize = 400;
/// The largest NFA (bytes of heap): repetition bounds multiply it.
pub const MAX_NFA_BYTES: usize = 16 << 20;
/// The lazy DFA's cache per thread (bytes): its memory whatever the input's length.
pub const CACHE_BYTES: usize = 4 << 20;

/// Why a grammar's start rule was not compiled to an automaton (the Earley engine judges
/// it instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotCompiled {
    /// The start rule is not a rule of the grammar.
    UnknownRule(String),
    /// The start rule reaches a rule that derives itself: not a regular language here.
    Recursive(String),
    /// The start rule reaches a prose value.
    Prose(String),
    /// A terminal matches no code point a string can hold (only surrogates, or above
    /// U+10FFFF).
    EmptyTerminal(String),
    /// The automaton would be too large: what was over.
    TooLarge(String),
}

impl std::fmt::Display for NotCompiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotCompiled::UnknownRule(r) => write!(f, "the grammar has no rule named `{r}`"),
            NotCompiled::Recursive(r) => write!(
                f,
                "`{r}` derives itself (recursion): judged by the Earley engine, not compiled"
            ),
            NotCompiled::Prose(r) => write!(
                f,
                "`{r}` has a prose value: judged by the Earley engine, not compiled"
            ),
            NotCompiled::EmptyTerminal(t) => write!(
                f,
                "the terminal {t} matches no character: judged by the Earley engine, not compiled"
            ),
            NotCompiled::TooLarge(what) => write!(
                f,
                "the automaton would be too large ({what}): judged by the Earley engine, not compiled"
            ),
        }
    }
}

impl std::error::Error for NotCompiled {}

/// A start rule compiled to a lazy DFA. Cheap to clone and shared between threads; each
/// thread runs it with its own [`Scratch`].
#[derive(Clone, Debug)]
pub struct Automaton {
    dfa: Arc<DFA>,
    /// The same language with each terminal tagged, for the expected set where the
    /// automaton dies ([`Automaton::expected_at`]): built at the first expected set asked
    /// for (a batch verdict never asks, and never pays for it); `None` inside when its NFA
    /// was over the size limit (the caller then asks the Earley engine, on a bounded
    /// prefix).
    tagged: Arc<Tagged>,
    /// How many terminal classes the grammar has: a tag `1 + c` is class `c`, a tag
    /// `1 + classes + p` prose value `p`.
    classes: u32,
}

/// The tagged NFA of an [`Automaton`], built from its source at first use.
#[derive(Debug)]
struct Tagged {
    /// What it is built from: the start rule's reachable part of the grammar.
    source: TagSource,
    nfa: OnceLock<Option<NFA>>,
}

/// The part of a grammar an automaton's tagged NFA is built from: the nonterminals its
/// start rule reaches, renumbered from 0 in `order`'s order (children first), with their
/// productions, repetitions and every terminal class (a tag is `1 + class`, so the
/// classes keep their numbers). A copy, not the grammar: the automaton outlives it, and
/// a grammar's expanded repetitions (which the automaton reads as repetitions, not as
/// the recursion they expand to) are left out.
#[derive(Debug)]
struct TagSource {
    cfg: Cfg,
    start: u32,
    order: Vec<u32>,
    never: Vec<bool>,
}

impl TagSource {
    /// The part of `cfg` that `order` (the nonterminals `start` reaches, children first)
    /// uses.
    fn new(cfg: &Cfg, start: u32, order: &[u32], never: &[bool]) -> TagSource {
        let mut new_of = vec![u32::MAX; cfg.nts.len()];
        for (k, &nt) in order.iter().enumerate() {
            new_of[nt as usize] = k as u32;
        }
        let map = |s: Sym| match s {
            Sym::N(b) => Sym::N(new_of.get(b as usize).copied().unwrap_or(u32::MAX)),
            s => s,
        };
        let mut out = Cfg {
            classes: cfg
                .classes
                .iter()
                .map(|c| super::compile::Class {
                    ranges: c.ranges.clone(),
                    desc: String::new(),
                    string: None,
                })
                .collect(),
            ..Cfg::default()
        };
        for (k, &nt) in order.iter().enumerate() {
            let mut node = super::compile::Nt::default();
            if let Some(&(min, max, x)) = cfg.reps.get(&nt) {
                out.reps.insert(k as u32, (min, max, map(x)));
            } else {
                for &p in &cfg.nts[nt as usize].prods {
                    node.prods.push(out.prods.len() as u32);
                    out.prods.push(super::compile::Prod {
                        lhs: k as u32,
                        start: out.syms.len() as u32,
                    });
                    let mut i = cfg.prods[p as usize].start as usize;
                    while let Some(&s) = cfg.syms.get(i) {
                        out.syms.push(map(s));
                        if matches!(s, Sym::End(_)) {
                            break;
                        }
                        i += 1;
                    }
                }
            }
            out.nts.push(node);
        }
        TagSource {
            cfg: out,
            start: new_of[start as usize],
            order: (0..order.len() as u32).collect(),
            never: never.to_vec(),
        }
    }

    /// The tagged NFA (see [`Automaton::expected_at`]), within the size limits; `None`
    /// over them.
    fn build(&self) -> Option<NFA> {
        let classes = u32::try_from(self.cfg.classes.len()).unwrap_or(u32::MAX);
        let root = inline(
            &self.cfg,
            self.start,
            &self.order,
            Some(classes),
            &self.never,
            &[],
        )
        .ok()?;
        let root = Hir::concat(vec![root, Hir::look(Look::End)]);
        thompson::Compiler::new()
            .configure(
                thompson::Config::new()
                    .nfa_size_limit(Some(MAX_NFA_BYTES))
                    .which_captures(WhichCaptures::All)
                    .shrink(false),
            )
            .build_from_hir(&root)
            .ok()
    }
}

impl Tagged {
    fn nfa(&self) -> Option<&NFA> {
        self.nfa.get_or_init(|| self.source.build()).as_ref()
    }
}

/// What the grammar expects where the automaton died ([`Automaton::expected_at`]): the
/// Earley engine's furthest set there waits for the same terminals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Expected {
    /// The terminal classes (indices into the grammar's classes), sorted.
    pub classes: Vec<u32>,
    /// The prose values bound to "the rest", sorted.
    pub prose: Vec<u32>,
    /// Whether the input could have ended there (the prefix matches the start rule).
    pub could_end: bool,
}

/// The lazy DFA's states of one thread ([`Automaton::scratch`]): at most [`CACHE_BYTES`],
/// and the byte table [`Automaton::dies_at_dense`] fills from them.
#[derive(Clone, Debug)]
pub struct Scratch {
    cache: Cache,
    /// Made at the second [`Automaton::dies_at_dense`] with this scratch; `Err` once the
    /// table cannot serve (over [`FILLED_STATES`] states, or the cache was cleared under
    /// it).
    table: Option<Result<Box<Filled>, ()>>,
    /// Whether a walk has been made with this scratch: the first is the lazy DFA's, so
    /// that a scratch used once (a single equivalence key, a single analysis) does not
    /// pay for a table, zeroed, that only a batch's later walks repay.
    walked: bool,
}

impl Automaton {
    /// A fresh cache for this automaton (use it with this automaton only).
    pub fn scratch(&self) -> Scratch {
        Scratch {
            cache: Cache::new(&self.dfa),
            table: None,
            walked: false,
        }
    }

    /// Whether the whole input matches.
    pub fn is_match(&self, scratch: &mut Scratch, input: &str) -> bool {
        let inp = Input::new(input.as_bytes()).anchored(Anchored::Yes);
        // The cache never gives up (no minimum clear count), so an error is not expected;
        // if one came, the slow walk below answers.
        match self.dfa.try_search_fwd(&mut scratch.cache, &inp) {
            Ok(m) => m.is_some_and(|m| m.offset() == input.len()),
            Err(_) => self.dies_at(scratch, input).is_none(),
        }
    }

    /// `None` when the whole input matches; else the byte offset of the first code point
    /// the automaton cannot read (the input's length when it read everything and stopped
    /// short of a match).
    pub fn dies_at(&self, scratch: &mut Scratch, input: &str) -> Option<usize> {
        self.dies_at_bytes(scratch, input.as_bytes())
    }

    /// [`Automaton::dies_at`] on bytes: the automaton reads only UTF-8 (its classes are
    /// code points encoded as UTF-8), so what it read before it died is UTF-8, and the
    /// offending code point starts at the last byte before that point that is not a
    /// continuation byte.
    fn dies_at_bytes(&self, scratch: &mut Scratch, bytes: &[u8]) -> Option<usize> {
        let inp = Input::new(bytes).anchored(Anchored::Yes);
        let cache = &mut scratch.cache;
        let Ok(mut sid) = self.dfa.start_state_forward(cache, &inp) else {
            return Some(0);
        };
        for (i, &b) in bytes.iter().enumerate() {
            sid = match self.dfa.next_state(cache, sid, b) {
                Ok(s) => s,
                Err(_) => return Some(byte_char_start(bytes, i)),
            };
            if sid.is_dead() {
                return Some(byte_char_start(bytes, i));
            }
        }
        match self.dfa.next_eoi_state(cache, sid) {
            Ok(s) if s.is_match() => None,
            _ => Some(bytes.len()),
        }
    }

    /// Reads `input` from byte `from` (a character boundary), anchored, and calls `end(e)`
    /// for every character boundary `e` where `input[from..e]` matches (`e > from`): the
    /// Earley recognizer's scan of a compiled rule with several ends (`recognize`). Gives
    /// the furthest boundary up to which what was read is a prefix of a match (where it
    /// died, or the input's end); `None` if the lazy DFA failed (it is configured never
    /// to).
    pub(crate) fn scan_ends(
        &self,
        scratch: &mut Scratch,
        input: &str,
        from: usize,
        mut end: impl FnMut(usize),
    ) -> Option<usize> {
        let bytes = input.as_bytes();
        let cache = &mut scratch.cache;
        let inp = Input::new(bytes.get(from..)?).anchored(Anchored::Yes);
        let mut sid = self.dfa.start_state_forward(cache, &inp).ok()?;
        let mut i = from;
        loop {
            if i > from
                && input.is_char_boundary(i)
                && self.dfa.next_eoi_state(cache, sid).ok()?.is_match()
            {
                end(i);
            }
            let Some(&b) = bytes.get(i) else {
                return Some(i);
            };
            sid = self.dfa.next_state(cache, sid, b).ok()?;
            if sid.is_dead() {
                return Some(byte_char_start(bytes, i));
            }
            i += 1;
        }
    }

    /// Whether the automaton names the expected set where it dies at any length of the
    /// input (its tagged NFA was within the size limit; see [`super::Verdict::failure`]).
    /// Builds the tagged NFA if it was not built yet.
    pub fn gives_expected(&self) -> bool {
        self.tagged.nfa().is_some()
    }

    /// The heap the automaton's NFA and tables take (bytes), without any [`Scratch`]: the
    /// tagged NFA's once built.
    pub fn memory_usage(&self) -> usize {
        self.dfa.memory_usage()
            + self
                .tagged
                .nfa
                .get()
                .and_then(Option::as_ref)
                .map_or(0, |n| n.memory_usage())
    }

    /// The expected set after `prefix` (a prefix of some match: the bytes before where
    /// the automaton died), from the tagged NFA: the terminals whose tag its states reach
    /// after reading the prefix, without reading a byte more. `None` without a tagged NFA
    /// or when the prefix is not a prefix of a match (which `dies_at` rules out).
    ///
    /// Why this way and not the Earley engine on the prefix (what the verdict did before)
    /// or per-state sets of the lazy DFA: the DFA's states are sets of NFA states, but
    /// regex-automata keeps them private, and two terminals of the grammar that share
    /// code points (`ALPHA` and `"a"`) are one transition to it, so the DFA alone cannot
    /// name which the grammar waits for. The tagged NFA can: each terminal sits inside a
    /// capture group numbered by its class, and the epsilon closure that reaches a
    /// group's start is exactly the Earley engine's prediction of that terminal (both are
    /// exact for a grammar without recursion: every state on the way is productive).
    /// Simulated over the prefix in time linear in its length times the NFA's active
    /// states, with memory the NFA's size: no prefix limit, where the Earley chart held
    /// a few hundred bytes a byte and was capped at [`super::EXPECTED_PREFIX`].
    pub(crate) fn expected_at(&self, prefix: &[u8]) -> Option<Expected> {
        let nfa = self.tagged.nfa()?;
        if prefix.len() >= u32::MAX as usize {
            return None;
        }
        let n = nfa.states().len();
        let mut mark = vec![u32::MAX; n];
        let mut generation = 0u32;
        let mut roots = vec![nfa.start_anchored()];
        let mut consuming: Vec<StateID> = Vec::new();
        let mut stack: Vec<StateID> = Vec::new();
        let mut out = Expected::default();
        for step in 0..=prefix.len() {
            let last = step == prefix.len();
            consuming.clear();
            stack.clear();
            stack.append(&mut roots);
            while let Some(id) = stack.pop() {
                let m = &mut mark[id.as_usize()];
                if *m == generation {
                    continue;
                }
                *m = generation;
                match nfa.state(id) {
                    State::ByteRange { .. } | State::Sparse(_) | State::Dense(_) => {
                        consuming.push(id)
                    }
                    State::Look { look, next } => {
                        // Only the end of the input is ever asserted (`\z`), and only
                        // the last step is at it.
                        if last && *look == regex_automata::util::look::Look::End {
                            stack.push(*next);
                        }
                    }
                    State::Union { alternates } => stack.extend(alternates.iter().rev()),
                    State::BinaryUnion { alt1, alt2 } => {
                        stack.push(*alt2);
                        stack.push(*alt1);
                    }
                    State::Capture {
                        next,
                        group_index,
                        slot,
                        ..
                    } => {
                        // A group's start (an even slot of the one pattern) is where its
                        // terminal is predicted.
                        let g = group_index.as_u32();
                        if last && g > 0 && slot.as_usize() % 2 == 0 {
                            if g <= self.classes {
                                out.classes.push(g - 1);
                            } else {
                                out.prose.push(g - 1 - self.classes);
                            }
                        }
                        stack.push(*next);
                    }
                    State::Fail => {}
                    State::Match { .. } => out.could_end |= last,
                }
            }
            if last {
                break;
            }
            let b = prefix[step];
            for &id in &consuming {
                let next = match nfa.state(id) {
                    State::ByteRange { trans } => trans.matches_byte(b).then_some(trans.next),
                    State::Sparse(t) => t.matches_byte(b),
                    State::Dense(t) => t.matches_byte(b),
                    _ => None,
                };
                roots.extend(next);
            }
            if roots.is_empty() {
                return None;
            }
            generation += 1;
        }
        out.classes.sort_unstable();
        out.classes.dedup();
        out.prose.sort_unstable();
        out.prose.dedup();
        Some(out)
    }
}

impl Automaton {
    /// [`Automaton::dies_at`], walking a table: each byte one read of its class and one
    /// of the table (`next[row + class]`: no bounds check, no cache consulted), filled
    /// from the lazy DFA the first time a state meets a class. The table lives in the
    /// thread's `scratch` (made at need), so that a batch of short inputs (the URN
    /// namespace layer judges every URN of a bulk check) pays the lazy DFA's work once
    /// per transition it uses (from its second input: a scratch used once walks the lazy
    /// DFA), and neither a walk through its cache per byte nor a
    /// determinization of the whole automaton up front (regex-automata's dense DFA cost
    /// more at start-up than this layer's whole walk over 200,000 URNs). An automaton
    /// with more than `FILLED_STATES` states, or whose cache was cleared under the
    /// table, walks the lazy DFA as [`Automaton::dies_at`] does. The same language either
    /// way, so the same answer.
    pub fn dies_at_dense(&self, scratch: &mut Option<Scratch>, input: &str) -> Option<usize> {
        self.dies_at_dense_bytes(scratch, input.as_bytes())
    }

    /// [`Automaton::dies_at_dense`] on bytes that need not be UTF-8 (the automaton reads
    /// only UTF-8: a line whose UTF-8 was not checked is judged the same, and never cut
    /// inside a character; see `Automaton::dies_at_bytes`). The batch namespace layer
    /// walks the line it read, which `check`'s quick path has already found to be UTF-8,
    /// without checking it again.
    pub fn dies_at_dense_bytes(
        &self,
        scratch: &mut Option<Scratch>,
        input: &[u8],
    ) -> Option<usize> {
        let scratch = scratch.get_or_insert_with(|| self.scratch());
        if let Some(answer) = self.walk_filled(scratch, input) {
            return answer;
        }
        self.dies_at_bytes(scratch, input)
    }

    /// The walk of [`Automaton::dies_at_dense`] by the byte table; `None` when the table
    /// cannot serve, or on the scratch's first walk (the lazy DFA then walks).
    fn walk_filled(&self, scratch: &mut Scratch, input: &[u8]) -> Option<Option<usize>> {
        let Scratch {
            cache,
            table,
            walked,
        } = scratch;
        let t = match table {
            Some(Ok(t)) => t,
            Some(Err(())) => return None,
            None if !*walked => {
                *walked = true;
                return None;
            }
            None => table
                .insert(Filled::new(&self.dfa, cache).map(Box::new).ok_or(()))
                .as_mut()
                .ok()?,
        };
        let result = t.walk(&self.dfa, cache, input);
        if result.is_none() {
            *table = Some(Err(()));
        }
        result
    }
}

/// The most states a [`Filled`] table numbers, its two own rows (the unknown and the dead
/// state's) included: every row starts below 2^16, so a row is a `u16`.
const FILLED_STATES: usize = 255;

/// How many bytes [`Filled::walk`] reads before it looks at the state: the dead state and
/// the unknown row keep themselves, so a block is walked without a test a byte, and only
/// a block that met one is walked again, byte by byte.
const DENSE_BLOCK: usize = 64;

/// The entries of a [`Filled`] table: every row start plus every column fits.
const FILLED_LEN: usize = 1 << 17;

/// What the end-of-input column of a row holds once asked: the input may not end there,
/// or it may (0 is not yet asked).
const ENDS_NO: u16 = 1;
const ENDS_YES: u16 = 2;

/// The table of one thread's [`Automaton::dies_at_dense`]: a row per lazy-DFA state met,
/// a column per byte class of the automaton (regex-automata's equivalence classes: bytes
/// no transition tells apart), and one more column for the end of the input. An entry
/// is the start of the next state's row (the state's number times the row's length), so
/// a byte costs a class lookup, which does not wait on the state, and one read that does:
/// `s = next[s + class[byte]]`. Row 0 is the unknown row: all zero, what the table holds
/// before a transition is asked of the lazy DFA, so a walk that meets it stays there; row
/// 1 is the dead state's, which keeps itself. The rows an automaton of a URN namespace
/// uses fit in a few hundred bytes (its classes are a few dozen), which stay in the
/// nearest cache while a batch walks a dozen namespaces by turns; a 256-byte row per
/// state spread them over pages, and missed the cache once or twice a URN.
#[derive(Clone, Debug)]
struct Filled {
    /// The rows; allocated zeroed, so the pages no row reaches are never touched.
    next: Box<[u16; FILLED_LEN]>,
    /// Each byte's class.
    classes: [u8; 256],
    /// A row's length: the byte classes and the end-of-input column.
    stride: usize,
    /// The lazy DFA's state of each number (0 and 1, the unknown and dead rows', are
    /// never read).
    ids: Vec<LazyStateID>,
    numbers: std::collections::HashMap<LazyStateID, usize>,
    /// The anchored start state's row.
    start: u16,
    /// The cache's clear count when the numbers were made: a clear voids its states.
    clears: usize,
}

impl Filled {
    /// An empty table, with the start state numbered.
    fn new(dfa: &DFA, cache: &mut Cache) -> Option<Filled> {
        // The grammar has no look-behind: one anchored start state, whatever the input.
        let start = dfa
            .start_state_forward(cache, &Input::new(&[][..]).anchored(Anchored::Yes))
            .ok()?;
        let bytes = dfa.byte_classes();
        let mut classes = [0u8; 256];
        for (b, c) in (0..=255u8).zip(classes.iter_mut()) {
            *c = bytes.get(b);
        }
        // The alphabet counts the end of the input as one more class: the last column.
        let stride = bytes.alphabet_len();
        if stride * FILLED_STATES + 256 > FILLED_LEN {
            return None;
        }
        // Zeroed (every entry unknown): allocated as untouched pages.
        let next: Box<[u16; FILLED_LEN]> =
            vec![0u16; FILLED_LEN].into_boxed_slice().try_into().ok()?;
        let mut t = Filled {
            next,
            classes,
            stride,
            ids: vec![start, start],
            numbers: std::collections::HashMap::new(),
            start: 0,
            clears: cache.clear_count(),
        };
        let dead = t.row(1)?;
        t.next[stride..2 * stride].fill(dead);
        t.start = t.number(start)?;
        Some(t)
    }

    /// The start of the `n`th row.
    fn row(&self, n: usize) -> Option<u16> {
        u16::try_from(n * self.stride).ok()
    }

    /// The row of the lazy DFA's state `id` (numbering it if new); `None` past
    /// [`FILLED_STATES`].
    fn number(&mut self, id: LazyStateID) -> Option<u16> {
        if id.is_dead() {
            return self.row(1);
        }
        if let Some(&n) = self.numbers.get(&id) {
            return self.row(n);
        }
        if self.ids.len() >= FILLED_STATES {
            return None;
        }
        let n = self.ids.len();
        self.ids.push(id);
        self.numbers.insert(id, n);
        self.row(n)
    }

    /// The state after byte `b` in the state whose row starts at `s`, asked of the lazy
    /// DFA if it was not yet; `None` when the table cannot serve.
    fn step(&mut self, dfa: &DFA, cache: &mut Cache, s: u16, b: u8) -> Option<u16> {
        let at = usize::from(s) + usize::from(self.classes[usize::from(b)]);
        let known = *self.next.get(at)?;
        if known != 0 {
            return Some(known);
        }
        let from = *self.ids.get(usize::from(s) / self.stride)?;
        let to = dfa.next_state(cache, from, b).ok()?;
        if cache.clear_count() != self.clears || to.is_quit() || to.is_unknown() {
            return None;
        }
        let n = self.number(to)?;
        *self.next.get_mut(at)? = n;
        Some(n)
    }

    /// [`Automaton::dies_at`] by the table: `None` when it cannot serve.
    fn walk(&mut self, dfa: &DFA, cache: &mut Cache, input: &[u8]) -> Option<Option<usize>> {
        if cache.clear_count() != self.clears {
            return None;
        }
        // Rows at or below the dead state's are the unknown and the dead rows.
        let stop = u16::try_from(self.stride).ok()?;
        let mut s = self.start;
        for (k, block) in input.chunks(DENSE_BLOCK).enumerate() {
            let before = s;
            for &b in block {
                // A row start is below 2^16 and a class below 2^8: within the table.
                // The byte's column is found first (it does not wait on the state), so
                // that each byte waits on one read, not on an addition and a read (the
                // batch layer's verdicts over the URN corpus about 3 % faster:
                // `measure_layer_batch` in tests/namespaces_fast.rs).
                let col = &self.next[usize::from(self.classes[usize::from(b)])..];
                s = col[usize::from(s)];
            }
            if s <= stop {
                // Again, byte by byte, asking the lazy DFA what the table does not know,
                // for the byte where it died.
                s = before;
                for (i, &b) in block.iter().enumerate() {
                    s = self.step(dfa, cache, s, b)?;
                    if s == stop {
                        return Some(Some(byte_char_start(input, k * DENSE_BLOCK + i)));
                    }
                }
            }
        }
        // The last column: whether the input may end here, once asked.
        let at = usize::from(s) + self.stride - 1;
        let end = match *self.next.get(at)? {
            ENDS_YES => true,
            ENDS_NO => false,
            _ => {
                let id = *self.ids.get(usize::from(s) / self.stride)?;
                let end = dfa.next_eoi_state(cache, id).ok()?.is_match();
                if cache.clear_count() != self.clears {
                    return None;
                }
                *self.next.get_mut(at)? = if end { ENDS_YES } else { ENDS_NO };
                end
            }
        };
        Some((!end).then_some(input.len()))
    }
}

/// The start of the character byte `i` of `bytes` is in: `i` backed over UTF-8
/// continuation bytes (`str::is_char_boundary` on a string).
fn byte_char_start(bytes: &[u8], mut i: usize) -> usize {
    while i > 0 && bytes.get(i).is_some_and(|&b| b & 0xC0 == 0x80) {
        i -= 1;
    }
    i
}

/// The code points of `ranges` a Rust string can hold, as a class.
fn class(ranges: &[(u32, u32)]) -> Option<Hir> {
    let mut out = Vec::new();
    for &(lo, hi) in ranges {
        let hi = hi.min(0x10_FFFF);
        let mut push = |a: u32, b: u32| {
            if a <= b
                && let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b))
            {
                out.push(ClassUnicodeRange::new(a, b));
            }
        };
        if lo < 0xD800 {
            push(lo, hi.min(0xD7FF));
        }
        if hi > 0xDFFF {
            push(lo.max(0xE000), hi);
        }
    }
    if out.is_empty() {
        return None;
    }
    Some(Hir::class(Class::Unicode(ClassUnicode::new(out))))
}

/// The name to show for nonterminal `nt`: its own, or that of the rule using it.
fn shown(cfg: &Cfg, nt: u32) -> String {
    if let Some(n) = cfg.nts.get(nt as usize).and_then(|n| n.name.clone()) {
        return n;
    }
    // A helper: the first named rule whose productions mention it.
    for p in &cfg.prods {
        let mut i = p.start as usize;
        while let Some(&s) = cfg.syms.get(i) {
            match s {
                Sym::End(_) => break,
                Sym::N(b) if b == nt => {
                    return shown_named(cfg, p.lhs);
                }
                _ => {}
            }
            i += 1;
        }
    }
    for (&r, &(_, _, x)) in &cfg.reps {
        if x == Sym::N(nt) {
            return shown_named(cfg, r);
        }
    }
    "a group".to_string()
}

fn shown_named(cfg: &Cfg, nt: u32) -> String {
    cfg.nts
        .get(nt as usize)
        .and_then(|n| n.name.clone())
        .unwrap_or_else(|| "a group".to_string())
}

/// The symbols a nonterminal uses: its repetition's `x`, or its productions' symbols.
fn uses(cfg: &Cfg, nt: u32) -> Vec<Sym> {
    if let Some(&(_, max, x)) = cfg.reps.get(&nt) {
        // `0x` (RFC 3986's `path-empty = 0<pchar>`) matches the empty string alone, and
        // reaches nothing.
        return if max == Some(0) { Vec::new() } else { vec![x] };
    }
    let mut out = Vec::new();
    for &p in &cfg.nts[nt as usize].prods {
        let mut i = cfg.prods[p as usize].start as usize;
        while let Some(&s) = cfg.syms.get(i) {
            if matches!(s, Sym::End(_)) {
                break;
            }
            out.push(s);
            i += 1;
        }
    }
    out
}

/// Compiles nonterminal `start` of `cfg`; `rest[i]` says prose value `i` is bound to "the
/// rest of the input".
///
/// `never[i]` says prose value `i` (one with no recognizer) matches nothing, as the Earley
/// engine reads an unbound prose value: accepted only where that changes no first
/// offending byte ([`dead_first`]), else refused as any prose value is.
pub(crate) fn compile(
    cfg: &Cfg,
    start: u32,
    rest: &[bool],
    never: &[bool],
) -> Result<Automaton, NotCompiled> {
    let order = reach(cfg, start, rest, never, false, None)?;
    if never.iter().any(|&n| n) && !dead_first(cfg, start, &order, never) {
        return Err(NotCompiled::Prose(shown(cfg, start)));
    }
    let root = inline(cfg, start, &order, None, never, &[])?;
    let dfa = lazy_dfa(root, false)?;
    // The same expression with each terminal tagged (for the expected set), built at the
    // first expected set asked for, within the same limits (else the expected set comes
    // from the Earley engine). Only its source is kept now: a batch verdict (the
    // namespace layer's) never asks for an expected set.
    let classes = u32::try_from(cfg.classes.len()).unwrap_or(u32::MAX);
    Ok(Automaton {
        dfa: Arc::new(dfa),
        tagged: Arc::new(Tagged {
            source: TagSource::new(cfg, start, &order, never),
            nfa: OnceLock::new(),
        }),
        classes,
    })
}

/// The nonterminals `start` reaches, in post-order (children first), walking the uses
/// [`uses`] gives.
///
/// Exact (`subset` false), for [`compile`]: recursion is refused, and so are a prose
/// value that is neither bound to the rest (`rest`) nor read as matching nothing
/// (`never`), and a terminal with no code point. For [`compile_subset`] nothing is
/// refused: a use of a rule still on the walk's stack (a back edge: the use that closes
/// a recursion) is not followed, and [`inline`] reads it as matching nothing, as it
/// does such prose values and terminals. A use of `leaf` is not followed either (see
/// [`compile_placeholder`]), and is no back edge: `start` itself is walked.
fn reach(
    cfg: &Cfg,
    start: u32,
    rest: &[bool],
    never: &[bool],
    subset: bool,
    leaf: Option<u32>,
) -> Result<Vec<u32>, NotCompiled> {
    let n = cfg.nts.len();
    // 0 unseen, 1 on the stack, 2 done.
    let mut color = vec![0u8; n];
    let mut order: Vec<u32> = Vec::new();
    let mut stack: Vec<(u32, Vec<Sym>, usize)> = vec![(start, uses(cfg, start), 0)];
    color[start as usize] = 1;
    while let Some(top) = stack.last_mut() {
        let (nt, syms, i) = (top.0, &top.1, top.2);
        let Some(&s) = syms.get(i) else {
            color[nt as usize] = 2;
            order.push(nt);
            stack.pop();
            continue;
        };
        top.2 += 1;
        match s {
            Sym::N(b) if Some(b) == leaf => {}
            Sym::N(b) => match color[b as usize] {
                0 => {
                    color[b as usize] = 1;
                    stack.push((b, uses(cfg, b), 0));
                }
                1 if !subset => return Err(NotCompiled::Recursive(shown(cfg, b))),
                _ => {}
            },
            Sym::P(p) => {
                if !subset
                    && !rest.get(p as usize).copied().unwrap_or(false)
                    && !never.get(p as usize).copied().unwrap_or(false)
                {
                    return Err(NotCompiled::Prose(shown(cfg, nt)));
                }
            }
            Sym::T(t) => {
                let c = &cfg.classes[t as usize];
                if !subset && class(&c.ranges).is_none() {
                    return Err(NotCompiled::EmptyTerminal(c.desc.clone()));
                }
            }
            Sym::End(_) => {}
        }
    }
    Ok(order)
}

/// The lazy DFA of `root`, anchored at both ends. `give_up`: the DFA gives up (the
/// search fails) once its cache has been cleared a few times while it makes few bytes
/// of progress per state, rather than build states for every byte of an input (for
/// [`Subset`], which has a slower way to the answer behind it).
fn lazy_dfa(root: Hir, give_up: bool) -> Result<DFA, NotCompiled> {
    let root = Hir::concat(vec![root, Hir::look(Look::End)]);
    let nfa = thompson::Compiler::new()
        .configure(
            thompson::Config::new()
                .nfa_size_limit(Some(MAX_NFA_BYTES))
                .which_captures(WhichCaptures::None)
                .shrink(false),
        )
        .build_from_hir(&root)
        .map_err(|e| NotCompiled::TooLarge(format!("the NFA: {e}")))?;
    let (clears, per_state) = if give_up {
        (Some(SUBSET_CLEARS), Some(SUBSET_BYTES_PER_STATE))
    } else {
        (None, None)
    };
    DFA::builder()
        .configure(
            DFA::config()
                .match_kind(MatchKind::All)
                .cache_capacity(CACHE_BYTES)
                .skip_cache_capacity_check(false)
                .minimum_cache_clear_count(clears)
                .minimum_bytes_per_state(per_state),
        )
        .build_from_nfa(nfa)
        .map_err(|e| NotCompiled::TooLarge(format!("the DFA: {e}")))
}

/// How many times a [`Subset`]'s lazy DFA may clear its cache before it gives up, if it
/// also makes less than [`SUBSET_BYTES_PER_STATE`] bytes of progress a state.
const SUBSET_CLEARS: usize = 2;
/// See [`SUBSET_CLEARS`].
const SUBSET_BYTES_PER_STATE: usize = 10;

/// A regular subset of a recursive start rule's language ([`compile_subset`]): a match
/// is a match of the rule, so the rule's verdict on an input the subset matches is
/// "valid" without a chart; an input it does not match says nothing (the recognizer or
/// the Earley engine decides).
#[derive(Clone, Debug)]
pub(crate) struct Subset {
    dfa: Arc<DFA>,
}

impl Subset {
    /// A fresh cache for this subset (one per thread).
    pub(crate) fn cache(&self) -> Cache {
        Cache::new(&self.dfa)
    }

    /// Whether the whole input matches; `false` too when the lazy DFA gave up (see
    /// [`lazy_dfa`]).
    pub(crate) fn is_match(&self, cache: &mut Cache, input: &str) -> bool {
        let inp = Input::new(input.as_bytes()).anchored(Anchored::Yes);
        self.dfa
            .try_search_fwd(cache, &inp)
            .is_ok_and(|m| m.is_some_and(|m| m.offset() == input.len()))
    }
}

/// The regular subset of nonterminal `start` that uses no recursion ([`Subset`]): the
/// start rule with every use that closes a recursion (a back edge of a depth-first walk
/// from it, [`reach`]) read as matching nothing, and so every prose value not bound to
/// the rest and every terminal with no code point. Each such reading only removes
/// strings, so what is left is a subset of the language, and a regular one: no rule it
/// keeps derives itself.
///
/// XRI 2.0's `xri-value` keeps its authorities and paths with cross-references one
/// level deep whose own content holds none; an input the grammar reads in many ways
/// because a flat rule takes the nested text whole (its `ireg-name` takes "(", ")" and
/// every GCS character, so 62 KB of cross-references nested 250 deep is one `iauthority`)
/// matches it in one pass, where the chart's items grow with the square of the input.
/// Refused as [`compile`] refuses what is too large.
pub(crate) fn compile_subset(cfg: &Cfg, start: u32, rest: &[bool]) -> Result<Subset, NotCompiled> {
    let order = reach(cfg, start, rest, &[], true, None)?;
    let never: Vec<bool> = (0..cfg.prose.len())
        .map(|i| !rest.get(i).copied().unwrap_or(false))
        .collect();
    let root = inline(cfg, start, &order, None, &never, &[])?;
    Ok(Subset {
        dfa: Arc::new(lazy_dfa(root, true)?),
    })
}

/// Whether rule `root`, every use of `leaf` read as one symbol, reaches no recursion, no
/// prose value and no terminal without a code point: [`compile_placeholder`]'s walk,
/// without its compilation (linear in the grammar).
pub(crate) fn regular_without(cfg: &Cfg, root: u32, leaf: u32) -> bool {
    reach(cfg, root, &[], &[], false, Some(leaf)).is_ok()
}

/// The byte a [`compile_placeholder`] automaton reads for a string of its rule: never in
/// UTF-8 text, and in no terminal's encoding.
pub(crate) const PLACEHOLDER: u8 = 0xFF;

/// Rule `root` (a regular language once every use of rule `leaf` is read as one symbol)
/// with each use of `leaf` read as the byte [`PLACEHOLDER`]: `root` may be `leaf`
/// itself, whose own expression is inlined once. A match, each placeholder replaced by
/// any string of `leaf`, is a string of `root`: the same derivation, with `leaf`'s own
/// below each placeholder. Refused where the rules `root` reaches without passing
/// through `leaf` still recurse, reach a prose value or a terminal with no code point,
/// or are too large, as [`compile`] refuses them. Its walk gives up as a
/// [`Subset`]'s does (it has a slower way to the answer behind it).
pub(crate) fn compile_placeholder(cfg: &Cfg, root: u32, leaf: u32) -> Result<Subset, NotCompiled> {
    // (The walk is [`regular_without`]'s, done again: a caller asks that first, to try
    // several rules before it compiles one.)
    let order = reach(cfg, root, &[], &[], false, Some(leaf))?;
    let mut closures: Vec<Option<Sized>> = vec![None; cfg.nts.len()];
    let slot = closures
        .get_mut(leaf as usize)
        .ok_or_else(|| NotCompiled::UnknownRule(shown(cfg, leaf)))?;
    *slot = Some((Hir::literal([PLACEHOLDER]), 1, 1));
    let root = inline(cfg, root, &order, None, &[], &closures)?;
    Ok(Subset {
        dfa: Arc::new(lazy_dfa(root, true)?),
    })
}

/// A regular superset of a recursive start rule's language ([`compile_superset`]): what
/// it cannot read, the rule cannot. Beside the [`Subset`], it settles the first offending
/// byte of an input the grammar reads in too many ways for a chart
/// ([`super::recognize::Plan::verdict_by_bounds`]).
#[derive(Clone, Debug)]
pub(crate) struct Superset {
    dfa: Arc<DFA>,
}

impl Superset {
    /// A fresh cache for this superset (one per thread).
    pub(crate) fn cache(&self) -> Cache {
        Cache::new(&self.dfa)
    }

    /// [`Subset::dies_at`] for the superset.
    pub(crate) fn dies_at(&self, cache: &mut Cache, input: &[u8]) -> Option<Option<usize>> {
        walk_or_give_up(&self.dfa, cache, input)
    }
}

impl Subset {
    /// Where the subset's automaton dies in `input` (the start of the code point it
    /// cannot read; the input's length when it read everything and stopped short of a
    /// match), `Some(None)` when the whole input matches, and `None` when the lazy DFA
    /// gave up (see [`lazy_dfa`]).
    pub(crate) fn dies_at(&self, cache: &mut Cache, input: &[u8]) -> Option<Option<usize>> {
        walk_or_give_up(&self.dfa, cache, input)
    }
}

/// [`Automaton::dies_at`]'s walk on a lazy DFA that may give up: `None` when it did.
fn walk_or_give_up(dfa: &DFA, cache: &mut Cache, bytes: &[u8]) -> Option<Option<usize>> {
    let inp = Input::new(bytes).anchored(Anchored::Yes);
    let mut sid = dfa.start_state_forward(cache, &inp).ok()?;
    for (i, &b) in bytes.iter().enumerate() {
        sid = dfa.next_state(cache, sid, b).ok()?;
        if sid.is_dead() {
            return Some(Some(byte_char_start(bytes, i)));
        }
        if sid.is_quit() || sid.is_unknown() {
            return None;
        }
    }
    let end = dfa.next_eoi_state(cache, sid).ok()?;
    Some((!end.is_match()).then_some(bytes.len()))
}

/// The regular superset of nonterminal `start` ([`Superset`]): the start rule with every
/// use that closes a recursion (a use of rule `b`, [`compile_subset`]'s back edges) read
/// as `F_b ([Σ_b]* L_b)?`, or also the empty string where `b` is nullable (`Σ_b`: every
/// code point of the terminals `b` reaches; `F_b` and `L_b`: those a string of `b` can
/// start and end with). Each such reading only adds strings, so what is left holds the
/// language, and is regular.
///
/// More: where the Earley engine's chart has an item that reads a code point after a
/// prefix, the superset can read it. Such an item lies on a path of rule uses from the
/// start rule; up to the first back edge on that path the superset inlines the same
/// rules, and past it every code point read since that use of `b` began is in `Σ_b`, the
/// first in `F_b`. So where the superset's automaton dies, the chart has no item to read
/// on with. Refused for a start rule that reaches a prose value (what prose reads is not
/// known), and as [`compile`] refuses what is too large.
pub(crate) fn compile_superset(cfg: &Cfg, start: u32) -> Result<Superset, NotCompiled> {
    let order = reach(cfg, start, &[], &[], true, None)?;
    for &nt in &order {
        let mut prose = false;
        each_use(cfg, nt, |s| prose |= matches!(s, Sym::P(_)));
        if prose {
            return Err(NotCompiled::Prose(shown(cfg, nt)));
        }
    }
    // Each rule `b` a back edge uses is read as `F_b ([Σ_b]* L_b)?`, and may be empty
    // where `b` is nullable: `Σ_b` every terminal of the rules `b` reaches, `F_b` those
    // a string of `b` can start with, `L_b` those it can end with. So "(" and ")" around
    // a cross-reference stay required (XRI 2.0's `xref`), where `[Σ_b]*` alone would
    // read any text. A prefix of a string of `b` is read too: its first code point is
    // in `F_b`, the rest in `Σ_b`.
    let nullable = nullable_rules(cfg, &order);
    let edges = |a: u32, which: Ends, f: &mut dyn FnMut(Sym)| {
        end_uses(cfg, a, which, &nullable, f);
    };
    // One walk of the rules a target reaches for each of the three sets: a grammar with
    // many targets that each reach much of it would make that quadratic, so the walks
    // share a budget, past which a target is read as `[Σ]*` over every terminal the
    // start rule reaches (one walk, made at most once).
    let mut walks = Reach::new(cfg, 4 * MAX_HIR_NODES);
    let mut coarse: Option<Sized> = None;
    let star = |sub: Hir, max: Option<u32>| {
        Hir::repetition(Repetition {
            min: 0,
            max,
            greedy: true,
            sub: Box::new(sub),
        })
    };
    let mut closures: Vec<Option<Sized>> = vec![None; cfg.nts.len()];
    for b in back_edge_targets(cfg, &order) {
        let mut reached = |which: Ends| walks.terminals(cfg, b, |a, f| edges(a, which, f));
        let (Some(sigma), Some(first), Some(last)) = (
            reached(Ends::All),
            reached(Ends::First),
            reached(Ends::Last),
        ) else {
            let any = coarse.get_or_insert_with(|| {
                let all = Reach::new(cfg, usize::MAX)
                    .terminals(cfg, start, |a, f| edges(a, Ends::All, f))
                    .unwrap_or_default();
                let n = 2 + all.len();
                (star(class(&all).unwrap_or_else(Hir::empty), None), n, 2)
            });
            closures[b as usize] = Some(any.clone());
            continue;
        };
        let piece = |r: &[(u32, u32)]| class(r).unwrap_or_else(Hir::fail);
        let rest = Hir::concat(vec![star(piece(&sigma), None), piece(&last)]);
        let some = Hir::concat(vec![piece(&first), star(rest, Some(1))]);
        let h = if nullable.get(b as usize).copied().unwrap_or(true) {
            Hir::alternation(vec![some, Hir::empty()])
        } else {
            some
        };
        // Its nodes and nesting as `inline` counts them, each range of its classes a node.
        let size = 8 + sigma.len() + first.len() + last.len();
        closures[b as usize] = Some((h, size, 4));
    }
    let root = inline(cfg, start, &order, None, &[], &closures)?;
    Ok(Superset {
        dfa: Arc::new(lazy_dfa(root, true)?),
    })
}

/// An expression with its size and depth, as [`inline`] counts them.
type Sized = (Hir, usize, usize);

/// The rules that back edges of `order` (a [`reach`] order of a subset walk) use.
fn back_edge_targets(cfg: &Cfg, order: &[u32]) -> Vec<u32> {
    let n = cfg.nts.len();
    let mut place = vec![usize::MAX; n];
    for (k, &nt) in order.iter().enumerate() {
        place[nt as usize] = k;
    }
    let mut targets = Vec::new();
    let mut taken = vec![false; n];
    for (k, &nt) in order.iter().enumerate() {
        each_use(cfg, nt, |s| {
            if let Sym::N(b) = s
                && place.get(b as usize).is_none_or(|&p| p >= k)
                && let Some(t) = taken.get_mut(b as usize)
                && !*t
            {
                *t = true;
                targets.push(b);
            }
        });
    }
    targets
}

/// Which uses of a rule [`end_uses`] gives.
#[derive(Clone, Copy)]
enum Ends {
    /// Every use.
    All,
    /// Those a string of the rule can start with: each symbol of a production after
    /// only nullable ones (a repetition's item).
    First,
    /// Those it can end with: each symbol before only nullable ones.
    Last,
}

/// Calls `f` on the uses of `a` that `which` names, `nullable` per rule.
fn end_uses(cfg: &Cfg, a: u32, which: Ends, nullable: &[bool], f: &mut dyn FnMut(Sym)) {
    let skips = |s: Sym| match s {
        Sym::N(c) => nullable.get(c as usize).copied().unwrap_or(true),
        _ => false,
    };
    match (which, cfg.reps.get(&a)) {
        (Ends::All, _) => each_use(cfg, a, &mut *f),
        (_, Some(&(_, Some(0), _))) => {}
        (_, Some(&(_, _, x))) => f(x),
        (_, None) => {
            for &p in cfg.nts.get(a as usize).map_or(&[][..], |n| &n.prods) {
                let syms = cfg.prod_syms(p);
                // From the production's start (or end), up to its first symbol that is
                // not nullable, that one included.
                let mut walk = |it: &mut dyn Iterator<Item = &Sym>| {
                    for &s in it {
                        f(s);
                        if !skips(s) {
                            break;
                        }
                    }
                };
                match which {
                    Ends::Last => walk(&mut syms.iter().rev()),
                    _ => walk(&mut syms.iter()),
                }
            }
        }
    }
}

/// Walks of the rules a rule reaches, for the code points of their terminals
/// ([`Reach::terminals`]): the rules each walk has seen are stamped in one vector kept
/// between walks, and every walk takes from one budget.
struct Reach {
    seen: Vec<u32>,
    stamp: u32,
    budget: usize,
}

impl Reach {
    fn new(cfg: &Cfg, budget: usize) -> Reach {
        Reach {
            seen: vec![0; cfg.nts.len()],
            stamp: 0,
            budget,
        }
    }

    /// The code points of the terminals reached from rule `b` along the uses `uses`
    /// gives (each rule visited once), each rule and range taken from the budget; `None`
    /// once it is spent.
    fn terminals(
        &mut self,
        cfg: &Cfg,
        b: u32,
        uses: impl Fn(u32, &mut dyn FnMut(Sym)),
    ) -> Option<Vec<(u32, u32)>> {
        self.stamp = self.stamp.checked_add(1)?;
        let mut ranges = Vec::new();
        let mut stack = vec![b];
        while let Some(a) = stack.pop() {
            match self.seen.get_mut(a as usize) {
                Some(x) if *x != self.stamp => *x = self.stamp,
                _ => continue,
            }
            let before = ranges.len();
            uses(a, &mut |s| match s {
                Sym::T(t) => ranges.extend_from_slice(&cfg.classes[t as usize].ranges),
                Sym::N(c) => stack.push(c),
                Sym::P(_) | Sym::End(_) => {}
            });
            self.budget = self.budget.checked_sub(1 + ranges.len() - before)?;
        }
        Some(ranges)
    }
}

/// Per rule: whether it may derive the empty string, over the rules of `order` (a
/// [`reach`] order; the others are taken as nullable, which only widens what
/// [`compile_superset`] reads). A work list: each production (and each repetition)
/// counts the uses it still waits on, and a rule found nullable is taken off the counts
/// of its users', so the time is linear in the grammar's size whatever its recursion.
fn nullable_rules(cfg: &Cfg, order: &[u32]) -> Vec<bool> {
    let n = cfg.nts.len();
    let mut out = vec![true; n];
    for &nt in order {
        out[nt as usize] = false;
    }
    // Per unit (a production, or a repetition's rule): its rule and how many of its
    // symbols are not yet known nullable (`None`: one never is, a terminal).
    let mut units: Vec<(u32, Option<usize>)> = Vec::new();
    // Per rule: the units that wait on it, once per use.
    let mut users: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &nt in order {
        let mut add = |syms: &mut dyn Iterator<Item = Sym>,
                       units: &mut Vec<(u32, Option<usize>)>| {
            let id = units.len() as u32;
            let mut need = Some(0usize);
            for s in syms {
                match s {
                    Sym::T(_) => need = None,
                    Sym::N(c) if !out.get(c as usize).copied().unwrap_or(true) => {
                        need = need.map(|k| k + 1);
                        if let Some(u) = users.get_mut(c as usize) {
                            u.push(id);
                        }
                    }
                    _ => {}
                }
            }
            units.push((nt, need));
        };
        match cfg.reps.get(&nt) {
            Some(&(min, max, _)) if min == 0 || max == Some(0) => {
                add(&mut std::iter::empty(), &mut units);
            }
            Some(&(_, _, x)) => add(&mut std::iter::once(x), &mut units),
            None => {
                for &p in &cfg.nts[nt as usize].prods {
                    let from = cfg.prods[p as usize].start as usize;
                    let mut syms = cfg.syms[from..]
                        .iter()
                        .copied()
                        .take_while(|s| !matches!(s, Sym::End(_)));
                    add(&mut syms, &mut units);
                }
            }
        }
    }
    let mut queue: Vec<u32> = Vec::new();
    for &(nt, need) in &units {
        if need == Some(0) && !out[nt as usize] {
            out[nt as usize] = true;
            queue.push(nt);
        }
    }
    while let Some(c) = queue.pop() {
        for &u in users.get(c as usize).map_or(&[][..], Vec::as_slice) {
            let Some((nt, Some(need))) = units.get_mut(u as usize) else {
                continue;
            };
            *need = need.saturating_sub(1);
            if *need == 0 && !out[*nt as usize] {
                out[*nt as usize] = true;
                queue.push(*nt);
            }
        }
    }
    out
}

/// Whether prose values that match nothing (`never`) leave every first offending byte
/// where the Earley engine puts it: a production that can never complete (it holds such a
/// value, or a rule none of whose productions can complete) must have that symbol first,
/// so that the Earley engine, which predicts it, never scans a byte along it. The
/// automaton then dies exactly where the Earley engine's furthest set is (RFC 5141's
/// `addition = techdefined / isodefined`, `isodefined = <unspecified>`, is such a
/// grammar). The start rule itself must be able to complete.
fn dead_first(cfg: &Cfg, start: u32, order: &[u32], never: &[bool]) -> bool {
    let n = cfg.nts.len();
    let mut dead = vec![false; n];
    let sym_dead = |s: Sym, dead: &[bool]| match s {
        Sym::P(p) => never.get(p as usize).copied().unwrap_or(false),
        Sym::N(b) => dead[b as usize],
        _ => false,
    };
    // Children first: a rule is dead when every production is (a repetition when its
    // element is and it needs at least one).
    for &nt in order {
        dead[nt as usize] = if let Some(&(min, max, x)) = cfg.reps.get(&nt) {
            max != Some(0) && min > 0 && sym_dead(x, &dead)
        } else {
            let prods = &cfg.nts[nt as usize].prods;
            !prods.is_empty()
                && prods.iter().all(|&p| {
                    let mut i = cfg.prods[p as usize].start as usize;
                    while let Some(&s) = cfg.syms.get(i) {
                        if matches!(s, Sym::End(_)) {
                            return false;
                        }
                        if sym_dead(s, &dead) {
                            return true;
                        }
                        i += 1;
                    }
                    false
                })
        };
    }
    if dead[start as usize] {
        return false;
    }
    // Every production with a dead symbol has one first.
    for &nt in order {
        if cfg.reps.contains_key(&nt) {
            // `n*m x`: the Earley engine's iterations start with `x` itself.
            continue;
        }
        for &p in &cfg.nts[nt as usize].prods {
            let mut i = cfg.prods[p as usize].start as usize;
            let mut first = true;
            while let Some(&s) = cfg.syms.get(i) {
                if matches!(s, Sym::End(_)) {
                    break;
                }
                if !first && sym_dead(s, &dead) {
                    return false;
                }
                first = false;
                i += 1;
            }
        }
    }
    true
}

/// The expression of `start`, every rule it uses inlined (`order`: the reachable
/// nonterminals, children first). With `tag` (the grammar's number of classes), each
/// terminal is wrapped in a capture group numbered `1 + class`, each prose value bound to
/// the rest in one numbered `1 + tag + prose` (see [`Automaton::expected_at`]).
///
/// A use of a rule that comes no earlier in `order` than its user (a back edge: the use
/// that closes a recursion, which only [`compile_subset`]'s and [`compile_superset`]'s
/// orders hold) matches `closures[b]` for rule `b` (the superset's `[Σ_b]*`), else
/// nothing; a terminal with no code point (which [`reach`] refuses for [`compile`])
/// matches nothing.
fn inline(
    cfg: &Cfg,
    start: u32,
    order: &[u32],
    tag: Option<u32>,
    never: &[bool],
    closures: &[Option<Sized>],
) -> Result<Hir, NotCompiled> {
    let n = cfg.nts.len();
    let wrap = |index: u32, sub: Hir| -> Hir {
        Hir::capture(Capture {
            index,
            name: None,
            sub: Box::new(sub),
        })
    };
    // Each reachable nonterminal's expression, children first.
    let mut hir: Vec<Option<Hir>> = vec![None; n];
    let mut size = vec![0usize; n];
    let mut depth = vec![0usize; n];
    let mut work = 0usize;
    // How many uses of each nonterminal are still to be inlined: the last one takes the
    // expression rather than copying it (most rules are used once, and copying every
    // rule's expression into its user was most of a namespace grammar's compile time).
    let mut uses_left = vec![0u32; n];
    // Each reachable nonterminal's place in `order`: a use of `b` by the rule at place
    // `k` is a back edge when `place[b] >= k`.
    let mut place = vec![usize::MAX; n];
    for (k, &nt) in order.iter().enumerate() {
        place[nt as usize] = k;
    }
    let back = |b: u32, k: usize| place.get(b as usize).is_none_or(|&p| p >= k);
    for (k, &nt) in order.iter().enumerate() {
        each_use(cfg, nt, |s| {
            if let Sym::N(b) = s
                && !back(b, k)
                && let Some(u) = uses_left.get_mut(b as usize)
            {
                *u += 1;
            }
        });
    }
    let too_large = |what: String| Err(NotCompiled::TooLarge(what));
    for (k, &nt) in order.iter().enumerate() {
        let mut sz = 1usize;
        let mut dp = 0usize;
        // Past the limits before a rule's expression is copied, not after: a rule that
        // uses a large one thousands of times would copy it that often first.
        let over = |sz: usize| sz > MAX_HIR_NODES || work.saturating_add(sz) > 4 * MAX_HIR_NODES;
        let missing = |sz: usize| {
            if over(sz) {
                format!(
                    "`{}` inlines to more than {MAX_HIR_NODES} nodes",
                    shown(cfg, nt)
                )
            } else {
                "a missing rule".into()
            }
        };
        let mut sym_hir = |s: Sym, sz: &mut usize, dp: &mut usize| -> Option<Hir> {
            match s {
                Sym::T(t) => {
                    *sz += 1;
                    *dp = (*dp).max(1 + usize::from(tag.is_some()));
                    let c = class(&cfg.classes[t as usize].ranges).unwrap_or_else(Hir::fail);
                    Some(match tag {
                        Some(_) => wrap(1 + t, c),
                        None => c,
                    })
                }
                Sym::N(b) if back(b, k) => Some(match closures.get(b as usize) {
                    Some(Some((h, size, depth))) => {
                        *sz += size;
                        *dp = (*dp).max(*depth);
                        if over(*sz) {
                            return None;
                        }
                        h.clone()
                    }
                    _ => {
                        *sz += 1;
                        *dp = (*dp).max(1);
                        Hir::fail()
                    }
                }),
                Sym::N(b) => {
                    *sz += size[b as usize];
                    *dp = (*dp).max(depth[b as usize]);
                    if over(*sz) {
                        return None;
                    }
                    let left = uses_left.get_mut(b as usize)?;
                    *left = left.saturating_sub(1);
                    if *left == 0 {
                        hir[b as usize].take()
                    } else {
                        hir[b as usize].clone()
                    }
                }
                Sym::P(p) if never.get(p as usize).copied().unwrap_or(false) => {
                    *sz += 1;
                    *dp = (*dp).max(1 + usize::from(tag.is_some()));
                    Some(match tag {
                        Some(classes) => wrap(1 + classes + p, Hir::fail()),
                        None => Hir::fail(),
                    })
                }
                Sym::P(p) => {
                    *sz += 4;
                    *dp = (*dp).max(2 + usize::from(tag.is_some()));
                    let any = class(&[(0, 0x10_FFFF)])?;
                    let rest = Hir::concat(vec![
                        Hir::repetition(Repetition {
                            min: 1,
                            max: None,
                            greedy: true,
                            sub: Box::new(any),
                        }),
                        Hir::look(Look::End),
                    ]);
                    Some(match tag {
                        Some(classes) => wrap(1 + classes + p, rest),
                        None => rest,
                    })
                }
                Sym::End(_) => Some(Hir::empty()),
            }
        };
        let h = if let Some(&(_, Some(0), _)) = cfg.reps.get(&nt) {
            Hir::empty()
        } else if let Some(&(min, max, x)) = cfg.reps.get(&nt) {
            let Some(sub) = sym_hir(x, &mut sz, &mut dp) else {
                return too_large(missing(sz));
            };
            Hir::repetition(Repetition {
                min,
                max,
                greedy: true,
                sub: Box::new(sub),
            })
        } else {
            let mut alts = Vec::new();
            for &p in &cfg.nts[nt as usize].prods {
                let mut seq = Vec::new();
                let mut i = cfg.prods[p as usize].start as usize;
                while let Some(&s) = cfg.syms.get(i) {
                    if matches!(s, Sym::End(_)) {
                        break;
                    }
                    let Some(h) = sym_hir(s, &mut sz, &mut dp) else {
                        return too_large(missing(sz));
                    };
                    seq.push(h);
                    i += 1;
                }
                alts.push(Hir::concat(seq));
            }
            Hir::alternation(alts)
        };
        work += sz;
        if sz > MAX_HIR_NODES || work > 4 * MAX_HIR_NODES {
            return too_large(format!(
                "`{}` inlines to more than {MAX_HIR_NODES} nodes",
                shown(cfg, nt)
            ));
        }
        dp += 2;
        if dp > MAX_DEPTH {
            return too_large(format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        size[nt as usize] = sz;
        depth[nt as usize] = dp;
        hir[nt as usize] = Some(h);
    }
    hir[start as usize]
        .take()
        .ok_or_else(|| NotCompiled::TooLarge("no expression".into()))
}

/// Calls `f` on each symbol [`inline`] makes an expression of for `nt`: a repetition's
/// item (none for a repetition of at most 0), else each symbol of each production.
fn each_use(cfg: &Cfg, nt: u32, mut f: impl FnMut(Sym)) {
    match cfg.reps.get(&nt) {
        Some(&(_, Some(0), _)) => {}
        Some(&(_, _, x)) => f(x),
        None => {
            for &p in cfg.nts.get(nt as usize).map_or(&[][..], |n| &n.prods) {
                let mut i = cfg.prods[p as usize].start as usize;
                while let Some(&s) = cfg.syms.get(i) {
                    if matches!(s, Sym::End(_)) {
                        break;
                    }
                    f(s);
                    i += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Grammar;
    use super::*;

    fn automaton(text: &str) -> Automaton {
        let g = Grammar::from_text(text).expect("a grammar");
        g.compile("s").expect("compiles")
    }

    /// A verdict never builds the tagged NFA (a batch never asks for an expected set);
    /// the first expected set does, and keeps it.
    #[test]
    fn the_tagged_nfa_is_built_at_the_first_expected_set() {
        let a = automaton("s = 1*ALPHA \"-\" 2DIGIT\n");
        let mut scratch = None;
        assert_eq!(a.dies_at_dense(&mut scratch, "ab-12"), None);
        assert_eq!(a.dies_at_dense(&mut scratch, "ab-1x"), Some(4));
        let mut lazy = a.scratch();
        assert_eq!(a.dies_at(&mut lazy, "ab-1x"), Some(4));
        assert!(a.tagged.nfa.get().is_none(), "built by a verdict");
        let x = a.expected_at(b"ab-1").expect("an expected set");
        assert_eq!(x.classes.len(), 1, "{x:?}");
        assert!(!x.could_end);
        assert!(a.tagged.nfa.get().is_some_and(Option::is_some));
        assert!(a.gives_expected());
    }

    /// An automaton with more states than the byte table numbers walks the lazy DFA, with
    /// the same answers; so does any input after its table gave up.
    #[test]
    fn the_byte_table_gives_way_to_the_lazy_dfa_past_its_states() {
        let a = automaton("s = 300\"a\"\n");
        let mut scratch = None;
        let mut lazy = a.scratch();
        let full = "a".repeat(300);
        for input in [
            full.clone(),
            "a".repeat(299),
            format!("{}b{}", "a".repeat(150), "a".repeat(149)),
            "a".repeat(301),
            String::new(),
        ] {
            assert_eq!(
                a.dies_at_dense(&mut scratch, &input),
                a.dies_at(&mut lazy, &input),
                "{}",
                input.len()
            );
        }
        assert!(matches!(
            scratch.as_ref().and_then(|s| s.table.as_ref()),
            Some(Err(()))
        ));
        assert_eq!(a.dies_at_dense(&mut scratch, &full), None);
    }

    /// A scratch walked once makes no table (the lazy DFA walks: a single key or
    /// analysis would pay for a zeroed table it never uses again); its second walk makes
    /// one, and both give the lazy DFA's answers.
    #[test]
    fn the_table_is_made_at_a_scratchs_second_walk() {
        let a = automaton("s = 1*ALPHA \"-\" 2DIGIT\n");
        let mut scratch = None;
        assert_eq!(a.dies_at_dense(&mut scratch, "ab-12"), None);
        assert!(scratch.as_ref().is_some_and(|s| s.table.is_none()));
        assert_eq!(a.dies_at_dense(&mut scratch, "ab-1x"), Some(4));
        assert!(matches!(
            scratch.as_ref().and_then(|s| s.table.as_ref()),
            Some(Ok(_))
        ));
        assert_eq!(a.dies_at_dense(&mut scratch, "ab-12"), None);
    }

    /// The table at its widest: a byte class for every ASCII byte (a row of some 130
    /// entries) and nearly [`FILLED_STATES`] states, so its rows reach the top of the
    /// `u16` range; it serves (it does not give way), with the lazy DFA's answers.
    #[test]
    fn the_table_at_its_widest_answers_as_the_lazy_dfa() {
        let bytes: Vec<u8> = (0..240u32).map(|k| (1 + (k * 37) % 127) as u8).collect();
        let rule: Vec<String> = bytes.iter().map(|b| format!("%x{b:02X}")).collect();
        let a = automaton(&format!("s = {}\n", rule.join(" ")));
        let full = String::from_utf8(bytes.clone()).expect("ASCII");
        let mut inputs = vec![full.clone(), String::new(), full[..239].to_string()];
        for at in [0, 1, 63, 64, 65, 128, 200, 239] {
            let mut wrong = bytes.clone();
            wrong[at] = if wrong[at] == b'~' { b'}' } else { b'~' };
            inputs.push(String::from_utf8(wrong).expect("ASCII"));
        }
        inputs.push(format!("{full}x"));
        let mut scratch = None;
        let mut lazy = a.scratch();
        for input in &inputs {
            assert_eq!(
                a.dies_at_dense(&mut scratch, input),
                a.dies_at(&mut lazy, input),
                "{}",
                input.len()
            );
        }
        let t = match scratch.as_ref().and_then(|s| s.table.as_ref()) {
            Some(Ok(t)) => t,
            other => panic!("the table gave way: {other:?}"),
        };
        assert!(t.stride > 120, "{}", t.stride);
        assert!(t.ids.len() > 240, "{}", t.ids.len());
    }

    /// Bytes that are not UTF-8 are rejected at the first byte the automaton cannot read,
    /// backed to the start of its character, as a `str`'s first offending character.
    #[test]
    fn the_byte_walk_rejects_what_is_not_utf8_at_its_character() {
        let a = automaton("s = *(ALPHA / %xE9)\n");
        let mut scratch = None;
        assert_eq!(a.dies_at_dense_bytes(&mut scratch, "aé".as_bytes()), None);
        assert_eq!(a.dies_at_dense_bytes(&mut scratch, b"a\xffb"), Some(1));
        // A character cut short by the end: read to the end, short of a match.
        assert_eq!(a.dies_at_dense_bytes(&mut scratch, b"a\xc3"), Some(2));
        // A lead byte without its continuation: the byte that cannot follow it.
        assert_eq!(a.dies_at_dense_bytes(&mut scratch, b"a\xc3a"), Some(2));
        assert_eq!(
            a.dies_at_dense_bytes(&mut scratch, "aéb1".as_bytes()),
            Some(4)
        );
        let long = format!("{}é{}1", "a".repeat(70), "b".repeat(70));
        assert_eq!(a.dies_at_dense(&mut scratch, &long), Some(long.len() - 1));
    }
}
