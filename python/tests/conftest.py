"""What the engine tests share: a column of URIs and URNs (valid and not), and idbench's
own answers for it from the command line (`check --format json`, `forms --format json`)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

IDS = [
    "http://example.com/a/./b/%7e?q=1#f",
    "HTTP://Example.COM:80/",
    "https://例え.テスト/パス",
    "mailto:someone@example.org",
    "http://exa mple.com/",
    "http://[::1/",
    "http://example.com/%zz",
    "urn:isbn:0451450523",
    "URN:NBN:de:101-2019061213",
    "urn:example:a?+r?=q#frag",
    "urn:ex",
    "urn:a:b c",
    "xri://=example*alice",
    None,
]

ROOT = Path(__file__).resolve().parents[2]


def idbench_bin() -> Path | None:
    """The idbench binary: $IDBENCH_BIN (the Rust test that runs pytest sets it), else
    the workspace's debug or release build."""
    given = os.environ.get("IDBENCH_BIN")
    if given:
        return Path(given)
    for p in (ROOT / "target" / "debug" / "idbench", ROOT / "target" / "release" / "idbench"):
        if p.exists():
            return p
    return None


def run_cli(*args: str, stdin: str = "") -> list[dict]:
    exe = idbench_bin()
    if exe is None:
        pytest.skip("no idbench binary: build it (cargo build) or set IDBENCH_BIN")
    out = subprocess.run(
        [str(exe), *args], input=stdin.encode(), capture_output=True, timeout=120
    ).stdout.decode()
    return [json.loads(line) for line in out.splitlines() if line]


@pytest.fixture(scope="session")
def ids() -> list[str | None]:
    return IDS


@pytest.fixture(scope="session")
def expected() -> list[dict | None]:
    """Per identifier (None for a null): the CLI's `valid`, `first_error` code, `profile`
    and `canonical` form."""
    strings = [s for s in IDS if s is not None]
    checks = run_cli("check", "--format", "json", stdin="\n".join(strings) + "\n")
    forms = run_cli("forms", "--format", "json", *strings)
    assert len(checks) == len(strings) == len(forms)
    answers = iter(
        {
            "valid": c["valid"],
            "first_error": c["first_error"],
            "profile": c["profile"],
            "canonical": f["forms"]["canonical"],
        }
        for c, f in zip(checks, forms)
    )
    return [None if s is None else next(answers) for s in IDS]
