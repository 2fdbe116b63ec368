//! The command-line face: `parse`, `check`, `forms`, `resolve`, `compare`, and `tui`.
//!
//! Every command renders what [`crate::engine`] returns; none re-parses.

mod check;
mod compare;
mod explain;
mod forms;
pub mod json;
mod parse;
mod resolve;
mod rule;
pub mod text;

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::engine::Profile;

/// idbench: a workbench for URIs, IRIs, URNs and XRIs.
#[derive(Parser, Debug)]
#[command(name = "idbench", version, about, long_about = None)]
pub struct Cli {
    /// What to do; with none, the workbench opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Show the component tree and diagnostics of identifiers.
    Parse(ParseArgs),
    /// Validate one identifier per line of files or stdin.
    Check(CheckArgs),
    /// Show the normal forms of identifiers.
    Forms(FormsArgs),
    /// Resolve references against a base.
    Resolve(ResolveArgs),
    /// Say whether two identifiers are equivalent, and where they part.
    Compare(CompareArgs),
    /// Print the whole analysis as a Markdown or plain-text report to paste elsewhere.
    Explain(ExplainArgs),
    /// Show a grammar rule as the spec prints it: its section, the rules it uses and the
    /// rules that use it; with no NAME, list every rule.
    Rule(rule::RuleArgs),
    /// Open the workbench.
    Tui(TuiArgs),
}

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// For people.
    #[default]
    Text,
    /// One JSON object per line.
    Json,
}

/// A profile choice on the command line: `auto` or a profile name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ProfileArg(pub Option<Profile>);

impl std::str::FromStr for ProfileArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.eq_ignore_ascii_case("auto") {
            Ok(ProfileArg(None))
        } else {
            s.parse::<Profile>().map(|p| ProfileArg(Some(p)))
        }
    }
}

/// Arguments shared by the commands that take identifiers.
#[derive(Args, Debug, Clone)]
pub struct Common {
    /// auto, rfc3986, rfc3987, rfc1630, rfc2141, rfc2141bis, rfc8141 or xri2.
    #[arg(long, short, default_value = "auto")]
    pub profile: ProfileArg,
    /// text or json.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `idbench parse`.
#[derive(Args, Debug)]
pub struct ParseArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// Identifiers; `-` reads one per line from stdin.
    #[arg(required = true)]
    pub ids: Vec<String>,
}

/// `idbench check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// Print only the summary.
    #[arg(long, short)]
    pub quiet: bool,
    /// Files with one identifier per line; stdin when none.
    pub files: Vec<std::path::PathBuf>,
}

/// `idbench forms`.
#[derive(Args, Debug)]
pub struct FormsArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// Identifiers; `-` reads one per line from stdin.
    #[arg(required = true)]
    pub ids: Vec<String>,
}

/// `idbench resolve`.
#[derive(Args, Debug)]
pub struct ResolveArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The base identifier.
    pub base: String,
    /// References to resolve against it.
    #[arg(required = true)]
    pub refs: Vec<String>,
}

/// The rfc2141bis §5 objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ObjectiveArg {
    /// 5a: distinguish the resources named (query removed).
    #[default]
    Names,
    /// 5b: cache results (directives reordered).
    Cache,
}

/// `idbench compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// rfc2141bis objective: names (5a) or cache (5b).
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Names)]
    pub objective: ObjectiveArg,
    /// xri2: ignore "$" cross-references when comparing (XRI Syntax 2.0 §2.5.4).
    #[arg(long)]
    pub ignore_dollar: bool,
    /// The first identifier.
    pub a: String,
    /// The second identifier.
    pub b: String,
}

/// `idbench tui`.
#[derive(Args, Debug, Default)]
pub struct TuiArgs {
    /// An identifier to start with.
    pub id: Option<String>,
    /// A second identifier: start in diff mode.
    #[arg(long)]
    pub with: Option<String>,
    /// A theme name (dark, light, high-contrast, mono) or a path to a TOML theme.
    #[arg(long)]
    pub theme: Option<String>,
    /// Start with this profile instead of auto.
    #[arg(long, short)]
    pub profile: Option<ProfileArg>,
    /// A base: read the identifier as a reference against it.
    #[arg(long)]
    pub base: Option<String>,
    /// rfc2141bis objective in diff mode: names (5a) or cache (5b).
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Names)]
    pub objective: ObjectiveArg,
    /// xri2 diff mode: ignore "$" cross-references (XRI Syntax 2.0 §2.5.4).
    #[arg(long)]
    pub ignore_dollar: bool,
    /// xri2 diff mode: the form side A is written in.
    #[arg(long, value_enum, default_value_t = SideFormArg::AsIs)]
    pub a_form: SideFormArg,
    /// xri2 diff mode: the form side B is written in.
    #[arg(long, value_enum, default_value_t = SideFormArg::AsIs)]
    pub b_form: SideFormArg,
    /// Neither read nor write the history file this session (also `history = false` in
    /// the config file).
    #[arg(long)]
    pub no_history: bool,
}

/// The form a side of a comparison is written in (XRI Syntax 2.0 §2.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum SideFormArg {
    /// As typed.
    #[default]
    AsIs,
    /// IRI-normal form.
    Iri,
    /// URI-normal form.
    Uri,
}

impl From<SideFormArg> for crate::engine::equiv::SideForm {
    fn from(f: SideFormArg) -> Self {
        match f {
            SideFormArg::AsIs => Self::AsIs,
            SideFormArg::Iri => Self::IriNormal,
            SideFormArg::Uri => Self::UriNormal,
        }
    }
}

impl From<ObjectiveArg> for crate::engine::equiv::Objective {
    fn from(o: ObjectiveArg) -> Self {
        match o {
            ObjectiveArg::Names => Self::Names,
            ObjectiveArg::Cache => Self::Cache,
        }
    }
}

/// `idbench explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The identifier (with `--base`, the reference).
    pub id: String,
    /// A second identifier: compare with it and show the ladder.
    #[arg(long, conflicts_with = "base")]
    pub with: Option<String>,
    /// A base: resolve the identifier against it.
    #[arg(long)]
    pub base: Option<String>,
    /// auto, rfc3986, rfc3987, rfc1630, rfc2141, rfc2141bis, rfc8141 or xri2.
    #[arg(long, short, default_value = "auto")]
    pub profile: ProfileArg,
    /// rfc2141bis objective for `--with`: names (5a) or cache (5b).
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Names)]
    pub objective: ObjectiveArg,
    /// xri2, for `--with`: ignore "$" cross-references (XRI Syntax 2.0 §2.5.4).
    #[arg(long)]
    pub ignore_dollar: bool,
    /// xri2, for `--with`: the form side A is written in.
    #[arg(long, value_enum, default_value_t = SideFormArg::AsIs)]
    pub a_form: SideFormArg,
    /// xri2, for `--with`: the form side B is written in.
    #[arg(long, value_enum, default_value_t = SideFormArg::AsIs)]
    pub b_form: SideFormArg,
    /// markdown or text.
    #[arg(long, short, value_enum, default_value_t = ReportFormatArg::Markdown)]
    pub format: ReportFormatArg,
}

/// The report format of `idbench explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ReportFormatArg {
    /// GitHub-flavoured Markdown.
    #[default]
    Markdown,
    /// Plain text wrapped at 72 columns.
    Text,
}

impl From<TuiArgs> for crate::tui::Launch {
    fn from(a: TuiArgs) -> Self {
        crate::tui::Launch {
            id: a.id,
            with: a.with,
            theme: a.theme,
            profile: a.profile.map(|p| p.0),
            base: a.base,
            objective: a.objective.into(),
            ignore_dollar: a.ignore_dollar,
            a_form: a.a_form.into(),
            b_form: a.b_form.into(),
            no_history: a.no_history,
        }
    }
}

/// Reads the identifiers: `-` stands for the lines of stdin.
pub(crate) fn expand_ids(ids: &[String]) -> std::io::Result<Vec<String>> {
    let mut out = Vec::new();
    for id in ids {
        if id == "-" {
            let mut buf = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut buf)?;
            for line in buf.split(|&b| b == b'\n') {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                out.push(String::from_utf8_lossy(line).into_owned());
            }
            if out.last().is_some_and(|l| l.is_empty()) {
                out.pop();
            }
        } else {
            out.push(id.clone());
        }
    }
    Ok(out)
}

/// Analyzes each identifier and prints one rendering per input: JSON lines, or text blocks
/// separated by blank lines. Exit code 0 when every input is valid, 1 otherwise.
pub(crate) fn render_each(
    ids: &[String],
    opts: &crate::engine::Options,
    format: Format,
    to_text: impl Fn(&crate::engine::Analysis) -> String,
    to_json: impl Fn(&crate::engine::Analysis) -> serde_json::Value,
) -> std::io::Result<u8> {
    let ids = expand_ids(ids)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_valid = true;
    for (i, id) in ids.iter().enumerate() {
        let a = crate::engine::analyze(id, opts);
        all_valid &= a.valid();
        match format {
            Format::Json => emit(&mut out, &format!("{}\n", to_json(&a)))?,
            Format::Text => {
                if i > 0 {
                    emit(&mut out, "\n")?;
                }
                emit(&mut out, &to_text(&a))?;
            }
        }
    }
    out.flush()?;
    Ok(if all_valid { 0 } else { 1 })
}

/// Writes `s`, ignoring a closed pipe (`idbench ... | head` must not fail noisily).
pub(crate) fn emit(out: &mut impl Write, s: &str) -> std::io::Result<()> {
    match out.write_all(s.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}

/// Runs the command line; returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        None => crate::tui::run(crate::tui::Launch::default()),
        Some(Command::Tui(args)) => crate::tui::run(args.into()),
        Some(Command::Parse(args)) => parse::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Forms(args)) => forms::run(&args),
        Some(Command::Resolve(args)) => resolve::run(&args),
        Some(Command::Compare(args)) => compare::run(&args),
        Some(Command::Explain(args)) => explain::run(&args),
        Some(Command::Rule(args)) => rule::run(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("idbench: {e}");
            ExitCode::from(2)
        }
    }
}
