//! `check`'s records: one line's output in text and JSON Lines, and the `"error"` object.

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::check::{Ctx, LINE_LIMIT, annotate};
use super::check_format::{self, Finding};
use super::check_namespaces::NsExtra;
use super::{Format, json};

/// Why a line failed: the object `"error"` of its JSON record (`null` when it is valid).
#[derive(Serialize)]
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
    /// Under a profile (not `--grammar`): what is wrong and what to do about it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) message: Option<String>,
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
    if json::plain_ascii(bytes) {
        out.extend_from_slice(bytes);
    } else {
        let input = String::from_utf8_lossy(bytes);
        out.extend_from_slice(crate::safe_text::escape(&input).as_bytes());
    }
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
        let mut t = format!(
            "\t{} {}: {verdict}, {reg}",
            n.label,
            crate::safe_text::escape(&n.nid.to_ascii_lowercase())
        );
        for &(_, code, span) in &n.findings {
            t.push_str(&format!(", {}@{}..{}", code.as_str(), span.start, span.end));
        }
        out.extend_from_slice(t.as_bytes());
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

/// One JSON line. A line of printable ASCII without `"` or `\\` is a JSON string as it is,
/// so the common line is written directly (same keys, same order as [`LineJson`]); any
/// other goes through serde with the safe escapes.
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
    let file_name = file.map(|f| ctx.raw_names[f].as_str());
    if json::plain_json_ascii(bytes) {
        out.extend_from_slice(b"{\"input\":\"");
        out.extend_from_slice(bytes);
        out.extend_from_slice(b"\",\"profile\":\"");
        out.extend_from_slice(profile.as_bytes());
        match verdict {
            Ok(()) => out.extend_from_slice(b"\",\"valid\":true,\"first_error\":null"),
            Err(code) => {
                out.extend_from_slice(b"\",\"valid\":false,\"first_error\":\"");
                out.extend_from_slice(code.as_bytes());
                out.push(b'"');
            }
        }
        if let Some(e) = error {
            out.extend_from_slice(b",\"error\":");
            let _ = serde_json::to_writer(&mut *out, &e);
        }
        if let Some(n) = extra {
            n.write_json(out);
        }
        json_tail(out, ctx, file, line_no);
        return;
    }
    let input = String::from_utf8_lossy(bytes);
    let _ = json::write_line(
        out,
        &LineJson {
            input: &input,
            profile,
            verdict,
            error,
            namespace: extra,
            file: file_name,
            line: line_no,
            truncated: false,
            raw: std::str::from_utf8(bytes).is_err().then_some(bytes),
        },
    );
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
