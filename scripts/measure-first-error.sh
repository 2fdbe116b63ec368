#!/usr/bin/env bash
# The first-error mode and check's loop (issue 42), measured. Not part of `cargo test`.
#
#   scripts/measure-first-error.sh [LINES]      # LINES defaults to 1000000
#
# 1. Builds release binaries: idbench and the dev-only helpers (peer-check, gen-corpus).
# 2. Generates the mixed URL set (scripts/gen-mixed-urls.py LINES SEED, SEED 42: about half
#    the lines are not RFC 3986 URIs) and the clean URI corpus (gen-corpus uri LINES 3986)
#    into target/bench-corpus/, and splits the mixed set by each peer's verdict
#    (peer-check split): the invalid lines alone are timed too.
# 3. CPU time (perf's task-clock, best of RUNS runs, load average beside it) of
#      idbench check --profile rfc3986 --jobs 1 --quiet   vs  peer-check fluent-uri
#      idbench check --profile rfc3987 --jobs 1 --quiet   vs  peer-check iri-string
#    on the mixed set (target: at most 1.2x) and on its invalid lines alone (at most 1.5x),
#    and of check on the clean corpus against the bare line loop (peer-check lines; at
#    most 2x).
# 4. Instructions per line of the same pairs (valgrind's callgrind; the difference between a
#    run over 2N and over N lines, divided by N, so start-up cancels out): the figure that
#    does not move with the machine's load.
# 5. With PYTHON set to a Python that imports idbench.arrow and pyarrow (the CI's
#    .venv-ci/bin/python, with the package installed optimized: `pip install ./python`):
#    the Arrow kernel `valid` under rfc3986 and rfc3987 on the same files, the strings in
#    memory (an Arrow array built first), against the peer's checks of the same strings
#    in memory (peer-check memory): nanoseconds a string, best of RUNS (the kernel's by
#    the process's CPU time, the peer's by the wall time of its loop), with the same
#    targets (mixed at most 1.2x, invalid lines at most 1.5x).
# 6. The property on every line of the mixed set: the first-error mode gives the full
#    analysis's first error (code, span, section, expected set) under rfc3986 and rfc3987
#    (tests/first_error.rs, `every_line_of_a_file`, release build).
#
# Every timed or counted run is checked: one that exits with more than 1 (1: some lines
# invalid), or ends without its summary on stderr counting every line of its file (a crash:
# perf does not pass a signal on; peer-check exits 1 on an I/O error), ends the script with
# status 2, naming the command, rather than counting as a fast run.
#
# Environment: RUNS (default 3), SEED (42), SLICE (callgrind's N, default 20000),
# BENCH_SKIP_BUILD=1 (use the binaries as they are), SKIP_PROPERTY=1.
set -euo pipefail
cd "$(dirname "$0")/.."

lines="${1:-1000000}"
runs="${RUNS:-3}"
seed="${SEED:-42}"
slice="${SLICE:-20000}"
dir=target/bench-corpus
mkdir -p "$dir"

if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  echo "== building release binaries"
  cargo build --release --bin idbench --example peer-check --example gen-corpus
fi
tdir="${CARGO_TARGET_DIR:-target}"
idb="$tdir/release/idbench"
peer="$tdir/release/examples/peer-check"
gen="$tdir/release/examples/gen-corpus"

# The corpora are written aside and moved into place: a generator that fails leaves no
# short file behind for the next run to time.
mixed="$dir/mixed-$lines-$seed.txt"
if [[ ! -s "$mixed" ]]; then
  timeout 900 python3 scripts/gen-mixed-urls.py "$lines" "$seed" >"$mixed.tmp" && mv "$mixed.tmp" "$mixed" ||
    { rm -f "$mixed.tmp"; echo "scripts/gen-mixed-urls.py $lines $seed failed" >&2; exit 2; }
fi
clean="$dir/uri-$lines-3986.txt"
if [[ ! -s "$clean" ]]; then
  timeout 900 "$gen" uri "$lines" 3986 >"$clean.tmp" && mv "$clean.tmp" "$clean" ||
    { rm -f "$clean.tmp"; echo "$gen uri $lines 3986 failed" >&2; exit 2; }
fi
for crate in fluent-uri iri-string; do
  "$peer" split "$crate" "$mixed" "$dir/mixed-$crate-valid.txt" "$dir/mixed-$crate-invalid.txt" ||
    { echo "$peer split $crate $mixed failed" >&2; exit 2; }
done
echo "corpora: $mixed ($(wc -l <"$mixed") lines; fluent-uri rejects $(wc -l <"$dir/mixed-fluent-uri-invalid.txt"), iri-string $(wc -l <"$dir/mixed-iri-string-invalid.txt")), $clean"

# ran STATUS ERR CMD... FILE: whether a run of CMD on FILE went through: an exit status of
# at most 1 and, in ERR (its stderr), the summary `N valid, M invalid` (idbench: and
# `, K blank lines skipped`), written last, counting every line of FILE. If not, says how
# on stderr.
ran() {
  local st="$1" err="$2" n want
  shift 2
  want=$(awk 'END {print NR}' "${@: -1}")
  n=$(awk '/^[0-9]+ valid, [0-9]+ invalid/ {n = $1 + $3; if ($5 ~ /^[0-9]+$/) n += $5; print n}' "$err")
  [[ "$st" -le 1 && "$n" == "$want" ]] && return 0
  echo "a run failed: $* (exit status $st, summary of ${n:-no} lines for $want)" >&2
  return 1
}
# Best CPU seconds (perf's task-clock, which counts user and system time to the
# microsecond; /usr/bin/time's user + system, to the centisecond, without perf) of RUNS runs.
# Status 2 when a run failed.
cpu() {
  local best="" t f e st
  f=$(mktemp)
  e=$(mktemp)
  for ((i = 0; i < runs; i++)); do
    st=0
    : >"$f"
    if command -v perf >/dev/null && { perf stat -x, -o "$f" -e task-clock -- "$@" >/dev/null 2>"$e" || st=$?; } &&
      grep -q task-clock "$f" 2>/dev/null; then
      t=$(awk -F, '$3 ~ /task-clock/ {print $1 / 1000}' "$f")
    else
      st=0
      /usr/bin/time -o "$f" -f "%U %S" "$@" >/dev/null 2>"$e" || st=$?
      t=$(tail -n 1 "$f" | awk '{print $1 + $2}')
    fi
    ran "$st" "$e" "$@" || { rm -f "$f" "$e"; return 2; }
    best=$(awk -v a="$t" -v b="${best:-1e9}" 'BEGIN {print (a < b) ? a : b}')
  done
  rm -f "$f" "$e"
  echo "$best"
}
# Instructions per line of the command on FILE: callgrind over 2N lines minus over N, / N.
# Status 2 when a run failed (checked as in cpu; valgrind passes the command's status on).
ipl() {
  local file="$1"
  shift
  local a b st e
  head -n "$slice" "$file" >"$dir/slice-1.txt"
  head -n $((2 * slice)) "$file" >"$dir/slice-2.txt"
  e="$dir/callgrind.err"
  st=0
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$dir/slice-1.txt" 2>"$e" >/dev/null || st=$?
  ran "$st" "$e" valgrind "$@" "$dir/slice-1.txt" || return 2
  a=$(awk '/Collected/ {print $NF}' "$e")
  st=0
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$dir/slice-2.txt" 2>"$e" >/dev/null || st=$?
  ran "$st" "$e" valgrind "$@" "$dir/slice-2.txt" || return 2
  b=$(awk '/Collected/ {print $NF}' "$e")
  awk -v a="$a" -v b="$b" -v n="$slice" 'BEGIN {printf "%.0f", (b - a) / n}'
}
# pair NAME LIMIT FILE OURS... -- THEIRS...: CPU time and instructions per line, both ways.
pair() {
  local name="$1" limit="$2" file="$3"
  shift 3
  local ours=() theirs=()
  while [[ "$1" != "--" ]]; do
    ours+=("$1")
    shift
  done
  shift
  theirs=("$@")
  local n a b ia ib
  n=$(wc -l <"$file")
  a=$(cpu "${ours[@]}" "$file") || exit 2
  b=$(cpu "${theirs[@]}" "$file") || exit 2
  if command -v valgrind >/dev/null; then
    ia=$(ipl "$file" "${ours[@]}") || exit 2
    ib=$(ipl "$file" "${theirs[@]}") || exit 2
  else
    ia=0 ib=0
  fi
  awk -v nm="$name" -v n="$n" -v a="$a" -v b="$b" -v ia="$ia" -v ib="$ib" -v l="$limit" \
    -v load="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
      r = (b > 0) ? a / b : 0; ri = (ib > 0) ? ia / ib : 0;
      printf "%-34s %8d lines  cpu %6.3f s vs %6.3f s (%4.0f vs %4.0f ns/line) = %.2fx | instr/line %6d vs %6d = %.2fx | target <= %sx: %s | load %s\n",
        nm, n, a, b, a * 1e9 / n, b * 1e9 / n, r, ia, ib, ri, l, (ri <= l && ri > 0) ? "met" : "MISSED", load
    }'
}

echo "== CPU time (task-clock, best of $runs) and instructions per line (callgrind, 2x$slice - $slice lines)"
pair "rfc3986 mixed vs fluent-uri" 1.2 "$mixed" "$idb" check --profile rfc3986 --jobs 1 --quiet -- "$peer" fluent-uri
pair "rfc3986 invalid vs fluent-uri" 1.5 "$dir/mixed-fluent-uri-invalid.txt" "$idb" check --profile rfc3986 --jobs 1 --quiet -- "$peer" fluent-uri
pair "rfc3987 mixed vs iri-string" 1.2 "$mixed" "$idb" check --profile rfc3987 --jobs 1 --quiet -- "$peer" iri-string
pair "rfc3987 invalid vs iri-string" 1.5 "$dir/mixed-iri-string-invalid.txt" "$idb" check --profile rfc3987 --jobs 1 --quiet -- "$peer" iri-string
pair "rfc3986 clean vs bare line loop" 2 "$clean" "$idb" check --profile rfc3986 --jobs 1 --quiet -- "$peer" lines

if [[ -n "${PYTHON:-}" ]]; then
  echo "== the Arrow kernel valid against the peers, strings in memory (ns a string, best of $runs)"
  for row in "rfc3986 fluent-uri $mixed 1.2" "rfc3986 fluent-uri $dir/mixed-fluent-uri-invalid.txt 1.5" \
    "rfc3987 iri-string $mixed 1.2" "rfc3987 iri-string $dir/mixed-iri-string-invalid.txt 1.5"; do
    read -r profile crate file limit <<<"$row"
    k=$("$PYTHON" - "$file" "$profile" "$runs" <<'PY'
import sys, time
import pyarrow as pa
import idbench.arrow as ida
path, profile, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(path, "rb") as f:
    lines = [l.rstrip(b"\r") for l in f.read().split(b"\n")]
# As peer-check memory reads them: blank lines and lines that are not UTF-8 left out.
strings = []
for l in lines:
    if l:
        try:
            strings.append(l.decode("utf-8"))
        except UnicodeDecodeError:
            pass
arr = pa.array(strings, type=pa.string())
best = float("inf")
for _ in range(runs):
    c = time.process_time()
    ida.valid(arr, profile)
    best = min(best, time.process_time() - c)
print(f"{best * 1e9 / max(len(strings), 1):.1f}")
PY
) || { st=$?; echo "a run failed: $PYTHON (the Arrow kernel valid under $profile on $file; exit status $st)" >&2; exit 2; }
    pm=$("$peer" memory "$crate" "$file" "$runs") && st=0 || st=$?
    p=$(awk '/^ns_per_line / {print $2}' <<<"$pm")
    [[ $st == 0 && -n "$p" ]] ||
      { echo "a run failed: $peer memory $crate $file $runs (exit status $st, ${p:-no} figure)" >&2; exit 2; }
    awk -v f="$(basename "$file")" -v pr="$profile" -v c="$crate" -v k="$k" -v p="$p" -v l="$limit" \
      -v load="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
        r = (p > 0) ? k / p : 0;
        printf "kernel valid %s, %s vs %s: %6.1f vs %6.1f ns a string = %.2fx | target <= %sx: %s | load %s\n",
          pr, f, c, k, p, r, l, (r <= l && r > 0) ? "met" : "MISSED", load
      }'
  done
fi

if [[ "${SKIP_PROPERTY:-0}" != 1 ]]; then
  echo "== the first-error mode against the full analysis on every line of $mixed"
  IDBENCH_FIRST_ERROR_FILE="$PWD/$mixed" cargo test --release --test first_error -- --ignored --nocapture every_line_of_a_file 2>&1 |
    grep -E "lines of|test result|panicked|disagree" || true
fi
