//! The CLI's text and JSON renderers (what `idbench parse` prints) over the full analysis
//! and each profile's, asserting that the output stays within a linear bound of the input
//! ([`idbench_fuzz::output_bound`]) and that the JSON parses back with the input unchanged.
//!
//! The renderers are called through the library (`idbench::cli::text::analysis`,
//! `idbench::cli::json::AnalysisJson`).
#![no_main]

use idbench_fuzz::{check_renderers, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_renderers(&text(data));
});
