//! Any slicing and any chunking give the same answers, in every string layout; nulls stay
//! null; the kernels' fields and form keys are the command line's.

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef, BooleanArray, LargeStringArray, StringArray, StringViewArray, StructArray,
};
use arrow_schema::DataType;
use idbench::engine::Profile;
use idbench_arrow::{
    COMPONENT_NAMES, KernelError, components, equivalent, first_error, form_names, normalize,
    parse_profile, profile, resolve, valid,
};
use proptest::prelude::*;

const PIECES: &[&str] = &[
    "http://example.com/a/./b/%7e?q#f",
    "HTTP://Ex.COM:80/",
    "urn:isbn:0451450523",
    "URN:example:a?+r?=q#f",
    "urn:nbn:de:101-2019",
    "xri://=example*a/b",
    "@example!1234",
    "mailto:a@b",
    "http://exa mple/",
    "http://[::1",
    "%zz",
    "../g;x",
    "http://例え.テスト/",
    "",
    "a:b",
];

fn strings() -> impl Strategy<Value = Vec<Option<String>>> {
    prop::collection::vec(
        prop_oneof![
            1 => Just(None),
            6 => prop::sample::select(PIECES).prop_map(|s| Some(s.to_string())),
            2 => "[ -~\u{e9}\u{4e00}]{0,12}".prop_map(Some),
        ],
        0..40,
    )
}

fn layouts(v: &[Option<String>]) -> Vec<ArrayRef> {
    let refs: Vec<Option<&str>> = v.iter().map(|s| s.as_deref()).collect();
    vec![
        Arc::new(StringArray::from(refs.clone())),
        Arc::new(LargeStringArray::from(refs.clone())),
        Arc::new(StringViewArray::from(refs)),
    ]
}

/// Every kernel's answer for `arr`, as arrays (two-array kernels take `arr` and its
/// reverse).
fn answers(arr: &dyn Array, rev: &dyn Array) -> Vec<ArrayRef> {
    let p = None;
    let mut out: Vec<ArrayRef> = vec![
        Arc::new(valid(arr, p).unwrap()),
        Arc::new(valid(arr, parse_profile(Some("rfc3986")).unwrap()).unwrap()),
        Arc::new(first_error(arr, p).unwrap()),
        profile(arr).unwrap(),
        Arc::new(components(arr, p).unwrap()),
        Arc::new(equivalent(arr, rev, p).unwrap()),
        resolve(rev, arr, parse_profile(Some("rfc3986")).unwrap()).unwrap(),
    ];
    for form in ["canonical", "uri_normal", "display"] {
        out.push(normalize(arr, form, p).unwrap());
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn slices_and_chunks_give_the_same_answers(
        v in strings(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let rev_v: Vec<Option<String>> = v.iter().rev().cloned().collect();
        let n = v.len();
        for (arr, rev) in layouts(&v).into_iter().zip(layouts(&rev_v)) {
            let whole = answers(arr.as_ref(), rev.as_ref());
            // Nulls stay null, and only they (every kernel answers every string; the
            // struct kernels and `normalize` may answer null for a string too).
            for (k, a) in whole.iter().enumerate() {
                prop_assert_eq!(a.len(), n);
                for i in 0..n {
                    let null_in = v[i].is_none() || (matches!(k, 5 | 6) && rev_v[i].is_none());
                    if null_in {
                        prop_assert!(a.is_null(i), "kernel {} answered a null at {}", k, i);
                    } else if matches!(k, 0 | 1 | 3 | 5) {
                        prop_assert!(a.is_valid(i), "kernel {} gave null for a string", k);
                    }
                }
            }
            // Cut into chunks at the given points: each chunk's answers are the whole's.
            let mut bounds: Vec<usize> = cuts.iter().map(|c| c.index(n + 1)).collect();
            bounds.extend([0, n]);
            bounds.sort_unstable();
            for w in bounds.windows(2) {
                let (from, len) = (w[0], w[1] - w[0]);
                let chunk = arr.slice(from, len);
                // The reverse's matching chunk, so the pairs stay pairs.
                let rchunk = rev.slice(from, len);
                let part = answers(chunk.as_ref(), rchunk.as_ref());
                for (a, b) in whole.iter().zip(&part) {
                    prop_assert_eq!(&a.slice(from, len).to_data(), &b.to_data());
                }
            }
        }
    }
}

#[test]
fn nulls_stay_null_and_layouts_are_kept() {
    let arr = StringArray::from(vec![Some("urn:x:y"), None, Some("http://a b/")]);
    assert_eq!(
        valid(&arr, None).unwrap(),
        BooleanArray::from(vec![Some(true), None, Some(false)])
    );
    let fe = first_error(&arr, None).unwrap();
    assert!(fe.is_null(0) && fe.is_null(1) && fe.is_valid(2));
    let large = LargeStringArray::from(vec![Some("HTTP://A/"), None]);
    let out = normalize(&large, "canonical", None).unwrap();
    assert_eq!(out.data_type(), &DataType::LargeUtf8);
    let view = StringViewArray::from(vec![Some("HTTP://A/"), None]);
    assert_eq!(profile(&view).unwrap().data_type(), &DataType::Utf8View);
}

#[test]
fn arguments_are_refused_with_what_to_do() {
    let ints = arrow_array::Int32Array::from(vec![1]);
    assert!(matches!(
        valid(&ints, None),
        Err(KernelError::NotStrings(_))
    ));
    assert!(matches!(
        parse_profile(Some("rfc9999")),
        Err(KernelError::UnknownProfile(_))
    ));
    let arr = StringArray::from(vec!["a:b"]);
    let e = normalize(&arr, "nope", None).unwrap_err();
    assert!(e.to_string().contains("canonical"), "{e}");
    let two = StringArray::from(vec!["a:b", "c:d"]);
    assert_eq!(
        equivalent(&arr, &two, None).unwrap_err(),
        KernelError::Lengths(1, 2)
    );
}

#[test]
fn fields_are_the_json_keys() {
    let a = idbench::analyze("urn:example:a", &idbench::Options::full());
    let json = serde_json::to_value(idbench::json::ComponentsJson(a.components())).unwrap();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut sorted_names = COMPONENT_NAMES.to_vec();
    sorted_names.sort_unstable();
    let mut sorted_keys = keys.clone();
    sorted_keys.sort_unstable();
    assert_eq!(sorted_names, sorted_keys);
    let c: StructArray = components(&StringArray::from(vec!["urn:example:a"]), None).unwrap();
    let nss = c.column_by_name("nss").unwrap();
    let nss = nss.as_any().downcast_ref::<StringArray>().unwrap();
    assert_eq!(nss.value(0), "a");
    // Every key `forms --format json` prints for an XRI, a URI, a URN (with its namespace's
    // form) and a URL under the URL Standard is a form name, and normalize gives it.
    let inputs = [
        ("xri://=a", None),
        ("http://例え.テスト/", None),
        ("urn:example:a?=b", None),
        ("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", None),
        ("http://0x7f.1/#f", Profile::from_name("whatwg")),
    ];
    for (s, p) in inputs {
        let a = idbench::analyze(
            s,
            &idbench::Options {
                profile: p,
                ..idbench::Options::full()
            },
        );
        for (k, v) in a.forms.as_ref().unwrap().rows() {
            assert!(form_names().contains(&k), "{k}");
            let out = normalize(&StringArray::from(vec![s]), k, p).unwrap();
            let out = out.as_any().downcast_ref::<StringArray>().unwrap();
            assert_eq!(out.value(0), v, "{s}: {k}");
        }
    }
}
