"""The package's API: analyze and compare are the CLI's objects; the kernels keep the
input's kind (Array, ChunkedArray with its chunks, stream), its nulls and its layout."""

from __future__ import annotations

import inspect

import pyarrow as pa
import pytest

import idbench
import idbench.arrow
from idbench.arrow import (
    components,
    equivalent,
    first_error,
    normalize,
    profile,
    resolve,
    valid,
)

from conftest import run_cli


def test_analyze_and_compare_are_the_cli_objects():
    for s in ["urn:ISBN:0451450523", "http://exa mple/", "xri://=a*b"]:
        assert idbench.analyze(s) == run_cli("parse", "--format", "json", s)[0]
        assert idbench.analyze(s, profile="rfc3987") == run_cli(
            "parse", "--format", "json", "--profile", "rfc3987", s
        )[0]
    for a, b in [("HTTP://a/%7e", "http://a/~"), ("urn:a:b", "urn:a:c"), ("x y", "x")]:
        assert idbench.compare(a, b) == run_cli("compare", "--format", "json", a, b)[0]
    assert idbench.compare("HTTP://a/%7e", "http://a/~")["equivalent"] is True


def test_kernels_answer_as_the_cli(ids, expected):
    arr = pa.array(ids, type=pa.string())
    got_valid = valid(arr).to_pylist()
    got_error = first_error(arr).to_pylist()
    got_profile = profile(arr).to_pylist()
    got_canonical = normalize(arr, form="canonical").to_pylist()
    for i, want in enumerate(expected):
        if want is None:
            assert got_valid[i] is None and got_error[i] is None
            assert got_profile[i] is None and got_canonical[i] is None
            continue
        assert got_valid[i] == want["valid"], ids[i]
        assert (got_error[i] or {}).get("code") == want["first_error"], ids[i]
        assert got_profile[i] == want["profile"], ids[i]
        assert got_canonical[i] == want["canonical"], ids[i]


def test_first_error_explains():
    e = first_error(pa.array(["http://exa mple.com/"]), profile="rfc3986")[0].as_py()
    assert (e["start"], e["end"]) == (10, 11)
    assert e["spec"].startswith("RFC 3986") and e["code"] and e["message"]


def test_components_and_resolve():
    c = components(pa.array(["urn:example:a?+r#f", "http://u@h:1/p?q#f"])).to_pylist()
    assert c[0]["nid"] == "example" and c[0]["r_component"] == "r" and c[0]["host"] is None
    assert (c[1]["userinfo"], c[1]["host"], c[1]["port"]) == ("u", "h", "1")
    out = resolve("http://a/b/c/d;p?q", pa.array(["../g", None, "g?y"])).to_pylist()
    assert out == ["http://a/b/g", None, "http://a/b/c/g?y"]
    eq = equivalent(pa.array(["HTTP://A/", "urn:a:b", None]), pa.array(["http://A/", "urn:a:c", "x"]))
    assert eq.to_pylist() == [True, False, None]


def test_kinds_are_kept():
    ids = ["http://a/", None, "urn:x:y", "bad uri", "urn:isbn:1"]
    arr = pa.array(ids)
    assert isinstance(valid(arr), pa.Array)
    assert isinstance(valid(ids), pa.Array)
    chunked = pa.chunked_array([ids[:2], ids[2:3], [], ids[3:]])
    out = valid(chunked)
    assert isinstance(out, pa.ChunkedArray)
    assert [len(c) for c in out.chunks] == [2, 1, 0, 2]
    assert out.to_pylist() == valid(arr).to_pylist()
    assert valid(pa.chunked_array([], type=pa.string())).type == pa.bool_()
    # A stream in, a stream out, batch for batch.
    table = pa.table({"id": ids})
    reader = pa.RecordBatchReader.from_batches(table.schema, table.to_batches(max_chunksize=2))
    stream = first_error(reader)
    assert isinstance(stream, pa.RecordBatchReader)
    batches = list(stream)
    assert [b.num_rows for b in batches] == [2, 2, 1]
    assert pa.Table.from_batches(batches).column("first_error").to_pylist() == first_error(arr).to_pylist()
    # Layouts: large_string and string_view in, the same out.
    assert normalize(pa.array(ids, pa.large_string())).type == pa.large_string()
    assert profile(pa.array(ids, pa.string_view())).type == pa.string_view()
    # A slice answers as the whole does.
    assert valid(arr.slice(2, 3)).to_pylist() == valid(arr).to_pylist()[2:]


def test_arguments_are_checked():
    with pytest.raises(ValueError, match="no profile"):
        valid(pa.array(["a:b"]), profile="rfc9999")
    with pytest.raises(ValueError, match="canonical"):
        normalize(pa.array(["a:b"]), form="nope")
    with pytest.raises(TypeError):
        valid(pa.array([1, 2]))
    assert "rfc3986" in idbench.profile_names() and "canonical" in idbench.form_names()
    assert {"canonical_namespace", "href", "href_no_fragment"} <= set(idbench.form_names())


def test_documented():
    assert idbench.__doc__ and idbench.arrow.__doc__
    for f in (valid, first_error, profile, components, normalize, equivalent, resolve,
              idbench.analyze, idbench.compare):
        assert inspect.getdoc(f), f.__name__
    assert list(inspect.signature(normalize).parameters)[:3] == ["arr", "form", "profile"]
