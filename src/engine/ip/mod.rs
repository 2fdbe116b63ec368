//! The IP-literal recognizers of RFC 3986 §3.2.2, in one place: `IPv6address` (all nine
//! ABNF alternatives, including the `ls32` written as an `IPv4address`), `IPv4address` with
//! its `dec-octet`, and `IPvFuture`.
//!
//! Each recognizer returns a typed error naming what is wrong and at which byte (offsets
//! are relative to the text given); the grammars turn it into a diagnostic with a message
//! and the spec section, and the quick validator only asks whether it is `Ok`.
//!
//! Written by hand rather than with `std::net::Ipv6Addr`: the grammars need the byte and
//! kind of the first error and the ABNF's expected alternatives at that byte, which the
//! standard parser does not report. On yes/no the two agree for bracket-free IPv6 text
//! (property-tested below); neither accepts an RFC 6874 zone identifier.

use crate::engine::chars::{HEXDIG, IPVFUTURE_TAIL};

pub(crate) mod literal;

/// Why a `dec-octet` does not match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OctetError {
    /// No digits at all.
    Empty,
    /// A byte that is not a decimal digit.
    NotDigit,
    /// More than one digit, the first "0".
    LeadingZero,
    /// Over 255.
    TooLarge,
}

/// `dec-octet` = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35.
pub fn dec_octet(b: &[u8]) -> Result<u8, OctetError> {
    if b.is_empty() {
        return Err(OctetError::Empty);
    }
    if !b.iter().all(u8::is_ascii_digit) {
        return Err(OctetError::NotDigit);
    }
    if b.len() > 3 {
        return Err(OctetError::TooLarge);
    }
    let v = b.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
    if v > 255 {
        return Err(OctetError::TooLarge);
    }
    if b.len() > 1 && b[0] == b'0' {
        return Err(OctetError::LeadingZero);
    }
    Ok(v as u8)
}

/// `IPv4address` = dec-octet "." dec-octet "." dec-octet "." dec-octet.
pub fn ipv4(b: &[u8]) -> bool {
    let mut parts = 0;
    for part in b.split(|&c| c == b'.') {
        parts += 1;
        if parts > 4 || dec_octet(part).is_err() {
            return false;
        }
    }
    parts == 4
}

/// What is wrong with an `IPv6address`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ipv6ErrorKind {
    /// A single ":" starts the address.
    LeadingColon,
    /// A single ":" ends the address.
    TrailingColon,
    /// ":::": "::" followed by another ":".
    TripleColon,
    /// A second "::".
    DoubleColonTwice,
    /// A byte other than a hex digit, "." or ":" (the error covers the whole character).
    BadChar,
    /// A group with "." (an `ls32` IPv4address) that is not the last.
    Ipv4NotLast,
    /// The trailing IPv4address has a part `[start, end)` that is not a `dec-octet`.
    Ipv4Octet {
        /// Start of the part, relative to the text given.
        start: usize,
        /// End of the part.
        end: usize,
        /// Why it is not a `dec-octet`.
        why: OctetError,
    },
    /// The trailing IPv4address has this many parts instead of four.
    Ipv4Parts(usize),
    /// A group (h16) with more than four hex digits; the number of digits.
    GroupTooLong(usize),
    /// Too many groups (an IPv4address counting two); `elided` when "::" was written.
    TooManyGroups {
        /// Groups written.
        groups: usize,
        /// Whether "::" was written.
        elided: bool,
    },
    /// Fewer than eight groups and no "::".
    TooFewGroups(usize),
}

/// An `IPv6address` error: its kind and the bytes `[start, end)` it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ipv6Error {
    /// What is wrong.
    pub kind: Ipv6ErrorKind,
    /// First byte concerned, relative to the text given.
    pub start: usize,
    /// End of the bytes concerned.
    pub end: usize,
}

impl Ipv6Error {
    /// What the ABNF would have taken at the error's byte, for the errors that sit at one
    /// byte (a count of groups has no such byte): `None` for the others.
    pub fn expected(&self, text: &[u8]) -> Option<Vec<&'static str>> {
        use Ipv6ErrorKind::*;
        match self.kind {
            LeadingColon | TrailingColon | TripleColon | BadChar if self.start <= text.len() => {
                Some(ipv6_expected(&text[..self.start]))
            }
            _ => None,
        }
    }

    /// Where the ABNF stopped accepting and what it would have taken there, for every kind,
    /// counts included (positions relative to `text`, the address without brackets):
    ///
    /// - a group of more than four digits: after its fourth digit, what may follow an h16;
    /// - a second "::": at it, what may follow the address so far (a single ":" among them);
    /// - too many groups: where the last group the count allows ends, only `"]"` (or, when an
    ///   IPv4address would overrun the count by one group, `h16` at its start);
    /// - too few groups and no "::": at the end, what continues the address;
    /// - an IPv4address with a bad part: `DIGIT` at that part; with too few parts, `"."` at
    ///   its end; with too many, `"]"` at the "." after the fourth.
    pub fn expectation(&self, text: &[u8]) -> Option<(usize, Vec<&'static str>)> {
        use Ipv6ErrorKind::*;
        let prefix = |at: usize| ipv6_expected(&text[..at.min(text.len())]);
        match self.kind {
            LeadingColon | TrailingColon | TripleColon | BadChar => {
                self.expected(text).map(|v| (self.start, v))
            }
            GroupTooLong(_) => {
                let at = (self.start + 4).min(text.len());
                Some((at, prefix(at)))
            }
            DoubleColonTwice => Some((self.start, prefix(self.start))),
            TooFewGroups(_) => Some((text.len(), prefix(text.len()))),
            TooManyGroups { elided, .. } => {
                let limit = if elided { 7 } else { 8 };
                let mut count = 0usize;
                let mut i = 0usize;
                while i < text.len() {
                    if text[i] == b':' {
                        i += 1;
                        continue;
                    }
                    let g0 = i;
                    while i < text.len() && text[i] != b':' {
                        i += 1;
                    }
                    let size = if text[g0..i].contains(&b'.') { 2 } else { 1 };
                    if count + size > limit {
                        return Some(if count == limit {
                            (g0.saturating_sub(1), vec!["\"]\""])
                        } else {
                            (g0, vec!["h16"])
                        });
                    }
                    count += size;
                }
                None
            }
            Ipv4Octet { start, end, .. } => {
                let at = start + dec_octet_failure(&text[start..end.min(text.len())]);
                Some((at, vec!["DIGIT"]))
            }
            Ipv4Parts(n) if n < 4 => Some((self.end, vec!["\".\""])),
            Ipv4Parts(_) => {
                let tok = &text[self.start..self.end.min(text.len())];
                let fourth_dot = tok
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == b'.')
                    .nth(3)
                    .map(|(k, _)| self.start + k)?;
                Some((fourth_dot, vec!["\"]\""]))
            }
            Ipv4NotLast => None,
        }
    }
}

/// The offset in `part` of the first byte at which no `dec-octet` (RFC 3986 §3.2.2) can
/// match any more: `256` fails at the `6` ("25" may go on only with 0-5), `01` at the `1`
/// ("0" is a whole dec-octet), `300` at the second `0`, an empty part at 0. `part.len()` when
/// it is a dec-octet.
pub fn dec_octet_failure(part: &[u8]) -> usize {
    let d = |k: usize| part.get(k).copied().filter(u8::is_ascii_digit);
    let Some(a) = d(0) else { return 0 };
    if part.len() == 1 {
        return 1;
    }
    if a == b'0' {
        return 1;
    }
    let Some(b) = d(1) else { return 1 };
    if part.len() == 2 {
        return 2;
    }
    let third_ok = match (a, b, d(2)) {
        (_, _, None) => false,
        (b'1', _, Some(_)) => true,
        (b'2', b'0'..=b'4', Some(_)) => true,
        (b'2', b'5', Some(c)) => c <= b'5',
        _ => false,
    };
    if !third_ok {
        return 2;
    }
    3
}

/// The length of the character whose first byte is `b` (1 for anything not a UTF-8 lead).
fn char_len(b: u8) -> usize {
    match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

/// The span of the character starting at `i`, clamped to the text.
fn char_end(text: &[u8], i: usize) -> usize {
    (i + char_len(text[i])).min(text.len())
}

/// Checks `IPv6address` (RFC 3986 §3.2.2).
///
/// Counting is equivalent to the nine ABNF alternatives: an `ls32` written as an
/// `IPv4address` counts as two groups and must come last; without "::" there are exactly
/// eight groups, with one "::" at most seven (it stands for at least one zero group).
pub fn ipv6(text: &[u8]) -> Result<(), Ipv6Error> {
    use Ipv6ErrorKind::*;
    let err = |kind, start, end| Err(Ipv6Error { kind, start, end });
    let n = text.len();
    let mut i = 0;
    let mut groups = 0usize;
    let mut dc = false;
    if text.starts_with(b"::") {
        dc = true;
        i = 2;
    } else if text.first() == Some(&b':') {
        return err(LeadingColon, 0, 1);
    }
    while i < n {
        let t0 = i;
        while i < n && (HEXDIG.has(text[i]) || text[i] == b'.') {
            i += 1;
        }
        if i < n && text[i] != b':' {
            return err(BadChar, i, char_end(text, i));
        }
        let tok = &text[t0..i];
        if tok.is_empty() {
            // Only reachable right after "::" followed by another ":".
            return err(TripleColon, t0.saturating_sub(2), (t0 + 1).min(n));
        }
        if tok.contains(&b'.') {
            if i < n {
                return err(Ipv4NotLast, t0, i);
            }
            let (mut parts, mut off) = (0, t0);
            for part in tok.split(|&c| c == b'.') {
                parts += 1;
                if let Err(why) = dec_octet(part) {
                    let start = off;
                    let end = off + part.len();
                    return err(Ipv4Octet { start, end, why }, t0, i);
                }
                off += part.len() + 1;
            }
            if parts != 4 {
                return err(Ipv4Parts(parts), t0, i);
            }
            groups += 2;
        } else {
            if tok.len() > 4 {
                return err(GroupTooLong(tok.len()), t0, i);
            }
            groups += 1;
        }
        if i >= n {
            break;
        }
        // text[i] == b':'
        if text.get(i + 1) == Some(&b':') {
            if dc {
                return err(DoubleColonTwice, i, i + 2);
            }
            dc = true;
            i += 2;
        } else {
            i += 1;
            if i >= n {
                return err(TrailingColon, i - 1, i);
            }
        }
    }
    if (dc && groups > 7) || (!dc && groups > 8) {
        let kind = TooManyGroups { groups, elided: dc };
        return err(kind, 0, n);
    }
    if !dc && groups < 8 {
        return err(TooFewGroups(groups), 0, n);
    }
    Ok(())
}

/// What `IPv6address` (RFC 3986 §3.2.2) accepts after `prefix`, the address so far: read
/// off the ABNF's alternatives by how many groups have been written, whether "::" has been,
/// and what the current group (h16, or the dotted IPv4address of an ls32) holds.
pub fn ipv6_expected(prefix: &[u8]) -> Vec<&'static str> {
    let elided = prefix.windows(2).any(|w| w == b"::");
    let colons = prefix.iter().filter(|&&c| c == b':').count();
    let last = prefix.rsplit(|&c| c == b':').next().unwrap_or(&[]);
    // An ls32 may end the address here: after six groups, or anywhere once "::" elided some.
    let ls32_ok = elided || colons >= 6;
    let mut v = Vec::new();
    if last.contains(&b'.') {
        // Inside the IPv4address of an ls32: dec-octet "." dec-octet "." ...
        v.push("DIGIT");
        let dots = last.iter().filter(|&&c| c == b'.').count();
        if dots < 3 {
            v.push("\".\"");
        } else if last.last().is_some_and(u8::is_ascii_digit) {
            v.push("\"]\"");
        }
        return v;
    }
    if last.is_empty() {
        if prefix.is_empty() {
            v.extend(["h16", "\"::\""]);
        } else if prefix == b":" {
            v.push("\":\"");
        } else {
            v.push("h16");
            if ls32_ok {
                v.push("IPv4address");
            }
            if prefix.ends_with(b"::") {
                v.push("\"]\"");
            }
        }
        return v;
    }
    if last.len() < 4 {
        v.push("HEXDIG");
    }
    v.push("\":\"");
    if ls32_ok && last.len() <= 3 && last.iter().all(u8::is_ascii_digit) {
        v.push("\".\"");
    }
    if elided || colons == 7 {
        v.push("\"]\"");
    }
    v
}

/// What is wrong with an `IPvFuture`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IpvFutureErrorKind {
    /// No hex digit after "v".
    NoVersion,
    /// No "." after the hex version.
    NoDot,
    /// Nothing after the ".".
    EmptyTail,
    /// A character the tail (unreserved / sub-delims / ":") does not allow.
    BadChar,
}

/// An `IPvFuture` error: its kind and the bytes `[start, end)` it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpvFutureError {
    /// What is wrong.
    pub kind: IpvFutureErrorKind,
    /// First byte concerned, relative to the text given.
    pub start: usize,
    /// End of the bytes concerned.
    pub end: usize,
}

/// Checks `IPvFuture` = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) over `text`,
/// which starts with "v" or "V" (the caller's dispatch; a first byte is not checked).
pub fn ipvfuture(text: &[u8]) -> Result<(), IpvFutureError> {
    use IpvFutureErrorKind::*;
    let err = |kind, start, end| Err(IpvFutureError { kind, start, end });
    let n = text.len();
    let mut i = 1;
    while i < n && HEXDIG.has(text[i]) {
        i += 1;
    }
    // Each error starts at the first byte where the grammar failed: the byte after "v" that
    // is no HEXDIG, the byte after the version that is no ".", or the end.
    if i == 1 || n == 0 {
        let at = 1.min(n);
        let end = if at < n { char_end(text, at) } else { at };
        return err(NoVersion, at, end);
    }
    if i >= n || text[i] != b'.' {
        return if i < n {
            err(NoDot, i, char_end(text, i))
        } else {
            err(NoDot, n, n)
        };
    }
    i += 1;
    if i >= n {
        return err(EmptyTail, i, i);
    }
    while i < n {
        if !IPVFUTURE_TAIL.has(text[i]) {
            return err(BadChar, i, char_end(text, i));
        }
        i += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Ipv6ErrorKind::*;
    use super::*;
    use proptest::prelude::*;

    /// One valid address per `IPv6address` alternative of RFC 3986 §3.2.2, in order.
    const VALID: &[&str] = &[
        // 6( h16 ":" ) ls32, with both ls32 forms
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:192.0.2.1",
        // "::" 5( h16 ":" ) ls32
        "::2:3:4:5:6:7:8",
        "::2:3:4:5:6:192.0.2.1",
        // [ h16 ] "::" 4( h16 ":" ) ls32
        "1::3:4:5:6:7:8",
        "::3:4:5:6:7:8",
        // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "1:2::4:5:6:7:8",
        // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "1:2:3::5:6:7:8",
        // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "1:2:3:4::6:7:8",
        "1:2:3:4::6:192.0.2.1",
        // [ *4( h16 ":" ) h16 ] "::" ls32
        "1:2:3:4:5::7:8",
        "::192.0.2.1",
        "::ffff:192.0.2.1",
        // [ *5( h16 ":" ) h16 ] "::" h16
        "1:2:3:4:5:6::8",
        "::1",
        // [ *6( h16 ":" ) h16 ] "::"
        "1:2:3:4:5:6:7::",
        "1::",
        "::",
        // h16 is 1*4HEXDIG, either case
        "ABCD:ef01:2345:6789:abcd:EF01:2345:6789",
        "0000:0:00:000:0:0:0:0",
    ];

    /// Invalid forms: the error kind and the bytes it covers.
    const INVALID: &[(&str, Ipv6ErrorKind, usize, usize)] = &[
        (":1:2:3:4:5:6:7", LeadingColon, 0, 1),
        ("1:2:3:4:5:6:7:", TrailingColon, 13, 14),
        ("1:::2", TripleColon, 1, 4),
        (":::", TripleColon, 0, 3),
        ("1::2::3", DoubleColonTwice, 4, 6),
        ("1:2:3:4:5:6:7:g", BadChar, 14, 15),
        ("fe80::1%eth0", BadChar, 7, 8),
        ("::1 ", BadChar, 3, 4),
        ("::é", BadChar, 2, 4),
        ("1:2:3:4:5:6:7:12345", GroupTooLong(5), 14, 19),
        ("::192.0.2.1:1", Ipv4NotLast, 2, 11),
        ("1.2.3.4::", Ipv4NotLast, 0, 7),
        (
            "::1.2.3.256",
            Ipv4Octet {
                start: 8,
                end: 11,
                why: OctetError::TooLarge,
            },
            2,
            11,
        ),
        (
            "::1.02.3.4",
            Ipv4Octet {
                start: 4,
                end: 6,
                why: OctetError::LeadingZero,
            },
            2,
            10,
        ),
        (
            "::1..3.4",
            Ipv4Octet {
                start: 4,
                end: 4,
                why: OctetError::Empty,
            },
            2,
            8,
        ),
        (
            "::1.a.3.4",
            Ipv4Octet {
                start: 4,
                end: 5,
                why: OctetError::NotDigit,
            },
            2,
            9,
        ),
        ("::1.2.3", Ipv4Parts(3), 2, 7),
        ("::1.2.3.4.5", Ipv4Parts(5), 2, 11),
        (
            "1:2:3:4:5:6:7:8:9",
            TooManyGroups {
                groups: 9,
                elided: false,
            },
            0,
            17,
        ),
        (
            "1:2:3:4::5:6:7:8",
            TooManyGroups {
                groups: 8,
                elided: true,
            },
            0,
            16,
        ),
        (
            "1:2:3:4:5:6:7:1.2.3.4",
            TooManyGroups {
                groups: 9,
                elided: false,
            },
            0,
            21,
        ),
        ("1:2:3:4:5:6:7", TooFewGroups(7), 0, 13),
        ("1:2:3:4:5:1.2.3.4", TooFewGroups(7), 0, 17),
        ("", TooFewGroups(0), 0, 0),
    ];

    #[test]
    fn rfc3986_ipv6_forms() {
        for a in VALID {
            assert_eq!(ipv6(a.as_bytes()), Ok(()), "{a}");
        }
        for &(a, kind, start, end) in INVALID {
            assert_eq!(
                ipv6(a.as_bytes()),
                Err(Ipv6Error { kind, start, end }),
                "{a}"
            );
        }
    }

    #[test]
    fn expected_at_the_error_byte() {
        let e = |a: &str| {
            ipv6(a.as_bytes())
                .err()
                .and_then(|e| e.expected(a.as_bytes()))
        };
        assert_eq!(e("1:2:3:4:5:6:7:g"), Some(vec!["h16", "IPv4address"]));
        assert_eq!(e(":1"), Some(vec!["h16", "\"::\""]));
        assert_eq!(e("1:x"), Some(vec!["h16"]));
        assert_eq!(e("::1.2.3.4x"), Some(vec!["DIGIT", "\"]\""]));
        assert_eq!(e("1:2"), None);
    }

    #[test]
    fn ipv4_and_octets() {
        for ok in ["0.0.0.0", "192.0.2.16", "255.255.255.255", "9.10.199.250"] {
            assert!(ipv4(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            "1.2.3",
            "1.2.3.4.5",
            "1.2.3.256",
            "01.2.3.4",
            "1.2.3.4.",
            "a.b.c.d",
        ] {
            assert!(!ipv4(bad.as_bytes()), "{bad}");
        }
        assert_eq!(dec_octet(b"1000"), Err(OctetError::TooLarge));
        assert_eq!(dec_octet(b"00"), Err(OctetError::LeadingZero));
    }

    #[test]
    fn dec_octet_fails_at_the_first_byte_no_dec_octet_can_take() {
        for (part, at) in [
            ("256", 2),
            ("255", 3),
            ("300", 2),
            ("01", 1),
            ("0", 1),
            ("", 0),
            ("a", 0),
            ("1a", 1),
            ("1000", 3),
            ("199", 3),
            ("260", 2),
        ] {
            assert_eq!(dec_octet_failure(part.as_bytes()), at, "{part}");
        }
    }

    #[test]
    fn ipvfuture_forms() {
        use IpvFutureErrorKind as F;
        assert_eq!(ipvfuture(b"v1.x"), Ok(()));
        assert_eq!(ipvfuture(b"VFe.a:b!$&'()*+,;=-._~"), Ok(()));
        let cases: &[(&str, F, usize, usize)] = &[
            ("v", F::NoVersion, 1, 1),
            ("v.x", F::NoVersion, 1, 2),
            ("vG.x", F::NoVersion, 1, 2),
            ("v1", F::NoDot, 2, 2),
            ("v1x", F::NoDot, 2, 3),
            ("v1.", F::EmptyTail, 3, 3),
            ("v1.a/b", F::BadChar, 4, 5),
            ("v1.aé", F::BadChar, 4, 6),
        ];
        for &(a, kind, start, end) in cases {
            assert_eq!(
                ipvfuture(a.as_bytes()),
                Err(IpvFutureError { kind, start, end }),
                "{a}"
            );
        }
    }

    /// Text shaped like IPv6: groups of hex digits (sometimes too long), colons single and
    /// double, and sometimes a dotted tail.
    fn ipv6_like() -> impl Strategy<Value = String> {
        let group = prop_oneof![
            "[0-9a-fA-F]{1,4}",
            "[0-9a-fA-F]{0,6}",
            "(25[0-6]|2[0-4][0-9]|1?[0-9]{1,2}|0[0-9])(\\.[0-9]{1,3}){0,4}",
        ];
        let sep = prop_oneof![3 => Just(":"), 1 => Just("::"), 1 => Just(":::")];
        (
            prop::option::of(sep.clone()),
            prop::collection::vec((group, sep), 0..9),
            prop::option::of("[0-9a-fA-F]{1,4}|[0-9]{1,3}(\\.[0-9]{1,3}){3}|%[a-z0-9]{1,3}"),
        )
            .prop_map(|(lead, body, tail)| {
                let mut s = lead.unwrap_or("").to_string();
                for (g, c) in body {
                    s.push_str(&g);
                    s.push_str(c);
                }
                s.push_str(tail.as_deref().unwrap_or(""));
                s
            })
    }

    /// A well-formed address written from eight groups: a run `[from, from + len)` of them
    /// elided by "::" and, when `v4`, the last two as an IPv4address; then byte `at` is
    /// replaced by `with` (or nothing is, when `at` is past the end).
    fn written(g: [u16; 8], from: usize, len: usize, v4: bool, at: usize, with: u8) -> String {
        let n = if v4 { 6 } else { 8 };
        let parts: Vec<String> = g[..n].iter().map(|x| format!("{x:x}")).collect();
        let (from, len) = (from.min(n), len.min(n - from.min(n)));
        let mut s = if len == 0 {
            parts.join(":")
        } else {
            format!(
                "{}::{}",
                parts[..from].join(":"),
                parts[from + len..].join(":")
            )
        };
        if v4 {
            if !s.is_empty() && !s.ends_with(':') {
                s.push(':');
            }
            let b = [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255];
            s.push_str(&format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3]));
        }
        let mut b = s.into_bytes();
        if let Some(c) = b.get_mut(at) {
            *c = with;
        }
        String::from_utf8(b).unwrap_or_default()
    }

    proptest! {
        /// The ABNF recognizer and the standard library's parser agree on which bracket-free
        /// texts are IPv6 addresses (neither accepts a zone identifier).
        #[test]
        fn agrees_with_std(s in ipv6_like()) {
            prop_assert_eq!(ipv6(s.as_bytes()).is_ok(), s.parse::<std::net::Ipv6Addr>().is_ok(), "{}", s);
        }

        /// Well-formed addresses of every alternative are accepted by both; with one byte
        /// changed, both still agree.
        #[test]
        fn written_forms_agree_with_std(
            g in any::<[u16; 8]>(), from in 0..9usize, len in 0..9usize, v4 in any::<bool>(),
            at in 0..80usize, with in prop::sample::select(b":.0aG%x ".to_vec()),
        ) {
            let s = written(g, from, len, v4, 200, b'x');
            prop_assert!(ipv6(s.as_bytes()).is_ok(), "{}", s);
            prop_assert!(s.parse::<std::net::Ipv6Addr>().is_ok(), "{}", s);
            let m = written(g, from, len, v4, at, with);
            prop_assert_eq!(ipv6(m.as_bytes()).is_ok(), m.parse::<std::net::Ipv6Addr>().is_ok(), "{}", m);
        }

        /// Any text: no panic, and an error's bytes lie within the text.
        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            if let Err(e) = ipv6(s.as_bytes()) {
                prop_assert!(e.start <= e.end && e.end <= s.len());
            }
            if let Err(e) = ipvfuture(s.as_bytes()) {
                prop_assert!(e.start <= e.end && e.end <= s.len());
            }
        }
    }
}
