//! The `idbench` binary: the workbench, or one of the commands.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    idbench::cli::run(idbench::cli::Cli::parse())
}
