//! The WHATWG URL Standard's family folder: its spec file ([`url_standard`], the descriptor),
//! its quick recognizer and its basic URL parser, with spans into the input.
//!
//! The revision implemented is the URL Standard (url.spec.whatwg.org) as stored at commit
//! `6ae84860d12800bcf563668e7cc821360dce6062` of github.com/whatwg/url, "Last Updated"
//! 2 July 2026. Its section numbers and anchors are what the diagnostics cite: §1.3
//! percent-encoded bytes, §3.3 IDNA (the domain parser), §3.5 host parsing, §3.6 host
//! serializing, §4.4 URL parsing (`#concept-basic-url-parser`), §4.5 URL serializing, §4.6 URL
//! equivalence, §4.7 origin, §6.1 the `URL` class's getters. That revision's domain parser
//! keeps an ASCII domain (lower-cased) even when Unicode ToASCII fails on it, and reports the
//! strict ToASCII's failure as a `domain-to-ASCII` validation error; its validation-error
//! table has `domain-percent-encoded`, `IPv4-too-few-parts` and `IPv6-piece-leading-zero`, and
//! no longer `domain-invalid-code-point` (a forbidden domain code point fails the domain
//! parser, reported here as `domain-to-ascii`).
//!
//! [`parse`] runs the standard's state machine (no state override: the `URL` setters, which
//! need one, are [`setters`]) over the input with its leading and trailing C0 controls and spaces removed and its
//! tabs and newlines removed, keeping a map from that cleaned text back to the input, so that
//! every component ([`Spans`]), every validation error and every rewrite (a note) carries
//! the byte span of the input it came from. A validation error that does not stop the parse
//! is a warning; the one that makes it fail is an error, with the standard's name as its code.
//!
//! Written by hand, not on the `url` crate: the crate indexes its serialized output and keeps
//! no input positions, and it reports no validation errors with places (see the brief of
//! issue 25); its test suite (a dev-dependency) checks this parser differentially.

mod encode;
mod fast;
pub mod forms;
mod host;
mod parser;
pub(crate) mod quick;
pub mod setters;
pub mod tree;
pub mod url_standard;
pub mod wpt;

use std::borrow::Cow;
use std::fmt;

pub use encode::EncodeSet;
pub use setters::{Component, Outcome, Set, set, set_on};

use crate::engine::codes::{Code, Override, Overrides};
use crate::engine::first_error_mode::{Explained, FirstError};
use crate::engine::tree::{Diagnostic, Severity, Span};

/// The codes the RFC profiles report that the URL Standard defines in its own words: their
/// section and head under the whatwg profile.
pub static OVERRIDES: Overrides = Overrides {
    spec: "URL Standard",
    rows: &[Override {
        code: Code::PortInvalid,
        section: "URL Standard §4.4 #concept-basic-url-parser",
        head: "a port that is not all ASCII digits: the port state fails",
    }],
};

/// A host of a URL record (URL Standard §3.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    /// A domain (ASCII, lower-cased, after the domain parser).
    Domain(String),
    /// An IPv4 address.
    Ipv4(u32),
    /// An IPv6 address, its eight pieces.
    Ipv6([u16; 8]),
    /// An opaque host (a non-special URL's), percent-encoded.
    Opaque(String),
    /// The empty host.
    Empty,
}

impl Host {
    fn serialize_into(&self, out: &mut String) {
        host::serialize(self, out);
    }
    /// The kind, as the standard names it: `domain`, `IPv4 address`, `IPv6 address`,
    /// `opaque host` or `empty host`.
    pub fn kind(&self) -> &'static str {
        match self {
            Host::Domain(_) => "domain",
            Host::Ipv4(_) => "IPv4 address",
            Host::Ipv6(_) => "IPv6 address",
            Host::Opaque(_) => "opaque host",
            Host::Empty => "empty host",
        }
    }
}

impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.serialize_into(&mut s);
        f.write_str(&s)
    }
}

/// A URL record's path (URL Standard §4.1): a list of segments, or an opaque path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlPath {
    /// The list, kept serialized: each segment preceded by `/` (the empty list is the empty
    /// string). Shortening removes the last `/` and what follows it.
    List(String),
    /// An opaque path (a non-special URL whose scheme is not followed by `/`).
    Opaque(String),
}

impl UrlPath {
    /// The segments of a list path (none for an opaque one).
    pub fn segments(&self) -> impl Iterator<Item = &str> {
        let s = match self {
            UrlPath::List(s) => s.as_str(),
            UrlPath::Opaque(_) => "",
        };
        s.split('/').skip(1)
    }
    /// The URL path serialization.
    pub fn as_str(&self) -> &str {
        match self {
            UrlPath::List(s) | UrlPath::Opaque(s) => s,
        }
    }
}

/// A URL record (URL Standard §4.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlRecord {
    /// The scheme, lower-cased, without its `:`.
    pub scheme: String,
    /// The username, percent-encoded.
    pub username: String,
    /// The password, percent-encoded.
    pub password: String,
    /// The host, or none.
    pub host: Option<Host>,
    /// The port, or none (the scheme's default port is none).
    pub port: Option<u16>,
    /// The path.
    pub path: UrlPath,
    /// The query, without its `?`, or none.
    pub query: Option<String>,
    /// The fragment, without its `#`, or none.
    pub fragment: Option<String>,
}

/// The default port of a special scheme; `None` for `file` and every other scheme.
pub fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "ftp" => Some(21),
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        _ => None,
    }
}

/// True for the special schemes: ftp, file, http, https, ws, wss.
pub fn is_special(scheme: &str) -> bool {
    matches!(scheme, "ftp" | "file" | "http" | "https" | "ws" | "wss")
}

impl UrlRecord {
    /// True when the scheme is special.
    pub fn is_special(&self) -> bool {
        is_special(&self.scheme)
    }
    /// True when the username or the password is not empty.
    pub fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }
    /// True when the path is opaque.
    pub fn has_opaque_path(&self) -> bool {
        matches!(self.path, UrlPath::Opaque(_))
    }

    fn serialize(&self, exclude_fragment: bool) -> String {
        // Sized once: every part's length, the host's at most an IPv6 address's 41 bytes
        // when it is no text, the port at most 6.
        let host_len = match &self.host {
            None => 0,
            Some(Host::Domain(h) | Host::Opaque(h)) => h.len() + 2,
            Some(_) => 43,
        };
        let mut out = String::with_capacity(
            self.scheme.len()
                + 1
                + host_len
                + self.username.len()
                + self.password.len()
                + 2
                + 6
                + 2
                + self.path.as_str().len()
                + self.query.as_ref().map_or(0, |q| q.len() + 1)
                + self.fragment.as_ref().map_or(0, |f| f.len() + 1),
        );
        out.push_str(&self.scheme);
        out.push(':');
        if let Some(h) = &self.host {
            out.push_str("//");
            if self.includes_credentials() {
                out.push_str(&self.username);
                if !self.password.is_empty() {
                    out.push(':');
                    out.push_str(&self.password);
                }
                out.push('@');
            }
            h.serialize_into(&mut out);
            if let Some(p) = self.port {
                out.push(':');
                out.push_str(itoa::Buffer::new().format(p));
            }
        }
        if let UrlPath::List(p) = &self.path
            && self.host.is_none()
            && p.starts_with("//")
        {
            out.push_str("/.");
        }
        out.push_str(self.path.as_str());
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if !exclude_fragment && let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }

    /// The URL serializer's output (URL Standard §4.5): the `href` getter.
    pub fn href(&self) -> String {
        self.serialize(false)
    }
    /// The serialization with exclude fragment set.
    pub fn href_no_fragment(&self) -> String {
        self.serialize(true)
    }
    /// URL equivalence (URL Standard §4.6): the serializations are equal, with or without
    /// the fragments.
    pub fn equals(&self, other: &UrlRecord, exclude_fragments: bool) -> bool {
        self.serialize(exclude_fragments) == other.serialize(exclude_fragments)
    }

    /// The serialized origin (URL Standard §4.7, and HTML's serialization of an origin):
    /// `scheme://host[:port]` for ftp, http, https, ws and wss; for blob, the origin of the
    /// URL its path parses to when that is http, https or file; otherwise `null` (an opaque
    /// origin; file's origin is left to implementations, and is opaque here as in browsers).
    pub fn origin(&self) -> String {
        match self.scheme.as_str() {
            "ftp" | "http" | "https" | "ws" | "wss" => self.tuple_origin(),
            "blob" => {
                let inner = parse(self.path.as_str(), None);
                match inner.url {
                    Some(u) if u.scheme == "http" || u.scheme == "https" => u.tuple_origin(),
                    _ => "null".to_string(),
                }
            }
            _ => "null".to_string(),
        }
    }

    fn tuple_origin(&self) -> String {
        let mut s = format!("{}://", self.scheme);
        if let Some(h) = &self.host {
            h.serialize_into(&mut s);
        }
        if let Some(p) = self.port {
            s.push(':');
            s.push_str(itoa::Buffer::new().format(p));
        }
        s
    }

    /// The `URL` getters (URL Standard §6.1) by name, in the order `urltestdata.json` gives
    /// them: `href`, `origin`, `protocol`, `username`, `password`, `host`, `hostname`,
    /// `port`, `pathname`, `search`, `hash`.
    pub fn getters(&self) -> [(&'static str, String); 11] {
        [
            ("href", self.href()),
            ("origin", self.origin()),
            ("protocol", self.protocol()),
            ("username", self.username().to_string()),
            ("password", self.password().to_string()),
            ("host", self.host()),
            ("hostname", self.hostname()),
            ("port", self.port()),
            ("pathname", self.pathname().to_string()),
            ("search", self.search()),
            ("hash", self.hash()),
        ]
    }

    /// The `protocol` getter: the scheme and `:`.
    pub fn protocol(&self) -> String {
        format!("{}:", self.scheme)
    }
    /// The `username` getter.
    pub fn username(&self) -> &str {
        &self.username
    }
    /// The `password` getter.
    pub fn password(&self) -> &str {
        &self.password
    }
    /// The `host` getter: the host serialized, and `:port` when there is a port.
    pub fn host(&self) -> String {
        let Some(h) = &self.host else {
            return String::new();
        };
        let mut s = h.to_string();
        if let Some(p) = self.port {
            s.push(':');
            s.push_str(itoa::Buffer::new().format(p));
        }
        s
    }
    /// The `hostname` getter: the host serialized, or empty.
    pub fn hostname(&self) -> String {
        self.host.as_ref().map(Host::to_string).unwrap_or_default()
    }
    /// The `port` getter: the port, or empty.
    pub fn port(&self) -> String {
        self.port.map(|p| p.to_string()).unwrap_or_default()
    }
    /// The `pathname` getter: the URL path serialization.
    pub fn pathname(&self) -> &str {
        self.path.as_str()
    }
    /// The `search` getter: `?` and the query, empty when the query is none or empty.
    pub fn search(&self) -> String {
        match &self.query {
            Some(q) if !q.is_empty() => format!("?{q}"),
            _ => String::new(),
        }
    }
    /// The `hash` getter: `#` and the fragment, empty when the fragment is none or empty.
    pub fn hash(&self) -> String {
        match &self.fragment {
            Some(f) if !f.is_empty() => format!("#{f}"),
            _ => String::new(),
        }
    }
}

/// Where each component of the URL record came from, in bytes of the input (before the
/// strip and the removal of tabs and newlines). `None` for a component the input did not
/// give (taken from the base URL, or absent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spans {
    /// The scheme, without its `:`.
    pub scheme: Option<Span>,
    /// The username.
    pub username: Option<Span>,
    /// The password.
    pub password: Option<Span>,
    /// The host (with its brackets).
    pub host: Option<Span>,
    /// The port's digits.
    pub port: Option<Span>,
    /// The path, as the input wrote it.
    pub path: Option<Span>,
    /// The query, without its `?`.
    pub query: Option<Span>,
    /// The fragment, without its `#`.
    pub fragment: Option<Span>,
}

/// The outcome of [`parse`].
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The URL record; `None` when the parse failed.
    pub url: Option<UrlRecord>,
    /// The components' spans in the input.
    pub spans: Spans,
    /// Every validation error (a warning, or the failure as an error) and every rewrite (a
    /// note), in input order, each at its span with the standard's section.
    pub diagnostics: Vec<Diagnostic>,
    /// True when the input is a valid URL string: the parse met no validation error.
    pub valid_url_string: bool,
    /// How many steps the state machine ran (each reads one code point, or the end): at
    /// most a small multiple of the input's length, which the tests check.
    pub steps: usize,
}

impl Parsed {
    /// True when the parse did not fail.
    pub fn valid(&self) -> bool {
        self.url.is_some()
    }
    /// The failure's validation error, if the parse failed.
    pub fn failure(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
    }
    /// The component spans as (name, span) pairs, in URL order, for those the input gave.
    pub fn components(&self) -> Vec<(&'static str, Span)> {
        let s = &self.spans;
        [
            ("scheme", s.scheme),
            ("username", s.username),
            ("password", s.password),
            ("host", s.host),
            ("port", s.port),
            ("path", s.path),
            ("query", s.query),
            ("fragment", s.fragment),
        ]
        .into_iter()
        .filter_map(|(n, sp)| sp.map(|sp| (n, sp)))
        .collect()
    }
}

/// Parses `input` with the basic URL parser, against `base` when given (a base that does
/// not parse makes the parse fail, as the `URL` constructor does). Never panics.
pub fn parse(input: &str, base: Option<&str>) -> Parsed {
    match base {
        None => parse_with_base(input, None),
        Some(b) => {
            let parsed_base = parse_with_base(b, None);
            match parsed_base.url {
                Some(bu) => parse_with_base(input, Some(&bu)),
                None => {
                    let mut p = parse_with_base(input, None);
                    p.url = None;
                    let first = p.diagnostics.first().map(|d| d.span).unwrap_or_default();
                    p.diagnostics.push(Diagnostic::new(
                        Severity::Error,
                        parsed_base
                            .failure()
                            .map_or(Code::MissingSchemeNonRelativeUrl, |d| d.code),
                        Span::at(first.start.min(input.len())),
                        "URL Standard §6.1 #dom-url-url",
                        "the base URL does not parse, so the input cannot be parsed against it: \
                         fix the base",
                    ));
                    p.valid_url_string = false;
                    p
                }
            }
        }
    }
}

/// Parses `input` with the basic URL parser against an already parsed base URL.
pub fn parse_with_base(input: &str, base: Option<&UrlRecord>) -> Parsed {
    parser::run(input, base)
}

/// The URL record of `input` (against `base`, when given), or the code of the validation
/// error that made the parse fail: what [`parse_with_base`] gives as its `url` and
/// [`Parsed::failure`], without spans, diagnostics or messages, which this never builds.
pub fn parse_record(input: &str, base: Option<&UrlRecord>) -> Result<UrlRecord, Code> {
    parser::run_light(input, base, Mode::Record)
}

/// The serialization (the `href`) of `input`'s URL record, or `None` when it does not
/// parse: what [`parse_record`] and [`UrlRecord::href`] give. The common shapes are read
/// in one pass straight into the href (one allocation, no record); the rest goes through
/// the state machine.
pub fn href(input: &str) -> Option<String> {
    if let Some(h) = fast::href(input) {
        return Some(h);
    }
    parse_record(input, None).ok().map(|u| u.href())
}

/// Whether `input` parses (no base), else the code of the validation error that made the
/// parse fail, as [`Parsed::failure`] names it: the verdict of `check --profile whatwg`.
/// Builds no record, span or diagnostic, and stops reading where the parse can no longer
/// fail (at the path).
pub fn verdict(input: &str) -> Result<(), Code> {
    if let Some(v) = fast::verdict(input) {
        return v;
    }
    parser::run_light(input, None, Mode::Verdict).map(|_| ())
}

/// The first error of `input` (no base) as [`crate::engine::analyze`] reports it under the
/// whatwg profile (code, span, section, and the expected set when `expected`), `None` when
/// it parses: the first-error mode ([`crate::engine::first_error_mode`]) of the state
/// machine. The machine runs as for [`verdict`] (no record, no spans but the failure's,
/// no diagnostic list, no message), and keeps the failure's place as the full parse does.
/// The fast path answers first where it reads the input (the common shapes, and the
/// failures it names before the path, placed as the machine places them).
pub fn first_error(input: &str, expected: bool) -> Option<FirstError> {
    match fast::first_error(input, false) {
        Some(found) => found,
        None => parser::run_first_error(input, false),
    }
    .and_then(|f| place(f, expected))
}

/// [`first_error`] with the failure's message, as the full analysis writes it: the one
/// message of the parse, made only for the failure.
pub fn first_error_explained(input: &str) -> Option<Explained> {
    let mut f = match fast::first_error(input, true) {
        Some(found) => found,
        None => parser::run_first_error(input, true),
    }?;
    let message = f.message.take().unwrap_or_default();
    Some(Explained {
        error: place(f, true)?,
        message,
    })
}

/// A failure of [`Mode::FirstError`] as the analysis's first error: the tree's writer
/// ([`tree::write`]) records the failing state's expected set at the failure's start.
fn place(f: Failure, expected: bool) -> Option<FirstError> {
    Some(FirstError {
        code: f.code,
        span: f.span?,
        spec: f.spec,
        expected: match expected {
            true => tree::expected(f.code)
                .map(<[_]>::to_vec)
                .unwrap_or_default(),
            false => Vec::new(),
        },
    })
}

/// True when `profile` is the URL Standard's (its descriptor is [`url_standard::WHATWG`]).
fn is_whatwg(profile: crate::engine::Profile) -> bool {
    std::ptr::eq(&*profile.descriptor(), &url_standard::WHATWG)
}

/// [`first_error`] when `profile` is the URL Standard's; `None` for any other profile (the
/// spec table's `first_error_under` asks each grammar with a first-error mode in turn).
pub fn first_error_under(
    profile: crate::engine::Profile,
    input: &str,
    expected: bool,
) -> Option<Option<FirstError>> {
    is_whatwg(profile).then(|| first_error(input, expected))
}

/// True when `profile` is the URL Standard's, whose first-error mode costs what its quick
/// recognizer costs: both read the head once, and run the state machine (as for a
/// verdict) only where the fast path leaves the input. A batch check that prints each
/// failure's place asks the mode alone; asking the recognizer first would run a failing
/// line twice (the recognizer keeps no place).
pub fn first_error_is_quick_under(profile: crate::engine::Profile) -> bool {
    is_whatwg(profile)
}

/// [`first_error_explained`] when `profile` is the URL Standard's; `None` for any other
/// profile (whose message comes from the full analysis).
pub fn first_error_explained_under(
    profile: crate::engine::Profile,
    input: &str,
) -> Option<Option<Explained>> {
    is_whatwg(profile).then(|| first_error_explained(input))
}

/// The cleaned input and its map back to the original.
pub(crate) struct Input<'a> {
    /// The input without leading and trailing C0 controls and spaces, and without tabs and
    /// newlines.
    pub s: &'a str,
    /// For each byte of `s` (and one past the end), its offset in the original input; `None`
    /// when `s` is a slice of the input starting at `lead`.
    map: Option<Vec<usize>>,
    lead: usize,
}

impl Input<'_> {
    fn orig(&self, i: usize) -> usize {
        match &self.map {
            Some(m) => m.get(i).copied().unwrap_or(0),
            None => self.lead + i,
        }
    }
    /// The input span of the cleaned bytes `a..b`, widened to whole characters: a span a
    /// state computes one byte past a pointer (`:` then a multi-byte character) or from a
    /// byte offset inside a host (an IPv6 piece) never splits a character. Cleaning takes out
    /// ASCII bytes only, so a character boundary of `s` is one of the input too.
    pub fn span(&self, a: usize, b: usize) -> Span {
        let a = crate::text_layout::floor_char_boundary(self.s, a);
        let start = self.orig(a);
        if b <= a {
            return Span::at(start);
        }
        let b = crate::text_layout::ceil_char_boundary(self.s, b);
        Span::new(start, self.orig(b - 1) + 1)
    }
}

/// What a parse builds besides its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The URL record, every component's span and every diagnostic with its message:
    /// [`parse`].
    Full,
    /// The URL record only: [`parse_record`] and [`href`].
    Record,
    /// Whether the parse fails, and with which validation error: [`verdict`]. The machine
    /// stops at the first state that cannot fail (path start, path, opaque path, query,
    /// fragment), and builds no record.
    Verdict,
    /// [`Mode::Verdict`], and the failure's place as [`Mode::Full`] reports it (its span in
    /// the input and its section), with its message when `message`: the first-error mode
    /// ([`first_error`]). No record, no other span, no diagnostic list.
    FirstError { message: bool },
}

/// The validation error that made a parse fail, as the machine met it.
#[derive(Clone, Debug)]
pub(crate) struct Failure {
    pub code: Code,
    /// The section it cites.
    pub spec: &'static str,
    /// Its span in the input, in [`Mode::FirstError`] (a full parse keeps it in its
    /// diagnostic).
    pub span: Option<Span>,
    /// Its message, in [`Mode::FirstError`] with `message` set (a full parse keeps it in
    /// its diagnostic).
    pub message: Option<Cow<'static, str>>,
}

/// A diagnostic's message, built only when the parse keeps messages ([`Mode::Full`]): a
/// text, or a closure that writes one (for the messages that `format!` would otherwise
/// build on every parse, asked or not).
pub(crate) trait Message {
    fn text(self) -> String;
    /// The text as a failure keeps it: a static text is not copied.
    fn cow(self) -> Cow<'static, str>
    where
        Self: Sized,
    {
        Cow::Owned(self.text())
    }
}

impl Message for &'static str {
    fn text(self) -> String {
        self.to_string()
    }
    fn cow(self) -> Cow<'static, str> {
        Cow::Borrowed(self)
    }
}

impl Message for String {
    fn text(self) -> String {
        self
    }
}

impl<F: FnOnce() -> String> Message for F {
    fn text(self) -> String {
        self()
    }
}

/// What the parser and the host parser share: the input and the diagnostics.
pub(crate) struct Ctx<'a> {
    pub input: Input<'a>,
    pub diags: Vec<Diagnostic>,
    pub validation_error: bool,
    /// What the parse builds.
    pub mode: Mode,
    /// The first error (the failure), in every mode: its code and section, and in
    /// [`Mode::FirstError`] its span (and message, when asked).
    pub failure: Option<Failure>,
}

impl Ctx<'_> {
    /// True when diagnostics and spans are kept.
    #[inline]
    pub fn full(&self) -> bool {
        self.mode == Mode::Full
    }
    /// True when only the verdict (and the failure) is wanted: the machine stops at the
    /// first state that cannot fail, and builds no record.
    #[inline]
    pub fn verdict_only(&self) -> bool {
        matches!(self.mode, Mode::Verdict | Mode::FirstError { .. })
    }
    pub fn diag_at(
        &mut self,
        severity: Severity,
        code: Code,
        a: usize,
        b: usize,
        section: &'static str,
        message: impl Message,
    ) {
        if severity != Severity::Note {
            self.validation_error = true;
        }
        if severity == Severity::Error && self.failure.is_none() {
            // The one error of a parse without a base: every state that reports one fails.
            if let Mode::FirstError { message: m } = self.mode {
                self.failure = Some(Failure {
                    code,
                    spec: section,
                    span: Some(self.input.span(a, b)),
                    message: m.then(|| message.cow()),
                });
                return;
            }
            self.failure = Some(Failure {
                code,
                spec: section,
                span: None,
                message: None,
            });
        }
        if !self.full() {
            return;
        }
        let span = self.input.span(a, b);
        self.diags.push(Diagnostic::new(
            severity,
            code,
            span,
            section,
            message.text(),
        ));
    }
    pub fn error(&mut self, code: Code, a: usize, b: usize, message: impl Message) {
        self.diag_at(Severity::Error, code, a, b, code.section(), message);
    }
    pub fn error_at(
        &mut self,
        code: Code,
        a: usize,
        b: usize,
        section: &'static str,
        message: impl Message,
    ) {
        self.diag_at(Severity::Error, code, a, b, section, message);
    }
    pub fn warn(&mut self, code: Code, a: usize, b: usize, message: impl Message) {
        self.diag_at(Severity::Warning, code, a, b, code.section(), message);
    }
    pub fn warn_at(
        &mut self,
        code: Code,
        a: usize,
        b: usize,
        section: &'static str,
        message: impl Message,
    ) {
        self.diag_at(Severity::Warning, code, a, b, section, message);
    }
    pub fn note(&mut self, code: Code, a: usize, b: usize, message: impl Message) {
        self.diag_at(Severity::Note, code, a, b, code.section(), message);
    }
    /// An invalid-URL-unit validation error for `c` at `a..b`.
    pub fn url_unit(&mut self, a: usize, b: usize, c: char) {
        self.warn(Code::InvalidUrlUnit, a, b, move || {
            if c == '%' {
                "a \"%\" not followed by two hex digits: write \"%25\"".to_string()
            } else {
                format!(
                    "U+{:04X} is not a URL code point: percent-encode it",
                    c as u32
                )
            }
        });
    }
}

#[cfg(test)]
mod tests;

pub use fast::Parts;

/// The scheme, credentials, host, port and path of `input`'s URL record (no base) as the
/// serializer writes them ([`Parts`]), or the code of the validation error that makes the
/// parse fail: what [`parse_record`] gives, read by the fast path where it can (borrowing
/// the input, no record built), else taken from the state machine's record.
pub fn parts(input: &str) -> Result<Parts<'_>, Code> {
    match fast::parts(input) {
        Some(p) => p,
        None => parse_record(input, None).map(Parts::of_record),
    }
}
