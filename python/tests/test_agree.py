"""idbench.arrow.agree: the struct of ``agree``, ``component`` and ``class`` per row is what
``idbench check --agree --format json`` says (its first disagreement), over a corpus: the
ordinary URLs and the conformance rows of tests/data/agree/."""

from __future__ import annotations

import tomllib

import pyarrow as pa
import pytest

from idbench.arrow import agree

from conftest import ROOT, run_cli


def corpus() -> list[str]:
    lines = (ROOT / "tests" / "data" / "agree" / "ordinary.txt").read_text(encoding="utf-8").splitlines()
    table = tomllib.loads((ROOT / "tests" / "data" / "agree" / "conformance.toml").read_text(encoding="utf-8"))
    lines += [r["input"] for r in table["row"]]
    return [line for line in lines if line and "\n" not in line and "\r" not in line]


@pytest.mark.parametrize("profiles", [("whatwg", "rfc3986"), ("whatwg", "rfc3986", "rfc3987")])
def test_agree_is_check_agree_row_by_row(profiles):
    lines = corpus()
    got = agree(pa.array(lines), profiles=list(profiles)).to_pylist()
    cli = run_cli("check", "--agree", ",".join(profiles), "--format", "json", stdin="\n".join(lines) + "\n")
    assert len(cli) == len(lines) == len(got)
    disagree = 0
    for line, row, rec in zip(lines, got, cli):
        assert rec["input"] == line
        first = rec["disagreements"][0] if rec["disagreements"] else {}
        assert row == {
            "agree": rec["agree"],
            "component": first.get("component"),
            "class": first.get("class"),
        }, line
        disagree += not rec["agree"]
    assert 20 < disagree < len(lines)


def test_nulls_kinds_and_bad_profiles():
    arr = pa.array(["http://127.1/", None, "https://example.com/"])
    out = agree(arr)
    assert out.to_pylist() == [
        {"agree": False, "component": "host", "class": "ipv4-form"},
        None,
        {"agree": True, "component": None, "class": None},
    ]
    chunked = agree(pa.chunked_array([arr[:1], arr[1:]]))
    assert isinstance(chunked, pa.ChunkedArray) and chunked.num_chunks == 2
    with pytest.raises(ValueError, match="at least two"):
        agree(arr, profiles=["whatwg"])
    with pytest.raises(ValueError, match="no profile"):
        agree(arr, profiles=["whatwg", "nope"])
