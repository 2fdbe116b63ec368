//! The URL record as a tree: the whatwg profile's grammar entry.
//!
//! [`build`] runs the basic URL parser ([`super::parse`], no base) over a builder's input
//! and writes what it found into the [`Builder`]: a root `url` node over the whole input
//! (carrying the `URL` getters `href`, `origin`, `protocol`, `username`, `password`,
//! `host`, `hostname`, `port`, `pathname`, `search`, `hash`, and `href_no_fragment` and
//! `valid_url_string`),
//! one node per component the input gave (scheme, username, password, host, port, the path
//! with its segments or the opaque path, query, fragment) at its span, each carrying the
//! record's value (`value`; for the host also `host_type`, the standard's kind), and every
//! validation error (a warning, or the failure as an error) and rewrite (a note) at its
//! span, citing the standard's section.

use super::{Parsed, UrlPath};
use crate::engine::codes::Code;
use crate::engine::tree::{Builder, NodeKind, Severity, Span};

/// The whatwg profile's grammar: the basic URL parser's record and diagnostics (against
/// `base`, when given), written into `b`. Never panics; linear in the input (the parser's
/// steps are).
pub fn build(b: &mut Builder<'_>, base: Option<&str>) {
    let input = b.input();
    let parsed = super::parse(input, base);
    write(b, &parsed);
}

/// Writes an already parsed input into `b` (whose input is the one `parsed` came from).
pub fn write(b: &mut Builder<'_>, parsed: &Parsed) {
    let input = b.input();
    let len = input.len();
    let root = b.start(NodeKind::Uri, "url", 0);
    // The record's getters (URL Standard §6.1) and serializations on the root, so that the
    // faces (`parse`'s JSON `url`, the forms, the comparison) read them from the tree; and
    // whether the input is a valid URL string, which marks a URL record's tree.
    if let Some(u) = &parsed.url {
        for (name, value) in u.getters() {
            b.attr(root, name, value);
        }
        b.attr(root, "href_no_fragment", u.href_no_fragment());
    }
    b.attr(
        root,
        "valid_url_string",
        if parsed.valid_url_string {
            "true"
        } else {
            "false"
        },
    );
    let url = parsed.url.as_ref();
    let special = url.is_some_and(|u| u.is_special());
    let mut last_end = 0;
    for (name, span) in parsed.components() {
        // Components come in input order; a span out of order (none is known) is skipped
        // rather than break the tree's nesting.
        if span.start < last_end || span.end > len || span.end < span.start {
            continue;
        }
        last_end = span.end;
        let (kind, rule) = match name {
            "scheme" => (NodeKind::Scheme, "scheme"),
            "username" => (NodeKind::Userinfo, "username"),
            "password" => (NodeKind::Userinfo, "password"),
            "host" => (NodeKind::Host, "host"),
            "port" => (NodeKind::Port, "port"),
            "path" if url.is_some_and(|u| u.has_opaque_path()) => (NodeKind::Path, "opaque-path"),
            "path" => (NodeKind::Path, "path"),
            "query" => (NodeKind::Query, "query"),
            _ => (NodeKind::Fragment, "fragment"),
        };
        let id = b.start(kind, rule, span.start);
        if let Some(u) = url {
            let value = match name {
                "scheme" => Some(u.scheme.clone()),
                "username" => Some(u.username.clone()),
                "password" => Some(u.password.clone()),
                "host" => u.host.as_ref().map(|h| h.to_string()),
                "port" => Some(u.port()),
                "path" => Some(u.pathname().to_string()),
                "query" => u.query.clone(),
                _ => u.fragment.clone(),
            };
            if let Some(v) = value {
                b.attr(id, "value", v);
            }
            if name == "host"
                && let Some(h) = &u.host
            {
                b.attr(id, "host_type", h.kind());
            }
        }
        if rule == "path" {
            segments(b, input, span, special);
        }
        b.finish(span.end);
    }
    for d in &parsed.diagnostics {
        let span = Span::new(d.span.start.min(len), d.span.end.min(len));
        match d.severity {
            Severity::Error => {
                if let Some(what) = expected(d.code) {
                    b.expect(span.start, what);
                }
                if !b.skip_error(span) {
                    b.error_in(d.code, span, d.spec, d.message.clone());
                }
            }
            Severity::Warning => b.warning_in(d.code, span, d.spec, d.message.clone()),
            Severity::Note => b.note_in(d.code, span, d.spec, d.message.clone()),
        }
    }
    if let Some(UrlPath::Opaque(_)) = url.map(|u| &u.path) {
        b.attr(root, "path_kind", "opaque");
    }
    b.finish(len);
}

/// What the state that failed would have taken at the failure's first byte, for the
/// failures a state raises on a code point it cannot take.
pub(super) fn expected(code: Code) -> Option<&'static [&'static str]> {
    Some(match code {
        Code::PortInvalid => &["DIGIT", "\"/\"", "\"?\"", "\"#\""],
        Code::Ipv6InvalidCodePoint => &["HEXDIG", "\":\"", "\"]\""],
        Code::Ipv4InIpv6InvalidCodePoint => &["DIGIT", "\".\""],
        Code::HostInvalidCodePoint => &["url-unit"],
        _ => return None,
    })
}

/// The path's segments as the input wrote them: split at `/` (and at `\` in a special URL),
/// one `segment` node each (the first is empty for a path that starts with a slash and is
/// left out).
fn segments(b: &mut Builder<'_>, input: &str, span: Span, special: bool) {
    let bytes = input.as_bytes();
    let mut start = span.start;
    let mut i = span.start;
    let end = span.end.min(bytes.len());
    while i <= end {
        let at_sep = i < end && (bytes[i] == b'/' || (special && bytes[i] == b'\\'));
        if i == end || at_sep {
            // Not the empty text before a leading separator; the empty segment after a
            // trailing one (and between two) is the path's.
            if i > start || start > span.start {
                b.leaf(NodeKind::Segment, "segment", start, i);
            }
            start = i + 1;
        }
        i += 1;
    }
}
