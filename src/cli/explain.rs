//! `idbench explain`: the whole analysis as a report to paste into an issue tracker, a
//! mailing-list post or a slide (see [`crate::report`]).
//!
//! Exit codes: as `parse` (0 valid, 1 invalid); with `--with`, as `compare` (0 equivalent,
//! 1 not, 2 when a side does not parse); with `--base`, as `resolve` (0 when a target came
//! out, 1 otherwise); with `--standards`, 0 when RFC 3986 and the URL Standard read the
//! input alike, 1 when they part.

use std::io::Write;

use serde_json::{Map, Value, json};

use super::{ExplainArgs, ReportFormatArg, emit};
use crate::engine::equiv::{
    CompareOptions, ProfileEquivalence, compare_per_profile_with, compare_with,
};
use crate::engine::resolve::resolve;
use crate::engine::specs::auto_family;
use crate::engine::{Analysis, Options, Status, analyze};
use crate::report::{ReportFormat, Subject, render, summary};

/// A profile's verdict as JSON: `valid`, `invalid` or `not-applicable`, and the first
/// error's code.
fn status_json(s: &Status) -> (&'static str, Option<&'static str>) {
    match s {
        Status::Valid => ("valid", None),
        Status::Invalid(code) => ("invalid", Some(code.as_str())),
        Status::NotApplicable => ("not-applicable", None),
    }
}

/// One side: `parse`'s object, plus every profile's verdict and the forms.
fn side_json(a: &Analysis) -> Value {
    let mut v = serde_json::to_value(super::json::AnalysisJson(a)).unwrap_or_default();
    let verdicts: Vec<Value> = a
        .verdicts
        .iter()
        .map(|pv| {
            let (status, first) = status_json(&pv.status);
            json!({"profile": pv.profile.name(), "verdict": status, "first_error": first})
        })
        .collect();
    let forms = a.forms.as_ref().map(|f| {
        f.rows()
            .into_iter()
            .map(|(name, value)| (name.to_string(), Value::from(value)))
            .collect::<Map<String, Value>>()
    });
    if let Value::Object(m) = &mut v {
        m.insert("verdicts".into(), Value::from(verdicts));
        m.insert("forms".into(), forms.map_or(Value::Null, Value::Object));
    }
    v
}

/// The pair under one profile, as the report's table gives it.
fn equivalence_json(e: &ProfileEquivalence) -> Value {
    let (a, a_first) = status_json(&e.a);
    let (b, b_first) = status_json(&e.b);
    json!({
        "profile": e.profile.name(),
        "a": a,
        "a_first_error": a_first,
        "b": b,
        "b_first_error": b_first,
        "equivalent": e.equivalent,
        "equal_from": e.equal_from.as_ref().map(|(i, _, _)| i + 1),
        "difference": e.difference.as_ref().map(|d| d.reason.as_str()),
    })
}

/// The compare options `explain` was given.
pub(crate) fn options(args: &ExplainArgs) -> CompareOptions {
    args.view.compare.options(args.view.profile())
}

/// `explain --standards`: the input under RFC 3986/3987 and the URL Standard side by side
/// ([`crate::engine::standards`]), as a report or one JSON object.
fn standards(args: &ExplainArgs, mut out: &mut dyn Write) -> std::io::Result<u8> {
    let s = crate::engine::standards::compare(&args.id);
    match args.format {
        ReportFormatArg::Json => super::json::write_line(out, &s)?,
        ReportFormatArg::Markdown => emit(
            &mut out,
            &crate::report::standards::render(&s, ReportFormat::Markdown),
        )?,
        ReportFormatArg::Text => emit(
            &mut out,
            &crate::report::standards::render(&s, ReportFormat::Text),
        )?,
    }
    if !matches!(args.format, ReportFormatArg::Json) {
        let markdown = matches!(args.format, ReportFormatArg::Markdown);
        emit(&mut out, &confusion_section(&s.agreement, markdown))?;
    }
    out.flush()?;
    Ok(u8::from(!s.agree()))
}

/// The standards report's last section: the parser-confusion classes where the profiles
/// read the security parts differently (`check --agree`'s, [`crate::engine::agree`]), one
/// line each: `COMPONENT  CLASS  PROFILE: reading · ...`, then why. Input text is escaped;
/// in Markdown the lines are a fenced block longer than any run of backticks in them.
fn confusion_section(a: &crate::engine::agree::Agreement, markdown: bool) -> String {
    let names: Vec<&str> = a.readings.iter().map(|r| r.profile.name()).collect();
    let mut body = String::new();
    for d in &a.disagreements {
        let readings: Vec<String> = d
            .readings
            .iter()
            .map(|(p, v)| match v {
                Some(v) => format!("{p}: \"{}\"", crate::safe_text::escape(v)),
                None => format!("{p}: null"),
            })
            .collect();
        body.push_str(&format!(
            "{}  {}  {}\n    {}\n",
            d.component.name(),
            d.class.name(),
            readings.join(" · "),
            crate::safe_text::escape(&d.why)
        ));
    }
    let title = "Parser confusion";
    let lead = if a.agree() {
        format!(
            "{} read the scheme, userinfo, host, port and path alike (check --agree {}).",
            names.join(", "),
            names.join(",")
        )
    } else {
        format!(
            "Where {} read the security parts differently, by class (check --agree {}):",
            names.join(", "),
            names.join(",")
        )
    };
    let mut out = String::new();
    if markdown {
        out.push_str(&format!("\n## {title}\n\n{lead}\n"));
        if !body.is_empty() {
            let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
            let fence = "`".repeat(longest.max(2) + 1);
            out.push_str(&format!("\n{fence}text\n{body}{fence}\n"));
        }
    } else {
        out.push_str(&format!(
            "\n{title}\n{}\n\n{lead}\n",
            "-".repeat(title.len())
        ));
        if !body.is_empty() {
            out.push('\n');
            for line in body.lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
    }
    out
}

/// The view `explain`'s arguments describe (the identifier, `--with`, `--base`, the
/// profile, the layer switch and the compare options), as [`crate::view::View`] holds it.
pub(crate) fn view_of(args: &ExplainArgs) -> crate::view::View {
    use crate::view::{SideForm, View};
    let form = |f: super::SideFormArg| match f {
        super::SideFormArg::AsIs => SideForm::AsIs,
        super::SideFormArg::Iri => SideForm::Iri,
        super::SideFormArg::Uri => SideForm::Uri,
    };
    let c = &args.view.compare;
    let mut v = View::of(args.id.clone());
    v.b = args.view.with.clone();
    v.base = args.view.base.clone();
    v.profile = args.view.profile().map(|p| p.name().to_string());
    v.layers.namespaces = !args.view.no_namespace;
    v.layers.schemes = !args.view.no_scheme_spec;
    v.cache_objective = c.objective == super::ObjectiveArg::Cache;
    v.ignore_dollar = c.ignore_dollar;
    v.a_form = form(c.a_form);
    v.b_form = form(c.b_form);
    v
}

pub(super) fn run(args: &ExplainArgs) -> std::io::Result<u8> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(host) = &args.link {
        // The permalink `idbench serve` opens: the host as given, `/?`, the view's query.
        let link = format!(
            "{}/?{}",
            host.trim_end_matches('/'),
            view_of(args).to_query()
        );
        emit(&mut out, &crate::safe_text::escape(&link))?;
        emit(&mut out, "\n")?;
        out.flush()?;
        return Ok(0);
    }
    write_report(args, &mut out)
}

/// The report (or `--format json`'s object) `explain` prints, written to `out`; the exit
/// code. The command's and `idbench serve`'s `/api/explain`.
pub(crate) fn write_report(args: &ExplainArgs, mut out: &mut dyn Write) -> std::io::Result<u8> {
    if args.standards {
        return standards(args, &mut out);
    }
    let opts = options(args);
    let namespace = !args.view.no_namespace;
    let full = Options {
        profile: args.view.profile(),
        namespace,
        scheme_spec: !args.view.no_scheme_spec,
        // The report shows the forms, not the key.
        equivalence_key: false,
        ..Options::full()
    };
    let format = match args.format {
        ReportFormatArg::Markdown | ReportFormatArg::Json => ReportFormat::Markdown,
        ReportFormatArg::Text => ReportFormat::Text,
    };
    let a = analyze(&args.id, &full);
    let b = args.view.with.as_deref().map(|b| analyze(b, &full));
    let verdict = args
        .view
        .with
        .as_deref()
        .map(|b| compare_with(&args.id, b, &opts, namespace));
    let per_profile = args
        .view
        .with
        .as_deref()
        .map(|b| compare_per_profile_with(&args.id, b, &opts, namespace));
    let resolution = args.view.base.as_deref().map(|base| {
        // As `idbench resolve`: the given profile, or the base's `auto` profile.
        let profile = args.view.profile().unwrap_or_else(|| auto_family(base).1);
        (base, resolve(base, &args.id, profile))
    });
    // The view the report is of: its reopen command is this view's command line.
    let view = args.view.to_view(&args.id);
    let subject = Subject {
        view: &view,
        a: &a,
        b: b.as_ref(),
        comparison: verdict.as_ref(),
        per_profile: per_profile.as_deref(),
        resolution: resolution.as_ref().map(|(base, r)| (*base, r)),
        options: &opts,
    };
    if args.format == ReportFormatArg::Json {
        let doc = json!({
            "version": env!("CARGO_PKG_VERSION"),
            "profile": opts.profile.map_or("auto", |p| p.name()),
            "reopen": view.to_command_line(),
            "view": view.to_query(),
            "summary": summary(&subject),
            "a": side_json(&a),
            "b": b.as_ref().map(side_json),
            "comparison": verdict.as_ref().map(|v| {
                serde_json::to_value(crate::json::VerdictJson(v)).unwrap_or_default()
            }),
            "per_profile": per_profile
                .as_deref()
                .map(|p| p.iter().map(equivalence_json).collect::<Vec<_>>()),
            "resolution": resolution.as_ref().map(|(base, r)| {
                serde_json::to_value(super::resolve::ResolutionJson {
                    base,
                    reference: &args.id,
                    profile: args.view.profile().unwrap_or_else(|| auto_family(base).1),
                    r,
                })
                .unwrap_or_default()
            }),
        });
        super::json::write_line(out, &doc)?;
    } else {
        emit(&mut out, &render(&subject, format))?;
    }
    out.flush()?;
    Ok(match (&verdict, &resolution) {
        (Some(v), _) if !v.sides_valid() => 2,
        (Some(v), _) => u8::from(!v.equivalent),
        (None, Some((_, r))) => u8::from(!r.resolved()),
        (None, None) => u8::from(!a.valid()),
    })
}
