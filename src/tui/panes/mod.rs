//! The panes, one module each, and what they share: the [`Pane`] component trait and the
//! [`Effect`]s a pane asks of the app, the list of parts ([`list`]), what a selection
//! reads as in Details ([`selection`]), untrusted-text spans, truncation, blocks and list
//! scrolling.
//!
//! Each focusable pane is a component that owns its view state (selection, scroll,
//! folds), handles its own actions and mouse clicks, draws itself and names its key
//! context (the context's rows in [`crate::tui::keys::BINDINGS`] are its help entries and
//! status-bar hints). What it shows is the model's (`tui::model`): the analysis of the
//! input it reads, or what it follows of the model (the ladder the comparison, the
//! resolution pane the resolution, the profile strip the profile). `app.rs` only routes
//! focus, global keys and layout, and carries out the [`Effect`]s.
//!
//! Adding a pane: write `panes/<name>.rs` with a struct that implements [`Pane`], add a
//! [`Context`] and its bindings in `keys.rs`, add its row to the list in [`list`] (the
//! layouts whose `Tab` reaches it, the input it reads, the component in [`list::Panes`]),
//! and give it a place in the layout (`layout.rs` and `App::draw`). An overlay (help,
//! examples, share menu) implements [`Overlay`] instead; the input lines are
//! [`input::InputLine`]s.
//!
//! Every piece of text that comes from the input (or from a file) is drawn through
//! [`untrusted`] or [`fit`], which go through [`crate::safe_text`].

pub mod details;
pub mod diagnostics;
pub mod difftrees;
pub mod examples;
pub mod forms;
pub mod help;
pub mod input;
pub mod ladder;
pub mod list;
pub mod messages;
pub mod profiles;
pub mod readings;
pub mod resolution;
pub mod selection;
pub mod setter;
pub mod share;
pub mod standards;
pub mod status;
pub mod tree;

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType};

use ratatui::Frame;

use crate::engine::Profile;
use crate::safe_text;
use crate::tui::keys::{Action, Context};
pub use crate::tui::model::{Doc, ListState};
use crate::tui::theme::{Slot, Theme};
pub use list::Focus;

/// What a pane asks of the app after an action or a click.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Effect {
    /// Nothing more.
    #[default]
    None,
    /// Move the input's cursor to this byte (the selection points into the input).
    Cursor(usize),
    /// Say this in the status line.
    Say(String),
    /// Say this in the status line as an error.
    Error(String),
    /// Clear the status line (the user typed: old news is gone).
    Clear,
    /// Put this profile in use (`None`: auto): every input is analysed again.
    SetProfile(Option<Profile>),
    /// Give this part the keyboard.
    Focus(Focus),
    /// Read the focused pane's selection whole in Details.
    ShowDetails,
    /// Show the next parse of the input the pane reads, under the lab profile (the first
    /// after the last).
    NextParse,
    /// Fold the lab trees to their rules, or unfold them to every repetition and literal.
    LabFold,
}

/// A copy a pane offers: the text and what to call it in the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// What goes to the clipboard.
    pub text: String,
    /// `the scheme text`, `form canonical`…
    pub what: String,
}

/// A focusable pane: its state, its keys, its mouse, its drawing.
///
/// `a` is what the pane reads ([`Doc`]): the analysis of the input it shows, and the model
/// for what is not one input's (the ladder reads the comparison there).
pub trait Pane {
    /// The key-table context of the pane's own keys: its help entries and status hints.
    fn context(&self) -> Context;

    /// Reacts to a navigation action (`Up`, `Down`, `PageUp`, `PageDown`, `First`, `Last`,
    /// `Collapse`, `Expand`, `Toggle`).
    fn on_action(&mut self, action: Action, a: &Doc<'_>) -> Effect;

    /// A left click at `at` on the pane drawn at `area`.
    fn on_click(&mut self, area: Rect, at: Position, a: &Doc<'_>) -> Effect;

    /// False when scrolling by `action` (Up, Down) would not move the pane from where the
    /// last frame left it (the status line then does not hint it).
    fn scrolls(&self, _action: Action) -> bool {
        true
    }

    /// The mouse wheel over the pane: one row by default.
    fn on_wheel(&mut self, up: bool, a: &Doc<'_>) -> Effect {
        self.on_action(if up { Action::Up } else { Action::Down }, a)
    }

    /// Draws the pane into `area` (border included).
    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme);

    /// What `Ctrl-Y` copies from the selection, if anything.
    fn copy(&self, a: &Doc<'_>) -> Option<Copied>;

    /// The selected row (Details is rebuilt when it changes).
    fn selected(&self) -> usize {
        0
    }

    /// The selection read whole, for the Details pane (`None`: nothing selected).
    fn detail(&self, _a: &Doc<'_>) -> Option<selection::Detail> {
        None
    }

    /// Whether Details follows the pane's selection once it has been focused (Details
    /// itself and the resolution, which is read whole where it is, do not).
    fn feeds_details(&self) -> bool {
        true
    }

    /// In diff mode, whether `d` reads the selection whole in Details (which then takes
    /// the ladder's room).
    fn detail_in_diff_mode(&self) -> bool {
        false
    }

    /// Whether a click or the wheel gives the pane the keyboard (the profile strip chooses
    /// a profile without taking it).
    fn mouse_focuses(&self) -> bool {
        true
    }

    /// Whether the pane looks focused only while it has the keyboard (not under an
    /// overlay).
    fn focus_needs_keyboard(&self) -> bool {
        false
    }

    /// A global key brought the keyboard to the pane (F7 to the profile strip).
    fn summoned(&mut self, _a: &Doc<'_>) -> Effect {
        Effect::None
    }
}

/// What an overlay asks of the app after a key or a click.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OverlayEffect {
    /// Nothing more: the overlay stays.
    #[default]
    None,
    /// Close the overlay.
    Close,
    /// Close the overlay and open help.
    Help,
    /// Load the selected example (the examples picker).
    Load,
    /// Copy the report (`Some(format)`) or the reopen command (`None`) (the share menu).
    Share(Option<crate::report::ReportFormat>),
    /// Append the view as a case to the cases file (the share menu).
    SaveCase,
    /// Save the screen as SVG or HTML in the working directory (the share menu).
    SaveScreen(crate::tui::export::Format),
    /// Put the setter's new `href` in the input (the setter overlay, F9).
    SetInput,
}

/// A window drawn over the panes (help, examples picker, share menu): it has the keyboard
/// while open. `Quit` and `ToggleMouse` are the app's; every other key of the overlay's
/// context comes here.
pub trait Overlay {
    /// The key-table context of the overlay's keys.
    fn context(&self) -> Context;

    /// A key: its action in the overlay's contexts (`None`: not bound), and the character
    /// when it is a plain one (the picker's filter reads them).
    fn on_action(&mut self, action: Option<Action>, ch: Option<char>) -> OverlayEffect;

    /// The mouse wheel.
    fn on_wheel(&mut self, _up: bool) {}

    /// A left click at `pos`.
    fn on_click(&mut self, _pos: ratatui::layout::Position) -> OverlayEffect {
        OverlayEffect::None
    }

    /// Pasted text (line breaks already removed).
    fn on_paste(&mut self, _s: &str) {}

    /// Draws the overlay over `area` (the whole screen).
    fn draw(&mut self, f: &mut Frame, area: Rect, theme: &Theme);
}

/// The row of `list` at screen line `y` of `area` (inside its border), if any.
pub fn row_at(list: &ListState, area: Rect, y: u16, len: usize) -> Option<usize> {
    list.row_in(area.y + 1, area.bottom().saturating_sub(1), y, len)
}

/// The step a navigation action moves a list by (`page` rows for a page).
pub fn list_delta(a: Action, page: isize) -> isize {
    match a {
        Action::Up => -1,
        Action::Down => 1,
        Action::PageUp => -page,
        Action::PageDown => page,
        Action::First => isize::MIN / 2,
        Action::Last => isize::MAX / 2,
        _ => 0,
    }
}

/// Untrusted text as a span: unsafe characters become `⟨U+XXXX⟩` tokens.
pub fn untrusted(s: &str, style: Style) -> Span<'_> {
    Span::styled(safe_text::escape(s), style)
}

/// Untrusted text made safe and cut to `width` columns, with `…` when cut.
pub fn fit(s: &str, width: usize) -> Cow<'_, str> {
    truncate(safe_text::escape(s), width)
}

/// `1 error`, `2 errors`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Where a scrolled list is: `rows 6–19 of 20` (`first` is 0-based, `shown` rows from
/// there, `total` in all). Every pane says its scroll position this way, in its border.
pub fn rows_label(first: usize, shown: usize, total: usize) -> String {
    position_label("rows", first, shown, total)
}

/// [`rows_label`] for a list whose items are not rows: `forms 2–4 of 5`.
pub fn position_label(items: &str, first: usize, shown: usize, total: usize) -> String {
    let last = (first + shown).min(total);
    format!("{items} {}–{last} of {total}", (first + 1).min(last.max(1)))
}

/// Display width of safe text (no control characters).
pub fn width(s: &str) -> usize {
    crate::text_layout::width(s)
}

/// Cuts safe text to `width` columns, ending with `…` when cut.
pub fn truncate(s: Cow<'_, str>, width: usize) -> Cow<'_, str> {
    crate::text_layout::truncate(s, width)
}

/// Pads or cuts safe text to exactly `width` columns.
pub fn pad(s: Cow<'_, str>, width: usize) -> Cow<'_, str> {
    let s = truncate(s, width);
    let w = self::width(&s);
    if w >= width {
        return s;
    }
    let mut out = s.into_owned();
    out.extend(std::iter::repeat_n(' ', width - w));
    Cow::Owned(out)
}

/// A pane's frame: the title, and a thick border in the focus style when focused (visible
/// without colour too).
pub fn block<'a>(title: impl Into<Cow<'a, str>>, focused: bool, theme: &Theme) -> Block<'a> {
    let (border, title_style, kind) = if focused {
        (
            theme.get(Slot::Focus),
            theme.get(Slot::Focus),
            BorderType::Thick,
        )
    } else {
        (
            theme.get(Slot::Border),
            theme.get(Slot::Title),
            BorderType::Plain,
        )
    };
    let marker = if focused { "▸" } else { " " };
    Block::bordered()
        .border_type(kind)
        .border_style(border)
        .title(Line::from(vec![
            Span::styled(marker, title_style),
            Span::styled(title, title_style),
            Span::raw(" "),
        ]))
}

/// The first of `titles` (most said first) that fits whole in `area`'s top border, as
/// [`block_fit`] would draw it: how a pane keeps its position whole by saying less else.
pub fn first_fitting(titles: impl IntoIterator<Item = String>, area: Rect) -> Option<String> {
    let room = usize::from(area.width).saturating_sub(4);
    titles.into_iter().find(|t| width(t) <= room)
}

/// [`block`] for `area`, its title cut with `…` to the border's room (a title too long for
/// the border would otherwise be cut silently).
pub fn block_fit<'a>(title: &'a str, area: Rect, focused: bool, theme: &Theme) -> Block<'a> {
    let room = usize::from(area.width).saturating_sub(4);
    block(truncate(title.into(), room), focused, theme)
}

/// Writes `lines` into `area`, one per row, clipped to its width. A line's own style (the
/// selection) covers its whole row. Cheaper than a `Paragraph`, which lists do not need.
pub fn put_lines(buf: &mut Buffer, area: Rect, lines: &[Line<'_>]) {
    for (i, line) in lines.iter().take(usize::from(area.height)).enumerate() {
        let y = area.y + i as u16;
        if line.style != Style::default() {
            buf.set_style(Rect::new(area.x, y, area.width, 1), line.style);
        }
        buf.set_line(area.x, y, line, area.width);
    }
}

/// `line` as the selected row: the selection style covers the row, and its colours win
/// over each span's foreground (a span coloured like the selection's background would
/// vanish: white text on a white bar). Spans with a background of their own (tokens, the
/// difference mark) keep it, and so their own contrast.
pub fn select_line(line: Line<'_>, sel: Style) -> Line<'_> {
    let mut line = line.patch_style(sel);
    for span in &mut line.spans {
        if span.style.bg.is_none() {
            span.style.fg = sel.fg.or(span.style.fg);
            span.style.bg = sel.bg;
        }
    }
    line
}

/// Inside of a bordered area.
pub fn inner(area: Rect) -> Rect {
    Rect {
        x: area.x.saturating_add(1),
        y: area.y.saturating_add(1),
        width: area.width.saturating_sub(2),
        height: area.height.saturating_sub(2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_respects_wide_characters() {
        assert_eq!(truncate("abcdef".into(), 4), "abc…");
        assert_eq!(truncate("abcd".into(), 4), "abcd");
        assert_eq!(truncate("漢字漢字".into(), 5), "漢字…");
        assert_eq!(fit("a\u{202E}bcdefghijkl", 6), "a⟨U+2…");
        assert_eq!(pad("ab".into(), 4), "ab  ");
    }

    #[test]
    fn list_scrolls_to_selection() {
        let mut l = ListState::default();
        l.step(10, 5);
        assert_eq!(l.selected, 4);
        assert_eq!(l.scroll(5, 2), 3);
        l.step(-4, 5);
        assert_eq!(l.scroll(5, 2), 0);
    }
}
