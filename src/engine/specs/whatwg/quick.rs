//! The URL Standard's quick recognizer for batch checking (a descriptor's
//! [`quick`](crate::engine::descriptor::Descriptor::quick); the others are in
//! [`crate::engine::quick`]).

use crate::engine::descriptor::Quick;

/// The URL Standard's basic URL parser's verdict, exact: [`super::verdict`]'s fast path
/// where it answers (the common shapes), else the state machine's verdict run (no record),
/// with the failure's code, which is the code of the machine's first error. A batch check
/// that prints no place needs nothing more; one that prints the failure's place (a column,
/// an error object) asks [`super::first_error`] for it. Input that is not UTF-8 is left to
/// the full parse, and so is a machine's failure on input longer than
/// [`crate::engine::FULL_PARSE_LIMIT`].
pub fn whatwg(b: &[u8]) -> Quick {
    let Ok(s) = std::str::from_utf8(b) else {
        return Quick::Unknown;
    };
    match super::fast::verdict(s) {
        Some(Ok(())) => Quick::Valid,
        Some(Err(code)) => Quick::Invalid(code.as_str()),
        // The machine's verdict (the fast path has looked already).
        None => match super::parser::run_light(s, None, super::Mode::Verdict) {
            Ok(_) => Quick::Valid,
            // Past the full-parse limit a failure only the machine finds stays "don't
            // know": a batch check calls such a line `line-too-long`, as it calls the
            // other grammars' lines it cannot place.
            Err(_) if s.len() > crate::engine::FULL_PARSE_LIMIT => Quick::Unknown,
            Err(code) => Quick::Invalid(code.as_str()),
        },
    }
}
