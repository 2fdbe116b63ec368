//! The host parser (URL Standard §3.5 #concept-host-parser): the domain parser on the
//! `idna` crate, the IPv4 and IPv6 parsers, the opaque-host parser, and the host serializer
//! (§3.6).

use std::fmt::Write as _;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::encode::{self, EncodeSet};
use super::{Ctx, Host};
use crate::engine::codes::Code;
use crate::engine::tree::Severity;

const IPV6_SECTION: &str = "URL Standard §3.5 #concept-ipv6-parser";
const IPV4_SECTION: &str = "URL Standard §3.5 #concept-ipv4-parser";
pub(super) const DOMAIN_SECTION: &str = "URL Standard §3.3 #concept-domain-parser";

/// A forbidden host code point (URL Standard §3.2).
#[inline]
pub fn is_forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// A forbidden domain code point (URL Standard §3.2).
#[inline]
pub fn is_forbidden_domain(c: char) -> bool {
    is_forbidden_host(c) || c <= '\u{1f}' || c == '%' || c == '\u{7f}'
}

/// Host-parses the cleaned input's bytes `a..b`, `opaque` when the URL is not special.
/// Every validation error goes to `cx`; `None` is failure.
pub(super) fn parse_host(cx: &mut Ctx<'_>, a: usize, b: usize, opaque: bool) -> Option<Host> {
    let input = &cx.input.s[a..b];
    if let Some(rest) = input.strip_prefix('[') {
        let Some(inner) = rest.strip_suffix(']') else {
            cx.error(
                Code::Ipv6Unclosed,
                a,
                b,
                "the IPv6 address is never closed: add \"]\" after it",
            );
            return None;
        };
        let addr = parse_ipv6(cx, inner, a + 1)?;
        let host = Host::Ipv6(addr);
        if cx.full() {
            let mut written = String::new();
            host.serialize_into(&mut written);
            if written != input {
                cx.note(
                    Code::WhatwgIpv6Compressed,
                    a,
                    b,
                    format!("the IPv6 address is written {written}"),
                );
            }
        }
        return Some(host);
    }
    if opaque {
        return parse_opaque_host(cx, a, b);
    }
    if input.is_empty() {
        // The callers never pass an empty special host; failure rather than a panic.
        cx.error(Code::HostMissing, a, b, "the host is empty: give a host");
        return None;
    }
    let bytes = input.as_bytes();
    // The common case, without the `idna` crate and with no copy but the one the record
    // keeps: a domain of ASCII letters, digits, hyphens and dots that strict ToASCII takes
    // as it is but for case (so no percent-decoding, no forbidden code point, no failure
    // and no warning), and that does not end in a number. The domain parser lower-cases
    // it; a verdict needs no copy at all.
    if strict_ascii_quick(bytes) && !ends_in_number(input) {
        if cx.verdict_only() {
            // The verdict's record is never read: its host needs no text.
            return Some(Host::Empty);
        }
        let ascii = input.to_ascii_lowercase();
        if cx.full() && ascii != input {
            cx.note(Code::WhatwgDomainToAscii, a, b, || {
                format!("the domain is rewritten to {ascii}")
            });
        }
        return Some(Host::Domain(ascii));
    }
    let has_pct = bytes
        .iter()
        .enumerate()
        .any(|(i, &c)| c == b'%' && encode::starts_with_two_hex(&bytes[i + 1..]));
    let decoded: std::borrow::Cow<'_, str> = if has_pct {
        let first = bytes.iter().position(|&c| c == b'%').unwrap_or(0);
        cx.warn(
            Code::DomainPercentEncoded,
            a + first,
            b,
            "the domain holds a percent-encoded byte, which is decoded before the domain is \
             read: write the character itself",
        );
        let raw = encode::percent_decode(bytes);
        std::borrow::Cow::Owned(String::from_utf8_lossy(&raw).into_owned())
    } else {
        std::borrow::Cow::Borrowed(input)
    };
    let ascii = domain_parser(cx, &decoded, a, b)?;
    if ends_in_number(&ascii) {
        // Part spans are exact only when the domain parser kept the input as it was.
        let offset = (ascii == input).then_some(a);
        let v4 = parse_ipv4(cx, &ascii, a, b, offset)?;
        cx.note(Code::WhatwgIpv4Read, a, b, || {
            format!("the host is read as the IPv4 address {}", Host::Ipv4(v4))
        });
        return Some(Host::Ipv4(v4));
    }
    if ascii != input {
        cx.note(Code::WhatwgDomainToAscii, a, b, || {
            format!("the domain is rewritten to {ascii}")
        });
    }
    Some(Host::Domain(ascii))
}

/// True when an ASCII domain passes the strict Unicode ToASCII unchanged but for case:
/// every label of letters, digits and hyphens, 1 to 63 long, no hyphen first, last or in
/// the third and fourth places (which also leaves out every `xn--` label, whose Punycode
/// the `idna` crate must check), 1 to 253 long without a root dot. A quick path only: what
/// it does not accept goes to the `idna` crate.
fn strict_ascii_quick(d: &[u8]) -> bool {
    let body = d.strip_suffix(b".").unwrap_or(d);
    if body.is_empty() || body.len() > 253 {
        return false;
    }
    body.split(|&c| c == b'.').all(|l| {
        !l.is_empty()
            && l.len() <= 63
            && l.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
            && l[0] != b'-'
            && l[l.len() - 1] != b'-'
            && !(l.len() >= 4 && l[2] == b'-' && l[3] == b'-')
    })
}

/// The domain parser with beStrict false (URL Standard §3.3 #concept-domain-parser).
fn domain_parser(cx: &mut Ctx<'_>, domain: &str, a: usize, b: usize) -> Option<String> {
    let uts46 = Uts46::new();
    // Only the warning below reads it, and a verdict or a first error keeps no warning: the
    // strict run (a second ToASCII for a domain that is not ASCII) is not made for them.
    let strict_ok = cx.verdict_only()
        || (domain.is_ascii() && strict_ascii_quick(domain.as_bytes()))
        || uts46
            .to_ascii(
                domain.as_bytes(),
                AsciiDenyList::STD3,
                Hyphens::Check,
                DnsLength::VerifyAllowRootDot,
            )
            .is_ok();
    let result = if domain.is_ascii() {
        domain.to_ascii_lowercase()
    } else {
        match uts46.to_ascii(
            domain.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        ) {
            Ok(r) => r.into_owned(),
            Err(_) => {
                cx.error_at(
                    Code::DomainToAscii,
                    a,
                    b,
                    DOMAIN_SECTION,
                    "Unicode ToASCII fails on the domain (UTS #46 with CheckBidi and \
                     CheckJoiners): check its characters, its Punycode and its right-to-left \
                     labels",
                );
                return None;
            }
        }
    };
    if result.is_empty() {
        cx.error_at(
            Code::DomainToAscii,
            a,
            b,
            DOMAIN_SECTION,
            "the domain maps to nothing (only ignored code points): give a host",
        );
        return None;
    }
    if let Some(bad) = result.chars().find(|&c| is_forbidden_domain(c)) {
        cx.error_at(Code::DomainToAscii, a, b, DOMAIN_SECTION, move || {
            forbidden_domain_message(bad)
        });
        return None;
    }
    if !strict_ok {
        cx.warn(
            Code::DomainToAscii,
            a,
            b,
            "strict Unicode ToASCII (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength) fails on \
             the domain; the URL Standard keeps it, but DNS may not resolve it",
        );
    }
    Some(result)
}

/// The message of a domain that holds `bad`, a forbidden domain code point (the fast path
/// writes it too, for the same failure).
pub(super) fn forbidden_domain_message(bad: char) -> String {
    format!(
        "the domain holds U+{:04X}, a forbidden domain code point: percent-encoding does not \
         help in a domain; remove it",
        bad as u32
    )
}

/// The ends-in-a-number checker (URL Standard §3.5).
pub(super) fn ends_in_number(s: &str) -> bool {
    ends_in_number_bytes(s.as_bytes())
}

/// [`ends_in_number`] on the host's bytes: its last label (after a trailing dot is dropped)
/// is all digits, or an IPv4 number (`0x` and hex digits, or `0` and octal digits). Read
/// byte by byte, as the fast path needs it for every URL: `str::rsplit` and the IPv4 number
/// parser's `to_digit` over `chars` cost several times more on a 15-byte host. A byte
/// that is not ASCII is no digit, as its character would not be.
pub(super) fn ends_in_number_bytes(s: &[u8]) -> bool {
    let s = s.strip_suffix(b".").unwrap_or(s);
    let last = match memchr::memrchr(b'.', s) {
        Some(k) => &s[k + 1..],
        None => s,
    };
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    let (digits, radix) = match last {
        [] => return false,
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (last, 10),
    };
    digits.iter().all(|&c| char::from(c).is_digit(radix))
}

/// The IPv4 number parser: `(value, read as hex or octal)`; values past `u64` saturate
/// (any such value is out of range).
fn ipv4_number(s: &str) -> Option<(u64, u32)> {
    if s.is_empty() {
        return None;
    }
    let (digits, radix) = if s.len() >= 2 && (s.starts_with("0x") || s.starts_with("0X")) {
        (&s[2..], 16)
    } else if s.len() >= 2 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() {
        return Some((0, radix));
    }
    let mut v: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix)?;
        v = v.saturating_mul(radix as u64).saturating_add(d as u64);
    }
    Some((v, radix))
}

/// The IPv4 parser. `whole` is the host's span; `offset`, when the text is the input's own,
/// the cleaned offset of `s`, for the parts' spans.
fn parse_ipv4(cx: &mut Ctx<'_>, s: &str, a: usize, b: usize, offset: Option<usize>) -> Option<u32> {
    let span_of = |start: usize, len: usize| match offset {
        Some(o) => (o + start, o + start + len),
        None => (a, b),
    };
    // The parts and their offsets, on the stack: the first five are kept (a fifth is
    // already one too many, which only their count says), however many dots there are.
    let mut parts: [(usize, &str); 5] = [(0, ""); 5];
    let mut count = 0usize;
    let mut start = 0;
    for p in s.split('.') {
        if let Some(slot) = parts.get_mut(count) {
            *slot = (start, p);
        }
        count += 1;
        start += p.len() + 1;
    }
    // The last part is empty exactly when the text is empty or ends with a dot.
    if s.is_empty() || s.ends_with('.') {
        let (x, y) = span_of(s.len().saturating_sub(1), 1);
        cx.warn_at(
            Code::Ipv4EmptyPart,
            x,
            y,
            IPV4_SECTION,
            "the IPv4 address ends with \".\": remove it",
        );
        if count > 1 {
            count -= 1;
        }
    }
    if count > 4 {
        cx.error_at(Code::Ipv4TooManyParts, a, b, IPV4_SECTION, move || {
            format!(
                "the host ends in a number, so it must be an IPv4 address, but it has {} parts: \
                 give at most 4",
                count
            )
        });
        return None;
    }
    let parts = &parts[..count];
    if count < 4 {
        let (x, y) = span_of(0, s.len());
        cx.warn_at(Code::Ipv4TooFewParts, x, y, IPV4_SECTION, move || {
            format!(
                "an IPv4 address of {} part{}: the last part fills the last {} bytes; \
                     write all 4 parts",
                count,
                if count == 1 { "" } else { "s" },
                5 - count
            )
        });
    }
    let mut numbers = [0u64; 4];
    for (k, &(st, p)) in parts.iter().enumerate() {
        let (x, y) = span_of(st, p.len());
        let Some((n, radix)) = ipv4_number(p) else {
            cx.error_at(Code::Ipv4NonNumericPart, x, y, IPV4_SECTION, move || {
                format!(
                    "the host ends in a number, so it must be an IPv4 address, but the part \
                         \"{p}\" is not a number: give a number, or a name that does not end \
                         in one"
                )
            });
            return None;
        };
        if radix != 10 {
            cx.warn_at(Code::Ipv4NonDecimalPart, x, y, IPV4_SECTION, move || {
                format!(
                    "the part \"{p}\" is read as {}: {n}; write it in decimal",
                    if radix == 16 { "hexadecimal" } else { "octal" }
                )
            });
        }
        numbers[k] = n;
    }
    let numbers = &numbers[..count];
    let last_i = numbers.len() - 1;
    for (i, &n) in numbers.iter().enumerate() {
        if n > 255 {
            let (x, y) = span_of(parts[i].0, parts[i].1.len());
            let fails = i != last_i || n >= 256u64.pow((5 - numbers.len()) as u32);
            cx.diag_at(
                if fails {
                    Severity::Error
                } else {
                    Severity::Warning
                },
                Code::Ipv4OutOfRangePart,
                x,
                y,
                IPV4_SECTION,
                move || {
                    if fails {
                        format!("the IPv4 part {n} is too large: give at most 255")
                    } else {
                        format!("the last IPv4 part {n} is over 255 and fills several bytes")
                    }
                },
            );
            if fails {
                return None;
            }
        }
    }
    let mut v = numbers[last_i] as u32;
    for (i, &n) in numbers[..last_i].iter().enumerate() {
        v = v.wrapping_add((n as u32) << (8 * (3 - i)));
    }
    Some(v)
}

/// The IPv6 parser, on the text between the brackets (`at`: its cleaned offset).
fn parse_ipv6(cx: &mut Ctx<'_>, s: &str, at: usize) -> Option<[u16; 8]> {
    let c = s.as_bytes();
    let n = c.len();
    let mut address = [0u16; 8];
    let mut piece = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    let fail = |cx: &mut Ctx<'_>, code: Code, x: usize, msg: &'static str| {
        let y = (x + 1).min(n).max(x);
        cx.error_at(code, at + x, at + y, IPV6_SECTION, msg);
    };
    if c.first() == Some(&b':') {
        if c.get(1) != Some(&b':') {
            fail(
                cx,
                Code::Ipv6InvalidCompression,
                0,
                "the IPv6 address starts with a single \":\": write \"::\"",
            );
            return None;
        }
        p += 2;
        piece += 1;
        compress = Some(piece);
    }
    while p < n {
        if piece == 8 {
            fail(
                cx,
                Code::Ipv6TooManyPieces,
                p,
                "the IPv6 address has more than 8 pieces",
            );
            return None;
        }
        if c[p] == b':' {
            if compress.is_some() {
                fail(
                    cx,
                    Code::Ipv6MultipleCompression,
                    p,
                    "the IPv6 address has \"::\" twice: keep one",
                );
                return None;
            }
            p += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let start = p;
        let mut value: u32 = 0;
        let mut length = 0;
        while length < 4 && p < n && c[p].is_ascii_hexdigit() {
            value = value * 16 + encode::hex_val(c[p]).unwrap_or(0) as u32;
            p += 1;
            length += 1;
        }
        if p < n && c[p] == b'.' {
            if length == 0 {
                fail(
                    cx,
                    Code::Ipv4InIpv6InvalidCodePoint,
                    p,
                    "an IPv4 part of the IPv6 address is empty",
                );
                return None;
            }
            p -= length;
            if piece > 6 {
                fail(
                    cx,
                    Code::Ipv4InIpv6TooManyPieces,
                    p,
                    "an IPv4 address after more than 6 IPv6 pieces",
                );
                return None;
            }
            let mut seen = 0;
            while p < n {
                let mut v4: Option<u32> = None;
                if seen > 0 {
                    if c[p] == b'.' && seen < 4 {
                        p += 1;
                    } else {
                        fail(
                            cx,
                            Code::Ipv4InIpv6InvalidCodePoint,
                            p,
                            "the IPv4 address in the IPv6 address has too many parts or a stray \
                             character",
                        );
                        return None;
                    }
                }
                if p >= n || !c[p].is_ascii_digit() {
                    fail(
                        cx,
                        Code::Ipv4InIpv6InvalidCodePoint,
                        p,
                        "an IPv4 part of the IPv6 address is empty or not a digit",
                    );
                    return None;
                }
                while p < n && c[p].is_ascii_digit() {
                    let d = (c[p] - b'0') as u32;
                    v4 = match v4 {
                        None => Some(d),
                        Some(0) => {
                            fail(
                                cx,
                                Code::Ipv4InIpv6InvalidCodePoint,
                                p,
                                "an IPv4 part of the IPv6 address has a leading 0",
                            );
                            return None;
                        }
                        Some(x) => Some(x * 10 + d),
                    };
                    if v4.unwrap_or(0) > 255 {
                        fail(
                            cx,
                            Code::Ipv4InIpv6OutOfRangePart,
                            p,
                            "an IPv4 part of the IPv6 address is over 255",
                        );
                        return None;
                    }
                    p += 1;
                }
                let v = v4.unwrap_or(0) as u16;
                address[piece] = address[piece].wrapping_mul(0x100).wrapping_add(v);
                seen += 1;
                if seen == 2 || seen == 4 {
                    piece += 1;
                }
            }
            if seen != 4 {
                fail(
                    cx,
                    Code::Ipv4InIpv6TooFewParts,
                    p,
                    "the IPv4 address in the IPv6 address has fewer than 4 parts",
                );
                return None;
            }
            break;
        } else if p < n && c[p] == b':' {
            p += 1;
            if p >= n {
                fail(
                    cx,
                    Code::Ipv6InvalidCodePoint,
                    p,
                    "the IPv6 address ends with a single \":\"",
                );
                return None;
            }
        } else if p < n {
            fail(
                cx,
                Code::Ipv6InvalidCodePoint,
                p,
                "a character an IPv6 address cannot hold: only hex digits, \":\" and an IPv4 \
                 address at the end",
            );
            return None;
        }
        if length > 1 && value < (1u32 << (4 * (length - 1))) {
            cx.warn_at(
                Code::Ipv6PieceLeadingZero,
                at + start,
                at + start + length,
                IPV6_SECTION,
                "an IPv6 piece with a leading 0: drop it",
            );
        }
        address[piece] = value as u16;
        piece += 1;
    }
    if let Some(comp) = compress {
        let mut swaps = piece - comp;
        piece = 7;
        while piece != 0 && swaps > 0 {
            address.swap(piece, comp + swaps - 1);
            piece -= 1;
            swaps -= 1;
        }
    } else if piece != 8 {
        cx.error_at(
            Code::Ipv6TooFewPieces,
            at,
            at + n,
            IPV6_SECTION,
            "an IPv6 address of fewer than 8 pieces and no \"::\"",
        );
        return None;
    }
    Some(address)
}

/// The opaque-host parser (URL Standard §3.5 #concept-opaque-host-parser).
fn parse_opaque_host(cx: &mut Ctx<'_>, a: usize, b: usize) -> Option<Host> {
    let input = &cx.input.s[a..b];
    if let Some((i, bad)) = input.char_indices().find(|&(_, c)| is_forbidden_host(c)) {
        cx.error_at(
            Code::HostInvalidCodePoint,
            a + i,
            a + i + bad.len_utf8(),
            "URL Standard §3.5 #concept-opaque-host-parser",
            move || {
                format!(
                    "U+{:04X} is a forbidden host code point: percent-encode it",
                    bad as u32
                )
            },
        );
        return None;
    }
    let mut out = String::with_capacity(input.len());
    let bytes = input.as_bytes();
    let mut enc_from: Option<usize> = None;
    for (i, ch) in input.char_indices() {
        if !encode::is_url_code_point(ch) && ch != '%' {
            cx.url_unit(a + i, a + i + ch.len_utf8(), ch);
        } else if ch == '%' && !encode::starts_with_two_hex(&bytes[i + 1..]) {
            cx.url_unit(a + i, a + i + 1, ch);
        }
        if encode::encode_char(ch, EncodeSet::C0Control, &mut out) {
            enc_from.get_or_insert(i);
        }
    }
    if let Some(f) = enc_from {
        cx.note(
            Code::WhatwgPercentEncoded,
            a + f,
            b,
            "the opaque host's C0 controls and non-ASCII characters are encoded with the C0 \
             control percent-encode set",
        );
    }
    Some(if out.is_empty() {
        Host::Empty
    } else {
        Host::Opaque(out)
    })
}

/// Serializes `host` onto `out` (URL Standard §3.6 #concept-host-serializer).
pub(super) fn serialize(host: &Host, out: &mut String) {
    match host {
        Host::Domain(s) | Host::Opaque(s) => out.push_str(s),
        Host::Empty => {}
        Host::Ipv4(v) => {
            let _ = write!(
                out,
                "{}.{}.{}.{}",
                v >> 24,
                (v >> 16) & 255,
                (v >> 8) & 255,
                v & 255
            );
        }
        Host::Ipv6(a) => {
            out.push('[');
            // The compressed piece: the first longest run of two or more zero pieces.
            let (mut best, mut best_len) = (None, 1);
            let mut i = 0;
            while i < 8 {
                if a[i] == 0 {
                    let s = i;
                    while i < 8 && a[i] == 0 {
                        i += 1;
                    }
                    if i - s > best_len {
                        best = Some(s);
                        best_len = i - s;
                    }
                } else {
                    i += 1;
                }
            }
            let mut ignore0 = false;
            for (i, &piece) in a.iter().enumerate() {
                if ignore0 && piece == 0 {
                    continue;
                }
                ignore0 = false;
                if best == Some(i) {
                    out.push_str(if i == 0 { "::" } else { ":" });
                    ignore0 = true;
                    continue;
                }
                let _ = write!(out, "{piece:x}");
                if i != 7 {
                    out.push(':');
                }
            }
            out.push(']');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_in_a_number_as_the_standard_says() {
        assert!(ends_in_number("a.1"));
        assert!(ends_in_number("a.0x"));
        assert!(ends_in_number("1."));
        assert!(ends_in_number("a.09"));
        assert!(!ends_in_number("a.1b"));
        assert!(!ends_in_number("example.com"));
    }

    /// The byte-level checker is the standard's steps as written (the last label, all
    /// digits or an IPv4 number through [`ipv4_number`]) on every string of up to four
    /// pieces of digits, hex and octal prefixes, letters, dots and non-ASCII.
    #[test]
    fn ends_in_number_is_the_standards_steps() {
        fn steps(s: &str) -> bool {
            let s = s.strip_suffix('.').unwrap_or(s);
            let last = s.rsplit('.').next().unwrap_or("");
            if !last.is_empty() && last.bytes().all(|c| c.is_ascii_digit()) {
                return true;
            }
            ipv4_number(last).is_some()
        }
        let pieces = [
            "", "0", "1", "9", "0x", "0X", "f", "G", "a", ".", "08", "07", "é", "٣",
        ];
        let mut n = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in pieces {
                        let s = format!("{a}{b}{c}{d}");
                        assert_eq!(ends_in_number(&s), steps(&s), "{s:?}");
                        n += 1;
                    }
                }
            }
        }
        assert!(n > 10_000);
    }

    #[test]
    fn the_quick_strict_check_only_accepts_what_uts46_accepts() {
        for d in ["example.com", "a-b.c", "x.", "EXAMPLE.org", "1.2"] {
            assert!(strict_ascii_quick(d.as_bytes()), "{d}");
            let strict = Uts46::new().to_ascii(
                d.as_bytes(),
                AsciiDenyList::STD3,
                Hyphens::Check,
                DnsLength::VerifyAllowRootDot,
            );
            assert_eq!(
                strict.ok().as_deref(),
                Some(d.to_ascii_lowercase().as_str()),
                "{d}"
            );
        }
        for d in [
            "-a.b", "a-.b", "ab--c", "xn--zca", "a..b", "_dmarc.x", ".", "",
        ] {
            assert!(!strict_ascii_quick(d.as_bytes()), "{d}");
        }
    }
}
