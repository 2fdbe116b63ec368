//! `idbench grammar`: any ABNF grammar checked, parsed with, compared with another (or
//! with a built-in profile's grammar text), and generated from, with the ABNF engine
//! ([`crate::engine::abnf`]).
//!
//! A grammar file is read as the config file is: a regular file of at most 1 MiB (a FIFO
//! or a device is refused, naming its path), UTF-8; the engine allows at most 10,000 rules.
//! Everything printed that came from a file or an input is escaped
//! ([`crate::safe_text`]); JSON goes through [`super::json::write_line`].

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Subcommand};
use serde::Serialize;

use super::{Format, input, json};
use crate::engine::Profile;
use crate::engine::abnf::r#gen::{self, GenOptions};
use crate::engine::abnf::{
    self, Budget, Failure, Grammar, MAX_TEXT, Parse, ParseCount, ParseError, ParseOptions,
    ParseTree, Severity,
};
use crate::safe_text::escape;

/// `idbench grammar`.
#[derive(Args, Debug)]
pub struct GrammarArgs {
    /// What to do with the grammar.
    #[command(subcommand)]
    pub command: GrammarCommand,
}

/// The `grammar` subcommands.
#[derive(Subcommand, Debug)]
pub enum GrammarCommand {
    /// Check an ABNF grammar: syntax errors, undefined rules, rules defined twice, `=/`
    /// before `=` (errors); unused and unreachable rules (notes).
    #[command(after_help = CHECK_HELP)]
    Check(GrammarCheckArgs),
    /// Parse inputs with an ABNF grammar from a start rule, counting every parse.
    #[command(after_help = PARSE_HELP)]
    Parse(GrammarParseArgs),
    /// The inputs one grammar accepts and the other does not.
    #[command(after_help = DIFF_HELP)]
    Diff(GrammarDiffArgs),
    /// Generate valid examples of a rule, or near misses.
    #[command(after_help = GEN_HELP)]
    Gen(GrammarGenArgs),
}

/// `idbench grammar check`.
#[derive(Args, Debug)]
pub struct GrammarCheckArgs {
    /// The grammar file (RFC 5234 ABNF with RFC 7405's %s and %i).
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub file: PathBuf,
    /// The rule reachability is measured from (default: the first rule).
    #[arg(long)]
    pub start: Option<String>,
    /// text or json.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `idbench grammar parse`.
#[derive(Args, Debug)]
pub struct GrammarParseArgs {
    /// The grammar file.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub file: PathBuf,
    /// The rule each input is parsed as.
    #[arg(long)]
    pub start: String,
    /// text or json.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The most Earley items and links one input's parse may create (at most the default,
    /// 16,000,000); an input that needs more gets grammar-over-budget.
    #[arg(long, default_value_t = abnf::MAX_WORK as u64, value_parser = clap::value_parser!(u64).range(1..=abnf::MAX_WORK as u64))]
    pub max_work: u64,
    /// The most bytes written to stdout (at most the default, 64 MiB): lower for tests.
    #[arg(long, hide = true, default_value_t = MAX_OUTPUT as u64, value_parser = clap::value_parser!(u64).range(1..=MAX_OUTPUT as u64))]
    pub max_output: u64,
    /// Trees of rules only: leave out the repetitions and literals each derivation used
    /// (shown by default, so that two parses that split the input differently look
    /// different).
    #[arg(long)]
    pub fold: bool,
    /// Inputs; `-` reads one per line from stdin; put `--` before inputs that start with `-`.
    #[arg(required = true)]
    pub inputs: Vec<String>,
}

/// `idbench grammar diff`.
#[derive(Args, Debug)]
pub struct GrammarDiffArgs {
    /// The two sides, in order: grammar files, or `--profile P` for a built-in profile's
    /// grammar text.
    #[command(flatten)]
    pub sides: Sides,
    /// The start rule: of the first side, and of the second unless --start2 names its own
    /// (a built-in profile side without this rule starts from its own: rfc8141 from namestring,
    /// rfc3986 from URI-reference, rfc3987 from IRI-reference, rfc2141bis from URI, xri2
    /// from XRI-reference).
    #[arg(long)]
    pub start: String,
    /// The second side's start rule.
    #[arg(long)]
    pub start2: Option<String>,
    /// A file of inputs to try, one per line (at most 16 MiB).
    #[arg(long, value_hint = clap::ValueHint::FilePath)]
    pub corpus: Option<PathBuf>,
    /// How many valid examples and as many near misses to generate from each side.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub generate: u32,
    /// The most Earley items and links one input's parse may create (at most the default,
    /// 16,000,000); an input that needs more stops the comparison (exit 2).
    #[arg(long, default_value_t = abnf::MAX_WORK as u64, value_parser = clap::value_parser!(u64).range(1..=abnf::MAX_WORK as u64))]
    pub max_work: u64,
    /// text or json.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `idbench grammar gen`.
#[derive(Args, Debug)]
pub struct GrammarGenArgs {
    /// The grammar file.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub file: PathBuf,
    /// The rule to generate.
    #[arg(long)]
    pub start: String,
    /// How many examples at most.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub count: u32,
    /// Near misses (inputs the rule rejects) instead of valid examples.
    #[arg(long)]
    pub invalid: bool,
    /// The most characters in an example.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_len: u32,
    /// text or json.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// One side of `grammar diff`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// A grammar file.
    File(PathBuf),
    /// A built-in profile's grammar text.
    Profile(Profile),
}

/// The two sides of `grammar diff`, in the order the command line gives them (files and
/// `--profile` options mixed), so clap is asked where each value stood.
#[derive(Clone, Debug, Default)]
pub struct Sides(pub Vec<Side>);

const SIDE_FILES: &str = "grammar_files";
const SIDE_PROFILES: &str = "profile";

impl FromArgMatches for Sides {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut at: Vec<(usize, Side)> = Vec::new();
        if let (Some(v), Some(i)) = (m.get_many::<PathBuf>(SIDE_FILES), m.indices_of(SIDE_FILES)) {
            at.extend(i.zip(v.map(|p| Side::File(p.clone()))));
        }
        if let (Some(v), Some(i)) = (
            m.get_many::<Profile>(SIDE_PROFILES),
            m.indices_of(SIDE_PROFILES),
        ) {
            at.extend(i.zip(v.map(|&p| Side::Profile(p))));
        }
        at.sort_by_key(|(i, _)| *i);
        if at.len() != 2 {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::WrongNumberOfValues,
                format!(
                    "grammar diff compares two sides, each a grammar file or --profile P; {} given\n",
                    at.len()
                ),
            ));
        }
        Ok(Sides(at.into_iter().map(|(_, s)| s).collect()))
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Sides::from_arg_matches(m)?;
        Ok(())
    }
}

impl Args for Sides {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            Arg::new(SIDE_FILES)
                .value_name("FILE.abnf")
                .help("A grammar file (one or both sides)")
                .value_parser(clap::value_parser!(PathBuf))
                .value_hint(clap::ValueHint::FilePath)
                .num_args(1..=2)
                .action(ArgAction::Append),
        )
        .arg(
            Arg::new(SIDE_PROFILES)
                .long("profile")
                .short('p')
                .value_name("P")
                .help("A built-in profile's grammar text as a side: rfc3986, rfc3987, rfc2141bis, rfc8141 or xri2")
                .value_parser(|s: &str| s.parse::<Profile>())
                .action(ArgAction::Append),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Sides::augment_args(cmd)
    }
}

const CHECK_HELP: &str = "\
Output (text): one line per problem, FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE; a summary on
stderr.
Output (json): one object on one line:
  {\"rules\": [NAME, ...], \"problems\": [{\"code\", \"severity\", \"line\", \"column\", \"rule\", \"message\"}]}
Syntax errors come first (each in text order: one of them, an unclosed `[`, can make later
rules look undefined), then the other problems in text order.
Unreachable rules are measured from --start (default: the first rule).

Exit codes: 0 no error, 1 the grammar has errors, 2 the file cannot be read (missing, not a
regular file, over 1 MiB, not UTF-8) or a usage error.";

const PARSE_HELP: &str = "\
Output (text): per input, the input, its verdict and number of parses, the first tree (the
grammar's rule names with byte spans), how many other trees are shown, and the diagnostics;
inputs are separated by blank lines.
Output (json): one object per input and line:
  {\"input\", \"valid\", \"parses\", \"parses_capped\", \"tree\", \"other_trees\", \"diagnostics\"}
\"parses\" is the number of derivations (\"infinite\" when a rule derives itself without
reading anything; above 1,000,000 it is 1000000 with \"parses_capped\": true); two derivations
that differ only in how an empty substring is derived count as one (note
grammar-empty-ambiguity). Trees are {\"kind\", \"rule\", \"start\", \"end\", \"text\",
\"attrs\", \"children\"}, at most 4 in all. A tree shows every rule (kind \"rule\"),
repetition or option (\"repetition\", named as the grammar writes it: *\"a\", [ALPHA]; its
iterations are its children) and literal (\"literal\": \"urn:\", %x30-39) the derivation used,
except inside a core rule the grammar does not define, so that distinct parses look
distinct; --fold gives the rules only. An invalid input's error (grammar-no-match) has
the furthest byte reached and what was expected there.
Limits: an input has at most 1 MiB (1,048,576 bytes), and its parse creates at most
--max-work Earley items and links (default and most 16,000,000, about 1 GiB of memory at
most); past either the input gets no verdict (\"valid\": null, \"parses\": null; text: \"no
verdict\") and one error, grammar-input-too-large (the input shown cut to head…tail) or
grammar-over-budget (the grammar is too ambiguous for an input this long). Over the work
budget, where the start rule compiled (an automaton, or for a recursive grammar its regular
subset and the recognizer, as check --grammar judges) gives a verdict, the input keeps it:
invalid with its error, as a parse gives it, or valid with \"parses\": null, no tree and the
warning grammar-tree-over-budget. The output stops before passing 64 MiB: the input whose
output would pass it is not printed, and stderr says so.

Exit codes: 0 every input valid, 1 any invalid, 2 an input with no verdict, the output over
64 MiB, the grammar cannot be read, has errors or has no such start rule, or a usage or I/O
error.";

const DIFF_HELP: &str = "\
Each side is a grammar file or --profile P (an ABNF profile's shipped grammar text: rfc3986,
rfc3987, rfc2141bis, rfc8141, xri2), in the order given. Inputs tried: the --corpus lines,
then examples generated at each side's boundaries (each alternative, repetition counts at
their bounds, value ranges at their ends, one-character mutations). --start names the first
side's start rule, and the second's unless --start2 is given; a profile side without that
rule starts from its own (rfc8141: namestring; rfc3986: URI-reference; rfc3987: IRI-reference;
rfc2141bis: URI; xri2: XRI-reference).
Output (text): the inputs only side A accepts, those only side B accepts, and the counts.
Output (json): one object on one line:
  {\"only_a\": [INPUT, ...], \"only_b\": [INPUT, ...], \"both\": N, \"neither\": N}
A summary on stderr.
Limits: each input has at most 1 MiB, and each parse at most --max-work Earley items and
links (default and most 16,000,000). An input over a limit stops the comparison, naming the
input and the side (exit 2).

Exit codes: 0 the sides agree on every input tried, 1 they differ, 2 a side cannot be read,
has errors or has no such start rule, an input is over a limit, or a usage error.";

const GEN_HELP: &str = "\
Output (text): one example per line (escaped: control and invisible characters as tokens).
Output (json): one object per example and line: {\"input\", \"valid\", \"why\"}, where \"why\"
names the boundary (alternative, repetition count, range end, case) or mutation that made it.
Every example is parsed: valid examples are accepted by the rule, near misses (--invalid)
rejected. Deterministic; a summary on stderr.
Limits: the candidates together take at most 100,000,000 units of work (their characters
and their parses' Earley items and links); when that is spent generation stops with the
examples made so far, and stderr says so. A candidate whose own parse is over its budget
(16,000,000) is left out.

Exit codes: 0 examples printed, 1 none could be made, 2 the grammar cannot be read, has errors
or has no such start rule, or a usage error.";

/// Runs `idbench grammar`.
pub(super) fn run(args: &GrammarArgs) -> io::Result<u8> {
    let result = match &args.command {
        GrammarCommand::Check(a) => check(a),
        GrammarCommand::Parse(a) => parse(a),
        GrammarCommand::Diff(a) => diff(a),
        GrammarCommand::Gen(a) => generate(a),
    };
    match result {
        Ok(code) => Ok(code),
        Err(Fail::Io(e)) => Err(e),
        Err(Fail::Usage(msg)) => {
            let mut err = io::stderr();
            for line in msg.split('\n') {
                let _ = writeln!(err, "{}", escape(line));
            }
            Ok(2)
        }
    }
}

/// Why a command stopped.
enum Fail {
    /// Output failed (a closed pipe ends quietly upstream).
    Io(io::Error),
    /// The grammar or an argument cannot be used: the message, exit 2.
    Usage(String),
}

impl From<io::Error> for Fail {
    fn from(e: io::Error) -> Self {
        Fail::Io(e)
    }
}

/// Reads a grammar file as the config file is read: a regular file of at most 1 MiB.
fn read_grammar_file(path: &Path) -> Result<String, Fail> {
    crate::files::read_regular(path, MAX_TEXT as u64).map_err(|e| {
        Fail::Usage(format!(
            "idbench: grammar file {}: cannot be read ({e})",
            path.display()
        ))
    })
}

/// A grammar text, what to call it in messages, and whether it came from a file.
struct Source {
    text: String,
    name: String,
}

fn side_source(side: &Side) -> Result<Source, Fail> {
    match side {
        Side::File(p) => Ok(Source {
            text: read_grammar_file(p)?,
            name: p.display().to_string(),
        }),
        Side::Profile(p) => profile_source(*p),
    }
}

/// The ABNF idbench reads for `profile`: the grammar reference's productions (each
/// production's reading, else as printed), or our transcription of a grammar its spec
/// prints in another notation.
fn profile_source(profile: Profile) -> Result<Source, Fail> {
    let Some(abnf) = profile.descriptor().abnf else {
        return Err(Fail::Usage(format!(
            "idbench: {} has no ABNF grammar: give one as a file instead",
            profile.name()
        )));
    };
    let text = match abnf.text {
        Some(t) => t.to_string(),
        None => crate::engine::rules::grammar(profile)
            .productions()
            .iter()
            .map(|p| format!("{}\n", p.text()))
            .collect(),
    };
    Ok(Source {
        text,
        name: format!("--profile {}", profile.name()),
    })
}

/// The rule a built-in profile's grammar starts from.
fn profile_start(profile: Profile) -> Option<&'static str> {
    profile.descriptor().abnf.map(|a| a.start)
}

/// A side's start rule: `asked`, unless the side is a built-in profile without such a
/// rule: then the rule the profile's grammar starts from.
fn side_start<'a>(asked: &'a str, side: &Side) -> &'a str {
    if let Side::Profile(p) = side
        && crate::engine::rules::grammar(*p).get(asked).is_none()
        && let Some(s) = profile_start(*p)
    {
        return s;
    }
    asked
}

/// Reads and compiles the grammar file `path` and checks that `start` is one of its
/// rules, for `check --grammar`: the message (lines, as `grammar parse` words it) when it
/// cannot be used.
pub(super) fn load_for_check(path: &Path, start: &str) -> Result<Grammar, String> {
    let src = Source {
        text: read_grammar_file(path).map_err(fail_message)?,
        name: path.display().to_string(),
    };
    compile(&src, start).map_err(fail_message)
}

fn fail_message(f: Fail) -> String {
    match f {
        Fail::Io(e) => format!("idbench: {e}"),
        Fail::Usage(m) => m,
    }
}

/// Compiles `src` and checks that `start` is one of its rules.
fn compile(src: &Source, start: &str) -> Result<Grammar, Fail> {
    let g = Grammar::from_text(&src.text).map_err(|problems| {
        let mut msg = format!(
            "idbench: {}: the grammar has {} error{}; `idbench grammar check` lists them all",
            src.name,
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        );
        for p in problems.iter().take(10) {
            let _ = write!(
                msg,
                "\n{}:{}:{}: error[{}]: {}",
                src.name, p.line, p.column, p.code, p.message
            );
        }
        Fail::Usage(msg)
    })?;
    if !g.has_rule(start) {
        let mut names: Vec<(usize, &String)> = g
            .rules()
            .iter()
            .map(|r| (crate::engine::rules::name_distance(start, r), r))
            .collect();
        names.sort();
        let near: Vec<&str> = names.iter().take(3).map(|(_, r)| r.as_str()).collect();
        return Err(Fail::Usage(format!(
            "idbench: {}: the grammar has no rule named `{start}`{}",
            src.name,
            if near.is_empty() {
                String::new()
            } else {
                format!(": did you mean {}?", near.join(", "))
            }
        )));
    }
    Ok(g)
}

// ---------------------------------------------------------------------------------------
// check

#[derive(Serialize)]
struct CheckJson<'a> {
    rules: &'a [String],
    problems: Vec<ProblemJson<'a>>,
}

#[derive(Serialize)]
struct ProblemJson<'a> {
    code: &'a str,
    severity: &'a str,
    line: usize,
    column: usize,
    rule: Option<&'a str>,
    message: &'a str,
}

fn check(a: &GrammarCheckArgs) -> Result<u8, Fail> {
    let text = read_grammar_file(&a.file)?;
    let report = abnf::check(&text, a.start.as_deref());
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match a.format {
        Format::Json => json::write_line(
            &mut out,
            &CheckJson {
                rules: &report.rules,
                problems: report
                    .problems
                    .iter()
                    .map(|p| ProblemJson {
                        code: p.code,
                        severity: p.severity.name(),
                        line: p.line,
                        column: p.column,
                        rule: p.rule.as_deref(),
                        message: &p.message,
                    })
                    .collect(),
            },
        )?,
        Format::Text => {
            let name = a.file.display().to_string();
            for p in &report.problems {
                let line = format!(
                    "{name}:{}:{}: {}[{}]: {}",
                    p.line,
                    p.column,
                    p.severity.name(),
                    p.code,
                    p.message
                );
                out.write_all(escape(&line).as_bytes())?;
                out.write_all(b"\n")?;
            }
        }
    }
    out.flush()?;
    let count = |s: Severity| report.problems.iter().filter(|p| p.severity == s).count();
    let _ = writeln!(
        io::stderr(),
        "{} rules; {} errors, {} warnings, {} notes",
        report.rules.len(),
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Note)
    );
    Ok(u8::from(report.has_errors()))
}

// ---------------------------------------------------------------------------------------
// parse

/// At most this many trees per input (the first and three others).
const MAX_TREES: usize = 4;

/// Diagnostic codes of `grammar parse` (stable, kebab-case).
const NO_MATCH: &str = "grammar-no-match";
const UNCHECKED_PROSE: &str = "grammar-unchecked-prose";
const EMPTY_AMBIGUITY: &str = "grammar-empty-ambiguity";
const INFINITE: &str = "grammar-infinite-parses";

/// A diagnostic of `grammar parse`, in the shape `parse` gives its diagnostics.
#[derive(Serialize)]
struct DiagJson {
    severity: &'static str,
    code: &'static str,
    message: String,
    start: usize,
    end: usize,
    spec: String,
    expected: Vec<String>,
    expected_at: Option<usize>,
    reached: Option<usize>,
    count: usize,
}

fn diagnostics(p: &Parse, input: &str, start: &str) -> Vec<DiagJson> {
    let spec = format!("ABNF rule {start}");
    let diag = |severity: Severity, code, message, s, e| DiagJson {
        severity: severity.name(),
        code,
        message,
        start: s,
        end: e,
        spec: spec.clone(),
        expected: Vec::new(),
        expected_at: None,
        reached: None,
        count: 1,
    };
    let mut out = Vec::new();
    if let Some(Failure {
        offset,
        expected,
        expected_known,
    }) = &p.failure
    {
        let at = (*offset).min(input.len());
        let next = input.get(at..).and_then(|s| s.chars().next());
        let end = at + next.map_or(0, char::len_utf8);
        let wanted = if !expected_known {
            format!("what it expects there {}", abnf::EXPECTED_UNKNOWN)
        } else if expected.is_empty() {
            "it expects nothing more there".to_string()
        } else {
            format!("it expects {} there", expected.join(", "))
        };
        let message = match next {
            None => format!(
                "the input ends at byte {at} where rule `{start}` needs more: {wanted}; complete the input, or change the grammar"
            ),
            Some(c) => format!(
                "byte {at} ({}) does not continue rule `{start}`: {wanted}; change the input there, or the grammar",
                escape(&format!("{c:?}"))
            ),
        };
        let mut d = diag(Severity::Error, NO_MATCH, message, at, end);
        d.expected.clone_from(expected);
        d.expected_at = Some(at);
        out.push(d);
    }
    if !p.unchecked_prose.is_empty() {
        out.push(diag(
            Severity::Warning,
            UNCHECKED_PROSE,
            format!(
                "the parse needed prose values no parser can check ({}); the verdict may be theirs: write them in ABNF",
                p.unchecked_prose.join("; ")
            ),
            0,
            input.len(),
        ));
    }
    if p.count == ParseCount::Infinite {
        out.push(diag(
            Severity::Warning,
            INFINITE,
            "the grammar derives this input in infinitely many ways: a rule derives itself without reading anything (`idbench grammar check` names it); remove that loop".into(),
            0,
            input.len(),
        ));
    }
    if p.empty_ambiguity {
        out.push(diag(
            Severity::Note,
            EMPTY_AMBIGUITY,
            "an empty part of the input is derived more than one way (an option or repetition that matches nothing, or a rule that derives the empty string); those derivations count as one parse".into(),
            0,
            input.len(),
        ));
    }
    out
}

/// A node's text for the JSON tree, cut as `parse` cuts an inner node's long text.
fn node_text(text: &str, leaf: bool) -> std::borrow::Cow<'_, str> {
    if leaf || text.len() <= json::NODE_TEXT_MAX {
        return text.into();
    }
    cut(text)
}

/// `text`'s first 128 and last 64 bytes (at character boundaries) around `…`.
fn cut(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= 192 {
        return text.into();
    }
    let mut head = 128;
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = text.len() - 64;
    while !text.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{}…{}", &text[..head], &text[tail..]).into()
}

/// The most bytes `grammar parse` writes to standard output (64 MiB): the output of the
/// input that would pass it is not written, and the command stops there (exit 2).
pub(crate) const MAX_OUTPUT: usize = 64 << 20;

/// One input's output, built in a string that refuses to grow past `cap` bytes (a
/// `fmt::Error` then): a tree as deep as a 1 MiB input is long prints hundreds of
/// megabytes, and is stopped here rather than built whole.
pub(crate) struct Bounded {
    s: String,
    cap: usize,
}

impl Bounded {
    fn new(cap: usize) -> Bounded {
        Bounded {
            s: String::new(),
            cap,
        }
    }
}

impl std::fmt::Write for Bounded {
    fn write_str(&mut self, t: &str) -> std::fmt::Result {
        if self.s.len() + t.len() > self.cap {
            return Err(std::fmt::Error);
        }
        self.s.push_str(t);
        Ok(())
    }
}

/// Writes `t` as nested `{"kind", "rule", "start", "end", "text", "attrs", "children"}`,
/// with an explicit stack: a grammar's tree can be as deep as its input is long.
fn write_tree_json<W: std::fmt::Write>(
    out: &mut W,
    t: &ParseTree,
    input: &str,
) -> std::fmt::Result {
    enum Step {
        Open(usize),
        Comma,
        Close,
    }
    if t.nodes.is_empty() {
        return out.write_str("null");
    }
    let mut stack = vec![Step::Open(0)];
    while let Some(s) = stack.pop() {
        match s {
            Step::Comma => out.write_str(",")?,
            Step::Close => out.write_str("]}")?,
            Step::Open(i) => {
                let Some(n) = t.nodes.get(i) else { continue };
                let text = input.get(n.start..n.end).unwrap_or("");
                write!(
                    out,
                    "{{\"kind\":\"{}\",\"rule\":{},\"start\":{},\"end\":{},\"text\":{},\"attrs\":{{}},\"children\":[",
                    n.kind.as_str(),
                    json::to_string(&n.rule),
                    n.start,
                    n.end,
                    json::to_string(&node_text(text, n.children.is_empty()))
                )?;
                stack.push(Step::Close);
                for (k, &c) in n.children.iter().enumerate().rev() {
                    stack.push(Step::Open(c));
                    if k > 0 {
                        stack.push(Step::Comma);
                    }
                }
            }
        }
    }
    Ok(())
}

fn parses_json(count: ParseCount) -> (String, bool) {
    match count {
        ParseCount::Exact(n) => (n.to_string(), false),
        ParseCount::AtLeast(n) => (n.to_string(), true),
        ParseCount::Infinite => ("\"infinite\"".into(), false),
    }
}

fn parse_json(out: &mut Bounded, input: &str, p: &Parse, start: &str) -> std::fmt::Result {
    parse_json_with(out, input, p, start, p.trees.len(), |out, k| {
        match p.trees.get(k) {
            Some(t) => write_tree_json(out, t, input),
            None => out.write_str("null"),
        }
    })
}

/// [`parse_json`] with its trees given by `tree` (tree `k` of `n` written into the output),
/// built ([`write_tree_json`]) or walked from the forest ([`write_tree_streamed`]).
fn parse_json_with<W: std::fmt::Write>(
    out: &mut W,
    input: &str,
    p: &Parse,
    start: &str,
    n: usize,
    mut tree: impl FnMut(&mut W, usize) -> std::fmt::Result,
) -> std::fmt::Result {
    let (parses, capped) = parses_json(p.count);
    write!(
        out,
        "{{\"input\":{},\"valid\":{},\"parses\":{parses},\"parses_capped\":{capped},\"tree\":",
        json::to_string(&input),
        p.valid
    )?;
    if n > 0 {
        tree(out, 0)?;
    } else {
        out.write_str("null")?;
    }
    out.write_str(",\"other_trees\":[")?;
    for k in 1..n {
        if k > 1 {
            out.write_str(",")?;
        }
        tree(out, k)?;
    }
    writeln!(
        out,
        "],\"diagnostics\":{}}}",
        json::to_string(&diagnostics(p, input, start))
    )
}

/// Writes the nodes the forest gives as [`write_tree_json`] writes a built tree, byte for
/// byte: a node's text is written once its first child comes (an inner node's, cut when
/// long) or it closes (a leaf's, whole), so it holds one span, not the tree.
struct JsonTreeSink<'a, W> {
    out: &'a mut W,
    input: &'a str,
    /// Where the walk is in the tree.
    nest: Nesting,
    /// The span of the node opened last, whose text is not written yet.
    pending: Option<(usize, usize)>,
    /// Each label's opening, escaped once.
    heads: Heads,
}

/// Where a walk is in the one tree [`JsonTreeSink`] writes: the nodes open, whether the
/// root was met, and how deep inside a top-level node after the root (not part of the
/// tree, so not written). [`Recording`] keeps the same, to know the nodes written.
#[derive(Default)]
struct Nesting {
    depth: usize,
    rooted: bool,
    skip: usize,
}

impl Nesting {
    /// A node opens: whether it is part of the tree.
    fn open(&mut self) -> bool {
        if self.skip > 0 || (self.depth == 0 && self.rooted) {
            self.skip += 1;
            return false;
        }
        self.depth += 1;
        self.rooted = true;
        true
    }

    /// The last node open closes: whether it was part of the tree.
    fn close(&mut self) -> bool {
        if self.skip > 0 {
            self.skip -= 1;
            return false;
        }
        self.depth = self.depth.saturating_sub(1);
        true
    }
}

/// How many labels [`Heads`] keeps (direct-mapped).
const HEAD_SLOTS: usize = 64;

/// A node's JSON up to its start offset (`{"kind":"rule","rule":"pchar","start":`), made
/// once per label and kind and kept: a 150,000-node tree has a few dozen labels, and
/// escaping the label again at every node, piece by piece, was most of what writing the
/// tree cost (twice: counted, then written).
#[derive(Default)]
struct Heads {
    /// Slot by the label's address and length (the walk gives each label from the same
    /// place; the text is compared all the same): its kind, label and opening.
    slots: Vec<Option<(abnf::TreeNodeKind, String, String)>>,
}

impl Heads {
    /// The opening of a node of `kind` labelled `rule`.
    fn get(&mut self, kind: abnf::TreeNodeKind, rule: &str) -> &str {
        if self.slots.is_empty() {
            self.slots.resize_with(HEAD_SLOTS, || None);
        }
        let i = ((rule.as_ptr() as usize >> 3) ^ rule.len()) % HEAD_SLOTS;
        let slot = &mut self.slots[i];
        let hit = slot
            .as_ref()
            .is_some_and(|(k, r, _)| *k == kind && r == rule);
        if !hit {
            let (k, r, head) = slot.get_or_insert_with(Default::default);
            *k = kind;
            r.clear();
            r.push_str(rule);
            head_into(head, kind, rule);
        }
        slot.as_ref().map_or("", |(_, _, h)| h.as_str())
    }
}

/// Puts the opening of a node of `kind` labelled `rule` in `head` (see [`Heads`]).
fn head_into(head: &mut String, kind: abnf::TreeNodeKind, rule: &str) {
    head.clear();
    head.push_str("{\"kind\":\"");
    head.push_str(kind.as_str());
    head.push_str("\",\"rule\":");
    // Writing to a `String` cannot fail.
    let _ = write_json_str(head, rule);
    head.push_str(",\"start\":");
}

/// Writes `s` as a JSON string, as [`json::to_string`] writes it: text with nothing to
/// escape (the common case: a rule name, a URN's bytes) is copied as it is, without the
/// serializer and its string (a 64 KiB input's tree has some 150,000 nodes, each with a
/// label and a text).
fn write_json_str<W: std::fmt::Write + ?Sized>(out: &mut W, s: &str) -> std::fmt::Result {
    let bytes = s.as_bytes();
    if !json::plain_ascii(bytes) {
        return out.write_str(&json::to_string(&s));
    }
    // Printable ASCII: only `"` and `\` are escaped (a quoted string's label, `"urn"`).
    out.write_char('"')?;
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'"' || b == b'\\' {
            out.write_str(&s[run..i])?;
            out.write_str(if b == b'"' { "\\\"" } else { "\\\\" })?;
            run = i + 1;
        }
    }
    out.write_str(&s[run..])?;
    out.write_char('"')
}

/// Where a tree's JSON goes: written ([`Direct`], [`Bounded`]) or only measured
/// ([`Counter`], which counts the bytes of a number or a string without making them).
trait JsonOut: std::fmt::Write {
    /// Writes `v` in decimal, as `{v}` does.
    fn decimal(&mut self, v: usize) -> std::fmt::Result {
        write_decimal(self, v)
    }
    /// Writes `s` as a JSON string, as [`json::to_string`] does.
    fn json_str(&mut self, s: &str) -> std::fmt::Result {
        write_json_str(self, s)
    }
    /// Writes a node's opening `head` (see [`Heads`]), then its `start`, `"end"` and the
    /// key of its text.
    fn node_open(&mut self, head: &str, start: usize, end: usize) -> std::fmt::Result {
        self.write_str(head)?;
        self.decimal(start)?;
        self.write_str(NODE_END)?;
        self.decimal(end)?;
        self.write_str(NODE_TEXT)
    }
    /// Writes a node's text (`s`, with nothing to escape: [`json::plain_json_ascii`]) as
    /// a JSON string, then the rest of the node up to its children.
    fn plain_text(&mut self, s: &str) -> std::fmt::Result {
        self.write_char('"')?;
        self.write_str(s)?;
        self.write_char('"')?;
        self.write_str(NODE_REST)
    }
}

/// The pieces of a node's JSON between its start offset and its text's value, and after it.
const NODE_END: &str = ",\"end\":";
const NODE_TEXT: &str = ",\"text\":";
const NODE_REST: &str = ",\"attrs\":{},\"children\":[";

impl JsonOut for Bounded {}
impl JsonOut for Direct<'_> {
    fn node_open(&mut self, head: &str, start: usize, end: usize) -> std::fmt::Result {
        // The pieces copied straight into the gathered bytes, room made once: a piece at
        // a time through `bytes`, or gathered in a buffer of its own first, was most of
        // writing a tree.
        let (mut s, mut e) = (itoa::Buffer::new(), itoa::Buffer::new());
        let (s, e) = (s.format(start).as_bytes(), e.format(end).as_bytes());
        self.pieces(&[
            head.as_bytes(),
            s,
            NODE_END.as_bytes(),
            e,
            NODE_TEXT.as_bytes(),
        ])
    }
    fn plain_text(&mut self, s: &str) -> std::fmt::Result {
        self.pieces(&[b"\"", s.as_bytes(), b"\"", NODE_REST.as_bytes()])
    }
    fn decimal(&mut self, v: usize) -> std::fmt::Result {
        // The digits go straight into the gathered bytes: ASCII, with no UTF-8 check of a
        // `&str` made of them.
        self.bytes(itoa::Buffer::new().format(v).as_bytes())
    }
}

impl Counter {
    fn add(&mut self, n: usize) -> std::fmt::Result {
        self.n = self.n.saturating_add(n);
        if self.n > self.cap {
            return Err(std::fmt::Error);
        }
        Ok(())
    }
}

impl JsonOut for Counter {
    fn node_open(&mut self, head: &str, start: usize, end: usize) -> std::fmt::Result {
        self.add(
            head.len() + decimal_len(start) + NODE_END.len() + decimal_len(end) + NODE_TEXT.len(),
        )
    }
    fn plain_text(&mut self, s: &str) -> std::fmt::Result {
        self.add(s.len() + 2 + NODE_REST.len())
    }
    fn decimal(&mut self, v: usize) -> std::fmt::Result {
        self.add(decimal_len(v))
    }
    fn json_str(&mut self, s: &str) -> std::fmt::Result {
        let bytes = s.as_bytes();
        if json::plain_ascii(bytes) {
            // As `write_json_str` writes it: quotes, and a backslash before each `"`
            // and `\`.
            let escaped = bytes.iter().filter(|&&b| b == b'"' || b == b'\\').count();
            self.add(bytes.len() + escaped + 2)
        } else {
            self.add(json::to_string(&s).len())
        }
    }
}

/// How many digits `v` has in decimal.
fn decimal_len(v: usize) -> usize {
    v.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// Writes `v` in decimal, as `{v}` does.
fn write_decimal<W: std::fmt::Write + ?Sized>(out: &mut W, v: usize) -> std::fmt::Result {
    out.write_str(itoa::Buffer::new().format(v))
}

impl<W: JsonOut> JsonTreeSink<'_, W> {
    /// Before a node opens: `false` when it is not part of the tree (nothing to write);
    /// else what comes before its opening is written (its parent's text or a comma).
    fn enter(&mut self) -> Result<bool, std::fmt::Error> {
        let in_parent = self.nest.depth > 0;
        if !self.nest.open() {
            return Ok(false);
        }
        match self.pending.take() {
            Some(span) => self.text(span, false)?,
            None if in_parent => self.out.write_str(",")?,
            None => {}
        }
        Ok(true)
    }

    /// [`abnf::TreeSink::open`] with the node's opening made already (see [`Heads`]).
    fn open_with_head(&mut self, head: &str, start: usize, end: usize) -> std::fmt::Result {
        if !self.enter()? {
            return Ok(());
        }
        self.out.node_open(head, start, end)?;
        self.pending = Some((start, end));
        Ok(())
    }

    fn text(&mut self, (start, end): (usize, usize), leaf: bool) -> std::fmt::Result {
        let text = self.input.get(start..end).unwrap_or("");
        if text.len() <= json::NODE_TEXT_MAX && json::plain_json_ascii(text.as_bytes()) {
            // The common case (a leaf's character or two): nothing to cut or escape.
            return self.out.plain_text(text);
        }
        self.out.json_str(&node_text(text, leaf))?;
        self.out.write_str(NODE_REST)
    }
}

impl<W: JsonOut> abnf::TreeSink for JsonTreeSink<'_, W> {
    type Error = std::fmt::Error;
    fn open(
        &mut self,
        kind: abnf::TreeNodeKind,
        rule: &str,
        start: usize,
        end: usize,
    ) -> std::fmt::Result {
        if !self.enter()? {
            return Ok(());
        }
        // Piece by piece rather than by `write!`: the formatting machinery was a large
        // part of writing a 150,000-node tree (twice: counted, then written).
        self.out.node_open(self.heads.get(kind, rule), start, end)?;
        self.pending = Some((start, end));
        Ok(())
    }
    fn close(&mut self) -> std::fmt::Result {
        if !self.nest.close() {
            return Ok(());
        }
        if let Some(span) = self.pending.take() {
            self.text(span, true)?;
        }
        self.out.write_str("]}")
    }
}

/// Tree `k` of `trees` as [`write_tree_json`] writes it, walked from the forest.
fn write_tree_streamed<W: JsonOut>(
    out: &mut W,
    trees: &abnf::Trees<'_>,
    k: usize,
    input: &str,
) -> std::fmt::Result {
    write_tree_with(out, input, |sink| trees.walk(k, sink))
}

/// A tree as [`write_tree_json`] writes it, its nodes given to the sink by `nodes`.
fn write_tree_with<W: JsonOut>(
    out: &mut W,
    input: &str,
    nodes: impl FnOnce(&mut JsonTreeSink<'_, W>) -> std::fmt::Result,
) -> std::fmt::Result {
    let mut sink = JsonTreeSink {
        out,
        input,
        nest: Nesting::default(),
        pending: None,
        heads: Heads::default(),
    };
    nodes(&mut sink)?;
    if !sink.nest.rooted {
        sink.out.write_str("null")?;
    }
    Ok(())
}

/// The nodes of one tree in the order the forest's walk gave them (opened, closed),
/// kept from the pass that counts a record against the output cap to the pass that
/// writes it, so that the forest is walked once: 12 bytes a node where its JSON is
/// some 90, and the record is still never held. Offsets are `u32`: an input longer
/// than that is walked twice instead ([`parse_one_judged`]).
struct Recorded {
    nodes: Vec<RecordedNode>,
    /// The labels met (a kind and a rule), each once, with its node's opening
    /// ([`head_into`]) made then; `RecordedNode::label` indexes them.
    labels: Vec<Label>,
    /// Per rule, its label of each kind ([`kind_index`]; [`CLOSED`] where none yet).
    ids: HashMap<String, [u32; 3]>,
    /// Labels met lately, by the address of the text the walk gave (a label of the
    /// grammar's comes from the same place each time; the text is compared all the same,
    /// as an address can be reused), to spare most nodes the hashed lookup.
    recent: [u32; 32],
}

/// A label of [`Recorded`].
struct Label {
    kind: abnf::TreeNodeKind,
    rule: String,
    /// The opening of its nodes' JSON.
    head: String,
}

/// The place of `kind` in [`Recorded::ids`]' entries.
fn kind_index(kind: abnf::TreeNodeKind) -> usize {
    match kind {
        abnf::TreeNodeKind::Rule => 0,
        abnf::TreeNodeKind::Repetition => 1,
        abnf::TreeNodeKind::Literal => 2,
    }
}

/// A node opened ([`RecordedNode::label`] an index into [`Recorded::labels`]) or the
/// last open one closed ([`CLOSED`]).
#[derive(Clone, Copy)]
struct RecordedNode {
    label: u32,
    start: u32,
    end: u32,
}

/// [`RecordedNode::label`] of a close.
const CLOSED: u32 = u32::MAX;

impl Recorded {
    fn new() -> Recorded {
        Recorded {
            nodes: Vec::new(),
            labels: Vec::new(),
            ids: HashMap::new(),
            recent: [CLOSED; 32],
        }
    }

    /// The index of the label of `kind` and `rule`, taken in if new.
    fn label(&mut self, kind: abnf::TreeNodeKind, rule: &str) -> u32 {
        let slot = ((rule.as_ptr() as usize >> 3) ^ rule.len()) % self.recent.len();
        let id = self.recent[slot];
        if self
            .labels
            .get(id as usize)
            .is_some_and(|l| l.kind == kind && l.rule == rule)
        {
            return id;
        }
        let k = kind_index(kind);
        let id = match self.ids.get(rule).map(|ids| ids[k]) {
            Some(id) if id != CLOSED => id,
            _ => {
                let id = self.labels.len() as u32;
                let mut head = String::new();
                head_into(&mut head, kind, rule);
                self.labels.push(Label {
                    kind,
                    rule: rule.to_string(),
                    head,
                });
                self.ids.entry(rule.to_string()).or_insert([CLOSED; 3])[k] = id;
                id
            }
        };
        self.recent[slot] = id;
        id
    }

    /// Gives the nodes kept to `sink`, as the walk gave them, each with its label's
    /// opening (made once a label: no lookup of the label's text a node).
    fn replay<W: JsonOut>(&self, sink: &mut JsonTreeSink<'_, W>) -> std::fmt::Result {
        for n in &self.nodes {
            if n.label == CLOSED {
                abnf::TreeSink::close(sink)?;
                continue;
            }
            // (Every node's label is one [`Recorded::label`] took in.)
            let head = self.labels.get(n.label as usize).ok_or(std::fmt::Error)?;
            sink.open_with_head(&head.head, n.start as usize, n.end as usize)?;
        }
        Ok(())
    }

    /// At least the bytes [`Recorded::replay`] writes through a [`JsonTreeSink`], from the
    /// nodes and `growth` ([`escape_growth`] of the input): per node its opening, its two
    /// offsets, its keys and rest, two quotes, its close and a comma, and its text with
    /// the most its escapes can add (a leaf's text is whole; an inner node's past
    /// [`json::NODE_TEXT_MAX`] bytes is cut shorter, counted at six bytes a byte), plus
    /// `null` for a tree with no root. Nodes past the root's close, which are not
    /// written, count too. Within a few bytes a node of the exact count on ASCII text.
    fn bound(&self, growth: &[u32]) -> usize {
        let fixed = NODE_END.len() + NODE_TEXT.len() + NODE_REST.len() + 2 + 2 + 1;
        let mut total = "null".len();
        for (i, n) in self.nodes.iter().enumerate() {
            if n.label == CLOSED {
                continue;
            }
            let head = self
                .labels
                .get(n.label as usize)
                .map_or(0, |l| l.head.len());
            let len = n.end.saturating_sub(n.start) as usize;
            let leaf = self.nodes.get(i + 1).is_none_or(|m| m.label == CLOSED);
            let text = if leaf || len <= json::NODE_TEXT_MAX {
                let at = |k: u32| growth.get(k as usize).copied();
                match (at(n.start), at(n.end)) {
                    (Some(a), Some(b)) => len + b.saturating_sub(a) as usize,
                    _ => len.saturating_mul(6),
                }
            } else {
                json::NODE_TEXT_MAX * 6
            };
            total = total
                .saturating_add(head + fixed)
                .saturating_add(decimal_len(n.start as usize) + decimal_len(n.end as usize))
                .saturating_add(text);
        }
        total
    }
}

/// For each byte offset of `input`, the most the JSON escapes of the text before it can
/// add to its length ([`json::escape_growth_bound`] summed): the growth of a span's text
/// is the difference of its ends' entries.
fn escape_growth(input: &str) -> Vec<u32> {
    let mut out = Vec::with_capacity(input.len() + 1);
    let mut sum = 0u32;
    out.push(0);
    for &b in input.as_bytes() {
        sum = sum.saturating_add(json::escape_growth_bound(b));
        out.push(sum);
    }
    out
}

/// The fewest bytes the JSON of a node that is written takes (the shortest kind, an
/// empty label and text, one-digit offsets, its close): a walk that keeps more nodes than
/// its room holds of these is over the cap whatever they are.
const MIN_NODE_JSON: usize = "{\"kind\":\"rule\",\"rule\":\"\",\"start\":0".len()
    + NODE_END.len()
    + 1
    + NODE_TEXT.len()
    + 2
    + NODE_REST.len()
    + 2;

/// A sink that keeps each node in a [`Recorded`], counted afterwards against the cap
/// from the nodes kept; a tree whose nodes could not fit in `room` bytes whatever they
/// are stops the walk there, so that what is kept stays within a fraction of the cap.
struct Recording<'s> {
    kept: &'s mut Recorded,
    /// The bytes the tree may take.
    room: usize,
    /// The nodes kept that the tree's JSON writes, and where the walk is, as
    /// [`JsonTreeSink`] keeps it (it leaves out a node after the root's close).
    written: usize,
    nest: Nesting,
}

impl abnf::TreeSink for Recording<'_> {
    type Error = std::fmt::Error;
    fn open(
        &mut self,
        kind: abnf::TreeNodeKind,
        rule: &str,
        start: usize,
        end: usize,
    ) -> std::fmt::Result {
        if self.nest.open() {
            self.written += 1;
            if self.written.saturating_mul(MIN_NODE_JSON) > self.room {
                return Err(std::fmt::Error);
            }
        }
        // Offsets into an input of `u32` length (the only one recorded): they fit.
        let (start, end) = (
            u32::try_from(start).unwrap_or(u32::MAX),
            u32::try_from(end).unwrap_or(u32::MAX),
        );
        let label = self.kept.label(kind, rule);
        self.kept.nodes.push(RecordedNode { label, start, end });
        Ok(())
    }
    fn close(&mut self) -> std::fmt::Result {
        self.nest.close();
        self.kept.nodes.push(RecordedNode {
            label: CLOSED,
            start: 0,
            end: 0,
        });
        Ok(())
    }
}

/// The record of one parse counted against `room` bytes in one walk of each tree, then
/// written to `out` from the nodes kept: the bytes [`parse_json_streamed`] writes, and
/// nothing written (`Err`) when they would pass `room`, as a counting pass before it
/// found. Inputs of `u32` offsets only (see [`Recorded`]).
fn parse_json_recorded(
    out: &mut Direct<'_>,
    room: usize,
    input: &str,
    p: &Parse,
    trees: &abnf::Trees<'_>,
    start: &str,
) -> std::fmt::Result {
    // Each tree walked once into the nodes kept, its JSON bounded from above from them
    // with no text read or escaped: a record that fits so fits exactly, and is written
    // with no counting pass (the 64 KiB URN's record through RFC 8141's ABNF, some
    // 160,000 nodes: 561 M instructions from 578 M). A record the bound does not show to
    // fit (the 256 KiB URN's, 59 MB under the 64 MiB cap) is counted exactly from the
    // nodes kept. A tree is kept within what is left of the cap after the least bytes the
    // trees before it take ([`MIN_NODE_JSON`] a node), so what is kept stays within a
    // fraction of the cap; a tree past that is past the cap whatever its text.
    let mut kept: Vec<Recorded> = Vec::new();
    let growth = escape_growth(input);
    let mut least = 0usize;
    let mut upper = Counter {
        n: 0,
        cap: usize::MAX,
    };
    parse_json_with(&mut upper, input, p, start, trees.len(), |c, k| {
        let mut r = Recorded::new();
        let mut recording = Recording {
            kept: &mut r,
            room: room.saturating_sub(least),
            written: 0,
            nest: Nesting::default(),
        };
        let walked = trees.walk(k, &mut recording);
        least = least.saturating_add(recording.written.saturating_mul(MIN_NODE_JSON));
        let bound = r.bound(&growth);
        kept.push(r);
        walked.and_then(|()| c.add(bound))
    })?;
    if upper.n > room {
        // Counted exactly from the nodes kept, as they will be written.
        let mut counter = Counter { n: 0, cap: room };
        parse_json_with(&mut counter, input, p, start, kept.len(), |c, k| {
            write_kept(c, input, &kept, k)
        })?;
    }
    parse_json_with(out, input, p, start, kept.len(), |out, k| {
        write_kept(out, input, &kept, k)
    })
}

/// Tree `k` of the trees kept, from its nodes ([`Recorded::replay`]).
fn write_kept<W: JsonOut>(
    out: &mut W,
    input: &str,
    kept: &[Recorded],
    k: usize,
) -> std::fmt::Result {
    match kept.get(k) {
        Some(r) => write_tree_with(out, input, |sink| r.replay(sink)),
        None => out.write_str("null"),
    }
}

/// [`parse_json`] with the trees walked from the forest.
fn parse_json_streamed<W: JsonOut>(
    out: &mut W,
    input: &str,
    p: &Parse,
    trees: &abnf::Trees<'_>,
    start: &str,
) -> std::fmt::Result {
    parse_json_with(out, input, p, start, trees.len(), |out, k| {
        write_tree_streamed(out, trees, k, input)
    })
}

/// Counts what would be written, refusing past `cap` bytes: the first pass of a streamed
/// record, which must not be written at all when it does not fit.
struct Counter {
    n: usize,
    cap: usize,
}

impl std::fmt::Write for Counter {
    fn write_str(&mut self, t: &str) -> std::fmt::Result {
        self.add(t.len())
    }
}

/// Where `grammar parse` writes a streamed JSON record: straight to its output (once a
/// counting pass showed it fits), never held whole. `written`: the bytes written;
/// `error`: the write that failed. The record's small pieces gather in `buf` (at most
/// [`DIRECT_CHUNK`] bytes) and go to `w` together: a call through `dyn io::Write` for
/// each of the millions of pieces of a large tree was a tenth of its time.
struct Direct<'a> {
    w: &'a mut dyn io::Write,
    written: usize,
    error: Option<io::Error>,
    buf: Vec<u8>,
}

/// The most bytes [`Direct`] gathers before it writes them.
const DIRECT_CHUNK: usize = 1 << 16;

impl Direct<'_> {
    /// Gathers `b` (a whole piece of UTF-8 text), written once [`DIRECT_CHUNK`] bytes are.
    fn bytes(&mut self, b: &[u8]) -> std::fmt::Result {
        self.pieces(&[b])
    }

    /// [`Direct::bytes`] of each piece in turn, with room made for all of them at once.
    // Inlined: `bytes`, a piece at a time, then costs no more than its own copy did.
    #[inline(always)]
    fn pieces(&mut self, pieces: &[&[u8]]) -> std::fmt::Result {
        if self.error.is_some() {
            return Err(std::fmt::Error);
        }
        let n: usize = pieces.iter().map(|p| p.len()).sum();
        self.buf.reserve(n);
        for p in pieces {
            self.buf.extend_from_slice(p);
        }
        self.written += n;
        if self.buf.len() >= DIRECT_CHUNK {
            return self.flush();
        }
        Ok(())
    }

    /// Writes what is gathered (call it when the record is done).
    fn flush(&mut self) -> std::fmt::Result {
        if self.buf.is_empty() {
            return Ok(());
        }
        let r = self.w.write_all(&self.buf);
        self.buf.clear();
        r.map_err(|e| {
            self.error = Some(e);
            std::fmt::Error
        })
    }
}

impl std::fmt::Write for Direct<'_> {
    fn write_str(&mut self, t: &str) -> std::fmt::Result {
        self.bytes(t.as_bytes())
    }
    fn write_char(&mut self, c: char) -> std::fmt::Result {
        self.bytes(c.encode_utf8(&mut [0; 4]).as_bytes())
    }
}

/// Tree lines are indented by depth up to this many levels; deeper ones say their depth.
const MAX_INDENT: usize = 32;

/// The text shown for `s` in a tree line: escaped, long texts cut to head…tail.
fn shown(s: &str) -> String {
    // Counting characters is bounded: more than 240 bytes is more than 60 characters (a
    // tree's every node counting its whole text would be quadratic).
    let long = s.len() > 240 || (s.len() > 60 && s.chars().count() > 60);
    let cut = if long {
        let head: String = s.chars().take(40).collect();
        let tail: String = s
            .chars()
            .rev()
            .take(16)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        format!("{head}…{tail} ({} bytes)", s.len())
    } else {
        s.to_string()
    };
    escape(&cut).into_owned()
}

fn tree_text(out: &mut Bounded, t: &ParseTree, input: &str) -> std::fmt::Result {
    let mut stack = vec![(0usize, 0usize)];
    while let Some((i, depth)) = stack.pop() {
        let Some(n) = t.nodes.get(i) else { continue };
        let text = input.get(n.start..n.end).unwrap_or("");
        let indent = "  ".repeat(depth.min(MAX_INDENT) + 1);
        let deep = if depth > MAX_INDENT {
            format!("[depth {depth}] ")
        } else {
            String::new()
        };
        writeln!(
            out,
            "{indent}{deep}{} {}..{} \"{}\"",
            escape(&n.rule),
            n.start,
            n.end,
            shown(text)
        )?;
        for &c in n.children.iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    Ok(())
}

fn parse_text(out: &mut Bounded, input: &str, p: &Parse, start: &str) -> std::fmt::Result {
    writeln!(out, "{}", shown(input))?;
    let count = match p.count {
        ParseCount::Exact(1) => "1 parse".to_string(),
        ParseCount::Exact(n) => format!("{n} parses"),
        ParseCount::AtLeast(n) => format!("at least {n} parses"),
        ParseCount::Infinite => "infinitely many parses".to_string(),
    };
    if p.valid {
        writeln!(out, "valid as {}: {count}", escape(start))?;
    } else {
        writeln!(out, "invalid as {}", escape(start))?;
    }
    if let Some(t) = p.trees.first() {
        tree_text(out, t, input)?;
    }
    if p.trees.len() > 1 {
        writeln!(
            out,
            "{} other tree{} in the JSON output (--format json)",
            p.trees.len() - 1,
            if p.trees.len() == 2 { "" } else { "s" }
        )?;
    }
    for d in diagnostics(p, input, start) {
        writeln!(
            out,
            "{}[{}]: {}\n  --> {}..{} ({})",
            d.severity,
            d.code,
            escape(&d.message),
            d.start,
            d.end,
            escape(&d.spec)
        )?;
        if !d.expected.is_empty() {
            writeln!(out, "  expected: {}", escape(&d.expected.join(", ")))?;
        }
    }
    Ok(())
}

/// An input the parse gave no verdict on (over a limit of its budget): its output, with
/// the error as its one diagnostic; a too-large input is shown cut to head…tail.
fn limit_output(
    out: &mut Bounded,
    input: &str,
    e: &ParseError,
    start: &str,
    format: Format,
) -> std::fmt::Result {
    let shown_input = match e {
        ParseError::InputTooLarge { .. } => cut(input),
        _ => input.into(),
    };
    let d = whole_input(Severity::Error, e.code(), e.to_string(), input, start, e);
    treeless(out, format, &shown_input, start, false, &d)
}

/// A diagnostic over the whole input about the limit `e`.
fn whole_input(
    severity: Severity,
    code: &'static str,
    message: String,
    input: &str,
    start: &str,
    e: &ParseError,
) -> DiagJson {
    DiagJson {
        severity: severity.name(),
        code,
        message,
        start: 0,
        end: input.len(),
        spec: format!("ABNF rule {start}"),
        expected: Vec::new(),
        expected_at: None,
        reached: match e {
            ParseError::OverBudget { at, .. } => Some(*at),
            _ => None,
        },
        count: 1,
    }
}

/// The record of an input with no tree and no count and one diagnostic `d`: no verdict,
/// or (`valid`) valid by the compiled grammar past the parse's budget.
fn treeless(
    out: &mut Bounded,
    format: Format,
    shown_input: &str,
    start: &str,
    valid: bool,
    d: &DiagJson,
) -> std::fmt::Result {
    match format {
        Format::Json => writeln!(
            out,
            "{{\"input\":{},\"valid\":{},\"parses\":null,\"parses_capped\":false,\"tree\":null,\"other_trees\":[],\"diagnostics\":{}}}",
            json::to_string(&shown_input),
            if valid { "true" } else { "null" },
            json::to_string(&[d])
        ),
        Format::Text => writeln!(
            out,
            "{}\n{}\n{}[{}]: {}\n  --> {}..{} ({})",
            shown(shown_input),
            if valid {
                format!(
                    "valid as {}: no count and no tree (over the parse's budget)",
                    escape(start)
                )
            } else {
                format!("no verdict as {}", escape(start))
            },
            d.severity,
            d.code,
            escape(&d.message),
            d.start,
            d.end,
            escape(&d.spec)
        ),
    }
}

/// The record of an input the compiled grammar rejects, with its `failure`: what a parse
/// that fails gives (no tree, no parse), without the parse.
fn rejected(
    out: &mut Bounded,
    format: Format,
    input: &str,
    start: &str,
    failure: Option<Failure>,
) -> std::fmt::Result {
    let p = Parse {
        valid: false,
        count: ParseCount::Exact(0),
        empty_ambiguity: false,
        trees: Vec::new(),
        failure,
        unchecked_prose: Vec::new(),
        items: 0,
        links: 0,
        forest_work: 0,
    };
    match format {
        Format::Json => parse_json(out, input, &p, start),
        Format::Text => parse_text(out, input, &p, start),
    }
}

/// How `grammar parse` judged one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Verdict {
    /// The input matches the start rule.
    Valid,
    /// It does not.
    Invalid,
    /// No verdict: over a limit of the parse's budget (exit 2).
    OverLimit,
}

/// Parses `input` with `g` from `start` within `budget` and writes what `grammar parse`
/// prints for it into `out` (`Err`: it does not fit in `out`'s cap). The one path of
/// `grammar parse` from an input to its output, for the command and the fuzz target.
/// The trees show every rule, repetition and literal each derivation used, or with `fold`
/// the rules only.
pub(crate) fn parse_one(
    out: &mut Bounded,
    g: &Grammar,
    start: &str,
    input: &str,
    format: Format,
    budget: Budget,
    fold: bool,
) -> Result<Verdict, std::fmt::Error> {
    parse_one_judged(out, None, g, None, start, input, format, budget, fold)
}

/// [`parse_one`] with the start rule's [`Judge`] (compiled once for all the inputs): an
/// input its automaton rejects gets its verdict and error from the automaton (the same
/// offset and expected set the Earley engine gives, see `tests/abnf_compiled.rs`) without
/// an Earley parse; a valid one is parsed for its count and trees. In JSON the trees are
/// walked from the forest as they are written, never built; with `direct`, that record
/// goes straight there (counted first against `out`'s room: one that does not fit is not
/// written), not into `out`.
#[allow(clippy::too_many_arguments)] // each is one of `grammar parse`'s options or its cache
fn parse_one_judged(
    out: &mut Bounded,
    direct: Option<&mut Direct<'_>>,
    g: &Grammar,
    judge: Option<(&abnf::Judge, &mut Option<abnf::Scratch>)>,
    start: &str,
    input: &str,
    format: Format,
    budget: Budget,
    fold: bool,
) -> Result<Verdict, std::fmt::Error> {
    let mut judge = judge;
    if let Some((j, scratch)) = judge.as_mut()
        && j.automaton().is_some()
        && input.len() <= budget.input
        && let Ok(v) = j.verdict(g, scratch, input)
        && !v.valid
        && let Some(f) = v.failure
        && (f.offset <= abnf::EXPECTED_PREFIX
            || j.automaton().is_some_and(abnf::Automaton::gives_expected))
    {
        rejected(out, format, input, start, Some(f))?;
        return Ok(Verdict::Invalid);
    }
    let opts = ParseOptions {
        max_trees: MAX_TREES,
        ..ParseOptions::default()
    };
    let judged = |p: &Parse| {
        if p.valid {
            Verdict::Valid
        } else {
            Verdict::Invalid
        }
    };
    if format == Format::Json {
        let room = out.cap.saturating_sub(out.s.len());
        let streamed = g.parse_streamed(start, input, &opts, budget, !fold, |p, trees| {
            match direct {
                // The forest walked once: each tree's nodes kept as they are counted.
                Some(d) if u32::try_from(input.len()).is_ok() => {
                    parse_json_recorded(d, room, input, p, trees, start)?;
                }
                Some(d) => {
                    parse_json_streamed(&mut Counter { n: 0, cap: room }, input, p, trees, start)?;
                    parse_json_streamed(d, input, p, trees, start)?;
                }
                None => parse_json_streamed(out, input, p, trees, start)?,
            }
            Ok(judged(p))
        });
        return match streamed {
            Ok(written) => written,
            Err(e) => over_limit(out, judge, g, (start, input), &e, budget, format),
        };
    }
    let parsed = if fold {
        g.parse_within(start, input, &opts, budget)
    } else {
        g.parse_detailed(start, input, &opts, budget)
    };
    match parsed {
        Ok(p) => {
            match format {
                Format::Json => parse_json(out, input, &p, start)?,
                Format::Text => parse_text(out, input, &p, start)?,
            }
            Ok(judged(&p))
        }
        Err(e) => over_limit(out, judge, g, (start, input), &e, budget, format),
    }
}

/// The verdict of the compiled start rule (`Judge::quick_verdict`, else the regular
/// bounds of a recursive one, `Judge::verdict_by_bounds`) on `input`: with
/// `judge`, or one compiled now (a caller without one, such as the server's, compiles it
/// only for an input whose parse ran out of its work). `None` where it gives none.
fn compiled_verdict(
    judge: Option<(&abnf::Judge, &mut Option<abnf::Scratch>)>,
    g: &Grammar,
    start: &str,
    input: &str,
    budget: Budget,
) -> Option<abnf::Verdict> {
    let per_byte = abnf::RECOGNIZER_PER_BYTE;
    let made;
    let (j, scratch) = match judge {
        Some(js) => js,
        None => {
            made = g.judge(start).ok()?;
            (&made, &mut None)
        }
    };
    match j.quick_verdict(g, scratch, input, budget, per_byte) {
        Some(v) => v.ok(),
        // The recognizer gave up too: the regular bounds may still settle it.
        None => j.verdict_by_bounds(g, input),
    }
}

/// The output of an input whose parse is over a limit: over the work budget, where the
/// compiled start rule gives a verdict (`Judge::quick_verdict`: the automaton, or for a
/// recursive grammar its regular subset and the recognizer within its own work), that
/// verdict, which is the parse's: an invalid input with its error as a finished parse
/// gives it, a valid one with no count and no tree and the warning
/// `grammar-tree-over-budget`. Otherwise (or over the input cap) no verdict.
fn over_limit(
    out: &mut Bounded,
    judge: Option<(&abnf::Judge, &mut Option<abnf::Scratch>)>,
    g: &Grammar,
    (start, input): (&str, &str),
    e: &ParseError,
    budget: Budget,
    format: Format,
) -> Result<Verdict, std::fmt::Error> {
    let verdict = match e {
        ParseError::OverBudget { .. } => compiled_verdict(judge, g, start, input, budget),
        _ => None,
    };
    let Some(v) = verdict else {
        limit_output(out, input, e, start, format)?;
        return Ok(Verdict::OverLimit);
    };
    if !v.valid {
        rejected(out, format, input, start, v.failure)?;
        return Ok(Verdict::Invalid);
    }
    let message = format!(
        "no count and no tree for this input ({e}); the verdict is the compiled grammar's: \
         shorten the input to see its trees"
    );
    let code = crate::engine::Code::GrammarTreeOverBudget.as_str();
    let d = whole_input(Severity::Warning, code, message, input, start, e);
    treeless(out, format, input, start, true, &d)?;
    Ok(Verdict::Valid)
}

/// What [`render_parse`] makes of one input.
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct Rendered {
    /// What `grammar parse` prints for it (empty when over the cap).
    pub output: String,
    /// The verdict: `Some(true)` valid, `Some(false)` invalid, `None` over a limit of
    /// the budget.
    pub valid: Option<bool>,
    /// The output would pass `cap` bytes.
    pub over_cap: bool,
}

/// `grammar parse`'s output for one input (`json`: `--format json`) with the grammar
/// `text` from rule `start`, within `budget` and `cap` bytes of output; `None` when the
/// grammar does not compile or has no such rule. For the fuzz target and tests only; not
/// part of the supported interface.
#[doc(hidden)]
pub fn render_parse(
    text: &str,
    start: &str,
    input: &str,
    json: bool,
    budget: Budget,
    cap: usize,
) -> Option<Rendered> {
    let g = Grammar::from_text(text).ok()?;
    if !g.has_rule(start) {
        return None;
    }
    let mut out = Bounded::new(cap);
    let format = if json { Format::Json } else { Format::Text };
    Some(
        match parse_one(&mut out, &g, start, input, format, budget, false) {
            Ok(v) => Rendered {
                output: out.s,
                valid: match v {
                    Verdict::Valid => Some(true),
                    Verdict::Invalid => Some(false),
                    Verdict::OverLimit => None,
                },
                over_cap: false,
            },
            Err(_) => Rendered {
                output: String::new(),
                valid: None,
                over_cap: true,
            },
        },
    )
}

/// `grammar parse --format json`'s output for one input (`fold`: `--fold`) with the
/// grammar `text` from `start`, its trees walked from the forest as the command writes
/// them, or with `built`, built first and written from the [`ParseTree`]s (the writer
/// before the streamed one), to compare the two. `None` when the grammar does not
/// compile, has no such rule, or the input is over a limit of the default budget. For
/// tests only; not part of the supported interface.
#[doc(hidden)]
pub fn render_parse_json(
    text: &str,
    start: &str,
    input: &str,
    fold: bool,
    built: bool,
) -> Option<String> {
    let g = Grammar::from_text(text).ok()?;
    if !g.has_rule(start) {
        return None;
    }
    let mut out = Bounded::new(usize::MAX);
    if built {
        let opts = ParseOptions {
            max_trees: MAX_TREES,
            ..ParseOptions::default()
        };
        let p = if fold {
            g.parse_within(start, input, &opts, Budget::default())
        } else {
            g.parse_detailed(start, input, &opts, Budget::default())
        }
        .ok()?;
        parse_json(&mut out, input, &p, start).ok()?;
    } else {
        let v = parse_one(
            &mut out,
            &g,
            start,
            input,
            Format::Json,
            Budget::default(),
            fold,
        )
        .ok()?;
        if v == Verdict::OverLimit {
            return None;
        }
    }
    Some(out.s)
}

/// `grammar parse --format json`'s output for `inputs` with the grammar `text` (named
/// `name` in messages) from `start`, for `idbench serve`'s `/api/grammar/parse`: compiled
/// and parsed as the command does (the default budget), the outputs joined as it prints
/// them. `Err`: the message the command prints for a grammar it cannot use. `Ok(None)`:
/// the output would pass `cap` bytes.
#[cfg_attr(not(feature = "serve"), allow(dead_code))] // `idbench serve`'s
pub(crate) fn parse_json_text(
    text: String,
    name: &str,
    start: &str,
    inputs: &[String],
    cap: usize,
) -> Result<Option<String>, String> {
    let src = Source {
        text,
        name: name.to_string(),
    };
    let g = compile(&src, start).map_err(|f| match f {
        Fail::Usage(m) => m,
        Fail::Io(e) => e.to_string(),
    })?;
    let mut out = Bounded::new(cap);
    for input in inputs {
        if parse_one(
            &mut out,
            &g,
            start,
            input,
            Format::Json,
            Budget::default(),
            false,
        )
        .is_err()
        {
            return Ok(None);
        }
    }
    Ok(Some(out.s))
}

fn parse(a: &GrammarParseArgs) -> Result<u8, Fail> {
    let src = Source {
        text: read_grammar_file(&a.file)?,
        name: a.file.display().to_string(),
    };
    let g = compile(&src, &a.start)?;
    let budget = Budget {
        work: usize::try_from(a.max_work).unwrap_or(abnf::MAX_WORK),
        ..Budget::default()
    };
    // The start rule compiled once: the automaton judges what it rejects.
    let judge = g.judge(&a.start).ok();
    let mut scratch = None;
    // A tree is one line of JSON, up to the output cap: not std's line-buffered stdout.
    let mut out = io::BufWriter::with_capacity(1 << 16, super::raw_stdout());
    let mut worst = Verdict::Valid;
    let mut first = true;
    let cap = usize::try_from(a.max_output).unwrap_or(MAX_OUTPUT);
    let mut left = cap;
    let mut printed = 0usize;
    let mut over_cap = false;
    let result = input::for_each_id(&a.inputs, |id| {
        let mut buf = Bounded::new(left);
        let mut direct = Direct {
            w: &mut out,
            written: 0,
            error: None,
            buf: Vec::new(),
        };
        let sep = if a.format == Format::Text && !first {
            "\n"
        } else {
            ""
        };
        let written = buf.write_str(sep).and_then(|()| match id {
            input::Id::Text(text) => parse_one_judged(
                &mut buf,
                Some(&mut direct),
                &g,
                judge.as_ref().map(|j| (j, &mut scratch)),
                &a.start,
                &text,
                a.format,
                budget,
                a.fold,
            ),
            input::Id::Bytes(bytes) => not_utf8_output(&mut buf, &bytes, a.format),
        });
        // The record's last gathered bytes, before anything else is written.
        let _ = direct.flush();
        if let Some(e) = direct.error.take() {
            return Err(e);
        }
        let streamed = direct.written;
        let Ok(verdict) = written else {
            over_cap = true;
            return Err(io::Error::other("the output cap"));
        };
        first = false;
        worst = worst.max(verdict);
        out.write_all(buf.s.as_bytes())?;
        left = left.saturating_sub(buf.s.len() + streamed);
        printed += 1;
        Ok(())
    });
    out.flush()?;
    if over_cap {
        let _ = writeln!(
            io::stderr(),
            "idbench: grammar parse: output stopped after {printed} input{}: the next one's output would pass the cap on what grammar parse prints ({}); parse fewer or shorter inputs (the text format is shorter than JSON)",
            if printed == 1 { "" } else { "s" },
            if cap == MAX_OUTPUT {
                format!("{} MiB", MAX_OUTPUT >> 20)
            } else {
                format!("{cap} bytes")
            }
        );
        return Ok(2);
    }
    result?;
    Ok(match worst {
        Verdict::Valid => 0,
        Verdict::Invalid => 1,
        Verdict::OverLimit => 2,
    })
}

/// What `grammar parse` prints for a line that is not UTF-8.
fn not_utf8_output(
    out: &mut Bounded,
    bytes: &[u8],
    format: Format,
) -> Result<Verdict, std::fmt::Error> {
    let diags = input::not_utf8_diagnostics(bytes);
    match format {
        Format::Json => writeln!(
            out,
            "{{\"input\":{},\"valid\":false,\"parses\":0,\"parses_capped\":false,\"tree\":null,\"other_trees\":[],\"diagnostics\":{}}}",
            json::to_string(&String::from_utf8_lossy(bytes)),
            json::to_string(&json::DiagnosticsJson(&diags))
        )?,
        Format::Text => {
            writeln!(
                out,
                "{}\ninvalid (the line is not UTF-8: not parsed)",
                input::shown_bytes(bytes)
            )?;
            for d in &diags {
                writeln!(
                    out,
                    "{}[{}]: {}\n  --> {} ({})",
                    d.severity, d.code, d.message, d.span, d.spec
                )?;
            }
        }
    }
    Ok(Verdict::Invalid)
}

// ---------------------------------------------------------------------------------------
// diff

/// A corpus file has at most this many bytes.
const MAX_CORPUS: u64 = 16 << 20;

#[derive(Serialize)]
struct DiffJson<'a> {
    only_a: &'a [String],
    only_b: &'a [String],
    both: usize,
    neither: usize,
}

/// Whether `g` accepts `input` from `start`, within `budget`.
fn accepts(g: &Grammar, start: &str, input: &str, budget: Budget) -> Result<bool, ParseError> {
    let opts = ParseOptions {
        count_cap: 1,
        max_trees: 1,
    };
    Ok(g.parse_within(start, input, &opts, budget)?.valid)
}

fn diff(a: &GrammarDiffArgs) -> Result<u8, Fail> {
    let [side_a, side_b] = a.sides.0.as_slice() else {
        return Err(Fail::Usage(
            "idbench: grammar diff compares two sides".into(),
        ));
    };
    let src_a = side_source(side_a)?;
    let src_b = side_source(side_b)?;
    let start_a = side_start(&a.start, side_a);
    let start_b = side_start(a.start2.as_deref().unwrap_or(&a.start), side_b);
    let ga = compile(&src_a, start_a)?;
    let gb = compile(&src_b, start_b)?;
    let mut inputs: Vec<String> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut add = |s: String, inputs: &mut Vec<String>| {
        if seen.insert(s.clone()) {
            inputs.push(s);
        }
    };
    if let Some(path) = &a.corpus {
        let text = crate::files::read_regular(path, MAX_CORPUS).map_err(|e| {
            Fail::Usage(format!(
                "idbench: corpus {}: cannot be read ({e})",
                path.display()
            ))
        })?;
        for line in text.lines() {
            add(
                line.strip_suffix('\r').unwrap_or(line).to_string(),
                &mut inputs,
            );
        }
    }
    let generated_from = inputs.len();
    let opts = GenOptions {
        count: a.generate as usize,
        ..GenOptions::default()
    };
    if opts.count > 0 {
        for (src, start) in [(&src_a, start_a), (&src_b, start_b)] {
            let g = r#gen::generate(&src.text, start, &opts)
                .map_err(|e| Fail::Usage(format!("idbench: {}: {e}", src.name)))?;
            for e in g.valid.into_iter().chain(g.invalid) {
                add(e.input, &mut inputs);
            }
        }
    }
    let (mut only_a, mut only_b) = (Vec::new(), Vec::new());
    let (mut both, mut neither) = (0, 0);
    let budget = Budget {
        work: usize::try_from(a.max_work).unwrap_or(abnf::MAX_WORK),
        ..Budget::default()
    };
    let corpus_lines = generated_from;
    for (k, s) in inputs.iter().enumerate() {
        let where_ = || {
            if k < corpus_lines {
                format!("corpus input {} ({})", k + 1, escape(&cut(s)))
            } else {
                format!("generated input {}", escape(&cut(s)))
            }
        };
        let judge = |g: &Grammar, start: &str, src: &Source| {
            accepts(g, start, s, budget).map_err(|e| {
                Fail::Usage(format!(
                    "idbench: grammar diff: {} under {}: {e}",
                    where_(),
                    escape(&src.name)
                ))
            })
        };
        let va = judge(&ga, start_a, &src_a)?;
        let vb = judge(&gb, start_b, &src_b)?;
        match (va, vb) {
            (true, true) => both += 1,
            (false, false) => neither += 1,
            (true, false) => only_a.push(s.clone()),
            (false, true) => only_b.push(s.clone()),
        }
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match a.format {
        Format::Json => json::write_line(
            &mut out,
            &DiffJson {
                only_a: &only_a,
                only_b: &only_b,
                both,
                neither,
            },
        )?,
        Format::Text => {
            let mut s = String::new();
            for (list, src) in [(&only_a, &src_a), (&only_b, &src_b)] {
                let _ = writeln!(s, "only {} accepts ({}):", escape(&src.name), list.len());
                for i in list {
                    let _ = writeln!(s, "  {}", escape(i));
                }
            }
            let _ = writeln!(s, "both accept: {both}\nneither accepts: {neither}");
            out.write_all(s.as_bytes())?;
        }
    }
    out.flush()?;
    let _ = writeln!(
        io::stderr(),
        "{} inputs tried: {} only in A ({}, rule {}), {} only in B ({}, rule {}), {both} in both, {neither} in neither",
        inputs.len(),
        only_a.len(),
        escape(&src_a.name),
        escape(start_a),
        only_b.len(),
        escape(&src_b.name),
        escape(start_b),
    );
    Ok(u8::from(!only_a.is_empty() || !only_b.is_empty()))
}

// ---------------------------------------------------------------------------------------
// gen

#[derive(Serialize)]
struct ExampleJson<'a> {
    input: &'a str,
    valid: bool,
    why: &'a str,
}

fn generate(a: &GrammarGenArgs) -> Result<u8, Fail> {
    let src = Source {
        text: read_grammar_file(&a.file)?,
        name: a.file.display().to_string(),
    };
    compile(&src, &a.start)?;
    let opts = GenOptions {
        count: a.count as usize,
        max_len: a.max_len as usize,
        ..GenOptions::default()
    };
    let g = r#gen::generate(&src.text, &a.start, &opts)
        .map_err(|e| Fail::Usage(format!("idbench: {}: {e}", src.name)))?;
    let list = if a.invalid { &g.invalid } else { &g.valid };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for e in list {
        match a.format {
            Format::Json => json::write_line(
                &mut out,
                &ExampleJson {
                    input: &e.input,
                    valid: e.valid,
                    why: &e.why,
                },
            )?,
            Format::Text => {
                out.write_all(escape(&e.input).as_bytes())?;
                out.write_all(b"\n")?;
            }
        }
    }
    out.flush()?;
    let mut err = io::stderr();
    let _ = writeln!(
        err,
        "{} {} of `{}` ({} candidates parsed)",
        list.len(),
        if a.invalid {
            "near misses"
        } else {
            "valid examples"
        },
        escape(&a.start),
        g.tried
    );
    if g.undecided > 0 {
        let _ = writeln!(
            err,
            "{} candidate{} left out: over the parse budget ({} Earley items and links) or longer than a parse takes, so neither valid nor a near miss",
            g.undecided,
            if g.undecided == 1 { "" } else { "s" },
            abnf::MAX_WORK
        );
    }
    if g.exhausted {
        let _ = writeln!(
            err,
            "stopped: generation spent its budget ({} units of work: the candidates' characters and their parses' Earley items and links) before making {} of each kind; ask for fewer (--count) or shorter (--max-len) examples",
            r#gen::MAX_TOTAL_WORK,
            a.count
        );
    }
    Ok(u8::from(list.is_empty()))
}
