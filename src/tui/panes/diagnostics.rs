//! The diagnostics list: every diagnostic of the parse and of the forms, errors first.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{Copied, Doc, Effect, ListState, Pane, fit, inner, list_delta, pad};
use crate::engine::{Analysis, Diagnostic, Severity};
use crate::tui::keys::{Action, Context};
use crate::tui::theme::{Slot, Theme};

/// The list, sorted once per analysis.
#[derive(Clone, Debug, Default)]
pub struct DiagView {
    /// `(from the forms?, index)` in display order.
    rows: Vec<(bool, usize)>,
    /// Selection and scroll.
    pub list: ListState,
    /// Errors, warnings, notes (counted once per analysis, not per frame).
    counts: [usize; 3],
    /// The widest code and spec, measured once per analysis.
    code_w: usize,
    spec_w: usize,
    /// Which input the list is of, for the title (diff mode: ` · A`, ` · B`).
    pub which: String,
}

impl DiagView {
    /// Sorts the diagnostics of `a`: severity first, then position.
    pub fn new(a: &Analysis) -> DiagView {
        let mut rows: Vec<(bool, usize)> = (0..a.diagnostics.len()).map(|i| (false, i)).collect();
        if let Some(f) = &a.forms {
            rows.extend((0..f.diagnostics.len()).map(|i| (true, i)));
        }
        rows.sort_by_key(|&r| get(a, r).map(|d| (d.severity, d.span.start, d.span.end)));
        let mut counts = [0; 3];
        let (mut code_w, mut spec_w) = (0, 0);
        for d in rows.iter().filter_map(|&r| get(a, r)) {
            counts[match d.severity {
                Severity::Error => 0,
                Severity::Warning => 1,
                Severity::Note => 2,
            }] += d.count.max(1); // occurrences: a repeating diagnostic is one row
            code_w = code_w.max(d.code.as_str().len());
            spec_w = spec_w.max(d.spec.chars().count());
        }
        DiagView {
            rows,
            list: ListState::default(),
            counts,
            code_w: code_w.min(28),
            spec_w: spec_w.min(34),
            which: String::new(),
        }
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// True when there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The diagnostic of row `i`.
    pub fn get<'a>(&self, a: &'a Analysis, i: usize) -> Option<&'a Diagnostic> {
        self.rows.get(i).and_then(|&r| get(a, r))
    }

    /// The selected diagnostic.
    pub fn selected<'a>(&self, a: &'a Analysis) -> Option<&'a Diagnostic> {
        self.get(a, self.list.selected)
    }
}

impl Pane for DiagView {
    fn context(&self) -> Context {
        Context::Diagnostics
    }

    fn on_action(&mut self, action: Action, a: &Doc<'_>) -> Effect {
        self.list.step(list_delta(action, 10), self.len());
        self.cursor(a)
    }

    fn on_click(&mut self, area: Rect, at: Position, a: &Doc<'_>) -> Effect {
        let y = at.y;
        match super::row_at(&self.list, area, y, self.len()) {
            Some(i) => {
                self.list.selected = i;
                self.cursor(a)
            }
            None => Effect::None,
        }
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        let which = std::mem::take(&mut self.which);
        draw(f, area, a, self, &which, focused, theme);
        self.which = which;
        // A presenter's highlight: the other diagnostics are dimmed.
        if let Some(h) = a.model.highlight() {
            let spans = h.spans(a.analysis);
            let body = inner(area);
            let first = self.list.offset;
            for j in 0..usize::from(body.height) {
                if let Some(d) = self.get(a, first + j)
                    && !h.keeps_diagnostic(d, &spans)
                {
                    crate::tui::highlight::dim_row(f.buffer_mut(), body, body.y + j as u16, theme);
                }
            }
        }
    }

    fn detail(&self, a: &Doc<'_>) -> Option<super::selection::Detail> {
        let r = *self.rows.get(self.list.selected)?;
        let d = get(a, r)?;
        let mut out = super::selection::Detail {
            // The diagnostic itself (`(2, index, from the forms?)`): a highlight reads it.
            key: (2, r.1, usize::from(r.0)),
            title: d.code.to_string(),
            items: Vec::new(),
            copy: None,
        };
        let name = d.severity.name();
        let slot = match d.severity {
            Severity::Error => Slot::Error,
            Severity::Warning => Slot::Warning,
            Severity::Note => Slot::Note,
        };
        out.field("severity", name, slot);
        out.field("code", d.code.as_str(), Slot::Text);
        out.field(
            "span",
            format!(
                "{}..{} · {}",
                d.span.start,
                d.span.end,
                super::plural(d.span.len(), "byte")
            ),
            Slot::Text,
        );
        let ex = crate::engine::explain::Explanation::of(d, &a.input);
        if let Some(r) = ex.repeats.clone() {
            out.field("repeats", r, Slot::Text);
        }
        out.field("spec", d.spec.to_string(), Slot::Text);
        let at = a.input.get(d.span.start..d.span.end).unwrap_or("");
        out.field("text", text_field(at), Slot::Text);
        out.field("message", d.message.to_string(), Slot::Text);
        if let Some(e) = ex.grammar() {
            out.field("grammar", e, Slot::Text);
        }
        let others: Vec<_> = super::selection::touching(a, d.span)
            .into_iter()
            .filter(|&o| o != r)
            .collect();
        out.diagnostics("other diagnostics here", others);
        Some(out)
    }

    fn selected(&self) -> usize {
        self.list.selected
    }

    fn copy(&self, a: &Doc<'_>) -> Option<Copied> {
        let d = self.selected(a)?;
        Some(Copied {
            text: format!(
                "{} {}: {} ({})",
                d.severity.name(),
                d.code,
                d.message,
                d.spec
            ),
            what: "the diagnostic".into(),
        })
    }
}

impl DiagView {
    /// The selection moves the input's cursor to where the diagnostic is.
    fn cursor(&self, a: &Analysis) -> Effect {
        match self.selected(a) {
            Some(d) => Effect::Cursor(d.span.start),
            None => Effect::None,
        }
    }
}

fn get(a: &Analysis, (forms, i): (bool, usize)) -> Option<&Diagnostic> {
    if forms {
        a.forms.as_ref().and_then(|f| f.diagnostics.get(i))
    } else {
        a.diagnostics.get(i)
    }
}

/// Draws the list; `which` names the input in diff mode.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    a: &Analysis,
    view: &mut DiagView,
    which: &str,
    focused: bool,
    theme: &Theme,
) {
    let [e, w, n] = view.counts;
    let counts = format!(
        "{}, {}, {}",
        super::plural(e, "error"),
        super::plural(w, "warning"),
        super::plural(n, "note")
    );
    let title = format!("Diagnostics{which} · {counts}");
    let body = inner(area);
    let h = usize::from(body.height);
    let width = usize::from(body.width);
    if view.rows.is_empty() {
        f.render_widget(super::block_fit(&title, area, focused, theme), area);
        let msg = Line::styled(
            super::truncate(" none: nothing to report under this profile".into(), width),
            theme.get(Slot::Dim),
        );
        f.render_widget(Paragraph::new(msg), body);
        return;
    }
    let first = view.list.scroll(view.rows.len(), h);
    // The position, as the other panes give it, when some rows are out of view: after the
    // counts, or before them when the title is too long for the border.
    let title = if view.rows.len() > h {
        let position = super::rows_label(first, h, view.rows.len());
        let long = format!("{title} · {position}");
        if long.chars().count() <= usize::from(area.width).saturating_sub(4) {
            long
        } else {
            format!("Diagnostics{which} · {position} · {counts}")
        }
    } else {
        title
    };
    f.render_widget(super::block_fit(&title, area, focused, theme), area);
    let (code_w, spec_w) = (view.code_w, view.spec_w);
    let dim = theme.get(Slot::Dim);
    let mut lines = Vec::with_capacity(h);
    for i in first..(first + h).min(view.rows.len()) {
        let Some(d) = view.get(a, i) else { continue };
        let selected = focused && i == view.list.selected;
        let (sev_style, label) = theme.severity(d.severity);
        let fixed = 1 + 8 + code_w + 2;
        let rest = width.saturating_sub(fixed);
        let (msg_w, spec) = if rest > spec_w + 20 {
            (rest - spec_w - 2, true)
        } else {
            (rest, false)
        };
        let mut spans = vec![
            Span::styled(if selected { "▶" } else { " " }, theme.get(Slot::Focus)),
            Span::styled(pad(label.into(), 8), sev_style),
            // A code cut to its column keeps two spaces before the message.
            Span::styled(
                format!("{}  ", pad(d.code.as_str().into(), code_w)),
                theme.get(Slot::Text).add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                pad(fit(&message(d), msg_w).into_owned().into(), msg_w),
                theme.get(Slot::Text),
            ),
        ];
        if spec {
            spans.push(Span::raw("  "));
            spans.push(Span::styled(fit(d.spec, spec_w), dim));
        }
        let mut line = Line::from(spans);
        if selected {
            line = super::select_line(line, theme.get(Slot::Selection));
        }
        lines.push(line);
    }
    super::put_lines(f.buffer_mut(), body, &lines);
}

/// The row's message: a diagnostic that stands for a run, or that repeats with gaps
/// (folded, see [`crate::engine::tree::fold_repeats`]), starts with `×N`.
fn message(d: &Diagnostic) -> std::borrow::Cow<'_, str> {
    if d.count > 1 {
        format!("×{} {}", d.count, d.message).into()
    } else {
        d.message.as_str().into()
    }
}

/// The longest text a diagnostic's Details shows whole, in bytes.
const TEXT_SHOWN: usize = 1024;

/// A diagnostic's text for Details: a span of a long run (64 KiB of `%` is one diagnostic)
/// shows its first [`TEXT_SHOWN`] bytes and says how long it is, so the message and what
/// the grammar expected stay within reach.
fn text_field(at: &str) -> String {
    if at.is_empty() {
        return "(empty)".into();
    }
    if at.len() <= TEXT_SHOWN {
        return at.into();
    }
    let head = crate::text_layout::head(at, TEXT_SHOWN);
    format!("{head}… (the first {} of {} bytes)", head.len(), at.len())
}
