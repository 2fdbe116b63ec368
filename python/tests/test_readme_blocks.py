"""Every ``python`` code block of python/README.md and docs/engines.md runs as pasted,
each in a fresh interpreter (the blocks are extracted from the Markdown, so a block that
stops running fails here). A block that cannot run here is skipped with the reason."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "python" / "README.md", ROOT / "docs" / "engines.md"]
FENCE = re.compile(r"^(?P<indent>[ \t]*)```python[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)


def blocks() -> list[tuple[str, str]]:
    out = []
    for f in FILES:
        text = f.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            out.append((f"{f.relative_to(ROOT)}:{line}", textwrap.dedent(m.group("body"))))
    return out


def why_not(code: str) -> str | None:
    """Why a block cannot run here, or None."""
    if "import ray" in code:
        return "Ray blocks read s3:// data on a Ray cluster; Ray is not installed by .ci/run"
    needs = {
        "pyspark": "PySpark is not installed",
        "datafusion": "DataFusion is not installed",
        "duckdb": "DuckDB is not installed",
        "polars": "Polars is not installed",
        "pandas": "pandas is not installed",
    }
    for module, reason in needs.items():
        if re.search(rf"\b(import|from) {module}\b", code) and importlib.util.find_spec(module) is None:
            return reason
    if "pyspark" in code and shutil.which("java") is None:
        return "PySpark needs Java 17 or newer, which is not on PATH"
    return None


ALL = blocks()


def test_the_blocks_are_found():
    names = {n.split(":")[0] for n, _ in ALL}
    assert names == {"python/README.md", "docs/engines.md"}, names
    assert len(ALL) >= 8


@pytest.mark.parametrize("where,code", ALL, ids=[n for n, _ in ALL])
def test_block_runs_as_pasted(where: str, code: str, tmp_path: Path):
    reason = why_not(code)
    if reason:
        pytest.skip(f"{where}: {reason}")
    script = tmp_path / "block.py"
    script.write_text(code, encoding="utf-8")
    r = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, f"{where} failed:\n{code}\n--- stderr ---\n{r.stderr[-4000:]}"
