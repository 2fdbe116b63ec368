//! The shell faces of the command line: fish completions that work on fish 3.6 (Debian
//! 12's package), bash completing `--opt=<Tab>` values, and the manual page's EXIT STATUS,
//! ENVIRONMENT and FILES sections.
//!
//! fish and bash are run for real; a test whose shell is absent prints `skipped:` with the
//! reason and passes (`.ci/run` installs fish).

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn idbench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(args)
        .output()
        .expect("idbench runs")
}

/// The completion script for `shell`, written to a fresh file.
fn script(shell: &str) -> scratch::ScratchFile {
    let o = idbench(&["completions", shell]);
    assert_eq!(o.status.code(), Some(0));
    scratch::file(
        &format!("compl-{shell}"),
        &format!("idbench.{shell}"),
        &o.stdout,
    )
}

fn have(shell: &str) -> bool {
    let ok = Command::new(shell)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        println!("skipped: {shell} is not installed");
    }
    ok
}

/// fish's answer to `complete -C LINE` with the script loaded: `(candidate, description)`.
fn fish_complete(script: &Path, line: &str) -> Vec<(String, String)> {
    let cmd = format!(
        "source '{}'; complete -C '{}'",
        script.display(),
        line.replace('\'', "\\'")
    );
    let o = Command::new("fish")
        .args(["--no-config", "-c", &cmd])
        .output()
        .expect("fish");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out.lines()
        .map(|l| match l.split_once('\t') {
            Some((c, d)) => (c.to_string(), d.to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

fn candidates(v: &[(String, String)]) -> Vec<&str> {
    v.iter().map(|(c, _)| c.as_str()).collect()
}

#[test]
fn fish_completes_a_commands_options_and_values() {
    if !have("fish") {
        return;
    }
    let version = Command::new("fish")
        .arg("--version")
        .output()
        .expect("fish");
    println!("{}", String::from_utf8_lossy(&version.stdout).trim());
    let s = script("fish");
    let got = fish_complete(&s, "idbench check --pro");
    assert_eq!(candidates(&got), ["--profile"], "{got:?}");
    assert!(got[0].1.contains("profile"), "{got:?}");
    // Values of an option, after a top-level option that takes one.
    let got = fish_complete(&s, "idbench check --profile rfc39");
    assert_eq!(candidates(&got), ["rfc3986", "rfc3987"], "{got:?}");
    let got = fish_complete(&s, "idbench --a-form iri compare --b-f");
    assert_eq!(candidates(&got), ["--b-form"], "{got:?}");
    let got = fish_complete(&s, "idbench check --format ");
    // fish sorts the candidates.
    assert_eq!(
        candidates(&got),
        ["github", "json", "sarif", "text"],
        "{got:?}"
    );
}

#[test]
fn fish_reads_every_option_spec_of_the_script() {
    // fish before 4.1 reads `a-form=` as short `a` and long `form`: two such specs made
    // argparse fail ("Long flag 'form' already defined") and nothing completed.
    if !have("fish") {
        return;
    }
    let s = script("fish");
    let text = std::fs::read_to_string(&s).expect("read");
    let cmd = format!(
        "source '{}'; for f in (functions --all | string match '__fish_idbench_*optspecs'); argparse ($f) -- ; or echo \"FAILED $f\"; end; echo done",
        s.display()
    );
    let o = Command::new("fish")
        .args(["--no-config", "-c", &cmd])
        .output()
        .expect("fish");
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        out.contains("done") && !out.contains("FAILED"),
        "{out}{err}\n{text}"
    );
    assert!(!err.contains("already defined"), "{err}");
    assert!(
        text.contains("/a-form= ") && text.contains("/b-form= "),
        "{text}"
    );
}

/// bash's completion of the last word of `words` with the script loaded, as bash calls the
/// function: COMP_WORDS split at `=` as bash's COMP_WORDBREAKS splits them, `$2` the word
/// at the cursor, `$3` the one before.
fn bash_complete(script: &Path, words: &[&str], cur: &str, prev: &str) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let probe = format!(
        "source '{}' && COMP_WORDS=({}) && COMP_CWORD={} && _idbench idbench '{cur}' '{prev}' && printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        words.len() - 1
    );
    let o = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &probe])
        .output()
        .expect("bash");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_option_values_after_equals() {
    if !have("bash") {
        return;
    }
    let s = script("bash");
    // `idbench check --profile=rfc39<Tab>`: bash gives the words
    // (idbench check --profile = rfc39), `$2` rfc39, `$3` `=`.
    let got = bash_complete(
        &s,
        &["idbench", "check", "--profile", "=", "rfc39"],
        "rfc39",
        "=",
    );
    assert_eq!(got, ["rfc3986", "rfc3987"]);
    // `idbench check --profile=<Tab>`: (idbench check --profile =), `$2` empty.
    let got = bash_complete(&s, &["idbench", "check", "--profile", "="], "", "--profile");
    assert!(
        // auto and every listed profile (the table's, so a new profile needs no edit here).
        got.contains(&"auto".to_string()) && got.len() == idbench::Profile::ALL.len() + 1,
        "{got:?}"
    );
    // And with `$3` given as `=`, as some bash versions pass it.
    let got = bash_complete(&s, &["idbench", "check", "--profile", "="], "=", "=");
    assert!(
        // auto and every listed profile (the table's, so a new profile needs no edit here).
        got.contains(&"auto".to_string()) && got.len() == idbench::Profile::ALL.len() + 1,
        "{got:?}"
    );
    let got = bash_complete(&s, &["idbench", "check", "--format", "=", "s"], "s", "=");
    assert_eq!(got, ["sarif"]);
    let got = bash_complete(&s, &["idbench", "check", "--fail-on", "=", "w"], "w", "=");
    assert_eq!(got, ["warning"]);
    // The space-separated form still works.
    let got = bash_complete(
        &s,
        &["idbench", "parse", "--profile", "xr"],
        "xr",
        "--profile",
    );
    assert_eq!(got, ["xri2"]);
}

#[test]
fn no_script_offers_checks_hidden_common_format_and_bash_reads_its_script() {
    for shell in ["bash", "fish", "zsh", "elvish", "powershell"] {
        let o = idbench(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(!text.contains("common-format"), "{shell}: {text}");
        assert!(
            text.contains("--fail-on") || text.contains("fail-on"),
            "{shell}"
        );
    }
    if have("bash") {
        let s = script("bash");
        let o = Command::new("bash")
            .args(["--norc", "--noprofile", "-n"])
            .arg(&s)
            .output()
            .expect("bash");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
}

/// The names of the environment variables the sources read: the literal argument of every
/// `var("NAME")` / `var_os("NAME")` under src/.
fn env_vars_read() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("src").flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut names = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        for pat in ["var(\"", "var_os(\""] {
            for (at, _) in text.match_indices(pat) {
                let rest = &text[at + pat.len()..];
                let name: String = rest.chars().take_while(|&c| c != '"').collect();
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit())
                    && !names.contains(&name)
                {
                    names.push(name);
                }
            }
        }
    }
    names
}

#[test]
fn the_man_page_has_exit_status_environment_and_files() {
    let o = idbench(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    let page = String::from_utf8_lossy(&o.stdout).into_owned();
    for section in [".SH \"EXIT STATUS\"", ".SH ENVIRONMENT", ".SH FILES"] {
        assert_eq!(page.matches(section).count(), 1, "{section}");
    }
    let section = |name: &str| {
        let start = page.find(name).expect("section");
        let rest = &page[start + name.len()..];
        rest[..rest.find("\n.SH ").unwrap_or(rest.len())].to_string()
    };
    let exit = section(".SH \"EXIT STATUS\"");
    for code in ["\\fB0\\fR", "\\fB1\\fR", "\\fB2\\fR"] {
        assert!(exit.contains(code), "{exit}");
    }
    let env = section(".SH ENVIRONMENT");
    let read = env_vars_read();
    assert!(read.len() >= 5, "{read:?}");
    for name in &read {
        assert!(
            env.contains(&format!("\\fB{name}\\fR")),
            "{name} is read but not in ENVIRONMENT:\n{env}"
        );
    }
    let files = section(".SH FILES");
    for f in [
        "config.toml",
        "themes/NAME.toml",
        "history.json",
        "[[case]]",
        "DECK.toml",
    ] {
        assert!(files.contains(f), "{f}: {files}");
    }
}
