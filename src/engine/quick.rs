//! A quick yes-or-"don't know" validator for batch checking.
//!
//! Why it exists: `idbench check` judges millions of lines, and on almost all of them the
//! answer is "valid". The full grammars ([`super::specs`]'s grammars) build a concrete syntax tree
//! with spans, attributes and explained diagnostics for every line, which is what the
//! workbench needs and several times the work a plain yes/no needs. The recognizers here are
//! tree-less, one per built-in spec (a descriptor's [`quick`](super::descriptor::Descriptor::quick)): one pass over the bytes (a few for nested XRI
//! cross-references), driven by a 256-entry table of character classes derived from
//! [`chars`], allocating nothing. The URN ones also name the first error of some
//! invalid URNs, and the URI / IRI one that of most invalid references (issue 42), where
//! everything before the bad byte was checked and the grammar cannot report an earlier one.
//!
//! It is an accelerator, never the judge. `true` means "the full grammar reports no error";
//! `false` means "don't know": the caller ([`super::quick_check`], for [`super::first_error`]) then runs the full parse,
//! which decides and names the first error. So it must be *sound* (true ⇒ the full parser
//! has no Error diagnostic) and should be *complete* on ordinary valid input (true for
//! nearly every line the full parser accepts); where being exact would cost code for a rare
//! case it may answer "don't know". Soundness and completeness are proven by tests against
//! the full grammar (`tests/validate.rs`: generated inputs that reach every branch, every
//! spec example, the grammars' edge tables, and a corpus sample).
//!
//! The recognizers follow the ABNF of RFC 3986 Appendix A, RFC 3987 §2.2, RFC 8141 §2, RFC
//! 2141, the rfc2141bis draft, the WWW draft and XRI Syntax 2.0 Appendix A (the URL
//! Standard's is in its folder, `specs/whatwg/quick.rs`), and
//! make the same first-match-wins choices as the full grammars (where a component ends,
//! which `@` ends the userinfo, when brackets hold an IP literal), so the two agree on what
//! each byte belongs to. Only errors matter here: warnings and notes (NFC, bidi direction,
//! script mixing, uppercase, dot-segments) never make an input invalid.

use super::chars::{self, AsciiSet};
use super::codes::Code;
use super::descriptor::Quick;
use super::ip;

// ---------------------------------------------------------------- the recognizers

/// RFC 3986 `URI-reference`; names the errors of a scheme, a path, a query and a fragment.
pub fn uri(b: &[u8]) -> Quick {
    uri_reference::<false>(b)
}

/// RFC 3987 `IRI-reference`; names the errors of a scheme, a path, a query and a fragment.
pub fn iri(b: &[u8]) -> Quick {
    uri_reference::<true>(b)
}

/// RFC 8141 `namestring`.
pub fn urn8141(b: &[u8]) -> Quick {
    Quick::valid_or_unknown(namestring(b))
}

/// RFC 2141 `<URN>`; names some errors.
pub fn urn2141(b: &[u8]) -> Quick {
    urn_before_8141::<false>(b)
}

/// The rfc2141bis draft's `URN`; names some errors.
pub fn urn2141bis(b: &[u8]) -> Quick {
    urn_before_8141::<true>(b)
}

/// The WWW draft's URI or partial form.
pub fn www(b: &[u8]) -> Quick {
    Quick::valid_or_unknown(www_bytes(b))
}

/// XRI Syntax 2.0 `XRI-reference`.
pub fn xri(b: &[u8]) -> Quick {
    Quick::valid_or_unknown(xri_bytes(b))
}

// ---------------------------------------------------------------- character classes

/// `scheme` characters after the first (RFC 3986 §3.1).
const C_SCHEME: u16 = 1 << 0;
/// `ALPHA`.
const C_ALPHA: u16 = 1 << 1;
/// `userinfo` characters without `pct-encoded`.
const C_USERINFO: u16 = 1 << 2;
/// `reg-name` characters without `pct-encoded`.
const C_REG_NAME: u16 = 1 << 3;
/// `segment-nz-nc` characters without `pct-encoded`: `pchar` but ":".
const C_PCHAR_NC: u16 = 1 << 4;
/// `pchar / "/"`: a path (RFC 3986), an NSS and the inside of r-/q-components (RFC 8141).
const C_PATH: u16 = 1 << 5;
/// `pchar / "/" / "?"`: query and fragment (RFC 3986), f-component (RFC 8141).
const C_QUERY: u16 = 1 << 6;
/// `HEXDIG`.
const C_HEX: u16 = 1 << 7;
/// `DIGIT`.
const C_DIGIT: u16 = 1 << 8;
/// `ALPHA / DIGIT / "-"`: a NID.
const C_LDH: u16 = 1 << 9;
/// RFC 2141 `<trans>` without "%".
const C_TRANS_2141: u16 = 1 << 11;
/// `pchar` without `pct-encoded`: an rfc2141bis NSS.
const C_PCHAR: u16 = 1 << 12;
/// WWW draft `xalpha` without `escape`: a scheme's tail, a search term, a fragment-id.
const C_XALPHA: u16 = 1 << 13;
/// WWW draft `xpalpha` without `escape`: a path segment.
const C_XPALPHA: u16 = 1 << 14;
/// XRI Syntax 2.0 `xri-pchar` without `pct-encoded` and `ucschar`: a subsegment's value.
/// None of the bytes that end a subsegment ("*", "!", "/", "?", "#", "(") is in it.
const C_XRI_PCHAR: u16 = 1 << 10;
/// XRI `xri-pchar-nc`: `xri-pchar` without ":", the first segment of a relative reference.
const C_XRI_PCHAR_NC: u16 = 1 << 15;

/// The class bits of every byte, built from the [`chars`] sets (not a second list). Held
/// in 32 bits though 16 are used: the scans then `&` an entry straight from memory, where
/// a 16-bit entry takes a load of its own (five instructions in eighteen of [`skip`]'s
/// loop over four bytes).
static CLASS: [u32; 256] = classes();

/// [`CLASS`] again, for [`first_miss`] alone.
static MISS: [u32; 256] = classes();

const fn classes() -> [u32; 256] {
    let sets: [(AsciiSet, u16); 16] = [
        (chars::SCHEME_REST, C_SCHEME),
        (chars::ALPHA, C_ALPHA),
        (chars::USERINFO, C_USERINFO),
        (chars::REG_NAME, C_REG_NAME),
        (chars::PCHAR_NC, C_PCHAR_NC),
        (chars::PCHAR.or(AsciiSet::of("/")), C_PATH),
        (chars::QUERY, C_QUERY),
        (chars::HEXDIG, C_HEX),
        (chars::DIGIT, C_DIGIT),
        (chars::ALPHANUM.or(AsciiSet::of("-")), C_LDH),
        (chars::RFC2141_TRANS, C_TRANS_2141),
        (chars::PCHAR, C_PCHAR),
        (chars::WWW_XALPHA, C_XALPHA),
        (chars::WWW_XPALPHA, C_XPALPHA),
        (chars::XRI_PCHAR, C_XRI_PCHAR),
        (chars::XRI_PCHAR_NC, C_XRI_PCHAR_NC),
    ];
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 128 {
        let mut k = 0;
        while k < sets.len() {
            if sets[k].0.has(b as u8) {
                t[b] |= sets[k].1 as u32;
            }
            k += 1;
        }
        b += 1;
    }
    t
}

#[inline(always)]
fn is(b: u8, class: u16) -> bool {
    CLASS[b as usize] & u32::from(class) != 0
}

/// True when `b[i]` exists, lies before `end` and is in `class`.
#[inline(always)]
fn is_at(b: &[u8], i: usize, end: usize, class: u16) -> bool {
    i < end && b.get(i).is_some_and(|&c| is(c, class))
}

/// The index of the first byte of `b[i..end]` not in `class`, or `end`. Four bytes at a
/// time over the slice's groups of four (no bounds test a group), each a chain of `&`s of
/// table entries read straight from memory; the last bytes (fewer than four) as the end
/// of the last four. Where the run ends is found in the group that breaks the chain from
/// a bit mask, by [`first_miss`], rather than by a byte loop whose length the branch
/// predictor cannot guess.
#[inline(always)]
fn skip(b: &[u8], i: usize, end: usize, class: u16) -> usize {
    let end = end.min(b.len());
    let Some(s) = b.get(i..end) else {
        return i;
    };
    let class32 = u32::from(class);
    let (groups, tail) = s.as_chunks::<4>();
    for (n, g) in groups.iter().enumerate() {
        let all = CLASS[usize::from(g[0])]
            & CLASS[usize::from(g[1])]
            & CLASS[usize::from(g[2])]
            & CLASS[usize::from(g[3])];
        if all & class32 == 0 {
            let miss = first_miss(g, class);
            if miss < 4 {
                return i + n * 4 + miss;
            }
        }
    }
    if tail.is_empty() {
        return end;
    }
    let done = i + groups.len() * 4;
    match s.last_chunk::<4>() {
        // The tail is the last `tail.len()` bytes of the last four, whose first bytes
        // were found in the class.
        Some(last) => done + first_miss(last, class).saturating_sub(4 - tail.len()),
        None => {
            let mut k = 0;
            while let Some(&c) = tail.get(k)
                && is(c, class)
            {
                k += 1;
            }
            done + k
        }
    }
}

/// The first of four bytes not in `class`, or 4 (a class of several bits whose bytes
/// break the chain of `&`s without one out of the class: no caller passes one). It reads
/// [`MISS`], not [`CLASS`]: the compiler would reuse the entries the loop of [`skip`]
/// read, and so keep each in a register of its own there, where it `&`s them straight
/// from memory otherwise (five instructions fewer a group); and a call out of line cost
/// more than that on short runs (URNs with percent-encodings).
#[inline(always)]
fn first_miss(&[c0, c1, c2, c3]: &[u8; 4], class: u16) -> usize {
    let class = u32::from(class);
    let hit = |c: u8| MISS[usize::from(c)] & class != 0;
    let hits = u32::from(hit(c0))
        | u32::from(hit(c1)) << 1
        | u32::from(hit(c2)) << 2
        | u32::from(hit(c3)) << 3;
    (!hits).trailing_zeros() as usize
}

/// Scans `b[i..end]` over bytes of `allow`, `pct-encoded` triplets and (when `IRI`) the
/// non-ASCII characters RFC 3987 allows there (`iprivate` too when `PRIVATE`). Returns the
/// index of the first byte that is none of these (or `end`), for the caller to judge; `None`
/// when a "%" starts no triplet or a non-ASCII character is not allowed, which the full
/// grammar reports as an error wherever it stands.
#[inline(always)]
fn run<const IRI: bool, const PRIVATE: bool>(
    b: &[u8],
    i: usize,
    end: usize,
    allow: u16,
) -> Option<usize> {
    run_at::<IRI, PRIVATE>(b, i, end, allow).ok()
}

/// [`run`], telling where a bad "%" or non-ASCII character is: `Err(at)`.
#[inline(always)]
fn run_at<const IRI: bool, const PRIVATE: bool>(
    b: &[u8],
    mut i: usize,
    end: usize,
    allow: u16,
) -> Result<usize, usize> {
    let end = end.min(b.len());
    loop {
        i = skip(b, i, end, allow);
        let Some(&c) = b.get(i).filter(|_| i < end) else {
            return Ok(i);
        };
        if c == b'%' {
            if !(is_at(b, i + 1, end, C_HEX) && is_at(b, i + 2, end, C_HEX)) {
                return Err(i);
            }
            i += 3;
        } else if c >= 0x80 {
            if !IRI {
                return Err(i);
            }
            i += ucs_width::<PRIVATE>(b, i).ok_or(i)?;
        } else {
            return Ok(i);
        }
    }
}

/// The width of the character at `b[i]` (its first byte is not ASCII) when RFC 3987 allows it
/// in a component: a `ucschar`, or an `iprivate` where `PRIVATE` (the query), and neither a
/// bidi formatting character (§4.1) nor a non-character (the same judgement, from the same
/// [`chars`] functions, as the full grammar's). `None` too when the bytes are not a
/// well-formed UTF-8 sequence (RFC 3629 §4), which makes [`super::quick_check::quick_valid_bytes`] a UTF-8 check.
#[inline]
fn ucs_width<const PRIVATE: bool>(b: &[u8], i: usize) -> Option<usize> {
    let cont = |k: usize| -> Option<u32> {
        let c = *b.get(i + k)?;
        (c & 0xC0 == 0x80).then_some(u32::from(c & 0x3F))
    };
    let c0 = u32::from(*b.get(i)?);
    // The shortest form only: the lower bounds reject overlong sequences; `from_u32` rejects
    // surrogates and values above U+10FFFF.
    let (v, w, min) = match c0 {
        0xC2..=0xDF => ((c0 & 0x1F) << 6 | cont(1)?, 2, 0x80),
        0xE0..=0xEF => ((c0 & 0x0F) << 12 | cont(1)? << 6 | cont(2)?, 3, 0x800),
        0xF0..=0xF4 => (
            (c0 & 0x07) << 18 | cont(1)? << 12 | cont(2)? << 6 | cont(3)?,
            4,
            0x10000,
        ),
        _ => return None,
    };
    if v < min {
        return None;
    }
    let c = char::from_u32(v)?;
    if (0xA0..=0xD7FF).contains(&v) {
        // Most text: ucschar, neither iprivate nor a non-character; only the bidi
        // formatting characters of this range are forbidden.
        return (!chars::is_bidi_format(c)).then_some(w);
    }
    let ok = !chars::is_bidi_format(c)
        && !chars::is_noncharacter(c)
        && if chars::is_iprivate(c) {
            PRIVATE
        } else {
            chars::is_ucschar(c)
        };
    ok.then_some(w)
}

/// True when `b[s..e]` is `*DIGIT`.
#[inline]
fn digits(b: &[u8], s: usize, e: usize) -> bool {
    b.get(s..e)
        .is_some_and(|t| t.iter().all(|&c| is(c, C_DIGIT)))
}

// ---------------------------------------------------------------- RFC 3986 / RFC 3987

/// `URI-reference` (RFC 3986 §4.1) or, when `IRI`, `IRI-reference` (RFC 3987 §2.2), split
/// the way the full grammar splits it: a prefix of scheme characters and ":" is a scheme;
/// "//" opens an authority that ends at "/", "?" or "#"; the path ends at "?" or "#"; the
/// query at "#".
///
/// Where it stops on a byte that the full grammar reports wherever it stands, and nothing
/// before it can hold an error, it names that error ([`Quick::Invalid`]): a scheme that is
/// empty or starts with a non-letter (the error is at the first byte), and a character, a
/// "%" or a non-ASCII character in the path, query or fragment that the component forbids
/// (everything before it, scheme and authority included, was checked, and the grammar reads
/// those from their own bytes alone). Not in an authority (its errors depend on what it
/// turns out to be), nor in the first segment of a relative reference that holds ":" (the
/// grammar may then report an earlier byte, read as a scheme's): there, "don't know".
fn uri_reference<const IRI: bool>(b: &[u8]) -> Quick {
    let e = b.len();
    let i = skip(b, 0, e, C_SCHEME);
    let has_scheme = i < e && b[i] == b':';
    let mut p = 0;
    if has_scheme {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ): not empty, a letter first.
        if i == 0 {
            return Quick::Invalid(Code::SchemeEmpty.as_str());
        }
        if !is(b[0], C_ALPHA) {
            return Quick::Invalid(Code::SchemeStart.as_str());
        }
        p = i + 1;
    }
    let mut has_auth = false;
    if b.get(p) == Some(&b'/') && b.get(p + 1) == Some(&b'/') {
        let a0 = p + 2;
        p = match fast_authority::<IRI>(b, a0) {
            Ok(ae) => ae,
            Err(AuthorityStop::Other(at)) => {
                // No "/", "?" or "#" before `at`.
                let ae = b
                    .get(at..)
                    .and_then(|t| memchr::memchr3(b'/', b'?', b'#', t))
                    .map_or(e, |k| at + k);
                match authority::<IRI>(b, a0, at, ae) {
                    Ok(()) => {}
                    Err(Some(code)) => return Quick::Invalid(code.as_str()),
                    Err(None) => return Quick::Unknown,
                }
                ae
            }
            // A bad "%" or character before any byte outside reg-name: in the userinfo or
            // the host, whichever this turns out to be, and both report it there.
            Err(AuthorityStop::Bad(k)) => return bad_in_uri::<IRI>(b, k, None, Part::Path),
        };
        has_auth = true;
    }
    // The segment a failure stands in: the first of a relative reference cannot be named
    // when it holds ":".
    let mut first_segment = None;
    if !has_scheme && !has_auth && b.get(p).is_some_and(|&c| c != b'/') {
        // path-noscheme: the first segment (up to "/", "?" or "#") has no ":" (RFC 3986
        // §4.2). A path-absolute stops this scan at once, at its "/".
        first_segment = Some(p);
        match run_at::<IRI, false>(b, p, e, C_PCHAR_NC) {
            Ok(k) if b.get(k) == Some(&b':') => return Quick::Unknown,
            Ok(k) => p = k,
            Err(k) => return bad_in_uri::<IRI>(b, k, first_segment, Part::Path),
        }
    }
    // The rest of the path and the query in one scan, where they hold nothing else: the
    // query's characters are the path's and "?" (RFC 3986 §3.4), so a run of them up to
    // the end or a "#" is a valid path (up to its first "?") and query (after it). An
    // `iprivate` character, which only the query allows, stops this scan: the query's
    // own scan below then judges (and names the error of) what it stopped on.
    let (stop, bad) = match run_at::<IRI, false>(b, p, e, C_QUERY) {
        Ok(k) if b.get(k).is_none_or(|&c| c == b'#') => {
            return fragment::<IRI>(b, k, first_segment);
        }
        Ok(k) => (k, false),
        Err(k) => (k, true),
    };
    // Stopped short of the end and of a "#": a scan of each component would stop on the
    // same byte, so it is judged here. The path's class is the query's less "?" (and a
    // "?" is part of no triplet and no non-ASCII character): with no "?" before it, the
    // path's scan stops there too; with one, the path ends at it and the query's scan
    // stops there. Whether it stands in the path or the query makes a difference to
    // `bad_code` only for a non-ASCII character under RFC 3987 (the byte is outside the
    // query's class, so outside the path's; a bad "%" and a non-ASCII character under RFC
    // 3986 are errors of either): where that character comes after a "?", the query's own
    // scan goes on, for an `iprivate` character, which the query allows and this scan
    // does not. No search for "?" otherwise.
    let question = if IRI && bad && b.get(stop).is_some_and(|&c| c >= 0x80) {
        b.get(p..stop).and_then(|t| memchr::memchr(b'?', t))
    } else {
        None
    };
    let Some(q) = question else {
        return bad_in_uri::<IRI>(b, stop, first_segment, Part::Path);
    };
    // query = *( pchar / "/" / "?" ) from the path's end, the first "?"; iquery also
    // allows iprivate.
    p = match run_at::<IRI, true>(b, p + q + 1, e, C_QUERY) {
        Ok(k) => k,
        Err(k) => return bad_in_uri::<IRI>(b, k, first_segment, Part::Query),
    };
    if p < e && b[p] != b'#' {
        return bad_in_uri::<IRI>(b, p, first_segment, Part::Query);
    }
    fragment::<IRI>(b, p, first_segment)
}

/// The end of [`uri_reference`] from `p`, the end of the line or a "#" that follows the
/// path or the query.
#[inline(always)]
fn fragment<const IRI: bool>(b: &[u8], p: usize, first_segment: Option<usize>) -> Quick {
    let e = b.len();
    if p >= e {
        return Quick::Valid;
    }
    // fragment = *( pchar / "/" / "?" ): a second "#" stops the scan short of the end.
    match run_at::<IRI, false>(b, p + 1, e, C_QUERY) {
        Ok(k) if k >= e => Quick::Valid,
        Ok(k) | Err(k) => bad_in_uri::<IRI>(b, k, first_segment, Part::Fragment),
    }
}

/// The part of a URI-reference a byte the quick scan stopped on stands in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Path,
    Query,
    Fragment,
}

/// The full grammar's error at `b[k]`, where the scan of `part` stopped on a byte that is
/// not allowed there (an ASCII byte outside the component's class and not one of its
/// delimiters, a "%" starting no triplet, or a non-ASCII character), everything before it
/// checked: the grammar's `scan` reports it first at `k` as this code (`illegal_ascii`,
/// `pct_invalid`, `non_ascii`, `iri_char`). `None` ("don't know") where the grammar would
/// not call it an error (a character the quick path declines that RFC 3987 allows), and in
/// the first segment of a relative reference that holds ":" (`first_segment` is where that
/// segment starts).
fn bad_code<const IRI: bool>(
    b: &[u8],
    k: usize,
    first_segment: Option<usize>,
    part: Part,
) -> Option<Code> {
    // A ":" in the first segment: the grammar reads a scheme that failed, whose error may
    // come before the path's, and the full analysis names it. At the segment's first byte
    // nothing comes before an ASCII byte's error, nor before a URI's `non-ascii` (the
    // scheme reading reports none where a path forbids the byte too, or after it); an
    // IRI's non-ASCII one's can (`\u{FFFD}\u{FFFD}i://!a` under RFC 3987: the scheme's
    // `scheme-start` over the first character sorts before the path's `illegal-char`
    // over both).
    let iri_char = |k: usize| IRI && b.get(k).is_some_and(|&c| c >= 0x80);
    if let Some(s) = first_segment.filter(|&s| k > s || iri_char(k)) {
        let seg = b.get(s..).unwrap_or_default();
        let end = seg
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .unwrap_or(seg.len());
        if seg[..end].contains(&b':') {
            return None;
        }
    }
    let &c = b.get(k)?;
    if c == b'%' {
        let hex = |j: usize| b.get(j).is_some_and(|&h| is(h, C_HEX));
        return (!(hex(k + 1) && hex(k + 2))).then_some(Code::PctInvalid);
    }
    if c < 0x80 {
        let class = match part {
            Part::Path => C_PATH,
            Part::Query | Part::Fragment => C_QUERY,
        };
        // The delimiters that end the component are no error of it.
        let stop = match part {
            Part::Path => matches!(c, b'?' | b'#'),
            Part::Query => c == b'#',
            Part::Fragment => false,
        };
        return (!(is(c, class) || stop)).then_some(Code::IllegalChar);
    }
    if !IRI {
        return Some(Code::NonAscii);
    }
    // The grammar's judgement of one IRI character (`iri_char`), in its order.
    let ch = b
        .get(k..)
        .and_then(|t| t.utf8_chunks().next())
        .and_then(|c| c.valid().chars().next())?;
    let code = if chars::is_bidi_format(ch) {
        Code::BidiFormatChar
    } else if chars::is_bidi_control(ch) {
        return None;
    } else if chars::is_noncharacter(ch) {
        Code::Noncharacter
    } else if chars::is_iprivate(ch) {
        if part == Part::Query {
            return None;
        }
        Code::IprivateOutsideQuery
    } else if !chars::is_ucschar(ch) {
        Code::IllegalChar
    } else {
        return None;
    };
    Some(code)
}

/// [`bad_code`] as the quick verdict: the code named, or "don't know".
fn bad_in_uri<const IRI: bool>(
    b: &[u8],
    k: usize,
    first_segment: Option<usize>,
    part: Part,
) -> Quick {
    match bad_code::<IRI>(b, k, first_segment, part) {
        Some(code) => Quick::Invalid(code.as_str()),
        None => Quick::Unknown,
    }
}

/// Where [`fast_authority`] stopped short of a valid `reg-name [ ":" port ]`.
enum AuthorityStop {
    /// The authority is invalid whatever it turns out to be: a bad "%" or character at
    /// this byte.
    Bad(usize),
    /// It is something else (userinfo, an IP literal, a second ":"), for [`authority`] to
    /// judge: no "/", "?" or "#" comes before this byte.
    Other(usize),
}

/// The usual authority, `reg-name [ ":" port ]`, in one pass from `a0`: `Ok` with where it
/// ends (at "/", "?", "#" or the end) when it is that and valid, else where it stopped.
#[inline]
fn fast_authority<const IRI: bool>(b: &[u8], a0: usize) -> Result<usize, AuthorityStop> {
    // A bad triplet or character before the first byte outside reg-name is in the userinfo
    // or in the host, whichever this turns out to be, and both forbid it.
    let he = run_at::<IRI, false>(b, a0, b.len(), C_REG_NAME).map_err(AuthorityStop::Bad)?;
    let ae = match b.get(he) {
        None | Some(b'/' | b'?' | b'#') => return Ok(he),
        Some(b':') => {
            let mut k = he + 1;
            while k < b.len() && is(b[k], C_DIGIT) {
                k += 1;
            }
            k
        }
        // A userinfo's end, or an IP literal's start.
        Some(b'@') => return Err(AuthorityStop::Other(he)),
        Some(b'[') if he == a0 => return Err(AuthorityStop::Other(he)),
        // A byte neither a reg-name nor a userinfo holds (a userinfo holds what a reg-name
        // does, and ":"), before any "@": the error of the userinfo or the host, whichever
        // this turns out to be, at it.
        Some(_) => return Err(AuthorityStop::Bad(he)),
    };
    match b.get(ae) {
        None | Some(b'/' | b'?' | b'#') => Ok(ae),
        Some(_) => Err(AuthorityStop::Other(ae)),
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` over `b[a0..ae]`, which holds no "@"
/// before `from`; the last "@" ends the userinfo, as in the full grammar. `Err(Some(code))`
/// names the grammar's first error where everything before it was checked and nothing after
/// it can come first: a bad byte of the userinfo, of a reg-name, a port that is not digits
/// after a reg-name with one ":" (with two, the grammar may read the host as an unbracketed
/// IPv6 address), an IP literal's error; `Err(None)` when the authority is invalid in some
/// other way.
fn authority<const IRI: bool>(
    b: &[u8],
    a0: usize,
    from: usize,
    ae: usize,
) -> Result<(), Option<Code>> {
    // The grammar's code for a byte the scan of the userinfo or a reg-name stopped on
    // (neither has a delimiter of its own within the authority).
    let bad = |k: usize| bad_code::<IRI>(b, k, None, Part::Path);
    let from = from.max(a0);
    let Some(tail) = b.get(from..ae) else {
        return Err(None);
    };
    let mut hs = a0;
    if let Some(k) = tail.iter().rposition(|&c| c == b'@') {
        let at = from + k;
        match run_at::<IRI, false>(b, a0, at, C_USERINFO) {
            Ok(k) if k == at => {}
            Ok(k) | Err(k) => return Err(bad(k)),
        }
        hs = at + 1;
    }
    if b.get(hs) == Some(&b'[') && hs < ae {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]", then nothing or ":" port.
        let Some(k) = b[hs..ae].iter().position(|&c| c == b']') else {
            // Never closed: the grammar's first error marks the "[" (its content's come
            // after it), but for a "[" that ends the authority, whose empty content's
            // error it reports first at the same byte.
            return Err((ae > hs + 1).then_some(Code::IpLiteralUnclosed));
        };
        let r = hs + k;
        if let Some(code) = ip::literal::literal_code(&b[hs + 1..r]) {
            // The literal's first error, from the functions that find it for the grammar,
            // its place and message not looked for.
            return Err(Some(code));
        }
        let q = r + 1;
        if q >= ae || (b[q] == b':' && digits(b, q + 1, ae)) {
            return Ok(());
        }
        // What follows "]" is neither ":" nor the authority's end: the grammar reads it as
        // trailing the literal, up to a ":"; else the port is not digits.
        Err(Some(if b[q] != b':' {
            Code::IpLiteralTrailing
        } else {
            Code::PortNotDigits
        }))
    } else {
        // reg-name (an IPv4address is one too), up to the first ":", then port = *DIGIT.
        match run_at::<IRI, false>(b, hs, ae, C_REG_NAME) {
            Ok(he) if he >= ae => Ok(()),
            Ok(he) if b[he] == b':' => {
                if digits(b, he + 1, ae) {
                    Ok(())
                } else if b[he + 1..ae].contains(&b':') {
                    Err(None)
                } else {
                    Err(Some(Code::PortNotDigits))
                }
            }
            // A byte no reg-name holds before any ":": the grammar reads the host up to
            // the first ":" (no IPv6 address holds that byte either) and reports it.
            Ok(he) | Err(he) => Err(bad(he)),
        }
    }
}

/// Whether `c` is a valid IP literal's content (between its brackets): an `IPvFuture`
/// when it starts with "v" (either case), an `IPv6address` when it holds a ":", nothing
/// else.
fn ip_literal(c: &[u8]) -> bool {
    ip::literal::literal_code(c).is_none()
}

// ---------------------------------------------------------------- RFC 8141

/// namestring = assigned-name [ rq-components ] [ "#" f-component ] (RFC 8141 §2), with the
/// full grammar's reading of "?+" after "?=" (a misplaced r-component, not q-component text).
fn namestring(b: &[u8]) -> bool {
    let n = b.len();
    if !b.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"urn:")) {
        return false;
    }
    // NID = (alphanum) 0*30(ldh) (alphanum), and not the reserved "urn".
    let mut i = 4;
    while i < n && is(b[i], C_LDH) {
        i += 1;
    }
    let nid = &b[4..i];
    let nid_ok = i < n
        && b[i] == b':'
        && (2..=32).contains(&nid.len())
        && nid.first() != Some(&b'-')
        && nid.last() != Some(&b'-')
        && !nid.eq_ignore_ascii_case(b"urn");
    if !nid_ok {
        return false;
    }
    // NSS = pchar *(pchar / "/"), up to "?" or "#".
    let ns = i + 1;
    let mut pos = match run::<false, false>(b, ns, n, C_PATH) {
        Some(k) if k > ns && b[ns] != b'/' => k,
        _ => return false,
    };
    if b.get(pos) == Some(&b'?') && b.get(pos + 1) == Some(&b'+') {
        // "?+" r-component, up to "?=" or "#".
        pos = match component(b, pos + 2, b'=') {
            Some(k) => k,
            None => return false,
        };
    }
    if b.get(pos) == Some(&b'?') && b.get(pos + 1) == Some(&b'=') {
        // "?=" q-component, up to "?+" (which the full grammar reads as a misplaced
        // r-component) or "#".
        pos = match component(b, pos + 2, b'+') {
            Some(k) => k,
            None => return false,
        };
    }
    if b.get(pos) == Some(&b'#') {
        // f-component = fragment = *( pchar / "/" / "?" ).
        pos = match run::<false, false>(b, pos + 1, n, C_QUERY) {
            Some(k) => k,
            None => return false,
        };
    }
    pos == n
}

/// An r- or q-component from `cs`: `pchar *( pchar / "/" / "?" )`, ending at "#", at "?"
/// followed by `next`, or at the end. Returns where it ends; `None` when it is empty, starts
/// with "/" or "?", or holds a character it may not.
fn component(b: &[u8], cs: usize, next: u8) -> Option<usize> {
    let n = b.len();
    if matches!(b.get(cs), None | Some(b'/' | b'?' | b'#')) {
        return None;
    }
    let mut i = cs;
    loop {
        i = run::<false, false>(b, i, n, C_PATH)?;
        match b.get(i) {
            None | Some(b'#') => return Some(i),
            Some(b'?') if b.get(i + 1) == Some(&next) => return Some(i),
            Some(b'?') => i += 1,
            Some(_) => return None,
        }
    }
}

// ---------------------------------------------------------------- RFC 2141, rfc2141bis

/// RFC 2141's `<URN>` (or, when `BIS`, the rfc2141bis draft's URN with at most a fragment;
/// a query is where the draft's directives and their warnings live, and there this answers
/// "don't know" but for the two errors below): "urn:" NID ":" NSS, as the full grammar reads
/// it (`grammar::urn`).
///
/// The NID is letters, digits and "-", not starting with "-", not "urn" (RFC 2141 §2.1 and
/// the draft's §2.1 reserve it); RFC 2141 allows 1 to 32 characters and a trailing "-"
/// (the full grammar notes both, following `<let-num> [ 1,31<let-num-hyp> ]`), the draft 2 to
/// 32 ending with a letter or digit. The NSS is not empty; under RFC 2141 it runs to the end
/// over `<trans>` ("/", "?" and "#" get only a warning) and any "%" HEXDIG HEXDIG (%00 is a
/// warning: §2.4's "should NEVER"); under the draft it runs to "?" or "#" over `pchar`, and
/// %00 is an error (its §2.5.3 MUST NOT). The draft's fragment is `pchar / "/" / "?"` and
/// triplets, %00 still an error (its note that an assigned URN has none is not an error).
///
/// Some invalid inputs are named too, where everything before the first bad byte was
/// checked here, so no earlier error can exist: a bad character, "%" or NUL in the NSS or
/// the draft's fragment; and under the draft an NSS followed by "?+" or "?=" (RFC 8141's
/// r- and q-components), a query whose first directive starts with "+" or "=": the full
/// grammar's first error is then `keyword-syntax` ("+" cannot be in a keyword) or
/// `keyword-empty` (nothing before "="), both at the byte after "?" (the query's own note
/// is not an error). Other queries are left to the full grammar.
fn urn_before_8141<const BIS: bool>(b: &[u8]) -> Quick {
    let n = b.len();
    if !b.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"urn:")) {
        return Quick::Unknown;
    }
    let i = skip(b, 4, n, C_LDH);
    let nid = &b[4..i];
    let min = if BIS { 2 } else { 1 };
    let nid_ok = b.get(i) == Some(&b':')
        && (min..=32).contains(&nid.len())
        && nid.first() != Some(&b'-')
        && (!BIS || nid.last() != Some(&b'-'))
        && !nid.eq_ignore_ascii_case(b"urn");
    if !nid_ok {
        return Quick::Unknown;
    }
    let ns = i + 1;
    let class = if BIS { C_PCHAR } else { C_TRANS_2141 };
    let k = urn_run::<BIS>(b, ns, class);
    if k == n {
        return if k > ns { Quick::Valid } else { Quick::Unknown };
    }
    match b[k] {
        // Under the draft "?" and "#" end the NSS, which must not be empty.
        b'?' | b'#' if BIS && k == ns => Quick::Unknown,
        b'?' => match b.get(k + 1) {
            Some(b'+') => Quick::Invalid(Code::KeywordSyntax.as_str()),
            Some(b'=') => Quick::Invalid(Code::KeywordEmpty.as_str()),
            _ => Quick::Unknown,
        },
        // A fragment alone: fragment = *( pchar / "/" / "?" ).
        b'#' => {
            let e = urn_run::<BIS>(b, k + 1, C_QUERY);
            if e == n {
                Quick::Valid
            } else {
                urn_char_error::<BIS>(b, e, Code::FragmentChar)
            }
        }
        _ => urn_char_error::<BIS>(b, k, Code::NssChar),
    }
}

/// Skips `class` bytes and "%" HEXDIG HEXDIG from `k` (under the draft, not %00); returns
/// where that stops: the end, a byte outside `class`, or a "%" that is an error there.
#[inline]
fn urn_run<const BIS: bool>(b: &[u8], mut k: usize, class: u16) -> usize {
    let n = b.len();
    loop {
        k = skip(b, k, n, class);
        if b.get(k) != Some(&b'%')
            || !(is_at(b, k + 1, n, C_HEX) && is_at(b, k + 2, n, C_HEX))
            || (BIS && b[k + 1] == b'0' && b[k + 2] == b'0')
        {
            return k;
        }
        k += 3;
    }
}

/// The error the full grammar reports for the byte at `k` where a scan of the NSS or the
/// fragment stopped (everything before it being valid): a "%" without two hex digits, %00
/// under the draft (its MUST NOT), a NUL octet, or any other character (`code`: one error
/// for the run of characters that must be percent-encoded, starting here; under the draft
/// "/", "[" and "]" in the NSS get the same code).
fn urn_char_error<const BIS: bool>(b: &[u8], k: usize, code: Code) -> Quick {
    let n = b.len();
    Quick::Invalid(match b.get(k) {
        Some(b'%') if is_at(b, k + 1, n, C_HEX) && is_at(b, k + 2, n, C_HEX) => {
            Code::PctNul.as_str()
        }
        Some(b'%') => Code::PctMalformed.as_str(),
        Some(0) => Code::NulOctet.as_str(),
        _ => code.as_str(),
    })
}

// ---------------------------------------------------------------- the WWW draft (rfc1630)

/// The WWW URI draft's `uri` / `fragmentaddress` and partial forms, split as the full grammar
/// (`grammar::www`) splits them: the fragment-id from the first "#", the search from the
/// first "?" before it, a scheme when a ":" comes before the first "/". The scheme is an
/// `ialpha` (a letter first), each path segment `void` or `xpalphas`, each search term (between
/// "+" signs) one or more `xalphas`, the fragment-id `xalphas`; "%" always starts % hex hex.
/// Spaces (in `extra`), void segments and partial forms get only warnings and notes there.
fn www_bytes(b: &[u8]) -> bool {
    let n = b.len();
    // One pass. Every class below is ASCII, so a non-ASCII byte stops each scan and fails
    // it; "%" stops every scan too and must start % hex hex.
    let triplet = |i: usize| is_at(b, i + 1, n, C_HEX) && is_at(b, i + 2, n, C_HEX);
    // A scheme when a ":" comes before any "/", "?" or "#" (the full grammar's split).
    let mut i = 0;
    while i < n && !matches!(b[i], b':' | b'/' | b'?' | b'#') {
        i += 1;
    }
    let mut p = 0;
    if i < n && b[i] == b':' {
        if i == 0 || !is(b[0], C_ALPHA) {
            return false;
        }
        let mut k = 1;
        loop {
            k = skip(b, k, i, C_XALPHA);
            if k >= i {
                break;
            }
            if b[k] != b'%' || k + 2 >= i || !triplet(k) {
                return false;
            }
            k += 3;
        }
        p = i + 1;
    }
    // The path: segments of xpalpha ("+" included) and escapes, up to "?" or "#".
    loop {
        p = skip(b, p, n, C_XPALPHA);
        match b.get(p) {
            None => return true,
            Some(b'/') => p += 1,
            Some(b'%') if triplet(p) => p += 3,
            Some(b'?' | b'#') => break,
            Some(_) => return false,
        }
    }
    if b[p] == b'?' {
        // search = xalphas [ + search ], up to "#": no term may be empty.
        p += 1;
        let mut term = p;
        loop {
            p = skip(b, p, n, C_XALPHA);
            match b.get(p) {
                Some(b'%') if triplet(p) => p += 3,
                Some(b'+') if p > term => {
                    p += 1;
                    term = p;
                }
                None | Some(b'#') if p > term => break,
                _ => return false,
            }
        }
        if p >= n {
            return true;
        }
    }
    // The fragment-id: xalphas to the end (a second "#" is not one).
    p += 1;
    loop {
        p = skip(b, p, n, C_XALPHA);
        match b.get(p) {
            None => return true,
            Some(b'%') if triplet(p) => p += 3,
            Some(_) => return false,
        }
    }
}

// ---------------------------------------------------------------- XRI 2.0

/// How deep the quick path follows cross-references; deeper ones are left to the full
/// grammar. Finding each cross-reference's ")" rescans its content once per level, so this
/// bound keeps the recognizer linear (at most this many passes over any byte).
const XRI_QUICK_DEPTH: usize = 16;

/// An XRI-reference as the full grammar (`grammar::xri`) reads it, first match wins: "xri:"
/// (which must be "xri://"), a global context symbol or "(" at the start makes an absolute
/// XRI (or "!!", a persistent GCS authority); everything else is a relative reference.
/// Follows the grammar's structure: authority (GCS, cross-reference or IRI authority, no
/// fallback) and `xri-path-abempty`, or a relative path; then `[ "?" iquery ] [ "#"
/// ifragment ]`; every character class and percent-encoding checked as `Parser::scan` does.
/// Warnings and notes (NFKC, mixed scripts, look-alikes, lowercase or needless triplets, the
/// reading notes) never make an input invalid.
fn xri_bytes(b: &[u8]) -> bool {
    let absolute = starts_ci(b, 0, b.len(), b"xri:")
        || matches!(b.first(), Some(b'=' | b'@' | b'+' | b'$' | b'('))
        || b.starts_with(b"!!");
    if absolute {
        xri_absolute(b, 0, b.len(), 0)
    } else {
        xri_relative(b, 0, b.len(), 0)
    }
}

/// `relative-XRI-ref = relative-XRI-part [ "?" iquery ] [ "#" ifragment ]` on `b[s..e]`:
/// empty, `xri-path-absolute` (not "//": no network-path form; a first segment, if any,
/// not empty) or `xri-path-noscheme` (a first subsegment that is not empty and no
/// cross-reference, and no ":" anywhere in the first segment).
fn xri_relative(b: &[u8], s: usize, e: usize, depth: usize) -> bool {
    let first = match at(b, s, e) {
        None | Some(b'?' | b'#') => return xri_tail(b, s, e),
        Some(b'/') => match at(b, s + 1, e) {
            Some(b'/') => return false,
            None | Some(b'?' | b'#') => return xri_path_tail(b, s + 1, e, depth),
            Some(_) => xri_subsegs(b, s + 1, e, Mode::NonEmpty, false, depth),
        },
        Some(_) => xri_subsegs(b, s, e, Mode::NoXref, true, depth),
    };
    match first {
        Some(p) => xri_path_tail(b, p, e, depth),
        None => false,
    }
}

/// Whether the first subsegment of a run may go without a delimiter and must have a value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `xri-subseg-od`: optional delimiter, possibly empty.
    Optional,
    /// `xri-subseg-od-nz`: optional delimiter, not empty.
    NonEmpty,
    /// `xri-subseg-od-nx`: optional delimiter, not empty, no cross-reference.
    NoXref,
    /// `xri-subseg`: the delimiter is required.
    Delimited,
}

/// True when `b[pos..end]` starts with `lit`, ASCII case ignored.
#[inline]
fn starts_ci(b: &[u8], pos: usize, end: usize, lit: &[u8]) -> bool {
    pos + lit.len() <= end
        && b.get(pos..pos + lit.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(lit))
}

/// The byte at `i` when it lies before `end`.
#[inline(always)]
fn at(b: &[u8], i: usize, end: usize) -> Option<u8> {
    if i < end { b.get(i).copied() } else { None }
}

/// `XRI` on `b[s..e]` with no error.
fn xri_absolute(b: &[u8], s: usize, e: usize, depth: usize) -> bool {
    let mut p = s;
    if starts_ci(b, p, e, b"xri:") {
        if !starts_ci(b, p + 4, e, b"//") {
            return false;
        }
        p += 6;
    }
    match xri_authority(b, p, e, depth) {
        Some(p) => xri_path_tail(b, p, e, depth),
        None => false,
    }
}

/// The rest of a path from `p` (each "/" opens a segment whose first subsegment may lack
/// a delimiter), then the query and fragment, to exactly `e`.
fn xri_path_tail(b: &[u8], mut p: usize, e: usize, depth: usize) -> bool {
    while at(b, p, e) == Some(b'/') {
        match xri_subsegs(b, p + 1, e, Mode::Optional, false, depth) {
            Some(k) => p = k,
            None => return false,
        }
    }
    xri_tail(b, p, e)
}

/// `[ "?" iquery ] [ "#" ifragment ]` from `p`, to exactly `e`.
fn xri_tail(b: &[u8], mut p: usize, e: usize) -> bool {
    if at(b, p, e) == Some(b'?') {
        // iquery: ipchar / iprivate / "/" / "?", up to "#".
        match run::<true, true>(b, p + 1, e, C_QUERY) {
            Some(k) => p = k,
            None => return false,
        }
    }
    if at(b, p, e) == Some(b'#') {
        // ifragment: ipchar / "/" / "?"; a second "#" is an error.
        match run::<true, false>(b, p + 1, e, C_QUERY) {
            Some(k) => p = k,
            None => return false,
        }
    }
    // Anything left over fits no part of the grammar.
    p == e
}

/// `xri-authority / iauthority` from `p`: where it ends, `None` when it has an error (or is
/// beyond this recognizer).
fn xri_authority(b: &[u8], p: usize, e: usize, depth: usize) -> Option<usize> {
    match at(b, p, e) {
        // rgcs-authority = rgcs-char xri-subseg-od *xri-subseg.
        Some(b'=' | b'@' | b'+' | b'$') => xri_subsegs(b, p + 1, e, Mode::Optional, false, depth),
        // pgcs-authority = "!" xri-subseg-pt-nz *xri-subseg: the next subsegment is "!" and
        // a value; no IRI authority as a fallback.
        Some(b'!') => {
            if at(b, p + 1, e) != Some(b'!') {
                return None;
            }
            // xri-subseg-pt-nz is not empty: "!!" then a value.
            xri_subsegs(b, p + 1, e, Mode::NonEmpty, false, depth)
        }
        // xref-authority = xref *xri-subseg.
        Some(b'(') => {
            let x = xri_xref(b, p, e, depth)?;
            xri_subsegs(b, x, e, Mode::Delimited, false, depth)
        }
        _ => xri_iauthority(b, p, e),
    }
}

/// Subsegments from `start` up to "/", "?", "#" or `end`. The first follows `mode`; every
/// other one starts with "*" or "!" (`xri-subseg`). A value is a cross-reference or
/// `xri-pchar`s (`xri-pchar-nc` when `nc`: no ":"), possibly none. Returns where the run
/// ends; `None` on an error (a value running into "(" or a ")", a character outside the
/// class, a cross-reference followed by more value, an empty or cross-reference first value
/// where `mode` forbids it).
fn xri_subsegs(
    b: &[u8],
    start: usize,
    end: usize,
    mode: Mode,
    nc: bool,
    depth: usize,
) -> Option<usize> {
    let class = if nc { C_XRI_PCHAR_NC } else { C_XRI_PCHAR };
    let mut pos = start;
    let mut mode = mode;
    while let Some(c) = at(b, pos, end) {
        if matches!(c, b'/' | b'?' | b'#') {
            break;
        }
        if matches!(c, b'*' | b'!') {
            pos += 1;
        } else if mode == Mode::Delimited {
            // xri-subseg needs its delimiter.
            return None;
        }
        let value = pos;
        if at(b, pos, end) == Some(b'(') {
            if mode == Mode::NoXref {
                return None;
            }
            pos = xri_xref(b, pos, end, depth)?;
        } else {
            pos = run::<true, false>(b, pos, end, class)?;
            // The value ends at a delimiter the grammar stops at; "(" after a value is a
            // cross-reference without its own delimiter, an error.
            if !matches!(
                at(b, pos, end),
                None | Some(b'*' | b'!' | b'/' | b'?' | b'#')
            ) {
                return None;
            }
        }
        if pos == value && matches!(mode, Mode::NonEmpty | Mode::NoXref) {
            return None;
        }
        mode = Mode::Delimited;
    }
    Some(pos)
}

/// `xref = "(" ( XRI-reference / IRI ) ")"` at `open`: the offset after its ")", `None` when
/// it has an error, has no ")" before `end`, or nests deeper than [`XRI_QUICK_DEPTH`]. Its
/// ")" is the first that balances it, as in the full grammar (which matches every "(" of the
/// input with one stack; the match of a "(" depends only on what follows it).
fn xri_xref(b: &[u8], open: usize, end: usize, depth: usize) -> Option<usize> {
    if depth >= XRI_QUICK_DEPTH {
        return None;
    }
    let mut level = 0usize;
    let mut close = None;
    for (k, &c) in b.get(open + 1..end)?.iter().enumerate() {
        match c {
            b'(' => level += 1,
            b')' if level == 0 => {
                close = Some(open + 1 + k);
                break;
            }
            b')' => level -= 1,
            _ => {}
        }
    }
    let ce = close?;
    let cs = open + 1;
    let ok = if cs == ce {
        // An empty cross-reference: a warning only.
        true
    } else if starts_ci(b, cs, ce, b"xri:") && !starts_ci(b, cs, ce, b"xri://") {
        // Only the IRI alternative can match "xri:" without "//".
        uri_reference::<true>(&b[cs..ce]) == Quick::Valid
    } else if starts_ci(b, cs, ce, b"xri://")
        || matches!(b[cs], b'=' | b'@' | b'+' | b'$' | b'!' | b'(')
    {
        xri_absolute(b, cs, ce, depth + 1)
    } else if leading_scheme(&b[cs..ce]) {
        // An IRI, parsed by the IRI grammar over exactly these bytes.
        uri_reference::<true>(&b[cs..ce]) == Quick::Valid
    } else {
        xri_relative(b, cs, ce, depth + 1)
    };
    ok.then_some(ce + 1)
}

/// True when `t` starts with `scheme ":"` (`profile::leading_scheme`).
fn leading_scheme(t: &[u8]) -> bool {
    if !t.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let k = skip(t, 1, t.len(), C_SCHEME);
    t.get(k) == Some(&b':')
}

/// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]` from `start` to the next "/", "?" or
/// "#", split as the full grammar splits it (the last "@" ends the userinfo; a host starting
/// with "[" is an IP literal up to the first "]").
fn xri_iauthority(b: &[u8], start: usize, end: usize) -> Option<usize> {
    let mut aend = start;
    while aend < end && !matches!(b[aend], b'/' | b'?' | b'#') {
        aend += 1;
    }
    let auth = b.get(start..aend)?;
    let mut hs = start;
    if let Some(k) = auth.iter().rposition(|&c| c == b'@') {
        if run::<true, false>(b, start, start + k, C_USERINFO)? != start + k {
            return None;
        }
        hs = start + k + 1;
    }
    let port_from = if at(b, hs, aend) == Some(b'[') {
        let r = hs + b[hs..aend].iter().position(|&c| c == b']')?;
        if !ip_literal(&b[hs + 1..r]) {
            return None;
        }
        match at(b, r + 1, aend) {
            None => return Some(aend),
            Some(b':') => r + 2,
            Some(_) => return None,
        }
    } else {
        // ireg-name (an IPv4address too) up to the first ":" ("(" is data there, with a
        // warning), then the port.
        let he = run::<true, false>(b, hs, aend, C_REG_NAME)?;
        match at(b, he, aend) {
            None => return Some(aend),
            Some(b':') => he + 1,
            Some(_) => return None,
        }
    };
    digits(b, port_from, aend).then_some(aend)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_come_from_the_spec_sets() {
        assert!(is(b'a', C_SCHEME | C_ALPHA | C_HEX | C_LDH));
        assert!(is(b':', C_USERINFO) && !is(b':', C_REG_NAME) && !is(b':', C_PCHAR_NC));
        assert!(is(b'@', C_PATH) && !is(b'@', C_USERINFO));
        assert!(is(b'?', C_QUERY) && !is(b'?', C_PATH));
        assert!(!is(b'%', C_QUERY) && !is(0xC3, C_QUERY));
    }

    /// The scan without groups: one byte at a time.
    fn skip_bytewise(b: &[u8], mut i: usize, end: usize, class: u16) -> usize {
        let end = end.min(b.len());
        while i < end && is(b[i], class) {
            i += 1;
        }
        i
    }

    /// Every class bit, and unions of some (no caller passes one, but the scan must not care).
    fn every_class() -> Vec<u16> {
        let mut classes: Vec<u16> = (0..16).map(|k| 1 << k).collect();
        classes.extend([C_PATH | C_QUERY, C_HEX | C_DIGIT, u16::MAX]);
        classes
    }

    /// `skip` is the one scan every recognizer here runs on; it answers exactly as the
    /// byte-at-a-time scan it replaced, for every class, start and end, on every line of the
    /// corpus sample and of the shipped identifier sets (each start and end around the line),
    /// so the recognizers' verdicts are those they gave before.
    #[test]
    fn skip_in_blocks_is_the_bytewise_scan_on_the_corpora() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts = vec![std::fs::read(root.join("tests/data/validate-sample.txt")).unwrap()];
        for entry in std::fs::read_dir(root.join("examples/ids")).unwrap() {
            texts.push(std::fs::read(entry.unwrap().path()).unwrap());
        }
        let classes = every_class();
        let mut lines = 0;
        for text in &texts {
            for line in text.split(|&c| c == b'\n') {
                lines += 1;
                let n = line.len();
                for &class in &classes {
                    for i in 0..=n + 1 {
                        for end in [
                            i,
                            i + 1,
                            i + 7,
                            i + 8,
                            i + 9,
                            i + 15,
                            i + 16,
                            i + 17,
                            n - n.min(3),
                            n,
                            n + 5,
                        ] {
                            assert_eq!(
                                skip(line, i, end, class),
                                skip_bytewise(line, i, end, class),
                                "{:?} from {i} to {end}, class {class:#x}",
                                String::from_utf8_lossy(line)
                            );
                        }
                    }
                }
            }
        }
        assert!(lines > 1000, "{lines} lines");
    }

    proptest::proptest! {
        /// The same on generated byte strings: runs of class bytes of every length around the
        /// block size, broken by any byte (non-ASCII and controls too), from any start.
        #[test]
        fn skip_in_blocks_is_the_bytewise_scan(
            b in proptest::collection::vec(
                proptest::prop_oneof![
                    8 => proptest::sample::select(b"az09-._~/?#:@!$&'()*+,;=%[]".to_vec()),
                    1 => proptest::num::u8::ANY,
                ],
                0..80,
            ),
            i in 0usize..90,
            end in 0usize..90,
        ) {
            for class in every_class() {
                proptest::prop_assert_eq!(skip(&b, i, end, class), skip_bytewise(&b, i, end, class));
            }
        }
    }

    #[test]
    fn ip_literals() {
        for ok in [
            "::",
            "::1",
            "1:2:3:4:5:6:7:8",
            "1::1.2.3.4",
            "v1.a:b",
            "V7.x",
        ] {
            assert!(ip_literal(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            "1.2.3.4",
            ":1",
            "1:",
            "1::2::3",
            "12345::",
            "::1.2.3.04",
            "v.x",
        ] {
            assert!(!ip_literal(bad.as_bytes()), "{bad}");
        }
    }
}
