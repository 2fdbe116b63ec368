//! Equivalence: the spec examples, the ladders, the located differences, properties, and
//! the `compare` command end to end.

use idbench::engine::equiv::{CompareOptions, Objective, SideForm, Verdict, compare};
use idbench::engine::tree::{NodeKind, Span};
use idbench::engine::{Options, Profile, analyze};

mod support;
use idbench::idsets::{self, Expect};

fn under(p: Profile) -> CompareOptions {
    CompareOptions {
        profile: Some(p),
        ..CompareOptions::default()
    }
}

fn cmp(p: Profile, a: &str, b: &str) -> Verdict {
    compare(a, b, &under(p))
}

/// Every `==` / `!=` pair of the shipped identifier sets. The rfc2141bis pairs assume
/// objective 5a (the file's comment says so); the others have no objective.
#[test]
fn every_pair_of_the_identifier_sets() {
    let mut n = 0;
    let mut failures = Vec::new();
    for e in idsets::all() {
        let Expect::Pair { other, equivalent } = &e.expect else {
            continue;
        };
        n += 1;
        let opts = CompareOptions {
            profile: e.profile,
            objective: Objective::Names,
            ..CompareOptions::default()
        };
        for (a, b) in [(&e.id, other), (other, &e.id)] {
            let v = compare(a, b, &opts);
            if v.equivalent != *equivalent || !v.sides_valid() {
                failures.push(format!(
                    "{}:{} {a} vs {b}: expected {}, got {} (valid {}): {}",
                    e.set,
                    e.line,
                    equivalent,
                    v.equivalent,
                    v.sides_valid(),
                    v.summary()
                ));
            }
            if !*equivalent {
                assert!(
                    v.difference.is_some(),
                    "{}:{} no difference located",
                    e.set,
                    e.line
                );
            }
        }
    }
    assert!(n >= 100, "only {n} pairs found");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Asserts which members of `urns` are equivalent to which, as classes of indices.
fn assert_classes(p: Profile, opts: CompareOptions, urns: &[&str], classes: &[&[usize]]) {
    let class_of = |i: usize| classes.iter().position(|c| c.contains(&i));
    for (i, a) in urns.iter().enumerate() {
        for (j, b) in urns.iter().enumerate() {
            let v = compare(a, b, &opts);
            assert_eq!(v.profile, p);
            assert!(v.sides_valid(), "{a} / {b}: {}", v.summary());
            let expect = i == j || class_of(i).is_some_and(|c| Some(c) == class_of(j));
            assert_eq!(
                v.equivalent,
                expect,
                "{p}: {} ({a}) vs {} ({b}): {}",
                i + 1,
                j + 1,
                v.summary()
            );
        }
    }
}

const RFC2141_6: [&str; 6] = [
    "URN:foo:a123,456",
    "urn:foo:a123,456",
    "urn:FOO:a123,456",
    "urn:foo:A123,456",
    "urn:foo:a123%2C456",
    "URN:FOO:a123%2c456",
];

#[test]
fn rfc2141_section_6_examples() {
    // "URNs 1, 2, and 3 are all lexically equivalent. URN 4 is not lexically equivalent any
    // of the other URNs of the above set. URNs 5 and 6 are only lexically equivalent to each
    // other."
    assert_classes(
        Profile::Rfc2141,
        under(Profile::Rfc2141),
        &RFC2141_6,
        &[&[0, 1, 2], &[3], &[4, 5]],
    );
}

const BIS_5_1: [&str; 8] = [
    "URN:foo:a123,456",
    "urn:foo:a123,456",
    "urn:FOO:a123,456",
    "urn:foo:A123,456",
    "urn:foo:a123%2C456",
    "URN:FOO:a123%2c456",
    "urn:foo:a123,456?x=y",
    "urn:foo:a123,456#xyz",
];

#[test]
fn rfc2141bis_section_5_1_examples_under_both_objectives() {
    // SPEC-NOTES rfc2141bis item 3: 1, 2, 3 and 8 are equivalent; 7 joins them under 5a only.
    let names = CompareOptions {
        objective: Objective::Names,
        ..under(Profile::Rfc2141bis)
    };
    assert_classes(
        Profile::Rfc2141bis,
        names,
        &BIS_5_1,
        &[&[0, 1, 2, 6, 7], &[3], &[4, 5]],
    );
    let cache = CompareOptions {
        objective: Objective::Cache,
        ..under(Profile::Rfc2141bis)
    };
    assert_classes(
        Profile::Rfc2141bis,
        cache,
        &BIS_5_1,
        &[&[0, 1, 2, 7], &[6], &[3], &[4, 5]],
    );
}

#[test]
fn rfc2141bis_ladders_follow_section_5_steps() {
    let v = compare(
        "urn:foo:a123,456?x=y",
        "URN:foo:a123,456",
        &under(Profile::Rfc2141bis),
    );
    let names: Vec<_> = v.steps.iter().map(|s| (s.name.as_str(), s.equal)).collect();
    assert_eq!(names.len(), 5, "{names:?}");
    assert!(
        names[4].0.contains("5a") && names[4].1 && !names[3].1,
        "{names:?}"
    );
    assert_eq!(v.steps[4].a, "urn:foo:a123,456");
    let cache = CompareOptions {
        objective: Objective::Cache,
        ..under(Profile::Rfc2141bis)
    };
    let v = compare("urn:foo:a?s=I2L&c=ToC", "urn:foo:a?c=ToC&s=I2L", &cache);
    assert!(v.equivalent, "5b reorders the directives: {}", v.summary());
    assert!(v.steps[4].name.contains("5b"));
    let v = compare("urn:foo:a?s=I2L", "urn:foo:a?s=i2l", &cache);
    assert!(!v.equivalent);
    let d = v.difference.expect("difference");
    assert!(d.reason.contains("case-sensitive"), "{}", d.reason);
    assert_eq!((d.a, d.b), (Span::new(12, 15), Span::new(12, 15)));
    let names = compare(
        "urn:foo:a?s=I2L",
        "urn:foo:a?s=i2l",
        &under(Profile::Rfc2141bis),
    );
    assert!(names.equivalent, "5a removes the query");
}

#[test]
fn rfc2141bis_says_when_the_objective_decides() {
    for objective in [Objective::Names, Objective::Cache] {
        let o = CompareOptions {
            objective,
            ..under(Profile::Rfc2141bis)
        };
        let v = compare("urn:foo:a123,456?x=y", "urn:foo:a123,456", &o);
        assert_eq!(v.equivalent, objective == Objective::Names);
        let notes: Vec<_> = v
            .a_diagnostics
            .iter()
            .filter(|d| d.code.as_str() == "objective-decides")
            .collect();
        assert_eq!(notes.len(), 1, "{:?}", v.a_diagnostics);
        assert_eq!(notes[0].span, Span::new(17, 20));
        assert!(notes[0].message.contains("5a") && notes[0].message.contains("5b"));
        assert!(
            v.b_diagnostics
                .iter()
                .all(|d| d.code.as_str() != "objective-decides")
        );
        // Where both objectives agree, nothing is said.
        let v = compare("urn:foo:a?x=y", "urn:foo:b?x=y", &o);
        assert!(
            v.a_diagnostics
                .iter()
                .all(|d| d.code.as_str() != "objective-decides")
        );
    }
}

#[test]
fn rfc8141_section_3_1() {
    for (a, b, eq) in [
        ("urn:example:a123,z456", "URN:EXAMPLE:a123,z456", true),
        (
            "urn:example:a123,z456?+abc",
            "urn:example:a123,z456?=xyz#789",
            true,
        ),
        ("urn:example:a123%2cz456", "urn:example:a123%2Cz456", true),
        ("urn:example:a123%2Cz456", "urn:example:a123,z456", false),
        ("urn:example:A123,z456", "urn:example:a123,z456", false),
        (
            "urn:example:a123,z456/foo",
            "urn:example:a123,z456/bar",
            false,
        ),
    ] {
        let v = cmp(Profile::Rfc8141, a, b);
        assert_eq!(v.equivalent, eq, "{a} vs {b}: {}", v.summary());
        assert_eq!(v.steps.len(), 4);
        assert!(v.steps.iter().all(|s| s.spec == "RFC 8141 §3.1"));
    }
    let v = cmp(
        Profile::Rfc8141,
        "urn:example:A123,z456",
        "urn:example:a123,z456",
    );
    let d = v.difference.expect("difference");
    assert_eq!(d.kind, NodeKind::Nss);
    assert_eq!(d.reason, "NSS is case-sensitive: RFC 8141 §3.1");
}

/// (profile, a, b, kind, a span, b span, words the reason must hold)
type Case = (
    Profile,
    &'static str,
    &'static str,
    NodeKind,
    (usize, usize),
    (usize, usize),
    &'static [&'static str],
);

#[test]
fn differences_point_at_the_component_and_say_why() {
    let cases: &[Case] = &[
        (
            Profile::Rfc2141,
            "URN:foo:a123,456",
            "urn:FOO:a123%2c456",
            NodeKind::Nss,
            (8, 16),
            (8, 18),
            &[
                "A has \",\" where B has \"%2C\"",
                "MUST NOT be removed",
                "RFC 2141 §5",
            ],
        ),
        (
            Profile::Rfc2141,
            "urn:foo:A123,456",
            "urn:foo:a123,456",
            NodeKind::Nss,
            (8, 16),
            (8, 16),
            &["NSS is case-sensitive: RFC 2141 §5"],
        ),
        (
            Profile::Rfc2141,
            "urn:foo:a",
            "urn:bar:a",
            NodeKind::Nid,
            (4, 7),
            (4, 7),
            &["the NIDs differ"],
        ),
        (
            Profile::Rfc3986,
            "http://a/?x",
            "http://a/?y",
            NodeKind::Query,
            (10, 11),
            (10, 11),
            &["the queries differ: \"x\" vs \"y\""],
        ),
        (
            Profile::Rfc3986,
            "http://example.com/?",
            "http://example.com/",
            NodeKind::Query,
            (20, 20),
            (19, 19),
            &["only A has a query, though empty", "RFC 3986 §6.2.3"],
        ),
        (
            Profile::Rfc3986,
            "http://a/b/C",
            "HTTP://A/b/c",
            NodeKind::Segment,
            (11, 12),
            (11, 12),
            &["segment is case-sensitive", "RFC 3986 §6.2.2.1"],
        ),
        (
            Profile::Rfc3986,
            "http://a/b%2Fc",
            "http://a/b/c",
            NodeKind::Segment,
            (9, 14),
            (9, 10),
            &["\"%2F\" encodes \"/\"", "RFC 3986 §6.2.2.2"],
        ),
        (
            Profile::Rfc3986,
            "http://a/./b/C",
            "http://a/b/c",
            NodeKind::Segment,
            (13, 14),
            (11, 12),
            &["case-sensitive"],
        ),
        (
            Profile::Rfc1630,
            "http://www.w3.org/albert/bertram/marie-claude",
            "http://www.w3.org/albert/bertram%2Fmarie-claude",
            NodeKind::Segment,
            (25, 32),
            (25, 47),
            &[
                "NEVER be encoded and unencoded",
                "no hierarchical significance",
            ],
        ),
        (
            Profile::Xri2,
            "xri://@example/(+example/(+foo/bar))",
            "xri://@Example/(+example/(+Foo/Bar))",
            NodeKind::Subsegment,
            (31, 34),
            (31, 34),
            &["case-sensitive", "XRI Syntax 2.0 §2.5.1"],
        ),
        (
            Profile::Xri2,
            "xri://@a/foo/($l*en)",
            "xri://@a/foo",
            NodeKind::Segment,
            (13, 20),
            (12, 12),
            &["\"$\" cross-references are significant", "§2.5.4"],
        ),
    ];
    for &(p, a, b, kind, sa, sb, words) in cases {
        let v = cmp(p, a, b);
        assert!(
            !v.equivalent && v.sides_valid(),
            "{a} vs {b}: {}",
            v.summary()
        );
        let d = v
            .difference
            .unwrap_or_else(|| panic!("{a} vs {b}: no difference"));
        assert_eq!(
            (d.kind, d.a, d.b),
            (kind, Span::new(sa.0, sa.1), Span::new(sb.0, sb.1)),
            "{a} vs {b}: {}",
            d.reason
        );
        for w in words {
            assert!(
                d.reason.contains(w),
                "{a} vs {b}: {:?} lacks {w:?}",
                d.reason
            );
        }
    }
}

#[test]
fn rfc3986_ladder_rungs_say_where_they_became_equal() {
    let rung = |a: &str, b: &str| {
        let v = cmp(Profile::Rfc3986, a, b);
        let names: Vec<_> = v.steps.iter().map(|s| s.spec).collect();
        assert_eq!(
            names,
            ["RFC 3986 §6.2.1", "RFC 3986 §6.2.2", "RFC 3986 §6.2.3"]
        );
        (v.equivalent, v.equal_from())
    };
    assert_eq!(rung("http://a/b", "http://a/b"), (true, Some(0)));
    assert_eq!(
        rung(
            "example://a/b/c/%7Bfoo%7D",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
        ),
        (true, Some(1))
    );
    assert_eq!(
        rung("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        (true, Some(1))
    );
    for b in [
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ] {
        assert_eq!(rung("http://example.com", b), (true, Some(2)), "{b}");
    }
    assert_eq!(
        rung("mailto:Joe@Example.COM", "mailto:Joe@example.com"),
        (true, Some(2))
    );
    assert_eq!(
        rung("mailto:joe@example.com", "mailto:Joe@example.com"),
        (false, None)
    );
    assert_eq!(
        rung("http://example.com/?", "http://example.com/"),
        (false, None)
    );
    assert_eq!(
        rung("http://example.com/#", "http://example.com/"),
        (false, None)
    );
    let v = cmp(
        Profile::Rfc3986,
        "http://example.com",
        "http://example.com:80/",
    );
    assert!(v.summary().contains("equal from step 3"), "{}", v.summary());
}

#[test]
fn rfc3987_adds_character_normalization_without_applying_it() {
    let nfc = "http://www.example.org/r\u{E9}sum\u{E9}.html";
    let nfd = "http://www.example.org/re\u{301}sume\u{301}.html";
    let v = cmp(Profile::Rfc3987, nfc, nfd);
    assert!(!v.equivalent && v.sides_valid());
    let specs: Vec<_> = v.steps.iter().map(|s| s.spec).collect();
    assert_eq!(
        specs,
        [
            "RFC 3987 §5.3.1",
            "RFC 3987 §5.3.2",
            "RFC 3987 §5.3.2.2",
            "RFC 3987 §5.3.3"
        ]
    );
    assert!(
        v.steps[2].name.contains("side B is not in NFC"),
        "{}",
        v.steps[2].name
    );
    assert_eq!(v.steps[2].b, nfd, "not normalized");
    let d = v.difference.expect("difference");
    assert_eq!(d.kind, NodeKind::Segment);
    assert!(
        d.reason.contains("MUST NOT apply character normalization"),
        "{}",
        d.reason
    );
    assert_eq!((d.a, d.b), (Span::new(23, 36), Span::new(23, 38)));
    // Percent-encoded iunreserved characters are decoded (§5.3.2.3).
    let v = cmp(
        Profile::Rfc3987,
        "http://example.org/ros\u{E9}",
        "HTTP://example.org/ros%c3%a9",
    );
    assert_eq!((v.equivalent, v.equal_from()), (true, Some(1)));
}

#[test]
fn rfc1630_compares_at_the_same_encoding_level() {
    let base = "http://www.w3.org/albert/bertram/marie-claude";
    assert!(
        cmp(
            Profile::Rfc1630,
            base,
            "http://www.w3.org/albert/bertram/marie%2Dclaude"
        )
        .equivalent
    );
    assert!(
        cmp(
            Profile::Rfc1630,
            base,
            "http://www.w3.org/albert/bertram/marie%2dclaude"
        )
        .equivalent
    );
    assert!(
        !cmp(
            Profile::Rfc1630,
            base,
            "http://www.w3.org/albert/bertram%2Fmarie-claude"
        )
        .equivalent
    );
    // "+" is reserved in the search part: an encoded one is a real plus, not a space.
    assert!(!cmp(Profile::Rfc1630, "http://a/b?c+d", "http://a/b?c%2Bd").equivalent);
}

#[test]
fn rfc1630_locates_a_default_port_in_the_port() {
    // The draft defines no default port (WWW URI draft, Reduced or increased safe character
    // sets: comparing brings the URIs to the same encoding level, nothing more), so the two
    // differ; where they differ is the port, not the segment "a:80" the generic syntax reads.
    let v = cmp(Profile::Rfc1630, "http://a:80/", "http://a/");
    assert!(!v.equivalent);
    let d = v.difference.expect("located");
    assert_eq!(
        (d.kind, d.a, d.b),
        (NodeKind::Port, Span::new(8, 11), Span::at(8))
    );
    assert!(d.reason.contains("default port"), "{}", d.reason);
    let v = cmp(Profile::Rfc1630, "http://a/b", "http://a:8080/b");
    let d = v.difference.expect("located");
    assert_eq!(
        (d.kind, d.a, d.b),
        (NodeKind::Port, Span::at(8), Span::new(8, 13))
    );
    // Two ports.
    let d = cmp(Profile::Rfc1630, "http://a:80/", "http://a:81/")
        .difference
        .expect("located");
    assert_eq!(
        (d.kind, d.a, d.b),
        (NodeKind::Port, Span::new(8, 11), Span::new(8, 11))
    );
    // Different hosts stay a difference of the segment.
    let d = cmp(Profile::Rfc1630, "http://a:80/", "http://b/")
        .difference
        .expect("located");
    assert_eq!(d.kind, NodeKind::Segment);
}

#[test]
fn xri_section_2_5() {
    let x = |a: &str, b: &str| cmp(Profile::Xri2, a, b);
    // §2.5.4: authorities inside cross-references compare case-insensitively...
    let v = x(
        "xri://@example/(+example/(+foo))",
        "xri://@example/(+Example/(+FOO))",
    );
    assert!(v.equivalent, "{}", v.summary());
    assert!(
        v.steps[v.equal_from().unwrap_or(0)]
            .name
            .contains("authorities")
    );
    // ... but a cross-reference's path does not.
    assert!(!x("xri://@a/(+b/c)", "xri://@a/(+b/C)").equivalent);
    // Scheme and authority; IRI cross-references' schemes and hosts.
    assert!(x("XRI://@Example*Foo", "xri://@example*foo").equivalent);
    assert!(
        x(
            "xri://@a/(HTTP://Example.COM/p)",
            "xri://@a/(http://example.com/p)"
        )
        .equivalent
    );
    assert!(
        !x(
            "xri://@a/(http://example.com/P)",
            "xri://@a/(http://example.com/p)"
        )
        .equivalent
    );
    // Hex case, unreserved decoding, at any depth.
    assert!(x("xri://@a/b%2f", "xri://@a/b%2F").equivalent);
    assert!(x("xri://@a/(+b/%7Ec)", "xri://@a/(+b/~c)").equivalent);
    assert!(!x("xri://@a/b%2Fc", "xri://@a/b/c").equivalent);
    // §2.5.3 optional star, also in cross-references; the delimiter between sub-segments counts.
    assert!(x("/foo*bar", "/*foo*bar").equivalent);
    assert!(x("xri://@a/(+b/*c)", "xri://@a/(+b/c)").equivalent);
    assert!(!x("xri://@a/foo*bar", "xri://@a/foo!bar").equivalent);
    // Optional xri:// at the top and in cross-references.
    assert!(x("@example", "xri://@example").equivalent);
    assert!(x("xri://@a/(@b)", "xri://@a/(xri://@b)").equivalent);
    // NFKC (§2.3.1 step 1, through §2.5.2).
    assert!(x("xri://@a/\u{FB01}", "xri://@a/fi").equivalent);
}

#[test]
fn xri_dollar_cross_references() {
    let plain = "xri://@example/foo";
    for with in [
        "xri://@example/foo/($l*en)",
        "xri://@example/foo*($v*2.0)",
        "xri://@example/($l*en)/foo",
    ] {
        let v = cmp(Profile::Xri2, with, plain);
        assert!(!v.equivalent, "significant by default: {with}");
        let d = v.difference.expect("difference");
        assert!(d.reason.contains("§2.5.4"), "{with}: {}", d.reason);
        assert!(
            v.steps
                .last()
                .is_some_and(|s| s.spec == "XRI Syntax 2.0 §2.5.4")
        );
        let opts = CompareOptions {
            ignore_dollar: true,
            ..under(Profile::Xri2)
        };
        let v = compare(with, plain, &opts);
        assert!(v.equivalent, "{with}: {}", v.summary());
        assert!(
            v.steps
                .iter()
                .any(|s| s.name.contains("ignore") && s.spec == "XRI Syntax 2.0 §2.5.4")
        );
    }
    // Inside a cross-reference too, and the spans of a remaining difference stay in the input.
    let opts = CompareOptions {
        ignore_dollar: true,
        ..under(Profile::Xri2)
    };
    let v = compare("xri://@a/(+b/($l*en))/C", "xri://@a/(+b)/c", &opts);
    assert!(!v.equivalent);
    let d = v.difference.expect("difference");
    assert!(d.a.end <= 23 && d.b.end <= 15, "{d:?}");
    assert_eq!(&"xri://@a/(+b/($l*en))/C"[d.a.start..d.a.end], "C");
}

#[test]
fn xri_sides_in_other_forms_are_brought_back_first() {
    // §2.5.2: all forms of an XRI are equivalent. SPEC-NOTES XRI item 2's IRI-normal form.
    let iri = "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)";
    let xri = "xri://@example/(xri://@example2/abc?id=1)";
    let opts = CompareOptions {
        a_form: SideForm::IriNormal,
        ..under(Profile::Xri2)
    };
    let v = compare(iri, xri, &opts);
    assert!(v.equivalent, "{}", v.summary());
    assert!(v.steps[0].spec == "XRI Syntax 2.0 §2.3.3" && v.steps[0].equal);
    assert!(
        !cmp(Profile::Xri2, iri, xri).equivalent,
        "as typed they differ"
    );
    // URI-normal: "%" became "%25" (§2.3.2 rule 1), then RFC 3987 §3.1.
    let opts = CompareOptions {
        b_form: SideForm::UriNormal,
        ..under(Profile::Xri2)
    };
    let v = compare(
        "xri://@a/r\u{E9}sum\u{E9}%2Fx",
        "xri://@a/r%C3%A9sum%C3%A9%252Fx",
        &opts,
    );
    assert!(v.equivalent, "{}", v.summary());
    assert!(!cmp(Profile::Xri2, "xri://@a/b%2Fx", "xri://@a/b%252Fx").equivalent);
    // A difference on a converted side still points into what was typed.
    let opts = CompareOptions {
        a_form: SideForm::IriNormal,
        ..under(Profile::Xri2)
    };
    let v = compare("xri://@a/(+b%2Fc)/D", "xri://@a/(+b/c)/d", &opts);
    let d = v.difference.expect("difference");
    assert_eq!(&"xri://@a/(+b%2Fc)/D"[d.a.start..d.a.end], "D");
}

#[test]
fn auto_chooses_a_profile_both_sides_share() {
    let auto = CompareOptions::default();
    // Different families: one step that says why.
    let v = compare("urn:isbn:0451450523", "http://example.com/", &auto);
    assert!(!v.equivalent && v.sides_valid());
    assert_eq!(v.steps.len(), 1);
    assert!(v.steps[0].name.contains("URN") && v.steps[0].name.contains("URI"));
    let d = v.difference.expect("difference");
    assert!(d.reason.contains("different families"));
    assert_eq!(
        (d.kind, d.a, d.b),
        (NodeKind::Scheme, Span::new(0, 3), Span::new(0, 4))
    );
    let v = compare("@example", "http://example.com/", &auto);
    assert!(!v.equivalent && v.steps.len() == 1);
    // URNs under different specs: the newest that accepts both, and the reason says so.
    let v = compare("urn:foo:a123,456?x=y", "URN:foo:a123,456", &auto);
    assert_eq!(v.profile, Profile::Rfc2141bis, "{}", v.profile_reason);
    assert!(
        v.profile_reason
            .contains("newest URN spec that accepts both")
    );
    assert!(v.equivalent, "objective 5a by default");
    let v = compare("urn:a:b", "urn:ab:b", &auto);
    assert_eq!(
        v.profile,
        Profile::Rfc2141,
        "a one-letter NID is RFC 2141 only: {}",
        v.profile_reason
    );
    // A URI and an IRI: compared as IRIs.
    let v = compare(
        "http://example.org/ros%C3%A9",
        "http://example.org/ros\u{E9}",
        &auto,
    );
    assert_eq!(v.profile, Profile::Rfc3987);
    assert!(v.equivalent, "{}", v.summary());
    // Same profile: said so.
    let v = compare("urn:example:a", "urn:example:a", &auto);
    assert_eq!(v.profile_reason, "auto: both sides read as rfc8141");
}

#[test]
fn a_side_that_does_not_parse_still_gets_its_ladder() {
    let v = cmp(Profile::Rfc2141, "urn:foo", "URN:foo:a");
    assert!(!v.sides_valid() && !v.a_valid() && v.b_valid());
    assert_eq!(v.steps.len(), 3);
    assert!(v.summary().contains("side A does not parse"));
    let v = cmp(Profile::Rfc8141, "urn:x:", "urn:x:");
    assert!(v.equivalent && !v.sides_valid());
    let v = cmp(Profile::Rfc2141, "http://a/b", "urn:a:b");
    assert!(!v.sides_valid());
    let d = v.difference.expect("difference");
    assert!(d.a.end <= 10 && d.b.end <= 7);
}

mod properties {
    use super::*;
    use idbench::engine::Family;
    use proptest::prelude::*;

    fn any_profile() -> impl Strategy<Value = Option<Profile>> {
        prop_oneof![
            Just(None),
            proptest::sample::select(Profile::ALL.to_vec()).prop_map(Some)
        ]
    }

    /// Text made of what the grammars care about, and anything at all.
    fn identifier_like() -> impl Strategy<Value = String> {
        let pieces = prop_oneof![
            Just("urn:".to_string()),
            Just("URN:foo:".to_string()),
            Just("xri://".to_string()),
            Just("http://".to_string()),
            Just("(".to_string()),
            Just(")".to_string()),
            Just("($".to_string()),
            Just("%".to_string()),
            Just("%2f".to_string()),
            Just("%C3%A9".to_string()),
            Just("/./".to_string()),
            Just("/../".to_string()),
            Just("?+".to_string()),
            "[=@+$!*/?#:;.&~a-zA-Z0-9 -]{1,4}",
            any::<char>().prop_map(|c| c.to_string()),
            "[\u{80}-\u{10FFFF}]{1,2}",
        ];
        prop::collection::vec(pieces, 0..16).prop_map(|v| v.concat())
    }

    fn re(pattern: &str) -> BoxedStrategy<String> {
        proptest::string::string_regex(pattern)
            .expect("a valid pattern")
            .boxed()
    }

    /// Valid identifiers of each profile, with the variations the ladders normalize.
    fn identifier() -> impl Strategy<Value = (Profile, String)> {
        let pct = "(%[0-9a-fA-F]{2})";
        prop_oneof![
            "[uU][rR][nN]:[a-zA-Z0-9][a-zA-Z0-9-]{1,6}[a-zA-Z0-9]:([a-zA-Z0-9(),.:=@;$_!*'+-]|%[2-7][0-9a-fA-F]){1,10}"
                .prop_map(|s| (Profile::Rfc2141, s)),
            "[uU][rR][nN]:[a-zA-Z0-9][a-zA-Z0-9-]{1,6}[a-zA-Z0-9]:([a-zA-Z0-9,.:=@;$_!*'~&+-]|%[2-7][0-9a-fA-F]){1,10}(\\?[a-z]=[a-zA-Z0-9]{0,3}(&[a-z]=[a-z0-9]{0,3}){0,2})?(#[a-z]{0,3})?"
            .prop_map(|s| (Profile::Rfc2141bis, s)),
            "[uU][rR][nN]:[a-zA-Z0-9][a-zA-Z0-9-]{1,6}[a-zA-Z0-9]:([a-zA-Z0-9,.:=@;$_!*'~&+-]|%[2-7][0-9a-fA-F]){1,10}(\\?\\+[a-z]{1,3})?(\\?=[a-z]{1,3})?(#[a-z]{0,3})?"
            .prop_map(|s| (Profile::Rfc8141, s)),
            re(&format!(
                "[hH][tT]{{2}}[pP]://([a-zA-Z]{{1,5}}@)?[a-zA-Z0-9.-]{{1,8}}(:(80)?)?(/([a-zA-Z0-9._~!$&'()*+,;=:@-]|{pct}|\\.|\\.\\.){{0,5}}){{0,4}}(\\?[a-zA-Z0-9/?=&]{{0,4}})?(#[a-z]{{0,3}})?"
            ))
            .prop_map(|s| (Profile::Rfc3986, s)),
            "[a-z]{1,5}://[a-zA-Z\u{E9}\u{4E2D}]{1,6}(/([a-z\u{E9}\u{C5}\u{4E2D}~]|%[4-7][0-9A-F]|%C3%A9){0,5}){0,3}"
                .prop_map(|s| (Profile::Rfc3987, s)),
            // DNS schemes with IDN hosts, in Unicode, ACE or percent-encoded form.
            "(http://|HTTPS://|ws://|ftp://|mailto:a@|mailto:b@c.d,e@)(([a-zA-Z\u{E9}\u{DF}\u{4E2D}]{1,6}|xn--r8jz45g|XN--zckzah|%E4%B8%AD)\\.){1,3}[a-z\u{4E2D}]{2,4}(/[a-z\u{E9}~]{0,3}){0,2}"
                .prop_map(|s| (Profile::Rfc3987, s)),
            "http://[a-z]{1,5}(/([a-z0-9$_@.&!*'(),-]|%[2-7][0-9a-fA-F]){1,5}){0,3}(\\?[a-z]{1,3}(\\+[a-z]{1,3}){0,2})?"
                .prop_map(|s| (Profile::Rfc1630, s)),
            "([xX][rR][iI]://)?[@=+][a-zA-Z0-9]{1,5}([*!][a-zA-Z0-9]{1,4}){0,2}(/\\*?([a-zA-Z0-9~.-]|%[4-7][0-9a-fA-F]){1,5}(\\*[a-z]{1,3}){0,1}){0,3}(/\\([@+$][a-zA-Z]{1,4}(/[a-zA-Z]{1,3})?\\)){0,2}"
                .prop_map(|s| (Profile::Xri2, s)),
        ]
    }

    fn valid(p: Profile, s: &str) -> bool {
        analyze(
            s,
            &Options {
                profile: Some(p),
                forms: false,
                all_profiles: false,
                namespace: false,
                scheme_spec: false,
                equivalence_key: false,
            },
        )
        .valid()
    }

    fn spans_inside(v: &Verdict, a: &str, b: &str) -> Result<(), TestCaseError> {
        if let Some(d) = &v.difference {
            prop_assert!(
                d.a.start <= d.a.end && d.a.end <= a.len(),
                "{:?} outside {:?}",
                d.a,
                a
            );
            prop_assert!(
                d.b.start <= d.b.end && d.b.end <= b.len(),
                "{:?} outside {:?}",
                d.b,
                b
            );
            prop_assert!(a.is_char_boundary(d.a.start) && a.is_char_boundary(d.a.end));
            prop_assert!(b.is_char_boundary(d.b.start) && b.is_char_boundary(d.b.end));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        #[test]
        fn reflexive(s in identifier_like(), p in any_profile(), dollar in any::<bool>()) {
            let v = compare(&s, &s, &CompareOptions { profile: p, ignore_dollar: dollar, ..CompareOptions::default() });
            prop_assert!(v.equivalent, "{:?}: {}", s, v.summary());
            prop_assert!(v.difference.is_none());
        }

        #[test]
        fn reflexive_on_identifiers((p, s) in identifier()) {
            prop_assert!(cmp(p, &s, &s).equivalent);
            prop_assert!(compare(&s, &s, &CompareOptions::default()).equivalent);
        }

        #[test]
        fn symmetric(a in identifier_like(), b in identifier_like(), p in any_profile(), cache in any::<bool>()) {
            let objective = if cache { Objective::Cache } else { Objective::Names };
            let o = CompareOptions { profile: p, objective, ..CompareOptions::default() };
            let ab = compare(&a, &b, &o);
            let ba = compare(&b, &a, &o);
            prop_assert_eq!(ab.equivalent, ba.equivalent, "{:?} / {:?}", a, b);
            if ab.a.profile.family() == ab.b.profile.family() {
                prop_assert_eq!(ab.profile, ba.profile);
            }
            spans_inside(&ab, &a, &b)?;
            spans_inside(&ba, &b, &a)?;
        }

        #[test]
        fn symmetric_on_identifiers((p, a) in identifier(), (_, b) in identifier(), dollar in any::<bool>()) {
            let o = CompareOptions { profile: Some(p), ignore_dollar: dollar, ..CompareOptions::default() };
            let ab = compare(&a, &b, &o);
            let ba = compare(&b, &a, &o);
            prop_assert_eq!(ab.equivalent, ba.equivalent);
            spans_inside(&ab, &a, &b)?;
        }

        /// Differences located in near-identical identifiers (one character changed) stay
        /// inside both inputs, and cover the change or sit next to it.
        #[test]
        fn difference_spans_lie_inside_the_inputs((p, a) in identifier(), at in any::<prop::sample::Index>(), c in "[a-zA-Z%/(*.$]", auto in any::<bool>(), dollar in any::<bool>()) {
            let mut b = a.clone();
            let i = at.index(a.len());
            if a.is_char_boundary(i) {
                b.insert_str(i, &c);
            }
            let o = CompareOptions { profile: (!auto).then_some(p), ignore_dollar: dollar, ..CompareOptions::default() };
            let v = compare(&a, &b, &o);
            spans_inside(&v, &a, &b)?;
            if !v.equivalent {
                prop_assert!(v.difference.is_some(), "{:?} / {:?}: no difference", a, b);
            }
        }

        /// An identifier is equivalent to each of its normal forms under its profile, where
        /// the spec says so:
        /// - `canonical` (and `canonical_scheme`, `canonical_cache`) everywhere: they are
        ///   made of the very steps the ladder climbs;
        /// - XRI `xri_normal`, and `iri_normal` / `uri_normal` read as such (§2.5.2);
        /// - RFC 3987 `iri_normal` and `uri_normal`: §5.3.2.3 decodes what they encode;
        ///   `uri_normal_ace` and `display` (IDN hosts in ACE or Unicode form): §5.3.3.
        ///
        /// Not: the URN profiles' `iri_normal` and `display` (percent-encoding MUST NOT be
        /// removed, RFC 2141 §5), rfc3986's `iri_normal` (not a URI), and rfc1630's
        /// `uri_normal` (the draft's "%HH" are Latin-1 codes, not UTF-8).
        #[test]
        fn equivalent_to_its_own_normal_forms((p, s) in identifier()) {
            prop_assume!(valid(p, &s));
            let a = analyze(&s, &Options { profile: Some(p), forms: true, all_profiles: false, namespace: false, scheme_spec: false, equivalence_key: true });
            let f = a.forms.expect("forms");
            let mut forms: Vec<(&str, String, SideForm)> = vec![("canonical", f.canonical.clone(), SideForm::AsIs)];
            forms.extend(f.canonical_scheme.clone().map(|x| ("canonical_scheme", x, SideForm::AsIs)));
            match p {
                Profile::Xri2 => {
                    forms.extend(f.xri_normal.clone().map(|x| ("xri_normal", x, SideForm::AsIs)));
                    forms.push(("iri_normal", f.iri_normal.clone(), SideForm::IriNormal));
                    forms.push(("uri_normal", f.uri_normal.clone(), SideForm::UriNormal));
                }
                Profile::Rfc3987 => {
                    forms.push(("iri_normal", f.iri_normal.clone(), SideForm::AsIs));
                    forms.push(("uri_normal", f.uri_normal.clone(), SideForm::AsIs));
                    // RFC 3987 §5.3.3: the host in ACE form is the same host.
                    forms.extend(f.uri_normal_ace.clone().map(|x| ("uri_normal_ace", x, SideForm::AsIs)));
                    forms.push(("display", f.display.clone(), SideForm::AsIs));
                }
                _ => {}
            }
            for (name, form, side) in forms {
                let o = CompareOptions { profile: Some(p), b_form: side, ..CompareOptions::default() };
                let v = compare(&s, &form, &o);
                prop_assert!(v.equivalent, "{} {:?} vs its {} {:?}: {}", p, s, name, form, v.summary());
            }
            if p == Profile::Rfc2141bis
                && let Some(c) = &f.canonical_cache {
                    let o = CompareOptions { profile: Some(p), objective: Objective::Cache, ..CompareOptions::default() };
                    prop_assert!(compare(&s, c, &o).equivalent, "{:?} vs {:?}", s, c);
                }
            prop_assert!(p.family() != Family::Uri || p == Profile::Rfc1630 || f.canonical_scheme.is_some());
        }
    }
}

mod command {
    fn run(args: &[&str]) -> (i32, String, String) {
        let mut all = vec!["compare"];
        all.extend_from_slice(args);
        let out = super::support::cli::run(&all, b"");
        (out.code.unwrap_or(-1), out.text(), out.stderr)
    }

    fn json(args: &[&str]) -> (i32, serde_json::Value) {
        let mut all = vec!["--format", "json"];
        all.extend_from_slice(args);
        let (code, out, _) = run(&all);
        assert_eq!(out.lines().count(), 1, "one JSON object: {out}");
        (code, serde_json::from_str(out.trim()).expect("JSON"))
    }

    #[test]
    fn exit_codes() {
        assert_eq!(
            run(&["-p", "rfc2141", "URN:foo:a123,456", "urn:FOO:a123,456"]).0,
            0
        );
        assert_eq!(
            run(&["-p", "rfc2141", "URN:foo:a123,456", "urn:FOO:a123%2c456"]).0,
            1
        );
        assert_eq!(
            run(&["-p", "rfc2141", "urn:foo", "urn:foo:a"]).0,
            2,
            "a side does not parse"
        );
        assert_eq!(
            run(&["-p", "nope", "a", "b"]).0,
            2,
            "usage: unknown profile"
        );
        assert_eq!(run(&["a"]).0, 2, "usage: one identifier");
        assert_eq!(
            run(&[
                "--objective",
                "cache",
                "urn:foo:a123,456?x=y",
                "urn:foo:a123,456#xyz"
            ])
            .0,
            1
        );
        assert_eq!(
            run(&[
                "--objective",
                "names",
                "urn:foo:a123,456?x=y",
                "urn:foo:a123,456#xyz"
            ])
            .0,
            0
        );
        assert_eq!(
            run(&["-p", "xri2", "xri://@a/b/($l*en)", "xri://@a/b"]).0,
            1
        );
        assert_eq!(
            run(&[
                "-p",
                "xri2",
                "--ignore-dollar",
                "xri://@a/b/($l*en)",
                "xri://@a/b"
            ])
            .0,
            0
        );
        assert_eq!(run(&["urn:isbn:0451450523", "http://example.com/"]).0, 1);
    }

    #[test]
    fn text_shows_the_ladder_and_carets_under_the_difference() {
        let (code, out, _) = run(&["-p", "rfc2141", "URN:foo:a123,456", "urn:FOO:a123%2c456"]);
        assert_eq!(code, 1);
        for w in [
            "rule",
            "spec",
            "equal?",
            "case of the NID",
            "RFC 2141 §5",
            "not equivalent under rfc2141",
        ] {
            assert!(out.contains(w), "{w:?} missing:\n{out}");
        }
        assert!(
            out.contains("first difference: nss: A has \",\" where B has \"%2C\""),
            "{out}"
        );
        let lines: Vec<&str> = out.lines().collect();
        let a = lines
            .iter()
            .position(|l| l.ends_with("| URN:foo:a123,456"))
            .expect("A line");
        let b = lines
            .iter()
            .position(|l| l.ends_with("| urn:FOO:a123%2c456"))
            .expect("B line");
        // The carets line up under the NSS, bytes 8..16 of A and 8..18 of B.
        let col = |l: &str| l.find('|').map(|k| k + 2).unwrap_or(0);
        assert_eq!(
            lines[a + 1],
            format!("{}{}", " ".repeat(col(lines[a]) + 8), "^".repeat(8))
        );
        assert_eq!(
            lines[b + 1],
            format!("{}{}", " ".repeat(col(lines[b]) + 8), "^".repeat(10))
        );
        let (code, out, _) = run(&[
            "-p",
            "rfc3986",
            "http://example.com",
            "http://example.com:80/",
        ]);
        assert_eq!(code, 0);
        assert!(
            out.contains("equivalent under rfc3986: equal from step 3"),
            "{out}"
        );
        assert!(!out.contains('^'));
    }

    #[test]
    fn untrusted_text_is_escaped() {
        let (code, out, _) = run(&[
            "-p",
            "rfc3986",
            "http://a/\u{1b}[31mx",
            "http://a/\u{202E}y",
        ]);
        assert_eq!(code, 2);
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{202E}'),
            "{out:?}"
        );
        assert!(out.contains("⟨U+001B⟩") && out.contains("⟨U+202E⟩"));
    }

    #[test]
    fn a_side_that_does_not_parse_is_explained() {
        let (code, out, err) = run(&["-p", "rfc2141", "urn:foo", "urn:foo:a"]);
        assert_eq!(code, 2);
        assert!(err.contains("side A does not parse"), "{err}");
        assert!(err.contains("error["), "{err}");
        assert!(!err.contains("side B"), "{err}");
        assert!(out.contains("not the spec's answer"), "{out}");
    }

    #[test]
    fn json_has_the_documented_shape() {
        let (code, v) = json(&["-p", "rfc2141", "URN:foo:a123,456", "urn:FOO:a123%2c456"]);
        assert_eq!(code, 1);
        for k in [
            "a",
            "b",
            "profile",
            "equivalent",
            "steps",
            "difference",
            "diagnostics",
        ] {
            assert!(v.get(k).is_some(), "{k} missing in {v}");
        }
        assert_eq!(v["a"], "URN:foo:a123,456");
        assert_eq!(v["profile"], "rfc2141");
        assert_eq!(v["equivalent"], false);
        let steps = v["steps"].as_array().expect("steps");
        assert_eq!(steps.len(), 3);
        for s in steps {
            for k in ["name", "spec", "a", "b", "equal"] {
                assert!(s.get(k).is_some(), "step lacks {k}");
            }
        }
        assert_eq!(steps[2]["b"], "urn:foo:a123%2C456");
        let d = &v["difference"];
        assert_eq!(d["kind"], "nss");
        assert_eq!(
            (d["a_start"].as_u64(), d["a_end"].as_u64()),
            (Some(8), Some(16))
        );
        assert_eq!(
            (d["b_start"].as_u64(), d["b_end"].as_u64()),
            (Some(8), Some(18))
        );
        assert!(
            d["reason"]
                .as_str()
                .is_some_and(|r| r.contains("RFC 2141 §5"))
        );
        let b_diags = v["diagnostics"]["b"].as_array().expect("diagnostics of B");
        assert!(
            b_diags.iter().any(|d| d["code"] == "pct-unreserved"),
            "{b_diags:?}"
        );
        assert!(v["diagnostics"]["a"].is_array());

        let (code, v) = json(&["URN:foo:a123,456", "urn:foo:a123,456"]);
        assert_eq!(code, 0);
        assert_eq!(v["equivalent"], true);
        assert!(v["difference"].is_null());
    }
}

/// Sides of different families are never equivalent under `auto`, and the step says what
/// each is in plain English: "an XRI", "a URN" (issue 26 item 7).
#[test]
fn different_families_are_named_with_their_articles() {
    let v = compare("xri://@a", "urn:a:b", &CompareOptions::default());
    assert!(!v.equivalent);
    let step = &v.steps[0].name;
    assert_eq!(step, "same family? A is an XRI, B is a URN");
    let v = compare("http://a/", "xri://@a", &CompareOptions::default());
    assert_eq!(v.steps[0].name, "same family? A is a URI, B is an XRI");
}

/// Issue 38, RFC 3987 §5.3.2.3: a private-use character is allowed in the query (iquery =
/// *( ipchar / iprivate / "/" / "?" ), §2.2), so its percent-encoding there is aligned like
/// any other: `?U+E000` and `?%EE%80%80` are equivalent at the syntax-based rung. Not in
/// the path, where iprivate is not allowed: `%EE%80%80` stays encoded there (decoding it
/// would make no IRI), and the raw character is no IRI.
#[test]
fn rfc3987_aligns_iprivate_percent_encoding_in_the_query_only() {
    let v = cmp(
        Profile::Rfc3987,
        "http://a/?\u{E000}",
        "http://a/?%EE%80%80",
    );
    assert!(v.equivalent && v.sides_valid(), "{}", v.summary());
    let at = v.equal_from().expect("equal at a rung");
    assert!(
        v.steps[at].spec.starts_with("RFC 3987 §5.3.2"),
        "{:?}",
        v.steps[at]
    );
    // The query's other characters are still told apart.
    let v = cmp(
        Profile::Rfc3987,
        "http://a/?\u{E000}",
        "http://a/?%EE%80%81",
    );
    assert!(!v.equivalent && v.sides_valid(), "{}", v.summary());
    // In the path: the encoded one is kept, the raw one rejected.
    let a = analyze(
        "http://a/%EE%80%80",
        &Options {
            profile: Some(Profile::Rfc3987),
            forms: true,
            all_profiles: false,
            namespace: false,
            scheme_spec: false,
            equivalence_key: true,
        },
    );
    assert_eq!(
        a.forms.as_ref().map(|f| f.canonical.as_str()),
        Some("http://a/%EE%80%80")
    );
    let v = cmp(Profile::Rfc3987, "http://a/\u{E000}", "http://a/%EE%80%80");
    assert!(!v.a_valid() && v.b_valid(), "{}", v.summary());
}
