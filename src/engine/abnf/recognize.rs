//! A verdict for a recursive grammar: an Earley recognizer (no links, no forest) whose
//! chart holds items only where the recursion is.
//!
//! The design is go-abnf's and Marpa's: every rule the recursion reaches that itself
//! reaches no recursion is a regular language, compiled to an automaton (`dfa`), and the
//! recognizer reads it as ONE terminal that scans by automaton from where it is predicted
//! and reports every end where it accepts (an Earley scan with several ends; the ends wait
//! in a queue until the recognizer gets there). An XRI's `iauthority`, `IRI`, `*xri-pchar`
//! are such terminals under xri2's ABNF: what is left to the chart is the nesting of
//! cross-references. The rest is precomputed per grammar: which rules derive the empty
//! string (Aycock and Horspool: an item waiting for one advances at once, so no empty
//! completion is ever made), and for each rule the items its prediction implies (its
//! productions' dotted starts, past leading nullable symbols) and the rules it predicts in
//! turn. Predicted items are never stored: a set keeps the *prediction table* of the rules
//! predicted there (interned by the set of rules that were asked for, and kept between
//! verdicts), and a completion asks that table which predicted items wait for its rule. A
//! set keeps only its explicit waiting items (dot past 0), in one arena of `u32` triples;
//! the items themselves are dropped when the set is done. So the recognizer's memory per
//! input byte is two `u32`s and the waiting items, and its time the explicit items and the
//! automata's bytes.
//!
//! A work space keeps its last run: the per-set tables, the arena, and a checkpoint of the
//! state between sets every kilobyte, with the bytes everything before it read (a compiled
//! rule's scan reads ahead of its set, to where its automaton died). The next run on an
//! input that begins with those bytes starts from the last such checkpoint, in the state a
//! run from the first set would be in there: an edit near the end of a long input (the
//! grammar lab's verdict at a keystroke) re-reads the last kilobyte or so, not all of it.
//!
//! Before the chart, the start rule's regular subset (the grammar with each use that
//! closes a recursion read as matching nothing, `dfa::compile_subset`) reads the input in
//! one pass of its automaton: a match is a match of the start rule, so the verdict is
//! "valid" with no chart at all. That is what an input the grammar reads in many ways
//! needs when one reading takes no recursion: XRI 2.0's `ireg-name` takes "(", ")" and
//! every GCS character, so 62 KB of cross-references nested 250 deep is one `iauthority`,
//! while from every "(" another reading opens and the chart's items grow with the square
//! of the input (past this recognizer's work and the Earley parser's budget). An input
//! the subset does not match is put to the bracketed rule's pass (`brackets`: where all
//! recursion passes through one rule of the shape `"(" … ")"`, contract each pair of
//! brackets its rule matches, innermost first, and read what is left with the start
//! rule's automaton); one it does not prove valid is the chart's, as before.
//!
//! Why not the engine's own Earley parser (`earley`) with a flag: its items carry links
//! for the forest and live for the whole parse, and it predicts and stores every item of
//! every rule, which is what made a verdict 3.8 KB and 20 µs an input byte on xri2.
//!
//! The verdict and the failure (first offending byte, expected set) are exactly the
//! Earley parser's: where the chart ends inside a compiled rule, the rule's tagged
//! automaton names the terminals it waited for there (`Automaton::expected_at`), which
//! are the items the Earley parser would have had in that set. What it gives up: Leo's
//! right-recursion items (a deep right recursion is quadratic here) and prose values. So
//! the work is bounded, linearly in the input (at most [`PER_BYTE`] units a byte past a
//! constant) and by the parse's budget, and so are the links it makes, apart
//! ([`run_limit`]); past either, or for a grammar with prose values, the caller falls
//! back to the Earley parser, which has both.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::OnceLock;

use regex_automata::hybrid::dfa::Cache;

use super::brackets::Brackets;
use super::compile::{Cfg, Sym};
use super::dfa::{self, Automaton, Scratch, Subset, Superset};
use super::earley::FastMap;
use super::local::Local;
use super::pool::Pool;
use super::{Engine, Failure, Grammar, Verdict};

const NONE: u32 = u32::MAX;
/// The most rules compiled to automata for one start rule (the others stay in the chart).
const MAX_AUTOMATA: usize = 256;
/// The most entries of the precomputed prediction closures (else no plan: the Earley
/// parser judges).
const MAX_CLOSURE: usize = 1 << 22;
/// Prediction tables kept between verdicts, per work space; past it they are dropped.
const MAX_TABLES: usize = 4096;
/// The recognizer's work per input byte (items, queued ends, bytes scanned, table
/// entries) past [`SLACK`]: an unambiguous grammar needs a few; past it (an ambiguous
/// grammar, a deep right recursion) the Earley parser judges.
pub(crate) const PER_BYTE: usize = 128;
const SLACK: usize = 1 << 16;

/// The items predicting one set of rules implies: `waits` (rule waited for, position)
/// sorted by rule, `scans` (class, position), `cscans` (automaton, position).
#[derive(Default)]
struct Table {
    /// The rules asked for (sorted).
    roots: Vec<u32>,
    waits: Vec<(u32, u32)>,
    scans: Vec<(u32, u32)>,
    cscans: Vec<(u32, u32)>,
    /// Per rule: its range of `waits` (empty when over [`MAX_DENSE`]: searched).
    by_rule: Vec<(u32, u32)>,
}

/// The most entries of the tables' per-rule ranges, all tables together.
const MAX_DENSE: usize = 1 << 22;
/// Origins of one dotted position in a set chained before they are hashed.
const CHAIN: usize = 8;

impl Table {
    /// The predicted items of this table waiting for rule `a`: their positions.
    fn waiting(&self, a: u32) -> &[(u32, u32)] {
        if let Some(&(lo, hi)) = self.by_rule.get(a as usize) {
            return &self.waits[lo as usize..hi as usize];
        }
        let from = self.waits.partition_point(|w| w.0 < a);
        let to = from + self.waits[from..].partition_point(|w| w.0 == a);
        &self.waits[from..to]
    }
}

/// The prediction tables, interned by the sorted rules asked for.
#[derive(Default)]
struct Tables {
    /// The tables by a hash of their rules ([`roots_hash`]).
    ids: FastMap<u64, Vec<u32>>,
    tables: Vec<Table>,
    /// Per rule: the last table that took its implied items (building one).
    mark: Vec<u32>,
    /// The last rules asked for and their table (consecutive sets ask alike).
    last: (Vec<u32>, u32),
    /// Entries of the tables' `by_rule`.
    dense: usize,
}

/// Which items a set has (no hashing: a stamp per dotted position, its origins chained),
/// and which rules it predicted. Stamps count sets over every verdict of a work space.
#[derive(Default)]
struct Seen {
    stamp: Vec<u32>,
    head: Vec<u32>,
    chain: Vec<(u32, u32)>,
    /// The items of positions with more than [`CHAIN`] origins in this set.
    many: FastMap<u64, ()>,
    /// Per rule: the set that last predicted it.
    predicted: Vec<u32>,
    tick: u32,
}

impl Seen {
    fn fit(&mut self, syms: usize, nts: usize) {
        if self.stamp.len() != syms || self.predicted.len() != nts {
            *self = Seen {
                stamp: vec![0; syms],
                head: vec![0; syms],
                chain: Vec::new(),
                many: FastMap::default(),
                predicted: vec![0; nts],
                tick: 0,
            };
        }
    }
    /// A new set.
    fn next_set(&mut self) {
        self.chain.clear();
        if !self.many.is_empty() {
            self.many.clear();
        }
        if self.tick == u32::MAX {
            self.stamp.fill(0);
            self.predicted.fill(0);
            self.tick = 0;
        }
        self.tick += 1;
    }
    /// Adds item (`p`, `o`) to this set: whether it is new.
    #[inline(always)]
    fn insert(&mut self, p: u32, o: u32) -> bool {
        let i = p as usize;
        let fresh = self.chain.len() as u32;
        if self.stamp[i] != self.tick {
            self.stamp[i] = self.tick;
            self.head[i] = fresh;
            self.chain.push((o, NONE));
            return true;
        }
        if self.head[i] == NONE {
            // Hashed: an ambiguous set.
            return self
                .many
                .insert((u64::from(p) << 32) | u64::from(o), ())
                .is_none();
        }
        let mut c = self.head[i];
        let mut len = 0;
        while let Some(&(x, next)) = self.chain.get(c as usize) {
            if x == o {
                return false;
            }
            c = next;
            len += 1;
        }
        if len >= CHAIN {
            let key = |x: u32| (u64::from(p) << 32) | u64::from(x);
            let mut c = self.head[i];
            while let Some(&(x, next)) = self.chain.get(c as usize) {
                self.many.insert(key(x), ());
                c = next;
            }
            self.many.insert(key(o), ());
            self.head[i] = NONE;
            return true;
        }
        self.chain.push((o, self.head[i]));
        self.head[i] = fresh;
        true
    }
    /// Whether rule `x` is predicted in this set already (and marks it so).
    fn predict(&mut self, x: u32) -> bool {
        let m = &mut self.predicted[x as usize];
        let was = *m == self.tick;
        *m = self.tick;
        was
    }
}

/// Where a recognizer's run stopped short of a match ([`Plan::failure`]).
#[derive(Clone, Copy)]
struct Stop<'a> {
    furthest: usize,
    reach: usize,
    reach_scans: &'a [(u32, u32)],
    could_end_at: Option<usize>,
    last_table: u32,
    tscans: &'a [(u32, u32)],
    spent: usize,
    limit: usize,
}

/// One thread's reusable state: the automata's caches, the prediction tables, the marks,
/// and the last run's per-set tables and checkpoints.
#[derive(Default)]
struct Work {
    scratch: Vec<Option<Scratch>>,
    tables: Tables,
    seen: Seen,
    memo: Memo,
}

impl Work {
    /// Whether this work space's tables serve a grammar of `nts` nonterminals as they
    /// are: else [`Plan::charted`] makes them again, and drops the checkpoints with them.
    fn tables_kept(&self, nts: usize) -> bool {
        self.tables.tables.len() <= MAX_TABLES && self.tables.mark.len() == nts
    }
}

/// Set `j`'s scan of its character `c` (`at` is `(c, j)`): the items of its prediction
/// table `table` and its explicit items `tscans` waiting for a class of `c`, moved past it
/// into `next` (the next set's first items).
fn scan_char(
    cfg: &Cfg,
    table: Option<&Table>,
    tscans: &[(u32, u32)],
    at: (char, u32),
    next: &mut Vec<(u32, u32)>,
) {
    let (c32, ju) = (at.0 as u32, at.1);
    if let Some(t) = table {
        for &(cl, p) in &t.scans {
            if cfg.classes[cl as usize].contains(c32) {
                next.push((p + 1, ju));
            }
        }
    }
    for &(p, o) in tscans {
        if let Sym::T(cl) = cfg.syms[p as usize]
            && cfg.classes[cl as usize].contains(c32)
        {
            next.push((p + 1, o));
        }
    }
}

/// The items that arrive at set `j` (`ju`): the last set's scans (`next`, emptied) and
/// the compiled rules' ends queued for it, into `arrived` (cleared first).
fn arrivals(
    next: &mut Vec<(u32, u32)>,
    queue: &mut BinaryHeap<Reverse<(u32, u32, u32)>>,
    ju: u32,
    arrived: &mut Vec<(u32, u32)>,
) {
    arrived.clear();
    arrived.append(next);
    while let Some(&Reverse((e, p, o))) = queue.peek() {
        if e != ju {
            break;
        }
        queue.pop();
        arrived.push((p, o));
    }
}

/// Each item of origin set `o` waiting for rule `a`, as (its position, its origin), to
/// `f`: the set's explicit waiting items in `arena` (from `wstart[o]`), then its
/// prediction table's. Returns how many it gave: the links the completion makes, which
/// [`Plan::run`] counts as work.
///
/// A set's explicit waiting items are sorted by the rule they wait for (`run` freezes
/// them so), and those for `a` are found by binary search, not by reading the set's
/// every item: a grammar that reads the input in many ways has sets with thousands, and
/// many completions a set.
fn each_waiting(
    arena: &[(u32, u32, u32)],
    wstart: &[u32],
    table: Option<&Table>,
    (a, o): (u32, u32),
    mut f: impl FnMut(u32, u32),
) -> usize {
    let at = |i: usize| wstart.get(i).map_or(0, |&w| w as usize);
    let set = arena.get(at(o as usize)..at(o as usize + 1)).unwrap_or(&[]);
    let from = set.partition_point(|w| w.0 < a);
    let waiting = set.get(from..).unwrap_or(&[]);
    let waiting = &waiting[..waiting.partition_point(|w| w.0 == a)];
    for &(_, wp, wo) in waiting {
        f(wp, wo);
    }
    let mut given = waiting.len();
    if let Some(t) = table {
        let waiting = t.waiting(a);
        for &(_, wp) in waiting {
            f(wp, o);
        }
        given += waiting.len();
    }
    given
}

/// The most units of work of a run on an input of `n` bytes, for a parse's budget of
/// `work` and at most `per_byte` a byte; the most links it makes too.
///
/// The parse's budget counts items and links that live to the end (28 bytes each); a
/// run's units are lighter (dropped with their set, no links kept): 4 times as many,
/// `per_byte` a byte. The links a run makes ([`Resume::links`]) are held to the same
/// limit, apart from its items: an input the grammar reads in many ways makes many times
/// more links than items, a set's links are checked as they are made, and each costs a
/// look in the set's `seen` (a grammar the fuzzer made, which splits a rule every way,
/// made 54 million on 5 KiB within its items' work: 6.7 billion instructions).
fn run_limit(work: usize, per_byte: usize, n: usize) -> usize {
    work.saturating_mul(4)
        .min(per_byte.saturating_mul(n).saturating_add(SLACK))
}

/// Keeps the scans of compiled rules that read furthest (`reach`, and each one's
/// automaton and set in `scans`) with the scan of automaton `a` from set `j` that read up
/// to `r`: the failure names what they waited for there ([`Plan::failure`]).
fn furthest_scan(reach: &mut usize, scans: &mut Vec<(u32, u32)>, r: usize, (a, j): (u32, u32)) {
    if r > *reach {
        *reach = r;
        scans.clear();
    }
    if r == *reach {
        scans.push((a, j));
    }
}

/// How often (in bytes of the input) a run keeps a [`Checkpoint`].
const CHECKPOINT: usize = 1 << 10;
/// The most carried and queued items (and furthest scans) a run's checkpoints hold
/// together; past it a run keeps no more (an input the grammar reads in many ways queues
/// many).
const CHECKPOINT_ITEMS: usize = 1 << 18;

/// What a run carries from one set to the next, besides the arena and the per-set tables.
#[derive(Clone)]
struct Resume {
    j: usize,
    next: Vec<(u32, u32)>,
    queue: BinaryHeap<Reverse<(u32, u32, u32)>>,
    could_end_at: Option<usize>,
    furthest: usize,
    reach: usize,
    reach_scans: Vec<(u32, u32)>,
    last_table: u32,
    spent: usize,
    /// The links made so far (an item waiting for a rule, given to each completion of
    /// that rule at its origin): held to the same limit as `spent` apart from it, and
    /// checked at each completion ([`run_limit`]).
    links: usize,
}

impl Resume {
    /// Before the first set.
    fn start() -> Resume {
        Resume {
            j: 0,
            next: Vec::new(),
            queue: BinaryHeap::new(),
            could_end_at: None,
            furthest: 0,
            reach: 0,
            reach_scans: Vec::new(),
            last_table: NONE,
            spent: 0,
            links: 0,
        }
    }
}

/// A run's state before set `at.j`, kept so that the next run on an input that begins with
/// the same bytes starts there (the grammar lab asks for a verdict at every keystroke on a
/// long input, most often edited near its end).
struct Checkpoint {
    at: Resume,
    /// Everything before set `at.j` read the input's bytes `[0, dep)` and nothing else
    /// (`usize::MAX`: a scan met the input's end, whose place it read too).
    dep: usize,
    /// How many of the sets' arena starts were made, and the arena's length.
    filled: usize,
    arena: usize,
}

/// The last run of a work space: its input, its checkpoints, and the per-set tables and
/// arena the next run keeps up to the checkpoint it starts from (the same prediction
/// tables number them: a reset of those drops this).
#[derive(Default)]
struct Memo {
    input: Vec<u8>,
    checkpoints: Vec<Checkpoint>,
    /// Where the last run gave up, over its work (the byte of its set), if it did: a run
    /// on an input that shares the bytes up to there gives up there again, from the same
    /// checkpoint with the same work spent ([`Plan::prime`] then does not run).
    gave_up: Option<usize>,
    /// Per set (byte offset): its prediction table, and where its waiting items start in
    /// the arena.
    pred: Vec<u32>,
    wstart: Vec<u32>,
    arena: Vec<(u32, u32, u32)>,
}

/// The per-set tables (prediction table, arena start) and the arena of a run.
type SetTables = (Vec<u32>, Vec<u32>, Vec<(u32, u32, u32)>);

impl Memo {
    /// The per-set tables and the arena, as a run's locals while its sets run (behind the
    /// work space's reference each access reloaded them); [`Memo::give_back`] after.
    fn take_tables(&mut self) -> SetTables {
        (
            std::mem::take(&mut self.pred),
            std::mem::take(&mut self.wstart),
            std::mem::take(&mut self.arena),
        )
    }

    /// What [`Memo::take_tables`] took, given back whole (the checkpoints count on it),
    /// at the end of a run that gave up over its work at byte `gave_up`, if it did (a run
    /// that finished never spent more than its work: it checks at every set).
    fn give_back(&mut self, (pred, wstart, arena): SetTables, gave_up: Option<usize>) {
        self.gave_up = gave_up;
        self.pred = pred;
        self.wstart = wstart;
        self.arena = arena;
    }

    /// Where a run on `input` starts: the last checkpoint that read only bytes `input`
    /// shares with the last run's input (else the first set), with the per-set tables
    /// and the arena cut back to it. Also: how many items the checkpoints kept hold.
    fn resume(&mut self, input: &[u8]) -> (Resume, usize, usize) {
        let keep = self.kept(input);
        self.checkpoints.truncate(keep);
        self.input.clear();
        self.input.extend_from_slice(input);
        let n = input.len();
        let (at, filled, arena) = match self.checkpoints.last() {
            Some(c) => (c.at.clone(), c.filled, c.arena),
            None => (Resume::start(), 0, 0),
        };
        self.arena.truncate(arena);
        self.pred.truncate(at.j);
        self.pred.resize(n + 1, NONE);
        self.wstart.truncate(filled);
        self.wstart.resize(n + 2, 0);
        let held = self
            .checkpoints
            .iter()
            .map(|c| c.at.next.len() + c.at.queue.len() + c.at.reach_scans.len())
            .sum();
        (at, filled, held)
    }

    /// How many of the checkpoints a run on `input` keeps: those that read only bytes
    /// `input` shares with the last run's input.
    fn kept(&self, input: &[u8]) -> usize {
        let common = common_prefix(&self.input, input);
        self.checkpoints
            .iter()
            .rposition(|c| c.dep <= common)
            .map_or(0, |k| k + 1)
    }

    /// Whether a run on `input` would give up where the last run did: it gave up over
    /// its work, on bytes `input` still holds.
    fn gives_up_again(&self, input: &[u8]) -> bool {
        self.gave_up
            .is_some_and(|g| common_prefix(&self.input, input) >= g)
    }
}

/// How many bytes `a` and `b` share from their starts.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A start rule prepared for the recognizer ([`Plan::new`]).
pub(crate) struct Plan {
    start: u32,
    /// Per rule: derives the empty string (with the engine's non-empty iterations).
    nullable: Vec<bool>,
    /// Per rule: its automaton, or `NONE` (in the chart).
    term: Vec<u32>,
    automata: Vec<Automaton>,
    /// Per automaton: the ASCII bytes it dies on as the first byte of a scan (bit `b` of
    /// the 128), where [`Automaton::scan_ends`] would find no end and reach only where it
    /// started. Most scans are such: a set waits for `"?" iquery` and `"#" ifragment` at
    /// every byte of a path, and the call was a large part of a verdict's time.
    dies_first: Vec<u128>,
    /// Per rule in the chart: the rules in the chart its prediction predicts (itself too).
    closure: Vec<Vec<u32>>,
    /// Per rule in the chart: the positions of the items its prediction implies.
    implied: Vec<Vec<u32>>,
    /// The start rule's regular subset without recursion (`dfa::compile_subset`): an
    /// input it matches is valid without a chart. `None` when it is too large.
    subset: Option<SubsetScan>,
    /// The rules of the chart shaped as brackets (`brackets`), and the proof of validity
    /// through the one all recursion passes through, made at the first input the subset
    /// does not match.
    bracketed: Vec<u32>,
    brackets: OnceLock<Option<Brackets>>,
    pool: Pool<Work>,
}

/// A plan's regular subset ([`Subset`]) and the caches of the threads that read it; its
/// regular superset ([`Superset`]) and theirs, made at the first input the chart gives up
/// on.
struct SubsetScan {
    subset: Subset,
    caches: Pool<Cache>,
    superset: OnceLock<Option<Superset>>,
    superset_caches: Pool<Cache>,
    /// The start rule's local superset (`local`), made at the first input the chart
    /// gives up on: cheaper to make than the superset, and asked first.
    local: OnceLock<Option<Local>>,
}

impl SubsetScan {
    fn new(subset: Subset) -> SubsetScan {
        SubsetScan {
            subset,
            caches: Pool::default(),
            superset: OnceLock::new(),
            superset_caches: Pool::default(),
            local: OnceLock::new(),
        }
    }

    /// Whether the subset matches `input`.
    fn matches(&self, input: &str) -> bool {
        self.caches
            .with(|| self.subset.cache(), |c| self.subset.is_match(c, input))
    }

    /// The first offending byte of `input` where the bounds settle it (see
    /// [`Plan::verdict_by_bounds`]): a superset dies at byte `k` (the start of a code
    /// point; the input's length when it stops short of a match), and the subset reads
    /// every byte before it. Two supersets are asked, the local one first: where either
    /// dies, the chart has died by then, so the earlier death is the one to try; and
    /// where the subset reads up to the local one's, the chart reaches it, so the other
    /// cannot die earlier and is not made. `None` when they leave it open, or an
    /// automaton gave up.
    fn first_error(&self, cfg: &Cfg, start: u32, input: &str) -> Option<usize> {
        let local = self
            .local
            .get_or_init(|| Local::new(cfg, start))
            .as_ref()
            .and_then(|l| l.dies_at(input));
        if let Some(k) = local
            && self.reads_before(input, k)
        {
            return Some(k);
        }
        let structural = self
            .superset
            .get_or_init(|| dfa::compile_superset(cfg, start).ok())
            .as_ref()
            .and_then(|superset| {
                self.superset_caches
                    .with(
                        || superset.cache(),
                        |c| superset.dies_at(c, input.as_bytes()),
                    )
                    .flatten()
            });
        let k = match (local, structural) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        (Some(k) != local && self.reads_before(input, k)).then_some(k)
    }

    /// Whether the subset reads every byte of `input` before `k`: alive after them (it
    /// matched there, or stopped short at `k`).
    fn reads_before(&self, input: &str, k: usize) -> bool {
        let Some(before) = input.as_bytes().get(..k) else {
            return false;
        };
        let read = self
            .caches
            .with(|| self.subset.cache(), |c| self.subset.dies_at(c, before));
        matches!(read, Some(None)) || read == Some(Some(k))
    }
}

impl std::fmt::Debug for Plan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plan")
            .field("start", &self.start)
            .field("automata", &self.automata.len())
            .finish_non_exhaustive()
    }
}

/// A hash of a sorted list of rules (one multiplication a rule; the map's own hashing of
/// a `Vec<u32>` goes byte by byte).
fn roots_hash(roots: &[u32]) -> u64 {
    roots.iter().fold(roots.len() as u64, |h, &r| {
        (h.rotate_left(5) ^ u64::from(r)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
    })
}

/// The ASCII bytes `aut` dies on as the first byte of a scan ([`Plan::dies_first`]): the
/// scan of that byte alone finds no end and reaches no further than its start. The
/// automaton reads a scan anchored at its start, with no look-behind, so its first
/// transition depends on that byte only.
fn first_deaths(aut: &Automaton) -> u128 {
    let mut scratch = aut.scratch();
    let mut dies = 0u128;
    let mut one = [0u8; 1];
    for b in 0..128u8 {
        one[0] = b;
        let Ok(s) = std::str::from_utf8(&one) else {
            continue;
        };
        let mut ended = false;
        if aut.scan_ends(&mut scratch, s, 0, |_| ended = true) == Some(0) && !ended {
            dies |= 1 << b;
        }
    }
    dies
}

/// The symbols of production `p`, up to its end.
fn rhs(cfg: &Cfg, p: u32) -> impl Iterator<Item = (usize, Sym)> + '_ {
    let s = cfg
        .prods
        .get(p as usize)
        .map_or(cfg.syms.len(), |p| p.start as usize);
    cfg.syms
        .get(s..)
        .unwrap_or(&[])
        .iter()
        .enumerate()
        .map(move |(k, &x)| (s + k, x))
        .take_while(|(_, x)| !matches!(x, Sym::End(_)))
}

/// Which rules derive the empty string as the Earley parser reads them: a production
/// whose symbols are all nullable rules at positions not marked non-empty.
fn nullable(cfg: &Cfg) -> Vec<bool> {
    let mut out = vec![false; cfg.nts.len()];
    loop {
        let mut changed = false;
        for (k, pr) in cfg.prods.iter().enumerate() {
            if out[pr.lhs as usize] {
                continue;
            }
            let all = rhs(cfg, k as u32)
                .all(|(i, s)| matches!(s, Sym::N(x) if out[x as usize] && !cfg.nonempty[i]));
            if all {
                out[pr.lhs as usize] = true;
                changed = true;
            }
        }
        if !changed {
            return out;
        }
    }
}

/// The rules the automaton compiler reads a rule as using (a repetition its element only).
fn uses(cfg: &Cfg, nt: u32) -> Vec<u32> {
    if let Some(&(_, max, x)) = cfg.reps.get(&nt) {
        return match (max, x) {
            (Some(0), _) => Vec::new(),
            (_, Sym::N(b)) => vec![b],
            _ => Vec::new(),
        };
    }
    let mut out = Vec::new();
    for &p in &cfg.nts[nt as usize].prods {
        for (_, s) in rhs(cfg, p) {
            if let Sym::N(b) = s {
                out.push(b);
            }
        }
    }
    out
}

/// Per rule: whether it reaches recursion (a rule that derives itself), on the graph the
/// automaton compiler reads. Iterative Tarjan: strongly connected components come out
/// children first.
fn reaches_recursion(cfg: &Cfg) -> Vec<bool> {
    let n = cfg.nts.len();
    let succ: Vec<Vec<u32>> = (0..n as u32).map(|a| uses(cfg, a)).collect();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on = vec![false; n];
    let mut comp: Vec<u32> = Vec::new();
    let mut out = vec![false; n];
    let mut counter = 0u32;
    for root in 0..n as u32 {
        if index[root as usize] != NONE {
            continue;
        }
        let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
        index[root as usize] = counter;
        low[root as usize] = counter;
        counter += 1;
        comp.push(root);
        on[root as usize] = true;
        while let Some(top) = stack.last_mut() {
            let v = top.0;
            if let Some(&w) = succ[v as usize].get(top.1) {
                top.1 += 1;
                if index[w as usize] == NONE {
                    index[w as usize] = counter;
                    low[w as usize] = counter;
                    counter += 1;
                    comp.push(w);
                    on[w as usize] = true;
                    stack.push((w, 0));
                } else if on[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            stack.pop();
            if let Some(&(u, _)) = stack.last() {
                low[u as usize] = low[u as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let at = comp.iter().rposition(|&x| x == v).unwrap_or(0);
                let members = comp.split_off(at);
                let cyclic = members.len() > 1 || succ[v as usize].contains(&v);
                // Children's components are done: they reach recursion or not already.
                let below = members
                    .iter()
                    .any(|&m| succ[m as usize].iter().any(|&s| out[s as usize]));
                for &m in &members {
                    on[m as usize] = false;
                }
                for &m in &members {
                    out[m as usize] = cyclic || below;
                }
            }
        }
    }
    out
}

impl Plan {
    /// Prepares rule `start` of `cfg`: the rules the chart keeps, the automata of the
    /// others, the closures. `None` when the rules it reaches have a prose value or the
    /// closures would be too large (the Earley parser judges).
    pub(crate) fn new(cfg: &Cfg, start: u32) -> Option<Plan> {
        let n = cfg.nts.len();
        if start as usize >= n {
            return None;
        }
        let nullable = nullable(cfg);
        let recursive = reaches_recursion(cfg);
        let mut term = vec![NONE; n];
        let mut seen = vec![false; n];
        let mut automata = Vec::new();
        let mut in_chart: Vec<u32> = Vec::new();
        let mut stack = vec![start];
        seen[start as usize] = true;
        while let Some(a) = stack.pop() {
            in_chart.push(a);
            for &p in &cfg.nts[a as usize].prods {
                for (_, s) in rhs(cfg, p) {
                    match s {
                        Sym::P(_) => return None,
                        Sym::N(x) if !seen[x as usize] => {
                            seen[x as usize] = true;
                            if x != start
                                && !recursive[x as usize]
                                && automata.len() < MAX_AUTOMATA
                                && let Ok(aut) = dfa::compile(cfg, x, &[], &[])
                                && aut.gives_expected()
                            {
                                term[x as usize] = automata.len() as u32;
                                automata.push(aut);
                                continue;
                            }
                            stack.push(x);
                        }
                        _ => {}
                    }
                }
            }
        }
        let dies_first = automata.iter().map(first_deaths).collect();
        let mut implied = vec![Vec::new(); n];
        for &a in &in_chart {
            let mut v = Vec::new();
            for &p in &cfg.nts[a as usize].prods {
                for (i, s) in rhs(cfg, p) {
                    v.push(i as u32);
                    match s {
                        Sym::N(x) if nullable[x as usize] && !cfg.nonempty[i] => {}
                        _ => break,
                    }
                }
            }
            implied[a as usize] = v;
        }
        let mut closure = vec![Vec::new(); n];
        let mut mark = vec![NONE; n];
        let mut total = 0usize;
        for &b in &in_chart {
            let mut c = vec![b];
            mark[b as usize] = b;
            let mut k = 0;
            while let Some(&a) = c.get(k) {
                k += 1;
                for &i in &implied[a as usize] {
                    if let Sym::N(x) = cfg.syms[i as usize]
                        && term[x as usize] == NONE
                        && mark[x as usize] != b
                    {
                        mark[x as usize] = b;
                        c.push(x);
                    }
                }
            }
            total += c.len();
            if total > MAX_CLOSURE {
                return None;
            }
            c.sort_unstable();
            closure[b as usize] = c;
        }
        Some(Plan {
            start,
            nullable,
            term,
            automata,
            dies_first,
            closure,
            implied,
            subset: dfa::compile_subset(cfg, start, &[])
                .ok()
                .map(SubsetScan::new),
            bracketed: in_chart
                .iter()
                .copied()
                .filter(|&b| super::brackets::bracketed(cfg, b))
                .collect(),
            brackets: OnceLock::new(),
            pool: Pool::default(),
        })
    }

    /// How many rules are compiled to automata.
    pub(crate) fn automata(&self) -> usize {
        self.automata.len()
    }

    /// The verdict on `input` (at most four times `limit` units of work, the parse's
    /// budget, and [`PER_BYTE`] a byte),
    /// or `None` when the recognizer cannot give it: over its work, or an automaton
    /// failed. `grammar` is the one the plan was made from.
    pub(crate) fn verdict(&self, grammar: &Grammar, input: &str, limit: usize) -> Option<Verdict> {
        self.verdict_within(grammar, input, limit, PER_BYTE)
    }

    /// [`Plan::verdict`] with at most `per_byte` units of work a byte (at most
    /// [`PER_BYTE`]): a caller with another way to the verdict gives up sooner on an
    /// input the grammar reads in many ways.
    pub(crate) fn verdict_within(
        &self,
        grammar: &Grammar,
        input: &str,
        limit: usize,
        per_byte: usize,
    ) -> Option<Verdict> {
        // An input of the regular subset is valid: one pass of its automaton, where a
        // grammar that reads the input in many ways would fill the chart. So is one the
        // bracketed rule's pass proves (cross-references nested in paths, where the
        // chart costs some 1,900 instructions a byte).
        if self.subset.as_ref().is_some_and(|s| s.matches(input))
            || self.brackets_prove(grammar, input)
        {
            return Some(Verdict {
                valid: true,
                failure: None,
                engine: Engine::Automaton,
            });
        }
        self.charted(grammar, input, limit, per_byte)
    }

    /// Runs the chart on `input` for its checkpoints alone, as [`Plan::verdict_within`]
    /// would had neither the regular subset nor the bracketed rule's pass decided: the
    /// next verdict on an edit of `input` then resumes from the last checkpoint before
    /// the edit ([`Memo::resume`]), where after a verdict that needed no chart it would
    /// read the whole input again. For the workbench's lab, whose first invalid edit of
    /// a long valid text was the chart's whole run on the keystroke (some 120 million
    /// instructions on 64 KiB of XRI 2.0), done instead off the keystroke path once the
    /// text's tree is made. Bounded as a verdict is; resumes itself from the checkpoints
    /// a verdict on a text much like `input` left.
    ///
    /// Not run where the last run of the work space the pool gives next gave up over its
    /// work on the bytes `input` still shares with its input (a grammar that reads the
    /// text in too many ways): it would give up there again, at the same cost, on every
    /// text of a session. Says whether the chart ran.
    pub(crate) fn prime(
        &self,
        grammar: &Grammar,
        input: &str,
        limit: usize,
        per_byte: usize,
    ) -> bool {
        let gives_up = self
            .pool
            .peek(|next| next.is_some_and(|w| w.memo.gives_up_again(input.as_bytes())));
        if !gives_up {
            let _ = self.charted(grammar, input, limit, per_byte);
        }
        !gives_up
    }

    /// Where the next run of the chart on `input` would start (a byte offset: the last
    /// checkpoint the input's bytes still hold, 0 for none), read from the work space
    /// the pool gives next, without changing it.
    pub(crate) fn resumes_at(&self, grammar: &Grammar, input: &str) -> usize {
        let nts = grammar.cfg.nts.len();
        self.pool.peek(|next| {
            let Some(memo) = next.filter(|w| w.tables_kept(nts)).map(|w| &w.memo) else {
                return 0;
            };
            let keep = memo.kept(input.as_bytes());
            keep.checked_sub(1)
                .and_then(|k| memo.checkpoints.get(k))
                .map_or(0, |c| c.at.j)
        })
    }

    /// The chart's verdict on `input`, in a work space from the pool (given back with
    /// this run's checkpoints).
    fn charted(
        &self,
        grammar: &Grammar,
        input: &str,
        limit: usize,
        per_byte: usize,
    ) -> Option<Verdict> {
        self.pool.with(Work::default, |work| {
            let nts = grammar.cfg.nts.len();
            if !work.tables_kept(nts) {
                work.tables = Tables {
                    mark: vec![NONE; nts],
                    ..Tables::default()
                };
                // Its checkpoints number the tables dropped.
                work.memo = Memo::default();
            }
            work.seen.fit(grammar.cfg.syms.len(), nts);
            work.scratch.resize_with(self.automata.len(), || None);
            self.run(grammar, input, limit, per_byte.min(PER_BYTE), work)
        })
    }

    /// Whether the bracketed rule's pass ([`Brackets`]) proves `input` valid.
    fn brackets_prove(&self, grammar: &Grammar, input: &str) -> bool {
        self.brackets(grammar).is_some_and(|b| b.proves(input))
    }

    /// The bracketed rule's pass, made at the first input asked about; `None` when no
    /// rule of the chart fits (`grammar` is the one the plan was made from).
    pub(crate) fn brackets(&self, grammar: &Grammar) -> Option<&Brackets> {
        if self.bracketed.is_empty() {
            return None;
        }
        self.brackets
            .get_or_init(|| Brackets::new(&grammar.cfg, self.start, &self.bracketed))
            .as_ref()
    }

    /// The verdict on an input the chart gives up on (the grammar reads it in too many
    /// ways), from the start rule's regular subset and superset, with no chart: valid
    /// where the subset matches or the bracketed rule's pass proves it; invalid where the superset dies at byte `k` while the
    /// subset reads every byte before `k`. Then `k` is the Earley parser's first
    /// offending byte: the subset's reading of those bytes is a reading by the grammar,
    /// so the parser's chart reaches `k`; and where the superset cannot read on, no item
    /// of that chart can (see `dfa::compile_superset`). What the chart would expect at
    /// `k` is not known ([`Failure::expected_known`] is false). `None` otherwise: the
    /// two automata leave it open, or one gave up.
    pub(crate) fn verdict_by_bounds(&self, grammar: &Grammar, input: &str) -> Option<Verdict> {
        let scan = self.subset.as_ref()?;
        if scan.matches(input) || self.brackets_prove(grammar, input) {
            return Some(Verdict {
                valid: true,
                failure: None,
                engine: Engine::Automaton,
            });
        }
        let k = scan.first_error(&grammar.cfg, self.start, input)?;
        Some(Verdict {
            valid: false,
            failure: Some(Failure {
                offset: k,
                expected: Vec::new(),
                expected_known: false,
            }),
            engine: Engine::Automaton,
        })
    }

    /// The prediction table of the sorted rules `roots` (interned).
    fn table(&self, cfg: &Cfg, roots: &[u32], work: &mut Tables) -> (u32, usize) {
        if work.last.0 == roots {
            return (work.last.1, 0);
        }
        let h = roots_hash(roots);
        let found = work.ids.get(&h).and_then(|ids| {
            ids.iter().copied().find(|&i| {
                work.tables
                    .get(i as usize)
                    .is_some_and(|t| t.roots == roots)
            })
        });
        if let Some(id) = found {
            work.last.0.clear();
            work.last.0.extend_from_slice(roots);
            work.last.1 = id;
            return (id, 0);
        }
        let id = work.tables.len() as u32;
        let mark = &mut work.mark;
        let mut t = Table::default();
        let mut cost = 0;
        for &r in roots {
            for &a in &self.closure[r as usize] {
                if mark[a as usize] == id {
                    continue;
                }
                mark[a as usize] = id;
                for &i in &self.implied[a as usize] {
                    cost += 1;
                    match cfg.syms[i as usize] {
                        Sym::N(x) if self.term[x as usize] != NONE => {
                            t.cscans.push((self.term[x as usize], i));
                        }
                        Sym::N(x) => t.waits.push((x, i)),
                        Sym::T(c) => t.scans.push((c, i)),
                        _ => {}
                    }
                }
            }
        }
        t.waits.sort_unstable();
        t.cscans.sort_unstable();
        let nts = cfg.nts.len();
        if work.dense + nts <= MAX_DENSE {
            work.dense += nts;
            t.by_rule = vec![(0, 0); nts];
            let mut k = 0;
            while let Some(&(a, _)) = t.waits.get(k) {
                let h = k + t.waits[k..].iter().take_while(|w| w.0 == a).count();
                t.by_rule[a as usize] = (k as u32, h as u32);
                k = h;
            }
        }
        t.roots = roots.to_vec();
        work.tables.push(t);
        work.ids.entry(h).or_default().push(id);
        work.last.0.clear();
        work.last.0.extend_from_slice(roots);
        work.last.1 = id;
        (id, cost)
    }

    fn run(
        &self,
        grammar: &Grammar,
        input: &str,
        limit: usize,
        per_byte: usize,
        work: &mut Work,
    ) -> Option<Verdict> {
        let Work {
            scratch,
            tables,
            seen,
            memo,
        } = work;
        let cfg = &grammar.cfg;
        let n = input.len();
        if n >= NONE as usize {
            return None;
        }
        let limit = run_limit(limit, per_byte, n);
        // From the last checkpoint of the last run that this input's bytes still hold
        // (a run that gets there from the first set is in the same state: its spent work
        // too, so it gives up where that run would).
        let (at, mut filled, mut held) = memo.resume(input.as_bytes());
        let Resume {
            mut j,
            mut next,
            mut queue,
            mut could_end_at,
            mut furthest,
            mut reach,
            mut reach_scans,
            mut last_table,
            mut spent,
            mut links,
        } = at;
        let (mut pred, mut wstart, mut arena) = memo.take_tables();
        let checkpoints = &mut memo.checkpoints;
        let mut dep = checkpoints.last().map_or(0, |c| c.dep);
        let mut next_checkpoint = j + CHECKPOINT;
        // This set's explicit items (position, origin), deduplicated.
        let mut items: Vec<(u32, u32)> = Vec::new();
        let mut roots: Vec<u32> = Vec::new();
        let mut waits: Vec<(u32, u32, u32)> = Vec::new();
        let mut tscans: Vec<(u32, u32)> = Vec::new();
        let mut cwait: Vec<(u32, u32, u32)> = Vec::new();
        let mut ends: Vec<u32> = Vec::new();
        let start = self.start;
        // One character of lookahead, as the Earley parser has it (`lookahead`): an item
        // the character after its set can neither start nor follow is not added. The set
        // where the run ends is made again without it (`redo`), so the failure is read
        // from the items the plain recognizer has there.
        let mut live = grammar.live();
        let mut redo = false;
        let mut arrived: Vec<(u32, u32)> = Vec::new();
        let mut saved_scans: Vec<(u32, u32)> = Vec::new();
        let finished = 'sets: loop {
            let size = || next.len() + queue.len() + reach_scans.len();
            if j >= next_checkpoint && held + size() <= CHECKPOINT_ITEMS {
                held += size();
                next_checkpoint = j + CHECKPOINT;
                checkpoints.push(Checkpoint {
                    at: Resume {
                        j,
                        next: next.clone(),
                        queue: queue.clone(),
                        could_end_at,
                        furthest,
                        reach,
                        reach_scans: reach_scans.clone(),
                        last_table,
                        spent,
                        links,
                    },
                    dep: dep.max(j),
                    filled,
                    arena: arena.len(),
                });
            }
            let ju = j as u32;
            items.clear();
            seen.next_set();
            let live_at = super::lookahead::live_at(&mut live, input, j, redo);
            redo = false;
            let add = |items: &mut Vec<(u32, u32)>, seen: &mut Seen, p: u32, o: u32| {
                if live_at.is_none_or(|(l, at)| l.is_live(at, p)) && seen.insert(p, o) {
                    items.push((p, o));
                }
            };
            arrivals(&mut next, &mut queue, ju, &mut arrived);
            for &(p, o) in &arrived {
                add(&mut items, seen, p, o);
            }
            if items.is_empty() && j > 0 {
                // No item here: on to the next end a compiled rule queued.
                match queue.peek() {
                    Some(&Reverse((e, _, _))) => {
                        j = e as usize;
                        continue;
                    }
                    // The run ends here: this set again, in full, if lookahead left
                    // items out.
                    None if live_at.is_some() && !arrived.is_empty() => {
                        next.append(&mut arrived);
                        redo = true;
                        continue;
                    }
                    None => break 'sets true,
                }
            }
            // What this set changes, to make it again without lookahead.
            let undo = live_at.map(|_| {
                saved_scans.clone_from(&reach_scans);
                (
                    (furthest, could_end_at, reach, last_table, spent, dep),
                    (arena.len(), pred[j], links),
                )
            });
            furthest = j;
            for w in &mut wstart[filled..=j] {
                *w = arena.len() as u32;
            }
            filled = j + 1;
            roots.clear();
            waits.clear();
            tscans.clear();
            cwait.clear();
            if j == 0 {
                seen.predict(start);
                roots.push(start);
                if self.nullable[start as usize] {
                    could_end_at = Some(0);
                }
            }
            let mut k = 0;
            while let Some(&(p, o)) = items.get(k) {
                k += 1;
                match cfg.syms[p as usize] {
                    Sym::End(pr) => {
                        let a = cfg.prods[pr as usize].lhs;
                        if a == start && o == 0 {
                            could_end_at = Some(j);
                        }
                        let table = tables.tables.get(pred[o as usize] as usize);
                        links += each_waiting(&arena, &wstart, table, (a, o), |wp, wo| {
                            add(&mut items, seen, wp + 1, wo);
                        });
                        if links > limit {
                            break 'sets false;
                        }
                    }
                    Sym::N(x) => {
                        let t = self.term[x as usize];
                        if t != NONE {
                            cwait.push((t, p, o));
                        } else {
                            waits.push((x, p, o));
                            if !seen.predict(x) {
                                roots.push(x);
                            }
                        }
                        if self.nullable[x as usize] && !cfg.nonempty[p as usize] {
                            add(&mut items, seen, p + 1, o);
                        }
                    }
                    Sym::T(_) => tscans.push((p, o)),
                    Sym::P(_) => break 'sets false,
                }
            }
            spent += items.len() + waits.len();
            // Freeze: the waiting items by rule, the prediction table.
            waits.sort_unstable_by_key(|w| w.0);
            arena.extend_from_slice(&waits);
            spent += self.predicted(cfg, tables, &mut roots, &mut pred[j]);
            last_table = pred[j];
            // Compiled rules: one scan per automaton, every end queued for every waiter.
            if let Some(t) = tables.tables.get(pred[j] as usize) {
                cwait.extend(t.cscans.iter().map(|&(a, p)| (a, p, ju)));
            }
            cwait.sort_unstable();
            let mut g = 0;
            while let Some(&(a, _, _)) = cwait.get(g) {
                let h = g + cwait[g..].iter().take_while(|w| w.0 == a).count();
                let Some((r, read)) = self.scan_compiled(a, scratch, input, j, &mut ends) else {
                    break 'sets false;
                };
                if read {
                    // It read up to the character at `r` (the input's end when `r` is).
                    dep = if r >= n { usize::MAX } else { dep.max(r + 4) };
                }
                spent += r - j + (h - g) * ends.len();
                for &(_, p, o) in &cwait[g..h] {
                    for &e in &ends {
                        queue.push(Reverse((e, p + 1, o)));
                    }
                }
                furthest_scan(&mut reach, &mut reach_scans, r, (a, ju));
                g = h;
            }
            if spent > limit {
                break 'sets false;
            }
            let Some(c) = input.get(j..).and_then(|s| s.chars().next()) else {
                break 'sets true;
            };
            scan_char(
                cfg,
                tables.tables.get(pred[j] as usize),
                &tscans,
                (c, ju),
                &mut next,
            );
            if !next.is_empty() {
                j += c.len_utf8();
            } else if let Some(&Reverse((e, _, _))) = queue.peek() {
                j = e as usize;
            } else if let Some((a, (arena_len, table, made))) = undo {
                // The run ends at this set: made again in full (see `redo`).
                (furthest, could_end_at, reach, last_table, spent, dep) = a;
                links = made;
                arena.truncate(arena_len);
                pred[j] = table;
                std::mem::swap(&mut reach_scans, &mut saved_scans);
                next.append(&mut arrived);
                redo = true;
            } else {
                break 'sets true;
            }
        };
        memo.give_back(
            (pred, wstart, arena),
            (spent.max(links) > limit).then_some(j),
        );
        // Not finished: over its work, a prose value, or an automaton failed.
        if !finished {
            return None;
        }
        let stop = Stop {
            furthest,
            reach,
            reach_scans: &reach_scans,
            could_end_at,
            last_table,
            tscans: &tscans,
            spent,
            limit,
        };
        self.failure(grammar, input, tables, &stop)
    }

    /// The prediction table of a set that predicted `roots` (sorted here) into `table`
    /// (left as it is when it predicted none); its cost in work.
    fn predicted(
        &self,
        cfg: &Cfg,
        tables: &mut Tables,
        roots: &mut [u32],
        table: &mut u32,
    ) -> usize {
        if roots.is_empty() {
            return 0;
        }
        roots.sort_unstable();
        let (id, cost) = self.table(cfg, roots, tables);
        *table = id;
        cost
    }

    /// The scan of compiled rule `a` from byte `j`: each end where its automaton accepts
    /// into `ends`, and where it stopped reading (`r`), with whether it read at all (a
    /// first byte its automaton dies on is known without a scan); `None` when the
    /// automaton failed.
    fn scan_compiled(
        &self,
        a: u32,
        scratch: &mut [Option<Scratch>],
        input: &str,
        j: usize,
        ends: &mut Vec<u32>,
    ) -> Option<(usize, bool)> {
        ends.clear();
        let aut = self.automata.get(a as usize)?;
        let first = input.as_bytes().get(j).copied().unwrap_or(0x80);
        if first < 0x80
            && self
                .dies_first
                .get(a as usize)
                .is_some_and(|d| d >> first & 1 == 1)
        {
            // What the scan would give: no end, and its reach is where it started.
            return Some((j, false));
        }
        let scratch = scratch
            .get_mut(a as usize)?
            .get_or_insert_with(|| aut.scratch());
        let r = aut.scan_ends(scratch, input, j, |e| ends.push(e as u32))?;
        Some((r, true))
    }

    /// The verdict where the recognizer stopped: valid when the start rule ended at the
    /// input's end, else the failure where the Earley parser's chart would end, and what
    /// it expected there.
    fn failure(
        &self,
        grammar: &Grammar,
        input: &str,
        tables: &Tables,
        stop: &Stop<'_>,
    ) -> Option<Verdict> {
        if stop.could_end_at == Some(input.len()) {
            return Some(Verdict {
                valid: true,
                failure: None,
                engine: Engine::Earley,
            });
        }
        let cfg = &grammar.cfg;
        let Stop {
            furthest,
            reach,
            reach_scans,
            could_end_at,
            last_table,
            tscans,
            spent,
            limit,
        } = *stop;
        // Where the Earley parser's chart would end: the last set with items, or further
        // inside a compiled rule, whose automaton names what it waited for there.
        let at = furthest.max(reach);
        let mut classes: Vec<u32> = Vec::new();
        if at == furthest {
            if let Some(t) = tables.tables.get(last_table as usize) {
                classes.extend(t.scans.iter().map(|s| s.0));
            }
            for &(p, _) in tscans {
                if let Sym::T(cl) = cfg.syms[p as usize] {
                    classes.push(cl);
                }
            }
        }
        let could_end = at == furthest && could_end_at == Some(at);
        if at == reach {
            // Each automaton's expected set is a walk over the bytes it read: bounded as
            // the recognizer's work is (else the Earley parser names it).
            let cost: usize = reach_scans.iter().map(|&(_, o)| at - o as usize + 1).sum();
            if spent.saturating_add(cost) > limit {
                return None;
            }
            for &(a, o) in reach_scans {
                let x =
                    self.automata[a as usize].expected_at(input.as_bytes().get(o as usize..at)?)?;
                classes.extend(x.classes);
            }
        }
        classes.sort_unstable();
        classes.dedup();
        Some(Verdict {
            valid: false,
            failure: Some(Failure {
                offset: at,
                expected: grammar.expected_words(&classes, &[], could_end),
                expected_known: true,
            }),
            engine: Engine::Earley,
        })
    }
}
