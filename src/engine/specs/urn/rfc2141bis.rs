//! The rfc2141bis profile: draft-ietf-urnbis-rfc2141bis-urn-03 URN syntax.

use crate::engine::chars::*;
use crate::engine::codes::{Code, Sections};
use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::Objective;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks};
use crate::engine::family::Family;
use crate::engine::forms::make;
use crate::engine::quick;
use crate::engine::specs::CORE;
use crate::engine::specs::urn::grammar as urn;
use crate::engine::specs::urn::grammar::{NidRule, PctLiteral, PctNul, Tail, UrnSpec};
use crate::engine::specs::urn::{BIS_DISPLAY_WARNING, URN_CASE, URN_WORDING};
use crate::engine::tree::NodeKind;

/// draft-ietf-urnbis-rfc2141bis-urn-03 URN Syntax.
pub static RFC2141BIS: Descriptor = Descriptor {
    name: "rfc2141bis",
    title: "draft-ietf-urnbis-rfc2141bis-urn-03 URN Syntax",
    short: "draft-ietf-urnbis-rfc2141bis-urn-03",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| urn::parse(b, &URN)),
    quick: Some(quick::urn2141bis),
    rule_files: &[include_str!("rfc2141bis.abnf"), CORE],
    resolution: super::NO_RELATIVE,
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
    nss_ends_at_query: URN.query_and_fragment_end_nss,
};

/// What the rfc2141bis draft decides in the URN family's scanner.
pub static URN: UrnSpec = UrnSpec {
    // The draft has no URN-specific top rule: §2 superimposes `urn-path` on RFC 3986's
    // `URI = scheme ":" path-rootless [ "?" query ] [ "#" fragment ]`.
    root_rule: "URI",
    sections: &RFC2141BIS_SECTIONS,
    sec_nid: bis!("§2.1"),
    sec_percent: bis!("§2.5.2"),
    sec_excluded: bis!("§2.5.3"),
    sec_value: bis!("§2.3"),
    sec_fragment: "RFC 3986 §3.5",
    query_and_fragment_end_nss: true,
    tail: Tail::QueryFragment,
    expect_nid_first: &["ALPHA", "DIGIT"],
    expect_nid_char: &["ALPHA", "DIGIT", "\"-\"", "\":\""],
    nid_dot_plus: None,
    nid_single: NidRule::Error {
        expect: &["ALPHA", "DIGIT", "\"-\""],
        message: "a NID has 2 to 32 characters, (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / \"-\") (ALPHA / DIGIT); RFC 2141 allowed one, this spec does not",
        then_note: None,
    },
    nid_trailing_hyphen: NidRule::Error {
        // What would end the NID well: its last character is a letter or digit.
        expect: &["ALPHA", "DIGIT"],
        message: "a NID must end with a letter or digit: NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / \"-\") (ALPHA / DIGIT); drop the trailing '-'",
        then_note: Some(
            "Appendix B (informative) writes NID = ( ALPHA / DIGIT ) 1*31( ALPHA / DIGIT / \"-\" ), which would allow this trailing '-'; §2.1 is normative and does not, and Appendix B itself says the normative text wins. idbench follows §2.1",
        ),
    },
    nid_reserved: (
        bis!("§2.1"),
        "§2.1 reserves it permanently: it MUST NOT be used or registered",
    ),
    nid_classes: false,
    expect_nss: &["pchar"],
    nss_slash_start_error: false,
    class_nss: &PCHAR_CLASS,
    class_value: &V_PCHAR_CLASS,
    class_fragment: &FRAGMENT_CLASS,
    class_other: &QUERY_CLASS,
    stops_nss: &["\"?\"", "\"#\""],
    stops_value: &["\"&\"", "\"#\""],
    stops_r_component: &["\"#\""],
    stops_other: &["\"#\""],
    reserved_warning: false,
    nul: Some(
        "octet 0 (NUL) \"MUST NOT be used in URNs, in either unencoded or percent-encoded form\": remove it",
    ),
    nss_slash_brackets_error: true,
    excluded_amp_tilde: None,
    // §2.5.3: in running text the URN (NSS) ends there.
    nss_ends_in_running_text: true,
    hex: "HEXDIG",
    pct_reading: None,
    pct_nul: PctNul::Error(
        "octet 0 (NUL) \"MUST NOT be used in URNs, in either unencoded or percent-encoded form\": remove %00",
    ),
    pct_lowercase: (bis!("§5"), "lexical equivalence (§5) normalizes their case"),
    // The draft's §2.5 calls "reserved" the printable characters outside <pchar>, so
    // encoding any <pchar> character is what §2.5.2 forbids (and §5.1 example 5 does).
    pct_literal: &[
        PctLiteral {
            nss_only: true,
            set: &PCHAR,
            section: bis!("§2.5.2"),
            message: "{trip} encodes {name}, which is in the <pchar> repertoire and so not a reserved character (§2.5). §2.5.2 says such a character MUST NOT be percent-encoded, yet also lets a namespace give a character a special meaning and percent-encode its literal uses, as §5.1 example 5 (urn:foo:a123%2C456) does. Keep {trip} only if this namespace gives {name} a special meaning; otherwise write '{ch}' (the two forms are not lexically equivalent, §5)",
        },
        PctLiteral {
            nss_only: false,
            set: &UNRESERVED,
            section: "RFC 3986 §2.3",
            message: "{trip} encodes the unreserved character {name}; URI producers should not create such triplets and normalizers decode them, yet a URN comparison does not: write '{ch}'",
        },
    ],
};

/// Where draft-ietf-urnbis-rfc2141bis-urn-03 cites other sections than the codes' defaults.
pub static RFC2141BIS_SECTIONS: Sections = Sections {
    spec: "draft-ietf-urnbis-rfc2141bis-urn-03",
    overrides: &[
        (Code::NidEmpty, bis!("§2.1")),
        (Code::NidMissing, bis!("§2")),
        (Code::NotAUrn, bis!("§2")),
        (Code::NssEmpty, bis!("§2.2")),
        (Code::NssMissing, bis!("§2")),
    ],
};

/// rfc2141bis: objective 5a is the canonical form, 5b the caching form.
static FORMS: FormsSpec = FormsSpec {
    make: make::urn_forms,
    steps: &BIS_NAMES_STEPS,
    cache_steps: Some(&BIS_CACHE_STEPS),
    canonical: URN_CASE
        .union(Rewrites::DROP_FRAGMENT)
        .union(Rewrites::DROP_QUERY),
    cache: Some(crate::engine::descriptor::rewrites::cache_rules()),
    display_nss: PCHAR,
    display_warning: BIS_DISPLAY_WARNING,
    head: super::forms::head,
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

/// rfc2141bis §5 with objective 5a, step by step.
pub const BIS_NAMES_STEPS: [StepDef; 5] = [
    step(
        "case of \"urn\"",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rewrites::SCHEME_CASE,
    ),
    step(
        "case of the NID",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rewrites::NID_CASE,
    ),
    step(
        "case of the percent-encoding",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rewrites::HEX_CASE,
    ),
    step(
        "remove the fragment",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rewrites::DROP_FRAGMENT,
    ),
    step(
        "remove the query (objective 5a)",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rewrites::DROP_QUERY,
    ),
];

/// rfc2141bis §5 with objective 5b, step by step.
pub const BIS_CACHE_STEPS: [StepDef; 5] = [
    BIS_NAMES_STEPS[0],
    BIS_NAMES_STEPS[1],
    BIS_NAMES_STEPS[2],
    BIS_NAMES_STEPS[3],
    step(
        "reorder the directives by keyword (objective 5b)",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rewrites::REORDER_DIRECTIVES,
    ),
];
