//! The `URL` class's setters (URL Standard §6.1, `href`, `protocol`, `username`,
//! `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`), at the revision
//! the parser implements (whatwg/url `6ae8486`).
//!
//! Each setter is the standard's steps: `href` is a whole parse; `username` and `password`
//! percent-encode the value with the userinfo set; the others run the basic URL parser over
//! the value with the URL as `url` and a *state override* (scheme start, host, hostname,
//! port, path start, query, fragment). The parser of `super::parser` has no state
//! override (it tracks the spans of a whole URL string), so the states a setter enters are
//! written here, step for step, on the same host parser, percent-encode sets and path
//! helpers. With a `url` given the parser does not strip leading and trailing C0 controls
//! and spaces; it still removes tabs and newlines.
//!
//! As in the standard, the parser works on the URL itself: a failure part way leaves what
//! it had already set (the `host` setter sets the host before a bad port fails), and a
//! failure before any change leaves the URL as it was. [`Outcome`] says which of the
//! standard's exits was taken.

use std::fmt;

use super::encode::{self, EncodeSet};
use super::host::parse_host;
use super::parser::{is_double_dot, is_single_dot, is_windows_drive_letter, shorten};
use super::{Ctx, Host, Input, UrlPath, UrlRecord, default_port, is_special};
use crate::engine::codes::Code;
use crate::engine::tree::{Diagnostic, Severity, Span};

/// The `URL` class's getters, in the order of [`UrlRecord::getters`].
pub const GETTER_NAMES: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// One of the `URL` class's settable attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// `href`: the whole URL, parsed anew.
    Href,
    /// `protocol`: the scheme.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host and, after a `:`, the port.
    Host,
    /// `hostname`: the host only.
    Hostname,
    /// `port`.
    Port,
    /// `pathname`: the path.
    Pathname,
    /// `search`: the query.
    Search,
    /// `hash`: the fragment.
    Hash,
}

impl Component {
    /// Every setter, in the order of the `URL` class's attributes.
    pub const ALL: [Component; 10] = [
        Component::Href,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// The attribute's name (`href`, `protocol`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
        }
    }

    /// The setter named `name` (exactly, as the attribute is spelled).
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The setter's section and anchor in the URL Standard.
    pub fn section(self) -> &'static str {
        match self {
            Component::Href => "URL Standard §6.1 #dom-url-href",
            Component::Protocol => "URL Standard §6.1 #dom-url-protocol",
            Component::Username => "URL Standard §6.1 #dom-url-username",
            Component::Password => "URL Standard §6.1 #dom-url-password",
            Component::Host => "URL Standard §6.1 #dom-url-host",
            Component::Hostname => "URL Standard §6.1 #dom-url-hostname",
            Component::Port => "URL Standard §6.1 #dom-url-port",
            Component::Pathname => "URL Standard §6.1 #dom-url-pathname",
            Component::Search => "URL Standard §6.1 #dom-url-search",
            Component::Hash => "URL Standard §6.1 #dom-url-hash",
        }
    }

    /// The getter of the same name on `url`.
    pub fn get(self, url: &UrlRecord) -> String {
        match self {
            Component::Href => url.href(),
            Component::Protocol => url.protocol(),
            Component::Username => url.username().to_string(),
            Component::Password => url.password().to_string(),
            Component::Host => url.host(),
            Component::Hostname => url.hostname(),
            Component::Port => url.port(),
            Component::Pathname => url.pathname().to_string(),
            Component::Search => url.search(),
            Component::Hash => url.hash(),
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Component {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Component::from_name(s).ok_or_else(|| {
            format!(
                "unknown URL component {s:?}: one of {}",
                Component::ALL.map(Component::name).join(", ")
            )
        })
    }
}

/// Which of the standard's exits a setter took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The setter ran to its end (the parser returned, or the value was set directly).
    Applied,
    /// The setter's steps (or the state override's) return before changing anything: the
    /// URL cannot take this component, or the change is one the standard refuses.
    Ignored(&'static str),
    /// The basic URL parser returned failure. The URL keeps what the parser had set before
    /// it failed (possibly nothing). For `href`, the `URL` class throws a `TypeError` and
    /// the URL is unchanged.
    Failed(&'static str),
}

/// What a setter did.
#[derive(Clone, Debug)]
pub struct Set {
    /// The URL after the setter.
    pub url: UrlRecord,
    /// Which exit the setter took.
    pub outcome: Outcome,
    /// The validation errors the parser met (warnings; the failure as an error) and its
    /// rewrites (notes), with spans into the value as given.
    pub diagnostics: Vec<Diagnostic>,
}

impl Set {
    /// True when the URL differs from `before`.
    pub fn changed(&self, before: &UrlRecord) -> bool {
        self.url != *before
    }
}

/// Runs the `component` setter of `url` with `value`. Never panics.
pub fn set(url: &UrlRecord, component: Component, value: &str) -> Set {
    match component {
        Component::Href => set_href(url, value),
        Component::Username | Component::Password => set_userinfo(url, component, value),
        _ => {
            let mut run = Run::new(url, component, value);
            let outcome = run.go();
            run.finish(outcome)
        }
    }
}

/// Parses `href` and runs the `component` setter on it with `value`: `None` when `href`
/// does not parse.
pub fn set_on(href: &str, component: Component, value: &str) -> Option<Set> {
    let url = super::parse(href, None).url?;
    Some(set(&url, component, value))
}

fn set_href(url: &UrlRecord, value: &str) -> Set {
    let parsed = super::parse(value, None);
    match parsed.url {
        Some(u) => Set {
            url: u,
            outcome: Outcome::Applied,
            diagnostics: parsed.diagnostics,
        },
        None => Set {
            url: url.clone(),
            outcome: Outcome::Failed(
                "the value does not parse as a URL (the URL class throws a TypeError); the URL \
                 is unchanged",
            ),
            diagnostics: parsed.diagnostics,
        },
    }
}

/// "cannot have a username/password/port": the host is null or empty, or the scheme is
/// `file`.
fn cannot_have_credentials_or_port(url: &UrlRecord) -> bool {
    matches!(url.host, None | Some(Host::Empty)) || url.scheme == "file"
}

const NO_CREDENTIALS_OR_PORT: &str = "a URL without a host, with the empty host, or of the file \
                                      scheme cannot have a username, a password or a port";
const OPAQUE_PATH: &str = "a URL with an opaque path has no host and no path to set";

fn set_userinfo(url: &UrlRecord, component: Component, value: &str) -> Set {
    let mut u = url.clone();
    if cannot_have_credentials_or_port(url) {
        return Set {
            url: u,
            outcome: Outcome::Ignored(NO_CREDENTIALS_OR_PORT),
            diagnostics: Vec::new(),
        };
    }
    // "set the username/password": the value UTF-8 percent-encoded with the userinfo set,
    // every code point (the parser is not run, so tabs and newlines are encoded too).
    let mut out = String::with_capacity(value.len());
    let mut diagnostics = Vec::new();
    let mut run: Option<(usize, usize)> = None;
    for (i, c) in value.char_indices() {
        if encode::encode_char(c, EncodeSet::Userinfo, &mut out) {
            let end = i + c.len_utf8();
            run = match run {
                Some((a, b)) if b == i => Some((a, end)),
                Some((a, b)) => {
                    diagnostics.push(encoded_note(a, b, EncodeSet::Userinfo));
                    Some((i, end))
                }
                None => Some((i, end)),
            };
        }
    }
    if let Some((a, b)) = run {
        diagnostics.push(encoded_note(a, b, EncodeSet::Userinfo));
    }
    if component == Component::Username {
        u.username = out;
    } else {
        u.password = out;
    }
    Set {
        url: u,
        outcome: Outcome::Applied,
        diagnostics,
    }
}

fn encoded_note(a: usize, b: usize, set: EncodeSet) -> Diagnostic {
    Diagnostic::new(
        Severity::Note,
        Code::WhatwgPercentEncoded,
        Span::new(a, b),
        Code::WhatwgPercentEncoded.section(),
        format!("encoded with the {} (URL Standard §1.3)", set.name()),
    )
}

/// The value with its tabs and newlines removed (the basic URL parser's first steps when
/// `url` is given: no strip of C0 controls and spaces), with its map back to the value.
fn remove_tabs_newlines(value: &str) -> (String, Option<Vec<usize>>, Vec<Span>) {
    if !value.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        return (value.to_string(), None, Vec::new());
    }
    let mut bytes = Vec::with_capacity(value.len());
    let mut map = Vec::with_capacity(value.len() + 1);
    let mut removed: Vec<Span> = Vec::new();
    for (i, b) in value.bytes().enumerate() {
        if matches!(b, b'\t' | b'\n' | b'\r') {
            match removed.last_mut() {
                Some(sp) if sp.end == i => sp.end = i + 1,
                _ => removed.push(Span::new(i, i + 1)),
            }
        } else {
            bytes.push(b);
            map.push(i);
        }
    }
    map.push(value.len());
    // Only ASCII bytes were taken out, so what is left is still UTF-8.
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    (text, Some(map), removed)
}

#[inline]
fn char_at(s: &str, i: usize) -> Option<char> {
    s.get(i..).and_then(|r| r.chars().next())
}

/// One run of the basic URL parser with a state override.
struct Run {
    component: Component,
    url: UrlRecord,
    before: UrlRecord,
    /// The setter's value was the empty string.
    value_empty: bool,
    /// The input after the setter's own steps (a `?` or `#` removed, `:` appended), its
    /// tabs and newlines removed.
    text: String,
    /// For each byte of `text` (and one past the end), its offset in the value; `None`
    /// when `text` is the value from `lead` on.
    map: Option<Vec<usize>>,
    /// Where the setter's input starts in the value (1 when a leading `?` or `#` was
    /// removed).
    lead: usize,
    removed: Vec<Span>,
    diags: Vec<Diagnostic>,
    /// The index in `diags` of the last percent-encoding note (a run is merged into it).
    last_encoded: Option<usize>,
}

impl Run {
    fn new(url: &UrlRecord, component: Component, value: &str) -> Run {
        let (input, lead) = match component {
            Component::Protocol => (format!("{value}:"), 0),
            Component::Search => match value.strip_prefix('?') {
                Some(rest) => (rest.to_string(), 1),
                None => (value.to_string(), 0),
            },
            Component::Hash => match value.strip_prefix('#') {
                Some(rest) => (rest.to_string(), 1),
                None => (value.to_string(), 0),
            },
            _ => (value.to_string(), 0),
        };
        let (text, map, removed) = remove_tabs_newlines(&input);
        Run {
            component,
            url: url.clone(),
            before: url.clone(),
            value_empty: value.is_empty(),
            text,
            map: map.map(|m| m.into_iter().map(|i| i + lead).collect()),
            lead,
            removed: removed
                .into_iter()
                .map(|s| Span::new(s.start + lead, s.end + lead))
                .collect(),
            diags: Vec::new(),
            last_encoded: None,
        }
    }

    fn finish(self, outcome: Outcome) -> Set {
        let mut diagnostics = self.diags;
        for sp in self.removed {
            diagnostics.push(Diagnostic::new(
                Severity::Warning,
                Code::InvalidUrlUnit,
                sp,
                Code::InvalidUrlUnit.section(),
                "tabs and newlines are removed before parsing: remove them",
            ));
        }
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
        let url = match outcome {
            // The standard's early returns change nothing.
            Outcome::Ignored(_) => self.before,
            _ => self.url,
        };
        Set {
            url,
            outcome,
            diagnostics,
        }
    }

    /// A context over the cleaned text for the host parser and the diagnostics, its spans
    /// mapped back into the value.
    fn ctx(&mut self) -> Ctx<'_> {
        Ctx {
            input: Input {
                s: &self.text,
                map: self.map.clone(),
                lead: self.lead,
            },
            diags: Vec::new(),
            validation_error: false,
            mode: super::Mode::Full,
            failure: None,
        }
    }

    /// The value's span of the cleaned bytes `a..b`.
    fn span(&self, a: usize, b: usize) -> Span {
        let orig = |i: usize| match &self.map {
            Some(m) => m.get(i).copied().unwrap_or(0),
            None => self.lead + i,
        };
        let start = orig(a);
        if b <= a {
            return Span::at(start);
        }
        Span::new(start, orig(b - 1) + 1)
    }

    fn diag(&mut self, severity: Severity, code: Code, a: usize, b: usize, msg: &str) {
        let span = self.span(a, b);
        self.diags
            .push(Diagnostic::new(severity, code, span, code.section(), msg));
    }

    /// Host-parses the cleaned bytes `a..b` (`opaque` for a non-special URL), keeping the
    /// host parser's diagnostics.
    fn host(&mut self, a: usize, b: usize, opaque: bool) -> Option<Host> {
        let mut cx = self.ctx();
        let h = parse_host(&mut cx, a, b, opaque);
        let d = cx.diags;
        self.diags.extend(d);
        h
    }

    fn go(&mut self) -> Outcome {
        match self.component {
            Component::Protocol => self.scheme_start(),
            Component::Host | Component::Hostname => {
                if self.url.has_opaque_path() {
                    return Outcome::Ignored(OPAQUE_PATH);
                }
                self.host_state()
            }
            Component::Port => {
                if cannot_have_credentials_or_port(&self.url) {
                    return Outcome::Ignored(NO_CREDENTIALS_OR_PORT);
                }
                if self.value_empty {
                    // The port setter: the empty string sets the port to null.
                    self.url.port = None;
                    return Outcome::Applied;
                }
                self.port_state(0)
            }
            Component::Pathname => {
                if self.url.has_opaque_path() {
                    return Outcome::Ignored(OPAQUE_PATH);
                }
                self.url.path = UrlPath::List(String::new());
                self.path_start()
            }
            Component::Search => {
                if self.value_empty {
                    self.url.query = None;
                    return Outcome::Applied;
                }
                self.url.query = Some(String::new());
                self.query_state()
            }
            Component::Hash => {
                if self.value_empty {
                    self.url.fragment = None;
                    return Outcome::Applied;
                }
                self.url.fragment = Some(String::new());
                self.fragment_state()
            }
            // Handled by `set`.
            Component::Href | Component::Username | Component::Password => Outcome::Applied,
        }
    }

    /// Scheme start state and scheme state, with state override (the `protocol` setter;
    /// the input ends with the `:` the setter appends).
    fn scheme_start(&mut self) -> Outcome {
        let bytes = self.text.as_bytes();
        if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
            return Outcome::Failed("a scheme starts with an ASCII letter");
        }
        let mut buf = String::new();
        for &b in bytes {
            if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.') {
                buf.push(b.to_ascii_lowercase() as char);
                continue;
            }
            if b != b':' {
                return Outcome::Failed(
                    "a scheme holds only ASCII letters, digits, \"+\", \"-\" and \".\"",
                );
            }
            let url = &self.url;
            if url.is_special() && !is_special(&buf) {
                return Outcome::Ignored(
                    "a special scheme (ftp, file, http, https, ws, wss) cannot be changed to a \
                     non-special one",
                );
            }
            if !url.is_special() && is_special(&buf) {
                return Outcome::Ignored(
                    "a non-special scheme cannot be changed to a special one (ftp, file, http, \
                     https, ws, wss)",
                );
            }
            if (url.includes_credentials() || url.port.is_some()) && buf == "file" {
                return Outcome::Ignored(
                    "a URL with a username, a password or a port cannot become a file URL",
                );
            }
            if url.scheme == "file" && url.host == Some(Host::Empty) {
                return Outcome::Ignored("a file URL with the empty host cannot change its scheme");
            }
            self.url.scheme = buf;
            if self.url.port.is_some() && self.url.port == default_port(&self.url.scheme) {
                self.url.port = None;
            }
            return Outcome::Applied;
        }
        // Unreachable: the setter appended ":".
        Outcome::Failed("a scheme ends with \":\"")
    }

    /// Host state (hostname state for the `hostname` setter), with state override.
    fn host_state(&mut self) -> Outcome {
        if self.url.scheme == "file" {
            return self.file_host_state();
        }
        let special = self.url.is_special();
        let hostname = self.component == Component::Hostname;
        let bytes = self.text.as_bytes();
        let mut in_brackets = false;
        let mut i = 0;
        loop {
            let b = bytes.get(i).copied();
            if b == Some(b':') && !in_brackets {
                if i == 0 {
                    self.diag(
                        Severity::Error,
                        Code::HostMissing,
                        0,
                        1,
                        "a port but no host: give a host before the \":\"",
                    );
                    return Outcome::Failed("no host before the \":\"");
                }
                if hostname {
                    return Outcome::Failed(
                        "the hostname setter stops at a \":\" (use the host setter to set a \
                         port)",
                    );
                }
                let Some(h) = self.host(0, i, !special) else {
                    return Outcome::Failed("the host does not parse");
                };
                self.url.host = Some(h);
                return self.port_state(i + 1);
            }
            let end = matches!(b, None | Some(b'/') | Some(b'?') | Some(b'#'))
                || (special && b == Some(b'\\'));
            if end {
                if special && i == 0 {
                    self.diag(
                        Severity::Error,
                        Code::HostMissing,
                        0,
                        0,
                        "a special URL needs a host: give one",
                    );
                    return Outcome::Failed("a special URL's host cannot be empty");
                }
                if i == 0 && (self.url.includes_credentials() || self.url.port.is_some()) {
                    return Outcome::Failed(
                        "a URL with a username, a password or a port cannot have an empty host",
                    );
                }
                let h = if i == 0 {
                    Some(Host::Empty)
                } else {
                    self.host(0, i, !special)
                };
                let Some(h) = h else {
                    return Outcome::Failed("the host does not parse");
                };
                self.url.host = Some(h);
                return Outcome::Applied;
            }
            if b == Some(b'[') {
                in_brackets = true;
            } else if b == Some(b']') {
                in_brackets = false;
            }
            i += 1;
        }
    }

    /// File host state, with state override (the host and hostname setters of a file URL).
    fn file_host_state(&mut self) -> Outcome {
        let bytes = self.text.as_bytes();
        let end = bytes
            .iter()
            .position(|b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .unwrap_or(bytes.len());
        if end == 0 {
            self.url.host = Some(Host::Empty);
            return Outcome::Applied;
        }
        let Some(mut h) = self.host(0, end, false) else {
            return Outcome::Failed("the host does not parse");
        };
        if h == Host::Domain("localhost".to_string()) {
            h = Host::Empty;
        }
        self.url.host = Some(h);
        Outcome::Applied
    }

    /// Port state, with state override, from the cleaned byte `from`: the leading ASCII
    /// digits are the port; whatever follows them is ignored.
    fn port_state(&mut self, from: usize) -> Outcome {
        let bytes = self.text.as_bytes();
        let digits = bytes[from.min(bytes.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return Outcome::Failed("no port: a port starts with an ASCII digit");
        }
        let mut v: u32 = 0;
        for &d in &bytes[from..from + digits] {
            v = (v * 10 + u32::from(d - b'0')).min(1 << 20);
        }
        if v > 65535 {
            self.diag(
                Severity::Error,
                Code::PortOutOfRange,
                from,
                from + digits,
                "the port is over 65535: give a port from 0 to 65535",
            );
            return Outcome::Failed("the port is over 65535");
        }
        let port = v as u16;
        self.url.port = if default_port(&self.url.scheme) == Some(port) {
            None
        } else {
            Some(port)
        };
        Outcome::Applied
    }

    /// Path start state and path state, with state override (the `pathname` setter, on a
    /// path already emptied).
    fn path_start(&mut self) -> Outcome {
        let special = self.url.is_special();
        let first = self.text.as_bytes().first().copied();
        let mut i = 0;
        if special {
            if first == Some(b'\\') {
                self.diag(
                    Severity::Warning,
                    Code::InvalidReverseSolidus,
                    0,
                    1,
                    "a special URL reads \"\\\" as \"/\": write \"/\"",
                );
            }
            if matches!(first, Some(b'/') | Some(b'\\')) {
                i = 1;
            }
        } else if first.is_some() {
            if first == Some(b'/') {
                i = 1;
            }
        } else {
            if self.url.host.is_none() {
                // Append the empty string to the path.
                self.url.path = UrlPath::List("/".to_string());
            }
            return Outcome::Applied;
        }
        self.path_state(i, special)
    }

    fn path_state(&mut self, mut i: usize, special: bool) -> Outcome {
        let text = std::mem::take(&mut self.text);
        let mut buf = String::new();
        loop {
            let c = char_at(&text, i);
            let slash = c == Some('/') || (special && c == Some('\\'));
            if c.is_none() || slash {
                if special && c == Some('\\') {
                    self.diag(
                        Severity::Warning,
                        Code::InvalidReverseSolidus,
                        i,
                        i + 1,
                        "a special URL reads \"\\\" as \"/\": write \"/\"",
                    );
                }
                if is_double_dot(&buf) {
                    shorten(&mut self.url);
                    if !slash {
                        self.push_segment("");
                    }
                } else if is_single_dot(&buf) {
                    if !slash {
                        self.push_segment("");
                    }
                } else {
                    if self.url.scheme == "file"
                        && self.url.path.as_str().is_empty()
                        && is_windows_drive_letter(&buf)
                    {
                        buf.replace_range(1..2, ":");
                    }
                    self.push_segment(&buf);
                }
                buf.clear();
                match c {
                    None => break,
                    Some(_) => i += 1,
                }
                continue;
            }
            let Some(ch) = c else { break };
            self.check_unit(&text, i, ch);
            if encode::encode_char(ch, EncodeSet::Path, &mut buf) {
                self.note_encoded(i, i + ch.len_utf8(), EncodeSet::Path);
            }
            i += ch.len_utf8();
        }
        self.text = text;
        Outcome::Applied
    }

    fn push_segment(&mut self, seg: &str) {
        if let UrlPath::List(p) = &mut self.url.path {
            p.push('/');
            p.push_str(seg);
        }
    }

    /// Query state, with state override: every code point is the query's, `#` encoded.
    fn query_state(&mut self) -> Outcome {
        let set = if self.url.is_special() {
            EncodeSet::SpecialQuery
        } else {
            EncodeSet::Query
        };
        let out = self.encode_all(set);
        self.url.query = Some(out);
        Outcome::Applied
    }

    /// Fragment state.
    fn fragment_state(&mut self) -> Outcome {
        let out = self.encode_all(EncodeSet::Fragment);
        self.url.fragment = Some(out);
        Outcome::Applied
    }

    fn encode_all(&mut self, set: EncodeSet) -> String {
        let text = std::mem::take(&mut self.text);
        let mut out = String::with_capacity(text.len());
        for (i, ch) in text.char_indices() {
            self.check_unit(&text, i, ch);
            if encode::encode_char(ch, set, &mut out) {
                self.note_encoded(i, i + ch.len_utf8(), set);
            }
        }
        self.text = text;
        out
    }

    /// The invalid-URL-unit validation errors of the path, query and fragment states.
    fn check_unit(&mut self, text: &str, i: usize, c: char) {
        if c == '%' {
            if !encode::starts_with_two_hex(&text.as_bytes()[i + 1..]) {
                self.diag(
                    Severity::Warning,
                    Code::InvalidUrlUnit,
                    i,
                    i + 1,
                    "a \"%\" not followed by two hex digits: write \"%25\"",
                );
            }
        } else if !(c.is_ascii_alphanumeric() || encode::is_url_code_point(c)) {
            let msg = format!(
                "U+{:04X} is not a URL code point: percent-encode it",
                c as u32
            );
            let span = self.span(i, i + c.len_utf8());
            self.diags.push(Diagnostic::new(
                Severity::Warning,
                Code::InvalidUrlUnit,
                span,
                Code::InvalidUrlUnit.section(),
                msg,
            ));
        }
    }

    /// Notes that `set` encoded the cleaned bytes `a..b`, merged with the note before it.
    fn note_encoded(&mut self, a: usize, b: usize, set: EncodeSet) {
        let span = self.span(a, b);
        if let Some(last) = self.last_encoded.and_then(|i| self.diags.get_mut(i))
            && last.span.end == span.start
        {
            last.span.end = span.end;
            return;
        }
        self.last_encoded = Some(self.diags.len());
        self.diags.push(encoded_note(span.start, span.end, set));
    }
}
