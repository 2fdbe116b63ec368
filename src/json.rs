//! JSON renderings of what the engine returns, streamed straight to the writer.
//!
//! Every JSON line goes through [`write_line`], whose formatter escapes, besides what JSON
//! requires, every character [`crate::safe_text::needs_token`] would show as a token
//! (controls, bidi controls, zero-width and other invisible characters, line and paragraph
//! separators): `\u202e`, never the raw character, so a JSON line printed to a terminal or
//! pasted into a browser cannot reorder or hide what it shows. The values are unchanged:
//! a JSON parser reads back exactly the input.
//!
//! A diagnostic (see [`DiagnosticJson`]) has `count`, how many occurrences it stands for,
//! and, only when it repeats with gaps (the same severity, code, spec and message found at
//! [`FOLD_MIN`](crate::engine::tree::FOLD_MIN) or more separate places, such as an unencoded
//! "+" in each of thousands of one-character XRI segments), `spans`: the places as
//! `[{"start", "end"}, ...]`, in input order, at most
//! [`MAX_LISTED_SPANS`](crate::engine::tree::MAX_LISTED_SPANS) (100), the first being its
//! `start`..`end`. Such a diagnostic is reported once however often it repeats, so the
//! output stays a small constant per input byte.
//!
//! The tree is serialized from the engine's flat preorder storage: each node writes its
//! fields and then its children, with no intermediate `serde_json::Value`, so the output
//! costs time and memory linear in the number of nodes whatever the depth.

use std::io::{self, Write};
use std::sync::OnceLock;

use crate::engine::components::Components;

use serde::Serialize;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use serde_json::ser::{CompactFormatter, Formatter};

use crate::engine::equiv::Verdict;
use crate::engine::{Analysis, Diagnostic, Node, Tree};

/// For each ASCII byte, whether `safe_text` shows it as a token (computed once from the
/// predicate itself, so the two can never disagree).
fn ascii_needs_escape() -> &'static [bool; 128] {
    static TABLE: OnceLock<[bool; 128]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [false; 128];
        for (b, slot) in t.iter_mut().enumerate() {
            *slot = crate::safe_text::needs_token(char::from(b as u8));
        }
        t
    })
}

/// At most how many bytes more than itself a JSON string with the safe escapes writes
/// for the character byte `b` starts (0 for a UTF-8 continuation byte): 5 for an ASCII
/// byte serde_json or `safe_text` escapes (`\u00XX`; `\"` and `\n` take 2), 8 for a
/// character past ASCII (a surrogate pair's escape of a 4-byte one takes 12; a 2- or
/// 3-byte one's takes 6, or nothing more when it is written as it is).
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // `grammar parse`'s output bound
pub(crate) fn escape_growth_bound(b: u8) -> u32 {
    match b {
        0x80..=0xBF => 0,
        0xC0..=0xFF => 8,
        _ if JSON_ESCAPE[usize::from(b)] != 0 || ascii_needs_escape()[usize::from(b)] => 5,
        _ => 0,
    }
}

/// True when every byte of `bytes` is ASCII that `safe_text` leaves as it is: such text
/// is written unchanged to the terminal, with no UTF-8 decoding or escaping (the hot path of
/// `check`'s output).
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // `check`'s hot path
pub(crate) fn plain_ascii(bytes: &[u8]) -> bool {
    if tokens_are_ascii_controls() {
        return plain_prefix(bytes, false) == bytes.len();
    }
    let table = ascii_needs_escape();
    bytes.iter().all(|&b| b < 0x80 && !table[usize::from(b)])
}

pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` that is zero set, and perhaps of bytes after one that
/// is (a borrow): nonzero exactly when `x` has a zero byte, and its lowest set bit is
/// that of the first zero byte (a borrow only runs upward from one).
#[inline(always)]
pub(crate) fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x
}

/// True when none of the eight bytes of `w` is a control (C0 or DEL), non-ASCII, or with
/// `json`, `"` or `\`. A byte below 0x20 borrows in `w - 0x20…` where its own high bit is
/// clear (exact for the whole word's answer, as for [`zero_bytes`]).
#[inline(always)]
fn plain_word(w: u64, json: bool) -> bool {
    let mut bad = (w.wrapping_sub(ONES * 0x20) & !w) | zero_bytes(w ^ (ONES * 0x7f)) | w;
    if json {
        bad |= zero_bytes(w ^ (ONES * u64::from(b'"'))) | zero_bytes(w ^ (ONES * u64::from(b'\\')));
    }
    bad & HIGH == 0
}

/// The length of the leading run of `bytes` that is printable ASCII (and with `json`, free
/// of `"` and `\`), when the ASCII characters that need a token are exactly the controls
/// ([`tokens_are_ascii_controls`]). Eight bytes are tested at a time in a `u64`
/// ([`plain_word`]): a byte-at-a-time scan (or 32-byte blocks of `bool`s, which the compiler
/// did not turn into vector compares here) cost five or more instructions a byte, and this
/// runs over every line `check` prints and every string its JSON writes.
#[inline]
fn plain_prefix(bytes: &[u8], json: bool) -> usize {
    let mut i = 0;
    for chunk in bytes.chunks_exact(8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        if !plain_word(u64::from_le_bytes(word), json) {
            break;
        }
        i += 8;
    }
    let rest = bytes.get(i..).unwrap_or_default();
    // Every whole word passed and a few bytes are left: the last eight bytes as one word
    // (overlapping the last whole one), instead of a byte at a time.
    if !rest.is_empty()
        && rest.len() < 8
        && let Some(last) = bytes.len().checked_sub(8).and_then(|k| bytes.get(k..))
    {
        let mut word = [0u8; 8];
        word.copy_from_slice(last);
        if plain_word(u64::from_le_bytes(word), json) {
            return bytes.len();
        }
    }
    i + rest
        .iter()
        .position(|&b| !(0x20..0x7F).contains(&b) || (json && (b == b'"' || b == b'\\')))
        .unwrap_or(rest.len())
}

/// Whether the ASCII characters that need a token are exactly the controls (C0 and DEL),
/// checked once against the predicate.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // `check`'s hot path
fn tokens_are_ascii_controls() -> bool {
    static SIMPLE: OnceLock<bool> = OnceLock::new();
    *SIMPLE.get_or_init(|| {
        ascii_needs_escape()
            .iter()
            .enumerate()
            .all(|(b, &needs)| needs == (b < 0x20 || b == 0x7F))
    })
}

/// [`plain_ascii`] and free of what a JSON string must escape (`"` and `\`): such text is
/// a JSON string's contents as it is.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // `check`'s hot path
pub(crate) fn plain_json_ascii(bytes: &[u8]) -> bool {
    if tokens_are_ascii_controls() {
        return plain_prefix(bytes, true) == bytes.len();
    }
    plain_ascii(bytes) && !bytes.iter().any(|&b| b == b'"' || b == b'\\')
}

/// What a JSON string does with each ASCII byte in serde_json's escaping: 0 keeps it, else
/// the letter of its escape (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, or `u` for `\u00XX`).
const JSON_ESCAPE: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut b = 0;
    while b < 0x20 {
        t[b] = b'u';
        b += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

/// `\uXXXX` (lowercase hex) for each UTF-16 unit of `c` (one, or a surrogate pair), as
/// serde_json writes a character escape: the bytes and how many of them are used. The one
/// writer of these escapes, for [`SafeFormatter`] and [`push_str`].
fn u_escape(c: char) -> ([u8; 12], usize) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = [0u8; 12];
    let mut n = 0;
    let mut units = [0u16; 2];
    for &u in c.encode_utf16(&mut units).iter() {
        out[n..n + 6].copy_from_slice(&[
            b'\\',
            b'u',
            HEX[usize::from(u >> 12)],
            HEX[usize::from((u >> 8) & 0xf)],
            HEX[usize::from((u >> 4) & 0xf)],
            HEX[usize::from(u & 0xf)],
        ]);
        n += 6;
    }
    (out, n)
}

/// Appends [`u_escape`] of `c`.
fn push_u_escape(out: &mut Vec<u8>, c: char) {
    let (e, n) = u_escape(c);
    out.extend_from_slice(&e[..n]);
}

/// Appends `s` as a JSON string (quoted), byte for byte what [`write_line`] writes for it:
/// serde_json's escapes (`"`, `\`, the C0 controls), and a `\uXXXX` escape for every
/// other character that needs a token. Written by hand rather than through serde_json's
/// serializer because `check --format json` writes a string or more for each of millions
/// of lines, and the serializer's dispatch and per-fragment calls cost several times the
/// escaping itself; `tests` hold the two equal on arbitrary strings.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // `check`'s hot path
pub(crate) fn push_str(out: &mut Vec<u8>, s: &str) {
    let table = ascii_needs_escape();
    let simple = tokens_are_ascii_controls();
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        if simple {
            // The plain run ahead, eight bytes at a time.
            i += plain_prefix(bytes.get(i..).unwrap_or_default(), true);
            if i >= bytes.len() {
                break;
            }
        }
        let b = bytes[i];
        if b < 0x80 {
            let e = JSON_ESCAPE[usize::from(b)];
            if e == 0 && !table[usize::from(b)] {
                i += 1;
                continue;
            }
            out.extend_from_slice(&bytes[run..i]);
            match e {
                // `u`: a C0 control; 0: not escaped by JSON but a token (DEL), which the
                // formatter writes as `\u00XX` too.
                0 | b'u' => push_u_escape(out, char::from(b)),
                e => out.extend_from_slice(&[b'\\', e]),
            }
            i += 1;
            run = i;
            continue;
        }
        // A multi-byte character: decode it (`s` is UTF-8, `i` a character boundary).
        let Some(c) = s.get(i..).and_then(|t| t.chars().next()) else {
            break;
        };
        let len = c.len_utf8();
        if crate::safe_text::needs_token(c) {
            out.extend_from_slice(&bytes[run..i]);
            push_u_escape(out, c);
            run = i + len;
        }
        i += len;
    }
    out.extend_from_slice(&bytes[run..]);
    out.push(b'"');
}

/// The compact JSON formatter, with every character that needs a token written as a
/// `\uXXXX` escape (a surrogate pair past U+FFFF).
#[derive(Clone, Copy, Debug, Default)]
pub struct SafeFormatter;

impl SafeFormatter {
    fn escape_char<W: ?Sized + Write>(writer: &mut W, c: char) -> io::Result<()> {
        let (e, n) = u_escape(c);
        writer.write_all(&e[..n])
    }
}

impl Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let table = ascii_needs_escape();
        let bytes = fragment.as_bytes();
        let mut run = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x80 {
                if table[usize::from(b)] {
                    writer.write_all(&bytes[run..i])?;
                    Self::escape_char(writer, char::from(b))?;
                    run = i + 1;
                }
                i += 1;
                continue;
            }
            // A multi-byte character: decode it from the (valid UTF-8) fragment.
            let Some(c) = fragment[i..].chars().next() else {
                break;
            };
            let len = c.len_utf8();
            if crate::safe_text::needs_token(c) {
                writer.write_all(&bytes[run..i])?;
                Self::escape_char(writer, c)?;
                run = i + len;
            }
            i += len;
        }
        writer.write_all(&bytes[run..])
    }

    // Everything else as the compact formatter writes it.
    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        char_escape: serde_json::ser::CharEscape,
    ) -> io::Result<()> {
        CompactFormatter.write_char_escape(writer, char_escape)
    }
}

/// Writes `value` as one JSON line (safe escapes, then `\n`).
pub fn write_line<W: Write + ?Sized>(out: &mut W, value: &impl Serialize) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(&mut *out, SafeFormatter);
    value.serialize(&mut ser).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// `value` as a JSON string with the safe escapes (for tests and the library).
pub fn to_string(value: &impl Serialize) -> String {
    let mut buf = Vec::new();
    // Writing to a Vec cannot fail, and the serializers here produce valid UTF-8.
    let _ = write_line(&mut buf, value);
    buf.pop();
    String::from_utf8_lossy(&buf).into_owned()
}

/// One diagnostic as `{"severity", "code", "message", "start", "end", "spec", "expected",
/// "expected_at", "reached", "count"}`, plus `"spans"` for one that repeats with gaps.
///
/// `count` is how many occurrences the diagnostic stands for (see [`Diagnostic::count`]):
/// 1; or more for a run of adjacent occurrences (`start`..`end` then covers the run); or,
/// for a diagnostic found at several separate places (at least
/// [`crate::engine::tree::FOLD_MIN`]; such as the same unencoded character in every one of
/// thousands of segments), every occurrence, wherever it is. Only that last kind has
/// `"spans"`: the places, in input order, as `[{"start", "end"}, ...]` (each a single
/// occurrence or an adjacent run), the first
/// [`MAX_LISTED_SPANS`](crate::engine::tree::MAX_LISTED_SPANS) (100) of them; `start` and
/// `end` are then the first place's. More places than listed: `count` exceeds what the
/// listed spans hold.
#[derive(Clone, Copy, Debug)]
pub struct DiagnosticJson<'a>(pub &'a Diagnostic);

struct SpanJson(crate::engine::Span);

impl Serialize for SpanJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Span", 2)?;
        m.serialize_field("start", &self.0.start)?;
        m.serialize_field("end", &self.0.end)?;
        m.end()
    }
}

struct SpansJson<'a>(&'a [crate::engine::Span]);

impl Serialize for SpansJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|&sp| SpanJson(sp)))
    }
}

impl Serialize for DiagnosticJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.0;
        let fields = if d.spans.is_empty() { 10 } else { 11 };
        let mut m = s.serialize_struct("Diagnostic", fields)?;
        m.serialize_field("severity", d.severity.name())?;
        m.serialize_field("code", d.code.as_str())?;
        m.serialize_field("message", &d.message)?;
        m.serialize_field("start", &d.span.start)?;
        m.serialize_field("end", &d.span.end)?;
        m.serialize_field("spec", d.spec)?;
        m.serialize_field("expected", &d.expected)?;
        m.serialize_field("expected_at", &d.expected_at)?;
        m.serialize_field("reached", &d.reached)?;
        m.serialize_field("count", &d.count)?;
        if d.spans.is_empty() {
            m.skip_field("spans")?;
        } else {
            m.serialize_field("spans", &SpansJson(&d.spans))?;
        }
        m.end()
    }
}

/// A list of diagnostics, as an array of [`DiagnosticJson`].
#[derive(Clone, Copy, Debug)]
pub struct DiagnosticsJson<'a>(pub &'a [Diagnostic]);

impl Serialize for DiagnosticsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(DiagnosticJson))
    }
}

/// A node and its subtree as nested
/// `{"kind", "rule", "start", "end", "text", "attrs", "children"}`.
#[derive(Clone, Copy, Debug)]
pub struct NodeJson<'a> {
    /// The node.
    pub node: Node<'a>,
    /// The input the tree's spans point into.
    pub input: &'a str,
}

struct AttrsJson<'a>(Node<'a>);

impl Serialize for AttrsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let attrs = self.0.attrs();
        let mut m = s.serialize_map(Some(attrs.len()))?;
        for a in attrs {
            m.serialize_entry(a.key, a.value.as_ref())?;
        }
        m.end()
    }
}

struct ChildrenJson<'a>(NodeJson<'a>);

impl Serialize for ChildrenJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let input = self.0.input;
        s.collect_seq(self.0.node.children().map(|node| NodeJson { node, input }))
    }
}

/// Texts of inner nodes longer than this many bytes are cut in the JSON tree.
pub const NODE_TEXT_MAX: usize = 256;

/// A node's text for the JSON tree: exact for a leaf (leaves do not overlap, so their texts
/// add up to at most the input) and for any node up to [`NODE_TEXT_MAX`] bytes; an inner
/// node's longer text is cut to its first 128 and last 64 bytes around `…`, since repeating
/// it whole at every level of a deep tree would make the output quadratic. A cut text is
/// recognisable: its length differs from `end - start`, and `input[start..end]` is whole.
pub fn node_text<'i>(n: Node<'_>, input: &'i str) -> std::borrow::Cow<'i, str> {
    let text = n.text(input);
    if n.is_leaf() || text.len() <= NODE_TEXT_MAX {
        return text.into();
    }
    let (head, tail) = crate::text_layout::head_tail(text, 128, 64);
    format!("{head}…{tail}").into()
}

impl Serialize for NodeJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = self.node;
        let span = n.span();
        let mut m = s.serialize_struct("Node", 7)?;
        m.serialize_field("kind", n.kind().name())?;
        m.serialize_field("rule", n.rule())?;
        m.serialize_field("start", &span.start)?;
        m.serialize_field("end", &span.end)?;
        m.serialize_field("text", &node_text(n, self.input))?;
        m.serialize_field("attrs", &AttrsJson(n))?;
        m.serialize_field("children", &ChildrenJson(*self))?;
        m.end()
    }
}

/// The whole tree (its root's [`NodeJson`]; `null` for an empty tree).
///
/// Nesting follows the tree: the grammars bound it (XRI cross-references nest at most
/// `MAX_XREF_DEPTH` deep), so the recursion here is bounded too.
#[derive(Clone, Copy, Debug)]
pub struct TreeJson<'a> {
    /// The tree.
    pub tree: &'a Tree,
    /// The input its spans point into.
    pub input: &'a str,
}

impl Serialize for TreeJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.tree.is_empty() {
            return s.serialize_none();
        }
        NodeJson {
            node: self.tree.root(),
            input: self.input,
        }
        .serialize(s)
    }
}

/// `{"rule", "within", "alternatives"}`: the start rule the input was read as, and the
/// production that offers it (with that production's alternatives), or null.
#[derive(Clone, Copy, Debug)]
pub struct StartRuleJson<'a>(pub &'a Analysis);

impl Serialize for StartRuleJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        let start = a.start_rule();
        let alternatives = start
            .within
            .and_then(|w| crate::engine::rules::grammar(a.profile).get(w))
            .map(|p| &p.alternatives);
        let mut m = s.serialize_struct("StartRule", 3)?;
        m.serialize_field("rule", &start.rule)?;
        m.serialize_field("within", &start.within)?;
        m.serialize_field("alternatives", &alternatives)?;
        m.end()
    }
}

/// One other reading as `{"kind", "start", "end", "profile", "taken_rule", "other_rule",
/// "taken_valid", "other_valid", "summary", "hint", "decided_by": {"section", "quote"},
/// "tree"}`, its subtree streamed as [`TreeJson`] is.
#[derive(Clone, Copy, Debug)]
pub struct ReadingJson<'a> {
    /// The reading.
    pub reading: &'a crate::engine::readings::Reading,
    /// The input its spans point into.
    pub input: &'a str,
}

impl Serialize for ReadingJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.reading;
        let mut m = s.serialize_struct("Reading", 12)?;
        m.serialize_field("kind", r.kind.name())?;
        m.serialize_field("start", &r.span.start)?;
        m.serialize_field("end", &r.span.end)?;
        m.serialize_field("profile", r.profile.name())?;
        m.serialize_field("taken_rule", r.taken_rule)?;
        m.serialize_field("other_rule", r.other_rule)?;
        m.serialize_field("taken_valid", &r.taken_valid)?;
        m.serialize_field("other_valid", &r.other_valid)?;
        m.serialize_field("summary", &r.summary)?;
        m.serialize_field("hint", &r.hint)?;
        m.serialize_field("decided_by", &DecisionJson(r.decided_by))?;
        m.serialize_field(
            "tree",
            &TreeJson {
                tree: &r.tree,
                input: self.input,
            },
        )?;
        m.end()
    }
}

struct DecisionJson(crate::engine::readings::Decision);

impl Serialize for DecisionJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Decision", 2)?;
        m.serialize_field("section", self.0.section)?;
        m.serialize_field("quote", self.0.quote)?;
        m.end()
    }
}

/// Every other reading of an analysis, as an array of [`ReadingJson`].
#[derive(Clone, Copy, Debug)]
pub struct ReadingsJson<'a>(pub &'a Analysis);

impl Serialize for ReadingsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        s.collect_seq(a.readings.iter().map(|reading| ReadingJson {
            reading,
            input: &a.input,
        }))
    }
}

/// The flat components of an analysis ([`Analysis::components`]): every field, `null`
/// where the input has no such component.
pub struct ComponentsJson<'a>(pub Components<'a>);

impl Serialize for ComponentsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = &self.0;
        let mut m = s.serialize_struct("Components", 13)?;
        for (name, value) in Components::NAMES.into_iter().zip(c.values()) {
            m.serialize_field(name, &value)?;
        }
        m.end()
    }
}

/// The URL Standard's record of a whatwg analysis, as the `URL` class's getters give it
/// (`href`, `origin`, `protocol`, `username`, `password`, `host`, `hostname`, `port`,
/// `pathname`, `search`, `hash`) and whether the input is a valid URL string; read from the
/// tree's root, which holds them (no second parse). `None` for a tree that is no URL
/// record (the RFC profiles'); `Some(None)` when the parse failed.
pub struct UrlJson<'a>(Node<'a>);

/// The getters, in the `URL` class's order.
const URL_GETTERS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

impl<'a> UrlJson<'a> {
    /// The record of `a`, if its tree is a URL record's: `Some(None)` on failure.
    pub fn of(a: &'a Analysis) -> Option<Option<UrlJson<'a>>> {
        let root = a.tree.root();
        root.attr("valid_url_string")?;
        Some(root.attr("href").map(|_| UrlJson(root)))
    }
}

impl Serialize for UrlJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(URL_GETTERS.len() + 1))?;
        for k in URL_GETTERS {
            m.serialize_entry(k, self.0.attr(k).unwrap_or(""))?;
        }
        m.serialize_entry(
            "valid_url_string",
            &(self.0.attr("valid_url_string") == Some("true")),
        )?;
        m.end()
    }
}

/// The whole `parse` object for one input: `{"input", "profile", "profile_reason",
/// "valid", "start_rule", "components", "tree", "diagnostics", "readings",
/// "readings_omitted"}`, and under the whatwg profile `"url"` ([`UrlJson`], null on failure).
#[derive(Clone, Copy, Debug)]
pub struct AnalysisJson<'a>(pub &'a Analysis);

/// The namespace layer's answer for a URN, beside the URN spec's `valid` (which it never
/// changes): `{"nid", "registered", "registration", "valid", "document", "section",
/// "name", "entry", "canonical", "steps", "facts"}`. `valid` and `document` are null where
/// idbench knows no syntax for the namespace; `entry` is the registry's record (kind,
/// date, reference, template) of a registered NID.
pub struct NamespaceJson<'a>(pub &'a crate::engine::namespaces::NssAnalysis);

impl Serialize for NamespaceJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = self.0;
        let mut m = s.serialize_struct("Namespace", 11)?;
        m.serialize_field("nid", &n.nid)?;
        m.serialize_field("registered", &n.registration.registered())?;
        m.serialize_field("registration", n.registration.name())?;
        m.serialize_field("valid", &n.valid)?;
        m.serialize_field("document", &n.document())?;
        m.serialize_field("section", &n.namespace.map(|ns| ns.section))?;
        m.serialize_field("name", &n.namespace.map(|ns| ns.name))?;
        m.serialize_field(
            "entry",
            &n.registration.entry().map(|e| {
                serde_json::json!({
                    "kind": e.kind.name(),
                    "date": e.date,
                    "reference": e.reference,
                    "template": e.template,
                })
            }),
        )?;
        m.serialize_field("canonical", &n.canonical)?;
        m.serialize_field(
            "steps",
            &n.steps
                .iter()
                .map(|st| serde_json::json!({"name": st.name, "spec": st.spec, "nss": st.nss}))
                .collect::<Vec<_>>(),
        )?;
        m.serialize_field(
            "facts",
            &n.facts
                .iter()
                .map(|(k, v)| serde_json::json!({"name": k, "value": v}))
                .collect::<Vec<_>>(),
        )?;
        m.end()
    }
}

/// The URI scheme layer's answer ([`crate::engine::schemes::SchemeAnalysis`]): `{scheme,
/// registered, status, reference, valid, document, section, findings, canonical, steps}`.
pub struct SchemeSpecJson<'a>(pub &'a crate::engine::schemes::SchemeAnalysis);

impl Serialize for SchemeSpecJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = self.0;
        let mut m = s.serialize_struct("SchemeSpec", 10)?;
        m.serialize_field("scheme", &n.scheme)?;
        m.serialize_field("registered", &n.registered())?;
        m.serialize_field("status", &n.entry.map(|e| e.status.name()))?;
        m.serialize_field("reference", &n.entry.map(|e| e.reference))?;
        m.serialize_field("valid", &n.valid)?;
        m.serialize_field("document", &n.document())?;
        m.serialize_field("section", &n.section())?;
        m.serialize_field("findings", &DiagnosticsJson(&n.diagnostics))?;
        m.serialize_field("canonical", &n.canonical)?;
        m.serialize_field(
            "steps",
            &n.steps
                .iter()
                .map(|st| serde_json::json!({"name": st.name, "spec": st.spec, "text": st.text}))
                .collect::<Vec<_>>(),
        )?;
        m.end()
    }
}

impl Serialize for AnalysisJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        let mut m = s.serialize_struct("Analysis", 11)?;
        m.serialize_field("input", &a.input)?;
        m.serialize_field("profile", a.profile.name())?;
        m.serialize_field("profile_reason", &a.profile_reason)?;
        m.serialize_field("valid", &a.valid())?;
        m.serialize_field("namespace", &a.namespace.as_ref().map(NamespaceJson))?;
        m.serialize_field("scheme_spec", &a.scheme_spec.as_ref().map(SchemeSpecJson))?;
        m.serialize_field("start_rule", &StartRuleJson(a))?;
        m.serialize_field("components", &ComponentsJson(a.components()))?;
        m.serialize_field(
            "tree",
            &TreeJson {
                tree: &a.tree,
                input: &a.input,
            },
        )?;
        m.serialize_field("diagnostics", &DiagnosticsJson(&a.all_diagnostics()))?;
        m.serialize_field("readings", &ReadingsJson(a))?;
        m.serialize_field("readings_omitted", &a.readings_omitted)?;
        if let Some(url) = UrlJson::of(a) {
            m.serialize_field("url", &url)?;
        }
        m.end()
    }
}

// ---------------------------------------------------------------- compare

/// A side's parse diagnostics and what the comparison found about it, in input order.
pub(crate) fn side_diagnostics<'v>(
    parse: &'v [Diagnostic],
    extra: &'v [Diagnostic],
) -> Vec<&'v Diagnostic> {
    let mut all: Vec<&Diagnostic> = parse.iter().chain(extra).collect();
    all.sort_by_key(|d| (d.span.start, d.severity, d.span.end));
    all
}

struct StepsJson<'a>(&'a Verdict);

impl Serialize for StepsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.steps.iter().map(StepJson))
    }
}

struct StepJson<'a>(&'a crate::engine::equiv::Step);

impl Serialize for StepJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let st = self.0;
        let mut m = s.serialize_struct("Step", 5)?;
        m.serialize_field("name", &st.name)?;
        m.serialize_field("spec", st.spec)?;
        m.serialize_field("a", &st.a)?;
        m.serialize_field("b", &st.b)?;
        m.serialize_field("equal", &st.equal)?;
        m.end()
    }
}

struct DifferenceJson<'a>(&'a crate::engine::equiv::Difference);

impl Serialize for DifferenceJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.0;
        let mut m = s.serialize_struct("Difference", 6)?;
        m.serialize_field("kind", d.kind.name())?;
        m.serialize_field("a_start", &d.a.start)?;
        m.serialize_field("a_end", &d.a.end)?;
        m.serialize_field("b_start", &d.b.start)?;
        m.serialize_field("b_end", &d.b.end)?;
        m.serialize_field("reason", &d.reason)?;
        m.end()
    }
}

/// `{"a": ..., "b": ...}` with the two sides' values.
struct PairJson<T: Serialize>(T, T);

impl<T: Serialize> Serialize for PairJson<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Pair", 2)?;
        m.serialize_field("a", &self.0)?;
        m.serialize_field("b", &self.1)?;
        m.end()
    }
}

/// `compare --format json`'s object: the verdict, the ladder's steps, where the sides part,
/// and each side's diagnostics (the CLI, the Arrow kernels and the Python package write it).
pub struct VerdictJson<'a>(pub &'a Verdict);

impl Serialize for VerdictJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.0;
        let owned = |parse, extra| -> Vec<Diagnostic> {
            side_diagnostics(parse, extra)
                .into_iter()
                .cloned()
                .collect()
        };
        let a_diags = owned(&v.a.diagnostics, &v.a_diagnostics);
        let b_diags = owned(&v.b.diagnostics, &v.b_diagnostics);
        let mut m = s.serialize_struct("Verdict", 12)?;
        m.serialize_field("a", &v.a.input)?;
        m.serialize_field("b", &v.b.input)?;
        m.serialize_field("profile", v.profile.name())?;
        m.serialize_field("profile_reason", &v.profile_reason)?;
        m.serialize_field("equivalent", &v.equivalent)?;
        m.serialize_field("valid", &PairJson(v.a_valid(), v.b_valid()))?;
        m.serialize_field("summary", &v.summary())?;
        m.serialize_field("equal_from", &crate::report::equal_from(v))?;
        m.serialize_field("parted_at", &crate::report::parted_at(v))?;
        m.serialize_field("steps", &StepsJson(v))?;
        m.serialize_field("difference", &v.difference.as_ref().map(DifferenceJson))?;
        m.serialize_field(
            "diagnostics",
            &PairJson(DiagnosticsJson(&a_diags), DiagnosticsJson(&b_diags)),
        )?;
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The growth bound covers what a JSON string writes for each character: every ASCII
    /// one, every code point up to U+3000 and one in seven past it, and the tokens past
    /// it (bidi controls, invisible characters, tags); it is exact on ASCII's `\u00XX`.
    #[test]
    fn escape_growth_bound_covers_each_characters_json() {
        let tokens = [
            0x200B, 0x200E, 0x202A, 0x202E, 0x2066, 0x2069, 0xFEFF, 0xE0001, 0xE007F,
        ];
        let mut exact = 0;
        for cp in (0..0x3000)
            .chain((0x3000..=0x10FFFF).step_by(7))
            .chain(tokens)
        {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let mut buf = [0u8; 4];
            let text = c.encode_utf8(&mut buf);
            let written = to_string(&text).len() - 2;
            let bound = text.len() + escape_growth_bound(text.as_bytes()[0]) as usize;
            assert!(written <= bound, "U+{cp:04X}: {written} > {bound}");
            exact += usize::from(written == bound);
        }
        assert!(exact > 20, "{exact}");
    }

    #[test]
    fn plain_ascii_agrees_with_safe_text() {
        for b in 0u8..=255 {
            let expected = b < 0x80 && !crate::safe_text::needs_token(char::from(b));
            assert_eq!(plain_ascii(&[b]), expected, "byte {b:#04x}");
        }
        assert!(plain_json_ascii(b"http://a/") && !plain_json_ascii(b"a\"b"));
        // In a long line too, at every position (the 32-byte blocks and the rest).
        for b in 0u8..=255 {
            let expected = b < 0x80 && !crate::safe_text::needs_token(char::from(b));
            let json = expected && b != b'"' && b != b'\\';
            for at in [0, 5, 31, 32, 63, 64, 70, 99] {
                let mut line = vec![b'a'; 100];
                line[at] = b;
                assert_eq!(plain_ascii(&line), expected, "byte {b:#04x} at {at}");
                assert_eq!(plain_json_ascii(&line), json, "byte {b:#04x} at {at}");
            }
        }
    }

    #[test]
    fn plain_prefix_is_the_first_byte_that_is_not_plain() {
        // Every length up to three words, a bad byte at each place (or none): the words,
        // the overlapping last word and the byte loop all agree with a byte-by-byte scan.
        for len in 0..=24 {
            for bad in (0..len).map(Some).chain([None]) {
                for (b, json_only) in [(b'\n', false), (0x80, false), (b'"', true), (0x7f, false)] {
                    let mut line = vec![b'a'; len];
                    if let Some(k) = bad {
                        line[k] = b;
                    }
                    let want_json = bad.unwrap_or(len);
                    let want = if json_only { len } else { want_json };
                    assert_eq!(plain_prefix(&line, true), want_json, "{line:?}");
                    assert_eq!(plain_prefix(&line, false), want, "{line:?}");
                }
            }
        }
    }

    /// Characters weighted to what the escapes treat apart (see `any_char` in the line
    /// writers' tests): ASCII, `"` and `\\`, controls, invisible and bidi characters,
    /// unassigned code points, any character.
    fn any_char() -> impl proptest::strategy::Strategy<Value = char> {
        use proptest::prelude::*;
        prop_oneof![
            4 => proptest::char::range(' ', '~'),
            2 => proptest::sample::select(vec!['"', '\\', '\u{7f}']),
            2 => proptest::char::range('\0', '\u{1f}'),
            1 => proptest::char::range('\u{80}', '\u{9f}'),
            2 => proptest::sample::select(vec![
                '\u{a0}', '\u{ad}', '\u{34f}', '\u{200b}', '\u{202e}', '\u{2028}', '\u{2066}',
                '\u{feff}', '\u{fff9}', '\u{ffff}', '\u{e0001}', '\u{1f3fb}', '\u{10ffff}',
                'é', '§',
            ]),
            2 => any::<char>(),
        ]
    }

    proptest::proptest! {
        /// [`push_str`] is what serde writes through [`write_line`], on any string.
        #[test]
        fn push_str_is_the_safe_formatters_string(
            v in proptest::collection::vec(any_char(), 0..64),
        ) {
            let s: String = v.into_iter().collect();
            let mut direct = Vec::new();
            push_str(&mut direct, &s);
            proptest::prop_assert_eq!(String::from_utf8_lossy(&direct), to_string(&s));
        }
    }

    #[test]
    fn push_str_escapes_every_ascii_byte_as_serde_does() {
        for b in 0u8..0x80 {
            let s = format!("a{}b", char::from(b));
            let mut direct = Vec::new();
            push_str(&mut direct, &s);
            assert_eq!(String::from_utf8_lossy(&direct), to_string(&s), "{b:#04x}");
        }
    }

    #[test]
    fn escapes_what_safe_text_tokenizes_and_round_trips() {
        let s = "a\u{9b}b\u{202e}c\u{200d}d\u{2028}e\u{7f}f\u{e0001}g\"\\\n";
        let j = to_string(&s);
        for raw in [
            '\u{9b}',
            '\u{202e}',
            '\u{200d}',
            '\u{2028}',
            '\u{7f}',
            '\u{e0001}',
        ] {
            assert!(!j.contains(raw), "{raw:?} raw in {j}");
        }
        assert!(j.contains("\\u009b") && j.contains("\\u202e") && j.contains("\\udb40\\udc01"));
        let back: String = serde_json::from_str(&j).expect("valid JSON");
        assert_eq!(back, s);
        assert_eq!(to_string(&"plain é 漢"), "\"plain é 漢\"");
    }
}
