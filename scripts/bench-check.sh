#!/usr/bin/env bash
# Batch-validation, memory and start-up benchmarks (BENCHMARKS.md records one run).
#
#   scripts/bench-check.sh [LINES]        # LINES defaults to 1000000
#
# 1. Builds release binaries: idbench, and the dev-only helpers under benches/tools/
#    (gen-corpus, the corpus generator; peer-check, the reference program).
# 2. Generates three corpora into target/bench-corpus/ (deterministic: SEED, default 3986):
#    realistic URIs, IRIs and URNs, one a line. The corpora are not committed.
# 3. Times whole processes, idbench against a peer crate on the same file:
#      idbench check --profile rfc3986 --quiet FILE   vs  peer-check fluent-uri FILE
#      idbench check --profile rfc3987 --quiet FILE   vs  peer-check iri-string FILE
#      idbench check --profile rfc8141 --quiet FILE   vs  peer-check urn FILE
#    with hyperfine (installed from the distribution when missing and root), else with
#    /usr/bin/time over RUNS runs (median). Prints each ratio (target: <= 1.5).
# 4. Instructions per line under valgrind's callgrind (repeatable; when valgrind is there).
#    Memory: the max RSS of `check` over 10,000 lines and over all LINES (streaming: the
#    two must be about the same).
# 5. The workbench, when it is built: time from exec to the end of the first frame and its
#    RSS, in a 200x60 pseudo-terminal (python3's pty; skipped without python3). The harness
#    answers the cursor-position query as a terminal does; the first frame is the first burst
#    of output, ended by 100 ms of silence, and its time is that of its last byte.
#
# Environment: SEED, RUNS (default 5), BENCH_SKIP_BUILD=1 (use the binaries as they are).
# A summary is also written to target/bench-corpus/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

lines="${1:-1000000}"
seed="${SEED:-3986}"
runs="${RUNS:-5}"
dir=target/bench-corpus
mkdir -p "$dir"
summary="$dir/summary.txt"
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }

if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  echo "== building release binaries"
  cargo build --release --bin idbench --example gen-corpus --example peer-check
fi
idb=target/release/idbench
peer=target/release/examples/peer-check
gen=target/release/examples/gen-corpus

echo "== corpora ($lines lines, seed $seed)"
for kind in uri iri urn; do
  f="$dir/$kind-$lines-$seed.txt"
  if [[ ! -s "$f" || "$gen" -nt "$f" ]]; then
    "$gen" "$kind" "$lines" "$seed" >"$f"
  fi
  printf '   %s: %s lines, %s bytes\n' "$f" "$(wc -l <"$f")" "$(wc -c <"$f")"
done
head -n 10000 "$dir/uri-$lines-$seed.txt" >"$dir/uri-10k.txt"

if ! command -v hyperfine >/dev/null 2>&1 && [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
  echo "== installing hyperfine"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine) >/dev/null 2>&1 \
    || echo "   could not install hyperfine; timing with /usr/bin/time"
fi

# Mean wall-clock seconds of a command (its exit code is ignored: 1 means "some invalid").
measure_file="$(mktemp)"
trap 'rm -f "$measure_file"' EXIT
# One figure of /usr/bin/time (format $1) for a command.
measure() {
  local fmt="$1"
  shift
  /usr/bin/time -f "$fmt" -o "$measure_file" "$@" >/dev/null 2>/dev/null || true
  tail -n 1 "$measure_file"
}

median_time() {
  local t=()
  for _ in $(seq "$runs"); do
    t+=("$(measure '%e' "$@")")
  done
  printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# Times "ours" against "theirs"; prints both means and the ratio.
pair() {
  local name="$1" profile="$2" peer_crate="$3" file="$4"
  local ours=("$idb" check --profile "$profile" --quiet "$file")
  local theirs=("$peer" "$peer_crate" "$file")
  local tally_ours tally_theirs a b cpu
  tally_ours="$("${ours[@]}" 2>&1 >/dev/null | tail -n 1 || true)"
  tally_theirs="$("${theirs[@]}" 2>&1 >/dev/null | tail -n 1 || true)"
  if command -v hyperfine >/dev/null 2>&1; then
    local csv="$dir/$name.csv"
    hyperfine --shell=none --warmup 1 --runs "$runs" -i --style basic --export-csv "$csv" \
      "${ours[*]}" "${theirs[*]}" >"$dir/$name.hyperfine.txt" 2>&1
    a="$(awk -F, 'NR==2 {print $2}' "$csv")"
    b="$(awk -F, 'NR==3 {print $2}' "$csv")"
    # CPU time (user + system) too: less sensitive to other load on the machine.
    cpu="$(awk -F, 'NR==2 {a = $5 + $6} NR==3 {b = $5 + $6} END {printf "cpu %.3f s vs %.3f s, ratio %.2f", a, b, a / b}' "$csv")"
  else
    a="$(median_time "${ours[@]}")"
    b="$(median_time "${theirs[@]}")"
    cpu="cpu time not measured (no hyperfine)"
  fi
  say "$(awk -v n="$name" -v p="$peer_crate" -v a="$a" -v b="$b" \
    'BEGIN {r = a / b; printf "%-8s idbench %.3f s   %-10s %.3f s   ratio %.2f  %s", n, a, p, b, r, (r <= 1.5 ? "(target <= 1.5: met)" : "(target <= 1.5: MISSED)")}')"
  say "         $cpu"
  say "         tallies: idbench \"$tally_ours\", $peer_crate \"$tally_theirs\""
}

say "== batch validation, whole process ($lines lines; mean of $runs runs)"
pair rfc3986 rfc3986 fluent-uri "$dir/uri-$lines-$seed.txt"
pair rfc3987 rfc3987 iri-string "$dir/iri-$lines-$seed.txt"
pair rfc8141 rfc8141 urn "$dir/urn-$lines-$seed.txt"

# Instructions (valgrind's callgrind): repeatable whatever else the machine is doing, unlike
# the times above. Over the first 20,000 lines of each corpus, start-up included.
instr() {
  { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } \
    | awk '/Collected :/ {print $NF}'
}
if command -v valgrind >/dev/null 2>&1; then
  say "== instructions per line (callgrind, first 20,000 lines)"
  for spec in "rfc3986 uri fluent-uri" "rfc3987 iri iri-string" "rfc8141 urn urn"; do
    set -- $spec
    head -n 20000 "$dir/$2-$lines-$seed.txt" >"$dir/$2-20k.txt"
    a="$(instr "$idb" check --profile "$1" --quiet "$dir/$2-20k.txt")"
    b="$(instr "$peer" "$3" "$dir/$2-20k.txt")"
    say "$(awk -v n="$1" -v p="$3" -v a="$a" -v b="$b" \
      'BEGIN {printf "%-8s idbench %6.0f   %-10s %6.0f   ratio %.2f", n, a / 20000, p, b / 20000, a / b}')"
  done
else
  say "== instructions per line: skipped (valgrind not found)"
fi

say "== memory: check streams"
rss() { measure '%M' "$@"; }
small="$(rss "$idb" check --profile rfc3986 --quiet "$dir/uri-10k.txt")"
big="$(rss "$idb" check --profile rfc3986 --quiet "$dir/uri-$lines-$seed.txt")"
say "$(awk -v s="$small" -v b="$big" -v n="$lines" \
  'BEGIN {printf "   max RSS of check: %.1f MB over 10,000 lines, %.1f MB over %d lines (x%.2f)", s/1024, b/1024, n, b/s}')"

say "== workbench: start-up to first frame, resident memory (200x60 pty)"
if ! command -v python3 >/dev/null 2>&1; then
  say "   skipped: python3 not found"
elif ! setsid -w timeout 5 "$idb" tui </dev/null 2>&1 | grep -q "not available"; then
  # (Without a terminal, in a session of its own, the probe above cannot touch ours.)
  python3 - "$idb" "$runs" <<'PY' | tee -a "$summary"
import fcntl, os, select, signal, struct, subprocess, sys, termios, time

idb, runs = sys.argv[1], int(sys.argv[2])

def once(typed):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    def child():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    env = dict(os.environ, TERM="xterm-256color")
    t0 = time.monotonic()
    p = subprocess.Popen([idb, "tui", "http://example.com/a/b?c=d#e"], stdin=slave,
                         stdout=slave, stderr=slave, preexec_fn=child, env=env, close_fds=True)
    os.close(slave)
    first = last = None
    total = 0
    # The first frame: the first burst of output, ended by 100 ms of silence.
    while time.monotonic() - t0 < 10:
        r, _, _ = select.select([master], [], [], 0.1)
        if not r:
            if first is not None:
                break
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        if b"\x1b[6n" in chunk:
            # Answer the cursor-position query as a terminal would (top left).
            os.write(master, b"\x1b[1;1R")
        now = time.monotonic()
        first = first or now
        last = now
        total += len(chunk)
    def status(key):
        with open(f"/proc/{p.pid}/status") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
        return 0
    rss_first = status("VmRSS:")
    for ch in typed:
        os.write(master, ch.encode())
        end = time.monotonic() + 0.02
        while time.monotonic() < end:
            r, _, _ = select.select([master], [], [], 0.005)
            if r:
                try:
                    if b"\x1b[6n" in os.read(master, 65536):
                        os.write(master, b"\x1b[1;1R")
                except OSError:
                    break
    hwm = status("VmHWM:")
    os.write(master, b"\x11")  # Ctrl-Q quits
    try:
        p.wait(timeout=3)
    except subprocess.TimeoutExpired:
        os.kill(p.pid, signal.SIGTERM)
        p.wait()
    os.close(master)
    return (last - t0) * 1000 if last else float("nan"), total, rss_first, hwm

typed = "/path?x=1&y=" + "z" * 80
results = [once("" if i else typed) for i in range(runs)]
times = sorted(r[0] for r in results)
print(f"   first frame: median {times[len(times)//2]:.1f} ms (min {times[0]:.1f}, max {times[-1]:.1f}) over {runs} starts; {results[-1][1]} bytes drawn")
print(f"   resident memory: {results[0][2]/1024:.1f} MB after the first frame; "
      f"peak {results[0][3]/1024:.1f} MB after typing {len(typed)} more characters")
PY
else
  say "   skipped: the workbench is not built into this idbench yet"
fi
echo "== summary written to $summary"
