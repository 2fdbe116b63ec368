//! The standards report (`idbench explain --standards`): one input under RFC 3986/3987 and
//! the WHATWG URL Standard side by side, and each place where the two readings part, with
//! both sides' reasons ([`crate::engine::standards`]). Markdown or plain text; the JSON is
//! the engine's [`Standards`] serialized.

use super::ReportFormat;
use super::writer::{Cell, Writer};
use crate::engine::standards::{Standards, Verdict};

fn verdict_row(v: &Verdict) -> Vec<Cell> {
    let word = if v.valid { "accepts" } else { "rejects" };
    let what = match (v.error, v.error_span, &v.message) {
        (Some(c), Some(sp), Some(m)) => format!("{c} at byte {}: {m}", sp.start),
        _ => v.reads_as.clone(),
    };
    vec![
        Cell::Plain(v.spec.to_string()),
        Cell::Plain(word.to_string()),
        Cell::Code(what),
    ]
}

/// The report of `s` in format `f`.
pub fn render(s: &Standards, f: ReportFormat) -> String {
    let mut w = Writer::new(f);
    w.title("idbench: the URL Standard beside RFC 3986");
    let mut rfcs: Vec<&str> = vec![s.rfc3986.spec, s.rfc3987.spec];
    rfcs.extend(s.further.iter().map(|v| v.spec));
    let last = rfcs.pop().unwrap_or_default();
    w.para(&format!(
        "idbench {} · the WHATWG URL Standard (revision 6ae8486, 2 July 2026), {} and {last}, \
         each reading the input as it stands (no base)",
        env!("CARGO_PKG_VERSION"),
        rfcs.join(", ")
    ));
    w.block(&s.input);
    w.heading("Verdicts");
    let rows: Vec<Vec<Cell>> = [&s.whatwg, &s.rfc3986, &s.rfc3987]
        .into_iter()
        .chain(&s.further)
        .map(verdict_row)
        .collect();
    w.table(
        &["standard", "verdict", "reads it as, or its first error"],
        &rows,
    );
    w.para(if s.valid_url_string {
        "It is a valid URL string: the URL Standard reports no validation error."
    } else {
        "It is not a valid URL string: the URL Standard reports validation errors (below)."
    });
    w.heading("Where the readings part");
    if s.agree() {
        w.para("Nowhere: RFC 3986 and the URL Standard read the input the same way.");
    }
    for (i, d) in s.divergences.iter().enumerate() {
        w.subheading(&format!(
            "{}. {} at bytes {}",
            i + 1,
            d.topic.name(),
            d.span
        ));
        if d.count > 1 {
            w.para(&format!(
                "The same at {} places: {}",
                d.count,
                d.places_text()
            ));
        }
        w.labelled_block("text", &d.text);
        w.para(&format!(
            "WHATWG {} [{}]",
            d.whatwg.reading, d.whatwg.section
        ));
        w.para(&format!("RFC 3986 {} [{}]", d.rfc.reading, d.rfc.section));
    }
    w.finish()
}
