//! All 2,671 cases of web-platform-tests' `IdnaTestV2.json` (July 2026, generated from
//! Unicode 17.0's IdnaTestV2.txt; see tests/data/whatwg/README.md) through idbench's reader
//! and the URL Standard's host parser, as `idbench test` runs them: each input as the host
//! of an `https:` URL, `output` its ASCII form (null: failure).
//!
//! The file escapes lone surrogates (`"a\ud900z"`), which the reader takes as a USVString
//! does (U+FFFD); `serde_json` alone refuses the whole file.

use idbench::cases::{self, Case};
use idbench::engine::whatwg::{self, wpt};
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

fn idna_test_v2() -> Vec<Case> {
    let path = format!(
        "{}/tests/data/whatwg/IdnaTestV2.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        serde_json::from_str::<serde_json::Value>(&text).is_err(),
        "the file holds lone surrogates, which plain JSON-to-String reading refuses"
    );
    cases::parse_wpt(&text, &path).unwrap_or_else(|e| panic!("{e:?}"))
}

/// Every case passes but three known disagreements, each for the expectation the file
/// gives: the empty input (UTS #46 maps it to itself, the URL Standard fails on an empty
/// domain) and two with U+3E8AC, which Unicode 18.0 (the tables in use) assigns and the
/// file's Unicode 17.0 does not.
#[test]
fn every_case_passes_but_the_listed_ones() {
    let all = idna_test_v2();
    assert_eq!(all.len(), 2671);
    let mut failures = Vec::new();
    let mut known = Vec::new();
    for case in &all {
        let out = cases::run(case, None);
        if out.is_empty() {
            continue;
        }
        match case.known_disagreement(&out) {
            Some(why) => known.push((case.input.clone(), why)),
            None => failures.push(format!("line {}: {:?}: {out:?}", case.line, case.input)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fail:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
    assert_eq!(
        known,
        [
            (String::new(), wpt::EMPTY_DOMAIN),
            (
                "\u{3E8AC}\u{3002}\u{729}\u{3002}\u{CBD9}5".to_string(),
                wpt::UNICODE_18
            ),
            (
                "\u{3E8AC}\u{3002}\u{729}\u{3002}\u{110D}\u{1173}\u{11AC}5".to_string(),
                wpt::UNICODE_18
            ),
        ]
    );
}

/// The one case the URL parser cannot meet, the empty input, holds for UTS #46 ToASCII
/// itself (the `idna` crate the engine uses, with the URL Standard's options).
#[test]
fn the_empty_input_holds_for_uts46_to_ascii() {
    let r = Uts46::new().to_ascii(b"", AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore);
    assert_eq!(r.as_deref().ok(), Some(""));
}

/// Unicode 17.0's CJK Extension J (U+32B9A, U+32931) in a host: the UTS #46 tables of
/// idna_adapter 1.1 (Unicode 16.0) disallow them and the host parser failed with
/// domain-to-ascii; IdnaTestV2 and WPT expect them to convert.
#[test]
fn unicode_17_letters_convert() {
    for (input, ascii) in [
        ("\u{32B9A}9\u{A369}\u{17D3}.ss", "xn--9-i0j5967eg3qz.ss"),
        ("\u{32B9A}9\u{A369}\u{17D3}.SS", "xn--9-i0j5967eg3qz.ss"),
        (
            "\u{32931}20.\u{97F3}.\u{A866}1.",
            "xn--20-9802c.xn--0w5a.xn--1-eg4e.",
        ),
    ] {
        let parsed = whatwg::parse(&format!("https://{input}/x"), None);
        let got = parsed.url.as_ref().map(|u| u.hostname());
        assert_eq!(got.as_deref(), Some(ascii), "{input:?}");
    }
    let all = idna_test_v2();
    let with_ext_j: Vec<&Case> = all
        .iter()
        .filter(|c| {
            c.input
                .chars()
                .any(|ch| ch == '\u{32B9A}' || ch == '\u{32931}')
        })
        .collect();
    assert_eq!(with_ext_j.len(), 12);
    for c in with_ext_j {
        assert!(cases::run(c, None).is_empty(), "{:?}", c.input);
    }
}
