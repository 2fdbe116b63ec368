//! Issue 25's divergence inputs, and others a new user would try, through the WHATWG parser:
//! the standard's href and the validation errors' names (warnings: the parse goes on; an
//! error: the parse fails), each at its span.

use idbench::engine::Severity;
use idbench::engine::whatwg;

struct Case {
    input: &'static str,
    href: Option<&'static str>,
    /// (severity, code, start, end), in input order.
    diags: &'static [(Severity, &'static str, usize, usize)],
}

const W: Severity = Severity::Warning;
const E: Severity = Severity::Error;

const CASES: &[Case] = &[
    // `\` after the host of a special URL: read as `/`.
    Case {
        input: "https://example.com\\foo",
        href: Some("https://example.com/foo"),
        diags: &[(W, "invalid-reverse-solidus", 19, 20)],
    },
    // A host that ends in a number is an IPv4 address: hex part, two parts.
    Case {
        input: "http://0x7f.1/",
        href: Some("http://127.0.0.1/"),
        diags: &[
            (W, "ipv4-non-decimal-part", 7, 11),
            (W, "ipv4-too-few-parts", 7, 13),
        ],
    },
    // A tab inside the host is removed before parsing.
    Case {
        input: "http://exa\tmple.com/",
        href: Some("http://example.com/"),
        diags: &[(W, "invalid-url-unit", 10, 11)],
    },
    // One slash: the special authority slashes state reports it, then the ignore-slashes
    // state reports the same "/" again (the standard's state machine gives two).
    Case {
        input: "http:/example.com",
        href: Some("http://example.com/"),
        diags: &[
            (W, "special-scheme-missing-following-solidus", 5, 6),
            (W, "special-scheme-missing-following-solidus", 5, 6),
        ],
    },
    // Issue 25's count: three special-scheme-missing-following-solidus (the first "\" twice,
    // by the slashes state and the ignore-slashes state, then the second), two
    // invalid-reverse-solidus in the path.
    Case {
        input: "http:\\\\example.com\\a\\b",
        href: Some("http://example.com/a/b"),
        diags: &[
            (W, "special-scheme-missing-following-solidus", 5, 6),
            (W, "special-scheme-missing-following-solidus", 5, 6),
            (W, "special-scheme-missing-following-solidus", 6, 7),
            (W, "invalid-reverse-solidus", 18, 19),
            (W, "invalid-reverse-solidus", 20, 21),
        ],
    },
    Case {
        input: "https://user:pass@example.com/",
        href: Some("https://user:pass@example.com/"),
        diags: &[(W, "invalid-credentials", 17, 18)],
    },
    Case {
        input: "https://example.com:443/",
        href: Some("https://example.com/"),
        diags: &[],
    },
    Case {
        input: "HTTPS://EXAMPLE.COM/a/../b/./c",
        href: Some("https://example.com/b/c"),
        diags: &[],
    },
    Case {
        input: "https://münchen.de/",
        href: Some("https://xn--mnchen-3ya.de/"),
        diags: &[],
    },
    Case {
        input: " https://example.com/ ",
        href: Some("https://example.com/"),
        diags: &[
            (W, "invalid-url-unit", 0, 1),
            (W, "invalid-url-unit", 21, 22),
        ],
    },
    Case {
        input: "https://example.com/a b",
        href: Some("https://example.com/a%20b"),
        diags: &[(W, "invalid-url-unit", 21, 22)],
    },
    Case {
        input: "https://[::1]:8080/",
        href: Some("https://[::1]:8080/"),
        diags: &[],
    },
    Case {
        input: "https://[0:0::01]/",
        href: Some("https://[::1]/"),
        diags: &[(W, "ipv6-piece-leading-zero", 14, 16)],
    },
    Case {
        input: "https://1.2.3/",
        href: Some("https://1.2.0.3/"),
        diags: &[(W, "ipv4-too-few-parts", 8, 13)],
    },
    Case {
        input: "https://127.0.0.1./",
        href: Some("https://127.0.0.1/"),
        diags: &[(W, "ipv4-empty-part", 17, 18)],
    },
    Case {
        input: "https:example.org",
        href: Some("https://example.org/"),
        // Once: the ignore-slashes state moves on at "e" without an error.
        diags: &[(W, "special-scheme-missing-following-solidus", 6, 7)],
    },
    Case {
        input: "file:c:/my-secret-folder",
        href: Some("file:///c:/my-secret-folder"),
        diags: &[(W, "special-scheme-missing-following-solidus", 5, 6)],
    },
    Case {
        input: "https://example.org/>",
        href: Some("https://example.org/%3E"),
        diags: &[(W, "invalid-url-unit", 20, 21)],
    },
    Case {
        input: "mailto:someone@example.com",
        href: Some("mailto:someone@example.com"),
        diags: &[],
    },
    Case {
        input: "example.com",
        href: None,
        diags: &[(E, "missing-scheme-non-relative-url", 0, 1)],
    },
    Case {
        input: "https://ex ample.com/",
        href: None,
        diags: &[(E, "domain-to-ascii", 8, 20)],
    },
    Case {
        input: "https://example.com:99999/",
        href: None,
        diags: &[(E, "port-out-of-range", 20, 25)],
    },
    Case {
        input: "https://user@/",
        href: None,
        diags: &[
            (W, "invalid-credentials", 12, 13),
            (E, "host-missing", 13, 14),
        ],
    },
];

#[test]
fn divergence_inputs_give_the_standards_href_and_validation_errors() {
    let mut wrong = Vec::new();
    for c in CASES {
        let p = whatwg::parse(c.input, None);
        let href = p.url.as_ref().map(|u| u.href());
        if href.as_deref() != c.href {
            wrong.push(format!("{:?}: href {href:?}, want {:?}", c.input, c.href));
        }
        let got: Vec<(Severity, &str, usize, usize)> = p
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Note)
            .map(|d| (d.severity, d.code.as_str(), d.span.start, d.span.end))
            .collect();
        if got != c.diags {
            wrong.push(format!("{:?}: {got:?}, want {:?}", c.input, c.diags));
        }
        assert_eq!(p.valid_url_string, c.diags.is_empty(), "{:?}", c.input);
        assert_eq!(p.valid(), c.href.is_some());
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
