//! A grammar file named by a file the user brings (a cases file's `grammar`, a deck step's
//! `grammar`): where it may be, and what is said when it does not read. The place rule
//! ([`resolve`]) is also the one for every other file such a file names: a deck's `theme`
//! file (its words are kept out of errors by [`crate::tui::theme::Theme::load_named`]).
//!
//! Such a file may come from someone else (a contributed deck replayed in CI), so what it
//! names is read under two rules, the same for cases and decks:
//!
//! - the file named stays inside the folder of the file that names it: no absolute path, no
//!   `..` that leaves the folder, no link that leads outside it (checked on the resolved
//!   path: the folder and the target are both canonicalised). `--allow-outside-grammar`
//!   ([`GrammarPaths::Anywhere`]) lifts the rule for a file the user trusts, for its
//!   grammars and a deck's theme alike: one flag, named for the first file it covered and
//!   kept so (a second name for the same switch would only be one more thing to learn);
//! - a grammar that does not read as ABNF is reported by its number of problems and the
//!   first one's code and position, never by its words: a private file named by mistake
//!   (or on purpose) is not copied into a terminal or a log. `idbench grammar check FILE`
//!   shows the problems to the user who asks.

use std::path::{Component, Path, PathBuf};

use crate::engine::abnf::{self, Grammar, Problem};
use crate::safe_text::escape;

/// The flag that lets a cases file or a deck name a grammar (and a deck its theme) outside
/// its folder (the same on `test`, `tui --cases`, `replay` and `present`).
pub const ALLOW_OUTSIDE_FLAG: &str = "--allow-outside-grammar";

/// Where a grammar named by a cases file or a deck, or a deck's theme file, may be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GrammarPaths {
    /// Inside the folder of the file that names it (the default).
    #[default]
    Inside,
    /// Anywhere the user can read ([`ALLOW_OUTSIDE_FLAG`]).
    Anywhere,
}

impl GrammarPaths {
    /// [`GrammarPaths::Anywhere`] when `allow` (the flag was given), else `Inside`.
    pub fn from_flag(allow: bool) -> Self {
        if allow {
            GrammarPaths::Anywhere
        } else {
            GrammarPaths::Inside
        }
    }
}

/// The file `given` names (a grammar, a deck's theme), relative to `dir` (the folder of the
/// cases file or deck that names it; empty means the working directory). Under [`GrammarPaths::Inside`] an
/// absolute path, a `..` that leaves `dir`, and a path whose resolved target (links
/// followed) is not inside the resolved `dir` are refused, before anything is read; the
/// path returned is then the resolved one. `Err` says why, without the path (the caller
/// names it) and with what to do.
pub fn resolve(dir: &Path, given: &str, policy: GrammarPaths) -> Result<PathBuf, String> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    if policy == GrammarPaths::Anywhere {
        return Ok(dir.join(given));
    }
    written_inside(given)?;
    let root = std::fs::canonicalize(dir).map_err(|e| format!("cannot read: {e}"))?;
    let target = std::fs::canonicalize(dir.join(given)).map_err(|e| format!("cannot read: {e}"))?;
    if !target.starts_with(&root) {
        return Err(outside(
            "it leads outside the folder (through a symbolic link)",
        ));
    }
    Ok(target)
}

fn outside(what: &str) -> String {
    format!(
        "{what}: a file a deck or cases file names (a grammar, a theme) is named relative to its folder and stays inside it; pass {ALLOW_OUTSIDE_FLAG} to read one elsewhere"
    )
}

/// The part of [`resolve`]'s rule that needs no file system: `given` is not empty, not
/// absolute, and no `..` in it climbs above its start. Looked at first, so `/etc/passwd`
/// or `../../x` is refused without learning whether it exists.
pub fn written_inside(given: &str) -> Result<(), String> {
    if given.is_empty() {
        return Err("an empty path: name the file".into());
    }
    let mut depth = 0usize;
    for c in Path::new(given).components() {
        match c {
            Component::Prefix(_) | Component::RootDir => {
                return Err(outside("an absolute path"));
            }
            Component::ParentDir if depth == 0 => {
                return Err(outside("a `..` that leaves the folder"));
            }
            Component::ParentDir => depth -= 1,
            Component::CurDir => {}
            Component::Normal(_) => depth += 1,
        }
    }
    Ok(())
}

/// The message for a grammar that does not read as ABNF: how many problems, the first
/// one's stable code and position, and the command that shows them (on `path`, the file
/// as read). Nothing of the file's text: `shown` is the path as the naming file wrote it
/// (both escaped here).
pub fn not_abnf(shown: &str, path: &Path, problems: &[Problem]) -> String {
    let shown = escape(shown);
    let path = path.display().to_string();
    let command = escape(&path);
    let first = problems
        .first()
        .map(|p| {
            format!(
                ", the first {} at line {} column {}",
                p.code, p.line, p.column
            )
        })
        .unwrap_or_default();
    let n = problems.len();
    format!(
        "grammar {shown} does not read as ABNF ({n} problem{}{first}); run `idbench grammar check {command}` to see them",
        if n == 1 { "" } else { "s" }
    )
}

/// Reads and compiles the grammar at `path` (a regular file, at most the grammar lab's
/// cap). `Err` names `shown` (the path as the naming file wrote it) and quotes nothing of
/// the file: a read error, or [`not_abnf`].
pub fn load(path: &Path, shown: &str) -> Result<Grammar, String> {
    let text = crate::files::read_regular(path, abnf::MAX_TEXT as u64).map_err(|e| {
        format!(
            "grammar {}: cannot read: {}",
            escape(shown),
            escape(&e.to_string())
        )
    })?;
    Grammar::from_text(&text).map_err(|problems| not_abnf(shown, path, &problems))
}

/// How a cases file at `cases_file` names the grammar at `grammar`: relative to the cases
/// file's folder when the grammar is inside it (the file then runs without
/// [`ALLOW_OUTSIDE_FLAG`], wherever the two are moved together), else its absolute path.
pub fn named_from(cases_file: &Path, grammar: &Path) -> String {
    let absolute = std::path::absolute(grammar).unwrap_or_else(|_| grammar.to_path_buf());
    let dir = match cases_file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let (Ok(root), Ok(target)) = (std::fs::canonicalize(dir), std::fs::canonicalize(grammar))
    else {
        return absolute.display().to_string();
    };
    match target.strip_prefix(&root) {
        Ok(rel) if !rel.as_os_str().is_empty() => match rel.to_str() {
            // Written with `/` whatever the system, as a cases file is shared.
            Some(s) => s.replace(std::path::MAIN_SEPARATOR, "/"),
            None => absolute.display().to_string(),
        },
        _ => absolute.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A private scratch folder with a `sub` folder in it, removed when the test ends.
    fn temp(tag: &str) -> crate::test_scratch::Scratch {
        let d = crate::test_scratch::dir(&format!("gpath-{tag}"));
        std::fs::create_dir_all(d.join("sub")).unwrap_or_else(|e| panic!("{e}"));
        d
    }

    #[test]
    fn a_grammar_stays_in_its_folder_unless_allowed() {
        let d = temp("inside");
        let outer = d.join("outer.abnf");
        std::fs::write(&outer, "a = \"x\"\n").unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(d.join("sub/g.abnf"), "a = \"x\"\n").unwrap_or_else(|e| panic!("{e}"));
        let sub = d.join("sub");
        let inside = GrammarPaths::Inside;
        assert!(resolve(&sub, "g.abnf", inside).is_ok());
        assert!(
            resolve(&sub, "./x/../g.abnf", inside).is_err(),
            "x is missing"
        );
        std::fs::create_dir(sub.join("x")).unwrap_or_else(|e| panic!("{e}"));
        assert!(resolve(&sub, "./x/../g.abnf", inside).is_ok());
        for bad in ["../outer.abnf", "x/../../outer.abnf", "/etc/passwd", ""] {
            let e = resolve(&sub, bad, inside).expect_err(bad);
            if !bad.is_empty() {
                assert!(e.contains(ALLOW_OUTSIDE_FLAG), "{bad}: {e}");
            }
        }
        assert!(resolve(&sub, "../outer.abnf", GrammarPaths::Anywhere).is_ok());
        // A link inside the folder that leads out of it.
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&outer, sub.join("link.abnf"))
                .unwrap_or_else(|e| panic!("{e}"));
            std::os::unix::fs::symlink(&d, sub.join("up")).unwrap_or_else(|e| panic!("{e}"));
            for bad in ["link.abnf", "up/outer.abnf", "up/sub/../outer.abnf"] {
                let e = resolve(&sub, bad, inside).expect_err(bad);
                assert!(e.contains("symbolic link"), "{bad}: {e}");
            }
            // A link that stays inside is followed.
            std::os::unix::fs::symlink(sub.join("g.abnf"), sub.join("in.abnf"))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(resolve(&sub, "in.abnf", inside).is_ok());
            assert!(resolve(&sub, "up/sub/g.abnf", inside).is_ok());
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_file_that_is_not_abnf_is_reported_without_its_words() {
        let d = temp("words");
        let f = d.join("secret.txt");
        std::fs::write(&f, "password = s3cr3tvalue\ntoken: hunter2\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let e = load(&f, "secret.txt").expect_err("not ABNF");
        for word in ["s3cr3tvalue", "password", "hunter2", "token"] {
            assert!(!e.contains(word), "{word} in {e}");
        }
        assert!(
            e.starts_with("grammar secret.txt does not read as ABNF ("),
            "{e}"
        );
        assert!(
            e.contains(&format!("idbench grammar check {}", f.display())),
            "{e}"
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_saved_case_names_its_grammar_relative_when_it_can() {
        let d = temp("named");
        std::fs::write(d.join("sub/g.abnf"), "a = \"x\"\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            named_from(&d.join("c.toml"), &d.join("sub/g.abnf")),
            "sub/g.abnf"
        );
        let other = named_from(&d.join("sub/c.toml"), &d.join("sub/../sub/g.abnf"));
        assert_eq!(other, "g.abnf");
        std::fs::write(d.join("o.abnf"), "a = \"x\"\n").unwrap_or_else(|e| panic!("{e}"));
        let abs = named_from(&d.join("sub/c.toml"), &d.join("o.abnf"));
        assert!(Path::new(&abs).is_absolute(), "{abs}");
        let _ = std::fs::remove_dir_all(&d);
    }
}
