//! The rfc2141bis profile: draft-ietf-urnbis-rfc2141bis-urn-03 URN syntax.

use super::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::grammar;
use crate::engine::profile::Family;
use crate::engine::rules::CORE;
use crate::engine::validate;

/// draft-ietf-urnbis-rfc2141bis-urn-03 URN Syntax.
pub static RFC2141BIS: Descriptor = Descriptor {
    name: "rfc2141bis",
    title: "draft-ietf-urnbis-rfc2141bis-urn-03 URN Syntax",
    short: "draft-ietf-urnbis-rfc2141bis-urn-03",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| grammar::urn::parse(b, grammar::urn::Spec::Rfc2141bis)),
    quick: Some(validate::urn2141bis),
    rules: &[include_str!("../rules/rfc2141bis.abnf"), CORE],
    resolution: Resolver::None,
    readings: ReadingMarks {
        by_family: true,
        ..ReadingMarks::NONE
    },
    examples: include_str!("../../../examples/ids/rfc2141bis.txt"),
    auto: Auto {
        rank: Some(1),
        by_trial: true,
    },
    // forms, ladder: see helper ladder
};
