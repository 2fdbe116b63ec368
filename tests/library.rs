//! The crate as a library, seen from outside: the small API (`idbench::api`) and the
//! equivalence key computed only where a face shows it.

use idbench::tui::model::{Model, Texts};
use idbench::{Analysis, Diagnostics, FormKind, Identifier, Options, Profile};

/// A caller's function that passes the error up with `?` into a `Box<dyn Error>`.
fn canonical(s: &str) -> Result<String, Box<dyn std::error::Error>> {
    let id = Identifier::parse(s, None)?;
    Ok(id.form(FormKind::Canonical).unwrap_or_default().to_string())
}

#[test]
fn an_invalid_input_is_an_error_a_caller_can_pass_up() {
    assert_eq!(
        canonical("HTTP://Example.COM/a/./b").expect("valid"),
        "http://example.com/a/b"
    );
    let e = canonical("urn:isbn:\u{1b}[31m").expect_err("invalid");
    let text = e.to_string();
    assert!(
        text.starts_with("not valid under rfc8141: error "),
        "{text}"
    );
    // The input's escape character never reaches whoever prints the error.
    assert!(!text.contains('\u{1b}'), "{text}");
    let d = e.downcast_ref::<Diagnostics>().expect("the diagnostics");
    assert_eq!(d.input(), "urn:isbn:\u{1b}[31m");
    assert!(d.errors().count() >= 1);
    let a: Analysis = d.clone().into_analysis();
    assert!(!a.valid());
}

#[test]
fn an_identifier_keeps_its_analysis_and_its_warnings() {
    let id = Identifier::parse("urn:isbn:0451450524", Profile::Rfc8141).expect("valid by RFC 8141");
    assert_eq!(id.profile(), Profile::Rfc8141);
    assert_eq!(id.as_str(), "urn:isbn:0451450524");
    // A wrong check digit is the namespace layer's warning, not the URN spec's error.
    assert!(
        id.diagnostics()
            .iter()
            .any(|d| d.code.to_string() == "namespace-check-digit"),
        "{:?}",
        id.diagnostics()
    );
    let a: Analysis = id.into();
    assert!(a.namespace.is_some());
}

#[test]
fn the_workbench_does_not_compute_the_equivalence_key() {
    let m = Model::new(
        Texts {
            sides: ["urn:ISBN:0-451-45052-3", "HTTP://b\u{fc}cher.example:80/"],
            base: None,
        },
        true,
        None,
        Default::default(),
    );
    for side in 0..2 {
        let f = m
            .analysis(side)
            .forms
            .as_ref()
            .expect("the workbench shows the forms");
        assert!(!f.canonical.is_empty());
        assert_eq!(f.equivalence_key, None, "side {side}");
    }
}

#[test]
fn the_options_that_show_the_key_compute_it_and_the_others_do_not() {
    let input = "urn:ISBN:0-451-45052-3";
    let full = idbench::analyze(input, &Options::full());
    assert_eq!(
        full.forms.and_then(|f| f.equivalence_key).as_deref(),
        Some("urn+isbn urn:isbn:9780451450524")
    );
    let built = Options::builder().namespaces(true).forms(true).build();
    let a = idbench::analyze(input, &built);
    assert_eq!(a.forms.expect("forms").equivalence_key, None);
}
