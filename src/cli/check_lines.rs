//! `check`'s records: one line's output in text and JSON Lines, and the `"error"` object.

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::check_ctx::{Ctx, LINE_LIMIT, annotate};
use super::check_format::{self, Finding};
use super::check_namespaces::NsExtra;
use super::{Format, json};

/// Why a line failed: the object `"error"` of its JSON record (`null` when it is valid).
#[derive(Debug, Serialize)]
pub(super) struct LabError {
    pub(super) code: &'static str,
    /// The first offending byte (into the line).
    pub(super) start: usize,
    /// The end of the offending character (`start` at the end of the line); under a
    /// profile, the end of the error's span.
    pub(super) end: usize,
    /// What the grammar would have accepted at `start`.
    pub(super) expected: Vec<String>,
    /// Under a profile (not `--grammar`): the spec and section the error cites.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) spec: Option<&'static str>,
    /// Under a profile (not `--grammar`): what is wrong and what to do about it. Under
    /// `--grammar`, only where the expected set is not known (an empty `expected` then
    /// means that, not "nothing").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) message: Option<std::borrow::Cow<'static, str>>,
}

pub(super) struct LineJson<'a> {
    pub(super) input: &'a str,
    /// Under `--grammar`: the error object (`null` when valid).
    pub(super) error: Option<Option<&'a LabError>>,
    pub(super) profile: &'static str,
    pub(super) verdict: Result<(), &'static str>,
    /// With `--namespaces`, for a URN: the namespace's answer.
    pub(super) namespace: Option<&'a NsExtra<'a>>,
    pub(super) file: Option<&'a str>,
    pub(super) line: u64,
    /// `input` is only the head of a line longer than [`LINE_LIMIT`].
    pub(super) truncated: bool,
    /// The line's bytes, when they are not UTF-8: `input` then holds U+FFFD for each bad
    /// sequence, and the record adds `"lossy": true` and `"input_bytes"` (lowercase hex
    /// of every byte), so that nothing of the line is lost.
    pub(super) raw: Option<&'a [u8]>,
}

impl Serialize for LineJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Line", 7)?;
        m.serialize_field("input", self.input)?;
        if let Some(raw) = self.raw {
            m.serialize_field("lossy", &true)?;
            m.serialize_field("input_bytes", &check_format::hex(raw))?;
        }
        if self.truncated {
            m.serialize_field("truncated", &true)?;
        }
        m.serialize_field("profile", self.profile)?;
        m.serialize_field("valid", &self.verdict.is_ok())?;
        m.serialize_field("first_error", &self.verdict.err())?;
        if let Some(e) = self.error {
            m.serialize_field("error", &e)?;
        }
        if let Some(n) = self.namespace {
            m.serialize_field(n.key, n)?;
        }
        if let Some(f) = self.file {
            m.serialize_field("file", f)?;
        }
        m.serialize_field("line", &self.line)?;
        m.end()
    }
}

/// One text line: `[FILE:LINE: ]valid<TAB>PROFILE<TAB>INPUT` or `...<TAB>CODE`. A line of
/// printable ASCII is written as it is (nothing in it needs a token); any other goes through
/// `safe_text::escape`.
// One argument per part of a record: both writers share one signature (`process` picks
// one), so a struct would only rename them.
#[allow(clippy::too_many_arguments)]
pub(super) fn text_line(
    out: &mut Vec<u8>,
    ctx: &Ctx,
    (file, line_no): (Option<usize>, u64),
    bytes: &[u8],
    profile: &'static str,
    verdict: Result<(), &'static str>,
    extra: Option<&NsExtra<'_>>,
    error: Option<Option<&LabError>>,
) {
    if let (Some(f), Some(names)) = (file, &ctx.names) {
        out.extend_from_slice(names[f].as_bytes());
        out.push(b':');
        out.extend_from_slice(itoa::Buffer::new().format(line_no).as_bytes());
        // `FILE:LINE:COL:` for an invalid line: the column (from 1, in characters) of
        // its first offending byte, where an editor jumps.
        if let (Err(_), Some(Some(e))) = (verdict, error) {
            out.push(b':');
            let col = check_format::char_column(bytes, e.start);
            out.extend_from_slice(itoa::Buffer::new().format(col).as_bytes());
        }
        out.extend_from_slice(b": ");
    }
    out.extend_from_slice(if verdict.is_ok() {
        b"valid\t"
    } else {
        b"invalid\t"
    });
    out.extend_from_slice(profile.as_bytes());
    out.push(b'\t');
    check_format::push_text(out, bytes);
    if let Err(code) = verdict {
        out.push(b'\t');
        out.extend_from_slice(code.as_bytes());
    }
    if let Some(n) = extra {
        // `<TAB>namespace NID: valid|invalid|not-judged|no-syntax, registered|unregistered[, CODE@START..END]…`:
        // not-judged when the namespace has a syntax that was not applied (the JSON's
        // `"valid": null` with a `document`), no-syntax when idbench knows none for it.
        let verdict = match (n.valid, n.document) {
            (Some(true), _) => "valid",
            (Some(false), _) => "invalid",
            (None, Some(_)) => "not-judged",
            (None, None) => "no-syntax",
        };
        let reg = if n.registered {
            "registered"
        } else {
            "unregistered"
        };
        // Written piece by piece into the line (no `format!` and string a URN: they were
        // most of what the layer's text cost).
        out.push(b'\t');
        out.extend_from_slice(n.label.as_bytes());
        out.push(b' ');
        // The NID in lower case (as the table gives it already, most often), escaped.
        if n.nid.bytes().any(|b| b.is_ascii_uppercase()) {
            check_format::push_text(out, n.nid.to_ascii_lowercase().as_bytes());
        } else {
            check_format::push_text(out, n.nid.as_bytes());
        }
        for piece in [": ", verdict, ", ", reg] {
            out.extend_from_slice(piece.as_bytes());
        }
        for &(_, code, span) in &n.findings {
            out.extend_from_slice(b", ");
            out.extend_from_slice(code.as_str().as_bytes());
            out.push(b'@');
            out.extend_from_slice(itoa::Buffer::new().format(span.start).as_bytes());
            out.extend_from_slice(b"..");
            out.extend_from_slice(itoa::Buffer::new().format(span.end).as_bytes());
        }
    }
    out.push(b'\n');
}

/// The output of a blank line: text `[FILE:LINE: ]skipped<TAB>PROFILE<TAB>`, JSON
/// `{"input": "", "profile", "valid": null, "first_error": null, "skipped": "blank", ["file",]
/// "line"}`; PROFILE is the profile asked for (`auto` when none).
pub(super) fn blank_line(out: &mut Vec<u8>, ctx: &Ctx, file: Option<usize>, line_no: u64) {
    if ctx.annotations.is_some() {
        return;
    }
    let profile = if ctx.lab.is_some() {
        "lab"
    } else {
        ctx.profile.map_or("auto", |p| p.name())
    };
    match ctx.format {
        Format::Text => {
            if let (Some(f), Some(names)) = (file, &ctx.names) {
                out.extend_from_slice(names[f].as_bytes());
                out.push(b':');
                out.extend_from_slice(itoa::Buffer::new().format(line_no).as_bytes());
                out.extend_from_slice(b": ");
            }
            out.extend_from_slice(b"skipped\t");
            out.extend_from_slice(profile.as_bytes());
            out.extend_from_slice(b"\t\n");
        }
        Format::Json => {
            out.extend_from_slice(b"{\"input\":\"\",\"profile\":\"");
            out.extend_from_slice(profile.as_bytes());
            out.extend_from_slice(b"\",\"valid\":null,\"first_error\":null,\"skipped\":\"blank\"");
            json_tail(out, ctx, file, line_no);
        }
    }
}

/// The end of a JSON line written by hand: `"file"` (with files), `"line"`, and the close.
pub(super) fn json_tail(out: &mut Vec<u8>, ctx: &Ctx, file: Option<usize>, line_no: u64) {
    if let Some(f) = file {
        out.extend_from_slice(b",\"file\":");
        out.extend_from_slice(ctx.json_names[f].as_bytes());
    }
    out.extend_from_slice(b",\"line\":");
    out.extend_from_slice(itoa::Buffer::new().format(line_no).as_bytes());
    out.extend_from_slice(b"}\n");
}

/// One JSON line: the keys and escapes of [`LineJson`] as [`json::write_line`] writes it,
/// written by hand (the strings through [`json::push_str`], the error object through
/// [`push_error`]): serde's dispatch cost more than the rest of a line's output. A line of
/// printable ASCII without `"` or `\\` is a JSON string as it is, and is copied. The
/// `tests` below hold this equal to serde's output on arbitrary lines and error objects.
// One argument per part of a record: both writers share one signature (`process` picks
// one), so a struct would only rename them.
#[allow(clippy::too_many_arguments)]
pub(super) fn json_line(
    out: &mut Vec<u8>,
    ctx: &Ctx,
    (file, line_no): (Option<usize>, u64),
    bytes: &[u8],
    profile: &'static str,
    verdict: Result<(), &'static str>,
    extra: Option<&NsExtra<'_>>,
    error: Option<Option<&LabError>>,
) {
    let plain = json::plain_json_ascii(bytes);
    out.extend_from_slice(b"{\"input\":");
    if plain {
        out.push(b'"');
        out.extend_from_slice(bytes);
        out.push(b'"');
    } else {
        match std::str::from_utf8(bytes) {
            Ok(s) => json::push_str(out, s),
            Err(_) => {
                json::push_str(out, &String::from_utf8_lossy(bytes));
                out.extend_from_slice(b",\"lossy\":true,\"input_bytes\":\"");
                check_format::push_hex(out, bytes);
                out.push(b'"');
            }
        }
    }
    out.extend_from_slice(b",\"profile\":");
    push_static(out, profile);
    match verdict {
        Ok(()) => out.extend_from_slice(b",\"valid\":true,\"first_error\":null"),
        Err(code) => {
            out.extend_from_slice(b",\"valid\":false,\"first_error\":");
            push_static(out, code);
        }
    }
    match error {
        None => {}
        Some(None) => out.extend_from_slice(b",\"error\":null"),
        Some(Some(e)) => {
            out.extend_from_slice(b",\"error\":");
            push_error(out, e);
        }
    }
    if let Some(n) = extra {
        if plain {
            n.write_json(out);
        } else {
            // Its NID holds what is not plain: serde's, with the safe escapes.
            out.push(b',');
            json::push_str(out, n.key);
            out.push(b':');
            let mut ser = serde_json::Serializer::with_formatter(&mut *out, json::SafeFormatter);
            let _ = n.serialize(&mut ser);
        }
    }
    json_tail(out, ctx, file, line_no);
}

/// How many escaped static strings [`push_static`] keeps (a direct-mapped table).
const STATIC_SLOTS: usize = 128;

/// Appends the JSON string of a static string (a profile's name, a code, a section):
/// [`json::push_str`]'s bytes, escaped once and then copied. Each invalid line's record
/// names its code twice and its section once, and a section's `§` sends `push_str` through
/// its character-by-character path. A `&'static str` at the same address and length is
/// the same text for the life of the program, so the address and length are the key; the
/// first string to take a slot keeps it (a `OnceLock`: one atomic load to read, shared by
/// every worker thread), and a string whose slot another holds is escaped as before.
fn push_static(out: &mut Vec<u8>, s: &'static str) {
    use std::sync::OnceLock;
    type Slot = OnceLock<(usize, usize, Box<[u8]>)>;
    static ESCAPED: [Slot; STATIC_SLOTS] = [const { OnceLock::new() }; STATIC_SLOTS];
    let key = s.as_ptr() as usize;
    let Some(slot) = ESCAPED.get((key ^ (key >> 7) ^ s.len()) % STATIC_SLOTS) else {
        json::push_str(out, s);
        return;
    };
    let (k, n, escaped) = slot.get_or_init(|| {
        let mut v = Vec::with_capacity(s.len() + 2);
        json::push_str(&mut v, s);
        (key, s.len(), v.into_boxed_slice())
    });
    if *k == key && *n == s.len() {
        out.extend_from_slice(escaped);
    } else {
        json::push_str(out, s);
    }
}

/// Appends `e` as the `"error"` object, as serde writes a [`LabError`] (its fields in
/// order, `spec` and `message` left out when `None`) with the safe escapes.
fn push_error(out: &mut Vec<u8>, e: &LabError) {
    let mut n = itoa::Buffer::new();
    out.extend_from_slice(b"{\"code\":");
    push_static(out, e.code);
    out.extend_from_slice(b",\"start\":");
    out.extend_from_slice(n.format(e.start).as_bytes());
    out.extend_from_slice(b",\"end\":");
    out.extend_from_slice(n.format(e.end).as_bytes());
    out.extend_from_slice(b",\"expected\":[");
    for (i, x) in e.expected.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json::push_str(out, x);
    }
    out.push(b']');
    if let Some(spec) = e.spec {
        out.extend_from_slice(b",\"spec\":");
        push_static(out, spec);
    }
    if let Some(m) = &e.message {
        out.extend_from_slice(b",\"message\":");
        match m {
            // A fixed text (most messages): escaped once, then copied.
            std::borrow::Cow::Borrowed(m) => push_static(out, m),
            std::borrow::Cow::Owned(m) => json::push_str(out, m),
        }
    }
    out.push(b'}');
}

/// The output of a line longer than [`LINE_LIMIT`], of which `head` was kept: text
/// `invalid<TAB>PROFILE<TAB>HEAD…<TAB>line-too-long`, JSON with `"truncated": true`.
pub(super) fn too_long_line(
    out: &mut Vec<u8>,
    ctx: &Ctx,
    file: Option<usize>,
    line_no: u64,
    head: &[u8],
) {
    // The head ends where the limit fell, perhaps inside a character: keep whole ones.
    let head = match std::str::from_utf8(head) {
        Err(e) if e.error_len().is_none() => &head[..e.valid_up_to()],
        _ => head,
    };
    // Under auto, the profile auto would start from for the head (its family's newest spec).
    let profile = if ctx.lab.is_some() {
        "lab"
    } else {
        ctx.profile
            .unwrap_or_else(|| crate::engine::specs::auto_family(&String::from_utf8_lossy(head)).1)
            .name()
    };
    let code = crate::engine::Code::LineTooLong.as_str();
    if ctx.annotations.is_some() {
        let message = format!(
            "The line is longer than {LINE_LIMIT} bytes and was not held: split it, or \
             check it with `idbench analyze`."
        );
        let finding = Finding {
            level: "error",
            code,
            start: 0,
            end: 0,
            whole: true,
            message: &message,
            spec: crate::engine::Code::LineTooLong.section(),
        };
        annotate(out, ctx, file, line_no, head, &[finding]);
        return;
    }
    match ctx.format {
        Format::Text => {
            let mut shown = head.to_vec();
            shown.extend_from_slice("…".as_bytes());
            text_line(
                out,
                ctx,
                (file, line_no),
                &shown,
                profile,
                Err(code),
                None,
                None,
            );
        }
        Format::Json => {
            let input = String::from_utf8_lossy(head);
            // The first byte past the limit is where the line stopped being judged.
            let error = LabError {
                code,
                start: LINE_LIMIT,
                end: LINE_LIMIT,
                expected: Vec::new(),
                spec: ctx.lab.is_none().then_some(""),
                message: ctx.lab.is_none().then(|| {
                    format!(
                        "The line is longer than {LINE_LIMIT} bytes and was not held: \
                         split it, or check it with `idbench analyze`."
                    )
                    .into()
                }),
            };
            let _ = json::write_line(
                out,
                &LineJson {
                    input: &input,
                    profile,
                    verdict: Err(code),
                    error: Some(Some(&error)),
                    namespace: None,
                    file: file.map(|f| ctx.raw_names[f].as_str()),
                    line: line_no,
                    truncated: true,
                    raw: None,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Profile;
    use proptest::prelude::*;
    use std::sync::Mutex;

    fn ctx(names: &[String]) -> Ctx {
        Ctx {
            profile: Some(Profile::Whatwg),
            lab: None,
            namespaces: false,
            agree: None,
            schemes: false,
            format: Format::Json,
            quiet: false,
            names: (!names.is_empty()).then(|| names.to_vec()),
            raw_names: names.to_vec(),
            json_names: names.iter().map(json::to_string).collect(),
            annotations: None,
            fail_on_warning: false,
            codes: Mutex::new(Vec::new()),
        }
    }

    /// What serde writes for the line: [`LineJson`] through [`json::write_line`].
    #[allow(clippy::too_many_arguments)]
    fn serde_line(
        c: &Ctx,
        (file, line): (Option<usize>, u64),
        bytes: &[u8],
        profile: &'static str,
        verdict: Result<(), &'static str>,
        extra: Option<&NsExtra<'_>>,
        error: Option<Option<&LabError>>,
    ) -> Vec<u8> {
        let input = String::from_utf8_lossy(bytes);
        let mut out = Vec::new();
        json::write_line(
            &mut out,
            &LineJson {
                input: &input,
                error,
                profile,
                verdict,
                namespace: extra,
                file: file.map(|f| c.raw_names[f].as_str()),
                line,
                truncated: false,
                raw: std::str::from_utf8(bytes).is_err().then_some(bytes),
            },
        )
        .expect("a Vec");
        out
    }

    fn direct_line(
        c: &Ctx,
        at: (Option<usize>, u64),
        bytes: &[u8],
        verdict: Result<(), &'static str>,
        extra: Option<&NsExtra<'_>>,
        error: Option<Option<&LabError>>,
    ) -> Vec<u8> {
        let mut out = Vec::new();
        json_line(&mut out, c, at, bytes, "whatwg", verdict, extra, error);
        out
    }

    /// Characters a line or a message may hold, weighted to what the escapes treat apart:
    /// printable ASCII, `"` and `\`, C0 controls and DEL, C1 controls, bidi controls,
    /// zero-width and other invisible characters, line and paragraph separators, tags,
    /// noncharacters, unassigned code points, and any character at all.
    fn any_char() -> impl Strategy<Value = char> {
        prop_oneof![
            6 => proptest::char::range(' ', '~'),
            2 => proptest::sample::select(vec!['"', '\\', '/', '%', '?', '#', ':']),
            2 => proptest::char::range('\0', '\u{1f}'),
            1 => Just('\u{7f}'),
            1 => proptest::char::range('\u{80}', '\u{9f}'),
            2 => proptest::sample::select(vec![
                '\u{a0}', '\u{ad}', '\u{34f}', '\u{61c}', '\u{180e}', '\u{200b}', '\u{200d}',
                '\u{200e}', '\u{202e}', '\u{2028}', '\u{2029}', '\u{2066}', '\u{3000}',
                '\u{feff}', '\u{fff9}', '\u{fffd}', '\u{ffff}', '\u{e0001}', '\u{e0100}',
                '\u{1f3fb}', '\u{10ffff}', 'é', '漢', '𝒳', '§', '…',
            ]),
            2 => any::<char>(),
        ]
    }

    fn any_string(max: usize) -> impl Strategy<Value = String> {
        proptest::collection::vec(any_char(), 0..max).prop_map(|v| v.into_iter().collect())
    }

    /// A line's bytes: a string, sometimes with bytes that are not UTF-8 put in.
    fn any_line() -> impl Strategy<Value = Vec<u8>> {
        (
            any_string(40),
            proptest::collection::vec((0usize..64, 0x80u8..=0xff), 0..3),
        )
            .prop_map(|(s, bad)| {
                let mut b = s.into_bytes();
                for (at, x) in bad {
                    let at = at.min(b.len());
                    b.insert(at, x);
                }
                b
            })
    }

    fn any_error() -> impl Strategy<Value = LabError> {
        (
            proptest::sample::select(vec!["host-missing", "domain-to-ascii", "a\"b\\c"]),
            any::<usize>(),
            any::<usize>(),
            proptest::collection::vec(any_string(12), 0..4),
            proptest::option::of(proptest::sample::select(vec![
                "",
                "URL Standard §4.4 #concept-basic-url-parser",
                "RFC 3986 §3.2.2",
            ])),
            // A message made for the line, or a fixed text (which the writer copies from
            // its escaped cache), with quotes, a section sign, a tab and a bidi control.
            proptest::option::of(prop_oneof![
                any_string(60).prop_map(std::borrow::Cow::Owned),
                proptest::sample::select(
                    &[
                        "no scheme and no base URL: start with a scheme such as \"https:\"",
                        "see URL Standard §4.4",
                        "a\tb \u{202E}c\\d",
                        "",
                    ][..]
                )
                .prop_map(std::borrow::Cow::Borrowed),
            ]),
        )
            .prop_map(|(code, start, end, expected, spec, message)| LabError {
                code,
                start,
                end,
                expected,
                spec,
                message,
            })
    }

    proptest! {
        /// The hand-written JSON line is byte for byte serde's: any line (printable ASCII,
        /// controls, bidi and invisible characters, bytes that are not UTF-8), either
        /// verdict, no error object, `null` or any error object, with and without a file
        /// name (itself any string).
        #[test]
        fn the_direct_json_line_is_serdes_on_any_line(
            bytes in any_line(),
            valid in any::<bool>(),
            error in proptest::option::of(proptest::option::of(any_error())),
            name in proptest::option::of(any_string(20)),
            line in any::<u64>(),
        ) {
            let names: Vec<String> = name.into_iter().collect();
            let c = ctx(&names);
            let file = (!names.is_empty()).then_some(0);
            let verdict = if valid { Ok(()) } else { Err("domain-to-ascii") };
            let error = error.as_ref().map(Option::as_ref);
            let direct = direct_line(&c, (file, line), &bytes, verdict, None, error);
            let serde = serde_line(&c, (file, line), &bytes, "whatwg", verdict, None, error);
            prop_assert_eq!(
                String::from_utf8_lossy(&direct),
                String::from_utf8_lossy(&serde)
            );
        }

        /// The error object alone, and the strings in it, on any text.
        #[test]
        fn the_direct_error_object_is_serdes(e in any_error()) {
            let mut direct = Vec::new();
            push_error(&mut direct, &e);
            let serde = json::to_string(&e);
            prop_assert_eq!(String::from_utf8_lossy(&direct), serde);
        }
    }

    /// A URN line that is not plain (a non-ASCII NSS, a NID with a control) with its
    /// namespace object: serde's writing of that object, as before.
    #[test]
    fn a_namespace_object_on_a_line_that_is_not_plain_is_serdes() {
        let mut scratch = crate::engine::namespaces::LayerScratch::new();
        let c = ctx(&[]);
        let mut seen = 0;
        for line in [
            "urn:isbn:978-0-306-40615-é",
            "urn:example:\u{202e}abc",
            "urn:ex\u{7f}ample:abc",
            "URN:ÉX:abc",
            "urn:uuid:\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        ] {
            let Some(extra) = super::super::check_namespaces::namespace_extra(
                &mut scratch,
                line.as_bytes(),
                Some(Profile::Rfc8141),
                false,
                None,
            ) else {
                continue;
            };
            seen += 1;
            let v = Err("nss-missing");
            let direct = direct_line(&c, (None, 9), line.as_bytes(), v, Some(&extra), None);
            let mut serde = Vec::new();
            json::write_line(
                &mut serde,
                &LineJson {
                    input: line,
                    error: None,
                    profile: "whatwg",
                    verdict: v,
                    namespace: Some(&extra),
                    file: None,
                    line: 9,
                    truncated: false,
                    raw: None,
                },
            )
            .expect("a Vec");
            assert_eq!(
                String::from_utf8_lossy(&direct),
                String::from_utf8_lossy(&serde)
            );
        }
        assert!(seen >= 3, "{seen} namespace objects");
    }
}
