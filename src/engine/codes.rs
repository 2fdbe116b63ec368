//! The diagnostic codes: one typed list, so a misspelt code cannot compile and the list
//! documents itself.
//!
//! Each code has a Rust name, its stable kebab-case spelling (what the JSON output, the
//! identifier sets and the tests use) and a default severity. A call site may report a code
//! at another severity when its spec says so (the same rule is a MUST in one profile and a
//! SHOULD in another); [`Code::severity`] is the usual one.
//!
//! The table is written by hand with `macro_rules!` (no derive crate needed for a name, a
//! string and a severity per entry).

use std::fmt;

use super::tree::Severity;

macro_rules! codes {
    ($($name:ident = $code:literal, $sev:ident;)*) => {
        /// A diagnostic code. Displays (and serialises) as its kebab-case spelling.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[allow(missing_docs)]
        pub enum Code {
            $($name,)*
        }

        impl Code {
            /// Every code, in the table's (alphabetical) order.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The stable kebab-case spelling, e.g. `nss-missing`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $code,)*
                }
            }

            /// The severity the code is usually reported at.
            pub const fn severity(self) -> Severity {
                match self {
                    $(Code::$name => Severity::$sev,)*
                }
            }
        }
    };
}

codes! {
    AuthorityEmpty = "authority-empty", Warning;
    AuthorityKindLookalike = "authority-kind-lookalike", Warning;
    BidiComponentEdge = "bidi-component-edge", Warning;
    BidiControl = "bidi-control", Warning;
    BidiFormatChar = "bidi-format-char", Error;
    BidiMixedDirection = "bidi-mixed-direction", Warning;
    CanonicalNotNfc = "canonical-not-nfc", Note;
    CaseNotFolded = "case-not-folded", Note;
    CharNotAllowed = "char-not-allowed", Error;
    ColonInFirstSegment = "colon-in-first-segment", Error;
    ComponentDelim = "component-delim", Error;
    ComponentDirective = "component-directive", Note;
    DelimiterLookalike = "delimiter-lookalike", Warning;
    DirectiveEmpty = "directive-empty", Error;
    DirectiveNoEquals = "directive-no-equals", Error;
    DirectiveOrderReading = "directive-order-reading", Note;
    DisplayAmbiguous = "display-ambiguous", Warning;
    DotSegments = "dot-segments", Note;
    FComponentChar = "f-component-char", Error;
    FComponentForClient = "f-component-for-client", Note;
    FormsDepthLimit = "forms-depth-limit", Warning;
    FragmentChar = "fragment-char", Error;
    FragmentInAssigned = "fragment-in-assigned", Note;
    GcsCharUnencoded = "gcs-char-unencoded", Error;
    GenDelimUnencoded = "gen-delim-unencoded", Error;
    HostEmpty = "host-empty", Note;
    HostUppercase = "host-uppercase", Note;
    IdnaInvalid = "idna-invalid", Warning;
    IllegalChar = "illegal-char", Error;
    InvisibleChar = "invisible-char", Warning;
    IpLiteralEmpty = "ip-literal-empty", Error;
    IpLiteralInvalid = "ip-literal-invalid", Error;
    IpLiteralTrailing = "ip-literal-trailing", Error;
    IpLiteralUnclosed = "ip-literal-unclosed", Error;
    IprivateNotAllowed = "iprivate-not-allowed", Error;
    IprivateOutsideQuery = "iprivate-outside-query", Error;
    Ipv4LeadingZero = "ipv4-leading-zero", Warning;
    Ipv4LikeRegName = "ipv4-like-reg-name", Warning;
    Ipv4OctetRange = "ipv4-octet-range", Warning;
    Ipv6BadChar = "ipv6-bad-char", Error;
    Ipv6BadColon = "ipv6-bad-colon", Error;
    Ipv6BadIpv4 = "ipv6-bad-ipv4", Error;
    Ipv6GroupTooLong = "ipv6-group-too-long", Error;
    Ipv6MultipleDoubleColon = "ipv6-multiple-double-colon", Error;
    Ipv6TooFewGroups = "ipv6-too-few-groups", Error;
    Ipv6TooManyGroups = "ipv6-too-many-groups", Error;
    Ipv6Unbracketed = "ipv6-unbracketed", Error;
    IpvfutureInvalid = "ipvfuture-invalid", Error;
    IpvfutureUnknown = "ipvfuture-unknown", Note;
    IriKeptEncoded = "iri-kept-encoded", Note;
    IriNormalInvalid = "iri-normal-invalid", Warning;
    IriToXriKept = "iri-to-xri-kept", Note;
    KeywordCase = "keyword-case", Warning;
    KeywordEmpty = "keyword-empty", Error;
    KeywordRepeated = "keyword-repeated", Error;
    KeywordSyntax = "keyword-syntax", Error;
    KeywordUnknown = "keyword-unknown", Note;
    LineTooLong = "line-too-long", Error;
    MixedScript = "mixed-script", Warning;
    MixedScripts = "mixed-scripts", Warning;
    NfkcChanged = "nfkc-changed", Note;
    NfkcMadeDelimiter = "nfkc-made-delimiter", Warning;
    NidAppendixB = "nid-appendix-b", Note;
    NidChar = "nid-char", Error;
    NidEmpty = "nid-empty", Error;
    NidEnd = "nid-end", Error;
    NidExperimental = "nid-experimental", Note;
    NidInformal = "nid-informal", Note;
    NidInformalMalformed = "nid-informal-malformed", Warning;
    NidMissing = "nid-missing", Error;
    NidReserved = "nid-reserved", Error;
    NidSingleChar = "nid-single-char", Note;
    NidStart = "nid-start", Error;
    NidTooLong = "nid-too-long", Error;
    NidTooShort = "nid-too-short", Error;
    NidTrailingHyphen = "nid-trailing-hyphen", Note;
    NonAscii = "non-ascii", Error;
    Noncharacter = "noncharacter", Error;
    NotAUrn = "not-a-urn", Error;
    NotIriNormal = "not-iri-normal", Warning;
    NotNfc = "not-nfc", Warning;
    NotNfkc = "not-nfkc", Warning;
    NotUtf8 = "not-utf8", Error;
    NssChar = "nss-char", Error;
    NssEmpty = "nss-empty", Error;
    NssMissing = "nss-missing", Error;
    NssStart = "nss-start", Error;
    NulOctet = "nul-octet", Error;
    ObjectiveDecides = "objective-decides", Note;
    PathBecomesAuthority = "path-becomes-authority", Warning;
    PctInvalid = "pct-invalid", Error;
    PctLowercase = "pct-lowercase", Note;
    PctMalformed = "pct-malformed", Error;
    PctNul = "pct-nul", Error;
    PctReading = "pct-reading", Note;
    PctUnreserved = "pct-unreserved", Warning;
    PgcsSubsegmentMissing = "pgcs-subsegment-missing", Error;
    PortEmpty = "port-empty", Note;
    PortInvalid = "port-invalid", Error;
    PortNotDigits = "port-not-digits", Error;
    PortTooLarge = "port-too-large", Warning;
    QComponentChar = "q-component-char", Error;
    QComponentEmpty = "q-component-empty", Error;
    QComponentForResource = "q-component-for-resource", Note;
    QComponentHoldsDelimiter = "q-component-holds-delimiter", Note;
    QComponentStart = "q-component-start", Error;
    QueryChar = "query-char", Error;
    QueryEmpty = "query-empty", Error;
    QueryInAssigned = "query-in-assigned", Note;
    RComponentChar = "r-component-char", Error;
    RComponentEmpty = "r-component-empty", Error;
    RComponentForResolver = "r-component-for-resolver", Note;
    RComponentStart = "r-component-start", Error;
    RangeNotCharBoundary = "range-not-char-boundary", Error;
    ReadingAuthorityFirstMatch = "reading-authority-first-match", Note;
    ReadingLeadingStar = "reading-leading-star", Note;
    ReadingRelative = "reading-relative", Note;
    ReadingXrefContent = "reading-xref-content", Note;
    RelativeColonFirstSegment = "relative-colon-first-segment", Error;
    RelativeFirstSubsegmentEmpty = "relative-first-subsegment-empty", Error;
    RelativeLeadingXref = "relative-leading-xref", Error;
    RelativeNetworkPath = "relative-network-path", Error;
    ReservedUnencoded = "reserved-unencoded", Warning;
    ResolveBaseFragmentIgnored = "resolve-base-fragment-ignored", Note;
    ResolveBaseNotAbsolute = "resolve-base-not-absolute", Error;
    ResolveEmptyPartial = "resolve-empty-partial", Note;
    ResolveEncodedDotSegment = "resolve-encoded-dot-segment", Note;
    ResolvePathLooksLikeAuthority = "resolve-path-looks-like-authority", Note;
    ResolveSlashRunMissing = "resolve-slash-run-missing", Note;
    ResolveUrnNoRelative = "resolve-urn-no-relative", Error;
    SchemeChar = "scheme-char", Error;
    SchemeDriveLetter = "scheme-drive-letter", Warning;
    SchemeEmpty = "scheme-empty", Error;
    SchemeStart = "scheme-start", Error;
    SchemeUppercase = "scheme-uppercase", Note;
    SegmentNzEmpty = "segment-nz-empty", Error;
    ServiceUnknown = "service-unknown", Warning;
    UnexpectedText = "unexpected-text", Error;
    Unparsed = "unparsed", Error;
    UserinfoPassword = "userinfo-password", Warning;
    WwwBadEscape = "www-bad-escape", Error;
    WwwCharNotAllowed = "www-char-not-allowed", Error;
    WwwNationalChar = "www-national-char", Error;
    WwwPartialForm = "www-partial-form", Note;
    WwwPunctuationChar = "www-punctuation-char", Error;
    WwwSchemeMissing = "www-scheme-missing", Error;
    WwwSchemeStart = "www-scheme-start", Error;
    WwwSearchTermEmpty = "www-search-term-empty", Error;
    WwwUnsafeSpace = "www-unsafe-space", Warning;
    WwwVoidSegment = "www-void-segment", Note;
    XrefEmpty = "xref-empty", Warning;
    XrefInIauthority = "xref-in-iauthority", Warning;
    XrefMissingDelimiter = "xref-missing-delimiter", Error;
    XrefPrefixAdded = "xref-prefix-added", Note;
    XrefStrayClose = "xref-stray-close", Error;
    XrefTooDeep = "xref-too-deep", Error;
    XrefTrailingChars = "xref-trailing-chars", Error;
    XrefUnclosed = "xref-unclosed", Error;
    XriEscapeHash = "xri-escape-hash", Note;
    XriEscapeSlashes = "xri-escape-slashes", Note;
    XriPrefixMalformed = "xri-prefix-malformed", Error;
}

impl Code {
    /// The code spelt `name`, if there is one.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == name)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A code reads as its kebab-case spelling, so `code.len()` or `code.starts_with("x-")`
/// work as they did when codes were strings.
impl std::ops::Deref for Code {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Code> for str {
    fn eq(&self, other: &Code) -> bool {
        self == other.as_str()
    }
}

impl From<Code> for &'static str {
    fn from(c: Code) -> Self {
        c.as_str()
    }
}

impl From<Code> for String {
    fn from(c: Code) -> Self {
        c.as_str().to_string()
    }
}

impl<'a> From<Code> for std::borrow::Cow<'a, str> {
    fn from(c: Code) -> Self {
        std::borrow::Cow::Borrowed(c.as_str())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_are_unique_kebab_case_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for &c in Code::ALL {
            let s = c.as_str();
            assert!(seen.insert(s), "{s} twice");
            assert!(
                !s.is_empty()
                    && !s.starts_with('-')
                    && !s.ends_with('-')
                    && !s.contains("--")
                    && s.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{s} is not kebab-case"
            );
            assert_eq!(Code::from_name(s), Some(c));
        }
        assert_eq!(Code::from_name("no-such-code"), None);
    }
}
