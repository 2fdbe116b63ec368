//! A kernel run under `interrupt::interruptible` stops between elements when its check says
//! so (issue 34, item 10: the Python package turns Ctrl-C into `KeyboardInterrupt` this
//! way); without it, or while the check says go on, the answers are the same.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use arrow_array::{ArrayRef, StringArray};
use idbench_arrow::interrupt::interruptible;
use idbench_arrow::{
    KernelError, components, equivalent, first_error, normalize, profile, resolve, valid,
};

fn ids(n: usize) -> StringArray {
    StringArray::from(
        (0..n)
            .map(|i| format!("http://example.com/{i}"))
            .collect::<Vec<_>>(),
    )
}

/// Every kernel over `a`, as `Result`s.
fn all(a: &StringArray) -> Vec<Result<ArrayRef, KernelError>> {
    vec![
        valid(a, None).map(|x| Arc::new(x) as ArrayRef),
        first_error(a, None).map(|x| Arc::new(x) as ArrayRef),
        profile(a),
        components(a, None).map(|x| Arc::new(x) as ArrayRef),
        normalize(a, "canonical", None),
        equivalent(a, a, None).map(|x| Arc::new(x) as ArrayRef),
        resolve(a, a, None),
    ]
}

#[test]
fn every_kernel_stops_when_the_check_says_so() {
    let a = ids(50);
    for (k, r) in interruptible(Duration::ZERO, || true, || all(&a))
        .into_iter()
        .enumerate()
    {
        assert_eq!(r.err(), Some(KernelError::Interrupted), "kernel {k}");
    }
}

#[test]
fn it_stops_between_elements_not_after_the_last() {
    // The check says stop on its third call: a kernel over 50 elements (with a zero
    // period, a call at the first element and at one in 16 after it: elements 0, 16 and
    // 32) stops there, before its last element.
    let calls = Rc::new(Cell::new(0));
    let c = calls.clone();
    let r = interruptible(
        Duration::ZERO,
        move || {
            c.set(c.get() + 1);
            c.get() == 3
        },
        || valid(&ids(50), None),
    );
    assert_eq!(r, Err(KernelError::Interrupted));
    assert_eq!(calls.get(), 3);
}

#[test]
fn a_check_that_says_go_on_changes_nothing() {
    let a = ids(20);
    let plain: Vec<ArrayRef> = all(&a).into_iter().map(Result::unwrap).collect();
    let checked = interruptible(Duration::ZERO, || false, || all(&a));
    let checked: Vec<ArrayRef> = checked.into_iter().map(Result::unwrap).collect();
    assert_eq!(plain, checked);
}

#[test]
fn the_period_spaces_the_checks() {
    // A period longer than the run: the check is never asked.
    let asked = Rc::new(Cell::new(false));
    let a2 = asked.clone();
    let r = interruptible(
        Duration::from_secs(3600),
        move || {
            a2.set(true);
            true
        },
        || valid(&ids(50), None),
    );
    assert!(r.is_ok());
    assert!(!asked.get());
}

#[test]
fn the_check_ends_with_its_scope_and_nests() {
    let a = ids(5);
    let inner = interruptible(
        Duration::ZERO,
        || false,
        || {
            let nested = interruptible(Duration::ZERO, || true, || valid(&a, None));
            assert_eq!(nested, Err(KernelError::Interrupted));
            // The outer check is back: it says go on.
            valid(&a, None)
        },
    );
    assert!(inner.is_ok());
    // Outside every scope nothing is asked.
    assert!(valid(&a, None).is_ok());
    // A check that runs a kernel itself (a Python signal handler may) is not asked again
    // from inside.
    let r = interruptible(
        Duration::ZERO,
        || valid(&ids(3), None).is_err(),
        || valid(&a, None),
    );
    assert!(r.is_ok());
}
