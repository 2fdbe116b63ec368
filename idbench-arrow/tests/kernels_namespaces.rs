//! Issue 41's kernel items: the URN namespace layer's switch on the kernels
//! (`urn:uuid:not-a-uuid` is not valid with it), `normalize` computing only the form asked
//! (the same forms as `forms`, for every form, over the corpora), and the
//! `equivalence_key` kernel (the engine's key).

use arrow_array::{Array, BooleanArray, StringArray};
use idbench::engine::key;
use idbench::idsets;
use idbench::{Options, Profile, analyze};
use idbench_arrow::{
    equivalence_key, first_error_with, form_names, normalize_with, valid, valid_with,
};

fn corpus() -> Vec<String> {
    let mut v: Vec<String> = include_str!("../../tests/data/validate-sample.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("== "))
        .map(str::to_string)
        .collect();
    v.extend(idsets::all().into_iter().map(|e| e.id));
    v.extend(
        [
            "urn:uuid:not-a-uuid",
            "urn:ISBN:0-451-45052-4",
            "urn:ISBN:0-451-45052-3",
            "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
            "http://bücher.example:80",
            "not an identifier",
            "",
        ]
        .map(String::from),
    );
    v.sort();
    v.dedup();
    v
}

#[test]
fn namespaces_switch_judges_the_nss() {
    let ids = StringArray::from(vec![
        Some("urn:uuid:not-a-uuid"),
        Some("urn:isbn:0-451-45052-4"),
        Some("urn:isbn:0-451-45052-3"),
        Some("http://example.com/"),
        None,
        Some("urn:example:anything"),
    ]);
    assert_eq!(
        valid(&ids, None).unwrap(),
        BooleanArray::from(vec![
            Some(true),
            Some(true),
            Some(true),
            Some(true),
            None,
            Some(true)
        ])
    );
    assert_eq!(
        valid_with(&ids, None, true).unwrap(),
        BooleanArray::from(vec![
            Some(false),
            Some(false),
            Some(true),
            Some(true),
            None,
            Some(true)
        ])
    );
    let fe = first_error_with(&ids, None, true).unwrap();
    let code = fe
        .column_by_name("code")
        .unwrap()
        .as_any()
        .downcast_ref::<StringArray>()
        .unwrap()
        .clone();
    assert_eq!(code.value(0), "namespace-nss-invalid");
    assert_eq!(code.value(1), "namespace-check-digit");
    assert!(fe.is_null(2) && fe.is_null(3) && fe.is_null(4));
    let fe = first_error_with(&ids, None, false).unwrap();
    assert!(fe.is_null(0) && fe.is_null(1));
}

#[test]
fn normalize_gives_the_forms_of_forms_for_every_form() {
    let c = corpus();
    let arr = StringArray::from(c.iter().map(|s| Some(s.as_str())).collect::<Vec<_>>());
    for profile in [None, Some(Profile::Rfc3987), Some(Profile::Rfc8141)] {
        for ns in [true, false] {
            let analyses: Vec<_> = c
                .iter()
                .map(|x| {
                    analyze(
                        x,
                        &Options {
                            profile,
                            forms: true,
                            all_profiles: false,
                            namespace: ns,
                            scheme_spec: ns,
                            equivalence_key: true,
                        },
                    )
                })
                .collect();
            for form in form_names().into_iter().chain(["equivalence_key"]) {
                let out = normalize_with(&arr, form, profile, ns).unwrap();
                let out = out.as_any().downcast_ref::<StringArray>().unwrap();
                for (i, a) in analyses.iter().enumerate() {
                    let want = a.forms.as_ref().and_then(|f| f.get(form));
                    let got = out.is_valid(i).then(|| out.value(i));
                    assert_eq!(got, want, "{form} of {:?} under {profile:?}, ns {ns}", c[i]);
                }
            }
        }
    }
}

#[test]
fn the_equivalence_key_kernel_is_the_engine_s_key() {
    let c = corpus();
    let arr = StringArray::from(c.iter().map(|s| Some(s.as_str())).collect::<Vec<_>>());
    let out = equivalence_key(&arr, None, true).unwrap();
    let out = out.as_any().downcast_ref::<StringArray>().unwrap();
    for (i, x) in c.iter().enumerate() {
        assert_eq!(out.value(i), key::equivalence_key(x, None, true), "{x:?}");
    }
    let isbn = StringArray::from(vec![
        "urn:ISBN:0-451-45052-3",
        "urn:isbn:978-0-451-45052-4",
        "urn:ISBN:0-451-45052-4",
    ]);
    let k = equivalence_key(&isbn, None, true).unwrap();
    let k = k.as_any().downcast_ref::<StringArray>().unwrap();
    assert_eq!(k.value(0), k.value(1));
    assert_ne!(k.value(0), k.value(2));
}
