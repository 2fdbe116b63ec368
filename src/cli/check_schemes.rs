//! `check --schemes`: the URI scheme layer on each line judged under a URI profile, as a
//! record's extra fields (never a change of its verdict). Batch checking judges by the
//! generic spec alone unless asked, as with `--namespaces`.
//!
//! The layer runs without the grammar's tree, the steps or the canonical form (which a
//! record does not show): the registry lookup, the scheme grammar's compiled automaton
//! (the Earley engine only where the expected set at a failure is worked out) and the
//! checks of the catalogue. The same findings as `analyze`'s layer
//! (tests/schemes_layer.rs compares both on every corpus line).

use crate::engine::Profile;
use crate::engine::schemes::{self, Ask};

/// What `--schemes` adds to a URI's record.
pub(super) struct SchemeRecord {
    /// The scheme, in lower case.
    pub scheme: String,
    /// Whether the registry snapshot lists it.
    pub registered: bool,
    /// The scheme's verdict (`None`: no syntax known to idbench).
    pub valid: Option<bool>,
    /// The scheme's document, when idbench ships its grammar.
    pub document: Option<&'static str>,
    /// The findings: (severity, code, span in the line).
    pub findings: Vec<(
        crate::engine::Severity,
        crate::engine::Code,
        crate::engine::Span,
    )>,
    /// Each finding's message (the layer's own).
    pub messages: Vec<String>,
}

/// Where the scheme of `s` ends (its ":"), when `s` starts with one (RFC 3986 §3.1:
/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
pub(super) fn scheme_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let colon = memchr::memchr(b':', b)?;
    let name = &b[..colon];
    let ok = name.first().is_some_and(u8::is_ascii_alphabetic)
        && name
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'));
    ok.then_some(colon)
}

/// The scheme layer on a line judged under `profile` (by its name) with verdict `valid`,
/// when that is a URI profile and the line starts with a scheme (not `urn`).
pub(super) fn judge(bytes: &[u8], profile: &str, valid: bool) -> Option<SchemeRecord> {
    let p: Profile = profile.parse().ok()?;
    if !p.offers().schemes {
        return None;
    }
    let s = std::str::from_utf8(bytes).ok()?;
    let end = scheme_end(s)?;
    let sa = schemes::analyze_scheme(
        s,
        end,
        Ask {
            generic_valid: valid,
            canonical_scheme: None,
            tree: false,
        },
    )?;
    Some(SchemeRecord {
        registered: sa.registered(),
        valid: sa.valid,
        document: sa.document(),
        findings: sa
            .diagnostics
            .iter()
            .map(|d| (d.severity, d.code, d.span))
            .collect(),
        messages: sa.diagnostics.iter().map(|d| d.message.clone()).collect(),
        scheme: sa.scheme,
    })
}
