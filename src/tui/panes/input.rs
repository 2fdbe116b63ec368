//! The input line component ([`InputLine`]): one for input A, one for input B (diff
//! mode) and one for the base line (Ctrl-T). Each owns its text area and what is derived
//! for display from its text's analysis (layout, tree rows, sorted diagnostics), its
//! editing keys, history recall, paste handling and size cap, and its drawing. It edits
//! text and never analyses it: the analysis is the model's (`tui::model`), made when the
//! text changed, and handed back to [`InputLine::rebuild`] and the drawing: the identifier drawn cell by cell, coloured by the tree, with the selected
//! node's span highlighted, errors underlined, and unsafe characters drawn as
//! `⟨U+XXXX⟩` tokens.
//!
//! Editing is done by a `tui_textarea::TextArea`; the line is drawn here, from the text and
//! the cursor, because each character's cells must line up with tokens, wide CJK
//! characters and emoji. The layout ([`InputView`]) is built once per change of the text;
//! a frame only walks the glyphs on screen.

use std::borrow::Cow;
use std::collections::VecDeque;

use ratatui::Frame;
use ratatui::buffer::{Buffer, CellWidth};
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tui_textarea::{CursorMove, TextArea};

use super::diagnostics::DiagView;
use super::tree::TreeView;
use super::{Effect, block, fit, inner, plural};
use crate::engine::{Analysis, NodeKind, Severity, Span as ByteSpan};
use crate::safe_text::{self, Piece};
use crate::tui::history::History;
use crate::tui::keys::Action;
use crate::tui::theme::{Slot, Theme};

/// The most input the workbench holds per input line, in bytes. A paste or keystroke that
/// would go beyond it is refused, with a message: a cut identifier would be another
/// identifier. The command line reads inputs of any size (`idbench parse -`).
pub const MAX_INPUT: usize = 1 << 20;

/// One input line: its text and what is derived for display from the text's analysis.
pub struct InputLine {
    ta: TextArea<'static>,
    /// The line's layout.
    pub view: InputView,
    /// The tree pane's state for this input.
    pub tree: TreeView,
    /// The diagnostics pane's state for this input.
    pub diags: DiagView,
    /// First display column shown.
    scroll: usize,
    /// The cursor offset the tree selection last followed.
    synced: Option<usize>,
    /// The model's tree generation the tree view was built at
    /// ([`crate::tui::model::Model::tree_generation`]), when built by [`InputLine::rebuild_in`].
    tree_of: Option<u64>,
    /// Undo steps, oldest first (a run of typed characters is one step, as editors do).
    undo: VecDeque<Step>,
    /// Redo steps, the last undone last.
    redo: Vec<Step>,
    /// Bytes of text the undo and redo steps hold.
    undo_bytes: usize,
    /// The last edit was a typed character: the next one joins its run.
    typing: bool,
}

impl Default for InputLine {
    fn default() -> Self {
        InputLine {
            ta: text_area(String::new()),
            view: InputView::default(),
            tree: TreeView::default(),
            diags: DiagView::default(),
            scroll: 0,
            synced: None,
            tree_of: None,
            undo: VecDeque::new(),
            redo: Vec::new(),
            undo_bytes: 0,
            typing: false,
        }
    }
}

/// A text area holding `text`, the cursor at its end, with no history of its own (the
/// line keeps its undo steps itself: [`Step`]).
fn text_area(text: String) -> TextArea<'static> {
    let mut ta = TextArea::new(vec![text]);
    ta.set_max_histories(0);
    ta.move_cursor(CursorMove::End);
    ta
}

/// Undo steps kept.
const MAX_UNDO: usize = 1000;

/// Bytes of text the undo and redo steps may hold together: the oldest steps are let go
/// of, whole, beyond it (a step is never cut, so an undo takes back all it did or is not
/// offered). Eight full-size replacements of the line.
const MAX_UNDO_BYTES: usize = 16 * MAX_INPUT;

/// One undoable edit: the line's bytes from `at` were `removed` and became `inserted`.
/// The text area's own history is off: it keeps edits, not steps, and a typed run longer
/// than its cap would be taken back only in part.
#[derive(Clone, Debug, Default)]
struct Step {
    at: usize,
    removed: String,
    inserted: String,
    /// The cursor's byte offset before the edit and after it.
    cursor_before: usize,
    cursor_after: usize,
}

impl Step {
    /// The edit that turned `old` into `new`: the bytes between their common head and
    /// tail (on character boundaries). Linear in the line's length, like the analysis
    /// every edit is followed by.
    fn between(old: &str, new: &str, cursor_before: usize, cursor_after: usize) -> Step {
        let (a, b) = (old.as_bytes(), new.as_bytes());
        let mut head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        while !(old.is_char_boundary(head) && new.is_char_boundary(head)) {
            head -= 1;
        }
        let room = a.len().min(b.len()) - head;
        let mut tail = a
            .iter()
            .rev()
            .zip(b.iter().rev())
            .take(room)
            .take_while(|(x, y)| x == y)
            .count();
        while !(old.is_char_boundary(a.len() - tail) && new.is_char_boundary(b.len() - tail)) {
            tail -= 1;
        }
        Step {
            at: head,
            removed: old[head..a.len() - tail].to_string(),
            inserted: new[head..b.len() - tail].to_string(),
            cursor_before,
            cursor_after,
        }
    }

    /// Bytes of text held.
    fn bytes(&self) -> usize {
        self.removed.len() + self.inserted.len()
    }
}

/// How an input line is drawn this frame: what the app decides (title, focus, marks).
#[derive(Clone, Copy, Debug)]
pub struct Look<'a> {
    /// `Input`, `A`, `B`, `Base`.
    pub title: &'a str,
    /// Shown dimmed while the line is empty.
    pub hint: &'a str,
    /// The line has the keyboard.
    pub focused: bool,
    /// Highlight the selected tree node's span.
    pub highlight: bool,
    /// The first difference (diff mode).
    pub difference: Option<ByteSpan>,
}

impl Look<'static> {
    /// How line `line` (0 the input or A, 1 B, 2 the base line) looks: its title and
    /// hint, the tree's highlight outside diff mode, the difference in it.
    pub fn of(line: usize, diff_mode: bool, focused: bool, difference: Option<ByteSpan>) -> Self {
        let title = match (diff_mode, line) {
            (_, 2) => "Base",
            (false, _) => "Input",
            (true, 0) => "A",
            (true, _) => "B",
        };
        let hint = match line {
            2 => " type the base the input is resolved against · Ctrl-T closes",
            0 => " type or paste an identifier · Ctrl-O examples · F1 help",
            _ => " type or paste the identifier to compare with A",
        };
        Look {
            title,
            hint,
            focused,
            highlight: !diff_mode && line != 2,
            difference,
        }
    }
}

/// The message for an input that would grow to `total` bytes, beyond [`MAX_INPUT`].
fn too_long(what: &str, total: usize) -> String {
    format!(
        "{what}: the input would be {total} bytes, over the workbench's limit of {MAX_INPUT} \
         (1 MiB); `idbench parse -` reads any size from stdin"
    )
}

/// The pattern of the line's own editing keys (moving, deleting, undo, history recall,
/// remembering): written once, matched by [`edits`] and by the app's routing.
macro_rules! edit_actions {
    () => {
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
    };
}
pub(crate) use edit_actions;

/// True for the line's own editing keys: the ones [`InputLine::on_action`] takes, and the
/// ones that still reach the input while the terminal is too small.
pub fn edits(a: Action) -> bool {
    matches!(a, edit_actions!())
}

/// What the status line says when `removed` line-break characters were taken out of an
/// identifier (a paste, or one given on the command line).
pub fn line_breaks_removed(removed: usize) -> String {
    format!("removed {removed} line-break character(s): an identifier is one line")
}

/// `s` without line breaks (an identifier is one line).
pub fn one_line(s: &str) -> Cow<'_, str> {
    if s.contains(['\n', '\r']) {
        s.replace(['\n', '\r'], "").into()
    } else {
        s.into()
    }
}

impl InputLine {
    /// A line holding `text` (line breaks removed), the cursor at the end. Its views are
    /// empty until [`rebuild`](Self::rebuild) is handed the text's analysis.
    pub fn new(text: &str) -> InputLine {
        InputLine {
            ta: text_area(one_line(text).into_owned()),
            ..InputLine::default()
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        self.ta.lines().first().map(String::as_str).unwrap_or("")
    }

    /// Lets go of what was derived from the old analysis (before a new one is made: on a
    /// big input, holding both at once is what sets the peak memory). The diagnostics
    /// selection and the tree's reading are kept for [`rebuild`](Self::rebuild).
    pub fn clear_views(&mut self) {
        self.clear_views_but_tree();
        let other = self.tree.reading.shown;
        self.tree = TreeView::default();
        self.tree.reading.shown = other;
        self.tree_of = None;
    }

    /// [`clear_views`](Self::clear_views) but for the tree view, when the tree it shows
    /// stays (the grammar lab's tree of the previous text, while the new one is parsed).
    pub fn clear_views_but_tree(&mut self) {
        let list = self.diags.list;
        self.view = InputView::default();
        self.diags = DiagView::default();
        self.diags.list = list;
    }

    /// [`rebuild`](Self::rebuild) with the tree view from `tree` (the analysis the model
    /// draws the tree from, [`crate::tui::model::Model::tree_analysis`]), rebuilt only
    /// when its generation `tree_gen` moved since it was last built.
    pub fn rebuild_in(&mut self, a: &Analysis, tree: &Analysis, tree_gen: u64) {
        if self.tree_of == Some(tree_gen) && !std::ptr::eq(a, tree) {
            let diag_sel = self.diags.list;
            self.clear_views_but_tree();
            self.view = InputView::new(a);
            self.diags = DiagView::new(a);
            self.diags.list = diag_sel;
            self.diags.list.clamp(self.diags.len());
            self.synced = None;
            return;
        }
        self.rebuild(a);
        if !std::ptr::eq(a, tree) {
            let other = self.tree.reading.shown;
            self.tree = TreeView::new(tree);
            self.tree.reading.shown = other;
        }
        self.tree_of = Some(tree_gen);
    }

    /// Rebuilds what is derived from the text's new analysis `a` (the diagnostics
    /// selection is kept where it can be).
    pub fn rebuild(&mut self, a: &Analysis) {
        let diag_sel = self.diags.list;
        let other = self.tree.reading.shown;
        self.clear_views();
        self.view = InputView::new(a);
        self.tree = TreeView::new(a);
        self.tree.reading.shown = other;
        self.diags = DiagView::new(a);
        self.diags.list = diag_sel;
        self.diags.list.clamp(self.diags.len());
        self.synced = None;
    }

    /// The cursor's byte offset.
    pub fn cursor(&self) -> usize {
        let col = self.ta.cursor().1;
        let t = self.text();
        t.char_indices().nth(col).map(|(i, _)| i).unwrap_or(t.len())
    }

    /// Moves the cursor to byte `byte` (or the character boundary before it).
    pub fn set_cursor(&mut self, byte: usize) {
        let t = self.text();
        let b = crate::text_layout::floor_char_boundary(t, byte);
        let col = t[..b].chars().count();
        self.ta
            .move_cursor(CursorMove::Jump(0, u16::try_from(col).unwrap_or(u16::MAX)));
    }

    /// Replaces the text (line breaks removed), as one undo step.
    pub fn set_text(&mut self, s: &str) {
        let (old, c) = (self.text().to_string(), self.cursor());
        self.ta.move_cursor(CursorMove::Head);
        self.ta.delete_line_by_end();
        self.ta.insert_str(one_line(s));
        self.note_edit(&old, c, false);
    }

    /// Records the change from `old` (the cursor then at `cursor_before`) to the text now
    /// as one undo step, joined to the step before when both are typed characters; a new
    /// edit forgets what was undone.
    fn note_edit(&mut self, old: &str, cursor_before: usize, typed: bool) {
        let step = Step::between(old, self.text(), cursor_before, self.cursor());
        self.push_step(step, typed);
    }

    /// Records a typed `c` at byte `at` (the text is not copied for it).
    fn note_typed(&mut self, at: usize, c: char) {
        let step = Step {
            at,
            removed: String::new(),
            inserted: c.to_string(),
            cursor_before: at,
            cursor_after: at + c.len_utf8(),
        };
        self.push_step(step, true);
    }

    /// Records `step`, the last edit (see [`note_edit`](Self::note_edit)).
    fn push_step(&mut self, step: Step, typed: bool) {
        if step.bytes() == 0 {
            return;
        }
        let dropped: usize = self.redo.drain(..).map(|r| r.bytes()).sum();
        self.undo_bytes = self.undo_bytes.saturating_sub(dropped);
        self.undo_bytes += step.bytes();
        match self.undo.back_mut() {
            Some(last)
                if typed
                    && self.typing
                    && last.removed.is_empty()
                    && step.removed.is_empty()
                    && step.at == last.at + last.inserted.len() =>
            {
                last.inserted.push_str(&step.inserted);
                last.cursor_after = step.cursor_after;
            }
            _ => self.undo.push_back(step),
        }
        self.typing = typed;
        // The oldest steps go, whole, past the caps (the newest is always kept).
        while self.undo.len() > 1
            && (self.undo.len() > MAX_UNDO || self.undo_bytes > MAX_UNDO_BYTES)
        {
            if let Some(gone) = self.undo.pop_front() {
                self.undo_bytes = self.undo_bytes.saturating_sub(gone.bytes());
            }
        }
    }

    /// Ends the typed run: the next typed character starts a new undo step.
    pub fn end_run(&mut self) {
        self.typing = false;
    }

    /// Undoes (or redoes) one step: a typed run whole, any other edit alone. False when
    /// there is none.
    fn undo_step(&mut self, redo: bool) -> bool {
        self.typing = false;
        let step = if redo {
            self.redo.pop()
        } else {
            self.undo.pop_back()
        };
        let Some(step) = step else {
            return false;
        };
        let (gone, back, cursor) = if redo {
            (&step.removed, &step.inserted, step.cursor_after)
        } else {
            (&step.inserted, &step.removed, step.cursor_before)
        };
        let t = self.text();
        let end = step.at + gone.len();
        let text = match (t.get(..step.at), t.get(end..)) {
            (Some(head), Some(tail)) if t.get(step.at..end) == Some(gone.as_str()) => {
                let mut s = String::with_capacity(head.len() + back.len() + tail.len());
                s.push_str(head);
                s.push_str(back);
                s.push_str(tail);
                s
            }
            // The text is not what the step left (it cannot be: every edit is a step);
            // the steps are dropped rather than applied to other text.
            _ => {
                self.undo.clear();
                self.redo.clear();
                self.undo_bytes = 0;
                return false;
            }
        };
        self.ta = text_area(text);
        self.set_cursor(cursor);
        if redo {
            self.undo.push_back(step);
        } else {
            self.redo.push(step);
        }
        true
    }

    /// Selects the deepest node of `a` (the text's analysis) under the cursor when the
    /// cursor has moved.
    pub fn sync(&mut self, a: &Analysis) {
        let c = self.cursor();
        if self.synced != Some(c) {
            self.tree.select(a.tree.deepest_at(c).index());
            self.synced = Some(c);
        }
    }

    /// The line's own keys: editing, undo, history recall and remembering. `None` when
    /// `a` is not one of them.
    pub fn on_action(&mut self, a: Action, history: &mut History) -> Option<Effect> {
        let edits = matches!(
            a,
            Action::DeleteBack
                | Action::DeleteForward
                | Action::DeleteWord
                | Action::DeleteToStart
                | Action::DeleteToEnd
        );
        let before = edits.then(|| (self.text().to_string(), self.cursor()));
        let ta = &mut self.ta;
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
            Action::Undo | Action::Redo => {
                let redo = a == Action::Redo;
                if !self.undo_step(redo) {
                    let what = if redo { "redo" } else { "undo" };
                    return Some(Effect::Say(format!("nothing to {what}")));
                }
                history.stop_recall();
                return Some(Effect::Clear);
            }
            Action::HistoryPrev | Action::HistoryNext => {
                let current = self.text().to_string();
                let recalled = if a == Action::HistoryPrev {
                    history.older(&current).map(str::to_string)
                } else {
                    history.newer().map(str::to_string)
                };
                return Some(match recalled {
                    Some(t) => {
                        self.set_text(&t);
                        Effect::None
                    }
                    None if a == Action::HistoryPrev && history.entries().is_empty() => {
                        Effect::Say("no history yet: Enter remembers an input".into())
                    }
                    None => Effect::None,
                });
            }
            Action::Remember => {
                let t = self.text().to_string();
                return Some(if t.is_empty() {
                    Effect::Say("nothing to remember: the input is empty".into())
                } else {
                    history.push(&t);
                    Effect::Say("remembered in history (Up recalls it)".into())
                });
            }
            _ => return None,
        }
        let changed = before
            .as_ref()
            .is_some_and(|(old, _)| old.as_str() != self.text());
        if let Some((old, c)) = before.filter(|_| changed) {
            self.note_edit(&old, c, false);
        } else {
            // A move ends the typed run.
            self.typing = false;
        }
        Some(if changed {
            history.stop_recall();
            Effect::Clear
        } else {
            Effect::None
        })
    }

    /// A typed character, refused past [`MAX_INPUT`].
    pub fn on_char(&mut self, c: char, history: &mut History) -> Effect {
        if self.text().len() + c.len_utf8() > MAX_INPUT {
            return Effect::Error(too_long("typing refused", MAX_INPUT + 1));
        }
        history.stop_recall();
        let at = self.cursor();
        self.ta.insert_char(c);
        self.note_typed(at, c);
        Effect::Clear
    }

    /// Typed characters `s` (no control character among them) at the cursor, as one edit:
    /// the text, cursor and undo step [`on_char`](Self::on_char) leaves after each of them
    /// in turn (a typed run, joined to the one before), in time linear in the line. Refused
    /// whole past [`MAX_INPUT`]: the caller takes only what fits.
    pub fn type_str(&mut self, s: &str, history: &mut History) -> Effect {
        if self.text().len() + s.len() > MAX_INPUT {
            return Effect::Error(too_long("typing refused", self.text().len() + s.len()));
        }
        if s.is_empty() {
            return Effect::None;
        }
        history.stop_recall();
        let at = self.cursor();
        self.ta.insert_str(s);
        self.push_step(
            Step {
                at,
                removed: String::new(),
                inserted: s.to_string(),
                cursor_before: at,
                cursor_after: at + s.len(),
            },
            true,
        );
        Effect::Clear
    }

    /// A paste at the cursor: line breaks removed (and said), refused whole past
    /// [`MAX_INPUT`].
    pub fn on_paste(&mut self, s: &str, history: &mut History) -> Effect {
        let clean = one_line(s);
        let removed = s.len() - clean.len();
        let total = self.text().len() + clean.len();
        if total > MAX_INPUT {
            return Effect::Error(too_long("paste refused", total));
        }
        history.stop_recall();
        let (old, c) = (self.text().to_string(), self.cursor());
        self.ta.insert_str(&clean);
        self.note_edit(&old, c, false);
        if removed > 0 {
            Effect::Say(format!("pasted; {}", line_breaks_removed(removed)))
        } else {
            Effect::Clear
        }
    }

    /// A click at screen column `x` of the line drawn at `area`: the cursor goes there.
    pub fn on_click(&mut self, area: Rect, x: u16, y: u16) {
        let body = inner(area);
        if body.contains(Position::new(x, y)) {
            let col = self.scroll + usize::from(x - body.x);
            let at = self.view.byte_at_column(col);
            self.set_cursor(at);
        }
    }

    /// Draws the line in its frame: the verdict on the top border, the profile and why
    /// it was chosen on the bottom one, the text (or the hint) inside. `a` is the text's
    /// analysis.
    pub fn render(
        &mut self,
        f: &mut Frame,
        area: Rect,
        a: &Analysis,
        look: Look<'_>,
        theme: &Theme,
    ) {
        self.render_highlighted(f, area, a, look, theme, None);
    }

    /// [`render`](Self::render), dimming the bytes outside a presenter's highlight.
    pub fn render_highlighted(
        &mut self,
        f: &mut Frame,
        area: Rect,
        a: &Analysis,
        look: Look<'_>,
        theme: &Theme,
        highlight_of: Option<&crate::tui::highlight::Highlight>,
    ) {
        // Occurrences, not rows: a diagnostic that repeats stands for `count` of them.
        let occurrences = |sev: Severity| -> usize {
            a.diagnostics
                .iter()
                .filter(|d| d.severity == sev)
                .map(|d| d.count.max(1))
                .sum()
        };
        let errors = occurrences(Severity::Error);
        let warnings = occurrences(Severity::Warning);
        let verdict = if a.input.is_empty() {
            Line::raw("")
        } else if errors == 0 {
            let extra = if warnings > 0 {
                format!(" · {}", plural(warnings, "warning"))
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
                    plural(errors, "error")
                ),
                theme.get(Slot::Invalid),
            )])
        };
        let reason = if a.profile_reason == crate::engine::ProfileReason::Given {
            "chosen (Ctrl-P changes it)".to_string()
        } else {
            a.profile_reason.to_string()
        };
        let head = format!(" profile {} · ", a.profile.name());
        // The reason cut with `…` to the border's room (a title is otherwise cut silently).
        let room = usize::from(area.width).saturating_sub(2 + head.chars().count() + 1);
        let bottom = Line::from(vec![
            Span::styled(head, theme.get(Slot::Dim)),
            Span::styled(fit(&reason, room), theme.get(Slot::Dim)),
            Span::raw(" "),
        ]);
        let blk = block(look.title, look.focused, theme)
            .title_top(verdict.right_aligned())
            .title_bottom(bottom);
        f.render_widget(blk, area);
        let body = inner(area);
        let cursor = self.cursor();
        self.scroll = scroll_for(&self.view, cursor, usize::from(body.width), self.scroll);
        if self.text().is_empty() {
            f.render_widget(
                Paragraph::new(Line::styled(
                    fit(look.hint, usize::from(body.width)),
                    theme.get(Slot::Dim),
                )),
                body,
            );
        }
        let highlight = look
            .highlight
            .then(|| a.tree.get(self.tree.selected).map(|n| n.span()))
            .flatten();
        let decor = Decor {
            highlight,
            difference: look.difference,
            cursor: look.focused.then_some(cursor),
        };
        let pos = draw(
            f.buffer_mut(),
            body,
            &a.input,
            &self.view,
            decor,
            self.scroll,
            theme,
        );
        if let Some(p) = pos {
            f.set_cursor_position(p);
        }
        if let Some(h) = highlight_of {
            self.dim_outside(f.buffer_mut(), body, &h.spans(a), theme);
        }
    }

    /// Dims the glyphs drawn in `body` whose bytes lie outside `keep` (a presenter's
    /// highlight: [`crate::tui::highlight`]).
    fn dim_outside(
        &self,
        buf: &mut Buffer,
        body: Rect,
        keep: &[std::ops::Range<usize>],
        theme: &Theme,
    ) {
        let dim = crate::tui::highlight::dim_style(theme);
        let w = usize::from(body.width);
        for g in &self.view.glyphs {
            if g.col < self.scroll || g.col + g.width > self.scroll + w {
                continue;
            }
            let kept = keep.iter().any(|r| g.start < r.end && r.start < g.end);
            if kept {
                continue;
            }
            for j in 0..g.width {
                let x = body.x + (g.col - self.scroll + j) as u16;
                if let Some(cell) = buf.cell_mut((x, body.y)) {
                    let st = cell.style().patch(dim);
                    cell.set_style(st);
                }
            }
        }
    }
}

/// One drawn unit: a grapheme cluster, or a token standing for one unsafe character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// First byte in the input.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// First display column, from the start of the line.
    pub col: usize,
    /// Columns it takes.
    pub width: usize,
    /// The token drawn instead of the character, for unsafe characters.
    pub token: Option<String>,
    /// A combining mark with nothing to sit on: drawn on a dotted circle.
    pub lone_mark: bool,
}

/// How an input line is laid out and decorated; rebuilt when the text or its analysis
/// changes.
#[derive(Clone, Debug, Default)]
pub struct InputView {
    glyphs: Vec<Glyph>,
    width: usize,
    len: usize,
    /// Per glyph: the kind of the deepest node covering it, and whether that node has
    /// children (then the glyph is a delimiter of it).
    owner: Vec<Option<(NodeKind, bool)>>,
    /// Per glyph, plus one for the end of the line: the worst diagnostic touching it.
    mark: Vec<Option<Severity>>,
    /// Per byte of the input, plus one for its end: the glyph holding it (the number of
    /// glyphs that end at or before it), so a span's glyphs are found without a search.
    glyph_of: Vec<u32>,
}

impl InputView {
    /// Lays out `analysis.input` and decorates it from the tree and the diagnostics.
    pub fn new(analysis: &Analysis) -> InputView {
        let input = analysis.input.as_str();
        let mut glyphs = Vec::with_capacity(input.len());
        let mut col = 0;
        for piece in safe_text::pieces(input) {
            match piece {
                Piece::Token { token, ch, at } => {
                    let w = token.as_str().cell_width() as usize;
                    glyphs.push(Glyph {
                        start: at,
                        end: at + ch.len_utf8(),
                        col,
                        width: w,
                        token: Some(token),
                        lone_mark: false,
                    });
                    col += w;
                }
                // Printable ASCII (a text piece holds no control character): one glyph a
                // byte, one column each, without asking the segmenter.
                Piece::Text { text, at } if text.is_ascii() => {
                    glyphs.extend((0..text.len()).map(|k| Glyph {
                        start: at + k,
                        end: at + k + 1,
                        col: col + k,
                        width: 1,
                        token: None,
                        lone_mark: false,
                    }));
                    col += text.len();
                }
                Piece::Text { text, at } => {
                    let base = text.as_ptr() as usize;
                    // ratatui's own segmentation and widths, so the cells match its buffer.
                    for g in Span::raw(text).styled_graphemes(Style::new()) {
                        let off = g.symbol.as_ptr() as usize - base;
                        let w = g.symbol.cell_width() as usize;
                        let lone_mark = w == 0;
                        let w = w.max(1);
                        glyphs.push(Glyph {
                            start: at + off,
                            end: at + off + g.symbol.len(),
                            col,
                            width: w,
                            token: None,
                            lone_mark,
                        });
                        col += w;
                    }
                }
            }
        }
        let mut glyph_of = Vec::with_capacity(input.len() + 1);
        for (k, g) in glyphs.iter().enumerate() {
            glyph_of.resize(g.end.max(glyph_of.len()), k as u32);
        }
        glyph_of.resize(input.len() + 1, glyphs.len() as u32);
        let mut view = InputView {
            owner: vec![None; glyphs.len()],
            mark: vec![None; glyphs.len() + 1],
            glyphs,
            width: col,
            len: input.len(),
            glyph_of,
        };
        // Each glyph takes the kind of the deepest node covering it. A node paints only the
        // gaps between its children, which paint the rest later (preorder), so the cost is
        // nodes + glyphs, not the sum of every node's length (nodes × depth when nested).
        for node in analysis.tree.iter() {
            let own = Some((node.kind(), !node.is_leaf()));
            let span = node.span();
            let paint = |view: &mut InputView, s: ByteSpan| {
                let r = view.glyph_range(s);
                for o in &mut view.owner[r] {
                    *o = own;
                }
            };
            if span.is_empty() {
                paint(&mut view, span);
                continue;
            }
            let mut at = span.start;
            for c in node.children() {
                let cs = c.span();
                if cs.start > at {
                    paint(&mut view, ByteSpan::new(at, cs.start.min(span.end)));
                }
                at = at.max(cs.end);
            }
            if at < span.end {
                paint(&mut view, ByteSpan::new(at, span.end));
            }
        }
        // The worst severity over each glyph, from counts of open error and warning spans
        // (a difference array): diagnostics + glyphs, however long or nested their spans.
        let n = view.mark.len();
        let mut delta = vec![[0i32; 2]; n + 1];
        let forms_diags = analysis.forms.iter().flat_map(|f| f.diagnostics.iter());
        for d in analysis.diagnostics.iter().chain(forms_diags) {
            let k = match d.severity {
                Severity::Error => 0,
                Severity::Warning => 1,
                Severity::Note => continue,
            };
            let r = view.mark_range(d.span);
            if r.start < r.end {
                delta[r.start][k] += 1;
                delta[r.end][k] -= 1;
            }
        }
        let mut open = [0i32; 2];
        for (m, d) in view.mark.iter_mut().zip(&delta) {
            open[0] += d[0];
            open[1] += d[1];
            *m = if open[0] > 0 {
                Some(Severity::Error)
            } else if open[1] > 0 {
                Some(Severity::Warning)
            } else {
                None
            };
        }
        view
    }

    /// The glyphs, in order.
    pub fn glyphs(&self) -> &[Glyph] {
        &self.glyphs
    }

    /// Total display width of the line.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Glyph indices covering the bytes of `span`; an empty span covers the glyph at its start.
    pub fn glyph_range(&self, span: ByteSpan) -> std::ops::Range<usize> {
        let a = self.first_glyph_ending_after(span.start);
        let b = if span.is_empty() {
            (a + 1).min(self.glyphs.len())
        } else {
            self.glyphs_starting_before(span.end)
        };
        a..b.max(a)
    }

    /// The number of glyphs that end at or before byte `byte` (the index of the glyph that
    /// holds it).
    fn first_glyph_ending_after(&self, byte: usize) -> usize {
        match self.glyph_of.get(byte) {
            Some(&k) => k as usize,
            None => self.glyphs.partition_point(|g| g.end <= byte),
        }
    }

    /// The number of glyphs that start before byte `byte`.
    fn glyphs_starting_before(&self, byte: usize) -> usize {
        match byte.checked_sub(1).and_then(|b| self.glyph_of.get(b)) {
            // The glyph holding the byte before starts before `byte`, and so do all before it.
            Some(&k) => (k as usize + 1).min(self.glyphs.len()),
            None if byte == 0 => 0,
            None => self.glyphs.partition_point(|g| g.start < byte),
        }
    }

    /// Like [`glyph_range`](Self::glyph_range), but an empty span at the end of the line
    /// marks the end cell.
    fn mark_range(&self, span: ByteSpan) -> std::ops::Range<usize> {
        let a = self.first_glyph_ending_after(span.start);
        let b = if span.is_empty() {
            a + 1
        } else {
            self.glyphs_starting_before(span.end)
        };
        a..b.max(a).min(self.glyphs.len() + 1)
    }

    /// The display column of byte offset `byte` (the end of the line past the last glyph).
    pub fn column_of(&self, byte: usize) -> usize {
        if byte >= self.len {
            return self.width;
        }
        let i = self.first_glyph_ending_after(byte);
        self.glyphs.get(i).map(|g| g.col).unwrap_or(self.width)
    }

    /// The byte offset drawn at display column `col` (the end of the line past the last
    /// glyph).
    pub fn byte_at_column(&self, col: usize) -> usize {
        let i = self.glyphs.partition_point(|g| g.col + g.width <= col);
        self.glyphs.get(i).map(|g| g.start).unwrap_or(self.len)
    }
}

/// What to draw on top of the line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Decor {
    /// The selected node's span.
    pub highlight: Option<ByteSpan>,
    /// The first difference (diff mode).
    pub difference: Option<ByteSpan>,
    /// The cursor's byte offset, when the line has focus.
    pub cursor: Option<usize>,
}

/// Keeps `scroll` (the first column shown) such that the cursor is on screen, one column
/// away from the edges where the `…` markers go.
pub fn scroll_for(view: &InputView, cursor: usize, width: usize, scroll: usize) -> usize {
    if width < 4 {
        return view.column_of(cursor);
    }
    let col = view.column_of(cursor);
    let mut s = scroll.min(view.width());
    if col < s + 1 {
        s = col.saturating_sub(1);
    } else if col + 2 > s + width {
        s = col + 2 - width;
    }
    // No empty space on the right while text lies to the left (after an edit that
    // shortened the line): as much of the line as fits, up to its end (and the cell of a
    // cursor at the end), the cursor still one column away from the right edge.
    let fill = view
        .width()
        .saturating_sub(width)
        .max((col + 2).saturating_sub(width));
    s = s.min(fill);
    // And none at all when the line fits.
    if view.width() < width {
        s = 0;
    }
    s
}

/// Draws the line into `area` (one row) starting at display column `scroll`. Returns the
/// screen position of the cursor, if it is on screen.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    input: &str,
    view: &InputView,
    decor: Decor,
    scroll: usize,
    theme: &Theme,
) -> Option<Position> {
    if area.width == 0 || area.height == 0 {
        return None;
    }
    let w = usize::from(area.width);
    let text = theme.get(Slot::Text);
    let token = theme.get(Slot::Token);
    let hl = decor.highlight.map(|s| view.glyph_range(s)).unwrap_or(0..0);
    let diff = decor
        .difference
        .map(|s| view.glyph_range(s))
        .unwrap_or(0..0);
    let style_of = |i: usize, g: Option<&Glyph>| -> Style {
        let mut st = match (g, view.owner.get(i).copied().flatten()) {
            (Some(g), _) if g.token.is_some() => token,
            (_, Some((_, true))) => theme.get(Slot::Delimiter),
            (_, Some((k, false))) => text.patch(theme.kind(k)),
            _ => text,
        };
        match view.mark.get(i).copied().flatten() {
            Some(Severity::Error) => {
                st = st
                    .patch(theme.get(Slot::Error))
                    .add_modifier(Modifier::UNDERLINED)
            }
            Some(Severity::Warning) => {
                st = st
                    .patch(theme.get(Slot::Warning))
                    .add_modifier(Modifier::UNDERLINED)
            }
            _ => {}
        }
        if hl.contains(&i) {
            st = st.patch(theme.get(Slot::Highlight));
        }
        if diff.contains(&i) {
            st = st.patch(theme.get(Slot::Difference));
        }
        st
    };
    let y = area.y;
    let first = view.glyphs.partition_point(|g| g.col < scroll);
    for (i, g) in view.glyphs.iter().enumerate().skip(first) {
        let rel = g.col - scroll;
        if rel + g.width > w {
            break;
        }
        let st = style_of(i, Some(g));
        let x = area.x + rel as u16;
        match &g.token {
            Some(t) => {
                for (j, ch) in t.chars().enumerate() {
                    if let Some(cell) = buf.cell_mut((x + j as u16, y)) {
                        cell.set_char(ch).set_style(st);
                    }
                }
            }
            None => {
                let sym = input.get(g.start..g.end).unwrap_or(" ");
                if let Some(cell) = buf.cell_mut((x, y)) {
                    if g.lone_mark {
                        let mut s = String::with_capacity(sym.len() + 3);
                        s.push('◌');
                        s.push_str(sym);
                        cell.set_symbol(&s);
                    } else {
                        cell.set_symbol(sym);
                    }
                    cell.set_style(st);
                }
                // The cells a wide character covers carry its style and no symbol of their own.
                for j in 1..g.width {
                    if let Some(cell) = buf.cell_mut((x + j as u16, y)) {
                        cell.reset();
                        cell.set_style(st);
                    }
                }
            }
        }
    }
    // The end-of-line cell shows diagnostics that point past the last character.
    if view.width >= scroll && view.width - scroll < w {
        let i = view.glyphs.len();
        if (view.mark.get(i).copied().flatten().is_some() || hl.contains(&i))
            && let Some(cell) = buf.cell_mut((area.x + (view.width - scroll) as u16, y))
        {
            cell.set_char(' ').set_style(style_of(i, None));
        }
    }
    let dim = theme.get(Slot::Dim);
    if scroll > 0
        && let Some(cell) = buf.cell_mut((area.x, y))
    {
        cell.set_char('…').set_style(dim);
    }
    if view.width > scroll + w
        && let Some(cell) = buf.cell_mut((area.x + area.width - 1, y))
    {
        cell.set_char('…').set_style(dim);
    }
    let cursor = decor.cursor?;
    let col = view.column_of(cursor);
    (col >= scroll && col - scroll < w).then(|| Position::new(area.x + (col - scroll) as u16, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Options, analyze};

    fn view(s: &str) -> InputView {
        InputView::new(&analyze(s, &Options::full()))
    }

    #[test]
    fn columns_follow_tokens_and_wide_characters() {
        let s = "a漢\u{202E}b😀c\u{301}d";
        let v = view(s);
        let cols: Vec<(usize, usize)> = v.glyphs().iter().map(|g| (g.col, g.width)).collect();
        // a, 漢 (2), token ⟨U+202E⟩ (8), b, 😀 (2), c + combining acute (1), d
        assert_eq!(
            cols,
            [(0, 1), (1, 2), (3, 8), (11, 1), (12, 2), (14, 1), (15, 1)]
        );
        assert_eq!(v.width(), 16);
        let b = s.find('b').unwrap_or(0);
        assert_eq!(v.column_of(b), 11);
        assert_eq!(v.byte_at_column(11), b);
        assert_eq!(
            v.byte_at_column(5),
            s.find('\u{202E}').unwrap_or(0),
            "inside the token"
        );
        assert_eq!(v.column_of(s.len()), 16);
        assert_eq!(v.byte_at_column(99), s.len());
        // The cursor between `c` and its combining mark sits on the cluster.
        assert_eq!(v.column_of(s.find('\u{301}').unwrap_or(0)), 14);
    }

    #[test]
    fn glyph_ranges_agree_with_a_search() {
        let s = "a漢\u{202E}b😀c\u{301}d%%x";
        let v = view(s);
        let g = v.glyphs();
        for start in 0..=s.len() + 1 {
            for end in start..=s.len() + 2 {
                let span = ByteSpan::new(start, end);
                let a = g.partition_point(|x| x.end <= start);
                let b = if span.is_empty() {
                    (a + 1).min(g.len())
                } else {
                    g.partition_point(|x| x.start < end)
                };
                assert_eq!(v.glyph_range(span), a..b.max(a), "{span}");
            }
            let col = g.get(g.partition_point(|x| x.end <= start)).map(|x| x.col);
            if start < s.len() {
                assert_eq!(Some(v.column_of(start)), col, "{start}");
            }
        }
    }

    #[test]
    fn owners_and_marks_follow_the_deepest_node_and_the_worst_diagnostic() {
        // Nested cross-references: each glyph takes its deepest node's kind.
        let s = "=a*(=b*(=c))%";
        let a = analyze(s, &Options::full());
        let v = InputView::new(&a);
        for (i, g) in v.glyphs().iter().enumerate() {
            let mut deepest = a.tree.iter().filter(|n| {
                let sp = n.span();
                (sp.start < g.end && g.start < sp.end) || (sp.is_empty() && sp.start == g.start)
            });
            let want = deepest.next_back().map(|n| (n.kind(), !n.is_leaf()));
            assert_eq!(v.owner[i], want, "glyph {i}");
        }
        let worst = |i: usize| {
            a.diagnostics
                .iter()
                .chain(a.forms.iter().flat_map(|f| f.diagnostics.iter()))
                .filter(|d| d.severity != Severity::Note && v.mark_range(d.span).contains(&i))
                .map(|d| d.severity)
                .min()
        };
        for i in 0..=v.glyphs().len() {
            assert_eq!(v.mark[i], worst(i), "glyph {i}");
        }
    }

    #[test]
    fn a_step_is_the_change_between_two_texts() {
        for (old, new) in [
            ("abc", "abXc"),
            ("é", "è"),
            ("xbb", "xbbb"),
            ("漢字", ""),
            ("", "😀"),
            ("a😀b", "a😁b"),
            ("same", "same"),
        ] {
            let st = Step::between(old, new, 0, 0);
            let back = format!(
                "{}{}{}",
                &new[..st.at],
                st.removed,
                &new[st.at + st.inserted.len()..]
            );
            assert_eq!(back, old, "{old} -> {new}");
            let fwd = format!(
                "{}{}{}",
                &old[..st.at],
                st.inserted,
                &old[st.at + st.removed.len()..]
            );
            assert_eq!(fwd, new, "{old} -> {new}");
        }
        let st = Step::between("é", "è", 0, 0);
        assert_eq!(
            (st.at, st.removed.as_str(), st.inserted.as_str()),
            (0, "é", "è")
        );
    }

    #[test]
    fn undo_keeps_whole_steps_in_bounded_memory() {
        let mut h = History::in_memory();
        let mut l = InputLine::new("");
        // Megabyte lines, each replacing the last: the oldest steps go, whole.
        let texts: Vec<String> = (0..20u8)
            .map(|k| char::from(b'a' + k).to_string().repeat(MAX_INPUT - 1))
            .collect();
        for t in &texts {
            l.set_text(t);
        }
        let held: usize = l.undo.iter().chain(&l.redo).map(Step::bytes).sum();
        assert_eq!(l.undo_bytes, held);
        assert!(held <= MAX_UNDO_BYTES, "{held}");
        let kept = l.undo.len();
        assert!(kept >= 8, "{kept}");
        // Each undo takes back a whole replacement, back to where the kept steps began.
        for k in (20 - kept..20).rev() {
            assert_eq!(l.text(), texts[k]);
            assert!(l.undo_step(false));
        }
        assert!(!l.undo_step(false));
        // A megabyte paste is one step.
        let mut l = InputLine::new("");
        assert!(matches!(l.on_paste(&texts[0], &mut h), Effect::Clear));
        assert_eq!(l.undo.len(), 1);
        assert!(l.undo_step(false));
        assert_eq!(l.text(), "");
        assert!(l.undo_step(true));
        assert_eq!(l.text(), texts[0]);
    }

    #[test]
    fn scrolling_keeps_the_cursor_on_screen() {
        let v = view(&"x".repeat(50));
        assert_eq!(scroll_for(&v, 50, 20, 0), 32);
        assert_eq!(scroll_for(&v, 0, 20, 32), 0);
        assert_eq!(scroll_for(&v, 10, 20, 0), 0);
        let short = view("abc");
        assert_eq!(scroll_for(&short, 3, 20, 5), 0);
        // A line shortened under a scrolled view: its end comes back to the right edge.
        let v = view(&"x".repeat(40));
        assert_eq!(scroll_for(&v, 40, 20, 60), 22);
        assert_eq!(scroll_for(&v, 39, 20, 60), 21);
        assert_eq!(scroll_for(&v, 10, 20, 60), 9);
    }
}
