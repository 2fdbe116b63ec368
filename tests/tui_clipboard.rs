//! The system clipboard behind an X server that accepts and never answers: a copy comes
//! back within its bound, goes out as OSC 52 and says why, and a stuck clipboard never
//! blocks a later copy (issue 19, item 7). One test in a file of its own: it sets
//! `DISPLAY` for the whole process.

mod support;

use support::within;

use std::net::TcpListener;

use std::time::Duration;

use idbench::tui::app::{App, AppConfig};
use idbench::tui::clipboard::{Clipboard, Mode, Outcome};
use idbench::tui::event::Event;

/// A fake X server on 127.0.0.1 (port 6000 + N, display N) that accepts connections, holds
/// them, and never answers. Returns N.
fn silent_x_server() -> u16 {
    for n in 150..400u16 {
        if let Ok(l) = TcpListener::bind(("127.0.0.1", 6000 + n)) {
            std::thread::spawn(move || {
                let mut held = Vec::new();
                for c in l.incoming().flatten() {
                    held.push(c);
                }
            });
            return n;
        }
    }
    panic!("no free port for a fake X server on 127.0.0.1");
}

#[test]
fn a_silent_x_server_does_not_freeze_a_copy() {
    let n = silent_x_server();
    // SAFETY (edition 2024 makes `set_var` unsafe): this is the only test of this binary,
    // and no other thread reads the environment while it is set.
    unsafe {
        std::env::set_var("DISPLAY", format!("127.0.0.1:{n}"));
        std::env::remove_var("WAYLAND_DISPLAY");
        // Outside tmux: its advice is another test's (tui_clipboard_tmux).
        std::env::remove_var("TMUX");
    }
    // The clipboard on its own: the first copy waits its bound, then OSC 52.
    let (first, second, workers, pending) = within(20, "a copy", || {
        let mut c = Clipboard::new(Mode::System).with_wait(Duration::from_millis(300));
        let first = c.copy("urn:a:b");
        let pending = c.take_pending();
        // The clipboard thread is still stuck: the next copy goes straight to OSC 52,
        // without a second thread.
        let second = c.copy("urn:a:c");
        (first, second, c.workers_started(), pending)
    });
    match &first {
        Outcome::SentToTerminal(Some(why)) => {
            assert_eq!(why, "no answer in 300 ms")
        }
        o => panic!("first copy: {o:?}"),
    }
    assert_eq!(
        pending.as_deref(),
        Some(&b"\x1b]52;c;dXJuOmE6Yg==\x07"[..]),
        "the text went out as OSC 52"
    );
    match &second {
        Outcome::SentToTerminal(Some(why)) => {
            assert_eq!(why, "no answer yet to an earlier copy")
        }
        o => panic!("second copy: {o:?}"),
    }
    assert_eq!(workers, 1, "one clipboard thread, however many copies");

    // Through the workbench: Ctrl-Y returns and the status line says OSC 52 and why, whole
    // within the 78 columns the status line has at 80×24.
    let status = within(20, "Ctrl-Y", || {
        let mut a = App::new(AppConfig {
            input: "urn:a:b".into(),
            clipboard: Clipboard::new(Mode::System),
            ..AppConfig::default()
        });
        a.handle(Event::ctrl('y'));
        let first = a.status().unwrap_or_default().to_string();
        let out = a.take_terminal_output();
        a.handle(Event::ctrl('y'));
        let second = a.status().unwrap_or_default().to_string();
        // F1: the clipboard's own words stand whole above the keys.
        a.handle(Event::key(crossterm::event::KeyCode::F(1)));
        let help = support::screen(&mut a, 80, 24);
        (first, out, second, help)
    });
    let (first, out, second, help) = status;
    assert!(help.contains("The last copy"), "{help}");
    assert!(
        help.contains("went out as OSC 52, not to the system"),
        "{help}"
    );
    assert!(help.contains("an earlier copy"), "{help}");
    assert_eq!(
        first,
        "sent the input (7 bytes) by OSC 52 · system clipboard: no answer in 1500 ms"
    );
    assert!(
        out.is_some(),
        "the OSC 52 sequence is queued for the terminal"
    );
    assert_eq!(
        second,
        "sent the input by OSC 52 · system clipboard: no answer yet to an earlier copy"
    );
}
