//! The objects `parse --format json` and `compare --format json` print, as strings, for
//! faces that hand them on as data (the Python package's `analyze` and `compare`).
//!
//! Both are written by the command line's own writers ([`idbench::json::AnalysisJson`],
//! [`idbench::json::VerdictJson`]).

use idbench::engine::Profile;
use idbench::engine::equiv::compare;
use idbench::json::{AnalysisJson, VerdictJson, to_string};
use idbench::{Options, analyze};

/// The object `parse --format json` prints for `input` under `profile` (`None`: auto).
pub fn analyze_json(input: &str, profile: Option<Profile>) -> String {
    let opts = Options {
        profile,
        forms: true,
        all_profiles: false,
        // As `parse` and `forms`: the URN namespace layer on.
        namespace: true,
        scheme_spec: true,
        equivalence_key: true,
    };
    to_string(&AnalysisJson(&analyze(input, &opts)))
}

/// The object `compare --format json` prints for `a` and `b` under `profile` (`None`:
/// auto) with no other option.
pub fn compare_json(a: &str, b: &str, profile: Option<Profile>) -> String {
    let v = compare(a, b, &crate::compare_options(profile));
    to_string(&VerdictJson(&v))
}
