//! Parses the input under every profile and under `auto` with everything on (one keystroke
//! of the workbench), and checks the tree's invariants.
#![no_main]

use idbench::engine::{Options, Profile, analyze};
use idbench_fuzz::{check_analysis, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    for p in Profile::ALL {
        let a = analyze(&input, &Options::validate_only(Some(p)));
        assert_eq!(a.profile, p);
        check_analysis(&input, &a);
    }
    let a = analyze(&input, &Options::full());
    check_analysis(&input, &a);
    assert_eq!(a.verdicts.len(), Profile::ALL.len());
});
