"""The kernels as DataFusion-Python UDFs (idb_valid, idb_first_error, idb_normalize,
idb_equivalent, idb_components) in SQL, with the command line's answers."""

from __future__ import annotations

import pyarrow as pa
import pytest

datafusion = pytest.importorskip("datafusion")

import idbench.arrow as ida  # noqa: E402

FIRST_ERROR = pa.struct(
    [("code", pa.string()), ("start", pa.uint64()), ("end", pa.uint64()),
     ("spec", pa.string()), ("message", pa.string())]
)
COMPONENTS = ida.components(pa.array([], pa.string())).type


def context():
    udf = datafusion.udf
    ctx = datafusion.SessionContext()
    ctx.register_udf(udf(lambda c: ida.valid(c), [pa.string()], pa.bool_(), "immutable", name="idb_valid"))
    ctx.register_udf(udf(lambda c: ida.first_error(c), [pa.string()], FIRST_ERROR, "immutable", name="idb_first_error"))
    ctx.register_udf(
        udf(lambda c, f: ida.normalize(c, form=f[0].as_py()), [pa.string(), pa.string()],
            pa.string(), "immutable", name="idb_normalize")
    )
    ctx.register_udf(
        udf(lambda a, b: ida.equivalent(a, b), [pa.string(), pa.string()], pa.bool_(),
            "immutable", name="idb_equivalent")
    )
    ctx.register_udf(udf(lambda c: ida.components(c), [pa.string()], COMPONENTS, "immutable", name="idb_components"))
    return ctx


def test_datafusion_validates_explains_and_normalizes(ids, expected):
    ctx = context()
    batch = pa.record_batch({"n": list(range(len(ids))), "id": pa.array(ids, pa.string())})
    ctx.register_record_batches("ids", [[batch]])
    table = ctx.sql(
        "SELECT n, idb_valid(id) AS ok, idb_first_error(id) AS err, "
        "idb_normalize(id, 'canonical') AS canonical, idb_components(id) AS parts, "
        "idb_equivalent(id, lower(id)) AS same FROM ids ORDER BY n"
    ).to_arrow_table()
    rows = table.to_pylist()
    assert len(rows) == len(ids)
    for row, want in zip(rows, expected):
        s = ids[row["n"]]
        if want is None:
            assert row["ok"] is None and row["err"] is None and row["canonical"] is None
            continue
        assert row["ok"] == want["valid"], s
        assert (row["err"] or {}).get("code") == want["first_error"], s
        assert row["canonical"] == want["canonical"], s
    by_id = {ids[r["n"]]: r for r in rows}
    assert by_id["urn:isbn:0451450523"]["parts"]["nid"] == "isbn"
    assert by_id["HTTP://Example.COM:80/"]["same"] is True
