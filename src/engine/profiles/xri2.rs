//! The xri2 profile: OASIS XRI Syntax V2.0.

use super::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::grammar;
use crate::engine::path::PathSyntax;
use crate::engine::profile::Family;
use crate::engine::rules::CORE;
use crate::engine::validate;

/// OASIS XRI Syntax V2.0.
pub static XRI2: Descriptor = Descriptor {
    name: "xri2",
    title: "OASIS XRI Syntax V2.0",
    short: "XRI Syntax 2.0",
    family: Family::Xri,
    grammar: GrammarEntry::Fn(grammar::xri::parse),
    quick: Some(validate::xri),
    rules: &[include_str!("../rules/xri2.abnf"), CORE],
    resolution: Resolver::Rfc3986(PathSyntax::Xri),
    readings: ReadingMarks {
        by_family: false,
        xri: true,
        ipv4_or_reg_name: Some("ireg-name"),
    },
    examples: include_str!("../../../examples/ids/xri2.txt"),
    auto: Auto {
        rank: Some(0),
        by_trial: false,
    },
    // forms, ladder: see helper ladder
};
