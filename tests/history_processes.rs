//! Several workbenches saving one history at once: each process loads the file, waits until
//! all have loaded (so each holds a stale copy), remembers its own entries and saves. With
//! the merge under a lock, every entry of every process is in the file afterwards; with a
//! plain "write my list" the last process would win.
//!
//! The processes are this test binary run again with `child` selected and the work given in
//! environment variables.

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use idbench::tui::history::History;

const PROCESSES: usize = 6;
const ENTRIES: usize = 15;

/// The child's part: does nothing unless run by `processes_saving_at_once_lose_nothing`.
#[test]
fn child() {
    let (Some(path), Some(tag), Some(go)) = (
        std::env::var_os("IDBENCH_TEST_HISTORY"),
        std::env::var("IDBENCH_TEST_TAG").ok(),
        std::env::var_os("IDBENCH_TEST_GO"),
    ) else {
        return;
    };
    let (mut h, msg) = History::load(PathBuf::from(path));
    assert_eq!(msg, None);
    std::fs::write(format!("{}-loaded-{tag}", Path::new(&go).display()), "")
        .unwrap_or_else(|e| panic!("{e}"));
    let until = Instant::now() + Duration::from_secs(20);
    while !Path::new(&go).exists() {
        assert!(Instant::now() < until, "never told to go");
        std::thread::sleep(Duration::from_millis(5));
    }
    for i in 0..ENTRIES {
        h.push(&format!("urn:p{tag}:{i}"));
    }
    h.save().unwrap_or_else(|e| panic!("save: {e}"));
}

#[test]
fn processes_saving_at_once_lose_nothing() {
    let dir = scratch::dir("history-procs");
    let path = dir.join("data").join("history.json");
    // What was there before is kept too.
    {
        let (mut h, _) = History::load(path.clone());
        h.push("urn:before:1");
        h.save().unwrap_or_else(|e| panic!("{e}"));
    }
    let go = dir.join("go");
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("{e}"));
    let children: Vec<_> = (0..PROCESSES)
        .map(|k| {
            Command::new(&exe)
                .args(["child", "--exact", "--test-threads=1", "--nocapture"])
                .env("IDBENCH_TEST_HISTORY", &path)
                .env("IDBENCH_TEST_TAG", k.to_string())
                .env("IDBENCH_TEST_GO", &go)
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    // Every child has loaded the one-entry file before any saves.
    let until = Instant::now() + Duration::from_secs(30);
    while (0..PROCESSES).any(|k| !dir.join(format!("go-loaded-{k}")).exists()) {
        assert!(Instant::now() < until, "the children did not start");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::fs::write(&go, "").unwrap_or_else(|e| panic!("{e}"));
    for mut c in children {
        let status = c.wait().unwrap_or_else(|e| panic!("{e}"));
        assert!(status.success(), "a child failed: {status}");
    }
    let (h, msg) = History::load(path);
    assert_eq!(msg, None);
    let entries = h.entries();
    assert_eq!(entries.len(), 1 + PROCESSES * ENTRIES, "{entries:?}");
    assert_eq!(entries[0], "urn:before:1");
    for k in 0..PROCESSES {
        // Each process's entries, all there and in its order.
        let mine: Vec<&String> = entries
            .iter()
            .filter(|e| e.starts_with(&format!("urn:p{k}:")))
            .collect();
        let want: Vec<String> = (0..ENTRIES).map(|i| format!("urn:p{k}:{i}")).collect();
        assert_eq!(mine, want.iter().collect::<Vec<_>>());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
