//! The first-error mode (`engine::first_error_mode`) against the full analysis.
//!
//! For every input below, under every listed profile, the first error the mode finds (its
//! code, span, section and expected set) is the one `analyze` reports, and
//! `engine::first_error` / `engine::first_error_at` give the same profile and error as
//! `analyze` (for a given profile and for `auto`):
//!
//! - every identifier of the shipped sets, the corpus sample and the URL Standard's test
//!   inputs (`urltestdata.json`), each as it is;
//! - near misses made from each of them: one defect put at several places (a space, a
//!   control, a stray or bad `%`, a backslash, a bracket, `:`, `@`, non-ASCII, a bidi
//!   format character, a private-use and a non-character), a character dropped, the
//!   input doubled;
//! - generated near misses (proptest, from the pieces of `tests/validate.rs`' alphabets);
//! - with `IDBENCH_FIRST_ERROR_FILE=FILE` and `--ignored`, every line of FILE
//!   (`scripts/measure-first-error.sh` runs it on the 1,000,000-line mixed set).

use idbench::engine::first_error_mode::FirstError;
use idbench::engine::{
    Options, Profile, analyze, first_error, first_error_at, grammar_first_error,
    grammar_first_place, has_first_error_mode,
};
use idbench::idsets;
use proptest::prelude::*;

/// The analysis's first error under `profile` (`None`: auto), and the profile it chose.
fn want(profile: Option<Profile>, s: &str) -> (Profile, Option<FirstError>) {
    let a = analyze(s, &Options::validate_only(profile));
    (a.profile, FirstError::of(&a.diagnostics))
}

/// Every agreement for `s`: under `p` the mode itself, the place alone, `first_error_at`
/// and `first_error`; under auto the last two.
fn check(p: Profile, s: &str) -> Result<(), String> {
    let (_, w) = want(Some(p), s);
    let got = grammar_first_error(p, s);
    if got != w {
        return Err(format!(
            "{p} {s:?}: the first-error mode gives {got:?}, analyze {w:?}"
        ));
    }
    let place = grammar_first_place(p, s);
    if place != w.as_ref().map(|e| (e.code, e.span)) {
        return Err(format!(
            "{p} {s:?}: the place alone is {place:?}, analyze {w:?}"
        ));
    }
    let at = first_error_at(s, Some(p));
    if at != (p, w.clone()) {
        return Err(format!(
            "{p} {s:?}: first_error_at gives {at:?}, analyze {w:?}"
        ));
    }
    let code = first_error(s, Some(p));
    if code != (p, w.as_ref().map(|e| e.code.as_str())) {
        return Err(format!(
            "{p} {s:?}: first_error gives {code:?}, analyze {w:?}"
        ));
    }
    Ok(())
}

fn check_auto(s: &str) -> Result<(), String> {
    let w = want(None, s);
    let at = first_error_at(s, None);
    if at != w {
        return Err(format!(
            "auto {s:?}: first_error_at gives {at:?}, analyze {w:?}"
        ));
    }
    let code = first_error(s, None);
    if code != (w.0, w.1.as_ref().map(|e| e.code.as_str())) {
        return Err(format!(
            "auto {s:?}: first_error gives {code:?}, analyze {w:?}"
        ));
    }
    Ok(())
}

/// The RFC grammars, which have the mode of their own.
const RFC: [Profile; 2] = [Profile::Rfc3986, Profile::Rfc3987];

/// The corpus: the shipped sets, the corpus sample of `tests/validate.rs` and the URL
/// Standard's test inputs.
fn corpus() -> Vec<String> {
    let mut out: Vec<String> = idsets::all().into_iter().map(|e| e.id).collect();
    out.extend(
        include_str!("data/validate-sample.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("== "))
            .map(str::to_string),
    );
    let wpt: serde_json::Value =
        serde_json::from_str(include_str!("data/whatwg/urltestdata.json")).unwrap_or_default();
    for t in wpt.as_array().into_iter().flatten() {
        for k in ["input", "base", "href"] {
            if let Some(s) = t.get(k).and_then(|v| v.as_str()) {
                out.push(s.to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The defects a near miss gets, one at a time.
const DEFECTS: [&str; 17] = [
    " ", "\t", "\u{1}", "%", "%g", "%4", "\\", "[", "]", ":", "@", "é", "\u{202E}", "\u{E000}",
    "\u{FFFF}", "%%", "^",
];

/// Near misses of `s`: each defect at the start, a third of the way, the middle and the
/// end (on character boundaries), every character dropped in turn (for short inputs), and
/// `s` twice.
fn near_misses(s: &str) -> Vec<String> {
    let bounds: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
    let at = |f: usize| bounds[(bounds.len() - 1) * f / 6];
    let mut out = Vec::new();
    for d in DEFECTS {
        for k in [0, 2, 3, 5, 6] {
            let i = at(k);
            out.push(format!("{}{d}{}", &s[..i], &s[i..]));
        }
    }
    if bounds.len() <= 40 {
        for w in bounds.windows(2) {
            out.push(format!("{}{}", &s[..w[0]], &s[w[1]..]));
        }
    }
    out.push(format!("{s}{s}"));
    out
}

#[test]
fn the_rfc_grammars_have_the_mode() {
    for p in RFC {
        assert!(has_first_error_mode(p), "{p}");
    }
}

#[test]
fn the_corpus_under_every_profile() {
    let corpus = corpus();
    assert!(corpus.len() > 1500, "only {} inputs", corpus.len());
    let mut failures = Vec::new();
    for s in &corpus {
        for p in Profile::ALL {
            failures.extend(check(p, s).err());
        }
        failures.extend(check_auto(s).err());
    }
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn near_misses_of_the_corpus() {
    let mut failures = Vec::new();
    let mut n = 0;
    for s in corpus() {
        for m in near_misses(&s) {
            n += 1;
            for p in RFC {
                failures.extend(check(p, &m).err());
            }
        }
    }
    assert!(n > 50_000, "only {n} near misses");
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn runs_and_out_of_order_errors() {
    // Runs of repeats are one error (its span covers the run), as in the full parse; an
    // error reported after a later one (the scheme reading of a relative reference) is
    // still the first; an error whose expectation lies past it keeps it.
    for s in [
        "%%%",
        "%zz%zz/",
        "%4%4",
        "a:%zz%zy",
        "http://a/\u{202E}\u{202E}x",
        "http://a/\u{FFFF}\u{FFFF}\u{FFFE}",
        "hé tp://a",
        "h_t tp://a",
        "1a://b",
        "http://[::1",
        "http://[::1]x:80/",
        "http://a:8o/",
        "http://::1/",
        "http://a b@c d/e f?g h#i j",
        "a:b:c%",
        ":x",
        "//a/b c",
    ] {
        for p in RFC {
            assert_eq!(check(p, s), Ok(()));
        }
        assert_eq!(check_auto(s), Ok(()));
    }
}

/// A piece of a generated near miss: mostly valid text, delimiters and defects.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => "[a-zA-Z0-9]{1,5}",
        4 => prop::sample::select(vec![
            "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@",
            "/", "?", "#", "//", "[", "]", "[::1]", "[v1.x]", "%41", "%7e", "%", "%4", "%zz",
        ])
        .prop_map(str::to_string),
        2 => prop::sample::select(DEFECTS.to_vec()).prop_map(str::to_string),
        1 => prop::sample::select(vec![
            "é", "日本", "\u{A0}", "\u{200B}", "\u{200E}", "\u{FDD0}", "\u{10FFFD}", "\u{E0041}",
            "\u{FF0F}", "שלום", "xn--bcher-kva", "bücher",
        ])
        .prop_map(str::to_string),
    ]
}

fn near_miss() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http://", "https://", "a:", "mailto:", "urn:x:", "", "1a:", "HT TP://", "//",
    ]);
    (scheme, prop::collection::vec(piece(), 0..12)).prop_map(|(s, v)| format!("{s}{}", v.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn generated_near_misses(s in near_miss()) {
        for p in RFC {
            prop_assert_eq!(check(p, &s), Ok(()));
        }
        prop_assert_eq!(check_auto(&s), Ok(()));
    }
}

/// Every line of `IDBENCH_FIRST_ERROR_FILE` under rfc3986 and rfc3987 (the script runs it
/// on the 1,000,000-line mixed set, in a release build).
#[test]
#[ignore = "needs IDBENCH_FIRST_ERROR_FILE; run by scripts/measure-first-error.sh"]
fn every_line_of_a_file() {
    let Ok(path) = std::env::var("IDBENCH_FIRST_ERROR_FILE") else {
        return;
    };
    let text = std::fs::read(&path).unwrap_or_default();
    let (mut n, mut invalid) = (0u64, [0u64; 2]);
    let mut failures = Vec::new();
    for line in text.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Ok(s) = std::str::from_utf8(line) else {
            continue;
        };
        if s.is_empty() {
            continue;
        }
        n += 1;
        for (i, p) in RFC.into_iter().enumerate() {
            match check(p, s) {
                Ok(()) => {}
                Err(e) => failures.push(e),
            }
            invalid[i] += u64::from(grammar_first_place(p, s).is_some());
        }
    }
    eprintln!(
        "{n} lines of {path}: {} invalid under rfc3986, {} under rfc3987, {} disagreements",
        invalid[0],
        invalid[1],
        failures.len()
    );
    assert!(n > 0, "no lines in {path}");
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn the_quick_path_names_the_common_errors() {
    use idbench::engine::quick_check::quick_verdict;
    // Named by the quick recognizer itself (no grammar run), and the grammar's first error.
    for (p, s, code) in [
        (Profile::Rfc3986, "http://a/b c", "illegal-char"),
        (Profile::Rfc3986, "http://a/b?c d", "illegal-char"),
        (Profile::Rfc3986, "http://a/b#c#d", "illegal-char"),
        (Profile::Rfc3986, "http://a/caf\u{e9}", "non-ascii"),
        (Profile::Rfc3986, "http://a/%zz", "pct-invalid"),
        (Profile::Rfc3986, "http:\\\\a\\b", "illegal-char"),
        (Profile::Rfc3986, "1a:b", "scheme-start"),
        (Profile::Rfc3986, ":b", "scheme-empty"),
        (Profile::Rfc3986, "a/b c", "illegal-char"),
        (Profile::Rfc3986, " http://a/", "illegal-char"),
        (Profile::Rfc3986, "http://a b/", "illegal-char"),
        (Profile::Rfc3986, "http://b\u{fc}cher.de/", "non-ascii"),
        (Profile::Rfc3986, "http://a:8o/", "port-not-digits"),
        (Profile::Rfc3986, "http://u%zz@a/", "pct-invalid"),
        (Profile::Rfc3987, "http://a/\u{202E}", "bidi-format-char"),
        (
            Profile::Rfc3987,
            "http://a/\u{E000}",
            "iprivate-outside-query",
        ),
        (Profile::Rfc3987, "http://a/\u{FFFF}", "noncharacter"),
    ] {
        assert_eq!(quick_verdict(p, s), Some(Some(code)), "{p} {s:?}");
        assert_eq!(check(p, s), Ok(()));
    }
    // Left to the grammar: an IP literal, a port after a host with two ":", and a relative
    // reference whose first segment holds ":" (the grammar may report a byte before the
    // one the scan stopped on, read as a scheme's).
    for s in ["http://[::1/", "http://a:1:x/", "a~b c://x"] {
        assert_eq!(quick_verdict(Profile::Rfc3986, s), None, "{s:?}");
        assert_eq!(check(Profile::Rfc3986, s), Ok(()));
    }
}
