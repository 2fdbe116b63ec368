//! Shell quoting: words and command lines that paste safely into a POSIX shell and read
//! back byte for byte, and their wrapping at a width.

use std::fmt::Write as _;

use crate::text_layout::width as str_width;

/// The variable [`shell_quote`] writes a trailing newline as, and [`NEWLINE_PRELUDE`] sets.
pub const NEWLINE_VAR: &str = "idbench_nl";

/// POSIX shell commands that set [`NEWLINE_VAR`] to one newline (a command substitution
/// strips trailing newlines, hence the `.` it then removes); [`shell_command`] puts them in
/// front of a command whose words need it.
pub const NEWLINE_PRELUDE: &str = "idbench_nl=$(printf '\\n.'); idbench_nl=${idbench_nl%.}; ";

/// Quotes `s` as one word for a POSIX shell (it uses only single quotes, `printf` and
/// command substitution) so that it pastes safely and reads back byte for byte.
///
/// Plain text goes in single quotes (`'` itself as `'\''`). A character that must not reach
/// a terminal raw (control, bidi, zero-width, invisible: see
/// [`crate::safe_text::needs_token`]) is written as a command substitution
/// `"$(printf '\ooo…')"`, its UTF-8 bytes as octal escapes, so nothing invisible or
/// line-breaking is pasted; the pieces are adjacent, so the shell joins them into one word.
///
/// Why not ANSI-C quoting (`$'\x01'`): POSIX.1-2024 standardised it, and bash, zsh and ksh
/// read it, but dash 0.5.12 (Debian 12's `/bin/sh`) reads `$'a\001b'` as the literal text
/// `$a\001b`, so a pasted command would silently open another identifier.
///
/// A command substitution drops the newlines that end its output, so a newline is printed
/// together with the character after it. Newlines that end `s` have no such character: they
/// are written as `"$idbench_nl"` ([`NEWLINE_VAR`]), which [`NEWLINE_PRELUDE`] sets
/// ([`shell_command`] adds it when needed). A shell argument cannot
/// hold NUL, so U+0000 cannot be pasted back by any shell (it is written as `\000`, which
/// the shells drop). Written by hand because of these three constraints (no `$'…'`, no
/// raw control character, newlines kept at the end).
pub fn shell_quote(s: &str) -> String {
    let needs = crate::safe_text::needs_token;
    if s.is_empty() {
        return "''".to_string();
    }
    let mut out = String::with_capacity(s.len() + 2);
    let mut rest = s;
    while !rest.is_empty() {
        let plain = rest.find(needs).unwrap_or(rest.len());
        if plain > 0 {
            out.push('\'');
            out.push_str(&rest[..plain].replace('\'', "'\\''"));
            out.push('\'');
            rest = &rest[plain..];
            continue;
        }
        let mut end = rest.find(|c| !needs(c)).unwrap_or(rest.len());
        let mut trailing = 0;
        if rest[..end].ends_with('\n') {
            match rest[end..].chars().next() {
                // Printed with the newline, so the substitution does not end with it.
                Some(next) => end += next.len_utf8(),
                None => {
                    let body = rest.trim_end_matches('\n');
                    trailing = rest.len() - body.len();
                    end = body.len();
                }
            }
        }
        if end > 0 {
            out.push_str("\"$(printf '");
            for b in rest[..end].bytes() {
                let _ = write!(out, "\\{b:03o}");
            }
            out.push_str("')\"");
        }
        for _ in 0..trailing {
            let _ = write!(out, "\"${NEWLINE_VAR}\"");
        }
        rest = &rest[end + trailing..];
    }
    out
}

/// Joins `words` (already quoted) into a command, with [`NEWLINE_PRELUDE`] in front when a
/// word uses [`NEWLINE_VAR`].
pub fn shell_command(words: &[String]) -> String {
    let var = format!("\"${NEWLINE_VAR}\"");
    let line = words.join(" ");
    if words.iter().any(|w| w.contains(&var)) {
        format!("{NEWLINE_PRELUDE}{line}")
    } else {
        line
    }
}

/// Where [`shell_wrap`] may break a command: before a piece, what separates it from the one
/// before.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gap {
    /// Nothing: the pieces must stay on one line.
    None,
    /// A space between words.
    Space,
    /// Inside a single-quoted string.
    Quote,
    /// Between two quoted pieces of one word.
    Join,
}

/// Lays out a command from [`crate::view::View::to_command_line`] in lines of at most `width` columns that a
/// POSIX shell reads as the same command: a line ends with a backslash (line continuation,
/// which the shell removes before reading words), after a space between words, between
/// two quoted pieces of a word, or inside a single-quoted string, which is closed before
/// the backslash and opened again on the next line. A piece that cannot be broken (a
/// `"$(printf …)"`) longer than a line is left whole. Continuation lines are not indented:
/// indentation inside a word would split it.
pub fn shell_wrap(cmd: &str, width: usize) -> String {
    let mut pieces: Vec<(String, Gap)> = Vec::new();
    let mut cur = String::new();
    let mut gap = Gap::None;
    let mut chars = cmd.chars().peekable();
    let finish = |cur: &mut String, gap: &mut Gap, pieces: &mut Vec<(String, Gap)>, next: Gap| {
        if !cur.is_empty() {
            pieces.push((std::mem::take(cur), *gap));
            *gap = next;
        } else if next == Gap::Space {
            *gap = Gap::Space;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            ' ' => finish(&mut cur, &mut gap, &mut pieces, Gap::Space),
            '\'' => {
                if cur.ends_with(['\'', '"']) {
                    finish(&mut cur, &mut gap, &mut pieces, Gap::Join);
                }
                cur.push('\'');
                // Each character of the string is a piece, so a line may end after any.
                while let Some(q) = chars.next() {
                    cur.push(q);
                    if q == '\'' {
                        break;
                    }
                    if chars.peek().is_some_and(|&n| n != '\'') {
                        finish(&mut cur, &mut gap, &mut pieces, Gap::Quote);
                    }
                }
            }
            '"' => {
                if cur.ends_with(['\'', '"']) {
                    finish(&mut cur, &mut gap, &mut pieces, Gap::Join);
                }
                cur.push('"');
                for q in chars.by_ref() {
                    cur.push(q);
                    if q == '"' {
                        break;
                    }
                }
            }
            '\\' => {
                cur.push('\\');
                if let Some(q) = chars.next() {
                    cur.push(q);
                }
            }
            c => cur.push(c),
        }
    }
    finish(&mut cur, &mut gap, &mut pieces, Gap::None);
    let mut out = String::with_capacity(cmd.len() + cmd.len() / 32 + 2);
    let mut col = 0;
    for (text, gap) in pieces {
        let (joiner, suffix, prefix) = match gap {
            Gap::None => ("", "", ""),
            Gap::Space => (" ", " \\", ""),
            Gap::Quote => ("", "'\\", "'"),
            Gap::Join => ("", "\\", ""),
        };
        let w = str_width(&text);
        // Two columns are kept for the widest line ending, `'\`.
        if gap != Gap::None && col > 0 && col + joiner.len() + w + 2 > width {
            out.push_str(suffix);
            out.push('\n');
            out.push_str(prefix);
            col = prefix.len();
        } else {
            out.push_str(joiner);
            col += joiner.len();
        }
        out.push_str(&text);
        col += w;
    }
    out
}
