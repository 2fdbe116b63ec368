//! The workbench's state: one [`App::handle`] for every event and one [`App::draw`] for
//! every frame.
//!
//! The app routes: focus, global keys (profile, diff mode, overlays, copy, history, the
//! input's editing keys) and layout. Each pane is a component in `panes/` (see
//! [`Pane`]): the app hands the focused one its navigation keys, clicks and wheel, and
//! asks it what to copy; `App::pane_mut` says which data each pane reads.
//!
//! Each input's [`Analysis`] is computed once per change of its text (or of the profile),
//! at the end of `handle`, and cached with everything derived for display (line layout,
//! tree rows, sorted diagnostics). `draw` only reads the cache: a frame never re-analyses.
//!
//! The app knows nothing of the real terminal, so tests drive it with
//! `App::new(config)`, `app.handle(event)` and `terminal.draw(|f| app.draw(f))` on a
//! `TestBackend`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tui_textarea::{CursorMove, TextArea};

use super::clipboard::{Clipboard, Mode, Outcome};
use super::event::Event;
use super::history::History;
use super::keys::{self, Action, Context};
use super::panes::details::DetailsPane;
use super::panes::diagnostics::DiagView;
use super::panes::diff::{DiffState, LadderPane};
use super::panes::examples::Examples;
use super::panes::forms::FormsPane;
use super::panes::input::{Decor, InputView};
use super::panes::profiles::ProfilesPane;
use super::panes::resolution::ResolutionState;
use super::panes::status::{Level, Message};
use super::panes::tree::TreeView;
use super::panes::{self, Effect, Pane, block, inner};
use super::theme::{Slot, Theme};
use crate::engine::equiv::{self, CompareOptions, Objective, SideForm};
use crate::engine::{Analysis, Options, Profile, Severity, analyze};
use crate::report::{self, ReportFormat};

/// The most input the workbench holds per input line, in bytes. A paste or keystroke that
/// would go beyond it is refused, with a message: a cut identifier would be another
/// identifier. The command line reads inputs of any size (`idbench parse -`).
pub const MAX_INPUT: usize = 1 << 20;

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
}

#[derive(Debug)]
enum Overlay {
    Help { scroll: usize },
    Examples(Box<Examples>),
    Share,
}

/// One input with its cached analysis and what is derived from it for display.
struct Side {
    ta: TextArea<'static>,
    analysis: Analysis,
    view: InputView,
    tree: TreeView,
    diags: DiagView,
    /// First display column shown.
    scroll: usize,
    /// The cursor offset the tree selection last followed.
    synced: Option<usize>,
}

impl Side {
    fn new(text: &str, profile: Option<Profile>) -> Side {
        let mut ta = TextArea::new(vec![one_line(text).into_owned()]);
        ta.move_cursor(CursorMove::End);
        let analysis = analyze(
            ta.lines().first().map(String::as_str).unwrap_or(""),
            &options(profile),
        );
        let mut s = Side {
            ta,
            view: InputView::new(&analysis),
            tree: TreeView::new(&analysis),
            diags: DiagView::new(&analysis),
            analysis,
            scroll: 0,
            synced: None,
        };
        s.sync();
        s
    }

    fn text(&self) -> &str {
        self.ta.lines().first().map(String::as_str).unwrap_or("")
    }

    fn reanalyze(&mut self, profile: Option<Profile>) {
        self.analysis = analyze(self.text(), &options(profile));
        self.view = InputView::new(&self.analysis);
        let diag_sel = self.diags.list;
        self.tree = TreeView::new(&self.analysis);
        self.diags = DiagView::new(&self.analysis);
        self.diags.list = diag_sel;
        self.diags.list.clamp(self.diags.len());
        self.synced = None;
    }

    fn cursor(&self) -> usize {
        let col = self.ta.cursor().1;
        let t = self.text();
        t.char_indices().nth(col).map(|(i, _)| i).unwrap_or(t.len())
    }

    fn set_cursor(&mut self, byte: usize) {
        let t = self.text();
        let mut b = byte.min(t.len());
        while !t.is_char_boundary(b) {
            b -= 1;
        }
        let col = t[..b].chars().count();
        self.ta
            .move_cursor(CursorMove::Jump(0, u16::try_from(col).unwrap_or(u16::MAX)));
    }

    fn set_text(&mut self, s: &str) {
        self.ta.move_cursor(CursorMove::Head);
        self.ta.delete_line_by_end();
        self.ta.insert_str(one_line(s));
    }

    /// Selects the deepest node under the cursor when the cursor has moved.
    fn sync(&mut self) {
        let c = self.cursor();
        if self.synced != Some(c) {
            self.tree.select(self.analysis.tree.deepest_at(c).index());
            self.synced = Some(c);
        }
    }
}

fn options(profile: Option<Profile>) -> Options {
    Options {
        profile,
        ..Options::full()
    }
}

/// The message for an input that would grow to `total` bytes, beyond [`MAX_INPUT`].
fn too_long(what: &str, total: usize) -> String {
    format!(
        "{what}: the input would be {total} bytes, over the workbench's limit of {MAX_INPUT} \
         (1 MiB); `idbench parse -` reads any size from stdin"
    )
}

/// `s` without line breaks (an identifier is one line).
fn one_line(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains(['\n', '\r']) {
        s.replace(['\n', '\r'], "").into()
    } else {
        s.into()
    }
}

/// Pane component `f`, the input it reads (0 or 1) and that input's analysis; `diag_side`
/// is the input whose diagnostics are listed. Every pane component is placed here.
fn route<'a>(
    sides: &'a mut [Side; 2],
    forms: &'a mut FormsPane,
    ladder: &'a mut LadderPane,
    details: &'a mut DetailsPane,
    strip: &'a mut ProfilesPane,
    diag_side: usize,
    f: Focus,
) -> Option<(&'a mut dyn Pane, usize, &'a Analysis)> {
    match f {
        Focus::Tree => {
            let side = &mut sides[0];
            Some((&mut side.tree, 0, &side.analysis))
        }
        Focus::Diagnostics => {
            let side = &mut sides[diag_side.min(1)];
            Some((&mut side.diags, diag_side.min(1), &side.analysis))
        }
        Focus::Forms => Some((forms, 0, &sides[0].analysis)),
        Focus::Ladder => Some((ladder, 0, &sides[0].analysis)),
        Focus::Details => Some((details, 0, &sides[0].analysis)),
        Focus::Profiles => Some((strip, 0, &sides[0].analysis)),
        Focus::Input | Focus::Second | Focus::Base => None,
    }
}

/// Where things were drawn, for the mouse.
#[derive(Debug, Default)]
struct Hits {
    inputs: [Option<Rect>; 2],
    /// The pane components drawn this frame.
    panes: Vec<(Focus, Rect)>,
    strip: Vec<panes::profiles::Hit>,
    examples: Option<Rect>,
}

/// The workbench.
pub struct App {
    theme: Theme,
    profile: Option<Profile>,
    sides: [Side; 2],
    /// The base line, when open: the input is then a reference resolved against it.
    base: Option<Side>,
    /// The input resolved against the base (computed once per change, in `refresh`).
    resolution: ResolutionState,
    diff_mode: bool,
    /// Diff mode shows both trees instead of the ladder (F6).
    diff_trees: bool,
    ladder: LadderPane,
    /// The compare options diff mode uses (its profile is `profile`).
    compare_opts: CompareOptions,
    /// An option changed: compare again at the end of the event.
    recompare: bool,
    /// How many times the inputs have been compared.
    comparisons: u64,
    focus: Focus,
    /// The input whose diagnostics are listed (diff mode: the last one focused).
    diag_side: usize,
    overlay: Option<Overlay>,
    examples: Option<Box<Examples>>,
    forms: FormsPane,
    details: DetailsPane,
    /// The profile strip as a component (F7).
    strip: ProfilesPane,
    /// The pane whose selection Details shows (the last one focused but Details).
    details_source: Focus,
    /// What Details was last built from: `(source, input, analyses, selected row)`.
    details_key: Option<(Focus, usize, u64, usize)>,
    status: Option<Message>,
    clipboard: Clipboard,
    history: History,
    mouse: bool,
    quit: bool,
    reanalyze_all: bool,
    analyses: u64,
    size: (u16, u16),
    hits: Hits,
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
        let diff_mode = with.is_some();
        let sides = [
            Side::new(&input, profile),
            Side::new(with.as_deref().unwrap_or(""), profile),
        ];
        let status = (!messages.is_empty()).then(|| Message {
            text: messages.join(" · "),
            level: Level::Error,
        });
        let mut app = App {
            theme,
            profile,
            sides,
            base: base.map(|b| Side::new(&b, profile)),
            resolution: ResolutionState::default(),
            diff_mode,
            diff_trees: false,
            ladder: LadderPane::default(),
            // The profile lives in `profile`; `compare` takes it at each comparison.
            compare_opts: CompareOptions {
                profile: None,
                ..compare
            },
            recompare: false,
            comparisons: 0,
            focus: Focus::Input,
            diag_side: 0,
            overlay: None,
            examples: None,
            forms: FormsPane::default(),
            details: DetailsPane::default(),
            strip: ProfilesPane::default(),
            details_source: Focus::Tree,
            details_key: None,
            status,
            clipboard,
            history,
            mouse,
            quit: false,
            reanalyze_all: false,
            analyses: 0,
            size: (0, 0),
            hits: Hits::default(),
        };
        app.refresh(true);
        app
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
        self.sides.get(side).map(Side::text).unwrap_or("")
    }

    /// The cached analysis of input `side`.
    pub fn analysis(&self, side: usize) -> &Analysis {
        &self.sides[side.min(1)].analysis
    }

    /// The selected tree node (preorder index) of input `side`.
    pub fn selected_node(&self, side: usize) -> usize {
        self.sides[side.min(1)].tree.selected
    }

    /// How many times an input has been analysed since the start: it grows with edits and
    /// profile changes, never with frames.
    pub fn analyses(&self) -> u64 {
        self.analyses
    }

    /// How many times the two inputs have been compared since the start: it grows with
    /// edits, profile and option changes in diff mode, never with frames.
    pub fn comparisons(&self) -> u64 {
        self.comparisons
    }

    /// The compare options diff mode uses (the profile field aside: see
    /// [`profile`](Self::profile)).
    pub fn compare_options(&self) -> &CompareOptions {
        &self.compare_opts
    }

    /// The focused pane.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// True in diff mode.
    pub fn diff_mode(&self) -> bool {
        self.diff_mode
    }

    /// The comparison shown in diff mode.
    pub fn diff(&self) -> Option<&DiffState> {
        self.ladder.diff.as_ref().filter(|_| self.diff_mode)
    }

    /// The chosen profile (`None`: auto).
    pub fn profile(&self) -> Option<Profile> {
        self.profile
    }

    /// The history.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Remembers the inputs and writes the history (at exit).
    pub fn save_history(&mut self) -> std::io::Result<()> {
        for i in 0..2 {
            if i == 0 || self.diff_mode {
                let t = self.sides[i].text().to_string();
                self.history.push(&t);
            }
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
        let all = std::mem::take(&mut self.reanalyze_all);
        self.refresh(all);
    }

    /// The smallest size the current mode can be drawn in.
    pub fn min_size(&self) -> (u16, u16) {
        if self.diff_mode {
            MIN_SIZE_DIFF
        } else {
            MIN_SIZE
        }
    }

    fn too_small(&self) -> bool {
        let (w, h) = self.min_size();
        self.size.0 != 0 && (self.size.0 < w || self.size.1 < h)
    }

    /// Re-analyses each input whose text changed (or all), recomputes the comparison if
    /// needed, and lets the tree follow the cursor.
    fn refresh(&mut self, all: bool) {
        let mut changed = false;
        for side in &mut self.sides {
            if all || side.text() != side.analysis.input {
                side.reanalyze(self.profile);
                self.analyses += 1;
                changed = true;
            }
        }
        if changed {
            let n = panes::forms::rows(&self.sides[0].analysis).len();
            self.forms.list.clamp(n);
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
        if self.diff_mode && (changed || recompare || self.ladder.diff.is_none()) {
            self.compare();
        }
        for side in &mut self.sides {
            side.sync();
        }
    }

    fn compare(&mut self) {
        self.comparisons += 1;
        let (a, b) = (self.sides[0].text(), self.sides[1].text());
        let opts = CompareOptions {
            profile: self.profile,
            ..self.compare_opts.clone()
        };
        let verdict = equiv::compare(a, b, &opts);
        let per_profile = equiv::compare_per_profile(a, b, &opts);
        let list = self
            .ladder
            .diff
            .as_ref()
            .map(|d| d.list)
            .unwrap_or_default();
        self.ladder.diff = Some(DiffState::new(verdict, opts, per_profile, list));
    }

    fn contexts(&self) -> Vec<Context> {
        match (&self.overlay, self.focus) {
            (Some(Overlay::Help { .. }), _) => vec![Context::Help, Context::Global],
            (Some(Overlay::Examples(_)), _) => vec![Context::Examples, Context::Global],
            (Some(Overlay::Share), _) => vec![Context::Share, Context::Global],
            (None, Focus::Input | Focus::Second | Focus::Base) => {
                vec![Context::Input, Context::Global]
            }
            (None, f) => {
                let cx = self.pane(f).map(|p| p.context()).unwrap_or(Context::Panes);
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

    fn on_key(&mut self, k: KeyEvent) {
        if self.too_small() {
            let global = keys::lookup(&[Context::Global], &k);
            let quit =
                matches!(k.code, KeyCode::Char('q') | KeyCode::Esc) || global == Some(Action::Quit);
            if quit {
                self.quit = true;
                return;
            }
            // Leaving diff mode is allowed: the single-input layout fits in less room.
            if !(self.diff_mode && global == Some(Action::ToggleDiff)) {
                return;
            }
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
        match &mut self.overlay {
            Some(Overlay::Help { scroll }) => {
                match action {
                    Some(Action::Up) => *scroll = scroll.saturating_sub(1),
                    Some(Action::Down) => *scroll += 1,
                    Some(Action::PageUp) => *scroll = scroll.saturating_sub(10),
                    Some(Action::PageDown) => *scroll += 10,
                    Some(Action::Back | Action::Help) => self.overlay = None,
                    Some(Action::Quit) => self.quit = true,
                    Some(Action::ToggleMouse) => self.toggle_mouse(),
                    _ => {}
                }
                return;
            }
            Some(Overlay::Examples(ex)) => {
                match action {
                    Some(Action::Up) => ex.step(-1),
                    Some(Action::Down) => ex.step(1),
                    Some(Action::PageUp) => ex.step(-10),
                    Some(Action::PageDown) => ex.step(10),
                    Some(Action::DeleteBack) => ex.pop(),
                    Some(Action::Load) => self.load_example(),
                    Some(Action::Back | Action::Examples) => self.close_examples(),
                    Some(Action::Help) => {
                        self.close_examples();
                        self.overlay = Some(Overlay::Help { scroll: 0 });
                    }
                    Some(Action::Quit) => self.quit = true,
                    Some(Action::ToggleMouse) => self.toggle_mouse(),
                    Some(_) => {}
                    None => {
                        if let Some(c) = plain_char {
                            ex.push(c);
                        }
                    }
                }
                return;
            }
            Some(Overlay::Share) => {
                match action {
                    Some(Action::ShareMarkdown) => self.share(Some(ReportFormat::Markdown)),
                    Some(Action::ShareText) => self.share(Some(ReportFormat::Text)),
                    Some(Action::ShareCommand) => self.share(None),
                    Some(Action::Back | Action::Share) => self.overlay = None,
                    Some(Action::Quit) => self.quit = true,
                    Some(Action::Help) => self.overlay = Some(Overlay::Help { scroll: 0 }),
                    _ => {}
                }
                return;
            }
            None => {}
        }
        match action {
            Some(a) => self.act(a, &k),
            None => {
                if let (Some(c), Some(side)) = (plain_char, self.input_side()) {
                    if self.side(side).text().len() + c.len_utf8() > MAX_INPUT {
                        self.say_error(too_long("typing refused", MAX_INPUT + 1));
                        return;
                    }
                    self.history.stop_recall();
                    self.side_mut(side).ta.insert_char(c);
                    self.status = None;
                }
            }
        }
    }

    /// The input that has focus, if one has.
    fn input_side(&self) -> Option<usize> {
        match self.focus {
            Focus::Input => Some(0),
            Focus::Second => Some(1),
            Focus::Base if self.base.is_some() => Some(2),
            _ => None,
        }
    }

    /// Input `s`: 0 and 1 the two sides, 2 the base line (the first input when closed).
    fn side_mut(&mut self, s: usize) -> &mut Side {
        match (s, self.base.as_mut()) {
            (2, Some(b)) => b,
            _ => &mut self.sides[s.min(1)],
        }
    }

    fn side(&self, s: usize) -> &Side {
        match (s, self.base.as_ref()) {
            (2, Some(b)) => b,
            _ => &self.sides[s.min(1)],
        }
    }

    fn toggle_base(&mut self) {
        if self.diff_mode {
            self.say("the base line works on one input: Ctrl-D leaves diff mode first");
            return;
        }
        if self.base.take().is_some() {
            if self.focus == Focus::Base {
                self.set_focus(Focus::Input);
            }
            self.say("base line closed: the input is read on its own");
        } else {
            self.base = Some(Side::new("", self.profile));
            self.set_focus(Focus::Base);
            self.say("base line: the input is resolved against it (Ctrl-T closes)");
        }
    }

    fn focus_order(&self) -> &'static [Focus] {
        if self.diff_mode && self.diff_trees {
            &[Focus::Input, Focus::Second, Focus::Diagnostics]
        } else if self.diff_mode {
            &[
                Focus::Input,
                Focus::Second,
                Focus::Ladder,
                Focus::Diagnostics,
            ]
        } else if self.base.is_some() {
            &[
                Focus::Base,
                Focus::Input,
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
            Focus::Tree | Focus::Diagnostics | Focus::Forms | Focus::Ladder | Focus::Profiles => {
                self.details_source = f
            }
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
            Action::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
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
                if self.diff_mode {
                    // In diff mode Details reads the selected ladder step whole, in the
                    // ladder's room.
                    if self.focus == Focus::Ladder && self.ladder.diff.is_some() {
                        self.set_focus(Focus::Details);
                    } else if self.focus != Focus::Details {
                        self.say("in diff mode, d on a ladder step reads it whole in Details");
                    }
                } else if self.focus != Focus::Details {
                    self.set_focus(Focus::Details);
                }
            }
            Action::Back => {
                if self.focus == Focus::Details {
                    self.set_focus(self.details_source);
                } else if side.is_none() {
                    self.set_focus(if self.diag_side == 1 && self.diff_mode {
                        Focus::Second
                    } else {
                        Focus::Input
                    });
                } else {
                    self.status = None;
                }
            }
            Action::CycleProfile => {
                let next = match self.profile {
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
                if self.base.take().is_some() && self.focus == Focus::Base {
                    self.set_focus(Focus::Input);
                }
                self.toggle_diff()
            }
            Action::Examples => {
                let ex = self
                    .examples
                    .take()
                    .unwrap_or_else(|| Box::new(Examples::new()));
                self.overlay = Some(Overlay::Examples(ex));
            }
            Action::Copy => self.copy(),
            Action::Share => self.overlay = Some(Overlay::Share),
            Action::ToggleBase => self.toggle_base(),
            Action::FocusProfiles => {
                if self.diff_mode {
                    self.say("F7 selects profiles in single mode; in diff mode the strip compares");
                } else {
                    self.strip
                        .select(self.profile.or(Some(self.sides[0].analysis.profile)));
                    self.set_focus(Focus::Profiles);
                    self.say("profiles: ←/→ select, Details reads the verdict, Enter uses it");
                }
            }
            Action::DiffTrees => {
                if self.diff_mode {
                    self.diff_trees = !self.diff_trees;
                    if self.diff_trees && matches!(self.focus, Focus::Ladder | Focus::Details) {
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
            Action::HistoryPrev | Action::HistoryNext => {
                if let Some(s) = side {
                    let current = self.side(s).text().to_string();
                    let recalled = if a == Action::HistoryPrev {
                        self.history.older(&current).map(str::to_string)
                    } else {
                        self.history.newer().map(str::to_string)
                    };
                    match recalled {
                        Some(t) => self.side_mut(s).set_text(&t),
                        None if a == Action::HistoryPrev && self.history.entries().is_empty() => {
                            self.say("no history yet: Enter remembers an input")
                        }
                        None => {}
                    }
                }
            }
            Action::Remember => {
                if let Some(s) = side {
                    let t = self.side(s).text().to_string();
                    if t.is_empty() {
                        self.say("nothing to remember: the input is empty");
                    } else {
                        self.history.push(&t);
                        self.say("remembered in history (Up recalls it)");
                    }
                }
            }
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
            | Action::Redo => {
                if let Some(s) = side {
                    self.edit(s, a);
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
            | Action::Toggle => {
                if self.focus == Focus::Profiles && a == Action::Toggle {
                    let p = self.strip.pick();
                    self.set_profile(p);
                } else {
                    self.navigate(a);
                }
            }
        }
    }

    fn edit(&mut self, s: usize, a: Action) {
        let ta = &mut self.side_mut(s).ta;
        let before = ta.lines().first().map(String::len);
        match a {
            Action::Left => ta.move_cursor(CursorMove::Back),
            Action::Right => ta.move_cursor(CursorMove::Forward),
            Action::WordLeft => ta.move_cursor(CursorMove::WordBack),
            Action::WordRight => ta.move_cursor(CursorMove::WordForward),
            Action::Home => ta.move_cursor(CursorMove::Head),
            Action::End => ta.move_cursor(CursorMove::End),
            Action::DeleteBack => drop(ta.delete_char()),
            Action::DeleteForward => drop(ta.delete_next_char()),
            Action::DeleteWord => drop(ta.delete_word()),
            Action::DeleteToStart => drop(ta.delete_line_by_head()),
            Action::DeleteToEnd => drop(ta.delete_line_by_end()),
            Action::Undo => drop(ta.undo()),
            Action::Redo => drop(ta.redo()),
            _ => {}
        }
        if ta.lines().first().map(String::len) != before || matches!(a, Action::Undo | Action::Redo)
        {
            self.history.stop_recall();
            self.status = None;
        }
    }

    /// The focused pane's component, the input it reads (0 or 1) and that input's
    /// analysis.
    fn pane_mut(&mut self, f: Focus) -> Option<(&mut dyn Pane, usize, &Analysis)> {
        let s = if self.diff_mode { self.diag_side } else { 0 };
        route(
            &mut self.sides,
            &mut self.forms,
            &mut self.ladder,
            &mut self.details,
            &mut self.strip,
            s,
            f,
        )
    }

    /// The pane component `f`, read only.
    fn pane(&self, f: Focus) -> Option<&dyn Pane> {
        let s = if self.diff_mode { self.diag_side } else { 0 };
        match f {
            Focus::Tree => Some(&self.sides[0].tree),
            Focus::Diagnostics => Some(&self.sides[s].diags),
            Focus::Forms => Some(&self.forms),
            Focus::Ladder => Some(&self.ladder),
            Focus::Details => Some(&self.details),
            Focus::Profiles => Some(&self.strip),
            Focus::Input | Focus::Second | Focus::Base => None,
        }
    }

    /// Carries out what a pane asked for.
    fn apply(&mut self, side: usize, e: Effect) {
        match e {
            Effect::None => {}
            Effect::Cursor(at) => self.sides[side].set_cursor(at),
            Effect::Say(t) => self.say(t),
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
        self.profile = p;
        self.reanalyze_all = true;
        self.ladder.diff = None;
        match p {
            None => self.say("profile: auto (chosen per input; the reason is under the input)"),
            Some(p) => self.say(format!("profile: {} ({})", p.name(), p.title())),
        }
    }

    /// Changes one compare option; the pair is compared again once, at the end of the
    /// event.
    fn set_option(&mut self, a: Action) {
        let next_form = |f: SideForm| match f {
            SideForm::AsIs => SideForm::IriNormal,
            SideForm::IriNormal => SideForm::UriNormal,
            SideForm::UriNormal => SideForm::AsIs,
        };
        let form_name = |f: SideForm| match f {
            SideForm::AsIs => "as typed",
            SideForm::IriNormal => "in IRI-normal form",
            SideForm::UriNormal => "in URI-normal form",
        };
        let o = &mut self.compare_opts;
        let (what, applies) = match a {
            Action::Objective => {
                o.objective = match o.objective {
                    Objective::Names => Objective::Cache,
                    Objective::Cache => Objective::Names,
                };
                let what = match o.objective {
                    Objective::Names => {
                        "objective 5a: distinguish the names (the query is removed)"
                    }
                    Objective::Cache => "objective 5b: cache results (directives reordered)",
                };
                (what.to_string(), Profile::Rfc2141bis)
            }
            Action::IgnoreDollar => {
                o.ignore_dollar = !o.ignore_dollar;
                let what = if o.ignore_dollar {
                    "\"$\" cross-references ignored (ignore_dollar, XRI Syntax 2.0 §2.5.4)"
                } else {
                    "\"$\" cross-references kept (XRI Syntax 2.0 §2.5.4)"
                };
                (what.to_string(), Profile::Xri2)
            }
            Action::FormA => {
                o.a_form = next_form(o.a_form);
                (format!("A is read {}", form_name(o.a_form)), Profile::Xri2)
            }
            Action::FormB => {
                o.b_form = next_form(o.b_form);
                (format!("B is read {}", form_name(o.b_form)), Profile::Xri2)
            }
            _ => return,
        };
        let under = self
            .ladder
            .diff
            .as_ref()
            .filter(|_| self.diff_mode)
            .map(|d| d.verdict.profile);
        let note = match under {
            None => " (used in diff mode: Ctrl-D)".to_string(),
            Some(p) if p != applies => format!(
                " (applies under {}; this pair is compared under {})",
                applies.name(),
                p.name()
            ),
            Some(_) => String::new(),
        };
        self.recompare = self.diff_mode;
        self.say(format!("{what}{note}"));
    }

    fn toggle_diff(&mut self) {
        self.diff_mode = !self.diff_mode;
        if self.diff_mode {
            if self.sides[1].text().is_empty() {
                let a = self.sides[0].text().to_string();
                self.sides[1].set_text(&a);
            }
            self.ladder.diff = None;
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

    fn close_examples(&mut self) {
        if let Some(Overlay::Examples(ex)) = self.overlay.take() {
            self.examples = Some(ex);
        }
    }

    fn load_example(&mut self) {
        let Some(Overlay::Examples(ex)) = &self.overlay else {
            return;
        };
        let Some(e) = ex.selected().cloned() else {
            return;
        };
        self.close_examples();
        // Auto stays unless the example needs its set's profile: auto would read it under
        // another one. Then the profile is chosen, and the status line says so.
        let needs = e
            .profile
            .filter(|&p| crate::engine::first_error(&e.id, None).0 != p);
        self.profile = needs;
        self.reanalyze_all = true;
        self.ladder.diff = None;
        let what = panes::examples::expectation(&e);
        match &e.expect {
            crate::idsets::Expect::Pair { other, .. } => {
                self.sides[0].set_text(&e.id);
                self.sides[1].set_text(other);
                self.diff_mode = true;
                self.set_focus(Focus::Input);
            }
            _ => {
                self.sides[0].set_text(&e.id);
                self.diff_mode = false;
                self.set_focus(Focus::Input);
            }
        }
        let profile = match needs {
            Some(p) => format!(
                "profile {} chosen for it (auto reads it otherwise; Alt-0 returns to auto)",
                p.name()
            ),
            None => "profile auto".to_string(),
        };
        let expects = if what.is_empty() {
            String::new()
        } else {
            format!(" · expects: {what}")
        };
        self.say(format!(
            "example loaded: {profile}{expects} · {} line {} [{}]",
            e.set, e.line, e.section
        ));
    }

    /// The report of the current view (`Some(format)`) or the command that reopens it
    /// (`None`): the same text `idbench explain` prints for the same arguments.
    pub fn share_text(&self, format: Option<ReportFormat>) -> String {
        let opts = CompareOptions {
            profile: self.profile,
            ..self.compare_opts.clone()
        };
        let with = self.diff_mode.then(|| self.sides[1].text());
        let Some(format) = format else {
            let base = self.base.as_ref().map(Side::text);
            return report::reopen_command(self.sides[0].text(), with, base, &opts);
        };
        let comparison = if self.diff_mode {
            self.ladder.diff.as_ref().map(|d| &d.verdict)
        } else {
            None
        };
        let subject = report::Subject {
            a: &self.sides[0].analysis,
            b: self.diff_mode.then_some(&self.sides[1].analysis),
            comparison,
            per_profile: comparison
                .and(self.ladder.diff.as_ref())
                .map(|d| &d.per_profile[..]),
            resolution: self
                .base
                .as_ref()
                .map(|b| (b.text(), &self.resolution.resolution)),
            options: &opts,
        };
        report::render(&subject, format)
    }

    fn share(&mut self, format: Option<ReportFormat>) {
        self.overlay = None;
        let text = self.share_text(format);
        let what = match format {
            Some(ReportFormat::Markdown) => "the Markdown report",
            Some(ReportFormat::Text) => "the text report",
            None => "the command that reopens this view",
        };
        let outcome = self.clipboard.copy(&text);
        let in_tmux = std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
        let msg = panes::share::message(&outcome, what, in_tmux);
        if matches!(outcome, Outcome::Failed(_)) {
            self.say_error(msg);
        } else {
            self.say(msg);
        }
    }

    fn copy(&mut self) {
        let (text, what): (String, String) = match self.focus {
            Focus::Input | Focus::Second => {
                let s = if self.focus == Focus::Input { 0 } else { 1 };
                let what = if self.diff_mode {
                    ["input A", "input B"][s]
                } else {
                    "the input"
                };
                (self.sides[s].text().to_string(), what.to_string())
            }
            Focus::Base => match &self.base {
                Some(b) => (b.text().to_string(), "the base".to_string()),
                None => return,
            },
            f => {
                let s = if self.diff_mode { self.diag_side } else { 0 };
                let analysis = if f == Focus::Diagnostics {
                    &self.sides[s].analysis
                } else {
                    &self.sides[0].analysis
                };
                match self.pane(f).and_then(|p| p.copy(analysis)) {
                    Some(c) => (c.text, c.what),
                    None => return,
                }
            }
        };
        let outcome = self.clipboard.copy(&text);
        let msg = outcome.message(&what);
        if matches!(outcome, Outcome::Failed(_)) {
            self.say_error(msg);
        } else {
            self.say(msg);
        }
    }

    fn on_paste(&mut self, s: &str) {
        let clean = one_line(s);
        let removed = s.len() - clean.len();
        if let Some(Overlay::Examples(ex)) = &mut self.overlay {
            clean.chars().for_each(|c| ex.push(c));
            return;
        }
        if self.overlay.is_some() {
            return;
        }
        let side = match self.input_side() {
            Some(s) => s,
            None => {
                self.set_focus(Focus::Input);
                0
            }
        };
        let total = self.side(side).text().len() + clean.len();
        if total > MAX_INPUT {
            self.say_error(too_long("paste refused", total));
            return;
        }
        self.history.stop_recall();
        self.side_mut(side).ta.insert_str(&clean);
        if removed > 0 {
            self.say(format!(
                "pasted; removed {removed} line-break character(s): an identifier is one line"
            ));
        } else {
            self.status = None;
        }
    }

    fn on_mouse(&mut self, m: MouseEvent) {
        let pos = Position::new(m.column, m.row);
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {}
            MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
                let a = if m.kind == MouseEventKind::ScrollUp {
                    Action::Up
                } else {
                    Action::Down
                };
                match &mut self.overlay {
                    Some(Overlay::Examples(ex)) => ex.step(if a == Action::Up { -1 } else { 1 }),
                    Some(Overlay::Help { scroll }) => {
                        *scroll = if a == Action::Up {
                            scroll.saturating_sub(1)
                        } else {
                            *scroll + 1
                        }
                    }
                    Some(Overlay::Share) => {}
                    None => {
                        let target = self.hits.panes.iter().find(|(_, r)| r.contains(pos));
                        if let Some(&(f, _)) = target {
                            self.set_focus(f);
                            if let Some((pane, side, analysis)) = self.pane_mut(f) {
                                let e = pane.on_wheel(a == Action::Up, analysis);
                                self.apply(side, e);
                            }
                        }
                    }
                }
                return;
            }
            _ => return,
        }
        if let Some(Overlay::Examples(ex)) = &mut self.overlay {
            if let Some(r) = self.hits.examples
                && r.contains(pos)
                && ex.click(r, m.row)
            {
                self.load_example();
            }
            return;
        }
        if self.overlay.is_some() {
            return;
        }
        if let Some(&(_, p)) = self.hits.strip.iter().find(|(r, _)| r.contains(pos)) {
            self.strip.select(p);
            self.set_profile(p);
            return;
        }
        for s in 0..2 {
            if let Some(r) = self.hits.inputs[s]
                && r.contains(pos)
            {
                self.set_focus(if s == 0 { Focus::Input } else { Focus::Second });
                let body = inner(r);
                if body.contains(pos) {
                    let side = &mut self.sides[s];
                    let col = side.scroll + usize::from(m.column - body.x);
                    let at = side.view.byte_at_column(col);
                    side.set_cursor(at);
                }
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
            self.draw_too_small(f, area);
            return;
        }
        let diag_side = if self.diff_mode { self.diag_side } else { 0 };
        let n_diags = u16::try_from(self.sides[diag_side].diags.len()).unwrap_or(u16::MAX);
        let diag_h = n_diags.saturating_add(2).clamp(3, (area.height / 4).max(3));
        let status_area;
        if self.diff_mode {
            let [a, b, strip, ladder, diags, status] = Layout::vertical([
                Constraint::Length(3),
                Constraint::Length(3),
                Constraint::Length(1),
                Constraint::Min(6),
                Constraint::Length(diag_h),
                Constraint::Length(1),
            ])
            .areas(area);
            self.draw_input(f, 0, a);
            self.draw_input(f, 1, b);
            self.draw_strip(f, strip);
            if self.diff_trees {
                let difference = self
                    .ladder
                    .diff
                    .as_ref()
                    .and_then(|d| d.verdict.difference.as_ref());
                let [s0, s1] = &mut self.sides;
                panes::difftrees::draw(
                    f,
                    ladder,
                    [(&s0.analysis, &mut s0.tree), (&s1.analysis, &mut s1.tree)],
                    difference,
                    &self.theme,
                );
            } else if self.focus == Focus::Details {
                // Focused, Details takes the ladder's room: the selected step read whole.
                self.refresh_details();
                self.draw_pane(f, Focus::Details, ladder);
            } else {
                self.draw_pane(f, Focus::Ladder, ladder);
            }
            let which = if diag_side == 0 { " · A" } else { " · B" };
            self.sides[diag_side].diags.which = which.into();
            self.draw_pane(f, Focus::Diagnostics, diags);
            status_area = status;
        } else {
            let base_h = if self.base.is_some() { 3 } else { 0 };
            let [base, input, strip, main, diags, status] = Layout::vertical([
                Constraint::Length(base_h),
                Constraint::Length(3),
                Constraint::Length(1),
                Constraint::Min(5),
                Constraint::Length(diag_h),
                Constraint::Length(1),
            ])
            .areas(area);
            if self.base.is_some() {
                self.draw_input(f, 2, base);
            }
            self.draw_input(f, 0, input);
            self.draw_strip(f, strip);
            let [tree, right] =
                Layout::horizontal([Constraint::Percentage(56), Constraint::Percentage(44)])
                    .areas(main);
            let n_forms = u16::try_from(panes::forms::rows(&self.sides[0].analysis).len())
                .unwrap_or(u16::MAX);
            let forms_h = n_forms.saturating_add(2).min(right.height / 2).max(3);
            // With a base line, the resolution takes Details' room: the target and the
            // steps are what the user is reading then.
            let with_base = self.base.is_some();
            let [details, forms] =
                Layout::vertical([Constraint::Min(3), Constraint::Length(forms_h)]).areas(right);
            self.refresh_details();
            if self.focus == Focus::Details {
                // Focused, Details takes the tree's and the forms' room: a long value is
                // read whole even at 80×24.
                self.draw_pane(f, Focus::Details, main);
            } else {
                if with_base {
                    panes::resolution::draw(f, details, &self.resolution, &self.theme);
                }
                self.draw_pane(f, Focus::Tree, tree);
                if !with_base {
                    self.draw_pane(f, Focus::Details, details);
                }
                self.draw_pane(f, Focus::Forms, forms);
            }
            self.sides[0].diags.which.clear();
            self.draw_pane(f, Focus::Diagnostics, diags);
            status_area = status;
        }
        match &mut self.overlay {
            Some(Overlay::Help { scroll }) => {
                *scroll = panes::help::draw(f, area, *scroll, &self.theme)
            }
            Some(Overlay::Examples(ex)) => {
                self.hits.examples = Some(panes::examples::draw(f, area, ex, &self.theme))
            }
            Some(Overlay::Share) => panes::share::draw(f, area, &self.theme),
            None => {}
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

    fn draw_too_small(&self, f: &mut Frame, area: Rect) {
        let t = &self.theme;
        let lines = vec![
            Line::styled("terminal too small", t.get(Slot::Header)),
            Line::styled(
                format!(
                    "need {}×{}{}, have {}×{}",
                    self.min_size().0,
                    self.min_size().1,
                    if self.diff_mode {
                        " for diff mode (Ctrl-D leaves it)"
                    } else {
                        ""
                    },
                    area.width,
                    area.height
                ),
                t.get(Slot::Text),
            ),
            Line::styled("Ctrl-C or q quits", t.get(Slot::Dim)),
        ];
        let y = area.y + area.height.saturating_sub(3) / 2;
        let r = Rect {
            y,
            height: area.height.min(3),
            ..area
        };
        f.render_widget(Paragraph::new(lines).centered(), r);
    }

    fn draw_strip(&mut self, f: &mut Frame, area: Rect) {
        let in_use = self.sides[0].analysis.profile;
        let cells = match (&self.ladder.diff, self.diff_mode) {
            (Some(d), true) => panes::profiles::Cells::Equivalence(&d.per_profile),
            _ => panes::profiles::Cells::Validity(&self.sides[0].analysis.verdicts),
        };
        let selected = (self.focus == Focus::Profiles && !self.diff_mode && self.overlay.is_none())
            .then_some(self.strip.selected);
        self.hits.strip = panes::profiles::draw(
            f.buffer_mut(),
            area,
            self.profile,
            in_use,
            cells,
            selected,
            &self.theme,
        );
    }

    /// Rebuilds Details when the selection it follows changed (not at every frame).
    fn refresh_details(&mut self) {
        self.strip.chosen = self.profile;
        let src = self.details_source;
        let Some(pane) = self.pane(src) else {
            return;
        };
        let key = (src, 0, self.analyses, pane.selected());
        if self.details_key == Some(key) {
            return;
        }
        let detail = pane.detail(&self.sides[0].analysis).unwrap_or_default();
        self.details_key = Some(key);
        self.details.show(detail);
    }

    /// Draws pane component `which` into `area` and remembers where, for the mouse.
    fn draw_pane(&mut self, f: &mut Frame, which: Focus, area: Rect) {
        let focused = self.focus == which;
        let s = if self.diff_mode { self.diag_side } else { 0 };
        if let Some((pane, _, analysis)) = route(
            &mut self.sides,
            &mut self.forms,
            &mut self.ladder,
            &mut self.details,
            &mut self.strip,
            s,
            which,
        ) {
            pane.draw(f, area, analysis, focused, &self.theme);
            self.hits.panes.push((which, area));
        }
    }

    fn draw_input(&mut self, f: &mut Frame, s: usize, area: Rect) {
        let theme = &self.theme;
        let focused = self.overlay.is_none()
            && (self.focus == Focus::Input && s == 0
                || self.focus == Focus::Second && s == 1
                || self.focus == Focus::Base && s == 2);
        let title = match (self.diff_mode, s) {
            (_, 2) => "Base",
            (false, _) => "Input",
            (true, 0) => "A",
            (true, _) => "B",
        };
        let side = match (s, self.base.as_ref()) {
            (2, Some(b)) => b,
            (2, None) => return,
            _ => &self.sides[s],
        };
        let a = &side.analysis;
        let errors = a
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        let warnings = a
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count();
        let verdict = if a.input.is_empty() {
            Line::raw("")
        } else if errors == 0 {
            let extra = if warnings > 0 {
                format!(" · {}", panes::plural(warnings, "warning"))
            } else {
                String::new()
            };
            Line::from(vec![
                Span::styled(
                    format!(" valid under {}", a.profile.name()),
                    theme.get(Slot::Valid),
                ),
                Span::styled(format!("{extra} "), theme.get(Slot::Dim)),
            ])
        } else {
            Line::from(vec![Span::styled(
                format!(
                    " invalid under {} · {} ",
                    a.profile.name(),
                    panes::plural(errors, "error")
                ),
                theme.get(Slot::Invalid),
            )])
        };
        let reason = if a.profile_reason == "given" {
            "chosen (Ctrl-P changes it)"
        } else {
            a.profile_reason.as_str()
        };
        let head = format!(" profile {} · ", a.profile.name());
        // The reason cut with `…` to the border's room (a title is otherwise cut silently).
        let room = usize::from(area.width).saturating_sub(2 + head.chars().count() + 1);
        let bottom = Line::from(vec![
            Span::styled(head, theme.get(Slot::Dim)),
            Span::styled(panes::fit(reason, room), theme.get(Slot::Dim)),
            Span::raw(" "),
        ]);
        let blk = block(title, focused, theme)
            .title_top(verdict.right_aligned())
            .title_bottom(bottom);
        f.render_widget(blk, area);
        if let Some(h) = self.hits.inputs.get_mut(s) {
            *h = Some(area);
        }
        let body = inner(area);
        let side = match (s, self.base.as_mut()) {
            (2, Some(b)) => b,
            (2, None) => return,
            _ => &mut self.sides[s],
        };
        let cursor = side.cursor();
        side.scroll =
            panes::input::scroll_for(&side.view, cursor, usize::from(body.width), side.scroll);
        if side.text().is_empty() {
            let hint = if s == 2 {
                " type the base the input is resolved against · Ctrl-T closes"
            } else if s == 0 {
                " type or paste an identifier · Ctrl-O examples · F1 help"
            } else {
                " type or paste the identifier to compare with A"
            };
            f.render_widget(
                Paragraph::new(Line::styled(hint, self.theme.get(Slot::Dim))),
                body,
            );
        }
        let highlight = (!self.diff_mode && s != 2)
            .then(|| side.analysis.tree.get(side.tree.selected).map(|n| n.span()))
            .flatten();
        let difference = self
            .ladder
            .diff
            .as_ref()
            .filter(|_| self.diff_mode)
            .and_then(|d| d.verdict.difference.as_ref())
            .map(|d| if s == 0 { d.a } else { d.b });
        let decor = Decor {
            highlight,
            difference,
            cursor: focused.then_some(cursor),
        };
        let input = side.analysis.input.as_str();
        let pos = panes::input::draw(
            f.buffer_mut(),
            body,
            input,
            &side.view,
            decor,
            side.scroll,
            &self.theme,
        );
        if let Some(p) = pos {
            f.set_cursor_position(p);
        }
    }
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("inputs", &[self.input(0), self.input(1)])
            .field("profile", &self.profile)
            .field("focus", &self.focus)
            .field("diff_mode", &self.diff_mode)
            .field("status", &self.status)
            .finish()
    }
}
