//! The workbench's settings file.
//!
//! Lookup order, first found wins for each setting:
//!
//! 1. the command line: `--theme`, `--profile`;
//! 2. `config.toml` in the platform config directory:
//!    `$XDG_CONFIG_HOME/idbench/config.toml` (when `XDG_CONFIG_HOME` is unset,
//!    `~/.config/idbench/config.toml`) on Linux and the BSDs,
//!    `~/Library/Application Support/idbench/config.toml` on macOS,
//!    `%APPDATA%\idbench\config\config.toml` on Windows;
//! 3. the built-in defaults: theme `dark`, profile `auto`, mouse capture on.
//!
//! ```toml
//! theme = "light"      # a built-in name, NAME for <config dir>/themes/NAME.toml, or a path
//! profile = "auto"     # or rfc3986, rfc3987, rfc1630, rfc2141, rfc2141bis, rfc8141, xri2
//! mouse = true         # capture the mouse at start (Ctrl-G toggles it)
//! history = true       # false: neither read nor write the history file
//! ```
//!
//! A theme path in the file is relative to the config directory. A file that cannot be read
//! or has a wrong key is reported (file, line, key) on the status line and the defaults
//! apply to what it got wrong.

use std::path::{Path, PathBuf};

use toml::de::DeTable;

use crate::engine::Profile;

/// A config file larger than this is not read.
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// Of many unknown keys in a config or theme file, this many are named (the first in the
/// file); the rest are counted.
pub const MAX_UNKNOWN_REPORTED: usize = 20;

/// The line numbers of a text: where each line starts, found in one pass, so that the
/// line of any byte offset is a binary search (asking each key's line by counting the
/// newlines before it made start-up quadratic in the number of keys).
#[derive(Debug)]
pub struct LineIndex {
    /// The byte offset just past each `\n`.
    starts: Vec<usize>,
    /// Bytes scanned plus search steps so far.
    work: std::cell::Cell<usize>,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let starts: Vec<usize> = memchr::memchr_iter(b'\n', text.as_bytes())
            .map(|i| i + 1)
            .collect();
        LineIndex {
            starts,
            work: std::cell::Cell::new(text.len()),
        }
    }

    /// The 1-based line of byte `at`.
    pub fn line(&self, at: usize) -> usize {
        let steps = usize::BITS - self.starts.len().leading_zeros() + 1;
        self.work.set(self.work.get() + steps as usize);
        self.starts.partition_point(|&s| s <= at) + 1
    }

    /// Bytes scanned plus search steps so far.
    pub fn work(&self) -> usize {
        self.work.get()
    }
}

/// The settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The theme: a built-in name, a user theme name, or a path; `None` for the default.
    pub theme: Option<String>,
    /// The starting profile; `None` is auto.
    pub profile: Option<Profile>,
    /// Capture the mouse at start.
    pub mouse: bool,
    /// Keep the history file (read at start, merged into at exit).
    pub history: bool,
    /// The directory the file was read from (for relative theme paths and user themes).
    pub dir: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            theme: None,
            profile: None,
            mouse: true,
            history: true,
            dir: None,
        }
    }
}

/// The platform config directory for idbench, if there is one.
pub fn config_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "idbench").map(|d| d.config_dir().to_path_buf())
}

impl Config {
    /// Reads `config.toml` from the platform config directory. A missing file is the
    /// defaults without a message.
    pub fn load() -> (Config, Vec<String>) {
        let Some(dir) = config_dir() else {
            return (Config::default(), Vec::new());
        };
        Config::load_from(&dir)
    }

    /// Reads `dir/config.toml`.
    pub fn load_from(dir: &Path) -> (Config, Vec<String>) {
        let path = dir.join("config.toml");
        // A regular file of at most 1 MiB: a FIFO or a device would hang the start.
        match crate::files::read_regular(&path, MAX_CONFIG_BYTES) {
            Ok(text) => {
                let (mut c, msgs) = Config::parse(&text, &path.display().to_string());
                c.dir = Some(dir.to_path_buf());
                (c, msgs)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (
                Config {
                    dir: Some(dir.to_path_buf()),
                    ..Config::default()
                },
                Vec::new(),
            ),
            Err(e) => (
                Config {
                    dir: Some(dir.to_path_buf()),
                    ..Config::default()
                },
                vec![format!(
                    "{}: cannot read the config ({e}); using the defaults",
                    path.display()
                )],
            ),
        }
    }

    /// Parses a config file's text; `file` names it in messages. Linear in the size of
    /// the file: line numbers come from a [`LineIndex`] built once, and of many unknown
    /// keys only the first [`MAX_UNKNOWN_REPORTED`] (in file order) are named.
    pub fn parse(text: &str, file: &str) -> (Config, Vec<String>) {
        let (c, msgs, _) = Config::parse_counted(text, file);
        (c, msgs)
    }

    /// [`parse`](Self::parse), also returning the work done finding line numbers (bytes
    /// scanned plus search steps): tests hold it to a small multiple of the file's size.
    pub fn parse_counted(text: &str, file: &str) -> (Config, Vec<String>, usize) {
        let mut c = Config::default();
        let mut msgs = Vec::new();
        let lines = LineIndex::new(text);
        let doc = match DeTable::parse(text) {
            Ok(d) => d,
            Err(e) => {
                let l = e
                    .span()
                    .map(|s| format!(":{}", lines.line(s.start)))
                    .unwrap_or_default();
                msgs.push(format!(
                    "{file}{l}: not valid TOML: {}; using the defaults",
                    e.message().trim()
                ));
                return (c, msgs, lines.work());
            }
        };
        let mut found: Vec<(usize, String)> = Vec::new();
        // Unknown keys: (line, key) only; the messages are written for the first few.
        let mut unknown: Vec<(usize, &str)> = Vec::new();
        for (k, v) in doc.get_ref().iter() {
            let key: &str = k.get_ref();
            let at = || lines.line(v.span().start);
            let msg = match key {
                "theme" => match v.get_ref().as_str() {
                    Some(s) => {
                        c.theme = Some(s.to_string());
                        None
                    }
                    None => Some(format!("{file}:{}: theme: expected a string", at())),
                },
                "profile" => match v.get_ref().as_str() {
                    Some(s) if s.eq_ignore_ascii_case("auto") => {
                        c.profile = None;
                        None
                    }
                    Some(s) => match s.parse::<Profile>() {
                        Ok(p) => {
                            c.profile = Some(p);
                            None
                        }
                        Err(e) => Some(format!("{file}:{}: profile: {e}; using auto", at())),
                    },
                    None => Some(format!("{file}:{}: profile: expected a string", at())),
                },
                "mouse" => match v.get_ref().as_bool() {
                    Some(b) => {
                        c.mouse = b;
                        None
                    }
                    None => Some(format!("{file}:{}: mouse: expected true or false", at())),
                },
                "history" => match v.get_ref().as_bool() {
                    Some(b) => {
                        c.history = b;
                        None
                    }
                    None => Some(format!(
                        "{file}:{}: history: expected true or false; keeping the history",
                        at()
                    )),
                },
                other => {
                    unknown.push((lines.line(k.span().start), other));
                    None
                }
            };
            if let Some(m) = msg {
                found.push((at(), m));
            }
        }
        // The TOML map is ordered by key; report in file order.
        unknown.sort_unstable_by_key(|(l, _)| *l);
        let more = unknown.len().saturating_sub(MAX_UNKNOWN_REPORTED);
        found.extend(unknown.iter().take(MAX_UNKNOWN_REPORTED).map(|(l, k)| {
            (
                *l,
                format!("{file}:{l}: {k}: unknown key; expected theme, profile, mouse or history"),
            )
        }));
        found.sort_by_key(|(l, _)| *l);
        msgs.extend(found.into_iter().map(|(_, m)| m));
        if more > 0 {
            msgs.push(format!("{file}: {more} more unknown keys not listed"));
        }
        (c, msgs, lines.work())
    }

    /// The theme setting as a path or name to hand to the theme loader: relative paths are
    /// taken from the config directory.
    pub fn theme_spec(&self) -> Option<String> {
        let t = self.theme.as_ref()?;
        let is_path = t.contains(['/', '\\']) || t.ends_with(".toml");
        match &self.dir {
            Some(dir) if is_path && Path::new(t).is_relative() => {
                Some(dir.join(t).display().to_string())
            }
            _ => Some(t.clone()),
        }
    }

    /// Where user themes named without a path are looked for: `<config dir>/themes`.
    pub fn themes_dir(&self) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join("themes"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_settings_and_reports_bad_keys_with_lines() {
        let (c, m) = Config::parse(
            "theme = \"light\"\nprofile = \"rfc2141\"\nmouse = false\nhistory = false\n",
            "c.toml",
        );
        assert!(m.is_empty(), "{m:?}");
        assert!(!c.history);
        assert_eq!(c.theme.as_deref(), Some("light"));
        assert_eq!(c.profile, Some(Profile::Rfc2141));
        assert!(!c.mouse);
        let (c, m) = Config::parse(
            "profile = \"rfc9999\"\ncolour = 1\nmouse = \"yes\"\n",
            "c.toml",
        );
        assert_eq!(c, Config::default());
        assert_eq!(m.len(), 3, "{m:?}");
        assert!(
            m[0].starts_with("c.toml:1: profile: unknown profile"),
            "{}",
            m[0]
        );
        assert!(
            m[1].starts_with("c.toml:2: colour: unknown key"),
            "{}",
            m[1]
        );
        assert!(m[2].starts_with("c.toml:3: mouse:"), "{}", m[2]);
        let (_, m) = Config::parse("theme = \n", "c.toml");
        assert!(m[0].starts_with("c.toml:1: not valid TOML"), "{m:?}");
    }

    /// A config of `n` unknown keys, one per line.
    fn unknown_keys(n: usize) -> String {
        (0..n).map(|i| format!("k{i:06} = 1\n")).collect()
    }

    #[test]
    fn many_unknown_keys_cost_linear_work_and_few_messages() {
        // Finding the line of every key once used to scan the file from its start for each
        // key: 90,000 keys made about 4·10^10 byte comparisons. Now the work is the file
        // once plus a binary search per key.
        for n in [1_000, 20_000, 90_000] {
            let text = unknown_keys(n);
            let (c, m, work) = Config::parse_counted(&text, "c.toml");
            assert_eq!(c.theme, None);
            assert!(
                work <= 3 * text.len(),
                "{n} keys: {work} for {} bytes",
                text.len()
            );
            assert_eq!(m.len(), MAX_UNKNOWN_REPORTED + 1, "{n} keys");
            assert!(
                m[0].starts_with("c.toml:1: k000000: unknown key"),
                "{}",
                m[0]
            );
            assert!(
                m[19].starts_with("c.toml:20: k000019: unknown key"),
                "{}",
                m[19]
            );
            assert_eq!(
                m[20],
                format!("c.toml: {} more unknown keys not listed", n - 20)
            );
        }
        // A few are all named, none counted.
        let (_, m) = Config::parse(&unknown_keys(3), "c.toml");
        assert_eq!(m.len(), 3, "{m:?}");
    }

    #[test]
    fn line_index_agrees_with_counting_newlines() {
        let text = "a\n\nbc\nd";
        let lines = LineIndex::new(text);
        for at in 0..=text.len() + 2 {
            let want = text.as_bytes()[..at.min(text.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            assert_eq!(lines.line(at), want, "at {at}");
        }
    }

    #[test]
    fn relative_theme_paths_are_taken_from_the_config_dir() {
        let c = Config {
            theme: Some("mine.toml".into()),
            dir: Some(PathBuf::from("/cfg")),
            ..Config::default()
        };
        assert_eq!(
            c.theme_spec(),
            Some(Path::new("/cfg").join("mine.toml").display().to_string())
        );
        let c = Config {
            theme: Some("light".into()),
            dir: Some(PathBuf::from("/cfg")),
            ..Config::default()
        };
        assert_eq!(c.theme_spec().as_deref(), Some("light"));
    }
}
