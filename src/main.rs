//! The `idbench` binary: the workbench, or one of the commands.

use std::process::ExitCode;

fn main() -> ExitCode {
    match idbench::cli::parse_args(std::env::args_os().collect()) {
        Ok(cli) => idbench::cli::run(cli),
        Err(code) => code,
    }
}
