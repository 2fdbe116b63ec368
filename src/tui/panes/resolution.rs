//! The resolution pane: with a base line open (Ctrl-T), the input is read as a reference
//! against the base, and this pane shows the target and the steps that produced it
//! (RFC 3986 §5.2, XRI Syntax 2.0 §2.4, the WWW draft's partial forms), as
//! [`crate::engine::resolve::resolve`] records them. The resolution is computed once per
//! change of the base, the reference or the profile ([`ResolutionState::update`]), never
//! per frame.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use std::borrow::Cow;

use super::{block, fit, inner, put_lines, truncate};
use crate::engine::profile::auto_family;
use crate::engine::resolve::{Resolution, resolve};
use crate::engine::{Profile, Severity};
use crate::safe_text;
use crate::tui::theme::{Slot, Theme};

/// The resolution of the input against the base, and what it was computed for.
#[derive(Debug, Default)]
pub struct ResolutionState {
    /// The outcome.
    pub resolution: Resolution,
    /// The profile resolved under: the one chosen, or the base's `auto` profile.
    pub profile: Option<Profile>,
    key: Option<(String, String, Option<Profile>)>,
    /// How many times it was computed (tests check it follows changes, not frames).
    pub computed: u64,
}

impl ResolutionState {
    /// Resolves `reference` against `base` under `chosen` (or the base's `auto` profile),
    /// unless that is what was last resolved.
    pub fn update(&mut self, base: &str, reference: &str, chosen: Option<Profile>) {
        if self
            .key
            .as_ref()
            .is_some_and(|(b, r, p)| b == base && r == reference && *p == chosen)
        {
            return;
        }
        let profile = chosen.unwrap_or_else(|| auto_family(base).1);
        self.resolution = resolve(base, reference, profile);
        self.profile = Some(profile);
        self.key = Some((base.to_string(), reference.to_string(), chosen));
        self.computed += 1;
    }
}

/// At most this many rows of one diagnostic's message; the last ends with `…` when cut.
const MESSAGE_ROWS: usize = 4;

/// Untrusted `text`, made safe, word-wrapped to `width` columns over at most `max_rows` rows
/// (a word wider than a row is cut with `…`; the last row ends with `…` when text is left).
/// It stops at the last row, so a long message costs only what is shown.
fn wrap(text: &str, width: usize, max_rows: usize) -> Vec<String> {
    let safe = safe_text::escape(text);
    let mut rows: Vec<String> = Vec::new();
    let (mut cur, mut cw) = (String::new(), 0usize);
    let words = safe.split(' ').filter(|w| !w.is_empty());
    let mut left = false;
    for word in words {
        let ww = super::width(word);
        if cw > 0 && cw + 1 + ww > width {
            rows.push(std::mem::take(&mut cur));
            cw = 0;
            if rows.len() == max_rows {
                left = true;
                break;
            }
        }
        if cw > 0 {
            cur.push(' ');
            cw += 1;
        }
        let room = width.saturating_sub(cw);
        if ww > room {
            cur.push_str(&truncate(Cow::Borrowed(word), room));
            cw = width;
        } else {
            cur.push_str(word);
            cw += ww;
        }
    }
    if !cur.is_empty() && rows.len() < max_rows {
        rows.push(cur);
    }
    if left && let Some(last) = rows.last_mut() {
        let mut t = truncate(Cow::Borrowed(last.as_str()), width.saturating_sub(1)).into_owned();
        if !t.ends_with('…') && width > 0 {
            t.push('…');
        }
        *last = t;
    }
    rows
}

/// Draws the pane: the target (or why there is none), the target's warnings and notes, then
/// each step; cut rows end with `…`.
pub fn draw(f: &mut Frame, area: Rect, st: &ResolutionState, theme: &Theme) {
    let title = match st.profile {
        Some(p) => format!("Resolution · {}", p.name()),
        None => "Resolution".to_string(),
    };
    f.render_widget(block(&title, false, theme), area);
    let body = inner(area);
    let w = usize::from(body.width);
    let r = &st.resolution;
    let dim = theme.get(Slot::Dim);
    let mut lines: Vec<Line<'_>> = Vec::new();
    match (&r.target, r.first_error()) {
        (Some(t), _) => lines.push(Line::from(vec![
            Span::styled("target  ", dim),
            Span::styled(fit(t, w.saturating_sub(8)), theme.get(Slot::Valid)),
        ])),
        (None, Some(d)) => lines.push(Line::from(vec![
            Span::styled("no target  ", dim),
            Span::styled(
                fit(
                    &format!("{} ({}, {})", d.message, d.code, d.spec),
                    w.saturating_sub(11),
                )
                .into_owned(),
                theme.get(Slot::Invalid),
            ),
        ])),
        (None, None) => lines.push(Line::styled("no target", theme.get(Slot::Invalid))),
    }
    // Under a target, each of the resolution's warnings and notes (for example §3.3's
    // `resolve-path-looks-like-authority` on `f:/a` + `..//g`): severity and code,
    // then the section and the message wrapped over a few rows, as the CLI prints them.
    if r.target.is_some() {
        for d in r
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Error)
        {
            let (label, slot) = match d.severity {
                Severity::Warning => ("warning", Slot::Warning),
                _ => ("note", Slot::Note),
            };
            // Severity and code, on two rows when the pane is too narrow for one.
            for row in wrap(&format!("{label} {}", d.code), w.saturating_sub(2), 2) {
                lines.push(Line::from(vec![
                    Span::raw("  "),
                    Span::styled(row, theme.get(slot)),
                ]));
            }
            let text = format!("{}: {}", d.spec, d.message);
            for row in wrap(&text, w.saturating_sub(4), MESSAGE_ROWS) {
                lines.push(Line::from(vec![
                    Span::raw("    "),
                    Span::styled(row, theme.get(Slot::Text)),
                ]));
            }
        }
    }
    for (i, s) in r.steps.iter().enumerate() {
        let head = format!("{:>2} {}  ", i + 1, s.name);
        let hw = super::width(&head).min(w);
        lines.push(Line::from(vec![
            Span::styled(fit(&head, w).into_owned(), dim),
            Span::styled(fit(&s.detail, w.saturating_sub(hw)), theme.get(Slot::Text)),
        ]));
    }
    if let Some(n) = &r.note {
        lines.push(Line::styled(
            fit(&format!("note: {n}"), w).into_owned(),
            dim,
        ));
    }
    // No silent cut: when the rows do not fit, the last one says how many are hidden.
    let h = usize::from(body.height);
    if lines.len() > h && h > 0 {
        let hidden = lines.len() - (h - 1);
        lines.truncate(h - 1);
        lines.push(Line::styled(
            fit(
                &format!("… {hidden} more rows: Ctrl-S t copies them all"),
                w,
            )
            .into_owned(),
            dim,
        ));
    }
    put_lines(f.buffer_mut(), body, &lines);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_fits_rows_and_marks_a_cut() {
        assert_eq!(wrap("ab cd ef", 5, 4), ["ab cd", "ef"]);
        let rows = wrap("ab cd ef gh ij", 5, 2);
        assert_eq!(rows.len(), 2);
        assert!(rows[1].ends_with('…'), "{rows:?}");
        assert!(rows.iter().all(|r| super::super::width(r) <= 5), "{rows:?}");
        assert_eq!(wrap("a\u{202E}b", 40, 1), ["a⟨U+202E⟩b"]);
        let big = "x".repeat(1_000_000);
        assert_eq!(wrap(&big, 10, 3).len(), 1);
    }

    #[test]
    fn computed_once_per_change() {
        let mut s = ResolutionState::default();
        s.update("http://a/b/c/d;p?q", "../g", None);
        s.update("http://a/b/c/d;p?q", "../g", None);
        assert_eq!(s.computed, 1);
        assert_eq!(s.resolution.target.as_deref(), Some("http://a/b/g"));
        s.update("http://a/b/c/d;p?q", "../h", None);
        assert_eq!(s.computed, 2);
        s.update("urn:a:b", "g", None);
        assert!(s.resolution.target.is_none() && s.resolution.first_error().is_some());
    }
}
