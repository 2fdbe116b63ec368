//! The grammar reference prints each production "as printed": this test compares every
//! production's printed text with the text of the document it cites, whitespace-normalized.
//!
//! The IETF texts are vendored under `tests/data/specs/`. The OASIS XRI Syntax 2.0 text is
//! not copied into the repository: it is read from `../shared/specs/` beside the clone, and
//! the test says so and skips those productions when it is absent. RFC 8141 and RFC 5234
//! have no text here; their productions are listed as unchecked.
//!
//! Where a document has numbered sections with headings at column 0 (RFC 3986, RFC 3987 and
//! the rfc2141bis draft), the printed text must be in the cited section itself; elsewhere
//! (RFC 2141's web copy, the WWW draft, the XRI text extracted from a PDF) in the document.
//! The XRI extraction scrambles the layout of some productions across lines, so there each
//! line of the printed text must be in the appendix, rather than the whole production.

use std::collections::BTreeSet;
use std::path::PathBuf;

use idbench::engine::Profile;
use idbench::engine::rules;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// How a document is checked.
#[derive(Clone, Copy, PartialEq)]
enum Scope {
    /// The cited section (headings at column 0).
    Section,
    /// The whole document.
    Document,
    /// Each printed line within the document (the XRI extraction).
    Lines,
}

/// The text of `source` and how to check against it; `Err` says why there is none.
fn document(source: &str) -> Result<(String, Scope), String> {
    let vendored = |f: &str| root().join("tests/data/specs").join(f);
    let (path, scope) = match source {
        "RFC 3986" => (vendored("rfc3986.txt"), Scope::Section),
        "RFC 3987" => (vendored("rfc3987.txt"), Scope::Section),
        "draft-ietf-urnbis-rfc2141bis-urn-03" => (
            vendored("draft-ietf-urnbis-rfc2141bis-urn-03.txt"),
            Scope::Section,
        ),
        "RFC 2141" => (vendored("rfc2141.txt"), Scope::Document),
        "RFC 2396" => (vendored("rfc2396.txt"), Scope::Document),
        "RFC 2732" => (vendored("rfc2732.txt"), Scope::Document),
        "WWW URI draft (RFC 1630)" => (vendored("www-uri-draft-rfc1630.txt"), Scope::Document),
        "XRI Syntax 2.0" => (
            root().join("../shared/specs/xri-syntax-v2.0-cs.txt"),
            Scope::Lines,
        ),
        other => return Err(format!("no text of {other} is available")),
    };
    match std::fs::read_to_string(&path) {
        Ok(t) => Ok((t, scope)),
        Err(e) => Err(format!("{} not readable ({e})", path.display())),
    }
}

/// True for a page footer, page header or form feed line of an RFC or Internet-Draft.
fn is_page_furniture(line: &str) -> bool {
    let t = line.trim_end();
    // The web copy of RFC 2141 runs whole pages into one line: not furniture.
    if t.len() > 100 {
        return false;
    }
    t.contains('\u{c}')
        || (t.ends_with(']') && t.contains("[Page "))
        || (t.starts_with("RFC ") && !t.starts_with("RFC  "))
        || t.starts_with("Internet-Draft ")
}

/// True for an XRI line-number line (the PDF extraction interleaves them).
fn is_line_number(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit())
}

fn normalize(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The heading label of a section citation: `§3.2.2` -> `3.2.2`, `Appendix A` ->
/// `Appendix A`, `Appendix D.2` -> `D.2`.
fn heading_label(section: &str) -> String {
    if let Some(n) = section.strip_prefix('§') {
        return n.to_string();
    }
    match section.strip_prefix("Appendix ") {
        Some(a) if a.contains('.') => a.to_string(),
        Some(a) => format!("Appendix {a}"),
        None => section.to_string(),
    }
}

/// True when `line` is a section heading at column 0 (`3.2.2.  Host`, `Appendix A.  ...`,
/// `D.2.  ...`), returning its label.
fn heading(line: &str) -> Option<String> {
    if line.starts_with(' ') || line.is_empty() {
        return None;
    }
    let word = line.split_whitespace().next()?;
    let label = if word == "Appendix" {
        let letter = line.split_whitespace().nth(1)?;
        format!("Appendix {}", letter.trim_end_matches(['.', ':']))
    } else {
        word.trim_end_matches('.').to_string()
    };
    let first = label.split('.').next()?;
    let numbered = !first.is_empty()
        && (first.bytes().all(|b| b.is_ascii_digit())
            || (first.len() == 1
                && first.bytes().all(|b| b.is_ascii_uppercase())
                && label.contains('.')))
        && label
            .split('.')
            .skip(1)
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    (numbered || label.starts_with("Appendix ")).then_some(label)
}

/// The text of section `section` of `doc` (page furniture dropped), through the next heading.
fn section_text(doc: &str, section: &str) -> Option<String> {
    let want = heading_label(section);
    let mut out = String::new();
    let mut inside = false;
    for line in doc.lines() {
        if is_page_furniture(line) {
            continue;
        }
        if let Some(h) = heading(line) {
            if inside {
                break;
            }
            inside = h == want;
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Finds `printed` in `text` (both normalized) as a whole production: the text must not go
/// on with a comment (`;`) or another alternative (`/`) of the same production, which would
/// mean the printed text dropped some.
fn find_whole(text: &str, printed: &str) -> Result<(), &'static str> {
    let mut any = false;
    for (at, _) in text.match_indices(printed) {
        any = true;
        let rest = &text[at + printed.len()..];
        if !(rest.starts_with(" ;") || rest.starts_with(" /")) {
            return Ok(());
        }
    }
    Err(if any {
        "in that section only as the start of a longer production"
    } else {
        "not in that section as printed"
    })
}

#[test]
fn every_production_is_printed_as_its_document_prints_it() {
    // The helpers find sections and whole productions.
    let doc = "1.  Intro\n   text\n3.2.2.  Host\n   host = x\n3.2.3.  Port\n   port\nAppendix A.  Collected\n   all\nD.2.  Mods\n   alphanum\n";
    assert_eq!(
        section_text(doc, "§3.2.2").as_deref(),
        Some("3.2.2.  Host\n   host = x\n")
    );
    assert_eq!(
        section_text(doc, "Appendix A").as_deref(),
        Some("Appendix A.  Collected\n   all\n")
    );
    assert_eq!(
        section_text(doc, "Appendix D.2").as_deref(),
        Some("D.2.  Mods\n   alphanum\n")
    );
    assert!(section_text(doc, "§9").is_none());
    assert!(find_whole("h16 = 1*4HEXDIG ; 16 bits ls32 = x", "h16 = 1*4HEXDIG").is_err());
    assert!(find_whole("a = b / c d = e", "a = b").is_err());
    assert!(find_whole("a = b / c d = e", "a = b / c").is_ok());

    let mut seen = BTreeSet::new();
    let mut failures = Vec::new();
    let mut unchecked: BTreeSet<String> = BTreeSet::new();
    let mut checked = 0;
    for profile in Profile::ALL {
        for p in rules::grammar(profile).productions() {
            if !seen.insert((p.source, p.section, p.name, p.printed)) {
                continue;
            }
            let (doc, scope) = match document(p.source) {
                Ok(d) => d,
                Err(why) => {
                    unchecked.insert(format!("{} ({why})", p.source));
                    continue;
                }
            };
            let at = format!("{} {} {}", p.name, p.source, p.section);
            let printed = normalize(p.printed);
            match scope {
                Scope::Section => match section_text(&doc, p.section) {
                    None => failures.push(format!("{at}: no section {} in the text", p.section)),
                    Some(s) => {
                        if let Err(why) = find_whole(&normalize(&s), &printed) {
                            failures.push(format!("{at}: {why}: {printed:?}"));
                        }
                    }
                },
                Scope::Document => {
                    let d: String = doc
                        .lines()
                        .filter(|l| !is_page_furniture(l))
                        .collect::<Vec<_>>()
                        .join("\n");
                    if !normalize(&d).contains(&printed) {
                        failures.push(format!("{at}: not in the document as printed: {printed:?}"));
                    }
                }
                Scope::Lines => {
                    let d: String = doc
                        .lines()
                        .filter(|l| !is_line_number(l))
                        .collect::<Vec<_>>()
                        .join("\n");
                    let d = normalize(&d);
                    // The extraction often puts a production's name on one line and its
                    // "= ..." on another: the two are checked apart.
                    for line in p.printed.lines() {
                        let l = normalize(line);
                        let parts = match l.split_once(" = ") {
                            Some((name, def)) if !name.contains(' ') => {
                                vec![name.to_string(), format!("= {def}")]
                            }
                            _ => vec![l],
                        };
                        for part in parts {
                            if !part.is_empty() && !d.contains(&part) {
                                failures.push(format!(
                                    "{at}: line not in the document as printed: {part:?}"
                                ));
                            }
                        }
                    }
                }
            }
            checked += 1;
        }
    }
    for u in &unchecked {
        eprintln!("grammar_spec_text: not checked: {u}");
    }
    assert!(checked > 100, "only {checked} productions checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
