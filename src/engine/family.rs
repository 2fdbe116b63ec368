//! What kind of identifier an input is: the [`Family`] a profile belongs to, and the tests
//! on an input's first bytes that tell the families apart (`urn:`, `xri://`, a scheme).
//!
//! Below every grammar and every spec: the grammars, the forms and `auto` ask these, and
//! none of them needs the profile table for it.

/// The family a profile belongs to: profiles of one family can be compared with each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// URIs and IRIs (RFC 3986, RFC 3987, the WWW draft).
    Uri,
    /// URNs (RFC 2141, rfc2141bis, RFC 8141).
    Urn,
    /// XRIs.
    Xri,
}

impl Family {
    /// The family's noun, as a sentence names it (`URN`).
    pub const fn noun(self) -> &'static str {
        match self {
            Family::Uri => "URI",
            Family::Urn => "URN",
            Family::Xri => "XRI",
        }
    }

    /// The family's noun with its article, as a sentence says it: "a URI", "a URN",
    /// "an XRI" (the letter is read "ex").
    pub const fn with_article(self) -> &'static str {
        match self {
            Family::Uri => "a URI",
            Family::Urn => "a URN",
            Family::Xri => "an XRI",
        }
    }

    /// False when a profile of this family cannot read this kind of identifier at all: a
    /// URN profile on input that does not start with `urn:`, the XRI profile on input with
    /// a scheme other than `xri`.
    pub fn applicable(self, input: &str) -> bool {
        match self {
            Family::Urn => looks_like_urn(input),
            Family::Xri => match leading_scheme(input) {
                Some(s) => s.eq_ignore_ascii_case("xri"),
                None => true,
            },
            Family::Uri => true,
        }
    }
}

/// True when `input` starts with `urn:` in any case.
pub fn looks_like_urn(input: &str) -> bool {
    input.len() >= 4 && input.as_bytes()[..4].eq_ignore_ascii_case(b"urn:")
}

/// True when `input` starts with `xri://` in any case, or with a GCS character or `(`.
pub fn looks_like_xri(input: &str) -> bool {
    (input.len() >= 6 && input.as_bytes()[..6].eq_ignore_ascii_case(b"xri://"))
        || matches!(
            input.as_bytes().first(),
            Some(b'=' | b'@' | b'+' | b'$' | b'!' | b'(')
        )
}

/// The scheme an input starts with, if it starts with `scheme ":"` (RFC 3986 §3.1 syntax).
pub fn leading_scheme(input: &str) -> Option<&str> {
    let b = input.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[end] == b':').then(|| &input[..end])
}
