//! Reading a cases file: the TOML format (with the `toml` crate's spanned tables, so every
//! error names its line and column) and the `examples/ids` line format (through
//! [`crate::idsets::parse_set`], the one reader of that format).

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::grammar::{self, GrammarPaths};
use super::{
    Case, DiagnosticExpect, Expect, LoadError, MAX_LOAD_ERRORS, ParsesExpect, TargetExpect,
};
use crate::engine::abnf::Grammar;
use crate::engine::equiv::{Objective, SideForm};
use crate::engine::tree::NodeKind;
use crate::engine::{Code, Profile};
use crate::idsets::{self, Expect as IdExpect};

/// The keys a `[[case]]` table may hold.
pub const KEYS: [&str; 21] = [
    "input",
    "profile",
    "base",
    "valid",
    "error",
    "error_at",
    "components",
    "forms",
    "equivalent",
    "not_equivalent",
    "step",
    "target",
    "parses",
    "grammar",
    "start",
    "note",
    "namespaces",
    "objective",
    "ignore_dollar",
    "a_form",
    "b_form",
];

/// Line and column (1-based, the column in characters) of byte offsets in one text.
struct Lines<'a> {
    text: &'a str,
    /// The byte offset just past each `\n`.
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Lines {
            text,
            starts: memchr::memchr_iter(b'\n', text.as_bytes())
                .map(|i| i + 1)
                .collect(),
        }
    }
    fn line_col(&self, at: usize) -> (usize, usize) {
        let at = at.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= at);
        let start = if line == 0 { 0 } else { self.starts[line - 1] };
        let col = self
            .text
            .get(start..at)
            .map_or(at - start, |s| s.chars().count());
        (line + 1, col + 1)
    }
}

/// Collects the errors of one file, at most [`MAX_LOAD_ERRORS`] named.
struct Errors<'a> {
    file: &'a str,
    lines: &'a Lines<'a>,
    list: Vec<LoadError>,
    more: usize,
}

impl Errors<'_> {
    fn at(&mut self, offset: usize, message: String) {
        if self.list.len() >= MAX_LOAD_ERRORS {
            self.more += 1;
            return;
        }
        let (line, column) = self.lines.line_col(offset);
        self.list.push(LoadError {
            file: self.file.to_string(),
            line,
            column,
            message,
        });
    }
    fn finish(mut self) -> Vec<LoadError> {
        if self.more > 0 {
            self.list.push(LoadError {
                file: self.file.to_string(),
                line: 0,
                column: 0,
                message: format!("and {} more errors", self.more),
            });
        }
        self.list
    }
}

type Value<'i> = Spanned<DeValue<'i>>;

fn type_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// Reads the TOML format. `dir` is where `grammar` paths are relative to; `paths` says
/// whether they may leave it ([`GrammarPaths`]).
pub fn parse_toml(
    text: &str,
    file: &str,
    dir: &Path,
    paths: GrammarPaths,
) -> Result<Vec<Case>, Vec<LoadError>> {
    let lines = Lines::new(text);
    let mut errs = Errors {
        file,
        lines: &lines,
        list: Vec::new(),
        more: 0,
    };
    let doc = match DeTable::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let at = e.span().map_or(0, |s| s.start);
            errs.at(at, format!("not valid TOML: {}", e.message().trim()));
            return Err(errs.finish());
        }
    };
    let mut grammars: HashMap<String, Result<Arc<Grammar>, String>> = HashMap::new();
    let mut cases = Vec::new();
    for (k, v) in doc.get_ref() {
        if k.get_ref() != "case" {
            errs.at(
                k.span().start,
                format!(
                    "unknown key `{}` at the top level: a cases file holds `[[case]]` tables only",
                    k.get_ref()
                ),
            );
            continue;
        }
        let DeValue::Array(arr) = v.get_ref() else {
            errs.at(
                v.span().start,
                format!(
                    "`case` must be written `[[case]]` tables, not {}",
                    type_name(v.get_ref())
                ),
            );
            continue;
        };
        for item in arr.iter() {
            let DeValue::Table(t) = item.get_ref() else {
                errs.at(
                    item.span().start,
                    format!("a case must be a table, not {}", type_name(item.get_ref())),
                );
                continue;
            };
            let at = item.span().start;
            let c = read_case(text, at, t, (dir, paths), &mut grammars, &mut errs);
            if let Some(c) = c {
                cases.push(c);
            }
        }
    }
    if errs.list.is_empty() {
        Ok(cases)
    } else {
        Err(errs.finish())
    }
}

/// The offset of the `[[case]]` header that opens the table whose span starts at `at`
/// (the span of an array-of-tables element may begin at its first key): the last line
/// before `at` that starts with `[[`.
fn header_before(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    // A header, or an inline table (`case = [{ ... }]`), which has none: no search, so
    // reading stays linear however many cases an array holds.
    if text
        .get(at..)
        .is_some_and(|t| t.starts_with("[[") || t.starts_with('{'))
    {
        return at;
    }
    let head = text.get(..at).unwrap_or("");
    let mut end = head.len();
    while let Some(nl) = head[..end].rfind('\n') {
        let line = &head[nl + 1..];
        if line.trim_start().starts_with("[[") {
            return nl + 1 + (line.len() - line.trim_start().len());
        }
        end = nl;
    }
    if head.trim_start().starts_with("[[") {
        return head.len() - head.trim_start().len();
    }
    at
}

/// A case's `components` and `forms` tables (name = "text") into `e`: each name a node
/// kind for `components`, each value a string.
fn read_named_texts(t: &DeTable<'_>, e: &mut Expect, errs: &mut Errors<'_>) {
    for (field, out) in [("components", &mut e.components), ("forms", &mut e.forms)] {
        let Some(v) = t.get(field) else { continue };
        let DeValue::Table(tab) = v.get_ref() else {
            errs.at(
                v.span().start,
                format!(
                    "`{field}` must be a table (name = \"text\"), not {}",
                    type_name(v.get_ref())
                ),
            );
            continue;
        };
        for (k, val) in tab.iter() {
            let name = k.get_ref().to_string();
            if field == "components" && NodeKind::from_name(&name).is_none() {
                let kinds: Vec<&str> = NodeKind::ALL.iter().map(|k| k.name()).collect();
                errs.at(
                    k.span().start,
                    format!(
                        "`components` names no node kind `{name}`; the kinds are {}",
                        kinds.join(", ")
                    ),
                );
                continue;
            }
            match val.get_ref() {
                DeValue::String(s) => out.push((name, s.to_string())),
                other => errs.at(
                    val.span().start,
                    format!(
                        "`{field}.{name}` must be a string, not {}",
                        type_name(other)
                    ),
                ),
            }
        }
    }
}

fn read_case(
    text: &str,
    at: usize,
    t: &DeTable<'_>,
    (dir, paths): (&Path, GrammarPaths),
    grammars: &mut HashMap<String, Result<Arc<Grammar>, String>>,
    errs: &mut Errors<'_>,
) -> Option<Case> {
    let header = header_before(text, at);
    let before = errs.list.len() + errs.more;
    let get = |name: &str| t.get(name);
    let string = |name: &str, errs: &mut Errors<'_>| -> Option<(String, usize)> {
        let v: &Value<'_> = get(name)?;
        match v.get_ref() {
            DeValue::String(s) => Some((s.to_string(), v.span().start)),
            other => {
                errs.at(
                    v.span().start,
                    format!("`{name}` must be a string, not {}", type_name(other)),
                );
                None
            }
        }
    };
    for (k, _) in t.iter() {
        if !KEYS.contains(&k.get_ref().as_ref()) {
            errs.at(
                k.span().start,
                format!(
                    "unknown key `{}` in a case; the keys are {}",
                    k.get_ref(),
                    KEYS.join(", ")
                ),
            );
        }
    }
    let input = string("input", errs);
    if input.is_none() && get("input").is_none() {
        errs.at(header, "a case needs `input`".into());
    }
    let profile = match string("profile", errs) {
        None => None,
        Some((p, _)) if p.eq_ignore_ascii_case("auto") => Some(None),
        Some((p, off)) => match Profile::from_name(&p) {
            Some(p) => Some(Some(p)),
            None => {
                let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
                errs.at(
                    off,
                    format!(
                        "unknown profile `{p}`; the profiles are auto, {}",
                        names.join(", ")
                    ),
                );
                None
            }
        },
    };
    let base = string("base", errs).map(|b| b.0);
    let mut e = Expect::default();
    if let Some(v) = get("valid") {
        match v.get_ref() {
            DeValue::Boolean(b) => e.valid = Some(*b),
            other => errs.at(
                v.span().start,
                format!("`valid` must be true or false, not {}", type_name(other)),
            ),
        }
    }
    if let Some((code, off)) = string("error", errs) {
        if Code::from_name(&code).is_none() {
            errs.at(
                off,
                format!("`error` names no diagnostic code idbench has: `{code}` (see `idbench parse --format json` for the codes)"),
            );
        }
        e.error = Some(code);
    }
    if let Some(v) = get("error_at") {
        match v.get_ref() {
            DeValue::Integer(i) => match i.as_str().parse::<usize>() {
                Ok(n) if i.radix() == 10 => e.error_at = Some(n),
                _ => errs.at(
                    v.span().start,
                    "`error_at` must be a byte offset, a decimal integer of 0 or more".into(),
                ),
            },
            other => errs.at(
                v.span().start,
                format!("`error_at` must be an integer, not {}", type_name(other)),
            ),
        }
    }
    read_named_texts(t, &mut e, errs);
    let eq = string("equivalent", errs);
    let ne = string("not_equivalent", errs);
    match (eq, ne) {
        (Some(_), Some((_, off))) => errs.at(
            off,
            "a case has `equivalent` or `not_equivalent`, not both".into(),
        ),
        (Some((o, _)), None) => e.equivalent = Some((o, true)),
        (None, Some((o, _))) => e.equivalent = Some((o, false)),
        (None, None) => {}
    }
    if let Some((s, off)) = string("step", errs) {
        if e.equivalent.is_none() {
            errs.at(
                off,
                "`step` goes with `equivalent` or `not_equivalent`".into(),
            );
        }
        e.step = Some(s);
    }
    if let Some((t, off)) = string("target", errs) {
        if base.is_none() {
            errs.at(
                off,
                "`target` needs a `base` to resolve `input` against".into(),
            );
        }
        e.target = Some(if t == "error" {
            TargetExpect::Fails
        } else {
            TargetExpect::Is(t)
        });
    }
    let grammar = string("grammar", errs);
    let start = string("start", errs);
    if let Some(v) = get("parses") {
        match v.get_ref() {
            DeValue::Boolean(b) => match (&grammar, &start) {
                (Some((g, goff)), Some((s, soff))) => {
                    let compiled = grammars
                        .entry(g.clone())
                        .or_insert_with(|| load_grammar(dir, g, paths))
                        .clone();
                    match compiled {
                        Ok(gr) if gr.has_rule(s) => {
                            e.parses = Some(ParsesExpect {
                                expect: *b,
                                grammar: gr,
                                path: g.clone(),
                                start: s.clone(),
                            });
                        }
                        Ok(_) => errs.at(*soff, format!("the grammar {g} has no rule named `{s}`")),
                        Err(m) => errs.at(*goff, m),
                    }
                }
                _ => errs.at(
                    v.span().start,
                    "`parses` needs `grammar` (an ABNF file, relative to this file) and `start` (its rule)".into(),
                ),
            },
            other => errs.at(
                v.span().start,
                format!("`parses` must be true or false, not {}", type_name(other)),
            ),
        }
    } else {
        for (name, f) in [("grammar", &grammar), ("start", &start)] {
            if let Some((_, off)) = f {
                errs.at(*off, format!("`{name}` goes with `parses`"));
            }
        }
    }
    let note = string("note", errs).map(|n| n.0);
    // The rest of the case's view: its layers and how `equivalent` compares.
    for name in ["namespaces", "ignore_dollar"] {
        let Some(v) = get(name) else { continue };
        match v.get_ref() {
            DeValue::Boolean(b) if name == "namespaces" => e.namespaces = Some(*b),
            DeValue::Boolean(b) => e.compare.ignore_dollar = *b,
            other => errs.at(
                v.span().start,
                format!("`{name}` must be true or false, not {}", type_name(other)),
            ),
        }
    }
    if let Some((o, off)) = string("objective", errs) {
        match o.as_str() {
            "names" => e.compare.objective = Objective::Names,
            "cache" => e.compare.objective = Objective::Cache,
            _ => errs.at(off, format!("`objective` is `names` or `cache`, not `{o}`")),
        }
    }
    for name in ["a_form", "b_form"] {
        let Some((f, off)) = string(name, errs) else {
            continue;
        };
        let form = match f.as_str() {
            "as-is" => SideForm::AsIs,
            "iri" => SideForm::IriNormal,
            "uri" => SideForm::UriNormal,
            _ => {
                errs.at(
                    off,
                    format!("`{name}` is `as-is`, `iri` or `uri`, not `{f}`"),
                );
                continue;
            }
        };
        if name == "a_form" {
            e.compare.a_form = form;
        } else {
            e.compare.b_form = form;
        }
    }
    if e.is_empty() && errs.list.len() + errs.more == before {
        errs.at(
            header,
            "a case expects nothing: give valid, error, error_at, components, forms, equivalent, not_equivalent, target or parses".into(),
        );
    }
    if errs.list.len() + errs.more != before {
        return None;
    }
    let line = errs.lines.line_col(header).0;
    Some(Case {
        line,
        input: input?.0,
        profile,
        base,
        expect: e,
        note,
    })
}

/// Finds, reads and compiles the grammar a case names: inside `dir` unless `paths` lets
/// it leave ([`super::grammar::resolve`]); a file that does not read as ABNF is reported
/// without its words ([`super::grammar::not_abnf`]). The message names `given`.
fn load_grammar(dir: &Path, given: &str, paths: GrammarPaths) -> Result<Arc<Grammar>, String> {
    let path = grammar::resolve(dir, given, paths).map_err(|e| format!("grammar {given}: {e}"))?;
    grammar::load(&path, given).map(Arc::new)
}

/// Reads the `examples/ids` line format. Entries that only show an identifier expect
/// nothing and are left out; a line that does not read is an error at its column 1.
pub fn parse_ids(text: &str, file: &str) -> Result<Vec<Case>, Vec<LoadError>> {
    let (entries, errors) = idsets::parse_set("cases", text);
    if !errors.is_empty() {
        let n = errors.len();
        let mut list: Vec<LoadError> = errors
            .into_iter()
            .take(MAX_LOAD_ERRORS)
            .map(|(line, message)| LoadError {
                file: file.to_string(),
                line,
                column: 1,
                message,
            })
            .collect();
        if n > MAX_LOAD_ERRORS {
            list.push(LoadError {
                file: file.to_string(),
                line: 0,
                column: 0,
                message: format!("and {} more errors", n - MAX_LOAD_ERRORS),
            });
        }
        return Err(list);
    }
    Ok(entries
        .into_iter()
        .filter_map(|entry| {
            let mut e = Expect::default();
            let mut base = None;
            match entry.expect {
                IdExpect::Show => return None,
                IdExpect::Valid => e.valid = Some(true),
                IdExpect::Invalid(code) => {
                    e.valid = Some(false);
                    e.error = (!code.is_empty()).then_some(code);
                }
                IdExpect::Pair { other, equivalent } => e.equivalent = Some((other, equivalent)),
                IdExpect::Resolves { base: b, target } => {
                    base = Some(b);
                    e.target = Some(target.map_or(TargetExpect::Fails, TargetExpect::Is));
                }
                IdExpect::Diagnostic {
                    severity,
                    code,
                    start,
                    end,
                    spec,
                } => e.diagnostics.push(DiagnosticExpect {
                    severity,
                    code,
                    start,
                    end,
                    spec,
                }),
                IdExpect::Form { form, value } => e.forms.push((form, value)),
            }
            Some(Case {
                line: entry.line,
                input: entry.id,
                profile: entry.profile.map(Some),
                base,
                expect: e,
                note: None,
            })
        })
        .collect())
}
