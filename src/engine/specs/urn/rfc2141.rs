//! The rfc2141 profile: RFC 2141 URN Syntax.

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
use crate::engine::specs::urn::grammar as urn;
use crate::engine::specs::urn::grammar::{NidRule, PctLiteral, PctNul, Tail, UrnSpec};
use crate::engine::specs::urn::{BIS_DISPLAY_WARNING, URN_CASE, URN_WORDING};

/// RFC 2141 URN Syntax.
pub static RFC2141: Descriptor = Descriptor {
    name: "rfc2141",
    title: "RFC 2141 URN Syntax",
    short: "RFC 2141",
    family: Family::Urn,
    grammar: GrammarEntry::Fn(|b| urn::parse(b, &URN)),
    quick: Some(quick::urn2141),
    rule_files: &[include_str!("rfc2141.bnf")],
    resolution: super::NO_RELATIVE,
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
    nss_ends_at_query: URN.query_and_fragment_end_nss,
};

/// What RFC 2141 decides in the URN family's scanner.
pub static URN: UrnSpec = UrnSpec {
    root_rule: "URN",
    sections: &RFC2141_SECTIONS,
    sec_nid: "RFC 2141 §2.1",
    sec_percent: "RFC 2141 §2.3.1",
    sec_excluded: "RFC 2141 §2.4",
    sec_value: "RFC 2141 §2.4",
    sec_fragment: "RFC 2141 §2.4",
    query_and_fragment_end_nss: false,
    tail: Tail::Nothing,
    expect_nid_first: &["let-num"],
    expect_nid_char: &["let-num-hyp", "\":\""],
    nid_dot_plus: Some(
        " (the URL draft RFC 2141 cites as [4] allowed '.' and '+' here; RFC 2141 is \"slightly more restrictive\")",
    ),
    nid_single: NidRule::Note(
        "a one-character NID. Reading: in <let-num> [ 1,31<let-num-hyp> ] the brackets make the tail optional, so RFC 2141 allows it; read without the brackets \"1,31\" would demand a second character. idbench follows the brackets. rfc2141bis §2.1 and RFC 8141 require 2 to 32 characters",
    ),
    nid_trailing_hyphen: NidRule::Note(
        "the NID ends with '-'. Reading: RFC 2141's <let-num> [ 1,31<let-num-hyp> ] allows it, since <let-num-hyp> includes \"-\"; rfc2141bis §2.1 and RFC 8141 require the last character to be a letter or digit. idbench follows RFC 2141's text",
    ),
    nid_reserved: (
        "RFC 2141 §2.1",
        "RFC 2141 §2.1 reserves it: it MUST NOT be used",
    ),
    nid_classes: false,
    expect_nss: &["trans", "\"%\""],
    nss_slash_start_error: false,
    // <trans> without '%' in every part; "/ ? #" get a warning.
    class_nss: &RFC2141_TRANS_CLASS,
    class_value: &RFC2141_TRANS_CLASS,
    class_fragment: &RFC2141_TRANS_CLASS,
    class_other: &RFC2141_TRANS_CLASS,
    stops_nss: &[],
    stops_value: &[],
    stops_r_component: &[],
    stops_other: &[],
    reserved_warning: true,
    nul: Some(
        "octet 0 (NUL) is not in the URN character set, and §2.4 adds that it \"should NEVER be used, in either unencoded or %-encoded form\": remove it",
    ),
    nss_slash_brackets_error: false,
    excluded_amp_tilde: Some(
        " ('&' and '~' are <excluded> in RFC 2141; rfc2141bis and RFC 8141 allow them unencoded)",
    ),
    nss_ends_in_running_text: true,
    hex: "hex",
    pct_reading: Some(
        "Reading: RFC 2141's <trans> includes <reserved>, which lists '%', so the BNF alone would let a bare '%' stand; §2.3.1 says every '%' MUST be followed by two <hex> characters (rfc2141bis Appendix C resolves the ambiguity the same way). idbench follows §2.3.1",
    ),
    // RFC 2141 §2.4 says "should NEVER" (lower-case "should", not a MUST); the draft
    // records the later change to MUST NOT (Appendix D.4).
    pct_nul: PctNul::Warning(
        "octet 0 (NUL) \"should NEVER be used, in either unencoded or %-encoded form\" (a SHOULD here; rfc2141bis makes it a MUST NOT): remove %00",
    ),
    pct_lowercase: (
        "RFC 2141 §5",
        "lexical equivalence (§5) normalizes their case",
    ),
    pct_literal: &[PctLiteral {
        nss_only: false,
        set: &RFC2141_NOT_RESERVED,
        section: "RFC 2141 §2.3.1",
        message: "{trip} encodes {name}, which is not a <reserved> character. §2.3.1 says such a character MUST NOT be %-encoded, yet also lets a namespace give a character a special meaning and %-encode its literal uses, as §6 example 5 (urn:foo:a123%2C456) does. Keep {trip} only if this namespace gives {name} a special meaning; otherwise write '{ch}' (the two forms are not lexically equivalent, §5)",
    }],
};

/// Where RFC 2141 cites other sections than the codes' defaults.
pub static RFC2141_SECTIONS: Sections = Sections {
    spec: "RFC 2141",
    overrides: &[
        (Code::NidEmpty, "RFC 2141 §2.1"),
        (Code::NidMissing, "RFC 2141 §2"),
        (Code::NssEmpty, "RFC 2141 §2.2"),
        (Code::NssMissing, "RFC 2141 §2"),
    ],
};

/// rfc2141.
static FORMS: FormsSpec = FormsSpec {
    make: make::urn_forms,
    steps: &RFC2141_STEPS,
    canonical: URN_CASE,
    display_nss: ALPHANUM.or(RFC2141_OTHER),
    display_warning: BIS_DISPLAY_WARNING,
    head: super::forms::head,
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

/// RFC 2141 §5, step by step.
pub const RFC2141_STEPS: [StepDef; 3] = [
    step("case of \"urn:\"", "RFC 2141 §5", Rewrites::SCHEME_CASE),
    step("case of the NID", "RFC 2141 §5", Rewrites::NID_CASE),
    step("case of the %-escaping", "RFC 2141 §5", Rewrites::HEX_CASE),
];
