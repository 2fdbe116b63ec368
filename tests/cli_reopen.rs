//! The reopen command (Ctrl-S c, `explain`) with identifiers and values that start with
//! `-`: pasted into sh, dash or bash it gives back the same arguments, and idbench's own
//! command line reads them as the identifier and the values, never as options.

use std::process::Command;

use idbench::cli::{Command as Sub, parse_args};
use idbench::engine::equiv::CompareOptions;
use idbench::view::View;

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

fn shell_available(shell: &str) -> bool {
    Command::new(shell)
        .args(["-c", "true"])
        .status()
        .is_ok_and(|s| s.success())
}

/// The arguments `cmd` gives `idbench` when `shell` runs it.
fn words(shell: &str, cmd: &str) -> Vec<String> {
    let script = format!("idbench() {{ printf '%s\\0' \"$@\"; }}; {cmd}");
    let out = Command::new(shell)
        .arg("-c")
        .arg(&script)
        .output()
        .expect("run the shell");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    text.split_terminator('\0').map(str::to_string).collect()
}

#[test]
fn identifiers_and_values_starting_with_a_dash_stay_what_they_are() {
    let cases: [(&str, Option<&str>, Option<&str>); 5] = [
        ("--theme=/etc/passwd", Some("-x"), None),
        ("-", None, Some("--no-history")),
        ("--help", Some("--theme=x"), None),
        ("-p\u{202e}", None, Some("-\n")),
        ("--", Some("--"), None),
    ];
    for (id, with, base) in cases {
        let cmd = reopen_command(id, with, base, &CompareOptions::default());
        for shell in ["sh", "dash", "bash"] {
            if !shell_available(shell) {
                continue;
            }
            let mut args = words(shell, &cmd);
            let mut expected = vec!["tui".to_string()];
            expected.extend(with.map(|w| format!("--with={w}")));
            expected.extend(base.map(|b| format!("--base={b}")));
            expected.extend(["--".to_string(), id.to_string()]);
            assert_eq!(args, expected, "{shell}: {cmd}");
            // idbench's command line reads them back as the same identifier and values.
            args.insert(0, "idbench".into());
            let cli = match parse_args(args.iter().map(Into::into).collect()) {
                Ok(cli) => cli,
                Err(code) => panic!("{cmd}: refused ({code:?})"),
            };
            let Some(Sub::Tui(tui)) = cli.command else {
                panic!("{cmd}: not the tui command");
            };
            assert_eq!(tui.id.as_deref(), Some(id), "{cmd}");
            assert_eq!(tui.view.with.as_deref(), with, "{cmd}");
            assert_eq!(tui.view.base.as_deref(), base, "{cmd}");
            assert_eq!(tui.theme, None, "{cmd}");
            assert!(!tui.no_history, "{cmd}");
        }
    }
}

/// `explain` takes the same words: its report of a leading-dash identifier compared with a
/// leading-dash value is written, and the reopen command in it is the one above.
#[test]
fn explain_reads_the_same_words() {
    let out = Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(["explain", "--with=-x", "--", "--theme=/etc/passwd"])
        .output()
        .expect("run idbench");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = String::from_utf8_lossy(&out.stdout);
    assert!(
        md.contains("idbench tui --with='-x' -- '--theme=/etc/passwd'"),
        "{md}"
    );
}
