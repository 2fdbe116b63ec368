//! Usage errors and `--help`/`--version`: a bad value reaches the terminal with its
//! controls drawn as tokens (piped and on a terminal), and help or version text that
//! cannot be written is an I/O error (exit 2), as for every command.

use std::fs::File;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_idbench");

/// ESC with an OSC 0 title change, OSC 52 (would set the clipboard), CSI, C1 CSI U+009B,
/// RIGHT-TO-LEFT OVERRIDE, LINE SEPARATOR, and the C0 controls SOH, BS and DEL.
const BAD: &str = "x\u{1b}]0;owned\u{7}\u{1b}]52;c;aGVsbG8\u{7}\u{1b}[31m\u{9b}2J\u{202e}\u{2028}\u{1}\u{8}\u{7f}";

/// What the bad value must look like in the message.
const SHOWN: &str = "x⟨U+001B⟩]0;owned⟨U+0007⟩⟨U+001B⟩]52;c;aGVsbG8⟨U+0007⟩⟨U+001B⟩[31m\
                     ⟨U+009B⟩2J⟨U+202E⟩⟨U+2028⟩⟨U+0001⟩⟨U+0008⟩⟨U+007F⟩";

/// Command lines that put `BAD` (the `$BAD` word) in an error message.
const CASES: &[&[&str]] = &[
    &["parse", "--profile", "$BAD", "a"],
    &["parse", "--format", "$BAD", "a"],
    &["compare", "--a-form", "$BAD", "a", "b"],
    &["compare", "--objective", "$BAD", "a", "b"],
    &["check", "--jobs", "$BAD"],
    &["completions", "$BAD"],
    &["tui", "--profile", "$BAD"],
    &["--profile", "$BAD"],
    &["parse", "--$BAD", "a"],
    &["help", "$BAD"],
    &["rule", "--format", "$BAD"],
    &["check", "/nonexistent/$BAD"],
];

fn expand(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.replace("$BAD", BAD)).collect()
}

/// No raw control, bidi or separator character: only line breaks (and the carriage
/// returns a terminal adds to them).
fn assert_clean(what: &str, text: &str) {
    let raw: Vec<char> = text
        .chars()
        .filter(|&c| c != '\n' && c != '\r' && idbench::safe_text::needs_token(c))
        .collect();
    assert!(raw.is_empty(), "{what}: raw {raw:?} in {text:?}");
    assert!(
        text.contains(SHOWN),
        "{what}: the value is not shown as tokens: {text:?}"
    );
}

#[test]
fn usage_errors_show_the_bad_value_as_tokens_when_piped() {
    for case in CASES {
        let out = Command::new(BIN)
            .args(expand(case))
            .stdin(Stdio::null())
            .output()
            .expect("run idbench");
        let code = out.status.code();
        assert_eq!(code, Some(2), "{case:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_clean(&format!("{case:?} (piped)"), &stderr);
        assert!(out.stdout.is_empty(), "{case:?}");
    }
}

#[test]
fn usage_errors_show_the_bad_value_as_tokens_on_a_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to run on a pseudo-terminal");
        return;
    }
    for case in CASES {
        // The shell expands "$BAD" from the environment, so the value needs no quoting.
        let words: Vec<String> = case
            .iter()
            .map(|a| format!("\"{}\"", a.replace("$BAD", "${BAD}")))
            .collect();
        let line = format!("\"$IDB\" {}; echo \"exit=$?\"", words.join(" "));
        let out = Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .env("IDB", BIN)
            .env("BAD", BAD)
            .stdin(Stdio::null())
            .output()
            .expect("run script");
        let tty = String::from_utf8_lossy(&out.stdout);
        assert!(tty.contains("exit=2"), "{case:?}: {tty:?}");
        assert_clean(&format!("{case:?} (terminal)"), &tty);
    }
}

#[test]
fn help_and_version_that_cannot_be_written_exit_2_with_a_message() {
    // Written, help exits 0 as before.
    let out = Command::new(BIN)
        .arg("--help")
        .output()
        .expect("run idbench");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: idbench"));
    assert!(out.stderr.is_empty());
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["parse", "--help"],
        &["check", "-h"],
        &["help", "resolve"],
        &["help"],
    ] {
        let full = File::create("/dev/full").expect("/dev/full");
        let out = Command::new(BIN)
            .args(args)
            .stdout(full)
            .output()
            .expect("run idbench");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with("idbench: could not write"),
            "{args:?}: {stderr}"
        );
    }
}
