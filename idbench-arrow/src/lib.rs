//! Arrow kernels over string arrays for idbench: the engine, element by element.
//!
//! Every kernel takes string arrays (`Utf8`, `LargeUtf8` or `Utf8View`), answers each
//! element on its own (so a sliced array, or the same data cut into any chunks, gets the
//! same answers) and keeps nulls: a null input gives a null output.
//!
//! - [`valid`]: booleans, as `idbench check` judges each line.
//! - [`first_error`]: a struct of `code`, `start`, `end`, `spec`, `message`, null when
//!   valid; `code` is the code `idbench check` prints.
//! - [`profile`]: the profile `auto` picks, by the names `--profile` takes.
//! - [`components`]: a struct of the flat components (`"components"` in `parse --format
//!   json`), null where absent.
//! - [`normalize`]: a form by its key in `forms --format json` (best effort for an invalid
//!   input, as `forms` gives), null where the form does not apply to the profile.
//! - [`equivalent`]: the `equivalent` field of `compare --format json`.
//! - [`equivalence_key`]: a key equal for two strings exactly when [`equivalent`] is true
//!   (both valid), for joins and deduplication.
//!
//! The `_with` variants take `namespaces`, the URN namespace layer's switch (`valid` and
//! `first_error` without it by default, as `check`; `normalize` and `equivalent` with it,
//! as `forms` and `compare`).
//! - [`resolve`]: the target of `resolve`, null where there is none.
//! - [`agree`]: whether the profiles read the security parts alike (`check --agree`), a
//!   struct of `agree`, `component` and `class` (the first disagreement's).
//!
//! Profiles are looked up by name ([`parse_profile`]) and forms by key, so a profile or a
//! form the engine gains is a kernel's without a change here.
//!
//! Arrays from another library (through the C Data Interface) come in by [`ffi::import`],
//! which validates them (offsets, views, validity, UTF-8) before a kernel reads them: a
//! malformed array is an error, never a panic or a read out of bounds. A caller that must
//! be able to stop a long kernel runs it under [`interrupt::interruptible`].
//!
//! ```
//! use arrow_array::{Array, BooleanArray, StringArray};
//! use idbench_arrow::{parse_profile, valid};
//!
//! let ids = StringArray::from(vec![Some("http://example.com/"), None, Some("http://exa mple/")]);
//! let out = valid(&ids, parse_profile(Some("rfc3986")).unwrap()).unwrap();
//! assert_eq!(out, BooleanArray::from(vec![Some(true), None, Some(false)]));
//! ```

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use arrow_array::builder::{GenericStringBuilder, StringBuilder, StringViewBuilder, UInt64Builder};
use arrow_array::{
    Array, ArrayAccessor, ArrayRef, BooleanArray, LargeStringArray, StringArray, StringViewArray,
    StructArray,
};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer};
use arrow_schema::{DataType, Field, Fields};
use idbench::engine::components::Components;
use idbench::engine::equiv::{CompareOptions, compare_with};
use idbench::engine::forms::Forms;
use idbench::engine::key::fast;
use idbench::engine::{Code, Diagnostic, Severity};
use idbench::{Options, Profile, analyze};

pub mod ffi;
#[doc(hidden)]
pub mod fuzzing;
pub mod interrupt;
pub mod json;

use interrupt::Ticker;

pub use arrow_array;
pub use arrow_schema;

/// Why a kernel refused its arguments (it never refuses an element: every string gets an
/// answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelError {
    /// The array is not of strings.
    NotStrings(DataType),
    /// No profile has this name.
    UnknownProfile(String),
    /// No form has this key.
    UnknownForm(String),
    /// Two arrays taken element by element differ in length.
    Lengths(usize, usize),
    /// An array from outside breaks the Arrow format (offsets, views, validity, or a
    /// string that is not UTF-8): [`ffi::import`] and [`ffi::checked`] refuse it.
    Malformed(String),
    /// The check of [`interrupt::interruptible`] said stop.
    Interrupted,
    /// A list of profiles [`agree`] cannot compare (fewer than two distinct ones).
    Profiles(String),
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelError::NotStrings(t) => write!(
                f,
                "expected an array of strings (Utf8, LargeUtf8 or Utf8View), got {t}"
            ),
            KernelError::UnknownProfile(p) => write!(
                f,
                "no profile is named {p:?}: use \"auto\" or one of {}",
                profile_names().join(", ")
            ),
            KernelError::UnknownForm(k) => write!(
                f,
                "no form is named {k:?}: use one of {}",
                form_names().join(", ")
            ),
            KernelError::Lengths(a, b) => write!(
                f,
                "the two arrays differ in length ({a} and {b}): give arrays of one length"
            ),
            KernelError::Malformed(m) => write!(f, "malformed Arrow array: {m}"),
            KernelError::Interrupted => write!(f, "interrupted"),
            KernelError::Profiles(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for KernelError {}

/// The profile named `name` (`None` or `"auto"`: each element's own `auto` profile), as
/// `--profile` takes it.
pub fn parse_profile(name: Option<&str>) -> Result<Option<Profile>, KernelError> {
    match name {
        None => Ok(None),
        Some(n) if n.eq_ignore_ascii_case("auto") => Ok(None),
        Some(n) => Profile::from_name(n)
            .map(Some)
            .ok_or_else(|| KernelError::UnknownProfile(n.to_string())),
    }
}

/// The names of the built-in profiles, as `--profile` takes them.
pub fn profile_names() -> Vec<&'static str> {
    Profile::ALL.iter().map(|p| p.name()).collect()
}

/// Every form key `forms --format json` can print, in its order (taken from the engine's
/// [`Forms::rows`] with every optional form present, so a form it gains is listed here).
pub fn form_names() -> Vec<&'static str> {
    Forms::names()
}

/// A string array of any of the three layouts, read element by element.
#[derive(Clone, Copy)]
enum Strings<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Strings<'a> {
    fn new(arr: &'a dyn Array) -> Result<Self, KernelError> {
        let any = arr.as_any();
        let s = match arr.data_type() {
            DataType::Utf8 => any.downcast_ref().map(Strings::Utf8),
            DataType::LargeUtf8 => any.downcast_ref().map(Strings::Large),
            DataType::Utf8View => any.downcast_ref().map(Strings::View),
            _ => None,
        };
        s.ok_or_else(|| KernelError::NotStrings(arr.data_type().clone()))
    }

    fn len(self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::Large(a) => a.len(),
            Strings::View(a) => a.len(),
        }
    }

    fn get(self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// A string array of the same layout, element `i` written by `f(i, builder)` into the
    /// builder's value buffer (no `String` per element): `Ok(true)` when it wrote a value,
    /// `Ok(false)` for a null (having written nothing). Interruptible between elements.
    fn map_into(
        self,
        mut f: impl FnMut(usize, &mut dyn fmt::Write) -> Result<bool, fmt::Error>,
    ) -> Result<ArrayRef, KernelError> {
        let n = self.len();
        macro_rules! fill {
            ($b:expr) => {{
                let mut b = $b;
                let mut ticker = Ticker::new();
                for i in 0..n {
                    ticker.tick()?;
                    // A `fmt::Write` into our own buffer cannot fail; a null is appended
                    // after nothing was written.
                    if f(i, &mut b).unwrap_or(false) {
                        b.append_value("");
                    } else {
                        b.append_null();
                    }
                }
                Arc::new(b.finish()) as ArrayRef
            }};
        }
        Ok(match self {
            Strings::Utf8(_) => fill!(StringBuilder::with_capacity(n, n * 48)),
            Strings::Large(_) => fill!(GenericStringBuilder::<i64>::with_capacity(n, n * 48)),
            Strings::View(_) => {
                // A view builder has no value buffer to write into: one buffer per element.
                let mut b = StringViewBuilder::with_capacity(n);
                let mut buf = String::new();
                let mut ticker = Ticker::new();
                for i in 0..n {
                    ticker.tick()?;
                    buf.clear();
                    if f(i, &mut buf).unwrap_or(false) {
                        b.append_value(&buf);
                    } else {
                        b.append_null();
                    }
                }
                Arc::new(b.finish())
            }
        })
    }

    /// The Boolean array of `f` of each string, null where the string is (interruptible
    /// between elements).
    fn bools(self, f: impl FnMut(&'a str) -> bool) -> Result<BooleanArray, KernelError> {
        match self {
            Strings::Utf8(a) => bools_of(a, f),
            Strings::Large(a) => bools_of(a, f),
            Strings::View(a) => bools_of(a, f),
        }
    }

    /// A string array of the same layout, element `i` being `f(i)` (interruptible between
    /// elements).
    fn map<'s>(
        self,
        mut f: impl FnMut(usize) -> Option<Cow<'s, str>>,
    ) -> Result<ArrayRef, KernelError> {
        let n = self.len();
        let mut ticker = Ticker::new();
        let mut fill = |append: &mut dyn FnMut(Option<Cow<'s, str>>)| {
            (0..n).try_for_each(|i| {
                ticker.tick()?;
                append(f(i));
                Ok::<(), KernelError>(())
            })
        };
        Ok(match self {
            Strings::Utf8(_) => {
                let mut b = StringBuilder::with_capacity(n, 0);
                fill(&mut |v| b.append_option(v))?;
                Arc::new(b.finish())
            }
            Strings::Large(_) => {
                let mut b = GenericStringBuilder::<i64>::with_capacity(n, 0);
                fill(&mut |v| b.append_option(v))?;
                Arc::new(b.finish())
            }
            Strings::View(_) => {
                let mut b = StringViewBuilder::with_capacity(n);
                fill(&mut |v| b.append_option(v))?;
                Arc::new(b.finish())
            }
        })
    }
}

/// [`Strings::bools`] over one layout: the values written 64 bits at a time and the nulls
/// the input's own, not an `Option<bool>` collected per element (which, with the element's
/// own null test and match on the layout, cost `valid` about 8 ns of its 60 on a short URL).
fn bools_of<'a, A: ArrayAccessor<Item = &'a str>>(
    a: A,
    mut f: impl FnMut(&'a str) -> bool,
) -> Result<BooleanArray, KernelError> {
    let n = a.len();
    let nulls = a.nulls();
    let mut words = Vec::with_capacity(n.div_ceil(64));
    let mut ticker = Ticker::new();
    for start in (0..n).step_by(64) {
        let mut word = 0u64;
        for (bit, i) in (start..n.min(start + 64)).enumerate() {
            ticker.tick()?;
            if nulls.is_none_or(|m| m.is_valid(i)) && f(a.value(i)) {
                word |= 1 << bit;
            }
        }
        words.push(word);
    }
    let values = BooleanBuffer::new(Buffer::from_vec(words), 0, n);
    Ok(BooleanArray::new(values, nulls.cloned()))
}

/// Two arrays of one length, element by element.
fn pair<'a>(a: &'a dyn Array, b: &'a dyn Array) -> Result<(Strings<'a>, Strings<'a>), KernelError> {
    let (a, b) = (Strings::new(a)?, Strings::new(b)?);
    if a.len() != b.len() {
        return Err(KernelError::Lengths(a.len(), b.len()));
    }
    Ok((a, b))
}

/// The profile shown for `s` and the code of its first error, as `idbench check` judges
/// a line (the quick recognizer first, the grammar only for what it cannot decide).
pub fn judge(s: &str, profile: Option<Profile>) -> (Profile, Option<&'static str>) {
    idbench::engine::first_error(s, profile)
}

/// Whether each string is valid under `profile` (`None`: its `auto` profile), as `idbench
/// check` judges it; null where the input is null. The URN namespace layer off (as
/// `check` without `--namespaces`): [`valid_with`] takes the switch.
pub fn valid(arr: &dyn Array, profile: Option<Profile>) -> Result<BooleanArray, KernelError> {
    valid_with(arr, profile, false)
}

/// [`valid`], with the URN namespace layer when `namespaces` is true: a URN whose NSS
/// breaks its namespace's syntax or has a wrong check digit (`urn:uuid:not-a-uuid`, an
/// ISBN with a wrong check digit) is then not valid, its first error being the namespace's
/// finding ([`first_error_with`]).
pub fn valid_with(
    arr: &dyn Array,
    profile: Option<Profile>,
    namespaces: bool,
) -> Result<BooleanArray, KernelError> {
    Strings::new(arr)?.bools(|x| {
        let (p, code) = judge(x, profile);
        code.is_none() && !(namespaces && namespace_finding(x, p).is_some())
    })
}

/// The URN namespace layer's first warning on `s` (valid under `p`, a URN profile):
/// `namespace-nss-invalid` or `namespace-check-digit`; `None` for another family, a
/// namespace whose syntax idbench does not know, or an NSS its namespace accepts.
pub fn namespace_finding(s: &str, p: Profile) -> Option<Diagnostic> {
    if p.family() != idbench::engine::Family::Urn {
        return None;
    }
    let a = analyze(
        s,
        &Options {
            profile: Some(p),
            forms: false,
            all_profiles: false,
            namespace: true,
            scheme_spec: true,
            equivalence_key: false,
        },
    );
    if a.namespace.as_ref()?.valid != Some(false) {
        return None;
    }
    a.diagnostics
        .iter()
        .find(|d| {
            matches!(
                d.code,
                Code::NamespaceNssInvalid | Code::NamespaceCheckDigit
            )
        })
        .cloned()
}

/// The fields of [`first_error`]'s struct.
pub fn first_error_fields() -> Fields {
    Fields::from(vec![
        Field::new("code", DataType::Utf8, true),
        Field::new("start", DataType::UInt64, true),
        Field::new("end", DataType::UInt64, true),
        Field::new("spec", DataType::Utf8, true),
        Field::new("message", DataType::Utf8, true),
    ])
}

/// The first error of `s`: the code is `idbench check`'s; span, spec and message are the
/// first error [`analyze`] reports with that code (for a string past the engine's
/// full-parse limit that the quick recognizer cannot decide, `line-too-long` over the
/// whole string).
pub fn first_error_of(s: &str, profile: Option<Profile>) -> Option<Diagnostic> {
    let (p, code) = judge(s, profile);
    let code = code?;
    if s.len() <= idbench::engine::FULL_PARSE_LIMIT {
        let a = analyze(s, &Options::validate_only(Some(p)));
        let diags = a.all_diagnostics();
        if let Some(d) = diags
            .iter()
            .find(|d| d.severity == Severity::Error && d.code.as_str() == code)
        {
            return Some(d.clone());
        }
    }
    let c = Code::from_name(code).unwrap_or(Code::LineTooLong);
    Some(Diagnostic::of(
        c,
        idbench::engine::Span::new(0, s.len()),
        c.head(),
    ))
}

/// For each string, its first error under `profile` as a struct of `code`, `start`, `end`
/// (byte offsets), `spec` and `message` ([`first_error_fields`]); null where the string is
/// valid or null.
pub fn first_error(arr: &dyn Array, profile: Option<Profile>) -> Result<StructArray, KernelError> {
    first_error_with(arr, profile, false)
}

/// [`first_error`], with the URN namespace layer when `namespaces` is true: a URN valid by
/// its URN spec whose NSS its namespace rejects gets the namespace's finding
/// (`namespace-nss-invalid`, `namespace-check-digit`: a warning in `parse`, an error here,
/// as [`valid_with`] counts it).
pub fn first_error_with(
    arr: &dyn Array,
    profile: Option<Profile>,
    namespaces: bool,
) -> Result<StructArray, KernelError> {
    let s = Strings::new(arr)?;
    let n = s.len();
    let mut code = StringBuilder::with_capacity(n, 0);
    let mut start = UInt64Builder::with_capacity(n);
    let mut end = UInt64Builder::with_capacity(n);
    let mut spec = StringBuilder::with_capacity(n, 0);
    let mut message = StringBuilder::with_capacity(n, 0);
    let mut present = Vec::with_capacity(n);
    let mut ticker = Ticker::new();
    for i in 0..n {
        ticker.tick()?;
        let found = s.get(i).and_then(|x| {
            first_error_of(x, profile).or_else(|| {
                namespaces
                    .then(|| namespace_finding(x, judge(x, profile).0))
                    .flatten()
            })
        });
        match found {
            Some(d) => {
                code.append_value(d.code.as_str());
                start.append_value(d.span.start as u64);
                end.append_value(d.span.end as u64);
                spec.append_value(d.spec);
                message.append_value(&d.message);
                present.push(true);
            }
            None => {
                code.append_null();
                start.append_null();
                end.append_null();
                spec.append_null();
                message.append_null();
                present.push(false);
            }
        }
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(code.finish()),
        Arc::new(start.finish()),
        Arc::new(end.finish()),
        Arc::new(spec.finish()),
        Arc::new(message.finish()),
    ];
    Ok(StructArray::new(
        first_error_fields(),
        columns,
        Some(NullBuffer::from(present)),
    ))
}

/// The profile each string is judged under by `auto`, by the names `--profile` takes
/// (what `idbench check` prints); same layout as the input.
pub fn profile(arr: &dyn Array) -> Result<ArrayRef, KernelError> {
    let s = Strings::new(arr)?;
    s.map(|i| s.get(i).map(|x| Cow::Borrowed(judge(x, None).0.name())))
}

/// The names of [`components`]' fields, in the order of `"components"` in `parse --format
/// json` (the engine's [`Components::NAMES`]).
pub const COMPONENT_NAMES: [&str; 13] = Components::NAMES;

/// The fields of [`components`]' struct: one `Utf8` per name of [`COMPONENT_NAMES`].
pub fn component_fields() -> Fields {
    COMPONENT_NAMES
        .iter()
        .map(|n| Field::new(*n, DataType::Utf8, true))
        .collect()
}

/// Each string's flat components under `profile` (as `"components"` in `parse --format
/// json`), a struct of `Utf8` fields ([`component_fields`]), null where the component is
/// absent; the struct is null where the input is.
pub fn components(arr: &dyn Array, profile: Option<Profile>) -> Result<StructArray, KernelError> {
    let s = Strings::new(arr)?;
    let n = s.len();
    let mut builders: Vec<StringBuilder> = (0..COMPONENT_NAMES.len())
        .map(|_| StringBuilder::with_capacity(n, 0))
        .collect();
    let mut present = Vec::with_capacity(n);
    let opts = Options::validate_only(profile);
    let mut ticker = Ticker::new();
    for i in 0..n {
        ticker.tick()?;
        match s.get(i) {
            Some(x) => {
                let a = analyze(x, &opts);
                let values = a.components().values();
                for (b, v) in builders.iter_mut().zip(values) {
                    b.append_option(v);
                }
                present.push(true);
            }
            None => {
                builders.iter_mut().for_each(|b| b.append_null());
                present.push(false);
            }
        }
    }
    let columns: Vec<ArrayRef> = builders
        .into_iter()
        .map(|mut b| Arc::new(b.finish()) as ArrayRef)
        .collect();
    Ok(StructArray::new(
        component_fields(),
        columns,
        Some(NullBuffer::from(present)),
    ))
}

/// The form named `form` (a key of `forms --format json`) of each string under `profile`:
/// for an invalid string the best-effort form `forms` prints; null where the form does not
/// apply to the profile, or the input is null. Same layout as the input. The URN namespace
/// layer on, as `forms`: [`normalize_with`] takes the switch.
pub fn normalize(
    arr: &dyn Array,
    form: &str,
    profile: Option<Profile>,
) -> Result<ArrayRef, KernelError> {
    normalize_with(arr, form, profile, true)
}

/// [`normalize`], with the URN namespace layer or without it (`canonical_namespace` and
/// `equivalence_key` are the forms it changes). Computes what the form asked needs and no
/// more: the profile as `check` picks it (the quick recognizer), one parse under it, the
/// forms of that tree (no readings, no other profile), the namespace's grammar only for
/// `canonical_namespace`, and for `equivalence_key` the ladder alone
/// ([`idbench::engine::key`]). Under `auto`, `canonical`, `canonical_namespace` and
/// `equivalence_key` first try the direct paths ([`idbench::engine::key::fast`]: one scan
/// of a valid generic-syntax URI or URN, the namespace's compiled automaton), which give
/// the same strings; only what they do not take is parsed.
pub fn normalize_with(
    arr: &dyn Array,
    form: &str,
    profile: Option<Profile>,
    namespaces: bool,
) -> Result<ArrayRef, KernelError> {
    if !form_names().contains(&form) && form != "equivalence_key" {
        return Err(KernelError::UnknownForm(form.to_string()));
    }
    let s = Strings::new(arr)?;
    // Under `auto`, the direct paths first (idbench::engine::key::fast): one scan into a
    // buffer reused for every row, the namespace automata's caches kept for the batch;
    // the general path for what they do not cover.
    let fast_form = match form {
        "equivalence_key" => Some(None),
        "canonical" => Some(Some(fast::Form::Canonical)),
        "canonical_namespace" if namespaces => Some(Some(fast::Form::CanonicalNamespace)),
        _ => None,
    };
    if let (None, Some(which)) = (profile, fast_form) {
        let mut scratch = fast::FastScratch::new();
        let mut buf = String::new();
        return s.map_into(|i, out| {
            let Some(x) = s.get(i) else {
                return Ok(false);
            };
            let done = match which {
                None => fast::equivalence_key(x, namespaces, &mut scratch, &mut buf),
                Some(w) => fast::form(x, w, &mut scratch, &mut buf),
            };
            match done {
                fast::Fast::Wrote => out.write_str(&buf).map(|_| true),
                fast::Fast::Null => Ok(false),
                fast::Fast::Slow => {
                    let v = match which {
                        None => Some(key_of(x, profile, namespaces)),
                        Some(_) => slow_form(x, form, profile, namespaces),
                    };
                    match v {
                        Some(v) => out.write_str(&v).map(|_| true),
                        None => Ok(false),
                    }
                }
            }
        });
    }
    if form == "equivalence_key" {
        return s.map(|i| Some(Cow::Owned(key_of(s.get(i)?, profile, namespaces))));
    }
    // The layers' forms (the namespace's, and the scheme's canonical_scheme) need the analysis.
    if form == "canonical_namespace" || form == "canonical_scheme" {
        let opts = Options {
            profile,
            forms: true,
            all_profiles: false,
            namespace: namespaces,
            scheme_spec: namespaces,
            equivalence_key: true,
        };
        return s.map(|i| {
            let a = analyze(s.get(i)?, &opts);
            a.forms
                .as_ref()
                .and_then(|f| f.get(form))
                .map(|v| Cow::Owned(v.to_string()))
        });
    }
    s.map(|i| {
        let x = s.get(i)?;
        let p = judge(x, profile).0;
        let (tree, _) = idbench::engine::specs::parse(p, x);
        idbench::engine::forms::compute(x, &p.descriptor(), &tree)
            .get(form)
            .map(|v| Cow::Owned(v.to_string()))
    })
}

/// The form `form` of `x` by the general path (what [`normalize_with`] computes for a
/// form other than the key, without the direct paths).
fn slow_form(x: &str, form: &str, profile: Option<Profile>, namespaces: bool) -> Option<String> {
    if form == "canonical_namespace" || form == "canonical_scheme" {
        let opts = Options {
            profile,
            forms: true,
            all_profiles: false,
            namespace: namespaces,
            scheme_spec: namespaces,
            equivalence_key: true,
        };
        let a = analyze(x, &opts);
        return a
            .forms
            .as_ref()
            .and_then(|f| f.get(form))
            .map(str::to_string);
    }
    let p = judge(x, profile).0;
    let (tree, _) = idbench::engine::specs::parse(p, x);
    idbench::engine::forms::compute(x, &p.descriptor(), &tree)
        .get(form)
        .map(str::to_string)
}

/// The equivalence key of `x` (see [`equivalence_key`]).
fn key_of(x: &str, profile: Option<Profile>, namespaces: bool) -> String {
    use idbench::engine::key;
    let p = match profile {
        Some(p) => p,
        None => key::auto_key_profile(judge(x, None).0),
    };
    let (tree, _) = idbench::engine::specs::parse(p, x);
    key::key_of(x, &tree, p, namespaces)
}

/// Each string's equivalence key under `profile` (`None`: `auto`), with the URN namespace
/// layer or without it: equal for two strings exactly when `compare` (with that profile
/// and layer) calls them equivalent, both being valid ([`idbench::engine::key`]),
/// so a join or a `GROUP BY` on it is a join by equivalence. The `equivalence_key` of
/// `forms --format json`; null where the input is null. Same layout as the input.
pub fn equivalence_key(
    arr: &dyn Array,
    profile: Option<Profile>,
    namespaces: bool,
) -> Result<ArrayRef, KernelError> {
    normalize_with(arr, "equivalence_key", profile, namespaces)
}

/// The options `compare` uses with `--profile` and no other flag.
pub fn compare_options(profile: Option<Profile>) -> CompareOptions {
    CompareOptions {
        profile,
        ..CompareOptions::default()
    }
}

/// Whether `a[i]` and `b[i]` are equivalent under `profile`: the `equivalent` field of
/// `compare --format json` (also when a side is invalid); null where either is null.
pub fn equivalent(
    a: &dyn Array,
    b: &dyn Array,
    profile: Option<Profile>,
) -> Result<BooleanArray, KernelError> {
    equivalent_with(a, b, profile, true)
}

/// [`equivalent`], with the URN namespace layer (as `compare`) or without it (as `compare
/// --no-namespace`).
pub fn equivalent_with(
    a: &dyn Array,
    b: &dyn Array,
    profile: Option<Profile>,
    namespaces: bool,
) -> Result<BooleanArray, KernelError> {
    let (a, b) = pair(a, b)?;
    let opts = compare_options(profile);
    let mut ticker = Ticker::new();
    (0..a.len())
        .map(|i| {
            ticker.tick()?;
            Ok(a.get(i)
                .zip(b.get(i))
                .map(|(x, y)| compare_with(x, y, &opts, namespaces).equivalent))
        })
        .collect()
}

/// The target of resolving `reference[i]` against `base[i]` under `profile` (`None`: the
/// base's `auto` profile, as `resolve` picks it); null where there is none (the reference
/// or the base does not resolve) or an input is null. The layout of `reference`.
pub fn resolve(
    base: &dyn Array,
    reference: &dyn Array,
    profile: Option<Profile>,
) -> Result<ArrayRef, KernelError> {
    let (b, r) = pair(base, reference)?;
    r.map(|i| {
        let (base, reference) = (b.get(i)?, r.get(i)?);
        let p = profile.unwrap_or_else(|| idbench::engine::specs::auto_family(base).1);
        idbench::engine::resolve::resolve(base, reference, p)
            .target
            .map(Cow::Owned)
    })
}

/// The profiles named in `names` for [`agree`], as `check --agree` takes them (at least two
/// distinct ones; any names `--profile` takes).
pub fn parse_profiles(names: &[&str]) -> Result<Vec<Profile>, KernelError> {
    for n in names {
        if Profile::from_name(n.trim()).is_none() {
            return Err(KernelError::UnknownProfile((*n).to_string()));
        }
    }
    idbench::engine::agree::profiles_named(&names.join(",")).map_err(KernelError::Profiles)
}

/// The fields of [`agree`]'s struct: `agree` (Boolean), `component` and `class` (Utf8, null
/// when the profiles agree).
pub fn agree_fields() -> Fields {
    Fields::from(vec![
        Field::new("agree", DataType::Boolean, true),
        Field::new("component", DataType::Utf8, true),
        Field::new("class", DataType::Utf8, true),
    ])
}

/// Whether `profiles` read each string's scheme, userinfo, host, port and path alike, as
/// `check --agree` says (the engine's [`idbench::engine::agree`]): a struct of `agree` and
/// the first disagreement's `component` and `class` (null when they agree); the struct is
/// null where the input is.
pub fn agree(arr: &dyn Array, profiles: &[Profile]) -> Result<StructArray, KernelError> {
    if profiles.len() < 2 {
        return Err(KernelError::Profiles(
            "agree needs at least two distinct profiles".to_string(),
        ));
    }
    let s = Strings::new(arr)?;
    let n = s.len();
    let mut agree = arrow_array::builder::BooleanBuilder::with_capacity(n);
    let mut component = StringBuilder::with_capacity(n, 0);
    let mut class = StringBuilder::with_capacity(n, 0);
    let mut present = Vec::with_capacity(n);
    let mut ticker = Ticker::new();
    for i in 0..n {
        ticker.tick()?;
        match s.get(i) {
            Some(x) => {
                // The first disagreement is all the struct holds: no reading is copied.
                let first = idbench::engine::agree::summary(x, profiles).first;
                agree.append_value(first.is_none());
                component.append_option(first.map(|(c, _)| c.name()));
                class.append_option(first.map(|(_, k)| k.name()));
                present.push(true);
            }
            None => {
                agree.append_null();
                component.append_null();
                class.append_null();
                present.push(false);
            }
        }
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(agree.finish()),
        Arc::new(component.finish()),
        Arc::new(class.finish()),
    ];
    Ok(StructArray::new(
        agree_fields(),
        columns,
        Some(NullBuffer::from(present)),
    ))
}
