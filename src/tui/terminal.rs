//! The terminal's lifecycle around the workbench.
//!
//! [`run`] sets the terminal up (raw mode, alternate screen, mouse capture, bracketed
//! paste), runs the event loop over an [`app::App`], and restores the terminal and saves the
//! history on every way out:
//!
//! - a normal quit (Ctrl-C, Ctrl-Q);
//! - a terminating signal (SIGTERM, SIGINT, SIGQUIT, and SIGHUP when the window or SSH
//!   session closes): a flag the event loop looks at at least every 100 ms. When the event
//!   loop is busy (a long action) or stuck (a terminal that takes no output) for 2 s after
//!   the signal, the signal thread restores the terminal, saves the entries remembered this
//!   session (Enter) and the inputs as they stood after the last event handled (what a quit
//!   would remember, noted by `App` after each change) itself, with the same lock and atomic
//!   write, and exits 128 + the signal;
//! - the terminal going away without a signal: reading or writing it fails, or it no longer
//!   answers a size query (a hung-up terminal reads as end-of-file forever);
//! - a panic: the hook restores the terminal before the message, then the history is saved;
//! - an abort (an allocation failure, or any death without unwinding, SIGKILL included): a
//!   watcher process (`sh` and `stty`, started before the terminal is set up) puts the
//!   terminal's recorded modes back and leaves the alternate screen, mouse reporting and
//!   bracketed paste (see `abort_watch`; there is no watcher without `/bin/sh`, `stty` or
//!   `/dev/tty`). The history is not saved then.
//!
//! The signals stay caught while the history is saved at the end. The save waits for
//! another process's lock at most 2.5 s (then says so on stderr and exits 2 after a quit);
//! a terminating signal during that wait ends it at once, with exit 128 + the signal. A
//! lock that is not a regular file (a FIFO) is refused at once.
//!
//! Ctrl-Z (and SIGTSTP sent from outside) suspends: the terminal is restored (main screen,
//! cooked mode, no mouse capture, no bracketed paste), the process stops; when continued,
//! the modes come back and the screen is redrawn only once the workbench is in the
//! terminal's foreground process group, and not at all when a terminating signal came
//! (`kill %1` in bash sends SIGTERM and SIGCONT to the stopped job: it ends, exit 143). Sent
//! to the background (`bg`), it waits there without touching the terminal until `fg`. A
//! shell whose `kill` does not continue the job (dash) leaves it stopped, with the signal
//! pending, until `fg` or `kill -CONT`, as for any program that catches SIGTERM. (Undo in
//! the input line is Alt-z.)
//!
//! `TERM=dumb` is refused: the workbench draws with cursor movement and colours that such a
//! terminal does not have, so it says so on stderr, names the commands to use instead and
//! exits 2 (as it does without a terminal). An unset `TERM` is not refused: the escapes
//! used are the ANSI ones every terminal emulator takes, and no terminfo is looked up.
//!
//! At most [`super::layout::MAX_DRAWN`] (1000×1000) is drawn ([`screen`]): a larger terminal shows
//! "terminal too large" and what to do, in that bounded area, so the memory the frame takes
//! stays bounded (about 100 MB at most) whatever size the terminal reports, and goes back
//! when the terminal shrinks. Keys still reach the workbench meanwhile; Ctrl-C quits.
//!
//! Debug builds (the ones `cargo test` runs) honour two test hooks, `IDBENCH_TEST_ALLOC_FAILURE`
//! and `IDBENCH_TEST_STALL_AFTER_ENTER_MS` (see `test_hooks`); release builds have none.

use super::{app, clipboard, config, event, history, lab, screen, theme};

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute};
use ratatui::backend::CrosstermBackend;
use screen::Screen;

use crate::engine::Profile;
use app::{App, AppConfig};
use clipboard::Clipboard;
use config::Config;
use history::History;
use theme::Theme;

/// True while the terminal is in the workbench's modes.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Puts the terminal back as it was: cooked mode, main screen, no mouse capture, no
/// bracketed paste, cursor shown. Safe to call more than once.
pub fn restore_terminal() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let mut out = std::io::stdout();
        let _ = execute!(
            out,
            DisableMouseCapture,
            DisableBracketedPaste,
            LeaveAlternateScreen,
            cursor::Show
        );
        let _ = disable_raw_mode();
        let _ = out.flush();
    }
}

/// Puts the terminal in the workbench's modes.
fn enter_modes(mouse: bool) -> std::io::Result<()> {
    enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    let mut out = std::io::stdout();
    execute!(out, EnterAlternateScreen, EnableBracketedPaste)?;
    if mouse {
        execute!(out, EnableMouseCapture)?;
    }
    Ok(())
}

/// Restores the terminal when dropped, whatever way the workbench ends.
pub(crate) struct TerminalGuard;

impl TerminalGuard {
    pub(crate) fn enter(mouse: bool) -> std::io::Result<TerminalGuard> {
        // A panic anywhere restores the terminal before the message is printed.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
        let guard = TerminalGuard;
        enter_modes(mouse)?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// The signals that end the workbench (with the terminal restored), and `replay`.
#[cfg(unix)]
pub(crate) const SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];
#[cfg(not(unix))]
pub(crate) const SIGNALS: [i32; 2] = [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT];

/// How often the event loop looks at the signal flags and the terminal while no event comes.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// How long the event loop waits for more of a burst (typed or pasted without bracketed
/// paste) before drawing. Not zero: the terminal library's zero-timeout poll returns
/// without reading.
const DRAIN_POLL: Duration = Duration::from_millis(1);

/// How often the event loop looks for the grammar lab's parse landing while one runs
/// ([`App::tick`]).
const PARSE_POLL: Duration = Duration::from_millis(4);

/// How long the event loop has to end after a signal before the signal thread restores
/// the terminal and ends the process itself.
const SIGNAL_GRACE: Duration = Duration::from_secs(2);

/// Catches the terminating signals, SIGTSTP and SIGCONT while the workbench runs (and while
/// it saves the history at the end). A thread waits for them and records them in flags; the
/// event loop looks at the flags: it returns on a terminating signal (the terminal guard
/// restores the terminal, the history is saved), and suspends on SIGTSTP. If the event loop
/// does not end within [`SIGNAL_GRACE`] of a terminating signal (it is busy with a long
/// action, or stuck writing to a terminal that does not take output), the thread restores
/// the terminal, saves the history's unsaved entries itself (through a
/// [`history::Saver`]: same lock, same atomic write, and what it saves is not saved twice)
/// and ends the process. A terminating signal that comes while the history is being saved
/// at the end stops the wait for its lock. Dropping the guard stops the thread.
struct SignalGuard {
    /// The terminating signal received, or 0.
    got: Arc<AtomicUsize>,
    /// SIGTSTP received and not yet acted on.
    stop: Arc<AtomicBool>,
    /// SIGCONT received: the screen must be drawn anew.
    cont: Arc<AtomicBool>,
    /// Set when the workbench has ended: the thread need not step in.
    done: Arc<AtomicBool>,
    /// Set when the event loop has ended and the history is being saved.
    finishing: Arc<AtomicBool>,
    /// Set by a terminating signal received while finishing: the save stops waiting.
    cancel: Arc<AtomicBool>,
    handle: signal_hook::iterator::Handle,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// True for the signals that end the workbench.
fn is_terminating(sig: i32) -> bool {
    SIGNALS.contains(&sig)
}

impl SignalGuard {
    fn register(saver: history::Saver) -> std::io::Result<SignalGuard> {
        let mut wanted = SIGNALS.to_vec();
        #[cfg(unix)]
        wanted.extend([signal_hook::consts::SIGTSTP, signal_hook::consts::SIGCONT]);
        let mut signals = signal_hook::iterator::Signals::new(wanted)?;
        let handle = signals.handle();
        let got = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let cont = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let finishing = Arc::new(AtomicBool::new(false));
        let cancel = Arc::new(AtomicBool::new(false));
        saver.cancel_when(Arc::clone(&cancel));
        let (got2, stop2, cont2, done2, finishing2, cancel2) = (
            Arc::clone(&got),
            Arc::clone(&stop),
            Arc::clone(&cont),
            Arc::clone(&done),
            Arc::clone(&finishing),
            Arc::clone(&cancel),
        );
        let thread = std::thread::Builder::new()
            .name("idbench-signals".into())
            .spawn(move || {
                let terminating = |sig: i32| {
                    got2.store(usize::try_from(sig).unwrap_or(1), Ordering::SeqCst);
                    if finishing2.load(Ordering::SeqCst) {
                        cancel2.store(true, Ordering::SeqCst);
                    }
                };
                // Ends (`None`) once the guard closes the handle.
                while let Some(sig) = signals.forever().next() {
                    #[cfg(unix)]
                    if sig == signal_hook::consts::SIGTSTP {
                        stop2.store(true, Ordering::SeqCst);
                        continue;
                    }
                    #[cfg(unix)]
                    if sig == signal_hook::consts::SIGCONT {
                        cont2.store(true, Ordering::SeqCst);
                        continue;
                    }
                    terminating(sig);
                    let start = std::time::Instant::now();
                    loop {
                        if done2.load(Ordering::SeqCst) {
                            return;
                        }
                        // More signals: one while the history is saved stops its wait.
                        for more in signals.pending() {
                            if is_terminating(more) {
                                terminating(more);
                            }
                        }
                        // The main thread saving: give its bounded save the time it needs.
                        let limit = if finishing2.load(Ordering::SeqCst) {
                            SIGNAL_GRACE + history::LOCK_WAIT * 2
                        } else {
                            SIGNAL_GRACE
                        };
                        if start.elapsed() >= limit {
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    restore_terminal();
                    if !finishing2.load(Ordering::SeqCst) {
                        // The event loop is busy: save what was remembered this session.
                        if let Err(e) = saver.save(history::LOCK_WAIT, &|| false) {
                            eprintln!(
                                "idbench: could not save the history: {}",
                                crate::safe_text::escape(&e.to_string())
                            );
                        }
                    }
                    abort_watch::release();
                    std::process::exit(128 + sig);
                }
            })?;
        Ok(SignalGuard {
            got,
            stop,
            cont,
            done,
            finishing,
            cancel,
            handle,
            thread: Some(thread),
        })
    }

    /// The terminating signal received, if any.
    fn received(&self) -> Option<i32> {
        match self.got.load(Ordering::SeqCst) {
            0 => None,
            n => Some(i32::try_from(n).unwrap_or(1)),
        }
    }

    /// True once after SIGTSTP.
    fn take_stop(&self) -> bool {
        self.stop.swap(false, Ordering::SeqCst)
    }

    /// True once after SIGCONT.
    fn take_cont(&self) -> bool {
        self.cont.swap(false, Ordering::SeqCst)
    }

    /// The event loop has ended: the history is being saved. A terminating signal already
    /// received does not stop the save; one that comes from now on stops its wait.
    fn finishing(&self) {
        self.finishing.store(true, Ordering::SeqCst);
    }

    /// True when a terminating signal stopped the save's wait.
    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst)
    }
}

impl Drop for SignalGuard {
    fn drop(&mut self) {
        self.done.store(true, Ordering::SeqCst);
        self.handle.close();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Restores the terminal when the workbench aborts (an allocation failure aborts the
/// process: no unwinding, no panic hook, no destructor runs).
///
/// The crate forbids `unsafe` code, so it cannot install a SIGABRT handler of its own
/// (`signal_hook::low_level::register` is `unsafe`; the safe registrations of `signal-hook`
/// only set a flag or write to a pipe, and no thread runs once the abort has begun; an
/// allocation-error hook is unstable). What is sound without `unsafe` is a watcher outside
/// the process: a small `sh` script, started before the terminal is set up, records the
/// terminal's modes (`stty -g`) and waits on a pipe from the workbench. When the workbench
/// ends normally it writes `done` and the watcher exits; when the pipe closes without it
/// (an abort, SIGKILL, any death) the watcher writes the escapes that leave the alternate
/// screen, turn mouse reporting and bracketed paste off and show the cursor, and puts the
/// recorded modes back with `stty` (SIGTTOU ignored: by then the shell has the terminal).
/// It ignores the terminal's signals, so it outlives the workbench's group being
/// interrupted. Without `sh`, `stty` or `/dev/tty` there is no watcher, and nothing else
/// changes.
#[cfg(unix)]
mod abort_watch {
    use std::io::{BufRead, Write};
    use std::process::{Child, ChildStdin, Command, Stdio};
    use std::sync::Mutex;
    use std::time::Duration;

    /// The pipe to the watcher, taken by [`release`].
    static PIPE: Mutex<Option<ChildStdin>> = Mutex::new(None);

    const SCRIPT: &str = r#"trap '' INT HUP TERM QUIT TSTP TTIN TTOU
modes=$(stty -g </dev/tty 2>/dev/null) || exit 0
echo ready
IFS= read -r line
[ "$line" = done ] && exit 0
printf '\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1015l\033[?2004l\033[?1049l\033[?25h' >/dev/tty 2>/dev/null
stty "$modes" </dev/tty 2>/dev/null
"#;

    /// The watcher; waited for (at most a second) when dropped.
    pub struct Watch(Child);

    impl Drop for Watch {
        fn drop(&mut self) {
            release();
            for _ in 0..50 {
                if !matches!(self.0.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    /// Starts the watcher and waits (at most a second) until it has the terminal's modes.
    pub fn start() -> Option<Watch> {
        let mut child = Command::new("/bin/sh")
            .arg("-c")
            .arg(SCRIPT)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let out = child.stdout.take()?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = std::io::BufReader::new(out).read_line(&mut line);
            let _ = tx.send(line);
        });
        let ready = rx
            .recv_timeout(Duration::from_secs(1))
            .is_ok_and(|l| l.trim() == "ready");
        let pipe = child.stdin.take();
        if !ready || pipe.is_none() {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        *PIPE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = pipe;
        Some(Watch(child))
    }

    /// The workbench restored the terminal itself: the watcher is told so and ends.
    pub fn release() {
        let pipe = PIPE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(mut p) = pipe {
            let _ = p.write_all(b"done\n");
        }
    }
}

#[cfg(not(unix))]
mod abort_watch {
    pub struct Watch;
    pub fn start() -> Option<Watch> {
        None
    }
    pub fn release() {}
}

/// Hooks for the real-terminal tests, compiled only into debug builds (the ones `cargo
/// test` runs; a release build has none of this): `IDBENCH_TEST_ALLOC_FAILURE=1` makes the
/// first frame end in an allocation failure (`std::alloc::handle_alloc_error`, the path a
/// real one takes: the process aborts); `IDBENCH_TEST_STALL_AFTER_ENTER_MS=N` makes the
/// event loop busy for N ms after each Enter (as a long action would). They only make the
/// workbench of the one who sets them abort or wait.
#[cfg(debug_assertions)]
mod test_hooks {
    use std::time::Duration;

    fn var(name: &str) -> Option<String> {
        std::env::var(name).ok().filter(|v| !v.is_empty())
    }

    pub fn after_frame() {
        if var("IDBENCH_TEST_ALLOC_FAILURE").is_some_and(|v| v == "1")
            && let Ok(layout) = std::alloc::Layout::from_size_align(1 << 40, 8)
        {
            std::alloc::handle_alloc_error(layout);
        }
    }

    pub fn is_enter(e: &super::event::Event) -> bool {
        matches!(e, super::event::Event::Key(k) if k.code == crossterm::event::KeyCode::Enter)
    }

    pub fn after_enter() {
        if let Some(ms) = var("IDBENCH_TEST_STALL_AFTER_ENTER_MS").and_then(|v| v.parse().ok()) {
            std::thread::sleep(Duration::from_millis(ms));
        }
    }
}

/// How the workbench was asked to start: the command line's share of its configuration.
/// (The CLI fills it in; the workbench does not know the command line.)
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// An identifier to start with.
    pub id: Option<String>,
    /// A second identifier: start in diff mode.
    pub with: Option<String>,
    /// A theme name or path.
    pub theme: Option<String>,
    /// A profile choice (`Some(None)` is an explicit `auto`); `None` leaves it to the config.
    pub profile: Option<Option<Profile>>,
    /// A base to resolve the identifier against.
    pub base: Option<String>,
    /// The rfc2141bis objective for diff mode.
    pub objective: crate::engine::equiv::Objective,
    /// xri2: ignore "$" cross-references in diff mode.
    pub ignore_dollar: bool,
    /// The form side A is written in (xri2 diff mode).
    pub a_form: crate::engine::equiv::SideForm,
    /// The form side B is written in (xri2 diff mode).
    pub b_form: crate::engine::equiv::SideForm,
    /// `--no-history`: neither read nor write the history file.
    pub no_history: bool,
    /// `--grammar FILE --start RULE`: the lab profile's grammar file and start rule.
    pub grammar: Option<(std::path::PathBuf, String)>,
    /// `--cases FILE`: the user's cases in the examples picker, and where Ctrl-S `a`
    /// appends the view as a case.
    pub cases: Option<std::path::PathBuf>,
    /// `--allow-outside-grammar`: the cases file's grammars may be outside its folder.
    pub allow_outside_grammar: bool,
    /// `--no-namespace`: answer by the URN spec alone (the workbench's namespace layer off
    /// at start).
    pub no_namespace: bool,
    /// `--no-scheme-spec`: answer by the generic spec alone (the workbench's URI scheme
    /// layer off at start).
    pub no_scheme_spec: bool,
    /// `--select`: the node selected at start (restored when the tree has it).
    pub select: Option<crate::view::Selection>,
    /// `--focus`: the part focused at start.
    pub focus: Option<String>,
}

/// Builds the starting state from the command line, the config file and the environment.
/// Returns it with the messages for the status line.
pub fn config_from(args: &Launch) -> AppConfig {
    let (cfg, mut messages) = Config::load();
    let theme_spec = args.theme.clone().or_else(|| cfg.theme_spec());
    let mut theme = match theme_spec {
        Some(spec) => {
            let (t, errs) = Theme::load(&spec, cfg.themes_dir().as_deref());
            messages.extend(errs.iter().map(|e| format!("theme {e}")));
            t
        }
        None => Theme::default(),
    };
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        theme = theme.without_colors();
    }
    let (history, msg) = match History::default_path() {
        _ if args.no_history || !cfg.history => (History::in_memory(), None),
        Some(p) => History::load(p),
        None => (
            History::in_memory(),
            Some("no data directory: history will not be saved".into()),
        ),
    };
    messages.extend(msg);
    let profile = match args.profile {
        Some(p) => p,
        None => cfg.profile,
    };
    AppConfig {
        input: args.id.clone().unwrap_or_default(),
        with: args.with.clone(),
        profile,
        theme,
        history,
        clipboard: Clipboard::new(Clipboard::mode_from_env()),
        mouse: cfg.mouse,
        messages,
        compare: crate::engine::equiv::CompareOptions {
            profile,
            objective: args.objective,
            ignore_dollar: args.ignore_dollar,
            a_form: args.a_form,
            b_form: args.b_form,
        },
        base: args.base.clone(),
        lab: None,
        cases: args.cases.clone(),
        cases_grammars: crate::cases::GrammarPaths::from_flag(args.allow_outside_grammar),
        namespace: !args.no_namespace,
        scheme_spec: !args.no_scheme_spec,
        selection: args.select.clone(),
        focus: args.focus.clone(),
    }
}

/// How the event loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The user quit.
    Quit,
    /// A terminating signal.
    Signal(i32),
    /// The terminal went away (end of file or an error reading or writing it).
    TerminalGone,
}

/// The exit code for a closed terminal: the shell's "ended by SIGHUP".
const EXIT_HANGUP: u8 = 128 + 1;

/// The exit code when the history could not be saved (the project's I/O error code).
const EXIT_SAVE_FAILED: u8 = 2;

/// The exit code after a panic (Rust's own).
const EXIT_PANIC: u8 = 101;

/// Opens the workbench; returns the exit code. Without a terminal on stdin and stdout it
/// explains where to go instead and returns 2.
///
/// Exit codes: 0 after a quit; 128 + N after signal N (129 also when the terminal closed
/// without a signal); 101 after a panic; 2 when the history could not be saved (the
/// reason is printed), or when the terminal could not be set up.
pub fn run(args: Launch) -> std::io::Result<u8> {
    // The grammar is read before anything else: a file that does not read is an error on
    // stderr and exit 2, before the workbench starts.
    let lab = match &args.grammar {
        Some((path, start)) => match lab::LabFile::open(path, start) {
            Ok(l) => Some(l),
            Err(e) => {
                eprintln!("idbench: {e}");
                return Ok(2);
            }
        },
        None => None,
    };
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        eprintln!(
            "idbench: the workbench needs a terminal on stdin and stdout.\n\
             For scripts and pipes use the commands: {COMMANDS}."
        );
        return Ok(2);
    }
    if std::env::var_os("TERM").is_some_and(|t| t == "dumb") {
        eprintln!(
            "idbench: TERM=dumb: this terminal cannot show the workbench (it draws with \
             cursor movement and colours).\nUse the commands instead: {COMMANDS}; or run \
             the workbench in a terminal that is not dumb."
        );
        return Ok(2);
    }
    let mut config = config_from(&args);
    if let Some(l) = lab {
        config.profile = Some(l.profile);
        config.lab = Some(l);
    }
    let mut app = App::new(config);
    let signals = SignalGuard::register(app.history().saver())?;
    let watch = abort_watch::start();
    let result = {
        let _guard = TerminalGuard::enter(app.mouse_capture())?;
        // A panic has restored the terminal in the hook and printed its message; the
        // history is still saved below.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            event_loop(&mut app, &signals)
        }))
    };
    // The terminal guard restored the terminal above, whatever the way out.
    abort_watch::release();
    drop(watch);
    // A signal explains a failure that came with it (after SIGHUP the terminal is gone,
    // and reading or writing it fails): the exit reports the signal.
    let panicked = result.is_err();
    let end = match result {
        Ok(Ok(end)) => Ok(end),
        Ok(Err(e)) => match signals.received() {
            Some(sig) => Ok(End::Signal(sig)),
            None if terminal_gone() => Ok(End::TerminalGone),
            None => Err(e),
        },
        Err(_panic) => Ok(End::Quit),
    };
    // The signals stay caught while the history is saved: one that comes now stops the
    // wait for the lock and gives its exit code.
    signals.finishing();
    let code = finish(&mut app, end, panicked, || {
        signals.cancelled().then(|| signals.received()).flatten()
    });
    drop(signals);
    code
}

/// The commands to use where the workbench cannot run.
const COMMANDS: &str = "`idbench parse ID`, `idbench check [FILE]`, `idbench forms ID`, \
     `idbench resolve BASE REF`, `idbench compare A B` (see `idbench --help`)";

/// Saves the history, however the event loop ended (`panicked` when it panicked), and
/// returns the exit code: a failed save is reported and makes a quit's exit code 2; a
/// terminating signal that stopped the save (`interrupted` names it) gives 128 + it.
fn finish(
    app: &mut App,
    end: std::io::Result<End>,
    panicked: bool,
    interrupted: impl Fn() -> Option<i32>,
) -> std::io::Result<u8> {
    let saved = app.save_history();
    if let Err(e) = &saved {
        let path = app.history().path().map(|p| p.display().to_string());
        eprintln!(
            "idbench: could not save the history to {}: {}",
            crate::safe_text::escape(&path.unwrap_or_default()),
            crate::safe_text::escape(&e.to_string())
        );
    }
    let end = match (end?, interrupted()) {
        (End::Quit, Some(sig)) if !panicked => End::Signal(sig),
        (end, _) => end,
    };
    let code = match end {
        _ if panicked => EXIT_PANIC,
        End::Quit => 0,
        // The shell's convention for "ended by signal N".
        End::Signal(sig) => u8::try_from(128 + sig).unwrap_or(255),
        End::TerminalGone => EXIT_HANGUP,
    };
    Ok(if saved.is_err() && code == 0 {
        EXIT_SAVE_FAILED
    } else {
        code
    })
}

/// True when the terminal no longer answers: a hung-up terminal (its window or SSH session
/// closed) fails the window-size query (asked of the terminal itself, with no fallback),
/// where the terminal library only sees end-of-file.
fn terminal_gone() -> bool {
    crossterm::terminal::window_size().is_err()
}

/// True when a job-control shell can resume the workbench after it stops: its parent is in
/// the same session but another process group (the shell that started it as a job). When
/// the workbench leads its own session (started directly by a terminal or `tmux new-window
/// CMD`) or shares its group with its parent, nothing would ever continue it: it does not
/// stop then (a shell without job control ignores the terminal's Ctrl-Z the same way).
#[cfg(unix)]
fn can_suspend() -> bool {
    use rustix::process::{getpgid, getpgrp, getppid, getsid};
    let Some(parent) = getppid() else {
        return false;
    };
    let same_session = matches!((getsid(None), getsid(Some(parent))), (Ok(a), Ok(b)) if a == b);
    let other_group = getpgid(Some(parent)).is_ok_and(|g| g != getpgrp());
    same_session && other_group
}

/// Ctrl-Z or SIGTSTP: puts the terminal back, stops the process (as SIGTSTP's default
/// action would), and when continued in the foreground puts the workbench's modes back and
/// redraws. Says why on the status line when there is no shell to come back to.
///
/// Continued, it touches the terminal only once it is in the terminal's foreground process
/// group, and not at all when a terminating signal came: `kill %1` sends SIGTERM and
/// SIGCONT to a job that is still in the background, and writing the terminal's modes from
/// there would raise SIGTTOU and stop it again. In the background (`bg`) it waits, looking
/// at the signals, until `fg` or a terminating signal. Returns false when a terminating
/// signal came (the modes were not put back).
#[cfg(unix)]
fn suspend(
    terminal: &mut Screen<CrosstermBackend<std::io::Stdout>>,
    app: &mut App,
    mouse: bool,
    signals: &SignalGuard,
) -> std::io::Result<bool> {
    if !can_suspend() {
        app.tell("not suspended: no job-control shell started the workbench to resume it");
        return Ok(true);
    }
    restore_terminal();
    // Stops here until SIGCONT (the handler installed for SIGTSTP is bypassed: this raises
    // SIGSTOP itself).
    signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)?;
    loop {
        if signals.received().is_some() {
            return Ok(false);
        }
        if in_foreground() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // SIGCONT was seen here: the redraw is done now. What is typed next is a new undo step.
    let _ = signals.take_cont();
    app.end_typed_runs();
    enter_modes(mouse)?;
    terminal.clear()?;
    Ok(true)
}

/// True when this process's group is the terminal's foreground group (or the terminal
/// cannot say: then trying is how to find out).
#[cfg(unix)]
fn in_foreground() -> bool {
    match rustix::termios::tcgetpgrp(std::io::stdin()) {
        Ok(g) => g == rustix::process::getpgrp(),
        Err(_) => true,
    }
}

#[cfg(not(unix))]
fn suspend(
    _terminal: &mut Screen<CrosstermBackend<std::io::Stdout>>,
    _app: &mut App,
    _mouse: bool,
    _signals: &SignalGuard,
) -> std::io::Result<bool> {
    Ok(true)
}

/// Ctrl-Z: taken by the event loop, before the key map.
fn is_suspend_key(e: &event::Event) -> bool {
    cfg!(unix)
        && matches!(e, event::Event::Key(k)
            if k.code == crossterm::event::KeyCode::Char('z')
                && k.modifiers == crossterm::event::KeyModifiers::CONTROL)
}

/// Runs until the user quits, a terminating signal arrives or the terminal goes away.
fn event_loop(app: &mut App, signals: &SignalGuard) -> std::io::Result<End> {
    // Drawn in at most layout::MAX_DRAWN (a larger terminal says it is too large).
    let mut terminal = Screen::new(
        CrosstermBackend::new(std::io::stdout()),
        "Ctrl-C or Ctrl-Q quits",
    )?;
    terminal.clear()?;
    let mut mouse_on = app.mouse_capture();
    loop {
        if let Some(sig) = signals.received() {
            return Ok(End::Signal(sig));
        }
        if signals.take_stop() && !suspend(&mut terminal, app, mouse_on, signals)? {
            continue;
        }
        if signals.take_cont() {
            terminal.clear()?;
        }
        terminal.draw(|f| app.draw(f))?;
        #[cfg(debug_assertions)]
        test_hooks::after_frame();
        if let Some(bytes) = app.take_terminal_output() {
            let w = terminal.backend_mut();
            if let Err(e) = w.write_all(&bytes).and_then(|()| w.flush()) {
                app.terminal_output_failed(&e);
            }
        }
        if app.mouse_capture() != mouse_on {
            mouse_on = app.mouse_capture();
            if mouse_on {
                execute!(terminal.backend_mut(), EnableMouseCapture)?;
            } else {
                execute!(terminal.backend_mut(), DisableMouseCapture)?;
            }
        }
        if app.should_quit() {
            return Ok(End::Quit);
        }
        // Wait for the next event, looking at the signal flags and the terminal now and
        // then (a frame is drawn only after an event), then handle everything already
        // queued (a burst of keys, typed or pasted text without bracketed paste, however
        // long) before drawing once.
        let mut ev = loop {
            if let Some(sig) = signals.received() {
                return Ok(End::Signal(sig));
            }
            if signals.take_stop() {
                suspend(&mut terminal, app, mouse_on, signals)?;
                break None;
            }
            if signals.take_cont() {
                terminal.clear()?;
                break None;
            }
            // While the grammar lab parses off the keystroke path, its landing is looked
            // for every few milliseconds (the tree's frame follows it by at most that).
            let wait = if app.parsing() {
                PARSE_POLL
            } else {
                SIGNAL_POLL
            };
            match event::next(wait)? {
                Some(e) => break Some(e),
                None if terminal_gone() => return Ok(End::TerminalGone),
                // The grammar lab's file is looked at on this wait (no thread of its own).
                None if app.tick() => break None,
                None => {}
            }
        };
        while let Some(e) = ev.take() {
            if is_suspend_key(&e) {
                suspend(&mut terminal, app, mouse_on, signals)?;
                break;
            }
            #[cfg(debug_assertions)]
            let enter = test_hooks::is_enter(&e);
            app.handle(e);
            #[cfg(debug_assertions)]
            if enter {
                test_hooks::after_enter();
            }
            if app.should_quit() || signals.received().is_some() {
                break;
            }
            ev = event::next(DRAIN_POLL)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app_with_history(path: std::path::PathBuf, input: &str) -> App {
        let (history, _) = History::load(path);
        App::new(AppConfig {
            input: input.into(),
            history,
            ..AppConfig::default()
        })
    }

    #[test]
    fn every_ending_saves_the_history_and_says_how_it_ended() {
        let dir = crate::test_scratch::dir("finish");
        let path = dir.join("history.json");
        for (i, (end, panicked, code)) in [
            (End::Quit, false, 0),
            (End::Quit, true, EXIT_PANIC),
            (End::Signal(signal_hook::consts::SIGTERM), false, 143),
            (End::TerminalGone, false, EXIT_HANGUP),
        ]
        .into_iter()
        .enumerate()
        {
            let input = format!("urn:end:{i}");
            let mut app = app_with_history(path.clone(), &input);
            assert_eq!(
                finish(&mut app, Ok(end), panicked, || None).ok(),
                Some(code),
                "{end:?}"
            );
            let (h, _) = History::load(path.clone());
            assert_eq!(h.entries().last(), Some(&input), "{end:?} saved the input");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_failed_save_makes_the_exit_code_non_zero() {
        let dir = crate::test_scratch::dir("savefail");
        let path = dir.join("sub").join("history.json");
        for (end, code) in [
            (End::Quit, EXIT_SAVE_FAILED),
            (End::Signal(signal_hook::consts::SIGHUP), 129),
        ] {
            let mut app = app_with_history(path.clone(), "urn:a:b");
            // The folder cannot be made once loaded: a file took its name.
            std::fs::write(dir.join("sub"), "").unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                finish(&mut app, Ok(end), false, || None).ok(),
                Some(code),
                "{end:?}"
            );
            let _ = std::fs::remove_file(dir.join("sub"));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
