//! `idbench compare`: whether two identifiers are equivalent, with the ladder of steps.
//!
//! Exit 0 when equivalent, 1 when not, 2 when a side does not parse under the profile
//! compared (the diagnostics say why; the ladder is still shown) or on a usage error.

use std::fmt::Write as _;
use std::io::Write;

use unicode_width::UnicodeWidthStr;

use super::{CompareArgs, Format, json, text};
use crate::engine::equiv::{CompareOptions, Verdict, compare_with};
use crate::engine::{Diagnostic, Severity};
use crate::safe_text::escape;
use json::VerdictJson;

fn options(args: &CompareArgs) -> CompareOptions {
    args.compare.options(args.common.profile.0)
}

/// Pads `s` (already escaped) to `w` display columns.
fn pad(s: &str, w: usize) -> String {
    let n = UnicodeWidthStr::width(s);
    format!("{s}{}", " ".repeat(w.saturating_sub(n)))
}

/// The ladder as a table: step, rule, spec, A, B, equal?
fn table(v: &Verdict) -> String {
    let head = ["#", "rule", "spec", "A", "B", "equal?"];
    let rows: Vec<[String; 6]> = v
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            [
                (i + 1).to_string(),
                escape(&s.name).into_owned(),
                s.spec.to_string(),
                escape(&s.a).into_owned(),
                escape(&s.b).into_owned(),
                if s.equal { "yes" } else { "no" }.to_string(),
            ]
        })
        .collect();
    let mut w = head.map(UnicodeWidthStr::width);
    for r in &rows {
        for (k, cell) in r.iter().enumerate() {
            w[k] = w[k].max(UnicodeWidthStr::width(cell.as_str()));
        }
    }
    let mut out = String::new();
    let line = |cells: [&str; 6]| {
        let mut l = String::new();
        for (k, c) in cells.iter().enumerate() {
            if k > 0 {
                l.push_str("  ");
            }
            if k == 5 {
                l.push_str(c)
            } else {
                l.push_str(&pad(c, w[k]))
            }
        }
        l.push('\n');
        l
    };
    out.push_str(&line(head));
    for r in &rows {
        out.push_str(&line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]));
    }
    out
}

/// Both inputs, with carets under the first difference.
fn carets(v: &Verdict) -> String {
    let mut out = String::new();
    let Some(d) = &v.difference else { return out };
    let _ = writeln!(out, "first difference: {}: {}", d.kind, escape(&d.reason));
    for (label, input, span) in [("A", &v.a.input, d.a), ("B", &v.b.input, d.b)] {
        let (escaped, cols) = text::escaped_with_columns(input);
        let _ = writeln!(out, "  {label} | {escaped}");
        let _ = writeln!(out, "{}", text::caret_line(&cols, span, 6));
    }
    out
}

/// The diagnostics that explain why a side does not parse, or what bringing it to the
/// compared form found worth a warning.
fn report(
    label: &str,
    v_input: &str,
    parse: &[Diagnostic],
    extra: &[Diagnostic],
    valid: bool,
) -> String {
    let mut s = String::new();
    for d in crate::json::side_diagnostics(parse, extra) {
        // What the comparison found always shows; of the parse, what breaks it.
        let shown = extra.contains(d) || (!valid && d.severity != Severity::Note);
        if !shown {
            continue;
        }
        if s.is_empty() {
            let what = if valid { "" } else { " does not parse" };
            let _ = writeln!(s, "side {label}{what}: {}", text::abbreviate(v_input));
        }
        s.push_str(&text::diagnostic(d, v_input));
    }
    s
}

fn to_text(v: &Verdict) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "A: {}", escape(&v.a.input));
    let _ = writeln!(out, "B: {}", escape(&v.b.input));
    let _ = writeln!(
        out,
        "profile: {} ({})",
        v.profile,
        escape(&v.profile_reason)
    );
    out.push('\n');
    out.push_str(&table(v));
    out.push('\n');
    if v.equivalent {
        let _ = writeln!(out, "{}", escape(&v.summary()));
    } else {
        let _ = writeln!(out, "not equivalent under {}", v.profile);
        out.push_str(&carets(v));
    }
    if !v.sides_valid() && !v.equivalent {
        let _ = writeln!(
            out,
            "the inputs do not both parse under {}: this is not the spec's answer (see the diagnostics)",
            v.profile
        );
    }
    out
}

pub(super) fn run(args: &CompareArgs) -> std::io::Result<u8> {
    let namespace = !args.common.no_namespace;
    let v = if args.common.no_scheme_spec {
        // Both sides analysed without the scheme layer: the comparison climbs the scheme's
        // rungs only when both sides were analysed with it.
        let o = crate::engine::Options {
            profile: args.common.profile.0,
            forms: false,
            all_profiles: false,
            namespace,
            scheme_spec: false,
            equivalence_key: false,
        };
        let (a, b) = (
            crate::engine::analyze(&args.a, &o),
            crate::engine::analyze(&args.b, &o),
        );
        crate::engine::equiv::compare_analyzed(&a, &b, &options(args))
    } else {
        compare_with(&args.a, &args.b, &options(args), namespace)
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match args.common.format {
        Format::Json => json::write_line(&mut out, &VerdictJson(&v))?,
        Format::Text => {
            out.write_all(to_text(&v).as_bytes())?;
            out.flush()?;
            let stderr = std::io::stderr();
            let mut err = stderr.lock();
            err.write_all(
                report(
                    "A",
                    &v.a.input,
                    &v.a.diagnostics,
                    &v.a_diagnostics,
                    v.a_valid(),
                )
                .as_bytes(),
            )?;
            err.write_all(
                report(
                    "B",
                    &v.b.input,
                    &v.b.diagnostics,
                    &v.b_diagnostics,
                    v.b_valid(),
                )
                .as_bytes(),
            )?;
        }
    }
    out.flush()?;
    Ok(if !v.sides_valid() {
        2
    } else if v.equivalent {
        0
    } else {
        1
    })
}
