//! The xri2 profile: OASIS XRI Syntax V2.0.

use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::descriptor::{Abnf, AuthorityAlso, Auto, Descriptor, ReadingMarks, Resolver};
use crate::engine::family::Family;
use crate::engine::forms::make;
use crate::engine::path::PathSyntax;
use crate::engine::quick;
use crate::engine::resolve;
use crate::engine::specs::CORE;
use crate::engine::specs::uri::grammar as uri;
use crate::engine::specs::xri::grammar as xri;

/// OASIS XRI Syntax V2.0.
pub static XRI2: Descriptor = Descriptor {
    name: "xri2",
    title: "OASIS XRI Syntax V2.0",
    short: "XRI Syntax 2.0",
    family: Family::Xri,
    grammar: GrammarEntry::Fn(xri::parse),
    quick: Some(quick::xri),
    rule_files: &[include_str!("xri2.abnf"), CORE],
    resolution: Resolver {
        algorithm: "XRI Syntax 2.0 §2.4.1",
        run: |base, reference, d| resolve::generic(base, reference, &d.grammar, PathSyntax::Xri),
    },
    readings: ReadingMarks {
        by_family: false,
        authority_also: Some(AuthorityAlso {
            rules: &["gcs-authority", "xref-authority"],
            grammar: |b| uri::parse(b, uri::Flavor::Iri),
            rule: "iauthority",
        }),
        ipv4_or_reg_name: Some("ireg-name"),
    },
    examples: include_str!("../../../../examples/ids/xri2.txt"),
    abnf: Some(Abnf {
        text: None,
        start: "XRI-reference",
    }),
    auto: Auto {
        rank: Some(0),
        by_trial: false,
    },
    forms: &FORMS,
    ladder: &LADDER,
    url_setters: false,
    nss_ends_at_query: false,
};

/// xri2.
static FORMS: FormsSpec = FormsSpec {
    make: make::xri_forms,
    steps: &XRI_STEPS,
    canonical: Rewrites::XRI_NORMAL
        .union(GENERIC_SYNTAX)
        .union(Rewrites::XRI_PREFIX)
        .union(Rewrites::XRI_PREFIX_NESTED)
        .union(Rewrites::DROP_STAR),
    unreserved: Some(Unreserved::Xri),
    iri_normal_valid_under: Some(&crate::engine::specs::uri::rfc3987::RFC3987.grammar),
    from_iri_normal: Some(crate::engine::specs::xri::forms::iri_normal_to_xri),
    authority_fold: Some(crate::engine::specs::xri::forms::authority_fold),
    case_not_folded: crate::engine::specs::xri::forms::case_not_folded,
    head: crate::engine::specs::xri::forms::head,
    ..GENERIC_FORMS
};

/// xri2: XRI Syntax 2.0 §2.5, rule by rule; "$" cross-references and the sides' forms are
/// options.
static LADDER: LadderSpec = LadderSpec {
    rungs: &[
        Rung::SideForms {
            spec: "XRI Syntax 2.0 §2.3.3",
        },
        Rung::Rewrites {
            name: "character-for-character comparison",
            spec: "XRI Syntax 2.0 §2.5.2",
            rules: Rewrites::NONE,
        },
        Rung::IgnoreDollar {
            name: "ignore \"$\" cross-references (ignore_dollar)",
            spec: "XRI Syntax 2.0 §2.5.4",
        },
        Rung::Rewrites {
            name: "one XRI in any form: NFKC, XRI-normal percent-encoding, optional \"xri://\"",
            spec: "XRI Syntax 2.0 §2.5.2",
            rules: Rewrites::NFKC
                .union(Rewrites::ENCODE)
                .union(Rewrites::XRI_PREFIX)
                .union(Rewrites::XRI_PREFIX_NESTED),
        },
        Rung::Rewrites {
            name: "case of the scheme, and of IRI cross-references' schemes",
            spec: "XRI Syntax 2.0 §2.5.1",
            rules: Rewrites::SCHEME_CASE,
        },
        Rung::Rewrites {
            name: "case of the authorities, in cross-references too",
            spec: "XRI Syntax 2.0 §2.5.1",
            rules: Rewrites::HOST_CASE,
        },
        Rung::Rewrites {
            name: "case of the percent-encoding hex digits",
            spec: "XRI Syntax 2.0 §2.5.1",
            rules: Rewrites::HEX_CASE,
        },
        Rung::Rewrites {
            name: "decode percent-encoded unreserved characters",
            spec: "XRI Syntax 2.0 §2.5.2",
            rules: Rewrites::DECODE_UNRESERVED,
        },
        Rung::Rewrites {
            name: "drop the optional leading star of segments",
            spec: "XRI Syntax 2.0 §2.5.3",
            rules: Rewrites::DROP_STAR,
        },
        Rung::Rewrites {
            name: "remove /./ and /../ in absolute XRIs",
            spec: "XRI Syntax 2.0 §2.5.5",
            rules: Rewrites::DOT_SEGMENTS,
        },
        Rung::DollarKept {
            name: "\"$\" cross-references kept: significant unless ignore_dollar",
            spec: "XRI Syntax 2.0 §2.5.4",
        },
    ],
    section: "XRI Syntax 2.0 §2.5",
    options: &[
        OptionSpec {
            option: CompareOption::IgnoreDollar,
            status: &[
                "\"$\" cross-references kept (XRI Syntax 2.0 §2.5.4)",
                "\"$\" cross-references ignored (ignore_dollar, XRI Syntax 2.0 §2.5.4)",
            ],
            title: &["$ kept", "$ ignored"],
        },
        FORM_A,
        FORM_B,
    ],
    auto_pair: EVERY_URI_IS_AN_IRI,
    wording: Wording {
        case: "the {k} is case-sensitive: only the scheme, the authorities and the hex digits \
               of percent-encodings compare case-insensitively (XRI Syntax 2.0 §2.5.1)",
        case_of: &[],
        non_ascii_case: Some("XRI Syntax 2.0 §2.5.1 after RFC 3987 §5.3.2.1"),
        encoding: "{lead}: {t} encodes {c}, which is not unreserved, so it stays encoded; only \
                   unreserved characters may be decoded (XRI Syntax 2.0 §2.5.2)",
        encoding_reserved: None,
        missing: &[],
        nfc: None,
        compatibility: None,
        port_in_path: None,
    },
};

/// XRI Syntax 2.0 §2.5, step by step.
pub const XRI_STEPS: [StepDef; 8] = [
    step(
        "NFKC, and percent-encode what must be",
        "XRI Syntax 2.0 §2.1.1",
        Rewrites::NFKC.union(Rewrites::ENCODE),
    ),
    step(
        "remove unnecessary percent-encoding",
        "XRI Syntax 2.0 §2.5.2",
        Rewrites::DECODE_UNRESERVED.union(Rewrites::NFKC),
    ),
    step(
        "add the optional \"xri://\"",
        "XRI Syntax 2.0 §2.5.5",
        Rewrites::XRI_PREFIX.union(Rewrites::XRI_PREFIX_NESTED),
    ),
    step(
        "lower-case the scheme",
        "XRI Syntax 2.0 §2.5.1",
        Rewrites::SCHEME_CASE,
    ),
    step(
        "lower-case the authority",
        "XRI Syntax 2.0 §2.5.1",
        Rewrites::HOST_CASE,
    ),
    step(
        "upper-case the percent-encoding",
        "XRI Syntax 2.0 §2.1.4",
        Rewrites::HEX_CASE,
    ),
    step(
        "remove the optional leading star",
        "XRI Syntax 2.0 §2.5.3",
        Rewrites::DROP_STAR,
    ),
    step(
        "remove /./ and /../ in absolute XRIs",
        "XRI Syntax 2.0 §2.5.5",
        Rewrites::DOT_SEGMENTS,
    ),
];
