//! `idbench namespaces`: the compiled-in snapshot of IANA's URN Namespaces registry.
//!
//! Text: a header line naming the snapshot's source and dates (on stderr, as summaries
//! are), then a table, one NID a line. JSON: one array of objects on one line, each
//! `{"nid", "kind", "reference", "date", "updated", "template", "syntax"}` (`syntax`:
//! the document idbench reads the NSS's syntax from, or null).
//!
//! The registry is compiled in, but every field still goes through
//! [`crate::safe_text::escape`] before the terminal: it is text from outside.

use std::io::Write;

use clap::Args;

use super::{Format, emit};
use crate::engine::namespaces::{Kind, catalogue, snapshot};
use crate::safe_text::escape;

/// `idbench namespaces`'s arguments.
#[derive(Args, Debug)]
pub struct NamespacesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The document idbench reads `nid`'s NSS syntax from, if any (a sub-namespace's too,
/// after `; `).
fn syntax_of(nid: &str) -> Option<String> {
    let docs: Vec<String> = catalogue::ALL
        .iter()
        .filter(|n| n.nid == nid)
        .map(|n| match n.nss_prefix {
            Some(_) => format!("{} ({})", n.section, n.name),
            None => n.section.to_string(),
        })
        .collect();
    (!docs.is_empty()).then(|| docs.join("; "))
}

pub(super) fn run(args: &NamespacesArgs) -> std::io::Result<u8> {
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
                        "nid": e.nid,
                        "kind": e.kind.name(),
                        "reference": e.reference,
                        "date": e.date,
                        "updated": e.updated,
                        "template": e.template,
                        "syntax": syntax_of(e.nid),
                    })
                })
                .collect();
            let mut line = serde_json::to_string(&rows).map_err(std::io::Error::other)?;
            line.push('\n');
            emit(&mut out, &line)?;
        }
        Format::Text => {
            let mut s = String::new();
            let nid_w = snap.entries.iter().map(|e| e.nid.len()).max().unwrap_or(3);
            s.push_str(&format!(
                "{:nid_w$}  {:8}  {:10}  REFERENCE\n",
                "NID", "KIND", "DATE"
            ));
            for e in &snap.entries {
                let mut reference = escape(e.reference).into_owned();
                if let Some(t) = e.template {
                    reference.push_str(&format!("  <{}>", escape(t)));
                }
                if let Some(doc) = syntax_of(e.nid) {
                    reference.push_str(&format!("  [syntax: {}]", escape(&doc)));
                }
                s.push_str(&format!(
                    "{:nid_w$}  {:8}  {:10}  {}\n",
                    escape(e.nid),
                    e.kind.name(),
                    e.date.map_or_else(|| "-".into(), escape),
                    reference
                ));
            }
            emit(&mut out, &s)?;
        }
    }
    out.flush()?;
    // The summary: where the snapshot comes from (stderr, as every summary).
    let _ = writeln!(
        std::io::stderr(),
        "IANA URN Namespaces registry, last updated {}: {} formal, {} informal \
         (snapshot of {} {} at {}, sha256 {}, retrieved {})",
        escape(snap.registry_updated),
        snap.count(Kind::Formal),
        snap.count(Kind::Informal),
        escape(snap.source_repository),
        escape(snap.source_path),
        escape(snap.source_commit),
        escape(snap.source_sha256),
        escape(snap.retrieved),
    );
    Ok(0)
}
