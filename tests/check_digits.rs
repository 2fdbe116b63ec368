//! A wrong check digit is never hidden (issue 37, "Check digits"): an ISBN whose check
//! digit is wrong is not converted, not equated with the corrected ISBN (the ladder says
//! why at the step), gets no `canonical_namespace`, and keeps its parts in the tree; the
//! uuid namespace cites RFC 9562, and no ladder step cites RFC 4122.

use idbench::engine::equiv::{CompareOptions, compare};
use idbench::engine::namespaces::{analyze_nss, catalogue};
use idbench::engine::{Options, analyze};

const WRONG: &str = "urn:ISBN:0-451-45052-4";
const RIGHT: &str = "urn:ISBN:0-451-45052-3";
const RIGHT_13: &str = "urn:isbn:978-0-451-45052-4";

#[test]
fn a_wrong_isbn_is_not_equivalent_to_the_corrected_one_and_the_ladder_says_why() {
    let v = compare(WRONG, RIGHT, &CompareOptions::default());
    assert!(!v.equivalent, "{}", v.summary());
    let isbn_steps: Vec<_> = v
        .steps
        .iter()
        .filter(|s| s.name.starts_with("isbn:"))
        .collect();
    assert_eq!(isbn_steps.len(), 2, "{:?}", v.steps);
    for s in &isbn_steps {
        assert!(
            s.name.contains("not applied, A's check digit is wrong"),
            "{s:?}"
        );
        assert_eq!(
            s.spec,
            "urn-formal/isbn template, Rules for Lexical Equivalence"
        );
        assert!(!s.equal);
        // Neither side rewritten: the wrong check digit is still there.
        assert!(s.a.ends_with("0-451-45052-4"), "{s:?}");
    }
    // Nor to the corrected ISBN's ISBN-13, whichever side it is on.
    let v = compare(RIGHT_13, WRONG, &CompareOptions::default());
    assert!(!v.equivalent, "{}", v.summary());
    assert!(
        v.steps
            .iter()
            .any(|s| s.name.contains("B's check digit is wrong")),
        "{:?}",
        v.steps
    );
    // The right ISBN-10 still equals its ISBN-13 at the conversion's rungs.
    let v = compare(RIGHT, RIGHT_13, &CompareOptions::default());
    assert!(v.equivalent, "{}", v.summary());
    assert!(
        v.deciding_step()
            .is_some_and(|s| s.name == "isbn: hyphens removed"),
        "{:?}",
        v.steps
    );
    // Two spellings of one wrong ISBN are equal only as the URN spec says.
    let v = compare(WRONG, "urn:isbn:0-451-45052-4", &CompareOptions::default());
    assert!(v.equivalent, "{}", v.summary());
    let v = compare(WRONG, "urn:isbn:0451450524", &CompareOptions::default());
    assert!(!v.equivalent, "{}", v.summary());
}

#[test]
fn a_wrong_isbn_gets_no_canonical_form_and_keeps_its_parts() {
    let a = analyze_nss("isbn", "0-451-45052-4", 9);
    assert_eq!(a.valid, Some(false));
    assert_eq!(a.canonical, None);
    assert!(a.steps.is_empty());
    let parts: Vec<(&str, usize, usize)> = a
        .nodes
        .iter()
        .map(|n| (n.rule, n.span.start, n.span.end))
        .collect();
    assert_eq!(
        parts,
        [
            ("isbn-10", 9, 22),
            ("registration-group", 9, 10),
            ("registrant", 11, 14),
            ("publication", 15, 20),
            ("check-digit-10", 21, 22),
        ]
    );
    // A wrong ISBN-13 keeps its GS1 element and the rest too.
    let a = analyze_nss("isbn", "978-0-451-45052-5", 9);
    assert_eq!(a.canonical, None);
    let rules: Vec<&str> = a.nodes.iter().map(|n| n.rule).collect();
    assert_eq!(
        rules,
        [
            "isbn-13",
            "gs1-element",
            "registration-group",
            "registrant",
            "publication",
            "check-digit"
        ]
    );
    // The whole analysis: no canonical_namespace form, and the warning says so.
    let an = analyze(WRONG, &Options::full());
    let forms = an.forms.as_ref().expect("forms");
    assert_eq!(forms.get("canonical_namespace"), None);
    let d = an
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "namespace-check-digit")
        .map(|d| d.message.clone())
        .unwrap_or_default();
    assert!(d.contains("no canonical_namespace"), "{d}");
    // The right one has it.
    let an = analyze(RIGHT, &Options::full());
    let forms = an.forms.as_ref().expect("forms");
    assert_eq!(
        forms.get("canonical_namespace"),
        Some("urn:isbn:9780451450524")
    );
}

#[test]
fn uuid_cites_rfc_9562_and_no_step_cites_rfc_4122() {
    assert_eq!(catalogue::UUID.document, "RFC 9562");
    assert_eq!(catalogue::UUID.section, "RFC 9562 §4");
    assert!(catalogue::UUID.equivalence_note.contains("RFC 9562 §7"));
    for ns in catalogue::ALL {
        for st in ns.steps {
            assert!(!st.spec.contains("4122"), "{}: {}", ns.name, st.spec);
        }
        assert!(!ns.section.contains("4122"), "{}", ns.name);
    }
    let v = compare(
        "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
        "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        &CompareOptions::default(),
    );
    assert!(v.equivalent);
    assert_eq!(v.deciding_step().map(|s| s.spec), Some("RFC 9562 §4"));
    assert!(v.steps.iter().all(|s| !s.spec.contains("4122")));
}
