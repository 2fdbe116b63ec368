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
        match super::history::read_regular(&path, MAX_CONFIG_BYTES) {
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

    /// Parses a config file's text; `file` names it in messages.
    pub fn parse(text: &str, file: &str) -> (Config, Vec<String>) {
        let mut c = Config::default();
        let mut msgs = Vec::new();
        let line = |at: usize| {
            text.as_bytes()[..at.min(text.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1
        };
        let doc = match DeTable::parse(text) {
            Ok(d) => d,
            Err(e) => {
                let l = e
                    .span()
                    .map(|s| format!(":{}", line(s.start)))
                    .unwrap_or_default();
                msgs.push(format!(
                    "{file}{l}: not valid TOML: {}; using the defaults",
                    e.message().trim()
                ));
                return (c, msgs);
            }
        };
        let mut found: Vec<(usize, String)> = Vec::new();
        for (k, v) in doc.get_ref().iter() {
            let key: &str = k.get_ref();
            let at = line(v.span().start);
            let mut msgs = Vec::new();
            match key {
                "theme" => match v.get_ref().as_str() {
                    Some(s) => c.theme = Some(s.to_string()),
                    None => msgs.push(format!("{file}:{at}: theme: expected a string")),
                },
                "profile" => match v.get_ref().as_str() {
                    Some(s) if s.eq_ignore_ascii_case("auto") => c.profile = None,
                    Some(s) => match s.parse::<Profile>() {
                        Ok(p) => c.profile = Some(p),
                        Err(e) => msgs.push(format!("{file}:{at}: profile: {e}; using auto")),
                    },
                    None => msgs.push(format!("{file}:{at}: profile: expected a string")),
                },
                "mouse" => match v.get_ref().as_bool() {
                    Some(b) => c.mouse = b,
                    None => msgs.push(format!("{file}:{at}: mouse: expected true or false")),
                },
                "history" => match v.get_ref().as_bool() {
                    Some(b) => c.history = b,
                    None => msgs.push(format!(
                        "{file}:{at}: history: expected true or false; keeping the history"
                    )),
                },
                other => msgs.push(format!(
                    "{file}:{}: {other}: unknown key; expected theme, profile, mouse or history",
                    line(k.span().start)
                )),
            }
            found.extend(msgs.into_iter().map(|m| (at, m)));
        }
        // The TOML map is ordered by key; report in file order.
        found.sort_by_key(|(l, _)| *l);
        msgs.extend(found.into_iter().map(|(_, m)| m));
        (c, msgs)
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
