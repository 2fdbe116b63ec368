//! `idbench present` and `idbench replay`: decks of steps shown through the workbench's own
//! drawing.

use clap::{Args, ValueEnum};

/// Examples for `idbench present --help`.
pub const PRESENT_HELP: &str = "\
Keys: Space, PgDn or Right: next step; Backspace, PgUp or Left: previous (replayed from its
start); Home, End: first, last; n: the notes; Ctrl-S then s or h: save the screen as
idbench-screen-NN.svg or .html in the working directory; q, Esc or Ctrl-C: quit.

Examples:
  idbench present examples/decks/rfc2141-vs-rfc8141.toml

The deck format: docs/presenting.md.";
/// Examples for `idbench replay --help`.
pub const REPLAY_HELP: &str = "\
Each step is written to DIR/NN-NAME.EXT (NN from 01), the same bytes every run. A caption
longer than a third of the deck's rows is cut with … and a warning names the step.

Examples:
  idbench replay examples/decks/xri-cross-references.toml --export slides
  idbench replay deck.toml --export out --format txt";

/// `idbench present`.
#[derive(Args, Debug)]
pub struct PresentArgs {
    /// The deck: a TOML file of steps.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub deck: std::path::PathBuf,
    /// Let a step's `grammar`, and the deck's `theme`, name a file outside the deck's
    /// folder (an absolute path, `..`, a link that leads out). Without it such a file is
    /// refused: a deck from someone else cannot make idbench read your files.
    #[arg(long)]
    pub allow_outside_grammar: bool,
}

/// `idbench replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The deck: a TOML file of steps.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub deck: std::path::PathBuf,
    /// The folder the steps are written to, as `NN-NAME.EXT` (created if missing).
    #[arg(long, value_hint = clap::ValueHint::DirPath)]
    pub export: std::path::PathBuf,
    /// Let a step's `grammar`, and the deck's `theme`, name a file outside the deck's
    /// folder (as `present --allow-outside-grammar`).
    #[arg(long)]
    pub allow_outside_grammar: bool,
    /// svg, html or txt.
    #[arg(long, short, value_enum, default_value_t = ExportFormat::Svg)]
    pub format: ExportFormat,
}

/// What `replay --export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ExportFormat {
    /// SVG: one `<text>` per screen row.
    #[default]
    Svg,
    /// HTML: a `<pre>` with one line per row.
    Html,
    /// Plain text: the deck's rows, each at most its width.
    Txt,
}

use std::io::Write as _;

use crate::cases::GrammarPaths;
use crate::tui::present::export::{self, Format};
use crate::tui::present::{Deck, deck::file_safe, show};

/// Says `msg` (already safe) on stderr and returns exit code 2.
fn fail(msg: &str) -> std::io::Result<u8> {
    // Not eprintln!: it panics when stderr is closed.
    let _ = writeln!(std::io::stderr(), "idbench: {msg}");
    Ok(2)
}

/// Runs `idbench present`.
pub fn present(args: &PresentArgs) -> std::io::Result<u8> {
    match Deck::load_with(
        &args.deck,
        GrammarPaths::from_flag(args.allow_outside_grammar),
    ) {
        Ok(deck) => {
            // Said before the screen is taken: the main screen keeps it, so it is there
            // again after q.
            for i in 0..deck.steps.len() {
                warn_cut_caption("present", &deck, i);
            }
            show::run(deck)
        }
        Err(e) => fail(&e),
    }
}

/// Warns on stderr (`warning[caption-cut]`) when step `i`'s caption is cut on its bar.
fn warn_cut_caption(command: &str, deck: &Deck, i: usize) {
    let (Some(step), Some(bar)) = (deck.steps.get(i), show::deck_bar(deck, i)) else {
        return;
    };
    if bar.cut() {
        // The name is escaped when the deck is read.
        let _ = writeln!(
            std::io::stderr(),
            "{command}: warning[caption-cut]: step {} {:?}: the caption needs {} rows and the bar holds {} (a third of the deck's {} rows), so it is cut with …; shorten the caption or make the deck taller (size)",
            step.number,
            step.name,
            bar.needed,
            bar.rows.len(),
            deck.size.1
        );
    }
}

impl ExportFormat {
    fn format(self) -> Format {
        match self {
            ExportFormat::Svg => Format::Svg,
            ExportFormat::Html => Format::Html,
            ExportFormat::Txt => Format::Txt,
        }
    }
}

/// The file step `step` is written to: `NN-NAME.EXT`.
pub fn file_name(step: &crate::tui::present::Step, format: Format) -> String {
    format!(
        "{:02}-{}.{}",
        step.number,
        file_safe(&step.name),
        format.extension()
    )
}

/// Runs `idbench replay`: every step to `DIR/NN-NAME.EXT`. The folder is created if
/// missing (0700) and refused when it is a link, not a folder or another user's; each file
/// is written beside its name and renamed over it (a link planted there is replaced, not
/// followed), 0600. Every error names the folder. A terminating signal (SIGTERM, SIGHUP,
/// SIGINT, SIGQUIT) stops it between two steps, or while a file is written (its temporary
/// file removed): the exit code is then 128 + the signal, the files already renamed into
/// place stay, and no temporary file is left.
pub fn replay(args: &ReplayArgs) -> std::io::Result<u8> {
    let deck = match Deck::load_with(
        &args.deck,
        GrammarPaths::from_flag(args.allow_outside_grammar),
    ) {
        Ok(d) => d,
        Err(e) => return fail(&e),
    };
    let stop = Stop::catch()?;
    let format = args.format.format();
    // Every step is drawn before anything is written: a step that does not replay leaves
    // the folder as it was.
    let mut files = Vec::with_capacity(deck.steps.len());
    for (i, step) in deck.steps.iter().enumerate() {
        if let Some(code) = stop.code() {
            return Ok(code);
        }
        let slide = match show::slide(&deck, i) {
            Ok(b) => b,
            Err(e) => return fail(&e),
        };
        warn_cut_caption("replay", &deck, i);
        let text = export::render(&slide, &deck.theme_loaded, format, &show::title(&deck, i));
        files.push((file_name(step, format), text));
    }
    write_all(&args.export, &files, &stop)
}

/// The terminating signals caught while `replay` runs: each sets a flag looked at between
/// two steps and two writes, so a temporary file is removed before the exit.
struct Stop {
    got: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    ids: Vec<signal_hook::SigId>,
}

impl Stop {
    fn catch() -> std::io::Result<Stop> {
        let got = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut ids = Vec::new();
        for sig in crate::tui::SIGNALS {
            let n = usize::try_from(sig).unwrap_or(1);
            ids.push(signal_hook::flag::register_usize(
                sig,
                std::sync::Arc::clone(&got),
                n,
            )?);
        }
        Ok(Stop { got, ids })
    }

    /// The exit code for the signal received, if one was: 128 + it.
    fn code(&self) -> Option<u8> {
        match self.got.load(std::sync::atomic::Ordering::SeqCst) {
            0 => None,
            n => Some(u8::try_from(128 + n).unwrap_or(255)),
        }
    }
}

impl Drop for Stop {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// `--export DIR: what`, the folder named (escaped) once: `e` says it already when the
/// folder was refused.
fn export_error(dir: &std::path::Path, e: &std::io::Error) -> String {
    let shown = crate::files::private::shown(dir);
    let what = crate::safe_text::escape(&e.to_string()).into_owned();
    if what.starts_with(&shown) {
        format!("--export {what}")
    } else {
        format!("--export {shown}: {what}")
    }
}

#[cfg(unix)]
fn write_all(
    dir: &std::path::Path,
    files: &[(String, String)],
    stop: &Stop,
) -> std::io::Result<u8> {
    use crate::files::private;
    let fd = match private::open_dir(dir, true) {
        Ok(Some(fd)) => fd,
        Ok(None) => {
            return fail(&format!(
                "--export {}: could not be created; name a folder that can be",
                private::shown(dir)
            ));
        }
        Err(e) => return fail(&export_error(dir, &e)),
    };
    for (name, text) in files {
        match write_one(&fd, name, text.as_bytes(), stop) {
            Ok(None) => {}
            Ok(Some(code)) => return Ok(code),
            Err(e) => {
                return fail(&format!(
                    "--export {}: {name}: {}",
                    private::shown(dir),
                    crate::safe_text::escape(&e.to_string())
                ));
            }
        }
    }
    if let Some(code) = stop.code() {
        return Ok(code);
    }
    let _ = writeln!(
        std::io::stderr(),
        "replay: {} written to {}",
        if files.len() == 1 {
            "1 step".to_string()
        } else {
            format!("{} steps", files.len())
        },
        private::shown(dir)
    );
    Ok(0)
}

/// Writes `bytes` as `name` in `dir` as [`write_replacing`](crate::files::private::write_replacing)
/// does (a temporary file beside it, renamed over it), looking at `stop` after each stage:
/// `Ok(Some(code))` when a signal came, the temporary file removed (as it is after an
/// error).
#[cfg(unix)]
fn write_one(
    dir: &std::os::fd::OwnedFd,
    name: &str,
    bytes: &[u8],
    stop: &Stop,
) -> std::io::Result<Option<u8>> {
    use crate::files::private;
    if let Some(code) = stop.code() {
        return Ok(Some(code));
    }
    let (mut f, tmp) = private::create_temp(dir, name)?;
    let r = (|| {
        f.write_all(bytes)?;
        #[cfg(debug_assertions)]
        test_hooks::stall_export(stop);
        if let Some(code) = stop.code() {
            return Ok(Some(code));
        }
        f.sync_all()?;
        if let Some(code) = stop.code() {
            return Ok(Some(code));
        }
        private::rename(dir, &tmp, name)?;
        Ok(None)
    })();
    if !matches!(r, Ok(None)) {
        let _ = private::remove(dir, &tmp);
    }
    r
}

/// A hook for the signal test, compiled only into debug builds (the ones `cargo test`
/// runs): `IDBENCH_TEST_STALL_EXPORT_MS=N` makes `replay` wait up to N ms (or until a
/// signal) with each temporary file written and not yet renamed, so that a signal can be
/// sent while one is there.
#[cfg(debug_assertions)]
mod test_hooks {
    pub(super) fn stall_export(stop: &super::Stop) {
        let ms: u64 = std::env::var("IDBENCH_TEST_STALL_EXPORT_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let until = std::time::Instant::now() + std::time::Duration::from_millis(ms);
        while stop.code().is_none() && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

#[cfg(not(unix))]
fn write_all(
    dir: &std::path::Path,
    _files: &[(String, String)],
    _stop: &Stop,
) -> std::io::Result<u8> {
    fail(&format!(
        "--export {}: replay writes files privately, which needs a Unix system",
        crate::files::private::shown(dir)
    ))
}
