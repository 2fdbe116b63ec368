//! What the workbench tests share: drawing an [`App`] on a `TestBackend`, feeding it
//! events, moving its focus, and a tmux server of its own for real-terminal tests. Each
//! test file says `mod support;` and uses what it needs (so some helpers are unused in
//! some files).

#![allow(dead_code)]

pub mod cli;
#[path = "../../src/test_scratch.rs"]
pub mod scratch;
pub mod tree;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_idbench");

/// A workbench on `input`, everything else by default.
pub fn app(input: &str) -> App {
    App::new(AppConfig {
        input: input.into(),
        ..AppConfig::default()
    })
}

/// A `w`×`h` test terminal.
pub fn terminal(w: u16, h: u16) -> Terminal<TestBackend> {
    match Terminal::new(TestBackend::new(w, h)) {
        Ok(t) => t,
        Err(e) => match e {},
    }
}

/// Resizes `app` to `w`×`h` and draws one frame; returns the terminal holding it.
pub fn draw(app: &mut App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = terminal(w, h);
    app.handle(Event::Resize(w, h));
    if let Err(e) = t.draw(|f| app.draw(f)) {
        match e {}
    }
    t
}

/// One frame of `app` at `w`×`h`, as text.
pub fn screen(app: &mut App, w: u16, h: u16) -> String {
    draw(app, w, h).backend().to_string()
}

/// Hands `app` each event in turn.
pub fn feed(app: &mut App, events: impl IntoIterator<Item = Event>) {
    for e in events {
        app.handle(e);
    }
}

/// Moves the focus with Tab until it is on `want`; fails when Tab never reaches it.
pub fn focus(app: &mut App, want: Focus) {
    for _ in 0..12 {
        if app.focus() == want {
            return;
        }
        app.handle(Event::key(KeyCode::Tab));
    }
    assert_eq!(app.focus(), want, "focus reachable with Tab");
}

/// Row `y` of a buffer, as text.
pub fn row(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect()
}

/// `p` quoted for `sh`.
pub fn quote(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', "'\\''"))
}

/// Whether tmux can be run (the real-terminal tests are skipped, with a message, without it).
pub fn tmux_available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A tmux server of its own (its socket), with a scratch directory removed on drop.
pub struct Tmux {
    socket: String,
    /// The session's private folder, removed once the server and its panes' processes
    /// have ended.
    _folder: scratch::Scratch,
}

impl Tmux {
    /// Runs `tmux` on this server with `args`.
    pub fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("tmux {args:?}: {e}"))
    }

    /// The pane's text.
    pub fn capture(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }

    /// True while the pane shows the alternate screen.
    pub fn alternate_on(&self) -> bool {
        self.format("#{alternate_on}") == "1"
    }

    /// A tmux format of the pane, e.g. `#{mouse_any_flag}`.
    pub fn format(&self, f: &str) -> String {
        String::from_utf8_lossy(&self.run(&["display", "-p", "-t", "t", f]).stdout)
            .trim()
            .to_string()
    }

    /// Sends keys by tmux name (`Enter`, `C-s`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Types `text` literally.
    pub fn literal(&self, text: &str) {
        self.run(&["send-keys", "-t", "t", "-l", text]);
    }

    /// Polls until `ok` holds for the screen, or fails with the last screen after `secs`.
    pub fn wait(&self, what: &str, secs: u64, ok: impl Fn(&Tmux, &str) -> bool) -> String {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let screen = self.capture();
            if ok(self, &screen) {
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
        // The panes' processes and their descendants (the workbench under test), found
        // before the server goes: a workbench saves its history as it ends on the hangup,
        // and the folder is removed only once they are gone, or a late save would make
        // part of it again.
        let panes = self.run(&["list-panes", "-a", "-F", "#{pane_pid}"]);
        let mut pids: Vec<u32> = String::from_utf8_lossy(&panes.stdout)
            .split_whitespace()
            .filter_map(|p| p.parse().ok())
            .collect();
        let mut k = 0;
        while k < pids.len() && pids.len() < 256 {
            let p = pids[k];
            let children = std::fs::read_to_string(format!("/proc/{p}/task/{p}/children"));
            pids.extend(
                children
                    .unwrap_or_default()
                    .split_whitespace()
                    .filter_map(|c| c.parse::<u32>().ok()),
            );
            k += 1;
        }
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
        let until = Instant::now() + Duration::from_secs(5);
        while Instant::now() < until
            && pids
                .iter()
                .any(|p| Path::new(&format!("/proc/{p}")).exists())
        {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A tmux server of its own running `sh` at 100×30 in a clean environment, with its own
/// HOME and XDG directories (under the returned directory) and `SSH_CONNECTION` set (so
/// copies go out as OSC 52). `env` adds variables (`TMUX=1`); `config`, when given, is
/// written as `idbench/config.toml` under XDG_CONFIG_HOME.
pub fn session(tag: &str, env: &str, config: Option<&str>) -> (Tmux, PathBuf) {
    let folder = scratch::Scratch::new(&format!("tmux-{tag}"));
    let dir = folder.path_buf();
    for sub in ["home", "config", "data", "cache", "state"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap_or_else(|e| panic!("{e}"));
    }
    if let Some(text) = config {
        let cfg = dir.join("config").join("idbench");
        std::fs::create_dir_all(&cfg).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(cfg.join("config.toml"), text).unwrap_or_else(|e| panic!("{e}"));
    }
    let t = Tmux {
        socket: format!("idbench-test-{tag}-{}", std::process::id()),
        _folder: folder,
    };
    let shell = format!(
        "env -i HOME={} XDG_CONFIG_HOME={} XDG_DATA_HOME={} XDG_CACHE_HOME={} XDG_STATE_HOME={} \
         PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 {env} \
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
        "tmux new-session: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (t, dir)
}

/// Starts `env… idbench tui ARGS` from the session's shell (as a job the shell can stop and
/// continue), its pid written to a file, and
/// `exit=CODE` printed when it ends; returns the pid once the workbench is drawn.
pub fn start(t: &Tmux, dir: &Path, tag: &str, env: &str, args: &str) -> String {
    let pid_file = dir.join(format!("pid-{tag}"));
    t.literal(&format!(
        "sh -c \"echo \\$\\$ > {}; exec env {env} {} tui {args}\"; echo \"exit=$?\"",
        quote(&pid_file),
        quote(Path::new(BIN))
    ));
    t.keys(&["Enter"]);
    t.wait("the workbench", 10, |t, s| {
        // The tree, or in diff mode the equivalence ladder.
        t.alternate_on() && (s.contains("Tree") || s.contains("Equivalence"))
    });
    std::fs::read_to_string(&pid_file)
        .unwrap_or_else(|e| panic!("{e}"))
        .trim()
        .to_string()
}

/// The exit code printed by `echo "exit=$?"` (a line starting `exit=`), if any yet.
pub fn exited(screen: &str) -> Option<String> {
    screen
        .lines()
        .rev()
        // A command typed before the shell printed its first prompt is echoed ahead of it,
        // and the prompt then sits in front of the command's first output: `$ exit=134`.
        .find_map(|l| {
            let l = l.trim();
            let l = l.strip_prefix("$ ").unwrap_or(l);
            l.strip_prefix("exit=").map(str::to_string)
        })
        .filter(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()))
}

/// Sends `sig` (`-TERM`, `-9`, ...) to `pid`.
pub fn kill(sig: &str, pid: &str) {
    let ok = std::process::Command::new("kill")
        .args([sig, pid])
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "kill {sig} {pid}");
}

/// Where a session's workbench keeps its history.
pub fn history_file(dir: &Path) -> PathBuf {
    dir.join("data").join("idbench").join("history.json")
}

/// Runs `f` on a thread; fails when it does not return within `secs` (a copy, a read or a
/// lock that blocks for ever).
pub fn within<T: Send + 'static>(
    secs: u64,
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(_) => panic!("{what} did not return within {secs} s"),
    }
}
