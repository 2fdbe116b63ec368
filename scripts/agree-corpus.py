#!/usr/bin/env python3
"""No false alarm from `check --agree` on ordinary URLs: the clean half of the benchmark's
mixed URL set (scripts/gen-mixed-urls.py: web URLs with ports, paths, queries and
fragments, IPv4 and IPv6 hosts, file, mailto, urn, tel, data and git+ssh URLs).

    scripts/agree-corpus.py sample [LINES] [SEED]   # LINES clean URLs on stdout
    scripts/agree-corpus.py check [LINES] [SEED] [PROFILES] [BIN]

`sample` writes the clean lines (tests/data/agree/ordinary.txt is `sample 2000 7`);
`check` writes LINES (default 1,000,000) clean lines and as many lines of the whole mixed
set to temporary files, runs `BIN check --agree PROFILES` (default whatwg,rfc3986 and
target/release/idbench) over each and prints how many lines disagree, by class: the clean
set must give none (exit 1 otherwise); the mixed set's dirty half shows the classes.
"""

import collections
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def gen_module():
    spec = importlib.util.spec_from_file_location("gen_mixed_urls", os.path.join(HERE, "gen-mixed-urls.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def clean_lines(n, seed):
    g = gen_module()
    r = random.Random(seed)
    return [g.clean(r) for _ in range(n)]


def mixed_lines(n, seed):
    g = gen_module()
    r = random.Random(seed)
    return [(g.clean(r) if r.random() < 0.5 else g.dirty(r)).replace("\n", "").replace("\r", "") for _ in range(n)]


def run_check(binary, profiles, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        p = subprocess.run([binary, "check", "--agree", profiles, "--format", "json", path],
                           capture_output=True, check=False)
        classes = collections.Counter()
        examples = {}
        for line in p.stdout.decode("utf-8", "replace").splitlines():
            rec = json.loads(line)
            if rec.get("agree") is False:
                d = rec["disagreements"][0]
                key = f'{d["component"]}/{d["class"]}'
                classes[key] += 1
                examples.setdefault(key, rec["input"])
        return p.returncode, classes, examples
    finally:
        os.unlink(path)


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "check"
    if what == "sample":
        n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
        seed = int(sys.argv[3]) if len(sys.argv) > 3 else 7
        sys.stdout.write("\n".join(clean_lines(n, seed)) + "\n")
        return 0
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 42
    profiles = sys.argv[4] if len(sys.argv) > 4 else "whatwg,rfc3986"
    binary = sys.argv[5] if len(sys.argv) > 5 else os.path.join(HERE, "..", "target", "release", "idbench")
    code, classes, examples = run_check(binary, profiles, clean_lines(n, seed))
    total = sum(classes.values())
    print(f"clean set: {n} lines, {total} disagree (exit {code})")
    for k, v in classes.most_common():
        print(f"  {k}: {v}  e.g. {examples[k]!r}")
    _, mixed, mexamples = run_check(binary, profiles, mixed_lines(n, seed))
    print(f"mixed set: {n} lines, {sum(mixed.values())} disagree")
    for k, v in mixed.most_common():
        print(f"  {k}: {v}  e.g. {mexamples[k]!r}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
