//! Compares two identifiers under every profile and under `auto`, with every option. Input:
//! `a\nb`, or one identifier compared with itself (which must be equivalent to itself when
//! it is valid).
#![no_main]

use idbench::engine::Profile;
use idbench::engine::equiv::{CompareOptions, Objective, SideForm, compare};
use idbench_fuzz::{check_analysis, split2, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the options, the rest is the pair.
    let (flags, rest) = data.split_first().map_or((0, data), |(f, r)| (*f, r));
    let input = text(rest);
    let (a, b) = split2(&input);
    let b = b.unwrap_or(a);
    let form = |bits: u8| match bits % 3 {
        0 => SideForm::AsIs,
        1 => SideForm::IriNormal,
        _ => SideForm::UriNormal,
    };
    let profiles = Profile::ALL.into_iter().map(Some).chain([None]);
    for profile in profiles {
        let opts = CompareOptions {
            profile,
            objective: if flags & 1 == 0 {
                Objective::Names
            } else {
                Objective::Cache
            },
            ignore_dollar: flags & 2 != 0,
            a_form: form(flags >> 2),
            b_form: form(flags >> 4),
        };
        let v = compare(a, b, &opts);
        // Symmetric: B against A (with the sides' forms swapped) gives the same answer.
        let swapped = CompareOptions {
            a_form: opts.b_form,
            b_form: opts.a_form,
            ..opts.clone()
        };
        assert_eq!(
            compare(b, a, &swapped).equivalent,
            v.equivalent,
            "{a:?} / {b:?} under {profile:?}: not symmetric"
        );
        check_analysis(a, &v.a);
        check_analysis(b, &v.b);
        if let Some(d) = &v.difference {
            assert!(
                a.get(d.a.start..d.a.end).is_some(),
                "difference span off side A"
            );
            assert!(
                b.get(d.b.start..d.b.end).is_some(),
                "difference span off side B"
            );
        }
        if a == b && v.a.valid() && opts.a_form == opts.b_form {
            assert!(
                v.equivalent,
                "{a:?} is not equivalent to itself under {profile:?}"
            );
        }
    }
});
