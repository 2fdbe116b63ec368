//! `idbench resolve`.

use super::*;

pub(super) fn run(args: &ResolveArgs) -> std::io::Result<u8> {
    let _ = args;
    eprintln!("idbench resolve: not available yet");
    Ok(2)
}
