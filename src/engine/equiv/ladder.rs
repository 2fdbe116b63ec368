//! The rungs of each profile's ladder, built from the normalization steps of
//! [`crate::engine::forms`]: a rung adds rules to the ones before it, and both sides are
//! rewritten from their own text and tree by the union, so every rung is one linear pass.

use std::borrow::Cow;
use std::ops::Range;

use crate::engine::descriptor::Descriptor;
use crate::engine::descriptor::forms::{FormsSpec, Under};
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::forms::make::mailto_domain_case;
use crate::engine::forms::rewrite::{inert_rules, rewrite};
use crate::engine::forms::text::{nfc, uri_to_iri};
use crate::engine::hosts::ace_hosts;
use crate::engine::tree::{Diagnostic, Node, NodeKind, Severity, Span, Tree};
use crate::text_layout::{ceil_char_boundary, floor_char_boundary};

use crate::engine::descriptor::ladder::{CompareOptions, LadderSpec, Objective, Rung, SideForm};

use super::types::Step;

/// Maps byte offsets of a rewritten text back to the text it was made from, through the
/// runs of bytes the rewrite copied unchanged. An offset in replaced text maps to the edge
/// of the replaced region, so a mapped span covers what it came from.
#[derive(Clone, Debug)]
pub(super) struct OffsetMap {
    /// `(start in the new text, start in the old text, length)`, in order.
    runs: Vec<(usize, usize, usize)>,
    old_len: usize,
}

impl OffsetMap {
    /// The map for a rewrite of `old` into `new` that kept a common prefix and suffix (on
    /// character boundaries) and changed what lies between.
    pub(super) fn common_ends(old: &str, new: &str) -> OffsetMap {
        let mut p = 0;
        for (x, y) in old.chars().zip(new.chars()) {
            if x != y {
                break;
            }
            p += x.len_utf8();
        }
        let mut s = 0;
        if let (Some(o), Some(n)) = (old.get(p..), new.get(p..)) {
            for (x, y) in o.chars().rev().zip(n.chars().rev()) {
                if x != y {
                    break;
                }
                s += x.len_utf8();
            }
        }
        OffsetMap {
            runs: vec![(0, 0, p), (new.len() - s, old.len() - s, s)],
            old_len: old.len(),
        }
    }

    /// The map for `old` with the byte ranges `removed` (sorted, disjoint) cut out.
    fn removal(old: &str, removed: &[Range<usize>]) -> OffsetMap {
        let mut runs = Vec::with_capacity(removed.len() + 1);
        let (mut at_old, mut at_new) = (0, 0);
        for r in removed {
            let len = r.start.saturating_sub(at_old);
            runs.push((at_new, at_old, len));
            at_new += len;
            at_old = r.end.max(at_old);
        }
        runs.push((at_new, at_old, old.len().saturating_sub(at_old)));
        OffsetMap {
            runs,
            old_len: old.len(),
        }
    }

    /// Maps offset `pos`; `end` says whether it ends a span (then a position between two
    /// runs maps to the far edge of what was replaced or removed there).
    fn map(&self, pos: usize, end: bool) -> usize {
        let mut prev_old_end = 0;
        for (k, &(ns, os, len)) in self.runs.iter().enumerate() {
            if pos < ns {
                return if end { os } else { prev_old_end };
            }
            if pos <= ns + len {
                let next_starts_here = self.runs.get(k + 1).is_some_and(|&(n2, _, _)| n2 == pos);
                if pos == ns + len && !end && next_starts_here && len > 0 {
                    continue;
                }
                return os + (pos - ns);
            }
            prev_old_end = os + len;
        }
        if end { self.old_len } else { prev_old_end }
    }

    fn map_span(&self, s: Span) -> Span {
        if s.is_empty() {
            return Span::at(self.map(s.start, false).min(self.old_len));
        }
        let start = self.map(s.start, false);
        let end = self.map(s.end, true).max(start);
        Span::new(start.min(self.old_len), end.min(self.old_len))
    }
}

/// One side as the rungs see it: the text they rewrite (the input, or what it became when
/// brought back from another form or stripped of "$" cross-references), its tree, and how
/// to map offsets in that text back to the input.
#[derive(Clone, Debug)]
pub(super) struct Side {
    /// The input as given.
    pub input: String,
    /// The text the rules are applied to.
    pub text: String,
    /// Its tree under the profile.
    pub tree: Tree,
    /// From `text` back to `input`, innermost first.
    maps: Vec<OffsetMap>,
    /// What preparing and normalizing this side found; spans index `input`.
    pub diags: Vec<Diagnostic>,
    /// How many times the side's text was parsed again after a rewrite.
    pub parses: u64,
}

impl Side {
    fn new(input: &str, tree: Tree) -> Side {
        Side {
            input: input.to_string(),
            text: input.to_string(),
            tree,
            maps: Vec::new(),
            diags: Vec::new(),
            parses: 0,
        }
    }

    /// Replaces the text with `text`, made from the current one as `map` says.
    fn replace(&mut self, grammar: &GrammarEntry, text: String, map: OffsetMap) {
        self.parses += 1;
        self.tree = grammar.parse_verdict(&text).0;
        self.text = text;
        self.maps.insert(0, map);
    }

    /// Offset `pos` of `text` as an offset of the input; `end` says it ends something (a
    /// preceding component), so it stays before what was cut out or replaced after it.
    pub fn pos_to_input(&self, pos: usize, end: bool) -> usize {
        let mut p = pos.min(self.text.len());
        for m in &self.maps {
            p = m.map(p, end).min(m.old_len);
        }
        floor_char_boundary(&self.input, p)
    }

    /// A span of `text` as a span of the input, always inside it.
    pub fn to_input(&self, span: Span) -> Span {
        let mut s = Span::new(
            span.start.min(self.text.len()),
            span.end.min(self.text.len()),
        );
        for m in &self.maps {
            s = m.map_span(s);
        }
        let len = self.input.len();
        let s = Span::new(s.start.min(len), s.end.min(len).max(s.start.min(len)));
        Span::new(
            floor_char_boundary(&self.input, s.start),
            ceil_char_boundary(&self.input, s.end),
        )
    }

    /// Records diagnostics whose spans index `text`: what a normalization step could not
    /// do (warnings, and the note that only US-ASCII letters were case-folded); the other
    /// notes of the steps are about the forms, which show them.
    fn note(&mut self, diags: Vec<Diagnostic>) {
        for mut d in diags {
            if d.severity == Severity::Note && d.code != crate::engine::codes::Code::CaseNotFolded {
                continue;
            }
            d.span = self.to_input(d.span);
            if !self
                .diags
                .iter()
                .any(|e| e.code == d.code && e.span == d.span)
            {
                self.diags.push(d);
            }
        }
    }
}

/// The ladder climbed, with both sides as the rungs saw them: owned when climbed for this
/// ladder alone ([`build`]), lent by kept climbs ([`join`]; a side and its last text are
/// tens of kilobytes and a tree, which a keystroke in diff mode would otherwise copy).
pub(super) struct Ladder<'s> {
    /// The rungs.
    pub steps: Vec<Step>,
    /// Side A.
    pub a: Cow<'s, Side>,
    /// Side B.
    pub b: Cow<'s, Side>,
    /// Side A after the last rung.
    pub final_a: Cow<'s, str>,
    /// Side B after the last rung.
    pub final_b: Cow<'s, str>,
    /// The rules of the last rung.
    pub rules: Rewrites,
    /// How many times the sides' texts were parsed again after a rewrite for this ladder
    /// (a kept side's parses were counted by the call that climbed it).
    pub parses: u64,
}

/// One rung as one side climbed it: the side's text after it, and what decides the rung's
/// name or whether it shows when the other side is known.
#[derive(Clone, Debug)]
struct SideStep {
    name: &'static str,
    spec: &'static str,
    text: String,
    kind: StepKind,
}

#[derive(Clone, Copy, Debug)]
enum StepKind {
    /// A rung every comparison shows, named `name`.
    Always,
    /// RFC 3987 §5.3.2.2's rung: whether this side is not in NFC (the name says which).
    NotNfc(bool),
    /// A rung shown when it applies to either side: whether it applies to this one.
    IfEither(bool),
    /// XRI §2.5.2's rung, named after both sides' forms.
    SideForms,
}

/// One side up a ladder, every rung kept: what [`join`] pairs with the other side's climb
/// into the two-sided [`Ladder`]. Each rung rewrites a side from its own text and tree,
/// so a side's climb never reads the other side: a caller comparing again after one side
/// changed climbs only that side ([`super::KeptClimbs`]).
#[derive(Clone, Debug)]
pub(super) struct SideClimb {
    /// The side as the rungs left it.
    pub side: Side,
    steps: Vec<SideStep>,
    /// The text after the last rung.
    pub last: String,
    /// The rules of the last rung.
    pub rules: Rewrites,
}

const SCHEME_RUNG: &str =
    "scheme-based normalization: default port, empty path, \"mailto\" domain case";
const IDN_RUNG: &str = "internationalized host names compared in ACE form (UTS #46 ToASCII)";

/// Climbs the ladder `spec` describes for one side, `a` parsed under the spec `d` as `ta`,
/// written in `form` (`any_form`: either side is written in a form other than as given).
pub(super) fn climb_side(
    d: &Descriptor,
    spec: &LadderSpec,
    opts: &CompareOptions,
    (form, any_form): (SideForm, bool),
    (a, ta): (&str, &Tree),
) -> SideClimb {
    let under = Under::of(d);
    let mut c = SideClimb {
        side: Side::new(a, ta.clone()),
        steps: Vec::new(),
        last: a.to_string(),
        rules: Rewrites::NONE,
    };
    // The last rewrite of the side's text: the side's parse count when it was made (the
    // text changes only with a new parse), the rules that cannot change that text
    // ([`inert_rules`]), its rules with those, and its result. A rung whose rules differ from it only by
    // such rules gives the same text and diagnostics (already noted): no rewrite.
    let mut last_rewrite: Option<(u64, Rewrites, Rewrites, String)> = None;
    // Rewrites the side by the rules so far plus `add`.
    let mut apply = |c: &mut SideClimb, add: Rewrites| {
        c.rules = c.rules | add;
        let inert = match &last_rewrite {
            Some((parses, inert, rules, r)) if *parses == c.side.parses => {
                if *rules == c.rules | *inert {
                    c.last = r.clone();
                    return;
                }
                *inert
            }
            _ => inert_rules(&c.side.text),
        };
        let (r, diags) = rewrite(&c.side.text, under, &c.side.tree, c.rules);
        c.side.note(diags);
        last_rewrite = Some((c.side.parses, inert, c.rules | inert, r.clone()));
        c.last = r;
    };
    let push = |c: &mut SideClimb, name: &'static str, spec: &'static str, kind: StepKind| {
        c.steps.push(SideStep {
            name,
            spec,
            text: c.last.clone(),
            kind,
        });
    };
    for &rung in spec.rungs {
        match rung {
            Rung::FormsSteps => {
                for s in d.forms.steps(opts.objective == Objective::Cache) {
                    apply(&mut c, s.rules);
                    push(&mut c, s.name, s.spec, StepKind::Always);
                }
            }
            Rung::Rewrites { name, spec, rules } => {
                apply(&mut c, rules);
                push(&mut c, name, spec, StepKind::Always);
            }
            Rung::SyntaxBased { name, spec } => {
                apply(&mut c, union_of(d.forms));
                push(&mut c, name, spec, StepKind::Always);
            }
            Rung::NoCharacterNormalization { spec } => {
                push(&mut c, "", spec, StepKind::NotNfc(nfc(a) != a));
            }
            Rung::SchemeBased { spec } => {
                // RFC 3986 §6.2.3 on top of the rules so far, with the "mailto" domain's case.
                apply(&mut c, Rewrites::SCHEME_BASED);
                c.last = mailto_domain_case(&c.last);
                push(&mut c, SCHEME_RUNG, spec, StepKind::Always);
            }
            Rung::IdnHosts => {
                // RFC 3987 §5.3.3: the host of a DNS scheme (and each "mailto" domain)
                // compared in ACE form, after UTS #46 ToASCII. A rung only when it changes
                // a side, so that the ladder of two ASCII-host identifiers stays as it was.
                let ace = ace_hosts(&c.last, &d.grammar);
                let changed = ace.is_some();
                if let Some(x) = ace {
                    c.last = x;
                }
                push(
                    &mut c,
                    IDN_RUNG,
                    "RFC 3987 §5.3.3",
                    StepKind::IfEither(changed),
                );
            }
            Rung::SideForms { spec } => {
                if any_form {
                    if let Some(from_iri) = d.forms.from_iri_normal {
                        back_to_xri_normal(&mut c.side, &d.grammar, from_iri, form);
                    }
                    c.last = c.side.text.clone();
                    push(&mut c, "", spec, StepKind::SideForms);
                }
            }
            Rung::IgnoreDollar { name, spec } => {
                if opts.ignore_dollar {
                    remove_dollar_xrefs(&mut c.side, &d.grammar);
                    apply(&mut c, Rewrites::NONE);
                    push(&mut c, name, spec, StepKind::Always);
                }
            }
            Rung::Serializations {
                name,
                spec,
                exclude_fragments,
            } => {
                let key = if exclude_fragments {
                    "href_no_fragment"
                } else {
                    "href"
                };
                if let Some(v) = c.side.tree.root().attr(key) {
                    c.last = v.to_string();
                }
                push(&mut c, name, spec, StepKind::Always);
            }
            Rung::DollarKept { name, spec } => {
                if !opts.ignore_dollar {
                    let has = has_dollar_xref(&c.side.tree, &c.side.text);
                    push(&mut c, name, spec, StepKind::IfEither(has));
                }
            }
        }
    }
    c
}

/// The two-sided ladder of two sides' climbs (of one ladder under the same options): the
/// steps [`build`] gives, the sides lent; `counted`: whether each side's parses count.
pub(super) fn join<'s>(
    opts: &CompareOptions,
    ca: &'s SideClimb,
    cb: &'s SideClimb,
    counted: [bool; 2],
) -> Ladder<'s> {
    let parses = [(ca, counted[0]), (cb, counted[1])]
        .iter()
        .filter(|(_, c)| *c)
        .map(|(s, _)| s.side.parses)
        .sum();
    Ladder {
        steps: join_steps(opts, ca, cb),
        a: Cow::Borrowed(&ca.side),
        b: Cow::Borrowed(&cb.side),
        final_a: Cow::Borrowed(&ca.last),
        final_b: Cow::Borrowed(&cb.last),
        rules: ca.rules,
        parses,
    }
}

/// The steps of two sides' climbs, paired.
fn join_steps(opts: &CompareOptions, ca: &SideClimb, cb: &SideClimb) -> Vec<Step> {
    let which = |f: SideForm| match f {
        SideForm::AsIs => "as given",
        SideForm::IriNormal => "from IRI-normal form",
        SideForm::UriNormal => "from URI-normal form",
    };
    let mut steps = Vec::with_capacity(ca.steps.len());
    for (x, y) in ca.steps.iter().zip(&cb.steps) {
        let name = match (x.kind, y.kind) {
            (StepKind::NotNfc(na), StepKind::NotNfc(nb)) => match (na, nb) {
                (false, false) => {
                    "character normalization: none applied (both sides are in NFC)".to_string()
                }
                (true, false) | (false, true) => format!(
                    "character normalization: none applied, comparison MUST NOT normalize \
                     (side {} is not in NFC)",
                    if na { "A" } else { "B" }
                ),
                (true, true) => "character normalization: none applied, comparison MUST NOT \
                                 normalize (neither side is in NFC)"
                    .to_string(),
            },
            (StepKind::IfEither(fa), StepKind::IfEither(fb)) => {
                if !(fa || fb) {
                    continue;
                }
                x.name.to_string()
            }
            (StepKind::SideForms, _) => format!(
                "all forms of one XRI are equivalent: back to XRI-normal form (A {}, B {})",
                which(opts.a_form),
                which(opts.b_form)
            ),
            _ => x.name.to_string(),
        };
        steps.push(Step {
            name,
            spec: x.spec,
            a: x.text.clone(),
            b: y.text.clone(),
            equal: x.text == y.text,
        });
    }
    steps
}

/// Whether either side is written in a form other than as given (XRI §2.5.2's rung).
pub(super) fn any_form(opts: &CompareOptions) -> bool {
    opts.a_form != SideForm::AsIs || opts.b_form != SideForm::AsIs
}

/// Climbs the ladder `spec` describes for `a` and `b`, parsed under the spec `d` as `ta`
/// and `tb`.
pub(super) fn build(
    d: &Descriptor,
    spec: &LadderSpec,
    opts: &CompareOptions,
    (a, ta): (&str, &Tree),
    (b, tb): (&str, &Tree),
) -> Ladder<'static> {
    let any = any_form(opts);
    let ca = climb_side(d, spec, opts, (opts.a_form, any), (a, ta));
    let cb = climb_side(d, spec, opts, (opts.b_form, any), (b, tb));
    Ladder {
        steps: join_steps(opts, &ca, &cb),
        parses: ca.side.parses + cb.side.parses,
        rules: ca.rules,
        a: Cow::Owned(ca.side),
        b: Cow::Owned(cb.side),
        final_a: Cow::Owned(ca.last),
        final_b: Cow::Owned(cb.last),
    }
}

/// One side alone up the ladder `spec` describes: the text [`build`] gives as side A's
/// after the last rung when both sides are `a` (every rung rewrites each side from its own
/// text and tree, so a side's climb never reads the other's), without the steps, the
/// second side or the rewrites a later rung replaces (consecutive rule rungs rewrite once,
/// with their union). For the equivalence key.
pub(super) fn climb_one(
    d: &Descriptor,
    spec: &LadderSpec,
    opts: &CompareOptions,
    (a, ta): (&str, &Tree),
) -> String {
    let under = Under::of(d);
    let mut side = Side::new(a, ta.clone());
    let mut rules = Rewrites::NONE;
    let mut cur = a.to_string();
    // A rule rung's rewrite not made yet: the next rule rung makes it again from the
    // side's own text, so only the last of a run of them is made.
    let mut pending = false;
    let settle = |side: &Side, rules: Rewrites, cur: &mut String, pending: &mut bool| {
        if std::mem::take(pending) {
            *cur = rewrite(&side.text, under, &side.tree, rules).0;
        }
    };
    for &rung in spec.rungs {
        match rung {
            Rung::FormsSteps => {
                for s in d.forms.steps(opts.objective == Objective::Cache) {
                    rules = rules | s.rules;
                    pending = true;
                }
            }
            Rung::Rewrites { rules: add, .. } => {
                rules = rules | add;
                pending = true;
            }
            Rung::SyntaxBased { .. } => {
                rules = rules | union_of(d.forms);
                pending = true;
            }
            Rung::NoCharacterNormalization { .. } | Rung::DollarKept { .. } => {}
            Rung::SchemeBased { .. } => {
                rules = rules | Rewrites::SCHEME_BASED;
                pending = true;
                settle(&side, rules, &mut cur, &mut pending);
                cur = mailto_domain_case(&cur);
            }
            Rung::IdnHosts => {
                settle(&side, rules, &mut cur, &mut pending);
                if let Some(x) = ace_hosts(&cur, &d.grammar) {
                    cur = x;
                }
            }
            Rung::SideForms { .. } => {
                if opts.a_form != SideForm::AsIs || opts.b_form != SideForm::AsIs {
                    pending = false;
                    if let Some(from_iri) = d.forms.from_iri_normal {
                        back_to_xri_normal(&mut side, &d.grammar, from_iri, opts.a_form);
                    }
                    cur = side.text.clone();
                }
            }
            Rung::IgnoreDollar { .. } => {
                if opts.ignore_dollar {
                    remove_dollar_xrefs(&mut side, &d.grammar);
                    pending = true;
                }
            }
            Rung::Serializations {
                exclude_fragments, ..
            } => {
                settle(&side, rules, &mut cur, &mut pending);
                let key = if exclude_fragments {
                    "href_no_fragment"
                } else {
                    "href"
                };
                if let Some(v) = side.tree.root().attr(key) {
                    cur = v.to_string();
                }
            }
        }
    }
    settle(&side, rules, &mut cur, &mut pending);
    cur
}

/// The rules of all of a spec's syntax-based steps.
fn union_of(forms: &FormsSpec) -> Rewrites {
    forms
        .steps(false)
        .iter()
        .fold(Rewrites::NONE, |r, s| r | s.rules)
}

/// XRI Syntax 2.0 §2.5.2: brings a side written in IRI- or URI-normal form back to
/// XRI-normal form (§2.3.3 by the spec's `from_iri` ([`FormsSpec::from_iri_normal`]), after
/// RFC 3987 §3.2 for a URI-normal side).
///
/// [`FormsSpec::from_iri_normal`]: crate::engine::descriptor::forms::FormsSpec::from_iri_normal
fn back_to_xri_normal(
    side: &mut Side,
    grammar: &GrammarEntry,
    from_iri: crate::engine::descriptor::forms::FromIriNormal,
    form: SideForm,
) {
    let input = side.input.clone();
    let (text, map, diags) = match form {
        SideForm::AsIs => return,
        SideForm::IriNormal => {
            let (x, d) = from_iri(&input);
            let map = OffsetMap::common_ends(&input, &x);
            (x, map, d)
        }
        SideForm::UriNormal => {
            let mut d = Vec::new();
            let iri = uri_to_iri(&input, 0, &mut d).into_owned();
            let to_input = OffsetMap::common_ends(&input, &iri);
            let (x, d2) = from_iri(&iri);
            d.extend(d2.into_iter().map(|mut e| {
                e.span = to_input.map_span(e.span);
                e
            }));
            (x.clone(), OffsetMap::common_ends(&input, &x), d)
        }
    };
    side.diags.extend(diags);
    side.replace(grammar, text, map);
}

/// True for a cross-reference whose content starts with the GCS "$", after the optional
/// "xri://" (XRI Syntax 2.0 §2.5.4).
pub(super) fn is_dollar_xref(n: Node<'_>, text: &str) -> bool {
    if n.kind() != NodeKind::Xref {
        return false;
    }
    let t = n.text(text).as_bytes();
    let inner = t.get(1..).unwrap_or(&[]);
    let inner = match inner.get(..6) {
        Some(p) if p.eq_ignore_ascii_case(b"xri://") => &inner[6..],
        _ => inner,
    };
    inner.first() == Some(&b'$')
}

/// True for a sub-segment that is a "$" cross-reference (with its delimiter, if any).
fn is_dollar_subsegment(n: Node<'_>, text: &str) -> bool {
    n.kind() == NodeKind::Subsegment
        && n.children().count() == 1
        && n.child(NodeKind::Xref)
            .is_some_and(|x| is_dollar_xref(x, text))
}

fn has_dollar_xref(tree: &Tree, text: &str) -> bool {
    // A "$" cross-reference has a "$" in the text: without one the tree (tens of thousands
    // of nodes on a long input) need not be walked.
    text.as_bytes().contains(&b'$') && tree.iter().any(|n| is_dollar_xref(n, text))
}

/// XRI Syntax 2.0 §2.5.4 with `ignore_dollar`: cuts every "$" cross-reference sub-segment
/// out of the side, at any depth; a segment of nothing else goes with its "/". The first
/// sub-segment of an authority stays (the authority would be gone).
// It lives here, not among the forms rules: §2.5.4 makes "$" cross-references ignorable
// only when comparing, and no normal form drops them.
fn remove_dollar_xrefs(side: &mut Side, grammar: &GrammarEntry) {
    let text = side.text.clone();
    let b = text.as_bytes();
    let mut removed: Vec<Range<usize>> = Vec::new();
    let covered = |removed: &[Range<usize>], at: usize| removed.last().is_some_and(|r| at < r.end);
    for n in side.tree.iter() {
        let s = n.span();
        if covered(&removed, s.start) {
            continue;
        }
        match n.kind() {
            NodeKind::Segment => {
                let subs: Vec<_> = n
                    .children()
                    .filter(|c| c.kind() == NodeKind::Subsegment)
                    .collect();
                if !subs.is_empty() && subs.iter().all(|c| is_dollar_subsegment(*c, &text)) {
                    let from = if s.start > 0 && b.get(s.start - 1) == Some(&b'/') {
                        s.start - 1
                    } else {
                        s.start
                    };
                    removed.push(from..s.end);
                }
            }
            NodeKind::Subsegment if is_dollar_subsegment(n, &text) => {
                let first_of_authority = n.parent().is_some_and(|p| {
                    p.kind() == NodeKind::Authority
                        && p.children()
                            .find(|c| c.kind() == NodeKind::Subsegment)
                            .map(|c| c.index())
                            == Some(n.index())
                });
                if !first_of_authority {
                    removed.push(s.start..s.end);
                }
            }
            _ => {}
        }
    }
    if removed.is_empty() {
        return;
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for r in &removed {
        out.push_str(text.get(at..r.start).unwrap_or(""));
        at = r.end;
    }
    out.push_str(text.get(at..).unwrap_or(""));
    let map = OffsetMap::removal(&text, &removed);
    side.replace(grammar, out, map);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The XRI grammar, as xri2's descriptor holds it.
    const XRI: GrammarEntry = GrammarEntry::Fn(crate::engine::specs::xri::grammar::parse);

    impl Side {
        fn new_parsed(input: &str) -> Side {
            Side::new(input, XRI.parse(input).0)
        }
    }

    #[test]
    fn offset_maps_stay_inside_and_cover_replacements() {
        let m = OffsetMap::common_ends("ab%41cd", "abAcd");
        assert_eq!(m.map_span(Span::new(0, 2)), Span::new(0, 2));
        assert_eq!(m.map_span(Span::new(2, 3)), Span::new(2, 5));
        assert_eq!(m.map_span(Span::new(3, 5)), Span::new(5, 7));
        let r = OffsetMap::removal("a/($x)/b/($y)", &[1..6, 8..13]);
        assert_eq!(r.map_span(Span::new(1, 3)), Span::new(6, 8));
        assert_eq!(r.map_span(Span::new(0, 1)), Span::new(0, 1));
        assert_eq!(r.map_span(Span::at(1)), Span::at(6));
        assert_eq!(r.map(1, true), 1);
        assert_eq!(r.map_span(Span::at(3)), Span::at(13));
        assert_eq!(r.map(3, true), 8);
    }

    #[test]
    fn mailto_domains_lower_case_but_not_triplets() {
        assert_eq!(
            mailto_domain_case("mailto:Joe@Example.COM"),
            "mailto:Joe@example.com"
        );
        assert_eq!(
            mailto_domain_case("mailto:A@B.C,D@E%C3%A9?subject=X"),
            "mailto:A@b.c,D@e%C3%A9?subject=X"
        );
        assert_eq!(mailto_domain_case("http://A@B"), "http://A@B");
    }

    #[test]
    fn dollar_cross_references_are_cut_out() {
        let mut s = Side::new_parsed("xri://@a*($x)/foo*($l*en)/($v)*bar/($w)/c");
        remove_dollar_xrefs(&mut s, &XRI);
        assert_eq!(s.text, "xri://@a/foo/*bar/c");
        let mut s = Side::new_parsed("@($x)*y");
        remove_dollar_xrefs(&mut s, &XRI);
        assert_eq!(s.text, "@($x)*y", "the authority's first sub-segment stays");
        let mut s = Side::new_parsed("xri://@a/b/(+c/($d))");
        remove_dollar_xrefs(&mut s, &XRI);
        assert_eq!(s.text, "xri://@a/b/(+c)");
        assert_eq!(s.to_input(Span::new(11, 15)), Span::new(11, 20));
    }
}
