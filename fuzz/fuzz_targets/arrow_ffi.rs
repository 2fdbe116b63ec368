//! Arbitrary string arrays (Utf8, LargeUtf8, Utf8View; offsets, views, validity bitmaps,
//! null counts and bytes that need not be UTF-8, the buffers sized as the C Data Interface
//! says) exported and imported through the C Data Interface as the Python package imports
//! them, then every kernel: the import refuses the malformed ones, accepts the well-formed
//! ones unchanged, and nothing crashes. The body is `idbench_arrow::fuzzing::run`, which
//! idbench-arrow/tests/ffi_fuzz.rs also runs on stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    idbench_arrow::fuzzing::run(data);
});
