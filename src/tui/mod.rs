//! The workbench: a live terminal UI over the engine.
//!
//! [`run`] sets the terminal up (raw mode, alternate screen, mouse capture, bracketed
//! paste), runs the event loop over an [`app::App`], and restores the terminal on every
//! way out: a normal quit, an error, a panic (through a guard and a panic hook), and a
//! terminating signal (SIGTERM, SIGHUP when the terminal goes away, SIGINT, SIGQUIT: a
//! flag the event loop polls, so the guard restores the terminal on the way out).

pub mod app;
pub mod clipboard;
pub mod config;
pub mod event;
pub mod history;
pub mod keys;
pub mod panes;
pub mod theme;

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
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

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

/// Restores the terminal when dropped, whatever way the workbench ends.
struct TerminalGuard;

impl TerminalGuard {
    fn enter(mouse: bool) -> std::io::Result<TerminalGuard> {
        // A panic anywhere restores the terminal before the message is printed.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let guard = TerminalGuard;
        let mut out = std::io::stdout();
        execute!(out, EnterAlternateScreen, EnableBracketedPaste)?;
        if mouse {
            execute!(out, EnableMouseCapture)?;
        }
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// The signals that end the workbench (with the terminal restored).
#[cfg(unix)]
const SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];
#[cfg(not(unix))]
const SIGNALS: [i32; 2] = [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT];

/// How often the event loop looks at the signal flag while no event comes.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// How long the event loop has to end after a signal before the signal thread restores
/// the terminal and ends the process itself.
const SIGNAL_GRACE: Duration = Duration::from_secs(1);

/// Catches the terminating signals while the workbench runs. A thread waits for them and
/// records the first in a flag; the event loop sees it and returns, and the terminal guard
/// restores the terminal on the way out. If the event loop does not end within
/// [`SIGNAL_GRACE`] (after SIGHUP the terminal is gone, and the terminal library can spin
/// reading it), the thread restores the terminal and ends the process. Dropping the guard
/// stops the thread; the signals have their default effect again.
struct SignalGuard {
    /// The signal received, or 0.
    got: Arc<AtomicUsize>,
    /// Set when the workbench has ended: the thread need not step in.
    done: Arc<AtomicBool>,
    handle: signal_hook::iterator::Handle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SignalGuard {
    fn register() -> std::io::Result<SignalGuard> {
        let mut signals = signal_hook::iterator::Signals::new(SIGNALS)?;
        let handle = signals.handle();
        let got = Arc::new(AtomicUsize::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let (got2, done2) = (Arc::clone(&got), Arc::clone(&done));
        let thread = std::thread::Builder::new()
            .name("idbench-signals".into())
            .spawn(move || {
                // `None` once the guard closes the handle.
                let Some(sig) = signals.forever().next() else {
                    return;
                };
                got2.store(usize::try_from(sig).unwrap_or(1), Ordering::SeqCst);
                let until = std::time::Instant::now() + SIGNAL_GRACE;
                while std::time::Instant::now() < until {
                    if done2.load(Ordering::SeqCst) {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                restore_terminal();
                std::process::exit(128 + sig);
            })?;
        Ok(SignalGuard {
            got,
            done,
            handle,
            thread: Some(thread),
        })
    }

    /// The signal received, if any.
    fn received(&self) -> Option<i32> {
        match self.got.load(Ordering::SeqCst) {
            0 => None,
            n => Some(i32::try_from(n).unwrap_or(1)),
        }
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
    }
}

/// Opens the workbench; returns the exit code. Without a terminal on stdin and stdout it
/// explains where to go instead and returns 2.
pub fn run(args: Launch) -> std::io::Result<u8> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        eprintln!(
            "idbench: the workbench needs a terminal on stdin and stdout.\n\
             For scripts and pipes use the commands: `idbench parse ID`, `idbench check [FILE]`,\n\
             `idbench forms ID`, `idbench resolve BASE REF`, `idbench compare A B` (see `idbench --help`)."
        );
        return Ok(2);
    }
    let config = config_from(&args);
    let mut app = App::new(config);
    let signals = SignalGuard::register()?;
    let result = {
        let _guard = TerminalGuard::enter(app.mouse_capture())?;
        event_loop(&mut app, &signals)
    };
    // The terminal guard restored the terminal above, whatever the way out. A signal
    // explains a failure that came with it (after SIGHUP the terminal is gone, and reading
    // it fails): the exit reports the signal.
    let result = result.or_else(|e| signals.received().map(Some).ok_or(e));
    // From here on the signals have their default effect again.
    drop(signals);
    if let Err(e) = app.save_history() {
        eprintln!("idbench: could not save the history: {e}");
    }
    match result? {
        None => Ok(0),
        // The shell's convention for "ended by signal N".
        Some(sig) => Ok(u8::try_from(128 + sig).unwrap_or(255)),
    }
}

/// Runs until the user quits (`None`) or a terminating signal arrives (`Some(signal)`).
fn event_loop(app: &mut App, signals: &SignalGuard) -> std::io::Result<Option<i32>> {
    let mut terminal = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
    terminal.clear()?;
    let mut mouse_on = app.mouse_capture();
    loop {
        if let Some(sig) = signals.received() {
            return Ok(Some(sig));
        }
        terminal.draw(|f| app.draw(f))?;
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
            return Ok(None);
        }
        // Wait for the next event, looking at the signal flag now and then (a frame is
        // drawn only after an event), then take whatever else is already queued (a burst
        // of keys or a paste) before drawing again.
        let mut ev = loop {
            if let Some(sig) = signals.received() {
                return Ok(Some(sig));
            }
            if let Some(e) = event::next(SIGNAL_POLL)? {
                break Some(e);
            }
        };
        while let Some(e) = ev.take() {
            app.handle(e);
            if app.should_quit() {
                break;
            }
            ev = event::next(Duration::ZERO)?;
        }
    }
}
