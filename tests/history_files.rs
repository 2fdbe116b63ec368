//! The history file cannot be turned against its user: planted links (the lock, the
//! temporary file, the file itself, the folder) are refused, never followed; a folder of
//! another user is refused; a FIFO as the lock or a lock held by another process cannot make
//! a save wait for ever; temporary files left by killed saves are cleaned.

#![cfg(unix)]

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

use idbench::tui::history::History;

/// A private scratch folder for one test, removed when it ends.
fn temp_dir(tag: &str) -> scratch::Scratch {
    scratch::Scratch::new(&format!("histfiles-{tag}"))
}

fn mode(p: &Path) -> u32 {
    std::fs::symlink_metadata(p)
        .map(|m| m.permissions().mode() & 0o777)
        .unwrap_or(0)
}

/// A victim file outside the data folder, world-readable.
fn victim(dir: &Path) -> PathBuf {
    let v = dir.join("victim");
    std::fs::write(&v, "victim's text").unwrap_or_else(|e| panic!("{e}"));
    std::fs::set_permissions(&v, std::fs::Permissions::from_mode(0o644))
        .unwrap_or_else(|e| panic!("{e}"));
    v
}

/// A history under `dir/data/idbench`, loaded, with one entry pushed.
fn history(dir: &Path) -> (History, PathBuf) {
    let path = dir.join("data").join("idbench").join("history.json");
    let (mut h, _) = History::load(path.clone());
    h.push("urn:new:entry");
    (h, path)
}

/// Runs `f` on a thread; fails if it does not return within `secs` seconds.
fn within<T: Send + 'static>(secs: u64, what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(secs))
        .unwrap_or_else(|_| panic!("{what} did not return within {secs} s"))
}

#[test]
fn a_link_planted_as_the_lock_is_refused_and_its_target_untouched() {
    let dir = temp_dir("lock-link");
    let v = victim(&dir);
    let data = dir.join("data").join("idbench");
    std::fs::create_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700))
        .unwrap_or_else(|e| panic!("{e}"));
    symlink(&v, data.join("history.json.lock")).unwrap_or_else(|e| panic!("{e}"));
    let (mut h, path) = history(&dir);
    let e = h.save().err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        e.contains("history.json.lock") && e.contains("symbolic link"),
        "{e}"
    );
    assert_eq!(mode(&v), 0o644, "the link's target was not chmodded");
    assert!(!path.exists(), "nothing saved past a refused lock");
    // A dangling link: its target is not created.
    std::fs::remove_file(data.join("history.json.lock")).unwrap_or_else(|e| panic!("{e}"));
    let absent = dir.join("absent");
    symlink(&absent, data.join("history.json.lock")).unwrap_or_else(|e| panic!("{e}"));
    assert!(h.save().is_err());
    assert!(
        std::fs::symlink_metadata(&absent).is_err(),
        "target created"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_link_at_the_old_predictable_temporary_name_is_not_written_through() {
    let dir = temp_dir("tmp-link");
    let v = victim(&dir);
    let data = dir.join("data").join("idbench");
    std::fs::create_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    let planted = data.join(format!("history.json.tmp-{}", std::process::id()));
    symlink(&v, &planted).unwrap_or_else(|e| panic!("{e}"));
    let (mut h, path) = history(&dir);
    h.save().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        std::fs::read_to_string(&v).ok().as_deref(),
        Some("victim's text")
    );
    assert_eq!(mode(&v), 0o644);
    let saved = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(saved.contains("urn:new:entry"), "{saved}");
    assert!(
        std::fs::symlink_metadata(&planted).is_ok_and(|m| m.file_type().is_symlink()),
        "the planted link is left alone"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_symlinked_data_folder_is_neither_read_nor_written() {
    let dir = temp_dir("dir-link");
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap_or_else(|e| panic!("{e}"));
    std::fs::set_permissions(&elsewhere, std::fs::Permissions::from_mode(0o755))
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        elsewhere.join("history.json"),
        r#"{"version":1,"entries":["urn:planted:entry"]}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.join("data")).unwrap_or_else(|e| panic!("{e}"));
    symlink(&elsewhere, dir.join("data").join("idbench")).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join("data").join("idbench").join("history.json");
    let (mut h, msg) = History::load(path);
    let msg = msg.unwrap_or_default();
    assert!(
        msg.contains("symbolic link") && msg.contains("will not be saved"),
        "{msg}"
    );
    assert!(h.entries().is_empty(), "{:?}", h.entries());
    h.push("urn:new:entry");
    let _ = h.save();
    assert_eq!(
        mode(&elsewhere),
        0o755,
        "the link's target was not chmodded"
    );
    let names: Vec<_> = std::fs::read_dir(&elsewhere)
        .map(|r| r.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert_eq!(names.len(), 1, "nothing written into it: {names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_link_planted_as_the_history_is_not_read_and_the_message_is_escaped() {
    let dir = temp_dir("file-link");
    let data = dir.join("data").join("idb\u{1b}]0;x\u{7}");
    std::fs::create_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    let target = dir.join("target.json");
    std::fs::write(&target, r#"{"version":1,"entries":["urn:planted:entry"]}"#)
        .unwrap_or_else(|e| panic!("{e}"));
    symlink(&target, data.join("history.json")).unwrap_or_else(|e| panic!("{e}"));
    let (mut h, msg) = History::load(data.join("history.json"));
    let msg = msg.unwrap_or_default();
    assert!(msg.contains("symbolic link"), "{msg}");
    assert!(!msg.contains('\u{1b}') && !msg.contains('\u{7}'), "{msg:?}");
    assert!(h.entries().is_empty(), "{:?}", h.entries());
    h.push("urn:new:entry");
    h.save().unwrap_or_else(|e| panic!("{e}"));
    assert!(
        std::fs::read_to_string(&target).is_ok_and(|t| !t.contains("urn:new")),
        "the target is not saved over"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_of_another_user_is_refused() {
    if !rustix_is_root() {
        println!("skipped: needs root to give a folder to another user");
        return;
    }
    let dir = temp_dir("other-user");
    let data = dir.join("data").join("idbench");
    std::fs::create_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    // Loaded while ours; given away before the save.
    let (mut h, path) = history(&dir);
    let chown = Command::new("chown")
        .args(["54321:54321"])
        .arg(&data)
        .status()
        .is_ok_and(|s| s.success());
    assert!(chown, "chown");
    let e = h.save().err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("belongs to user 54321"), "{e}");
    assert!(!path.exists());
    // Loaded when it is another's: neither read nor saved.
    let (mut h, msg) = History::load(path.clone());
    let msg = msg.unwrap_or_default();
    assert!(msg.contains("belongs to user 54321"), "{msg}");
    h.push("urn:x:y");
    assert!(h.save().is_ok());
    assert!(!path.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

fn rustix_is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

#[test]
fn a_fifo_as_the_lock_is_refused_at_once() {
    let dir = temp_dir("lock-fifo");
    let data = dir.join("data").join("idbench");
    std::fs::create_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    let fifo = data.join("history.json.lock");
    if !Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        println!("skipped: no mkfifo");
        return;
    }
    let (mut h, _) = history(&dir);
    let e = within(2, "a save with a FIFO as the lock", move || {
        h.save().err().map(|e| e.to_string()).unwrap_or_default()
    });
    assert!(
        e.contains("history.json.lock") && e.contains("not a regular file"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lock_held_by_another_process_is_waited_for_a_bounded_time() {
    let dir = temp_dir("lock-held");
    let (mut h, path) = history(&dir);
    // Another holder: a lock on another open file description of the lock file.
    h.save().unwrap_or_else(|e| panic!("{e}"));
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(path.with_file_name("history.json.lock"))
        .unwrap_or_else(|e| panic!("{e}"));
    fs4::FileExt::lock(&lock).unwrap_or_else(|e| panic!("{e}"));
    h.push("urn:second:entry");
    let start = Instant::now();
    let (e, h) = within(6, "a save waiting for a held lock", move || {
        let e = h.save().err().map(|e| e.to_string()).unwrap_or_default();
        (e, h)
    });
    assert!(
        start.elapsed() >= Duration::from_secs(2),
        "it waited a while"
    );
    assert!(
        e.contains("held by another process") && e.contains("history.json.lock"),
        "{e}"
    );
    // Released: the entry is still there to save.
    drop(lock);
    let mut h = h;
    h.save().unwrap_or_else(|e| panic!("{e}"));
    let saved = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(saved.contains("urn:second:entry"), "{saved}");
    // A save can be cancelled while it waits (a terminating signal).
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(path.with_file_name("history.json.lock"))
        .unwrap_or_else(|e| panic!("{e}"));
    fs4::FileExt::lock(&lock).unwrap_or_else(|e| panic!("{e}"));
    h.push("urn:third:entry");
    let start = Instant::now();
    let e = h
        .save_or_cancel(&|| start.elapsed() > Duration::from_millis(200))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("interrupted by a signal"), "{e}");
    assert!(start.elapsed() < Duration::from_secs(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stale_temporary_files_are_cleaned_at_the_next_save() {
    let dir = temp_dir("stale");
    let v = victim(&dir);
    let data = dir.join("data").join("idbench");
    std::fs::create_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    let hour_ago = SystemTime::now() - Duration::from_secs(3600);
    let mut old = Vec::new();
    for name in [
        "history.json.tmp-4242",
        "history.json.tmp-77-00ff00ff00ff00ff",
    ] {
        let p = data.join(name);
        let f = std::fs::File::create(&p).unwrap_or_else(|e| panic!("{e}"));
        f.set_modified(hour_ago).unwrap_or_else(|e| panic!("{e}"));
        old.push(p);
    }
    let fresh = data.join("history.json.tmp-4343");
    std::fs::write(&fresh, "being written").unwrap_or_else(|e| panic!("{e}"));
    let other = data.join("notes.tmp-1");
    std::fs::File::create(&other)
        .and_then(|f| f.set_modified(hour_ago))
        .unwrap_or_else(|e| panic!("{e}"));
    let link = data.join("history.json.tmp-link");
    symlink(&v, &link).unwrap_or_else(|e| panic!("{e}"));
    let (mut h, _) = history(&dir);
    h.save().unwrap_or_else(|e| panic!("{e}"));
    for p in &old {
        assert!(!p.exists(), "{} removed", p.display());
    }
    assert!(fresh.exists(), "a fresh one may belong to a save under way");
    assert!(other.exists(), "not ours");
    assert!(std::fs::symlink_metadata(&link).is_ok(), "a link is left");
    assert!(v.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
