//! `idbench parse`.

use super::{ParseArgs, json, render_each, text};
use crate::engine::Options;

pub(super) fn run(args: &ParseArgs) -> std::io::Result<u8> {
    let opts = Options {
        profile: args.common.profile.0,
        // The forms' notes are part of the answer the workbench gives too.
        forms: true,
        all_profiles: false,
        namespace: !args.common.no_namespace,
    };
    render_each(
        &args.ids,
        &opts,
        args.common.format,
        text::analysis,
        |out, a| json::write_line(out, &json::AnalysisJson(a)),
    )
}
