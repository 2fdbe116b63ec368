//! `idbench resolve`: resolves references against a base under a profile.
//!
//! Text: exactly one line per reference on stdout, in order — the target, or
//! `error<TAB>CODE<TAB>REFERENCE` when there is none — so scripts can zip inputs with
//! outputs. Every error, warning and note of a reference (the target's warnings and notes
//! among them, such as `resolve-path-looks-like-authority`) goes to stderr, under a heading
//! `reference N TEXT:` (N counts references from 1, TEXT through `safe_text`), so stdout stays
//! one line per reference. JSON: one object per reference.

use std::io::Write;

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::input::{Id, for_each_id, not_utf8_diagnostics, shown_bytes};
use super::{Format, ResolveArgs, json, text};
use crate::engine::resolve::{Resolution, ResolveStep, resolve};
use crate::engine::specs::auto_family;
use crate::engine::{Diagnostic, Profile};
use crate::safe_text::escape;

/// The profile to resolve under: the given one, or the base's `auto` profile (a URN base
/// picks a URN profile, which then refuses: URNs have no relative references).
fn profile_for(args: &ResolveArgs, base: &str) -> Profile {
    args.common.profile.0.unwrap_or_else(|| auto_family(base).1)
}

/// A reference's or the base's diagnostics for stderr, all severities (notes included: the
/// resolution's notes explain its target), under one heading line naming `label`.
fn report(label: &str, input: &str, ds: &[Diagnostic]) -> String {
    let mut s = String::new();
    for d in ds {
        if s.is_empty() {
            s.push_str(&format!("{label} {}:\n", text::abbreviate(input)));
        }
        s.push_str(&text::diagnostic(d, input));
    }
    s
}

struct StepJson<'a>(&'a ResolveStep);

impl Serialize for StepJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Step", 2)?;
        m.serialize_field("name", &self.0.name)?;
        m.serialize_field("detail", &self.0.detail)?;
        m.end()
    }
}

pub(super) struct ResolutionJson<'a> {
    pub(super) base: &'a str,
    pub(super) reference: &'a str,
    pub(super) profile: Profile,
    pub(super) r: &'a Resolution,
}

impl Serialize for ResolutionJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.r;
        let mut m = s.serialize_struct("Resolution", 8)?;
        m.serialize_field("base", self.base)?;
        m.serialize_field("reference", self.reference)?;
        m.serialize_field("profile", self.profile.name())?;
        m.serialize_field("target", &r.target)?;
        m.serialize_field("steps", &SeqJson(&r.steps))?;
        m.serialize_field("diagnostics", &json::DiagnosticsJson(&r.diagnostics))?;
        m.serialize_field(
            "base_diagnostics",
            &json::DiagnosticsJson(&r.base_diagnostics),
        )?;
        m.serialize_field("note", &r.note)?;
        m.end()
    }
}

struct SeqJson<'a>(&'a [ResolveStep]);

impl Serialize for SeqJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(StepJson))
    }
}

pub(super) fn run(args: &ResolveArgs) -> std::io::Result<u8> {
    let (base, refs) = args.base_and_refs();
    if refs.is_empty() {
        let _ = writeln!(
            std::io::stderr(),
            "idbench resolve: no reference to resolve: give the base, then one or more references (- reads them from stdin)\n\nUsage: idbench resolve [OPTIONS] <BASE> <REFS>...\n       idbench resolve [OPTIONS] --base <BASE> <REFS>..."
        );
        return Ok(2);
    }
    let profile = profile_for(args, base);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let mut all_resolved = true;
    let mut base_reported = false;
    let mut index = 0usize;
    for_each_id(&refs, |id| {
        index += 1;
        let reference = match id {
            Id::Text(r) => r,
            Id::Bytes(bytes) => {
                // Not UTF-8: not resolved, said in the reference's place.
                all_resolved = false;
                let r = Resolution {
                    target: None,
                    steps: Vec::new(),
                    diagnostics: not_utf8_diagnostics(&bytes),
                    base_diagnostics: Vec::new(),
                    note: None,
                };
                return match args.common.format {
                    Format::Json => json::write_line(
                        &mut out,
                        &ResolutionJson {
                            base,
                            reference: &String::from_utf8_lossy(&bytes),
                            profile,
                            r: &r,
                        },
                    ),
                    Format::Text => {
                        writeln!(out, "error\tnot-utf8\t{}", shown_bytes(&bytes))
                    }
                };
            }
        };
        let r = resolve(base, &reference, profile);
        all_resolved &= r.resolved();
        match args.common.format {
            Format::Json => json::write_line(
                &mut out,
                &ResolutionJson {
                    base,
                    reference: &reference,
                    profile,
                    r: &r,
                },
            ),
            Format::Text => {
                // The base's problems are the same for every reference: say them once.
                if !base_reported {
                    let s = report("base", base, &r.base_diagnostics);
                    if !s.is_empty() {
                        base_reported = true;
                        err.write_all(s.as_bytes())?;
                    }
                }
                let label = format!("reference {index}");
                err.write_all(report(&label, &reference, &r.diagnostics).as_bytes())?;
                match &r.target {
                    Some(t) => writeln!(out, "{}", escape(t))?,
                    None => {
                        let code = r.first_error().map_or("no-target", |d| d.code.as_str());
                        writeln!(out, "error\t{code}\t{}", escape(&reference))?;
                    }
                }
                if let Some(n) = &r.note {
                    writeln!(err, "note: {}: {}", text::abbreviate(&reference), escape(n))?;
                }
                Ok(())
            }
        }
    })?;
    out.flush()?;
    Ok(if all_resolved { 0 } else { 1 })
}
