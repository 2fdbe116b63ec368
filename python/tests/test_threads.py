"""The kernels release the GIL: another Python thread runs while a kernel works, and
threads running kernels at once neither deadlock nor disturb each other's answers."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pyarrow as pa

from idbench import _idbench
from idbench.arrow import first_error, valid

BIG = pa.array(["http://example.com/a/b?c=%41#d", "urn:isbn:0451450523", "bad uri"] * 100_000)


def test_another_thread_runs_while_a_kernel_works():
    # With a switch interval far longer than the test, the interpreter never takes the GIL
    # from this thread: the waiting thread can run before the kernel returns only if the
    # kernel lets the GIL go. No clock is read.
    order: list[str] = []
    go = threading.Event()

    def other() -> None:
        go.wait()
        order.append("other thread ran")

    old = sys.getswitchinterval()
    t = threading.Thread(target=other)
    t.start()
    try:
        sys.setswitchinterval(1000.0)
        go.set()
        _idbench.valid(BIG, None)
        order.append("kernel returned")
    finally:
        sys.setswitchinterval(old)
    t.join(timeout=60)
    assert not t.is_alive()
    assert order == ["other thread ran", "kernel returned"]


def test_a_thread_pool_runs_kernels_at_once():
    parts = [BIG.slice(i * 50_000, 50_000) for i in range(6)]
    serial = [valid(p).to_pylist() for p in parts]
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(valid, p) for p in parts]
        errors = [pool.submit(first_error, p) for p in parts[:2]]
        got = [f.result(timeout=300).to_pylist() for f in futures]
        for f in errors:
            assert len(f.result(timeout=300)) == 50_000
    assert got == serial
