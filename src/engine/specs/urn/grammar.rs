//! URNs: RFC 2141, draft-ietf-urnbis-rfc2141bis-urn-03 and RFC 8141.
//!
//! One byte scanner serves the three specs; they differ in the NID rule, in the NSS
//! repertoire and in what may follow the NSS:
//!
//! | | root rule | NID | NSS | after the NSS |
//! |---|---|---|---|---|
//! | RFC 2141 | `URN` | 1–32, may end in `-` | `<URN chars>`; `/ ? #` SHOULD NOT | nothing (`? #` are NSS characters) |
//! | rfc2141bis | `URI` (§2) | 2–32, LDH (§2.1) | `1*pchar` (§2.2) | `?` urn-query, `#` fragment |
//! | RFC 8141 | `namestring` | 2–32, LDH | `pchar *(pchar / "/")` | `?+` r-, `?=` q-, `#` f-component |
//!
//! The tree: root `urn`, children `scheme` (the `urn` literal), `nid`, `nss`, then the
//! components. Delimiters (`:`, `?`, `#`, `?+`, `?=`, `=`, `&`) sit in the gaps between
//! nodes. Errors are reported and parsing goes on; what cannot be placed becomes an
//! `unparsed` node with an error. No node is made for a required part that is absent or
//! empty (the error says where it should be); a part that may be empty and is (an empty
//! fragment, an empty directive value) gets an empty node, and so does the `unparsed`
//! child of an empty input.
//!
//! Written by hand rather than with a URI crate: the rules are these three specs' own
//! (RFC 2141's `<trans>`, the draft's directive syntax and service registry, RFC 8141's
//! component delimiters), and every diagnostic cites the section it comes from.

use std::fmt::Write as _;

use crate::engine::chars::{self, ALPHA, AsciiSet, ByteTable, CharClass, DIGIT, LDH};
use crate::engine::codes::{Code, Sections};
use crate::engine::family::looks_like_urn;
use crate::engine::pct;
use crate::engine::tree::{Builder, NodeKind, Span};

/// What one URN spec decides in the shared scanner: the rule names, the sections it cites,
/// the characters of each part, what ends them and the wording of the diagnostics that
/// differ between the specs. One `static` per spec, in its own file
/// ([`super::rfc2141::URN`], [`super::rfc2141bis::URN`], [`super::rfc8141::URN`]).
pub struct UrnSpec {
    /// The root node's rule, as the spec names its top production.
    pub root_rule: &'static str,
    /// Where the spec cites other sections than the codes' defaults.
    pub sections: &'static Sections,
    /// The section of the NID's diagnostics.
    pub sec_nid: &'static str,
    /// The section of a malformed percent-encoding.
    pub sec_percent: &'static str,
    /// The section of a character that must be percent-encoded (and of NUL).
    pub sec_excluded: &'static str,
    /// The section of an excluded character in a directive value.
    pub sec_value: &'static str,
    /// The section of an excluded character in the fragment.
    pub sec_fragment: &'static str,
    /// `?` and `#` end the NID and the NSS (RFC 3986's path ends there); without, they are
    /// NSS characters (RFC 2141).
    pub query_and_fragment_end_nss: bool,
    /// What may follow the NSS.
    pub tail: Tail,
    /// The grammar's names for a NID's first (and last) character.
    pub expect_nid_first: &'static [&'static str],
    /// The grammar's names for a NID's characters, and the `:` that ends it.
    pub expect_nid_char: &'static [&'static str],
    /// Added to the message on a NID character `.` or `+`, when the spec has one to say.
    pub nid_dot_plus: Option<&'static str>,
    /// A one-character NID.
    pub nid_single: NidRule,
    /// A NID that ends with `-`.
    pub nid_trailing_hyphen: NidRule,
    /// The NID `urn`: the section cited and why it is refused.
    pub nid_reserved: (&'static str, &'static str),
    /// RFC 8141 §5's NID classes (informal `urn-` number, experimental `X-`) are marked.
    pub nid_classes: bool,
    /// The grammar's names for an empty NSS's first character.
    pub expect_nss: &'static [&'static str],
    /// An NSS may not start with `/`.
    pub nss_slash_start_error: bool,
    /// The named set of the NSS's characters.
    pub class_nss: &'static CharClass,
    /// The named set of a directive value's characters.
    pub class_value: &'static CharClass,
    /// The named set of the fragment's (and the f-component's) characters.
    pub class_fragment: &'static CharClass,
    /// The named set of the other components' characters.
    pub class_other: &'static CharClass,
    /// What may end the NSS (the fragment and the f-component: nothing ends them).
    pub stops_nss: &'static [&'static str],
    /// What may end a directive value.
    pub stops_value: &'static [&'static str],
    /// What may end the r-component.
    pub stops_r_component: &'static [&'static str],
    /// What may end the other components.
    pub stops_other: &'static [&'static str],
    /// `/`, `?` and `#` are allowed but reserved: a warning on each (RFC 2141 §2.3.2).
    pub reserved_warning: bool,
    /// The message on an unencoded NUL, when it is an error of its own.
    pub nul: Option<&'static str>,
    /// `/`, `[` and `]` MUST NOT appear literally in the NSS (rfc2141bis §2.5.1).
    pub nss_slash_brackets_error: bool,
    /// Added to the message on excluded `&` or `~`, when the spec has one to say.
    pub excluded_amp_tilde: Option<&'static str>,
    /// An excluded character in the NSS ends the URN in running text (its message says so).
    pub nss_ends_in_running_text: bool,
    /// The grammar's name for a hex digit.
    pub hex: &'static str,
    /// The note on the reading of a bare `%`, once per input, when the spec needs one.
    pub pct_reading: Option<&'static str>,
    /// What `%00` is.
    pub pct_nul: PctNul,
    /// Lower-case hex digits: the section cited and the comparison that normalizes them.
    pub pct_lowercase: (&'static str, &'static str),
    /// A triplet that encodes a character that could stand as it is: the first rule that
    /// applies gives a warning.
    pub pct_literal: &'static [PctLiteral],
}

/// What may follow the NSS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    /// Nothing: the NSS runs to the end.
    Nothing,
    /// `[ "?" query ] [ "#" fragment ]`, the query of `key=value` directives.
    QueryFragment,
    /// `[ "?+" r-component ] [ "?=" q-component ] [ "#" f-component ]`, the NSS and what
    /// precedes it wrapped as the `assigned-name`.
    Components,
}

/// How a NID condition is reported.
pub enum NidRule {
    /// A note (the spec allows it), with its message.
    Note(&'static str),
    /// An error: what the grammar expects there, the message and a note that follows it.
    Error {
        /// What the grammar expects where it fails.
        expect: &'static [&'static str],
        /// The error's message.
        message: &'static str,
        /// A note that follows the error.
        then_note: Option<&'static str>,
    },
}

/// What `%00` is.
pub enum PctNul {
    /// Allowed.
    Allowed,
    /// A warning, with its message.
    Warning(&'static str),
    /// An error (at the excluded section), with its message.
    Error(&'static str),
}

/// A warning on a triplet that encodes a character of `set`. The message's `{trip}`,
/// `{name}` and `{ch}` are the triplet, the character's name and the character.
pub struct PctLiteral {
    /// Only in the NSS.
    pub nss_only: bool,
    /// The characters whose triplets are warned about.
    pub set: &'static AsciiSet,
    /// The section the warning cites.
    pub section: &'static str,
    /// The warning's message.
    pub message: &'static str,
}

/// The §9.2.2 "URN Resolution Service Designators" registry of the draft: the known values
/// of the `s` keyword, with their purposes (all "provisional", from RFC 2483 §4).
const SERVICES: [(&str, &str); 9] = [
    ("I2L", "URI to URL"),
    ("I2Ls", "URI to URLs"),
    ("I2R", "URI to resource"),
    ("I2Rs", "URI to resources"),
    ("I2C", "URI to URC"),
    ("I2Cs", "URI to URCs"),
    ("I2N", "URI to URN"),
    ("I2Ns", "URI to URNs"),
    ("I=I", "URI equal to URI?"),
];

/// Parses the whole input as a URN.
pub fn parse(b: &mut Builder<'_>, spec: &'static UrnSpec) {
    let outer = b.set_sections(spec.sections);
    parse_in(b, spec);
    b.set_sections(outer);
}

fn parse_in(b: &mut Builder<'_>, spec: &'static UrnSpec) {
    let input = b.input();
    let len = input.len();
    b.start(NodeKind::Urn, spec.root_rule, 0);
    if !looks_like_urn(input) {
        b.leaf(NodeKind::Unparsed, "", 0, len);
        // The span starts at the first character that breaks "urn:" (`ur:foo:x` at byte 2).
        let at = input
            .bytes()
            .zip(b"urn:")
            .take_while(|(c, u)| c.eq_ignore_ascii_case(u))
            .count();
        let w = input
            .get(at..)
            .and_then(|t| t.chars().next())
            .map_or(0, char::len_utf8);
        // Every URN starts with the literal "urn" ":" (case-insensitive).
        b.expect(at, if at < 3 { &["\"urn\""] } else { &["\":\""] });
        b.error(
            Code::NotAUrn,
            Span::new(at, at + w),
            "a URN starts with \"urn:\" (in any case); this input does not, so it cannot be read as a URN",
        );
        b.finish(len);
        return;
    }
    let mut p = Parser {
        b,
        s: input.as_bytes(),
        input,
        spec,
        lower_noted: false,
        pct_reading_noted: false,
        registered_in_query: None,
    };
    p.urn();
    p.b.finish(len);
}

/// The parts whose characters [`Parser::scan`] checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Nss,
    /// A directive value (rfc2141bis).
    Value,
    Fragment,
    RComponent,
    QComponent,
    FComponent,
}

impl Part {
    const fn name(self) -> &'static str {
        match self {
            Part::Nss => "the NSS",
            Part::Value => "a directive value",
            Part::Fragment => "the fragment",
            Part::RComponent => "the r-component",
            Part::QComponent => "the q-component",
            Part::FComponent => "the f-component",
        }
    }
    const fn char_code(self) -> Code {
        match self {
            Part::Nss => Code::NssChar,
            Part::Value => Code::QueryChar,
            Part::Fragment => Code::FragmentChar,
            Part::RComponent => Code::RComponentChar,
            Part::QComponent => Code::QComponentChar,
            Part::FComponent => Code::FComponentChar,
        }
    }
}

struct Parser<'a, 'i> {
    b: &'a mut Builder<'i>,
    s: &'i [u8],
    input: &'i str,
    spec: &'static UrnSpec,
    /// A note about lower-case hex digits has been given (once per input is enough).
    lower_noted: bool,
    /// RFC 2141's "%" reading has been noted.
    pct_reading_noted: bool,
    /// Whether the query has an "s" and a "c" directive (computed once, when first asked).
    registered_in_query: Option<(bool, bool)>,
}

/// Index of the first byte in `s[from..to]` that satisfies `f`, or `to`.
#[inline]
fn find(s: &[u8], from: usize, to: usize, f: impl Fn(u8) -> bool) -> usize {
    let to = to.min(s.len());
    let from = from.min(to);
    s[from..to]
        .iter()
        .position(|&c| f(c))
        .map_or(to, |i| from + i)
}

/// Index of the first `?` in `s[from..]` followed by one of `next`, or of the first `#`, or
/// `s.len()`.
fn find_component_end(s: &[u8], from: usize, next: &[u8]) -> usize {
    let mut i = from;
    while i < s.len() {
        match s[i] {
            b'#' => return i,
            b'?' if s.get(i + 1).is_some_and(|c| next.contains(c)) => return i,
            _ => i += 1,
        }
    }
    s.len()
}

impl Parser<'_, '_> {
    /// Width in bytes of the character at `i` (1 past the end or off a boundary).
    fn width(&self, i: usize) -> usize {
        self.input
            .get(i..)
            .and_then(|t| t.chars().next())
            .map_or(1, char::len_utf8)
    }

    /// `input[a..b]`, or "" if that is not a valid slice.
    fn text(&self, a: usize, b: usize) -> &str {
        self.input.get(a..b).unwrap_or("")
    }

    fn urn(&mut self) {
        let s = self.s;
        let len = s.len();
        let start = self.b.checkpoint();
        self.b.leaf(NodeKind::Scheme, "\"urn\"", 0, 3);
        // The NID runs to the ':' before the NSS. Under rfc2141bis and RFC 8141 '?' and '#'
        // end the URI path (RFC 3986 §3.3), so they end a NID that has no ':' after it;
        // under RFC 2141 they are ordinary (if reserved) characters.
        let nid_end = if self.spec.query_and_fragment_end_nss {
            find(s, 4, len, |c| matches!(c, b':' | b'?' | b'#'))
        } else {
            find(s, 4, len, |c| c == b':')
        };
        if nid_end == 4 {
            if len == 4 {
                self.b.error(
                    Code::NidMissing,
                    Span::at(4),
                    "the URN stops after \"urn:\": a URN is \"urn:\" NID \":\" NSS; add the namespace identifier, a ':' and the namespace-specific string",
                );
                return;
            }
            // NID's first character: a letter or digit.
            self.b.expect(4, self.spec.expect_nid_first);
            self.b.error(
                Code::NidEmpty,
                Span::at(4),
                "the namespace identifier between \"urn:\" and the next delimiter is empty; write the NID (for example \"isbn\") there",
            );
        } else {
            self.nid(4, nid_end);
        }
        let mut pos = nid_end;
        if pos >= len {
            self.b.expect(len, &["\":\""]);
            self.b.error(
                Code::NssMissing,
                Span::at(len),
                "the URN ends after the NID: a URN is \"urn:\" NID \":\" NSS; add ':' and the namespace-specific string",
            );
            return;
        }
        if s[pos] == b':' {
            let nss_start = pos + 1;
            let nss_end = if self.spec.query_and_fragment_end_nss {
                find(s, nss_start, len, |c| c == b'?' || c == b'#')
            } else {
                len
            };
            self.nss(nss_start, nss_end);
            pos = nss_end;
        } else {
            let found = s[pos] as char;
            self.b.expect(pos, &["\":\""]);
            self.b.error(
                Code::NssMissing,
                Span::at(pos),
                format!(
                    "expected ':' and the namespace-specific string after the NID, found '{found}': a URN is \"urn:\" NID \":\" NSS before any '?' or '#'"
                ),
            );
        }
        match self.spec.tail {
            Tail::Nothing => {}
            Tail::QueryFragment => self.bis_tail(pos),
            Tail::Components => {
                // RFC 8141 §2: namestring = assigned-name [ rq-components ] [ "#" f-component ].
                self.b.wrap(
                    start,
                    NodeKind::AssignedName,
                    "assigned-name",
                    Span::new(0, pos),
                );
                self.rfc8141_tail(pos);
            }
        }
    }

    // ---------------------------------------------------------------- NID

    fn nid(&mut self, ns: usize, ne: usize) {
        let s = self.s;
        let id = self.b.leaf(NodeKind::Nid, "NID", ns, ne);
        let spec = self.spec;
        let sec = spec.sec_nid;
        // Characters: letters, digits, '-'; runs of anything else get one error each.
        let mut i = ns;
        while i < ne {
            if LDH.has(s[i]) {
                i += 1;
                continue;
            }
            let start = i;
            // The NID's characters, or the ":" that ends it.
            self.b.expect(start, spec.expect_nid_char);
            while i < ne && !LDH.has(s[i]) {
                i += self.width(i);
            }
            i = i.min(ne);
            let t = self.text(start, i);
            let mut msg = format!(
                "{t:?} cannot appear in a NID: a namespace identifier is ASCII letters, digits and '-', and has no percent-encoding"
            );
            if let Some(more) = spec.nid_dot_plus
                && t.bytes().any(|c| c == b'.' || c == b'+')
            {
                msg.push_str(more);
            }
            self.b
                .error_in(Code::NidChar, Span::new(start, i), sec, msg);
        }
        let n = ne - ns;
        if s[ns] == b'-' {
            self.b.expect(ns, spec.expect_nid_first);
            self.b.error_in(
                Code::NidStart,
                Span::new(ns, ns + 1),
                sec,
                "a NID must start with a letter or digit, not '-'",
            );
        }
        if n == 1 && s[ns] != b'-' {
            // The grammar fails at the byte after the one character.
            let end = if ne < s.len() {
                ne + std::str::from_utf8(&s[ne..])
                    .ok()
                    .and_then(|t| t.chars().next())
                    .map_or(1, char::len_utf8)
            } else {
                ne
            };
            // A count error: after one character the NID needs another before ":".
            self.nid_rule(
                &spec.nid_single,
                Code::NidSingleChar,
                Code::NidTooShort,
                (Span::new(ns, ne), Span::new(ne, end)),
                ne,
            );
        }
        if n >= 2 && s[ne - 1] == b'-' {
            let at = Span::new(ne - 1, ne);
            self.nid_rule(
                &spec.nid_trailing_hyphen,
                Code::NidTrailingHyphen,
                Code::NidEnd,
                (at, at),
                ne,
            );
        }
        // Lengths count characters (a non-ASCII one is already an error above).
        if let Some((off, _)) = self.text(ns, ne).char_indices().nth(32) {
            // After 32 characters only the ":" that ends the NID.
            self.b.expect(ns + off, &["\":\""]);
            let count = self.text(ns, ne).chars().count();
            self.b.error_in(
                Code::NidTooLong,
                Span::new(ns + off, ne),
                sec,
                format!(
                    "the NID has {count} characters; at most 32 are allowed: the excess is marked"
                ),
            );
        }
        let t = &s[ns..ne];
        if t.eq_ignore_ascii_case(b"urn") {
            // RFC 8141's ABNF admits "urn"; the reservation comes from RFC 2141 §2.1 and the
            // draft's §2.1 (and the IANA note of its §9.1), and no namespace can be
            // registered under it.
            let (cite, why) = spec.nid_reserved;
            self.b.error_in(
                Code::NidReserved,
                Span::new(ns, ne),
                cite,
                format!("the NID \"urn\" would be confused with the scheme name; {why}"),
            );
        }
        if spec.nid_classes {
            self.rfc8141_nid_class(id, ns, ne);
        }
    }

    /// Reports a NID condition as `rule` says: a note (`note` code, at `spans.0`) or an
    /// error (`error` code, at `spans.1`, what the grammar expects recorded at `expect_at`).
    fn nid_rule(
        &mut self,
        rule: &NidRule,
        note: Code,
        error: Code,
        spans: (Span, Span),
        expect_at: usize,
    ) {
        let sec = self.spec.sec_nid;
        match *rule {
            NidRule::Note(message) => self.b.note_in(note, spans.0, sec, message),
            NidRule::Error {
                expect,
                message,
                then_note,
            } => {
                self.b.expect(expect_at, expect);
                self.b.error_in(error, spans.1, sec, message);
                if let Some(more) = then_note {
                    self.b.note(Code::NidAppendixB, spans.0, more);
                }
            }
        }
    }

    /// RFC 8141 §5: informal namespaces (`urn-` number, §5.2) and the experimental `X-`
    /// NIDs of RFC 3406, which RFC 8141 dropped.
    fn rfc8141_nid_class(&mut self, id: usize, ns: usize, ne: usize) {
        let t = &self.s[ns..ne];
        if t.len() > 4 && t[..4].eq_ignore_ascii_case(b"urn-") {
            let num = &t[4..];
            let ok = num.first().is_some_and(|&c| (b'1'..=b'9').contains(&c))
                && num.iter().all(|&c| DIGIT.has(c));
            if ok {
                self.b.attr(id, "class", "informal");
                self.b.note(
                    Code::NidInformal,
                    Span::new(ns, ne),
                    "an informal namespace: \"urn-\" followed by a number, which IANA assigns; not a formal (registered-name) namespace",
                );
            } else {
                self.b.warning(
                    Code::NidInformalMalformed,
                    Span::new(ns, ne),
                    "NIDs starting with \"urn-\" are reserved for informal namespaces, InformalNamespaceName = \"urn-\" Number, where Number has no leading zero; this NID is neither that nor a possible formal NID",
                );
            }
        } else if t.len() > 2 && t[..2].eq_ignore_ascii_case(b"x-") {
            self.b.attr(id, "class", "experimental");
            self.b.note(
                Code::NidExperimental,
                Span::new(ns, ne),
                "an experimental \"X-\" NID in the style of RFC 3406; RFC 8141 obsoletes RFC 3406 and knows only formal and informal namespaces, none experimental: use a registered NID, an informal \"urn-\" <number> one, or \"example\" (RFC 6963) for examples",
            );
        }
    }

    // ---------------------------------------------------------------- NSS

    fn nss(&mut self, ns: usize, ne: usize) {
        if ns >= ne {
            // NSS = 1*<URN chars> (RFC 2141: <trans> or "%" <hex> <hex>), 1*pchar
            // (rfc2141bis), pchar *( … ) (RFC 8141).
            self.b.expect(ns, self.spec.expect_nss);
            self.b.error(
                Code::NssEmpty,
                Span::at(ns),
                "the namespace-specific string after the NID's ':' is empty; it needs at least one character",
            );
            return;
        }
        self.b.leaf(NodeKind::Nss, "NSS", ns, ne);
        if self.spec.nss_slash_start_error && self.s[ns] == b'/' {
            // NSS = pchar *( pchar / "/" ): its first character is a pchar.
            self.b.expect(ns, &["pchar"]);
            self.b.error(
                Code::NssStart,
                Span::new(ns, ns + 1),
                "the NSS cannot start with '/': NSS = pchar *(pchar / \"/\"); percent-encode it as %2F",
            );
        }
        self.scan(ns, ne, Part::Nss);
    }

    /// What the grammar accepts where a scan of `part` stops on a byte it cannot take: the
    /// rule's characters (what [`Self::allowed`] encodes, "%" included) and what may end it.
    /// Recorded with [`crate::engine::tree::Builder::expect`].
    /// Records what the grammar accepts where a scan of `part` stops on a byte it cannot
    /// take: its class's alternatives ("%" included) and what may end it.
    fn expect_part(&mut self, at: usize, part: Part) {
        let (alternatives, stops) = (self.class(part).expected, self.stops(part));
        self.b.expect(at, alternatives);
        self.b.expect(at, stops);
    }

    /// The named set `part` is scanned with: what [`Self::allowed`] encodes and what
    /// [`Self::expected`] names come both from it.
    fn class(&self, part: Part) -> &'static CharClass {
        match part {
            Part::Nss => self.spec.class_nss,
            Part::Value => self.spec.class_value,
            Part::Fragment | Part::FComponent => self.spec.class_fragment,
            // query and the RFC 8141 components: pchar / "/" / "?"
            Part::RComponent | Part::QComponent => self.spec.class_other,
        }
    }

    /// What may end `part`, after its class's alternatives in an "expected" list.
    fn stops(&self, part: Part) -> &'static [&'static str] {
        match part {
            Part::Fragment | Part::FComponent => &[],
            Part::Nss => self.spec.stops_nss,
            Part::Value => self.spec.stops_value,
            Part::RComponent => self.spec.stops_r_component,
            Part::QComponent => self.spec.stops_other,
        }
    }

    /// The characters allowed literally in `part` (`%` never is: it is checked apart).
    fn allowed(&self, part: Part) -> &'static ByteTable {
        &self.class(part).table
    }

    /// Checks every character of `s[start..end]` as part of `part`.
    fn scan(&mut self, start: usize, end: usize, part: Part) {
        let s = self.s;
        let allowed = self.allowed(part);
        let end = end.min(s.len());
        let mut i = start;
        // Under RFC 2141 some allowed characters still get a warning; elsewhere a stretch of
        // allowed bytes needs nothing, so take it four at a time.
        let skip = !self.spec.reserved_warning;
        while i < end {
            if skip {
                while let Some(&[c0, c1, c2, c3]) = s.get(i..end).and_then(|t| t.first_chunk::<4>())
                {
                    if !(allowed.has(c0) & allowed.has(c1) & allowed.has(c2) & allowed.has(c3)) {
                        break;
                    }
                    i += 4;
                }
                if i >= end {
                    break;
                }
            }
            let c = s[i];
            if allowed.has(c) {
                if self.spec.reserved_warning && matches!(c, b'/' | b'?' | b'#') {
                    self.reserved_unencoded(i);
                }
                i += 1;
            } else if c == b'%' {
                i = self.percent(i, end, part);
            } else if let Some(msg) = self.spec.nul.filter(|_| c == 0) {
                self.expect_part(i, part);
                let sec = self.spec.sec_excluded;
                self.b
                    .error_in(Code::NulOctet, Span::new(i, i + 1), sec, msg);
                i += 1;
            } else if self.spec.nss_slash_brackets_error
                && part == Part::Nss
                && matches!(c, b'/' | b'[' | b']')
            {
                self.expect_part(i, part);
                self.bis_delimiter_in_nss(i);
                i += 1;
            } else {
                // A run of characters that must be percent-encoded: one error for the run.
                let run = i;
                self.expect_part(run, part);
                while i < end {
                    let c = s[i];
                    let stop = allowed.has(c)
                        || c == b'%'
                        || (c == 0 && self.spec.nul.is_some())
                        || (self.spec.nss_slash_brackets_error
                            && part == Part::Nss
                            && matches!(c, b'/' | b'[' | b']'));
                    if stop {
                        break;
                    }
                    i += self.width(i);
                }
                let i2 = i.min(end);
                self.excluded(run, i2, part);
                i = i2;
            }
        }
    }

    /// RFC 2141 §2.3.2: "/", "?" and "#" SHOULD NOT be used unencoded.
    fn reserved_unencoded(&mut self, i: usize) {
        let c = self.s[i] as char;
        let mut enc = String::new();
        pct::push_encoded(&mut enc, self.s[i]);
        let later = if c == '/' {
            "RFC 8141 allows '/' in the NSS, rfc2141bis does not"
        } else {
            "rfc2141bis and RFC 8141 make it a delimiter that ends the NSS"
        };
        self.b.warning(
            Code::ReservedUnencoded,
            Span::new(i, i + 1),
            format!(
                "{} is reserved for future developments: namespace developers SHOULD NOT use it unencoded; write {enc} ({later})",
                chars::describe(c)
            ),
        );
    }

    /// rfc2141bis §2.5.1: "/", "[" and "]" MUST NOT appear literally in the NSS.
    fn bis_delimiter_in_nss(&mut self, i: usize) {
        let c = self.s[i];
        let mut enc = String::new();
        pct::push_encoded(&mut enc, c);
        let why = if c == b'/' {
            "a URN's path is a single segment, so '/' MUST NOT appear literally in the NSS (RFC 8141 later allows it)"
        } else {
            "square brackets are not allowed literally in the NSS, for conformance with the generic URI syntax"
        };
        self.b.error(
            Code::NssChar,
            Span::new(i, i + 1),
            format!(
                "{why}; percent-encode {} as {enc}",
                chars::describe(c as char)
            ),
        );
    }

    /// An error for a run of characters that must be percent-encoded.
    fn excluded(&mut self, a: usize, b: usize, part: Part) {
        let t = self.text(a, b);
        let mut enc = String::new();
        for ch in t.chars() {
            pct::push_encoded_char(&mut enc, ch);
        }
        let (names, count) = chars::describe_run(t);
        let (verb, it) = if count == 1 {
            ("is", "it")
        } else {
            ("are", "them")
        };
        let ascii = if t.is_ascii() {
            String::new()
        } else {
            format!(" not ASCII and {verb}")
        };
        let mut msg = format!(
            "{names} {verb}{ascii} not allowed in {}; percent-encode {it} as {enc}",
            part.name()
        );
        if let Some(more) = self.spec.excluded_amp_tilde
            && t.bytes().any(|c| c == b'&' || c == b'~')
        {
            msg.push_str(more);
        }
        if part == Part::Nss && self.spec.nss_ends_in_running_text {
            // RFC 2141 §2.4 / rfc2141bis §2.5.3: in running text the URN (NSS) ends there.
            msg.push_str("; in running text the URN would be taken to end before it");
        }
        if matches!(part, Part::Fragment | Part::FComponent) && t.contains('#') {
            msg.push_str(" (a second '#' cannot start another fragment)");
        }
        let sec = match part {
            Part::Value => self.spec.sec_value,
            Part::Fragment => self.spec.sec_fragment,
            _ => self.spec.sec_excluded,
        };
        self.b.error_in(part.char_code(), Span::new(a, b), sec, msg);
    }

    /// Checks the `%` at `i`; returns where scanning goes on.
    fn percent(&mut self, i: usize, end: usize, part: Part) -> usize {
        let s = self.s;
        let h = |k: usize| k < end && pct::hex_val(s[k]).is_some();
        if !(h(i + 1) && h(i + 2)) {
            let j = if h(i + 1) { i + 2 } else { i + 1 };
            let sec = self.spec.sec_percent;
            self.b.expect(j, std::slice::from_ref(&self.spec.hex));
            self.b.error_in(
                Code::PctMalformed,
                Span::new(i, j),
                sec,
                "'%' must be followed by two hex digits (a %HH triplet); a literal '%' is written %25",
            );
            if let Some(reading) = self.spec.pct_reading
                && !self.pct_reading_noted
            {
                self.pct_reading_noted = true;
                self.b.note(Code::PctReading, Span::new(i, i + 1), reading);
            }
            return j;
        }
        let v = pct::triplet_at(s, i).unwrap_or(0);
        let span = Span::new(i, i + 3);
        // Borrowed from the input, not copied: most triplets get no diagnostic.
        let input = self.input;
        let trip = input.get(i..i + 3).unwrap_or("");
        if v == 0 {
            match self.spec.pct_nul {
                PctNul::Allowed => {}
                PctNul::Warning(msg) => self.b.warning(Code::PctNul, span, msg),
                PctNul::Error(msg) => {
                    self.b
                        .error_in(Code::PctNul, span, self.spec.sec_excluded, msg)
                }
            }
        }
        if !self.lower_noted && (s[i + 1].is_ascii_lowercase() || s[i + 2].is_ascii_lowercase()) {
            self.lower_noted = true;
            let upper = trip.to_ascii_uppercase();
            let (cite, cmp) = self.spec.pct_lowercase;
            self.b.note_in(
                Code::PctLowercase,
                span,
                cite,
                format!(
                    "{trip} uses lower-case hex digits, which are allowed; {cmp}, so {trip} and {upper} compare equal. Writing them upper-case, as a canonical form does, is optional"
                ),
            );
        }
        self.pct_literal(span, v, part, trip);
        i + 3
    }

    /// A warning when a triplet encodes a character that could have stood as it is.
    fn pct_literal(&mut self, span: Span, v: u8, part: Part, trip: &str) {
        let ch = v as char;
        let Some(rule) = self
            .spec
            .pct_literal
            .iter()
            .find(|r| (!r.nss_only || part == Part::Nss) && r.set.has(v))
        else {
            return;
        };
        let name = chars::CharName(ch).to_string();
        let msg = rule
            .message
            .replace("{trip}", trip)
            .replace("{name}", &name)
            .replace("{ch}", ch.encode_utf8(&mut [0; 4]));
        self.b
            .warning_in(Code::PctUnreserved, span, rule.section, msg);
    }

    // ---------------------------------------------------------------- rfc2141bis

    /// The draft's `[ "?" query ] [ "#" fragment ]` after the NSS, from `pos`.
    fn bis_tail(&mut self, mut pos: usize) {
        let s = self.s;
        let len = s.len();
        if pos < len && s[pos] == b'?' {
            let qe = find(s, pos + 1, len, |c| c == b'#');
            self.bis_query(pos, qe);
            pos = qe;
        }
        if pos < len && s[pos] == b'#' {
            self.b.note(
                Code::FragmentInAssigned,
                Span::new(pos, len),
                "a fragment MUST NOT be present in an assigned URN; it MAY appear in a URI reference to a URN, and only for a namespace whose registration specifies fragment usage (otherwise URNs of that namespace MUST NOT contain one). The client applies it to what resolution returns; it is not sent to the resolver",
            );
            self.b.leaf(NodeKind::Fragment, "fragment", pos + 1, len);
            self.scan(pos + 1, len, Part::Fragment);
        }
    }

    /// The query from the '?' at `q` to `qe`: urn-query = directive *( "&" directive ).
    fn bis_query(&mut self, q: usize, qe: usize) {
        let s = self.s;
        self.b.note(
            Code::QueryInAssigned,
            Span::new(q, qe),
            "a query MUST NOT be present in an assigned URN; it can only be added in a URI reference to a URN, to ask a URN resolution service for something (lexical equivalence removes it under objective 5a, §5)",
        );
        let qs = q + 1;
        if qs >= qe {
            self.b.expect(qs, &["directive"]);
            self.b.error(
                Code::QueryEmpty,
                Span::new(q, qs),
                "an empty query: urn-query = directive *( \"&\" directive ) needs at least one keyword=value directive; remove the '?' or add a directive",
            );
            return;
        }
        self.b.start(NodeKind::Query, "urn-query", qs);
        let mut seen_s = false;
        let mut seen_c = false;
        let mut ds = qs;
        loop {
            let de = find(s, ds, qe, |c| c == b'&');
            if ds == de {
                self.b.expect(ds, &["directive"]);
                let amp = if de < qe {
                    Span::new(de, de + 1)
                } else {
                    Span::new(ds - 1, ds)
                };
                self.b.error(
                    Code::DirectiveEmpty,
                    amp,
                    "an empty directive: directives are keyword=value, separated by single '&' characters; remove the extra '&'",
                );
            } else {
                self.directive(ds, de, &mut seen_s, &mut seen_c);
            }
            if de >= qe {
                break;
            }
            ds = de + 1;
        }
        self.b.finish(qe);
    }

    /// One directive `s[ds..de]` (not empty): keywd "=" value.
    fn directive(&mut self, ds: usize, de: usize, seen_s: &mut bool, seen_c: &mut bool) {
        let s = self.s;
        let d = self.b.start(NodeKind::Directive, "directive", ds);
        let eq = find(s, ds, de, |c| c == b'=');
        let kw_ok = if eq > ds {
            self.b.leaf(NodeKind::Keyword, "keywd", ds, eq);
            self.keyword(ds, eq)
        } else {
            self.b.expect(ds, &["keywd"]);
            self.b.error(
                Code::KeywordEmpty,
                Span::new(ds, ds + 1),
                "a directive needs a keyword before '=': keywd = ALPHA *( [\"-\"] (ALPHA / DIGIT) )",
            );
            false
        };
        let mut value = None;
        if eq < de {
            let id = self.b.leaf(NodeKind::Value, "value", eq + 1, de);
            self.scan(eq + 1, de, Part::Value);
            value = Some((id, eq + 1, de));
        } else {
            // directive = keywd "=" value: the "=" was expected where the directive ends.
            self.b.expect(de, &["\"=\""]);
            // The grammar fails after the longest keywd, ALPHA *( ["-"] (ALPHA / DIGIT) ),
            // where "=" was expected.
            let mut k = ds;
            if k < de && s[k].is_ascii_alphabetic() {
                k += 1;
                while k < de {
                    if s[k].is_ascii_alphanumeric() {
                        k += 1;
                    } else if s[k] == b'-' && k + 1 < de && s[k + 1].is_ascii_alphanumeric() {
                        k += 2;
                    } else {
                        break;
                    }
                }
            }
            let end = if k < s.len() {
                k + std::str::from_utf8(&s[k..])
                    .ok()
                    .and_then(|t| t.chars().next())
                    .map_or(1, char::len_utf8)
            } else {
                k
            };
            self.b.error(
                Code::DirectiveNoEquals,
                Span::new(k, end),
                format!(
                    "{:?} has no '=': a directive is keywd \"=\" value (the value may be empty); \
                     write '=' after the keyword {:?}",
                    self.text(ds, de),
                    self.text(ds, k)
                ),
            );
        }
        let kw = &s[ds..eq];
        let known = kw_ok && (kw == b"s" || kw == b"c");
        self.b.attr(d, "known", if known { "yes" } else { "no" });
        if known {
            let seen = if kw == b"s" {
                &mut *seen_s
            } else {
                &mut *seen_c
            };
            if *seen {
                let k = kw[0] as char;
                self.b.error(
                    Code::KeywordRepeated,
                    Span::new(ds, eq),
                    format!(
                        "the registered keyword '{k}' appears more than once; each registered keyword MUST NOT appear more than once, and a resolver that receives this MUST ignore every '{k}' directive in it. Keep one"
                    ),
                );
            }
            *seen = true;
            if kw == b"s" {
                if let Some((id, vs, ve)) = value {
                    self.service(id, vs, ve);
                }
            } else {
                self.b.note(
                    Code::ComponentDirective,
                    Span::new(ds, de),
                    "'c' names a component of a structured resource: its applicability, values and meaning are namespace-specific, and it works only if this NID's namespace registration adopts it and lists the values its resolvers support",
                );
            }
        } else if kw_ok {
            if kw.eq_ignore_ascii_case(b"s") || kw.eq_ignore_ascii_case(b"c") {
                let lower = kw[0].to_ascii_lowercase();
                // Advice must not create a new error: if the query already has the registered
                // keyword, writing it here would repeat it, which §2.3 forbids.
                // One scan of the query per URN, however many directives ask.
                let (has_s, has_c) = *self.registered_in_query.get_or_insert_with(|| {
                    let q0 = s.iter().position(|&c| c == b'?').map_or(s.len(), |k| k + 1);
                    let q1 = s[q0..]
                        .iter()
                        .position(|&c| c == b'#')
                        .map_or(s.len(), |k| q0 + k);
                    let has = |k: u8| {
                        s[q0..q1]
                            .split(|&c| c == b'&')
                            .any(|d| d.split(|&c| c == b'=').next() == Some(&[k][..]))
                    };
                    (has(b's'), has(b'c'))
                });
                let taken = if lower == b's' { has_s } else { has_c };
                let lower = lower as char;
                let advice = if taken {
                    format!(
                        "'{lower}' is already given in this query, and each registered keyword MUST NOT appear more than once: merge the two directives, or drop this one"
                    )
                } else {
                    format!("write '{lower}'")
                };
                self.b.warning(
                    Code::KeywordCase,
                    Span::new(ds, eq),
                    format!(
                        "directives are case-sensitive, so this is not the registered keyword '{lower}'; {advice}"
                    ),
                );
            } else {
                self.b.note(
                    Code::KeywordUnknown,
                    Span::new(ds, eq),
                    "not a registered keyword (the draft registers 's' and 'c'); resolvers are expected to ignore keywords they do not support and fall back to the namespace's default behavior (§2.3)",
                );
            }
        }
        self.b.finish(de);
    }

    /// Checks keywd = ALPHA *( ["-"] (ALPHA / DIGIT) ) over `s[a..b]` (not empty); true
    /// when it conforms.
    fn keyword(&mut self, a: usize, b: usize) -> bool {
        let s = self.s;
        let bad = |at: usize, w: usize, why: &str, p: &mut Self| {
            let t = p.text(at, at + w).to_string();
            // What keywd takes at `at`: a letter first; then letters, digits, one "-" at a
            // time; "=" ends it (after a letter or digit).
            let what: &'static [&'static str] = if at == a {
                &["ALPHA"]
            } else if s[at - 1] == b'-' {
                &["ALPHA", "DIGIT"]
            } else {
                &["ALPHA", "DIGIT", "\"-\"", "\"=\""]
            };
            p.b.expect(at, what);
            p.b.error(
                Code::KeywordSyntax,
                Span::new(at, at + w),
                format!("{t:?} {why}: keywd = ALPHA *( [\"-\"] (ALPHA / DIGIT) ), letters and digits with single inner hyphens"),
            );
            false
        };
        if let Some(i) = (a..b).find(|&i| !LDH.has(s[i])) {
            let w = self.width(i);
            return bad(i, w, "cannot appear in a keyword", self);
        }
        if !ALPHA.has(s[a]) {
            return bad(
                a,
                1,
                "cannot start a keyword, which starts with a letter",
                self,
            );
        }
        if let Some(i) = (a + 1..b).find(|&i| s[i] == b'-' && s[i - 1] == b'-') {
            return bad(i, 1, "is a second hyphen in a row", self);
        }
        if s[b - 1] == b'-' {
            return bad(b - 1, 1, "cannot end a keyword", self);
        }
        true
    }

    /// The value of an `s` directive: a §9.2.2 service name.
    fn service(&mut self, id: usize, vs: usize, ve: usize) {
        let v = &self.s[vs..ve];
        if let Some((_, purpose)) = SERVICES.iter().find(|(n, _)| n.as_bytes() == v) {
            self.b.attr(id, "service", *purpose);
            self.b.attr(id, "status", "provisional");
            return;
        }
        let names: Vec<&str> = SERVICES.iter().map(|(n, _)| *n).collect();
        let t = self.text(vs, ve).to_string();
        let mut msg = if t.is_empty() {
            "an empty service name".to_string()
        } else {
            format!("{t:?} is not a registered service")
        };
        let _ = write!(
            msg,
            "; the registered ones are {}. A resolver that does not understand it MUST fall back to the namespace's default service (§2.3.1)",
            names.join(", ")
        );
        if let Some((n, _)) = SERVICES
            .iter()
            .find(|(n, _)| n.as_bytes().eq_ignore_ascii_case(v))
        {
            let _ = write!(msg, ". Directives are case-sensitive: did you mean {n}?");
        } else if v == b"I2U" {
            msg.push_str(
                ". §2.3.1's own example writes s=I2U for RFC 2483 §4.1 (URI to URL), but §9.2.2 registers that service as I2L",
            );
        }
        let span = if vs < ve {
            Span::new(vs, ve)
        } else {
            Span::at(vs)
        };
        self.b.warning(Code::ServiceUnknown, span, msg);
    }

    // ---------------------------------------------------------------- RFC 8141

    /// `[ "?+" r-component ] [ "?=" q-component ] [ "#" f-component ]` from `pos`.
    fn rfc8141_tail(&mut self, mut pos: usize) {
        let s = self.s;
        let len = s.len();
        let (rq_start, rq) = (pos, self.b.checkpoint());
        // rq-components = [ "?+" r-component ] [ "?=" q-component ], and both components are
        // pchar *( pchar / "/" / "?" ): an r-component ends only at "?=" or "#", and a
        // q-component only at "#" (a later "?+" or "?=" is q-component text).
        while pos < len && s[pos] == b'?' {
            match s.get(pos + 1) {
                Some(b'+') => {
                    let ce = find_component_end(s, pos + 2, b"=");
                    self.component(pos, ce, Part::RComponent);
                    pos = ce;
                }
                Some(b'=') => {
                    let ce = find_component_end(s, pos + 2, b"");
                    self.component(pos, ce, Part::QComponent);
                    self.q_component_delims(pos + 2, ce);
                    pos = ce;
                }
                _ => {
                    let ce = find_component_end(s, pos + 1, b"+=");
                    // After the NSS (or an r-component): "?+" or "?=" start a component.
                    self.b
                        .expect(pos, &["pchar", "\"/\"", "\"?+\"", "\"?=\"", "\"#\""]);
                    self.b.error(
                        Code::ComponentDelim,
                        Span::new(pos, pos + 1),
                        "after the NSS, '?' must start \"?+\" (r-component) or \"?=\" (q-component); a bare '?' is not allowed. Percent-encode a literal '?' in the NSS as %3F",
                    );
                    self.b.leaf(NodeKind::Unparsed, "", pos, ce);
                    pos = ce;
                }
            }
        }
        if pos > rq_start {
            self.b.wrap(
                rq,
                NodeKind::RqComponents,
                "rq-components",
                Span::new(rq_start, pos),
            );
        }
        if pos < len && s[pos] == b'#' {
            self.b
                .leaf(NodeKind::FComponent, "f-component", pos + 1, len);
            self.scan(pos + 1, len, Part::FComponent);
            self.b.note(
                Code::FComponentForClient,
                Span::new(pos, len),
                "the f-component is for the client, which applies it to the resource it gets; it is not part of the assigned name and URN-equivalence ignores it (§3.1)",
            );
        }
    }

    /// An r- or q-component: `s[d..d+2]` is the delimiter, the text runs to `ce`.
    fn component(&mut self, d: usize, ce: usize, part: Part) {
        let cs = d + 2;
        let (kind, rule, name, empty_code, start_code, note_code, cite, what) = match part {
            Part::RComponent => (
                NodeKind::RComponent,
                "r-component",
                "r-component",
                Code::RComponentEmpty,
                Code::RComponentStart,
                Code::RComponentForResolver,
                "RFC 8141 §2.3.1",
                "the r-component passes parameters to a URN resolution service; it is not part of the assigned name and URN-equivalence ignores it (§3.1)",
            ),
            _ => (
                NodeKind::QComponent,
                "q-component",
                "q-component",
                Code::QComponentEmpty,
                Code::QComponentStart,
                Code::QComponentForResource,
                "RFC 8141 §2.3.2",
                "the q-component passes parameters to the named resource or to a system that supplies the requested service; it is not part of the assigned name and URN-equivalence ignores it (§3.1)",
            ),
        };
        if cs >= ce {
            // The component is pchar *( … ): at least one pchar after its delimiter.
            self.b.expect(cs, &["pchar"]);
            self.b.error_in(
                empty_code,
                Span::new(d, cs),
                "RFC 8141 §2",
                format!(
                    "an empty {name}: {name} = pchar *( pchar / \"/\" / \"?\" ) needs at least one character; remove the delimiter or add the component"
                ),
            );
            return;
        }
        self.b.leaf(kind, rule, cs, ce);
        let first = self.s[cs];
        if first == b'/' || first == b'?' {
            self.b.expect(cs, &["pchar"]);
            self.b.error_in(
                start_code,
                Span::new(cs, cs + 1),
                "RFC 8141 §2",
                format!(
                    "the {name} cannot start with '{}': {name} = pchar *( pchar / \"/\" / \"?\" ); percent-encode it",
                    first as char
                ),
            );
        }
        self.scan(cs, ce, part);
        self.b.note_in(note_code, Span::new(d, ce), cite, what);
    }

    /// A note on the first "?+" or "?=" inside the q-component `s[cs..ce]`: the ABNF makes it
    /// q-component text, which a reader may take for a second component.
    fn q_component_delims(&mut self, cs: usize, ce: usize) {
        let Some(at) = (cs..ce.saturating_sub(1))
            .find(|&i| self.s[i] == b'?' && matches!(self.s[i + 1], b'+' | b'='))
        else {
            return;
        };
        let what = if self.s[at + 1] == b'+' {
            "\"?+\" after \"?=\" is not an r-component (that comes before \"?=\")"
        } else {
            "a second \"?=\" does not start a second q-component"
        };
        self.b.note(
            Code::QComponentHoldsDelimiter,
            Span::new(at, at + 2),
            format!(
                "{what}: q-component = pchar *( pchar / \"/\" / \"?\" ) runs to \"#\" or the end, so these characters are part of the q-component"
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tree::{Diagnostic, Severity, Tree};

    fn run(input: &str, spec: &'static UrnSpec) -> (Tree, Vec<Diagnostic>) {
        let mut b = Builder::new(input);
        parse(&mut b, spec);
        b.build()
    }

    #[test]
    fn finders() {
        assert_eq!(find(b"abc:d", 0, 5, |c| c == b':'), 3);
        assert_eq!(find(b"abc", 1, 9, |c| c == b':'), 3);
        assert_eq!(find_component_end(b"a?b?=c#d", 0, b"="), 3);
        assert_eq!(find_component_end(b"a?b?+c", 0, b"="), 6);
        assert_eq!(find_component_end(b"a#", 0, b"+="), 1);
    }

    #[test]
    fn tiny_inputs_do_not_panic() {
        for spec in [
            &super::super::rfc2141::URN,
            &super::super::rfc2141bis::URN,
            &super::super::rfc8141::URN,
        ] {
            for input in [
                "",
                "u",
                "urn",
                "urn:",
                "urn:%",
                "urn:a:%",
                "urn:a:b?",
                "urn:a:b?+",
                "urn:a:b#",
                "urn:é:é",
                "urn:a:b?=&",
                "urn:a:b?&=#",
            ] {
                let (t, d) = run(input, spec);
                assert_eq!(t.root().span().end, input.len());
                assert!(d.iter().all(|d| d.span.end <= input.len()));
            }
        }
    }

    #[test]
    fn valid_has_no_diagnostics() {
        let (_, d) = run("urn:isbn:0451450523", &super::super::rfc8141::URN);
        assert!(d.is_empty(), "{d:?}");
        let (_, d) = run("urn:isbn:0451450523", &super::super::rfc2141::URN);
        assert!(d.iter().all(|d| d.severity != Severity::Error), "{d:?}");
    }
}
