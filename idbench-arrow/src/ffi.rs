//! Arrays from outside: the Arrow C Data Interface, checked before a kernel reads them.
//!
//! A kernel reads each string as `&str` without checking it, as arrow-rs's string arrays
//! allow: their constructors promise UTF-8 and sound offsets. An array imported through
//! the C Data Interface carries no such promise (pyarrow makes a string array of any bytes
//! with `binary_array.view(pa.string())`, and reads them from IPC and Parquet files
//! without a check), so [`import`] and [`checked`] validate it first: offsets monotone and
//! within the values, views within their buffers, the validity bitmap and null count
//! consistent, and every non-null string UTF-8. A malformed array is
//! [`KernelError::Malformed`], naming the element where it can, never a panic or a read
//! out of bounds.

use std::sync::Arc;

use arrow_array::OffsetSizeTrait;
use arrow_array::cast::AsArray;
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::{ArrayRef, LargeStringArray, StringArray, StringViewArray, make_array};
use arrow_data::ArrayData;
use arrow_schema::DataType;

use crate::KernelError;

/// The binary type of the same layout as the string type `t` (`None`: `t` is not a string
/// type).
fn binary_twin(t: &DataType) -> Option<DataType> {
    match t {
        DataType::Utf8 => Some(DataType::Binary),
        DataType::LargeUtf8 => Some(DataType::LargeBinary),
        DataType::Utf8View => Some(DataType::BinaryView),
        _ => None,
    }
}

fn malformed(e: impl std::fmt::Display) -> KernelError {
    KernelError::Malformed(e.to_string())
}

/// `data` as an array the kernels can read, once it is checked: a string array (`Utf8`,
/// `LargeUtf8` or `Utf8View`) whose offsets or views, validity bitmap and null count are
/// sound and whose non-null strings are UTF-8. The bytes behind a null are never read by a
/// kernel and need not be UTF-8 (as Arrow C++ validates them); where they are not, the
/// array is copied with those slots emptied, so the array handed on keeps arrow-rs's
/// promise that every slot is UTF-8.
///
/// The checks are arrow's own ([`ArrayData::validate_full`], and the same validation of
/// the binary array over the same buffers), not written here: they know every layout's
/// invariants (offsets, views with their inline and out-of-line forms, padding, prefixes,
/// bitmaps) as the library that reads the arrays defines them. Only the last step, UTF-8
/// of each non-null string, is a loop of ours, because arrow-rs's own check covers the
/// null slots too and would refuse arrays that other implementations make and accept.
pub fn checked(data: ArrayData) -> Result<ArrayRef, KernelError> {
    let Some(twin) = binary_twin(data.data_type()) else {
        return Err(KernelError::NotStrings(data.data_type().clone()));
    };
    // The common case: every slot UTF-8. For offsets, arrow's full validation of the
    // binary array over the same buffers (the structure), then one UTF-8 check of the
    // bytes the offsets span; for views (whose strings need not lie in one span), arrow's
    // full validation, UTF-8 included.
    let whole = match data.data_type() {
        DataType::Utf8 => utf8_span::<i32>(&data, &twin),
        DataType::LargeUtf8 => utf8_span::<i64>(&data, &twin),
        _ => data.validate_full().is_ok(),
    };
    if whole {
        return Ok(make_array(data));
    }
    // Something is wrong. The structure first (offsets or views, bitmap, null count): the
    // same buffers read as binary, which arrow validates in full but for UTF-8.
    let bytes = data
        .into_builder()
        .data_type(twin)
        .build()
        .map_err(malformed)?;
    let bytes = make_array(bytes);
    // Then UTF-8, element by element, skipping nulls.
    let texts: Vec<Option<&str>> = match bytes.data_type() {
        DataType::Binary => utf8_of(bytes.as_binary::<i32>().iter())?,
        DataType::LargeBinary => utf8_of(bytes.as_binary::<i64>().iter())?,
        _ => utf8_of(bytes.as_binary_view().iter())?,
    };
    // Only bytes behind nulls are not UTF-8: a copy without them.
    Ok(match bytes.data_type() {
        DataType::Binary => Arc::new(texts.into_iter().collect::<StringArray>()),
        DataType::LargeBinary => Arc::new(texts.into_iter().collect::<LargeStringArray>()),
        _ => Arc::new(texts.into_iter().collect::<StringViewArray>()),
    })
}

/// True when `data` (`Utf8` or `LargeUtf8`, offsets of type `O`) is sound as the binary
/// array `twin` over the same buffers (arrow's full validation: offsets monotone and within
/// the values, bitmap and null count) and every slot is UTF-8: the bytes from the first
/// offset to the last are UTF-8 and each offset falls on a character's first byte (or the
/// end), which is what arrow's own check of a string array asks.
///
/// Why not arrow's check: it runs the standard library's UTF-8 validation over the span,
/// about 10 ns a URL of the kernels' 50 to 100 (issue 42); `simdutf8`'s answers the same
/// question (it is the standard library's, to the byte, and tested as such by its authors)
/// several times faster.
fn utf8_span<O: OffsetSizeTrait>(data: &ArrayData, twin: &DataType) -> bool {
    if data
        .clone()
        .into_builder()
        .data_type(twin.clone())
        .build()
        .is_err()
    {
        return false;
    }
    // Sound as binary: `len + 1` offsets, monotone, within the values buffer.
    let offsets = data.buffer::<O>(0).get(..=data.len()).unwrap_or_default();
    let (Some(first), Some(last)) = (offsets.first(), offsets.last()) else {
        return true;
    };
    let (first, last) = (first.as_usize(), last.as_usize());
    let Some(span) = data
        .buffers()
        .get(1)
        .and_then(|v| v.as_slice().get(first..last))
    else {
        return false;
    };
    simdutf8::basic::from_utf8(span).is_ok()
        && offsets.iter().all(|o| {
            // A UTF-8 continuation byte is 0b10xx_xxxx: -64 to -1 as an `i8`.
            span.get(o.as_usize() - first)
                .is_none_or(|&c| (c as i8) >= -0x40)
        })
}

/// Each element as text, or the first non-null element that is not UTF-8.
fn utf8_of<'a>(
    values: impl Iterator<Item = Option<&'a [u8]>>,
) -> Result<Vec<Option<&'a str>>, KernelError> {
    values
        .enumerate()
        .map(|(i, v)| match v {
            None => Ok(None),
            Some(b) => std::str::from_utf8(b).map(Some).map_err(|e| {
                KernelError::Malformed(format!(
                    "element {i} is not UTF-8 ({e}); a string array holds UTF-8 only: \
                     decode its bytes with errors replaced, or make it null"
                ))
            }),
        })
        .collect()
}

/// Reads the `i64` at `index` of buffer `buffer` of `array`, or says why it cannot.
///
/// # Safety
///
/// `array` is as [`import`] requires and `index` lies within that buffer as its layout
/// sizes it.
unsafe fn read_i64_or_i32(
    array: &FFI_ArrowArray,
    buffer: usize,
    index: usize,
    wide: bool,
) -> Result<i64, KernelError> {
    let p = array.buffer(buffer);
    if p.is_null() {
        return Err(malformed(format!("buffer {buffer} is missing (null)")));
    }
    let align = if wide { 8 } else { 4 };
    if p.align_offset(align) != 0 {
        return Err(malformed(format!(
            "buffer {buffer} is not aligned to {align} bytes, as the C Data Interface asks"
        )));
    }
    // SAFETY: the caller promises `index` lies within the buffer; it is aligned and not null.
    Ok(unsafe {
        if wide {
            *p.cast::<i64>().add(index)
        } else {
            i64::from(*p.cast::<i32>().add(index))
        }
    })
}

/// The shape of `array` as the C Data Interface describes it for the string type `t`, checked
/// before arrow's import reads it: arrow's `from_ffi` trusts the counts and the offsets it
/// sizes buffers by (a negative length, a missing buffer or a negative last offset would have
/// it read out of bounds or panic before any validation).
///
/// # Safety
///
/// As [`import`].
unsafe fn check_shape(array: &FFI_ArrowArray, t: &DataType) -> Result<(), KernelError> {
    if array.is_released() {
        return Err(malformed("the array was released (already consumed)"));
    }
    let limit = i64::MAX as usize;
    let (len, offset) = (array.len(), array.offset());
    // Negative C lengths and offsets come out of the accessors as huge `usize`s.
    if len > limit || offset > limit {
        return Err(malformed("negative length or offset"));
    }
    let slots = len
        .checked_add(offset)
        .and_then(|n| n.checked_add(1))
        .filter(|n| n.checked_mul(16).is_some_and(|b| b <= limit))
        .ok_or_else(|| malformed("length and offset overflow"))?;
    if array.num_children() != 0 || array.dictionary().is_some() {
        return Err(malformed(
            "a string array has no children and no dictionary",
        ));
    }
    let n = array.num_buffers();
    match t {
        DataType::Utf8 | DataType::LargeUtf8 => {
            if n != 3 {
                return Err(malformed(format!("{n} buffers where a {t} array has 3")));
            }
            if len + offset == 0 {
                return Ok(());
            }
            // The values buffer is as long as the last offset says.
            // SAFETY: the offsets buffer holds `len + offset + 1` offsets.
            let last = unsafe { read_i64_or_i32(array, 1, slots - 1, *t == DataType::LargeUtf8)? };
            if last < 0 {
                return Err(malformed(format!("the last offset is negative ({last})")));
            }
        }
        _ => {
            // Validity, views, the variadic data buffers, and their lengths last.
            if n < 3 {
                return Err(malformed(format!(
                    "{n} buffers where a {t} array has 3 or more"
                )));
            }
            if len + offset > 0 && array.buffer(1).is_null() {
                return Err(malformed("the views buffer is missing (null)"));
            }
            for i in 0..n - 3 {
                // SAFETY: the lengths buffer holds one length per variadic buffer.
                let l = unsafe { read_i64_or_i32(array, n - 1, i, true)? };
                if l < 0 {
                    return Err(malformed(format!(
                        "data buffer {i} has a negative length ({l})"
                    )));
                }
                if l > 0 && array.buffer(2 + i).is_null() {
                    return Err(malformed(format!("data buffer {i} is missing (null)")));
                }
            }
        }
    }
    Ok(())
}

/// Imports the array a producer exported through the C Data Interface and [`checked`]s it.
/// An array that is not of strings is [`KernelError::NotStrings`] (and is released
/// unread); a malformed one is [`KernelError::Malformed`].
///
/// # Safety
///
/// `array` and `schema` are a C Data Interface pair as the specification describes them:
/// the structs initialised, and each buffer present and as long as the length, the offset
/// and (for `Utf8` and `LargeUtf8`) the last offset size it. The interface carries no
/// buffer lengths, so no consumer can check this; everything that the buffers hold is
/// checked (offsets, views, bitmap, null count, UTF-8).
pub unsafe fn import(
    array: FFI_ArrowArray,
    schema: &FFI_ArrowSchema,
) -> Result<ArrayRef, KernelError> {
    if schema.release().is_none() {
        return Err(malformed("the schema was released (already consumed)"));
    }
    let t = DataType::try_from(schema).map_err(|e| malformed(format!("its type: {e}")))?;
    if binary_twin(&t).is_none() {
        return Err(KernelError::NotStrings(t));
    }
    // SAFETY: as this function's contract.
    unsafe { check_shape(&array, &t)? };
    // SAFETY: as this function's contract; the shape arrow sizes buffers by is checked.
    let data = unsafe { from_ffi(array, schema) }.map_err(malformed)?;
    checked(data)
}

/// `data` exported through the C Data Interface and imported back by [`import`]: the path
/// an array from another library takes, for tests and fuzzing with arrays made here (with
/// arrow's unchecked constructors). Buffers too short for the length, the offset and the
/// last offset (what the interface cannot tell a consumer) are refused before the export.
pub fn round_trip(data: &ArrayData) -> Result<ArrayRef, KernelError> {
    exportable(data)?;
    let schema = FFI_ArrowSchema::try_from(data.data_type()).map_err(malformed)?;
    let array = FFI_ArrowArray::new(data);
    // SAFETY: arrow-rs's exporter makes a well-formed pair over `data`'s buffers, and
    // `exportable` checked that they are as long as the interface says they are.
    unsafe { import(array, &schema) }
}

/// Whether `data`'s buffers are as long as the C Data Interface will say they are.
fn exportable(data: &ArrayData) -> Result<(), KernelError> {
    let short = || malformed("a buffer is shorter than the length and offsets say");
    let slots = data.len().checked_add(data.offset()).ok_or_else(short)?;
    if data.nulls().is_some_and(|n| n.len() != data.len()) {
        return Err(short());
    }
    let buffers = data.buffers();
    match data.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 => {
            let wide = *data.data_type() == DataType::LargeUtf8;
            let width = if wide { 8 } else { 4 };
            let [offsets, values] = buffers else {
                return Err(short());
            };
            if slots == 0 {
                return Ok(());
            }
            let o = offsets.as_slice();
            let at = slots * width;
            let last = o.get(at..at + width).ok_or_else(short)?;
            let last = if wide {
                i64::from_le_bytes(last.try_into().map_err(|_| short())?)
            } else {
                i64::from(i32::from_le_bytes(last.try_into().map_err(|_| short())?))
            };
            if usize::try_from(last).is_ok_and(|l| l > values.len()) {
                return Err(short());
            }
            Ok(())
        }
        DataType::Utf8View => match buffers.first() {
            Some(views) if views.len() >= slots.checked_mul(16).ok_or_else(short)? => Ok(()),
            _ => Err(short()),
        },
        t => Err(KernelError::NotStrings(t.clone())),
    }
}
