//! The rfc2396 profile: RFC 2396 Uniform Resource Identifiers (URI): Generic Syntax, as
//! amended by RFC 2732 (IPv6 literals) and as `java.net.URI` reads it (docs/readings.md,
//! RFC 2396). Its grammar is [`super::rfc2396_grammar`].

use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks, Resolver};
use crate::engine::family::Family;
use crate::engine::forms::make;
use crate::engine::specs::CORE;
use crate::engine::specs::uri::rfc2396_grammar;

/// RFC 2396 as amended by RFC 2732.
pub static RFC2396: Descriptor = Descriptor {
    name: "rfc2396",
    title: "RFC 2396 Uniform Resource Identifiers (URI): Generic Syntax, amended by RFC 2732",
    short: "RFC 2396",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(rfc2396_grammar::parse),
    // No quick recognizer: batch checking runs the grammar.
    quick: None,
    rule_files: &[include_str!("rfc2396.bnf"), CORE],
    resolution: Resolver {
        algorithm: "RFC 2396 §5.2",
        run: super::rfc2396_resolve::resolve,
    },
    readings: ReadingMarks::NONE,
    examples: include_str!("../../../../examples/ids/rfc2396.txt"),
    abnf: Some(Abnf {
        text: Some(include_str!("rfc2396.transcribed.abnf")),
        start: "URI-reference",
    }),
    // java.net.URI's reading is asked for by name; `auto` keeps to RFC 3986.
    auto: Auto::NEVER,
    forms: &FORMS,
    ladder: &LADDER,
    url_setters: false,
    nss_ends_at_query: false,
};

/// RFC 2396 §6 names what is equivalent under the common syntax: "the scheme and hostname
/// are case insensitive" (with §3.1: programs "should treat upper case letters as
/// equivalent to lower case in scheme names"), and an explicit default port equals none,
/// which depends on the scheme. It says nothing of the hex digits' case, of decoding, or of
/// dot-segments outside resolution, so the canonical form folds only the two cases.
pub const RFC2396_STEPS: [StepDef; 2] = [
    step(
        "case of the scheme",
        "RFC 2396 §3.1, §6",
        Rewrites::SCHEME_CASE,
    ),
    step("case of the hostname", "RFC 2396 §6", Rewrites::HOST_CASE),
];

/// rfc2396.
static FORMS: FormsSpec = FormsSpec {
    make: make::uri_forms,
    steps: &RFC2396_STEPS,
    canonical: Rewrites::SCHEME_CASE.union(Rewrites::HOST_CASE),
    ..GENERIC_FORMS
};

/// rfc2396.
static LADDER: LadderSpec = LadderSpec {
    rungs: &[
        Rung::Rewrites {
            name: "simple string comparison",
            spec: "RFC 2396 §6",
            rules: Rewrites::NONE,
        },
        Rung::FormsSteps,
    ],
    section: "RFC 2396 §6",
    options: &[],
    auto_pair: EVERY_URI_IS_AN_IRI,
    wording: Wording {
        case: "the {k} is case-sensitive: RFC 2396 §6 names only the scheme and the hostname \
               as case insensitive",
        case_of: &[],
        non_ascii_case: None,
        encoding: "{lead}: RFC 2396 §6 defines no percent-encoding normalization; {t} and {c} \
                   differ",
        encoding_reserved: None,
        missing: &[],
        nfc: None,
        compatibility: None,
        port_in_path: None,
    },
};
