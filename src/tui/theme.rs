//! Themes: styles named for what they mean (error, selection, a node kind, ...), read from
//! TOML.
//!
//! A theme file looks like this (every key optional; a slot left out keeps the style of the
//! theme named by `inherits`, `dark` by default):
//!
//! ```toml
//! name = "my theme"
//! inherits = "light"
//!
//! [slots]
//! error = { fg = "red", underline = true }
//! selection = { reverse = true }
//! dim = "darkgray"            # a bare string is a foreground colour
//!
//! [kinds]
//! scheme = { fg = "#5fafd7", bold = true }
//! ```
//!
//! Colours are names (`red`, `lightblue`, `darkgray`, ...), numbers 0-255 or `#rrggbb`; the
//! modifiers are `bold`, `dim`, `italic`, `underline` and `reverse`. The four shipped themes
//! (`dark`, `light`, `high-contrast`, `mono`) are compiled in, so `--theme NAME` works
//! anywhere; `--theme PATH` reads a file. A file that cannot be read, or a key that is wrong,
//! is reported with file, line and key, and the rest of the theme still applies. A file with
//! none of a theme's keys (a file named by mistake) is said not to be a theme, without
//! naming its keys. A theme file a deck names is read by [`Theme::load_named`]: inside the
//! deck's folder, and reported without a word of it.

use std::path::Path;

use ratatui::style::{Color, Modifier, Style};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::config::{LineIndex, MAX_UNKNOWN_REPORTED};
use crate::engine::{NodeKind, Severity};

/// Declares [`Slot`] from one line per slot: its doc, its variant and its TOML key, so the
/// enum, [`Slot::ALL`] and [`Slot::name`] cannot disagree (as `Profile` and `NodeKind` are
/// declared in the engine). Written by hand rather than with `strum`: the keys are
/// snake_case words chosen per slot, and a dozen lines of macro cost less than a dependency.
macro_rules! slots {
    ($($(#[$doc:meta])* $name:ident = $key:literal;)*) => {
        /// A style slot, named for what it shows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Slot {
            $($(#[$doc])* $name,)*
        }

        impl Slot {
            /// Every slot.
            pub const ALL: [Slot; [$($key),*].len()] = [$(Slot::$name,)*];

            /// The key in a theme file's `[slots]` table.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Slot::$name => $key,)*
                }
            }
        }
    };
}

slots! {
    /// Plain text.
    Text = "text";
    /// Secondary text: rule names, labels, separators.
    Dim = "dim";
    /// Pane borders.
    Border = "border";
    /// The focused pane's border and title.
    Focus = "focus";
    /// Pane titles.
    Title = "title";
    /// The selected row of a list.
    Selection = "selection";
    /// The selected node's span in the input.
    Highlight = "highlight";
    /// Errors and their underlines.
    Error = "error";
    /// Warnings and their underlines.
    Warning = "warning";
    /// Notes.
    Note = "note";
    /// Input characters that structure a node but belong to none of its children.
    Delimiter = "delimiter";
    /// Untrusted characters drawn as `⟨U+XXXX⟩` tokens.
    Token = "token";
    /// A profile under which the input is valid.
    Valid = "valid";
    /// A profile under which the input is invalid.
    Invalid = "invalid";
    /// A profile that does not apply to the input.
    NotApplicable = "not_applicable";
    /// The active profile.
    Active = "active";
    /// The first difference in diff mode.
    Difference = "difference";
    /// An "equal" cell or verdict.
    Equal = "equal";
    /// A "not equal" cell or verdict.
    Unequal = "unequal";
    /// The status line.
    Status = "status";
    /// A status message that reports a failure.
    StatusError = "status_error";
    /// Key names in hints and help.
    Key = "key";
    /// Table headers and group headings.
    Header = "header";
}

impl Slot {
    /// The slot with this key.
    pub fn from_name(name: &str) -> Option<Slot> {
        Slot::ALL.into_iter().find(|s| s.name() == name)
    }

    /// What must stay visible when colours are stripped (`NO_COLOR`): the modifier the slot
    /// gets if it has none of its own.
    const fn colourless_fallback(self) -> Modifier {
        match self {
            Slot::Selection | Slot::Highlight | Slot::Active | Slot::Difference => {
                Modifier::REVERSED
            }
            Slot::Focus | Slot::Header | Slot::Key => Modifier::BOLD,
            Slot::Error | Slot::Warning => Modifier::UNDERLINED,
            _ => Modifier::empty(),
        }
    }
}

/// The shipped themes, `(name, TOML)`, compiled in.
pub const BUILTIN: [(&str, &str); 4] = [
    ("dark", include_str!("../../themes/dark.toml")),
    ("light", include_str!("../../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("mono", include_str!("../../themes/mono.toml")),
];

/// A complete theme: one style per [`Slot`] and one per [`NodeKind`].
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    /// The theme's name.
    pub name: String,
    slots: [Style; Slot::ALL.len()],
    kinds: [Style; NodeKind::ALL.len()],
}

/// A problem found while loading a theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeError {
    /// The file (or `builtin:NAME`).
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// The key at fault (`slots.error`), when known.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ThemeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        if let Some(k) = &self.key {
            write!(f, ": {k}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// How the error for a theme file that is not TOML begins.
const NOT_TOML: &str = "not valid TOML";
/// How the error for a TOML file with none of a theme's keys begins.
const NOT_A_THEME: &str = "not a theme";

/// A theme file larger than this is not read.
pub const MAX_THEME_BYTES: u64 = 1024 * 1024;

impl Default for Theme {
    /// The `dark` theme.
    fn default() -> Self {
        Theme::builtin("dark").unwrap_or_else(Theme::fallback)
    }
}

impl Theme {
    /// A minimal theme that needs no file: modifiers only. Used only if a compiled-in theme
    /// failed to parse (a test keeps that from shipping).
    pub fn fallback() -> Theme {
        let mut t = Theme {
            name: "fallback".into(),
            slots: [Style::new(); Slot::ALL.len()],
            kinds: [Style::new(); NodeKind::ALL.len()],
        };
        for s in Slot::ALL {
            t.slots[s as usize] = Style::new().add_modifier(s.colourless_fallback());
        }
        t.slots[Slot::Dim as usize] = Style::new().add_modifier(Modifier::DIM);
        t
    }

    /// The style of `slot`.
    #[inline]
    pub fn get(&self, slot: Slot) -> Style {
        self.slots[slot as usize]
    }

    /// The style a diagnostic of severity `s` is labelled in (its slot without the
    /// underline the input's marks use), and its short label.
    pub fn severity(&self, s: Severity) -> (Style, &'static str) {
        let slot = match s {
            Severity::Error => Slot::Error,
            Severity::Warning => Slot::Warning,
            Severity::Note => Slot::Note,
        };
        (
            self.get(slot).remove_modifier(Modifier::UNDERLINED),
            s.name(),
        )
    }

    /// The style of nodes of `kind`.
    #[inline]
    pub fn kind(&self, kind: NodeKind) -> Style {
        // `NodeKind::ALL` is in declaration order, so the discriminant is the index.
        self.kinds.get(kind as usize).copied().unwrap_or_default()
    }

    /// A compiled-in theme by name.
    pub fn builtin(name: &str) -> Option<Theme> {
        let (n, text) = BUILTIN.iter().find(|(n, _)| n.eq_ignore_ascii_case(name))?;
        let (t, errs) = Theme::parse(text, &format!("builtin:{n}"), None);
        debug_assert!(errs.is_empty(), "{errs:?}");
        Some(t)
    }

    /// Resolves `spec`: a compiled-in name, a file in `user_dir` named `NAME.toml`, or a path.
    /// Returns the theme (the default one when nothing could be read) and the problems found.
    pub fn load(spec: &str, user_dir: Option<&Path>) -> (Theme, Vec<ThemeError>) {
        if let Some(t) = Theme::builtin(spec) {
            return (t, Vec::new());
        }
        let looks_like_path = spec.contains(['/', '\\']) || spec.ends_with(".toml");
        let path = match user_dir {
            Some(dir) if !looks_like_path => dir.join(format!("{spec}.toml")),
            _ => Path::new(spec).to_path_buf(),
        };
        let file = path.display().to_string();
        // Only a regular file, of at most 1 MiB: `/dev/zero` would be read forever and a
        // FIFO would block the start.
        match crate::files::read_regular(&path, MAX_THEME_BYTES) {
            Ok(text) => Theme::parse(&text, &file, None),
            Err(e) => {
                let names: Vec<_> = BUILTIN.iter().map(|(n, _)| *n).collect();
                // What happened leads (a status line cuts the rest): the name as given,
                // that there is no such theme, and that dark is used instead.
                let message = if looks_like_path {
                    format!("cannot read the theme, using dark instead ({e})")
                } else {
                    format!(
                        "no such theme, using dark instead: the built-in themes are {}; a user theme is the file {file} ({e})",
                        names.join(", ")
                    )
                };
                (
                    Theme::default(),
                    vec![ThemeError {
                        file: if looks_like_path {
                            file
                        } else {
                            spec.to_string()
                        },
                        line: None,
                        key: None,
                        message,
                    }],
                )
            }
        }
    }

    /// Reads the theme file at `path` that another file names (a deck's `theme`, its path
    /// already checked by [`crate::cases::grammar::resolve`]). `Err` says why in idbench's
    /// words, never the file's: it cannot be read (the system's reason), or it is not a
    /// valid theme: a generic reason, the first problem's line, how many there are and the
    /// command that shows them to the user who asks. The file may not be the user's
    /// choice (a contributed deck replayed in CI), and a private file named as a theme must
    /// not reach a terminal or a log: no key, value or TOML line of it is quoted. Not
    /// escaped: the caller escapes the whole message with the name it gives the file.
    pub fn load_named(path: &Path) -> Result<Theme, String> {
        let text = crate::files::read_regular(path, MAX_THEME_BYTES)
            .map_err(|e| format!("cannot read the theme ({e})"))?;
        let (theme, errors) = Theme::parse(&text, &path.display().to_string(), None);
        let Some(first) = errors.first() else {
            return Ok(theme);
        };
        let reason = if first.message.starts_with(NOT_TOML) {
            "not valid TOML"
        } else if first.message.starts_with(NOT_A_THEME) {
            "none of its keys is one a theme has"
        } else {
            "a key or value a theme does not take"
        };
        let at = first
            .line
            .map(|l| format!(" at line {l}"))
            .unwrap_or_default();
        // The last entry may count the unknown keys not listed: counted as one.
        let n = errors.len();
        Err(format!(
            "not a valid theme ({reason}{at}; {n} problem{} in all); run `idbench tui --theme {}` to see them",
            if n == 1 { "" } else { "s" },
            path.display()
        ))
    }

    /// Parses a theme file's text. `file` names it in errors; `base` is the theme to start
    /// from when the file names none (`inherits`), `dark` when `None`.
    ///
    /// Linear in the size of the file: line numbers come from a [`LineIndex`] built once,
    /// and of many unknown keys only the first [`MAX_UNKNOWN_REPORTED`] (in file order) are
    /// named, the rest counted.
    pub fn parse(text: &str, file: &str, base: Option<&Theme>) -> (Theme, Vec<ThemeError>) {
        let (t, e, _) = Theme::parse_counted(text, file, base);
        (t, e)
    }

    /// [`parse`](Self::parse), also returning the work done finding line numbers (bytes
    /// scanned plus search steps): tests hold it to a small multiple of the file's size.
    pub fn parse_counted(
        text: &str,
        file: &str,
        base: Option<&Theme>,
    ) -> (Theme, Vec<ThemeError>, usize) {
        let mut errors = Vec::new();
        let lines = LineIndex::new(text);
        let err = |span: Option<std::ops::Range<usize>>, key: Option<String>, message: String| {
            ThemeError {
                file: file.to_string(),
                line: span.map(|s| lines.line(s.start)),
                key,
                message,
            }
        };
        // Unknown keys, `(line, table, key)`: the messages are written for the first few.
        let mut unknown: Vec<(usize, &str, &str)> = Vec::new();
        let doc = match DeTable::parse(text) {
            Ok(d) => d,
            Err(e) => {
                let fallback = base.cloned().unwrap_or_else(Theme::dark_or_fallback);
                errors.push(err(
                    e.span(),
                    None,
                    format!(
                        "{NOT_TOML}: {}; using {}",
                        e.message().trim(),
                        fallback.name
                    ),
                ));
                return (fallback, errors, lines.work());
            }
        };
        let doc = doc.get_ref();
        // The base theme first, so the file only overrides.
        let mut theme = match doc.get("inherits") {
            Some(v) => match v.get_ref().as_str() {
                Some(name) => match BUILTIN.iter().find(|(n, _)| *n == name) {
                    Some((_, t)) if !file.starts_with("builtin:") || *name != file[8..] => {
                        Theme::parse(t, &format!("builtin:{name}"), None).0
                    }
                    _ => {
                        errors.push(err(
                            Some(v.span()),
                            Some("inherits".into()),
                            format!("no built-in theme {name:?}; inheriting from dark"),
                        ));
                        Theme::dark_or_fallback()
                    }
                },
                None => {
                    errors.push(err(
                        Some(v.span()),
                        Some("inherits".into()),
                        "expected a theme name".into(),
                    ));
                    Theme::dark_or_fallback()
                }
            },
            None => match base {
                Some(b) => b.clone(),
                None if file == "builtin:dark" => Theme::fallback(),
                None => Theme::dark_or_fallback(),
            },
        };
        for (k, v) in doc.iter() {
            let key: &str = k.get_ref();
            match key {
                "name" => match v.get_ref().as_str() {
                    Some(n) => theme.name = n.to_string(),
                    None => errors.push(err(
                        Some(v.span()),
                        Some("name".into()),
                        "expected a string".into(),
                    )),
                },
                "inherits" => {}
                "slots" | "kinds" => {
                    let DeValue::Table(t) = v.get_ref() else {
                        errors.push(err(
                            Some(v.span()),
                            Some(key.into()),
                            "expected a table".into(),
                        ));
                        continue;
                    };
                    for (sk, sv) in t.iter() {
                        let name: &str = sk.get_ref();
                        let target = if key == "slots" {
                            Slot::from_name(name).map(|s| &mut theme.slots[s as usize])
                        } else {
                            NodeKind::from_name(name)
                                .and_then(|k| NodeKind::ALL.iter().position(|x| *x == k))
                                .map(|i| &mut theme.kinds[i])
                        };
                        let Some(target) = target else {
                            unknown.push((lines.line(sk.span().start), key, name));
                            continue;
                        };
                        match parse_style(sv) {
                            Ok(s) => *target = s,
                            Err((span, sub, msg)) => {
                                let full = format!("{key}.{name}");
                                let key = match sub {
                                    Some(s) => format!("{full}.{s}"),
                                    None => full,
                                };
                                errors.push(err(Some(span), Some(key), msg));
                            }
                        }
                    }
                }
                other => unknown.push((lines.line(k.span().start), "", other)),
            }
        }
        // The TOML map is ordered by key; report in file order.
        unknown.sort_unstable_by_key(|(l, _, _)| *l);
        // A file with none of a theme's keys is not a theme (a file named by mistake):
        // said without naming its keys, which would copy its words to the screen.
        let themeish = doc.iter().any(|(k, _)| {
            let key: &str = k.get_ref();
            matches!(key, "name" | "inherits" | "slots" | "kinds")
        });
        if !themeish && let Some(&(line, _, _)) = unknown.first() {
            errors.push(ThemeError {
                file: file.to_string(),
                line: Some(line),
                key: None,
                message: format!(
                    "{NOT_A_THEME}: none of its {} top-level key{} is name, inherits, [slots] or [kinds]; using {}",
                    unknown.len(),
                    if unknown.len() == 1 { "" } else { "s" },
                    theme.name
                ),
            });
            return (theme, errors, lines.work());
        }
        let more = unknown.len().saturating_sub(MAX_UNKNOWN_REPORTED);
        let known = |table: &str| -> String {
            if table == "slots" {
                Slot::ALL.map(Slot::name).join(", ")
            } else {
                NodeKind::ALL.map(|k| k.name()).join(", ")
            }
        };
        for &(line, table, name) in unknown.iter().take(MAX_UNKNOWN_REPORTED) {
            let (key, message) = if table.is_empty() {
                (
                    name.to_string(),
                    "unknown key; expected name, inherits, [slots] or [kinds]".to_string(),
                )
            } else {
                (
                    format!("{table}.{name}"),
                    format!(
                        "unknown {}; expected one of {}",
                        &table[..table.len() - 1],
                        known(table)
                    ),
                )
            };
            errors.push(ThemeError {
                file: file.to_string(),
                line: Some(line),
                key: Some(key),
                message,
            });
        }
        errors.sort_by_key(|e| e.line);
        if more > 0 {
            errors.push(ThemeError {
                file: file.to_string(),
                line: None,
                key: None,
                message: format!("{more} more unknown keys not listed"),
            });
        }
        let work = lines.work();
        (theme, errors, work)
    }

    fn dark_or_fallback() -> Theme {
        let (t, _) = Theme::parse(BUILTIN[0].1, "builtin:dark", None);
        t
    }

    /// The same theme with every colour removed (`NO_COLOR`). Slots that must stay visible
    /// (selection, highlight, focus, active profile, difference, error underlines) keep or
    /// gain a modifier such as reverse video.
    pub fn without_colors(&self) -> Theme {
        let strip = |s: Style| {
            let mut out = Style::new();
            out.add_modifier = s.add_modifier;
            out
        };
        let mut t = self.clone();
        for slot in Slot::ALL {
            let orig = t.slots[slot as usize];
            let mut s = strip(orig);
            // A slot that showed itself by a background, or by nothing but colour, gets its
            // colourless marker (reverse video for selections).
            if s.add_modifier.is_empty() || orig.bg.is_some() {
                s = s.add_modifier(slot.colourless_fallback());
            }
            t.slots[slot as usize] = s;
        }
        for k in &mut t.kinds {
            *k = strip(*k);
        }
        t
    }
}

type StyleError = (std::ops::Range<usize>, Option<String>, String);

fn parse_color(v: &Spanned<DeValue<'_>>) -> Result<Color, StyleError> {
    let bad = |m: String| (v.span(), None, m);
    let Some(s) = v.get_ref().as_str() else {
        return Err(bad("expected a colour string".into()));
    };
    s.parse::<Color>().map_err(|_| {
        bad(format!(
            "unknown colour {:?}; expected a name like red or lightblue, a number 0-255, or #rrggbb",
            crate::safe_text::escape(s)
        ))
    })
}

fn parse_style(v: &Spanned<DeValue<'_>>) -> Result<Style, StyleError> {
    match v.get_ref() {
        DeValue::String(_) => Ok(Style::new().fg(parse_color(v)?)),
        DeValue::Table(t) => {
            let mut s = Style::new();
            for (k, val) in t.iter() {
                let key: &str = k.get_ref();
                let with_key = |(span, _, m): StyleError| (span, Some(key.to_string()), m);
                match key {
                    "fg" => s = s.fg(parse_color(val).map_err(with_key)?),
                    "bg" => s = s.bg(parse_color(val).map_err(with_key)?),
                    "bold" | "dim" | "italic" | "underline" | "reverse" => {
                        let Some(on) = val.get_ref().as_bool() else {
                            return Err((
                                val.span(),
                                Some(key.into()),
                                "expected true or false".into(),
                            ));
                        };
                        let m = match key {
                            "bold" => Modifier::BOLD,
                            "dim" => Modifier::DIM,
                            "italic" => Modifier::ITALIC,
                            "underline" => Modifier::UNDERLINED,
                            _ => Modifier::REVERSED,
                        };
                        s = if on {
                            s.add_modifier(m)
                        } else {
                            s.remove_modifier(m)
                        };
                    }
                    other => {
                        return Err((
                            k.span(),
                            Some(other.to_string()),
                            "unknown style key; expected fg, bg, bold, dim, italic, underline or reverse"
                                .into(),
                        ));
                    }
                }
            }
            Ok(s)
        }
        _ => Err((
            v.span(),
            None,
            "expected a colour string or a table like { fg = \"red\", bold = true }".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_table_keys_are_unique_and_read_back() {
        let mut keys: Vec<&str> = Slot::ALL.iter().map(|s| s.name()).collect();
        for (i, s) in Slot::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i, "ALL is in declaration order");
            assert_eq!(Slot::from_name(s.name()), Some(*s));
        }
        assert_eq!(Slot::ALL.len(), 23);
        assert_eq!(Slot::NotApplicable.name(), "not_applicable");
        assert_eq!(Slot::StatusError.name(), "status_error");
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), Slot::ALL.len(), "no two slots share a key");
        assert_eq!(Slot::from_name("no_such_slot"), None);
    }

    #[test]
    fn builtins_parse_cleanly_and_set_every_slot() {
        for (name, text) in BUILTIN {
            let (t, errs) = Theme::parse(text, &format!("builtin:{name}"), None);
            assert!(errs.is_empty(), "{name}: {errs:?}");
            assert_eq!(t.name, name);
            // Every slot and kind is spelled out, so no shipped theme leans on another.
            for s in Slot::ALL {
                assert!(
                    text.contains(&format!("\n{} = ", s.name())),
                    "{name} lacks {}",
                    s.name()
                );
            }
            for k in NodeKind::ALL {
                assert!(
                    text.contains(&format!("\n{} = ", k.name())),
                    "{name} lacks {}",
                    k.name()
                );
            }
        }
    }

    #[test]
    fn errors_name_file_line_and_key() {
        let text = "name = \"x\"\n[slots]\nerror = { fg = \"redd\" }\nbogus = \"red\"\n[kinds]\nscheme = { fg = \"red\", blink = true }\n";
        let (t, errs) = Theme::parse(text, "my.toml", None);
        let shown: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert!(
            shown[0].starts_with("my.toml:3: slots.error.fg: unknown colour \"redd\""),
            "{}",
            shown[0]
        );
        assert!(
            shown[1].starts_with("my.toml:4: slots.bogus: unknown slot"),
            "{}",
            shown[1]
        );
        assert!(
            shown[2].starts_with("my.toml:6: kinds.scheme.blink: unknown style key"),
            "{}",
            shown[2]
        );
        // The rest of the theme still applies: the dark theme's error slot is kept.
        assert_eq!(t.get(Slot::Error), Theme::default().get(Slot::Error));
        assert_eq!(t.name, "x");
    }

    #[test]
    fn many_unknown_slots_cost_linear_work_and_few_errors() {
        for n in [1_000, 20_000, 90_000] {
            let mut text = String::from("name = \"big\"\n[slots]\n");
            for i in 0..n {
                text.push_str(&format!("s{i:06} = \"red\"\n"));
            }
            let (t, errs, work) = Theme::parse_counted(&text, "big.toml", None);
            assert_eq!(t.name, "big");
            assert!(
                work <= 3 * text.len(),
                "{n} keys: {work} for {} bytes",
                text.len()
            );
            assert_eq!(errs.len(), MAX_UNKNOWN_REPORTED + 1, "{n} keys");
            assert_eq!(errs[0].line, Some(3));
            assert_eq!(errs[0].key.as_deref(), Some("slots.s000000"));
            assert!(
                errs[0]
                    .message
                    .starts_with("unknown slot; expected one of text, dim")
            );
            assert_eq!(
                errs[20].to_string(),
                format!("big.toml: {} more unknown keys not listed", n - 20)
            );
        }
    }

    #[test]
    fn bad_toml_falls_back_to_default_with_line() {
        let (t, errs) = Theme::parse("[slots\nerror = 1\n", "bad.toml", None);
        assert_eq!(t, Theme::default());
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].line, Some(1));
        assert!(
            errs[0]
                .to_string()
                .starts_with("bad.toml:1: not valid TOML")
        );
    }

    #[test]
    fn a_file_with_no_theme_key_is_not_a_theme_and_its_keys_are_not_named() {
        let (t, errs) = Theme::parse(
            "\ns3cr3tkey = 1\n[database]\nuser = \"u\"\npassword = \"s3cr3tvalue\"\n",
            "creds.toml",
            None,
        );
        assert_eq!(t, Theme::default());
        let shown: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            shown,
            [
                "creds.toml:2: not a theme: none of its 2 top-level keys is name, inherits, [slots] or [kinds]; using dark"
            ]
        );
        // A theme with a wrong key still names it: it is the user's theme.
        let (_, errs) = Theme::parse("name = \"t\"\ncolour = 1\n", "t.toml", None);
        assert_eq!(errs[0].key.as_deref(), Some("colour"));
    }

    #[test]
    fn a_theme_named_by_another_file_is_reported_without_its_words() {
        let d = crate::test_scratch::dir("theme-named");
        let f = d.join("t.toml");
        std::fs::write(&f, "name = \"ok\"\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Theme::load_named(&f).map(|t| t.name), Ok("ok".into()));
        for (text, reason) in [
            (
                "password = \"s3cr3tvalue\"\n",
                "none of its keys is one a theme has at line 1; 1 problem in all",
            ),
            (
                "name = \"t\"\n\n[slots]\nerror = \"s3cr3tvalue\"\nbogus = 1\n",
                "a key or value a theme does not take at line 4; 2 problems in all",
            ),
            (
                "s3cr3tvalue = \"\n",
                "not valid TOML at line 1; 1 problem in all",
            ),
        ] {
            std::fs::write(&f, text).unwrap_or_else(|e| panic!("{e}"));
            let e = Theme::load_named(&f).err().unwrap_or_default();
            assert_eq!(
                e,
                format!(
                    "not a valid theme ({reason}); run `idbench tui --theme {}` to see them",
                    f.display()
                )
            );
        }
        let e = Theme::load_named(&d.join("none.toml"))
            .err()
            .unwrap_or_default();
        assert!(e.starts_with("cannot read the theme ("), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn an_unknown_theme_name_says_so_first() {
        let (t, errs) = Theme::load("nosuch", Some(Path::new("/nonexistent/themes")));
        assert_eq!(t, Theme::default());
        let said = errs.first().map(ToString::to_string).unwrap_or_default();
        assert!(
            said.starts_with(
                "nosuch: no such theme, using dark instead: the built-in themes are dark"
            ),
            "{said}"
        );
        assert!(said.contains("/nonexistent/themes/nosuch.toml"), "{said}");
    }

    #[test]
    fn missing_file_falls_back() {
        let (t, errs) = Theme::load("/nonexistent/dir/t.toml", None);
        assert_eq!(t, Theme::default());
        assert_eq!(errs.len(), 1);
        assert!(errs[0].file.ends_with("t.toml"));
    }

    #[test]
    fn without_colors_keeps_selection_visible() {
        for (name, _) in BUILTIN {
            let t = Theme::builtin(name).map(|t| t.without_colors());
            let Some(t) = t else { panic!("{name}") };
            for slot in Slot::ALL {
                let s = t.get(slot);
                assert_eq!(s.fg, None, "{name} {slot:?}");
                assert_eq!(s.bg, None, "{name} {slot:?}");
            }
            assert!(
                t.get(Slot::Selection)
                    .add_modifier
                    .contains(Modifier::REVERSED),
                "{name}"
            );
            assert!(
                t.get(Slot::Highlight)
                    .add_modifier
                    .contains(Modifier::REVERSED),
                "{name}"
            );
            assert!(!t.get(Slot::Focus).add_modifier.is_empty(), "{name}");
        }
    }
}
