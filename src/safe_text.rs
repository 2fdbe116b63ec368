//! Safe display of untrusted text.
//!
//! An identifier may hold control characters (ESC starts a terminal escape sequence), bidi
//! controls that reorder what is drawn, zero-width characters and look-alike spaces. None
//! of them may reach a terminal raw: each is drawn as a visible token such as `⟨U+202E⟩`,
//! so two identifiers that differ only by an invisible character never look the same.

use std::borrow::Cow;

use crate::engine::chars::is_invisible;

/// True when `c` must be shown as a token rather than written to a terminal.
pub fn needs_token(c: char) -> bool {
    let v = c as u32;
    v < 0x20
        || (0x7F..=0x9F).contains(&v)
        || is_invisible(c)
        || crate::engine::chars::is_noncharacter(c)
}

/// The visible token for `c`: `⟨U+XXXX⟩`.
pub fn token(c: char) -> String {
    format!("⟨U+{:04X}⟩", c as u32)
}

/// A run of the text: plain characters that are safe to draw, or one character that must
/// be drawn as a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Safe text, starting at byte `at` of the source.
    Text {
        /// The text.
        text: &'a str,
        /// Its byte offset in the source.
        at: usize,
    },
    /// An unsafe character at byte `at`, shown as `token`.
    Token {
        /// What to draw instead.
        token: String,
        /// The character itself.
        ch: char,
        /// Its byte offset in the source.
        at: usize,
    },
}

/// Splits `s` into safe runs and tokens, in order; the byte offsets cover all of `s`.
pub fn pieces(s: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut run_start = 0;
    for (i, c) in s.char_indices() {
        if needs_token(c) {
            if run_start < i {
                out.push(Piece::Text {
                    text: &s[run_start..i],
                    at: run_start,
                });
            }
            out.push(Piece::Token {
                token: token(c),
                ch: c,
                at: i,
            });
            run_start = i + c.len_utf8();
        }
    }
    if run_start < s.len() {
        out.push(Piece::Text {
            text: &s[run_start..],
            at: run_start,
        });
    }
    out
}

/// `s` with every unsafe character replaced by its token (borrowed when nothing changes).
pub fn escape(s: &str) -> Cow<'_, str> {
    if !s.chars().any(needs_token) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for p in pieces(s) {
        match p {
            Piece::Text { text, .. } => out.push_str(text),
            Piece::Token { token, .. } => out.push_str(&token),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_invisibles() {
        assert_eq!(escape("a\u{1b}[31mb"), "a⟨U+001B⟩[31mb");
        assert_eq!(
            escape("x\u{202E}y\u{200B}z\u{9b}"),
            "x⟨U+202E⟩y⟨U+200B⟩z⟨U+009B⟩"
        );
        assert_eq!(escape("a\u{a0}b"), "a⟨U+00A0⟩b");
        assert!(matches!(escape("plain é 漢"), Cow::Borrowed(_)));
    }

    #[test]
    fn pieces_cover_the_source() {
        let s = "ab\u{7}c\u{2066}";
        let p = pieces(s);
        assert_eq!(p.len(), 4);
        assert_eq!(
            p[1],
            Piece::Token {
                token: "⟨U+0007⟩".into(),
                ch: '\u{7}',
                at: 2
            }
        );
        assert_eq!(
            p[3],
            Piece::Token {
                token: "⟨U+2066⟩".into(),
                ch: '\u{2066}',
                at: 4
            }
        );
    }
}
