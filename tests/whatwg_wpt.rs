//! The web-platform-tests URL suite through idbench's WHATWG parser (see
//! tests/data/whatwg/README.md for where each file comes from):
//!
//! - `urltestdata.json` and `toascii.json` as of July 2026 (ada-url/ada 308110b): every
//!   case must match exactly, and no known-disagreement entry applies to them;
//! - the older copies under `older/` (`urltestdata.json` of WPT 876fe001, `toascii.json`
//!   of WPT 0b3b98ca), written against an earlier URL Standard than the revision
//!   implemented here (6ae8486, 2 July 2026): the cases that revision changes are listed
//!   with the change and the expectation they were written against
//!   ([`wpt::URLTESTDATA_CHANGED`], [`wpt::HOST_CHANGED`]); every other case must match,
//!   and every listed case must still disagree.
//!
//! This checker reads the JSON itself, independently of `idbench test`'s reader; the same
//! files through `idbench test` are checked at the end.

use std::process::Command;

use idbench::engine::whatwg;
use idbench::engine::whatwg::wpt::{self, Written};
use serde_json::Value;

fn data(file: &str) -> String {
    format!("{}/tests/data/whatwg/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn cases(file: &str) -> Vec<Value> {
    let path = data(file);
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

/// The entry written against this very case as the file gives it.
fn listed_url(case: &Value) -> Option<usize> {
    let input = case["input"].as_str()?;
    let base = case["base"].as_str();
    let failure = case["failure"].as_bool() == Some(true);
    wpt::URLTESTDATA_CHANGED.iter().position(|k| {
        k.input == input
            && k.base == base
            && match k.written {
                Written::Failure => failure,
                Written::Href(h) => !failure && case["href"].as_str() == Some(h),
                Written::Host(_) => false,
            }
    })
}

/// Runs a urltestdata file: the disagreements not listed, and how many listed entries
/// applied (each must still disagree).
fn run_urltestdata(file: &str) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut applied = 0;
    for case in &cases(file) {
        let input = case["input"].as_str().unwrap_or_default();
        let base = case["base"].as_str();
        match (check(case), listed_url(case)) {
            (None, None) => {}
            (Some(why), None) => failures.push(format!("{input:?} against {base:?}: {why}")),
            (Some(_), Some(_)) => applied += 1,
            (None, Some(k)) => failures.push(format!(
                "{input:?} against {base:?} is listed ({}) but passes",
                wpt::URLTESTDATA_CHANGED[k].why
            )),
        }
    }
    (failures, applied)
}

/// The current file (July 2026, 891 cases): all pass, none is a known disagreement. Before
/// the entries were keyed to the expectation they were written against, the 8 cases listed
/// for the older file failed here as stale entries.
#[test]
fn current_urltestdata_passes_outright() {
    let all = cases("urltestdata.json");
    assert_eq!(all.len(), 891, "the vendored file has 891 cases");
    assert_eq!(
        all.iter()
            .filter(|c| c["failure"].as_bool() == Some(true))
            .count(),
        267
    );
    let (failures, applied) = run_urltestdata("urltestdata.json");
    assert!(
        failures.is_empty(),
        "{} disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(applied, 0, "no known entry applies to the current file");
}

/// The older file (WPT 876fe001, 869 cases): all pass but the 8 the implemented revision
/// changes, each listed and each still disagreeing.
#[test]
fn older_urltestdata_passes_but_for_the_listed_changes_of_the_standard() {
    let all = cases("older/urltestdata.json");
    assert_eq!(all.len(), 869);
    let (failures, applied) = run_urltestdata("older/urltestdata.json");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(applied, wpt::URLTESTDATA_CHANGED.len());
}

/// A host file: each input as the host of an `https:` URL (the host parser of a special
/// URL); output null is failure. Returns the unlisted disagreements and how many listed
/// entries applied.
fn run_hosts(file: &str) -> (usize, Vec<String>, usize) {
    let all = cases(file);
    let mut failures = Vec::new();
    let mut applied = 0;
    for case in &all {
        let Some(input) = case["input"].as_str() else {
            continue;
        };
        let want = case["output"].as_str();
        let parsed = whatwg::parse(&format!("https://{input}/x"), None);
        let got = parsed.url.as_ref().map(|u| u.hostname());
        let listed = wpt::HOST_CHANGED
            .iter()
            .find(|k| k.input == input && matches!(k.written, Written::Host(o) if o == want));
        match (want.map(str::to_string) == got, listed) {
            (true, None) => {}
            (false, Some(_)) => applied += 1,
            (false, None) => failures.push(format!("{input:?}: want {want:?}, got {got:?}")),
            (true, Some(k)) => failures.push(format!("{input:?} is listed ({}) but passes", k.why)),
        }
    }
    (all.len(), failures, applied)
}

#[test]
fn current_toascii_passes_outright() {
    let (n, failures, applied) = run_hosts("toascii.json");
    assert_eq!(n, 87);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(applied, 0);
}

#[test]
fn older_toascii_passes_but_for_the_listed_changes() {
    let (n, failures, applied) = run_hosts("older/toascii.json");
    assert_eq!(n, 43);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(applied, 7);
}

fn idbench_test(files: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_idbench"))
        .arg("test")
        .args(files.iter().map(|f| data(f)))
        .output()
        .expect("idbench runs");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `idbench test` on the current files: 0 failures, the known disagreements being
/// IdnaTestV2's three (see tests/idna_test_v2.rs), each named with its reason.
#[test]
fn idbench_test_passes_the_current_files() {
    let (code, out, err) = idbench_test(&[
        "urltestdata.json",
        "toascii.json",
        "IdnaTestV2.json",
        "percent-encoding.json",
        "urltestdata-javascript-only.json",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(
        err,
        "3657 cases, 3654 passed, 3 known disagreements (listed with why), 0 failed\n"
    );
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(out.lines().all(|l| l.contains("IdnaTestV2.json:")), "{out}");
    let (code, _, err) = idbench_test(&["older/urltestdata.json", "older/toascii.json"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        "912 cases, 897 passed, 15 known disagreements (listed with why), 0 failed\n"
    );
}

/// Every known-disagreement entry cites the vendored file it was written against, and that
/// file holds the case with exactly the expectation the entry records (so the reader marks
/// it known there).
#[test]
fn every_known_entry_is_in_the_file_it_cites() {
    use idbench::cases::WptExpect;
    let entries = wpt::URLTESTDATA_CHANGED.iter().chain(wpt::HOST_CHANGED);
    for k in entries {
        let path = data(k.source);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let all = idbench::cases::parse_wpt(&text, &path).unwrap_or_else(|e| panic!("{e:?}"));
        let found = all.iter().find(|c| {
            c.input == k.input
                && c.base.as_deref() == k.base
                && match (&c.expect.wpt, k.written) {
                    (Some(WptExpect::Url { failure, .. }), Written::Failure) => *failure,
                    (Some(WptExpect::Url { failure, getters }), Written::Href(h)) => {
                        !failure && getters.iter().any(|g| g.0 == "href" && g.1 == h)
                    }
                    (Some(WptExpect::ToAscii(o)), Written::Host(w)) => o.as_deref() == w,
                    _ => false,
                }
        });
        let c = found.unwrap_or_else(|| panic!("{:?} is not in {} as written", k.input, k.source));
        assert_eq!(c.expect.known, Some(k.why), "{:?}", k.input);
    }
}
