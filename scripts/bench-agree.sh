#!/usr/bin/env bash
# `check --agree whatwg,rfc3986 --jobs 1` against `check --profile whatwg --jobs 1` (issue 40:
# at most 3x), on the benchmark's mixed URL set (scripts/gen-mixed-urls.py) and on its clean
# half (scripts/agree-corpus.py sample). BENCHMARKS.md records one run.
#
#   scripts/bench-agree.sh [LINES] [RUNS]     # LINES defaults to 1000000, RUNS to 5
#   IDBENCH=path/to/idbench scripts/bench-agree.sh
#
# Builds the release binary unless IDBENCH is given; writes the sets to target/bench-agree/;
# times whole processes (--quiet: the judging, not the printing) and prints the median of
# RUNS runs of each, the ratio, and the load average before and after (a busy machine
# slows both sides alike, so the ratio stays meaningful when the times do not). Exits 1
# when the ratio is over 3 on either set. Not part of `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."
LINES=${1:-1000000}
RUNS=${2:-5}
if [ -z "${IDBENCH:-}" ]; then
    cargo build --release --bin idbench >&2
    IDBENCH=target/release/idbench
fi
dir=target/bench-agree
mkdir -p "$dir"
mixed="$dir/mixed-$LINES.txt"
clean="$dir/clean-$LINES.txt"
# Written aside and moved into place: a generator that fails leaves no set behind to be
# timed by the next run.
[ -s "$mixed" ] || { python3 scripts/gen-mixed-urls.py "$LINES" 42 > "$mixed.tmp" && mv "$mixed.tmp" "$mixed"; } \
    || { rm -f "$mixed.tmp"; echo "scripts/gen-mixed-urls.py $LINES 42 failed" >&2; exit 2; }
[ -s "$clean" ] || { python3 scripts/agree-corpus.py sample "$LINES" 42 > "$clean.tmp" && mv "$clean.tmp" "$clean"; } \
    || { rm -f "$clean.tmp"; echo "scripts/agree-corpus.py sample $LINES 42 failed" >&2; exit 2; }

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The median wall time in seconds of RUNS runs of "$@" (output discarded; exit 1 is a verdict).
# A run that exits with more than 1 (an error, a panic, a signal) is not timed: it ends the
# script with status 2, naming the command.
time_of() {
    for _ in $(seq "$RUNS"); do
        local t0 t1 st
        t0=$(date +%s.%N)
        "$@" > /dev/null 2>&1 && st=0 || st=$?
        t1=$(date +%s.%N)
        if [ "$st" -gt 1 ]; then
            echo "a run failed: $* (exit status $st)" >&2
            exit 2
        fi
        echo "$t1 - $t0" | bc -l
    done | median
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "nproc: $(nproc); $LINES lines a set; median of $RUNS runs"
status=0
for set in "$mixed" "$clean"; do
    base=$(time_of "$IDBENCH" check --profile whatwg --jobs 1 --quiet "$set") || exit 2
    agree=$(time_of "$IDBENCH" check --agree whatwg,rfc3986 --jobs 1 --quiet "$set") || exit 2
    agree3=$(time_of "$IDBENCH" check --agree whatwg,rfc3986,rfc3987 --jobs 1 --quiet "$set") || exit 2
    ratio=$(echo "$agree / $base" | bc -l)
    ratio3=$(echo "$agree3 / $base" | bc -l)
    verdict=met
    if [ "$(echo "$ratio > 3" | bc -l)" = 1 ]; then verdict=MISSED; status=1; fi
    printf '%s:\n' "$(basename "$set")"
    printf '  check --profile whatwg --jobs 1             %8.3f s  (%6.0f lines/s)\n' "$base" "$(echo "$LINES / $base" | bc -l)"
    printf '  check --agree whatwg,rfc3986 --jobs 1       %8.3f s  ratio %.2f (target <= 3: %s)\n' "$agree" "$ratio" "$verdict"
    printf '  check --agree whatwg,rfc3986,rfc3987        %8.3f s  ratio %.2f (information)\n' "$agree3" "$ratio3"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
