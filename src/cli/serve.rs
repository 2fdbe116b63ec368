//! `idbench serve`: the command's arguments, and the API's answers written by the same
//! functions the commands print with, so each answer is byte for byte the command's JSON
//! (or Markdown) output. The server itself is [`crate::serve`].

use std::io::{self, Write};
use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;

use super::{CompareFlags, ExplainArgs, ProfileArg, ReportFormatArg, ViewArgs, json};
use crate::engine::Profile;

/// `idbench serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. Loopback by default; any other address serves the page
    /// and the API to whoever can reach it (a warning says so).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The most connections open at once; one more is answered 503 and closed.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_connections: u32,
    /// Analysis worker threads (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub workers: Option<u16>,
    /// Each analysis's deadline in milliseconds, waiting in the queue included; past it
    /// the answer is 503 with Retry-After.
    #[arg(long, default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub deadline_ms: u64,
}

pub(super) fn run(args: &ServeArgs) -> io::Result<u8> {
    let workers = args.workers.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let config = crate::serve::Config {
        max_connections: usize::try_from(args.max_connections).unwrap_or(64),
        workers,
        deadline: Duration::from_millis(args.deadline_ms),
    };
    let listener = std::net::TcpListener::bind(args.addr)?;
    let local = listener.local_addr()?;
    let mut err = io::stderr();
    if !local.ip().is_loopback() {
        let _ = writeln!(
            err,
            "idbench: warning: serving on {local}, which is not a loopback address: anyone who \
             can reach it can open the page and use the API (parse, forms, compare, explain, \
             check, grammar parse) on this machine's CPU, within the limits; no file is read \
             or written on a request's behalf. Serve on 127.0.0.1 to keep it to this machine."
        );
    }
    let _ = writeln!(err, "idbench: serving http://{local}/ (Ctrl-C stops)");
    crate::serve::serve(listener, &config)?;
    Ok(0)
}

/// `parse --format json [--profile P] [--base B] [--no-namespace] [--no-scheme-spec] ID`'s
/// line.
pub(crate) fn parse_json(
    out: &mut Vec<u8>,
    id: &str,
    base: Option<&str>,
    profile: Option<Profile>,
    (namespace, scheme_spec): (bool, bool),
) -> io::Result<()> {
    // As `parse` (src/cli/parse.rs) sets them.
    let opts = crate::engine::Options {
        profile,
        forms: true,
        all_profiles: false,
        namespace,
        scheme_spec,
        equivalence_key: false,
    };
    let a = match base {
        Some(b) => crate::engine::analyze_with_base(id, b, &opts),
        None => crate::engine::analyze(id, &opts),
    };
    json::write_line(out, &json::AnalysisJson(&a))
}

/// `forms --format json [--profile P] [--no-namespace] [--no-scheme-spec] ID`'s line.
pub(crate) fn forms_json(
    out: &mut Vec<u8>,
    id: &str,
    profile: Option<Profile>,
    (namespace, scheme_spec): (bool, bool),
) -> io::Result<()> {
    // As `forms` (src/cli/forms.rs) sets them.
    let opts = crate::engine::Options {
        profile,
        forms: true,
        all_profiles: false,
        namespace,
        scheme_spec,
        equivalence_key: true,
    };
    super::forms::json_line(out, &crate::engine::analyze(id, &opts))
}

/// `compare --format json [--profile P] [flags] [--no-namespace] [--no-scheme-spec] A B`'s
/// line.
pub(crate) fn compare_json(
    out: &mut Vec<u8>,
    (a, b): (&str, &str),
    profile: Option<Profile>,
    flags: &CompareFlags,
    (namespace, scheme_spec): (bool, bool),
) -> io::Result<()> {
    let opts = flags.options(profile);
    let v = if scheme_spec {
        crate::engine::equiv::compare_with(a, b, &opts, namespace)
    } else {
        // As `compare --no-scheme-spec` (src/cli/compare.rs): both sides analysed without
        // the scheme layer, so the ladder climbs no scheme rung.
        let o = crate::engine::Options {
            namespace,
            ..crate::engine::Options::validate_only(profile)
        };
        let (aa, bb) = (crate::engine::analyze(a, &o), crate::engine::analyze(b, &o));
        crate::engine::equiv::compare_analyzed(&aa, &bb, &opts)
    };
    json::write_line(out, &json::VerdictJson(&v))
}

/// `explain ID [--with B] [--base B] [--profile P] [flags] [--no-namespace]`'s Markdown.
pub(crate) fn explain_markdown(
    out: &mut Vec<u8>,
    view: &crate::view::View,
    profile: Option<Profile>,
) -> io::Result<()> {
    let args = explain_args(view, profile, ReportFormatArg::Markdown);
    super::explain::write_report(&args, out).map(|_| ())
}

/// `explain`'s arguments for a view.
fn explain_args(
    view: &crate::view::View,
    profile: Option<Profile>,
    format: ReportFormatArg,
) -> ExplainArgs {
    ExplainArgs {
        id: view.a.clone(),
        view: ViewArgs {
            with: view.b.clone(),
            base: view.base.clone(),
            profile: Some(ProfileArg(profile)),
            compare: compare_flags(view),
            no_namespace: !view.layers.namespaces,
            no_scheme_spec: !view.layers.schemes,
        },
        format,
        standards: false,
        link: None,
    }
}

/// The compare flags a view holds.
pub(crate) fn compare_flags(view: &crate::view::View) -> CompareFlags {
    use crate::view::SideForm;
    let form = |f: SideForm| match f {
        SideForm::AsIs => super::SideFormArg::AsIs,
        SideForm::Iri => super::SideFormArg::Iri,
        SideForm::Uri => super::SideFormArg::Uri,
    };
    CompareFlags {
        objective: if view.cache_objective {
            super::ObjectiveArg::Cache
        } else {
            super::ObjectiveArg::Names
        },
        ignore_dollar: view.ignore_dollar,
        a_form: form(view.a_form),
        b_form: form(view.b_form),
    }
}

/// `check --format json [--profile P] [--namespaces] [--schemes]`'s output for `body` read
/// as stdin.
pub(crate) fn check_json(
    out: &mut Vec<u8>,
    body: &[u8],
    profile: Option<Profile>,
    (namespaces, schemes): (bool, bool),
) -> io::Result<()> {
    super::check::json_of_reader(body, profile, (namespaces, schemes), out)
}

/// `grammar parse --format json FILE --start S INPUTS…`'s output, the grammar given as
/// text (`Err`: the message the command prints for a grammar it cannot use; `Ok(None)`:
/// over `cap` bytes).
pub(crate) fn grammar_parse_json(
    grammar: String,
    start: &str,
    inputs: &[String],
    cap: usize,
) -> Result<Option<String>, String> {
    super::grammar::parse_json_text(grammar, "grammar", start, inputs, cap)
}

/// `grammar parse`'s text output for one input (the page's grammar lab).
pub(crate) fn grammar_parse_text(grammar: &str, start: &str, input: &str) -> Option<String> {
    super::grammar::render_parse(
        grammar,
        start,
        input,
        false,
        crate::engine::abnf::Budget::default(),
        1 << 20,
    )
    .map(|r| r.output)
}
