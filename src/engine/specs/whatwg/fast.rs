//! The basic URL parser's fast path for the shapes most URLs have, used by [`super::href`]
//! and [`super::verdict`] before the state machine: one pass over the input in runs, with a
//! byte table a component instead of a state method call a code point, writing the href
//! straight into one output buffer sized once (the idea of ada-url's `url_aggregator`: the
//! serialization is the record), and the host read without allocation (a plain ASCII domain,
//! lower-cased in place in the output, or a dotted-decimal IPv4 address, which serializes as
//! it is written).
//!
//! Exact where it answers, and it answers only for a parse that succeeds: anything it does
//! not handle (credentials, IPv6 and non-canonical IPv4 hosts, a non-ASCII or
//! percent-encoded host, backslashes or missing slashes after a special scheme, tabs and
//! newlines, leading or trailing C0 controls and spaces, Windows drive letters, a non-special
//! URL with an authority) is left to the state machine, which then runs from the start.
//! Only a verdict or a first error ([`verdict`], [`first_error`]) on a special URL's host
//! with `%`, a non-ASCII byte or a number that is not a canonical IPv4 address is had
//! without it: the host parser reads that host alone, and the port after it is read here.
//! `tests/whatwg_fast.rs` holds both paths equal on the WPT data, on every string of up to
//! three pieces and on generated near misses.

use std::borrow::Cow;

use super::default_port;
use super::encode::{EncodeSet, push_pct};
use super::host::{
    DOMAIN_SECTION, ends_in_number_bytes, forbidden_domain_message, is_forbidden_domain,
};
use super::parser::{
    NO_HOST_AFTER_CREDENTIALS, NO_HOST_BEFORE_PORT, NO_SCHEME, NO_SPECIAL_HOST, PORT_NOT_DIGITS,
    PORT_OVER_65535,
};
use super::parser::{is_double_dot, is_single_dot, is_windows_drive_letter};
use super::{Ctx, Failure, Input, Mode, OVERRIDES};
use crate::engine::Span;
use crate::engine::codes::Code;

/// A byte's class in a component: copied, percent-encoded, the component's end, or not
/// handled here (the machine takes the input).
const COPY: u8 = 0;
const ENCODE: u8 = 1;
const STOP: u8 = 2;
const BAIL: u8 = 3;
/// An opaque path's space: `%20` before a `?` or `#`, else kept.
const SPACE: u8 = 4;

/// The table of a component: `set` encodes, `stops` end it; tabs and newlines (which the
/// parser removes before it starts) are not handled.
const fn table(set: EncodeSet, stops: &[u8]) -> [u8; 256] {
    let mut t = [COPY; 256];
    let mut b = 0;
    while b < 256 {
        if set.contains(b as u8) {
            t[b] = ENCODE;
        }
        b += 1;
    }
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = STOP;
        i += 1;
    }
    t[b'\t' as usize] = BAIL;
    t[b'\n' as usize] = BAIL;
    t[b'\r' as usize] = BAIL;
    t
}

const PATH_SPECIAL: [u8; 256] = table(EncodeSet::Path, b"/\\?#");
const PATH_OTHER: [u8; 256] = table(EncodeSet::Path, b"/?#");
const QUERY_SPECIAL: [u8; 256] = table(EncodeSet::SpecialQuery, b"#");
const QUERY_OTHER: [u8; 256] = table(EncodeSet::Query, b"#");
const FRAGMENT: [u8; 256] = table(EncodeSet::Fragment, b"");
const OPAQUE: [u8; 256] = {
    let mut t = table(EncodeSet::C0Control, b"?#");
    t[b' ' as usize] = SPACE;
    t
};

/// A host byte's class: kept, upper-case (kept lower-cased), the host's end, or anything
/// else (a forbidden domain code point, `%`, non-ASCII: the machine's).
const H_KEEP: u8 = 0;
const H_UPPER: u8 = 1;
const H_STOP: u8 = 2;
const H_BAIL: u8 = 3;

const HOST: [u8; 256] = {
    let mut t = [H_BAIL; 256];
    let mut b = 0x21;
    while b < 0x7f {
        t[b] = if (b as u8).is_ascii_uppercase() {
            H_UPPER
        } else {
            H_KEEP
        };
        b += 1;
    }
    // The forbidden domain code points of the range (URL Standard §3.2) but the stops.
    let bail = b"<>@[]^|%";
    let mut i = 0;
    while i < bail.len() {
        t[bail[i] as usize] = H_BAIL;
        i += 1;
    }
    let stops = b":/?#\\";
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = H_STOP;
        i += 1;
    }
    t
};

/// Which scheme the input has, as the fast path tells them apart.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// ftp, http, https, ws, wss.
    Special,
    File,
    /// Any other scheme.
    Other,
}

/// What the fast path read before the path: the scheme (`..colon`), and for a URL with a
/// host, the host (`host`: empty for the empty host) and the port.
struct Head {
    colon: usize,
    kind: Kind,
    host: (usize, usize),
    host_upper: bool,
    port: Option<u16>,
    /// Where the path starts (at its first `/`, or at what ends it).
    path: usize,
    /// Credentials come before the host (a verdict reads past them, and so do
    /// [`parts`]; an href is the machine's).
    creds: bool,
    /// The credentials' text, from the authority's start to its last `@` (empty without
    /// credentials).
    userinfo: (usize, usize),
}

/// The input without its leading and trailing C0 controls and spaces, which the parser
/// strips first (URL Standard §4.4).
fn strip(input: &str) -> &str {
    let b = input.as_bytes();
    let mut a = 0;
    while a < b.len() && b[a] <= b' ' {
        a += 1;
    }
    let mut z = b.len();
    while z > a && b[z - 1] <= b' ' {
        z -= 1;
    }
    // Both ends are next to ASCII bytes (or the ends of the input): character boundaries.
    input.get(a..z).unwrap_or_default()
}

/// Not read here: the state machine's.
const SLOW: Option<Code> = None;

/// The scheme of the stripped input: its `:`'s offset and kind; else the failure of an
/// input with no scheme, or [`SLOW`] (the empty input, or a scheme that a tab or newline,
/// which the parser removes, interrupts).
#[inline]
fn scheme(b: &[u8]) -> Result<(usize, Kind), Option<Code>> {
    let first = *b.first().ok_or(SLOW)?;
    // No scheme, no base: the no-scheme state fails (URL Standard §4.4).
    let no_scheme = Err(Some(Code::MissingSchemeNonRelativeUrl));
    if !first.is_ascii_alphabetic() {
        return no_scheme;
    }
    let i = 1 + b[1..]
        .iter()
        .position(|&c| !SCHEME_CHAR[usize::from(c)])
        .unwrap_or(b.len() - 1);
    match b.get(i) {
        Some(b':') => {}
        Some(b'\t' | b'\n' | b'\r') => return Err(SLOW),
        _ => return no_scheme,
    }
    // The scheme in lower case, packed into a word: for a scheme's characters (letters,
    // digits, "+", "-", ".") setting bit 5 is ASCII lower-casing.
    let kind = if i <= 5 {
        let mut word = [0u8; 8];
        word[..i].copy_from_slice(&b[..i]);
        match u64::from_le_bytes(word) | (0x2020_2020_2020_2020 >> (8 * (8 - i))) {
            w if w == packed(b"http") || w == packed(b"https") => Kind::Special,
            w if w == packed(b"ws") || w == packed(b"wss") || w == packed(b"ftp") => Kind::Special,
            w if w == packed(b"file") => Kind::File,
            _ => Kind::Other,
        }
    } else {
        Kind::Other
    };
    Ok((i, kind))
}

/// Whether a byte may follow a scheme's first letter (URL Standard §4.4, scheme state:
/// ASCII alphanumerics, "+", "-", ".").
const SCHEME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.';
        c += 1;
    }
    t
};

/// A lower-case scheme of at most eight bytes as [`scheme`] packs one.
const fn packed(s: &[u8]) -> u64 {
    let mut w = 0u64;
    let mut k = 0;
    while k < s.len() {
        w |= (s[k] as u64) << (8 * k);
        k += 1;
    }
    w
}

/// A host of four decimal parts of 0 to 255 without leading zeros: the IPv4 address that
/// serializes as it is written.
fn canonical_ipv4(t: &[u8]) -> bool {
    let mut parts = 0;
    for p in t.split(|&c| c == b'.') {
        parts += 1;
        if parts > 4
            || p.is_empty()
            || p.len() > 3
            || !p.iter().all(u8::is_ascii_digit)
            || (p.len() > 1 && p[0] == b'0')
            || p.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0')) > 255
        {
            return false;
        }
    }
    parts == 4
}

/// Says that an "@" later in the authority makes what was read so far credentials: a
/// marker inside [`authority`], never a failure (`invalid-credentials` is a warning).
const CREDENTIALS: Option<Code> = Some(Code::InvalidCredentials);

/// Says that a special URL's host is the host parser's alone: a host that ends in a number
/// but is not an IPv4 address written as it serializes, or one with `%` or a non-ASCII
/// byte (percent-decoding, UTS #46). [`verdict`] and [`first_error`] run the host parser
/// on it ([`host_failure`]) rather than the machine from the start: the scheme and the
/// authority up to the host are read here, and the host is parsed before anything after
/// it can fail. [`parts`] and [`href`] leave it to the machine. A marker, never a failure
/// (`whatwg-ipv4-read` is a note).
const HOST_PARSER: Option<Code> = Some(Code::WhatwgIpv4Read);

/// True when the authority from `i` to its end (the first `/`, `?`, `#` or `\\`, which are
/// what ends the authority state of a special URL) holds an `@`.
fn at_ahead(b: &[u8], i: usize) -> bool {
    b.get(i..)
        .unwrap_or_default()
        .iter()
        .take_while(|c| !matches!(c, b'/' | b'?' | b'#' | b'\\'))
        .any(|&c| c == b'@')
}

/// A byte that makes a special URL's domain fail wherever it is in the host (URL Standard
/// §3.2, a forbidden domain code point that neither ends the host nor is removed before
/// parsing): C0 controls but tab and newlines, space, `<`, `>`, `^`, `|`, `]`, U+007F, and
/// `[` past the host's first byte.
fn fails_domain(c: u8, first: bool) -> bool {
    (c <= b' ' && !matches!(c, b'\t' | b'\n' | b'\r'))
        || matches!(c, b'<' | b'>' | b'^' | b'|' | b']' | 0x7f)
        || (c == b'[' && !first)
}

/// A special URL's host holds a byte that [`fails_domain`] at `i`: the domain parser fails
/// (`domain-to-ascii`) when the rest of the authority is ASCII without `%` (else UTS #46
/// mapping or percent-decoding may turn it into something else, as `<` and U+0338 compose
/// to U+226E: [`HOST_PARSER`]), unless an `@` makes it credentials.
fn forbidden(b: &[u8], i: usize) -> Option<Code> {
    let mut out = Some(Code::DomainToAscii);
    for &c in b.get(i..).unwrap_or_default() {
        match c {
            b'/' | b'?' | b'#' | b'\\' => break,
            b'@' => return CREDENTIALS,
            b'%' | 0x80.. => out = HOST_PARSER,
            _ => {}
        }
    }
    out
}

/// The authority of a special or file URL from `at` (after its slashes): the host, and the
/// port (not for file), up to the path; else the failure, or [`SLOW`]. Credentials are
/// read past for a special URL (the host is after the authority's last `@`) and flagged.
#[inline]
fn authority(b: &[u8], at: usize, kind: Kind, colon: usize) -> Result<Head, Option<Code>> {
    match host_port(b, at, kind, colon) {
        Err(CREDENTIALS) if kind == Kind::Special => {
            let end = at
                + b[at..]
                    .iter()
                    .position(|c| matches!(c, b'/' | b'?' | b'#' | b'\\'))
                    .unwrap_or(b.len() - at);
            let last = b[at..end].iter().rposition(|&c| c == b'@').ok_or(SLOW)?;
            match host_port(b, at + last + 1, kind, colon) {
                Ok(h) => Ok(Head {
                    creds: true,
                    userinfo: (at, at + last),
                    ..h
                }),
                // Credentials but no host: the authority state fails.
                Err(CREDENTIALS) => Err(SLOW),
                Err(e) => Err(e),
            }
        }
        Err(CREDENTIALS) => Err(SLOW),
        r => r,
    }
}

/// The host and port from `at`, as [`authority`] reads them; [`CREDENTIALS`] where an `@`
/// ahead would make them credentials.
#[inline]
fn host_port(b: &[u8], at: usize, kind: Kind, colon: usize) -> Result<Head, Option<Code>> {
    let mut i = at;
    let mut upper = false;
    loop {
        match b.get(i).map(|&c| HOST[c as usize]) {
            Some(H_KEEP) => i += 1,
            Some(H_UPPER) => {
                upper = true;
                i += 1;
            }
            None | Some(H_STOP) => break,
            Some(_) if b[i] == b'@' => return Err(CREDENTIALS),
            Some(_) if kind == Kind::Special && fails_domain(b[i], i == at) => {
                return Err(forbidden(b, i));
            }
            Some(_) if kind == Kind::Special && matches!(b[i], b'%' | 0x80..) => {
                return Err(if at_ahead(b, i) {
                    CREDENTIALS
                } else {
                    HOST_PARSER
                });
            }
            Some(_) => return Err(SLOW),
        }
    }
    let host = &b[at..i];
    if host.is_empty() && kind != Kind::File {
        // The host state fails on an empty host of a special URL.
        return Err(if at_ahead(b, i) {
            CREDENTIALS
        } else {
            Some(Code::HostMissing)
        });
    }
    // A host that ends in a number is an IPv4 address (URL Standard §3.5); only the one
    // written as it serializes is read here.
    if !host.is_empty() && ends_in_number_bytes(host) && !canonical_ipv4(host) {
        return Err(match kind {
            Kind::Special if at_ahead(b, i) => CREDENTIALS,
            Kind::Special => HOST_PARSER,
            _ => SLOW,
        });
    }
    let (port, end) = port(b, i, kind)?;
    Ok(Head {
        colon,
        kind,
        host: (at, i),
        host_upper: upper,
        port,
        path: end,
        creds: false,
        userinfo: (0, 0),
    })
}

/// The port after a host that ends at `i` (when `b[i]` is `:`), and where the path starts;
/// else the failure, [`SLOW`], or [`CREDENTIALS`].
#[inline]
fn port(b: &[u8], i: usize, kind: Kind) -> Result<(Option<u16>, usize), Option<Code>> {
    if b.get(i) != Some(&b':') {
        return Ok((None, i));
    }
    if kind == Kind::File {
        return Err(SLOW);
    }
    let mut j = i + 1;
    let mut v: u32 = 0;
    while let Some(d) = b.get(j).filter(|d| d.is_ascii_digit()) {
        v = (v * 10 + u32::from(d - b'0')).min(1 << 20);
        j += 1;
    }
    // The port state (URL Standard §4.4) fails on anything but a digit before the
    // authority's end, then on a port over 65535; a tab or newline is the parser's to
    // remove (the machine's), and an "@" later in the authority makes all this the
    // credentials.
    match b.get(j) {
        None | Some(b'/' | b'?' | b'#' | b'\\') => {}
        Some(b'\t' | b'\n' | b'\r') => return Err(SLOW),
        Some(_) if at_ahead(b, j) => return Err(CREDENTIALS),
        Some(_) => return Err(Some(Code::PortInvalid)),
    }
    if v > 65535 {
        return Err(Some(Code::PortOutOfRange));
    }
    Ok(((j > i + 1).then_some(v as u16), j))
}

/// The scheme and authority; else the failure, or [`SLOW`].
#[inline]
fn head(b: &[u8]) -> Result<Head, Option<Code>> {
    let (colon, kind) = scheme(b)?;
    let rest = &b[colon + 1..];
    match kind {
        Kind::Special => {
            // With no base, the special authority slashes and ignore slashes states skip
            // every "/" and "\\" (each missing or extra one a validation error only).
            let mut at = colon + 1;
            while matches!(b.get(at), Some(b'/' | b'\\')) {
                at += 1;
            }
            authority(b, at, kind, colon)
        }
        Kind::File => {
            if rest.len() < 2 || rest[0] != b'/' || rest[1] != b'/' {
                return Err(SLOW);
            }
            authority(b, colon + 3, kind, colon)
        }
        Kind::Other => {
            // An authority (`//`, perhaps with a tab or newline between the slashes) is
            // the machine's; a path or an opaque path is read here.
            if matches!(rest.first(), Some(b'\t' | b'\n' | b'\r'))
                || (rest.first() == Some(&b'/')
                    && matches!(rest.get(1), Some(b'/' | b'\t' | b'\n' | b'\r')))
            {
                return Err(SLOW);
            }
            Ok(Head {
                colon,
                kind,
                host: (0, 0),
                host_upper: false,
                port: None,
                path: colon + 1,
                creds: false,
                userinfo: (0, 0),
            })
        }
    }
}

/// Whether `input` parses (no base), else the code of the validation error that makes it
/// fail, for the shapes the fast path reads; `None` leaves the verdict to the machine. The
/// path, query and fragment never fail, so the verdict is known once the port is read.
pub(super) fn verdict(input: &str) -> Option<Result<(), Code>> {
    let s = strip(input);
    match head(s.as_bytes()) {
        Ok(_) => Some(Ok(())),
        Err(HOST_PARSER) => {
            let lead = s.as_ptr() as usize - input.as_ptr() as usize;
            match host_read(s, lead, Mode::Verdict)? {
                HostRead::Parses => Some(Ok(())),
                HostRead::Host(f) => Some(Err(f.code)),
                HostRead::Port(code) => Some(Err(code)),
            }
        }
        Err(Some(code)) => Some(Err(code)),
        Err(None) => None,
    }
}

/// What [`host_read`] found.
enum HostRead {
    /// The host parses, and so does the port: the URL parses.
    Parses,
    /// The host parser's failure, its span in the input.
    Host(Failure),
    /// The host parses; the port fails with this code.
    Port(Code),
}

/// The host of a special URL that [`head`] left to the host parser ([`HOST_PARSER`]),
/// parsed in `mode`, then the port after it (`s` is the stripped input, which starts
/// `lead` bytes into the input); `None` when a tab or newline, which the machine removes
/// first, comes before the host's end or in the port (the machine's). The host is what the
/// machine's host state hands the host parser: from past the authority's last `@` to its
/// `:` outside brackets, or the authority's end.
fn host_read(s: &str, lead: usize, mode: Mode) -> Option<HostRead> {
    let b = s.as_bytes();
    let (host, _) = host_start(b)?;
    let end = host_end(b, host);
    if host >= end || removed_before(b, end)? {
        return None;
    }
    let mut cx = Ctx {
        input: Input { s, map: None, lead },
        diags: Vec::new(),
        validation_error: false,
        mode,
        failure: None,
    };
    super::host::parse_host(&mut cx, host, end, false);
    if let Some(f) = cx.failure {
        return Some(HostRead::Host(f));
    }
    // Past the authority's last `@`: no `@` follows, so the port is the port.
    Some(match port(b, end, Kind::Special) {
        Ok(_) => HostRead::Parses,
        Err(Some(code)) if code != Code::InvalidCredentials => HostRead::Port(code),
        Err(_) => return None,
    })
}

/// Where a special URL's host starts (past the scheme's slashes and the authority's last
/// `@`), and whether credentials come before it.
fn host_start(b: &[u8]) -> Option<(usize, bool)> {
    let (colon, _) = scheme(b).ok()?;
    let mut at = colon + 1;
    while matches!(b.get(at), Some(b'/' | b'\\')) {
        at += 1;
    }
    let rest = b.get(at..)?;
    let authority = rest
        .iter()
        .position(|c| matches!(c, b'/' | b'?' | b'#' | b'\\'))
        .unwrap_or(rest.len());
    let creds = rest[..authority].iter().rposition(|&c| c == b'@');
    Some((creds.map_or(at, |k| at + k + 1), creds.is_some()))
}

/// Whether a tab or newline (which the machine removes before it starts, so that its
/// offsets differ from the input's) comes before `end`; `None` past the input's end.
fn removed_before(b: &[u8], end: usize) -> Option<bool> {
    Some(
        b.get(..end)?
            .iter()
            .any(|&c| matches!(c, b'\t' | b'\n' | b'\r')),
    )
}

/// Where a special URL's host state ends the host that starts at `host`: its `:` outside
/// brackets, or what ends the authority (`/`, `?`, `#`, `\\`, or the end).
fn host_end(b: &[u8], host: usize) -> usize {
    let mut i = host;
    let mut brackets = false;
    while let Some(&c) = b.get(i) {
        match c {
            b'[' => brackets = true,
            b']' => brackets = false,
            b':' if !brackets => break,
            b'/' | b'?' | b'#' | b'\\' => break,
            _ => {}
        }
        i += 1;
    }
    i
}

/// [`verdict`]'s failure with its place (and, when `message`, its message) as the state
/// machine's first-error mode reports it ([`super::parser::run_first_error`]): `Some(None)`
/// when the input parses, `None` when the fast path leaves it to the machine. The failure
/// is placed by reading the head again (only an invalid line pays for it): the scheme's
/// first character; the empty host (the stop after it); a domain's whole host, up to where
/// the host state ends it; the port's first non-digit, or its digits. A tab or newline
/// before the failure's end (which the machine removes, so that its offsets differ) leaves
/// it to the machine. `tests/whatwg_fast.rs` holds it equal to the full parse's failure.
pub(super) fn first_error(input: &str, message: bool) -> Option<Option<Failure>> {
    let s = strip(input);
    let lead = s.as_ptr() as usize - input.as_ptr() as usize;
    let b = s.as_bytes();
    let code = match head(b) {
        Ok(_) => return Some(None),
        Err(HOST_PARSER) => match host_read(s, lead, Mode::FirstError { message })? {
            HostRead::Parses => return Some(None),
            HostRead::Host(f) => return Some(Some(f)),
            HostRead::Port(code) => code,
        },
        Err(None) => return None,
        Err(Some(code)) => code,
    };
    let (start, end, spec, text): Place = match code {
        Code::MissingSchemeNonRelativeUrl => {
            let first = s.chars().next()?;
            (0, first.len_utf8(), code.section(), Ok(NO_SCHEME))
        }
        _ => {
            let (host, creds) = host_start(b)?;
            place(s, host, code, creds)?
        }
    };
    if removed_before(b, end)? {
        return None;
    }
    let span = if end > start {
        Span::new(lead + start, lead + end)
    } else {
        Span::at(lead + start)
    };
    Some(Some(Failure {
        code,
        spec,
        span: Some(span),
        message: message.then(|| match text {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(bad) => std::borrow::Cow::Owned(forbidden_domain_message(bad)),
        }),
    }))
}

/// A failure's start and end in the stripped input, the section it cites, and its message
/// (or the forbidden code point the message names).
type Place = (usize, usize, &'static str, Result<&'static str, char>);

/// Where a failure after the scheme is, the host starting at `host` (past the credentials).
fn place(s: &str, host: usize, code: Code, creds: bool) -> Option<Place> {
    let b = s.as_bytes();
    match code {
        Code::HostMissing => {
            // The empty host's stop (or the end), one ASCII byte.
            let next = (host + 1).min(b.len());
            let text = if b.get(host) == Some(&b':') {
                NO_HOST_BEFORE_PORT
            } else if creds {
                NO_HOST_AFTER_CREDENTIALS
            } else {
                NO_SPECIAL_HOST
            };
            Some((host, next, code.section(), Ok(text)))
        }
        Code::DomainToAscii => {
            // The host state's end: `:` outside brackets, or what ends the authority.
            let i = host_end(b, host);
            let bad = b
                .get(host..i)?
                .iter()
                .map(|&c| char::from(c))
                .find(|&c| is_forbidden_domain(c))?;
            Some((host, i, DOMAIN_SECTION, Err(bad)))
        }
        Code::PortInvalid | Code::PortOutOfRange => {
            let rest = b.get(host..)?;
            let colon = host
                + rest
                    .iter()
                    .position(|c| matches!(c, b':' | b'/' | b'?' | b'#' | b'\\'))?;
            if b.get(colon) != Some(&b':') {
                return None;
            }
            let digits = b
                .get(colon + 1..)?
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            let j = colon + 1 + digits;
            if code == Code::PortOutOfRange {
                return Some((colon + 1, j, code.section(), Ok(PORT_OVER_65535)));
            }
            let len = s.get(j..)?.chars().next()?.len_utf8();
            Some((j, j + len, OVERRIDES.section(code), Ok(PORT_NOT_DIGITS)))
        }
        _ => None,
    }
}

/// Copies and encodes the bytes of `s` from `i` with `table` onto `out`, up to a stop (or
/// the end): its offset, or `None` at a byte the fast path does not handle.
#[inline]
fn run(s: &str, mut i: usize, table: &[u8; 256], out: &mut String) -> Option<usize> {
    let b = s.as_bytes();
    loop {
        let start = i;
        while i < b.len() && table[b[i] as usize] == COPY {
            i += 1;
        }
        // A copied byte is ASCII, so a run begins and ends on character boundaries.
        if i > start
            && let Some(t) = s.get(start..i)
        {
            out.push_str(t);
        }
        let Some(&c) = b.get(i) else {
            return Some(i);
        };
        match table[c as usize] {
            ENCODE => push_pct(c, out),
            STOP => return Some(i),
            SPACE => {
                let before_end = matches!(b.get(i + 1), Some(b'?' | b'#'));
                out.push_str(if before_end { "%20" } else { " " });
            }
            _ => return None,
        }
        i += 1;
    }
}

/// The path state's segments from `i` (a list path: one `/` read first), with dot segments
/// removed: the offset of what ends the path.
fn path(s: &str, mut i: usize, kind: Kind, out: &mut String) -> Option<usize> {
    let b = s.as_bytes();
    let special = kind != Kind::Other;
    let table = if special { &PATH_SPECIAL } else { &PATH_OTHER };
    let start = out.len();
    if b.get(i) == Some(&b'/') || (special && b.get(i) == Some(&b'\\')) {
        i += 1;
    }
    loop {
        let seg = out.len();
        out.push('/');
        i = run(s, i, table, out)?;
        let slash = matches!(b.get(i), Some(b'/')) || (special && b.get(i) == Some(&b'\\'));
        let text = out.get(seg + 1..).unwrap_or("");
        if kind == Kind::File && is_windows_drive_letter(text) {
            return None;
        }
        let double = is_double_dot(text);
        if double || is_single_dot(text) {
            out.truncate(seg);
            if double && let Some(k) = out.get(start..).and_then(|p| p.rfind('/')) {
                out.truncate(start + k);
            }
            if !slash {
                out.push('/');
            }
        }
        if !slash {
            break;
        }
        i += 1;
    }
    // A path that starts with an empty segment and no host serializes with "/." before it.
    if kind == Kind::Other && out.get(start..).is_some_and(|p| p.starts_with("//")) {
        return None;
    }
    Some(i)
}

/// The href of `input` (no base), or `None` when the fast path does not read it.
pub(super) fn href(input: &str) -> Option<String> {
    let input = strip(input);
    let b = input.as_bytes();
    let h = head(b).ok().filter(|h| !h.creds)?;
    // Sized once: the input, with room for the "/" of an empty path; only a percent-encoded
    // byte makes it grow.
    let mut out = String::with_capacity(b.len() + 8);
    out.push_str(input.get(..=h.colon)?);
    if let Some(scheme) = out.get_mut(..h.colon) {
        scheme.make_ascii_lowercase();
    }
    let mut i = h.path;
    if h.kind == Kind::Other {
        if b.get(i) == Some(&b'/') {
            i = path(input, i, h.kind, &mut out)?;
        } else {
            i = run(input, i, &OPAQUE, &mut out)?;
        }
    } else {
        out.push_str("//");
        let (a, z) = h.host;
        let at = out.len();
        out.push_str(input.get(a..z)?);
        if h.host_upper
            && let Some(host) = out.get_mut(at..)
        {
            host.make_ascii_lowercase();
        }
        if h.kind == Kind::File && out.get(at..) == Some("localhost") {
            out.truncate(at);
        }
        if let Some(p) = h.port
            && default_port(out.get(..h.colon).unwrap_or("")) != Some(p)
        {
            out.push(':');
            out.push_str(itoa::Buffer::new().format(p));
        }
        i = path(input, i, h.kind, &mut out)?;
    }
    if b.get(i) == Some(&b'?') {
        out.push('?');
        let table = if h.kind == Kind::Other {
            &QUERY_OTHER
        } else {
            &QUERY_SPECIAL
        };
        i = run(input, i + 1, table, &mut out)?;
    }
    if b.get(i) == Some(&b'#') {
        out.push('#');
        run(input, i + 1, &FRAGMENT, &mut out)?;
    }
    Some(out)
}

/// The parts of a URL record that a security decision reads (URL Standard §4.1), as the URL
/// serializer (§4.5) writes them: what [`super::parts`] gives.
/// Each text borrows the input where the record holds it as written (the common case), and
/// is built only where the parser changes it (case, percent-encoding, dot segments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts<'a> {
    /// The scheme, lower-cased.
    pub scheme: Cow<'a, str>,
    /// The credentials as the serializer writes them before the `@`: the username, then
    /// `:` and the password when the password is not empty (percent-encoded with the
    /// userinfo set); empty when the URL includes none.
    pub userinfo: Cow<'a, str>,
    /// The serialized host (`Some("")`: the empty host); `None` for a URL with no host.
    pub host: Option<Cow<'a, str>>,
    /// The port; `None` for none and for the scheme's default port.
    pub port: Option<u16>,
    /// The URL path serialization (an opaque path's text, or each segment after a `/`).
    pub path: Cow<'a, str>,
}

/// The scheme, credentials, host, port and path of `input`'s URL record (no base), as
/// [`Parts`] has them, or the code of the validation error that makes the parse fail, for
/// the shapes the fast path reads; `None` leaves them to the state machine (as
/// [`verdict`], and also for tabs and newlines inside the credentials or the path, for a
/// Windows drive letter, and for a non-special path that would start with `//`). The
/// query and fragment are not read: they neither fail nor change the other parts.
/// Allocates nothing unless a part must be lower-cased, percent-encoded or have its dot
/// segments removed. `tests/whatwg_fast.rs` holds it equal to the state machine's record.
pub(super) fn parts(input: &str) -> Option<Result<Parts<'_>, Code>> {
    let input = strip(input);
    let b = input.as_bytes();
    let h = match head(b) {
        Ok(h) => h,
        Err(HOST_PARSER | None) => return None,
        Err(Some(code)) => return Some(Err(code)),
    };
    let scheme = lower(input.get(..h.colon)?);
    let userinfo = if h.creds {
        credentials(input, h.userinfo)?
    } else {
        Cow::Borrowed("")
    };
    let (host, port, path) = if h.kind == Kind::Other {
        let path = if b.get(h.path) == Some(&b'/') {
            list_path(input, h.path, h.kind)?
        } else {
            opaque_path(input, h.path)?
        };
        (None, None, path)
    } else {
        let (a, z) = h.host;
        let host = input.get(a..z)?;
        let host = if h.kind == Kind::File && host.eq_ignore_ascii_case("localhost") {
            Cow::Borrowed("")
        } else if h.host_upper {
            Cow::Owned(host.to_ascii_lowercase())
        } else {
            Cow::Borrowed(host)
        };
        let port = h.port.filter(|&p| default_port(&scheme) != Some(p));
        (Some(host), port, list_path(input, h.path, h.kind)?)
    };
    Some(Ok(Parts {
        scheme,
        userinfo,
        host,
        port,
        path,
    }))
}

impl Parts<'static> {
    /// The parts of a URL record (the state machine's), its strings moved, not copied.
    pub fn of_record(url: super::UrlRecord) -> Parts<'static> {
        let mut userinfo = url.username;
        if !url.password.is_empty() {
            userinfo.push(':');
            userinfo.push_str(&url.password);
        }
        let host = url.host.map(|h| match h {
            super::Host::Domain(d) => d,
            h => h.to_string(),
        });
        Parts {
            scheme: Cow::Owned(url.scheme),
            userinfo: Cow::Owned(userinfo),
            host: host.map(Cow::Owned),
            port: url.port,
            path: Cow::Owned(match url.path {
                super::UrlPath::List(p) | super::UrlPath::Opaque(p) => p,
            }),
        }
    }
}

/// `s` lower-cased, borrowed when it has no upper-case letter.
fn lower(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// The credentials `a..z` (before the authority's last `@`) as the serializer writes them:
/// the authority state (URL Standard §4.4) splits them at the first `:` and percent-encodes
/// every other code point with the userinfo set (which holds `:` and `@`, so a later `:` and
/// an earlier `@` come out as `%3A` and `%40`); `None` for a tab or newline, which the
/// parser removes first (the machine's).
fn credentials(s: &str, (a, z): (usize, usize)) -> Option<Cow<'_, str>> {
    let raw = s.get(a..z)?;
    let rb = raw.as_bytes();
    if memchr::memchr3(b'\t', b'\n', b'\r', rb).is_some() {
        return None;
    }
    let colon = memchr::memchr(b':', rb);
    let encode = |k: usize, c: u8| Some(k) != colon && EncodeSet::Userinfo.contains(c);
    if !rb.iter().enumerate().any(|(k, &c)| encode(k, c)) {
        // As written, but for an empty password's `:`, which the serializer drops.
        return Some(Cow::Borrowed(match colon {
            Some(k) if k + 1 == rb.len() => raw.get(..k)?,
            _ => raw,
        }));
    }
    let mut out = String::with_capacity(rb.len() + 8);
    let user_end = colon.unwrap_or(rb.len());
    for &c in &rb[..user_end] {
        push_byte(c, EncodeSet::Userinfo, &mut out);
    }
    if let Some(k) = colon
        && k + 1 < rb.len()
    {
        out.push(':');
        for &c in &rb[k + 1..] {
            push_byte(c, EncodeSet::Userinfo, &mut out);
        }
    }
    Some(Cow::Owned(out))
}

/// Writes byte `c` of UTF-8 text percent-encoded with `set` when the set holds it, else as
/// it is (an ASCII byte: the set holds every byte over 0x7E).
fn push_byte(c: u8, set: EncodeSet, out: &mut String) {
    if set.contains(c) {
        push_pct(c, out);
    } else {
        out.push(char::from(c));
    }
}

/// The list path from `i` as [`path`] serializes it: borrowed from the input when the
/// path state copies it unchanged (every segment's bytes copied, `/` between them, no
/// `.` or `..` segment; `/` for a special URL's empty path), else built by [`path`].
fn list_path(s: &str, i: usize, kind: Kind) -> Option<Cow<'_, str>> {
    let b = s.as_bytes();
    let special = kind != Kind::Other;
    let table = if special { &PATH_SPECIAL } else { &PATH_OTHER };
    let verbatim = match b.get(i) {
        None | Some(b'?' | b'#') if special => Some(i),
        Some(b'/') if !(kind == Kind::Other && b.get(i + 1) == Some(&b'/')) => {
            let mut j = i;
            loop {
                // `j` is at a segment's `/`.
                let start = j + 1;
                let mut k = start;
                while k < b.len() && table[b[k] as usize] == COPY {
                    k += 1;
                }
                let seg = s.get(start..k).unwrap_or("..");
                // A dot segment starts with "." or "%" (`%2e`): the common segment is
                // looked at once.
                if (matches!(seg.as_bytes().first(), Some(b'.' | b'%'))
                    && (is_single_dot(seg) || is_double_dot(seg)))
                    || (kind == Kind::File && is_windows_drive_letter(seg))
                {
                    break None;
                }
                match b.get(k) {
                    Some(b'/') => j = k,
                    None | Some(b'?' | b'#') => break Some(k),
                    _ => break None,
                }
            }
        }
        _ => None,
    };
    match verbatim {
        Some(end) if end == i => Some(Cow::Borrowed("/")),
        Some(end) => s.get(i..end).map(Cow::Borrowed),
        None => {
            let mut out = String::with_capacity(b.len().saturating_sub(i) + 8);
            path(s, i, kind, &mut out)?;
            Some(Cow::Owned(out))
        }
    }
}

/// The opaque path from `i` (the opaque path state): borrowed when every byte is copied,
/// else built as [`href`] builds it.
fn opaque_path(s: &str, i: usize) -> Option<Cow<'_, str>> {
    let b = s.as_bytes();
    let mut k = i;
    while k < b.len() && OPAQUE[b[k] as usize] == COPY {
        k += 1;
    }
    if matches!(b.get(k), None | Some(b'?' | b'#')) {
        return s.get(i..k).map(Cow::Borrowed);
    }
    let mut out = String::with_capacity(b.len().saturating_sub(i) + 8);
    run(s, i, &OPAQUE, &mut out)?;
    Some(Cow::Owned(out))
}
