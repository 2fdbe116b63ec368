//! The ABNF reader: RFC 5234 text (with RFC 7405's `%s` and `%i`) into rule definitions
//! whose bodies are expression trees in an arena.
//!
//! It reads the layouts of RFC texts (a block indented as a whole, continuation lines at
//! any depth) and warns where that is not RFC 5234 §4's letter: a comment character other
//! than WSP and VCHAR, a continuation line not indented past its rule's start, a rule that
//! starts at another column than the first (docs/readings.md, "RFC 5234 §4").
//!
//! Written by hand: the grammar is tiny, and what matters here (line and column on every
//! error, recovery at the next rule, no recursion on nesting depth, the layouts of RFC
//! texts) is what the ABNF crates do not give. Nesting is handled with an explicit stack
//! of open groups, so 100,000 nested parentheses cost memory, not stack.

use super::{MAX_REPEAT, MAX_RULES, MAX_TEXT, Problem, codes};
use crate::engine::tree::Severity;

/// One node of a rule body. Children are indices into [`Reading::exprs`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Expr {
    /// `a / b / c`.
    Alt(Vec<usize>),
    /// `a b c`.
    Seq(Vec<usize>),
    /// `min*max e` (`max` `None`: unbounded); `[e]` is `0*1`.
    Rep {
        min: u32,
        max: Option<u32>,
        e: usize,
    },
    /// A rule name, as written, with where it is written.
    Ref {
        name: String,
        line: usize,
        col: usize,
        offset: usize,
    },
    /// A quoted string: case-insensitive for ASCII letters unless `sensitive`.
    Str { chars: Vec<char>, sensitive: bool },
    /// `%x41-5A` or one value (`lo == hi`); a value list `%x41.42` is a `Seq` of these.
    Range(u32, u32),
    /// `<prose>`.
    Prose(String),
}

/// One `name = ...` or `name =/ ...` as read.
#[derive(Clone, Debug)]
pub(crate) struct RuleDef {
    /// The name as written.
    pub name: String,
    /// `=/`.
    pub incremental: bool,
    /// 1-based line and column of the name.
    pub line: usize,
    pub col: usize,
    /// Byte offset of the name.
    pub offset: usize,
    /// The body.
    pub body: usize,
}

/// A grammar text as read: the rules that read and the errors of those that did not.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reading {
    pub exprs: Vec<Expr>,
    pub rules: Vec<RuleDef>,
    pub problems: Vec<Problem>,
}

/// Line starts of a text, for line and column of a byte offset.
pub(crate) struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        Lines { text, starts }
    }
    /// 1-based line and column (in characters) of byte offset `at`.
    pub(crate) fn line_col(&self, at: usize) -> (usize, usize) {
        let at = at.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= at).max(1);
        let start = self.starts[line - 1];
        let col = self
            .text
            .get(start..at)
            .map_or(at - start, |s| s.chars().count())
            + 1;
        (line, col)
    }
}

struct Frame {
    /// `(`, `[`, or 0 for the rule body itself.
    open: u8,
    at: usize,
    rep: Option<(u32, Option<u32>)>,
    alts: Vec<usize>,
    seq: Vec<usize>,
}

struct Reader<'a> {
    b: &'a [u8],
    text: &'a str,
    lines: Lines<'a>,
    out: Reading,
    /// Comments before this offset have had their characters checked (each once).
    comments_checked: usize,
    /// The indentation of the first rule (RFC texts indent the whole block alike).
    rule_indent: Option<usize>,
}

struct Fail(usize, &'static str, String);

fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic()
}
fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-'
}

/// Reads `text`. Never panics; every problem has a line and column.
pub(crate) fn read(text: &str) -> Reading {
    let mut r = Reader {
        b: text.as_bytes(),
        text,
        lines: Lines::new(text),
        out: Reading::default(),
        comments_checked: 0,
        rule_indent: None,
    };
    if text.len() > MAX_TEXT {
        r.problem(
            0,
            codes::TOO_LARGE,
            None,
            format!(
                "the grammar is {} bytes, more than the {} bytes (1 MiB) a grammar may have: split it or remove what the start rule does not need",
                text.len(),
                MAX_TEXT
            ),
        );
        return r.out;
    }
    r.run();
    r.out
}

impl Reader<'_> {
    fn problem(&mut self, at: usize, code: &'static str, rule: Option<String>, message: String) {
        let (line, column) = self.lines.line_col(at);
        self.out.problems.push(Problem {
            code,
            severity: Severity::Error,
            line,
            column,
            offset: at,
            rule,
            message,
        });
    }

    /// A warning: the text reads, but not to RFC 5234 §4's letter.
    fn warn(&mut self, at: usize, code: &'static str, rule: Option<String>, message: String) {
        let (line, column) = self.lines.line_col(at);
        self.out.problems.push(Problem {
            code,
            severity: Severity::Warning,
            line,
            column,
            offset: at,
            rule,
            message,
        });
    }

    /// The blanks before `at` back to its line start (`at` is the first non-blank).
    fn indent_of(&self, at: usize) -> usize {
        let mut k = at;
        while k > 0 && matches!(self.b[k - 1], b' ' | b'\t' | b'\x0c') {
            k -= 1;
        }
        at - k
    }

    /// RFC 5234 §4: `comment = ";" *(WSP / VCHAR) CRLF`. Warns at the first character of
    /// the comment from `start` (its `;`) to `end` (its line end) that is neither.
    fn check_comment(&mut self, start: usize, end: usize) {
        if start < self.comments_checked {
            return;
        }
        self.comments_checked = end;
        let bad = self.b[start + 1..end]
            .iter()
            .enumerate()
            .find(|&(k, &c)| {
                let wsp_or_vchar = c == b' ' || c == b'\t' || (0x21..=0x7E).contains(&c);
                // The CR of a CRLF line end.
                let crlf = c == b'\r' && start + 1 + k + 1 == end;
                !(wsp_or_vchar || crlf)
            })
            .map(|(k, _)| start + 1 + k);
        if let Some(at) = bad {
            let what = self.describe(at);
            self.warn(
                at,
                codes::COMMENT_CHARACTER,
                None,
                format!(
                    "a comment holds {what}, which is neither WSP nor VCHAR: RFC 5234 §4 allows only \
                     those in a comment (`comment = \";\" *(WSP / VCHAR) CRLF`); write it in ASCII \
                     (other ABNF tools may refuse the grammar)"
                ),
            );
        }
    }

    fn push(&mut self, e: Expr) -> usize {
        self.out.exprs.push(e);
        self.out.exprs.len() - 1
    }

    /// Whether `at` is the first non-blank of its line and a rule definition starts there
    /// (`name` blanks `=`).
    fn is_rule_start(&self, at: usize) -> bool {
        // Only blanks between the line start and `at` (scanning back over blanks only, so
        // a long line costs nothing here).
        let mut k = at;
        while k > 0 && (self.b[k - 1] == b' ' || self.b[k - 1] == b'\t') {
            k -= 1;
        }
        if k > 0 && self.b[k - 1] != b'\n' {
            return false;
        }
        let mut i = at;
        if i >= self.b.len() || !is_name_start(self.b[i]) {
            return false;
        }
        while i < self.b.len() && is_name_char(self.b[i]) {
            i += 1;
        }
        while i < self.b.len() && (self.b[i] == b' ' || self.b[i] == b'\t') {
            i += 1;
        }
        i < self.b.len() && self.b[i] == b'='
    }

    /// Skips blanks, line breaks and comments (checking each comment's characters once).
    fn skip_ws(&mut self, mut i: usize) -> usize {
        while i < self.b.len() {
            match self.b[i] {
                b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' => i += 1,
                b';' => {
                    let start = i;
                    i = memchr::memchr(b'\n', &self.b[i..]).map_or(self.b.len(), |k| i + k);
                    self.check_comment(start, i);
                }
                _ => break,
            }
        }
        i
    }

    /// The next line start at or after `i` where a rule starts (or the end).
    fn resync(&self, mut i: usize) -> usize {
        loop {
            while i < self.b.len() && self.b[i] != b'\n' {
                i += 1;
            }
            if i >= self.b.len() {
                return self.b.len();
            }
            i += 1;
            let j = self.skip_blanks(i);
            if j < self.b.len() && self.is_rule_start(j) {
                return j;
            }
        }
    }

    fn skip_blanks(&self, mut i: usize) -> usize {
        while i < self.b.len() && (self.b[i] == b' ' || self.b[i] == b'\t') {
            i += 1;
        }
        i
    }

    fn run(&mut self) {
        let mut i = 0;
        loop {
            i = self.skip_ws(i);
            if i >= self.b.len() {
                break;
            }
            if !self.is_rule_start(i) {
                let what = self.describe(i);
                self.problem(
                    i,
                    codes::SYNTAX,
                    None,
                    format!(
                        "expected a rule definition (`name = elements`), found {what}: start each rule with its name and `=` (continuation lines are indented)"
                    ),
                );
                i = self.resync(i);
                continue;
            }
            let indent = self.indent_of(i);
            match self.rule_indent {
                None => self.rule_indent = Some(indent),
                Some(first) if first != indent => {
                    let name = self.name_at(i);
                    self.warn(
                        i,
                        codes::RULE_INDENTATION,
                        Some(name.clone()),
                        format!(
                            "`{name}` is indented by {indent} blanks, the grammar's first rule by {first}: \
                             RFC 5234 §4 starts every rule at the start of its line, and a line that \
                             begins with white space continues the rule before it (§3.1); start every \
                             rule at one column (a block indented as a whole, as RFCs print it, is read \
                             as unindented)"
                        ),
                    );
                }
                Some(_) => {}
            }
            match self.rule(i) {
                Ok(next) => {
                    i = next;
                    if self.out.rules.len() > MAX_RULES {
                        self.problem(
                            self.out.rules.last().map_or(0, |r| r.offset),
                            codes::TOO_MANY_RULES,
                            None,
                            format!(
                                "more than {MAX_RULES} rule definitions: a grammar may have at most {MAX_RULES}; split it"
                            ),
                        );
                        self.out.rules.truncate(MAX_RULES);
                        return;
                    }
                }
                Err(Fail(at, code, msg)) => {
                    let name = self.name_at(i);
                    self.problem(at, code, Some(name), msg);
                    i = self.resync(at.max(i));
                }
            }
        }
    }

    fn name_at(&self, i: usize) -> String {
        let mut j = i;
        while j < self.b.len() && is_name_char(self.b[j]) {
            j += 1;
        }
        self.text[i..j].to_string()
    }

    /// A short, safe description of what is at `i`.
    fn describe(&self, i: usize) -> String {
        match self.text.get(i..).and_then(|s| s.chars().next()) {
            None => "the end of the text".into(),
            Some(c) if c.is_ascii_graphic() => format!("`{c}`"),
            Some(c) => format!("U+{:04X}", c as u32),
        }
    }

    /// Reads one rule starting at its name; returns where the next rule may start.
    fn rule(&mut self, start: usize) -> Result<usize, Fail> {
        let name = self.name_at(start);
        let mut i = self.skip_blanks(start + name.len());
        // is_rule_start guarantees `=` here.
        i += 1;
        let incremental = self.b.get(i) == Some(&b'/');
        if incremental {
            i += 1;
        }
        let (line, col) = self.lines.line_col(start);
        let body = self.elements(i, &name, self.indent_of(start))?;
        self.out.rules.push(RuleDef {
            name,
            incremental,
            line,
            col,
            offset: start,
            body: body.0,
        });
        Ok(body.1)
    }

    /// Reads the elements of a rule from `i` to its end (the next rule start or the end of
    /// the text). Returns the body expression and the end.
    /// `name` and `indent` are the rule's, for the warning on a continuation line that is not
    /// indented past the rule's start.
    fn elements(
        &mut self,
        mut i: usize,
        name: &str,
        indent: usize,
    ) -> Result<(usize, usize), Fail> {
        let mut stack: Vec<Frame> = vec![Frame {
            open: 0,
            at: i,
            rep: None,
            alts: Vec::new(),
            seq: Vec::new(),
        }];
        loop {
            let from = i;
            i = self.skip_ws(i);
            let at_end = i >= self.b.len() || self.is_rule_start(i);
            // RFC 5234 §3.1 and §4: `c-wsp = WSP / (c-nl WSP)`, a line break inside a rule is
            // followed by white space. A line that continues the rule from its start column
            // (or left of it) is read as a continuation, and warned of.
            if !at_end
                && memchr::memchr(b'\n', &self.b[from..i]).is_some()
                && self.indent_of(i) <= indent
            {
                let what = self.describe(i);
                self.warn(
                    i,
                    codes::CONTINUATION_NOT_INDENTED,
                    Some(name.to_string()),
                    format!(
                        "this line continues `{name}` (at {what}) but is not indented past the rule's start: \
                         RFC 5234 §3.1 and §4 (`c-wsp = WSP / (c-nl WSP)`) want white space after a line \
                         break inside a rule; indent the line"
                    ),
                );
            }
            if at_end {
                if let Some(f) = stack.last().filter(|f| f.open != 0) {
                    let close = if f.open == b'(' { ')' } else { ']' };
                    return Err(Fail(
                        f.at,
                        codes::SYNTAX,
                        format!(
                            "`{}` is never closed: add `{close}` before the rule ends",
                            f.open as char
                        ),
                    ));
                }
                let mut f = stack.pop().ok_or(Fail(i, codes::SYNTAX, String::new()))?;
                if f.seq.is_empty() {
                    let msg = if f.alts.is_empty() {
                        "the rule has no elements after `=`: give its definition (`\"\"` for the empty string)"
                    } else {
                        "nothing follows the last `/`: remove it or add the alternative"
                    };
                    return Err(Fail(i.min(self.b.len()), codes::SYNTAX, msg.into()));
                }
                let s = self.seq_expr(std::mem::take(&mut f.seq));
                f.alts.push(s);
                let body = self.alt_expr(f.alts);
                return Ok((body, i));
            }
            let c = self.b[i];
            match c {
                b'/' => {
                    let f = stack
                        .last_mut()
                        .ok_or(Fail(i, codes::SYNTAX, String::new()))?;
                    if f.seq.is_empty() {
                        return Err(Fail(
                            i,
                            codes::SYNTAX,
                            "an alternative is empty (`/` with nothing before it): write `\"\"` for the empty string".into(),
                        ));
                    }
                    let seq = std::mem::take(&mut f.seq);
                    let s = self.seq_expr(seq);
                    if let Some(f) = stack.last_mut() {
                        f.alts.push(s);
                    }
                    i += 1;
                }
                b')' | b']' => {
                    let top = stack.last().map_or(0, |f| f.open);
                    let want = if c == b')' { b'(' } else { b'[' };
                    if top != want {
                        let msg = if top == 0 {
                            format!("`{}` closes nothing: remove it", c as char)
                        } else {
                            let (l, cc) = self.lines.line_col(stack.last().map_or(0, |f| f.at));
                            format!(
                                "`{}` does not close the `{}` opened at line {l}, column {cc}: close that one first",
                                c as char, top as char
                            )
                        };
                        return Err(Fail(i, codes::SYNTAX, msg));
                    }
                    let mut f = stack.pop().ok_or(Fail(i, codes::SYNTAX, String::new()))?;
                    if f.seq.is_empty() {
                        return Err(Fail(
                            i,
                            codes::SYNTAX,
                            "an empty group or alternative: put elements in it or remove it".into(),
                        ));
                    }
                    let s = self.seq_expr(std::mem::take(&mut f.seq));
                    f.alts.push(s);
                    let mut e = self.alt_expr(f.alts);
                    if c == b']' {
                        e = self.push(Expr::Rep {
                            min: 0,
                            max: Some(1),
                            e,
                        });
                    }
                    if let Some((min, max)) = f.rep {
                        e = self.push(Expr::Rep { min, max, e });
                    }
                    stack
                        .last_mut()
                        .ok_or(Fail(i, codes::SYNTAX, String::new()))?
                        .seq
                        .push(e);
                    i += 1;
                }
                _ => {
                    let rep_at = i;
                    let (rep, j) = self.repeat(i)?;
                    i = if rep.is_some() {
                        self.skip_blanks(j)
                    } else {
                        j
                    };
                    if i >= self.b.len() {
                        return Err(Fail(
                            rep_at,
                            codes::SYNTAX,
                            "a repetition with no element after it: add the element".into(),
                        ));
                    }
                    let c = self.b[i];
                    if c == b'(' || c == b'[' {
                        stack.push(Frame {
                            open: c,
                            at: i,
                            rep,
                            alts: Vec::new(),
                            seq: Vec::new(),
                        });
                        i += 1;
                        continue;
                    }
                    let (mut e, j) = self.element(i)?;
                    if j < self.b.len() && (is_name_char(self.b[j]) || self.b[j] == b'.') {
                        return Err(Fail(
                            j,
                            codes::SYNTAX,
                            "elements run together here: separate them with a space".into(),
                        ));
                    }
                    if let Some((min, max)) = rep {
                        e = self.push(Expr::Rep { min, max, e });
                    }
                    stack
                        .last_mut()
                        .ok_or(Fail(i, codes::SYNTAX, String::new()))?
                        .seq
                        .push(e);
                    i = j;
                }
            }
        }
    }

    fn seq_expr(&mut self, mut seq: Vec<usize>) -> usize {
        if seq.len() == 1 {
            seq.pop().unwrap_or(0)
        } else {
            self.push(Expr::Seq(seq))
        }
    }
    fn alt_expr(&mut self, mut alts: Vec<usize>) -> usize {
        if alts.len() == 1 {
            alts.pop().unwrap_or(0)
        } else {
            self.push(Expr::Alt(alts))
        }
    }

    fn number(&self, i: usize) -> Result<(Option<u32>, usize), Fail> {
        let mut j = i;
        let mut v: u64 = 0;
        while j < self.b.len() && self.b[j].is_ascii_digit() {
            v = v * 10 + u64::from(self.b[j] - b'0');
            if v > u64::from(MAX_REPEAT) {
                return Err(Fail(
                    i,
                    codes::SYNTAX,
                    format!("a repetition count above {MAX_REPEAT}: use `*` for no upper bound"),
                ));
            }
            j += 1;
        }
        Ok(((j > i).then_some(v as u32), j))
    }

    /// `n`, `n*m`, `*m`, `n*`, `*`: the repetition prefix at `i`, if any.
    #[allow(clippy::type_complexity)]
    fn repeat(&self, i: usize) -> Result<(Option<(u32, Option<u32>)>, usize), Fail> {
        let (lo, j) = self.number(i)?;
        if j < self.b.len() && self.b[j] == b'*' {
            let (hi, k) = self.number(j + 1)?;
            let lo = lo.unwrap_or(0);
            if let Some(h) = hi
                && h < lo
            {
                return Err(Fail(
                    i,
                    codes::SYNTAX,
                    format!(
                        "the repetition `{lo}*{h}` has its minimum above its maximum: swap them"
                    ),
                ));
            }
            Ok((Some((lo, hi)), k))
        } else if let Some(n) = lo {
            Ok((Some((n, Some(n))), j))
        } else {
            Ok((None, i))
        }
    }

    /// One element other than a group at `i`.
    fn element(&mut self, i: usize) -> Result<(usize, usize), Fail> {
        let c = self.b[i];
        if is_name_start(c) {
            let mut j = i;
            while j < self.b.len() && is_name_char(self.b[j]) {
                j += 1;
            }
            let (line, col) = self.lines.line_col(i);
            let e = self.push(Expr::Ref {
                name: self.text[i..j].to_string(),
                line,
                col,
                offset: i,
            });
            return Ok((e, j));
        }
        match c {
            b'"' => self.string(i, i + 1, false),
            b'%' => match self.b.get(i + 1).map(u8::to_ascii_lowercase) {
                Some(b's') if self.b.get(i + 2) == Some(&b'"') => self.string(i, i + 3, true),
                Some(b'i') if self.b.get(i + 2) == Some(&b'"') => self.string(i, i + 3, false),
                Some(b'x') => self.numeric(i, i + 2, 16),
                Some(b'd') => self.numeric(i, i + 2, 10),
                Some(b'b') => self.numeric(i, i + 2, 2),
                _ => Err(Fail(
                    i,
                    codes::SYNTAX,
                    "`%` must be followed by `x`, `d` or `b` and a value, or by `s\"` or `i\"` and a string".into(),
                )),
            },
            b'<' => {
                let mut j = i + 1;
                while j < self.b.len() && self.b[j] != b'>' && self.b[j] != b'\n' {
                    j += 1;
                }
                if j >= self.b.len() || self.b[j] != b'>' {
                    return Err(Fail(
                        i,
                        codes::SYNTAX,
                        "a prose value `<...>` is not closed on its line: add `>`".into(),
                    ));
                }
                let e = self.push(Expr::Prose(self.text[i + 1..j].trim().to_string()));
                Ok((e, j + 1))
            }
            b'=' => Err(Fail(
                i,
                codes::SYNTAX,
                "`=` inside a rule: a new rule must start on a line of its own".into(),
            )),
            _ => {
                let what = self.describe(i);
                Err(Fail(
                    i,
                    codes::SYNTAX,
                    format!("unexpected {what}: expected a rule name, a quoted string, a `%` value, `<prose>`, `(` or `[`"),
                ))
            }
        }
    }

    fn string(&mut self, at: usize, from: usize, sensitive: bool) -> Result<(usize, usize), Fail> {
        let rest = &self.text[from..];
        let end = rest.find(['"', '\n']);
        match end {
            Some(k) if rest.as_bytes()[k] == b'"' => {
                let chars: Vec<char> = rest[..k].chars().filter(|&c| c != '\r').collect();
                let e = self.push(Expr::Str { chars, sensitive });
                Ok((e, from + k + 1))
            }
            _ => Err(Fail(
                at,
                codes::SYNTAX,
                "a quoted string is not closed on its line: add `\"` (a `\"` inside a string is written %x22)".into(),
            )),
        }
    }

    fn digits(&self, mut i: usize, radix: u32) -> Result<(u32, usize), Fail> {
        let start = i;
        let mut v: u64 = 0;
        while i < self.b.len() {
            let Some(d) = (self.b[i] as char).to_digit(radix) else {
                break;
            };
            v = v * u64::from(radix) + u64::from(d);
            if v > 0x10FFFF {
                return Err(Fail(
                    start,
                    codes::SYNTAX,
                    "a value above %x10FFFF, the last Unicode code point: the terminals here are code points".into(),
                ));
            }
            i += 1;
        }
        if i == start {
            let base = match radix {
                16 => "hexadecimal",
                10 => "decimal",
                _ => "binary",
            };
            return Err(Fail(
                start,
                codes::SYNTAX,
                format!("expected {base} digits here"),
            ));
        }
        Ok((v as u32, i))
    }

    fn numeric(&mut self, _at: usize, from: usize, radix: u32) -> Result<(usize, usize), Fail> {
        let (lo, mut i) = self.digits(from, radix)?;
        if self.b.get(i) == Some(&b'-') {
            let (hi, j) = self.digits(i + 1, radix)?;
            if hi < lo {
                return Err(Fail(
                    from,
                    codes::SYNTAX,
                    "a range whose end is below its start: swap them".into(),
                ));
            }
            let e = self.push(Expr::Range(lo, hi));
            return Ok((e, j));
        }
        let mut vals = vec![lo];
        while self.b.get(i) == Some(&b'.') {
            let (v, j) = self.digits(i + 1, radix)?;
            vals.push(v);
            i = j;
        }
        if vals.len() == 1 {
            let e = self.push(Expr::Range(lo, lo));
            return Ok((e, i));
        }
        let items: Vec<usize> = vals
            .into_iter()
            .map(|v| self.push(Expr::Range(v, v)))
            .collect();
        let e = self.push(Expr::Seq(items));
        Ok((e, i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let l = Lines::new("ab\né = x\n");
        assert_eq!(l.line_col(0), (1, 1));
        assert_eq!(l.line_col(3), (2, 1));
        assert_eq!(l.line_col(6), (2, 3));
    }

    #[test]
    fn repetitions_and_values_read() {
        let r = read("a = 3*5DIGIT *x 1*y 3z *7w %d13.10 %x41-5A\n");
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let reps: Vec<(u32, Option<u32>)> = r
            .exprs
            .iter()
            .filter_map(|e| match e {
                Expr::Rep { min, max, .. } => Some((*min, *max)),
                _ => None,
            })
            .collect();
        assert_eq!(
            reps,
            [
                (3, Some(5)),
                (0, None),
                (1, None),
                (3, Some(3)),
                (0, Some(7))
            ]
        );
        assert!(r.exprs.contains(&Expr::Range(13, 13)));
        assert!(r.exprs.contains(&Expr::Range(10, 10)));
        assert!(r.exprs.contains(&Expr::Range(0x41, 0x5A)));
    }

    #[test]
    fn a_rule_starts_only_at_a_line_start() {
        let r = read("a = b\n  c\nd = e\n");
        assert_eq!(r.rules.len(), 2);
        assert_eq!((r.rules[1].line, r.rules[1].col), (3, 1));
    }
}
