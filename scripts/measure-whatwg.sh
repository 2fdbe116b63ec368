#!/bin/sh
# The WHATWG URL parser's speed target (issue 25, "Speed"), in release: engine::whatwg's
# basic URL parser against the url crate's Url::parse on the same corpus of LINES URI lines
# (benches/tools/gen_corpus.rs, kind uri, seed SEED: the corpus scripts/bench-check.sh
# times), CPU time, one thread; target within 1.5x. Prints "met" or "MISSED" and exits 1
# when missed. Not part of `cargo test`.
#
# Usage: scripts/measure-whatwg.sh [LINES]     (LINES defaults to 1000000; SEED to 3986)
set -eu
cd "$(dirname "$0")/.."
lines="${1:-1000000}"
seed="${SEED:-3986}"
tdir="${CARGO_TARGET_DIR:-target}"
dir="$tdir/bench-corpus"
mkdir -p "$dir"
cargo build --release --quiet --example gen-corpus
f="$dir/uri-$lines-$seed.txt"
if [ ! -s "$f" ] || [ "$tdir/release/examples/gen-corpus" -nt "$f" ]; then
    "$tdir/release/examples/gen-corpus" uri "$lines" "$seed" >"$f"
fi
echo "== corpus $f: $(wc -l <"$f") lines"
cargo bench --quiet --bench whatwg -- "$f"
