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
//!
//! Inside tmux, OSC 52 reaches the terminal only when tmux's `set-clipboard` option is `on`:
//! each copy by OSC 52 asks tmux (at most [`TMUX_WAIT`]) and, when it is not `on`, the
//! status line leads with what to type ([`TMUX_ADVICE`]). Every message fits
//! [`MESSAGE_WIDTH`] columns with that advice whole; the system clipboard's raw error comes
//! last, and whole from [`Clipboard::last_system_reason`].

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
    /// The status line's wording for copying `what`, `bytes` long (outside tmux): see
    /// [`told`].
    pub fn message(&self, what: &str, bytes: usize) -> String {
        told(self, what, bytes, None)
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
    /// Inside tmux: the last answer tmux gave about its `set-clipboard` option. It is asked
    /// again at every copy by OSC 52; when it does not answer in time this answer stands.
    tmux_seen: Option<TmuxClipboard>,
    /// How long a copy waits for tmux to say what `set-clipboard` is.
    tmux_wait: Duration,
    /// The system clipboard's own words for why the last copy did not go through it
    /// (the status line may leave them out; the whole text is kept here).
    last_reason: Option<String>,
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
            tmux_seen: None,
            tmux_wait: TMUX_WAIT,
            last_reason: None,
        }
    }

    /// The same clipboard waiting `wait` (instead of [`SYSTEM_WAIT`]) for the system
    /// clipboard.
    pub fn with_wait(mut self, wait: Duration) -> Clipboard {
        self.wait = wait;
        self
    }

    /// The same clipboard waiting `wait` (instead of [`TMUX_WAIT`]) for tmux to say what
    /// its `set-clipboard` option is.
    pub fn with_tmux_wait(mut self, wait: Duration) -> Clipboard {
        self.tmux_wait = wait;
        self
    }

    /// The system clipboard's own words for why the last copy went out as OSC 52 instead,
    /// whole and untrusted (draw it through `safe_text`); `None` after a copy it took.
    pub fn last_system_reason(&self) -> Option<&str> {
        self.last_reason.as_deref()
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
                    return Err("no answer yet to an earlier copy".into());
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
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no answer in {} ms", self.wait.as_millis()))
            }
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

    /// Copies `text` and words the outcome for the status line (see [`told`]): which path
    /// took it and, with `tmux_note` inside tmux when OSC 52 is the path, what to type when
    /// tmux's `set-clipboard` is not `on`. tmux is asked at every such copy (at most
    /// [`TMUX_WAIT`]), so the advice goes once the option is turned on and comes back when it
    /// is turned off. Every copy the workbench makes (Ctrl-Y, the share menu) goes through
    /// here.
    pub fn copy_told(&mut self, text: &str, what: &str, tmux_note: bool) -> Message {
        let outcome = self.copy(text);
        self.last_reason = match &outcome {
            Outcome::SentToTerminal(Some(why)) => Some(why.clone()),
            _ => None,
        };
        let in_tmux = tmux_note && std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
        let tmux = if in_tmux && matches!(outcome, Outcome::SentToTerminal(_)) {
            // A fresh answer replaces the old one; no answer in time keeps the old one (the
            // latest tmux gave, so never "off" after a later "on").
            if let Some(now) = ask_tmux_set_clipboard(self.tmux_wait) {
                self.tmux_seen = Some(now);
            }
            Some(self.tmux_seen.clone().unwrap_or(TmuxClipboard::Unknown))
        } else {
            None
        };
        Message {
            text: told(&outcome, what, text.len(), tmux.as_ref()),
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
            // The size it came to is left out: the limit is what the user acts on.
            return Outcome::Failed(format!("too long for OSC 52 (limit {OSC52_MAX} bytes)"));
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

/// What tmux says of its `set-clipboard` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TmuxClipboard {
    /// `on`: tmux takes OSC 52 from programs and passes it on.
    On,
    /// Another value (`external`, `off`): tmux ignores OSC 52 from programs. The value as
    /// tmux printed it (untrusted; [`told`] draws it safe and short).
    Not(String),
    /// tmux never answered (not in time, or it could not be run).
    Unknown,
}

/// The width every clipboard message fits: the status line's 80 columns at 80×24, less a
/// space at each edge.
pub const MESSAGE_WIDTH: usize = 78;

/// How long a copy waits for tmux to say what `set-clipboard` is.
pub const TMUX_WAIT: Duration = Duration::from_millis(250);

/// The command that makes tmux pass OSC 52 copies on: the advice, always whole.
pub const TMUX_ADVICE: &str = "tmux set -g set-clipboard on";

/// The status line's words for copying `what`, `bytes` long, at most [`MESSAGE_WIDTH`]
/// columns and safe to draw (every untrusted part goes through `safe_text`). `tmux`:
/// inside tmux when the path was OSC 52, what tmux said of `set-clipboard`.
///
/// Each message says what was copied, how big it is and where it went, in words that
/// cannot be read as being about keystrokes: "copied the input (23 bytes) to the system
/// clipboard", "sent the input (23 bytes) to the terminal's clipboard by OSC 52", "could
/// not copy …". Under tmux with `set-clipboard` not `on` (or not known), the command to
/// type, [`TMUX_ADVICE`], leads, whole, and the rest says the copy did not (or may not)
/// arrive. The label is cut (`…`) when the line is short of room; the size, tmux's value
/// and the system clipboard's raw error are added when room is left (the raw error
/// whole from [`Clipboard::last_system_reason`]).
pub fn told(outcome: &Outcome, what: &str, bytes: usize, tmux: Option<&TmuxClipboard>) -> String {
    let why = match outcome {
        Outcome::SentToTerminal(why) => why.as_deref(),
        _ => None,
    };
    let size = format!(" ({})", plural_bytes(bytes));
    match (outcome, tmux) {
        (Outcome::Copied, _) => {
            fit_label("copied ", what, &[&size, " to the system clipboard"], None)
        }
        (Outcome::Failed(e), _) => {
            let e = crate::safe_text::escape(e);
            // Our own reasons are short; an unforeseen long one is cut, not the label.
            let e = cut(e, MESSAGE_WIDTH - 30);
            fit_label("could not copy ", what, &[&format!(": {e}"), &size], None)
        }
        (Outcome::SentToTerminal(_), Some(TmuxClipboard::Not(v))) => {
            // A value as tmux prints them (`external`, `off`); anything else is not repeated.
            let v = v.trim();
            let plain = v.len() <= 8 && v.bytes().all(|b| b.is_ascii_alphanumeric());
            let v = if plain { v } else { "not on" };
            fit_label(
                &format!("run {TMUX_ADVICE}: "),
                what,
                &[" was not copied", &format!(" (tmux: {v})"), &size],
                why,
            )
        }
        (Outcome::SentToTerminal(_), Some(TmuxClipboard::Unknown)) => fit_label(
            &format!("run {TMUX_ADVICE} if off: sent "),
            what,
            &[" by OSC 52", &size],
            why,
        ),
        (Outcome::SentToTerminal(_), Some(TmuxClipboard::On) | None) => {
            let long = fit_label(
                "sent ",
                what,
                &[&size, " to the terminal's clipboard (OSC 52)"],
                why,
            );
            // The system clipboard's reason whole, in fewer words, when the long form cuts it.
            match why {
                Some(w) if !long.ends_with(&*crate::safe_text::escape(w)) => {
                    let w = crate::safe_text::escape(w);
                    let short = fit_label("sent ", what, &[&size, " by OSC 52"], why);
                    // Without the size when that is what leaves the reason whole.
                    let shorter = fit_label("sent ", what, &[" by OSC 52"], why);
                    if !short.ends_with(&*w) && shorter.ends_with(&*w) {
                        shorter
                    } else {
                        short
                    }
                }
                _ => long,
            }
        }
    }
}

/// `1 byte`, `23 bytes`.
fn plural_bytes(n: usize) -> String {
    if n == 1 {
        "1 byte".into()
    } else {
        format!("{n} bytes")
    }
}

/// `before` + `what` + `after[0]`, with `what` (made safe) cut to fit [`MESSAGE_WIDTH`];
/// then each later part of `after` in turn while it fits; then ` · system clipboard: WHY`
/// when at least a few columns of `why` fit (cut with `…`).
fn fit_label(before: &str, what: &str, after: &[&str], why: Option<&str>) -> String {
    use crate::text_layout::width;
    const WHY: &str = " · system clipboard: ";
    let first = after.first().copied().unwrap_or("");
    let fixed = width(before) + width(first);
    let room = MESSAGE_WIDTH.saturating_sub(fixed);
    let label = cut(crate::safe_text::escape(what), room);
    let mut out = format!("{before}{label}{first}");
    for part in after.iter().skip(1) {
        if width(&out) + width(part) <= MESSAGE_WIDTH {
            out.push_str(part);
        }
    }
    if let Some(why) = why {
        let left = MESSAGE_WIDTH.saturating_sub(width(&out) + width(WHY));
        if left >= 8 {
            let why = cut(crate::safe_text::escape(why), left);
            out.push_str(WHY);
            out.push_str(&why);
        }
    }
    out
}

/// Safe text cut to `width` columns with `…`, never inside a `⟨U+XXXX⟩` token (a token cut
/// in half would read as another character). Stops at the cut: a megabyte label costs no
/// more than its first columns after the width is measured.
fn cut(s: std::borrow::Cow<'_, str>, width: usize) -> std::borrow::Cow<'_, str> {
    use crate::text_layout::char_width;
    if crate::text_layout::width(&s) <= width {
        return s;
    }
    let mut out = String::new();
    let mut used = 0;
    let mut rest: &str = &s;
    while !rest.is_empty() {
        let len = match rest.strip_prefix("⟨U+").and_then(|r| r.find('⟩')) {
            Some(end) if end <= 8 => "⟨U+".len() + end + '⟩'.len_utf8(),
            _ => rest.chars().next().map_or(1, char::len_utf8),
        };
        let atom = &rest[..len];
        let w: usize = atom.chars().map(char_width).sum();
        if used + w > width.saturating_sub(1) {
            break;
        }
        out.push_str(atom);
        used += w;
        rest = &rest[len..];
    }
    if width > 0 {
        out.push('…');
    }
    std::borrow::Cow::Owned(out)
}

/// Asks tmux what its `set-clipboard` option is, waiting at most `wait` (`None`: no answer
/// in time, or tmux could not be run, failed or printed nothing). Written here, not with a
/// crate: one short-lived child and a bounded wait. Its output is read on a thread of its
/// own, so a `tmux` that exits but leaves its output open cannot hold the copy either.
fn ask_tmux_set_clipboard(wait: Duration) -> Option<TmuxClipboard> {
    use std::io::Read as _;
    use std::process::{Command, Stdio};
    let deadline = std::time::Instant::now() + wait;
    let mut child = Command::new("tmux")
        .args(["show-options", "-gv", "set-clipboard"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let (tx, rx) = mpsc::channel();
    if let Some(stdout) = child.stdout.take() {
        let reader = std::thread::Builder::new()
            .name("idbench-tmux-ask".into())
            .spawn(move || {
                let mut out = Vec::new();
                let _ = stdout.take(64).read_to_end(&mut out);
                let _ = tx.send(out);
            });
        if reader.is_err() {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
    }
    let ok = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status.success(),
            Ok(None) if std::time::Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(2));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break false;
            }
        }
    };
    if !ok {
        return None;
    }
    let left = deadline.saturating_duration_since(std::time::Instant::now());
    let out = rx.recv_timeout(left).ok()?;
    let value = String::from_utf8_lossy(&out).trim().to_string();
    match value.as_str() {
        "" => None,
        "on" => Some(TmuxClipboard::On),
        _ => Some(TmuxClipboard::Not(value)),
    }
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
    fn tmux_advice_only_for_osc52_when_not_on() {
        let osc = Outcome::SentToTerminal(None);
        let off = TmuxClipboard::Not("external".into());
        assert!(told(&osc, "the report", 9, Some(&TmuxClipboard::Unknown)).contains(TMUX_ADVICE));
        let m = told(&osc, "the report", 9, Some(&off));
        assert_eq!(
            m,
            "run tmux set -g set-clipboard on: the report was not copied (tmux: external)"
        );
        // Already on, outside tmux, or copied by the system clipboard: no advice.
        for m in [
            told(&osc, "the report", 9, Some(&TmuxClipboard::On)),
            told(&osc, "the report", 9, None),
            told(&Outcome::Copied, "the report", 9, Some(&off)),
        ] {
            assert!(!m.contains("tmux"), "{m}");
        }
        assert_eq!(
            told(
                &Outcome::Copied,
                "the report",
                9,
                Some(&TmuxClipboard::Unknown)
            ),
            "copied the report (9 bytes) to the system clipboard"
        );
    }

    #[test]
    fn the_raw_error_never_leads_and_never_pushes_the_advice_out() {
        let x11 = Outcome::SentToTerminal(Some(
            "Unknown error while interacting with the clipboard: X11 server connection timed out"
                .into(),
        ));
        let off = TmuxClipboard::Not("off".into());
        let m = told(&x11, "the input", 5, Some(&off));
        assert!(m.starts_with("run tmux set -g set-clipboard on: "), "{m}");
        assert!(crate::text_layout::width(&m) <= MESSAGE_WIDTH, "{m}");
        let m = told(&x11, "the input", 5, None);
        assert!(
            m.starts_with("sent the input (5 bytes) by OSC 52 · system clipboard: Unknown"),
            "{m}"
        );
        assert!(m.ends_with('…'), "{m}");
        assert!(crate::text_layout::width(&m) <= MESSAGE_WIDTH, "{m}");
    }

    #[test]
    fn untrusted_parts_are_drawn_safe() {
        let o = Outcome::SentToTerminal(Some("bad\u{1b}[2J\u{202e}".into()));
        let m = told(
            &o,
            "a\u{7}",
            2,
            Some(&TmuxClipboard::Not("o\u{1b}]0;x\u{7}".into())),
        );
        assert!(!m.chars().any(crate::safe_text::needs_token), "{m:?}");
        assert!(m.contains(": a⟨U+0007⟩ was not copied"), "{m}");
        // A cut never splits a token.
        let m = told(&Outcome::Copied, &"\u{202e}".repeat(20), 60, None);
        assert!(
            m.starts_with("copied ⟨U+202E⟩") && m.contains("⟨U+202E⟩… (60 bytes)"),
            "{m}"
        );
        let m = told(&o, "x", 1, None);
        assert!(!m.chars().any(crate::safe_text::needs_token), "{m:?}");
        assert!(m.contains("bad⟨U+001B⟩[2J⟨U+202E⟩"), "{m}");
    }

    #[test]
    fn messages_say_what_happened() {
        assert_eq!(
            Outcome::Copied.message("the input", 1),
            "copied the input (1 byte) to the system clipboard"
        );
        assert_eq!(
            Outcome::SentToTerminal(None).message("x", 1),
            "sent x (1 byte) to the terminal's clipboard (OSC 52)"
        );
        let m = Outcome::SentToTerminal(Some("no display".into())).message("x", 1);
        assert!(m.ends_with("· system clipboard: no display"), "{m}");
    }
}
