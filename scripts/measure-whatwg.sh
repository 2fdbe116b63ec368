#!/bin/sh
# The WHATWG URL parser's speed targets (issue 42), in release, CPU time, one thread:
#
#   benches/whatwg.rs on each data set: idbench's verdict (whatwg::verdict), parse-to-href
#   (whatwg::href) and full parse (whatwg::parse), the url crate's Url::parse and ada-url's
#   Url::parse; targets href <= 1.5x ada and <= 1.0x url, verdict <= 1.0x ada;
#   then `idbench check --profile whatwg --jobs 1` (the whole command: read, judge, report,
#   user + system CPU, best of 3) on the mixed set against ada's full parse of it: target
#   at most 1.0x.
#
# The data sets (none is committed; all go under target/bench-data/):
#   - the four public files of github.com/ada-url/url-various-datasets at commit
#     96a6fdd1e36a98904025ed5d1efd5ac9375bc18c (29 Sep 2023): files/node_files.txt,
#     others/kasztp.txt, files/isaacs_files.txt, others/userbait.txt (6 MB in all). Taken
#     from a clone of that repository when URL_DATASETS names one, else downloaded with
#     curl; a data set that cannot be had is left out, with a line that says so.
#   - the synthetic mixed set: scripts/gen-mixed-urls.py LINES SEED (1,000,000 lines, seed
#     42 unless MIXED_LINES / MIXED_SEED say otherwise).
#
# Prints "met" or "MISSED" for each target, the load average before and after, and exits 1
# when a target is missed. Not part of `cargo test`.
#
# Usage: scripts/measure-whatwg.sh            (URL_DATASETS=DIR to copy from a clone)
set -eu
cd "$(dirname "$0")/.."
tdir="${CARGO_TARGET_DIR:-target}"
dir="$tdir/bench-data"
sets="$dir/url-various-datasets"
commit=96a6fdd1e36a98904025ed5d1efd5ac9375bc18c
mkdir -p "$sets"
files=""
for path in files/node_files.txt others/kasztp.txt files/isaacs_files.txt others/userbait.txt; do
    f="$sets/$(basename "$path")"
    if [ ! -s "$f" ]; then
        if [ -n "${URL_DATASETS:-}" ]; then
            git -C "$URL_DATASETS" show "$commit:$path" >"$f.tmp" 2>/dev/null && mv "$f.tmp" "$f" || rm -f "$f.tmp"
        else
            curl -fsSL "https://raw.githubusercontent.com/ada-url/url-various-datasets/$commit/$path" \
                -o "$f.tmp" 2>/dev/null && mv "$f.tmp" "$f" || rm -f "$f.tmp"
        fi
    fi
    if [ -s "$f" ]; then
        files="$files $f"
    else
        echo "== $path: not to be had (set URL_DATASETS to a clone of ada-url/url-various-datasets); left out"
    fi
done
lines="${MIXED_LINES:-1000000}"
seed="${MIXED_SEED:-42}"
mixed="$dir/mixed-$lines-$seed.txt"
if [ ! -s "$mixed" ] || [ scripts/gen-mixed-urls.py -nt "$mixed" ]; then
    python3 scripts/gen-mixed-urls.py "$lines" "$seed" >"$mixed"
fi
echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
out=$(cargo bench --quiet --bench whatwg -- $files "$mixed") || status=1
echo "$out"
# ada's time on the mixed set: the last file's figure.
ada_ns=$(echo "$out" | sed -n 's/^ *ada_ns_per_url \([0-9.]*\)$/\1/p' | tail -n 1)
cargo build --release --quiet --bin idbench
best=""
for _ in 1 2 3; do
    /usr/bin/time -o "$dir/check-time.txt" -f '%U %S' \
        "$tdir/release/idbench" check --profile whatwg --jobs 1 "$mixed" >/dev/null 2>&1 || true
    t=$(awk 'END { print $1 + $2 }' "$dir/check-time.txt")
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
done
awk -v c="$best" -v a="$ada_ns" -v n="$lines" 'BEGIN {
    cn = c * 1e9 / n
    r = cn / a
    printf "   idbench check --profile whatwg --jobs 1 on the mixed set: %.3f s CPU (best of 3), %.1f ns a line; ada %.1f ns a URL\n", c, cn, a
    printf "%s check --profile whatwg at most 1.0x ada: %.2fx\n", (r <= 1.0) ? "met   " : "MISSED", r
    exit (r <= 1.0) ? 0 : 1
}' || status=1
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
