//! The workbench in a real terminal: tmux runs it at 100×30 with its own HOME and XDG
//! directories and `SSH_CONNECTION` set (so copies go out as OSC 52). The test types an
//! identifier, reads the screen, copies, quits, and checks the terminal was restored.
//! A second test ends the workbench with SIGTERM and SIGHUP and checks the terminal was
//! restored then too, and that closing the window saves the history. A third suspends the
//! workbench with Ctrl-Z and SIGTSTP and resumes it with `fg`; a fourth types 1,200 bytes
//! without bracketed paste. Skipped, with a message, when tmux is not installed.

mod support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use idbench::{Options, analyze};
use support::{
    BIN, Tmux, history_file, kill, quote, session as tmux_session, start, tmux_available,
};

/// The tests' tmux session: a config file with a fixed profile and a theme that does not
/// exist (reported on the status line; the default theme is used).
fn session(tag: &str) -> (Tmux, std::path::PathBuf) {
    tmux_session(
        tag,
        "",
        Some("profile = \"rfc8141\"\ntheme = \"no-such-theme\"\n"),
    )
}

#[test]
fn workbench_in_a_real_terminal() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    let id = "urn:ISBN:0451450523";
    let (t, dir) = session("main");
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));

    t.literal(&format!("{} tui; echo \"exit=$?\"", quote(Path::new(BIN))));
    t.keys(&["Enter"]);
    let screen = t.wait("the workbench", 5, |t, s| {
        t.alternate_on() && s.contains("Tree")
    });
    assert!(
        screen.contains("no such theme"),
        "the config's bad theme is reported:\n{screen}"
    );
    assert!(
        screen.contains("profile rfc8141 · chosen"),
        "the config's profile is used:\n{screen}"
    );

    // Type the identifier: the tree shows every kind of node the engine finds in it.
    t.literal(id);
    let kinds: Vec<&str> = analyze(id, &Options::full())
        .tree
        .iter()
        .map(|n| n.kind().name())
        .collect();
    let screen = t.wait("the tree of the identifier", 5, |_, s| {
        s.contains(id) && kinds.iter().all(|k| s.contains(&format!(" {k} ")))
    });
    assert!(screen.contains("Details"), "{screen}");

    // Copy: over SSH the status line says it went to the terminal as OSC 52.
    t.keys(&["C-y"]);
    t.wait("the copy status", 5, |_, s| {
        s.contains("to the terminal's clipboard (OSC 52)")
    });

    // Quit: the main screen is back, with the shell and the exit status.
    t.keys(&["C-c"]);
    let screen = t.wait("the shell after quitting", 5, |t, s| {
        !t.alternate_on() && s.contains("exit=0")
    });
    assert!(
        !screen.contains("Tree ·"),
        "the workbench is still drawn:\n{screen}"
    );

    // A second run recalls the identifier from history with Up.
    t.literal(&format!("{} tui", quote(Path::new(BIN))));
    t.keys(&["Enter"]);
    t.wait("the workbench again", 5, |t, s| {
        t.alternate_on() && s.contains("Tree")
    });
    t.keys(&["Up"]);
    t.wait("the recalled identifier", 5, |_, s| {
        s.contains(&format!("┃{id}"))
    });
    t.keys(&["C-q"]);
    t.wait("the shell again", 5, |t, _| !t.alternate_on());

    // The history was written under XDG_DATA_HOME.
    let history = std::fs::read_to_string(history_file(&dir))
        .unwrap_or_else(|e| panic!("no history file: {e}"));
    assert!(history.contains(id), "{history}");
}

#[test]
fn without_a_terminal_it_points_at_the_commands() {
    let out = Command::new(BIN)
        .arg("tui")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("needs a terminal") && err.contains("idbench parse"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "nothing is drawn");
}

#[test]
fn a_terminating_signal_restores_the_terminal() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    let (t, dir) = session("signal");
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));
    for (name, code) in [("TERM", 143), ("HUP", 129)] {
        // The shell writes its pid, then becomes the workbench: that pid is the workbench's.
        let pid_file = dir.join(format!("pid-{name}"));
        t.literal(&format!(
            "sh -c \"echo \\$\\$ > {}; exec {} tui\"; echo \"exit=$?\"",
            quote(&pid_file),
            quote(Path::new(BIN))
        ));
        t.keys(&["Enter"]);
        t.wait("the workbench", 5, |t, s| {
            t.alternate_on() && s.contains("Tree")
        });
        let mouse = t.format("#{mouse_any_flag}");
        assert!(
            mouse.is_empty() || mouse == "1",
            "the workbench captures the mouse: {mouse:?}"
        );
        let pid = std::fs::read_to_string(&pid_file).unwrap_or_else(|e| panic!("{e}"));
        let pid = pid.trim();
        kill(&format!("-{name}"), pid);
        let want = format!("exit={code}");
        let screen = t.wait(&format!("the shell after SIG{name}"), 5, |t, s| {
            !t.alternate_on() && s.contains(&want)
        });
        assert_eq!(t.format("#{alternate_on}"), "0", "{screen}");
        let mouse = t.format("#{mouse_any_flag}");
        assert!(
            mouse.is_empty() || mouse == "0",
            "mouse capture left on after SIG{name}: {mouse:?}"
        );
        // Cooked mode is back: a line typed to the shell runs (in raw mode Enter would not
        // end the line, and nothing would be echoed).
        let marker = format!("cooked-{name}");
        t.literal(&format!("echo {marker}-$((1+1))"));
        t.keys(&["Enter"]);
        t.wait("the shell to run a command", 5, |_, s| {
            s.contains(&format!("{marker}-2"))
        });
    }

    // A closed window: the workbench leads the window's session, so it gets SIGHUP and its
    // terminal is gone (reading it fails). It must still end, not spin.
    let pid_file = dir.join("pid-window");
    let cmd = format!(
        "env -i HOME={} XDG_CONFIG_HOME={} XDG_DATA_HOME={} XDG_STATE_HOME={} \
         TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
         sh -c \"echo \\$\\$ > {}; exec {} tui\"",
        quote(&dir.join("home")),
        quote(&dir.join("config")),
        quote(&dir.join("data")),
        quote(&dir.join("state")),
        quote(&pid_file),
        quote(Path::new(BIN))
    );
    t.run(&["new-window", "-d", "-t", "t:", "-n", "wb", &cmd]);
    let until = Instant::now() + Duration::from_secs(5);
    let alt = |t: &Tmux| {
        String::from_utf8_lossy(
            &t.run(&["display", "-p", "-t", "t:wb", "#{alternate_on}"])
                .stdout,
        )
        .trim()
            == "1"
    };
    while !(alt(&t) && pid_file.exists()) {
        assert!(
            Instant::now() < until,
            "the workbench did not start in a window"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = std::fs::read_to_string(&pid_file).unwrap_or_else(|e| panic!("{e}"));
    let pid = pid.trim().to_string();
    // The workbench leads the window's session: no shell could resume it, so Ctrl-Z does
    // not stop it, and says so.
    t.run(&["send-keys", "-t", "t:wb", "C-z"]);
    let until = Instant::now() + Duration::from_secs(5);
    while !String::from_utf8_lossy(&t.run(&["capture-pane", "-p", "-t", "t:wb"]).stdout)
        .contains("not suspended")
    {
        assert!(
            Instant::now() < until,
            "Ctrl-Z without job control said nothing"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Something typed, never remembered with Enter: closing the window must still save it.
    let typed = "urn:closed:window-1";
    t.run(&["send-keys", "-t", "t:wb", "-l", typed]);
    let until = Instant::now() + Duration::from_secs(5);
    while !String::from_utf8_lossy(&t.run(&["capture-pane", "-p", "-t", "t:wb"]).stdout)
        .contains(typed)
    {
        assert!(Instant::now() < until, "the typed text never showed");
        std::thread::sleep(Duration::from_millis(50));
    }
    t.run(&["kill-window", "-t", "t:wb"]);
    let alive = || {
        Command::new("kill")
            .args(["-0", &pid])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let until = Instant::now() + Duration::from_secs(5);
    while alive() {
        assert!(
            Instant::now() < until,
            "the workbench (pid {pid}) still runs after its window was closed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let history = std::fs::read_to_string(history_file(&dir))
        .unwrap_or_else(|e| panic!("closing the window saved no history: {e}"));
    assert!(history.contains(typed), "{history}");
}

/// The terminal is as the shell wants it: main screen, no mouse capture, cooked mode (a
/// typed command runs).
fn assert_shell_terminal(t: &Tmux, marker: &str) {
    t.wait("the main screen", 5, |t, _| !t.alternate_on());
    let mouse = t.format("#{mouse_any_flag}");
    assert!(
        mouse.is_empty() || mouse == "0",
        "mouse capture left on: {mouse:?}"
    );
    t.literal(&format!("echo {marker}-$((40+2))"));
    t.keys(&["Enter"]);
    t.wait("the shell to run a command", 5, |_, s| {
        s.contains(&format!("{marker}-42"))
    });
}

#[test]
fn ctrl_z_and_sigtstp_suspend_and_fg_resumes() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    let (t, dir) = session("suspend");
    // Job control in the session's shell.
    t.literal("set -m; PS1='$ '");
    t.keys(&["Enter"]);
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));
    let pid = start(&t, &dir, "z", "", "");
    t.literal("urn:a:kept");
    t.wait("the typed text", 5, |_, s| s.contains("urn:a:kept"));

    // Ctrl-Z in the workbench: the terminal is the shell's again, the job is stopped.
    t.keys(&["C-z"]);
    assert_shell_terminal(&t, "after-ctrl-z");
    // fg: the workbench is back, redrawn, with what was typed.
    t.literal("fg");
    t.keys(&["Enter"]);
    t.wait("the workbench after fg", 5, |t, s| {
        t.alternate_on() && s.contains("Tree") && s.contains("urn:a:kept")
    });
    let mouse = t.format("#{mouse_any_flag}");
    assert!(
        mouse.is_empty() || mouse == "1",
        "mouse capture back: {mouse:?}"
    );
    // Raw mode is back: a key reaches the workbench, not the shell's line editing.
    t.literal("X");
    t.wait("a key after fg", 5, |_, s| s.contains("urn:a:keptX"));

    // SIGTSTP from outside does the same.
    kill("-TSTP", &pid);
    assert_shell_terminal(&t, "after-sigtstp");
    t.literal("fg");
    t.keys(&["Enter"]);
    t.wait("the workbench after the second fg", 5, |t, s| {
        t.alternate_on() && s.contains("urn:a:keptX")
    });
    // Undo is Alt-Z now.
    t.keys(&["M-z"]);
    t.wait("undo", 5, |_, s| {
        s.contains("urn:a:kept") && !s.contains("urn:a:keptX")
    });
    t.keys(&["C-q"]);
    t.wait("the shell after quitting", 5, |t, _| !t.alternate_on());
    // `fg` returns the job's exit status.
    t.literal("echo \"fg=$?\"");
    t.keys(&["Enter"]);
    t.wait("the exit status", 5, |_, s| s.contains("fg=0"));
}

/// Typed text (not a bracketed paste) longer than the terminal library's 1,024-byte read
/// shows in full without waiting for another key.
#[test]
fn long_typed_input_is_handled_without_another_key() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    let (t, dir) = session("burst");
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));
    // Without history: nothing is written.
    let _pid = start(&t, &dir, "burst", "", "--no-history");
    let text = format!("urn:example:{}END", "a".repeat(1200));
    t.literal(&text);
    // The input line scrolls to the cursor: the end shows once every byte was handled.
    t.wait("the end of the typed text", 5, |_, s| s.contains("aaaaEND"));
    t.keys(&["C-q"]);
    t.wait("the shell after quitting", 5, |t, s| {
        !t.alternate_on() && s.contains("exit=0")
    });
    assert!(
        !dir.join("data").join("idbench").exists(),
        "--no-history wrote a history"
    );
}
