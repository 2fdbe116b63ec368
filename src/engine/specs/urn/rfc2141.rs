//! The rfc2141 profile: RFC 2141 URN Syntax.

use crate::engine::chars::*;
use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks, Resolver};
use crate::engine::family::Family;
use crate::engine::forms::make;
use crate::engine::quick;
use crate::engine::specs::urn::grammar as urn;

/// RFC 2141 URN Syntax.
pub static RFC2141: Descriptor = Descriptor {
    name: "rfc2141",
    title: "RFC 2141 URN Syntax",
    short: "RFC 2141",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| urn::parse(b, urn::Spec::Rfc2141)),
    quick: Some(quick::urn2141),
    rules: &[include_str!("rfc2141.bnf")],
    resolution: Resolver::None,
    readings: ReadingMarks {
        by_family: true,
        ..ReadingMarks::NONE
    },
    examples: include_str!("../../../../examples/ids/rfc2141.txt"),
    abnf: Some(Abnf {
        text: Some(include_str!("rfc2141.transcribed.abnf")),
        start: "URN",
    }),
    auto: Auto {
        rank: Some(2),
        by_trial: true,
    },
    forms: &FORMS,
    ladder: &LADDER,
    url_setters: false,
};

/// rfc2141.
static FORMS: FormsSpec = FormsSpec {
    make: make::urn_forms,
    steps: &RFC2141_STEPS,
    canonical: URN_CASE,
    display_nss: ALPHANUM.or(RFC2141_OTHER),
    display_warning: BIS_DISPLAY_WARNING,
    ..GENERIC_FORMS
};

/// rfc2141.
static LADDER: LadderSpec = LadderSpec {
    rungs: &[Rung::FormsSteps],
    section: "RFC 2141 §5",
    options: &[],
    auto_pair: AutoPair::FirstAcceptingBoth,
    wording: URN_WORDING,
};
