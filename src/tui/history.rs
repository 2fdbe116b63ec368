//! Recent inputs, recalled with Up and Down in the input line.
//!
//! Kept in `history.json` under the platform data directory (`$XDG_DATA_HOME/idbench` or
//! `~/.local/share/idbench` on Linux, `~/Library/Application Support/idbench` on macOS,
//! `%APPDATA%\idbench\data` on Windows). The file is written atomically (a temporary file in
//! the same directory, then a rename), so a crash never leaves half a file. A file that
//! cannot be read is set aside under a new name, with a status message, and a new history
//! starts: it is never lost silently nor overwritten.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// At most this many entries are kept.
pub const MAX_ENTRIES: usize = 500;

#[derive(Serialize, Deserialize)]
struct File {
    version: u32,
    entries: Vec<String>,
}

/// The history and where it lives.
#[derive(Debug, Default)]
pub struct History {
    entries: Vec<String>,
    path: Option<PathBuf>,
    /// While recalling: the index of the entry shown.
    nav: Option<usize>,
    /// What was in the input before recalling started.
    draft: String,
    dirty: bool,
}

impl History {
    /// A history that is never saved.
    pub fn in_memory() -> History {
        History::default()
    }

    /// `history.json` in the platform data directory, if there is one.
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "idbench").map(|d| d.data_dir().join("history.json"))
    }

    /// Loads the history at `path`. A missing file is an empty history; an unreadable one is
    /// set aside. The message, if any, is for the status line.
    pub fn load(path: PathBuf) -> (History, Option<String>) {
        let mut h = History {
            path: Some(path.clone()),
            ..History::default()
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (h, None),
            Err(e) => return h.set_aside(&path, &e.to_string()),
        };
        match serde_json::from_str::<File>(&text) {
            Ok(f) if f.version == 1 => {
                h.entries = f.entries;
                let excess = h.entries.len().saturating_sub(MAX_ENTRIES);
                h.entries.drain(..excess);
                (h, None)
            }
            Ok(f) => h.set_aside(&path, &format!("unknown version {}", f.version)),
            Err(e) => h.set_aside(&path, &e.to_string()),
        }
    }

    /// Renames the unreadable file at `path` to `path.corrupt-SECONDS`; returns the history
    /// and the message saying so.
    fn set_aside(mut self, path: &Path, why: &str) -> (History, Option<String>) {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let mut aside = path.as_os_str().to_owned();
        aside.push(format!(".corrupt-{secs}"));
        let aside = PathBuf::from(aside);
        let shown = crate::safe_text::escape(why).into_owned();
        let msg = match std::fs::rename(path, &aside) {
            Ok(()) => format!(
                "history file could not be read ({shown}); set aside as {}; starting a new history",
                aside.display()
            ),
            Err(e) => {
                // Keep the file untouched: do not save over it this session.
                self.path = None;
                format!(
                    "history file {} could not be read ({shown}) nor set aside ({e}); history will not be saved",
                    path.display()
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

    /// Remembers `input` as the newest entry (moving it there if it was already known).
    pub fn push(&mut self, input: &str) {
        self.nav = None;
        if input.is_empty() || self.entries.last().is_some_and(|l| l == input) {
            return;
        }
        self.entries.retain(|e| e != input);
        self.entries.push(input.to_string());
        let excess = self.entries.len().saturating_sub(MAX_ENTRIES);
        self.entries.drain(..excess);
        self.dirty = true;
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

    /// Writes the history if it changed: a temporary file, then a rename over the old one.
    pub fn save(&mut self) -> std::io::Result<()> {
        let Some(path) = self.path.clone() else {
            return Ok(());
        };
        if !self.dirty {
            return Ok(());
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let text = serde_json::to_string_pretty(&File {
            version: 1,
            entries: self.entries.clone(),
        })
        .map_err(std::io::Error::other)?;
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(format!(".tmp-{}", std::process::id()));
        let tmp = PathBuf::from(tmp);
        let write = || -> std::io::Result<()> {
            use std::io::Write;
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            std::fs::rename(&tmp, &path)
        };
        let r = write();
        if r.is_err() {
            let _ = std::fs::remove_file(&tmp);
        } else {
            self.dirty = false;
        }
        r
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
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap_or(&dir))
            .map(|r| r.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
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
}
