//! Internationalized domain names: the ACE and Unicode forms of hosts (RFC 3987 §3.1 step 2,
//! UTS #46), their equivalence under rfc3987's scheme-based rung (RFC 3987 §5.3.3), the
//! `idna-invalid` diagnostic and the host node's `ace` / `unicode` attributes.

use idbench::engine::equiv::{CompareOptions, compare};
use idbench::engine::idna::{self, IdnaError};
use idbench::engine::{Analysis, NodeKind, Options, Profile, Severity, analyze};
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

fn host_attr(a: &Analysis, key: &str) -> Option<String> {
    a.tree
        .find(NodeKind::Host)
        .and_then(|h| h.attr(key))
        .map(str::to_string)
}

const PAIR_IRI: &str = "http://例え.テスト/パス";
const PAIR_URI: &str = "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9";
const STEP: &str = "internationalized host names compared in ACE form (UTS #46 ToASCII)";

#[test]
fn the_issue_pair_is_equivalent_at_the_idn_step_in_both_orders() {
    for (a, b) in [(PAIR_IRI, PAIR_URI), (PAIR_URI, PAIR_IRI)] {
        for profile in [None, Some(Profile::Rfc3987)] {
            let v = compare(
                a,
                b,
                &CompareOptions {
                    profile,
                    ..CompareOptions::default()
                },
            );
            assert_eq!(v.profile, Profile::Rfc3987);
            assert!(v.equivalent, "{a} / {b}: {}", v.summary());
            assert!(v.sides_valid());
            let i = v.equal_from().expect("equal from some step");
            assert_eq!(v.steps[i].name, STEP, "{a} / {b}");
            assert_eq!(v.steps[i].spec, "RFC 3987 §5.3.3");
            // Not equal before it: the hosts differ until ToASCII.
            assert!(v.steps[..i].iter().all(|s| !s.equal));
            assert!(v.summary().contains("RFC 3987 §5.3.3"), "{}", v.summary());
        }
    }
}

/// Table: `(a, b, equivalent under rfc3987, equal from the IDN step)`.
const PAIRS: &[(&str, &str, bool, bool)] = &[
    // The percent-encoded host (RFC 3987 §3.1's other conversion) is decoded by the
    // syntax-based rung (§5.3.2.3), then converted.
    (
        "http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/",
        "http://xn--r8jz45g.xn--zckzah/",
        true,
        true,
    ),
    (
        "https://Bücher.example/",
        "https://xn--bcher-kva.example/",
        true,
        true,
    ),
    ("ws://faß.de/", "ws://xn--fa-hia.de/", true, true),
    // Non-transitional processing: "ß" is not "ss".
    ("http://faß.de/", "http://fass.de/", false, false),
    ("mailto:a@例え.jp", "mailto:a@xn--r8jz45g.jp", true, true),
    ("mailto:a@例え.jp", "mailto:a@XN--R8JZ45G.jp", true, true),
    // Not a DNS scheme: RFC 3987 §5.3.3 does not apply, the hosts stay different.
    ("foo://例え.jp/", "foo://xn--r8jz45g.jp/", false, false),
    // Both already equal before: no IDN step at all.
    ("http://例え.jp/", "http://例え.jp/", true, false),
    // An invalid IDN is left as it is.
    ("http://a⒈.jp/", "http://xn--a-ecp.jp/", false, false),
];

#[test]
fn idn_pairs_table() {
    let mut bad = Vec::new();
    for &(a, b, equivalent, at_idn) in PAIRS {
        for (x, y) in [(a, b), (b, a)] {
            let v = compare(
                x,
                y,
                &CompareOptions {
                    profile: Some(Profile::Rfc3987),
                    ..CompareOptions::default()
                },
            );
            let idn_step = v.equal_from().map(|i| v.steps[i].name.as_str()) == Some(STEP);
            if v.equivalent != equivalent || idn_step != at_idn {
                bad.push(format!("{x} / {y}: {}", v.summary()));
            }
            let has_rung = v.steps.iter().any(|s| s.name == STEP);
            if !x.is_ascii() || !y.is_ascii() || x.contains('%') {
                continue;
            }
            if has_rung && !at_idn {
                bad.push(format!("{x} / {y}: an IDN rung with nothing to convert"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn ascii_hosts_get_no_idn_rung() {
    let v = compare(
        "http://Example.com/a",
        "http://example.com:80/a",
        &CompareOptions {
            profile: Some(Profile::Rfc3987),
            ..CompareOptions::default()
        },
    );
    assert!(v.equivalent);
    assert!(v.steps.iter().all(|s| s.name != STEP));
}

/// Table: `(input, profile, form, expected)`; `None` means the form is absent.
const FORMS: &[(&str, Profile, &str, Option<&str>)] = &[
    (
        PAIR_IRI,
        Profile::Rfc3987,
        "uri_normal_ace",
        Some("http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9"),
    ),
    (
        PAIR_IRI,
        Profile::Rfc3987,
        "uri_normal",
        Some("http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/%E3%83%91%E3%82%B9"),
    ),
    (PAIR_IRI, Profile::Rfc3987, "display", Some(PAIR_IRI)),
    (
        PAIR_IRI,
        Profile::Rfc3987,
        "canonical_scheme",
        Some("http://例え.テスト/パス"),
    ),
    (
        "https://user@Bücher.example:443/x?q#f",
        Profile::Rfc3987,
        "uri_normal_ace",
        Some("https://user@xn--bcher-kva.example:443/x?q#f"),
    ),
    (
        "mailto:a@例え.jp,b@c.org?subject=%E4%BE%8B",
        Profile::Rfc3987,
        "uri_normal_ace",
        Some("mailto:a@xn--r8jz45g.jp,b@c.org?subject=%E4%BE%8B"),
    ),
    // The reverse: "xn--" labels in Unicode in the display form, rfc3986 and rfc3987.
    (PAIR_URI, Profile::Rfc3986, "display", Some(PAIR_IRI)),
    (PAIR_URI, Profile::Rfc3987, "display", Some(PAIR_IRI)),
    (
        "http://XN--R8JZ45G.jp/",
        Profile::Rfc3986,
        "display",
        Some("http://例え.jp/"),
    ),
    (
        "mailto:a@xn--r8jz45g.jp",
        Profile::Rfc3986,
        "display",
        Some("mailto:a@例え.jp"),
    ),
    // ASCII hosts, non-DNS schemes, invalid IDNs: no ACE form, the display unchanged.
    (
        "http://example.com/",
        Profile::Rfc3987,
        "uri_normal_ace",
        None,
    ),
    ("foo://例え.jp/", Profile::Rfc3987, "uri_normal_ace", None),
    (
        "foo://xn--r8jz45g.jp/",
        Profile::Rfc3986,
        "display",
        Some("foo://xn--r8jz45g.jp/"),
    ),
    ("http://a⒈.jp/", Profile::Rfc3987, "uri_normal_ace", None),
    (
        "http://xn--a-.jp/",
        Profile::Rfc3986,
        "display",
        Some("http://xn--a-.jp/"),
    ),
    // The URI profile has no IRI host to convert.
    (PAIR_IRI, Profile::Rfc3986, "uri_normal_ace", None),
];

#[test]
fn forms_table() {
    let mut bad = Vec::new();
    for &(input, profile, name, want) in FORMS {
        let a = analysis(input, profile);
        let forms = a.forms.expect("forms");
        let got = forms.get(name);
        if got != want {
            bad.push(format!(
                "{profile} {input} {name}: got {got:?}, want {want:?}"
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn ace_row_sits_after_uri_normal() {
    let f = analysis(PAIR_IRI, Profile::Rfc3987).forms.expect("forms");
    let names: Vec<&str> = f.rows().into_iter().map(|(n, _)| n).collect();
    let i = names
        .iter()
        .position(|n| *n == "uri_normal")
        .expect("uri_normal");
    assert_eq!(names.get(i + 1), Some(&"uri_normal_ace"));
}

#[test]
fn host_node_carries_ace_and_unicode() {
    let a = analysis(PAIR_IRI, Profile::Rfc3987);
    assert_eq!(
        host_attr(&a, "ace").as_deref(),
        Some("xn--r8jz45g.xn--zckzah")
    );
    assert_eq!(host_attr(&a, "unicode"), None);
    let a = analysis(PAIR_URI, Profile::Rfc3986);
    assert_eq!(host_attr(&a, "unicode").as_deref(), Some("例え.テスト"));
    assert_eq!(host_attr(&a, "ace"), None);
    // Percent-encoded UTF-8 in a URI host: its ACE form too.
    let a = analysis("http://%E4%BE%8B.jp/", Profile::Rfc3986);
    assert_eq!(host_attr(&a, "ace").as_deref(), Some("xn--fsq.jp"));
    // ASCII hosts and non-DNS schemes pay nothing and get nothing.
    for (input, p) in [
        ("http://example.com/", Profile::Rfc3987),
        ("foo://例え.jp/", Profile::Rfc3987),
        ("urn://例え.jp/", Profile::Rfc3987),
    ] {
        let a = analysis(input, p);
        assert_eq!(host_attr(&a, "ace"), None, "{input}");
        assert_eq!(host_attr(&a, "unicode"), None, "{input}");
    }
}

/// Table: `(host in an http IRI, UTS #46 code named in the warning)`.
const INVALID: &[(&str, &str)] = &[
    ("a⒈.jp", "P1"),
    ("a_例.jp", "P1"),
    ("xn--a-.jp", "P4"),
    ("xn--.jp", "P4"),
    ("\u{301}例.jp", "V6"),
    ("-例.jp", "V3"),
    ("例\u{200D}え.jp", "C1-C2"),
    ("aא.例", "B1-B6"),
    ("例..jp", "X4_2"),
];

#[test]
fn invalid_idn_hosts_get_a_warning_naming_the_uts46_error() {
    let mut bad = Vec::new();
    for &(host, code) in INVALID {
        let input = format!("http://{host}/");
        let a = analysis(&input, Profile::Rfc3987);
        let d: Vec<_> = a
            .diagnostics
            .iter()
            .filter(|d| d.code.as_str() == "idna-invalid")
            .collect();
        let ok = d.len() == 1
            && d[0].severity == Severity::Warning
            && d[0].message.contains(&format!("fails with {code} "))
            && d[0].spec.contains("RFC 3987 §3.1")
            && d[0].spec.contains("UTS #46")
            && d[0].span.start == 7
            && d[0].span.end == 7 + host.len()
            && host_attr(&a, "ace").is_none();
        if !ok {
            bad.push(format!("{input}: {d:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // Only a warning: the IRI grammar admits these hosts.
    assert!(analysis("http://a⒈.jp/", Profile::Rfc3987).valid());
}

#[test]
fn error_kinds_name_their_code() {
    assert_eq!(idna::to_ascii("a⒈.jp"), Err(IdnaError::Disallowed('⒈')));
    assert_eq!(IdnaError::Disallowed('⒈').code(), "P1");
    assert!(IdnaError::Disallowed('⒈').describe().contains("U+2488"));
    assert_eq!(IdnaError::Punycode.code(), "P4");
}

#[test]
fn dns_schemes_are_listed_with_their_specs() {
    for s in ["http", "HTTPS", "ftp", "ws", "wss", "mailto"] {
        assert!(idna::is_dns_scheme(s), "{s}");
    }
    for s in ["foo", "urn", "file", "xri"] {
        assert!(!idna::is_dns_scheme(s), "{s}");
    }
    assert!(
        idna::DNS_SCHEMES
            .iter()
            .all(|(_, spec)| spec.starts_with("RFC "))
    );
}

#[test]
fn long_and_deep_hosts_do_not_panic() {
    // A megabyte host of non-ASCII labels, and one huge label: processed, never a panic.
    let many = format!("http://{}jp/", "例え.".repeat(100_000));
    let a = analysis(&many, Profile::Rfc3987);
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "idna-invalid")
    );
    let huge = format!("http://{}.jp/", "例".repeat(300_000));
    let a = analysis(&huge, Profile::Rfc3987);
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "idna-invalid")
    );
    let punycode = format!("http://xn--{}.jp/", "a".repeat(500_000));
    let a = analysis(&punycode, Profile::Rfc3986);
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "idna-invalid")
    );
}

proptest! {
    /// ToASCII and ToUnicode round-trip on every host UTS #46 accepts, and the IRI with
    /// the Unicode host is equivalent under rfc3987 to the one with its ACE host.
    #[test]
    fn ace_and_unicode_round_trip(label in "[a-zà-ÿα-ω例えテスト]{1,12}", tld in "[a-z]{2,4}") {
        let host = format!("{label}.{tld}");
        if let Ok(ace) = idna::to_ascii(&host) {
            let back = idna::to_unicode(&ace).expect("an ACE form converts back");
            let again = idna::to_ascii(&back);
            prop_assert_eq!(again.as_deref(), Ok(ace.as_str()));
            let a = format!("http://{host}/");
            let b = format!("http://{ace}/");
            let v = compare(&a, &b, &CompareOptions { profile: Some(Profile::Rfc3987), ..CompareOptions::default() });
            prop_assert!(v.equivalent, "{}", v.summary());
            let f = analysis(&a, Profile::Rfc3987).forms.expect("forms");
            if !host.is_ascii() {
                prop_assert_eq!(f.uri_normal_ace.as_deref(), Some(b.as_str()));
            }
        }
    }
}

/// The workbench's Details pane lists the host's `ace` attribute the engine set: nothing is
/// derived in the view.
#[test]
fn details_pane_shows_the_ace_form() {
    use crossterm::event::KeyCode;
    use idbench::tui::app::{App, AppConfig};
    use idbench::tui::event::Event;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    let mut a = App::new(AppConfig {
        input: PAIR_IRI.into(),
        ..AppConfig::default()
    });
    for e in [
        Event::key(KeyCode::Tab),
        Event::key(KeyCode::Home),
        Event::key(KeyCode::Down),
        Event::key(KeyCode::Down),
        Event::key(KeyCode::Down),
    ] {
        a.handle(e);
    }
    let sel = a
        .analysis(0)
        .tree
        .get(a.selected_node(0))
        .map(|n| n.kind().name());
    assert_eq!(sel, Some("host"));
    let (w, h) = (120, 40);
    let mut t = match Terminal::new(TestBackend::new(w, h)) {
        Ok(t) => t,
        Err(e) => match e {},
    };
    a.handle(Event::Resize(w, h));
    if let Err(e) = t.draw(|f| a.draw(f)) {
        match e {}
    }
    let screen = t.backend().to_string();
    // Details lists attributes as `key = value` (the forms pane's `uri_normal_ace` row
    // holds the whole URI, with "http://" before the host, so this line is Details').
    assert!(
        screen
            .lines()
            .any(|l| l.contains("ace =") && l.contains(" xn--r8jz45g.xn--zckzah ")),
        "{screen}"
    );
}

proptest! {
    /// Any host text, as a DNS scheme's host: processing never panics, and an `ace`
    /// attribute, when set, is ASCII and converts back without error.
    #[test]
    fn any_host_is_processed_without_panic(
        host in "([a-zA-Z0-9.\\-_~%]|xn--|[\u{80}-\u{10FFFF}]|%E4%BE%8B|\u{200D}|\u{301}){0,12}",
    ) {
        let _ = idna::process_host(&host);
        for profile in [Profile::Rfc3986, Profile::Rfc3987] {
            let a = analysis(&format!("http://{host}/"), profile);
            if let Some(ace) = host_attr(&a, "ace") {
                prop_assert!(ace.is_ascii());
                prop_assert!(idna::to_unicode(&ace).is_ok(), "{ace}");
            }
        }
    }
}

#[test]
fn invalid_mailto_domains_get_the_warning_on_the_domain() {
    let input = "mailto:a@例え.jp,b@a⒈.jp?subject=x";
    let a = analysis(input, Profile::Rfc3987);
    let d: Vec<_> = a
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "idna-invalid")
        .collect();
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(&input[d[0].span.start..d[0].span.end], "a⒈.jp");
    assert!(d[0].message.contains("fails with P1 "));
    assert!(d[0].spec.starts_with("RFC 6068 §2"));
    assert!(
        analysis("mailto:a@例え.jp", Profile::Rfc3987)
            .diagnostics
            .iter()
            .all(|d| d.code.as_str() != "idna-invalid")
    );
}
