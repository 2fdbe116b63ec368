//! `idbench parse`.

use super::{ParseArgs, json, render_each_with, text};
use crate::engine::Options;

pub(super) fn run(args: &ParseArgs) -> std::io::Result<u8> {
    let opts = Options {
        profile: args.common.profile.0,
        // The forms' notes are part of the answer the workbench gives too.
        forms: true,
        all_profiles: false,
        namespace: !args.common.no_namespace,
        scheme_spec: !args.common.no_scheme_spec,
        // `parse` does not show the key (`forms --format json` does).
        equivalence_key: false,
    };
    let base = args.base.as_deref();
    render_each_with(
        &args.ids,
        &opts,
        args.common.format,
        |id| match base {
            Some(b) => crate::engine::analyze_with_base(id, b, &opts),
            None => crate::engine::analyze(id, &opts),
        },
        text::analysis,
        |out, a| json::write_line(out, &json::AnalysisJson(a)),
    )
}
