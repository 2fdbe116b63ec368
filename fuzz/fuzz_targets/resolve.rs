//! Resolves a reference against a base under every profile. Input: `base\nreference`, or a
//! lone reference resolved against the spec's example base. A target is stable (resolving it
//! again gives itself) and, from a valid base and reference, valid.
#![no_main]

use idbench::engine::Profile;
use idbench::engine::resolve::resolve;
use idbench_fuzz::{check_diagnostics, check_resolution, example_base, split2, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    for p in Profile::ALL {
        let (base, reference) = match split2(&input) {
            (b, Some(r)) => (b, r),
            (r, None) => (example_base(p), r),
        };
        let r = resolve(base, reference, p);
        check_diagnostics(reference, &r.diagnostics);
        check_diagnostics(base, &r.base_diagnostics);
        check_resolution(base, reference, p);
    }
});
