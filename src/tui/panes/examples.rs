//! The examples picker: the user's cases (`idbench tui --cases FILE`), each marked passing
//! or failing, then the shipped identifier sets, grouped by set and section, filtered as
//! you type. A pair opens both sides in diff mode. The cases come here already run (the
//! app runs them with [`crate::cases::run`]); the picker only shows them.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::{ListState, Overlay, OverlayEffect, fit, inner, width};
use crate::engine::Profile;
use crate::idsets::{self, Entry, Expect};
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// A group heading, naming the entry that starts it.
    Heading(usize),
    Entry(usize),
    /// The heading of the user's cases.
    UserHeading,
    /// One of the user's cases.
    User(usize),
}

pub use crate::tui::model::UserCase;

/// The picker's state.
#[derive(Clone, Debug, Default)]
pub struct Examples {
    /// The user's cases, shown first.
    user: Vec<UserCase>,
    /// Per user case, the lower-cased text the filter searches.
    user_haystacks: Vec<String>,
    entries: Vec<Entry>,
    /// Per entry, the lower-cased text the filter searches.
    haystacks: Vec<String>,
    filter: String,
    rows: Vec<Row>,
    /// Selection (over rows; headings are skipped) and scroll.
    pub list: ListState,
    /// Where the list was last drawn (for clicks).
    area: Option<Rect>,
}

impl Overlay for Examples {
    fn context(&self) -> Context {
        Context::Examples
    }

    fn on_action(&mut self, action: Option<Action>, ch: Option<char>) -> OverlayEffect {
        match action {
            Some(Action::Up) => self.step(-1),
            Some(Action::Down) => self.step(1),
            Some(Action::PageUp) => self.step(-10),
            Some(Action::PageDown) => self.step(10),
            Some(Action::DeleteBack) => self.pop(),
            Some(Action::Load) => return OverlayEffect::Load,
            Some(Action::Back | Action::Examples) => return OverlayEffect::Close,
            Some(Action::Help) => return OverlayEffect::Help,
            Some(_) => {}
            None => {
                if let Some(c) = ch {
                    self.push(c);
                }
            }
        }
        OverlayEffect::None
    }

    fn on_wheel(&mut self, up: bool) {
        self.step(if up { -1 } else { 1 });
    }

    fn on_click(&mut self, pos: ratatui::layout::Position) -> OverlayEffect {
        match self.area.filter(|r| r.contains(pos)) {
            Some(r) if self.click(r, pos.y) => OverlayEffect::Load,
            _ => OverlayEffect::None,
        }
    }

    fn on_paste(&mut self, s: &str) {
        s.chars().for_each(|c| self.push(c));
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, theme: &Theme) {
        self.area = Some(draw(f, area, self, theme));
    }
}

/// What loading an example does: the inputs, the profile, and the status line's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// Input A.
    pub a: String,
    /// Input B, for a pair (diff mode).
    pub b: Option<String>,
    /// The profile: auto unless auto would read the example under another profile than
    /// its set's.
    pub profile: Option<Profile>,
    /// What the status line says.
    pub message: String,
}

/// How `e` is loaded. Auto stays unless the example needs its set's profile (auto would
/// read it under another one: `auto` says which, the model's answer, so the picker runs
/// no engine); then the profile is chosen, and the message says so.
pub fn load(e: &Entry, auto: impl FnOnce(&str) -> Profile) -> Loaded {
    let needs = e.profile.filter(|&p| auto(&e.id) != p);
    let what = expectation(e);
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
    Loaded {
        a: e.id.clone(),
        b: match &e.expect {
            Expect::Pair { other, .. } => Some(other.clone()),
            _ => None,
        },
        profile: needs,
        message: format!(
            "example loaded: {profile}{expects} · {} line {} [{}]",
            e.set, e.line, e.section
        ),
    }
}

/// How a user's case is loaded: its input, the other input of an equivalence (diff mode),
/// its profile (auto when it names none or `auto`), and what it expects and how it fared.
pub fn load_user(u: &UserCase) -> Loaded {
    let c = &u.case;
    let verdict = if u.passes() {
        "passes".to_string()
    } else {
        let fields: Vec<&str> = u.failures.iter().map(|f| f.field.as_str()).collect();
        format!("FAILS: {}", fields.join(", "))
    };
    let base = c
        .base
        .as_ref()
        .map(|b| format!(" · against base {b} (Ctrl-T opens the base line)"))
        .unwrap_or_default();
    Loaded {
        a: c.input.clone(),
        b: c.expect.equivalent.as_ref().map(|(o, _)| o.clone()),
        profile: c.profile.flatten(),
        message: format!(
            "case loaded: {verdict} · expects: {}{base} · {} line {}",
            c.summary(),
            u.file,
            c.line
        ),
    }
}

/// What an entry expects, in words.
pub fn expectation(e: &Entry) -> String {
    match &e.expect {
        Expect::Show => String::new(),
        Expect::Valid => "valid".into(),
        Expect::Invalid(c) if c.is_empty() => "invalid".into(),
        Expect::Invalid(c) => format!("invalid: {c}"),
        Expect::Pair {
            other,
            equivalent: true,
        } => format!("≡ {other}"),
        Expect::Pair {
            other,
            equivalent: false,
        } => format!("≢ {other}"),
        Expect::Resolves {
            base,
            target: Some(t),
        } => format!("against {base} → {t}"),
        Expect::Resolves { base, target: None } => format!("against {base} → error"),
        Expect::Form { form, value } => format!("{form} = {value}"),
        Expect::Diagnostic {
            severity,
            code,
            start,
            end,
            ..
        } => format!("{severity} {code} at {start}..{end}"),
    }
}

impl Examples {
    /// Every shipped entry, unfiltered.
    pub fn new() -> Examples {
        Examples::with_cases(Vec::new())
    }

    /// The user's cases, then every shipped entry, unfiltered.
    pub fn with_cases(user: Vec<UserCase>) -> Examples {
        let entries = idsets::all();
        let haystacks = entries
            .iter()
            .map(|e| format!("{} {} {} {}", e.id, e.set, e.section, expectation(e)).to_lowercase())
            .collect();
        let mut e = Examples {
            entries,
            haystacks,
            ..Examples::default()
        };
        e.set_cases(user);
        e
    }

    /// Replaces the user's cases (after one was appended, or the file read again); the
    /// filter stays.
    pub fn set_cases(&mut self, user: Vec<UserCase>) {
        self.user_haystacks = user
            .iter()
            .map(|u| {
                let mark = if u.passes() { "passing" } else { "failing" };
                format!("{} {} {} {mark}", u.case.input, u.file, u.case.summary()).to_lowercase()
            })
            .collect();
        self.user = user;
        self.refilter();
    }

    /// The user's cases: how many, and how many fail.
    pub fn cases_count(&self) -> (usize, usize) {
        let failing = self.user.iter().filter(|u| !u.passes()).count();
        (self.user.len(), failing)
    }

    /// The filter typed so far.
    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// Adds a character to the filter.
    pub fn push(&mut self, c: char) {
        self.filter.push(c);
        self.refilter();
    }

    /// Removes the filter's last character.
    pub fn pop(&mut self) {
        self.filter.pop();
        self.refilter();
    }

    fn refilter(&mut self) {
        let f = self.filter.to_lowercase();
        let words: Vec<&str> = f.split_whitespace().collect();
        self.rows.clear();
        let mut heading = false;
        for (i, _) in self.user.iter().enumerate() {
            let hay = self.user_haystacks.get(i).map(String::as_str).unwrap_or("");
            if !words.iter().all(|w| hay.contains(w)) {
                continue;
            }
            if !heading {
                self.rows.push(Row::UserHeading);
                heading = true;
            }
            self.rows.push(Row::User(i));
        }
        let mut last: Option<(&str, &str)> = None;
        for (i, e) in self.entries.iter().enumerate() {
            // Every word of the filter must appear in the entry (id, set, section, or
            // what it expects).
            let hay = self.haystacks.get(i).map(String::as_str).unwrap_or("");
            if !words.iter().all(|w| hay.contains(w)) {
                continue;
            }
            if last != Some((e.set, e.section.as_str())) {
                self.rows.push(Row::Heading(i));
                last = Some((e.set, e.section.as_str()));
            }
            self.rows.push(Row::Entry(i));
        }
        self.list = ListState::default();
        self.step(0);
    }

    /// Number of entries shown.
    pub fn shown(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| matches!(r, Row::Entry(_) | Row::User(_)))
            .count()
    }

    /// Moves the selection by `delta` entries (headings are skipped).
    pub fn step(&mut self, delta: isize) {
        let entries: Vec<usize> = self
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| matches!(r, Row::Entry(_) | Row::User(_)))
            .map(|(i, _)| i)
            .collect();
        if entries.is_empty() {
            self.list.selected = 0;
            return;
        }
        let cur = entries
            .iter()
            .position(|&i| i >= self.list.selected)
            .unwrap_or(entries.len() - 1);
        let next = cur.saturating_add_signed(delta).min(entries.len() - 1);
        self.list.selected = entries[next];
    }

    /// Selects the row at screen line `y` of the list area; true when it is an entry.
    pub fn click(&mut self, area: Rect, y: u16) -> bool {
        match super::row_at(&self.list, area, y, self.rows.len()) {
            Some(i) if matches!(self.rows[i], Row::Entry(_) | Row::User(_)) => {
                let again = self.list.selected == i;
                self.list.selected = i;
                again
            }
            _ => false,
        }
    }

    /// The selected entry of the shipped sets.
    pub fn selected(&self) -> Option<&Entry> {
        match self.rows.get(self.list.selected) {
            Some(Row::Entry(i)) => self.entries.get(*i),
            _ => None,
        }
    }

    /// The selected case of the user's.
    pub fn selected_case(&self) -> Option<&UserCase> {
        match self.rows.get(self.list.selected) {
            Some(Row::User(i)) => self.user.get(*i),
            _ => None,
        }
    }

    /// How the selected entry or case is loaded.
    /// What loading the selection does; `auto` says which profile auto reads an
    /// identifier under (the model's answer).
    pub fn selected_load(&self, auto: impl FnOnce(&str) -> Profile) -> Option<Loaded> {
        match self.selected() {
            Some(e) => Some(load(e, auto)),
            None => self.selected_case().map(load_user),
        }
    }
}

/// Where an overlay goes: centred, `pw`% by `ph`% of `area`.
pub fn centered(area: Rect, pw: u16, ph: u16) -> Rect {
    let part = |n: u16, p: u16| u16::try_from(u32::from(n) * u32::from(p) / 100).unwrap_or(n);
    let w = part(area.width, pw).max(20).min(area.width);
    let h = part(area.height, ph).max(6).min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// Draws the picker over `area`; returns the list's area (for clicks).
pub fn draw(f: &mut Frame, area: Rect, ex: &mut Examples, theme: &Theme) -> Rect {
    let pop = centered(area, 90, 85);
    f.render_widget(Clear, pop);
    let body = inner(pop);
    if body.height < 2 {
        f.render_widget(
            super::block_fit("Examples · type to filter", pop, true, theme),
            pop,
        );
        return body;
    }
    let filter_line = Line::from(vec![
        Span::styled(" filter: ", theme.get(Slot::Dim)),
        Span::styled(
            fit(&ex.filter, usize::from(body.width).saturating_sub(10)),
            theme.get(Slot::Text),
        ),
        Span::styled("▏", theme.get(Slot::Focus)),
    ]);
    f.render_widget(Paragraph::new(filter_line), Rect { height: 1, ..body });
    // The list sits below the filter line, which plays the part of `row_at`'s top border.
    let list_area = Rect {
        y: body.y,
        height: body.height + 1,
        ..body
    };
    let w = usize::from(body.width);
    // The selected entry read whole below the list: a rule, then its wrapped lines. It
    // takes what it needs, at most a third of the picker (the list keeps the rest).
    let about = match ex.selected_case() {
        Some(u) => case_lines(u, w, theme),
        None => entry_lines(ex.selected(), w, theme),
    };
    let room = usize::from(body.height - 1) / 3;
    let about_h = if room >= 2 { about.len().min(room) } else { 0 };
    let h = usize::from(body.height - 1) - about_h;
    let first = ex.list.scroll(ex.rows.len(), h);
    // The entries in view, in the other panes' format (`entries 1–12 of 631`); headings
    // are not entries.
    let is_entry = |r: &Row| matches!(r, Row::Entry(_) | Row::User(_));
    let before = ex.rows.iter().take(first).filter(|r| is_entry(r)).count();
    let in_view = ex
        .rows
        .iter()
        .skip(first)
        .take(h)
        .filter(|r| is_entry(r))
        .count();
    let total = ex.shown();
    let title = if total == 0 {
        "Examples · no entries · type to filter".to_string()
    } else {
        let position = super::position_label("entries", before, in_view, total);
        format!("Examples · {position} · type to filter")
    };
    f.render_widget(super::block_fit(&title, pop, true, theme), pop);
    let mut lines = Vec::with_capacity(h);
    if ex.rows.is_empty() {
        lines.push(Line::styled(
            " no example has every word of the filter; Backspace removes characters",
            theme.get(Slot::Dim),
        ));
    }
    let id_w = (w * 45 / 100).max(12);
    for (i, row) in ex.rows.iter().enumerate().skip(first).take(h) {
        match *row {
            Row::Heading(e) => {
                let Some(e) = ex.entries.get(e) else { continue };
                let profile = e.profile.map(|p| p.name()).unwrap_or("auto");
                let head = format!(" {} · ", e.set);
                let tail = format!("  profile {profile}");
                // The section takes what the set and the profile leave; cut with `…`.
                let room = w.saturating_sub(width(&head) + width(&tail));
                lines.push(Line::from(vec![
                    Span::styled(super::truncate(head.into(), w), theme.get(Slot::Header)),
                    Span::styled(fit(&e.section, room), theme.get(Slot::Header)),
                    Span::styled(tail, theme.get(Slot::Dim)),
                ]));
            }
            Row::UserHeading => {
                let (n, failing) = ex.cases_count();
                let file = ex.user.first().map(|u| u.file.as_str()).unwrap_or("");
                let head = format!(" your cases · {n}, {failing} failing · ");
                let room = w.saturating_sub(width(&head));
                lines.push(Line::from(vec![
                    Span::styled(super::truncate(head.into(), w), theme.get(Slot::Header)),
                    Span::styled(fit(file, room), theme.get(Slot::Header)),
                ]));
            }
            Row::User(u) => {
                let Some(u) = ex.user.get(u) else { continue };
                let selected = i == ex.list.selected;
                let (mark, slot) = if u.passes() {
                    ("✓ ", Slot::Valid)
                } else {
                    ("✗ ", Slot::Invalid)
                };
                let id = fit(&u.case.input, id_w.saturating_sub(2));
                let gap = (id_w + 2).saturating_sub(width(&id) + 2);
                let mut line = Line::from(vec![
                    Span::styled(if selected { " ▶ " } else { "   " }, theme.get(Slot::Focus)),
                    Span::styled(mark, theme.get(slot)),
                    Span::styled(id, theme.get(Slot::Text)),
                    Span::raw(" ".repeat(gap)),
                    Span::styled(
                        fit(&u.case.summary(), w.saturating_sub(id_w + 5)).into_owned(),
                        theme.get(Slot::Dim),
                    ),
                ]);
                if selected {
                    line = super::select_line(line, theme.get(Slot::Selection));
                }
                lines.push(line);
            }
            Row::Entry(e) => {
                let Some(e) = ex.entries.get(e) else { continue };
                let selected = i == ex.list.selected;
                let id = fit(&e.id, id_w);
                let expects = expectation(e);
                let gap = (id_w + 2).saturating_sub(width(&id));
                let mut line = Line::from(vec![
                    Span::styled(if selected { " ▶ " } else { "   " }, theme.get(Slot::Focus)),
                    Span::styled(id, theme.get(Slot::Text)),
                    Span::raw(" ".repeat(gap)),
                    Span::styled(
                        fit(&expects, w.saturating_sub(id_w + 5)).into_owned(),
                        theme.get(Slot::Dim),
                    ),
                ]);
                if selected {
                    line = super::select_line(line, theme.get(Slot::Selection));
                }
                lines.push(line);
            }
        }
    }
    let rows = Rect {
        y: body.y + 1,
        height: u16::try_from(h).unwrap_or(0),
        ..body
    };
    super::put_lines(f.buffer_mut(), rows, &lines);
    if about_h > 0 {
        let mut shown: Vec<Line<'static>> = about.into_iter().take(about_h + 1).collect();
        if shown.len() > about_h {
            // More than fits: the last row says so; the loaded entry is read whole in
            // the input and Details.
            shown.truncate(about_h);
            if let Some(last) = shown.last_mut() {
                *last = Line::styled(
                    super::truncate("… more: Enter loads it, read whole in Details".into(), w)
                        .into_owned(),
                    theme.get(Slot::Dim),
                );
            }
        }
        let area = Rect {
            y: rows.y + rows.height,
            height: u16::try_from(about_h).unwrap_or(0),
            ..body
        };
        super::put_lines(f.buffer_mut(), area, &shown);
    }
    list_area
}

/// One of the user's cases read whole, wrapped at `w` columns: the input, where it comes
/// from, its profile, what it expects and, when it fails, each expectation not met. Every
/// value goes through `safe_text`.
pub fn case_lines(u: &UserCase, w: usize, theme: &Theme) -> Vec<Line<'static>> {
    let c = &u.case;
    let mut rows: Vec<(String, String, Slot)> = vec![
        ("id".into(), c.input.clone(), Slot::Text),
        (
            "from".into(),
            format!("{} · line {}", u.file, c.line),
            Slot::Text,
        ),
        (
            "profile".into(),
            match c.profile {
                None => "as the workbench's".into(),
                Some(p) => p.map_or("auto", |p| p.name()).into(),
            },
            Slot::Text,
        ),
        ("expects".into(), c.summary(), Slot::Text),
    ];
    if let Some(b) = &c.base {
        rows.push(("base".into(), b.clone(), Slot::Text));
    }
    if u.passes() {
        rows.push(("result".into(), "passes".into(), Slot::Valid));
    }
    for f in &u.failures {
        rows.push((
            "FAILS".into(),
            format!("{}: expected {}, got {}", f.field, f.expected, f.got),
            Slot::Invalid,
        ));
    }
    let mut out = vec![Line::styled(
        format!("{:─<w$}", "─ selected case "),
        theme.get(Slot::Dim),
    )];
    for (label, value, slot) in rows {
        field_lines(&mut out, &label, &value, theme.get(slot), w, theme);
    }
    out
}

/// One labelled field of a selected entry or case, its value escaped and wrapped at `w`
/// columns under its label.
fn field_lines(
    out: &mut Vec<Line<'static>>,
    label: &str,
    value: &str,
    style: ratatui::style::Style,
    w: usize,
    theme: &Theme,
) {
    let label = format!(" {label:<8} ");
    let lw = width(&label);
    let value = crate::safe_text::escape(value);
    for (i, row) in crate::text_layout::wrap_chars(&value, w.saturating_sub(lw))
        .into_iter()
        .enumerate()
    {
        let head = if i == 0 {
            label.clone()
        } else {
            " ".repeat(lw)
        };
        out.push(Line::from(vec![
            Span::styled(head, theme.get(Slot::Dim)),
            Span::styled(row, style),
        ]));
    }
}

/// The selected entry read whole, wrapped at `w` columns: a rule, the identifier, where
/// it comes from, its profile and what it expects. Every value goes through `safe_text`.
pub fn entry_lines(e: Option<&Entry>, w: usize, theme: &Theme) -> Vec<Line<'static>> {
    let Some(e) = e else { return Vec::new() };
    let mut out = vec![Line::styled(
        format!("{:─<w$}", "─ selected "),
        theme.get(Slot::Dim),
    )];
    let mut field = |label: &str, value: &str, slot: Slot| {
        field_lines(&mut out, label, value, theme.get(slot), w, theme);
    };
    field("id", &e.id, Slot::Text);
    field(
        "from",
        &format!("{} · {} · line {}", e.set, e.section, e.line),
        Slot::Text,
    );
    field(
        "profile",
        e.profile.map(|p| p.name()).unwrap_or("auto"),
        Slot::Text,
    );
    let expects = expectation(e);
    field(
        "expects",
        if expects.is_empty() {
            "(shown only)"
        } else {
            &expects
        },
        Slot::Text,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_and_selection_skip_headings() {
        let mut ex = Examples::new();
        assert!(ex.shown() > 0);
        assert!(
            ex.selected().is_some(),
            "the first entry is selected, not its heading"
        );
        ex.step(1);
        assert!(ex.selected().is_some());
        for c in "zzzz-no-such-entry".chars() {
            ex.push(c);
        }
        assert_eq!(ex.shown(), 0);
        assert!(ex.selected().is_none());
        for _ in 0.."zzzz-no-such-entry".len() {
            ex.pop();
        }
        assert!(ex.selected().is_some());
    }
}
