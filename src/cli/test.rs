//! `idbench test`: runs the cases of files a user brings ([`crate::cases`]) and reports
//! each expectation not met, with the file and line of its case, as text, JSON, TAP or
//! JUnit XML. A web-platform-tests case that the implemented revision of the URL Standard
//! changes is reported as a known disagreement, with the change, not as a failure.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::{ProfileArg, emit, json};
use crate::cases::{self, CaseFile, Failure};
use crate::safe_text::escape;

/// The report format of `idbench test`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum TestFormat {
    /// One line per failure, for people.
    #[default]
    Text,
    /// One compact JSON object.
    Json,
    /// TAP version 13.
    Tap,
    /// JUnit XML.
    Junit,
}

/// `idbench test`.
#[derive(Args, Debug)]
pub struct TestArgs {
    /// Files of cases: `.toml`, web-platform-tests `.json` (urltestdata.json,
    /// toascii.json: run under the URL Standard), or the `examples/ids` line format.
    #[arg(required = true, value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
    /// text, json, tap or junit.
    #[arg(long, short, value_enum, default_value_t = TestFormat::Text)]
    pub format: TestFormat,
    /// The profile of the cases that name none (a case's own `profile` wins).
    #[arg(long, short, value_enum, ignore_case = true)]
    pub profile: Option<ProfileArg>,
    /// Let a cases file's `grammar` name a file outside the cases file's folder (an
    /// absolute path, `..`, a link that leads out). Without it such a grammar is refused:
    /// a cases file from someone else cannot make idbench read your files.
    #[arg(long)]
    pub allow_outside_grammar: bool,
    /// Run the cases that do not set `namespaces` by the URN spec alone: no namespace
    /// layer (a case's own `namespaces` wins, as its `profile` does).
    #[arg(long)]
    pub no_namespace: bool,
    /// Run the cases by the generic spec alone: no URI scheme layer.
    #[arg(long)]
    pub no_scheme_spec: bool,
}

/// One case run.
struct Outcome<'a> {
    file: &'a str,
    /// 1-based, over every file in order.
    index: usize,
    line: usize,
    input: &'a str,
    failures: Vec<Failure>,
    /// Why the case is a known disagreement (its failures are then not counted).
    known: Option<&'static str>,
}

impl Outcome<'_> {
    fn failed(&self) -> bool {
        !self.failures.is_empty() && self.known.is_none()
    }
}

#[derive(Serialize)]
struct FailureJson<'a> {
    file: &'a str,
    index: usize,
    line: usize,
    input: &'a str,
    field: &'a str,
    expected: &'a str,
    got: &'a str,
}

#[derive(Serialize)]
struct KnownJson<'a> {
    file: &'a str,
    index: usize,
    line: usize,
    input: &'a str,
    change: &'a str,
    field: &'a str,
    expected: &'a str,
    got: &'a str,
}

#[derive(Serialize)]
struct ReportJson<'a> {
    cases: usize,
    passed: usize,
    failed: usize,
    known: usize,
    failures: Vec<FailureJson<'a>>,
    known_disagreements: Vec<KnownJson<'a>>,
}

fn text(outcomes: &[Outcome<'_>]) -> String {
    let mut s = String::new();
    for o in outcomes {
        if let Some(k) = o.known {
            let first = o.failures.first();
            let _ = writeln!(
                s,
                "{}:{}: case {} {}: known disagreement: {} ({}: the file expects {}, idbench gives {})",
                escape(o.file),
                o.line,
                o.index,
                escape(o.input),
                escape(k),
                escape(first.map_or("", |f| f.field.as_str())),
                escape(first.map_or("", |f| f.expected.as_str())),
                escape(first.map_or("", |f| f.got.as_str()))
            );
            continue;
        }
        for f in &o.failures {
            let _ = writeln!(
                s,
                "{}:{}: case {} {}: {}: expected {}, got {}",
                escape(o.file),
                o.line,
                o.index,
                escape(o.input),
                escape(&f.field),
                escape(&f.expected),
                escape(&f.got)
            );
        }
    }
    s
}

fn to_json<'a>(outcomes: &'a [Outcome<'a>]) -> ReportJson<'a> {
    let failed = outcomes.iter().filter(|o| o.failed()).count();
    let known = outcomes.iter().filter(|o| o.known.is_some()).count();
    ReportJson {
        cases: outcomes.len(),
        passed: outcomes.len() - failed - known,
        failed,
        known,
        known_disagreements: outcomes
            .iter()
            .filter_map(|o| {
                let k = o.known?;
                let f = o.failures.first()?;
                Some(KnownJson {
                    file: o.file,
                    index: o.index,
                    line: o.line,
                    input: o.input,
                    change: k,
                    field: &f.field,
                    expected: &f.expected,
                    got: &f.got,
                })
            })
            .collect(),
        failures: outcomes
            .iter()
            .filter(|o| o.known.is_none())
            .flat_map(|o| {
                o.failures.iter().map(move |f| FailureJson {
                    file: o.file,
                    index: o.index,
                    line: o.line,
                    input: o.input,
                    field: &f.field,
                    expected: &f.expected,
                    got: &f.got,
                })
            })
            .collect(),
    }
}

/// A TAP description: escaped for the terminal, and `#` (which would start a directive)
/// and `\` escaped as TAP 13 says.
fn tap_description(s: &str) -> String {
    escape(s).replace('\\', "\\\\").replace('#', "\\#")
}

fn tap(outcomes: &[Outcome<'_>]) -> String {
    let mut s = format!("TAP version 13\n1..{}\n", outcomes.len());
    for o in outcomes {
        let desc = tap_description(&format!("{}:{} {}", o.file, o.line, o.input));
        if o.failures.is_empty() {
            let _ = writeln!(s, "ok {} - {desc}", o.index);
            continue;
        }
        if let Some(k) = o.known {
            // TAP 13's TODO: a failure expected for a reason, not counted as failing.
            let _ = writeln!(
                s,
                "not ok {} - {desc} # TODO known disagreement: {}",
                o.index,
                tap_description(k)
            );
            continue;
        }
        let _ = writeln!(s, "not ok {} - {desc}", o.index);
        // The YAML block's values are JSON strings (valid YAML flow scalars) of the escaped
        // text: no control character reaches the output.
        let q = |v: &str| json::to_string(&escape(v));
        s.push_str("  ---\n  failures:\n");
        for f in &o.failures {
            let _ = writeln!(s, "    - field: {}", q(&f.field));
            let _ = writeln!(s, "      expected: {}", q(&f.expected));
            let _ = writeln!(s, "      got: {}", q(&f.got));
        }
        s.push_str("  ...\n");
    }
    s
}

/// Text for XML 1.0 as the other formats show it: first the terminal-safe tokens of
/// [`escape`] (controls C0 and C1, bidi controls, line separators, invisibles become
/// `⟨U+…⟩`, as in the text and TAP reports), then the five special characters as
/// entities. A character XML cannot carry (controls but tab, line feed and carriage
/// return; U+FFFE, U+FFFF) is a token already; the loop makes sure of it.
fn xml(s: &str) -> String {
    let s = escape(s);
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                let _ = write!(out, "⟨U+{:04X}⟩", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

fn junit(outcomes: &[Outcome<'_>]) -> String {
    let failed = outcomes.iter().filter(|o| o.failed()).count();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        s,
        "<testsuites name=\"idbench test\" tests=\"{}\" failures=\"{failed}\">",
        outcomes.len()
    );
    let mut i = 0;
    while i < outcomes.len() {
        let file = outcomes[i].file;
        let suite: Vec<&Outcome<'_>> = outcomes[i..]
            .iter()
            .take_while(|o| std::ptr::eq(o.file, file))
            .collect();
        i += suite.len();
        let f = suite.iter().filter(|o| o.failed()).count();
        let skipped = suite.iter().filter(|o| o.known.is_some()).count();
        let _ = writeln!(
            s,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{f}\" skipped=\"{skipped}\">",
            xml(file),
            suite.len()
        );
        for o in suite {
            let _ = write!(
                s,
                "    <testcase classname=\"{}\" name=\"case {} line {}: {}\"",
                xml(file),
                o.index,
                o.line,
                xml(o.input)
            );
            if o.failures.is_empty() {
                s.push_str("/>\n");
                continue;
            }
            s.push_str(">\n");
            if let Some(k) = o.known {
                let _ = writeln!(
                    s,
                    "      <skipped message=\"known disagreement: {}\"/>",
                    xml(k)
                );
                s.push_str("    </testcase>\n");
                continue;
            }
            // One <failure> per test case (JUnit readers count failures per element): its
            // type the fields, its message every unmet expectation, joined.
            let whats: Vec<String> = o
                .failures
                .iter()
                .map(|f| format!("{}: expected {}, got {}", f.field, f.expected, f.got))
                .collect();
            let fields: Vec<&str> = o.failures.iter().map(|f| f.field.as_str()).collect();
            let _ = writeln!(
                s,
                "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                xml(&fields.join(", ")),
                xml(&whats.join("; ")),
                xml(&whats.join("\n"))
            );
            s.push_str("    </testcase>\n");
        }
        s.push_str("  </testsuite>\n");
    }
    s.push_str("</testsuites>\n");
    s
}

/// Runs `idbench test`: exit 0 when every case passes, 1 when any fails, 2 when a file
/// cannot be read or does not read as cases (every error with its line and column).
pub fn run(args: &TestArgs) -> std::io::Result<u8> {
    let mut files: Vec<(String, CaseFile)> = Vec::new();
    let mut errors = Vec::new();
    for path in &args.files {
        let opts = cases::LoadOptions {
            grammars: cases::GrammarPaths::from_flag(args.allow_outside_grammar),
            allow_empty: false,
        };
        match cases::load_with(path, opts) {
            Ok(f) => files.push((path.display().to_string(), f)),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        let mut err = String::new();
        for e in &errors {
            let _ = writeln!(err, "idbench: {}", escape(&e.to_string()));
        }
        let _ = std::io::stderr().write_all(err.as_bytes());
        return Ok(2);
    }
    let run_opts = cases::RunOptions {
        profile: args.profile.and_then(|p| p.0),
        namespaces: !args.no_namespace,
        schemes: !args.no_scheme_spec,
    };
    let mut outcomes = Vec::new();
    for (name, f) in &files {
        for c in &f.cases {
            let failures = cases::run_with(c, run_opts);
            outcomes.push(Outcome {
                file: name.as_str(),
                index: outcomes.len() + 1,
                line: c.line,
                input: c.input.as_str(),
                known: c.known_disagreement(&failures),
                failures,
            });
        }
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match args.format {
        TestFormat::Text => emit(&mut out, &text(&outcomes))?,
        TestFormat::Json => json::write_line(&mut out, &to_json(&outcomes))?,
        TestFormat::Tap => emit(&mut out, &tap(&outcomes))?,
        TestFormat::Junit => emit(&mut out, &junit(&outcomes))?,
    }
    out.flush()?;
    let failed = outcomes.iter().filter(|o| o.failed()).count();
    let known = outcomes.iter().filter(|o| o.known.is_some()).count();
    let known_words = if known > 0 {
        format!(", {known} known disagreements (listed with why)")
    } else {
        String::new()
    };
    let _ = writeln!(
        std::io::stderr(),
        "{} cases, {} passed{known_words}, {failed} failed",
        outcomes.len(),
        outcomes.len() - failed - known
    );
    Ok(u8::from(failed > 0))
}
