//! The rfc3987 profile: RFC 3987 Internationalized Resource Identifiers (IRIs).

use super::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::grammar;
use crate::engine::path::PathSyntax;
use crate::engine::profile::Family;
use crate::engine::rules::CORE;
use crate::engine::validate;

/// RFC 3987 Internationalized Resource Identifiers (IRIs).
pub static RFC3987: Descriptor = Descriptor {
    name: "rfc3987",
    title: "RFC 3987 Internationalized Resource Identifiers (IRIs)",
    short: "RFC 3987",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(|b| grammar::uri::parse(b, grammar::uri::Flavor::Iri)),
    quick: Some(validate::iri),
    rules: &[include_str!("../rules/rfc3987.abnf"), CORE],
    resolution: Resolver::Rfc3986(PathSyntax::Generic),
    readings: ReadingMarks {
        by_family: false,
        xri: false,
        ipv4_or_reg_name: Some("ireg-name"),
    },
    examples: include_str!("../../../examples/ids/rfc3987.txt"),
    auto: Auto {
        rank: Some(1),
        by_trial: false,
    },
    // forms, ladder: see helper ladder
};
