//! `check --schemes`: the URI scheme layer on each line judged under a URI profile, as a
//! record's extra fields (never a change of its verdict). Batch checking judges by the
//! generic spec alone unless asked, as with `--namespaces`.
//!
//! The layer runs without the grammar's tree, the steps, the canonical form or the
//! messages (which a record does not show): one look-up in a table of the known schemes,
//! the scheme grammar's compiled automaton with the worker's caches, and the checks of the
//! catalogue (`schemes::scheme_verdict`). The same findings as `analyze`'s layer
//! (tests/schemes_layer.rs compares both on every corpus line); the annotations, which
//! show messages, run the full layer.

use std::sync::LazyLock;

use crate::engine::Profile;
use crate::engine::schemes::{self, Ask, LayerScratch, SchemeGrammar};

/// Whether each grammar file's document is plain JSON ASCII, by the file's place in
/// `schemes::files()`: known once, not checked on every line of a batch.
static PLAIN_DOCUMENTS: LazyLock<Vec<bool>> = LazyLock::new(|| {
    schemes::files()
        .iter()
        .map(|g| crate::json::plain_json_ascii(g.header.document.as_bytes()))
        .collect()
});

/// Whether the document of grammar file `g` is plain JSON ASCII.
fn document_plain(g: Option<&SchemeGrammar>) -> bool {
    g.and_then(|g| PLAIN_DOCUMENTS.get(g.index).copied())
        .unwrap_or(false)
}

/// What `--schemes` adds to a URI's record.
pub(super) struct SchemeRecord<'a> {
    /// The scheme as written (the record writes it in lower case).
    pub scheme: &'a str,
    /// Whether the registry snapshot lists it.
    pub registered: bool,
    /// The scheme's verdict (`None`: no syntax known to idbench).
    pub valid: Option<bool>,
    /// The scheme's document, when idbench ships its grammar.
    pub document: Option<&'static str>,
    /// Whether `document` is plain JSON ASCII (written into a record as it is).
    pub document_plain: bool,
    /// The findings: (severity, code, span in the line).
    pub findings: Vec<(
        crate::engine::Severity,
        crate::engine::Code,
        crate::engine::Span,
    )>,
    /// Each finding's message (the layer's own), only when asked for (the annotations
    /// show them; a JSON or text record does not): empty otherwise.
    pub messages: Vec<String>,
}

/// Where the scheme of `s` ends (its ":"), when `s` starts with one (RFC 3986 §3.1:
/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
pub(super) fn scheme_end(b: &[u8]) -> Option<usize> {
    let colon = memchr::memchr(b':', b)?;
    let name = &b[..colon];
    let ok = name.first().is_some_and(u8::is_ascii_alphabetic)
        && name
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'));
    ok.then_some(colon)
}

/// Whether the profile named `name` (a [`Profile::name`], as the batch verdict gives it)
/// offers the scheme layer, and whether its acceptance vouches that a line is an RFC 3986
/// URI (RFC 3986's own profile) or an IRI whose mapping is one (RFC 3987's, §3.1) ([`offers`]): what
/// lets the layer decide a line of its scheme grammar's shape without the automaton
/// (`schemes::scheme_verdict`). The built-in profiles' names are compared by address first,
/// so that no line parses a profile name.
fn offers_schemes(name: &str) -> Option<bool> {
    if let Some(&(_, o)) = OFFERS.iter().find(|(n, _)| std::ptr::eq(*n, name)) {
        return o;
    }
    offers(name.parse::<Profile>().ok()?)
}

/// [`offers_schemes`]' answer for one profile: whether it offers the layer, and whether
/// its grammar is RFC 3986's generic syntax (`generic_split`: RFC 3986's, and RFC 3987's
/// for IRIs), so that its acceptance makes the line a URI (or an IRI whose mapping is one).
fn offers(p: Profile) -> Option<bool> {
    let o = p.offers();
    o.schemes.then_some(o.generic_split)
}

/// [`offers`] for each built-in profile, by its name: worked out once, not per line.
static OFFERS: LazyLock<Vec<(&'static str, Option<bool>)>> = LazyLock::new(|| {
    Profile::ALL
        .iter()
        .map(|&p| (p.name(), offers(p)))
        .collect()
});

/// The scheme layer on a line judged under `profile` (by its name) with verdict `valid`,
/// when that is a URI profile and the line starts with a scheme (not `urn`). `scratch`
/// holds the scheme grammars' automaton caches (one per worker). With `messages`, each
/// finding's message too (the full layer, for the annotations).
pub(super) fn judge<'a>(
    scratch: &mut LayerScratch,
    bytes: &'a [u8],
    profile: &str,
    valid: bool,
    messages: bool,
) -> Option<SchemeRecord<'a>> {
    let vouches = offers_schemes(profile)?;
    let end = scheme_end(bytes)?;
    // The scheme is ASCII (scheme_end says so): its text without a check of the line's.
    let scheme = std::str::from_utf8(bytes.get(..end)?).ok()?;
    if messages {
        let s = std::str::from_utf8(bytes).ok()?;
        let sa = schemes::analyze_scheme_in(
            scratch,
            s,
            end,
            Ask {
                generic_valid: valid,
                canonical_scheme: None,
                tree: false,
            },
        )?;
        return Some(SchemeRecord {
            scheme,
            registered: sa.registered(),
            valid: sa.valid,
            document: sa.document(),
            document_plain: document_plain(sa.grammar),
            findings: sa
                .diagnostics
                .iter()
                .map(|d| (d.severity, d.code, d.span))
                .collect(),
            messages: sa.diagnostics.into_iter().map(|d| d.message).collect(),
        });
    }
    // The line as bytes: the layer checks that it is UTF-8 only where its scheme's shape
    // does not decide (a line the generic spec accepted is UTF-8).
    let v = schemes::scheme_verdict(scratch, bytes, end, valid, vouches)?;
    Some(SchemeRecord {
        scheme,
        registered: v.entry.is_some(),
        valid: v.valid,
        document: v.grammar.map(|g| g.header.document.as_str()),
        document_plain: document_plain(v.grammar),
        findings: v.findings,
        messages: Vec::new(),
    })
}
