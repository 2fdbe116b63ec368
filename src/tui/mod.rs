//! The workbench: a live terminal UI over the engine.
//!
//! [`run`] sets the terminal up (raw mode, alternate screen, mouse capture, bracketed
//! paste), runs the event loop over an [`app::App`], and restores the terminal on every
//! way out: a normal quit, an error, and a panic (through a guard and a panic hook).

pub mod app;
pub mod clipboard;
pub mod config;
pub mod event;
pub mod history;
pub mod keys;
pub mod panes;
pub mod theme;

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
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
    let result = {
        let _guard = TerminalGuard::enter(app.mouse_capture())?;
        event_loop(&mut app)
    };
    if let Err(e) = app.save_history() {
        eprintln!("idbench: could not save the history: {e}");
    }
    result.map(|()| 0)
}

fn event_loop(app: &mut App) -> std::io::Result<()> {
    let mut terminal = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
    terminal.clear()?;
    let mut mouse_on = app.mouse_capture();
    loop {
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
            return Ok(());
        }
        // Block for the next event, then take whatever else is already queued (a burst of
        // keys or a paste) before drawing again.
        let mut ev = event::next(Duration::from_secs(3600))?;
        while let Some(e) = ev.take() {
            app.handle(e);
            if app.should_quit() {
                break;
            }
            ev = event::next(Duration::ZERO)?;
        }
    }
}
