//! XRI Syntax 2.0, Appendix A, read first-match-wins.
//!
//! Written by hand: the grammar is the spec's own (cross-references, subsegments, global
//! context symbols), and the readings SPEC-NOTES.md takes have to show in the tree and the
//! diagnostics.
//!
//! # Tree
//!
//! ```text
//! xri [XRI]                             an absolute XRI, with or without "xri://"
//! relative-xri [relative-XRI-ref]       anything else
//!   scheme ["xri://"]                   the "xri" of the prefix; "://" lies in the gap
//!   authority [gcs-authority]           attr gcs: rgcs-authority | pgcs-authority
//!     gcs [rgcs-char | "!"]             attr symbol: = @ + $ !
//!     subsegment ...
//!   authority [xref-authority]
//!     xref, subsegment ...
//!   authority [iauthority]
//!     userinfo [iuserinfo], host [IP-literal | IPv4address | ireg-name] (attr host_type), port [port]
//!   path [xri-path-abempty | xri-path-absolute | xri-path-noscheme]
//!     segment [xri-segment | xri-segment-nz]
//!       subsegment [xri-subseg-od | xri-subseg | ...]   attrs delim, persistence
//!         xref [xref]                   attrs content (xri | iri | relative), reading
//!           xri | relative-xri | the IRI grammar's tree
//!   query [iquery]
//!   fragment [ifragment]
//! ```
//!
//! A subsegment's span covers its delimiter and its value, so selecting it shows `*home`,
//! and the tree is lossless: every byte of the input lies in some node's span, and the
//! bytes no node but the parent covers are the delimiters `://`, `/`, `?`, `#`, `(`, `)`.
//! Attribute `delim` is `*`, `!` or empty (the optional leading star left out); attribute
//! `persistence` is `reassignable` (for `*` or none) or `persistent` (for `!`). A subsegment
//! whose value is a cross-reference has one `xref` child; otherwise it is a leaf. A segment
//! node follows every "/" (so `xri://@a*b//` has two empty segments, docs/readings.md, XRI 5);
//! its span leaves the "/" out. The first part of `xri-path-noscheme`
//! (`xri-subseg-od-nx *xri-subseg-nc`) has no rule name of its own in XRI 2.0; its segment
//! node is named `xri-segment`, a production its text also matches (`xri-subseg-od-nx` is an
//! `xri-subseg-od`, `xri-subseg-nc` an `xri-subseg`), and its subsegments keep their own
//! rule names.
//!
//! # Readings
//!
//! - Without "xri://", only a global context symbol or "(" starts an absolute XRI (§1.2.2:
//!   the prefix is optional in XRIs that use a global context symbol); everything else is a
//!   relative reference, though the ABNF's first alternative would take many of them for an
//!   XRI with an IRI authority. At the top level "!" followed by anything but "!" starts a
//!   relative reference (`!g!g` in §2.4.2), since `pgcs-authority` needs "!!".
//! - Authority: GCS, then cross-reference, then IRI authority, no fallback (item 3).
//! - Cross-reference content (item 6): `scheme ":"` (not "xri") is an IRI; "xri:", a GCS
//!   character or "(" is an XRI; anything else a relative reference. A cross-reference runs
//!   to its balancing ")"; parentheses inside an IRI must balance or be percent-encoded.
//! - The ABNF wins over the prose of §2.4.3/§2.4.4 where they disagree (item 4).

use crate::engine::chars::{self, AsciiSet, CharClass};
use crate::engine::codes::{Code, CodeReading, Sections};
use crate::engine::family;
use crate::engine::ip;
use crate::engine::ip::literal;
use crate::engine::pct;
use crate::engine::specs::uri::grammar as uri;
use crate::engine::tree::{Builder, Diagnostic, NodeId, NodeKind, Span};

/// How deep cross-references may nest. Deeper ones get an `xref-too-deep` error and their
/// content is kept as one opaque `unparsed` node. The parser recurses once per level; a
/// debug build needs about 3 KiB of stack per level (measured), so about 0.75 MiB at this
/// depth, and the tests run 100,000 nested "(" on a 2 MiB thread.
pub const MAX_XREF_DEPTH: usize = 256;

use crate::engine::chars::{REG_NAME, USERINFO};

/// Parses the whole input as an XRI-reference.
pub fn parse(b: &mut Builder<'_>) {
    let outer = b.set_sections(&SECTIONS);
    let mut p = Parser::new(b);
    p.top();
    p.whole_input_checks();
    p.b.set_sections(outer);
}

/// Where XRI Syntax 2.0 cites other sections than the codes' defaults (which are RFC 3986's
/// and RFC 3987's for the codes the grammars share).
pub static SECTIONS: Sections = Sections {
    spec: "XRI Syntax 2.0",
    overrides: &[
        (Code::InvisibleChar, "XRI Syntax 2.0 §2.1.5"),
        (Code::PctInvalid, "XRI Syntax 2.0 §2.1.4"),
        (Code::PctLowercase, "XRI Syntax 2.0 §2.1.4"),
        (Code::PctUnreserved, "XRI Syntax 2.0 §2.1.3"),
    ],
};

/// Which production the first subsegment of a run must match.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum First {
    /// `xri-subseg-od`: optional delimiter, possibly empty.
    Od,
    /// `xri-subseg-od-nz`: optional delimiter, non-empty.
    OdNz,
    /// `xri-subseg-od-nx`: optional delimiter, non-empty, no cross-reference, no colon.
    OdNx,
    /// `xri-subseg-pt-nz`: "!" and a non-empty value.
    PtNz,
    /// `xri-subseg`: delimiter required.
    Sub,
}

impl First {
    fn rule(self, nc: bool) -> &'static str {
        match self {
            First::Od => "xri-subseg-od",
            First::OdNz => "xri-subseg-od-nz",
            First::OdNx => "xri-subseg-od-nx",
            First::PtNz => "xri-subseg-pt-nz",
            First::Sub if nc => "xri-subseg-nc",
            First::Sub => "xri-subseg",
        }
    }
}

/// Where characters are being scanned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ctx {
    /// A subsegment's literal value (`xri-pchar`).
    Seg,
    /// A subsegment of a relative reference's first segment (`xri-pchar-nc`).
    SegNc,
    /// `iuserinfo`.
    Userinfo,
    /// `ireg-name`.
    Host,
    /// `iquery`.
    Query,
    /// `ifragment`.
    Fragment,
}

impl Ctx {
    /// The context's characters: one named class ([`chars::CharClass`]), which says both
    /// what a scan accepts and what an "expected" list names.
    fn class(self) -> &'static CharClass {
        match self {
            Ctx::Seg => &chars::XRI_PCHAR_CLASS,
            Ctx::SegNc => &chars::XRI_PCHAR_NC_CLASS,
            Ctx::Userinfo => &chars::USERINFO_CLASS,
            Ctx::Host => &chars::REG_NAME_CLASS,
            Ctx::Query => &chars::QUERY_CLASS,
            Ctx::Fragment => &chars::FRAGMENT_CLASS,
        }
    }

    /// What may end a scan in this context, after the class's alternatives in an
    /// "expected" list (a subsegment may also be followed by a cross-reference).
    fn stop_names(self) -> &'static [&'static str] {
        match self {
            Ctx::Seg => &["\"*\"", "\"!\"", "xref", "\"/\"", "\"?\"", "\"#\""],
            Ctx::SegNc => &["\"*\"", "\"!\"", "\"/\"", "\"?\"", "\"#\""],
            Ctx::Userinfo => &["\"@\""],
            Ctx::Host => &["\":\"", "\"/\"", "\"?\"", "\"#\""],
            Ctx::Query => &["\"#\""],
            Ctx::Fragment => &[],
        }
    }

    /// Records what the grammar accepts where a scan in this context stops on a character
    /// it cannot take: the class's alternatives (as XRI's IRI-based grammar names them) and
    /// what may end it.
    fn expect(self, b: &mut Builder<'_>, at: usize) {
        b.expect(at, self.class().alternatives(true));
        b.expect(at, self.stop_names());
    }
}

impl Ctx {
    fn allowed(self) -> AsciiSet {
        self.class().set
    }
    fn stops(self, c: u8) -> bool {
        match self {
            Ctx::Seg | Ctx::SegNc => matches!(c, b'*' | b'!' | b'/' | b'?' | b'#' | b'('),
            Ctx::Query => c == b'#',
            Ctx::Userinfo | Ctx::Host | Ctx::Fragment => false,
        }
    }
    fn place(self) -> &'static str {
        match self {
            Ctx::Seg | Ctx::SegNc => "in a segment",
            Ctx::Userinfo => "in the userinfo",
            Ctx::Host => "in the host",
            Ctx::Query => "in the query",
            Ctx::Fragment => "in the fragment",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PathKind {
    Abempty,
    Absolute,
    Noscheme,
}

/// The distinct scripts seen in one label (at most four, in the order first seen), for the
/// mixed-script warning. A fixed array, and ASCII letters counted without a script lookup:
/// `scan` runs this on every character of every label, and most labels are plain ASCII.
#[derive(Default)]
struct Scripts {
    seen: [&'static str; 4],
    len: usize,
    latin: bool,
}

impl Scripts {
    fn push(&mut self, s: &'static str) {
        if self.len < self.seen.len() && !self.seen[..self.len].contains(&s) {
            self.seen[self.len] = s;
            self.len += 1;
        }
    }
    /// An ASCII letter: Latin, as [`chars::script_of`] says, without asking it.
    #[inline]
    fn add_ascii_letter(&mut self) {
        if !self.latin {
            self.latin = true;
            self.push("Latin");
        }
    }
    fn add(&mut self, c: char) {
        if let Some(s) = chars::script_of(c) {
            // Japanese and Korean text mixes these as a matter of course.
            let s = match s {
                "Han" | "Hiragana" | "Katakana" | "Hangul" => "CJK",
                s => s,
            };
            self.push(s);
        }
    }
    fn mixed(&self) -> bool {
        self.len > 1
    }
    fn names(&self) -> String {
        self.seen[..self.len].join(", ")
    }
}

struct Parser<'a, 'i> {
    b: &'a mut Builder<'i>,
    s: &'i str,
    /// Offsets of every "(" in the input, ascending.
    opens: Vec<usize>,
    /// For each entry of `opens`, the offset of its balancing ")" (`usize::MAX`: none).
    closes: Vec<usize>,
    /// Cross-references open around the current position.
    depth: usize,
    /// Colons reported in first segments so far.
    colons: usize,
}

impl<'a, 'i> Parser<'a, 'i> {
    fn new(b: &'a mut Builder<'i>) -> Self {
        let s = b.input();
        // One balanced-paren pass over the whole input: a "(" is matched by the same ")"
        // whichever range it is later looked up from, so nesting costs no rescans.
        let mut opens = Vec::new();
        let mut closes = Vec::new();
        let mut stack = Vec::new();
        for (i, &c) in s.as_bytes().iter().enumerate() {
            match c {
                b'(' => {
                    stack.push(opens.len());
                    opens.push(i);
                    closes.push(usize::MAX);
                }
                b')' => {
                    if let Some(slot) = stack.pop().and_then(|k| closes.get_mut(k)) {
                        *slot = i;
                    }
                }
                _ => {}
            }
        }
        Parser {
            b,
            s,
            opens,
            closes,
            depth: 0,
            colons: 0,
        }
    }

    fn byte(&self, i: usize, end: usize) -> Option<u8> {
        if i < end {
            self.s.as_bytes().get(i).copied()
        } else {
            None
        }
    }

    fn text(&self, start: usize, end: usize) -> &'i str {
        self.s.get(start..end).unwrap_or("")
    }

    fn starts_ci(&self, pos: usize, end: usize, lit: &[u8]) -> bool {
        pos + lit.len() <= end
            && self
                .s
                .as_bytes()
                .get(pos..pos + lit.len())
                .is_some_and(|t| t.eq_ignore_ascii_case(lit))
    }

    /// First offset in `[from, to)` whose byte satisfies `pred`, else `to`.
    fn find(&self, from: usize, to: usize, pred: impl Fn(u8) -> bool) -> usize {
        self.s
            .as_bytes()
            .get(from..to)
            .and_then(|t| t.iter().position(|&c| pred(c)))
            .map_or(to, |k| from + k)
    }

    fn close_of(&self, open: usize) -> Option<usize> {
        let k = self.opens.binary_search(&open).ok()?;
        self.closes.get(k).copied().filter(|&c| c != usize::MAX)
    }

    // ---- references -------------------------------------------------------------------

    fn top(&mut self) {
        let end = self.s.len();
        let by = self.s.as_bytes();
        let absolute = self.starts_ci(0, end, b"xri:")
            || matches!(by.first(), Some(b'=' | b'@' | b'+' | b'$' | b'('))
            || by.starts_with(b"!!");
        if absolute {
            self.absolute(0, end);
        } else {
            self.relative_reading_note(end);
            self.relative(0, end);
        }
    }

    /// Says how a top-level input without "xri://" and without a leading GCS was read,
    /// when the ABNF's first alternative (XRI) could also take it.
    fn relative_reading_note(&mut self, end: usize) {
        let pe = self.find(0, end, |c| matches!(c, b'/' | b'?' | b'#' | b'('));
        let head = self.text(0, pe);
        let bang = head.starts_with('!');
        // After "!" item 3 already rules the IRI authority out (no fallback).
        let alt = !bang
            && !head.is_empty()
            && self.byte(pe, end) != Some(b'(')
            && matches_iauthority(head);
        if !bang && !alt {
            return;
        }
        let mut msg = String::from("read as a relative XRI reference.");
        if alt {
            msg.push_str(&format!(
                " The ABNF's first alternative, XRI (\"xri://\" being optional), also matches it with the \
                 IRI authority \"{}\"; idbench reads an IRI authority only after \"xri://\", since the \
                 prefix may be left out only before a global context symbol. Write \"xri://\" in front \
                 if an absolute XRI was meant.",
                excerpt(head)
            ));
        }
        if bang {
            msg.push_str(
                " As an absolute XRI the leading \"!\" would be a global context symbol, which needs a \
                 persistent subsegment (\"!!…\"); it is read as a persistent subsegment instead.",
            );
        }
        self.b.note(Code::ReadingRelative, Span::new(0, pe), msg);
    }

    /// `XRI = [ "xri://" ] xri-hier-part [ "?" iquery ] [ "#" ifragment ]` on `[start, end)`.
    fn absolute(&mut self, start: usize, end: usize) {
        self.b.start(NodeKind::Xri, "XRI", start);
        let mut pos = start;
        if self.starts_ci(pos, end, b"xri:") {
            self.b.leaf(NodeKind::Scheme, "\"xri://\"", pos, pos + 3);
            if self.starts_ci(pos + 4, end, b"//") {
                pos += 6;
            } else {
                let e = if self.byte(pos + 4, end) == Some(b'/') {
                    pos + 5
                } else {
                    pos + 4
                };
                self.b.error(
                    Code::XriPrefixMalformed,
                    Span::new(pos, e),
                    "the XRI prefix is \"xri://\", with two slashes; write \"xri://\" before the authority \
                     (e.g. \"xri://@example\")",
                );
                pos = e;
            }
        }
        pos = self.authority(pos, end);
        pos = self.path(pos, end, PathKind::Abempty);
        pos = self.query_fragment(pos, end);
        self.leftover(pos, end);
        self.b.finish(end);
    }

    /// `relative-XRI-ref = relative-XRI-part [ "?" iquery ] [ "#" ifragment ]`.
    fn relative(&mut self, start: usize, end: usize) {
        self.b
            .start(NodeKind::RelativeXri, "relative-XRI-ref", start);
        let pos = match self.byte(start, end) {
            None | Some(b'?' | b'#') => start,
            Some(b'/') => {
                if self.byte(start + 1, end) == Some(b'/') {
                    // xri-path-absolute = "/" [ xri-segment-nz *( "/" xri-segment ) ].
                    self.b
                        .expect(start + 1, &["xri-segment-nz", "\"?\"", "\"#\""]);
                    self.b.error(
                        Code::RelativeNetworkPath,
                        Span::new(start, start + 2),
                        "a relative XRI reference cannot start with \"//\" (relative-XRI-part has no \
                         network-path form); write the absolute XRI with \"xri://\" instead, or \"/.//\" \
                         for an empty first segment",
                    );
                }
                self.path(start, end, PathKind::Absolute)
            }
            Some(_) => self.path(start, end, PathKind::Noscheme),
        };
        let pos = self.query_fragment(pos, end);
        self.leftover(pos, end);
        self.b.finish(end);
    }

    fn leftover(&mut self, pos: usize, end: usize) {
        if pos < end {
            self.b.leaf(NodeKind::Unparsed, "", pos, end);
            self.b.error(
                Code::UnexpectedText,
                Span::new(pos, end),
                "this text fits no part of the XRI grammar here; percent-encode it or remove it",
            );
        }
    }

    // ---- authority --------------------------------------------------------------------

    /// `xri-authority / iauthority`, first match wins with no fallback (SPEC-NOTES item 3).
    fn authority(&mut self, pos: usize, end: usize) -> usize {
        let cp = self.b.checkpoint();
        let e = match self.byte(pos, end) {
            Some(c @ (b'=' | b'@' | b'+' | b'$')) => {
                let a = self.b.start(NodeKind::Authority, "gcs-authority", pos);
                self.b.attr(a, "gcs", "rgcs-authority");
                let g = self.b.leaf(NodeKind::Gcs, "rgcs-char", pos, pos + 1);
                self.b.attr(g, "symbol", symbol(c));
                let e = self.subsegs(pos + 1, end, First::Od, false);
                self.b.finish(e);
                e
            }
            Some(b'!') => {
                let a = self.b.start(NodeKind::Authority, "gcs-authority", pos);
                self.b.attr(a, "gcs", "pgcs-authority");
                let g = self.b.leaf(NodeKind::Gcs, "\"!\"", pos, pos + 1);
                self.b.attr(g, "symbol", "!");
                let e = if self.byte(pos + 1, end) == Some(b'!') {
                    self.subsegs(pos + 1, end, First::PtNz, false)
                } else {
                    // The first offending character: the one after "!" that is not "!".
                    let at = pos + 1;
                    let w = self.text(at, end).chars().next().map_or(0, char::len_utf8);
                    self.pgcs_missing(Span::new(at, at + w));
                    self.subsegs(pos + 1, end, First::Od, false)
                };
                self.b.finish(e);
                e
            }
            Some(b'(') => {
                self.b.start(NodeKind::Authority, "xref-authority", pos);
                let x = self.xref(pos, end);
                let e = self.subsegs(x, end, First::Sub, false);
                self.b.finish(e);
                e
            }
            _ => return self.iauthority(pos, end),
        };
        // Item 3 bites when the XRI authority failed but an IRI authority would have matched.
        let text = self.text(pos, e);
        if self.b.has_error_since(cp) && matches_iauthority(text) {
            self.b.note(
                Code::ReadingAuthorityFirstMatch,
                Span::new(pos, e),
                format!(
                    "\"{}\" fails as an XRI authority but would match iauthority (an IRI authority); \
                     idbench applies first-match-wins as GCS authority, then cross-reference, then IRI \
                     authority, with no fallback once a global context symbol or \"(\" starts the \
                     authority, as §2.2.1.3 does for \"!!1\" and \"@example\"",
                    excerpt(text)
                ),
            );
        }
        e
    }

    fn pgcs_missing(&mut self, span: Span) {
        // pgcs-authority = "!" xri-subseg-pt-nz *xri-subseg, xri-subseg-pt-nz = "!" (...).
        self.b.expect(span.start, &["xri-subseg-pt-nz"]);
        self.b.error(
            Code::PgcsSubsegmentMissing,
            span,
            "the \"!\" global context symbol must be followed by a non-empty persistent subsegment \
             (pgcs-authority = \"!\" xri-subseg-pt-nz), e.g. \"!!1001\"; add it. The authority is not \
             read as an IRI authority instead",
        );
    }

    /// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`, parsed here because the IRI
    /// grammar exposes no authority-only entry point.
    fn iauthority(&mut self, start: usize, end: usize) -> usize {
        let aend = self.find(start, end, |c| matches!(c, b'/' | b'?' | b'#'));
        self.b.start(NodeKind::Authority, "iauthority", start);
        if aend == start {
            self.b.warning(
                Code::AuthorityEmpty,
                Span::at(start),
                "the authority is empty; an XRI normally names one, e.g. \"xri://@example\" or \
                 \"xri://example.com\"",
            );
        }
        let by = self.s.as_bytes();
        let at = by
            .get(start..aend)
            .and_then(|t| t.iter().rposition(|&c| c == b'@'));
        let hs = match at {
            Some(k) => {
                self.b
                    .leaf(NodeKind::Userinfo, "iuserinfo", start, start + k);
                self.scan(start, start + k, Ctx::Userinfo);
                start + k + 1
            }
            None => start,
        };
        let port_colon = if self.byte(hs, aend) == Some(b'[') {
            // IP-literal = "[" ( IPv6address / IPvFuture ) "]" (RFC 3986 §3.2.2), checked as
            // the URI grammar checks it, so its errors carry the same codes, spans and
            // expected lists.
            let r = self.find(hs, aend, |c| c == b']');
            let closed = r < aend;
            let (he, ce) = if closed { (r + 1, r) } else { (aend, aend) };
            let lit = literal::check_ip_literal(self.s, hs, he, hs + 1, ce);
            let h = self.b.start(NodeKind::Host, "IP-literal", hs);
            self.b.attr(h, "host_type", lit.host_type);
            if lit.rule != "IP-literal" && lit.result.is_ok() {
                self.b.leaf(NodeKind::Host, lit.rule, hs + 1, ce);
            }
            self.b.finish(he);
            if let Err((code, span, msg)) = lit.result {
                if let Some((at, expected)) =
                    literal::ip_literal_expected(self.s, lit.rule, code, span, hs + 1, ce)
                {
                    self.b.expect(at, &expected);
                }
                self.b.error(code, span, msg);
            } else if lit.host_type == "ipvfuture" {
                let msg = literal::ipvfuture_unknown(self.text(hs + 1, ce));
                self.b
                    .note(Code::IpvfutureUnknown, Span::new(hs + 1, ce), msg);
            }
            if !closed {
                self.b.diag(literal::ip_literal_unclosed(hs, aend));
                None
            } else {
                match self.byte(r + 1, aend) {
                    None => None,
                    Some(b':') => Some(r + 1),
                    Some(_) => {
                        // iauthority = [ iuserinfo "@" ] ihost [ ":" port ], then the path.
                        self.b.expect(r + 1, &["\":\"", "\"/\"", "\"?\"", "\"#\""]);
                        self.b.error(
                            Code::IpLiteralTrailing,
                            Span::new(r + 1, aend),
                            "after \"]\" may come \":\" and a port, or the path (\"/\"), query (\"?\") or \
                             fragment (\"#\"); remove this text",
                        );
                        None
                    }
                }
            }
        } else {
            let colon = self.find(hs, aend, |c| c == b':');
            let host_text = self.text(hs, colon);
            let v4 = ip::ipv4(host_text.as_bytes());
            let h = self.b.leaf(
                NodeKind::Host,
                if v4 { "IPv4address" } else { "ireg-name" },
                hs,
                colon,
            );
            self.b
                .attr(h, "host_type", if v4 { "ipv4" } else { "reg-name" });
            self.scan(hs, colon, Ctx::Host);
            let paren = self.find(hs, colon, |c| c == b'(');
            if paren < colon {
                self.b.warning(
                    Code::XrefInIauthority,
                    Span::new(paren, paren + 1),
                    "\"(\" in an IRI authority is plain data, not a cross-reference (§2.2.2: \
                     cross-references may appear anywhere but in an IRI authority); if a cross-reference \
                     was meant, start the authority with it (\"xri://(...)\"), else percent-encode it as \
                     %28",
                );
            }
            (colon < aend).then_some(colon)
        };
        if let Some(c) = port_colon {
            self.b.leaf(NodeKind::Port, "port", c + 1, aend);
            let bad = self.find(c + 1, aend, |d| !d.is_ascii_digit());
            if bad < aend {
                let w = self
                    .text(bad, aend)
                    .chars()
                    .next()
                    .map_or(1, char::len_utf8);
                // port = *DIGIT, then the path, query or fragment.
                self.b.expect(bad, &["DIGIT", "\"/\"", "\"?\"", "\"#\""]);
                self.b.error(
                    Code::PortInvalid,
                    Span::new(bad, bad + w),
                    "a port is digits only (port = *DIGIT); fix the port or percent-encode the \":\" if \
                     it is part of the host",
                );
            }
        }
        self.b.finish(aend);
        aend
    }

    // ---- path -------------------------------------------------------------------------

    fn path(&mut self, start: usize, end: usize, kind: PathKind) -> usize {
        let mut pos = start;
        match kind {
            PathKind::Abempty => {
                if self.byte(pos, end) != Some(b'/') {
                    return pos;
                }
                self.b.start(NodeKind::Path, "xri-path-abempty", pos);
            }
            PathKind::Absolute => {
                self.b.start(NodeKind::Path, "xri-path-absolute", pos);
                pos += 1;
                match self.byte(pos, end) {
                    None | Some(b'?' | b'#') => {}
                    // "//": reported by the caller; keep the empty first segment.
                    Some(b'/') => {
                        self.b.leaf(NodeKind::Segment, "xri-segment", pos, pos);
                    }
                    Some(_) => pos = self.segment(pos, end, "xri-segment-nz", First::OdNz, false),
                }
            }
            PathKind::Noscheme => {
                self.b.start(NodeKind::Path, "xri-path-noscheme", pos);
                let colons = self.colons;
                pos = self.segment(pos, end, "xri-segment", First::OdNx, true);
                if self.colons > colons && matches!(self.byte(start, end), Some(b'*' | b'!')) {
                    self.b.note(
                        Code::ReadingLeadingStar,
                        Span::new(start, pos),
                        "§2.4.3 says a first segment with a colon may be rewritten to begin with \"*\" \
                         (\"a:b\" becomes \"*a:b\"), but the ABNF (xri-subseg-od-nx and xri-subseg-nc use \
                         xri-pchar-nc) admits no colon anywhere in the first segment, star or not; \
                         idbench follows the normative ABNF, so only \"./\" works",
                    );
                }
            }
        }
        while self.byte(pos, end) == Some(b'/') {
            pos = self.segment(pos + 1, end, "xri-segment", First::Od, false);
        }
        self.b.finish(pos);
        pos
    }

    fn segment(
        &mut self,
        start: usize,
        end: usize,
        rule: &'static str,
        first: First,
        nc: bool,
    ) -> usize {
        self.b.start(NodeKind::Segment, rule, start);
        let e = self.subsegs(start, end, first, nc);
        self.b.finish(e);
        e
    }

    /// A run of subsegments up to "/", "?", "#" or `end`; the first matches `first`, the
    /// rest `xri-subseg` (`xri-subseg-nc` when `nc`).
    fn subsegs(&mut self, start: usize, end: usize, first: First, nc: bool) -> usize {
        let mut pos = start;
        let mut i = 0usize;
        let mut prev_xref = first == First::Sub;
        while let Some(c) = self.byte(pos, end) {
            if matches!(c, b'/' | b'?' | b'#') {
                break;
            }
            let s = pos;
            let mode = if i == 0 { first } else { First::Sub };
            let id = self.b.start(NodeKind::Subsegment, mode.rule(nc), s);
            let delim = matches!(c, b'*' | b'!').then_some(c);
            if delim.is_some() {
                pos += 1;
            }
            let vstart = pos;
            let is_xref = self.byte(pos, end) == Some(b'(');
            pos = if is_xref {
                self.xref(pos, end)
            } else {
                self.scan(pos, end, if nc { Ctx::SegNc } else { Ctx::Seg })
            };
            let empty = pos == vstart;
            if delim.is_none() {
                if matches!(mode, First::Sub) {
                    // After a subsegment: another one ("*" or "!") or the end of the segment.
                    self.b
                        .expect(s, &["\"*\"", "\"!\"", "\"/\"", "\"?\"", "\"#\""]);
                }
                match mode {
                    First::Sub if prev_xref => self.b.error(
                        Code::XrefTrailingChars,
                        Span::new(s, pos),
                        "a cross-reference is a whole subsegment: what follows its \")\" must start a new \
                         subsegment with \"*\" or \"!\" (e.g. \"(+a)*b\"), or a new segment with \"/\"",
                    ),
                    First::Sub => self.b.error(
                        Code::XrefMissingDelimiter,
                        Span::new(s, s + 1),
                        "a cross-reference must start its own subsegment: put \"*\" (reassignable) or \
                         \"!\" (persistent) before the \"(\", e.g. \"a*(+b)\"",
                    ),
                    First::PtNz => self.pgcs_missing(Span::new(s, pos.max(s + 1))),
                    _ => {}
                }
            }
            if empty && matches!(mode, First::OdNz | First::OdNx) && !is_xref {
                // After the "*" or "!": xri-subseg-od-nz takes a cross-reference or
                // 1*xri-pchar, xri-subseg-od-nx 1*xri-pchar-nc.
                self.b.expect(
                    pos,
                    if matches!(mode, First::OdNz) {
                        &["xref", "xri-pchar"]
                    } else {
                        &["xri-pchar-nc"]
                    },
                );
            }
            match mode {
                First::OdNz if empty => self.b.error(
                    Code::SegmentNzEmpty,
                    Span::new(s, pos),
                    "the first segment of an absolute-path reference needs a value (xri-segment-nz): a \
                     bare \"*\" or \"!\" is not allowed there; add the value or remove the delimiter",
                ),
                First::OdNx if is_xref => {
                    // xri-subseg-od-nx = [ "*" / "!" ] 1*xri-pchar-nc: no cross-reference.
                    self.b.expect(vstart, &["xri-pchar-nc"]);
                    self.b.error(
                        Code::RelativeLeadingXref,
                        Span::new(s, pos),
                        "a relative XRI reference cannot start with a cross-reference, with or without \
                         \"*\" or \"!\" (xri-subseg-od-nx admits none): it would be mistaken for an \
                         xref-authority; write \"./\" in front. XRI 3.0 drafts later fixed the rule",
                    );
                    if delim.is_some() {
                        self.b.read(
                            CodeReading::ReadingLeadingStarLeadingXref,
                            Span::new(s, vstart),
                            "§2.4.4 says a leading cross-reference may be preceded with \"*\", but the \
                             ABNF's xri-subseg-od-nx admits no cross-reference even after \"*\"; idbench \
                             follows the normative ABNF, so only \"./\" works",
                        );
                    }
                }
                First::OdNx if empty => self.b.error(
                    Code::RelativeFirstSubsegmentEmpty,
                    Span::new(s, pos),
                    "the first subsegment of a relative XRI reference needs at least one character after \
                     its \"*\" or \"!\" (xri-subseg-od-nx); add it, or write \"./\" in front",
                ),
                First::PtNz if empty && delim.is_some() => self.pgcs_missing(Span::new(s, pos)),
                _ => {}
            }
            self.b.finish(pos);
            let (d, persistence) = match delim {
                Some(b'!') => ("!", "persistent"),
                Some(_) => ("*", "reassignable"),
                None => ("", "reassignable"),
            };
            self.b.attr(id, "delim", d);
            self.b.attr(id, "persistence", persistence);
            if pos == s {
                // Cannot happen (every branch above consumes); guards against looping.
                break;
            }
            prev_xref = is_xref;
            i += 1;
        }
        pos
    }

    // ---- cross-references -------------------------------------------------------------

    /// `xref = "(" ( XRI-reference / IRI ) ")"` at `open`; returns the offset after it.
    fn xref(&mut self, open: usize, end: usize) -> usize {
        let (ce, xend) = match self.close_of(open) {
            Some(c) if c < end => (c, c + 1),
            _ => (end, end),
        };
        let id = self.b.start(NodeKind::Xref, "xref", open);
        if ce == end {
            // xref = "(" ( XRI-reference / IRI ) ")": at the end, the ")" was expected. The
            // error marks the "(", so the expectation (past its span) is set here.
            let mut d = Diagnostic::of(
                Code::XrefUnclosed,
                Span::new(open, open + 1),
                "this \"(\" opens a cross-reference that is never closed; add the \")\" where it ends",
            );
            d.expected = vec!["\")\""];
            d.expected_at = Some(end);
            // The parse went on to there, past the bracket the error marks.
            d.reached = Some(end);
            self.b.diag(d);
        }
        self.depth += 1;
        if self.depth > MAX_XREF_DEPTH {
            self.b.error(
                Code::XrefTooDeep,
                Span::new(open, xend),
                format!(
                    "cross-references nest more than {MAX_XREF_DEPTH} deep here; idbench keeps the rest \
                     of this one unparsed. Flatten the nesting"
                ),
            );
            if ce > open + 1 {
                self.b.leaf(NodeKind::Unparsed, "", open + 1, ce);
            }
        } else {
            self.xref_content(id, open, open + 1, ce, xend);
        }
        self.depth -= 1;
        self.b.finish(xend);
        xend
    }

    /// Classifies and parses a cross-reference's content (SPEC-NOTES item 6).
    fn xref_content(&mut self, id: NodeId, open: usize, cs: usize, ce: usize, xend: usize) {
        let text = self.text(cs, ce);
        if text.is_empty() {
            self.b.attr(id, "content", "relative");
            self.b.warning(
                Code::XrefEmpty,
                Span::new(open, xend),
                "this cross-reference is empty (an empty relative reference); put an XRI or an IRI \
                 inside, or remove it",
            );
            self.relative(cs, ce);
            return;
        }
        let first = text.as_bytes().first().copied();
        if self.starts_ci(cs, ce, b"xri:") && !self.starts_ci(cs, ce, b"xri://") {
            // XRI-reference cannot read "xri:" without "//" as its prefix; it matches such
            // content only by taking "xri:…" as the user information of an IRI authority
            // (when an "@" follows), which idbench reads only after "xri://" (the readings
            // pass records that other reading). This is what a cross-reference looks like in
            // IRI-normal form (§2.3.2 escapes its "/" as %2F), so it is read as an IRI with
            // scheme "xri".
            self.b.attr(id, "content", "iri");
            let why = "read as an IRI with the scheme \"xri\": it starts with \"xri:\" but not \"xri://\", \
                       so XRI-reference cannot take \"xri\" as its prefix (docs/readings.md, XRI 6, gives \"xri\" \
                       content to XRI-reference only with the \"//\"; XRI-reference could match it only by \
                       reading \"xri:…\" as the user information of an IRI authority, which idbench does not \
                       do without \"xri://\"). It looks like a cross-reference in IRI-normal form (§2.3.2), \
                       whose slashes were escaped; §2.3.3 turns it back";
            self.b
                .note(Code::ReadingXrefContent, Span::new(cs, ce), why);
            self.b.attr(id, "reading", why);
            uri::parse_range(self.b, cs, ce, uri::Flavor::Iri);
            return;
        }
        if self.starts_ci(cs, ce, b"xri://")
            || matches!(first, Some(b'=' | b'@' | b'+' | b'$' | b'!' | b'('))
        {
            self.b.attr(id, "content", "xri");
            self.absolute(cs, ce);
            return;
        }
        let ae = self.find(cs, ce, |c| matches!(c, b'/' | b'?' | b'#' | b'('));
        let head = self.text(cs, ae);
        let alt = self.byte(ae, ce) != Some(b'(') && matches_iauthority(head);
        if let Some(scheme) = family::leading_scheme(text) {
            self.b.attr(id, "content", "iri");
            if alt {
                let why = format!(
                    "read as an IRI because it starts with the scheme \"{}:\"; the ABNF's first \
                     alternative, XRI-reference, also matches it as an XRI (\"xri://\" being optional) \
                     whose IRI authority is \"{}\"",
                    excerpt(scheme),
                    excerpt(head)
                );
                self.reading(id, Span::new(cs, ce), why);
            }
            uri::parse_range(self.b, cs, ce, uri::Flavor::Iri);
            return;
        }
        self.b.attr(id, "content", "relative");
        if alt {
            let why = format!(
                "read as a relative XRI reference; the ABNF's first alternative, XRI (\"xri://\" being \
                 optional), also matches it with the IRI authority \"{}\", but idbench reads an IRI \
                 authority only after \"xri://\"",
                excerpt(head)
            );
            self.reading(id, Span::new(cs, ce), why);
        }
        self.relative(cs, ce);
    }

    /// Records how an ambiguous cross-reference was read: a note, and the same words on the
    /// node's `reading` attribute.
    fn reading(&mut self, id: usize, span: Span, why: String) {
        self.b.note(Code::ReadingXrefContent, span, why.clone());
        self.b.attr(id, "reading", why);
    }

    // ---- query and fragment -----------------------------------------------------------

    fn query_fragment(&mut self, mut pos: usize, end: usize) -> usize {
        if self.byte(pos, end) == Some(b'?') {
            let e = self.scan(pos + 1, end, Ctx::Query);
            self.b.leaf(NodeKind::Query, "iquery", pos + 1, e);
            pos = e;
        }
        if self.byte(pos, end) == Some(b'#') {
            let e = self.scan(pos + 1, end, Ctx::Fragment);
            self.b.leaf(NodeKind::Fragment, "ifragment", pos + 1, e);
            pos = e;
        }
        pos
    }

    // ---- characters -------------------------------------------------------------------

    /// Scans characters from `start` until one `ctx` stops at (or `end`), reporting every
    /// character `ctx` does not allow. Returns where it stopped.
    fn scan(&mut self, start: usize, end: usize, ctx: Ctx) -> usize {
        let mut pos = start;
        let mut scripts = Scripts::default();
        let allowed = ctx.allowed();
        while let Some(ch) = self.s.get(pos..end).and_then(|t| t.chars().next()) {
            let len = ch.len_utf8();
            if ch.is_ascii() {
                let c = ch as u8;
                if ctx.stops(c) {
                    break;
                }
                if c == b'%' {
                    pos += self.pct(pos, end);
                    continue;
                }
                if allowed.has(c) {
                    if c.is_ascii_alphabetic() {
                        scripts.add_ascii_letter();
                    }
                } else {
                    self.bad_ascii(pos, c, ctx);
                }
            } else if chars::is_ucschar(ch) {
                scripts.add(ch);
                if chars::is_bidi_format(ch) {
                    self.b.error(
                        Code::BidiFormatChar,
                        Span::new(pos, pos + len),
                        format!(
                            "{}: a bidirectional formatting character, which IRIs (and so XRIs) must \
                             not contain; remove it",
                            chars::describe(ch)
                        ),
                    );
                } else if chars::is_bidi_control(ch) {
                    self.b.warning(
                        Code::BidiControl,
                        Span::new(pos, pos + len),
                        format!(
                            "{}: a bidi control that Unicode added after RFC 3987, whose §4.1 list \
                             does not name it; it reorders how the XRI is shown just the same: \
                             remove it, or percent-encode it ({})",
                            chars::describe(ch),
                            encoded(ch)
                        ),
                    );
                } else if chars::is_invisible(ch) {
                    self.b.warning(
                        Code::InvisibleChar,
                        Span::new(pos, pos + len),
                        format!(
                            "{}: invisible or looks like a space; such characters SHOULD be avoided \
                             in presentation: percent-encode it ({}) or remove it",
                            chars::describe(ch),
                            encoded(ch)
                        ),
                    );
                }
            } else if chars::is_iprivate(ch) && ctx == Ctx::Query {
                // iquery admits iprivate.
            } else if chars::is_iprivate(ch) {
                // The section of the component it breaks: only iquery (§2.2.4) admits
                // iprivate.
                let msg = format!(
                    "{}: allowed only in the query (iprivate); \
                     percent-encode it as {}",
                    chars::describe(ch),
                    encoded(ch)
                );
                let span = Span::new(pos, pos + len);
                ctx.expect(self.b, pos);
                match ctx {
                    Ctx::Seg | Ctx::SegNc => self.b.error(Code::IprivateNotAllowed, span, msg),
                    Ctx::Fragment => {
                        self.b
                            .read(CodeReading::IprivateNotAllowedXriFragment, span, msg)
                    }
                    Ctx::Userinfo | Ctx::Host => {
                        self.b
                            .read(CodeReading::IprivateNotAllowedXriAuthority, span, msg)
                    }
                    Ctx::Query => self
                        .b
                        .read(CodeReading::IprivateNotAllowedXriQuery, span, msg),
                }
            } else {
                ctx.expect(self.b, pos);
                self.b.error(
                    Code::CharNotAllowed,
                    Span::new(pos, pos + len),
                    format!(
                        "{} is not an XRI character (neither iunreserved nor ucschar); percent-encode it \
                         as {}",
                        chars::describe(ch),
                        encoded(ch)
                    ),
                );
            }
            pos += len;
        }
        if matches!(ctx, Ctx::Seg | Ctx::SegNc | Ctx::Host) && scripts.mixed() {
            self.b.warning(
                Code::MixedScripts,
                Span::new(start, pos),
                format!(
                    "this label mixes scripts ({}); look-alike letters from different scripts are used \
                     for spoofing: check that every character is the one intended",
                    scripts.names()
                ),
            );
        }
        pos
    }

    /// A "%" at `pos`: checks the triplet, returns how many bytes it takes (3, or 1 if bad).
    fn pct(&mut self, pos: usize, end: usize) -> usize {
        let by = self.s.as_bytes().get(..end).unwrap_or_default();
        match pct::triplet_at(by, pos) {
            Some(v) => {
                let t = self.text(pos, pos + 3);
                if chars::UNRESERVED.has(v) {
                    self.b.warning(
                        Code::PctUnreserved,
                        Span::new(pos, pos + 3),
                        format!(
                            "{t} encodes the unreserved character {}, which SHOULD NOT be \
                             percent-encoded (it may break comparisons); write '{}'",
                            chars::describe(v as char),
                            v as char
                        ),
                    );
                }
                if t.bytes().any(|c| c.is_ascii_lowercase()) {
                    self.b.warning(
                        Code::PctLowercase,
                        Span::new(pos, pos + 3),
                        format!(
                            "percent-encodings SHOULD use uppercase hex digits; write {}",
                            t.to_ascii_uppercase()
                        ),
                    );
                }
                3
            }
            None => {
                // pct-encoded = "%" HEXDIG HEXDIG: the first byte after "%" that is not one.
                let mut h = pos + 1;
                while h < end.min(pos + 3) && by.get(h).is_some_and(u8::is_ascii_hexdigit) {
                    h += 1;
                }
                self.b.expect(h, &["HEXDIG"]);
                self.b.error(
                    Code::PctInvalid,
                    Span::new(pos, pos + 1),
                    "\"%\" must start a percent-encoded triplet (\"%\" HEXDIG HEXDIG); write \"%25\" for a \
                     literal percent sign",
                );
                1
            }
        }
    }

    fn bad_ascii(&mut self, pos: usize, c: u8, ctx: Ctx) {
        let span = Span::new(pos, pos + 1);
        let ch = c as char;
        let enc = encoded(ch);
        // Whatever the byte, the context's characters or the delimiters that end it were
        // expected here.
        ctx.expect(self.b, pos);
        match (ctx, c) {
            (Ctx::SegNc, b':') => {
                self.colons += 1;
                self.b.error(
                    Code::RelativeColonFirstSegment,
                    span,
                    "a colon in the first segment of a relative XRI reference would be taken for a \
                     scheme delimiter (xri-pchar-nc has no \":\"); write \"./\" in front (\"./a:b\") or \
                     percent-encode it as %3A. An IRI can be carried in an XRI only as a cross-reference",
                );
            }
            (Ctx::Seg | Ctx::SegNc, c) if chars::XRI_RGCS_CHARS.has(c) => self.b.error(
                Code::GcsCharUnencoded,
                span,
                format!(
                    "\"{ch}\" is a global context symbol (xri-gen-delims) and may not appear unencoded \
                     inside a segment; percent-encode it as {enc}, or start a cross-reference \
                     (\"*({ch}...)\") if a global XRI was meant. XRI 3.0 drafts relaxed this rule"
                ),
            ),
            (Ctx::Seg | Ctx::SegNc, b')') => self.b.error(
                Code::XrefStrayClose,
                span,
                "this \")\" closes no cross-reference; remove it, add the matching \"(\", or \
                 percent-encode it as %29",
            ),
            (Ctx::Seg | Ctx::SegNc, b'[' | b']') => self.b.error(
                Code::GenDelimUnencoded,
                span,
                format!("\"{ch}\" is a reserved delimiter (xri-gen-delims); percent-encode it as {enc}"),
            ),
            (Ctx::Fragment, b'#') => self.b.read(
                CodeReading::CharNotAllowedXriFragment,
                span,
                "a second \"#\" is not allowed in the fragment; percent-encode it as %23",
            ),
            _ => self.b.read(
                if chars::RESERVED.has(c) {
                    CodeReading::CharNotAllowedXriReserved
                } else {
                    CodeReading::CharNotAllowedXriExcluded
                },
                span,
                format!("{} is not allowed {}; percent-encode it as {enc}", chars::describe(ch), ctx.place()),
            ),
        }
    }

    /// NFKC (§2.1.1) and delimiter look-alikes (§3.3), over the whole input once.
    fn whole_input_checks(&mut self) {
        let s = self.s;
        if !unicode_normalization::is_nfkc(s) {
            let span = first_non_nfkc(s);
            self.b.warning(
                Code::NotNfkc,
                span,
                "the XRI is not in Unicode Normalization Form KC, which §2.1.1 requires of its UTF-8 \
                 form; normalize it (NFKC) before use, but percent-encode first any character that \
                 NFKC would turn into a delimiter (§2.1.2: data must be encoded), as the XRI-normal \
                 form does",
            );
        }
        // Where an IRI authority can start: right after "xri://" (without the prefix, a
        // look-alike at the start makes a relative reference, and gets the generic warning).
        let auth_at = if s.len() >= 6 && s.as_bytes()[..6].eq_ignore_ascii_case(b"xri://") {
            6
        } else {
            usize::MAX
        };
        for (i, c) in s.char_indices() {
            let d = chars::delimiter_lookalike(c);
            let nfkc_is = |d: char| {
                use unicode_normalization::UnicodeNormalization;
                std::iter::once(c).nfkc().eq(std::iter::once(d))
            };
            if let Some(d) = d.filter(|&d| {
                i == auth_at && matches!(d, '=' | '@' | '+' | '$' | '!' | '(') && nfkc_is(d)
            }) {
                // §3.3: after NFKC (§2.1.1) this authority would silently change kind.
                self.b.warning(
                    Code::AuthorityKindLookalike,
                    Span::new(i, i + c.len_utf8()),
                    format!(
                        "{} starts the authority and looks like \"{d}\", but is data, so the authority \
                         is read as an IRI authority; NFKC (§2.1.1) would turn it into \"{d}\" and the \
                         authority into a {} authority: the authority silently changing kind is the \
                         spoofing §3.3 warns of. Write \"{d}\" if that was meant, or percent-encode \
                         it ({}) if it is data",
                        chars::describe(c),
                        if d == '(' { "cross-reference" } else { "GCS" },
                        encoded(c)
                    ),
                );
            } else if let Some(d) = d {
                self.b.warning(
                    Code::DelimiterLookalike,
                    Span::new(i, i + c.len_utf8()),
                    format!(
                        "{} looks like the delimiter \"{d}\" but is data; check it is intended, or \
                         percent-encode it ({})",
                        chars::describe(c),
                        encoded(c)
                    ),
                );
            }
        }
    }
}

/// The first run of a starter and its combining marks that is not NFKC by itself (the
/// whole input when only a composition across starters, such as Hangul jamo, is at fault).
fn first_non_nfkc(s: &str) -> Span {
    use unicode_normalization::char::canonical_combining_class;
    let mut start = 0;
    let mut it = s.char_indices().peekable();
    while it.next().is_some() {
        let end = match it.peek() {
            Some(&(_, c)) if canonical_combining_class(c) != 0 => continue,
            Some(&(j, _)) => j,
            None => s.len(),
        };
        if !unicode_normalization::is_nfkc(s.get(start..end).unwrap_or("")) {
            return Span::new(start, end);
        }
        start = end;
    }
    Span::new(0, s.len())
}

fn symbol(c: u8) -> &'static str {
    match c {
        b'=' => "=",
        b'@' => "@",
        b'+' => "+",
        b'$' => "$",
        _ => "!",
    }
}

/// The percent-encoding of `c`.
fn encoded(c: char) -> String {
    let mut s = String::new();
    pct::push_encoded_char(&mut s, c);
    s
}

/// Input text for a message, shortened and with control and invisible characters escaped.
fn excerpt(t: &str) -> String {
    let mut out = String::new();
    for (n, c) in t.chars().enumerate() {
        if n == 40 {
            out.push('…');
            break;
        }
        if c.is_control() || chars::is_invisible(c) {
            out.push_str(&format!("\\u{{{:X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// True when `t` matches RFC 3987 `iauthority`, without diagnostics (for the reading notes).
/// A "(" makes it false: the callers stop at one, which keeps nesting linear.
fn matches_iauthority(t: &str) -> bool {
    fn ok(t: &str, set: AsciiSet) -> bool {
        let b = t.as_bytes();
        let mut i = 0;
        while let Some(&c) = b.get(i) {
            if c == b'%' {
                if pct::triplet_at(b, i).is_none() {
                    return false;
                }
                i += 3;
                continue;
            }
            if c >= 0x80 {
                let Some(ch) = t.get(i..).and_then(|r| r.chars().next()) else {
                    return false;
                };
                if !chars::is_ucschar(ch) {
                    return false;
                }
                i += ch.len_utf8();
                continue;
            }
            if !set.has(c) {
                return false;
            }
            i += 1;
        }
        true
    }
    if t.contains('(') {
        return false;
    }
    let (userinfo, hostport) = match t.rfind('@') {
        Some(a) => (t.get(..a), t.get(a + 1..).unwrap_or("")),
        None => (None, t),
    };
    if userinfo.is_some_and(|u| !ok(u, USERINFO)) {
        return false;
    }
    let (host_ok, port) = if let Some(inner) = hostport.strip_prefix('[') {
        match inner.find(']') {
            Some(r) => (
                ip_literal(inner.get(..r).unwrap_or("")).0,
                inner.get(r + 1..).unwrap_or(""),
            ),
            None => return false,
        }
    } else {
        let c = hostport.find(':').unwrap_or(hostport.len());
        (
            ok(hostport.get(..c).unwrap_or(""), REG_NAME),
            hostport.get(c..).unwrap_or(""),
        )
    };
    host_ok
        && (port.is_empty()
            || port
                .strip_prefix(':')
                .is_some_and(|p| p.bytes().all(|d| d.is_ascii_digit())))
}

/// The inside of an `IP-literal`: whether it is valid, and `ipv6` or `ipvfuture`, by the
/// recognizers of [`ip`] (RFC 3986 §3.2.2; no zone identifiers).
fn ip_literal(inner: &str) -> (bool, &'static str) {
    if inner.starts_with(['v', 'V']) {
        (ip::ipvfuture(inner.as_bytes()).is_ok(), "ipvfuture")
    } else {
        (ip::ipv6(inner.as_bytes()).is_ok(), "ipv6")
    }
}
