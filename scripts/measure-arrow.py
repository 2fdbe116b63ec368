#!/usr/bin/env python3
"""Speed and memory of idbench.arrow.valid (issue 27's targets), in the environment
.ci/run makes:

    .venv-ci/bin/python scripts/measure-arrow.py [--lines 1000000]

1. Per line, `idbench.arrow.valid` over LINES strings against `idbench check --jobs 1
   --quiet` on the same lines (target: at most 1.3x). The binary is built with the wheel's
   profile (`cargo build --profile wheel --no-default-features --bin idbench`), so both
   run the same optimized engine.
2. Against a Python loop over the `rfc3986` package's validator (target: at least 10x
   faster), timed on the first 100,000 lines.
3. Peak memory over 100 streamed batches: the process's resident set after each batch
   (target: the input batch plus the output array plus under 64 MiB, flat), with the
   batches made before the stream starts (what the kernel adds) and made on demand from
   Python strings, beside a trivial pyarrow kernel over the same stream (what making the
   batches costs).

The corpus is `gen-corpus` output (80% `uri`, 20% `urn`, about 3% broken lines), written
under target/measure-arrow/. Best of three for the timings. Prints a table; the figures
go into BENCHMARKS.md by hand.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.compute  # noqa: F401

import idbench.arrow as ida

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "target" / "measure-arrow"


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def corpus(lines: int) -> Path:
    path = OUT / f"corpus-{lines}.txt"
    if path.exists():
        return path
    OUT.mkdir(parents=True, exist_ok=True)
    gen = ROOT / "target" / "debug" / "examples" / "gen-corpus"
    if not gen.exists():
        subprocess.run(
            ["cargo", "build", "--example", "gen-corpus"], cwd=ROOT, check=True, timeout=1800
        )
    uri = lines * 4 // 5
    parts = [
        subprocess.run([str(gen), "uri", str(uri), "27"], capture_output=True, check=True, timeout=600).stdout,
        subprocess.run([str(gen), "urn", str(lines - uri), "27"], capture_output=True, check=True, timeout=600).stdout,
    ]
    # Blank lines are skipped by `check` and judged by the kernel: leave them out.
    text = b"".join(parts).decode()
    kept = [line for line in text.splitlines() if line.strip("\r")]
    path.write_text("\n".join(kept) + "\n")
    return path


def best(f, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--loop-lines", type=int, default=100_000)
    ap.add_argument("--batches", type=int, default=100)
    ap.add_argument("--batch-rows", type=int, default=100_000)
    ap.add_argument("--memory-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_only:
        return memory_only(args)

    exe = ROOT / "target" / "wheel" / "idbench"
    if not exe.exists():
        print("building the idbench binary with the wheel's profile ...", file=sys.stderr)
        subprocess.run(
            ["cargo", "build", "--profile", "wheel", "--no-default-features", "--bin", "idbench"],
            cwd=ROOT, check=True, timeout=3600,
        )
    path = corpus(args.lines)
    lines = path.read_text().splitlines()
    n = len(lines)
    arr = pa.array(lines, type=pa.string())

    # 1. The kernel against `check --jobs 1 --quiet` (the whole process: start-up, reading
    # and splitting the file included, as a user of either pays it).
    t_check = best(lambda: subprocess.run(
        [str(exe), "check", "--jobs", "1", "--quiet", str(path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600,
    ))
    t_valid = best(lambda: ida.valid(arr))
    invalid = n - pa.compute.sum(ida.valid(arr)).as_py()

    # 2. A Python loop over rfc3986's validator.
    try:
        from rfc3986 import exceptions, uri_reference, validators
    except ImportError:
        print("rfc3986 is not installed: pip install rfc3986==2.0.0", file=sys.stderr)
        return 2
    validator = validators.Validator().check_validity_of(
        "scheme", "userinfo", "host", "port", "path", "query", "fragment"
    )
    sample = lines[: args.loop_lines]

    def loop() -> int:
        ok = 0
        for s in sample:
            try:
                validator.validate(uri_reference(s))
                ok += 1
            except exceptions.ValidationError:
                pass
        return ok

    t_loop = best(loop, runs=1)
    sample_arr = pa.array(sample, type=pa.string())
    t_sample = best(lambda: ida.valid(sample_arr))

    # 3. Memory, in a process of its own (its peak is the stream's, not the timings').
    memory = subprocess.run(
        [sys.executable, __file__, "--memory-only", "--lines", str(args.lines),
         "--batches", str(args.batches), "--batch-rows", str(args.batch_rows)],
        capture_output=True, text=True, check=True, timeout=1800,
    ).stdout.strip()

    per = lambda t, k: t / k * 1e9  # noqa: E731
    print(f"lines: {n} ({path.stat().st_size / 2**20:.1f} MiB), invalid: {invalid}")
    print(f"idbench check --jobs 1 --quiet : {t_check:.3f} s  {per(t_check, n):.0f} ns/line")
    print(f"idbench.arrow.valid            : {t_valid:.3f} s  {per(t_valid, n):.0f} ns/line")
    print(f"  ratio valid / check          : {t_valid / t_check:.2f}x (target <= 1.3x)")
    print(f"rfc3986 Validator loop ({len(sample)}) : {t_loop:.3f} s  {per(t_loop, len(sample)):.0f} ns/line")
    print(f"idbench.arrow.valid ({len(sample)})    : {t_sample:.4f} s  {per(t_sample, len(sample)):.0f} ns/line")
    print(f"  speed-up over the loop       : {t_loop / t_sample:.0f}x (target >= 10x)")
    print(memory)
    return 0


def memory_only(args: argparse.Namespace) -> int:
    """The resident set over a stream of `args.batches` batches, twice: batches made
    before the stream starts (ten of them, cycled: what the kernel itself adds), and
    batches made on demand from Python strings, against a trivial pyarrow kernel over the
    same stream (what making the batches costs; it is not the kernel's)."""
    import pyarrow.compute as pc

    lines = corpus(args.lines).read_text().splitlines()
    n = len(lines)
    rows = args.batch_rows

    def make(i: int) -> pa.RecordBatch:
        at = (i * rows) % max(n - rows, 1)
        return pa.record_batch([pa.array(lines[at : at + rows], type=pa.string())], names=["id"])

    schema = pa.schema([("id", pa.string())])
    made = [make(i) for i in range(10)]
    in_mib = made[0].nbytes / 2**20

    def watch(outputs) -> tuple[float, list[float], float]:
        base = rss_mib()
        rss, out_mib = [], 0.0
        for out in outputs:
            rss.append(rss_mib())
            out_mib = max(out_mib, out.nbytes / 2**20)
        return base, rss, out_mib

    def trivial(reader):
        for b in reader:
            yield pa.record_batch([pc.is_null(b.column(0))], names=["null"])

    ready = pa.RecordBatchReader.from_batches(schema, (made[i % 10] for i in range(args.batches)))
    base, rss, out_mib = watch(ida.valid(ready))
    fresh = lambda: pa.RecordBatchReader.from_batches(schema, (make(i) for i in range(args.batches)))  # noqa: E731
    f_base, f_rss, _ = watch(ida.valid(fresh()))
    t_base, t_rss, _ = watch(trivial(fresh()))
    print(
        f"stream of {args.batches} batches x {rows} rows (input batch {in_mib:.1f} MiB, "
        f"output {out_mib:.2f} MiB):\n"
        f"  batches made beforehand: RSS {base:.0f} MiB before, {rss[0]:.0f} after batch 1, "
        f"{rss[min(9, len(rss) - 1)]:.0f} after 10, {rss[-1]:.0f} after {len(rss)}; the kernel "
        f"adds {max(rss) - base:.1f} MiB at its peak (target: < 64 MiB, flat)\n"
        f"  batches made on demand: valid peaks {max(f_rss) - f_base:.1f} MiB above the start "
        f"({f_rss[9] - f_base:.0f} after 10, {f_rss[-1] - f_base:.0f} after {len(f_rss)}); a "
        f"trivial pyarrow kernel on the same stream {max(t_rss) - t_base:.1f} MiB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
