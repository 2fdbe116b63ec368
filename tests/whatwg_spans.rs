//! Every span the WHATWG parser gives lies on the input's characters: each diagnostic's
//! start and end are character boundaries, for every scheme and every finding (issue 34
//! item 15: `special-scheme-missing-following-solidus` took one byte of the character after
//! `http:`). Checked over every case of the vendored web-platform-tests `urltestdata.json`
//! with a non-ASCII character (against its base and without one), over hand-picked inputs
//! that put a multi-byte character right where a state looks one byte ahead, and over
//! random Unicode strings.

use idbench::engine::whatwg;
use proptest::prelude::*;
use serde_json::Value;

/// The bases the random inputs are parsed against: none, special, file, non-special,
/// opaque.
const BASES: &[Option<&str>] = &[
    None,
    Some("http://h/a/b?q#f"),
    Some("file:///C:/x/y"),
    Some("foo://h/p"),
    Some("foo:opaque"),
];

/// The diagnostics (and components) of `input` against `base` whose span splits a
/// character, described.
fn split_spans(input: &str, base: Option<&str>) -> Vec<String> {
    let p = whatwg::parse(input, base);
    let mut bad: Vec<String> = p
        .diagnostics
        .iter()
        .filter(|d| {
            !(d.span.start <= d.span.end
                && input.is_char_boundary(d.span.start)
                && input.is_char_boundary(d.span.end))
        })
        .map(|d| format!("{} at {}", d.code, d.span))
        .collect();
    for (name, s) in p.components() {
        if !(input.is_char_boundary(s.start) && input.is_char_boundary(s.end)) {
            bad.push(format!("component {name} at {s}"));
        }
    }
    bad
}

fn wpt(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/whatwg/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    v.as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(Value::is_object)
        .collect()
}

#[test]
fn every_wpt_input_with_non_ascii_characters_has_its_spans_on_characters() {
    let mut checked = 0;
    let mut bad = Vec::new();
    for case in wpt("urltestdata.json") {
        let Some(input) = case["input"].as_str() else {
            continue;
        };
        if input.is_ascii() {
            continue;
        }
        let base = case["base"].as_str();
        for b in [base, None] {
            checked += 1;
            for s in split_spans(input, b) {
                bad.push(format!("{input:?} against {b:?}: {s}"));
            }
        }
    }
    // toascii.json's domains, as a host (as `idbench test` reads them).
    for case in wpt("toascii.json") {
        let Some(host) = case["input"].as_str() else {
            continue;
        };
        if host.is_ascii() {
            continue;
        }
        for input in [
            format!("https://{host}/x"),
            format!("http:{host}"),
            format!("foo://{host}/"),
        ] {
            checked += 1;
            for s in split_spans(&input, None) {
                bad.push(format!("{input:?}: {s}"));
            }
        }
    }
    // The vendored files hold 44 (urltestdata) and 24 (toascii) non-ASCII inputs: 160
    // parses; a filter that let none through would pass vacuously.
    assert!(checked >= 160, "only {checked} parses checked");
    assert!(
        bad.is_empty(),
        "spans that split a character:\n{}",
        bad.join("\n")
    );
}

#[test]
fn a_multi_byte_character_where_a_state_looks_one_byte_ahead_is_spanned_whole() {
    // The case: the character after "http:" is "é" (bytes 5..7).
    let p = whatwg::parse("http:é", None);
    let d = p
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "special-scheme-missing-following-solidus")
        .unwrap_or_else(|| panic!("{:#?}", p.diagnostics));
    assert_eq!((d.span.start, d.span.end), (5, 7));
    for input in [
        "http:é",
        "https:/é/",
        "ws:😀x",
        "ftp:\u{10FFFF}",
        "file:é",
        "http://[1::é]/",
        "http://[é]/",
        "http://1.2.é.4/",
        "http://é%41/",
        "foo://é:é@[é/",
        "http://h:8é/",
        "http://h/%é%",
        "\u{a0}http://h/",
        "http:\té",
        "http:\n\u{2028}//h/",
    ] {
        for &base in BASES {
            let bad = split_spans(input, base);
            assert!(bad.is_empty(), "{input:?} against {base:?}: {bad:?}");
        }
    }
}

/// Inputs that mix the characters the states look at with multi-byte ones.
fn url_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "", "http:", "https:", "file:", "ws:", "ftp:", "foo:", "HTTP:", "mailto:",
    ]);
    let piece = prop::sample::select(vec![
        "/",
        "\\",
        "//",
        ":",
        "@",
        "[",
        "]",
        "%",
        "%4",
        "%41",
        ".",
        "..",
        "?",
        "#",
        "é",
        "ü",
        "😀",
        "\u{10FFFF}",
        "\u{a0}",
        "\t",
        "\n",
        " ",
        "1",
        "0x",
        "a",
        "::",
        "|",
        "C:",
    ]);
    (
        scheme,
        prop::collection::vec(
            prop_oneof![
                piece.prop_map(String::from),
                any::<char>().prop_map(String::from)
            ],
            0..24,
        ),
    )
        .prop_map(|(s, v)| format!("{s}{}", v.concat()))
}

proptest! {
    #[test]
    fn random_unicode_strings_have_their_spans_on_characters(
        input in "\\PC{0,40}",
        base in 0usize..BASES.len(),
    ) {
        let bad = split_spans(&input, BASES[base]);
        prop_assert!(bad.is_empty(), "{input:?}: {bad:?}");
    }

    #[test]
    fn random_url_like_strings_have_their_spans_on_characters(
        input in url_like(),
        base in 0usize..BASES.len(),
    ) {
        let bad = split_spans(&input, BASES[base]);
        prop_assert!(bad.is_empty(), "{input:?}: {bad:?}");
    }
}
