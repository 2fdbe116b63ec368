//! The web-platform-tests shapes, read as cases and run under the URL Standard's parser:
//! `urltestdata.json` (and `urltestdata-javascript-only.json`), the host files
//! `toascii.json` and `IdnaTestV2.json`, and `percent-encoding.json`.
//!
//! The files are JSON arrays: a string is a comment, an object a case. `serde_json` gives
//! the values but not where they are, so a small scanner (strings and nesting only) finds
//! the line each element of the top-level array starts on, for the report.
//!
//! The data is read as the URL Standard reads its input, a USVString: JSON may escape a
//! lone surrogate (`"\uD800"`), which JavaScript strings hold and Rust strings cannot, and
//! which becomes U+FFFD when JavaScript hands the string to `new URL()`; the reader does
//! the same ([`usv_text`]) before `serde_json` sees the text.
//!
//! [`parse_wpt`] reads the JSON once and dispatches on the file's shape: every shape above
//! is an array ([`array_cases`]); a shape of another top-level type gets its own reader
//! beside it.

use serde_json::{Map, Value};

use super::{Case, Expect, Failure, LoadError, MAX_LOAD_ERRORS, WptExpect};
use crate::engine::whatwg::{self, wpt};

/// The getters a `urltestdata.json` case may give.
const GETTERS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// The keys a `urltestdata.json` case may hold besides the getters (`searchParams` is the
/// `URLSearchParams` object's, out of scope here, and ignored; `comment` is a note).
const OTHER_KEYS: [&str; 6] = [
    "input",
    "base",
    "failure",
    "relativeTo",
    "searchParams",
    "comment",
];

/// The keys of a host case (`toascii.json`, `IdnaTestV2.json`). `urlStandardOnly` marks a
/// case that holds for the URL Standard's domain to ASCII but not for UTS #46 ToASCII;
/// idbench runs the URL Standard, so it runs the case like any other.
const HOST_KEYS: [&str; 4] = ["input", "output", "comment", "urlStandardOnly"];

/// The URL `percent-encoding.json`'s cases are run in, the input in its query and fragment
/// (web-platform-tests' `percent-encoding.py` writes `<a href>` this way).
const PERCENT_ENCODING_URL: &str = "https://doesnotmatter.invalid/";

/// `text` with every JSON escape of a lone surrogate (`\uD800` to `\uDFFF` not in a
/// high-low pair) replaced by `\uFFFD`, the replacement a USVString conversion makes. Each
/// escape keeps its six bytes, so lines and columns stay those of the file. Text outside
/// JSON strings, and escaped backslashes, are left alone.
pub(crate) fn usv_text(text: &str) -> std::borrow::Cow<'_, str> {
    fn hex4(b: &[u8]) -> Option<u16> {
        let s = std::str::from_utf8(b.get(..4)?).ok()?;
        if !s.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        u16::from_str_radix(s, 16).ok()
    }
    let b = text.as_bytes();
    // Byte offsets of the lone-surrogate escapes' backslashes.
    let mut lone = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if !in_string {
            in_string = c == b'"';
            i += 1;
            continue;
        }
        match c {
            b'"' => {
                in_string = false;
                i += 1;
            }
            b'\\' if b.get(i + 1) == Some(&b'u') => {
                let Some(u) = hex4(&b[i + 2..]) else {
                    i += 2;
                    continue;
                };
                let low_next = || {
                    (b.get(i + 6) == Some(&b'\\') && b.get(i + 7) == Some(&b'u'))
                        .then(|| hex4(&b[i + 8..]))
                        .flatten()
                        .filter(|n| (0xDC00..=0xDFFF).contains(n))
                };
                if (0xD800..=0xDBFF).contains(&u) && low_next().is_some() {
                    i += 12;
                } else {
                    if (0xD800..=0xDFFF).contains(&u) {
                        lone.push(i);
                    }
                    i += 6;
                }
            }
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    if lone.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for at in lone {
        out.push_str(&text[from..at]);
        out.push_str("\\uFFFD");
        from = at + 6;
    }
    out.push_str(&text[from..]);
    std::borrow::Cow::Owned(out)
}

/// The 1-based line on which each element of the top-level array starts, in order.
fn element_lines(text: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut line = 1;
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut in_scalar = false;
    for b in text.bytes() {
        if b == b'\n' {
            line += 1;
        }
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        if in_scalar {
            if b.is_ascii_whitespace() || matches!(b, b',' | b']' | b'}') {
                in_scalar = false;
            } else {
                continue;
            }
        }
        match b {
            b'"' => {
                if depth == 1 {
                    lines.push(line);
                }
                in_string = true;
            }
            b'[' | b'{' => {
                if depth == 1 {
                    lines.push(line);
                }
                depth += 1;
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' | b':' => {}
            b if b.is_ascii_whitespace() => {}
            _ => {
                // A number, true, false or null.
                if depth == 1 {
                    lines.push(line);
                }
                in_scalar = true;
            }
        }
    }
    lines
}

/// Reads a web-platform-tests URL file. The text is read as USVStrings (a JSON escape of a
/// lone surrogate becomes U+FFFD), parsed as JSON once, and dispatched on its shape: an
/// array of cases and comments (`urltestdata.json`, `toascii.json`, `IdnaTestV2.json`,
/// `percent-encoding.json`). Every case runs under the URL Standard; a case listed as a
/// known disagreement for the expectation the file gives carries the reason
/// ([`Expect::known`]).
pub fn parse_wpt(text: &str, file: &str) -> Result<Vec<Case>, Vec<LoadError>> {
    let text = usv_text(text);
    let v: Value = serde_json::from_str(&text).map_err(|e| {
        vec![LoadError {
            file: file.to_string(),
            line: e.line(),
            column: e.column(),
            message: format!("not valid JSON: {e}"),
        }]
    })?;
    match v {
        Value::Array(items) => array_cases(&items, &text, file),
        _ => Err(vec![load_error(
            file,
            0,
            "a web-platform-tests URL file is a JSON array of cases (objects) and comments \
             (strings)"
                .into(),
        )]),
    }
}

fn load_error(file: &str, line: usize, message: String) -> LoadError {
    LoadError {
        file: file.to_string(),
        line,
        column: usize::from(line > 0),
        message,
    }
}

/// The cases of a file that is a JSON array: `urltestdata.json`'s (`input`, `base`, the
/// getters or `failure`), the host files' (`input`, `output`: a string or null) and
/// `percent-encoding.json`'s (`input`, `output`: an object of encoding → expected
/// percent-encoding). Strings are comments.
fn array_cases(items: &[Value], text: &str, file: &str) -> Result<Vec<Case>, Vec<LoadError>> {
    let lines = element_lines(text);
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    let mut more = 0;
    for (i, item) in items.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(0);
        let read = match item {
            Value::String(_) => continue,
            Value::Object(o) => case(o, line),
            _ => Err("a case must be an object, a comment a string".into()),
        };
        match read {
            Ok(c) => cases.push(c),
            Err(m) if errors.len() < MAX_LOAD_ERRORS => errors.push(load_error(file, line, m)),
            Err(_) => more += 1,
        }
    }
    if more > 0 {
        errors.push(load_error(file, 0, format!("and {more} more errors")));
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

/// One case of an array file, by its keys: `output` a string or null is a host case, an
/// object a percent-encoding case; otherwise a `urltestdata.json` case.
fn case(obj: &Map<String, Value>, line: usize) -> Result<Case, String> {
    let Some(input) = obj.get("input").and_then(Value::as_str) else {
        return Err("a case needs `input`, a string".into());
    };
    let (expect, input, base) = match obj.get("output") {
        Some(Value::Object(outputs)) => percent_encoding_case(input, outputs)?,
        Some(output) => (host_case(obj, input, output)?, input.to_string(), None),
        None => url_case(obj, input)?,
    };
    Ok(Case {
        line,
        input,
        profile: None,
        base,
        expect,
        note: None,
    })
}

/// A host case (`toascii.json`, `IdnaTestV2.json`): `output` is the domain's ASCII form,
/// null for failure.
fn host_case(obj: &Map<String, Value>, input: &str, output: &Value) -> Result<Expect, String> {
    let output = match output {
        Value::String(s) => Some(s.clone()),
        Value::Null => None,
        _ => return Err("`output` must be a string or null".into()),
    };
    if let Some(k) = obj.keys().find(|k| !HOST_KEYS.contains(&k.as_str())) {
        return Err(format!(
            "unknown key `{k}` in a host case; the keys are {}",
            HOST_KEYS.join(", ")
        ));
    }
    Ok(Expect {
        known: wpt::host_change(input, output.as_deref()),
        wpt: Some(WptExpect::ToAscii(output)),
        ..Expect::default()
    })
}

/// A `percent-encoding.json` case: `input` in the query and the fragment of a URL, the
/// query percent-encoded as `output` says for each document encoding. idbench parses
/// text, whose encoding is UTF-8, so the `utf-8` output is checked (for `search` and, as
/// web-platform-tests does for every encoding, `hash`); the other encodings' outputs are
/// for a document in that encoding and are not run.
fn percent_encoding_case(
    input: &str,
    outputs: &Map<String, Value>,
) -> Result<(Expect, String, Option<String>), String> {
    let Some(utf8) = outputs.get("utf-8").and_then(Value::as_str) else {
        return Err("a percent-encoding case needs `output` with `utf-8`, a string".into());
    };
    let getters = vec![
        ("search".to_string(), format!("?{utf8}")),
        ("hash".to_string(), format!("#{utf8}")),
    ];
    let expect = Expect {
        wpt: Some(WptExpect::Url {
            failure: false,
            getters,
        }),
        ..Expect::default()
    };
    Ok((
        expect,
        format!("{PERCENT_ENCODING_URL}?{input}#{input}"),
        None,
    ))
}

/// A `urltestdata.json` case: `base` (a string or null), and `failure: true` or getters.
/// A null `origin` (ada's extra data writes it so) is read as the opaque origin, whose
/// serialization is `null` (see docs/readings.md).
fn url_case(
    obj: &Map<String, Value>,
    input: &str,
) -> Result<(Expect, String, Option<String>), String> {
    let base = match obj.get("base") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err("`base` must be a string or null".into()),
    };
    let failure = obj.get("failure").and_then(Value::as_bool) == Some(true);
    let mut getters = Vec::new();
    for (k, val) in obj {
        if GETTERS.contains(&k.as_str()) {
            match val {
                Value::String(s) => getters.push((k.clone(), s.clone())),
                Value::Null if k == "origin" => getters.push((k.clone(), "null".to_string())),
                _ if k == "origin" => return Err("`origin` must be a string or null".into()),
                _ => return Err(format!("`{k}` must be a string")),
            }
        } else if !OTHER_KEYS.contains(&k.as_str()) {
            return Err(format!(
                "unknown key `{k}` in a case; the keys are {}, {}",
                OTHER_KEYS.join(", "),
                GETTERS.join(", ")
            ));
        }
    }
    if !failure && getters.is_empty() {
        return Err(
            "a case expects nothing: give `failure: true` or the getters (href, ...)".into(),
        );
    }
    let href = getters.iter().find(|g| g.0 == "href").map(|g| g.1.as_str());
    let known = wpt::urltestdata_change(input, base.as_deref(), failure, href);
    let expect = Expect {
        wpt: Some(WptExpect::Url { failure, getters }),
        known,
        ..Expect::default()
    };
    Ok((expect, input.to_string(), base))
}

/// Runs a web-platform-tests expectation: the URL Standard's parser on the case's input
/// against its base (a host case: the input as the host of an `https:` URL), each getter
/// the case gives compared with the record's. A case listed as a known disagreement for the
/// very expectation it gives that agrees anyway is a failure (`known`): the engine changed.
pub(super) fn run(case: &Case, w: &WptExpect, out: &mut Vec<Failure>) {
    let before = out.len();
    let mut fail = |field: &str, expected: String, got: String| {
        out.push(Failure {
            field: field.to_string(),
            expected,
            got,
        })
    };
    match w {
        WptExpect::Url { failure, getters } => {
            let parsed = whatwg::parse(&case.input, case.base.as_deref());
            match (&parsed.url, failure) {
                (None, true) => {}
                (Some(u), true) => fail("failure", "the parse fails".into(), u.href()),
                (None, false) => {
                    let why = parsed.failure().map_or_else(
                        || "the parse fails".to_string(),
                        |d| format!("the parse fails: {} at {}", d.code, d.span.start),
                    );
                    let want = getters
                        .iter()
                        .find(|g| g.0 == "href")
                        .map_or_else(|| "a URL".to_string(), |g| g.1.clone());
                    fail("href", want, why);
                }
                (Some(u), false) => {
                    for (name, got) in wpt::getters(u) {
                        if let Some((_, want)) = getters.iter().find(|g| g.0 == name)
                            && *want != got
                        {
                            fail(name, want.clone(), got);
                        }
                    }
                }
            }
        }
        WptExpect::ToAscii(want) => {
            // web-platform-tests runs `https://{input}/x`. An empty input cannot go that
            // way (`https:///x` has the host `x`: a special URL skips extra slashes), so
            // it runs as `https://`, a URL whose host is empty.
            let url = if case.input.is_empty() {
                "https://".to_string()
            } else {
                format!("https://{}/x", case.input)
            };
            let parsed = whatwg::parse(&url, None);
            let got = parsed.url.as_ref().map(|u| u.hostname());
            if got != *want {
                let words = |h: &Option<String>| match h.as_deref() {
                    None => "failure".to_string(),
                    Some("") => "the empty string".to_string(),
                    Some(h) => h.to_string(),
                };
                fail("host", words(want), words(&got));
            }
        }
    }
    if let Some(k) = case.expect.known
        && out.len() == before
    {
        out.push(Failure {
            field: "known".into(),
            expected: format!("a known disagreement ({k})"),
            got: "agreement: the listed change no longer applies".into(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_lines_count_strings_objects_and_scalars() {
        let text = "[\n  \"comment\",\n  {\"input\": \"a\\\"[{\", \"x\": [1, {}]},\n\n  {\n  }, null, 12\n]";
        assert_eq!(element_lines(text), [2, 3, 5, 6, 6]);
    }

    #[test]
    fn cases_read_with_their_lines_bases_and_known_changes() {
        let text = r#"[
  "a comment",
  {"input": "http://example.com/", "base": null, "href": "http://example.com/", "origin": "http://example.com"},
  {"input": "../x", "base": "http://a/b/c", "href": "http://a/x"},
  {"input": "http://[", "base": null, "failure": true},
  {"input": "https://xn--/", "base": null, "failure": true}
]"#;
        let cases = parse_wpt(text, "u.json").expect("reads");
        assert_eq!(cases.len(), 4);
        assert_eq!(
            cases.iter().map(|c| c.line).collect::<Vec<_>>(),
            [3, 4, 5, 6]
        );
        assert_eq!(cases[1].base.as_deref(), Some("http://a/b/c"));
        assert!(cases[3].expect.known.is_some());
        let mut out = Vec::new();
        for c in &cases[..3] {
            run(c, c.expect.wpt.as_ref().expect("wpt"), &mut out);
        }
        assert!(out.is_empty(), "{out:?}");
        // The listed change: the later standard keeps the ASCII domain, so the case
        // disagrees with the file and is a known disagreement.
        let c = &cases[3];
        run(c, c.expect.wpt.as_ref().expect("wpt"), &mut out);
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(c.known_disagreement(&out).is_some());
    }

    #[test]
    fn a_wrong_expectation_fails_and_a_stale_known_entry_fails() {
        let text =
            r#"[{"input": "http://EXAMPLE.com", "base": null, "href": "http://EXAMPLE.com/"}]"#;
        let cases = parse_wpt(text, "u.json").expect("reads");
        let mut out = Vec::new();
        run(
            &cases[0],
            cases[0].expect.wpt.as_ref().expect("wpt"),
            &mut out,
        );
        assert_eq!(out[0].field, "href");
        assert_eq!(out[0].got, "http://example.com/");
        // A case listed for the expectation it gives that agrees anyway: the engine
        // changed, and the entry must go.
        let text =
            r#"[{"input": "http://example.com", "base": null, "href": "http://example.com/"}]"#;
        let mut case = parse_wpt(text, "u.json").expect("reads").remove(0);
        case.expect.known = Some(wpt::ASCII_FALLBACK);
        let mut out = Vec::new();
        run(&case, case.expect.wpt.as_ref().expect("wpt"), &mut out);
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].field, "known");
        assert!(case.known_disagreement(&out).is_none());
    }

    /// The issue's false failures: a known disagreement is keyed to the expectation it was
    /// written against. WPT 876fe001 expected `https://xn--/` to fail (a known
    /// disagreement); the July 2026 file expects what idbench gives, and passes outright.
    #[test]
    fn a_known_entry_applies_to_the_data_it_was_written_against_only() {
        let older = r#"[{"input": "https://xn--/", "base": null, "failure": true},
 {"input": "xn--a", "output": null}]"#;
        let current = r#"[{"input": "https://xn--/", "base": null, "href": "https://xn--/", "origin": "https://xn--", "protocol": "https:", "username": "", "password": "", "host": "xn--", "hostname": "xn--", "port": "", "pathname": "/", "search": "", "hash": ""},
 {"comment": "Invalid Punycode", "input": "xn--a", "output": "xn--a"}]"#;
        for c in parse_wpt(older, "older.json").expect("reads") {
            let mut out = Vec::new();
            run(&c, c.expect.wpt.as_ref().expect("wpt"), &mut out);
            assert!(c.known_disagreement(&out).is_some(), "{out:?}");
        }
        for c in parse_wpt(current, "current.json").expect("reads") {
            assert!(c.expect.known.is_none());
            let mut out = Vec::new();
            run(&c, c.expect.wpt.as_ref().expect("wpt"), &mut out);
            assert!(out.is_empty(), "{}: {out:?}", c.input);
        }
    }

    #[test]
    fn lone_surrogates_read_as_a_usv_string_does() {
        // From web-platform-tests' urltestdata-javascript-only.json: a lone high, a pair, a
        // lone low.
        let text = r#"["\\uD800", {"input": "http://example.com/\uD800\uD801\uDFFE\uDFFF?\uDFFF", "base": null, "href": "http://example.com/%EF%BF%BD%F0%90%9F%BE%EF%BF%BD?%EF%BF%BD"}]"#;
        let fixed = usv_text(text);
        assert_eq!(fixed.len(), text.len());
        assert!(
            fixed.contains(r#"["\\uD800", "#),
            "an escaped backslash is text"
        );
        assert!(
            fixed.contains(r"/\uFFFD\uD801\uDFFE\uFFFD?\uFFFD"),
            "{fixed}"
        );
        let cases = parse_wpt(text, "js.json").expect("reads");
        assert_eq!(
            cases[0].input,
            "http://example.com/\u{FFFD}\u{107FE}\u{FFFD}?\u{FFFD}"
        );
        let mut out = Vec::new();
        run(
            &cases[0],
            cases[0].expect.wpt.as_ref().expect("wpt"),
            &mut out,
        );
        assert!(out.is_empty(), "{out:?}");
        // IdnaTestV2.json's: a lone surrogate in a host is U+FFFD, disallowed.
        let cases = parse_wpt(
            r#"[{"comment": "V7; A3", "input": "a\ud900z", "output": null}]"#,
            "i.json",
        )
        .expect("reads");
        assert_eq!(cases[0].input, "a\u{FFFD}z");
        let mut out = Vec::new();
        run(
            &cases[0],
            cases[0].expect.wpt.as_ref().expect("wpt"),
            &mut out,
        );
        assert!(out.is_empty(), "{out:?}");
        // Nothing to repair: the text is borrowed as it is; a truncated escape is JSON's
        // error to report.
        assert!(matches!(
            usv_text(r#"["\u00e9"]"#),
            std::borrow::Cow::Borrowed(_)
        ));
        assert!(parse_wpt(r#"["\uD8"]"#, "t.json").is_err());
    }

    #[test]
    fn a_null_origin_is_the_opaque_origin() {
        // ada-url/ada's tests/wpt/ada_extra_urltestdata.json writes the origin of `a:b#`
        // as JSON null.
        let text = r#"[{"input": "a:b#", "base": null, "href": "a:b#", "origin": null, "protocol": "a:", "pathname": "b", "hash": ""},
 {"input": "http://h/", "base": null, "href": "http://h/", "origin": null}]"#;
        let cases = parse_wpt(text, "extra.json").expect("reads");
        let mut out = Vec::new();
        run(
            &cases[0],
            cases[0].expect.wpt.as_ref().expect("wpt"),
            &mut out,
        );
        assert!(out.is_empty(), "{out:?}");
        run(
            &cases[1],
            cases[1].expect.wpt.as_ref().expect("wpt"),
            &mut out,
        );
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(
            (out[0].field.as_str(), out[0].got.as_str()),
            ("origin", "http://h")
        );
        let e = parse_wpt(r#"[{"input": "a:b", "origin": 1}]"#, "x.json").expect_err("number");
        assert!(
            e[0].message.contains("`origin` must be a string or null"),
            "{e:?}"
        );
    }

    #[test]
    fn host_and_percent_encoding_cases() {
        let text = r#"[
  {"input": "a\u00DF.de", "output": "xn--a-qfa.de", "comment": "x"},
  {"input": "www.lookout.net\u2A7480", "output": null, "urlStandardOnly": true},
  {"input": "", "output": "", "comment": "A4_1 (ignored); A4_2 (ignored)"},
  {"input": "\u2020", "output": {"big5": "%26%238224%3B", "utf-8": "%E2%80%A0"}},
  {"input": "á|", "output": {"utf-8": "%C3%A1|"}}
]"#;
        let cases = parse_wpt(text, "h.json").expect("reads");
        assert_eq!(cases.len(), 5);
        assert_eq!(
            cases[3].input,
            "https://doesnotmatter.invalid/?\u{2020}#\u{2020}"
        );
        for c in &cases {
            let mut out = Vec::new();
            run(c, c.expect.wpt.as_ref().expect("wpt"), &mut out);
            if c.input.is_empty() {
                // UTS #46 maps "" to itself; the URL Standard's host parser fails on it.
                assert_eq!(
                    c.known_disagreement(&out),
                    Some(wpt::EMPTY_DOMAIN),
                    "{out:?}"
                );
            } else {
                assert!(out.is_empty(), "{}: {out:?}", c.input);
            }
        }
        let e = parse_wpt(r#"[{"input": "a", "output": "a", "outptu": 1}]"#, "h.json")
            .expect_err("typo");
        assert!(e[0].message.contains("outptu"), "{e:?}");
        let e = parse_wpt(r#"[{"input": "a", "output": {"big5": "a"}}]"#, "p.json")
            .expect_err("no utf-8");
        assert!(e[0].message.contains("utf-8"), "{e:?}");
        let e = parse_wpt(r#"[{"input": "a", "output": 1}]"#, "p.json").expect_err("number");
        assert!(e[0].message.contains("string or null"), "{e:?}");
    }

    #[test]
    fn malformed_files_say_where() {
        let e = parse_wpt("{}", "u.json").expect_err("not an array");
        assert!(e[0].message.contains("JSON array"));
        let e = parse_wpt("[\n{\"base\": null}\n]", "u.json").expect_err("no input");
        assert_eq!(e[0].line, 2);
        let e =
            parse_wpt("[\n{\"input\": \"a\", \"hreff\": \"x\"}\n]", "u.json").expect_err("typo");
        assert!(e[0].message.contains("hreff"), "{e:?}");
        let e = parse_wpt("[1,", "u.json").expect_err("bad JSON");
        assert!(e[0].message.contains("JSON"));
    }
}
