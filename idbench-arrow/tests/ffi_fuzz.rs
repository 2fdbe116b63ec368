//! The `arrow_ffi` fuzz target's body (`idbench_arrow::fuzzing::run`) on random bytes, so
//! `cargo test` runs it on the stable toolchain: arbitrary string arrays (offsets, views,
//! validity, null counts, bytes that are not UTF-8) through the C Data Interface import and
//! every kernel, never a crash. PROPTEST_CASES sets how many (256 by default); a long run:
//! `PROPTEST_CASES=1000000 PROPTEST_RNG_SEED=$RANDOM cargo test --release -p idbench-arrow
//! --test ffi_fuzz`.

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig {
        // The cases come from PROPTEST_CASES when it is set.
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256),
        max_shrink_iters: 2_000,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_arrays_never_crash_the_import_or_a_kernel(
        bytes in prop::collection::vec(any::<u8>(), 0..600)
    ) {
        idbench_arrow::fuzzing::run(&bytes);
    }
}
