//! `idbench explain` and `crate::report`, end to end: the report holds everything `parse`,
//! `forms` and `compare` print; Markdown tables keep their shape; text stays within 72
//! columns; hostile characters are tokens; the output grows linearly with the input.

use std::process::Command;

use idbench::engine::equiv::{CompareOptions, Objective, SideForm};
use idbench::report::{TEXT_WIDTH, shell_command, shell_quote};
use idbench::safe_text::escape;
use idbench::view::View;
use serde_json::Value;
use unicode_width::UnicodeWidthStr;

mod support;

fn idbench(args: &[&str]) -> (i32, String) {
    let out = support::cli::run(args, b"");
    (
        out.code.unwrap_or(-1),
        String::from_utf8(out.stdout).expect("utf8 stdout"),
    )
}

fn json(args: &[&str]) -> Value {
    let (_, out) = idbench(args);
    serde_json::from_str(out.trim()).expect("one JSON object")
}

/// Markdown with table-cell pipe escapes undone, so values can be looked up as printed.
fn unpiped(md: &str) -> String {
    md.replace("\\|", "|")
}

/// Text with the line wrapping undone: every line's leading spaces and the breaks removed.
fn unwrapped(text: &str) -> String {
    text.lines().map(str::trim).collect::<Vec<_>>().join("")
}

const INPUTS: &[&str] = &[
    "urn:ISBN:0451|450523?+x",
    "HTTP://Example.COM:80/a/./b/../c?q#f",
    "xri://=Example*(+tel)/(@!1)",
    "http://a/%7euser/ü",
    "urn:example:a?=cache&b?+r#f",
    "http://[::1",
];

/// The command that reopens the view of `a` (with `with`, `base` and `opts`): the view's
/// command line ([`View::to_command_line`]), as the report and Ctrl-S `c` write it.
fn reopen_command(
    a: &str,
    with: Option<&str>,
    base: Option<&str>,
    opts: &CompareOptions,
) -> String {
    let mut v = View::of(a);
    v.b = with.map(str::to_string);
    v.base = base.map(str::to_string);
    v.profile = View::profile_name(opts.profile);
    v.set_compare_options(opts);
    v.to_command_line()
}

#[test]
fn markdown_and_text_hold_every_form_and_diagnostic_code() {
    for input in INPUTS {
        let parse = json(&["parse", "--format", "json", input]);
        let forms = json(&["forms", "--format", "json", input]);
        let (code_md, md) = idbench(&["explain", input]);
        let (code_text, text) = idbench(&["explain", "--format", "text", input]);
        let (code_parse, _) = idbench(&["parse", input]);
        assert_eq!(code_md, code_parse, "{input}: exit code as parse");
        assert_eq!(code_text, code_parse, "{input}: exit code as parse");
        let md_flat = unpiped(&md);
        let text_flat = unwrapped(&text);
        let mut codes = 0;
        for d in parse["diagnostics"].as_array().expect("diagnostics") {
            let code = d["code"].as_str().expect("code");
            let span = format!("{}..{}", d["start"], d["end"]);
            assert!(
                md.contains(&format!("`{code}`")),
                "{input}: {code} in\n{md}"
            );
            assert!(text.contains(code), "{input}: {code} in\n{text}");
            assert!(
                md.contains(&span) && text.contains(&span),
                "{input}: {span}"
            );
            codes += 1;
        }
        let mut n = 0;
        for (name, value) in forms["forms"].as_object().expect("forms") {
            // The equivalence key is for joins, not a form to read: `forms --format json`
            // has it, the forms a page shows (`Forms::rows`) do not.
            if name == "equivalence_key" {
                continue;
            }
            let value = escape(value.as_str().expect("form"));
            assert!(
                md_flat.contains(&format!(
                    "**{}**\n\n```text\n{value}\n```",
                    name.replace('_', "\\_")
                )),
                "{input}: form {name} = {value} in\n{md}"
            );
            assert!(text.contains(&format!("{name}:\n")), "{input}: {name}");
            assert!(
                text_flat.contains(value.as_ref()),
                "{input}: {value} in\n{text}"
            );
            n += 1;
        }
        assert!(n >= 4, "{input}: forms");
        // Every profile's verdict, with its first error.
        let profile = parse["profile"].as_str().expect("profile");
        let first_error = parse["diagnostics"]
            .as_array()
            .and_then(|ds| ds.iter().find(|d| d["severity"] == "error"))
            .and_then(|d| d["code"].as_str());
        if let Some(code) = first_error {
            assert!(
                md.contains(&format!("| {profile} | invalid | `{code}` |")),
                "{input}: {profile}'s first error {code}"
            );
        }
        for p in [
            "rfc3986",
            "rfc3987",
            "rfc1630",
            "rfc2141",
            "rfc2141bis",
            "rfc8141",
            "xri2",
        ] {
            assert!(md.contains(&format!("| {p} |")), "{input}: {p} row");
        }
        assert!(codes > 0 || parse["diagnostics"].as_array().is_some_and(Vec::is_empty));
        assert!(md.contains(concat!("idbench ", env!("CARGO_PKG_VERSION"))));
        assert!(text.contains(concat!("idbench ", env!("CARGO_PKG_VERSION"))));
        assert!(md.contains(&format!("profile auto ({profile})")), "{input}");
    }
}

#[test]
fn with_prints_every_ladder_step_and_exits_as_compare() {
    let pairs = [
        ("HTTP://a/b/../c", "http://A/c"),
        ("urn:ISBN:0451450523", "urn:isbn:0451450524"),
        ("xri://=Example*(+tel)", "xri://=example*(+tel)"),
        ("http://a/|", "http://a/x"),
        ("urn:example:a`b``c", "urn:example:a%60b"),
    ];
    for (a, b) in pairs {
        let cmp = json(&["compare", "--format", "json", a, b]);
        let (code_cmp, _) = idbench(&["compare", a, b]);
        for format in ["markdown", "text"] {
            let (code, out) = idbench(&["explain", a, "--with", b, "--format", format]);
            assert_eq!(code, code_cmp, "{a} vs {b}: exit code as compare");
            let flat = if format == "text" {
                unwrapped(&out)
            } else {
                unpiped(&out)
            };
            for st in cmp["steps"].as_array().expect("steps") {
                for key in ["name", "a", "b"] {
                    let v = escape(st[key].as_str().expect("step field"));
                    let v = if format == "text" {
                        v.replace(' ', "")
                    } else {
                        v.into_owned()
                    };
                    let hay = if format == "text" {
                        flat.replace(' ', "")
                    } else {
                        flat.clone()
                    };
                    assert!(
                        hay.contains(&v),
                        "{a} vs {b} ({format}): step {key} {v} in\n{out}"
                    );
                }
                assert!(out.contains(st["spec"].as_str().expect("spec")));
            }
            if !cmp["difference"].is_null() {
                assert!(out.contains("First difference"), "{a} vs {b}:\n{out}");
            }
        }
    }
}

/// Every table in `md`: each row has the header's column count once escaped pipes are
/// left out, and the delimiter row follows the header.
fn assert_tables_keep_shape(md: &str) {
    let mut in_fence: Option<String> = None;
    let mut cols: Option<usize> = None;
    let mut tables = 0;
    for line in md.lines() {
        if let Some(f) = &in_fence {
            if line == f {
                in_fence = None;
            }
            continue;
        }
        if line.starts_with("```") {
            in_fence = Some(line.chars().take_while(|c| *c == '`').collect());
            continue;
        }
        if !line.starts_with('|') {
            cols = None;
            continue;
        }
        // Pipes that separate cells: not escaped and not inside a code span. Escaped pipes
        // inside code spans are `\|` too, so counting unescaped pipes is enough.
        let mut n = 0;
        let mut prev = ' ';
        for c in line.chars() {
            if c == '|' && prev != '\\' {
                n += 1;
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
        }
        match cols {
            None => {
                cols = Some(n);
                tables += 1;
            }
            Some(k) => assert_eq!(n, k, "row shape: {line}\nin\n{md}"),
        }
    }
    assert!(tables > 0, "no table in\n{md}");
}

#[test]
fn markdown_tables_keep_their_shape_with_pipes_and_backticks() {
    for args in [
        vec!["explain", "urn:ISBN:0451|450523?+x"],
        vec!["explain", "http://a/|b`c``d", "--with", "http://a/||"],
        vec!["explain", "x|y", "--base", "http://a/b|c"],
        vec!["explain", "xri://@a*(b|c)"],
    ] {
        let (_, md) = idbench(&args);
        assert_tables_keep_shape(&md);
    }
}

#[test]
fn fences_outlast_backtick_runs() {
    let (_, md) = idbench(&["explain", "http://a/```x````y"]);
    // The input block needs a fence of five backticks; a shorter one would close early.
    assert!(
        md.contains("`````text\nhttp://a/```x````y\n`````\n"),
        "{md}"
    );
}

#[test]
fn text_wraps_at_72_columns() {
    let long = format!("urn:example:{}", "abcdefghij-".repeat(30));
    for args in [
        vec!["explain", "--format", "text", long.as_str()],
        vec![
            "explain",
            "--format",
            "text",
            "HTTP://a/b/../c",
            "--with",
            "http://A/c",
        ],
        vec![
            "explain",
            "--format",
            "text",
            "../g",
            "--base",
            "http://a/b/c/d;p?q",
        ],
        vec!["explain", "--format", "text", "http://a/\u{202e}\u{1b}[31m"],
    ] {
        let (_, text) = idbench(&args);
        for line in text.lines() {
            assert!(
                UnicodeWidthStr::width(line) <= TEXT_WIDTH,
                "{} columns: {line}",
                UnicodeWidthStr::width(line)
            );
        }
        assert!(!text.contains('`'), "plain text has no Markdown");
    }
}

#[test]
fn hostile_characters_are_tokens() {
    // (NUL cannot be passed as an argument; the engine's tests cover it.)
    let hostile = "http://a/\u{1b}]52;c;Zm9v\u{7}\u{202e}gpj.exe\u{200b}\u{1}";
    for format in ["markdown", "text"] {
        let (_, out) = idbench(&[
            "explain",
            "--format",
            format,
            hostile,
            "--with",
            "http://a/\u{9b}x",
        ]);
        for bad in ['\u{1b}', '\u{7}', '\u{202e}', '\u{200b}', '\u{1}', '\u{9b}'] {
            assert!(!out.contains(bad), "{format}: raw U+{:04X}", bad as u32);
        }
        for token in ["⟨U+001B⟩", "⟨U+202E⟩", "⟨U+200B⟩", "⟨U+0001⟩", "⟨U+009B⟩"]
        {
            assert!(out.contains(token), "{format}: {token} in\n{out}");
        }
        assert!(out.lines().all(|l| !l.contains('\r')));
    }
}

#[test]
fn output_grows_linearly_with_the_input() {
    // A 64 KiB URI and a 64 KiB URN: the report stays within a small multiple of the input
    // (every form is shown whole; node texts are abbreviated, so a long segment is not
    // repeated by every enclosing node).
    let big_uri = format!("http://example.com/{}", "a/".repeat(32 * 1024));
    let big_urn = format!("urn:example:{}", "x".repeat(64 * 1024));
    for input in [&big_uri, &big_urn] {
        for format in ["markdown", "text"] {
            let (_, out) = idbench(&["explain", "--format", format, input]);
            let ratio = out.len() as f64 / input.len() as f64;
            assert!(
                ratio < 40.0,
                "{format}: {} bytes of report for {} bytes of input",
                out.len(),
                input.len()
            );
        }
    }
    // Doubling the input roughly doubles the report, flat or nested: a line per tree node,
    // each of bounded length (the indentation stops growing, the depth is named instead).
    let flat = |n: usize| format!("http://example.com/{}", "a/".repeat(n));
    let nested = |n: usize| format!("xri://@a{}b{}", "*(@a".repeat(n), ")".repeat(n));
    for (name, make, n) in [
        ("flat", &flat as &dyn Fn(usize) -> String, 4096),
        ("nested", &nested, 128),
    ] {
        for format in ["markdown", "text"] {
            let size =
                |k: usize| idbench(&["explain", "--format", format, &make(k)]).1.len() as f64;
            let (small, large) = (size(n), size(2 * n));
            assert!(
                large / small < 2.5,
                "{name} {format}: 2x input gave {}x report",
                large / small
            );
        }
    }
}

#[test]
fn resolution_shows_base_reference_target_and_steps() {
    let (code, md) = idbench(&["explain", "../g?q", "--base", "http://a/b/c/d;p?q"]);
    assert_eq!(code, 0);
    let r = json(&[
        "resolve",
        "--format",
        "json",
        "http://a/b/c/d;p?q",
        "../g?q",
    ]);
    assert!(md.contains(&format!(
        "```text\n{}\n```",
        r["target"].as_str().expect("target")
    )));
    for st in r["steps"].as_array().expect("steps") {
        let name = st["name"].as_str().expect("name");
        assert!(md.contains(&name.replace('_', "\\_")), "step {name}");
    }
    let (code, text) = idbench(&["explain", "g", "--base", "urn:a:b", "--format", "text"]);
    assert_eq!(code, 1);
    assert!(text.contains("No target:") && text.contains("resolve-urn-no-relative"));
}

#[test]
fn reopen_command_omits_defaults_and_names_every_option() {
    let d = CompareOptions::default();
    assert_eq!(
        reopen_command("http://a/", None, None, &d),
        "idbench tui -- 'http://a/'"
    );
    let o = CompareOptions {
        profile: Some(idbench::Profile::Xri2),
        objective: Objective::Cache,
        ignore_dollar: true,
        a_form: SideForm::IriNormal,
        b_form: SideForm::UriNormal,
    };
    assert_eq!(
        reopen_command("A'", Some("B"), Some("xri://@x"), &o),
        "idbench tui --with='B' --base='xri://@x' --profile=xri2 \
         --objective=cache --ignore-dollar --a-form=iri --b-form=uri -- 'A'\\'''"
    );
    // The command it prints parses: every flag is one the tui subcommand accepts.
    let (_, md) = idbench(&[
        "explain",
        "urn:a:b",
        "--with",
        "urn:a:c",
        "--objective",
        "cache",
    ]);
    assert!(
        md.contains("`idbench tui --with='urn:a:c' --objective=cache -- 'urn:a:b'`"),
        "{md}"
    );
}

/// Runs `printf %s WORD` in `shell`, the word pasted as [`shell_command`] writes it.
fn through_shell(shell: &str, quoted: &str) -> Vec<u8> {
    let cmd = shell_command(&["printf".into(), "%s".into(), quoted.into()]);
    let out = Command::new(shell)
        .arg("-c")
        .arg(&cmd)
        .output()
        .expect("run the shell");
    assert!(out.status.success(), "{shell}: {cmd}");
    out.stdout
}

fn shell_available(shell: &str) -> bool {
    Command::new(shell)
        .arg("-c")
        .arg("true")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Every character the quoting must write in escaped form: C0 controls but NUL (a shell
/// argument cannot hold it), DEL, the C1 controls (U+0085 among them), the line and
/// paragraph separators, the bidi controls and a zero-width character.
fn hostile_chars() -> Vec<char> {
    let mut v: Vec<char> = (1u32..0x20)
        .chain(0x7F..0xA0)
        .filter_map(char::from_u32)
        .collect();
    v.extend([
        '\u{2028}', '\u{2029}', '\u{200E}', '\u{200F}', '\u{061C}', '\u{202A}', '\u{202B}',
        '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        '\u{200B}', '\u{FEFF}',
    ]);
    v
}

#[test]
fn shell_quote_round_trips_and_never_passes_control_characters() {
    let mut cases: Vec<String> = [
        "plain",
        "",
        "it's",
        "''",
        "a b\tc",
        "$HOME `id` $(id) \\ \" ! * ? ~ % %% \\n \\001",
        "line\nbreak",
        "\n\nlead",
        "mid\n\n\nx",
        "esc\u{1b}[31m",
        "bidi\u{202e}txt.exe",
        "zero\u{200b}width",
        "c1\u{9b}x",
        "ü漢字",
        "trailing\n",
        "trailing\n\n",
        "\n",
        "\u{1}\n",
        "\n\u{1}\n\n",
        "'\n'",
        "\u{85}'\u{2028}\"\u{202e}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Every hostile character alone, between text, next to a quote, and before a newline.
    for c in hostile_chars() {
        cases.push(c.to_string());
        cases.push(format!("a{c}b"));
        cases.push(format!("'{c}'\"{c}\""));
        cases.push(format!("{c}\nx{c}"));
    }
    cases.push(hostile_chars().into_iter().collect());
    let shells: Vec<&str> = ["sh", "dash", "bash"]
        .into_iter()
        .filter(|s| shell_available(s))
        .collect();
    assert!(shells.contains(&"sh"), "a POSIX sh is needed");
    for s in &cases {
        let q = shell_quote(s);
        for c in q.chars() {
            assert!(!idbench::safe_text::needs_token(c), "{s:?} quoted as {q:?}");
        }
        assert!(!q.contains("$'"), "no ANSI-C quoting: {q}");
        for shell in &shells {
            assert_eq!(
                through_shell(shell, &q),
                s.as_bytes(),
                "{shell}: {s:?} quoted as {q}"
            );
        }
    }
    // NUL cannot be an argument: it is quoted without a raw control character all the same.
    let q = shell_quote("nul\u{0}byte");
    assert!(!q.chars().any(idbench::safe_text::needs_token), "{q}");
}

#[test]
fn the_reopen_command_reopens_the_same_inputs_in_a_posix_shell() {
    // The command, run with `idbench` replaced by a function printing its arguments, gives
    // back each input exactly.
    let a = "a\u{1}\n";
    let b = "x\u{202e}y\n\nz";
    let cmd = reopen_command(a, Some(b), None, &CompareOptions::default());
    assert!(cmd.starts_with("idbench_nl="), "{cmd}");
    for shell in ["sh", "dash", "bash"] {
        if !shell_available(shell) {
            continue;
        }
        let script = format!("idbench() {{ printf '%s\\0' \"$@\"; }}; {cmd}");
        let out = Command::new(shell)
            .arg("-c")
            .arg(&script)
            .output()
            .expect("run the shell");
        let expected = format!("tui\0--with={b}\0--\0{a}\0");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "{shell}: {cmd}"
        );
    }
}

#[test]
fn conflicting_with_and_base_is_a_usage_error() {
    let (code, _) = idbench(&["explain", "a", "--with", "b", "--base", "c"]);
    assert_eq!(code, 2);
}

/// Markdown prose with its escapes undone: backslash escapes and the three entities.
fn md_unescaped(md: &str) -> String {
    let mut out = String::with_capacity(md.len());
    let mut chars = md.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&n) = chars.peek()
            && n.is_ascii_punctuation()
        {
            out.push(n);
            chars.next();
        } else {
            out.push(c);
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// `s` with every whitespace character removed: the text format wraps long lines at spaces.
fn squeezed(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The part of `doc` from the line `from` to the line `to` (exclusive).
fn section<'a>(doc: &'a str, from: &str, to: &str) -> &'a str {
    let start = doc.find(from).unwrap_or_else(|| panic!("{from} in\n{doc}"));
    let rest = &doc[start..];
    let end = rest.find(to).unwrap_or(rest.len());
    &rest[..end]
}

/// Inputs whose errors record what was expected, and one with a damaged production read
/// otherwise (XRI's "xri-subseq").
const GRAMMAR_INPUTS: &[&str] = &[
    "http://[::1x]/",
    "http://[::1x",
    "http://a/%zz",
    "xri://=Example*(+tel)/(@!1",
    "xri://@a*b/c",
    "urn:example:a?=cache&b?+r#f",
    "1",
    "",
];

#[test]
fn reports_hold_the_start_rule_every_rule_s_production_and_every_expected_list() {
    use idbench::engine::{Options, analyze, rules};
    let (mut expected_seen, mut readings_seen, mut productions_seen) = (0, 0, 0);
    let mut reached_seen = 0;
    for input in INPUTS.iter().chain(GRAMMAR_INPUTS) {
        let a = analyze(input, &Options::default());
        let (_, md) = idbench(&["explain", input]);
        let (_, text) = idbench(&["explain", "--format", "text", input]);
        let md_grammar = section(&md, "### Grammar\n", "### Diagnostics\n");
        let text_grammar = section(&text, "\nGrammar:\n", "\nDiagnostics:\n");

        // The start rule and the production offering it, as `idbench parse` words it.
        let start = a.start_rule();
        let mut start_line = format!("Start rule: {}", start.rule);
        if let Some(w) = start.within {
            let p = rules::grammar(a.profile).get(w).expect("production");
            start_line.push_str(&format!(", one of {w} = {}", p.alternatives.join(" / ")));
        }
        assert!(
            md_unescaped(&md).contains(&format!("{start_line}.")),
            "{input}: {start_line} in\n{md}"
        );
        assert!(
            squeezed(&text).contains(&squeezed(&start_line)),
            "{input}: {start_line} in\n{text}"
        );
        if *input == "1" {
            assert!(start.is_rule("relative-ref"), "{start:?}");
            assert!(start_line.contains("one of URI-reference = URI / relative-ref"));
        }

        // Every rule of the tree, listed once, with its printed text, our reading and
        // its section.
        let g = rules::grammar(a.profile);
        for n in a.tree.iter() {
            let Some(p) = g.get(n.rule()) else {
                assert!(
                    n.rule().is_empty() || md_grammar.contains(&format!("`{}`", n.rule())),
                    "{input}: rule {} without a production is named",
                    n.rule()
                );
                continue;
            };
            productions_seen += 1;
            let head = format!("`{}` ({}), as printed:", p.name, p.citation());
            assert_eq!(
                md_grammar.matches(&head).count(),
                1,
                "{input}: {head} once in\n{md_grammar}"
            );
            assert_eq!(
                text_grammar
                    .matches(&format!("{} ({}), as printed:", p.name, p.citation()))
                    .count(),
                1,
                "{input}: {} once in\n{text_grammar}",
                p.name
            );
            for t in std::iter::once(p.printed).chain(p.reading) {
                for line in t.lines() {
                    let line = escape(line);
                    assert!(
                        md_grammar.contains(line.as_ref()),
                        "{input}: {line} in\n{md_grammar}"
                    );
                    assert!(
                        squeezed(text_grammar).contains(&squeezed(&line)),
                        "{input}: {line} in\n{text_grammar}"
                    );
                }
            }
            if p.reading.is_some() {
                readings_seen += 1;
                assert!(md_grammar.contains("Our reading:"), "{input}");
                assert!(text_grammar.contains("Our reading:"), "{input}");
            }
        }

        // Every error's expected list and where the parse reached, in both formats.
        let md_diags = md_unescaped(section(&md, "### Diagnostics\n", "\n## "));
        let text_diags = squeezed(section(&text, "\nDiagnostics:\n", "\nForms:\n"));
        for d in &a.diagnostics {
            let reached = d.reached.map(|r| format!("the parse reached byte {r}"));
            let phrase = match (rules::expected_text(d, input), &reached) {
                (Some(e), Some(r)) => format!("{e}; {r}"),
                (Some(e), None) => e,
                (None, Some(r)) => r.clone(),
                (None, None) => {
                    assert!(d.expected.is_empty() || d.expected_at.is_none());
                    continue;
                }
            };
            expected_seen += usize::from(!d.expected.is_empty());
            reached_seen += usize::from(reached.is_some());
            for e in &d.expected {
                assert!(phrase.contains(e), "{phrase} names {e}");
            }
            let line = format!("Error `{}` at bytes {}: {phrase}.", d.code, d.span);
            assert!(md_diags.contains(&line), "{input}: {line} in\n{md_diags}");
            let line = format!("Error {} at bytes {}: {phrase}.", d.code, d.span);
            assert!(
                text_diags.contains(&squeezed(&line)),
                "{input}: {line} in\n{text}"
            );
        }
    }
    assert!(expected_seen >= 2, "inputs with expected lists");
    assert!(reached_seen >= 1, "an error whose parse reached further");
    assert!(readings_seen >= 1, "a production read otherwise");
    assert!(productions_seen >= 20);
}

#[test]
fn the_grammar_section_lists_a_rule_once_however_often_it_occurs() {
    for format in ["markdown", "text"] {
        let once = |n: usize| {
            let input = format!("http://example.com/{}", "a/".repeat(n));
            let (_, out) = idbench(&["explain", "--format", format, &input]);
            let (from, to) = match format {
                "markdown" => ("### Grammar\n", "### Diagnostics\n"),
                _ => ("\nGrammar:\n", "\nDiagnostics:\n"),
            };
            section(&out, from, to).to_string()
        };
        let (small, large) = (once(2), once(2000));
        assert_eq!(
            small, large,
            "{format}: the section does not grow with the input"
        );
        assert!(small.contains("segment"), "{small}");
    }
}

/// The rows of the comparison report's "Equivalence under every profile" table: profile, A, B, equivalent?,
/// how (Markdown escapes undone).
fn every_profile_rows(md: &str) -> Vec<Vec<String>> {
    let part = section(md, "### Equivalence under every profile", "### Ladder");
    part.lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| profile") && !l.contains("---"))
        .map(|l| {
            let inner = l.trim_start_matches("| ").trim_end_matches(" |");
            inner.split(" | ").map(md_unescaped).collect()
        })
        .collect()
}

#[test]
fn comparison_report_gives_each_profile_s_equivalence_as_compare_does() {
    // Each pair but the last is equivalent under a profile that accepts both sides and not
    // under another; the last has a side rfc1630 rejects.
    let pairs = [
        ("urn:a:b", "URN:A:b", true),
        ("http://a:80/", "http://a/", true),
        ("HTTP://Example.com/", "http://example.com/", true),
        ("urn:example:a?=x", "urn:example:a?=y", true),
        ("xri://@Example*b", "xri://@example*b", true),
        ("http://a/%7e", "http://a/~", false),
    ];
    for (a, b, mixed) in pairs {
        let (_, md) = idbench(&["explain", a, "--with", b]);
        let rows = every_profile_rows(&md);
        assert_eq!(
            rows.len(),
            idbench::engine::Profile::ALL.len(),
            "{a} vs {b}: a row per profile in\n{md}"
        );
        let (mut yes, mut no) = (0, 0);
        for row in &rows {
            assert_eq!(row.len(), 5, "{a} vs {b}: {row:?}");
            let p = row[0].as_str();
            let (code, _) = idbench(&["compare", "--profile", p, a, b]);
            let cmp = json(&["compare", "--format", "json", "--profile", p, a, b]);
            let side = |key: &str, cell: &str| {
                let valid = cmp["valid"][key].as_bool().expect("valid");
                assert_eq!(
                    cell == "valid",
                    valid,
                    "{a} vs {b} under {p}: side {key} {cell} but compare says valid={valid}"
                );
            };
            match row[3].as_str() {
                "not compared" => {
                    // A profile that cannot read a side: compare under it says a side does
                    // not parse.
                    assert_eq!(code, 2, "{a} vs {b} under {p}: {row:?}");
                    assert!(row[1] == "not applicable" || row[2] == "not applicable");
                    assert!(row[4].contains("cannot read"), "{row:?}");
                }
                eq => {
                    side("a", &row[1]);
                    side("b", &row[2]);
                    let equivalent = cmp["equivalent"].as_bool().expect("equivalent");
                    assert_eq!(eq == "yes", equivalent, "{a} vs {b} under {p}: {row:?}");
                    assert!(eq == "yes" || eq == "no", "{row:?}");
                    let both_valid = row[1] == "valid" && row[2] == "valid";
                    assert_eq!(code == 2, !both_valid, "{a} vs {b} under {p}: {row:?}");
                    assert_eq!(
                        row[4].contains("not the spec's answer"),
                        !both_valid,
                        "{row:?}"
                    );
                    if both_valid {
                        assert_eq!(code, i32::from(!equivalent), "{a} vs {b} under {p}");
                    }
                    let summary = cmp["summary"].as_str().expect("summary");
                    if equivalent {
                        // "equal from step N (name, spec)", as compare's summary says it.
                        let from = &row[4][..row[4].find(')').expect("step") + 1];
                        assert!(summary.contains(from), "{from} in {summary}");
                        if both_valid {
                            yes += 1;
                        }
                    } else {
                        if let Some(reason) = cmp["difference"]["reason"].as_str() {
                            assert!(row[4].contains(reason), "{reason} in {row:?}");
                            let kind = cmp["difference"]["kind"].as_str().expect("kind");
                            assert!(row[4].starts_with(&format!("part at the {kind}: ")));
                        }
                        if both_valid {
                            no += 1;
                        }
                    }
                }
            }
        }
        assert!(
            !mixed || (yes > 0 && no > 0),
            "{a} vs {b}: equivalent under one valid profile, not under another:\n{md}"
        );
        // The text format carries the same rows.
        let (_, text) = idbench(&["explain", a, "--with", b, "--format", "text"]);
        let flat = squeezed(&text);
        for row in &rows {
            for cell in row {
                assert!(flat.contains(&squeezed(cell)), "{cell} in\n{text}");
            }
        }
    }
}

/// The text report breaks a long reopen command only where a POSIX shell joins the lines
/// again: pasted into sh, dash or bash it gives back every argument exactly, and each line
/// fits the report's width.
#[test]
fn a_wrapped_reopen_command_reads_back_exactly() {
    let long = format!(
        "http://example.com/{}?q=it's#f",
        (0..60)
            .map(|i| format!("seg{i}%41"))
            .collect::<Vec<_>>()
            .join("/")
    );
    let hostile = format!("{}\u{1}\u{202e}'\"x\n", "y".repeat(100));
    let cases: [(&str, Option<&str>); 4] = [
        (&long, None),
        (&long, Some(&hostile)),
        ("urn:a:b", Some("urn:a:c")),
        (&"'".repeat(80), Some(&"ü漢".repeat(40))),
    ];
    for (a, b) in cases {
        let cmd = reopen_command(a, b, None, &CompareOptions::default());
        let wrapped = idbench::report::shell_wrap(&cmd, TEXT_WIDTH);
        for line in wrapped.lines() {
            assert!(line.width() <= TEXT_WIDTH, "{line}");
        }
        if cmd.len() < 60 {
            assert_eq!(wrapped, cmd, "a short command stays on one line");
        }
        for shell in ["sh", "dash", "bash"] {
            if !shell_available(shell) {
                continue;
            }
            let script = format!("idbench() {{ printf '%s\\0' \"$@\"; }}\n{wrapped}");
            let out = Command::new(shell)
                .arg("-c")
                .arg(&script)
                .output()
                .expect("run the shell");
            let mut expected = "tui\0".to_string();
            if let Some(b) = b {
                expected.push_str(&format!("--with={b}\0"));
            }
            expected.push_str(&format!("--\0{a}\0"));
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                expected,
                "{shell}:\n{wrapped}"
            );
        }
    }
    // The text report prints it so.
    let (_, text) = idbench(&["explain", "--format", "text", &long]);
    let cmd = reopen_command(&long, None, None, &CompareOptions::default());
    assert!(
        text.contains(&idbench::report::shell_wrap(&cmd, TEXT_WIDTH)),
        "{text}"
    );
}

/// The part of `doc` before `marker` (all of it when the marker is absent).
fn before<'a>(doc: &'a str, marker: &str) -> &'a str {
    doc.find(marker).map_or(doc, |i| &doc[..i])
}

#[test]
fn a_comparison_report_opens_with_the_verdict_and_the_deciding_step() {
    for (b, verdict) in [
        (
            "HTTP://A/b",
            "Equivalent under rfc3986 from step 2 (syntax-based normalization",
        ),
        (
            "http://a/c",
            "Not equivalent under rfc3986: parted at step 3",
        ),
    ] {
        let (_, md) = idbench(&["explain", "http://a/b", "--with", b]);
        let head = before(&md, "## Input A");
        assert!(head.contains("## Summary"), "{md}");
        let flat = head.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(verdict), "{b}: {head}");
        let (_, text) = idbench(&["explain", "-f", "text", "http://a/b", "--with", b]);
        let head = before(&text, "\nInput A\n");
        assert!(head.contains("Summary\n-------"), "{text}");
        let flat = head.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(verdict), "{b}: {head}");
        // The detail is still all there, after the summary.
        assert!(text.find("Ladder:") > text.find("Summary"), "{text}");
    }
}

#[test]
fn the_report_s_diagnostics_are_those_parse_and_the_workbench_show() {
    // Only a note, found while computing the forms: the report said "None." here.
    let input = "xri://@example*(=a*b)/(+c)";
    let parsed = json(&["parse", "--format", "json", input]);
    let codes: Vec<&str> = parsed["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert!(codes.contains(&"xref-prefix-added"), "{parsed}");
    let (_, text) = idbench(&["explain", "-f", "text", input]);
    let diags = section(&text, "\nDiagnostics:\n", "\nForms:\n");
    assert!(!diags.contains("None."), "{diags}");
    let (_, md) = idbench(&["explain", input]);
    let md_diags = section(&md, "### Diagnostics\n", "### Forms\n");
    for code in codes {
        assert!(diags.contains(code), "{code} not in\n{diags}");
        assert!(md_diags.contains(code), "{code} not in\n{md_diags}");
    }
}

#[test]
fn explain_json_is_one_compact_object_holding_the_report() {
    let out = support::cli::run(
        &[
            "explain",
            "--format",
            "json",
            "http://a/b",
            "--with",
            "HTTP://A/b",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let stdout = out.text();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let v: Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    // Compact: no whitespace between tokens (serde_json writes the same object so).
    assert_eq!(
        serde_json::to_string(&v).ok().as_deref(),
        Some(stdout.trim())
    );
    assert_eq!(v["a"]["input"], "http://a/b");
    assert_eq!(v["b"]["input"], "HTTP://A/b");
    assert_eq!(v["comparison"]["equivalent"], true);
    assert_eq!(v["comparison"]["equal_from"], 2);
    assert!(
        v["summary"][0]
            .as_str()
            .is_some_and(|s| s.starts_with("Equivalent under rfc3986 from step 2")),
        "{v}"
    );
    assert_eq!(
        v["a"]["verdicts"].as_array().map(Vec::len),
        Some(idbench::engine::Profile::ALL.len()),
        "{v}"
    );
    assert!(v["a"]["forms"]["uri_normal"].is_string(), "{v}");
    assert_eq!(
        v["per_profile"].as_array().map(Vec::len),
        Some(idbench::engine::Profile::ALL.len()),
        "{v}"
    );
    assert!(v["resolution"].is_null());
    assert!(
        v["reopen"]
            .as_str()
            .is_some_and(|r| r.starts_with("idbench tui"))
    );

    let r = json(&["explain", "-f", "json", "../c", "--base", "http://a/b/d"]);
    assert_eq!(r["resolution"]["target"], "http://a/c");
    assert!(r["comparison"].is_null() && r["summary"].is_null());

    let (_, help) = idbench(&["explain", "--help"]);
    assert!(help.contains("--format json"), "{help}");
}
