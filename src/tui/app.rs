//! The workbench's routing: one [`App::handle`] for every event and one [`App::draw`] for
//! every frame.
//!
//! The app routes: focus (which part gets a key, a click, the wheel), global keys
//! (profile, diff mode, overlays, copy, share, base line, compare options), and the
//! layout; it carries out what the panes ask of it ([`Effect`]). It holds no pane's
//! behaviour:
//!
//! - the document is the model's ([`Model`], `model.rs`): each input's analysis, the base
//!   line's, diff mode's comparison, the resolution against the base, the profile and the
//!   compare options, when to analyse and compare again, the share report;
//! - the parts are declared once, in the list of `panes/list.rs` ([`Focus`]): the focus
//!   order of each layout and which component and input each part routes to come from it;
//! - the components are in [`Panes`]: the input lines (A, B in diff mode, the base line)
//!   are [`InputLine`]s (their text, editing keys, history recall, paste, size cap and
//!   drawing); the tree, diagnostics, forms, Details, ladder, resolution and the profile
//!   strip implement [`Pane`] (their keys, clicks, wheel, drawing, copy and Details);
//! - the overlays (help, examples picker, share menu) implement [`Overlay`];
//! - copies go through [`Clipboard::copy_told`].
//!
//! Each input's [`Analysis`] is computed once per change of its text (or of the profile),
//! at the end of `handle` ([`Panes::refresh`] hands the lines' texts to the model, which
//! analyses what changed; the views are then rebuilt from it). `draw` only reads: a frame
//! never re-analyses.
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
use super::lab::LabFile;
use super::layout;
use super::message::{Level, Message};
use super::model::{Comparison, Model, Reads};
use super::panes::examples::Examples;
use super::panes::help::HelpOverlay;
use super::panes::input::{self, InputLine, Look, line_breaks_removed, one_line};
use super::panes::list::{Mode as Layout, Panes};
use super::panes::setter::SetterOverlay;
use super::panes::share::ShareMenu;
use super::panes::{self, Effect, Overlay, OverlayEffect, Pane};
use super::theme::Theme;
use crate::engine::equiv::CompareOptions;
use crate::engine::{Analysis, Profile};
use crate::report::ReportFormat;

pub use super::panes::Focus;
pub use super::panes::input::MAX_INPUT;

/// What the status line says after a first `q` in a pane, while a second one would quit.
const QUIT_PROMPT: &str = "q again quits (Ctrl-C or Ctrl-Q quit at once)";

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
    /// The grammar lab's file (`--grammar`), read again when it changes ([`App::tick`]).
    pub lab: Option<LabFile>,
    /// The cases file (`--cases`): its cases in the examples picker, and where Ctrl-S `a`
    /// appends the view as a case (without it, [`DEFAULT_CASES_FILE`]).
    pub cases: Option<std::path::PathBuf>,
    /// Where the grammars the cases file names may be (`--allow-outside-grammar`).
    pub cases_grammars: crate::cases::GrammarPaths,
    /// The URN namespace layer is on (`--no-namespace` turns it off; Ctrl-N toggles it).
    pub namespace: bool,
    /// The URI scheme layer is on (`--no-scheme-spec` turns it off; Ctrl-X toggles it).
    pub scheme_spec: bool,
    /// The node selected at start (a view's `--select`), restored when the tree has it.
    pub selection: Option<crate::view::Selection>,
    /// The part focused at start (a view's `--focus`, by the name [`focus_name`] gives).
    pub focus: Option<String>,
}

/// The name a view gives part `f` (`tree`, `details`, `ladder`, …): its name in the list
/// of parts, in lower case.
pub fn focus_name(f: Focus) -> String {
    format!("{f:?}").to_ascii_lowercase()
}

/// The part named `name` ([`focus_name`]), if any.
pub fn focus_named(name: &str) -> Option<Focus> {
    panes::list::PARTS
        .iter()
        .map(|&(f, _)| f)
        .find(|&f| focus_name(f).eq_ignore_ascii_case(name))
}

/// Where Ctrl-S `a` appends a case when the workbench was started without `--cases`: in
/// the working directory.
pub const DEFAULT_CASES_FILE: &str = "idbench-cases.toml";

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
            cases: None,
            cases_grammars: crate::cases::GrammarPaths::Inside,
            lab: None,
            namespace: true,
            scheme_spec: true,
            selection: None,
            focus: None,
        }
    }
}

/// The overlay that is open, if any.
#[derive(Debug)]
enum Open {
    Help(HelpOverlay),
    Examples(Box<Examples>),
    Share(ShareMenu),
    Setter(Box<SetterOverlay>),
    Messages(Box<panes::messages::MessagesOverlay>),
}

impl Open {
    fn get(&mut self) -> &mut dyn Overlay {
        match self {
            Open::Help(o) => o,
            Open::Examples(o) => o.as_mut(),
            Open::Share(o) => o,
            Open::Setter(o) => o.as_mut(),
            Open::Messages(o) => o.as_mut(),
        }
    }

    fn context(&self) -> Context {
        match self {
            Open::Help(_) => Context::Help,
            Open::Examples(_) => Context::Examples,
            Open::Share(_) => Context::Share,
            Open::Setter(_) => Context::Setter,
            Open::Messages(_) => Context::Messages,
        }
    }
}

/// Where things were drawn, for the mouse.
#[derive(Debug, Default)]
struct Hits {
    inputs: [Option<Rect>; 2],
    /// The parts with a component drawn this frame.
    panes: Vec<(Focus, Rect)>,
}

/// The standards view (F8) while it is shown: the URL Standard's reading of input A beside
/// RFC 3986's, in place of Details (diff mode: of the ladder); it has the keyboard when
/// Details would.
#[derive(Debug, Default)]
struct StandardsView {
    pane: panes::standards::StandardsPane,
    /// Where it was drawn, for the mouse.
    area: Option<Rect>,
}

/// The workbench.
pub struct App {
    theme: Theme,
    /// The document: analyses, comparison, resolution, profile and options.
    m: Model,
    /// The components.
    panes: Panes,
    /// Diff mode shows both trees instead of the ladder (F6).
    diff_trees: bool,
    focus: Focus,
    overlay: Option<Open>,
    /// The examples picker while closed (it keeps its filter and selection).
    examples: Option<Box<Examples>>,
    /// The part whose selection Details shows (the last one focused that feeds it).
    details_source: Focus,
    /// What Details was last built from: `(source, input, analyses, comparisons, selected
    /// row)`.
    details_key: Option<(Focus, usize, u64, u64, usize)>,
    status: Option<Message>,
    /// Every status message of the session (Ctrl-L reads them whole).
    log: panes::messages::Log,
    clipboard: Clipboard,
    history: History,
    mouse: bool,
    quit: bool,
    size: (u16, u16),
    hits: Hits,
    /// Keys taken while the terminal was too small: applied to the input, and ignored.
    small_keys: SmallKeys,
    /// `q` was pressed in a pane: a second `q`, next, quits (any other key disarms it).
    quit_armed: bool,
    /// The cases file given with `--cases`.
    cases_file: Option<std::path::PathBuf>,
    /// Where the cases file's grammars may be.
    cases_grammars: crate::cases::GrammarPaths,
    /// False in a presenter's step: nothing is written to files (Ctrl-S's saves say so).
    files: bool,
    /// Where Ctrl-S `s` and `h` save the screen: the working directory.
    screen_dir: std::path::PathBuf,
    /// The standards view (F8), while shown.
    standards: Option<StandardsView>,
    /// The status line shows key hints (a presenter's slide has none unless its deck asks).
    hints: bool,
}

pub use super::panes::status::SmallKeys;

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
            lab,
            cases,
            cases_grammars,
            namespace,
            scheme_spec,
            selection,
            focus,
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
        let mut panes = Panes::new(&input, with.as_deref(), base.as_deref());
        let mut m = Model::new(panes.texts(), with.is_some(), profile, compare);
        if !namespace {
            m.set_namespace(false);
            let _ = m.refresh(panes.texts());
        }
        if !scheme_spec {
            m.set_scheme_spec(false);
            let _ = m.refresh(panes.texts());
        }
        if let Some(l) = lab {
            m.open_lab_file(l);
            let _ = m.refresh(panes.texts());
        }
        panes.show(&m);
        let mut app = App {
            theme,
            m,
            panes,
            diff_trees: false,
            focus: Focus::Input,
            overlay: None,
            examples: None,
            details_source: Focus::Tree,
            details_key: None,
            log: panes::messages::Log::default(),
            status: None,
            clipboard,
            history,
            mouse,
            quit: false,
            size: (0, 0),
            hits: Hits::default(),
            small_keys: SmallKeys::default(),
            quit_armed: false,
            cases_file: cases,
            cases_grammars,
            files: true,
            screen_dir: std::path::PathBuf::from("."),
            standards: None,
            hints: true,
        };
        if let Some(m) = status {
            app.post(m);
        }
        if let Err(e) = app.read_cases() {
            app.say_error(e);
        }
        app.restore_view(selection.as_ref(), focus.as_deref());
        app.note_current_inputs();
        app
    }

    /// Restores a view's selection (when the tree has the node) and focus (when the
    /// layout has the part); what cannot be restored is said on the status line.
    fn restore_view(&mut self, selection: Option<&crate::view::Selection>, focus: Option<&str>) {
        let mut lost = Vec::new();
        if let Some(sel) = selection {
            let side = usize::from(sel.side.min(1));
            let node = (side == 0 || self.m.diff_mode())
                .then(|| super::model::node_at(&self.m.tree_analysis(side).tree, &sel.path))
                .flatten();
            match node {
                Some(n) => self.panes.lines[side].tree.select(n),
                None => lost.push(format!("the tree has no node {sel}")),
            }
        }
        if let Some(name) = focus {
            let f = focus_named(name).filter(|&f| Focus::order(self.layout()).any(|g| g == f));
            match f {
                Some(f) => self.set_focus(f),
                None => lost.push(format!(
                    "no part `{}` to focus here",
                    crate::safe_text::escape(name)
                )),
            }
        }
        if !lost.is_empty() {
            self.say_error(format!("the view is shown without: {}", lost.join("; ")));
        }
    }

    /// The view the workbench shows, as one value: the model's ([`Model::view`]) with the
    /// selected node (while a pane, not an input line, has the keyboard) and the focused
    /// part (left out at input A's line, where the workbench starts).
    pub fn view(&self) -> crate::view::View {
        let side = match self.focus {
            Focus::TreeB => 1,
            Focus::TreeA => 0,
            _ if self.m.diff_mode() => self.m.reads().details,
            _ => 0,
        };
        let node = self.panes.lines[side].tree.selected;
        // While an input line has the keyboard the selection follows its cursor: it is
        // the user's own only once a pane has the keyboard.
        let selection = super::model::path_of(&self.m.tree_analysis(side).tree, node)
            .filter(|_| self.focus.line().is_none())
            .map(|path| crate::view::Selection {
                side: side as u8,
                path,
            });
        let focus = (self.focus != Focus::Input).then(|| focus_name(self.focus));
        let mut v = self.m.view(self.panes.texts(), selection, focus);
        if let Some(l) = self.m.lab_file() {
            v.grammar = Some(crate::view::Grammar {
                source: crate::view::GrammarSource::File(l.path().display().to_string()),
                start: Some(l.start().to_string()),
            });
            // `--grammar` puts the lab's profile in use: it has no name of its own to give.
            if self.m.profile() == Some(l.profile) {
                v.profile = None;
            }
        }
        v
    }

    /// Keeps what the exit would remember where a save from the signal thread finds it (the
    /// event loop may be busy when a signal comes).
    fn note_current_inputs(&mut self) {
        // Borrowed: an input over the history's entry limit is skipped, never copied.
        self.history
            .set_current(self.panes.inputs(self.m.diff_mode()));
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
        self.panes
            .lines
            .get(side)
            .map(InputLine::text)
            .unwrap_or("")
    }

    /// The cached analysis of input `side`.
    pub fn analysis(&self, side: usize) -> &Analysis {
        self.m.analysis(side)
    }

    /// The selected tree node (preorder index) of input `side`.
    pub fn selected_node(&self, side: usize) -> usize {
        self.panes.lines[side.min(1)].tree.selected
    }

    /// How many times an input has been analysed since the start: it grows with edits and
    /// profile changes, never with frames.
    pub fn analyses(&self) -> u64 {
        self.m.analyses()
    }

    /// How many times the two inputs have been compared since the start: it grows with
    /// edits, profile and option changes in diff mode, never with frames.
    pub fn comparisons(&self) -> u64 {
        self.m.comparisons()
    }

    /// How many texts the comparisons since the start have parsed
    /// ([`Model::compare_parses`](super::model::Model::compare_parses)).
    pub fn compare_parses(&self) -> u64 {
        self.m.compare_parses()
    }

    /// The compare options diff mode uses (the profile field aside: see
    /// [`profile`](Self::profile)).
    pub fn compare_options(&self) -> &CompareOptions {
        self.m.compare_options()
    }

    /// The focused pane.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// True in diff mode.
    pub fn diff_mode(&self) -> bool {
        self.m.diff_mode()
    }

    /// The comparison shown in diff mode (with the ladder's selection).
    pub fn diff(&self) -> Option<&Comparison> {
        self.m.comparison()
    }

    /// The chosen profile (`None`: auto).
    pub fn profile(&self) -> Option<Profile> {
        self.m.profile()
    }

    /// The history.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Remembers the inputs and writes the history (at exit).
    pub fn save_history(&mut self) -> std::io::Result<()> {
        for t in self.panes.inputs(self.m.diff_mode()) {
            self.history.push(t);
        }
        self.history.save()
    }

    // ----- events -----

    /// Reacts to one event; re-analyses what changed, once.
    pub fn handle(&mut self, ev: Event) {
        // Anything but a typed character ends the typed run that undo takes back whole.
        let typed = matches!(&ev, Event::Key(k) if matches!(k.code, KeyCode::Char(_))
            && !k.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT));
        if !typed {
            self.end_typed_runs();
        }
        if matches!(ev, Event::Mouse(_) | Event::Paste(_)) {
            // Only `q` twice in a row quits.
            self.disarm_quit();
        }
        match ev {
            Event::Key(k) => self.on_key(k),
            Event::Mouse(m) => self.on_mouse(m),
            Event::Paste(s) => self.on_paste(&s),
            Event::Resize(w, h) => {
                self.size = (w, h);
                if !self.too_small() {
                    self.type_held_q();
                }
            }
        }
        if self.panes.refresh(&mut self.m) {
            self.note_current_inputs();
        }
    }

    /// Types the longest start of `text` that its characters, pressed one at a time as
    /// plain keys, would type into an input line, as one edit analysed once: the state
    /// [`handle`](Self::handle) leaves after each key in turn, in time linear in the text
    /// (a presenter's step types up to 100,000 characters). Returns how many bytes it took:
    /// 0 when the first key does something else here (an overlay is open, no input has the
    /// focus, the key is bound in the focused pane, a control character, a line that would
    /// pass its limit), for `handle` to take that key.
    pub fn type_text(&mut self, text: &str) -> usize {
        if self.overlay.is_some() {
            return 0;
        }
        let small = self.too_small();
        let side = match (self.input_side(), small) {
            (Some(s), _) => s,
            // Too small, typing goes to input A (and gives it the focus); else the first
            // key is the one that says "typing goes to the input".
            (None, true) => 0,
            (None, false) => return 0,
        };
        let contexts = self.contexts();
        let diff = self.m.diff_mode();
        // Whether a plain key `c` does something other than type `c` here (on_key and
        // on_key_small's routing), asked once a character.
        let mut seen: std::collections::HashMap<char, bool> = std::collections::HashMap::new();
        let mut other = |c: char| {
            *seen.entry(c).or_insert_with(|| {
                let k = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
                if small {
                    let g = keys::lookup(&[Context::Global], &k);
                    // `q` is held there: twice in a row it quits.
                    c == 'q'
                        || g == Some(Action::Quit)
                        || (diff && g == Some(Action::ToggleDiff))
                        || keys::lookup(&[Context::Input], &k).is_some_and(input::edits)
                } else {
                    keys::lookup(&contexts, &k).is_some()
                }
            })
        };
        let room = input::MAX_INPUT.saturating_sub(self.panes.line_mut(side).text().len());
        let mut end = 0;
        let mut chars = 0usize;
        for (i, c) in text.char_indices() {
            if c.is_control() || i + c.len_utf8() > room || other(c) {
                break;
            }
            end = i + c.len_utf8();
            chars += 1;
        }
        if end == 0 {
            return 0;
        }
        if small {
            self.type_held_q();
            if self.input_side().is_none() {
                self.set_focus(Focus::Input);
            }
            self.small_keys.applied += chars;
        } else {
            self.disarm_quit();
        }
        self.with_line(side, |l, h| l.type_str(&text[..end], h));
        if self.panes.refresh(&mut self.m) {
            self.note_current_inputs();
        }
        end
    }

    /// Ends every input line's typed run: what is typed next is a new undo step.
    pub fn end_typed_runs(&mut self) {
        for line in &mut self.panes.lines {
            line.end_run();
        }
        if let Some(b) = &mut self.panes.base {
            b.end_run();
        }
    }

    /// The event loop's idle wait: looks at the grammar lab's file, and when it changed,
    /// reads it again and analyses every input under the new grammar (a grammar that does
    /// not read keeps the last good one, and its errors go to the status line). Returns
    /// true when something changed on screen.
    pub fn tick(&mut self) -> bool {
        // The grammar lab's parse of a long input landed: its tree replaces the previous
        // text's (and the frame is drawn again).
        let landed = self.m.parsing() && self.panes.refresh(&mut self.m);
        if landed {
            self.details_key = None;
        }
        let Some(result) = self.m.poll_lab_file() else {
            return landed;
        };
        match result {
            Ok(()) => {
                if self.panes.refresh(&mut self.m) {
                    self.note_current_inputs();
                }
                self.details_key = None;
                self.say("grammar reloaded");
            }
            Err(e) => self.say_error(e),
        }
        true
    }

    /// A parse of the grammar lab runs off the keystroke path: the event loop looks for
    /// it landing more often than it looks at the grammar file.
    pub fn parsing(&self) -> bool {
        self.m.parsing()
    }

    /// Waits for the grammar lab's parses off the keystroke path (at most `limit`) and
    /// takes them, as the event loop does when one lands; true when none is left
    /// running. For tests and measurements.
    pub fn settle_parses(&mut self, limit: std::time::Duration) -> bool {
        let idle = self.m.wait_for_parses(limit);
        self.tick();
        idle
    }

    /// Inputs up to `bytes` long are parsed by the grammar lab on the keystroke path
    /// ([`crate::tui::worker::SYNC_MAX`] unless set): every input is analysed again.
    pub fn set_lab_sync_max(&mut self, bytes: usize) {
        self.m.set_sync_max(bytes);
        if self.panes.refresh(&mut self.m) {
            self.note_current_inputs();
        }
    }

    /// The analysis input `side`'s tree is drawn from: its own, or the previous text's
    /// while the grammar lab parses the new one ([`App::parsing`]).
    pub fn tree_analysis(&self, side: usize) -> &Analysis {
        self.m.tree_analysis(side)
    }

    /// The smallest size the current mode can be drawn in.
    pub fn min_size(&self) -> (u16, u16) {
        if self.m.diff_mode() {
            MIN_SIZE_DIFF
        } else {
            MIN_SIZE
        }
    }

    fn too_small(&self) -> bool {
        let (w, h) = self.min_size();
        self.size.0 != 0 && (self.size.0 < w || self.size.1 < h)
    }

    /// The layout in use, as far as the focus order goes.
    fn layout(&self) -> Layout {
        match (self.m.diff_mode(), self.diff_trees, self.m.has_base()) {
            (true, true, _) => Layout::DiffTrees,
            (true, false, _) => Layout::Diff,
            (false, _, true) => Layout::WithBase,
            (false, _, false) => Layout::Single,
        }
    }

    fn contexts(&self) -> Vec<Context> {
        match (&self.overlay, self.focus) {
            (Some(o), _) => vec![o.context(), Context::Global],
            (None, Focus::Input | Focus::Second | Focus::Base) => {
                vec![Context::Input, Context::Global]
            }
            (None, Focus::Details) if self.standards.is_some() => {
                vec![Context::Standards, Context::Panes, Context::Global]
            }
            (None, f) => {
                let cx = self.pane(f).map(|p| p.context()).unwrap_or(Context::Panes);
                vec![cx, Context::Panes, Context::Global]
            }
        }
    }

    /// The help overlay, with the system clipboard's words for the last copy it refused.
    fn help(&self) -> HelpOverlay {
        HelpOverlay {
            scroll: 0,
            clipboard: self.clipboard.last_system_reason().map(str::to_string),
        }
    }

    /// The keys the current state makes worth a hint before the everyday ones, so that a
    /// narrow status line still names them: on an empty input the examples, the strip and
    /// the mouse; in diff mode the trees and the strip; on a URN the namespace switch; on
    /// a URI the standards view. None over an overlay, whose own keys come first.
    fn hints_first(&self) -> Vec<Action> {
        let a = self.m.analysis(0);
        if self.overlay.is_some() {
            Vec::new()
        } else if self.m.diff_mode() {
            vec![Action::DiffTrees, Action::FocusProfiles]
        } else if a.input.is_empty() {
            vec![Action::Examples, Action::FocusProfiles, Action::ToggleMouse]
        } else {
            // What the profile offers; where it offers none of these (an XRI), the everyday
            // keys fill the line (the profile's among them).
            let o = a.profile.offers();
            [
                (o.namespaces, Action::ToggleNamespace),
                (o.setters, Action::SetComponent),
                (o.standards, Action::Standards),
            ]
            .into_iter()
            .filter_map(|(on, k)| on.then_some(k))
            .collect()
        }
    }

    /// The status line's key hints in the current state, in their order: `(action, key,
    /// label)`. Only keys that do something here are hinted (`hints_hidden` says which do not).
    pub fn hinted_keys(&self) -> Vec<(Action, keys::Key, &'static str)> {
        // In the input, the global keys are the ones worth a hint; elsewhere the pane's own.
        let mut contexts = self.contexts();
        if self.overlay.is_none() && self.input_side().is_some() {
            contexts.reverse();
        }
        keys::hinted_keys(&contexts, &self.hints_first(), &self.hints_hidden())
    }

    /// The hinted keys that would do nothing in the current state: the URL setter outside
    /// the whatwg profile; the base line in diff mode, the trees outside it; the namespace
    /// switch where no input is a URN; history recall with no history; on the tree, fold
    /// off a cross-reference and the other reading where the grammar admits none; on the
    /// ladder, the compare options its profile's ladder does not use.
    fn hints_hidden(&self) -> Vec<Action> {
        let mut hidden = Vec::new();
        if !self.whatwg() {
            hidden.push(Action::SetComponent);
        }
        if self.m.diff_mode() {
            hidden.push(Action::ToggleBase);
        } else {
            hidden.push(Action::DiffTrees);
        }
        let sides = if self.m.diff_mode() { 2 } else { 1 };
        if !(0..sides).any(|s| self.m.analysis(s).profile.offers().namespaces) {
            hidden.push(Action::ToggleNamespace);
        }
        if !(0..sides).any(|s| self.m.analysis(s).profile.offers().schemes) {
            hidden.push(Action::ToggleSchemes);
        }
        if self.history.entries().is_empty() {
            hidden.push(Action::HistoryPrev);
        }
        if self.overlay.is_some() {
            return hidden;
        }
        match self.focus {
            Focus::Tree | Focus::TreeA | Focus::TreeB => {
                let side = usize::from(self.focus == Focus::TreeB);
                let Some(line) = self.panes.lines.get(side) else {
                    return hidden;
                };
                // Under the lab profile, Enter folds the tree to its rules (or unfolds it).
                if !line.tree.can_fold() && self.m.lab_parses(side).is_none() {
                    hidden.push(Action::Toggle);
                }
                let a = self.m.analysis(side);
                if !line.tree.reading.shown
                    && a.readings.is_empty()
                    && self.m.lab_parses(side).is_none()
                {
                    hidden.push(Action::OtherReading);
                }
            }
            Focus::Ladder => {
                if let Some(c) = self.m.comparison() {
                    let spec = crate::engine::equiv::ladder_spec(c.verdict.profile);
                    for (a, o) in [
                        (
                            Action::Objective,
                            crate::engine::equiv::CompareOption::Objective,
                        ),
                        (
                            Action::IgnoreDollar,
                            crate::engine::equiv::CompareOption::IgnoreDollar,
                        ),
                        (Action::FormA, crate::engine::equiv::CompareOption::FormA),
                        (Action::FormB, crate::engine::equiv::CompareOption::FormB),
                    ] {
                        if !spec.uses(o) {
                            hidden.push(a);
                        }
                    }
                }
            }
            _ => {}
        }
        // The focused pane's own: copy where it has nothing to copy, Details where it is
        // there already or has nothing to read (or diff mode does not read it), scrolling
        // that would not move.
        if let Some(p) = self.pane(self.focus) {
            let doc = doc_of(&self.m, self.focus, self.m.reads());
            if p.copy(&doc).is_none() {
                hidden.push(Action::Copy);
            }
            if self.focus == Focus::Details
                || p.detail(&doc).is_none()
                || (self.m.diff_mode() && !p.detail_in_diff_mode())
            {
                hidden.push(Action::ShowDetails);
            }
            for a in [Action::Up, Action::Down] {
                if !p.scrolls(a) {
                    hidden.push(a);
                }
            }
        }
        hidden
    }

    /// Shows `text` on the status line (news from the event loop).
    pub fn tell(&mut self, text: impl Into<String>) {
        self.say(text);
    }

    fn say(&mut self, text: impl Into<String>) {
        self.post(Message {
            text: text.into(),
            level: Level::Info,
        });
    }

    fn say_error(&mut self, text: impl Into<String>) {
        self.post(Message {
            text: text.into(),
            level: Level::Error,
        });
    }

    /// Shows `m` on the status line and keeps it in the message log.
    fn post(&mut self, m: Message) {
        self.log.push(&m);
        self.status = Some(m);
    }

    /// The message log: every status message of the session, oldest first.
    pub fn messages(&self) -> impl Iterator<Item = &Message> {
        self.log.entries().map(|(m, _)| m)
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
        let plain_q = k.code == KeyCode::Char('q')
            && !k
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        if plain_q && self.overlay.is_none() {
            if self.small_keys.q_held {
                self.quit = true;
            } else {
                self.small_keys.q_held = true;
            }
            return;
        }
        self.type_held_q();
        if self.m.diff_mode() && global == Some(Action::ToggleDiff) {
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
        let edit = keys::lookup(&[Context::Input], k).filter(|&a| input::edits(a));
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

    /// Types the `q` held on the small screen (the key after it was not a second `q`), as
    /// a key applied to the input.
    fn type_held_q(&mut self) {
        if !std::mem::take(&mut self.small_keys.q_held) {
            return;
        }
        let side = match self.input_side() {
            Some(s) => s,
            None => {
                self.set_focus(Focus::Input);
                0
            }
        };
        self.with_line(side, |l, h| l.on_char('q', h));
        self.small_keys.applied += 1;
    }

    fn on_key(&mut self, k: KeyEvent) {
        if self.too_small() {
            self.on_key_small(&k);
            return;
        }
        self.type_held_q();
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
        // In a pane, `q` quits only when pressed twice in a row (a stray letter must not
        // end the session); Ctrl-C and Ctrl-Q quit at once.
        let plain_q = plain_char == Some('q');
        let armed = self.quit_armed;
        if !(plain_q && action == Some(Action::Quit)) {
            // Any other key disarms it, and its prompt goes with it.
            self.disarm_quit();
        }
        if action == Some(Action::Quit) && plain_q && !armed {
            self.quit_armed = true;
            self.say(QUIT_PROMPT);
            return;
        }
        match (action, plain_char, self.input_side()) {
            (Some(a), _, _) => self.act(a, &k),
            (None, Some(c), Some(s)) => self.with_line(s, |l, h| l.on_char(c, h)),
            // Text typed in a pane that has no use for the key goes to the input.
            (None, Some(c), None) if !c.is_control() => {
                self.set_focus(Focus::Input);
                self.with_line(0, |l, h| l.on_char(c, h));
                self.say("typing goes to the input");
            }
            _ => {}
        }
    }

    /// Forgets a first `q`, and takes its prompt off the status line (it is no longer
    /// true).
    fn disarm_quit(&mut self) {
        if std::mem::take(&mut self.quit_armed)
            && self.status.as_ref().is_some_and(|m| m.text == QUIT_PROMPT)
        {
            self.status = None;
        }
    }

    /// Carries out what an overlay asked for.
    fn overlay_effect(&mut self, e: OverlayEffect) {
        match e {
            OverlayEffect::None => {}
            OverlayEffect::Close => self.close_overlay(),
            OverlayEffect::Help => {
                self.close_overlay();
                self.overlay = Some(Open::Help(self.help()));
            }
            OverlayEffect::Load => self.load_example(),
            OverlayEffect::Share(format) => self.share(format),
            OverlayEffect::SaveCase => self.save_case(),
            OverlayEffect::SaveScreen(format) => self.save_screen(format),
            OverlayEffect::SetInput => self.apply_setter(),
        }
    }

    /// Closes the overlay; the examples picker keeps its state for the next time.
    fn close_overlay(&mut self) {
        if let Some(Open::Examples(ex)) = self.overlay.take() {
            self.examples = Some(ex);
        }
    }

    /// The input line that has focus, if one has: 0, 1, or 2 the base line.
    fn input_side(&self) -> Option<usize> {
        match self.focus.line() {
            Some(2) if !self.m.has_base() => None,
            s => s,
        }
    }

    /// Hands input line `s` (0, 1, or 2 the base line) and the history to `f`, and
    /// carries out the effect it returns.
    fn with_line(&mut self, s: usize, f: impl FnOnce(&mut InputLine, &mut History) -> Effect) {
        let e = f(self.panes.line_mut(s), &mut self.history);
        self.apply(s.min(1), e);
    }

    fn toggle_base(&mut self) {
        if self.m.diff_mode() {
            self.say("the base line works on one input: Ctrl-D leaves diff mode first");
            return;
        }
        if self.m.toggle_base() {
            self.panes.open_base(&self.m);
            self.set_focus(Focus::Base);
            self.say("base line: the input is resolved against it (Ctrl-T closes)");
        } else {
            self.panes.base = None;
            if self.focus == Focus::Base {
                self.set_focus(Focus::Input);
            }
            self.say("base line closed: the input is read on its own");
        }
    }

    /// The side (0 A, 1 B) of the diff tree that has the focus, if one has.
    fn diff_tree_side(&self) -> Option<usize> {
        match self.focus {
            Focus::TreeA => Some(0),
            Focus::TreeB => Some(1),
            _ => None,
        }
    }

    /// `Tab` (`next`) or `Shift-Tab` between a diff tree and the other reading it shows in
    /// its own area (`r`): the reading is the stop after its tree. True when the keyboard
    /// moved between the two (it stays in the same part of the workbench).
    fn step_diff_reading(&mut self, next: bool) -> bool {
        let Some(s) = self.diff_tree_side() else {
            return false;
        };
        let tree = &mut self.panes.lines[s].tree;
        if !tree.reading_inside(self.m.analysis(s)) || tree.reading_focused == next {
            return false;
        }
        tree.reading_focused = next;
        // What the status line said was about the part that had the keyboard.
        self.status = None;
        true
    }

    fn set_focus(&mut self, f: Focus) {
        // What the status line said was about the part that had the keyboard: old news
        // once another has it (what the move itself says is said after).
        if f != self.focus {
            self.status = None;
            // A diff tree is entered at the tree, not at its other reading.
            for line in &mut self.panes.lines {
                line.tree.reading_focused = false;
            }
        }
        self.focus = f;
        if f == Focus::Input {
            // Back in the input, Details follows the tree (the cursor moves it).
            self.details_source = Focus::Tree;
        } else if self.pane(f).is_some_and(|p| p.feeds_details()) {
            self.details_source = f;
        }
        if let Some(s @ (0 | 1)) = f.line() {
            self.m.read_diagnostics_of(s);
        }
    }

    fn act(&mut self, a: Action, k: &KeyEvent) {
        let side = self.input_side();
        match a {
            Action::Quit => self.quit = true,
            Action::Help => self.overlay = Some(Open::Help(self.help())),
            Action::Messages => {
                self.overlay = Some(Open::Messages(Box::new(
                    panes::messages::MessagesOverlay::new(&self.log),
                )))
            }
            Action::FocusNext | Action::FocusPrev => {
                if self.step_diff_reading(a == Action::FocusNext) {
                    return;
                }
                let order = self.tab_order();
                let i = order.iter().position(|f| *f == self.focus).unwrap_or(0);
                let n = order.len();
                let next = if a == Action::FocusNext {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                };
                self.set_focus(order[next]);
                // Backwards, a diff tree is entered at its other reading when it shows one.
                if a == Action::FocusPrev
                    && let Some(s) = self.diff_tree_side()
                    && self.panes.lines[s].tree.reading_inside(self.m.analysis(s))
                {
                    self.panes.lines[s].tree.reading_focused = true;
                }
            }
            Action::ShowDetails => self.apply(0, Effect::ShowDetails),
            Action::Back => {
                if self.focus == Focus::Details {
                    self.apply(0, Effect::Focus(self.details_source));
                } else if side.is_none() {
                    let to = if self.m.reads().diag == 1 {
                        Focus::Second
                    } else {
                        Focus::Input
                    };
                    self.apply(0, Effect::Focus(to));
                } else {
                    self.status = None;
                }
            }
            Action::CycleProfile => self.set_profile(self.m.next_profile()),
            Action::PickProfile => {
                if let KeyCode::Char(c) = k.code {
                    let n = c.to_digit(10).unwrap_or(0) as usize;
                    self.set_profile(Model::numbered_profile(n));
                }
            }
            Action::ToggleDiff => {
                if self.m.has_base() && self.focus == Focus::Base {
                    self.set_focus(Focus::Input);
                }
                self.toggle_diff()
            }
            Action::Examples => {
                let ex = self.examples.take().unwrap_or_else(|| {
                    Box::new(Examples::with_cases(self.m.user_cases().to_vec()))
                });
                self.overlay = Some(Open::Examples(ex));
            }
            Action::Copy => self.copy(),
            Action::Share => self.overlay = Some(Open::Share(ShareMenu)),
            Action::ToggleBase => self.toggle_base(),
            Action::ToggleNamespace => {
                let said = self.m.set_namespace(!self.m.namespace());
                self.say(said);
            }
            Action::ToggleSchemes => {
                let said = self.m.set_scheme_spec(!self.m.scheme_spec());
                self.say(said);
            }
            Action::FocusProfiles => self.summon(Focus::Profiles),
            Action::Standards => self.toggle_standards(),
            Action::SetComponent => self.open_setter(),
            Action::DiffTrees => {
                if self.m.diff_mode() {
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
            Action::ShareMarkdown
            | Action::ShareText
            | Action::ShareCommand
            | Action::ShareCase
            | Action::ShareSvg
            | Action::ShareHtml => {}
            Action::ToggleMouse => self.toggle_mouse(),
            Action::Objective | Action::IgnoreDollar | Action::FormA | Action::FormB => {
                let under = self.m.compared_under();
                let opts = self.m.compare_options_mut();
                if let Some(msg) = panes::ladder::set_option(opts, a, under) {
                    self.say(msg);
                }
            }
            Action::Type | Action::Load => {}
            input::edit_actions!() => {
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
            | Action::OtherReading => self.navigate(a),
        }
    }

    /// Part `f`'s component, read only (`None` for an input line).
    fn pane(&self, f: Focus) -> Option<&dyn Pane> {
        self.panes.get(f, self.m.reads())
    }

    /// Gives part `f` the keyboard by a global key, and carries out what it asks then.
    fn summon(&mut self, f: Focus) {
        self.set_focus(f);
        let reads = self.m.reads();
        let a = doc_of(&self.m, f, reads);
        if let Some(p) = self.panes.get_mut(f, reads) {
            let e = p.summoned(&a);
            self.apply(f.reads(reads), e);
        }
    }

    /// Carries out what a pane (or input line `side`, 0 or 1) asked for.
    fn apply(&mut self, side: usize, e: Effect) {
        match e {
            Effect::None => {}
            Effect::Cursor(at) => self.panes.lines[side.min(1)].set_cursor(at),
            Effect::Say(t) => self.say(t),
            Effect::Error(t) => self.say_error(t),
            Effect::Clear => self.status = None,
            Effect::SetProfile(p) => self.set_profile(p),
            Effect::Focus(f) => self.set_focus(f),
            Effect::ShowDetails => self.show_details(),
            Effect::NextParse => {
                let said = self.m.next_parse(side);
                self.panes.show(&self.m);
                self.details_key = None;
                self.say(said);
            }
            Effect::LabFold => {
                if let Some(said) = self.m.toggle_lab_fold() {
                    self.panes.show(&self.m);
                    self.details_key = None;
                    self.say(said);
                }
            }
        }
    }

    /// Details takes the focus and reads the selection whole. In diff mode it takes the
    /// ladder's (or the trees') room, so only the parts whose selection it can read there
    /// lead to it.
    fn show_details(&mut self) {
        if self.focus == Focus::Details {
            return;
        }
        // A pane that Details does not follow (the resolution) is read whole on request:
        // Details reads it, and Esc comes back to it.
        let doc = doc_of(&self.m, self.focus, self.m.reads());
        if self
            .pane(self.focus)
            .is_some_and(|p| !p.feeds_details() && p.detail(&doc).is_some())
        {
            self.details_source = self.focus;
        }
        if !self.m.diff_mode()
            || self
                .pane(self.focus)
                .is_some_and(|p| p.detail_in_diff_mode())
        {
            self.set_focus(Focus::Details);
        } else {
            self.say(
                "in diff mode, d on a ladder step, a tree node or a profile cell reads it whole in Details",
            );
        }
    }

    /// Hands navigation action `a` to the focused part's component.
    fn navigate(&mut self, a: Action) {
        if self.standards_focused()
            && let Some(v) = self.standards.as_mut()
        {
            let e = v.pane.on_action(a, &self.m.doc(0));
            self.apply(0, e);
            return;
        }
        let reads = self.m.reads();
        let f = self.focus;
        let doc = doc_of(&self.m, f, reads);
        if let Some(pane) = self.panes.get_mut(f, reads) {
            let e = pane.on_action(a, &doc);
            self.apply(f.reads(reads), e);
        }
    }

    /// The parts `Tab` visits, in order: the layout's, with the other reading while it is
    /// shown, and with the standards view (F8) while it is shown, in every layout: it is
    /// focused as Details, in the place of what it covers (the resolution with a base
    /// line, the ladder or the two trees in diff mode; Details itself in the single
    /// layout), so no stop is a part that is not drawn.
    fn tab_order(&self) -> Vec<Focus> {
        let reading = self.panes.lines[0].tree.reading.visible(self.m.analysis(0));
        let standards = self.standards.is_some();
        let mut order: Vec<Focus> = Vec::new();
        for f in Focus::order(self.layout()) {
            let f = match f {
                Focus::Reading if !reading => continue,
                Focus::Resolution | Focus::Ladder | Focus::TreeA | Focus::TreeB if standards => {
                    Focus::Details
                }
                f => f,
            };
            if !order.contains(&f) {
                order.push(f);
            }
        }
        order
    }

    /// True when the standards view is shown and has the keyboard (in Details' place).
    fn standards_focused(&self) -> bool {
        self.standards.is_some() && self.focus == Focus::Details
    }

    /// F8: shows the standards view (with the keyboard) or hides it.
    fn toggle_standards(&mut self) {
        if self.standards.take().is_some() {
            self.m.drop_standards();
            if self.focus == Focus::Details {
                self.set_focus(Focus::Input);
            }
            self.say("standards view hidden (F8 shows it again)");
            return;
        }
        self.standards = Some(StandardsView::default());
        self.refresh_standards();
        self.set_focus(Focus::Details);
        self.say("standards: the URL Standard beside RFC 3986 · ↑/↓ select · Enter: to the input · F8 hides");
    }

    /// Hands the standards view the model's comparison of input A (made again only when A
    /// changed).
    fn refresh_standards(&mut self) {
        let Some(v) = self.standards.as_mut() else {
            return;
        };
        v.pane.show(self.m.standards());
    }

    /// Draws the standards view into `area`.
    fn draw_standards(&mut self, f: &mut Frame, area: Rect) {
        let focused = self.standards_focused() && self.overlay.is_none();
        let doc = self.m.doc(0);
        if let Some(v) = self.standards.as_mut() {
            v.pane.draw(f, area, &doc, focused, &self.theme);
            v.area = Some(area);
        }
    }

    fn set_profile(&mut self, p: Option<Profile>) {
        let msg = self.m.set_profile(p);
        self.say(msg);
    }

    fn toggle_diff(&mut self) {
        self.panes.base = None;
        if self.m.toggle_diff() {
            self.panes.start_diff();
            self.set_focus(Focus::Second);
            self.say("diff mode: edit B to compare (Ctrl-D leaves)");
        } else {
            self.set_focus(Focus::Input);
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

    /// True when the input is read under a profile whose parser makes a URL record (where
    /// F9's setters apply).
    fn whatwg(&self) -> bool {
        self.m.analysis(0).profile.offers().setters
    }

    /// F9: the URL setter on the focused input line (A when none has focus).
    fn open_setter(&mut self) {
        if !self.whatwg() {
            self.say(
                "F9 sets a URL component by the URL Standard's setters: pick the whatwg \
                 profile first (Ctrl-P)",
            );
            return;
        }
        // Input A or B; the base line is not a URL the setters edit.
        let side = self.input_side().filter(|&s| s < 2).unwrap_or(0);
        let text = self.panes.line_mut(side).text().to_string();
        self.overlay = Some(Open::Setter(Box::new(SetterOverlay::new(&text, side))));
    }

    /// Enter in the URL setter: the new href replaces the input (one undo step).
    fn apply_setter(&mut self) {
        let Some(Open::Setter(o)) = &self.overlay else {
            return;
        };
        let applied = o.applied();
        self.overlay = None;
        if let Some(href) = &applied.href {
            let line = self.panes.line_mut(applied.side);
            line.end_run();
            line.set_text(href);
            line.end_run();
            self.set_focus(if applied.side == 1 {
                Focus::Second
            } else {
                Focus::Input
            });
        }
        self.say(crate::safe_text::escape(&applied.message).into_owned());
    }

    fn load_example(&mut self) {
        let Some(Open::Examples(ex)) = &self.overlay else {
            return;
        };
        let Some(loaded) = ex.selected_load(|id| self.m.auto_profile(id)) else {
            return;
        };
        self.close_overlay();
        self.m.load(loaded.profile, loaded.b.is_some());
        self.panes.load(&loaded);
        self.set_focus(Focus::Input);
        self.say(loaded.message);
    }

    /// The report of the current view (`Some(format)`) or the command that reopens it
    /// (`None`): the same text `idbench explain` prints for the same arguments.
    pub fn share_text(&self, format: Option<ReportFormat>) -> String {
        self.m.share_text(&self.view(), format)
    }

    fn share(&mut self, format: Option<ReportFormat>) {
        self.overlay = None;
        let text = self.share_text(format);
        let what = match format {
            Some(ReportFormat::Markdown) => "the Markdown report",
            Some(ReportFormat::Text) => "the text report",
            None => "the command line that reopens this view",
        };
        let told = self.clipboard.copy_told(&text, what, true);
        self.post(told);
    }

    /// Reads the `--cases` file again and runs its cases (the library runs them, against
    /// the engine); the picker gets them. `Err`: what the status line says.
    fn read_cases(&mut self) -> Result<(), String> {
        let Some(path) = self.cases_file.clone() else {
            return Ok(());
        };
        self.m.read_cases(&path, self.cases_grammars)?;
        if let Some(ex) = &mut self.examples {
            ex.set_cases(self.m.user_cases().to_vec());
        }
        Ok(())
    }

    /// The case the current view makes: input A's analysis, the comparison in diff mode,
    /// the resolution with a base ([`crate::cases::from_view`]); under the grammar lab's
    /// profile, the grammar's verdict (`parses`, with the grammar file and start rule).
    /// `Err`: the lab's grammar file cannot be read back as it stands.
    pub fn view_case(&self) -> Result<crate::cases::Case, String> {
        let texts = self.panes.texts();
        let pair = self
            .m
            .comparison()
            .filter(|_| self.m.diff_mode())
            .map(|c| (texts.sides[1], &c.verdict));
        let base = texts
            .base
            .filter(|_| self.m.has_base())
            .map(|b| (b, &self.m.resolved().resolution));
        let mut case = crate::cases::from_view(
            self.m.analysis(0),
            &self.view(),
            self.m.profile(),
            pair,
            base,
        );
        // Under the lab profile what the view shows is the user's grammar's verdict: the case
        // holds it as `parses` with the grammar and start rule (a cases file has no `lab`
        // profile), and nothing the built-in profiles would answer.
        if let Some(l) = self
            .m
            .lab_file()
            .filter(|l| self.m.profile() == Some(l.profile))
        {
            let valid = self.m.analysis(0).valid();
            case.profile = None;
            case.base = None;
            case.expect = crate::cases::Expect::default();
            let mut parses = l.parses_expect(valid)?;
            // Named relative to the cases file when inside its folder, so `idbench test`
            // runs it without --allow-outside-grammar.
            let file = self
                .cases_file
                .clone()
                .unwrap_or_else(|| std::path::PathBuf::from(DEFAULT_CASES_FILE));
            parses.path =
                crate::cases::grammar::named_from(&file, std::path::Path::new(&parses.path));
            case.expect.parses = Some(parses);
            case.note = Some("saved from the workbench's grammar lab".into());
        }
        Ok(case)
    }

    /// Highlights `h` (a presenter's step): the panes dim what does not belong to it.
    /// The tree selects the highlight's first node (so Details, when shown, reads it).
    pub fn set_highlight(&mut self, h: Option<crate::tui::highlight::Highlight>) {
        if let Some(node) = h.as_ref().and_then(|h| h.node(self.m.analysis(0))) {
            self.panes.lines[0].tree.select(node);
            self.details_key = None;
        }
        self.m.set_highlight(h);
    }

    /// Reads the tree's selection whole in Details, as `d` in the tree does (a presenter's
    /// step that asks for the highlight's Details). Diff mode has no single tree: nothing.
    pub fn show_tree_details(&mut self) {
        if self.m.diff_mode() {
            return;
        }
        self.set_focus(Focus::Tree);
        self.show_details();
    }

    /// Selects the ladder's deciding step (the one from which the sides are equal, or the
    /// one at which they part), scrolled into view: where a presenter's diff slide starts.
    pub fn select_deciding_step(&mut self) {
        let Some(c) = self.m.comparison() else {
            return;
        };
        let v = &c.verdict;
        if let Some(i) = v.equal_from().or(v.parted_at()) {
            self.panes.ladder.list.selected = i;
            self.m.keep_step(self.panes.ladder.list);
            self.details_key = None;
        }
    }

    /// Shows key hints on the status line (`false`: the message alone; a presenter's slide).
    pub fn set_hints(&mut self, on: bool) {
        self.hints = on;
    }

    /// Writes no file from now on (a presenter's step): Ctrl-S's case and screen saves say
    /// so instead of writing.
    pub fn no_files(&mut self) {
        self.files = false;
    }

    /// Where Ctrl-S `s` and `h` save the screen from now on (the working directory at
    /// start).
    pub fn set_screen_dir(&mut self, dir: impl Into<std::path::PathBuf>) {
        self.screen_dir = dir.into();
    }

    /// The screen as it stands, drawn again at the app's size (the share menu closed), as
    /// `format`: the same exporter as `idbench replay`.
    pub fn screen_export(&mut self, format: crate::tui::export::Format) -> String {
        let (w, h) = self.size;
        let buf = self.frame(w.max(1), h.max(1));
        crate::tui::export::render(&buf, &self.theme, format, "idbench screen")
    }

    /// Saves the screen as `idbench-screen-NN.EXT` in the working directory (the first free
    /// number; never over a file, following no link) and says where.
    fn save_screen(&mut self, format: crate::tui::export::Format) {
        self.overlay = None;
        if !self.files {
            self.say("a presenter's step saves no file (idbench replay exports the deck)");
            return;
        }
        let text = self.screen_export(format);
        match crate::tui::export::save_screen(&self.screen_dir, format, &text) {
            Ok(said) => self.say(said),
            Err(said) => self.say_error(said),
        }
    }

    /// Appends the view as a case to the cases file (`--cases`, else
    /// [`DEFAULT_CASES_FILE`]), privately and atomically; the status line says where.
    fn save_case(&mut self) {
        self.overlay = None;
        if !self.files {
            self.say("a presenter's step appends no case");
            return;
        }
        let path = self
            .cases_file
            .clone()
            .unwrap_or_else(|| std::path::PathBuf::from(DEFAULT_CASES_FILE));
        let shown = crate::safe_text::escape(&path.display().to_string()).into_owned();
        let mut flag = "";
        let text = match self.view_case() {
            Ok(case) => {
                if case
                    .expect
                    .parses
                    .as_ref()
                    .is_some_and(|p| std::path::Path::new(&p.path).is_absolute())
                {
                    flag = " --allow-outside-grammar";
                }
                crate::cases::to_toml(&case)
            }
            Err(e) => {
                self.say_error(format!("no case appended to {shown}: {e}"));
                return;
            }
        };
        match crate::cases::append_case(&path, &text) {
            Ok(()) => {
                let reread = self.read_cases();
                let mut msg =
                    format!("case appended to {shown} (idbench test{flag} {shown} runs it)");
                if let Err(e) = reread {
                    msg.push_str(&format!("; reading it back: {e}"));
                }
                self.say(msg);
            }
            Err(e) => self.say_error(format!(
                "could not append the case to {shown}: {}",
                crate::safe_text::escape(&e.to_string())
            )),
        }
    }

    fn copy(&mut self) {
        if self.standards_focused() {
            let c = self
                .standards
                .as_ref()
                .and_then(|v| v.pane.copy(&self.m.doc(0)));
            if let Some(c) = c {
                let told = self.clipboard.copy_told(&c.text, &c.what, true);
                self.post(told);
            }
            return;
        }
        // Details copies what it reads: the selection as it is now, drawn or not yet.
        if self.focus == Focus::Details {
            self.refresh_details();
        }
        let (text, what): (String, String) = match (self.focus, self.input_side()) {
            (_, Some(s)) => {
                let (text, what) = self.panes.line_copy(s, self.m.diff_mode());
                (text, what.to_string())
            }
            (f, None) => {
                let a = doc_of(&self.m, f, self.m.reads());
                match self.pane(f).and_then(|p| p.copy(&a)) {
                    Some(c) => (c.text, c.what),
                    None => return,
                }
            }
        };
        let told = self.clipboard.copy_told(&text, &what, true);
        self.post(told);
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
        if up.is_none() {
            for s in 0..2 {
                if let Some(r) = self.hits.inputs[s]
                    && r.contains(pos)
                {
                    self.set_focus(if s == 0 { Focus::Input } else { Focus::Second });
                    self.panes.lines[s].on_click(r, m.column, m.row);
                    return;
                }
            }
        }
        if let Some(v) = self.standards.as_mut()
            && let Some(r) = v.area.filter(|r| r.contains(pos))
        {
            let doc = self.m.doc(0);
            let e = match up {
                Some(up) => v.pane.on_wheel(up, &doc),
                None => v.pane.on_click(r, pos, &doc),
            };
            // The wheel scrolls what is under the pointer; only a click moves the focus.
            if up.is_none() {
                self.set_focus(Focus::Details);
            }
            self.apply(0, e);
            return;
        }
        let Some(&(f, r)) = self.hits.panes.iter().find(|(_, r)| r.contains(pos)) else {
            return;
        };
        if up.is_none() && self.pane(f).is_some_and(|p| p.mouse_focuses()) {
            self.set_focus(f);
        }
        let reads = self.m.reads();
        let doc = doc_of(&self.m, f, reads);
        if let Some(pane) = self.panes.get_mut(f, reads) {
            let e = match up {
                Some(up) => pane.on_wheel(up, &doc),
                None => pane.on_click(r, pos, &doc),
            };
            self.apply(f.reads(reads), e);
        }
    }

    // ----- drawing -----

    /// One frame at `w`×`h`, drawn by [`draw`](Self::draw) without a terminal (Ctrl-S's
    /// screen saves, a presenter's slides); past
    /// [`MAX_DRAWN`](crate::tui::layout::MAX_DRAWN) either way, the too-large screen at that
    /// bound (as the terminal shows it), so the buffer is bounded whatever size is asked for.
    pub fn frame(&mut self, w: u16, h: u16) -> ratatui::buffer::Buffer {
        use ratatui::{Terminal, TerminalOptions, Viewport};
        let area = layout::drawn_area(w, h);
        // Drawn into the terminal's buffer and taken from it: the backend is never written
        // (its size is not asked for with a fixed viewport), so it is the smallest there is.
        let viewport = Viewport::Fixed(area);
        let backend = ratatui::backend::TestBackend::new(1, 1);
        let mut t = match Terminal::with_options(backend, TerminalOptions { viewport }) {
            Ok(t) => t,
            Err(e) => match e {},
        };
        let mut f = t.get_frame();
        if layout::too_large(w, h) {
            let size = ratatui::layout::Size::new(w, h);
            super::screen::draw_too_large(&mut f, size, "Ctrl-C or Ctrl-Q quits");
        } else {
            self.draw(&mut f);
        }
        std::mem::take(t.current_buffer_mut())
    }

    /// Draws one frame. Reads the cached analyses; never re-analyses.
    pub fn draw(&mut self, f: &mut Frame) {
        let area = f.area();
        self.size = (area.width, area.height);
        self.hits = Hits::default();
        if self.too_small() {
            let (min, diff) = (self.min_size(), self.m.diff_mode());
            let k = self.small_keys;
            panes::status::draw_too_small(f, area, min, diff, k, &self.theme);
            return;
        }
        if self.small_keys != SmallKeys::default() {
            let SmallKeys {
                applied, ignored, ..
            } = std::mem::take(&mut self.small_keys);
            self.say(format!(
                "while the terminal was too small: {} applied to the input, {} ignored",
                panes::plural(applied, "key"),
                panes::plural(ignored, "command")
            ));
        }
        let n_diags = self.panes.lines[self.m.reads().diag].diags.len();
        self.refresh_standards();
        if let Some(v) = self.standards.as_mut() {
            v.area = None;
        }
        let status_area = if self.m.diff_mode() {
            let layout::Diff {
                a,
                b,
                strip,
                ladder,
                diags,
                status,
            } = layout::diff(area, n_diags);
            // The trees draw the other reading in their own area in diff mode.
            for line in &mut self.panes.lines {
                line.tree.reading_apart = false;
            }
            self.draw_input(f, 0, a);
            self.draw_input(f, 1, b);
            self.draw_pane(f, Focus::Profiles, strip);
            if self.standards.is_some() && self.focus != Focus::Profiles {
                // F8: the standards view takes the ladder's room.
                self.draw_standards(f, ladder);
            } else if matches!(self.focus, Focus::Details | Focus::Profiles) {
                // Focused (or following the profile strip), Details takes the ladder's (or
                // the trees') room: the selected step, node or profile cell read whole.
                self.refresh_details();
                self.draw_pane(f, Focus::Details, ladder);
            } else if self.diff_trees {
                let rects = layout::diff_trees(ladder);
                self.draw_pane(f, Focus::TreeA, rects[0]);
                self.draw_pane(f, Focus::TreeB, rects[1]);
                let focused = [Focus::TreeA, Focus::TreeB].map(|t| self.focus == t);
                panes::difftrees::decorate_pair(
                    f,
                    rects,
                    &self.m,
                    [&self.panes.lines[0].tree, &self.panes.lines[1].tree],
                    focused,
                    &self.theme,
                );
            } else {
                self.draw_pane(f, Focus::Ladder, ladder);
            }
            self.draw_pane(f, Focus::Diagnostics, diags);
            status
        } else {
            let n_forms = panes::forms::rows(self.m.analysis(0)).len();
            let with_base = self.m.has_base();
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
            } = layout::single(area, with_base, n_diags, n_forms);
            if with_base {
                self.draw_input(f, 2, base);
            }
            self.draw_input(f, 0, input);
            self.draw_pane(f, Focus::Profiles, strip);
            // With a base line, the resolution takes Details' room: the target and the
            // steps are what the user is reading then.
            self.refresh_details();
            if self.standards_focused() {
                // F8, focused: the standards view takes Details' focused room.
                self.draw_standards(f, main);
            } else if self.focus == Focus::Details {
                // Focused, Details takes the tree's and the forms' room: a long value is
                // read whole even at 80×24.
                self.draw_pane(f, Focus::Details, main);
            } else if self.focus == Focus::Forms {
                // Focused, the forms show each value whole in the right column: Details
                // would only repeat the selected one.
                self.draw_tree(f, tree);
                self.draw_pane(f, Focus::Forms, details.union(forms));
            } else {
                if self.standards.is_some() {
                    // F8: the standards view takes Details' (or the resolution's) room.
                    self.draw_standards(f, details);
                } else if with_base {
                    self.draw_pane(f, Focus::Resolution, details);
                }
                self.draw_tree(f, tree);
                if !with_base && self.standards.is_none() {
                    self.draw_pane(f, Focus::Details, details);
                }
                self.draw_pane(f, Focus::Forms, forms);
            }
            self.draw_pane(f, Focus::Diagnostics, diags);
            status
        };
        if let Some(o) = &mut self.overlay {
            o.get().draw(f, area, &self.theme);
        }
        let hints: Vec<(String, &'static str)> = if self.hints {
            self.hinted_keys()
                .into_iter()
                .map(|(_, k, h)| (k.short_label(), h))
                .collect()
        } else {
            Vec::new()
        };
        let msg = match (&self.status, self.mouse) {
            (Some(m), _) => Some(m.clone()),
            // The verdict is the new text's; the tree is the previous text's until the
            // parse lands.
            (None, _) if self.m.parsing() => Some(Message {
                text: "parsing the tree… the tree shown is the previous text's".into(),
                level: Level::Info,
            }),
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

    /// Rebuilds Details when the selection it follows changed (not at every frame).
    fn refresh_details(&mut self) {
        let src = self.details_source;
        let side = src.reads(self.m.reads());
        let Some(pane) = self.pane(src) else {
            return;
        };
        let key = (
            src,
            side,
            self.m.analyses(),
            self.m.comparisons(),
            pane.selected(),
        );
        if self.details_key == Some(key) {
            return;
        }
        let doc = doc_of(&self.m, src, self.m.reads());
        let mut detail = pane.detail(&doc).unwrap_or_default();
        // Copying from Details copies the value the selection stands for, as its pane does.
        detail.copy = pane.copy(&doc);
        self.details_key = Some(key);
        self.m.read_details_of(side);
        self.panes.details.show(detail);
    }

    /// Draws the tree into `area`, sharing it with the other reading when that is shown
    /// (`r`): beside the tree when the area is wide, below it otherwise.
    fn draw_tree(&mut self, f: &mut Frame, area: Rect) {
        let tree = &mut self.panes.lines[0].tree;
        tree.reading_apart = true;
        if !tree.reading.visible(self.m.analysis(0)) {
            if self.focus == Focus::Reading {
                self.set_focus(Focus::Tree);
            }
            self.draw_pane(f, Focus::Tree, area);
            return;
        }
        let [tree, reading] = layout::tree_and_reading(area);
        // The tree first: the reading follows its selection.
        self.draw_pane(f, Focus::Tree, tree);
        self.draw_pane(f, Focus::Reading, reading);
    }

    /// Draws part `which` into `area` and remembers where, for the mouse.
    fn draw_pane(&mut self, f: &mut Frame, which: Focus, area: Rect) {
        let reads = self.m.reads();
        let doc = doc_of(&self.m, which, reads);
        let keyboard = self.overlay.is_none();
        if let Some(pane) = self.panes.get_mut(which, reads) {
            let focused = self.focus == which && (keyboard || !pane.focus_needs_keyboard());
            pane.draw(f, area, &doc, focused, &self.theme);
            self.hits.panes.push((which, area));
        }
    }

    fn draw_input(&mut self, f: &mut Frame, s: usize, area: Rect) {
        let focused = self.overlay.is_none() && self.input_side() == Some(s);
        let difference = self
            .diff()
            .and_then(|d| d.verdict.difference.as_ref())
            .map(|d| if s == 0 { d.a } else { d.b });
        let look = Look::of(s, self.m.diff_mode(), focused, difference);
        if s == 2 && !self.m.has_base() {
            return;
        }
        let analysis = self.m.line_analysis(s);
        // A presenter's highlight is about the identifiers, not the base line.
        let highlight = self.m.highlight().filter(|_| s < 2);
        self.panes
            .line_mut(s)
            .render_highlighted(f, area, analysis, look, &self.theme, highlight);
        if s == 0
            && let Some(badge) = self.m.layers().badge()
        {
            draw_badge(f.buffer_mut(), area, &badge, &self.theme);
        }
        if let Some(h) = self.hits.inputs.get_mut(s) {
            *h = Some(area);
        }
    }
}

/// What part `f` reads: its input's analysis and the model; for a tree (and the other
/// reading, which follows the tree's selection), the analysis its tree is drawn from,
/// which is the previous text's while the grammar lab parses the new one
/// ([`Model::tree_doc`]).
fn doc_of(m: &Model, f: Focus, reads: Reads) -> super::model::Doc<'_> {
    let side = f.reads(reads);
    match f {
        Focus::Tree | Focus::TreeA | Focus::TreeB | Focus::Reading => m.tree_doc(side),
        _ => m.doc(side),
    }
}

/// Draws `badge` (a layer is off) at the right end of the bottom border of `area` (input
/// A's line), over what the border said there: it stays on screen while the layer is off.
fn draw_badge(buf: &mut ratatui::buffer::Buffer, area: Rect, badge: &str, theme: &Theme) {
    use crate::tui::theme::Slot;
    if area.height < 2 || area.width < 6 {
        return;
    }
    let text = format!(" {badge} ");
    let w = u16::try_from(crate::text_layout::width(&text))
        .unwrap_or(u16::MAX)
        .min(area.width - 2);
    let x = area.right() - 1 - w;
    let y = area.bottom() - 1;
    // What the border said there is cut with `…`, not mid-word.
    if x > area.x + 1
        && let Some(c) = buf.cell_mut((x - 1, y))
        && !c
            .symbol()
            .chars()
            .all(|ch| ('\u{2500}'..='\u{257F}').contains(&ch))
    {
        c.set_symbol("…");
    }
    buf.set_stringn(x, y, &text, usize::from(w), theme.get(Slot::Warning));
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("inputs", &[self.input(0), self.input(1)])
            .field("profile", &self.m.profile())
            .field("focus", &self.focus)
            .field("diff_mode", &self.m.diff_mode())
            .field("status", &self.status)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a pane asks of the app ([`Effect`]) is carried out: the profile is set (and the
    /// input analysed again under it), the focus moves, Details reads the selection.
    #[test]
    fn the_app_carries_out_what_panes_ask() {
        let mut app = App::new(AppConfig {
            input: "urn:a:b".into(),
            ..AppConfig::default()
        });
        let before = app.analyses();
        app.apply(0, Effect::SetProfile(Some(Profile::Rfc8141)));
        app.handle(Event::Resize(100, 30));
        assert_eq!(app.profile(), Some(Profile::Rfc8141));
        assert_eq!(app.analysis(0).profile, Profile::Rfc8141);
        // Both inputs (B is kept analysed for diff mode).
        assert_eq!(app.analyses(), before + 2);
        app.apply(0, Effect::Focus(Focus::Forms));
        assert_eq!(app.focus(), Focus::Forms);
        app.apply(0, Effect::ShowDetails);
        assert_eq!(app.focus(), Focus::Details);
        // Back from Details: the pane it followed.
        app.apply(0, Effect::Focus(app.details_source));
        assert_eq!(app.focus(), Focus::Forms);
    }
}
