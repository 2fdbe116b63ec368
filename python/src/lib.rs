//! `idbench._idbench`: the native half of the Python package.
//!
//! Arrays come in and go out through the Arrow C Data Interface's PyCapsule protocol
//! (`__arrow_c_array__`: a pair of capsules named `arrow_schema` and `arrow_array`), so
//! any Arrow library (pyarrow, DuckDB, DataFusion, Polars) can hand them over without a
//! copy. Every array is validated as it comes in (`idbench_arrow::ffi::import`: offsets,
//! views, validity, UTF-8), so a malformed one is a `ValueError`, never a crash. The
//! kernels run with the GIL released, taking it back every 50 ms to let Python handle its
//! signals (Ctrl-C raises `KeyboardInterrupt` part way). Chunked arrays and streams are cut
//! into arrays by the Python half (`idbench/arrow.py`).

use std::cell::RefCell;
use std::ffi::CStr;
use std::rc::Rc;
use std::time::Duration;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{Array, ArrayRef};
use idbench_arrow::arrow_array;
use idbench_arrow::interrupt::interruptible;
use idbench_arrow::{KernelError, json, parse_profile};
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

const SCHEMA_NAME: &CStr = c"arrow_schema";
const ARRAY_NAME: &CStr = c"arrow_array";

fn kernel_error(e: KernelError) -> PyErr {
    match e {
        KernelError::NotStrings(_) => PyTypeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

fn profile_arg(profile: Option<&str>) -> PyResult<Option<idbench::Profile>> {
    parse_profile(profile).map_err(kernel_error)
}

/// Takes the array `obj` exports through `__arrow_c_array__`, validated.
fn import(obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let pair = obj.call_method0("__arrow_c_array__").map_err(|_| {
        PyTypeError::new_err("expected an Arrow array (an object with __arrow_c_array__)")
    })?;
    let pair = pair.cast::<PyTuple>()?;
    if pair.len() != 2 {
        return Err(PyTypeError::new_err(
            "__arrow_c_array__ returned no (schema, array) pair",
        ));
    }
    let schema = pair.get_item(0)?;
    let schema = schema.cast::<PyCapsule>()?;
    let array = pair.get_item(1)?;
    let array = array.cast::<PyCapsule>()?;
    // PyCapsule_GetPointer checks the names the protocol gives the two capsules.
    let named = |_| {
        PyTypeError::new_err(
            "__arrow_c_array__ returned capsules not named arrow_schema and arrow_array",
        )
    };
    let schema_ptr = schema
        .pointer_checked(Some(SCHEMA_NAME))
        .map_err(named)?
        .as_ptr() as *const FFI_ArrowSchema;
    let array_ptr = array
        .pointer_checked(Some(ARRAY_NAME))
        .map_err(named)?
        .as_ptr() as *mut FFI_ArrowArray;
    // SAFETY: the capsules are named as the PyCapsule protocol names them, so they point
    // to an initialised ArrowSchema and ArrowArray, which the protocol's producer keeps to
    // the C Data Interface (buffers as long as the array's length, offset and last offset
    // say: the interface carries no buffer lengths, so no consumer can check them). The
    // array is moved out (its capsule keeps a released husk, as the protocol asks of a
    // consumer; a capsule handed over twice gives a released array, which `import`
    // refuses); the schema is only borrowed while its capsule, held by `schema`, lives.
    // What the buffers hold is not trusted: `import` checks the shape arrow's reader sizes
    // buffers by, then validates offsets, views, validity and UTF-8 before any kernel reads
    // a string.
    let imported = unsafe {
        let ffi_array = FFI_ArrowArray::from_raw(array_ptr);
        idbench_arrow::ffi::import(ffi_array, &*schema_ptr)
    };
    // A malformed array is a ValueError ("malformed Arrow array: element 1 is not UTF-8 ...").
    imported.map_err(kernel_error)
}

/// How often a running kernel lets Python handle its signals.
const SIGNALS_EVERY: Duration = Duration::from_millis(50);

/// Runs `f` with the GIL released, taking it back every [`SIGNALS_EVERY`] between elements
/// to run Python's signal handlers: a handler that raises (Ctrl-C's `KeyboardInterrupt`)
/// stops the kernel and its exception is raised.
fn run_detached<T: Send>(
    py: Python<'_>,
    f: impl FnOnce() -> Result<T, KernelError> + Send,
) -> PyResult<T> {
    let out = py.detach(|| {
        let raised: Rc<RefCell<Option<PyErr>>> = Rc::default();
        let keep = raised.clone();
        let out = interruptible(
            SIGNALS_EVERY,
            move || match Python::attach(|py| py.check_signals()) {
                Ok(()) => false,
                Err(e) => {
                    *keep.borrow_mut() = Some(e);
                    true
                }
            },
            f,
        );
        let raised = raised.borrow_mut().take();
        out.map_err(|e| (e, raised))
    });
    out.map_err(|(e, raised)| match e {
        KernelError::Interrupted => {
            raised.unwrap_or_else(|| PyKeyboardInterrupt::new_err("the kernel was interrupted"))
        }
        e => kernel_error(e),
    })
}

/// The `(schema, array)` capsules of `arr`, for the Python half to hand to pyarrow.
fn export<'py>(py: Python<'py>, arr: &dyn Array) -> PyResult<Bound<'py, PyTuple>> {
    let data = arr.to_data();
    let schema = FFI_ArrowSchema::try_from(data.data_type())
        .map_err(|e| PyValueError::new_err(format!("cannot export the Arrow type: {e}")))?;
    let array = FFI_ArrowArray::new(&data);
    // An unconsumed capsule drops its struct, whose Drop calls the release callback; a
    // consumer that moved the struct out left a released one, whose Drop does nothing.
    let schema = PyCapsule::new(py, schema, Some(SCHEMA_NAME.to_owned()))?;
    let array = PyCapsule::new(py, array, Some(ARRAY_NAME.to_owned()))?;
    PyTuple::new(py, [schema.into_any(), array.into_any()])
}

/// Runs a one-array kernel with the GIL released.
fn unary<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    f: impl FnOnce(&dyn Array) -> Result<ArrayRef, KernelError> + Send,
) -> PyResult<Bound<'py, PyTuple>> {
    let input = import(arr)?;
    let out = run_detached(py, || f(input.as_ref()))?;
    export(py, out.as_ref())
}

/// Runs a two-array kernel with the GIL released.
fn binary<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    f: impl FnOnce(&dyn Array, &dyn Array) -> Result<ArrayRef, KernelError> + Send,
) -> PyResult<Bound<'py, PyTuple>> {
    let (a, b) = (import(a)?, import(b)?);
    let out = run_detached(py, || f(a.as_ref(), b.as_ref()))?;
    export(py, out.as_ref())
}

/// The JSON object `idbench parse --format json` prints for `s`.
#[pyfunction]
#[pyo3(signature = (s, profile=None))]
fn analyze_json(py: Python<'_>, s: String, profile: Option<&str>) -> PyResult<String> {
    let p = profile_arg(profile)?;
    Ok(py.detach(|| json::analyze_json(&s, p)))
}

/// The JSON object `idbench compare --format json` prints for `a` and `b`.
#[pyfunction]
#[pyo3(signature = (a, b, profile=None))]
fn compare_json(py: Python<'_>, a: String, b: String, profile: Option<&str>) -> PyResult<String> {
    let p = profile_arg(profile)?;
    Ok(py.detach(|| json::compare_json(&a, &b, p)))
}

#[pyfunction]
#[pyo3(signature = (arr, profile=None, namespaces=false))]
fn valid<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    profile: Option<&str>,
    namespaces: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let p = profile_arg(profile)?;
    unary(py, arr, |a| {
        idbench_arrow::valid_with(a, p, namespaces).map(|x| std::sync::Arc::new(x) as ArrayRef)
    })
}

#[pyfunction]
#[pyo3(signature = (arr, profile=None, namespaces=false))]
fn first_error<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    profile: Option<&str>,
    namespaces: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let p = profile_arg(profile)?;
    unary(py, arr, |a| {
        idbench_arrow::first_error_with(a, p, namespaces)
            .map(|x| std::sync::Arc::new(x) as ArrayRef)
    })
}

#[pyfunction]
fn profile<'py>(py: Python<'py>, arr: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    unary(py, arr, idbench_arrow::profile)
}

#[pyfunction]
#[pyo3(signature = (arr, profile=None))]
fn components<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    profile: Option<&str>,
) -> PyResult<Bound<'py, PyTuple>> {
    let p = profile_arg(profile)?;
    unary(py, arr, |a| {
        idbench_arrow::components(a, p).map(|x| std::sync::Arc::new(x) as ArrayRef)
    })
}

#[pyfunction]
#[pyo3(signature = (arr, form, profile=None, namespaces=true))]
fn normalize<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    form: &str,
    profile: Option<&str>,
    namespaces: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let p = profile_arg(profile)?;
    let form = form.to_string();
    unary(py, arr, move |a| {
        idbench_arrow::normalize_with(a, &form, p, namespaces)
    })
}

#[pyfunction]
#[pyo3(signature = (arr, profile=None, namespaces=true))]
fn equivalence_key<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    profile: Option<&str>,
    namespaces: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let p = profile_arg(profile)?;
    unary(py, arr, move |a| {
        idbench_arrow::equivalence_key(a, p, namespaces)
    })
}

#[pyfunction]
#[pyo3(signature = (a, b, profile=None, namespaces=true))]
fn equivalent<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    profile: Option<&str>,
    namespaces: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let p = profile_arg(profile)?;
    binary(py, a, b, |a, b| {
        idbench_arrow::equivalent_with(a, b, p, namespaces)
            .map(|x| std::sync::Arc::new(x) as ArrayRef)
    })
}

#[pyfunction]
#[pyo3(signature = (base, reference, profile=None))]
fn resolve<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    reference: &Bound<'py, PyAny>,
    profile: Option<&str>,
) -> PyResult<Bound<'py, PyTuple>> {
    let p = profile_arg(profile)?;
    binary(py, base, reference, |b, r| idbench_arrow::resolve(b, r, p))
}

/// The names `profile=` takes (besides `"auto"`).
#[pyfunction]
fn profile_names() -> Vec<&'static str> {
    idbench_arrow::profile_names()
}

/// Whether the profiles named in `profiles` read each string's scheme, userinfo, host,
/// port and path alike (`idbench check --agree`): a struct of `agree`, `component` and
/// `class`, the first disagreement's.
#[pyfunction]
#[pyo3(signature = (arr, profiles))]
fn agree<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    profiles: Vec<String>,
) -> PyResult<Bound<'py, PyTuple>> {
    let names: Vec<&str> = profiles.iter().map(String::as_str).collect();
    let ps = idbench_arrow::parse_profiles(&names).map_err(kernel_error)?;
    unary(py, arr, |a| {
        idbench_arrow::agree(a, &ps).map(|x| std::sync::Arc::new(x) as ArrayRef)
    })
}

/// The keys `form=` takes.
#[pyfunction]
fn form_names() -> Vec<&'static str> {
    idbench_arrow::form_names()
}

/// The URL Standard's `URL` setter `component` (`href`, `protocol`, `username`,
/// `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`) run on `url` with
/// `value`: the new `href`. A setter the standard ignores, or whose parse fails part way,
/// gives the URL as the standard leaves it, as the `URL` class does.
#[pyfunction]
fn set_component(py: Python<'_>, url: String, component: &str, value: String) -> PyResult<String> {
    use idbench::engine::whatwg::{self, Component, Outcome};
    let c: Component = component.parse().map_err(PyValueError::new_err)?;
    py.detach(|| {
        let parsed = whatwg::parse(&url, None);
        let Some(u) = parsed.url else {
            let why = parsed
                .failure()
                .map_or_else(String::new, |d| format!(": {} ({})", d.message, d.code));
            return Err(format!(
                "the URL does not parse under the URL Standard{why}"
            ));
        };
        let set = whatwg::set(&u, c, &value);
        if c == Component::Href
            && let Outcome::Failed(why) = set.outcome
        {
            return Err(format!("the href setter throws: {why}"));
        }
        Ok(set.url.href())
    })
    .map_err(PyValueError::new_err)
}

#[pymodule]
fn _idbench(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyze_json, m)?)?;
    m.add_function(wrap_pyfunction!(compare_json, m)?)?;
    m.add_function(wrap_pyfunction!(valid, m)?)?;
    m.add_function(wrap_pyfunction!(first_error, m)?)?;
    m.add_function(wrap_pyfunction!(profile, m)?)?;
    m.add_function(wrap_pyfunction!(components, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(equivalence_key, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(profile_names, m)?)?;
    m.add_function(wrap_pyfunction!(form_names, m)?)?;
    m.add_function(wrap_pyfunction!(set_component, m)?)?;
    m.add_function(wrap_pyfunction!(agree, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
