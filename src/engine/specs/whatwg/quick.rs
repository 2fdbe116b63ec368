//! The URL Standard's quick recognizer for batch checking (a descriptor's
//! [`quick`](crate::engine::descriptor::Descriptor::quick); the others are in
//! [`crate::engine::quick`]).

use crate::engine::descriptor::Quick;

/// The URL Standard's basic URL parser's verdict: exact where it says valid, and where
/// [`super::verdict`]'s fast path names a failure (the common shapes); "don't know" for a
/// failure only the state machine finds, which the machine's first-error mode
/// ([`super::first_error`]) then names with its place, so that a batch check printing the
/// column needs no third run. Input that is not UTF-8 is left to the full parse.
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
            Err(_) => Quick::Unknown,
        },
    }
}
