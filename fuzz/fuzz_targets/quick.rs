//! The quick validator is sound (true ⇒ the full grammar finds no error) and the batch
//! checker's `first_error` agrees with `analyze`, under every profile and `auto`.
#![no_main]

use idbench_fuzz::{check_quick_and_first_error, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_quick_and_first_error(&text(data));
});
