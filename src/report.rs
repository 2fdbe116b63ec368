//! Reports: the whole analysis of a view as text a person pastes into an issue tracker, a
//! mailing-list post or a slide.
//!
//! Both faces use it: `idbench explain` prints [`render`], and the workbench's share menu
//! copies it. It renders what the engine already holds ([`Analysis`], [`Verdict`],
//! [`Resolution`]); it never re-parses. Every piece of untrusted text goes through
//! [`crate::safe_text`], so control, bidi and invisible characters appear as visible tokens
//! such as `⟨U+202E⟩`.
//!
//! The output grows linearly with the input: a node's text is abbreviated with `…` and its
//! byte count (a deep tree would otherwise repeat the whole input at every level), and the
//! tree's indentation stops growing past [`MAX_INDENT`] levels ([`TEXT_MAX_INDENT`] in plain
//! text) and names the depth instead.

use std::collections::HashSet;
use std::fmt::Write as _;

use unicode_width::UnicodeWidthChar;

use crate::engine::equiv::{CompareOptions, Objective, ProfileEquivalence, SideForm, Verdict};
use crate::engine::resolve::Resolution;
use crate::engine::rules;
use crate::engine::{Analysis, Diagnostic, ProfileVerdict, Status, Tree};
use crate::safe_text::escape;

/// The two report formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReportFormat {
    /// GitHub-flavoured Markdown: tables and fenced blocks that render on common forges.
    #[default]
    Markdown,
    /// Plain text wrapped at [`TEXT_WIDTH`] columns, for mail.
    Text,
}

/// What a report is about: references to values the engine computed.
#[derive(Clone, Copy, Debug)]
pub struct Subject<'a> {
    /// The analysis of the input (side A in a comparison, the reference in a resolution).
    /// Its `verdicts` give every profile's verdict when it was analyzed with
    /// `all_profiles`.
    pub a: &'a Analysis,
    /// Side B's own analysis with every profile's verdict, when there is a comparison and
    /// the caller has it (the comparison's sides are judged under one profile only).
    pub b: Option<&'a Analysis>,
    /// A comparison of `a` with another input.
    pub comparison: Option<&'a Verdict>,
    /// The comparison under every profile ([`crate::engine::equiv::compare_per_profile`]),
    /// when there is a comparison and the caller has it.
    pub per_profile: Option<&'a [ProfileEquivalence]>,
    /// A resolution of `a` (the reference) against a base: the base and the outcome.
    pub resolution: Option<(&'a str, &'a Resolution)>,
    /// The profile asked for (`None` = auto) and the compare options.
    pub options: &'a CompareOptions,
}

/// The column plain-text reports wrap at.
pub const TEXT_WIDTH: usize = 72;

/// Node texts longer than this many characters are abbreviated in the tree.
pub const NODE_TEXT_CHARS: usize = 48;

/// The tree's indentation stops growing at this depth (Markdown).
pub const MAX_INDENT: usize = 24;

/// The tree's indentation stops growing at this depth in plain text, so that at least 48
/// of the [`TEXT_WIDTH`] columns are left for the nodes however deep they are.
pub const TEXT_MAX_INDENT: usize = 12;

/// Renders the report.
pub fn render(s: &Subject, f: ReportFormat) -> String {
    let mut w = Writer::new(f);
    w.title("idbench report");
    let profile = match s.options.profile {
        Some(p) => p.name().to_string(),
        None => format!("auto ({})", s.a.profile.name()),
    };
    w.para(&format!(
        "idbench {} · profile {}",
        env!("CARGO_PKG_VERSION"),
        profile
    ));
    let reopen = reopen_command(
        &s.a.input,
        s.comparison.map(|v| v.b.input.as_str()),
        s.resolution.map(|(b, _)| b),
        s.options,
    );
    match w.f {
        ReportFormat::Markdown => {
            w.para_md(&format!(
                "{} {}",
                w.prose("Reopen this view:"),
                w.code(&reopen)
            ));
        }
        ReportFormat::Text => {
            // Broken only where the shell joins the lines again, so it pastes as is.
            w.para("Reopen this view:");
            w.verbatim(&shell_wrap(&reopen, TEXT_WIDTH));
        }
    }

    w.heading(if s.resolution.is_some() {
        "Input (reference)"
    } else if s.comparison.is_some() {
        "Input A"
    } else {
        "Input"
    });
    analysis(&mut w, s.a);

    if let Some(v) = s.comparison {
        w.heading("Input B");
        match s.b {
            Some(b) => analysis(&mut w, b),
            None => analysis(&mut w, &v.b),
        }
        comparison(&mut w, s, v);
    }
    if let Some((base, r)) = s.resolution {
        resolution(&mut w, s.a, base, r);
    }
    w.finish()
}

fn analysis(w: &mut Writer, a: &Analysis) {
    w.block(&a.input);
    w.para(&format!(
        "{} under {} ({}); {}",
        if a.valid() { "Valid" } else { "Invalid" },
        a.profile.name(),
        a.profile_reason,
        bytes(a.input.len())
    ));
    w.para(&format!("Start rule: {}.", start_rule(a)));
    if !a.verdicts.is_empty() {
        w.subheading("Every profile");
        verdicts(w, &a.verdicts);
    }
    w.subheading("Tree");
    tree(w, &a.tree, &a.input);
    w.subheading("Grammar");
    grammar(w, a);
    w.subheading("Diagnostics");
    findings(w, &a.diagnostics, &a.input);
    readings(w, a);
    if let Some(forms) = &a.forms {
        w.subheading("Forms");
        for (name, value) in forms.rows() {
            w.labelled_block(name, value);
        }
        if !forms.diagnostics.is_empty() {
            w.para("What computing the forms found:");
            findings(w, &forms.diagnostics, &a.input);
        }
    }
}

fn verdicts(w: &mut Writer, vs: &[ProfileVerdict]) {
    let rows: Vec<Vec<Cell>> = vs
        .iter()
        .map(|v| {
            let (verdict, first) = status_words(&v.status);
            vec![
                Cell::Plain(v.profile.name().to_string()),
                Cell::Plain(verdict.to_string()),
                first.map_or(Cell::Plain(String::new()), |c| Cell::Code(c.to_string())),
            ]
        })
        .collect();
    w.table(&["profile", "verdict", "first error"], &rows);
}

/// A profile's verdict in words, and the code of its first error when it rejects.
fn status_words(s: &Status) -> (&'static str, Option<&'static str>) {
    match s {
        Status::Valid => ("valid", None),
        Status::Invalid(code) => ("invalid", Some(code)),
        Status::NotApplicable => ("not applicable", None),
    }
}

/// A side's verdict in one cell: `valid`, `invalid: CODE` or `not applicable`.
fn status_cell(s: &Status) -> String {
    match status_words(s) {
        (words, Some(code)) => format!("{words}: {code}"),
        (words, None) => words.to_string(),
    }
}

/// A node's text for the tree: escaped, abbreviated with `…` and its byte count when long.
fn node_text(text: &str) -> String {
    if text.chars().count() <= NODE_TEXT_CHARS {
        return escape(text).into_owned();
    }
    let head: String = text.chars().take(NODE_TEXT_CHARS / 2).collect();
    let tail_start = text
        .char_indices()
        .rev()
        .nth(NODE_TEXT_CHARS / 4 - 1)
        .map_or(text.len(), |(i, _)| i);
    format!(
        "{}…{} ({})",
        escape(&head),
        escape(&text[tail_start..]),
        bytes(text.len())
    )
}

fn tree(w: &mut Writer, t: &Tree, input: &str) {
    let text = w.f == ReportFormat::Text;
    let cap = if text { TEXT_MAX_INDENT } else { MAX_INDENT };
    let mut lines = String::new();
    for n in t.iter() {
        let depth = n.depth();
        let indent = "  ".repeat(depth.min(cap));
        let deep = if depth > cap {
            format!("[depth {depth}] ")
        } else {
            String::new()
        };
        let attrs: Vec<String> = n
            .attrs()
            .iter()
            .map(|a| {
                let v = if a.value.is_empty() {
                    "(empty)".to_string()
                } else {
                    node_text(&a.value)
                };
                format!("{} = {}", a.key, v)
            })
            .collect();
        let head = format!(
            "{indent}- {deep}{} \"{}\"",
            n.kind().name(),
            node_text(n.text(input))
        );
        let rule = format!(
            "rule {}  bytes {}..{}",
            n.rule(),
            n.span().start,
            n.span().end
        );
        let attrs = (!attrs.is_empty()).then(|| format!("({})", attrs.join(", ")));
        let one = match &attrs {
            Some(a) => format!("{head}  {rule}  {a}"),
            None => format!("{head}  {rule}"),
        };
        if !text || str_width(&one) <= TEXT_WIDTH {
            lines.push_str(&one);
            lines.push('\n');
            continue;
        }
        // In text, a node that does not fit one line gets one line for what it is, one for
        // its rule and bytes, and one for its attributes, each under the node: a wrapped
        // line would split them at any space.
        let _ = writeln!(lines, "{head}\n{indent}    {rule}");
        if let Some(a) = attrs {
            let _ = writeln!(lines, "{indent}    {a}");
        }
    }
    w.preformatted(&lines);
}

fn diagnostics(w: &mut Writer, ds: &[Diagnostic]) {
    if ds.is_empty() {
        w.para("None.");
        return;
    }
    let rows: Vec<Vec<Cell>> = ds
        .iter()
        .map(|d| {
            vec![
                Cell::Plain(d.severity.name().to_string()),
                Cell::Code(d.code.to_string()),
                Cell::Plain(format!("{}..{}", d.span.start, d.span.end)),
                Cell::Plain(match d.repeat_note() {
                    Some(r) => format!("{} ({r})", d.message),
                    None => d.message.clone(),
                }),
                Cell::Plain(d.spec.to_string()),
            ]
        })
        .collect();
    w.table(&["severity", "code", "bytes", "message", "section"], &rows);
}

/// The diagnostics `ds` of `input` as a table, then what each error expected.
fn findings(w: &mut Writer, ds: &[Diagnostic], input: &str) {
    diagnostics(w, ds);
    expectations(w, ds, input);
}

/// `relative-ref, one of URI-reference = URI / relative-ref`: the start rule the input was
/// read as and the production offering it, worded as `idbench parse` words it.
fn start_rule(a: &Analysis) -> String {
    let start = a.start_rule();
    let within = start
        .within
        .and_then(|w| rules::grammar(a.profile).get(w))
        .map(|p| format!(", one of {} = {}", p.name, p.alternatives.join(" / ")))
        .unwrap_or_default();
    format!("{}{within}", start.rule)
}

/// The production of every rule that occurs in the tree, once each, in order of first
/// occurrence: the text as printed, our reading beside it when it differs, and its section.
/// A rule is listed once however often it occurs, so this part is bounded by the size of
/// the grammar, not of the input.
fn grammar(w: &mut Writer, a: &Analysis) {
    let g = rules::grammar(a.profile);
    let mut seen: HashSet<&str> = HashSet::new();
    let mut listed: Vec<&rules::Production> = Vec::new();
    let mut without: Vec<&str> = Vec::new();
    for n in a.tree.iter() {
        let rule = n.rule();
        if rule.is_empty() || !seen.insert(rule) {
            continue;
        }
        match g.get(rule) {
            Some(p) if !listed.iter().any(|q| q.name == p.name) => listed.push(p),
            Some(_) => {}
            None => without.push(rule),
        }
    }
    if listed.is_empty() && without.is_empty() {
        w.para("No rule occurs in the tree.");
        return;
    }
    for p in listed {
        let head = format!(
            "{} {}",
            w.code(p.name),
            w.prose(&format!("({}), as printed:", p.citation()))
        );
        w.para_md(&head);
        w.production(p.printed);
        if let Some(reading) = p.reading {
            w.para("Our reading:");
            w.production(reading);
        }
        if let Some(note) = p.note {
            w.para(note);
        }
    }
    // A tree may name a node by the literal it matched (`"urn"`, `"xri://"`): literals have
    // no production of their own. Any other name without one is said as such.
    let (literals, others): (Vec<&str>, Vec<&str>) =
        without.into_iter().partition(|r| r.starts_with('"'));
    for (names, what) in [
        (
            literals,
            "Literals of the tree, with no production of their own:",
        ),
        (
            others,
            "Rules of the tree without a production in the grammar reference:",
        ),
    ] {
        if names.is_empty() {
            continue;
        }
        let names: Vec<String> = names.iter().map(|r| w.code(r)).collect();
        let text = format!("{} {}{}", w.prose(what), names.join(", "), w.prose("."));
        w.para_md(&text);
    }
}

/// The other readings, when the grammar admits more than one parse of part of the input:
/// each with the productions of both readings, the other reading's subtree, the spec text
/// that decides and a hint. No section when the input has one reading.
fn readings(w: &mut Writer, a: &Analysis) {
    if a.readings.is_empty() && a.readings_omitted == 0 {
        return;
    }
    w.subheading("Readings");
    for r in &a.readings {
        let validity = match (r.taken_valid, r.other_valid) {
            (true, true) => "both readings are valid",
            (false, true) => "only the other reading is valid",
            (true, false) => "only the reading taken is valid",
            (false, false) => "neither reading is valid",
        };
        let head = format!(
            "{}{}{}{}{}{}",
            w.code(r.kind.name()),
            w.prose(&format!(
                " at bytes {}..{}, under {}: idbench reads ",
                r.span.start,
                r.span.end,
                r.profile.name()
            )),
            w.code(r.taken_rule),
            w.prose("; the other reading is "),
            w.code(r.other_rule),
            w.prose(&format!(" ({validity})."))
        );
        w.para_md(&head);
        w.para(&format!("{}.", capitalized(&r.summary)));
        tree(w, &r.tree, &a.input);
        w.para(&format!(
            "Decided by {}: \"{}\"",
            r.decided_by.section, r.decided_by.quote
        ));
        w.para(&format!("Hint: {}.", r.hint));
    }
    if a.readings_omitted > 0 {
        w.para(&format!(
            "{} more places that may read two ways were left unchecked (at most {} readings are recorded).",
            a.readings_omitted,
            crate::engine::readings::MAX_READINGS
        ));
    }
}

/// For every error of `ds` that recorded it, what the grammar would have accepted there and
/// where the parse reached, worded as `idbench parse` words them.
fn expectations(w: &mut Writer, ds: &[Diagnostic], input: &str) {
    for d in ds {
        let expected = rules::expected_text(d, input);
        let reached = d
            .reached
            .filter(|&r| r <= input.len())
            .map(|r| format!("the parse reached byte {r}"));
        let what = match (expected, reached) {
            (Some(e), Some(r)) => format!("{e}; {r}"),
            (Some(e), None) => e,
            (None, Some(r)) => r,
            (None, None) => continue,
        };
        let text = format!(
            "{} {} {}",
            w.prose("Error"),
            w.code(d.code.as_str()),
            w.prose(&format!(
                "at bytes {}..{}: {what}.",
                d.span.start, d.span.end
            ))
        );
        w.para_md(&text);
    }
}

fn comparison(w: &mut Writer, s: &Subject, v: &Verdict) {
    w.heading("Comparison");
    w.para(&format!(
        "Compared under {} ({}). {}.",
        v.profile.name(),
        v.profile_reason,
        capitalized(&v.summary())
    ));
    let options = options_words(s.options);
    if !options.is_empty() {
        w.para(&format!("Options: {}.", options.join(", ")));
    }
    if let Some(per) = s.per_profile {
        w.subheading("Equivalence under every profile");
        every_profile(w, per);
    }
    w.subheading("Ladder");
    let rows: Vec<Vec<Cell>> = v
        .steps
        .iter()
        .enumerate()
        .map(|(i, st)| {
            vec![
                Cell::Plain((i + 1).to_string()),
                Cell::Plain(st.name.clone()),
                Cell::Plain(st.spec.to_string()),
                Cell::Code(st.a.clone()),
                Cell::Code(st.b.clone()),
                Cell::Plain(if st.equal { "yes" } else { "no" }.to_string()),
            ]
        })
        .collect();
    w.table(&["#", "step", "spec", "A", "B", "equal?"], &rows);
    match &v.difference {
        Some(d) => {
            let side = |input: &str, span: crate::engine::Span| {
                let text = input.get(span.start..span.end).unwrap_or("");
                if span.is_empty() {
                    w.prose(&format!("absent (at byte {})", span.start))
                } else {
                    format!(
                        "{} {}",
                        w.code(&node_text(text)),
                        w.prose(&format!("at bytes {}..{}", span.start, span.end))
                    )
                }
            };
            let text = format!(
                "{} {}{} {} {}",
                w.prose(&format!("First difference: {}. In A:", d.kind.name())),
                side(&v.a.input, d.a),
                w.prose("; in B:"),
                side(&v.b.input, d.b),
                w.prose(&format!("({}).", d.reason)),
            );
            w.para_md(&text);
        }
        None if !v.equivalent => w.para("No single differing component was located."),
        None => {}
    }
    for (side, ds) in [("A", &v.a_diagnostics), ("B", &v.b_diagnostics)] {
        if !ds.is_empty() {
            w.para(&format!("What comparing found about {side}:"));
            diagnostics(w, ds);
        }
    }
}

/// The pair under every profile: each side's verdict, whether they are equivalent, and the
/// step from which they are equal or where they part, as `idbench compare --profile P`
/// says it. The engine computed every value ([`crate::engine::equiv::compare_per_profile`]).
fn every_profile(w: &mut Writer, per: &[ProfileEquivalence]) {
    let rows: Vec<Vec<Cell>> = per
        .iter()
        .map(|e| {
            let (equivalent, how) = match e.equivalent {
                None => {
                    let side = match (&e.a, &e.b) {
                        (Status::NotApplicable, Status::NotApplicable) => "either side",
                        (Status::NotApplicable, _) => "A",
                        _ => "B",
                    };
                    (
                        "not compared",
                        format!("{} cannot read {side}", e.profile.name()),
                    )
                }
                Some(true) => (
                    "yes",
                    match &e.equal_from {
                        Some((i, name, spec)) => {
                            format!("equal from step {} ({name}, {spec})", i + 1)
                        }
                        None => String::new(),
                    },
                ),
                Some(false) => (
                    "no",
                    match &e.difference {
                        Some(d) => format!("part at the {}: {}", d.kind.name(), d.reason),
                        None => "no single differing component located".to_string(),
                    },
                ),
            };
            let mut how = how;
            if e.equivalent.is_some() {
                let invalid = match (&e.a, &e.b) {
                    (Status::Valid, Status::Valid) => None,
                    (Status::Valid, _) => Some("B does not parse"),
                    (_, Status::Valid) => Some("A does not parse"),
                    _ => Some("neither side parses"),
                };
                if let Some(why) = invalid {
                    if !how.is_empty() {
                        how.push_str("; ");
                    }
                    how.push_str(&format!("{why}, so this is not the spec's answer"));
                }
            }
            vec![
                Cell::Plain(e.profile.name().to_string()),
                Cell::Plain(status_cell(&e.a)),
                Cell::Plain(status_cell(&e.b)),
                Cell::Plain(equivalent.to_string()),
                Cell::Plain(how),
            ]
        })
        .collect();
    w.table(&["profile", "A", "B", "equivalent?", "how"], &rows);
}

fn resolution(w: &mut Writer, a: &Analysis, base: &str, r: &Resolution) {
    w.heading("Resolution");
    w.labelled_block("base", base);
    w.labelled_block("reference", &a.input);
    match &r.target {
        Some(t) => w.labelled_block("target", t),
        None => {
            let why = match r.first_error() {
                Some(d) => format!("No target: {} ({}, {}).", d.message, d.code, d.spec),
                None => "No target.".to_string(),
            };
            w.para(&why);
        }
    }
    if !r.steps.is_empty() {
        w.subheading("Steps");
        let rows: Vec<Vec<Cell>> = r
            .steps
            .iter()
            .enumerate()
            .map(|(i, st)| {
                vec![
                    Cell::Plain((i + 1).to_string()),
                    Cell::Plain(st.name.clone()),
                    Cell::Code(st.detail.clone()),
                ]
            })
            .collect();
        w.table(&["#", "step", "detail"], &rows);
    }
    if let Some(n) = &r.note {
        w.para(&format!("Note: {n}"));
    }
    if !r.base_diagnostics.is_empty() {
        w.para("Diagnostics of the base (bytes index the base):");
        findings(w, &r.base_diagnostics, base);
    }
    if !r.diagnostics.is_empty() {
        w.para("Diagnostics of the reference and of resolving it (bytes index the reference):");
        findings(w, &r.diagnostics, &a.input);
    }
}

fn options_words(o: &CompareOptions) -> Vec<String> {
    let mut v = Vec::new();
    if o.objective == Objective::Cache {
        v.push("objective cache (rfc2141bis §5b)".to_string());
    }
    if o.ignore_dollar {
        v.push("\"$\" cross-references ignored (XRI Syntax 2.0 §2.5.4)".to_string());
    }
    for (side, form) in [("A", o.a_form), ("B", o.b_form)] {
        let name = match form {
            SideForm::IriNormal => "IRI",
            SideForm::UriNormal => "URI",
            SideForm::AsIs => continue,
        };
        v.push(format!("{side} written in {name}-normal form"));
    }
    v
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn bytes(n: usize) -> String {
    if n == 1 {
        "1 byte".to_string()
    } else {
        format!("{n} bytes")
    }
}

fn side_form_name(f: SideForm) -> Option<&'static str> {
    match f {
        SideForm::AsIs => None,
        SideForm::IriNormal => Some("iri"),
        SideForm::UriNormal => Some("uri"),
    }
}

/// The command line that reopens this view in the workbench, shell-quoted; options left at
/// their defaults are omitted.
///
/// The identifier comes last, after `--`, and the values of `--with` and `--base` are
/// joined to their option (`--with=VALUE`): an identifier or a value that starts with `-`
/// (`--theme=/etc/passwd`) stays an identifier or a value, never becomes an option of the
/// command someone pastes.
pub fn reopen_command(
    a: &str,
    with: Option<&str>,
    base: Option<&str>,
    opts: &CompareOptions,
) -> String {
    let mut parts = vec!["idbench".to_string(), "tui".to_string()];
    if let Some(b) = with {
        parts.push(format!("--with={}", shell_quote(b)));
    }
    if let Some(b) = base {
        parts.push(format!("--base={}", shell_quote(b)));
    }
    if let Some(p) = opts.profile {
        parts.push("--profile".into());
        parts.push(p.name().into());
    }
    if opts.objective == Objective::Cache {
        parts.push("--objective".into());
        parts.push("cache".into());
    }
    if opts.ignore_dollar {
        parts.push("--ignore-dollar".into());
    }
    for (flag, form) in [("--a-form", opts.a_form), ("--b-form", opts.b_form)] {
        if let Some(f) = side_form_name(form) {
            parts.push(flag.into());
            parts.push(f.into());
        }
    }
    parts.push("--".into());
    parts.push(shell_quote(a));
    shell_command(&parts)
}

/// The variable [`shell_quote`] writes a trailing newline as, and [`NEWLINE_PRELUDE`] sets.
pub const NEWLINE_VAR: &str = "idbench_nl";

/// POSIX shell commands that set [`NEWLINE_VAR`] to one newline (a command substitution
/// strips trailing newlines, hence the `.` it then removes); [`shell_command`] puts them in
/// front of a command whose words need it.
pub const NEWLINE_PRELUDE: &str = "idbench_nl=$(printf '\\n.'); idbench_nl=${idbench_nl%.}; ";

/// Quotes `s` as one word for a POSIX shell (it uses only single quotes, `printf` and
/// command substitution) so that it pastes safely and reads back byte for byte.
///
/// Plain text goes in single quotes (`'` itself as `'\''`). A character that must not reach
/// a terminal raw (control, bidi, zero-width, invisible: see
/// [`crate::safe_text::needs_token`]) is written as a command substitution
/// `"$(printf '\ooo…')"`, its UTF-8 bytes as octal escapes, so nothing invisible or
/// line-breaking is pasted; the pieces are adjacent, so the shell joins them into one word.
///
/// Why not ANSI-C quoting (`$'\x01'`): POSIX.1-2024 standardised it, and bash, zsh and ksh
/// read it, but dash 0.5.12 (Debian 12's `/bin/sh`) reads `$'a\001b'` as the literal text
/// `$a\001b`, so a pasted command would silently open another identifier.
///
/// A command substitution drops the newlines that end its output, so a newline is printed
/// together with the character after it. Newlines that end `s` have no such character: they
/// are written as `"$idbench_nl"` ([`NEWLINE_VAR`]), which [`NEWLINE_PRELUDE`] sets
/// ([`shell_command`] and [`reopen_command`] add it when needed). A shell argument cannot
/// hold NUL, so U+0000 cannot be pasted back by any shell (it is written as `\000`, which
/// the shells drop). Written by hand because of these three constraints (no `$'…'`, no
/// raw control character, newlines kept at the end).
pub fn shell_quote(s: &str) -> String {
    let needs = crate::safe_text::needs_token;
    if s.is_empty() {
        return "''".to_string();
    }
    let mut out = String::with_capacity(s.len() + 2);
    let mut rest = s;
    while !rest.is_empty() {
        let plain = rest.find(needs).unwrap_or(rest.len());
        if plain > 0 {
            out.push('\'');
            out.push_str(&rest[..plain].replace('\'', "'\\''"));
            out.push('\'');
            rest = &rest[plain..];
            continue;
        }
        let mut end = rest.find(|c| !needs(c)).unwrap_or(rest.len());
        let mut trailing = 0;
        if rest[..end].ends_with('\n') {
            match rest[end..].chars().next() {
                // Printed with the newline, so the substitution does not end with it.
                Some(next) => end += next.len_utf8(),
                None => {
                    let body = rest.trim_end_matches('\n');
                    trailing = rest.len() - body.len();
                    end = body.len();
                }
            }
        }
        if end > 0 {
            out.push_str("\"$(printf '");
            for b in rest[..end].bytes() {
                let _ = write!(out, "\\{b:03o}");
            }
            out.push_str("')\"");
        }
        for _ in 0..trailing {
            let _ = write!(out, "\"${NEWLINE_VAR}\"");
        }
        rest = &rest[end + trailing..];
    }
    out
}

/// Joins `words` (already quoted) into a command, with [`NEWLINE_PRELUDE`] in front when a
/// word uses [`NEWLINE_VAR`].
pub fn shell_command(words: &[String]) -> String {
    let var = format!("\"${NEWLINE_VAR}\"");
    let line = words.join(" ");
    if words.iter().any(|w| w.contains(&var)) {
        format!("{NEWLINE_PRELUDE}{line}")
    } else {
        line
    }
}

/// Where [`shell_wrap`] may break a command: before a piece, what separates it from the one
/// before.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gap {
    /// Nothing: the pieces must stay on one line.
    None,
    /// A space between words.
    Space,
    /// Inside a single-quoted string.
    Quote,
    /// Between two quoted pieces of one word.
    Join,
}

/// Lays out a command from [`reopen_command`] in lines of at most `width` columns that a
/// POSIX shell reads as the same command: a line ends with a backslash (line continuation,
/// which the shell removes before reading words), after a space between words, between
/// two quoted pieces of a word, or inside a single-quoted string, which is closed before
/// the backslash and opened again on the next line. A piece that cannot be broken (a
/// `"$(printf …)"`) longer than a line is left whole. Continuation lines are not indented:
/// indentation inside a word would split it.
pub fn shell_wrap(cmd: &str, width: usize) -> String {
    let mut pieces: Vec<(String, Gap)> = Vec::new();
    let mut cur = String::new();
    let mut gap = Gap::None;
    let mut chars = cmd.chars().peekable();
    let finish = |cur: &mut String, gap: &mut Gap, pieces: &mut Vec<(String, Gap)>, next: Gap| {
        if !cur.is_empty() {
            pieces.push((std::mem::take(cur), *gap));
            *gap = next;
        } else if next == Gap::Space {
            *gap = Gap::Space;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            ' ' => finish(&mut cur, &mut gap, &mut pieces, Gap::Space),
            '\'' => {
                if cur.ends_with(['\'', '"']) {
                    finish(&mut cur, &mut gap, &mut pieces, Gap::Join);
                }
                cur.push('\'');
                // Each character of the string is a piece, so a line may end after any.
                while let Some(q) = chars.next() {
                    cur.push(q);
                    if q == '\'' {
                        break;
                    }
                    if chars.peek().is_some_and(|&n| n != '\'') {
                        finish(&mut cur, &mut gap, &mut pieces, Gap::Quote);
                    }
                }
            }
            '"' => {
                if cur.ends_with(['\'', '"']) {
                    finish(&mut cur, &mut gap, &mut pieces, Gap::Join);
                }
                cur.push('"');
                for q in chars.by_ref() {
                    cur.push(q);
                    if q == '"' {
                        break;
                    }
                }
            }
            '\\' => {
                cur.push('\\');
                if let Some(q) = chars.next() {
                    cur.push(q);
                }
            }
            c => cur.push(c),
        }
    }
    finish(&mut cur, &mut gap, &mut pieces, Gap::None);
    let mut out = String::with_capacity(cmd.len() + cmd.len() / 32 + 2);
    let mut col = 0;
    for (text, gap) in pieces {
        let (joiner, suffix, prefix) = match gap {
            Gap::None => ("", "", ""),
            Gap::Space => (" ", " \\", ""),
            Gap::Quote => ("", "'\\", "'"),
            Gap::Join => ("", "\\", ""),
        };
        let w = str_width(&text);
        // Two columns are kept for the widest line ending, `'\`.
        if gap != Gap::None && col > 0 && col + joiner.len() + w + 2 > width {
            out.push_str(suffix);
            out.push('\n');
            out.push_str(prefix);
            col = prefix.len();
        } else {
            out.push_str(joiner);
            col += joiner.len();
        }
        out.push_str(&text);
        col += w;
    }
    out
}

/// A table cell: prose, or a value shown as code.
enum Cell {
    Plain(String),
    Code(String),
}

/// Builds a report in one format.
struct Writer {
    f: ReportFormat,
    out: String,
}

impl Writer {
    fn new(f: ReportFormat) -> Self {
        Writer {
            f,
            out: String::new(),
        }
    }

    fn finish(mut self) -> String {
        while self.out.ends_with("\n\n") {
            self.out.pop();
        }
        self.out
    }

    fn title(&mut self, t: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "# {t}\n");
            }
            ReportFormat::Text => {
                let _ = writeln!(self.out, "{}\n{}\n", t.to_uppercase(), "=".repeat(t.len()));
            }
        }
    }

    fn heading(&mut self, t: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "## {t}\n");
            }
            ReportFormat::Text => {
                let _ = writeln!(self.out, "{t}\n{}\n", "-".repeat(t.chars().count()));
            }
        }
    }

    fn subheading(&mut self, t: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "### {t}\n");
            }
            ReportFormat::Text => {
                let _ = writeln!(self.out, "{t}:\n");
            }
        }
    }

    /// A paragraph of prose (which may hold untrusted text: it is escaped here).
    fn para(&mut self, t: &str) {
        let t = escape(t);
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "{}\n", md_prose(&t));
            }
            ReportFormat::Text => {
                self.out.push_str(&wrap(&t, "", ""));
                self.out.push('\n');
            }
        }
    }

    /// A paragraph already composed of [`Writer::prose`] and [`Writer::code`] pieces.
    fn para_md(&mut self, t: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "{t}\n");
            }
            ReportFormat::Text => {
                self.out.push_str(&wrap(t, "", ""));
                self.out.push('\n');
            }
        }
    }

    /// Prose for [`Writer::para_md`]: escaped, and Markdown-escaped in Markdown.
    fn prose(&self, s: &str) -> String {
        let s = escape(s);
        match self.f {
            ReportFormat::Markdown => md_prose(&s),
            ReportFormat::Text => s.into_owned(),
        }
    }

    /// An inline code span for [`Writer::para_md`]; in text, the value itself (escaped).
    fn code(&self, s: &str) -> String {
        let s = escape(s);
        match self.f {
            ReportFormat::Markdown => code_span(&s),
            ReportFormat::Text => s.into_owned(),
        }
    }

    /// A value shown whole in a block of its own.
    fn block(&mut self, s: &str) {
        let s = escape(s);
        match self.f {
            ReportFormat::Markdown => {
                let fence = fence_for(&s);
                let _ = writeln!(self.out, "{fence}text\n{s}\n{fence}\n");
            }
            ReportFormat::Text => {
                self.out.push_str(&wrap(&s, "    ", "    "));
                self.out.push('\n');
            }
        }
    }

    /// Lines shown exactly as given (already safe), followed by a blank line.
    fn verbatim(&mut self, lines: &str) {
        self.out.push_str(lines);
        self.out.push_str("\n\n");
    }

    /// A name and a value shown whole.
    fn labelled_block(&mut self, name: &str, value: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "**{}**\n", md_prose(name));
                self.block(value);
            }
            ReportFormat::Text => {
                let _ = writeln!(self.out, "{name}:");
                self.block(value);
            }
        }
    }

    /// A production of the grammar reference (our own data, possibly several lines): a
    /// fenced block, or lines indented by four columns in text. Each line is escaped alone
    /// so the line breaks stay breaks.
    fn production(&mut self, text: &str) {
        let indent = match self.f {
            ReportFormat::Markdown => "",
            ReportFormat::Text => "    ",
        };
        let lines: String = text
            .lines()
            .map(|l| format!("{indent}{}\n", escape(l)))
            .collect();
        self.preformatted(&lines);
    }

    /// Lines already laid out (the tree): a fenced block, or wrapped lines in text.
    fn preformatted(&mut self, lines: &str) {
        // The lines are built from escaped pieces (see `tree`): escaping them again would
        // turn the line breaks into tokens.
        let lines = lines.trim_end_matches('\n');
        match self.f {
            ReportFormat::Markdown => {
                let fence = fence_for(lines);
                let _ = writeln!(self.out, "{fence}text\n{lines}\n{fence}\n");
            }
            ReportFormat::Text => {
                for l in lines.split('\n') {
                    let lead = l.len() - l.trim_start_matches(' ').len();
                    let first = &l[..lead];
                    let rest = format!("{first}    ");
                    self.out
                        .push_str(&wrap(l.trim_start_matches(' '), first, &rest));
                }
                self.out.push('\n');
            }
        }
    }

    fn table(&mut self, head: &[&str], rows: &[Vec<Cell>]) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "| {} |", head.join(" | "));
                let _ = writeln!(
                    self.out,
                    "|{}",
                    head.iter().map(|_| " --- |").collect::<String>()
                );
                for r in rows {
                    let cells: Vec<String> = r
                        .iter()
                        .map(|c| match c {
                            Cell::Plain(s) => md_prose(&escape(s)),
                            Cell::Code(s) if s.is_empty() => "(empty)".to_string(),
                            Cell::Code(s) => code_span(&escape(s)).replace('|', "\\|"),
                        })
                        .collect();
                    let _ = writeln!(self.out, "| {} |", cells.join(" | "));
                }
                self.out.push('\n');
            }
            ReportFormat::Text => {
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|c| match c {
                                Cell::Plain(s) => escape(s).into_owned(),
                                Cell::Code(s) if s.is_empty() => "(empty)".to_string(),
                                Cell::Code(s) => escape(s).into_owned(),
                            })
                            .collect()
                    })
                    .collect();
                let mut widths: Vec<usize> = head.iter().map(|h| str_width(h)).collect();
                for r in &cells {
                    for (k, c) in r.iter().enumerate() {
                        if let Some(w) = widths.get_mut(k) {
                            *w = (*w).max(str_width(c));
                        }
                    }
                }
                let total = widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1);
                if total <= TEXT_WIDTH {
                    // Aligned columns when they fit.
                    let line = |r: &[String]| {
                        let mut l = String::new();
                        for (k, c) in r.iter().enumerate() {
                            if k > 0 {
                                l.push_str("  ");
                            }
                            l.push_str(c);
                            let pad = widths.get(k).copied().unwrap_or(0) - str_width(c);
                            l.push_str(&" ".repeat(pad));
                        }
                        l.trim_end().to_string()
                    };
                    let head: Vec<String> = head.iter().map(|h| h.to_string()).collect();
                    let _ = writeln!(self.out, "{}", line(&head));
                    for r in &cells {
                        let _ = writeln!(self.out, "{}", line(r));
                    }
                } else {
                    // A record per row: the first column as a label, the others as
                    // `name: value` lines wrapped with a hanging indent. Columns would not
                    // fit 72 columns once a value is long.
                    for r in &cells {
                        for (k, v) in r.iter().enumerate() {
                            if k == 0 {
                                let _ = writeln!(self.out, "* {}: {}", head[0], v);
                            } else if !v.is_empty() {
                                let first = format!("    {}: ", head[k]);
                                self.out.push_str(&wrap(v, &first, "        "));
                            }
                        }
                    }
                }
                self.out.push('\n');
            }
        }
    }
}

/// Escapes text for Markdown prose and table cells: characters that would start emphasis,
/// code, links, HTML or a heading are backslash-escaped; `<` and `>` become entities.
fn md_prose(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '~' | '!' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c => out.push(c),
        }
    }
    out
}

/// The longest run of `ch` in `s`.
fn longest_run(s: &str, ch: char) -> usize {
    let (mut best, mut cur) = (0, 0);
    for c in s.chars() {
        if c == ch {
            cur += 1;
            best = best.max(cur);
        } else {
            cur = 0;
        }
    }
    best
}

/// A code fence longer than any backtick run in `s` (at least three).
fn fence_for(s: &str) -> String {
    "`".repeat((longest_run(s, '`') + 1).max(3))
}

/// An inline code span for `s` (already escaped by safe_text): delimited by more backticks
/// than any run inside it, padded with a space when it starts or ends with a backtick or a
/// space (CommonMark strips one space from each side).
fn code_span(s: &str) -> String {
    let ticks = "`".repeat(longest_run(s, '`') + 1);
    let pad = if s.starts_with(['`', ' ']) || s.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{s}{pad}{ticks}")
}

/// The display width of `c` (0 for none).
fn width(c: char) -> usize {
    UnicodeWidthChar::width(c).unwrap_or(0)
}

/// The display width of `s`.
fn str_width(s: &str) -> usize {
    s.chars().map(width).sum()
}

/// Splits `s` into atoms that wrapping must not break: a safe_text token `⟨U+XXXX⟩` is one
/// atom, every other character its own.
fn atoms(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        if rest.starts_with("⟨U+")
            && let Some(end) = rest.char_indices().take(12).find(|(_, c)| *c == '⟩')
        {
            let len = end.0 + '⟩'.len_utf8();
            out.push(&rest[..len]);
            i += len;
            continue;
        }
        let c_len = rest.chars().next().map_or(1, char::len_utf8);
        out.push(&rest[..c_len]);
        i += c_len;
    }
    out
}

/// Wraps `s` (already safe) at [`TEXT_WIDTH`] columns: at spaces when a word fits, inside a
/// word otherwise (identifiers are long words). `first` starts the first line, `rest` each
/// following one. Ends with a newline. Written here because the wrapping must keep
/// safe_text tokens whole; it is linear in `s`.
fn wrap(s: &str, first: &str, rest: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 64 + 8);
    let mut line = String::from(first);
    let mut col: usize = first.chars().map(width).sum();
    let rest_col: usize = rest.chars().map(width).sum();
    let avail_first = TEXT_WIDTH.saturating_sub(col).max(8);
    let _ = avail_first;
    let mut at_line_start = true;
    for (k, word) in s.split(' ').enumerate() {
        let atoms = atoms(word);
        let wlen: usize = atoms
            .iter()
            .map(|a| a.chars().map(width).sum::<usize>())
            .sum();
        let sep = usize::from(k > 0 && !at_line_start);
        if !at_line_start && col + sep + wlen > TEXT_WIDTH {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
            line.push_str(rest);
            col = rest_col;
            at_line_start = true;
        } else if sep == 1 {
            line.push(' ');
            col += 1;
        }
        for a in atoms {
            let aw: usize = a.chars().map(width).sum();
            if !at_line_start && col + aw > TEXT_WIDTH {
                out.push_str(&line);
                out.push('\n');
                line.clear();
                line.push_str(rest);
                col = rest_col;
            }
            line.push_str(a);
            col += aw;
            at_line_start = false;
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_72_columns_and_tokens_whole() {
        let s = format!("{} {}", "a".repeat(100), "⟨U+202E⟩".repeat(20));
        let w = wrap(&s, "  ", "    ");
        for l in w.lines() {
            assert!(l.chars().map(width).sum::<usize>() <= TEXT_WIDTH, "{l}");
            assert_eq!(l.matches('⟨').count(), l.matches('⟩').count(), "{l}");
        }
        assert_eq!(w.replace(['\n', ' '], ""), s.replace(' ', ""));
    }

    #[test]
    fn code_span_outlasts_backtick_runs() {
        assert_eq!(code_span("a``b"), "```a``b```");
        assert_eq!(code_span("`x"), "`` `x ``");
        assert_eq!(fence_for("x ```` y"), "`````");
    }

    #[test]
    fn node_text_abbreviates_long_text() {
        let t = "x".repeat(10_000);
        let n = node_text(&t);
        assert!(n.contains('…') && n.ends_with("(10000 bytes)"), "{n}");
        assert!(n.chars().count() < 80);
        assert_eq!(node_text("short"), "short");
    }
}
