//! Internationalized domain names: the ACE (`xn--`) and Unicode forms of a host, through
//! UTS #46 processing as the maintained `idna` crate implements it.
//!
//! RFC 3987 §3.1 (step 2) lets a system that maps an IRI to a URI convert the `ireg-name`
//! of a scheme known to use the DNS with the IDNA ToASCII operation instead of
//! percent-encoding it, "with the flag UseSTD3ASCIIRules set to TRUE"; §5.3.3 lets
//! scheme-based normalization treat an IDN and its ACE form as equal. Both apply only to
//! the schemes of [`DNS_SCHEMES`].
//!
//! The options taken: `UseSTD3ASCIIRules` ([`AsciiDenyList::STD3`], as RFC 3987 §3.1 asks),
//! hyphens checked at the start and end of a label only (what `UseSTD3ASCIIRules` checks in
//! RFC 3490 §4.1 step 3; the third-and-fourth position rule is IDNA2008's and rejects names
//! in real use), the DNS length checked with a trailing root dot allowed (RFC 3490 §4.1
//! step 8). RFC 3987 cites IDNA2003; UTS #46 non-transitional processing, which the crate
//! implements, is the IDNA2008-compatible reading of it: `ß` stays `ß` (`xn--zca`) where
//! IDNA2003 mapped it to `ss`.
//!
//! Rewriting the host of a whole identifier (which needs its parse) is
//! [`crate::engine::hosts`]'s; this module works on a host's text alone and imports no
//! grammar.
//!
//! Only a host with a non-ASCII character, a percent-encoded one, or an `xn--` label pays
//! for any of this: [`needs_idna`] decides with one pass over the host's bytes.

use std::borrow::Cow;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use unicode_normalization::char::is_combining_mark;

use crate::engine::pct::triplet_at;

/// The schemes whose host is a DNS name, with the spec that says so: the ones whose
/// `ireg-name` RFC 3987 §3.1 lets ToASCII convert and whose IDN hosts §5.3.3 compares in
/// ACE form. For "mailto" the domain is that of each address (RFC 6068 §2), not a host.
pub const DNS_SCHEMES: &[(&str, &str)] = &[
    ("http", "RFC 9110 §4.2.1"),
    ("https", "RFC 9110 §4.2.2"),
    ("ftp", "RFC 1738 §3.2"),
    ("ws", "RFC 6455 §3"),
    ("wss", "RFC 6455 §3"),
    ("mailto", "RFC 6068 §2"),
];

/// True when `scheme` (any case) names its hosts in the DNS ([`DNS_SCHEMES`]).
pub fn is_dns_scheme(scheme: &str) -> bool {
    DNS_SCHEMES
        .iter()
        .any(|(s, _)| s.eq_ignore_ascii_case(scheme))
}

/// The UTS #46 error a host fails with, named as UTS #46 and its conformance test data
/// (`IdnaTestV2.txt`) name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdnaError {
    /// P1/V7: a character UTS #46 disallows (or the STD3 rules deny) in a domain name.
    Disallowed(char),
    /// P4: an `xn--` label that is not valid Punycode, or decodes to nothing but ASCII.
    Punycode,
    /// V6: a label that starts with a combining mark.
    LeadingCombiningMark,
    /// V3: a label that starts or ends with a hyphen.
    Hyphen,
    /// C1/C2: a ZERO WIDTH (NON-)JOINER where the CONTEXTJ rules do not allow it.
    Joiner,
    /// B1–B6: a label that breaks the bidi rule (RFC 5893 §2).
    Bidi,
    /// X4_2: an empty label (two dots in a row, or a leading dot).
    EmptyLabel,
    /// A4_1/A4_2: a label longer than 63 bytes or a name longer than 253, in ACE form.
    TooLong,
    /// UTS #46 refused the name for a reason none of the checks above pins down.
    Other,
}

impl IdnaError {
    /// The UTS #46 conformance codes of this error, e.g. `P1`, `V6`, `B1-B6`.
    pub fn code(self) -> &'static str {
        match self {
            IdnaError::Disallowed(_) => "P1",
            IdnaError::Punycode => "P4",
            IdnaError::LeadingCombiningMark => "V6",
            IdnaError::Hyphen => "V3",
            IdnaError::Joiner => "C1-C2",
            IdnaError::Bidi => "B1-B6",
            IdnaError::EmptyLabel => "X4_2",
            IdnaError::TooLong => "A4_1-A4_2",
            IdnaError::Other => "UTS #46 §4.1",
        }
    }

    /// What is wrong, in words.
    pub fn describe(self) -> String {
        match self {
            IdnaError::Disallowed(c) => format!(
                "U+{:04X} is disallowed in domain names (UTS #46 §5 status disallowed, or \
                 denied by UseSTD3ASCIIRules)",
                c as u32
            ),
            IdnaError::Punycode => {
                "an \"xn--\" label is not valid Punycode (or decodes to plain ASCII)".to_string()
            }
            IdnaError::LeadingCombiningMark => "a label starts with a combining mark".to_string(),
            IdnaError::Hyphen => "a label starts or ends with a hyphen".to_string(),
            IdnaError::Joiner => {
                "a ZERO WIDTH JOINER or NON-JOINER stands where the CONTEXTJ rules forbid it"
                    .to_string()
            }
            IdnaError::Bidi => {
                "a label mixes right-to-left and left-to-right text against the bidi rule \
                 (RFC 5893 §2)"
                    .to_string()
            }
            IdnaError::EmptyLabel => "a label is empty".to_string(),
            IdnaError::TooLong => {
                "in ACE form a label is longer than 63 bytes or the name longer than 253"
                    .to_string()
            }
            IdnaError::Other => "the name fails the UTS #46 validity criteria".to_string(),
        }
    }
}

/// What UTS #46 makes of one host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostIdna {
    /// The ToASCII form, when it differs from the host as written.
    pub ace: Option<String>,
    /// The ToUnicode form of a host with `xn--` labels, when it differs.
    pub unicode: Option<String>,
    /// Why processing failed, if it did (then neither form is given).
    pub error: Option<IdnaError>,
}

/// True when `host` (as written, possibly percent-encoded) has something for IDNA to do: a
/// non-ASCII byte, a percent-encoded one, or a label starting with `xn--` (any case).
pub fn needs_idna(host: &str) -> bool {
    let b = host.as_bytes();
    let mut label_start = true;
    for (i, &c) in b.iter().enumerate() {
        if c >= 0x80 {
            return true;
        }
        if c == b'%'
            && b.get(i + 1)
                .is_some_and(|h| *h >= b'8' && h.is_ascii_hexdigit())
        {
            return true;
        }
        if label_start
            && b.get(i..i + 4)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        {
            return true;
        }
        label_start = c == b'.';
    }
    false
}

/// `host` with its percent-encoded octets decoded; `None` when they are not UTF-8 (such a
/// host is no DNS name, and IDNA has nothing to say about it).
pub fn decode_host(host: &str) -> Option<Cow<'_, str>> {
    if !host.contains('%') {
        return Some(Cow::Borrowed(host));
    }
    let b = host.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match triplet_at(b, i) {
            Some(v) => {
                out.push(v);
                i += 3;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok().map(Cow::Owned)
}

const UTS46: Uts46 = Uts46::new();

/// A host longer than this (8 × the DNS's 253 bytes) is reported [`IdnaError::TooLong`]
/// without UTS #46 processing, so that a megabyte host costs the workbench one length test
/// per keystroke instead of a pass through the mapping tables. (Only a host made mostly of
/// characters UTS #46 maps to nothing, such as soft hyphens, could be that long in Unicode
/// and fit the DNS in ACE form.)
pub const MAX_HOST_BYTES: usize = 8 * 253;

fn to_ascii_with(host: &str, dns: DnsLength) -> Option<Cow<'_, str>> {
    UTS46
        .to_ascii(
            host.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            dns,
        )
        .ok()
}

/// UTS #46 ToASCII of `host` (already percent-decoded), with the options this module
/// names; the error names what failed.
pub fn to_ascii(host: &str) -> Result<String, IdnaError> {
    match to_ascii_with(host, DnsLength::VerifyAllowRootDot) {
        Some(s) => Ok(s.into_owned()),
        None => match to_ascii_with(host, DnsLength::Ignore) {
            // Only the DNS length check failed: an empty label or a long one.
            Some(ace) => {
                let ace = ace.strip_suffix('.').unwrap_or(&ace);
                if ace.split('.').any(str::is_empty) {
                    Err(IdnaError::EmptyLabel)
                } else {
                    Err(IdnaError::TooLong)
                }
            }
            None => Err(classify(host)),
        },
    }
}

/// UTS #46 ToUnicode of `host` (already percent-decoded).
pub fn to_unicode(host: &str) -> Result<String, IdnaError> {
    let (s, r) = UTS46.to_unicode(
        host.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::CheckFirstLast,
    );
    match r {
        Ok(()) => Ok(s.into_owned()),
        Err(_) => Err(classify(host)),
    }
}

/// Processes `host` as written in a URI or IRI (percent-encoding allowed). `None` when
/// there is nothing to do ([`needs_idna`] is false, or the decoded octets are not UTF-8).
pub fn process_host(host: &str) -> Option<HostIdna> {
    if !needs_idna(host) {
        return None;
    }
    if host.len() > MAX_HOST_BYTES {
        return Some(HostIdna {
            ace: None,
            unicode: None,
            error: Some(IdnaError::TooLong),
        });
    }
    let decoded = decode_host(host)?;
    if decoded.is_ascii() && !has_ace_label(&decoded) {
        return None;
    }
    let ace = match to_ascii(&decoded) {
        Ok(a) => a,
        Err(e) => {
            return Some(HostIdna {
                ace: None,
                unicode: None,
                error: Some(e),
            });
        }
    };
    let unicode = if has_ace_label(&decoded) {
        to_unicode(&decoded).ok().filter(|u| u != host)
    } else {
        None
    };
    Some(HostIdna {
        ace: (ace != host).then_some(ace),
        unicode,
        error: None,
    })
}

/// True when a label of `host` starts with `xn--` (in either case).
pub(crate) fn has_ace_label(host: &str) -> bool {
    host.split('.').any(|l| {
        l.as_bytes()
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
    })
}

/// Which UTS #46 check `host` fails. The crate says only that processing failed, so the
/// cause is found again here, label by label, in the order UTS #46 §4 checks: this runs
/// only for a host that failed.
fn classify(host: &str) -> IdnaError {
    let labels: Vec<&str> = host.split('.').collect();
    let n = labels.len();
    let mut any_rtl = false;
    for (k, label) in labels.iter().enumerate() {
        if label.is_empty() {
            // A trailing root dot is allowed.
            if k + 1 == n && n > 1 {
                continue;
            }
            return IdnaError::EmptyLabel;
        }
        let decoded: Cow<'_, str> = match label.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("xn--") => {
                if label.len() > 63 {
                    return IdnaError::TooLong;
                }
                match idna::punycode::decode_to_string(&label[4..].to_ascii_lowercase()) {
                    Some(u) if !u.is_ascii() => Cow::Owned(u),
                    _ => return IdnaError::Punycode,
                }
            }
            _ => Cow::Borrowed(label),
        };
        if decoded.chars().next().is_some_and(is_combining_mark) {
            return IdnaError::LeadingCombiningMark;
        }
        if decoded.starts_with('-') || decoded.ends_with('-') {
            return IdnaError::Hyphen;
        }
        if decoded.contains(['\u{200C}', '\u{200D}']) {
            return IdnaError::Joiner;
        }
        let mut buf = [0u8; 4];
        for c in decoded.chars() {
            if is_combining_mark(c) {
                continue;
            }
            any_rtl |= matches!(
                unicode_bidi::bidi_class(c),
                unicode_bidi::BidiClass::R | unicode_bidi::BidiClass::AL
            );
            let one = c.encode_utf8(&mut buf);
            if to_ascii_with(one, DnsLength::Ignore).is_none() {
                return IdnaError::Disallowed(c);
            }
        }
    }
    if any_rtl {
        IdnaError::Bidi
    } else {
        IdnaError::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_idna_only_for_non_ascii_encoded_or_ace() {
        assert!(needs_idna("例え.テスト"));
        assert!(needs_idna("%E4%BE%8B.test"));
        assert!(needs_idna("XN--zckzah"));
        assert!(needs_idna("a.xn--zckzah"));
        assert!(!needs_idna("example.com"));
        assert!(!needs_idna("%41.com"));
        assert!(!needs_idna("axn--b.com"));
    }

    #[test]
    fn errors_are_classified() {
        let cases = [
            ("xn--", IdnaError::Punycode),
            ("xn--a-", IdnaError::Punycode),
            ("xn--a", IdnaError::Disallowed('\u{80}')),
            ("a..b", IdnaError::EmptyLabel),
            ("-例.jp", IdnaError::Hyphen),
            ("\u{301}a.jp", IdnaError::LeadingCombiningMark),
            ("a\u{200D}b.jp", IdnaError::Joiner),
            ("a_例.jp", IdnaError::Disallowed('_')),
            ("a\u{2488}.jp", IdnaError::Disallowed('\u{2488}')),
            ("aא.jp", IdnaError::Bidi),
        ];
        for (host, want) in cases {
            assert_eq!(to_ascii(host), Err(want), "{host}");
        }
        assert_eq!(
            to_ascii(&format!("{}例.jp", "a".repeat(70))),
            Err(IdnaError::TooLong)
        );
    }

    #[test]
    fn both_directions() {
        assert_eq!(
            to_ascii("例え.テスト").as_deref(),
            Ok("xn--r8jz45g.xn--zckzah")
        );
        assert_eq!(
            to_unicode("xn--r8jz45g.xn--zckzah").as_deref(),
            Ok("例え.テスト")
        );
        assert_eq!(to_ascii("faß.de").as_deref(), Ok("xn--fa-hia.de"));
        assert_eq!(
            to_ascii("例え.テスト.").as_deref(),
            Ok("xn--r8jz45g.xn--zckzah.")
        );
    }
}
