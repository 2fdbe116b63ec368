//! `idbench draft`: the ABNF and the example identifiers of an RFC or Internet-Draft,
//! checked against each other ([`crate::engine::abnf::draft`]).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;
use serde_json::{Value, json};

use super::{Format, emit};
use crate::engine::abnf::draft::{DraftReport, Judged, Notation, read_draft};
use crate::engine::tree::Severity;
use crate::safe_text::escape;

/// A draft may be this large (RFC 3986 is 141 KB; the longest RFCs are a few MB).
const MAX_DRAFT: u64 = 8 << 20;

/// `idbench draft`.
#[derive(Args, Debug)]
pub struct DraftArgs {
    /// The RFC or Internet-Draft, as plain text.
    pub file: PathBuf,
    /// text or json.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Also write each example as a case to this file (for `idbench test`), and the
    /// draft's grammar beside it (same name, `.abnf`) for the cases' `parses`.
    #[arg(long, value_hint = clap::ValueHint::FilePath)]
    pub cases: Option<PathBuf>,
}

fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// The report as one JSON object.
pub fn to_json(r: &DraftReport) -> Value {
    json!({
        "notation": match r.notation {
            Notation::Abnf => "abnf",
            Notation::Bnf => "bnf",
            Notation::Other => "other",
            Notation::None => "none",
        },
        "rules": r.rules,
        "roots": r.roots,
        "nid": r.nid,
        "nss_rule": r.nss_rule,
        "problems": r.problems.iter().map(|p| json!({
            "code": p.code,
            "severity": severity(p.severity),
            "line": p.line,
            "rule": p.rule,
            "message": p.message,
        })).collect::<Vec<_>>(),
        "examples": r.examples.iter().map(|e| json!({
            "line": e.line,
            "text": e.text,
            "decoded": e.decoded,
            "profile": e.profile,
            "valid": e.valid,
            "draft_valid": e.draft_valid,
            "judged": match e.judged {
                Judged::Nothing => "nothing",
                Judged::Whole => "whole",
                Judged::Nss => "nss",
            },
            "first_error": e.first_error.as_ref().map(|(code, at, message)| json!({
                "code": code, "offset": at, "message": message,
            })),
        })).collect::<Vec<_>>(),
    })
}

/// The report as text: the rules, the problems with their lines, and every example with
/// its two verdicts. Every piece of the draft is escaped.
pub fn to_text(name: &str, r: &DraftReport) -> String {
    let mut s = String::new();
    let notation = match r.notation {
        Notation::Abnf => "ABNF",
        Notation::Bnf => "BNF (not read)",
        Notation::Other => "another notation (not read)",
        Notation::None => "no grammar",
    };
    let _ = writeln!(
        s,
        "{}: {notation}, {} rules, {} examples",
        escape(name),
        r.rules.len(),
        r.examples.len()
    );
    if !r.rules.is_empty() {
        let _ = writeln!(s, "rules: {}", escape(&r.rules.join(" ")));
        let _ = writeln!(s, "roots: {}", escape(&r.roots.join(" ")));
    }
    if let Some(n) = &r.nid {
        let _ = writeln!(s, "registers NID {}", escape(n));
    }
    if let Some(n) = &r.nss_rule {
        let _ = writeln!(s, "an example's NSS is judged by rule {}", escape(n));
    }
    for p in &r.problems {
        let at = if p.line == 0 {
            String::new()
        } else {
            format!("line {}: ", p.line)
        };
        let _ = writeln!(
            s,
            "{at}{}[{}]: {}",
            severity(p.severity),
            p.code,
            escape(&p.message)
        );
    }
    for e in &r.examples {
        let draft = match (e.draft_valid, e.judged) {
            (None, _) => "not judged".to_string(),
            (Some(v), Judged::Nss) => format!("NSS {}", if v { "valid" } else { "INVALID" }),
            (Some(v), _) => (if v { "valid" } else { "INVALID" }).to_string(),
        };
        let _ = writeln!(
            s,
            "line {:>5}: {}  {}: {}  draft: {draft}",
            e.line,
            escape(&e.text),
            e.profile,
            if e.valid { "valid" } else { "INVALID" }
        );
        if let Some(d) = &e.decoded {
            let _ = writeln!(s, "            read as {}", escape(d));
        }
        if let Some((code, at, message)) = &e.first_error {
            let _ = writeln!(s, "            {code} at byte {at}: {}", escape(message));
        }
    }
    s
}

/// Runs `idbench draft`: exit 0, 1 when an example breaks its profile or the draft's
/// grammar, 2 when the file cannot be read.
pub fn run(args: &DraftArgs) -> std::io::Result<u8> {
    let shown = args.file.display().to_string();
    // The grammar goes beside the cases, named as they are with `.abnf`: when that is the
    // cases file itself (`--cases OUT.abnf`), one would overwrite the other.
    if let Some(out) = &args.cases
        && same_file(out, &grammar_path(out))
    {
        let _ = writeln!(
            std::io::stderr(),
            "idbench: --cases {}: the draft's grammar is written beside the cases, named as they are with .abnf, which is this same file (or one only letter case tells from it); name the cases file otherwise (OUT.toml, which `idbench test` reads as TOML)",
            escape(&out.display().to_string())
        );
        return Ok(2);
    }
    let text = match crate::files::read_regular(&args.file, MAX_DRAFT) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "idbench: cannot read the draft {}: {}",
                escape(&shown),
                escape(&e.to_string())
            );
            return Ok(2);
        }
    };
    let report = read_draft(&text);
    if let Some(out) = &args.cases
        && let Err(e) = write_cases(&shown, &report, out)
    {
        let _ = writeln!(
            std::io::stderr(),
            "idbench: cannot write the cases {}: {}",
            escape(&out.display().to_string()),
            escape(&e.to_string())
        );
        return Ok(2);
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match args.format {
        Format::Json => {
            let mut line = to_json(&report).to_string();
            line.push('\n');
            emit(&mut out, &line)?;
        }
        _ => emit(&mut out, &to_text(&shown, &report))?,
    }
    out.flush()?;
    let failing = report
        .examples
        .iter()
        .filter(|e| !e.valid || e.draft_valid == Some(false))
        .count();
    let _ = writeln!(
        std::io::stderr(),
        "{} rules, {} problems, {} examples, {failing} failing",
        report.rules.len(),
        report.problems.len(),
        report.examples.len()
    );
    Ok(u8::from(report.example_fails()))
}

/// Where `--cases OUT` writes the draft's grammar: beside OUT, its name with `.abnf`.
fn grammar_path(out: &std::path::Path) -> PathBuf {
    out.with_extension("abnf")
}

/// Whether `a` and `b` name one file: equal names (letter case aside, as some file systems
/// ignore it) in the same folder (compared resolved, so `x/../c.abnf` and `c.abnf` are
/// one), or, when both exist, the same device and inode (hard links, links).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b))
            && (x.dev(), x.ino()) == (y.dev(), y.ino())
        {
            return true;
        }
    }
    let place = |p: &std::path::Path| {
        let dir = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        let dir = std::fs::canonicalize(dir)
            .or_else(|_| std::path::absolute(dir))
            .unwrap_or_else(|_| dir.to_path_buf());
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        (dir, name)
    };
    place(a) == place(b)
}

/// The draft's examples as cases: each with `valid` under the profile `auto` picks for it
/// and, where the draft's grammar reads, `parses` with the root rule that accepts it (the
/// first root when none does). An example the grammar judged by its NSS gets a second case
/// whose input is the NSS, parsed from the NSS rule. The grammar is written beside `out`
/// (its name with `.abnf`), both files privately and whole ([`cases::write_private`]).
fn write_cases(name: &str, r: &DraftReport, out: &std::path::Path) -> std::io::Result<()> {
    use crate::cases::{self, Case, Expect, ParsesExpect};
    use crate::engine::abnf::{Grammar, ParseOptions};
    use crate::engine::{NodeKind, Options, Profile, analyze};
    use std::sync::Arc;

    let grammar_path = grammar_path(out);
    let grammar_name = grammar_path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("draft.abnf")
        .to_string();
    let grammar = (!r.grammar_text.is_empty())
        .then(|| Grammar::from_text(&r.grammar_text).ok())
        .flatten()
        .map(Arc::new);
    let accepts = |g: &Grammar, start: &str, input: &str| {
        let o = ParseOptions {
            count_cap: 1,
            max_trees: 1,
        };
        g.parse(start, input, &o).is_ok_and(|p| p.valid)
    };
    let parses = |input: &str, starts: &[String]| -> Option<ParsesExpect> {
        let g = grammar.as_ref()?;
        let mut usable: Vec<&String> = starts.iter().filter(|s| g.has_rule(s)).collect();
        // The roots that name an identifier (`URI-reference`, `IRI`, ...) first: a
        // character class such as `reserved` or a piece such as `path` may also accept.
        let names_id = |s: &str| {
            let l = s.to_ascii_lowercase();
            ["uri", "iri", "urn", "xri"].iter().any(|k| l.contains(k))
        };
        usable.sort_by_key(|s| !names_id(s));
        let first = usable.first()?;
        let start = usable
            .iter()
            .find(|s| accepts(g, s, input))
            .map_or((*first).clone(), |s| (*s).clone());
        Some(ParsesExpect {
            expect: accepts(g, &start, input),
            grammar: g.clone(),
            path: grammar_name.clone(),
            start,
        })
    };
    let mut text = format!(
        "# The examples of {name}, as `idbench draft --cases` judged them: each case records\n\
         # what idbench answered, to be checked by hand and run with `idbench test`.\n\n",
    );
    let mut n = 0;
    for e in &r.examples {
        let input = e.decoded.clone().unwrap_or_else(|| e.text.clone());
        let profile = Profile::from_name(&e.profile);
        let mut expect = Expect {
            valid: Some(e.valid),
            ..Expect::default()
        };
        let mut nss_case = None;
        match e.judged {
            Judged::Whole => expect.parses = parses(&input, &r.roots),
            Judged::Nss => {
                let a = analyze(&input, &Options::validate_only(profile));
                if let (Some(nss), Some(rule)) = (a.tree.find(NodeKind::Nss), &r.nss_rule)
                    && let Some(p) = parses(nss.text(&a.input), std::slice::from_ref(rule))
                {
                    nss_case = Some(Case {
                        line: 0,
                        input: nss.text(&a.input).to_string(),
                        profile: None,
                        base: None,
                        expect: Expect {
                            parses: Some(p),
                            ..Expect::default()
                        },
                        note: Some(format!("the NSS of the example at line {}", e.line)),
                    });
                }
            }
            Judged::Nothing => {}
        }
        let case = Case {
            line: 0,
            input,
            profile: Some(profile),
            base: None,
            expect,
            note: Some(format!("{name} line {}", e.line)),
        };
        text.push_str(&cases::to_toml(&case));
        n += 1;
        if let Some(c) = nss_case {
            text.push_str(&cases::to_toml(&c));
            n += 1;
        }
    }
    let used = text.contains("\ngrammar = ");
    if used {
        cases::write_private(&grammar_path, &r.grammar_text, false)?;
    }
    cases::write_private(out, &text, false)?;
    let _ = writeln!(
        std::io::stderr(),
        "wrote {n} cases to {}{}",
        escape(&out.display().to_string()),
        if used {
            format!(
                ", the grammar to {}",
                escape(&grammar_path.display().to_string())
            )
        } else {
            String::new()
        }
    );
    Ok(())
}
