//! The rfc2141bis profile: draft-ietf-urnbis-rfc2141bis-urn-03 URN syntax.

use crate::engine::chars::*;
use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::Objective;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rule_set::Rules;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks, Resolver};
use crate::engine::family::Family;
use crate::engine::forms::make;
use crate::engine::quick;
use crate::engine::specs::CORE;
use crate::engine::specs::urn::grammar as urn;
use crate::engine::tree::NodeKind;

/// draft-ietf-urnbis-rfc2141bis-urn-03 URN Syntax.
pub static RFC2141BIS: Descriptor = Descriptor {
    name: "rfc2141bis",
    title: "draft-ietf-urnbis-rfc2141bis-urn-03 URN Syntax",
    short: "draft-ietf-urnbis-rfc2141bis-urn-03",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| urn::parse(b, urn::Spec::Rfc2141bis)),
    quick: Some(quick::urn2141bis),
    rules: &[include_str!("rfc2141bis.abnf"), CORE],
    resolution: Resolver::None,
    readings: ReadingMarks {
        by_family: true,
        ..ReadingMarks::NONE
    },
    examples: include_str!("../../../../examples/ids/rfc2141bis.txt"),
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
    url_setters: false,
};

/// rfc2141bis: objective 5a is the canonical form, 5b the caching form.
static FORMS: FormsSpec = FormsSpec {
    make: make::urn_forms,
    steps: &BIS_NAMES_STEPS,
    cache_steps: Some(&BIS_CACHE_STEPS),
    canonical: URN_CASE
        .union(Rules::DROP_FRAGMENT)
        .union(Rules::DROP_QUERY),
    cache: Some(crate::engine::descriptor::rule_set::cache_rules()),
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
