//! The rfc8141 profile: RFC 8141 Uniform Resource Names (URNs).

use crate::engine::chars::*;
use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rule_set::Rules;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks, Resolver};
use crate::engine::family::Family;
use crate::engine::forms::make;
use crate::engine::quick;
use crate::engine::specs::CORE;
use crate::engine::specs::urn::grammar as urn;

/// RFC 8141 Uniform Resource Names (URNs).
pub static RFC8141: Descriptor = Descriptor {
    name: "rfc8141",
    title: "RFC 8141 Uniform Resource Names (URNs)",
    short: "RFC 8141",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| urn::parse(b, urn::Spec::Rfc8141)),
    quick: Some(quick::urn8141),
    rules: &[include_str!("rfc8141.abnf"), CORE],
    resolution: Resolver::None,
    readings: ReadingMarks {
        by_family: true,
        ..ReadingMarks::NONE
    },
    examples: include_str!("../../../../examples/ids/rfc8141.txt"),
    abnf: Some(Abnf {
        text: None,
        start: "namestring",
    }),
    auto: Auto {
        rank: Some(0),
        by_trial: true,
    },
    forms: &FORMS,
    ladder: &LADDER,
    url_setters: false,
};

/// rfc8141.
static FORMS: FormsSpec = FormsSpec {
    make: make::urn_forms,
    steps: &RFC8141_STEPS,
    canonical: URN_CASE.union(Rules::DROP_RQF),
    display_nss: PCHAR,
    // The warning cites RFC 8141 itself: §3.1 compares percent-encoded octets without
    // decoding them (its §3.2 examples keep `%2C` and "," apart).
    display_warning: (
        "RFC 8141 §3.1",
        "URN-equivalence never decodes percent-encoding (RFC 8141 §3.1), so the \
         two are different URNs",
    ),
    ..GENERIC_FORMS
};

/// rfc8141.
static LADDER: LadderSpec = LadderSpec {
    rungs: &[Rung::FormsSteps],
    section: "RFC 8141 §3.1",
    options: &[],
    auto_pair: AutoPair::FirstAcceptingBoth,
    wording: Wording {
        encoding: "{lead}: percent-encoded characters are not decoded, the NSS is compared \
                   octet by octet (RFC 8141 §3.1)",
        ..URN_WORDING
    },
};
