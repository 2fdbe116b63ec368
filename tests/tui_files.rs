//! Files the workbench reads at start (theme, config, history) cannot hang it or make it
//! read forever: only regular files are read, with a size cap, and the error names the path.

#![cfg(unix)]

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use idbench::tui::config::Config;
use idbench::tui::history::History;
use idbench::tui::theme::Theme;

/// A private scratch folder for one test, removed when it ends.
fn temp_dir(tag: &str) -> scratch::Scratch {
    scratch::Scratch::new(&format!("files-{tag}"))
}

fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `f` on a thread; fails if it does not return within two seconds (a read that
/// blocks or never ends).
fn within_2s<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    let start = Instant::now();
    rx.recv_timeout(Duration::from_secs(2))
        .unwrap_or_else(|_| panic!("{what} did not return in {:?}", start.elapsed()))
}

fn theme_error(spec: String) -> String {
    let (_, errs) = within_2s("loading the theme", move || Theme::load(&spec, None));
    assert_eq!(errs.len(), 1, "{errs:?}");
    errs[0].to_string()
}

#[test]
fn a_device_as_theme_is_refused_by_name() {
    let e = theme_error("/dev/zero".into());
    assert!(
        e.contains("/dev/zero") && e.contains("not a regular file"),
        "{e}"
    );
}

#[test]
fn a_fifo_as_theme_does_not_hang() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("theme.toml");
    if !mkfifo(&fifo) {
        println!("skipped: mkfifo is not available");
        return;
    }
    let e = theme_error(fifo.display().to_string());
    assert!(
        e.contains("theme.toml") && e.contains("not a regular file"),
        "{e}"
    );
    // The config file and the history file too.
    let fifo_cfg = dir.join("config.toml");
    assert!(mkfifo(&fifo_cfg));
    let d = dir.path_buf();
    let (_, msgs) = within_2s("loading the config", move || Config::load_from(&d));
    assert!(
        msgs.iter()
            .any(|m| m.contains("config.toml") && m.contains("not a regular file")),
        "{msgs:?}"
    );
    let fifo_hist = dir.join("history.json");
    assert!(mkfifo(&fifo_hist));
    let (_, msg) = within_2s("loading the history", move || History::load(fifo_hist));
    let msg = msg.unwrap_or_default();
    assert!(
        msg.contains("cannot be read") && msg.contains("left as it is"),
        "{msg}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_huge_theme_or_a_directory_is_refused() {
    let dir = temp_dir("big");
    let big = dir.join("big.toml");
    std::fs::write(&big, vec![b'#'; 2 * 1024 * 1024]).unwrap_or_else(|e| panic!("{e}"));
    let e = theme_error(big.display().to_string());
    assert!(e.contains("big.toml") && e.contains("larger than"), "{e}");
    let e = theme_error(format!("{}/", dir.display()));
    assert!(e.contains("not a regular file"), "{e}");
    // A regular theme file still loads.
    let ok = dir.join("ok.toml");
    std::fs::write(&ok, "inherits = \"light\"\n").unwrap_or_else(|e| panic!("{e}"));
    let spec = ok.display().to_string();
    let (_, errs) = Theme::load(&spec, None);
    assert!(errs.is_empty(), "{errs:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
