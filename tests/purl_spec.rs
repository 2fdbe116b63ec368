//! purl-spec's test suite (vendored in `tests/data/purl-spec/`, commit in its SOURCE) run
//! against `engine::schemes::purl`: every parse, canonicalization ("validate": the input's
//! canonical form) and build test passes, and the per-type table matches the vendored type
//! definitions. A test the implementation disagrees with would have to be listed in
//! EXCEPTIONS with the specification text that decides it; the list is empty.

use std::path::{Path, PathBuf};

use idbench::engine::schemes::purl::{self, Requirement, types};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/purl-spec")
}

/// Every test of the suite, with the file it came from.
fn suite() -> Vec<(String, Value)> {
    let mut files: Vec<PathBuf> = ["tests/spec", "tests/types"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root().join(d)).expect("vendored suite"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let v: Value =
            serde_json::from_str(&std::fs::read_to_string(&f).expect("read")).expect("json");
        let name = f.file_name().expect("name").to_string_lossy().into_owned();
        for t in v["tests"].as_array().expect("tests") {
            out.push((name.clone(), t.clone()));
        }
    }
    out
}

/// Tests the implementation disagrees with: (file, description, test_type, the text that
/// decides). Each is a place where the suite contradicts itself or a type definition; the
/// same list is in docs/readings.md and in the `idbench test` reader
/// (`cases::purl_spec`), which reports these as known disagreements.
const EXCEPTIONS: &[(&str, &str, &str, &str)] = &[
    (
        "gem-test.json",
        "Ruby gems can use qualifiers",
        "parse",
        "how-to-parse.md: \"The key is the lowercase left side\"; gem-test.json's own validate test of the same input expects pkg:gem/jruby-launcher@1.1.2?platform=java",
    ),
    (
        "rpm-test.json",
        "rpm often use qualifiers",
        "parse",
        "how-to-parse.md: \"The key is the lowercase left side\"; rpm-test.json's own validate test of the same input expects ?arch=i386&distro=fedora-25",
    ),
    (
        "git-test.json",
        "git namespace and name should be lowercased. Validate an input purl.",
        "validate",
        "types/git-definition.json: namespace and name are \"case_sensitive\": true",
    ),
];

fn opt(v: &Value) -> Option<&str> {
    v.as_str()
}

fn components(p: &purl::Purl) -> Value {
    let ns = p.namespace.join("/");
    serde_json::json!({
        "type": p.ty,
        "namespace": if p.namespace.is_empty() { Value::Null } else { Value::from(ns) },
        "name": p.name,
        "version": p.version,
        "qualifiers": if p.qualifiers.is_empty() {
            Value::Null
        } else {
            Value::Object(p.qualifiers.iter().map(|(k, v)| (k.clone(), Value::from(v.clone()))).collect())
        },
        "subpath": if p.subpath.is_empty() { Value::Null } else { Value::from(p.subpath.join("/")) },
    })
}

fn run(t: &Value) -> Result<(), String> {
    let fail = t["expected_failure"].as_bool().unwrap_or(false);
    match t["test_type"].as_str().unwrap_or("") {
        "parse" => {
            let input = t["input"].as_str().ok_or("parse input is a string")?;
            match (purl::parse(input), fail) {
                (Err(_), true) => Ok(()),
                (Ok(p), true) => Err(format!("parsed, expected a failure: {}", components(&p))),
                (Err(e), false) => Err(format!("failed: {e}")),
                (Ok(p), false) => {
                    let got = components(&p);
                    let mut want = t["expected_output"].clone();
                    // The suite writes an absent component as null or leaves it out.
                    if let Some(o) = want.as_object_mut() {
                        for k in ["namespace", "version", "qualifiers", "subpath"] {
                            o.entry(k).or_insert(Value::Null);
                        }
                    }
                    if got == want {
                        Ok(())
                    } else {
                        Err(format!("got {got}, expected {want}"))
                    }
                }
            }
        }
        "validate" | "roundtrip" => {
            let input = t["input"].as_str().ok_or("input is a string")?;
            match (purl::canonical(input), fail) {
                (Err(_), true) => Ok(()),
                (Ok(c), true) => Err(format!("canonical {c}, expected a failure")),
                (Err(e), false) => Err(format!("failed: {e}")),
                (Ok(c), false) if Some(c.as_str()) == opt(&t["expected_output"]) => Ok(()),
                (Ok(c), false) => Err(format!("canonical {c}, expected {}", t["expected_output"])),
            }
        }
        "build" => {
            let i = &t["input"];
            let qs: Vec<(String, String)> = i["qualifiers"]
                .as_object()
                .map(|o| {
                    o.iter()
                        .map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string()))
                        .collect()
                })
                .unwrap_or_default();
            let qs: Vec<(&str, &str)> = qs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            let built = match opt(&i["type"]) {
                None => Err(None),
                Some(ty) => purl::build(
                    ty,
                    opt(&i["namespace"]),
                    opt(&i["name"]).unwrap_or(""),
                    opt(&i["version"]),
                    &qs,
                    opt(&i["subpath"]),
                )
                .map_err(Some),
            };
            match (built, fail) {
                (Err(_), true) => Ok(()),
                (Ok(p), true) => Err(format!("built {p}, expected a failure")),
                (Err(e), false) => Err(format!("failed: {e:?}")),
                (Ok(p), false) if Some(p.to_string().as_str()) == opt(&t["expected_output"]) => {
                    Ok(())
                }
                (Ok(p), false) => Err(format!("built {p}, expected {}", t["expected_output"])),
            }
        }
        other => Err(format!("unknown test_type {other}")),
    }
}

#[test]
fn every_test_of_purl_specs_suite_passes() {
    let mut failures = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for (file, t) in suite() {
        let ty = t["test_type"].as_str().unwrap_or("").to_string();
        *counts.entry(ty).or_insert(0) += 1;
        let desc = t["description"].as_str().unwrap_or("");
        let listed = EXCEPTIONS
            .iter()
            .any(|(f, d, ty, _)| *f == file && *d == desc && t["test_type"] == *ty);
        match run(&t) {
            Err(why) if !listed => failures.push(format!("{file}: {desc}: {} → {why}", t["input"])),
            Ok(()) if listed => failures.push(format!("{file}: {desc}: listed, but passes")),
            _ => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The vendored suite's size (commit in tests/data/purl-spec/SOURCE).
    assert_eq!(counts.get("parse"), Some(&206));
    assert_eq!(counts.get("validate"), Some(&204));
    assert_eq!(counts.get("build"), Some(&176));
}

#[test]
fn the_type_table_matches_the_vendored_type_definitions() {
    let dir = root().join("types");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).expect("types") {
        let path = e.expect("entry").path();
        let d: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        let ty = d["type"].as_str().expect("type");
        let rule = types::rule(ty).unwrap_or_else(|| panic!("no row for {ty}"));
        let req = |v: &Value| match v["requirement"].as_str() {
            Some("required") => Requirement::Required,
            Some("prohibited") => Requirement::Prohibited,
            _ => Requirement::Optional,
        };
        let lower = |v: &Value| v["case_sensitive"].as_bool() == Some(false);
        assert_eq!(rule.namespace, req(&d["namespace_definition"]), "{ty}");
        assert_eq!(
            rule.namespace_lowercase,
            lower(&d["namespace_definition"]),
            "{ty}"
        );
        assert_eq!(rule.name_lowercase, lower(&d["name_definition"]), "{ty}");
        assert_eq!(
            rule.version_lowercase,
            lower(&d["version_definition"]),
            "{ty}"
        );
        assert_eq!(
            rule.name_permitted,
            d["name_definition"]["permitted_characters"].as_str(),
            "{ty}"
        );
        assert_eq!(
            rule.version_permitted,
            d["version_definition"]["permitted_characters"].as_str(),
            "{ty}"
        );
        let required: Vec<&str> = d["qualifiers_definition"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter(|q| q["requirement"] == "required")
                    .filter_map(|q| q["key"].as_str())
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(rule.required_qualifiers, required.as_slice(), "{ty}");
        n += 1;
    }
    assert_eq!(n, types::TYPES.len(), "one row per definition");
}

#[test]
fn errors_give_the_first_offending_byte_and_the_clause() {
    let e = purl::parse("pkg:npm/foo?a=1&b c=2").expect_err("space in a key");
    assert_eq!((e.offset, e.code), (17, purl::codes::QUALIFIER_KEY));
    assert_eq!(e.section, purl::sections::QUALIFIERS);
    let e = purl::parse("pkg:3nginx/nginx").expect_err("type starts with a digit");
    assert_eq!((e.offset, e.code), (4, purl::codes::TYPE));
    let e = purl::parse("pkg:nginx:a/nginx").expect_err("colon in type");
    assert_eq!((e.offset, e.code), (9, purl::codes::TYPE));
    let e = purl::parse("pkg:npm/a%2/b").expect_err("bad escape");
    assert_eq!((e.offset, e.code), (9, purl::codes::ENCODING));
    let e = purl::parse("pkg:npm/x%FF").expect_err("not UTF-8");
    assert_eq!(e.code, purl::codes::ENCODING);
    let e = purl::parse("pkg:maven/@1.3.4").expect_err("no name");
    assert_eq!((e.offset, e.code), (10, purl::codes::NAME_MISSING));
    let e = purl::parse("pkg:swift/Alamofire@5.4.3").expect_err("no namespace");
    assert_eq!(e.code, purl::codes::NAMESPACE_REQUIRED);
    let e = purl::parse("EnterpriseLibrary.Common@6.0.1304").expect_err("no scheme");
    assert_eq!((e.offset, e.code), (0, purl::codes::SCHEME));
    let e = purl::parse("pkg:julia/Dates").expect_err("no uuid");
    assert_eq!((e.offset, e.code), (15, purl::codes::QUALIFIER_REQUIRED));
}

#[test]
fn canonical_forms_normalize_per_type() {
    let c = |s: &str| purl::canonical(s).expect(s);
    assert_eq!(
        c("pkg:PYPI/Django_package@1.11.1.dev1"),
        "pkg:pypi/django-package@1.11.1.dev1"
    );
    assert_eq!(
        c("pkg:GitHub/Package-URL/Purl-Spec@V1"),
        "pkg:github/package-url/purl-spec@V1"
    );
    assert_eq!(
        c("pkg://npm/%40angular/animation@12.3.1"),
        "pkg:npm/%40angular/animation@12.3.1"
    );
    assert_eq!(
        c("pkg:npm/@angular/animation@12.3.1"),
        "pkg:npm/%40angular/animation@12.3.1"
    );
    assert_eq!(
        c("pkg:generic/a?b=&c=d e#./x/../y/"),
        "pkg:generic/a?c=d%20e#x/y"
    );
    assert_eq!(c("pkg:generic/a?z=1&a=2"), "pkg:generic/a?a=2&z=1");
}

#[test]
fn hostile_inputs_end_in_an_answer() {
    for s in [
        "",
        "pkg:",
        "pkg:/",
        "pkg://",
        "pkg:a/",
        "pkg:a/%",
        "pkg:a/b?",
        "pkg:a/b#",
        "pkg:a/b?=",
        "pkg:a/b?&&",
        "pkg:a/b#//",
        "pkg:a/@",
        "pkg:a/b@",
        "pkg:é/b",
        "pkg:a/b\u{202e}c",
    ] {
        let _ = purl::parse(s);
        let _ = purl::canonical(s);
    }
    let long = format!("pkg:generic/{}b", "a/".repeat(100_000));
    assert!(purl::parse(&long).is_ok());
    // Many qualifiers: the duplicate check is a set, not a scan per key.
    let many: Vec<String> = (0..50_000).map(|i| format!("k{i}=v")).collect();
    let p = purl::parse(&format!("pkg:generic/a?{}", many.join("&"))).expect("parses");
    assert_eq!(p.qualifiers.len(), 50_000);
    let e = purl::parse("pkg:generic/a?k=1&j=2&k=3").expect_err("k twice");
    assert_eq!((e.offset, e.code), (22, purl::codes::QUALIFIER_DUPLICATE));
}
