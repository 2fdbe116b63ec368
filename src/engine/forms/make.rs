//! How the forms are made: one function per kind of spec ([`FormsSpec::make`]), and the
//! notes they give. Each works under the spec it is given ([`Under`]), never by profile.

use crate::engine::chars::is_ucschar;
use crate::engine::codes::Code;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::hosts;
use crate::engine::pct::triplet_at;
use crate::engine::tree::{Diagnostic, NodeKind, Severity, Span, Tree};

use super::rewrite::{iri_escaped, rewrite, rewrite_shaped};
use crate::engine::descriptor::forms::{Forms, FormsSpec, Under};
use crate::engine::descriptor::rewrites::Rewrites;

use super::text::{self, decode_char_at, iri_to_uri, uri_to_iri};

/// Computes the forms of `input` (parsed as `tree`) under the spec `under`, as its
/// [`FormsSpec`] says. Never panics.
pub fn compute(input: &str, under: Under<'_>, tree: &Tree) -> Forms {
    let mut diags = Vec::new();
    let mut forms = (under.forms.make)(input, under, tree, &mut diags);
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
    forms.spec_rows = under.forms.rows;
    forms
}

/// The forms of an XRI (XRI Syntax 2.0 §2.1.4, §2.3.1, §2.5).
pub fn xri_forms(input: &str, under: Under<'_>, tree: &Tree, diags: &mut Vec<Diagnostic>) -> Forms {
    let (xri_normal, d, shape) = rewrite_shaped(input, under, tree, Rewrites::XRI_NORMAL);
    diags.extend(d);
    // §2.3.1: step 1 (NFKC) with the XRI-normal encoding it presupposes, step 2,
    // step 4 once. Step 3 (metadata) is optional and not taken. Made from the XRI-normal
    // form and where its walk put the prefix and the cross-references, when it walked a
    // tree (a second walk over some 16,000 nodes of a long nested XRI, saved).
    let iri_normal = iri_escaped(&xri_normal, &shape).unwrap_or_else(|| {
        let rules = Rewrites::XRI_NORMAL | Rewrites::XRI_PREFIX | Rewrites::IRI_ESCAPE;
        rewrite(input, under, tree, rules).0
    });
    let uri_normal = iri_to_uri(&iri_normal).into_owned();
    if let Some(iri) = under.forms.iri_normal_valid_under
        && let Some(d) = iri_normal_check(input, under.grammar, iri, &iri_normal)
    {
        diags.push(d);
    }
    escaping_notes(input, tree, diags);
    let (canonical, d) = rewrite(input, under, tree, under.forms.canonical);
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
pub fn uri_forms(input: &str, under: Under<'_>, tree: &Tree, diags: &mut Vec<Diagnostic>) -> Forms {
    let iri_normal = uri_to_iri(input, 0, diags).into_owned();
    let uri_normal = iri_to_uri(&iri_normal).into_owned();
    let rules = under.forms.canonical;
    let (canonical, d) = rewrite(input, under, tree, rules);
    diags.extend(d);
    let (scheme, _) = rewrite(input, under, tree, rules | Rewrites::SCHEME_BASED);
    let scheme = mailto_domain_case(&scheme);
    // The display form shows `xn--` labels in Unicode (UTS #46 ToUnicode).
    let display = match hosts::unicode_hosts_in(input, tree) {
        Some(s) => uri_to_iri(&s, 0, &mut Vec::new()).into_owned(),
        None => iri_normal.clone(),
    };
    Forms {
        display,
        iri_normal,
        uri_normal,
        canonical,
        canonical_scheme: Some(scheme),
        ..Forms::default()
    }
}

/// The forms under the WWW draft.
pub fn www_forms(input: &str, under: Under<'_>, tree: &Tree, diags: &mut Vec<Diagnostic>) -> Forms {
    // The draft's "%HH" give ISO Latin-1 codes ("Conventional URI encoding
    // scheme"), not UTF-8: decoding them as UTF-8 would be wrong, so the IRI form
    // and the display form are the input.
    let (canonical, d) = rewrite(input, under, tree, under.forms.canonical);
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
pub fn urn_forms(input: &str, under: Under<'_>, tree: &Tree, diags: &mut Vec<Diagnostic>) -> Forms {
    let iri_normal = uri_to_iri(input, 0, diags).into_owned();
    let uri_normal = iri_to_uri(&iri_normal).into_owned();
    let (canonical, d) = rewrite(input, under, tree, under.forms.canonical);
    diags.extend(d);
    let canonical_cache = under.forms.cache.map(|rules| {
        let (cache, d) = rewrite(input, under, tree, rules);
        diags.extend(d);
        cache
    });
    let display = urn_display(input, under.forms, tree, diags);
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
    own: &GrammarEntry,
    iri: &GrammarEntry,
    iri_normal: &str,
) -> Option<Diagnostic> {
    // The verdict parse: the same status and first error, without the other diagnostics.
    let d = iri.verdict_diagnostics(iri_normal);
    let e = d.into_iter().find(|d| d.severity == Severity::Error)?;
    let own = own.verdict_diagnostics(input);
    if own.iter().any(|d| d.severity == Severity::Error) {
        return None;
    }
    Some(Diagnostic::of(
        Code::IriNormalInvalid,
        Span::new(0, input.len()),
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
    // The outermost cross-references, in input order: a walk down the tree that does not
    // enter a cross-reference (asking each node for its ancestors cost a walk up per node,
    // quadratic in the nesting).
    let mut outermost = Vec::new();
    let mut stack = vec![tree.root()];
    while let Some(n) = stack.pop() {
        if n.kind() == NodeKind::Xref {
            outermost.push(n);
            continue;
        }
        let at = stack.len();
        stack.extend(n.children());
        stack[at..].reverse();
    }
    for x in outermost {
        let s = x.span();
        let text = x.text(input);
        if let (false, Some(k)) = (hash, text.find('#')) {
            hash = true;
            diags.push(Diagnostic::of(
                Code::XriEscapeHash,
                Span::new(s.start + k, s.start + k + 1),
                "§2.3.2's prose says \"#\" becomes \"%28\", its rule 2 says \"%23\"; \"%28\" is \"(\" \
                 and would break the cross-reference, so the IRI-normal form uses \"%23\" \
                 (docs/readings.md, XRI 1)",
            ));
        }
        if let (false, Some(k)) = (slashes, text.find("://")) {
            slashes = true;
            diags.push(Diagnostic::of(
                Code::XriEscapeSlashes,
                Span::new(s.start + k + 1, s.start + k + 3),
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
                diags.push(Diagnostic::cited(
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
