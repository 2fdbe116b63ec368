//! Agreement across profiles: how each profile reads the parts of an identifier that a
//! security decision uses (scheme, userinfo, host, port, path), and where the readings
//! part, each place named by a class of parser confusion.
//!
//! Server-side request forgery and open redirects come from one pattern: a validator reads
//! a URL one way and the client that fetches it another (the 2022 study "Exploiting URL
//! Parsing Confusion" by Claroty and Snyk; OWASP's SSRF Prevention Cheat Sheet). [`agree`]
//! reads the input under each profile asked for, from what the engine already builds for
//! a verdict, never from a second parser of its own:
//!
//! - a profile whose parser makes a URL record ([`Descriptor::url_setters`]: the URL
//!   Standard's) is read from the record's parts ([`whatwg::parts`]: the fast path's,
//!   borrowed from the input, where it reads the input, else the light record path's, no
//!   spans, no diagnostics): the scheme, username and password, serialized host, port (the
//!   scheme's default port is none) and path;
//! - a profile of RFC 3986's generic syntax ([`specs::Offers::generic_split`]) is read by
//!   Appendix B's split of an input its grammar accepts (its quick recognizer, else its
//!   first-error mode, says whether; no tree, no message);
//! - any other profile is read from the tree of its verdict parse
//!   ([`specs::parse_verdict`]): the nodes `scheme`, `authority` > `userinfo` / `host` /
//!   `port` and `path`, normalized as RFC 3986 §6.2.2 allows (case, percent-encoding, dot
//!   segments) and §6.2.3 for the port and the empty path (see [`Reading`]).
//!
//! A profile that rejects the input (or cannot read its kind at all) reads every component
//! as `None`. Two readings of a component are the same when they are equal after
//! `same`'s comparison (userinfo percent-decoded; an IPv6 address by value; a host's
//! ASCII case ignored). Each component whose readings are not all the same is a
//! [`Disagreement`] with a [`Class`], decided from the input's bytes and the readings by
//! `classify` (its comments say how each class is recognized). Data out: the faces
//! (`check --agree`, the Arrow kernel, the workbench's standards view) render it.

use std::borrow::Cow;
use std::net::{Ipv4Addr, Ipv6Addr};

use serde::Serialize;

use super::descriptor::Quick;
use super::specs::{self, Descriptor};
use super::tree::{NodeKind, Severity, Tree};
use super::whatwg;
use super::{Profile, pct};

/// A component a security decision uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Component {
    /// The host (first: it is what an SSRF filter decides on).
    Host,
    /// The scheme.
    Scheme,
    /// The userinfo (username and password).
    Userinfo,
    /// The effective port.
    Port,
    /// The path.
    Path,
}

impl Component {
    /// The components in the order disagreements are listed (host first).
    pub const ALL: [Component; 5] = [
        Component::Host,
        Component::Scheme,
        Component::Userinfo,
        Component::Port,
        Component::Path,
    ];

    /// The name (the JSON's).
    pub fn name(self) -> &'static str {
        match self {
            Component::Host => "host",
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Port => "port",
            Component::Path => "path",
        }
    }
}

/// Why readings part: the study's five classes and what idbench already tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// A missing or malformed scheme: one profile reads a relative reference (or another
    /// scheme) where another reads a URL or fails.
    Scheme,
    /// A special scheme followed by other than exactly two slashes (`http:/h`, `http:h`,
    /// `http:///h`).
    Slashes,
    /// A `\`, which the URL Standard reads as `/` in a special URL.
    Backslash,
    /// Percent-encoded bytes that one profile decodes (a host's) and another keeps.
    PercentEncoded,
    /// A scheme the URL Standard has no scheme-specific parser for (a non-special one) or a
    /// scheme-specific rule (`file`'s `localhost`).
    SchemeMixup,
    /// Tabs, newlines and leading or trailing C0 controls and spaces, which the URL
    /// Standard removes.
    Whitespace,
    /// A host the URL Standard reads as an IPv4 address in a form RFC 3986 reads as a
    /// registered name (`0x7f.1`, `127.1`, `2130706433`, `0177.0.0.1`).
    Ipv4Form,
    /// A host mapped by IDNA (full-width letters, upper case, Unicode labels).
    Idna,
    /// An `@` inside the userinfo.
    Userinfo,
    /// An authority read as a registry-based name with no host (RFC 2396's `reg_name`, as
    /// `java.net.URI` reads it) where another profile reads a host.
    RegName,
    /// Anything else (the disagreement's `why` says what).
    Other,
}

impl Class {
    /// Every class, in the order the docs list them.
    pub const ALL: [Class; 11] = [
        Class::Scheme,
        Class::Slashes,
        Class::Backslash,
        Class::PercentEncoded,
        Class::SchemeMixup,
        Class::Whitespace,
        Class::Ipv4Form,
        Class::Idna,
        Class::Userinfo,
        Class::RegName,
        Class::Other,
    ];

    /// The kebab-case name (the JSON's and the text output's).
    pub fn name(self) -> &'static str {
        match self {
            Class::Scheme => "scheme",
            Class::Slashes => "slashes",
            Class::Backslash => "backslash",
            Class::PercentEncoded => "percent-encoded",
            Class::SchemeMixup => "scheme-mixup",
            Class::Whitespace => "whitespace",
            Class::Ipv4Form => "ipv4-form",
            Class::Idna => "idna",
            Class::Userinfo => "userinfo",
            Class::RegName => "reg-name",
            Class::Other => "other",
        }
    }

    /// The class with this name.
    pub fn from_name(name: &str) -> Option<Class> {
        Class::ALL.into_iter().find(|c| c.name() == name)
    }

    /// What the class means, with the sections the readings rest on: the `why` of a
    /// disagreement starts with it.
    pub fn description(self) -> &'static str {
        match self {
            Class::Scheme => {
                "the input has no scheme (or a malformed one): RFC 3986 §4.2 reads a relative \
                 reference, the URL Standard (§4.4, no base) fails or reads another scheme"
            }
            Class::Slashes => {
                "a special scheme is not followed by exactly \"//\": the URL Standard (§4.4 \
                 special authority slashes state) skips any number of slashes and reads a \
                 host, RFC 3986 §3.3 reads a path"
            }
            Class::Backslash => {
                "a \"\\\" that the URL Standard (§4.4, invalid-reverse-solidus) reads as \"/\" \
                 in a special URL; RFC 3986 §2 does not allow it"
            }
            Class::PercentEncoded => {
                "percent-encoded bytes: the URL Standard decodes a special URL's host before \
                 checking it (§3.5) and percent-encodes what RFC 3986 does not allow (§1.3, \
                 §4.4), RFC 3986 decodes only unreserved characters (§6.2.2.2) and rejects \
                 the rest (§2)"
            }
            Class::SchemeMixup => {
                "the URL Standard has no parser for this scheme (a non-special URL, §4.4: an \
                 opaque host, not decoded) or a rule of its own for it (file's localhost): a \
                 reader that treats every URL alike reads it differently"
            }
            Class::Whitespace => {
                "tabs, newlines or leading and trailing C0 controls and spaces, which the URL \
                 Standard (§4.4) removes before parsing; RFC 3986 §2 does not allow them"
            }
            Class::Ipv4Form => {
                "a host the URL Standard's IPv4 parser (§3.5) reads as an address (hex, octal, \
                 fewer than four parts) that RFC 3986 §3.2.2 reads as a registered name"
            }
            Class::Idna => {
                "a host the URL Standard maps by IDNA (§3.3 domain to ASCII: UTS #46 mapping, \
                 full-width letters, Unicode labels) where an RFC keeps the text (RFC 3986 \
                 §3.2.2, RFC 3987 §3.1)"
            }
            Class::Userinfo => {
                "an \"@\" inside the userinfo: the URL Standard (§4.4 authority state) splits \
                 at the last \"@\" and encodes the others, RFC 3986 §3.2.1 does not allow it"
            }
            Class::RegName => {
                "an authority read with no host: a registry-based name (RFC 2396 §3.2.1 \
                 reg_name, as java.net.URI reads it) or no authority at all (the WWW draft \
                 of RFC 1630 reads //host as a path), where another profile reads a host"
            }
            Class::Other => "the profiles read this component differently",
        }
    }
}

/// One profile's reading of the security parts. Every field is `None` when the profile
/// rejects the input (`accepted` false), and where the input has no such component.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reading {
    /// The profile.
    #[serde(serialize_with = "profile_name")]
    pub profile: Profile,
    /// False when the profile rejects the input (or cannot read its kind at all).
    pub accepted: bool,
    /// The code of the error that made it reject the input.
    pub error: Option<&'static str>,
    /// The scheme, lower-cased (RFC 3986 §6.2.2.1; the URL Standard's record).
    pub scheme: Option<String>,
    /// The userinfo: the URL Standard's `username[:password]` (percent-encoded as its
    /// record holds them); an RFC's text with its triplets normalized (§6.2.2). An empty
    /// userinfo is `None`, as an absent one.
    pub userinfo: Option<String>,
    /// The serialized host: the URL Standard's (§3.6); an RFC's host text lower-cased
    /// with its percent-encoding normalized (§6.2.2.1, §6.2.2.2). `Some("")`: an empty
    /// host.
    pub host: Option<String>,
    /// The effective port in decimal: an explicit default port of the scheme is `None`
    /// (the URL Standard's record; RFC 3986 §6.2.3), and so is an empty one.
    pub port: Option<String>,
    /// The path: the URL Standard's record's; an RFC's with its percent-encoding
    /// normalized and its dot segments removed (§6.2.2), `/` for an empty path after an
    /// authority of a scheme whose empty path means `/` (§6.2.3).
    pub path: Option<String>,
}

fn profile_name<S: serde::Serializer>(p: &Profile, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(p.name())
}

impl Reading {
    /// The reading of one component.
    pub fn get(&self, c: Component) -> Option<&str> {
        match c {
            Component::Scheme => self.scheme.as_deref(),
            Component::Userinfo => self.userinfo.as_deref(),
            Component::Host => self.host.as_deref(),
            Component::Port => self.port.as_deref(),
            Component::Path => self.path.as_deref(),
        }
    }
}

/// A [`Reading`] whose texts borrow the input where the reading is the input's own text
/// (the common case: nothing to lower-case, decode or remove), what the comparison and the
/// classes work on; the owned [`Reading`] is built from it only for a face that keeps the
/// readings ([`Agreement`]). A batch check ([`summary`]) builds none.
#[derive(Clone, Debug)]
struct Read<'a> {
    profile: Profile,
    accepted: bool,
    error: Option<&'static str>,
    scheme: Option<Cow<'a, str>>,
    userinfo: Option<Cow<'a, str>>,
    host: Option<Cow<'a, str>>,
    port: Option<Cow<'a, str>>,
    path: Option<Cow<'a, str>>,
}

impl<'a> Read<'a> {
    fn get(&self, c: Component) -> Option<&str> {
        match c {
            Component::Scheme => self.scheme.as_deref(),
            Component::Userinfo => self.userinfo.as_deref(),
            Component::Host => self.host.as_deref(),
            Component::Port => self.port.as_deref(),
            Component::Path => self.path.as_deref(),
        }
    }

    fn rejected(profile: Profile, error: Option<&'static str>) -> Read<'a> {
        Read {
            profile,
            accepted: false,
            error,
            scheme: None,
            userinfo: None,
            host: None,
            port: None,
            path: None,
        }
    }

    fn owned(self) -> Reading {
        let own = |v: Option<Cow<'_, str>>| v.map(Cow::into_owned);
        Reading {
            profile: self.profile,
            accepted: self.accepted,
            error: self.error,
            scheme: own(self.scheme),
            userinfo: own(self.userinfo),
            host: own(self.host),
            port: own(self.port),
            path: own(self.path),
        }
    }
}

/// A component the profiles read differently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    /// The component.
    pub component: Component,
    /// Why, as a class.
    pub class: Class,
    /// Each profile's reading of the component, in the order asked (`None`: no such
    /// component, or the profile rejects the input).
    #[serde(serialize_with = "readings_map")]
    pub readings: Vec<(Profile, Option<String>)>,
    /// Why, in a sentence: the class's description and what each profile does (holds
    /// input text: escape it before a terminal).
    pub why: String,
}

fn readings_map<S: serde::Serializer>(
    v: &[(Profile, Option<String>)],
    s: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(Some(v.len()))?;
    for (p, r) in v {
        m.serialize_entry(p.name(), r)?;
    }
    m.end()
}

/// The input under every profile asked for, and where the readings part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Agreement {
    /// Each profile's reading, in the order asked.
    pub readings: Vec<Reading>,
    /// The components read differently, in [`Component::ALL`]'s order.
    pub disagreements: Vec<Disagreement>,
}

impl Agreement {
    /// True when every profile reads every security part the same (every profile
    /// rejecting the input is agreement too).
    pub fn agree(&self) -> bool {
        self.disagreements.is_empty()
    }
    /// The first disagreement (the host's when the host is read differently).
    pub fn first(&self) -> Option<&Disagreement> {
        self.disagreements.first()
    }

    /// The agreement with each reading longer than `max` characters cut to its first
    /// `max` and `…`: for a report people read (`explain --standards`), whose size must
    /// not grow with a long path several times over.
    pub fn abridged(mut self, max: usize) -> Agreement {
        let cut = |v: &mut Option<String>| {
            if let Some(s) = v
                && let Cow::Owned(short) = abridge(s, max)
            {
                *s = short;
            }
        };
        for r in &mut self.readings {
            for v in [
                &mut r.scheme,
                &mut r.userinfo,
                &mut r.host,
                &mut r.port,
                &mut r.path,
            ] {
                cut(v);
            }
        }
        for d in &mut self.disagreements {
            for (_, v) in &mut d.readings {
                cut(v);
            }
        }
        self
    }
}

/// The longest input read under each profile, in bytes: longer inputs are read as
/// rejected by every profile (so they agree) with the code `line-too-long`, so that the
/// work stays bounded as batch checking's (the same limit as [`super::FULL_PARSE_LIMIT`]).
pub const MAX_INPUT: usize = super::FULL_PARSE_LIMIT;

/// Reads `input` under each of `profiles` and compares the readings. Never panics.
pub fn agree(input: &str, profiles: &[Profile]) -> Agreement {
    agree_with(input, profiles, true)
}

/// [`agree`], with each disagreement's `why` written only when `why` is true (else it is
/// empty): a batch check that prints no `why` (text output, `--quiet`) does not pay for it.
pub fn agree_with(input: &str, profiles: &[Profile], why: bool) -> Agreement {
    let reads: Vec<Read<'_>> = profiles
        .iter()
        .map(|&p| read_as(input, p, how(input, p)))
        .collect();
    let disagreements = compare(input, &reads, why);
    Agreement {
        readings: reads.into_iter().map(Read::owned).collect(),
        disagreements,
    }
}

/// What a batch check needs of a line's agreement (`check --agree`'s text output and
/// `--quiet`, the Arrow kernel): the first disagreement and the first profile's verdict,
/// which [`agree`] gives as `first()` and `readings[0]`, for none of its strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The first disagreement's component and class ([`Agreement::first`]); `None` when
    /// the profiles agree.
    pub first: Option<(Component, Class)>,
    /// The first profile's reading: the profile, whether it accepts the input, and the
    /// code of the error that made it reject it ([`Reading::accepted`], [`Reading::error`]).
    pub lead: Option<(Profile, bool, Option<&'static str>)>,
}

impl Summary {
    /// True when every profile reads every security part the same.
    pub fn agree(&self) -> bool {
        self.first.is_none()
    }
}

/// [`agree`]'s first disagreement and first reading ([`Summary`]), the same answer, with no
/// string of a reading copied: the readings borrow the input where they are its text
/// (`Read`), nothing is kept past the comparison, and a plain line ([`plain_agreement`])
/// is known to agree from its bytes. Never panics.
pub fn summary(input: &str, profiles: &[Profile]) -> Summary {
    if plain_agreement(input, profiles) {
        return Summary {
            first: None,
            lead: profiles.first().map(|&p| (p, true, None)),
        };
    }
    // A profile other than the first whose grammar is RFC 3986's generic syntax rejects an
    // input with a control character, a space or a `\` (§2 allows none of them, nor does
    // RFC 3987's `ucschar`), and where the input holds what `classify`'s first two rules
    // name (whitespace the URL Standard strips, a `\` before the query), those rules
    // decide any disagreement's class before an error code is looked at: its tree is not
    // needed, only that it rejects (`tests/agree.rs` checks the summary against [`agree`]).
    let rules = (stripped_whitespace(input), backslash_before_query(input));
    let dirty = rules.0 || rules.1;
    let at = |i: usize, p: Profile| match how(input, p) {
        How::Verdict if dirty && i > 0 => How::Reject(None),
        h => h,
    };
    let judge = |reads: &[Read<'_>]| Summary {
        first: first_disagreement(input, reads, rules),
        lead: reads.first().map(|r| (r.profile, r.accepted, r.error)),
    };
    // The readings of up to four profiles in an array built in place (a `Read` is some 150
    // bytes: no slot is written twice); more go to the heap.
    let read = |p: &Profile, i: usize| read_as(input, *p, at(i, *p));
    match profiles {
        [a, b] => judge(&[read(a, 0), read(b, 1)]),
        [a, b, c] => judge(&[read(a, 0), read(b, 1), read(c, 2)]),
        [a, b, c, d] => judge(&[read(a, 0), read(b, 1), read(c, 2), read(d, 3)]),
        _ => judge(
            &profiles
                .iter()
                .enumerate()
                .map(|(i, p)| read(p, i))
                .collect::<Vec<_>>(),
        ),
    }
}

/// True when every profile of `profiles` accepts `input` and reads each security part of it
/// alike, known from its bytes alone, with no reading built and no parser run: the common
/// line of a batch check (`check --agree` reads a million of them, and this is what keeps
/// it within 3x of `check --profile whatwg`, BENCHMARKS.md). `input` must be a plain
/// special URL (`plain_url`, which is also a URI of RFC 3986's grammar) and each profile
/// the URL Standard's (a URL record) or one of RFC 3986's generic syntax
/// (`Offers::generic_split`: its grammar accepts every URI, and Appendix B's split reads
/// it); any other line, or profile, answers false, and [`agree`] decides. When this is
/// true, [`agree`] gives every profile accepting and no disagreement (`tests/agree.rs`
/// checks it on every line of the corpora).
pub fn plain_agreement(input: &str, profiles: &[Profile]) -> bool {
    input.len() <= MAX_INPUT
        && plain_url(input.as_bytes())
        && profiles.iter().all(|&p| {
            let o = p.offers();
            (o.setters || o.generic_split) && specs::applicable(p, input)
        })
}

/// How a profile reads an input ([`how`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    /// It rejects it before any parse (too long, or not of its kind), with this code.
    Reject(Option<&'static str>),
    /// From the parts of the URL Standard's record ([`whatwg::parts`]: the fast path's,
    /// else the state machine's record).
    Record,
    /// From RFC 3986 Appendix B's split of what the quick recognizer vouches for.
    Split,
    /// A generic-syntax profile whose quick recognizer cannot tell: the grammar's verdict
    /// (its first-error mode where it has one, which writes no message and builds no
    /// tree), then Appendix B's split of an input it accepts.
    Verdict,
    /// From the profile's verdict tree.
    Tree,
}

/// How `profile` reads `input`: the record of a profile whose parser makes one; for a
/// generic-syntax profile, Appendix B's split where its quick recognizer vouches for the
/// input, its error where the recognizer names one, else its grammar's verdict; the tree
/// for any other profile.
fn how(input: &str, profile: Profile) -> How {
    if input.len() > MAX_INPUT {
        return How::Reject(Some(super::Code::LineTooLong.as_str()));
    }
    if !specs::applicable(profile, input) {
        return How::Reject(None);
    }
    let offers = profile.offers();
    if offers.setters {
        return How::Record;
    }
    if offers.generic_split
        && let Some(q) = profile.descriptor().quick
    {
        return match q(input.as_bytes()) {
            Quick::Valid => How::Split,
            // The recognizer names the grammar's first error (`check` takes it so).
            Quick::Invalid(code) => How::Reject(Some(code)),
            Quick::Unknown => How::Verdict,
        };
    }
    How::Tree
}

/// A URL whose components the URL Standard's record holds as written (but for the case of
/// its scheme and host, which both readings lower-case) and RFC 3986's generic syntax
/// reads (after its §6.2.2 and §6.2.3 normalization) as the same text: a special scheme
/// other than `file` (`http`, `https`, `ws`, `wss`, `ftp`, in any case), then `//`; an
/// optional userinfo of unreserved characters with at most one `:` and something before
/// it (nothing the URL Standard percent-encodes, no triplet); a non-empty host of ASCII
/// letters (the URL Standard's domain-to-ASCII lower-cases them, RFC 3986 §6.2.2.1 too),
/// digits, `-` and `.` whose last non-empty label starts with a letter (so the URL
/// Standard's IPv4 parser does not take it, §3.5 "ends in a number"), or an IPv4 address
/// in RFC 3986's dotted-decimal form, and with no `xn--` label in any case (which
/// domain-to-ASCII decodes and checks); an optional port of at most five digits no greater
/// than 65535; a path of RFC 3986's `pchar`s and `/` with no `%` (nothing to decode or
/// encode) and no `.` or `..` segment (nothing to remove); then a query and a fragment as
/// RFC 3986 §3.4 and §3.5 write them (`pchar`s, `/`, `?` and well-formed triplets: parts
/// no reading holds, checked so that the line is a URI of RFC 3986's grammar). Its host
/// goes through domain-to-ASCII lower-cased and otherwise unchanged (UTS #46 maps no other
/// such character, and the URL Standard does not check hyphens), its port reads as the
/// same number under both (the scheme's default is none), and its empty path is `/` under
/// both. One pass over the bytes, with a table of the bytes each part allows (every line
/// of a batch check comes through here).
fn plain_url(b: &[u8]) -> bool {
    let Some(colon) = b.iter().take(6).position(|&c| c == b':') else {
        return false;
    };
    let scheme = &b[..colon];
    if ![&b"http"[..], b"https", b"ws", b"wss", b"ftp"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
    {
        return false;
    }
    let Some(rest) = b[colon + 1..].strip_prefix(b"//") else {
        return false;
    };
    match plain_authority(rest) {
        Some(end) => plain_path_query(&rest[end..]),
        None => false,
    }
}

/// The end of the plain authority at the start of `a` ([`plain_url`]'s rules), `None` when
/// it is not one. The common authority (`host [ ":" port ]`) in one pass, each byte looked
/// up once; an `@` sends it to [`plain_userinfo_authority`].
fn plain_authority(a: &[u8]) -> Option<usize> {
    // The host's bytes: a letter, digit or `-` (no label starting `xn--`), or a `.`; the
    // first byte of the last non-empty label.
    let mut i = 0;
    let mut label_start = true;
    let mut last_first = 0u8;
    while let Some(&c) = a.get(i) {
        if PLAIN[usize::from(c)] & HOST != 0 {
            if label_start {
                if a.get(i..i + 4)
                    .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
                {
                    return None;
                }
                last_first = c;
                label_start = false;
            }
        } else if c == b'.' {
            label_start = true;
        } else {
            break;
        }
        i += 1;
    }
    let host = &a[..i];
    let mut end = i;
    let mut port = None;
    if a.get(i) == Some(&b':') {
        end = i + 1;
        while a.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        port = Some(&a[i + 1..end]);
    }
    if !matches!(a.get(end), None | Some(b'/' | b'?' | b'#')) {
        return plain_userinfo_authority(a);
    }
    plain_host_port(host, last_first, port).then_some(end)
}

/// [`plain_url`]'s host (its last non-empty label starts with a letter, or it is an IPv4
/// address in dotted-decimal) and port (at most five digits, no greater than 65535).
fn plain_host_port(host: &[u8], last_first: u8, port: Option<&[u8]>) -> bool {
    (last_first.is_ascii_alphabetic() || canonical_ipv4(host))
        && port.is_none_or(|p| {
            p.len() <= 5
                && p.iter().all(u8::is_ascii_digit)
                && p.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) <= 65535
        })
}

/// [`plain_authority`] with a userinfo: an optional userinfo of unreserved characters with at
/// most one `:` and something before it, up to the first `@`; then the host and port.
fn plain_userinfo_authority(a: &[u8]) -> Option<usize> {
    let end = a
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(a.len());
    let authority = &a[..end];
    let at = authority.iter().position(|&c| c == b'@')?;
    let userinfo = &authority[..at];
    let mut colons = 0;
    for &c in userinfo {
        colons += usize::from(c == b':');
        if c != b':' && PLAIN[usize::from(c)] & UNRESERVED == 0 {
            return None;
        }
    }
    if userinfo.first().is_none_or(|&c| c == b':') || colons > 1 {
        return None;
    }
    let hostport = &authority[at + 1..];
    let (host, port) = match hostport.iter().position(|&c| c == b':') {
        Some(k) => (&hostport[..k], Some(&hostport[k + 1..])),
        None => (hostport, None),
    };
    let mut last_first = 0u8;
    let mut label_start = true;
    for (i, &c) in host.iter().enumerate() {
        if c == b'.' {
            label_start = true;
            continue;
        }
        if PLAIN[usize::from(c)] & HOST == 0 {
            return None;
        }
        if label_start {
            if host[i..]
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
            {
                return None;
            }
            last_first = c;
            label_start = false;
        }
    }
    plain_host_port(host, last_first, port).then_some(end)
}

/// [`plain_url`]'s path, query and fragment (`t` starts at the authority's end): a path of
/// `pchar`s but `%` and `/` with no `.` or `..` segment, then a query and a fragment of
/// `pchar`s, `/`, `?` and well-formed triplets (RFC 3986 §3.4, §3.5), one `#`.
fn plain_path_query(t: &[u8]) -> bool {
    // Every segment follows a `/` (the path is `path-abempty`): a dot segment is a `/` then
    // `.` or `..`, then a `/`, `?`, `#` or the end.
    let ends_segment = |k: usize| matches!(t.get(k), None | Some(b'/' | b'?' | b'#'));
    let mut k = 0;
    while let Some(&c) = t.get(k) {
        if PLAIN[usize::from(c)] & PATH == 0 {
            if matches!(c, b'?' | b'#') {
                break;
            }
            return false;
        }
        if c == b'/'
            && t.get(k + 1) == Some(&b'.')
            && (ends_segment(k + 2) || (t.get(k + 2) == Some(&b'.') && ends_segment(k + 3)))
        {
            return false;
        }
        k += 1;
    }
    let mut fragment = false;
    while let Some(&c) = t.get(k) {
        k += 1;
        if PLAIN[usize::from(c)] & QUERY != 0 {
            continue;
        }
        match c {
            b'#' if !fragment => fragment = true,
            b'%' if t
                .get(k..k + 2)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) =>
            {
                k += 2
            }
            _ => return false,
        }
    }
    true
}

/// [`PLAIN`]'s bit for RFC 3986's `unreserved` (§2.3).
const UNRESERVED: u8 = 1;
/// [`PLAIN`]'s bit for a `pchar` that is not `%` (§3.3), and `/`.
const PATH: u8 = 2;
/// [`PLAIN`]'s bit for what a query or fragment holds but `%` (§3.4, §3.5): [`PATH`]'s and
/// `?`.
const QUERY: u8 = 4;
/// [`PLAIN`]'s bit for a plain host's bytes but `.`: ASCII letters, digits and `-`.
const HOST: u8 = 8;

/// The bytes [`plain_url`]'s parts allow.
static PLAIN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() || b == b'-' {
            t[c] = UNRESERVED | PATH | QUERY | HOST;
        } else if matches!(b, b'.' | b'_' | b'~') {
            t[c] = UNRESERVED | PATH | QUERY;
        } else if b == b'?' {
            t[c] = QUERY;
        } else if matches!(
            b,
            b'/' | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b':'
                | b'@'
        ) {
            t[c] = PATH | QUERY;
        }
        c += 1;
    }
    t
};

/// The reading of `input` under `profile`.
pub fn read(input: &str, profile: Profile) -> Reading {
    read_as(input, profile, how(input, profile)).owned()
}

/// The reading of `input` under `profile`, the way [`how`] says.
fn read_as(input: &str, profile: Profile, how: How) -> Read<'_> {
    match how {
        How::Reject(code) => Read::rejected(profile, code),
        How::Record => match whatwg::parts(input) {
            Ok(parts) => from_url(profile, parts),
            Err(code) => Read::rejected(profile, Some(code.as_str())),
        },
        How::Split => from_parts(profile, split_generic(input)),
        // The first-error mode's verdict, with no tree and no message: an input the
        // grammar accepts is a well-formed reference, whose components Appendix B's split
        // reads as the tree has them (`tests/agree.rs` checks it on the corpora).
        How::Verdict => match specs::first_error_under(profile, input, false) {
            Some(None) => from_parts(profile, split_generic(input)),
            Some(Some(e)) => Read::rejected(profile, Some(e.code.as_str())),
            None => tree_read(profile, &profile.descriptor(), input),
        },
        How::Tree => tree_read(profile, &profile.descriptor(), input),
    }
}

/// The reading from the profile's verdict tree (what [`read`] does for any profile without
/// a URL record, but for the generic syntax's shortcut).
pub fn read_tree(profile: Profile, spec: &Descriptor, input: &str) -> Reading {
    tree_read(profile, spec, input).owned()
}

fn tree_read<'a>(profile: Profile, spec: &Descriptor, input: &'a str) -> Read<'a> {
    let (tree, diags) = spec.grammar.parse_verdict(input);
    match diags.iter().find(|d| d.severity == Severity::Error) {
        Some(e) => Read::rejected(profile, Some(e.code.as_str())),
        None => from_tree(profile, input, &tree),
    }
}

// A profile whose grammar is RFC 3986's generic syntax (§3), as its descriptor shows it
// ([`super::specs::Offers::generic_split`]: a URI-family grammar whose host is
// `IPv4address / reg-name`, whose references resolve by §5.2 with generic paths, and
// which has a quick recognizer) reads an input its quick recognizer vouches for by RFC
// 3986 Appendix B's split ([`split_generic`]): the same components its tree has
// (`tests/agree.rs` checks the two ways agree on every line of the corpora), for a
// fraction of a tree's cost: `check --agree` reads every line under every profile. RFC
// 2396's grammar (whose `reg_name` is no host) is not one of them.

/// The components of a well-formed URI reference (RFC 3986 Appendix B's
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`), the authority split as §3.2
/// has it for a well-formed one: the userinfo before its one `@`, an IP literal in
/// brackets, a port after the host's last `:`.
struct Parts<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
}

fn split_generic(input: &str) -> Parts<'_> {
    // Every offset below is an ASCII delimiter's, so every slice is on character
    // boundaries; the searches are byte loops (the parts are short).
    let end = input
        .bytes()
        .position(|b| b == b'?' || b == b'#')
        .unwrap_or(input.len());
    let head = &input[..end];
    let (scheme, rest) = match head.bytes().position(|c| c == b':' || c == b'/') {
        Some(k) if head.as_bytes()[k] == b':' && k > 0 => (Some(&head[..k]), &head[k + 1..]),
        _ => (None, head),
    };
    let mut p = Parts {
        scheme,
        userinfo: None,
        host: None,
        port: None,
        path: rest,
    };
    if let Some(after) = rest.strip_prefix("//") {
        let a_end = after.bytes().position(|c| c == b'/').unwrap_or(after.len());
        let (authority, path) = after.split_at(a_end);
        p.path = path;
        let hostport = match authority.bytes().position(|c| c == b'@') {
            Some(k) => {
                p.userinfo = Some(&authority[..k]);
                &authority[k + 1..]
            }
            None => authority,
        };
        let hb = hostport.as_bytes();
        let colon = if hb.first() == Some(&b'[') {
            hb.iter()
                .position(|&c| c == b']')
                .and_then(|k| hb[k..].iter().position(|&c| c == b':').map(|c| k + c))
        } else {
            hb.iter().rposition(|&c| c == b':')
        };
        match colon {
            Some(c) => {
                p.host = Some(&hostport[..c]);
                p.port = Some(&hostport[c + 1..]);
            }
            None => p.host = Some(hostport),
        }
    }
    p
}

/// The reading of the components of a generic-syntax reference, normalized as
/// [`from_tree`] normalizes a tree's.
fn from_parts<'a>(profile: Profile, p: Parts<'a>) -> Read<'a> {
    let scheme = p.scheme.map(lower);
    let s = scheme.as_deref().unwrap_or("");
    let path = rfc_path(p.path, p.host.is_some(), s);
    Read {
        profile,
        accepted: true,
        error: None,
        port: p.port.and_then(|t| effective_port(t, s)),
        userinfo: p
            .userinfo
            .filter(|u| !u.is_empty())
            .map(|u| normalize_pct(u, false)),
        host: p.host.map(|h| normalize_pct(h, true)),
        path: Some(path),
        scheme,
    }
}

/// `s` lower-cased, borrowed when it has no upper-case letter.
fn lower(s: &str) -> Cow<'_, str> {
    if any_byte(s.as_bytes(), |c| c.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// An RFC's path as the readings compare it: its percent-encoding normalized and its dot
/// segments removed (§6.2.2), `/` for an empty path after an authority of a scheme whose
/// empty path means `/` (§6.2.3).
fn rfc_path<'a>(text: &'a str, authority: bool, scheme: &str) -> Cow<'a, str> {
    let path = normalize_pct(text, false);
    let path = if path.starts_with('/') && has_dot_segment(&path) {
        Cow::Owned(super::path::remove_dot_segments(&path))
    } else {
        path
    };
    if authority && path.is_empty() && whatwg::is_special(scheme) {
        // RFC 3986 §6.2.3: an empty path after an authority is "/" for http (and the
        // other schemes whose empty path the URL Standard serializes as "/").
        Cow::Borrowed("/")
    } else {
        path
    }
}

/// The reading of a URL record's parts (URL Standard §4.1, as the serializer writes them,
/// [`whatwg::Parts`]): borrowed from the input where the fast path read them, the record's
/// strings moved where the state machine did. An empty userinfo is none.
fn from_url(profile: Profile, url: whatwg::Parts<'_>) -> Read<'_> {
    Read {
        profile,
        accepted: true,
        error: None,
        scheme: Some(url.scheme),
        userinfo: (!url.userinfo.is_empty()).then_some(url.userinfo),
        host: url.host,
        port: url
            .port
            .map(|p| Cow::Owned(itoa::Buffer::new().format(p).to_string())),
        path: Some(url.path),
    }
}

/// The reading of an RFC profile's tree: its own components, normalized as RFC 3986
/// §6.2.2 and §6.2.3 allow.
fn from_tree<'a>(profile: Profile, input: &'a str, tree: &Tree) -> Read<'a> {
    let root = tree.root();
    let mut r = Read::rejected(profile, None);
    r.accepted = true;
    let mut authority = false;
    let mut raw_port = None;
    let mut raw_path = None;
    for n in root.children() {
        match n.kind() {
            NodeKind::Scheme if r.scheme.is_none() => {
                r.scheme = Some(lower(n.text(input)));
            }
            NodeKind::Authority if !authority => {
                authority = true;
                for c in n.children() {
                    match c.kind() {
                        NodeKind::Userinfo if r.userinfo.is_none() => {
                            let t = c.text(input);
                            r.userinfo = (!t.is_empty()).then(|| normalize_pct(t, false));
                        }
                        // RFC 2396's registry-based authority (`reg_name`, §3.2.1) has no
                        // host: `java.net.URI` answers null for it. Its grammar names the
                        // node `reg_name` (RFC 3986's `reg-name` is a host).
                        NodeKind::Host if r.host.is_none() && !reg_name(n) && !reg_name(c) => {
                            r.host = Some(normalize_pct(c.text(input), true));
                        }
                        NodeKind::Port if raw_port.is_none() => raw_port = Some(c.text(input)),
                        _ => {}
                    }
                }
            }
            NodeKind::Path if raw_path.is_none() => raw_path = Some(n.text(input)),
            _ => {}
        }
    }
    let scheme = r.scheme.as_deref().unwrap_or("");
    r.port = raw_port.and_then(|p| effective_port(p, scheme));
    // RFC 3986 §3.3: "A path is always defined for a URI, though the defined path may be
    // empty" (a tree with no path node, as `foo:`'s, has the empty path).
    r.path = Some(rfc_path(raw_path.unwrap_or(""), authority, scheme));
    r
}

/// True when `path` has a `.` or `..` segment ([`super::path::remove_dot_segments`] leaves
/// any other path as it is).
fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    any_byte(b, |c| c == b'.') && b.split(|&c| c == b'/').any(|s| s == b"." || s == b"..")
}

/// True for a node of RFC 2396's `reg_name` rule (a registry-based authority).
fn reg_name(n: super::Node<'_>) -> bool {
    n.rule() == "reg_name"
}

/// The effective port of an RFC's port text under `scheme`: `None` for an empty port
/// and for the scheme's default port (RFC 3986 §6.2.3; the defaults are the URL
/// Standard's special schemes', which are the schemes' own specs': RFC 9110 §4.2 for
/// http and https, RFC 6455 §3 for ws and wss, RFC 1738 §3.2 for ftp); else the number
/// without leading zeros.
fn effective_port<'a>(text: &'a str, scheme: &str) -> Option<Cow<'a, str>> {
    let digits = text.trim_start_matches('0');
    if text.is_empty() {
        return None;
    }
    if digits.len() <= 5
        && let Ok(n) = digits
            .parse::<u32>()
            .or(if digits.is_empty() { Ok(0) } else { Err(()) })
    {
        if u16::try_from(n).ok() == whatwg::default_port(scheme) && n <= 65535 {
            return None;
        }
        // The number without leading zeros: the digits as written when they are all
        // digits (`parse` also takes a leading `+`).
        if digits.bytes().all(|b| b.is_ascii_digit()) {
            return Some(Cow::Borrowed(if digits.is_empty() { "0" } else { digits }));
        }
        return Some(Cow::Owned(n.to_string()));
    }
    Some(Cow::Borrowed(if digits.is_empty() { "0" } else { digits }))
}

/// RFC 3986 §6.2.2: the hex digits of every triplet in upper case, the triplets of
/// unreserved characters decoded (§6.2.2.2); with `fold`, the rest lower-cased (the host
/// is case-insensitive, §3.2.2 and §6.2.2.1).
fn normalize_pct(s: &str, fold: bool) -> Cow<'_, str> {
    let b = s.as_bytes();
    // The common text: no triplet, nothing to fold.
    let upper = fold && any_byte(b, |c| c.is_ascii_uppercase());
    if !upper && !any_byte(b, |c| c == b'%') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if let Some(v) = pct::triplet_at(b, i) {
            let run = &s[last..i];
            push_folded(&mut out, run, fold);
            if v.is_ascii_alphanumeric() || matches!(v, b'-' | b'.' | b'_' | b'~') {
                out.push(if fold { v.to_ascii_lowercase() } else { v } as char);
            } else {
                pct::push_encoded(&mut out, v);
            }
            i += 3;
            last = i;
        } else {
            i += 1;
        }
    }
    push_folded(&mut out, &s[last..], fold);
    Cow::Owned(out)
}

fn push_folded(out: &mut String, s: &str, fold: bool) {
    if fold {
        out.extend(s.chars().map(|c| c.to_ascii_lowercase()));
    } else {
        out.push_str(s);
    }
}

/// How a component's readings are compared: two readings are the same when this gives
/// the same text. The userinfo is percent-decoded (the URL Standard encodes `;` and `=`
/// in it, which RFC 3986 writes as they are: the same credentials), an empty password
/// dropped; a host compares with its ASCII case folded (a non-special URL's opaque host
/// keeps its case in the URL Standard) and an IPv6 literal by its address; a path with
/// non-ASCII characters percent-encoded (RFC 3987 §3.1 maps them so) and its triplets
/// normalized.
fn same(c: Component, v: Option<&str>) -> Option<Cow<'_, str>> {
    let v = v?;
    Some(match c {
        Component::Userinfo if !v.contains('%') => Cow::Borrowed(v.strip_suffix(':').unwrap_or(v)),
        Component::Userinfo => {
            let d = pct::decode_lossy(v);
            Cow::Owned(d.strip_suffix(':').map(str::to_string).unwrap_or(d))
        }
        Component::Host => {
            if let Some(inner) = v.strip_prefix('[').and_then(|h| h.strip_suffix(']'))
                && let Ok(a) = inner.parse::<Ipv6Addr>()
            {
                return Some(Cow::Owned(format!("[{a}]")));
            }
            if any_byte(v.as_bytes(), |c| c.is_ascii_uppercase()) {
                Cow::Owned(v.to_ascii_lowercase())
            } else {
                Cow::Borrowed(v)
            }
        }
        Component::Path if !v.is_ascii() || v.contains('%') => {
            let mut enc = String::with_capacity(v.len());
            for ch in v.chars() {
                if ch.is_ascii() {
                    enc.push(ch);
                } else {
                    pct::push_encoded_char(&mut enc, ch);
                }
            }
            Cow::Owned(normalize_pct(&enc, false).into_owned())
        }
        _ => Cow::Borrowed(v),
    })
}

/// The components whose readings differ, each classified.
fn compare(input: &str, readings: &[Read<'_>], with_why: bool) -> Vec<Disagreement> {
    let mut out = Vec::new();
    if readings.len() < 2 {
        return out;
    }
    // What the classes look at in the input, worked out at the first disagreement only.
    let mut facts: Option<Facts<'_>> = None;
    let any_rejected = readings.iter().any(|r| !r.accepted);
    // When a profile rejects the input, every component it reads as null differs for the
    // same reason: the first disagreement's class (the host's, when the host differs)
    // stands for all of them.
    let mut shared: Option<Class> = None;
    for c in Component::ALL {
        if alike(c, readings) {
            continue;
        }
        let class = match shared {
            Some(k) => k,
            None => {
                let k = classify(facts.get_or_insert_with(|| Facts::of(input)), c, readings);
                if any_rejected {
                    shared = Some(k);
                }
                k
            }
        };
        out.push(Disagreement {
            component: c,
            class,
            readings: readings
                .iter()
                .map(|r| (r.profile, r.get(c).map(str::to_string)))
                .collect(),
            why: if with_why {
                why(class, c, readings)
            } else {
                String::new()
            },
        });
    }
    out
}

/// True when every reading of component `c` is the same ([`same`]).
fn alike(c: Component, readings: &[Read<'_>]) -> bool {
    let Some((head, rest)) = readings.split_first() else {
        return true;
    };
    // The common case: the same text (`same` is a function of it).
    let raw = head.get(c);
    if rest.iter().all(|r| r.get(c) == raw) {
        return true;
    }
    let first = same(c, raw);
    rest.iter().all(|r| same(c, r.get(c)) == first)
}

/// [`classify`]'s first rule: the input holds a tab, LF or CR, or starts or ends with a C0
/// control or a space (a character no greater than U+0020 is one byte in UTF-8).
fn stripped_whitespace(input: &str) -> bool {
    let b = input.as_bytes();
    b.first().is_some_and(|&c| c <= b' ')
        || b.last().is_some_and(|&c| c <= b' ')
        || any_byte(b, |c| matches!(c, b'\t' | b'\n' | b'\r'))
}

/// [`classify`]'s second rule: a `\` before the query or fragment.
fn backslash_before_query(input: &str) -> bool {
    let b = input.as_bytes();
    any_byte(b, |c| c == b'\\')
        && memchr::memchr(b'\\', b).is_some_and(|k| memchr::memchr2(b'?', b'#', &b[..k]).is_none())
}

/// True when some byte of `b` is one `is` holds: every byte looked at, with no branch a
/// byte (the compiler vectorizes the fold). The readings' texts are short and mostly hold
/// no such byte, where this costs a few instructions and no mispredicted branch, which
/// `memchr`'s setup for short texts and an early-exit loop do cost (BENCHMARKS.md).
#[inline]
fn any_byte(b: &[u8], is: impl Fn(u8) -> bool) -> bool {
    b.iter().fold(false, |found, &c| found | is(c))
}

/// The first disagreement's component and class: [`compare`]'s first, building none.
/// `rules`: the answers of `classify`'s first two rules, which the caller knows.
fn first_disagreement(
    input: &str,
    readings: &[Read<'_>],
    (whitespace, backslash): (bool, bool),
) -> Option<(Component, Class)> {
    if readings.len() < 2 {
        return None;
    }
    let c = Component::ALL.into_iter().find(|&c| !alike(c, readings))?;
    // `classify`'s first two rules, which need no other fact.
    let class = if whitespace {
        Class::Whitespace
    } else if backslash {
        Class::Backslash
    } else {
        classify(&Facts::with(input, whitespace, backslash), c, readings)
    };
    Some((c, class))
}

/// What [`classify`] looks at in the input's bytes.
struct Facts<'a> {
    input: &'a str,
    /// [`stripped_whitespace`] of the input (`classify`'s first rule).
    whitespace: bool,
    /// [`backslash_before_query`] of the input (its second).
    backslash: bool,
    /// The scheme as RFC 3986 §3.1 spells it (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    /// before the first `:`), lower-cased; `None` when the input starts with none (after
    /// the whitespace the URL Standard strips).
    scheme: Option<Cow<'a, str>>,
    /// What follows the scheme's `:`.
    after_scheme: &'a str,
    /// The authority's text as the URL Standard's special-URL reading would find it: after
    /// the slashes (and backslashes) that follow the scheme, up to the first `/`, `\`, `?`
    /// or `#`.
    authority: &'a str,
}

impl<'a> Facts<'a> {
    fn of(input: &'a str) -> Facts<'a> {
        Facts::with(
            input,
            stripped_whitespace(input),
            backslash_before_query(input),
        )
    }

    /// The facts, given the first two rules' answers. Byte loops: every offset is an ASCII
    /// byte's (a character no greater than U+0020 is one byte in UTF-8), so every slice is
    /// on character boundaries.
    fn with(input: &'a str, whitespace: bool, backslash: bool) -> Facts<'a> {
        let b = input.as_bytes();
        let lead = b.iter().position(|&c| c > b' ').unwrap_or(b.len());
        let tail = b.iter().rposition(|&c| c > b' ').map_or(lead, |k| k + 1);
        let trimmed = &input[lead..tail.max(lead)];
        let tb = trimmed.as_bytes();
        let colon = tb.iter().position(|&c| c == b':');
        let scheme = colon.and_then(|k| {
            let s = &tb[..k];
            (s.first().is_some_and(u8::is_ascii_alphabetic)
                && s.iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            .then(|| lower(&trimmed[..k]))
        });
        let after_scheme = match (scheme.as_ref(), colon) {
            (Some(_), Some(k)) => &trimmed[k + 1..],
            _ => trimmed,
        };
        let ab = after_scheme.as_bytes();
        let start = ab
            .iter()
            .position(|&c| c != b'/' && c != b'\\')
            .unwrap_or(ab.len());
        let rest = &ab[start..];
        let end = rest
            .iter()
            .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
            .unwrap_or(rest.len());
        Facts {
            input,
            whitespace,
            backslash,
            scheme,
            after_scheme,
            authority: &after_scheme[start..start + end],
        }
    }
}

/// The class of a disagreement on component `c`. The rules are tried in this order; the
/// first that holds decides:
///
/// 1. `whitespace`: the input holds a tab, LF or CR, or starts or ends with a C0 control
///    or space (what the URL Standard removes before it parses);
/// 2. `backslash`: a `\` before the query or fragment;
/// 3. `scheme`: the input starts with no scheme (RFC 3986 §3.1's syntax), or the
///    profiles read different schemes;
/// 4. `slashes`: a special scheme (the URL Standard's list) followed by other than
///    exactly `//` and a non-slash;
/// 5. `userinfo`: the authority holds more than one `@`, or the userinfo is what differs;
/// 6. `percent-encoded`: the authority holds a `%` (a host or userinfo differs), or the
///    differing path does;
/// 7. `ipv4-form`: a profile rejects the input in its IPv4 parser (an `ipv4-*` code), or
///    one profile's host is an IPv4 address in dotted-decimal and the input's host text is
///    not that address as written;
/// 8. `idna`: a profile rejects the input in its domain-to-ASCII step, or the input's
///    authority holds a non-ASCII character, or one profile's host holds an `xn--` label
///    the input does not;
/// 9. `percent-encoded` too: a profile rejects the input, another accepts it, and the
///    input holds bytes the URL Standard percent-encodes (non-ASCII text, a space, `"`,
///    `<`, `>`, `` ` ``, `{`, `}`, `|`, `^`) where RFC 3986 §2 allows none, or a stray `%`
///    (one not followed by two hex digits), which the URL Standard keeps as it is (§4.4,
///    invalid-URL-unit) and RFC 3986 §2.1 rejects;
/// 10. `reg-name`: one profile accepts an input with an authority and reads no host while
///     another reads one;
/// 11. `scheme-mixup`: the scheme is not special for the URL Standard (it has no parser
///     for it), or is `file`;
/// 12. `other`.
fn classify(f: &Facts<'_>, c: Component, readings: &[Read<'_>]) -> Class {
    let input = f.input;
    if f.whitespace {
        return Class::Whitespace;
    }
    if f.backslash {
        return Class::Backslash;
    }
    let schemes_differ = c == Component::Scheme && readings.iter().all(|r| r.accepted);
    if f.scheme.is_none() || schemes_differ {
        return Class::Scheme;
    }
    let scheme = f.scheme.as_deref().unwrap_or("");
    if whatwg::is_special(scheme) {
        let slashes = f.after_scheme.bytes().take_while(|&b| b == b'/').count();
        if slashes != 2 && !(scheme == "file" && slashes == 3) {
            return Class::Slashes;
        }
    }
    if f.authority.bytes().filter(|&b| b == b'@').nth(1).is_some() || c == Component::Userinfo {
        return Class::Userinfo;
    }
    let authority_part = matches!(c, Component::Host | Component::Userinfo | Component::Port)
        || readings.iter().any(|r| !r.accepted);
    if (authority_part && f.authority.contains('%'))
        || (c == Component::Path && input.contains('%'))
    {
        return Class::PercentEncoded;
    }
    // A profile that fails in its IPv4 parser or its domain-to-ASCII step names the class.
    let errors = || readings.iter().filter_map(|r| r.error);
    if errors().any(|e| e.starts_with("ipv4-")) {
        return Class::Ipv4Form;
    }
    if errors().any(|e| e.contains("domain-to-ascii") || e.contains("idna")) {
        return Class::Idna;
    }
    let ab = f.authority.as_bytes();
    let host_start = ab.iter().rposition(|&b| b == b'@').map_or(0, |k| k + 1);
    let host_end = ab[host_start..]
        .iter()
        .position(|&b| b == b':')
        .map_or(ab.len(), |k| host_start + k);
    let host_text = &f.authority[host_start..host_end];
    let hosts = || readings.iter().filter_map(|r| r.host.as_deref());
    if hosts().any(|h| h.parse::<Ipv4Addr>().is_ok() && h != host_text) {
        return Class::Ipv4Form;
    }
    if !f.authority.is_ascii()
        || hosts().any(|h| h.contains("xn--") && !host_text.to_ascii_lowercase().contains("xn--"))
    {
        return Class::Idna;
    }
    // Bytes the URL Standard percent-encodes where an RFC rejects them (non-ASCII text, a
    // space, `"`, `<`, `>`, `` ` ``, `{`, `}`, `|`, `^`), or a stray `%` it keeps.
    if readings.iter().any(|r| !r.accepted)
        && readings.iter().any(|r| r.accepted)
        && (input.bytes().any(|b| {
            !b.is_ascii()
                || matches!(
                    b,
                    b' ' | b'"' | b'<' | b'>' | b'`' | b'{' | b'}' | b'|' | b'^'
                )
        }) || stray_percent(input))
    {
        return Class::PercentEncoded;
    }
    let has_authority = f.after_scheme.starts_with("//");
    if has_authority
        && readings.iter().any(|r| r.accepted && r.host.is_none())
        && hosts().next().is_some()
    {
        return Class::RegName;
    }
    if !whatwg::is_special(scheme) || scheme == "file" {
        return Class::SchemeMixup;
    }
    Class::Other
}

/// True for an IPv4 address as both readings serialize it: four decimal numbers of at
/// most 255 without leading zeros, separated by dots (RFC 3986's `IPv4address`, and the
/// URL Standard's IPv4 serializer, §3.6, gives it back as written).
fn canonical_ipv4(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&c| c == b'.') {
        parts += 1;
        let ok = match part {
            [d] => d.is_ascii_digit(),
            [b'1'..=b'9', d] => d.is_ascii_digit(),
            [b'1', d, e] => d.is_ascii_digit() && e.is_ascii_digit(),
            [b'2', b'0'..=b'4', e] => e.is_ascii_digit(),
            [b'2', b'5', b'0'..=b'5'] => true,
            _ => false,
        };
        if !ok || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// True when `input` holds a `%` that does not start a percent-encoded triplet (RFC 3986
/// §2.1: `"%" HEXDIG HEXDIG`).
fn stray_percent(input: &str) -> bool {
    let b = input.as_bytes();
    b.iter()
        .enumerate()
        .any(|(i, &c)| c == b'%' && pct::triplet_at(b, i).is_none())
}

/// How many characters of a reading the `why` quotes (the readings hold it whole).
const WHY_VALUE_CHARS: usize = 64;

/// `v`, or its first `max` characters and `…` when it is longer.
fn abridge(v: &str, max: usize) -> Cow<'_, str> {
    match v.char_indices().nth(max) {
        Some((at, _)) => Cow::Owned(format!("{}…", &v[..at])),
        None => Cow::Borrowed(v),
    }
}

/// The `why` of a disagreement: the class's description, then what each profile reads.
fn why(class: Class, c: Component, readings: &[Read<'_>]) -> String {
    let mut s = String::from(class.description());
    s.push_str(". ");
    for (i, r) in readings.iter().enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        s.push_str(r.profile.name());
        match (r.accepted, r.get(c)) {
            (false, _) => {
                s.push_str(" rejects the input");
                if let Some(e) = r.error {
                    s.push_str(" (");
                    s.push_str(e);
                    s.push(')');
                }
            }
            (true, None) => {
                s.push_str(" reads no ");
                s.push_str(c.name());
            }
            (true, Some(v)) => {
                s.push_str(" reads the ");
                s.push_str(c.name());
                s.push_str(" \"");
                s.push_str(&abridge(v, WHY_VALUE_CHARS));
                s.push('"');
            }
        }
    }
    s
}

/// The profiles `explain --standards` and the workbench's standards view compare the
/// security parts under: whatwg, rfc3986, rfc3987, and rfc2396 when idbench has it.
pub fn standards_profiles() -> Vec<Profile> {
    let mut v = vec![Profile::Whatwg, Profile::Rfc3986, Profile::Rfc3987];
    v.extend(Profile::from_name("rfc2396"));
    v
}

/// The profiles named in `list` (`whatwg,rfc3986`), or the message naming the first
/// unknown one. Fewer than two profiles is an error: there is nothing to compare.
pub fn profiles_named(list: &str) -> Result<Vec<Profile>, String> {
    let mut out = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let p: Profile = name.parse()?;
        if !out.contains(&p) {
            out.push(p);
        }
    }
    if out.len() < 2 {
        return Err(format!(
            "--agree needs at least two distinct profiles, separated by commas (as \
             whatwg,rfc3986); got '{list}'"
        ));
    }
    Ok(out)
}
