//! Recent inputs, recalled with Up and Down in the input line.
//!
//! Kept in `history.json` under the platform data directory (`$XDG_DATA_HOME/idbench` or
//! `~/.local/share/idbench` on Linux, `~/Library/Application Support/idbench` on macOS,
//! `%APPDATA%\idbench\data` on Windows).
//!
//! - **Private**: on Unix the folder is made 0700 and the file 0600. The password part of a
//!   URI's userinfo (`https://user:PASSWORD@host`) and the values of query or fragment
//!   parameters that carry secrets (`access_token=`, `password=`, `api_key=`… see
//!   [`redact`]) are never stored: they are replaced by [`REDACTED`] when an entry is
//!   remembered.
//! - **Nothing lost**: saving takes an advisory lock on `history.json.lock`, re-reads the
//!   file, adds this session's entries to what is there (another workbench may have saved
//!   meanwhile), keeps the newest [`MAX_ENTRIES`], and writes atomically (a temporary file
//!   in the same directory, then a rename), so a crash never leaves half a file.
//! - A file that is not a valid history is set aside under a new name
//!   (`history.json.corrupt-SECONDS-PID[-N]`, never overwriting an earlier one), with a
//!   status message, and a new history starts. A file that cannot be read for another
//!   reason (permissions) is left alone, said so, and not saved over this session.
//! - `history = false` in the config file or `--no-history` turns it off: the file is then
//!   neither read nor written.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// At most this many entries are kept (the newest).
pub const MAX_ENTRIES: usize = 500;

/// Longer inputs are not remembered (a pasted megabyte would otherwise be written at every
/// exit).
pub const MAX_ENTRY_BYTES: usize = 64 * 1024;

/// A history file larger than this is not read (it is not one this program wrote).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// What stands for a secret that is not stored.
pub const REDACTED: &str = "***";

#[derive(Serialize, Deserialize)]
struct File {
    version: u32,
    entries: Vec<String>,
}

/// The history and where it lives.
#[derive(Debug, Default)]
pub struct History {
    entries: Vec<String>,
    /// The entries remembered this session, oldest first (merged into the file on save).
    added: Vec<String>,
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

fn is_secret_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    SECRET_NAMES.contains(&n.as_str()) || SECRET_PARTS.iter().any(|p| n.contains(p))
}

/// `input` with its secrets replaced by [`REDACTED`]: the password of a URI or IRI authority's
/// userinfo (`scheme://user:PASSWORD@host`: what follows the first `:` of the userinfo), and
/// the value of every `name=value` parameter of the query or fragment whose name marks a
/// secret (see `SECRET_NAMES`, `SECRET_PARTS`). Written here rather than taken from the
/// engine's tree because it must hold for any text, valid or not, under any profile.
pub fn redact(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    // scheme "://" authority
    let scheme_end = input
        .find("://")
        .filter(|&i| {
            i > 0
                && input[..i].starts_with(|c: char| c.is_ascii_alphabetic())
                && input[..i]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        })
        .map(|i| i + 3);
    if let Some(start) = scheme_end {
        let auth_len = input[start..]
            .find(['/', '?', '#'])
            .unwrap_or(input.len() - start);
        let authority = &input[start..start + auth_len];
        out.push_str(&input[..start]);
        match authority.rfind('@') {
            Some(at) => {
                let userinfo = &authority[..at];
                match userinfo.find(':') {
                    Some(colon) if colon + 1 < userinfo.len() => {
                        out.push_str(&userinfo[..=colon]);
                        out.push_str(REDACTED);
                        out.push_str(&authority[at..]);
                    }
                    _ => out.push_str(authority),
                }
            }
            None => out.push_str(authority),
        }
        rest = &input[start + auth_len..];
    }
    // The path as it is; then the query and fragment parameters.
    let params_at = rest.find(['?', '#']).unwrap_or(rest.len());
    out.push_str(&rest[..params_at]);
    let mut tail = &rest[params_at..];
    while !tail.is_empty() {
        // A delimiter, then a parameter up to the next delimiter.
        let delim = &tail[..1];
        out.push_str(delim);
        tail = &tail[1..];
        let end = tail.find(['&', ';', '?', '#']).unwrap_or(tail.len());
        let param = &tail[..end];
        match param.split_once('=') {
            Some((name, value)) if !value.is_empty() && is_secret_name(name) => {
                out.push_str(name);
                out.push('=');
                out.push_str(REDACTED);
            }
            _ => out.push_str(param),
        }
        tail = &tail[end..];
    }
    out
}

/// Reads the regular file at `path` as UTF-8, refusing anything else (a FIFO, a device such
/// as `/dev/zero`, a directory) and anything larger than `cap` bytes, so reading can neither
/// block nor run forever. Errors name the problem; the caller names the path.
pub fn read_regular(path: &Path, cap: u64) -> std::io::Result<String> {
    use std::io::Read;
    let not_regular = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a device, FIFO or directory)",
        )
    };
    // Looked at before opening: opening a FIFO blocks until a writer comes.
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let f = std::fs::File::open(path)?;
    if !f.metadata()?.is_file() {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    f.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("larger than {cap} bytes"),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8"))
}

/// What reading the file gave.
enum Read {
    Missing,
    Entries(Vec<String>),
    /// Not a history: to be set aside.
    Invalid(String),
    /// Could not be read (permissions, a directory…): left alone.
    Unreadable(std::io::Error),
}

fn read_file(path: &Path) -> Read {
    match read_regular(path, MAX_FILE_BYTES) {
        Ok(text) => match serde_json::from_str::<File>(&text) {
            Ok(f) if f.version == 1 => {
                let mut entries = f.entries;
                let excess = entries.len().saturating_sub(MAX_ENTRIES);
                entries.drain(..excess);
                // A file written before secrets were redacted loses them at the next save.
                let mut redacted = Vec::with_capacity(entries.len());
                for e in &entries {
                    move_to_end(&mut redacted, &redact(e));
                }
                Read::Entries(redacted)
            }
            Ok(f) => Read::Invalid(format!("unknown version {}", f.version)),
            Err(e) => Read::Invalid(e.to_string()),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Read::Missing,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Read::Invalid(e.to_string()),
        Err(e) => Read::Unreadable(e),
    }
}

/// A name beside `path` for setting it aside: `PATH.corrupt-SECONDS-PID`, with `-N` added
/// while that exists, so two set-asides in the same second never overwrite each other.
fn aside_name(path: &Path) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let base = format!(".corrupt-{secs}-{}", std::process::id());
    let mut n = 0u32;
    loop {
        let mut aside = path.as_os_str().to_owned();
        aside.push(&base);
        if n > 0 {
            aside.push(format!("-{n}"));
        }
        let aside = PathBuf::from(aside);
        if std::fs::symlink_metadata(&aside).is_err() {
            return aside;
        }
        n += 1;
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

    /// Loads the history at `path`. A missing file is an empty history; one that is not a
    /// history is set aside; one that cannot be read is left alone and not saved over. The
    /// message, if any, is for the status line.
    pub fn load(path: PathBuf) -> (History, Option<String>) {
        let mut h = History {
            path: Some(path.clone()),
            ..History::default()
        };
        match read_file(&path) {
            Read::Missing => (h, None),
            Read::Entries(e) => {
                h.entries = e;
                (h, None)
            }
            Read::Invalid(why) => h.set_aside(&path, &why),
            Read::Unreadable(e) => {
                h.path = None;
                let msg = format!(
                    "history file {} cannot be read ({e}); it is left as it is, and this session's history will not be saved",
                    crate::safe_text::escape(&path.display().to_string())
                );
                (h, Some(msg))
            }
        }
    }

    /// Renames the invalid file at `path` aside; returns the history and the message.
    fn set_aside(mut self, path: &Path, why: &str) -> (History, Option<String>) {
        let aside = aside_name(path);
        let shown = crate::safe_text::escape(why).into_owned();
        let msg = match std::fs::rename(path, &aside) {
            Ok(()) => format!(
                "history file is not a valid history ({shown}); set aside as {}; starting a new history",
                crate::safe_text::escape(&aside.display().to_string())
            ),
            Err(e) => {
                // Keep the file untouched: do not save over it this session.
                self.path = None;
                format!(
                    "history file {} is not a valid history ({shown}) and could not be set aside ({e}); history will not be saved",
                    crate::safe_text::escape(&path.display().to_string())
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
        move_to_end(&mut self.added, &entry);
        let excess = self.added.len().saturating_sub(MAX_ENTRIES);
        self.added.drain(..excess);
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
    /// Does nothing when nothing was remembered or the history is not saved.
    pub fn save(&mut self) -> std::io::Result<()> {
        let Some(path) = self.path.clone() else {
            return Ok(());
        };
        if self.added.is_empty() {
            return Ok(());
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        create_private_dir(&dir)?;
        let mut lock_name = path.as_os_str().to_owned();
        lock_name.push(".lock");
        let lock = private_file(Path::new(&lock_name), false)?;
        // Blocks until another workbench's save is done. `fs4`'s lock, named in full: std's
        // own `File::lock` (Rust 1.89) is newer than the crate's minimum Rust.
        fs4::FileExt::lock(&lock)?;
        let result = self.save_locked(&path);
        let _ = fs4::FileExt::unlock(&lock);
        result
    }

    fn save_locked(&mut self, path: &Path) -> std::io::Result<()> {
        let mut merged = match read_file(path) {
            Read::Missing => Vec::new(),
            Read::Entries(e) => e,
            Read::Invalid(_) => {
                // Became invalid while this session ran: keep it aside, start from ours.
                std::fs::rename(path, aside_name(path))?;
                Vec::new()
            }
            Read::Unreadable(e) => return Err(e),
        };
        for e in &self.added {
            move_to_end(&mut merged, e);
        }
        let excess = merged.len().saturating_sub(MAX_ENTRIES);
        merged.drain(..excess);
        let text = serde_json::to_string_pretty(&File {
            version: 1,
            entries: merged,
        })
        .map_err(std::io::Error::other)?;
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(format!(".tmp-{}", std::process::id()));
        let tmp = PathBuf::from(tmp);
        let write = || -> std::io::Result<()> {
            let mut f = private_file(&tmp, true)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            std::fs::rename(&tmp, path)
        };
        let r = write();
        match &r {
            Err(_) => {
                let _ = std::fs::remove_file(&tmp);
            }
            Ok(()) => {
                self.added.clear();
                // What the file now holds is what Up recalls from here on.
                if let Read::Entries(e) = read_file(path) {
                    self.entries = e;
                }
            }
        }
        r
    }
}

/// Puts `entry` last in `list`, removing an earlier copy.
fn move_to_end(list: &mut Vec<String>, entry: &str) {
    list.retain(|e| e != entry);
    list.push(entry.to_string());
}

/// Creates `dir` (and its parents) if missing; on Unix makes it 0700.
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)?;
        let mode = std::fs::metadata(dir)?.permissions().mode() & 0o777;
        if mode != 0o700 {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        std::fs::create_dir_all(dir)
    }
}

/// Opens (creating) `path` for writing, 0600 on Unix; `truncate` empties it.
fn private_file(path: &Path, truncate: bool) -> std::io::Result<std::fs::File> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create(true).truncate(truncate);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        o.mode(0o600);
        let f = o.open(path)?;
        // A file left by an older version may have been created wider.
        f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        Ok(f)
    }
    #[cfg(not(unix))]
    {
        o.open(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("idbench-history-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
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
            ("://x:y@z", "://x:y@z"),
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
        let e = read_regular(Path::new("/dev/zero"), 1024)
            .err()
            .map(|e| e.to_string());
        assert!(e.unwrap_or_default().contains("not a regular file"));
        let dir = temp_dir("regular");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let big = dir.join("big");
        std::fs::write(&big, vec![b'a'; 2000]).unwrap_or_else(|e| panic!("{e}"));
        let e = read_regular(&big, 1000).err().map(|e| e.to_string());
        assert!(e.unwrap_or_default().contains("larger than 1000 bytes"));
        assert_eq!(read_regular(&big, 2000).map(|s| s.len()).ok(), Some(2000));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
