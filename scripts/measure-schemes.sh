#!/usr/bin/env bash
# The cost of the URI scheme layer to batch checking (issue 39): `check --schemes --jobs 1`
# must cost at most 1.5x `check --jobs 1` on a mixed URL corpus. Not part of `cargo test`;
# prints each figure and "met" or "MISSED", and exits 1 when the target is missed.
#
#   scripts/measure-schemes.sh                    # LINES=1000000 RUNS=3 SEED=3986
#   IDBENCH=path LINES=200000 scripts/measure-schemes.sh
#
# 1. Builds the release binary of this tree (unless IDBENCH is given).
# 2. Generates the mixed URL corpus (scripts/gen-mixed-urls.py LINES SEED): web URLs,
#    mailto:, urn:, data:, tel: and the dirt of URL lists.
# 3. Times `check --jobs 1 --format json FILE` and `check --schemes --jobs 1 --format json
#    FILE` RUNS times each (best CPU time from `perf stat -e task-clock`, wall time without
#    perf; JSON to /dev/null, so the records, and with them the layer, are written), and
#    prints the ratio (target: at most 1.5). Every run is checked: one that exits with more
#    than 1 (1: some lines invalid), is stopped by the timeout, or ends without the summary
#    on stderr counting every line of the corpus (a crash: perf does not pass a signal on)
#    ends the script with status 2, naming the command, rather than counting as a fast run.
set -u
cd "$(dirname "$0")/.."
LINES=${LINES:-1000000}
RUNS=${RUNS:-3}
SEED=${SEED:-3986}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ -z "${IDBENCH:-}" ]; then
    timeout 3600 cargo build --release --quiet --bin idbench || exit 2
    IDBENCH=target/release/idbench
fi
CORPUS="$TMP/mixed.txt"
timeout 600 python3 scripts/gen-mixed-urls.py "$LINES" "$SEED" >"$CORPUS" || exit 2
echo "corpus: $LINES mixed URL lines, $(wc -c <"$CORPUS") bytes (gen-mixed-urls.py $LINES $SEED)"

# CPU time (`perf stat -e task-clock`) when perf is installed: the machine is shared, and a
# loaded machine moves wall time far more than CPU time. Else wall time. Best of RUNS.
HAVE_PERF=0
perf stat -e task-clock true >/dev/null 2>&1 && HAVE_PERF=1
best() { sort -n | head -1; }
LINES_IN=$(wc -l <"$CORPUS")
# ran STATUS ARGS...: whether the run of `check ... ARGS` went through: an exit status of at
# most 1 and the summary `N valid, M invalid[, K blank lines skipped]` on stderr (written
# last) counting every line (and if not, says how on stderr).
ran() {
    local st=$1 n
    shift
    n=$(awk '/^[0-9]+ valid, [0-9]+ invalid/ { n = $1 + $3; if ($5 ~ /^[0-9]+$/) n += $5; print n }' "$TMP/err")
    [ "$st" -le 1 ] && [ "$n" = "$LINES_IN" ] && return 0
    echo "a run failed: $IDBENCH check --jobs 1 --format json $* $CORPUS (exit status $st, summary of ${n:-no} lines for $LINES_IN)" >&2
    return 1
}
time_runs() { # ARGS...: the best of RUNS; status 2 when a run failed
    local all="" st t
    for _ in $(seq "$RUNS"); do
        if [ "$HAVE_PERF" = 1 ]; then
            timeout 900 perf stat -x, -e task-clock -o "$TMP/stat" "$IDBENCH" check --jobs 1 \
                --format json "$@" "$CORPUS" >/dev/null 2>"$TMP/err"
            st=$?
            t=$(awk -F, '/task-clock/ {printf "%.3f\n", $1 / 1000}' "$TMP/stat")
        else
            local t0 t1
            t0=$(date +%s.%N)
            timeout 900 "$IDBENCH" check --jobs 1 --format json "$@" "$CORPUS" >/dev/null 2>"$TMP/err"
            st=$?
            t1=$(date +%s.%N)
            t=$(echo "$t1 - $t0" | bc)
        fi
        ran "$st" "$@" || return 2
        all="$all$t"$'\n'
    done
    printf '%s' "$all" | best
}
CLOCK=$([ "$HAVE_PERF" = 1 ] && echo "CPU (task-clock)" || echo "wall")
plain=$(time_runs) || exit 2
layer=$(time_runs --schemes) || exit 2
ratio=$(echo "scale=3; $layer / $plain" | bc)
echo "check --jobs 1:           ${plain}s $CLOCK (best of $RUNS; load: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "check --schemes --jobs 1: ${layer}s $CLOCK (best of $RUNS)"
if [ "$(echo "$ratio <= 1.5" | bc)" = 1 ]; then
    echo "ratio ${ratio}x (target <= 1.5x): met"
else
    echo "ratio ${ratio}x (target <= 1.5x): MISSED"
    exit 1
fi
