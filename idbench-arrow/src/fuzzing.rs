//! The body of the `arrow_ffi` fuzz target (fuzz/fuzz_targets/arrow_ffi.rs), here so that
//! `cargo test` runs it too (tests/ffi_fuzz.rs, on random bytes, on the stable toolchain).
//! Not part of the API.
//!
//! [`run`] turns bytes into a string array of any layout with arbitrary contents (offsets,
//! views, validity bitmap, null count, bytes that may not be UTF-8), made with arrow's
//! unchecked constructor as a foreign producer would hand it over, and passes it through
//! [`ffi::round_trip`] (the export and the import the Python package uses) and then every
//! kernel. It asserts that the import either refuses the array as malformed or gives one
//! that arrow's full validation accepts, on which every kernel answers every element; and
//! that an array made well-formed is accepted with its values unchanged.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef};
use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::DataType;

use crate::{KernelError, ffi};

/// Draws choices from the fuzzer's bytes; past their end, every draw is 0.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::from(self.byte()) % n
        }
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }
    /// Text-like bytes: ASCII of identifiers mostly, and the bytes that break UTF-8 (a lone
    /// continuation, a truncated lead, an overlong form, a surrogate, 0xff).
    fn text(&mut self, n: usize, utf8: bool) -> Vec<u8> {
        const ASCII: &[u8] = b"http:/a.b%7e?#@[]:urnisbx-_=*!~ ";
        const BAD: &[&[u8]] = &[
            b"\xff",
            b"\x80",
            b"\xc3",
            b"\xc0\xaf",
            b"\xed\xa0\x80",
            b"\xf4\x90\x80\x80",
        ];
        const GOOD: &[&str] = &["\u{e9}", "\u{4e00}", "\u{1f600}", "\u{202e}"];
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            match self.below(8) {
                0 if !utf8 => out.extend_from_slice(BAD[self.below(BAD.len())]),
                1 => out.extend_from_slice(GOOD[self.below(GOOD.len())].as_bytes()),
                _ => out.push(ASCII[self.below(ASCII.len())]),
            }
        }
        if utf8 {
            // Cut at a character boundary so the text stays UTF-8.
            let mut end = n.min(out.len());
            while std::str::from_utf8(&out[..end]).is_err() {
                end -= 1;
            }
            out.truncate(end);
        } else {
            out.truncate(n);
        }
        out
    }
}

/// An arbitrary string array and whether it was made well-formed.
pub fn arbitrary(data: &[u8]) -> (ArrayData, bool) {
    let mut b = Bytes(data);
    let t = [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View][b.below(3)].clone();
    let well_formed = b.below(3) == 0;
    let len = b.below(17);
    let offset = b.below(5);
    let slots = len + offset;
    // Each slot's text (not UTF-8 only where the array may be malformed).
    let texts: Vec<Vec<u8>> = (0..slots)
        .map(|_| {
            let n = b.below(24);
            let utf8 = well_formed || b.below(4) != 0;
            b.text(n, utf8)
        })
        .collect();
    // The validity bitmap: absent, or a bit per slot (and stray bits past the end).
    let nulls = (b.below(2) == 0).then(|| {
        let bits: Vec<u8> = (0..slots.div_ceil(8)).map(|_| b.byte() | 0x55).collect();
        bits
    });
    let true_nulls = nulls.as_ref().map_or(0, |bits| {
        (offset..slots)
            .filter(|&i| bits[i / 8] & (1 << (i % 8)) == 0)
            .count()
    });
    let null_count = if well_formed || b.below(4) != 0 {
        true_nulls
    } else {
        b.below(len + 2)
    };
    let buffers = match t {
        DataType::Utf8 | DataType::LargeUtf8 => {
            offsets_and_values(&mut b, &texts, well_formed, t == DataType::LargeUtf8)
        }
        _ => views_and_data(&mut b, &texts, well_formed),
    };
    let mut builder = ArrayData::builder(t)
        .len(len)
        .offset(offset)
        .buffers(buffers)
        .null_count(null_count);
    if let Some(bits) = nulls {
        builder = builder.null_bit_buffer(Some(Buffer::from(bits)));
    }
    // SAFETY: what arrow's exporter and the C Data Interface read without checking is
    // sound by construction (a bitmap of a bit per slot, an offsets buffer of `slots + 1`
    // offsets, a views buffer of `slots` views, a values buffer as long as the last
    // offset); the rest (offsets, views, null count, UTF-8) is arbitrary, which the
    // import must find. The array goes nowhere but `ffi::round_trip` and `ffi::checked`.
    let data = unsafe { builder.build_unchecked() };
    (data, well_formed)
}

fn offsets_and_values(
    b: &mut Bytes<'_>,
    texts: &[Vec<u8>],
    well_formed: bool,
    large: bool,
) -> Vec<Buffer> {
    let mut values = Vec::new();
    let mut offsets: Vec<i64> = vec![0];
    for t in texts {
        values.extend_from_slice(t);
        offsets.push(values.len() as i64);
    }
    let end = values.len() as i64;
    if !well_formed {
        // Some offsets moved: past the values, backwards, negative; some bytes spare.
        for o in offsets.iter_mut() {
            *o = match b.below(10) {
                0 => *o + 1 + b.below(8) as i64,
                1 => *o - 1 - b.below(8) as i64,
                2 => -(b.below(3) as i64) - 1,
                3 => i64::from(i32::MAX),
                4 => b.below(values.len() + 1) as i64,
                _ => *o,
            };
        }
        // The last offset sizes the values buffer; it stays within it (or is negative,
        // which the import refuses before reading).
        if let Some(last) = offsets.last_mut()
            && *last > end
        {
            *last = end;
        }
        values.extend(std::iter::repeat_n(0xff, b.below(4)));
    }
    let offsets = if large {
        Buffer::from_vec(offsets)
    } else {
        Buffer::from_vec(
            offsets
                .iter()
                .map(|&o| o.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
                .collect::<Vec<i32>>(),
        )
    };
    vec![offsets, Buffer::from_vec(values)]
}

fn views_and_data(b: &mut Bytes<'_>, texts: &[Vec<u8>], well_formed: bool) -> Vec<Buffer> {
    let mut data: Vec<Vec<u8>> = vec![Vec::new(); 1 + b.below(2)];
    let mut views = Vec::with_capacity(texts.len());
    for t in texts {
        let len = t.len() as u32;
        let mut view = if t.len() <= 12 {
            let mut bytes = [0u8; 16];
            bytes[..4].copy_from_slice(&len.to_le_bytes());
            bytes[4..4 + t.len()].copy_from_slice(t);
            u128::from_le_bytes(bytes)
        } else {
            let i = b.below(data.len());
            let at = data[i].len() as u32;
            data[i].extend_from_slice(t);
            let prefix = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
            u128::from(len)
                | (u128::from(prefix) << 32)
                | ((i as u128) << 64)
                | (u128::from(at) << 96)
        };
        if !well_formed {
            // One field changed: the length, the prefix or padding, the buffer, the offset.
            let shift = [0, 32, 64, 96][b.below(4)];
            match b.below(6) {
                0 => {
                    view &= !(0xffff_ffffu128 << shift);
                    view |= u128::from(b.u32() % 40) << shift;
                }
                1 => view ^= 1u128 << (b.below(128)),
                2 => view ^= u128::from(b.u32()) << shift,
                _ => {}
            }
        }
        views.push(view);
    }
    let mut buffers = vec![Buffer::from_vec(views)];
    buffers.extend(data.into_iter().map(Buffer::from_vec));
    buffers
}

fn values(arr: &dyn Array) -> Vec<Option<Vec<u8>>> {
    let bytes = |v: Option<&str>| v.map(|s| s.as_bytes().to_vec());
    match arr.data_type() {
        DataType::Utf8 => arr.as_string::<i32>().iter().map(bytes).collect(),
        DataType::LargeUtf8 => arr.as_string::<i64>().iter().map(bytes).collect(),
        _ => arr.as_string_view().iter().map(bytes).collect(),
    }
}

/// Every kernel over `arr` (the two-array ones with `arr` on both sides): each answers,
/// one answer per element, nulls kept.
fn kernels(arr: &ArrayRef) {
    let n = arr.len();
    let outs: Vec<ArrayRef> = vec![
        std::sync::Arc::new(crate::valid(arr, None).expect("valid")),
        std::sync::Arc::new(crate::first_error(arr, None).expect("first_error")),
        crate::profile(arr).expect("profile"),
        std::sync::Arc::new(crate::components(arr, None).expect("components")),
        crate::normalize(arr, "canonical", None).expect("normalize"),
        std::sync::Arc::new(crate::equivalent(arr, arr, None).expect("equivalent")),
        crate::resolve(arr, arr, None).expect("resolve"),
    ];
    for out in outs {
        assert_eq!(out.len(), n);
        for i in 0..n {
            if arr.is_null(i) {
                assert!(out.is_null(i), "element {i}: a null gave an answer");
            }
        }
    }
}

/// The fuzz target's body: never panics but by a failed assertion.
pub fn run(data: &[u8]) {
    let (array, well_formed) = arbitrary(data);
    let imported = ffi::round_trip(&array);
    let direct = ffi::checked(array.clone());
    match (&imported, &direct) {
        (Ok(a), Ok(b)) => assert_eq!(values(a), values(b)),
        (Err(KernelError::Malformed(_)), Err(KernelError::Malformed(_))) => {}
        other => panic!("the import and the check disagree: {other:?}"),
    }
    match imported {
        Ok(arr) => {
            assert_eq!(arr.len(), array.len());
            arr.to_data()
                .validate_full()
                .expect("an accepted array is valid");
            if well_formed {
                let made = values(&crate::arrow_array::make_array(array));
                assert_eq!(values(&arr), made, "a well-formed array changed on import");
            }
            kernels(&arr);
        }
        Err(e) => assert!(!well_formed, "a well-formed array was refused: {e}"),
    }
}
