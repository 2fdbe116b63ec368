//! The web-platform-tests setters shape (`setters_tests.json`), read as cases and run
//! through the URL Standard's setters ([`crate::engine::whatwg::setters`]).
//!
//! The file is a JSON object: `comment` (strings), and for each attribute of the `URL`
//! class (`protocol`, `username`, ..., `href`) an array of cases, each `href` (the URL, a
//! constructor's argument with no base), `new_value` (what the setter is given),
//! `expected` (getter → value after the setter) and an optional `comment`. As for
//! [`super::parse_wpt`], a small scanner finds the line each case starts on.

use serde_json::{Map, Value};

use super::{Case, Expect, Failure, LoadError, MAX_LOAD_ERRORS, SetterExpect};
use crate::engine::whatwg::setters::GETTER_NAMES;
use crate::engine::whatwg::{self, Component};

/// The keys a case may hold.
const KEYS: [&str; 4] = ["href", "new_value", "expected", "comment"];

/// True when `text` looks like the setters shape: a JSON object, not an array.
pub fn is_setters_shape(text: &str) -> bool {
    text.trim_start_matches(['\u{feff}', ' ', '\t', '\n', '\r'])
        .starts_with('{')
}

/// For each key of the top-level object, in file order, the 1-based line on which each
/// element of its array starts.
fn element_lines(text: &str) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    let mut line = 1;
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut in_scalar = false;
    // At depth 1, true until the `:` after a key.
    let mut want_key = true;
    let mut key: Option<String> = None;
    for b in text.bytes() {
        if b == b'\n' {
            line += 1;
        }
        if in_string {
            if escaped {
                escaped = false;
                if let Some(k) = &mut key {
                    k.push(b as char);
                }
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
                if let Some(k) = key.take() {
                    out.push((k, Vec::new()));
                }
            } else if let Some(k) = &mut key {
                // Keys are ASCII attribute names; other bytes only make a key no setter has.
                k.push(if b < 0x80 { b as char } else { '\u{fffd}' });
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
        let element = |out: &mut Vec<(String, Vec<usize>)>| {
            if let Some(last) = out.last_mut() {
                last.1.push(line);
            }
        };
        match b {
            b'"' => {
                if depth == 1 && want_key {
                    key = Some(String::new());
                } else if depth == 2 {
                    element(&mut out);
                }
                in_string = true;
            }
            b'[' | b'{' => {
                if depth == 2 {
                    element(&mut out);
                }
                depth += 1;
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b':' if depth == 1 => want_key = false,
            b',' if depth == 1 => want_key = true,
            b',' | b':' => {}
            b if b.is_ascii_whitespace() => {}
            _ => {
                if depth == 2 {
                    element(&mut out);
                }
                in_scalar = true;
            }
        }
    }
    out
}

/// Reads a web-platform-tests `setters_tests.json`: one case per setter case, its input
/// the case's `href`.
pub fn parse_wpt_setters(text: &str, file: &str) -> Result<Vec<Case>, Vec<LoadError>> {
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
    let Value::Object(top) = v else {
        return Err(vec![err(
            0,
            "a web-platform-tests setters file is a JSON object: `comment`, and for each URL \
             attribute an array of cases"
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
    // File order: the scanner's keys (serde_json's map sorts them).
    for (attr, attr_lines) in &lines {
        if attr == "comment" {
            continue;
        }
        let key_line = attr_lines.first().copied().unwrap_or(0);
        let Some(component) = Component::from_name(attr) else {
            push_err(err(
                key_line,
                format!(
                    "unknown attribute `{attr}`; the setters are {}",
                    Component::ALL.map(Component::name).join(", ")
                ),
            ));
            continue;
        };
        let Some(Value::Array(items)) = top.get(attr) else {
            push_err(err(key_line, format!("`{attr}` must be an array of cases")));
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            let line = attr_lines.get(i).copied().unwrap_or(0);
            match read_case(component, item) {
                Ok(c) => cases.push(Case { line, ..c }),
                Err(m) => push_err(err(line, m)),
            }
        }
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

fn string(obj: &Map<String, Value>, key: &str) -> Result<String, String> {
    match obj.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        _ => Err(format!("a setters case needs `{key}`, a string")),
    }
}

fn read_case(component: Component, item: &Value) -> Result<Case, String> {
    let Value::Object(obj) = item else {
        return Err("a setters case must be an object".into());
    };
    if let Some(k) = obj.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(format!(
            "unknown key `{k}` in a setters case; the keys are {}",
            KEYS.join(", ")
        ));
    }
    let href = string(obj, "href")?;
    let new_value = string(obj, "new_value")?;
    let Some(Value::Object(exp)) = obj.get("expected") else {
        return Err("a setters case needs `expected`, an object of getters".into());
    };
    let mut expected = Vec::new();
    for (k, val) in exp {
        let known = GETTER_NAMES.contains(&k.as_str());
        match (known, val.as_str()) {
            (true, Some(s)) => expected.push((k.clone(), s.to_string())),
            (true, None) => return Err(format!("`expected.{k}` must be a string")),
            (false, _) => {
                return Err(format!(
                    "unknown getter `{k}` in `expected`; the getters are {}",
                    GETTER_NAMES.join(", ")
                ));
            }
        }
    }
    if expected.is_empty() {
        return Err("a setters case expects nothing: give getters in `expected`".into());
    }
    Ok(Case {
        line: 0,
        input: href,
        profile: None,
        base: None,
        expect: Expect {
            setter: Some(SetterExpect {
                component: component.name(),
                new_value,
                expected,
            }),
            ..Expect::default()
        },
        note: obj
            .get("comment")
            .and_then(Value::as_str)
            .map(str::to_string),
    })
}

/// Runs a setters case: the case's `href` parsed (it must parse), the setter run with the
/// new value, each expected getter compared.
pub(super) fn run(case: &Case, s: &SetterExpect, out: &mut Vec<Failure>) {
    let set = Component::from_name(s.component)
        .and_then(|component| whatwg::set_on(&case.input, component, &s.new_value));
    let Some(set) = set else {
        out.push(Failure {
            field: "href".into(),
            expected: "a URL the setter runs on".into(),
            got: "the href does not parse".into(),
        });
        return;
    };
    let getters = set.url.getters();
    for (name, want) in &s.expected {
        let got = getters
            .iter()
            .find(|g| g.0 == name)
            .map_or("", |g| g.1.as_str());
        if got != want {
            out.push(Failure {
                field: format!("{name} after {} = {:?}", s.component, s.new_value),
                expected: want.clone(),
                got: got.to_string(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"{
  "comment": ["a", "b"],
  "protocol": [
    {
      "comment": "one",
      "href": "a://example.net",
      "new_value": "b",
      "expected": {"href": "b://example.net", "protocol": "b:"}
    },
    {"href": "http://x/", "new_value": "foo", "expected": {"protocol": "http:"}}
  ],
  "port": [
    {"href": "http://x/", "new_value": "8080stuff", "expected": {"port": "8080"}}
  ]
}"#;

    #[test]
    fn cases_read_with_their_lines_in_file_order() {
        let cases = parse_wpt_setters(TEXT, "s.json").expect("reads");
        assert_eq!(cases.len(), 3);
        assert_eq!(
            cases.iter().map(|c| c.line).collect::<Vec<_>>(),
            [4, 10, 13]
        );
        assert_eq!(cases[0].note.as_deref(), Some("one"));
        let s = cases[2].expect.setter.as_ref().expect("setter");
        assert_eq!(s.component, "port");
        assert_eq!(s.new_value, "8080stuff");
        let mut out = Vec::new();
        for c in &cases {
            run(c, c.expect.setter.as_ref().expect("setter"), &mut out);
        }
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn a_wrong_expectation_names_the_getter_and_the_setter() {
        let text =
            r#"{"hostname": [{"href": "http://a/", "new_value": "B", "expected": {"host": "B"}}]}"#;
        let cases = parse_wpt_setters(text, "s.json").expect("reads");
        let mut out = Vec::new();
        run(
            &cases[0],
            cases[0].expect.setter.as_ref().expect("s"),
            &mut out,
        );
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].field, "host after hostname = \"B\"");
        assert_eq!(out[0].got, "b");
    }

    #[test]
    fn malformed_files_say_where() {
        let e = parse_wpt_setters("[]", "s.json").expect_err("an array");
        assert!(e[0].message.contains("JSON object"));
        let e = parse_wpt_setters("{\n\"origin\": [\n{}\n]\n}", "s.json").expect_err("origin");
        assert!(e[0].message.contains("origin"), "{e:?}");
        assert_eq!(e[0].line, 3);
        let e = parse_wpt_setters(
            "{\"port\": [\n{\"href\": \"http://a/\", \"new_value\": \"1\", \"expected\": {\"prot\": \"x\"}}\n]}",
            "s.json",
        )
        .expect_err("a typo");
        assert!(e[0].message.contains("prot"), "{e:?}");
        assert_eq!(e[0].line, 2);
        let e = parse_wpt_setters("{\"port\": [{\"href\": \"x\"}]}", "s.json").expect_err("short");
        assert!(e[0].message.contains("new_value"), "{e:?}");
        assert!(is_setters_shape(" \n{"));
        assert!(!is_setters_shape("[{}]"));
    }
}
