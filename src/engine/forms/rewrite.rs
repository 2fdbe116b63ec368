//! The rewriter every structural form is made with: one walk over the parse tree that
//! copies the input, transforming each piece by the rules asked for.
//!
//! The walk gives each piece of text its context (scheme, host, XRI authority, NID, path
//! segment, query, inside a cross-reference or not), so no rule re-splits a string, and a
//! cross-reference is rewritten by the rules of its own kind (XRI, relative XRI, IRI) at
//! any depth. Delimiters in the gaps between nodes are copied, except where a rule drops
//! a component with its delimiter. Linear in the input: each byte is read once, the output
//! is built in one `String`, and dot-segment removal is one pass over each path.
//!
//! A tree whose root is not an identifier (an `unparsed` placeholder) still gets every
//! rule that needs no structure, so forms show while the user types.

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc_quick};

use crate::engine::chars::RESERVED;
use crate::engine::codes::{Code, CodeReading};
use crate::engine::path::{PathSyntax, remove_dot_segments_with};
use crate::engine::pct::{push_encoded, triplet_at};
use crate::engine::tree::{Diagnostic, Node, NodeKind, Span, Tree};

use crate::engine::descriptor::forms::{FormsSpec, Under, Unreserved};
use crate::engine::descriptor::rewrites::Rewrites;

use super::text::{
    decode_char_at, is_dot_segment_decoded, push_iri_escaped, xref_regions, xri_must_encode,
};

/// Deeper than this many tree levels, a subtree is copied with only its text rules
/// applied (with a `forms-depth-limit` warning): the walk recurses once per level.
const MAX_LEVEL: usize = 200;

/// Diagnostics given at most once per rewrite.
const ONCE_DEPTH: u8 = 1;
const ONCE_CASE: u8 = 2;
const ONCE_NFKC: u8 = 4;
const ONCE_NFKC_DELIM: u8 = 8;
const ONCE_DIRECTIVE_ORDER: u8 = 64;

/// Marks, in an NFKC-normalized run, that the next character must stay percent-encoded (a
/// noncharacter, which NFKC never produces; the input's own U+FDD0 is itself marked).
const PCT_MARK: char = '\u{FDD0}';

/// True for a delimiter NFKC may produce: a `reserved` character or "%".
fn is_nfkc_delimiter(d: char) -> bool {
    RESERVED.has_char(d) || d == '%'
}

/// True for a non-ASCII character whose NFKC form holds a delimiter (XRI Syntax 2.0 §2.1.1):
/// "＠", "％", "（", "⑴".
fn nfkc_makes_delimiter(c: char) -> bool {
    !c.is_ascii() && c.nfkc().any(is_nfkc_delimiter)
}
const ONCE_PREFIX: u8 = 16;

/// The context of a piece of text.
#[derive(Clone, Copy, Debug)]
struct Cx {
    /// Lower-case ASCII letters here.
    lower: bool,
    /// In a query (where XRI admits `iprivate`).
    in_query: bool,
    /// What may be decoded here (when the rule is on).
    decode: Option<Unreserved>,
    /// The enclosing identifier is absolute: its path's dot-segments may go.
    abs_path: Option<PathSyntax>,
    /// Where a relative XRI's rootless path starts.
    noscheme_at: Option<usize>,
    /// Not inside a cross-reference.
    top: bool,
    /// Tree levels walked so far.
    level: usize,
}

struct Emitter<'a> {
    input: &'a str,
    spec: &'static FormsSpec,
    rules: Rewrites,
    out: String,
    run: String,
    xref_depth: usize,
    diags: Vec<Diagnostic>,
    once: u8,
    auth_out: Option<(usize, usize)>,
    path_out: Option<(usize, usize)>,
    /// What the walk records of its output's shape ([`Shape`]).
    shape: Shape,
}

/// Where a rewrite's output has what [`iri_escaped`] needs to turn it into the rewrite
/// of the same input by more rules, without a second walk over the tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// The rules of the rewrite.
    rules: Rewrites,
    /// The walk had no identifier tree (the fallback walk): its escaping follows the
    /// text, not the tree, and nothing is recorded.
    fell_back: bool,
    /// Where [`Rewrites::XRI_PREFIX`] would have put "xri://" (an XRI at the top level
    /// without a scheme), in order.
    prefixes: Vec<usize>,
    /// The output ranges written inside a cross-reference (the outermost ones, in order).
    xrefs: Vec<(usize, usize)>,
}

/// Rewrites `input`, parsed under the spec `under` as `tree`, by `rules`. Returns the
/// result and what the rules found worth saying (spans index `input`).
pub fn rewrite(
    input: &str,
    under: Under<'_>,
    tree: &Tree,
    rules: Rewrites,
) -> (String, Vec<Diagnostic>) {
    let (out, diags, _) = rewrite_shaped(input, under, tree, rules);
    (out, diags)
}

/// [`rewrite`], with the [`Shape`] of its output for [`iri_escaped`].
pub fn rewrite_shaped(
    input: &str,
    under: Under<'_>,
    tree: &Tree,
    rules: Rewrites,
) -> (String, Vec<Diagnostic>, Shape) {
    let spec = under.forms;
    let mut e = Emitter {
        input,
        spec,
        rules,
        out: String::with_capacity(input.len() + 8),
        run: String::new(),
        xref_depth: 0,
        diags: Vec::new(),
        once: 0,
        auth_out: None,
        path_out: None,
        shape: Shape {
            rules,
            ..Shape::default()
        },
    };
    let cx = Cx {
        lower: false,
        in_query: false,
        decode: spec.unreserved,
        abs_path: None,
        noscheme_at: None,
        top: true,
        level: 0,
    };
    let root = tree.root();
    let rs = root.span();
    if root.kind().is_root() && rs.end <= input.len() && rs.start <= rs.end {
        e.text(0, rs.start, cx);
        e.node(root, cx);
        e.text(rs.end, input.len(), cx);
    } else {
        e.shape.fell_back = true;
        e.fallback(cx);
    }
    (e.out, e.diags, e.shape)
}

/// Rules that change nothing in a rewrite of `text`, whatever its tree and the other rules:
/// the rewrite by `rules` and by `rules` with these added give the same text and the same
/// diagnostics. So a rewrite already made by rules equal to others but for these can
/// stand for it (the comparison's ladder, whose rungs each add a rule, skips the rungs
/// that cannot change a side).
///
/// - Without a "%", [`Rewrites::HEX_CASE`] and [`Rewrites::DECODE_UNRESERVED`] have no
///   triplet to act on (a "%" that NFKC makes is encoded whatever the rules).
/// - ASCII without a "%" or a capital has nothing to lower-case (no triplet decodes to a
///   capital, NFKC makes none from ASCII), so the case rules ([`Rewrites::SCHEME_CASE`],
///   [`Rewrites::HOST_CASE`], [`Rewrites::NID_CASE`]) do nothing and note nothing.
/// - Such text without a "." or a "//" has no dot-segment to remove and no path that
///   could start with "//", so [`Rewrites::DOT_SEGMENTS`] leaves every path as it is.
pub fn inert_rules(text: &str) -> Rewrites {
    let b = text.as_bytes();
    if b.contains(&b'%') {
        return Rewrites::NONE;
    }
    let mut r = Rewrites::HEX_CASE | Rewrites::DECODE_UNRESERVED;
    if text.is_ascii() && !b.iter().any(u8::is_ascii_uppercase) {
        r = r | Rewrites::SCHEME_CASE | Rewrites::HOST_CASE | Rewrites::NID_CASE;
        if !b.contains(&b'.') && !text.contains("//") {
            r = r | Rewrites::DOT_SEGMENTS;
        }
    }
    r
}

/// The rewrite by `shape`'s rules with [`Rewrites::XRI_PREFIX`] and
/// [`Rewrites::IRI_ESCAPE`] added (XRI Syntax 2.0 §2.3.1 steps 2 and 4, the IRI-normal form
/// from the XRI-normal one), made from `out`, the rewrite `shape` describes: the two rules
/// change no decision of the walk, only what it writes (the prefix at the top-level XRI,
/// every "%" as "%25", and "#", "?", "/" encoded inside a cross-reference), so the second
/// walk over the tree is a pass over the text. `None` when the rewrite had no tree to walk
/// (the escaping then follows the text's parentheses), already had either rule, or had a
/// rule that reworks text already written ([`Rewrites::DOT_SEGMENTS`],
/// [`Rewrites::SCHEME_BASED`]), which would then see the escaped text.
pub fn iri_escaped(out: &str, shape: &Shape) -> Option<String> {
    let not_with = Rewrites::XRI_PREFIX
        .union(Rewrites::IRI_ESCAPE)
        .union(Rewrites::DOT_SEGMENTS)
        .union(Rewrites::SCHEME_BASED);
    if shape.fell_back || shape.rules.intersects(not_with) {
        return None;
    }
    let mut s = String::with_capacity(out.len() + out.len() / 4 + 8);
    let mut at = 0;
    let mut put = |s: &mut String, to: usize, in_xref: bool| {
        let piece = out.get(at..to).unwrap_or("");
        // What `push_iri_escaped` changes is ASCII: the runs between go out whole.
        let mut from = 0;
        for (k, &b) in piece.as_bytes().iter().enumerate() {
            if b == b'%' || (in_xref && matches!(b, b'#' | b'?' | b'/')) {
                s.push_str(piece.get(from..k).unwrap_or(""));
                push_iri_escaped(s, char::from(b), in_xref);
                from = k + 1;
            }
        }
        s.push_str(piece.get(from..).unwrap_or(""));
        at = at.max(to);
    };
    let mut prefixes = shape.prefixes.iter().copied().peekable();
    for &(a, b) in &shape.xrefs {
        while let Some(p) = prefixes.next_if(|&p| p <= a) {
            put(&mut s, p, false);
            s.push_str("xri://");
        }
        put(&mut s, a, false);
        put(&mut s, b, true);
    }
    for p in prefixes {
        put(&mut s, p, false);
        s.push_str("xri://");
    }
    put(&mut s, out.len(), false);
    Some(s)
}

impl Emitter<'_> {
    fn warn_once(&mut self, flag: u8, d: Diagnostic) {
        if self.once & flag == 0 {
            self.once |= flag;
            self.diags.push(d);
        }
    }

    // ---- output -------------------------------------------------------------------------

    fn put_char(&mut self, c: char) {
        if self.rules.contains(Rewrites::IRI_ESCAPE) {
            push_iri_escaped(&mut self.out, c, self.xref_depth > 0);
        } else {
            self.out.push(c);
        }
    }

    fn put_str(&mut self, s: &str) {
        for c in s.chars() {
            self.put_char(c);
        }
    }

    /// `%HH` with upper-case hex, its "%" escaped under [`Rewrites::IRI_ESCAPE`].
    fn put_octet(&mut self, b: u8) {
        if self.rules.contains(Rewrites::IRI_ESCAPE) {
            self.out.push_str("%25");
            let mut t = String::with_capacity(3);
            push_encoded(&mut t, b);
            self.out.push_str(t.get(1..).unwrap_or(""));
        } else {
            push_encoded(&mut self.out, b);
        }
    }

    // ---- text ---------------------------------------------------------------------------

    /// Copies `input[start..end]`, applying the text rules in context `cx`.
    fn text(&mut self, start: usize, end: usize, cx: Cx) {
        let input = self.input;
        let Some(s) = input.get(start..end) else {
            return;
        };
        if s.is_empty() {
            return;
        }
        let b = s.as_bytes();
        let decode = if self.rules.contains(Rewrites::DECODE_UNRESERVED) {
            cx.decode
        } else {
            None
        };
        let mut i = 0;
        let mut from = start;
        while i < b.len() {
            if b[i] == b'%' {
                if triplet_at(b, i).is_some() {
                    if let Some(set) = decode
                        && let Some((c, n)) = decode_char_at(b, i)
                        && set.admits(c)
                    {
                        self.run.push(c);
                        i += n;
                        continue;
                    }
                    self.flush(from, start + i, cx);
                    if self.rules.contains(Rewrites::HEX_CASE) {
                        self.put_octet(triplet_at(b, i).unwrap_or(0));
                    } else {
                        self.put_char('%');
                        self.out.push(b[i + 1] as char);
                        self.out.push(b[i + 2] as char);
                    }
                    i += 3;
                } else {
                    self.flush(from, start + i, cx);
                    if self.rules.contains(Rewrites::ENCODE) {
                        self.put_octet(b'%');
                    } else {
                        self.put_char('%');
                    }
                    i += 1;
                }
                from = start + i;
                continue;
            }
            // The characters up to the next "%" join the run as they are, at once.
            let k = b[i..]
                .iter()
                .position(|&x| x == b'%')
                .map_or(b.len(), |k| i + k);
            let Some(t) = s.get(i..k) else {
                break;
            };
            self.run.push_str(t);
            i = k;
        }
        self.flush(from, end, cx);
    }

    /// Writes the pending characters (input bytes `from..to`): NFKC, then case, then
    /// encoding, each as the rules say.
    fn flush(&mut self, from: usize, to: usize, cx: Cx) {
        if self.run.is_empty() {
            return;
        }
        let run = std::mem::take(&mut self.run);
        let nfkc = self.rules.contains(Rewrites::NFKC);
        // ASCII is its own NFKC: only a run with other characters is asked.
        let normalized: Option<String> =
            (nfkc && !run.is_ascii() && is_nfkc_quick(run.chars()) != IsNormalized::Yes)
                .then(|| self.nfkc_keeping_delimiters(&run, from, to))
                .filter(|n| *n != run);
        if let Some(n) = &normalized {
            self.nfkc_diagnostics(&run, n, Span::new(from, to));
        }
        // The usual run: ASCII that no rule encodes or escapes here goes out as it is (lower-
        // cased where asked), as the loop below would write it character by character.
        if normalized.is_none() && run.is_ascii() && self.plain_ascii(&run) {
            if cx.lower {
                self.out
                    .extend(run.bytes().map(|b| char::from(b.to_ascii_lowercase())));
            } else {
                self.out.push_str(&run);
            }
            self.run = run;
            self.run.clear();
            return;
        }
        let chars = normalized.as_deref().unwrap_or(&run);
        let encode = self.rules.contains(Rewrites::ENCODE);
        let mut case_note = false;
        let marked = normalized.is_some();
        let mut pending_pct = 0usize;
        for c in chars.chars() {
            // A character [`Self::nfkc_keeping_delimiters`] marked to stay percent-encoded.
            if marked && pending_pct == 0 && c == PCT_MARK {
                pending_pct += 1;
                continue;
            }
            if pending_pct > 0 {
                pending_pct -= 1;
                let mut buf = [0u8; 4];
                for &o in c.encode_utf8(&mut buf).as_bytes() {
                    self.put_octet(o);
                }
                continue;
            }
            let c = if cx.lower {
                case_note |= !c.is_ascii() && c.is_uppercase();
                c.to_ascii_lowercase()
            } else {
                c
            };
            if (encode && xri_must_encode(c, cx.in_query))
                || (c == ' ' && self.rules.contains(Rewrites::ENCODE_SPACE))
            {
                let mut buf = [0u8; 4];
                for &o in c.encode_utf8(&mut buf).as_bytes() {
                    self.put_octet(o);
                }
            } else {
                self.put_char(c);
            }
        }
        if case_note {
            let span = Span::new(from, to);
            let d = (self.spec.case_not_folded)(span);
            self.warn_once(ONCE_CASE, d);
        }
        self.run = run;
        self.run.clear();
    }

    /// True when every byte of the ASCII `run` is written as it is (lower-casing aside) by
    /// [`Self::flush`]: nothing [`Rewrites::ENCODE`] or [`Rewrites::ENCODE_SPACE`] encodes,
    /// nothing [`Rewrites::IRI_ESCAPE`] escapes.
    fn plain_ascii(&self, run: &str) -> bool {
        let encode = self.rules.contains(Rewrites::ENCODE);
        let encode_space = self.rules.contains(Rewrites::ENCODE_SPACE);
        let escape = self.rules.contains(Rewrites::IRI_ESCAPE);
        let in_xref = self.xref_depth > 0;
        run.bytes().all(|b| {
            // `xri_must_encode` for ASCII: neither unreserved nor reserved.
            !(encode && !(crate::engine::chars::UNRESERVED.has(b) || RESERVED.has(b)))
                && !(encode_space && b == b' ')
                && !(escape && (b == b'%' || (in_xref && matches!(b, b'#' | b'?' | b'/'))))
        })
    }

    /// NFKC (XRI Syntax 2.0 §2.1.1) of `run` (input bytes `from..to`), where a character
    /// NFKC turns into a delimiter (a full-width "@" into "@", "％" into "%") has each
    /// delimiter of its NFKC form preceded by [`PCT_MARK`], so that [`Self::flush`]
    /// percent-encodes it as data: NFKC first (§2.1.1), then the XRI-normal form is
    /// "minimally percent-encoded and matches the ABNF" (§2.1.4) and data must be encoded
    /// (§2.1.2), so `b％41` becomes `b%2541` and the normal form parses to a tree of the same
    /// shape as the input. Reports the first such character, naming the other reading
    /// (docs/readings.md).
    fn nfkc_keeping_delimiters(&mut self, run: &str, from: usize, to: usize) -> String {
        if !run
            .chars()
            .any(|c| c == PCT_MARK || nfkc_makes_delimiter(c))
        {
            return run.nfkc().collect();
        }
        let mut out = String::with_capacity(run.len() + 4);
        let mut plain = String::new();
        for c in run.chars() {
            if c == PCT_MARK {
                // The input's own U+FDD0 (a noncharacter): encoded, as XRI wants it anyway.
                out.extend(plain.nfkc());
                plain.clear();
                out.push(PCT_MARK);
                out.push(c);
            } else if nfkc_makes_delimiter(c) {
                out.extend(plain.nfkc());
                plain.clear();
                let into: String = c.nfkc().collect();
                let mut enc = String::new();
                for d in into.chars() {
                    if is_nfkc_delimiter(d) {
                        out.push(PCT_MARK);
                        push_encoded(&mut enc, d as u8);
                    } else {
                        enc.push(d);
                    }
                    out.push(d);
                }
                if self.once & ONCE_NFKC_DELIM != 0 {
                    continue; // reported once; finding the span again would cost a scan
                }
                let text = self.input.get(from..to).unwrap_or("");
                let span = text.find(c).map_or(Span::new(from, to), |k| {
                    Span::new(from + k, from + k + c.len_utf8())
                });
                let mut own = String::new();
                let mut buf = [0u8; 4];
                for &o in c.encode_utf8(&mut buf).as_bytes() {
                    push_encoded(&mut own, o);
                }
                self.warn_once(
                    ONCE_NFKC_DELIM,
                    Diagnostic::read(
                        CodeReading::NfkcMadeDelimiterInForms,
                        span,
                        format!(
                            "NFKC (§2.1.1) turns U+{:04X} into {into:?}; the normal forms take the \
                             result as data and percent-encode it as {enc} (§2.1.4, §2.1.2), so \
                             they parse to the same tree. Another reading keeps the look-alike and \
                             encodes its own UTF-8 ({own}); a third lets the delimiter act as one. \
                             Write {into:?} if the delimiter was meant (docs/readings.md)",
                            c as u32
                        ),
                    ),
                );
            } else {
                plain.push(c);
            }
        }
        out.extend(plain.nfkc());
        out
    }

    fn nfkc_diagnostics(&mut self, run: &str, normalized: &str, span: Span) {
        // The run with only its delimiter look-alikes normalized: if that is the whole
        // change, the look-alike note has said it.
        let only_lookalikes = normalized.chars().filter(|&c| c != PCT_MARK).eq(run
            .chars()
            .flat_map(|c| {
                let one = nfkc_makes_delimiter(c);
                c.nfkc().filter(move |_| one).chain((!one).then_some(c))
            }));
        if !only_lookalikes {
            self.warn_once(
                ONCE_NFKC,
                Diagnostic::of(
                    Code::NfkcChanged,
                    span,
                    format!(
                        "the normal forms are NFKC-normalized, so {:?} becomes {:?}",
                        run,
                        normalized.replace(PCT_MARK, "")
                    ),
                ),
            );
        }
    }

    // ---- tree ---------------------------------------------------------------------------

    fn node(&mut self, n: Node<'_>, cx: Cx) {
        let mut cx = cx;
        cx.level += 1;
        if cx.level > MAX_LEVEL {
            self.warn_once(
                ONCE_DEPTH,
                Diagnostic::of(
                    Code::FormsDepthLimit,
                    n.span(),
                    format!(
                        "nested more than {MAX_LEVEL} levels deep: from here on the forms only \
                         normalize characters, not structure; flatten the cross-references"
                    ),
                ),
            );
            let s = n.span();
            self.text(s.start, s.end, cx);
            return;
        }
        match n.kind() {
            k if k.is_root() => self.root(n, cx),
            NodeKind::Scheme => {
                cx.lower |= self.rules.contains(Rewrites::SCHEME_CASE);
                self.walk(n, cx, None, false, n.span().end);
            }
            NodeKind::Host => {
                let fold = self.rules.contains(Rewrites::HOST_CASE);
                // RFC 3987 §5.3.2.1 lower-cases a "US-ASCII only host"; a host with other
                // characters keeps its case in the syntax-based form (IDNA, §5.3.3, is
                // scheme-based and goes further).
                if fold
                    && let Some(note) = self.spec.host_case_ascii_only
                    && !crate::engine::pct::is_ascii_only_decoded(n.text(self.input))
                {
                    if n.text(self.input).bytes().any(|b| b.is_ascii_uppercase()) {
                        self.warn_once(
                            ONCE_CASE,
                            Diagnostic::of(Code::CaseNotFolded, n.span(), note),
                        );
                    }
                } else {
                    cx.lower |= fold;
                }
                self.walk(n, cx, None, false, n.span().end);
            }
            NodeKind::Nid => {
                cx.lower |= self.rules.contains(Rewrites::NID_CASE);
                self.walk(n, cx, None, false, n.span().end);
            }
            NodeKind::Authority => self.authority(n, cx),
            NodeKind::Path => self.path(n, cx),
            NodeKind::Segment => self.segment(n, cx),
            NodeKind::Query => {
                cx.in_query = true;
                if let Some(u) = self.spec.query_unreserved {
                    cx.decode = cx.decode.map(|_| u);
                }
                // Only the rfc2141bis draft's caching form has this rule: its query is directives.
                if self.rules.contains(Rewrites::REORDER_DIRECTIVES) {
                    self.directives(n, cx);
                } else {
                    self.walk(n, cx, None, false, n.span().end);
                }
            }
            NodeKind::Xref => {
                let inner = Cx {
                    lower: false,
                    in_query: false,
                    abs_path: None,
                    noscheme_at: None,
                    top: false,
                    ..cx
                };
                let at = self.out.len();
                self.xref_depth += 1;
                self.walk(n, inner, None, false, n.span().end);
                self.xref_depth -= 1;
                if self.xref_depth == 0 {
                    self.shape.xrefs.push((at, self.out.len()));
                }
            }
            _ => self.walk(n, cx, None, false, n.span().end),
        }
    }

    /// Copies node `n` up to byte `end`: gaps as text, children by their kind. `star` is
    /// the child whose leading "*" may go ([`Rewrites::DROP_STAR`]).
    fn walk(&mut self, n: Node<'_>, cx: Cx, star: Option<usize>, first_rel: bool, end: usize) {
        let span = n.span();
        let end = end.min(span.end);
        let mut pos = span.start;
        for c in n.children() {
            let cs = c.span();
            if cs.start < pos || cs.end > span.end {
                continue; // a malformed span: its text goes out with the gaps
            }
            if cs.start > end || cs.end > end {
                break;
            }
            if star == Some(c.index()) && self.star_child(pos, c, cx, first_rel) {
                pos = cs.end;
                continue;
            }
            self.text(pos, cs.start, cx);
            self.node(c, cx);
            pos = cs.end;
        }
        self.text(pos, end.max(pos), cx);
    }

    fn root(&mut self, n: Node<'_>, cx: Cx) {
        let mut cx = cx;
        match n.kind() {
            NodeKind::Xri => {
                if cx.top && n.child(NodeKind::Scheme).is_none() {
                    self.shape.prefixes.push(self.out.len());
                }
                let rule = if cx.top {
                    Rewrites::XRI_PREFIX
                } else {
                    Rewrites::XRI_PREFIX_NESTED
                };
                if self.rules.contains(rule) && n.child(NodeKind::Scheme).is_none() {
                    self.put_str("xri://");
                    if !cx.top {
                        self.warn_once(
                            ONCE_PREFIX,
                            Diagnostic::of(
                                Code::XrefPrefixAdded,
                                n.span(),
                                "the canonical form adds \"xri://\" inside this cross-reference too: \
                                 §2.5.5 asks for the optional prefix and §2.5.4 applies the rules \
                                 recursively; XRIs in practice write cross-references without it, \
                                 and both spellings are equivalent",
                            ),
                        );
                    }
                }
                cx.abs_path = Some(PathSyntax::Xri);
            }
            NodeKind::RelativeXri => {
                if let Some(p) = n.child(NodeKind::Path)
                    && !p.text(self.input).starts_with('/')
                {
                    cx.noscheme_at = Some(p.span().start);
                }
            }
            NodeKind::Uri | NodeKind::Iri if n.child(NodeKind::Scheme).is_some() => {
                cx.abs_path = Some(PathSyntax::Generic);
            }
            _ => {}
        }
        // The rules decide what is cut: a void fragment-id (the WWW draft), or the URN
        // parts the URN specs' comparison drops (none without those rules).
        let end = if let Some(f) = n.child(NodeKind::Fragment).filter(|f| {
            cx.top && f.span().is_empty() && self.rules.contains(Rewrites::DROP_VOID_FRAGMENT)
        }) {
            // The "#" before the void fragment-id goes too.
            f.span().start.saturating_sub(1)
        } else {
            self.urn_cut(n.span().end)
        };
        self.walk(n, cx, None, false, end);
        if cx.top
            && self.rules.contains(Rewrites::SCHEME_BASED)
            && matches!(n.kind(), NodeKind::Uri | NodeKind::Iri)
        {
            let scheme = n
                .child(NodeKind::Scheme)
                .map(|s| s.text(self.input).to_ascii_lowercase());
            self.scheme_based(scheme.as_deref());
        }
    }

    fn is_top_component(n: Node<'_>, cx: Cx) -> bool {
        cx.top && n.parent().is_some_and(|p| p.kind().is_root())
    }

    fn authority(&mut self, n: Node<'_>, mut cx: Cx) {
        let input = self.input;
        let mut star = None;
        if let Some(fold) = self
            .spec
            .authority_fold
            .and_then(|f| f(n, input, self.rules))
        {
            cx.lower |= fold.lower;
            star = fold.skip;
        }
        let a0 = self.out.len();
        self.walk(n, cx, star, false, n.span().end);
        if Self::is_top_component(n, cx) {
            self.auth_out = Some((a0, self.out.len()));
        }
    }

    fn path(&mut self, n: Node<'_>, mut cx: Cx) {
        if let Some(u) = self.spec.path_unreserved {
            cx.decode = cx.decode.map(|_| u);
        }
        let p0 = self.out.len();
        match cx.abs_path {
            Some(syntax) if self.rules.contains(Rewrites::DOT_SEGMENTS) => {
                let saved = std::mem::take(&mut self.out);
                self.walk(n, cx, None, false, n.span().end);
                let p = std::mem::replace(&mut self.out, saved);
                let r = remove_dot_segments_with(&p, syntax);
                // RFC 3986 §3.3: without an authority a path cannot begin with "//", which
                // would read as one ("http:/.//x" must not become "http://x"); "/." keeps
                // the path a path.
                let authority = n
                    .parent()
                    .is_some_and(|r| r.child(NodeKind::Authority).is_some());
                if r.starts_with("//") && !authority {
                    self.out.push_str("/.");
                }
                self.out.push_str(&r);
            }
            _ => self.walk(n, cx, None, false, n.span().end),
        }
        if Self::is_top_component(n, cx) {
            self.path_out = Some((p0, self.out.len()));
        }
    }

    fn segment(&mut self, n: Node<'_>, mut cx: Cx) {
        let text = n.text(self.input);
        if self
            .spec
            .keep_encoded_segment
            .is_some_and(|keep| keep(text))
        {
            cx.decode = None;
        }
        // Only XRI Syntax 2.0's forms have this rule: its segments' subsegments.
        let star = if self.rules.contains(Rewrites::DROP_STAR) {
            n.children()
                .find(|c| c.kind() == NodeKind::Subsegment)
                .map(|c| c.index())
        } else {
            None
        };
        let first_rel = cx.noscheme_at == Some(n.span().start);
        self.walk(n, cx, star, first_rel, n.span().end);
    }

    /// Emits sub-segment `c` (after the gap from `pos`) without its optional leading "*",
    /// when §2.5.3 allows; returns false, having emitted nothing, when it does not.
    fn star_child(&mut self, pos: usize, c: Node<'_>, cx: Cx, first_rel: bool) -> bool {
        let input = self.input;
        let cs = c.span();
        let gap = input.get(pos..cs.start).unwrap_or("");
        let star_at = if c.text(input).starts_with('*') {
            cs.start
        } else if gap.ends_with('*') && c.attr("delim") == Some("*") {
            cs.start - 1
        } else {
            return false;
        };
        let content = input.get(star_at + 1..cs.end).unwrap_or("");
        if content.is_empty()
            || is_dot_segment_decoded(content)
            || (first_rel && content.starts_with('('))
        {
            return false;
        }
        if star_at < cs.start {
            self.text(pos, star_at, cx);
            self.node(c, cx);
        } else {
            self.text(pos, cs.start, cx);
            let at = self.out.len();
            self.node(c, cx);
            if self.out.get(at..).is_some_and(|t| t.starts_with('*')) {
                self.out.remove(at);
            }
        }
        true
    }

    /// rfc2141bis §5 step 5b: the directives, stably sorted by keyword, joined by "&".
    fn directives(&mut self, n: Node<'_>, cx: Cx) {
        let s = n.span();
        let Some(q) = self.input.get(s.start..s.end) else {
            return;
        };
        let mut parts: Vec<(&str, usize, usize)> = Vec::new();
        let mut at = s.start;
        for piece in q.split('&') {
            let key = piece.split('=').next().unwrap_or("");
            parts.push((key, at, at + piece.len()));
            at += piece.len() + 1;
        }
        // rfc2141bis §2.3: the query is an "unordered sequence of directives", so the
        // order says nothing, not even between directives with the same keyword: they are
        // sorted by keyword, then by the whole directive (hex digits of triplets compared
        // upper-cased, as step 3 writes them), and `?zz=2&zz=1` ≡ `?zz=1&zz=2`.
        let hex_upper = |t: &str| {
            let b = t.as_bytes();
            let mut out = String::with_capacity(t.len());
            let mut i = 0;
            while let Some(c) = t.get(i..).and_then(|r| r.chars().next()) {
                if c == '%' && triplet_at(b, i).is_some() {
                    out.push_str(&t[i..i + 3].to_ascii_uppercase());
                    i += 3;
                } else {
                    out.push(c);
                    i += c.len_utf8();
                }
            }
            out
        };
        let mut keyed: Vec<(String, String, usize, usize)> = parts
            .iter()
            .map(|&(k, a, b)| {
                (
                    hex_upper(k),
                    hex_upper(self.input.get(a..b).unwrap_or("")),
                    a,
                    b,
                )
            })
            .collect();
        keyed.sort();
        if let Some(w) = keyed.windows(2).find(|w| w[0].0 == w[1].0) {
            self.warn_once(
                ONCE_DIRECTIVE_ORDER,
                Diagnostic::of(
                    Code::DirectiveOrderReading,
                    Span::new(w[0].2.min(w[1].2), w[0].3.max(w[1].3)),
                    format!(
                        "the keyword {:?} appears more than once. Reading: §2.3 calls the query an \
                         \"unordered sequence of directives\", so the caching form sorts \
                         directives with the same keyword by their text and their order does not \
                         matter; the other reading keeps their order (a stable sort by keyword \
                         alone), under which ?k=2&k=1 and ?k=1&k=2 differ",
                        w[0].0
                    ),
                ),
            );
        }
        for (i, (_, _, a, b)) in keyed.into_iter().enumerate() {
            if i > 0 {
                self.put_char('&');
            }
            self.text(a, b, cx);
        }
    }

    /// Where the suffix that the URN rules drop starts: the first "?" or "#" after "urn:"
    /// (neither may stand unencoded in the NID or, under rfc2141bis and RFC 8141, the NSS),
    /// or the first "#" when only the fragment goes; `end` itself without those rules
    /// (which only the URN specs' forms have).
    fn urn_cut(&self, end: usize) -> usize {
        let stops: &[u8] = if self
            .rules
            .intersects(Rewrites::DROP_QUERY.union(Rewrites::DROP_RQF))
        {
            b"?#"
        } else if self.rules.contains(Rewrites::DROP_FRAGMENT) {
            b"#"
        } else {
            return end;
        };
        let b = self.input.as_bytes();
        let from = 4.min(end);
        b.get(from..end)
            .and_then(|t| t.iter().position(|c| stops.contains(c)))
            .map_or(end, |k| from + k)
    }

    /// RFC 3986 §6.2.3 on the top-level identifier just written.
    fn scheme_based(&mut self, scheme: Option<&str>) {
        let Some((a0, a1)) = self.auth_out else {
            return;
        };
        let default = match scheme {
            Some("http" | "ws") => Some("80"),
            Some("https" | "wss") => Some("443"),
            Some("ftp") => Some("21"),
            _ => None,
        };
        if default.is_some() && self.path_out.is_none_or(|(p0, p1)| p0 == p1) {
            let at = self.path_out.map_or(a1, |(p0, _)| p0);
            if at <= self.out.len() {
                self.out.insert(at, '/');
            }
        }
        let Some(auth) = self.out.get(a0..a1) else {
            return;
        };
        let Some(k) = auth.rfind(':') else { return };
        let port = auth.get(k + 1..).unwrap_or("");
        let after_literal = !auth.contains('[') || auth.rfind(']').is_some_and(|r| r < k);
        if !after_literal || !port.bytes().all(|c| c.is_ascii_digit()) {
            return;
        }
        let trimmed = port.trim_start_matches('0');
        let value = if trimmed.is_empty() && !port.is_empty() {
            "0"
        } else {
            trimmed
        };
        if port.is_empty() || Some(value) == default {
            self.out.replace_range(a0 + k..a1, "");
        }
    }

    /// No identifier tree: the text rules over everything, and what of the structural rules
    /// the first characters decide.
    fn fallback(&mut self, cx: Cx) {
        let input = self.input;
        let len = input.len();
        let mut pos = 0;
        let lower = Cx { lower: true, ..cx };
        let head = (self.spec.head)(input, self.rules);
        if let Some(insert) = head.insert {
            self.put_str(insert);
        }
        for (start, end, lowered) in head.spans {
            self.text(start, end, if lowered { lower } else { cx });
            pos = pos.max(end);
        }
        // Without the URN drop rules the cut is at the end.
        let end = self.urn_cut(len).max(pos);
        if self.rules.contains(Rewrites::IRI_ESCAPE) {
            for r in xref_regions(input) {
                if r.start < pos {
                    continue;
                }
                self.text(pos, r.start, cx);
                self.xref_depth += 1;
                self.text(r.start, r.end, cx);
                self.xref_depth -= 1;
                pos = r.end;
            }
        }
        self.text(pos, end, cx);
    }
}
