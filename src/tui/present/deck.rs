//! Reading a deck: a TOML file of steps.
//!
//! ```toml
//! size = "100x30"        # columns x rows every step is drawn at
//! theme = "dark"         # a shipped theme's name (or a theme file, relative to the deck)
//! hints = false          # the workbench's key hints on the status line (off on slides)
//!
//! [[step]]
//! name = "rfc2141"
//! input = "urn:example:a?+b"
//! profile = "rfc2141"    # or with, base, grammar + start
//! keys = ["Tab", "Down", { text = "typed" }]
//! caption = "RFC 2141: ?+ is part of the NSS"
//! highlight = "nss"      # a node kind, a diagnostic code or a byte range "3..16"
//! details = true         # the tree selects the highlight's node, Details reads it whole
//! notes = "what to say"
//!
//! [[step]]               # a step may set any part of a view:
//! view = "id=urn%3Auuid%3Ax&ns=0&sel=a.2"   # a whole view in its query form, and/or
//! namespaces = false     # the URN namespace layer off (a badge says so on the slide)
//! objective = "cache"    # ignore_dollar = true, a_form = "iri", b_form = "uri"
//! select = "a.2"         # the node selected (side and child indices)
//! focus = "tree"         # the part focused
//! ```
//!
//! Every error names the step (its number and name), escaped for the terminal. A deck is
//! bounded: at most [`MAX_DECK_BYTES`], [`MAX_STEPS`] steps, [`MAX_KEYS`] keys and
//! [`MAX_TYPED`] typed characters a step, TOML nested at most [`MAX_DEPTH`] deep; a grammar
//! file is a regular file, not a symbolic link, read with the grammar lab's cap, inside the
//! deck's folder unless the user passes `--allow-outside-grammar`
//! ([`crate::cases::grammar::resolve`], the rule cases files follow too). A theme file
//! follows the same rule under the same flag, and one that is not a valid theme is
//! reported without a word of it ([`Theme::load_named`]).

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyModifiers};
use serde::Deserialize;

use crate::cases::GrammarPaths;
use crate::engine::Profile;
use crate::safe_text::escape;
use crate::tui::event::Event;
use crate::tui::highlight::Highlight;
use crate::tui::theme::Theme;
use crate::view::{SideForm, View};

/// The largest deck file read.
pub const MAX_DECK_BYTES: u64 = 1 << 20;
/// The most steps a deck has.
pub const MAX_STEPS: usize = 500;
/// The most entries a step's `keys` has.
pub const MAX_KEYS: usize = 10_000;
/// The most characters a step types (all its text entries together).
pub const MAX_TYPED: usize = 100_000;
/// How deep the deck's TOML arrays and tables may nest.
pub const MAX_DEPTH: usize = 16;
/// The smallest and largest deck sizes (columns, rows).
pub const SIZE_MIN: (u16, u16) = (20, 8);
/// See [`SIZE_MIN`].
pub const SIZE_MAX: (u16, u16) = (400, 200);
/// The longest caption and notes kept (characters); the rest is cut with `…`.
pub const MAX_TEXT_CHARS: usize = 4_000;

/// A deck, read and checked.
#[derive(Clone, Debug)]
pub struct Deck {
    /// Columns and rows every step is drawn at.
    pub size: (u16, u16),
    /// The theme's name or path, as the deck gives it (`None`: dark).
    pub theme: Option<String>,
    /// The theme, loaded.
    pub theme_loaded: crate::tui::theme::Theme,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The workbench's key hints are drawn on the slides' status line (`hints = true`;
    /// off by default: a slide is not operated).
    pub hints: bool,
}

/// One step: the state to start from, the keys to press, what to say.
#[derive(Clone, Debug)]
pub struct Step {
    /// 1-based.
    pub number: usize,
    /// The step's name (safe text).
    pub name: String,
    /// The view the step starts from: the input (A, and B in diff mode), the base, the
    /// profile's name, the layers, the compare options, the selection and the focus.
    pub view: View,
    /// The view's profile, read (`None`: auto).
    pub profile: Option<Profile>,
    /// The grammar lab's file (resolved against the deck's folder) and start rule.
    pub grammar: Option<(PathBuf, String)>,
    /// The keys, as events.
    pub keys: Vec<Event>,
    /// The caption (safe text: tokens for unsafe characters).
    pub caption: String,
    /// What is highlighted.
    pub highlight: Option<Highlight>,
    /// Details reads the highlight's node whole (`details = true`).
    pub details: bool,
    /// The notes (safe text, lines kept).
    pub notes: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    size: Option<String>,
    theme: Option<String>,
    #[serde(default)]
    hints: bool,
    #[serde(default)]
    step: Vec<toml::Table>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    name: Option<String>,
    view: Option<String>,
    input: Option<String>,
    namespaces: Option<bool>,
    objective: Option<String>,
    ignore_dollar: Option<bool>,
    a_form: Option<String>,
    b_form: Option<String>,
    select: Option<String>,
    focus: Option<String>,
    with: Option<String>,
    base: Option<String>,
    profile: Option<String>,
    grammar: Option<String>,
    start: Option<String>,
    #[serde(default)]
    keys: Vec<RawKey>,
    caption: Option<String>,
    highlight: Option<String>,
    #[serde(default)]
    details: bool,
    notes: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawKey {
    Name(String),
    Text {
        /// Text typed as it is, never read as a key name.
        text: String,
    },
}

/// The default size when a deck gives none.
pub const DEFAULT_SIZE: (u16, u16) = (100, 30);

/// Reads `s` as `WxH`.
pub fn parse_size(s: &str) -> Result<(u16, u16), String> {
    let bad = || {
        format!(
            "size {:?}: expected COLUMNSxROWS between {}x{} and {}x{} (\"100x30\")",
            escape(s),
            SIZE_MIN.0,
            SIZE_MIN.1,
            SIZE_MAX.0,
            SIZE_MAX.1
        )
    };
    let (w, h) = s.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let w: u16 = w.trim().parse().map_err(|_| bad())?;
    let h: u16 = h.trim().parse().map_err(|_| bad())?;
    if !(SIZE_MIN.0..=SIZE_MAX.0).contains(&w) || !(SIZE_MIN.1..=SIZE_MAX.1).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// The key named `name` as the help writes it (`Tab`, `Down` or `↓`, `Ctrl-S`, `F6`,
/// `Shift-Tab`, `PgDn`, `Space`, `Alt-Z`…). `None`: not a key name.
pub fn key_named(name: &str) -> Option<Event> {
    let mut mods = KeyModifiers::NONE;
    let mut rest = name;
    loop {
        if let Some(r) = rest
            .strip_prefix("Ctrl-")
            .or_else(|| rest.strip_prefix("C-"))
        {
            mods |= KeyModifiers::CONTROL;
            rest = r;
        } else if let Some(r) = rest
            .strip_prefix("Alt-")
            .or_else(|| rest.strip_prefix("M-"))
        {
            mods |= KeyModifiers::ALT;
            rest = r;
        } else if let Some(r) = rest.strip_prefix("Shift-").filter(|r| *r != "Tab") {
            mods |= KeyModifiers::SHIFT;
            rest = r;
        } else {
            break;
        }
    }
    let code = match rest {
        "Tab" => KeyCode::Tab,
        "Shift-Tab" | "BackTab" => KeyCode::BackTab,
        "Enter" | "Return" => KeyCode::Enter,
        "Esc" | "Escape" => KeyCode::Esc,
        "Backspace" => KeyCode::Backspace,
        "Del" | "Delete" => KeyCode::Delete,
        "Space" => KeyCode::Char(' '),
        "Up" | "↑" => KeyCode::Up,
        "Down" | "↓" => KeyCode::Down,
        "Left" | "←" => KeyCode::Left,
        "Right" | "→" => KeyCode::Right,
        "Home" => KeyCode::Home,
        "End" => KeyCode::End,
        "PgUp" | "PageUp" => KeyCode::PageUp,
        "PgDn" | "PageDown" => KeyCode::PageDown,
        f if f.len() >= 2 && f.starts_with('F') && f[1..].bytes().all(|b| b.is_ascii_digit()) => {
            match f[1..].parse::<u8>() {
                Ok(n @ 1..=24) => KeyCode::F(n),
                _ => return None,
            }
        }
        one if !mods.is_empty() && one.chars().count() == 1 => {
            let c = one.chars().next()?;
            KeyCode::Char(if mods.contains(KeyModifiers::CONTROL) {
                c.to_ascii_lowercase()
            } else {
                c
            })
        }
        _ => return None,
    };
    Some(Event::key_with(code, mods))
}

/// True when `s` is written like a key name (a modifier prefix, `F` and digits, or one
/// capitalised ASCII word such as `Dwon`) without being one: an unknown key name, not
/// text to type. Text that looks so is typed with `{ text = "…" }`.
fn looks_like_key(s: &str) -> bool {
    let modifier = ["Ctrl-", "Alt-", "Shift-"]
        .iter()
        .any(|p| s.starts_with(p) && s.len() > p.len());
    let function = s.len() >= 2 && s.starts_with('F') && s[1..].bytes().all(|b| b.is_ascii_digit());
    let word = s.len() >= 2
        && s.starts_with(|c: char| c.is_ascii_uppercase())
        && s.bytes().all(|b| b.is_ascii_alphabetic());
    modifier || function || word
}

/// The key names a deck may use, for messages.
const KEY_NAMES: &str = "Tab, Shift-Tab, Enter, Esc, Backspace, Del, Space, Up, Down, Left, Right, \
     Home, End, PgUp, PgDn, F1…F24, Ctrl-X, Alt-X";

/// The deepest nesting of arrays and tables in TOML `text` (strings and comments skipped).
/// Looked at before the TOML reader runs, so a deck of a million `[` costs one pass.
fn nesting_depth(text: &str) -> usize {
    let b = text.as_bytes();
    let (mut i, mut depth, mut max) = (0, 0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            q @ (b'"' | b'\'') => {
                let triple = b.get(i..i + 3) == Some(&[q, q, q][..]);
                i += if triple { 3 } else { 1 };
                while i < b.len() {
                    if q == b'"' && b[i] == b'\\' {
                        i += 2;
                        continue;
                    }
                    if triple {
                        if b.get(i..i + 3) == Some(&[q, q, q][..]) {
                            i += 3;
                            break;
                        }
                    } else if b[i] == q || b[i] == b'\n' {
                        i += 1;
                        break;
                    }
                    i += 1;
                }
                continue;
            }
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    max
}

/// Cuts `s` to [`MAX_TEXT_CHARS`] characters (with `…`) and makes each line safe.
fn safe_block(s: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut n = 0;
    for line in s.lines() {
        let left = MAX_TEXT_CHARS.saturating_sub(n);
        if left == 0 {
            out.push("…".into());
            break;
        }
        let cut: String = line.chars().take(left).collect();
        n += cut.chars().count() + 1;
        let cut_short = cut.len() < line.len();
        let mut l = escape(&cut).into_owned();
        if cut_short {
            l.push('…');
        }
        out.push(l);
    }
    out.join("\n")
}

impl Deck {
    /// Reads the deck at `path`. `Err`: every problem found, one a line, each naming the
    /// step it is in; all escaped.
    pub fn load(path: &Path) -> Result<Deck, String> {
        Deck::load_with(path, GrammarPaths::Inside)
    }

    /// [`Deck::load`], with the steps' grammar files where `paths` lets them be.
    pub fn load_with(path: &Path, paths: GrammarPaths) -> Result<Deck, String> {
        let shown = escape(&path.display().to_string()).into_owned();
        let text = crate::files::read_regular(path, MAX_DECK_BYTES)
            .map_err(|e| format!("deck {shown}: {}", escape(&e.to_string())))?;
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Deck::parse_with(&text, &dir, paths).map_err(|errs| {
            errs.iter()
                .map(|e| format!("deck {shown}: {e}"))
                .collect::<Vec<_>>()
                .join("\n")
        })
    }

    /// Reads deck `text` whose relative paths are taken from `dir`. `Err`: the problems
    /// (escaped), each naming its step.
    pub fn parse(text: &str, dir: &Path) -> Result<Deck, Vec<String>> {
        Deck::parse_with(text, dir, GrammarPaths::Inside)
    }

    /// [`Deck::parse`], with the steps' grammar files where `paths` lets them be.
    pub fn parse_with(text: &str, dir: &Path, paths: GrammarPaths) -> Result<Deck, Vec<String>> {
        if nesting_depth(text) > MAX_DEPTH {
            return Err(vec![format!(
                "arrays and tables nest more than {MAX_DEPTH} deep; a deck needs 3"
            )]);
        }
        let raw: RawDeck = toml::from_str(text).map_err(|e: toml::de::Error| {
            // The reader's message spans lines (it quotes the line at fault): each is
            // made safe on its own.
            let text = e.to_string();
            let lines: Vec<String> = text
                .trim()
                .lines()
                .map(|l| escape(l).into_owned())
                .collect();
            vec![format!("not a deck: {}", lines.join("\n"))]
        })?;
        let mut errs = Vec::new();
        let size = match raw.size.as_deref() {
            None => DEFAULT_SIZE,
            Some(s) => parse_size(s).unwrap_or_else(|e| {
                errs.push(e);
                DEFAULT_SIZE
            }),
        };
        let theme_loaded = match raw.theme.as_deref() {
            None => Theme::default(),
            Some(t) => read_theme(t, dir, paths).unwrap_or_else(|e| {
                errs.push(format!("theme {}: {}", escape(t), escape(&e)));
                Theme::default()
            }),
        };
        if raw.step.is_empty() {
            errs.push("no [[step]]: a deck has at least one step".into());
        }
        if raw.step.len() > MAX_STEPS {
            errs.push(format!(
                "{} steps: a deck has at most {MAX_STEPS}",
                raw.step.len()
            ));
            return Err(errs);
        }
        let mut steps = Vec::with_capacity(raw.step.len());
        for (i, table) in raw.step.into_iter().enumerate() {
            match read_step(i + 1, table, dir, paths) {
                Ok(s) => steps.push(s),
                Err(mut e) => errs.append(&mut e),
            }
            if errs.len() > 20 {
                errs.push("more problems not listed".into());
                break;
            }
        }
        if errs.is_empty() {
            Ok(Deck {
                size,
                theme: raw.theme,
                theme_loaded,
                steps,
                hints: raw.hints,
            })
        } else {
            Err(errs)
        }
    }
}

/// The step's label in messages: `step 3 "name"`.
fn label(number: usize, name: Option<&str>) -> String {
    match name {
        Some(n) => format!("step {number} {:?}", escape(n)),
        None => format!("step {number}"),
    }
}

/// The theme a deck's `theme = T` names: a shipped theme's name, or a theme file by its
/// path relative to the deck, inside the deck's folder unless `paths` lets it be elsewhere
/// ([`crate::cases::grammar::resolve`], the grammars' rule). A file that is not a valid
/// theme is reported without its words ([`Theme::load_named`]). A bare word that is no
/// shipped theme is an error, not a file looked for in the working directory.
fn read_theme(t: &str, dir: &Path, paths: GrammarPaths) -> Result<Theme, String> {
    if let Some(theme) = Theme::builtin(t) {
        return Ok(theme);
    }
    if !(t.contains(['/', '\\']) || t.ends_with(".toml")) {
        let names: Vec<&str> = crate::tui::theme::BUILTIN.iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "no such shipped theme (they are {}); a theme file is named by its path, relative to the deck, ending in .toml",
            names.join(", ")
        ));
    }
    let path = crate::cases::grammar::resolve(dir, t, paths)?;
    Theme::load_named(&path)
}

fn read_step(
    number: usize,
    table: toml::Table,
    dir: &Path,
    paths: GrammarPaths,
) -> Result<Step, Vec<String>> {
    let name = table
        .get("name")
        .and_then(|v| v.as_str())
        .map(str::to_string);
    let at = label(number, name.as_deref());
    let raw: RawStep = toml::Value::Table(table)
        .try_into()
        .map_err(|e: toml::de::Error| vec![format!("{at}: {}", escape(e.message().trim()))])?;
    let mut errs = Vec::new();
    // The view: `view`'s query form first, then each key the step gives over it.
    let mut view = match raw.view.as_deref().map(View::from_query) {
        None => View::default(),
        Some(Ok(v)) if v.grammar.is_some() => {
            errs.push(format!(
                "{at}: view: a step's grammar is a file: give grammar and start instead"
            ));
            v
        }
        Some(Ok(v)) => v,
        Some(Err(e)) => {
            errs.push(format!("{at}: view: {}", escape(&e.to_string())));
            View::default()
        }
    };
    if let Some(i) = raw.input {
        view.a = i;
    }
    if raw.with.is_some() {
        view.b = raw.with;
    }
    if raw.base.is_some() {
        view.base = raw.base;
    }
    if raw.profile.is_some() {
        view.profile = raw.profile;
    }
    if let Some(ns) = raw.namespaces {
        view.layers.namespaces = ns;
    }
    match raw.objective.as_deref() {
        None => {}
        Some("names") => view.cache_objective = false,
        Some("cache") => view.cache_objective = true,
        Some(o) => errs.push(format!(
            "{at}: objective {:?}: `names` or `cache`",
            escape(o)
        )),
    }
    if let Some(d) = raw.ignore_dollar {
        view.ignore_dollar = d;
    }
    for (key, given, side) in [
        ("a_form", raw.a_form.as_deref(), 0),
        ("b_form", raw.b_form.as_deref(), 1),
    ] {
        let form = match given {
            None => continue,
            Some("as-is") => SideForm::AsIs,
            Some("iri") => SideForm::Iri,
            Some("uri") => SideForm::Uri,
            Some(f) => {
                errs.push(format!(
                    "{at}: {key} {:?}: `as-is`, `iri` or `uri`",
                    escape(f)
                ));
                continue;
            }
        };
        if side == 0 {
            view.a_form = form;
        } else {
            view.b_form = form;
        }
    }
    if let Some(sel) = raw.select.as_deref() {
        match sel.parse() {
            Ok(sel) => view.selection = Some(sel),
            Err(e) => errs.push(format!("{at}: select: {e}")),
        }
    }
    if raw.focus.is_some() {
        view.focus = raw.focus;
    }
    let profile = match view.parsed_profile() {
        Ok(p) => p,
        Err(e) => {
            errs.push(format!("{at}: profile: {}", escape(&e)));
            None
        }
    };
    let grammar = match (raw.grammar.as_deref(), raw.start.as_deref()) {
        (None, None) => None,
        (Some(_), None) => {
            errs.push(format!("{at}: grammar without start: name the start rule"));
            None
        }
        (None, Some(_)) => {
            errs.push(format!(
                "{at}: start without grammar: name the grammar file"
            ));
            None
        }
        (Some(g), Some(s)) => {
            let p = dir.join(g);
            // A link is refused whatever it leads to; then the path must stay in the deck's
            // folder (on its resolved form) unless the user allows otherwise.
            let written = match paths {
                GrammarPaths::Inside => crate::cases::grammar::written_inside(g),
                GrammarPaths::Anywhere => Ok(()),
            };
            let inside = written.and_then(|()| match std::fs::symlink_metadata(&p) {
                Ok(m) if m.file_type().is_symlink() => Ok(m),
                Ok(m) => crate::cases::grammar::resolve(dir, g, paths).map(|_| m),
                Err(e) => Err(e.to_string()),
            });
            match inside {
                Ok(m) if m.file_type().is_symlink() => {
                    errs.push(format!(
                        "{at}: grammar {}: a symbolic link; name the file itself",
                        escape(g)
                    ));
                    None
                }
                Ok(m) if !m.is_file() => {
                    errs.push(format!("{at}: grammar {}: not a regular file", escape(g)));
                    None
                }
                Ok(_) => Some((p, s.to_string())),
                Err(e) => {
                    errs.push(format!("{at}: grammar {}: {}", escape(g), escape(&e)));
                    None
                }
            }
        }
    };
    if raw.keys.len() > MAX_KEYS {
        errs.push(format!(
            "{at}: {} keys: a step has at most {MAX_KEYS}",
            raw.keys.len()
        ));
        return Err(errs);
    }
    let mut keys = Vec::new();
    let mut typed = 0usize;
    for (k, key) in raw.keys.iter().enumerate() {
        let (text, literal) = match key {
            RawKey::Name(s) => (s.as_str(), false),
            RawKey::Text { text } => (text.as_str(), true),
        };
        if !literal && let Some(ev) = key_named(text) {
            keys.push(ev);
            continue;
        }
        if !literal && looks_like_key(text) {
            errs.push(format!(
                "{at}: keys[{k}] {:?}: unknown key name (the names are {KEY_NAMES}; to type the text, write {{ text = {:?} }})",
                escape(text),
                escape(text)
            ));
            continue;
        }
        typed += text.chars().count();
        if typed > MAX_TYPED {
            errs.push(format!("{at}: types more than {MAX_TYPED} characters"));
            break;
        }
        keys.extend(Event::typed(text));
    }
    let highlight = match raw.highlight.as_deref() {
        None => None,
        Some(h) => match Highlight::parse(h) {
            Ok(h) => Some(h),
            Err(e) => {
                errs.push(format!("{at}: {e}"));
                None
            }
        },
    };
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(Step {
        number,
        name: escape(raw.name.as_deref().unwrap_or("")).into_owned(),
        view,
        profile,
        grammar,
        keys,
        caption: safe_block(raw.caption.as_deref().unwrap_or("")),
        highlight,
        details: raw.details,
        notes: safe_block(raw.notes.as_deref().unwrap_or("")),
    })
}

/// `name` made safe for a file name: ASCII letters, digits, `-` and `_` kept, anything
/// else a `-` (runs of them one), at most 48 bytes; `step` when nothing is left.
pub fn file_safe(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        let c = if c.is_ascii_alphanumeric() || c == '_' {
            c
        } else {
            '-'
        };
        if c == '-' && (out.is_empty() || out.ends_with('-')) {
            continue;
        }
        out.push(c);
        if out.len() >= 48 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { "step".into() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errs(text: &str) -> Vec<String> {
        match Deck::parse(text, Path::new(".")) {
            Ok(_) => panic!("read: {text}"),
            Err(e) => e,
        }
    }

    #[test]
    fn reads_a_deck() {
        let d = Deck::parse(
            "size = \"80x24\"\ntheme = \"light\"\n[[step]]\nname = \"one\"\ninput = \"urn:a:b\"\nkeys = [\"Tab\", \"Ctrl-S\", \"ab\", { text = \"Tab\" }, \"F6\", \"Down\"]\ncaption = \"c\\u001b\"\nhighlight = \"3..5\"\n",
            Path::new("."),
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(d.size, (80, 24));
        assert_eq!(d.theme_loaded.name, "light");
        let s = &d.steps[0];
        assert_eq!(s.keys.len(), 1 + 1 + 2 + 3 + 1 + 1);
        assert_eq!(s.keys[1], Event::ctrl('s'));
        assert_eq!(s.caption, "c⟨U+001B⟩");
        assert_eq!(s.highlight, Some(Highlight::Range(3..5)));
    }

    #[test]
    fn errors_name_the_step() {
        let e = errs("[[step]]\nname = \"a\"\n[[step]]\nname = \"b\\u202e\"\nkeys = [\"Dwon\"]\n");
        assert!(
            e[0].starts_with("step 2 \"b⟨U+202E⟩\": keys[0] \"Dwon\": unknown key name"),
            "{e:?}"
        );
        let e = errs("[[step]]\nname = \"a\"\ncolour = 1\n");
        assert!(
            e[0].starts_with("step 1 \"a\": unknown field `colour`"),
            "{e:?}"
        );
        let e = errs("size = \"10x2\"\n[[step]]\n");
        assert!(e[0].starts_with("size \"10x2\""), "{e:?}");
        let e = errs("[[step]]\nname = \"g\"\ngrammar = \"missing.abnf\"\nstart = \"x\"\n");
        assert!(
            e[0].starts_with("step 1 \"g\": grammar missing.abnf:"),
            "{e:?}"
        );
        for (g, why) in [
            ("/etc/passwd", "an absolute path"),
            ("../x.abnf", "a `..` that leaves the folder"),
            ("a/../../x.abnf", "a `..` that leaves the folder"),
        ] {
            let e = errs(&format!(
                "[[step]]\nname = \"g\"\ngrammar = \"{g}\"\nstart = \"x\"\n"
            ));
            assert!(
                e[0].starts_with(&format!("step 1 \"g\": grammar {g}: {why}: "))
                    && e[0].ends_with("pass --allow-outside-grammar to read one elsewhere"),
                "{e:?}"
            );
        }
        let e = errs(&format!(
            "a = {}1{}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        ));
        assert!(e[0].contains("nest more than"), "{e:?}");
    }

    #[test]
    fn a_theme_file_stays_in_the_decks_folder_and_is_never_quoted() {
        let d = crate::test_scratch::dir("deck-theme");
        std::fs::create_dir_all(d.join("decks")).unwrap_or_else(|e| panic!("{e}"));
        let dir = d.join("decks");
        std::fs::write(d.join("secret.toml"), "name = \"x\"\n").unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            dir.join("ok.toml"),
            "inherits = \"light\"\n[slots]\nerror = \"red\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let deck = |t: &str| format!("theme = \"{t}\"\n[[step]]\nname = \"a\"\n");
        let read = |t: &str, paths| Deck::parse_with(&deck(t), &dir, paths);
        for (t, why) in [
            ("../secret.toml", "a `..` that leaves the folder"),
            ("/etc/passwd", "an absolute path"),
        ] {
            let e = read(t, GrammarPaths::Inside).err().unwrap_or_default();
            assert!(
                e.first()
                    .is_some_and(|e| e.starts_with(&format!("theme {t}: {why}: "))
                        && e.ends_with("pass --allow-outside-grammar to read one elsewhere")),
                "{e:?}"
            );
        }
        // The flag lifts the rule for the theme as for grammars.
        assert!(read("../secret.toml", GrammarPaths::Anywhere).is_ok());
        let ok = read("ok.toml", GrammarPaths::Inside).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(ok.theme_loaded.name, "light");
        assert!(read("Light", GrammarPaths::Inside).is_ok());
        // A bare word is a shipped theme or an error, never a file of the working directory.
        let e = read("drak", GrammarPaths::Inside).err().unwrap_or_default();
        assert!(
            e[0].starts_with("theme drak: no such shipped theme"),
            "{e:?}"
        );
        // A file that is not a valid theme: where, and why in general, never its words.
        for text in [
            "password = \"s3cr3tvalue\"\n",
            "[slots]\nerror = \"s3cr3tvalue\"\n",
            "inherits = \"s3cr3tvalue\"\n",
            "s3cr3tvalue = [\n",
            "name = \"t\"\n[kinds]\ns3cr3tvalue = \"red\"\n",
        ] {
            std::fs::write(dir.join("private.toml"), text).unwrap_or_else(|e| panic!("{e}"));
            let e = read("private.toml", GrammarPaths::Inside)
                .err()
                .unwrap_or_default();
            assert_eq!(e.len(), 1, "{text}: {e:?}");
            assert!(
                e[0].starts_with("theme private.toml: not a valid theme ("),
                "{e:?}"
            );
            assert!(e[0].contains(" at line "), "{e:?}");
            for word in ["s3cr3tvalue", "password", "slots.", "kinds."] {
                assert!(!e[0].contains(word), "{word} in {e:?}");
            }
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn names_are_made_file_safe() {
        assert_eq!(file_safe("RFC 2141: ?+ / ../x"), "RFC-2141-x");
        assert_eq!(file_safe("../.."), "step");
        assert_eq!(file_safe("a_b-c"), "a_b-c");
    }
}
