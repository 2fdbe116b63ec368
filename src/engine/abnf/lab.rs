//! The `lab` profile: a run-time profile over any ABNF grammar and start rule.
//!
//! [`register`] builds the profile's [`Descriptor`] over a [`Grammar`] and registers it
//! (registering again replaces it in place: the handle stays, the grammar changes). Its
//! grammar entry parses the builder's input with the ABNF engine and builds the tree from
//! the first parse tree, with the grammar's own rule names; at a failure it records one
//! error (`unexpected-text`) at the furthest byte the parse reached, naming what was
//! expected there.
//!
//! The views need more than the tree: how many parses there are, the other trees, the
//! production of a rule. The analysis carries none of these (its shape is shared by every
//! profile), so the entry keeps the whole [`Parse`] of the inputs it last parsed in a small
//! cache of the profile's state, and [`parses`] hands it out by input without parsing again
//! (a view never re-parses; an input the grammar has not parsed gives `None`). That is the
//! least invasive place: no field is added to the analysis or the tree every other profile
//! builds.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, RwLock};

use super::{Budget, Grammar, Parse, ParseError, ParseOptions, ParseTree, TreeNodeKind};
use crate::engine::Code;
use crate::engine::equiv::spec::GENERIC_LADDER;
use crate::engine::forms::spec::GENERIC_FORMS;
use crate::engine::profile::{Family, Profile, RegisterError};
use crate::engine::profiles::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::tree::{Builder, NodeKind, Span, Tree};

/// The profile's name.
pub const NAME: &str = "lab";

/// What the diagnostics cite.
const SPEC: &str = "the lab grammar";

/// How many inputs' parses a lab profile keeps (input A, input B, the base line, and one
/// more).
const CACHE: usize = 4;

/// The work budget of one parse in the lab: a quarter of [`super::MAX_WORK`], as the
/// workbench parses on every keystroke (an input over it shows the error
/// `grammar-over-budget` saying so, and the workbench stays responsive).
pub const LAB_WORK: usize = super::MAX_WORK / 4;

fn lab_budget() -> Budget {
    Budget {
        work: LAB_WORK,
        ..Budget::default()
    }
}

/// The most distinct rule names interned over the life of the process.
pub const MAX_INTERNED: usize = 40_000;

/// The most bytes of rule names interned over the life of the process.
const MAX_INTERNED_BYTES: usize = 4 << 20;

/// What a rule name is shown as once the interner is full.
const OVERFLOW_NAME: &str = "rule";

/// Rule names made `&'static str`. [`Builder`] takes rule names as `&'static str` (the
/// built-in grammars name theirs with literals), and a lab grammar's names exist only at
/// run time: each distinct name is leaked once, here, and found again when a reloaded
/// grammar uses it, so reloading a grammar any number of times leaks nothing new unless it
/// names new rules. Bounded by [`MAX_INTERNED`] names and 4 MiB: past that a name shows
/// as `rule`, and nothing more is leaked.
struct Interner {
    names: std::collections::HashSet<&'static str>,
    bytes: usize,
}

static INTERNER: LazyLock<Mutex<Interner>> = LazyLock::new(|| {
    Mutex::new(Interner {
        names: std::collections::HashSet::new(),
        bytes: 0,
    })
});

/// `name` as a `&'static str`, leaked once per distinct name and bounded (see the
/// interner's documentation in the source: why, and the bound).
pub fn intern(name: &str) -> &'static str {
    let mut i = INTERNER.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&s) = i.names.get(name) {
        return s;
    }
    if i.names.len() >= MAX_INTERNED || i.bytes + name.len() > MAX_INTERNED_BYTES {
        return OVERFLOW_NAME;
    }
    let s: &'static str = Box::leak(name.to_owned().into_boxed_str());
    i.bytes += name.len();
    i.names.insert(s);
    s
}

/// What parsing one input gave: its parse, or why there is none (over the budget).
type Outcome = Result<Arc<Parse>, ParseError>;

/// A lab profile's state: its grammar, start rule, rule texts and parse cache.
struct Lab {
    grammar: Grammar,
    start: String,
    /// Each rule's name (lower-cased) to its interned name as first written.
    names: HashMap<String, &'static str>,
    /// Each rule's name (lower-cased) to its text in the grammar file (all its `=` and `=/`
    /// definitions, in order).
    productions: HashMap<String, String>,
    /// The last inputs parsed, newest last (an input over the budget too, so that it is
    /// not parsed again).
    cache: Mutex<Vec<(String, Outcome)>>,
}

/// The state of each lab profile registered, by its handle.
static LABS: RwLock<Vec<(Profile, Arc<Lab>)>> = RwLock::new(Vec::new());

fn lab_of(profile: Profile) -> Option<Arc<Lab>> {
    let labs = LABS.read().unwrap_or_else(|e| e.into_inner());
    labs.iter()
        .find(|(p, _)| *p == profile)
        .map(|(_, l)| Arc::clone(l))
}

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

/// Why [`register`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabError {
    /// The start rule is not a rule of the grammar.
    UnknownStart(String),
    /// The registry refused the descriptor.
    Register(RegisterError),
}

impl std::fmt::Display for LabError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LabError::UnknownStart(s) => write!(f, "the grammar has no rule named `{s}`"),
            LabError::Register(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LabError {}

/// The `lab` descriptor over `grammar`, parsing from `start`; `text` is the grammar's text
/// (for the productions [`production`] gives). Registering it is [`register`].
fn descriptor(lab: Arc<Lab>) -> Descriptor {
    Descriptor {
        name: NAME,
        title: "A grammar loaded at run time",
        short: "the lab grammar",
        family: Family::Uri,
        grammar: GrammarEntry::Shared(Arc::new(move |b: &mut Builder<'_>| run(&lab, b))),
        quick: None,
        rules: &[],
        resolution: Resolver::None,
        readings: ReadingMarks::NONE,
        examples: "",
        // The grammar is the user's file, not a text the binary ships.
        abnf: None,
        auto: Auto::NEVER,
        forms: &GENERIC_FORMS,
        ladder: &GENERIC_LADDER,
    }
}

/// Registers (or replaces) the `lab` profile over `grammar` and `start`; `text` is the
/// grammar's text, for [`production`].
pub fn register(grammar: Grammar, start: &str, text: &str) -> Result<Profile, LabError> {
    if !grammar.has_rule(start) {
        return Err(LabError::UnknownStart(start.to_string()));
    }
    let names = grammar
        .rules()
        .iter()
        .map(|r| (r.to_ascii_lowercase(), intern(r)))
        .collect();
    let lab = Arc::new(Lab {
        grammar,
        start: start.to_string(),
        names,
        productions: productions(text),
        cache: Mutex::new(Vec::new()),
    });
    let p = Profile::register(descriptor(Arc::clone(&lab))).map_err(LabError::Register)?;
    let mut labs = LABS.write().unwrap_or_else(|e| e.into_inner());
    match labs.iter_mut().find(|(q, _)| *q == p) {
        Some(slot) => slot.1 = lab,
        None => labs.push((p, lab)),
    }
    Ok(p)
}

/// The parse of `input` under lab profile `profile`, as its grammar entry last made it
/// (when the input was analysed under the profile); `None` when it has not parsed this
/// input lately, or `profile` is not a lab profile. Never parses.
pub fn parses(profile: Profile, input: &str) -> Option<Arc<Parse>> {
    let lab = lab_of(profile)?;
    let cache = lab.cache.lock().unwrap_or_else(|e| e.into_inner());
    cache
        .iter()
        .rev()
        .find(|(i, _)| i == input)
        .and_then(|(_, p)| p.as_ref().ok().map(Arc::clone))
}

/// Parse tree number `k` (0 the first) of `input` under lab profile `profile`, as an
/// engine tree with the grammar's rule names, from the parse its grammar entry last made
/// (never parses); `None` when there is no such tree. The tree shows every rule,
/// repetition and literal the derivation used; `fold` leaves the repetitions and literals
/// out (the rules only).
pub fn tree(profile: Profile, input: &str, k: usize, fold: bool) -> Option<Tree> {
    let lab = lab_of(profile)?;
    let parse = parses(profile, input)?;
    let t = parse.trees.get(k).filter(|_| parse.valid)?;
    let mut b = Builder::new(input);
    if fold {
        build(&lab, &t.fold(), &mut b);
    } else {
        build(&lab, t, &mut b);
    }
    Some(b.build().0)
}

/// The text of rule `rule`'s definitions in lab profile `profile`'s grammar file.
pub fn production(profile: Profile, rule: &str) -> Option<String> {
    let lab = lab_of(profile)?;
    lab.productions.get(&rule.to_ascii_lowercase()).cloned()
}

/// Whether `profile` is a lab profile.
pub fn is_lab(profile: Profile) -> bool {
    lab_of(profile).is_some()
}

/// The grammar entry: parse, cache the parse, build the tree.
fn run(lab: &Lab, b: &mut Builder<'_>) {
    let input = b.input();
    let parse = {
        let cache = lab.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .iter()
            .find(|(i, _)| i == input)
            .map(|(_, p)| p.clone())
    };
    let parse = match parse {
        Some(p) => p,
        None => {
            let p = lab
                .grammar
                .parse_detailed(&lab.start, input, &ParseOptions::default(), lab_budget())
                .map(Arc::new);
            let mut cache = lab.cache.lock().unwrap_or_else(|e| e.into_inner());
            cache.retain(|(i, _)| i != input);
            if cache.len() >= CACHE {
                let _ = cache.remove(0);
            }
            cache.push((input.to_string(), p.clone()));
            p
        }
    };
    let parse = match parse {
        Ok(p) => p,
        // The start rule was checked at registration, so this is the budget: say so, as
        // the input's one error, rather than run on (or panic).
        Err(e) => {
            let start = lab
                .names
                .get(&lab.start.to_ascii_lowercase())
                .copied()
                .unwrap_or_else(|| intern(&lab.start));
            b.start(NodeKind::Uri, start, 0);
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
        Some(t) if parse.valid => build(lab, t, b),
        _ => {
            let start = lab
                .names
                .get(&lab.start.to_ascii_lowercase())
                .copied()
                .unwrap_or_else(|| intern(&lab.start));
            let (at, expected) = parse.failure.as_ref().map_or((0, Vec::new()), |f| {
                (f.offset.min(input.len()), f.expected.clone())
            });
            let next = input[at..].chars().next().map_or(0, char::len_utf8);
            b.start(NodeKind::Uri, start, 0);
            if at < input.len() {
                b.leaf(NodeKind::Unparsed, "", at, input.len());
            }
            // The structured list too (Details, JSON, the explanation), not only the
            // sentence: the names are the grammar's own, interned like its rule names.
            let interned: Vec<&'static str> = expected.iter().map(|e| intern(e)).collect();
            b.expect(at, &interned);
            let what = if at < input.len() {
                "this text"
            } else {
                "the end of the input"
            };
            b.error_in(
                Code::UnexpectedText,
                Span::new(at, at + next),
                SPEC,
                format!(
                    "{what} does not match the grammar's `{}`: expected {} here; change the input or the grammar",
                    lab.start,
                    expected_list(&expected)
                ),
            );
            b.finish(input.len());
        }
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
    let name = |rule: &str| {
        lab.names
            .get(&rule.to_ascii_lowercase())
            .copied()
            .unwrap_or_else(|| intern(rule))
    };
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
    use crate::engine::{Options, analyze};

    /// RFC 8141's ABNF, as idbench reads it (its grammar reference's productions).
    fn rfc8141() -> String {
        crate::engine::rules::grammar(Profile::Rfc8141)
            .productions()
            .iter()
            .map(|p| format!("{}\n", p.text()))
            .collect()
    }

    fn under(p: Profile) -> Options {
        Options {
            profile: Some(p),
            ..Options::full()
        }
    }

    // One test: the registry is process-wide and `lab` is one name.
    #[test]
    fn the_lab_profile_parses_with_the_grammars_rule_names() {
        let text = rfc8141();
        let g = Grammar::from_text(&text).expect("RFC 8141's ABNF reads");
        let p = register(g, "namestring", &text).expect("registered");
        assert_eq!(p.name(), "lab");
        assert!(is_lab(p));
        assert_eq!(p.descriptor().auto, Auto::NEVER);

        let input = "urn:example:a?+b?=c";
        let a = analyze(input, &under(p));
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

        // The parse count and the other trees, from the cache, without parsing again.
        let parse = parses(p, input).expect("cached");
        assert_eq!(parse.count, super::super::ParseCount::Exact(2));
        assert_eq!(count_phrase(parse.count), "2 parses");
        assert_eq!(parse.trees.len(), 2);
        assert_ne!(parse.trees[0], parse.trees[1]);
        assert!(parses(p, "urn:not:parsed").is_none());
        let second = tree(p, input, 1, true).expect("the second tree");
        assert_eq!(second.root().rule(), "namestring");
        let shape = |t: &Tree| -> Vec<(&str, usize, usize)> {
            t.iter()
                .map(|n| (n.rule(), n.span().start, n.span().end))
                .collect()
        };
        assert_ne!(shape(&second), shape(&a.tree), "two different derivations");
        assert!(tree(p, input, 2, true).is_none());

        let one = analyze("urn:ex:abc", &under(p));
        assert!(one.valid());
        let one = parses(p, "urn:ex:abc").expect("cached");
        assert_eq!(one.count, super::super::ParseCount::Exact(1));

        // A failure: one error at the furthest byte, naming what was expected.
        let bad = analyze("urn:a:b", &under(p));
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
        let nid = production(p, "nid").expect("NID's text");
        assert!(nid.starts_with("NID"), "{nid}");
        assert!(nid.contains("0*30ldh") || nid.contains("0*30 ldh") || nid.contains("ldh"));

        // Registering again replaces the grammar: same handle, new rule names.
        let text = "greeting = hello\nhello = \"urn:\" *ALPHA\n";
        let g = Grammar::from_text(text).expect("reads");
        let again = register(g, "greeting", text).expect("registered again");
        assert_eq!(again, p);
        let a = analyze("urn:abc", &under(p));
        assert!(a.valid());
        assert_eq!(a.tree.root().rule(), "greeting");
        assert_eq!(a.tree.iter().nth(1).map(|n| n.rule()), Some("hello"));
        assert!(matches!(
            register(Grammar::from_text(text).expect("reads"), "nope", text),
            Err(LabError::UnknownStart(_))
        ));

        // The interner returns one leaked name per distinct name.
        assert!(std::ptr::eq(intern("hello"), intern("hello")));
    }
}
