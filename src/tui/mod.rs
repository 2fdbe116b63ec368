//! The workbench: a live terminal UI over the engine.

use crate::cli::TuiArgs;

/// Opens the workbench; returns the exit code.
pub fn run(args: TuiArgs) -> std::io::Result<u8> {
    let _ = args;
    eprintln!("idbench: the workbench is not available yet; try `idbench parse ID`");
    Ok(2)
}
