//! The URL Standard's quick recognizer for batch checking (a descriptor's
//! [`quick`](crate::engine::descriptor::Descriptor::quick); the others are in
//! [`crate::engine::quick`]).

use crate::engine::descriptor::Quick;

/// The URL Standard's basic URL parser, run without a tree: exact (the parse fails or it
/// does not, and a failure names its validation error), since the standard's verdict is
/// the state machine's. The common shapes are judged by [`super::verdict`]'s fast path
/// without the machine. Input that is not UTF-8 is left to the full parse.
pub fn whatwg(b: &[u8]) -> Quick {
    let Ok(s) = std::str::from_utf8(b) else {
        return Quick::Unknown;
    };
    match super::verdict(s) {
        Ok(()) => Quick::Valid,
        Err(code) => Quick::Invalid(code.as_str()),
    }
}
