//! The basic URL parser's state machine (URL Standard §4.4 #concept-basic-url-parser),
//! without state override.
//!
//! The pointer is a byte offset into the cleaned input; "decrease pointer by 1" is kept as
//! "do not advance" (the state runs again on the same code point), which is what the
//! standard's decrease-then-increase amounts to.

use std::borrow::Cow;

use super::encode::{self, EncodeSet};
use super::host::parse_host;
use super::{Ctx, Host, Input, Parsed, Spans, UrlPath, UrlRecord, default_port, is_special};
use crate::engine::codes::Code;
use crate::engine::tree::{Severity, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// Bytes a state appends as they are: ASCII URL code points that are no delimiter of the
/// state, not `%`, and not in its percent-encode set. A run of them is copied at once, which
/// is what the state would do one code point at a time (no validation error, no encoding).
const PLAIN_PATH: u8 = 1;
const PLAIN_QUERY: u8 = 2;
const PLAIN_FRAGMENT: u8 = 4;
const PLAIN_OPAQUE: u8 = 8;

const PLAIN: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        let url_cp = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'!' | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b'-'
                    | b'.'
                    | b'/'
                    | b':'
                    | b';'
                    | b'='
                    | b'?'
                    | b'@'
                    | b'_'
                    | b'~'
            );
        if url_cp && c != b'%' && c != b'#' && c != b'?' {
            if c != b'/' && !EncodeSet::Path.contains(c) {
                t[b] |= PLAIN_PATH;
            }
            if !EncodeSet::SpecialQuery.contains(c) {
                t[b] |= PLAIN_QUERY;
                t[b] |= PLAIN_OPAQUE;
            }
            if !EncodeSet::Fragment.contains(c) {
                t[b] |= PLAIN_FRAGMENT;
            }
        }
        if url_cp && c == b'?' && !EncodeSet::SpecialQuery.contains(c) {
            t[b] |= PLAIN_QUERY | PLAIN_FRAGMENT;
        }
        b += 1;
    }
    t
};

/// The end of the run of bytes with `flag` from `i`.
#[inline]
fn plain_run(bytes: &[u8], mut i: usize, flag: u8) -> usize {
    while i < bytes.len() && bytes[i] < 128 && PLAIN[bytes[i] as usize] & flag != 0 {
        i += 1;
    }
    i
}

fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

/// What cleaning the input leaves: the text, its map back to the input (when tabs or
/// newlines were removed), the leading strip's length, and what was removed.
struct Cleaned<'a> {
    text: Cow<'a, str>,
    map: Option<Vec<usize>>,
    lead: usize,
    removed: Vec<(Code, Span)>,
}

/// The input cleaned as the standard's first steps say.
fn clean(input: &str) -> Cleaned<'_> {
    let mut removed = Vec::new();
    let start = input.len() - input.trim_start_matches(is_c0_or_space).len();
    let trimmed = input[start..].trim_end_matches(is_c0_or_space);
    let end = start + trimmed.len();
    if start > 0 {
        removed.push((Code::WhatwgStripped, Span::new(0, start)));
    }
    if !trimmed.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        if end < input.len() {
            removed.push((Code::WhatwgStripped, Span::new(end, input.len())));
        }
        return Cleaned {
            text: Cow::Borrowed(trimmed),
            map: None,
            lead: start,
            removed,
        };
    }
    let mut bytes = Vec::with_capacity(trimmed.len());
    let mut map = Vec::with_capacity(trimmed.len() + 1);
    for (i, b) in trimmed.bytes().enumerate() {
        let at = start + i;
        if matches!(b, b'\t' | b'\n' | b'\r') {
            match removed.last_mut() {
                Some((Code::WhatwgTabNewlineRemoved, sp)) if sp.end == at => sp.end = at + 1,
                _ => removed.push((Code::WhatwgTabNewlineRemoved, Span::new(at, at + 1))),
            }
        } else {
            bytes.push(b);
            map.push(at);
        }
    }
    map.push(end);
    if end < input.len() {
        removed.push((Code::WhatwgStripped, Span::new(end, input.len())));
    }
    // Only ASCII bytes were taken out, so what is left is still UTF-8.
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    Cleaned {
        text: Cow::Owned(text),
        map: Some(map),
        lead: start,
        removed,
    }
}

fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && s[0].is_ascii_alphabetic()
        && (s[1] == b':' || s[1] == b'|')
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

pub(super) fn is_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && (b[1] == b':' || b[1] == b'|')
}

fn is_normalized_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

pub(super) fn is_single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

pub(super) fn is_double_dot(s: &str) -> bool {
    matches!(s.len(), 2 | 4 | 6)
        && (s == ".."
            || s.eq_ignore_ascii_case(".%2e")
            || s.eq_ignore_ascii_case("%2e.")
            || s.eq_ignore_ascii_case("%2e%2e"))
}

pub(super) fn shorten(url: &mut UrlRecord) {
    if let UrlPath::List(p) = &mut url.path {
        if url.scheme == "file" && p.len() == 3 && is_normalized_windows_drive_letter(&p[1..]) {
            return;
        }
        if let Some(i) = p.rfind('/') {
            p.truncate(i);
        }
    }
}

fn path_list(url: &mut UrlRecord) -> &mut String {
    if !matches!(url.path, UrlPath::List(_)) {
        url.path = UrlPath::List(String::new());
    }
    match &mut url.path {
        UrlPath::List(p) => p,
        UrlPath::Opaque(p) => p,
    }
}

/// A run of bytes one percent-encode set encoded, for one note.
struct EncRun {
    set: EncodeSet,
    start: usize,
    end: usize,
}

struct Machine<'a, 'b> {
    cx: Ctx<'a>,
    base: Option<&'b UrlRecord>,
    url: UrlRecord,
    spans: Spans,
    run: Option<EncRun>,
}

impl Machine<'_, '_> {
    /// Notes that `set` encoded the cleaned bytes `a..b`, merged with the run before it.
    fn encoded(&mut self, set: EncodeSet, a: usize, b: usize) {
        if let Some(r) = &mut self.run
            && r.set == set
            && r.end == a
        {
            r.end = b;
            return;
        }
        self.flush_run();
        self.run = Some(EncRun {
            set,
            start: a,
            end: b,
        });
    }
    fn flush_run(&mut self) {
        if let Some(r) = self.run.take() {
            self.cx.note(
                Code::WhatwgPercentEncoded,
                r.start,
                r.end,
                format!("encoded with the {} (URL Standard §1.3)", r.set.name()),
            );
        }
    }
    /// Appends `c` (at cleaned `at`) to `out` encoded with `set`, noting an encoding.
    fn push_enc(&mut self, c: char, at: usize, set: EncodeSet, out: &mut String) {
        if encode::encode_char(c, set, out) {
            self.encoded(set, at, at + c.len_utf8());
        }
    }
    /// The invalid-URL-unit checks of the path, opaque path, query and fragment states.
    #[inline]
    fn check_unit(&mut self, c: char, at: usize) {
        if c == '%' {
            if !encode::starts_with_two_hex(&self.cx.input.s.as_bytes()[at + 1..]) {
                self.cx.url_unit(at, at + 1, c);
            }
        } else if !(c.is_ascii_alphanumeric() || encode::is_url_code_point(c)) {
            self.cx.url_unit(at, at + c.len_utf8(), c);
        }
    }
    fn backslash(&mut self, at: usize) {
        self.cx.warn(
            Code::InvalidReverseSolidus,
            at,
            at + 1,
            "a special URL reads \"\\\" as \"/\": write \"/\"",
        );
    }
    fn missing_solidus(&mut self, at: usize) {
        // The character after the ":" (or "/"), whole: it may be multi-byte.
        let end = self
            .cx
            .input
            .s
            .get(at..)
            .and_then(|r| r.chars().next())
            .map_or(at, |c| at + c.len_utf8());
        self.cx.warn(
            Code::SpecialSchemeMissingFollowingSolidus,
            at,
            end,
            "a special scheme is followed by \"//\": write \"//\" after the \":\"",
        );
    }
}

/// Runs the basic URL parser.
pub(super) fn run(original: &str, base: Option<&UrlRecord>) -> Parsed {
    let cleaned = clean(original);
    let removed = cleaned.removed;
    let input = Input {
        s: &cleaned.text,
        map: cleaned.map,
        lead: cleaned.lead,
    };
    let mut m = Machine {
        cx: Ctx {
            input,
            diags: Vec::new(),
            validation_error: false,
        },
        base,
        url: UrlRecord {
            scheme: String::new(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            path: UrlPath::List(String::new()),
            query: None,
            fragment: None,
        },
        spans: Spans::default(),
        run: None,
    };
    for (code, span) in &removed {
        m.cx.validation_error = true;
        let what = if *code == Code::WhatwgStripped {
            "leading or trailing C0 controls and spaces are removed before parsing: remove them"
        } else {
            "tabs and newlines are removed before parsing: remove them"
        };
        m.cx.diags.push(crate::engine::tree::Diagnostic::new(
            Severity::Warning,
            Code::InvalidUrlUnit,
            *span,
            Code::InvalidUrlUnit.section(),
            what,
        ));
        m.cx.diags.push(crate::engine::tree::Diagnostic::new(
            Severity::Note,
            *code,
            *span,
            code.section(),
            if *code == Code::WhatwgStripped {
                "removed: leading and trailing C0 controls and spaces"
            } else {
                "removed: ASCII tab or newline"
            },
        ));
    }
    let (ok, steps) = machine(&mut m);
    m.flush_run();
    let mut diags = m.cx.diags;
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    Parsed {
        url: ok.then_some(m.url),
        spans: m.spans,
        diagnostics: diags,
        valid_url_string: !m.cx.validation_error,
        steps,
    }
}

/// The first byte from `i` that is one of `stops`, or the end (a non-ASCII byte is never a
/// stop, and a run ends on a character boundary since every stop is ASCII).
#[inline]
fn skip_until(bytes: &[u8], mut i: usize, stops: &[u8]) -> usize {
    while i < bytes.len() && !stops.contains(&bytes[i]) {
        i += 1;
    }
    i
}

/// The loop's advance, for a state that copied a run and continues at once: steps over the
/// run's last byte (ASCII).
#[inline]
fn continue_after(ptr: &mut usize, _steps: &mut usize, n: usize) {
    if *ptr < n {
        *ptr += 1;
    }
}

#[inline]
fn char_at(s: &str, i: usize) -> Option<char> {
    let b = *s.as_bytes().get(i)?;
    if b < 0x80 {
        return Some(b as char);
    }
    s.get(i..).and_then(|r| r.chars().next())
}

/// The state machine; `(parsed, steps)`.
fn machine(m: &mut Machine<'_, '_>) -> (bool, usize) {
    let s: &str = m.cx.input.s;
    let bytes = s.as_bytes();
    let n = bytes.len();
    let special_of = |u: &UrlRecord| is_special(&u.scheme);
    let mut state = State::SchemeStart;
    let mut ptr = 0usize;
    let mut steps = 0usize;
    let mut buf = String::new();
    // Where the current buffer's text starts (authority, host, port, file host).
    let mut buf_start = 0usize;
    let mut at_seen = false;
    let mut in_brackets = false;
    let mut pw_seen = false;
    let mut auth_start = 0usize;
    let mut colon_at: Option<usize> = None;
    let mut last_at = 0usize;
    let mut path_end = 0usize;
    let mut path_start: Option<usize> = None;
    let mut seg_start = 0usize;
    let mut special = false;
    loop {
        steps += 1;
        let c = char_at(s, ptr);
        let clen = c.map_or(0, char::len_utf8);
        let next = ptr + clen;
        let mut advance = true;
        match state {
            State::SchemeStart => {
                if let Some(ch) = c.filter(char::is_ascii_alphabetic) {
                    buf.push(ch.to_ascii_lowercase());
                    state = State::Scheme;
                } else {
                    state = State::NoScheme;
                    advance = false;
                }
            }
            State::Scheme => match c {
                Some(ch) if ch.is_ascii_alphanumeric() || matches!(ch, '+' | '-' | '.') => {
                    buf.push(ch.to_ascii_lowercase());
                }
                Some(':') => {
                    m.url.scheme = std::mem::take(&mut buf);
                    m.spans.scheme = Some(m.cx.input.span(0, ptr));
                    if s[..ptr] != m.url.scheme {
                        m.cx.note(
                            Code::WhatwgSchemeLowercased,
                            0,
                            ptr,
                            format!("the scheme is lower-cased to {}", m.url.scheme),
                        );
                    }
                    special = special_of(&m.url);
                    let rest = &bytes[next..];
                    if m.url.scheme == "file" {
                        if !rest.starts_with(b"//") {
                            m.missing_solidus(next);
                        }
                        state = State::File;
                    } else if special && m.base.is_some_and(|b| b.scheme == m.url.scheme) {
                        state = State::SpecialRelativeOrAuthority;
                    } else if special {
                        state = State::SpecialAuthoritySlashes;
                    } else if rest.first() == Some(&b'/') {
                        state = State::PathOrAuthority;
                        ptr += 1;
                    } else {
                        m.url.path = UrlPath::Opaque(String::new());
                        path_start = Some(next);
                        state = State::OpaquePath;
                        m.cx.note(
                            Code::WhatwgOpaquePath,
                            next,
                            n,
                            "no \"/\" after a non-special scheme: the rest up to \"?\" or \"#\" is \
                             an opaque path, kept as written (C0 controls and non-ASCII \
                             percent-encoded)",
                        );
                    }
                }
                _ => {
                    buf.clear();
                    state = State::NoScheme;
                    ptr = 0;
                    advance = false;
                }
            },
            State::NoScheme => match m.base {
                Some(b) if !b.has_opaque_path() => {
                    state = if b.scheme != "file" {
                        State::Relative
                    } else {
                        State::File
                    };
                    advance = false;
                }
                Some(b) if c == Some('#') => {
                    m.url.scheme = b.scheme.clone();
                    m.url.path = b.path.clone();
                    m.url.query = b.query.clone();
                    m.url.fragment = Some(String::new());
                    special = special_of(&m.url);
                    state = State::Fragment;
                }
                _ => {
                    m.cx.error(
                        Code::MissingSchemeNonRelativeUrl,
                        ptr,
                        next,
                        if m.base.is_none() {
                            "no scheme and no base URL: start with a scheme such as \"https:\", \
                             or parse against a base"
                        } else {
                            "no scheme, and the base URL has an opaque path, so only a fragment \
                             can be resolved against it"
                        },
                    );
                    return (false, steps);
                }
            },
            State::SpecialRelativeOrAuthority => {
                if c == Some('/') && bytes.get(next) == Some(&b'/') {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    ptr += 1;
                } else {
                    m.missing_solidus(ptr);
                    state = State::Relative;
                    advance = false;
                }
            }
            State::PathOrAuthority => {
                if c == Some('/') {
                    state = State::Authority;
                    buf_start = next;
                    auth_start = next;
                } else {
                    state = State::Path;
                    path_start = Some(ptr.saturating_sub(1));
                    advance = false;
                }
            }
            State::Relative => {
                let Some(b) = m.base else {
                    return (false, steps);
                };
                m.url.scheme = b.scheme.clone();
                special = special_of(&m.url);
                if c == Some('/') {
                    state = State::RelativeSlash;
                } else if special && c == Some('\\') {
                    m.backslash(ptr);
                    state = State::RelativeSlash;
                } else {
                    m.url.username = b.username.clone();
                    m.url.password = b.password.clone();
                    m.url.host = b.host.clone();
                    m.url.port = b.port;
                    m.url.path = b.path.clone();
                    m.url.query = b.query.clone();
                    match c {
                        Some('?') => {
                            m.url.query = Some(String::new());
                            state = State::Query;
                            m.spans.query = Some(m.cx.input.span(next, next));
                            buf_start = next;
                        }
                        Some('#') => {
                            m.url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                        Some(_) => {
                            m.url.query = None;
                            shorten(&mut m.url);
                            state = State::Path;
                            path_start = Some(ptr);
                            advance = false;
                        }
                        None => {}
                    }
                }
            }
            State::RelativeSlash => {
                if special && matches!(c, Some('/') | Some('\\')) {
                    if c == Some('\\') {
                        m.backslash(ptr);
                    }
                    state = State::SpecialAuthorityIgnoreSlashes;
                } else if c == Some('/') {
                    state = State::Authority;
                    buf_start = next;
                    auth_start = next;
                } else {
                    if let Some(b) = m.base {
                        m.url.username = b.username.clone();
                        m.url.password = b.password.clone();
                        m.url.host = b.host.clone();
                        m.url.port = b.port;
                    }
                    state = State::Path;
                    path_start = Some(ptr.saturating_sub(1));
                    advance = false;
                }
            }
            State::SpecialAuthoritySlashes => {
                if c == Some('/') && bytes.get(next) == Some(&b'/') {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    ptr += 1;
                } else {
                    m.missing_solidus(ptr);
                    state = State::SpecialAuthorityIgnoreSlashes;
                    advance = false;
                }
            }
            State::SpecialAuthorityIgnoreSlashes => {
                if !matches!(c, Some('/') | Some('\\')) {
                    state = State::Authority;
                    buf_start = ptr;
                    auth_start = ptr;
                    advance = false;
                } else {
                    m.missing_solidus(ptr);
                    if c == Some('\\') {
                        m.cx.note(
                            Code::WhatwgBackslashAsSlash,
                            ptr,
                            next,
                            "read as \"/\" and skipped with the authority's slashes",
                        );
                    }
                }
            }
            State::Authority => {
                // A run of bytes the state only steps over (no "@", no end of the authority).
                let skip = skip_until(bytes, ptr, b"@/?#\\");
                if skip > ptr + 1 {
                    ptr = skip - 1;
                    continue_after(&mut ptr, &mut steps, n);
                    continue;
                }
                let ends = matches!(c, None | Some('/') | Some('?') | Some('#'))
                    || (special && c == Some('\\'));
                if c == Some('@') {
                    m.cx.warn(
                        Code::InvalidCredentials,
                        ptr,
                        next,
                        "credentials in a URL are visible to anyone who sees it: remove them",
                    );
                    if at_seen {
                        // The earlier "@" is part of the credentials, encoded.
                        if pw_seen {
                            m.url.password.push_str("%40");
                        } else {
                            m.url.username.push_str("%40");
                        }
                        m.encoded(EncodeSet::Userinfo, buf_start - 1, buf_start);
                    }
                    at_seen = true;
                    let mut i = buf_start;
                    while i < ptr {
                        let ch = char_at(s, i).unwrap_or('\u{fffd}');
                        let l = ch.len_utf8();
                        if ch == ':' && !pw_seen {
                            pw_seen = true;
                            colon_at = Some(i);
                        } else {
                            let mut out = std::mem::take(if pw_seen {
                                &mut m.url.password
                            } else {
                                &mut m.url.username
                            });
                            m.push_enc(ch, i, EncodeSet::Userinfo, &mut out);
                            if pw_seen {
                                m.url.password = out;
                            } else {
                                m.url.username = out;
                            }
                        }
                        i += l;
                    }
                    last_at = ptr;
                    buf_start = next;
                } else if ends {
                    if at_seen && buf_start == ptr {
                        m.cx.error(
                            Code::HostMissing,
                            ptr,
                            next,
                            "credentials but no host after the \"@\": give a host",
                        );
                        return (false, steps);
                    }
                    if at_seen {
                        let user_end = colon_at.unwrap_or(last_at);
                        m.spans.username = Some(m.cx.input.span(auth_start, user_end));
                        if let Some(col) = colon_at {
                            m.spans.password = Some(m.cx.input.span(col + 1, last_at));
                        }
                    }
                    ptr = buf_start;
                    state = State::Host;
                    advance = false;
                }
            }
            State::Host => {
                let skip = skip_until(bytes, ptr, b":[]/?#\\");
                if skip > ptr + 1 {
                    ptr = skip - 1;
                    continue_after(&mut ptr, &mut steps, n);
                    continue;
                }
                if c == Some(':') && !in_brackets {
                    if buf_start == ptr {
                        m.cx.error(
                            Code::HostMissing,
                            ptr,
                            next,
                            "a port but no host: give a host before the \":\"",
                        );
                        return (false, steps);
                    }
                    let Some(h) = parse_host(&mut m.cx, buf_start, ptr, !special) else {
                        return (false, steps);
                    };
                    m.url.host = Some(h);
                    m.spans.host = Some(m.cx.input.span(buf_start, ptr));
                    buf_start = next;
                    state = State::Port;
                } else if matches!(c, None | Some('/') | Some('?') | Some('#'))
                    || (special && c == Some('\\'))
                {
                    advance = false;
                    if special && buf_start == ptr {
                        m.cx.error(
                            Code::HostMissing,
                            ptr,
                            next,
                            "a special URL needs a host: give one after \"//\"",
                        );
                        return (false, steps);
                    }
                    let h = if buf_start == ptr {
                        Some(Host::Empty)
                    } else {
                        parse_host(&mut m.cx, buf_start, ptr, !special)
                    };
                    let Some(h) = h else {
                        return (false, steps);
                    };
                    m.url.host = Some(h);
                    m.spans.host = Some(m.cx.input.span(buf_start, ptr));
                    state = State::PathStart;
                } else {
                    if c == Some('[') {
                        in_brackets = true;
                    }
                    if c == Some(']') {
                        in_brackets = false;
                    }
                }
            }
            State::Port => {
                if c.is_some_and(|ch| ch.is_ascii_digit()) {
                } else if matches!(c, None | Some('/') | Some('?') | Some('#'))
                    || (special && c == Some('\\'))
                {
                    if buf_start < ptr {
                        let digits = &bytes[buf_start..ptr];
                        let mut v: u32 = 0;
                        for &d in digits {
                            v = (v * 10 + (d - b'0') as u32).min(1 << 20);
                        }
                        m.spans.port = Some(m.cx.input.span(buf_start, ptr));
                        if v > 65535 {
                            m.cx.error(
                                Code::PortOutOfRange,
                                buf_start,
                                ptr,
                                "the port is over 65535: give a port from 0 to 65535",
                            );
                            return (false, steps);
                        }
                        let port = v as u16;
                        if default_port(&m.url.scheme) == Some(port) {
                            m.url.port = None;
                            m.cx.note(
                                Code::WhatwgDefaultPortDropped,
                                buf_start,
                                ptr,
                                format!("{port} is {}'s default port, dropped", m.url.scheme),
                            );
                        } else {
                            m.url.port = Some(port);
                        }
                    }
                    state = State::PathStart;
                    advance = false;
                } else {
                    m.cx.error_at(
                        Code::PortInvalid,
                        ptr,
                        next,
                        super::OVERRIDES.section(Code::PortInvalid),
                        "the port holds a character that is not a digit: give digits only",
                    );
                    return (false, steps);
                }
            }
            State::File => {
                m.url.scheme = "file".to_string();
                special = true;
                m.url.host = Some(Host::Empty);
                if matches!(c, Some('/') | Some('\\')) {
                    if c == Some('\\') {
                        m.backslash(ptr);
                    }
                    state = State::FileSlash;
                } else if let Some(b) = m.base.filter(|b| b.scheme == "file") {
                    m.url.host = b.host.clone();
                    m.url.path = b.path.clone();
                    m.url.query = b.query.clone();
                    match c {
                        Some('?') => {
                            m.url.query = Some(String::new());
                            state = State::Query;
                            m.spans.query = Some(m.cx.input.span(next, next));
                            buf_start = next;
                        }
                        Some('#') => {
                            m.url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                        Some(_) => {
                            m.url.query = None;
                            if !starts_with_windows_drive_letter(&bytes[ptr..]) {
                                shorten(&mut m.url);
                            } else {
                                m.cx.warn(
                                    Code::FileInvalidWindowsDriveLetter,
                                    ptr,
                                    ptr + 2,
                                    "a relative URL that starts with a Windows drive letter \
                                     replaces the base's whole path: write \"/\" before it",
                                );
                                m.url.path = UrlPath::List(String::new());
                            }
                            state = State::Path;
                            path_start = Some(ptr);
                            advance = false;
                        }
                        None => {}
                    }
                } else {
                    state = State::Path;
                    path_start = Some(ptr);
                    advance = false;
                }
            }
            State::FileSlash => {
                if matches!(c, Some('/') | Some('\\')) {
                    if c == Some('\\') {
                        m.backslash(ptr);
                    }
                    state = State::FileHost;
                    buf_start = next;
                } else {
                    if let Some(b) = m.base.filter(|b| b.scheme == "file") {
                        m.url.host = b.host.clone();
                        if !starts_with_windows_drive_letter(&bytes[ptr..])
                            && let Some(first) = b.path.segments().next()
                            && !b.has_opaque_path()
                            && is_normalized_windows_drive_letter(first)
                        {
                            let first = first.to_string();
                            let p = path_list(&mut m.url);
                            p.push('/');
                            p.push_str(&first);
                            m.cx.note(
                                Code::WhatwgWindowsDriveLetter,
                                ptr,
                                ptr,
                                format!("the base's drive letter {first} is kept"),
                            );
                        }
                    }
                    state = State::Path;
                    path_start = Some(ptr.saturating_sub(1));
                    advance = false;
                }
            }
            State::FileHost => {
                if matches!(c, None | Some('/') | Some('\\') | Some('?') | Some('#')) {
                    advance = false;
                    let text = &s[buf_start..ptr];
                    if is_windows_drive_letter(text) {
                        m.cx.warn(
                            Code::FileInvalidWindowsDriveLetterHost,
                            buf_start,
                            ptr,
                            "a Windows drive letter where the host goes: it is read as the path; \
                             write \"file:///\" before it",
                        );
                        buf.clear();
                        buf.push_str(text);
                        path_start = Some(buf_start);
                        state = State::Path;
                        // The path state goes on with this buffer.
                        seg_start = buf_start;
                    } else if text.is_empty() {
                        m.url.host = Some(Host::Empty);
                        state = State::PathStart;
                    } else {
                        let Some(mut h) = parse_host(&mut m.cx, buf_start, ptr, false) else {
                            return (false, steps);
                        };
                        if h == Host::Domain("localhost".to_string()) {
                            m.cx.note(
                                Code::WhatwgLocalhostEmptied,
                                buf_start,
                                ptr,
                                "a file URL's host \"localhost\" is the empty host",
                            );
                            h = Host::Empty;
                        }
                        m.url.host = Some(h);
                        m.spans.host = Some(m.cx.input.span(buf_start, ptr));
                        state = State::PathStart;
                    }
                }
            }
            State::PathStart => {
                if path_start.is_none() && c.is_some() {
                    path_start = Some(ptr);
                }
                if special {
                    if c == Some('\\') {
                        m.backslash(ptr);
                    }
                    state = State::Path;
                    if !matches!(c, Some('/') | Some('\\')) {
                        advance = false;
                    }
                } else if c == Some('?') {
                    path_start = None;
                    m.url.query = Some(String::new());
                    state = State::Query;
                    m.spans.query = Some(m.cx.input.span(next, next));
                    buf_start = next;
                } else if c == Some('#') {
                    path_start = None;
                    m.url.fragment = Some(String::new());
                    state = State::Fragment;
                } else if c.is_some() {
                    state = State::Path;
                    if c != Some('/') {
                        advance = false;
                    }
                }
            }
            State::Path => {
                let slash = c == Some('/') || (special && c == Some('\\'));
                if c.is_none() || slash || matches!(c, Some('?') | Some('#')) {
                    if special && c == Some('\\') {
                        m.backslash(ptr);
                    }
                    let seg_from = seg_start.min(ptr);
                    path_end = ptr;
                    if is_double_dot(&buf) {
                        shorten(&mut m.url);
                        if !slash {
                            path_list(&mut m.url).push('/');
                        }
                        m.cx.note(
                            Code::WhatwgDotSegment,
                            seg_from,
                            ptr,
                            "a \"..\" segment removes the segment before it",
                        );
                    } else if is_single_dot(&buf) {
                        if !slash {
                            path_list(&mut m.url).push('/');
                        }
                        m.cx.note(
                            Code::WhatwgDotSegment,
                            seg_from,
                            ptr,
                            "a \".\" segment is removed",
                        );
                    } else {
                        let is_file = m.url.scheme == "file";
                        let p = path_list(&mut m.url);
                        let mut drive = false;
                        if is_file
                            && p.is_empty()
                            && is_windows_drive_letter(&buf)
                            && buf.as_bytes()[1] == b'|'
                        {
                            buf.replace_range(1..2, ":");
                            drive = true;
                        }
                        p.push('/');
                        p.push_str(&buf);
                        if drive {
                            m.cx.note(
                                Code::WhatwgWindowsDriveLetter,
                                seg_from,
                                ptr,
                                "the drive letter's \"|\" is written \":\"",
                            );
                        }
                    }
                    buf.clear();
                    seg_start = next;
                    match c {
                        Some('?') => {
                            m.url.query = Some(String::new());
                            state = State::Query;
                            m.spans.query = Some(m.cx.input.span(next, next));
                            buf_start = next;
                        }
                        Some('#') => {
                            m.url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                        _ => {}
                    }
                } else if let Some(ch) = c {
                    if buf.is_empty() {
                        seg_start = ptr;
                    }
                    if path_start.is_none() {
                        path_start = Some(ptr);
                    }
                    let run = plain_run(bytes, ptr, PLAIN_PATH);
                    if run > ptr + 1 {
                        buf.push_str(&s[ptr..run]);
                        // The loop's advance steps over the run's last (ASCII) byte.
                        ptr = run - 1;
                        continue_after(&mut ptr, &mut steps, n);
                        continue;
                    }
                    m.check_unit(ch, ptr);
                    let mut out = std::mem::take(&mut buf);
                    m.push_enc(ch, ptr, EncodeSet::Path, &mut out);
                    buf = out;
                }
            }
            State::OpaquePath => match c {
                Some('?') => {
                    path_end = ptr;
                    m.url.query = Some(String::new());
                    state = State::Query;
                    m.spans.query = Some(m.cx.input.span(next, next));
                    buf_start = next;
                }
                Some('#') => {
                    path_end = ptr;
                    m.url.fragment = Some(String::new());
                    state = State::Fragment;
                }
                Some(' ') => {
                    m.cx.warn(
                        Code::InvalidUrlUnit,
                        ptr,
                        next,
                        "a space in an opaque path: percent-encode it as %20",
                    );
                    let before_end = matches!(bytes.get(next), Some(b'?') | Some(b'#'));
                    if let UrlPath::Opaque(p) = &mut m.url.path {
                        if before_end {
                            p.push_str("%20");
                        } else {
                            p.push(' ');
                        }
                    }
                    if before_end {
                        m.encoded(EncodeSet::C0Control, ptr, next);
                    }
                }
                Some(ch) => {
                    let run = plain_run(bytes, ptr, PLAIN_OPAQUE);
                    if run > ptr + 1 {
                        if let UrlPath::Opaque(p) = &mut m.url.path {
                            p.push_str(&s[ptr..run]);
                        }
                        ptr = run - 1;
                        continue_after(&mut ptr, &mut steps, n);
                        continue;
                    }
                    m.check_unit(ch, ptr);
                    let mut out = match &mut m.url.path {
                        UrlPath::Opaque(p) => std::mem::take(p),
                        UrlPath::List(_) => String::new(),
                    };
                    m.push_enc(ch, ptr, EncodeSet::C0Control, &mut out);
                    m.url.path = UrlPath::Opaque(out);
                }
                None => {
                    path_end = ptr;
                }
            },
            State::Query => match c {
                None | Some('#') => {
                    m.spans.query = Some(m.cx.input.span(buf_start, ptr));
                    if c == Some('#') {
                        m.url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                }
                Some(ch) => {
                    let run = plain_run(bytes, ptr, PLAIN_QUERY);
                    if run > ptr + 1 {
                        if let Some(q) = &mut m.url.query {
                            q.push_str(&s[ptr..run]);
                        }
                        ptr = run - 1;
                        continue_after(&mut ptr, &mut steps, n);
                        continue;
                    }
                    m.check_unit(ch, ptr);
                    let set = if special {
                        EncodeSet::SpecialQuery
                    } else {
                        EncodeSet::Query
                    };
                    let mut q = m.url.query.take().unwrap_or_default();
                    m.push_enc(ch, ptr, set, &mut q);
                    m.url.query = Some(q);
                }
            },
            State::Fragment => {
                if m.spans.fragment.is_none() {
                    m.spans.fragment = Some(m.cx.input.span(ptr, n));
                }
                if let Some(ch) = c {
                    let run = plain_run(bytes, ptr, PLAIN_FRAGMENT);
                    if run > ptr + 1 {
                        if let Some(f) = &mut m.url.fragment {
                            f.push_str(&s[ptr..run]);
                        }
                        ptr = run - 1;
                        continue_after(&mut ptr, &mut steps, n);
                        continue;
                    }
                    m.check_unit(ch, ptr);
                    let mut f = m.url.fragment.take().unwrap_or_default();
                    m.push_enc(ch, ptr, EncodeSet::Fragment, &mut f);
                    m.url.fragment = Some(f);
                }
            }
        }
        if advance {
            if ptr >= n {
                break;
            }
            match char_at(s, ptr) {
                Some(ch) => ptr += ch.len_utf8(),
                None => break,
            }
        }
    }
    if let Some(ps) = path_start {
        m.spans.path = Some(m.cx.input.span(ps, path_end.max(ps)));
    }
    (true, steps)
}
