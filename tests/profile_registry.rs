//! Profiles built at run time: a descriptor registered with `Profile::register` is taken by
//! the public engine like a built-in (its grammar, its resolution algorithm, its grammar
//! reference), and registering its name again replaces it in place.
//!
//! One test function: the registry is process-wide, and the last step fills it.

use idbench::engine::equiv::spec::GENERIC_LADDER;
use idbench::engine::forms::spec::GENERIC_FORMS;
use std::sync::Arc;

use idbench::engine::path::PathSyntax;
use idbench::engine::specs::{Auto, Descriptor, GrammarEntry, ReadingMarks, Resolver};
use idbench::engine::specs::{MAX_REGISTERED, ProfileReason, RegisterError};
use idbench::engine::tree::Builder;
use idbench::engine::{Code, Family, NodeKind, Options, Profile, Severity, Span, analyze};

/// A descriptor named `name` whose grammar is `grammar` and whose references resolve by
/// `resolution`.
fn descriptor(
    name: &'static str,
    grammar: GrammarEntry,
    resolution: Resolver,
    rules: &'static [&'static str],
) -> Descriptor {
    Descriptor {
        name,
        title: "A grammar made at run time",
        short: "the lab grammar",
        family: Family::Uri,
        grammar,
        quick: None,
        rules,
        resolution,
        readings: ReadingMarks::NONE,
        examples: "",
        abnf: None,
        auto: Auto::NEVER,
        forms: &GENERIC_FORMS,
        ladder: &GENERIC_LADDER,
    }
}

/// `x:` then a path, or a bare path (a relative reference); a space is an error. The
/// closure holds state (the section it cites), as a grammar built over a user's ABNF does.
fn lab_grammar(section: &'static str) -> GrammarEntry {
    let section = Arc::new(section);
    GrammarEntry::Shared(Arc::new(move |b: &mut Builder<'_>| {
        let input = b.input();
        let len = input.len();
        let (root, path_from) = if input.starts_with("x:") {
            (NodeKind::Uri, 2)
        } else {
            (NodeKind::RelativeRef, 0)
        };
        b.start(root, "lab-ref", 0);
        if path_from == 2 {
            b.leaf(NodeKind::Scheme, "scheme", 0, 1);
        }
        b.leaf(NodeKind::Path, "path", path_from, len);
        if let Some(at) = input.find(' ') {
            b.error_in(
                Code::IllegalChar,
                Span::new(at, at + 1),
                *section,
                "a space is not allowed; remove it",
            );
        }
        b.finish(len);
    }))
}

#[test]
fn a_profile_registered_at_run_time_is_analyzed_like_a_built_in() {
    const RULES: &[&str] = &["@source lab\n@notation abnf\n@section §1\nlab-ref = *VCHAR\n"];
    let p = Profile::register(descriptor(
        "lab-test",
        lab_grammar("lab §1"),
        Resolver::Rfc3986(PathSyntax::Generic),
        RULES,
    ))
    .expect("registered");
    assert_eq!(p.name(), "lab-test");
    assert_eq!(p.to_string(), "lab-test");
    assert_eq!(Profile::from_name("LAB-TEST"), Some(p));
    assert!(!Profile::ALL.contains(&p), "ALL lists the built-ins only");
    assert_eq!(format!("{p:?}"), "Profile(\"lab-test\")");

    // Its grammar, through the public analysis.
    let a = analyze("x:/a b", &Options::full());
    assert_ne!(a.profile, p, "auto never picks a run-time profile");
    let a = analyze("x:/a b", &Options::validate_only(Some(p)));
    assert_eq!(a.profile, p);
    assert_eq!(a.profile_reason, ProfileReason::Given);
    assert_eq!(a.tree.root().rule(), "lab-ref");
    let e = a.first_error().expect("the space is an error");
    assert_eq!(
        (e.severity, e.code, e.span),
        (Severity::Error, Code::IllegalChar, Span::new(4, 5))
    );
    assert_eq!(e.spec, "lab §1");
    assert!(analyze("x:/a/b", &Options::validate_only(Some(p))).valid());
    // Batch checking has no quick recognizer for it and runs the grammar.
    assert_eq!(
        idbench::engine::first_error("x:/a b", Some(p)),
        (p, Some("illegal-char"))
    );
    // Its forms are the descriptor's: the generic ones keep the input as typed (no case
    // folding, no decoding), and comparison is simple string comparison.
    let full = analyze(
        "X:/a/%7e",
        &Options {
            profile: Some(p),
            ..Options::full()
        },
    );
    let forms = full.forms.expect("forms");
    assert_eq!(forms.canonical, "X:/a/%7e");
    assert_eq!(forms.uri_normal, "X:/a/%7e");
    let c = idbench::engine::equiv::compare(
        "x:/a",
        "X:/a",
        &idbench::engine::equiv::CompareOptions {
            profile: Some(p),
            ..Default::default()
        },
    );
    assert!(!c.equivalent, "{:?}", c.steps);
    assert_eq!(c.profile, p);

    // Its resolution algorithm: the descriptor's, RFC 3986 §5.2 here.
    let r = idbench::engine::resolve::resolve("x:/a/b", "c", p);
    assert_eq!(r.target.as_deref(), Some("x:/a/c"), "{r:?}");
    // Its grammar reference.
    let g = idbench::engine::rules::grammar(p);
    assert!(g.get("lab-ref").is_some());

    // Registering the name again replaces the descriptor in place: the same handle, the new
    // grammar, the new resolution algorithm.
    let again = Profile::register(descriptor(
        "lab-test",
        lab_grammar("lab §2"),
        Resolver::None,
        &[],
    ))
    .expect("registered again");
    assert_eq!(again, p);
    let a = analyze("x:/a b", &Options::validate_only(Some(p)));
    assert_eq!(a.first_error().map(|e| e.spec), Some("lab §2"));
    let r = idbench::engine::resolve::resolve("x:/a/b", "c", p);
    assert_eq!(r.target, None);
    assert_eq!(
        r.diagnostics.first().map(|d| d.code),
        Some(Code::ResolveUrnNoRelative)
    );
    assert!(idbench::engine::rules::grammar(p).get("lab-ref").is_none());

    // Refused names.
    let refuse = |name: &'static str| {
        Profile::register(descriptor(name, lab_grammar("s"), Resolver::None, &[])).err()
    };
    assert_eq!(refuse("rfc3986"), Some(RegisterError::BuiltinName));
    assert_eq!(refuse("XRI2"), Some(RegisterError::BuiltinName));
    assert_eq!(refuse("auto"), Some(RegisterError::BuiltinName));
    assert_eq!(refuse(""), Some(RegisterError::BadName));
    assert_eq!(refuse("a b"), Some(RegisterError::BadName));

    // At most MAX_REGISTERED names; re-registering one of them still works when full.
    let names: Vec<&'static str> = (1..MAX_REGISTERED)
        .map(|i| &*Box::leak(format!("lab-{i}").into_boxed_str()))
        .collect();
    for name in &names {
        assert!(refuse(name).is_none(), "{name} registers");
    }
    assert_eq!(refuse("one-too-many"), Some(RegisterError::Full));
    assert_eq!(refuse("lab-test"), None);
    assert_eq!(Profile::from_name("lab-test"), Some(p));
}
