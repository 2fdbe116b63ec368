//! Arrays from outside are checked before a kernel reads them (issue 34, item 1): a string
//! array with invalid UTF-8, offsets out of order or out of bounds, views off their
//! buffers, or a null count that lies is `Malformed`, naming the element where it can;
//! through the C Data Interface (`ffi::round_trip`, the Python package's path) and
//! directly (`ffi::checked`). Arrays are made with arrow's unchecked constructor, as a
//! foreign producer hands them over.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, Int32Array, LargeStringArray, StringArray, StringViewArray};
use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::DataType;
use idbench_arrow::ffi::{checked, round_trip};
use idbench_arrow::{KernelError, equivalent, resolve, valid};

/// A `Utf8` array of `values` cut at `offsets`, unchecked.
fn utf8(offsets: &[i32], values: &[u8], nulls: Option<&[u8]>, offset: usize) -> ArrayData {
    let len = offsets.len() - 1 - offset;
    let mut b = ArrayData::builder(DataType::Utf8)
        .len(len)
        .offset(offset)
        .add_buffer(Buffer::from_slice_ref(offsets))
        .add_buffer(Buffer::from_slice_ref(values));
    if let Some(bits) = nulls {
        b = b.null_bit_buffer(Some(Buffer::from_slice_ref(bits)));
    }
    // SAFETY: the buffers are as long as the length, offset and last offset say; their
    // contents are what the tests check.
    unsafe { b.build_unchecked() }
}

fn large_utf8(offsets: &[i64], values: &[u8]) -> ArrayData {
    let b = ArrayData::builder(DataType::LargeUtf8)
        .len(offsets.len() - 1)
        .add_buffer(Buffer::from_slice_ref(offsets))
        .add_buffer(Buffer::from_slice_ref(values));
    // SAFETY: as `utf8`.
    unsafe { b.build_unchecked() }
}

fn inline_view(bytes: &[u8]) -> u128 {
    let mut v = [0u8; 16];
    v[..4].copy_from_slice(&(bytes.len() as u32).to_le_bytes());
    v[4..4 + bytes.len()].copy_from_slice(bytes);
    u128::from_le_bytes(v)
}

fn outline_view(len: u32, prefix: &[u8], buffer: u32, offset: u32) -> u128 {
    let p = u32::from_le_bytes([prefix[0], prefix[1], prefix[2], prefix[3]]);
    u128::from(len)
        | (u128::from(p) << 32)
        | (u128::from(buffer) << 64)
        | (u128::from(offset) << 96)
}

fn utf8_view(views: &[u128], data: &[&[u8]]) -> ArrayData {
    let mut b = ArrayData::builder(DataType::Utf8View)
        .len(views.len())
        .add_buffer(Buffer::from_slice_ref(views));
    for d in data {
        b = b.add_buffer(Buffer::from_slice_ref(d));
    }
    // SAFETY: as `utf8` (a view per slot).
    unsafe { b.build_unchecked() }
}

/// Both paths refuse `data` as malformed, with a message holding `says`.
fn refused(data: ArrayData, says: &str) {
    for (how, r) in [
        ("import", round_trip(&data)),
        ("check", checked(data.clone())),
    ] {
        match r {
            Err(KernelError::Malformed(m)) => {
                assert!(m.contains(says), "{how}: {m:?} does not say {says:?}")
            }
            other => panic!("{how}: expected Malformed, got {other:?}"),
        }
    }
}

/// Both paths accept `data`, reading `expect`.
fn accepted(data: ArrayData, expect: &[Option<&str>]) -> Vec<ArrayRef> {
    let mut out = Vec::new();
    for r in [round_trip(&data), checked(data.clone())] {
        let arr = r.expect("accepted");
        arr.to_data()
            .validate_full()
            .expect("valid as arrow checks it");
        let got: Vec<Option<String>> = (0..arr.len())
            .map(|i| {
                (!arr.is_null(i)).then(|| match arr.data_type() {
                    DataType::Utf8 => arr
                        .as_any()
                        .downcast_ref::<StringArray>()
                        .unwrap()
                        .value(i)
                        .to_string(),
                    DataType::LargeUtf8 => arr
                        .as_any()
                        .downcast_ref::<LargeStringArray>()
                        .unwrap()
                        .value(i)
                        .to_string(),
                    _ => arr
                        .as_any()
                        .downcast_ref::<StringViewArray>()
                        .unwrap()
                        .value(i)
                        .to_string(),
                })
            })
            .collect();
        let expect: Vec<Option<String>> = expect.iter().map(|s| s.map(String::from)).collect();
        assert_eq!(got, expect);
        out.push(arr);
    }
    out
}

#[test]
fn one_invalid_byte_is_refused_naming_the_element() {
    // "http://a/", "\xff", "urn:x": the case.
    refused(
        utf8(&[0, 9, 10, 15], b"http://a/\xffurn:x", None, 0),
        "element 1 is not UTF-8",
    );
    refused(
        large_utf8(&[0, 9, 10, 15], b"http://a/\xffurn:x"),
        "element 1 is not UTF-8",
    );
    // A truncated character, a lone continuation, a surrogate.
    refused(
        utf8(&[0, 2, 3], b"a\xc3b", None, 0),
        "element 0 is not UTF-8",
    );
    refused(
        utf8(&[0, 1, 2], b"a\x80", None, 0),
        "element 1 is not UTF-8",
    );
    refused(
        utf8(&[0, 3], b"\xed\xa0\x80", None, 0),
        "element 0 is not UTF-8",
    );
    // A character cut between two elements: each half alone is not UTF-8.
    refused(
        utf8(&[0, 1, 2], "\u{e9}".as_bytes(), None, 0),
        "element 0 is not UTF-8",
    );
}

#[test]
fn views_with_invalid_bytes_are_refused_inline_and_out_of_line() {
    refused(
        utf8_view(&[inline_view(b"ok"), inline_view(b"a\xffb")], &[]),
        "element 1 is not UTF-8",
    );
    let long = b"http://example.com/\xff";
    refused(
        utf8_view(&[outline_view(long.len() as u32, long, 0, 0)], &[long]),
        "element 0 is not UTF-8",
    );
}

#[test]
fn the_element_is_counted_from_the_slice() {
    // Slots "x", "\xff", "ab", "c\xff": from offset 2, element 1 is the bad one.
    refused(
        utf8(&[0, 1, 2, 4, 6], b"x\xffabc\xff", None, 2),
        "element 1 is not UTF-8",
    );
    // Bytes before the slice are never read.
    accepted(utf8(&[0, 1, 2, 4], b"x\xffab", None, 2), &[Some("ab")]);
}

#[test]
fn bad_offsets_are_refused() {
    // Backwards.
    refused(utf8(&[0, 3, 1, 4], b"abcd", None, 0), "non-monotonic");
    // Past the values (a middle offset; the last one sizes the buffer).
    refused(utf8(&[0, 9, 4], b"abcd", None, 0), "out of bounds");
    // Negative.
    refused(utf8(&[-1, 2, 4], b"abcd", None, 0), "offset");
    refused(large_utf8(&[0, -5, 4], b"abcd"), "offset");
    // A negative last offset: the values buffer cannot be sized; nothing is read.
    let negative_last = utf8(&[0, 2, -1], b"abcd", None, 0);
    refused(negative_last.clone(), "offset");
    match round_trip(&negative_last) {
        Err(KernelError::Malformed(m)) => assert!(m.contains("last offset is negative"), "{m}"),
        other => panic!("{other:?}"),
    }
    // Too few offsets for the length is caught before the export.
    // SAFETY: a deliberately short offsets buffer, never exported.
    let short = unsafe {
        ArrayData::builder(DataType::Utf8)
            .len(3)
            .add_buffer(Buffer::from_slice_ref([0i32, 1]))
            .add_buffer(Buffer::from_slice_ref(b"ab"))
            .build_unchecked()
    };
    assert!(matches!(round_trip(&short), Err(KernelError::Malformed(_))));
}

#[test]
fn bad_views_are_refused() {
    let long = b"http://example.com/";
    let n = long.len() as u32;
    // A buffer that does not exist.
    refused(
        utf8_view(&[outline_view(n, long, 1, 0)], &[long]),
        "buffer index",
    );
    // A slice past the buffer's end.
    refused(
        utf8_view(&[outline_view(n, long, 0, 4)], &[long]),
        "buffer slice",
    );
    // A prefix that is not the data's.
    refused(
        utf8_view(&[outline_view(n, b"ftp:", 0, 0)], &[long]),
        "prefix",
    );
    // An inline string with bytes past its length.
    refused(
        utf8_view(&[inline_view(b"ab") | (1u128 << 100)], &[]),
        "padding",
    );
    // A length past every buffer.
    refused(
        utf8_view(&[outline_view(u32::MAX, long, 0, 0)], &[long]),
        "buffer slice",
    );
}

#[test]
fn a_null_count_that_lies_is_refused() {
    // SAFETY: buffers sized for the length; the null count is the lie under test.
    let data = unsafe {
        ArrayData::builder(DataType::Utf8)
            .len(3)
            .add_buffer(Buffer::from_slice_ref([0i32, 1, 2, 3]))
            .add_buffer(Buffer::from_slice_ref(b"abc"))
            .null_bit_buffer(Some(Buffer::from_slice_ref([0b101u8])))
            .null_count(2)
            .build_unchecked()
    };
    refused(data, "null_count");
}

#[test]
fn bytes_behind_a_null_are_not_read() {
    // "a", null over "\xff", "b": accepted, the null stays null, and the array handed on
    // holds UTF-8 in every slot (arrow's own check passes).
    let data = utf8(&[0, 1, 2, 3], b"a\xffb", Some(&[0b101]), 0);
    let arrs = accepted(data, &[Some("a"), None, Some("b")]);
    for arr in &arrs {
        assert_eq!(
            valid(arr, None).unwrap(),
            valid(&StringArray::from(vec![Some("a"), None, Some("b")]), None).unwrap()
        );
    }
    let view = utf8_view(
        &[inline_view(b"a"), inline_view(b"\xff"), inline_view(b"b")],
        &[],
    );
    // SAFETY: as `utf8_view`, with a bitmap of a bit per slot.
    let view = unsafe {
        view.into_builder()
            .null_bit_buffer(Some(Buffer::from_slice_ref([0b101u8])))
            .build_unchecked()
    };
    accepted(view, &[Some("a"), None, Some("b")]);
}

#[test]
fn well_formed_arrays_pass_unchanged_in_every_layout() {
    let ids = vec![
        Some("http://example.com/"),
        None,
        Some("urn:isbn:0451450523"),
        Some("http://例え.テスト/パス/long-enough"),
    ];
    let arrays: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from(ids.clone())),
        Arc::new(LargeStringArray::from(ids.clone())),
        Arc::new(StringViewArray::from(ids.clone())),
        Arc::new(StringArray::from(ids.clone()).slice(1, 3)),
    ];
    for arr in arrays {
        let expect: Vec<Option<&str>> = if arr.len() == 3 {
            ids[1..].to_vec()
        } else {
            ids.clone()
        };
        for got in accepted(arr.to_data(), &expect) {
            assert_eq!(got.data_type(), arr.data_type());
            assert_eq!(valid(&got, None).unwrap(), valid(&arr, None).unwrap());
            assert_eq!(equivalent(&got, &arr, None).unwrap().len(), arr.len());
            assert_eq!(resolve(&got, &arr, None).unwrap().len(), arr.len());
        }
    }
}

#[test]
fn other_types_are_not_strings() {
    let ints = Int32Array::from(vec![1, 2]).to_data();
    assert_eq!(
        round_trip(&ints).err(),
        Some(KernelError::NotStrings(DataType::Int32))
    );
    assert_eq!(
        checked(ints).err(),
        Some(KernelError::NotStrings(DataType::Int32))
    );
}

#[test]
fn the_fuzz_bodys_regressions() {
    // Inputs the arrow_ffi fuzz target's body once failed on (none yet) and a few shapes:
    // empty, all zeros, all ones.
    for input in [
        &[][..],
        &[0; 64],
        &[0xff; 64],
        &[1, 0, 16, 4, 3, 0xff, 0xff, 0xff],
    ] {
        idbench_arrow::fuzzing::run(input);
    }
}
