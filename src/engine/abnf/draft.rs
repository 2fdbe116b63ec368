//! Drafts: the ABNF and the example identifiers of an RFC or Internet-Draft read as plain
//! text, checked against each other.
//!
//! [`read_draft`] takes the text as the RFC Editor publishes it (page footers with
//! `[Page N]`, form feeds, running headers, indentation) and:
//!
//! 1. drops the page furniture, keeping every line's number in the file;
//! 2. finds the ABNF: a rule starts with `name =` or `name =/` (or a line holding only a
//!    name, followed by a line starting with `=`, as PDF-converted texts lay rules out);
//!    its continuation lines are indented deeper, across a page break too (RFC 5322's
//!    `obs-zone`). A rule is taken only when it reads as ABNF on its own, so RFC 3986
//!    Appendix B's `scheme = $2` and §5.2's pseudocode are not grammar, and only in a block
//!    that reads as grammar as a whole (`in_grammar_blocks`: RFC 6068's quoted-printable
//!    `caf=E9` is not). Rules met again (in the body and again in an appendix) are merged when
//!    they say the same thing; two different definitions of one rule are a problem. A
//!    text written in BNF (`<rule> ::= ...`, RFC 2141) or in the WWW draft's notation is
//!    said to be so, not misread;
//! 3. checks the grammar as `grammar check` does, with lines of the draft; a rule used and
//!    defined nowhere that the prose takes from another document is external, not
//!    undefined (`external_mentions`);
//! 4. finds the example identifiers (URIs, URNs, XRIs) with their lines (one wrapped over
//!    lines inside `<...>` joined, RFC 3986 Appendix C) and judges each
//!    under the profile `auto` picks and under the draft's grammar: its root rules are
//!    tried; in a URN namespace draft (one that names its NID, or whose root rule is the
//!    NSS) an example of that namespace is judged by its NSS.
//!
//! Everything is linear in the text: one pass per step, each example parsed a bounded
//! number of times (at most [`MAX_ROOTS`] root rules, [`MAX_EXAMPLES`] examples).

use super::{Grammar, ParseOptions, Problem, check, codes as grammar_codes, reader};
use crate::engine::tree::Severity;
use crate::engine::{Options, analyze};

/// At most this many root rules are tried on an example.
pub const MAX_ROOTS: usize = 16;
/// At most this many examples are judged (a text with more says so).
pub const MAX_EXAMPLES: usize = 2_000;
/// Examples longer than this are not judged under the draft's grammar.
const MAX_EXAMPLE_LEN: usize = 4_096;

/// Codes of the problems only drafts have (the others are [`super::codes`]).
pub mod codes {
    /// A rule defined twice, differently.
    pub const REDEFINED: &str = "rule-defined-differently";
    /// Text laid out as a rule that does not read as ABNF (damaged text, or not grammar).
    pub const UNREADABLE: &str = "unreadable-rule";
    /// The grammar is written in BNF or another notation, which is not read.
    pub const NOTATION: &str = "not-abnf";
    /// The text has no ABNF.
    pub const NO_GRAMMAR: &str = "no-grammar";
    /// More examples than are judged.
    pub const TOO_MANY_EXAMPLES: &str = "too-many-examples";
    /// A rule the grammar uses that the text says another document defines.
    pub const EXTERNAL: &str = "external-rule";
}

/// The notation the draft's grammar is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// RFC 5234 ABNF.
    Abnf,
    /// BNF with `::=` and `<rule>` names (RFC 2141).
    Bnf,
    /// Another notation: alternatives with `|` between bare words (the WWW draft).
    Other,
    /// Neither: no grammar found.
    None,
}

/// One problem of a draft, at a line of the draft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftProblem {
    /// Stable kebab-case code.
    pub code: &'static str,
    /// Error, warning or note.
    pub severity: Severity,
    /// 1-based line in the draft (0: the whole text).
    pub line: usize,
    /// The rule concerned, if any.
    pub rule: Option<String>,
    /// What is wrong and what to do.
    pub message: String,
}

/// One example identifier found in the text, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// 1-based line in the draft.
    pub line: usize,
    /// The identifier as written.
    pub text: String,
    /// The identifier judged, when the text writes characters as `&#xHHHH;` references.
    pub decoded: Option<String>,
    /// The profile `auto` picks for it.
    pub profile: String,
    /// Its verdict under that profile.
    pub valid: bool,
    /// Its verdict under the draft's grammar (`None`: the draft has no usable grammar).
    pub draft_valid: Option<bool>,
    /// What was judged under the draft's grammar: the whole text, or the NSS.
    pub judged: Judged,
    /// The first error under the profile: code, byte offset, message.
    pub first_error: Option<(String, usize, String)>,
}

/// What of an example the draft's grammar judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Nothing: no usable grammar, or too long.
    Nothing,
    /// The whole identifier, from the root rules.
    Whole,
    /// The NSS, from the rule that names it (a URN namespace draft).
    Nss,
}

/// What [`read_draft`] finds.
#[derive(Clone, Debug)]
pub struct DraftReport {
    /// The notation of the grammar.
    pub notation: Notation,
    /// The rules, as first written, in order.
    pub rules: Vec<String>,
    /// The grammar's root rules (used by no other rule), as tried on the examples.
    pub roots: Vec<String>,
    /// The NID the draft registers, if it is a URN namespace draft that names one.
    pub nid: Option<String>,
    /// The rule an example's NSS is judged by, in a URN namespace draft.
    pub nss_rule: Option<String>,
    /// The grammar as extracted (rule starts at column 0), for `grammar` commands.
    pub grammar_text: String,
    /// The problems, by line.
    pub problems: Vec<DraftProblem>,
    /// The examples, in text order.
    pub examples: Vec<Example>,
}

impl DraftReport {
    /// Whether an example breaks its profile or the draft's grammar.
    pub fn example_fails(&self) -> bool {
        self.examples
            .iter()
            .any(|e| !e.valid || e.draft_valid == Some(false))
    }
}

/// One line of the draft as kept: its number and text (page furniture removed).
struct Line<'a> {
    no: usize,
    text: &'a str,
    /// A page break (footer, form feed, running header) was removed before this line and
    /// after the last line with text: what continues here may continue across it.
    after_break: bool,
}

/// Reads a draft's text. Never panics; linear in the text.
pub fn read_draft(text: &str) -> DraftReport {
    let lines = clean(text);
    let mut problems = Vec::new();
    let notation_bnf = lines.iter().find(|l| is_bnf_rule(l.text));
    let extracted = extract(&lines, &mut problems);
    let bar_lines: Vec<&Line<'_>> = lines.iter().filter(|l| is_bar_production(l.text)).collect();
    let notation = if !extracted.rules.is_empty() {
        Notation::Abnf
    } else if notation_bnf.is_some() {
        Notation::Bnf
    } else if bar_lines.len() >= 5 {
        Notation::Other
    } else {
        Notation::None
    };
    if let (Some(l), true) = (notation_bnf, extracted.rules.is_empty()) {
        problems.push(DraftProblem {
            code: codes::NOTATION,
            severity: Severity::Warning,
            line: l.no,
            rule: None,
            message: "the grammar is written in BNF (`<rule> ::= ...`), not ABNF: idbench reads \
                      ABNF only; transcribe it (idbench ships its reading of RFC 2141 as \
                      src/engine/rules/rfc2141.bnf) to check it"
                .into(),
        });
    } else if notation == Notation::Other {
        problems.push(DraftProblem {
            code: codes::NOTATION,
            severity: Severity::Warning,
            line: bar_lines.first().map_or(0, |l| l.no),
            rule: None,
            message: "the grammar is written in its own notation (alternatives with `|` between \
                      bare words), not ABNF: idbench reads ABNF only; transcribe it (idbench \
                      ships its reading of the WWW draft as src/engine/rules/rfc1630.bnf) to \
                      check it"
                .into(),
        });
    } else if extracted.rules.is_empty() {
        problems.push(DraftProblem {
            code: codes::NO_GRAMMAR,
            severity: Severity::Note,
            line: 0,
            rule: None,
            message: "no ABNF found: the examples are judged under their profiles only".into(),
        });
    }
    // The grammar, checked as `grammar check` checks it, problems moved to draft lines.
    let mut rules = Vec::new();
    let mut roots = Vec::new();
    let mut grammar = None;
    if !extracted.rules.is_empty() {
        let report = check(&extracted.text, None);
        rules = report.rules.clone();
        roots = report
            .problems
            .iter()
            .filter(|p| p.code == grammar_codes::UNUSED)
            .filter_map(|p| p.rule.clone())
            .collect();
        // Every rule used by another (a cycle): start from the first.
        if roots.is_empty() {
            roots.extend(rules.first().cloned());
        }
        // `check` does not call its start rule unused: ask once more from another start
        // whether the first rule is used by any other.
        if let (Some(first), Some(second)) = (rules.first(), rules.get(1))
            && !roots.iter().any(|r| r.eq_ignore_ascii_case(first))
            && check(&extracted.text, Some(second))
                .problems
                .iter()
                .any(|p| {
                    p.code == grammar_codes::UNUSED
                        && p.rule
                            .as_deref()
                            .is_some_and(|r| r.eq_ignore_ascii_case(first))
                })
        {
            roots.insert(0, first.clone());
        }
        roots.truncate(MAX_ROOTS);
        // Reachability is told from the root that reaches the most rules (RFC 3986's
        // `URI-reference`), not from whichever rule the text happens to print first.
        let unreachable = |r: &super::CheckReport| {
            r.problems
                .iter()
                .filter(|p| p.code == grammar_codes::UNREACHABLE)
                .count()
        };
        let best = roots
            .iter()
            .map(|root| check(&extracted.text, Some(root)))
            .min_by_key(unreachable)
            .unwrap_or(report);
        // A rule used and defined nowhere in the text, that the text's prose takes from
        // another document (RFC 6068 §2: "non-terminal definitions from [RFC5322]
        // (dot-atom-text, quoted-string)"), is an external rule, not an undefined one.
        let undefined: Vec<String> = best
            .problems
            .iter()
            .filter(|p| p.code == grammar_codes::UNDEFINED)
            .filter_map(|p| p.rule.clone())
            .collect();
        let external = external_mentions(&lines, &extracted.in_rule, &undefined);
        for p in &best.problems {
            let mut d = to_draft(p, &extracted.line_map);
            if let Some((cite, at)) = p
                .rule
                .as_deref()
                .filter(|_| p.code == grammar_codes::UNDEFINED)
                .and_then(|r| external.get(&r.to_ascii_lowercase()))
            {
                let name = p.rule.as_deref().unwrap_or_default();
                d.code = codes::EXTERNAL;
                d.severity = Severity::Note;
                d.message = format!(
                    "`{name}` is defined in another document: the text takes it from {cite} (line {at}); the draft's grammar judges no example without it: add its definition to a copy of the grammar to judge them"
                );
            }
            problems.push(d);
        }
        grammar = Grammar::from_text(&extracted.text).ok();
    }
    let nid = registered_nid(&lines);
    let nss_rule = rules
        .iter()
        .find(|r| r.eq_ignore_ascii_case("NSS"))
        .or_else(|| {
            rules
                .iter()
                .find(|r| r.to_ascii_lowercase().contains("nss"))
        })
        .cloned()
        .filter(|_| grammar.is_some());
    let urn_draft = nss_rule.is_some() && !rules.iter().any(|r| r.eq_ignore_ascii_case("NID"));
    let mut examples = Vec::new();
    let mut found = 0usize;
    let mut cited = false;
    // The first token of line `k` was the end of an identifier wrapped onto it.
    let mut skip_first = false;
    let mut k = 0;
    while k < lines.len() {
        let l = &lines[k];
        let skip = std::mem::take(&mut skip_first);
        let mut next = k + 1;
        if let Some(h) = heading(l.text) {
            cited = is_citation_section(h);
        }
        if cited || extracted.in_rule.contains(&l.no) {
            k = next;
            continue;
        }
        let toks: Vec<&str> = l.text.split_whitespace().skip(usize::from(skip)).collect();
        let mut found_here: Vec<std::borrow::Cow<'_, str>> = Vec::new();
        for (n, tok) in toks.iter().enumerate() {
            if n + 1 == toks.len()
                && let Some((joined, end)) = wrapped(&lines, k, tok)
            {
                if let Some(t) = identifier_in(&joined) {
                    found_here.push(std::borrow::Cow::Owned(t.to_string()));
                }
                next = end;
                skip_first = true;
                continue;
            }
            found_here.extend(identifier_in(tok).map(std::borrow::Cow::Borrowed));
        }
        for text in found_here {
            found += 1;
            if examples.len() >= MAX_EXAMPLES {
                continue;
            }
            examples.push(judge(
                l.no,
                &text,
                grammar.as_ref(),
                &roots,
                urn_draft.then_some(()).and(nss_rule.as_deref()),
                nid.as_deref(),
            ));
        }
        k = next;
    }
    if found > MAX_EXAMPLES {
        problems.push(DraftProblem {
            code: codes::TOO_MANY_EXAMPLES,
            severity: Severity::Note,
            line: 0,
            rule: None,
            message: format!(
                "{found} example identifiers: the first {MAX_EXAMPLES} are judged; split the text to judge the rest"
            ),
        });
    }
    problems.sort_by_key(|p| p.line);
    DraftReport {
        notation,
        rules,
        roots,
        nid,
        nss_rule: if urn_draft { nss_rule } else { None },
        grammar_text: extracted.text,
        problems,
        examples,
    }
}

/// Where the prose says that a rule comes from another document: for each name of `names`
/// (lower-cased) written in a paragraph outside the grammar that cites a document (`[RFC5322]`,
/// `[STD66]`, `RFC 3986`), the citation nearest to it and the paragraph's first line. Lines are joined as the text wraps them, a word
/// broken after its hyphen made whole again ("quoted-" / "string"). The boilerplate and the
/// references are not searched. Linear in the text.
fn external_mentions(
    lines: &[Line<'_>],
    in_rule: &std::collections::HashSet<usize>,
    names: &[String],
) -> std::collections::HashMap<String, (String, usize)> {
    let mut out = std::collections::HashMap::new();
    if names.is_empty() {
        return out;
    }
    let wanted: std::collections::HashSet<String> =
        names.iter().map(|n| n.to_ascii_lowercase()).collect();
    let mut para = String::new();
    let mut first = 0usize;
    let mut cited = false;
    let mut flush = |para: &mut String, first: usize| {
        if !para.is_empty() {
            mentions_in(para, first, &wanted, &mut out);
        }
        para.clear();
    };
    for l in lines {
        if let Some(h) = heading(l.text) {
            cited = is_citation_section(h);
        }
        let t = l.text.trim();
        if t.is_empty() || cited || in_rule.contains(&l.no) {
            flush(&mut para, first);
            continue;
        }
        if para.is_empty() {
            first = l.no;
        } else if !(para.ends_with('-')
            && para[..para.len() - 1]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric()))
        {
            para.push(' ');
        }
        para.push_str(t);
    }
    flush(&mut para, first);
    out
}

/// The citations of one paragraph, and the wanted names it writes (see
/// [`external_mentions`]).
fn mentions_in(
    para: &str,
    line: usize,
    wanted: &std::collections::HashSet<String>,
    out: &mut std::collections::HashMap<String, (String, usize)>,
) {
    // Citations: `[NAME]` with a letter and no blank inside, or `RFC NNNN`.
    let mut cites: Vec<(usize, &str)> = Vec::new();
    let b = para.as_bytes();
    let mut i = 0;
    while i < b.len() {
        // The `]` within 33 bytes: a longer bracket is no citation, and a paragraph of `[`
        // costs a bounded look each.
        if b[i] == b'['
            && let Some(len) = b[i + 1..].iter().take(33).position(|&c| c == b']')
        {
            let inner = &para[i + 1..i + 1 + len];
            if !inner.is_empty()
                && inner.len() <= 32
                && inner.bytes().any(|c| c.is_ascii_alphabetic())
                && inner
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
            {
                cites.push((i, &para[i..i + len + 2]));
            }
        } else if b[i..].starts_with(b"RFC ") && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let digits = para[i + 4..].bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 {
                cites.push((i, &para[i..i + 4 + digits]));
            }
        }
        i += 1;
    }
    if cites.is_empty() {
        return;
    }
    for word in para.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
        // Where the word starts in the paragraph (a piece of it, so the difference is exact).
        let start = word.as_ptr() as usize - para.as_ptr() as usize;
        let word = word.trim_matches('-');
        if word.is_empty() {
            continue;
        }
        let key = word.to_ascii_lowercase();
        if !wanted.contains(&key) || out.contains_key(&key) {
            continue;
        }
        // The citations are in text order: the one that starts last at or before the word,
        // and the first after it.
        let k = cites.partition_point(|(p, _)| *p <= start);
        let before = k.checked_sub(1).map(|x| cites[x]);
        // A citation's own name (`[IRI]`) names a document, not a rule.
        if before.is_some_and(|(p, c)| start < p + c.len()) {
            continue;
        }
        // The nearest citation, before ("from [RFC5322] (dot-atom-text, ...)") or after
        // ("generic IRI syntax ... from [IRI]"); a tie goes to the one before.
        let cite = match (before, cites.get(k)) {
            (Some((p, c)), Some(&(q, d))) => {
                if start - (p + c.len()) <= q - start {
                    c
                } else {
                    d
                }
            }
            (Some((_, c)), None) => c,
            (None, Some(&(_, d))) => d,
            (None, None) => continue,
        };
        out.insert(key, (cite.to_string(), line));
    }
}

fn to_draft(p: &Problem, map: &[usize]) -> DraftProblem {
    DraftProblem {
        code: p.code,
        severity: p.severity,
        line: map
            .get(p.line.saturating_sub(1))
            .copied()
            .unwrap_or_default(),
        rule: p.rule.clone(),
        message: p.message.clone(),
    }
}

/// `&#xHHHH;` (and `&#DDDD;`) decoded: RFC 3987 writes the non-ASCII characters of its
/// examples so, to keep the text ASCII (§1.4). A reference at the very end may have lost
/// its `;` to the sentence's punctuation.
pub fn decode_char_refs(s: &str) -> Option<String> {
    if !s.contains("&#") {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("&#") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 2..];
        let (hex, digits) = match tail.strip_prefix(['x', 'X']) {
            Some(t) => (true, t),
            None => (false, tail),
        };
        let len = digits
            .bytes()
            .take_while(|b| {
                if hex {
                    b.is_ascii_hexdigit()
                } else {
                    b.is_ascii_digit()
                }
            })
            .count()
            .min(8);
        let value = u32::from_str_radix(&digits[..len], if hex { 16 } else { 10 }).ok();
        let after = &digits[len..];
        let (ends, after) = match after.strip_prefix(';') {
            Some(a) => (true, a),
            None => (after.is_empty(), after),
        };
        match value.and_then(char::from_u32) {
            Some(c) if len > 0 && ends => {
                out.push(c);
                rest = after;
            }
            _ => {
                out.push_str("&#");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    Some(out)
}

fn judge(
    line: usize,
    written: &str,
    grammar: Option<&Grammar>,
    roots: &[String],
    nss_rule: Option<&str>,
    nid: Option<&str>,
) -> Example {
    let decoded = decode_char_refs(written);
    let text = decoded.as_deref().unwrap_or(written);
    let a = analyze(text, &Options::validate_only(None));
    let first_error = a
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .map(|d| (d.code.to_string(), d.span.start, d.message.clone()));
    let opts = ParseOptions {
        count_cap: 1,
        max_trees: 0,
    };
    let accepts = |g: &Grammar, start: &str, s: &str| {
        g.parse(start, s, &opts).map(|p| p.valid).unwrap_or(false)
    };
    let (draft_valid, judged) = match grammar {
        _ if text.len() > MAX_EXAMPLE_LEN => (None, Judged::Nothing),
        None => (None, Judged::Nothing),
        Some(g) => match (nss_rule, urn_parts(text)) {
            (Some(rule), Some((n, nss))) if nid.is_none_or(|want| n.eq_ignore_ascii_case(want)) => {
                (Some(accepts(g, rule, nss)), Judged::Nss)
            }
            (Some(_), _) => (None, Judged::Nothing),
            // A grammar whose `scheme` rule refuses this example's scheme describes other
            // identifiers (rfc2141bis's `scheme = "urn"` and the http URLs it cites).
            (None, _)
                if text
                    .split_once(':')
                    .is_some_and(|(sch, _)| g.has_rule("scheme") && !accepts(g, "scheme", sch)) =>
            {
                (None, Judged::Nothing)
            }
            (None, _) => (
                Some(roots.iter().any(|r| accepts(g, r, text))),
                Judged::Whole,
            ),
        },
    };
    Example {
        line,
        text: written.to_string(),
        decoded,
        profile: a.profile.name().to_string(),
        valid: a.valid(),
        draft_valid,
        judged,
        first_error,
    }
}

/// `urn:NID:NSS` split into NID and NSS (any case of `urn:`).
fn urn_parts(s: &str) -> Option<(&str, &str)> {
    let rest = s.get(..4)?.eq_ignore_ascii_case("urn:").then(|| &s[4..])?;
    let colon = rest.find(':')?;
    Some((&rest[..colon], &rest[colon + 1..]))
}

// ---- page furniture ----------------------------------------------------------------------

/// The lines of `text` without page footers (`... [Page N]`), running headers (the line
/// after a form feed, or an `RFC NNNN`/`Internet-Draft` line right after a footer), form
/// feeds and lines holding only a number (PDF-converted texts number their lines).
fn clean(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut after_break = false;
    // A page break seen since the last line with text.
    let mut broke = false;
    for (i, raw) in text.split('\n').enumerate() {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let had_ff = raw.contains('\u{c}');
        let t = raw.trim_start_matches('\u{c}');
        let trimmed = t.trim();
        if had_ff {
            broke = true;
        }
        if is_footer(trimmed) {
            after_break = true;
            broke = true;
            continue;
        }
        if (had_ff || after_break) && is_header(trimmed) {
            after_break = false;
            continue;
        }
        if !trimmed.is_empty() {
            after_break = false;
        }
        if !trimmed.is_empty() && trimmed.len() <= 4 && trimmed.bytes().all(|b| b.is_ascii_digit())
        {
            continue;
        }
        out.push(Line {
            no: i + 1,
            text: t,
            after_break: broke,
        });
        if !trimmed.is_empty() {
            broke = false;
        }
    }
    out
}

fn is_footer(t: &str) -> bool {
    let Some(open) = t.rfind("[Page ") else {
        return false;
    };
    let rest = &t[open + 6..];
    rest.strip_suffix(']')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn is_header(t: &str) -> bool {
    (t.starts_with("RFC ") || t.starts_with("Internet-Draft")) && t.contains("   ")
}

// ---- ABNF ----------------------------------------------------------------------------------

/// The grammar found in the text.
struct Extracted {
    /// The rules, one after another, rule starts at column 0.
    text: String,
    /// Line `i` (0-based) of `text` is this line of the draft.
    line_map: Vec<usize>,
    /// Names of the rules kept, in order (with repeats for `=/`).
    rules: Vec<String>,
    /// Draft lines that belong to a rule taken or considered (not searched for examples).
    in_rule: std::collections::HashSet<usize>,
}

/// `name` then `=` or `=/` (not `==`), after an optional PDF line number: the name and
/// where the `=` is.
fn rule_start(t: &str) -> Option<(&str, usize)> {
    let s = t.trim_start();
    let lead = t.len() - s.len();
    // "237 iunreserved = ..." (a PDF's line number before the rule).
    let (s, lead) = match s.find(|c: char| !c.is_ascii_digit()) {
        Some(n) if n > 0 && s[n..].starts_with(' ') => {
            let r = s[n..].trim_start();
            (r, t.len() - r.len())
        }
        _ => (s, lead),
    };
    let b = s.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'-'))
        .unwrap_or(b.len());
    let rest = &s[end..];
    let eq = rest.len() - rest.trim_start().len();
    let after = &rest[eq..];
    (after.starts_with('=') && !after.starts_with("==")).then_some((&s[..end], lead + end + eq))
}

/// A line holding only a rule name (PDF layouts put `= ...` on the next line).
fn lone_name(t: &str) -> Option<&str> {
    let s = t.trim();
    let b = s.as_bytes();
    (b.first()?.is_ascii_alphabetic()
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
        && b.len() <= 64)
        .then_some(s)
}

fn indent(t: &str) -> usize {
    t.len() - t.trim_start().len()
}

/// `a | b | c` between bare words, no quotes: a line of the WWW draft's productions.
fn is_bar_production(t: &str) -> bool {
    let s = t.trim();
    s.contains(" | ") && !s.contains('"') && !s.contains('=') && s.split(" | ").count() >= 2
}

fn is_bnf_rule(t: &str) -> bool {
    let s = t.trim_start();
    s.starts_with('<') && s.contains(">") && s.contains("::=")
}

/// A rule body with comments removed and white space collapsed: what two copies of one
/// rule are compared by.
fn normalized(body: &str) -> String {
    let mut out = String::new();
    for line in body.lines() {
        let mut in_str = false;
        let mut kept = String::new();
        for c in line.chars() {
            if c == '"' {
                in_str = !in_str;
            }
            if c == ';' && !in_str {
                break;
            }
            kept.push(c);
        }
        for w in kept.split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w);
        }
    }
    out
}

/// Rules at most this many lines apart are neighbours (one grammar).
const NEAR: usize = 3;

/// A text laid out as a rule, with what is known of it.
struct Candidate {
    name: String,
    incremental: bool,
    /// Draft lines, and the rule text with its start moved to column 0.
    nos: Vec<usize>,
    text: String,
    reads: bool,
    /// References another rule (or a core rule).
    refs: bool,
    /// The rules it references (lower-cased, itself left out).
    ref_names: Vec<String>,
    /// The indentation of its first line.
    base: usize,
    /// First and last index in `lines`.
    first: usize,
    last: usize,
}

/// The core rules of RFC 5234 Appendix B.1, lower-cased: a reference to one ties a rule to
/// the grammar as a reference to another rule does (the checker's list is private to it).
const CORE_RULES: [&str; 16] = [
    "alpha", "bit", "char", "cr", "crlf", "ctl", "digit", "dquote", "hexdig", "htab", "lf", "lwsp",
    "octet", "sp", "vchar", "wsp",
];

/// Which candidates are grammar: those that read and sit in a block that reads as ABNF as a
/// whole. A block is a run of readable candidates each at most [`NEAR`] lines from the
/// next. It is grammar when it is set apart from the text around it (the lines with text
/// just before and after it are less indented: a display, RFC 6068 §2), or when one of its
/// rules refers to a rule defined in the text or a core rule, or is referred to by another
/// rule (RFC 5322, whose rules sit at the indentation of its prose). So RFC 6068 §6.3's
/// quoted-printable `caf=E9`, a line of a message display whose neighbour is a header
/// field, and whose `E9` is defined nowhere, is not a rule.
fn in_grammar_blocks(lines: &[Line<'_>], cands: &[Candidate]) -> Vec<bool> {
    use std::collections::{HashMap, HashSet};
    let defined: HashSet<String> = cands
        .iter()
        .filter(|c| c.reads)
        .map(|c| c.name.to_ascii_lowercase())
        .collect();
    let mut referred: HashMap<&str, usize> = HashMap::new();
    for c in cands.iter().filter(|c| c.reads) {
        for r in &c.ref_names {
            *referred.entry(r.as_str()).or_default() += 1;
        }
    }
    let tied = |c: &Candidate| {
        c.ref_names
            .iter()
            .any(|r| defined.contains(r) || CORE_RULES.contains(&r.as_str()))
            || referred
                .get(c.name.to_ascii_lowercase().as_str())
                .is_some_and(|&n| n > 0)
    };
    let text_indent = |k: usize| {
        let t = lines.get(k)?.text;
        (!t.trim().is_empty()).then(|| indent(t))
    };
    let mut ok = vec![false; cands.len()];
    let mut k = 0;
    while k < cands.len() {
        if !cands[k].reads {
            k += 1;
            continue;
        }
        let mut end = k + 1;
        while end < cands.len()
            && cands[end].reads
            && cands[end].first.saturating_sub(cands[end - 1].last) <= NEAR
        {
            end += 1;
        }
        let block = &cands[k..end];
        let base = block.iter().map(|c| c.base).min().unwrap_or(0);
        let before = (0..block[0].first).rev().find_map(text_indent);
        let after = (block[block.len() - 1].last + 1..lines.len()).find_map(text_indent);
        let displayed = before.is_none_or(|i| i < base) && after.is_none_or(|i| i < base);
        if displayed || block.iter().any(tied) {
            ok[k..end].iter_mut().for_each(|x| *x = true);
        }
        k = end;
    }
    ok
}

fn extract(lines: &[Line<'_>], problems: &mut Vec<DraftProblem>) -> Extracted {
    let mut cands: Vec<Candidate> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        // The rule's first line, its indentation, and the text from the name on.
        let (name, first_text, base, mut j) = if let Some((name, _)) = rule_start(l.text) {
            let s = l.text.trim_start();
            let s = s
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start();
            (name.to_string(), s.to_string(), indent(l.text), i + 1)
        } else if let (Some(name), Some(next)) = (lone_name(l.text), lines.get(i + 1)) {
            if next.text.trim_start().starts_with('=') && !next.text.trim_start().starts_with("==")
            {
                let joined = format!("{name} {}", next.text.trim());
                (
                    name.to_string(),
                    joined,
                    indent(l.text).min(indent(next.text)),
                    i + 2,
                )
            } else {
                i += 1;
                continue;
            }
        } else {
            i += 1;
            continue;
        };
        let mut nos = vec![l.no];
        if j == i + 2 {
            nos.push(lines[i + 1].no);
        }
        let mut text = first_text;
        // Continuations: deeper lines; across blank lines only to a line that continues
        // an alternation or holds a comment.
        while j < lines.len() {
            let t = lines[j].text;
            if t.trim().is_empty() {
                let next = lines[j..].iter().position(|x| !x.text.trim().is_empty());
                match next.map(|k| &lines[j + k]) {
                    // Across a page break (RFC 5322's `obs-zone`, page 33), any deeper line
                    // continues the rule.
                    Some(n)
                        if indent(n.text) > base
                            && (n.after_break
                                || matches!(
                                    n.text.trim_start().as_bytes().first(),
                                    Some(b'/' | b';')
                                ))
                            && rule_start(n.text).is_none() =>
                    {
                        j += next.unwrap_or(0);
                        continue;
                    }
                    _ => break,
                }
            }
            if indent(t) <= base || rule_start(t).is_some() {
                break;
            }
            // A PDF layout's next rule: a lone name followed by "= ...".
            if lone_name(t).is_some()
                && lines
                    .get(j + 1)
                    .is_some_and(|n| n.text.trim_start().starts_with('='))
            {
                break;
            }
            text.push('\n');
            text.push_str("    ");
            text.push_str(t.trim());
            nos.push(lines[j].no);
            j += 1;
        }
        let reading = reader::read(&text);
        // Warnings (RFC 5234 §4's letter) do not make a rule unreadable.
        let reads = !reading
            .problems
            .iter()
            .any(|p| p.severity == Severity::Error)
            && reading.rules.len() == 1;
        let mut ref_names: Vec<String> = reading
            .exprs
            .iter()
            .filter_map(|e| match e {
                reader::Expr::Ref { name: r, .. } if !r.eq_ignore_ascii_case(&name) => {
                    Some(r.to_ascii_lowercase())
                }
                _ => None,
            })
            .collect();
        ref_names.sort_unstable();
        ref_names.dedup();
        let refs = !ref_names.is_empty();
        let incremental = reading.rules.first().is_some_and(|r| r.incremental);
        cands.push(Candidate {
            name,
            incremental,
            nos,
            text,
            reads,
            refs,
            ref_names,
            base,
            first: i,
            last: j.saturating_sub(1),
        });
        i = j.max(i + 1);
    }
    let ok = in_grammar_blocks(lines, &cands);
    // A candidate that does not read is damaged text when a neighbour in a grammar block
    // reads (it sits in a grammar), and not grammar otherwise (pseudocode, `scheme = $2`).
    let mut out = Extracted {
        text: String::new(),
        line_map: Vec::new(),
        rules: Vec::new(),
        in_rule: std::collections::HashSet::new(),
    };
    // How many readable rules' bodies name each word (lower-cased), each rule once: whether
    // a rule is referred to by another, in one pass.
    let words = |c: &Candidate| -> std::collections::HashSet<String> {
        let body = c.text.split_once('=').map_or("", |x| x.1);
        body.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-'))
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect()
    };
    let mut mentions: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut own: Vec<bool> = Vec::with_capacity(cands.len());
    for c in &cands {
        let w = words(c);
        own.push(c.reads && w.contains(&c.name.to_ascii_lowercase()));
        if c.reads {
            for x in w {
                *mentions.entry(x).or_default() += 1;
            }
        }
    }
    let mut seen: std::collections::HashMap<String, (String, usize)> =
        std::collections::HashMap::new();
    for (k, c) in cands.iter().enumerate() {
        // A neighbouring rule that reads, at most `NEAR` lines away.
        let near = |d: isize| {
            k.checked_add_signed(d)
                .and_then(|x| cands.get(x).map(|o| (x, o)))
                .is_some_and(|(x, o)| {
                    ok[x]
                        && if d < 0 {
                            c.first.saturating_sub(o.last) <= NEAR
                        } else {
                            o.first.saturating_sub(c.last) <= NEAR
                        }
                })
        };
        if !c.reads {
            if near(-1) || near(1) {
                problems.push(DraftProblem {
                    code: codes::UNREADABLE,
                    severity: Severity::Warning,
                    line: c.nos[0],
                    rule: Some(c.name.clone()),
                    message: format!(
                        "`{}` is laid out as a rule among rules but does not read as ABNF (damaged text?): it is left out; fix it in a copy of the text to check it",
                        c.name
                    ),
                });
                out.in_rule.extend(c.nos.iter().copied());
            }
            continue;
        }
        // Reads, but sits in a block that is not grammar (message text, an example).
        if !ok[k] {
            continue;
        }
        // Alone, referring to nothing and referred to by nothing: `result = ""` in
        // pseudocode, not grammar.
        let referred = mentions
            .get(&c.name.to_ascii_lowercase())
            .is_some_and(|&n| n > usize::from(own[k]));
        let body = normalized(c.text.split_once('=').map_or("", |x| x.1));
        let one_string = body.len() >= 2
            && body.starts_with('"')
            && body.ends_with('"')
            && body[1..body.len() - 1].find('"').is_none();
        if one_string && !c.refs && !referred && !near(-1) && !near(1) {
            continue;
        }
        out.in_rule.extend(c.nos.iter().copied());
        if !c.incremental {
            if let Some((first_body, first_line)) = seen.get(&c.name.to_ascii_lowercase()) {
                if *first_body != body {
                    problems.push(DraftProblem {
                        code: codes::REDEFINED,
                        severity: Severity::Error,
                        line: c.nos[0],
                        rule: Some(c.name.clone()),
                        message: format!(
                            "`{}` is defined here differently from line {first_line}: the first definition is kept; make the two agree",
                            c.name
                        ),
                    });
                }
                continue;
            }
            seen.insert(c.name.to_ascii_lowercase(), (body, c.nos[0]));
        }
        for (n, line) in c.nos.iter().zip(c.text.lines()) {
            out.text.push_str(line);
            out.text.push('\n');
            out.line_map.push(*n);
        }
        out.rules.push(c.name.clone());
    }
    out
}

// ---- examples ------------------------------------------------------------------------------

/// Schemes whose identifiers are taken as examples even without `//`.
const SCHEMES: &[&str] = &[
    "urn", "xri", "http", "https", "ftp", "file", "mailto", "news", "nntp", "tel", "telnet",
    "ldap", "gopher", "wais", "prospero", "data", "info", "tag", "sip", "geo",
];

/// At most this many lines an identifier in `<...>` is wrapped over.
const MAX_WRAP: usize = 8;

/// An identifier in `<...>` that the text wraps over lines: `tok`, the last token of line
/// `k`, opens `<` with a scheme and does not close it, and the first token of each next line
/// continues it until one holds the `>`. RFC 3986 Appendix C: the line break and the white
/// space around it are not part of the identifier (RFC 6068 §1 says so of its examples), so
/// the pieces are joined as they are (a `-` at a line's end stays: Appendix C says it may or
/// may not be part of the URI, and a writer following it breaks no line after one). The
/// joined text and the index of the line where it ends; `None` when it does not end within
/// [`MAX_WRAP`] lines, a line holds more than the piece before the `>`, or a blank line
/// other than a page break comes between.
fn wrapped(lines: &[Line<'_>], k: usize, tok: &str) -> Option<(String, usize)> {
    let open = tok.trim_start_matches(['(', '"', '\'']);
    if !open.starts_with('<') || open.contains('>') || !open.contains(':') {
        return None;
    }
    let mut joined = open.to_string();
    let mut m = k + 1;
    while m < lines.len() && m <= k + MAX_WRAP {
        let l = &lines[m];
        if l.text.trim().is_empty() {
            // Only the blank lines around a page break.
            let next = lines[m..].iter().position(|x| !x.text.trim().is_empty())?;
            if !lines[m + next].after_break {
                return None;
            }
            m += next;
            continue;
        }
        // A heading at column 0 is not the rest of an identifier.
        if indent(l.text) == 0 {
            return None;
        }
        let mut words = l.text.split_whitespace();
        let piece = words.next()?;
        if piece.contains('<') {
            return None;
        }
        joined.push_str(piece);
        if piece.contains('>') {
            return Some((joined, m));
        }
        if words.next().is_some() {
            return None;
        }
        m += 1;
    }
    None
}

/// The identifiers in one line of text (see [`identifier_in`]).
#[cfg(test)]
fn identifiers_in(line: &str) -> Vec<&str> {
    line.split_whitespace().filter_map(identifier_in).collect()
}

/// An identifier in one token of text: `scheme:...` whose scheme is a known one or that has
/// `//`, stripped of the quotes, brackets and sentence punctuation around it.
fn identifier_in(tok: &str) -> Option<&str> {
    let t = tok.trim_start_matches(['<', '"', '\'', '(', '[', '`']);
    let mut t = t.trim_end_matches(['>', '"', '\'', ',', ';', '`']);
    // A closing bracket or a full stop ends the sentence, not the identifier, unless
    // the identifier opened it. The brackets are counted once and updated as the end is
    // cut, so a token of many closing brackets costs one pass, not one per bracket.
    let count = |t: &str, c: char| t.bytes().filter(|&b| b == c as u8).count();
    let (open_p, mut close_p) = (count(t, '('), count(t, ')'));
    let (open_b, mut close_b) = (count(t, '['), count(t, ']'));
    loop {
        let before = t.len();
        if t.ends_with(')') && open_p < close_p {
            t = &t[..t.len() - 1];
            close_p -= 1;
        }
        if t.ends_with(']') && open_b < close_b {
            t = &t[..t.len() - 1];
            close_b -= 1;
        }
        // No bracket is among these, so the counts stay true.
        t = t.trim_end_matches(['.', ',', ';', ':', '>', '"', '\'']);
        if t.len() == before {
            break;
        }
    }
    let colon = t.find(':')?;
    let scheme = &t[..colon];
    let rest = &t[colon + 1..];
    let scheme_ok = scheme
        .as_bytes()
        .first()
        .is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'));
    let known = SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme));
    if scheme_ok
        && rest.chars().any(|c| c.is_alphanumeric())
        && (known || rest.starts_with("//"))
        // "urn:" then a NID and a colon, or it is prose ("urn:<NID>" is a template).
        && !rest.contains(['<', '>'])
    {
        return Some(t);
    }
    None
}

/// A section heading: text at column 0 (RFC bodies are indented three spaces).
fn heading(t: &str) -> Option<&str> {
    let first = t.chars().next()?;
    (!first.is_whitespace()).then(|| t.trim())
}

/// Sections whose identifiers are citations, not examples: the boilerplate, the table of
/// contents, the references, the authors' addresses.
fn is_citation_section(h: &str) -> bool {
    let h = h.to_ascii_lowercase();
    [
        "status of this memo",
        "copyright",
        "table of contents",
        "references",
        "author",
        "acknowledg",
        "intellectual property",
        "internet-draft",
    ]
    .iter()
    .any(|w| h.contains(w))
}

/// The NID a URN namespace registration names ("Namespace ID: demo", "Namespace
/// Identifier: ...").
fn registered_nid(lines: &[Line<'_>]) -> Option<String> {
    for (k, l) in lines.iter().enumerate() {
        let t = l.text.trim();
        let lower = t.to_ascii_lowercase();
        let Some(rest) = [
            "namespace id:",
            "namespace identifier:",
            "namespace identifier (nid):",
        ]
        .iter()
        .find_map(|p| lower.starts_with(p).then(|| &t[p.len()..])) else {
            continue;
        };
        // The value on the line, or on the next non-blank one.
        let value = if rest.trim().is_empty() {
            lines[k + 1..]
                .iter()
                .map(|x| x.text.trim())
                .find(|x| !x.is_empty())
                .unwrap_or("")
        } else {
            rest.trim()
        };
        let word: String = value
            .trim_start_matches(['"', '\''])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if (2..=32).contains(&word.len()) && !word.eq_ignore_ascii_case("urn") {
            return Some(word);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_lose_the_punctuation_around_them() {
        assert_eq!(
            identifiers_in("see <http://a/b>, \"urn:isbn:1\". and (xri://@a*b)."),
            ["http://a/b", "urn:isbn:1", "xri://@a*b"]
        );
        assert_eq!(
            identifiers_in("Note: the urn:<NID> form"),
            Vec::<&str>::new()
        );
        assert_eq!(
            identifiers_in("ldap://[2001:db8::7]/c=GB?objectClass?one"),
            ["ldap://[2001:db8::7]/c=GB?objectClass?one"]
        );
    }

    #[test]
    fn closing_brackets_are_cut_in_one_pass() {
        // 64 Ki closing brackets after an identifier: each is cut without counting the
        // token again (the old loop counted the whole token per bracket).
        let tok = format!("(http://a/b){}", ")".repeat(1 << 16));
        assert_eq!(identifiers_in(&tok), ["http://a/b"]);
        assert_eq!(identifiers_in("(see http://a/(b))."), ["http://a/(b)"]);
    }

    #[test]
    fn char_refs() {
        assert_eq!(
            decode_char_refs("http://r&#xE9;sum&#xE9;.example.org").as_deref(),
            Some("http://résumé.example.org")
        );
        assert_eq!(decode_char_refs("a&#xE9").as_deref(), Some("aé"));
        assert_eq!(decode_char_refs("a&#xZZ;").as_deref(), Some("a&#xZZ;"));
        assert_eq!(decode_char_refs("a&#xD800;").as_deref(), Some("a&#xD800;"));
        assert_eq!(decode_char_refs("plain"), None);
    }

    #[test]
    fn rule_starts() {
        assert_eq!(rule_start("   URI  = scheme").map(|x| x.0), Some("URI"));
        assert_eq!(
            rule_start("237 iunreserved = ALPHA").map(|x| x.0),
            Some("iunreserved")
        );
        assert_eq!(rule_start("   a =/ b").map(|x| x.0), Some("a"));
        assert_eq!(rule_start("   if (a == b)"), None);
        assert_eq!(rule_start("   T.scheme = R.scheme;"), None);
    }
}
