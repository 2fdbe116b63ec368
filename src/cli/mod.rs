//! The command-line face: `parse`, `check`, `forms`, `resolve`, `compare`, and `tui`.
//!
//! Every command renders what [`crate::engine`] returns; none re-parses.

mod check;
mod check_agree;
mod check_ctx;
mod check_format;
mod check_lines;
mod check_namespaces;
mod check_schemes;
mod compare;
mod draft;
mod explain;
mod forms;
pub mod grammar;
mod help;
mod input;
/// The JSON writers, which live in the library ([`crate::json`]) for every face.
pub use crate::json;
mod namespaces;
mod parse;
#[cfg(feature = "tui")]
mod present;
mod resolve;
mod rule;
mod schemes;
#[cfg(feature = "serve")]
pub(crate) mod serve;
mod shell;
mod test;
pub mod text;
mod usage;

pub use usage::parse as parse_args;

use std::io::Write;
use std::process::ExitCode;

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::engine::Profile;

/// idbench: a workbench for URIs, IRIs, URNs and XRIs.
///
/// With no command, the workbench opens with the arguments given at top level
/// (`idbench 'http://a/' --theme light` is `idbench tui 'http://a/' --theme light`).
#[derive(Parser, Debug)]
#[command(
    name = "idbench",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true,
    after_help = help::TOP
)]
pub struct Cli {
    /// What to do; with none, the workbench opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The workbench's arguments, when no command is given.
    #[command(flatten)]
    pub tui: TuiArgs,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Show the component tree and diagnostics of identifiers.
    #[command(after_help = help::PARSE)]
    Parse(ParseArgs),
    /// Validate one identifier per line of files or stdin.
    #[command(
        after_help = help::CHECK,
        // `check` has a --format of its own (with github and sarif): the common one is
        // hidden under a name no one types and takes only its default, so
        // `args.common.format` is always text here and unused.
        mut_arg("format", |a| a
            .long("common-format")
            .short(None)
            .hide(true)
            .value_parser(clap::builder::TypedValueParser::map(
                clap::builder::PossibleValuesParser::new(["text"]),
                |_| Format::Text,
            )))
    )]
    Check(CheckArgs),
    /// Show the normal forms of identifiers.
    #[command(after_help = help::FORMS)]
    Forms(FormsArgs),
    /// Resolve references against a base.
    #[command(after_help = help::RESOLVE)]
    Resolve(ResolveArgs),
    /// Say whether two identifiers are equivalent, and where they part.
    #[command(after_help = help::COMPARE)]
    Compare(CompareArgs),
    /// Print the whole analysis as a Markdown or plain-text report to paste elsewhere.
    #[command(
        after_help = help::EXPLAIN,
        mut_arg("with", |a| a.help(
            "A second identifier: compare with it; the report opens with the verdict and \
             the step that decides it, and shows the ladder"
        )),
        mut_arg("profile", |a| a.help(
            "The profile to read the input with (and compare under); auto, the default, \
             picks one from the input"
        ))
    )]
    Explain(ExplainArgs),
    /// Check any ABNF grammar, parse with it counting every parse, diff two grammars (or
    /// one and a built-in profile's), generate examples and near misses.
    #[command(after_help = help::GRAMMAR)]
    Grammar(grammar::GrammarArgs),
    /// Show a grammar rule as the spec prints it: its section, the rules it uses and the
    /// rules that use it; with no NAME, list every rule.
    #[command(after_help = help::RULE)]
    Rule(rule::RuleArgs),
    /// Read an RFC or Internet-Draft as plain text: check its ABNF as `grammar check` does,
    /// and judge its example identifiers under their profiles and under its grammar.
    Draft(draft::DraftArgs),
    /// List the compiled-in snapshot of IANA's URN Namespaces registry.
    #[command(after_help = help::NAMESPACES)]
    Namespaces(namespaces::NamespacesArgs),
    /// List the compiled-in snapshot of IANA's URI Schemes registry, marking the schemes
    /// idbench has a grammar for.
    Schemes(schemes::SchemesArgs),
    /// Run files of cases (each an identifier and what it must do) and report every one
    /// that fails, as text, JSON, TAP or JUnit XML.
    #[command(after_help = help::TEST)]
    Test(test::TestArgs),
    /// Open the workbench.
    #[command(after_help = help::TUI)]
    Tui(TuiArgs),
    /// Present a deck: a TOML file of steps (an input, keys, a caption) shown full screen
    /// through the workbench, one step at a time.
    #[cfg(feature = "tui")]
    #[command(after_help = present::PRESENT_HELP)]
    Present(present::PresentArgs),
    /// Render every step of a deck without a terminal, as SVG, HTML or plain text files.
    #[cfg(feature = "tui")]
    #[command(after_help = present::REPLAY_HELP)]
    Replay(present::ReplayArgs),
    /// Serve the workbench as a web page and a JSON API (loopback by default).
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = help::COMPLETIONS)]
    Completions(shell::CompletionsArgs),
    /// Print the manual page (roff).
    #[command(after_help = help::MAN)]
    Man,
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

/// `auto` then every profile, in the profile strip's order (built from [`Profile::ALL`], so
/// a new profile's row in the table is all it takes).
const PROFILE_ARGS: [ProfileArg; Profile::ALL.len() + 1] = {
    let mut args = [ProfileArg(None); Profile::ALL.len() + 1];
    let mut i = 0;
    while i < Profile::ALL.len() {
        args[i + 1] = ProfileArg(Some(Profile::ALL[i]));
        i += 1;
    }
    args
};

/// A value list clap knows, so help and shell completions offer the profile names.
impl ValueEnum for ProfileArg {
    fn value_variants<'a>() -> &'a [Self] {
        &PROFILE_ARGS
    }
    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(
            PossibleValue::new(self.0.map_or("auto", |p| p.name())).help(
                self.0
                    .map_or("pick the profile from the input", |p| p.title()),
            ),
        )
    }
}

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
    /// The profile: auto picks one from the input.
    #[arg(long, short, value_enum, ignore_case = true, default_value = "auto")]
    pub profile: ProfileArg,
    /// text or json.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Answer by the URN spec alone: no namespace layer (the registry, the namespace's
    /// grammar and check digits, its equivalence steps and canonical form).
    #[arg(long)]
    pub no_namespace: bool,
    /// Answer by the generic spec alone: no URI scheme layer (the scheme registry, the
    /// scheme's grammar and checks, its normal form and ladder steps).
    #[arg(long)]
    pub no_scheme_spec: bool,
}

/// `idbench parse`.
#[derive(Args, Debug)]
pub struct ParseArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// A base URL: parse the input against it. Under whatwg, the URL Standard's parser with
    /// that base (spans index the input); under the other profiles, the input is read as a
    /// reference, resolved against the base as `resolve` does, and the target parsed (spans
    /// index the target). Without --profile, the base's auto profile.
    #[arg(long)]
    pub base: Option<String>,
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
    /// Also judge each URN by its namespace (its grammar and check digits): batch checking
    /// judges by the URN spec alone unless asked.
    #[arg(long, conflicts_with = "no_namespace")]
    pub namespaces: bool,
    /// Also judge each URI by its scheme's own spec (its registry entry, grammar and
    /// checks): batch checking judges by the generic spec alone unless asked.
    #[arg(long, conflicts_with_all = ["no_scheme_spec", "grammar"])]
    pub schemes: bool,
    /// Worker threads (default: the machine's cores); output stays in input order.
    #[arg(long, short, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Judge each line by this ABNF grammar (from the rule --start) instead of a profile;
    /// records say `lab` as their profile.
    #[arg(
        long,
        value_name = "FILE.abnf",
        requires = "start",
        conflicts_with = "namespaces"
    )]
    pub grammar: Option<std::path::PathBuf>,
    /// The rule of --grammar each line must match.
    #[arg(long, value_name = "RULE", requires = "grammar")]
    pub start: Option<String>,
    /// Read each line under every listed profile (comma-separated, at least two: whatwg,rfc3986)
    /// and say whether they read its scheme, userinfo, host, port and path alike; exit 1
    /// when any line disagrees.
    #[arg(long, value_name = "P1,P2[,...]", conflicts_with = "grammar")]
    pub agree: Option<String>,
    /// Files with one identifier per line; `-` (or none) is stdin.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<std::path::PathBuf>,
    /// text, json, github (workflow annotations) or sarif (a SARIF 2.1.0 log).
    #[arg(
        id = "check_format",
        long = "format",
        short = 'f',
        value_enum,
        default_value_t
    )]
    pub format: check_format::CheckFormat,
    /// What makes the exit status 1: error (an invalid line), or warning (also any warning
    /// reported, such as a namespace finding with --namespaces).
    #[arg(long, value_enum, default_value_t)]
    pub fail_on: check_format::FailOn,
}

/// `idbench forms`.
#[derive(Args, Debug)]
pub struct FormsArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// Read each input as an IRI (or a URI) in IRI-normal form and show the XRI it becomes
    /// (XRI Syntax 2.0 §2.3.3), under xri2.
    #[arg(long, value_enum)]
    pub from: Option<FromKind>,
    /// Identifiers; `-` reads one per line from stdin.
    #[arg(required = true)]
    pub ids: Vec<String>,
}

/// What `forms --from` reads its inputs as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FromKind {
    /// An IRI in IRI-normal form.
    Iri,
    /// A URI, first mapped to an IRI (RFC 3987 §3.2).
    Uri,
}

impl FromKind {
    /// `iri` or `uri`.
    pub fn name(self) -> &'static str {
        match self {
            FromKind::Iri => "iri",
            FromKind::Uri => "uri",
        }
    }
}

/// `idbench resolve`.
#[derive(Args, Debug)]
pub struct ResolveArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The base identifier, as `parse --base` takes it: then every argument is a reference.
    #[arg(long = "base", value_name = "BASE")]
    pub base_option: Option<String>,
    /// The base identifier (with --base, the first reference).
    pub base: String,
    /// References to resolve against it; `-` reads one per line from stdin.
    pub refs: Vec<String>,
}

impl ResolveArgs {
    /// The base and the references: `--base`'s value and every argument, or the first
    /// argument and the rest.
    pub fn base_and_refs(&self) -> (&str, Vec<String>) {
        match &self.base_option {
            Some(b) => (
                b,
                std::iter::once(&self.base)
                    .chain(&self.refs)
                    .cloned()
                    .collect(),
            ),
            None => (&self.base, self.refs.clone()),
        }
    }
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
    #[command(flatten)]
    #[allow(missing_docs)]
    pub compare: CompareFlags,
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
    /// A second identifier or a base, the profile, and how diff mode compares.
    #[command(flatten)]
    pub view: ViewArgs,
    /// A theme name (dark, light, high-contrast, mono) or a path to a TOML theme.
    #[arg(long, value_hint = clap::ValueHint::FilePath)]
    pub theme: Option<String>,
    /// Neither read nor write the history file this session (also `history = false` in
    /// the config file).
    #[arg(long)]
    pub no_history: bool,
    /// An ABNF grammar file: adds the `lab` profile, which parses with it (and is in use at
    /// start); read again when it changes on disk.
    #[arg(long, requires = "start", value_hint = clap::ValueHint::FilePath)]
    pub grammar: Option<std::path::PathBuf>,
    /// The rule of `--grammar` the input is parsed from.
    #[arg(long, requires = "grammar")]
    pub start: Option<String>,
    /// A cases file (as `idbench test` reads): its cases join the examples picker (Ctrl-O),
    /// marked passing or failing, and Ctrl-S `a` appends the view to it as a case
    /// (without it, to idbench-cases.toml in the working directory).
    #[arg(long, value_hint = clap::ValueHint::FilePath)]
    pub cases: Option<std::path::PathBuf>,
    /// Let the `--cases` file's `grammar` name a file outside the cases file's folder (as
    /// `idbench test --allow-outside-grammar`).
    #[arg(long, requires = "cases")]
    pub allow_outside_grammar: bool,
    /// The node selected at start: its side and path of child indices (`a`, `a.0.2`,
    /// `b.1`), as Ctrl-S `c` writes it; restored when the tree has it.
    #[arg(long, value_name = "PATH")]
    pub select: Option<crate::view::Selection>,
    /// The part focused at start (input, tree, details, forms, diagnostics, ladder,
    /// treea, treeb, …).
    #[arg(long, value_name = "PART")]
    pub focus: Option<String>,
    /// A whole view in its query form (`id=…&with=…&profile=…&ns=0&sel=a.2`), as a
    /// permalink carries it; instead of the identifier and the view's options.
    #[arg(long = "view", value_name = "QUERY", value_parser = view_query,
          conflicts_with_all = ["id", "with", "base", "profile", "no_namespace", "objective",
              "ignore_dollar", "a_form", "b_form", "grammar", "select", "focus"])]
    pub view_query: Option<Box<crate::view::View>>,
}

/// `--view QUERY`: a view in its query form, whose profile is one idbench has. A grammar
/// given as text is refused here: the workbench's lab reads its grammar from a file.
fn view_query(q: &str) -> Result<Box<crate::view::View>, String> {
    let v = crate::view::View::from_query(q).map_err(|e| e.to_string())?;
    v.parsed_profile()?;
    if v.grammar.is_some() {
        return Err(
            "the workbench reads a grammar from a file: give --grammar FILE --start RULE \
             instead of the query's grammar"
                .into(),
        );
    }
    Ok(Box::new(v))
}

impl TuiArgs {
    /// The view these arguments open: `--view`'s, or the one the identifier and the view's
    /// options describe.
    pub fn to_view(&self) -> crate::view::View {
        if let Some(v) = &self.view_query {
            return (**v).clone();
        }
        let mut v = self.view.to_view(self.id.as_deref().unwrap_or(""));
        v.grammar = self.grammar.as_ref().map(|g| crate::view::Grammar {
            source: crate::view::GrammarSource::File(g.display().to_string()),
            start: self.start.clone(),
        });
        v.selection = self.select.clone();
        v.focus = self.focus.clone();
        v
    }
}

/// What a view holds beside its identifier: one set of arguments for `explain` and `tui`,
/// so a report and the workbench read the same command line (the workbench's reopen
/// command is written with them).
#[derive(Args, Debug, Clone, Default)]
pub struct ViewArgs {
    /// A second identifier: compare with it and show the ladder (the workbench starts in
    /// diff mode).
    #[arg(long, conflicts_with = "base")]
    pub with: Option<String>,
    /// A base: read the identifier as a reference and resolve it against the base.
    #[arg(long)]
    pub base: Option<String>,
    /// The profile (auto picks one from the input); without it, auto (the workbench: the
    /// config file's `profile`, else auto).
    #[arg(long, short, value_enum, ignore_case = true)]
    pub profile: Option<ProfileArg>,
    /// How `--with` compares.
    #[command(flatten)]
    pub compare: CompareFlags,
    /// Answer by the URN spec alone: no namespace layer (the registry, the namespace's
    /// grammar and check digits, its equivalence steps and canonical form).
    #[arg(long)]
    pub no_namespace: bool,
    /// Answer by the generic spec alone: no URI scheme layer (the scheme registry, the
    /// scheme's grammar and checks, its normal form and ladder steps).
    #[arg(long)]
    pub no_scheme_spec: bool,
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

/// How two identifiers are compared: one set of flags for `compare`, `explain --with` and
/// the workbench's diff mode (`tui`), so the three read the same command line.
#[derive(Args, Debug, Clone, Default)]
pub struct CompareFlags {
    /// rfc2141bis objective: names (5a) or cache (5b).
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Names)]
    pub objective: ObjectiveArg,
    /// xri2: ignore "$" cross-references when comparing (XRI Syntax 2.0 §2.5.4).
    #[arg(long)]
    pub ignore_dollar: bool,
    /// xri2: the form side A is written in (XRI Syntax 2.0 §2.5.2).
    #[arg(long, value_enum, default_value_t = SideFormArg::AsIs)]
    pub a_form: SideFormArg,
    /// xri2: the form side B is written in.
    #[arg(long, value_enum, default_value_t = SideFormArg::AsIs)]
    pub b_form: SideFormArg,
}

impl CompareFlags {
    /// The engine's options for these flags under `profile` (`None`: auto).
    pub fn options(&self, profile: Option<Profile>) -> crate::engine::equiv::CompareOptions {
        crate::engine::equiv::CompareOptions {
            profile,
            objective: self.objective.into(),
            ignore_dollar: self.ignore_dollar,
            a_form: self.a_form.into(),
            b_form: self.b_form.into(),
        }
    }
}

/// `idbench explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The identifier (with `--base`, the reference).
    pub id: String,
    /// A second identifier or a base, the profile, and how `--with` compares.
    #[command(flatten)]
    pub view: ViewArgs,
    /// markdown, text, or json (the report's content as one compact JSON object).
    #[arg(long, short, value_enum, default_value_t = ReportFormatArg::Markdown)]
    pub format: ReportFormatArg,
    /// Read the input under RFC 3986/3987 and under the URL Standard side by side: where
    /// the two readings part, and each side's reason (exit 0 when they agree, 1 when they
    /// part).
    #[arg(long, conflicts_with_all = ["with", "base"])]
    pub standards: bool,
    /// Print the permalink `idbench serve` at this address opens to the same view
    /// (`HOST/?id=…`) instead of the report.
    #[arg(long, value_name = "HOST", conflicts_with = "standards")]
    pub link: Option<String>,
}

/// The report format of `idbench explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ReportFormatArg {
    /// GitHub-flavoured Markdown.
    #[default]
    Markdown,
    /// Plain text wrapped at 72 columns.
    Text,
    /// The report's content as data: one compact JSON object on one line.
    Json,
}

impl ViewArgs {
    /// The profile asked for (`None`: auto).
    pub fn profile(&self) -> Option<Profile> {
        self.profile.and_then(|p| p.0)
    }

    /// The view these arguments describe, of identifier `id` (no selection, no focus).
    pub fn to_view(&self, id: &str) -> crate::view::View {
        let mut v = crate::view::View {
            a: id.to_string(),
            b: self.with.clone(),
            base: self.base.clone(),
            profile: crate::view::View::profile_name(self.profile()),
            layers: crate::view::Layers {
                namespaces: !self.no_namespace,
                schemes: !self.no_scheme_spec,
            },
            ..crate::view::View::default()
        };
        v.set_compare_options(&self.compare.options(None));
        v
    }
}

#[cfg(feature = "tui")]
impl From<TuiArgs> for crate::tui::Launch {
    /// The launch reads the view ([`TuiArgs::to_view`]): the same value whichever way it
    /// was given (options, or `--view QUERY`).
    fn from(a: TuiArgs) -> Self {
        let v = a.to_view();
        let compare = v.compare_options(None);
        // Given by the options, a profile left out is the config file's; a `--view`
        // names its profile or means auto.
        let profile = if a.view_query.is_some() {
            Some(v.parsed_profile().ok().flatten())
        } else {
            a.view.profile.map(|p| p.0)
        };
        crate::tui::Launch {
            id: Some(v.a),
            with: v.b,
            theme: a.theme,
            profile,
            base: v.base,
            objective: compare.objective,
            ignore_dollar: compare.ignore_dollar,
            a_form: compare.a_form,
            b_form: compare.b_form,
            no_history: a.no_history,
            grammar: a.grammar.zip(a.start),
            cases: a.cases,
            allow_outside_grammar: a.allow_outside_grammar,
            no_namespace: !v.layers.namespaces,
            no_scheme_spec: !v.layers.schemes,
            select: v.selection,
            focus: v.focus,
        }
    }
}

/// Analyzes each identifier (`-`: each line of stdin, streamed) and prints one rendering
/// per input: JSON lines, or text blocks separated by blank lines. A line that is not UTF-8
/// gets `not-utf8` diagnostics instead of an analysis. Exit code 0 when every input is
/// valid, 1 otherwise.
pub(crate) fn render_each(
    ids: &[String],
    opts: &crate::engine::Options,
    format: Format,
    to_text: impl Fn(&crate::engine::Analysis) -> String,
    to_json: impl Fn(&mut dyn Write, &crate::engine::Analysis) -> std::io::Result<()>,
) -> std::io::Result<u8> {
    render_each_with(
        ids,
        opts,
        format,
        |id| crate::engine::analyze(id, opts),
        to_text,
        to_json,
    )
}

/// [`render_each`] with the analysis made by `analyze` (`parse --base`: against a base).
pub(crate) fn render_each_with(
    ids: &[String],
    opts: &crate::engine::Options,
    format: Format,
    analyze: impl Fn(&str) -> crate::engine::Analysis,
    to_text: impl Fn(&crate::engine::Analysis) -> String,
    to_json: impl Fn(&mut dyn Write, &crate::engine::Analysis) -> std::io::Result<()>,
) -> std::io::Result<u8> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut first = true;
    input::for_each_id(ids, |id| {
        if format == Format::Text && !first {
            out.write_all(b"\n")?;
        }
        first = false;
        match id {
            input::Id::Text(id) => {
                let a = analyze(&id);
                all_valid &= a.valid();
                match format {
                    Format::Json => to_json(&mut out, &a),
                    Format::Text => out.write_all(to_text(&a).as_bytes()),
                }
            }
            input::Id::Bytes(bytes) => {
                all_valid = false;
                input::write_not_utf8(&mut out, &bytes, opts.profile, format, opts.forms)
            }
        }
    })?;
    out.flush()?;
    Ok(if all_valid { 0 } else { 1 })
}

/// Writes `s`. A closed pipe comes back as `BrokenPipe`, which [`run`] turns into a quiet
/// exit: the command stops instead of producing output nobody reads.
pub(crate) fn emit(out: &mut impl Write, s: &str) -> std::io::Result<()> {
    out.write_all(s.as_bytes())
}

/// Standard output without std's line buffering, for a command whose output can be one
/// very long line (`grammar parse --format json` writes a whole tree as one line): std's
/// `Stdout` searches every write for its last newline, which on such a line reads every
/// byte once more (2 % of `grammar parse`'s instructions on a 64 KiB URN's tree). On Unix
/// the writer is a duplicate of the descriptor (the same open file: its offset, its
/// append mode), made in safe Rust; elsewhere, or if that fails, `Stdout` itself. What
/// std's `Stdout` still holds is flushed first, so nothing is written out of order. The
/// caller buffers it (`BufWriter`).
pub(crate) fn raw_stdout() -> RawStdout {
    let stdout = std::io::stdout();
    let _ = stdout.lock().flush();
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = stdout.as_fd().try_clone_to_owned() {
            return RawStdout::File(std::fs::File::from(fd));
        }
    }
    RawStdout::Std(stdout.lock())
}

/// See [`raw_stdout`].
pub(crate) enum RawStdout {
    /// A duplicate of the standard output's descriptor.
    File(std::fs::File),
    /// Std's own (line-buffered) standard output.
    Std(std::io::StdoutLock<'static>),
}

impl Write for RawStdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            RawStdout::File(f) => f.write(buf),
            RawStdout::Std(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            RawStdout::File(f) => f.flush(),
            RawStdout::Std(s) => s.flush(),
        }
    }
}

/// Opens the workbench.
#[cfg(feature = "tui")]
fn workbench(args: TuiArgs) -> std::io::Result<u8> {
    crate::tui::run(args.into())
}

/// Without the `tui` feature there is no workbench to open: says so (exit 2).
#[cfg(not(feature = "tui"))]
fn workbench(_args: TuiArgs) -> std::io::Result<u8> {
    Err(std::io::Error::other(
        "this idbench was built without the workbench (the `tui` feature); run a command: idbench --help",
    ))
}

impl Cli {
    /// Whether [`run`] opens the workbench: no command, or `tui`.
    pub fn opens_workbench(&self) -> bool {
        matches!(self.command, None | Some(Command::Tui(_)))
    }
}

/// Runs the command line; returns the process exit code.
///
/// A closed output pipe (`EPIPE`) ends any command quietly with exit 0: the reader of the
/// output has what it wanted.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        None => workbench(cli.tui),
        Some(Command::Tui(args)) => workbench(args),
        #[cfg(feature = "tui")]
        Some(Command::Present(args)) => present::present(&args),
        #[cfg(feature = "tui")]
        Some(Command::Replay(args)) => present::replay(&args),
        Some(Command::Parse(args)) => parse::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Forms(args)) => forms::run(&args),
        Some(Command::Resolve(args)) => resolve::run(&args),
        Some(Command::Compare(args)) => compare::run(&args),
        Some(Command::Completions(args)) => shell::completions(&args),
        Some(Command::Man) => shell::man(),
        Some(Command::Explain(args)) => explain::run(&args),
        Some(Command::Rule(args)) => rule::run(&args),
        Some(Command::Draft(args)) => draft::run(&args),
        Some(Command::Test(args)) => test::run(&args),
        Some(Command::Grammar(args)) => grammar::run(&args),
        Some(Command::Namespaces(args)) => namespaces::run(&args),
        Some(Command::Schemes(args)) => schemes::run(&args),
        #[cfg(feature = "serve")]
        Some(Command::Serve(args)) => serve::run(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln!: it panics when stderr is closed.
            let _ = writeln!(
                std::io::stderr(),
                "idbench: {}",
                crate::safe_text::escape(&e.to_string())
            );
            ExitCode::from(2)
        }
    }
}
