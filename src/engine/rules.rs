//! The grammar reference: every production of every profile's grammar as the spec prints it,
//! with its section, our reading where it differs, its alternatives, the rules it uses and
//! the rules that use it.
//!
//! The productions are shipped as text files under `rules/`, copied from the specs (each file
//! says where from), compiled in with `include_str!` and read once, at first use. Which
//! texts make up a profile's grammar is its descriptor's
//! ([`rule_files`](super::descriptor::Descriptor::rule_files)). They are
//! data for people (`idbench rule`, the workbench's Details), not the parser: the grammars in
//! [`super::specs`] are hand-written scanners. The file format is ours and tiny, so it is
//! read by hand here:
//!
//! - `# ...` comment; `@source S`, `@notation abnf|bnf|www`, `@section S` set what follows;
//! - a line at column 0 starts a production (`name = ...`, `<name> ::= ...`, or, in the WWW
//!   draft's layout, a bare name whose definition is on the indented lines after it);
//!   indented lines continue it; a column-0 `;` line is a comment between productions;
//! - `@reading TEXT` (plus indented lines) is our reading of the production just read, when
//!   it differs from the printed text; `@note TEXT` says why, or what else the spec says.
//!
//! So each production has two fields, kept apart: `printed`, the text exactly as the cited
//! section prints it (extraction damage and all; `tests/grammar_spec_text.rs` compares it
//! with the spec texts, whitespace-normalized), and `reading`, the text idbench reads. In
//! the ABNF files the reading ([`Production::text`]: the `@reading`, else the printed text)
//! is always plain RFC 5234 ABNF, `name = definition`, so an ABNF reader can load it;
//! RFC 2141 and the WWW draft keep their own notations. Core rules (RFC 5234 Appendix B.1)
//! are listed only in the grammars that use them.

use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

use super::specs::Profile;
use super::tree::{Diagnostic, Node};

/// The `@source` of the core rules ([`super::specs::CORE`]).
const CORE_SOURCE: &str = "RFC 5234";

/// How a production is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// RFC 5234 ABNF: `name = a / b`, `"literal"`, `*rule`, `; comment`.
    Abnf,
    /// RFC 2141's BNF: `<name> ::= <a> | "b"`.
    Bnf,
    /// The WWW draft's BNF: words of more than one letter are rules, `|` separates
    /// alternatives, single characters stand for themselves.
    Www,
    /// RFC 2396's BNF (§1.6): ABNF's `name = definition`, `*`, `[ ]` and `"literal"`, with
    /// `|` between alternatives and `_` in rule names.
    BnfBar,
}

/// One production of a profile's grammar.
#[derive(Clone, Debug)]
pub struct Production {
    /// The rule's name (as our reading spells it, when the printed name is damaged).
    pub name: &'static str,
    /// The document (`RFC 3986`, `XRI Syntax 2.0`, ...).
    pub source: &'static str,
    /// The section that defines it (`§3.2.2`, `Appendix A`, ...).
    pub section: &'static str,
    /// The production exactly as printed (name included).
    pub printed: &'static str,
    /// Our reading, when it differs from the printed text (name included).
    pub reading: Option<&'static str>,
    /// Why we read it so, or what else the spec says about it.
    pub note: Option<&'static str>,
    /// How it is written.
    pub notation: Notation,
    /// The alternatives of the text read (the reading, else the printed text): the
    /// definition split at its top-level `/` (ABNF) or `|` (BNF), comments dropped, spaces
    /// collapsed.
    pub alternatives: Vec<String>,
    /// The rules the text read refers to, in order of first use.
    pub uses: Vec<&'static str>,
    /// The rules of the same profile that refer to this one (computed).
    pub used_by: Vec<&'static str>,
}

impl Production {
    /// The text idbench reads: the reading, else the printed text.
    pub fn text(&self) -> &'static str {
        self.reading.unwrap_or(self.printed)
    }
    /// `source section`, e.g. `RFC 3986 §3.2.2`.
    pub fn citation(&self) -> String {
        format!("{} {}", self.source, self.section)
    }
}

/// One profile's grammar.
#[derive(Debug)]
pub struct Grammar {
    /// The profile.
    pub profile: Profile,
    productions: Vec<Production>,
    by_name: HashMap<String, usize>,
}

impl Grammar {
    /// Every production, in the order the spec prints them (core rules last).
    pub fn productions(&self) -> &[Production] {
        &self.productions
    }
    /// The production named `name`: exact spelling first, then case-insensitively (ABNF
    /// rule names are case-insensitive, RFC 5234 §2.1).
    pub fn get(&self, name: &str) -> Option<&Production> {
        let name = name.strip_prefix('<').unwrap_or(name);
        let name = name.strip_suffix('>').unwrap_or(name);
        if let Some(p) = self.productions.iter().find(|p| p.name == name) {
            return Some(p);
        }
        self.by_name
            .get(&name.to_ascii_lowercase())
            .map(|&i| &self.productions[i])
    }
    /// Up to `n` production names nearest to `name` by edit distance (case-insensitive),
    /// nearest first, for "did you mean".
    pub fn nearest(&self, name: &str, n: usize) -> Vec<&'static str> {
        let want: Vec<char> = name.to_lowercase().chars().take(200).collect();
        let mut scored: Vec<(usize, &'static str)> = self
            .productions
            .iter()
            .map(|p| {
                let have: Vec<char> = p.name.to_lowercase().chars().collect();
                (edit_distance(&want, &have), p.name)
            })
            .collect();
        scored.sort();
        scored.into_iter().take(n).map(|(_, s)| s).collect()
    }
    /// True when `literal` (with its quotes, as a tree may name a node `"urn"`) occurs in
    /// some production of this grammar.
    pub fn has_literal(&self, literal: &str) -> bool {
        literal.len() >= 2 && self.productions.iter().any(|p| p.text().contains(literal))
    }
}

/// The edit distance between two rule names, case-insensitive (the first 200 characters of
/// `a`: a user's argument may be long).
pub fn name_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().take(200).collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    edit_distance(&a, &b)
}

/// Levenshtein distance; `a` is capped by the caller so this stays small.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The grammar of `profile`, read at first use (once per profile: every profile is a row
/// of the table, and the lab's grammar reference is empty, its grammar being the user's).
pub fn grammar(profile: Profile) -> &'static Grammar {
    static CELLS: [OnceLock<Grammar>; Profile::BUILTIN_COUNT] =
        [const { OnceLock::new() }; Profile::BUILTIN_COUNT];
    // A run-time profile (none has a grammar reference of its own) gets the table's first
    // row's: every built-in handle has its cell.
    let (cell, profile) = match profile.builtin_index().and_then(|i| CELLS.get(i)) {
        Some(c) => (c, profile),
        None => (&CELLS[0], Profile::ALL[0]),
    };
    cell.get_or_init(|| build(profile, profile.descriptor().rule_files))
}

/// `profile`'s grammar, read from its descriptor's texts
/// ([`Descriptor::rule_files`](super::descriptor::Descriptor::rule_files)), in lookup order.
fn build(profile: Profile, texts: &[&'static str]) -> Grammar {
    let mut productions: Vec<Production> = Vec::new();
    for text in texts {
        for p in read_file(text) {
            // A rule the profile's own text defines wins over a core rule of the same name.
            if !productions
                .iter()
                .any(|q| q.name.eq_ignore_ascii_case(p.name))
            {
                productions.push(p);
            }
        }
    }
    // A core rule (RFC 5234 Appendix B.1) is listed only when the profile's grammar uses it,
    // directly or through another core rule: RFC 3986 never uses CTL, DQUOTE or SP.
    let mut wanted: BTreeSet<String> = productions
        .iter()
        .filter(|p| p.source != CORE_SOURCE)
        .flat_map(|p| p.uses.iter().map(|u| u.to_ascii_lowercase()))
        .collect();
    loop {
        let before = wanted.len();
        let more: Vec<String> = productions
            .iter()
            .filter(|p| p.source == CORE_SOURCE && wanted.contains(&p.name.to_ascii_lowercase()))
            .flat_map(|p| p.uses.iter().map(|u| u.to_ascii_lowercase()))
            .collect();
        wanted.extend(more);
        if wanted.len() == before {
            break;
        }
    }
    productions
        .retain(|p| p.source != CORE_SOURCE || wanted.contains(&p.name.to_ascii_lowercase()));
    let mut by_name = HashMap::new();
    for (i, p) in productions.iter().enumerate() {
        by_name.entry(p.name.to_ascii_lowercase()).or_insert(i);
    }
    // Resolve the references' spelling to the defined names and compute `used_by`.
    let mut used_by: Vec<Vec<&'static str>> = vec![Vec::new(); productions.len()];
    for i in 0..productions.len() {
        let user = productions[i].name;
        let mut uses = Vec::new();
        for u in &productions[i].uses {
            let resolved = match by_name.get(&u.to_ascii_lowercase()) {
                Some(&j) => {
                    if !used_by[j].contains(&user) {
                        used_by[j].push(user);
                    }
                    productions[j].name
                }
                None => u,
            };
            if !uses.contains(&resolved) {
                uses.push(resolved);
            }
        }
        productions[i].uses = uses;
    }
    for (p, u) in productions.iter_mut().zip(used_by) {
        p.used_by = u;
    }
    Grammar {
        profile,
        productions,
        by_name,
    }
}

/// Lines of `text` as `&'static str` slices with their byte offsets.
fn lines_with_offsets(text: &'static str) -> Vec<(usize, &'static str)> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        out.push((at, line.trim_end_matches(['\n', '\r'])));
        at += line.len();
    }
    out
}

fn read_file(text: &'static str) -> Vec<Production> {
    let lines = lines_with_offsets(text);
    let mut out: Vec<Production> = Vec::new();
    let mut source = "";
    let mut section = "";
    let mut notation = Notation::Abnf;
    let mut i = 0;
    // The slice of `text` from line `from` through the indented lines that follow it.
    let block = |from: usize, first_col: usize| -> (&'static str, usize) {
        let (start, _) = lines[from];
        let start = start + first_col;
        let mut last = from;
        let mut k = from + 1;
        while k < lines.len() {
            let l = lines[k].1;
            if l.starts_with(' ') || l.starts_with('\t') {
                if !l.trim().is_empty() {
                    last = k;
                }
                k += 1;
            } else if l.trim().is_empty() {
                k += 1;
            } else {
                break;
            }
        }
        let (ls, ll) = lines[last];
        (&text[start.min(ls + ll.len())..ls + ll.len()], k)
    };
    while i < lines.len() {
        let (_, line) = lines[i];
        if line.trim().is_empty() || line.starts_with('#') || line.starts_with(';') {
            i += 1;
            continue;
        }
        if let Some(rest) = line.strip_prefix('@') {
            let (key, val) = rest.split_once(' ').unwrap_or((rest, ""));
            match key {
                "source" => source = val.trim(),
                "section" => section = val.trim(),
                "notation" => {
                    notation = match val.trim() {
                        "bnf" => Notation::Bnf,
                        "www" => Notation::Www,
                        "bnf-bar" => Notation::BnfBar,
                        _ => Notation::Abnf,
                    }
                }
                "reading" => {
                    let (t, next) = block(i, "@reading ".len());
                    if let Some(p) = out.last_mut() {
                        p.reading = Some(t);
                        // An ABNF or BNF reading restates the name (and may repair it); a
                        // WWW-draft reading is the definition alone.
                        if p.notation != Notation::Www
                            && let Some(n) = name_of(t, p.notation)
                        {
                            p.name = n;
                        }
                    }
                    i = next;
                    continue;
                }
                "note" => {
                    if let Some(p) = out.last_mut() {
                        p.note = Some(val.trim());
                    }
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        if line.starts_with(' ') || line.starts_with('\t') {
            // A stray continuation: nothing to attach it to.
            i += 1;
            continue;
        }
        let (printed, next) = block(i, 0);
        if let Some(name) = name_of(printed, notation) {
            out.push(Production {
                name,
                source,
                section,
                printed,
                reading: None,
                note: None,
                notation,
                alternatives: Vec::new(),
                uses: Vec::new(),
                used_by: Vec::new(),
            });
        }
        i = next;
    }
    for p in &mut out {
        let def = match (p.reading, p.notation) {
            (Some(r), Notation::Www) => r,
            _ => definition(p.text(), p.notation),
        };
        p.alternatives = alternatives(def, p.notation);
        p.uses = references(def, p.notation);
    }
    out
}

/// The name a production's text defines.
fn name_of(text: &'static str, notation: Notation) -> Option<&'static str> {
    let first = text.lines().next()?.trim();
    let name = match notation {
        Notation::Abnf | Notation::BnfBar => first.split('=').next()?.trim(),
        Notation::Bnf => first.split("::=").next()?.trim(),
        Notation::Www => first,
    };
    let name = name.strip_prefix('<').unwrap_or(name);
    let name = name.strip_suffix('>').unwrap_or(name);
    (!name.is_empty()).then_some(name)
}

/// The definition part of a production's text (after `=`, `::=`, or the name line).
fn definition(text: &'static str, notation: Notation) -> &'static str {
    let split = match notation {
        Notation::Abnf | Notation::BnfBar => text.split_once('='),
        Notation::Bnf => text.split_once("::="),
        Notation::Www => text.split_once('\n'),
    };
    split.map_or("", |(_, d)| d)
}

/// The definition with ABNF comments removed.
fn strip_comments(def: &str, notation: Notation) -> String {
    if notation != Notation::Abnf {
        return def.to_string();
    }
    let mut out = String::with_capacity(def.len());
    for line in def.lines() {
        let mut in_quote = false;
        for c in line.chars() {
            if c == '"' {
                in_quote = !in_quote;
            } else if c == ';' && !in_quote {
                break;
            }
            out.push(c);
        }
        out.push(' ');
    }
    out
}

/// Splits a definition at its top-level alternative separators.
fn alternatives(def: &str, notation: Notation) -> Vec<String> {
    let def = strip_comments(def, notation);
    let collapse = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    match notation {
        Notation::Www => {
            // "|" is a token of its own; single characters stand for themselves, so a list
            // of single characters (the `national` set has "[" and "]") splits at every "|".
            let spaced = def.replace('|', " | ");
            let tokens: Vec<&str> = spaced.split_whitespace().collect();
            let naive: Vec<Vec<&str>> = tokens.split(|t| *t == "|").map(<[_]>::to_vec).collect();
            if naive.iter().all(|a| a.len() <= 1) {
                return naive.into_iter().map(|a| a.join(" ")).collect();
            }
            let mut depth = 0i32;
            let mut cur: Vec<&str> = Vec::new();
            for t in tokens {
                match t {
                    "[" | "(" => depth += 1,
                    "]" | ")" => depth -= 1,
                    "|" if depth == 0 => {
                        out.push(cur.join(" "));
                        cur.clear();
                        continue;
                    }
                    _ => {}
                }
                cur.push(t);
            }
            out.push(cur.join(" "));
        }
        Notation::Abnf | Notation::Bnf | Notation::BnfBar => {
            let sep = if notation == Notation::Abnf { '/' } else { '|' };
            let mut depth = 0i32;
            let mut quote: Option<char> = None;
            let mut cur = String::new();
            for c in def.chars() {
                match quote {
                    Some(q) => {
                        if c == q {
                            quote = None;
                        }
                    }
                    None => match c {
                        '"' => quote = Some('"'),
                        '\'' if notation == Notation::Bnf => quote = Some('\''),
                        '(' | '[' => depth += 1,
                        ')' | ']' => depth -= 1,
                        _ if c == sep && depth == 0 => {
                            out.push(collapse(&cur));
                            cur.clear();
                            continue;
                        }
                        _ => {}
                    },
                }
                cur.push(c);
            }
            out.push(collapse(&cur));
        }
    }
    out.retain(|a| !a.is_empty());
    if out.is_empty() {
        // `void` and friends: one empty alternative.
        out.push(String::new());
    }
    out
}

/// The rule names a definition refers to, in order of first use.
fn references(def: &'static str, notation: Notation) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let mut push = |n: &'static str| {
        if !n.is_empty() && !out.contains(&n) {
            out.push(n);
        }
    };
    match notation {
        Notation::Www => {
            for w in def.split(|c: char| c.is_whitespace() || "|[]".contains(c)) {
                // "space" and "vline" are the draft's words for two characters.
                if w.chars().count() > 1
                    && w.chars().all(|c| c.is_ascii_alphabetic())
                    && w != "space"
                    && w != "vline"
                {
                    push(w);
                }
            }
        }
        Notation::Bnf => {
            let b = def.as_bytes();
            let mut k = 0;
            let mut quote: Option<u8> = None;
            while k < b.len() {
                let c = b[k];
                match quote {
                    Some(q) if c == q => quote = None,
                    Some(_) => {}
                    None if c == b'"' || c == b'\'' => quote = Some(c),
                    None if c == b'<' => {
                        if let Some(len) = def[k + 1..].find('>') {
                            push(&def[k + 1..k + 1 + len]);
                            k += len + 1;
                        }
                    }
                    None => {}
                }
                k += 1;
            }
        }
        Notation::Abnf | Notation::BnfBar => {
            for line in def.lines() {
                let b = line.as_bytes();
                let mut k = 0;
                while k < b.len() {
                    let c = b[k];
                    if c == b';' {
                        break;
                    } else if c == b'"' {
                        k += 1;
                        while k < b.len() && b[k] != b'"' {
                            k += 1;
                        }
                        k += 1;
                    } else if c == b'%' {
                        // A numeric value: %x41-5A, %d13.10.
                        while k < b.len() && !b[k].is_ascii_whitespace() && b[k] != b'/' {
                            k += 1;
                        }
                    } else if c.is_ascii_alphabetic() {
                        let s = k;
                        // "_" is RFC 2396's (`hier_part`); ABNF names never hold one.
                        while k < b.len()
                            && (b[k].is_ascii_alphanumeric() || b[k] == b'-' || b[k] == b'_')
                        {
                            k += 1;
                        }
                        let start = line.as_ptr() as usize - def.as_ptr() as usize;
                        push(&def[start + s..start + k]);
                    } else if c.is_ascii_digit() {
                        // Repetition counts (`1*4HEXDIG`, `2DIGIT`): skip the digits; the name
                        // right after them is read on the next turn. (`1s32` in the damaged XRI
                        // text therefore reads as a rule `s32`; the reading repairs it.)
                        k += 1;
                    } else {
                        k += 1;
                    }
                }
            }
        }
    }
    out
}

/// Which alternative of a node's production matched, and how we know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matched {
    /// Index into [`Production::alternatives`].
    pub alternative: usize,
    /// How it was decided.
    pub by: MatchedBy,
}

/// How [`matched_alternative`] decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchedBy {
    /// The production has a single alternative.
    Only,
    /// The first alternative whose rules (followed through the grammar) reach every child's
    /// rule: the spec's first-match-wins order.
    Children,
    /// The node's text: a literal alternative, the empty alternative for empty text, or the
    /// count of 16-bit pieces after "::" in an IPv6 address.
    Text,
}

/// The production of `node`'s rule and, when it can be told, which of its alternatives
/// matched: from the rules of the node's children, else from the node's text.
pub fn matched_alternative(
    profile: Profile,
    node: &Node<'_>,
    input: &str,
) -> Option<(&'static Production, Option<Matched>)> {
    // A node the scheme layer grafted is named by its scheme's grammar, not the profile's;
    // and it is no child the profile's alternatives account for.
    if node.kind() == super::NodeKind::SchemePart {
        return None;
    }
    let g = grammar(profile);
    let p = g.get(node.rule())?;
    if p.alternatives.len() == 1 {
        return Some((
            p,
            Some(Matched {
                alternative: 0,
                by: MatchedBy::Only,
            }),
        ));
    }
    let children: BTreeSet<&str> = node
        .children()
        .filter(|c| c.kind() != super::NodeKind::SchemePart)
        .map(|c| c.rule())
        .filter(|r| !r.is_empty())
        .collect();
    if !children.is_empty() {
        // Follow the alternatives' rules one level deeper at a time: the first alternative
        // (first-match-wins) whose rules reach every child's rule at the shallowest depth.
        // Going straight to the full closure would not do: cross-references make every XRI
        // rule reach every other.
        let mut reached: Vec<BTreeSet<String>> = p
            .alternatives
            .iter()
            .map(|a| {
                references_owned(a, p.notation)
                    .into_iter()
                    .map(|r| r.to_ascii_lowercase())
                    .collect()
            })
            .collect();
        for _depth in 0..6 {
            let found = p
                .alternatives
                .iter()
                .zip(&reached)
                .position(|(alt, reach)| {
                    children.iter().all(|c| {
                        reach.contains(&c.to_ascii_lowercase())
                            || (c.starts_with('"')
                                && (alt.contains(c)
                                    || reach
                                        .iter()
                                        .filter_map(|r| g.get(r))
                                        .any(|q| definition(q.text(), q.notation).contains(c))))
                    })
                });
            if let Some(alternative) = found {
                return Some((
                    p,
                    Some(Matched {
                        alternative,
                        by: MatchedBy::Children,
                    }),
                ));
            }
            for reach in &mut reached {
                let deeper: Vec<String> = reach
                    .iter()
                    .filter_map(|r| g.get(r))
                    .flat_map(|q| q.uses.iter().map(|u| u.to_ascii_lowercase()))
                    .collect();
                reach.extend(deeper);
            }
        }
        return Some((p, None));
    }
    let text = node.text(input);
    let by_text = |alternative| {
        Some(Matched {
            alternative,
            by: MatchedBy::Text,
        })
    };
    // A literal alternative equal to the text (ABNF literals are case-insensitive).
    let literal = p.alternatives.iter().position(|a| {
        let lit = a
            .strip_prefix('"')
            .and_then(|a| a.strip_suffix('"'))
            .or_else(|| (p.notation == Notation::Www && a.chars().count() == 1).then_some(a));
        lit.is_some_and(|l| l.eq_ignore_ascii_case(text))
    });
    if literal.is_some() {
        return Some((p, literal.and_then(by_text)));
    }
    if text.is_empty() {
        let empty = p
            .alternatives
            .iter()
            .position(|a| a.is_empty() || a == "void" || a.ends_with("-empty"));
        return Some((p, empty.and_then(by_text)));
    }
    if p.name == "IPv6address" {
        return Some((p, ipv6_alternative(text).and_then(by_text)));
    }
    Some((p, None))
}

fn references_owned(alt: &str, notation: Notation) -> Vec<String> {
    // `references` wants 'static text for the table; a leaked copy is not worth it here.
    let owned: &str = alt;
    let mut out = Vec::new();
    let mut add = |s: &str| {
        if !out.iter().any(|o: &String| o == s) {
            out.push(s.to_string());
        }
    };
    match notation {
        Notation::Bnf => {
            let mut rest = owned;
            while let Some(s) = rest.find('<') {
                let after = &rest[s + 1..];
                match after.find('>') {
                    Some(e) => {
                        add(&after[..e]);
                        rest = &after[e + 1..];
                    }
                    None => break,
                }
            }
        }
        _ => {
            let mut in_quote = false;
            let mut word = String::new();
            for c in owned.chars().chain(std::iter::once(' ')) {
                if c == '"' {
                    in_quote = !in_quote;
                    word.clear();
                    continue;
                }
                if !in_quote && (c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                    word.push(c);
                } else {
                    let w = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '*');
                    if w.len() > 1 || (notation != Notation::Www && !w.is_empty()) {
                        add(w);
                    }
                    word.clear();
                }
            }
        }
    }
    out
}

/// The IPv6address alternative (RFC 3986 §3.2.2) an address takes, from the number of 16-bit
/// pieces after "::" (an IPv4 tail counts two): alternative `8 - n`, the first for no "::".
fn ipv6_alternative(text: &str) -> Option<usize> {
    let pieces = |s: &str| -> usize {
        if s.is_empty() {
            return 0;
        }
        s.split(':')
            .map(|p| if p.contains('.') { 2 } else { 1 })
            .sum()
    };
    match text.split_once("::") {
        None => Some(0),
        Some((_, after)) => {
            let n = pieces(after);
            (n <= 7).then(|| 8 - n)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_abnf_with_comments_and_continuations() {
        let g = grammar(Profile::Rfc3986);
        let p = g.get("dec-octet").expect("dec-octet");
        assert_eq!(p.alternatives.len(), 5);
        assert_eq!(p.alternatives[4], "\"25\" %x30-35");
        assert_eq!(p.uses, vec!["DIGIT"]);
        let h = g.get("hier-part").expect("hier-part");
        assert_eq!(
            h.uses,
            vec![
                "authority",
                "path-abempty",
                "path-absolute",
                "path-rootless",
                "path-empty"
            ]
        );
        assert!(h.used_by.contains(&"URI") && h.used_by.contains(&"absolute-URI"));
        assert_eq!(h.section, "§3");
        assert_eq!(g.get("ipv6ADDRESS").map(|p| p.name), Some("IPv6address"));
    }

    #[test]
    fn readings_rename_damaged_productions() {
        let g = grammar(Profile::Xri2);
        let p = g.get("xri-subseg").expect("repaired name");
        assert!(p.printed.starts_with("xri-subseq "));
        assert!(p.reading.is_some_and(|r| r.starts_with("xri-subseg ")));
        assert!(
            g.get("xri-authority")
                .is_some_and(|p| p.uses[0] == "gcs-authority")
        );
        let v6 = g.get("IPv6address").expect("IPv6address");
        assert!(!v6.uses.contains(&"s32"));
        let bnf = grammar(Profile::Rfc2141);
        let r = bnf.get("<reserved>").expect("reserved");
        assert_eq!(r.alternatives, vec!["\"%\"", "\"/\"", "\"?\"", "\"#\""]);
        assert!(r.printed.contains("'%\""));
    }

    #[test]
    fn www_lists_of_single_characters_split_at_every_bar() {
        let g = grammar(Profile::Rfc1630);
        assert_eq!(g.get("national").map(|p| p.alternatives.len()), Some(8));
        let path = g.get("path").expect("path");
        assert_eq!(
            path.alternatives,
            vec!["void", "( void | xpalphas ) [ / path ]"]
        );
        assert_eq!(path.uses, vec!["void", "xpalphas", "path"]);
        assert_eq!(
            g.get("void").map(|p| p.alternatives.clone()),
            Some(vec![String::new()])
        );
    }

    #[test]
    fn nearest_names_by_edit_distance() {
        let g = grammar(Profile::Rfc3986);
        assert_eq!(g.nearest("segmnt", 1), vec!["segment"]);
        assert_eq!(g.nearest("ipv4adress", 1), vec!["IPv4address"]);
    }

    #[test]
    fn ipv6_alternatives_count_pieces_after_the_double_colon() {
        assert_eq!(ipv6_alternative("1:2:3:4:5:6:7:8"), Some(0));
        assert_eq!(ipv6_alternative("::1:2:3:4:5:6:7"), Some(1));
        assert_eq!(ipv6_alternative("::1"), Some(7));
        assert_eq!(ipv6_alternative("1::"), Some(8));
        assert_eq!(ipv6_alternative("::ffff:1.2.3.4"), Some(5));
    }
}

/// `expected "]" or h16 after "::1"`: what the grammar would have accepted where the error
/// `d` is, after up to eight characters of `input` before that point; `None` when the
/// grammar recorded nothing. The text is raw (it quotes a piece of the input): every face
/// escapes it with [`crate::safe_text`] before showing it, so the CLI, the reports and the
/// workbench word it alike.
pub fn expected_text(d: &Diagnostic, input: &str) -> Option<String> {
    let at = d.expected_at?;
    if d.expected.is_empty() || at > input.len() || !input.is_char_boundary(at) {
        return None;
    }
    let list = match d.expected.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => return None,
    };
    let before = &input[..at];
    // Up to eight characters back, not across the last "/", "?", "#", "@" or "[" (the start
    // of the component), and at least one character.
    let eight = before.char_indices().rev().nth(7).map_or(0, |(i, _)| i);
    // Only the last eight characters are searched: a search back over the whole input made
    // every diagnostic cost the input's length (quadratic on 32 KiB of "%").
    let component = before[eight..]
        .rfind(['/', '?', '#', '@', '['])
        .map_or(0, |i| eight + i + 1);
    let mut from = eight.max(component);
    if from >= at {
        from = before.char_indices().next_back().map_or(at, |(i, _)| i);
    }
    let after = &before[from..];
    Some(if after.is_empty() {
        format!("expected {list} at the start")
    } else {
        format!("expected {list} after \"{after}\"")
    })
}

/// Which start rule of its profile's grammar an input was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartRule {
    /// The rule at the root of the tree (`URI`, `relative-ref`, `namestring`, ...).
    pub rule: &'static str,
    /// The production that offers it as one of its alternatives, when there is one
    /// (`URI-reference = URI / relative-ref`): `"1"` is a `URI-reference` by way of
    /// `relative-ref`, not a `URI`.
    pub within: Option<&'static str>,
}

impl StartRule {
    /// True when the start rule is `name` (case-insensitive, as ABNF rule names are).
    pub fn is_rule(&self, name: &str) -> bool {
        self.rule.eq_ignore_ascii_case(name)
    }
}

/// The start rule a tree whose root has rule `root` was read as, under `profile`.
pub fn start_rule(profile: Profile, root: &'static str) -> StartRule {
    let within = grammar(profile)
        .productions()
        .iter()
        .find(|p| p.alternatives.len() > 1 && p.alternatives.iter().any(|a| a == root))
        .map(|p| p.name);
    StartRule { rule: root, within }
}
