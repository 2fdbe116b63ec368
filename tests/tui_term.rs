//! The workbench in a real terminal (tmux), for what the command line and the terminal's
//! size decide: an identifier given with line breaks (issue 19, item 21), and keys typed
//! while the terminal is too small (item 20). Skipped, with a message, without tmux.

mod support;

use std::path::Path;

use support::{BIN, quote, session, tmux_available};

#[test]
fn an_identifier_with_line_breaks_on_the_command_line_is_said_to_lose_them() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    let (t, _dir) = session("cmdline-breaks", "", None);
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));
    t.literal(&format!(
        "{} tui --no-history \"$(printf 'http://a/\\nb')\" --with \"$(printf 'urn:a:\\r\\nc')\"",
        quote(Path::new(BIN))
    ));
    t.keys(&["Enter"]);
    let screen = t.wait("the workbench", 10, |t, s| {
        t.alternate_on() && s.contains("line-break")
    });
    assert!(screen.contains("http://a/b"), "{screen}");
    assert!(
        screen.contains("the identifier: removed 1 line-break character(s)"),
        "{screen}"
    );
    t.keys(&["C-c"]);
}

#[test]
fn keys_typed_in_a_small_terminal_reach_the_input() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    let (t, _dir) = session("small-keys", "", None);
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));
    t.literal(&format!(
        "{} tui --no-history urn:a:; echo \"exit=$?\"",
        quote(Path::new(BIN))
    ));
    t.keys(&["Enter"]);
    t.wait("the workbench", 10, |t, s| {
        t.alternate_on() && s.contains("urn:a:")
    });
    t.run(&["resize-window", "-t", "t", "-x", "40", "-y", "10"]);
    t.wait("the small screen", 5, |_, s| {
        s.contains("terminal too small")
    });
    // q is text here; F1 is a command, ignored and counted.
    t.literal("bq");
    t.keys(&["BSpace", "F1"]);
    let screen = t.wait("the counts", 5, |_, s| {
        s.contains("3 keys applied to the input") && s.contains("1 command ignored")
    });
    assert!(screen.contains("Ctrl-C or Ctrl-Q quits"), "{screen}");
    t.run(&["resize-window", "-t", "t", "-x", "100", "-y", "30"]);
    // Wait for the whole frame (the status line is drawn after the input): a capture can
    // land between the two while the terminal redraws.
    let screen = t.wait(
        "the input with the keys applied, and the status",
        5,
        |_, s| {
            (s.contains("urn:a:b ") || s.contains("urn:a:b│"))
                && s.contains("while the terminal was too small")
        },
    );
    assert!(
        screen.contains("while the terminal was too small: 3 keys applied"),
        "{screen}"
    );
    t.keys(&["C-q"]);
    t.wait("the shell after quitting", 5, |t, s| {
        !t.alternate_on() && s.contains("exit=0")
    });
}

/// A terminal wider than the most drawn (1000 columns) says it is too large, and the
/// workbench comes back whole when it is made smaller (issue 34, item 8).
#[test]
fn a_terminal_too_large_says_so_and_the_workbench_comes_back() {
    if !tmux_available() {
        println!("skipped: tmux is not on PATH, so the real-terminal test cannot run");
        return;
    }
    let (t, _dir) = session("too-large", "", None);
    t.wait("the shell prompt", 5, |_, s| s.contains('$'));
    t.literal(&format!(
        "{} tui --no-history urn:a:b; echo \"exit=$?\"",
        quote(Path::new(BIN))
    ));
    t.keys(&["Enter"]);
    t.wait("the workbench", 10, |t, s| {
        t.alternate_on() && s.contains("urn:a:b")
    });
    t.run(&["resize-window", "-t", "t", "-x", "1100", "-y", "30"]);
    let screen = t.wait("the too-large screen", 10, |_, s| {
        s.contains("terminal too large (1100×30); the most is 1000×1000")
    });
    assert!(screen.contains("Ctrl-C or Ctrl-Q quits"), "{screen}");
    assert!(!screen.contains("urn:a:b"), "{screen}");
    t.run(&["resize-window", "-t", "t", "-x", "100", "-y", "30"]);
    let screen = t.wait("the workbench again", 10, |_, s| {
        s.contains("urn:a:b") && s.contains("Tree")
    });
    assert!(!screen.contains("too large"), "{screen}");
    t.keys(&["C-q"]);
    t.wait("the shell after quitting", 5, |t, s| {
        !t.alternate_on() && s.contains("exit=0")
    });
}
