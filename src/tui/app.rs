//! The workbench's routing: one [`App::handle`] for every event and one [`App::draw`] for
//! every frame.
//!
//! The app routes: focus (which component gets a key, a click, the wheel), global keys
//! (profile, diff mode, overlays, copy, share, base line, compare options), and the
//! layout. What is analysed and how is the session's (`session.rs`): the inputs and their cached
//! analyses, the base line and the resolution, diff mode's comparison, the profile and
//! compare options, when to analyse and compare again, loading an example, and the share
//! report. Everything else is a component in `panes/`:
//!
//! - the input lines (A, B in diff mode, the base line) are [`InputLine`]s: their text,
//!   editing keys, history recall, paste, size cap and drawing;
//! - the panes (tree, diagnostics, forms, Details, ladder, profile strip) implement
//!   [`Pane`]: the app hands the focused one its navigation keys, clicks and wheel, and
//!   asks it what to copy; `route` says which data each pane reads;
//! - the overlays (help, examples picker, share menu) implement [`Overlay`];
//! - copies go through [`Clipboard::copy_told`].
//!
//! Each input's [`Analysis`] is computed once per change of its text (or of the profile),
//! at the end of `handle` (`Session::refresh`), and cached in its [`InputLine`] with
//! everything derived for display. `draw` only reads the cache: a frame never re-analyses.
//!
//! The app knows nothing of the real terminal, so tests drive it with
//! `App::new(config)`, `app.handle(event)` and `terminal.draw(|f| app.draw(f))` on a
//! `TestBackend`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::{Position, Rect};

use super::clipboard::{Clipboard, Mode};
use super::event::Event;
use super::history::History;
use super::keys::{self, Action, Context};
use super::layout;
use super::panes::details::DetailsPane;
use super::panes::diff::DiffState;
use super::panes::examples::Examples;
use super::panes::forms::FormsPane;
use super::panes::help::HelpOverlay;
use super::panes::input::{InputLine, Look, line_breaks_removed, one_line};
use super::panes::profiles::ProfilesPane;
use super::panes::share::ShareMenu;
use super::panes::status::{Level, Message};
use super::panes::{self, Effect, Overlay, OverlayEffect, Pane};
use super::session::Session;
use super::theme::Theme;
use crate::engine::equiv::CompareOptions;
use crate::engine::{Analysis, Profile};
use crate::report::ReportFormat;

pub use super::panes::input::MAX_INPUT;

/// Below this size the workbench shows only a message (and still quits).
pub const MIN_SIZE: (u16, u16) = (60, 16);

/// The smallest terminal diff mode can show both inputs and a few rungs of the ladder in.
pub const MIN_SIZE_DIFF: (u16, u16) = (60, 22);

/// How the app starts.
#[derive(Debug)]
pub struct AppConfig {
    /// The first input.
    pub input: String,
    /// A second input: start in diff mode.
    pub with: Option<String>,
    /// The profile (`None`: auto).
    pub profile: Option<Profile>,
    /// The theme.
    pub theme: Theme,
    /// Recent inputs.
    pub history: History,
    /// Where copies go.
    pub clipboard: Clipboard,
    /// Capture the mouse at start.
    pub mouse: bool,
    /// Messages for the status line at start (problems with the config, theme, history).
    pub messages: Vec<String>,
    /// A base: open the base line with it, and resolve the input against it.
    pub base: Option<String>,
    /// Diff mode's compare options at start (objective, "$", side forms; the profile is
    /// `profile`).
    pub compare: CompareOptions,
}

impl Default for AppConfig {
    /// Empty input, auto profile, dark theme, history in memory only, copies by OSC 52
    /// (nothing touches the system), mouse on.
    fn default() -> Self {
        AppConfig {
            input: String::new(),
            with: None,
            profile: None,
            theme: Theme::default(),
            history: History::in_memory(),
            clipboard: Clipboard::new(Mode::Osc52),
            mouse: true,
            messages: Vec::new(),
            compare: CompareOptions::default(),
            base: None,
        }
    }
}

/// Which pane has the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The (first) input line.
    Input,
    /// The second input line (diff mode).
    Second,
    /// The component tree.
    Tree,
    /// The diagnostics list.
    Diagnostics,
    /// The normal forms.
    Forms,
    /// The details of the selection.
    Details,
    /// The equivalence ladder (diff mode).
    Ladder,
    /// The base line (Ctrl-T): the input is resolved against it.
    Base,
    /// The profile strip (F7): a profile cell selected, read whole in Details.
    Profiles,
    /// Input A's tree in diff mode (F6).
    TreeA,
    /// Input B's tree in diff mode (F6).
    TreeB,
    /// The resolution of the input against the base line.
    Resolution,
}

/// The overlay that is open, if any.
#[derive(Debug)]
enum Open {
    Help(HelpOverlay),
    Examples(Box<Examples>),
    Share(ShareMenu),
}

impl Open {
    fn get(&mut self) -> &mut dyn Overlay {
        match self {
            Open::Help(o) => o,
            Open::Examples(o) => o.as_mut(),
            Open::Share(o) => o,
        }
    }

    fn context(&self) -> Context {
        match self {
            Open::Help(_) => Context::Help,
            Open::Examples(_) => Context::Examples,
            Open::Share(_) => Context::Share,
        }
    }
}

/// The pane components that are neither per input (the tree and diagnostics are in each
/// [`InputLine`]) nor part of the session (the ladder and the resolution are).
#[derive(Default)]
struct Panes {
    forms: FormsPane,
    details: DetailsPane,
    /// The profile strip (F7).
    strip: ProfilesPane,
}

/// Which input each pane reads: `diag` the one whose diagnostics are listed, `details`
/// the one Details shows a selection of.
#[derive(Clone, Copy, Debug, Default)]
struct Reads {
    diag: usize,
    details: usize,
}

/// Pane component `f`, the input it reads (0 or 1) and that input's analysis. Every pane
/// component is placed here.
fn route<'a>(
    s: &'a mut Session,
    p: &'a mut Panes,
    reads: Reads,
    f: Focus,
) -> Option<(&'a mut dyn Pane, usize, &'a Analysis)> {
    let [a, b] = &mut s.sides;
    let of = |s: usize| if s == 0 { 0 } else { 1 };
    Some(match f {
        Focus::Tree | Focus::TreeA => (&mut a.tree, 0, &a.analysis),
        Focus::TreeB => (&mut b.tree, 1, &b.analysis),
        Focus::Diagnostics if of(reads.diag) == 0 => (&mut a.diags, 0, &a.analysis),
        Focus::Diagnostics => (&mut b.diags, 1, &b.analysis),
        Focus::Forms => (&mut p.forms, 0, &a.analysis),
        Focus::Ladder => (&mut s.ladder, 0, &a.analysis),
        Focus::Details if of(reads.details) == 0 => (&mut p.details, 0, &a.analysis),
        Focus::Details => (&mut p.details, 1, &b.analysis),
        Focus::Profiles => (&mut p.strip, 0, &a.analysis),
        Focus::Resolution => (&mut s.resolution, 0, &a.analysis),
        Focus::Input | Focus::Second | Focus::Base => return None,
    })
}

/// Where things were drawn, for the mouse.
#[derive(Debug, Default)]
struct Hits {
    inputs: [Option<Rect>; 2],
    /// The pane components drawn this frame.
    panes: Vec<(Focus, Rect)>,
    strip: Vec<panes::profiles::Hit>,
}

/// The workbench.
pub struct App {
    theme: Theme,
    /// The inputs, their analyses, the base line, the comparison and the options.
    s: Session,
    /// Diff mode shows both trees instead of the ladder (F6).
    diff_trees: bool,
    focus: Focus,
    /// The input whose diagnostics are listed (diff mode: the last one focused).
    diag_side: usize,
    overlay: Option<Open>,
    /// The examples picker while closed (it keeps its filter and selection).
    examples: Option<Box<Examples>>,
    /// The pane components.
    panes: Panes,
    /// The pane whose selection Details shows (the last one focused but Details).
    details_source: Focus,
    /// The input Details shows a selection of.
    details_side: usize,
    /// What Details was last built from: `(source, input, analyses, comparisons, selected
    /// row)`.
    details_key: Option<(Focus, usize, u64, u64, usize)>,
    status: Option<Message>,
    clipboard: Clipboard,
    history: History,
    mouse: bool,
    quit: bool,
    size: (u16, u16),
    hits: Hits,
    /// Keys taken while the terminal was too small: applied to the input, and ignored.
    small_keys: SmallKeys,
}

/// What the keys typed while the terminal is too small did: typed text and editing keys go
/// to the input (and are counted), other commands are ignored (and counted); only quitting
/// acts at once. The counts are shown on the small screen, and once on the status line
/// when the terminal is large enough again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmallKeys {
    /// Keys applied to the input.
    pub applied: usize,
    /// Commands ignored.
    pub ignored: usize,
}

impl App {
    /// A workbench in the state `config` describes; both inputs are analysed here.
    pub fn new(config: AppConfig) -> App {
        let AppConfig {
            input,
            with,
            profile,
            theme,
            history,
            clipboard,
            mouse,
            messages,
            compare,
            base,
        } = config;
        // An identifier given at start loses its line breaks as a paste does, and says so
        // in the same words.
        let mut notes = Vec::new();
        for (what, text) in [
            ("the identifier", Some(input.as_str())),
            ("--with", with.as_deref()),
            ("--base", base.as_deref()),
        ] {
            let removed = text.map_or(0, |t| t.len() - one_line(t).len());
            if removed > 0 {
                notes.push(format!("{what}: {}", line_breaks_removed(removed)));
            }
        }
        let level = if messages.is_empty() {
            Level::Info
        } else {
            Level::Error
        };
        let all: Vec<&str> = messages
            .iter()
            .chain(notes.iter())
            .map(String::as_str)
            .collect();
        let status = (!all.is_empty()).then(|| Message {
            text: all.join(" · "),
            level,
        });
        let mut app = App {
            theme,
            s: Session::new(&input, with.as_deref(), profile, base.as_deref(), compare),
            diff_trees: false,
            focus: Focus::Input,
            diag_side: 0,
            overlay: None,
            examples: None,
            panes: Panes::default(),
            details_source: Focus::Tree,
            details_side: 0,
            details_key: None,
            status,
            clipboard,
            history,
            mouse,
            quit: false,
            size: (0, 0),
            hits: Hits::default(),
            small_keys: SmallKeys::default(),
        };
        app.clamp_forms();
        app.note_current_inputs();
        app
    }

    /// Keeps what the exit would remember where a save from the signal thread finds it (the
    /// event loop may be busy when a signal comes).
    fn note_current_inputs(&mut self) {
        // Borrowed: an input over the history's entry limit is skipped, never copied.
        self.history.set_current(self.s.text_refs());
    }

    // ----- what tests and the run loop read -----

    /// True once the user asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the mouse should be captured.
    pub fn mouse_capture(&self) -> bool {
        self.mouse
    }

    /// Bytes to write to the terminal after the frame (an OSC 52 copy), if any.
    pub fn take_terminal_output(&mut self) -> Option<Vec<u8>> {
        self.clipboard.take_pending()
    }

    /// Reports that writing [`take_terminal_output`](Self::take_terminal_output) failed.
    pub fn terminal_output_failed(&mut self, e: &std::io::Error) {
        self.say_error(format!("could not write to the terminal: {e}"));
    }

    /// The status message, if any.
    pub fn status(&self) -> Option<&str> {
        self.status.as_ref().map(|m| m.text.as_str())
    }

    /// The text of input `side` (0, or 1 in diff mode).
    pub fn input(&self, side: usize) -> &str {
        self.s.sides.get(side).map(InputLine::text).unwrap_or("")
    }

    /// The cached analysis of input `side`.
    pub fn analysis(&self, side: usize) -> &Analysis {
        self.s.analysis(side)
    }

    /// The selected tree node (preorder index) of input `side`.
    pub fn selected_node(&self, side: usize) -> usize {
        self.s.sides[side.min(1)].tree.selected
    }

    /// How many times an input has been analysed since the start: it grows with edits and
    /// profile changes, never with frames.
    pub fn analyses(&self) -> u64 {
        self.s.analyses()
    }

    /// How many times the two inputs have been compared since the start: it grows with
    /// edits, profile and option changes in diff mode, never with frames.
    pub fn comparisons(&self) -> u64 {
        self.s.comparisons()
    }

    /// The compare options diff mode uses (the profile field aside: see
    /// [`profile`](Self::profile)).
    pub fn compare_options(&self) -> &CompareOptions {
        &self.s.compare_opts
    }

    /// The focused pane.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// True in diff mode.
    pub fn diff_mode(&self) -> bool {
        self.s.diff_mode
    }

    /// The comparison shown in diff mode.
    pub fn diff(&self) -> Option<&DiffState> {
        self.s.diff()
    }

    /// The chosen profile (`None`: auto).
    pub fn profile(&self) -> Option<Profile> {
        self.s.profile
    }

    /// The history.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Remembers the inputs and writes the history (at exit).
    pub fn save_history(&mut self) -> std::io::Result<()> {
        for t in self.s.texts() {
            self.history.push(&t);
        }
        self.history.save()
    }

    // ----- events -----

    /// Reacts to one event; re-analyses what changed, once.
    pub fn handle(&mut self, ev: Event) {
        match ev {
            Event::Key(k) => self.on_key(k),
            Event::Mouse(m) => self.on_mouse(m),
            Event::Paste(s) => self.on_paste(&s),
            Event::Resize(w, h) => self.size = (w, h),
        }
        if self.s.refresh() {
            self.clamp_forms();
            self.note_current_inputs();
        }
    }

    /// Keeps the forms pane's selection within input A's forms.
    fn clamp_forms(&mut self) {
        let n = panes::forms::rows(&self.s.sides[0].analysis).len();
        self.panes.forms.list.clamp(n);
    }

    /// The smallest size the current mode can be drawn in.
    pub fn min_size(&self) -> (u16, u16) {
        if self.s.diff_mode {
            MIN_SIZE_DIFF
        } else {
            MIN_SIZE
        }
    }

    fn too_small(&self) -> bool {
        let (w, h) = self.min_size();
        self.size.0 != 0 && (self.size.0 < w || self.size.1 < h)
    }

    fn contexts(&self) -> Vec<Context> {
        match (&self.overlay, self.focus) {
            (Some(o), _) => vec![o.context(), Context::Global],
            (None, Focus::Input | Focus::Second | Focus::Base) => {
                vec![Context::Input, Context::Global]
            }
            (None, f) => {
                let cx = self
                    .pane(f)
                    .map(|(p, _, _)| p.context())
                    .unwrap_or(Context::Panes);
                vec![cx, Context::Panes, Context::Global]
            }
        }
    }

    /// Shows `text` on the status line (news from the event loop).
    pub fn tell(&mut self, text: impl Into<String>) {
        self.say(text);
    }

    fn say(&mut self, text: impl Into<String>) {
        self.status = Some(Message {
            text: text.into(),
            level: Level::Info,
        });
    }

    fn say_error(&mut self, text: impl Into<String>) {
        self.status = Some(Message {
            text: text.into(),
            level: Level::Error,
        });
    }

    /// The keys taken while the terminal was too small (since it last was large enough).
    pub fn small_keys(&self) -> SmallKeys {
        self.small_keys
    }

    /// A key while the terminal is too small: quitting acts at once, and so does leaving
    /// diff mode (the single-input layout needs less room); typed text and the input's
    /// editing keys go to the focused input line (input A when no input has focus);
    /// anything else is ignored. Each is counted in [`SmallKeys`].
    fn on_key_small(&mut self, k: &KeyEvent) {
        let global = keys::lookup(&[Context::Global], k);
        if global == Some(Action::Quit) {
            self.quit = true;
            return;
        }
        if self.s.diff_mode && global == Some(Action::ToggleDiff) {
            self.act(Action::ToggleDiff, k);
            return;
        }
        let plain_char = match k.code {
            KeyCode::Char(c)
                if !k
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                Some(c)
            }
            _ => None,
        };
        let edit = keys::lookup(&[Context::Input], k).filter(|a| {
            matches!(
                a,
                Action::Left
                    | Action::Right
                    | Action::WordLeft
                    | Action::WordRight
                    | Action::Home
                    | Action::End
                    | Action::DeleteBack
                    | Action::DeleteForward
                    | Action::DeleteWord
                    | Action::DeleteToStart
                    | Action::DeleteToEnd
                    | Action::Undo
                    | Action::Redo
                    | Action::HistoryPrev
                    | Action::HistoryNext
                    | Action::Remember
            )
        });
        if self.overlay.is_some() || (plain_char.is_none() && edit.is_none()) {
            self.small_keys.ignored += 1;
            return;
        }
        let side = match self.input_side() {
            Some(s) => s,
            None => {
                self.set_focus(Focus::Input);
                0
            }
        };
        match (edit, plain_char) {
            (Some(a), _) => self.with_line(side, |l, h| l.on_action(a, h).unwrap_or_default()),
            (None, Some(c)) => self.with_line(side, |l, h| l.on_char(c, h)),
            (None, None) => {}
        }
        self.small_keys.applied += 1;
    }

    fn on_key(&mut self, k: KeyEvent) {
        if self.too_small() {
            self.on_key_small(&k);
            return;
        }
        let action = keys::lookup(&self.contexts(), &k);
        let plain_char = match k.code {
            KeyCode::Char(c)
                if !k
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                Some(c)
            }
            _ => None,
        };
        if let Some(o) = &mut self.overlay {
            match action {
                Some(Action::Quit) => self.quit = true,
                Some(Action::ToggleMouse) => self.toggle_mouse(),
                _ => {
                    let e = o.get().on_action(action, plain_char);
                    self.overlay_effect(e);
                }
            }
            return;
        }
        match (action, plain_char, self.input_side()) {
            (Some(a), _, _) => self.act(a, &k),
            (None, Some(c), Some(s)) => self.with_line(s, |l, h| l.on_char(c, h)),
            _ => {}
        }
    }

    /// Carries out what an overlay asked for.
    fn overlay_effect(&mut self, e: OverlayEffect) {
        match e {
            OverlayEffect::None => {}
            OverlayEffect::Close => self.close_overlay(),
            OverlayEffect::Help => {
                self.close_overlay();
                self.overlay = Some(Open::Help(HelpOverlay::default()));
            }
            OverlayEffect::Load => self.load_example(),
            OverlayEffect::Share(format) => self.share(format),
        }
    }

    /// Closes the overlay; the examples picker keeps its state for the next time.
    fn close_overlay(&mut self) {
        if let Some(Open::Examples(ex)) = self.overlay.take() {
            self.examples = Some(ex);
        }
    }

    /// The input that has focus, if one has.
    fn input_side(&self) -> Option<usize> {
        match self.focus {
            Focus::Input => Some(0),
            Focus::Second => Some(1),
            Focus::Base if self.s.base.is_some() => Some(2),
            _ => None,
        }
    }

    /// Hands input line `s` (0, 1, or 2 the base line) and the history to `f`, and
    /// carries out the effect it returns.
    fn with_line(&mut self, s: usize, f: impl FnOnce(&mut InputLine, &mut History) -> Effect) {
        let e = f(self.s.line_mut(s), &mut self.history);
        self.apply(s.min(1), e);
    }

    fn toggle_base(&mut self) {
        if self.s.diff_mode {
            self.say("the base line works on one input: Ctrl-D leaves diff mode first");
            return;
        }
        if !self.s.toggle_base() {
            if self.focus == Focus::Base {
                self.set_focus(Focus::Input);
            }
            self.say("base line closed: the input is read on its own");
        } else {
            self.set_focus(Focus::Base);
            self.say("base line: the input is resolved against it (Ctrl-T closes)");
        }
    }

    fn focus_order(&self) -> &'static [Focus] {
        if self.s.diff_mode && self.diff_trees {
            &[
                Focus::Input,
                Focus::Second,
                Focus::TreeA,
                Focus::TreeB,
                Focus::Diagnostics,
            ]
        } else if self.s.diff_mode {
            &[
                Focus::Input,
                Focus::Second,
                Focus::Ladder,
                Focus::Diagnostics,
            ]
        } else if self.s.base.is_some() {
            &[
                Focus::Base,
                Focus::Input,
                Focus::Resolution,
                Focus::Tree,
                Focus::Diagnostics,
                Focus::Forms,
            ]
        } else {
            &[
                Focus::Input,
                Focus::Tree,
                Focus::Diagnostics,
                Focus::Details,
                Focus::Forms,
            ]
        }
    }

    fn set_focus(&mut self, f: Focus) {
        self.focus = f;
        match f {
            Focus::Tree
            | Focus::Diagnostics
            | Focus::Forms
            | Focus::Ladder
            | Focus::Profiles
            | Focus::TreeA
            | Focus::TreeB => self.details_source = f,
            Focus::Input => self.details_source = Focus::Tree,
            _ => {}
        }
        match f {
            Focus::Input => self.diag_side = 0,
            Focus::Second => self.diag_side = 1,
            _ => {}
        }
    }

    fn act(&mut self, a: Action, k: &KeyEvent) {
        let side = self.input_side();
        match a {
            Action::Quit => self.quit = true,
            Action::Help => self.overlay = Some(Open::Help(HelpOverlay::default())),
            Action::FocusNext | Action::FocusPrev => {
                let order = self.focus_order();
                let i = order.iter().position(|f| *f == self.focus).unwrap_or(0);
                let n = order.len();
                let next = if a == Action::FocusNext {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                };
                self.set_focus(order[next]);
            }
            Action::ShowDetails => {
                if self.s.diff_mode {
                    // In diff mode Details reads the selected ladder step or tree node
                    // whole, in the ladder's (or the trees') room.
                    let ladder = self.focus == Focus::Ladder && self.s.ladder.diff.is_some();
                    if ladder || matches!(self.focus, Focus::TreeA | Focus::TreeB | Focus::Profiles)
                    {
                        self.set_focus(Focus::Details);
                    } else if self.focus != Focus::Details {
                        self.say(
                            "in diff mode, d on a ladder step, a tree node or a profile cell reads it whole in Details",
                        );
                    }
                } else if self.focus != Focus::Details {
                    self.set_focus(Focus::Details);
                }
            }
            Action::Back => {
                if self.focus == Focus::Details {
                    self.set_focus(self.details_source);
                } else if side.is_none() {
                    self.set_focus(if self.diag_side == 1 && self.s.diff_mode {
                        Focus::Second
                    } else {
                        Focus::Input
                    });
                } else {
                    self.status = None;
                }
            }
            Action::CycleProfile => {
                let next = match self.s.profile {
                    None => Some(Profile::ALL[0]),
                    Some(p) => Profile::ALL
                        .iter()
                        .position(|q| *q == p)
                        .and_then(|i| Profile::ALL.get(i + 1))
                        .copied(),
                };
                self.set_profile(next);
            }
            Action::PickProfile => {
                if let KeyCode::Char(c) = k.code {
                    let n = c.to_digit(10).unwrap_or(0) as usize;
                    let p = if n == 0 {
                        None
                    } else {
                        Profile::ALL.get(n - 1).copied()
                    };
                    self.set_profile(p);
                }
            }
            Action::ToggleDiff => {
                if self.s.base.is_some() && self.focus == Focus::Base {
                    self.set_focus(Focus::Input);
                }
                self.toggle_diff()
            }
            Action::Examples => {
                let ex = self
                    .examples
                    .take()
                    .unwrap_or_else(|| Box::new(Examples::new()));
                self.overlay = Some(Open::Examples(ex));
            }
            Action::Copy => self.copy(),
            Action::Share => self.overlay = Some(Open::Share(ShareMenu)),
            Action::ToggleBase => self.toggle_base(),
            Action::FocusProfiles => {
                self.panes
                    .strip
                    .select(self.s.profile.or(Some(self.s.sides[0].analysis.profile)));
                self.set_focus(Focus::Profiles);
                self.say(if self.s.diff_mode {
                    "profiles: ←/→ select, Details reads the pair under it, Enter uses it"
                } else {
                    "profiles: ←/→ select, Details reads the verdict, Enter uses it"
                });
            }
            Action::DiffTrees => {
                if self.s.diff_mode {
                    self.diff_trees = !self.diff_trees;
                    if matches!(
                        self.focus,
                        Focus::Ladder | Focus::Details | Focus::TreeA | Focus::TreeB
                    ) {
                        self.set_focus(Focus::Second);
                    }
                    self.say(if self.diff_trees {
                        "diff: both trees, the first difference marked (F6: the ladder)"
                    } else {
                        "diff: the ladder (F6: both trees)"
                    });
                } else {
                    self.say("F6 shows both trees in diff mode: Ctrl-D starts it");
                }
            }
            Action::ShareMarkdown | Action::ShareText | Action::ShareCommand => {}
            Action::ToggleMouse => self.toggle_mouse(),
            Action::Objective | Action::IgnoreDollar | Action::FormA | Action::FormB => {
                self.set_option(a)
            }
            Action::Type | Action::Load => {}
            Action::Left
            | Action::Right
            | Action::WordLeft
            | Action::WordRight
            | Action::Home
            | Action::End
            | Action::DeleteBack
            | Action::DeleteForward
            | Action::DeleteWord
            | Action::DeleteToStart
            | Action::DeleteToEnd
            | Action::Undo
            | Action::Redo
            | Action::HistoryPrev
            | Action::HistoryNext
            | Action::Remember => {
                if let Some(s) = side {
                    self.with_line(s, |l, h| l.on_action(a, h).unwrap_or_default());
                }
            }
            Action::Up
            | Action::Down
            | Action::PageUp
            | Action::PageDown
            | Action::First
            | Action::Last
            | Action::Collapse
            | Action::Expand
            | Action::Toggle
            | Action::OtherReading => {
                if self.focus == Focus::Profiles && a == Action::Toggle {
                    let p = self.panes.strip.pick();
                    self.set_profile(p);
                } else {
                    self.navigate(a);
                }
            }
        }
    }

    /// Which input the diagnostics and Details read.
    fn reads(&self) -> Reads {
        Reads {
            diag: if self.s.diff_mode { self.diag_side } else { 0 },
            details: self.details_side,
        }
    }

    /// Pane component `f`, the input it reads (0 or 1) and that input's analysis.
    fn pane_mut(&mut self, f: Focus) -> Option<(&mut dyn Pane, usize, &Analysis)> {
        let reads = self.reads();
        route(&mut self.s, &mut self.panes, reads, f)
    }

    /// Pane component `f`, read only, with the input it reads and its analysis (as
    /// [`route`] places them).
    fn pane(&self, f: Focus) -> Option<(&dyn Pane, usize, &Analysis)> {
        let (reads, p) = (self.reads(), &self.panes);
        let side = match f {
            Focus::TreeB => 1,
            Focus::Diagnostics => reads.diag.min(1),
            Focus::Details => reads.details.min(1),
            _ => 0,
        };
        let s = &self.s.sides[side];
        let pane: &dyn Pane = match f {
            Focus::Tree | Focus::TreeA | Focus::TreeB => &s.tree,
            Focus::Diagnostics => &s.diags,
            Focus::Forms => &p.forms,
            Focus::Ladder => &self.s.ladder,
            Focus::Details => &p.details,
            Focus::Profiles => &p.strip,
            Focus::Resolution => &self.s.resolution,
            Focus::Input | Focus::Second | Focus::Base => return None,
        };
        Some((pane, side, &s.analysis))
    }

    fn apply(&mut self, side: usize, e: Effect) {
        match e {
            Effect::None => {}
            Effect::Cursor(at) => self.s.sides[side].set_cursor(at),
            Effect::Say(t) => self.say(t),
            Effect::Error(t) => self.say_error(t),
            Effect::Clear => self.status = None,
        }
    }

    fn navigate(&mut self, a: Action) {
        let Some((pane, side, analysis)) = self.pane_mut(self.focus) else {
            return;
        };
        let e = pane.on_action(a, analysis);
        self.apply(side, e);
    }

    fn set_profile(&mut self, p: Option<Profile>) {
        let msg = self.s.set_profile(p);
        self.say(msg);
    }

    fn set_option(&mut self, a: Action) {
        if let Some(msg) = self.s.set_option(a) {
            self.say(msg);
        }
    }

    fn toggle_diff(&mut self) {
        if self.s.toggle_diff() {
            self.set_focus(Focus::Second);
            self.say("diff mode: edit B to compare (Ctrl-D leaves)");
        } else {
            self.set_focus(Focus::Input);
            self.diag_side = 0;
            self.status = None;
        }
    }

    fn toggle_mouse(&mut self) {
        self.mouse = !self.mouse;
        if self.mouse {
            self.say("mouse capture on: click rows to select them");
        } else {
            self.say(
                "mouse capture off: the terminal selects text now (Ctrl-G turns capture back on)",
            );
        }
    }

    fn load_example(&mut self) {
        let Some(Open::Examples(ex)) = &self.overlay else {
            return;
        };
        let Some(loaded) = ex.selected().map(panes::examples::load) else {
            return;
        };
        self.close_overlay();
        self.s.load(&loaded);
        self.set_focus(Focus::Input);
        self.say(loaded.message);
    }

    /// The report of the current view (`Some(format)`) or the command that reopens it
    /// (`None`): the same text `idbench explain` prints for the same arguments.
    pub fn share_text(&self, format: Option<ReportFormat>) -> String {
        self.s.share_text(format)
    }

    fn share(&mut self, format: Option<ReportFormat>) {
        self.overlay = None;
        let text = self.share_text(format);
        let what = match format {
            Some(ReportFormat::Markdown) => "the Markdown report",
            Some(ReportFormat::Text) => "the text report",
            None => "the command that reopens this view",
        };
        self.status = Some(self.clipboard.copy_told(&text, what, true));
    }

    fn copy(&mut self) {
        let (text, what): (String, String) = match (self.focus, self.input_side()) {
            (_, Some(s)) => {
                let (text, what) = self.s.line_copy(s);
                (text, what.to_string())
            }
            (f, None) => match self.pane(f).and_then(|(p, _, a)| p.copy(a)) {
                Some(c) => (c.text, c.what),
                None => return,
            },
        };
        self.status = Some(self.clipboard.copy_told(&text, &what, false));
    }

    fn on_paste(&mut self, s: &str) {
        if let Some(o) = &mut self.overlay {
            o.get().on_paste(&one_line(s));
            return;
        }
        let side = match self.input_side() {
            Some(s) => s,
            None => {
                self.set_focus(Focus::Input);
                0
            }
        };
        self.with_line(side, |l, h| l.on_paste(s, h));
    }

    fn on_mouse(&mut self, m: MouseEvent) {
        let pos = Position::new(m.column, m.row);
        let up = match m.kind {
            MouseEventKind::Down(MouseButton::Left) => None,
            MouseEventKind::ScrollUp => Some(true),
            MouseEventKind::ScrollDown => Some(false),
            _ => return,
        };
        if let Some(o) = &mut self.overlay {
            match up {
                Some(up) => o.get().on_wheel(up),
                None => {
                    let e = o.get().on_click(pos);
                    self.overlay_effect(e);
                }
            }
            return;
        }
        if let Some(up) = up {
            let target = self.hits.panes.iter().find(|(_, r)| r.contains(pos));
            if let Some(&(f, _)) = target {
                self.set_focus(f);
                if let Some((pane, side, analysis)) = self.pane_mut(f) {
                    let e = pane.on_wheel(up, analysis);
                    self.apply(side, e);
                }
            }
            return;
        }
        if let Some(&(_, p)) = self.hits.strip.iter().find(|(r, _)| r.contains(pos)) {
            self.panes.strip.select(p);
            self.set_profile(p);
            return;
        }
        for s in 0..2 {
            if let Some(r) = self.hits.inputs[s]
                && r.contains(pos)
            {
                self.set_focus(if s == 0 { Focus::Input } else { Focus::Second });
                self.s.sides[s].on_click(r, m.column, m.row);
                return;
            }
        }
        let target = self.hits.panes.iter().find(|(_, r)| r.contains(pos));
        if let Some(&(f, r)) = target {
            self.set_focus(f);
            if let Some((pane, side, analysis)) = self.pane_mut(f) {
                let e = pane.on_click(r, m.row, analysis);
                self.apply(side, e);
            }
        }
    }

    // ----- drawing -----

    /// Draws one frame. Reads the cached analyses; never re-analyses.
    pub fn draw(&mut self, f: &mut Frame) {
        let area = f.area();
        self.size = (area.width, area.height);
        self.hits = Hits::default();
        if self.too_small() {
            let (min, diff) = (self.min_size(), self.s.diff_mode);
            let k = self.small_keys;
            panes::status::draw_too_small(f, area, min, diff, (k.applied, k.ignored), &self.theme);
            return;
        }
        if self.small_keys != SmallKeys::default() {
            let SmallKeys { applied, ignored } = std::mem::take(&mut self.small_keys);
            self.say(format!(
                "while the terminal was too small: {} applied to the input, {} ignored",
                panes::plural(applied, "key"),
                panes::plural(ignored, "command")
            ));
        }
        let diag_side = if self.s.diff_mode { self.diag_side } else { 0 };
        let n_diags = self.s.sides[diag_side].diags.len();
        let status_area;
        if self.s.diff_mode {
            let layout::Diff {
                a,
                b,
                strip,
                ladder,
                diags,
                status,
            } = layout::diff(area, n_diags);
            self.draw_input(f, 0, a);
            self.draw_input(f, 1, b);
            self.draw_strip(f, strip);
            if matches!(self.focus, Focus::Details | Focus::Profiles) {
                // Focused (or following the profile strip), Details takes the ladder's (or
                // the trees') room: the selected step, node or profile cell read whole.
                self.refresh_details();
                self.draw_pane(f, Focus::Details, ladder);
            } else if self.diff_trees {
                let rects = panes::difftrees::areas(ladder);
                self.draw_pane(f, Focus::TreeA, rects[0]);
                self.draw_pane(f, Focus::TreeB, rects[1]);
                let difference = self.diff().and_then(|d| d.verdict.difference.as_ref());
                for (k, focus) in [Focus::TreeA, Focus::TreeB].into_iter().enumerate() {
                    let side = &self.s.sides[k];
                    let look = panes::difftrees::Look {
                        side: k,
                        focused: self.focus == focus,
                        difference,
                    };
                    panes::difftrees::decorate(
                        f,
                        rects[k],
                        &side.analysis,
                        &side.tree,
                        look,
                        &self.theme,
                    );
                }
            } else {
                self.draw_pane(f, Focus::Ladder, ladder);
            }
            let which = if diag_side == 0 { " · A" } else { " · B" };
            self.s.sides[diag_side].diags.which = which.into();
            self.draw_pane(f, Focus::Diagnostics, diags);
            status_area = status;
        } else {
            let n_forms = panes::forms::rows(&self.s.sides[0].analysis).len();
            let layout::Single {
                base,
                input,
                strip,
                main,
                tree,
                details,
                forms,
                diags,
                status,
            } = layout::single(area, self.s.base.is_some(), n_diags, n_forms);
            if self.s.base.is_some() {
                self.draw_input(f, 2, base);
            }
            self.draw_input(f, 0, input);
            self.draw_strip(f, strip);
            // With a base line, the resolution takes Details' room: the target and the
            // steps are what the user is reading then.
            let with_base = self.s.base.is_some();
            self.refresh_details();
            if self.focus == Focus::Details {
                // Focused, Details takes the tree's and the forms' room: a long value is
                // read whole even at 80×24.
                self.draw_pane(f, Focus::Details, main);
            } else {
                if with_base {
                    self.draw_pane(f, Focus::Resolution, details);
                }
                self.draw_pane(f, Focus::Tree, tree);
                if !with_base {
                    self.draw_pane(f, Focus::Details, details);
                }
                self.draw_pane(f, Focus::Forms, forms);
            }
            self.s.sides[0].diags.which.clear();
            self.draw_pane(f, Focus::Diagnostics, diags);
            status_area = status;
        }
        if let Some(o) = &mut self.overlay {
            o.get().draw(f, area, &self.theme);
        }
        // In the input, the global keys are the ones worth a hint; elsewhere the pane's own.
        let mut contexts = self.contexts();
        if self.overlay.is_none() && self.input_side().is_some() {
            contexts.reverse();
        }
        let hints = keys::hints(&contexts);
        let msg = match (&self.status, self.mouse) {
            (Some(m), _) => Some(m.clone()),
            (None, false) => Some(Message {
                text: "mouse capture off (Ctrl-G)".into(),
                level: Level::Info,
            }),
            (None, true) => None,
        };
        panes::status::draw(
            f.buffer_mut(),
            status_area,
            msg.as_ref(),
            &hints,
            &self.theme,
        );
    }

    fn draw_strip(&mut self, f: &mut Frame, area: Rect) {
        let in_use = self.s.sides[0].analysis.profile;
        let cells = match (&self.s.ladder.diff, self.s.diff_mode) {
            (Some(d), true) => panes::profiles::Cells::Equivalence(&d.per_profile),
            _ => panes::profiles::Cells::Validity(&self.s.sides[0].analysis.verdicts),
        };
        let selected = (self.focus == Focus::Profiles && self.overlay.is_none())
            .then_some(self.panes.strip.selected);
        self.hits.strip = panes::profiles::draw(
            f.buffer_mut(),
            area,
            self.s.profile,
            in_use,
            cells,
            selected,
            &self.theme,
        );
    }

    /// Rebuilds Details when the selection it follows changed (not at every frame).
    fn refresh_details(&mut self) {
        self.panes.strip.chosen = self.s.profile;
        let src = self.details_source;
        let Some((pane, side, analysis)) = self.pane(src) else {
            return;
        };
        let key = (
            src,
            side,
            self.s.analyses(),
            self.s.comparisons(),
            pane.selected(),
        );
        if self.details_key == Some(key) {
            return;
        }
        // A profile cell in diff mode reads the comparison, not one input.
        let strip = &self.panes.strip;
        let detail = match self.diff().filter(|_| src == Focus::Profiles) {
            Some(d) => {
                panes::profiles::pair_detail(d, strip.pick(), self.s.profile, strip.selected)
            }
            None => pane.detail(analysis).unwrap_or_default(),
        };
        self.details_key = Some(key);
        self.details_side = side;
        self.panes.details.show(detail);
    }

    /// Draws pane component `which` into `area` and remembers where, for the mouse.
    fn draw_pane(&mut self, f: &mut Frame, which: Focus, area: Rect) {
        let focused = self.focus == which;
        let reads = self.reads();
        if let Some((pane, _, analysis)) = route(&mut self.s, &mut self.panes, reads, which) {
            pane.draw(f, area, analysis, focused, &self.theme);
            self.hits.panes.push((which, area));
        }
    }

    fn draw_input(&mut self, f: &mut Frame, s: usize, area: Rect) {
        let focused = self.overlay.is_none() && self.input_side() == Some(s);
        let difference = self
            .diff()
            .and_then(|d| d.verdict.difference.as_ref())
            .map(|d| if s == 0 { d.a } else { d.b });
        let look = Look::of(s, self.s.diff_mode, focused, difference);
        let line = match (s, self.s.base.as_mut()) {
            (2, Some(b)) => b,
            (2, None) => return,
            _ => &mut self.s.sides[s.min(1)],
        };
        line.render(f, area, look, &self.theme);
        if let Some(h) = self.hits.inputs.get_mut(s) {
            *h = Some(area);
        }
    }
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("inputs", &[self.input(0), self.input(1)])
            .field("profile", &self.s.profile)
            .field("focus", &self.focus)
            .field("diff_mode", &self.s.diff_mode)
            .field("status", &self.status)
            .finish()
    }
}
