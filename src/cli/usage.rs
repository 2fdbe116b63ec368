//! What happens when the command line does not parse, or asks for `--help` or `--version`.
//!
//! clap's own `exit` prints its error with the bad value as typed, escape sequences and bidi
//! controls included, and exits 0 after `--help` even when the help could not be written.
//! Here an error is rendered without clap's colours (so every escape in it is the user's),
//! each line escaped as every other output of the CLI is ([`crate::safe_text::escape`]),
//! and help or version text that cannot be written is an I/O error, exit 2.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::builder::styling::Styles;
use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};

use super::Cli;
use crate::safe_text::escape;

/// Parses `args` (the program name first); on success returns the command line, otherwise
/// prints help, the version or the error and returns the exit code (0 after help or
/// version written, 2 for a usage error or an output that failed).
pub fn parse(args: Vec<OsString>) -> Result<Cli, ExitCode> {
    let args = hoist_shared_options(args);
    let e = match Cli::command().try_get_matches_from(args.iter()) {
        Ok(m) => match Cli::from_arg_matches(&m) {
            Ok(cli) => return Ok(cli),
            Err(e) => e,
        },
        Err(e) => e,
    };
    if !e.use_stderr() {
        return Err(print_help(&e));
    }
    let text = plain_error(&args).unwrap_or_else(|| e.render().to_string());
    let _ = io::stderr().write_all(escape_lines(&text).as_bytes());
    Err(ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)))
}

/// The top-level options written before a command (`idbench --profile rfc3986 parse
/// http://a/`, `idbench --no-namespace --objective cache compare A B`), moved to just after
/// its name, where the command reads them (one the command does not take is then refused
/// by the command, naming it); any other command line comes back unchanged. An option is
/// known when the top level or any command takes it.
///
/// Written here rather than with clap's `global = true`: the top level takes the
/// workbench's own arguments (`idbench ID --profile P`) and conflicts with subcommands, so
/// clap would read `--profile` as the workbench's and `parse` as its identifier. Which
/// options take a value is asked of the top-level command itself, so a new option needs no
/// line here.
fn hoist_shared_options(args: Vec<OsString>) -> Vec<OsString> {
    let top = Cli::command();
    // The options of the top level and of every command (`--format` is only the commands').
    let known: Vec<&clap::Arg> = top
        .get_arguments()
        .chain(top.get_subcommands().flat_map(|c| c.get_arguments()))
        .collect();
    let takes_value = |a: &clap::Arg| a.get_action().takes_values();
    let mut i = 1;
    while let Some(a) = args.get(i).and_then(|a| a.to_str()) {
        let step = if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, _)) => (n, true),
                None => (long, false),
            };
            match known.iter().find(|x| x.get_long() == Some(name)) {
                Some(x) if takes_value(x) && !inline => 2,
                Some(_) => 1,
                None => break,
            }
        } else if let Some(short) = a.strip_prefix('-').and_then(|s| s.chars().next()) {
            match known.iter().find(|x| x.get_short() == Some(short)) {
                Some(x) if takes_value(x) && a.chars().count() == 2 => 2,
                Some(_) => 1,
                None => break,
            }
        } else {
            break;
        };
        i += step;
    }
    let Some(name) = args.get(i).and_then(|a| a.to_str()) else {
        return args;
    };
    let cmd = Cli::command();
    let is_command = name == "help"
        || cmd
            .get_subcommands()
            .any(|c| c.get_name() == name || c.get_all_aliases().any(|a| a == name));
    if i == 1 || !is_command {
        return args;
    }
    let mut out = Vec::with_capacity(args.len());
    out.extend(args[..1].iter().cloned());
    out.push(args[i].clone());
    out.extend(args[1..i].iter().cloned());
    out.extend(args[i + 1..].iter().cloned());
    out
}

/// The error `args` gives, rendered with plain styles: clap adds no escape of its own, so
/// what the text holds is only the user's, raw (clap's `Display` strips escapes instead,
/// which hides them rather than showing them as tokens, and lets C1 and bidi controls
/// through).
fn plain_error(args: &[OsString]) -> Option<String> {
    let e = Cli::command()
        .styles(Styles::plain())
        .try_get_matches_from(args.iter())
        .err()?;
    Some(e.render().ansi().to_string())
}

/// Each line of `text` escaped for the terminal; the line breaks stay.
fn escape_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&escape(line));
    }
    out
}

/// Prints `--help` or `--version` output (clap's own text, with its colours on a terminal)
/// and flushes it: 0 when written or when the reader closed the pipe (as every command),
/// 2 with a message on stderr when the output failed.
fn print_help(e: &clap::Error) -> ExitCode {
    let written = e.print().and_then(|()| io::stdout().flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            let what = match e.kind() {
                ErrorKind::DisplayVersion => "the version",
                _ => "the help",
            };
            let _ = writeln!(
                io::stderr(),
                "idbench: could not write {what}: {}",
                escape(&err.to_string())
            );
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    #[test]
    fn shared_options_before_a_command_move_after_it() {
        let moved = |a: &[&str]| hoist_shared_options(args(a));
        assert_eq!(
            moved(&["idbench", "--profile", "rfc3986", "-fjson", "parse", "x"]),
            args(&["idbench", "parse", "--profile", "rfc3986", "-fjson", "x"])
        );
        // Not a command after them: the workbench's arguments, unchanged.
        let tui = ["idbench", "--profile", "rfc3986", "http://a/"];
        assert_eq!(moved(&tui), args(&tui));
        // Another option first: unchanged (`--with parse` is a value).
        let with = ["idbench", "--with", "parse", "x"];
        assert_eq!(moved(&with), args(&with));
        // Every top-level option moves, flags and options with values alike.
        assert_eq!(
            moved(&[
                "idbench",
                "--no-namespace",
                "--objective",
                "cache",
                "--a-form=iri",
                "compare",
                "a",
                "b"
            ]),
            args(&[
                "idbench",
                "compare",
                "--no-namespace",
                "--objective",
                "cache",
                "--a-form=iri",
                "a",
                "b"
            ])
        );
        assert_eq!(
            moved(&["idbench", "--base", "http://a/b", "parse", "c"]),
            args(&["idbench", "parse", "--base", "http://a/b", "c"])
        );
        // An option the top level does not know: left for clap to name.
        let unknown = ["idbench", "--nope", "parse", "x"];
        assert_eq!(moved(&unknown), args(&unknown));
    }

    #[test]
    fn a_bad_value_comes_back_with_its_controls_as_tokens() {
        let bad = "x\u{1b}]52;c;aGk=\u{7}\u{9b}\u{202e}\u{2028}\u{1}\u{7f}";
        let text = plain_error(&args(&["idbench", "parse", "--profile", bad, "a"]))
            .map(|t| escape_lines(&t))
            .unwrap_or_default();
        assert!(
            text.contains("x⟨U+001B⟩]52;c;aGk=⟨U+0007⟩⟨U+009B⟩⟨U+202E⟩⟨U+2028⟩"),
            "{text}"
        );
        assert!(!text.contains(['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\u{2028}', '\u{1}']));
    }
}
