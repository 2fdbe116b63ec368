#!/usr/bin/env python3
"""Throughput of idbench.arrow's normalize and equivalence_key (issue 41's target: at least
1,000,000 rows/s each on the mixed corpus with the namespace layer on), beside valid.

    .venv-ci/bin/python scripts/measure-kernels.py [--rows 1000000] [--repeat 3]

Build the extension optimized first (`pip install ./python`, or `maturin develop
--profile wheel -m python/Cargo.toml` in the environment): a debug build is ten times
slower and its figures mean nothing.

The corpus: `gen-corpus` (benches/tools/gen_corpus.rs) lines, 70% URIs, 10% IRIs, 20%
URNs (uuid, ISBN, ISSN, ISO, OID, publicid and others, so the namespace layer has work),
seed 41, shuffled. Prints one line per kernel: rows/s by wall-clock and by the process's
CPU time, best of REPEAT runs each, and the load average before and after. The figures go into BENCHMARKS.md and
python/README.md by hand.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import time
from pathlib import Path

import pyarrow as pa

import idbench.arrow as ida

ROOT = Path(__file__).resolve().parents[1]


def corpus(rows: int) -> pa.Array:
    """The mixed corpus: `gen-corpus` output, 70% `uri`, 10% `iri`, 20% `urn` (uuid,
    ISBN, ISSN, ISO, OID, publicid, ... with their namespaces), seed 41, blank lines left
    out, shuffled."""
    gen = ROOT / "target" / "debug" / "examples" / "gen-corpus"
    if not gen.exists():
        subprocess.run(
            ["cargo", "build", "--example", "gen-corpus"], cwd=ROOT, check=True, timeout=1800
        )
    lines: list[str] = []
    for kind, share in [("uri", 70), ("iri", 10), ("urn", 20)]:
        out = subprocess.run(
            [str(gen), kind, str(rows * share // 100), "41"],
            capture_output=True,
            check=True,
            timeout=600,
        ).stdout.decode()
        lines += [l for l in out.splitlines() if l.strip("\r")]
    random.Random(41).shuffle(lines)
    return pa.array(lines, type=pa.string())


def best(f, repeat: int) -> tuple[float, float]:
    """The best wall-clock and the best CPU time (this process's, which the kernels run
    on: less moved by other load on the machine) of REPEAT runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        f()
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return min(walls), min(cpus)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    ids = corpus(args.rows)
    distinct = len(ids.unique())
    print(f"corpus: {len(ids)} rows, {distinct} distinct")
    runs = [
        ("valid (namespaces=True)", lambda: ida.valid(ids, namespaces=True)),
        ("normalize canonical (namespaces=True)", lambda: ida.normalize(ids, "canonical", namespaces=True)),
        ("normalize canonical_namespace", lambda: ida.normalize(ids, "canonical_namespace", namespaces=True)),
        ("equivalence_key (namespaces=True)", lambda: ida.equivalence_key(ids, namespaces=True)),
        (
            "equivalence_key, dictionary-encoded input",
            lambda: ida.equivalence_key(ids.dictionary_encode(), namespaces=True),
        ),
    ]
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    for name, f in runs:
        wall, cpu = best(f, args.repeat)
        print(
            f"{name:45} {len(ids) / wall:>12,.0f} rows/s  ({wall:.2f} s)"
            f"  CPU: {len(ids) / cpu:>12,.0f} rows/s  ({cpu:.2f} s)"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
