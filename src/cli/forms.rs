//! `idbench forms`.

use super::*;

pub(super) fn run(args: &FormsArgs) -> std::io::Result<u8> {
    let _ = args;
    eprintln!("idbench forms: not available yet");
    Ok(2)
}
