#!/usr/bin/env bash
# Batch-validation, memory and start-up benchmarks (BENCHMARKS.md records one run).
#
#   scripts/bench-check.sh [LINES]        # LINES defaults to 1000000
#   QUICK=1 scripts/bench-check.sh        # 100,000 lines, smaller shapes, 3 runs: ~2 minutes
#
# Every target of issue 11 is printed with its measured figure and "met" or "MISSED"; the
# summary ends with the count of each. Not part of `cargo test`.
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
# 6. Instructions per input byte of `check` under every profile (callgrind), each against
#    rfc3986's: xri2 within 3x, rfc1630, rfc2141, rfc2141bis (and rfc8141, rfc3987) within 2x.
# 7. Output modes: `check` text and JSON output against its --quiet run (within 1.5x, 2x).
# 8. The distance of `check --profile rfc3986` to the floor, a bare line-reading loop over the
#    same file (peer-check lines), and the --jobs speed-up on this machine's cores.
# 9. Memory on one long line (16 MiB, 4 MiB in QUICK mode) that no quick path vouches for.
# 10. The doubling benchmark: parse, forms, compare, resolve and check, text and JSON, on
#    the input shapes of issue 11, each size twice the last; the step ratios over two
#    doublings (4x the input) of time, max RSS and output bytes, each at most ~4x.
# 11. The workbench on big inputs in a 200x60 pseudo-terminal: an edit (a typed or deleted
#    character: re-analysis and redraw) to the end of the redraw (< 16 ms), a cursor key (a
#    redraw only, reported beside it) and peak RSS (< 64 MB), with the 62 KB nested XRI and a
#    64 KiB paste of `%`; a 1 MiB paste (256 KiB with QUICK=1) is reported as information.
#
# A run that fails is not timed or counted: a `check` or peer-check run that exits with more
# than 1 (1: some lines invalid), or whose summary on stderr (`N valid, M invalid`, written
# last) is missing or does not count every line of its file (peer-check exits 1 on an I/O
# error); a workbench that ends before it is told to quit, or quits with a status other
# than 0; a command of the doubling benchmark that exits with more than 1 (2 for compare:
# a side does not parse) or dies by a signal: each ends the script with status 2, naming
# the command. (hyperfine's runs are checked by their exit codes alone.)
#
# Environment: SEED, RUNS (default 5), QUICK=1, BENCH_SKIP_BUILD=1 (use the binaries as they
# are).
# A summary is also written to target/bench-corpus/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

quick="${QUICK:-0}"
if [[ $quick == 1 ]]; then
  lines="${1:-100000}"
  runs="${RUNS:-3}"
else
  lines="${1:-1000000}"
  runs="${RUNS:-5}"
fi
seed="${SEED:-3986}"
dir=target/bench-corpus
mkdir -p "$dir"
summary="$dir/summary.txt"
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }
# A target's verdict: verdict FIGURE OP LIMIT -> "met" / "MISSED" (OP is <= or >=).
verdict() {
  awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN {ok = (op == "<=") ? (a + 0 <= b + 0) : (a + 0 >= b + 0); print (ok ? "met" : "MISSED")}'
}

if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  echo "== building release binaries"
  cargo build --release --bin idbench --example gen-corpus --example peer-check
fi
# The binaries are where cargo puts them (CARGO_TARGET_DIR is honoured).
tdir="${CARGO_TARGET_DIR:-target}"
idb="$tdir/release/idbench"
peer="$tdir/release/examples/peer-check"
gen="$tdir/release/examples/gen-corpus"

# gen_corpus KIND LINES FILE: written aside and moved into place, so that a generator that
# fails leaves no short corpus behind for the next run to time.
gen_corpus() {
  "$gen" "$1" "$2" "$seed" >"$3.tmp" && mv "$3.tmp" "$3" ||
    { rm -f "$3.tmp"; echo "$gen $1 $2 $seed failed" >&2; exit 2; }
}
echo "== corpora ($lines lines, seed $seed)"
for kind in uri iri urn xri www; do
  f="$dir/$kind-$lines-$seed.txt"
  if [[ ! -s "$f" || "$gen" -nt "$f" ]]; then
    gen_corpus "$kind" "$lines" "$f"
  fi
  printf '   %s: %s lines, %s bytes\n' "$f" "$(wc -l <"$f")" "$(wc -c <"$f")"
done
head -n 10000 "$dir/uri-$lines-$seed.txt" >"$dir/uri-10k.txt"

if ! command -v hyperfine >/dev/null 2>&1 && [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
  echo "== installing hyperfine"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine) >/dev/null 2>&1 \
    || echo "   could not install hyperfine; timing with /usr/bin/time"
fi

# Mean wall-clock seconds of a command (exit code 1 means "some invalid").
measure_file="$(mktemp)"
measure_err="$(mktemp)"
trap 'rm -f "$measure_file" "$measure_err"' EXIT
# fail_run TEXT: says on stderr that a run failed and ends the script with status 2, from the
# script or from any command substitution within it (which signals the script).
trap 'exit 2' USR1
fail_run() {
  echo "a run failed: $*" >&2
  kill -USR1 $$
  exit 2
}
# check_run STATUS ERR CMD... FILE: a run of CMD on FILE went through: an exit status of at
# most 1 and, in ERR (its stderr), the summary counting every line of FILE; else fail_run.
check_run() {
  local st="$1" err="$2" n want
  shift 2
  want="$(awk 'END {print NR}' "${@: -1}")"
  n="$(awk '/^[0-9]+ valid, [0-9]+ invalid/ {n = $1 + $3; if ($5 ~ /^[0-9]+$/) n += $5; print n}' "$err")"
  [[ "$st" -le 1 && "$n" == "$want" ]] || fail_run "$* (exit status $st, summary of ${n:-no} lines for $want)"
}
# One figure of /usr/bin/time (format $1) for a command (its last argument a file).
measure() {
  local fmt="$1" st=0
  shift
  /usr/bin/time -f "$fmt" -o "$measure_file" "$@" >/dev/null 2>"$measure_err" || st=$?
  check_run "$st" "$measure_err" "$@"
  tail -n 1 "$measure_file"
}

median_time() {
  local t=()
  for _ in $(seq "$runs"); do
    t+=("$(measure '%e' "$@")") || exit 2
  done
  printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# Times "ours" against "theirs"; prints both means and the ratio.
pair() {
  local name="$1" profile="$2" peer_crate="$3" file="$4" limit="${5:-1.5}"
  local ours=("$idb" check --profile "$profile" --quiet "$file")
  local theirs=("$peer" "$peer_crate" "$file")
  local tally_ours tally_theirs a b cpu st=0
  "${ours[@]}" >/dev/null 2>"$measure_err" || st=$?
  check_run "$st" "$measure_err" "${ours[@]}"
  tally_ours="$(tail -n 1 "$measure_err")"
  st=0
  "${theirs[@]}" >/dev/null 2>"$measure_err" || st=$?
  check_run "$st" "$measure_err" "${theirs[@]}"
  tally_theirs="$(tail -n 1 "$measure_err")"
  if command -v hyperfine >/dev/null 2>&1; then
    local csv="$dir/$name.csv"
    # -i: exit 1 is a verdict; each run's exit code is checked in the JSON export.
    hyperfine --shell=none --warmup 1 --runs "$runs" -i --style basic --export-csv "$csv" \
      --export-json "$dir/$name.json" \
      "${ours[*]}" "${theirs[*]}" >"$dir/$name.hyperfine.txt" 2>&1 ||
      fail_run "hyperfine on ${ours[*]} and ${theirs[*]} (exit status $?; see $dir/$name.hyperfine.txt)"
    python3 - "$dir/$name.json" <<'PY' || exit 2
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    codes = r.get("exit_codes") or [None]
    bad = [c for c in codes if not (isinstance(c, int) and 0 <= c <= 1)]
    if bad:
        print(f"a run failed: {r['command']} (exit status {bad[0]} under hyperfine)", file=sys.stderr)
        sys.exit(2)
PY
    a="$(awk -F, 'NR==2 {print $2}' "$csv")"
    b="$(awk -F, 'NR==3 {print $2}' "$csv")"
    # CPU time (user + system) too: less sensitive to other load on the machine.
    cpu="$(awk -F, 'NR==2 {a = $5 + $6} NR==3 {b = $5 + $6} END {printf "cpu %.3f s vs %.3f s, ratio %.2f", a, b, a / b}' "$csv")"
  else
    a="$(median_time "${ours[@]}")"
    b="$(median_time "${theirs[@]}")"
    cpu="cpu time not measured (no hyperfine)"
  fi
  say "$(awk -v n="$name" -v p="$peer_crate" -v a="$a" -v b="$b" -v l="$limit" \
    'BEGIN {r = a / b; printf "%-8s idbench %.3f s   %-10s %.3f s   ratio %.2f  (target <= %s: %s)", n, a, p, b, r, l, (r <= l ? "met" : "MISSED")}')"
  say "         $cpu"
  say "         tallies: idbench \"$tally_ours\", $peer_crate \"$tally_theirs\""
}

say "== batch validation, whole process ($lines lines; mean of $runs runs)"
pair rfc3986 rfc3986 fluent-uri "$dir/uri-$lines-$seed.txt" 0.8
pair rfc3987 rfc3987 iri-string "$dir/iri-$lines-$seed.txt"
pair rfc8141 rfc8141 urn "$dir/urn-$lines-$seed.txt"

# Instructions (valgrind's callgrind): repeatable whatever else the machine is doing, unlike
# the times above. Over the first 20,000 lines of each corpus, start-up included.
# (valgrind passes the command's status on, a signal as 128 + N; the command's stderr,
# with its summary, is in valgrind's.)
instr() {
  local st=0
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$dir/callgrind.err" >/dev/null || st=$?
  check_run "$st" "$dir/callgrind.err" valgrind "$@"
  awk '/Collected :/ {print $NF}' "$dir/callgrind.err"
}
if command -v valgrind >/dev/null 2>&1; then
  say "== instructions per line (callgrind, first 20,000 lines)"
  for spec in "rfc3986 uri fluent-uri" "rfc3987 iri iri-string" "rfc8141 urn urn"; do
    set -- $spec
    head -n 20000 "$dir/$2-$lines-$seed.txt" >"$dir/$2-20k.txt"
    a="$(instr "$idb" check --profile "$1" --quiet "$dir/$2-20k.txt")"
    b="$(instr "$peer" "$3" "$dir/$2-20k.txt")"
    # rfc3986 against fluent-uri has a target of its own (<= 0.8), measured here too because
    # instruction counts do not depend on the machine's load as wall times do.
    say "$(awk -v n="$1" -v p="$3" -v a="$a" -v b="$b" \
      'BEGIN {r = a / b; printf "%-8s idbench %6.0f   %-10s %6.0f   ratio %.2f", n, a / 20000, p, b / 20000, r; if (n == "rfc3986") printf "  (target <= 0.8: %s)", (r <= 0.8 ? "met" : "MISSED")}')"
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
  python3 - "$idb" "$runs" <<'PY' | tee -a "$summary" || exit 2
import fcntl, os, select, signal, struct, subprocess, sys, termios, time

idb, runs = sys.argv[1], int(sys.argv[2])

def failed(what, code):
    how = f"signal {-code}" if code < 0 else f"exit status {code}"
    print(f"a run failed: {idb} tui http://example.com/a/b?c=d#e {what} ({how})", file=sys.stderr, flush=True)
    sys.exit(2)

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
    # Still running: the output timed was the workbench's first frame, not a dying one's.
    if p.poll() is not None:
        failed("ended before it was told to quit", p.returncode)
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
    if p.poll() is not None:
        failed("ended before it was told to quit", p.returncode)
    os.write(master, b"\x11")  # Ctrl-Q quits
    try:
        p.wait(timeout=3)
    except subprocess.TimeoutExpired:
        os.kill(p.pid, signal.SIGTERM)
        p.wait()
    else:
        if p.returncode != 0:
            failed("quit with a failure", p.returncode)
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
# ---------------------------------------------------------------- issue 11's targets
bytes_of() { wc -c <"$1" | tr -d ' '; }
if command -v valgrind >/dev/null 2>&1; then
  say "== check per input byte under every profile (callgrind instructions, first 20,000 lines)"
  head -n 20000 "$dir/xri-$lines-$seed.txt" >"$dir/xri-20k.txt"
  for k in uri iri urn www; do head -n 20000 "$dir/$k-$lines-$seed.txt" >"$dir/$k-20k.txt"; done
  base=""
  for spec in "rfc3986 uri -" "rfc3987 iri 2" "rfc1630 www 2" "rfc8141 urn 2" "rfc2141 urn 2" "rfc2141bis urn 2" "xri2 xri 3"; do
    set -- $spec
    f="$dir/$2-20k.txt"
    i="$(instr "$idb" check --profile "$1" --quiet "$f")"
    per="$(awk -v i="$i" -v b="$(bytes_of "$f")" 'BEGIN {printf "%.2f", i / b}')"
    if [[ $3 == - ]]; then
      base="$per"
      say "$(printf '   %-10s %6s instructions/byte on the %s corpus (the reference)' "$1" "$per" "$2")"
    else
      r="$(awk -v a="$per" -v b="$base" 'BEGIN {printf "%.2f", a / b}')"
      say "$(printf '   %-10s %6s instructions/byte on the %s corpus: %sx rfc3986 (target <= %s: %s)' "$1" "$per" "$2" "$r" "$3" "$(verdict "$r" '<=' "$3")")"
    fi
  done

  say "== check output modes against --quiet (callgrind instructions, 20,000 URI lines)"
  f="$dir/uri-20k.txt"
  q="$(instr "$idb" check --profile rfc3986 --quiet "$f")"
  t="$(instr "$idb" check --profile rfc3986 "$f")"
  j="$(instr "$idb" check --profile rfc3986 --format json "$f")"
  rt="$(awk -v a="$t" -v b="$q" 'BEGIN {printf "%.2f", a / b}')"
  rj="$(awk -v a="$j" -v b="$q" 'BEGIN {printf "%.2f", a / b}')"
  say "   text output: ${rt}x the --quiet run (target <= 1.5: $(verdict "$rt" '<=' 1.5))"
  say "   JSON output: ${rj}x the --quiet run (target <= 2: $(verdict "$rj" '<=' 2))"

  say "== check --profile rfc3986 against the floor (a bare line-reading loop, peer-check lines)"
  a="$(instr "$idb" check --profile rfc3986 --quiet "$f")"
  b="$(instr "$peer" lines "$f")"
  say "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "   instructions: check %.0f, floor %.0f a line: %.2fx the floor (reported, no target)", a / 20000, b / 20000, a / b}')"
else
  say "== per-profile, output-mode and floor figures: skipped (valgrind not found)"
fi
fl="$(median_time "$peer" lines "$dir/uri-$lines-$seed.txt")"
ck="$(median_time "$idb" check --profile rfc3986 --quiet "$dir/uri-$lines-$seed.txt")"
say "$(awk -v a="$ck" -v b="$fl" -v n="$lines" 'BEGIN {printf "   wall time over %d lines: check %.3f s, floor %.3f s (%.2fx)", n, a, b, (b > 0 ? a / b : 0)}')"

say "== check --jobs (wall time: the machine's load matters; it is printed with each figure)"
if "$idb" check --help 2>/dev/null | grep -q -- '--jobs'; then
  cores="$(nproc)"
  # Always 1,000,000 lines: on fewer, start-up and thread creation hide the speed-up.
  f="$dir/uri-1000000-$seed.txt"
  if [[ ! -s "$f" || "$gen" -nt "$f" ]]; then
    gen_corpus uri 1000000 "$f"
  fi
  for mode in --quiet text json; do
    case $mode in
      --quiet) args=(--quiet) ;;
      text) args=() ;;
      json) args=(--format json) ;;
    esac
    load="$(cut -d' ' -f1 /proc/loadavg)"
    t1="$(median_time "$idb" check --profile rfc3986 --jobs 1 "${args[@]}" "$f")"
    tn="$(median_time "$idb" check --profile rfc3986 --jobs "$cores" "${args[@]}" "$f")"
    c1="$(measure '%U %S' "$idb" check --profile rfc3986 --jobs 1 "${args[@]}" "$f" | awk '{print $1 + $2}')"
    cn="$(measure '%U %S' "$idb" check --profile rfc3986 --jobs "$cores" "${args[@]}" "$f" | awk '{print $1 + $2}')"
    sp="$(awk -v a="$t1" -v b="$tn" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')"
    say "   ${mode#--} output, 1,000,000 lines, --jobs 1 ${t1} s, --jobs $cores ${tn} s (median of $runs, load $load; cpu ${c1} s vs ${cn} s): speed-up ${sp}x on $cores cores (target >= 1.5: $(verdict "$sp" '>=' 1.5))"
  done
else
  say "   --jobs not in this idbench yet: MISSED"
fi

say "== check memory on one long line"
if [[ $quick == 1 ]]; then mib=4; else mib=16; fi
long="$dir/long-line.txt"
python3 -c "import sys; n = $mib << 20; sys.stdout.write('urn:example:' + '%41' * (n // 3) + ' x\n')" >"$long"
m="$(measure '%M' "$idb" check --quiet "$long")"
mb="$(awk -v m="$m" 'BEGIN {printf "%.1f", m / 1024}')"
say "   invalid URN line of $mib MiB (auto profile): max RSS $mb MB (target: bounded, <= 64 MB: $(verdict "$mb" '<=' 64))"
python3 -c "import sys; n = $mib << 20; sys.stdout.write('xri://@a' + '*b' * (n // 2) + '\n')" >"$long"
m="$(measure '%M' "$idb" check --profile xri2 --quiet "$long")"
mb="$(awk -v m="$m" 'BEGIN {printf "%.1f", m / 1024}')"
say "   valid xri2 line of $mib MiB: max RSS $mb MB (target: bounded, <= 64 MB: $(verdict "$mb" '<=' 64))"
rm -f "$long"

say "== doubling benchmark (each shape at 3 sizes, 2x apart; ratios over 4x the input)"
python3 - "$idb" "$quick" <<'PY' | tee -a "$summary" || exit 2
import os, resource, subprocess, sys, time
idb, quick = sys.argv[1], sys.argv[2] == "1"
sizes = [8192, 16384, 32768] if quick else [16384, 32768, 65536]
def shape(name, n):
    if name == "urn %41":
        return "urn:example:" + "%41" * (n // 3)
    if name == "spaces":
        return "http://a/b/" + " " * n
    if name == "nested xri":
        d = n // 5
        return "=a*(" * d + "=b" + ")" * d
    return "%" * n
# The children's max RSS is cumulative over children; run each measurement in a fresh
# helper so it is that one process's.
def measure(args):
    code = ("import resource, subprocess, sys, time\n"
            "t0 = time.monotonic()\n"
            "try:\n"
            "    p = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)\n"
            "    out = len(p.stdout); dt = time.monotonic() - t0; rc = p.returncode\n"
            "except subprocess.TimeoutExpired:\n"
            "    out = -1; dt = float('inf'); rc = 0\n"
            "print(dt, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, out, rc)\n")
    r = subprocess.run([sys.executable, "-c", code] + args, stdout=subprocess.PIPE, text=True)
    dt, rss, out, rc = r.stdout.split()
    # 1: invalid (or not equivalent); compare's 2: a side does not parse. More, or a
    # signal (negative), is a failure, not a figure. (A timeout is a figure: too slow.)
    if int(rc) < 0 or int(rc) > (2 if args[1] == "compare" else 1):
        how = f"signal {-int(rc)}" if int(rc) < 0 else f"exit status {rc}"
        print(f"a run failed: {' '.join(a if len(a) < 80 else a[:40] + f'...({len(a)} bytes)' for a in args)} ({how})",
              file=sys.stderr, flush=True)
        sys.exit(2)
    return float(dt), int(rss), int(out)
met = missed = 0
for name in ["urn %41", "spaces", "nested xri", "percent signs"]:
    for cmd in ["parse", "forms", "compare", "resolve", "check"]:
        for fmt in ["text", "json"]:
            rows = []
            for n in sizes:
                s = shape(name, n)
                if cmd == "compare":
                    args = [idb, "compare", s, s]
                elif cmd == "resolve":
                    args = [idb, "resolve", "http://a/b", s]
                elif cmd == "check":
                    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "idbench-doubling.txt")
                    with open(path, "w") as f:
                        f.write(s + "\n")
                    args = [idb, "check", path]
                else:
                    args = [idb, cmd, s]
                if fmt == "json":
                    args.insert(2, "--format=json")
                rows.append(measure(args))
            (t0, m0, o0), (t2, m2, o2) = rows[0], rows[-1]
            rt = t2 / t0 if t0 > 0 else float("inf")
            rm = m2 / m0 if m0 > 0 else float("inf")
            ro = o2 / o0 if o0 > 0 else (1.0 if o2 == 0 else float("inf"))
            # Under 50 ms and 16 MB the figures are start-up and noise, not growth.
            ok = ((rt <= 4.5 or t2 < 0.05) and (rm <= 4.5 or m2 < 16384) and ro <= 4.5 and o2 >= 0)
            met += ok
            missed += not ok
            print(f"   {name:13} {cmd:7} {fmt:4}: {sizes[-1] // 1024:3} KiB {t2 * 1000:8.1f} ms {m2 / 1024:7.1f} MB "
                  f"{o2:>10} B out; x4 input: time x{rt:.1f}, RSS x{rm:.1f}, output x{ro:.1f} "
                  f"(target ~x4: {'met' if ok else 'MISSED'})")
print(f"   doubling benchmark: {met} rows met, {missed} rows missed")
PY

say "== workbench on big inputs (200x60 pty): an edit to finished redraw, peak RSS"
if ! command -v python3 >/dev/null 2>&1; then
  say "   skipped: python3 not found"
else
  python3 - "$idb" "$quick" <<'PY' | tee -a "$summary" || exit 2
import fcntl, os, select, signal, struct, subprocess, sys, termios, time
idb, quick = sys.argv[1], sys.argv[2] == "1"
def failed(name, what, code):
    how = f"signal {-code}" if code < 0 else f"exit status {code}"
    print(f"a run failed: {name}: {idb} tui --no-history {what} ({how})", file=sys.stderr, flush=True)
    sys.exit(2)
def drain(master, quiet):
    """Reads until `quiet` seconds pass without output; returns the time of the last byte."""
    last = None
    while True:
        r, _, _ = select.select([master], [], [], quiet)
        if not r:
            return last
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:
            return last
        if not chunk:
            return last
        if b"\x1b[6n" in chunk:
            os.write(master, b"\x1b[1;1R")
        last = time.monotonic()
def status(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
def cpu_ms(pid):
    """User + system CPU time of `pid` so far, in ms (clock ticks, usually 10 ms each)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")
def session(name, paste, keys=20, target=True):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    def child():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    env = dict(os.environ, TERM="xterm-256color")
    p = subprocess.Popen([idb, "tui", "--no-history"], stdin=slave, stdout=slave,
                         stderr=slave, preexec_fn=child, env=env, close_fds=True)
    os.close(slave)
    drain(master, 0.5)
    if p.poll() is not None:
        failed(name, "ended before the paste", p.returncode)
    # Bracketed paste, written in pieces as a terminal would.
    data = b"\x1b[200~" + paste.encode() + b"\x1b[201~"
    for i in range(0, len(data), 1 << 14):
        os.write(master, data[i:i + (1 << 14)])
        drain(master, 0.0)
    drain(master, 2.0)
    def timed(key):
        t0 = time.monotonic()
        os.write(master, key)
        # Up to 10 s for the redraw to start (a 1 MiB edit on a busy machine), then the end
        # of the burst.
        r, _, _ = select.select([master], [], [], 10.0)
        if not r:
            return None
        last = drain(master, 0.25)
        return (last - t0) * 1000 if last is not None else None
    # Cursor moves: a redraw each, nothing re-analysed.
    moves = [timed(b"\x1b[D" if k % 2 == 0 else b"\x1b[C") for k in range(keys)]
    # Edits, the target: a character typed at the end, then deleted; each changes the input,
    # so each is a re-analysis and a redraw.
    os.write(master, b"\x1b[F")  # End
    drain(master, 0.25)
    # The wall time of an edit includes waiting for a core on a busy machine; the CPU time
    # the process spent per edit (over all of them) is the cost itself.
    c0 = cpu_ms(p.pid)
    edits = [timed(b"a" if k % 2 == 0 else b"\x7f") for k in range(keys)]
    cpu = (cpu_ms(p.pid) - c0) / keys
    hwm = status(p.pid, "VmHWM:")
    # Still running: the redraws timed were the workbench's, not a dying one's output.
    if p.poll() is not None:
        failed(name, "ended before it was told to quit", p.returncode)
    os.write(master, b"\x11")
    try:
        p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
    else:
        if p.returncode != 0:
            failed(name, "quit with a failure", p.returncode)
    os.close(master)
    def med_max(ts):
        ts = sorted(t for t in ts if t is not None)
        if not ts:
            return float("nan"), float("nan")
        return ts[len(ts) // 2], ts[-1]
    mm, mx = med_max(moves)
    em, ex = med_max(edits)
    if target:
        ok_t = em < 16
        ok_m = hwm / 1024 < 64
        print(f"   {name}: an edit (typed character, re-analysis, redraw) median {em:.1f} ms "
              f"(max {ex:.1f}; CPU {cpu:.1f} ms an edit) (target < 16 ms: {'met' if ok_t else 'MISSED'}); "
              f"cursor key to redraw median {mm:.1f} ms (max {mx:.1f}); "
              f"peak RSS {hwm / 1024:.1f} MB (target < 64 MB: {'met' if ok_m else 'MISSED'})")
    else:
        print(f"   {name} (information, beyond the 64 KiB targets): an edit median {em:.1f} ms "
              f"(max {ex:.1f}; CPU {cpu:.1f} ms an edit); cursor key median {mm:.1f} ms (max {mx:.1f}); "
              f"peak RSS {hwm / 1024:.1f} MB")
d = 250
nested = "".join("=a*(" * d + "=b" + ")" * d for _ in range(50))
session(f"62 KB nested XRI ({len(nested)} bytes)", nested)
session("64 KiB paste of %", "%" * (64 * 1024))
mib = 256 * 1024 if quick else 1 << 20
session(f"{mib // 1024} KiB paste of %", "%" * (mib - 1), keys=6, target=False)
PY
fi

n_met="$(grep -c ': met\|: met)' "$summary" || true)"
n_missed="$(grep -c 'MISSED' "$summary" || true)"
say "== targets: $n_met lines met, $n_missed lines with a target MISSED"
echo "== summary written to $summary"
