//! A `check` run's context, shared by the loop (`check.rs`) and the line writers
//! (`check_lines.rs`): the options a line is judged and written under, the grammar of
//! `--grammar`, and the GitHub/SARIF annotation writer.

use std::sync::Mutex;

use super::Format;
use super::check_format::{self, Annotations, Finding};
use crate::engine::Profile;
use crate::engine::abnf::{Grammar, Judge, Scratch};

/// The longest line held whole (16 MiB). Lines up to this length get the usual verdict
/// (past [`crate::engine::FULL_PARSE_LIMIT`], the quick recognizer's); a longer line is
/// `invalid` with code `line-too-long` and is never held.
pub(crate) const LINE_LIMIT: usize = 16 * 1024 * 1024;

/// `check --grammar`: the user's grammar as the judge (profile shown as `lab`).
pub(super) struct Lab {
    pub(super) grammar: Grammar,
    pub(super) judge: Judge,
    /// The automaton's caches, one per worker at a time (handed back after each chunk,
    /// so that states built for one chunk serve the next).
    pub(super) scratch: Mutex<Vec<Option<Scratch>>>,
}

/// What every chunk needs to be judged and printed.
pub(super) struct Ctx {
    pub(super) profile: Option<Profile>,
    /// `--grammar`: the grammar judges instead of the profile.
    pub(super) lab: Option<Lab>,
    /// `--namespaces`: each URN is also judged by its namespace (its findings as extra
    /// fields of its record, never a change of its verdict).
    pub(super) namespaces: bool,
    /// `--agree`: the profiles each line is read under ([`super::check_agree`]).
    pub(super) agree: Option<Vec<Profile>>,
    /// `--schemes`: each URI is also judged by its scheme's spec (its findings as extra
    /// fields of its record, never a change of its verdict).
    pub(super) schemes: bool,
    pub(super) format: Format,
    pub(super) quiet: bool,
    /// The source names (escaped for the terminal), when files were given.
    pub(super) names: Option<Vec<String>>,
    /// The same, as given (for JSON).
    pub(super) raw_names: Vec<String>,
    /// The same, as JSON strings (quoted and escaped), for the direct JSON path.
    pub(super) json_names: Vec<String>,
    /// `--format github` or `sarif` (then `format` is `Text` and unused).
    pub(super) annotations: Option<Annotations>,
    /// `--fail-on warning`: the namespace layer runs even with --quiet, to count warnings.
    pub(super) fail_on_warning: bool,
    /// The codes SARIF results named, each once (its rules).
    pub(super) codes: Mutex<Vec<&'static str>>,
}

impl Ctx {
    /// A plain verdict (`--quiet`, no `--grammar`, `--agree`, `--namespaces` or
    /// `--schemes`): each line is judged and counted, nothing else (no record, no extras to
    /// build and drop, no line number: the reader does not count the lines).
    pub(super) fn plain(&self) -> bool {
        self.quiet
            && self.lab.is_none()
            && self.agree.is_none()
            && !self.namespaces
            && !self.schemes
    }
}

/// Appends the GitHub annotations or SARIF results of one line's findings, and keeps the
/// codes SARIF's rules list.
pub(super) fn annotate(
    out: &mut Vec<u8>,
    ctx: &Ctx,
    file: Option<usize>,
    line_no: u64,
    bytes: &[u8],
    findings: &[Finding<'_>],
) {
    let name = file.map(|f| ctx.raw_names[f].as_str());
    match ctx.annotations {
        Some(Annotations::Github) => check_format::github(out, name, line_no, bytes, findings),
        Some(Annotations::Sarif) => {
            check_format::sarif(out, name, line_no, bytes, findings);
            if let Ok(mut codes) = ctx.codes.lock() {
                for f in findings {
                    if !codes.contains(&f.code) {
                        codes.push(f.code);
                    }
                }
            }
        }
        None => {}
    }
}
