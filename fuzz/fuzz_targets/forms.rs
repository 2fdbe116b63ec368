//! Computes the normal forms under every profile, then analyses each form again (a form is
//! an identifier too, and the workbench lets the user click through to it).
#![no_main]

use idbench::engine::{Options, Profile, analyze};
use idbench_fuzz::{check_analysis, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    for p in Profile::ALL {
        let opts = Options {
            profile: Some(p),
            forms: true,
            all_profiles: false,
        };
        let a = analyze(&input, &opts);
        check_analysis(&input, &a);
        let Some(forms) = &a.forms else {
            panic!("forms asked for but not computed under {p}");
        };
        for (_, value) in forms.rows() {
            let again = analyze(value, &opts);
            check_analysis(value, &again);
        }
    }
});
