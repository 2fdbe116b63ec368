//! RFC 2396 URI-reference (Appendix A), as amended by RFC 2732 (IPv6 literals), read as
//! `java.net.URI`'s class documentation reads it (docs/readings.md, RFC 2396).
//!
//! One left-to-right pass, first match wins as in the other URI grammars: a prefix
//! `scheme ":"` makes an `absoluteURI`, anything else a `relativeURI`; after the scheme a
//! `/` opens a `hier_part`, anything else an `opaque_part` (which keeps its `?`: an opaque
//! URI has no query). `//` opens an authority, which ends at the next `/`, `?` or `#`.
//!
//! The authority is tried as a `server` (`[ userinfo "@" ] host [ ":" port ]`, with
//! `host = hostname | IPv4address | IPv6reference`) first; one that does not parse so but is
//! a `reg_name` is kept as a registry-based authority (RFC 2396 §3.2.1), with a note:
//! `java.net.URI` gives it no host, port or user-info (`getHost()` is null). The tree says
//! which: the `authority` node's rule is `server` or `reg_name`, and its attribute
//! `authority_kind` the same; only a `server` has `userinfo`, `host` and `port` children.
//!
//! `java.net.URI`'s deviations from the grammar, all taken here: an empty authority is
//! allowed when a path, query or fragment follows (`file:///foo`); an empty relative path
//! is allowed (`#foo`); IPv4 parts are runs of digits of value at most 255 (its `scanByte`;
//! RFC 2373's `1*3DIGIT`, which RFC 2732 §3 (2) points to, is not applied); a hostname of one label may start with a digit (`s://123`); IPv6 literals in
//! brackets (RFC 2732); and characters of its "other" category (not US-ASCII, not a
//! control, not a space) are allowed wherever `escaped` is: userinfo, path, query,
//! fragment, and a registry-based authority.
//!
//! The tree: the root is `uri` (rule `absoluteURI`) or `relative-ref` (rule `relativeURI`)
//! over the whole input; its children, in order, are `scheme`, `authority`, `path` (rule
//! `abs_path`, `rel_path`, `opaque_part` or `path` when empty; `segment` children for a
//! hierarchical path, the first of a `rel_path` being a `rel_segment`), `query`,
//! `fragment`. Spans leave out the delimiters, as in RFC 3986's tree. Time is linear: every
//! byte is looked at a bounded number of times (the authority twice: once as a server, once
//! as a reg_name).

use crate::engine::chars::{self, AsciiSet, describe};
use crate::engine::codes::Code;
use crate::engine::ip::literal::check_ipv6;
use crate::engine::pct;
use crate::engine::tree::{Builder, NodeKind, Span};

/// The sections the diagnostics cite.
const SEC_CHARS: &str = "RFC 2396 §2";
const SEC_ESCAPED: &str = "RFC 2396 §2.4.1";
const SEC_SCHEME: &str = "RFC 2396 §3.1";
const SEC_HIER: &str = "RFC 2396 §3";
const SEC_AUTHORITY: &str = "RFC 2396 §3.2";
const SEC_REG_NAME: &str = "RFC 2396 §3.2.1";
const SEC_USERINFO: &str = "RFC 2396 §3.2.2";
const SEC_IPV6: &str = "RFC 2732 §3";
const SEC_PATH: &str = "RFC 2396 §3.3";
const SEC_QUERY: &str = "RFC 2396 §3.4";
const SEC_FRAGMENT: &str = "RFC 2396 §4.1";
const SEC_RELATIVE: &str = "RFC 2396 §5";

/// `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"` (§2.3).
const MARK: &[u8] = b"-_.!~*'()";
/// `reserved` (§2.2), with RFC 2732's "[" and "]".
const RESERVED: &[u8] = b";/?:@&=+$,[]";
/// What `pchar` adds to `unreserved | escaped`, plus ";" (`segment = *pchar *( ";" param )`).
const SEGMENT_EXTRA: &[u8] = b":@&=+$,;";
/// What `rel_segment` adds: `pchar` without ":".
const REL_SEGMENT_EXTRA: &[u8] = b";@&=+$,";
/// What `userinfo` adds.
const USERINFO_EXTRA: &[u8] = b";:&=+$,";
/// What `reg_name` adds.
const REG_NAME_EXTRA: &[u8] = b"$,;:@&=+";
/// What `uric_no_slash` adds.
const URIC_NO_SLASH_EXTRA: &[u8] = b";?:@&=+$,";

#[cfg(test)]
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || MARK.contains(&b)
}

/// `java.net.URI`'s "other" category: a character that is not US-ASCII, not an ISO control
/// (U+0080 to U+009F) and not a space character (`Character.isSpaceChar`: the Unicode
/// separators Zs, Zl, Zp). The separators are listed by hand: the set is fixed by Unicode
/// and small, and no crate of the workspace answers "is this Zs/Zl/Zp".
fn other(c: char) -> bool {
    !c.is_ascii()
        && !('\u{80}'..='\u{9f}').contains(&c)
        && !matches!(
            c,
            '\u{a0}' | '\u{1680}' | '\u{2000}'
                ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        )
}

/// A component's character set: the ASCII bytes it takes besides `unreserved` and
/// `escaped`, and whether it takes "other" characters.
#[derive(Clone, Copy)]
struct Set {
    extra: &'static [u8],
    other: bool,
    /// Every `reserved` character too (`uric`).
    reserved: bool,
    /// What the set is called in messages.
    place: &'static str,
    code: Code,
    section: &'static str,
    /// What the production accepts, for the "expected" list of an error.
    expects: &'static [&'static str],
}

const USERINFO: Set = Set {
    extra: USERINFO_EXTRA,
    other: true,
    reserved: false,
    place: "the userinfo",
    code: Code::IllegalChar,
    section: SEC_USERINFO,
    expects: &[
        "unreserved",
        "escaped",
        "other",
        "\";\"",
        "\":\"",
        "\"&\"",
        "\"=\"",
        "\"+\"",
        "\"$\"",
        "\",\"",
        "\"@\"",
    ],
};
const REG_NAME: Set = Set {
    extra: REG_NAME_EXTRA,
    other: true,
    reserved: false,
    place: "a registry-based authority (reg_name)",
    code: Code::IllegalChar,
    section: SEC_REG_NAME,
    expects: &[
        "unreserved",
        "escaped",
        "other",
        "\"$\"",
        "\",\"",
        "\";\"",
        "\":\"",
        "\"@\"",
        "\"&\"",
        "\"=\"",
        "\"+\"",
        "\"/\"",
        "\"?\"",
        "\"#\"",
    ],
};
const SEGMENT: Set = Set {
    extra: SEGMENT_EXTRA,
    other: true,
    reserved: false,
    place: "a path segment",
    code: Code::IllegalChar,
    section: SEC_PATH,
    expects: &["pchar", "other", "\";\"", "\"/\"", "\"?\"", "\"#\""],
};
const REL_SEGMENT: Set = Set {
    extra: REL_SEGMENT_EXTRA,
    other: true,
    reserved: false,
    place: "the first segment of a relative path (rel_segment)",
    code: Code::ColonInFirstSegment,
    section: SEC_RELATIVE,
    expects: &[
        "unreserved",
        "escaped",
        "other",
        "\";\"",
        "\"@\"",
        "\"&\"",
        "\"=\"",
        "\"+\"",
        "\"$\"",
        "\",\"",
        "\"/\"",
        "\"?\"",
        "\"#\"",
    ],
};
const OPAQUE: Set = Set {
    extra: b"",
    other: true,
    reserved: true,
    place: "the opaque part",
    code: Code::IllegalChar,
    section: SEC_HIER,
    expects: &["uric", "other", "\"#\""],
};
const QUERY: Set = Set {
    extra: b"",
    other: true,
    reserved: true,
    place: "the query",
    code: Code::QueryChar,
    section: SEC_QUERY,
    expects: &["uric", "other", "\"#\""],
};
const FRAGMENT: Set = Set {
    extra: b"",
    other: true,
    reserved: true,
    place: "the fragment",
    code: Code::FragmentChar,
    section: SEC_FRAGMENT,
    expects: &["uric", "other"],
};

impl Set {
    /// The set's ASCII bytes spelled out from the grammar's lists: the reference
    /// [`Set::ascii`] is tested against.
    #[cfg(test)]
    fn takes(&self, b: u8) -> bool {
        unreserved(b) || self.extra.contains(&b) || (self.reserved && RESERVED.contains(&b))
    }

    /// The ASCII bytes [`Set::takes`] accepts: made once per scan (from the two constant
    /// sets and the few `extra` bytes) so that [`first_bad`] tests a bit per byte instead
    /// of searching two lists.
    const fn ascii(&self) -> AsciiSet {
        let s = UNRESERVED_SET.or(AsciiSet::of_bytes(self.extra));
        if self.reserved { s.or(RESERVED_SET) } else { s }
    }
}

/// `unreserved` (§2.3): letters, digits and `mark`.
const UNRESERVED_SET: AsciiSet = chars::ALPHANUM.or(AsciiSet::of_bytes(MARK));
/// `reserved` (§2.2, with RFC 2732's brackets).
const RESERVED_SET: AsciiSet = AsciiSet::of_bytes(RESERVED);

/// The first character at byte `i` of `s` and its length (a replacement of length 1 where
/// `i` is not a character boundary, which the callers never ask for).
fn char_at(s: &str, i: usize) -> (char, usize) {
    s.get(i..)
        .and_then(|t| t.chars().next())
        .map_or(('\u{fffd}', 1), |c| (c, c.len_utf8()))
}

/// Where `s[a..e]` leaves `set`: the span of the first offending character (or `%` that
/// starts no triplet), if any.
fn first_bad(s: &str, a: usize, e: usize, set: &Set) -> Option<Span> {
    let by = s.as_bytes();
    let allowed = set.ascii();
    let mut i = a;
    while i < e {
        let b = by[i];
        if b == b'%' {
            if pct::triplet_at(&by[..e], i).is_some() {
                i += 3;
                continue;
            }
            return Some(Span::new(i, (i + 1).min(e)));
        }
        if b.is_ascii() {
            if !allowed.has(b) {
                return Some(Span::new(i, i + 1));
            }
            i += 1;
            continue;
        }
        let (c, n) = char_at(s, i);
        if !(set.other && other(c)) {
            return Some(Span::new(i, (i + n).min(e)));
        }
        i += n;
    }
    None
}

/// A `hostname` (§3.2.2), with `java.net.URI`'s deviation: a name of one label may start
/// with a digit. `Err` says why not.
fn hostname(t: &[u8]) -> Result<(), &'static str> {
    if t.is_empty() {
        return Err("the host is empty");
    }
    let t = t.strip_suffix(b".").unwrap_or(t);
    let labels: Vec<&[u8]> = t.split(|&b| b == b'.').collect();
    for l in &labels {
        let (Some(first), Some(last)) = (l.first(), l.last()) else {
            return Err("a hostname has an empty label");
        };
        if !first.is_ascii_alphanumeric() || !last.is_ascii_alphanumeric() {
            return Err("a hostname label starts and ends with a letter or digit");
        }
        if !l.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-') {
            return Err("a hostname label holds only letters, digits and \"-\"");
        }
    }
    let top = labels
        .last()
        .and_then(|l| l.first())
        .copied()
        .unwrap_or(b'a');
    if labels.len() > 1 && !top.is_ascii_alphabetic() {
        return Err("the last label of a hostname (toplabel) starts with a letter");
    }
    Ok(())
}

/// An `IPv4address` as `java.net.URI` reads it: RFC 2396 §3.2.2's four runs of digits
/// (`1*digit`), each at most 255 in value (its `scanByte`), so leading zeros are allowed
/// (`0177.0.0.1` is the address 177.0.0.1's text). RFC 2732 §3 (2) points to RFC 2373's
/// `1*3DIGIT`, which `java.net.URI` does not apply (docs/readings.md, RFC 2396).
fn ipv4(t: &[u8]) -> bool {
    let parts: Vec<&[u8]> = t.split(|&b| b == b'.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.iter().all(u8::is_ascii_digit)
                && p.iter()
                    .try_fold(0u32, |v, d| {
                        let n = v * 10 + u32::from(d - b'0');
                        (n <= 255).then_some(n)
                    })
                    .is_some()
        })
}

/// What a server-based authority holds (absolute offsets).
struct Server {
    userinfo: Option<(usize, usize)>,
    host: (usize, usize, &'static str, &'static str),
    port: Option<(usize, usize)>,
}

/// Reads `s[a..e]` (not empty) as `server`; `Err` says why it is not one.
fn server(s: &str, a: usize, e: usize) -> Result<Server, String> {
    let by = s.as_bytes();
    let at = by[a..e].iter().position(|&b| b == b'@').map(|k| a + k);
    let mut userinfo = None;
    let hs = match at {
        Some(at) => {
            if let Some(sp) = first_bad(s, a, at, &USERINFO) {
                return Err(format!(
                    "its userinfo holds {}, which userinfo does not allow",
                    describe(char_at(s, sp.start).0)
                ));
            }
            userinfo = Some((a, at));
            at + 1
        }
        None => a,
    };
    let (host, rest) = if by.get(hs) == Some(&b'[') {
        let Some(r) = by[hs..e].iter().position(|&b| b == b']').map(|k| hs + k) else {
            return Err("its IPv6 reference has no closing \"]\"".into());
        };
        if let Err((_, _, msg)) = check_ipv6(s, hs + 1, r) {
            return Err(format!("its IPv6 reference is not an IPv6 address: {msg}"));
        }
        ((hs, r + 1, "IPv6reference", "ipv6"), r + 1)
    } else {
        let he = by[hs..e]
            .iter()
            .position(|&b| b == b':')
            .map_or(e, |k| hs + k);
        let t = &by[hs..he];
        if ipv4(t) {
            ((hs, he, "IPv4address", "ipv4"), he)
        } else {
            if let Err(why) = hostname(t) {
                return Err(format!(
                    "its host {:?} is neither an IPv4address nor a hostname: {why}",
                    s.get(hs..he).unwrap_or("")
                ));
            }
            ((hs, he, "hostname", "hostname"), he)
        }
    };
    let mut port = None;
    if rest < e {
        if by[rest] != b':' {
            return Err("text follows the IPv6 reference where only \":\" and a port may".into());
        }
        if !by[rest + 1..e].iter().all(u8::is_ascii_digit) {
            return Err("its port is not all digits".into());
        }
        port = Some((rest + 1, e));
    }
    Ok(Server {
        userinfo,
        host,
        port,
    })
}

/// Parses the whole input.
pub fn parse(b: &mut Builder<'_>) {
    let s = b.input();
    let by = s.as_bytes();
    let e = s.len();
    // scheme = alpha *( alpha | digit | "+" | "-" | "." ), first match wins.
    let mut i = 0;
    while i < e && (by[i].is_ascii_alphanumeric() || b"+-.".contains(&by[i])) {
        i += 1;
    }
    let colon = (i < e && by[i] == b':').then_some(i);
    let mut p = 0;
    match colon {
        Some(c) => {
            b.start(NodeKind::Uri, "absoluteURI", 0);
            scheme(b, c);
            p = c + 1;
            if p >= e || by[p] == b'#' {
                let span = Span::new(c, c + 1);
                b.expect(c + 1, &["\"/\"", "uric_no_slash"]);
                if !b.skip_error(span) {
                    b.error_in(
                        Code::SchemeSpecificPartEmpty,
                        span,
                        SEC_HIER,
                        "nothing follows the scheme's ':'; an absolute URI goes on with \
                         '/' (a hierarchical part) or at least one character (an opaque \
                         part), as in 'http:/x' or 'mailto:a@b'",
                    );
                }
                b.leaf(NodeKind::Path, "path", p, p);
            } else if by[p] != b'/' {
                // opaque_part = uric_no_slash *uric; it ends at "#".
                let oe = by[p..].iter().position(|&x| x == b'#').map_or(e, |k| p + k);
                b.leaf(NodeKind::Path, "opaque_part", p, oe);
                let first = Set {
                    extra: URIC_NO_SLASH_EXTRA,
                    reserved: false,
                    expects: &["uric_no_slash", "other"],
                    ..OPAQUE
                };
                // Its first unit: an escaped triplet, else one character.
                let n = if pct::triplet_at(&by[..oe], p).is_some() {
                    3
                } else {
                    char_at(s, p).1
                };
                chars(b, p, (p + n).min(oe), &first);
                chars(b, (p + n).min(oe), oe, &OPAQUE);
                p = oe;
            } else {
                p = hier(b, p, e, true);
            }
        }
        None => {
            b.start(NodeKind::RelativeRef, "relativeURI", 0);
            p = hier(b, p, e, false);
        }
    }
    if p < e && by[p] == b'#' {
        let f = p + 1;
        b.leaf(NodeKind::Fragment, "fragment", f, e);
        chars(b, f, e, &FRAGMENT);
    }
    b.finish(e);
}

/// `scheme`, over `[0, c)`.
fn scheme(b: &mut Builder<'_>, c: usize) {
    let s = b.input();
    b.leaf(NodeKind::Scheme, "scheme", 0, c);
    if c == 0 {
        let span = Span::new(0, 1);
        if !b.skip_error(span) {
            b.error_in(
                Code::SchemeEmpty,
                span,
                SEC_SCHEME,
                "the reference starts with ':', so its scheme is empty; write the scheme \
                 before ':' (as in 'http:'), or prefix a relative path with './'",
            );
        }
        return;
    }
    let first = s.as_bytes()[0];
    if !first.is_ascii_alphabetic() {
        let span = Span::new(0, 1);
        b.expect(0, &["alpha"]);
        if !b.skip_error(span) {
            b.error_in(
                Code::SchemeStart,
                span,
                SEC_SCHEME,
                format!(
                    "a scheme starts with a letter, and this one starts with '{}'; if this is \
                     a relative path whose first segment holds ':', prefix it with './'",
                    char::from(first)
                ),
            );
        }
    }
    let name = s.get(..c).unwrap_or("");
    if name.bytes().any(|x| x.is_ascii_uppercase()) {
        b.note_in(
            Code::SchemeUppercase,
            Span::new(0, c),
            SEC_SCHEME,
            format!(
                "programs should treat upper case letters as equivalent to lower case in \
                 scheme names: '{}'",
                name.to_ascii_lowercase()
            ),
        );
    }
}

/// `hier_part` (after a scheme) or `relativeURI`'s `net_path | abs_path | rel_path`, then
/// `[ "?" query ]`, from `p`; returns where it stops (at "#" or the end).
fn hier(b: &mut Builder<'_>, mut p: usize, e: usize, absolute: bool) -> usize {
    let s = b.input();
    let by = s.as_bytes();
    let stop = |from: usize, set: &[u8]| {
        by[from..e]
            .iter()
            .position(|x| set.contains(x))
            .map_or(e, |k| from + k)
    };
    let mut has_authority = false;
    if by[p..e].starts_with(b"//") {
        let a0 = p + 2;
        let ae = stop(a0, b"/?#");
        authority(b, a0, ae);
        has_authority = true;
        p = ae;
    }
    let pe = stop(p, b"?#");
    let _ = (absolute, has_authority);
    path(b, p, pe);
    p = pe;
    if p < e && by[p] == b'?' {
        let q = p + 1;
        let qe = stop(q, b"#");
        b.leaf(NodeKind::Query, "query", q, qe);
        chars(b, q, qe, &QUERY);
        p = qe;
    }
    p
}

/// The path over `[p, pe)`: `abs_path`, `rel_path` (only without scheme and authority: after
/// "//authority" the path starts at "/", and after "scheme:" a path that does not start
/// with "/" is an opaque part), or empty.
fn path(b: &mut Builder<'_>, p: usize, pe: usize) {
    let by = b.input().as_bytes();
    let rule = if p == pe {
        "path"
    } else if by[p] == b'/' {
        "abs_path"
    } else {
        "rel_path"
    };
    b.start(NodeKind::Path, rule, p);
    let mut i = p;
    let mut first = true;
    if rule == "abs_path" {
        i += 1;
        first = false;
    }
    if p < pe {
        loop {
            let se = by[i..pe]
                .iter()
                .position(|&x| x == b'/')
                .map_or(pe, |k| i + k);
            let (seg_rule, set) = if first && rule == "rel_path" {
                ("rel_segment", &REL_SEGMENT)
            } else {
                ("segment", &SEGMENT)
            };
            b.leaf(NodeKind::Segment, seg_rule, i, se);
            chars(b, i, se, set);
            first = false;
            if se >= pe {
                break;
            }
            i = se + 1;
        }
    }
    b.finish(pe);
}

/// The authority over `[a0, ae)`: a `server` if it parses as one, else a `reg_name`.
fn authority(b: &mut Builder<'_>, a0: usize, ae: usize) {
    let s = b.input();
    let by = s.as_bytes();
    if a0 == ae {
        let id = b.leaf(NodeKind::Authority, "server", a0, ae);
        b.attr(id, "authority_kind", "server");
        // java.net.URI: "An empty authority component is permitted as long as it is
        // followed by a non-empty path, a query component, or a fragment component."
        if ae == by.len() {
            let span = Span::new(a0.saturating_sub(2), ae);
            if !b.skip_error(span) {
                b.error_in(
                    Code::AuthorityEmpty,
                    span,
                    SEC_AUTHORITY,
                    "'//' opens an authority, and it is empty with nothing after it; give \
                     the host (as in 'http://example.com'), or a path after '//' (as in \
                     'file:///tmp')",
                );
            }
        }
        return;
    }
    match server(s, a0, ae) {
        Ok(sv) => {
            let id = b.start(NodeKind::Authority, "server", a0);
            b.attr(id, "authority_kind", "server");
            if let Some((u0, u1)) = sv.userinfo {
                b.leaf(NodeKind::Userinfo, "userinfo", u0, u1);
            }
            let (h0, h1, rule, kind) = sv.host;
            let h = b.leaf(NodeKind::Host, rule, h0, h1);
            b.attr(h, "host_type", kind);
            if let Some((p0, p1)) = sv.port {
                b.leaf(NodeKind::Port, "port", p0, p1);
            }
            b.finish(ae);
        }
        Err(why) => {
            let id = b.leaf(NodeKind::Authority, "reg_name", a0, ae);
            b.attr(id, "authority_kind", "reg_name");
            let bad = first_bad(s, a0, ae, &REG_NAME);
            if by[a0] == b'[' || bad.is_some() {
                // Neither a server nor a reg_name: say why it is no server when it was
                // meant as one (an IP literal), else which character a reg_name refuses.
                if by[a0] == b'[' {
                    let span = Span::new(a0, ae);
                    b.expect(
                        a0,
                        &["IPv6reference", "hostname", "IPv4address", "reg_name"],
                    );
                    if !b.skip_error(span) {
                        b.error_in(
                            Code::IpLiteralInvalid,
                            span,
                            SEC_IPV6,
                            format!(
                                "the authority starts with '[' but is no server: {why}; write \
                                 an IPv6 address in brackets, as in 'http://[::1]:80/'"
                            ),
                        );
                    }
                } else {
                    chars(b, a0, ae, &REG_NAME);
                }
            } else {
                b.note_in(
                    Code::AuthorityRegName,
                    Span::new(a0, ae),
                    SEC_REG_NAME,
                    format!(
                        "the authority is not a server ({why}), so it is read as a \
                         registry-based name (reg_name): it has no host, port or userinfo, \
                         and java.net.URI's getHost() returns null for it"
                    ),
                );
            }
        }
    }
}

/// Reports each run of characters of `[a, e)` that `set` does not take (one diagnostic a
/// run, so a long bad input costs one per run), and each "%" that starts no triplet.
fn chars(b: &mut Builder<'_>, a: usize, e: usize, set: &Set) {
    let s = b.input();
    let mut i = a;
    while i < e {
        let Some(sp) = first_bad(s, i, e, set) else {
            return;
        };
        if s.as_bytes()[sp.start] == b'%' {
            // escaped = "%" hex hex: the first byte after "%" that is no hex digit.
            let by = s.as_bytes();
            let mut h = sp.start + 1;
            while h < e && h < sp.start + 3 && by[h].is_ascii_hexdigit() {
                h += 1;
            }
            b.expect(h, &["hex"]);
            if !b.skip_error(sp) {
                b.error_in(
                    Code::PctInvalid,
                    sp,
                    SEC_ESCAPED,
                    "'%' starts an escaped octet and must be followed by two hex digits; \
                     write a literal '%' as '%25'",
                );
            }
            i = sp.end;
            continue;
        }
        // Extend the run over the following characters the set refuses too (not "%").
        let mut end = sp.end;
        while end < e {
            match first_bad(s, end, e, set) {
                Some(n) if n.start == end && s.as_bytes()[end] != b'%' => end = n.end,
                _ => break,
            }
        }
        let span = Span::new(sp.start, end);
        b.expect(sp.start, set.expects);
        if !b.skip_error(span) {
            let c = char_at(s, sp.start).0;
            let (code, section) = if set.code == Code::ColonInFirstSegment && c != ':' {
                (Code::IllegalChar, SEC_PATH)
            } else {
                (set.code, set.section)
            };
            let msg = if code == Code::ColonInFirstSegment {
                "a relative path's first segment (rel_segment) cannot hold ':', which would \
                 make it read as a scheme; prefix the path with './', or write ':' as '%3A'"
                    .to_string()
            } else if !c.is_ascii() && set.other {
                format!(
                    "{} is a control or space character, which {} does not allow even as \
                     java.net.URI's \"other\" character; percent-encode its UTF-8 bytes",
                    describe(c),
                    set.place
                )
            } else if !c.is_ascii() {
                format!(
                    "{} is not US-ASCII, which {} does not allow ({SEC_CHARS}); \
                     percent-encode its UTF-8 bytes",
                    describe(c),
                    set.place
                )
            } else {
                format!(
                    "{} is not allowed in {}; percent-encode it (as '%{:02X}')",
                    describe(c),
                    set.place,
                    u32::from(c)
                )
            };
            b.error_in(code, span, section, msg);
        }
        i = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set `first_bad` tests is the one the grammar's lists spell out, byte for byte,
    /// for every set (and the opaque part's first character's).
    #[test]
    fn ascii_set_is_takes() {
        let first = Set {
            extra: URIC_NO_SLASH_EXTRA,
            reserved: false,
            ..OPAQUE
        };
        for set in [
            &USERINFO,
            &REG_NAME,
            &SEGMENT,
            &REL_SEGMENT,
            &OPAQUE,
            &QUERY,
            &FRAGMENT,
            &first,
        ] {
            let allowed = set.ascii();
            for b in 0..=255u8 {
                assert_eq!(allowed.has(b), set.takes(b), "{} byte {b}", set.place);
            }
        }
    }
}
