//! The resolution pane: with a base line open (Ctrl-T), the input is read as a reference
//! against the base, and this pane shows the target and the steps that produced it
//! (RFC 3986 §5.2, XRI Syntax 2.0 §2.4, the WWW draft's partial forms), as
//! [`crate::engine::resolve::resolve`] records them. The resolution is computed once per
//! change of the base, the reference or the profile ([`ResolutionState::update`]), never
//! per frame.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{block, fit, inner, put_lines};
use crate::engine::Profile;
use crate::engine::profile::auto_family;
use crate::engine::resolve::{Resolution, resolve};
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

/// Draws the pane: the target (or why there is none), then each step; cut rows end with
/// `…`.
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
