//! Computes the normal forms under every profile, then analyses each form again (a form is
//! an identifier too, and the workbench lets the user click through to it). A valid input's
//! canonical form is valid, its forms are idempotent where the spec says so, and it is
//! equivalent to itself and to its canonical form.
#![no_main]

use idbench::engine::{Options, Profile, analyze};
use idbench_fuzz::{check_analysis, check_compare_with_itself, check_forms_of_valid, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    for p in Profile::ALL {
        let opts = Options {
            profile: Some(p),
            forms: true,
            all_profiles: false,
            namespace: false,
            scheme_spec: false,
            equivalence_key: true,
        };
        let a = analyze(&input, &opts);
        check_analysis(&input, &a);
        check_forms_of_valid(&input, p, &a);
        check_compare_with_itself(&input, p, &a);
        let Some(forms) = &a.forms else {
            panic!("forms asked for but not computed under {p}");
        };
        for (_, value) in forms.rows() {
            let again = analyze(value, &opts);
            check_analysis(value, &again);
        }
    }
});
