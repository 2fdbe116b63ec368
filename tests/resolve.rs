//! Reference resolution: RFC 3986 §5.4, XRI Syntax 2.0 §2.4.2 (as restored in SPEC-NOTES.md),
//! the WWW draft's partial forms, and `idbench resolve` end to end.

use idbench::engine::Profile;
use idbench::engine::resolve::{Resolution, remove_dot_segments, resolve};
use idbench::idsets::{self, Expect};

const RFC3986_BASE: &str = "http://a/b/c/d;p?q";

/// RFC 3986 §5.4.1 (normal) and §5.4.2 (abnormal) examples.
const RFC3986_EXAMPLES: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    // §5.4.2
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

const XRI_BASE: &str = "xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q";

/// XRI Syntax 2.0 §2.4.2, the table restored in SPEC-NOTES.md (`None`: not a legal relative
/// XRI reference).
const XRI_EXAMPLES: &[(&str, Option<&str>)] = &[
    ("!g!g", Some("xri://@a*a/!b!b/c*c/!g!g")),
    ("./!g!g", Some("xri://@a*a/!b!b/c*c/!g!g")),
    ("!g!g/", Some("xri://@a*a/!b!b/c*c/!g!g/")),
    ("/!g!g", Some("xri://@a*a/!g!g")),
    ("//@!g!g", None),
    ("?y", Some("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?y")),
    ("!g!g?y", Some("xri://@a*a/!b!b/c*c/!g!g?y")),
    ("#s", Some("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q#s")),
    ("!g!g#s", Some("xri://@a*a/!b!b/c*c/!g!g#s")),
    ("!g!g?y#s", Some("xri://@a*a/!b!b/c*c/!g!g?y#s")),
    (";x", Some("xri://@a*a/!b!b/c*c/;x")),
    ("!g!g;x", Some("xri://@a*a/!b!b/c*c/!g!g;x")),
    ("!g!g;x?y#s", Some("xri://@a*a/!b!b/c*c/!g!g;x?y#s")),
    ("", Some("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q")),
    (".", Some("xri://@a*a/!b!b/c*c/")),
    ("./", Some("xri://@a*a/!b!b/c*c/")),
    ("..", Some("xri://@a*a/!b!b/")),
    ("../", Some("xri://@a*a/!b!b/")),
    ("../!g!g", Some("xri://@a*a/!b!b/!g!g")),
    ("../..", Some("xri://@a*a/")),
    ("../../", Some("xri://@a*a/")),
    ("../../!g!g", Some("xri://@a*a/!g!g")),
    ("../../../!g!g", Some("xri://@a*a/!g!g")),
    ("/./!g!g", Some("xri://@a*a/!g!g")),
    ("/../!g!g", Some("xri://@a*a/!g!g")),
    ("!g!g.", Some("xri://@a*a/!b!b/c*c/!g!g.")),
    (".!g!g", Some("xri://@a*a/!b!b/c*c/.!g!g")),
    ("!g!g..", Some("xri://@a*a/!b!b/c*c/!g!g..")),
    ("..!g!g", Some("xri://@a*a/!b!b/c*c/..!g!g")),
];

const MAGIC: &str = "magic://a/b/c//d/e/f";

fn explain(r: &Resolution) -> String {
    let d: Vec<_> = r
        .base_diagnostics
        .iter()
        .chain(&r.diagnostics)
        .map(|d| (d.code.as_str(), d.span))
        .collect();
    format!(
        "target {:?}, diagnostics {d:?}, steps {:?}",
        r.target, r.steps
    )
}

#[test]
fn rfc3986_section_5_4() {
    for p in [Profile::Rfc3986, Profile::Rfc3987] {
        for (reference, want) in RFC3986_EXAMPLES {
            let r = resolve(RFC3986_BASE, reference, p);
            assert_eq!(
                r.target.as_deref(),
                Some(*want),
                "{p} {reference:?}: {}",
                explain(&r)
            );
            assert!(
                r.first_error().is_none(),
                "{p} {reference:?}: {}",
                explain(&r)
            );
            assert!(!r.steps.is_empty());
        }
    }
}

#[test]
fn rfc3986_steps_show_the_branch_merge_and_dots() {
    let r = resolve(RFC3986_BASE, "../g", Profile::Rfc3986);
    let names: Vec<_> = r.steps.iter().map(|s| s.name.as_str()).collect();
    assert!(names.contains(&"merge (§5.2.3)"), "{names:?}");
    let dots = r
        .steps
        .iter()
        .find(|s| s.name == "remove_dot_segments (§5.2.4)");
    assert_eq!(
        dots.map(|s| s.detail.as_str()),
        Some("\"/b/c/../g\" -> \"/b/g\"")
    );
}

#[test]
fn rfc3986_base_must_be_absolute_and_reference_valid() {
    let r = resolve("/b/c", "g", Profile::Rfc3986);
    assert_eq!(r.target, None);
    assert_eq!(
        r.first_error().map(|d| d.code.as_str()),
        Some("resolve-base-not-absolute")
    );
    // A reference that does not parse gives no target, only its diagnostics.
    let r = resolve(RFC3986_BASE, "g h", Profile::Rfc3986);
    assert_eq!(r.target, None);
    assert!(
        r.diagnostics.iter().any(|d| d.span.start == 1),
        "{}",
        explain(&r)
    );
    // The base's fragment plays no part.
    let r = resolve("http://a/b#f", "#g", Profile::Rfc3986);
    assert_eq!(r.target.as_deref(), Some("http://a/b#g"));
    let codes: Vec<_> = r.base_diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert!(
        codes.contains(&"resolve-base-fragment-ignored"),
        "{codes:?}"
    );
}

#[test]
fn xri_section_2_4_2() {
    for (reference, want) in XRI_EXAMPLES {
        let r = resolve(XRI_BASE, reference, Profile::Xri2);
        assert_eq!(r.target.as_deref(), *want, "{reference:?}: {}", explain(&r));
        if want.is_none() {
            assert!(
                r.first_error().is_some(),
                "{reference:?}: rejected without an error"
            );
        }
    }
}

#[test]
fn xri_cross_references_are_opaque() {
    // The "/" inside the cross-reference is not a delimiter: ".." climbs over it whole.
    // (Splitting at every "/" would leave "xri://@a/(xri:///@b/x".)
    let r = resolve("xri://@a/(xri://@b/c)/d", "../x", Profile::Xri2);
    assert_eq!(r.target.as_deref(), Some("xri://@a/x"), "{}", explain(&r));
    let r = resolve("xri://@a/(xri://@b/c)/d/e", "../x", Profile::Xri2);
    assert_eq!(
        r.target.as_deref(),
        Some("xri://@a/(xri://@b/c)/x"),
        "{}",
        explain(&r)
    );
    // An absolute XRI reference is taken whole, with or without "xri://".
    let r = resolve("xri://@a/b", "=c/./d", Profile::Xri2);
    assert_eq!(r.target.as_deref(), Some("=c/d"), "{}", explain(&r));
    // A bare base keeps its form.
    let r = resolve("@a*a/b/c", "d", Profile::Xri2);
    assert_eq!(r.target.as_deref(), Some("@a*a/b/d"), "{}", explain(&r));
    let r = resolve("xri://@a/b/(xri://@b/c)", "x", Profile::Xri2);
    assert_eq!(r.target.as_deref(), Some("xri://@a/b/x"), "{}", explain(&r));
}

#[test]
fn rfc1630_partial_forms() {
    // (context, partial, target, whether RFC 3986 answers the same)
    let cases: &[(&str, &str, &str, bool)] = &[
        (MAGIC, "g", "magic://a/b/c//d/e/g", true),
        (MAGIC, "/g", "magic://a/g", true),
        (MAGIC, "//g", "magic://g", true),
        (MAGIC, "../g", "magic://a/b/c//d/g", true),
        (MAGIC, "g:a", "g:a", true),
        ("magic://a/b/c//d/e/", "g", "magic://a/b/c//d/e/g", true),
        ("magic://a/b/c//d/e/", "/g", "magic://a/g", true),
        ("magic://a/b/c//d/e/", "//g", "magic://g", true),
        ("magic://a/b/c//d/e/", "../g", "magic://a/b/c//d/g", true),
        ("magic://a/b/c//d/e/", "g:a", "g:a", true),
        // Where the draft's rules part from RFC 3986's.
        (MAGIC, "#s", "magic://a/b/c//d/e/#s", false),
        (MAGIC, "?y", "magic://a/b/c//d/e/?y", false),
        (MAGIC, "..", "magic://a/b/c//d/e/..", false),
        (MAGIC, "g/.", "magic://a/b/c//d/e/g", false),
        (MAGIC, "/../g", "magic://a/../g", false),
        // The first run of exactly two slashes is the one after "magic:".
        ("magic://a/b//c", "//g", "magic://g", true),
        ("news:comp.infosystems.www", "x@y", "news:x@y", true),
    ];
    for (base, reference, want, same) in cases {
        let r = resolve(base, reference, Profile::Rfc1630);
        assert_eq!(
            r.target.as_deref(),
            Some(*want),
            "{base} + {reference}: {}",
            explain(&r)
        );
        assert_eq!(
            r.note.is_none(),
            *same,
            "{base} + {reference}: note {:?}",
            r.note
        );
    }
    // The note gives RFC 3986's answer.
    let r = resolve(MAGIC, "#s", Profile::Rfc1630);
    assert!(
        r.note
            .as_deref()
            .is_some_and(|n| n.contains("magic://a/b/c//d/e/f#s")),
        "{:?}",
        r.note
    );
}

#[test]
fn rfc1630_readings_are_noted() {
    let r = resolve(MAGIC, "///g", Profile::Rfc1630);
    assert_eq!(r.target.as_deref(), Some("magic:///g"));
    let notes: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str().starts_with("resolve-"))
        .map(|d| (d.code.as_str(), d.span.start, d.span.end))
        .collect();
    assert_eq!(notes, [("resolve-slash-run-missing", 0, 3)]);
    let r = resolve(MAGIC, "#s", Profile::Rfc1630);
    let notes: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str().starts_with("resolve-"))
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(notes, ["resolve-empty-partial"]);
    // The context must be a full form; an illegal partial gives no target.
    let r = resolve("../a", "g", Profile::Rfc1630);
    assert_eq!(
        (
            r.target.as_deref(),
            r.first_error().map(|d| d.code.as_str())
        ),
        (None, Some("resolve-base-not-absolute"))
    );
    let r = resolve(MAGIC, "a=b", Profile::Rfc1630);
    assert_eq!(
        (
            r.target.as_deref(),
            r.first_error().map(|d| d.code.as_str())
        ),
        (None, Some("www-char-not-allowed"))
    );
}

#[test]
fn urn_bases_have_no_relative_references() {
    for p in [Profile::Rfc2141, Profile::Rfc2141bis, Profile::Rfc8141] {
        let r = resolve("urn:example:a", "b", p);
        assert_eq!(r.target, None);
        assert_eq!(
            r.first_error().map(|d| d.code.as_str()),
            Some("resolve-urn-no-relative")
        );
    }
}

#[test]
fn remove_dot_segments_is_public_and_linear() {
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    let long = "/a/..".repeat(200_000);
    assert_eq!(remove_dot_segments(&long), "/");
    let deep = format!("{}{}", "/a".repeat(100_000), "/..".repeat(100_000));
    assert_eq!(remove_dot_segments(&deep), "/");
}

/// Every `base + ref => target` line of the shipped sets resolves as it says.
#[test]
fn shipped_resolution_entries() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for e in idsets::all() {
        let Expect::Resolves { base, target } = &e.expect else {
            continue;
        };
        let profile = e
            .profile
            .unwrap_or_else(|| idbench::engine::specs::auto_family(base).1);
        let r = resolve(base, &e.id, profile);
        checked += 1;
        if r.target != *target {
            failures.push(format!(
                "{}:{} {base} + {} => {:?}: {}",
                e.set,
                e.line,
                e.id,
                target,
                explain(&r)
            ));
        }
    }
    assert!(checked >= 10, "only {checked} resolution entries");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

mod support;
use support::cli::Out;

fn idbench(args: &[&str]) -> Out {
    support::cli::run(args, b"")
}

fn stdout(o: &Out) -> String {
    o.text()
}

fn stderr(o: &Out) -> String {
    o.stderr.clone()
}

#[test]
fn cli_text_prints_one_target_per_line() {
    let o = idbench(&["resolve", RFC3986_BASE, "g", "../g", "//g"]);
    assert_eq!(o.code, Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "http://a/b/c/g\nhttp://a/b/g\nhttp://g\n");
    // auto takes the base's profile: an XRI base resolves with opaque cross-references.
    let o = idbench(&["resolve", XRI_BASE, "!g!g"]);
    assert_eq!(
        (o.code, stdout(&o)),
        (Some(0), "xri://@a*a/!b!b/c*c/!g!g\n".into()),
        "{}",
        stderr(&o)
    );
    let o = idbench(&["resolve", "--profile", "rfc1630", MAGIC, "../g", "//g"]);
    assert_eq!(
        (o.code, stdout(&o)),
        (Some(0), "magic://a/b/c//d/g\nmagic://g\n".into()),
        "{}",
        stderr(&o)
    );
}

#[test]
fn cli_illegal_reference_exits_1_with_the_diagnostic() {
    let o = idbench(&["resolve", "--profile", "rfc1630", MAGIC, "g", "a\u{1b}b"]);
    assert_eq!(o.code, Some(1));
    // One stdout line per reference: the failing one says so in its place.
    assert_eq!(
        stdout(&o),
        "magic://a/b/c//d/e/g\nerror\twww-char-not-allowed\ta⟨U+001B⟩b\n"
    );
    let err = stderr(&o);
    assert!(err.contains("error[www-char-not-allowed]"), "{err}");
    assert!(
        err.contains("a⟨U+001B⟩b") && !err.contains('\u{1b}'),
        "{err}"
    );
    // XRI: "//@!g!g" is not a legal relative XRI reference.
    let o = idbench(&["resolve", XRI_BASE, "//@!g!g"]);
    assert_eq!(o.code, Some(1));
    assert!(
        stdout(&o).starts_with("error\t") && stdout(&o).ends_with("\t//@!g!g\n"),
        "{}",
        stdout(&o)
    );
    assert!(stderr(&o).contains("error["), "{}", stderr(&o));
}

#[test]
fn cli_urn_base_is_an_error() {
    let o = idbench(&["resolve", "urn:isbn:0451450523", "x"]);
    assert_eq!(o.code, Some(1));
    assert_eq!(stdout(&o), "error\tresolve-urn-no-relative\tx\n");
    assert!(
        stderr(&o).contains("resolve-urn-no-relative"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn cli_json_one_object_per_reference() {
    let o = idbench(&["resolve", "--format", "json", RFC3986_BASE, "../g", "g h"]);
    assert_eq!(o.code, Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or(serde_json::Value::Null))
        .collect();
    assert_eq!(lines.len(), 2);
    let ok = &lines[0];
    assert_eq!(ok["base"], RFC3986_BASE);
    assert_eq!(ok["reference"], "../g");
    assert_eq!(ok["profile"], "rfc3986");
    assert_eq!(ok["target"], "http://a/b/g");
    assert!(ok["steps"].as_array().is_some_and(|s| {
        s.iter()
            .all(|s| s["name"].is_string() && s["detail"].is_string())
    }));
    assert_eq!(ok["diagnostics"], serde_json::json!([]));
    let bad = &lines[1];
    assert_eq!(bad["target"], serde_json::Value::Null);
    let diags = bad["diagnostics"].as_array().cloned().unwrap_or_default();
    assert!(
        diags
            .iter()
            .any(|d| d["severity"] == "error" && d["start"] == 1),
        "{bad}"
    );
}

#[test]
fn a_target_whose_path_would_read_as_an_authority_gets_the_dot_guard_and_a_note() {
    // RFC 3986 §5.2 yields the path "//g" with no authority; recomposed literally, "f://g"
    // would read "g" as an authority (§3.3). The target is written "f:/.//g" instead.
    let r = resolve("f:/a", "..//g", Profile::Rfc3986);
    assert_eq!(r.target.as_deref(), Some("f:/.//g"));
    let w: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.severity != idbench::engine::Severity::Error)
        .map(|d| {
            (
                d.severity,
                d.code.as_str(),
                d.span.start,
                d.span.end,
                d.spec,
            )
        })
        .collect();
    assert_eq!(
        w,
        [(
            idbench::engine::Severity::Note,
            "resolve-path-looks-like-authority",
            0,
            5,
            "RFC 3986 §5.2.4, §5.3, §3.3"
        )]
    );
    assert!(
        r.diagnostics[0].message.contains("\"f://g\""),
        "{}",
        r.diagnostics[0].message
    );
    assert!(r.steps.iter().any(|s| s.name == "guard (§5.3)"));
    // Found by the resolve fuzz target: the literal target "http://a@be@xample.com/" is not
    // even a valid URI (two "@" in an authority), and does not resolve to itself.
    let r = resolve("http:q", "..///a@be@xample.com/", Profile::Rfc3986);
    assert_eq!(r.target.as_deref(), Some("http:/.//a@be@xample.com/"));
    // With an authority, or a path that does not start with "//", no guard and no note.
    for (base, r, t) in [
        ("f://h/a", "..//g", "f://h//g"),
        ("f:/a/b", "c//g", "f:/a/c//g"),
        ("f:/a", "g", "f:/g"),
    ] {
        let res = resolve(base, r, Profile::Rfc3986);
        assert_eq!(res.target.as_deref(), Some(t));
        assert!(
            !res.diagnostics
                .iter()
                .any(|d| d.code.as_str() == "resolve-path-looks-like-authority"),
            "{base} + {r}: {:?}",
            res.target
        );
    }
}

/// A reference built from dot-segments, empty segments and segments holding "@" and ":".
fn dotty_reference() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let seg = prop::sample::select(vec!["..", ".", "", "g", "a@b@c", "x:y", "%2E"]);
    (
        prop::sample::select(vec!["", "/", "//", "./"]),
        prop::collection::vec(seg, 0..7),
        prop::sample::select(vec!["", "/", "?q", "#f"]),
    )
        .prop_map(|(lead, segs, tail)| format!("{lead}{}{tail}", segs.join("/")))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1024))]
    /// Every target resolves to itself, is valid when base and reference are, and re-parsed
    /// under the same profile has the authority §5.2.2 gave it: the reference's when it has
    /// a scheme or an authority, else the base's. A path never turns into an authority.
    #[test]
    fn a_target_reparses_to_the_same_authority_and_path_split(
        base in proptest::sample::select(vec![
            "http:q", "f:/a", "f:a", "f:", "http://a/b/c/d;p?q", "f:/a/b/", "f://h",
            "xri://@a/b/c", "xri://@a",
        ]),
        reference in dotty_reference(),
    ) {
        use idbench::engine::specs;
        use idbench::engine::resolve::Components;
        for p in Profile::ALL {
            let r = resolve(base, &reference, p);
            let Some(target) = r.target.as_deref() else { continue };
            let again = resolve(base, target, p);
            proptest::prop_assert_eq!(again.target.as_deref(), Some(target), "{}", p);
            let (tt, td) = specs::parse(p, target);
            if r.first_error().is_none() {
                proptest::prop_assert!(
                    td.iter().all(|d| d.severity != idbench::engine::Severity::Error),
                    "{}: {} + {} gives the invalid {}", p, base, reference, target
                );
            }
            if p != Profile::Rfc3986 && p != Profile::Rfc3987 {
                continue;
            }
            let parts = |s: &str| Components::from_tree(&specs::parse(p, s).0, s);
            let (Some(t), Some(rc), Some(bc)) =
                (Components::from_tree(&tt, target), parts(&reference), parts(base))
            else {
                continue;
            };
            let expected = if rc.scheme.is_some() || rc.authority.is_some() {
                rc.authority
            } else {
                bc.authority
            };
            proptest::prop_assert_eq!(
                &t.authority, &expected, "{}: {} + {} gives {}", p, base, reference, target
            );
        }
    }
}

#[test]
fn an_encoded_dot_segment_in_an_xri_reference_is_data_with_a_note() {
    let r = resolve("xri://@a/b/c", "%2E%2E/g", Profile::Xri2);
    assert_eq!(r.target.as_deref(), Some("xri://@a/b/%2E%2E/g"));
    let notes: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "resolve-encoded-dot-segment")
        .map(|d| (d.severity, d.span.start, d.span.end, d.spec))
        .collect();
    assert_eq!(
        notes,
        [(
            idbench::engine::Severity::Note,
            0,
            6,
            "XRI Syntax 2.0 §2.4.1"
        )]
    );
    let r = resolve("xri://@a/b/c", "../g", Profile::Xri2);
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "resolve-encoded-dot-segment")
    );
}

/// RFC 3986 §5.2.2: a reference without a path takes the base's path as it is ("T.path =
/// Base.path"; normalizing the base is optional, §5.2.1), dot-segments included; resolving
/// that target again removes them (§5.2.4), and the result is then stable. Found by the
/// resolve fuzz target (`xri:.//@a*/a/!!bbc*` + `?y`), whose invariant now allows this one
/// extra step when the base's path has dot-segments.
#[test]
fn a_base_path_with_dot_segments_is_kept_by_a_reference_without_a_path() {
    for (base, reference, target, again) in [
        (
            "xri:.//@a*/a/!!bbc*",
            "?y",
            "xri:.//@a*/a/!!bbc*?y",
            "xri:/@a*/a/!!bbc*?y",
        ),
        ("http://a/b/../c", "?y", "http://a/b/../c?y", "http://a/c?y"),
    ] {
        let r = resolve(base, reference, Profile::Rfc3986);
        assert_eq!(r.target.as_deref(), Some(target), "{base} + {reference}");
        let second = resolve(base, target, Profile::Rfc3986);
        assert_eq!(second.target.as_deref(), Some(again), "{base} + {target}");
        let third = resolve(base, again, Profile::Rfc3986);
        assert_eq!(third.target.as_deref(), Some(again), "{base} + {again}");
    }
}

/// The same under XRI Syntax 2.0 §2.4.1: the base's path keeps its dot-segment when the
/// reference has no path; one more resolution removes it, then the target is stable (found
/// by the resolve fuzz target).
#[test]
fn an_xri_base_path_with_dot_segments_is_kept_by_a_reference_without_a_path() {
    let base = "xri://./c://./c*c/(xrzhd/e)?q";
    let target = "xri://./c://./c*c/(xrzhd/e)?y";
    let again = "xri://./c://c*c/(xrzhd/e)?y";
    let r = resolve(base, "?y", Profile::Xri2);
    assert_eq!(r.target.as_deref(), Some(target));
    let second = resolve(base, target, Profile::Xri2);
    assert_eq!(second.target.as_deref(), Some(again));
    let third = resolve(base, again, Profile::Xri2);
    assert_eq!(third.target.as_deref(), Some(again));
}

/// Issue 38: under whatwg, resolution is the URL Standard's basic URL parser with a base
/// (§4.4), not RFC 3986 §5.2: `resolve --profile whatwg http://a/b/c ../d` gives the
/// standard's answer (it failed with missing-scheme-non-relative-url), the same one
/// `parse --base` gives, and the library function the Python package calls is that path.
#[test]
fn whatwg_resolution_is_parsing_with_a_base_on_every_face() {
    let o = idbench(&[
        "resolve",
        "--profile",
        "whatwg",
        "http://a/b/c",
        "../d",
        "\\x",
        "#β",
    ]);
    assert_eq!(o.code, Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "http://a/d\nhttp://a/x\nhttp://a/b/c#%CE%B2\n");
    // The URL Standard's own reading of a reference RFC 3986 §5.2 reads otherwise: a "\"
    // is a "/" in a special URL, so "\\x\hello" names the host x.
    let r = resolve(
        "http://example.org/foo/bar",
        "\\\\x\\hello",
        Profile::Whatwg,
    );
    assert_eq!(r.target.as_deref(), Some("http://x/hello"), "{r:?}");
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "invalid-reverse-solidus"),
        "the validation errors are the reference's: {:?}",
        r.diagnostics
    );
    // A base that does not parse: no target, the base's failure in base_diagnostics.
    let r = resolve("http://[", "x", Profile::Whatwg);
    assert_eq!(r.target, None);
    assert!(
        r.first_error()
            .is_some_and(|d| d.code.as_str() == "ipv6-unclosed"),
        "{r:?}"
    );
    // One path: every WPT case with a base resolves to what parse --base reads.
    let path = format!(
        "{}/tests/data/whatwg/urltestdata.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases: serde_json::Value = serde_json::from_str(&text).expect("json");
    let mut n = 0;
    for c in cases.as_array().into_iter().flatten() {
        let (Some(input), Some(base)) = (c["input"].as_str(), c["base"].as_str()) else {
            continue;
        };
        n += 1;
        let r = resolve(base, input, Profile::Whatwg);
        let a = idbench::engine::analyze_with_base(
            input,
            base,
            &idbench::engine::Options {
                profile: Some(Profile::Whatwg),
                forms: false,
                all_profiles: false,
                namespace: false,
                scheme_spec: false,
                equivalence_key: false,
            },
        );
        let href = a.tree.root().attr("href").filter(|_| a.valid());
        assert_eq!(
            r.target.as_deref(),
            href,
            "{input:?} against {base:?}: {r:?}"
        );
        if c["failure"].as_bool() != Some(true)
            && let Some(want) = c["href"].as_str()
            && idbench::engine::whatwg::wpt::urltestdata_change(
                input,
                Some(base),
                false,
                Some(want),
            )
            .is_none()
        {
            assert_eq!(
                r.target.as_deref(),
                Some(want),
                "{input:?} against {base:?}"
            );
        }
    }
    assert!(n > 300, "only {n} cases with a base");
}
