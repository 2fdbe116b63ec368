//! The quick verdict by profile, for batch checking: a profile's quick recognizer
//! ([`super::quick`], its descriptor's [`quick`](super::descriptor::Descriptor::quick)) on
//! an input, "don't know" for a profile without one.
//!
//! A quick recognizer is an accelerator, never the judge: `true` means "the full grammar
//! reports no error", `false` "don't know", and then the caller ([`super::first_error`])
//! runs the full parse.

use super::descriptor::Quick;
use super::specs::Profile;

/// True only when the full grammar of `profile` reports no error for `input`; false means
/// "don't know" (the input may still be valid). Every built-in profile has a quick path
/// (its descriptor's [`quick`](super::descriptor::Descriptor::quick)).
pub fn quick_valid(profile: Profile, input: &str) -> bool {
    quick_valid_bytes(profile, input.as_bytes())
}

/// The quick verdict on `input` under `profile`: `Some(None)` when the full grammar reports
/// no error, `Some(Some(code))` when the first error it reports (in the order
/// [`super::Analysis::first_error`] reads them) is `code`, `None` when the quick path cannot
/// tell. Only a few invalid shapes are recognised, each proven against the full grammar in
/// tests: under rfc2141 and rfc2141bis, a bad character in the NSS and RFC 8141's
/// `?+` / `?=` components read under the draft; under rfc3986 and rfc3987, a bad scheme
/// start, a bad character or "%" in the userinfo, host, path, query or fragment, a port
/// that is not digits, and an IP literal's error (its code by the same dispatch and code
/// table as the grammar's check of the literal, `ip::literal::literal_code`) (`quick::uri`).
pub fn quick_verdict(profile: Profile, input: &str) -> Option<Option<&'static str>> {
    match quick(profile, input.as_bytes()) {
        Quick::Valid => Some(None),
        Quick::Invalid(code) => Some(Some(code)),
        Quick::Unknown => None,
    }
}

/// [`quick_valid`] on raw bytes, for a reader that has not checked that its line is UTF-8:
/// true only when `input` is UTF-8 *and* the full grammar of `profile` reports no error for
/// it. The recognizers accept a non-ASCII byte only as part of a well-formed UTF-8 sequence
/// of an allowed character (no overlong forms, surrogates or code points above U+10FFFF),
/// so a batch check can skip its own UTF-8 validation for the lines that pass.
pub fn quick_valid_bytes(profile: Profile, input: &[u8]) -> bool {
    quick(profile, input) == Quick::Valid
}

/// `profile`'s recognizer on raw bytes: [`Quick::Valid`] only when `input` is UTF-8 and the
/// full grammar reports no error (as [`quick_valid_bytes`]); [`Quick::Invalid`] names the
/// first error of some inputs, and holds only when `input` is UTF-8 (a batch check asks it
/// first and checks UTF-8 after); "don't know" for a profile without one.
pub fn quick_bytes(profile: Profile, input: &[u8]) -> Quick {
    quick(profile, input)
}

/// `profile`'s recognizer on `input`; "don't know" for a profile without one.
fn quick(profile: Profile, input: &[u8]) -> Quick {
    match profile.descriptor().quick {
        Some(f) => f(input),
        None => Quick::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_cases() {
        let cases: [(Profile, &str, bool); 57] = [
            (Profile::Rfc3986, "http://example.com/a?b#c", true),
            (Profile::Rfc3986, "http://example.com/é", false),
            (Profile::Rfc3987, "http://example.com/é", true),
            (Profile::Rfc3987, "http://example.com/\u{E000}", false),
            (Profile::Rfc3987, "http://example.com/?\u{E000}", true),
            (Profile::Rfc3987, "http://example.com/\u{200F}", false),
            (Profile::Rfc3986, "a:b:c", true),
            (Profile::Rfc3986, "a_b:c", false),
            (Profile::Rfc3986, "http://[::1]:80/", true),
            (Profile::Rfc3986, "http://[::1]x/", false),
            (Profile::Rfc8141, "urn:isbn:0451450523?+a?+b?=c#d", true),
            (Profile::Rfc8141, "urn:ab:c?=q?+r", false),
            (Profile::Rfc8141, "urn:urn:x", false),
            (Profile::Rfc2141, "urn:isbn:0451450523", true),
            (Profile::Rfc2141, "urn:x:a/b?c#d%00", true),
            (Profile::Rfc2141, "urn:x-:a", true),
            (Profile::Rfc2141, "urn:x:a~b", false),
            (Profile::Rfc2141, "urn:x:", false),
            (Profile::Rfc2141bis, "urn:isbn:0451450523", true),
            (Profile::Rfc2141bis, "urn:x:a", false),
            (Profile::Rfc2141bis, "urn:ab:a%00", false),
            (Profile::Rfc2141bis, "urn:ab:a~b%41", true),
            (Profile::Rfc2141bis, "urn:ab:a/b", false),
            (Profile::Rfc2141bis, "urn:ab:a?s=I2L", false),
            (
                Profile::Rfc1630,
                "http://info.cern.ch/hypertext/WWW/a.html?a+b#c",
                true,
            ),
            (Profile::Rfc1630, "magic://a/b/c//d/e/f", true),
            (Profile::Rfc1630, "a b/c%2f", true),
            (Profile::Rfc1630, "http://a/b?", false),
            (Profile::Rfc1630, "http://a/b?a++b", false),
            (Profile::Rfc1630, "1http://a/", false),
            (Profile::Rfc1630, "http://a/b=c", false),
            (Profile::Rfc1630, "http://a/%4", false),
            (Profile::Rfc2141bis, "urn:ab:a#f/?", true),
            (Profile::Rfc2141bis, "urn:ab:a#f%00", false),
            (Profile::Xri2, "xri://@example*a/(+tag)!1?q#f", true),
            (Profile::Xri2, "=drummond.reed*dev", true),
            (Profile::Xri2, "XRI://=!F83.62B1.44F.2813", true),
            (Profile::Xri2, "@(http://example.com/)*team", true),
            (Profile::Xri2, "!!1001!2", true),
            (Profile::Xri2, "!!", false),
            (Profile::Xri2, "xri://user@[::1]:80/a*b", true),
            (Profile::Xri2, "xri://example.com:8a/", false),
            (Profile::Xri2, "xri:/@a", false),
            (Profile::Xri2, "@a*(=b*(+c))", true),
            (Profile::Xri2, "@a*(=b*(+c)", false),
            (Profile::Xri2, "@a(+b)", false),
            (Profile::Xri2, "@a*(+b)c", false),
            (Profile::Xri2, "@a*b)", false),
            (Profile::Xri2, "@a*b=c", false),
            (Profile::Xri2, "@a*\u{E000}?\u{E000}", false),
            (Profile::Xri2, "@a?\u{E000}", true),
            (Profile::Xri2, "@a*%4", false),
            (Profile::Xri2, "a*b:c/d:e", false),
            (Profile::Xri2, "./a:b/(xri:@c)", true),
            (Profile::Xri2, "(+a)/b", true),
            (Profile::Xri2, "*(+a)/b", false),
            (Profile::Xri2, "//a", false),
        ];
        for (p, input, want) in cases {
            assert_eq!(quick_valid(p, input), want, "{p} {input:?}");
            // Soundness, for these too: the full grammar accepts what the quick path does.
            let (_, diags) = crate::engine::specs::parse(p, input);
            let error = diags
                .iter()
                .find(|d| d.severity == crate::engine::Severity::Error);
            assert!(!want || error.is_none(), "{p} {input:?}: {error:?}");
        }
    }
}
