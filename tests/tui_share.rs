//! The workbench's share menu (`Ctrl-S`): snapshots of the menu on a `TestBackend`, the
//! copied text checked against `idbench explain` with the same arguments, and a real
//! terminal test under tmux with `set-clipboard on` that reads the Markdown report back
//! from tmux's paste buffer. The tmux test is skipped, with a message, without tmux.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const BIN: &str = env!("CARGO_BIN_EXE_idbench");

fn screen(app: &mut App, w: u16, h: u16) -> String {
    let mut t = match Terminal::new(TestBackend::new(w, h)) {
        Ok(t) => t,
        Err(e) => match e {},
    };
    app.handle(Event::Resize(w, h));
    if let Err(e) = t.draw(|f| app.draw(f)) {
        match e {}
    }
    t.backend().to_string()
}

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
        s.starts_with("the Markdown report: sent to the terminal (OSC 52)"),
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
    assert_eq!(a.share_text(None), format!("idbench tui '{id}'"));

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
        format!("idbench tui '{x}' --with '{y}' --profile rfc2141")
    );
}

struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("tmux {args:?}: {e}"))
    }

    fn capture(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }

    fn wait(&self, what: &str, secs: u64, ok: impl Fn(&str) -> bool) -> String {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let screen = self.capture();
            if ok(&screen) {
                return screen;
            }
            if Instant::now() > until {
                panic!("timed out waiting for {what}; the screen was:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn quote(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', "'\\''"))
}

#[test]
fn ctrl_s_m_puts_the_markdown_report_in_tmux_buffer() {
    let tmux_ok = Command::new("tmux")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !tmux_ok {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    let dir = std::env::temp_dir().join(format!("idbench-share-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["home", "config", "data", "cache", "state"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap_or_else(|e| panic!("{e}"));
    }
    let t = Tmux {
        socket: format!("idbench-share-{}", std::process::id()),
        dir: dir.clone(),
    };
    // SSH_CONNECTION makes copies go out as OSC 52; TMUX says we are under tmux (`env -i`
    // clears the one tmux sets).
    let shell = format!(
        "env -i HOME={} XDG_CONFIG_HOME={} XDG_DATA_HOME={} XDG_CACHE_HOME={} XDG_STATE_HOME={} \
         PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 TMUX=1 \
         SSH_CONNECTION='192.0.2.1 50000 192.0.2.2 22' PS1='$ ' sh",
        quote(&dir.join("home")),
        quote(&dir.join("config")),
        quote(&dir.join("data")),
        quote(&dir.join("cache")),
        quote(&dir.join("state")),
    );
    let out = t.run(&[
        "-f",
        "/dev/null",
        "new-session",
        "-d",
        "-s",
        "t",
        "-x",
        "100",
        "-y",
        "30",
        &shell,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    t.run(&["set-option", "-g", "set-clipboard", "on"]);
    t.wait("the shell prompt", 5, |s| s.contains('$'));

    let (a, b) = ("HTTP://a/b/../c", "http://A/c");
    t.run(&[
        "send-keys",
        "-t",
        "t",
        "-l",
        &format!("{} tui '{a}' --with '{b}'", quote(Path::new(BIN))),
    ]);
    t.run(&["send-keys", "-t", "t", "Enter"]);
    t.wait("the workbench in diff mode", 5, |s| {
        s.contains("Equivalence")
    });
    t.run(&["send-keys", "-t", "t", "C-s"]);
    t.wait("the share menu", 5, |s| s.contains("Share"));
    t.run(&["send-keys", "-t", "t", "m"]);
    let screen = t.wait("the copy status", 5, |s| s.contains("OSC 52"));
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
