//! The basic URL parser's state machine (URL Standard §4.4 #concept-basic-url-parser),
//! without state override.
//!
//! The pointer is a byte offset into the cleaned input; "decrease pointer by 1" is kept as
//! "do not advance" (the state runs again on the same code point), which is what the
//! standard's decrease-then-increase amounts to.

use std::borrow::Cow;

use super::encode::{self, EncodeSet};
use super::host::parse_host;
use super::{
    Ctx, Failure, Host, Input, Mode, Parsed, Spans, UrlPath, UrlRecord, default_port, is_special,
};
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

/// The messages of the failures the fast path names too ([`super::fast::first_error`]
/// writes them for the same failures, so both are one text).
pub(super) const NO_SCHEME: &str = "no scheme and no base URL: start with a scheme such as \
                                     \"https:\", or parse against a base";
pub(super) const NO_HOST_AFTER_CREDENTIALS: &str =
    "credentials but no host after the \"@\": give a host";
pub(super) const NO_HOST_BEFORE_PORT: &str = "a port but no host: give a host before the \":\"";
pub(super) const NO_SPECIAL_HOST: &str = "a special URL needs a host: give one after \"//\"";
pub(super) const PORT_NOT_DIGITS: &str =
    "the port holds a character that is not a digit: give digits only";
pub(super) const PORT_OVER_65535: &str = "the port is over 65535: give a port from 0 to 65535";

/// The input cleaned as the standard's first steps say; `map`: keep the map back to the
/// input (for spans).
fn clean(input: &str, map: bool) -> Cleaned<'_> {
    let mut removed = Vec::new();
    let start = input.len() - input.trim_start_matches(is_c0_or_space).len();
    let trimmed = input[start..].trim_end_matches(is_c0_or_space);
    let end = start + trimmed.len();
    if start > 0 {
        removed.push((Code::WhatwgStripped, Span::new(0, start)));
    }
    if memchr::memchr3(b'\t', b'\n', b'\r', trimmed.as_bytes()).is_none() {
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
    let mut map = Vec::with_capacity(if map { trimmed.len() + 1 } else { 0 });
    for (i, b) in trimmed.bytes().enumerate() {
        let at = start + i;
        if matches!(b, b'\t' | b'\n' | b'\r') {
            match removed.last_mut() {
                Some((Code::WhatwgTabNewlineRemoved, sp)) if sp.end == at => sp.end = at + 1,
                _ => removed.push((Code::WhatwgTabNewlineRemoved, Span::new(at, at + 1))),
            }
        } else {
            bytes.push(b);
            if map.capacity() > 0 {
                map.push(at);
            }
        }
    }
    let map = (map.capacity() > 0).then(|| {
        map.push(end);
        map
    });
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
        map,
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

/// What a state tells the loop once it has run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// Step over the code point at the pointer (the standard's "increase pointer by 1"),
    /// ending the loop at the end of the input.
    Advance,
    /// Run again at the pointer as it is now (the standard's "decrease pointer by 1", or a
    /// state that moved the pointer over a run of bytes itself).
    Stay,
    /// The parse fails (the state reported its validation error).
    Fail,
}

/// The state machine: the URL record being built, and the standard's variables (the state,
/// the pointer, the buffer and its flags) with the positions the spans need.
struct Machine<'a, 'b> {
    cx: Ctx<'a>,
    base: Option<&'b UrlRecord>,
    url: UrlRecord,
    spans: Spans,
    run: Option<EncRun>,
    state: State,
    /// The pointer: a byte offset into the cleaned input.
    ptr: usize,
    /// The code point at the pointer, if any, and the offset just past it.
    c: Option<char>,
    next: usize,
    steps: usize,
    buf: String,
    /// Where the current buffer's text starts (authority, host, port, file host).
    buf_start: usize,
    at_seen: bool,
    in_brackets: bool,
    pw_seen: bool,
    auth_start: usize,
    colon_at: Option<usize>,
    last_at: usize,
    path_end: usize,
    path_start: Option<usize>,
    seg_start: usize,
    /// The URL's scheme is special (kept as the scheme changes).
    special: bool,
    /// The current segment went onto the path as it was read (it is plain and no dot
    /// segment), without the buffer.
    direct: bool,
}

impl<'a> Machine<'a, '_> {
    /// The cleaned input.
    fn s(&self) -> &'a str {
        self.cx.input.s
    }
    fn bytes(&self) -> &'a [u8] {
        self.cx.input.s.as_bytes()
    }
    fn n(&self) -> usize {
        self.cx.input.s.len()
    }
    /// The input span of the cleaned bytes `a..b`, when spans are kept.
    #[inline]
    fn span(&self, a: usize, b: usize) -> Option<Span> {
        self.cx.full().then(|| self.cx.input.span(a, b))
    }
    /// Notes that `set` encoded the cleaned bytes `a..b`, merged with the run before it.
    fn encoded(&mut self, set: EncodeSet, a: usize, b: usize) {
        if !self.cx.full() {
            return;
        }
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
            self.cx
                .note(Code::WhatwgPercentEncoded, r.start, r.end, || {
                    format!("encoded with the {} (URL Standard §1.3)", r.set.name())
                });
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
    /// Starts the query state after the `?` at the pointer.
    fn enter_query(&mut self) {
        // Sized once: the rest of the input, which is the query (and the fragment) as
        // written, unless something in it is percent-encoded.
        self.url.query = Some(String::with_capacity(self.n() - self.next));
        self.state = State::Query;
        self.spans.query = self.span(self.next, self.next);
        self.buf_start = self.next;
    }
    /// Starts the fragment state after the `#` at the pointer.
    fn enter_fragment(&mut self) {
        self.url.fragment = Some(String::with_capacity(self.n() - self.next));
        self.state = State::Fragment;
    }
    /// Starts the authority state at `at`.
    fn enter_authority(&mut self, at: usize) {
        self.state = State::Authority;
        self.buf_start = at;
        self.auth_start = at;
    }
    /// The base's username, password, host and port, copied.
    fn base_authority(&mut self, b: &UrlRecord) {
        self.url.username = b.username.clone();
        self.url.password = b.password.clone();
        self.url.host = b.host.clone();
        self.url.port = b.port;
    }

    /// Runs the state at the pointer.
    fn step(&mut self) -> Flow {
        match self.state {
            State::SchemeStart => self.scheme_start(),
            State::Scheme => self.scheme(),
            State::NoScheme => self.no_scheme(),
            State::SpecialRelativeOrAuthority => self.special_relative_or_authority(),
            State::PathOrAuthority => self.path_or_authority(),
            State::Relative => self.relative(),
            State::RelativeSlash => self.relative_slash(),
            State::SpecialAuthoritySlashes => self.special_authority_slashes(),
            State::SpecialAuthorityIgnoreSlashes => self.special_authority_ignore_slashes(),
            State::Authority => self.authority(),
            State::Host => self.host(),
            State::Port => self.port(),
            State::File => self.file(),
            State::FileSlash => self.file_slash(),
            State::FileHost => self.file_host(),
            State::PathStart => self.path_start_state(),
            State::Path => self.path(),
            State::OpaquePath => self.opaque_path(),
            State::Query => self.query(),
            State::Fragment => self.fragment(),
        }
    }

    fn scheme_start(&mut self) -> Flow {
        // The buffer is the input's bytes from 0 to the pointer, lower-cased: the scheme
        // is taken from the input at its ":" rather than grown a character at a time.
        if self.c.is_some_and(|ch| ch.is_ascii_alphabetic()) {
            self.state = State::Scheme;
            Flow::Advance
        } else {
            self.state = State::NoScheme;
            Flow::Stay
        }
    }

    fn scheme(&mut self) -> Flow {
        match self.c {
            Some(ch) if ch.is_ascii_alphanumeric() || matches!(ch, '+' | '-' | '.') => {
                Flow::Advance
            }
            Some(':') => {
                self.scheme_end();
                Flow::Advance
            }
            _ => {
                self.state = State::NoScheme;
                self.ptr = 0;
                Flow::Stay
            }
        }
    }

    /// The scheme state's `:`: the scheme is set, and the state after it chosen.
    fn scheme_end(&mut self) {
        let (s, ptr, next) = (self.s(), self.ptr, self.next);
        self.url.scheme = s[..ptr].to_ascii_lowercase();
        self.spans.scheme = self.span(0, ptr);
        if s[..ptr] != self.url.scheme {
            self.cx.note(Code::WhatwgSchemeLowercased, 0, ptr, || {
                format!("the scheme is lower-cased to {}", self.url.scheme)
            });
        }
        self.special = is_special(&self.url.scheme);
        let rest = &self.bytes()[next..];
        if self.url.scheme == "file" {
            if !rest.starts_with(b"//") {
                self.missing_solidus(next);
            }
            self.state = State::File;
        } else if self.special && self.base.is_some_and(|b| b.scheme == self.url.scheme) {
            self.state = State::SpecialRelativeOrAuthority;
        } else if self.special {
            self.state = State::SpecialAuthoritySlashes;
        } else if rest.first() == Some(&b'/') {
            self.state = State::PathOrAuthority;
            self.ptr += 1;
        } else {
            self.url.path = UrlPath::Opaque(String::new());
            self.path_start = Some(next);
            self.state = State::OpaquePath;
            self.cx.note(
                Code::WhatwgOpaquePath,
                next,
                self.n(),
                "no \"/\" after a non-special scheme: the rest up to \"?\" or \"#\" is \
                 an opaque path, kept as written (C0 controls and non-ASCII \
                 percent-encoded)",
            );
        }
    }

    fn no_scheme(&mut self) -> Flow {
        match self.base {
            Some(b) if !b.has_opaque_path() => {
                self.state = if b.scheme != "file" {
                    State::Relative
                } else {
                    State::File
                };
                Flow::Stay
            }
            Some(b) if self.c == Some('#') => {
                self.url.scheme = b.scheme.clone();
                self.url.path = b.path.clone();
                self.url.query = b.query.clone();
                self.url.fragment = Some(String::new());
                self.special = is_special(&self.url.scheme);
                self.state = State::Fragment;
                Flow::Advance
            }
            _ => {
                self.cx.error(
                    Code::MissingSchemeNonRelativeUrl,
                    self.ptr,
                    self.next,
                    if self.base.is_none() {
                        NO_SCHEME
                    } else {
                        "no scheme, and the base URL has an opaque path, so only a fragment \
                         can be resolved against it"
                    },
                );
                Flow::Fail
            }
        }
    }

    fn special_relative_or_authority(&mut self) -> Flow {
        if self.c == Some('/') && self.bytes().get(self.next) == Some(&b'/') {
            self.state = State::SpecialAuthorityIgnoreSlashes;
            self.ptr += 1;
            Flow::Advance
        } else {
            self.missing_solidus(self.ptr);
            self.state = State::Relative;
            Flow::Stay
        }
    }

    fn path_or_authority(&mut self) -> Flow {
        if self.c == Some('/') {
            self.enter_authority(self.next);
            Flow::Advance
        } else {
            self.state = State::Path;
            self.path_start = Some(self.ptr.saturating_sub(1));
            Flow::Stay
        }
    }

    fn relative(&mut self) -> Flow {
        let Some(b) = self.base else {
            return Flow::Fail;
        };
        let c = self.c;
        self.url.scheme = b.scheme.clone();
        self.special = is_special(&self.url.scheme);
        if c == Some('/') {
            self.state = State::RelativeSlash;
            return Flow::Advance;
        }
        if self.special && c == Some('\\') {
            self.backslash(self.ptr);
            self.state = State::RelativeSlash;
            return Flow::Advance;
        }
        self.base_authority(b);
        self.url.path = b.path.clone();
        self.url.query = b.query.clone();
        match c {
            Some('?') => self.enter_query(),
            Some('#') => self.enter_fragment(),
            Some(_) => {
                self.url.query = None;
                shorten(&mut self.url);
                self.state = State::Path;
                self.path_start = Some(self.ptr);
                return Flow::Stay;
            }
            None => {}
        }
        Flow::Advance
    }

    fn relative_slash(&mut self) -> Flow {
        let c = self.c;
        if self.special && matches!(c, Some('/') | Some('\\')) {
            if c == Some('\\') {
                self.backslash(self.ptr);
            }
            self.state = State::SpecialAuthorityIgnoreSlashes;
            Flow::Advance
        } else if c == Some('/') {
            self.enter_authority(self.next);
            Flow::Advance
        } else {
            if let Some(b) = self.base {
                self.base_authority(b);
            }
            self.state = State::Path;
            self.path_start = Some(self.ptr.saturating_sub(1));
            Flow::Stay
        }
    }

    fn special_authority_slashes(&mut self) -> Flow {
        if self.c == Some('/') && self.bytes().get(self.next) == Some(&b'/') {
            self.state = State::SpecialAuthorityIgnoreSlashes;
            self.ptr += 1;
            Flow::Advance
        } else {
            self.missing_solidus(self.ptr);
            self.state = State::SpecialAuthorityIgnoreSlashes;
            Flow::Stay
        }
    }

    fn special_authority_ignore_slashes(&mut self) -> Flow {
        let c = self.c;
        if !matches!(c, Some('/') | Some('\\')) {
            self.enter_authority(self.ptr);
            return Flow::Stay;
        }
        self.missing_solidus(self.ptr);
        if c == Some('\\') {
            self.cx.note(
                Code::WhatwgBackslashAsSlash,
                self.ptr,
                self.next,
                "read as \"/\" and skipped with the authority's slashes",
            );
        }
        Flow::Advance
    }

    fn authority(&mut self) -> Flow {
        // A run of bytes the state only steps over (no "@", no end of the authority).
        let skip = skip_until(self.bytes(), self.ptr, &AUTHORITY_STOPS);
        if skip > self.ptr + 1 {
            self.ptr = skip;
            return Flow::Stay;
        }
        let c = self.c;
        let ends = matches!(c, None | Some('/') | Some('?') | Some('#'))
            || (self.special && c == Some('\\'));
        if c == Some('@') {
            self.authority_at();
            Flow::Advance
        } else if ends {
            let ptr = self.ptr;
            if self.at_seen && self.buf_start == ptr {
                self.cx
                    .error(Code::HostMissing, ptr, self.next, NO_HOST_AFTER_CREDENTIALS);
                return Flow::Fail;
            }
            if self.at_seen {
                let user_end = self.colon_at.unwrap_or(self.last_at);
                self.spans.username = self.span(self.auth_start, user_end);
                if let Some(col) = self.colon_at {
                    self.spans.password = self.span(col + 1, self.last_at);
                }
            }
            self.ptr = self.buf_start;
            self.state = State::Host;
            Flow::Stay
        } else {
            Flow::Advance
        }
    }

    /// The authority state's `@`: what the buffer holds goes to the username or password.
    fn authority_at(&mut self) {
        let (s, ptr) = (self.s(), self.ptr);
        self.cx.warn(
            Code::InvalidCredentials,
            ptr,
            self.next,
            "credentials in a URL are visible to anyone who sees it: remove them",
        );
        if self.at_seen {
            // The earlier "@" is part of the credentials, encoded.
            if self.pw_seen {
                self.url.password.push_str("%40");
            } else {
                self.url.username.push_str("%40");
            }
            self.encoded(EncodeSet::Userinfo, self.buf_start - 1, self.buf_start);
        }
        self.at_seen = true;
        let mut i = self.buf_start;
        while i < ptr {
            let ch = char_at(s, i).unwrap_or('\u{fffd}');
            let l = ch.len_utf8();
            if ch == ':' && !self.pw_seen {
                self.pw_seen = true;
                self.colon_at = Some(i);
            } else {
                let mut out = std::mem::take(if self.pw_seen {
                    &mut self.url.password
                } else {
                    &mut self.url.username
                });
                self.push_enc(ch, i, EncodeSet::Userinfo, &mut out);
                if self.pw_seen {
                    self.url.password = out;
                } else {
                    self.url.username = out;
                }
            }
            i += l;
        }
        self.last_at = ptr;
        self.buf_start = self.next;
    }

    fn host(&mut self) -> Flow {
        let skip = skip_until(self.bytes(), self.ptr, &HOST_STOPS);
        if skip > self.ptr + 1 {
            self.ptr = skip;
            return Flow::Stay;
        }
        let (c, ptr, next, special) = (self.c, self.ptr, self.next, self.special);
        if c == Some(':') && !self.in_brackets {
            if self.buf_start == ptr {
                self.cx
                    .error(Code::HostMissing, ptr, next, NO_HOST_BEFORE_PORT);
                return Flow::Fail;
            }
            let Some(h) = parse_host(&mut self.cx, self.buf_start, ptr, !special) else {
                return Flow::Fail;
            };
            self.url.host = Some(h);
            self.spans.host = self.span(self.buf_start, ptr);
            self.buf_start = next;
            self.state = State::Port;
            Flow::Advance
        } else if matches!(c, None | Some('/') | Some('?') | Some('#'))
            || (special && c == Some('\\'))
        {
            if special && self.buf_start == ptr {
                self.cx.error(Code::HostMissing, ptr, next, NO_SPECIAL_HOST);
                return Flow::Fail;
            }
            let h = if self.buf_start == ptr {
                Some(Host::Empty)
            } else {
                parse_host(&mut self.cx, self.buf_start, ptr, !special)
            };
            let Some(h) = h else {
                return Flow::Fail;
            };
            self.url.host = Some(h);
            self.spans.host = self.span(self.buf_start, ptr);
            self.state = State::PathStart;
            Flow::Stay
        } else {
            if c == Some('[') {
                self.in_brackets = true;
            }
            if c == Some(']') {
                self.in_brackets = false;
            }
            Flow::Advance
        }
    }

    fn port(&mut self) -> Flow {
        let (c, ptr) = (self.c, self.ptr);
        if c.is_some_and(|ch| ch.is_ascii_digit()) {
            return Flow::Advance;
        }
        if !(matches!(c, None | Some('/') | Some('?') | Some('#'))
            || (self.special && c == Some('\\')))
        {
            self.cx.error_at(
                Code::PortInvalid,
                ptr,
                self.next,
                super::OVERRIDES.section(Code::PortInvalid),
                PORT_NOT_DIGITS,
            );
            return Flow::Fail;
        }
        let start = self.buf_start;
        if start < ptr {
            let mut v: u32 = 0;
            for &d in &self.bytes()[start..ptr] {
                v = (v * 10 + (d - b'0') as u32).min(1 << 20);
            }
            self.spans.port = self.span(start, ptr);
            if v > 65535 {
                self.cx
                    .error(Code::PortOutOfRange, start, ptr, PORT_OVER_65535);
                return Flow::Fail;
            }
            let port = v as u16;
            if default_port(&self.url.scheme) == Some(port) {
                self.url.port = None;
                self.cx
                    .note(Code::WhatwgDefaultPortDropped, start, ptr, || {
                        format!("{port} is {}'s default port, dropped", self.url.scheme)
                    });
            } else {
                self.url.port = Some(port);
            }
        }
        self.state = State::PathStart;
        Flow::Stay
    }

    fn file(&mut self) -> Flow {
        let (c, ptr) = (self.c, self.ptr);
        self.url.scheme = "file".to_string();
        self.special = true;
        self.url.host = Some(Host::Empty);
        if matches!(c, Some('/') | Some('\\')) {
            if c == Some('\\') {
                self.backslash(ptr);
            }
            self.state = State::FileSlash;
            return Flow::Advance;
        }
        let Some(b) = self.base.filter(|b| b.scheme == "file") else {
            self.state = State::Path;
            self.path_start = Some(ptr);
            return Flow::Stay;
        };
        self.url.host = b.host.clone();
        self.url.path = b.path.clone();
        self.url.query = b.query.clone();
        match c {
            Some('?') => self.enter_query(),
            Some('#') => self.enter_fragment(),
            Some(_) => {
                self.url.query = None;
                if !starts_with_windows_drive_letter(&self.bytes()[ptr..]) {
                    shorten(&mut self.url);
                } else {
                    self.cx.warn(
                        Code::FileInvalidWindowsDriveLetter,
                        ptr,
                        ptr + 2,
                        "a relative URL that starts with a Windows drive letter \
                         replaces the base's whole path: write \"/\" before it",
                    );
                    self.url.path = UrlPath::List(String::new());
                }
                self.state = State::Path;
                self.path_start = Some(ptr);
                return Flow::Stay;
            }
            None => {}
        }
        Flow::Advance
    }

    fn file_slash(&mut self) -> Flow {
        let (c, ptr) = (self.c, self.ptr);
        if matches!(c, Some('/') | Some('\\')) {
            if c == Some('\\') {
                self.backslash(ptr);
            }
            self.state = State::FileHost;
            self.buf_start = self.next;
            return Flow::Advance;
        }
        if let Some(b) = self.base.filter(|b| b.scheme == "file") {
            self.url.host = b.host.clone();
            if !starts_with_windows_drive_letter(&self.bytes()[ptr..])
                && let Some(first) = b.path.segments().next()
                && !b.has_opaque_path()
                && is_normalized_windows_drive_letter(first)
            {
                let p = path_list(&mut self.url);
                p.push('/');
                p.push_str(first);
                self.cx.note(Code::WhatwgWindowsDriveLetter, ptr, ptr, || {
                    format!("the base's drive letter {first} is kept")
                });
            }
        }
        self.state = State::Path;
        self.path_start = Some(ptr.saturating_sub(1));
        Flow::Stay
    }

    fn file_host(&mut self) -> Flow {
        if !matches!(
            self.c,
            None | Some('/') | Some('\\') | Some('?') | Some('#')
        ) {
            return Flow::Advance;
        }
        let (ptr, start) = (self.ptr, self.buf_start);
        let text = &self.s()[start..ptr];
        if is_windows_drive_letter(text) {
            self.cx.warn(
                Code::FileInvalidWindowsDriveLetterHost,
                start,
                ptr,
                "a Windows drive letter where the host goes: it is read as the path; \
                 write \"file:///\" before it",
            );
            self.buf.clear();
            self.buf.push_str(text);
            self.path_start = Some(start);
            self.state = State::Path;
            // The path state goes on with this buffer.
            self.seg_start = start;
        } else if text.is_empty() {
            self.url.host = Some(Host::Empty);
            self.state = State::PathStart;
        } else {
            let Some(mut h) = parse_host(&mut self.cx, start, ptr, false) else {
                return Flow::Fail;
            };
            if matches!(&h, Host::Domain(d) if d == "localhost") {
                self.cx.note(
                    Code::WhatwgLocalhostEmptied,
                    start,
                    ptr,
                    "a file URL's host \"localhost\" is the empty host",
                );
                h = Host::Empty;
            }
            self.url.host = Some(h);
            self.spans.host = self.span(start, ptr);
            self.state = State::PathStart;
        }
        Flow::Stay
    }

    fn path_start_state(&mut self) -> Flow {
        let (c, ptr) = (self.c, self.ptr);
        if self.path_start.is_none() && c.is_some() {
            self.path_start = Some(ptr);
        }
        if self.special {
            if c == Some('\\') {
                self.backslash(ptr);
            }
            self.state = State::Path;
            if !matches!(c, Some('/') | Some('\\')) {
                return Flow::Stay;
            }
        } else if c == Some('?') {
            self.path_start = None;
            self.enter_query();
        } else if c == Some('#') {
            self.path_start = None;
            self.enter_fragment();
        } else if c.is_some() {
            self.state = State::Path;
            if c != Some('/') {
                return Flow::Stay;
            }
        }
        Flow::Advance
    }

    fn path(&mut self) -> Flow {
        let (c, ptr) = (self.c, self.ptr);
        let slash = c == Some('/') || (self.special && c == Some('\\'));
        if c.is_none() || slash || matches!(c, Some('?') | Some('#')) {
            if self.special && c == Some('\\') {
                self.backslash(ptr);
            }
            self.path_end = ptr;
            self.end_segment(slash);
            self.seg_start = self.next;
            match c {
                Some('?') => self.enter_query(),
                Some('#') => self.enter_fragment(),
                _ => {}
            }
            return Flow::Advance;
        }
        let Some(ch) = c else {
            return Flow::Advance;
        };
        if self.buf.is_empty() {
            self.seg_start = ptr;
        }
        if self.path_start.is_none() {
            self.path_start = Some(ptr);
        }
        let run = plain_run(self.bytes(), ptr, PLAIN_PATH);
        if self.buf.is_empty() && !self.direct && run > ptr && self.ends_segment(run) {
            // A whole segment of plain bytes that is no dot segment goes onto the path as
            // it is (the buffer would only copy it there at the segment's end; a plain
            // segment holds no `%` nor `|`, so it is no `%2e` form and no drive letter to
            // rewrite).
            let text = &self.s()[ptr..run];
            if text != "." && text != ".." {
                let n = self.n();
                let p = path_list(&mut self.url);
                if p.capacity() == 0 {
                    // Sized once, as in `end_segment`.
                    p.reserve(n - ptr + 1);
                }
                p.push('/');
                p.push_str(text);
                self.direct = true;
                self.ptr = run;
                return Flow::Stay;
            }
        }
        if run > ptr + 1 {
            self.buf.push_str(&self.s()[ptr..run]);
            self.ptr = run;
            return Flow::Stay;
        }
        self.check_unit(ch, ptr);
        let mut out = std::mem::take(&mut self.buf);
        self.push_enc(ch, ptr, EncodeSet::Path, &mut out);
        self.buf = out;
        Flow::Advance
    }

    /// True when the byte at `i` ends a path segment (or there is none).
    fn ends_segment(&self, i: usize) -> bool {
        match self.bytes().get(i) {
            None | Some(b'/' | b'?' | b'#') => true,
            Some(b'\\') => self.special,
            _ => false,
        }
    }

    /// The path state at the end of a segment (`slash`: it ends in a slash): the buffer
    /// is a dot segment, or goes onto the path.
    fn end_segment(&mut self, slash: bool) {
        if std::mem::take(&mut self.direct) {
            // Already on the path, and the buffer is empty.
            return;
        }
        let ptr = self.ptr;
        let seg_from = self.seg_start.min(ptr);
        if is_double_dot(&self.buf) {
            shorten(&mut self.url);
            if !slash {
                path_list(&mut self.url).push('/');
            }
            self.cx.note(
                Code::WhatwgDotSegment,
                seg_from,
                ptr,
                "a \"..\" segment removes the segment before it",
            );
        } else if is_single_dot(&self.buf) {
            if !slash {
                path_list(&mut self.url).push('/');
            }
            self.cx.note(
                Code::WhatwgDotSegment,
                seg_from,
                ptr,
                "a \".\" segment is removed",
            );
        } else {
            let is_file = self.url.scheme == "file";
            let p = path_list(&mut self.url);
            let mut drive = false;
            if is_file
                && p.is_empty()
                && is_windows_drive_letter(&self.buf)
                && self.buf.as_bytes()[1] == b'|'
            {
                self.buf.replace_range(1..2, ":");
                drive = true;
            }
            if p.capacity() == 0 {
                // Sized once: the rest of the input, which is the path as written (and
                // what follows it), unless something in it is percent-encoded.
                p.reserve(self.cx.input.s.len() - seg_from + 1);
            }
            p.push('/');
            p.push_str(&self.buf);
            if drive {
                self.cx.note(
                    Code::WhatwgWindowsDriveLetter,
                    seg_from,
                    ptr,
                    "the drive letter's \"|\" is written \":\"",
                );
            }
        }
        self.buf.clear();
    }

    fn opaque_path(&mut self) -> Flow {
        let (ptr, next) = (self.ptr, self.next);
        match self.c {
            Some('?') => {
                self.path_end = ptr;
                self.enter_query();
            }
            Some('#') => {
                self.path_end = ptr;
                self.enter_fragment();
            }
            Some(' ') => {
                self.cx.warn(
                    Code::InvalidUrlUnit,
                    ptr,
                    next,
                    "a space in an opaque path: percent-encode it as %20",
                );
                let before_end = matches!(self.bytes().get(next), Some(b'?') | Some(b'#'));
                if let UrlPath::Opaque(p) = &mut self.url.path {
                    p.push_str(if before_end { "%20" } else { " " });
                }
                if before_end {
                    self.encoded(EncodeSet::C0Control, ptr, next);
                }
            }
            Some(ch) => {
                let run = plain_run(self.bytes(), ptr, PLAIN_OPAQUE);
                if run > ptr + 1 {
                    let text = &self.s()[ptr..run];
                    if let UrlPath::Opaque(p) = &mut self.url.path {
                        p.push_str(text);
                    }
                    self.ptr = run;
                    return Flow::Stay;
                }
                self.check_unit(ch, ptr);
                let mut out = match &mut self.url.path {
                    UrlPath::Opaque(p) => std::mem::take(p),
                    UrlPath::List(_) => String::new(),
                };
                self.push_enc(ch, ptr, EncodeSet::C0Control, &mut out);
                self.url.path = UrlPath::Opaque(out);
            }
            None => {
                self.path_end = ptr;
            }
        }
        Flow::Advance
    }

    fn query(&mut self) -> Flow {
        let ptr = self.ptr;
        match self.c {
            None | Some('#') => {
                self.spans.query = self.span(self.buf_start, ptr);
                if self.c == Some('#') {
                    self.enter_fragment();
                }
            }
            Some(ch) => {
                let run = plain_run(self.bytes(), ptr, PLAIN_QUERY);
                if run > ptr + 1 {
                    let text = &self.s()[ptr..run];
                    if let Some(q) = &mut self.url.query {
                        q.push_str(text);
                    }
                    self.ptr = run;
                    return Flow::Stay;
                }
                self.check_unit(ch, ptr);
                let set = if self.special {
                    EncodeSet::SpecialQuery
                } else {
                    EncodeSet::Query
                };
                let mut q = self.url.query.take().unwrap_or_default();
                self.push_enc(ch, ptr, set, &mut q);
                self.url.query = Some(q);
            }
        }
        Flow::Advance
    }

    fn fragment(&mut self) -> Flow {
        let ptr = self.ptr;
        if self.spans.fragment.is_none() {
            self.spans.fragment = self.span(ptr, self.n());
        }
        if let Some(ch) = self.c {
            let run = plain_run(self.bytes(), ptr, PLAIN_FRAGMENT);
            if run > ptr + 1 {
                let text = &self.s()[ptr..run];
                if let Some(f) = &mut self.url.fragment {
                    f.push_str(text);
                }
                self.ptr = run;
                return Flow::Stay;
            }
            self.check_unit(ch, ptr);
            let mut f = self.url.fragment.take().unwrap_or_default();
            self.push_enc(ch, ptr, EncodeSet::Fragment, &mut f);
            self.url.fragment = Some(f);
        }
        Flow::Advance
    }

    /// The loop: runs the state at the pointer until the input ends; `(parsed, steps)`.
    fn go(&mut self) -> bool {
        let (s, n) = (self.s(), self.n());
        loop {
            self.steps += 1;
            self.c = char_at(s, self.ptr);
            self.next = self.ptr + self.c.map_or(0, char::len_utf8);
            match self.step() {
                Flow::Advance => {
                    if self.ptr >= n {
                        break;
                    }
                    match char_at(s, self.ptr) {
                        Some(ch) => self.ptr += ch.len_utf8(),
                        None => break,
                    }
                }
                Flow::Stay => {}
                Flow::Fail => return false,
            }
            // A verdict is known once the states that can fail are behind: the path, query
            // and fragment states never fail.
            if self.cx.verdict_only()
                && matches!(
                    self.state,
                    State::PathStart
                        | State::Path
                        | State::OpaquePath
                        | State::Query
                        | State::Fragment
                )
            {
                return true;
            }
        }
        if let Some(ps) = self.path_start {
            self.spans.path = self.span(ps, self.path_end.max(ps));
        }
        true
    }
}

impl<'a, 'b> Machine<'a, 'b> {
    fn new(input: Input<'a>, base: Option<&'b UrlRecord>, mode: Mode) -> Self {
        Machine {
            cx: Ctx {
                input,
                diags: Vec::new(),
                validation_error: false,
                mode,
                failure: None,
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
            state: State::SchemeStart,
            ptr: 0,
            c: None,
            next: 0,
            steps: 0,
            buf: String::new(),
            buf_start: 0,
            at_seen: false,
            in_brackets: false,
            pw_seen: false,
            auth_start: 0,
            colon_at: None,
            last_at: 0,
            path_end: 0,
            path_start: None,
            seg_start: 0,
            special: false,
            direct: false,
        }
    }
}

/// Runs the basic URL parser in [`Mode::Record`] or [`Mode::Verdict`]: the record (in
/// verdict mode, only what the parse built before it stopped), or the failure's code.
pub(super) fn run_light(
    original: &str,
    base: Option<&UrlRecord>,
    mode: Mode,
) -> Result<UrlRecord, Code> {
    let cleaned = clean(original, false);
    let input = Input {
        s: &cleaned.text,
        map: None,
        lead: cleaned.lead,
    };
    let mut m = Machine::new(input, base, mode);
    if m.go() {
        Ok(m.url)
    } else {
        // Every failing state reports its error but the relative state without a base,
        // which the no-scheme state's missing-scheme error always comes before.
        Err(m
            .cx
            .failure
            .map_or(Code::MissingSchemeNonRelativeUrl, |f| f.code))
    }
}

/// Runs the basic URL parser in [`Mode::FirstError`] (no base): the failure with its span
/// in the input (and its message when `message`), `None` when the parse does not fail. The
/// map back to the input is kept only when tabs or newlines were removed, as [`run`] keeps
/// it; nothing else is built that [`run_light`]'s verdict does not build.
pub(super) fn run_first_error(original: &str, message: bool) -> Option<Failure> {
    let cleaned = clean(original, true);
    let input = Input {
        s: &cleaned.text,
        map: cleaned.map,
        lead: cleaned.lead,
    };
    let mut m = Machine::new(input, None, Mode::FirstError { message });
    if m.go() {
        return None;
    }
    // Without a base every failing state reports its error (see `run_light`); a failure
    // without one would be a full parse's failure without an error, which has no first
    // error either.
    m.cx.failure
}

/// Runs the basic URL parser, keeping every span and diagnostic ([`Mode::Full`]).
pub(super) fn run(original: &str, base: Option<&UrlRecord>) -> Parsed {
    let cleaned = clean(original, true);
    let removed = cleaned.removed;
    let input = Input {
        s: &cleaned.text,
        map: cleaned.map,
        lead: cleaned.lead,
    };
    let mut m = Machine::new(input, base, Mode::Full);
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
    let ok = m.go();
    m.flush_run();
    let mut diags = m.cx.diags;
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    Parsed {
        url: ok.then_some(m.url),
        spans: m.spans,
        diagnostics: diags,
        valid_url_string: !m.cx.validation_error,
        steps: m.steps,
    }
}

/// A table of the bytes that stop a [`skip_until`].
const fn stop_table(stops: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = true;
        i += 1;
    }
    t
}

/// What ends the authority state's plain run: `@` and the ends of the authority.
const AUTHORITY_STOPS: [bool; 256] = stop_table(b"@/?#\\");
/// What ends the host state's plain run: `:`, the brackets and the ends of the host.
const HOST_STOPS: [bool; 256] = stop_table(b":[]/?#\\");

/// The first byte from `i` that is one of `stops`, or the end (a non-ASCII byte is never a
/// stop, and a run ends on a character boundary since every stop is ASCII).
#[inline]
fn skip_until(bytes: &[u8], mut i: usize, stops: &[bool; 256]) -> usize {
    while i < bytes.len() && !stops[bytes[i] as usize] {
        i += 1;
    }
    i
}

#[inline]
fn char_at(s: &str, i: usize) -> Option<char> {
    let b = *s.as_bytes().get(i)?;
    if b < 0x80 {
        return Some(b as char);
    }
    s.get(i..).and_then(|r| r.chars().next())
}
