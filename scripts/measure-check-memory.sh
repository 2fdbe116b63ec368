#!/usr/bin/env bash
# Memory of `idbench check` on one huge line (issue 19, item 12), and thread refusal
# (item 13). Not part of `cargo test`; prints each target with its figure and "met" or
# "MISSED", and exits 1 when any is missed.
#
#   scripts/measure-check-memory.sh            # builds the release binary first
#   IDBENCH=path/to/idbench scripts/measure-check-memory.sh
#
# 1. A 1 GiB line without a newline on stdin, `check --quiet --jobs 1`, under
#    `ulimit -v 400000` (KiB of address space): exit 1, summary "0 valid, 1 invalid";
#    max RSS (GNU time -v) under 64 MiB. A run that exits with more than 1 (an error, a
#    panic, an abort for want of memory, a signal) has no figure to judge: it ends the
#    script with status 2, naming the command.
# 2. The same line with the verdict printed: `invalid<TAB>PROFILE<TAB>HEAD…<TAB>line-too-long`.
# 3. `check --jobs 1 /dev/zero` under the same limit: the verdict line comes within 10 s,
#    the process is still reading 5 s later (the line never ends) and its RSS has not grown
#    past 64 MiB; then it is killed.
# 4. `check --jobs 65535 FILE`: within 60 s, exit at most 2, no panic.
set -u
cd "$(dirname "$0")/.."
if [ -z "${IDBENCH:-}" ]; then
    timeout 1800 cargo build --release --quiet || exit 2
    IDBENCH=target/release/idbench
fi
LIMIT_KIB=400000
RSS_KIB=$((64 * 1024))
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
missed=0
verdict() { # NAME OK FIGURE
    if [ "$2" = 1 ]; then echo "met     $1: $3"; else echo "MISSED  $1: $3"; missed=$((missed + 1)); fi
}
gib_line() { head -c 1073741824 /dev/zero | tr '\0' 'a'; }

# 1.
gib_line | (ulimit -v $LIMIT_KIB && exec /usr/bin/time -v "$IDBENCH" check --quiet --jobs 1) \
    >"$TMP/out1" 2>"$TMP/err1"
code=$?
if [ "$code" -gt 1 ]; then
    echo "a run failed: $IDBENCH check --quiet --jobs 1 <a 1 GiB line, under ulimit -v $LIMIT_KIB (exit status $code)" >&2
    exit 2
fi
rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$TMP/err1")
sum=$(grep -c '^0 valid, 1 invalid$' "$TMP/err1")
verdict "1 GiB line, --quiet --jobs 1, ulimit -v $LIMIT_KIB: exit 1 and '0 valid, 1 invalid'" \
    "$([ "$code" = 1 ] && [ "$sum" = 1 ] && echo 1)" "exit $code"
verdict "1 GiB line: max RSS < $RSS_KIB KiB" "$([ -n "$rss" ] && [ "$rss" -lt $RSS_KIB ] && echo 1)" \
    "${rss:-?} KiB"

# 2.
gib_line | (ulimit -v $LIMIT_KIB && exec "$IDBENCH" check --jobs 1) >"$TMP/out2" 2>/dev/null
code=$?
ok=$(grep -c $'^invalid\t[a-z0-9]*\ta*…\tline-too-long$' "$TMP/out2")
verdict "1 GiB line: the verdict line says line-too-long" "$([ "$code" = 1 ] && [ "$ok" = 1 ] && echo 1)" \
    "exit $code, $(wc -c <"$TMP/out2") bytes of output"

# 3.
(ulimit -v $LIMIT_KIB && exec "$IDBENCH" check --jobs 1 /dev/zero) >"$TMP/out3" 2>"$TMP/err3" &
pid=$!
for _ in $(seq 100); do
    [ -s "$TMP/out3" ] && break
    sleep 0.1
done
first=$(grep -c 'line-too-long$' "$TMP/out3")
sleep 5
alive=0
rss=
if kill -0 "$pid" 2>/dev/null; then
    alive=1
    rss=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status")
    kill "$pid"
fi
wait "$pid" 2>/dev/null
verdict "/dev/zero: verdict within 10 s" "$([ "$first" = 1 ] && echo 1)" "$(head -c 80 "$TMP/out3" | tr '\t' ' ')"
verdict "/dev/zero: still reading after 5 s more, peak RSS < $RSS_KIB KiB" \
    "$([ "$alive" = 1 ] && [ -n "$rss" ] && [ "$rss" -lt $RSS_KIB ] && echo 1)" "alive=$alive, ${rss:-?} KiB"

# 4.
printf 'http://a/\nfoo bar\n' >"$TMP/two"
start=$(date +%s.%N)
timeout 60 "$IDBENCH" check --jobs 65535 "$TMP/two" >/dev/null 2>"$TMP/err4"
code=$?
secs=$(echo "$(date +%s.%N) - $start" | bc)
panics=$(grep -c panicked "$TMP/err4")
verdict "--jobs 65535: exit <= 2 within 60 s, no panic" \
    "$([ "$code" -le 2 ] && [ "$panics" = 0 ] && echo 1)" "exit $code in ${secs}s"

echo "$missed missed"
[ "$missed" = 0 ]
