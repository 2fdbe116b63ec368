//! Percent-encoding (RFC 3986 §2.1): reading, writing and normalising `%HH` triplets.

/// The value of the hex digit `b`, if it is one.
#[inline]
pub const fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The octet encoded by a well-formed `%HH` triplet at byte `i` of `s`.
#[inline]
pub fn triplet_at(s: &[u8], i: usize) -> Option<u8> {
    if s.get(i) != Some(&b'%') {
        return None;
    }
    let h = hex_val(*s.get(i + 1)?)?;
    let l = hex_val(*s.get(i + 2)?)?;
    Some(h << 4 | l)
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%HH` (upper-case hex) for octet `b`.
#[inline]
pub fn push_encoded(out: &mut String, b: u8) {
    out.push('%');
    out.push(UPPER_HEX[(b >> 4) as usize] as char);
    out.push(UPPER_HEX[(b & 15) as usize] as char);
}

/// Appends every UTF-8 octet of `c` as `%HH`.
pub fn push_encoded_char(out: &mut String, c: char) {
    let mut buf = [0u8; 4];
    for b in c.encode_utf8(&mut buf).bytes() {
        push_encoded(out, b);
    }
}

/// Decodes every well-formed triplet; a `%` that starts no triplet stays as it is.
pub fn decode_bytes(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(v) = triplet_at(b, i) {
            out.push(v);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// Decodes every well-formed triplet and reads the result as UTF-8, replacing what is not
/// UTF-8 with U+FFFD.
pub fn decode_lossy(s: &str) -> String {
    String::from_utf8_lossy(&decode_bytes(s)).into_owned()
}

/// Rewrites the hex digits of every triplet in upper case (RFC 3986 §6.2.2.1).
pub fn uppercase_triplets(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if triplet_at(b, i).is_some() {
            out.push_str(&s[last..i]);
            out.push('%');
            out.push(b[i + 1].to_ascii_uppercase() as char);
            out.push(b[i + 2].to_ascii_uppercase() as char);
            i += 3;
            last = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&s[last..]);
    out
}

/// True when `s` holds only US-ASCII characters, counting what its `%HH` triplets encode:
/// RFC 3987 §5.3.2.1's "US-ASCII only host" (a triplet of a non-ASCII octet stands for part of
/// a non-ASCII character).
pub fn is_ascii_only_decoded(s: &str) -> bool {
    let b = s.as_bytes();
    s.is_ascii() && (0..b.len()).all(|i| b[i] != b'%' || triplet_at(b, i).is_none_or(|v| v < 0x80))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triplets() {
        assert_eq!(triplet_at(b"a%2c", 1), Some(0x2c));
        assert_eq!(triplet_at(b"%2", 0), None);
        assert_eq!(decode_lossy("a%2Cb%zz%"), "a,b%zz%");
        assert_eq!(uppercase_triplets("a%2cb%zz"), "a%2Cb%zz");
        let mut s = String::new();
        push_encoded_char(&mut s, 'é');
        assert_eq!(s, "%C3%A9");
    }
}
