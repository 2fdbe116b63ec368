//! The rfc3987 profile: RFC 3987 Internationalized Resource Identifiers (IRIs).

use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks};
use crate::engine::family::Family;
use crate::engine::quick;
use crate::engine::resolve;
use crate::engine::specs::CORE;
use crate::engine::specs::uri::grammar as uri;

/// RFC 3987 Internationalized Resource Identifiers (IRIs).
pub static RFC3987: Descriptor = Descriptor {
    name: "rfc3987",
    title: "RFC 3987 Internationalized Resource Identifiers (IRIs)",
    short: "RFC 3987",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(|b| uri::parse(b, uri::Flavor::Iri)),
    quick: Some(quick::iri),
    rule_files: &[include_str!("rfc3987.abnf"), CORE],
    resolution: resolve::RFC3986,
    readings: ReadingMarks {
        by_family: false,
        authority_also: None,
        ipv4_or_reg_name: Some("ireg-name"),
    },
    examples: include_str!("../../../../examples/ids/rfc3987.txt"),
    abnf: Some(Abnf {
        text: None,
        start: "IRI-reference",
    }),
    auto: Auto {
        rank: Some(1),
        by_trial: false,
    },
    forms: &FORMS,
    ladder: &LADDER,
    url_setters: false,
    nss_ends_at_query: false,
};

/// rfc3987.
static FORMS: FormsSpec = FormsSpec {
    make: super::forms::iri_forms,
    steps: &IRI_STEPS,
    canonical: GENERIC_SYNTAX,
    unreserved: Some(Unreserved::Iri),
    query_unreserved: Some(Unreserved::IriQuery),
    host_case_ascii_only: Some(
        "this host keeps its case: RFC 3987 §5.3.2.1 lower-cases only a \"US-ASCII only \
         host\", and this one has non-ASCII characters; compare it by hand, or through its \
         IDNA (ACE) form, if its registry folds case",
    ),
    ..GENERIC_FORMS
};

/// rfc3987.
static LADDER: LadderSpec = LadderSpec {
    rungs: &[
        Rung::Rewrites {
            name: "simple string comparison",
            spec: "RFC 3987 §5.3.1",
            rules: Rewrites::NONE,
        },
        Rung::SyntaxBased {
            name: "syntax-based normalization: case, percent-encoding, dot-segments",
            spec: "RFC 3987 §5.3.2",
        },
        Rung::NoCharacterNormalization {
            spec: "RFC 3987 §5.3.2.2",
        },
        Rung::SchemeBased {
            spec: "RFC 3987 §5.3.3",
        },
        Rung::IdnHosts,
    ],
    section: "RFC 3987 §5.3",
    options: &[],
    auto_pair: EVERY_URI_IS_AN_IRI,
    wording: Wording {
        case: "the {k} is case-sensitive: only the scheme, the host and the hex digits of \
               percent-encodings are not (RFC 3987 §5.3.2.1)",
        encoding: "{lead}: {t} encodes {c}, which is not unreserved; only percent-encoded \
                   unreserved characters may be decoded, an encoded reserved character is \
                   data, not a delimiter (RFC 3987 §5.3.2.3)",
        nfc: Some(
            "the {kinds} differ only in Unicode normalization (canonically equivalent); \
             comparison MUST NOT apply character normalization, IRIs are expected to be \
             created in NFC (RFC 3987 §5.3.2.2)",
        ),
        ..URI_WORDING
    },
};

/// RFC 3987 §5.3.2, step by step.
pub const IRI_STEPS: [StepDef; 4] = [
    step(
        "decode percent-encoded iunreserved characters",
        "RFC 3987 §5.3.2.3",
        Rewrites::DECODE_UNRESERVED,
    ),
    step(
        "case of the scheme and US-ASCII host",
        "RFC 3987 §5.3.2.1",
        Rewrites::SCHEME_CASE.union(Rewrites::HOST_CASE),
    ),
    step(
        "case of the percent-encoding hex digits",
        "RFC 3987 §5.3.2.1",
        Rewrites::HEX_CASE,
    ),
    step(
        "remove dot-segments",
        "RFC 3986 §6.2.2.3",
        Rewrites::DOT_SEGMENTS,
    ),
];
