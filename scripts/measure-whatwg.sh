#!/bin/sh
# The WHATWG URL parser's speed target (issue 25, "Speed"), in release: engine::whatwg's
# basic URL parser, and `idbench check --profile whatwg --jobs 1` (the whole command: read,
# judge, report), against the url crate's Url::parse on the same corpus of LINES URI lines
# (benches/tools/gen_corpus.rs, kind uri, seed SEED: the corpus scripts/bench-check.sh
# times), CPU time, one thread; target within 1.5x. Prints "met" or "MISSED" for each and
# exits 1 when either is missed. Not part of `cargo test`.
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
status=0
out=$(cargo bench --quiet --bench whatwg -- "$f") || status=1
echo "$out"
url_s=$(echo "$out" | sed -n 's/^ *url_seconds \([0-9.]*\)$/\1/p')
cargo build --release --quiet --bin idbench
# The command's CPU time (user + system, the process on one thread), best of three.
best=""
for _ in 1 2 3; do
    /usr/bin/time -o "$dir/check-time.txt" -f '%U %S' \
        "$tdir/release/idbench" check --profile whatwg --jobs 1 "$f" >/dev/null 2>&1 || true
    t=$(awk 'END { print $1 + $2 }' "$dir/check-time.txt")
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
done
awk -v c="$best" -v u="$url_s" 'BEGIN {
    r = c / u
    printf "   idbench check --profile whatwg --jobs 1: %.3f s CPU (best of 3); url::Url::parse %.3f s\n", c, u
    printf "%s check --profile whatwg within 1.5x of url::Url::parse: %.2fx\n", (r <= 1.5) ? "met   " : "MISSED", r
    exit (r <= 1.5) ? 0 : 1
}' || status=1
exit $status
