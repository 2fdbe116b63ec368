//! Character-level steps: percent-encoding, Unicode normalization, and the IRI <-> URI
//! mappings of RFC 3987 §3.
//!
//! These work on strings alone, with no tree: what they touch is decided by the characters.

use std::borrow::Cow;
use std::ops::Range;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick, is_nfkc_quick};

use crate::engine::chars::{
    self, ALPHANUM, AsciiSet, RESERVED, UNRESERVED, delimiter_lookalike, is_bidi_control,
    is_invisible, is_ucschar,
};
use crate::engine::codes::Code;
use crate::engine::pct::{push_encoded, push_encoded_char, triplet_at};
use crate::engine::tree::{Diagnostic, Span};

use crate::engine::descriptor::forms::Unreserved;

/// The WWW draft's `alpha | digit | safe | extra`, less `space` (its `safe` and `extra`).
const WWW_XALPHA: AsciiSet = ALPHANUM.or(AsciiSet::of("$-_@.&!*\"'():;,"));

impl Unreserved {
    /// True when `%`-encoded `c` may be decoded under this set.
    pub fn admits(self, c: char) -> bool {
        match self {
            Unreserved::Ascii => UNRESERVED.has_char(c),
            Unreserved::Iri => UNRESERVED.has_char(c) || (is_ucschar(c) && !is_bidi_control(c)),
            Unreserved::IriQuery => Unreserved::Iri.admits(c) || chars::is_iprivate(c),
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
/// `iprivate` is given a reason here; [`uri_to_iri`] decodes it in the query, where RFC 3987
/// §2.2 allows it, without asking.
pub(crate) fn keep_encoded_reason(c: char) -> Option<&'static str> {
    if is_bidi_control(c) {
        Some("bidi formatting characters are not allowed in IRIs (RFC 3987 §4.1)")
    } else if is_invisible(c) {
        Some("it is invisible or looks like a space (RFC 3987 §6.1)")
    } else if delimiter_lookalike(c).is_some() {
        Some("it looks like a delimiter (RFC 3987 §6.1)")
    } else if chars::is_iprivate(c) {
        Some(
            "it is a private-use character, which an IRI allows only in the query (RFC 3987 \
             §2.2), and this one is outside the query",
        )
    } else if !unicode_normalization::char::is_public_assigned(c) {
        Some("it is not an assigned character")
    } else {
        None
    }
}

/// Where the path and the query of the URI reference `s` lie, found from its delimiters
/// alone (RFC 3986 §3): `(path_start, query_start, query_end)`, with `query_start ==
/// query_end` when there is no query. The query runs from the first "?" before any "#" to
/// that "#" or the end.
fn path_and_query(s: &str) -> (usize, usize, usize) {
    let b = s.as_bytes();
    let end = b.iter().position(|&c| c == b'#').unwrap_or(b.len());
    let q = b[..end].iter().position(|&c| c == b'?');
    let (qs, qe) = match q {
        Some(q) => (q, end),
        None => (end, end),
    };
    let head = &b[..qs];
    // A scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" (RFC 3986 §3.1).
    let scheme_end = head
        .iter()
        .position(|&c| c == b':')
        .filter(|&k| {
            k > 0
                && head[0].is_ascii_alphabetic()
                && head[..k]
                    .iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        })
        .map_or(0, |k| k + 1);
    let path_start = if head.get(scheme_end..scheme_end + 2) == Some(b"//") {
        head[scheme_end + 2..]
            .iter()
            .position(|&c| c == b'/')
            .map_or(qs, |k| scheme_end + 2 + k)
    } else {
        scheme_end
    };
    (path_start, qs, qe)
}

/// RFC 3987 §3.2, converting a URI to an IRI.
///
/// Decoded (step 2): a triplet of a US-ASCII `unreserved` character (the only US-ASCII that
/// is neither "%", nor `reserved`, nor "not allowed in URIs"), so `%41%42%7e` becomes `AB~`;
/// and a run of triplets that is the well-formed UTF-8 of one `ucschar` (steps 2 and 3), or
/// of one `iprivate` in the query (§2.2 allows it there). Kept encoded, with a note where
/// the reason is not obvious:
/// - "%", `reserved` characters and US-ASCII not allowed in URIs (`%25`, `%2F`, `%20`,
///   `%3C`), as step 2 says;
/// - a path segment that would decode to "." or "..": decoding it would make a dot-segment,
///   which resolution removes (RFC 3986 §5.2.4), so the IRI would name something else; a
///   note names the literal reading (docs/readings.md, RFC 3987 §3.2);
/// - octets that are not well-formed UTF-8 (step 3);
/// - `iprivate` outside the query (§2.2) and characters that step 4 excludes: bidi
///   formatting characters (§4.1), and, by §6.1's advice on what not to show, invisible
///   characters, look-alike spaces, look-alikes of delimiters and unassigned code points.
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
    let (path_start, query_start, query_end) = path_and_query(s);
    // The path segment last checked for becoming a dot-segment: (start, end, is one). One
    // check per segment, so a long run of "%2E" costs one pass.
    let mut dot_seg: Option<(usize, usize, bool)> = None;
    let mut dot_noted = false;
    let mut out = String::with_capacity(s.len());
    let (mut i, mut last) = (0, 0);
    let mut changed = false;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        let in_query = query_start < i && i < query_end;
        match decode_char_at(b, i) {
            Some((c, n)) if c.is_ascii() => {
                let mut take = UNRESERVED.has_char(c);
                if take && c == '.' && path_start <= i && i < query_start {
                    let (start, end, is_dot) = match dot_seg {
                        Some(d) if d.0 <= i && i < d.1 => d,
                        _ => {
                            let start = b[path_start..i]
                                .iter()
                                .rposition(|&c| c == b'/')
                                .map_or(path_start, |k| path_start + k + 1);
                            let end = b[i..query_start]
                                .iter()
                                .position(|&c| c == b'/')
                                .map_or(query_start, |k| i + k);
                            let d = (
                                start,
                                end,
                                is_dot_segment_decoded(s.get(start..end).unwrap_or("")),
                            );
                            dot_seg = Some(d);
                            d
                        }
                    };
                    if is_dot {
                        take = false;
                        if !dot_noted {
                            dot_noted = true;
                            diags.push(Diagnostic::of(
                                Code::IriKeptEncoded,
                                Span::new(offset + start, offset + end),
                                format!(
                                    "{:?} stays percent-encoded in the IRI form: §3.2 step 2 \
                                     would decode it to a dot-segment, which resolution removes \
                                     (RFC 3986 §5.2.4), so the IRI would name something else; \
                                     the literal reading decodes it (docs/readings.md, RFC 3987 \
                                     §3.2)",
                                    s.get(start..end).unwrap_or("")
                                ),
                            ));
                        }
                    }
                }
                if take {
                    out.push_str(s.get(last..i).unwrap_or(""));
                    out.push(c);
                    changed = true;
                    last = i + n;
                    decoded(Span::new(offset + i, offset + i + n), c);
                }
                i += n;
            }
            Some((c, n)) => {
                let why = keep_encoded_reason(c);
                let private_in_query = in_query && chars::is_iprivate(c);
                let ok = match why {
                    None => is_ucschar(c),
                    Some(_) => private_in_query,
                };
                if ok {
                    out.push_str(s.get(last..i).unwrap_or(""));
                    out.push(c);
                    changed = true;
                    last = i + n;
                    decoded(Span::new(offset + i, offset + i + n), c);
                } else if let Some(why) = why {
                    diags.push(Diagnostic::of(
                        Code::IriKeptEncoded,
                        Span::new(offset + i, offset + i + n),
                        format!(
                            "{} (U+{:04X}) stays percent-encoded in the IRI form: {why}",
                            s.get(i..i + n).unwrap_or(""),
                            c as u32
                        ),
                    ));
                }
                i += n;
            }
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

/// The byte ranges of the contents of the outermost cross-references of an XRI reference
/// written as text (XRI-normal or IRI-normal form), found without a parse: a "(" in the
/// authority or path opens one and the matching ")" closes it.
///
/// Parentheses count only where XRI syntax gives them that meaning: not in an IRI
/// authority (`xri://` followed by neither a GCS character nor "("), whose `ireg-name`
/// admits "(" and ")" as sub-delims, and not in the query or fragment, which follow RFC
/// 3987 (XRI Syntax 2.0 §2.2.4, §2.2.5). Percent-encoded parentheses are data.
pub fn xref_regions(s: &str) -> Vec<Range<usize>> {
    let b = s.as_bytes();
    let is_gcs = |c: u8| matches!(c, b'=' | b'@' | b'+' | b'$' | b'!' | b'(');
    let mut i = 0;
    if b.len() >= 6 && b[..6].eq_ignore_ascii_case(b"xri://") {
        i = 6;
        if !b.get(6).is_some_and(|&c| is_gcs(c)) {
            // IRI authority: skip it whole.
            while i < b.len() && !matches!(b[i], b'/' | b'?' | b'#') {
                i += 1;
            }
        }
    }
    let mut regions = Vec::new();
    let (mut depth, mut open) = (0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'(' => {
                if depth == 0 {
                    open = i + 1;
                }
                depth += 1;
            }
            b')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    regions.push(open..i);
                }
            }
            b'?' | b'#' if depth == 0 => break,
            _ => {}
        }
        i += 1;
    }
    if depth > 0 {
        regions.push(open..b.len());
    }
    regions
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
        // §3.2 step 2: unreserved US-ASCII is decoded; "%", reserved and US-ASCII not
        // allowed in URIs stay.
        assert_eq!(uri_to_iri("http://a/%41%42%7e", 0, &mut d), "http://a/AB~");
        assert_eq!(
            uri_to_iri("http://a/%25%2F%20%3C%7F%3f", 0, &mut d),
            "http://a/%25%2F%20%3C%7F%3f"
        );
        // iprivate: decoded in the query only (§2.2).
        d.clear();
        assert_eq!(
            uri_to_iri("http://a/%EE%80%80?%EE%80%80#%EE%80%80", 0, &mut d),
            "http://a/%EE%80%80?\u{E000}#%EE%80%80"
        );
        assert_eq!(d.len(), 2);
        // A segment that would become a dot-segment stays, with one note.
        d.clear();
        assert_eq!(
            uri_to_iri("http://a/%2E%2e/b/%2E/x%2E?%2E", 0, &mut d),
            "http://a/%2E%2e/b/%2E/x.?."
        );
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].span, Span::new(9, 15));
        assert_eq!(uri_to_iri("%2E%2E/%2E", 0, &mut d), "%2E%2E/%2E");
        assert_eq!(uri_to_iri("x:%2E%2E", 0, &mut d), "x:%2E%2E");
        assert_eq!(uri_to_iri("//%2E%2E/a", 0, &mut d), "//../a");
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
