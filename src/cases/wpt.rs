//! The web-platform-tests shape: `urltestdata.json` and `toascii.json`, read as cases and
//! run under the URL Standard's parser.
//!
//! The files are JSON arrays: a string is a comment, an object a case. `serde_json` gives
//! the values but not where they are, so a small scanner (strings and nesting only) finds
//! the line each element of the top-level array starts on, for the report.

use serde_json::Value;

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

/// Reads a web-platform-tests URL file: `urltestdata.json`'s cases (`input`, `base`, the
/// getters or `failure`) and `toascii.json`'s (`input`, `output`). Strings are comments.
/// Every case runs under the URL Standard; a case the implemented revision changes carries
/// the change ([`Expect::known`]).
pub fn parse_wpt(text: &str, file: &str) -> Result<Vec<Case>, Vec<LoadError>> {
    let err = |line: usize, message: String| LoadError {
        file: file.to_string(),
        line,
        column: usize::from(line > 0),
        message,
    };
    let v: Value = serde_json::from_str(text).map_err(|e| {
        vec![LoadError {
            file: file.to_string(),
            line: e.line(),
            column: e.column(),
            message: format!("not valid JSON: {e}"),
        }]
    })?;
    let Value::Array(items) = v else {
        return Err(vec![err(
            0,
            "a web-platform-tests URL file is a JSON array of cases (objects) and comments \
             (strings)"
                .into(),
        )]);
    };
    let lines = element_lines(text);
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    let mut more = 0;
    let mut push_err = |e: LoadError| {
        if errors.len() < MAX_LOAD_ERRORS {
            errors.push(e);
        } else {
            more += 1;
        }
    };
    for (i, item) in items.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(0);
        let obj = match item {
            Value::String(_) => continue,
            Value::Object(o) => o,
            _ => {
                push_err(err(
                    line,
                    "a case must be an object, a comment a string".into(),
                ));
                continue;
            }
        };
        let Some(input) = obj.get("input").and_then(Value::as_str) else {
            push_err(err(line, "a case needs `input`, a string".into()));
            continue;
        };
        let (expect, base) = if obj.contains_key("output") {
            let output = match obj.get("output") {
                Some(Value::String(s)) => Some(s.clone()),
                Some(Value::Null) => None,
                _ => {
                    push_err(err(line, "`output` must be a string or null".into()));
                    continue;
                }
            };
            (
                Expect {
                    wpt: Some(WptExpect::ToAscii(output)),
                    known: wpt::toascii_change(input),
                    ..Expect::default()
                },
                None,
            )
        } else {
            let base = match obj.get("base") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(_) => {
                    push_err(err(line, "`base` must be a string or null".into()));
                    continue;
                }
            };
            let failure = obj.get("failure").and_then(Value::as_bool) == Some(true);
            let mut getters = Vec::new();
            let mut bad = None;
            for (k, val) in obj {
                if GETTERS.contains(&k.as_str()) {
                    match val.as_str() {
                        Some(s) => getters.push((k.clone(), s.to_string())),
                        None => bad = Some(format!("`{k}` must be a string")),
                    }
                } else if !OTHER_KEYS.contains(&k.as_str()) {
                    bad = Some(format!(
                        "unknown key `{k}` in a case; the keys are {}, {}",
                        OTHER_KEYS.join(", "),
                        GETTERS.join(", ")
                    ));
                }
            }
            if let Some(m) = bad {
                push_err(err(line, m));
                continue;
            }
            if !failure && getters.is_empty() {
                push_err(err(
                    line,
                    "a case expects nothing: give `failure: true` or the getters (href, ...)"
                        .into(),
                ));
                continue;
            }
            let known = wpt::urltestdata_change(input, base.as_deref());
            (
                Expect {
                    wpt: Some(WptExpect::Url { failure, getters }),
                    known,
                    ..Expect::default()
                },
                base,
            )
        };
        cases.push(Case {
            line,
            input: input.to_string(),
            profile: None,
            base,
            expect,
            note: None,
        });
    }
    if more > 0 {
        errors.push(err(0, format!("and {more} more errors")));
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

/// Runs a web-platform-tests expectation: the URL Standard's parser on the case's input
/// against its base (`toascii.json`: the input as the host of an `https:` URL), each getter
/// the case gives compared with the record's. A case listed as changed by the standard that
/// agrees anyway is a failure (`known`): the entry is stale.
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
            let parsed = whatwg::parse(&format!("https://{}/x", case.input), None);
            let got = parsed.url.as_ref().map(|u| u.hostname());
            if got != *want {
                let words = |h: &Option<String>| h.clone().unwrap_or_else(|| "failure".into());
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
        let text = r#"[{"input": "http://EXAMPLE.com", "base": null, "href": "http://EXAMPLE.com/"},
 {"input": "https://xn--/", "base": null, "href": "https://xn--/"}]"#;
        let cases = parse_wpt(text, "u.json").expect("reads");
        let mut out = Vec::new();
        run(
            &cases[0],
            cases[0].expect.wpt.as_ref().expect("wpt"),
            &mut out,
        );
        assert_eq!(out[0].field, "href");
        assert_eq!(out[0].got, "http://example.com/");
        let mut out = Vec::new();
        run(
            &cases[1],
            cases[1].expect.wpt.as_ref().expect("wpt"),
            &mut out,
        );
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].field, "known");
        assert!(cases[1].known_disagreement(&out).is_none());
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
