//! `idbench present` and `idbench replay`: decks of steps shown through the workbench's own
//! drawing.

use clap::{Args, ValueEnum};

/// Examples for `idbench present --help`.
pub const PRESENT_HELP: &str = "";
/// Examples for `idbench replay --help`.
pub const REPLAY_HELP: &str = "";

/// `idbench present`.
#[derive(Args, Debug)]
pub struct PresentArgs {
    /// The deck: a TOML file of steps.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub deck: std::path::PathBuf,
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

/// Runs `idbench present`.
pub fn present(_args: &PresentArgs) -> std::io::Result<u8> {
    Err(std::io::Error::other("present: not built yet"))
}

/// Runs `idbench replay`.
pub fn replay(_args: &ReplayArgs) -> std::io::Result<u8> {
    Err(std::io::Error::other("replay: not built yet"))
}
