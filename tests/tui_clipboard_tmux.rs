//! Under tmux, every copy by OSC 52 asks tmux again what `set-clipboard` is (issue 26,
//! item 8): turning it on mid-session makes the advice go at the next copy, turning it off
//! brings it back, and a tmux that is slow to answer neither holds the copy past its bound
//! nor turns a recent "on" into "off". A fake `tmux` on `PATH` answers from a file. One
//! test in a file of its own: it sets `PATH` and `TMUX` for the whole process.

mod support;

use std::time::{Duration, Instant};

use idbench::text_layout::width;
use idbench::tui::app::{App, AppConfig};
use idbench::tui::clipboard::{Clipboard, MESSAGE_WIDTH, Mode, TMUX_ADVICE};
use idbench::tui::event::Event;
use support::{draw, row, within};

/// A directory holding a fake `tmux` that logs its arguments and prints the file `value`
/// (or, when it says `slow`, sleeps 20 s without printing).
fn fake_tmux() -> support::scratch::Scratch {
    let dir = support::scratch::dir("fake-tmux");
    let script = format!(
        "#!/bin/sh\n\
         echo \"$*\" >> '{d}/asked'\n\
         v=$(cat '{d}/value')\n\
         if [ \"$v\" = slow ]; then exec sleep 20; fi\n\
         printf '%s\\n' \"$v\"\n",
        d = dir.display()
    );
    let bin = dir.join("tmux");
    std::fs::write(&bin, script).unwrap_or_else(|e| panic!("{e}"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    dir
}

#[test]
fn set_clipboard_is_asked_at_every_copy() {
    let dir = fake_tmux();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![dir.path_buf()];
    paths.extend(std::env::split_paths(&path));
    let path = std::env::join_paths(paths).unwrap_or_else(|e| panic!("{e}"));
    // SAFETY (edition 2024 makes `set_var` unsafe): this is the only test of this binary,
    // and no other thread reads the environment while it is set.
    unsafe {
        std::env::set_var("PATH", path);
        std::env::set_var("TMUX", "/tmp/idbench-fake-tmux,1,0");
    }
    let value_file = dir.join("value");
    let set = move |v: &str| std::fs::write(&value_file, v).unwrap_or_else(|e| panic!("{e}"));

    let steps = within(60, "the copies", move || {
        let mut a = App::new(AppConfig {
            input: "urn:example:a?+b".into(),
            // A generous wait for a busy test machine; the slow answer takes far longer.
            clipboard: Clipboard::new(Mode::Osc52).with_tmux_wait(Duration::from_secs(2)),
            ..AppConfig::default()
        });
        let mut copy = |value: &str| {
            set(value);
            let t = Instant::now();
            a.handle(Event::ctrl('y'));
            let took = t.elapsed();
            let sent = a.take_terminal_output().is_some();
            let status = a.status().unwrap_or_default().to_string();
            let term = draw(&mut a, 80, 24);
            let bottom = row(term.backend().buffer(), 23);
            (value.to_string(), status, bottom, sent, took)
        };
        ["external", "on", "off", "on", "slow", "off"].map(&mut copy)
    });
    let asked = std::fs::read_to_string(dir.join("asked")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);

    for (value, status, bottom, sent, _) in &steps {
        assert!(sent, "{value}: the OSC 52 sequence is queued");
        assert!(width(status) <= MESSAGE_WIDTH, "{value}: {status}");
        let advised = status.contains(TMUX_ADVICE);
        let want = value == "external" || value == "off";
        assert_eq!(advised, want, "set-clipboard {value}: {status}");
        if advised {
            // At 80×24 the status line shows the advice whole.
            assert!(
                bottom.contains(status.as_str()),
                "{value}:\n{bottom}\n{status}"
            );
            assert!(
                status.contains(&format!("(tmux: {value})")),
                "{value}: {status}"
            );
        } else {
            assert!(
                status.starts_with("sent the input (")
                    && status.ends_with(" bytes) to the terminal's clipboard (OSC 52)"),
                "{value}: {status}"
            );
        }
    }
    // tmux was asked at every copy, with the question about set-clipboard.
    assert_eq!(
        asked.lines().collect::<Vec<_>>(),
        vec!["show-options -gv set-clipboard"; 6],
        "{asked}"
    );
    // The slow answer was not waited for past the bound (2 s here, against the fake's
    // 20 s); the copy still went out and the last answer ("on") stood.
    let (_, _, _, _, took) = &steps[4];
    assert!(*took < Duration::from_secs(10), "the copy took {took:?}");
}
