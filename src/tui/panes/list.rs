//! The workbench's parts, declared once: [`Focus`] names each part that can have the
//! keyboard, and the one list (`parts!` below) says, per part, in which layouts `Tab` reaches
//! it (and in what order: the screen's, top to bottom and, in the middle band, the left
//! column before the right), which input's analysis it reads, and which component it is. The
//! focus order ([`Focus::order`]), the routing of keys, clicks and the wheel
//! ([`Panes::get_mut`]) and what each part reads ([`Focus::reads`]) all come from it.
//!
//! [`Panes`] holds the components themselves: the input lines (with each input's tree and
//! diagnostics views), the forms, Details, the profile strip, the ladder and the
//! resolution. [`Panes::refresh`] brings the model up to date with the lines' texts and
//! the views up to date with the model.

use super::Pane;
use super::details::DetailsPane;
use super::difftrees;
use super::examples::Loaded;
use super::forms::{self, FormsPane};
use super::input::InputLine;
use super::ladder::LadderPane;
use super::profiles::ProfilesPane;
use super::resolution::ResolutionState;
use crate::tui::model::{Model, Reads, Texts};

/// The workbench's layouts, as far as the focus order goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One input.
    Single,
    /// One input and the base line (Ctrl-T).
    WithBase,
    /// Diff mode, the ladder shown.
    Diff,
    /// Diff mode, both trees shown (F6).
    DiffTrees,
}

/// The components.
#[derive(Default)]
pub struct Panes {
    /// Input A and input B, each with its tree and diagnostics views.
    pub lines: [InputLine; 2],
    /// The base line, when open.
    pub base: Option<InputLine>,
    /// The normal forms (of input A).
    pub forms: FormsPane,
    /// Details.
    pub details: DetailsPane,
    /// The profile strip (F7).
    pub strip: ProfilesPane,
    /// Diff mode's ladder.
    pub ladder: LadderPane,
    /// The resolution against the base line.
    pub resolution: ResolutionState,
}

/// Declares [`Focus`] and the list of parts. Per part: its documentation, the layouts
/// whose `Tab` order holds it (the order of the list is the order of `Tab`), the input it
/// reads (`r` is the model's [`Reads`]), and the component (`p` is the [`Panes`]), or
/// nothing for an input line (the app hands those their editing keys).
macro_rules! parts {
    ($p:ident, $r:ident; $(
        $(#[$doc:meta])*
        $focus:ident: [$($mode:ident),*], reads $side:expr, pane($($pane:expr)?);
    )*) => {
        /// A part of the workbench that can have the keyboard.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Focus {
            $($(#[$doc])* $focus,)*
        }

        /// Every part, in the list's order, with the layouts whose `Tab` reaches it.
        pub const PARTS: &[(Focus, &[Mode])] = &[$((Focus::$focus, &[$(Mode::$mode),*]),)*];

        impl Focus {
            /// The input (0 or 1) whose analysis this part reads.
            pub fn reads(self, $r: Reads) -> usize {
                let side: usize = match self {
                    $(Focus::$focus => $side,)*
                };
                side.min(1)
            }
        }

        impl Panes {
            /// The component of part `f` (`None` for an input line).
            pub fn get(&self, f: Focus, $r: Reads) -> Option<&dyn Pane> {
                let _ = $r;
                let $p = self;
                match f {
                    $(Focus::$focus => parts!(@ref $($pane)?),)*
                }
            }

            /// The component of part `f`, to change (`None` for an input line).
            pub fn get_mut(&mut self, f: Focus, $r: Reads) -> Option<&mut dyn Pane> {
                let _ = $r;
                let $p = self;
                match f {
                    $(Focus::$focus => parts!(@mut $($pane)?),)*
                }
            }
        }
    };
    (@ref) => { None };
    (@ref $e:expr) => { Some(&$e as &dyn Pane) };
    (@mut) => { None };
    (@mut $e:expr) => { Some(&mut $e as &mut dyn Pane) };
}

parts! { p, r;
    /// The base line (Ctrl-T): the input is resolved against it.
    Base: [WithBase], reads 0, pane();
    /// The (first) input line.
    Input: [Single, WithBase, Diff, DiffTrees], reads 0, pane();
    /// The second input line (diff mode).
    Second: [Diff, DiffTrees], reads 1, pane();
    /// Input A's tree in diff mode (F6).
    TreeA: [DiffTrees], reads 0, pane(p.lines[0].tree);
    /// Input B's tree in diff mode (F6).
    TreeB: [DiffTrees], reads 1, pane(p.lines[1].tree);
    /// The equivalence ladder (diff mode).
    Ladder: [Diff], reads 0, pane(p.ladder);
    /// The component tree.
    Tree: [Single, WithBase], reads 0, pane(p.lines[0].tree);
    /// The other reading, beside the tree while shown (`r`); `Tab` skips it otherwise.
    Reading: [Single, WithBase], reads 0, pane(p.lines[0].tree.reading);
    /// The resolution of the input against the base line (right of the tree, on top).
    Resolution: [WithBase], reads 0, pane(p.resolution);
    /// The details of the selection.
    Details: [Single], reads r.details, pane(p.details);
    /// The normal forms.
    Forms: [Single, WithBase], reads 0, pane(p.forms);
    /// The diagnostics list (across the bottom).
    Diagnostics: [Single, WithBase, Diff, DiffTrees], reads r.diag,
        pane(p.lines[r.diag.min(1)].diags);
    /// The profile strip (F7): a profile cell selected, read whole in Details.
    Profiles: [], reads 0, pane(p.strip);
}

impl Focus {
    /// The parts `Tab` visits in layout `mode`, in order.
    pub fn order(mode: Mode) -> impl Iterator<Item = Focus> {
        PARTS
            .iter()
            .filter(move |(_, modes)| modes.contains(&mode))
            .map(|&(f, _)| f)
    }

    /// The input line this part is (0, 1, or 2 the base line), if it is one.
    pub fn line(self) -> Option<usize> {
        match self {
            Focus::Input => Some(0),
            Focus::Second => Some(1),
            Focus::Base => Some(2),
            _ => None,
        }
    }
}

impl Panes {
    /// The input lines for `input`, `with` (input B) and `base` (line breaks removed);
    /// the views are empty until [`show`](Self::show).
    pub fn new(input: &str, with: Option<&str>, base: Option<&str>) -> Panes {
        Panes {
            lines: [InputLine::new(input), InputLine::new(with.unwrap_or(""))],
            base: base.map(InputLine::new),
            ..Panes::default()
        }
    }

    /// Builds every view from the model (made from [`texts`](Self::texts)).
    pub fn show(&mut self, m: &Model) {
        for (k, line) in self.lines.iter_mut().enumerate() {
            line.rebuild_in(m.analysis(k), m.tree_analysis(k), m.tree_generation(k));
        }
        if let Some(b) = &mut self.base {
            b.rebuild(m.line_analysis(2));
            b.sync(m.line_analysis(2));
        }
        self.follow(m, true);
    }

    /// The lines' texts, for the model.
    pub fn texts(&self) -> Texts<'_> {
        Texts {
            sides: [self.lines[0].text(), self.lines[1].text()],
            base: self.base.as_ref().map(InputLine::text),
        }
    }

    /// Input line `s`: 0, 1, or 2 the base line (input A when there is none).
    pub fn line(&self, s: usize) -> &InputLine {
        match (s, self.base.as_ref()) {
            (2, Some(b)) => b,
            _ => &self.lines[s.min(1)],
        }
    }

    /// Input line `s`, to edit: 0, 1, or 2 the base line (input A when there is none).
    pub fn line_mut(&mut self, s: usize) -> &mut InputLine {
        match (s, self.base.as_mut()) {
            (2, Some(b)) => b,
            _ => &mut self.lines[s.min(1)],
        }
    }

    /// The inputs' texts, borrowed: input A, and B in diff mode (what the history
    /// remembers).
    pub fn inputs(&self, diff_mode: bool) -> impl Iterator<Item = &str> {
        let n = if diff_mode { 2 } else { 1 };
        self.lines[..n].iter().map(InputLine::text)
    }

    /// What the copy key copies from input line `s` (0, 1, 2 the base) and how the status
    /// line names it.
    pub fn line_copy(&self, s: usize, diff_mode: bool) -> (String, &'static str) {
        let what = match (s, diff_mode) {
            (2, _) => "the base",
            (_, false) => "the input",
            (0, true) => "input A",
            (_, true) => "input B",
        };
        (self.line(s).text().to_string(), what)
    }

    /// Opens the base line, empty, its views built from the model's analysis of it.
    pub fn open_base(&mut self, m: &Model) {
        let mut b = InputLine::new("");
        b.rebuild(m.line_analysis(2));
        self.base = Some(b);
    }

    /// Diff mode starts: the base line closes, and an empty B starts as a copy of A.
    pub fn start_diff(&mut self) {
        self.base = None;
        if self.lines[1].text().is_empty() {
            let a = self.lines[0].text().to_string();
            self.lines[1].set_text(&a);
        }
    }

    /// Loads an example's input(s); a pair closes the base line.
    pub fn load(&mut self, loaded: &Loaded) {
        self.lines[0].set_text(&loaded.a);
        if let Some(b) = &loaded.b {
            self.lines[1].set_text(b);
            self.base = None;
        }
    }

    /// Brings the model up to date with the lines' texts (each changed text analysed
    /// once), then the views with the model. Returns true when input A or B was analysed
    /// again.
    pub fn refresh(&mut self, m: &mut Model) -> bool {
        // What was derived from an old analysis goes before the new one is made.
        let stale = m.stale(self.texts());
        let texts = self.texts();
        // The grammar lab's tree of the previous text stays while the new one is parsed.
        let keeps = [0, 1].map(|k| m.defers(k, texts.sides[k]));
        for (k, line) in self.lines.iter_mut().enumerate() {
            if stale[k] && keeps[k] {
                line.clear_views_but_tree();
            } else if stale[k] {
                line.clear_views();
            }
        }
        if let (true, Some(b)) = (stale[2], &mut self.base) {
            b.clear_views();
        }
        // The ladder's selection outlives the comparison: the model keeps it.
        m.keep_step(self.ladder.list);
        let done = m.refresh(self.texts());
        for (k, line) in self.lines.iter_mut().enumerate() {
            if done.analysed[k] {
                line.rebuild_in(m.analysis(k), m.tree_analysis(k), m.tree_generation(k));
            }
        }
        if let Some(b) = &mut self.base {
            if done.analysed[2] {
                b.rebuild(m.line_analysis(2));
            }
            b.sync(m.line_analysis(2));
        }
        self.follow(m, done.compared);
        done.analysed[0] || done.analysed[1]
    }

    /// Lets the views follow the model: the trees the cursor (and, after a comparison,
    /// the first difference), the ladder the comparison, the resolution pane the
    /// resolution, the strip the profile, the forms' selection A's forms.
    fn follow(&mut self, m: &Model, compared: bool) {
        for (k, line) in self.lines.iter_mut().enumerate() {
            line.sync(m.tree_analysis(k));
        }
        self.ladder.follow(m);
        self.resolution.follow(m);
        // In diff mode the diagnostics list names the input it reads.
        for (k, line) in self.lines.iter_mut().enumerate() {
            let which = match (m.diff_mode(), k) {
                (false, _) => "",
                (true, 0) => " · A",
                (true, _) => " · B",
            };
            if line.diags.which != which {
                line.diags.which = which.into();
            }
        }
        let n = forms::rows(m.analysis(0)).len();
        self.forms.list.clamp(n);
        // After a comparison both trees start on its first difference.
        if let (true, Some(d)) = (
            compared,
            m.comparison().and_then(|c| c.verdict.difference.as_ref()),
        ) {
            for (k, line) in self.lines.iter_mut().enumerate() {
                difftrees::select_difference(m.analysis(k), &mut line.tree, k, d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The focus order of each layout is the list's order, filtered by layout.
    #[test]
    fn focus_order_comes_from_the_one_list() {
        let order = |m| Focus::order(m).collect::<Vec<_>>();
        use Focus::*;
        assert_eq!(
            order(Mode::Single),
            [Input, Tree, Reading, Details, Forms, Diagnostics]
        );
        assert_eq!(
            order(Mode::WithBase),
            [Base, Input, Tree, Reading, Resolution, Forms, Diagnostics]
        );
        assert_eq!(order(Mode::Diff), [Input, Second, Ladder, Diagnostics]);
        assert_eq!(
            order(Mode::DiffTrees),
            [Input, Second, TreeA, TreeB, Diagnostics]
        );
        // Every part is in the list once; the profile strip only by F7.
        for &(f, _) in PARTS {
            assert_eq!(PARTS.iter().filter(|(g, _)| *g == f).count(), 1, "{f:?}");
        }
        assert!(!PARTS.iter().any(|(f, m)| *f == Profiles && !m.is_empty()));
    }

    /// Routing comes from the same list: each part with a component gets it, reading the
    /// input the list says; the input lines have none.
    #[test]
    fn routing_comes_from_the_one_list() {
        let mut p = Panes::new("http://a/b", Some("urn:a:b"), None);
        let m = Model::new(p.texts(), true, None, Default::default());
        p.show(&m);
        let reads = Reads {
            diag: 1,
            details: 0,
        };
        for &(f, _) in PARTS {
            let has = p.get_mut(f, reads).is_some();
            assert_eq!(has, f.line().is_none(), "{f:?}");
            assert_eq!(p.get(f, reads).is_some(), has, "{f:?}");
        }
        assert_eq!(Focus::Diagnostics.reads(reads), 1);
        assert_eq!(Focus::TreeB.reads(reads), 1);
        assert_eq!(Focus::Details.reads(reads), 0);
        // The diagnostics part is input B's list when the model reads B's diagnostics.
        let n = p.get(Focus::Diagnostics, reads).map(|d| d.context());
        assert_eq!(n, Some(crate::tui::keys::Context::Diagnostics));
        assert_eq!(p.lines[1].diags.len(), m.analysis(1).diagnostics.len());
    }
}
