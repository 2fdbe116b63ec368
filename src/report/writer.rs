//! The report writer: Markdown or plain text from the report's content (titles,
//! paragraphs, tables, code), with the escaping and wrapping each format needs.

use super::{ReportFormat, TEXT_WIDTH};
use crate::safe_text::escape;
use std::fmt::Write as _;

use crate::text_layout::width as str_width;

/// `s` (already safe) wrapped at [`TEXT_WIDTH`] columns; see [`crate::text_layout::wrap_lines`].
fn wrap(s: &str, first: &str, rest: &str) -> String {
    crate::text_layout::wrap_lines(s, TEXT_WIDTH, first, rest)
}

/// A table cell: prose, or a value shown as code.
pub(super) enum Cell {
    Plain(String),
    Code(String),
}

/// Builds a report in one format.
pub(super) struct Writer {
    pub(super) f: ReportFormat,
    out: String,
}

impl Writer {
    pub(super) fn new(f: ReportFormat) -> Self {
        Writer {
            f,
            out: String::new(),
        }
    }

    pub(super) fn finish(mut self) -> String {
        while self.out.ends_with("\n\n") {
            self.out.pop();
        }
        self.out
    }

    pub(super) fn title(&mut self, t: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "# {t}\n");
            }
            ReportFormat::Text => {
                let _ = writeln!(self.out, "{}\n{}\n", t.to_uppercase(), "=".repeat(t.len()));
            }
        }
    }

    pub(super) fn heading(&mut self, t: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "## {t}\n");
            }
            ReportFormat::Text => {
                let _ = writeln!(self.out, "{t}\n{}\n", "-".repeat(t.chars().count()));
            }
        }
    }

    pub(super) fn subheading(&mut self, t: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "### {t}\n");
            }
            ReportFormat::Text => {
                let _ = writeln!(self.out, "{t}:\n");
            }
        }
    }

    /// A paragraph of prose (which may hold untrusted text: it is escaped here).
    pub(super) fn para(&mut self, t: &str) {
        let t = escape(t);
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "{}\n", md_prose(&t));
            }
            ReportFormat::Text => {
                self.out.push_str(&wrap(&t, "", ""));
                self.out.push('\n');
            }
        }
    }

    /// A paragraph already composed of [`Writer::prose`] and [`Writer::code`] pieces.
    pub(super) fn para_md(&mut self, t: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "{t}\n");
            }
            ReportFormat::Text => {
                self.out.push_str(&wrap(t, "", ""));
                self.out.push('\n');
            }
        }
    }

    /// Prose for [`Writer::para_md`]: escaped, and Markdown-escaped in Markdown.
    pub(super) fn prose(&self, s: &str) -> String {
        let s = escape(s);
        match self.f {
            ReportFormat::Markdown => md_prose(&s),
            ReportFormat::Text => s.into_owned(),
        }
    }

    /// An inline code span for [`Writer::para_md`]; in text, the value itself (escaped).
    pub(super) fn code(&self, s: &str) -> String {
        let s = escape(s);
        match self.f {
            ReportFormat::Markdown => code_span(&s),
            ReportFormat::Text => s.into_owned(),
        }
    }

    /// A value shown whole in a block of its own.
    pub(super) fn block(&mut self, s: &str) {
        let s = escape(s);
        match self.f {
            ReportFormat::Markdown => {
                let fence = fence_for(&s);
                let _ = writeln!(self.out, "{fence}text\n{s}\n{fence}\n");
            }
            ReportFormat::Text => {
                self.out.push_str(&wrap(&s, "    ", "    "));
                self.out.push('\n');
            }
        }
    }

    /// Lines shown exactly as given (already safe), followed by a blank line.
    pub(super) fn verbatim(&mut self, lines: &str) {
        self.out.push_str(lines);
        self.out.push_str("\n\n");
    }

    /// A name and a value shown whole.
    pub(super) fn labelled_block(&mut self, name: &str, value: &str) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "**{}**\n", md_prose(name));
                self.block(value);
            }
            ReportFormat::Text => {
                let _ = writeln!(self.out, "{name}:");
                self.block(value);
            }
        }
    }

    /// A production of the grammar reference (our own data, possibly several lines): a
    /// fenced block, or lines indented by four columns in text. Each line is escaped alone
    /// so the line breaks stay breaks.
    pub(super) fn production(&mut self, text: &str) {
        let indent = match self.f {
            ReportFormat::Markdown => "",
            ReportFormat::Text => "    ",
        };
        let lines: String = text
            .lines()
            .map(|l| format!("{indent}{}\n", escape(l)))
            .collect();
        self.preformatted(&lines);
    }

    /// Lines already laid out (the tree): a fenced block, or wrapped lines in text.
    pub(super) fn preformatted(&mut self, lines: &str) {
        // The lines are built from escaped pieces (see `tree`): escaping them again would
        // turn the line breaks into tokens.
        let lines = lines.trim_end_matches('\n');
        match self.f {
            ReportFormat::Markdown => {
                let fence = fence_for(lines);
                let _ = writeln!(self.out, "{fence}text\n{lines}\n{fence}\n");
            }
            ReportFormat::Text => {
                for l in lines.split('\n') {
                    let lead = l.len() - l.trim_start_matches(' ').len();
                    let first = &l[..lead];
                    let rest = format!("{first}    ");
                    self.out
                        .push_str(&wrap(l.trim_start_matches(' '), first, &rest));
                }
                self.out.push('\n');
            }
        }
    }

    pub(super) fn table(&mut self, head: &[&str], rows: &[Vec<Cell>]) {
        match self.f {
            ReportFormat::Markdown => {
                let _ = writeln!(self.out, "| {} |", head.join(" | "));
                let _ = writeln!(
                    self.out,
                    "|{}",
                    head.iter().map(|_| " --- |").collect::<String>()
                );
                for r in rows {
                    let cells: Vec<String> = r
                        .iter()
                        .map(|c| match c {
                            Cell::Plain(s) => md_prose(&escape(s)),
                            Cell::Code(s) if s.is_empty() => "(empty)".to_string(),
                            Cell::Code(s) => code_span(&escape(s)).replace('|', "\\|"),
                        })
                        .collect();
                    let _ = writeln!(self.out, "| {} |", cells.join(" | "));
                }
                self.out.push('\n');
            }
            ReportFormat::Text => {
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|c| match c {
                                Cell::Plain(s) => escape(s).into_owned(),
                                Cell::Code(s) if s.is_empty() => "(empty)".to_string(),
                                Cell::Code(s) => escape(s).into_owned(),
                            })
                            .collect()
                    })
                    .collect();
                let mut widths: Vec<usize> = head.iter().map(|h| str_width(h)).collect();
                for r in &cells {
                    for (k, c) in r.iter().enumerate() {
                        if let Some(w) = widths.get_mut(k) {
                            *w = (*w).max(str_width(c));
                        }
                    }
                }
                let total = widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1);
                if total <= TEXT_WIDTH {
                    // Aligned columns when they fit.
                    let line = |r: &[String]| {
                        let mut l = String::new();
                        for (k, c) in r.iter().enumerate() {
                            if k > 0 {
                                l.push_str("  ");
                            }
                            l.push_str(c);
                            let pad = widths.get(k).copied().unwrap_or(0) - str_width(c);
                            l.push_str(&" ".repeat(pad));
                        }
                        l.trim_end().to_string()
                    };
                    let head: Vec<String> = head.iter().map(|h| h.to_string()).collect();
                    let _ = writeln!(self.out, "{}", line(&head));
                    for r in &cells {
                        let _ = writeln!(self.out, "{}", line(r));
                    }
                } else {
                    // A record per row: the first column as a label, the others as
                    // `name: value` lines wrapped with a hanging indent. Columns would not
                    // fit 72 columns once a value is long.
                    for r in &cells {
                        for (k, v) in r.iter().enumerate() {
                            if k == 0 {
                                let _ = writeln!(self.out, "* {}: {}", head[0], v);
                            } else if !v.is_empty() {
                                let first = format!("    {}: ", head[k]);
                                self.out.push_str(&wrap(v, &first, "        "));
                            }
                        }
                    }
                }
                self.out.push('\n');
            }
        }
    }
}

/// Escapes text for Markdown prose and table cells: characters that would start emphasis,
/// code, links, HTML or a heading are backslash-escaped; `<` and `>` become entities.
pub(super) fn md_prose(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '~' | '!' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c => out.push(c),
        }
    }
    out
}

/// The longest run of `ch` in `s`.
pub(super) fn longest_run(s: &str, ch: char) -> usize {
    let (mut best, mut cur) = (0, 0);
    for c in s.chars() {
        if c == ch {
            cur += 1;
            best = best.max(cur);
        } else {
            cur = 0;
        }
    }
    best
}

/// A code fence longer than any backtick run in `s` (at least three).
pub(super) fn fence_for(s: &str) -> String {
    "`".repeat((longest_run(s, '`') + 1).max(3))
}

/// An inline code span for `s` (already escaped by safe_text): delimited by more backticks
/// than any run inside it, padded with a space when it starts or ends with a backtick or a
/// space (CommonMark strips one space from each side).
pub(super) fn code_span(s: &str) -> String {
    let ticks = "`".repeat(longest_run(s, '`') + 1);
    let pad = if s.starts_with(['`', ' ']) || s.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{s}{pad}{ticks}")
}
