//! `idbench resolve`: resolves references against a base under a profile.
//!
//! Text: one target per line on stdout; an illegal base or reference prints its diagnostics
//! to stderr instead of a target, and the exit code is 1. JSON: one object per reference.

use std::io::Write;

use serde_json::json;

use super::{Format, ResolveArgs, emit, expand_ids, json, text};
use crate::engine::profile::auto_family;
use crate::engine::resolve::{Resolution, resolve};
use crate::engine::{Diagnostic, Profile, Severity};
use crate::safe_text::escape;

/// The profile to resolve under: the given one, or the base's `auto` profile (a URN base
/// picks a URN profile, which then refuses: URNs have no relative references).
fn profile_for(args: &ResolveArgs) -> Profile {
    args.common
        .profile
        .0
        .unwrap_or_else(|| auto_family(&args.base).1)
}

/// The diagnostics worth a person's attention on stderr: errors and warnings.
fn report(label: &str, input: &str, ds: &[Diagnostic]) -> String {
    let (escaped, cols) = text::escaped_with_columns(input);
    let mut s = String::new();
    for d in ds.iter().filter(|d| d.severity != Severity::Note) {
        if s.is_empty() {
            s.push_str(&format!("{label} {escaped}:\n"));
        }
        s.push_str(&text::diagnostic(d, &escaped, &cols));
    }
    s
}

fn json_line(base: &str, reference: &str, profile: Profile, r: &Resolution) -> String {
    let steps: Vec<_> = r
        .steps
        .iter()
        .map(|s| json!({"name": s.name, "detail": s.detail}))
        .collect();
    let v = json!({
        "base": base,
        "reference": reference,
        "profile": profile.name(),
        "target": r.target,
        "steps": steps,
        "diagnostics": json::diagnostics(&r.diagnostics),
        "base_diagnostics": json::diagnostics(&r.base_diagnostics),
        "note": r.note,
    });
    format!("{v}\n")
}

pub(super) fn run(args: &ResolveArgs) -> std::io::Result<u8> {
    let refs = expand_ids(&args.refs)?;
    let profile = profile_for(args);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let mut all_resolved = true;
    let mut base_reported = false;
    for reference in &refs {
        let r = resolve(&args.base, reference, profile);
        all_resolved &= r.resolved();
        match args.common.format {
            Format::Json => emit(&mut out, &json_line(&args.base, reference, profile, &r))?,
            Format::Text => {
                // The base's problems are the same for every reference: say them once.
                if !base_reported {
                    let s = report("base", &args.base, &r.base_diagnostics);
                    if !s.is_empty() {
                        base_reported = true;
                        emit(&mut err, &s)?;
                    }
                }
                emit(&mut err, &report("reference", reference, &r.diagnostics))?;
                if let Some(t) = &r.target {
                    emit(&mut out, &format!("{}\n", escape(t)))?;
                }
                if let Some(n) = &r.note {
                    emit(
                        &mut err,
                        &format!("note: {}: {}\n", escape(reference), escape(n)),
                    )?;
                }
                if !r.resolved() && r.first_error().is_none() {
                    emit(
                        &mut err,
                        &format!("reference {}: no target\n", escape(reference)),
                    )?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if all_resolved { 0 } else { 1 })
}
