//! Copying: the system clipboard when there is one, OSC 52 (the terminal's clipboard
//! escape) otherwise, and an honest account of which happened.
//!
//! One system clipboard is opened at the first copy and kept for the session: on X11 the
//! copied text lives only as long as its owner does. Over SSH (`SSH_CONNECTION` set) the
//! system clipboard would be the remote machine's, so OSC 52 is used from the start. When
//! the system clipboard cannot be opened or refuses the text, OSC 52 takes over. No
//! clipboard at all is a status message, never a crash.
//!
//! The system clipboard is opened and written on a thread of its own, and a copy waits for
//! it at most [`SYSTEM_WAIT`]: an X server named by `$DISPLAY` that accepts the connection
//! and never answers would otherwise freeze the workbench for good. Past the wait the copy
//! goes out as OSC 52 and says why; while that thread is still stuck, later copies go
//! straight to OSC 52 (no second thread is started) until it answers.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::Duration;

/// What a copy did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The system clipboard took the text.
    Copied,
    /// The text was sent to the terminal as OSC 52; the terminal decides what to do with it.
    /// Carries why the system clipboard was not used, when it was tried.
    SentToTerminal(Option<String>),
    /// Nothing was copied, and why.
    Failed(String),
}

impl Outcome {
    /// The status line's wording for copying `what`.
    pub fn message(&self, what: &str) -> String {
        match self {
            Outcome::Copied => format!("copied {what}"),
            Outcome::SentToTerminal(None) => format!("{what}: sent to the terminal (OSC 52)"),
            // The raw reason last: a narrow status line cuts it, not the news.
            Outcome::SentToTerminal(Some(why)) => {
                format!("{what}: sent to the terminal (OSC 52) · system clipboard: {why}")
            }
            Outcome::Failed(e) => format!("could not copy {what}: {e}"),
        }
    }
}

use super::message::{Level, Message};

/// Which clipboards to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The system clipboard, falling back to OSC 52.
    System,
    /// OSC 52 only (over SSH, and in tests).
    Osc52,
    /// Nothing: every copy fails with a message.
    Off,
}

/// OSC 52 payloads larger than this are not sent: many terminals drop or truncate them.
pub const OSC52_MAX: usize = 100_000;

/// How long a copy waits for the system clipboard (opening it and taking the text) before
/// it sends the text as OSC 52 instead.
pub const SYSTEM_WAIT: Duration = Duration::from_millis(1500);

/// What the clipboard thread answers to one text.
enum Reply {
    /// The system clipboard took it.
    Copied,
    /// The system clipboard could not be opened (the thread has ended).
    Unavailable(String),
    /// The system clipboard refused the text.
    Refused(String),
}

/// The thread that owns the system clipboard.
struct Worker {
    jobs: Sender<String>,
    replies: Receiver<Reply>,
    /// A text was sent and its answer has not come yet (the thread may be stuck).
    waiting: bool,
}

impl Worker {
    /// Starts the thread; it opens the system clipboard at the first text.
    fn spawn() -> std::io::Result<Worker> {
        let (jobs, job_rx) = mpsc::channel::<String>();
        let (reply_tx, replies) = mpsc::channel();
        std::thread::Builder::new()
            .name("idbench-clipboard".into())
            .spawn(move || {
                let mut system: Option<arboard::Clipboard> = None;
                for text in job_rx {
                    let reply = match &mut system {
                        Some(c) => set(c, text),
                        None => match arboard::Clipboard::new() {
                            Ok(mut c) => {
                                let r = set(&mut c, text);
                                system = Some(c);
                                r
                            }
                            Err(e) => {
                                let _ = reply_tx.send(Reply::Unavailable(e.to_string()));
                                return;
                            }
                        },
                    };
                    if reply_tx.send(reply).is_err() {
                        return;
                    }
                }
            })?;
        Ok(Worker {
            jobs,
            replies,
            waiting: false,
        })
    }
}

fn set(c: &mut arboard::Clipboard, text: String) -> Reply {
    match c.set_text(text) {
        Ok(()) => Reply::Copied,
        Err(e) => Reply::Refused(e.to_string()),
    }
}

/// The session's clipboard.
pub struct Clipboard {
    mode: Mode,
    /// The thread that owns the system clipboard, once started.
    worker: Option<Worker>,
    /// Why the system clipboard could not be opened (then it is not tried again).
    system_error: Option<String>,
    /// How many clipboard threads were started (at most one per session).
    workers_started: usize,
    /// How long a copy waits for the system clipboard.
    wait: Duration,
    pending: Vec<u8>,
    /// Inside tmux: whether its `set-clipboard` option is `on` (`None`: it could not be
    /// asked), asked once, at the first copy by OSC 52.
    tmux_clipboard: Option<Option<bool>>,
}

impl std::fmt::Debug for Clipboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clipboard")
            .field("mode", &self.mode)
            .field("worker", &self.worker.is_some())
            .field("system_error", &self.system_error)
            .finish()
    }
}

impl Clipboard {
    /// A clipboard in `mode`; nothing is opened until the first copy.
    pub fn new(mode: Mode) -> Clipboard {
        Clipboard {
            mode,
            worker: None,
            system_error: None,
            workers_started: 0,
            wait: SYSTEM_WAIT,
            pending: Vec::new(),
            tmux_clipboard: None,
        }
    }

    /// The same clipboard waiting `wait` (instead of [`SYSTEM_WAIT`]) for the system
    /// clipboard.
    pub fn with_wait(mut self, wait: Duration) -> Clipboard {
        self.wait = wait;
        self
    }

    /// How many threads were started to reach the system clipboard: never more than one.
    pub fn workers_started(&self) -> usize {
        self.workers_started
    }

    /// The mode the environment calls for: OSC 52 over SSH, the system clipboard otherwise.
    pub fn mode_from_env() -> Mode {
        if std::env::var_os("SSH_CONNECTION").is_some_and(|v| !v.is_empty()) {
            Mode::Osc52
        } else {
            Mode::System
        }
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Copies `text`.
    pub fn copy(&mut self, text: &str) -> Outcome {
        match self.mode {
            Mode::Off => Outcome::Failed("no clipboard in this session".into()),
            Mode::Osc52 => self.osc52(text, None),
            Mode::System => match self.system_copy(text) {
                Ok(()) => Outcome::Copied,
                Err(why) => self.osc52(text, Some(why)),
            },
        }
    }

    /// Hands `text` to the clipboard thread and waits for its answer, at most `self.wait`.
    /// `Err` says why the text was not taken.
    fn system_copy(&mut self, text: &str) -> Result<(), String> {
        if let Some(e) = &self.system_error {
            return Err(e.clone());
        }
        if self.worker.is_none() {
            let w = Worker::spawn().map_err(|e| {
                let e = format!("cannot start the clipboard thread: {e}");
                self.system_error = Some(e.clone());
                e
            })?;
            self.workers_started += 1;
            self.worker = Some(w);
        }
        let Some(w) = self.worker.as_mut() else {
            return Err("no clipboard thread".into());
        };
        // An answer to an earlier copy that came late.
        if w.waiting {
            match w.replies.try_recv() {
                Ok(r) => {
                    w.waiting = false;
                    if let Reply::Unavailable(e) = r {
                        return Err(self.give_up(e));
                    }
                }
                Err(TryRecvError::Empty) => {
                    return Err(format!(
                        "it has not answered an earlier copy (waited {} ms)",
                        self.wait.as_millis()
                    ));
                }
                Err(TryRecvError::Disconnected) => {
                    return Err(self.give_up("the clipboard thread ended".into()));
                }
            }
        }
        if w.jobs.send(text.to_string()).is_err() {
            return Err(self.give_up("the clipboard thread ended".into()));
        }
        w.waiting = true;
        match w.replies.recv_timeout(self.wait) {
            Ok(r) => {
                w.waiting = false;
                match r {
                    Reply::Copied => Ok(()),
                    Reply::Refused(e) => Err(e),
                    Reply::Unavailable(e) => Err(self.give_up(e)),
                }
            }
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "it did not answer within {} ms",
                self.wait.as_millis()
            )),
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.give_up("the clipboard thread ended".into()))
            }
        }
    }

    /// The system clipboard cannot be had: `why` is kept, and it is not tried again.
    fn give_up(&mut self, why: String) -> String {
        self.worker = None;
        self.system_error = Some(why.clone());
        why
    }

    /// Copies `text` and words the outcome for the status line: which path took it (and,
    /// with `tmux_note` inside tmux when OSC 52 is the path, that tmux passes it on only
    /// with `set-clipboard on`). Every copy the workbench makes (Ctrl-Y, the share menu)
    /// goes through here.
    pub fn copy_told(&mut self, text: &str, what: &str, tmux_note: bool) -> Message {
        let outcome = self.copy(text);
        let in_tmux = tmux_note && std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
        let tmux = if in_tmux && matches!(outcome, Outcome::SentToTerminal(_)) {
            Some(
                *self
                    .tmux_clipboard
                    .get_or_insert_with(tmux_set_clipboard_on),
            )
        } else {
            None
        };
        Message {
            text: told(&outcome, what, tmux),
            level: if matches!(outcome, Outcome::Failed(_)) {
                Level::Error
            } else {
                Level::Info
            },
        }
    }

    fn osc52(&mut self, text: &str, why: Option<String>) -> Outcome {
        let encoded = base64(text.as_bytes());
        if encoded.len() > OSC52_MAX {
            return Outcome::Failed(format!(
                "too long for the terminal's clipboard escape ({} bytes encoded, limit {OSC52_MAX})",
                encoded.len()
            ));
        }
        self.pending.clear();
        self.pending.extend_from_slice(b"\x1b]52;c;");
        self.pending.extend_from_slice(encoded.as_bytes());
        self.pending.push(0x07);
        Outcome::SentToTerminal(why)
    }

    /// The OSC 52 sequence waiting to be written to the terminal, if any. Its payload is
    /// base64, so untrusted text never reaches the terminal raw.
    pub fn take_pending(&mut self) -> Option<Vec<u8>> {
        (!self.pending.is_empty()).then(|| std::mem::take(&mut self.pending))
    }
}

/// The status line's words for copying `what`: which clipboard path took it, then, under
/// tmux (`tmux`: `Some(whether set-clipboard is on, if that is known)`) when the path is
/// OSC 52 and the option is not known to be on, that tmux passes it on only with
/// `set-clipboard on`. The advice comes before the system clipboard's raw error, which a
/// narrow status line cuts first.
pub fn told(outcome: &Outcome, what: &str, tmux: Option<Option<bool>>) -> String {
    let advice = match (outcome, tmux) {
        (Outcome::SentToTerminal(_), Some(Some(false))) => {
            "; tmux passes it on only with set-clipboard on (it is off)"
        }
        (Outcome::SentToTerminal(_), Some(None)) => {
            "; tmux passes it on only with set-clipboard on"
        }
        _ => "",
    };
    match outcome {
        Outcome::SentToTerminal(Some(why)) => {
            format!("{what}: sent to the terminal (OSC 52){advice} · system clipboard: {why}")
        }
        _ => format!("{}{advice}", outcome.message(what)),
    }
}

/// Asks tmux whether its `set-clipboard` option is `on` (`None`: tmux did not answer within
/// a quarter of a second, or could not be run). Written here, not with a crate: one
/// short-lived child and a bounded wait.
fn tmux_set_clipboard_on() -> Option<bool> {
    use std::io::Read as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new("tmux")
        .args(["show-options", "-gv", "set-clipboard"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let deadline = std::time::Instant::now() + Duration::from_millis(250);
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => break,
            Ok(None) if std::time::Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
    let mut out = String::new();
    child
        .stdout
        .take()?
        .take(64)
        .read_to_string(&mut out)
        .ok()?;
    Some(out.trim() == "on")
}

/// Standard base64 with padding (RFC 4648 §4). Written here because it is the only use and
/// ten lines long.
pub fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc4648_vectors() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (i, o) in cases {
            assert_eq!(base64(i.as_bytes()), o);
        }
    }

    #[test]
    fn osc52_queues_an_escape_with_base64_only() {
        let mut c = Clipboard::new(Mode::Osc52);
        assert_eq!(c.copy("a\u{1b}[2Jb"), Outcome::SentToTerminal(None));
        let bytes = c.take_pending().unwrap_or_default();
        assert_eq!(bytes, b"\x1b]52;c;YRtbMkpi\x07");
        assert_eq!(c.take_pending(), None);
    }

    #[test]
    fn off_and_oversize_fail_with_a_reason() {
        let mut c = Clipboard::new(Mode::Off);
        assert!(matches!(c.copy("x"), Outcome::Failed(_)));
        let mut c = Clipboard::new(Mode::Osc52);
        let big = "x".repeat(OSC52_MAX);
        assert!(matches!(c.copy(&big), Outcome::Failed(m) if m.contains("too long")));
        assert_eq!(c.take_pending(), None);
    }

    #[test]
    fn tmux_note_only_for_osc52() {
        let osc = Outcome::SentToTerminal(None);
        assert!(told(&osc, "the report", Some(None)).contains("set-clipboard on"));
        assert!(told(&osc, "the report", Some(Some(false))).contains("(it is off)"));
        // Already on: no advice.
        assert!(!told(&osc, "the report", Some(Some(true))).contains("tmux"));
        assert!(!told(&osc, "the report", None).contains("tmux"));
        assert!(!told(&Outcome::Copied, "the report", Some(None)).contains("tmux"));
        // The advice before the raw error of the system clipboard, which comes last.
        let x11 = Outcome::SentToTerminal(Some("X11 server connection timed out".into()));
        let m = told(&x11, "the input", Some(Some(false)));
        assert!(
            m.starts_with("the input: sent to the terminal (OSC 52); tmux"),
            "{m}"
        );
        assert!(
            m.ends_with("· system clipboard: X11 server connection timed out"),
            "{m}"
        );
        assert_eq!(
            told(&Outcome::Copied, "the report", Some(None)),
            "copied the report"
        );
    }

    #[test]
    fn messages_say_what_happened() {
        assert_eq!(Outcome::Copied.message("the input"), "copied the input");
        assert!(
            Outcome::SentToTerminal(None)
                .message("x")
                .contains("OSC 52")
        );
        let m = Outcome::SentToTerminal(Some("no display".into())).message("x");
        assert!(m.ends_with("· system clipboard: no display"), "{m}");
    }
}
