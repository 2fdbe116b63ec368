//! The rfc8141 profile: RFC 8141 Uniform Resource Names (URNs).

use super::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::grammar;
use crate::engine::profile::Family;
use crate::engine::rules::CORE;
use crate::engine::validate;

/// RFC 8141 Uniform Resource Names (URNs).
pub static RFC8141: Descriptor = Descriptor {
    name: "rfc8141",
    title: "RFC 8141 Uniform Resource Names (URNs)",
    short: "RFC 8141",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| grammar::urn::parse(b, grammar::urn::Spec::Rfc8141)),
    quick: Some(validate::urn8141),
    rules: &[include_str!("../rules/rfc8141.abnf"), CORE],
    resolution: Resolver::None,
    readings: ReadingMarks {
        by_family: true,
        ..ReadingMarks::NONE
    },
    examples: include_str!("../../../examples/ids/rfc8141.txt"),
    auto: Auto {
        rank: Some(0),
        by_trial: true,
    },
    // forms, ladder: see helper ladder
};
