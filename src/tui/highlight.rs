//! A highlight: what a presenter's step points at (a node kind, a diagnostic code or a byte
//! range of the input). The panes consult it when they draw ([`crate::tui::model::Model`]
//! holds it): whatever they show that does not belong to it is dimmed (the input's other
//! bytes, the tree's other rows, the other diagnostics). Nothing is guessed from screen
//! positions.

use std::ops::Range;

use crate::engine::{Analysis, Code, Diagnostic, Node, NodeKind};

/// What is highlighted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// Every node of this kind (and the input bytes they cover).
    Kind(NodeKind),
    /// Every diagnostic with this code (and the input bytes it marks).
    Code(Code),
    /// These bytes of the input (and the nodes and diagnostics within them).
    Range(Range<usize>),
}

impl Highlight {
    /// Reads a highlight as a deck writes it: a node kind (`nss`), a diagnostic code
    /// (`nss-missing`) or a byte range written as spans are printed (`3..16`).
    pub fn parse(s: &str) -> Result<Highlight, String> {
        let s = s.trim();
        if let Some((a, b)) = s.split_once("..") {
            let a = a.trim().parse::<usize>();
            let b = b.trim().parse::<usize>();
            return match (a, b) {
                (Ok(a), Ok(b)) if a < b => Ok(Highlight::Range(a..b)),
                _ => Err(format!(
                    "highlight {:?}: a byte range is written START..END with START < END (as spans are printed, `3..16`)",
                    crate::safe_text::escape(s)
                )),
            };
        }
        if let Some(k) = NodeKind::from_name(s) {
            return Ok(Highlight::Kind(k));
        }
        if let Some(c) = Code::from_name(s) {
            return Ok(Highlight::Code(c));
        }
        Err(format!(
            "highlight {:?}: not a node kind (scheme, nss, xref…), a diagnostic code (nss-missing…) or a byte range (3..16)",
            crate::safe_text::escape(s)
        ))
    }

    /// The byte ranges of `a`'s input that belong to the highlight, in input order.
    pub fn spans(&self, a: &Analysis) -> Vec<Range<usize>> {
        let mut out: Vec<Range<usize>> = match self {
            Highlight::Kind(k) => a
                .tree
                .iter()
                .filter(|n| n.kind() == *k)
                .map(|n| n.span().start..n.span().end)
                .collect(),
            Highlight::Code(c) => a
                .diagnostics
                .iter()
                .filter(|d| d.code == *c)
                .map(|d| d.span.start..d.span.end)
                .collect(),
            Highlight::Range(r) => {
                let n = a.input.len();
                std::iter::once(r.start.min(n)..r.end.min(n)).collect()
            }
        };
        out.sort_by_key(|r| (r.start, r.end));
        out
    }

    /// The tree node (preorder index into `a.tree`) the highlight points at, for the tree to
    /// select: the first node of the kind; the innermost node holding the first diagnostic
    /// of the code; the first node within the range, else the innermost node holding it.
    pub fn node(&self, a: &Analysis) -> Option<usize> {
        let spans = self.spans(a);
        let holds = |r: &Range<usize>| {
            a.tree
                .iter()
                .enumerate()
                .filter(|(_, n)| n.span().start <= r.start && r.end <= n.span().end)
                .max_by_key(|(i, n)| (std::cmp::Reverse(n.span().end - n.span().start), *i))
                .map(|(i, _)| i)
        };
        match self {
            Highlight::Kind(k) => a.tree.iter().position(|n| n.kind() == *k),
            Highlight::Code(_) => spans.first().and_then(holds),
            Highlight::Range(r) => a
                .tree
                .iter()
                .position(|n| {
                    let s = n.span();
                    r.start <= s.start && s.end <= r.end && s.end > s.start
                })
                .or_else(|| holds(r)),
        }
    }

    /// True when byte `at` of `a`'s input belongs to the highlight (`spans` is
    /// [`Highlight::spans`] of the same analysis).
    pub fn covers(spans: &[Range<usize>], at: usize) -> bool {
        // Spans are few (one per node of a kind); a linear look is cheap next to drawing.
        spans.iter().any(|r| r.contains(&at))
    }

    /// True when the tree row of `node` belongs to the highlight: a node of the kind, a
    /// node that holds (or lies in) a diagnostic's span, a node within the range.
    pub fn keeps_node(&self, node: &Node<'_>, spans: &[Range<usize>]) -> bool {
        let s = node.span();
        self.keeps_bytes(Some(node.kind()), s.start..s.end, spans)
    }

    /// The rule of [`Highlight::keeps_node`] for anything that stands for the input bytes
    /// `s` (a node of `kind`, when it is one; `None` for what is not a node, such as a
    /// normal form, which stands for the whole input): kept when it is of the kind, lies
    /// within the highlighted bytes, or (a code) holds a diagnostic's span.
    pub fn keeps_bytes(
        &self,
        kind: Option<NodeKind>,
        s: Range<usize>,
        spans: &[Range<usize>],
    ) -> bool {
        match self {
            Highlight::Kind(k) => kind == Some(*k),
            Highlight::Code(_) | Highlight::Range(_) => spans.iter().any(|r| {
                let inside = r.start <= s.start && s.end <= r.end;
                let holds = s.start <= r.start && r.end <= s.end && s.end > s.start;
                inside || (holds && matches!(self, Highlight::Code(_)))
            }),
        }
    }

    /// True when diagnostic `d` belongs to the highlight: its code, or its span meets the
    /// highlighted bytes.
    pub fn keeps_diagnostic(&self, d: &Diagnostic, spans: &[Range<usize>]) -> bool {
        match self {
            Highlight::Code(c) => d.code == *c,
            _ => spans.iter().any(|r| {
                let (a, b) = (d.span.start, d.span.end.max(d.span.start + 1));
                a < r.end && r.start < b
            }),
        }
    }
}

/// The style patched over what does not belong to a highlight: the theme's dim colour and
/// the terminal's dim attribute (so it shows without colour too).
pub fn dim_style(theme: &crate::tui::theme::Theme) -> ratatui::style::Style {
    let d = theme.get(crate::tui::theme::Slot::Dim);
    let mut st = ratatui::style::Style::new().add_modifier(ratatui::style::Modifier::DIM);
    if let Some(fg) = d.fg {
        st = st.fg(fg);
    }
    st
}

/// Dims every cell of `row` of `buf` within `area` (a list row that does not belong to the
/// highlight).
pub fn dim_row(
    buf: &mut ratatui::buffer::Buffer,
    area: ratatui::layout::Rect,
    y: u16,
    theme: &crate::tui::theme::Theme,
) {
    let dim = dim_style(theme);
    for x in area.left()..area.right() {
        if let Some(cell) = buf.cell_mut((x, y)) {
            let st = cell.style().patch(dim);
            cell.set_style(st);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_kinds_codes_and_ranges() {
        assert_eq!(Highlight::parse("nss"), Ok(Highlight::Kind(NodeKind::Nss)));
        assert_eq!(Highlight::parse("3..16"), Ok(Highlight::Range(3..16)));
        assert!(matches!(
            Highlight::parse("nss-missing"),
            Ok(Highlight::Code(_))
        ));
        assert!(Highlight::parse("16..3").is_err());
        assert!(Highlight::parse("x..").is_err());
        let e = Highlight::parse("no\u{1b}such").unwrap_err();
        assert!(e.contains("⟨U+001B⟩"), "{e}");
    }
}
