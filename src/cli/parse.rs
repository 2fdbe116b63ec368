//! `idbench parse`.

use std::io::Write;

use super::{Format, ParseArgs, emit, expand_ids, json, text};
use crate::engine::{Options, analyze};

pub(super) fn run(args: &ParseArgs) -> std::io::Result<u8> {
    let ids = expand_ids(&args.ids)?;
    let opts = Options {
        profile: args.common.profile.0,
        forms: false,
        all_profiles: false,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_valid = true;
    for (i, id) in ids.iter().enumerate() {
        let a = analyze(id, &opts);
        all_valid &= a.valid();
        match args.common.format {
            Format::Json => emit(&mut out, &format!("{}\n", json::analysis(&a)))?,
            Format::Text => {
                if i > 0 {
                    emit(&mut out, "\n")?;
                }
                emit(&mut out, &text::analysis(&a))?;
            }
        }
    }
    out.flush()?;
    Ok(if all_valid { 0 } else { 1 })
}
