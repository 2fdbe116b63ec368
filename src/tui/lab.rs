//! The grammar lab's file: `idbench tui --grammar FILE.abnf --start RULE` reads an ABNF
//! grammar into the `lab` profile ([`crate::engine::abnf::lab`]) and reads it again when it
//! changes on disk.
//!
//! The file follows the config rules: a regular file (a FIFO or a device is refused, naming
//! its path) of at most 1 MiB and 10,000 rules. Changes are seen by polling its
//! modification time and size on the event loop's existing wait (every 100 ms while idle):
//! no thread, no busy loop. A grammar that stops reading leaves the last good one
//! registered; the reload's errors are the caller's to show.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::engine::Profile;
use crate::engine::abnf::{self, Grammar, lab};
use crate::safe_text::escape;

/// How many of a grammar's errors a message names.
const SHOWN_ERRORS: usize = 3;

/// The grammar file of the lab profile and what was last seen of it.
#[derive(Debug)]
pub struct LabFile {
    path: PathBuf,
    start: String,
    /// Modification time and size when last read (or looked at).
    stamp: Option<(Option<SystemTime>, u64)>,
    /// The `lab` profile.
    pub profile: Profile,
    /// The file was named by a deck, not by the user: a grammar that does not read is
    /// reported without its words ([`crate::cases::grammar::not_abnf`]).
    quiet: bool,
}

fn stamp(path: &Path) -> Option<(Option<SystemTime>, u64)> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.modified().ok(), m.len()))
}

/// Reads, compiles and registers the grammar at `path` from `start`; `quiet`: see
/// [`LabFile::open_quiet`].
fn load(path: &Path, start: &str, quiet: bool) -> Result<Profile, String> {
    let shown = path.display().to_string();
    let name = escape(&shown);
    let text = crate::files::read_regular(path, abnf::MAX_TEXT as u64)
        .map_err(|e| format!("grammar {name}: {}", escape(&e.to_string())))?;
    let grammar = Grammar::from_text(&text).map_err(|problems| {
        if quiet {
            return crate::cases::grammar::not_abnf(&shown, path, &problems);
        }
        let mut s = format!("grammar {name} does not read:");
        for p in problems.iter().take(SHOWN_ERRORS) {
            s.push_str(&format!(
                " line {} column {}: {};",
                p.line,
                p.column,
                escape(&p.message)
            ));
        }
        if problems.len() > SHOWN_ERRORS {
            s.push_str(&format!(" and {} more", problems.len() - SHOWN_ERRORS));
        }
        s.trim_end_matches(';').to_string()
    })?;
    lab::register(grammar, start, &text)
        .map_err(|e| format!("grammar {name}: {}", escape(&e.to_string())))
}

impl LabFile {
    /// Reads the grammar at `path` and registers the `lab` profile over it, parsing from
    /// `start`; the error names the path and what is wrong.
    pub fn open(path: &Path, start: &str) -> Result<LabFile, String> {
        LabFile::opened(path, start, false)
    }

    /// [`LabFile::open`] for a grammar a deck names: a grammar that does not read (now or
    /// when read again) is reported by its number of problems and the first one's code and
    /// position, never by the file's words, as the file may not be the user's choice.
    pub fn open_quiet(path: &Path, start: &str) -> Result<LabFile, String> {
        LabFile::opened(path, start, true)
    }

    fn opened(path: &Path, start: &str, quiet: bool) -> Result<LabFile, String> {
        let before = stamp(path);
        let profile = load(path, start, quiet)?;
        Ok(LabFile {
            path: path.to_path_buf(),
            start: start.to_string(),
            stamp: before,
            profile,
            quiet,
        })
    }

    /// The grammar file, as it was given (a view's `--grammar`).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The start rule (a view's `--start`).
    pub fn start(&self) -> &str {
        &self.start
    }

    /// What a case saved from the lab view expects (`parses`): the input's verdict under
    /// the grammar, with the grammar file (its absolute path, so the case runs wherever the
    /// cases file is) and the start rule. The grammar is read again from the file, as the
    /// runner will read it; `Err` says why it cannot be (the file changed and no longer
    /// reads, say).
    pub fn parses_expect(&self, valid: bool) -> Result<crate::cases::ParsesExpect, String> {
        let shown = escape(&self.path.display().to_string()).into_owned();
        let text = crate::files::read_regular(&self.path, abnf::MAX_TEXT as u64)
            .map_err(|e| format!("grammar {shown}: {}", escape(&e.to_string())))?;
        let grammar = Grammar::from_text(&text)
            .map_err(|_| format!("grammar {shown} does not read as it stands on disk"))?;
        let path = std::path::absolute(&self.path).unwrap_or_else(|_| self.path.clone());
        Ok(crate::cases::ParsesExpect {
            expect: valid,
            grammar: std::sync::Arc::new(grammar),
            path: path.display().to_string(),
            start: self.start.clone(),
        })
    }

    /// Looks at the file: `None` when its modification time and size are as last seen;
    /// else reads it again (`Ok`: the new grammar is registered; `Err`: it does not read,
    /// and the last good one stays).
    pub fn poll(&mut self) -> Option<Result<(), String>> {
        let now = stamp(&self.path);
        if now == self.stamp {
            return None;
        }
        self.stamp = now;
        Some(load(&self.path, &self.start, self.quiet).map(|p| self.profile = p))
    }
}
