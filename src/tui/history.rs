//! Recent inputs, recalled with Up and Down in the input line.
//!
//! Kept in `history.json` under the platform data directory (`$XDG_DATA_HOME/idbench` or
//! `~/.local/share/idbench` on Linux, `~/Library/Application Support/idbench` on macOS,
//! `%APPDATA%\idbench\data` on Windows).
//!
//! - **Private, and no planted link is followed** (Unix): the folder is opened once with
//!   `O_NOFOLLOW | O_DIRECTORY` and must be a directory (not a link) owned by the effective
//!   user; one of ours open to the group or others is made 0700 (`fchmod` on the open
//!   folder), one of another user or a link is refused. Every file in it is opened relative
//!   to that folder with `O_NOFOLLOW | O_NONBLOCK`: the history and the lock must be regular
//!   files owned by us with one link (the lock is made 0600), anything else (a link, a FIFO,
//!   a device, another user's file, a hard link) is refused with an error naming the path,
//!   escaped for the terminal. The temporary file is created `O_EXCL | O_NOFOLLOW`, 0600,
//!   under a name no one can guess (`history.json.tmp-PID-RANDOM`), and renamed over the
//!   history within the folder (`renameat`). Reading follows the same rules: a history that
//!   is a link, or sits in a linked or foreign folder, is neither read nor saved over, said so.
//! - **No passwords**: the password of every userinfo (`user:PASSWORD@host`) wherever an
//!   authority starts in the text (after `//` or `\\`, after a leading blank, `<`, `URL:`,
//!   inside an XRI cross-reference, with any case of scheme, after `https:` without slashes)
//!   and the value of every parameter whose name marks a secret (`access_token=`,
//!   `password=`, `api_key=`… percent-encoded or not, see [`redact`]) are replaced by
//!   [`REDACTED`] when an entry is remembered and when the file is read. When in doubt, more
//!   is redacted.
//! - **Nothing lost**: saving takes an advisory lock on `history.json.lock`, waiting for
//!   another process's at most [`LOCK_WAIT`] (then the save fails and says so; a
//!   cancellation, a terminating signal in the workbench, ends the wait at once), re-reads
//!   the file, adds this session's entries to what is there (another workbench may have
//!   saved meanwhile), keeps the newest [`MAX_ENTRIES`], and writes atomically (a temporary
//!   file in the same directory, then a rename), so a crash never leaves half a file.
//!   Temporary files of ours older than [`STALE_TEMP_AGE`] (left by a save that was killed)
//!   are removed at the next save. The entries not yet saved are shared with [`Saver`]s, so
//!   the workbench's signal thread can save them when the event loop is stuck; what one
//!   saves the other does not save again.
//! - **Sizes**: an input over [`MAX_ENTRY_BYTES`] is not remembered, and an entry over it in
//!   the file is dropped when the file is read (said so on the status line), so nothing over
//!   64 KiB is ever recalled; a file over [`MAX_FILE_BYTES`] is not read. Reading, merging
//!   and writing are linear in the size of the file (duplicates are found by hashing).
//! - A file that is not a valid history is set aside under a new name
//!   (`history.json.corrupt-SECONDS-PID[-N]`, never overwriting an earlier one), with a
//!   status message, and a new history starts. A file that cannot be read for another
//!   reason (permissions, a link, not ours) is left alone, said so, and not saved over this
//!   session.
//! - `history = false` in the config file or `--no-history` turns it off: the file is then
//!   neither read nor written.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

#[cfg(unix)]
use crate::files::private as unix;
#[cfg(not(unix))]
use crate::files::private::unguessable;
use crate::files::private::{refuse, shown, split};

/// At most this many entries are kept (the newest).
pub const MAX_ENTRIES: usize = 500;

/// Longer inputs are not remembered (a pasted megabyte would otherwise be written at every
/// exit), and longer entries found in the file are dropped when it is read.
pub const MAX_ENTRY_BYTES: usize = 64 * 1024;

/// A history file larger than this is not read (it is not one this program wrote).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// What stands for a secret that is not stored.
pub const REDACTED: &str = "***";

/// How long a save waits for another process's lock on `history.json.lock` before giving
/// up (and reporting it).
pub const LOCK_WAIT: Duration = Duration::from_millis(2500);

/// Temporary files (`history.json.tmp-…`) older than this, left by a save that was killed,
/// are removed at the next save.
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(10 * 60);

#[derive(Serialize, Deserialize)]
struct File {
    version: u32,
    entries: Vec<String>,
}

/// What a save needs, shared between the history and a [`Saver`] (the workbench's signal
/// thread saves through one when the event loop is stuck).
#[derive(Debug, Default)]
struct Pending {
    /// The entries remembered this session and not yet saved, oldest first.
    added: Vec<String>,
    /// The inputs as they stand (each within [`MAX_ENTRY_BYTES`]): what the exit would
    /// remember, saved with `added` by a save from another thread, so a signal that comes
    /// while the event loop is busy does not lose them. Kept as typed and redacted when
    /// saved: they are noted at every keystroke, and redacting a long input each time cost
    /// more than the copy.
    current: Vec<String>,
    path: Option<PathBuf>,
    /// When set, a save waiting for the file lock gives up (a terminating signal came).
    cancel: Option<Arc<std::sync::atomic::AtomicBool>>,
}

/// A handle that saves a [`History`]'s unsaved entries from another thread, with the same
/// lock and atomic write as [`History::save`]. Entries saved through one are not saved
/// again by the other.
#[derive(Clone, Debug, Default)]
pub struct Saver(Arc<Mutex<Pending>>);

/// The history and where it lives.
#[derive(Debug, Default)]
pub struct History {
    entries: Vec<String>,
    /// The entries remembered this session and where to save them.
    pending: Saver,
    path: Option<PathBuf>,
    /// While recalling: the index of the entry shown.
    nav: Option<usize>,
    /// What was in the input before recalling started.
    draft: String,
}

/// Names of query and fragment parameters whose values are secrets (compared without case;
/// a name containing one of [`SECRET_PARTS`] counts too).
const SECRET_NAMES: &[&str] = &["pwd", "pass", "sig", "key", "auth", "session", "sessionid"];
/// Parts of parameter names that mark a secret: `access_token`, `client_secret`,
/// `X-Amz-Signature`, `api-key`, `password`, `X-Amz-Credential`.
const SECRET_PARTS: &[&str] = &[
    "token",
    "secret",
    "passw",
    "signature",
    "apikey",
    "api_key",
    "api-key",
    "credential",
];

/// The value of hex digit `b`.
fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

fn is_secret_name(name: &str) -> bool {
    // Percent-decoded (`p%61ssword`), then without case.
    let b = name.as_bytes();
    let mut n = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                n.push((h << 4 | l).to_ascii_lowercase());
                i += 3;
            }
            (c, _, _) => {
                n.push(c.to_ascii_lowercase());
                i += 1;
            }
        }
    }
    let n = String::from_utf8_lossy(&n);
    SECRET_NAMES.contains(&n.as_ref()) || SECRET_PARTS.iter().any(|p| n.contains(p))
}

/// True when the bytes before `colon` (at `b[colon] == b':'`) end with a scheme that the
/// WHATWG URL parser reads an authority after even without `//` (`https:u:pw@host`).
fn special_scheme_before(b: &[u8], colon: usize) -> bool {
    ["https", "http", "wss", "ws", "ftp", "file"]
        .iter()
        .any(|s| {
            colon >= s.len()
                && b[colon - s.len()..colon].eq_ignore_ascii_case(s.as_bytes())
                && (colon == s.len() || !b[colon - s.len() - 1].is_ascii_alphanumeric())
        })
}

/// The password of every userinfo in `input`, wherever it sits, replaced by [`REDACTED`].
/// An authority starts after `//` (or any run of `/` and `\`: a network-path reference, a
/// URI after `<`, `URL:`, spaces or inside an XRI cross-reference, an upper-case scheme), and
/// after `http:`, `https:`, `ws:`, `wss:`, `ftp:` or `file:` even without slashes (as browsers
/// read them); it ends at the next `/`, `?` or `#`. Its userinfo is what comes before its
/// last `@`, the password what follows the first `:` (or `%3A`) of that: when in doubt, more
/// is redacted, not less. One pass: linear in the length of `input`.
fn redact_userinfo(input: &str) -> Cow<'_, str> {
    let b = input.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    let slash = |c: u8| c == b'/' || c == b'\\';
    while i < b.len() {
        let starts = (slash(b[i]) && b.get(i + 1).is_some_and(|&c| slash(c)))
            || (b[i] == b':' && special_scheme_before(b, i));
        if !starts {
            i += 1;
            continue;
        }
        let mut start = i + 1;
        while start < b.len() && slash(b[start]) {
            start += 1;
        }
        let end = b[start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |p| start + p);
        if let Some(at) = b[start..end].iter().rposition(|&c| c == b'@') {
            let userinfo = &b[start..start + at];
            let sep = userinfo.iter().enumerate().find_map(|(k, &c)| match c {
                b':' => Some(k + 1),
                b'%' if userinfo.get(k + 1) == Some(&b'3')
                    && userinfo
                        .get(k + 2)
                        .is_some_and(|c| c.eq_ignore_ascii_case(&b'a')) =>
                {
                    Some(k + 3)
                }
                _ => None,
            });
            if let Some(sep) = sep.filter(|&s| s < userinfo.len()) {
                // Byte offsets at ASCII characters: on char boundaries.
                if copied == 0 {
                    out.reserve(input.len());
                }
                out.push_str(&input[copied..start + sep]);
                out.push_str(REDACTED);
                copied = start + at;
            }
        }
        i = end.max(i + 1);
    }
    if copied == 0 {
        return Cow::Borrowed(input);
    }
    out.push_str(&input[copied..]);
    Cow::Owned(out)
}

/// The value of every `name=value` parameter whose name marks a secret replaced by
/// [`REDACTED`], wherever it sits: the text is cut at every `&`, `;`, `?` and `#`, and a
/// piece's name is what precedes its `=` after the last `/`, `:`, `@`, `(`, `*`, `!`, `,`,
/// quote, angle bracket, backslash or blank, percent-decoded. The value runs to the end of
/// the piece.
fn redact_params(input: &str) -> Cow<'_, str> {
    if !input
        .split(['&', ';', '?', '#'])
        .any(|p| secret_param(p).is_some())
    {
        return Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(input.len());
    let mut first = true;
    for piece in input.split(['&', ';', '?', '#']) {
        if !first {
            // The delimiter that `split` took: the byte before this piece in `input`.
            let at = piece.as_ptr() as usize - input.as_ptr() as usize;
            out.push_str(&input[at - 1..at]);
        }
        first = false;
        match secret_param(piece) {
            Some(before) => {
                out.push_str(before);
                out.push('=');
                out.push_str(REDACTED);
            }
            None => out.push_str(piece),
        }
    }
    Cow::Owned(out)
}

/// When `piece` is `name=value` with a secret name and a value: what precedes its `=`.
fn secret_param(piece: &str) -> Option<&str> {
    let (before, value) = piece.split_once('=')?;
    if value.is_empty() {
        return None;
    }
    let name_at = before
        .rfind(|c: char| "/:@()*!,<>\"'\\".contains(c) || c.is_whitespace())
        .map_or(0, |p| {
            p + before[p..].chars().next().map_or(1, char::len_utf8)
        });
    is_secret_name(&before[name_at..]).then_some(before)
}

/// `input` with its secrets replaced by [`REDACTED`]: the password of every userinfo
/// (`scheme://user:PASSWORD@host`, and the same wherever an authority starts in the text:
/// see `redact_userinfo`), and the value of every `name=value` parameter whose name marks a
/// secret (see `SECRET_NAMES`, `SECRET_PARTS`, `redact_params`). Written here rather than
/// taken from the engine's tree because it must hold for any text, valid or not, under any
/// profile: a leading blank, `<…>`, `URL:`, `//user:pw@host`, a cross-reference. Linear.
pub fn redact(input: &str) -> String {
    redact_cow(input).into_owned()
}

/// [`redact`], borrowing `input` when it has no secret (no copy of a clean history).
fn redact_cow(input: &str) -> Cow<'_, str> {
    match redact_userinfo(input) {
        Cow::Borrowed(_) => redact_params(input),
        Cow::Owned(s) => Cow::Owned(redact_params(&s).into_owned()),
    }
}

/// What reading the file gave.
enum Read {
    Missing,
    /// The entries, and how many were dropped for being longer than [`MAX_ENTRY_BYTES`].
    Entries(Vec<String>, usize),
    /// Not a history: to be set aside.
    Invalid(String),
    /// Could not be read (permissions, a directory, a link…): left alone.
    Unreadable(std::io::Error),
}

/// Work done by [`dedup_keep_last`]: entries hashed, equality comparisons, and bytes
/// looked at by both (counted by the unit tests, which prove it linear).
#[derive(Debug, Default, Clone, Copy)]
struct Work {
    comparisons: usize,
    bytes: usize,
}

/// `list` with only the last copy of each entry, in the order of those last copies. Each
/// entry is hashed once (randomly keyed) and compared only with kept entries of the same
/// hash: linear, where removing earlier copies entry by entry was quadratic (500 entries of
/// 64 KiB sharing a prefix took seconds).
fn dedup_keep_last(list: Vec<String>, work: &mut Work) -> Vec<String> {
    let state = std::collections::hash_map::RandomState::new();
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::with_capacity(list.len());
    let mut keep = vec![false; list.len()];
    for (i, e) in list.iter().enumerate().rev() {
        work.bytes += e.len();
        let bucket = seen.entry(state.hash_one(e)).or_default();
        let dup = bucket.iter().any(|&k| {
            work.comparisons += 1;
            if list[k].len() == e.len() {
                work.bytes += e.len();
            }
            list[k] == *e
        });
        if !dup {
            bucket.push(i);
            keep[i] = true;
        }
    }
    list.into_iter()
        .zip(keep)
        .filter_map(|(e, k)| k.then_some(e))
        .collect()
}

/// The entries of a history file's text, redacted (a file written before secrets were
/// redacted loses them at the next save), without empty ones or ones over
/// [`MAX_ENTRY_BYTES`] (counted), without duplicates, the newest [`MAX_ENTRIES`]. Linear.
fn parse(text: &str) -> Read {
    match serde_json::from_str::<File>(text) {
        Ok(f) if f.version == 1 => {
            let dropped = f
                .entries
                .iter()
                .filter(|e| e.len() > MAX_ENTRY_BYTES)
                .count();
            let entries: Vec<String> = f
                .entries
                .into_iter()
                .filter(|e| !e.is_empty() && e.len() <= MAX_ENTRY_BYTES)
                .collect();
            let redacted = entries
                .into_iter()
                .map(|e| {
                    let changed = match redact_cow(&e) {
                        Cow::Owned(r) => Some(r),
                        Cow::Borrowed(_) => None,
                    };
                    changed.unwrap_or(e)
                })
                .collect();
            let mut entries = dedup_keep_last(redacted, &mut Work::default());
            let excess = entries.len().saturating_sub(MAX_ENTRIES);
            entries.drain(..excess);
            Read::Entries(entries, dropped)
        }
        Ok(f) => Read::Invalid(format!("unknown version {}", f.version)),
        Err(e) => Read::Invalid(e.to_string()),
    }
}

/// A name beside `path` for setting it aside: `PATH.corrupt-SECONDS-PID`, with `-N` added
/// while that exists, so two set-asides in the same second never overwrite each other.
/// `exists` looks a name up (without following links).
fn aside_name(name: &str, exists: impl Fn(&str) -> bool) -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let base = format!("{name}.corrupt-{secs}-{}", std::process::id());
    let mut n = 0u32;
    loop {
        let aside = if n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        if !exists(&aside) {
            return aside;
        }
        n += 1;
    }
}

/// Reads the history file at `path` without following a link (the file or its folder),
/// refusing a file that is not regular or not ours.
#[cfg(unix)]
fn read_file(path: &Path) -> Read {
    let (dir, name) = match split(path) {
        Ok(p) => p,
        Err(e) => return Read::Unreadable(e),
    };
    let dirfd = match unix::open_dir(&dir, false) {
        Ok(Some(fd)) => fd,
        Ok(None) => return Read::Missing,
        Err(e) => return Read::Unreadable(e),
    };
    read_at(&dirfd, &name, path)
}

#[cfg(unix)]
fn read_at(dir: &std::os::fd::OwnedFd, name: &str, path: &Path) -> Read {
    match unix::open_file(dir, name, rustix::fs::OFlags::RDONLY, path) {
        Ok(f) => match crate::files::read_capped(f, MAX_FILE_BYTES) {
            Ok(text) => parse(&text),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Read::Invalid(e.to_string()),
            Err(e) => Read::Unreadable(e),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Read::Missing,
        Err(e) => Read::Unreadable(e),
    }
}

#[cfg(not(unix))]
fn read_file(path: &Path) -> Read {
    match crate::files::read_regular(path, MAX_FILE_BYTES) {
        Ok(text) => parse(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Read::Missing,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Read::Invalid(e.to_string()),
        Err(e) => Read::Unreadable(e),
    }
}

/// The newest [`MAX_ENTRIES`] of `existing` followed by `added`, without duplicates
/// (the last copy kept), as the file's text. Linear.
fn merge(mut existing: Vec<String>, added: &[String]) -> std::io::Result<(Vec<String>, String)> {
    existing.extend(added.iter().cloned());
    let mut merged = dedup_keep_last(existing, &mut Work::default());
    let excess = merged.len().saturating_sub(MAX_ENTRIES);
    merged.drain(..excess);
    let file = File {
        version: 1,
        entries: merged,
    };
    let text = serde_json::to_string_pretty(&file).map_err(std::io::Error::other)?;
    Ok((file.entries, text))
}

/// Waits for the advisory lock on `lock`, at most [`LOCK_WAIT`], giving up early when
/// `cancel` says so (a terminating signal came).
fn wait_for_lock(
    lock: &std::fs::File,
    lock_path: &Path,
    cancel: &dyn Fn() -> bool,
) -> std::io::Result<()> {
    let start = Instant::now();
    loop {
        // `fs4`'s lock, named in full: std's own `File::try_lock` (Rust 1.89) is newer than
        // the crate's minimum Rust.
        match fs4::FileExt::try_lock(lock) {
            Ok(()) => return Ok(()),
            Err(fs4::TryLockError::Error(e)) => return Err(e),
            Err(fs4::TryLockError::WouldBlock) => {}
        }
        if cancel() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                format!(
                    "interrupted by a signal while waiting for the lock {}",
                    shown(lock_path)
                ),
            ));
        }
        if start.elapsed() >= LOCK_WAIT {
            return Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!(
                    "the lock {} is held by another process (waited {:.1} s); this session's entries are not saved",
                    shown(lock_path),
                    LOCK_WAIT.as_secs_f64()
                ),
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Saves `added` into the history at `path` (see [`History::save`]); returns what the file
/// now holds.
#[cfg(unix)]
fn save_to(
    path: &Path,
    added: &[String],
    cancel: &dyn Fn() -> bool,
) -> std::io::Result<Vec<String>> {
    use rustix::fs::OFlags;
    let (dir_path, name) = split(path)?;
    let dir = unix::open_dir(&dir_path, true)?
        .ok_or_else(|| refuse(&dir_path, "could not be created"))?;
    let lock_name = format!("{name}.lock");
    let lock_path = dir_path.join(&lock_name);
    // O_RDWR | O_NONBLOCK: a FIFO planted as the lock is opened without blocking, then
    // refused as not a regular file.
    let lock = unix::open_file(&dir, &lock_name, OFlags::RDWR | OFlags::CREATE, &lock_path)?;
    wait_for_lock(&lock, &lock_path, cancel)?;
    unix::clean_stale_temps(&dir, &dir_path, &name, STALE_TEMP_AGE);
    let existing = match read_at(&dir, &name, path) {
        Read::Missing => Vec::new(),
        Read::Entries(e, _) => e,
        Read::Invalid(_) => {
            // Became invalid while this session ran: keep it aside, start from ours.
            let aside = aside_name(&name, |n| unix::exists(&dir, n));
            unix::rename(&dir, &name, &aside)?;
            Vec::new()
        }
        Read::Unreadable(e) => return Err(e),
    };
    let (merged, text) = merge(existing, added)?;
    let (mut f, tmp) = unix::create_temp(&dir, &name)?;
    let r = f
        .write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .and_then(|()| unix::rename(&dir, &tmp, &name));
    if r.is_err() {
        let _ = unix::remove(&dir, &tmp);
    }
    drop(lock);
    r.map(|()| merged)
}

#[cfg(not(unix))]
fn save_to(
    path: &Path,
    added: &[String],
    cancel: &dyn Fn() -> bool,
) -> std::io::Result<Vec<String>> {
    let (dir, name) = split(path)?;
    std::fs::create_dir_all(&dir)?;
    let lock_path = dir.join(format!("{name}.lock"));
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)?;
    wait_for_lock(&lock, &lock_path, cancel)?;
    let existing = match read_file(path) {
        Read::Missing => Vec::new(),
        Read::Entries(e, _) => e,
        Read::Invalid(_) => {
            let aside = aside_name(&name, |n| std::fs::symlink_metadata(dir.join(n)).is_ok());
            std::fs::rename(path, dir.join(aside))?;
            Vec::new()
        }
        Read::Unreadable(e) => return Err(e),
    };
    let (merged, text) = merge(existing, added)?;
    let tmp = dir.join(format!(
        "{name}.tmp-{}-{:016x}",
        std::process::id(),
        unguessable()
    ));
    let r = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    if r.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    drop(lock);
    r.map(|()| merged)
}

impl Saver {
    fn lock(&self) -> MutexGuard<'_, Pending> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// From now on a save waiting for the file lock gives up as soon as `flag` is set.
    pub fn cancel_when(&self, flag: Arc<std::sync::atomic::AtomicBool>) {
        self.lock().cancel = Some(flag);
    }

    /// Saves the entries not yet saved (see [`History::save`]), waiting for a save under way
    /// in another thread at most `wait`; `cancel` is asked while waiting for the file lock.
    /// Returns what the file now holds (`None` when there was nothing to save).
    pub fn save(
        &self,
        wait: Duration,
        cancel: &dyn Fn() -> bool,
    ) -> std::io::Result<Option<Vec<String>>> {
        let start = Instant::now();
        let mut pending = loop {
            match self.0.try_lock() {
                Ok(g) => break g,
                Err(std::sync::TryLockError::Poisoned(p)) => break p.into_inner(),
                Err(std::sync::TryLockError::WouldBlock) if start.elapsed() < wait => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(std::sync::TryLockError::WouldBlock) => {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::TimedOut,
                        "another save of the history did not end",
                    ));
                }
            }
        };
        let Some(path) = pending.path.clone() else {
            return Ok(None);
        };
        let current = std::mem::take(&mut pending.current);
        for c in current {
            let c = redact(&c);
            if !pending.added.contains(&c) {
                pending.added.push(c);
            }
        }
        if pending.added.is_empty() {
            return Ok(None);
        }
        let flag = pending.cancel.clone();
        let cancelled = || {
            cancel()
                || flag
                    .as_ref()
                    .is_some_and(|f| f.load(std::sync::atomic::Ordering::SeqCst))
        };
        let merged = save_to(&path, &pending.added, &cancelled)?;
        pending.added.clear();
        Ok(Some(merged))
    }
}

impl History {
    /// A history that is never saved (nor read): `--no-history`, `history = false`.
    pub fn in_memory() -> History {
        History::default()
    }

    /// `history.json` in the platform data directory, if there is one.
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "idbench").map(|d| d.data_dir().join("history.json"))
    }

    fn set_path(&mut self, path: Option<PathBuf>) {
        self.pending.lock().path.clone_from(&path);
        self.path = path;
    }

    /// Loads the history at `path`. A missing file is an empty history; one that is not a
    /// history is set aside; one that cannot be read (or is a link, or not ours, or in a
    /// folder that is a link or not ours) is left alone and not saved over. Entries longer
    /// than [`MAX_ENTRY_BYTES`] are dropped, and said so. The message, if any, is for the
    /// status line.
    pub fn load(path: PathBuf) -> (History, Option<String>) {
        let mut h = History::default();
        h.set_path(Some(path.clone()));
        match read_file(&path) {
            Read::Missing => (h, None),
            Read::Entries(e, dropped) => {
                h.entries = e;
                let msg = (dropped > 0).then(|| {
                    format!(
                        "{dropped} history {} longer than {} KiB dropped (not recalled; gone at the next save)",
                        if dropped == 1 { "entry" } else { "entries" },
                        MAX_ENTRY_BYTES / 1024
                    )
                });
                (h, msg)
            }
            Read::Invalid(why) => h.set_aside(&path, &why),
            Read::Unreadable(e) => {
                h.set_path(None);
                let msg = format!(
                    "history file {} cannot be read ({}); it is left as it is, and this session's history will not be saved",
                    shown(&path),
                    crate::safe_text::escape(&e.to_string())
                );
                (h, Some(msg))
            }
        }
    }

    /// Renames the invalid file at `path` aside; returns the history and the message.
    fn set_aside(mut self, path: &Path, why: &str) -> (History, Option<String>) {
        let why = crate::safe_text::escape(why).into_owned();
        let r = split(path).and_then(|(dir, name)| rename_aside(&dir, &name));
        let msg = match r {
            Ok(aside) => format!(
                "history file is not a valid history ({why}); set aside as {}; starting a new history",
                shown(&aside)
            ),
            Err(e) => {
                // Keep the file untouched: do not save over it this session.
                self.set_path(None);
                format!(
                    "history file {} is not a valid history ({why}) and could not be set aside ({}); history will not be saved",
                    shown(path),
                    crate::safe_text::escape(&e.to_string())
                )
            }
        };
        (self, Some(msg))
    }

    /// Where the history is saved, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> &[String] {
        &self.entries
    }

    /// A handle that saves this history's unsaved entries from another thread (see
    /// [`Saver`]).
    pub fn saver(&self) -> Saver {
        self.pending.clone()
    }

    /// Notes the inputs as they stand (empty ones and those over [`MAX_ENTRY_BYTES`] left
    /// out; redacted when saved), so that a save from another thread ([`Saver`]) remembers
    /// them as the exit would. Each call replaces the last one's.
    pub fn set_current<'a>(&self, inputs: impl IntoIterator<Item = &'a str>) {
        let mut pending = self.pending.lock();
        // Without a file nothing is saved: nothing to keep.
        if pending.path.is_none() {
            pending.current.clear();
            return;
        }
        let current: Vec<String> = inputs
            .into_iter()
            .filter(|t| !t.is_empty() && t.len() <= MAX_ENTRY_BYTES)
            .map(str::to_string)
            .collect();
        pending.current = current;
    }

    /// Remembers `input`, its secrets redacted (see [`redact`]), as the newest entry (moving
    /// it there if it was already known). Empty inputs and inputs over [`MAX_ENTRY_BYTES`]
    /// are not remembered.
    pub fn push(&mut self, input: &str) {
        self.nav = None;
        if input.is_empty() || input.len() > MAX_ENTRY_BYTES {
            return;
        }
        let entry = redact(input);
        if self.entries.last().is_some_and(|l| *l == entry) {
            return;
        }
        move_to_end(&mut self.entries, &entry);
        let mut pending = self.pending.lock();
        move_to_end(&mut pending.added, &entry);
        let excess = pending.added.len().saturating_sub(MAX_ENTRIES);
        pending.added.drain(..excess);
    }

    /// The entry before the one shown (the newest at first); `current` is kept as the
    /// draft to come back to. `None` when there is nothing older.
    pub fn older(&mut self, current: &str) -> Option<&str> {
        let i = match self.nav {
            None => {
                self.draft = current.to_string();
                self.entries.len().checked_sub(1)?
            }
            Some(i) => i.checked_sub(1)?,
        };
        self.nav = Some(i);
        self.entries.get(i).map(String::as_str)
    }

    /// The entry after the one shown, or the draft past the newest. `None` when not
    /// recalling.
    pub fn newer(&mut self) -> Option<&str> {
        let i = self.nav?;
        if i + 1 < self.entries.len() {
            self.nav = Some(i + 1);
            self.entries.get(i + 1).map(String::as_str)
        } else {
            self.nav = None;
            Some(&self.draft)
        }
    }

    /// Stops recalling (the user edited the recalled text).
    pub fn stop_recall(&mut self) {
        self.nav = None;
    }

    /// Adds this session's entries to the file, under a lock: re-reads it (another
    /// workbench may have saved since this one started), appends the entries remembered
    /// here, keeps the newest [`MAX_ENTRIES`] and writes it atomically, private to the user.
    /// Does nothing when nothing is left to save or the history is not saved. Waits for the
    /// lock at most [`LOCK_WAIT`].
    pub fn save(&mut self) -> std::io::Result<()> {
        self.save_or_cancel(&|| false)
    }

    /// [`History::save`], giving up the wait for the lock when `cancel` returns true.
    pub fn save_or_cancel(&mut self, cancel: &dyn Fn() -> bool) -> std::io::Result<()> {
        // Another thread's save (the signal thread's) is bounded by LOCK_WAIT too.
        if let Some(merged) = self.pending.save(LOCK_WAIT * 2, cancel)? {
            // What the file now holds is what Up recalls from here on.
            self.entries = merged;
        }
        Ok(())
    }
}

/// Renames `name` in `dir` aside (see [`aside_name`]), not following links; returns the new
/// path.
#[cfg(unix)]
fn rename_aside(dir: &Path, name: &str) -> std::io::Result<PathBuf> {
    let fd = unix::open_dir(dir, false)?.ok_or_else(|| refuse(dir, "does not exist"))?;
    let aside = aside_name(name, |n| unix::exists(&fd, n));
    unix::rename(&fd, name, &aside)?;
    Ok(dir.join(aside))
}

#[cfg(not(unix))]
fn rename_aside(dir: &Path, name: &str) -> std::io::Result<PathBuf> {
    let aside = aside_name(name, |n| std::fs::symlink_metadata(dir.join(n)).is_ok());
    std::fs::rename(dir.join(name), dir.join(&aside))?;
    Ok(dir.join(aside))
}

/// Puts `entry` last in `list`, removing an earlier copy.
fn move_to_end(list: &mut Vec<String>, entry: &str) {
    list.retain(|e| e != entry);
    list.push(entry.to_string());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A private scratch folder, empty, removed when the test ends.
    fn temp_dir(name: &str) -> crate::test_scratch::Scratch {
        crate::test_scratch::dir(&format!("history-{name}"))
    }

    #[test]
    fn recall_walks_back_and_returns_to_the_draft() {
        let mut h = History::in_memory();
        h.push("a");
        h.push("b");
        h.push("a");
        assert_eq!(h.entries(), ["b", "a"]);
        assert_eq!(h.older("draft"), Some("a"));
        assert_eq!(h.older("ignored"), Some("b"));
        assert_eq!(h.older("ignored"), None);
        assert_eq!(h.newer(), Some("a"));
        assert_eq!(h.newer(), Some("draft"));
        assert_eq!(h.newer(), None);
    }

    #[test]
    fn saves_atomically_and_loads_back() {
        let dir = temp_dir("roundtrip");
        let path = dir.join("sub").join("history.json");
        let (mut h, msg) = History::load(path.clone());
        assert_eq!(msg, None);
        h.push("urn:a:b");
        h.push("xri://@a");
        h.save().unwrap_or_else(|e| panic!("{e}"));
        let mut leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap_or(&dir))
            .map(|r| r.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        leftovers.sort();
        // No temporary file is left; the lock file stays (removing it would race).
        assert_eq!(
            leftovers,
            ["history.json", "history.json.lock"],
            "{leftovers:?}"
        );
        let (h2, msg) = History::load(path);
        assert_eq!(msg, None);
        assert_eq!(h2.entries(), ["urn:a:b", "xri://@a"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn corrupt_file_is_set_aside_not_lost() {
        let dir = temp_dir("corrupt");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join("history.json");
        std::fs::write(&path, "{ not json").unwrap_or_else(|e| panic!("{e}"));
        let (mut h, msg) = History::load(path.clone());
        let msg = msg.unwrap_or_default();
        assert!(msg.contains("set aside as"), "{msg}");
        assert!(h.entries().is_empty());
        let aside: Vec<_> = std::fs::read_dir(&dir)
            .map(|r| r.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        assert_eq!(aside.len(), 1);
        assert!(aside[0].to_string_lossy().contains(".corrupt-"));
        assert_eq!(
            std::fs::read_to_string(&aside[0]).ok().as_deref(),
            Some("{ not json")
        );
        h.push("x");
        h.save().unwrap_or_else(|e| panic!("{e}"));
        assert!(path.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn passwords_and_secret_parameters_are_redacted() {
        for (input, want) in [
            ("https://user:hunter2@host/p", "https://user:***@host/p"),
            ("https://user@host/p", "https://user@host/p"),
            ("https://user:@host", "https://user:@host"),
            ("ftp://a:b:c@h:21/x?y", "ftp://a:***@h:21/x?y"),
            (
                "http://h/cb#access_token=abc&state=1",
                "http://h/cb#access_token=***&state=1",
            ),
            (
                "https://h/?q=1&access_token=xyz;API_KEY=k&x=&Password=p",
                "https://h/?q=1&access_token=***;API_KEY=***&x=&Password=***",
            ),
            (
                "https://h/?X-Amz-Signature=ab&X-Amz-Date=1",
                "https://h/?X-Amz-Signature=***&X-Amz-Date=1",
            ),
            (
                "urn:isbn:0451450523?+r=token",
                "urn:isbn:0451450523?+r=token",
            ),
            ("xri://@a*b/(+c)", "xri://@a*b/(+c)"),
            ("a:b@c:d", "a:b@c:d"),
            // A network-path reference after a colon: redacted (when in doubt, redact).
            ("://x:y@z", "://x:***@z"),
            ("", ""),
        ] {
            assert_eq!(redact(input), want, "{input}");
        }
        let mut h = History::in_memory();
        h.push("https://u:secret@h/");
        assert_eq!(h.entries(), ["https://u:***@h/"]);
        // A file from before redaction is cleaned when read and rewritten at the next save.
        let dir = temp_dir("redact-old");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join("history.json");
        let old = r#"{"version":1,"entries":["https://u:pw1@h/","https://u:pw2@h/","x"]}"#;
        std::fs::write(&path, old).unwrap_or_else(|e| panic!("{e}"));
        let (mut h, _) = History::load(path.clone());
        assert_eq!(h.entries(), ["https://u:***@h/", "x"]);
        h.push("y");
        h.save().unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(!text.contains("pw1") && !text.contains("pw2"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn passwords_are_redacted_wherever_the_authority_sits() {
        for (input, want) in [
            (" https://u:pw@h/", " https://u:***@h/"),
            ("\thttps://u:pw@h/", "\thttps://u:***@h/"),
            ("<https://u:pw@h/>", "<https://u:***@h/>"),
            ("<URL:https://u:pw@h/>", "<URL:https://u:***@h/>"),
            ("URL:ftp://u:pw@h/", "URL:ftp://u:***@h/"),
            ("//user:pw@host/", "//user:***@host/"),
            ("//user:pw@host", "//user:***@host"),
            ("xri://@a*(https://u:pw@h/)", "xri://@a*(https://u:***@h/)"),
            ("xri://@a*(https://u:pw@h)", "xri://@a*(https://u:***@h)"),
            (
                "xri://@a/(+b)*(ftp://x:y@z/p)",
                "xri://@a/(+b)*(ftp://x:***@z/p)",
            ),
            ("HTTPS://U:PW@H/", "HTTPS://U:***@H/"),
            ("https:u:pw@h/", "https:u:***@h/"),
            ("https:\\\\u:pw@h\\p", "https:\\\\u:***@h\\p"),
            ("https:///u:pw@h/", "https:///u:***@h/"),
            ("https://u%3Apw@h/", "https://u%3A***@h/"),
            ("https://u:p@ss@h/", "https://u:***@h/"),
            (
                "https://a:1@b/ https://c:2@d/",
                "https://a:***@b/ https://c:***@d/",
            ),
            ("https://h/?p%61ssword=x", "https://h/?p%61ssword=***"),
            (" https://h/x?token=abc", " https://h/x?token=***"),
            (
                "xri://@a*(https://h/?access_token=t)",
                "xri://@a*(https://h/?access_token=***",
            ),
            ("token=abc", "token=***"),
            ("https://user@host/p", "https://user@host/p"),
            ("https://h:80/a@b", "https://h:80/a@b"),
            ("mailto:a@b?subject=x", "mailto:a@b?subject=x"),
        ] {
            assert_eq!(redact(input), want, "{input:?}");
        }
        // Linear: a megabyte of authority starts and parameters is one pass.
        let big = "//a:b@c?key=1&".repeat(100_000);
        let r = redact(&big);
        assert!(!r.contains("b@") && !r.contains("key=1"));
    }

    #[test]
    fn dedup_is_linear_in_the_bytes() {
        // 500 entries of 64 KiB sharing all but their last bytes, each twice: the old
        // move-to-end compared every pair, about 500 * 1000 / 2 comparisons of 64 KiB.
        let n = MAX_ENTRIES;
        let prefix = "a".repeat(MAX_ENTRY_BYTES - 8);
        let mut list: Vec<String> = (0..n).map(|i| format!("{prefix}{i:08}")).collect();
        list.extend(list.clone());
        let total: usize = list.iter().map(String::len).sum();
        let mut work = Work::default();
        let out = dedup_keep_last(list, &mut work);
        assert_eq!(out.len(), n);
        assert_eq!(out[0], format!("{prefix}{:08}", 0));
        assert!(work.comparisons <= n + 16, "{work:?}");
        assert!(work.bytes <= 2 * total, "{work:?} for {total} bytes");
        // Order: the last copies, oldest first.
        let mut work = Work::default();
        let out = dedup_keep_last(
            ["a", "b", "a", "c", "b"].map(String::from).to_vec(),
            &mut work,
        );
        assert_eq!(out, ["a", "c", "b"]);
    }

    #[test]
    fn entries_over_the_limit_are_dropped_when_read() {
        let dir = temp_dir("huge-entry");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join("history.json");
        let huge = "x".repeat(8 * 1024 * 1024);
        let text = serde_json::json!({"version": 1, "entries": ["urn:a:b", huge, "", "urn:c:d"]});
        std::fs::write(&path, text.to_string()).unwrap_or_else(|e| panic!("{e}"));
        let (mut h, msg) = History::load(path.clone());
        assert_eq!(h.entries(), ["urn:a:b", "urn:c:d"]);
        let msg = msg.unwrap_or_default();
        assert!(
            msg.contains("1 history entry longer than 64 KiB dropped"),
            "{msg}"
        );
        assert_eq!(h.older(""), Some("urn:c:d"));
        assert_eq!(h.older(""), Some("urn:a:b"));
        assert_eq!(h.older(""), None);
        h.push("urn:e:f");
        h.save().unwrap_or_else(|e| panic!("{e}"));
        let saved = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            saved.len() < 4096,
            "the huge entry is gone: {} bytes",
            saved.len()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn the_file_and_folder_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("private");
        let path = dir.join("idbench").join("history.json");
        // An older version left a world-readable file in a world-readable folder.
        std::fs::create_dir_all(path.parent().unwrap_or(&dir)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&path, r#"{"version":1,"entries":["old"]}"#)
            .unwrap_or_else(|e| panic!("{e}"));
        let wide = std::fs::Permissions::from_mode(0o755);
        std::fs::set_permissions(path.parent().unwrap_or(&dir), wide)
            .unwrap_or_else(|e| panic!("{e}"));
        let (mut h, _) = History::load(path.clone());
        h.push("new");
        h.save().unwrap_or_else(|e| panic!("{e}"));
        let mode = |p: &Path| {
            std::fs::metadata(p)
                .map(|m| m.permissions().mode() & 0o777)
                .unwrap_or(0)
        };
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap_or(&dir)), 0o700);
        assert_eq!(h.entries(), ["old", "new"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn an_unreadable_file_is_left_alone_and_not_saved_over() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("unreadable");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join("history.json");
        std::fs::write(&path, r#"{"version":1,"entries":["kept"]}"#)
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000))
            .unwrap_or_else(|e| panic!("{e}"));
        if std::fs::read(&path).is_ok() {
            // Running as root: permissions do not stop reading. Use a directory instead,
            // which no one can read as a file.
            std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{e}"));
            std::fs::create_dir(&path).unwrap_or_else(|e| panic!("{e}"));
        }
        let (mut h, msg) = History::load(path.clone());
        let msg = msg.unwrap_or_default();
        assert!(
            msg.contains("cannot be read") && msg.contains("left as it is"),
            "{msg}"
        );
        assert!(
            !msg.contains("corrupt") && !msg.contains("set aside"),
            "{msg}"
        );
        h.push("x");
        h.save().unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<_> = std::fs::read_dir(&dir)
            .map(|r| r.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert_eq!(
            names,
            [std::ffi::OsString::from("history.json")],
            "nothing renamed or added"
        );
        let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn two_set_asides_in_the_same_second_keep_both() {
        let dir = temp_dir("asides");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join("history.json");
        for text in ["first", "second", "third"] {
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
            let (_, msg) = History::load(path.clone());
            assert!(msg.unwrap_or_default().contains("set aside as"));
        }
        let mut kept: Vec<String> = std::fs::read_dir(&dir)
            .map(|r| {
                r.filter_map(|e| e.ok())
                    .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                    .collect()
            })
            .unwrap_or_default();
        kept.sort();
        assert_eq!(kept, ["first", "second", "third"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn saves_merge_with_what_another_workbench_saved() {
        let dir = temp_dir("merge");
        let path = dir.join("history.json");
        let (mut a, _) = History::load(path.clone());
        let (mut b, _) = History::load(path.clone());
        a.push("from-a-1");
        b.push("from-b");
        a.push("from-a-2");
        a.save().unwrap_or_else(|e| panic!("{e}"));
        b.save().unwrap_or_else(|e| panic!("{e}"));
        let (c, _) = History::load(path);
        assert_eq!(c.entries(), ["from-a-1", "from-a-2", "from-b"]);
        assert_eq!(
            b.entries(),
            c.entries(),
            "b recalls a's entries after saving"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn keeps_the_newest_entries_and_skips_huge_ones() {
        let dir = temp_dir("trim");
        let path = dir.join("history.json");
        let (mut h, _) = History::load(path.clone());
        for i in 0..MAX_ENTRIES + 20 {
            h.push(&format!("urn:n:{i}"));
        }
        h.push(&"x".repeat(MAX_ENTRY_BYTES + 1));
        h.save().unwrap_or_else(|e| panic!("{e}"));
        let (h, _) = History::load(path);
        assert_eq!(h.entries().len(), MAX_ENTRIES);
        assert_eq!(h.entries()[0], "urn:n:20");
        assert_eq!(
            h.entries()[MAX_ENTRIES - 1],
            format!("urn:n:{}", MAX_ENTRIES + 19)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn read_regular_refuses_devices_and_big_files() {
        let e = crate::files::read_regular(Path::new("/dev/zero"), 1024)
            .err()
            .map(|e| e.to_string());
        assert!(e.unwrap_or_default().contains("not a regular file"));
        let dir = temp_dir("regular");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let big = dir.join("big");
        std::fs::write(&big, vec![b'a'; 2000]).unwrap_or_else(|e| panic!("{e}"));
        let e = crate::files::read_regular(&big, 1000)
            .err()
            .map(|e| e.to_string());
        assert!(e.unwrap_or_default().contains("larger than 1000 bytes"));
        assert_eq!(
            crate::files::read_regular(&big, 2000).map(|s| s.len()).ok(),
            Some(2000)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
