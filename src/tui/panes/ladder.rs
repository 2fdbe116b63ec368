//! Diff mode: the equivalence ladder of two inputs (each rule, its spec, both sides after
//! it, equal or not), the verdict, and where the two part.
//!
//! A ladder cell too narrow for its value keeps the region where A and B differ in view:
//! the common prefix and suffix are elided with `…` (the same amount on both sides, so
//! the differences line up) and the differing characters are drawn in the difference
//! style. The selected step is shown in full beneath the table, wrapped.

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

use super::selection::{Detail, Item};
use super::{Copied, Doc, Effect, ListState, Pane, fit, inner, list_delta, pad, truncate};
use crate::engine::Profile;
use crate::engine::equiv::{self, CompareOption, CompareOptions};
use crate::safe_text::needs_token;
use crate::tui::keys::{Action, Context};
use crate::tui::model::{Comparison, Model};
use crate::tui::theme::{Slot, Theme};

/// The ladder pane: the model's comparison of the two inputs as a table of steps, and
/// what the pane keeps of its own: the selected step (handed back to the model, which
/// keeps it from one comparison to the next), where each step's values part, the layout of
/// the last frame.
#[derive(Clone, Debug, Default)]
pub struct LadderPane {
    /// The selected step and the first step shown.
    pub list: ListState,
    /// Per step: where its two values part (`None` where they are the same text).
    splits: Vec<Option<Split>>,
    /// How many steps the last frame showed (for the mouse).
    rows: usize,
    /// Rows the last frame gave the head beyond its own (the first difference's text takes
    /// the rows the steps leave empty), for the mouse.
    head_extra: u16,
    /// `(step, width, rows of A, rows of B)`: the selected step's values wrapped, kept
    /// from frame to frame (a long value is not re-measured at every frame).
    wrapped: Option<(usize, usize, usize, usize)>,
    /// The comparison the splits were worked out for (the model's count), if any.
    seen: Option<u64>,
}

impl LadderPane {
    /// Follows the model's comparison: a new one is worked out once (where each step's
    /// values differ), with the selection the model kept.
    pub fn follow(&mut self, m: &Model) {
        let Some(c) = m.comparison() else {
            return;
        };
        let n = m.comparisons();
        if self.seen == Some(n) {
            return;
        }
        self.splits = c
            .verdict
            .steps
            .iter()
            .map(|s| Split::new(&s.a, &s.b))
            .collect();
        self.list = c.list;
        self.list.clamp(c.verdict.steps.len());
        self.wrapped = None;
        self.seen = Some(n);
    }

    /// Where step `i`'s values A and B differ, as byte ranges of each (`None` when the
    /// two are the same text, or there is no such step).
    pub fn differing(&self, c: &Comparison, i: usize) -> Option<(Range<usize>, Range<usize>)> {
        let step = c.verdict.steps.get(i)?;
        let sp = self.splits.get(i).copied().flatten()?;
        Some((sp.middle(&step.a), sp.middle(&step.b)))
    }
}

/// Where two strings part: a common prefix and a common suffix (the same bytes on both
/// sides, never overlapping), with the differing middles between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Split {
    /// Bytes of the common prefix.
    prefix: usize,
    /// Bytes of the common suffix.
    suffix: usize,
    /// Display columns of the prefix.
    pre_w: usize,
    /// Display columns of A's middle and B's.
    mid_w: [usize; 2],
    /// Display columns of the suffix.
    suf_w: usize,
}

impl Split {
    /// `None` when `a` and `b` are the same text. Linear in their length.
    fn new(a: &str, b: &str) -> Option<Split> {
        if a == b {
            return None;
        }
        // Compared byte by byte (a step's values are the whole identifier, twice per step
        // at each keystroke in diff mode), then brought back to a character boundary: the
        // bytes before it are whole characters, the same on both sides, so it is a
        // boundary of both.
        let prefix = common_prefix(a.as_bytes(), b.as_bytes());
        let mut prefix = crate::text_layout::floor_char_boundary(a, prefix);
        // A middle must not start with a zero-width character (a combining mark): it
        // would be marked but draw nothing. Take its base character into the middle.
        let zero = |s: &str| s.chars().next().is_some_and(|c| unit_width(c) == 0);
        while zero(a.get(prefix..).unwrap_or("")) || zero(b.get(prefix..).unwrap_or("")) {
            match a.get(..prefix).and_then(|p| p.chars().next_back()) {
                Some(c) => prefix -= c.len_utf8(),
                None => break,
            }
        }
        let (ra, rb) = (a.get(prefix..)?, b.get(prefix..)?);
        // The common trailing bytes, less the tail of a character that differs: the
        // suffix starts where a character of `ra` starts (the same character starts there
        // in `rb`).
        let common = common_suffix(ra.as_bytes(), rb.as_bytes());
        let start = crate::text_layout::ceil_char_boundary(ra, ra.len() - common);
        let suffix = ra.len() - start;
        let sp = Split {
            prefix,
            suffix,
            pre_w: str_width(a.get(..prefix)?),
            mid_w: [0, 0],
            suf_w: str_width(a.get(a.len() - suffix..)?),
        };
        Some(Split {
            mid_w: [
                str_width(a.get(sp.middle(a))?),
                str_width(b.get(sp.middle(b))?),
            ],
            ..sp
        })
    }

    /// The differing middle of `s` (one of the two strings the split was made from).
    fn middle(&self, s: &str) -> Range<usize> {
        let end = s.len().saturating_sub(self.suffix).max(self.prefix);
        self.prefix.min(end)..end
    }

    /// How to cut the common prefix so that both sides' differences fit `width` columns:
    /// `(columns of prefix context kept, whether "…" stands for the rest)`. The same for
    /// both sides, so their differences start in the same column.
    fn prefix_plan(&self, width: usize) -> (usize, bool) {
        let d = self.mid_w[0].max(self.mid_w[1]);
        if self.pre_w + d + self.suf_w <= width || self.pre_w == 0 {
            return (self.pre_w, false);
        }
        // Room for context and ellipses once the wider difference is in.
        let rem = width.saturating_sub(d);
        let half = rem / 2;
        if self.pre_w <= half {
            // The prefix fits whole; the suffix is cut at the end.
            (self.pre_w, false)
        } else if self.suf_w <= half {
            // The suffix fits whole; the prefix gets the rest but one column for "…".
            (rem.saturating_sub(self.suf_w + 1), true)
        } else {
            (rem.saturating_sub(2) / 2, true)
        }
    }
}

/// How many leading bytes `a` and `b` share; whole blocks are compared first (a slice
/// comparison, which the library does a word at a time).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .position(|(x, y)| x != y)
        .unwrap_or(n - i)
}

/// How many trailing bytes `a` and `b` share.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut k = 0;
    while k + BLOCK <= n && a[n - k - BLOCK..n - k] == b[n - k - BLOCK..n - k] {
        k += BLOCK;
    }
    k + a[..n - k]
        .iter()
        .rev()
        .zip(b[..n - k].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Columns `c` takes once made safe (a token for an unsafe character).
fn unit_width(c: char) -> usize {
    if needs_token(c) {
        let v = c as u32;
        let digits = if v > 0xF_FFFF {
            6
        } else if v > 0xFFFF {
            5
        } else {
            4
        };
        '⟨'.width().unwrap_or(1) + '⟩'.width().unwrap_or(1) + 2 + digits
    } else {
        c.width().unwrap_or(0)
    }
}

fn str_width(s: &str) -> usize {
    // Printable ASCII, the usual identifier, is one column a byte.
    if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return s.len();
    }
    s.chars().map(unit_width).sum()
}

/// Collects styled text into spans, breaking lines at `wrap` columns when set.
struct Builder {
    styles: [Style; 3],
    wrap: Option<usize>,
    lines: Vec<Vec<Span<'static>>>,
    cur: String,
    cur_style: usize,
    /// Columns used on the current line.
    w: usize,
}

const PLAIN: usize = 0;
const MARK: usize = 1;
const ELLIPSIS: usize = 2;

impl Builder {
    fn new(plain: Style, mark: Style, ellipsis: Style, wrap: Option<usize>) -> Builder {
        Builder {
            styles: [plain, mark, ellipsis],
            wrap,
            lines: vec![Vec::new()],
            cur: String::new(),
            cur_style: PLAIN,
            w: 0,
        }
    }

    fn flush(&mut self) {
        if !self.cur.is_empty() {
            let text = std::mem::take(&mut self.cur);
            if let Some(line) = self.lines.last_mut() {
                line.push(Span::styled(text, self.styles[self.cur_style]));
            }
        }
    }

    /// One piece of safe text of `w` columns (breakable only between pieces).
    fn piece(&mut self, text: &str, w: usize, style: usize) {
        if let Some(wrap) = self.wrap
            && self.w > 0
            && self.w + w > wrap
        {
            self.flush();
            self.lines.push(Vec::new());
            self.w = 0;
        }
        if style != self.cur_style {
            self.flush();
            self.cur_style = style;
        }
        self.cur.push_str(text);
        self.w += w;
    }

    /// Character `c` of the untrusted text, made safe. A token breaks between its own
    /// characters when wrapping, so a line never loses more than a column.
    fn unit(&mut self, c: char, style: usize) {
        if needs_token(c) {
            let mut buf = [0u8; 4];
            for t in crate::safe_text::token(c).chars() {
                self.piece(t.encode_utf8(&mut buf), t.width().unwrap_or(0), style);
            }
        } else {
            let mut buf = [0u8; 4];
            self.piece(c.encode_utf8(&mut buf), c.width().unwrap_or(0), style);
        }
    }

    fn ellipsis(&mut self) {
        self.piece("…", 1, ELLIPSIS);
    }

    /// All the lines (at least one).
    fn finish(mut self) -> Vec<Vec<Span<'static>>> {
        self.flush();
        self.lines
    }
}

/// Writes `s` into `out` within `width` columns, cut with "…" where the room ends. Reads
/// no further than it draws.
fn write_plain(out: &mut Builder, s: &str, width: usize) {
    // Where the text ends: all of it, or what fits with "…" after it.
    let (mut w, mut cut, mut end) = (0, 0, s.len());
    for (i, c) in s.char_indices() {
        let cw = unit_width(c);
        if w + cw < width {
            cut = i + c.len_utf8();
        }
        w += cw;
        if w > width {
            end = cut;
            break;
        }
    }
    s.get(..end)
        .unwrap_or("")
        .chars()
        .for_each(|c| out.unit(c, PLAIN));
    if end < s.len() && width > 0 {
        out.ellipsis();
    }
}

/// Writes side `side` (0 for A, 1 for B), `s`, of a step into `out` within `width`
/// columns (on one line, or across `out`'s wrapped lines), keeping the differing middle
/// in view: prefix context as `plan` says, then the middle (marked), then the suffix, cut
/// with "…" where the room ends. Reads no more of `s` than it draws.
fn write_side(
    out: &mut Builder,
    s: &str,
    sp: &Split,
    side: usize,
    width: usize,
    plan: (usize, bool),
) {
    if width == 0 {
        return;
    }
    let mid = sp.middle(s);
    let prefix = s.get(..mid.start).unwrap_or("");
    let (keep, cut) = plan;
    let mut used = 0;
    if cut {
        out.ellipsis();
        used += 1;
    }
    // The last `keep` columns of the prefix.
    let mut from = prefix.len();
    let mut kept = 0;
    for (i, c) in prefix.char_indices().rev() {
        let cw = unit_width(c);
        if kept + cw > keep {
            break;
        }
        kept += cw;
        from = i;
    }
    for c in prefix.get(from..).unwrap_or("").chars() {
        out.unit(c, PLAIN);
    }
    used += kept;
    let room = width.saturating_sub(used);
    let tail = s.get(mid.start..).unwrap_or("");
    let tail_w = sp.mid_w.get(side).copied().unwrap_or(0) + sp.suf_w;
    let mid_len = mid.len();
    let limit = if tail_w <= room {
        usize::MAX
    } else {
        room.saturating_sub(1)
    };
    let mut w = 0;
    for (i, c) in tail.char_indices() {
        let cw = unit_width(c);
        if w + cw > limit {
            break;
        }
        w += cw;
        out.unit(c, if i < mid_len { MARK } else { PLAIN });
    }
    if tail_w > room && room > 0 {
        out.ellipsis();
    }
}

/// Rows `s` takes wrapped at `width` columns (at least one), broken as [`Builder`]
/// breaks them.
fn wrapped_rows(s: &str, width: usize) -> usize {
    let width = width.max(1);
    let (mut rows, mut w) = (1, 0);
    let mut put = |cw: usize| {
        if w > 0 && w + cw > width {
            rows += 1;
            w = 0;
        }
        w += cw;
    };
    for c in s.chars() {
        if needs_token(c) {
            // Every character of a token is one column wide.
            (0..unit_width(c)).for_each(|_| put(1));
        } else {
            put(c.width().unwrap_or(0));
        }
    }
    rows
}

/// The difference style for a row whose own style is `row`: where both are reverse video
/// (no colours), the difference is underlined instead, or it would not show.
fn mark_on(mark: Style, row: Style) -> Style {
    if row.add_modifier.contains(Modifier::REVERSED)
        && mark.add_modifier.contains(Modifier::REVERSED)
    {
        mark.remove_modifier(Modifier::REVERSED)
            .add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
    } else {
        mark
    }
}

/// Rows above the ladder's steps: the verdict, the difference (two rows, wrapped), the
/// table's header.
const HEAD_ROWS: u16 = 4;

/// `A after the step`, or just `A` when the column is narrow.
fn side_header(side: &str, width: usize) -> String {
    if width >= 16 {
        format!("{side} after the step")
    } else {
        side.to_string()
    }
}

impl Pane for LadderPane {
    fn context(&self) -> Context {
        Context::Ladder
    }

    fn on_action(&mut self, action: Action, a: &Doc<'_>) -> Effect {
        if let Some(c) = a.model.comparison() {
            self.list
                .step(list_delta(action, 10), c.verdict.steps.len());
        }
        Effect::None
    }

    fn on_click(&mut self, area: Rect, at: Position, a: &Doc<'_>) -> Effect {
        if let Some(c) = a.model.comparison()
            && let Some(i) = step_at(c, self, area, at.y)
        {
            self.list.selected = i;
        }
        Effect::None
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        if let Some(c) = a.model.comparison() {
            draw(f, area, c, self, focused, theme);
        }
    }

    fn selected(&self) -> usize {
        self.list.selected
    }

    fn detail_in_diff_mode(&self) -> bool {
        self.seen.is_some()
    }

    fn detail(&self, a: &Doc<'_>) -> Option<Detail> {
        step_detail(a.model.comparison()?, self, self.list.selected)
    }

    fn copy(&self, a: &Doc<'_>) -> Option<Copied> {
        let c = a.model.comparison()?;
        let s = c.verdict.steps.get(self.list.selected)?;
        Some(Copied {
            text: format!("{} ({})\nA: {}\nB: {}", s.name, s.spec, s.a, s.b),
            what: "the ladder step".into(),
        })
    }
}

/// Ladder step `i` read whole, for Details: its rule and section, both sides after it
/// (wrapped by Details, through `safe_text`), whether they are equal, where the two
/// values differ, and, on the last step of a comparison that is not equivalent, the
/// verdict's first difference (it is located on the sides as the last step leaves them).
pub fn step_detail(d: &Comparison, l: &LadderPane, i: usize) -> Option<Detail> {
    let v = &d.verdict;
    let s = v.steps.get(i)?;
    let mut out = Detail {
        key: (3, i, 0),
        title: format!("step {} of {} · {}", i + 1, v.steps.len(), s.name),
        items: Vec::new(),
        copy: None,
    };
    out.field("step", format!("{} of {}", i + 1, v.steps.len()), Slot::Dim);
    out.field("rule", s.name.clone(), Slot::Text);
    out.field("spec", s.spec, Slot::Dim);
    out.field("under", v.profile.name(), Slot::Dim);
    if let Some(note) = &d.per_profile_note {
        out.field("profiles", note.clone(), Slot::Dim);
    }
    out.field("A after", empty_as_word(&s.a), Slot::Text);
    out.field("B after", empty_as_word(&s.b), Slot::Text);
    if s.equal {
        out.field(
            "equal",
            "yes: A and B are the same after this step",
            Slot::Equal,
        );
    } else {
        out.field("equal", "no", Slot::Unequal);
    }
    if let Some((ra, rb)) = l.differing(d, i) {
        out.field(
            "differs",
            format!(
                "A bytes {}..{} `{}`, B bytes {}..{} `{}`",
                ra.start,
                ra.end,
                s.a.get(ra.clone()).unwrap_or(""),
                rb.start,
                rb.end,
                s.b.get(rb.clone()).unwrap_or("")
            ),
            if v.equivalent {
                Slot::Text
            } else {
                Slot::Difference
            },
        );
    }
    let last = i + 1 == v.steps.len();
    if last && !v.equivalent {
        out.items.push(Item::Blank);
        out.items
            .push(Item::Heading("where they part (the verdict)".into()));
        match &v.difference {
            Some(diff) => {
                out.field("component", diff.kind.name(), Slot::Text);
                out.field("in A", format!("{}", diff.a), Slot::Dim);
                out.field("in B", format!("{}", diff.b), Slot::Dim);
                out.field("why", diff.reason.clone(), Slot::Text);
            }
            None => out.field("component", "no difference located", Slot::Dim),
        }
    }
    Some(out)
}

/// A value as shown: `(empty)` for the empty string.
fn empty_as_word(s: &str) -> String {
    if s.is_empty() {
        "(empty)".into()
    } else {
        s.to_string()
    }
}

/// The step shown at screen row `y` of the pane at `area`.
pub fn step_at(c: &Comparison, d: &LadderPane, area: Rect, y: u16) -> Option<usize> {
    let top = area.y + 1 + HEAD_ROWS + d.head_extra;
    if y < top || usize::from(y - top) >= d.rows {
        return None;
    }
    let i = d.list.offset + usize::from(y - top);
    (i < c.verdict.steps.len()).then_some(i)
}

/// Changes the compare option action `a` stands for (objective, "$", A's or B's form) in
/// `o`; returns what it now is, in words, and the option (`None`: `a` is no option, or no
/// profile's ladder uses it).
pub fn toggle_option(o: &mut CompareOptions, a: Action) -> Option<(String, CompareOption)> {
    let option = match a {
        Action::Objective => CompareOption::Objective,
        Action::IgnoreDollar => CompareOption::IgnoreDollar,
        Action::FormA => CompareOption::FormA,
        Action::FormB => CompareOption::FormB,
        _ => return None,
    };
    let (_, spec) = equiv::option_users(option).next()?;
    option.toggle(o);
    Some((spec.status_in(o).to_string(), option))
}

/// Changes the option action `a` stands for and says so: what it now is, and when the pair
/// is compared (`under`, `None` outside diff mode) under a profile whose ladder does not use
/// the option, that it does not bear on this pair and which profiles it bears on.
pub fn set_option(o: &mut CompareOptions, a: Action, under: Option<Profile>) -> Option<String> {
    let (what, option) = toggle_option(o, a)?;
    let note = match under {
        None => " (used in diff mode: Ctrl-D)".to_string(),
        Some(p) if !equiv::ladder_spec(p).uses(option) => {
            let users: Vec<&str> = equiv::option_users(option).map(|(q, _)| q.name()).collect();
            format!(
                " (applies under {}; this pair is compared under {})",
                users.join(", "),
                p.name()
            )
        }
        Some(_) => String::new(),
    };
    Some(format!("{what}{note}"))
}

/// The options that bear on a comparison under `profile`, for the pane's title.
pub fn options_label(profile: Profile, o: &CompareOptions) -> String {
    equiv::ladder_spec(profile).options_title(o)
}

/// The ladder's head: the verdict's line, and what comes under it (where the sides part,
/// or the step from which they are equal, as the CLI says it; then the per-profile note),
/// as styled pieces to wrap in the rows it has.
fn verdict_head(c: &Comparison, theme: &Theme) -> (Line<'static>, Vec<(String, Style)>) {
    let v = &c.verdict;
    let text = theme.get(Slot::Text);
    let dim = theme.get(Slot::Dim);
    let verdict = if v.equivalent {
        Line::from(vec![
            Span::styled(
                "≡ equivalent",
                theme.get(Slot::Equal).add_modifier(Modifier::BOLD),
            ),
            Span::styled(format!(" under {}", v.profile.name()), dim),
        ])
    } else {
        Line::from(vec![
            Span::styled(
                "≢ not equivalent",
                theme.get(Slot::Unequal).add_modifier(Modifier::BOLD),
            ),
            Span::styled(format!(" under {}", v.profile.name()), dim),
        ])
    };
    let mut why: Vec<(String, Style)> = match (&v.difference, v.equal_from()) {
        (Some(diff), _) => vec![
            ("first difference: ".into(), dim),
            (diff.kind.name().into(), theme.kind(diff.kind)),
            (format!(" (A {}, B {}) ", diff.a, diff.b), dim),
            (crate::safe_text::escape(&diff.reason).into_owned(), text),
        ],
        (None, Some(i)) => {
            let st = &v.steps[i];
            vec![
                (format!("equal from step {}: ", i + 1), text),
                (crate::safe_text::escape(&st.name).into_owned(), text),
                (format!(" ({})", st.spec), dim),
            ]
        }
        (None, None) if v.equivalent => vec![("equal as typed".into(), dim)],
        (None, None) => vec![("no difference located".into(), dim)],
    };
    // Last, so that the difference stays in view when the rows are short.
    if let Some(note) = &c.per_profile_note {
        why.push((format!(" · {note}"), dim));
    }
    (verdict, why)
}

/// The widths of the ladder's columns at `w`: step names, spec sections, and each side.
/// The A and B columns come first: each keeps at least a fifth of the width (8 to 12
/// columns); the spec column gives way (down to 8), then the step names (down to 12).
fn columns(v: &equiv::Verdict, w: usize) -> (usize, usize, usize) {
    let mut name_w = v
        .steps
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, (w / 3).max(12));
    let mut spec_w = v
        .steps
        .iter()
        .map(|s| s.spec.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 26);
    let min_side = (w / 5).clamp(8, 12);
    let fixed = 1 + 2 + 2 + 4 + 4;
    let sides = |name_w: usize, spec_w: usize| w.saturating_sub(fixed + name_w + spec_w) / 2;
    if sides(name_w, spec_w) < min_side {
        let over = 2 * (min_side - sides(name_w, spec_w));
        spec_w = spec_w.saturating_sub(over).max(spec_w.min(8));
    }
    if sides(name_w, spec_w) < min_side {
        let over = 2 * (min_side - sides(name_w, spec_w));
        name_w = name_w.saturating_sub(over).max(name_w.min(12));
    }
    let side_w = sides(name_w, spec_w);
    (name_w, spec_w, side_w)
}

/// Draws the ladder pane.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    c: &Comparison,
    d: &mut LadderPane,
    focused: bool,
    theme: &Theme,
) {
    let v = &c.verdict;
    let body = inner(area);
    let w = usize::from(body.width);
    let text = theme.get(Slot::Text);
    let dim = theme.get(Slot::Dim);
    // An equivalent pair is not marked as differing: the steps before the one from which
    // the sides are equal show their values as they are, without the difference's colour.
    let mark = if v.equivalent {
        text
    } else {
        theme.get(Slot::Difference)
    };
    let (verdict, why) = verdict_head(c, theme);
    let why_rows = wrap_styled(&why, w.saturating_sub(1));
    let mut lines: Vec<Line<'_>> = Vec::with_capacity(usize::from(body.height));
    let (name_w, spec_w, side_w) = columns(v, w);
    let header = theme.get(Slot::Header);
    lines.push(Line::from(vec![
        Span::raw(" "),
        Span::styled(pad("step".into(), name_w + 2), header),
        Span::styled(pad("spec".into(), spec_w + 2), header),
        Span::styled(pad(side_header("A", side_w).into(), side_w + 2), header),
        Span::styled(pad(side_header("B", side_w).into(), side_w + 2), header),
        Span::styled("=", header),
    ]));
    // The table: its header, the steps, and the selected step in full (both values
    // wrapped) on the last rows; blank rows between when the steps leave room.
    let table_h = usize::from(body.height.saturating_sub(HEAD_ROWS - 1));
    let room = w.saturating_sub(5);
    let selected = v.steps.get(d.list.selected);
    let sel_split = d.splits.get(d.list.selected).copied().flatten();
    let (rows_a, rows_b) = match (selected, d.wrapped) {
        (None, _) => (0, 0),
        (Some(_), Some((i, r, ra, rb))) if i == d.list.selected && r == room => (ra, rb),
        (Some(s), _) => {
            let (ra, rb) = (wrapped_rows(&s.a, room), wrapped_rows(&s.b, room));
            d.wrapped = Some((d.list.selected, room, ra, rb));
            (ra, rb)
        }
    };
    // The table keeps at least two steps (or all, if fewer); the values share the rest.
    let min_steps = v.steps.len().min(2);
    let cap = table_h.saturating_sub(1 + min_steps).max(2);
    let (ka, kb) = if rows_a + rows_b <= cap {
        (rows_a, rows_b)
    } else if rows_a <= cap / 2 {
        (rows_a, cap - rows_a)
    } else if rows_b <= cap / 2 {
        (cap - rows_b, rows_b)
    } else {
        (cap / 2, cap - cap / 2)
    };
    let rows_h = table_h.saturating_sub(1 + ka + kb);
    let first = d.list.scroll(v.steps.len(), rows_h);
    d.rows = rows_h;
    let sel_style = theme.get(Slot::Selection);
    for (i, s) in v.steps.iter().enumerate().skip(first).take(rows_h) {
        let selected = focused && i == d.list.selected;
        let (eq, eq_style) = if s.equal {
            ("✓", theme.get(Slot::Equal))
        } else {
            ("✗", theme.get(Slot::Unequal))
        };
        let mut spans = vec![
            Span::styled(if selected { "▶" } else { " " }, theme.get(Slot::Focus)),
            Span::styled(pad(fit(&s.name, name_w), name_w + 2), text),
            Span::styled(pad(fit(s.spec, spec_w), spec_w + 2), dim),
        ];
        match d.splits.get(i).copied().flatten() {
            Some(sp) => {
                let m = if selected {
                    mark_on(mark, sel_style)
                } else {
                    mark
                };
                let plan = sp.prefix_plan(side_w);
                for (side, value) in [&s.a, &s.b].into_iter().enumerate() {
                    let mut b = Builder::new(text, m, dim, None);
                    write_side(&mut b, value, &sp, side, side_w, plan);
                    let used = b.w;
                    for line in b.finish() {
                        spans.extend(line);
                    }
                    spans.push(Span::raw(" ".repeat(side_w + 2 - used.min(side_w + 2))));
                }
            }
            None => {
                for value in [&s.a, &s.b] {
                    let mut b = Builder::new(text, mark, dim, None);
                    write_plain(&mut b, value, side_w);
                    let used = b.w;
                    for line in b.finish() {
                        spans.extend(line);
                    }
                    spans.push(Span::raw(" ".repeat(side_w + 2 - used.min(side_w + 2))));
                }
            }
        }
        spans.push(Span::styled(eq, eq_style));
        let mut line = Line::from(spans);
        if selected {
            line = super::select_line(line, sel_style);
        }
        lines.push(line);
    }
    // The selected step in full, below the table. The rows the steps leave empty go to
    // the first difference's text first, then to a row saying which step the values are.
    let blank_from = lines.len();
    let blank_n = table_h.saturating_sub(ka + kb).saturating_sub(blank_from);
    let head_room = usize::from(HEAD_ROWS - 2);
    let extra = why_rows.len().saturating_sub(head_room).min(blank_n);
    let label = selected.is_some() && blank_n > extra;
    for _ in 0..blank_n - extra {
        lines.push(Line::raw(""));
    }
    if label && let Some(s) = selected {
        let last = lines.len() - 1;
        let what = format!(
            " A and B after step {} of {}: {}",
            d.list.selected + 1,
            v.steps.len(),
            crate::safe_text::escape(&s.name)
        );
        lines[last] = Line::styled(truncate(what.into(), w).into_owned(), dim);
    }
    if let Some(s) = selected {
        let sides = [(" A  ", &s.a, ka, rows_a), (" B  ", &s.b, kb, rows_b)];
        for (side, (label, value, k, all)) in sides.into_iter().enumerate() {
            if k == 0 {
                continue;
            }
            let mut b = Builder::new(text, mark, dim, Some(room.max(1)));
            match sel_split {
                // Too long for its rows: the region where the two differ, in context.
                Some(sp) if all > k => {
                    let budget = k * room.saturating_sub(1);
                    write_side(&mut b, value, &sp, side, budget, sp.prefix_plan(budget));
                }
                Some(sp) => write_side(&mut b, value, &sp, side, usize::MAX, (sp.pre_w, false)),
                None if all > k => write_plain(&mut b, value, k * room.saturating_sub(1)),
                None => value.chars().for_each(|c| b.unit(c, PLAIN)),
            }
            for (j, row) in b.finish().into_iter().take(k).enumerate() {
                let mut spans = Vec::with_capacity(row.len() + 1);
                spans.push(Span::styled(if j == 0 { label } else { "    " }, dim));
                spans.extend(row);
                lines.push(Line::from(spans));
            }
        }
    }
    // The head: the verdict, then the first difference (or where the sides are equal) in
    // its rows, `…` where it is cut.
    let extra_u16 = u16::try_from(extra).unwrap_or(0);
    d.head_extra = extra_u16;
    let mut head = vec![verdict];
    let why_n = head_room + extra;
    let cut = why_rows.len() > why_n;
    let mut why_rows = why_rows;
    why_rows.truncate(why_n);
    if cut && let Some(last) = why_rows.last_mut() {
        end_with_ellipsis(last, w.saturating_sub(1));
    }
    head.extend(why_rows);
    let head_area = Rect {
        x: body.x + 1,
        width: body.width.saturating_sub(1),
        height: body.height.min(HEAD_ROWS - 1 + extra_u16),
        ..body
    };
    super::put_lines(f.buffer_mut(), head_area, &head);
    let table = Rect {
        y: body.y + (HEAD_ROWS - 1 + extra_u16).min(body.height),
        height: body.height.saturating_sub(HEAD_ROWS - 1 + extra_u16),
        ..body
    };
    super::put_lines(f.buffer_mut(), table, &lines);
    // The title: which steps are shown when some are out of view.
    let shown = rows_h.min(v.steps.len().saturating_sub(first));
    let position = if shown < v.steps.len() {
        format!(
            " · {}",
            super::position_label("steps", first, shown, v.steps.len())
        )
    } else {
        String::new()
    };
    let title = format!(
        "Equivalence · under {}{position}{}",
        v.profile.name(),
        options_label(v.profile, &c.options)
    );
    f.render_widget(super::block_fit(&title, area, focused, theme), area);
    // The block draws borders only: the rows drawn above stay.
}

/// Styled pieces of safe text wrapped at spaces into rows of `w` columns (no character is
/// lost, so the pieces keep their styles across the breaks).
fn wrap_styled(pieces: &[(String, Style)], w: usize) -> Vec<Line<'static>> {
    let all: String = pieces.iter().map(|(t, _)| t.as_str()).collect();
    let rows = crate::text_layout::wrap_words(&all, w.max(1));
    // The style of each byte's piece, walked along the rows.
    let mut bounds: Vec<(usize, Style)> = Vec::with_capacity(pieces.len());
    let mut end = 0;
    for (t, st) in pieces {
        end += t.len();
        bounds.push((end, *st));
    }
    let mut at = 0;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let mut spans = Vec::new();
        let mut rest = row.as_str();
        while !rest.is_empty() {
            let k = bounds.partition_point(|(e, _)| *e <= at);
            let (piece_end, st) = bounds.get(k).copied().unwrap_or((usize::MAX, Style::new()));
            let take = (piece_end - at).min(rest.len());
            let take = crate::text_layout::floor_char_boundary(rest, take).max(1);
            let take = crate::text_layout::ceil_char_boundary(rest, take);
            spans.push(Span::styled(rest[..take].to_string(), st));
            at += take;
            rest = &rest[take..];
        }
        out.push(Line::from(spans));
    }
    out
}

/// Cuts `line` to end with `…` within `w` columns.
fn end_with_ellipsis(line: &mut Line<'static>, w: usize) {
    let mut left = w.saturating_sub(1);
    let mut spans = Vec::with_capacity(line.spans.len() + 1);
    for sp in line.spans.drain(..) {
        if left == 0 {
            break;
        }
        let t = super::truncate(sp.content.clone(), left);
        let t = if super::width(&sp.content) > left {
            t.strip_suffix('…').unwrap_or(&t).to_string()
        } else {
            t.into_owned()
        };
        left = left.saturating_sub(super::width(&t));
        spans.push(Span::styled(t, sp.style));
    }
    spans.push(Span::raw("…"));
    line.spans = spans;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(a: &str, b: &str, width: usize) -> [String; 2] {
        let sp = Split::new(a, b).unwrap_or_else(|| panic!("{a} and {b} are the same"));
        let plan = sp.prefix_plan(width);
        [a, b].map(|s| {
            let mut out = Builder::new(Style::new(), Style::new(), Style::new(), None);
            write_side(&mut out, s, &sp, usize::from(s == b), width, plan);
            out.finish()
                .into_iter()
                .flatten()
                .map(|sp| sp.content.into_owned())
                .collect()
        })
    }

    fn marked(a: &str, b: &str, width: usize) -> [String; 2] {
        let sp = Split::new(a, b).unwrap_or_else(|| panic!("same"));
        let plan = sp.prefix_plan(width);
        let mark = Style::new().add_modifier(Modifier::REVERSED);
        [a, b].map(|s| {
            let mut out = Builder::new(Style::new(), mark, Style::new(), None);
            write_side(&mut out, s, &sp, usize::from(s == b), width, plan);
            out.finish()
                .into_iter()
                .flatten()
                .map(|sp| {
                    if sp.style == mark {
                        format!("[{}]", sp.content)
                    } else {
                        sp.content.into_owned()
                    }
                })
                .collect()
        })
    }

    #[test]
    fn splits_find_the_differing_middle() {
        let sp = Split::new("urn:foo:a123,456", "urn:foo:a123%2C456");
        assert_eq!(
            sp.map(|s| (s.prefix, s.suffix, s.pre_w, s.mid_w, s.suf_w)),
            Some((12, 3, 12, [1, 3], 3))
        );
        assert_eq!(Split::new("same", "same"), None);
        // One side is the other plus a tail: no suffix, an empty middle on A.
        let sp = Split::new("abc", "abcd");
        assert_eq!(sp.map(|s| (s.prefix, s.suffix)), Some((3, 0)));
        // Prefix and suffix never overlap: "aa" against "aaa".
        let sp = Split::new("aa", "aaa");
        assert_eq!(
            sp.map(|s| (s.prefix, s.suffix, s.mid_w)),
            Some((2, 0, [0, 1]))
        );
        // A combining mark alone is not a difference one can see: its base joins it.
        let sp = Split::new("cafe\u{301}", "cafe");
        assert_eq!(sp.map(|s| (s.prefix, s.mid_w)), Some((3, [1, 1])));
        // Wide characters: columns, not bytes.
        let sp = Split::new("漢字a", "漢字b");
        assert_eq!(sp.map(|s| (s.prefix, s.pre_w)), Some((6, 4)));
    }

    /// The byte-wise prefix and suffix, block by block, are the character-wise ones: on
    /// characters that differ in a later byte (`é` and `ê` share their first), on sides
    /// longer than a block, and where the difference sits at a block's edge.
    #[test]
    fn byte_splits_agree_with_a_char_by_char_split() {
        let by_chars = |a: &str, b: &str| {
            let prefix = a
                .char_indices()
                .zip(b.chars())
                .find(|((_, x), y)| x != y)
                .map_or(a.len().min(b.len()), |((i, _), _)| i);
            let (ra, rb) = (&a[prefix..], &b[prefix..]);
            let suffix: usize = ra
                .chars()
                .rev()
                .zip(rb.chars().rev())
                .take_while(|(x, y)| x == y)
                .map(|(x, _)| x.len_utf8())
                .sum();
            (prefix, suffix)
        };
        let long = "x".repeat(130);
        let mut cases: Vec<(String, String)> = vec![
            ("café".into(), "cafê".into()),
            ("é-a".into(), "ê-a".into()),
            ("aé".into(), "bé".into()),
            (format!("{long}é{long}"), format!("{long}ê{long}")),
            (format!("{long}a"), format!("{long}b")),
            (format!("a{long}"), format!("b{long}")),
            (long.clone(), format!("{long}{long}")),
            (format!("{long}漢{long}"), format!("{long}字{long}")),
        ];
        for k in [63, 64, 65, 127, 128] {
            cases.push((format!("{}a{}", "y".repeat(k), "z".repeat(k)), {
                format!("{}b{}", "y".repeat(k), "z".repeat(k))
            }));
        }
        for (a, b) in &cases {
            let sp = Split::new(a, b);
            assert_eq!(
                sp.map(|s| (s.prefix, s.suffix)),
                Some(by_chars(a, b)),
                "{a:?} against {b:?}"
            );
        }
    }

    #[test]
    fn narrow_cells_keep_the_difference_in_view() {
        let (a, b) = ("urn:foo:a123,456", "urn:foo:a123%2C456");
        // Wide enough: nothing elided.
        assert_eq!(render(a, b, 20), [a.to_string(), b.to_string()]);
        // 13 columns: the common prefix is elided, the differences line up.
        assert_eq!(
            marked(a, b, 13),
            ["…o:a123[,]456".to_string(), "…o:a123[%2C]456".to_string()]
        );
        // Differences wider than the cell: the start of each stays in view.
        assert_eq!(
            marked("urn:foo:a123,456", "urn:FOO:a123%2c456", 13),
            ["…[foo:a123,]456".to_string(), "…[FOO:a123%2c]…".to_string()]
        );
        for w in 0..24 {
            for s in render(a, b, w) {
                assert!(super::super::width(&s) <= w, "{s:?} at {w}");
            }
        }
    }

    #[test]
    fn tokens_and_wide_characters_are_whole() {
        // An invisible character is the difference: it shows as its token, marked.
        let [a, b] = marked(
            "http://example.com/a\u{200B}b/c/d/e/f",
            "http://example.com/ab/c/d/e/f",
            22,
        );
        assert_eq!(a, "….com/a[⟨U+200B⟩]b/c/d/…");
        assert_eq!(b, "….com/ab/c/d/e/f");
        // Wide characters are never cut in half.
        for w in 0..16 {
            for s in render("漢字漢字漢字x漢字", "漢字漢字漢字y漢字", w) {
                assert!(super::super::width(&s) <= w, "{s:?} at {w}");
            }
        }
        assert_eq!(
            marked("漢字漢字漢字x漢字", "漢字漢字漢字y漢字", 8),
            ["…字[x]漢字".to_string(), "…字[y]漢字".to_string()]
        );
    }

    #[test]
    fn plain_cells_are_cut_with_an_ellipsis() {
        let plain = |s: &str, w: usize| {
            let mut out = Builder::new(Style::new(), Style::new(), Style::new(), None);
            write_plain(&mut out, s, w);
            let t: String = out
                .finish()
                .into_iter()
                .flatten()
                .map(|sp| sp.content.into_owned())
                .collect();
            t
        };
        assert_eq!(plain("abcdef", 4), "abc…");
        assert_eq!(plain("abcd", 4), "abcd");
        assert_eq!(plain("漢字漢字", 5), "漢字…");
        assert_eq!(plain("a\u{202E}bcdefghijkl", 12), "a⟨U+202E⟩bc…");
        assert_eq!(plain("abc", 0), "");
    }

    #[test]
    fn wrapping_counts_rows() {
        assert_eq!(wrapped_rows("", 10), 1);
        assert_eq!(wrapped_rows("abcdefghij", 10), 1);
        assert_eq!(wrapped_rows("abcdefghijk", 10), 2);
        assert_eq!(wrapped_rows("漢字漢字漢字", 5), 3);
        // A token breaks like plain characters: 8 + 1 columns.
        assert_eq!(wrapped_rows("\u{200B}a", 5), 2);
    }

    #[test]
    fn reverse_on_reverse_is_underlined() {
        let rev = Style::new().add_modifier(Modifier::REVERSED);
        let m = mark_on(rev, rev);
        assert!(!m.add_modifier.contains(Modifier::REVERSED));
        assert!(m.add_modifier.contains(Modifier::UNDERLINED));
        assert_eq!(mark_on(rev, Style::new()), rev);
    }
}
