"""Issue 41's kernel shapes: namespaces= on every kernel, pandas and Polars Series in and
out (a pandas Series keeps its index), RecordBatch, dictionary and chunked inputs, and
the equivalence_key kernel."""

from __future__ import annotations

import inspect

import pyarrow as pa
import pytest

import idbench.arrow as ida

KERNELS = [
    ida.valid,
    ida.first_error,
    ida.profile,
    ida.components,
    ida.normalize,
    ida.equivalent,
    ida.equivalence_key,
    ida.resolve,
]


def test_every_kernel_takes_namespaces():
    for k in KERNELS:
        assert "namespaces" in inspect.signature(k).parameters, k.__name__


def test_namespaces_judges_the_nss():
    ids = pa.array(["urn:uuid:not-a-uuid", "urn:isbn:0-451-45052-4", "urn:isbn:0-451-45052-3", None])
    assert ida.valid(ids).to_pylist() == [True, True, True, None]
    assert ida.valid(ids, namespaces=True).to_pylist() == [False, False, True, None]
    codes = [e and e["code"] for e in ida.first_error(ids, namespaces=True).to_pylist()]
    assert codes == ["namespace-nss-invalid", "namespace-check-digit", None, None]


def test_equivalence_key_joins_what_equivalent_equates():
    a = pa.array(["urn:ISBN:0-451-45052-3", "HTTP://b\u00fccher.example:80/", "urn:ISBN:0-451-45052-4"])
    b = pa.array(["urn:isbn:978-0-451-45052-4", "http://xn--bcher-kva.example/", "urn:isbn:0-451-45052-3"])
    ka, kb = ida.equivalence_key(a).to_pylist(), ida.equivalence_key(b).to_pylist()
    eq = ida.equivalent(a, b).to_pylist()
    assert eq == [True, True, False]
    assert [x == y for x, y in zip(ka, kb)] == eq
    assert ida.normalize(a, "equivalence_key").to_pylist() == ka


def test_a_pandas_series_keeps_its_index():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"url": ["http://exa mple/", "http://a/", "bad uri", "http://b/"]})
    f = df[df.index != 0].copy()
    f["ok"] = ida.valid(f["url"])
    assert f["ok"].tolist() == [True, False, True]
    out = ida.normalize(f["url"])
    assert isinstance(out, pd.Series) and list(out.index) == [1, 2, 3]
    pair = ida.equivalent(f["url"], f["url"])
    assert list(pair.index) == [1, 2, 3] and pair.tolist() == [True, True, True]
    assert list(ida.resolve("http://a/b/", f["url"]).index) == [1, 2, 3]


def test_a_polars_series_in_gives_a_polars_series_out():
    pl = pytest.importorskip("polars")
    s = pl.Series("url", ["http://a/", None, "bad uri"])
    out = ida.valid(s)
    assert isinstance(out, pl.Series)
    assert out.to_list() == [True, None, False]
    assert ida.equivalence_key(s).to_list()[0] == "uri http://a/"


def test_record_batch_dictionary_and_chunked_inputs():
    batch = pa.record_batch([pa.array(["x", "y"]), pa.array(["http://a/", "bad uri"])], names=["n", "url"])
    assert ida.valid(batch, column="url").to_pylist() == [True, False]
    d = pa.array(["http://a/", "bad uri", None, "http://a/"]).dictionary_encode()
    assert ida.valid(d).to_pylist() == [True, False, None, True]
    assert ida.normalize(d).to_pylist() == ["http://a/", "bad%20uri", None, "http://a/"] or ida.normalize(
        d
    ).to_pylist()[2] is None
    c = pa.chunked_array([d, d])
    assert ida.valid(c).to_pylist() == [True, False, None, True] * 2
    assert ida.equivalent(d, pa.array(["HTTP://A/", "x", "y", None])).to_pylist() == [True, False, None, None]
