//! The diagnostic codes: one typed list, so a misspelt code cannot compile and the list
//! documents itself.
//!
//! Each row holds a code's Rust name, its stable kebab-case spelling (what the JSON output,
//! the identifier sets and the tests use), its default severity, its default section (the
//! spec and section a diagnostic with this code cites) and its message head (what the code
//! means, in a few words). A call site may report a code at another severity, or cite
//! another section, when its spec says so; where a whole spec cites other sections than the
//! defaults, its grammar points the [`Builder`](super::tree::Builder) at a [`Sections`]
//! table, which a profile built at run time can have too. No call site matches on a
//! profile to find a section.
//!
//! The table is written by hand with `macro_rules!` (no derive crate needed for a few
//! constants per entry).

use std::fmt;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// Breaks the ABNF or a MUST: the input is invalid under the profile.
    Error,
    /// A SHOULD, a NOT RECOMMENDED, or a likely mistake.
    Warning,
    /// An interpretation, or a fact worth knowing.
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! codes {
    ($($name:ident = $code:literal, $sev:ident, $section:literal, $head:literal
        $(, also $alt:ident = $alt_sev:ident $alt_section:literal)*;)*) => {
        /// A diagnostic code. Displays (and serialises) as its kebab-case spelling.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[allow(missing_docs)]
        pub enum Code {
            $($name,)*
        }

        impl Code {
            /// Every code, in the table's order: the identifier specs' codes alphabetically, then
            /// the URN namespaces' and the URL Standard's blocks.
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

            /// The section the code cites unless a [`Sections`] table or the call site says
            /// otherwise, e.g. `RFC 3986 §3.1` for `scheme-start`. Empty for a code that
            /// cites no spec (`line-too-long`, a limit of the batch checker; `grammar-over-budget`, the
            /// lab grammar's work budget).
            pub const fn section(self) -> &'static str {
                match self {
                    $(Code::$name => $section,)*
                }
            }

            /// What the code means, in a few words (`an empty NSS`): the head a view may
            /// put before a diagnostic's own message.
            pub const fn head(self) -> &'static str {
                match self {
                    $(Code::$name => $head,)*
                }
            }
        }

        /// A second reading of a code: where one call site reports a code at another
        /// severity or cites another section than the code's defaults (a form's note on
        /// what a grammar reports as a warning, the XRI resolution of what RFC 3986 §5.1
        /// says of a URI), the row names that reading (`also Name = Severity "section"`),
        /// and the call site builds its diagnostic from it
        /// ([`Diagnostic::read`](super::tree::Diagnostic::read)), so no call site spells
        /// a section.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum CodeReading {
            $($($alt,)*)*
        }

        impl CodeReading {
            /// Every reading, in the table's order.
            pub const ALL: &'static [CodeReading] = &[$($(CodeReading::$alt,)*)*];

            /// The code this reading reports.
            pub const fn code(self) -> Code {
                match self {
                    $($(CodeReading::$alt => Code::$name,)*)*
                }
            }

            /// The severity this reading reports its code at.
            pub const fn severity(self) -> Severity {
                match self {
                    $($(CodeReading::$alt => Severity::$alt_sev,)*)*
                }
            }

            /// The section this reading cites.
            pub const fn section(self) -> &'static str {
                match self {
                    $($(CodeReading::$alt => $alt_section,)*)*
                }
            }
        }
    };
}

codes! {
    AuthorityEmpty = "authority-empty", Warning, "XRI Syntax 2.0 §2.2.1.3", "the authority is empty";
    AuthorityKindLookalike = "authority-kind-lookalike", Warning, "XRI Syntax 2.0 §3.3", "a look-alike character changes the authority's kind";
    AuthorityRegName = "authority-reg-name", Note, "RFC 2396 §3.2.1", "a registry-based authority: no host";
    BidiComponentEdge = "bidi-component-edge", Warning, "RFC 3987 §4.2", "a right-to-left component starts or ends with a left-to-right character";
    BidiControl = "bidi-control", Warning, "RFC 3987 §4.1", "a bidi control character";
    BidiFormatChar = "bidi-format-char", Error, "RFC 3987 §4.1", "a bidirectional formatting character";
    BidiMixedDirection = "bidi-mixed-direction", Warning, "RFC 3987 §4.2", "a component mixes left-to-right and right-to-left characters";
    CanonicalNotNfc = "canonical-not-nfc", Note, "RFC 3987 §5.3.2.2", "the canonical form is not in NFC";
    CaseNotFolded = "case-not-folded", Note, "RFC 3987 §5.3.2.1", "case that comparison folds",
        also CaseNotFoldedXri = Note "XRI Syntax 2.0 §2.5.1";
    CharNotAllowed = "char-not-allowed", Error, "XRI Syntax 2.0 §2.1", "a character the grammar does not allow here",
        also CharNotAllowedXriFragment = Error "XRI Syntax 2.0 §2.2.5",
        also CharNotAllowedXriReserved = Error "XRI Syntax 2.0 §2.1.2",
        also CharNotAllowedXriExcluded = Error "XRI Syntax 2.0 §2.1.5";
    ColonInFirstSegment = "colon-in-first-segment", Error, "RFC 3986 §4.2", "a colon in the first segment of a relative path";
    ComponentDelim = "component-delim", Error, "RFC 8141 §2", "a component delimiter out of place";
    ComponentDirective = "component-directive", Note, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3.2", "a directive names a component";
    DelimiterLookalike = "delimiter-lookalike", Warning, "XRI Syntax 2.0 §3.3", "a character that looks like a delimiter";
    DirectiveEmpty = "directive-empty", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "an empty directive";
    DirectiveNoEquals = "directive-no-equals", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "a directive without \"=\"";
    DirectiveOrderReading = "directive-order-reading", Note, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "how the order of directives is read";
    DisplayAmbiguous = "display-ambiguous", Warning, "draft-ietf-urnbis-rfc2141bis-urn-03 §4", "the identifier displays ambiguously";
    DotSegments = "dot-segments", Note, "RFC 3986 §6.2.2.3", "dot-segments in the path";
    FComponentChar = "f-component-char", Error, "RFC 8141 §2", "a character the f-component does not allow";
    FComponentForClient = "f-component-for-client", Note, "RFC 8141 §2.3.3", "the f-component is for the client";
    FormsDepthLimit = "forms-depth-limit", Warning, "XRI Syntax 2.0 §2.5.4", "too deep to rewrite";
    FragmentChar = "fragment-char", Error, "RFC 3986 §3.5", "a character the fragment does not allow";
    FragmentInAssigned = "fragment-in-assigned", Note, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.4", "a fragment in an assigned name";
    GcsCharUnencoded = "gcs-char-unencoded", Error, "XRI Syntax 2.0 §2.1.2", "a global context symbol left unencoded";
    GenDelimUnencoded = "gen-delim-unencoded", Error, "XRI Syntax 2.0 §2.1.2", "a general delimiter left unencoded";
    GrammarOverBudget = "grammar-over-budget", Error, "", "too ambiguous or too long for the lab grammar's work budget";
    GrammarTreeOverBudget = "grammar-tree-over-budget", Warning, "", "the verdict is the compiled grammar's; the tree is over the lab grammar's work budget";
    HostEmpty = "host-empty", Note, "RFC 3986 §3.2.2", "the host is empty";
    HostUppercase = "host-uppercase", Note, "RFC 3986 §6.2.2.1", "the host has upper-case letters";
    IdnaInvalid = "idna-invalid", Warning, "RFC 6068 §2; UTS #46 §4", "the host fails IDNA processing";
    IllegalChar = "illegal-char", Error, "RFC 3987 §2.2", "a character no component allows";
    InvisibleChar = "invisible-char", Warning, "RFC 3987 §6.1", "an invisible character";
    IpLiteralEmpty = "ip-literal-empty", Error, "RFC 3986 §3.2.2", "an empty IP literal";
    IpLiteralInvalid = "ip-literal-invalid", Error, "RFC 3986 §3.2.2", "the IP literal is neither IPv6 nor IPvFuture";
    IpLiteralTrailing = "ip-literal-trailing", Error, "RFC 3986 §3.2.2", "text after the IP literal";
    IpLiteralUnclosed = "ip-literal-unclosed", Error, "RFC 3986 §3.2.2", "an IP literal that is never closed";
    IprivateNotAllowed = "iprivate-not-allowed", Error, "XRI Syntax 2.0 §2.2.3", "a private-use character where none is allowed",
        also IprivateNotAllowedXriAuthority = Error "XRI Syntax 2.0 §2.2.1.3",
        also IprivateNotAllowedXriQuery = Error "XRI Syntax 2.0 §2.2.4",
        also IprivateNotAllowedXriFragment = Error "XRI Syntax 2.0 §2.2.5";
    IprivateOutsideQuery = "iprivate-outside-query", Error, "RFC 3987 §2.2", "a private-use character outside the query";
    Ipv4LeadingZero = "ipv4-leading-zero", Warning, "RFC 3986 §3.2.2", "an IPv4 part with a leading zero";
    Ipv4LikeRegName = "ipv4-like-reg-name", Warning, "RFC 3986 §7.4", "a registered name that reads as an IPv4 address";
    Ipv4OctetRange = "ipv4-octet-range", Warning, "RFC 3986 §3.2.2", "an IPv4 part over 255";
    Ipv6BadChar = "ipv6-bad-char", Error, "RFC 3986 §3.2.2", "a character an IPv6 address cannot hold";
    Ipv6BadColon = "ipv6-bad-colon", Error, "RFC 3986 §3.2.2", "a misplaced colon in an IPv6 address";
    Ipv6BadIpv4 = "ipv6-bad-ipv4", Error, "RFC 3986 §3.2.2", "a bad IPv4 part in an IPv6 address";
    Ipv6GroupTooLong = "ipv6-group-too-long", Error, "RFC 3986 §3.2.2", "an IPv6 group of more than four hex digits";
    Ipv6MultipleDoubleColon = "ipv6-multiple-double-colon", Error, "RFC 3986 §3.2.2", "more than one \"::\" in an IPv6 address";
    Ipv6TooFewGroups = "ipv6-too-few-groups", Error, "RFC 3986 §3.2.2", "too few groups in an IPv6 address";
    Ipv6TooManyGroups = "ipv6-too-many-groups", Error, "RFC 3986 §3.2.2", "too many groups in an IPv6 address";
    Ipv6Unbracketed = "ipv6-unbracketed", Error, "RFC 3986 §3.2.2", "an IPv6 address without brackets";
    IpvfutureInvalid = "ipvfuture-invalid", Error, "RFC 3986 §3.2.2", "a malformed IPvFuture literal";
    IpvfutureUnknown = "ipvfuture-unknown", Note, "RFC 3986 §3.2.2", "an IPvFuture literal of no defined version";
    IriKeptEncoded = "iri-kept-encoded", Note, "RFC 3987 §3.2", "a triplet kept encoded in the IRI";
    IriNormalInvalid = "iri-normal-invalid", Warning, "XRI Syntax 2.0 §2.2", "the IRI-normal form does not parse";
    IriToXriKept = "iri-to-xri-kept", Note, "XRI Syntax 2.0 §2.3.3", "a triplet kept encoded in the XRI";
    KeywordCase = "keyword-case", Warning, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "a keyword not in lower case";
    KeywordEmpty = "keyword-empty", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "an empty keyword";
    KeywordRepeated = "keyword-repeated", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "a keyword given twice";
    KeywordSyntax = "keyword-syntax", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "a malformed keyword";
    KeywordUnknown = "keyword-unknown", Note, "draft-ietf-urnbis-rfc2141bis-urn-03 §9.2.1", "an unregistered keyword";
    LineTooLong = "line-too-long", Error, "", "a line too long to check";
    MixedScript = "mixed-script", Warning, "XRI Syntax 2.0 §3.3", "a component mixes scripts";
    MixedScripts = "mixed-scripts", Warning, "XRI Syntax 2.0 §3.3", "the identifier mixes scripts";
    NfkcChanged = "nfkc-changed", Note, "XRI Syntax 2.0 §2.1.1", "NFKC changes the text",
        also NfkcChangedXriNormal = Note "XRI Syntax 2.0 §2.3.3";
    NfkcMadeDelimiter = "nfkc-made-delimiter", Warning, "XRI Syntax 2.0 §2.1.1", "NFKC turns a character into a delimiter",
        also NfkcMadeDelimiterInForms = Note "XRI Syntax 2.0 §2.1.1";
    NidAppendixB = "nid-appendix-b", Note, "draft-ietf-urnbis-rfc2141bis-urn-03 Appendix B", "what Appendix B's NID rule allows";
    NidChar = "nid-char", Error, "RFC 2141 §2.1", "a character a NID does not allow";
    NidEmpty = "nid-empty", Error, "RFC 8141 §2", "an empty NID";
    NidEnd = "nid-end", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.1", "a NID that ends badly";
    NidExperimental = "nid-experimental", Note, "RFC 8141 §5", "an experimental NID";
    NidInformal = "nid-informal", Note, "RFC 8141 §5.2", "an informal NID";
    NidInformalMalformed = "nid-informal-malformed", Warning, "RFC 8141 §5.2", "a malformed informal NID";
    NidMissing = "nid-missing", Error, "RFC 8141 §2", "no NID";
    NidReserved = "nid-reserved", Error, "RFC 2141 §2.1", "a reserved NID";
    NidSingleChar = "nid-single-char", Note, "RFC 2141 §2.1", "a one-character NID";
    NidStart = "nid-start", Error, "RFC 2141 §2.1", "a NID that starts badly";
    NidTooLong = "nid-too-long", Error, "RFC 8141 §2", "a NID over 32 characters";
    NidTooShort = "nid-too-short", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.1", "a NID under two characters";
    NidTrailingHyphen = "nid-trailing-hyphen", Note, "RFC 2141 §2.1", "a NID that ends with \"-\"";
    NonAscii = "non-ascii", Error, "RFC 3986 §2", "a character outside ASCII";
    Noncharacter = "noncharacter", Error, "RFC 3987 §2.2", "a Unicode non-character";
    NotAUrn = "not-a-urn", Error, "RFC 2141 §2", "not a URN";
    NotIriNormal = "not-iri-normal", Warning, "XRI Syntax 2.0 §2.3.3", "not in IRI-normal form";
    NotNfc = "not-nfc", Warning, "RFC 3987 §5.3.2.2", "not in NFC";
    NotNfkc = "not-nfkc", Warning, "XRI Syntax 2.0 §2.1.1", "not in NFKC";
    NotUtf8 = "not-utf8", Error, "RFC 3986 §2.1", "not UTF-8";
    NssChar = "nss-char", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.5.1", "a character the NSS does not allow";
    NssEmpty = "nss-empty", Error, "RFC 8141 §2", "an empty NSS";
    NssMissing = "nss-missing", Error, "RFC 8141 §2", "no NSS";
    NssStart = "nss-start", Error, "RFC 8141 §2", "an NSS that starts badly";
    NulOctet = "nul-octet", Error, "RFC 8141 §2", "a NUL octet";
    ObjectiveDecides = "objective-decides", Note, "draft-ietf-urnbis-rfc2141bis-urn-03 §5", "the comparison's objective decides";
    PathBecomesAuthority = "path-becomes-authority", Warning, "RFC 3986 §3.3", "the path would read as an authority";
    PctInvalid = "pct-invalid", Error, "RFC 3986 §2.1", "a \"%\" not followed by two hex digits";
    PctLowercase = "pct-lowercase", Note, "RFC 3986 §6.2.2.1", "a triplet with lower-case hex digits";
    PctMalformed = "pct-malformed", Error, "RFC 2141 §2.3.1", "a malformed percent-encoding";
    PctNul = "pct-nul", Error, "RFC 2141 §2.4", "an encoded NUL octet";
    PctReading = "pct-reading", Note, "RFC 2141 §2.2", "how a bare \"%\" is read";
    PctUnreserved = "pct-unreserved", Warning, "RFC 3986 §6.2.2.2", "an unreserved character percent-encoded";
    PgcsSubsegmentMissing = "pgcs-subsegment-missing", Error, "XRI Syntax 2.0 §2.2.1.2", "a persistent GCS without its subsegment";
    PortEmpty = "port-empty", Note, "RFC 3986 §3.2.3", "an empty port";
    PortInvalid = "port-invalid", Error, "XRI Syntax 2.0 §2.2.1.3", "an invalid port";
    PortNotDigits = "port-not-digits", Error, "RFC 3986 §3.2.3", "a port that is not all digits";
    PortTooLarge = "port-too-large", Warning, "RFC 3986 §3.2.3", "a port over 65535";
    QComponentChar = "q-component-char", Error, "RFC 8141 §2", "a character the q-component does not allow";
    QComponentEmpty = "q-component-empty", Error, "RFC 8141 §2", "an empty q-component";
    QComponentForResource = "q-component-for-resource", Note, "RFC 8141 §2.3.2", "the q-component is for the resource";
    QComponentHoldsDelimiter = "q-component-holds-delimiter", Note, "RFC 8141 §2", "the q-component holds a delimiter";
    QComponentStart = "q-component-start", Error, "RFC 8141 §2", "a q-component that starts badly";
    QueryChar = "query-char", Error, "RFC 3986 §3.4", "a character the query does not allow";
    QueryEmpty = "query-empty", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "an empty query";
    QueryInAssigned = "query-in-assigned", Note, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.3", "a query in an assigned name";
    RComponentChar = "r-component-char", Error, "RFC 8141 §2", "a character the r-component does not allow";
    RComponentEmpty = "r-component-empty", Error, "RFC 8141 §2", "an empty r-component";
    RComponentForResolver = "r-component-for-resolver", Note, "RFC 8141 §2.3.1", "the r-component is for the resolver";
    RComponentStart = "r-component-start", Error, "RFC 8141 §2", "an r-component that starts badly";
    RangeNotCharBoundary = "range-not-char-boundary", Error, "RFC 3987 §2.2", "a range that splits a character";
    ReadingAuthorityFirstMatch = "reading-authority-first-match", Note, "XRI Syntax 2.0 §2.2.1.3", "how the authority is read: first match";
    ReadingLeadingStar = "reading-leading-star", Note, "XRI Syntax 2.0 §2.4.3", "how a leading \"*\" is read",
        also ReadingLeadingStarLeadingXref = Note "XRI Syntax 2.0 §2.4.4";
    ReadingRelative = "reading-relative", Note, "XRI Syntax 2.0 §1.2.2", "how a relative reference is read";
    ReadingXrefContent = "reading-xref-content", Note, "XRI Syntax 2.0 §2.2.2", "how a cross-reference's content is read";
    RelativeColonFirstSegment = "relative-colon-first-segment", Error, "XRI Syntax 2.0 §2.4.3", "a colon in the first segment of a relative XRI";
    RelativeFirstSubsegmentEmpty = "relative-first-subsegment-empty", Error, "XRI Syntax 2.0 §2.2.3", "an empty first subsegment in a relative XRI";
    RelativeLeadingXref = "relative-leading-xref", Error, "XRI Syntax 2.0 §2.4.4", "a relative XRI that starts with a cross-reference";
    RelativeNetworkPath = "relative-network-path", Error, "XRI Syntax 2.0 §2.2", "a network-path reference in an XRI";
    ReservedUnencoded = "reserved-unencoded", Warning, "RFC 2141 §2.3.2", "a reserved character left unencoded";
    ResolveBaseFragmentIgnored = "resolve-base-fragment-ignored", Note, "RFC 3986 §5.1", "the base's fragment is ignored";
    ResolveBaseNotAbsolute = "resolve-base-not-absolute", Error, "RFC 3986 §5.1", "the base is not absolute",
        also ResolveBaseNotAbsoluteXri = Error "XRI Syntax 2.0 §2.4.1",
        also ResolveBaseNotAbsoluteWww = Error "WWW URI draft, Partial (relative) form";
    ResolveEmptyPartial = "resolve-empty-partial", Note, "WWW URI draft, Partial (relative) form", "an empty partial form";
    ResolveEncodedDotSegment = "resolve-encoded-dot-segment", Note, "XRI Syntax 2.0 §2.4.1", "an encoded dot-segment";
    ResolvePathLooksLikeAuthority = "resolve-path-looks-like-authority", Note, "RFC 3986 §5.2.4, §5.3, §3.3", "the resolved path looks like an authority";
    ResolveSlashRunMissing = "resolve-slash-run-missing", Note, "WWW URI draft, Partial (relative) form", "no run of slashes to replace";
    ResolveUrnNoRelative = "resolve-urn-no-relative", Error, "draft-ietf-urnbis-rfc2141bis-urn-03 §2.5.1", "URNs have no relative references";
    SchemeChar = "scheme-char", Error, "RFC 3986 §3.1", "a character a scheme does not allow";
    SchemeDriveLetter = "scheme-drive-letter", Warning, "RFC 8089 Appendix E.2", "a drive letter read as a scheme";
    SchemeEmpty = "scheme-empty", Error, "RFC 3986 §3.1", "an empty scheme";
    SchemeSpecificPartEmpty = "scheme-specific-part-empty", Error, "RFC 2396 §3", "nothing after the scheme";
    SchemeStart = "scheme-start", Error, "RFC 3986 §3.1", "a scheme that does not start with a letter";
    SchemeUppercase = "scheme-uppercase", Note, "RFC 3986 §6.2.2.1", "a scheme with upper-case letters";
    SegmentNzEmpty = "segment-nz-empty", Error, "XRI Syntax 2.0 §2.2.3", "an empty segment where one is required";
    ServiceUnknown = "service-unknown", Warning, "draft-ietf-urnbis-rfc2141bis-urn-03 §9.2.2", "an unregistered resolution service";
    UnexpectedText = "unexpected-text", Error, "XRI Syntax 2.0 §2.2", "text the grammar cannot place";
    Unparsed = "unparsed", Error, "RFC 3986 §4.1", "text the grammar could not parse";
    UserinfoPassword = "userinfo-password", Warning, "RFC 3986 §3.2.1", "a password in the userinfo";
    WwwBadEscape = "www-bad-escape", Error, "WWW URI draft, Conventional URI encoding scheme", "a malformed escape";
    WwwCharNotAllowed = "www-char-not-allowed", Error, "WWW URI draft, BNF syntax", "a character the draft does not allow here";
    WwwNationalChar = "www-national-char", Error, "WWW URI draft, BNF syntax", "a national character";
    WwwPartialForm = "www-partial-form", Note, "WWW URI draft, Partial (relative) form", "a partial (relative) form";
    WwwPunctuationChar = "www-punctuation-char", Error, "WWW URI draft, BNF syntax", "a punctuation character";
    WwwSchemeMissing = "www-scheme-missing", Error, "WWW URI draft, BNF syntax", "no scheme";
    WwwSchemeStart = "www-scheme-start", Error, "WWW URI draft, BNF syntax", "a scheme that does not start with a letter";
    WwwSearchTermEmpty = "www-search-term-empty", Error, "WWW URI draft, Query strings", "an empty search term";
    WwwUnsafeSpace = "www-unsafe-space", Warning, "WWW URI draft, Unsafe characters", "an unsafe space";
    WwwVoidSegment = "www-void-segment", Note, "WWW URI draft, BNF syntax", "a void path segment";
    XrefEmpty = "xref-empty", Warning, "XRI Syntax 2.0 §2.2.2", "an empty cross-reference";
    XrefInIauthority = "xref-in-iauthority", Warning, "XRI Syntax 2.0 §2.2.2", "a cross-reference in an IRI authority";
    XrefMissingDelimiter = "xref-missing-delimiter", Error, "XRI Syntax 2.0 §2.2.3", "a cross-reference without its delimiter";
    XrefPrefixAdded = "xref-prefix-added", Note, "XRI Syntax 2.0 §2.5.5", "a prefix added to a cross-reference";
    XrefStrayClose = "xref-stray-close", Error, "XRI Syntax 2.0 §2.2.2", "a \")\" with no \"(\" open";
    XrefTooDeep = "xref-too-deep", Error, "XRI Syntax 2.0 §2.2.2", "cross-references nested too deep";
    XrefTrailingChars = "xref-trailing-chars", Error, "XRI Syntax 2.0 §2.2.3", "text after a cross-reference";
    XrefUnclosed = "xref-unclosed", Error, "XRI Syntax 2.0 §2.2.2", "a cross-reference that is never closed";
    XriEscapeHash = "xri-escape-hash", Note, "XRI Syntax 2.0 §2.3.2", "an escaped \"#\"";
    XriEscapeSlashes = "xri-escape-slashes", Note, "XRI Syntax 2.0 §2.3.2", "escaped slashes";
    XriPrefixMalformed = "xri-prefix-malformed", Error, "XRI Syntax 2.0 §2.2", "a malformed XRI prefix";
    NamespaceCheckDigit = "namespace-check-digit", Warning, "RFC 8141 §5", "a wrong check digit for the namespace";
    NamespaceNssInvalid = "namespace-nss-invalid", Warning, "RFC 8141 §5", "the NSS breaks its namespace's syntax";
    NamespaceOpaque = "namespace-opaque", Note, "RFC 3553 §3", "the namespace is opaque here";
    NidUnregistered = "nid-unregistered", Note, "RFC 8141 §5", "a NID not in IANA's registry";
    // The URL Standard (WHATWG, url.spec.whatwg.org, revision 6ae8486 of 2 July 2026): its
    // validation errors, each named as the standard's table names it, lower-cased, then the
    // basic URL parser's rewrites (notes, `whatwg-` codes). See engine::whatwg.
    DomainToAscii = "domain-to-ascii", Warning, "URL Standard §3.3 #concept-domain-parser", "strict Unicode ToASCII fails on the domain";
    DomainPercentEncoded = "domain-percent-encoded", Warning, "URL Standard §3.5 #concept-host-parser", "a percent-encoded byte in a domain";
    HostInvalidCodePoint = "host-invalid-code-point", Error, "URL Standard §3.5 #concept-opaque-host-parser", "a forbidden host code point in an opaque host";
    Ipv4EmptyPart = "ipv4-empty-part", Warning, "URL Standard §3.5 #concept-ipv4-parser", "an IPv4 address that ends with \".\"";
    Ipv4TooFewParts = "ipv4-too-few-parts", Warning, "URL Standard §3.5 #concept-ipv4-parser", "an IPv4 address of fewer than 4 parts";
    Ipv4TooManyParts = "ipv4-too-many-parts", Error, "URL Standard §3.5 #concept-ipv4-parser", "an IPv4 address of more than 4 parts";
    Ipv4NonNumericPart = "ipv4-non-numeric-part", Error, "URL Standard §3.5 #concept-ipv4-parser", "an IPv4 part that is not a number";
    Ipv4NonDecimalPart = "ipv4-non-decimal-part", Warning, "URL Standard §3.5 #concept-ipv4-parser", "an IPv4 part in hexadecimal or octal";
    Ipv4OutOfRangePart = "ipv4-out-of-range-part", Error, "URL Standard §3.5 #concept-ipv4-parser", "an IPv4 part over 255";
    Ipv6Unclosed = "ipv6-unclosed", Error, "URL Standard §3.5 #concept-host-parser", "an IPv6 address without its \"]\"";
    Ipv6InvalidCompression = "ipv6-invalid-compression", Error, "URL Standard §3.5 #concept-ipv6-parser", "an IPv6 address that starts with a single \":\"";
    Ipv6TooManyPieces = "ipv6-too-many-pieces", Error, "URL Standard §3.5 #concept-ipv6-parser", "an IPv6 address of more than 8 pieces";
    Ipv6MultipleCompression = "ipv6-multiple-compression", Error, "URL Standard §3.5 #concept-ipv6-parser", "an IPv6 address compressed twice";
    Ipv6InvalidCodePoint = "ipv6-invalid-code-point", Error, "URL Standard §3.5 #concept-ipv6-parser", "a code point an IPv6 address cannot hold here";
    Ipv6TooFewPieces = "ipv6-too-few-pieces", Error, "URL Standard §3.5 #concept-ipv6-parser", "an uncompressed IPv6 address of fewer than 8 pieces";
    Ipv6PieceLeadingZero = "ipv6-piece-leading-zero", Warning, "URL Standard §3.5 #concept-ipv6-parser", "an IPv6 piece with a leading zero";
    Ipv4InIpv6TooManyPieces = "ipv4-in-ipv6-too-many-pieces", Error, "URL Standard §3.5 #concept-ipv6-parser", "an IPv4 part after more than 6 IPv6 pieces";
    Ipv4InIpv6InvalidCodePoint = "ipv4-in-ipv6-invalid-code-point", Error, "URL Standard §3.5 #concept-ipv6-parser", "a malformed IPv4 part in an IPv6 address";
    Ipv4InIpv6OutOfRangePart = "ipv4-in-ipv6-out-of-range-part", Error, "URL Standard §3.5 #concept-ipv6-parser", "an IPv4 part over 255 in an IPv6 address";
    Ipv4InIpv6TooFewParts = "ipv4-in-ipv6-too-few-parts", Error, "URL Standard §3.5 #concept-ipv6-parser", "too few IPv4 parts in an IPv6 address";
    InvalidUrlUnit = "invalid-url-unit", Warning, "URL Standard §4.4 #concept-basic-url-parser", "a code point that is not a URL unit";
    SpecialSchemeMissingFollowingSolidus = "special-scheme-missing-following-solidus", Warning, "URL Standard §4.4 #concept-basic-url-parser", "a special scheme not followed by \"//\"";
    MissingSchemeNonRelativeUrl = "missing-scheme-non-relative-url", Error, "URL Standard §4.4 #concept-basic-url-parser", "no scheme, and no base URL to resolve against";
    InvalidReverseSolidus = "invalid-reverse-solidus", Warning, "URL Standard §4.4 #concept-basic-url-parser", "a \"\\\" where a special URL wants \"/\"";
    InvalidCredentials = "invalid-credentials", Warning, "URL Standard §4.4 #concept-basic-url-parser", "credentials in the URL";
    HostMissing = "host-missing", Error, "URL Standard §4.4 #concept-basic-url-parser", "a special URL without a host";
    PortOutOfRange = "port-out-of-range", Error, "URL Standard §4.4 #concept-basic-url-parser", "a port over 65535";
    FileInvalidWindowsDriveLetter = "file-invalid-windows-drive-letter", Warning, "URL Standard §4.4 #concept-basic-url-parser", "a relative URL that starts with a Windows drive letter against a file base";
    FileInvalidWindowsDriveLetterHost = "file-invalid-windows-drive-letter-host", Warning, "URL Standard §4.4 #concept-basic-url-parser", "a file URL whose host is a Windows drive letter";
    WhatwgStripped = "whatwg-stripped", Note, "URL Standard §4.4 #concept-basic-url-parser", "leading or trailing C0 controls and spaces removed";
    WhatwgTabNewlineRemoved = "whatwg-tab-newline-removed", Note, "URL Standard §4.4 #concept-basic-url-parser", "a tab or newline removed";
    WhatwgBackslashAsSlash = "whatwg-backslash-as-slash", Note, "URL Standard §4.4 #concept-basic-url-parser", "a \"\\\" read as \"/\"";
    WhatwgSchemeLowercased = "whatwg-scheme-lowercased", Note, "URL Standard §4.4 #concept-basic-url-parser", "the scheme lower-cased";
    WhatwgPercentEncoded = "whatwg-percent-encoded", Note, "URL Standard §1.3 #percent-encoded-bytes", "bytes percent-encoded";
    WhatwgDomainToAscii = "whatwg-domain-to-ascii", Note, "URL Standard §3.3 #concept-domain-parser", "the domain rewritten to ASCII";
    WhatwgIpv4Read = "whatwg-ipv4-read", Note, "URL Standard §3.5 #concept-ipv4-parser", "the host read as an IPv4 address";
    WhatwgIpv6Compressed = "whatwg-ipv6-compressed", Note, "URL Standard §3.6 #concept-ipv6-serializer", "the IPv6 address rewritten in its compressed form";
    WhatwgDefaultPortDropped = "whatwg-default-port-dropped", Note, "URL Standard §4.4 #concept-basic-url-parser", "the scheme's default port dropped";
    WhatwgDotSegment = "whatwg-dot-segment", Note, "URL Standard §4.4 #concept-basic-url-parser", "a \".\" or \"..\" segment applied";
    WhatwgWindowsDriveLetter = "whatwg-windows-drive-letter", Note, "URL Standard §4.2 #windows-drive-letter", "a Windows drive letter quirk applied";
    WhatwgOpaquePath = "whatwg-opaque-path", Note, "URL Standard §4.1 #url-opaque-path", "a non-special URL with an opaque path";
    WhatwgLocalhostEmptied = "whatwg-localhost-emptied", Note, "URL Standard §4.4 #concept-basic-url-parser", "the file host \"localhost\" read as the empty host";
    NamespaceNotJudged = "namespace-not-judged", Note, "RFC 8141 §5", "the NSS is too long to be judged by its namespace's grammar here";
    // The URI scheme layer (engine::schemes): each scheme's own spec beside RFC 3986's.
    // Warnings and notes only: the generic verdict stays the RFC's.
    SchemeSyntaxInvalid = "scheme-syntax-invalid", Warning, "RFC 3986 §3.1", "the URI breaks its scheme's own syntax";
    SchemeHttpUserinfo = "scheme-http-userinfo", Warning, "RFC 9110 §4.2.4", "userinfo in an \"http\" or \"https\" URI";
    SchemeHttpEmptyHost = "scheme-http-empty-host", Warning, "RFC 9110 §4.2.1", "an \"http\" or \"https\" URI with an empty host";
    SchemeTelLocalWithoutContext = "scheme-tel-local-without-context", Warning, "RFC 3966 §5.1.5", "a local \"tel\" number without phone-context";
    SchemeUnregistered = "scheme-unregistered", Note, "RFC 7595 §6", "a scheme not in IANA's registry";
    SchemeProvisional = "scheme-provisional", Note, "RFC 7595 §4", "a provisionally registered scheme";
    SchemeHistorical = "scheme-historical", Warning, "RFC 7595 §5", "a scheme registered as historical";
    SchemeNotJudged = "scheme-not-judged", Note, "RFC 3986 §3.1", "the URI is too long to be judged by its scheme's grammar here";
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

/// The sections a spec cites where they differ from the codes' defaults
/// ([`Code::section`]): a grammar (or a profile's descriptor, including one built at run
/// time) points the [`Builder`](super::tree::Builder) at one, and a diagnostic reported
/// without a section of its own cites what the table says.
#[derive(Debug)]
pub struct Sections {
    /// Which spec the table is for, for messages and tests (`XRI Syntax 2.0`).
    pub spec: &'static str,
    /// The codes this spec cites another section for, each once.
    pub overrides: &'static [(Code, &'static str)],
}

impl Sections {
    /// The table with no overrides: every code cites its default section.
    pub const DEFAULTS: Sections = Sections {
        spec: "",
        overrides: &[],
    };

    /// The section `code` cites under this table.
    pub fn of(&self, code: Code) -> &'static str {
        self.overrides
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(code.section(), |&(_, s)| s)
    }
}

/// A code's reading under one profile whose spec defines the same thing in its own words:
/// the section it cites and the head (what the code means) there. Where a code the RFC
/// profiles report is also what another spec names (the URL Standard's port state fails on
/// what RFC 3986 calls `port-invalid`), that spec's table lists the code with its section
/// and head, and its diagnostics and views ask the table instead of the code's row.
#[derive(Debug)]
pub struct Override {
    /// The code.
    pub code: Code,
    /// The section it cites under this profile.
    pub section: &'static str,
    /// What it means under this profile, in a few words.
    pub head: &'static str,
}

/// One profile's [`Override`]s.
#[derive(Debug)]
pub struct Overrides {
    /// Which spec the table is for (`URL Standard`).
    pub spec: &'static str,
    /// The codes read otherwise, each once.
    pub rows: &'static [Override],
}

impl Overrides {
    fn row(&self, code: Code) -> Option<&Override> {
        self.rows.iter().find(|r| r.code == code)
    }
    /// The section `code` cites under this profile.
    pub fn section(&self, code: Code) -> &'static str {
        self.row(code).map_or(code.section(), |r| r.section)
    }
    /// What `code` means under this profile.
    pub fn head(&self, code: Code) -> &'static str {
        self.row(code).map_or(code.head(), |r| r.head)
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

    #[test]
    fn every_code_has_a_head_and_all_but_the_limits_a_section() {
        for &c in Code::ALL {
            assert!(!c.head().is_empty(), "{c} has no head");
            assert_eq!(
                c.section().is_empty(),
                matches!(
                    c,
                    Code::LineTooLong | Code::GrammarOverBudget | Code::GrammarTreeOverBudget
                ),
                "{c}: {:?}",
                c.section()
            );
        }
    }

    #[test]
    fn every_reading_differs_from_its_codes_defaults() {
        for &r in CodeReading::ALL {
            let c = r.code();
            assert!(
                r.severity() != c.severity() || r.section() != c.section(),
                "{r:?} repeats {c}'s defaults"
            );
            assert!(!r.section().is_empty(), "{r:?} cites no section");
        }
    }

    /// The diagnostics built outside the grammars' builders (forms, resolution,
    /// equivalence, the IP-literal wording) and the XRI grammar take their sections from
    /// the rows: no section is spelt as a literal at a call site.
    #[test]
    fn call_sites_spell_no_section() {
        let sections: std::collections::HashSet<&str> = Code::ALL
            .iter()
            .map(|c| c.section())
            .chain(CodeReading::ALL.iter().map(|r| r.section()))
            .filter(|s| !s.is_empty())
            .collect();
        let files = [
            ("forms/rewrite.rs", include_str!("forms/rewrite.rs")),
            ("forms/text.rs", include_str!("forms/text.rs")),
            ("specs/xri/forms.rs", include_str!("specs/xri/forms.rs")),
            ("forms/make.rs", include_str!("forms/make.rs")),
            ("resolve.rs", include_str!("resolve.rs")),
            ("equiv.rs", include_str!("equiv.rs")),
            ("explain.rs", include_str!("explain.rs")),
            ("ip/literal.rs", include_str!("ip/literal.rs")),
            ("specs/xri/grammar.rs", include_str!("specs/xri/grammar.rs")),
        ];
        for (name, src) in files {
            let code = src.split("#[cfg(test)]").next().unwrap_or(src);
            for (n, line) in code.lines().enumerate() {
                // A grammar's [`Sections`] table is where a spec's overrides belong.
                if line.trim_start().starts_with("(Code::") {
                    continue;
                }
                for lit in line.split('"').skip(1).step_by(2) {
                    assert!(
                        !sections.contains(lit),
                        "{name}:{}: the section {lit:?} belongs in its code's row",
                        n + 1
                    );
                }
            }
        }
    }

    #[test]
    fn an_overrides_table_rereads_only_what_it_lists() {
        static T: Overrides = Overrides {
            spec: "URL Standard",
            rows: &[Override {
                code: Code::PortInvalid,
                section: "URL Standard §4.4",
                head: "a port the port state cannot read",
            }],
        };
        assert_eq!(T.section(Code::PortInvalid), "URL Standard §4.4");
        assert_eq!(
            T.head(Code::PortInvalid),
            "a port the port state cannot read"
        );
        assert_eq!(T.section(Code::PortEmpty), Code::PortEmpty.section());
        assert_eq!(T.head(Code::PortEmpty), Code::PortEmpty.head());
    }

    #[test]
    fn a_sections_table_overrides_only_what_it_lists() {
        static XRI: Sections = Sections {
            spec: "XRI Syntax 2.0",
            overrides: &[(Code::PctInvalid, "XRI Syntax 2.0 §2.1.4")],
        };
        assert_eq!(XRI.of(Code::PctInvalid), "XRI Syntax 2.0 §2.1.4");
        assert_eq!(XRI.of(Code::SchemeStart), Code::SchemeStart.section());
        assert_eq!(Sections::DEFAULTS.of(Code::PctInvalid), "RFC 3986 §2.1");
    }
}
