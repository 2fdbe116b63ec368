//! `check`'s formats for CI and editors: GitHub workflow annotations, a SARIF 2.1.0 log,
//! the column of the text format's `FILE:LINE:COL:` prefix, and `--fail-on`.
//!
//! Each writer takes a line's findings (its error, and with `--namespaces` the namespace
//! layer's findings) and appends what the format says about them; `check` streams them in
//! input order as it does its text and JSON. Untrusted text (inputs, file names, messages)
//! goes through [`crate::safe_text::escape`] first, so no control, bidi or invisible
//! character reaches a log, then through the format's own escaping.
//!
//! Columns: the text and GitHub formats count characters (Unicode scalar values) from 1;
//! SARIF counts UTF-16 code units from 1, its default `columnKind` (`utf16CodeUnits`),
//! which the log states. A line that is not UTF-8 counts each bad byte as one character
//! (one code unit), as U+FFFD would.

use std::fmt::Write as _;
use std::io::{self, Write};

use clap::ValueEnum;
use serde_json::json;

/// `check --format`: the common `text` and `json`, and the CI formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum CheckFormat {
    /// For people and editors (`FILE:LINE:COL:` before an invalid line).
    #[default]
    Text,
    /// One JSON object per line.
    Json,
    /// GitHub Actions workflow annotations (`::error file=F,line=L,col=C,…::MESSAGE`).
    Github,
    /// One SARIF 2.1.0 log (a result per invalid line and per namespace finding).
    Sarif,
}

/// `check --fail-on`: what makes the exit status 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum FailOn {
    /// An invalid line (an error).
    #[default]
    Error,
    /// An invalid line, or any warning reported (such as a namespace finding with
    /// --namespaces).
    Warning,
}

/// The two annotation formats, which write only what is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Annotations {
    Github,
    Sarif,
}

impl CheckFormat {
    /// The annotation format, if this is one.
    pub(super) fn annotations(self) -> Option<Annotations> {
        match self {
            CheckFormat::Github => Some(Annotations::Github),
            CheckFormat::Sarif => Some(Annotations::Sarif),
            CheckFormat::Text | CheckFormat::Json => None,
        }
    }
}

/// One thing reported about a line: its error, or a namespace finding.
pub(super) struct Finding<'a> {
    /// `error`, `warning` or `note`.
    pub level: &'static str,
    pub code: &'static str,
    /// Byte offsets into the line; `start == end == 0` with `whole` for a finding that has
    /// no place (a line too long to hold).
    pub start: usize,
    pub end: usize,
    pub whole: bool,
    pub message: &'a str,
    /// The spec section the finding cites under the line's profile (empty when unknown);
    /// a SARIF rule cites the code's default section, a result this one.
    pub spec: &'a str,
}

/// The 1-based column of byte `at` of `line`, in characters (a bad byte of a line that is
/// not UTF-8 counts as one).
pub(super) fn char_column(line: &[u8], at: usize) -> usize {
    let head = &line[..at.min(line.len())];
    match std::str::from_utf8(head) {
        Ok(s) => s.chars().count() + 1,
        Err(_) => String::from_utf8_lossy(head).chars().count() + 1,
    }
}

/// The 1-based column of byte `at` of `line`, in UTF-16 code units.
pub(super) fn utf16_column(line: &[u8], at: usize) -> usize {
    let head = &line[..at.min(line.len())];
    String::from_utf8_lossy(head)
        .chars()
        .map(char::len_utf16)
        .sum::<usize>()
        + 1
}

/// Appends a line's bytes as the text outputs show them: printable ASCII as it is (nothing
/// in it needs a token), anything else through [`crate::safe_text::escape`].
pub(super) fn push_text(out: &mut Vec<u8>, bytes: &[u8]) {
    if super::json::plain_ascii(bytes) {
        out.extend_from_slice(bytes);
    } else {
        let input = String::from_utf8_lossy(bytes);
        out.extend_from_slice(crate::safe_text::escape(&input).as_bytes());
    }
}

/// `bytes` as lowercase hexadecimal, two digits a byte (`check --format json`'s
/// `"input_bytes"` of a line that is not UTF-8).
pub(super) fn hex(bytes: &[u8]) -> String {
    let mut out = Vec::new();
    push_hex(&mut out, bytes);
    // Hexadecimal digits: ASCII.
    String::from_utf8(out).unwrap_or_default()
}

/// Appends [`hex`] of `bytes` to `out` (the JSON writer's, without the string).
pub(super) fn push_hex(out: &mut Vec<u8>, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.reserve(2 * bytes.len());
    for &b in bytes {
        out.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]]);
    }
}

/// Escapes workflow-command data (the message): `%`, CR and LF, as GitHub's runner
/// reads them back (`%25`, `%0D`, `%0A`).
fn gh_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow-command property value: as data, and `:` and `,` (`%3A`, `%2C`),
/// which would end the property.
fn gh_property(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// Appends the GitHub annotations of one line's findings. `file` is `None` for stdin (an
/// annotation without a file shows on the run, not on a file).
pub(super) fn github(
    out: &mut Vec<u8>,
    file: Option<&str>,
    line_no: u64,
    line: &[u8],
    findings: &[Finding<'_>],
) {
    for f in findings {
        let command = match f.level {
            "error" => "error",
            "warning" => "warning",
            _ => "notice",
        };
        let mut props = Vec::with_capacity(5);
        if let Some(file) = file {
            props.push(format!(
                "file={}",
                gh_property(&crate::safe_text::escape(file))
            ));
        }
        props.push(format!("line={line_no}"));
        if !f.whole {
            props.push(format!("col={}", char_column(line, f.start)));
            if f.end > f.start {
                props.push(format!("endColumn={}", char_column(line, f.end)));
            }
        }
        props.push(format!("title={}", gh_property(f.code)));
        let message = crate::safe_text::escape(f.message);
        let _ = writeln!(
            out,
            "::{command} {}::{}",
            props.join(","),
            gh_data(&message)
        );
    }
}

/// A file name as a SARIF `artifactLocation.uri`: a relative reference for a relative
/// path, a `file://` URI for an absolute one; every byte but the unreserved ones and `/`
/// percent-encoded (RFC 3986 §2.1). Written here: percent-encoding a path is a few lines,
/// and the crates that do it encode per URL component, not a path as given.
pub(super) fn sarif_uri(file: &str) -> String {
    let mut out = String::with_capacity(file.len() + 8);
    if file.starts_with('/') {
        out.push_str("file://");
    }
    for b in file.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Appends the SARIF results of one line's findings, each as `,` and the result object
/// (the first comma of the log is dropped by [`SarifStream`]).
pub(super) fn sarif(
    out: &mut Vec<u8>,
    file: Option<&str>,
    line_no: u64,
    line: &[u8],
    findings: &[Finding<'_>],
) {
    for f in findings {
        let mut region = json!({ "startLine": line_no });
        if !f.whole {
            region["startColumn"] = json!(utf16_column(line, f.start));
            region["endColumn"] = json!(utf16_column(line, f.end.max(f.start)));
        }
        let uri = file.map_or_else(|| "-".to_string(), sarif_uri);
        let level = match f.level {
            "error" => "error",
            "warning" => "warning",
            _ => "note",
        };
        let text = crate::safe_text::escape(&String::from_utf8_lossy(line)).into_owned();
        let result = json!({
            "ruleId": f.code,
            "level": level,
            "message": { "text": crate::safe_text::escape(f.message) },
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": { "uri": uri },
                    "region": region,
                },
            }],
            "properties": { "input": text, "spec": f.spec },
        });
        out.extend_from_slice(b",\n");
        let _ = serde_json::to_writer(&mut *out, &result);
    }
}

/// What the log says before the results: `{"version", "$schema", "runs": [{"columnKind",
/// "results": [`.
pub(super) const SARIF_HEAD: &str = "{\"version\":\"2.1.0\",\"$schema\":\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json\",\"runs\":[{\"columnKind\":\"utf16CodeUnits\",\"results\":[";

/// Closes the results and writes the tool with a rule for every code reported (`codes`,
/// sorted): its id, what it means, and its spec section as help text
/// and, for an RFC or the URL Standard, as `helpUri`.
pub(super) fn sarif_tail(codes: &[&'static str]) -> String {
    let rules: Vec<serde_json::Value> = codes
        .iter()
        .map(|&code| {
            let c = crate::engine::Code::from_name(code);
            let head = c.map_or("", |c| c.head());
            let section = c.map_or("", |c| c.section());
            let mut rule = json!({
                "id": code,
                "name": code,
                "shortDescription": { "text": if head.is_empty() { code } else { head } },
            });
            if !section.is_empty() {
                rule["help"] = json!({ "text": format!("{code}: {head} ({section})") });
                rule["properties"] = json!({ "spec": section });
                if let Some(uri) = section_uri(section) {
                    rule["helpUri"] = json!(uri);
                }
            }
            rule
        })
        .collect();
    let tool = json!({
        "driver": {
            "name": "idbench",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        }
    });
    format!("\n],\"tool\":{tool}}}]}}\n")
}

/// The address of a section as the codes cite it: `RFC 3986 §3.2.2` is
/// `https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2` (an appendix letter
/// `#appendix-A`), `URL Standard §4.4 #concept-basic-url-parser` is
/// `https://url.spec.whatwg.org/#concept-basic-url-parser`; other documents have none.
pub(super) fn section_uri(section: &str) -> Option<String> {
    if let Some(rest) = section.strip_prefix("RFC ") {
        let (num, sec) = rest.split_once(' ').unwrap_or((rest, ""));
        if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let sec = sec.trim_start_matches('§').trim();
        let sec = sec.split([' ', ',', ';']).next().unwrap_or("");
        let anchor = match sec.chars().next() {
            None => String::new(),
            Some(c) if c.is_ascii_uppercase() => format!("#appendix-{sec}"),
            Some(_) if sec.bytes().all(|b| b.is_ascii_digit() || b == b'.') => {
                format!("#section-{}", sec.trim_end_matches('.'))
            }
            Some(_) => String::new(),
        };
        return Some(format!("https://www.rfc-editor.org/rfc/rfc{num}{anchor}"));
    }
    if section.starts_with("URL Standard") {
        let anchor = section.split_once('#').map_or("", |(_, a)| a.trim());
        return Some(if anchor.is_empty() {
            "https://url.spec.whatwg.org/".to_string()
        } else {
            format!("https://url.spec.whatwg.org/#{anchor}")
        });
    }
    None
}

/// The output of `check --format sarif` after [`SARIF_HEAD`]: drops the `,` the first
/// result starts with, so the results are a JSON array whatever chunk the first one
/// comes in (chunks are formatted apart, by several threads with --jobs).
pub(super) struct SarifStream<W: Write> {
    pub inner: W,
    pub first: bool,
}

impl<W: Write> Write for SarifStream<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.first && !buf.is_empty() {
            self.first = false;
            if buf[0] == b',' {
                self.inner.write_all(&buf[1..])?;
                return Ok(buf.len());
            }
        }
        self.inner.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workflow_command_escapes() {
        assert_eq!(gh_data("50% a\r\nb"), "50%25 a%0D%0Ab");
        assert_eq!(gh_property("a:b,c%"), "a%3Ab%2Cc%25");
    }

    #[test]
    fn columns_count_characters_and_utf16_units() {
        let line = "h\u{e9}\u{1F600}x".as_bytes();
        let x = line.len() - 1;
        assert_eq!(char_column(line, x), 4);
        assert_eq!(utf16_column(line, x), 5);
        assert_eq!(char_column(b"a\xffb", 2), 3);
        assert_eq!(utf16_column(b"a\xffb", 2), 3);
    }

    #[test]
    fn sections_have_addresses() {
        assert_eq!(
            section_uri("RFC 3986 §3.2.2").as_deref(),
            Some("https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2")
        );
        assert_eq!(
            section_uri("RFC 3986 §A").as_deref(),
            Some("https://www.rfc-editor.org/rfc/rfc3986#appendix-A")
        );
        assert_eq!(
            section_uri("URL Standard §4.4 #concept-basic-url-parser").as_deref(),
            Some("https://url.spec.whatwg.org/#concept-basic-url-parser")
        );
        assert_eq!(section_uri("XRI Syntax 2.0 §2.2"), None);
    }

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(sarif_uri("a b/c:d.txt"), "a%20b/c%3Ad.txt");
        assert_eq!(sarif_uri("/tmp/x"), "file:///tmp/x");
    }

    #[test]
    fn the_first_comma_of_the_results_is_dropped() {
        let mut s = SarifStream {
            inner: Vec::new(),
            first: true,
        };
        s.write_all(b",\n{}").expect("vec");
        s.write_all(b",\n{}").expect("vec");
        assert_eq!(s.inner, b"\n{},\n{}");
    }
}
