//! What the forms of each spec are: the type of a profile's [`FormsSpec`] (its
//! descriptor's [`forms`](super::Descriptor::forms)), with the ladders of steps the
//! descriptors share.
//!
//! Everything the forms code decides per spec is a field here (the ladder of steps, the
//! rules of the canonical form, what may be decoded, the IRI facts, the URN display
//! repertoire), so the code in [`crate::engine::forms`] asks the spec and never which
//! profile it is. A
//! profile without forms of its own (one loaded at run time) gets [`GENERIC_FORMS`]: every
//! form is the input as typed, and comparison is simple string comparison (RFC 3986
//! §6.2.1).

use crate::engine::chars::AsciiSet;
use crate::engine::codes::Code;
use crate::engine::family::{Family, leading_scheme};
use crate::engine::tree::{Diagnostic, Node, Span, Tree};

use super::grammar::GrammarEntry;
use super::rewrites::Rewrites;

/// Makes the forms of an input parsed as a tree, under the spec given; it pushes what it
/// finds worth saying onto the vector (spans index the input).
pub type MakeForms = fn(&str, Under<'_>, &Tree, &mut Vec<Diagnostic>) -> Forms;

/// The spec the forms code works under: what it asks of a descriptor (its family, how the
/// rewriting reads the tree; its grammar, for the re-parses some forms need; its forms).
#[derive(Clone, Copy)]
pub struct Under<'a> {
    /// The family.
    pub family: Family,
    /// The grammar.
    pub grammar: &'a GrammarEntry,
    /// The forms spec.
    pub forms: &'static FormsSpec,
}

/// The normal forms of one input under one profile. A form that does not apply to the
/// profile is `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Forms {
    /// XRI-normal form (XRI Syntax 2.0 §2.1.4), xri2 only.
    pub xri_normal: Option<String>,
    /// IRI-normal form.
    pub iri_normal: String,
    /// URI-normal form (RFC 3987 §3.1 applied to the IRI-normal form).
    pub uri_normal: String,
    /// The URI form with the host of a DNS scheme converted by IDNA ToASCII (`xn--`)
    /// instead of percent-encoded: RFC 3987 §3.1 step 2 allows either (rfc3987 only, when
    /// the host or a "mailto" domain has non-ASCII characters).
    pub uri_normal_ace: Option<String>,
    /// The form the profile compares.
    pub canonical: String,
    /// RFC 3986 §6.2.3 scheme-based normalization on top of `canonical` (rfc3986, rfc3987).
    pub canonical_scheme: Option<String>,
    /// rfc2141bis objective 5b (directives reordered).
    pub canonical_cache: Option<String>,
    /// The namespace's canonical form (its lexical-equivalence steps applied to the NSS of
    /// `canonical`: a uuid in lower case), for a URN whose namespace defines one and whose
    /// NSS follows its namespace's syntax; `canonical` stays the URN spec's.
    pub canonical_namespace: Option<String>,
    /// The equivalence key ([`crate::engine::key`]): equal for two identifiers
    /// exactly when `compare` calls them equivalent (under `auto`, or the one profile
    /// asked).
    pub equivalence_key: Option<String>,
    /// The human-friendly display form.
    pub display: String,
    /// The URL Standard's serialization (the `href` getter), whatwg only.
    pub href: Option<String>,
    /// The serialization without its fragment (exclude fragment set), whatwg only.
    pub href_no_fragment: Option<String>,
    /// What computing the forms found worth saying.
    pub diagnostics: Vec<Diagnostic>,
    /// The rows the spec has ([`FormsSpec::rows`], set by the forms code): [`Forms::rows`]
    /// gives only those; `None`, every form that applies.
    pub spec_rows: Option<&'static [&'static str]>,
}

impl Forms {
    /// The forms that apply, as `(name, value)` rows in a fixed order; the names are the
    /// JSON keys.
    pub fn rows(&self) -> Vec<(&'static str, &str)> {
        let mut rows = Vec::new();
        if let Some(x) = &self.xri_normal {
            rows.push(("xri_normal", x.as_str()));
        }
        rows.push(("iri_normal", self.iri_normal.as_str()));
        rows.push(("uri_normal", self.uri_normal.as_str()));
        if let Some(x) = &self.uri_normal_ace {
            rows.push(("uri_normal_ace", x.as_str()));
        }
        rows.push(("canonical", self.canonical.as_str()));
        if let Some(x) = &self.canonical_scheme {
            rows.push(("canonical_scheme", x.as_str()));
        }
        if let Some(x) = &self.canonical_cache {
            rows.push(("canonical_cache", x.as_str()));
        }
        if let Some(x) = &self.canonical_namespace {
            rows.push(("canonical_namespace", x.as_str()));
        }
        rows.push(("display", self.display.as_str()));
        if let Some(x) = &self.href {
            rows.push(("href", x.as_str()));
        }
        if let Some(x) = &self.href_no_fragment {
            rows.push(("href_no_fragment", x.as_str()));
        }
        if let Some(keep) = self.spec_rows {
            rows.retain(|(name, _)| keep.contains(name));
        }
        rows
    }

    /// Every form's name (the JSON keys [`Forms::rows`] can give), in its order: what a
    /// caller may ask [`Forms::get`] for under some profile.
    pub fn names() -> Vec<&'static str> {
        let some = || Some(String::new());
        let all = Forms {
            xri_normal: some(),
            uri_normal_ace: some(),
            canonical_scheme: some(),
            canonical_cache: some(),
            canonical_namespace: some(),
            href: some(),
            href_no_fragment: some(),
            ..Forms::default()
        };
        all.rows().into_iter().map(|(k, _)| k).collect()
    }

    /// The form named `name` (a JSON key), if it applies (`equivalence_key` too, which
    /// [`Forms::rows`] leaves out: it is a key for joins, not a form to show).
    pub fn get(&self, name: &str) -> Option<&str> {
        if name == "equivalence_key" {
            return self.equivalence_key.as_deref();
        }
        self.rows()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }
}

/// Which percent-encoded characters a profile counts as unreserved, so that decoding them
/// does not change what the identifier means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreserved {
    /// RFC 3986 §2.3 `unreserved`: ASCII letters, digits, `-._~`.
    Ascii,
    /// RFC 3987 `iunreserved`: `unreserved` plus `ucschar`, less the bidi formatting
    /// characters that RFC 3987 §4.1 forbids anywhere in an IRI.
    Iri,
    /// RFC 3987 `iquery`'s: `iunreserved` plus `iprivate`, which §2.2 allows in the query
    /// (only there), so that §5.3.2.3 aligns `%EE%80%80` and U+E000 in a query as RFC 3987
    /// §3.2 (URI to IRI) does.
    IriQuery,
    /// XRI Syntax 2.0 §2.1.3 (`iunreserved`, Appendix A), less the bidi formatting
    /// characters, and less any character whose NFKC form is not itself unreserved: the
    /// XRI forms are NFKC-normalized (§2.1.1), so decoding `%EF%BC%A0` (U+FF20 FULLWIDTH
    /// COMMERCIAL AT) would turn data into the "@" delimiter.
    Xri,
    /// The WWW draft's characters that "need no escaping" (its `xalpha` less `space`, which
    /// its canonical form keeps encoded); `plus` admits "+", which is reserved in the search
    /// part and absent from `fragmentid`, so it is decoded in the path only.
    Www {
        /// Whether "+" may be decoded here.
        plus: bool,
    },
}

/// Everything the forms code needs to know about one spec.
#[derive(Clone, Copy, Debug)]
pub struct FormsSpec {
    /// How the forms are made from the tree ([`crate::engine::forms::make::xri_forms`], [`crate::engine::forms::make::uri_forms`],
    /// [`crate::engine::forms::make::www_forms`], [`crate::engine::forms::make::urn_forms`], RFC 3987's
    /// [`crate::engine::specs::uri::forms::iri_forms`], [`as_typed_forms`]).
    pub make: MakeForms,
    /// The ladder of the canonical form, in order (see [`FormsSpec::steps`]).
    pub steps: &'static [StepDef],
    /// The ladder of the caching form, where the spec has one (rfc2141bis objective 5b).
    pub cache_steps: Option<&'static [StepDef]>,
    /// The rules whose union is the canonical form (the union of `steps`' rules).
    pub canonical: Rewrites,
    /// The rules of the caching form (`canonical_cache`), where the spec has one (the union
    /// of `cache_steps`' rules).
    pub cache: Option<Rewrites>,
    /// Which percent-encoded characters [`Rewrites::DECODE_UNRESERVED`] decodes; `None`:
    /// never any.
    pub unreserved: Option<Unreserved>,
    /// What it decodes in a path instead, where that differs.
    pub path_unreserved: Option<Unreserved>,
    /// What it decodes in a query instead, where that differs.
    pub query_unreserved: Option<Unreserved>,
    /// A path segment (its text) that keeps its percent-encoding (the WWW draft's segment
    /// that decodes to "." or "..": the draft reserves them, its "Hierarchical forms", and
    /// decoding one would make it hierarchical); `None`: none.
    pub keep_encoded_segment: Option<fn(&str) -> bool>,
    /// [`Rewrites::HOST_CASE`] folds only a "US-ASCII only host" (RFC 3987 §5.3.2.1); a host
    /// with other characters keeps its case, with this note. `None`: every host folds.
    pub host_case_ascii_only: Option<&'static str>,
    /// An authority node the spec folds as a whole (XRI's, which have no host node): what
    /// [`Rewrites::HOST_CASE`] and [`Rewrites::DROP_STAR`] do to it, given the node, the input and
    /// the rules in force; `None` for an authority the generic walk handles.
    pub authority_fold: Option<FoldAuthority>,
    /// The note on a capital that lower-casing leaves alone (only US-ASCII is folded), at
    /// its span.
    pub case_not_folded: fn(Span) -> Diagnostic,
    /// Without a tree (the input does not parse at all): what of the structural rules the
    /// first characters decide ([`Head`]), given the input and the rules in force.
    pub head: fn(&str, Rewrites) -> Head,
    /// The grammar the IRI-normal form must satisfy (another spec's: the IRI grammar), with
    /// a warning when it does not (XRI Syntax 2.0 §2.2: an XRI "MUST be constructed such
    /// that it qualifies as a valid IRI when converted to IRI-normal form").
    pub iri_normal_valid_under: Option<&'static GrammarEntry>,
    /// How an identifier written in IRI-normal form is written back in this spec's own
    /// form, with the conversion's notes (XRI Syntax 2.0 §2.3.3): `forms --from iri|uri`,
    /// and the comparison of a side given in IRI- or URI-normal form. `None`: the spec has
    /// no IRI-normal form apart from itself.
    pub from_iri_normal: Option<FromIriNormal>,
    /// The US-ASCII characters the URN display form shows decoded in the NSS.
    pub display_nss: AsciiSet,
    /// The section and the reason of a `display-ambiguous` warning.
    pub display_warning: (&'static str, &'static str),
    /// The form rows the spec has, by name (the JSON keys): every face (the forms pane,
    /// `forms` in text and JSON, the reports) shows only those. `None`: every form that
    /// applies, the generic `iri_normal` and `uri_normal` included.
    pub rows: Option<&'static [&'static str]>,
}

/// [`FormsSpec::authority_fold`]: given the authority node, the input and the rewrites in
/// force, what is done to it (`None`: the generic walk handles it).
pub type FoldAuthority = fn(Node<'_>, &str, Rewrites) -> Option<AuthorityFold>;

/// [`FormsSpec::from_iri_normal`]: an identifier in IRI-normal form written in the spec's
/// own form, with the conversion's notes.
pub type FromIriNormal = fn(&str) -> (String, Vec<Diagnostic>);

/// What a spec's [`FormsSpec::authority_fold`] does to one authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuthorityFold {
    /// Lower-case its ASCII letters.
    pub lower: bool,
    /// The child node left out (an XRI GCS authority's leading "*" subsegment, dropped).
    pub skip: Option<usize>,
}

/// What the rules decide at the start of an input that has no tree
/// ([`FormsSpec::head`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Head {
    /// Written before the input (XRI's "xri://").
    pub insert: Option<&'static str>,
    /// Byte ranges of the input from its start, in order, each written lower-cased (`true`)
    /// or as the text rules have it; what follows the last is left to the text rules.
    pub spans: Vec<(usize, usize, bool)>,
}

/// The head of an input with a URI scheme: the scheme lower-cased under
/// [`Rewrites::SCHEME_CASE`].
pub fn scheme_head(input: &str, rules: Rewrites) -> Head {
    let mut head = Head::default();
    if let Some(s) = leading_scheme(input)
        && rules.contains(Rewrites::SCHEME_CASE)
    {
        head.spans.push((0, s.len(), true));
    }
    head
}

/// The note on a capital that lower-casing leaves alone ([`FormsSpec::case_not_folded`]).
pub const CASE_NOT_FOLDED: &str = "only US-ASCII letters are lower-cased here: authorities \
    compare case-insensitively \"as defined in [IRI]\" (§2.5.1), and RFC 3987 §5.3.2.1 folds \
    only US-ASCII, so non-ASCII capitals stay as they are; compare them by hand if this name \
    is case-insensitive under its own rules";

/// The forms of a spec this program knows nothing of: every form is the input as typed,
/// and its ladder is empty (comparison is simple string comparison, RFC 3986 §6.2.1).
pub static GENERIC_FORMS: FormsSpec = FormsSpec {
    make: as_typed_forms,
    steps: &[],
    cache_steps: None,
    canonical: Rewrites::NONE,
    cache: None,
    unreserved: None,
    path_unreserved: None,
    query_unreserved: None,
    keep_encoded_segment: None,
    host_case_ascii_only: None,
    authority_fold: None,
    case_not_folded: |span| Diagnostic::of(Code::CaseNotFolded, span, CASE_NOT_FOLDED),
    head: scheme_head,
    iri_normal_valid_under: None,
    from_iri_normal: None,
    display_nss: AsciiSet::of(""),
    display_warning: ("", ""),
    rows: None,
};

/// The forms of a spec that defines none ([`GENERIC_FORMS`]): every form is the input as
/// typed.
pub fn as_typed_forms(input: &str, _: Under<'_>, _: &Tree, _: &mut Vec<Diagnostic>) -> Forms {
    Forms {
        iri_normal: input.to_string(),
        uri_normal: input.to_string(),
        canonical: input.to_string(),
        display: input.to_string(),
        ..Forms::default()
    }
}

impl FormsSpec {
    /// The ladder of the canonical form, in order: applying each step's rules to the
    /// previous step's result (re-parsed) ends at `canonical` (or, with `cache` where the
    /// spec has a caching form, at `canonical_cache`). The order matters where the specs
    /// leave it open: decoding comes before case, so that `%41` in a host ends up
    /// lower-cased.
    pub fn steps(&self, cache: bool) -> &'static [StepDef] {
        match self.cache_steps {
            Some(c) if cache => c,
            _ => self.steps,
        }
    }
}

/// One rung of a profile's normalization ladder: the rules it adds and where the spec says
/// so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepDef {
    /// What the step does, e.g. "case of the NID".
    pub name: &'static str,
    /// The spec section.
    pub spec: &'static str,
    /// The rules it applies.
    pub rules: Rewrites,
}

/// A [`StepDef`], for the specs' tables.
pub const fn step(name: &'static str, spec: &'static str, rules: Rewrites) -> StepDef {
    StepDef { name, spec, rules }
}

/// RFC 3986 §6.2.2 (syntax-based) normalization; the US-ASCII `unreserved` is decoded.
pub const GENERIC_SYNTAX: Rewrites = Rewrites::HEX_CASE
    .union(Rewrites::DECODE_UNRESERVED)
    .union(Rewrites::SCHEME_CASE)
    .union(Rewrites::HOST_CASE)
    .union(Rewrites::DOT_SEGMENTS);
