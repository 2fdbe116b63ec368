//! RFC 3987's forms: the URI forms ([`make::uri_forms`]) and what only the IRI spec adds
//! to them: IDN hosts of DNS schemes Nameprep-normalized in `canonical_scheme` (§5.3.3),
//! the URI form with hosts in ACE (`uri_normal_ace`, §3.1 step 2) and the note on an input
//! not in NFC (§5.3.2.2).

use unicode_normalization::is_nfc;

use crate::engine::codes::Code;
use crate::engine::descriptor::forms::{Forms, Under};
use crate::engine::forms::make;
use crate::engine::forms::text::{iri_to_uri, nfc, uri_to_iri};
use crate::engine::tree::{Diagnostic, NodeKind, Span, Tree};
use crate::engine::{hosts, idna};

/// The forms of an IRI (RFC 3987 §3 and §5.3).
pub fn iri_forms(input: &str, under: Under<'_>, tree: &Tree, diags: &mut Vec<Diagnostic>) -> Forms {
    let mut forms = make::uri_forms(input, under, tree, diags);
    // RFC 3987 §5.3.3: IDN hosts of DNS schemes are Nameprep-normalized but "SHOULD
    // NOT be converted into ASCII Compatible Encoding" (the comparison may still
    // compare them in ACE, and does). Re-parsed only when the grammar found a host to convert (its `ace` attribute)
    // or the input has a non-ASCII or percent-encoded "mailto" domain.
    let convert = tree
        .find(NodeKind::Host)
        .is_some_and(|h| h.attr("ace").is_some())
        || (input
            .get(..7)
            .is_some_and(|p| p.eq_ignore_ascii_case("mailto:"))
            && idna::needs_idna(input));
    if convert
        && let Some(scheme) = forms.canonical_scheme.as_mut()
        && let Some(s) = hosts::nameprep_hosts(scheme, under.grammar)
    {
        *scheme = s;
    }
    // RFC 3987 §3.1 step 2: the host converted by ToASCII instead of
    // percent-encoded, for the schemes that use the DNS.
    forms.uri_normal_ace = hosts::ace_hosts_in(input, tree)
        .map(|s| iri_to_uri(&uri_to_iri(&s, 0, &mut Vec::new())).into_owned());
    if !is_nfc(input) {
        diags.push(Diagnostic::of(
            Code::CanonicalNotNfc,
            Span::new(0, input.len()),
            format!(
                "not in NFC: IRIs SHOULD be created in NFC, but comparison MUST NOT \
                 normalize characters, so the canonical form keeps them as they are; \
                 in NFC this would read {:?}",
                nfc(input)
            ),
        ));
    }
    forms
}
