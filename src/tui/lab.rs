//! The grammar lab's file: `idbench tui --grammar FILE.abnf --start RULE` reads an ABNF
//! grammar into a [`Lab`] (the grammar of the `lab` profile, which the workbench puts in
//! each analysis's options: [`crate::engine::analyze_in`]) and reads it again when it
//! changes on disk.
//!
//! The file follows the config rules: a regular file (a FIFO or a device is refused, naming
//! its path) of at most 1 MiB and 10,000 rules. Changes are seen by polling on the event
//! loop's existing wait (every 100 ms while idle): no thread, no busy loop. What decides a
//! reload is the content's hash, not the file's times: the file is read again when its
//! metadata stamp (modification and change times, size, inode) moves, and at least every
//! [`RECHECK`] whatever the stamp says, and the grammar is reloaded only when the bytes
//! differ from those last read. So a same-size replacement that keeps an older
//! modification time (`cp -p`, `rsync -t`) is reloaded, and a `touch` alone is not. A
//! grammar that stops reading leaves the last good one registered; the reload's errors are
//! the caller's to show.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use std::sync::Arc;

use crate::engine::Profile;
use crate::engine::abnf::lab::Lab;
use crate::engine::abnf::{self, Grammar};
use crate::safe_text::escape;

/// How many of a grammar's errors a message names.
const SHOWN_ERRORS: usize = 3;

/// How long a poll trusts an unchanged metadata stamp before it reads the file again: a
/// file system with coarse times (or a copy that sets every time it can) may rewrite a
/// file without moving its stamp.
pub const RECHECK: Duration = Duration::from_secs(2);

/// What was last seen of the file: its stamp, its content's hash (`None` when it could
/// not be read), and when it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    stamp: Option<Stamp>,
    hash: Option<u64>,
}

/// The metadata a poll compares before reading the file: modification time, size, and on
/// Unix the change time and inode (which `cp -p` and `rsync -t` cannot set back).
type Stamp = (Option<SystemTime>, u64, i64, i64, u64);

/// The grammar file of the lab profile and what was last seen of it.
#[derive(Debug)]
pub struct LabFile {
    path: PathBuf,
    start: String,
    /// The stamp and content hash when last read (or looked at).
    seen: Seen,
    /// When the file's bytes were last read and hashed.
    read_at: Instant,
    /// The `lab` profile.
    pub profile: Profile,
    /// The grammar as last read that loaded.
    lab: Arc<Lab>,
    /// The file was named by a deck, not by the user: a grammar that does not read is
    /// reported without its words ([`crate::cases::grammar::not_abnf`]).
    quiet: bool,
    /// The errors of the file as last read, when it did not load (see
    /// [`LabFile::problems`]).
    problems: Vec<String>,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let (ctime, ctime_ns, ino) = {
        use std::os::unix::fs::MetadataExt;
        (m.ctime(), m.ctime_nsec(), m.ino())
    };
    #[cfg(not(unix))]
    let (ctime, ctime_ns, ino) = (0, 0, 0);
    Some((m.modified().ok(), m.len(), ctime, ctime_ns, ino))
}

/// The hash a reload compares (the process's own `DefaultHasher`: it only needs to tell
/// this file's successive contents apart within one run).
fn hash_of(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// The grammar file's text, or the error naming its path.
fn read(path: &Path) -> Result<String, String> {
    let name = escape(&path.display().to_string()).into_owned();
    crate::files::read_regular(path, abnf::MAX_TEXT as u64)
        .map_err(|e| format!("grammar {name}: {}", escape(&e.to_string())))
}

/// Why a grammar did not load: the message, and the grammar's errors one a line
/// (`line:column error[code]: message`, syntax errors first; empty when the file could
/// not be read or the grammar was named by a deck).
struct Refused {
    message: String,
    problems: Vec<String>,
}

/// One grammar error as the workbench lists it: `2:17 error[abnf-syntax]: message`.
fn problem_line(p: &abnf::Problem) -> String {
    format!(
        "{}:{} {}[{}]: {}",
        p.line,
        p.column,
        p.severity.name(),
        p.code,
        escape(&p.message)
    )
}

/// Compiles and registers `text`, the grammar at `path`, from `start`; `quiet`: see
/// [`LabFile::open_quiet`].
fn load(
    path: &Path,
    text: &str,
    start: &str,
    quiet: bool,
    previous: Option<&Lab>,
) -> Result<Arc<Lab>, Refused> {
    let shown = path.display().to_string();
    let name = escape(&shown);
    let grammar = Grammar::from_text(text).map_err(|problems| {
        if quiet {
            return Refused {
                message: crate::cases::grammar::not_abnf(&shown, path, &problems),
                problems: Vec::new(),
            };
        }
        // The first error leads (syntax errors come first: an unclosed `[` can make a
        // later rule look undefined), so a status line cut at 80 columns still shows it.
        let mut s = String::new();
        for p in problems.iter().take(SHOWN_ERRORS) {
            s.push_str(&format!(
                "line {} column {}: {}; ",
                p.line,
                p.column,
                escape(&p.message)
            ));
        }
        if problems.len() > SHOWN_ERRORS {
            s.push_str(&format!("and {} more; ", problems.len() - SHOWN_ERRORS));
        }
        s.push_str(&format!(
            "grammar {name} does not read ({} error{}, listed above the tree; the last good grammar stays)",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        ));
        Refused {
            message: s,
            problems: problems.iter().map(problem_line).collect(),
        }
    })?;
    Lab::new(grammar, start, text, previous)
        .map(Arc::new)
        .map_err(|e| Refused {
            message: format!("grammar {name}: {}", escape(&e.to_string())),
            problems: Vec::new(),
        })
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
        let text = read(path)?;
        let lab = load(path, &text, start, quiet, None).map_err(|r| r.message)?;
        Ok(LabFile {
            path: path.to_path_buf(),
            start: start.to_string(),
            seen: Seen {
                stamp: before,
                hash: Some(hash_of(&text)),
            },
            read_at: Instant::now(),
            profile: Profile::Lab,
            lab,
            quiet,
            problems: Vec::new(),
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

    /// Looks at the file: `None` when its content is as last read; else reads it again
    /// (`Ok`: the new grammar is registered; `Err`: it does not read, or cannot be read,
    /// and the last good one stays). The bytes are read when the metadata stamp moved or
    /// [`RECHECK`] has passed since they were last read; see the module documentation.
    pub fn poll(&mut self) -> Option<Result<(), String>> {
        self.poll_at(Instant::now())
    }

    /// [`LabFile::poll`] as if the time were `now` (tests step past [`RECHECK`] without
    /// waiting).
    pub fn poll_at(&mut self, now: Instant) -> Option<Result<(), String>> {
        let stamp = stamp(&self.path);
        if stamp == self.seen.stamp && now.saturating_duration_since(self.read_at) < RECHECK {
            return None;
        }
        self.read_at = now;
        let read = read(&self.path);
        let hash = read.as_ref().ok().map(|t| hash_of(t));
        let before = std::mem::replace(&mut self.seen, Seen { stamp, hash });
        if hash.is_some() && hash == before.hash {
            return None;
        }
        if hash.is_none() && before.hash.is_none() {
            // Still unreadable: said once already.
            return None;
        }
        self.problems.clear();
        Some(read.and_then(|text| {
            match load(&self.path, &text, &self.start, self.quiet, Some(&self.lab)) {
                Ok(lab) => {
                    self.lab = lab;
                    Ok(())
                }
                Err(r) => {
                    self.problems = r.problems;
                    Err(r.message)
                }
            }
        }))
    }

    /// The grammar as last read that loaded: what the workbench puts in its analyses'
    /// options.
    pub fn lab(&self) -> Arc<Lab> {
        Arc::clone(&self.lab)
    }

    /// The grammar's errors when the file as last read does not load, one a line, each
    /// `line:column error[code]: message`, syntax errors first (empty when it loaded,
    /// could not be read, or was named by a deck).
    pub fn problems(&self) -> &[String] {
        &self.problems
    }
}
