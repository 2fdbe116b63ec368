//! A general ABNF engine: reads any RFC 5234 grammar (with RFC 7405's case-sensitive
//! strings), checks it, and parses inputs with it, counting every parse.
//!
//! ```
//! use idbench::engine::abnf::{Grammar, ParseCount, ParseOptions};
//! let g = Grammar::from_text("E = E \"+\" E / \"a\"\n").unwrap();
//! let p = g.parse("E", "a+a+a+a", &ParseOptions::default()).unwrap();
//! assert!(p.valid);
//! assert_eq!(p.count, ParseCount::Exact(5));
//! ```
//!
//! # Pieces
//!
//! - `reader`: the text into rule definitions (errors with line and column).
//! - `compile`: the definitions into a context-free grammar of named rules and internal
//!   helpers, terminals as code-point sets; the core rules of RFC 5234 Appendix B.1 are
//!   added when used and not defined.
//! - `earley`: an Earley recognizer whose chart keeps how each item was reached, a
//!   binarised shared packed parse forest.
//! - `forest`: counting the derivations in that forest and taking trees from it.
//! - `check`: the problems of a grammar ([`check`]).
//!
//! Written here rather than taken from a crate: the parser crates are PEG or first-match
//! (which reject valid URNs under RFC 8141's own `NID` rule), and the Earley and GLL crates
//! give neither an exact count of derivations nor any control of what counts as a
//! different derivation, which is the point of this engine.
//!
//! # What is counted
//!
//! Terminals are Unicode scalar values (ABNF values are code points: RFC 3987 uses
//! `%xA0-D7FF`); spans are byte offsets into the input. A quoted string matches ASCII
//! letters in either case unless written `%s"…"`.
//!
//! Two derivations count as one when they differ only in how an empty substring is
//! derived. Precisely:
//!
//! 1. **Repetition iterations are non-empty.** `m*n x` matches a sequence of `k`
//!    iterations of `x` that each match a non-empty substring, with `k ≤ n`, and `k ≥ m`
//!    unless `x` can match the empty string, in which case the missing iterations are
//!    empty and where they stand is not a difference. So `*("a" / "")` has one parse of
//!    `aa` (two iterations), not infinitely many; `2*3("a" / "")` has one parse of `a`; an
//!    option `[x]` is `0*1 x`, so `[*"a"]` on the empty string is one parse (the option
//!    absent), not two.
//! 2. **Every empty span is derived one way.** Any node of the forest over an empty span
//!    (a rule, or part of a production, that matched nothing) counts as one derivation
//!    however many it has: with `a = b / c`, `b = ""`, `c = ""`, the empty string has one
//!    parse of `a`, and `s = a "x"` one parse of `x`.
//!
//! When rule 2 merges several derivations (or infinitely many, `a = a / ""`), the result
//! says so apart ([`Parse::empty_ambiguity`]): the input's parse count is not affected.
//! Everything else is a difference: `E = E "+" E / "a"` on `a+a+a+a` has 5 parses (the
//! Catalan number), `x = "a" / %x61` has 2 on `a`. A grammar with infinitely many
//! derivations of a non-empty span of the input (`A = A / "a"`, or `A = B`, `B = A / "a"`)
//! gives [`ParseCount::Infinite`]. Counts above [`ParseOptions::count_cap`] are
//! [`ParseCount::AtLeast`]; counting is polynomial however many parses there are.
//!
//! RFC 8141's grammar gives one parse of `urn:ex:abc` and two of `urn:example:a?+b?=c`
//! (`b?=c` as the r-component, or `b` and `c`).
//!
//! # Limits and cost
//!
//! A grammar text has at most [`MAX_TEXT`] bytes and [`MAX_RULES`] rule definitions;
//! repetition counts are at most [`MAX_REPEAT`]. Nothing recurses on nesting depth: groups,
//! expressions, the forest and trees are walked with explicit stacks. Repetitions compile to
//! left recursion, which Earley runs in linear time; right recursion written in a grammar
//! (`a = "x" a / ""`) is linear too, with Leo's right-recursion items. An ambiguous
//! input's trees come out in a canonical order: at each step of a production, the
//! alternative whose last symbol starts latest first, then the later production first.
//!
//! A parse has a budget ([`Budget`]): at most [`MAX_INPUT`] bytes of input, and at most
//! [`MAX_WORK`] Earley items and links created, which bounds its time and memory whatever
//! the grammar (an ambiguous grammar's chart grows with the cube of the input). Past
//! either the parse stops with a [`ParseError`] rather than run on: every caller (`grammar
//! parse`, `grammar diff`, `draft`, the cases runner, the workbench's lab) parses within
//! it.

mod brackets;
mod check;
mod compile;
mod dfa;
pub mod draft;
mod earley;
mod forest;
pub mod r#gen;
pub mod lab;
mod local;
mod lookahead;
mod pool;
mod reader;
mod recognize;
mod stream;
// The command line's `grammar parse` writes trees through these.
#[cfg_attr(not(feature = "cli"), allow(unused_imports))]
pub(crate) use forest::TreeSink;
#[cfg_attr(not(feature = "cli"), allow(unused_imports))]
pub(crate) use stream::Trees;

use std::sync::{Arc, OnceLock};

pub(crate) use earley::FastMap;

pub use crate::engine::tree::Severity;
pub use dfa::{
    Automaton, CACHE_BYTES, MAX_DEPTH, MAX_HIR_NODES, MAX_NFA_BYTES, NotCompiled, Scratch,
};

/// The most bytes a grammar text may have (1 MiB).
pub const MAX_TEXT: usize = 1 << 20;
/// The most rule definitions a grammar may have.
pub const MAX_RULES: usize = 10_000;
/// The largest repetition count (`3*100000x`).
pub const MAX_REPEAT: u32 = 100_000;
/// The most bytes of input one parse takes (1 MiB): a longer input is
/// [`ParseError::InputTooLarge`].
pub const MAX_INPUT: usize = 1 << 20;
/// The most work one parse may do: Earley items and links created (16 million). The chart,
/// the forest counted over it and the trees grow with them, so a parse stays under 1 GiB
/// whatever the grammar (measured in release: `s = *ALPHA` on 1 MiB, 700 MB with its
/// output; `E = E "+" E / "a"` just under the budget, 520 MB); past it the parse stops with
/// [`ParseError::OverBudget`]. A deterministic count, not a clock: the same grammar and
/// input give the same verdict on any machine. Unambiguous grammars need a few dozen items
/// and links per input byte (RFC 3986's ABNF on a URI about 47, RFC 8141's on a URN about
/// 38); `E = E "+" E / "a"` grows with the cube of the input and is over from some 470
/// terms.
pub const MAX_WORK: usize = 16_000_000;

/// The longest prefix (bytes) before an automaton's first offending byte for which the
/// Earley engine works out the expected set there ([`Verdict::failure`]) when the
/// automaton has no tagged NFA to give it (one over [`MAX_NFA_BYTES`]): some 9 µs a byte
/// in a release build, so at most about 40 ms. Past it that failure has its offset
/// (exact, from the automaton) and an empty expected set. An automaton with its tagged
/// NFA (every shipped grammar's) gives the expected set at any length.
pub const EXPECTED_PREFIX: usize = 4096;

/// The most units of work an input byte the recognizer of recursive grammars does
/// ([`Judge::quick_verdict`]; past a constant) before it gives up.
pub const RECOGNIZER_PER_BYTE: usize = recognize::PER_BYTE;

/// The limits of one parse ([`Grammar::parse_within`]); [`Grammar::parse`] takes the
/// default, [`MAX_WORK`] and [`MAX_INPUT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most Earley items and links the parse may create.
    pub work: usize,
    /// The most bytes of input.
    pub input: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            work: MAX_WORK,
            input: MAX_INPUT,
        }
    }
}

/// The codes of grammar problems (stable, kebab-case).
pub mod codes {
    /// The text does not read as ABNF here.
    pub const SYNTAX: &str = "abnf-syntax";
    /// A comment holds a character other than WSP and VCHAR (RFC 5234 §4).
    pub const COMMENT_CHARACTER: &str = "comment-character";
    /// A rule's continuation line is not indented past the rule's start (RFC 5234 §3.1, §4).
    pub const CONTINUATION_NOT_INDENTED: &str = "continuation-not-indented";
    /// A rule starts at another column than the grammar's first rule (RFC 5234 §4).
    pub const RULE_INDENTATION: &str = "rule-indentation";
    /// The text is larger than [`super::MAX_TEXT`], or expands to too many symbols.
    pub const TOO_LARGE: &str = "grammar-too-large";
    /// More than [`super::MAX_RULES`] rule definitions.
    pub const TOO_MANY_RULES: &str = "too-many-rules";
    /// A rule is used and never defined (or the start rule is not defined).
    pub const UNDEFINED: &str = "undefined-rule";
    /// A rule is defined twice with `=`.
    pub const DUPLICATE: &str = "rule-defined-twice";
    /// `=/` before the rule's `=`.
    pub const INCREMENTAL_FIRST: &str = "incremental-before-definition";
    /// No other rule uses this one.
    pub const UNUSED: &str = "unused-rule";
    /// The start rule does not reach this one.
    pub const UNREACHABLE: &str = "unreachable-rule";
    /// A prose value, which cannot be checked.
    pub const PROSE: &str = "prose-value";
    /// A rule derives itself without reading anything.
    pub const CYCLE: &str = "cyclic-rule";
    /// A parse needed more work than its budget ([`super::ParseError::OverBudget`]).
    pub const OVER_BUDGET: &str = "grammar-over-budget";
    /// An input longer than a parse takes ([`super::ParseError::InputTooLarge`]).
    pub const INPUT_TOO_LARGE: &str = "grammar-input-too-large";
}

/// One problem of a grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Stable kebab-case code ([`codes`]).
    pub code: &'static str,
    /// Error, warning or note.
    pub severity: Severity,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// Byte offset in the grammar text.
    pub offset: usize,
    /// The rule concerned, as written, if any.
    pub rule: Option<String>,
    /// What is wrong and what to do.
    pub message: String,
}

/// What [`check`] finds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// The rules defined, as first written, in order.
    pub rules: Vec<String>,
    /// The problems, by line.
    pub problems: Vec<Problem>,
}

impl CheckReport {
    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
    }
}

/// Checks a grammar text: errors (syntax, undefined rules, a rule defined twice with `=`,
/// `=/` before `=`, too large), warnings (rules that derive themselves) and notes (unused
/// rules, rules unreachable from `start`, by default the first rule; prose values).
pub fn check(text: &str, start: Option<&str>) -> CheckReport {
    check::analyse(text, start).report
}

/// A recognizer bound to a prose value: given the whole input and a byte offset, the byte
/// offsets where a match starting there can end.
pub type Recognizer = Arc<dyn Fn(&str, usize) -> Vec<usize> + Send + Sync>;

/// A compiled grammar, ready to parse.
#[derive(Clone)]
pub struct Grammar {
    cfg: compile::Cfg,
    report: CheckReport,
    prose: Vec<Option<Recognizer>>,
    /// Prose values bound to "the rest of the input" ([`Grammar::bind_prose_rest`]), which
    /// the automaton compiler can read.
    prose_rest: Vec<bool>,
    /// FIRST and FOLLOW sets for the Earley parser's and the recognizer's lookahead
    /// (`None`: the grammar is over their bounds, and parses without), made at the first
    /// parse or recognizer run: a grammar only ever judged by its automaton (`check
    /// --grammar` on a regular grammar, the namespace layer) never pays for them.
    lookahead: OnceLock<Option<Arc<lookahead::Tables>>>,
}

/// Which engine gave a [`Verdict`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The compiled automaton ([`Automaton`]).
    Automaton,
    /// The Earley engine (recognizer only: no forest).
    Earley,
}

impl Engine {
    /// `"automaton"` or `"earley"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Automaton => "automaton",
            Engine::Earley => "earley",
        }
    }
}

/// A verdict without a tree ([`Judge::verdict`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The input matches the start rule.
    pub valid: bool,
    /// Where it failed and what was expected there, when it did. From the automaton, the
    /// expected set comes from its tagged NFA at any length of the input; only for an
    /// automaton whose tagged NFA was over the size limit is it the Earley engine's, and
    /// then empty when the input before the offending byte is longer than
    /// [`EXPECTED_PREFIX`].
    pub failure: Option<Failure>,
    /// The engine that judged.
    pub engine: Engine,
}

/// A start rule ready to judge inputs: its automaton when it compiles, else the Earley
/// engine ([`Grammar::judge`]). Built once, used for any number of inputs.
#[derive(Clone, Debug)]
pub struct Judge {
    start: u32,
    automaton: Option<Automaton>,
    why_not: Option<NotCompiled>,
    /// Without an automaton: the recognizer's plan (`recognize`), when it takes the
    /// grammar (no prose value reached).
    plan: Option<Arc<recognize::Plan>>,
}

impl Judge {
    /// The automaton, when the start rule compiled.
    pub fn automaton(&self) -> Option<&Automaton> {
        self.automaton.as_ref()
    }

    /// Why the start rule was not compiled (the Earley engine judges), if it was not.
    pub fn not_compiled(&self) -> Option<&NotCompiled> {
        self.why_not.as_ref()
    }

    /// A scratch space for [`Judge::verdict`] (one per thread).
    pub fn scratch(&self) -> Option<Scratch> {
        self.automaton.as_ref().map(Automaton::scratch)
    }

    /// Judges `input` with `grammar` (the one this judge was made from): the automaton's
    /// verdict and first offending byte, the expected set there from its tagged NFA run
    /// on the bytes before it; or, without an automaton, the recognizer, and where it
    /// gives up the Earley recognizer alone (no forest), within the default [`Budget`].
    /// An input longer than [`EXPECTED_PREFIX`] the recognizer gives up on is first put
    /// to the regular bounds ([`Judge::verdict_by_bounds`]); so is any input whose parse
    /// is over its budget.
    pub fn verdict(
        &self,
        grammar: &Grammar,
        scratch: &mut Option<Scratch>,
        input: &str,
    ) -> Result<Verdict, ParseError> {
        if let Some(a) = &self.automaton {
            let s = scratch.get_or_insert_with(|| a.scratch());
            if a.is_match(s, input) {
                return Ok(Verdict {
                    valid: true,
                    failure: None,
                    engine: Engine::Automaton,
                });
            }
            let at = a.dies_at(s, input).unwrap_or(input.len());
            // The expected set from the automaton's tagged NFA (any prefix length); the
            // Earley engine on the prefix only when that NFA was over its size limit.
            let failure = match input.as_bytes().get(..at).and_then(|p| a.expected_at(p)) {
                Some(x) => Failure {
                    offset: at,
                    expected: grammar.expected_words(&x.classes, &x.prose, x.could_end),
                    expected_known: true,
                },
                None => grammar.failure_before(self.start, input, at),
            };
            return Ok(Verdict {
                valid: false,
                failure: Some(failure),
                engine: Engine::Automaton,
            });
        }
        let budget = Budget::default();
        if let Some(plan) = &self.plan
            && input.len() <= budget.input
            && let Some(v) = plan.verdict(grammar, input, budget.work)
        {
            return Ok(v);
        }
        // The recognizer gave up. On an input past `EXPECTED_PREFIX`, the regular bounds
        // come before the chart: a pass of automata, where the chart of an input the
        // grammar reads in many ways runs to its budget (1.4 s and 260 MB on the 62 KB
        // nested XRI with a near miss). A failure they place within `EXPECTED_PREFIX`
        // bytes gets the chart's expected set there, as an automaton's does; past it, as
        // there, the offset is exact and the expected set not known.
        let long = input.len() > EXPECTED_PREFIX;
        if long && let Some(mut v) = self.verdict_by_bounds(grammar, input) {
            if let Some(f) = &mut v.failure {
                *f = grammar.failure_before(self.start, input, f.offset);
            }
            return Ok(v);
        }
        match grammar.earley_verdict(self.start, input, budget) {
            Err(e @ ParseError::OverBudget { .. }) if !long => {
                self.verdict_by_bounds(grammar, input).ok_or(e)
            }
            v => v,
        }
    }

    /// The verdict on an input whose parse is over its work budget (a grammar that reads
    /// it in too many ways), from a recursive start rule's regular subset and superset,
    /// with no chart: valid where the subset matches; invalid, with the Earley parser's
    /// first offending byte but no expected set ([`Failure::expected_known`] false),
    /// where the superset cannot read on at a byte the subset reaches. `None` when they
    /// leave it open, an automaton gave up, or the grammar has no recognizer's plan (a
    /// start rule that compiled whole needs none: [`Judge::verdict`] is exact).
    pub fn verdict_by_bounds(&self, grammar: &Grammar, input: &str) -> Option<Verdict> {
        self.plan.as_ref()?.verdict_by_bounds(grammar, input)
    }

    /// The verdict without the Earley chart: the automaton's ([`Judge::verdict`]), or the
    /// recognizer's within `budget` (its work at most four times `budget.work`) and at
    /// most `per_byte` units of work an input byte (its own bound,
    /// [`RECOGNIZER_PER_BYTE`], at most); `None` when neither can give it (no automaton and
    /// no plan, a prose value, an input over `budget.input`, or the recognizer over its
    /// work: an input the grammar reads in many ways, a deep right recursion). For a
    /// caller with a slower way to the verdict of its own (the lab's parse) that would
    /// rather take it than pay for a recognizer that gives up late, and then the chart.
    pub fn quick_verdict(
        &self,
        grammar: &Grammar,
        scratch: &mut Option<Scratch>,
        input: &str,
        budget: Budget,
        per_byte: usize,
    ) -> Option<Result<Verdict, ParseError>> {
        if self.automaton.is_some() {
            return Some(self.verdict(grammar, scratch, input));
        }
        let plan = self.plan.as_ref()?;
        if input.len() > budget.input {
            return None;
        }
        plan.verdict_within(grammar, input, budget.work, per_byte)
            .map(Ok)
    }

    /// Readies [`Judge::quick_verdict`] for edits of `input` (within `budget` and
    /// `per_byte`, as it would judge): the recognizer's chart run for its checkpoints,
    /// where the regular subset or the bracketed rule's pass gave the verdict without
    /// one. Nothing for an automaton (it keeps no checkpoints) or an input over
    /// `budget.input`. For a caller with time to spare between verdicts (the workbench's
    /// worker, once a text's tree is made). Says whether the chart ran: not where the
    /// last run gave up over its work on the bytes `input` still shares with its text (it
    /// would give up there again).
    pub fn prime(&self, grammar: &Grammar, input: &str, budget: Budget, per_byte: usize) -> bool {
        match (&self.automaton, &self.plan) {
            (None, Some(plan)) if input.len() <= budget.input => {
                plan.prime(grammar, input, budget.work, per_byte)
            }
            _ => false,
        }
    }

    /// Where [`Judge::quick_verdict`]'s chart would start reading `input` (a byte offset:
    /// the last checkpoint of an earlier run that `input`'s bytes still hold, 0 for
    /// none). For the tests of [`Judge::prime`]; not part of the supported interface.
    #[doc(hidden)]
    pub fn resumes_at(&self, grammar: &Grammar, input: &str) -> usize {
        self.plan
            .as_ref()
            .map_or(0, |p| p.resumes_at(grammar, input))
    }

    /// Whether [`Judge::quick_verdict`] can give verdicts: the start rule compiled, or
    /// the recognizer takes it.
    pub fn has_quick_verdict(&self) -> bool {
        self.automaton.is_some() || self.plan.is_some()
    }

    /// How many rules the recognizer reads as compiled terminals, when the start rule
    /// did not compile whole and the recognizer judges (`None`: the automaton, or the
    /// Earley parser, judges).
    pub fn compiled_terminals(&self) -> Option<usize> {
        self.plan.as_ref().map(|p| p.automata())
    }
}

impl std::fmt::Debug for Grammar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Grammar")
            .field("rules", &self.report.rules)
            .finish_non_exhaustive()
    }
}

/// How a parse's trees are made: with repetitions and literals (`detail`) or the rules
/// only, and the most nodes all its trees may hold once past the first (`forest::count`).
#[derive(Clone, Copy)]
struct TreeShape {
    detail: bool,
    max_nodes: usize,
}

/// How many derivations the input has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseCount {
    /// Exactly this many (0: the input does not match).
    Exact(u64),
    /// More than the cap; at least this many.
    AtLeast(u64),
    /// Infinitely many (the grammar has a loop that reads nothing).
    Infinite,
}

/// What [`Grammar::parse`] should do.
#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// Counts above this are reported as [`ParseCount::AtLeast`].
    pub count_cap: u64,
    /// How many trees to return (the first and up to this many minus one others).
    pub max_trees: usize,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            count_cap: 1_000_000,
            max_trees: 8,
        }
    }
}

/// What a node of a parse tree stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TreeNodeKind {
    /// A rule of the grammar.
    #[default]
    Rule,
    /// A repetition or option, in a detailed tree ([`Grammar::parse_detailed`]).
    Repetition,
    /// A literal (a quoted string, a value, a prose value), in a detailed tree.
    Literal,
}

impl TreeNodeKind {
    /// The kind as JSON names it: `rule`, `repetition`, `literal`.
    pub fn as_str(self) -> &'static str {
        match self {
            TreeNodeKind::Rule => "rule",
            TreeNodeKind::Repetition => "repetition",
            TreeNodeKind::Literal => "literal",
        }
    }
}

/// One node of a parse tree: a rule of the grammar (never an internal helper) and the
/// bytes it matched. Terminals are not nodes: they are the bytes of their rule, unless
/// the tree is detailed ([`Grammar::parse_detailed`]), which adds repetitions and
/// literals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The rule's name as the grammar first writes it; for a repetition or literal, how
    /// the grammar writes it (`*"a"`, `"urn:"`).
    pub rule: String,
    /// What the node stands for.
    pub kind: TreeNodeKind,
    /// Byte offset where it starts in the input.
    pub start: usize,
    /// Byte offset where it ends.
    pub end: usize,
    /// Indices of the children in [`ParseTree::nodes`], in input order.
    pub children: Vec<usize>,
}

/// One derivation of the input, as a tree of named rules; the root is `nodes[0]`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ParseTree {
    /// The nodes, root first, each before its children.
    pub nodes: Vec<TreeNode>,
}

impl ParseTree {
    /// The root (the start rule), if any.
    pub fn root(&self) -> Option<&TreeNode> {
        self.nodes.first()
    }
    /// The tree with its rules only: repetitions and literals left out, their rule
    /// descendants moved up to the nearest rule (a detailed tree folded back to what
    /// [`Grammar::parse`] gives). Without recursion.
    pub fn fold(&self) -> ParseTree {
        let mut nodes: Vec<TreeNode> = Vec::new();
        // (old index, new parent)
        let mut stack: Vec<(usize, Option<usize>)> = vec![(0, None)];
        while let Some((i, parent)) = stack.pop() {
            let Some(n) = self.nodes.get(i) else { continue };
            let mut under = parent;
            if n.kind == TreeNodeKind::Rule || parent.is_none() {
                let id = nodes.len();
                nodes.push(TreeNode {
                    children: Vec::new(),
                    ..n.clone()
                });
                if let Some(p) = parent {
                    nodes[p].children.push(id);
                }
                under = Some(id);
            }
            for &c in n.children.iter().rev() {
                stack.push((c, under));
            }
        }
        ParseTree { nodes }
    }
    /// The tree as an S-expression, `(rule "text" children…)`, for tests and debugging.
    pub fn to_sexpr(&self, input: &str) -> String {
        let mut out = String::new();
        // (node, closing?)
        let mut stack: Vec<(usize, bool)> = vec![(0, false)];
        while let Some((i, close)) = stack.pop() {
            if close {
                out.push(')');
                continue;
            }
            let Some(n) = self.nodes.get(i) else { continue };
            if !out.is_empty() && !out.ends_with('(') {
                out.push(' ');
            }
            out.push('(');
            out.push_str(&n.rule);
            out.push_str(&format!(" {:?}", input.get(n.start..n.end).unwrap_or("")));
            stack.push((i, true));
            for &c in n.children.iter().rev() {
                stack.push((c, false));
            }
        }
        out
    }
}

/// How the faces word an expected set that is not known ([`Failure::expected_known`]),
/// after "what it expects there": the verdict and the byte stand, the set does not.
pub const EXPECTED_UNKNOWN: &str = "is not known (the parse that would say is over its \
     work budget: the grammar reads this input in too many ways, or the text before that \
     byte is too long; the verdict and the byte are the compiled grammar's)";

/// Where and why an input failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The furthest byte offset the parse reached.
    pub offset: usize,
    /// What would have been accepted there: terminals as the grammar writes them
    /// (`"a"`, `%x30-39`), or the rule a terminal is all of (`DIGIT`), `<prose>`, and
    /// `end of input`; deduplicated and sorted. Empty when nothing would have been, or
    /// when it is not known (`expected_known`).
    pub expected: Vec<String>,
    /// Whether `expected` is what the grammar expects there: false where a verdict came
    /// without the chart that says it (an automaton's first offending byte past
    /// [`EXPECTED_PREFIX`] with no tagged NFA, or the regular bounds of a recursive
    /// grammar, [`Judge::verdict_by_bounds`]), and `expected` is then empty.
    pub expected_known: bool,
}

/// The result of parsing one input.
#[derive(Clone, Debug)]
pub struct Parse {
    /// The input matches the start rule.
    pub valid: bool,
    /// How many ways ([`ParseCount::Exact`]`(0)` when invalid).
    pub count: ParseCount,
    /// Some empty substring is derived more than one way (merged into one, see the
    /// module documentation).
    pub empty_ambiguity: bool,
    /// The first tree and others, up to [`ParseOptions::max_trees`] (one when the count is
    /// infinite).
    pub trees: Vec<ParseTree>,
    /// Where it failed, when it did.
    pub failure: Option<Failure>,
    /// Prose values the parse reached that have no recognizer (as `rule: <text>`): a
    /// failure may be theirs.
    pub unchecked_prose: Vec<String>,
    /// Earley items created: the parse's work, for tests of linearity.
    pub items: usize,
    /// Links created (how each item was reached), the rest of that work.
    pub links: usize,
    /// Steps the count and the trees took after the parse (nodes and links visited):
    /// linear in `items + links` plus the trees' sizes, never the number of derivations.
    pub forest_work: usize,
}

/// The start rule is not a rule of the grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl std::fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the grammar has no rule named `{}`", self.0)
    }
}

impl std::error::Error for UnknownRule {}

/// Why [`Grammar::parse`] gives no parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The start rule is not a rule of the grammar.
    UnknownRule(UnknownRule),
    /// The input has more bytes than the budget's `input` ([`MAX_INPUT`]).
    InputTooLarge {
        /// The input's length in bytes.
        len: usize,
        /// The most the parse takes.
        max: usize,
    },
    /// The parse needed more than the budget's `work` ([`MAX_WORK`]): the grammar is too
    /// ambiguous (or too large) for this input. Nothing is known of its verdict.
    OverBudget {
        /// The budget: items and links.
        work: usize,
        /// The byte offset the parse had reached when it stopped.
        at: usize,
    },
}

impl ParseError {
    /// The error's stable code: [`codes::UNDEFINED`], [`codes::INPUT_TOO_LARGE`] or
    /// [`codes::OVER_BUDGET`].
    pub fn code(&self) -> &'static str {
        match self {
            ParseError::UnknownRule(_) => codes::UNDEFINED,
            ParseError::InputTooLarge { .. } => codes::INPUT_TOO_LARGE,
            ParseError::OverBudget { .. } => codes::OVER_BUDGET,
        }
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseError::UnknownRule(u) => u.fmt(f),
            ParseError::InputTooLarge { len, max } => write!(
                f,
                "the input has {len} bytes, more than the {max} bytes a grammar parse takes: parse a shorter input"
            ),
            ParseError::OverBudget { work, at } => write!(
                f,
                "over budget: the parse needed more than {work} Earley items and links (it had reached byte {at}): the grammar is too ambiguous, or the input too long, for one parse; shorten the input, or make the grammar less ambiguous"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<UnknownRule> for ParseError {
    fn from(u: UnknownRule) -> Self {
        ParseError::UnknownRule(u)
    }
}

impl Grammar {
    /// Reads and compiles a grammar; the errors of [`check`] when it has any.
    pub fn from_text(text: &str) -> Result<Grammar, Vec<Problem>> {
        let a = check::analyse(text, None);
        match a.cfg {
            Some(cfg) if !a.report.has_errors() => {
                let prose = vec![None; cfg.prose.len()];
                let prose_rest = vec![false; cfg.prose.len()];
                Ok(Grammar {
                    lookahead: OnceLock::new(),
                    cfg,
                    report: a.report,
                    prose,
                    prose_rest,
                })
            }
            _ => Err(a
                .report
                .problems
                .into_iter()
                .filter(|p| p.severity == Severity::Error)
                .collect()),
        }
    }

    /// Every name a tree or a failure of this grammar can show: its rules, its
    /// repetitions' labels, its strings, values and prose values as written, and `end of
    /// input` ([`TreeNode::rule`], [`Failure::expected`]); sorted, each once. A caller that
    /// needs them for longer than the grammar (the lab's tree) makes them once, here.
    pub fn labels(&self) -> Vec<String> {
        let cfg = &self.cfg;
        let mut out: Vec<String> = cfg
            .nts
            .iter()
            .flat_map(|n| n.name.iter().chain(n.shown.iter()).cloned())
            .chain(cfg.strings.iter().map(|s| s.0.clone()))
            .chain(cfg.classes.iter().map(|c| c.desc.clone()))
            .chain(cfg.prose.iter().map(|p| format!("<{}>", p.text)))
            .chain(std::iter::once("end of input".to_string()))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// `text` as this grammar holds it (a rule name, a repetition's label, a string, value
    /// or prose text as written, `end of input`): a borrow of the grammar, so a `'static`
    /// grammar gives a `'static` name without copying it anywhere. `None` for a text the
    /// grammar does not hold (a prose value is held without its `<>`).
    pub fn label(&self, text: &str) -> Option<&str> {
        let cfg = &self.cfg;
        if text == "end of input" {
            return Some("end of input");
        }
        cfg.nts
            .iter()
            .flat_map(|n| n.name.iter().chain(n.shown.iter()))
            .chain(cfg.strings.iter().map(|s| &s.0))
            .chain(cfg.classes.iter().map(|c| &c.desc))
            .find(|n| *n == text)
            .map(String::as_str)
    }

    /// The rules defined, as first written, in order.
    pub fn rules(&self) -> &[String] {
        &self.report.rules
    }

    /// The warnings and notes [`check`] gives for this grammar (start: its first rule).
    pub fn problems(&self) -> &[Problem] {
        &self.report.problems
    }

    /// Whether `name` is a rule (case-insensitive; the core rules count).
    pub fn has_rule(&self, name: &str) -> bool {
        self.cfg
            .by_name
            .get(&name.to_ascii_lowercase())
            .is_some_and(|&n| !self.cfg.nts[n as usize].undefined)
    }

    /// The prose values, as (rule, text).
    pub fn prose_values(&self) -> Vec<(String, String)> {
        self.cfg
            .prose
            .iter()
            .map(|p| (p.rule.clone(), p.text.clone()))
            .collect()
    }

    /// Binds `recognizer` to the prose values whose text, or whose rule's name, is `name`
    /// (case-insensitive); returns how many it bound.
    pub fn bind_prose(&mut self, name: &str, recognizer: Recognizer) -> usize {
        let mut n = 0;
        for (i, p) in self.cfg.prose.iter().enumerate() {
            if p.text.eq_ignore_ascii_case(name.trim()) || p.rule.eq_ignore_ascii_case(name) {
                self.prose[i] = Some(recognizer.clone());
                self.prose_rest[i] = false;
                n += 1;
            }
        }
        n
    }

    /// Binds "the rest of the input" (one or more characters, up to the end) to the prose
    /// values whose text, or whose rule's name, is `name`, as [`Grammar::bind_prose`] does;
    /// unlike an opaque recognizer, the automaton compiler reads this one (`(?s:.+)\z`).
    pub fn bind_prose_rest(&mut self, name: &str) -> usize {
        let rest: Recognizer = Arc::new(|input: &str, at: usize| {
            if at < input.len() {
                vec![input.len()]
            } else {
                Vec::new()
            }
        });
        let n = self.bind_prose(name, rest);
        for (i, p) in self.cfg.prose.iter().enumerate() {
            if p.text.eq_ignore_ascii_case(name.trim()) || p.rule.eq_ignore_ascii_case(name) {
                self.prose_rest[i] = true;
            }
        }
        n
    }

    fn start_nt(&self, start: &str) -> Result<u32, UnknownRule> {
        match self.cfg.by_name.get(&start.to_ascii_lowercase()) {
            Some(&n) if !self.cfg.nts[n as usize].undefined => Ok(n),
            _ => Err(UnknownRule(start.to_string())),
        }
    }

    /// The Earley chart of `input` from nonterminal `nt` within `budget`, and each
    /// character's byte offset (with the input's length last): what the verdict, the
    /// failure and the forest read.
    fn chart(
        &self,
        nt: u32,
        input: &str,
        leo: Option<u32>,
        budget: Budget,
    ) -> Result<(earley::Chart, Vec<usize>), ParseError> {
        if input.len() > budget.input {
            return Err(ParseError::InputTooLarge {
                len: input.len(),
                max: budget.input,
            });
        }
        let chars: Vec<char> = input.chars().collect();
        let mut bytes: Vec<usize> = input.char_indices().map(|(i, _)| i).collect();
        bytes.push(input.len());
        let chart = earley::parse(
            &self.cfg,
            nt,
            input,
            &chars,
            &bytes,
            &self.prose,
            leo,
            self.lookahead(),
            budget.work,
        )
        .map_err(|s| ParseError::OverBudget {
            work: budget.work,
            at: bytes.get(s.at).copied().unwrap_or(input.len()),
        })?;
        Ok((chart, bytes))
    }

    /// Compiles rule `start` to an automaton ([`Automaton`]), or says why not: it reaches
    /// recursion or a prose value, or the automaton would be too large.
    pub fn compile(&self, start: &str) -> Result<Automaton, NotCompiled> {
        let nt = self
            .start_nt(start)
            .map_err(|u| NotCompiled::UnknownRule(u.0))?;
        dfa::compile(&self.cfg, nt, &self.prose_rest, &[])
    }

    /// A [`Judge`] for rule `start`: compiled once, used for any number of inputs.
    pub fn judge(&self, start: &str) -> Result<Judge, UnknownRule> {
        let nt = self.start_nt(start)?;
        Ok(self.judge_of(nt, dfa::compile(&self.cfg, nt, &self.prose_rest, &[])))
    }

    /// A [`Judge`] for rule `start` that reads each prose value with no recognizer bound
    /// as the Earley engine does, as matching nothing, so that a grammar whose prose
    /// values are alternatives no input can take (RFC 5141's `isodefined`) still compiles
    /// to an automaton: the same verdicts and first offending bytes as the Earley engine,
    /// which [`Grammar::judge`] refuses to promise for prose (the compiler checks that no
    /// production reads a byte before such a value; else the Earley engine judges). Its
    /// expected sets name the prose value where the Earley engine's do; what it cannot
    /// say is whether the unread prose would have matched, which a batch verdict (the
    /// namespace layer's `check --namespaces`) does not show.
    pub fn judge_prose_as_nothing(&self, start: &str) -> Result<Judge, UnknownRule> {
        let nt = self.start_nt(start)?;
        let never: Vec<bool> = (0..self.cfg.prose.len())
            .map(|i| {
                !self.prose_rest.get(i).copied().unwrap_or(false)
                    && self.prose.get(i).is_none_or(Option::is_none)
            })
            .collect();
        Ok(self.judge_of(nt, dfa::compile(&self.cfg, nt, &self.prose_rest, &never)))
    }

    fn judge_of(&self, nt: u32, compiled: Result<Automaton, NotCompiled>) -> Judge {
        match compiled {
            Ok(a) => Judge {
                start: nt,
                automaton: Some(a),
                why_not: None,
                plan: None,
            },
            Err(e) => Judge {
                start: nt,
                automaton: None,
                why_not: Some(e),
                plan: recognize::Plan::new(&self.cfg, nt).map(Arc::new),
            },
        }
    }

    /// The verdict of the recognizer for recursive grammars (`recognize`: rules that
    /// reach no recursion scanned by automaton, no forest), made for rule `start` even
    /// when the whole rule compiles: `None` when it does not take the grammar (prose) or
    /// gives up (over its work). For the tests that hold it to the Earley parser; not
    /// part of the supported interface.
    #[doc(hidden)]
    pub fn recognizer_verdict_of(&self, start: &str, input: &str) -> Option<Verdict> {
        let nt = self.start_nt(start).ok()?;
        let plan = recognize::Plan::new(&self.cfg, nt)?;
        if input.len() > MAX_INPUT {
            return None;
        }
        plan.verdict(self, input, MAX_WORK)
    }

    /// Whether the regular subset of rule `start` without recursion matches `input`
    /// (`dfa::compile_subset`: a match is a match of the rule, so the recognizer says
    /// "valid" at once): `None` when the subset is not made (too large). For the tests
    /// that hold it to the Earley parser; not part of the supported interface.
    #[doc(hidden)]
    pub fn subset_matches(&self, start: &str, input: &str) -> Option<bool> {
        let nt = self.start_nt(start).ok()?;
        let subset = dfa::compile_subset(&self.cfg, nt, &self.prose_rest).ok()?;
        Some(subset.is_match(&mut subset.cache(), input))
    }

    /// Whether the bracketed rule's pass of rule `start`'s recognizer (`brackets`: the
    /// pairs of brackets its rule matches contracted, innermost first, and what is left
    /// read by the start rule's automaton) proves `input` valid: `None` when the grammar
    /// has no such rule (or no recognizer's plan). For the tests that hold it to the
    /// Earley parser; not part of the supported interface.
    #[doc(hidden)]
    pub fn brackets_prove(&self, start: &str, input: &str) -> Option<bool> {
        let nt = self.start_nt(start).ok()?;
        let plan = recognize::Plan::new(&self.cfg, nt)?;
        Some(plan.brackets(self)?.proves(input))
    }

    /// Where the local superset of rule `start` dies in `input` (`local`: a string no
    /// string of the rule starts, pairs or ends like), `Some(None)` when the input is in
    /// it, `None` when it is not made (a prose value, too many classes). For the tests
    /// that hold it to the Earley parser; not part of the supported interface.
    #[doc(hidden)]
    pub fn local_dies_at(&self, start: &str, input: &str) -> Option<Option<usize>> {
        let nt = self.start_nt(start).ok()?;
        Some(local::Local::new(&self.cfg, nt)?.dies_at(input))
    }

    /// The verdict of the Earley engine alone, with no forest: the recognizer's chart
    /// gives the verdict and the failure. For tests comparing the engines and for
    /// grammars that do not compile.
    pub fn earley_verdict_of(&self, start: &str, input: &str) -> Result<Verdict, ParseError> {
        let nt = self.start_nt(start)?;
        self.earley_verdict(nt, input, Budget::default())
    }

    fn earley_verdict(&self, nt: u32, input: &str, budget: Budget) -> Result<Verdict, ParseError> {
        let (chart, bytes) = self.chart(nt, input, Some(earley::SHORT), budget)?;
        let valid = !chart.roots.is_empty();
        Ok(Verdict {
            valid,
            failure: (!valid).then(|| self.failure(&chart, &bytes)),
            engine: Engine::Earley,
        })
    }

    /// The failure at byte `at` of `input`, where the automaton died: the Earley chart of
    /// the bytes before it has its furthest set there, and what that set waits for is the
    /// expected set (empty when that prefix is over the parse's limits).
    fn failure_before(&self, nt: u32, input: &str, at: usize) -> Failure {
        let prefix = input.get(..at).unwrap_or("");
        if prefix.len() <= EXPECTED_PREFIX
            && let Ok((chart, bytes)) =
                self.chart(nt, prefix, Some(earley::SHORT), Budget::default())
        {
            let mut f = self.failure(&chart, &bytes);
            f.offset = at;
            return f;
        }
        Failure {
            offset: at,
            expected: Vec::new(),
            expected_known: false,
        }
    }

    /// Parses `input` from rule `start` (case-insensitive), within the default
    /// [`Budget`]: at most [`MAX_INPUT`] bytes and [`MAX_WORK`] items and links.
    pub fn parse(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
    ) -> Result<Parse, ParseError> {
        self.parse_with(
            start,
            input,
            options,
            Some(earley::SHORT),
            Budget::default(),
        )
    }

    /// [`Grammar::parse`] within `budget`.
    pub fn parse_within(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
        budget: Budget,
    ) -> Result<Parse, ParseError> {
        self.parse_with(start, input, options, Some(earley::SHORT), budget)
    }

    /// [`Grammar::parse`] with the plain Earley completion instead of Leo's right-recursion
    /// items: the same result (the tests check that), at quadratic cost on right recursion.
    /// For the equivalence tests and the benchmark only; not part of the supported
    /// interface.
    #[doc(hidden)]
    pub fn parse_without_leo(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
    ) -> Result<Parse, ParseError> {
        self.parse_with(start, input, options, None, Budget::default())
    }

    /// This grammar parsing without one character of lookahead (every Earley item made,
    /// as the plain algorithm makes them): the same results, with a larger chart. For the
    /// equivalence tests and the benchmark only; not part of the supported interface.
    #[doc(hidden)]
    pub fn without_lookahead(&self) -> Grammar {
        Grammar {
            lookahead: OnceLock::from(None),
            ..self.clone()
        }
    }

    /// Whether this grammar's parses use one character of lookahead (its FIRST and FOLLOW
    /// sets are within their bounds). For the tests only.
    #[doc(hidden)]
    pub fn has_lookahead(&self) -> bool {
        self.lookahead().is_some()
    }

    /// [`Grammar::parse`] with Leo's items on every chain of deterministic completions
    /// deeper than `min_depth` (`None`: the plain completion; [`Grammar::parse`] leaves short
    /// chains to the plain completion). The same result whatever `min_depth`: for the
    /// equivalence tests only; not part of the supported interface.
    #[doc(hidden)]
    pub fn parse_with_leo_from(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
        min_depth: Option<u32>,
    ) -> Result<Parse, ParseError> {
        self.parse_with(start, input, options, min_depth, Budget::default())
    }

    /// [`Grammar::parse_within`] with detailed trees: besides the rules, a node for each
    /// repetition or option the derivation used ([`TreeNodeKind::Repetition`], labelled as
    /// the grammar writes it, `*"a"`, with its iterations as children, an empty one too)
    /// and a leaf for each literal ([`TreeNodeKind::Literal`]: a quoted string as one leaf,
    /// `"urn:"`; a value range as written, `%x30-39`), except inside a core rule the
    /// grammar does not define. Two derivations that differ only in how repetitions split
    /// the input, or in which alternative of equal text matched, then give different trees
    /// ([`ParseTree::fold`] gives back the rules-only tree). The count is the same.
    pub fn parse_detailed(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
        budget: Budget,
    ) -> Result<Parse, ParseError> {
        self.parse_detailed_kept(start, input, options, budget, usize::MAX)
    }

    /// [`Grammar::parse_detailed`] whose trees after the first are taken only while all
    /// the trees taken hold at most `max_nodes` nodes (the first is always whole): what a
    /// long ambiguous input's trees may cost a caller that keeps them (the workbench's
    /// lab). Fewer trees than `max_trees` and the count allow says some were left out.
    pub(crate) fn parse_detailed_kept(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
        budget: Budget,
        max_nodes: usize,
    ) -> Result<Parse, ParseError> {
        let shape = TreeShape {
            detail: true,
            max_nodes,
        };
        self.parse_full(start, input, options, Some(earley::SHORT), budget, shape)
    }

    fn parse_with(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
        leo: Option<u32>,
        budget: Budget,
    ) -> Result<Parse, ParseError> {
        let shape = TreeShape {
            detail: false,
            max_nodes: usize::MAX,
        };
        self.parse_full(start, input, options, leo, budget, shape)
    }

    fn parse_full(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
        leo: Option<u32>,
        budget: Budget,
        shape: TreeShape,
    ) -> Result<Parse, ParseError> {
        let nt = self.start_nt(start)?;
        let (mut chart, bytes) = self.chart(nt, input, leo, budget)?;
        let counted = forest::count(
            &self.cfg,
            &mut chart,
            &bytes,
            (options.max_trees, shape.max_nodes),
            shape.detail,
        );
        let valid = !chart.roots.is_empty();
        let count = match counted.total {
            None => ParseCount::Infinite,
            Some(t) if t > u128::from(options.count_cap) => ParseCount::AtLeast(options.count_cap),
            Some(t) => ParseCount::Exact(t as u64),
        };
        let failure = (!valid).then(|| self.failure(&chart, &bytes));
        let unchecked_prose = chart
            .unbound_prose
            .iter()
            .filter_map(|&i| self.cfg.prose.get(i as usize))
            .map(|p| format!("{}: <{}>", p.rule, p.text))
            .collect();
        Ok(Parse {
            valid,
            count,
            empty_ambiguity: counted.empty_ambiguity,
            trees: counted.trees,
            failure,
            unchecked_prose,
            items: chart.items.len() + chart.unmade,
            links: chart.links.len(),
            forest_work: counted.work,
        })
    }

    fn failure(&self, chart: &earley::Chart, bytes: &[usize]) -> Failure {
        Failure {
            offset: bytes.get(chart.furthest).copied().unwrap_or(0),
            expected: self.expected_words(
                &chart.expected_classes,
                &chart.expected_prose,
                chart.could_end,
            ),
            expected_known: true,
        }
    }

    /// An expected set in words, sorted: each terminal class as the grammar writes it,
    /// each prose value in `<>`, and `end of input` when the input could have ended.
    fn expected_words(&self, classes: &[u32], prose: &[u32], could_end: bool) -> Vec<String> {
        let mut expected: Vec<String> = classes.iter().map(|&t| self.describe(t)).collect();
        for &p in prose {
            if let Some(p) = self.cfg.prose.get(p as usize) {
                expected.push(format!("<{}>", p.text));
            }
        }
        if could_end {
            expected.push("end of input".into());
        }
        expected.sort();
        expected.dedup();
        expected
    }

    /// A terminal as the grammar writes it, or the rule it is the whole of.
    fn describe(&self, class: u32) -> String {
        let cfg = &self.cfg;
        // The rule whose only production is this one terminal.
        for nt in &cfg.nts {
            if let (Some(name), [p]) = (&nt.name, nt.prods.as_slice()) {
                let s = cfg.prods[*p as usize].start as usize;
                if cfg.syms.get(s) == Some(&compile::Sym::T(class))
                    && matches!(cfg.syms.get(s + 1), Some(compile::Sym::End(_)))
                {
                    return name.clone();
                }
            }
        }
        cfg.classes
            .get(class as usize)
            .map(|c| c.desc.clone())
            .unwrap_or_default()
    }
}
