//! Conformance of the normal forms: every `->` example of the identifier sets, the specs'
//! transformation examples, the ladders, and property tests.

use idbench::engine::forms::{self, Forms, steps};
use idbench::engine::specs::xri::forms::iri_normal_to_xri;
use idbench::engine::{Analysis, Options, Profile, analyze};
use idbench::idsets::{self, Expect};

mod support;
use proptest::prelude::*;

fn analysis(id: &str, profile: Profile) -> Analysis {
    analyze(
        id,
        &Options {
            profile: Some(profile),
            forms: true,
            all_profiles: false,
            namespace: false,
            scheme_spec: false,
            equivalence_key: true,
        },
    )
}

fn forms_of(id: &str, profile: Profile) -> Forms {
    analysis(id, profile).forms.expect("forms were asked for")
}

fn form(id: &str, profile: Profile, name: &str) -> String {
    let f = forms_of(id, profile);
    f.get(name)
        .unwrap_or_else(|| panic!("{profile}: no form {name} for {id:?}"))
        .to_string()
}

/// Checks `(input, form, expected)` rows under `profile`, reporting every mismatch at once.
fn check_table(profile: Profile, rows: &[(&str, &str, &str)]) {
    let mut bad = Vec::new();
    for (id, name, want) in rows {
        let got = form(id, profile, name);
        if got != *want {
            bad.push(format!(
                "{profile} {id:?} {name}: got {got:?}, want {want:?}"
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_form_example_of_the_identifier_sets() {
    let mut bad = Vec::new();
    let mut seen = 0;
    for e in idsets::all() {
        let Expect::Form { form: name, value } = &e.expect else {
            continue;
        };
        seen += 1;
        let a = analyze(
            &e.id,
            &Options {
                profile: e.profile,
                forms: true,
                all_profiles: false,
                namespace: false,
                scheme_spec: false,
                equivalence_key: true,
            },
        );
        let f = a.forms.expect("forms were asked for");
        match f.get(name) {
            Some(v) if v == value => {}
            got => bad.push(format!(
                "{}:{} [{}] {:?} {name}: got {got:?}, want {value:?}",
                e.set, e.line, e.section, e.id
            )),
        }
    }
    assert!(seen > 0, "the identifier sets hold form examples");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn xri_2_3_2_escaping_examples_with_spec_notes_corrections() {
    check_table(
        Profile::Xri2,
        &[
            // SPEC-NOTES XRI 2: "/abc" kept and "//" escaped; XRI 1: "#" is "%23".
            (
                "xri://@example/(xri://@example2/abc?id=1)",
                "iri_normal",
                "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)",
            ),
            (
                "xri://@example/(xri://@example2#frag)",
                "iri_normal",
                "xri://@example/(xri:%2F%2F@example2%23frag)",
            ),
            (
                "xri://@example.com/(@example/abc)",
                "iri_normal",
                "xri://@example.com/(@example%2Fabc)",
            ),
            (
                "xri://@example.com/(@example/abc%2Fd/ef)",
                "iri_normal",
                "xri://@example.com/(@example%2Fabc%252Fd%2Fef)",
            ),
            // At any depth; outside cross-references only "%" changes.
            (
                "xri://@a/(+b/(+c/d))/e?f/g#h",
                "iri_normal",
                "xri://@a/(+b%2F(+c%2Fd))/e?f/g#h",
            ),
            ("xri://@a/b%2Fc", "iri_normal", "xri://@a/b%252Fc"),
            // §2.3.1 step 2: the prefix; a relative XRI gets none.
            ("@example/(+a)", "iri_normal", "xri://@example/(+a)"),
            ("a/(+b/c)", "iri_normal", "a/(+b%2Fc)"),
            // RFC 3987 §3.1 on top.
            (
                "xri://@a/é(+b/ü)",
                "uri_normal",
                "xri://@a/%C3%A9(+b%2F%C3%BC)",
            ),
        ],
    );
}

#[test]
fn xri_table_2_and_2_5() {
    let rows = [
        ("@example", "xri://@example"),
        ("XRI://@example", "xri://@example"),
        ("xri://@Example", "xri://@example"),
        ("xri://@example%2f", "xri://@example%2F"),
        ("xri://@example/*abc", "xri://@example/abc"),
        ("xri://@ex%61mple", "xri://@example"),
        ("xri://@example/./abc", "xri://@example/abc"),
        ("xri://@example/a/../abc", "xri://@example/abc"),
        // §2.5.3: "/foo*bar" is "/*foo*bar".
        ("xri://@a/*foo*bar", "xri://@a/foo*bar"),
        ("xri://@*a*b", "xri://@a*b"),
        // The star is not optional before "!" or an empty sub-segment, nor where a dot-segment
        // would appear; "!" persistent GCS authorities keep theirs.
        ("xri://@a/*!b", "xri://@a/*!b"),
        ("xri://@a/*..", "xri://@a/*.."),
        ("xri://!!1/x", "xri://!!1/x"),
        // §2.5.4, applied recursively; cross-references are opaque to dot-segments.
        (
            "xri://@example/(+Example/(+FOO))",
            "xri://@example/(xri://+example/(xri://+foo))",
        ),
        ("xri://@a/(@B/./c)/../d", "xri://@a/d"),
        (
            "xri://@a/(HTTP://Example.COM/x/../%7Ey)",
            "xri://@a/(http://example.com/~y)",
        ),
        // IRI authority: only the host is case-insensitive (RFC 3987 §5.3.2.1).
        ("xri://User@Example.COM/A", "xri://User@example.com/A"),
    ];
    let rows: Vec<_> = rows.iter().map(|(i, w)| (*i, "canonical", *w)).collect();
    check_table(Profile::Xri2, &rows);
    // The two §2.5.4 XRIs compare equal.
    assert_eq!(
        form(
            "xri://@example/(+example/(+foo))",
            Profile::Xri2,
            "canonical"
        ),
        form(
            "xri://@example/(+Example/(+FOO))",
            Profile::Xri2,
            "canonical"
        )
    );
}

#[test]
fn xri_normal_form() {
    check_table(
        Profile::Xri2,
        &[
            ("xri://@a/%c3%a9%41%2a", "xri_normal", "xri://@a/éA%2A"),
            ("xri://@a/\u{FB01}", "xri_normal", "xri://@a/fi"),
            ("xri://@a/%EF%BC%A0", "xri_normal", "xri://@a/%EF%BC%A0"),
            ("xri://@a?\u{E000}", "xri_normal", "xri://@a?\u{E000}"),
        ],
    );
}

#[test]
fn iri_normal_back_to_xri_normal() {
    for x in [
        "xri://@example/(xri://@example2/abc?id=1)",
        "xri://@example.com/(@example/abc%2Fd/ef)",
        "xri://@a/(+b/(+c/d%25e))/f%2Fg?h/i#j",
    ] {
        let f = forms_of(x, Profile::Xri2);
        let (back, d) = iri_normal_to_xri(&f.iri_normal);
        assert_eq!(Some(back.as_str()), f.xri_normal.as_deref(), "{x}");
        assert!(d.is_empty(), "{x}: {d:?}");
    }
    // The SPEC-NOTES readings are noted where they bite.
    let f = forms_of("xri://@example/(xri://@example2/abc#id)", Profile::Xri2);
    let codes: Vec<_> = f
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.span.start, d.span.end))
        .collect();
    assert!(codes.contains(&("xri-escape-slashes", 20, 22)), "{codes:?}");
    assert!(codes.contains(&("xri-escape-hash", 35, 36)), "{codes:?}");
    assert!(
        !codes.iter().any(|c| c.0 == "xref-prefix-added"),
        "an xri:// is there already"
    );
    let f = forms_of("@a/(+b)", Profile::Xri2);
    assert!(
        f.diagnostics.iter().any(|d| (d.code.as_str(), d.span)
            == ("xref-prefix-added", idbench::engine::Span::new(4, 6)))
    );
    // Applied to XRI-normal input it warns: §2.3.3 is not idempotent.
    let (_, d) = iri_normal_to_xri("xri://@a/(@b/c%2Fd)");
    assert!(d.iter().any(|d| d.code.as_str() == "not-iri-normal"));
}

#[test]
fn rfc3986_6_2_examples() {
    check_table(
        Profile::Rfc3986,
        &[
            (
                "HTTP://www.EXAMPLE.com/",
                "canonical",
                "http://www.example.com/",
            ),
            (
                "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
                "canonical",
                "example://a/b/c/%7Bfoo%7D",
            ),
            ("http://a/%7Euser", "canonical", "http://a/~user"),
            ("http://a/%2Fb", "canonical", "http://a/%2Fb"),
            ("http://%41.com", "canonical", "http://a.com"),
            ("http://A@B/", "canonical", "http://A@b/"),
            ("../a/./b", "canonical", "../a/./b"),
            (
                "http://example.com",
                "canonical_scheme",
                "http://example.com/",
            ),
            (
                "http://example.com/",
                "canonical_scheme",
                "http://example.com/",
            ),
            (
                "http://example.com:/",
                "canonical_scheme",
                "http://example.com/",
            ),
            (
                "http://example.com:80/",
                "canonical_scheme",
                "http://example.com/",
            ),
            (
                "http://example.com/?",
                "canonical_scheme",
                "http://example.com/?",
            ),
            (
                "https://example.com:443",
                "canonical_scheme",
                "https://example.com/",
            ),
            (
                "ftp://example.com:21/x",
                "canonical_scheme",
                "ftp://example.com/x",
            ),
            ("ws://[::1]:80", "canonical_scheme", "ws://[::1]/"),
            (
                "http://example.com:8080",
                "canonical_scheme",
                "http://example.com:8080/",
            ),
            // The "mailto" domain is case-insensitive (RFC 6068 §2), which §6.2.3 lets the
            // scheme-based step use; the equivalence ladder's rung is the same function.
            (
                "mailto:Joe@Example.COM",
                "canonical_scheme",
                "mailto:Joe@example.com",
            ),
            // §6.2.3 stays out of canonical.
            (
                "http://example.com:80",
                "canonical",
                "http://example.com:80",
            ),
        ],
    );
}

#[test]
fn rfc3987_3_and_5_examples() {
    check_table(
        Profile::Rfc3987,
        &[
            (
                "http://www.example.org/D%C3%BCrst",
                "iri_normal",
                "http://www.example.org/Dürst",
            ),
            (
                "http://www.example.org/D%FCrst",
                "iri_normal",
                "http://www.example.org/D%FCrst",
            ),
            (
                "http://xn--99zt52a.example.org/%e2%80%ae",
                "iri_normal",
                "http://xn--99zt52a.example.org/%e2%80%ae",
            ),
            (
                "http://www.example.org/Dürst",
                "uri_normal",
                "http://www.example.org/D%C3%BCrst",
            ),
            (
                "http://www.example.org/r%C3%A9sum%C3%A9.html",
                "canonical",
                "http://www.example.org/résumé.html",
            ),
            (
                "http://www.example.org/résumé.html",
                "canonical",
                "http://www.example.org/résumé.html",
            ),
            (
                "http://example.org/%7euser",
                "canonical",
                "http://example.org/~user",
            ),
            (
                "HTTP://Example.ORG/ÉTÉ",
                "canonical",
                "http://example.org/ÉTÉ",
            ),
        ],
    );
    let f = forms_of("http://xn--99zt52a.example.org/%e2%80%ae", Profile::Rfc3987);
    assert!(
        f.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "iri-kept-encoded")
    );
    // A private-use character is assigned; it stays encoded because iprivate is allowed
    // only in the query (RFC 3987 §2.2), and the note says that, not "unassigned".
    let f = forms_of("http://a/%EE%80%80", Profile::Rfc3987);
    let kept = f
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "iri-kept-encoded")
        .expect("U+E000 kept encoded");
    assert!(kept.message.contains("private-use"), "{}", kept.message);
    assert!(
        !kept.message.contains("not an assigned"),
        "{}",
        kept.message
    );
    let f = forms_of("http://a/e\u{301}", Profile::Rfc3987);
    assert_eq!(
        f.canonical, "http://a/e\u{301}",
        "RFC 3987 §5.3.2.2: comparison does not normalize"
    );
    assert!(
        f.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "canonical-not-nfc")
    );
}

#[test]
fn www_draft_examples_1_and_2() {
    let c = |id: &str| form(id, Profile::Rfc1630, "canonical");
    // Example 1: identical.
    assert_eq!(
        c("http://www.w3.org/albert/bertram/marie-claude"),
        c("http://www.w3.org/albert/bertram/marie%2Dclaude")
    );
    // Example 2: NOT identical, the encoded slash has no hierarchical significance.
    assert_ne!(
        c("http://www.w3.org/albert/bertram/marie-claude"),
        c("http://www.w3.org/albert/bertram%2Fmarie-claude")
    );
    check_table(
        Profile::Rfc1630,
        &[
            ("http://a/b%2fc", "canonical", "http://a/b%2Fc"),
            ("http://a/%2E%2E/b", "canonical", "http://a/%2E%2E/b"),
            (
                "http://a/b%20c?d%2Be+f%41#g",
                "canonical",
                "http://a/b%20c?d%2Be+fA#g",
            ),
            ("http://a/b%2B", "canonical", "http://a/b+"),
            ("http://a/%7E", "canonical", "http://a/%7E"),
            ("http://a/b%E9", "iri_normal", "http://a/b%E9"),
        ],
    );
}

#[test]
fn urn_lexical_equivalence_examples() {
    // RFC 2141 §6: 1, 2, 3 equivalent; 4 alone; 5 and 6 only to each other.
    let c = |id: &str, p: Profile| form(id, p, "canonical");
    for p in [Profile::Rfc2141, Profile::Rfc2141bis, Profile::Rfc8141] {
        let k: Vec<String> = [
            "URN:foo:a123,456",
            "urn:foo:a123,456",
            "urn:FOO:a123,456",
            "urn:foo:A123,456",
            "urn:foo:a123%2C456",
            "URN:FOO:a123%2c456",
        ]
        .iter()
        .map(|id| c(id, p))
        .collect();
        assert!(k[0] == k[1] && k[1] == k[2], "{p}: {k:?}");
        assert!(k[3] != k[0] && k[3] != k[4], "{p}: {k:?}");
        assert!(k[4] == k[5] && k[4] != k[0], "{p}: {k:?}");
        assert_eq!(k[5], "urn:foo:a123%2C456");
    }
    // rfc2141bis §5.1: 8 joins 1-3 (step 4); 7 only under 5a.
    let p = Profile::Rfc2141bis;
    let one = c("URN:foo:a123,456", p);
    assert_eq!(c("urn:foo:a123,456#xyz", p), one);
    assert_eq!(c("urn:foo:a123,456?x=y", p), one);
    let cache = |id: &str| form(id, p, "canonical_cache");
    assert_eq!(cache("urn:foo:a123,456#xyz"), cache("URN:foo:a123,456"));
    assert_ne!(cache("urn:foo:a123,456?x=y"), cache("URN:foo:a123,456"));
    assert_eq!(
        cache("urn:ISBN:0451450523?s=I2L&c=ToC#p"),
        "urn:isbn:0451450523?c=ToC&s=I2L"
    );
    // RFC 8141 §3.1: r-, q- and f-components ignored.
    check_table(
        Profile::Rfc8141,
        &[
            (
                "urn:example:a123,z456?+abc",
                "canonical",
                "urn:example:a123,z456",
            ),
            (
                "URN:EXAMPLE:a123,z456?=xyz#789",
                "canonical",
                "urn:example:a123,z456",
            ),
            ("urn:example:a%2fb", "canonical", "urn:example:a%2Fb"),
        ],
    );
}

#[test]
fn urn_display_form() {
    let f = forms_of("urn:foo:a123%2C456%C3%A9", Profile::Rfc2141);
    assert_eq!(f.display, "urn:foo:a123,456é");
    let warn: Vec<_> = f
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "display-ambiguous")
        .map(|d| (d.span.start, d.span.end))
        .collect();
    assert_eq!(warn, vec![(12, 15)]);
    // "%25", "/", "?", "#" and controls stay encoded.
    let f = forms_of("urn:foo:a%25%2F%3F%23%00%E2%80%AE", Profile::Rfc8141);
    assert_eq!(f.display, "urn:foo:a%25%2F%3F%23%00%E2%80%AE");
}

#[test]
fn ladders_end_at_canonical() {
    let cases: &[(Profile, &str)] = &[
        (Profile::Rfc3986, "eXAMPLE://A%41/./b/../b/%63/%7bfoo%7d"),
        (
            Profile::Rfc3987,
            "HTTP://Ex%41mple.ORG/r%C3%A9sum%c3%a9/./x",
        ),
        (Profile::Rfc1630, "http://a/b%2d%2f/c?d%2b%41"),
        (Profile::Rfc2141, "URN:FOO:a123%2c456"),
        (Profile::Rfc2141bis, "URN:FOO:a%2c?s=I2L&c=x#f"),
        (Profile::Rfc8141, "URN:FOO:a%2c?+r?=q#f"),
        (
            Profile::Xri2,
            "@Ex%41mple*Foo/*abc/./x/(+Bar/*c%2f)/../y?q#f",
        ),
        (Profile::Xri2, "XRI://@a/(HTTP://B.com/x/../y)"),
    ];
    for &(p, id) in cases {
        for cache in [false, true] {
            if cache && p != Profile::Rfc2141bis {
                continue;
            }
            let mut cur = id.to_string();
            for s in steps(&p.descriptor(), cache) {
                cur = forms::apply(&cur, &p.descriptor(), s.rules).0;
            }
            let want = if cache {
                form(id, p, "canonical_cache")
            } else {
                form(id, p, "canonical")
            };
            assert_eq!(cur, want, "{p} {id} (cache: {cache})");
        }
    }
}

#[test]
fn forms_of_invalid_input_are_still_computed() {
    for p in Profile::ALL {
        for id in [
            "",
            "%",
            "http://[",
            "urn:",
            "xri://@a/(",
            "(((",
            "\u{202E}%zz",
            "urn:a:b?+#",
        ] {
            let f = forms_of(id, p);
            assert!(!f.rows().is_empty(), "{p} {id:?}");
        }
    }
}

// ---- properties ---------------------------------------------------------------------------

fn pchars() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-zA-Z0-9._~-]{1,3}",
        Just("%2F".to_string()),
        Just("%2f".to_string()),
        Just("%41".to_string()),
        Just("%7e".to_string()),
        Just("%C3%A9".to_string()),
        Just("%c3%a9".to_string()),
        Just("%E2%80%AE".to_string()),
        Just("%25".to_string()),
        Just("é".to_string()),
        Just("\u{FB01}".to_string()),
        Just("漢".to_string()),
        Just(".".to_string()),
        Just("..".to_string()),
        Just(",".to_string()),
    ];
    prop::collection::vec(piece, 0..4).prop_map(|v| v.concat())
}

fn uri_like() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("http"), Just("HTTP"), Just("ftp"), Just("foo")],
        prop::option::of((pchars(), prop::option::of("[0-9]{0,3}"))),
        prop::collection::vec(pchars(), 0..4),
        prop::option::of(pchars()),
        prop::option::of(pchars()),
    )
        .prop_map(|(scheme, auth, segs, q, f)| {
            let mut s = format!("{scheme}:");
            if let Some((host, port)) = auth {
                s.push_str("//");
                s.push_str(&host);
                if let Some(p) = port {
                    s.push(':');
                    s.push_str(&p);
                }
            }
            for seg in segs {
                s.push('/');
                s.push_str(&seg);
            }
            if let Some(q) = q {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = f {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

fn subsegs() -> impl Strategy<Value = String> {
    let leaf = prop::collection::vec(
        (
            prop_oneof![Just(""), Just("*"), Just("!")],
            "[a-zA-Z0-9]{1,3}|%2f|%41|é",
        ),
        1..3,
    )
    .prop_map(|v| {
        v.into_iter()
            .map(|(d, t)| format!("{d}{t}"))
            .collect::<String>()
    });
    leaf.prop_recursive(2, 8, 2, |inner| {
        (
            inner.clone(),
            prop_oneof![Just("+"), Just("@"), Just("=")],
            inner,
            prop::bool::ANY,
        )
            .prop_map(|(a, g, b, http)| {
                if http {
                    format!("{a}*(http://Ex.com/{b}/../c?d)")
                } else {
                    format!("{a}*({g}{b}/{a})")
                }
            })
    })
}

fn xri_like() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("xri://"), Just("XRI://"), Just("")],
        prop_oneof![Just("@"), Just("="), Just("+"), Just("!!1")],
        subsegs(),
        prop::collection::vec(
            prop_oneof![subsegs(), Just(".".to_string()), Just("..".to_string())],
            0..4,
        ),
        prop::option::of("[a-z0-9/?=]{0,4}"),
    )
        .prop_map(|(prefix, gcs, auth, segs, q)| {
            let mut s = format!("{prefix}{gcs}{auth}");
            for seg in segs {
                s.push('/');
                s.push_str(&seg);
            }
            if let Some(q) = q {
                s.push('?');
                s.push_str(&q);
            }
            s
        })
}

fn urn_like() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("urn"), Just("URN")],
        "[a-zA-Z0-9][a-zA-Z0-9-]{0,4}[a-zA-Z0-9]",
        "[a-zA-Z0-9(),+:=@;$_!*']{1,4}(%2[cC]|%C3%A9|%e2%80%ae)?[a-z]{0,2}",
        prop::option::of(prop_oneof![
            Just("?s=I2L&c=ToC"),
            Just("?c=b&s=%2c"),
            Just("?+r?=q")
        ]),
        prop::option::of("#[a-z]{0,3}"),
    )
        .prop_map(|(u, nid, nss, q, f)| {
            format!(
                "{u}:{nid}:{nss}{}{}",
                q.unwrap_or_default(),
                f.unwrap_or_default()
            )
        })
}

/// Re-computing `name` from its own value under `profile` changes nothing. Not for xri2's
/// `iri_normal` and `uri_normal`: §2.3.1 step 4 is not idempotent ("%" becomes "%25" again).
fn idempotent(id: &str, profile: Profile, names: &[&str]) -> Result<(), TestCaseError> {
    let f = forms_of(id, profile);
    for name in names {
        let Some(once) = f.get(name) else { continue };
        let twice = form(once, profile, name);
        prop_assert_eq!(&twice, once, "{} {} of {:?}", profile, name, id);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn uri_family_forms_are_idempotent(id in uri_like()) {
        for p in [Profile::Rfc3986, Profile::Rfc3987, Profile::Rfc1630] {
            idempotent(&id, p, &["iri_normal", "uri_normal", "canonical", "canonical_scheme", "display"])?;
        }
    }

    #[test]
    fn urn_forms_are_idempotent(id in urn_like()) {
        for p in [Profile::Rfc2141, Profile::Rfc2141bis, Profile::Rfc8141] {
            idempotent(&id, p, &["iri_normal", "uri_normal", "canonical", "canonical_cache", "display"])?;
        }
    }

    #[test]
    fn xri_forms_are_idempotent_where_the_spec_says(id in xri_like()) {
        idempotent(&id, Profile::Xri2, &["xri_normal", "canonical"])?;
    }

    #[test]
    fn uri_normal_of_a_valid_iri_is_a_valid_uri(id in uri_like()) {
        let a = analysis(&id, Profile::Rfc3987);
        prop_assume!(a.valid());
        let uri = a.forms.expect("forms").uri_normal;
        let b = analysis(&uri, Profile::Rfc3986);
        prop_assert!(b.valid(), "{:?} -> {:?}: {:?}", id, uri, b.first_error());
    }

    #[test]
    fn iri_to_xri_undoes_the_xri_to_iri_escaping(id in xri_like()) {
        let a = analysis(&id, Profile::Xri2);
        prop_assume!(a.valid());
        let f = a.forms.expect("forms");
        let xn = f.xri_normal.clone().expect("xri2 has an XRI-normal form");
        // §2.3.1 step 2 adds "xri://", which §2.3.3 does not take away.
        let want = if a.tree.root().child(idbench::engine::NodeKind::Scheme).is_none()
            && a.tree.root().kind() == idbench::engine::NodeKind::Xri
        {
            format!("xri://{xn}")
        } else {
            xn
        };
        let (back, d) = iri_normal_to_xri(&f.iri_normal);
        prop_assert_eq!(back, want, "{:?} via {:?}", id, f.iri_normal);
        prop_assert!(d.is_empty(), "{:?}: {:?}", f.iri_normal, d);
    }

    #[test]
    fn iri_normal_of_a_valid_xri_is_a_valid_iri(id in xri_like()) {
        let a = analysis(&id, Profile::Xri2);
        prop_assume!(a.valid());
        let f = a.forms.expect("forms");
        let b = analysis(&f.iri_normal, Profile::Rfc3987);
        // §2.2 requires a valid IRI, which §2.3.2 does not ensure: the forms say so.
        let warned = f.diagnostics.iter().any(|d| d.code.as_str() == "iri-normal-invalid");
        prop_assert_eq!(b.valid(), !warned, "{:?} -> {:?}: {:?}", id, f.iri_normal, b.first_error());
    }
}

#[test]
fn long_and_deep_inputs_complete() {
    let deep = format!("xri://@a/{}b{}", "(+a/".repeat(3000), ")".repeat(3000));
    let f = forms_of(&deep, Profile::Xri2);
    assert!(f.canonical.len() >= deep.len());
    let long = format!("xri://@a/{}", "(+b/c%2f)*d/é/".repeat(5000));
    let f = forms_of(&long, Profile::Xri2);
    assert_eq!(iri_normal_to_xri(&f.iri_normal).0, f.xri_normal.unwrap());
    let long = format!("http://a/{}", "b/../%7e/".repeat(10000));
    assert!(form(&long, Profile::Rfc3987, "canonical").starts_with("http://a/~/~/"));
}

/// XRI Syntax 2.0 §2.1.4: the XRI-normal form matches the ABNF, so it parses, under the same
/// profile, to a tree of the same shape as the input's, even where NFKC would have made a
/// delimiter of a look-alike (which stays data, percent-encoded, §2.1.2).
#[test]
fn xri_normal_form_parses_to_the_same_tree() {
    let shape = |s: &str| {
        let a = analyze(s, &Options::validate_only(Some(Profile::Xri2)));
        let kinds: Vec<_> = a.tree.iter().map(|n| (n.kind(), n.rule())).collect();
        (kinds, a.valid())
    };
    for input in [
        "xri://＠a",
        "xri://@a/b＠c",
        "xri://@a/（b）",
        "xri://@a*b/c＄d＊e",
        "xri://＝a/［x］",
        "xri://@a/b＃c",
        "xri://@a/ﬁ％41",
    ] {
        let f = forms_of(input, Profile::Xri2);
        let normal = f.xri_normal.as_deref().unwrap_or("");
        assert_eq!(shape(normal), shape(input), "{input} -> {normal}");
    }
}

/// One answer everywhere: `idbench parse` shows the forms' notes as the workbench does (both
/// show `Analysis::all_diagnostics`); `forms --format json` says whether the input is valid
/// and marks the forms of an invalid input as best-effort; `forms --from iri` applies XRI
/// Syntax 2.0 §2.3.3.
#[test]
fn the_faces_give_one_answer() {
    let run = |args: &[&str]| {
        let line = support::cli::run(args, b"").text();
        serde_json::from_str::<serde_json::Value>(line.trim()).expect("one JSON object")
    };
    let input = "xri://@a/b\u{FF20}c";
    let parse = run(&["parse", "-p", "xri2", "-f", "json", input]);
    let a = analyze(input, &Options::full());
    let codes = |v: &serde_json::Value| -> Vec<String> {
        v["diagnostics"]
            .as_array()
            .map(|d| d.iter().map(|d| d["code"].to_string()).collect())
            .unwrap_or_default()
    };
    let want: Vec<String> = a
        .all_diagnostics()
        .iter()
        .map(|d| format!("\"{}\"", d.code))
        .collect();
    assert_eq!(codes(&parse), want);
    assert!(
        want.iter().any(|c| c == "\"nfkc-made-delimiter\""),
        "{want:?}"
    );

    let v = run(&["forms", "-f", "json", "urn:a"]);
    assert_eq!(
        (&v["valid"], &v["best_effort"]),
        (&false.into(), &true.into())
    );
    let v = run(&["forms", "-f", "json", "urn:ab:c"]);
    assert_eq!(
        (&v["valid"], &v["best_effort"]),
        (&true.into(), &false.into())
    );

    let v = run(&[
        "forms",
        "--from",
        "iri",
        "-f",
        "json",
        "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)",
    ]);
    assert_eq!(v["input"], "xri://@example/(xri://@example2/abc?id=1)");
    assert_eq!(v["profile"], "xri2");
}

/// `iri-normal-invalid` (XRI Syntax 2.0 §2.2) blames the §2.3.2 escaping: it is given only
/// for a valid XRI whose IRI-normal form an IRI parser rejects, not for an XRI that is
/// itself invalid, whose own error says what is wrong.
#[test]
fn iri_normal_invalid_only_for_a_valid_xri() {
    let codes = |s: &str| -> Vec<String> {
        let a = analyze(
            s,
            &Options {
                profile: Some(Profile::Xri2),
                forms: true,
                all_profiles: false,
                namespace: false,
                scheme_spec: false,
                equivalence_key: true,
            },
        );
        a.forms
            .map(|f| f.diagnostics.iter().map(|d| d.code.to_string()).collect())
            .unwrap_or_default()
    };
    assert!(!codes("xri://[::g]").contains(&"iri-normal-invalid".to_string()));
    assert!(
        codes("xri://=example*(urn:isbn:0-395-36341-1)")
            .contains(&"iri-normal-invalid".to_string())
    );
}
