//! The URL Standard's quick recognizer for batch checking (a descriptor's
//! [`quick`](crate::engine::descriptor::Descriptor::quick); the others are in
//! [`crate::engine::quick`]).

use crate::engine::descriptor::Quick;

/// The URL Standard's basic URL parser's verdict where [`super::verdict`]'s fast path
/// gives it without the state machine (the common shapes: exact, a failure named with its
/// validation error); "don't know" for the rest, which the machine's first-error mode
/// ([`super::first_error`]) answers: one run of the machine then gives a batch check both
/// the verdict and the failure's place, where a verdict here would run it twice on an
/// invalid line whose column is printed. Input that is not UTF-8 is left to the full
/// parse.
pub fn whatwg(b: &[u8]) -> Quick {
    let Ok(s) = std::str::from_utf8(b) else {
        return Quick::Unknown;
    };
    match super::fast::verdict(s) {
        Some(Ok(())) => Quick::Valid,
        Some(Err(code)) => Quick::Invalid(code.as_str()),
        None => Quick::Unknown,
    }
}
