//! The rfc8141 profile: RFC 8141 Uniform Resource Names (URNs).

use crate::engine::chars::*;
use crate::engine::codes::{Code, Sections};
use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks};
use crate::engine::family::Family;
use crate::engine::forms::make;
use crate::engine::quick;
use crate::engine::specs::CORE;
use crate::engine::specs::urn::grammar as urn;
use crate::engine::specs::urn::grammar::{NidRule, PctLiteral, PctNul, Tail, UrnSpec};
use crate::engine::specs::urn::{URN_CASE, URN_WORDING};

/// RFC 8141 Uniform Resource Names (URNs).
pub static RFC8141: Descriptor = Descriptor {
    name: "rfc8141",
    title: "RFC 8141 Uniform Resource Names (URNs)",
    short: "RFC 8141",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| urn::parse(b, &URN)),
    quick: Some(quick::urn8141),
    rule_files: &[include_str!("rfc8141.abnf"), CORE],
    resolution: super::NO_RELATIVE,
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
    nss_ends_at_query: URN.query_and_fragment_end_nss,
};

/// What RFC 8141 decides in the URN family's scanner. RFC 8141 states the whole syntax as
/// one ABNF in §2, which its diagnostics cite.
pub static URN: UrnSpec = UrnSpec {
    root_rule: "namestring",
    sections: &RFC8141_SECTIONS,
    sec_nid: "RFC 8141 §2",
    sec_percent: "RFC 8141 §2",
    sec_excluded: "RFC 8141 §2",
    sec_value: "RFC 8141 §2",
    sec_fragment: "RFC 8141 §2",
    query_and_fragment_end_nss: true,
    tail: Tail::Components,
    expect_nid_first: &["alphanum"],
    expect_nid_char: &["ldh", "\":\""],
    nid_dot_plus: None,
    nid_single: NidRule::Error {
        expect: &["ldh"],
        message: "a NID has 2 to 32 characters, (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / \"-\") (ALPHA / DIGIT); RFC 2141 allowed one, this spec does not",
        then_note: None,
    },
    nid_trailing_hyphen: NidRule::Error {
        expect: &["alphanum"],
        message: "a NID must end with a letter or digit: NID = (alphanum) 0*30(ldh) (alphanum); drop the trailing '-'",
        then_note: None,
    },
    // RFC 8141's ABNF admits "urn"; the reservation comes from RFC 2141 §2.1.
    nid_reserved: (
        "RFC 2141 §2.1",
        "RFC 8141's ABNF admits it; RFC 2141 §2.1 reserves it (MUST NOT be used), and RFC 8141 does not lift that: it is neither a formal NID nor an informal \"urn-\" <number> one (§5.1, §5.2), so choose another NID",
    ),
    nid_classes: true,
    expect_nss: &["pchar"],
    nss_slash_start_error: true,
    class_nss: &NSS_RFC8141_CLASS,
    class_value: &QUERY_CLASS,
    class_fragment: &FRAGMENT_CLASS,
    // The components: pchar / "/" / "?".
    class_other: &QUERY_CLASS,
    stops_nss: &["\"?+\"", "\"?=\"", "\"#\""],
    stops_value: &["\"#\""],
    stops_r_component: &["\"?=\"", "\"#\""],
    stops_other: &["\"#\""],
    reserved_warning: false,
    nul: None,
    nss_slash_brackets_error: false,
    excluded_amp_tilde: None,
    nss_ends_in_running_text: false,
    hex: "HEXDIG",
    pct_reading: None,
    pct_nul: PctNul::Allowed,
    pct_lowercase: (
        "RFC 8141 §3.1",
        "URN-equivalence (§3.1) normalizes their case",
    ),
    pct_literal: &[PctLiteral {
        nss_only: false,
        set: &UNRESERVED,
        section: "RFC 3986 §2.3",
        message: "{trip} encodes the unreserved character {name}; URI producers should not create such triplets and normalizers decode them, yet a URN comparison does not: write '{ch}'",
    }],
};

/// Where RFC 8141 cites other sections than the codes' defaults.
pub static RFC8141_SECTIONS: Sections = Sections {
    spec: "RFC 8141",
    overrides: &[(Code::NotAUrn, "RFC 8141 §2")],
};

/// rfc8141.
static FORMS: FormsSpec = FormsSpec {
    make: make::urn_forms,
    steps: &RFC8141_STEPS,
    canonical: URN_CASE.union(Rewrites::DROP_RQF),
    display_nss: PCHAR,
    // The warning cites RFC 8141 itself: §3.1 compares percent-encoded octets without
    // decoding them (its §3.2 examples keep `%2C` and "," apart).
    display_warning: (
        "RFC 8141 §3.1",
        "URN-equivalence never decodes percent-encoding (RFC 8141 §3.1), so the \
         two are different URNs",
    ),
    head: super::forms::head,
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

/// RFC 8141 §3.1, step by step.
pub const RFC8141_STEPS: [StepDef; 4] = [
    step("case of \"urn\"", "RFC 8141 §3.1", Rewrites::SCHEME_CASE),
    step("case of the NID", "RFC 8141 §3.1", Rewrites::NID_CASE),
    step(
        "case of the percent-encoding",
        "RFC 8141 §3.1",
        Rewrites::HEX_CASE,
    ),
    step(
        "ignore the r-, q- and f-components",
        "RFC 8141 §3.1",
        Rewrites::DROP_RQF,
    ),
];
