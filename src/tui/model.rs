//! The workbench's model: the document the panes show, apart from every view.
//!
//! A [`Model`] holds, per input (A, and B in diff mode) and for the base line, the
//! [`Analysis`] of its text; diff mode's [`Comparison`] of A and B; input A's
//! [`Resolved`] resolution against the base; the profile (the one place it is kept:
//! `None` is auto) and the compare options; and the selections that outlive a pane
//! ([`Reads`]: which input the diagnostics list and Details read). It decides when to
//! analyse again (a text or the profile changed) and when to compare again (an input or an
//! option changed), and counts both, so tests can check that a frame never re-analyses. It
//! builds the share report's [`report::Subject`] from what the analyses already hold.
//!
//! The model imports no pane and knows nothing of focus, keys or the frame. The texts are
//! the input lines', which only edit them: [`Model::refresh`] is handed
//! the texts and analyses what changed. The panes read the model ([`Doc`]) and keep only
//! their own view state (selection, scroll, layout caches).

use std::sync::Arc;

use crate::engine::abnf::lab::Lab;
use crate::engine::equiv::{self, CompareOptions, ProfileEquivalence, Verdict};
use crate::engine::resolve::{Resolution, resolve};
use crate::engine::specs::auto_family;
use crate::engine::tree::Tree;
use crate::engine::{Analysis, Options, Profile, analyze, analyze_in};
use crate::report::{self, ReportFormat};
use crate::view::{Layers, Selection, View};

/// The comparison of the two inputs, computed once per change, and the ladder's
/// selection, which outlives it (kept from one comparison to the next).
#[derive(Clone, Debug)]
pub struct Comparison {
    /// Under the chosen profile (or auto).
    pub verdict: Verdict,
    /// The options the comparison ran with.
    pub options: CompareOptions,
    /// Per profile: equivalent or not, `None` where the profile does not apply to both.
    /// On long sides only the verdict's profile (see `per_profile_note`).
    pub per_profile: Vec<ProfileEquivalence>,
    /// Why profiles are missing from `per_profile`, when they are: the sides are too long
    /// to compare under every profile at each change. Shown under the verdict.
    pub per_profile_note: Option<String>,
    /// The selected ladder step (the ladder pane's scroll aside). It starts at the first
    /// step when the pair is compared afresh (diff mode entered, the profile changed, an
    /// example loaded), and is kept when it is compared again after an edit or an option.
    pub list: ListState,
}

impl Comparison {
    /// Compares the inputs of `a` and `b` under `opts` (the verdict shown), and under every
    /// profile that applies to both (the strip's cells).
    pub fn of(a: &Analysis, b: &Analysis, opts: CompareOptions) -> Comparison {
        Comparison::of_kept(a, b, opts, &mut equiv::KeptClimbs::default())
    }

    /// [`Comparison::of`], with each side's climb up the ladder kept in `kept` from one
    /// comparison to the next: after an edit of one side, only that side climbs again.
    pub fn of_kept(
        a: &Analysis,
        b: &Analysis,
        opts: CompareOptions,
        kept: &mut equiv::KeptClimbs,
    ) -> Comparison {
        // The sides' own analyses serve (no parse again), and on long sides the other
        // profiles are not compared at each keystroke (the ladder pane says so).
        let verdict = equiv::compare_analyzed_kept(a, b, &opts, kept);
        let (per_profile, note) = equiv::compare_per_profile_bounded(a, b, &verdict, &opts);
        Comparison {
            verdict,
            options: opts,
            per_profile,
            per_profile_note: note,
            list: ListState::default(),
        }
    }
}

/// Input A resolved as a reference against the base line.
#[derive(Debug, Default)]
pub struct Resolved {
    /// The outcome.
    pub resolution: Resolution,
    /// The profile resolved under: the one chosen, or the base's `auto` profile.
    pub profile: Option<Profile>,
    /// `(base, reference, chosen profile)` it was computed for.
    key: Option<(String, String, Option<Profile>)>,
}

/// Which input the panes that follow one read: 0 (A) or 1 (B).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    /// The input whose diagnostics are listed (diff mode: the last input line focused).
    pub diag: usize,
    /// The input Details shows a selection of.
    pub details: usize,
}

/// The texts the model is refreshed from: the input lines' (A, B, and the base line when
/// it is open).
#[derive(Clone, Copy, Debug)]
pub struct Texts<'a> {
    /// Input A and input B.
    pub sides: [&'a str; 2],
    /// The base line, when open.
    pub base: Option<&'a str>,
}

/// What a [`Model::refresh`] changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Refreshed {
    /// Input A, input B, the base line: analysed again.
    pub analysed: [bool; 3],
    /// The inputs were compared again.
    pub compared: bool,
}

/// The input length above which the model analyses everything twice at the start
/// ([`Model::warm_up`]): below it, a keystroke is far from a frame's time whatever the heap.
const WARM_UP_MIN: usize = 16 * 1024;

/// The document: the analyses, the comparison, the resolution, the profile and options.
#[derive(Debug)]
pub struct Model {
    /// The chosen profile (`None`: auto).
    profile: Option<Profile>,
    /// The analyses of input A and input B (B is read in diff mode only).
    docs: [Analysis; 2],
    /// The analysis of the base line, when open: input A is then a reference resolved
    /// against it.
    base: Option<Analysis>,
    /// Diff mode: A and B are compared.
    diff_mode: bool,
    /// The compare options diff mode uses (its profile is `profile`).
    compare_opts: CompareOptions,
    /// Diff mode's comparison (none until the inputs are compared).
    comparison: Option<Comparison>,
    /// Input A resolved against the base (computed once per change, in `refresh`).
    resolved: Resolved,
    /// Which input the diagnostics and Details read.
    reads: Reads,
    /// An option changed: compare again at the next refresh.
    recompare: bool,
    /// The profile changed or an example was loaded: analyse every input again.
    reanalyze_all: bool,
    /// The URN namespace layer is on (`--no-namespace` and the workbench's toggle turn it
    /// off: the URN spec answers alone).
    namespace: bool,
    /// The URI scheme layer is on (`--no-scheme-spec` and the workbench's toggle turn it
    /// off: the generic spec answers alone).
    scheme_spec: bool,
    /// How many times the inputs have been compared since the start.
    comparisons: u64,
    /// Each side's climb up the comparison's ladder, kept between comparisons (an engine
    /// value: the engine decides when a side must climb again).
    climbs: equiv::KeptClimbs,
    /// How many texts those comparisons parsed ([`crate::engine::equiv::Verdict::parses`]).
    compare_parses: u64,
    /// How many times an input has been analysed since the start.
    analyses: u64,
    /// How many times the resolution has been computed since the start.
    resolutions: u64,
    /// Which of each input's parses its tree shows under the lab profile (0: the first).
    lab_parse: [usize; 2],
    /// The lab trees show the rules only (repetitions and literals folded away).
    lab_fold: bool,
    /// The errors of the lab's grammar file when it last failed to load (the last good
    /// grammar stays in use), one a line, syntax errors first.
    lab_problems: Vec<String>,
    /// A profile the workbench offers beside the built-ins (the grammar lab's), and input
    /// A's verdict under it while another profile is in use.
    offered: Option<(Profile, Offered)>,
    /// The grammar lab's grammar, put in every analysis's options.
    lab: Option<Arc<Lab>>,
    /// The grammar lab's file (`--grammar`), whose grammar [`Model::poll_lab_file`] reads
    /// again when it changes.
    lab_file: Option<crate::tui::lab::LabFile>,
    /// What a presenter's step highlights (the panes dim the rest), if anything.
    highlight: Option<crate::tui::highlight::Highlight>,
    /// The standards comparison of input A (F8), with the analysis count it was made at:
    /// made when asked, again only when A changed.
    standards: Option<(u64, std::sync::Arc<crate::engine::standards::Standards>)>,
    /// The user's cases (`--cases`), each run once when the file is read.
    user_cases: Vec<UserCase>,
    /// The lab's parses of long inputs, made off the keystroke path.
    deferred: crate::tui::worker::Deferred,
}

/// Input A's verdict under the offered profile (the grammar lab's) as the strip shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// It is the profile in use: the analysis's own verdict is its verdict.
    InUse,
    /// Its verdict while another profile is in use.
    Verdict(bool),
    /// Not judged while another profile is in use: input A is longer than [`OFFERED_MAX`].
    TooLong,
}

/// The longest input A judged under the offered profile while another is in use (as diff
/// mode's per-profile comparisons stop at [`crate::engine::equiv::PER_PROFILE_MAX`]).
pub const OFFERED_MAX: usize = crate::engine::equiv::PER_PROFILE_MAX;

/// One of the user's cases, with the outcome of running it.
#[derive(Clone, Debug)]
pub struct UserCase {
    /// The cases file, as given.
    pub file: String,
    /// The case.
    pub case: crate::cases::Case,
    /// What it did not meet (empty: it passes).
    pub failures: Vec<crate::cases::Failure>,
}

impl UserCase {
    /// True when the case passes.
    pub fn passes(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Selection and scroll position of a list (the panes' lists, and the ladder's
/// selection, which the model keeps from one comparison to the next).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListState {
    /// The selected row.
    pub selected: usize,
    /// The first row shown.
    pub offset: usize,
}

impl ListState {
    /// Keeps the selection within `len` rows.
    pub fn clamp(&mut self, len: usize) {
        self.selected = self.selected.min(len.saturating_sub(1));
    }

    /// Moves the selection by `delta` rows within `len`.
    pub fn step(&mut self, delta: isize, len: usize) {
        if len == 0 {
            self.selected = 0;
            return;
        }
        self.selected = self.selected.saturating_add_signed(delta).min(len - 1);
    }

    /// Scrolls so the selection is among the `height` rows shown; returns the first row.
    pub fn scroll(&mut self, len: usize, height: usize) -> usize {
        self.clamp(len);
        if height == 0 {
            return self.offset;
        }
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + height {
            self.offset = self.selected + 1 - height;
        }
        self.offset = self.offset.min(len.saturating_sub(height));
        self.offset
    }

    /// The row at screen line `y` when the rows shown start at line `top` and end before
    /// line `bottom`, if any (a pane gives its area's inside through `row_at`).
    pub fn row_in(&self, top: u16, bottom: u16, y: u16, len: usize) -> Option<usize> {
        if y < top || y >= bottom {
            return None;
        }
        let i = self.offset + usize::from(y - top);
        (i < len).then_some(i)
    }
}

/// What a view reads: the analysis of one input (it derefs to the [`Analysis`]) and the
/// model, for what is not one input's (the comparison, the resolution, the profile).
#[derive(Clone, Copy, Debug)]
pub struct Doc<'a> {
    /// The analysis of the input the pane reads.
    pub analysis: &'a Analysis,
    /// The model.
    pub model: &'a Model,
}

impl std::ops::Deref for Doc<'_> {
    type Target = Analysis;

    fn deref(&self) -> &Analysis {
        self.analysis
    }
}

/// How the workbench analyses: everything (forms, every profile's verdict), under
/// `profile`, with the URN namespace layer when `namespace` and the URI scheme layer when
/// `scheme_spec`; not the equivalence key, which no pane shows (it is a key for joins, and
/// one more ladder climb per keystroke).
fn options(profile: Option<Profile>, namespace: bool, scheme_spec: bool) -> Options {
    Options {
        profile,
        namespace,
        scheme_spec,
        equivalence_key: false,
        ..Options::full()
    }
}

impl Model {
    /// A model on `texts` (B is compared when `diff_mode`), analysed once here.
    pub fn new(
        texts: Texts<'_>,
        diff_mode: bool,
        profile: Option<Profile>,
        compare: CompareOptions,
    ) -> Model {
        let empty = || analyze("", &Options::validate_only(profile));
        let mut m = Model {
            profile,
            docs: [empty(), empty()],
            base: texts.base.map(|_| empty()),
            diff_mode,
            // The profile lives in `profile`; `compare` takes it at each comparison.
            compare_opts: CompareOptions {
                profile: None,
                ..compare
            },
            comparison: None,
            resolved: Resolved::default(),
            reads: Reads::default(),
            recompare: false,
            reanalyze_all: true,
            namespace: true,
            scheme_spec: true,
            comparisons: 0,
            climbs: equiv::KeptClimbs::default(),
            compare_parses: 0,
            analyses: 0,
            resolutions: 0,
            lab_parse: [0; 2],
            lab_fold: false,
            lab_problems: Vec::new(),
            offered: None,
            lab: None,
            lab_file: None,
            highlight: None,
            standards: None,
            user_cases: Vec::new(),
            deferred: crate::tui::worker::Deferred::default(),
        };
        m.refresh(texts);
        m.warm_up(texts);
        m
    }

    /// On a big input, everything analysed once more at the start, the first analyses
    /// dropped: the allocator's first answers to a big analysis are mappings of their own,
    /// which it unmaps when they are freed and serves from the heap from then on, so the
    /// first edit used to pay for the heap's new pages (on the 62 KB nested XRI, 7,000 page
    /// faults and 17 ms more than the edits after it: the slowest keystroke of a session,
    /// 26 to 52 ms against 12 to 20). The start pays it instead. Not for a side the lab's
    /// worker parses (its keystroke is the verdict's, and its first parse is the worker's).
    fn warm_up(&mut self, texts: Texts<'_>) {
        let big = texts
            .sides
            .iter()
            .enumerate()
            .any(|(k, t)| t.len() > WARM_UP_MIN && !self.defers(k, t));
        if big {
            self.reanalyze_all = true;
            self.refresh(texts);
        }
    }

    /// The chosen profile (`None`: auto).
    pub fn profile(&self) -> Option<Profile> {
        self.profile
    }

    /// True in diff mode.
    pub fn diff_mode(&self) -> bool {
        self.diff_mode
    }

    /// True when the base line is open.
    pub fn has_base(&self) -> bool {
        self.base.is_some()
    }

    /// The compare options diff mode uses (the profile field aside: see
    /// [`profile`](Self::profile)).
    pub fn compare_options(&self) -> &CompareOptions {
        &self.compare_opts
    }

    /// How many times an input has been analysed since the start.
    pub fn analyses(&self) -> u64 {
        self.analyses
    }

    /// How many times the two inputs have been compared since the start.
    pub fn comparisons(&self) -> u64 {
        self.comparisons
    }

    /// How many texts the comparisons since the start have parsed (each verdict's
    /// [`crate::engine::equiv::Verdict::parses`]; the per-profile list's own comparisons,
    /// made only on short sides, are not counted).
    pub fn compare_parses(&self) -> u64 {
        self.compare_parses
    }

    /// How many times the resolution has been computed since the start.
    pub fn resolutions(&self) -> u64 {
        self.resolutions
    }

    /// The cached analysis of input `side` (0 or 1).
    pub fn analysis(&self, side: usize) -> &Analysis {
        &self.docs[side.min(1)]
    }

    /// What a view of input `side` (0 or 1) reads: its analysis, and the model.
    pub fn doc(&self, side: usize) -> Doc<'_> {
        Doc {
            analysis: self.analysis(side),
            model: self,
        }
    }

    /// The cached analysis of line `s`: 0, 1, or 2 the base line (input A when there is
    /// none).
    pub fn line_analysis(&self, s: usize) -> &Analysis {
        match (s, self.base.as_ref()) {
            (2, Some(b)) => b,
            _ => self.analysis(s),
        }
    }

    /// Which input the diagnostics list and Details read (outside diff mode the
    /// diagnostics are always input A's).
    pub fn reads(&self) -> Reads {
        Reads {
            diag: if self.diff_mode { self.reads.diag } else { 0 },
            details: self.reads.details,
        }
    }

    /// The diagnostics list reads input `side` (0 or 1) from now on.
    pub fn read_diagnostics_of(&mut self, side: usize) {
        self.reads.diag = side.min(1);
    }

    /// Details reads input `side` (0 or 1) from now on.
    pub fn read_details_of(&mut self, side: usize) {
        self.reads.details = side.min(1);
    }

    /// The comparison shown in diff mode.
    pub fn comparison(&self) -> Option<&Comparison> {
        self.comparison.as_ref().filter(|_| self.diff_mode)
    }

    /// Input A's resolution against the base (the last one computed).
    pub fn resolved(&self) -> &Resolved {
        &self.resolved
    }

    /// Keeps the ladder's selection `list` (the ladder pane moves it; the next comparison
    /// keeps it).
    pub fn keep_step(&mut self, list: ListState) {
        if let Some(c) = &mut self.comparison {
            c.list = list;
        }
    }

    /// Which lines [`refresh`](Self::refresh) would analyse again for `texts`: A, B, the
    /// base line. The views derived from an analysis are let go before it is made again
    /// (on a big input, holding both at once is what sets the peak memory).
    pub fn stale(&self, texts: Texts<'_>) -> [bool; 3] {
        let all = self.reanalyze_all;
        let [a, b] = texts.sides;
        [
            all || a != self.docs[0].input,
            all || b != self.docs[1].input,
            match (texts.base, &self.base) {
                (Some(t), Some(d)) => all || t != d.input,
                _ => false,
            },
        ]
    }

    /// Re-analyses each text that changed (or all, after a profile change), resolves A
    /// against the base, and compares again if needed. Says what it did.
    pub fn refresh(&mut self, texts: Texts<'_>) -> Refreshed {
        let stale = self.stale(texts);
        self.reanalyze_all = false;
        let mut out = Refreshed::default();
        // The parses that landed first: a job given below lands at a later refresh.
        out.analysed[..2].copy_from_slice(&self.land());
        for (k, text) in texts.sides.into_iter().enumerate() {
            if stale[k] {
                if self.defers(k, text) {
                    self.analyze_deferred(k, text);
                } else {
                    self.deferred.settle(k);
                    // The old analysis goes before the new one is made: on a big input,
                    // holding both at once is what sets the peak memory.
                    self.docs[k] = analyze("", &Options::validate_only(self.profile));
                    self.docs[k] = self.analyze(text);
                }
                out.analysed[k] = true;
                self.lab_parse[k] = 0;
                if self.lab_fold {
                    self.show_lab_tree(k);
                }
                if k == 0 {
                    self.judge_offered();
                }
            }
        }
        if let (Some(t), true) = (texts.base, self.base.is_some()) {
            if stale[2] {
                self.base = Some(analyze("", &Options::validate_only(self.profile)));
                let a = self.analyze(t);
                self.base = Some(a);
                out.analysed[2] = true;
            }
            self.resolve(t, texts.sides[0]);
        }
        let changed = out.analysed[0] || out.analysed[1];
        let recompare = std::mem::take(&mut self.recompare);
        if self.diff_mode && (changed || recompare || self.comparison.is_none()) {
            self.compare();
            out.compared = true;
        }
        out
    }

    /// Analyses `text` under the profile, counted.
    fn analyze(&mut self, text: &str) -> Analysis {
        self.analyses += 1;
        analyze_in(
            text,
            &options(self.profile, self.namespace, self.scheme_spec),
            self.lab.as_ref(),
        )
    }

    /// Whether input `side`'s new text `text` is analysed in two steps: the verdict now
    /// (the lab's verdict-only twin), the tree when the worker's parse lands. Under the
    /// lab profile, outside diff mode, for texts longer than the synchronous limit.
    pub fn defers(&self, side: usize, text: &str) -> bool {
        side == 0
            && !self.diff_mode
            && self.profile.is_some_and(|p| p.offers().lab_grammar)
            && self.lab.is_some()
            && self.deferred.quick.is_some()
            && text.len() > self.deferred.sync_max
    }

    /// Input `side`'s verdict now, its tree from the worker: the last full analysis is
    /// kept for its tree (shown as the previous text's) until the parse lands.
    fn analyze_deferred(&mut self, side: usize, text: &str) {
        let (Some(lab), Some(quick)) = (self.lab.clone(), self.deferred.quick.clone()) else {
            return;
        };
        let empty = analyze("", &Options::validate_only(self.profile));
        let old = std::mem::replace(&mut self.docs[side], empty);
        if self.deferred.pending[side].is_none() {
            // The tree shown until the parse lands: the last full analysis's, when it has
            // one (the view built from it stays: it is the same analysis).
            let full = old.lab.as_ref().is_some_and(|l| !l.tree_pending());
            if full {
                self.deferred.shown[side] = Some(old);
            } else {
                self.deferred.tree_gen[side] += 1;
            }
        }
        let opts = options(self.profile, self.namespace, self.scheme_spec);
        // The verdict now; the forms wait for the tree (they are made from it: the
        // engine makes none from a pending tree).
        self.analyses += 1;
        self.docs[side] = analyze_in(text, &opts, Some(&quick));
        if self.docs[side]
            .lab
            .as_ref()
            .is_some_and(|l| !l.tree_pending())
        {
            // The twin's recognizer gave up and the parse decided: the analysis is whole,
            // and nothing is left for the worker.
            self.deferred.settle(side);
            return;
        }
        if self.deferred.worker.is_none() {
            self.deferred.worker = crate::tui::worker::Worker::start();
        }
        let Some(worker) = &self.deferred.worker else {
            // No thread: the parse runs here, as for a short input.
            self.deferred.settle(side);
            self.docs[side] = analyze_in(text, &opts, Some(&lab));
            return;
        };
        let id = self.deferred.next_id;
        self.deferred.next_id += 1;
        self.deferred.pending[side] = Some(id);
        worker.give(crate::tui::worker::Job {
            id,
            side,
            text: text.to_string(),
            options: opts,
            lab,
        });
    }

    /// Takes the worker's parses that are still awaited (older ones are dropped): each
    /// replaces its input's verdict-only analysis. Says which inputs got theirs.
    fn land(&mut self) -> [bool; 2] {
        let mut landed = [false; 2];
        let Some(worker) = &self.deferred.worker else {
            return landed;
        };
        for done in worker.take() {
            let k = done.side.min(1);
            if self.deferred.pending[k] != Some(done.id)
                || done.analysis.input != self.docs[k].input
            {
                continue;
            }
            self.deferred.settle(k);
            self.analyses += 1;
            self.docs[k] = done.analysis;
            self.lab_parse[k] = 0;
            if self.lab_fold {
                self.show_lab_tree(k);
            }
            landed[k] = true;
        }
        landed
    }

    /// A parse is running or waiting off the keystroke path.
    pub fn parsing(&self) -> bool {
        self.deferred.pending.iter().any(Option::is_some)
    }

    /// Whether input `side`'s tree awaits its parse: the tree drawn is then the previous
    /// text's ([`Model::tree_analysis`]), or the root alone when there is none.
    pub fn tree_pending(&self, side: usize) -> bool {
        self.deferred.pending.get(side).is_some_and(Option::is_some)
    }

    /// The analysis input `side`'s tree is drawn from: its own, or while its parse is
    /// awaited, the last full analysis (of the previous text) when there is one.
    pub fn tree_analysis(&self, side: usize) -> &Analysis {
        let side = side.min(1);
        match &self.deferred.shown[side] {
            Some(a) if self.tree_pending(side) => a,
            _ => self.analysis(side),
        }
    }

    /// What the tree of input `side` reads: [`Model::tree_analysis`] and the model.
    pub fn tree_doc(&self, side: usize) -> Doc<'_> {
        Doc {
            analysis: self.tree_analysis(side),
            model: self,
        }
    }

    /// Which input (0: A, 1: B) `a` is the analysis of whose tree is drawn
    /// ([`Model::tree_analysis`]), if any.
    pub fn tree_side_of(&self, a: &Analysis) -> Option<usize> {
        (0..2).find(|&s| std::ptr::eq(self.tree_analysis(s), a))
    }

    /// Moves each time the analysis input `side`'s tree is drawn from changes (a view
    /// built from it is rebuilt then only).
    pub fn tree_generation(&self, side: usize) -> u64 {
        self.deferred.tree_gen.get(side).copied().unwrap_or(0)
    }

    /// Waits for the parses off the keystroke path, at most `limit` (the next refresh
    /// takes them); true when none is left running. For tests and measurements.
    pub fn wait_for_parses(&self, limit: std::time::Duration) -> bool {
        self.deferred
            .worker
            .as_ref()
            .is_none_or(|w| w.wait_idle(limit))
    }

    /// Inputs up to `bytes` long are parsed on the keystroke path (default
    /// [`crate::tui::worker::SYNC_MAX`]); the next refresh analyses every input again.
    pub fn set_sync_max(&mut self, bytes: usize) {
        self.deferred.sync_max = bytes;
        self.reanalyze_all = true;
    }

    /// Resolves `reference` against `base` under the chosen profile (or the base's `auto`
    /// profile), unless that is what was last resolved.
    fn resolve(&mut self, base: &str, reference: &str) {
        let chosen = self.profile;
        if self
            .resolved
            .key
            .as_ref()
            .is_some_and(|(b, r, p)| b == base && r == reference && *p == chosen)
        {
            return;
        }
        let profile = chosen.unwrap_or_else(|| auto_family(base).1);
        self.resolved = Resolved {
            resolution: resolve(base, reference, profile),
            profile: Some(profile),
            key: Some((base.to_string(), reference.to_string(), chosen)),
        };
        self.resolutions += 1;
    }

    /// The compare options with the chosen profile.
    fn options(&self) -> CompareOptions {
        CompareOptions {
            profile: self.profile,
            ..self.compare_opts.clone()
        }
    }

    fn compare(&mut self) {
        self.comparisons += 1;
        let list = self.comparison.as_ref().map(|c| c.list).unwrap_or_default();
        let opts = self.options();
        let mut c = Comparison::of_kept(&self.docs[0], &self.docs[1], opts, &mut self.climbs);
        self.compare_parses += c.verdict.parses;
        c.list = list;
        c.list.clamp(c.verdict.steps.len());
        self.comparison = Some(c);
    }

    /// Analyse every input again at the next refresh (the lab profile's grammar changed).
    pub fn reanalyze(&mut self) {
        self.reanalyze_all = true;
        self.comparison = None;
    }

    /// The URL Standard's reading of input A beside RFC 3986's (the standards view, F8):
    /// compared once per change of A (B, the base line or the profile changing leaves it).
    pub fn standards(&mut self) -> std::sync::Arc<crate::engine::standards::Standards> {
        let n = self.analyses;
        let input = &self.docs[0].input;
        match &mut self.standards {
            Some((at, s)) if *at == n => s.clone(),
            Some((at, s)) if s.input == *input => {
                *at = n;
                s.clone()
            }
            slot => {
                let s = std::sync::Arc::new(crate::engine::standards::compare(input));
                *slot = Some((n, s.clone()));
                s
            }
        }
    }

    /// Reads the cases file at `path` and runs each case once (the examples picker shows
    /// them with how they fared). `Err`: the file's first problem, and how many more.
    pub fn read_cases(
        &mut self,
        path: &std::path::Path,
        grammars: crate::cases::GrammarPaths,
    ) -> Result<(), String> {
        let opts = crate::cases::LoadOptions {
            grammars,
            // The file Ctrl-S `a` fills may start empty.
            allow_empty: true,
        };
        let file = crate::cases::load_with(path, opts).map_err(|errs| {
            let first = errs.first().map(|e| e.to_string()).unwrap_or_default();
            let more = if errs.len() > 1 {
                format!(" (and {} more)", errs.len() - 1)
            } else {
                String::new()
            };
            crate::safe_text::escape(&format!("cases {first}{more}")).into_owned()
        })?;
        let name = path.display().to_string();
        self.user_cases = file
            .cases
            .into_iter()
            .map(|case| UserCase {
                failures: crate::cases::run(&case, None),
                file: name.clone(),
                case,
            })
            .collect();
        Ok(())
    }

    /// The user's cases, run.
    pub fn user_cases(&self) -> &[UserCase] {
        &self.user_cases
    }

    /// Lets the standards comparison go (the view is hidden).
    pub fn drop_standards(&mut self) {
        self.standards = None;
    }

    /// The profile auto reads `input` under (the examples picker asks before it loads one).
    pub fn auto_profile(&self, input: &str) -> Profile {
        crate::engine::first_error(input, None).0
    }

    /// Highlights `h` (a presenter's step): the panes dim what does not belong to it.
    pub fn set_highlight(&mut self, h: Option<crate::tui::highlight::Highlight>) {
        self.highlight = h;
    }

    /// What is highlighted, if anything.
    pub fn highlight(&self) -> Option<&crate::tui::highlight::Highlight> {
        self.highlight.as_ref()
    }

    /// Takes the grammar lab's file and offers its grammar ([`Model::offer`]).
    pub fn open_lab_file(&mut self, file: crate::tui::lab::LabFile) {
        self.offer(file.lab());
        self.lab_file = Some(file);
    }

    /// The grammar lab's file, when the workbench has one.
    pub fn lab_file(&self) -> Option<&crate::tui::lab::LabFile> {
        self.lab_file.as_ref()
    }

    /// Looks at the grammar lab's file and, when its content changed, reads it again:
    /// `None` when nothing changed (or there is no file); `Ok` when the new grammar loaded
    /// (it is offered and every input is analysed again at the next refresh); `Err` with
    /// the message when it does not load (the last good grammar stays). Either way the
    /// file's errors, if any, are the lab's problems.
    pub fn poll_lab_file(&mut self) -> Option<Result<(), String>> {
        let file = self.lab_file.as_mut()?;
        let result = file.poll()?;
        self.lab_problems = file.problems().to_vec();
        if result.is_ok() {
            let lab = file.lab();
            self.offer(lab);
            self.reanalyze();
        }
        Some(result)
    }

    /// Offers the grammar lab's profile beside the built-ins over `lab` (its grammar, put
    /// in every analysis's options from now on): the profile strip gives it a cell and
    /// Ctrl-P's cycle reaches it. Every input is analysed again at the next refresh.
    pub fn offer(&mut self, lab: Arc<Lab>) {
        self.deferred.quick = lab.verdict_only().map(Arc::new);
        self.lab = Some(lab);
        self.offered = Some((Profile::Lab, Offered::InUse));
        self.reanalyze_all = true;
        self.comparison = None;
        self.judge_offered();
    }

    /// The profile offered beside the built-ins, if any, and input A's verdict under it
    /// (`None` while it is the profile in use: the analysis's own verdict is then it).
    pub fn offered(&self) -> Option<(Profile, Offered)> {
        self.offered
    }

    /// Input A's verdict under the offered profile, while another one is in use (the
    /// built-ins' verdicts are the analysis's; the offered one is not among them).
    fn judge_offered(&mut self) {
        let Some((p, _)) = self.offered else {
            return;
        };
        let input = &self.docs[0].input;
        let judged = if self.profile == Some(p) {
            Offered::InUse
        } else if input.len() > OFFERED_MAX {
            // The offered grammar is the user's: its parse may cost far more than the
            // built-ins' per keystroke on a long input, so it is left to the profile in use.
            Offered::TooLong
        } else {
            let opts = Options::validate_only(Some(p));
            Offered::Verdict(analyze_in(input, &opts, self.lab.as_ref()).valid())
        };
        self.offered = Some((p, judged));
    }

    /// Which input (0: A, 1: B) `a` is the analysis of, if it is one of them (not the
    /// base line).
    pub fn side_of(&self, a: &Analysis) -> Option<usize> {
        self.docs.iter().position(|d| std::ptr::eq(d, a))
    }

    /// Input `side`'s parses under the lab profile, as its analysis left them (never
    /// parses); `None` under any other profile.
    pub fn lab_parses(&self, side: usize) -> Option<std::sync::Arc<crate::engine::abnf::Parse>> {
        self.docs.get(side)?.lab.as_ref()?.parse.clone()
    }

    /// Which of input `side`'s parses its tree shows (0: the first).
    pub fn lab_parse(&self, side: usize) -> usize {
        self.lab_parse.get(side).copied().unwrap_or(0)
    }

    /// Shows input `side`'s next parse under the lab profile (after the last, the first
    /// again): its tree replaces the analysis's, taken from the parse already made. Returns
    /// what the status line says.
    pub fn next_parse(&mut self, side: usize) -> String {
        let side = side.min(1);
        let Some(parse) = self.lab_parses(side) else {
            return "one reading: the grammar admits no other parse of this input".into();
        };
        let n = parse.trees.len();
        // Trees left out by the lab's node cap: said in few words, so that the line
        // fits 80 columns.
        let left_out = if crate::engine::abnf::lab::trees_left_out(&parse) {
            "; the rest too large to keep"
        } else {
            ""
        };
        if !parse.valid || n < 2 {
            return format!(
                "{}: no other tree to show{left_out}",
                crate::engine::abnf::lab::count_phrase(parse.count)
            );
        }
        let k = (self.lab_parse[side] + 1) % n;
        let a = &mut self.docs[side];
        if let Some(t) = a
            .lab
            .as_ref()
            .and_then(|l| l.tree(&a.input, k, self.lab_fold))
        {
            a.tree = t;
            self.lab_parse[side] = k;
            self.deferred.tree_gen[side] += 1;
        }
        format!(
            "{}parse {} of {} ({}{left_out})",
            if self.diff_mode {
                ["A: ", "B: "][side]
            } else {
                ""
            },
            self.lab_parse[side] + 1,
            n,
            crate::engine::abnf::lab::count_phrase(parse.count)
        )
    }

    /// The errors of the lab's grammar file when it last failed to load, one a line
    /// (`line:column error[code]: message`, syntax errors first); empty once it loads.
    pub fn lab_problems(&self) -> &[String] {
        &self.lab_problems
    }

    /// Sets what [`Model::lab_problems`] gives.
    pub fn set_lab_problems(&mut self, problems: Vec<String>) {
        self.lab_problems = problems;
    }

    /// Whether the lab trees show the rules only (repetitions and literals folded away).
    pub fn lab_fold(&self) -> bool {
        self.lab_fold
    }

    /// Folds the lab trees to their rules, or unfolds them to every rule, repetition and
    /// literal the parse used (the parse each side shows stays the same). Returns what the
    /// status line says; `None` when no input is under the lab profile.
    pub fn toggle_lab_fold(&mut self) -> Option<String> {
        let sides = if self.diff_mode { 2 } else { 1 };
        if !(0..sides).any(|s| self.lab_parses(s).is_some()) {
            return None;
        }
        self.lab_fold = !self.lab_fold;
        for side in 0..sides {
            self.show_lab_tree(side);
        }
        Some(if self.lab_fold {
            "lab tree folded: rules only (Enter: every repetition and literal again)".into()
        } else {
            "lab tree unfolded: every rule, repetition and literal the parse used".into()
        })
    }

    /// Puts the lab tree of input `side`'s current parse, folded or not, in its analysis.
    fn show_lab_tree(&mut self, side: usize) {
        let k = self.lab_parse(side);
        if let Some(a) = self.docs.get_mut(side)
            && let Some(t) = a
                .lab
                .as_ref()
                .and_then(|l| l.tree(&a.input, k, self.lab_fold))
        {
            a.tree = t;
            self.deferred.tree_gen[side] += 1;
        }
    }

    /// Whether the URN namespace layer is on.
    pub fn namespace(&self) -> bool {
        self.namespace
    }

    /// The layer switches, as a view holds them (what the badge names while one is off).
    pub fn layers(&self) -> Layers {
        Layers {
            namespaces: self.namespace,
            schemes: self.scheme_spec,
        }
    }

    /// Whether the URI scheme layer is on.
    pub fn scheme_spec(&self) -> bool {
        self.scheme_spec
    }

    /// Turns the URI scheme layer on or off: every input is analysed and compared again.
    /// Returns what the status line says.
    pub fn set_scheme_spec(&mut self, on: bool) -> String {
        self.scheme_spec = on;
        self.reanalyze_all = true;
        self.comparison = None;
        if on {
            "URI schemes on: a URI is read by its scheme's spec too (its registry entry,              grammar, checks and normal form, beside the generic verdict)"
                .into()
        } else {
            "URI schemes off: the generic spec answers alone".into()
        }
    }

    /// Turns the URN namespace layer on or off: every input is analysed and compared again
    /// (a comparison takes the layer from its two analyses). Returns what the status line
    /// says.
    pub fn set_namespace(&mut self, on: bool) -> String {
        self.namespace = on;
        self.reanalyze_all = true;
        self.comparison = None;
        if on {
            "URN namespaces on: the NSS is read by its namespace too (its grammar, check \
             digits and equivalence steps, beside the URN spec's verdict)"
                .into()
        } else {
            "URN namespaces off: the URN spec answers alone".into()
        }
    }

    /// Chooses profile `p`: every input is analysed and compared again. Returns what the
    /// status line says.
    pub fn set_profile(&mut self, p: Option<Profile>) -> String {
        self.profile = p;
        self.reanalyze_all = true;
        self.comparison = None;
        match p {
            None => "profile: auto (chosen per input; the reason is under the input)".into(),
            Some(p) => format!("profile: {} ({})", p.name(), p.title()),
        }
    }

    /// The profile after the chosen one (Ctrl-P): auto, then each of `Profile::ALL`, then
    /// the offered one (the grammar lab's), then auto again.
    pub fn next_profile(&self) -> Option<Profile> {
        let offered = self.offered.map(|(p, _)| p);
        let mut cycle = Profile::ALL.iter().copied().chain(offered);
        match self.profile {
            None => cycle.next(),
            Some(p) => cycle.skip_while(|&q| q != p).nth(1),
        }
    }

    /// Profile number `n` (a digit key): 0 is auto, then `Profile::ALL` from 1 (`None`
    /// past the last: auto).
    pub fn numbered_profile(n: usize) -> Option<Profile> {
        n.checked_sub(1).and_then(|i| Profile::ALL.get(i).copied())
    }

    /// The profile the comparison is made under, in diff mode (what a compare option's
    /// message weighs it against).
    pub fn compared_under(&self) -> Option<Profile> {
        self.comparison().map(|c| c.verdict.profile)
    }

    /// The compare options, to change one of them; in diff mode the inputs are compared
    /// again at the next refresh.
    pub fn compare_options_mut(&mut self) -> &mut CompareOptions {
        self.recompare = self.diff_mode;
        &mut self.compare_opts
    }

    /// Enters or leaves diff mode (closing the base line first). Returns true when diff
    /// mode is now on.
    pub fn toggle_diff(&mut self) -> bool {
        self.base = None;
        self.diff_mode = !self.diff_mode;
        if self.diff_mode {
            self.comparison = None;
        } else {
            self.reads.diag = 0;
        }
        self.diff_mode
    }

    /// Opens (true) or closes (false) the base line.
    pub fn toggle_base(&mut self) -> bool {
        if self.base.take().is_some() {
            false
        } else {
            // The empty line's analysis, made here, is not counted as a re-analysis (the
            // next refresh finds it current).
            self.base = Some(analyze(
                "",
                &options(self.profile, self.namespace, self.scheme_spec),
            ));
            true
        }
    }

    /// Loads an example's profile; a pair opens diff mode (and closes the base line, which
    /// works on one input). The texts are the input lines': they are set by the caller.
    pub fn load(&mut self, profile: Option<Profile>, pair: bool) {
        self.profile = profile;
        self.reanalyze_all = true;
        self.comparison = None;
        if pair {
            self.base = None;
        }
        self.diff_mode = pair;
    }

    /// The view the workbench shows, as one value ([`View`]): the texts (B in diff mode,
    /// the base while its line is open), the profile, the layer switches and the compare
    /// options the model holds, and the selection and focus the app gives. Every share
    /// path writes this value (the command line, the report, the case, the deck step).
    pub fn view(
        &self,
        texts: Texts<'_>,
        selection: Option<Selection>,
        focus: Option<String>,
    ) -> View {
        let mut v = View {
            a: texts.sides[0].to_string(),
            b: self.diff_mode.then(|| texts.sides[1].to_string()),
            base: texts
                .base
                .filter(|_| self.base.is_some() && !self.diff_mode)
                .map(str::to_string),
            profile: View::profile_name(self.profile),
            layers: Layers {
                namespaces: self.namespace,
                schemes: self.scheme_spec,
            },
            selection,
            focus,
            ..View::default()
        };
        v.set_compare_options(&self.compare_opts);
        v
    }

    /// The report of `view` (`Some(format)`) or the command that reopens it (`None`): the
    /// same text `idbench explain` prints for the same arguments. `view` is
    /// [`view`](Self::view)'s, so the report's "Reopen this view" command and the analyses
    /// it reports agree (the same layers, options and profile).
    pub fn share_text(&self, view: &View, format: Option<ReportFormat>) -> String {
        let Some(format) = format else {
            return view.to_command_line();
        };
        let opts = self.options();
        let diff = self.comparison();
        let subject = report::Subject {
            view,
            a: &self.docs[0],
            b: self.diff_mode.then_some(&self.docs[1]),
            comparison: diff.map(|d| &d.verdict),
            per_profile: diff.map(|d| &d.per_profile[..]),
            resolution: view.base.as_deref().map(|b| (b, &self.resolved.resolution)),
            options: &opts,
        };
        report::render(&subject, format)
    }
}

/// The preorder index of the node at `path` (child indices from the root) in `tree`, if
/// the tree has such a node.
pub fn node_at(tree: &Tree, path: &[u32]) -> Option<usize> {
    let mut n = tree.get(0)?;
    for &i in path {
        n = n.children().nth(usize::try_from(i).ok()?)?;
    }
    Some(n.index())
}

/// The path of child indices from the root to node `index` of `tree` (empty for the
/// root); `None` when the tree has no such node.
pub fn path_of(tree: &Tree, index: usize) -> Option<Vec<u32>> {
    let mut n = tree.get(index)?;
    let mut path = Vec::with_capacity(n.depth());
    while let Some(p) = n.parent() {
        let k = p.children().position(|c| c.index() == n.index())?;
        path.push(u32::try_from(k).ok()?);
        n = p;
    }
    path.reverse();
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(a: &'a str, b: &'a str) -> Texts<'a> {
        Texts {
            sides: [a, b],
            base: None,
        }
    }

    /// A big input is analysed twice at the start ([`Model::warm_up`]), a small one once;
    /// either is analysed once an edit after that, and the analysis is the text's.
    #[test]
    fn a_big_input_is_analysed_twice_at_the_start() {
        let big = format!("urn:example:{}", "a".repeat(WARM_UP_MIN));
        // Both sides are analysed at the start (the second is empty here).
        for (text, at_start) in [("urn:example:a", 2), (big.as_str(), 4)] {
            let mut m = Model::new(texts(text, ""), false, None, CompareOptions::default());
            assert_eq!(m.analyses(), at_start, "{}", text.len());
            let edited = format!("{text}b");
            m.refresh(texts(&edited, ""));
            assert_eq!(m.analyses(), at_start + 1, "{}", text.len());
            assert_eq!(m.analysis(0).input, edited);
        }
    }

    /// An input is analysed again only when its text (or the profile) changed; a pair is
    /// compared again when an input or an option changed.
    #[test]
    fn analyses_and_comparisons_follow_changes() {
        let t = texts("urn:a:b", "URN:A:b");
        let mut m = Model::new(t, true, None, CompareOptions::default());
        assert_eq!((m.analyses(), m.comparisons()), (2, 1));
        assert_eq!(m.refresh(t), Refreshed::default());
        assert_eq!((m.analyses(), m.comparisons()), (2, 1));
        let t = texts("urn:a:b", "urn:a:c");
        assert_eq!(m.stale(t), [false, true, false]);
        let r = m.refresh(t);
        assert_eq!((r.analysed, r.compared), ([false, true, false], true));
        assert_eq!((m.analyses(), m.comparisons()), (3, 2));
        m.compare_options_mut().ignore_dollar = true;
        assert!(m.refresh(t).compared);
        assert_eq!((m.analyses(), m.comparisons()), (3, 3));
        // The ladder's selection is kept when the pair is compared again, and starts over
        // when it is compared afresh.
        m.keep_step(ListState {
            selected: 1,
            offset: 0,
        });
        m.compare_options_mut().ignore_dollar = false;
        assert!(m.refresh(t).compared);
        assert_eq!(m.comparison().map(|c| c.list.selected), Some(1));
        m.set_profile(Some(Profile::Rfc8141));
        assert!(m.refresh(t).compared);
        assert_eq!(m.comparison().map(|c| c.list.selected), Some(0));
        assert_eq!((m.analyses(), m.comparisons()), (5, 5));
        assert_eq!(m.analysis(0).profile, Profile::Rfc8141);
    }

    /// Outside diff mode an option change compares nothing.
    #[test]
    fn one_input_is_never_compared() {
        let t = texts("http://a/b", "");
        let mut m = Model::new(t, false, None, CompareOptions::default());
        m.compare_options_mut().ignore_dollar = true;
        m.refresh(t);
        assert_eq!(m.comparisons(), 0);
        assert!(m.comparison().is_none());
    }

    /// The base line's resolution is computed once per change of the base, the reference
    /// or the profile, and entering diff mode closes the base line.
    #[test]
    fn the_resolution_follows_changes_and_diff_mode_closes_the_base() {
        let t = Texts {
            sides: ["g;x", ""],
            base: Some("http://a/b/c/d;p?q"),
        };
        let mut m = Model::new(t, false, None, CompareOptions::default());
        assert!(m.has_base());
        assert_eq!(m.resolutions(), 1);
        let target = m.resolved().resolution.target.clone();
        assert_eq!(target.as_deref(), Some("http://a/b/c/g;x"));
        m.refresh(t);
        assert_eq!(m.resolutions(), 1);
        m.set_profile(Some(Profile::Rfc3986));
        m.refresh(t);
        assert_eq!(m.resolutions(), 2);
        assert!(m.toggle_diff());
        assert!(!m.has_base());
        m.refresh(texts("g;x", "g;x"));
        assert!(m.comparison().is_some());
        assert!(!m.toggle_diff());
        assert!(m.comparison().is_none());
        // A base that cannot be resolved against: no target, and why.
        m.set_profile(None);
        assert!(m.toggle_base());
        m.refresh(Texts {
            sides: ["g", ""],
            base: Some("urn:a:b"),
        });
        let r = &m.resolved().resolution;
        assert!(r.target.is_none() && r.first_error().is_some());
    }

    /// The model imports no pane, and the input line (which edits the text) never
    /// analyses it: the model does.
    #[test]
    fn the_model_imports_no_pane_and_the_input_line_never_analyses() {
        let code = |text: &str| -> String {
            let end = text.find("#[cfg(test)]").unwrap_or(text.len());
            text[..end]
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let model = code(include_str!("model.rs"));
        assert!(!model.contains("panes"), "model.rs names the panes");
        assert!(!model.contains("ratatui"), "model.rs names a ratatui type");
        let input = code(include_str!("panes/input.rs"));
        assert!(!input.contains("analyze"), "the input line analyses");
    }

    /// A loaded pair opens diff mode with its profile; the share report then holds the
    /// comparison, and the reopen command both inputs and the profile.
    #[test]
    fn a_loaded_pair_is_compared_and_shared() {
        let t = Texts {
            sides: ["a", ""],
            base: Some("http://h/"),
        };
        let mut m = Model::new(t, false, None, CompareOptions::default());
        m.load(Some(Profile::Rfc8141), true);
        let t = texts("urn:example:a", "urn:example:A");
        m.refresh(t);
        assert!(m.diff_mode() && !m.has_base());
        assert_eq!(m.compared_under(), Some(Profile::Rfc8141));
        let v = m.view(t, None, None);
        let cmd = m.share_text(&v, None);
        assert!(
            cmd.contains("urn:example:a") && cmd.contains("urn:example:A"),
            "{cmd}"
        );
        assert!(cmd.contains("rfc8141"), "{cmd}");
        let md = m.share_text(&v, Some(ReportFormat::Markdown));
        assert!(md.contains("urn:example:A"), "{md}");
    }
}
