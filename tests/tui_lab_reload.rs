//! The grammar lab reloads its file when the content changes, whatever its modification
//! time and size: a same-size replacement that keeps an older modification time (as
//! `cp -p` and `rsync -t` leave it) is read again, and a rewrite of the same bytes is not.

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::time::{Duration, Instant, SystemTime};

use idbench::engine::{Options, analyze_in};
use idbench::tui::lab::{LabFile, RECHECK};

#[test]
fn the_lab_reloads_on_content_not_on_times() {
    let dir = scratch::dir("lab-reload");
    let path = dir.join("g.abnf");
    std::fs::write(&path, "s = \"a\"\n").expect("written");
    let old = SystemTime::now() - Duration::from_secs(3600);
    let set_mtime = |t: SystemTime| {
        std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(t))
            .expect("mtime set");
    };
    set_mtime(old);
    let mut lab = LabFile::open(&path, "s").expect("reads");
    let valid = |lab: &LabFile, input: &str| {
        analyze_in(
            input,
            &Options::validate_only(Some(lab.profile)),
            Some(&lab.lab()),
        )
        .valid()
    };
    assert!(valid(&lab, "a") && !valid(&lab, "b"));
    assert!(lab.poll().is_none(), "nothing changed");

    // Same size, the same (older) modification time: reloaded all the same.
    std::fs::write(&path, "s = \"b\"\n").expect("replaced");
    set_mtime(old);
    assert_eq!(lab.poll(), Some(Ok(())), "the content changed");
    assert!(valid(&lab, "b") && !valid(&lab, "a"));

    // The same bytes written again (a new modification time): nothing to reload.
    std::fs::write(&path, "s = \"b\"\n").expect("rewritten");
    assert!(lab.poll().is_none(), "same content");
    // Past the recheck interval the bytes are read again, and still nothing changed.
    assert!(lab.poll_at(Instant::now() + RECHECK).is_none());

    // A broken rewrite is said once, and the last good grammar stays.
    std::fs::write(&path, "s = = \"c\"\n").expect("broken");
    assert!(matches!(lab.poll(), Some(Err(_))));
    assert!(lab.poll_at(Instant::now() + RECHECK * 2).is_none());
    assert!(valid(&lab, "b"));
    let _ = std::fs::remove_dir_all(&dir);
}
