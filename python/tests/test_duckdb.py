"""The kernels as DuckDB Arrow UDFs: validate, explain and normalize a column of URIs and
URNs in SQL, with the command line's answers."""

from __future__ import annotations

import pyarrow as pa
import pytest

duckdb = pytest.importorskip("duckdb")

try:
    from duckdb.sqltypes import BOOLEAN, VARCHAR
except ImportError:  # DuckDB before 1.4
    from duckdb.typing import BOOLEAN, VARCHAR

import idbench.arrow as ida  # noqa: E402


def connect():
    con = duckdb.connect()

    def udf(name, f, params, returns):
        # "special": the kernels see the nulls and answer null for them (and null where
        # a string has no such answer: no first error, a form that does not apply).
        con.create_function(name, f, params, returns, type="arrow", null_handling="special")

    explain = duckdb.struct_type(
        {"code": VARCHAR, "start": "UBIGINT", "end": "UBIGINT", "spec": VARCHAR, "message": VARCHAR}
    )
    udf("idb_valid", lambda c: ida.valid(c), [VARCHAR], BOOLEAN)
    udf("idb_first_error", lambda c: ida.first_error(c), [VARCHAR], explain)
    udf("idb_normalize", lambda c, form: ida.normalize(c, form=form[0].as_py()), [VARCHAR, VARCHAR], VARCHAR)
    udf("idb_equivalent", lambda a, b: ida.equivalent(a, b), [VARCHAR, VARCHAR], BOOLEAN)
    return con


def test_duckdb_validates_explains_and_normalizes(ids, expected):
    con = connect()
    table = pa.table({"n": list(range(len(ids))), "id": pa.array(ids, pa.string())})
    con.register("ids", table)
    rows = con.execute(
        "SELECT n, idb_valid(id), idb_first_error(id).code, idb_normalize(id, 'canonical') "
        "FROM ids ORDER BY n"
    ).fetchall()
    assert len(rows) == len(ids)
    for (n, ok, code, canonical), want in zip(rows, expected):
        if want is None:
            assert (ok, code, canonical) == (None, None, None)
            continue
        assert ok == want["valid"], ids[n]
        assert code == want["first_error"], ids[n]
        assert canonical == want["canonical"], ids[n]
    (eq,) = con.execute("SELECT idb_equivalent('HTTP://a/%7e', 'http://a/~')").fetchone()
    assert eq is True


def test_duckdb_many_vectors():
    # More rows than one DuckDB vector (2048), so the UDF is called on several chunks.
    con = connect()
    (n,) = con.execute(
        "SELECT count(*) FROM range(10000) t(i) "
        "WHERE idb_valid(CASE WHEN i % 2 = 0 THEN 'urn:x:' || i ELSE 'bad ' || i END)"
    ).fetchone()
    assert n == 5000
