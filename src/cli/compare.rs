//! `idbench compare`.

use super::*;

pub(super) fn run(args: &CompareArgs) -> std::io::Result<u8> {
    let _ = args;
    eprintln!("idbench compare: not available yet");
    Ok(2)
}
