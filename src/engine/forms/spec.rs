//! What the forms of each spec are: one [`FormsSpec`] per profile, and [`forms_spec`], the
//! one place that says which profile has which.
//!
//! Everything the forms code decides per spec is a field here (the ladder of steps, the
//! rules of the canonical form, what may be decoded, the IRI facts, the URN display
//! repertoire), so the code in [`super`] asks the spec and never which profile it is. A
//! profile without forms of its own (one loaded at run time) gets [`GENERIC_FORMS`]: every
//! form is the input as typed, and comparison is simple string comparison (RFC 3986
//! §6.2.1).

use crate::engine::chars::AsciiSet;
use crate::engine::profile::Profile;
use crate::engine::tree::{Diagnostic, Tree};

use super::text::Unreserved;
use super::{Forms, Rules, StepDef, step};

/// Makes the forms of an input parsed as a tree, under a profile whose spec is given; it
/// pushes what it finds worth saying onto the vector (spans index the input).
pub type MakeForms = fn(&str, Profile, &FormsSpec, &Tree, &mut Vec<Diagnostic>) -> Forms;

/// Everything the forms code needs to know about one spec.
#[derive(Clone, Copy, Debug)]
pub struct FormsSpec {
    /// How the forms are made from the tree ([`super::xri_forms`], [`super::uri_forms`],
    /// [`super::www_forms`], [`super::urn_forms`], [`super::as_typed_forms`]).
    pub make: MakeForms,
    /// The ladder of the canonical form, in order (see [`super::steps`]).
    pub steps: &'static [StepDef],
    /// The ladder of the caching form, where the spec has one (rfc2141bis objective 5b).
    pub cache_steps: Option<&'static [StepDef]>,
    /// The rules whose union is the canonical form (the union of `steps`' rules).
    pub canonical: Rules,
    /// The rules of the caching form (`canonical_cache`), where the spec has one (the union
    /// of `cache_steps`' rules).
    pub cache: Option<Rules>,
    /// Which percent-encoded characters [`Rules::DECODE_UNRESERVED`] decodes; `None`:
    /// never any.
    pub unreserved: Option<Unreserved>,
    /// What it decodes in a path instead, where that differs.
    pub path_unreserved: Option<Unreserved>,
    /// What it decodes in a query instead, where that differs.
    pub query_unreserved: Option<Unreserved>,
    /// A segment that decodes to "." or ".." keeps its encoding (the draft reserves them,
    /// its "Hierarchical forms": decoding one would make it hierarchical).
    pub keep_encoded_dot_segments: bool,
    /// [`Rules::HOST_CASE`] folds only a "US-ASCII only host" (RFC 3987 §5.3.2.1); a host
    /// with other characters keeps its case, with a note.
    pub host_case_ascii_only: bool,
    /// `canonical_scheme` Nameprep-normalizes IDN hosts of DNS schemes (RFC 3987 §5.3.3).
    pub nameprep_hosts: bool,
    /// The form with hosts in ACE (`uri_normal_ace`, RFC 3987 §3.1 step 2) is given.
    pub ace_form: bool,
    /// An input not in NFC gets a `canonical-not-nfc` note (RFC 3987 §5.3.2.2).
    pub nfc_check: bool,
    /// The profile whose grammar the IRI-normal form must satisfy, with a warning when it
    /// does not (XRI Syntax 2.0 §2.2: an XRI "MUST be constructed such that it qualifies
    /// as a valid IRI when converted to IRI-normal form").
    pub iri_normal_valid_under: Option<Profile>,
    /// The US-ASCII characters the URN display form shows decoded in the NSS.
    pub display_nss: AsciiSet,
    /// The section and the reason of a `display-ambiguous` warning.
    pub display_warning: (&'static str, &'static str),
}

/// The forms of a spec this program knows nothing of: every form is the input as typed,
/// and its ladder is empty (comparison is simple string comparison, RFC 3986 §6.2.1).
pub static GENERIC_FORMS: FormsSpec = FormsSpec {
    make: super::as_typed_forms,
    steps: &[],
    cache_steps: None,
    canonical: Rules::NONE,
    cache: None,
    unreserved: None,
    path_unreserved: None,
    query_unreserved: None,
    keep_encoded_dot_segments: false,
    host_case_ascii_only: false,
    nameprep_hosts: false,
    ace_form: false,
    nfc_check: false,
    iri_normal_valid_under: None,
    display_nss: AsciiSet::of(""),
    display_warning: ("", ""),
};

/// RFC 3986 §6.2.2 (syntax-based) normalization; the US-ASCII `unreserved` is decoded.
pub const GENERIC_SYNTAX: Rules = Rules::HEX_CASE
    .union(Rules::DECODE_UNRESERVED)
    .union(Rules::SCHEME_CASE)
    .union(Rules::HOST_CASE)
    .union(Rules::DOT_SEGMENTS);

/// The three case rules every URN spec has (RFC 2141 §5 steps 1 to 3).
pub const URN_CASE: Rules = Rules::SCHEME_CASE
    .union(Rules::NID_CASE)
    .union(Rules::HEX_CASE);

/// The `display-ambiguous` warning outside RFC 8141.
pub const BIS_DISPLAY_WARNING: (&str, &str) = (
    "draft-ietf-urnbis-rfc2141bis-urn-03 §4",
    "a namespace may give it a special meaning and percent-encode its literal \
     uses (RFC 2141 §2.3.1), so in such a namespace the two differ",
);

/// The forms of `p`'s spec: the one place that names the profiles ([`GENERIC_FORMS`] for
/// a profile without forms of its own).
pub fn forms_spec(p: Profile) -> &'static FormsSpec {
    p.descriptor().forms
}

/// RFC 3986 §6.2.2, step by step.
pub const URI_STEPS: [StepDef; 4] = [
    step(
        "decode percent-encoded unreserved characters",
        "RFC 3986 §6.2.2.2",
        Rules::DECODE_UNRESERVED,
    ),
    step(
        "case of the scheme and host",
        "RFC 3986 §6.2.2.1",
        Rules::SCHEME_CASE.union(Rules::HOST_CASE),
    ),
    step(
        "case of the percent-encoding hex digits",
        "RFC 3986 §6.2.2.1",
        Rules::HEX_CASE,
    ),
    step(
        "remove dot-segments",
        "RFC 3986 §6.2.2.3",
        Rules::DOT_SEGMENTS,
    ),
];
/// RFC 3987 §5.3.2, step by step.
pub const IRI_STEPS: [StepDef; 4] = [
    step(
        "decode percent-encoded iunreserved characters",
        "RFC 3987 §5.3.2.3",
        Rules::DECODE_UNRESERVED,
    ),
    step(
        "case of the scheme and US-ASCII host",
        "RFC 3987 §5.3.2.1",
        Rules::SCHEME_CASE.union(Rules::HOST_CASE),
    ),
    step(
        "case of the percent-encoding hex digits",
        "RFC 3987 §5.3.2.1",
        Rules::HEX_CASE,
    ),
    step(
        "remove dot-segments",
        "RFC 3986 §6.2.2.3",
        Rules::DOT_SEGMENTS,
    ),
];
/// The WWW draft's encoding levels, step by step.
pub const WWW_STEPS: [StepDef; 4] = [
    step(
        "case of the percent-encoding hex digits",
        "WWW URI draft, Conventional URI encoding scheme",
        Rules::HEX_CASE,
    ),
    step(
        "decode characters that need no escaping (not the reserved ones)",
        "WWW URI draft, Reduced or increased safe character sets",
        Rules::DECODE_UNRESERVED,
    ),
    step(
        "encode every space as %20",
        "WWW URI draft, Unsafe characters",
        Rules::ENCODE_SPACE,
    ),
    step(
        "remove a void fragment-id",
        "WWW URI draft, Fragment-id",
        Rules::DROP_VOID_FRAGMENT,
    ),
];
/// RFC 2141 §5, step by step.
pub const RFC2141_STEPS: [StepDef; 3] = [
    step("case of \"urn:\"", "RFC 2141 §5", Rules::SCHEME_CASE),
    step("case of the NID", "RFC 2141 §5", Rules::NID_CASE),
    step("case of the %-escaping", "RFC 2141 §5", Rules::HEX_CASE),
];
/// rfc2141bis §5 with objective 5a, step by step.
pub const BIS_NAMES_STEPS: [StepDef; 5] = [
    step(
        "case of \"urn\"",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rules::SCHEME_CASE,
    ),
    step(
        "case of the NID",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rules::NID_CASE,
    ),
    step(
        "case of the percent-encoding",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rules::HEX_CASE,
    ),
    step(
        "remove the fragment",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rules::DROP_FRAGMENT,
    ),
    step(
        "remove the query (objective 5a)",
        "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Rules::DROP_QUERY,
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
        Rules::REORDER_DIRECTIVES,
    ),
];
/// RFC 8141 §3.1, step by step.
pub const RFC8141_STEPS: [StepDef; 4] = [
    step("case of \"urn\"", "RFC 8141 §3.1", Rules::SCHEME_CASE),
    step("case of the NID", "RFC 8141 §3.1", Rules::NID_CASE),
    step(
        "case of the percent-encoding",
        "RFC 8141 §3.1",
        Rules::HEX_CASE,
    ),
    step(
        "ignore the r-, q- and f-components",
        "RFC 8141 §3.1",
        Rules::DROP_RQF,
    ),
];
/// XRI Syntax 2.0 §2.5, step by step.
pub const XRI_STEPS: [StepDef; 8] = [
    step(
        "NFKC, and percent-encode what must be",
        "XRI Syntax 2.0 §2.1.1",
        Rules::NFKC.union(Rules::ENCODE),
    ),
    step(
        "remove unnecessary percent-encoding",
        "XRI Syntax 2.0 §2.5.2",
        Rules::DECODE_UNRESERVED.union(Rules::NFKC),
    ),
    step(
        "add the optional \"xri://\"",
        "XRI Syntax 2.0 §2.5.5",
        Rules::XRI_PREFIX.union(Rules::XRI_PREFIX_NESTED),
    ),
    step(
        "lower-case the scheme",
        "XRI Syntax 2.0 §2.5.1",
        Rules::SCHEME_CASE,
    ),
    step(
        "lower-case the authority",
        "XRI Syntax 2.0 §2.5.1",
        Rules::HOST_CASE,
    ),
    step(
        "upper-case the percent-encoding",
        "XRI Syntax 2.0 §2.1.4",
        Rules::HEX_CASE,
    ),
    step(
        "remove the optional leading star",
        "XRI Syntax 2.0 §2.5.3",
        Rules::DROP_STAR,
    ),
    step(
        "remove /./ and /../ in absolute XRIs",
        "XRI Syntax 2.0 §2.5.5",
        Rules::DOT_SEGMENTS,
    ),
];
