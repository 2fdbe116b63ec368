//! The objects `parse --format json` and `compare --format json` print, as strings, for
//! faces that hand them on as data (the Python package's `analyze` and `compare`).
//!
//! `parse`'s object is written by the command line's own public writer
//! ([`idbench::cli::json::AnalysisJson`]). `compare`'s writer is private to its command
//! (`cli::compare::VerdictJson`), so `VerdictJson` below repeats it field for field until
//! the crate exposes it; the test `compare_json_is_the_cli_s` holds the two to one output.

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use idbench::cli::json::{AnalysisJson, DiagnosticsJson, to_string};
use idbench::engine::equiv::{Difference, Step, Verdict, compare};
use idbench::engine::{Diagnostic, Profile};
use idbench::{Options, analyze};

/// The object `parse --format json` prints for `input` under `profile` (`None`: auto).
pub fn analyze_json(input: &str, profile: Option<Profile>) -> String {
    let opts = Options {
        profile,
        forms: true,
        all_profiles: false,
        // As `parse` and `forms`: the URN namespace layer on.
        namespace: true,
    };
    to_string(&AnalysisJson(&analyze(input, &opts)))
}

/// The object `compare --format json` prints for `a` and `b` under `profile` (`None`:
/// auto) with no other option.
pub fn compare_json(a: &str, b: &str, profile: Option<Profile>) -> String {
    let v = compare(a, b, &crate::compare_options(profile));
    to_string(&VerdictJson(&v))
}

/// A side's parse diagnostics and what the comparison found about it, in input order.
fn side_diagnostics(parse: &[Diagnostic], extra: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut all: Vec<&Diagnostic> = parse.iter().chain(extra).collect();
    all.sort_by_key(|d| (d.span.start, d.severity, d.span.end));
    all.into_iter().cloned().collect()
}

struct StepsJson<'a>(&'a Verdict);

impl Serialize for StepsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.steps.iter().map(StepJson))
    }
}

struct StepJson<'a>(&'a Step);

impl Serialize for StepJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let st = self.0;
        let mut m = s.serialize_struct("Step", 5)?;
        m.serialize_field("name", &st.name)?;
        m.serialize_field("spec", st.spec)?;
        m.serialize_field("a", &st.a)?;
        m.serialize_field("b", &st.b)?;
        m.serialize_field("equal", &st.equal)?;
        m.end()
    }
}

struct DifferenceJson<'a>(&'a Difference);

impl Serialize for DifferenceJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.0;
        let mut m = s.serialize_struct("Difference", 6)?;
        m.serialize_field("kind", d.kind.name())?;
        m.serialize_field("a_start", &d.a.start)?;
        m.serialize_field("a_end", &d.a.end)?;
        m.serialize_field("b_start", &d.b.start)?;
        m.serialize_field("b_end", &d.b.end)?;
        m.serialize_field("reason", &d.reason)?;
        m.end()
    }
}

struct PairJson<T: Serialize>(T, T);

impl<T: Serialize> Serialize for PairJson<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Pair", 2)?;
        m.serialize_field("a", &self.0)?;
        m.serialize_field("b", &self.1)?;
        m.end()
    }
}

/// `compare --format json`'s object (see the module's note).
struct VerdictJson<'a>(&'a Verdict);

impl Serialize for VerdictJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.0;
        let a_diags = side_diagnostics(&v.a.diagnostics, &v.a_diagnostics);
        let b_diags = side_diagnostics(&v.b.diagnostics, &v.b_diagnostics);
        let mut m = s.serialize_struct("Verdict", 12)?;
        m.serialize_field("a", &v.a.input)?;
        m.serialize_field("b", &v.b.input)?;
        m.serialize_field("profile", v.profile.name())?;
        m.serialize_field("profile_reason", &v.profile_reason)?;
        m.serialize_field("equivalent", &v.equivalent)?;
        m.serialize_field("valid", &PairJson(v.a_valid(), v.b_valid()))?;
        m.serialize_field("summary", &v.summary())?;
        m.serialize_field("equal_from", &idbench::report::equal_from(v))?;
        m.serialize_field("parted_at", &idbench::report::parted_at(v))?;
        m.serialize_field("steps", &StepsJson(v))?;
        m.serialize_field("difference", &v.difference.as_ref().map(DifferenceJson))?;
        m.serialize_field(
            "diagnostics",
            &PairJson(DiagnosticsJson(&a_diags), DiagnosticsJson(&b_diags)),
        )?;
        m.end()
    }
}
