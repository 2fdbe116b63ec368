//! Check digits of the namespaces that have them, and the ISBN's parts.
//!
//! ISBN-10 and ISBN-13 check digits, conversion and parts come from the `isbn` crate
//! (its range data is the International ISBN Agency's). The others are written here, each
//! a few lines of arithmetic that no well-kept crate covers on its own: ISSN (mod 11 with
//! weights 8 to 2, as the ISSN namespace registration states), ISAN (ISO 7064 MOD 37,36,
//! the algorithm ISO 15706 uses), and the German National Library's check digit for
//! `urn:nbn:de` (its published procedure and character table).

use super::{CheckInput, Finding};

/// The value of an ISBN's or ISSN's digit: `0`–`9`, and `X` or `x` read as 10; `None` for
/// any other byte (hyphens and the rest are skipped). Byte by byte: a digit or an `X` is
/// one byte, and no byte of another character is one (UTF-8's continuation bytes are above
/// ASCII), so a byte's offset is its character's.
fn digit_or_x(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'X' | b'x' => Some(10),
        _ => None,
    }
}

/// The digits of an ISBN ([`digit_or_x`]) and their byte offsets.
fn isbn_digits(nss: &str) -> Vec<(u8, usize)> {
    nss.bytes()
        .enumerate()
        .filter_map(|(i, c)| digit_or_x(c).map(|d| (d, i)))
        .collect()
}

/// The digits of an ISBN or an ISSN ([`digit_or_x`]) on the stack, how many there are and
/// the byte offset of the last; `None` when there are more than `N` (no form of the
/// identifier has more). `check --namespaces` runs this on every ISBN and ISSN.
fn digits_and_x<const N: usize>(nss: &[u8]) -> Option<([u8; N], usize, usize)> {
    let mut values = [0u8; N];
    let (mut n, mut at) = (0, 0);
    for (i, &c) in nss.iter().enumerate() {
        let Some(d) = digit_or_x(c) else { continue };
        *values.get_mut(n)? = d;
        n += 1;
        at = i;
    }
    Some((values, n, at))
}

/// The check digit the `isbn` crate accepts for these first twelve ISBN-13 digits
/// (weights 1 and 3, modulus 10); `None` when one is not a decimal digit, which the crate
/// refuses. Computed here as the crate computes it, because the crate does so only inside
/// `Isbn13::new` (trying each candidate cost ten checksums an ISBN, on every URN of
/// `check --namespaces`); the test `the_check_digits_are_the_isbn_crates` compares both.
pub(super) fn isbn13_check(first12: &[u8]) -> Option<u8> {
    let d = first12.get(..12)?;
    let mut sum = 0u32;
    for (i, &x) in d.iter().enumerate() {
        if x > 9 {
            return None;
        }
        sum += u32::from(x) * if i % 2 == 0 { 1 } else { 3 };
    }
    Some(((10 - sum % 10) % 10) as u8)
}

/// The check digit (10 for `X`) the `isbn` crate accepts for these first nine ISBN-10
/// digits (weights 10 to 2, modulus 11), computed as [`isbn13_check`] is.
pub(super) fn isbn10_check(first9: &[u8]) -> Option<u8> {
    let d = first9.get(..9)?;
    let mut sum = 0u32;
    for (i, &x) in d.iter().enumerate() {
        if x > 9 {
            return None;
        }
        sum += u32::from(x) * (10 - i as u32);
    }
    Some(((11 - sum % 11) % 11) as u8)
}

fn digit_char(d: u8) -> char {
    if d == 10 { 'X' } else { char::from(b'0' + d) }
}

/// ISBN-10 and ISBN-13 check digits.
pub(super) fn isbn(input: &CheckInput<'_>) -> Option<Finding> {
    // At most 13 digits are read, and a 14th means neither form.
    let (values, n, at) = digits_and_x::<13>(input.nss)?;
    let (want, form) = match n {
        13 => (isbn13_check(&values[..12])?, "ISBN-13, modulus 10"),
        10 => (isbn10_check(&values[..9])?, "ISBN-10, modulus 11"),
        _ => return None,
    };
    let last = *values.get(n - 1)?;
    (want != last).then(|| Finding {
        start: at,
        end: at + 1,
        message: if input.words {
            format!(
                "the check digit should be {} ({form}), not {}: a digit of the ISBN is \
                 probably wrong, so idbench neither converts it nor equates it with another \
                 ISBN (no canonical_namespace); check the ISBN at its source",
                digit_char(want),
                digit_char(last)
            )
        } else {
            String::new()
        },
    })
}

/// The ISBN's parts (GS1 element, registration group, registrant, publication) from the
/// `isbn` crate's range data, as spans of the NSS; none when the crate does not know the
/// range. A wrong check digit does not hide the parts (they do not depend on it): the
/// ranges are looked up with the check digit the other digits call for, which the crate
/// accepts, and the parts' spans are those of the digits as written.
pub(super) fn isbn_parts(nss: &str) -> Vec<(&'static str, usize, usize)> {
    let ds = isbn_digits(nss);
    let mut values: Vec<u8> = ds.iter().map(|&(d, _)| d).collect();
    let hyphenated = match values.len() {
        13 => {
            let Some(c) = isbn13_check(&values[..12]) else {
                return Vec::new();
            };
            values[12] = c;
            let mut a = [0u8; 13];
            a.copy_from_slice(&values);
            isbn::Isbn13::new(a).ok().and_then(|i| i.hyphenate().ok())
        }
        10 => {
            let Some(c) = isbn10_check(&values[..9]) else {
                return Vec::new();
            };
            values[9] = c;
            let mut a = [0u8; 10];
            a.copy_from_slice(&values);
            isbn::Isbn10::new(a).ok().and_then(|i| i.hyphenate().ok())
        }
        _ => None,
    };
    let Some(h) = hyphenated else {
        return Vec::new();
    };
    let lens: Vec<usize> = h.split('-').map(str::len).collect();
    let names: &[&'static str] = if values.len() == 13 {
        &[
            "gs1-element",
            "registration-group",
            "registrant",
            "publication",
        ]
    } else {
        &["registration-group", "registrant", "publication"]
    };
    let mut out = Vec::new();
    let mut i = 0;
    for (name, &len) in names.iter().zip(&lens) {
        let (Some(&(_, s)), Some(&(_, e))) = (ds.get(i), ds.get(i + len.saturating_sub(1))) else {
            return Vec::new();
        };
        out.push((*name, s, e + 1));
        i += len;
    }
    out
}

/// The ISSN check digit: "calculated on a modulus 11 basis using weights 8 to 2" (ISSN
/// namespace registration, Syntax), 10 written `X`.
pub(super) fn issn(input: &CheckInput<'_>) -> Option<Finding> {
    // Eight digits, or no judgement.
    let (ds, n, at) = digits_and_x::<8>(input.nss)?;
    if n != 8 {
        return None;
    }
    let sum: u32 = ds[..7]
        .iter()
        .zip((2..=8u32).rev())
        .map(|(&d, w)| u32::from(d) * w)
        .sum();
    let want = ((11 - sum % 11) % 11) as u8;
    let last = ds[7];
    (want != last).then(|| Finding {
        start: at,
        end: at + 1,
        message: if input.words {
            format!(
                "the check digit should be {} (modulus 11, weights 8 to 2), not {}: a digit of \
                 the ISSN is probably wrong",
                digit_char(want),
                digit_char(last)
            )
        } else {
            String::new()
        },
    })
}

/// ISO 7064 MOD 37,36 (a hybrid system over the 36 digits and letters): the check
/// character for `s`, or `None` if `s` holds anything else.
fn mod_37_36(s: &[u8]) -> Option<u8> {
    let mut p: u32 = 36;
    for &c in s {
        let v = char::from(c).to_digit(36)?;
        let mut t = (p + v) % 36;
        if t == 0 {
            t = 36;
        }
        p = (t * 2) % 37;
    }
    let c = (0..36u32).find(|&c| (p + c) % 36 == 1)?;
    char::from_digit(c, 36).map(|ch| ch.to_ascii_uppercase() as u8)
}

/// The ISAN check characters: the first over the root and episode (16 hex digits), the
/// second over root, episode and version (24), both ISO 7064 MOD 37,36 (ISO 15706).
pub(super) fn isan(input: &CheckInput<'_>) -> Option<Finding> {
    let nss = input.nss;
    // root (3 groups) and episode (1 group): 4 groups of 4 hex digits and a hyphen each.
    let mut hex: Vec<u8> = Vec::with_capacity(24);
    let mut groups = 0;
    let mut i = 0;
    while i < nss.len() {
        let end = nss[i..]
            .iter()
            .position(|&b| b == b'-')
            .map_or(nss.len(), |p| i + p);
        let part = &nss[i..end];
        if part.len() == 4 {
            hex.extend(part.iter().map(u8::to_ascii_uppercase));
            groups += 1;
        } else if part.len() == 1 {
            let want = mod_37_36(&hex)?;
            let got = part[0].to_ascii_uppercase();
            if want != got {
                let which = if groups <= 4 {
                    "the first check character (over root and episode)"
                } else {
                    "the second check character (over root, episode and version)"
                };
                return Some(Finding {
                    start: i,
                    end: i + 1,
                    message: if input.words {
                        format!(
                            "{which} should be {} (ISO 7064 MOD 37,36), not {}",
                            char::from(want),
                            char::from(part[0])
                        )
                    } else {
                        String::new()
                    },
                });
            }
        }
        i = end + 1;
    }
    None
}

/// What each byte adds to [`dnb_check_digit_of`]'s sum, one read a character: its
/// [`dnb_value`]'s count of decimal digits `n` (0: no value), their sum `s`, the term
/// `t` (`d1` for one digit, `d1 + 2 * d2` for two) and its last digit. The digits at
/// positions `p + 1` (and `p + 2`) add `p * s + t` to the sum, the procedure's products
/// of each digit and its position, summed a character at a time.
const DNB_TERMS: [[u8; 4]; 256] = {
    let mut t = [[0u8; 4]; 256];
    let mut b = 0;
    while b < 256 {
        if let Some(v) = dnb_value(b as u8) {
            // Every value is below 50: one or two decimal digits.
            let v = v as u8;
            t[b] = if v >= 10 {
                let (d1, d2) = (v / 10, v % 10);
                [2, d1 + d2, d1 + 2 * d2, d2]
            } else {
                [1, v, v, v]
            };
        }
        b += 1;
    }
    t
};

/// The German National Library's table for its `urn:nbn:de` check digit: each character
/// of the URN to a number (no value holds a zero).
const fn dnb_value(c: u8) -> Option<u32> {
    Some(match c.to_ascii_lowercase() {
        b'0' => 1,
        b'1' => 2,
        b'2' => 3,
        b'3' => 4,
        b'4' => 5,
        b'5' => 6,
        b'6' => 7,
        b'7' => 8,
        b'8' => 9,
        b'9' => 41,
        b'a' => 18,
        b'b' => 14,
        b'c' => 19,
        b'd' => 15,
        b'e' => 16,
        b'f' => 21,
        b'g' => 22,
        b'h' => 23,
        b'i' => 24,
        b'j' => 25,
        b'k' => 42,
        b'l' => 26,
        b'm' => 27,
        b'n' => 13,
        b'o' => 28,
        b'p' => 29,
        b'q' => 31,
        b'r' => 12,
        b's' => 32,
        b't' => 33,
        b'u' => 11,
        b'v' => 34,
        b'w' => 35,
        b'x' => 36,
        b'y' => 37,
        b'z' => 38,
        b'+' => 49,
        b':' => 17,
        b'_' => 43,
        b'-' => 39,
        b'.' => 47,
        b'/' => 45,
        _ => return None,
    })
}

/// The DNB check digit of a URN without its last character: every character to its
/// table value, the decimal digits of those values in a row, each digit times its
/// position (from 1), summed; the sum divided by the last digit; the last digit of the
/// integer quotient. `None` when a character is not in the table.
#[cfg(test)]
pub(super) fn dnb_check_digit(urn: &str) -> Option<u8> {
    dnb_check_digit_of(&[urn.as_bytes()])
}

/// The DNB check digit (as `dnb_check_digit` gives it) of the concatenation of `parts`:
/// the URN as its pieces, not copied into one string.
fn dnb_check_digit_of(parts: &[&[u8]]) -> Option<u8> {
    let mut sum: u64 = 0;
    let mut pos: u64 = 0;
    let mut last: u64 = 0;
    for part in parts {
        for &b in *part {
            let [n, s, t, l] = DNB_TERMS[usize::from(b)];
            if n == 0 {
                return None;
            }
            sum = sum.saturating_add(pos * u64::from(s) + u64::from(t));
            pos += u64::from(n);
            last = u64::from(l);
        }
    }
    (last != 0).then(|| ((sum / last) % 10) as u8)
}

/// The check digit of a `urn:nbn:de` URN: its last character (DNB, "Beschreibung des
/// Algorithmus zur Berechnung der URN-Prüfziffer").
pub(super) fn dnb(input: &CheckInput<'_>) -> Option<Finding> {
    let nss = input.nss;
    if !nss
        .get(..3)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"de-") || p.eq_ignore_ascii_case(b"de:"))
    {
        return None;
    }
    let at = nss.len().checked_sub(1)?;
    let last = *nss.get(at)?;
    let body = nss.get(..at)?;
    let want = dnb_check_digit_of(&[b"urn:", input.nid, b":", body])?;
    if last.is_ascii_digit() && last - b'0' == want {
        return None;
    }
    Some(Finding {
        start: at,
        end: nss.len(),
        message: if !input.words {
            String::new()
        } else if last.is_ascii_digit() {
            format!(
                "the check digit of a urn:nbn:de URN should be {want} here, not {} (the \
                 German National Library's check-digit procedure)",
                char::from(last)
            )
        } else {
            format!(
                "a urn:nbn:de URN ends with its check digit, {want} for what precedes it \
                 (the German National Library's check-digit procedure)"
            )
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dnb_procedure_gives_the_dnb_worked_example() {
        // persistent-identifier.de, "Check digit algorithm": urn:nbn:de:gbv:089-332175294,
        // product sum 4027, divided by 5, check digit 5.
        assert_eq!(dnb_check_digit("urn:nbn:de:gbv:089-332175294"), Some(5));
    }

    fn input<'a>(nid: &'a str, nss: &'a str) -> CheckInput<'a> {
        CheckInput {
            nid: nid.as_bytes(),
            nss: nss.as_bytes(),
            words: true,
        }
    }

    /// The DNB check digit read from the URN's pieces is the one of the whole URN, and
    /// `dnb` points at the last character when it is wrong.
    #[test]
    fn the_dnb_check_reads_the_urn_in_pieces() {
        // The worked example: check digit 5 after `urn:nbn:de:gbv:089-332175294`.
        assert_eq!(
            dnb_check_digit_of(&[b"urn:", b"nbn", b":", b"de:gbv:089-332175294"]),
            Some(5)
        );
        assert!(dnb(&input("nbn", "de:gbv:089-3321752945")).is_none());
        let f = dnb(&input("nbn", "de:gbv:089-3321752944")).expect("a wrong check digit");
        assert_eq!((f.start, f.end), (20, 21));
        assert!(f.message.contains("should be 5"), "{}", f.message);
    }

    /// ISBN-13 and ISBN-10 digits read on the stack: the last digit judged, any other
    /// count of digits (fewer, or more than 13) not judged.
    #[test]
    fn the_isbn_check_counts_the_digits() {
        assert!(isbn(&input("isbn", "978-0-306-40615-7")).is_none());
        let f = isbn(&input("isbn", "978-0-306-40615-8")).expect("a wrong check digit");
        assert_eq!((f.start, f.end), (16, 17));
        assert!(f.message.contains("should be 7"), "{}", f.message);
        assert!(isbn(&input("isbn", "0-306-40615-2")).is_none());
        assert!(isbn(&input("isbn", "0-306-40615-3")).is_some());
        assert!(isbn(&input("isbn", "030640615x")).is_some());
        // 14 digits, 12 digits, none: neither form.
        assert!(isbn(&input("isbn", "978-0-306-40615-78")).is_none());
        assert!(isbn(&input("isbn", "978-0-306-4061-5")).is_none());
        assert!(isbn(&input("isbn", "abc")).is_none());
    }

    /// The ISBN check digits computed here are the ones the `isbn` crate accepts, and none
    /// is given where a digit is out of range (the crate refuses those). Digit arrays from
    /// a small linear congruential sequence, every position and value covered.
    #[test]
    fn the_check_digits_are_the_isbn_crates() {
        let mut x: u32 = 12345;
        let mut next = || {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            ((x >> 16) % 10) as u8
        };
        for _ in 0..20_000 {
            let mut a13 = [0u8; 13];
            a13.iter_mut().take(12).for_each(|d| *d = next());
            let c = isbn13_check(&a13[..12]).expect("digits in range");
            a13[12] = c;
            assert!(isbn::Isbn13::new(a13).is_ok(), "{a13:?}");
            a13[12] = (c + 1) % 10;
            assert!(isbn::Isbn13::new(a13).is_err(), "{a13:?}");
            let mut a10 = [0u8; 10];
            a10.iter_mut().take(9).for_each(|d| *d = next());
            let c = isbn10_check(&a10[..9]).expect("digits in range");
            a10[9] = c;
            assert!(isbn::Isbn10::new(a10).is_ok(), "{a10:?}");
            a10[9] = (c + 1) % 11;
            assert!(isbn::Isbn10::new(a10).is_err(), "{a10:?}");
        }
        let mut with_x = [9u8, 7, 8, 0, 3, 0, 6, 4, 0, 6, 1, 5];
        with_x[5] = 10;
        assert_eq!(isbn13_check(&with_x), None);
        assert_eq!(isbn10_check(&with_x[..9]), None);
        assert_eq!(isbn13_check(&with_x[..11]), None);
    }

    /// Without `words`, a check finds the same span and writes no message (the batch
    /// layer shows none).
    #[test]
    fn a_check_without_words_finds_the_same_span_without_a_message() {
        for (check, nid, nss) in [
            (
                isbn as fn(&CheckInput<'_>) -> Option<Finding>,
                "isbn",
                "978-0-306-40615-8",
            ),
            (issn, "issn", "0317-8472"),
            (dnb, "nbn", "de:gbv:089-3321752944"),
            (isan, "isan", "0000-0000-D07A-0090-R-0000-0000-X"),
        ] {
            let with = check(&input(nid, nss)).expect("a wrong check digit");
            let without = check(&CheckInput {
                words: false,
                ..input(nid, nss)
            })
            .expect("the same finding");
            assert_eq!(
                (with.start, with.end),
                (without.start, without.end),
                "{nss}"
            );
            assert!(
                !with.message.is_empty() && without.message.is_empty(),
                "{nss}"
            );
        }
    }

    /// The DNB procedure as published, digit by digit: every character to its value,
    /// the values' decimal digits in a row, each times its position from 1, summed.
    fn dnb_digit_by_digit(urn: &[u8]) -> Option<u8> {
        let mut digits = Vec::new();
        for &b in urn {
            let v = dnb_value(b)?;
            if v >= 10 {
                digits.push(u64::from(v / 10));
            }
            digits.push(u64::from(v % 10));
        }
        let sum: u64 = (1..).zip(&digits).map(|(p, &d)| p * d).sum();
        let last = *digits.last()?;
        (last != 0).then(|| ((sum / last) % 10) as u8)
    }

    /// The sum made a character at a time ([`DNB_TERMS`]) is the procedure's, digit by
    /// digit: on every character of the table alone, and on strings of them (one- and
    /// two-digit values mixed) from a small linear congruential sequence, whole and in
    /// pieces; a character outside the table gives none.
    #[test]
    fn the_dnb_terms_give_the_digit_by_digit_sum() {
        let alphabet: Vec<u8> = (0..=255u8).filter(|&b| dnb_value(b).is_some()).collect();
        assert_eq!(
            alphabet.len(),
            42 + 26,
            "digits, letters in both cases, signs"
        );
        for &b in &alphabet {
            assert_eq!(dnb_check_digit_of(&[&[b]]), dnb_digit_by_digit(&[b]), "{b}");
        }
        let mut x: u32 = 8141;
        let mut next = || {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as usize
        };
        for _ in 0..5_000 {
            let len = 1 + next() % 60;
            let s: Vec<u8> = (0..len)
                .map(|_| alphabet[next() % alphabet.len()])
                .collect();
            let want = dnb_digit_by_digit(&s);
            assert!(want.is_some());
            assert_eq!(dnb_check_digit_of(&[&s]), want, "{s:?}");
            let cut = next() % (len + 1);
            assert_eq!(dnb_check_digit_of(&[&s[..cut], &s[cut..]]), want, "{s:?}");
        }
        assert_eq!(dnb_check_digit_of(&[b"urn:nbn:de:a b"]), None);
        assert_eq!(dnb_check_digit_of(&[b""]), None);
    }

    /// The digits read for ISBN and ISSN: their values (`X` as 10), count and the last
    /// one's offset, other bytes skipped, and no answer past the count asked for.
    #[test]
    fn the_digits_and_x_are_read_with_the_last_offset() {
        let (v, n, at) = digits_and_x::<13>(b"978-0-306-40615-7").expect("13 digits");
        assert_eq!(
            (&v[..n], at),
            (&[9, 7, 8, 0, 3, 0, 6, 4, 0, 6, 1, 5, 7][..], 16)
        );
        let (v, n, at) = digits_and_x::<8>("0317-847x".as_bytes()).expect("8 digits");
        assert_eq!((&v[..n], at), (&[0, 3, 1, 7, 8, 4, 7, 10][..], 8));
        let (v, n, at) = digits_and_x::<8>("é1-X".as_bytes()).expect("2 digits");
        assert_eq!((&v[..n], at), (&[1, 10][..], 4));
        assert_eq!(
            digits_and_x::<8>(b"").map(|(_, n, at)| (n, at)),
            Some((0, 0))
        );
        assert!(digits_and_x::<8>(b"1234-56789").is_none());
        assert!(digits_and_x::<13>(b"978-0-306-40615-78").is_none());
    }

    #[test]
    fn mod_37_36_gives_the_isan_example_check_characters() {
        assert_eq!(mod_37_36(b"00000000D07A0090"), Some(b'Q'));
        assert_eq!(mod_37_36(b"00000000D07A009000000000"), Some(b'X'));
    }
}
