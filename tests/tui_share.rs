//! The workbench's share menu (`Ctrl-S`): snapshots of the menu on a `TestBackend`, the
//! copied text checked against `idbench explain` with the same arguments, and a real
//! terminal test under tmux with `set-clipboard on` that reads the Markdown report back
//! from tmux's paste buffer. The tmux test is skipped, with a message, without tmux.

mod support;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use support::{BIN, quote, screen, session, tmux_available};

fn key(code: KeyCode, mods: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, mods))
}

fn ctrl_s() -> Event {
    key(KeyCode::Char('s'), KeyModifiers::CONTROL)
}

fn explain(args: &[&str]) -> String {
    let out = Command::new(BIN)
        .arg("explain")
        .args(args)
        .output()
        .expect("run idbench explain");
    String::from_utf8(out.stdout).expect("utf8")
}

#[test]
fn share_menu_snapshot_and_status() {
    let mut a = App::new(AppConfig {
        input: "urn:ISBN:0451450523?s=I2L&c=ToC".into(),
        ..AppConfig::default()
    });
    a.handle(ctrl_s());
    insta::assert_snapshot!("share_menu_80x24", screen(&mut a, 80, 24));
    // `m` copies (by OSC 52 in tests) and closes the menu; the status says which path.
    a.handle(key(KeyCode::Char('m'), KeyModifiers::NONE));
    let s = a.status().unwrap_or_default().to_string();
    assert!(
        s.starts_with("sent the Markdown report (")
            && s.ends_with(" bytes) to the terminal's clipboard (OSC 52)"),
        "{s}"
    );
    let out = a.take_terminal_output().unwrap_or_default();
    assert!(out.starts_with(b"\x1b]52;c;"), "an OSC 52 sequence");
    insta::assert_snapshot!("share_copied_80x24", screen(&mut a, 80, 24));
    // Esc closes the menu without copying.
    a.handle(ctrl_s());
    a.handle(key(KeyCode::Esc, KeyModifiers::NONE));
    assert!(a.take_terminal_output().is_none());
    assert!(!screen(&mut a, 80, 24).contains("Share · Esc closes"));
}

#[test]
fn shared_text_is_what_explain_prints() {
    let id = "urn:ISBN:0451|450523?+x";
    let a = App::new(AppConfig {
        input: id.into(),
        ..AppConfig::default()
    });
    assert_eq!(
        a.share_text(Some(idbench::report::ReportFormat::Markdown)),
        explain(&[id])
    );
    assert_eq!(
        a.share_text(Some(idbench::report::ReportFormat::Text)),
        explain(&["--format", "text", id])
    );
    assert_eq!(a.share_text(None), format!("idbench tui -- '{id}'"));

    // Diff mode with a fixed profile: the report holds the ladder, as `explain --with`.
    let (x, y) = ("URN:foo:a123,456", "urn:FOO:a123%2c456");
    let d = App::new(AppConfig {
        input: x.into(),
        with: Some(y.into()),
        profile: Some(idbench::Profile::Rfc2141),
        ..AppConfig::default()
    });
    assert_eq!(
        d.share_text(Some(idbench::report::ReportFormat::Markdown)),
        explain(&[x, "--with", y, "--profile", "rfc2141"])
    );
    assert_eq!(
        d.share_text(None),
        format!("idbench tui --with='{y}' --profile=rfc2141 -- '{x}'")
    );
}

#[test]
fn ctrl_s_m_puts_the_markdown_report_in_tmux_buffer() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    // TMUX says we are under tmux (`env -i` clears the one tmux sets).
    let (t, _dir) = session("share", "TMUX=1", None);
    t.run(&["set-option", "-g", "set-clipboard", "on"]);
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));

    let (a, b) = ("HTTP://a/b/../c", "http://A/c");
    t.run(&[
        "send-keys",
        "-t",
        "t",
        "-l",
        &format!("{} tui '{a}' --with '{b}'", quote(Path::new(BIN))),
    ]);
    t.run(&["send-keys", "-t", "t", "Enter"]);
    t.wait("the workbench in diff mode", 5, |_, s| {
        s.contains("Equivalence")
    });
    t.run(&["send-keys", "-t", "t", "C-s"]);
    t.wait("the share menu", 5, |_, s| s.contains("Share"));
    t.run(&["send-keys", "-t", "t", "m"]);
    let screen = t.wait("the copy status", 5, |_, s| s.contains("OSC 52"));
    assert!(screen.contains("set-clipboard"), "the tmux note:\n{screen}");

    let until = Instant::now() + Duration::from_secs(5);
    let expected = explain(&[a, "--with", b]);
    loop {
        let buffer = String::from_utf8_lossy(&t.run(&["show-buffer"]).stdout).into_owned();
        if buffer == expected {
            break;
        }
        if Instant::now() > until {
            panic!("tmux's buffer holds:\n{buffer}\nexpected:\n{expected}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    t.run(&["send-keys", "-t", "t", "C-q"]);
}

#[test]
fn the_reopen_command_carries_the_compare_options() {
    use idbench::engine::equiv::{CompareOptions, Objective, SideForm};
    let a = App::new(AppConfig {
        input: "xri://=a".into(),
        with: Some("xri://=A".into()),
        compare: CompareOptions {
            objective: Objective::Cache,
            ignore_dollar: true,
            a_form: SideForm::IriNormal,
            b_form: SideForm::UriNormal,
            ..CompareOptions::default()
        },
        ..AppConfig::default()
    });
    let cmd = a.share_text(None);
    assert_eq!(
        cmd,
        "idbench tui --with='xri://=A' --objective=cache --ignore-dollar --a-form=iri \
         --b-form=uri -- 'xri://=a'"
    );
    // The workbench compared with those options, and the report says so.
    let md = a.share_text(Some(idbench::report::ReportFormat::Markdown));
    assert!(
        md.contains("objective cache") && md.contains("ignored"),
        "{md}"
    );
    assert_eq!(
        md,
        explain(&[
            "xri://=a",
            "--with",
            "xri://=A",
            "--objective",
            "cache",
            "--ignore-dollar",
            "--a-form",
            "iri",
            "--b-form",
            "uri"
        ])
    );
}

#[test]
fn base_line_resolves_the_input() {
    let base = "http://a/b/c/d;p?q";
    let mut a = App::new(AppConfig {
        input: "../g?y".into(),
        base: Some(base.into()),
        ..AppConfig::default()
    });
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("target  http://a/b/g?y"), "{s}");
    insta::assert_snapshot!("base_resolution_100x30", s);
    insta::assert_snapshot!("base_resolution_80x24", screen(&mut a, 80, 24));
    // The report and the reopen command carry the base, as `explain --base`.
    assert_eq!(
        a.share_text(Some(idbench::report::ReportFormat::Markdown)),
        explain(&["../g?y", "--base", base])
    );
    assert_eq!(
        a.share_text(None),
        format!("idbench tui --base='{base}' -- '../g?y'")
    );

    // Ctrl-T opens an empty base line above the input, focused; typing into it resolves.
    let mut b = App::new(AppConfig {
        input: "g;x".into(),
        ..AppConfig::default()
    });
    b.handle(key(KeyCode::Char('t'), KeyModifiers::CONTROL));
    b.handle(Event::Paste("urn:a:b".into()));
    let s = screen(&mut b, 80, 24);
    assert!(s.contains("no target"), "an invalid base says why:\n{s}");
    assert!(s.contains("Tree"), "the panes still show what parsed:\n{s}");
    for _ in 0..7 {
        b.handle(key(KeyCode::Backspace, KeyModifiers::NONE));
    }
    // Typed, not pasted: every character goes to the base line.
    for c in "http://a/b/c/d;p?q".chars() {
        b.handle(key(KeyCode::Char(c), KeyModifiers::NONE));
    }
    let s = screen(&mut b, 80, 24);
    assert!(s.contains("target  http://a/b/c/g;x"), "{s}");
    // Ctrl-T again closes it: the resolution pane goes away.
    b.handle(key(KeyCode::Char('t'), KeyModifiers::CONTROL));
    assert!(!screen(&mut b, 80, 24).contains("Resolution"));
}

#[test]
fn diff_mode_shows_both_trees_with_the_first_difference() {
    let mut a = App::new(AppConfig {
        input: "urn:example:a123".into(),
        with: Some("urn:example:A123".into()),
        ..AppConfig::default()
    });
    a.handle(key(KeyCode::F(6), KeyModifiers::NONE));
    let wide = screen(&mut a, 120, 30);
    assert!(
        wide.contains("A · ") && wide.contains("B · ") && wide.contains("first difference: nss"),
        "{wide}"
    );
    // Side by side: both titles on one row.
    assert!(
        wide.lines()
            .any(|l| l.contains("A · ") && l.contains("B · ")),
        "{wide}"
    );
    insta::assert_snapshot!("diff_trees_120x30", wide);
    // Narrower: one above the other.
    let narrow = screen(&mut a, 80, 30);
    assert!(
        !narrow
            .lines()
            .any(|l| l.contains("A · ") && l.contains("B · ")),
        "{narrow}"
    );
    insta::assert_snapshot!("diff_trees_80x30", narrow);
    // The first difference (≠) is the NSS in both trees, and selected there.
    let marked: Vec<&str> = narrow.lines().filter(|l| l.contains("│≠")).collect();
    assert_eq!(marked.len(), 2, "{narrow}");
    assert!(marked.iter().all(|l| l.contains("nss")), "{marked:?}");
    for side in 0..2 {
        let node = a.selected_node(side);
        let kind = a.analysis(side).tree.get(node).map(|n| n.kind().name());
        assert_eq!(kind, Some("nss"));
    }
    // F6 again: the ladder.
    a.handle(key(KeyCode::F(6), KeyModifiers::NONE));
    assert!(screen(&mut a, 80, 30).contains("Equivalence"));
}

#[test]
fn resolution_pane_shows_the_targets_warnings() {
    // RFC 3986 §5.2 gives the path `//g` for `f:/a` + `..//g`; written `f://g`, `g` would
    // be an authority (§3.3): the target is `f:/.//g`, and the pane's note says why.
    let mut a = App::new(AppConfig {
        input: "..//g".into(),
        base: Some("f:/a".into()),
        profile: Some(idbench::engine::Profile::Rfc3986),
        ..AppConfig::default()
    });
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("target  f:/.//g"), "{s}");
    assert!(s.contains("resolve-path-looks-like-authority"), "{s}");
    assert!(s.contains("RFC 3986 §5.2.4, §5.3, §3.3: the"), "{s}");
    insta::assert_snapshot!("resolution_warning_100x30", s);
}

/// Diff mode and the base line exclude each other in the workbench as `--with` and `--base`
/// do on the command line (Ctrl-D closes the base line, Ctrl-T refuses in diff mode), so
/// every view's reopen command is one `idbench tui` accepts.
#[test]
fn diff_mode_and_the_base_line_exclude_each_other() {
    let mut a = App::new(AppConfig {
        input: "g".into(),
        base: Some("http://a/b".into()),
        ..AppConfig::default()
    });
    assert_eq!(a.share_text(None), "idbench tui --base='http://a/b' -- 'g'");
    // Diff mode puts the keyboard in input B's line: the view says so.
    a.handle(key(KeyCode::Char('d'), KeyModifiers::CONTROL));
    let diff = "idbench tui --with='g' --focus=second -- 'g'";
    assert_eq!(a.share_text(None), diff);
    a.handle(key(KeyCode::Char('t'), KeyModifiers::CONTROL));
    assert_eq!(a.share_text(None), diff);
}
