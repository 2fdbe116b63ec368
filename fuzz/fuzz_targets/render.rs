//! The CLI's text and JSON renderers (what `idbench parse` prints) over the full analysis,
//! asserting that the output stays within a linear bound of the input
//! ([`idbench_fuzz::output_bound`]) and that the JSON parses back with the input unchanged.
//!
//! The renderers are called through the library (`idbench::cli::text`, `idbench::cli::json`).
#![no_main]

use idbench::cli::{json, text as render_text};
use idbench::engine::{Options, Profile, analyze};
use idbench_fuzz::{output_bound, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    let bound = output_bound(input.len());
    let mut analyses = vec![analyze(&input, &Options::full())];
    for p in Profile::ALL {
        analyses.push(analyze(&input, &Options::validate_only(Some(p))));
    }
    for a in &analyses {
        let t = render_text::analysis(a);
        assert!(
            t.len() <= bound,
            "text output {} bytes for {} input bytes under {}",
            t.len(),
            input.len(),
            a.profile
        );
        let j = json::analysis(a).to_string();
        assert!(
            j.len() <= bound,
            "JSON output {} bytes for {} input bytes under {}",
            j.len(),
            input.len(),
            a.profile
        );
        let back: serde_json::Value = serde_json::from_str(&j).expect("the JSON parses");
        assert_eq!(back["input"].as_str(), Some(&*input), "the JSON keeps the input");
    }
});
