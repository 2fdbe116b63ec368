//! Generation at a grammar's boundaries: inputs that exercise each alternative, each
//! repetition at its bounds, each value range at its ends, and one-character mutations of
//! those, each classified by parsing it ([`generate`]).
//!
//! ```
//! use idbench::engine::abnf::r#gen::{GenOptions, generate};
//! let text = "id = 1*3DIGIT [\"x\" / \"y\"]\n";
//! let g = generate(text, "id", &GenOptions::default()).unwrap();
//! assert_eq!(g.valid[0].input, "0");
//! assert!(g.valid.iter().any(|e| e.input == "000"));
//! assert!(g.invalid.iter().any(|e| e.input == "0000"));
//! ```
//!
//! # How
//!
//! Every rule gets a *shortest* derivation: at each alternative the child with the
//! fewest characters, ties broken by the lower derivation height (so `a = a / "x"` picks
//! `"x"`, and every expansion ends), each repetition at its minimum, each value range at
//! its lowest value. A *boundary* is one place in one rule's body given another value: an
//! alternative's other children, a repetition's count one more than its minimum, at its
//! maximum (and, as near misses, one less than its minimum and one more than its maximum),
//! a range's highest value (near misses: just below and above it), a case-insensitive
//! string in the other case (a case-sensitive one, as a near miss). The rule's body is
//! derived with that place so chosen, and embedded in the start rule's shortest
//! derivation along the first path (breadth-first, in the order the grammar writes its
//! references) by which the start rule reaches the rule. Then each valid example is
//! mutated by one character: deleted, replaced, or preceded by a probe (the characters
//! just outside the grammar's values, and a few delimiters), the mutations taken in turn
//! across the examples.
//!
//! Each candidate is parsed from the start rule; it lands among the valid examples or the
//! near misses by that verdict, never by intent. The result is deterministic.
//!
//! # Bounds
//!
//! At most [`GenOptions::count`] examples of each kind, each at most
//! [`GenOptions::max_len`] characters; at most `16 × count + 1,000` candidates are parsed
//! (and never more than [`MAX_CANDIDATES`]), all of them together with at most
//! [`MAX_TOTAL_WORK`] work (their characters and their parses' Earley items and links: when
//! it is spent generation stops, [`Generated::exhausted`]), each within the parse budget
//! ([`super::MAX_WORK`]; a candidate over it is left out, [`Generated::undecided`]); the
//! shortest derivations are computed with at
//! most [`MAX_WORK`] expression visits (rules not settled by then are not generated); every
//! derivation is expanded with an explicit stack of at most [`MAX_STEPS`] steps, and all of
//! them together take at most [`MAX_TOTAL_STEPS`]. Prose values are not generated (a rule
//! that needs one has no example).

use std::collections::{HashMap, HashSet, VecDeque};

use super::compile::CORE;
use super::reader::{self, Expr, Reading};
use super::{
    Budget, Grammar, MAX_WORK as MAX_PARSE_WORK, ParseError, ParseOptions, Problem, UnknownRule,
};

/// The most expression visits spent on the shortest derivations.
pub const MAX_WORK: usize = 20_000_000;
/// The most steps of one expansion.
pub const MAX_STEPS: usize = 200_000;
/// The most expansion steps of one [`generate`], all expansions together.
pub const MAX_TOTAL_STEPS: usize = 20_000_000;
/// The most candidates one [`generate`] parses.
pub const MAX_CANDIDATES: usize = 100_000;
/// The most work one [`generate`] spends classifying its candidates, all together: each
/// candidate's characters plus its parse's Earley items and links (see
/// [`super::MAX_WORK`]). Past it generation stops with what it has made
/// ([`Generated::exhausted`]); a deterministic count, so the same examples on any machine.
/// [`GenOptions::work`] may lower it.
pub const MAX_TOTAL_WORK: usize = 100_000_000;
/// How many probe characters mutations use at most.
const MAX_PROBES: usize = 24;
/// Mutations are made at this many positions of an example at most.
const MAX_POSITIONS: usize = 64;

/// What [`generate`] should make.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// The most examples of each kind (valid, near misses).
    pub count: usize,
    /// The most characters in an example.
    pub max_len: usize,
    /// The most work spent classifying candidates, all together (at most
    /// [`MAX_TOTAL_WORK`], the default).
    pub work: usize,
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            count: 50,
            max_len: 256,
            work: MAX_TOTAL_WORK,
        }
    }
}

/// One generated input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The input.
    pub input: String,
    /// What the start rule says of it.
    pub valid: bool,
    /// Which boundary or mutation made it.
    pub why: String,
}

/// The examples, in the order they were made.
#[derive(Clone, Debug, Default)]
pub struct Generated {
    /// Inputs the grammar accepts (the first is the shortest derivation).
    pub valid: Vec<Example>,
    /// Near misses: inputs the grammar rejects.
    pub invalid: Vec<Example>,
    /// Candidates parsed.
    pub tried: usize,
    /// Candidates whose parse ran over its budget ([`super::ParseError::OverBudget`]):
    /// neither valid nor near misses, as their verdict is unknown.
    pub undecided: usize,
    /// [`MAX_TOTAL_WORK`] was spent before the examples asked for were made.
    pub exhausted: bool,
}

/// Why nothing could be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// The grammar has errors.
    Grammar(Vec<Problem>),
    /// The start rule is not a rule of the grammar.
    UnknownRule(UnknownRule),
}

impl std::fmt::Display for GenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenError::Grammar(p) => write!(
                f,
                "the grammar has {} error{}: run `idbench grammar check` on it",
                p.len(),
                if p.len() == 1 { "" } else { "s" }
            ),
            GenError::UnknownRule(u) => u.fmt(f),
        }
    }
}

/// Infinity for [`Cost`].
const INF: Cost = (u32::MAX, u32::MAX);
/// Lengths stop growing here.
const LEN_CAP: u32 = 1 << 30;

/// (characters, derivation height) of a shortest derivation, compared in that order.
type Cost = (u32, u32);

/// A choice made at one expression.
#[derive(Clone, Debug)]
enum Force {
    /// This child of an alternative.
    Child(usize),
    /// This many iterations of a repetition.
    Count(u32),
    /// This value of a range.
    Char(char),
    /// A string in the other case.
    Flip,
    /// A rule reference replaced by this text.
    Literal(String),
}

/// The grammar as read, with the core rules it uses, every rule one body.
struct Model {
    exprs: Vec<Expr>,
    /// Each rule's body (an `Alt` of its definitions when `=/` adds some).
    bodies: Vec<usize>,
    names: Vec<String>,
    by_name: HashMap<String, usize>,
    /// For each expression, the rule a reference names.
    target: Vec<Option<usize>>,
    /// For each expression, its parent.
    parent: Vec<Option<usize>>,
    cost: Vec<Cost>,
    rule_cost: Vec<Cost>,
    /// Expansion steps left for the whole generation ([`MAX_TOTAL_STEPS`]).
    steps_left: std::cell::Cell<usize>,
}

/// Appends `from`'s expressions to `exprs`, shifting child indices; returns the shift.
fn append(exprs: &mut Vec<Expr>, from: &Reading) -> usize {
    let base = exprs.len();
    exprs.extend(from.exprs.iter().map(|e| match e {
        Expr::Alt(ch) => Expr::Alt(ch.iter().map(|c| c + base).collect()),
        Expr::Seq(ch) => Expr::Seq(ch.iter().map(|c| c + base).collect()),
        Expr::Rep { min, max, e } => Expr::Rep {
            min: *min,
            max: *max,
            e: e + base,
        },
        other => other.clone(),
    }));
    base
}

fn children(e: &Expr) -> &[usize] {
    match e {
        Expr::Alt(ch) | Expr::Seq(ch) => ch,
        Expr::Rep { e, .. } => std::slice::from_ref(e),
        _ => &[],
    }
}

/// The first code point of `lo..=hi` that is a character.
fn first_char(lo: u32, hi: u32) -> Option<char> {
    char::from_u32(lo).or_else(|| (lo..=hi).find_map(char::from_u32))
}

fn flip_case(c: char) -> char {
    if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

impl Model {
    fn new(text: &str) -> Model {
        let user = reader::read(text);
        let core = reader::read(CORE);
        let mut exprs = Vec::new();
        append(&mut exprs, &user);
        let mut defs: Vec<Vec<usize>> = Vec::new();
        let mut names = Vec::new();
        let mut by_name: HashMap<String, usize> = HashMap::new();
        for d in &user.rules {
            let key = d.name.to_ascii_lowercase();
            let i = *by_name.entry(key).or_insert_with(|| {
                names.push(d.name.clone());
                defs.push(Vec::new());
                names.len() - 1
            });
            defs[i].push(d.body);
        }
        let base = append(&mut exprs, &core);
        for d in &core.rules {
            let key = d.name.to_ascii_lowercase();
            if let std::collections::hash_map::Entry::Vacant(v) = by_name.entry(key) {
                v.insert(names.len());
                names.push(d.name.clone());
                defs.push(vec![d.body + base]);
            }
        }
        let bodies = defs
            .into_iter()
            .map(|d| match d.as_slice() {
                [one] => *one,
                _ => {
                    exprs.push(Expr::Alt(d));
                    exprs.len() - 1
                }
            })
            .collect();
        let mut parent = vec![None; exprs.len()];
        let mut target = vec![None; exprs.len()];
        for (i, e) in exprs.iter().enumerate() {
            for &c in children(e) {
                if let Some(p) = parent.get_mut(c) {
                    *p = Some(i);
                }
            }
            if let Expr::Ref { name, .. } = e {
                target[i] = by_name.get(&name.to_ascii_lowercase()).copied();
            }
        }
        let n = exprs.len();
        let r = names.len();
        let mut m = Model {
            exprs,
            bodies,
            names,
            by_name,
            target,
            parent,
            cost: vec![INF; n],
            rule_cost: vec![INF; r],
            steps_left: std::cell::Cell::new(MAX_TOTAL_STEPS),
        };
        m.costs();
        m
    }

    /// The expressions of a body, children before parents.
    fn postorder(&self, root: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![(root, false)];
        while let Some((e, done)) = stack.pop() {
            if done {
                out.push(e);
                continue;
            }
            stack.push((e, true));
            if let Some(x) = self.exprs.get(e) {
                for &c in children(x).iter().rev() {
                    stack.push((c, false));
                }
            }
        }
        out
    }

    /// The cost found so far of expression `e`.
    fn cost_of(&self, e: usize) -> Cost {
        self.cost.get(e).copied().unwrap_or(INF)
    }

    fn expr_cost(&self, e: usize) -> Cost {
        let add = |a: Cost, b: Cost| -> Cost {
            if a == INF || b == INF {
                INF
            } else {
                (a.0.saturating_add(b.0).min(LEN_CAP), a.1.max(b.1))
            }
        };
        let Some(x) = self.exprs.get(e) else {
            return INF;
        };
        match x {
            Expr::Str { chars, .. } => ((chars.len() as u32).min(LEN_CAP), 0),
            Expr::Range(lo, hi) => match first_char(*lo, *hi) {
                Some(_) => (1, 0),
                None => INF,
            },
            Expr::Prose(_) => INF,
            Expr::Ref { .. } => match self.target[e].map(|r| self.rule_cost[r]) {
                Some(c) if c != INF => (c.0, c.1.saturating_add(1)),
                _ => INF,
            },
            Expr::Seq(ch) => ch.iter().fold((0, 0), |acc, &c| add(acc, self.cost_of(c))),
            Expr::Alt(ch) => ch.iter().map(|&c| self.cost_of(c)).min().unwrap_or(INF),
            Expr::Rep { min, max, e: c } => {
                if *min == 0 || *max == Some(0) {
                    (0, 0)
                } else {
                    let x = self.cost_of(*c);
                    if x == INF {
                        INF
                    } else {
                        (x.0.saturating_mul(*min).min(LEN_CAP), x.1)
                    }
                }
            }
        }
    }

    /// The shortest derivations, to a fixpoint (or until [`MAX_WORK`]): a worklist of
    /// rules, a rule looked at again when a rule it refers to gets cheaper, so a chain of
    /// rules settles in one pass whatever order the grammar defines them in.
    fn costs(&mut self) {
        let r = self.bodies.len();
        let orders: Vec<Vec<usize>> = self.bodies.iter().map(|&b| self.postorder(b)).collect();
        // users[t]: the rules whose bodies refer to rule t.
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); r];
        for (u, order) in orders.iter().enumerate() {
            for &e in order {
                if let Some(t) = self.target[e]
                    && users[t].last() != Some(&u)
                {
                    users[t].push(u);
                }
            }
        }
        // Rules defined last first: grammars usually define a rule before those it uses.
        let mut queue: VecDeque<usize> = (0..r).rev().collect();
        let mut queued = vec![true; r];
        let mut work = 0usize;
        while let Some(u) = queue.pop_front() {
            queued[u] = false;
            for &e in &orders[u] {
                let c = self.expr_cost(e);
                if let Some(old) = self.cost.get_mut(e)
                    && c < *old
                {
                    *old = c;
                }
            }
            work += orders[u].len();
            if work > MAX_WORK {
                break;
            }
            let c = self.cost_of(self.bodies[u]);
            if c < self.rule_cost[u] {
                self.rule_cost[u] = c;
                for &v in &users[u] {
                    if !queued[v] {
                        queued[v] = true;
                        queue.push_back(v);
                    }
                }
            }
        }
    }

    /// The cheapest child of an alternative (the first of equal ones).
    fn cheapest(&self, ch: &[usize]) -> Option<usize> {
        let best = ch.iter().map(|&c| self.cost_of(c)).min()?;
        if best == INF {
            return None;
        }
        ch.iter().position(|&c| self.cost_of(c) == best)
    }

    /// Derives `root` with the choices of `forced` and the shortest elsewhere; `None` when
    /// it cannot be derived, is longer than `max_len` or takes too many steps. The choices
    /// apply to `root`'s own expressions, not to rules it refers to (a rule that refers to
    /// itself gets its shortest derivation there).
    fn expand(
        &self,
        root: usize,
        forced: &HashMap<usize, Force>,
        max_len: usize,
    ) -> Option<String> {
        enum Work<'a> {
            /// An expression, and whether it is `root`'s own.
            E(usize, bool),
            S(&'a str),
        }
        let mut out = String::new();
        let mut chars = 0usize;
        let mut steps = 0usize;
        let mut stack = vec![Work::E(root, true)];
        let mut push_char = |out: &mut String, c: char| -> bool {
            out.push(c);
            chars += 1;
            chars <= max_len
        };
        while let Some(w) = stack.pop() {
            steps += 1;
            let left = self.steps_left.get();
            if steps > MAX_STEPS || left == 0 {
                return None;
            }
            self.steps_left.set(left - 1);
            let (e, top) = match w {
                Work::S(s) => {
                    for c in s.chars() {
                        if !push_char(&mut out, c) {
                            return None;
                        }
                    }
                    continue;
                }
                Work::E(e, top) => (e, top),
            };
            let f = if top { forced.get(&e) } else { None };
            match self.exprs.get(e)? {
                Expr::Seq(ch) => stack.extend(ch.iter().rev().map(|&c| Work::E(c, top))),
                Expr::Alt(ch) => {
                    let i = match f {
                        Some(Force::Child(i)) => *i,
                        _ => self.cheapest(ch)?,
                    };
                    stack.push(Work::E(*ch.get(i)?, top));
                }
                Expr::Rep { min, max, e: c } => {
                    let n = match f {
                        Some(Force::Count(n)) => *n,
                        _ if *min == 0 || *max == Some(0) => 0,
                        _ => *min,
                    };
                    if n > 0 && self.cost_of(*c) == INF && !(top && forced.contains_key(c)) {
                        return None;
                    }
                    if n as usize > max_len + MAX_STEPS {
                        return None;
                    }
                    for _ in 0..n {
                        stack.push(Work::E(*c, top));
                    }
                }
                Expr::Str { chars: s, .. } => {
                    let flip = matches!(f, Some(Force::Flip));
                    for &c in s {
                        if !push_char(&mut out, if flip { flip_case(c) } else { c }) {
                            return None;
                        }
                    }
                }
                Expr::Range(lo, hi) => {
                    let c = match f {
                        Some(Force::Char(c)) => *c,
                        _ => first_char(*lo, *hi)?,
                    };
                    if !push_char(&mut out, c) {
                        return None;
                    }
                }
                Expr::Prose(_) => return None,
                Expr::Ref { .. } => match f {
                    Some(Force::Literal(s)) => stack.push(Work::S(s)),
                    _ => {
                        let r = self.target[e]?;
                        if self.rule_cost[r] == INF {
                            return None;
                        }
                        stack.push(Work::E(self.bodies[r], false));
                    }
                },
            }
        }
        Some(out)
    }

    /// The choices that make a derivation of the body containing `e` go through `e`.
    fn path_to(&self, e: usize, forced: &mut HashMap<usize, Force>) {
        let mut child = e;
        let mut guard = 0;
        while let Some(p) = self.parent.get(child).copied().flatten() {
            guard += 1;
            if guard > self.exprs.len() {
                break;
            }
            match &self.exprs[p] {
                Expr::Alt(ch) => {
                    if let Some(i) = ch.iter().position(|&c| c == child) {
                        forced.insert(p, Force::Child(i));
                    }
                }
                Expr::Rep { min, .. } => {
                    forced.entry(p).or_insert(Force::Count((*min).max(1)));
                }
                _ => {}
            }
            child = p;
        }
    }

    /// Breadth-first from `start`: for each rule reached, the rule and the reference by
    /// which it was first reached.
    fn reach(&self, start: usize) -> (Vec<usize>, Vec<Option<(usize, usize)>>) {
        let mut via: Vec<Option<(usize, usize)>> = vec![None; self.names.len()];
        let mut seen = vec![false; self.names.len()];
        let mut order = Vec::new();
        let mut queue = VecDeque::from([start]);
        seen[start] = true;
        while let Some(r) = queue.pop_front() {
            order.push(r);
            let mut stack = vec![self.bodies[r]];
            while let Some(e) = stack.pop() {
                let Some(x) = self.exprs.get(e) else { continue };
                if let Some(t) = self.target[e]
                    && !seen[t]
                    && self.rule_cost[t] != INF
                {
                    seen[t] = true;
                    via[t] = Some((r, e));
                    queue.push_back(t);
                }
                stack.extend(children(x).iter().rev());
            }
        }
        (order, via)
    }

    /// `s`, derived from `rule`, embedded in a derivation of the start rule.
    fn embed(
        &self,
        mut rule: usize,
        mut s: String,
        via: &[Option<(usize, usize)>],
        max_len: usize,
    ) -> Option<String> {
        let mut guard = 0;
        while let Some((p, e)) = via.get(rule).copied().flatten() {
            guard += 1;
            if guard > self.names.len() {
                return None;
            }
            let mut forced = HashMap::new();
            self.path_to(e, &mut forced);
            forced.insert(e, Force::Literal(s));
            s = self.expand(self.bodies[p], &forced, max_len)?;
            rule = p;
        }
        Some(s)
    }
}

/// A code point as ABNF writes it.
fn hex(c: u32) -> String {
    format!("%x{c:02X}")
}

/// The boundaries of one expression: (choice, why, meant valid).
fn boundaries(m: &Model, e: usize, rule: &str) -> Vec<(Force, String, bool)> {
    let mut out = Vec::new();
    match &m.exprs[e] {
        Expr::Alt(ch) if ch.len() > 1 => {
            for i in 0..ch.len() {
                out.push((
                    Force::Child(i),
                    format!("`{rule}`: alternative {} of {}", i + 1, ch.len()),
                    true,
                ));
            }
        }
        Expr::Rep { min, max, .. } => {
            let (min, max) = (*min, *max);
            out.push((
                Force::Count(min + 1),
                format!(
                    "`{rule}`: {} repetitions (one more than the fewest)",
                    min + 1
                ),
                max.is_none_or(|m| m > min),
            ));
            if let Some(mx) = max
                && mx > min + 1
            {
                out.push((
                    Force::Count(mx),
                    format!("`{rule}`: {mx} repetitions (the most)"),
                    true,
                ));
            }
            if min > 0 {
                out.push((
                    Force::Count(min - 1),
                    format!(
                        "`{rule}`: {} repetitions (one fewer than the fewest)",
                        min - 1
                    ),
                    false,
                ));
            }
            if let Some(mx) = max {
                out.push((
                    Force::Count(mx + 1),
                    format!("`{rule}`: {} repetitions (one more than the most)", mx + 1),
                    false,
                ));
            }
        }
        Expr::Range(lo, hi) => {
            let range = if lo == hi {
                hex(*lo)
            } else {
                format!("{}-{:X}", hex(*lo), hi)
            };
            if hi > lo
                && let Some(c) = char::from_u32(*hi)
            {
                out.push((
                    Force::Char(c),
                    format!("`{rule}`: {}, the top of {range}", hex(*hi)),
                    true,
                ));
            }
            if let Some(c) = lo.checked_sub(1).and_then(char::from_u32) {
                out.push((
                    Force::Char(c),
                    format!("`{rule}`: {}, just below {range}", hex(c as u32)),
                    false,
                ));
            }
            if let Some(c) = hi.checked_add(1).and_then(char::from_u32) {
                out.push((
                    Force::Char(c),
                    format!("`{rule}`: {}, just above {range}", hex(c as u32)),
                    false,
                ));
            }
        }
        Expr::Str { chars, sensitive } if chars.iter().any(|c| c.is_ascii_alphabetic()) => {
            let s: String = chars.iter().collect();
            out.push((
                Force::Flip,
                format!("`{rule}`: {s:?} in the other case"),
                !sensitive,
            ));
        }
        _ => {}
    }
    out
}

/// The probe characters of mutations: those just outside the grammar's values, then a few
/// delimiters; printable, at most [`MAX_PROBES`].
fn probes(m: &Model) -> Vec<char> {
    let mut near: Vec<char> = Vec::new();
    for e in &m.exprs {
        let (lo, hi) = match e {
            Expr::Range(lo, hi) => (*lo, *hi),
            Expr::Str { chars, .. } => match (chars.first(), chars.last()) {
                (Some(&a), Some(&b)) => (a as u32, b as u32),
                _ => continue,
            },
            _ => continue,
        };
        for c in [lo.checked_sub(1), hi.checked_add(1)]
            .into_iter()
            .flatten()
            .filter_map(char::from_u32)
        {
            if !c.is_control() && !crate::engine::chars::is_unprintable(c) {
                near.push(c);
            }
        }
    }
    near.sort_unstable();
    near.dedup();
    let mut out: Vec<char> = Vec::new();
    for c in [' ', '%', '/', ':', '?', '#', '@', '"', '\u{e9}']
        .into_iter()
        .chain(near)
    {
        if !out.contains(&c) && out.len() < MAX_PROBES {
            out.push(c);
        }
    }
    out
}

/// Mutation `j` of `s` (deletions first, then each probe replacing, then each probe
/// inserted, each across the positions), or `None` past the last.
fn mutation(s: &[char], j: usize, probes: &[char]) -> Option<(String, String)> {
    let positions = s.len().min(MAX_POSITIONS) + 1;
    let (op, pos) = (j / positions, j % positions);
    // Positions spread over the whole string when it is longer than MAX_POSITIONS.
    let at = if s.len() <= MAX_POSITIONS {
        pos
    } else {
        pos * s.len() / (positions - 1)
    };
    let mut out: Vec<char> = s.to_vec();
    let why;
    if op == 0 {
        if at >= s.len() {
            // Nothing to delete past the end: no candidate at this step.
            return Some((String::new(), String::new()));
        }
        out.remove(at);
        why = format!("mutation: character {} deleted", at + 1);
    } else if op <= probes.len() {
        let p = probes[op - 1];
        if at >= s.len() {
            out.push(p);
            why = format!("mutation: {} appended", hex(p as u32));
        } else {
            out[at] = p;
            why = format!(
                "mutation: character {} replaced by {}",
                at + 1,
                hex(p as u32)
            );
        }
    } else if op <= 2 * probes.len() {
        let p = probes[op - 1 - probes.len()];
        if at >= s.len() {
            // Inserting at the end is appending, done above.
            return Some((String::new(), String::new()));
        }
        out.insert(at, p);
        why = format!(
            "mutation: {} inserted before character {}",
            hex(p as u32),
            at + 1
        );
    } else {
        return None;
    }
    Some((out.into_iter().collect(), why))
}

/// Generates up to `options.count` valid examples and as many near misses of rule `start`
/// of the grammar `text` (see the module documentation).
pub fn generate(text: &str, start: &str, options: &GenOptions) -> Result<Generated, GenError> {
    let grammar = Grammar::from_text(text).map_err(GenError::Grammar)?;
    if !grammar.has_rule(start) {
        return Err(GenError::UnknownRule(UnknownRule(start.to_string())));
    }
    let model = Model::new(text);
    let Some(&start_rule) = model.by_name.get(&start.to_ascii_lowercase()) else {
        return Err(GenError::UnknownRule(UnknownRule(start.to_string())));
    };
    let mut g = Generator {
        grammar: &grammar,
        start,
        options,
        seen: HashSet::new(),
        out: Generated::default(),
        budget: budget(options.count),
        work_left: options.work.min(MAX_TOTAL_WORK),
    };
    let max_len = options.max_len;
    if let Some(s) = model.expand(model.bodies[start_rule], &HashMap::new(), max_len) {
        g.offer(s, "the shortest".into());
    }
    let (order, via) = model.reach(start_rule);
    'rules: for &r in &order {
        let name = &model.names[r];
        let body = model.bodies[r];
        let mut stack = vec![body];
        while let Some(e) = stack.pop() {
            if g.full() || model.steps_left.get() == 0 {
                break 'rules;
            }
            let Some(x) = model.exprs.get(e) else {
                continue;
            };
            stack.extend(children(x).iter().rev());
            for (force, why, meant) in boundaries(&model, e, name) {
                if (meant && g.out.valid.len() >= options.count)
                    || (!meant && g.out.invalid.len() >= options.count)
                {
                    continue;
                }
                let mut forced = HashMap::new();
                model.path_to(e, &mut forced);
                forced.insert(e, force);
                let Some(s) = model.expand(body, &forced, max_len) else {
                    continue;
                };
                if let Some(s) = model.embed(r, s, &via, max_len) {
                    g.offer(s, why);
                }
            }
        }
    }
    // One-character mutations, taken in turn across the valid examples.
    let probes = probes(&model);
    let bases: Vec<Vec<char>> = g
        .out
        .valid
        .iter()
        .map(|e| e.input.chars().collect())
        .collect();
    let mut j = 0;
    while !g.full() {
        let mut any = false;
        for b in &bases {
            if g.full() {
                break;
            }
            if let Some((s, why)) = mutation(b, j, &probes) {
                any = true;
                if !why.is_empty() && s.chars().count() <= max_len {
                    g.offer(s, why);
                }
            }
        }
        if !any {
            break;
        }
        j += 1;
    }
    Ok(g.out)
}

/// How many candidates are parsed at most: 16 per example asked for, and 1,000, up to
/// [`MAX_CANDIDATES`].
fn budget(count: usize) -> usize {
    count
        .saturating_mul(16)
        .saturating_add(1_000)
        .min(MAX_CANDIDATES)
}

struct Generator<'a> {
    grammar: &'a Grammar,
    start: &'a str,
    options: &'a GenOptions,
    seen: HashSet<String>,
    out: Generated,
    /// Candidates that may still be parsed.
    budget: usize,
    /// What is left of [`MAX_TOTAL_WORK`].
    work_left: usize,
}

impl Generator<'_> {
    /// The total work is spent: nothing more is parsed.
    fn spent(&mut self) {
        self.work_left = 0;
        self.budget = 0;
        self.out.exhausted = true;
    }

    fn full(&self) -> bool {
        self.budget == 0
            || (self.out.valid.len() >= self.options.count
                && self.out.invalid.len() >= self.options.count)
    }

    /// Parses `s` and keeps it where its verdict puts it, if there is room.
    fn offer(&mut self, s: String, why: String) {
        if self.budget == 0 || self.seen.contains(&s) {
            return;
        }
        // The candidate's characters (made, copied, hashed) are work too.
        if s.len() >= self.work_left {
            self.spent();
            return;
        }
        self.work_left -= s.len();
        self.budget -= 1;
        self.out.tried += 1;
        let opts = ParseOptions {
            count_cap: 1,
            max_trees: 1,
        };
        let parse_budget = Budget {
            work: self.work_left.min(MAX_PARSE_WORK),
            ..Budget::default()
        };
        let valid = match self
            .grammar
            .parse_within(self.start, &s, &opts, parse_budget)
        {
            Ok(p) => {
                self.work_left = self.work_left.saturating_sub(p.items + p.links);
                p.valid
            }
            Err(ParseError::OverBudget { .. }) => {
                self.work_left -= parse_budget.work;
                if parse_budget.work < MAX_PARSE_WORK {
                    // What the total had left was not enough: generation ends here.
                    self.spent();
                } else {
                    self.out.undecided += 1;
                }
                self.seen.insert(s);
                return;
            }
            // Longer than a parse takes, or no such rule (checked before): not judged.
            Err(_) => {
                self.out.undecided += 1;
                self.seen.insert(s);
                return;
            }
        };
        self.seen.insert(s.clone());
        let list = if valid {
            &mut self.out.valid
        } else {
            &mut self.out.invalid
        };
        if list.len() < self.options.count {
            list.push(Example {
                input: s,
                valid,
                why,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_derivation_ends_on_left_recursion() {
        let m = Model::new("a = a \"+\" a / \"x\"\n");
        assert_eq!(
            m.expand(m.bodies[0], &HashMap::new(), 10).as_deref(),
            Some("x")
        );
    }

    #[test]
    fn a_forced_choice_holds_in_the_rule_itself_only() {
        let g =
            generate("e = e \"+\" e / \"a\"\n", "e", &GenOptions::default()).expect("generates");
        let valid: Vec<&str> = g.valid.iter().map(|e| e.input.as_str()).collect();
        assert!(valid.contains(&"a+a"), "{valid:?}");
    }

    #[test]
    fn repetitions_at_their_bounds_and_past_them() {
        let g = generate("n = 2*4\"a\"\n", "n", &GenOptions::default()).expect("generates");
        let valid: Vec<&str> = g.valid.iter().map(|e| e.input.as_str()).collect();
        let invalid: Vec<&str> = g.invalid.iter().map(|e| e.input.as_str()).collect();
        for s in ["aa", "aaa", "aaaa"] {
            assert!(valid.contains(&s), "{s} in {valid:?}");
        }
        for s in ["a", "aaaaa"] {
            assert!(invalid.contains(&s), "{s} in {invalid:?}");
        }
    }

    #[test]
    fn a_long_chain_of_rules_defined_top_down_settles() {
        let n = 5_000;
        let mut text: String = (0..n - 1)
            .map(|i| format!("r{i} = r{} \"x\"\n", i + 1))
            .collect();
        text.push_str(&format!("r{} = \"y\"\n", n - 1));
        let opts = GenOptions {
            count: 1,
            max_len: 20_000,
            ..GenOptions::default()
        };
        let g = generate(&text, "r0", &opts).expect("generates");
        let first = g.valid.first().map(|e| e.input.clone()).unwrap_or_default();
        assert_eq!(first.len(), n);
        assert!(first.starts_with("yx"));
    }

    #[test]
    fn bounded_on_a_hostile_grammar() {
        let g = generate(
            "a = 100000\"x\" / b\nb = *b \"y\"\n",
            "a",
            &GenOptions::default(),
        )
        .expect("generates");
        assert!(g.valid.iter().all(|e| e.input.chars().count() <= 256));
        assert!(g.tried <= budget(50));
    }
}
