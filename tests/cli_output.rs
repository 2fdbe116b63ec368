//! The command line's output: linear in the input, escaped, streamed, and every way it
//! ends (closed pipe, unreadable file, bad bytes) handled; completions, man page and the
//! workbench's arguments at top level.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod support;
use support::cli::{Out, idbench, run};

fn text(o: &Out) -> String {
    o.text()
}

/// Output bytes (stdout + stderr) of `args` with the input built by `make(n)` substituted
/// for `{}`.
fn output_bytes(args: &[&str], input: &str) -> usize {
    let args: Vec<String> = args.iter().map(|a| a.replace("{}", input)).collect();
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(&refs, b"");
    o.stdout.len() + o.stderr.len()
}

/// 4× the input must cost at most ~4× the output bytes (4.5 allows the fixed part).
fn assert_linear(what: &str, args: &[&str], make: impl Fn(usize) -> String, n: usize) {
    let small = output_bytes(args, &make(n));
    let big = output_bytes(args, &make(4 * n));
    let ratio = big as f64 / small.max(1) as f64;
    assert!(
        ratio <= 4.5,
        "{what}: {small} → {big} bytes for 4× the input (ratio {ratio:.2})"
    );
    // And the output is of the order of the input, not its square.
    assert!(
        big < 400 * make(4 * n).len() + 10_000,
        "{what}: {big} bytes for {} input bytes",
        make(4 * n).len()
    );
}

fn pct_run(n: usize) -> String {
    format!("urn:example:{}", "%41".repeat(n))
}

fn spaces(n: usize) -> String {
    format!("http://a/{}x", " ".repeat(n))
}

fn nested(d: usize) -> String {
    format!("{}=b{}", "=a*(".repeat(d), ")".repeat(d))
}

fn nested_blocks(blocks: usize) -> String {
    (0..blocks)
        .map(|_| nested(60))
        .collect::<Vec<_>>()
        .join("*")
}

#[test]
fn text_output_is_linear_in_the_input() {
    assert_linear("parse %41", &["parse", "{}"], pct_run, 1024);
    assert_linear("forms %41", &["forms", "{}"], pct_run, 1024);
    assert_linear("parse spaces", &["parse", "{}"], spaces, 1024);
    assert_linear(
        "resolve spaces",
        &["resolve", "http://a/b", "{}"],
        spaces,
        1024,
    );
    assert_linear(
        "compare spaces",
        &["compare", "{}", "http://a/"],
        spaces,
        1024,
    );
    assert_linear(
        "compare %41",
        &["compare", "{}", "urn:example:a"],
        pct_run,
        1024,
    );
    assert_linear("parse nested", &["parse", "{}"], nested, 64);
    assert_linear("parse nested blocks", &["parse", "{}"], nested_blocks, 2);
}

#[test]
fn json_output_is_linear_in_the_input() {
    for cmd in ["parse", "forms"] {
        assert_linear(cmd, &[cmd, "-f", "json", "{}"], pct_run, 1024);
        assert_linear(cmd, &[cmd, "-f", "json", "{}"], spaces, 1024);
    }
    assert_linear(
        "resolve",
        &["resolve", "-f", "json", "http://a/b", "{}"],
        spaces,
        1024,
    );
    assert_linear(
        "parse nested blocks",
        &["parse", "-f", "json", "{}"],
        nested_blocks,
        2,
    );
}

#[test]
fn a_diagnostic_shows_an_excerpt_with_carets_under_its_span() {
    let input = format!("http://a/{}\u{202e}{}", "b".repeat(500), "c".repeat(500));
    let o = run(&["parse", "--profile", "rfc3987", &input], b"");
    let out = text(&o);
    let diag = out
        .split("error[bidi-format-char]")
        .nth(1)
        .expect("the bidi diagnostic");
    let lines: Vec<&str> = diag.lines().collect();
    let shown = lines[2].strip_prefix("  | ").expect("excerpt line");
    let carets = lines[3].strip_prefix("  | ").expect("caret line");
    assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
    assert!(shown.chars().count() < 120, "{shown}");
    let at = shown.find("⟨U+202E⟩").expect("the token");
    let col = shown[..at].chars().count();
    assert_eq!(carets, format!("{}{}", " ".repeat(col), "^".repeat(8)));
    // The tree's long texts are cut with their byte count.
    assert!(out.contains("(1012 bytes)"), "{out}");
}

#[test]
fn json_never_carries_a_control_bidi_invisible_or_separator_raw() {
    let input = "http://a/x\u{9b}y\u{202e}z\u{200d}w\u{2028}v";
    for cmd in [
        vec!["parse", "-f", "json", input],
        vec!["forms", "-f", "json", input],
        vec!["resolve", "-f", "json", "http://a/", input],
        vec!["compare", "-f", "json", input, "http://a/"],
    ] {
        let o = run(&cmd, b"");
        let out = text(&o);
        for raw in ['\u{9b}', '\u{202e}', '\u{200d}', '\u{2028}'] {
            assert!(!out.contains(raw), "{cmd:?}: {raw:?} raw in {out}");
        }
        assert!(out.contains("\\u202e"), "{cmd:?}: {out}");
        // Still JSON that reads back the exact input.
        let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
        let back = v
            .get("input")
            .or_else(|| v.get("reference"))
            .or_else(|| v.get("a"))
            .expect("the input");
        assert_eq!(back, input);
    }
    let o = run(&["check", "-f", "json"], format!("{input}\n").as_bytes());
    assert!(!text(&o).contains('\u{202e}') && text(&o).contains("\\u202e"));
}

#[test]
fn deep_nesting_streams_as_json_without_trouble() {
    let input = "(".repeat(100_000);
    let o = run(&["parse", "-f", "json", "-"], input.as_bytes());
    assert!(o.code == Some(1), "{}", o.stderr);
    // One line (nested deeper than JSON readers' default limits, so not parsed back here),
    // linear in size: inner nodes' long texts are cut.
    assert!(o.stdout.ends_with(b"}\n") && o.stdout.len() < 60 * input.len());
    assert_eq!(o.stdout.iter().filter(|&&b| b == b'\n').count(), 1);
    // A smaller nesting reads back: a cut text is the one whose length is not end - start.
    let o = run(&["parse", "-f", "json", &"(".repeat(12)], b"");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["valid"], false);
    assert_eq!(v["tree"]["text"], "(".repeat(12));
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    // `yes http://a/ | idbench check | head -1` must terminate.
    for args in [
        vec!["check"],
        vec!["check", "--jobs", "1"],
        vec!["check", "--jobs", "3", "-f", "json"],
        vec!["parse", "-"],
        vec!["forms", "-f", "json", "-"],
        vec!["resolve", "http://a/b", "-"],
    ] {
        let mut child = idbench()
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut stdin = child.stdin.take().expect("stdin");
        let feeder = std::thread::spawn(move || {
            // An endless input, like `yes`: stops when idbench stops reading.
            let line = b"http://a/\n".repeat(1000);
            while stdin.write_all(&line).is_ok() {}
        });
        let mut stdout = child.stdout.take().expect("stdout");
        let mut first = [0u8; 5];
        stdout.read_exact(&mut first).expect("first output");
        drop(stdout);
        let started = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait") {
                break s;
            }
            if started.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                panic!("{args:?} kept running after its output closed");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let _ = feeder.join();
        let mut err = String::new();
        let _ = child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut err);
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{err}"
        );
    }
}

#[test]
fn check_jobs_keep_input_order_and_tallies() {
    let mut input = String::new();
    for i in 0..60_000 {
        if i % 7 == 0 {
            input.push_str(&format!("http://a b/{i}\n"));
        } else {
            input.push_str(&format!("http://a/{i}\n"));
        }
    }
    let one = run(&["check", "-j", "1", "-p", "rfc3986"], input.as_bytes());
    let four = run(&["check", "-j", "4", "-p", "rfc3986"], input.as_bytes());
    assert_eq!(one.code, Some(1));
    assert_eq!(four.code, Some(1));
    assert_eq!(one.stdout, four.stdout, "same lines in the same order");
    assert_eq!(one.stderr, four.stderr);
    assert_eq!(one.stderr.trim(), "51428 valid, 8572 invalid");
    let lines: Vec<String> = text(&four).lines().map(String::from).collect();
    assert_eq!(lines.len(), 60_000);
    assert!(
        lines[7].ends_with("http://a b/7\tillegal-char"),
        "{}",
        lines[7]
    );
    assert!(lines[59_999].ends_with("http://a/59999"));
}

#[test]
fn check_names_files_and_lines_and_goes_on_past_an_unreadable_one() {
    let dir = support::scratch::dir("cli");
    let good = dir.join("urls.txt");
    std::fs::write(&good, "http://a/\nhttp://a b/\n").expect("write");
    let good_s = good.to_string_lossy().into_owned();
    let dir_s = dir.to_string_lossy().into_owned();
    let missing = dir.join("missing.txt").to_string_lossy().into_owned();
    let o = run(
        &["check", "-p", "rfc3986", &missing, &dir_s, &good_s, "-"],
        b"urn:x:y\n",
    );
    assert_eq!(o.code, Some(2), "an I/O error happened: {}", o.stderr);
    let out = text(&o);
    assert_eq!(
        out,
        format!(
            "{good_s}:1: valid\trfc3986\thttp://a/\n\
             {good_s}:2:9: invalid\trfc3986\thttp://a b/\tillegal-char\n\
             -:1: valid\trfc3986\turn:x:y\n"
        )
    );
    assert!(
        o.stderr.contains(&format!("idbench: {missing}: ")),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr.contains(&format!("idbench: {dir_s}: ")),
        "{}",
        o.stderr
    );
    assert!(o.stderr.ends_with("2 valid, 1 invalid\n"), "{}", o.stderr);
    // JSON carries file and line.
    let o = run(&["check", "-f", "json", &good_s], b"");
    let v: Vec<serde_json::Value> = text(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(v[1]["file"], good_s.as_str());
    assert_eq!(v[1]["line"], 2);
    assert_eq!(v[1]["first_error"], "illegal-char");
    // `check -` is stdin, without a file name when it is the only source.
    let o = run(&["check", "-"], b"http://a/\n");
    assert_eq!(text(&o), "valid\trfc3986\thttp://a/\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parse_and_forms_report_bytes_that_are_not_utf8() {
    let o = run(&["parse", "-"], b"urn:a:b\xe9c\n");
    assert_eq!(o.code, Some(1));
    let out = text(&o);
    assert!(out.contains("error[not-utf8]"), "{out}");
    assert!(out.contains("offset 7") && out.contains("%E9"), "{out}");
    assert!(!out.contains("%EF%BF%BD"), "{out}");
    assert!(out.starts_with("urn:a:b⟨0xE9⟩c\n"), "{out}");
    let o = run(&["forms", "-f", "json", "-"], b"urn:a:\xff\xfe\nurn:a:b\n");
    let lines: Vec<serde_json::Value> = text(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 2);
    let d = &lines[0]["diagnostics"][0];
    assert_eq!(d["code"], "not-utf8");
    assert_eq!((d["start"].as_u64(), d["end"].as_u64()), (Some(6), Some(8)));
    assert!(d["message"].as_str().is_some_and(|m| m.contains("%FF%FE")));
    assert_eq!(lines[0]["forms"], serde_json::json!({}));
    assert_eq!(lines[1]["forms"]["canonical"], "urn:a:b");
}

#[test]
fn resolve_prints_one_line_per_reference_in_order() {
    let o = run(
        &[
            "resolve",
            "http://a/b/c/d;p?q",
            "g",
            "http://[",
            "-",
            "../g",
        ],
        b"h\n\xff\n",
    );
    assert_eq!(o.code, Some(1));
    assert_eq!(
        text(&o),
        "http://a/b/c/g\nerror\tip-literal-empty\thttp://[\nhttp://a/b/c/h\n\
         error\tnot-utf8\t⟨0xFF⟩\nhttp://a/b/g\n"
    );
}

#[test]
fn every_subcommand_help_states_exit_codes_and_output() {
    for cmd in ["parse", "check", "forms", "resolve", "compare"] {
        let o = run(&[cmd, "--help"], b"");
        let out = text(&o);
        assert!(out.contains("Exit codes:"), "{cmd}: {out}");
        assert!(
            out.contains("Output (text)") && out.contains("Output (json)"),
            "{cmd}"
        );
    }
    for cmd in ["tui", "completions", "man", "explain", "rule"] {
        assert!(
            text(&run(&[cmd, "--help"], b"")).contains("Exit codes:"),
            "{cmd}"
        );
    }
}

#[test]
fn profiles_are_a_value_list() {
    let o = run(&["parse", "--help"], b"");
    assert!(text(&o).contains("rfc2141bis"), "{}", text(&o));
    let o = run(&["parse", "--profile", "nope", "x"], b"");
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("xri2"), "{}", o.stderr);
    // Case does not matter, as before.
    assert_eq!(
        run(&["parse", "-p", "RFC3986", "http://a/"], b"").code,
        Some(0)
    );
}

#[test]
fn bash_completion_loads_and_completes_subcommands_and_profiles() {
    let Ok(bash) = which("bash") else { return };
    let o = run(&["completions", "bash"], b"");
    assert_eq!(o.code, Some(0));
    let dir = support::scratch::dir("compl");
    let script = dir.join("idbench.bash");
    std::fs::write(&script, &o.stdout).expect("write");
    let probe = format!(
        "source '{}' && complete -p idbench && \
         COMP_WORDS=(idbench ch) COMP_CWORD=1 COMP_LINE='idbench ch' COMP_POINT=10 && \
         _idbench idbench ch idbench && echo \"words: ${{COMPREPLY[*]}}\" && \
         COMP_WORDS=(idbench parse --profile rfc21) COMP_CWORD=3 && \
         _idbench idbench rfc21 --profile && echo \"profiles: ${{COMPREPLY[*]}}\"",
        script.display()
    );
    let out = Command::new(bash)
        .args(["--norc", "--noprofile", "-c", &probe])
        .output()
        .expect("bash");
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{s}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(s.contains("-F _idbench idbench"), "{s}");
    assert!(s.contains("words: check"), "{s}");
    assert!(s.contains("profiles: rfc2141 rfc2141bis"), "{s}");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let o = run(&["completions", shell], b"");
        assert_eq!(o.code, Some(0), "{shell}");
        assert!(text(&o).contains("idbench"), "{shell}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn which(name: &str) -> Result<std::path::PathBuf, ()> {
    std::env::var_os("PATH")
        .and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join(name))
                .find(|c| c.is_file())
        })
        .ok_or(())
}

#[test]
fn the_man_page_is_roff_with_every_subcommand() {
    let o = run(&["man"], b"");
    assert_eq!(o.code, Some(0));
    let page = text(&o);
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "{page}");
    assert!(page.contains(".TH idbench 1"));
    for cmd in [
        "PARSE", "CHECK", "FORMS", "RESOLVE", "COMPARE", "EXPLAIN", "RULE", "TUI",
    ] {
        assert!(page.contains(&format!(".SH \"IDBENCH {cmd}\"")), "{cmd}");
    }
    // Every line is a request, a comment or text; no stray raw control characters.
    assert!(!page.chars().any(|c| c.is_control() && c != '\n'));
    // Where man is installed, it renders the page without complaint.
    if let Ok(man) = which("man") {
        let dir = support::scratch::dir("man");
        let file = dir.join("idbench.1");
        std::fs::write(&file, &o.stdout).expect("write");
        let out = Command::new(man)
            .arg("-l")
            .arg(&file)
            .env("MANPAGER", "cat")
            .env("MANWIDTH", "80")
            .output()
            .expect("man");
        let shown = String::from_utf8_lossy(&out.stdout);
        if out.status.success() {
            assert!(shown.contains("IDBENCH CHECK"), "{shown}");
            assert!(shown.contains("--jobs"), "{shown}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_workbench_arguments_work_at_top_level() {
    // Without a terminal the workbench refuses with its own message, which shows the
    // arguments were accepted (a usage error would name the argument instead).
    for args in [
        vec!["http://a/"],
        vec!["--theme", "light"],
        vec!["http://a/", "--with", "http://A/", "--profile", "rfc3986"],
    ] {
        let o = run(&args, b"");
        assert!(
            o.stderr.contains("the workbench needs a terminal"),
            "{args:?}: {}",
            o.stderr
        );
        assert!(!o.stderr.contains("unexpected argument"), "{}", o.stderr);
    }
    // Subcommands still win over a bare identifier, and the two cannot be mixed.
    assert_eq!(run(&["parse", "http://a/"], b"").code, Some(0));
    let o = run(&["--theme", "light", "parse", "http://a/"], b"");
    assert_eq!(o.code, Some(2));
}

/// Plain `check --format json` gives every judged line an `"error"` object beside the
/// `first_error` code: `null` when valid; code, byte span into the line, spec, message and
/// expected set when not (the profile's first error as `analyze` reports it).
#[test]
fn check_json_has_the_error_object() {
    let o = run(
        &["check", "-f", "json", "-p", "rfc3986", "--jobs", "1"],
        b"http://a/\nhttp://a b/\nurn:a:b\xe9c\n",
    );
    let v: Vec<serde_json::Value> = text(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(v.len(), 3);
    assert!(
        v[0]["error"].is_null() && v[0].get("error").is_some(),
        "{}",
        v[0]
    );
    let e = &v[1]["error"];
    assert_eq!(e["code"], "illegal-char");
    assert_eq!(e["code"], v[1]["first_error"]);
    assert_eq!((e["start"].as_u64(), e["end"].as_u64()), (Some(8), Some(9)));
    assert!(
        e["spec"]
            .as_str()
            .is_some_and(|s| s.starts_with("RFC 3986")),
        "{e}"
    );
    assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
    assert!(e["expected"].is_array(), "{e}");
    let e = &v[2]["error"];
    assert_eq!(e["code"], "not-utf8");
    assert_eq!((e["start"].as_u64(), e["end"].as_u64()), (Some(7), Some(8)));
    assert!(
        e["message"].as_str().is_some_and(|m| m.contains("UTF-8")),
        "{e}"
    );
    // The same line under auto picks its profile and still reports where.
    let o = run(&["check", "-f", "json"], b"urn:isbn\n");
    let v: serde_json::Value = serde_json::from_str(text(&o).trim()).expect("JSON line");
    assert_eq!(v["error"]["code"], v["first_error"]);
    assert!(v["error"]["start"].as_u64().is_some_and(|s| s <= 8), "{v}");
}
