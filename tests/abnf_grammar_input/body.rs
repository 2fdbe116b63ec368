//! One case of the grammar-with-input fuzz target (fuzz/fuzz_targets/grammar_input.rs) and
//! of its stable stand-in (tests/abnf_grammar_input.rs): a grammar text, a start rule and an
//! input, made from arbitrary bytes, through `grammar parse`'s own path (the grammar
//! compiled, the input parsed within a budget, the output rendered within a cap), checking
//! that nothing panics, that the budgets hold, and what the output promises.
//!
//! The bytes are read two ways, by their first byte: as text (grammar, start rule and input
//! separated by NUL characters), which reaches the grammar reader's every corner; or as
//! choices that build a small grammar of rules, alternatives, repetitions, options, ranges
//! and references, and an input over its terminals (long runs included, so ambiguous
//! grammars reach the work budget), which reaches the parser's.

use idbench::cli::grammar::render_parse;
use idbench::engine::abnf::{
    Budget, Grammar, ParseCount, ParseError, ParseOptions, RECOGNIZER_PER_BYTE, check,
};

/// A case's parse budget: work (Earley items and links) and input bytes.
pub const BUDGET: Budget = Budget {
    work: 200_000,
    input: 8_192,
};

/// A case's output cap, in bytes.
pub const OUTPUT: usize = 1 << 20;

/// The grammar text, start rule (empty: the grammar's first) and input `data` stands for.
pub fn case(data: &[u8]) -> (String, String, String) {
    match data.split_first() {
        Some((&b, rest)) if b % 2 == 0 => {
            let text = String::from_utf8_lossy(rest);
            let mut parts = text.splitn(3, '\0');
            let grammar = parts.next().unwrap_or_default().to_string();
            let start = parts.next().unwrap_or_default().to_string();
            let input = parts.next().unwrap_or_default().to_string();
            (grammar, start, input)
        }
        Some((_, rest)) => built(rest),
        None => (String::new(), String::new(), String::new()),
    }
}

/// The bytes, consumed one choice at a time (0 once they run out).
struct Choices<'a>(std::slice::Iter<'a, u8>);

impl Choices<'_> {
    fn next(&mut self, n: usize) -> usize {
        self.0.next().map_or(0, |&b| b as usize % n.max(1))
    }
}

const NAMES: [&str; 5] = ["s", "a", "b", "E", "t"];

fn element(c: &mut Choices<'_>, rules: usize, depth: usize, out: &mut String) {
    let pick = if depth >= 3 { c.next(8) } else { c.next(15) };
    match pick {
        0..=2 => out.push_str(NAMES[c.next(rules)]),
        3 => out.push_str("\"a\""),
        4 => out.push_str("\"+\""),
        5 => out.push_str("%x30-39"),
        6 => out.push_str("\"\""),
        7 => out.push_str("ALPHA"),
        8 => {
            out.push('*');
            element(c, rules, depth + 1, out);
        }
        9 => {
            out.push('[');
            alternatives(c, rules, depth + 1, out);
            out.push(']');
        }
        10 => {
            out.push('(');
            alternatives(c, rules, depth + 1, out);
            out.push(')');
        }
        11 => {
            out.push_str(["2*3", "1*", "3", "*2", "0"][c.next(5)]);
            element(c, rules, depth + 1, out);
        }
        12 => out.push_str("%s\"A\""),
        13 => out.push_str("%x61.2B"),
        _ => out.push_str("<prose>"),
    }
}

fn alternatives(c: &mut Choices<'_>, rules: usize, depth: usize, out: &mut String) {
    for k in 0..=c.next(3) {
        if k > 0 {
            out.push_str(" / ");
        }
        for j in 0..=c.next(3) {
            if j > 0 {
                out.push(' ');
            }
            element(c, rules, depth, out);
        }
    }
}

/// A grammar built from choices, and an input over its terminals.
fn built(data: &[u8]) -> (String, String, String) {
    let mut c = Choices(data.iter());
    let rules = 1 + c.next(NAMES.len());
    let mut text = String::new();
    for name in NAMES.iter().take(rules) {
        text.push_str(name);
        text.push_str(" = ");
        alternatives(&mut c, rules, 0, &mut text);
        text.push('\n');
        if c.next(6) == 0 {
            text.push_str(name);
            text.push_str(" =/ ");
            alternatives(&mut c, rules, 0, &mut text);
            text.push('\n');
        }
    }
    let start = NAMES[c.next(rules)].to_string();
    let mut input = String::new();
    const PIECES: [&str; 8] = ["a", "+", "0", "A", "a+", "x", "é", ""];
    while c.0.len() > 0 && input.len() < BUDGET.input + 16 {
        let piece = PIECES[c.next(PIECES.len())];
        // Now and then a long run, so ambiguous grammars reach the work budget.
        let times = if c.next(8) == 0 {
            1 + c.next(256) * 8
        } else {
            1
        };
        for _ in 0..times {
            input.push_str(piece);
        }
    }
    (text, start, input)
}

/// Runs one case: `Err` says what broke.
pub fn run(text: &str, start: &str, input: &str) -> Result<(), String> {
    let report = check(text, (!start.is_empty()).then_some(start));
    for p in &report.problems {
        if p.offset > text.len() || p.line == 0 || p.column == 0 || p.message.is_empty() {
            return Err(format!("a problem out of place: {p:?}"));
        }
        if p.message.len() > 4096 {
            return Err(format!("a problem of {} bytes", p.message.len()));
        }
    }
    let Ok(g) = Grammar::from_text(text) else {
        return Ok(());
    };
    let start = if start.is_empty() {
        g.rules().first().cloned().unwrap_or_default()
    } else {
        start.to_string()
    };
    if !g.has_rule(&start) {
        return Ok(());
    }
    let opts = ParseOptions {
        count_cap: 1_000,
        max_trees: 4,
    };
    let verdict = match g.parse_within(&start, input, &opts, BUDGET) {
        Ok(p) => {
            if p.items + p.links > BUDGET.work {
                return Err(format!("{} items and links made", p.items + p.links));
            }
            if p.valid != (p.count != ParseCount::Exact(0)) || p.valid == p.failure.is_some() {
                return Err(format!("verdict {} with {:?}", p.valid, p.count));
            }
            if p.valid && p.trees.is_empty() {
                return Err("valid without a tree".into());
            }
            for t in &p.trees {
                for n in &t.nodes {
                    if n.start > n.end
                        || n.end > input.len()
                        || !input.is_char_boundary(n.start)
                        || !input.is_char_boundary(n.end)
                        || n.children.iter().any(|&k| k >= t.nodes.len())
                    {
                        return Err(format!("a node out of place: {n:?}"));
                    }
                }
            }
            Some(p.valid)
        }
        Err(ParseError::OverBudget { work, at }) => {
            if work != BUDGET.work || at > input.len() {
                return Err(format!("over budget at {at} of {}", input.len()));
            }
            // The output keeps the compiled start rule's verdict, where it gives one (else
            // its regular bounds', where they settle it).
            g.judge(&start)
                .ok()
                .and_then(|j| {
                    match j.quick_verdict(&g, &mut None, input, BUDGET, RECOGNIZER_PER_BYTE) {
                        Some(v) => v.ok(),
                        None => j.verdict_by_bounds(&g, input),
                    }
                })
                .map(|v| v.valid)
        }
        Err(ParseError::InputTooLarge { len, max }) => {
            if len != input.len() || len <= max {
                return Err(format!("too large: {len} of {max}"));
            }
            None
        }
        Err(e) => return Err(format!("{e}")),
    };
    for json in [false, true] {
        let Some(r) = render_parse(text, &start, input, json, BUDGET, OUTPUT) else {
            return Err("the grammar compiled once, not twice".into());
        };
        if r.over_cap {
            if !r.output.is_empty() {
                return Err("output over the cap written".into());
            }
            continue;
        }
        if r.output.len() > OUTPUT {
            return Err(format!("{} bytes of output", r.output.len()));
        }
        if r.valid != verdict {
            return Err(format!("rendered {:?}, parsed {verdict:?}", r.valid));
        }
        if json {
            for line in r.output.lines() {
                // A tree nests as deep as its derivation (a right-recursive rule on n
                // bytes is n levels), past serde_json's default limit of 128: read it with
                // no limit (the fuzzer's inputs are at most 4 KiB, so the stack holds it).
                let mut de = serde_json::Deserializer::from_str(line);
                de.disable_recursion_limit();
                let v = <serde_json::Value as serde::Deserialize>::deserialize(&mut de)
                    .and_then(|v| de.end().map(|()| v))
                    .map_err(|e| format!("{e}: {line}"))?;
                if verdict.is_some() && v["input"].as_str() != Some(input) {
                    return Err(format!("input not kept: {line}"));
                }
                if v["valid"].as_bool() != verdict {
                    return Err(format!("valid not {verdict:?}: {line}"));
                }
            }
        } else if let Some(ch) = r.output.chars().find(|&ch| {
            (ch.is_control() && ch != '\n')
                || matches!(ch, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        }) {
            return Err(format!("raw {ch:?} in the text output"));
        }
    }
    Ok(())
}
