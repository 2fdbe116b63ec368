"""The kernels in PySpark on local[2] through mapInArrow: validate, explain and normalize
a column of URIs and URNs, with the command line's answers. Spark starts once, quietly,
without its web UI."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pyarrow as pa
import pytest

pyspark = pytest.importorskip("pyspark")

if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("no Java: Spark needs Java 17", allow_module_level=True)


# Spark's own logging: errors only, so the test's output stays readable.
LOG4J = Path(__file__).with_name("log4j2.properties")


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    # The workers run this interpreter (the one that has idbench).
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    # Loopback only: the driver and its local executors talk on 127.0.0.1.
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    session = (
        SparkSession.builder.master("local[2]")
        .appName("idbench-test")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "1g")
        .config("spark.driver.extraJavaOptions", f"-Dlog4j2.configurationFile={LOG4J}")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_spark_validates_explains_and_normalizes(spark, ids, expected):
    # Defined here, so that Spark ships the function itself to its Python workers (they
    # cannot import this test module); idbench is imported on the worker.
    def check_batches(batches):
        """A mapInArrow function: each batch's `id` column checked, explained and normalized."""
        import idbench.arrow as ida

        for batch in batches:
            ids = batch.column("id")
            err = ida.first_error(ids)
            yield pa.record_batch(
                {
                    "n": batch.column("n"),
                    "id": ids,
                    "valid": ida.valid(ids),
                    "first_error": err.field("code"),
                    "canonical": ida.normalize(ids, form="canonical"),
                }
            )

    df = spark.createDataFrame([(i, s) for i, s in enumerate(ids)], "n long, id string")
    out = df.repartition(2).mapInArrow(
        check_batches,
        "n long, id string, valid boolean, first_error string, canonical string",
    )
    rows = sorted(out.collect(), key=lambda r: r["n"])
    assert len(rows) == len(ids)
    for row, want in zip(rows, expected):
        if want is None:
            assert row["valid"] is None and row["first_error"] is None
            continue
        assert row["valid"] == want["valid"], row["id"]
        assert row["first_error"] == want["first_error"], row["id"]
        assert row["canonical"] == want["canonical"], row["id"]
