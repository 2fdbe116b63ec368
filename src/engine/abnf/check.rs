//! `grammar check`: what is wrong with a grammar, and what is only worth knowing.
//!
//! Errors: syntax errors (from the reader), a rule used and defined nowhere, a rule defined
//! twice with `=`, `=/` before the rule's `=`, a grammar too large. Warnings: a rule that
//! can derive itself without reading anything (infinitely many parses). Notes: rules no
//! other rule uses, rules the start rule does not reach, prose values.

use std::collections::{HashMap, HashSet};

use super::compile::{self, Cfg, Sym};
use super::forest::tarjan;
use super::reader::{self, Expr, Reading};
use super::{CheckReport, Problem, codes};
use crate::engine::tree::Severity;

/// The core rule names of RFC 5234 Appendix B.1, lower-cased.
const CORE_NAMES: [&str; 16] = [
    "alpha", "bit", "char", "cr", "crlf", "ctl", "digit", "dquote", "hexdig", "htab", "lf", "lwsp",
    "octet", "sp", "vchar", "wsp",
];

/// A grammar text read, checked and (when it has no errors) compiled.
pub(crate) struct Analysed {
    pub report: CheckReport,
    pub cfg: Option<Cfg>,
}

fn problem(
    severity: Severity,
    code: &'static str,
    line: usize,
    column: usize,
    offset: usize,
    rule: Option<String>,
    message: String,
) -> Problem {
    Problem {
        code,
        severity,
        line,
        column,
        offset,
        rule,
        message,
    }
}

/// The rule names each expression subtree refers to, with where.
fn refs(reading: &Reading, body: usize, out: &mut Vec<(String, usize, usize, usize)>) {
    let mut stack = vec![body];
    while let Some(e) = stack.pop() {
        match reading.exprs.get(e) {
            Some(Expr::Alt(ch) | Expr::Seq(ch)) => stack.extend(ch.iter().rev().copied()),
            Some(Expr::Rep { e, .. }) => stack.push(*e),
            Some(Expr::Ref {
                name,
                line,
                col,
                offset,
            }) => out.push((name.clone(), *line, *col, *offset)),
            _ => {}
        }
    }
}

fn proses(reading: &Reading, body: usize, out: &mut Vec<String>) {
    let mut stack = vec![body];
    while let Some(e) = stack.pop() {
        match reading.exprs.get(e) {
            Some(Expr::Alt(ch) | Expr::Seq(ch)) => stack.extend(ch.iter().rev().copied()),
            Some(Expr::Rep { e, .. }) => stack.push(*e),
            Some(Expr::Prose(t)) => out.push(t.clone()),
            _ => {}
        }
    }
}

/// RFC 5234's core rules (B.1) as read: the same for every grammar, read once.
static CORE_READING: std::sync::LazyLock<Reading> =
    std::sync::LazyLock::new(|| reader::read(compile::CORE));

/// Reads, checks and compiles `text`; `start` (default: the first rule) is where
/// reachability is measured from.
pub(crate) fn analyse(text: &str, start: Option<&str>) -> Analysed {
    let reading = reader::read(text);
    let mut problems = reading.problems.clone();
    // The reader's problems come first: they are what the text says wrong before any
    // meaning is given to it (an unclosed `[` makes later rules look undefined).
    let syntax = problems.len();
    // Rule names in order of first definition.
    let mut rules: Vec<String> = Vec::new();
    let mut first: HashMap<String, usize> = HashMap::new();
    let mut has_eq: HashSet<String> = HashSet::new();
    for (i, def) in reading.rules.iter().enumerate() {
        let key = def.name.to_ascii_lowercase();
        if !first.contains_key(&key) {
            first.insert(key.clone(), i);
            rules.push(def.name.clone());
        }
        if def.incremental {
            if !has_eq.contains(&key) {
                problems.push(problem(
                    Severity::Error,
                    codes::INCREMENTAL_FIRST,
                    def.line,
                    def.col,
                    def.offset,
                    Some(def.name.clone()),
                    format!(
                        "`{} =/` adds alternatives to a rule not yet defined with `=`: define it with `=` first (or change this `=/` to `=`)",
                        def.name
                    ),
                ));
            }
        } else if has_eq.contains(&key) {
            let f = &reading.rules[first[&key]];
            problems.push(problem(
                Severity::Error,
                codes::DUPLICATE,
                def.line,
                def.col,
                def.offset,
                Some(def.name.clone()),
                format!(
                    "`{}` is defined again with `=` (first at line {}): use `=/` to add alternatives, or rename one of them",
                    def.name, f.line
                ),
            ));
        } else {
            has_eq.insert(key);
        }
    }
    // References.
    let mut uses: HashMap<String, HashSet<String>> = HashMap::new();
    let mut undefined_seen: HashSet<String> = HashSet::new();
    let mut buf = Vec::new();
    for def in &reading.rules {
        let key = def.name.to_ascii_lowercase();
        buf.clear();
        refs(&reading, def.body, &mut buf);
        for (name, line, col, offset) in &buf {
            let k = name.to_ascii_lowercase();
            if !first.contains_key(&k) && !CORE_NAMES.contains(&k.as_str()) {
                if undefined_seen.insert(k.clone()) {
                    problems.push(problem(
                        Severity::Error,
                        codes::UNDEFINED,
                        *line,
                        *col,
                        *offset,
                        Some(name.clone()),
                        format!(
                            "`{name}` (used in `{}`) is defined nowhere: define it, or correct the name",
                            def.name
                        ),
                    ));
                }
            } else {
                uses.entry(key.clone()).or_default().insert(k);
            }
        }
        let mut ps = Vec::new();
        proses(&reading, def.body, &mut ps);
        for t in ps {
            problems.push(problem(
                Severity::Note,
                codes::PROSE,
                def.line,
                def.col,
                def.offset,
                Some(def.name.clone()),
                format!(
                    "`<{t}>` in `{}` is prose, which no parser can check: a parse that needs it fails unless a recognizer is bound to it; write it in ABNF if you can",
                    def.name
                ),
            ));
        }
    }
    // Unused and unreachable rules.
    let used_by_other: HashSet<&String> = uses
        .iter()
        .flat_map(|(from, to)| to.iter().filter(move |t| *t != from))
        .collect();
    let start_key = start
        .map(str::to_ascii_lowercase)
        .or_else(|| rules.first().map(|r| r.to_ascii_lowercase()));
    let mut reach: HashSet<String> = HashSet::new();
    if let Some(s) = &start_key {
        let mut work = vec![s.clone()];
        reach.insert(s.clone());
        while let Some(r) = work.pop() {
            if let Some(to) = uses.get(&r) {
                for t in to {
                    if reach.insert(t.clone()) {
                        work.push(t.clone());
                    }
                }
            }
        }
    }
    if let Some(s) = &start_key
        && !first.contains_key(s)
    {
        problems.push(problem(
            Severity::Error,
            codes::UNDEFINED,
            1,
            1,
            0,
            start.map(str::to_string),
            format!(
                "the start rule `{}` is not defined in the grammar: name one of its rules",
                start.unwrap_or_default()
            ),
        ));
    }
    for name in &rules {
        let key = name.to_ascii_lowercase();
        if Some(&key) == start_key.as_ref() || CORE_NAMES.contains(&key.as_str()) {
            continue;
        }
        let def = &reading.rules[first[&key]];
        if !used_by_other.contains(&key) {
            problems.push(problem(
                Severity::Note,
                codes::UNUSED,
                def.line,
                def.col,
                def.offset,
                Some(name.clone()),
                format!("`{name}` is used by no other rule: remove it if it is not meant as a start rule"),
            ));
        } else if !reach.contains(&key) {
            problems.push(problem(
                Severity::Note,
                codes::UNREACHABLE,
                def.line,
                def.col,
                def.offset,
                Some(name.clone()),
                format!(
                    "`{name}` cannot be reached from the start rule `{}`: only rules that do not derive from it use it",
                    start_key.as_deref().unwrap_or_default()
                ),
            ));
        }
    }
    let has_errors = problems.iter().any(|p| p.severity == Severity::Error);
    let mut cfg = None;
    if !has_errors {
        match compile::compile(&reading, &CORE_READING) {
            Some(c) => {
                cycles(&c, &reading, &first, &mut problems);
                cfg = Some(c);
            }
            None => problems.push(problem(
                Severity::Error,
                codes::TOO_LARGE,
                1,
                1,
                0,
                None,
                format!(
                    "the grammar's repetitions expand to more than {} symbols: lower the repetition counts",
                    compile::MAX_SYMS
                ),
            )),
        }
    }
    // Syntax errors first (each in text order), then everything else in text order: the
    // first problem listed is the one to fix first.
    let mut rest = problems.split_off(syntax);
    let (mut first_errors, later): (Vec<Problem>, Vec<Problem>) = problems
        .into_iter()
        .partition(|p| p.severity == Severity::Error);
    first_errors.sort_by_key(|p| (p.line, p.column));
    rest.extend(later);
    rest.sort_by_key(|p| (p.line, p.column, p.severity));
    let mut problems = first_errors;
    problems.extend(rest);
    Analysed {
        report: CheckReport { rules, problems },
        cfg,
    }
}

/// Warns of rules that derive themselves without reading anything.
fn cycles(cfg: &Cfg, reading: &Reading, first: &HashMap<String, usize>, out: &mut Vec<Problem>) {
    let n = cfg.nts.len();
    let nullable = |s: Sym| matches!(s, Sym::N(b) if cfg.nts[b as usize].nullable);
    let mut off = Vec::with_capacity(n + 1);
    let mut adj = Vec::new();
    for nt in &cfg.nts {
        off.push(adj.len());
        for &p in &nt.prods {
            let start = cfg.prods[p as usize].start as usize;
            let mut end = start;
            while !matches!(cfg.syms[end], Sym::End(_)) {
                end += 1;
            }
            let rhs = &cfg.syms[start..end];
            for (i, &s) in rhs.iter().enumerate() {
                if let Sym::N(b) = s
                    && !cfg.nonempty[start + i]
                    && rhs[..i].iter().all(|&x| nullable(x))
                    && rhs[i + 1..].iter().all(|&x| nullable(x))
                {
                    adj.push(b);
                }
            }
        }
    }
    off.push(adj.len());
    let (comps, cyclic) = tarjan(&off, &adj);
    let mut in_comp = vec![false; n];
    let mut parent = vec![u32::MAX; n];
    for (comp, cyc) in comps.iter().zip(cyclic) {
        if !cyc {
            continue;
        }
        // The loop starts at the rule of the component the grammar defines first.
        let defined = |v: u32| {
            cfg.nts[v as usize]
                .name
                .as_deref()
                .and_then(|m| first.get(&m.to_ascii_lowercase()).copied())
        };
        let Some((_, from)) = comp
            .iter()
            .filter_map(|&v| defined(v).map(|i| (i, v)))
            .min()
        else {
            continue;
        };
        let Some(def) = defined(from).and_then(|i| reading.rules.get(i)) else {
            continue;
        };
        let named = comp
            .iter()
            .filter(|&&v| cfg.nts[v as usize].name.is_some())
            .count();
        let path = derivation_loop(from, comp, &off, &adj, &mut in_comp, &mut parent);
        let names: Vec<&str> = path
            .iter()
            .filter_map(|&v| cfg.nts[v as usize].name.as_deref())
            .collect();
        let name = def.name.as_str();
        let others = named.saturating_sub(names.len());
        out.push(problem(
            Severity::Warning,
            codes::CYCLE,
            def.line,
            def.col,
            def.offset,
            Some(def.name.clone()),
            format!(
                "{} can derive itself without reading anything ({}){}: inputs it matches have infinitely many parses; remove the loop",
                if names.len() <= 1 {
                    format!("`{name}`")
                } else {
                    format!("`{name}`, through {} rules,", names.len())
                },
                loop_text(&names),
                match others {
                    0 => String::new(),
                    1 => "; 1 more rule is in a loop with it".to_string(),
                    k => format!("; {k} more rules are in loops with it"),
                }
            ),
        ));
    }
}

/// A loop shown in full up to this many rules; a longer one shows its first
/// [`LOOP_HEAD`] rules, how many more, and the first again.
const LOOP_SHOWN: usize = 8;
const LOOP_HEAD: usize = 5;

/// `a → b → c → a`, or `a → b → c → d → e → … 9,995 more … → a` for a long loop.
fn loop_text(names: &[&str]) -> String {
    let Some(first) = names.first() else {
        return String::new();
    };
    let mut s = String::new();
    if names.len() <= LOOP_SHOWN {
        for n in names {
            s.push_str(n);
            s.push_str(" → ");
        }
    } else {
        for n in &names[..LOOP_HEAD] {
            s.push_str(n);
            s.push_str(" → ");
        }
        s.push_str(&format!("… {} more … → ", names.len() - LOOP_HEAD));
    }
    s.push_str(first);
    s
}

/// The shortest derivation loop from `from` back to itself within the strongly connected
/// component `comp` (`off`/`adj`: each nonterminal's successors), in derivation order,
/// `from` first. Breadth-first; `in_comp` and `parent` are scratch, left as found.
fn derivation_loop(
    from: u32,
    comp: &[u32],
    off: &[usize],
    adj: &[u32],
    in_comp: &mut [bool],
    parent: &mut [u32],
) -> Vec<u32> {
    for &v in comp {
        in_comp[v as usize] = true;
    }
    let mut queue = std::collections::VecDeque::from([from]);
    let mut last = None;
    'search: while let Some(v) = queue.pop_front() {
        for &w in &adj[off[v as usize]..off[v as usize + 1]] {
            if w == from {
                last = Some(v);
                break 'search;
            }
            if in_comp[w as usize] && parent[w as usize] == u32::MAX {
                parent[w as usize] = v;
                queue.push_back(w);
            }
        }
    }
    let mut path = Vec::new();
    let mut v = last;
    while let Some(x) = v {
        path.push(x);
        v = (x != from).then(|| parent[x as usize]);
    }
    path.reverse();
    for &v in comp {
        in_comp[v as usize] = false;
        parent[v as usize] = u32::MAX;
    }
    path
}
