//! The rfc2141bis profile: draft-ietf-urnbis-rfc2141bis-urn-03 URN syntax.

use super::{Abnf, Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use crate::engine::chars::*;
use crate::engine::equiv::Objective;
use crate::engine::equiv::spec::*;
use crate::engine::forms::Rules;
use crate::engine::forms::spec::*;
use crate::engine::grammar;
use crate::engine::profile::Family;
use crate::engine::rules::CORE;
use crate::engine::tree::NodeKind;
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
    abnf: Some(Abnf {
        text: None,
        start: "URI",
    }),
    auto: Auto {
        rank: Some(1),
        by_trial: true,
    },
    forms: &FORMS,
    ladder: &LADDER,
};

/// rfc2141bis: objective 5a is the canonical form, 5b the caching form.
static FORMS: FormsSpec = FormsSpec {
    make: crate::engine::forms::urn_forms,
    steps: &BIS_NAMES_STEPS,
    cache_steps: Some(&BIS_CACHE_STEPS),
    canonical: URN_CASE
        .union(Rules::DROP_FRAGMENT)
        .union(Rules::DROP_QUERY),
    cache: Some(crate::engine::forms::cache_rules()),
    display_nss: PCHAR,
    display_warning: BIS_DISPLAY_WARNING,
    ..GENERIC_FORMS
};

/// rfc2141bis: the §5 objective is an option.
static LADDER: LadderSpec = LadderSpec {
    rungs: &[Rung::FormsSteps],
    section: "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
    options: &[OptionSpec {
        option: CompareOption::Objective,
        status: &[
            "objective 5a: distinguish the names (the query is removed)",
            "objective 5b: cache results (directives reordered)",
        ],
        title: &["5a: names", "5b: cache"],
    }],
    auto_pair: AutoPair::FirstAcceptingBoth,
    wording: Wording {
        missing: &[MissingWording {
            kinds: &[NodeKind::Query, NodeKind::Directive],
            objective: Some(Objective::Cache),
            text: "only {side} has {what}: objective 5b (caching resolution results) keeps the \
                   query, reordering its directives (draft-ietf-urnbis-rfc2141bis-urn-03 §5)",
        }],
        ..URN_WORDING
    },
};
