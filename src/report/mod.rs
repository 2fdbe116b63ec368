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
//!
//! This file holds the content (what a report says); `shell` the shell quoting of the
//! command that reopens a view (written by [`View::to_command_line`]), and `writer` the Markdown and plain-text writer.

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::engine::equiv::{CompareOptions, Objective, ProfileEquivalence, SideForm, Verdict};
use crate::engine::explain::Explanation;
use crate::engine::resolve::Resolution;
use crate::engine::rules;
use crate::engine::{Analysis, Diagnostic, ProfileVerdict, Status, Tree};
use crate::safe_text::escape;
use crate::text_layout::width as str_width;
use crate::view::View;

mod shell;
pub mod standards;
mod writer;

pub use shell::{NEWLINE_PRELUDE, NEWLINE_VAR, shell_command, shell_quote, shell_wrap};
use writer::{Cell, Writer};

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
    /// The view the report is of: its "Reopen this view" command is this view's command
    /// line ([`View::to_command_line`]), so the command reopens what the report says, and
    /// the layers it has off are named at the top.
    pub view: &'a View,
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
    if let Some(badge) = s.view.layers.badge() {
        w.para(&format!(
            "{} (the URN spec answers alone: no namespace grammar, check digits, \
             equivalence steps or canonical form).",
            capitalized(&badge)
        ));
    }
    let reopen = s.view.to_command_line();
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

    if let Some(lines) = summary(s) {
        w.heading("Summary");
        for line in lines {
            w.para(&line);
        }
        w.para("The detail follows: each input, then the comparison and its ladder.");
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
    namespace(w, a);
    if !a.verdicts.is_empty() {
        w.subheading("Every profile");
        verdicts(w, &a.verdicts);
    }
    w.subheading("Tree");
    tree(w, &a.tree, &a.input);
    w.subheading("Grammar");
    grammar(w, a);
    // The list `idbench parse` prints and the workbench's Diagnostics pane shows: the
    // parse's and what computing the forms found, so a note is never reported as "None.".
    w.subheading("Diagnostics");
    findings(w, &a.all_diagnostics(), &a.input);
    readings(w, a);
    if let Some(forms) = &a.forms {
        w.subheading("Forms");
        for (name, value) in forms.rows() {
            w.labelled_block(name, value);
        }
    }
}

/// The namespace layer's verdict beside the URN spec's, and the NID's registration (with
/// its template), when the layer ran.
fn namespace(w: &mut Writer, a: &Analysis) {
    let Some(n) = &a.namespace else {
        return;
    };
    let mut text = format!(
        "Namespace {}: {} (beside the URN verdict above, which it does not change). \
         Registration: {}",
        n.nid,
        n.verdict_words(),
        n.registration_words()
    );
    if let Some(t) = n.registration.entry().and_then(|e| e.template) {
        text.push_str(&format!("; template {t}"));
    }
    text.push('.');
    w.para(&text);
}

/// The step (numbered from 1) from which the sides of `v` are equal, when they are
/// equivalent.
pub fn equal_from(v: &Verdict) -> Option<usize> {
    v.equal_from().map(|i| i + 1)
}

/// The step (numbered from 1) at which the sides of `v` part, when they are not
/// equivalent: the ladder's last step, after which they still differ and where the first
/// difference is located.
pub fn parted_at(v: &Verdict) -> Option<usize> {
    v.parted_at().map(|i| i + 1)
}

/// The verdict of `v` and the step that decides it, in one sentence: `Equivalent under
/// rfc3986 from step 2 (NAME, SPEC).` or `Not equivalent under rfc3986: parted at step 3
/// (NAME, SPEC): REASON.` Holds input text: escape it before it reaches a terminal.
pub fn verdict_sentence(v: &Verdict) -> String {
    let p = v.profile.name();
    let step = |n: usize| {
        v.steps
            .get(n - 1)
            .map(|st| format!(" ({}, {})", st.name, st.spec))
            .unwrap_or_default()
    };
    let mut s = match (equal_from(v), parted_at(v)) {
        (Some(n), _) => format!("Equivalent under {p} from step {n}{}.", step(n)),
        (None, _) if v.equivalent => format!("Equivalent under {p}."),
        (None, Some(n)) => {
            let why = v
                .difference
                .as_ref()
                .map_or("no single differing component was located", |d| {
                    d.reason.as_str()
                });
            format!(
                "Not equivalent under {p}: parted at step {n}{}: {why}.",
                step(n)
            )
        }
        (None, None) => format!("Not equivalent under {p}."),
    };
    if !v.sides_valid() {
        let which = match (v.a_valid(), v.b_valid()) {
            (false, false) => "Neither side parses",
            (false, true) => "Side A does not parse",
            _ => "Side B does not parse",
        };
        s.push_str(&format!(
            " {which} under {p}, so this is not the spec's answer."
        ));
    }
    s
}

/// The summary a comparison report opens with: the verdict and the deciding step, then
/// the verdict under every other profile when the subject has it. `None` without a
/// comparison. Holds input text: escape it before it reaches a terminal.
pub fn summary(s: &Subject) -> Option<Vec<String>> {
    let v = s.comparison?;
    let mut lines = vec![verdict_sentence(v)];
    if let Some(per) = s.per_profile {
        let (mut yes, mut no, mut not) = (Vec::new(), Vec::new(), Vec::new());
        for e in per.iter().filter(|e| e.profile != v.profile) {
            match e.equivalent {
                Some(true) => yes.push(e.profile.name()),
                Some(false) => no.push(e.profile.name()),
                None => not.push(e.profile.name()),
            }
        }
        let parts: Vec<String> = [
            (yes, "equivalent under"),
            (no, "not equivalent under"),
            (not, "not compared under"),
        ]
        .into_iter()
        .filter(|(names, _)| !names.is_empty())
        .map(|(names, what)| format!("{what} {}", names.join(", ")))
        .collect();
        if !parts.is_empty() {
            lines.push(format!("Other profiles: {}.", parts.join("; ")));
        }
    }
    Some(lines)
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
        Status::Invalid(code) => ("invalid", Some(code.as_str())),
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

fn diagnostics(w: &mut Writer, ds: &[Diagnostic], input: &str) {
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
                Cell::Plain(Explanation::of(d, input).message_with_repeats(&d.message)),
                Cell::Plain(d.spec.to_string()),
            ]
        })
        .collect();
    w.table(&["severity", "code", "bytes", "message", "section"], &rows);
}

/// The diagnostics `ds` of `input` as a table, then what each error expected.
fn findings(w: &mut Writer, ds: &[Diagnostic], input: &str) {
    diagnostics(w, ds, input);
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
        let Some(what) = Explanation::of(d, input).grammar() else {
            continue;
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
    for (side, ds, input) in [
        ("A", &v.a_diagnostics, &v.a.input),
        ("B", &v.b_diagnostics, &v.b.input),
    ] {
        if !ds.is_empty() {
            w.para(&format!("What comparing found about {side}:"));
            diagnostics(w, ds, input);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_text_abbreviates_long_text() {
        let t = "x".repeat(10_000);
        let n = node_text(&t);
        assert!(n.contains('…') && n.ends_with("(10000 bytes)"), "{n}");
        assert!(n.chars().count() < 80);
        assert_eq!(node_text("short"), "short");
    }
}
