//! Plain-text renderings for the terminal: every piece of untrusted text goes through
//! [`crate::safe_text`], and carets line up under the escaped text.

use std::fmt::Write as _;

use unicode_width::UnicodeWidthStr;

use crate::engine::{Analysis, Diagnostic, Span, Tree};
use crate::safe_text::{Piece, pieces};

/// `input` escaped for the terminal, with the display column at which each byte offset
/// (0..=len) starts.
pub fn escaped_with_columns(input: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(input.len());
    let mut cols = vec![0usize; input.len() + 1];
    let mut col = 0usize;
    for p in pieces(input) {
        match p {
            Piece::Text { text, at } => {
                for (i, c) in text.char_indices() {
                    for k in 0..c.len_utf8() {
                        cols[at + i + k] = col;
                    }
                    let mut buf = [0u8; 4];
                    col += UnicodeWidthStr::width(&*c.encode_utf8(&mut buf));
                }
                out.push_str(text);
            }
            Piece::Token { token, ch, at } => {
                for k in 0..ch.len_utf8() {
                    cols[at + k] = col;
                }
                col += UnicodeWidthStr::width(token.as_str());
                out.push_str(&token);
            }
        }
    }
    cols[input.len()] = col;
    (out, cols)
}

/// A line of carets under `span`, for a line that shows `input` escaped after `indent` columns.
pub fn caret_line(cols: &[usize], span: Span, indent: usize) -> String {
    let last = cols.len().saturating_sub(1);
    let start = cols[span.start.min(last)];
    let end = cols[span.end.min(last)];
    let width = end.saturating_sub(start).max(1);
    format!("{}{}", " ".repeat(indent + start), "^".repeat(width))
}

/// The tree as an indented outline: kind, rule, span, text and attributes.
pub fn tree(t: &Tree, input: &str) -> String {
    let mut s = String::new();
    for n in t.iter() {
        let attrs: Vec<String> = n
            .attrs()
            .iter()
            .map(|a| format!("{}={}", a.key, a.value))
            .collect();
        let _ = write!(
            s,
            "{}{} [{}] {}  \"{}\"",
            "  ".repeat(n.depth()),
            n.kind(),
            n.rule(),
            n.span(),
            crate::safe_text::escape(n.text(input))
        );
        if !attrs.is_empty() {
            let _ = write!(s, "  ({})", crate::safe_text::escape(&attrs.join(", ")));
        }
        s.push('\n');
    }
    s
}

/// One diagnostic with carets under its span in the input.
pub fn diagnostic(d: &Diagnostic, escaped: &str, cols: &[usize]) -> String {
    format!(
        "{}[{}]: {}\n  --> {} ({})\n  | {}\n  | {}\n",
        d.severity,
        d.code,
        crate::safe_text::escape(&d.message),
        d.span,
        d.spec,
        escaped,
        caret_line(cols, d.span, 0)
    )
}

/// What `idbench parse` prints for one analysis.
pub fn analysis(a: &Analysis) -> String {
    let (escaped, cols) = escaped_with_columns(&a.input);
    let mut s = String::new();
    let verdict = if a.valid() { "valid" } else { "invalid" };
    let _ = writeln!(s, "{escaped}");
    let _ = writeln!(s, "{} under {} ({})", verdict, a.profile, a.profile_reason);
    let start = a.start_rule();
    let within = start
        .within
        .and_then(|w| crate::engine::rules::grammar(a.profile).get(w))
        .map(|p| format!(", one of {} = {}", p.name, p.alternatives.join(" / ")))
        .unwrap_or_default();
    let _ = writeln!(s, "start rule: {}{within}", start.rule);
    s.push_str(&tree(&a.tree, &a.input));
    for d in &a.diagnostics {
        s.push_str(&diagnostic(d, &escaped, &cols));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_follow_tokens_and_wide_chars() {
        let (e, cols) = escaped_with_columns("a\u{1b}漢b");
        assert_eq!(e, "a⟨U+001B⟩漢b");
        // 'b' is after "a" (1) + token (8) + 漢 (2).
        assert_eq!(cols[5], 11);
        assert_eq!(
            caret_line(&cols, Span::new(5, 6), 2),
            format!("{}^", " ".repeat(13))
        );
    }
}
