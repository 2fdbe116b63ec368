//! The workbench's session: what is being analysed and how, and when to analyse again.
//!
//! A [`Session`] holds the inputs (A, and B in diff mode) with their cached analyses, the
//! base line and the input's resolution against it, diff mode's comparison, the chosen
//! profile and compare options. It decides when to re-analyse (an input's text or the
//! profile changed) and when to compare again (an input or an option changed), and counts
//! both, so tests can check that a frame never re-analyses. It builds the share report's
//! [`report::Subject`] from what the analyses already hold.
//!
//! The session knows nothing of focus, keys or the frame: [`App`](super::app::App) routes
//! events to it and draws what it holds.

use super::panes;
use super::panes::diff::{DiffState, LadderPane};
use super::panes::examples::Loaded;
use super::panes::input::InputLine;
use super::panes::resolution::ResolutionState;
use crate::engine::equiv::CompareOptions;
use crate::engine::{Analysis, Profile};
use crate::report::{self, ReportFormat};

/// The inputs, their analyses, the base line, the comparison and the options they were
/// made with.
pub(super) struct Session {
    /// The chosen profile (`None`: auto).
    pub profile: Option<Profile>,
    /// Input A and input B (B is read in diff mode only).
    pub sides: [InputLine; 2],
    /// The base line, when open: input A is then a reference resolved against it.
    pub base: Option<InputLine>,
    /// Diff mode: A and B are compared.
    pub diff_mode: bool,
    /// The compare options diff mode uses (its profile is `profile`).
    pub compare_opts: CompareOptions,
    /// Diff mode's comparison, with the ladder pane that lists it.
    pub ladder: LadderPane,
    /// Input A resolved against the base (computed once per change, in `refresh`).
    pub resolution: ResolutionState,
    /// An option changed: compare again at the next refresh.
    recompare: bool,
    /// The profile changed or an example was loaded: analyse every input again.
    reanalyze_all: bool,
    /// How many times the inputs have been compared since the start.
    comparisons: u64,
    /// How many times an input has been analysed since the start.
    analyses: u64,
}

impl Session {
    /// A session on `input` (and `with`, which starts diff mode), analysed once here.
    pub fn new(
        input: &str,
        with: Option<&str>,
        profile: Option<Profile>,
        base: Option<&str>,
        compare: CompareOptions,
    ) -> Session {
        let mut s = Session {
            profile,
            sides: [
                InputLine::new(input, profile),
                InputLine::new(with.unwrap_or(""), profile),
            ],
            base: base.map(|b| InputLine::new(b, profile)),
            diff_mode: with.is_some(),
            // The profile lives in `profile`; `compare` takes it at each comparison.
            compare_opts: CompareOptions {
                profile: None,
                ..compare
            },
            ladder: LadderPane::default(),
            resolution: ResolutionState::default(),
            recompare: false,
            reanalyze_all: true,
            comparisons: 0,
            analyses: 0,
        };
        s.refresh();
        s
    }

    /// How many times an input has been analysed since the start.
    pub fn analyses(&self) -> u64 {
        self.analyses
    }

    /// How many times the two inputs have been compared since the start.
    pub fn comparisons(&self) -> u64 {
        self.comparisons
    }

    /// The comparison shown in diff mode.
    pub fn diff(&self) -> Option<&DiffState> {
        self.ladder.diff.as_ref().filter(|_| self.diff_mode)
    }

    /// The cached analysis of input `side` (0 or 1).
    pub fn analysis(&self, side: usize) -> &Analysis {
        &self.sides[side.min(1)].analysis
    }

    /// Input line `s`: 0, 1, or 2 the base line (input A when there is none).
    pub fn line(&self, s: usize) -> &InputLine {
        match (s, self.base.as_ref()) {
            (2, Some(b)) => b,
            _ => &self.sides[s.min(1)],
        }
    }

    /// Input line `s`, to edit: 0, 1, or 2 the base line (input A when there is none).
    pub fn line_mut(&mut self, s: usize) -> &mut InputLine {
        match (s, self.base.as_mut()) {
            (2, Some(b)) => b,
            _ => &mut self.sides[s.min(1)],
        }
    }

    /// The texts to remember in the history at exit: A, and B in diff mode.
    pub fn texts(&self) -> Vec<String> {
        self.text_refs().map(str::to_string).collect()
    }

    /// The inputs' texts, borrowed (input A, and B in diff mode).
    pub fn text_refs(&self) -> impl Iterator<Item = &str> {
        let n = if self.diff_mode { 2 } else { 1 };
        self.sides[..n].iter().map(|l| l.text())
    }

    /// Re-analyses each input whose text changed (or all, after a profile change),
    /// resolves against the base, compares again if needed, and lets the trees follow
    /// the cursor. Returns true when input A or B was analysed again.
    pub fn refresh(&mut self) -> bool {
        let all = std::mem::take(&mut self.reanalyze_all);
        let mut changed = false;
        for side in &mut self.sides {
            if all || side.text() != side.analysis.input {
                side.reanalyze(self.profile);
                self.analyses += 1;
                changed = true;
            }
        }
        if let Some(b) = &mut self.base {
            if all || b.text() != b.analysis.input {
                b.reanalyze(self.profile);
                self.analyses += 1;
            }
            b.sync();
            self.resolution
                .update(b.text(), self.sides[0].text(), self.profile);
        }
        let recompare = std::mem::take(&mut self.recompare);
        let compare = self.diff_mode && (changed || recompare || self.ladder.diff.is_none());
        if compare {
            self.compare();
        }
        for side in &mut self.sides {
            side.sync();
        }
        // After a comparison both trees start on its first difference.
        if let (true, Some(d)) = (
            compare,
            self.diff().and_then(|d| d.verdict.difference.clone()),
        ) {
            for (k, side) in self.sides.iter_mut().enumerate() {
                panes::difftrees::select_difference(&side.analysis, &mut side.tree, k, &d);
            }
        }
        changed
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
        let opts = self.options();
        let list = self
            .ladder
            .diff
            .as_ref()
            .map(|d| d.list)
            .unwrap_or_default();
        let [a, b] = &self.sides;
        self.ladder.diff = Some(DiffState::compare(&a.analysis, &b.analysis, opts, list));
    }

    /// Chooses profile `p`: every input is analysed and compared again. Returns what the
    /// status line says.
    pub fn set_profile(&mut self, p: Option<Profile>) -> String {
        self.profile = p;
        self.reanalyze_all = true;
        self.ladder.diff = None;
        match p {
            None => "profile: auto (chosen per input; the reason is under the input)".into(),
            Some(p) => format!("profile: {} ({})", p.name(), p.title()),
        }
    }

    /// Changes the compare option action `a` names; in diff mode the inputs are compared
    /// again. Returns what the status line says, if the option changed.
    pub fn set_option(&mut self, a: super::keys::Action) -> Option<String> {
        let under = self.diff().map(|d| d.verdict.profile);
        let msg = panes::diff::set_option(&mut self.compare_opts, a, under)?;
        self.recompare = self.diff_mode;
        Some(msg)
    }

    /// Enters or leaves diff mode (closing the base line first); entering with an empty B
    /// copies A into it. Returns true when diff mode is now on.
    pub fn toggle_diff(&mut self) -> bool {
        self.base = None;
        self.diff_mode = !self.diff_mode;
        if self.diff_mode {
            if self.sides[1].text().is_empty() {
                let a = self.sides[0].text().to_string();
                self.sides[1].set_text(&a);
            }
            self.ladder.diff = None;
        }
        self.diff_mode
    }

    /// Opens (true) or closes (false) the base line.
    pub fn toggle_base(&mut self) -> bool {
        if self.base.take().is_some() {
            false
        } else {
            self.base = Some(InputLine::new("", self.profile));
            true
        }
    }

    /// Loads an example: its input(s) and profile; a pair opens diff mode (and closes
    /// the base line, which works on one input).
    pub fn load(&mut self, loaded: &Loaded) {
        self.profile = loaded.profile;
        self.reanalyze_all = true;
        self.ladder.diff = None;
        self.sides[0].set_text(&loaded.a);
        if let Some(b) = &loaded.b {
            self.sides[1].set_text(b);
            self.base = None;
        }
        self.diff_mode = loaded.b.is_some();
    }

    /// The report of the session (`Some(format)`) or the command that reopens it
    /// (`None`): the same text `idbench explain` prints for the same arguments.
    pub fn share_text(&self, format: Option<ReportFormat>) -> String {
        let opts = self.options();
        let with = self.diff_mode.then(|| self.sides[1].text());
        let Some(format) = format else {
            let base = self.base.as_ref().map(InputLine::text);
            return report::reopen_command(self.sides[0].text(), with, base, &opts);
        };
        let diff = self.diff();
        let comparison = diff.map(|d| &d.verdict);
        let subject = report::Subject {
            a: &self.sides[0].analysis,
            b: self.diff_mode.then_some(&self.sides[1].analysis),
            comparison,
            per_profile: diff.map(|d| &d.per_profile[..]),
            resolution: self
                .base
                .as_ref()
                .map(|b| (b.text(), &self.resolution.resolution)),
            options: &opts,
        };
        report::render(&subject, format)
    }

    /// What the copy key copies from input line `s` (0, 1, 2 the base) and how the
    /// status line names it.
    pub fn line_copy(&self, s: usize) -> (String, &'static str) {
        let what = match (s, self.diff_mode) {
            (2, _) => "the base",
            (_, false) => "the input",
            (0, true) => "input A",
            (_, true) => "input B",
        };
        (self.line(s).text().to_string(), what)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::Action;

    fn session(a: &str, b: Option<&str>) -> Session {
        Session::new(a, b, None, None, CompareOptions::default())
    }

    /// An input is analysed again only when its text (or the profile) changed; a pair is
    /// compared again when an input or an option changed.
    #[test]
    fn analyses_and_comparisons_follow_changes() {
        let mut s = session("urn:a:b", Some("URN:A:b"));
        assert_eq!((s.analyses(), s.comparisons()), (2, 1));
        assert!(!s.refresh());
        assert_eq!((s.analyses(), s.comparisons()), (2, 1));
        s.sides[1].set_text("urn:a:c");
        assert!(s.refresh());
        assert_eq!((s.analyses(), s.comparisons()), (3, 2));
        assert!(s.set_option(Action::Objective).is_some());
        assert!(!s.refresh());
        assert_eq!((s.analyses(), s.comparisons()), (3, 3));
        s.set_profile(Some(Profile::Rfc8141));
        assert!(s.refresh());
        assert_eq!((s.analyses(), s.comparisons()), (5, 4));
        assert_eq!(s.analysis(0).profile, Profile::Rfc8141);
    }

    /// Outside diff mode an option change compares nothing.
    #[test]
    fn one_input_is_never_compared() {
        let mut s = session("http://a/b", None);
        assert!(s.set_option(Action::IgnoreDollar).is_some());
        s.refresh();
        assert_eq!(s.comparisons(), 0);
        assert!(s.diff().is_none());
    }

    /// Entering diff mode with an empty B copies A; it closes the base line.
    #[test]
    fn diff_mode_starts_from_a_and_closes_the_base() {
        let mut s = Session::new("x/y", None, None, Some("http://a/b/"), Default::default());
        assert!(s.base.is_some());
        assert!(s.toggle_diff());
        assert!(s.base.is_none());
        assert_eq!(s.line(1).text(), "x/y");
        s.refresh();
        assert!(s.diff().is_some());
        assert!(!s.toggle_diff());
        assert!(s.diff().is_none());
    }

    /// A loaded pair opens diff mode with its profile; the share report then holds the
    /// comparison, and the reopen command both inputs and the profile.
    #[test]
    fn a_loaded_pair_is_compared_and_shared() {
        let mut s = Session::new("a", None, None, Some("http://h/"), Default::default());
        s.load(&Loaded {
            a: "urn:example:a".into(),
            b: Some("urn:example:A".into()),
            profile: Some(Profile::Rfc8141),
            message: String::new(),
        });
        s.refresh();
        assert!(s.diff_mode && s.base.is_none());
        let d = s.diff().map(|d| d.verdict.profile);
        assert_eq!(d, Some(Profile::Rfc8141));
        let cmd = s.share_text(None);
        assert!(
            cmd.contains("urn:example:a") && cmd.contains("urn:example:A"),
            "{cmd}"
        );
        assert!(cmd.contains("rfc8141"), "{cmd}");
        let md = s.share_text(Some(ReportFormat::Markdown));
        assert!(md.contains("urn:example:A"), "{md}");
        assert_eq!(s.line_copy(1), ("urn:example:A".to_string(), "input B"));
        assert_eq!(s.texts(), ["urn:example:a", "urn:example:A"]);
    }
}
