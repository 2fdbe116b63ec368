//! `idbench schemes`: the compiled-in snapshot of IANA's URI Schemes registry.
//!
//! Text: a table, one scheme a line, with a header line naming the snapshot's source and
//! dates (on stderr, as summaries are). JSON: one array of objects on one line, each
//! `{"scheme", "status", "reference", "date", "grammar"}` over the whole registry
//! (`grammar`: whether idbench ships the scheme's grammar file).
//!
//! The registry is compiled in, but every field still goes through
//! [`crate::safe_text::escape`] before the terminal: it is text from outside.

use std::io::Write;

use clap::Args;

use super::{Format, emit};
use crate::engine::schemes::{Status, file_for, snapshot};
use crate::safe_text::escape;

/// `idbench schemes`'s arguments.
#[derive(Args, Debug)]
pub struct SchemesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub(super) fn run(args: &SchemesArgs) -> std::io::Result<u8> {
    let snap = snapshot();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match args.format {
        Format::Json => {
            let rows: Vec<serde_json::Value> = snap
                .entries
                .iter()
                .map(|e| {
                    serde_json::json!({
                        "scheme": e.scheme,
                        "status": e.status.name(),
                        "reference": e.reference,
                        "date": e.date,
                        "grammar": file_for(e.scheme).is_some(),
                    })
                })
                .collect();
            let mut line = serde_json::to_string(&rows).map_err(std::io::Error::other)?;
            line.push('\n');
            emit(&mut out, &line)?;
        }
        Format::Text => {
            let mut s = String::new();
            let w = snap
                .entries
                .iter()
                .map(|e| e.scheme.len())
                .max()
                .unwrap_or(6);
            s.push_str(&format!(
                "{:w$}  {:11}  {:10}  REFERENCE\n",
                "SCHEME", "STATUS", "DATE"
            ));
            for e in &snap.entries {
                let mut reference = escape(e.reference).into_owned();
                if let Some(g) = file_for(e.scheme) {
                    reference.push_str(&format!("  [grammar: {}]", escape(&g.header.section)));
                }
                if let Some(r) = e.replaced_by {
                    reference.push_str(&format!("  [replaced by {}]", escape(r)));
                }
                s.push_str(&format!(
                    "{:w$}  {:11}  {:10}  {}\n",
                    escape(e.scheme),
                    e.status.name(),
                    e.date.map_or_else(|| "-".into(), escape),
                    reference
                ));
            }
            emit(&mut out, &s)?;
        }
    }
    out.flush()?;
    let _ = writeln!(
        std::io::stderr(),
        "IANA URI Schemes registry, last updated {}: {} permanent, {} provisional, {} \
         historical (snapshot of {} {} at {}, sha256 {}, retrieved {})",
        escape(snap.registry_updated),
        snap.count(Status::Permanent),
        snap.count(Status::Provisional),
        snap.count(Status::Historical),
        escape(snap.source_repository),
        escape(snap.source_path),
        escape(snap.source_commit),
        escape(snap.source_sha256),
        escape(snap.retrieved),
    );
    Ok(0)
}
