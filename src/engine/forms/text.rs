//! Character-level steps: percent-encoding, Unicode normalization, and the IRI <-> URI
//! mappings of RFC 3987 §3.
//!
//! These work on strings alone, with no tree: what they touch is decided by the characters.

use std::borrow::Cow;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick, is_nfkc_quick};

use crate::engine::chars::{
    self, ALPHANUM, AsciiSet, RESERVED, UNRESERVED, delimiter_lookalike, is_bidi_control,
    is_invisible, is_ucschar,
};
use crate::engine::codes::Code;
use crate::engine::pct::{push_encoded, push_encoded_char, triplet_at};
use crate::engine::tree::{Diagnostic, Severity, Span};

/// Which percent-encoded characters a profile counts as unreserved, so that decoding them
/// does not change what the identifier means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreserved {
    /// RFC 3986 §2.3 `unreserved`: ASCII letters, digits, `-._~`.
    Ascii,
    /// RFC 3987 `iunreserved`: `unreserved` plus `ucschar`, less the bidi formatting
    /// characters that RFC 3987 §4.1 forbids anywhere in an IRI.
    Iri,
    /// XRI Syntax 2.0 §2.1.3 (`iunreserved`, Appendix A), less the bidi formatting
    /// characters, and less any character whose NFKC form is not itself unreserved: the
    /// XRI forms are NFKC-normalized (§2.1.1), so decoding `%EF%BC%A0` (U+FF20 FULLWIDTH
    /// COMMERCIAL AT) would turn data into the "@" delimiter.
    Xri,
    /// The WWW draft's characters that "need no escaping" (its `xalpha` less `space`, which
    /// its canonical form keeps encoded); `plus` admits "+", which is reserved in the search
    /// part and absent from `fragmentid`, so it is decoded in the path only.
    Www {
        /// Whether "+" may be decoded here.
        plus: bool,
    },
}

/// The WWW draft's `alpha | digit | safe | extra`, less `space` (its `safe` and `extra`).
const WWW_XALPHA: AsciiSet = ALPHANUM.or(AsciiSet::of("$-_@.&!*\"'():;,"));

impl Unreserved {
    /// True when `%`-encoded `c` may be decoded under this set.
    pub fn admits(self, c: char) -> bool {
        match self {
            Unreserved::Ascii => UNRESERVED.has_char(c),
            Unreserved::Iri => UNRESERVED.has_char(c) || (is_ucschar(c) && !is_bidi_control(c)),
            Unreserved::Xri => {
                if c.is_ascii() {
                    return UNRESERVED.has_char(c);
                }
                if !is_ucschar(c) || is_bidi_control(c) {
                    return false;
                }
                let mut ok = true;
                unicode_normalization::char::decompose_compatible(c, |d| {
                    ok &= UNRESERVED.has_char(d) || (is_ucschar(d) && !is_bidi_control(d));
                });
                ok
            }
            Unreserved::Www { plus } => WWW_XALPHA.has_char(c) || (plus && c == '+'),
        }
    }
}

/// The character encoded by the run of `%HH` triplets at byte `i` of `b` (one to four
/// triplets holding one UTF-8 sequence), with the number of bytes the run covers. `None`
/// when there is no triplet at `i` or the octets are not one well-formed UTF-8 character.
pub fn decode_char_at(b: &[u8], i: usize) -> Option<(char, usize)> {
    let first = triplet_at(b, i)?;
    let n = match first {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [first, 0, 0, 0];
    for (k, slot) in buf.iter_mut().enumerate().take(n).skip(1) {
        *slot = triplet_at(b, i + 3 * k)?;
    }
    let c = std::str::from_utf8(buf.get(..n)?).ok()?.chars().next()?;
    Some((c, 3 * n))
}

/// Upper-cases the hex digits of every `%HH` triplet (RFC 3986 §6.2.2.1, XRI Syntax 2.0
/// §2.1.4, RFC 2141 §5 step 3). Borrows when nothing changes.
pub fn uppercase_hex(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if triplet_at(b, i).is_some() {
            if b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase() {
                return Cow::Owned(crate::engine::pct::uppercase_triplets(s));
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    Cow::Borrowed(s)
}

fn normalize_runs(s: &str, kc: bool) -> Cow<'_, str> {
    let quick = if kc {
        is_nfkc_quick(s.chars())
    } else {
        is_nfc_quick(s.chars())
    };
    if quick == IsNormalized::Yes {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let push = |out: &mut String, run: &str| {
        if kc {
            out.extend(run.nfkc());
        } else {
            out.extend(run.nfc());
        }
    };
    let (mut run, mut i) = (0, 0);
    while i < b.len() {
        if triplet_at(b, i).is_some() {
            push(&mut out, s.get(run..i).unwrap_or(""));
            out.push_str(s.get(i..i + 3).unwrap_or(""));
            i += 3;
            run = i;
        } else {
            i += 1;
        }
    }
    push(&mut out, s.get(run..).unwrap_or(""));
    if out == s {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(out)
    }
}

/// Unicode Normalization Form KC (XRI Syntax 2.0 §2.1.1 and §2.3.1 step 1).
///
/// Applied to the characters between `%HH` triplets, each run on its own: a triplet is
/// syntax, not a character, so a combining mark after `%2A` must not compose with the hex
/// digit "A". Borrows when the text is already normalized.
pub fn nfkc(s: &str) -> Cow<'_, str> {
    normalize_runs(s, true)
}

/// Unicode Normalization Form C (RFC 3987 §5.3.2.2), applied like [`nfkc`].
pub fn nfc(s: &str) -> Cow<'_, str> {
    normalize_runs(s, false)
}

/// RFC 3987 §3.1, mapping an IRI to a URI: every character outside US-ASCII (`ucschar`,
/// `iprivate`, and anything else an invalid input holds) becomes its UTF-8 octets, each
/// `%HH` with upper-case hex. ASCII, existing triplets included, is left alone.
pub fn iri_to_uri(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() * 2);
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            push_encoded_char(&mut out, c);
        }
    }
    Cow::Owned(out)
}

/// Why [`uri_to_iri`] keeps a character percent-encoded, when the reason is worth a note.
pub(crate) fn keep_encoded_reason(c: char) -> Option<&'static str> {
    if is_bidi_control(c) {
        Some("bidi formatting characters are not allowed in IRIs (RFC 3987 §4.1)")
    } else if is_invisible(c) {
        Some("it is invisible or looks like a space (RFC 3987 §6.1)")
    } else if delimiter_lookalike(c).is_some() {
        Some("it looks like a delimiter (RFC 3987 §6.1)")
    } else if matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD) {
        // iprivate: assigned (private use), but allowed only in the query; the conversion
        // keeps it encoded wherever it is.
        Some(
            "it is a private-use character, which an IRI allows only in the query (RFC 3987 \
             §2.2); this conversion keeps it encoded wherever it is",
        )
    } else if !unicode_normalization::char::is_public_assigned(c) {
        Some("it is not an assigned character")
    } else {
        None
    }
}

/// RFC 3987 §3.2, converting a URI to an IRI, conservatively.
///
/// Only a run of triplets that is the well-formed UTF-8 of one `ucschar` is decoded (steps
/// 2 and 3). Kept encoded, with a note where the reason is not obvious:
/// - ASCII triplets, even of unreserved characters: §3.2 would decode those too, but that
///   is a normalization, not a change of form, and keeping them makes
///   `iri_to_uri(uri_to_iri(x))` give back `x` up to the case of the hex digits;
/// - octets that are not well-formed UTF-8 (step 3);
/// - `iprivate` (allowed only in the query, §2.2) and characters that step 4 excludes:
///   bidi formatting characters (§4.1), and, by §6.1's advice on what not to show,
///   invisible characters, look-alike spaces, look-alikes of delimiters and unassigned
///   code points.
///
/// `offset` is added to the spans of the notes, which go to `diags`.
pub fn uri_to_iri<'s>(s: &'s str, offset: usize, diags: &mut Vec<Diagnostic>) -> Cow<'s, str> {
    uri_to_iri_traced(s, offset, diags, |_, _| {})
}

/// [`uri_to_iri`], also telling `decoded` each run of triplets it decoded: its span in `s`
/// (plus `offset`) and the character it became, in input order. `idbench forms --from uri`
/// shows them beside the notes on what stayed encoded.
pub fn uri_to_iri_traced<'s>(
    s: &'s str,
    offset: usize,
    diags: &mut Vec<Diagnostic>,
    mut decoded: impl FnMut(Span, char),
) -> Cow<'s, str> {
    let b = s.as_bytes();
    if !b.contains(&b'%') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let (mut i, mut last) = (0, 0);
    let mut changed = false;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        match decode_char_at(b, i) {
            Some((c, n)) if !c.is_ascii() => {
                if is_ucschar(c) && keep_encoded_reason(c).is_none() {
                    out.push_str(s.get(last..i).unwrap_or(""));
                    out.push(c);
                    changed = true;
                    last = i + n;
                    decoded(Span::new(offset + i, offset + i + n), c);
                } else if let Some(why) = keep_encoded_reason(c) {
                    diags.push(Diagnostic::new(
                        Severity::Note,
                        Code::IriKeptEncoded,
                        Span::new(offset + i, offset + i + n),
                        "RFC 3987 §3.2",
                        format!(
                            "{} (U+{:04X}) stays percent-encoded in the IRI form: {why}",
                            s.get(i..i + n).unwrap_or(""),
                            c as u32
                        ),
                    ));
                }
                i += n;
            }
            Some((_, n)) => i += n,
            None => i += 1,
        }
    }
    if !changed {
        return Cow::Borrowed(s);
    }
    out.push_str(s.get(last..).unwrap_or(""));
    Cow::Owned(out)
}

/// True when `s`, with `%2E` decoded, is exactly "." or ".." (a dot-segment, RFC 3986
/// §3.3), so that decoding or dropping something around it would create one.
pub fn is_dot_segment_decoded(s: &str) -> bool {
    let b = s.as_bytes();
    let (mut i, mut dots) = (0, 0);
    while i < b.len() {
        if b[i] == b'.' {
            i += 1;
        } else if triplet_at(b, i) == Some(b'.') {
            i += 3;
        } else {
            return false;
        }
        dots += 1;
    }
    dots == 1 || dots == 2
}

/// True when XRI syntax has no place for `c` unencoded, so XRI-normal form must
/// percent-encode it (XRI Syntax 2.0 §2.1.4, §2.1.5): anything that is not unreserved,
/// reserved or `ucschar`, and `iprivate` outside the query. Bidi formatting characters are
/// encoded too, since the IRI-normal form must be a valid IRI (§2.2, RFC 3987 §4.1).
pub fn xri_must_encode(c: char, in_query: bool) -> bool {
    if c.is_ascii() {
        return !(UNRESERVED.has_char(c) || RESERVED.has_char(c));
    }
    if is_bidi_control(c) {
        return true;
    }
    !(is_ucschar(c) || (in_query && chars::is_iprivate(c)))
}

/// Appends the XRI escaping of `c` (XRI Syntax 2.0 §2.3.2): "%" always, and "#", "?", "/"
/// when `in_xref`.
pub(crate) fn push_iri_escaped(out: &mut String, c: char, in_xref: bool) {
    match c {
        '%' => out.push_str("%25"),
        '#' | '?' | '/' if in_xref => push_encoded(out, c as u8),
        _ => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_one_utf8_character_from_triplets() {
        assert_eq!(decode_char_at(b"%C3%A9x", 0), Some(('é', 6)));
        assert_eq!(decode_char_at(b"%41", 0), Some(('A', 3)));
        assert_eq!(decode_char_at(b"%C3", 0), None);
        assert_eq!(decode_char_at(b"%C3%41", 0), None);
        assert_eq!(decode_char_at(b"%FF", 0), None);
        assert_eq!(decode_char_at(b"%F0%9F%98%80", 0), Some(('😀', 12)));
    }

    #[test]
    fn unreserved_sets() {
        assert!(Unreserved::Ascii.admits('~') && !Unreserved::Ascii.admits('é'));
        assert!(Unreserved::Iri.admits('é') && !Unreserved::Iri.admits('\u{202E}'));
        assert!(Unreserved::Xri.admits('é') && Unreserved::Xri.admits('\u{FB01}'));
        assert!(
            !Unreserved::Xri.admits('\u{FF20}'),
            "NFKC would make it '@'"
        );
        assert!(Unreserved::Www { plus: true }.admits('+'));
        assert!(!Unreserved::Www { plus: false }.admits('+'));
        assert!(!Unreserved::Www { plus: true }.admits(' '));
        assert!(
            !Unreserved::Www { plus: true }.admits('~'),
            "'~' is in no production"
        );
    }

    #[test]
    fn hex_case_and_normalization() {
        assert_eq!(uppercase_hex("a%2fb%zz"), "a%2Fb%zz");
        assert!(matches!(uppercase_hex("a%2Fb"), Cow::Borrowed(_)));
        assert_eq!(nfkc("\u{FB01}x"), "fix");
        assert_eq!(nfc("e\u{301}"), "é");
        assert_eq!(nfkc("e\u{301}"), "é");
        // A combining mark after a triplet does not compose with its hex digit.
        assert_eq!(nfkc("%2A\u{301}"), "%2A\u{301}");
        assert!(matches!(nfkc("abc"), Cow::Borrowed(_)));
    }

    #[test]
    fn iri_uri_mappings() {
        // RFC 3987 §3.1 and §3.2 examples.
        assert_eq!(
            iri_to_uri("http://www.example.org/D\u{FC}rst"),
            "http://www.example.org/D%C3%BCrst"
        );
        let mut d = Vec::new();
        assert_eq!(
            uri_to_iri("http://www.example.org/D%C3%BCrst", 0, &mut d),
            "http://www.example.org/D\u{FC}rst"
        );
        assert_eq!(
            uri_to_iri("http://www.example.org/D%FCrst", 0, &mut d),
            "http://www.example.org/D%FCrst"
        );
        assert!(d.is_empty());
        let u = "http://xn--99zt52a.example.org/%e2%80%ae";
        assert_eq!(uri_to_iri(u, 0, &mut d), u);
        assert_eq!(d.len(), 1);
        assert_eq!(
            (d[0].code.as_str(), d[0].span),
            ("iri-kept-encoded", Span::new(31, 40))
        );
        // ASCII triplets stay.
        assert_eq!(uri_to_iri("a%41", 0, &mut d), "a%41");
    }

    #[test]
    fn dot_segments_and_encoding_needs() {
        assert!(is_dot_segment_decoded("%2E") && is_dot_segment_decoded(".%2e"));
        assert!(
            !is_dot_segment_decoded("...")
                && !is_dot_segment_decoded("")
                && !is_dot_segment_decoded("a")
        );
        assert!(xri_must_encode(' ', false) && xri_must_encode('"', false));
        assert!(!xri_must_encode('@', false) && !xri_must_encode('é', false));
        assert!(xri_must_encode('\u{E000}', false) && !xri_must_encode('\u{E000}', true));
        assert!(xri_must_encode('\u{202E}', false));
        let mut s = String::new();
        for c in "a/%?".chars() {
            push_iri_escaped(&mut s, c, true);
        }
        assert_eq!(s, "a%2F%25%3F");
    }
}
