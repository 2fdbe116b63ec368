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
//!   (`scripts/measure-first-error.sh` runs it on the 1,000,000-line mixed set under the RFC
//!   grammars; `scripts/measure-whatwg.sh` on its first 100,000 lines under the URL
//!   Standard, with `IDBENCH_FIRST_ERROR_PROFILES=whatwg`).
//!
//! The URL Standard's state machine has the mode too (`whatwg::first_error`): the same
//! property on every input of the web-platform-tests files (`tests/data/whatwg/`), on the
//! corpus's near misses and on generated near misses of URLs, and its failure's message
//! (`specs::first_error_explained`) is the analysis's.

use idbench::engine::first_error_mode::{Explained, FirstError};
use idbench::engine::specs::first_error_explained as explained;
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

/// Every grammar with a first-error mode: the RFC grammars and the URL Standard's machine.
const MODES: [Profile; 3] = [Profile::Rfc3986, Profile::Rfc3987, Profile::Whatwg];

/// [`check`] under whatwg, and the mode's message is the analysis's first error's.
fn check_whatwg(s: &str) -> Result<(), String> {
    check(Profile::Whatwg, s)?;
    let a = analyze(s, &Options::validate_only(Some(Profile::Whatwg)));
    let w = a.first_error().map(|d| Explained {
        error: FirstError {
            code: d.code,
            span: d.span,
            spec: d.spec,
            expected: d.expected.clone(),
        },
        message: d.message.clone().into(),
    });
    let got = explained(Profile::Whatwg, s);
    if got != Some(w.clone()) {
        return Err(format!(
            "whatwg {s:?}: the mode with its message gives {got:?}, analyze {w:?}"
        ));
    }
    Ok(())
}

/// Every input of the web-platform-tests URL files: `urltestdata.json` (and its older
/// copy) as inputs, bases and hrefs, the setters'
/// hrefs and new values, and the IDNA and percent-encoding inputs as they are and as the
/// suites use them (`https://INPUT/x`, a host; `https://example.org/?INPUT`).
fn wpt_inputs() -> Vec<String> {
    let mut out = Vec::new();
    let read = |file: &str| -> Vec<serde_json::Value> {
        let path = format!("{}/tests/data/whatwg/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let v: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        v.as_array().cloned().unwrap_or_default()
    };
    let str_of =
        |t: &serde_json::Value, k: &str| t.get(k).and_then(|v| v.as_str()).map(str::to_string);
    // (`urltestdata-javascript-only.json` holds lone surrogates, which no `&str` holds.)
    for file in ["urltestdata.json", "older/urltestdata.json"] {
        for t in read(file) {
            out.extend(
                ["input", "base", "href"]
                    .iter()
                    .filter_map(|k| str_of(&t, k)),
            );
        }
    }
    let setters = read("setters_tests.json");
    for group in setters
        .first()
        .and_then(|v| v.as_object())
        .into_iter()
        .flat_map(|o| o.values())
    {
        for t in group.as_array().into_iter().flatten() {
            out.extend(["href", "new_value"].iter().filter_map(|k| str_of(t, k)));
        }
    }
    for file in ["toascii.json", "older/toascii.json", "IdnaTestV2.json"] {
        // One `"input": "…",` a line; `IdnaTestV2.json` holds lone surrogates, which no
        // `&str` holds: the inputs are read one by one, and those left out.
        let path = format!("{}/tests/data/whatwg/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines() {
            let Some(v) = line.trim().strip_prefix("\"input\": ") else {
                continue;
            };
            if let Ok(i) = serde_json::from_str::<String>(v.trim_end_matches(',')) {
                out.push(format!("https://{i}/x"));
                out.push(i);
            }
        }
    }
    for t in read("percent-encoding.json") {
        if let Some(i) = str_of(&t, "input") {
            out.push(format!("https://example.org/?{i}"));
            out.push(i);
        }
    }
    out.sort();
    out.dedup();
    out
}

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
fn the_rfc_grammars_and_the_url_standard_have_the_mode() {
    for p in MODES {
        assert!(has_first_error_mode(p), "{p}");
    }
    // The others answer through their verdict parse.
    assert!(!has_first_error_mode(Profile::Rfc2141));
}

#[test]
fn the_url_standard_on_the_web_platform_tests() {
    let inputs = wpt_inputs();
    assert!(inputs.len() > 5000, "only {} inputs", inputs.len());
    let mut failures = Vec::new();
    let mut invalid = 0;
    for s in &inputs {
        failures.extend(check_whatwg(s).err());
        invalid += usize::from(grammar_first_place(Profile::Whatwg, s).is_some());
    }
    assert!(invalid > 500, "only {invalid} failures");
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn the_url_standards_failures_in_place() {
    // Each failing state of the machine and of the host parser, with tabs and newlines
    // removed before the failure (the span maps back to the input), stripped spaces, and
    // a multi-byte character at the failure.
    for (s, code, span) in [
        ("no scheme", "missing-scheme-non-relative-url", (0, 1)),
        (
            "  \t\n no scheme",
            "missing-scheme-non-relative-url",
            (5, 6),
        ),
        ("https://example.org:7z/", "port-invalid", (21, 22)),
        ("ht\ntps://exa\tmple.org:7\r\nz/", "port-invalid", (25, 26)),
        ("http://a:99999/", "port-out-of-range", (9, 14)),
        ("http://u@/", "host-missing", (9, 10)),
        ("http://:80/", "host-missing", (7, 8)),
        ("http:///", "host-missing", (8, 8)),
        ("http://[::1/", "ipv6-unclosed", (7, 11)),
        ("http://[1:2:3]/", "ipv6-too-few-pieces", (8, 13)),
        ("http://[::1.2.3]/", "ipv4-in-ipv6-too-few-parts", (15, 15)),
        ("http://[:1]/", "ipv6-invalid-compression", (8, 9)),
        ("http://1.2.3.4.5/", "ipv4-too-many-parts", (7, 16)),
        ("http://1.2.300.4/", "ipv4-out-of-range-part", (11, 14)),
        ("http://a%00b/", "domain-to-ascii", (7, 12)),
        ("http://a^b/", "domain-to-ascii", (7, 10)),
        ("foo://a b/", "host-invalid-code-point", (7, 8)),
        ("foo://é\t<b/", "host-invalid-code-point", (9, 10)),
    ] {
        let e =
            grammar_first_error(Profile::Whatwg, s).unwrap_or_else(|| panic!("{s:?}: no error"));
        assert_eq!(
            (e.code.as_str(), (e.span.start, e.span.end)),
            (code, span),
            "{s:?}"
        );
        assert_eq!(check_whatwg(s), Ok(()));
    }
    for s in [
        "https://example.org/",
        "a:b",
        "http://a/\tb c\\d?e f#g h",
        " https://a/ ",
    ] {
        assert_eq!(grammar_first_error(Profile::Whatwg, s), None, "{s:?}");
        assert_eq!(check_whatwg(s), Ok(()));
    }
    // A profile whose mode writes no message answers through the analysis.
    assert_eq!(explained(Profile::Rfc3986, "a b"), None);
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
            failures.extend(check_whatwg(&m).err());
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

/// A piece of a generated near miss of a URL: what the URL Standard's states and host
/// parser read (ports, IPv4 and IPv6 forms, dot segments, backslashes, tabs and newlines,
/// IDNA labels), with the defects.
fn url_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "[a-zA-Z0-9]{1,5}",
        6 => prop::sample::select(vec![
            ".", "/", "\\", "?", "#", "@", ":", ":80", ":8o", ":65536", ":", "[", "]", "[::1]",
            "[1:2::3]", "[::1.2.3.4]", "[::1.2.3]", "[:1]", "[1::2::3]", "1.2.3.4", "0x7f.1",
            "1.2.3.4.5", "256.1", "09", "..", "%2e", "%2E%2e", "%41", "%", "%zz", "xn--", "xn--a",
            "a--b", "-a", "c:", "C|", "\n", "\r", "\t", " ", "%00", "^", "|", "<", "\u{0}",
        ])
        .prop_map(str::to_string),
        2 => prop::sample::select(DEFECTS.to_vec()).prop_map(str::to_string),
        1 => prop::sample::select(vec![
            "é", "日本", "\u{A0}", "\u{200B}", "\u{200D}", "\u{AD}", "\u{FF0F}", "\u{FF0E}",
            "שלום", "ß", "bücher", "\u{1F600}",
        ])
        .prop_map(str::to_string),
    ]
}

fn url_near_miss() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http://",
        "https://",
        "HTTP://",
        "ws:",
        "ftp://u:p@",
        "file:",
        "file://",
        "file:///",
        "http:\\\\",
        "http:",
        "a:",
        "a://",
        "mailto:",
        "",
        " ",
        "\t",
        "//",
        "1a:",
        "h\ntp://",
    ]);
    (scheme, prop::collection::vec(url_piece(), 0..12))
        .prop_map(|(s, v)| format!("{s}{}", v.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn generated_near_misses(s in near_miss()) {
        for p in RFC {
            prop_assert_eq!(check(p, &s), Ok(()));
        }
        prop_assert_eq!(check_whatwg(&s), Ok(()));
        prop_assert_eq!(check_auto(&s), Ok(()));
    }

    #[test]
    fn generated_near_misses_of_urls(s in url_near_miss()) {
        prop_assert_eq!(check_whatwg(&s), Ok(()));
    }
}

/// Every line of `IDBENCH_FIRST_ERROR_FILE` under rfc3986 and rfc3987, or under the
/// profiles `IDBENCH_FIRST_ERROR_PROFILES` names (comma-separated, among those with the
/// mode) (the scripts run it on the mixed set, in a release build).
#[test]
#[ignore = "needs IDBENCH_FIRST_ERROR_FILE; run by scripts/measure-first-error.sh"]
fn every_line_of_a_file() {
    let Ok(path) = std::env::var("IDBENCH_FIRST_ERROR_FILE") else {
        return;
    };
    let profiles: Vec<Profile> = match std::env::var("IDBENCH_FIRST_ERROR_PROFILES") {
        Ok(names) => names
            .split(',')
            .map(|n| n.trim().parse().unwrap_or_else(|e| panic!("{n}: {e}")))
            .collect(),
        Err(_) => RFC.to_vec(),
    };
    for p in &profiles {
        assert!(MODES.contains(p), "{p} has no first-error mode");
    }
    let text = std::fs::read(&path).unwrap_or_default();
    let (mut n, mut invalid) = (0u64, vec![0u64; profiles.len()]);
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
        for (i, &p) in profiles.iter().enumerate() {
            let r = match p {
                Profile::Whatwg => check_whatwg(s),
                p => check(p, s),
            };
            failures.extend(r.err());
            invalid[i] += u64::from(grammar_first_place(p, s).is_some());
        }
    }
    let counts: Vec<String> = profiles
        .iter()
        .zip(&invalid)
        .map(|(p, k)| format!("{k} invalid under {p}"))
        .collect();
    eprintln!(
        "{n} lines of {path}: {}, {} disagreements",
        counts.join(", "),
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
fn ip_literals_get_the_grammars_first_error() {
    // The quick path names an IP literal's error with the grammar's own check: every
    // content, close, tail and userinfo here, under both profiles, gives the first error
    // (and its code by the quick path) of the full analysis.
    let contents = [
        "",
        "::1",
        "::g",
        "1:2:3",
        "1::2::3",
        "v1",
        "v1.x",
        "vz.x",
        "v.x",
        "1.2.3.4",
        "a",
        "::1%25x",
        "::ffff:1.2.3.256",
        "1:2:3:4:5:6:7:8:9",
        "::1 ",
        "caf\u{e9}",
    ];
    let mut n = 0;
    for content in contents {
        for close in ["]", ""] {
            for tail in ["", "/p", "x/p", ":80", ":8o", ":", "x:1", "]", "?q", "#f"] {
                for user in ["", "u@", "u:p@", "u%zz@"] {
                    let s = format!("http://{user}[{content}{close}{tail}");
                    for p in [Profile::Rfc3986, Profile::Rfc3987] {
                        assert_eq!(check(p, &s), Ok(()));
                        n += 1;
                    }
                }
            }
        }
    }
    assert_eq!(n, 16 * 2 * 10 * 4 * 2);
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
        (Profile::Rfc3986, "\u{FFFD}\u{FFFD}i://!a", "non-ascii"),
        (Profile::Rfc3986, "http://a:8o/", "port-not-digits"),
        (Profile::Rfc3986, "http://u%zz@a/", "pct-invalid"),
        (Profile::Rfc3986, "http://[::1/", "ip-literal-unclosed"),
        (Profile::Rfc3986, "http://[1:2:3]/", "ipv6-too-few-groups"),
        (Profile::Rfc3986, "http://[::g]/", "ipv6-bad-char"),
        (
            Profile::Rfc3986,
            "http://[1::2::3]",
            "ipv6-multiple-double-colon",
        ),
        (Profile::Rfc3986, "http://[::1]x/", "ip-literal-trailing"),
        (Profile::Rfc3986, "http://[::1]:8o/", "port-not-digits"),
        (
            Profile::Rfc3987,
            "http://u@[1.2.3.4]/",
            "ip-literal-invalid",
        ),
        (Profile::Rfc3987, "http://a/\u{202E}", "bidi-format-char"),
        (
            Profile::Rfc3987,
            "http://a/\u{E000}",
            "iprivate-outside-query",
        ),
        (Profile::Rfc3987, "http://a/\u{FFFF}", "noncharacter"),
        // A private-use character is the query's (RFC 3987 `iprivate`): after the "?" the
        // query's own scan goes on past it.
        (Profile::Rfc3987, "http://a/b?\u{E000} x", "illegal-char"),
        (Profile::Rfc3987, "http://a/b?c\u{E000}%zz", "pct-invalid"),
        (
            Profile::Rfc3987,
            "http://a/b?c\u{E000}#\u{E000}",
            "iprivate-outside-query",
        ),
    ] {
        assert_eq!(quick_verdict(p, s), Some(Some(code)), "{p} {s:?}");
        assert_eq!(check(p, s), Ok(()));
    }
    // Left to the grammar: a "[" that ends the authority, a port after a host with two
    // ":", and a relative reference whose first segment holds ":" (the grammar may report
    // a byte before the one the scan stopped on, read as a scheme's).
    for s in ["http://[/", "http://a:1:x/", "a~b c://x"] {
        assert_eq!(quick_verdict(Profile::Rfc3986, s), None, "{s:?}");
        assert_eq!(check(Profile::Rfc3986, s), Ok(()));
    }
    // So is one whose first byte is a non-ASCII character no IRI allows, with a ":" in
    // its first segment: the scheme's `scheme-start` can come first (the fuzzer's case,
    // where the quick path said `illegal-char`); an ASCII one is named.
    for s in ["\u{FFFD}\u{FFFD}i://!a", "\u{FFFD}i://!a"] {
        assert_eq!(quick_verdict(Profile::Rfc3987, s), None, "{s:?}");
        assert_eq!(check(Profile::Rfc3987, s), Ok(()));
    }
    assert_eq!(
        first_error("\u{FFFD}\u{FFFD}i://!a", Some(Profile::Rfc3987)).1,
        Some("scheme-start")
    );
}
