//! RFC 3986 URI-reference and RFC 3987 IRI-reference (RFC 3986 §3, §4 and Appendix A;
//! RFC 3987 §2.2).
//!
//! One left-to-right pass over the bytes, first-match-wins as RFC 3986 §4.1 asks: a prefix
//! `scheme ":"` makes a URI, anything else a relative reference; `"//"` opens an authority,
//! which ends at the next `/`, `?` or `#`; the path ends at `?` or `#`; the query at `#`.
//! Each component is then checked character by character with the bit tables of
//! [`chars`]; the only extra passes are over the authority (to find its last `@`) and over
//! components with non-ASCII text (the RFC 3987 checks), so the time is linear.
//!
//! The tree: the root is `uri`/`iri` (rule `URI`/`IRI`) or `relative-ref` (rule
//! `relative-ref`/`irelative-ref`) and covers the whole range. Its children, in order, are
//! `scheme`, `authority` (children `userinfo`, `host`, `port`), `path` (one `segment` child per
//! segment, empty ones included) and `query`, `fragment`, each present exactly when its
//! delimiter is (the path always is). Spans leave out the delimiters `:`, `//`, `@`, `?`, `#`;
//! a `host` that is an IP literal keeps its brackets (they are part of `IP-literal`), and the
//! `path` keeps its slashes. The `host` has the attribute `host_type` = `reg-name`, `ipv4`,
//! `ipv6` or `ipvfuture`.
//!
//! The grammar never gives up: an illegal character is reported at its span and the
//! component goes on; text that fits nowhere (after an IP literal's `]`) becomes `unparsed`.

use unicode_normalization::{UnicodeNormalization, is_nfc};

use crate::engine::chars::describe;
use crate::engine::chars::{self, AsciiSet, ByteTable, CharClass};
use crate::engine::codes::{Code, Sections};
use crate::engine::first_error_mode::{FirstError, Out, Seeker};
use crate::engine::ip::OctetError;
use crate::engine::ip::literal::{
    IpLiteral, Numeric, check_ip_literal, check_ipv6, classify_numeric, ip_literal_expected,
    ip_literal_unclosed, ipvfuture_unknown,
};
use crate::engine::pct;
use crate::engine::tree::{Builder, NodeId, NodeKind, Span};

/// Which of the two specs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// RFC 3986: ASCII only.
    Uri,
    /// RFC 3987: ucschar and iprivate too.
    Iri,
}

/// Parses the whole input.
pub fn parse(b: &mut Builder<'_>, flavor: Flavor) {
    let len = b.input().len();
    parse_range(b, 0, len, flavor);
}

/// Parses `input[start..end]` as a URI-reference / IRI-reference into a subtree whose spans
/// are absolute offsets into the whole input. Returns the subtree's root. Only the bytes in
/// `[start, end)` are read.
pub fn parse_range(b: &mut Builder<'_>, start: usize, end: usize, flavor: Flavor) -> NodeId {
    // RFC 3986 and RFC 3987 cite the codes' default sections, also for an IRI nested in an
    // XRI (whose own table is put back after).
    let outer = b.set_sections(&Sections::DEFAULTS);
    let id = parse_range_in(b, start, end, flavor);
    b.set_sections(outer);
    id
}

/// The first-error mode ([`crate::engine::first_error_mode`]): the first error a full parse
/// of the whole input reports (code, span, section, expected set), found by the same parser
/// without building the tree, writing messages or doing what only makes warnings and notes.
/// `None` when the input is a valid reference. Its expected set is looked up only when
/// `expected`.
pub(crate) fn first_error(input: &str, flavor: Flavor, expected: bool) -> Option<FirstError> {
    Seeker::run(&Sections::DEFAULTS, expected, |out| {
        let mut p = Parser::new(out, input, flavor);
        p.reference(0, input.len());
    })
}

/// `first_error` when `profile` parses with this grammar (rfc3986, rfc3987), by its
/// descriptor; `None` for any other profile. (A field of the descriptor would be the
/// general home; these two built-ins are the ones with a first-error mode.)
pub fn first_error_under(
    profile: crate::engine::Profile,
    input: &str,
    expected: bool,
) -> Option<Option<FirstError>> {
    let d = profile.descriptor();
    let flavor = if std::ptr::eq(&*d, &super::rfc3986::RFC3986) {
        Flavor::Uri
    } else if std::ptr::eq(&*d, &super::rfc3987::RFC3987) {
        Flavor::Iri
    } else {
        return None;
    };
    Some(first_error(input, flavor, expected))
}

fn parse_range_in(b: &mut Builder<'_>, start: usize, end: usize, flavor: Flavor) -> NodeId {
    let input = b.input();
    let end = end.min(input.len());
    let start = start.min(end);
    if !input.is_char_boundary(start) || !input.is_char_boundary(end) {
        let id = b.leaf(NodeKind::Unparsed, "URI-reference", start, end);
        b.error(
            Code::RangeNotCharBoundary,
            Span::new(start, end),
            "internal: the range to parse does not start and end on character boundaries",
        );
        return id;
    }
    Parser::new(b, input, flavor).reference(start, end)
}

/// The rule names, which differ between the two specs (RFC 3987 §2.2: "If the non-terminal
/// contains 'URI', this has been changed to 'IRI'. Otherwise, an 'i' has been prefixed").
struct Names {
    absolute: &'static str,
    relative: &'static str,
    authority: &'static str,
    userinfo: &'static str,
    reg_name: &'static str,
    abempty: &'static str,
    path_absolute: &'static str,
    noscheme: &'static str,
    rootless: &'static str,
    path_empty: &'static str,
    segment: &'static str,
    segment_nz: &'static str,
    segment_nz_nc: &'static str,
    query: &'static str,
    fragment: &'static str,
}

const URI_NAMES: Names = Names {
    absolute: "URI",
    relative: "relative-ref",
    authority: "authority",
    userinfo: "userinfo",
    reg_name: "reg-name",
    abempty: "path-abempty",
    path_absolute: "path-absolute",
    noscheme: "path-noscheme",
    rootless: "path-rootless",
    path_empty: "path-empty",
    segment: "segment",
    segment_nz: "segment-nz",
    segment_nz_nc: "segment-nz-nc",
    query: "query",
    fragment: "fragment",
};

const IRI_NAMES: Names = Names {
    absolute: "IRI",
    relative: "irelative-ref",
    authority: "iauthority",
    userinfo: "iuserinfo",
    reg_name: "ireg-name",
    abempty: "ipath-abempty",
    path_absolute: "ipath-absolute",
    noscheme: "ipath-noscheme",
    rootless: "ipath-rootless",
    path_empty: "ipath-empty",
    segment: "isegment",
    segment_nz: "isegment-nz",
    segment_nz_nc: "isegment-nz-nc",
    query: "iquery",
    fragment: "ifragment",
};

const STOP_PATH: AsciiSet = AsciiSet::of("/?#");
const STOP_QUERY: AsciiSet = AsciiSet::of("#");

static T_SCHEME: ByteTable = ByteTable::of(chars::SCHEME_REST);
static T_STOP_PATH: ByteTable = ByteTable::of(STOP_PATH);
static T_STOP_QUERY: ByteTable = ByteTable::of(STOP_QUERY);
static T_NONE: ByteTable = ByteTable::of(AsciiSet::EMPTY);

/// Where RFC 3987 §4.2 lets a component be cut into smaller components for the bidi rules
/// (domain labels, name/value pairs of a query, the extensions of a resource name); the
/// script-mixing check of XRI Syntax 2.0 §3.3 uses the same pieces.
const SPLIT_HOST: AsciiSet = AsciiSet::of(".");
const SPLIT_SEGMENT: AsciiSet = AsciiSet::of(".;,=");
const SPLIT_QUERY: AsciiSet = AsciiSet::of("&=;");
const SPLIT_USERINFO: AsciiSet = AsciiSet::of(":");

/// The components whose characters are checked one by one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Comp {
    Userinfo,
    Host,
    Segment,
    /// The first segment of a relative-path reference: no ":".
    FirstSegment,
    Query,
    Fragment,
}

impl Comp {
    /// The named set a scan of `comp` accepts: what [`Comp::allowed`] encodes and what an
    /// "expected" list names come both from it.
    fn class(self) -> &'static CharClass {
        match self {
            Comp::Userinfo => &chars::USERINFO_CLASS,
            Comp::Host => &chars::REG_NAME_CLASS,
            Comp::Segment => &chars::SEGMENT_CLASS,
            Comp::FirstSegment => &chars::SEGMENT_NZ_NC_CLASS,
            Comp::Query => &chars::QUERY_CLASS,
            Comp::Fragment => &chars::FRAGMENT_CLASS,
        }
    }

    /// The delimiters that may end a scan of `comp` (its stop set), after its class's
    /// alternatives in an "expected" list.
    fn stops(self) -> &'static [&'static str] {
        match self {
            Comp::Userinfo => &["\"@\""],
            Comp::Host => &["\":\"", "\"/\"", "\"?\"", "\"#\""],
            Comp::Segment | Comp::FirstSegment | Comp::Query => &["\"/\"", "\"?\"", "\"#\""],
            Comp::Fragment => &[],
        }
    }

    /// Records what the grammar accepts where a scan of `comp` stops on a byte it cannot
    /// take: the class's alternatives and the delimiters that may end it.
    fn expect<'i>(self, b: &mut impl Out<'i>, at: usize, iri: bool) {
        b.expect(at, self.class().alternatives(iri));
        b.expect(at, self.stops());
    }

    fn allowed(self) -> &'static ByteTable {
        &self.class().table
    }
    fn place(self) -> &'static str {
        match self {
            Comp::Userinfo => "the userinfo",
            Comp::Host => "the host",
            Comp::Segment | Comp::FirstSegment => "a path segment",
            Comp::Query => "the query",
            Comp::Fragment => "the fragment",
        }
    }
}

/// The parser, over where its output goes: a [`Builder`] (a full parse) or a [`Seeker`] (the
/// first-error mode, `O::FULL` false: no tree, no messages, nothing done that only makes
/// warnings and notes).
struct Parser<'b, 'i, O: Out<'i>> {
    b: &'b mut O,
    s: &'i str,
    by: &'i [u8],
    iri: bool,
    n: &'static Names,
    /// The first dot-segment of the path being parsed.
    dot: Option<Span>,
    /// The scheme names its hosts in the DNS ([`crate::engine::idna::DNS_SCHEMES`]).
    dns: bool,
    /// For a first segment of a relative reference that holds ":": where the segment starts
    /// and where its first ":" is. Then the text before the ":" may have been meant as a
    /// scheme, and the messages name both readings.
    first_seg: Option<(usize, usize)>,
}

impl<'b, 'i, O: Out<'i>> Parser<'b, 'i, O> {
    fn new(b: &'b mut O, input: &'i str, flavor: Flavor) -> Self {
        Parser {
            b,
            s: input,
            by: input.as_bytes(),
            iri: flavor == Flavor::Iri,
            n: if flavor == Flavor::Iri {
                &IRI_NAMES
            } else {
                &URI_NAMES
            },
            dot: None,
            dns: false,
            first_seg: None,
        }
    }

    fn text(&self, s: usize, e: usize) -> &'i str {
        self.s.get(s..e).unwrap_or("")
    }

    /// The spec section for a character problem in `comp`.
    fn sec(&self, comp: Comp) -> &'static str {
        if self.iri {
            return "RFC 3987 §2.2";
        }
        match comp {
            Comp::Userinfo => "RFC 3986 §3.2.1",
            Comp::Host => "RFC 3986 §3.2.2",
            Comp::Segment | Comp::FirstSegment => "RFC 3986 §3.3",
            Comp::Query => "RFC 3986 §3.4",
            Comp::Fragment => "RFC 3986 §3.5",
        }
    }

    /// URI-reference = URI / relative-ref, over `[s, e)`.
    fn reference(&mut self, s: usize, e: usize) -> NodeId {
        let by = self.by;
        // First match wins (RFC 3986 §4.1): a prefix of scheme characters and ":" is a scheme.
        // One that starts with a non-letter is still read as a (bad) scheme: a relative
        // reference could not start that way either, as its first segment has no ":".
        let mut i = s;
        while i < e && T_SCHEME.has(by[i]) {
            i += 1;
        }
        let colon = (i < e && by[i] == b':').then_some(i);
        let root = match colon {
            Some(_) => {
                let kind = if self.iri {
                    NodeKind::Iri
                } else {
                    NodeKind::Uri
                };
                self.b.start(kind, self.n.absolute, s)
            }
            None => self.b.start(NodeKind::RelativeRef, self.n.relative, s),
        };
        let mut p = s;
        if let Some(c) = colon {
            self.dns = crate::engine::idna::is_dns_scheme(self.text(s, c));
            self.scheme(s, c, e);
            p = c + 1;
        }
        let mut has_auth = false;
        if p + 1 < e && by[p] == b'/' && by[p + 1] == b'/' {
            // "//" always opens an authority: this is how the grammar keeps a path without
            // authority from starting with "//" (RFC 3986 §3.3).
            let a0 = p + 2;
            let mut ae = a0;
            while ae < e && !T_STOP_PATH.has(by[ae]) {
                ae += 1;
            }
            self.authority(a0, ae);
            p = ae;
            has_auth = true;
        }
        let path_start = p;
        p = self.path(p, e, colon.is_some(), has_auth);
        if let Some(c) = colon
            && O::FULL
            && self.dns
            && !has_auth
            && self.text(s, c).eq_ignore_ascii_case("mailto")
        {
            self.idna_mailto(path_start, p);
        }
        if p < e && by[p] == b'?' {
            let q = p + 1;
            let (qe, non_ascii) = self.scan(Comp::Query, q, e, &T_STOP_QUERY);
            self.b.leaf(NodeKind::Query, self.n.query, q, qe);
            if non_ascii {
                self.iri_component(q, qe, SPLIT_QUERY);
            }
            p = qe;
        }
        if p < e && by[p] == b'#' {
            let f = p + 1;
            let (fe, non_ascii) = self.scan(Comp::Fragment, f, e, &T_NONE);
            self.b.leaf(NodeKind::Fragment, self.n.fragment, f, fe);
            if non_ascii {
                self.iri_component(f, fe, AsciiSet::EMPTY);
            }
            p = fe;
        }
        if p < e {
            // Not reachable: every byte belongs to some component above. Kept so that a
            // future change cannot silently drop text.
            self.b.leaf(NodeKind::Unparsed, "", p, e);
            self.b.error(
                Code::Unparsed,
                Span::new(p, e),
                "this text fits no component",
            );
        }
        self.b.finish(e);
        root
    }

    /// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), over `[s, c)`; `c` is the ":".
    fn scheme(&mut self, s: usize, c: usize, e: usize) {
        self.b.leaf(NodeKind::Scheme, "scheme", s, c);
        let sch = self.text(s, c);
        if c == s {
            // scheme = ALPHA *( … ): its first letter was expected where the ":" is.
            self.b.expect(c, &["ALPHA"]);
            self.b.error(
                Code::SchemeEmpty,
                Span::new(c, c + 1),
                "the reference starts with ':', so its scheme is empty; write the scheme before \
                 ':' (as in 'http:'), or, for a relative path whose first segment holds ':', \
                 prefix it with './' (RFC 3986 §4.2)",
            );
            return;
        }
        if !chars::ALPHA.has(self.by[s]) {
            // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
            self.b.expect(s, &["ALPHA"]);
            if !O::FULL {
                self.b
                    .found(Code::SchemeStart, Span::new(s, s + 1), None, sch);
                return;
            }
            let msg = format!(
                "a scheme must start with a letter, and '{sch}' starts with '{}'; if this is \
                 meant as a relative path whose first segment holds ':', prefix it with './' \
                 (as in './{sch}:…', RFC 3986 §4.2)",
                char::from(self.by[s])
            );
            self.b.error(Code::SchemeStart, Span::new(s, s + 1), msg);
        }
        if !O::FULL {
            return;
        }
        if sch.bytes().any(|b| b.is_ascii_uppercase()) {
            let msg = format!(
                "schemes are case-insensitive and their canonical form is lowercase: '{}' \
                 (RFC 3986 §3.1, §6.2.2.1)",
                sch.to_ascii_lowercase()
            );
            self.b.note(Code::SchemeUppercase, Span::new(s, c), msg);
        }
        if c - s == 1 && c + 1 < e && matches!(self.by[c + 1], b'/' | b'\\') {
            let msg = format!(
                "'{sch}:' looks like a Windows drive letter, not a scheme; a file path is \
                 written as a URI like 'file:///{sch}:/…'"
            );
            self.b
                .warning(Code::SchemeDriveLetter, Span::new(s, c + 1), msg);
        }
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`, over `[a0, ae)`.
    fn authority(&mut self, a0: usize, ae: usize) {
        let by = self.by;
        self.b.start(NodeKind::Authority, self.n.authority, a0);
        // The last "@" ends the userinfo: an "@" cannot be in the host, and reading the
        // earlier ones as misplaced userinfo data gives the more useful diagnostic.
        let at = by[a0..ae].iter().rposition(|&c| c == b'@').map(|k| a0 + k);
        let hs = match at {
            Some(at) => {
                self.userinfo(a0, at);
                at + 1
            }
            None => a0,
        };
        if hs < ae && by[hs] == b'[' {
            match by[hs..ae].iter().position(|&c| c == b']').map(|k| hs + k) {
                Some(r) => {
                    self.ip_literal(hs, r + 1, hs + 1, r);
                    let mut q = r + 1;
                    if q < ae && by[q] != b':' {
                        let junk_end = by[q..ae]
                            .iter()
                            .position(|&c| c == b':')
                            .map_or(ae, |k| q + k);
                        self.b.leaf(NodeKind::Unparsed, "", q, junk_end);
                        // authority = [ userinfo "@" ] host [ ":" port ], then the path.
                        self.b.expect(q, &["\":\"", "\"/\"", "\"?\"", "\"#\""]);
                        let span = Span::new(q, junk_end);
                        if !O::FULL {
                            let junk = self.text(q, junk_end);
                            self.b.found(Code::IpLiteralTrailing, span, None, junk);
                        } else {
                            let msg = format!(
                                "'{}' follows the IP literal; after ']' may come ':' and a port, or the \
                             path ('/'), query ('?') or fragment ('#'); remove it, or \
                             percent-encode it if it belongs to the path",
                                self.text(q, junk_end)
                            );
                            self.b.error(Code::IpLiteralTrailing, span, msg);
                        }
                        q = junk_end;
                    }
                    if q < ae {
                        self.port(q + 1, ae);
                    }
                }
                None => {
                    self.ip_literal(hs, ae, hs + 1, ae);
                    self.b.diag(ip_literal_unclosed(hs, ae));
                }
            }
        } else {
            let colon = by[hs..ae].iter().position(|&c| c == b':').map(|k| hs + k);
            let unbracketed = colon.is_some_and(|c| by[c + 1..ae].contains(&b':'))
                && check_ipv6(self.s, hs, ae).is_ok();
            if unbracketed {
                let host = self.b.leaf(NodeKind::Host, "IPv6address", hs, ae);
                self.b.attr(host, "host_type", "ipv6");
                // IP-literal = "[" ( IPv6address / IPvFuture ) "]": an IPv6 address is a host
                // only in brackets, so "[" was expected where it starts.
                self.b.expect(hs, &["\"[\""]);
                if !O::FULL {
                    let text = self.text(hs, ae);
                    self.b
                        .found(Code::Ipv6Unbracketed, Span::new(hs, ae), None, text);
                    self.b.finish(ae);
                    return;
                }
                let msg = format!(
                    "an IPv6 address in a URI must be enclosed in brackets: '[{}]'; without them \
                     its first ':' would start the port",
                    self.text(hs, ae)
                );
                self.b.error(Code::Ipv6Unbracketed, Span::new(hs, ae), msg);
            } else {
                let he = colon.unwrap_or(ae);
                self.host_name(hs, he);
                if let Some(c) = colon {
                    self.port(c + 1, ae);
                }
            }
        }
        self.b.finish(ae);
    }

    fn userinfo(&mut self, s: usize, e: usize) {
        let (_, non_ascii) = self.scan(Comp::Userinfo, s, e, &T_NONE);
        self.b.leaf(NodeKind::Userinfo, self.n.userinfo, s, e);
        if !O::FULL {
            return;
        }
        if non_ascii {
            self.iri_component(s, e, SPLIT_USERINFO);
        }
        if let Some(k) = self.by[s..e].iter().position(|&c| c == b':')
            && s + k + 1 < e
        {
            self.b.warning(
                Code::UserinfoPassword,
                Span::new(s + k + 1, e),
                "'user:password' in the userinfo is deprecated: whoever sees the URI sees the \
                     password; remove it and authenticate some other way",
            );
        }
    }

    /// The IDNA view of a DNS scheme's reg-name (RFC 3987 §3.1 step 2, UTS #46): its ACE
    /// form as the `ace` attribute, the Unicode form of `xn--` labels as `unicode`, and a
    /// warning naming the UTS #46 error when processing fails. Only a host with non-ASCII,
    /// percent-encoded non-ASCII or `xn--` labels pays (see [`crate::engine::idna`]).
    fn idna_host(&mut self, id: NodeId, hs: usize, he: usize) {
        let host = self.text(hs, he);
        let Some(r) = crate::engine::idna::process_host(host) else {
            return;
        };
        if let Some(ace) = r.ace {
            self.b.attr(id, "ace", ace);
        }
        if let Some(u) = r.unicode {
            self.b.attr(id, "unicode", u);
        }
        if let Some(e) = r.error {
            let spec = if self.iri {
                "RFC 3987 §3.1; UTS #46 §4"
            } else {
                "RFC 3986 §3.2.2; UTS #46 §4"
            };
            let msg = format!(
                "this host is no valid internationalized domain name: UTS #46 processing fails \
                 with {} ({}), so it has no ACE (xn--) form and a DNS lookup of it fails; fix the \
                 label UTS #46 rejects",
                e.code(),
                e.describe()
            );
            self.b
                .warning_in(Code::IdnaInvalid, Span::new(hs, he), spec, msg);
        }
    }

    /// The domain of each address of a "mailto" path (RFC 6068 §2: `to` is a list of
    /// addresses separated by ","): the same UTS #46 check as a host's, with the warning on
    /// the domain. Only a domain with non-ASCII, percent-encoded non-ASCII or `xn--` labels
    /// pays.
    fn idna_mailto(&mut self, s: usize, e: usize) {
        let to = self.text(s, e);
        let mut at = s;
        for addr in to.split(',') {
            let start = at;
            at += addr.len() + 1;
            let Some(k) = addr.rfind('@') else {
                continue;
            };
            let dom = &addr[k + 1..];
            let Some(err) = crate::engine::idna::process_host(dom).and_then(|r| r.error) else {
                continue;
            };
            let ds = start + k + 1;
            let msg = format!(
                "this address's domain is no valid internationalized domain name: UTS #46 \
                 processing fails with {} ({}), so it has no ACE (xn--) form and mail to it \
                 cannot be delivered; fix the label UTS #46 rejects",
                err.code(),
                err.describe()
            );
            self.b
                .warning(Code::IdnaInvalid, Span::new(ds, ds + dom.len()), msg);
        }
    }

    /// host = IPv4address / reg-name (the IP-literal case is [`Self::ip_literal`]).
    fn host_name(&mut self, hs: usize, he: usize) {
        let host_text = &self.by[hs..he];
        let numeric = classify_numeric(host_text);
        if let Numeric::Ipv4 = numeric {
            let id = self.b.leaf(NodeKind::Host, "IPv4address", hs, he);
            self.b.attr(id, "host_type", "ipv4");
            return;
        }
        let (_, non_ascii) = self.scan(Comp::Host, hs, he, &T_NONE);
        let id = self.b.leaf(NodeKind::Host, self.n.reg_name, hs, he);
        self.b.attr(id, "host_type", "reg-name");
        if !O::FULL {
            return;
        }
        if self.dns {
            self.idna_host(id, hs, he);
        }
        let shown = self.text(hs, he);
        match numeric {
            Numeric::BadOctet(ls, le, why) => {
                let part = self.text(hs + ls, hs + le);
                let (code, detail) = match why {
                    OctetError::LeadingZero => (
                        Code::Ipv4LeadingZero,
                        format!(
                            "'{part}' has a leading zero, which dec-octet does not allow; some \
                             resolvers read it as octal"
                        ),
                    ),
                    _ => (Code::Ipv4OctetRange, format!("'{part}' is over 255")),
                };
                let msg = format!(
                    "{detail}, so by the ABNF '{shown}' is a registered name, not an IPv4 \
                     address (first match wins); write the address in dotted decimal with \
                     octets 0-255 and no leading zeros"
                );
                self.b
                    .warning_in(code, Span::new(hs + ls, hs + le), "RFC 3986 §3.2.2", msg);
            }
            Numeric::Shorthand => {
                let msg = format!(
                    "'{shown}' is a registered name by the ABNF (an IPv4address has four \
                     decimal octets), but inet_aton()-style resolvers read it as an IP address \
                     in a shorthand, octal or hex form; write the four octets in decimal"
                );
                self.b
                    .warning(Code::Ipv4LikeRegName, Span::new(hs, he), msg);
            }
            Numeric::No | Numeric::Ipv4 => {}
        }
        if hs == he {
            self.b.note(
                Code::HostEmpty,
                Span::at(hs),
                "the host is empty; the scheme decides what that means (\"file\" reads it as the \
                 local machine, \"http\" forbids it)",
            );
        }
        if non_ascii {
            self.iri_component(hs, he, SPLIT_HOST);
        }
        self.host_case(hs, he);
    }

    /// Notes uppercase letters in a host outside percent-encodings (RFC 3986 §6.2.2.1).
    fn host_case(&mut self, hs: usize, he: usize) {
        if !O::FULL {
            return;
        }
        // RFC 3987 §5.3.2.1 lower-cases only a "US-ASCII only host": a host with other
        // characters keeps its case (the forms say so).
        if self.iri && !pct::is_ascii_only_decoded(self.text(hs, he)) {
            return;
        }
        let by = self.by;
        let mut i = hs;
        let mut upper = false;
        while i < he {
            if by[i] == b'%' && i + 3 <= he && pct::triplet_at(by, i).is_some() {
                i += 3;
                continue;
            }
            upper |= by[i].is_ascii_uppercase();
            i += 1;
        }
        if upper {
            let mut lower = String::with_capacity(he - hs);
            let mut i = hs;
            while i < he {
                if by[i] == b'%' && i + 3 <= he && pct::triplet_at(by, i).is_some() {
                    lower.push_str(self.text(i, i + 3));
                    i += 3;
                    continue;
                }
                let c = self.s[i..].chars().next().unwrap_or('\u{FFFD}');
                lower.push(c.to_ascii_lowercase());
                i += c.len_utf8();
            }
            let msg = format!(
                "the host is case-insensitive and its canonical form is lowercase: '{lower}'"
            );
            self.b.note(Code::HostUppercase, Span::new(hs, he), msg);
        }
    }

    /// IP-literal = "[" ( IPv6address / IPvFuture ) "]": the host is `[hs, he)`, its content
    /// `[cs, ce)`.
    fn ip_literal(&mut self, hs: usize, he: usize, cs: usize, ce: usize) {
        let IpLiteral {
            rule,
            host_type: ty,
            result: res,
        } = check_ip_literal(self.s, hs, he, cs, ce);
        // RFC 3986 §3.2.2: host = IP-literal / ..., IP-literal = "[" ( IPv6address /
        // IPvFuture ) "]": the bracketed host is an IP-literal node with the address inside.
        let id = self.b.start(NodeKind::Host, "IP-literal", hs);
        self.b.attr(id, "host_type", ty);
        if rule != "IP-literal" && res.is_ok() {
            self.b.leaf(NodeKind::Host, rule, cs, ce);
        }
        self.b.finish(he);
        match res {
            Err((code, span, msg)) => {
                if let Some((at, expected)) = ip_literal_expected(self.s, rule, code, span, cs, ce)
                {
                    self.b.expect(at, &expected);
                }
                self.b.error_in(code, span, "RFC 3986 §3.2.2", msg)
            }
            Ok(()) if ty == "ipvfuture" && O::FULL => {
                let msg = ipvfuture_unknown(self.text(cs, ce));
                self.b.note(Code::IpvfutureUnknown, Span::new(cs, ce), msg);
            }
            Ok(()) => {}
        }
        self.host_case(cs, ce);
    }

    /// port = *DIGIT, over `[ps, pe)`; the ":" is at `ps - 1`.
    fn port(&mut self, ps: usize, pe: usize) {
        self.b.leaf(NodeKind::Port, "port", ps, pe);
        if ps == pe {
            self.b.note(
                Code::PortEmpty,
                Span::new(ps - 1, ps),
                "the port is empty; producers and normalizers should omit the ':' too",
            );
            return;
        }
        let text = self.text(ps, pe);
        let mut bad: Option<(usize, usize)> = None;
        for (k, c) in text.char_indices() {
            if !c.is_ascii_digit() {
                let (s0, _) = bad.unwrap_or((ps + k, 0));
                bad = Some((s0, ps + k + c.len_utf8()));
            }
        }
        if let Some((bs, be)) = bad {
            // port = *DIGIT, then the path, query or fragment.
            self.b.expect(bs, &["DIGIT", "\"/\"", "\"?\"", "\"#\""]);
            if !O::FULL {
                let key = self.text(bs, be);
                self.b
                    .found(Code::PortNotDigits, Span::new(bs, be), None, key);
                return;
            }
            let msg = if (bs, be) == (ps, pe) {
                format!(
                    "the port must be decimal digits, and '{text}' is not; if ':' was meant as \
                     data, percent-encode it as %3A"
                )
            } else {
                format!(
                    "the port must be decimal digits, and '{text}' has '{}'; if ':' was meant as \
                     data, percent-encode it as %3A",
                    self.text(bs, be)
                )
            };
            self.b.error(Code::PortNotDigits, Span::new(bs, be), msg);
            return;
        }
        if !O::FULL {
            return;
        }
        let digits = text.trim_start_matches('0');
        if digits.len() > 5 || digits.parse::<u32>().is_ok_and(|v| v > 65535) {
            let msg = format!(
                "port {text} is allowed by the ABNF (port = *DIGIT), but no transport has ports \
                 above 65535"
            );
            self.b.warning(Code::PortTooLarge, Span::new(ps, pe), msg);
        }
    }

    /// The path that starts at `p`; returns where it ends.
    fn path(&mut self, p: usize, e: usize, has_scheme: bool, has_auth: bool) -> usize {
        let by = self.by;
        let n = self.n;
        let at_end = |k: usize| k >= e || matches!(by[k], b'?' | b'#');
        self.dot = None;
        let id = self.b.start(NodeKind::Path, n.path_empty, p);
        let end = if has_auth {
            // path-abempty = *( "/" segment ): the authority ended at "/", "?", "#" or the end.
            self.b.set_rule(id, n.abempty);
            let mut k = p;
            while k < e && by[k] == b'/' {
                k = self.segment(k + 1, e, n.segment, Comp::Segment);
            }
            k
        } else if p < e && by[p] == b'/' {
            // path-absolute = "/" [ segment-nz *( "/" segment ) ]; "//" was taken as an authority.
            self.b.set_rule(id, n.path_absolute);
            if at_end(p + 1) {
                p + 1
            } else {
                let mut k = self.segment(p + 1, e, n.segment_nz, Comp::Segment);
                while k < e && by[k] == b'/' {
                    k = self.segment(k + 1, e, n.segment, Comp::Segment);
                }
                k
            }
        } else if !at_end(p) {
            let (rule, first, comp) = if has_scheme {
                (n.rootless, n.segment_nz, Comp::Segment)
            } else {
                (n.noscheme, n.segment_nz_nc, Comp::FirstSegment)
            };
            self.b.set_rule(id, rule);
            let mut k = self.segment(p, e, first, comp);
            while k < e && by[k] == b'/' {
                k = self.segment(k + 1, e, n.segment, Comp::Segment);
            }
            k
        } else {
            p
        };
        self.b.finish(end);
        if let (true, Some(dot), true) = (has_scheme, self.dot, O::FULL) {
            let normal = crate::engine::path::remove_dot_segments(self.text(p, end));
            if !has_auth && normal.starts_with("//") {
                let msg = format!(
                    "removing the dot-segments (RFC 3986 §5.2.4, §6.2.2.3) turns this path into \
                     '{normal}', which would then be read as an authority: a URI without \
                     authority cannot have a path that starts with '//'; keep a '/.' in front"
                );
                self.b
                    .warning(Code::PathBecomesAuthority, Span::new(p, end), msg);
            } else {
                let msg = format!(
                    "dot-segments in a URI's path are removed by normalization; the path's normal \
                     form is '{normal}'"
                );
                self.b.note(Code::DotSegments, dot, msg);
            }
        }
        end
    }

    /// One segment from `s`; returns where it ends ("/", "?", "#" or `e`).
    fn segment(&mut self, s: usize, e: usize, rule: &'static str, comp: Comp) -> usize {
        let (end, non_ascii) = self.scan(comp, s, e, &T_STOP_PATH);
        self.b.leaf(NodeKind::Segment, rule, s, end);
        if self.dot.is_none() && matches!(&self.by[s..end], b"." | b"..") {
            self.dot = Some(Span::new(s, end));
        }
        if non_ascii {
            self.iri_component(s, end, SPLIT_SEGMENT);
        }
        end
    }

    /// Checks the characters of `comp` from `from`, stopping before a byte of `stop` or at
    /// `to`. Returns where it stopped and whether it saw non-ASCII text.
    fn scan(&mut self, comp: Comp, from: usize, to: usize, stop: &ByteTable) -> (usize, bool) {
        let by = self.by;
        let allowed = comp.allowed();
        let mut i = from;
        let mut non_ascii = false;
        let mut colon_seen = false;
        // Runs of adjacent triplets with lowercase hex / encoding unreserved characters, so
        // that "%7b%7d" gets one note, not two.
        let mut lower: Option<(Span, bool)> = None;
        let mut unres: Option<Span> = None;
        // (`to` never exceeds the input; saying so lets the compiler drop bounds checks.)
        let to = to.min(by.len());
        self.first_seg = None;
        if O::FULL && comp == Comp::FirstSegment {
            let seg = by[from..to]
                .iter()
                .position(|&c| stop.has(c))
                .map_or(to, |k| from + k);
            self.first_seg = by[from..seg]
                .iter()
                .position(|&c| c == b':')
                .map(|k| (from, from + k));
        }
        while i < to {
            // The usual case first: a stretch of allowed bytes, four at a time.
            while let Some(&[c0, c1, c2, c3]) = by.get(i..to).and_then(|t| t.first_chunk::<4>()) {
                if !(allowed.has(c0) & allowed.has(c1) & allowed.has(c2) & allowed.has(c3)) {
                    break;
                }
                i += 4;
            }
            let Some(&c) = by.get(i).filter(|_| i < to) else {
                break;
            };
            if allowed.has(c) {
                i += 1;
                continue;
            }
            if stop.has(c) {
                break;
            }
            if c == b'%' {
                let v = if i + 3 <= to {
                    pct::triplet_at(by, i)
                } else {
                    None
                };
                match v {
                    Some(_) if !O::FULL => i += 3,
                    Some(v) => {
                        let here = Span::new(i, i + 3);
                        let low = by[i + 1..i + 3].iter().any(u8::is_ascii_lowercase);
                        match &mut lower {
                            // A run of adjacent triplets of which at least one is lowercase.
                            Some((r, any)) if r.end == i => {
                                r.end = i + 3;
                                *any |= low;
                            }
                            _ => {
                                self.flush_lower(&mut lower);
                                lower = Some((here, low));
                            }
                        }
                        if chars::UNRESERVED.has(v) {
                            self.extend_run(&mut unres, here);
                        } else {
                            self.flush_run(&mut unres);
                        }
                        i += 3;
                    }
                    None => {
                        self.pct_invalid(i, to);
                        i += 1;
                    }
                }
                continue;
            }
            if c == b':' && comp == Comp::FirstSegment {
                if !colon_seen {
                    colon_seen = true;
                    self.scheme_reading(from, i);
                    comp.expect(self.b, i, self.iri);
                    if !O::FULL {
                        let span = Span::new(i, i + 1);
                        self.b.found(Code::ColonInFirstSegment, span, None, ":");
                        i += 1;
                        continue;
                    }
                    let first = self.text(from, i);
                    let msg = format!(
                        "':' in the first segment of a relative-path reference would be read as \
                         the end of a scheme; prefix the reference with './' (as in \
                         './this:that'). If '{first}' is meant as a scheme, it must start with a \
                         letter and hold only letters, digits, '+', '-' and '.'"
                    );
                    self.b
                        .error(Code::ColonInFirstSegment, Span::new(i, i + 1), msg);
                }
                i += 1;
                continue;
            }
            comp.expect(self.b, i, self.iri);
            if c < 0x80 {
                let s0 = i;
                while i < to
                    && by[i] < 0x80
                    && !allowed.has(by[i])
                    && !stop.has(by[i])
                    && by[i] != b'%'
                {
                    if by[i] == b':' && comp == Comp::FirstSegment {
                        break;
                    }
                    i += 1;
                }
                self.illegal_ascii(comp, s0, i);
                continue;
            }
            non_ascii = true;
            if !self.iri {
                let s0 = i;
                while i < to && by[i] >= 0x80 {
                    i += 1;
                }
                self.non_ascii(comp, s0, i);
                continue;
            }
            let ch = self.s[i..].chars().next().unwrap_or('\u{FFFD}');
            let len = ch.len_utf8();
            self.iri_char(comp, ch, i, i + len);
            i += len;
        }
        self.flush_lower(&mut lower);
        self.flush_run(&mut unres);
        (i, non_ascii)
    }

    fn extend_run(&mut self, run: &mut Option<Span>, here: Span) {
        match run {
            Some(r) if r.end == here.start => r.end = here.end,
            _ => {
                self.flush_run(run);
                *run = Some(here);
            }
        }
    }

    /// Notes a run of triplets that encode unreserved characters. Inline, so that the
    /// usual case, no run, costs a test and no call.
    #[inline(always)]
    fn flush_run(&mut self, run: &mut Option<Span>) {
        if let Some(r) = run.take() {
            self.note_unreserved_run(r);
        }
    }

    fn note_unreserved_run(&mut self, r: Span) {
        let text = self.text(r.start, r.end);
        let msg = format!(
            "'{text}' encodes the unreserved '{}', which should not be encoded; normalizers \
             decode it (RFC 3986 §2.3)",
            pct::decode_lossy(text)
        );
        self.b.note(Code::PctUnreserved, r, msg);
    }

    /// Notes a run of adjacent triplets when one of them has lowercase hex digits. Inline,
    /// like [`Self::flush_run`].
    #[inline(always)]
    fn flush_lower(&mut self, run: &mut Option<(Span, bool)>) {
        if let Some((r, true)) = run.take() {
            self.note_lowercase_run(r);
        }
    }

    fn note_lowercase_run(&mut self, r: Span) {
        let text = self.text(r.start, r.end);
        let msg = format!(
            "hex digits of percent-encodings are case-insensitive and normalized to \
             uppercase: '{}' (RFC 3986 §2.1)",
            pct::uppercase_triplets(text)
        );
        self.b.note(Code::PctLowercase, r, msg);
    }

    /// A "%" at `i` that does not start a `pct-encoded` triplet.
    fn pct_invalid(&mut self, i: usize, to: usize) {
        let by = self.by;
        let mut e = i + 1;
        while e < to && e < i + 3 && by[e].is_ascii_alphanumeric() {
            e += 1;
        }
        // pct-encoded = "%" HEXDIG HEXDIG: the first byte after "%" that is not one.
        let mut h = i + 1;
        while h < to && h < i + 3 && by[h].is_ascii_hexdigit() {
            h += 1;
        }
        self.b.expect(h, &["HEXDIG"]);
        let after = self.text(i + 1, e);
        if !O::FULL {
            // (The message is made from `after` alone.)
            self.b.found(Code::PctInvalid, Span::new(i, e), None, after);
            return;
        }
        // (A literal when nothing follows: a run of "%" repeats it without allocating.)
        let msg: std::borrow::Cow<'static, str> = if after.is_empty() {
            "'%' must start a percent-encoding '%' HEXDIG HEXDIG; to mean a literal '%', write %25"
                .into()
        } else {
            format!(
                "'%' is followed by '{after}', not two hex digits; to mean a literal '%', write %25"
            )
            .into()
        };
        self.b.error(Code::PctInvalid, Span::new(i, e), msg);
    }

    /// Names the characters of `[s, e)` (at most four distinct ones) for a message.
    fn describe_run(&self, s: usize, e: usize) -> (String, usize) {
        chars::describe_run(self.text(s, e))
    }

    fn encode_run(&self, s: usize, e: usize) -> String {
        let mut out = String::with_capacity((e - s) * 3);
        for &b in &self.by[s..e] {
            pct::push_encoded(&mut out, b);
        }
        out
    }

    /// ASCII characters in `[s, e)` that `comp` does not allow.
    /// The first segment `[from, colon)` of a relative reference is followed by "://": if
    /// the text before it was meant as a scheme, the grammar failed at its first byte that no
    /// scheme may hold (scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), RFC 3986 §3.1),
    /// before the ":" that the relative reading rejects (§4.2). Reports that byte, naming
    /// both readings, unless an error already stands there (a character no path may hold
    /// either).
    fn scheme_reading(&mut self, from: usize, colon: usize) {
        let by = self.by;
        // Only where "://" shows a scheme was meant: `this_one:that` is a relative path
        // whose only fault is its ":" (RFC 3986 §4.2's own example).
        if by.get(colon + 1..colon + 3) != Some(b"//") {
            return;
        }
        let Some(k) = (from..colon).find(|&k| {
            let c = by[k];
            if k == from {
                !c.is_ascii_alphabetic()
            } else {
                !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
            }
        }) else {
            return;
        };
        let c = by[k];
        let reported = if c < 0x80 {
            // An ASCII byte a path may not hold has its own error (illegal_ascii), as has
            // "%" not starting a triplet.
            !Comp::FirstSegment.allowed().has(c) && c != b'%'
        } else {
            !self.iri
        };
        if reported || k == from && c.is_ascii() {
            // A scheme starting with a non-letter ASCII byte is read as a (bad) scheme by
            // `reference`, which reports it; not here.
            return;
        }
        let ch = self
            .s
            .get(k..)
            .and_then(|t| t.chars().next())
            .unwrap_or('\u{FFFD}');
        let first = self.text(from, colon);
        if !O::FULL {
            let code = if k == from {
                Code::SchemeStart
            } else {
                Code::SchemeChar
            };
            let span = Span::new(k, k + ch.len_utf8());
            self.b.found(code, span, Some("RFC 3986 §3.1"), first);
            return;
        }
        let (code, what) = if k == from {
            (
                Code::SchemeStart,
                "cannot start a scheme, which starts with a letter",
            )
        } else {
            (
                Code::SchemeChar,
                "cannot be in a scheme, which holds letters, digits, '+', '-' and '.' only",
            )
        };
        let msg = format!(
            "{} {what} (RFC 3986 §3.1): read as a scheme, '{first}' is not one; read as a \
             relative reference, as idbench reads it, the ':' after it cannot be in the first \
             segment of a path (§4.2). If '{first}' is meant as a scheme, spell it with ASCII \
             letters, digits, '+', '-' and '.'; if it is a relative path, prefix it with './'",
            describe(ch)
        );
        self.b
            .error_in(code, Span::new(k, k + ch.len_utf8()), "RFC 3986 §3.1", msg);
    }

    fn illegal_ascii(&mut self, comp: Comp, s: usize, e: usize) {
        if !O::FULL {
            // (The message is made from the run, the component and where the run stands.)
            let sec = self.sec(comp);
            let run = self.text(s, e);
            self.b
                .found(Code::IllegalChar, Span::new(s, e), Some(sec), run);
            return;
        }
        let (names, count) = self.describe_run(s, e);
        let enc = self.encode_run(s, e);
        let (verb, it) = if count == 1 {
            ("is", "it")
        } else {
            ("are", "them")
        };
        if comp == Comp::FirstSegment
            && let Some((from, colon)) = self.first_seg
            && s < colon
        {
            // "ht tp://a/": a scheme meant, or a relative path; neither may hold it.
            let msg = format!(
                "{names} {verb} not allowed in a scheme or in a path: read as a scheme, '{}' is \
                 not one (RFC 3986 §3.1: letters, digits, '+', '-' and '.'); read as a relative \
                 reference, '{}' would be a relative path, where {it} cannot stand either (§3.3). \
                 Remove {it} if '{}' is meant as a scheme; percent-encode {it} as {enc} if the \
                 text is a path",
                self.text(from, colon),
                self.text(from, s),
                self.text(from, colon),
            );
            let sec = self.sec(comp);
            self.b
                .error_in(Code::IllegalChar, Span::new(s, e), sec, msg);
            return;
        }
        let first = self.by[s];
        let hint = match first {
            b'\\' => " (a backslash is not a path separator in URIs: '/' is)",
            b'[' | b']' => " ('[' and ']' are allowed only around an IP literal in the host)",
            b'#' if comp == Comp::Fragment => {
                " (the first '#' starts the fragment; later ones are data)"
            }
            b'@' if comp == Comp::Userinfo => {
                " (the last '@' ends the userinfo; earlier ones are data)"
            }
            _ => "",
        };
        let msg = format!(
            "{names} {verb} not allowed in {}; percent-encode {it} as {enc}{hint}",
            comp.place()
        );
        let sec = self.sec(comp);
        self.b
            .error_in(Code::IllegalChar, Span::new(s, e), sec, msg);
    }

    /// Non-ASCII characters in `[s, e)` under RFC 3986.
    fn non_ascii(&mut self, comp: Comp, s: usize, e: usize) {
        if !O::FULL {
            let run = self.text(s, e);
            self.b.found(Code::NonAscii, Span::new(s, e), None, run);
            return;
        }
        let (names, count) = self.describe_run(s, e);
        let enc = self.encode_run(s, e);
        let (verb, its) = if count == 1 {
            ("is", "its")
        } else {
            ("are", "their")
        };
        let host_hint = if comp == Comp::Host {
            "; for a DNS name, the IDNA A-label ('xn--…') works with more resolvers"
        } else {
            ""
        };
        let msg = format!(
            "{names} {verb} not allowed in a URI, which is ASCII only; percent-encode {its} UTF-8 \
             bytes as {enc}{host_hint}, or read the input as an IRI (profile rfc3987)"
        );
        self.b.error(Code::NonAscii, Span::new(s, e), msg);
    }

    /// One non-ASCII character of an IRI, at `[s, e)`.
    fn iri_char(&mut self, comp: Comp, c: char, s: usize, e: usize) {
        // Nearly every character is an ordinary ucschar with nothing to report: answer that
        // first, before building any name or encoding, which only a diagnostic needs.
        // (U+00A0..U+D7FF is all ucschar, with no non-character and no iprivate.)
        if (0xA0..=0xD7FF).contains(&(c as u32))
            && !chars::is_bidi_control(c)
            && chars::delimiter_lookalike(c).is_none()
            && !chars::is_invisible(c)
        {
            return;
        }
        self.iri_char_slow(comp, c, s, e);
    }

    /// [`Self::iri_char`] for the characters that may need a diagnostic.
    #[cold]
    fn iri_char_slow(&mut self, comp: Comp, c: char, s: usize, e: usize) {
        let span = Span::new(s, e);
        if !O::FULL {
            // The errors of this character (each message is made from it); no warning.
            let code = if chars::is_bidi_format(c) {
                Code::BidiFormatChar
            } else if chars::is_bidi_control(c) {
                return;
            } else if chars::is_noncharacter(c) {
                Code::Noncharacter
            } else if chars::is_iprivate(c) {
                if comp == Comp::Query {
                    return;
                }
                Code::IprivateOutsideQuery
            } else if !chars::is_ucschar(c) {
                Code::IllegalChar
            } else {
                return;
            };
            let ch = self.text(s, e);
            self.b.found(code, span, None, ch);
            return;
        }
        let enc = || self.encode_run(s, e);
        if chars::is_bidi_format(c) {
            let (name, enc) = (describe(c), enc());
            let msg = format!(
                "{name}: IRIs must not contain bidirectional formatting characters, which \
                 change how the IRI is shown without being visible; remove it, or \
                 percent-encode it as {enc} if it is data"
            );
            self.b.error(Code::BidiFormatChar, span, msg);
        } else if chars::is_bidi_control(c) {
            let (name, enc) = (describe(c), enc());
            let msg = format!(
                "{name}: a bidi control that Unicode added after RFC 3987, whose §4.1 list \
                 (LRM, RLM, LRE, RLE, LRO, RLO, PDF) does not name it; it reorders how the IRI \
                 is shown just the same, so remove it, or percent-encode it as {enc} if it is data"
            );
            self.b.warning(Code::BidiControl, span, msg);
        } else if chars::is_noncharacter(c) {
            let (name, enc) = (describe(c), enc());
            let msg = format!(
                "{name}: ucschar excludes the Unicode non-characters; percent-encode it as {enc}"
            );
            self.b.error(Code::Noncharacter, span, msg);
        } else if chars::is_iprivate(c) {
            if comp != Comp::Query {
                let (name, enc) = (describe(c), enc());
                let msg = format!(
                    "{name}: private-use characters (iprivate) are allowed only in the query; \
                     percent-encode it as {enc}"
                );
                self.b.error(Code::IprivateOutsideQuery, span, msg);
            }
        } else if !chars::is_ucschar(c) {
            let (name, enc) = (describe(c), enc());
            let msg = format!(
                "{name} is not allowed in {} (not a ucschar); percent-encode it as {enc}",
                comp.place()
            );
            self.b.error(Code::IllegalChar, span, msg);
        } else if let Some(d) = chars::delimiter_lookalike(c) {
            let (name, enc) = (describe(c), enc());
            let msg = format!(
                "{name} looks like the delimiter '{d}' but is data; a reader may split the IRI \
                 where it does not split. If '{d}' is meant, type it; if not, percent-encode it as {enc}"
            );
            self.b.warning(Code::DelimiterLookalike, span, msg);
        } else if chars::is_invisible(c) {
            let (name, enc) = (describe(c), enc());
            let msg = format!(
                "{name} shows as nothing or as a plain space, so the IRI cannot be transcribed \
                 from its display; remove it or percent-encode it as {enc}"
            );
            self.b.warning(Code::InvisibleChar, span, msg);
        }
    }

    /// The RFC 3987 checks that look at a whole component with non-ASCII text: NFC (§5.3.2.2),
    /// and per piece (cut at `split`) the bidi rules of §4.2 and script mixing (XRI Syntax 2.0
    /// §3.3).
    fn iri_component(&mut self, s: usize, e: usize, split: AsciiSet) {
        if !O::FULL || !self.iri {
            return;
        }
        let text = self.text(s, e);
        // (`is_nfc` answers from the quick check, Yes for nearly all text, and normalizes
        // only on Maybe.)
        if !is_nfc(text) {
            let nfc: String = text.nfc().collect();
            let msg = format!(
                "'{text}' is not in Unicode Normalization Form C; IRIs should be created in NFC, \
                 and comparison never normalizes, so this is a different IRI from the NFC form \
                 '{nfc}', which looks the same but has other code points"
            );
            self.b.warning(Code::NotNfc, Span::new(s, e), msg);
        }
        let by = self.by;
        let mut p = s;
        while p <= e {
            let mut q = p;
            while q < e && !split.has(by[q]) {
                q += 1;
            }
            if by[p..q].iter().any(|&b| b >= 0x80) {
                self.iri_piece(p, q);
            }
            p = q + 1;
        }
    }

    fn iri_piece(&mut self, s: usize, e: usize) {
        let text = self.text(s, e);
        let mut rtl = false;
        let mut scripts: [Option<&'static str>; 3] = [None; 3];
        for c in text.chars() {
            // (`is_rtl` asks `is_alphabetic`, which is slow: once is enough.)
            rtl = rtl || chars::is_rtl(c);
            if let Some(sc) = chars::script_of(c)
                && !scripts.contains(&Some(sc))
                && let Some(slot) = scripts.iter_mut().find(|x| x.is_none())
            {
                *slot = Some(sc);
            }
        }
        // Whether a piece also has left-to-right letters matters only when it has a
        // right-to-left one, and asking `is_alphabetic` of every character is slow.
        let ltr = rtl && text.chars().any(|c| !chars::is_rtl(c) && c.is_alphabetic());
        let span = Span::new(s, e);
        if rtl && ltr {
            let msg = format!(
                "'{text}' mixes right-to-left and left-to-right letters, so its display order \
                 is hard to predict; a component should use one direction, or be percent-encoded"
            );
            self.b.warning(Code::BidiMixedDirection, span, msg);
        } else if rtl {
            let first = text.chars().next().is_some_and(chars::is_rtl);
            let last = text.chars().next_back().is_some_and(chars::is_rtl);
            if !(first && last) {
                let msg = format!(
                    "'{text}' uses right-to-left characters, so it should start and end with one; \
                     digits or symbols at its {} make the display ambiguous",
                    if first { "end" } else { "start" }
                );
                self.b.warning(Code::BidiComponentEdge, span, msg);
            }
        }
        let found = || scripts.iter().flatten();
        // Scripts that are written together (UTS #39 "highly restrictive"): Japanese and
        // Korean text mixes Han with kana or Hangul, and any of them with Latin.
        let japanese = ["Latin", "Han", "Hiragana", "Katakana"];
        let korean = ["Latin", "Han", "Hangul"];
        let ok = found().count() < 2
            || found().all(|s| japanese.contains(s))
            || found().all(|s| korean.contains(s));
        if !ok {
            let found: Vec<&str> = found().copied().collect();
            let msg = format!(
                "'{text}' mixes {} letters; letters of different scripts can look the same \
                 (Latin 'a', Cyrillic 'а'), so check that every character is the one meant",
                found.join(" and ")
            );
            self.b.warning(Code::MixedScript, span, msg);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ip::dec_octet;
    use crate::engine::ip::literal::check_ipvfuture;

    #[test]
    fn ipv6_forms() {
        let ok = [
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::2:3:4:5:6:7:8",
            "::3:4:5:6:7:1.2.3.4",
            "1::3:4:5:6:7:8",
            "1::4:5:6:7:1.2.3.4",
            "1:2::5:6:7:8",
            "1:2:3:4:5::8",
            "1:2:3:4:5:6::8",
            "1:2:3:4:5:6:7::",
            "::",
            "::1",
            "::ffff:192.0.2.1",
            "2001:db8::7",
            "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
        ];
        for a in ok {
            assert_eq!(check_ipv6(a, 0, a.len()).map_err(|e| e.0), Ok(()), "{a}");
        }
        let bad = [
            ("1:2:3:4:5:6:7", "ipv6-too-few-groups"),
            ("1:2:3:4:5:6:7:8:9", "ipv6-too-many-groups"),
            ("1:2:3:4:5:6:7::8", "ipv6-too-many-groups"),
            ("1:2:3:4:5:6::1.2.3.4", "ipv6-too-many-groups"),
            ("1::2::3", "ipv6-multiple-double-colon"),
            ("12345::", "ipv6-group-too-long"),
            (":1:2:3:4:5:6:7", "ipv6-bad-colon"),
            ("1:2:3:4:5:6:7:", "ipv6-bad-colon"),
            ("1:::2", "ipv6-bad-colon"),
            ("::1.2.3.256", "ipv6-bad-ipv4"),
            ("::1.2.3", "ipv6-bad-ipv4"),
            ("::01.2.3.4", "ipv6-bad-ipv4"),
            ("::1.2.3.4:1", "ipv6-bad-ipv4"),
            ("::g", "ipv6-bad-char"),
            ("fe80::1%25eth0", "ipv6-bad-char"),
        ];
        for (a, code) in bad {
            assert_eq!(
                check_ipv6(a, 0, a.len()).map_err(|e| e.0.as_str()),
                Err(code),
                "{a}"
            );
        }
    }

    #[test]
    fn octets_and_numeric_hosts() {
        assert_eq!(dec_octet(b"255"), Ok(255));
        assert_eq!(dec_octet(b"256"), Err(OctetError::TooLarge));
        assert_eq!(dec_octet(b"010"), Err(OctetError::LeadingZero));
        assert_eq!(dec_octet(b"0"), Ok(0));
        assert!(matches!(classify_numeric(b"192.0.2.16"), Numeric::Ipv4));
        assert!(matches!(
            classify_numeric(b"1.2.3.256"),
            Numeric::BadOctet(6, 9, OctetError::TooLarge)
        ));
        assert!(matches!(classify_numeric(b"0x7f.1"), Numeric::Shorthand));
        assert!(matches!(classify_numeric(b"1.2.3.4.5"), Numeric::No));
        assert!(matches!(classify_numeric(b"example.com"), Numeric::No));
    }

    #[test]
    fn dot_segments() {
        // The dot-segments note shows the path through resolve's remove_dot_segments.
        use crate::engine::path::remove_dot_segments;
        // RFC 3986 §5.2.4's two worked examples.
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
        assert_eq!(remove_dot_segments("/.//a"), "//a");
        assert_eq!(remove_dot_segments("/a/.."), "/");
    }

    #[test]
    fn ipvfuture() {
        let ok = "v1.fe80::a+en1";
        assert!(check_ipvfuture(ok, 0, ok.len()).is_ok());
        for bad in ["v.x", "v1x", "v1.", "v1.a/b"] {
            assert!(check_ipvfuture(bad, 0, bad.len()).is_err(), "{bad}");
        }
    }
}
