//! The one table of key bindings. It drives the key handling, the help overlay and the
//! status-bar hints, so the three cannot disagree.

use std::fmt::Write as _;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Everywhere, the input included (so: keys that do not type text).
    Global,
    /// In every pane but the inputs.
    Panes,
    /// In an input line.
    Input,
    /// In the component tree.
    Tree,
    /// In the diagnostics list.
    Diagnostics,
    /// In the normal forms.
    Forms,
    /// In the details of the selection.
    Details,
    /// In the equivalence ladder (diff mode).
    Ladder,
    /// In the resolution pane (with a base line, Ctrl-T).
    Resolution,
    /// In the other reading (`r` in the tree).
    Reading,
    /// In the examples picker.
    Examples,
    /// On the profile strip (F7).
    Profiles,
    /// In the standards view (F8).
    Standards,
    /// In the help overlay.
    Help,
    /// In the share menu.
    Share,
    /// In the URL setter (F9, under the whatwg profile).
    Setter,
    /// In the message log (Ctrl-L).
    Messages,
}

impl Context {
    /// The heading the help overlay gives the context.
    pub const fn title(self) -> &'static str {
        match self {
            Context::Global => "Everywhere",
            Context::Panes => "In any pane but the input",
            Context::Input => "Input",
            Context::Tree => "Component tree",
            Context::Diagnostics => "Diagnostics",
            Context::Forms => "Normal forms",
            Context::Details => "Details (the selection read whole)",
            Context::Ladder => "Equivalence ladder (diff mode)",
            Context::Resolution => "Resolution (base line open: the target and its steps)",
            Context::Reading => "Other reading (r in the tree: the second parse, what decides)",
            Context::Examples => "Examples picker",
            Context::Profiles => "Profile strip (F7: a cell's verdict read whole in Details)",
            Context::Standards => {
                "Standards (F8: the URL Standard beside RFC 3986, where the two readings part)"
            }
            Context::Help => "Help",
            Context::Share => "Share menu (Ctrl-S)",
            Context::Setter => {
                "URL setter (F9, whatwg profile: one component changed by the URL Standard's setter)"
            }
            Context::Messages => "Message log (Ctrl-L: every status message, read whole)",
        }
    }

    /// Every context, in the order help shows them.
    pub const ALL: [Context; 17] = [
        Context::Global,
        Context::Panes,
        Context::Input,
        Context::Tree,
        Context::Diagnostics,
        Context::Forms,
        Context::Details,
        Context::Ladder,
        Context::Resolution,
        Context::Reading,
        Context::Examples,
        Context::Profiles,
        Context::Standards,
        Context::Help,
        Context::Share,
        Context::Setter,
        Context::Messages,
    ];
}

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Leave the workbench.
    Quit,
    /// Open or close the help overlay.
    Help,
    /// Focus the next pane.
    FocusNext,
    /// Focus the previous pane.
    FocusPrev,
    /// Close the overlay, or go back to the input.
    Back,
    /// Cycle the profile: auto, then each profile in turn.
    CycleProfile,
    /// Pick a profile by number (0 auto, 1-7 the strip's order).
    PickProfile,
    /// Turn diff mode on or off.
    ToggleDiff,
    /// Open the examples picker.
    Examples,
    /// Copy what the focused pane has selected.
    Copy,
    /// Turn mouse capture off (so the terminal's own selection works) or on.
    ToggleMouse,
    /// Type text (not a key: documents typing).
    Type,
    /// Cursor one character left.
    Left,
    /// Cursor one character right.
    Right,
    /// Cursor one word left.
    WordLeft,
    /// Cursor one word right.
    WordRight,
    /// Cursor to the start.
    Home,
    /// Cursor to the end.
    End,
    /// Delete the character before the cursor.
    DeleteBack,
    /// Delete the character under the cursor.
    DeleteForward,
    /// Delete the word before the cursor.
    DeleteWord,
    /// Delete from the start to the cursor.
    DeleteToStart,
    /// Delete from the cursor to the end.
    DeleteToEnd,
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Recall the previous (older) input from history.
    HistoryPrev,
    /// Recall the next (newer) input from history.
    HistoryNext,
    /// Remember the input in history.
    Remember,
    /// Focus Details, which shows the selection whole.
    ShowDetails,
    /// Select the previous row.
    Up,
    /// Select the next row.
    Down,
    /// Up one page.
    PageUp,
    /// Down one page.
    PageDown,
    /// First row.
    First,
    /// Last row.
    Last,
    /// Collapse the selected cross-reference, or go to the parent.
    Collapse,
    /// Expand the selected cross-reference.
    Expand,
    /// Collapse or expand the selected cross-reference.
    Toggle,
    /// Load the selected example.
    Load,
    /// Diff mode: switch the rfc2141bis §5 objective (5a names, 5b cache).
    Objective,
    /// Diff mode: ignore "$" cross-references or not (XRI Syntax 2.0 §2.5.4).
    IgnoreDollar,
    /// Diff mode: the form side A is written in (xri2: as typed, IRI-normal, URI-normal).
    FormA,
    /// Diff mode: the form side B is written in.
    FormB,
    /// Diff mode: show the ladder or both trees.
    DiffTrees,
    /// Open or close the base line (the input is then resolved against it).
    ToggleBase,
    /// Turn the URN namespace layer off or on (off: the URN spec answers alone).
    ToggleNamespace,
    /// Turn the URI scheme layer off or on (off: the generic spec answers alone).
    ToggleSchemes,
    /// Focus the profile strip: its cells are selected, Details reads them whole.
    FocusProfiles,
    /// Open the share menu.
    Share,
    /// Share menu: copy the Markdown report of the view.
    ShareMarkdown,
    /// Share menu: copy the plain-text report of the view.
    ShareText,
    /// Share menu: copy the command line that reopens the view.
    ShareCommand,
    /// Share menu: append the view as a case to the cases file.
    ShareCase,
    /// Share menu: save the screen as SVG in the working directory.
    ShareSvg,
    /// Share menu: save the screen as HTML in the working directory.
    ShareHtml,
    /// The tree: show or hide the other reading beside it (where the grammar admits two).
    OtherReading,
    /// Show or hide the standards view: the URL Standard's reading beside RFC 3986's, in
    /// place of Details (diff mode: of the ladder).
    Standards,
    /// Under the whatwg profile: change one component of the input through the URL
    /// Standard's setter (the URL setter overlay).
    SetComponent,
    /// Open or close the message log: every status message of the session, read whole.
    Messages,
}

/// One key: a code and the modifiers that must be held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The key (`KeyCode::Null` stands for "any text").
    pub code: KeyCode,
    /// Ctrl / Alt / Shift.
    pub mods: KeyModifiers,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const fn k(code: KeyCode) -> Key {
    Key { code, mods: NONE }
}
const fn c(ch: char) -> Key {
    Key {
        code: KeyCode::Char(ch),
        mods: NONE,
    }
}
const fn ctrl(ch: char) -> Key {
    Key {
        code: KeyCode::Char(ch),
        mods: KeyModifiers::CONTROL,
    }
}
const fn alt(ch: char) -> Key {
    Key {
        code: KeyCode::Char(ch),
        mods: KeyModifiers::ALT,
    }
}
const fn ctrl_k(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::CONTROL,
    }
}
const fn alt_k(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::ALT,
    }
}
const TEXT: Key = k(KeyCode::Null);

impl Key {
    /// True when `ev` is this key. Shift is ignored for characters (the character already
    /// says it) and for Shift-Tab; a Ctrl-letter matches in either case.
    pub fn matches(&self, ev: &KeyEvent) -> bool {
        let (code, mods) = normalize(ev);
        match (self.code, code) {
            (KeyCode::Char(a), KeyCode::Char(b)) if self.mods.contains(KeyModifiers::CONTROL) => {
                a.eq_ignore_ascii_case(&b) && mods == self.mods
            }
            (a, b) => a == b && mods == self.mods,
        }
    }

    /// The long label (`Ctrl-P`), for help.
    pub fn label(&self) -> String {
        let mut s = String::new();
        if self.mods.contains(KeyModifiers::CONTROL) {
            s.push_str("Ctrl-");
        }
        if self.mods.contains(KeyModifiers::ALT) {
            s.push_str("Alt-");
        }
        if self.mods.contains(KeyModifiers::SHIFT) {
            s.push_str("Shift-");
        }
        match self.code {
            KeyCode::Char(ch) if self.mods.contains(KeyModifiers::CONTROL) => {
                s.push(ch.to_ascii_uppercase())
            }
            code => push_code(&mut s, code),
        }
        s
    }

    /// The short label (`^P`), for the status bar.
    pub fn short_label(&self) -> String {
        let mut s = String::new();
        if self.mods == KeyModifiers::CONTROL {
            s.push('^');
        } else if !self.mods.is_empty() {
            return self.label();
        }
        match self.code {
            KeyCode::Char(ch) if self.mods == KeyModifiers::CONTROL => {
                s.push(ch.to_ascii_uppercase())
            }
            code => push_code(&mut s, code),
        }
        s
    }
}

fn push_code(s: &mut String, code: KeyCode) {
    match code {
        KeyCode::Char(' ') => s.push_str("Space"),
        KeyCode::Char(ch) => s.push(ch),
        KeyCode::F(n) => {
            let _ = write!(s, "F{n}");
        }
        KeyCode::Enter => s.push_str("Enter"),
        KeyCode::Esc => s.push_str("Esc"),
        KeyCode::Tab => s.push_str("Tab"),
        KeyCode::BackTab => s.push_str("Shift-Tab"),
        KeyCode::Backspace => s.push_str("Backspace"),
        KeyCode::Delete => s.push_str("Del"),
        KeyCode::Left => s.push('←'),
        KeyCode::Right => s.push('→'),
        KeyCode::Up => s.push('↑'),
        KeyCode::Down => s.push('↓'),
        KeyCode::Home => s.push_str("Home"),
        KeyCode::End => s.push_str("End"),
        KeyCode::PageUp => s.push_str("PgUp"),
        KeyCode::PageDown => s.push_str("PgDn"),
        KeyCode::Null => s.push_str("text"),
        other => {
            let _ = write!(s, "{other:?}");
        }
    }
}

fn normalize(ev: &KeyEvent) -> (KeyCode, KeyModifiers) {
    let mut mods = ev.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
    if matches!(ev.code, KeyCode::Char(_) | KeyCode::BackTab) {
        mods.remove(KeyModifiers::SHIFT);
    }
    (ev.code, mods)
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// What happens.
    pub action: Action,
    /// The keys that do it (any one of them).
    pub keys: &'static [Key],
    /// What happens, for help.
    pub description: &'static str,
    /// Where it applies.
    pub context: Context,
    /// A one-word label for the status bar, for the bindings worth a hint there.
    pub hint: Option<&'static str>,
}

const fn b(
    context: Context,
    action: Action,
    keys: &'static [Key],
    description: &'static str,
    hint: Option<&'static str>,
) -> Binding {
    Binding {
        action,
        keys,
        description,
        context,
        hint,
    }
}

use Action as A;
use Context as X;
use KeyCode as K;

/// Every binding. Lookup goes through the table in order, the focused context first.
pub const BINDINGS: &[Binding] = &[
    // Everywhere. The order is the status line's: the hints that fit at 80 columns first.
    b(
        X::Global,
        A::Quit,
        &[ctrl('c'), ctrl('q')],
        "quit (the terminal is restored)",
        Some("quit"),
    ),
    b(
        X::Global,
        A::Help,
        &[k(K::F(1))],
        "show or hide this help",
        Some("help"),
    ),
    b(
        X::Global,
        A::FocusNext,
        &[k(K::Tab)],
        "focus the next pane",
        Some("pane"),
    ),
    b(
        X::Global,
        A::FocusPrev,
        &[k(K::BackTab)],
        "focus the previous pane",
        None,
    ),
    b(
        X::Global,
        A::Copy,
        &[ctrl('y')],
        "copy: the input, or the focused pane's selection",
        Some("copy"),
    ),
    b(
        X::Global,
        A::ToggleDiff,
        &[ctrl('d')],
        "diff mode on/off: compare with a second input",
        Some("diff"),
    ),
    b(
        X::Global,
        A::Share,
        &[ctrl('s')],
        "share: copy a report of the view, or its command line",
        Some("share"),
    ),
    b(
        X::Global,
        A::ToggleBase,
        &[ctrl('t')],
        "base line on/off: resolve the input against a base",
        Some("base"),
    ),
    b(
        X::Global,
        A::CycleProfile,
        &[ctrl('p')],
        "next profile: auto, then each profile of the strip",
        Some("profile"),
    ),
    b(
        X::Global,
        A::PickProfile,
        &[
            alt('0'),
            alt('1'),
            alt('2'),
            alt('3'),
            alt('4'),
            alt('5'),
            alt('6'),
            alt('7'),
            alt('8'),
        ],
        "pick a profile: 0 auto, 1-8 the strip from the left",
        None,
    ),
    b(
        X::Global,
        A::ToggleNamespace,
        &[ctrl('n')],
        "URN namespaces off/on: the NSS read by its namespace too, or the URN spec alone",
        Some("namespaces"),
    ),
    b(
        X::Global,
        A::ToggleSchemes,
        &[ctrl('x')],
        "URI schemes off/on: a URI read by its scheme's spec too, or the generic spec alone",
        None,
    ),
    b(
        X::Global,
        A::Examples,
        &[ctrl('o')],
        "open the examples picker",
        Some("examples"),
    ),
    b(
        X::Global,
        A::ToggleMouse,
        &[ctrl('g')],
        "mouse capture off/on (off: the terminal selects text)",
        Some("mouse"),
    ),
    b(
        X::Global,
        A::Messages,
        &[ctrl('l')],
        "message log: every status message of the session, read whole (the status line cuts a long one)",
        None,
    ),
    b(
        X::Global,
        A::Back,
        &[k(K::Esc)],
        "close the overlay, or go back to the input",
        None,
    ),
    // The compare options, from anywhere (in the ladder also by letter, below).
    b(
        X::Global,
        A::Objective,
        &[k(K::F(2))],
        "diff: rfc2141bis objective 5a names / 5b cache (§5)",
        None,
    ),
    b(
        X::Global,
        A::IgnoreDollar,
        &[k(K::F(3))],
        "diff: xri2 \"$\" cross-references kept / ignored (§2.5.4)",
        None,
    ),
    b(
        X::Global,
        A::FormA,
        &[k(K::F(4))],
        "diff: xri2 form of A: as typed, IRI-, URI-normal (§2.5.2)",
        None,
    ),
    b(
        X::Global,
        A::FormB,
        &[k(K::F(5))],
        "diff: xri2 form of B: as typed, IRI-, URI-normal (§2.5.2)",
        None,
    ),
    b(
        X::Global,
        A::DiffTrees,
        &[k(K::F(6))],
        "diff: the ladder or both trees, the first difference marked",
        Some("trees"),
    ),
    b(
        X::Global,
        A::FocusProfiles,
        &[k(K::F(7))],
        "profile strip: a cell read whole in Details (diff mode: the pair under it)",
        Some("strip"),
    ),
    b(
        X::Global,
        A::Standards,
        &[k(K::F(8))],
        "standards: the URL Standard beside RFC 3986, where the two part (F8 again: back)",
        Some("standards"),
    ),
    b(
        X::Global,
        A::SetComponent,
        &[k(K::F(9))],
        "whatwg profile: set one component of the URL through the URL Standard's setter",
        Some("set"),
    ),
    // Panes other than the input: single keys are free there.
    b(
        X::Panes,
        A::Quit,
        &[c('q')],
        "quit (q twice in a row)",
        None,
    ),
    b(X::Panes, A::Help, &[c('?')], "show help", None),
    b(
        X::Panes,
        A::Copy,
        &[c('y')],
        "copy the selected row's value",
        Some("copy"),
    ),
    b(
        X::Panes,
        A::ShowDetails,
        &[c('d')],
        "read the selected row whole in Details (Esc comes back)",
        Some("details"),
    ),
    b(X::Panes, A::Up, &[k(K::Up), c('k')], "previous row", None),
    b(X::Panes, A::Down, &[k(K::Down), c('j')], "next row", None),
    b(X::Panes, A::PageUp, &[k(K::PageUp)], "page up", None),
    b(X::Panes, A::PageDown, &[k(K::PageDown)], "page down", None),
    b(X::Panes, A::First, &[k(K::Home), c('g')], "first row", None),
    b(X::Panes, A::Last, &[k(K::End), c('G')], "last row", None),
    // The input line.
    b(
        X::Input,
        A::Type,
        &[TEXT],
        "type or paste: the identifier is analysed at every keystroke",
        None,
    ),
    b(
        X::Input,
        A::Left,
        &[k(K::Left), ctrl('b')],
        "cursor left",
        None,
    ),
    b(
        X::Input,
        A::Right,
        &[k(K::Right), ctrl('f')],
        "cursor right",
        None,
    ),
    b(
        X::Input,
        A::WordLeft,
        &[ctrl_k(K::Left), alt('b')],
        "word left",
        None,
    ),
    b(
        X::Input,
        A::WordRight,
        &[ctrl_k(K::Right), alt('f')],
        "word right",
        None,
    ),
    b(
        X::Input,
        A::Home,
        &[k(K::Home), ctrl('a')],
        "start of the line",
        None,
    ),
    b(
        X::Input,
        A::End,
        &[k(K::End), ctrl('e')],
        "end of the line",
        None,
    ),
    b(
        X::Input,
        A::DeleteBack,
        &[k(K::Backspace), ctrl('h')],
        "delete the character before the cursor",
        None,
    ),
    b(
        X::Input,
        A::DeleteForward,
        &[k(K::Delete)],
        "delete the character under the cursor",
        None,
    ),
    b(
        X::Input,
        A::DeleteWord,
        &[ctrl('w'), alt_k(K::Backspace)],
        "delete the word before the cursor",
        None,
    ),
    b(
        X::Input,
        A::DeleteToStart,
        &[ctrl('u')],
        "delete to the start",
        None,
    ),
    b(
        X::Input,
        A::DeleteToEnd,
        &[ctrl('k')],
        "delete to the end",
        None,
    ),
    b(
        X::Input,
        A::Undo,
        &[alt('z')],
        "undo (Ctrl-Z suspends)",
        None,
    ),
    b(X::Input, A::Redo, &[ctrl('r')], "redo", None),
    b(
        X::Input,
        A::HistoryPrev,
        &[k(K::Up)],
        "recall the previous input from history",
        Some("history"),
    ),
    b(
        X::Input,
        A::HistoryNext,
        &[k(K::Down)],
        "recall the next input from history",
        None,
    ),
    b(
        X::Input,
        A::Remember,
        &[k(K::Enter)],
        "remember the input in history",
        None,
    ),
    // The tree.
    b(
        X::Tree,
        A::Collapse,
        &[k(K::Left), c('h')],
        "collapse the cross-reference, or go to the parent",
        None,
    ),
    b(
        X::Tree,
        A::Expand,
        &[k(K::Right), c('l')],
        "expand the cross-reference",
        None,
    ),
    b(
        X::Tree,
        A::Toggle,
        &[k(K::Enter), c(' ')],
        "collapse/expand the cross-reference",
        Some("fold"),
    ),
    b(
        X::Tree,
        A::OtherReading,
        &[c('r')],
        "show/hide the other reading beside the tree, with the spec text that decides",
        Some("other reading"),
    ),
    // Diagnostics.
    b(
        X::Diagnostics,
        A::Copy,
        &[k(K::Enter)],
        "copy the selected diagnostic",
        Some("copy"),
    ),
    // Forms.
    b(
        X::Forms,
        A::Copy,
        &[k(K::Enter)],
        "copy the selected form",
        Some("copy"),
    ),
    // Details.
    b(
        X::Details,
        A::Down,
        &[k(K::Down), c('j')],
        "scroll down (so does the mouse wheel)",
        Some("scroll"),
    ),
    b(X::Details, A::Up, &[k(K::Up), c('k')], "scroll up", None),
    b(
        X::Details,
        A::Copy,
        &[k(K::Enter)],
        "copy the selection's value",
        Some("copy"),
    ),
    // The resolution pane.
    b(
        X::Resolution,
        A::Down,
        &[k(K::Down), c('j')],
        "scroll down (so does the mouse wheel; PgDn a page)",
        Some("scroll"),
    ),
    b(X::Resolution, A::Up, &[k(K::Up), c('k')], "scroll up", None),
    b(
        X::Resolution,
        A::Copy,
        &[k(K::Enter)],
        "copy the target",
        Some("copy"),
    ),
    // The standards view (F8).
    b(
        X::Standards,
        A::Down,
        &[k(K::Down), c('j')],
        "select the next divergence (PgDn a page)",
        Some("select"),
    ),
    b(
        X::Standards,
        A::Up,
        &[k(K::Up), c('k')],
        "select the previous divergence",
        None,
    ),
    b(
        X::Standards,
        A::Toggle,
        &[k(K::Enter)],
        "move the input's cursor to the divergence",
        Some("to input"),
    ),
    b(
        X::Standards,
        A::Standards,
        &[k(K::F(8))],
        "hide the standards view (back to Details)",
        Some("hide"),
    ),
    // The other reading.
    b(
        X::Reading,
        A::OtherReading,
        &[c('r')],
        "hide the other reading (back to the tree)",
        Some("hide"),
    ),
    b(
        X::Reading,
        A::Copy,
        &[k(K::Enter)],
        "copy the other reading",
        Some("copy"),
    ),
    // The ladder: the compare options by letter.
    b(
        X::Ladder,
        A::Objective,
        &[c('o')],
        "rfc2141bis objective 5a (names) / 5b (cache)",
        Some("5a/5b"),
    ),
    b(
        X::Ladder,
        A::IgnoreDollar,
        &[c('$')],
        "xri2: \"$\" cross-references kept / ignored",
        Some("ignore $"),
    ),
    b(
        X::Ladder,
        A::FormA,
        &[c('a')],
        "xri2: next form of A (as typed, IRI-normal, URI-normal)",
        Some("A form"),
    ),
    b(
        X::Ladder,
        A::FormB,
        &[c('b')],
        "xri2: next form of B (as typed, IRI-normal, URI-normal)",
        Some("B form"),
    ),
    // Share menu.
    b(
        X::Share,
        A::ShareMarkdown,
        &[c('m')],
        "copy the Markdown report (as `idbench explain`)",
        Some("markdown"),
    ),
    b(
        X::Share,
        A::ShareText,
        &[c('t')],
        "copy the plain-text report, wrapped at 72 columns",
        Some("text"),
    ),
    b(
        X::Share,
        A::ShareCommand,
        &[c('c')],
        "copy the command line that reopens this view",
        Some("command"),
    ),
    b(
        X::Share,
        A::ShareCase,
        &[c('a')],
        "append this view as a case to the cases file",
        Some("case"),
    ),
    b(
        X::Share,
        A::ShareSvg,
        &[c('s')],
        "save the screen as idbench-screen-NN.svg here",
        Some("svg"),
    ),
    b(
        X::Share,
        A::ShareHtml,
        &[c('h')],
        "save the screen as idbench-screen-NN.html here",
        Some("html"),
    ),
    // Examples.
    b(
        X::Examples,
        A::Type,
        &[TEXT],
        "type to filter by identifier, set or section",
        None,
    ),
    b(
        X::Examples,
        A::DeleteBack,
        &[k(K::Backspace)],
        "delete the last filter character",
        None,
    ),
    b(X::Examples, A::Up, &[k(K::Up)], "previous example", None),
    b(X::Examples, A::Down, &[k(K::Down)], "next example", None),
    b(X::Examples, A::PageUp, &[k(K::PageUp)], "page up", None),
    b(
        X::Examples,
        A::PageDown,
        &[k(K::PageDown)],
        "page down",
        None,
    ),
    b(
        X::Examples,
        A::Load,
        &[k(K::Enter)],
        "load it (a pair opens diff mode)",
        Some("load"),
    ),
    b(X::Examples, A::Back, &[k(K::Esc)], "close", Some("close")),
    // The profile strip.
    b(
        X::Profiles,
        A::Up,
        &[k(K::Left), c('h')],
        "previous profile",
        None,
    ),
    b(
        X::Profiles,
        A::Down,
        &[k(K::Right), c('l')],
        "next profile",
        Some("profile"),
    ),
    b(
        X::Profiles,
        A::Toggle,
        &[k(K::Enter), c(' ')],
        "use the selected profile",
        Some("use"),
    ),
    // The URL setter.
    b(X::Setter, A::Up, &[k(K::Up)], "previous component", None),
    b(
        X::Setter,
        A::Down,
        &[k(K::Down)],
        "next component",
        Some("component"),
    ),
    b(
        X::Setter,
        A::Toggle,
        &[k(K::Enter)],
        "choose the component; then apply the value (the new href goes in the input)",
        Some("choose/apply"),
    ),
    b(
        X::Setter,
        A::Type,
        &[TEXT],
        "type or paste the new value (the href it gives is shown as you type)",
        None,
    ),
    b(
        X::Setter,
        A::DeleteBack,
        &[k(K::Backspace)],
        "delete the last character of the value",
        None,
    ),
    b(
        X::Setter,
        A::Back,
        &[k(K::Esc)],
        "back to the components; from there, close",
        Some("back"),
    ),
    // The message log.
    b(X::Messages, A::Up, &[k(K::Up), c('k')], "scroll up", None),
    b(
        X::Messages,
        A::Down,
        &[k(K::Down), c('j')],
        "scroll down",
        Some("scroll"),
    ),
    b(X::Messages, A::PageUp, &[k(K::PageUp)], "page up", None),
    b(
        X::Messages,
        A::PageDown,
        &[k(K::PageDown)],
        "page down",
        None,
    ),
    b(X::Messages, A::First, &[k(K::Home), c('g')], "newest", None),
    b(X::Messages, A::Last, &[k(K::End), c('G')], "oldest", None),
    b(
        X::Messages,
        A::Back,
        &[k(K::Esc), c('q')],
        "close",
        Some("close"),
    ),
    // Help.
    b(X::Help, A::Up, &[k(K::Up), c('k')], "scroll up", None),
    b(X::Help, A::Down, &[k(K::Down), c('j')], "scroll down", None),
    b(X::Help, A::PageUp, &[k(K::PageUp)], "page up", None),
    b(X::Help, A::PageDown, &[k(K::PageDown)], "page down", None),
    b(X::Help, A::First, &[k(K::Home), c('g')], "top", None),
    b(X::Help, A::Last, &[k(K::End), c('G')], "bottom", None),
    b(
        X::Help,
        A::Back,
        &[k(K::Esc), c('q'), k(K::F(1))],
        "close",
        Some("close"),
    ),
];

/// The action `ev` triggers in `contexts` (searched in order), if any.
pub fn lookup(contexts: &[Context], ev: &KeyEvent) -> Option<Action> {
    contexts.iter().find_map(|cx| {
        BINDINGS
            .iter()
            .filter(|b| b.context == *cx)
            .find(|b| {
                b.keys
                    .iter()
                    .any(|k| k.code != KeyCode::Null && k.matches(ev))
            })
            .map(|b| b.action)
    })
}

/// The status-bar hints for `contexts`: `(short key, label)`, first context first, one per
/// action.
pub fn hints(contexts: &[Context]) -> Vec<(String, &'static str)> {
    hints_first(contexts, &[])
}

/// The status-bar hints for `contexts` with the hints of `first` (the keys the current state
/// makes worth knowing: the trees in diff mode, the namespaces on a URN) moved up to just
/// after the focus key's hint, in `first`'s order. The status line shows whole hints from
/// the front while they fit, so what comes first is what a narrow terminal still shows.
pub fn hints_first(contexts: &[Context], first: &[Action]) -> Vec<(String, &'static str)> {
    hints_without(contexts, first, &[])
}

/// [`hints_first`] without the hints of `hidden` (the keys the current state has no use
/// for: the URL setter outside the whatwg profile).
pub fn hints_without(
    contexts: &[Context],
    first: &[Action],
    hidden: &[Action],
) -> Vec<(String, &'static str)> {
    hinted_keys(contexts, first, hidden)
        .into_iter()
        .map(|(_, k, h)| (k.short_label(), h))
        .collect()
}

/// The hints of [`hints_without`] with the action and the key each names.
pub fn hinted_keys(
    contexts: &[Context],
    first: &[Action],
    hidden: &[Action],
) -> Vec<(Action, Key, &'static str)> {
    let mut all: Vec<(Action, Key, &'static str)> = Vec::new();
    for cx in contexts {
        for b in BINDINGS.iter().filter(|b| b.context == *cx) {
            if let (Some(h), Some(key)) = (b.hint, b.keys.first())
                && !hidden.contains(&b.action)
                && !all.iter().any(|(a, _, _)| *a == b.action)
            {
                all.push((b.action, *key, h));
            }
        }
    }
    let mut promoted = Vec::new();
    for a in first {
        if let Some(i) = all.iter().position(|(x, _, _)| x == a) {
            promoted.push(all.remove(i));
        }
    }
    let at = all
        .iter()
        .position(|(a, _, _)| *a == Action::FocusNext)
        .map_or(0, |i| i + 1);
    all.splice(at..at, promoted);
    all
}

/// The key table as Markdown, for the README: one table per context, in help's order,
/// each row a binding's keys and what they do. The README's key list is this text between
/// its `<!-- keys:begin -->` and `<!-- keys:end -->` markers (a test compares them).
pub fn markdown() -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = String::new();
    for cx in Context::ALL {
        let rows: Vec<&Binding> = BINDINGS.iter().filter(|b| b.context == cx).collect();
        if rows.is_empty() {
            continue;
        }
        let _ = write!(out, "\n**{}**\n\n| key | does |\n|---|---|\n", cx.title());
        for b in rows {
            let _ = writeln!(
                out,
                "| {} | {} |",
                cell(&keys_label(b)),
                cell(b.description)
            );
        }
    }
    out
}

/// The keys of `binding` joined for help: `Ctrl-C, Ctrl-Q`.
pub fn keys_label(binding: &Binding) -> String {
    if binding.action == Action::PickProfile
        && let (Some(first), Some(last)) = (binding.keys.first(), binding.keys.last())
    {
        return format!("{} … {}", first.label(), last.label());
    }
    let labels: Vec<String> = binding.keys.iter().map(|k| k.label()).collect();
    labels.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyEventKind;

    fn ev(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        let mut e = KeyEvent::new(code, mods);
        e.kind = KeyEventKind::Press;
        e
    }

    #[test]
    fn lookups() {
        let input = [Context::Input, Context::Global];
        let tree = [Context::Tree, Context::Panes, Context::Global];
        assert_eq!(
            lookup(&input, &ev(K::Char('c'), KeyModifiers::CONTROL)),
            Some(A::Quit)
        );
        assert_eq!(
            lookup(&input, &ev(K::Char('q'), NONE)),
            None,
            "q types in the input"
        );
        assert_eq!(lookup(&tree, &ev(K::Char('q'), NONE)), Some(A::Quit));
        assert_eq!(lookup(&tree, &ev(K::Left, NONE)), Some(A::Collapse));
        assert_eq!(lookup(&input, &ev(K::Up, NONE)), Some(A::HistoryPrev));
        assert_eq!(lookup(&tree, &ev(K::Up, NONE)), Some(A::Up));
        assert_eq!(
            lookup(&tree, &ev(K::Char('G'), KeyModifiers::SHIFT)),
            Some(A::Last)
        );
        assert_eq!(
            lookup(&tree, &ev(K::BackTab, KeyModifiers::SHIFT)),
            Some(A::FocusPrev)
        );
        assert_eq!(
            lookup(&input, &ev(K::Char('P'), KeyModifiers::CONTROL)),
            Some(A::CycleProfile)
        );
        assert_eq!(
            lookup(&input, &ev(K::Char('3'), KeyModifiers::ALT)),
            Some(A::PickProfile)
        );
        // The compare options: F-keys everywhere, letters in the ladder only.
        let ladder = [Context::Ladder, Context::Panes, Context::Global];
        assert_eq!(lookup(&input, &ev(K::F(2), NONE)), Some(A::Objective));
        assert_eq!(lookup(&input, &ev(K::F(5), NONE)), Some(A::FormB));
        assert_eq!(lookup(&input, &ev(K::Char('b'), NONE)), None, "b types");
        assert_eq!(lookup(&ladder, &ev(K::Char('b'), NONE)), Some(A::FormB));
        assert_eq!(
            lookup(&ladder, &ev(K::Char('$'), KeyModifiers::SHIFT)),
            Some(A::IgnoreDollar)
        );
        assert_eq!(lookup(&tree, &ev(K::Char('o'), NONE)), None);
        let h = hints(&ladder);
        assert!(h.iter().any(|(k, l)| k == "o" && *l == "5a/5b"), "{h:?}");
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for (i, a) in BINDINGS.iter().enumerate() {
            for bb in &BINDINGS[i + 1..] {
                if a.context != bb.context {
                    continue;
                }
                for ka in a.keys.iter().filter(|k| k.code != KeyCode::Null) {
                    assert!(
                        !bb.keys.contains(ka),
                        "{} bound twice in {:?}",
                        ka.label(),
                        a.context
                    );
                }
            }
        }
    }

    #[test]
    fn labels() {
        assert_eq!(ctrl('p').label(), "Ctrl-P");
        assert_eq!(ctrl('p').short_label(), "^P");
        assert_eq!(k(K::F(1)).short_label(), "F1");
        assert_eq!(alt('3').label(), "Alt-3");
        let h = hints(&[Context::Input, Context::Global]);
        assert!(h.iter().any(|(k, l)| k == "^C" && *l == "quit"));
    }
}
