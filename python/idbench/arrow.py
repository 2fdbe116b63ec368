"""Arrow kernels: idbench's engine over pyarrow string arrays, element by element.

Each kernel takes string data (``string``, ``large_string`` or ``string_view``) as

- a ``pyarrow.Array`` (or any object with ``__arrow_c_array__``): an ``Array`` comes out;
- a ``pyarrow.ChunkedArray``: a ``ChunkedArray`` with the same chunks comes out;
- a stream (a ``pyarrow.RecordBatchReader`` or any object with ``__arrow_c_stream__``)
  of batches whose ``column`` (the first by default) holds the strings: a
  ``RecordBatchReader`` of one column, named after the kernel, comes out, batch for
  batch, read lazily (memory stays flat however long the stream);
- a ``pyarrow.RecordBatch``: its ``column`` (the first by default), an ``Array`` out;
- a pandas ``Series``: a pandas ``Series`` comes out, with the input's index (so
  ``df["ok"] = valid(df["url"])`` is right on a filtered frame, and a Dask
  ``map_partitions`` keeps each partition's index);
- a Polars ``Series``: a Polars ``Series`` comes out;
- a dictionary-encoded array (or chunked array) of strings: each distinct string is
  answered once, and the answers are taken back to the rows;
- a Python list of ``str``/``None``: an ``Array`` comes out.

Nulls stay null. Every element is answered on its own, so any slicing or chunking gives
the same answers. The work runs in Rust with the GIL released, so threads (a thread pool,
Ray, Dask) run kernels in parallel.

``profile=`` takes the names ``idbench --profile`` takes (``None`` or ``"auto"``: each
string's own ``auto`` profile); ``form=`` a key of ``idbench forms --format json``.
``namespaces=`` is the URN namespace layer's switch, on every kernel: with it, a URN whose
NSS breaks its namespace's syntax or check digit (``urn:uuid:not-a-uuid``) is not
``valid``; ``normalize`` and ``equivalent`` have it on by default (as ``idbench forms`` and
``idbench compare``), ``valid`` and ``first_error`` off (as ``idbench check``); it does
not change ``profile``, ``components`` or ``resolve``, which take it for uniformity.

>>> import pyarrow as pa
>>> from idbench.arrow import valid
>>> valid(pa.array(["http://example.com/", None, "urn:x"])).to_pylist()
[True, None, False]
"""

from __future__ import annotations

import collections

from collections.abc import Callable, Iterator
from typing import Any, Union

import pyarrow as pa

from . import _idbench

__all__ = [
    "valid",
    "first_error",
    "profile",
    "components",
    "normalize",
    "equivalent",
    "equivalence_key",
    "resolve",
    "agree",
]

Strings = Union[pa.Array, pa.ChunkedArray, pa.RecordBatchReader, list, Any]
"""What a kernel takes: an array, a chunked array, a stream, or a list of strings."""


class _Exported:
    """The capsule pair a kernel returned, offered to pyarrow through the PyCapsule
    protocol (``pa.array`` takes any object with ``__arrow_c_array__``)."""

    __slots__ = ("_caps",)

    def __init__(self, caps: tuple[Any, Any]) -> None:
        self._caps = caps

    def __arrow_c_array__(self, requested_schema: Any = None) -> tuple[Any, Any]:
        return self._caps


def _array(caps: tuple[Any, Any]) -> pa.Array:
    return pa.array(_Exported(caps))


def _module(x: Any) -> str:
    return type(x).__module__.split(".", 1)[0]


def _is_pandas_series(x: Any) -> bool:
    return _module(x) == "pandas" and type(x).__name__ == "Series"


def _is_polars_series(x: Any) -> bool:
    return _module(x) == "polars" and type(x).__name__ == "Series"


def _is_stream(x: Any) -> bool:
    """A stream of record batches: a ``RecordBatchReader``, a ``Table``, or another
    library's object with ``__arrow_c_stream__`` that is not a Series or an array (a
    pandas or Polars Series exports a stream of arrays, not of batches)."""
    return isinstance(x, (pa.RecordBatchReader, pa.Table)) or (
        hasattr(x, "__arrow_c_stream__")
        and not hasattr(x, "__arrow_c_array__")
        and not isinstance(x, pa.ChunkedArray)
        and not _is_pandas_series(x)
        and not _is_polars_series(x)
    )


def _reader(x: Any) -> pa.RecordBatchReader:
    if isinstance(x, pa.RecordBatchReader):
        return x
    if isinstance(x, pa.Table):
        return x.to_reader()
    return pa.RecordBatchReader.from_stream(x)


def _column(batch: pa.RecordBatch, column: int | str) -> pa.Array:
    return batch.column(column)


def _plain(x: Any, column: int | str = 0) -> Any:
    """An input as an array, a chunked array or a stream: a list, a pandas or Polars
    Series and a ``RecordBatch`` (its ``column``) become arrays."""
    if isinstance(x, (list, tuple)):
        return pa.array(x, type=pa.string())
    if _is_pandas_series(x):
        return pa.array(x, from_pandas=True)
    if _is_polars_series(x):
        return x.to_arrow()
    if isinstance(x, pa.RecordBatch):
        return x.column(column)
    if not _is_stream(x) and not isinstance(x, (pa.Array, pa.ChunkedArray)):
        if hasattr(x, "__arrow_c_array__"):
            return pa.array(x)
        if hasattr(x, "__arrow_c_stream__"):
            return pa.chunked_array(x)
    return x


def _decoded(x: Any) -> Any:
    """A dictionary-encoded array (or chunked array) as its plain strings."""
    if isinstance(x, (pa.Array, pa.ChunkedArray)) and pa.types.is_dictionary(x.type):
        return x.cast(x.type.value_type)
    return x


def _shaped(out: Any, like: Any, name: str) -> Any:
    """The answer in the input's kind: a pandas Series with the input's index for a pandas
    Series, a Polars Series for a Polars Series, else as it is."""
    if _is_pandas_series(like):
        import pandas as pd

        values = out.to_pandas() if not isinstance(out, pa.RecordBatchReader) else out
        return pd.Series(values.to_numpy(), index=like.index, name=name, dtype=values.dtype)
    if _is_polars_series(like):
        import polars as pl

        return pl.Series(name, out)
    return out


class _Rows:
    """An input (an array, a chunked array, a stream) as a sequence of rows: ``parts`` its
    own arrays (an array's one, a chunked array's chunks, a stream's batches' column), and
    ``take(n)`` the next ``n`` rows whatever its cutting, so inputs cut differently line
    up. Reads lazily: a stream is read no further than the rows taken."""

    def __init__(self, x: Any, column: int | str) -> None:
        self.parts: Iterator[pa.Array]
        if _is_stream(x):
            reader = _reader(x)
            self.type = reader.schema.field(column).type
            self.parts = (_column(b, column) for b in reader)
        elif isinstance(x, pa.ChunkedArray):
            self.type = x.type
            self.parts = iter(x.chunks)
        else:
            # An array of another library (``__arrow_c_array__``) through pyarrow, which
            # slices and concatenates.
            x = x if isinstance(x, pa.Array) else pa.array(x)
            self.type = x.type
            self.parts = iter([x])
        self._pending: collections.deque[pa.Array] = collections.deque()
        self._pending_rows = 0
        self.rows = 0  # rows given so far

    def _fill(self, n: int) -> None:
        while self._pending_rows < n:
            part = next(self.parts, None)
            if part is None:
                return
            if len(part):
                self._pending.append(part)
                self._pending_rows += len(part)

    def take(self, n: int) -> pa.Array:
        """The next ``n`` rows as one array (fewer where the input ends first)."""
        self._fill(n)
        out: list[pa.Array] = []
        need = n
        while need and self._pending:
            head = self._pending.popleft()
            if len(head) > need:
                self._pending.appendleft(head.slice(need))
                head = head.slice(0, need)
            out.append(head)
            need -= len(head)
        self._pending_rows -= n - need
        self.rows += n - need
        if len(out) == 1:
            return out[0]
        if not out:
            return pa.array([], type=self.type)
        return pa.concat_arrays(out)

    def at_end(self) -> bool:
        self._fill(1)
        return self._pending_rows == 0


def _lengths_differ(sources: list[_Rows]) -> ValueError:
    """The error for inputs of different row counts: the rows each had given when it was
    found, ``+`` marking an input with rows left."""
    counts = " and ".join(f"{s.rows}" + ("" if s.at_end() else "+") for s in sources)
    return ValueError(
        f"the inputs differ in length ({counts} rows): give inputs of one row count "
        "(their batching or chunking may differ)"
    )


def _apply(
    name: str,
    kernel: Callable[..., tuple[Any, Any]],
    inputs: list[Any],
    column: int | str,
) -> Any:
    """Runs ``kernel`` (arrays in, capsules out) over inputs of the first one's kind,
    keeping its cutting: its batches or chunks cut the other inputs, so inputs batched or
    chunked differently line up row by row; only different row counts are an error."""
    original = inputs[0]
    inputs = [_plain(x, column) for x in inputs]
    if len(inputs) == 1 and isinstance(inputs[0], pa.DictionaryArray):
        # Each distinct string answered once, taken back to the rows (nulls stay null).
        d = inputs[0]
        answers = _array(kernel(d.dictionary))
        return _shaped(answers.take(d.indices), original, name)
    inputs = [_decoded(x) for x in inputs]
    return _shaped(_apply_plain(name, kernel, inputs, column), original, name)


def _apply_plain(
    name: str,
    kernel: Callable[..., tuple[Any, Any]],
    inputs: list[Any],
    column: int | str,
) -> Any:
    first = inputs[0]
    if not any(_is_stream(x) or isinstance(x, pa.ChunkedArray) for x in inputs):
        # Arrays (of any library): straight to the kernel, which checks their lengths.
        return _array(kernel(*inputs))
    sources = [_Rows(x, column) for x in inputs]
    lead, rest = sources[0], sources[1:]

    def parts() -> Iterator[pa.Array]:
        for a in lead.parts:
            lead.rows += len(a)
            others = [r.take(len(a)) for r in rest]
            if any(len(o) != len(a) for o in others):
                raise _lengths_differ(sources)
            yield _array(kernel(a, *others))
        if not all(r.at_end() for r in rest):
            raise _lengths_differ(sources)

    def out_type() -> pa.DataType:
        # The output type, from the kernel over empty arrays of the inputs' types.
        return _array(kernel(*[pa.array([], type=s.type) for s in sources])).type

    if _is_stream(first):

        def batches() -> Iterator[pa.RecordBatch]:
            for out in parts():
                yield pa.record_batch([out], names=[name])

        schema = pa.schema([pa.field(name, out_type())])
        return pa.RecordBatchReader.from_batches(schema, batches())
    outs = list(parts())
    if isinstance(first, pa.ChunkedArray):
        if outs:
            return pa.chunked_array(outs)
        return pa.chunked_array([], type=out_type())
    return outs[0]


def valid(
    arr: Strings,
    profile: str | None = None,
    *,
    namespaces: bool = False,
    column: int | str = 0,
) -> Any:
    """Whether each string is valid under ``profile``, as ``idbench check`` judges it;
    with ``namespaces=True`` a URN must also follow its namespace's syntax and check
    digits (``urn:uuid:not-a-uuid`` is then not valid).

    Booleans; null where the input is null.
    """
    return _apply("valid", lambda a: _idbench.valid(a, profile, namespaces), [arr], column)


def first_error(
    arr: Strings,
    profile: str | None = None,
    *,
    namespaces: bool = False,
    column: int | str = 0,
) -> Any:
    """Each string's first error under ``profile``: a struct of ``code`` (the code
    ``idbench check`` prints), ``start`` and ``end`` (byte offsets), ``spec`` (the section
    it breaks) and ``message`` (what to do); null where the string is valid or null. With
    ``namespaces=True``, a URN its namespace rejects gets ``namespace-nss-invalid`` or
    ``namespace-check-digit``.
    """
    return _apply(
        "first_error", lambda a: _idbench.first_error(a, profile, namespaces), [arr], column
    )


def profile(arr: Strings, *, namespaces: bool = True, column: int | str = 0) -> Any:
    """The profile ``auto`` judges each string under, by the names ``--profile`` takes
    (``rfc3986``, ``rfc8141``, ...). Strings of the input's type.
    """
    return _apply("profile", _idbench.profile, [arr], column)


def components(
    arr: Strings,
    profile: str | None = None,
    *,
    namespaces: bool = True,
    column: int | str = 0,
) -> Any:
    """Each string's components under ``profile``: a struct of ``scheme``, ``userinfo``,
    ``host``, ``port``, ``path``, ``query``, ``fragment``, ``nid``, ``nss``,
    ``r_component``, ``q_component``, ``f_component`` and ``xri_authority`` (the
    ``components`` of ``idbench parse --format json``), null where absent.
    """
    return _apply("components", lambda a: _idbench.components(a, profile), [arr], column)


def agree(
    arr: Strings,
    profiles: list[str] | tuple[str, ...] = ("whatwg", "rfc3986"),
    *,
    column: int | str = 0,
) -> Any:
    """Whether ``profiles`` (at least two, any names ``--profile`` takes) read each
    string's scheme, userinfo, host, port and path alike, as ``idbench check --agree``
    says: a struct of ``agree`` (bool), ``component`` and ``class`` (the first
    disagreement's: ``host``, ``ipv4-form``, ...; null when they agree); null where the
    input is. ``("whatwg", "rfc3986")`` by default; ``("whatwg", "rfc3986", "rfc2396")``
    adds java.net.URI's reading where idbench has it.
    """
    names = list(profiles)
    return _apply("agree", lambda a: _idbench.agree(a, names), [arr], column)


def normalize(
    arr: Strings,
    form: str = "canonical",
    profile: str | None = None,
    *,
    namespaces: bool = True,
    column: int | str = 0,
) -> Any:
    """Each string's form ``form`` (a key of ``idbench forms --format json``:
    ``canonical``, ``uri_normal``, ``iri_normal``, ``display``, ...) under ``profile``.

    An invalid string gets the best-effort form ``idbench forms`` prints; null where the
    form does not apply to the profile (``xri_normal`` outside XRIs) or the input is null.
    Raises ``ValueError`` for an unknown form. Only the form asked is computed.

    ``form`` may also be strings, one per row (an array, a chunked array, a pandas or
    Polars Series, a list, as SQL hands a UDF its second column): each row gets its own
    form, and a null form gives a null. The answer is then a ``string`` array (a Series
    for a Series).
    """
    if not isinstance(form, str):
        return _shaped(_normalize_per_row(arr, form, profile, namespaces, column), arr, "normalize")
    return _apply(
        "normalize", lambda a: _idbench.normalize(a, form, profile, namespaces), [arr], column
    )


def equivalence_key(
    arr: Strings,
    profile: str | None = None,
    *,
    namespaces: bool = True,
    column: int | str = 0,
) -> Any:
    """Each string's equivalence key: equal for two valid strings exactly when
    ``equivalent`` says they are (under ``profile``, with or without the namespace layer),
    so ``GROUP BY`` or a join on it deduplicates or joins by equivalence. The
    ``equivalence_key`` of ``idbench forms --format json``; null where the input is null.
    """
    return _apply(
        "equivalence_key",
        lambda a: _idbench.equivalence_key(a, profile, namespaces),
        [arr],
        column,
    )


def equivalent(
    a: Strings,
    b: Strings,
    profile: str | None = None,
    *,
    namespaces: bool = True,
    column: int | str = 0,
) -> Any:
    """Whether ``a[i]`` and ``b[i]`` are equivalent under ``profile``: the ``equivalent``
    field of ``idbench compare --format json`` (also when a side is invalid); null where
    either is null. ``a`` and ``b`` have one number of rows, cut alike or not (streams
    of different batch sizes, differently chunked arrays, or one of each line up row by
    row); the answer is cut as ``a`` is (batch for batch, chunk for chunk). Different row
    counts raise ``ValueError`` (for a stream, when the reading gets there).
    """
    return _apply(
        "equivalent",
        lambda x, y: _idbench.equivalent(x, y, profile, namespaces),
        [a, b],
        column,
    )


def resolve(
    base: Strings | str,
    ref: Strings,
    profile: str | None = None,
    *,
    namespaces: bool = True,
    column: int | str = 0,
) -> Any:
    """The target of resolving ``ref[i]`` against ``base[i]`` (RFC 3986 §5.2), or against
    ``base`` for every element when it is a ``str``; null where there is none (a side does
    not parse, or the profile has no relative references) or an input is null.
    ``profile=None`` takes the base's ``auto`` profile, as ``idbench resolve`` does.
    """
    if isinstance(base, str):
        original = ref
        ref = _decoded(_plain(ref, column))
        if _is_stream(ref):
            reader = _reader(ref)
            scalar = pa.scalar(base, type=pa.string())

            def resolved() -> Iterator[pa.RecordBatch]:
                for batch in reader:
                    col = _column(batch, column)
                    bases = pa.repeat(scalar, len(col))
                    yield pa.record_batch(
                        [_array(_idbench.resolve(bases, col, profile))], names=["resolve"]
                    )

            empty = pa.array([], type=reader.schema.field(column).type)
            out_type = _array(_idbench.resolve(pa.array([], pa.string()), empty, profile)).type
            return pa.RecordBatchReader.from_batches(
                pa.schema([pa.field("resolve", out_type)]), resolved()
            )
        scalar = pa.scalar(base, type=pa.string())
        if isinstance(ref, pa.ChunkedArray):
            # The base cut as the references are, so the answer keeps their chunks.
            base = pa.chunked_array(
                [pa.repeat(scalar, len(c)) for c in ref.chunks], type=pa.string()
            )
        else:
            base = pa.repeat(scalar, len(ref))
        return _shaped(
            _apply_plain(
                "resolve", lambda x, y: _idbench.resolve(x, y, profile), [base, ref], column
            ),
            original,
            "resolve",
        )
    return _apply("resolve", lambda x, y: _idbench.resolve(x, y, profile), [base, ref], column)



def _normalize_per_row(
    arr: Strings, forms: Any, profile: str | None, namespaces: bool, column: int | str
) -> pa.Array:
    """``normalize`` with a form per row: the rows of each distinct form normalized
    together, the answers put back in their rows."""
    import pyarrow.compute as pc

    def whole(x: Any) -> pa.Array:
        x = _decoded(_plain(x, column))
        if _is_stream(x):
            x = _reader(x).read_all().column(column)
        if isinstance(x, pa.ChunkedArray):
            x = x.combine_chunks() if x.num_chunks else pa.array([], type=x.type)
        return x

    ids, fs = whole(arr), whole(forms)
    if len(ids) != len(fs):
        raise ValueError(
            f"the inputs differ in length ({len(ids)} and {len(fs)} rows): give one form "
            "per row, or one form as a str"
        )
    out = pa.nulls(len(ids), type=pa.string())
    for f in pc.unique(fs).drop_null().to_pylist():
        mask = pc.fill_null(pc.equal(fs, pa.scalar(f, type=fs.type)), False)
        part = normalize(ids.filter(mask), form=f, profile=profile, namespaces=namespaces)
        out = pc.replace_with_mask(out, mask, part.cast(pa.string()))
    return out
