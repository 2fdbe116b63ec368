//! The rfc1630 profile: WWW draft: Universal Resource Identifiers (became RFC 1630).

use crate::engine::chars::*;
use crate::engine::descriptor::forms::*;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::*;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::descriptor::{Abnf, Auto, Descriptor, ReadingMarks, Resolver};
use crate::engine::family::Family;
use crate::engine::forms::{is_dot_segment_decoded, make};
use crate::engine::quick;
use crate::engine::specs::www::grammar as www;

/// WWW draft: Universal Resource Identifiers (became RFC 1630).
pub static RFC1630: Descriptor = Descriptor {
    name: "rfc1630",
    title: "WWW draft: Universal Resource Identifiers (became RFC 1630)",
    short: "the WWW URI draft",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(www::parse),
    quick: Some(quick::www),
    rule_files: &[include_str!("rfc1630.bnf")],
    resolution: Resolver {
        algorithm: "WWW URI draft, Partial form",
        run: super::resolve::resolve,
    },
    readings: ReadingMarks::NONE,
    examples: include_str!("../../../../examples/ids/rfc1630.txt"),
    abnf: Some(Abnf {
        text: Some(include_str!("rfc1630.transcribed.abnf")),
        start: "fragmentaddress",
    }),
    auto: Auto::NEVER,
    forms: &FORMS,
    ladder: &LADDER,
    url_setters: false,
    nss_ends_at_query: false,
};

/// rfc1630 (the WWW draft).
static FORMS: FormsSpec = FormsSpec {
    make: make::www_forms,
    steps: &WWW_STEPS,
    canonical: Rewrites::HEX_CASE
        .union(Rewrites::DECODE_UNRESERVED)
        .union(Rewrites::ENCODE_SPACE)
        .union(Rewrites::DROP_VOID_FRAGMENT),
    unreserved: Some(Unreserved::Www { plus: false }),
    path_unreserved: Some(Unreserved::Www { plus: true }),
    query_unreserved: Some(Unreserved::Www { plus: false }),
    // The draft reserves "." and ".." (its "Hierarchical forms"): an encoded one is data,
    // and decoding it would make it hierarchical.
    keep_encoded_segment: Some(|t| t.contains('%') && is_dot_segment_decoded(t)),
    ..GENERIC_FORMS
};

/// rfc1630 (the WWW draft).
static LADDER: LadderSpec = LadderSpec {
    rungs: &[Rung::FormsSteps],
    section: "WWW URI draft, Reduced or increased safe character sets",
    options: &[],
    auto_pair: EVERY_URI_IS_AN_IRI,
    wording: Wording {
        case: "the {k} is case-sensitive: the draft brings URIs to the same encoding level \
               before comparing them, and folds no case ({section})",
        case_of: &[],
        non_ascii_case: Some("RFC 3987 §5.3.2.1"),
        encoding: "{lead}: {t} encodes {c}, which is not an xalpha character (alpha, digit, \
                   safe or extra), so the draft's encoding levels do not make the two the same \
                   ({section})",
        encoding_reserved: Some(ReservedWording {
            set: WWW_RESERVED,
            text: "{lead}: {t} encodes the reserved {c}, which means something else encoded; \
                   reserved characters may NEVER be encoded and unencoded{slash} ({section})",
            slash: "; the encoded slash has no hierarchical significance",
        }),
        missing: &[],
        nfc: None,
        compatibility: Some(COMPATIBILITY),
        // The draft's generic syntax has no authority, so `http://a:80/` reads as a path
        // whose third segment is `a:80`; its scheme sections describe that ":port". The
        // draft defines no default port to drop and brings two URIs to the same encoding
        // level before comparing them, nothing more.
        port_in_path: Some(
            "A has {a} where B has {b}: the draft defines no default port (its FTP section \
             only says a port \"if given gives the port of the FTP server if not the FTP \
             default\"), and brings two URIs to the same encoding level before comparing \
             them, nothing more; the port is compared as written ({section})",
        ),
    },
};

/// The WWW draft's encoding levels, step by step.
pub const WWW_STEPS: [StepDef; 4] = [
    step(
        "case of the percent-encoding hex digits",
        "WWW URI draft, Conventional URI encoding scheme",
        Rewrites::HEX_CASE,
    ),
    step(
        "decode characters that need no escaping (not the reserved ones)",
        "WWW URI draft, Reduced or increased safe character sets",
        Rewrites::DECODE_UNRESERVED,
    ),
    step(
        "encode every space as %20",
        "WWW URI draft, Unsafe characters",
        Rewrites::ENCODE_SPACE,
    ),
    step(
        "remove a void fragment-id",
        "WWW URI draft, Fragment-id",
        Rewrites::DROP_VOID_FRAGMENT,
    ),
];
