//! purl-spec's test-suite format (`tests/spec/*.json`, `tests/types/*.json` of
//! github.com/package-url/purl-spec, schema `purl-test.schema-0.2.json`), read as cases.
//!
//! A file is an object whose `tests` array holds objects with `description`,
//! `test_group`, `test_type`, `input`, `expected_output`, `expected_failure` and
//! `expected_message`. Each test becomes a case:
//!
//! | test | case |
//! |---|---|
//! | `parse`, expected to pass | the input; `purl`: its components (type, namespace, name, version, qualifiers, subpath), judged by [`crate::engine::schemes::purl::parse`] |
//! | `parse`, expected to fail | the input; `purl`: the parse fails |
//! | `validate` (`roundtrip`) | the input; `forms.canonical_scheme`: the expected canonical string (the scheme layer's normal form of a `pkg:` URI), and `purl`: the parse passes |
//! | `build` | none: its input is components, not an identifier (`tests/purl_spec.rs` runs them against [`crate::engine::schemes::purl::build`]) |
//!
//! The case's note is the test's group and description. Tests where the suite contradicts
//! itself or a type definition are known disagreements ([`KNOWN`]), each with the text
//! that decides.

use serde_json::Value;

use super::{Case, Expect, Failure, LoadError, MAX_LOAD_ERRORS};
use crate::engine::schemes::purl;

/// A test's expected components (`expected_output` of a `parse` test).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PurlParts {
    /// `type`.
    pub ty: String,
    /// `namespace` (segments joined with `/`).
    pub namespace: Option<String>,
    /// `name`.
    pub name: String,
    /// `version`.
    pub version: Option<String>,
    /// `qualifiers`, sorted by key.
    pub qualifiers: Vec<(String, String)>,
    /// `subpath`.
    pub subpath: Option<String>,
}

/// What a purl-spec test expects of the PURL parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PurlExpect {
    /// The parse fails (`expected_failure: true`).
    Fails,
    /// The parse passes (a `validate` test: its canonical form is checked as a form).
    Passes,
    /// The parse gives these components.
    Parts(PurlParts),
}

/// The tests of the vendored suite (commit in `tests/data/purl-spec/SOURCE`) that
/// idbench answers otherwise, as (file name, `test_type`, `description`, why).
pub const KNOWN: &[(&str, &str, &str, &str)] = &[
    (
        "gem-test.json",
        "parse",
        "Ruby gems can use qualifiers",
        "how-to-parse.md: \"The key is the lowercase left side\"; the file's own validate test of the same input expects the key lowercased",
    ),
    (
        "rpm-test.json",
        "parse",
        "rpm often use qualifiers",
        "how-to-parse.md: \"The key is the lowercase left side\"; the file's own validate test of the same input expects the keys lowercased",
    ),
    (
        "git-test.json",
        "validate",
        "git namespace and name should be lowercased. Validate an input purl.",
        "types/git-definition.json: the git namespace and name are \"case_sensitive\": true",
    ),
];

/// Whether `text` is in purl-spec's test format: a JSON object with a `tests` array.
pub fn is_purl_shape(text: &str) -> bool {
    let t = text.trim_start_matches(['\u{feff}', ' ', '\t', '\n', '\r']);
    t.starts_with('{')
        && serde_json::from_str::<Value>(t).is_ok_and(|v| {
            v.get("tests").is_some_and(Value::is_array)
                && v.get("$schema")
                    .is_some_and(|s| s.as_str().is_some_and(|s| s.contains("purl-test")))
        })
}

/// The 1-based line on which each element of the top-level object's `tests` array
/// starts (strings and nesting only; every other array is deeper).
fn element_lines(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let (mut line, mut depth) = (1usize, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if c == '\n' {
            line += 1;
        }
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' => {
                if depth == 2 && c == '{' {
                    out.push(line);
                }
                depth += 1;
            }
            '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    out
}

fn text_of(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

fn parts(v: &Value) -> Result<PurlParts, String> {
    let o = v
        .as_object()
        .ok_or("a parse test's expected_output is an object of components")?;
    let mut qualifiers: Vec<(String, String)> = match o.get("qualifiers") {
        Some(Value::Object(q)) => q
            .iter()
            .map(|(k, v)| {
                v.as_str()
                    .map(|s| (k.clone(), s.to_string()))
                    .ok_or_else(|| format!("qualifier {k:?} is not a string"))
            })
            .collect::<Result<_, _>>()?,
        Some(Value::Null) | None => Vec::new(),
        Some(_) => return Err("qualifiers is an object or null".into()),
    };
    qualifiers.sort();
    let get = |k: &str| o.get(k).and_then(text_of);
    Ok(PurlParts {
        ty: get("type").ok_or("expected_output has no type")?,
        namespace: get("namespace"),
        name: get("name").ok_or("expected_output has no name")?,
        version: get("version"),
        qualifiers,
        subpath: get("subpath"),
    })
}

/// Reads a purl-spec test file as cases (see the module's table).
pub fn parse_purl_spec(text: &str, file: &str) -> Result<Vec<Case>, Vec<LoadError>> {
    let whole = |message: String| {
        vec![LoadError {
            file: file.to_string(),
            line: 0,
            column: 0,
            message,
        }]
    };
    let v: Value = serde_json::from_str(text).map_err(|e| {
        vec![LoadError {
            file: file.to_string(),
            line: e.line(),
            column: e.column(),
            message: format!("not JSON: {e}"),
        }]
    })?;
    let Some(tests) = v.get("tests").and_then(Value::as_array) else {
        return Err(whole(
            "a purl-spec test file is an object with a `tests` array".into(),
        ));
    };
    let lines = element_lines(text);
    let base = std::path::Path::new(file)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for (i, t) in tests.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(0);
        let mut err = |message: String| {
            errors.push(LoadError {
                file: file.to_string(),
                line,
                column: 1,
                message,
            })
        };
        let ty = t.get("test_type").and_then(Value::as_str).unwrap_or("");
        let desc = t.get("description").and_then(Value::as_str).unwrap_or("");
        let group = t.get("test_group").and_then(Value::as_str).unwrap_or("");
        let fails = t
            .get("expected_failure")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let input = t.get("input");
        let mut expect = Expect::default();
        match ty {
            "build" => continue,
            "parse" | "validate" | "roundtrip" => {}
            other => {
                err(format!(
                    "unknown test_type {other:?}; the types are parse, validate, roundtrip and build"
                ));
                continue;
            }
        }
        let Some(input) = input.and_then(Value::as_str) else {
            err(format!("a {ty} test's input is a string"));
            continue;
        };
        expect.purl = Some(if fails {
            PurlExpect::Fails
        } else if ty == "parse" {
            match parts(t.get("expected_output").unwrap_or(&Value::Null)) {
                Ok(p) => PurlExpect::Parts(p),
                Err(m) => {
                    err(m);
                    continue;
                }
            }
        } else {
            match t.get("expected_output").and_then(Value::as_str) {
                Some(c) => {
                    expect
                        .forms
                        .push(("canonical_scheme".to_string(), c.to_string()));
                    PurlExpect::Passes
                }
                None => {
                    err("a validate test's expected_output is the canonical string".into());
                    continue;
                }
            }
        });
        expect.known = KNOWN
            .iter()
            .find(|(f, k, d, _)| *f == base && *k == ty && *d == desc)
            .map(|k| k.3);
        cases.push(Case {
            line,
            input: input.to_string(),
            profile: None,
            base: None,
            expect,
            note: Some(format!("purl-spec {ty} ({group}): {desc}")),
        });
        if errors.len() >= MAX_LOAD_ERRORS {
            break;
        }
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

/// Checks a case's [`PurlExpect`] against [`purl::parse`]; a known disagreement that
/// agrees anyway is a failure (`known`): the engine changed.
pub(crate) fn run(case: &Case, want: &PurlExpect, out: &mut Vec<Failure>) {
    let before = out.len();
    let mut fail = |expected: String, got: String| {
        out.push(Failure {
            field: "purl".into(),
            expected,
            got,
        })
    };
    let got = purl::parse(&case.input);
    match (want, &got) {
        (PurlExpect::Fails, Ok(p)) => fail("a parse failure".into(), format!("parses as {p}")),
        (PurlExpect::Passes | PurlExpect::Parts(_), Err(e)) => fail("a PURL".into(), e.to_string()),
        (PurlExpect::Parts(w), Ok(p)) => {
            let got = PurlParts {
                ty: p.ty.clone(),
                namespace: (!p.namespace.is_empty()).then(|| p.namespace.join("/")),
                name: p.name.clone(),
                version: p.version.clone(),
                qualifiers: p.qualifiers.clone(),
                subpath: (!p.subpath.is_empty()).then(|| p.subpath.join("/")),
            };
            if got != *w {
                fail(format!("{w:?}"), format!("{got:?}"));
            }
        }
        _ => {}
    }
    // A validate test's disagreement is in its form, which the runner checks (and its
    // known-disagreement rule covers); a parse test's is here.
    if let Some(k) = case.expect.known
        && out.len() == before
        && case.expect.forms.is_empty()
    {
        out.push(Failure {
            field: "known".into(),
            expected: format!("a known disagreement ({k})"),
            got: "agreement: the listed disagreement no longer applies".into(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{
  "$schema": "https://packageurl.org/schemas/purl-test.schema-0.2.json",
  "tests": [
    {
      "description": "d1",
      "test_group": "required",
      "test_type": "parse",
      "input": "pkg:PYPI/Django_package@1.11.1.dev1",
      "expected_output": {"type": "pypi", "namespace": null, "name": "django-package",
        "version": "1.11.1.dev1", "qualifiers": {"b": "2", "a": "1"}, "subpath": null},
      "expected_failure": false,
      "expected_message": null
    },
    {
      "description": "d2",
      "test_group": "recommended",
      "test_type": "validate",
      "input": "pkg:PYPI/Django_package@1.11.1.dev1",
      "expected_output": "pkg:pypi/django-package@1.11.1.dev1",
      "expected_failure": false,
      "expected_message": null
    },
    {
      "description": "d3",
      "test_group": "required",
      "test_type": "build",
      "input": {"type": "npm", "namespace": null, "name": "x", "version": null,
        "qualifiers": null, "subpath": null},
      "expected_output": "pkg:npm/x",
      "expected_failure": false,
      "expected_message": null
    },
    {
      "description": "d4",
      "test_group": "required",
      "test_type": "parse",
      "input": "pkg:3nginx/nginx@0.8.9",
      "expected_output": null,
      "expected_failure": true,
      "expected_message": "Should fail"
    }
  ]
}"#;

    #[test]
    fn each_test_maps_to_a_case_with_its_line_and_fields() {
        assert!(is_purl_shape(FILE));
        assert!(!is_purl_shape("{\"href\": []}"));
        assert!(!is_purl_shape("[]"));
        let cases = parse_purl_spec(FILE, "x-test.json").expect("reads");
        // The build test is not a case.
        assert_eq!(cases.len(), 3);
        assert_eq!(
            cases.iter().map(|c| c.line).collect::<Vec<_>>(),
            [4, 14, 33]
        );
        let PurlExpect::Parts(p) = cases[0].expect.purl.clone().expect("purl") else {
            panic!("parts");
        };
        assert_eq!(p.ty, "pypi");
        assert_eq!(p.namespace, None);
        assert_eq!(p.name, "django-package");
        assert_eq!(
            p.qualifiers,
            [("a".into(), "1".into()), ("b".into(), "2".into())]
        );
        assert_eq!(
            cases[1].expect.forms,
            [(
                "canonical_scheme".to_string(),
                "pkg:pypi/django-package@1.11.1.dev1".to_string()
            )]
        );
        assert_eq!(cases[1].expect.purl, Some(PurlExpect::Passes));
        assert_eq!(cases[2].expect.purl, Some(PurlExpect::Fails));
        assert_eq!(
            cases[2].note.as_deref(),
            Some("purl-spec parse (required): d4")
        );
        assert!(cases.iter().all(|c| c.expect.known.is_none()));
    }

    #[test]
    fn the_purl_expectation_is_judged_by_the_parse() {
        let cases = parse_purl_spec(FILE, "x-test.json").expect("reads");
        let mut out = Vec::new();
        for c in &cases {
            run(c, c.expect.purl.as_ref().expect("purl"), &mut out);
        }
        // d1 expects qualifiers the input does not have.
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].field, "purl");
    }

    #[test]
    fn a_malformed_test_is_a_load_error_with_its_line() {
        let bad =
            "{\"$schema\": \"purl-test\", \"tests\": [\n{\"test_type\": \"parse\", \"input\": 3}]}";
        let e = parse_purl_spec(bad, "b.json").expect_err("input is no string");
        assert_eq!(e[0].line, 2);
    }
}
