//! Normal forms and canonical forms, per profile.
//!
//! | form | xri2 | rfc3986, rfc3987 | rfc1630 | URN profiles |
//! |---|---|---|---|---|
//! | `xri_normal` | XRI Syntax 2.0 §2.1.4 (NFKC, minimal percent-encoding) | — | — | — |
//! | `iri_normal` | §2.3.1 steps 1, 2, 4 | RFC 3987 §3.2 | the input | RFC 3987 §3.2 |
//! | `uri_normal` | RFC 3987 §3.1 on `iri_normal` | same | same, every space as %20 | same |
//! | `canonical` | §2.5.5, Table 2 | RFC 3986 §6.2.2 | the draft's escaping rules, every space as %20, no void fragment-id | RFC 2141 §5, rfc2141bis §5 (5a), RFC 8141 §3.1 |
//! | `canonical_scheme` | — | RFC 3986 §6.2.3 | — | — |
//! | `canonical_cache` | — | — | — | rfc2141bis §5 (5b) |
//! | `display` | `xri_normal` | `iri_normal` | the input | RFC 2141 §4, rfc2141bis §4 |
//!
//! Each normalization step is a pub function here (see [`Rules`] and the step functions
//! below); [`steps`] lists, per profile, the order in which they compose to `canonical`.
//! What differs from spec to spec (the steps, the canonical rules, what may be decoded,
//! the IRI and URN facts, how the forms are made) is data in each profile's [`FormsSpec`]
//! ([`spec`]); the code here asks [`forms_spec`] and never which profile it is.
//! Everything is computed from the tree the grammar built, in passes linear in the input,
//! and for input with errors too: whatever the tree holds is normalized, the rest copied.
//!
//! Diagnostics of the forms (in [`Forms::diagnostics`], spans index the input):
//! `nfkc-changed` and `nfkc-made-delimiter` (XRI §2.1.1), `case-not-folded` (only US-ASCII
//! is lower-cased), `iri-kept-encoded` (RFC 3987 §3.2 step 4), `canonical-not-nfc` (RFC 3987
//! §5.3.2.2), `iri-normal-invalid` (XRI §2.2), `xri-escape-hash` and `xri-escape-slashes`
//! (SPEC-NOTES XRI 1, 2), `xref-prefix-added` (§2.5.5 inside cross-references),
//! `display-ambiguous` (rfc2141bis §4), `forms-depth-limit`; and from
//! [`iri_normal_to_xri`], `not-iri-normal` and `iri-to-xri-kept` (docs/readings.md, XRI 8).

mod rewrite;
pub mod spec;
mod text;
mod xri;

#[cfg(test)]
mod tests;

use unicode_normalization::is_nfc;

pub use rewrite::{Rules, cache_rules, canonical_rules, rewrite};
pub use spec::{FormsSpec, GENERIC_FORMS, MakeForms, forms_spec};
pub use text::{
    Unreserved, decode_char_at, iri_to_uri, is_dot_segment_decoded, nfc, nfkc, uppercase_hex,
    uri_to_iri, uri_to_iri_traced, xri_must_encode,
};
pub use xri::{iri_normal_to_xri, xref_regions, xri_escape};

use crate::engine::chars::is_ucschar;
use crate::engine::codes::Code;
use crate::engine::grammar;
use crate::engine::pct::triplet_at;
use crate::engine::profile::Profile;
use crate::engine::tree::{Diagnostic, NodeKind, Severity, Span, Tree};
use crate::engine::{hosts, idna};

/// The normal forms of one input under one profile. A form that does not apply to the
/// profile is `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// The human-friendly display form.
    pub display: String,
    /// What computing the forms found worth saying.
    pub diagnostics: Vec<Diagnostic>,
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
        rows.push(("display", self.display.as_str()));
        rows
    }

    /// The form named `name` (a JSON key), if it applies.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.rows()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }
}

/// Computes the forms of `input` (parsed as `tree`) under `profile`, as its
/// [`FormsSpec`] says. Never panics.
pub fn compute(input: &str, profile: Profile, tree: &Tree) -> Forms {
    compute_with(input, profile, forms_spec(profile), tree)
}

/// [`compute`] by the forms spec `spec`.
fn compute_with(input: &str, profile: Profile, spec: &FormsSpec, tree: &Tree) -> Forms {
    let mut diags = Vec::new();
    let mut forms = (spec.make)(input, profile, spec, tree, &mut diags);
    diags.sort_by(|a, b| {
        (a.span.start, a.severity, a.span.end, a.code).cmp(&(
            b.span.start,
            b.severity,
            b.span.end,
            b.code,
        ))
    });
    diags.dedup_by(|a, b| a.code == b.code && a.span == b.span);
    forms.diagnostics = diags;
    forms
}

/// The forms of a spec that defines none ([`GENERIC_FORMS`]): every form is the input as
/// typed.
pub fn as_typed_forms(
    input: &str,
    _: Profile,
    _: &FormsSpec,
    _: &Tree,
    _: &mut Vec<Diagnostic>,
) -> Forms {
    Forms {
        iri_normal: input.to_string(),
        uri_normal: input.to_string(),
        canonical: input.to_string(),
        display: input.to_string(),
        ..Forms::default()
    }
}

/// The forms of an XRI (XRI Syntax 2.0 §2.1.4, §2.3.1, §2.5).
pub fn xri_forms(
    input: &str,
    profile: Profile,
    spec: &FormsSpec,
    tree: &Tree,
    diags: &mut Vec<Diagnostic>,
) -> Forms {
    let (xri_normal, d) = rewrite(input, profile, tree, Rules::XRI_NORMAL);
    diags.extend(d);
    // §2.3.1: step 1 (NFKC) with the XRI-normal encoding it presupposes, step 2,
    // step 4 once. Step 3 (metadata) is optional and not taken.
    let rules = Rules::XRI_NORMAL | Rules::XRI_PREFIX | Rules::IRI_ESCAPE;
    let (iri_normal, _) = rewrite(input, profile, tree, rules);
    let uri_normal = iri_to_uri(&iri_normal).into_owned();
    if let Some(iri) = spec.iri_normal_valid_under
        && let Some(d) = iri_normal_check(input, profile, iri, &iri_normal)
    {
        diags.push(d);
    }
    escaping_notes(input, tree, diags);
    let (canonical, d) = rewrite(input, profile, tree, spec.canonical);
    diags.extend(d);
    Forms {
        display: xri_normal.clone(),
        xri_normal: Some(xri_normal),
        iri_normal,
        uri_normal,
        canonical,
        ..Forms::default()
    }
}

/// The forms of a URI or IRI (RFC 3986 §6.2, RFC 3987 §3 and §5.3).
pub fn uri_forms(
    input: &str,
    profile: Profile,
    spec: &FormsSpec,
    tree: &Tree,
    diags: &mut Vec<Diagnostic>,
) -> Forms {
    let iri_normal = uri_to_iri(input, 0, diags).into_owned();
    let uri_normal = iri_to_uri(&iri_normal).into_owned();
    let rules = spec.canonical;
    let (canonical, d) = rewrite(input, profile, tree, rules);
    diags.extend(d);
    let (scheme, _) = rewrite(input, profile, tree, rules | Rules::SCHEME_BASED);
    let scheme = mailto_domain_case(&scheme);
    // RFC 3987 §5.3.3: IDN hosts of DNS schemes are Nameprep-normalized but "SHOULD
    // NOT be converted into ASCII Compatible Encoding" (the comparison may still
    // compare them in ACE, and does). Re-parsed only when the grammar found a host to convert (its `ace` attribute)
    // or the input has a non-ASCII or percent-encoded "mailto" domain.
    let convert = spec.nameprep_hosts
        && (tree
            .find(NodeKind::Host)
            .is_some_and(|h| h.attr("ace").is_some())
            || (input
                .get(..7)
                .is_some_and(|p| p.eq_ignore_ascii_case("mailto:"))
                && idna::needs_idna(input)));
    let scheme = match convert {
        true => hosts::nameprep_hosts(&scheme, profile).unwrap_or(scheme),
        false => scheme,
    };
    // RFC 3987 §3.1 step 2: the host converted by ToASCII instead of
    // percent-encoded, for the schemes that use the DNS.
    let uri_normal_ace = spec
        .ace_form
        .then(|| hosts::ace_hosts_in(input, tree))
        .flatten()
        .map(|s| iri_to_uri(&uri_to_iri(&s, 0, &mut Vec::new())).into_owned());
    // The display form shows `xn--` labels in Unicode (UTS #46 ToUnicode).
    let display = match hosts::unicode_hosts_in(input, tree) {
        Some(s) => uri_to_iri(&s, 0, &mut Vec::new()).into_owned(),
        None => iri_normal.clone(),
    };
    if spec.nfc_check && !is_nfc(input) {
        diags.push(Diagnostic::new(
            Severity::Note,
            Code::CanonicalNotNfc,
            Span::new(0, input.len()),
            "RFC 3987 §5.3.2.2",
            format!(
                "not in NFC: IRIs SHOULD be created in NFC, but comparison MUST NOT \
                 normalize characters, so the canonical form keeps them as they are; \
                 in NFC this would read {:?}",
                nfc(input)
            ),
        ));
    }
    Forms {
        display,
        iri_normal,
        uri_normal,
        uri_normal_ace,
        canonical,
        canonical_scheme: Some(scheme),
        ..Forms::default()
    }
}

/// The forms under the WWW draft.
pub fn www_forms(
    input: &str,
    profile: Profile,
    spec: &FormsSpec,
    tree: &Tree,
    diags: &mut Vec<Diagnostic>,
) -> Forms {
    // The draft's "%HH" give ISO Latin-1 codes ("Conventional URI encoding
    // scheme"), not UTF-8: decoding them as UTF-8 would be wrong, so the IRI form
    // and the display form are the input.
    let (canonical, d) = rewrite(input, profile, tree, spec.canonical);
    diags.extend(d);
    // "The canonical form for URIs has all white spaces encoded" ("Unsafe
    // characters"): the URI form encodes them too.
    let uri_normal = iri_to_uri(input).replace(' ', "%20");
    Forms {
        iri_normal: input.to_string(),
        uri_normal,
        canonical,
        display: input.to_string(),
        ..Forms::default()
    }
}

/// The forms of a URN (RFC 2141 §4 and §5, rfc2141bis §4 and §5, RFC 8141 §3.1).
pub fn urn_forms(
    input: &str,
    profile: Profile,
    spec: &FormsSpec,
    tree: &Tree,
    diags: &mut Vec<Diagnostic>,
) -> Forms {
    let iri_normal = uri_to_iri(input, 0, diags).into_owned();
    let uri_normal = iri_to_uri(&iri_normal).into_owned();
    let (canonical, d) = rewrite(input, profile, tree, spec.canonical);
    diags.extend(d);
    let canonical_cache = spec.cache.map(|rules| {
        let (cache, d) = rewrite(input, profile, tree, rules);
        diags.extend(d);
        cache
    });
    let display = urn_display_with(input, spec, tree, diags);
    Forms {
        iri_normal,
        uri_normal,
        canonical,
        canonical_cache,
        display,
        ..Forms::default()
    }
}

/// XRI Syntax 2.0 §2.2: an XRI "MUST be constructed such that it qualifies as a valid IRI
/// when converted to IRI-normal form", but the §2.3.2 rules escape only "%", "#", "?" and
/// "/", so "@" or ":" in an XRI authority (`xri://@a*(@b)`, `xri://@a:b`) make the IRI-normal
/// form something an IRI parser rejects. The only sure test is to parse it as an IRI (under
/// `iri`, the spec's [`FormsSpec::iri_normal_valid_under`]): one extra parse, of the xri2
/// profile only.
///
/// An invalid XRI gets no such warning: its own error says what is wrong, and the IRI parse
/// only finds the same fault again (`xri://[::g]`), which the escaping has no part in. That
/// costs a second parse, of the XRI, only when the IRI-normal form failed.
fn iri_normal_check(
    input: &str,
    profile: Profile,
    iri: Profile,
    iri_normal: &str,
) -> Option<Diagnostic> {
    let (_, d) = grammar::parse(iri, iri_normal);
    let e = d.into_iter().find(|d| d.severity == Severity::Error)?;
    let (_, own) = grammar::parse(profile, input);
    if own.iter().any(|d| d.severity == Severity::Error) {
        return None;
    }
    Some(Diagnostic::new(
        Severity::Warning,
        Code::IriNormalInvalid,
        Span::new(0, input.len()),
        "XRI Syntax 2.0 §2.2",
        format!(
            "the IRI-normal form is not a valid IRI ({} at bytes {} of it: {}): §2.2 requires it to be \
             one, but the §2.3.2 escaping leaves \"@\" and \":\" alone; this XRI cannot stand \
             where an IRI is expected",
            e.code, e.span, e.message
        ),
    ))
}

/// Notes where the §2.3.2 text and the reading taken (SPEC-NOTES XRI 1 and 2) part, at
/// the first place each bites: a "#" inside a cross-reference (the prose says "%28", the
/// rule list "%23") and a "//" after a scheme inside one (the spec's example leaves it).
fn escaping_notes(input: &str, tree: &Tree, diags: &mut Vec<Diagnostic>) {
    let (mut hash, mut slashes) = (false, false);
    let outermost = tree.iter().filter(|n| {
        n.kind() == NodeKind::Xref && !n.ancestors().any(|a| a.kind() == NodeKind::Xref)
    });
    for x in outermost {
        let s = x.span();
        let text = x.text(input);
        if let (false, Some(k)) = (hash, text.find('#')) {
            hash = true;
            diags.push(Diagnostic::new(
                Severity::Note,
                Code::XriEscapeHash,
                Span::new(s.start + k, s.start + k + 1),
                "XRI Syntax 2.0 §2.3.2",
                "§2.3.2's prose says \"#\" becomes \"%28\", its rule 2 says \"%23\"; \"%28\" is \"(\" \
                 and would break the cross-reference, so the IRI-normal form uses \"%23\" \
                 (docs/readings.md, XRI 1)",
            ));
        }
        if let (false, Some(k)) = (slashes, text.find("://")) {
            slashes = true;
            diags.push(Diagnostic::new(
                Severity::Note,
                Code::XriEscapeSlashes,
                Span::new(s.start + k + 1, s.start + k + 3),
                "XRI Syntax 2.0 §2.3.2",
                "the §2.3.2 example shows (xri://@example2%3Fid=1), dropping \"/abc\" and leaving \
                 this \"//\" as it is; rule 4 escapes every \"/\" inside a cross-reference, so the \
                 IRI-normal form has \"%2F%2F\" here (docs/readings.md, XRI 2)",
            ));
        }
        if hash && slashes {
            break;
        }
    }
}

/// At most this many `display-ambiguous` warnings per input.
const MAX_DISPLAY_WARNINGS: usize = 16;

/// RFC 2141 §4 / rfc2141bis §4: the URN with `%`-notation shown as characters.
///
/// Decoded: the UTF-8 of a `ucschar` anywhere (unless it is invisible, a bidi control, a
/// look-alike of a delimiter or unassigned, which stay encoded so the display cannot
/// mislead), and, in the NSS only, a character of the profile's literal NSS repertoire
/// (RFC 2141 `<trans>` less the reserved ones; rfc2141bis and RFC 8141 `pchar`). The
/// latter gets a `display-ambiguous` warning: a namespace may give that character a
/// special meaning and percent-encode its literal uses (RFC 2141 §2.3.1, rfc2141bis §2.5.2),
/// so the decoded form may say something else (rfc2141bis §4 note). "%25", "/", "?", "#",
/// controls and the excluded characters stay encoded.
pub fn urn_display(
    input: &str,
    profile: Profile,
    tree: &Tree,
    diags: &mut Vec<Diagnostic>,
) -> String {
    urn_display_with(input, forms_spec(profile), tree, diags)
}

/// [`urn_display`] by the forms spec `spec`.
fn urn_display_with(
    input: &str,
    spec: &FormsSpec,
    tree: &Tree,
    diags: &mut Vec<Diagnostic>,
) -> String {
    let root = tree.root();
    let nss = if root.kind() == NodeKind::Urn {
        tree.find(NodeKind::Nss).map(|n| n.span())
    } else {
        None
    };
    let ascii = spec.display_nss;
    let b = input.as_bytes();
    let mut out = String::with_capacity(input.len());
    let (mut i, mut last, mut warned) = (0, 0, 0);
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        let Some((c, n)) = decode_char_at(b, i) else {
            i += if triplet_at(b, i).is_some() { 3 } else { 1 };
            continue;
        };
        let in_nss = nss.is_some_and(|s| s.start <= i && i + n <= s.end);
        let show = if c.is_ascii() {
            in_nss && ascii.has_char(c)
        } else {
            is_ucschar(c) && text::keep_encoded_reason(c).is_none()
        };
        if show {
            out.push_str(input.get(last..i).unwrap_or(""));
            out.push(c);
            last = i + n;
            if c.is_ascii() && warned < MAX_DISPLAY_WARNINGS {
                warned += 1;
                let (spec, why) = spec.display_warning;
                diags.push(Diagnostic::new(
                    Severity::Warning,
                    Code::DisplayAmbiguous,
                    Span::new(i, i + n),
                    spec,
                    format!(
                        "the display form shows {} as {c:?}; {why}: transcribe the canonical \
                         form, not the display form",
                        input.get(i..i + n).unwrap_or("")
                    ),
                ));
            }
        }
        i += n;
    }
    out.push_str(input.get(last..).unwrap_or(""));
    out
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
    pub rules: Rules,
}

/// A [`StepDef`], for the specs' tables.
pub const fn step(name: &'static str, spec: &'static str, rules: Rules) -> StepDef {
    StepDef { name, spec, rules }
}

/// The ladder of `profile`'s canonical form, in order: applying each step's rules to the
/// previous step's result (re-parsed, see [`apply`]) ends at `canonical` (or, for
/// rfc2141bis with `cache`, at `canonical_cache`). The order matters where the specs leave
/// it open: decoding comes before case, so that `%41` in a host ends up lower-cased.
pub fn steps(profile: Profile, cache: bool) -> &'static [StepDef] {
    let spec = forms_spec(profile);
    match spec.cache_steps {
        Some(c) if cache => c,
        _ => spec.steps,
    }
}

/// Parses `input` under `profile` and rewrites it by `rules`: one rung of a ladder when
/// the input is the previous rung's result.
pub fn apply(input: &str, profile: Profile, rules: Rules) -> (String, Vec<Diagnostic>) {
    let (tree, _) = grammar::parse(profile, input);
    rewrite(input, profile, &tree, rules)
}

/// Scheme-based normalization (RFC 3986 §6.2.3), alone; `canonical_scheme` is it on top of
/// `canonical`.
pub fn scheme_based(input: &str, profile: Profile, tree: &Tree) -> String {
    rewrite(input, profile, tree, Rules::SCHEME_BASED).0
}

/// The case of the domain of each address of a "mailto" URI: RFC 6068 §2 makes it
/// case-insensitive, which RFC 3986 §6.2.3 lets scheme-based normalization use (our
/// `mailto:Joe@Example.COM` / `mailto:Joe@example.com` example). ASCII letters only, and
/// never the hex digits of a triplet.
pub fn mailto_domain_case(s: &str) -> String {
    let Some(rest) = s.strip_prefix("mailto:") else {
        return s.to_string();
    };
    let end = rest.find(['?', '#']).map_or(rest.len(), |k| k);
    let (to, tail) = rest.split_at(end);
    let mut out = String::with_capacity(s.len());
    out.push_str("mailto:");
    for (i, addr) in to.split(',').enumerate() {
        if i > 0 {
            out.push(',');
        }
        match addr.rfind('@') {
            Some(at) => {
                out.push_str(&addr[..=at]);
                let dom = &addr[at + 1..];
                let db = dom.as_bytes();
                let mut k = 0;
                for (j, ch) in dom.char_indices() {
                    if j < k {
                        out.push(ch);
                        continue;
                    }
                    if triplet_at(db, j).is_some() {
                        k = j + 3;
                        out.push(ch);
                    } else {
                        out.push(ch.to_ascii_lowercase());
                    }
                }
            }
            None => out.push_str(addr),
        }
    }
    out.push_str(tail);
    out
}
