//! The workbench's ways out, in a real terminal (tmux), where each used to go wrong: a dumb
//! terminal, a terminating signal while it is busy (the history is saved all the same), a
//! quit waiting on a lock another process holds (bounded, and a signal still ends it),
//! `kill %1` on a suspended workbench, and an abort (the terminal is restored). Skipped,
//! with a message, when tmux is not installed.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use support::{BIN, exited, history_file, kill, quote, session, start, tmux_available};

#[test]
fn term_dumb_is_refused_with_the_commands_named() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH");
        return;
    }
    let (t, _dir) = session("dumb", "", None);
    t.literal(&format!(
        "TERM=dumb {} tui urn:a:b; echo \"exit=$?\"",
        quote(Path::new(BIN))
    ));
    t.keys(&["Enter"]);
    let screen = t.wait("the refusal", 10, |_, s| exited(s).is_some());
    assert_eq!(exited(&screen).as_deref(), Some("2"), "{screen}");
    assert!(
        screen.contains("TERM=dumb") && screen.contains("idbench parse ID"),
        "{screen}"
    );
    assert!(!t.alternate_on());
}

#[test]
fn a_signal_while_busy_still_saves_the_history() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH");
        return;
    }
    let (t, dir) = session("busy", "", None);
    let _pid = start(
        &t,
        &dir,
        "busy",
        "IDBENCH_TEST_STALL_AFTER_ENTER_MS=30000",
        "urn:busy:remembered --with urn:busy:being-edited",
    );
    // Enter remembers the input; the event loop is then busy for 30 s.
    t.keys(&["Enter"]);
    std::thread::sleep(Duration::from_millis(500));
    let pid = std::fs::read_to_string(dir.join("pid-busy")).unwrap_or_default();
    let start = Instant::now();
    kill("-TERM", pid.trim());
    let screen = t.wait("the exit", 10, |_, s| exited(s).is_some());
    assert_eq!(exited(&screen).as_deref(), Some("143"), "{screen}");
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "{:?}",
        start.elapsed()
    );
    assert!(!t.alternate_on());
    let history = std::fs::read_to_string(history_file(&dir)).unwrap_or_default();
    assert!(
        history.contains("urn:busy:remembered"),
        "history: {history:?}"
    );
    // The other input was never remembered with Enter: the exit would have remembered it,
    // and so does the save from the signal thread.
    assert!(
        history.contains("urn:busy:being-edited"),
        "history: {history:?}"
    );
}

#[test]
fn a_quit_waiting_on_a_held_lock_is_bounded_and_signals_still_end_it() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH");
        return;
    }
    let (t, dir) = session("lockwait", "", None);
    let data = dir.join("data").join("idbench");
    std::fs::create_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(data.join("history.json.lock"))
        .unwrap_or_else(|e| panic!("{e}"));
    fs4::FileExt::lock(&lock).unwrap_or_else(|e| panic!("{e}"));
    // A quit: gives up after a bounded wait, says why, exits 2.
    start(&t, &dir, "q1", "", "urn:lock:one");
    let begin = Instant::now();
    t.keys(&["C-q"]);
    let screen = t.wait("the exit", 10, |_, s| exited(s).is_some());
    assert_eq!(exited(&screen).as_deref(), Some("2"), "{screen}");
    assert!(
        screen.replace('\n', "").contains("held by another process"),
        "{screen}"
    );
    assert!(
        begin.elapsed() < Duration::from_secs(6),
        "{:?}",
        begin.elapsed()
    );
    // SIGTERM during the wait ends it at once, with the signal's code.
    let pid = start(&t, &dir, "q2", "", "urn:lock:two");
    t.keys(&["C-q"]);
    t.wait("the main screen", 5, |t, _| !t.alternate_on());
    std::thread::sleep(Duration::from_millis(300));
    let begin = Instant::now();
    kill("-TERM", &pid);
    let screen = t.wait("the second exit", 10, |_, s| {
        s.lines().filter(|l| l.starts_with("exit=")).count() == 2
    });
    assert_eq!(exited(&screen).as_deref(), Some("143"), "{screen}");
    assert!(
        begin.elapsed() < Duration::from_secs(2),
        "{:?}",
        begin.elapsed()
    );
    assert!(
        screen.replace('\n', "").contains("interrupted by a signal"),
        "{screen}"
    );
    drop(lock);
}

#[test]
fn kill_on_a_suspended_workbench_ends_it() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH");
        return;
    }
    let (t, dir) = session("killz", "", None);
    // bash: its `kill %1` sends SIGCONT after the signal to a stopped job (dash's sends
    // the signal only, and a stopped process that catches SIGTERM stays stopped).
    if !Path::new("/bin/bash").exists() {
        println!("skipped: no bash");
        return;
    }
    t.literal("exec /bin/bash --norc --noprofile -i");
    t.keys(&["Enter"]);
    t.literal("PS1='$ '; clear");
    t.keys(&["Enter"]);
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));
    let pid = start(&t, &dir, "z", "", "--no-history urn:a:b");
    t.keys(&["C-z"]);
    t.wait("the shell", 5, |t, _| !t.alternate_on());
    t.literal("kill %1; sleep 1; jobs; echo listed");
    t.keys(&["Enter"]);
    t.wait("the jobs", 10, |_, s| s.contains("listed"));
    let until = Instant::now() + Duration::from_secs(8);
    while Path::new(&format!("/proc/{pid}")).exists() {
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // A zombie is gone for our purpose (the shell reaps it at its next prompt).
        if state.split_whitespace().nth(2) == Some("Z") {
            break;
        }
        assert!(
            Instant::now() < until,
            "the workbench is still there after kill %1: {state}\n{}",
            t.capture()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!t.alternate_on());
}

#[test]
fn an_abort_leaves_the_terminal_restored() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH");
        return;
    }
    let (t, _dir) = session("abort", "", None);
    // The watcher restores the terminal a few milliseconds after the abort, racing the
    // shell: what the shell prints at once can land on the alternate screen and vanish with
    // it, so the exit code is printed a second later.
    t.literal(&format!(
        "IDBENCH_TEST_ALLOC_FAILURE=1 {} tui urn:a:b; e=$?; sleep 1; echo \"exit=$e\"; stty -a | tr ' ' '\\n' | grep -x -e echo -e -echo -e icanon -e -icanon; echo end",
        quote(Path::new(BIN))
    ));
    t.keys(&["Enter"]);
    let screen = t.wait("the shell after the abort", 15, |_, s| {
        s.lines().any(|l| l.trim() == "end")
    });
    assert_eq!(exited(&screen).as_deref(), Some("134"), "{screen}");
    let lines: Vec<&str> = screen.lines().map(str::trim).collect();
    assert!(
        lines.contains(&"echo") && lines.contains(&"icanon"),
        "echo and canonical mode back on: {screen}"
    );
    assert!(!t.alternate_on(), "alternate screen left");
    let mouse = t.format("#{mouse_any_flag}");
    assert!(
        mouse.is_empty() || mouse == "0",
        "mouse reporting off: {mouse:?}"
    );
}
