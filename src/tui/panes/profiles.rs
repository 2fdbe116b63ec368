//! The profile strip: one cell per profile with its verdict on the input (or, in diff
//! mode, whether the two inputs are equivalent under it); the profile in use is marked.
//!
//! The strip is an ordinary component ([`ProfilesPane`], focused with F7) that draws
//! itself: its cells are selected with the arrows, and Enter (or a click on a cell) asks
//! the app to put the selected one in use ([`Effect::SetProfile`]). Details shows the
//! selected profile's verdict, its first error whole and why `auto` chose it or not; in
//! diff mode ([`pair_detail`]) the pair's equivalence under it, how each side fares, the
//! step from which they are equal or where they part, and why `auto` chose it for the pair
//! or not. Everything comes from the analysis or the comparison: nothing is parsed or
//! compared again here.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::selection::{Detail, Item};
use super::{Copied, Doc, Effect, Pane, list_delta};
use crate::engine::{Analysis, Profile, Status};
use crate::tui::keys::{Action, Context};
use crate::tui::model::{Comparison, Offered};
use crate::tui::theme::{Slot, Theme};

/// The strip as a component: which cell is selected (0 is `auto`, then `Profile::ALL`).
/// The profile chosen and diff mode's comparison are the model's.
#[derive(Clone, Debug, Default)]
pub struct ProfilesPane {
    /// The selected cell.
    pub selected: usize,
    /// The cells drawn by the last frame, for the mouse.
    hits: Vec<Hit>,
    /// The profile registered at run time that the model offers (the grammar lab's),
    /// drawn after the built-ins as the last cell.
    extra: Option<Profile>,
}

impl ProfilesPane {
    /// The profile the selected cell stands for (`None`: auto).
    pub fn pick(&self) -> Option<Profile> {
        match self.selected.checked_sub(1) {
            Some(i) if i == Profile::ALL.len() => self.extra,
            Some(i) => Profile::ALL.get(i).copied(),
            None => None,
        }
    }

    /// Selects the cell of `p` (`None`: auto).
    pub fn select(&mut self, p: Option<Profile>) {
        self.selected = p
            .and_then(|p| {
                Profile::ALL
                    .iter()
                    .position(|&q| q == p)
                    .or((Some(p) == self.extra).then_some(Profile::ALL.len()))
            })
            .map_or(0, |i| i + 1);
    }
}

impl Pane for ProfilesPane {
    fn context(&self) -> Context {
        Context::Profiles
    }

    fn on_action(&mut self, action: Action, _a: &Doc<'_>) -> Effect {
        if action == Action::Toggle {
            return Effect::SetProfile(self.pick());
        }
        let n = Profile::ALL.len() + 1 + usize::from(self.extra.is_some());
        let next = self
            .selected
            .saturating_add_signed(list_delta(action, n as isize));
        self.selected = next.min(n - 1);
        Effect::None
    }

    /// A click on a cell selects it and puts its profile in use.
    fn on_click(&mut self, _area: Rect, at: Position, _a: &Doc<'_>) -> Effect {
        match self.hits.iter().find(|(r, _)| r.contains(at)) {
            Some(&(_, p)) => {
                self.select(p);
                Effect::SetProfile(p)
            }
            None => Effect::None,
        }
    }

    /// The wheel does nothing over the strip.
    fn on_wheel(&mut self, _up: bool, _a: &Doc<'_>) -> Effect {
        Effect::None
    }

    /// A click chooses a profile without taking the keyboard.
    fn mouse_focuses(&self) -> bool {
        false
    }

    /// The selected cell is marked only while the strip has the keyboard.
    fn focus_needs_keyboard(&self) -> bool {
        true
    }

    /// F7: the cell of the profile in use is selected.
    fn summoned(&mut self, a: &Doc<'_>) -> Effect {
        self.select(a.model.profile().or(Some(a.profile)));
        Effect::Say(if a.model.diff_mode() {
            "profiles: ←/→ select, Details reads the pair under it, Enter uses it".into()
        } else {
            "profiles: ←/→ select, Details reads the verdict, Enter uses it".into()
        })
    }

    /// On one row, no border: each cell's verdict on the input `a` (diff mode: the pair's
    /// equivalence).
    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        let cells = match a.model.comparison() {
            Some(c) => Cells::Equivalence(&c.per_profile),
            None => Cells::Validity(&a.verdicts),
        };
        let selected = focused.then_some(self.selected);
        // The offered run-time profile (the grammar lab's) gets a cell after the built-ins,
        // whose verdicts stay: in use, its verdict is the analysis's own; else the model's.
        let offered = a.model.offered();
        self.extra = offered.map(|(p, _)| p);
        let extra = offered.map(|(p, judged)| {
            let valid = match judged {
                Offered::InUse => Some(a.valid()),
                Offered::Verdict(v) => Some(v),
                Offered::TooLong => None,
            };
            let (sym, slot) = match valid {
                Some(true) => ("✓", Slot::Valid),
                Some(false) => ("✗", Slot::Invalid),
                // Not judged while another profile is in use (input A over OFFERED_MAX).
                None => ("…", Slot::Dim),
            };
            (p, sym, slot)
        });
        let mut strip = area;
        if let Some((p, _, _)) = extra {
            // "│[" name " " sym "]"
            let w = p.name().chars().count() + 5;
            strip.width = area.width.saturating_sub(w as u16);
        }
        let builtin_selected = selected.filter(|&i| i <= Profile::ALL.len());
        self.hits = draw(
            f.buffer_mut(),
            strip,
            a.model.profile(),
            a.profile,
            cells,
            builtin_selected,
            theme,
        );
        if let Some((p, sym, slot)) = extra {
            let buf = f.buffer_mut();
            let right = area.right();
            let mut x = strip.right();
            let dim = theme.get(Slot::Dim);
            // Marked as a built-in's cell is: brackets and the active style while in use.
            let in_use = a.model.profile() == Some(p);
            let (open, close, name_style) = if in_use {
                ("[", "]", theme.get(Slot::Active))
            } else {
                (" ", " ", theme.get(Slot::Text))
            };
            for (text, style) in [
                ("│", dim),
                (open, dim),
                (p.name(), name_style),
                (" ", Style::new()),
                (sym, theme.get(slot)),
                (close, dim),
            ] {
                if x < right {
                    x = buf
                        .set_stringn(x, area.y, text, usize::from(right - x), style)
                        .0;
                }
            }
            let start = strip.right() + 1;
            let cell = Rect::new(start, area.y, x.saturating_sub(start), 1);
            if selected == Some(Profile::ALL.len() + 1) {
                buf.set_style(cell, theme.get(Slot::Selection));
            }
            self.hits.push((cell, Some(p)));
        }
    }

    fn copy(&self, a: &Doc<'_>) -> Option<Copied> {
        let p = self.pick()?;
        let text = match a.verdict(p) {
            Some(Status::Valid) => format!("{}: valid", p.name()),
            Some(Status::Invalid(c)) => format!("{}: invalid ({c})", p.name()),
            Some(Status::NotApplicable) | None => format!("{}: does not apply", p.name()),
        };
        Some(Copied {
            text,
            what: "the profile's verdict".into(),
        })
    }

    fn selected(&self) -> usize {
        self.selected
    }

    fn detail_in_diff_mode(&self) -> bool {
        true
    }

    /// The selected cell read whole: the verdict on the input, or in diff mode the pair's
    /// equivalence under it.
    fn detail(&self, a: &Doc<'_>) -> Option<Detail> {
        let chosen = a.model.profile();
        Some(match a.model.comparison() {
            Some(c) => pair_detail(c, self.pick(), chosen, self.selected),
            None => profile_detail(a, self.pick(), chosen, self.selected),
        })
    }
}

/// Details of profile cell `p` (`None`: the auto cell) for the input of `a`: the verdict,
/// the first error whole (code, message, span, section) and why auto chose it or not.
///
/// The analysis keeps each profile's first error whole with its verdict, so nothing is
/// parsed again here: the profile in use gives its first error, another profile the one
/// its verdict holds.
fn profile_detail(
    a: &Analysis,
    p: Option<Profile>,
    chosen: Option<Profile>,
    cell: usize,
) -> Detail {
    let mut d = Detail {
        key: (4, cell, 0),
        title: format!("profile {}", p.map_or("auto", Profile::name)),
        items: Vec::new(),
        copy: None,
    };
    let Some(p) = p else {
        d.field("profile", "auto", Slot::Text);
        match chosen {
            None => {
                d.field(
                    "in use",
                    "yes: auto picks the profile per input",
                    Slot::Active,
                );
                d.field("chose", a.profile.name(), Slot::Text);
                d.field("why", a.profile_reason.to_string(), Slot::Text);
            }
            Some(c) => fixed_to(&mut d, c),
        }
        return d;
    };
    d.field("profile", p.name(), Slot::Text);
    let (word, slot) = match a.verdict(p) {
        Some(Status::Valid) => ("valid".to_string(), Slot::Valid),
        Some(Status::Invalid(c)) => (format!("invalid: {c}"), Slot::Invalid),
        Some(Status::NotApplicable) => (
            "does not apply: the input is not of this profile's family".to_string(),
            Slot::NotApplicable,
        ),
        None => ("not judged".to_string(), Slot::Dim),
    };
    d.field("verdict", word, slot);
    let in_use = p == a.profile;
    // The analysis says `auto: <why>`; the label already says auto.
    let reason = a.profile_reason.to_string();
    let reason = reason.strip_prefix("auto: ").unwrap_or(&reason);
    let why = match (chosen, in_use) {
        (Some(_), true) => "in use: you fixed it (Enter on auto goes back to auto)".to_string(),
        (Some(c), false) => format!("not in use: the profile is fixed to {}", c.name()),
        (None, true) => format!("in use: auto chose it: {reason}"),
        (None, false) => format!("not in use: auto chose {}: {reason}", a.profile.name()),
    };
    d.field("auto", why, Slot::Text);
    if let Some(Status::Invalid(_)) = a.verdict(p) {
        // The engine keeps each profile's first error with its verdict: nothing is parsed
        // again here.
        let first = if in_use {
            a.first_error()
        } else {
            a.verdicts
                .iter()
                .find(|v| v.profile == p)
                .and_then(|v| v.first_error.as_ref())
        };
        if let Some(e) = first {
            d.items.push(Item::Blank);
            d.items.push(Item::Heading("first error".into()));
            d.field("code", e.code.as_str(), Slot::Invalid);
            d.field("message", e.message.clone(), Slot::Text);
            d.field("span", format!("{}", e.span), Slot::Dim);
            d.field("section", e.spec, Slot::Dim);
            d.field(
                "at",
                a.input
                    .get(e.span.start..e.span.end)
                    .unwrap_or("")
                    .to_string(),
                Slot::Text,
            );
        }
    }
    d
}

/// A status in words, for Details.
fn status_word(s: Option<&Status>) -> (String, Slot) {
    match s {
        Some(Status::Valid) => ("valid".to_string(), Slot::Valid),
        Some(Status::Invalid(c)) => (format!("invalid: {c}"), Slot::Invalid),
        Some(Status::NotApplicable) => (
            "does not apply: not of this profile's family".to_string(),
            Slot::NotApplicable,
        ),
        None => ("not judged".to_string(), Slot::Dim),
    }
}

/// Details of profile cell `p` (`None`: the auto cell) in diff mode, from the comparison
/// `d` (its per-profile answers were computed with it, once per change): whether the pair
/// is equivalent under `p`, how each side fares, from which ladder step the sides are
/// equal or where they part, and why `auto` chose `p` for the pair or not.
pub fn pair_detail(
    d: &Comparison,
    p: Option<Profile>,
    chosen: Option<Profile>,
    cell: usize,
) -> Detail {
    let v = &d.verdict;
    let mut out = Detail {
        key: (5, cell, 0),
        title: format!("profile {} · A and B", p.map_or("auto", Profile::name)),
        items: Vec::new(),
        copy: None,
    };
    let reason = v
        .profile_reason
        .strip_prefix("auto: ")
        .unwrap_or(&v.profile_reason);
    let Some(p) = p else {
        out.field("profile", "auto", Slot::Text);
        match chosen {
            None => {
                out.field(
                    "in use",
                    "yes: auto picks the profile for the pair",
                    Slot::Active,
                );
                out.field("chose", v.profile.name(), Slot::Text);
                out.field("why", reason.to_string(), Slot::Text);
            }
            Some(c) => fixed_to(&mut out, c),
        }
        return out;
    };
    out.field("profile", p.name(), Slot::Text);
    let Some(e) = d.per_profile.iter().find(|e| e.profile == p) else {
        out.field("verdict", "not compared: the sides are too long", Slot::Dim);
        if let Some(note) = &d.per_profile_note {
            out.field("why", note.clone(), Slot::Text);
        }
        return out;
    };
    let (eq, slot) = match e.equivalent {
        Some(true) => ("≡ equivalent".to_string(), Slot::Equal),
        Some(false) => ("≢ not equivalent".to_string(), Slot::Unequal),
        None => (
            "not compared: the profile cannot read both inputs".to_string(),
            Slot::NotApplicable,
        ),
    };
    out.field("verdict", eq, slot);
    let in_use = p == v.profile;
    let why = match (chosen, in_use) {
        (Some(_), true) => "in use: you fixed it (Enter on auto goes back to auto)".to_string(),
        (Some(c), false) => format!("not in use: the profile is fixed to {}", c.name()),
        (None, true) => format!("in use: auto chose it for the pair: {reason}"),
        (None, false) => format!(
            "not in use: auto chose {} for the pair: {reason}",
            v.profile.name()
        ),
    };
    out.field("auto", why, Slot::Text);
    let (a, a_slot) = status_word(Some(&e.a));
    let (b, b_slot) = status_word(Some(&e.b));
    out.field("A", a, a_slot);
    out.field("B", b, b_slot);
    if e.equivalent.is_some() && (e.a != Status::Valid || e.b != Status::Valid) {
        out.field(
            "note",
            "a side is invalid under this profile: the ladder still answers, but it is not the spec's answer",
            Slot::Warning,
        );
    }
    if let Some((i, name, spec)) = &e.equal_from {
        out.field(
            "equal from",
            format!("step {}: {name} ({spec})", i + 1),
            Slot::Equal,
        );
    }
    if e.equivalent == Some(false) {
        out.items.push(Item::Blank);
        out.items.push(Item::Heading("where they part".into()));
        match &e.difference {
            Some(diff) => {
                out.field("component", diff.kind.name(), Slot::Text);
                out.field("in A", format!("{}", diff.a), Slot::Dim);
                out.field("in B", format!("{}", diff.b), Slot::Dim);
                out.field("why", diff.reason.clone(), Slot::Text);
            }
            None => out.field("component", "no difference located", Slot::Dim),
        }
    }
    out
}

/// What the cells show.
#[derive(Clone, Copy, Debug)]
pub enum Cells<'a> {
    /// Each profile's verdict on the input (`Analysis::verdicts` order is `Profile::ALL`).
    Validity(&'a [crate::engine::ProfileVerdict]),
    /// Each profile's equivalence verdict; `None` where it does not apply to both inputs.
    Equivalence(&'a [crate::engine::equiv::ProfileEquivalence]),
}

/// A clickable cell: where it is and what it picks (`None`: auto).
pub type Hit = (Rect, Option<Profile>);

/// The first error code of `p`'s verdict, when it rejects the input.
fn code(cells: Cells<'_>, p: Profile) -> Option<&'static str> {
    match cells {
        Cells::Validity(v) => match v.iter().find(|v| v.profile == p).map(|v| &v.status) {
            Some(Status::Invalid(code)) => Some(code.as_str()),
            _ => None,
        },
        Cells::Equivalence(_) => None,
    }
}

fn verdict(cells: Cells<'_>, p: Profile) -> (&'static str, &'static str, Slot) {
    match cells {
        Cells::Validity(v) => match v.iter().find(|v| v.profile == p).map(|v| &v.status) {
            Some(Status::Valid) => ("✓", "valid", Slot::Valid),
            Some(Status::Invalid(_)) => ("✗", "invalid", Slot::Invalid),
            Some(Status::NotApplicable) => ("–", "n/a", Slot::NotApplicable),
            None => ("?", "?", Slot::Dim),
        },
        Cells::Equivalence(v) => match v.iter().find(|e| e.profile == p).map(|e| e.equivalent) {
            Some(Some(true)) => ("≡", "equivalent", Slot::Equal),
            Some(Some(false)) => ("≢", "different", Slot::Unequal),
            Some(None) => ("–", "n/a", Slot::NotApplicable),
            // Long sides are compared under the verdict's profile only (the Details say why).
            None => ("…", "not compared", Slot::Dim),
        },
    }
}

/// How much the strip spells out; the widest layout that fits is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fit {
    /// `valid` rather than `✓`.
    words: bool,
    /// `rfc3986` rather than `3986`.
    full_names: bool,
    /// `rfc3986 ✓` rather than `rfc3986✓`.
    gap: bool,
    /// `│` between cells.
    separators: bool,
    /// `auto→rfc8141` rather than `auto`.
    auto_detail: bool,
    /// A rejecting profile's first error code after its `✗`.
    codes: bool,
}

const fn fit(words: bool, full_names: bool, gap: bool, separators: bool, auto_detail: bool) -> Fit {
    Fit {
        words,
        full_names,
        gap,
        separators,
        auto_detail,
        codes: false,
    }
}

const fn with_codes(f: Fit) -> Fit {
    Fit { codes: true, ..f }
}

/// From the most spelled out to the most compact.
const FITS: [Fit; 8] = [
    with_codes(fit(false, true, true, true, true)),
    with_codes(fit(false, true, false, true, true)),
    fit(true, true, true, true, true),
    fit(false, true, true, true, true),
    fit(false, true, false, true, true),
    fit(false, false, false, true, true),
    fit(false, false, false, false, true),
    fit(false, false, false, false, false),
];

fn name(p: Profile, fit: Fit) -> &'static str {
    if fit.full_names {
        p.name()
    } else {
        p.name().strip_prefix("rfc").unwrap_or(p.name())
    }
}

fn auto_label(chosen: Option<Profile>, in_use: Profile, fit: Fit) -> String {
    match chosen {
        None if fit.auto_detail => format!("auto→{}", name(in_use, fit)),
        _ => "auto".to_string(),
    }
}

/// The width of each profile's cell (its separator included) under `fit`.
fn cell_widths(cells: Cells<'_>, fit: Fit) -> Vec<usize> {
    let sym = |p| {
        if fit.words {
            verdict(cells, p).1.len()
        } else {
            1
        }
    };
    let sep = usize::from(fit.separators);
    let gap = usize::from(fit.gap);
    let code_w = |p| match code(cells, p) {
        Some(c) if fit.codes => 1 + c.len(),
        _ => 0,
    };
    Profile::ALL
        .iter()
        .map(|&p| sep + 2 + name(p, fit).len() + gap + sym(p) + code_w(p))
        .collect()
}

fn strip_width(chosen: Option<Profile>, in_use: Profile, cells: Cells<'_>, fit: Fit) -> usize {
    auto_label(chosen, in_use, fit).chars().count()
        + 2
        + cell_widths(cells, fit).iter().sum::<usize>()
}

/// The profile cells shown when the strip is wider than `room` even in its most compact
/// layout: a run of cells around `focus` (growing to the right first, then to the left)
/// that fits in `room` less a column for a `…` at each end.
fn window(widths: &[usize], focus: usize, room: usize) -> std::ops::Range<usize> {
    let n = widths.len();
    if widths.iter().sum::<usize>() <= room || n == 0 {
        return 0..n;
    }
    let room = room.saturating_sub(2);
    let focus = focus.min(n - 1);
    let (mut lo, mut hi, mut used) = (focus, focus + 1, widths[focus]);
    loop {
        let mut grew = false;
        if hi < n && used + widths[hi] <= room {
            used += widths[hi];
            hi += 1;
            grew = true;
        }
        if lo > 0 && used + widths[lo - 1] <= room {
            lo -= 1;
            used += widths[lo];
            grew = true;
        }
        if !grew {
            return lo..hi;
        }
    }
}

/// Draws the strip on one row; `chosen` is the user's choice (`None`: auto) and `in_use` the
/// profile the analysis ran under. Returns the clickable cells. When even the most compact
/// layout is too wide, the profile cells scroll: the auto cell stays, the cells around the
/// selected one (else the one in use) are shown, and a `…` stands where cells are left out.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    chosen: Option<Profile>,
    in_use: Profile,
    cells: Cells<'_>,
    selected: Option<usize>,
    theme: &Theme,
) -> Vec<Hit> {
    // The layouts with error codes only when a profile rejects (they spell less otherwise).
    let any_code = Profile::ALL.iter().any(|&p| code(cells, p).is_some());
    let fit = FITS
        .into_iter()
        .filter(|f| any_code || !f.codes)
        .find(|&f| strip_width(chosen, in_use, cells, f) <= usize::from(area.width))
        .unwrap_or(FITS[FITS.len() - 1]);
    let auto_w = auto_label(chosen, in_use, fit).chars().count() + 2;
    let focus = selected
        .and_then(|i| i.checked_sub(1))
        .filter(|&i| i < Profile::ALL.len())
        .or_else(|| Profile::ALL.iter().position(|&p| p == in_use))
        .unwrap_or(0);
    let shown = window(
        &cell_widths(cells, fit),
        focus,
        usize::from(area.width).saturating_sub(auto_w),
    );
    let mut hits = Vec::with_capacity(Profile::ALL.len() + 1);
    let mut x = area.x;
    let right = area.right();
    let dim = theme.get(Slot::Dim);
    let active = theme.get(Slot::Active);
    let mut put = |x: &mut u16, s: &str, st: Style| {
        if *x < right {
            let (nx, _) = buf.set_stringn(*x, area.y, s, usize::from(right - *x), st);
            *x = nx;
        }
    };
    // The auto cell.
    let start = x;
    let marked = chosen.is_none();
    put(&mut x, if marked { "[" } else { " " }, dim);
    put(
        &mut x,
        &auto_label(chosen, in_use, fit),
        if marked {
            active
        } else {
            theme.get(Slot::Text)
        },
    );
    put(&mut x, if marked { "]" } else { " " }, dim);
    hits.push((Rect::new(start, area.y, x - start, 1), None));
    if shown.start > 0 {
        put(&mut x, "…", dim);
    }
    for p in &Profile::ALL[shown.clone()] {
        let p = *p;
        if fit.separators {
            put(&mut x, "│", dim);
        }
        let start = x;
        let (sym, word, slot) = verdict(cells, p);
        let marked = p == in_use;
        put(&mut x, if marked { "[" } else { " " }, dim);
        let name_style = if marked && chosen.is_some() {
            active
        } else {
            theme.get(Slot::Text)
        };
        put(&mut x, name(p, fit), name_style);
        if fit.gap {
            put(&mut x, " ", Style::new());
        }
        put(&mut x, if fit.words { word } else { sym }, theme.get(slot));
        if fit.codes
            && let Some(c) = code(cells, p)
        {
            put(&mut x, " ", Style::new());
            put(&mut x, c, theme.get(Slot::Dim));
        }
        put(&mut x, if marked { "]" } else { " " }, dim);
        if x > start {
            hits.push((Rect::new(start, area.y, x - start, 1), Some(p)));
        }
    }
    if shown.end < Profile::ALL.len() {
        put(&mut x, "…", dim);
    }
    // The selected cell (the strip focused): drawn in the selection style.
    let pick = selected.map(|i| match i.checked_sub(1) {
        None => None,
        Some(i) => Profile::ALL.get(i).copied(),
    });
    if let Some(&(r, _)) = pick.and_then(|p| hits.iter().find(|h| h.1 == p)) {
        buf.set_style(r, theme.get(Slot::Selection));
    }
    hits
}

/// The auto cell's Details when a profile is fixed (the user chose one).
fn fixed_to(d: &mut Detail, c: Profile) {
    d.field(
        "in use",
        format!(
            "no: the profile is fixed to {} (Enter here goes back to auto)",
            c.name()
        ),
        Slot::Dim,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::equiv::CompareOptions;
    use crate::engine::{Options, analyze};
    use crate::tui::model::{Model, Texts};

    /// The strip is an ordinary pane: Enter on a cell, or a click on one, asks the app to put
    /// its profile in use ([`Effect::SetProfile`]); F7 selects the cell in use and says how
    /// to go on; it draws itself and keeps its cells for the mouse.
    #[test]
    fn the_strip_asks_the_app_for_the_profile() {
        let texts = Texts {
            sides: ["urn:isbn:0451450523", ""],
            base: None,
        };
        let m = Model::new(texts, false, None, CompareOptions::default());
        let doc = m.doc(0);
        let mut strip = ProfilesPane::default();
        assert!(matches!(strip.summoned(&doc), Effect::Say(_)));
        assert_eq!(strip.pick(), Some(doc.profile));
        assert_eq!(strip.on_action(Action::Right, &doc), Effect::None);
        let next = strip.pick();
        assert_eq!(
            strip.on_action(Action::Toggle, &doc),
            Effect::SetProfile(next)
        );
        assert_eq!(strip.on_action(Action::First, &doc), Effect::None);
        assert_eq!(
            strip.on_action(Action::Toggle, &doc),
            Effect::SetProfile(None)
        );
        // Drawn, its cells are clicked: the xri2 cell asks for xri2.
        let area = Rect::new(0, 0, 120, 1);
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 1))
            .unwrap_or_else(|e| panic!("{e}"));
        t.draw(|f| strip.draw(f, area, &doc, false, &Theme::default()))
            .unwrap_or_else(|e| panic!("{e}"));
        let cell = strip.hits.iter().find(|(_, p)| *p == Some(Profile::Xri2));
        let Some(&(r, _)) = cell else {
            panic!("no xri2 cell: {:?}", strip.hits)
        };
        let e = strip.on_click(area, Position::new(r.x, r.y), &doc);
        assert_eq!(e, Effect::SetProfile(Some(Profile::Xri2)));
        assert_eq!(strip.pick(), Some(Profile::Xri2));
        assert!(!strip.mouse_focuses());
    }

    fn row(buf: &Buffer) -> String {
        buf.content.iter().map(|c| c.symbol()).collect()
    }

    #[test]
    fn every_profile_fits_at_80_columns_and_the_strip_scrolls_below() {
        let a = analyze("urn:isbn:0451450523", &Options::full());
        let n = Profile::ALL.len();
        assert!(n + 1 >= 9, "auto and eight specs: nine cells");
        let draw_at = |w: u16, selected: Option<usize>| {
            let area = Rect::new(0, 0, w, 1);
            let mut buf = Buffer::empty(area);
            let hits = draw(
                &mut buf,
                area,
                None,
                a.profile,
                Cells::Validity(&a.verdicts),
                selected,
                &Theme::default(),
            );
            assert!(
                hits.iter().all(|(r, _)| r.right() <= w),
                "width {w}: {}",
                row(&buf)
            );
            (hits, row(&buf))
        };
        for w in [80u16, 100, 140] {
            let (hits, text) = draw_at(w, None);
            assert_eq!(hits.len(), n + 1, "width {w}: {text}");
            assert!(text.contains("whatwg"), "width {w}: {text}");
            assert!(!text.contains('…'), "width {w}: {text}");
        }
        // At 60 columns the cells scroll: the one in use (rfc8141) is shown, a "…" marks
        // the cells left out, and selecting the last cell brings it into view.
        let (hits, text) = draw_at(60, None);
        assert!(hits.len() < n + 1, "{text}");
        assert!(text.contains('…'), "{text}");
        assert!(hits.iter().any(|h| h.1 == Some(a.profile)), "{text}");
        assert!(
            hits.iter().any(|h| h.1.is_none()),
            "the auto cell stays: {text}"
        );
        let (hits, text) = draw_at(60, Some(n));
        assert!(
            hits.iter().any(|h| h.1 == Some(Profile::ALL[n - 1])),
            "{text}"
        );
        let (hits, text) = draw_at(60, Some(1));
        assert!(hits.iter().any(|h| h.1 == Some(Profile::ALL[0])), "{text}");
        assert!(text.contains('…'), "{text}");
    }

    #[test]
    fn the_window_holds_the_focus_and_fits() {
        let w = [5, 5, 5, 5, 5];
        assert_eq!(window(&w, 0, 25), 0..5);
        assert_eq!(window(&w, 4, 17), 2..5);
        assert_eq!(window(&w, 0, 17), 0..3);
        assert_eq!(window(&w, 2, 12), 2..4);
        assert_eq!(window(&w, 2, 3), 2..3);
    }

    #[test]
    fn rejecting_profiles_show_their_first_error_when_wide_enough() {
        let a = analyze("urn:a:b", &Options::full());
        let code = a
            .verdicts
            .iter()
            .find_map(|v| match v.status {
                Status::Invalid(c) => Some(c.as_str()),
                _ => None,
            })
            .expect("some profile rejects a one-letter NID");
        let draw_at = |w: u16| {
            let area = Rect::new(0, 0, w, 1);
            let mut buf = Buffer::empty(area);
            draw(
                &mut buf,
                area,
                None,
                a.profile,
                Cells::Validity(&a.verdicts),
                None,
                &Theme::default(),
            );
            row(&buf)
        };
        assert!(draw_at(200).contains(code), "{}", draw_at(200));
        assert!(!draw_at(60).contains(code), "{}", draw_at(60));
    }
}
