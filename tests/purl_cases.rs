//! `idbench test`'s reader for purl-spec's test format: each vendored suite file
//! (`tests/data/purl-spec/tests/`) loads as cases, one per parse and validate test, and
//! each case's PURL expectation holds under the engine's PURL parse, but for the listed
//! known disagreements. (The `canonical_scheme` forms of the validate cases are the
//! scheme layer's; they are checked end to end once the layer's forms call
//! `purl::canonical`.)

use std::path::Path;

use idbench::cases::{self, PurlExpect};

fn files() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/purl-spec/tests");
    let mut out: Vec<_> = ["spec", "types"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).expect("vendored"))
        .map(|e| e.expect("entry").path())
        .collect();
    out.sort();
    out
}

#[test]
fn the_suite_loads_as_one_case_per_parse_and_validate_test() {
    let (mut parse_ok, mut parse_fail, mut validate, mut known) = (0, 0, 0, 0);
    for f in files() {
        let file = cases::load(&f).unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
        for c in &file.cases {
            assert!(c.line > 0, "{}: a line for each case", f.display());
            assert!(
                c.note
                    .as_deref()
                    .is_some_and(|n| n.starts_with("purl-spec "))
            );
            match &c.expect.purl {
                Some(PurlExpect::Parts(p)) => {
                    parse_ok += 1;
                    assert!(!p.ty.is_empty() && !p.name.is_empty());
                }
                Some(PurlExpect::Fails) => parse_fail += 1,
                Some(PurlExpect::Passes) => {
                    validate += 1;
                    assert_eq!(c.expect.forms.len(), 1);
                    assert_eq!(c.expect.forms[0].0, "canonical_scheme");
                    assert!(c.expect.forms[0].1.starts_with("pkg:"));
                }
                None => panic!("{}:{}: no purl expectation", f.display(), c.line),
            }
            known += usize::from(c.expect.known.is_some());
        }
    }
    // The suite's counts (tests/data/purl-spec/SOURCE): 171 parse tests that pass, 35
    // that fail, 204 validate tests; its 176 build tests are no cases.
    assert_eq!((parse_ok, parse_fail, validate), (171, 35, 204));
    assert_eq!(known, cases::purl_spec::KNOWN.len());
}

#[test]
fn every_purl_expectation_holds_but_the_known_disagreements() {
    let mut failures = Vec::new();
    for f in files() {
        let file = cases::load(&f).expect("loads");
        for c in &file.cases {
            let mut case = c.clone();
            // The forms are the scheme layer's; this test judges the PURL parse alone.
            case.expect.forms.clear();
            let out = cases::run(&case, None);
            let disagrees = !out.is_empty() && out.iter().all(|o| o.field != "known");
            match (c.expect.known, disagrees) {
                (None, false) => {}
                (None, true) => failures.push(format!("{}:{}: {out:?}", f.display(), c.line)),
                // A parse test listed as known still disagrees; a validate one's
                // disagreement is in its form, cleared here.
                (Some(_), _) if !c.expect.forms.is_empty() => {}
                (Some(_), true) => {}
                (Some(k), false) => failures.push(format!(
                    "{}:{}: known ({k}) but {out:?}",
                    f.display(),
                    c.line
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The whole vendored suite through `idbench test`, as a user runs it: every parse and
/// validate test passes (validate tests compare `forms.canonical_scheme`, the scheme
/// layer's purl step) but the three listed known disagreements.
#[test]
fn idbench_test_passes_the_whole_suite_but_the_listed_disagreements() {
    let mut args = vec!["test".to_string()];
    args.extend(files().iter().map(|p| p.display().to_string()));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(&args)
        .output()
        .expect("idbench runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let all = format!("{stdout}{stderr}");
    assert!(
        all.contains("410 cases, 407 passed, 3 known disagreements"),
        "{all}"
    );
}
