//! Safe display of untrusted text.
//!
//! An identifier may hold control characters (ESC starts a terminal escape sequence), bidi
//! controls that reorder what is drawn, zero-width characters and look-alike spaces. None
//! of them may reach a terminal raw: each is drawn as a visible token such as `⟨U+202E⟩`,
//! so two identifiers that differ only by an invisible character never look the same.

use std::borrow::Cow;

/// True when `c` must be shown as a token rather than written to a terminal:
///
/// - the general categories Cc (controls, C0 and C1), Cf (format: bidi controls, zero-width
///   joiners, the Arabic number signs U+0600–0605, the interlinear annotation controls
///   U+FFF9–FFFB, the Egyptian hieroglyph format controls, tags…), Zl and Zp (line and
///   paragraph separators) and Cn (unassigned, so noncharacters too), taken from the
///   `unicode-properties` tables (Unicode 18.0, see [`UNICODE_VERSION`]) rather than a hand
///   list, so no format character is missed;
/// - the rest of Default_Ignorable_Code_Point (the variation selectors, Hangul fillers,
///   U+034F and the other code points of Other_Default_Ignorable_Code_Point), and look-alike
///   spaces: the engine's list of invisible characters, which the diagnostics use too;
/// - the emoji skin-tone modifiers U+1F3FB–1F3FF (Emoji_Modifier, from the same crate):
///   after a base emoji, terminals draw the pair 2 or 4 columns wide while the layout
///   counts 2, so a modifier drawn raw could shift every later column. As a token the base
///   keeps its own width and the layout cannot shift.
///
/// Printable ASCII never needs a token; that test comes first, so ASCII text costs one
/// comparison a byte. Past ASCII and C1, a character of the Basic Multilingual Plane is
/// answered from a memo (per 256-code-point block) of the tables.
#[inline]
pub fn needs_token(c: char) -> bool {
    let v = u32::from(c);
    if v <= 0x9F {
        return crate::engine::chars::is_unprintable(c);
    }
    match bmp_printable(v) {
        Some(printable) => !printable,
        None => crate::engine::chars::is_unprintable(c),
    }
}

/// Whether the BMP code point `v` is printable (`!is_unprintable`), from a bitmap of its
/// block of 256 code points, made from the tables the first time a character of the block
/// is asked about and then kept (`None` past the BMP). The tables' lookups (general
/// category, emoji status, the invisible list) cost a couple of hundred instructions a
/// character; a JSON or terminal writer asks about every character of every non-ASCII
/// line and every `§` of a section, and the bitmap answers in a few. A bitmap of a pure
/// function, so the answers are the tables' own (a test compares every BMP code point);
/// made lazily rather than in a build script, which would need the Unicode crates twice.
fn bmp_printable(v: u32) -> Option<bool> {
    use std::sync::OnceLock;
    static BLOCKS: [OnceLock<[u64; 4]>; 256] = [const { OnceLock::new() }; 256];
    let block = BLOCKS.get((v >> 8) as usize)?;
    let bits = block.get_or_init(|| {
        let mut bits = [0u64; 4];
        for low in 0..256u32 {
            let printable = char::from_u32((v & !0xff) | low)
                .is_some_and(|c| !crate::engine::chars::is_unprintable(c));
            bits[(low >> 6) as usize] |= u64::from(printable) << (low & 63);
        }
        bits
    });
    Some(bits[((v >> 6) & 3) as usize] >> (v & 63) & 1 == 1)
}

/// The Unicode version of the tables [`needs_token`] reads (major, minor, update).
pub const UNICODE_VERSION: (u64, u64, u64) = unicode_properties::UNICODE_VERSION;

/// The length of the leading run of `s` that is printable ASCII (no token needed). Eight
/// bytes are tested at a time (no byte >= 0x80, < 0x20 or = 0x7F in the word), so the usual
/// all-ASCII identifier costs well under one instruction a byte.
#[inline]
fn printable_ascii_prefix(s: &str) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let bytes = s.as_bytes();
    let mut i = 0;
    for chunk in bytes.chunks_exact(8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        // A byte below 0x20, a DEL (0x7F ^ 0x7F = 0), or a byte with its high bit set.
        let below_space = w.wrapping_sub(ONES * 0x20) & !w;
        let del = {
            let x = w ^ (ONES * 0x7F);
            x.wrapping_sub(ONES) & !x
        };
        if (below_space | del | w) & HIGH != 0 {
            break;
        }
        i += 8;
    }
    i + bytes[i..]
        .iter()
        .position(|b| !(0x20..0x7F).contains(b))
        .unwrap_or(bytes.len() - i)
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
    let skip = printable_ascii_prefix(s);
    for (i, c) in s[skip..].char_indices().map(|(i, c)| (i + skip, c)) {
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
/// Printable ASCII is skipped a byte at a time; only the rest is looked up.
pub fn escape(s: &str) -> Cow<'_, str> {
    let skip = printable_ascii_prefix(s);
    let Some(first) = s[skip..]
        .char_indices()
        .find(|&(_, c)| needs_token(c))
        .map(|(i, _)| i + skip)
    else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 16);
    out.push_str(&s[..first]);
    let mut run_start = first;
    for (i, c) in s[first..].char_indices() {
        if needs_token(c) {
            let i = i + first;
            out.push_str(&s[run_start..i]);
            push_token(&mut out, c);
            run_start = i + c.len_utf8();
        }
    }
    out.push_str(&s[run_start..]);
    Cow::Owned(out)
}

/// Appends the token for `c` (see [`token`]) without a temporary string.
fn push_token(out: &mut String, c: char) {
    use std::fmt::Write;
    let _ = write!(out, "⟨U+{:04X}⟩", c as u32);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bmp_memo_is_the_tables() {
        // Every BMP code point (each block's bitmap), and a stride past it.
        for v in (0..0x1_0000u32).chain((0x1_0000..0x11_0000).step_by(97)) {
            if let Some(c) = char::from_u32(v) {
                assert_eq!(
                    needs_token(c),
                    crate::engine::chars::is_unprintable(c),
                    "U+{v:04X}"
                );
            }
        }
    }
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

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

    #[test]
    fn every_format_character_of_the_issue_is_a_token() {
        let must: &[(u32, u32)] = &[
            (0xFFF9, 0xFFFB),
            (0x13430, 0x13438),
            (0x0600, 0x0605),
            (0x06DD, 0x06DD),
            (0x070F, 0x070F),
            (0x0890, 0x0891),
            (0x08E2, 0x08E2),
            (0x110BD, 0x110BD),
            (0x110CD, 0x110CD),
            (0x2028, 0x2029),
            (0xE0001, 0xE0001),
            (0xE0020, 0xE007F),
            (0xFE00, 0xFE0F),
            (0xE0100, 0xE01EF),
            (0x1F3FB, 0x1F3FF),
            (0x0378, 0x0378), // unassigned
        ];
        for &(lo, hi) in must {
            for v in lo..=hi {
                let c = char::from_u32(v).unwrap_or('?');
                assert!(needs_token(c), "U+{v:04X} must be a token");
                let s = format!("a{c}b");
                assert_eq!(escape(&s), format!("a⟨U+{v:04X}⟩b"));
            }
        }
    }

    #[test]
    fn whole_cf_category_and_controls_are_tokens() {
        // Every code point of the categories, straight from the table, and nothing
        // printable.
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let cat = c.general_category();
            if matches!(
                cat,
                GeneralCategory::Format
                    | GeneralCategory::Control
                    | GeneralCategory::LineSeparator
                    | GeneralCategory::ParagraphSeparator
            ) {
                assert!(needs_token(c), "U+{:04X} ({cat:?})", c as u32);
            }
        }
        for c in ['a', 'Z', '~', ' ', 'é', '漢', '👍', 'ß', '\u{0627}'] {
            assert!(!needs_token(c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn printable_ascii_is_borrowed_and_mixed_text_keeps_its_order() {
        let long = "http://example.com/".repeat(1000);
        assert!(matches!(escape(&long), Cow::Borrowed(_)));
        assert_eq!(escape("ab\u{7f}"), "ab⟨U+007F⟩");
        assert_eq!(escape("\u{0}"), "⟨U+0000⟩");
        assert_eq!(escape("x👍\u{1F3FD}y\u{200D}z"), "x👍⟨U+1F3FD⟩y⟨U+200D⟩z");
        // Pieces agree with escape, and cover the source.
        let s = "abc\u{FFF9}é\u{1b}";
        let joined: String = pieces(s)
            .into_iter()
            .map(|p| match p {
                Piece::Text { text, .. } => text.to_string(),
                Piece::Token { token, .. } => token,
            })
            .collect();
        assert_eq!(joined, escape(s));
    }

    #[test]
    fn the_ascii_fast_path_stops_at_the_first_byte_needing_a_look() {
        for len in 0..20 {
            for bad in [0x00u8, 0x1F, 0x7F, 0x80, 0xC3, 0xFF] {
                for at in 0..=len {
                    let mut b = vec![b'a'; len];
                    b.insert(at, bad);
                    let s = String::from_utf8_lossy(&b).into_owned();
                    assert_eq!(printable_ascii_prefix(&s), at, "{b:?}");
                }
            }
            let clean: String = (0..len)
                .map(|k| char::from(0x20 + (k as u8 * 7) % 95))
                .collect();
            assert_eq!(printable_ascii_prefix(&clean), len);
        }
        // Every single byte value in every position of a word.
        for v in 0u8..=0x7F {
            for at in 0..8 {
                let mut b = vec![b'x'; 8];
                b[at] = v;
                let s = String::from_utf8(b).unwrap_or_default();
                let want = if (0x20..0x7F).contains(&v) { 8 } else { at };
                assert_eq!(printable_ascii_prefix(&s), want, "{v:#x} at {at}");
            }
        }
    }
}
