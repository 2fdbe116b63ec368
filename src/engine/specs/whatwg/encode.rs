//! The percent-encode sets (URL Standard §1.3, #percent-encoded-bytes) and UTF-8
//! percent-encoding with them.
//!
//! Written here rather than taken from the `percent-encoding` crate: that crate is not a
//! dependency of the engine, and the parser needs to know, byte by byte, which set encoded
//! what (for its notes), which a bitmask test beside the loop gives for free.

/// One of the standard's percent-encode sets the basic URL parser uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeSet {
    /// The C0 control percent-encode set: C0 controls and every code point over U+007E.
    C0Control,
    /// The fragment percent-encode set.
    Fragment,
    /// The query percent-encode set.
    Query,
    /// The special-query percent-encode set (the query set and `'`).
    SpecialQuery,
    /// The path percent-encode set.
    Path,
    /// The userinfo percent-encode set.
    Userinfo,
}

const fn bits(chars: &[u8]) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < chars.len() {
        m |= 1u128 << chars[i];
        i += 1;
    }
    m
}

/// C0 controls (U+0000 to U+001F); U+007F and above are in every set (see [`EncodeSet::contains`]).
const C0: u128 = (1u128 << 0x20) - 1;
const FRAGMENT: u128 = C0 | bits(b" \"<>`");
const QUERY: u128 = C0 | bits(b" \"#<>");
const SPECIAL_QUERY: u128 = QUERY | bits(b"'");
const PATH: u128 = QUERY | bits(b"?^`{}");
const USERINFO: u128 = PATH | bits(b"/:;=@[\\]|");

impl EncodeSet {
    const fn mask(self) -> u128 {
        match self {
            EncodeSet::C0Control => C0,
            EncodeSet::Fragment => FRAGMENT,
            EncodeSet::Query => QUERY,
            EncodeSet::SpecialQuery => SPECIAL_QUERY,
            EncodeSet::Path => PATH,
            EncodeSet::Userinfo => USERINFO,
        }
    }

    /// True when the set holds the byte (every byte over 0x7E is in every set).
    #[inline]
    pub const fn contains(self, b: u8) -> bool {
        b > 0x7e || (self.mask() >> b) & 1 == 1
    }

    /// The standard's name for the set.
    pub const fn name(self) -> &'static str {
        match self {
            EncodeSet::C0Control => "C0 control percent-encode set",
            EncodeSet::Fragment => "fragment percent-encode set",
            EncodeSet::Query => "query percent-encode set",
            EncodeSet::SpecialQuery => "special-query percent-encode set",
            EncodeSet::Path => "path percent-encode set",
            EncodeSet::Userinfo => "userinfo percent-encode set",
        }
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// UTF-8 percent-encodes `c` with `set` onto `out`; true when some byte was encoded.
#[inline]
pub fn encode_char(c: char, set: EncodeSet, out: &mut String) -> bool {
    if c.is_ascii() {
        let b = c as u8;
        if set.contains(b) {
            push_pct(b, out);
            true
        } else {
            out.push(c);
            false
        }
    } else {
        let mut buf = [0u8; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            push_pct(b, out);
        }
        true
    }
}

/// Appends `%XX` (upper-case hex) for `b`.
#[inline]
pub fn push_pct(b: u8, out: &mut String) {
    out.push('%');
    out.push(HEX[(b >> 4) as usize] as char);
    out.push(HEX[(b & 15) as usize] as char);
}

/// The percent-decoding of `input` (URL Standard §1.3 #percent-decode): `%` followed by
/// two hex digits becomes its byte; everything else is kept.
pub fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if b == b'%'
            && i + 2 < input.len()
            && let (Some(h), Some(l)) = (hex_val(input[i + 1]), hex_val(input[i + 2]))
        {
            out.push(h << 4 | l);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    out
}

/// The value of an ASCII hex digit.
#[inline]
pub const fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// True when `s` starts with two ASCII hex digits.
#[inline]
pub fn starts_with_two_hex(s: &[u8]) -> bool {
    s.len() >= 2 && s[0].is_ascii_hexdigit() && s[1].is_ascii_hexdigit()
}

/// True when `c` is a URL code point (URL Standard §4.3 #url-code-points).
#[inline]
pub fn is_url_code_point(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || b"!$&'()*+,-./:;=?@_~".contains(&(c as u8));
    }
    let u = c as u32;
    // U+00A0 to U+10FFFD, without surrogates (never a `char`) and noncharacters.
    (0xA0..=0x10FFFD).contains(&u) && !(0xFDD0..=0xFDEF).contains(&u) && (u & 0xFFFE) != 0xFFFE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sets_nest_as_the_standard_defines_them() {
        for b in 0u8..=0x7f {
            let c0 = EncodeSet::C0Control.contains(b);
            assert!(!c0 || EncodeSet::Fragment.contains(b));
            assert!(!c0 || EncodeSet::Query.contains(b));
            assert!(!EncodeSet::Query.contains(b) || EncodeSet::SpecialQuery.contains(b));
            assert!(!EncodeSet::Query.contains(b) || EncodeSet::Path.contains(b));
            assert!(!EncodeSet::Path.contains(b) || EncodeSet::Userinfo.contains(b));
        }
        assert!(EncodeSet::Path.contains(b'^'));
        assert!(!EncodeSet::Query.contains(b'`'));
        assert!(EncodeSet::Fragment.contains(b'`'));
        assert!(EncodeSet::C0Control.contains(0x7f));
        assert!(!EncodeSet::C0Control.contains(b'~'));
    }

    #[test]
    fn decoding_keeps_a_stray_percent() {
        assert_eq!(percent_decode(b"a%41%4"), b"aA%4");
        assert_eq!(percent_decode(b"%zz%"), b"%zz%");
    }
}
