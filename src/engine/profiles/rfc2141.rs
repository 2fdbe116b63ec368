//! The rfc2141 profile: RFC 2141 URN Syntax.

use super::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::grammar;
use crate::engine::profile::Family;
use crate::engine::validate;

/// RFC 2141 URN Syntax.
pub static RFC2141: Descriptor = Descriptor {
    name: "rfc2141",
    title: "RFC 2141 URN Syntax",
    short: "RFC 2141",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| grammar::urn::parse(b, grammar::urn::Spec::Rfc2141)),
    quick: Some(validate::urn2141),
    rules: &[include_str!("../rules/rfc2141.bnf")],
    resolution: Resolver::None,
    readings: ReadingMarks {
        by_family: true,
        ..ReadingMarks::NONE
    },
    examples: include_str!("../../../examples/ids/rfc2141.txt"),
    auto: Auto {
        rank: Some(2),
        by_trial: true,
    },
    // forms, ladder: see helper ladder
};
