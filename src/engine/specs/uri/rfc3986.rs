//! The rfc3986 profile: RFC 3986 Uniform Resource Identifier (URI): Generic Syntax.

use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks};
use crate::engine::family::Family;
use crate::engine::forms::make;
use crate::engine::quick;
use crate::engine::resolve;
use crate::engine::specs::CORE;
use crate::engine::specs::uri::grammar as uri;

/// RFC 3986 Uniform Resource Identifier (URI): Generic Syntax.
pub static RFC3986: Descriptor = Descriptor {
    name: "rfc3986",
    title: "RFC 3986 Uniform Resource Identifier (URI): Generic Syntax",
    short: "RFC 3986",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(|b| uri::parse(b, uri::Flavor::Uri)),
    quick: Some(quick::uri),
    rule_files: &[include_str!("rfc3986.abnf"), CORE],
    resolution: resolve::RFC3986,
    readings: ReadingMarks {
        by_family: false,
        authority_also: None,
        ipv4_or_reg_name: Some("reg-name"),
    },
    examples: include_str!("../../../../examples/ids/rfc3986.txt"),
    abnf: Some(Abnf {
        text: None,
        start: "URI-reference",
    }),
    auto: Auto {
        rank: Some(0),
        by_trial: false,
    },
    forms: &FORMS,
    ladder: &LADDER,
    url_setters: false,
    nss_ends_at_query: false,
};

/// rfc3986.
static FORMS: FormsSpec = FormsSpec {
    make: make::uri_forms,
    steps: &URI_STEPS,
    canonical: GENERIC_SYNTAX,
    unreserved: Some(Unreserved::Ascii),
    ..GENERIC_FORMS
};

/// rfc3986.
static LADDER: LadderSpec = LadderSpec {
    rungs: &[
        Rung::Rewrites {
            name: "simple string comparison",
            spec: "RFC 3986 §6.2.1",
            rules: Rewrites::NONE,
        },
        Rung::SyntaxBased {
            name: "syntax-based normalization: case, percent-encoding, dot-segments",
            spec: "RFC 3986 §6.2.2",
        },
        Rung::SchemeBased {
            spec: "RFC 3986 §6.2.3",
        },
    ],
    section: "RFC 3986 §6.2",
    options: &[],
    auto_pair: EVERY_URI_IS_AN_IRI,
    wording: URI_WORDING,
};

/// RFC 3986 §6.2.2, step by step.
pub const URI_STEPS: [StepDef; 4] = [
    step(
        "decode percent-encoded unreserved characters",
        "RFC 3986 §6.2.2.2",
        Rewrites::DECODE_UNRESERVED,
    ),
    step(
        "case of the scheme and host",
        "RFC 3986 §6.2.2.1",
        Rewrites::SCHEME_CASE.union(Rewrites::HOST_CASE),
    ),
    step(
        "case of the percent-encoding hex digits",
        "RFC 3986 §6.2.2.1",
        Rewrites::HEX_CASE,
    ),
    step(
        "remove dot-segments",
        "RFC 3986 §6.2.2.3",
        Rewrites::DOT_SEGMENTS,
    ),
];
