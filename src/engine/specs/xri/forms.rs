//! String-level XRI transformations: the §2.3.2 escaping rules on text with no tree, and
//! §2.3.3 (IRI-normal form back to XRI-normal form).

use crate::engine::codes::{Code, CodeReading};
use crate::engine::descriptor::forms::{AuthorityFold, CASE_NOT_FOLDED, Head};
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::family::looks_like_xri;
use crate::engine::pct::triplet_at;
use crate::engine::tree::{Diagnostic, Node, NodeKind, Span};

use crate::engine::forms::text::{nfkc, push_iri_escaped, xref_regions};

/// The four escaping rules of XRI Syntax 2.0 §2.3.2 (step 4 of §2.3.1), on text: every "%"
/// becomes "%25", and "#", "?", "/" inside a cross-reference, at any depth, become "%23",
/// "%3F", "%2F" (SPEC-NOTES XRI items 1 and 2). Cross-references are found by
/// [`xref_regions`]; [`crate::engine::forms::compute`] uses the parse tree instead.
///
/// Not idempotent (§2.3.1 step 4): apply it once, to XRI-normal form.
pub fn xri_escape(s: &str) -> String {
    let regions = xref_regions(s);
    let mut out = String::with_capacity(s.len() + s.len() / 4);
    let mut next = regions.iter().peekable();
    for (i, c) in s.char_indices() {
        while next.peek().is_some_and(|r| r.end <= i) {
            next.next();
        }
        let inside = next.peek().is_some_and(|r| r.start <= i && i < r.end);
        push_iri_escaped(&mut out, c, inside);
    }
    out
}

/// XRI Syntax 2.0 §2.3.3: an XRI reference in IRI-normal form back to XRI-normal form.
///
/// Step 2 as docs/readings.md, XRI 8 reads it: "%2F", "%3F" and "%23" are decoded only inside
/// cross-references (the only place §2.3.2 made them), "%25" everywhere; one left-to-right
/// pass, so "%252F" becomes "%2F" and stays so. Step 1 (NFKC) is applied after decoding,
/// to the runs between the triplets of the result, which is the same unless a combining
/// mark follows a triplet (it must not compose with a hex digit).
///
/// The transformation is not idempotent, so it warns (`not-iri-normal`) when the input
/// does not look IRI-normal: a triplet other than "%25" (or, inside a cross-reference,
/// "%2F" "%3F" "%23"), a literal "/", "?" or "#" inside a cross-reference, a "%25" not
/// followed by two hex digits, or an absolute XRI without `xri://`. One warning per kind,
/// at the first place it shows.
pub fn iri_normal_to_xri(input: &str) -> (String, Vec<Diagnostic>) {
    let b = input.as_bytes();
    let regions = xref_regions(input);
    let mut diags = Vec::new();
    let mut warned = [false; 4];
    let mut noted = false;
    let mut warn = |kind: usize, span: Span, msg: String, diags: &mut Vec<Diagnostic>| {
        if !warned[kind] {
            warned[kind] = true;
            diags.push(Diagnostic::of(Code::NotIriNormal, span, msg));
        }
    };
    if matches!(b.first(), Some(b'=' | b'@' | b'+' | b'$' | b'!' | b'(')) {
        warn(
            0,
            Span::at(0),
            "an absolute XRI in IRI-normal form starts with \"xri://\" (§2.3.1 step 2); is this \
             already XRI-normal? Then leave it as it is"
                .into(),
            &mut diags,
        );
    }
    let mut out = String::with_capacity(input.len());
    let mut r = 0;
    let mut i = 0;
    while i < b.len() {
        while r < regions.len() && regions[r].end <= i {
            r += 1;
        }
        let inside = regions.get(r).is_some_and(|x| x.start <= i && i < x.end);
        match (b[i], triplet_at(b, i)) {
            (_, Some(0x25)) => {
                let hex = |k: usize| b.get(k).is_some_and(|c| c.is_ascii_hexdigit());
                if !(hex(i + 3) && hex(i + 4)) {
                    warn(
                        1,
                        Span::new(i, i + 3),
                        "\"%25\" not followed by two hex digits: in IRI-normal form every \"%25\" \
                         comes from the \"%\" of a triplet (§2.3.2 rule 1); decoding it leaves a \
                         bare \"%\""
                            .into(),
                        &mut diags,
                    );
                }
                out.push('%');
                i += 3;
            }
            (_, Some(v @ (0x2F | 0x3F | 0x23))) if inside => {
                out.push(v as char);
                i += 3;
            }
            (_, Some(v @ (0x2F | 0x3F | 0x23))) => {
                if !noted {
                    noted = true;
                    diags.push(Diagnostic::of(
                        Code::IriToXriKept,
                        Span::new(i, i + 3),
                        format!(
                            "§2.3.3 step 2 says to decode every percent-encoded {:?}, but §2.3.2 \
                             made them only inside cross-references; this one, outside any, was \
                             already encoded data in the XRI-normal form, so it stays encoded \
                             (docs/readings.md, XRI 8)",
                            v as char
                        ),
                    ));
                }
                warn(
                    2,
                    Span::new(i, i + 3),
                    format!(
                        "{} outside a cross-reference cannot occur in IRI-normal form, where \
                         §2.3.2 rule 1 turned every \"%\" into \"%25\"; the input looks XRI-normal \
                         already (§2.3.3 is not idempotent)",
                        input.get(i..i + 3).unwrap_or("")
                    ),
                    &mut diags,
                );
                out.push_str(input.get(i..i + 3).unwrap_or(""));
                i += 3;
            }
            (_, Some(_)) => {
                warn(
                    2,
                    Span::new(i, i + 3),
                    format!(
                        "{} cannot occur in IRI-normal form, where §2.3.2 rule 1 turned every \"%\" \
                         into \"%25\"; the input looks XRI-normal already, and decoding it again \
                         would change it (§2.3.3 is not idempotent)",
                        input.get(i..i + 3).unwrap_or("")
                    ),
                    &mut diags,
                );
                out.push_str(input.get(i..i + 3).unwrap_or(""));
                i += 3;
            }
            (b'/' | b'?' | b'#', None) if inside => {
                warn(
                    3,
                    Span::new(i, i + 1),
                    format!(
                        "a literal {:?} inside a cross-reference: IRI-normal form escapes it \
                         (§2.3.2 rules 2 to 4), so this input is not IRI-normal",
                        b[i] as char
                    ),
                    &mut diags,
                );
                out.push(b[i] as char);
                i += 1;
            }
            (b'%', None) => {
                warn(
                    1,
                    Span::new(i, i + 1),
                    "a \"%\" that starts no triplet: IRI-normal form has none".into(),
                    &mut diags,
                );
                out.push('%');
                i += 1;
            }
            _ => {
                let c = input
                    .get(i..)
                    .and_then(|t| t.chars().next())
                    .unwrap_or('\u{FFFD}');
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    let out = match nfkc(&out) {
        std::borrow::Cow::Borrowed(_) => out,
        std::borrow::Cow::Owned(n) => {
            diags.push(Diagnostic::read(
                CodeReading::NfkcChangedXriNormal,
                Span::new(0, input.len()),
                "step 1 normalized the characters to NFKC, so the XRI-normal form differs from the \
                 input in more than its escapes",
            ));
            n
        }
    };
    (out, diags)
}

/// XRI's authorities ([`FormsSpec::authority_fold`]): one without a host node that is no
/// IRI authority (a GCS or cross-reference authority) is lower-cased as a whole under
/// [`Rewrites::HOST_CASE`] (§2.5.1: "case-insensitively as defined in \[IRI\]"), and a GCS
/// authority's leading "*" subsegment is dropped under [`Rewrites::DROP_STAR`].
///
/// [`FormsSpec::authority_fold`]: crate::engine::descriptor::forms::FormsSpec::authority_fold
pub fn authority_fold(n: Node<'_>, input: &str, rules: Rewrites) -> Option<AuthorityFold> {
    let xri_authority = n.child(NodeKind::Host).is_none()
        && !n.rule().contains("iauthority")
        && !n.rule().contains("iri-authority");
    if !xri_authority {
        return None;
    }
    let rgcs = matches!(
        n.text(input).as_bytes().first(),
        Some(b'=' | b'@' | b'+' | b'$')
    );
    let skip = if rgcs && rules.contains(Rewrites::DROP_STAR) {
        n.children()
            .find(|c| c.kind() == NodeKind::Subsegment)
            .map(|c| c.index())
    } else {
        None
    };
    Some(AuthorityFold {
        lower: rules.contains(Rewrites::HOST_CASE),
        skip,
    })
}

/// XRI's note on a capital lower-casing leaves alone ([`CASE_NOT_FOLDED`], read as §2.5.1
/// reads it).
pub fn case_not_folded(span: Span) -> Diagnostic {
    Diagnostic::read(CodeReading::CaseNotFoldedXri, span, CASE_NOT_FOLDED)
}

/// The head of an XRI without a tree ([`Head`]): "xri://" added under
/// [`Rewrites::XRI_PREFIX`] to an XRI that starts with a global context symbol or "(", and
/// the prefix's "xri" lower-cased under [`Rewrites::SCHEME_CASE`].
pub fn head(input: &str, rules: Rewrites) -> Head {
    let mut head = Head::default();
    let has_prefix = input.len() >= 6 && input.as_bytes()[..6].eq_ignore_ascii_case(b"xri://");
    if rules.contains(Rewrites::XRI_PREFIX) && !has_prefix && looks_like_xri(input) {
        head.insert = Some("xri://");
    }
    if has_prefix && rules.contains(Rewrites::SCHEME_CASE) {
        head.spans.push((0, 3, true));
    }
    head
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ops::Range;

    #[test]
    fn finds_cross_references_by_parentheses() {
        let s = "xri://@example/(xri://@example2/abc?id=1)";
        assert_eq!(xref_regions(s), vec![16..40]);
        assert_eq!(xref_regions("xri://a(b)/(c)?x=(y)"), vec![12..13]);
        assert_eq!(xref_regions("@a/(+b/(+c))/(d"), vec![4..11, 14..15]);
        assert_eq!(xref_regions("a/b%28c"), Vec::<Range<usize>>::new());
    }

    #[test]
    fn escapes_per_2_3_2_with_spec_notes_corrections() {
        // SPEC-NOTES XRI items 1 and 2.
        assert_eq!(
            xri_escape("xri://@example/(xri://@example2/abc?id=1)"),
            "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)"
        );
        assert_eq!(
            xri_escape("xri://@example.com/(@example/abc)"),
            "xri://@example.com/(@example%2Fabc)"
        );
        assert_eq!(
            xri_escape("xri://@example.com/(@example/abc%2Fd/ef)"),
            "xri://@example.com/(@example%2Fabc%252Fd%2Fef)"
        );
        assert_eq!(
            xri_escape("xri://@a/(+b#c)/d?e/f#g"),
            "xri://@a/(+b%23c)/d?e/f#g"
        );
    }

    #[test]
    fn back_to_xri_normal() {
        let (x, d) = iri_normal_to_xri("xri://@example.com/(@example%2Fabc%252Fd%2Fef)");
        assert_eq!(x, "xri://@example.com/(@example/abc%2Fd/ef)");
        assert!(d.is_empty(), "{d:?}");
        let (x, d) = iri_normal_to_xri("xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)");
        assert_eq!(x, "xri://@example/(xri://@example2/abc?id=1)");
        assert!(d.is_empty());
        // %2F outside a cross-reference stays: §2.3.2 never made one there.
        assert_eq!(iri_normal_to_xri("xri://@a/b%252Fc").0, "xri://@a/b%2Fc");
        // A bare %2F there is not IRI-normal, and stays (docs/readings.md, XRI 8).
        let (x, d) = iri_normal_to_xri("xri://@a/b%2Fc");
        assert_eq!(x, "xri://@a/b%2Fc");
        let codes: Vec<_> = d.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["iri-to-xri-kept", "not-iri-normal"]);
    }

    #[test]
    fn warns_when_input_is_not_iri_normal() {
        let (x, d) = iri_normal_to_xri("xri://@a/(@b/c)%41");
        assert_eq!(x, "xri://@a/(@b/c)%41");
        let codes: Vec<_> = d.iter().map(|d| (d.code.as_str(), d.span)).collect();
        assert_eq!(
            codes,
            vec![
                ("not-iri-normal", Span::new(12, 13)),
                ("not-iri-normal", Span::new(15, 18))
            ]
        );
        let (_, d) = iri_normal_to_xri("@a");
        assert_eq!(d.len(), 1);
        let (x, d) = iri_normal_to_xri("xri://@a/%25zz%");
        assert_eq!(x, "xri://@a/%zz%");
        assert_eq!(d.len(), 1, "one warning per kind: {d:?}");
    }
}
