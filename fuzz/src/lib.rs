//! Shared pieces of the fuzz targets: turning fuzzer bytes into inputs, and the invariants
//! every analysis must keep (the ones tests/properties.rs states), checked with `assert!` so a
//! broken invariant is a crash the fuzzer records.

use std::borrow::Cow;

use idbench::engine::equiv::{CompareOptions, compare};
use idbench::engine::resolve::resolve;
use idbench::engine::{Analysis, Diagnostic, NodeKind, Options, Profile, analyze};

/// The fuzzer's bytes as text; invalid UTF-8 becomes U+FFFD, so every input is used.
pub fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Splits at the first newline: two identifiers (a base and a reference, or the two sides
/// of a comparison). Without a newline the second part is `None`.
pub fn split2(s: &str) -> (&str, Option<&str>) {
    match s.split_once('\n') {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    }
}

/// The base of the spec's own resolution examples for `profile`'s family (RFC 3986 §5.4,
/// XRI Syntax 2.0 §2.4.2, the WWW draft's `magic://a/b/c//d/e/f`).
pub fn example_base(profile: Profile) -> &'static str {
    match profile {
        Profile::Xri2 => "xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q",
        Profile::Rfc1630 => "magic://a/b/c//d/e/f",
        Profile::Rfc2141 | Profile::Rfc2141bis | Profile::Rfc8141 => "urn:example:a/b",
        Profile::Rfc3986 | Profile::Rfc3987 => "http://a/b/c/d;p?q",
        _ => "http://a/b/c/d;p?q",
    }
}

/// Every diagnostic's span lies in `input` on char boundaries and says something.
pub fn check_diagnostics(input: &str, diags: &[Diagnostic]) {
    for d in diags {
        assert!(d.span.start <= d.span.end, "{d:?}: reversed span");
        assert!(
            input.get(d.span.start..d.span.end).is_some(),
            "{d:?}: span off the input"
        );
        assert!(
            !d.code.as_str().is_empty() && !d.spec.is_empty() && !d.message.is_empty(),
            "{d:?}"
        );
    }
}

/// The tree covers the input, every node lies inside its parent on char boundaries,
/// siblings are ordered (a node's own children, then the scheme layer's grafted ones),
/// and the diagnostics are well-formed.
pub fn check_analysis(input: &str, a: &Analysis) {
    assert_eq!(a.input, input);
    let root = a.tree.root();
    assert_eq!(
        (root.span().start, root.span().end),
        (0, input.len()),
        "root span"
    );
    for n in a.tree.iter() {
        let s = n.span();
        assert!(
            input.get(s.start..s.end).is_some(),
            "{n:?}: span off the input"
        );
        if let Some(p) = n.parent() {
            assert!(p.span().encloses(s), "{n:?} outside {p:?}");
        }
        // The scheme layer's grafted nodes (`Tree::graft_under`) come after a node's own
        // children, may overlap them, and are ordered among themselves.
        let (mut last, mut last_grafted, mut seen_grafted) = (s.start, s.start, false);
        for c in n.children() {
            if c.kind() == NodeKind::SchemePart {
                assert!(
                    c.span().start >= last_grafted,
                    "grafted children of {n:?} overlap"
                );
                (last_grafted, seen_grafted) = (c.span().end, true);
            } else {
                assert!(!seen_grafted, "a child of {n:?} after its grafted ones");
                assert!(c.span().start >= last, "children of {n:?} overlap");
                last = c.span().end;
            }
        }
    }
    check_diagnostics(input, &a.diagnostics);
    if let Some(f) = &a.forms {
        check_diagnostics(input, &f.diagnostics);
    }
}

/// Issue 15's soundness property of the quick validator, and the batch checker's agreement
/// with the full analysis: under every profile, `quick_valid` true implies that the full
/// grammar reports no error, and `first_error` gives the profile and first error code that
/// `analyze` gives (for a given profile and for `auto`), on every input up to
/// [`idbench::engine::FULL_PARSE_LIMIT`] bytes.
pub fn check_quick_and_first_error(input: &str) {
    use idbench::engine::quick_check::{quick_valid, quick_valid_bytes, quick_verdict};
    use idbench::engine::{FULL_PARSE_LIMIT, Options, analyze, first_error};
    let code = |a: &Analysis| a.first_error().map(|d| d.code.as_str());
    for p in Profile::ALL {
        let a = analyze(input, &Options::validate_only(Some(p)));
        let quick = quick_valid(p, input);
        assert_eq!(
            quick,
            quick_valid_bytes(p, input.as_bytes()),
            "{p} {input:?}"
        );
        if quick {
            assert!(
                a.valid(),
                "{p} {input:?}: quick_valid says valid, the grammar says {:?}",
                code(&a)
            );
        }
        if let Some(v) = quick_verdict(p, input) {
            assert_eq!(v, code(&a), "{p} {input:?}: quick_verdict");
            assert!(
                quick == v.is_none(),
                "{p} {input:?}: quick_verdict vs quick_valid"
            );
        }
        if input.len() <= FULL_PARSE_LIMIT {
            assert_eq!(first_error(input, Some(p)), (p, code(&a)), "{p} {input:?}");
        }
    }
    if input.len() <= FULL_PARSE_LIMIT {
        let a = analyze(input, &Options::validate_only(None));
        assert_eq!(
            first_error(input, None),
            (a.profile, code(&a)),
            "auto {input:?}"
        );
    }
}

/// The most output bytes a renderer may write for an input of `len` bytes: a fixed part (the
/// headings, the forms and verdict tables, the longest diagnostic message) and a part that
/// grows linearly. An output quadratic in the input (the whole input under every
/// diagnostic, a node's full text at every depth) passes this bound by a wide margin once
/// the input has a few hundred bytes.
pub fn output_bound(len: usize) -> usize {
    64 * 1024 + 2_000 * len
}

/// The CLI's text and JSON renderings of `input` (what `idbench parse` prints), with
/// `Options::full()` and under each profile alone: each stays within [`output_bound`], and
/// the JSON parses back with the input unchanged.
pub fn check_renderers(input: &str) {
    use idbench::cli::{json, text};
    use idbench::engine::{Options, analyze};
    let bound = output_bound(input.len());
    let mut analyses = vec![analyze(input, &Options::full())];
    for p in Profile::ALL {
        analyses.push(analyze(input, &Options::validate_only(Some(p))));
    }
    for a in &analyses {
        let t = text::analysis(a);
        assert!(
            t.len() <= bound,
            "text output {} bytes for {} input bytes under {}",
            t.len(),
            input.len(),
            a.profile
        );
        let j = json::to_string(&json::AnalysisJson(a));
        assert!(
            j.len() <= bound,
            "JSON output {} bytes for {} input bytes under {}",
            j.len(),
            input.len(),
            a.profile
        );
        let back: serde_json::Value = match serde_json::from_str(&j) {
            Ok(v) => v,
            // A tree deeper than serde_json's reader allows (128 nested values): the JSON
            // is well formed (other readers take it), only this reader stops.
            Err(e) if e.to_string().starts_with("recursion limit exceeded") => continue,
            Err(e) => panic!("the JSON does not parse ({e}): {j}"),
        };
        assert_eq!(
            back["input"].as_str(),
            Some(input),
            "the JSON keeps the input"
        );
    }
}

/// The forms that re-computing from their own value leaves unchanged under `profile`
/// (tests/forms.rs states the same lists). Not xri2's `iri_normal` and `uri_normal`: XRI
/// Syntax 2.0 §2.3.1 step 4 escapes "%" again each time.
pub fn idempotent_forms(profile: Profile) -> &'static [&'static str] {
    match profile {
        Profile::Xri2 => &["xri_normal", "canonical"],
        Profile::Rfc2141 | Profile::Rfc2141bis | Profile::Rfc8141 => &[
            "iri_normal",
            "uri_normal",
            "canonical",
            "canonical_cache",
            "display",
        ],
        Profile::Rfc3986 | Profile::Rfc3987 | Profile::Rfc1630 => &[
            "iri_normal",
            "uri_normal",
            "canonical",
            "canonical_scheme",
            "display",
        ],
        _ => &[],
    }
}

fn form_named<'a>(a: &'a Analysis, name: &str) -> Option<&'a str> {
    a.forms
        .as_ref()?
        .rows()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}

/// For a valid input analysed under `profile` with its forms: the canonical form is valid
/// under the same profile, and every form of [`idempotent_forms`] is a fixed point (its own
/// form of the same name).
pub fn check_forms_of_valid(input: &str, profile: Profile, a: &Analysis) {
    if !a.valid() {
        return;
    }
    let opts = Options {
        profile: Some(profile),
        forms: true,
        all_profiles: false,
        namespace: false,
        scheme_spec: false,
        equivalence_key: true,
    };
    if let Some(c) = form_named(a, "canonical") {
        let again = analyze(c, &opts);
        assert!(
            again.valid(),
            "{profile}: canonical {c:?} of valid {input:?} is invalid: {:?}",
            again.first_error()
        );
    }
    for name in idempotent_forms(profile) {
        let Some(once) = form_named(a, name) else {
            continue;
        };
        let again = analyze(once, &opts);
        let twice = form_named(&again, name);
        assert_eq!(
            twice,
            Some(once),
            "{profile}: {name} of {input:?} is not idempotent"
        );
    }
}

/// A valid identifier is equivalent to itself and to its canonical form under `profile`.
pub fn check_compare_with_itself(input: &str, profile: Profile, a: &Analysis) {
    if !a.valid() {
        return;
    }
    let opts = CompareOptions {
        profile: Some(profile),
        ..CompareOptions::default()
    };
    assert!(
        compare(input, input, &opts).equivalent,
        "{profile}: {input:?} is not equivalent to itself"
    );
    if let Some(c) = form_named(a, "canonical") {
        assert!(
            compare(input, c, &opts).equivalent,
            "{profile}: {input:?} is not equivalent to its canonical form {c:?}"
        );
    }
}

/// Whether the path of `base` (after its scheme, before its query or fragment) has a `.` or
/// `..` segment, written plainly or percent-encoded: every profile's resolution removes them
/// from a reference's path, but keeps a base's path as it is when the reference has none.
fn has_dot_segment(base: &str) -> bool {
    let end = base.find(['?', '#']).unwrap_or(base.len());
    let head = &base[..end];
    let rest = match head.find(':') {
        Some(i) if !head[..i].contains('/') => &head[i + 1..],
        _ => head,
    };
    rest.split('/').any(|seg| {
        let s = seg.to_ascii_lowercase().replace("%2e", ".");
        s == "." || s == ".."
    })
}

/// Resolving is stable: a target, resolved again as a reference against the same base,
/// gives itself; and the target of a valid base and reference is valid under the profile.
///
/// One exception, the spec's own: a reference without a path takes the base's path as it
/// is (RFC 3986 §5.2.2, "T.path = Base.path"; normalizing the base is optional, §5.2.1), so
/// when the base's path has dot-segments (the `dot-segments` note) the target keeps them,
/// and resolving it again removes them. Then the second target must be stable.
pub fn check_resolution(base: &str, reference: &str, profile: Profile) {
    let r = resolve(base, reference, profile);
    let Some(target) = r.target.as_deref() else {
        return;
    };
    let again = resolve(base, target, profile);
    let base_has_dots = analyze(
        base,
        &Options {
            profile: Some(profile),
            ..Options::default()
        },
    )
    .diagnostics
    .iter()
    .any(|d| d.code.as_str() == "dot-segments")
        || has_dot_segment(base);
    if base_has_dots && again.target.as_deref() != Some(target) {
        let Some(second) = again.target.as_deref() else {
            panic!("{profile}: {base:?} + {target:?} (a target) does not resolve");
        };
        let third = resolve(base, second, profile);
        assert_eq!(
            third.target.as_deref(),
            Some(second),
            "{profile}: {base:?} + {reference:?} gives {target:?}, then {second:?}, which is \
             not stable"
        );
        return;
    }
    assert_eq!(
        again.target.as_deref(),
        Some(target),
        "{profile}: {base:?} + {reference:?} gives {target:?}, which is not stable"
    );
    if r.first_error().is_none() {
        let opts = Options::validate_only(Some(profile));
        let t = analyze(target, &opts);
        assert!(
            t.valid(),
            "{profile}: {base:?} + {reference:?} gives the invalid {target:?}: {:?}",
            t.first_error()
        );
    }
}
