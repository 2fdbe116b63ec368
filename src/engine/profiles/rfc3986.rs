//! The rfc3986 profile: RFC 3986 Uniform Resource Identifier (URI): Generic Syntax.

use super::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::grammar;
use crate::engine::path::PathSyntax;
use crate::engine::profile::Family;
use crate::engine::rules::CORE;
use crate::engine::validate;

/// RFC 3986 Uniform Resource Identifier (URI): Generic Syntax.
pub static RFC3986: Descriptor = Descriptor {
    name: "rfc3986",
    title: "RFC 3986 Uniform Resource Identifier (URI): Generic Syntax",
    short: "RFC 3986",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(|b| grammar::uri::parse(b, grammar::uri::Flavor::Uri)),
    quick: Some(validate::uri),
    rules: &[include_str!("../rules/rfc3986.abnf"), CORE],
    resolution: Resolver::Rfc3986(PathSyntax::Generic),
    readings: ReadingMarks {
        by_family: false,
        xri: false,
        ipv4_or_reg_name: Some("reg-name"),
    },
    examples: include_str!("../../../examples/ids/rfc3986.txt"),
    auto: Auto {
        rank: Some(0),
        by_trial: false,
    },
    // forms, ladder: see helper ladder
};
