//! The kernels' direct paths (issue 41's 1 M rows/s: `normalize` and `equivalence_key`
//! under `auto` write into the builder through `idbench::engine::key::fast`) give what the
//! engine's general path gives, row by row, in each string layout, with nulls kept: over a
//! slice of the benchmark's mixed corpus, with the namespace layer on and off.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use idbench::engine::key::slow_key;
use idbench::engine::{Options, analyze, first_error, forms, specs};
use idbench_arrow::{equivalence_key, normalize_with};

fn lines() -> Vec<Option<&'static str>> {
    let mut v: Vec<Option<&str>> = include_str!("../../tests/data/kernel-mix.txt")
        .lines()
        .map(Some)
        .collect();
    v.insert(0, None);
    v.insert(7, None);
    v.push(Some(""));
    v.push(None);
    v
}

fn layouts(v: &[Option<&str>]) -> Vec<ArrayRef> {
    vec![
        Arc::new(StringArray::from(v.to_vec())),
        Arc::new(LargeStringArray::from(v.to_vec())),
        Arc::new(StringViewArray::from(v.to_vec())),
    ]
}

/// Element `i` of a string array of any layout.
fn get(a: &dyn Array, i: usize) -> Option<String> {
    if a.is_null(i) {
        return None;
    }
    let any = a.as_any();
    let s = if let Some(x) = any.downcast_ref::<StringArray>() {
        x.value(i)
    } else if let Some(x) = any.downcast_ref::<LargeStringArray>() {
        x.value(i)
    } else {
        any.downcast_ref::<StringViewArray>()?.value(i)
    };
    Some(s.to_string())
}

/// The form by the engine's general path, as the kernel computed it before.
fn slow_form(x: &str, form: &str, namespaces: bool) -> Option<String> {
    if form == "canonical_namespace" {
        let opts = Options {
            all_profiles: false,
            namespace: namespaces,
            scheme_spec: namespaces,
            ..Options::full()
        };
        let a = analyze(x, &opts);
        return a
            .forms
            .as_ref()
            .and_then(|f| f.get(form))
            .map(str::to_string);
    }
    let p = first_error(x, None).0;
    let (tree, _) = specs::parse(p, x);
    forms::compute(x, &p.descriptor(), &tree)
        .get(form)
        .map(str::to_string)
}

#[test]
fn the_key_kernel_is_the_general_path_in_every_layout() {
    let v = lines();
    for ns in [true, false] {
        for arr in layouts(&v) {
            let out = equivalence_key(arr.as_ref(), None, ns).unwrap();
            assert_eq!(out.data_type(), arr.data_type());
            assert_eq!(out.len(), v.len());
            for (i, x) in v.iter().enumerate() {
                let want = x.map(|x| slow_key(x, None, ns));
                assert_eq!(get(out.as_ref(), i), want, "{x:?}, namespaces {ns}");
            }
        }
    }
}

#[test]
fn the_normalize_kernel_is_the_general_path_in_every_layout() {
    let v = lines();
    for form in ["canonical", "canonical_namespace"] {
        for ns in [true, false] {
            for arr in layouts(&v) {
                let out = normalize_with(arr.as_ref(), form, None, ns).unwrap();
                assert_eq!(out.data_type(), arr.data_type());
                for (i, x) in v.iter().enumerate() {
                    let want = x.and_then(|x| slow_form(x, form, ns));
                    assert_eq!(
                        get(out.as_ref(), i),
                        want,
                        "{form} of {x:?}, namespaces {ns}"
                    );
                }
            }
        }
    }
}
