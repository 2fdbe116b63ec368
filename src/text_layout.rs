//! Text layout shared by the CLI, the reports and the workbench: display width, character
//! boundaries, a text's head…tail, and wrapping.
//!
//! Written here rather than with a wrapping crate (`textwrap`): every wrapper below must
//! keep [`crate::safe_text`]'s tokens (`⟨U+202E⟩`) or every character of a value exactly,
//! and stop at a row budget so that a megabyte costs only what is shown; the widths come
//! from `unicode-width`, as ratatui's do. Every function is linear in its input.
//!
//! The engine does not use this module: it knows nothing of columns.

use std::borrow::Cow;

use unicode_width::UnicodeWidthChar;

/// The display width of `c` in columns (0 for a control or a combining mark).
pub fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// The display width of `s` in columns.
pub fn width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

/// The nearest character boundary of `s` at or before byte `i` (`s.len()` past the end).
pub fn floor_char_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The nearest character boundary of `s` at or after byte `i` (`s.len()` past the end).
pub fn ceil_char_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// The longest prefix of `s` of at most `max` bytes that ends on a character boundary.
pub fn head(s: &str, max: usize) -> &str {
    &s[..floor_char_boundary(s, max)]
}

/// The head of `s` (at most `head` bytes) and its tail (at most `tail` bytes), each cut on
/// a character boundary, for a text shown as `head…tail`. The two may overlap when `s` is
/// shorter than `head + tail`; callers cut only a text longer than both.
pub fn head_tail(s: &str, head: usize, tail: usize) -> (&str, &str) {
    let h = floor_char_boundary(s, head);
    let t = ceil_char_boundary(s, s.len().saturating_sub(tail));
    (&s[..h], &s[t..])
}

/// Safe text cut to `width` columns, ending with `…` when cut.
pub fn truncate(s: Cow<'_, str>, width: usize) -> Cow<'_, str> {
    let mut w = 0;
    let mut cut = None;
    for (i, c) in s.char_indices() {
        let cw = char_width(c);
        if w + cw > width.saturating_sub(1) && cut.is_none() {
            cut = Some(i);
        }
        w += cw;
        if w > width {
            let at = cut.unwrap_or(i);
            let mut out = String::with_capacity(at + 3);
            out.push_str(&s[..at]);
            if width > 0 {
                out.push('…');
            }
            return Cow::Owned(out);
        }
    }
    s
}

/// Splits safe text into the atoms wrapping must not break: a [`crate::safe_text`] token
/// `⟨U+XXXX⟩` is one atom, every other character its own.
pub fn atoms(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        if rest.starts_with("⟨U+")
            && let Some(end) = rest.char_indices().take(12).find(|(_, c)| *c == '⟩')
        {
            let len = end.0 + '⟩'.len_utf8();
            out.push(&rest[..len]);
            i += len;
            continue;
        }
        let c_len = rest.chars().next().map_or(1, char::len_utf8);
        out.push(&rest[..c_len]);
        i += c_len;
    }
    out
}

/// Cuts safe text into rows of at most `width` columns, by character: a value is read and
/// copied exactly, so no space is dropped or added at a break. At least one row.
pub fn wrap_chars(s: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut w = 0;
    for c in s.chars() {
        let cw = char_width(c);
        if w + cw > width && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
            w = 0;
        }
        cur.push(c);
        w += cw;
    }
    if !cur.is_empty() || out.is_empty() {
        out.push(cur);
    }
    out
}

/// Cuts safe prose into rows of at most `width` columns, breaking after a space when the
/// row has one (a word longer than the row is cut by character). No character is lost. At
/// least one row.
pub fn wrap_words(s: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        let mut w = 0;
        let mut cut = rest.len();
        let mut space = None;
        for (i, c) in rest.char_indices() {
            let cw = char_width(c);
            if w + cw > width && i > 0 {
                cut = i;
                break;
            }
            w += cw;
            if c == ' ' {
                space = Some(i + 1);
            }
        }
        if cut < rest.len()
            && let Some(sp) = space
        {
            cut = sp;
        }
        out.push(rest[..cut].to_string());
        rest = &rest[cut..];
    }
    if out.is_empty() {
        out.push(String::new());
    }
    out
}

/// How [`fill`] lays out words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fill {
    /// Columns per row.
    pub width: usize,
    /// At most this many rows; when text is left, the last row ends with `…`.
    pub max_rows: usize,
    /// A word wider than the room left on its row is cut there with `…` (else it overflows
    /// the row).
    pub cut_long_words: bool,
}

/// Safe prose filled into rows: words (runs without a space) joined by one space, a new row
/// when the next word does not fit. It stops at [`Fill::max_rows`], so a long message costs
/// only what is shown.
pub fn fill(safe: &str, fill: Fill) -> Vec<String> {
    let Fill {
        width,
        max_rows,
        cut_long_words,
    } = fill;
    let mut rows: Vec<String> = Vec::new();
    let (mut cur, mut cw) = (String::new(), 0usize);
    let mut left = false;
    for word in safe.split(' ').filter(|w| !w.is_empty()) {
        let ww = self::width(word);
        if cw > 0 && cw + 1 + ww > width {
            rows.push(std::mem::take(&mut cur));
            cw = 0;
            if rows.len() == max_rows {
                left = true;
                break;
            }
        }
        if cw > 0 {
            cur.push(' ');
            cw += 1;
        }
        let room = width.saturating_sub(cw);
        if cut_long_words && ww > room {
            cur.push_str(&truncate(Cow::Borrowed(word), room));
            cw = width;
        } else {
            cur.push_str(word);
            cw += ww;
        }
    }
    if !cur.is_empty() && rows.len() < max_rows {
        rows.push(cur);
    }
    if left && let Some(last) = rows.last_mut() {
        let mut t = truncate(Cow::Borrowed(last.as_str()), width.saturating_sub(1)).into_owned();
        if !t.ends_with('…') && width > 0 {
            t.push('…');
        }
        *last = t;
    }
    rows
}

/// Safe text wrapped at `width` columns into lines, each ending with a newline: at spaces
/// when a word fits, inside a word otherwise (identifiers are long words), never inside a
/// [`crate::safe_text`] token. `first` starts the first line, `rest` each following one.
pub fn wrap_lines(s: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 64 + 8);
    let mut line = String::from(first);
    let mut col: usize = self::width(first);
    let rest_col: usize = self::width(rest);
    let mut at_line_start = true;
    for (k, word) in s.split(' ').enumerate() {
        let atoms = atoms(word);
        let wlen: usize = atoms.iter().map(|a| self::width(a)).sum();
        let sep = usize::from(k > 0 && !at_line_start);
        if !at_line_start && col + sep + wlen > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
            line.push_str(rest);
            col = rest_col;
            at_line_start = true;
        } else if sep == 1 {
            line.push(' ');
            col += 1;
        }
        for a in atoms {
            let aw = self::width(a);
            if !at_line_start && col + aw > width {
                out.push_str(&line);
                out.push('\n');
                line.clear();
                line.push_str(rest);
                col = rest_col;
            }
            line.push_str(a);
            col += aw;
            at_line_start = false;
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries_and_head_tail_stay_on_characters() {
        let s = "aé😀b";
        assert_eq!(floor_char_boundary(s, 2), 1);
        assert_eq!(ceil_char_boundary(s, 2), 3);
        assert_eq!(floor_char_boundary(s, 99), s.len());
        assert_eq!(head(s, 5), "aé");
        assert_eq!(head_tail(s, 2, 2), ("a", "b"));
        assert_eq!(head_tail(s, 3, 5), ("aé", "😀b"));
    }

    #[test]
    fn lines_keep_the_width_and_tokens_whole() {
        let s = format!("{} {}", "a".repeat(100), "⟨U+202E⟩".repeat(20));
        let w = wrap_lines(&s, 72, "  ", "    ");
        for l in w.lines() {
            assert!(width(l) <= 72, "{l}");
            assert_eq!(l.matches('⟨').count(), l.matches('⟩').count(), "{l}");
        }
        assert_eq!(w.replace(['\n', ' '], ""), s.replace(' ', ""));
    }

    #[test]
    fn fill_stops_at_its_rows_and_marks_the_cut() {
        let f = Fill {
            width: 10,
            max_rows: 2,
            cut_long_words: true,
        };
        let rows = fill("one two three four five six", f);
        assert_eq!(rows.len(), 2);
        assert!(rows[1].ends_with('…'), "{rows:?}");
        let long = fill(
            "abcdefghijklmnop x",
            Fill {
                cut_long_words: false,
                max_rows: usize::MAX,
                ..f
            },
        );
        assert_eq!(long, ["abcdefghijklmnop", "x"]);
    }

    #[test]
    fn char_and_word_wrapping_keep_every_character() {
        let s = "the quick brown fox jumps";
        assert_eq!(wrap_chars(s, 7).concat(), s);
        assert_eq!(wrap_words(s, 7).concat(), s);
        assert!(wrap_words(s, 7).iter().all(|r| width(r) <= 7));
        assert_eq!(wrap_chars("", 5), [""]);
    }
}
