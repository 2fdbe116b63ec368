//! The WHATWG parser's fast path (`whatwg::href` and `whatwg::verdict` read the common
//! shapes in one pass, without the state machine) against the state machine itself
//! (`whatwg::parse_record`, which always runs it, and `whatwg::parse`'s failure): the same
//! href, the same verdict and the same failure code, and the same first error (code, span,
//! section and message, which `whatwg::first_error` takes from the fast path where it
//! names the failure), on the WPT data, on every string of up to three pieces, on sampled
//! strings of more, and on the lines of the sample corpus. The
//! same for the parts a security decision reads (`whatwg::parts`, which `check --agree`
//! takes from the fast path): scheme, credentials, host, port and path, as the record has
//! them.

use std::borrow::Cow;

use idbench::engine::codes::Code;
use idbench::engine::whatwg;
use proptest::prelude::*;
use serde_json::Value;

/// Pieces of the shapes the fast path reads and of every way out of them: schemes of each
/// kind and case, slashes and backslashes, hosts (domains, IPv4 forms, numbers, `xn--`,
/// forbidden and non-ASCII code points), ports, dot segments, percent-encodings, drive
/// letters, spaces, controls, tabs and newlines.
const PIECES: &[&str] = &[
    "http://",
    "https://",
    "HTTPS://",
    "file://",
    "file:///",
    "ws://",
    "wss:",
    "ftp://",
    "foo:",
    "foo:/",
    "mailto:",
    "a+b.c:",
    "//",
    "/",
    "\\",
    "@",
    ":",
    "?",
    "#",
    "[",
    "]",
    ".",
    "..",
    "%2e",
    "%2E.",
    "%",
    "%41",
    "a",
    "Example.COM",
    "example.com",
    "1.2.3.4",
    "255.0.0.1",
    "256.1.1.1",
    "01.2.3.4",
    "1.2.3",
    "0x7f",
    // Hosts the host parser alone reads (past the scheme and credentials read here):
    // numbers that fail as IPv4, percent-encodings in a host, an IPv6 literal.
    "1.2.3.4.5",
    "4294967296",
    "%41%",
    "[::1]",
    "1a",
    ".0",
    "xn--",
    "localhost",
    "LOCALHOST",
    "ü",
    "\u{200D}",
    "\t",
    "\n",
    " ",
    "\0",
    "\u{7f}",
    "80",
    "443",
    "21",
    "99999",
    "65535",
    "08",
    "C:",
    "c|",
    "'",
    "`",
    "{",
    "^",
    "|",
    "<",
    "\"",
    "~",
    "&",
    "=",
    "_",
    "-",
    "h:8o",
    ":99999",
    "x@",
    "u:p@",
    "a<b",
    "\u{338}",
    "%CC%B8",
    "http:\\\\",
    "https:/",
];

/// What the state machine says: the href, or the failure's code.
fn machine(input: &str) -> Result<String, Code> {
    match whatwg::parse_record(input, None) {
        Ok(u) => Ok(u.href()),
        Err(c) => Err(c),
    }
}

/// Where the fast path and the machine disagree on `input`, in words.
fn disagreement(input: &str) -> Option<String> {
    let want = machine(input);
    let href = whatwg::href(input);
    if href.as_ref().ok_or(()) != want.as_ref().map_err(|_| ()) {
        return Some(format!("{input:?}: href {href:?}, machine {want:?}"));
    }
    let verdict = whatwg::verdict(input);
    let full = whatwg::parse(input, None);
    let full = match full.failure() {
        Some(d) => Err(d.code),
        None => Ok(()),
    };
    if verdict != want.clone().map(|_| ()) || verdict != full {
        return Some(format!(
            "{input:?}: verdict {verdict:?}, machine {want:?}, full parse {full:?}"
        ));
    }
    // The first error (which the fast path places where it names the failure) and its
    // message: the full parse's failure, code, span, section and message.
    let first = whatwg::first_error(input, false).map(|e| (e.code, e.span, e.spec));
    let explained = whatwg::first_error_explained(input).map(|x| {
        (
            x.error.code,
            x.error.span,
            x.error.spec,
            x.message.into_owned(),
        )
    });
    let failure = whatwg::parse(input, None)
        .failure()
        .map(|d| (d.code, d.span, d.spec, d.message.clone()));
    if first != failure.clone().map(|f| (f.0, f.1, f.2)) || explained != failure {
        return Some(format!(
            "{input:?}: first error {first:?}, explained {explained:?}, full parse {failure:?}"
        ));
    }
    let parts = whatwg::parts(input);
    let record = whatwg::parse_record(input, None).map(whatwg::Parts::of_record);
    if parts != record {
        return Some(format!("{input:?}: parts {parts:?}, machine {record:?}"));
    }
    None
}

fn all_agree(inputs: impl IntoIterator<Item = String>) {
    let mut wrong = Vec::new();
    let mut n = 0;
    for s in inputs {
        n += 1;
        if let Some(w) = disagreement(&s) {
            wrong.push(w);
        }
    }
    assert!(n > 0);
    assert!(
        wrong.is_empty(),
        "{} of {n} disagree:\n{}",
        wrong.len(),
        wrong
            .iter()
            .take(50)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_wpt_input_parsed_without_a_base_agrees() {
    let mut inputs = Vec::new();
    for file in ["urltestdata.json", "older/urltestdata.json"] {
        let path = format!("{}/tests/data/whatwg/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        for case in v.as_array().into_iter().flatten() {
            if let Some(input) = case["input"].as_str() {
                inputs.push(input.to_string());
                // Its href, parsed again: most are in the shapes the fast path reads.
                if let Some(h) = case["href"].as_str() {
                    inputs.push(h.to_string());
                }
            }
        }
    }
    all_agree(inputs);
}

#[test]
fn every_string_of_up_to_three_pieces_agrees() {
    let one = std::iter::once("");
    let mut inputs = Vec::new();
    for a in one.clone().chain(PIECES.iter().copied()) {
        for b in one.clone().chain(PIECES.iter().copied()) {
            for c in PIECES {
                inputs.push(format!("{a}{b}{c}"));
            }
        }
    }
    all_agree(inputs);
}

#[test]
fn the_sample_corpus_agrees() {
    let path = format!(
        "{}/tests/data/validate-sample.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    all_agree(text.lines().map(str::to_string));
}

#[test]
fn the_data_sets_shapes_are_read_exactly() {
    // The shapes of the benchmark's data sets (file URLs with queries, web URLs with ports,
    // queries and fragments, IPv4 hosts, non-special URLs), and the dirt that leaves the
    // fast path part way.
    let cases: &[(&str, Option<&str>)] = &[
        (
            "file:///Users/i/dev/tap/node_modules/a.js?tapmock=a16.0eb9",
            Some("file:///Users/i/dev/tap/node_modules/a.js?tapmock=a16.0eb9"),
        ),
        (
            "file://deps/openssl/config/archs",
            Some("file://deps/openssl/config/archs"),
        ),
        ("file://LocalHost/a", Some("file:///a")),
        (
            "HTTPS://WWW.Example.COM:443/a/./b/../c?q='x y'#f `g`",
            Some("https://www.example.com/a/c?q=%27x%20y%27#f%20%60g%60"),
        ),
        ("http://example.com", Some("http://example.com/")),
        ("ws://h:080?x", Some("ws://h/?x")),
        ("wss://h:8080#", Some("wss://h:8080/#")),
        ("http://10.0.0.255/x", Some("http://10.0.0.255/x")),
        ("http://0x7f.1/", Some("http://127.0.0.1/")),
        ("http://1.2.3.4.5/", None),
        (
            "https://en.wikipedia.org/wiki/Smith_%26_Wesson",
            Some("https://en.wikipedia.org/wiki/Smith_%26_Wesson"),
        ),
        (
            "https://h/caf\u{e9}?q=\u{fc}#\u{1F44D}",
            Some("https://h/caf%C3%A9?q=%C3%BC#%F0%9F%91%8D"),
        ),
        ("mailto:a b@h ?x#y", Some("mailto:a b@h%20?x#y")),
        ("urn:isbn:123", Some("urn:isbn:123")),
        ("foo:/a/../../b", Some("foo:/b")),
        ("foo:/.//x", Some("foo:/.//x")),
        ("git+ssh://git@h/p.git", Some("git+ssh://git@h/p.git")),
        ("https://u:p@h/", Some("https://u:p@h/")),
        ("http://h:99999/", None),
        ("http://h:8o/", None),
        ("http://h:8o@x/", Some("http://h:8o@x/")),
        ("https://h:99999@x:1/", Some("https://h:99999@x:1/")),
        ("http://h:80 x@y/", Some("http://h:80%20x@y/")),
        ("http://exa mple.com/", None),
        ("https:///x", Some("https://x/")),
        ("www.example.com/", None),
        (" https://h/a\t/b ", Some("https://h/a/b")),
    ];
    for (input, want) in cases {
        assert_eq!(whatwg::href(input).as_deref(), *want, "{input:?}");
        assert_eq!(disagreement(input), None);
    }
}

/// A case of `the_parts_are_read_from_the_input`: input, userinfo, host, port, path, and
/// whether the fast path borrows every part from the input.
type PartsCase = (
    &'static str,
    &'static str,
    Option<&'static str>,
    Option<u16>,
    &'static str,
    bool,
);

#[test]
fn the_parts_are_read_from_the_input() {
    // (input, userinfo, host, port, path), each as the serializer writes it; `true` where
    // the fast path borrows every part from the input (no record, no copy).
    let cases: &[PartsCase] = &[
        (
            "https://example.com/a/b?q#f",
            "",
            Some("example.com"),
            None,
            "/a/b",
            true,
        ),
        (
            "http://example.com",
            "",
            Some("example.com"),
            None,
            "/",
            true,
        ),
        (
            "HTTP://Example.COM:8080/A",
            "",
            Some("example.com"),
            Some(8080),
            "/A",
            false,
        ),
        ("ws://h:080?x", "", Some("h"), None, "/", true),
        (
            "http://10.0.0.255/x",
            "",
            Some("10.0.0.255"),
            None,
            "/x",
            true,
        ),
        ("https:///x/./y/../z", "", Some("x"), None, "/z", false),
        ("http:\\\\h\\a\\b", "", Some("h"), None, "/a/b", false),
        (
            "https://h/caf\u{e9}",
            "",
            Some("h"),
            None,
            "/caf%C3%A9",
            false,
        ),
        ("file:///C:/x", "", Some(""), None, "/C:/x", false),
        ("file://LocalHost/a", "", Some(""), None, "/a", true),
        ("file://deps/a", "", Some("deps"), None, "/a", true),
        ("mailto:a b@h ?x", "", None, None, "a b@h%20", false),
        ("urn:isbn:123", "", None, None, "isbn:123", true),
        ("foo:/a/../../b", "", None, None, "/b", false),
        (
            "git+ssh://git@h/p.git",
            "git",
            Some("h"),
            None,
            "/p.git",
            false,
        ),
        ("https://u:p@h/", "u:p", Some("h"), None, "/", true),
        ("https://u:@h/", "u", Some("h"), None, "/", true),
        ("https://:p@h/", ":p", Some("h"), None, "/", true),
        ("https://:@h/", "", Some("h"), None, "/", true),
        ("https://a@b@h/", "a%40b", Some("h"), None, "/", false),
        ("https://u:p:q@h/", "u:p%3Aq", Some("h"), None, "/", false),
        (
            "https://\u{fc} x;=@h/",
            "%C3%BC%20x%3B%3D",
            Some("h"),
            None,
            "/",
            false,
        ),
        ("http://h:8o@x:1/", "h:8o", Some("x"), Some(1), "/", true),
    ];
    for &(input, userinfo, host, port, path, borrowed) in cases {
        let p = whatwg::parts(input).unwrap_or_else(|e| panic!("{input:?}: {e:?}"));
        assert_eq!(p.userinfo, userinfo, "{input:?}");
        assert_eq!(p.host.as_deref(), host, "{input:?}");
        assert_eq!(p.port, port, "{input:?}");
        assert_eq!(p.path, path, "{input:?}");
        assert_eq!(disagreement(input), None);
        let all_borrowed = [
            Some(&p.scheme),
            Some(&p.userinfo),
            p.host.as_ref(),
            Some(&p.path),
        ]
        .into_iter()
        .flatten()
        .all(|c| matches!(c, Cow::Borrowed(_)));
        assert_eq!(all_borrowed, borrowed, "{input:?}: {p:?}");
    }
    // The failures are the machine's codes.
    for input in [
        "http://h:99999/",
        "http://exa mple.com/",
        "www.example.com/",
        "http://u@/",
    ] {
        assert_eq!(
            whatwg::parts(input).err(),
            whatwg::parse_record(input, None).err(),
            "{input:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]
    #[test]
    fn strings_of_up_to_eight_pieces_agree(
        pieces in prop::collection::vec(prop::sample::select(PIECES), 0..8),
    ) {
        let input: String = pieces.concat();
        prop_assert_eq!(disagreement(&input), None);
    }
}

/// Every line of the files WHATWG_FAST_FILES names (separated by `:`), such as the
/// benchmark's data sets: `WHATWG_FAST_FILES=target/bench-data/mixed-1000000-42.txt cargo
/// test --release --test whatwg_fast -- --ignored`.
#[test]
#[ignore = "reads files named in the environment"]
fn the_lines_of_named_files_agree() {
    let files = std::env::var("WHATWG_FAST_FILES").unwrap_or_default();
    for f in files.split(':').filter(|f| !f.is_empty()) {
        let text = std::fs::read(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let text = String::from_utf8_lossy(&text);
        all_agree(text.lines().map(str::to_string));
    }
}
