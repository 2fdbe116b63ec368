//! The web-platform-tests URL suite through idbench's WHATWG parser: every case of
//! `urltestdata.json` (WPT commit 876fe001, as rust-url vendors it) and of `toascii.json`
//! (see tests/data/whatwg/README.md).
//!
//! The parser implements a later revision of the URL Standard than the one these files were
//! written against (revision 6ae8486, 2 July 2026; see `engine::whatwg`). Where the two
//! disagree, the case is listed in [`CHANGED`] with the standard's change; every other case
//! must match exactly, and every listed case must still disagree (a stale entry fails too).

use idbench::engine::whatwg;
use idbench::engine::whatwg::wpt;
use serde_json::Value;

/// Cases whose expectation the implemented revision changes: (input, base, reason), the
/// library's list (`idbench test` reports them as known disagreements).
const CHANGED: &[(&str, Option<&str>, &str)] = wpt::URLTESTDATA_CHANGED;

fn cases(file: &str) -> Vec<Value> {
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

/// What our parser says against what the case expects: `None` when they agree.
fn check(case: &Value) -> Option<String> {
    let input = case["input"].as_str()?;
    let base = case["base"].as_str();
    let parsed = whatwg::parse(input, base);
    let expect_failure = case["failure"].as_bool() == Some(true);
    match (&parsed.url, expect_failure) {
        (None, true) => None,
        (Some(u), true) => Some(format!("expected failure, got {}", u.href())),
        (None, false) => Some(format!(
            "expected {}, got failure {:?}",
            case["href"],
            parsed
                .failure()
                .map(|d| (d.code.as_str(), d.message.clone()))
        )),
        (Some(u), false) => {
            let got = wpt::getters(u);
            let wrong: Vec<String> = got
                .iter()
                .filter_map(|(k, v)| {
                    let want = case.get(*k)?.as_str()?;
                    (want != v).then(|| format!("{k}: want {want:?}, got {v:?}"))
                })
                .collect();
            (!wrong.is_empty()).then(|| wrong.join("; "))
        }
    }
}

#[test]
fn urltestdata_passes_but_for_the_listed_changes_of_the_standard() {
    let all = cases("urltestdata.json");
    assert_eq!(all.len(), 869, "the vendored file has 869 cases");
    assert_eq!(
        all.iter()
            .filter(|c| c["failure"].as_bool() == Some(true))
            .count(),
        273
    );
    let mut failures = Vec::new();
    let mut changed_seen = vec![false; CHANGED.len()];
    for case in &all {
        let input = case["input"].as_str().unwrap_or_default();
        let base = case["base"].as_str();
        let listed = CHANGED
            .iter()
            .position(|(i, b, _)| *i == input && *b == base);
        match (check(case), listed) {
            (None, None) => {}
            (Some(why), None) => failures.push(format!("{input:?} against {base:?}: {why}")),
            (Some(_), Some(k)) => changed_seen[k] = true,
            (None, Some(k)) => {
                changed_seen[k] = true;
                failures.push(format!(
                    "{input:?} against {base:?} is listed as changed ({}) but passes",
                    CHANGED[k].2
                ))
            }
        }
    }
    for (k, seen) in changed_seen.iter().enumerate() {
        if !seen {
            failures.push(format!("{:?} is listed but not in the file", CHANGED[k].0));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases disagree:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// toascii.json: each input as the host of an `https:` URL (the host parser of a special
/// URL); output null is failure.
#[test]
fn toascii_passes_but_for_the_listed_changes_of_the_standard() {
    let all = cases("toascii.json");
    assert_eq!(all.len(), 43);
    let mut failures = Vec::new();
    for case in &all {
        let Some(input) = case["input"].as_str() else {
            continue;
        };
        let want = case["output"].as_str();
        let parsed = whatwg::parse(&format!("https://{input}/x"), None);
        let got = parsed.url.as_ref().map(|u| u.hostname());
        let changed = TOASCII_CHANGED.iter().find(|(i, _)| *i == input);
        match (want.map(str::to_string) == got, changed) {
            (true, None) | (false, Some(_)) => {}
            (false, None) => failures.push(format!("{input:?}: want {want:?}, got {got:?}")),
            (true, Some((_, why))) => {
                failures.push(format!("{input:?} is listed as changed ({why}) but passes"))
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// toascii.json cases the implemented revision changes (the library's list).
const TOASCII_CHANGED: &[(&str, &str)] = wpt::TOASCII_CHANGED;
