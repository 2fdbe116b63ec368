//! The rfc1630 profile: WWW draft: Universal Resource Identifiers (became RFC 1630).

use super::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::grammar;
use crate::engine::profile::Family;
use crate::engine::validate;

/// WWW draft: Universal Resource Identifiers (became RFC 1630).
pub static RFC1630: Descriptor = Descriptor {
    name: "rfc1630",
    title: "WWW draft: Universal Resource Identifiers (became RFC 1630)",
    short: "the WWW URI draft",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(grammar::www::parse),
    quick: Some(validate::www),
    rules: &[include_str!("../rules/rfc1630.bnf")],
    resolution: Resolver::Www,
    readings: ReadingMarks::NONE,
    examples: include_str!("../../../examples/ids/rfc1630.txt"),
    auto: Auto::NEVER,
    // forms, ladder: see helper ladder
};
