//! What a pane's selection reads as in Details ([`Detail`], a list of [`Item`]s), and the
//! diagnostics of an analysis that touch a span ([`touching`]). The panes build a
//! [`Detail`] for their selection (the tree, diagnostics, forms, ladder, profile strip);
//! the Details pane lays it out. Neither the Details pane nor the diagnostics list owns
//! what they share: it is here.

use crate::engine::{Analysis, Diagnostic, Span as ByteSpan, Status, rules};
use crate::tui::theme::Slot;

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

/// A diagnostic of an analysis: `(from the forms?, index)`.
pub type DiagRef = (bool, usize);

/// Diagnostic `r` of `a` (`None` when there is no such diagnostic).
pub fn diag(a: &Analysis, (forms, i): DiagRef) -> Option<&Diagnostic> {
    if forms {
        a.forms.as_ref().and_then(|f| f.diagnostics.get(i))
    } else {
        a.diagnostics.get(i)
    }
}

/// Every diagnostic (of the parse and of the forms) whose span touches `span`.
pub fn touching(a: &Analysis, span: ByteSpan) -> Vec<DiagRef> {
    let parse = (0..a.diagnostics.len()).map(|i| (false, i));
    let forms = (0..a.forms.as_ref().map_or(0, |f| f.diagnostics.len())).map(|i| (true, i));
    parse
        .chain(forms)
        .filter(|&r| diag(a, r).is_some_and(|d| touches(d.span, span)))
        .collect()
}

/// One item of the content.
#[derive(Clone, Debug)]
pub enum Item {
    /// `label  value`: the value is untrusted text, wrapped under the label.
    Field {
        /// The label (trusted).
        label: String,
        /// The value (untrusted: made safe when laid out).
        value: String,
        /// Its style.
        slot: Slot,
    },
    /// A heading line.
    Heading(String),
    /// An empty line.
    Blank,
    /// A diagnostic of the analysis: its header line, then its message wrapped, then what
    /// the grammar expected there.
    Diag(DiagRef),
    /// A line of the grammar reference (trusted), cut by character when it is too wide.
    Line {
        /// The text.
        text: String,
        /// Its style.
        slot: Slot,
    },
    /// Prose of the grammar reference (trusted), wrapped at spaces, dim.
    Prose(String),
}

/// What a pane shows in Details for its selection.
#[derive(Clone, Debug, Default)]
pub struct Detail {
    /// Tells selections apart: the content is rebuilt when it changes.
    pub key: (u8, usize, usize),
    /// The pane's title after `Details · `.
    pub title: String,
    /// The items, in order.
    pub items: Vec<Item>,
    /// What copying from Details copies: the value the selection stands for (the form's
    /// value, the node's text…), as the pane it comes from copies it. `None`: every field.
    pub copy: Option<super::Copied>,
}

impl Detail {
    /// Adds a field.
    pub fn field(&mut self, label: impl Into<String>, value: impl Into<String>, slot: Slot) {
        self.items.push(Item::Field {
            label: label.into(),
            value: value.into(),
            slot,
        });
    }

    /// Adds `diagnostics here` and each of `diags` (nothing when there are none).
    pub fn diagnostics(&mut self, heading: &str, diags: Vec<DiagRef>) {
        if diags.is_empty() {
            return;
        }
        self.items.push(Item::Blank);
        self.items
            .push(Item::Heading(format!("{heading} · {}", diags.len())));
        self.items.extend(diags.into_iter().map(Item::Diag));
    }

    /// Adds the production `p` (as printed, our reading when it differs, its section) and,
    /// when it has several alternatives, each of them with the one that matched marked `▶`.
    pub fn production(&mut self, p: &rules::Production, matched: Option<&rules::Matched>) {
        self.items.push(Item::Blank);
        self.items
            .push(Item::Heading(format!("grammar · {}", p.citation())));
        let lines = |items: &mut Vec<Item>, text: &str| {
            items.extend(text.lines().map(|l| Item::Line {
                text: l.to_string(),
                slot: Slot::Text,
            }));
        };
        lines(&mut self.items, p.printed);
        if let Some(reading) = p.reading {
            self.items.push(Item::Heading("our reading".into()));
            lines(&mut self.items, reading);
        }
        if let Some(note) = p.note {
            self.items.push(Item::Prose(note.to_string()));
        }
        if p.alternatives.len() < 2 {
            return;
        }
        let how = match matched.map(|m| m.by) {
            Some(rules::MatchedBy::Children) => {
                "▶ matched: the first whose rules reach the children's"
            }
            Some(rules::MatchedBy::Text) => "▶ matched, told by the node's text",
            Some(rules::MatchedBy::Only) => "▶ the only one",
            None => "which one matched cannot be told",
        };
        self.items
            .push(Item::Heading(format!("alternatives · {how}")));
        for (i, alt) in p.alternatives.iter().enumerate() {
            let hit = matched.is_some_and(|m| m.alternative == i);
            self.items.push(Item::Line {
                text: format!("{} {alt}", if hit { "▶" } else { " " }),
                slot: if hit { Slot::Highlight } else { Slot::Dim },
            });
        }
    }

    /// Adds each profile's verdict on `a`, with the first error code of a rejecting one.
    pub fn profiles(&mut self, a: &Analysis) {
        if a.verdicts.is_empty() {
            return;
        }
        self.items.push(Item::Blank);
        self.items.push(Item::Heading("profiles".into()));
        for v in &a.verdicts {
            let (text, slot) = match v.status {
                Status::Valid => ("valid".to_string(), Slot::Valid),
                Status::Invalid(code) => (format!("invalid: {code}"), Slot::Invalid),
                Status::NotApplicable => ("does not apply".to_string(), Slot::NotApplicable),
            };
            let mark = if v.profile == a.profile {
                " (in use)"
            } else {
                ""
            };
            self.field(v.profile.name(), format!("{text}{mark}"), slot);
        }
    }
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
