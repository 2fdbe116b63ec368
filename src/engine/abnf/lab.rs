//! The grammar lab: a grammar loaded at run time ([`Lab`]: an ABNF grammar, its start
//! rule and its rule texts), parsed into the engine's tree.
//!
//! A lab is an input of the analysis, not a state of the engine: it is carried in
//! [`analyze_in`](crate::engine::analyze_in), the `lab` profile is a handle
//! that means "the lab in these options", and what its parse gives beyond the tree (how
//! many parses there are, the other trees, the productions) travels in
//! [`Analysis::lab`](crate::engine::Analysis::lab) as a [`LabParse`], so a view reads the
//! analysis and nothing else. No cache, no registry: analysing an input under the lab
//! parses it once.
//!
//! The trees show every rule, repetition and literal the parse used
//! ([`Grammar::parse_detailed`]), so distinct parses look distinct; [`LabParse::tree`]
//! folds them back to the rules on request. At a failure the tree records one error
//! (`unexpected-text`) at the furthest byte the parse reached, naming what was expected.
//!
//! # Names
//!
//! The engine's tree names its nodes with `&'static str` (the built-in grammars name
//! theirs with literals, and every view and JSON writer takes them so); a lab grammar's
//! names exist only at run time. [`Lab::new`] makes every name the grammar can show
//! ([`Grammar::labels`]) `'static` once, when the lab is built, and a lab built again
//! from the previous one (a reload) takes over its names: only names the new grammar adds
//! are leaked. At most [`MAX_INTERNED`] names and 4 MiB over a chain of reloads; past that a
//! name shows as `rule`. Parsing leaks nothing. (Changing the tree to `Arc<str>` names
//! would touch every grammar and view of the engine for the one profile that needs it.)

use std::collections::HashMap;
use std::sync::Arc;

use super::{
    Budget, Failure, Grammar, Judge, Parse, ParseError, ParseOptions, ParseTree, TreeNodeKind,
    Verdict,
};
use crate::engine::Code;
use crate::engine::tree::{Builder, Diagnostic, NodeKind, Span, Tree};

/// The profile's name.
pub const NAME: &str = "lab";

/// What the diagnostics cite.
const SPEC: &str = "the lab grammar";

/// The work budget of one parse in the lab: a quarter of [`super::MAX_WORK`], as the
/// workbench parses on every keystroke (an input over it shows the error
/// `grammar-over-budget` saying so, and the workbench stays responsive).
pub const LAB_WORK: usize = super::MAX_WORK / 4;

/// The most nodes a lab parse's trees hold together when it keeps more than the first
/// (which is always kept whole, whatever its size): the workbench keeps them for `r` (the
/// next parse) as long as the text is unchanged. Without it, eight trees of a 64 KiB input that XRI 2.0's ABNF reads in many
/// ways (321,484 nodes each) held about 450 MB. A tree that would pass it is left out
/// with those after it ([`trees_left_out`]).
pub const LAB_TREE_NODES: usize = 1_000_000;

fn lab_budget() -> Budget {
    Budget {
        work: LAB_WORK,
        ..Budget::default()
    }
}

/// The recognizer's work an input byte in the verdict-only twin ([`Lab::verdict_only`])
/// of a recursive grammar, before it gives up and the parse decides. An input the grammar
/// reads one way needs a few units a byte (XRI 2.0's ABNF on 64 KiB of cross-references
/// nested in paths: 9 to 16, 14 ms); one it reads in many ways grows without bound (the
/// same grammar on 62 KB of cross-references nested 250 deep, where `iauthority` reads the
/// whole rest of the input from every `(`: the recognizer's own bound, 128, was met after
/// 56 ms, this one after 16 ms; that input now matches the grammar's regular subset, which
/// answers before the recognizer runs, and its near misses still take this path). Past it
/// the parse runs on the keystroke path as it would without the twin, so a low bound keeps
/// what such an input pays for the attempt small.
const TWIN_PER_BYTE: usize = 32;

/// The length from which the verdict-only twin, where its recognizer gave up, asks the
/// regular bounds before it parses (`Judge::verdict_by_bounds`): past a few kilobytes a
/// parse of an input the grammar reads in many ways takes much of the lab's budget (the
/// 62 KB nested XRI with a `^` after it: about 110 ms of a keystroke), the bounds a pass
/// of two automata. Shorter inputs are parsed, as before: their parse is quick and gives
/// the expected set too. The workbench gives the twin inputs over 4 KiB.
const TWIN_BOUNDS_FROM: usize = 4096;

/// The most distinct names made `'static` over a chain of reloads.
pub const MAX_INTERNED: usize = 40_000;

/// The most bytes of names made `'static` over a chain of reloads.
const MAX_INTERNED_BYTES: usize = 4 << 20;

/// What a name is shown as once the bound is reached.
const OVERFLOW_NAME: &str = "rule";

/// A grammar loaded at run time: the grammar, its start rule, its names and rule texts.
pub struct Lab {
    grammar: Grammar,
    start: String,
    /// Every name the grammar can show, as `'static` (see the module documentation).
    names: HashMap<String, &'static str>,
    /// Bytes of names leaked for this lab and the labs it was built from.
    leaked: usize,
    /// Each rule's name (lower-cased) to its text in the grammar file (all its `=` and `=/`
    /// definitions, in order).
    productions: HashMap<String, String>,
    /// The start rule compiled for verdicts ([`Grammar::judge`]), when it compiles to an
    /// automaton or the recognizer of recursive grammars takes it.
    judge: Option<Judge>,
    /// This lab gives verdicts only ([`Lab::verdict_only`]).
    verdict_only: bool,
}

impl std::fmt::Debug for Lab {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lab")
            .field("start", &self.start)
            .field("rules", &self.grammar.rules().len())
            .finish_non_exhaustive()
    }
}

/// Why [`Lab::new`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabError {
    /// The start rule is not a rule of the grammar.
    UnknownStart(String),
}

impl std::fmt::Display for LabError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LabError::UnknownStart(s) => write!(f, "the grammar has no rule named `{s}`"),
        }
    }
}

impl std::error::Error for LabError {}

/// Each rule's text in `text`, by lower-cased name: from its name to the next definition
/// (comments and blank lines at its end trimmed off).
fn productions(text: &str) -> HashMap<String, String> {
    let mut defs: Vec<(usize, String)> = super::reader::read(text)
        .rules
        .into_iter()
        .map(|r| (r.offset, r.name))
        .collect();
    defs.sort_by_key(|d| d.0);
    let mut out: HashMap<String, String> = HashMap::new();
    for (i, (at, name)) in defs.iter().enumerate() {
        let end = defs.get(i + 1).map_or(text.len(), |d| d.0);
        let body = text.get(*at..end).unwrap_or("");
        // Drop trailing lines that are blank or only a comment.
        let mut lines: Vec<&str> = body.lines().collect();
        while lines
            .last()
            .is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with(';'))
        {
            lines.pop();
        }
        let piece = lines.join("\n");
        let slot = out.entry(name.to_ascii_lowercase()).or_default();
        if !slot.is_empty() {
            slot.push('\n');
        }
        slot.push_str(&piece);
    }
    out
}

impl Lab {
    /// The lab over `grammar` parsing from `start`; `text` is the grammar's text (for
    /// [`Lab::production`]). `previous`, the lab this one replaces (a reload), lends its
    /// `'static` names (see the module documentation).
    pub fn new(
        grammar: Grammar,
        start: &str,
        text: &str,
        previous: Option<&Lab>,
    ) -> Result<Lab, LabError> {
        if !grammar.has_rule(start) {
            return Err(LabError::UnknownStart(start.to_string()));
        }
        let mut names: HashMap<String, &'static str> = HashMap::new();
        let mut leaked = previous.map_or(0, |p| p.leaked);
        let mut count = previous.map_or(0, |p| p.names.len());
        for label in grammar.labels() {
            let kept = previous.and_then(|p| p.names.get(&label).copied());
            let name: &'static str = match kept {
                Some(n) => n,
                None if count < MAX_INTERNED && leaked + label.len() <= MAX_INTERNED_BYTES => {
                    leaked += label.len();
                    count += 1;
                    Box::leak(label.clone().into_boxed_str())
                }
                None => OVERFLOW_NAME,
            };
            names.insert(label, name);
        }
        // Compiled once, here: the automaton, or for a recursive grammar the recognizer's
        // plan (its rules that reach no recursion compiled). The verdict-only twin never
        // runs the Earley chart for a verdict (`judge_into`): where the recognizer gives
        // up, the lab's own parse gives the verdict, as it did before the twin existed.
        let judge = grammar.judge(start).ok().filter(Judge::has_quick_verdict);
        Ok(Lab {
            grammar,
            start: start.to_string(),
            names,
            leaked,
            productions: productions(text),
            judge,
            verdict_only: false,
        })
    }

    /// The same lab giving verdicts only: an analysis under it has the verdict and the
    /// first error (offending byte, expected set) from the compiled grammar, as the parse
    /// would give them, and a tree of the root alone (or, at a failure, the tree the parse
    /// gives there); its [`LabParse::tree_pending`] says that the tree is not this parse's.
    /// For a caller that shows the verdict at once and the tree when a full analysis
    /// under this lab has run. The verdict is the automaton's, or for a recursive grammar
    /// the recognizer's (`recognize`); where that recognizer gives up on an input, the
    /// lab's parse gives the verdict and the tree. `None` when neither takes the start
    /// rule (a prose value it reaches): the verdict would then cost the parse.
    pub fn verdict_only(&self) -> Option<Lab> {
        self.judge.as_ref()?;
        Some(Lab {
            grammar: self.grammar.clone(),
            start: self.start.clone(),
            names: self.names.clone(),
            leaked: self.leaked,
            productions: self.productions.clone(),
            judge: self.judge.clone(),
            verdict_only: true,
        })
    }

    /// Whether this lab gives verdicts only ([`Lab::verdict_only`]).
    pub fn is_verdict_only(&self) -> bool {
        self.verdict_only
    }

    /// The grammar.
    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    /// The start rule, as given.
    pub fn start(&self) -> &str {
        &self.start
    }

    /// The text of rule `rule`'s definitions in the grammar file.
    pub fn production(&self, rule: &str) -> Option<String> {
        self.productions.get(&rule.to_ascii_lowercase()).cloned()
    }

    /// `name` (a rule name, a repetition's label, a literal, an expected item) as
    /// `'static`, from the names made when the lab was built; `rule` for one it does not
    /// hold.
    fn name(&self, name: &str) -> &'static str {
        self.names.get(name).copied().unwrap_or(OVERFLOW_NAME)
    }

    /// The start rule's name as the grammar writes it.
    fn start_name(&self) -> &'static str {
        let written = self
            .grammar
            .rules()
            .iter()
            .find(|r| r.eq_ignore_ascii_case(&self.start))
            .map_or(self.start.as_str(), String::as_str);
        self.name(written)
    }

    /// The lab's parse of `input`: detailed trees, within the lab's budget.
    fn parse(&self, input: &str) -> Result<Arc<Parse>, ParseError> {
        self.grammar
            .parse_detailed_kept(
                &self.start,
                input,
                &ParseOptions::default(),
                lab_budget(),
                LAB_TREE_NODES,
            )
            .map(Arc::new)
    }

    /// Parses `input` (detailed trees, the lab's budget) into the engine's tree and
    /// diagnostics, with the parse (`None` when over the budget).
    /// The last value says whether the tree is pending: the verdict-only twin's answer
    /// from the compiled grammar, whose tree waits for the parse ([`LabParse::pending`]).
    /// Where the twin's recognizer gave up, the parse decided: its tree is whole.
    pub fn run(&self, input: &str) -> (Tree, Vec<Diagnostic>, Option<Arc<Parse>>, bool) {
        let mut b = Builder::new(input);
        if self.verdict_only {
            let parsed = self.judge_into(input, &mut b);
            let (tree, diagnostics) = b.build();
            return match parsed {
                None => (tree, diagnostics, None, true),
                Some(parse) => (tree, diagnostics, parse.ok(), false),
            };
        }
        let parse = self.parse(input);
        self.build_into(input, &parse, &mut b);
        let (tree, diagnostics) = b.build();
        (tree, diagnostics, parse.ok(), false)
    }

    /// Readies the verdicts of edits of `input` ([`Judge::prime`]): after it, the
    /// verdict-only twin's recognizer resumes near an edit of `input` rather than at its
    /// start, where the regular subset or the bracketed rule's pass had judged `input`
    /// with no chart. The lab's budget, as the twin's verdicts have.
    pub fn prime(&self, input: &str) {
        if let Some(j) = &self.judge {
            j.prime(&self.grammar, input, lab_budget(), TWIN_PER_BYTE);
        }
    }

    /// Where the recognizer of this lab (and of its twin: they share it) would start
    /// reading `input` ([`Judge::resumes_at`]). For the tests of [`Lab::prime`]; not part
    /// of the supported interface.
    #[doc(hidden)]
    pub fn resumes_at(&self, input: &str) -> usize {
        self.judge
            .as_ref()
            .map_or(0, |j| j.resumes_at(&self.grammar, input))
    }

    /// The grammar entry of a descriptor over this lab: parses what the builder holds.
    pub fn parse_into(&self, b: &mut Builder<'_>) {
        let input = b.input().to_string();
        if self.verdict_only {
            let _ = self.judge_into(&input, b);
            return;
        }
        let parse = self.parse(&input);
        self.build_into(&input, &parse, b);
    }

    /// The tree and diagnostics of `parse`; where it is over its work but the compiled
    /// grammar (an automaton, or the recognizer within its own work) reads the input, that
    /// verdict and first error, which are the parse's, and a warning that no tree comes.
    fn build_into(&self, input: &str, parse: &Result<Arc<Parse>, ParseError>, b: &mut Builder<'_>) {
        if let Err(e @ ParseError::OverBudget { .. }) = parse
            && let Some(v) = self.judge.as_ref().and_then(|j| {
                match j.quick_verdict(&self.grammar, &mut None, input, lab_budget(), TWIN_PER_BYTE)
                {
                    Some(v) => v.ok(),
                    None => j.verdict_by_bounds(&self.grammar, input),
                }
            })
        {
            self.build_over_budget(input, &v, e, b);
            return;
        }
        self.build_parse(input, parse, b);
    }

    /// The compiled grammar's verdict `v` on an input whose parse is over its budget
    /// (`e`), and a warning that no tree comes.
    fn build_over_budget(&self, input: &str, v: &Verdict, e: &ParseError, b: &mut Builder<'_>) {
        self.build_verdict(input, v, b);
        b.warning_in(
            Code::GrammarTreeOverBudget,
            Span::new(0, input.len()),
            SPEC,
            format!(
                "no tree for this input ({e}); the verdict and the first error are the \
                 compiled grammar's: shorten the input to see its tree"
            ),
        );
    }

    /// [`Lab::build_into`] without the compiled grammar's verdict: the parse's answer.
    fn build_parse(
        &self,
        input: &str,
        parse: &Result<Arc<Parse>, ParseError>,
        b: &mut Builder<'_>,
    ) {
        let parse = match parse {
            Ok(p) => p,
            // The start rule was checked when the lab was made, so this is the budget: say
            // so, as the input's one error, rather than run on (or panic).
            Err(e) => {
                b.start(NodeKind::Uri, self.start_name(), 0);
                if !input.is_empty() {
                    b.leaf(NodeKind::Unparsed, "", 0, input.len());
                }
                b.error_in(
                    Code::GrammarOverBudget,
                    Span::new(0, input.len()),
                    SPEC,
                    format!("the lab grammar gives no verdict on this input: {e}"),
                );
                b.finish(input.len());
                return;
            }
        };
        match parse.trees.first() {
            Some(t) if parse.valid => build(self, t, b),
            _ => self.build_failure(input, parse.failure.as_ref(), b),
        }
    }

    /// The verdict of `input` from the compiled grammar into `b`: the root alone when it
    /// matches, else the tree and error a failed parse gives ([`Lab::verdict_only`]).
    /// `None` then; the parse when it decided instead (the recognizer gave up), its tree
    /// built whole into `b`.
    fn judge_into(
        &self,
        input: &str,
        b: &mut Builder<'_>,
    ) -> Option<Result<Arc<Parse>, ParseError>> {
        let Some(judge) = &self.judge else {
            // Not made without a judge; parse rather than say nothing.
            let parse = self.parse(input);
            self.build_into(input, &parse, b);
            return Some(parse);
        };
        let verdict = if input.len() > lab_budget().input {
            Err(ParseError::InputTooLarge {
                len: input.len(),
                max: lab_budget().input,
            })
        } else {
            // Where the recognizer gave up on a long input the grammar reads in many
            // ways, whose parse would take much of its budget on the keystroke path: the
            // regular bounds' verdict, where they settle it (the first offending byte is
            // the parse's; the expected set comes with the tree, from the parse).
            let quick =
                judge.quick_verdict(&self.grammar, &mut None, input, lab_budget(), TWIN_PER_BYTE);
            // Asked once: a parse over its budget does not ask them again.
            let bounds_asked = quick.is_none() && input.len() > TWIN_BOUNDS_FROM;
            let quick = quick.or_else(|| {
                bounds_asked
                    .then(|| judge.verdict_by_bounds(&self.grammar, input).map(Ok))
                    .flatten()
            });
            match quick {
                Some(v) => v,
                // Else (an ambiguous grammar, a deep right recursion): the parse decides,
                // as for a lab without a twin; its tree is whole. Over its budget, the
                // regular bounds may still give the verdict.
                None => {
                    let parse = self.parse(input);
                    let bounded = match &parse {
                        Err(e @ ParseError::OverBudget { .. }) if !bounds_asked => judge
                            .verdict_by_bounds(&self.grammar, input)
                            .map(|v| (v, e)),
                        _ => None,
                    };
                    match bounded {
                        Some((v, e)) => self.build_over_budget(input, &v, e, b),
                        None => self.build_parse(input, &parse, b),
                    }
                    return Some(parse);
                }
            }
        };
        match verdict {
            Ok(v) => self.build_verdict(input, &v, b),
            // Over the lab's input bound: the parse's own answer, whole.
            Err(e) => {
                let parse = Err(e);
                self.build_into(input, &parse, b);
                return Some(parse);
            }
        }
        None
    }

    /// The tree of a verdict without a parse: the root alone when it matches, else the
    /// tree and the one error of a failure ([`Lab::build_failure`]).
    fn build_verdict(&self, input: &str, v: &Verdict, b: &mut Builder<'_>) {
        if v.valid {
            b.start(NodeKind::Uri, self.start_name(), 0);
            b.finish(input.len());
        } else {
            self.build_failure(input, v.failure.as_ref(), b);
        }
    }

    /// The tree and the one error of a failed parse: the root, the unparsed rest from the
    /// furthest byte reached, and what was expected there.
    fn build_failure(&self, input: &str, failure: Option<&Failure>, b: &mut Builder<'_>) {
        let (at, expected, known) = failure.map_or((0, Vec::new(), true), |f| {
            (
                f.offset.min(input.len()),
                f.expected.clone(),
                f.expected_known,
            )
        });
        let next = input
            .get(at..)
            .and_then(|r| r.chars().next())
            .map_or(0, char::len_utf8);
        b.start(NodeKind::Uri, self.start_name(), 0);
        if at < input.len() {
            b.leaf(NodeKind::Unparsed, "", at, input.len());
        }
        // The structured list too (Details, JSON, the explanation), not only the
        // sentence: the names are the grammar's own, made `'static` with the lab.
        let named: Vec<&'static str> = expected.iter().map(|e| self.name(e)).collect();
        b.expect(at, &named);
        let what = if at < input.len() {
            "this text"
        } else {
            "the end of the input"
        };
        b.error_in(
            Code::UnexpectedText,
            Span::new(at, at + next),
            SPEC,
            if known {
                format!(
                    "{what} does not match the grammar's `{}`: expected {} here; change the input or the grammar",
                    self.start,
                    expected_list(&expected)
                )
            } else {
                format!(
                    "{what} does not match the grammar's `{}`: what it expects here {}; change the input or the grammar",
                    self.start,
                    super::EXPECTED_UNKNOWN
                )
            },
        );
        b.finish(input.len());
    }
}

/// What an analysis under the lab carries beyond its tree
/// ([`Analysis::lab`](crate::engine::Analysis::lab)): the lab it was parsed with and the
/// parse (every parse counted, the first trees).
#[derive(Clone, Debug)]
pub struct LabParse {
    /// The lab of the analysis's options.
    pub lab: Arc<Lab>,
    /// The parse; `None` when the input was over the lab's budget, or not parsed.
    pub parse: Option<Arc<Parse>>,
    /// The analysis was made under [`Lab::verdict_only`] from the compiled grammar: its
    /// verdict and first error are the grammar's, its tree is not the parse's (it waits
    /// for a full analysis), and it has no forms (they are made from the tree).
    pub pending: bool,
}

impl LabParse {
    /// Whether the tree waits for a full analysis ([`LabParse::pending`]). Under the
    /// verdict-only twin the parse may have decided (its recognizer gave up): the tree is
    /// then whole.
    pub fn tree_pending(&self) -> bool {
        self.pending
    }

    /// Parse tree number `k` (0 the first) of `input` as an engine tree with the grammar's
    /// names, from the parse already made (never parses); `None` when there is no such
    /// tree. It shows every rule, repetition and literal the derivation used; `fold`
    /// leaves the repetitions and literals out (the rules only).
    pub fn tree(&self, input: &str, k: usize, fold: bool) -> Option<Tree> {
        let parse = self.parse.as_ref()?;
        let t = parse.trees.get(k).filter(|_| parse.valid)?;
        let mut b = Builder::new(input);
        if fold {
            build(&self.lab, &t.fold(), &mut b);
        } else {
            build(&self.lab, t, &mut b);
        }
        Some(b.build().0)
    }
}

/// The expected list as a sentence names it.
fn expected_list(expected: &[String]) -> String {
    if expected.is_empty() {
        return "nothing (no rule reaches this far)".into();
    }
    let mut s = String::from("one of ");
    s.push_str(&expected.join(", "));
    s
}

/// The node kind a rule's node gets: the root is the family's (`uri`); a rule named as a
/// kind is (`scheme`, `host`, `nss`), others are `value`, as are a detailed tree's
/// repetitions and literals (their names, `*"a"`, `"urn:"`, say which they are).
fn kind_of(rule: &str, root: bool, of: TreeNodeKind) -> NodeKind {
    if root {
        return NodeKind::Uri;
    }
    if of != TreeNodeKind::Rule {
        return NodeKind::Value;
    }
    match NodeKind::from_name(&rule.to_ascii_lowercase()) {
        Some(k) if !k.is_root() && k != NodeKind::Unparsed => k,
        _ => NodeKind::Value,
    }
}

/// Builds `tree` into `b` (without recursion: a tree may be as deep as the input is long).
fn build(lab: &Lab, tree: &ParseTree, b: &mut Builder<'_>) {
    let name = |rule: &str| lab.name(rule);
    // (node, closing?)
    let mut stack: Vec<(usize, bool)> = vec![(0, false)];
    while let Some((i, close)) = stack.pop() {
        let Some(n) = tree.nodes.get(i) else { continue };
        if close {
            b.finish(n.end);
            continue;
        }
        let kind = kind_of(&n.rule, i == 0, n.kind);
        if n.children.is_empty() && i != 0 {
            b.leaf(kind, name(&n.rule), n.start, n.end);
            continue;
        }
        b.start(kind, name(&n.rule), n.start);
        stack.push((i, true));
        for &c in n.children.iter().rev() {
            stack.push((c, false));
        }
    }
}

/// Whether a lab parse holds fewer trees than its count and [`ParseOptions::max_trees`]
/// allow: the others were left out by [`LAB_TREE_NODES`].
pub fn trees_left_out(parse: &Parse) -> bool {
    let max = ParseOptions::default().max_trees as u64;
    let could = match parse.count {
        super::ParseCount::Exact(n) => n.min(max),
        super::ParseCount::AtLeast(_) => max,
        // One tree, of least height, whatever the options.
        super::ParseCount::Infinite => 1,
    };
    // An empty input gets one tree too (`forest::count`): its root's span is empty.
    let spans_text = parse
        .trees
        .first()
        .and_then(ParseTree::root)
        .is_some_and(|r| r.end > r.start);
    parse.valid && spans_text && (parse.trees.len() as u64) < could
}

/// A parse count as the workbench's title says it: `1 parse`, `2 parses`, `at least N
/// parses`, `infinitely many parses`.
pub fn count_phrase(count: super::ParseCount) -> String {
    match count {
        super::ParseCount::Exact(1) => "1 parse".into(),
        super::ParseCount::Exact(n) => format!("{n} parses"),
        super::ParseCount::AtLeast(n) => format!("at least {n} parses"),
        super::ParseCount::Infinite => "infinitely many parses".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Analysis, Options, Profile, analyze, analyze_in};

    /// RFC 8141's ABNF, as idbench reads it (its grammar reference's productions).
    fn rfc8141() -> String {
        crate::engine::rules::grammar(Profile::Rfc8141)
            .productions()
            .iter()
            .map(|p| format!("{}\n", p.text()))
            .collect()
    }

    fn under(input: &str, lab: &Arc<Lab>) -> Analysis {
        let options = Options {
            profile: Some(Profile::Lab),
            ..Options::full()
        };
        analyze_in(input, &options, Some(lab))
    }

    #[test]
    fn the_lab_profile_parses_with_the_grammars_rule_names() {
        let text = rfc8141();
        let g = Grammar::from_text(&text).expect("RFC 8141's ABNF reads");
        let lab = Arc::new(Lab::new(g, "namestring", &text, None).expect("made"));
        assert_eq!(Profile::Lab.name(), NAME);
        assert_eq!(Profile::from_name("lab"), Some(Profile::Lab));
        assert!(
            !Profile::ALL.contains(&Profile::Lab),
            "not on the profile strip"
        );

        let input = "urn:example:a?+b?=c";
        let a = under(input, &lab);
        assert!(a.valid(), "{:?}", a.diagnostics);
        let root = a.tree.root();
        assert_eq!(root.rule(), "namestring");
        let rules: Vec<&str> = a.tree.iter().map(|n| n.rule()).collect();
        for r in [
            "assigned-name",
            "NID",
            "NSS",
            "rq-components",
            "r-component",
        ] {
            assert!(rules.contains(&r), "{r} in {rules:?}");
        }
        let nid = a.tree.iter().find(|n| n.rule() == "NID").expect("NID");
        assert_eq!(nid.text(input), "example");
        assert_eq!(nid.kind(), NodeKind::Nid);

        // The parse count and the other trees travel in the analysis.
        let lp = a.lab.as_ref().expect("the lab's parse");
        let parse = lp.parse.as_ref().expect("within the budget");
        assert_eq!(parse.count, super::super::ParseCount::Exact(2));
        assert_eq!(count_phrase(parse.count), "2 parses");
        assert_eq!(parse.trees.len(), 2);
        assert_ne!(parse.trees[0], parse.trees[1]);
        let second = lp.tree(input, 1, true).expect("the second tree");
        assert_eq!(second.root().rule(), "namestring");
        let shape = |t: &Tree| -> Vec<(&str, usize, usize)> {
            t.iter()
                .map(|n| (n.rule(), n.span().start, n.span().end))
                .collect()
        };
        let first = lp.tree(input, 0, true).expect("the first tree");
        assert_ne!(shape(&second), shape(&first), "two different derivations");
        assert!(lp.tree(input, 2, true).is_none());
        // Unfolded, the tree also shows the literals the parse used.
        assert!(a.tree.iter().any(|n| n.rule() == "\"urn\""), "{rules:?}");
        assert!(shape(&first).len() < a.tree.len());

        // Without a lab the profile says so, and nothing is kept anywhere.
        let none = analyze(input, &Options::validate_only(Some(Profile::Lab)));
        assert!(!none.valid());
        assert!(none.lab.is_none());

        // A failure: one error at the furthest byte, naming what was expected.
        let bad = under("urn:a:b", &lab);
        assert!(!bad.valid());
        let errors: Vec<_> = bad
            .diagnostics
            .iter()
            .filter(|d| d.severity == crate::engine::Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        let e = errors[0];
        assert_eq!(e.code, Code::UnexpectedText);
        assert_eq!(e.span.start, 5, "{e:?}");
        assert!(
            e.message.contains("expected one of \"-\", ALPHA, DIGIT"),
            "{}",
            e.message
        );
        assert_eq!(e.expected, ["\"-\"", "ALPHA", "DIGIT"], "{e:?}");
        assert_eq!(e.expected_at, Some(5));

        // The production of a rule, as the file writes it.
        let nid = lab.production("nid").expect("NID's text");
        assert!(nid.starts_with("NID"), "{nid}");

        // A lab made again from the previous one takes over its names: no name is made
        // twice, and the new rule's is new.
        let text2 = "greeting = hello\nhello = \"urn:\" *ALPHA\nNID = \"x\"\n";
        let g = Grammar::from_text(text2).expect("reads");
        let again = Arc::new(Lab::new(g, "greeting", text2, Some(&lab)).expect("made"));
        assert!(std::ptr::eq(again.name("NID"), lab.name("NID")));
        let a = under("urn:abc", &again);
        assert!(a.valid());
        assert_eq!(a.tree.root().rule(), "greeting");
        assert_eq!(a.tree.iter().nth(1).map(|n| n.rule()), Some("hello"));
        assert!(matches!(
            Lab::new(
                Grammar::from_text(text2).expect("reads"),
                "nope",
                text2,
                None
            ),
            Err(LabError::UnknownStart(_))
        ));
    }

    /// The trees after the first fit the node cap the lab gives (`forest::count`): the
    /// first is whole whatever the cap, a tree that would pass it is left out with those
    /// after it, and the trees kept are the uncapped parse's first ones.
    #[test]
    fn trees_past_the_node_cap_are_left_out() {
        let g = Grammar::from_text("s = *a\na = \"x\" / %x78\n").expect("grammar");
        let opts = ParseOptions::default();
        let parse = |cap| {
            g.parse_detailed_kept("s", "xxxx", &opts, Budget::default(), cap)
                .expect("parse")
        };
        let all = parse(usize::MAX);
        assert_eq!(all.count, super::super::ParseCount::Exact(16));
        assert_eq!(all.trees.len(), 8);
        assert!(!trees_left_out(&all));
        let size = all.trees[0].nodes.len();
        assert!(all.trees.iter().all(|t| t.nodes.len() == size), "one size");
        for (cap, kept) in [
            (3 * size, 3),
            (3 * size - 1, 2),
            (2 * size, 2),
            (size, 1),
            (1, 1),
            (0, 1),
        ] {
            let p = parse(cap);
            assert_eq!(p.trees.len(), kept, "cap {cap}");
            assert_eq!(p.trees[..], all.trees[..kept], "cap {cap}");
            assert_eq!(p.count, all.count, "the count is the parse's");
            assert!(trees_left_out(&p), "cap {cap}");
        }
        // No tree is left out where the count allows no more.
        let one = g
            .parse_detailed_kept("s", "", &opts, Budget::default(), 0)
            .expect("parse");
        assert!(one.valid && !trees_left_out(&one));
    }
}
