//! Unit tests of the WHATWG parser: spans, rewrites as notes, validation errors, linear work.

use super::*;

fn codes(p: &Parsed, sev: Severity) -> Vec<(&'static str, Span)> {
    p.diagnostics
        .iter()
        .filter(|d| d.severity == sev)
        .map(|d| (d.code.as_str(), d.span))
        .collect()
}

fn sp(a: usize, b: usize) -> Span {
    Span::new(a, b)
}

#[test]
fn components_carry_spans_into_the_original_input() {
    let input = "  HTTP://u:p@[::0:1]:8080/a/./b/../%2e/c?q r#f`";
    let p = parse(input, None);
    let u = p.url.as_ref().expect("parses");
    assert_eq!(u.href(), "http://u:p@[::1]:8080/a/c?q%20r#f%60");
    let at = |name: &str| {
        p.components()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| &input[s.start..s.end])
    };
    assert_eq!(at("scheme"), Some("HTTP"));
    assert_eq!(at("username"), Some("u"));
    assert_eq!(at("password"), Some("p"));
    assert_eq!(at("host"), Some("[::0:1]"));
    assert_eq!(at("port"), Some("8080"));
    assert_eq!(at("path"), Some("/a/./b/../%2e/c"));
    assert_eq!(at("query"), Some("q r"));
    assert_eq!(at("fragment"), Some("f`"));
}

#[test]
fn spans_skip_removed_tabs_and_newlines() {
    // The tab at byte 10 is inside the host; the host's span covers it, the path's starts
    // after the host in the original input.
    let input = "http://exa\tmple.com/p\nq";
    let p = parse(input, None);
    assert_eq!(
        p.url.as_ref().map(UrlRecord::href).as_deref(),
        Some("http://example.com/pq")
    );
    assert_eq!(p.spans.host, Some(sp(7, 19)));
    assert_eq!(p.spans.path, Some(sp(19, 23)));
    let notes = codes(&p, Severity::Note);
    assert!(notes.contains(&("whatwg-tab-newline-removed", sp(10, 11))));
    assert!(notes.contains(&("whatwg-tab-newline-removed", sp(21, 22))));
    let warnings = codes(&p, Severity::Warning);
    assert_eq!(
        warnings,
        vec![
            ("invalid-url-unit", sp(10, 11)),
            ("invalid-url-unit", sp(21, 22))
        ]
    );
    assert!(!p.valid_url_string);
}

#[test]
fn every_rewrite_is_a_note_at_its_span() {
    let p = parse(" HTTP://EXAMPLE.com:80/a/../%2E/b?x\u{e9}#\u{1F600}", None);
    let notes = codes(&p, Severity::Note);
    for want in [
        ("whatwg-stripped", sp(0, 1)),
        ("whatwg-scheme-lowercased", sp(1, 5)),
        ("whatwg-domain-to-ascii", sp(8, 19)),
        ("whatwg-default-port-dropped", sp(20, 22)),
        ("whatwg-dot-segment", sp(25, 27)),
        ("whatwg-dot-segment", sp(28, 31)),
        ("whatwg-percent-encoded", sp(35, 37)),
        ("whatwg-percent-encoded", sp(38, 42)),
    ] {
        assert!(notes.contains(&want), "{want:?} not in {notes:?}");
    }
    let href = p.url.map(|u| u.href());
    assert_eq!(
        href.as_deref(),
        Some("http://example.com/b?x%C3%A9#%F0%9F%98%80")
    );
}

#[test]
fn the_percent_encode_set_is_named_per_component() {
    let p = parse("foo://h/a b?c d#e f", None);
    let sets: Vec<&str> = p
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::WhatwgPercentEncoded)
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(sets.len(), 3, "{sets:?}");
    assert!(sets[0].contains("path percent-encode set"));
    assert!(sets[1].contains("the query percent-encode set"));
    assert!(sets[2].contains("fragment percent-encode set"));
}

#[test]
fn ipv4_parts_in_hex_and_octal_are_warnings_with_their_values() {
    let p = parse("http://0x7f.0.01/", None);
    assert_eq!(
        p.url.as_ref().map(|u| u.hostname()).as_deref(),
        Some("127.0.0.1")
    );
    let w = codes(&p, Severity::Warning);
    assert!(w.contains(&("ipv4-non-decimal-part", sp(7, 11))));
    assert!(w.contains(&("ipv4-non-decimal-part", sp(14, 16))));
    assert!(w.contains(&("ipv4-too-few-parts", sp(7, 16))));
    let msg = &p
        .diagnostics
        .iter()
        .find(|d| d.code == Code::Ipv4NonDecimalPart)
        .map(|d| d.message.clone())
        .unwrap_or_default();
    assert!(msg.contains("hexadecimal: 127"), "{msg}");
}

#[test]
fn a_failure_is_an_error_with_the_standards_name() {
    for (input, code) in [
        ("http://1.2.3.4.5/", "ipv4-too-many-parts"),
        ("http://1.2.3.256/", "ipv4-out-of-range-part"),
        ("http://test.42x.1/", "ipv4-non-numeric-part"),
        ("http://[::1/", "ipv6-unclosed"),
        ("http://[:1]/", "ipv6-invalid-compression"),
        ("http://[1::1::1]/", "ipv6-multiple-compression"),
        ("http://[1:2:3]/", "ipv6-too-few-pieces"),
        ("http://[ffff::127.0.0]/", "ipv4-in-ipv6-too-few-parts"),
        ("foo://exa[mple.org", "host-invalid-code-point"),
        ("\u{1F4A9}", "missing-scheme-non-relative-url"),
        ("https://#fragment", "host-missing"),
        ("https://example.org:70000", "port-out-of-range"),
        ("https://example.org:7z", "port-invalid"),
        ("http://a<b/", "domain-to-ascii"),
    ] {
        let p = parse(input, None);
        assert!(p.url.is_none(), "{input} parsed");
        let errors = codes(&p, Severity::Error);
        assert_eq!(errors.len(), 1, "{input}: {errors:?}");
        assert_eq!(errors[0].0, code, "{input}");
        let d = p.failure().expect("an error");
        assert!(d.spec.starts_with("URL Standard §"), "{input}: {}", d.spec);
    }
}

#[test]
fn domain_percent_encoded_and_the_ascii_fallback_are_warnings() {
    let p = parse("https://exam%70le.org/", None);
    assert_eq!(
        p.url.as_ref().map(|u| u.hostname()).as_deref(),
        Some("example.org")
    );
    assert_eq!(
        codes(&p, Severity::Warning),
        vec![("domain-percent-encoded", sp(12, 21))]
    );
    // Strict ToASCII rejects "_dmarc"; the standard keeps the domain.
    let p = parse("https://_dmarc.example.com/", None);
    assert!(p.valid());
    assert_eq!(
        codes(&p, Severity::Warning),
        vec![("domain-to-ascii", sp(8, 26))]
    );
    let p = parse("https://xn--a/", None);
    assert_eq!(p.url.map(|u| u.href()).as_deref(), Some("https://xn--a/"));
}

#[test]
fn windows_drive_letters_and_opaque_paths_are_noted() {
    let p = parse("file:c|/x", None);
    assert_eq!(
        p.url.as_ref().map(UrlRecord::href).as_deref(),
        Some("file:///c:/x")
    );
    assert!(codes(&p, Severity::Note).contains(&("whatwg-windows-drive-letter", sp(5, 7))));
    let p = parse("file://c:/x", None);
    assert!(
        codes(&p, Severity::Warning)
            .contains(&("file-invalid-windows-drive-letter-host", sp(7, 9)))
    );
    let p = parse("mailto:a@b", None);
    assert!(p.url.as_ref().is_some_and(UrlRecord::has_opaque_path));
    assert!(codes(&p, Severity::Note).contains(&("whatwg-opaque-path", sp(7, 10))));
}

#[test]
fn equality_with_and_without_fragments() {
    let a = parse("https://EXAMPLE.com:443/a#x", None).url.expect("a");
    let b = parse("https://example.com/a#y", None).url.expect("b");
    assert!(!a.equals(&b, false));
    assert!(a.equals(&b, true));
    assert_eq!(a.href_no_fragment(), "https://example.com/a");
}

#[test]
fn a_base_that_does_not_parse_fails_the_parse() {
    let p = parse("a", Some("not a url"));
    assert!(p.url.is_none());
    assert!(p.failure().is_some());
    let p = parse("../c?d", Some("http://h/a/b/"));
    assert_eq!(p.url.map(|u| u.href()).as_deref(), Some("http://h/a/c?d"));
}

#[test]
fn work_is_linear_on_64_kib_of_hostile_input() {
    let n = 64 * 1024;
    let inputs = [
        format!("http://{}", "a@".repeat(n / 2)),
        format!("http://h/{}", "../".repeat(n / 3)),
        format!("http://h/{}", "a/..".repeat(n / 4)),
        format!("foo:{}", " ".repeat(n)),
        format!("http://[{}]", ":".repeat(n)),
        format!("http://{}", "0x1.".repeat(n / 4)),
        "\t".repeat(n),
        format!("{}:", "a".repeat(n)),
        format!("file://{}", "/".repeat(n)),
        format!("http:{}", "\\".repeat(n)),
        "%".repeat(n),
        "\u{10FFFF}".repeat(n / 4),
    ];
    for input in &inputs {
        let p = parse(input, Some("http://base/x"));
        // Each code point is read at most a few times (the scheme, then no scheme; the
        // authority, then the host).
        assert!(
            p.steps <= 3 * input.len() + 8,
            "{} steps for {} bytes ({:?}…)",
            p.steps,
            input.len(),
            &input.chars().take(12).collect::<String>()
        );
        if let Some(u) = &p.url {
            let _ = (u.href(), u.origin());
        }
    }
}

#[test]
fn never_panics_on_odd_input() {
    for input in [
        "",
        " ",
        ":",
        "//",
        "/\\",
        "a:",
        "http:",
        "http://",
        "http://@",
        "http://:@/",
        "file:",
        "file:/",
        "file://",
        "file:///",
        "file:c:",
        "file://localhost",
        "foo://[",
        "foo://]",
        "http://[",
        "http://[]",
        "http://[::",
        "http://[::1.2.3.4]",
        "http://%",
        "http://%41",
        "http://%zz",
        "http://\u{ad}/",
        "\0",
        "a\u{0}b:c",
        "http://1.2.3.4./",
        "http://0x/",
        "blob:",
        "blob:http://a/",
        "blob:blob:x",
    ] {
        for base in [
            None,
            Some("http://h/a"),
            Some("file:///C:/x"),
            Some("foo:opaque"),
        ] {
            let p = parse(input, base);
            if let Some(u) = &p.url {
                let _ = (u.href(), u.origin(), u.host(), u.search(), u.hash());
            }
        }
    }
}

/// Every input the suite knows (the URL test data with its bases, the hosts of the ToASCII
/// data, the identifier sets), and near misses of each: every one-byte deletion, and `%`,
/// `@`, `:`, `[`, ` `, `\`, `é` and `1` put at every place.
fn light_mode_inputs() -> Vec<(String, Option<String>)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let json = |file: &str| -> Vec<serde_json::Value> {
        let path = format!("{root}/tests/data/whatwg/{file}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let mut seeds: Vec<(String, Option<String>)> = Vec::new();
    for case in json("urltestdata.json") {
        if let Some(input) = case["input"].as_str() {
            seeds.push((input.to_string(), case["base"].as_str().map(str::to_string)));
        }
    }
    for case in json("toascii.json") {
        if let Some(input) = case["input"].as_str() {
            seeds.push((format!("https://{input}/x"), None));
        }
    }
    let ids = std::fs::read_dir(format!("{root}/examples/ids")).expect("examples/ids");
    for entry in ids.flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let first = line.split('\t').next().unwrap_or(line);
            seeds.push((first.to_string(), None));
        }
    }
    let mut all = seeds.clone();
    for (input, base) in &seeds {
        let cuts: Vec<usize> = (0..=input.len())
            .filter(|&i| input.is_char_boundary(i))
            .collect();
        for w in cuts.windows(2) {
            all.push((
                format!("{}{}", &input[..w[0]], &input[w[1]..]),
                base.clone(),
            ));
        }
        for &i in &cuts {
            for ins in ["%", "@", ":", "[", " ", "\\", "é", "1"] {
                all.push((format!("{}{ins}{}", &input[..i], &input[i..]), base.clone()));
            }
        }
    }
    all
}

#[test]
fn the_light_modes_agree_with_the_full_parse() {
    let inputs = light_mode_inputs();
    assert!(inputs.len() > 50_000, "{} inputs", inputs.len());
    let mut bases = std::collections::HashMap::new();
    for (input, base) in &inputs {
        let base_record = match base {
            Some(b) => match bases.entry(b.clone()).or_insert_with(|| parse(b, None).url) {
                Some(u) => Some(u.clone()),
                // The light modes take a parsed base; a base that fails is `parse`'s case.
                None => continue,
            },
            None => None,
        };
        let full = parse_with_base(input, base_record.as_ref());
        let failure = full.failure().map(|d| d.code);
        let record = parse_record(input, base_record.as_ref());
        match (&full.url, &record) {
            (Some(u), Ok(r)) => assert_eq!(u, r, "{input:?} against {base:?}"),
            (None, Err(code)) => assert_eq!(failure, Some(*code), "{input:?} against {base:?}"),
            _ => panic!("{input:?} against {base:?}: {:?} but {record:?}", full.url),
        }
        if base.is_none() {
            assert_eq!(
                verdict(input),
                failure.map_or(Ok(()), Err),
                "verdict of {input:?}"
            );
            assert_eq!(
                href(input),
                full.url.as_ref().map(UrlRecord::href),
                "href of {input:?}"
            );
        }
    }
}

/// The parser's shape (issue 35): one method per state, no function in this module over
/// 250 lines. A function is counted from its `fn` line to the `}` at its indentation.
#[test]
fn no_function_of_the_module_is_over_250_lines() {
    let dir = format!("{}/src/engine/specs/whatwg", env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir)
        .expect("the module's folder")
        .flatten()
    {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let body = line.trim_start();
            let indent = &line[..line.len() - body.len()];
            let is_fn = [
                "fn ",
                "pub fn ",
                "pub(super) fn ",
                "pub(crate) fn ",
                "const fn ",
            ]
            .iter()
            .any(|p| body.starts_with(p));
            if !is_fn || body.ends_with(';') {
                continue;
            }
            let close = format!("{indent}}}");
            let len = lines[i..]
                .iter()
                .position(|l| *l == close)
                .map_or(lines.len() - i, |n| n + 1);
            checked += 1;
            assert!(
                len <= 250,
                "{}:{}: {} lines: {body}",
                path.display(),
                i + 1,
                len
            );
        }
    }
    assert!(checked > 100, "{checked} functions");
}

#[test]
fn the_common_shapes_take_the_fast_path_and_the_rest_the_machine() {
    let fast_shapes = [
        "https://www.example.com/wiki/Extreme_Programming",
        "HTTP://Example.COM:8080/a/./b/../c?q=1&r='2'#top",
        "file:///Users/i/tap/node_modules/a.js?tapmock=a16.0eb9",
        "file://deps/openssl/config",
        "http://192.168.0.1:80/",
        "ftp://h:21",
        "mailto:user@example.com",
        "urn:isbn:1234567890",
        "foo:/a/b",
        "https://h/caf\u{e9}?q=\u{fc} x#\u{1F44D}",
        "http:\\\\h\\a",
        "https:/h",
        "https:///h",
        " \u{1}https://h/ \0",
    ];
    for s in fast_shapes {
        assert_eq!(fast::verdict(s), Some(Ok(())), "{s:?}");
        assert_eq!(
            fast::href(s),
            parse_record(s, None).ok().map(|u| u.href()),
            "{s:?}"
        );
        assert!(fast::href(s).is_some(), "{s:?}");
    }
    let machine_shapes = [
        "https://user:pw@h/",
        "http://[::1]/",
        "https://b\u{fc}cher.de/",
        "http://0x7f.1/",
        "https://h/a\tb",
        "file:///C:/x",
        "git+ssh://git@h/p",
        "http://h:99999/",
        "http://h%41/",
    ];
    for s in machine_shapes {
        assert_eq!(fast::href(s), None, "{s:?}");
    }
    // The verdict is known at the path: a tab there, or a trailing space, does not matter.
    assert_eq!(fast::verdict("https://h/a\tb "), Some(Ok(())));
    // Failures named without the machine, and what only the machine can tell.
    assert_eq!(fast::verdict("https://h:8o/"), Some(Err(Code::PortInvalid)));
    assert_eq!(
        fast::verdict("https://h:65536"),
        Some(Err(Code::PortOutOfRange))
    );
    assert_eq!(
        fast::verdict("www.example.com/a"),
        Some(Err(Code::MissingSchemeNonRelativeUrl))
    );
    assert_eq!(fast::verdict("ht\ttps://h/"), None);
    assert_eq!(fast::verdict("https://h:8\t0/"), None);
    assert_eq!(fast::verdict("https://h:8\n0/"), None);
    assert_eq!(fast::verdict("https://h:80 "), Some(Ok(())));
    assert_eq!(fast::verdict("https://u:p@h:8/"), Some(Ok(())));
    assert_eq!(fast::verdict("https://h:8o@x/"), Some(Ok(())));
    assert_eq!(fast::verdict("https://u@/"), Some(Err(Code::HostMissing)));
    assert_eq!(fast::verdict("ftp://?q"), Some(Err(Code::HostMissing)));
    assert_eq!(
        fast::verdict("https://a<b.com/"),
        Some(Err(Code::DomainToAscii))
    );
    assert_eq!(fast::verdict("https://a<b@c/"), Some(Ok(())));
    assert_eq!(fast::verdict("https://a\tb<"), None);
    assert_eq!(fast::verdict("https://[::1/"), None);
    // A host with `%` or a non-ASCII byte, or one that ends in a number but is not an
    // IPv4 address as it serializes, is the host parser's alone: the scheme and the
    // credentials are read here, the host parser reads the host, and the port after it
    // is read here again; the href is the machine's.
    for (input, want) in [
        // "<" and U+0338 compose to U+226E, which is no forbidden code point.
        ("https://<\u{338}/x", Ok(())),
        ("https://<%CC%B8/x", Ok(())),
        ("https://%41.com/", Ok(())),
        ("https://0x7f.1/", Ok(())),
        ("https://1.2.3.4.5/", Err(Code::Ipv4TooManyParts)),
        ("https://u@1.2.3.999/", Err(Code::Ipv4OutOfRangePart)),
        ("https://b%FF/", Err(Code::DomainToAscii)),
        ("https://b%C3%BCcher.de:99999/", Err(Code::PortOutOfRange)),
    ] {
        assert_eq!(fast::verdict(input), Some(want), "{input:?}");
        assert_eq!(verdict(input), want, "{input:?}");
        assert_eq!(fast::href(input), None, "{input:?}");
    }
    // A tab before the host's end is the machine's to remove first.
    assert_eq!(fast::verdict("https://1.2.\t3.4.5/"), None);
    assert_eq!(fast::verdict("https://u\t@1.2.3.4.5/"), None);
}

/// The fast path places the failures it names itself (no machine run), each where the full
/// parse places it, with the same section and message; a tab or newline before the
/// failure's end leaves it to the machine.
#[test]
fn the_fast_path_places_its_failures_as_the_full_parse_does() {
    for input in [
        "1http://a/",
        "  \u{e9}x",
        "abc/def",
        "http://",
        "http:///?a",
        "https://:80/",
        "http://u@/",
        "http://u:p@",
        "http://u@:8/",
        "ws://a b/",
        " http://x<y:1/",
        "http://a[b:c]<d/x",
        "http://a:8x/",
        "http://a:8\u{e9}/",
        "http://u:p@h:99999/",
        "wss://a:65536?q",
    ] {
        let fast = fast::first_error(input, true)
            .unwrap_or_else(|| panic!("{input:?}: left to the machine"))
            .unwrap_or_else(|| panic!("{input:?}: parses"));
        let full = parse(input, None);
        let d = full.failure().expect("fails");
        assert_eq!(
            (fast.code, fast.span, fast.spec, fast.message.as_deref()),
            (d.code, Some(d.span), d.spec, Some(d.message.as_str())),
            "{input:?}"
        );
    }
    for input in ["http://a<b\t/", "http:/\t/a:8x/", "h\tttp://a<b/"] {
        assert!(fast::first_error(input, false).is_none(), "{input:?}");
        assert!(first_error(input, false).is_some(), "{input:?}");
    }
    assert!(matches!(fast::first_error("http://a/", false), Some(None)));
}
