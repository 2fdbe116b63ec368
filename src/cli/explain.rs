//! `idbench explain`: the whole analysis as a report to paste into an issue tracker, a
//! mailing-list post or a slide (see [`crate::report`]).
//!
//! Exit codes: as `parse` (0 valid, 1 invalid); with `--with`, as `compare` (0 equivalent,
//! 1 not, 2 when a side does not parse); with `--base`, as `resolve` (0 when a target came
//! out, 1 otherwise).

use std::io::Write;

use super::{ExplainArgs, ReportFormatArg, emit};
use crate::engine::equiv::{CompareOptions, compare, compare_per_profile};
use crate::engine::profile::auto_family;
use crate::engine::resolve::resolve;
use crate::engine::{Options, analyze};
use crate::report::{ReportFormat, Subject, render};

/// The compare options `explain` was given.
pub(crate) fn options(args: &ExplainArgs) -> CompareOptions {
    args.view.compare.options(args.view.profile())
}

pub(super) fn run(args: &ExplainArgs) -> std::io::Result<u8> {
    let opts = options(args);
    let full = Options {
        profile: args.view.profile(),
        ..Options::full()
    };
    let format = match args.format {
        ReportFormatArg::Markdown => ReportFormat::Markdown,
        ReportFormatArg::Text => ReportFormat::Text,
    };
    let a = analyze(&args.id, &full);
    let b = args.view.with.as_deref().map(|b| analyze(b, &full));
    let verdict = args
        .view
        .with
        .as_deref()
        .map(|b| compare(&args.id, b, &opts));
    let per_profile = args
        .view
        .with
        .as_deref()
        .map(|b| compare_per_profile(&args.id, b, &opts));
    let resolution = args.view.base.as_deref().map(|base| {
        // As `idbench resolve`: the given profile, or the base's `auto` profile.
        let profile = args.view.profile().unwrap_or_else(|| auto_family(base).1);
        (base, resolve(base, &args.id, profile))
    });
    let subject = Subject {
        a: &a,
        b: b.as_ref(),
        comparison: verdict.as_ref(),
        per_profile: per_profile.as_deref(),
        resolution: resolution.as_ref().map(|(base, r)| (*base, r)),
        options: &opts,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    emit(&mut out, &render(&subject, format))?;
    out.flush()?;
    Ok(match (&verdict, &resolution) {
        (Some(v), _) if !v.sides_valid() => 2,
        (Some(v), _) => u8::from(!v.equivalent),
        (None, Some((_, r))) => u8::from(!r.resolved()),
        (None, None) => u8::from(!a.valid()),
    })
}
