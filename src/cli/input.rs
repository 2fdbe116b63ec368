//! Reading identifiers from arguments and stdin, and what a line that is not UTF-8 gets.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::{Format, json};
use crate::engine::codes::Code;
use crate::engine::{Diagnostic, Profile, Severity, Span};
use crate::safe_text::escape;

/// One identifier to process: text, or a line of stdin that is not UTF-8.
pub(crate) enum Id<'a> {
    /// The identifier.
    Text(std::borrow::Cow<'a, str>),
    /// The bytes of a line that is not UTF-8.
    Bytes(Vec<u8>),
}

/// Calls `f` on each identifier in order; `-` stands for the lines of stdin, read one at a
/// time (so a closed output stops the reading: `f`'s error ends the walk).
pub(crate) fn for_each_id(
    ids: &[String],
    mut f: impl FnMut(Id<'_>) -> io::Result<()>,
) -> io::Result<()> {
    for id in ids {
        if id != "-" {
            f(Id::Text(id.as_str().into()))?;
            continue;
        }
        let stdin = io::stdin();
        let mut reader = stdin.lock();
        let mut line = Vec::new();
        loop {
            line.clear();
            if reader.read_until(b'\n', &mut line)? == 0 {
                break;
            }
            let mut bytes = line.as_slice();
            bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
            bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            match std::str::from_utf8(bytes) {
                Ok(s) => f(Id::Text(s.into()))?,
                Err(_) => f(Id::Bytes(bytes.to_vec()))?,
            }
        }
    }
    Ok(())
}

/// Each run of bytes that is not UTF-8, as `(start, end)` byte offsets.
fn invalid_runs(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match std::str::from_utf8(&bytes[at..]) {
            Ok(_) => break,
            Err(e) => {
                let start = at + e.valid_up_to();
                let end = start + e.error_len().unwrap_or(bytes.len() - start);
                match runs.last_mut() {
                    Some(last) if last.1 == start => last.1 = end,
                    _ => runs.push((start, end)),
                }
                at = end;
            }
        }
    }
    runs
}

/// At most this many bytes of a run are spelled out in a message.
const BYTES_SHOWN: usize = 16;

/// `not-utf8` diagnostics for a line that is not UTF-8: one per run of bad bytes, at its
/// byte offset in the line, suggesting the percent-encoding of those very bytes.
pub(crate) fn not_utf8_diagnostics(bytes: &[u8]) -> Vec<Diagnostic> {
    invalid_runs(bytes)
        .into_iter()
        .map(|(start, end)| {
            let run = &bytes[start..end];
            let mut hex = String::new();
            let mut pct = String::new();
            for b in run.iter().take(BYTES_SHOWN) {
                let _ = write!(hex, "{}0x{b:02X}", if hex.is_empty() { "" } else { " " });
                let _ = write!(pct, "%{b:02X}");
            }
            if run.len() > BYTES_SHOWN {
                hex.push_str(" …");
                pct.push('…');
            }
            let what = if run.len() == 1 {
                format!("byte {hex} at offset {start} is")
            } else {
                format!("{} bytes ({hex}) at offset {start} are", run.len())
            };
            Diagnostic::new(
                Severity::Error,
                Code::NotUtf8,
                Span::new(start, end),
                "RFC 3986 §2.1",
                format!(
                    "{what} not UTF-8, so the line is not analyzed: fix the text's encoding, \
                     or if these bytes are data, percent-encode them as {pct}"
                ),
            )
        })
        .collect()
}

/// The line for display: valid text escaped, each bad byte as a `⟨0xFF⟩` token.
pub(crate) fn shown_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out.push_str(&escape(chunk.valid()));
        for b in chunk.invalid() {
            let _ = write!(out, "⟨0x{b:02X}⟩");
        }
    }
    out
}

/// The JSON object of a line that is not UTF-8, with the keys of `parse` (or of `forms`,
/// whose `forms` object is then empty): `input` holds the line with U+FFFD for the bad
/// bytes, `tree` is null, and the diagnostics' offsets are bytes of the line as read.
struct NotUtf8Json<'a> {
    bytes: &'a [u8],
    profile: &'static str,
    forms: bool,
    diagnostics: &'a [Diagnostic],
}

const NOT_ANALYZED: &str = "the line is not UTF-8: not analyzed";

impl Serialize for NotUtf8Json<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("NotUtf8", 6)?;
        m.serialize_field("input", &String::from_utf8_lossy(self.bytes))?;
        m.serialize_field("profile", self.profile)?;
        if self.forms {
            m.serialize_field("forms", &serde_json::Map::new())?;
        } else {
            m.serialize_field("profile_reason", NOT_ANALYZED)?;
            m.serialize_field("valid", &false)?;
            m.serialize_field("tree", &())?;
        }
        m.serialize_field("diagnostics", &json::DiagnosticsJson(self.diagnostics))?;
        m.end()
    }
}

/// Writes what `parse` or `forms` (`forms = true`) prints for a line that is not UTF-8.
pub(crate) fn write_not_utf8(
    out: &mut impl Write,
    bytes: &[u8],
    profile: Option<Profile>,
    format: Format,
    forms: bool,
) -> io::Result<()> {
    let diagnostics = not_utf8_diagnostics(bytes);
    let profile = profile.map_or("auto", |p| p.name());
    match format {
        Format::Json => json::write_line(
            out,
            &NotUtf8Json {
                bytes,
                profile,
                forms,
                diagnostics: &diagnostics,
            },
        ),
        Format::Text => {
            let mut s = String::new();
            let _ = writeln!(s, "{}", shown_bytes(bytes));
            let _ = writeln!(s, "invalid under {profile} ({NOT_ANALYZED})");
            for d in &diagnostics {
                let _ = write!(
                    s,
                    "{}[{}]: {}\n  --> {} ({})\n",
                    d.severity, d.code, d.message, d.span, d.spec
                );
            }
            out.write_all(s.as_bytes())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_merged_and_point_at_the_bad_bytes() {
        assert_eq!(invalid_runs(b"ab\xff\xfecd\xc3"), vec![(2, 4), (6, 7)]);
        let d = not_utf8_diagnostics(b"urn:a:\xe9t\xe9");
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].span, Span::new(6, 7));
        assert!(d[0].message.contains("%E9"), "{}", d[0].message);
        assert!(!d[0].message.contains("%EF%BF%BD"));
        assert_eq!(shown_bytes(b"a\xffb\x1b"), "a⟨0xFF⟩b⟨U+001B⟩");
    }
}
