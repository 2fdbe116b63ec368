//! Details of the selected node: kind, rule, span, raw and percent-decoded text,
//! attributes, and the diagnostics that touch it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::diagnostics::severity_style;
use super::{block, inner, untrusted};
use crate::engine::{Analysis, Diagnostic, Span as ByteSpan, pct};
use crate::tui::theme::{Slot, Theme};

/// True when diagnostic span `d` touches node span `n` (an empty span counts when it sits
/// inside or at an edge of the node).
pub fn touches(d: ByteSpan, n: ByteSpan) -> bool {
    if d.is_empty() {
        d.start >= n.start && d.start <= n.end
    } else if n.is_empty() {
        n.start >= d.start && n.start < d.end
    } else {
        d.start < n.end && n.start < d.end
    }
}

/// Draws the details of node `node`.
pub fn draw(f: &mut Frame, area: Rect, a: &Analysis, node: usize, theme: &Theme) {
    f.render_widget(block("Details", false, theme), area);
    let Some(n) = a.tree.get(node) else { return };
    let dim = theme.get(Slot::Dim);
    let text_style = theme.get(Slot::Text);
    let label = |s: &'static str| Span::styled(s, dim);
    let span = n.span();
    let raw = n.text(&a.input);
    let mut lines = vec![
        Line::from(vec![
            label("kind     "),
            Span::styled(n.kind().name(), theme.kind(n.kind())),
        ]),
        Line::from(vec![
            label("rule     "),
            Span::styled(if n.rule().is_empty() { "—" } else { n.rule() }, text_style),
        ]),
        Line::from(vec![
            label("span     "),
            Span::styled(format!("{}..{}", span.start, span.end), text_style),
            Span::styled(format!(" · {} bytes", span.len()), dim),
        ]),
        Line::from(vec![label("text     "), untrusted(raw, text_style)]),
    ];
    if raw.contains('%') {
        let decoded = pct::decode_lossy(raw);
        lines.push(Line::from(vec![
            label("decoded  "),
            Span::styled(crate::safe_text::escape(&decoded).into_owned(), text_style),
        ]));
    }
    for at in n.attrs() {
        lines.push(Line::from(vec![
            Span::styled(format!("{:<9}", at.key), dim),
            untrusted(&at.value, text_style),
        ]));
    }
    let forms = a.forms.iter().flat_map(|f| f.diagnostics.iter());
    let touching: Vec<&Diagnostic> = a
        .diagnostics
        .iter()
        .chain(forms)
        .filter(|d| touches(d.span, span))
        .collect();
    if !touching.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("diagnostics here", theme.get(Slot::Header)));
        for d in touching {
            let (st, name) = severity_style(d.severity, theme);
            lines.push(Line::from(vec![
                Span::styled(name, st),
                Span::raw(" "),
                Span::styled(d.code, text_style),
                Span::styled(format!("  {}", d.spec), dim),
            ]));
            lines.push(Line::from(vec![
                Span::raw("  "),
                untrusted(&d.message, text_style),
            ]));
        }
    }
    f.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }),
        inner(area),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_spans() {
        let n = ByteSpan::new(4, 8);
        assert!(touches(ByteSpan::new(7, 9), n));
        assert!(!touches(ByteSpan::new(8, 9), n));
        assert!(touches(ByteSpan::at(8), n));
        assert!(touches(ByteSpan::at(4), n));
        assert!(!touches(ByteSpan::at(9), n));
        assert!(touches(ByteSpan::new(0, 5), ByteSpan::at(4)));
    }
}
