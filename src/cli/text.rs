//! Plain-text renderings for the terminal: every piece of untrusted text goes through
//! [`crate::safe_text`], and carets line up under the escaped text.
//!
//! Output stays linear in the input: the input is printed once; under each diagnostic only
//! an excerpt around its span is shown (the whole input when it is short); a long node text
//! or attribute value is cut to its head and tail with `…` and its byte count; indentation
//! stops growing past `MAX_INDENT` levels and shows the depth as a number instead.

use std::fmt::Write as _;

use unicode_width::UnicodeWidthStr;

use crate::engine::explain::Explanation;
use crate::text_layout::{ceil_char_boundary, floor_char_boundary, head_tail as head_tail_of};

use crate::engine::{Analysis, Diagnostic, Span, Tree};
use crate::safe_text::{Piece, escape, pieces};

/// Inputs up to this many bytes are shown whole under each diagnostic.
pub(crate) const FULL_LINE_MAX: usize = 120;
/// Bytes of context shown either side of a diagnostic's span in an excerpt.
pub(crate) const CONTEXT: usize = 32;
/// A span longer than this many bytes is shown as its head and tail around `…`.
pub(crate) const SPAN_SHOWN: usize = 48;
/// A node text or attribute value longer than this many bytes is abbreviated.
pub(crate) const TEXT_MAX: usize = 80;
/// Tree levels indented before the depth is shown as a number.
pub(crate) const MAX_INDENT: usize = 32;

/// `input` escaped for the terminal, with the display column at which each byte offset
/// (0..=len) starts.
pub(crate) fn escaped_with_columns(input: &str) -> (String, Vec<usize>) {
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
pub(crate) fn caret_line(cols: &[usize], span: Span, indent: usize) -> String {
    let last = cols.len().saturating_sub(1);
    let start = cols[span.start.min(last)];
    let end = cols[span.end.min(last)];
    let width = end.saturating_sub(start).max(1);
    format!("{}{}", " ".repeat(indent + start), "^".repeat(width))
}

/// `s` escaped, cut to its head and tail around `…` when longer than `max` bytes.
fn head_tail(s: &str, max: usize) -> String {
    if s.len() <= max {
        return escape(s).into_owned();
    }
    let (head, tail) = head_tail_of(s, max * 2 / 3, max / 3);
    format!("{}…{}", escape(head), escape(tail))
}

/// `s` escaped; past [`TEXT_MAX`] bytes, its head and tail with `…` and its byte count.
pub(crate) fn abbreviate(s: &str) -> String {
    if s.len() <= TEXT_MAX {
        escape(s).into_owned()
    } else {
        format!("{} ({} bytes)", head_tail(s, TEXT_MAX), s.len())
    }
}

/// The line that shows `input` around `span`, and the caret line under the span: the whole
/// input when it is at most [`FULL_LINE_MAX`] bytes, else [`CONTEXT`] bytes either side
/// (`…` marks what is left out) with a long span cut to its head and tail. Either way the
/// two lines cost at most a constant, whatever the input's length.
pub(crate) fn excerpt(input: &str, span: Span) -> (String, String) {
    let start = floor_char_boundary(input, span.start);
    let end = ceil_char_boundary(input, span.end.max(start));
    if input.len() <= FULL_LINE_MAX {
        let (e, cols) = escaped_with_columns(input);
        return (e, caret_line(&cols, Span::new(start, end), 0));
    }
    let from = floor_char_boundary(input, start.saturating_sub(CONTEXT));
    let to = ceil_char_boundary(input, end.saturating_add(CONTEXT));
    let mut line = String::new();
    if from > 0 {
        line.push('…');
    }
    line.push_str(&escape(&input[from..start]));
    let caret_from = UnicodeWidthStr::width(line.as_str());
    line.push_str(&head_tail(&input[start..end], SPAN_SHOWN));
    let caret_to = UnicodeWidthStr::width(line.as_str());
    line.push_str(&escape(&input[end..to]));
    if to < input.len() {
        line.push('…');
    }
    let carets = format!(
        "{}{}",
        " ".repeat(caret_from),
        "^".repeat(caret_to.saturating_sub(caret_from).max(1))
    );
    (line, carets)
}

/// The indentation of a tree row at `depth`: two spaces a level up to [`MAX_INDENT`]
/// levels, then the depth as a number (`⋮40 `), so deep trees cost linear output.
fn indent(depth: usize) -> String {
    if depth <= MAX_INDENT {
        "  ".repeat(depth)
    } else {
        format!("{}⋮{depth} ", "  ".repeat(MAX_INDENT))
    }
}

/// The tree as an indented outline: kind, rule, span, text and attributes.
pub(crate) fn tree(t: &Tree, input: &str) -> String {
    let mut s = String::new();
    for n in t.iter() {
        let _ = write!(
            s,
            "{}{} [{}] {}  \"{}\"",
            indent(n.depth()),
            n.kind(),
            n.rule(),
            n.span(),
            abbreviate(n.text(input))
        );
        let attrs = n.attrs();
        if !attrs.is_empty() {
            s.push_str("  (");
            for (i, a) in attrs.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                let _ = write!(s, "{}={}", escape(a.key), abbreviate(&a.value));
            }
            s.push(')');
        }
        s.push('\n');
    }
    s
}

/// One diagnostic with carets under its span, in an [`excerpt`] of `input`; for an error,
/// what the grammar expected there and how far the parse reached.
pub(crate) fn diagnostic(d: &Diagnostic, input: &str) -> String {
    let (line, carets) = excerpt(input, d.span);
    let mut s = format!(
        "{}[{}]: {}\n  --> {} ({})\n  | {}\n  | {}\n",
        d.severity,
        d.code,
        escape(&d.message),
        d.span,
        d.spec,
        line,
        carets
    );
    let ex = Explanation::of(d, input);
    if let Some(r) = &ex.repeats {
        let _ = writeln!(s, "  = {r}");
    }
    if let Some(e) = &ex.expected {
        let _ = writeln!(s, "  = {}", escape(e));
    }
    if let Some(r) = ex.reached {
        let (line, carets) = excerpt(input, Span::at(r));
        let _ = writeln!(
            s,
            "  = the parse reached byte {r}:\n  | {line}\n  | {carets}"
        );
    }
    s
}

/// What `idbench parse` prints for one analysis.
pub fn analysis(a: &Analysis) -> String {
    let mut s = String::new();
    let verdict = if a.valid() { "valid" } else { "invalid" };
    let _ = writeln!(s, "{}", escape(&a.input));
    let _ = writeln!(
        s,
        "{} under {} ({})",
        verdict,
        a.profile,
        escape(&a.profile_reason.to_string())
    );
    let start = a.start_rule();
    let within = start
        .within
        .and_then(|w| crate::engine::rules::grammar(a.profile).get(w))
        .map(|p| format!(", one of {} = {}", p.name, p.alternatives.join(" / ")))
        .unwrap_or_default();
    let _ = writeln!(s, "start rule: {}{within}", start.rule);
    if let Some(line) = namespace_line(a) {
        s.push_str(&line);
    }
    if let Some(line) = scheme_line(a) {
        s.push_str(&line);
    }
    s.push_str(&tree(&a.tree, &a.input));
    // The parse's and the forms' diagnostics, as the workbench shows them.
    for d in &a.all_diagnostics() {
        s.push_str(&diagnostic(d, &a.input));
    }
    for r in &a.readings {
        s.push_str(&reading(r, &a.input));
    }
    if a.readings_omitted > 0 {
        let _ = writeln!(
            s,
            "({} more places that may read two ways were left unchecked: at most {} readings are recorded)",
            a.readings_omitted,
            crate::engine::readings::MAX_READINGS
        );
    }
    s
}

/// The namespace layer's verdict and the NID's registration, one line, beside the URN
/// spec's verdict (which it never changes); `None` when the layer did not run.
pub(crate) fn namespace_line(a: &Analysis) -> Option<String> {
    let n = a.namespace.as_ref()?;
    Some(format!(
        "namespace {}: {}; {}\n",
        escape(&n.nid),
        n.verdict_words(),
        n.registration_words()
    ))
}

/// The URI scheme layer's verdict and the scheme's registration, one line, beside the
/// generic spec's verdict (which it never changes); `None` when the layer did not run.
pub fn scheme_line(a: &Analysis) -> Option<String> {
    let sa = a.scheme_spec.as_ref()?;
    Some(format!(
        "scheme {}: {}; {}\n",
        escape(&sa.scheme),
        sa.verdict_words(),
        escape(&sa.registration_words())
    ))
}

/// One other reading: what it is, the subtree it reads, the text that decides and a hint.
pub fn reading(r: &crate::engine::readings::Reading, input: &str) -> String {
    let mut s = String::new();
    let validity = match (r.taken_valid, r.other_valid) {
        (true, true) => "both valid",
        (false, true) => "only the other is valid",
        (true, false) => "only the one taken is valid",
        (false, false) => "neither is valid",
    };
    let _ = writeln!(
        s,
        "another reading [{}] at {} under {}: {} instead of {} ({validity}): {}",
        r.kind.name(),
        r.span,
        r.profile.name(),
        r.other_rule,
        r.taken_rule,
        escape(&r.summary),
    );
    for line in tree(&r.tree, input).lines() {
        let _ = writeln!(s, "    {line}");
    }
    let _ = writeln!(
        s,
        "  = decided by {}: \"{}\"",
        r.decided_by.section, r.decided_by.quote
    );
    let _ = writeln!(s, "  = hint: {}", escape(&r.hint));
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

    #[test]
    fn excerpt_of_a_long_input_is_bounded_and_carets_sit_under_the_span() {
        let input = format!("{}\u{202e}X{}", "a".repeat(5000), "b".repeat(5000));
        let (line, carets) = excerpt(&input, Span::new(5000, 5003));
        assert!(line.starts_with('…') && line.ends_with('…'), "{line}");
        assert!(line.len() < 200, "{}", line.len());
        let col = UnicodeWidthStr::width(&line[..line.find('⟨').expect("token")]);
        assert_eq!(carets.trim_start().len(), "⟨U+202E⟩".chars().count());
        assert_eq!(carets.len() - carets.trim_start().len(), col);
        // A span over the whole input is cut to head and tail.
        let (line, carets) = excerpt(&input, Span::new(0, input.len()));
        assert!(line.contains('…') && line.len() < 200, "{line}");
        assert!(carets.len() < 200);
    }

    #[test]
    fn short_inputs_show_whole_under_each_diagnostic() {
        let (line, carets) = excerpt("http://a b/", Span::new(8, 9));
        assert_eq!(line, "http://a b/");
        assert_eq!(carets, "        ^");
    }

    #[test]
    fn long_texts_and_deep_rows_are_abbreviated() {
        let long = "%41".repeat(100);
        let a = abbreviate(&long);
        assert!(a.ends_with("(300 bytes)") && a.contains('…'), "{a}");
        assert!(a.len() < 120);
        assert_eq!(abbreviate("short"), "short");
        assert_eq!(indent(2), "    ");
        assert_eq!(indent(40), format!("{}⋮40 ", "  ".repeat(MAX_INDENT)));
    }
}
