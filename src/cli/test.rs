//! `idbench test`: runs the cases of files a user brings ([`crate::cases`]) and reports
//! each expectation not met, with the file and line of its case, as text, JSON, TAP or
//! JUnit XML. A web-platform-tests case that the implemented revision of the URL Standard
//! changes is reported as a known disagreement, with the change, not as a failure.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::{ProfileArg, emit, json};
use crate::cases::{self, CaseFile, Failure, LoadError};
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
    /// How long running the case took (JUnit's `time`).
    time: Duration,
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

/// A TAP description: escaped for the terminal, with `#` written as the token `⟨U+0023⟩`.
/// TAP 13 reads everything after a `#` on a test line as a directive (`# SKIP`, `# TODO`)
/// and has no escape for it (the `\#` escape is TAP 14's: a TAP 13 reader such as tap.py
/// takes `\# skip` as a SKIP directive, so a failure would pass as skipped). The exact
/// text is in the test's YAML block. A backslash is kept as it is: TAP 13 has no escapes.
fn tap_description(s: &str) -> String {
    escape(s).replace('#', "⟨U+0023⟩")
}

/// A YAML flow scalar for the TAP block: a JSON string (valid YAML) of the escaped text,
/// so no control character reaches the output.
fn tap_yaml(v: &str) -> String {
    json::to_string(&escape(v))
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
        s.push_str("  ---\n");
        let _ = writeln!(s, "  file: {}", tap_yaml(o.file));
        let _ = writeln!(s, "  line: {}", o.line);
        let _ = writeln!(s, "  input: {}", tap_yaml(o.input));
        s.push_str("  failures:\n");
        for f in &o.failures {
            let _ = writeln!(s, "    - field: {}", tap_yaml(&f.field));
            let _ = writeln!(s, "      expected: {}", tap_yaml(&f.expected));
            let _ = writeln!(s, "      got: {}", tap_yaml(&f.got));
        }
        s.push_str("  ...\n");
    }
    s
}

/// The TAP document of cases files that could not be read: one failing test per error,
/// the error in its YAML block, so that a TAP consumer reports it instead of "no tests".
fn tap_errors(errors: &[LoadError]) -> String {
    let mut s = format!("TAP version 13\n1..{}\n", errors.len());
    for (i, e) in errors.iter().enumerate() {
        let _ = writeln!(
            s,
            "not ok {} - {}",
            i + 1,
            tap_description(&format!("cases file {} does not read", where_(e)))
        );
        s.push_str("  ---\n");
        let _ = writeln!(s, "  file: {}", tap_yaml(&e.file));
        if e.line > 0 {
            let _ = writeln!(s, "  line: {}", e.line);
            let _ = writeln!(s, "  column: {}", e.column);
        }
        let _ = writeln!(s, "  message: {}", tap_yaml(&e.to_string()));
        s.push_str("  ...\n");
    }
    s
}

/// `FILE`, or `FILE:LINE:COLUMN` when the error has a place.
fn where_(e: &LoadError) -> String {
    if e.line == 0 {
        e.file.clone()
    } else {
        format!("{}:{}:{}", e.file, e.line, e.column)
    }
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

/// Seconds as JUnit's `time` writes them: the Surefire pattern of Jenkins' junit-10
/// schema allows at most three decimals.
fn seconds(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// `t` as the ISO 8601 date and time JUnit's `timestamp` holds (`2026-12-02T06:08:22`,
/// UTC, no zone suffix, as Surefire writes it). Days to a civil date by Howard Hinnant's
/// `civil_from_days`: a dozen lines for one timestamp, where a date crate would be a
/// dependency of the whole library.
fn timestamp(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
        rem / 3_600,
        rem % 3_600 / 60,
        rem % 60
    )
}

/// JUnit XML as Jenkins' junit-10 schema (tests/data/schemas/junit-10.xsd) reads it: a
/// `testsuite` per file with `tests`, `failures`, `errors`, `skipped`, `time`, `timestamp`
/// and `file`; a `testcase` per case with its `time`. The schema has no `file` or `line`
/// on a testcase: the file is the suite's (and the case's `classname`), the line is in
/// the case's name.
fn junit(outcomes: &[Outcome<'_>], started: SystemTime) -> String {
    let failed = outcomes.iter().filter(|o| o.failed()).count();
    let total: Duration = outcomes.iter().map(|o| o.time).sum();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        s,
        "<testsuites name=\"idbench test\" tests=\"{}\" failures=\"{failed}\" errors=\"0\" time=\"{}\">",
        outcomes.len(),
        seconds(total)
    );
    let stamp = timestamp(started);
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
        let time: Duration = suite.iter().map(|o| o.time).sum();
        let _ = writeln!(
            s,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{f}\" errors=\"0\" skipped=\"{skipped}\" time=\"{}\" timestamp=\"{stamp}\" file=\"{}\">",
            xml(file),
            suite.len(),
            seconds(time),
            xml(file)
        );
        for o in suite {
            let _ = write!(
                s,
                "    <testcase classname=\"{}\" name=\"case {} line {}: {}\" time=\"{}\"",
                xml(file),
                o.index,
                o.line,
                xml(o.input),
                seconds(o.time)
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

/// The JUnit document of cases files that could not be read: a suite per file, a testcase
/// per error holding an `<error>` (JUnit's "the test could not run"), so that a report
/// publisher shows the error instead of failing with "no report".
fn junit_errors(errors: &[LoadError], started: SystemTime) -> String {
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        s,
        "<testsuites name=\"idbench test\" tests=\"{n}\" failures=\"0\" errors=\"{n}\" time=\"0.000\">",
        n = errors.len()
    );
    let stamp = timestamp(started);
    let mut i = 0;
    while i < errors.len() {
        let file = errors[i].file.as_str();
        let suite: Vec<&LoadError> = errors[i..].iter().take_while(|e| e.file == file).collect();
        i += suite.len();
        let _ = writeln!(
            s,
            "  <testsuite name=\"{}\" tests=\"{n}\" failures=\"0\" errors=\"{n}\" skipped=\"0\" time=\"0.000\" timestamp=\"{stamp}\" file=\"{}\">",
            xml(file),
            xml(file),
            n = suite.len()
        );
        for e in suite {
            let message = e.to_string();
            let _ = writeln!(
                s,
                "    <testcase classname=\"{}\" name=\"cases file {}\" time=\"0.000\">\n      <error type=\"cases-file-unreadable\" message=\"{}\">{}</error>\n    </testcase>",
                xml(file),
                xml(&where_(e)),
                xml(&message),
                xml(&message)
            );
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
    let started = SystemTime::now();
    if !errors.is_empty() {
        let mut err = String::new();
        for e in &errors {
            let _ = writeln!(err, "idbench: {}", escape(&e.to_string()));
        }
        let _ = std::io::stderr().write_all(err.as_bytes());
        // A report publisher reads stdout: it still gets a TAP or JUnit document, holding
        // the errors (text and JSON keep stdout empty: the errors are on stderr).
        let doc = match args.format {
            TestFormat::Text | TestFormat::Json => None,
            TestFormat::Tap => Some(tap_errors(&errors)),
            TestFormat::Junit => Some(junit_errors(&errors, started)),
        };
        if let Some(doc) = doc {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            emit(&mut out, &doc)?;
            out.flush()?;
        }
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
            let t0 = Instant::now();
            let failures = cases::run_with(c, run_opts);
            let time = t0.elapsed();
            outcomes.push(Outcome {
                time,
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
        TestFormat::Junit => emit(&mut out, &junit(&outcomes, started))?,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_iso_8601_civil_dates() {
        let at = |s: u64| timestamp(SystemTime::UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01T00:00:00");
        // A leap day, the turn of a century, the end of a year.
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00");
        assert_eq!(at(4_107_542_399), "2100-02-28T23:59:59");
        assert_eq!(at(1_798_761_599), "2026-12-31T23:59:59");
    }

    #[test]
    fn seconds_have_three_decimals() {
        assert_eq!(seconds(Duration::from_micros(1_500)), "0.002");
        assert_eq!(seconds(Duration::from_secs(1234)), "1234.000");
    }
}
