//! The wording of IP-literal diagnostics, which the URI and XRI grammars share (XRI Syntax
//! 2.0 takes `IP-literal` from RFC 3986 §3.2.2): the typed errors of [`ip`] turned into a
//! code, a span and a message, what the ABNF expected where one stopped, and how a host of
//! numbers and dots relates to `IPv4address`.
//!
//! It lives apart from both grammars so that neither imports the other for it.

use crate::engine::chars;
use crate::engine::codes::Code;
use crate::engine::ip::{self, OctetError, dec_octet};
use crate::engine::tree::{Diagnostic, Span};

/// How a host made of numbers and dots relates to `IPv4address`.
pub(crate) enum Numeric {
    /// Not all numbers and dots: an ordinary reg-name.
    No,
    /// A valid `IPv4address`.
    Ipv4,
    /// Four decimal parts, one of which is not a `dec-octet`: `(start, end, why)` relative
    /// to the host.
    BadOctet(usize, usize, OctetError),
    /// One to four parts in the decimal or `0x` forms that inet_aton() reads (RFC 3986 §7.4).
    Shorthand,
}

pub(crate) fn classify_numeric(host: &[u8]) -> Numeric {
    // Every part, decimal or "0x", starts with a digit: most names are out at the first byte.
    if !host.first().is_some_and(u8::is_ascii_digit) {
        return Numeric::No;
    }
    let (mut labels, mut all_dec, mut off) = (0, true, 0);
    let mut bad = None;
    for label in host.split(|&c| c == b'.') {
        labels += 1;
        let (ls, le) = (off, off + label.len());
        off = le + 1;
        let dec = !label.is_empty() && label.iter().all(u8::is_ascii_digit);
        let hex = label.len() > 2
            && label[0] == b'0'
            && label[1] | 0x20 == b'x'
            && label[2..].iter().all(u8::is_ascii_hexdigit);
        if !(dec || hex) || labels > 4 {
            return Numeric::No;
        }
        all_dec &= dec;
        if dec
            && bad.is_none()
            && let Err(e) = dec_octet(label)
        {
            bad = Some((ls, le, e));
        }
    }
    match (labels == 4 && all_dec, bad) {
        (true, None) => Numeric::Ipv4,
        (true, Some((s, e, why))) => Numeric::BadOctet(s, e, why),
        _ => Numeric::Shorthand,
    }
}

/// An error found in an IP literal: code, span, message.
pub(crate) type LitErr = (Code, Span, String);

/// An IP literal's first error as found, not yet worded: its code and span, and what
/// [`Found::worded`] needs to say what is wrong. A caller that needs only the code (the
/// quick recognizer) never pays for the message.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    pub code: Code,
    pub span: Span,
    why: Why,
}

#[derive(Clone, Copy, Debug)]
enum Why {
    Ipv6(ip::Ipv6ErrorKind),
    Future(ip::IpvFutureErrorKind),
    /// `[]`.
    Empty,
    /// Neither alternative: its content is `span`.
    Neither,
}

/// The first error of `IPv6address` (RFC 3986 §3.2.2) over `s[cs..ce]`, by [`ip::ipv6`].
pub(crate) fn ipv6_found(s: &str, cs: usize, ce: usize) -> Result<(), Found> {
    use ip::Ipv6ErrorKind as K;
    let text = &s.as_bytes()[cs..ce];
    let Err(e) = ip::ipv6(text) else {
        return Ok(());
    };
    let mut span = Span::new(cs + e.start, cs + e.end);
    // A count of groups or an IPv4 part is a token, but the grammar failed at one byte: the
    // span starts there (the "6" of "256", the "]" where an eighth group was expected).
    if matches!(
        e.kind,
        K::Ipv4Octet { .. } | K::Ipv4Parts(_) | K::TooFewGroups(_) | K::TooManyGroups { .. }
    ) && let Some((at, _)) = e.expectation(text)
    {
        let start = cs + at;
        let next = s
            .get(start..)
            .and_then(|t| t.chars().next())
            .map_or(0, char::len_utf8);
        span = Span::new(start, span.end.max(start + next).min(s.len()));
    }
    Err(Found {
        code: ipv6_code(e.kind),
        span,
        why: Why::Ipv6(e.kind),
    })
}

/// The code of an `IPv6address` error of `kind`.
fn ipv6_code(kind: ip::Ipv6ErrorKind) -> Code {
    use ip::Ipv6ErrorKind as K;
    match kind {
        K::LeadingColon | K::TrailingColon | K::TripleColon => Code::Ipv6BadColon,
        K::DoubleColonTwice => Code::Ipv6MultipleDoubleColon,
        K::BadChar => Code::Ipv6BadChar,
        K::Ipv4NotLast | K::Ipv4Octet { .. } | K::Ipv4Parts(_) => Code::Ipv6BadIpv4,
        K::GroupTooLong(_) => Code::Ipv6GroupTooLong,
        K::TooManyGroups { .. } => Code::Ipv6TooManyGroups,
        K::TooFewGroups(_) => Code::Ipv6TooFewGroups,
    }
}

/// Checks `IPv6address` (RFC 3986 §3.2.2) over `s[cs..ce]` with [`ip::ipv6`], and words
/// its typed error as a diagnostic.
pub(crate) fn check_ipv6(s: &str, cs: usize, ce: usize) -> Result<(), LitErr> {
    ipv6_found(s, cs, ce).map_err(|f| f.worded(s, cs))
}

impl Found {
    /// The error as a diagnostic's code, span and message; `cs` is where the literal's
    /// content starts in `s`.
    pub(crate) fn worded(self, s: &str, cs: usize) -> LitErr {
        let msg = match self.why {
            Why::Ipv6(kind) => ipv6_message(s, cs, self.span, kind),
            Why::Future(kind) => ipvfuture_message(s, self.span, kind),
            Why::Empty => "'[]' holds no address; write an IPv6 address or an IPvFuture literal \
                           between the brackets, or drop them"
                .to_string(),
            Why::Neither => {
                let (cs, ce) = (self.span.start, self.span.end);
                let inner = s.get(cs..ce).unwrap_or_default();
                let content = s.as_bytes().get(cs..ce).unwrap_or_default();
                if let Numeric::Ipv4 = classify_numeric(content) {
                    format!("an IPv4 address is written without brackets: '{inner}'")
                } else {
                    format!(
                        "'{inner}' is neither an IPv6 address nor an IPvFuture literal ('v' hex \
                         '.' …); a registered name is written without brackets"
                    )
                }
            }
        };
        (self.code, self.span, msg)
    }
}

/// The message of an `IPv6address` error of `kind` at `span` (content from `cs`).
fn ipv6_message(s: &str, cs: usize, span: Span, kind: ip::Ipv6ErrorKind) -> String {
    use ip::Ipv6ErrorKind as K;
    match kind {
        K::LeadingColon => "an IPv6 address cannot start with a single ':'; write '::' to \
                            elide leading zero groups"
            .to_string(),
        K::TrailingColon => "an IPv6 address cannot end with a single ':'; write '::' to \
                             elide trailing zero groups"
            .to_string(),
        K::TripleColon => "':::' is not valid: '::' elides zero groups and must be followed \
                           by a group or the end"
            .to_string(),
        K::DoubleColonTwice => "'::' may appear only once in an IPv6 address, or the number \
                                of elided groups would be ambiguous"
            .to_string(),
        K::BadChar => {
            let c = s[span.start..].chars().next().unwrap_or('\u{FFFD}');
            if c == '%' {
                "'%' in an IP literal starts a zone identifier (RFC 6874), which RFC 3986 does \
                 not support; remove the zone, or use a parser that implements RFC 6874"
                    .to_string()
            } else {
                format!(
                    "{} is not allowed in an IPv6 address, which holds hex digits, ':' and '.' \
                     only",
                    chars::describe(c)
                )
            }
        }
        K::Ipv4NotLast => "an embedded IPv4 address may only end an IPv6 address (ls32, \
                           RFC 3986 §3.2.2)"
            .to_string(),
        K::Ipv4Octet { start, end, why } => {
            let shown = String::from_utf8_lossy(&s.as_bytes()[cs + start..cs + end]);
            let why = match why {
                OctetError::Empty => "has an empty part".to_string(),
                OctetError::NotDigit => format!("has '{shown}', which is not a decimal number"),
                OctetError::LeadingZero => format!("has '{shown}' with a leading zero"),
                OctetError::TooLarge => format!("has '{shown}', which is over 255"),
            };
            format!("the embedded IPv4 address {why}; each part must be a dec-octet 0-255")
        }
        K::Ipv4Parts(parts) => {
            format!("the embedded IPv4 address has {parts} parts; it needs exactly four")
        }
        K::GroupTooLong(len) => format!(
            "the group '{}' has {len} hex digits; an IPv6 group (h16) has one to four",
            String::from_utf8_lossy(&s.as_bytes()[span.start..span.end]),
        ),
        K::TooManyGroups {
            groups,
            elided: true,
        } => format!(
            "this IPv6 address has {groups} groups besides '::', which stands for at least \
             one; the total cannot exceed eight (an embedded IPv4 address counts as two)"
        ),
        K::TooManyGroups {
            groups,
            elided: false,
        } => format!(
            "this IPv6 address has {groups} groups; it has exactly eight (an embedded IPv4 \
             address counts as two)"
        ),
        K::TooFewGroups(groups) => format!(
            "this IPv6 address has {groups} groups and no '::'; write all eight groups, or \
             '::' where zero groups are elided"
        ),
    }
}

/// The message of `ip-literal-unclosed`.
const IP_LITERAL_UNCLOSED: &str =
    "this '[' opens an IP literal that is never closed; add ']' after the address";

/// The message of the `ipvfuture-unknown` note on a valid IPvFuture literal `text`, in the
/// URI and XRI grammars alike.
pub(crate) fn ipvfuture_unknown(text: &str) -> String {
    format!(
        "'{text}' is an IPvFuture literal; no version has been defined, so an application \
         should fail with \"address mechanism not supported\""
    )
}

/// What [`check_ip_literal`] found (its first error worded), or [`ip_literal_found`]
/// (`E` = [`Found`], not worded).
pub(crate) struct IpLiteral<E = LitErr> {
    /// The content's rule: `IPv6address`, `IPvFuture`, or `IP-literal` when it is neither.
    pub rule: &'static str,
    /// The `host_type` attribute: `ipv6` or `ipvfuture`.
    pub host_type: &'static str,
    /// The first error: code, span, message.
    pub result: Result<(), E>,
}

/// IP-literal = "[" ( IPv6address / IPvFuture ) "]" (RFC 3986 §3.2.2), the literal at
/// `s[hs..he]` with its content at `s[cs..ce]`: which alternative the content is, and its
/// first error, typed by [`ip`] (which IPv6 part failed). The XRI grammar uses it too, since
/// XRI Syntax 2.0 takes `IP-literal` from RFC 3986, so both grammars word an IP literal's
/// errors alike.
pub(crate) fn check_ip_literal(s: &str, hs: usize, he: usize, cs: usize, ce: usize) -> IpLiteral {
    let found = ip_literal_found(s, hs, he, cs, ce);
    IpLiteral {
        rule: found.rule,
        host_type: found.host_type,
        result: found.result.map_err(|f| f.worded(s, cs)),
    }
}

/// Which alternative of `IP-literal` an IP literal's content (between its brackets) is read
/// as: `IPvFuture` when it starts with "v" (either case), `IPv6address` when it holds a ":",
/// else none (empty or not).
enum Content {
    Future,
    V6,
    Empty,
    Neither,
}

impl Content {
    fn of(content: &[u8]) -> Content {
        if content.first().is_some_and(|&c| c | 0x20 == b'v') {
            Content::Future
        } else if content.contains(&b':') {
            Content::V6
        } else if content.is_empty() {
            Content::Empty
        } else {
            Content::Neither
        }
    }
}

/// The code of the first error of an IP literal whose content (between its brackets) is
/// `content`, `None` when it is an `IPv6address` or an `IPvFuture`: [`ip_literal_found`]'s
/// code, without the span and the message (whose places it finds by looking again).
pub(crate) fn literal_code(content: &[u8]) -> Option<Code> {
    match Content::of(content) {
        Content::Future => ip::ipvfuture(content).err().map(|_| Code::IpvfutureInvalid),
        Content::V6 => ip::ipv6(content).err().map(|e| ipv6_code(e.kind)),
        Content::Empty => Some(Code::IpLiteralEmpty),
        Content::Neither => Some(Code::IpLiteralInvalid),
    }
}

/// [`check_ip_literal`] with its first error not worded.
pub(crate) fn ip_literal_found(
    s: &str,
    hs: usize,
    he: usize,
    cs: usize,
    ce: usize,
) -> IpLiteral<Found> {
    let content = s.as_bytes().get(cs..ce).unwrap_or_default();
    let (rule, host_type, result) = match Content::of(content) {
        Content::Future => ("IPvFuture", "ipvfuture", ipvfuture_found(s, cs, ce)),
        Content::V6 => ("IPv6address", "ipv6", ipv6_found(s, cs, ce)),
        Content::Empty => {
            // The grammar fails at the "]" where an address was expected; with no "]" (an
            // unclosed "[", which has its own error) the literal as a whole.
            let span = if he > cs {
                Span::new(cs, cs + 1)
            } else {
                Span::new(hs, he)
            };
            let f = Found {
                code: Code::IpLiteralEmpty,
                span,
                why: Why::Empty,
            };
            ("IP-literal", "ipv6", Err(f))
        }
        Content::Neither => {
            let f = Found {
                code: Code::IpLiteralInvalid,
                span: Span::new(cs, ce),
                why: Why::Neither,
            };
            ("IP-literal", "ipv6", Err(f))
        }
    };
    IpLiteral {
        rule,
        host_type,
        result,
    }
}

/// Where an IP literal's error stopped and what the ABNF would have accepted there: the
/// byte an IPv6 address cannot take, the point a count of groups or an IPv4 part ran out
/// (from the typed error), an IPvFuture's missing part, or the literal as a whole. Shared by
/// the URI and XRI grammars so both say the same.
pub(crate) fn ip_literal_expected(
    s: &str,
    rule: &str,
    code: Code,
    span: Span,
    cs: usize,
    ce: usize,
) -> Option<(usize, Vec<&'static str>)> {
    let by = s.as_bytes();
    if rule == "IPv6address"
        && matches!(code, Code::Ipv6BadChar | Code::Ipv6BadColon)
        && span.start >= cs
        && span.start <= ce
    {
        // The errors at one byte the address cannot take there (a count of groups has no
        // such byte).
        let prefix = by.get(cs..span.start).unwrap_or_default();
        Some((span.start, ip::ipv6_expected(prefix)))
    } else if matches!(code, Code::IpLiteralInvalid | Code::IpLiteralEmpty) {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]".
        Some((cs, vec!["IPv6address", "IPvFuture"]))
    } else if code == Code::IpvfutureInvalid {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
        use ip::IpvFutureErrorKind as K;
        let e = ip::ipvfuture(by.get(cs..ce)?).err()?;
        let what: &[&'static str] = match e.kind {
            K::NoVersion => &["HEXDIG"],
            K::NoDot => &["HEXDIG", "\".\""],
            K::EmptyTail => &["unreserved", "sub-delims", "\":\""],
            K::BadChar => &["unreserved", "sub-delims", "\":\"", "\"]\""],
        };
        Some((cs + e.start, what.to_vec()))
    } else if rule == "IPv6address" {
        // Counts and IPv4 parts: where the ABNF stopped, from the typed error.
        let text = by.get(cs..ce)?;
        let (at, what) = ip::ipv6(text).err()?.expectation(text)?;
        Some((cs + at, what))
    } else {
        None
    }
}

/// The error for a "[" that is never closed, at `open`, in an authority that ends at `end`
/// (the URI and XRI grammars share it). IP-literal = "[" ( IPv6address / IPvFuture ) "]":
/// the "]" was expected where the authority ends; the error marks the "[", so the
/// expectation (and the furthest point reached, the same byte) lies past its span.
pub(crate) fn ip_literal_unclosed(open: usize, end: usize) -> Diagnostic {
    let mut d = Diagnostic::of(
        Code::IpLiteralUnclosed,
        Span::new(open, open + 1),
        IP_LITERAL_UNCLOSED,
    );
    d.expected = vec!["\"]\""];
    d.expected_at = Some(end);
    d.reached = Some(end);
    d
}

/// Checks `IPvFuture` over `s[cs..ce]`, which starts with "v" or "V", with
/// [`ip::ipvfuture`], and words its typed error as a diagnostic.
#[cfg(test)]
pub(crate) fn check_ipvfuture(s: &str, cs: usize, ce: usize) -> Result<(), LitErr> {
    ipvfuture_found(s, cs, ce).map_err(|f| f.worded(s, cs))
}

/// The first error of `IPvFuture` over `s[cs..ce]`, by [`ip::ipvfuture`].
fn ipvfuture_found(s: &str, cs: usize, ce: usize) -> Result<(), Found> {
    let Err(e) = ip::ipvfuture(&s.as_bytes()[cs..ce]) else {
        return Ok(());
    };
    // An error at the end of the content is at the "]" that came too early.
    let end = if e.start == e.end {
        (cs + e.end + 1).min(s.len())
    } else {
        cs + e.end
    };
    Err(Found {
        code: Code::IpvfutureInvalid,
        span: Span::new(cs + e.start, end),
        why: Why::Future(e.kind),
    })
}

/// The message of an `IPvFuture` error of `kind` at `span`.
fn ipvfuture_message(s: &str, span: Span, kind: ip::IpvFutureErrorKind) -> String {
    use ip::IpvFutureErrorKind as K;
    match kind {
        K::NoVersion => {
            "an IPvFuture literal needs the version in hex after 'v', as in 'v1.…'".to_string()
        }
        K::NoDot => {
            "an IPvFuture literal needs '.' after its hex version, as in 'v1.…'".to_string()
        }
        K::EmptyTail => {
            "an IPvFuture literal needs at least one character after the '.'".to_string()
        }
        K::BadChar => {
            let c = s[span.start..].chars().next().unwrap_or('\u{FFFD}');
            format!(
                "{} is not allowed in an IPvFuture literal (unreserved, sub-delims and ':' only)",
                chars::describe(c)
            )
        }
    }
}
