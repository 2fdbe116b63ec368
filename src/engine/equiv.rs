//! Equivalence: are two identifiers the same under a spec, and where do they part.
//!
//! [`compare`] climbs a ladder of normalization steps, one rung per rule the spec names
//! (RFC 2141 §5, rfc2141bis §5, RFC 8141 §3.1, RFC 3986 §6.2, RFC 3987 §5.3, the WWW
//! draft's encoding levels, XRI Syntax 2.0 §2.5), each rung built from the steps of
//! [`crate::engine::forms`]. The verdict is the last rung's. When the two differ, the
//! first differing component is located in both inputs' trees, with the rule that makes
//! the difference count.
//!
//! What differs from spec to spec (the rungs, the section, the words for where two
//! identifiers part, the compare options that bear on the ladder, how `auto` pairs two
//! profiles of a family) is data in each profile's [`LadderSpec`] ([`spec`]); the code
//! here asks [`ladder_spec`] and never which profile it is. The functions here are the
//! entry points: they take profiles and pass each one's descriptor down to the ladder and
//! to the locating of a difference (the private modules `ladder` and `locate`).

mod ladder;
mod locate;
mod namespace;
#[cfg(test)]
mod tests;
pub mod types;

pub use crate::engine::descriptor::ladder as spec;
pub use spec::{
    AutoPair, CompareOption, CompareOptions, GENERIC_LADDER, LadderSpec, Objective, OptionSpec,
    Rung, SideForm,
};
pub use types::{Difference, Step};

use crate::engine::codes::Code;
use crate::engine::descriptor::Descriptor;
use crate::engine::specs::Profile;
use crate::engine::tree::{Diagnostic, NodeKind, Severity, Span};
use crate::engine::{Analysis, Options, Status, analyze, specs};

/// The ladder of `p`'s spec: the one place that names the profiles ([`GENERIC_LADDER`]
/// for a profile without a ladder of its own).
pub fn ladder_spec(p: Profile) -> &'static LadderSpec {
    p.descriptor().ladder
}

/// The built-in profiles whose ladder uses `option`, in [`Profile::ALL`] order, with the
/// option as each uses it.
pub fn option_users(option: CompareOption) -> impl Iterator<Item = (Profile, &'static OptionSpec)> {
    Profile::ALL
        .into_iter()
        .filter_map(move |p| ladder_spec(p).option(option).map(|s| (p, s)))
}

/// The answer.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The profile compared under (side A's when the sides differ in family).
    pub profile: Profile,
    /// Why that profile: `"given"`, or how `auto` chose it.
    pub profile_reason: String,
    /// Whether the two are equivalent.
    pub equivalent: bool,
    /// The ladder.
    pub steps: Vec<Step>,
    /// Where they part, when they do.
    pub difference: Option<Difference>,
    /// Side A's analysis (under [`Verdict::profile`], or its own `auto` profile when the
    /// families differ).
    pub a: Analysis,
    /// Side B's analysis.
    pub b: Analysis,
    /// What the comparison found about side A beyond its parse (bringing it back from
    /// IRI-normal form, XRI Syntax 2.0 §2.3.3; what a normalization step could not do).
    /// Spans index input A.
    pub a_diagnostics: Vec<Diagnostic>,
    /// The same for side B.
    pub b_diagnostics: Vec<Diagnostic>,
    /// How many times this comparison parsed a text: each side analysed (a side analysed
    /// already under the profile compared is not: [`compare_analyzed`]), each side parsed
    /// again after a rewrite, each normalized side parsed to locate the difference. The
    /// work a test counts (the workbench compares again at every keystroke).
    pub parses: u64,
}

impl Verdict {
    /// True when side A parses without error under the profile compared.
    pub fn a_valid(&self) -> bool {
        self.a.valid()
            && !self
                .a_diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error)
    }

    /// True when side B parses without error under the profile compared.
    pub fn b_valid(&self) -> bool {
        self.b.valid()
            && !self
                .b_diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error)
    }

    /// True when both sides parse: only then is the verdict the spec's answer. (The ladder
    /// is computed anyway, for the workbench, which shows it while the user types.)
    pub fn sides_valid(&self) -> bool {
        self.a_valid() && self.b_valid()
    }

    /// The index of the first step after which the sides are equal, if they become so.
    pub fn equal_from(&self) -> Option<usize> {
        if !self.equivalent {
            return None;
        }
        self.steps.iter().position(|s| s.equal)
    }

    /// The step (index into `steps`) at which the sides part, when they are not equivalent:
    /// the ladder's last, after which they still differ and where the first difference is
    /// located.
    pub fn parted_at(&self) -> Option<usize> {
        if self.equivalent {
            return None;
        }
        self.steps.len().checked_sub(1)
    }

    /// The step that decides the verdict: the one from which the sides are equal, or the
    /// one at which they part.
    pub fn deciding_step(&self) -> Option<&Step> {
        self.equal_from()
            .or(self.parted_at())
            .and_then(|i| self.steps.get(i))
    }

    /// One sentence: the verdict, and the step at which the sides became equal or why they
    /// are not. Holds input text: escape it before it reaches a terminal.
    pub fn summary(&self) -> String {
        let p = self.profile.name();
        let mut s = match (self.equivalent, self.equal_from()) {
            (true, Some(i)) => {
                let st = &self.steps[i];
                format!(
                    "equivalent under {p}: equal from step {} ({}, {})",
                    i + 1,
                    st.name,
                    st.spec
                )
            }
            (true, None) => format!("equivalent under {p}"),
            (false, _) => match &self.difference {
                Some(d) => format!("not equivalent under {p}: {}", d.reason),
                None => format!("not equivalent under {p}"),
            },
        };
        if !self.sides_valid() {
            let which = match (self.a_valid(), self.b_valid()) {
                (false, false) => "neither side parses",
                (false, true) => "side A does not parse",
                _ => "side B does not parse",
            };
            s.push_str(&format!(
                " ({which} under {p}, so this is not the spec's answer)"
            ));
        }
        s
    }
}

/// [`analyze`] for the comparison, counted in `parses` (see [`Verdict::parses`]).
fn analyze_counted(input: &str, opts: &Options, parses: &mut u64) -> Analysis {
    *parses += 1;
    analyze(input, opts)
}

fn options(profile: Option<Profile>, namespace: bool) -> Options {
    Options {
        profile,
        forms: false,
        all_profiles: false,
        namespace,
        scheme_spec: namespace,
        equivalence_key: false,
    }
}

fn accepts(profile: Profile, input: &str, parses: &mut u64) -> bool {
    *parses += 1;
    !specs::parse_verdict(profile, input)
        .1
        .iter()
        .any(|d| d.severity == Severity::Error)
}

/// The profile `auto` compares two sides of one family under, and why: as side A's
/// ladder spec says ([`AutoPair`]).
fn auto_profile(
    a: &str,
    b: &str,
    (pa, pb): (Profile, Profile),
    parses: &mut u64,
) -> (Profile, String) {
    if pa == pb {
        return (pa, format!("auto: both sides read as {pa}"));
    }
    let order = Profile::auto_order(pa.family());
    match ladder_spec(pa).auto_pair {
        AutoPair::FirstAcceptingBoth => {
            let family = pa.family().noun();
            for &p in order {
                if accepts(p, a, parses) && accepts(p, b, parses) {
                    return (
                        p,
                        format!(
                            "auto: A reads as {pa} and B as {pb}; {p} is the newest {family} spec \
                             that accepts both"
                        ),
                    );
                }
            }
            let older = if pa.auto_rank() >= pb.auto_rank() {
                pa
            } else {
                pb
            };
            (
                older,
                format!(
                    "auto: A reads as {pa} and B as {pb}, and no {family} spec accepts both; \
                     compared under {older}, the older of the two, which accepts at least one side"
                ),
            )
        }
        AutoPair::Widest { why } => {
            let p = order.last().copied().unwrap_or(pa);
            (
                p,
                format!(
                    "auto: A reads as {pa} and B as {pb}; {why}, so both are compared under {p}"
                ),
            )
        }
    }
}

/// The verdict when `auto` reads the sides as different families: one step that says so.
fn family_mismatch(aa: Analysis, bb: Analysis) -> Verdict {
    let (fa, fb) = (aa.profile.family(), bb.profile.family());
    let (na, nb) = (fa.with_article(), fb.with_article());
    let scheme_or_root = |an: &Analysis| {
        let root = an.tree.root();
        root.child(NodeKind::Scheme)
            .or_else(|| {
                root.child(NodeKind::AssignedName)
                    .and_then(|a| a.child(NodeKind::Scheme))
            })
            .map(|n| (n.kind(), n.span()))
            .unwrap_or_else(|| {
                let r = an.tree.root();
                (r.kind(), Span::new(0, an.input.len()))
            })
    };
    let (kind, sa) = scheme_or_root(&aa);
    let (_, sb) = scheme_or_root(&bb);
    let reason = format!(
        "A is {na} ({}) and B is {nb} ({}): identifiers of different families never \
         identify the same thing by their syntax, each scheme having its own rules (RFC 3986 §3.1)",
        aa.profile, bb.profile
    );
    Verdict {
        profile: aa.profile,
        profile_reason: format!(
            "auto: A reads as {} and B as {}, of different families",
            aa.profile, bb.profile
        ),
        equivalent: false,
        steps: vec![Step {
            name: format!("same family? A is {na}, B is {nb}"),
            spec: "RFC 3986 §3.1",
            a: aa.input.clone(),
            b: bb.input.clone(),
            equal: false,
        }],
        difference: Some(Difference {
            kind,
            a: sa,
            b: sb,
            reason,
        }),
        a: aa,
        b: bb,
        a_diagnostics: Vec::new(),
        b_diagnostics: Vec::new(),
        parses: 0,
    }
}

/// SPEC-NOTES rfc2141bis item 2: where the §5 objective decides the answer, a note on each
/// side's query names both readings.
fn objective_note(
    (d, spec): (&Descriptor, &LadderSpec),
    opts: &CompareOptions,
    (a, aa): (&str, &Analysis),
    (b, bb): (&str, &Analysis),
    equivalent: bool,
    (da, db): (&mut Vec<Diagnostic>, &mut Vec<Diagnostic>),
    parses: &mut u64,
) {
    let (qa, qb) = (aa.tree.find(NodeKind::Query), bb.tree.find(NodeKind::Query));
    if qa.is_none() && qb.is_none() {
        return;
    }
    let other = match opts.objective {
        Objective::Names => Objective::Cache,
        Objective::Cache => Objective::Names,
    };
    let alt = CompareOptions {
        objective: other,
        ..opts.clone()
    };
    let l = ladder::build(d, spec, &alt, (a, &aa.tree), (b, &bb.tree));
    *parses += l.parses;
    let alt_equivalent = l.steps.last().is_some_and(|s| s.equal);
    if alt_equivalent == equivalent {
        return;
    }
    let verdict = |e: bool| if e { "equivalent" } else { "not equivalent" };
    let (this, that) = match opts.objective {
        Objective::Names => (
            "5a (distinguishing named resources: the query is removed)",
            "5b (caching resolution results: the directives are kept, reordered)",
        ),
        Objective::Cache => (
            "5b (caching resolution results: the directives are kept, reordered)",
            "5a (distinguishing named resources: the query is removed)",
        ),
    };
    let would = if alt_equivalent {
        "would be equivalent"
    } else {
        "would not be"
    };
    let message = format!(
        "the objective decides this comparison: under step {this} the two are {}; under step \
         {that} they {would} (draft-ietf-urnbis-rfc2141bis-urn-03 §5; §5.1 says the same of its \
         URN 7)",
        verdict(equivalent),
    );
    for (q, d) in [(qa, da), (qb, db)] {
        if let Some(q) = q {
            d.push(Diagnostic::of(
                Code::ObjectiveDecides,
                q.span(),
                message.clone(),
            ));
        }
    }
}

/// One profile's answer for a pair: how each side fares under it and whether the two are
/// equivalent under it, as [`compare`] with that profile gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileEquivalence {
    /// The profile.
    pub profile: Profile,
    /// Side A under it: valid, invalid with its first error's code (from its parse, then
    /// from the comparison's own diagnostics, such as bringing it back from IRI-normal
    /// form), or not applicable.
    pub a: Status,
    /// Side B under it.
    pub b: Status,
    /// Whether the two are equivalent; `None` where the profile cannot read a side (it is
    /// then not compared). When a side is invalid the ladder still answers, but it is not
    /// the spec's answer (as [`Verdict::sides_valid`] says).
    pub equivalent: Option<bool>,
    /// For an equivalent pair: the step from which the sides are equal (0-based index into
    /// the ladder, the step's name and section).
    pub equal_from: Option<(usize, String, &'static str)>,
    /// For a pair that is not equivalent: where they part, when located.
    pub difference: Option<Difference>,
}

/// The status of one side of `v`: its parse's first error, else the comparison's own.
fn side_status(analysis: &Analysis, extra: &[Diagnostic]) -> Status {
    match analysis
        .first_error()
        .or_else(|| extra.iter().find(|d| d.severity == Severity::Error))
    {
        Some(d) => Status::Invalid(d.code),
        None => Status::Valid,
    }
}

/// Compares `a` and `b` under every profile in [`Profile::ALL`] order (`opts.profile` is
/// ignored; the other options apply): the answers the workbench's profile strip shows in
/// diff mode and a comparison report tabulates. A profile that cannot read a side (a URN
/// profile on a URI) is not compared.
pub fn compare_per_profile(a: &str, b: &str, opts: &CompareOptions) -> Vec<ProfileEquivalence> {
    compare_per_profile_with(a, b, opts, true)
}

/// [`compare_per_profile`] with the namespace layer or without it (as [`compare_with`]).
pub fn compare_per_profile_with(
    a: &str,
    b: &str,
    opts: &CompareOptions,
    namespace: bool,
) -> Vec<ProfileEquivalence> {
    Profile::ALL
        .iter()
        .map(|&p| {
            let (a_applies, b_applies) = (specs::applicable(p, a), specs::applicable(p, b));
            if !(a_applies && b_applies) {
                let status = |applies: bool, input: &str| {
                    if applies {
                        let aa = analyze(input, &options(Some(p), namespace));
                        side_status(&aa, &[])
                    } else {
                        Status::NotApplicable
                    }
                };
                return ProfileEquivalence {
                    profile: p,
                    a: status(a_applies, a),
                    b: status(b_applies, b),
                    equivalent: None,
                    equal_from: None,
                    difference: None,
                };
            }
            let v = compare_with(
                a,
                b,
                &CompareOptions {
                    profile: Some(p),
                    ..opts.clone()
                },
                namespace,
            );
            let equal_from = v
                .equal_from()
                .and_then(|i| v.steps.get(i).map(|s| (i, s.name.clone(), s.spec)));
            ProfileEquivalence {
                profile: p,
                a: side_status(&v.a, &v.a_diagnostics),
                b: side_status(&v.b, &v.b_diagnostics),
                equivalent: Some(v.equivalent),
                equal_from,
                difference: v.difference,
            }
        })
        .collect()
}

/// Compares `a` and `b` under `opts.profile` (or the profile `auto` chooses for the pair).
///
/// Never panics. A side that does not parse still gets its ladder (what the tree holds is
/// normalized, the rest copied); [`Verdict::sides_valid`] says whether the answer counts.
///
/// Under a URN profile the namespace's lexical-equivalence steps follow the URN spec's
/// own rungs (see [`compare_with`]).
pub fn compare(a: &str, b: &str, opts: &CompareOptions) -> Verdict {
    compare_with(a, b, opts, true)
}

/// [`compare`], with the namespace layer or without it (`namespace` false: by the URN
/// spec alone, as `--no-namespace` asks). With it, under a URN profile, when both NSSs
/// follow the syntax of one namespace that states lexical-equivalence steps (uuid: RFC
/// 9562 §4), those steps are rungs after the URN spec's, each citing its document.
pub fn compare_with(a: &str, b: &str, opts: &CompareOptions, namespace: bool) -> Verdict {
    let o = options(opts.profile, namespace);
    let mut v = compare_sides(analyze(a, &o), analyze(b, &o), opts, namespace, None);
    v.parses += 2;
    v
}

/// [`compare`] for two sides already analysed under `opts.profile` (`None`: each side's
/// `auto`), as the workbench holds them: a side's analysis is used as it is when it is
/// under the profile compared (its tree is not made again), so a comparison costs the
/// ladder and the location of the difference, not two more parses. The verdict is the one
/// [`compare_with`] gives on the two inputs, with the namespace layer when both sides
/// were analysed with it ([`Analysis::namespace_layer`]).
pub fn compare_analyzed(aa: &Analysis, bb: &Analysis, opts: &CompareOptions) -> Verdict {
    compare_analyzed_in(aa, bb, opts, None)
}

/// [`compare_analyzed`], keeping each side's climb up the ladder (and its last text's
/// tree) in `kept` between calls: a side whose input, analysis and options are those of
/// the last call is not climbed again, so after an edit of one side only that side's
/// rungs are rewritten. The verdict is the one [`compare_analyzed`] gives (but for
/// [`Verdict::parses`], which counts only what this call parsed).
pub fn compare_analyzed_kept(
    aa: &Analysis,
    bb: &Analysis,
    opts: &CompareOptions,
    kept: &mut KeptClimbs,
) -> Verdict {
    compare_analyzed_in(aa, bb, opts, Some(kept))
}

fn compare_analyzed_in(
    aa: &Analysis,
    bb: &Analysis,
    opts: &CompareOptions,
    kept: Option<&mut KeptClimbs>,
) -> Verdict {
    let namespace = aa.namespace_layer && bb.namespace_layer;
    let mut parses = 0;
    let mut reuse = |an: &Analysis| {
        if opts.profile.is_some_and(|p| p != an.profile) {
            return analyze_counted(&an.input, &options(opts.profile, namespace), &mut parses);
        }
        // What `compare`'s own analysis holds (no forms, no verdicts).
        Analysis {
            input: an.input.clone(),
            profile: an.profile,
            profile_reason: an.profile_reason.clone(),
            tree: an.tree.clone(),
            diagnostics: an.diagnostics.clone(),
            verdicts: Vec::new(),
            forms: None,
            readings: an.readings.clone(),
            readings_omitted: an.readings_omitted,
            namespace_layer: an.namespace_layer,
            namespace: an.namespace.clone(),
            scheme_spec: an.scheme_spec.clone(),
            lab: an.lab.clone(),
        }
    };
    let (ra, rb) = (reuse(aa), reuse(bb));
    let mut v = compare_sides(ra, rb, opts, namespace, kept);
    v.parses += parses;
    v
}

/// Sides longer than this together, in bytes, are compared by
/// [`compare_per_profile_bounded`] under the profile of the verdict only (64 KiB).
pub const PER_PROFILE_MAX: usize = 64 * 1024;

/// [`compare_per_profile`] with its work bounded, for the workbench, which compares again
/// at every keystroke: when the two sides together are longer than [`PER_PROFILE_MAX`]
/// bytes, only `verdict`'s profile is listed (from `verdict`, computed already), the other
/// profiles are not compared, and the second value says so in a sentence for the user.
pub fn compare_per_profile_bounded(
    aa: &Analysis,
    bb: &Analysis,
    verdict: &Verdict,
    opts: &CompareOptions,
) -> (Vec<ProfileEquivalence>, Option<String>) {
    let total = aa.input.len().saturating_add(bb.input.len());
    if total <= PER_PROFILE_MAX {
        let namespace = aa.namespace_layer && bb.namespace_layer;
        return (
            compare_per_profile_with(&aa.input, &bb.input, opts, namespace),
            None,
        );
    }
    let v = verdict;
    let one = ProfileEquivalence {
        profile: v.profile,
        a: side_status(&v.a, &v.a_diagnostics),
        b: side_status(&v.b, &v.b_diagnostics),
        equivalent: Some(v.equivalent),
        equal_from: v
            .equal_from()
            .and_then(|i| v.steps.get(i).map(|s| (i, s.name.clone(), s.spec))),
        difference: v.difference.clone(),
    };
    let note = format!(
        "the other profiles were not compared: the two sides are {total} bytes together, over \
         the {} KiB the workbench compares under every profile at each change (`idbench \
         compare --profile P` compares under any one)",
        PER_PROFILE_MAX / 1024
    );
    (vec![one], Some(note))
}

/// One side's text after every rung of `profile`'s ladder with the default compare
/// options, then (with `namespace`, under a URN profile) after its namespace's rungs when
/// its NSS follows the namespace's syntax with right check digits, with the namespace's
/// name: what [`compare`] compares of that side. For the equivalence key
/// ([`crate::engine::key`]).
pub(crate) fn climbed(
    input: &str,
    tree: &crate::engine::tree::Tree,
    profile: Profile,
    namespace: bool,
) -> (String, Option<&'static str>) {
    let d = profile.descriptor();
    let opts = CompareOptions {
        profile: Some(profile),
        ..CompareOptions::default()
    };
    let last = ladder::climb_one(&d, d.ladder, &opts, (input, tree));
    if namespace
        && profile.offers().namespaces
        && let Some((text, ns)) = namespace::one_side(profile, &last)
    {
        return (text, Some(ns));
    }
    (last, None)
}

/// What a side's kept climb was made from: a climb is used again only for the same.
#[derive(Clone, Debug, PartialEq)]
struct SideKey {
    input: String,
    profile: Profile,
    /// The analysis's layers, which may add to its tree.
    layers: (bool, bool),
    objective: Objective,
    ignore_dollar: bool,
    form: SideForm,
    any_form: bool,
}

#[derive(Clone, Debug)]
struct KeptSide {
    key: SideKey,
    climb: ladder::SideClimb,
    /// The tree of the climb's last text, once a difference was located (set through a
    /// shared borrow: the ladder lends the climbs meanwhile).
    last_tree: std::sync::OnceLock<crate::engine::tree::Tree>,
}

/// Each side's climb up the comparison's ladder, kept by a caller that compares again and
/// again as one side changes (the workbench's diff mode): see [`compare_analyzed_kept`].
/// An engine value; the caller only holds it.
#[derive(Clone, Debug, Default)]
pub struct KeptClimbs {
    sides: [Option<KeptSide>; 2],
    /// Each side's climb before the one in `sides`: a side edited back to what it was (a
    /// character typed and deleted, an undo) takes it again instead of climbing.
    before: [Option<KeptSide>; 2],
    climbs: u64,
}

impl KeptClimbs {
    /// How many sides were climbed (not taken as kept) since the value was made.
    pub fn climbs(&self) -> u64 {
        self.climbs
    }

    /// Climbs each of `sides` (analysed under `profile`) that is not kept: whether each
    /// was kept (then its parses were counted before), for [`KeptClimbs::ladder`].
    fn climb(
        &mut self,
        d: &Descriptor,
        opts: &CompareOptions,
        profile: Profile,
        sides: [&Analysis; 2],
    ) -> [bool; 2] {
        let any = ladder::any_form(opts);
        let mut reused = [false; 2];
        for (i, an) in sides.iter().enumerate() {
            let form = if i == 0 { opts.a_form } else { opts.b_form };
            let key = SideKey {
                input: an.input.clone(),
                profile,
                layers: (an.namespace_layer, an.scheme_spec.is_some()),
                objective: opts.objective,
                ignore_dollar: opts.ignore_dollar,
                form,
                any_form: any,
            };
            if self.sides[i].as_ref().is_some_and(|k| k.key == key) {
                reused[i] = true;
                continue;
            }
            if self.before[i].as_ref().is_some_and(|k| k.key == key) {
                std::mem::swap(&mut self.sides[i], &mut self.before[i]);
                reused[i] = true;
                continue;
            }
            self.climbs += 1;
            let climb = ladder::climb_side(d, d.ladder, opts, (form, any), (&an.input, &an.tree));
            let was = std::mem::take(&mut self.sides[i]);
            // A new input whose last text is the one kept (an edit the rungs normalize
            // away): its tree is that text's.
            let last_tree = was
                .as_ref()
                .filter(|w| w.key.profile == profile && w.climb.last == climb.last)
                .map(|w| w.last_tree.clone())
                .unwrap_or_default();
            self.sides[i] = Some(KeptSide {
                key,
                climb,
                last_tree,
            });
            self.before[i] = was;
        }
        reused
    }

    /// The ladder of the kept climbs, lent (`reused`: which sides [`KeptClimbs::climb`]
    /// found kept, whose parses do not count again).
    fn ladder(&self, opts: &CompareOptions, reused: [bool; 2]) -> Option<ladder::Ladder<'_>> {
        match &self.sides {
            [Some(a), Some(b)] => Some(ladder::join(
                opts,
                &a.climb,
                &b.climb,
                [!reused[0], !reused[1]],
            )),
            _ => None,
        }
    }

    /// The trees of both kept climbs' last texts, parsed under `d` where not kept yet.
    fn last_trees(
        &self,
        d: &Descriptor,
        parses: &mut u64,
    ) -> Option<(&crate::engine::tree::Tree, &crate::engine::tree::Tree)> {
        let [Some(a), Some(b)] = &self.sides else {
            return None;
        };
        let mut tree = |k: &'_ KeptSide| {
            k.last_tree.get_or_init(|| {
                *parses += 1;
                d.grammar.parse_verdict(&k.climb.last).0
            });
        };
        tree(a);
        tree(b);
        Some((a.last_tree.get()?, b.last_tree.get()?))
    }
}

/// The comparison of two analysed sides (each under `opts.profile`, or its own `auto`),
/// with each side's climb taken from `kept` when it holds it.
fn compare_sides(
    aa: Analysis,
    bb: Analysis,
    opts: &CompareOptions,
    namespace: bool,
    kept: Option<&mut KeptClimbs>,
) -> Verdict {
    let (a, b) = (aa.input.clone(), bb.input.clone());
    let (a, b) = (a.as_str(), b.as_str());
    let mut parses = 0;
    let (profile, reason, aa, bb) = match opts.profile {
        Some(p) => (p, "given".to_string(), aa, bb),
        None => {
            if aa.profile.family() != bb.profile.family() {
                return family_mismatch(aa, bb);
            }
            let (p, why) = auto_profile(a, b, (aa.profile, bb.profile), &mut parses);
            let aa = if aa.profile == p {
                aa
            } else {
                analyze_counted(a, &options(Some(p), namespace), &mut parses)
            };
            let bb = if bb.profile == p {
                bb
            } else {
                analyze_counted(b, &options(Some(p), namespace), &mut parses)
            };
            (p, why, aa, bb)
        }
    };
    // Under the lab profile, the descriptor over the lab the sides were analysed with (a
    // rewritten side is parsed again by its grammar).
    let d = match aa.lab.as_ref().or(bb.lab.as_ref()) {
        Some(l) if profile.offers().lab_grammar => {
            crate::engine::specs::DescriptorRef::Made(std::sync::Arc::new(
                crate::engine::specs::lab::over(std::sync::Arc::clone(&l.lab)),
            ))
        }
        _ => profile.descriptor(),
    };
    let spec = d.ladder;
    // A lab's descriptor is made afresh at each call: its climbs are not kept.
    let kept: Option<(&KeptClimbs, [bool; 2])> = kept
        .filter(|_| aa.lab.is_none() && bb.lab.is_none())
        .map(|k| {
            let reused = k.climb(&d, opts, profile, [&aa, &bb]);
            (&*k, reused)
        });
    let ladder = match kept.and_then(|(k, reused)| k.ladder(opts, reused)) {
        Some(l) => l,
        None => ladder::build(&d, spec, opts, (a, &aa.tree), (b, &bb.tree)),
    };
    // The namespace's rungs, after the URN spec's: on the texts of its last rung.
    let ns_steps = if namespace && profile.offers().namespaces {
        let (la, lb) = ladder
            .steps
            .last()
            .map_or((a, b), |s| (s.a.as_str(), s.b.as_str()));
        namespace::steps(profile, la, lb, &mut parses)
    } else {
        Vec::new()
    };
    // The scheme layer's rungs, after the generic ones, when both sides were analysed
    // with the layer (engine::schemes::ladder_steps).
    // Only where the generic ladder itself does scheme-based normalization (RFC 3986
    // §6.2.3): not under the WWW draft or the URL Standard, whose own rules decide.
    let scheme_based = spec.rungs.iter().any(|r| {
        matches!(
            r,
            crate::engine::descriptor::ladder::Rung::SchemeBased { .. }
        )
    });
    let scheme_steps: Vec<types::Step> = if aa.scheme_spec.is_some()
        && bb.scheme_spec.is_some()
        && scheme_based
        && profile.offers().schemes
    {
        let (la, lb) = ladder
            .steps
            .last()
            .map_or((a, b), |s| (s.a.as_str(), s.b.as_str()));
        crate::engine::schemes::ladder_steps(la, lb)
            .into_iter()
            .map(|(name, spec, a, b)| types::Step {
                name: name.to_string(),
                spec,
                equal: a == b,
                a,
                b,
            })
            .collect()
    } else {
        Vec::new()
    };
    let equivalent = ns_steps
        .last()
        .or(scheme_steps.last())
        .or(ladder.steps.last())
        .is_some_and(|s| s.equal);
    let difference = (!equivalent)
        .then(|| {
            let finals = match kept {
                Some((k, _)) if ladder.final_a != ladder.final_b => k.last_trees(&d, &mut parses),
                _ => None,
            };
            locate::locate(&d, spec, opts, &ladder, finals, &mut parses)
        })
        .flatten();
    let ladder::Ladder {
        mut steps,
        a: side_a,
        b: side_b,
        parses: ladder_parses,
        ..
    } = ladder;
    // The diagnostics go into the verdict: a lent side's are copied (a few at most).
    let diags = |s: std::borrow::Cow<'_, ladder::Side>| match s {
        std::borrow::Cow::Owned(s) => s.diags,
        std::borrow::Cow::Borrowed(s) => s.diags.clone(),
    };
    let (mut diags_a, mut diags_b) = (diags(side_a), diags(side_b));
    if spec.uses(CompareOption::Objective) {
        objective_note(
            (&d, spec),
            opts,
            (a, &aa),
            (b, &bb),
            equivalent,
            (&mut diags_a, &mut diags_b),
            &mut parses,
        );
    }
    parses += ladder_parses;
    steps.extend(ns_steps);
    steps.extend(scheme_steps);
    Verdict {
        profile,
        profile_reason: reason,
        equivalent,
        steps,
        difference,
        a: aa,
        b: bb,
        a_diagnostics: diags_a,
        b_diagnostics: diags_b,
        parses,
    }
}
