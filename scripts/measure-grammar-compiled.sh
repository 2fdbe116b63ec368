#!/usr/bin/env bash
# The targets of issue 36 (grammars at machine speed), measured in CPU time (user + system,
# one thread: `--jobs 1`), with the load average beside each figure. Both sides of a
# comparison write `--format json` output into a pipe (not `--quiet`). Not part of
# `cargo test`: prints each figure and its target, "met" or "MISSED"; a timed run that
# fails ends it with status 2.
#
#   scripts/measure-grammar-compiled.sh          # LINES=200000 SEED=3986
#   IDBENCH=path GEN=path GRAMMARS=dir scripts/measure-grammar-compiled.sh
#   ONLY=4 IDBENCH=path scripts/measure-grammar-compiled.sh   # one target (or "1 2 4")
#   ROUNDS=21 scripts/measure-grammar-compiled.sh   # rounds of rows 1, 2 and 4's ratios
#
# Each CPU-time figure moves with the machine's speed (by a factor of two from hour to
# hour on a shared machine); with valgrind installed the script also counts instructions
# (callgrind, one run each), which do not: steps 3 to 6 unless INSTR=0, steps 1 and 2
# with INSTRUCTIONS=1 (two 200,000-line runs under callgrind take a minute or more).
#
# 1. check --grammar rfc8141.abnf --start namestring on the URN corpus: <= 3x check
#    --profile rfc8141 (grammar compilation and start-up included).
# 2. check --profile rfc8141 --namespaces: <= 1.5x check --profile rfc8141 (and, with
#    INSTRUCTIONS=1, both ratios in instructions counted by callgrind).
# 3. A regular grammar's verdict on a 16 MiB line (RFC 8141's ABNF, check --grammar):
#    >= 200 MB/s past start-up; peak RSS on 16 MiB against 4 MiB (the line itself is held
#    by `check`; the automaton's memory does not grow with it). Also the instructions
#    past start-up.
# 4. grammar parse --format json of a 64 KiB URN through RFC 8141's ABNF, whole tree:
#    < 100 ms CPU, < 64 MB peak RSS; 4x the input at most 4.5x the time. Also the
#    instructions of the 64 KiB run (callgrind; INSTR=0 leaves them out).
# 5. xri2's ABNF (recursive: the recognizer of `abnf::recognize`, check --grammar) on a
#    64 KiB XRI with nested cross-references: >= 5 MiB/s, <= 64 bytes of memory per input
#    byte. Also the instructions past start-up (callgrind; INSTR=0 leaves them out).
# 6. The namespace layer on a 1 MiB NSS (check --namespaces, one line): < 100 ms CPU.
#    Also the instructions past start-up.
set -u
cd "$(dirname "$0")/.."
LINES=${LINES:-200000}
# Rounds of the timed commands of rows 1, 2 and 4's growth, in turn (see row 1).
ROUNDS=${ROUNDS:-11}
ONLY=${ONLY:-1 2 3 4 5 6}
# want N: target N is to be measured.
want() { case " $ONLY " in *" $1 "*) return 0 ;; esac; return 1; }
SEED=${SEED:-3986}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ -z "${IDBENCH:-}" ]; then
    timeout 3600 cargo build --release --quiet --bin idbench --example gen-corpus || exit 2
    IDBENCH=target/release/idbench
fi
GEN=${GEN:-target/release/examples/gen-corpus}
if want 1 || want 2; then
    [ -x "$GEN" ] || { timeout 3600 cargo build --release --quiet --example gen-corpus || exit 2; }
fi
B=$IDBENCH
G8141=tests/data/abnf/rfc8141.abnf
# xri2's ABNF as idbench reads it (the productions' readings), written by a helper test.
# (GRAMMARS=DIR: a folder where that helper already wrote them.)
if ! want 5; then
    :
elif [ -n "${GRAMMARS:-}" ]; then
    cp "$GRAMMARS/xri2.abnf" "$TMP/xri2.abnf" || exit 2
else
    IDBENCH_SCALE_DIR="$TMP" timeout 3600 cargo test --release --quiet --test abnf_compiled -- \
        --ignored write_profile_grammars >/dev/null || exit 2
fi
if want 1 || want 2; then
"$GEN" urn "$LINES" "$SEED" >"$TMP/urn.txt" || exit 2
echo "corpus: $LINES URN lines, $(wc -c <"$TMP/urn.txt") bytes (gen-corpus urn $LINES $SEED)"
fi

load() { cut -d' ' -f1 /proc/loadavg; }
# Each command timed writes into a pipe, which `cat` empties into $TMP/out (the checks
# below read it): the kernel copies every byte into the pipe, charged to the command, as
# for any output; a file the shell truncated before each run would be flushed when the
# command closed it (ext4 does so for a file truncated and written again), charged to the
# command too, in amounts that vary from run to run (BENCHMARKS.md, issue 36, "the last
# stop").
# A run that failed is not timed as a fast one: an exit status over 1 (1: an input
# invalid), output that is empty or stops short of its last newline, or a `check` that
# wrote fewer or more records than its file (the last argument) has lines (perf passes
# no signal on) ends the script with status 2, naming the command. ran STATUS CMD... is
# called in a command substitution: it signals this shell, which exits when that ends.
trap 'exit 2' USR1
ran() {
    local st=$1; shift
    local want="" got
    case " $* " in *" check "*) want=$(wc -l <"${*: -1}") ;; esac
    got=$(wc -l <"$TMP/out")
    if [ "$st" -le 1 ] && [ -s "$TMP/out" ] && [ -z "$(tail -c 1 "$TMP/out")" ] \
        && { [ -z "$want" ] || [ "$want" = "$got" ]; }; then
        return 0
    fi
    echo "a run failed: $* (exit status $st, $got lines of output${want:+ for $want input lines})" >&2
    kill -USR1 $$
    return 1
}
# cpu CMD...: CPU seconds (user + sys) and peak RSS (KiB) of one run.
cpu() {
    /usr/bin/time -f '%U %S %M' -o "$TMP/time" "$@" 2>/dev/null | cat >"$TMP/out"
    ran "${PIPESTATUS[0]}" "$@" || return 1
    # The last line: a command that exits non-zero has "Command exited ..." first.
    tail -n 1 "$TMP/time" | awk '{ printf "%.3f %d\n", $1 + $2, $3 }'
}
# best CMD...: the least CPU time of 3 runs (and that run's RSS).
best() {
    local b="" r
    for _ in 1 2 3; do
        r=$(cpu "$@") || return 1
        if [ -z "$b" ] || awk -v a="${r% *}" -v c="${b% *}" 'BEGIN { exit !(a < c) }'; then b=$r; fi
    done
    echo "$b"
}
verdict() { awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { ok = (op == "<=" ? a <= b : a >= b); print (ok ? "met" : "MISSED") }'; }

# task CMD...: the least task-clock seconds of 3 runs (perf, which counts CPU time exactly; /usr/bin/time's
# figures come in 10 ms steps), or "" without perf.
task() {
    command -v perf >/dev/null 2>&1 || return 0
    local b=""
    for _ in 1 2 3; do
        perf stat -x, -e task-clock -o "$TMP/perf" "$@" 2>/dev/null | cat >"$TMP/out"
        ran "${PIPESTATUS[0]}" "$@" || return 1
        t=$(grep task-clock "$TMP/perf" | cut -d, -f1)
        if [ -z "$b" ] || awk -v a="$t" -v c="$b" 'BEGIN { exit !(a < c) }'; then b=$t; fi
    done
    awk -v m="$b" 'BEGIN { printf "%.4f", m / 1000 }'
}

# once CMD...: the CPU seconds of one run: perf's task-clock when perf is there, else
# /usr/bin/time's user + system.
once() {
    if command -v perf >/dev/null 2>&1; then
        perf stat -x, -e task-clock -o "$TMP/perf" "$@" 2>/dev/null | cat >"$TMP/out"
        ran "${PIPESTATUS[0]}" "$@" || return 1
        awk -F, '/task-clock/ { printf "%.4f\n", $1 / 1000 }' "$TMP/perf"
    else
        local r
        r=$(cpu "$@") || return 1
        echo "${r% *}"
    fi
}
# median: the median of the numbers on stdin, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.4f\n", m }'
}
# spread: "middle half A to B x, all C to D x" of the ratios on stdin (the quartiles by
# rank, and the least and the most).
spread() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; q1 = v[int(NR / 4) + 1]; q3 = v[NR - int(NR / 4)]; printf "middle half %.2f to %.2f x, all %.2f to %.2f x", q1, q3, v[1], v[NR] }'
}

# past_start SHORT LONG CMD...: "N M instructions past start-up, " for CMD on file LONG
# less CMD on file SHORT (callgrind, one run each; the figure the machine's speed does
# not move), or "" with INSTR=0 or without valgrind.
past_start() {
    [ "${INSTR:-1}" != 0 ] && command -v valgrind >/dev/null 2>&1 || return 0
    local short=$1 long=$2 a z; shift 2
    z=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$short" 2>&1 >/dev/null | awk '/refs:/ { gsub(",", "", $NF); print $NF }')
    a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$long" 2>&1 >/dev/null | awk '/refs:/ { gsub(",", "", $NF); print $NF }')
    [ -n "$a" ] && [ -n "$z" ] && awk -v a="$a" -v z="$z" 'BEGIN { printf "%.1f M instructions past start-up, ", (a - z) / 1e6 }'
    return 0
}

# 1 and 2.
if want 1 || want 2; then
# The three commands in turn, ROUNDS rounds, each run's CPU time by perf's task-clock
# when perf is there (these runs take some 30 to 100 ms, where /usr/bin/time's 10 ms
# steps moved a ratio by a third), else by /usr/bin/time. A ratio is judged round by
# round, as `scripts/measure-namespace-check.sh` judges it: the median of the rounds'
# ratios. This machine's speed drifts over seconds, so a best of 3 for one command and
# then for the other put the two in different phases: at load 0.6, six runs of the best
# of 3 read row 2 from 1.15 to 2.37 x within two minutes.
: >"$TMP/rounds12"
for _ in $(seq "$ROUNDS"); do
    a=$(once "$B" check --profile rfc8141 --jobs 1 --format json "$TMP/urn.txt") || exit 2
    l=$(once "$B" check --grammar "$G8141" --start namestring --jobs 1 --format json "$TMP/urn.txt") || exit 2
    n=$(once "$B" check --profile rfc8141 --namespaces --jobs 1 --format json "$TMP/urn.txt") || exit 2
    echo "$a $l $n" >>"$TMP/rounds12"
done
prof=$(awk '{ print $1 }' "$TMP/rounds12" | median)
lab=$(awk '{ print $2 }' "$TMP/rounds12" | median)
ns=$(awk '{ print $3 }' "$TMP/rounds12" | median)
r1=$(awk '{ print $2 / $1 }' "$TMP/rounds12" | median | xargs printf '%.2f')
r2=$(awk '{ print $3 / $1 }' "$TMP/rounds12" | median | xargs printf '%.2f')
s1=$(awk '{ print $2 / $1 }' "$TMP/rounds12" | spread)
s2=$(awk '{ print $3 / $1 }' "$TMP/rounds12" | spread)
echo "1. check --grammar rfc8141.abnf: $lab s CPU against check --profile rfc8141 $prof s (medians): ${r1}x, the median of $ROUNDS rounds' ratios ($s1) (target <= 3: $(verdict "$r1" '<=' 3)) [load $(load)]"
echo "2. check --profile rfc8141 --namespaces: $ns s CPU (median): ${r2}x, the median of $ROUNDS rounds' ratios ($s2) (target <= 1.5: $(verdict "$r2" '<=' 1.5)) [load $(load)]"
# The same ratio in instructions (which the load does not move), with INSTRUCTIONS=1 and
# valgrind installed: one callgrind run of each side.
if [ "${INSTRUCTIONS:-0}" = 1 ] && command -v valgrind >/dev/null 2>&1; then
    irefs() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$TMP/callgrind.err" >"$TMP/out"
        ran "$?" valgrind "$@" || return 1
        sed -n 's/.*I *refs: *//p' "$TMP/callgrind.err" | tr -d ,
    }
    i0=$(irefs "$B" check --profile rfc8141 --jobs 1 --format json "$TMP/urn.txt")
    i1=$(irefs "$B" check --grammar "$G8141" --start namestring --jobs 1 --format json "$TMP/urn.txt")
    i2=$(irefs "$B" check --profile rfc8141 --namespaces --jobs 1 --format json "$TMP/urn.txt")
    r1i=$(awk -v a="$i1" -v b="$i0" 'BEGIN { printf "%.3f", a / b }')
    ri=$(awk -v a="$i2" -v b="$i0" 'BEGIN { printf "%.3f", a / b }')
    echo "   1. in instructions (callgrind): $i1 against $i0: ${r1i}x (target <= 3: $(verdict "$r1i" '<=' 3))"
    echo "   2. in instructions (callgrind): $i2 against $i0: ${ri}x (target <= 1.5: $(verdict "$ri" '<=' 1.5))"
fi

fi

# 3. A 16 MiB line and a 4 MiB one; start-up from a one-line run.
echo "urn:example:a" >"$TMP/l0.txt"
if want 3; then
python3 -c "import sys; sys.stdout.write('urn:example:' + 'a' * ((16 << 20) - 13) + '\n')" >"$TMP/l16.txt"
python3 -c "import sys; sys.stdout.write('urn:example:' + 'a' * ((4 << 20) - 13) + '\n')" >"$TMP/l4.txt"
s0=$(best "$B" check --grammar "$G8141" --start namestring --jobs 1 --format json "$TMP/l0.txt")
s16=$(best "$B" check --grammar "$G8141" --start namestring --jobs 1 --format json "$TMP/l16.txt")
s4=$(best "$B" check --grammar "$G8141" --start namestring --jobs 1 --format json "$TMP/l4.txt")
p16=$(best "$B" check --profile rfc8141 --jobs 1 --format json "$TMP/l16.txt")
mbs=$(awk -v a="${s16% *}" -v z="${s0% *}" 'BEGIN { d = a - z; if (d < 0.001) d = 0.001; printf "%.0f", 16 / d }')
ins3=$(past_start "$TMP/l0.txt" "$TMP/l16.txt" "$B" check --grammar "$G8141" --start namestring --jobs 1 --format json)
echo "3. a 16 MiB line through RFC 8141's ABNF: ${ins3}${s16% *} s CPU (start-up ${s0% *} s): $mbs MiB/s (target >= 200: $(verdict "$mbs" '>=' 200)); check --profile rfc8141 on it ${p16% *} s; peak RSS ${s4#* } KiB on 4 MiB, ${s16#* } KiB on 16 MiB (the line is held) [load $(load)]"

fi

# 4. grammar parse --format json, 64 KiB and 256 KiB (the whole tree written, walked
#    from the forest as it is written).
if want 4; then
python3 -c "print('urn:example:' + 'a1%41/' * (65536 // 6))" >"$TMP/u64.txt"
python3 -c "print('urn:example:' + 'a1%41/' * (4 * 65536 // 6))" >"$TMP/u256.txt"
# Each run reads its own stdin (a redirection around `best` fed the first run only).
parse_stdin() { exec "$B" grammar parse "$G8141" --start namestring --format json - <"$1"; }
g64=$(best bash -c "$(declare -f parse_stdin); B='$B' G8141='$G8141'; parse_stdin '$TMP/u64.txt'")
json64=$(wc -c <"$TMP/out")
g256=$(best bash -c "$(declare -f parse_stdin); B='$B' G8141='$G8141'; parse_stdin '$TMP/u256.txt'")
gjson=$(wc -c <"$TMP/out")
# CPU time from perf's task-clock when perf is there (the run takes about 50 ms, where
# /usr/bin/time's 10 ms steps are a fifth of the figure), else /usr/bin/time's: the two
# sizes in turn, ROUNDS rounds, the median of each and of the rounds' ratios (as row 1).
: >"$TMP/rounds4"
for _ in $(seq "$ROUNDS"); do
    a=$(once bash -c "$(declare -f parse_stdin); B='$B' G8141='$G8141'; parse_stdin '$TMP/u64.txt'") || exit 2
    z=$(once bash -c "$(declare -f parse_stdin); B='$B' G8141='$G8141'; parse_stdin '$TMP/u256.txt'") || exit 2
    echo "$a $z" >>"$TMP/rounds4"
done
if command -v perf >/dev/null 2>&1; then how4="perf task-clock, medians of $ROUNDS rounds"; else how4="/usr/bin/time, medians of $ROUNDS rounds"; fi
c64=$(awk '{ print $1 }' "$TMP/rounds4" | median)
c256=$(awk '{ print $2 }' "$TMP/rounds4" | median)
r4=$(awk '{ print $2 / $1 }' "$TMP/rounds4" | median | xargs printf '%.2f')
s4=$(awk '{ print $2 / $1 }' "$TMP/rounds4" | spread)
ms4=$(awk -v a="$c64" 'BEGIN { printf "%.0f", a * 1000 }')
# The instructions of the 64 KiB run (callgrind, one run): the figure a loaded machine
# does not move. INSTR=0 leaves it out (it takes some 20 s).
ins4=""
if [ "${INSTR:-1}" != 0 ] && command -v valgrind >/dev/null 2>&1; then
    ins4=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$B" grammar parse "$G8141" --start namestring --format json - <"$TMP/u64.txt" 2>&1 >/dev/null | awk '/refs:/ { gsub(",", "", $NF); printf "%.0f M instructions, ", $NF / 1e6 }')
fi
echo "4. grammar parse --format json, 64 KiB URN: ${ins4}$ms4 ms CPU ($how4; target < 100: $(verdict "$ms4" '<=' 100)), peak RSS $((${g64#* } / 1024)) MiB (target < 64: $(verdict "$((${g64#* } / 1024))" '<=' 64)); 4x the input ${r4}x the time ($s4) (target <= 4.5: $(verdict "$r4" '<=' 4.5)); $json64 bytes of JSON; 256 KiB: $c256 s, $((${g256#* } / 1024)) MiB, $gjson bytes of JSON [load $(load)]"

fi

# 5. xri2, a 64 KiB XRI with nested cross-references: each cross-reference's content has a
#    path (`*(+d/e)*(=b/c*(@f/g))` repeated), the form of the target. CPU time from
#    `perf stat -e task-clock` when perf is there (the runs take some 10 ms: /usr/bin/time's
#    10 ms steps are too coarse), else /usr/bin/time; peak RSS from /usr/bin/time.
#    Both are valid, and proved so by the recognizer's bracketed-rule pass (`brackets`:
#    XRI 2.0's `xref` pairs contracted innermost first) before any chart; the figure past
#    start-up includes that pass's two automata, made at the first line that needs them.
#    Also reported, not a target: the same length of `*(+d)*(=b*(@c!1))` (no paths), where
#    every `(@` opens a reading in which `iauthority`'s host takes the `)` and the nesting
#    shifts, as many live readings as cross-references so far: quadratic for any Earley
#    chart, over the parse's budget (no verdict) until the bracketed-rule pass, which
#    proves it valid in one pass. And the first line with a `^` after it: invalid, so the
#    chart reads it (the pass proves only validity).
if want 5; then
xri() {
python3 -c "
import sys
a, b = sys.argv[1], sys.argv[2]
n = 0
s = '=a'
while len(s) < 65536:
    s += b if n % 2 else a
    n += 1
print(s)" "$1" "$2"
}
xri '*(+d/e)' '*(=b/c*(@f/g))' >"$TMP/x64.txt"
xri '*(+d)' '*(=b*(@c!1))' >"$TMP/xa64.txt"
sed 's/$/^/' "$TMP/x64.txt" >"$TMP/xbad64.txt"
XG=("$B" check --grammar "$TMP/xri2.abnf" --start XRI-reference --jobs 1 --format json)
x0=$(best "${XG[@]}" "$TMP/l0.txt")
x64=$(best "${XG[@]}" "$TMP/x64.txt")
xv=$(grep -o '"valid":[a-z]*' "$TMP/out" | head -1)
t0=$(task "${XG[@]}" "$TMP/l0.txt")
t64=$(task "${XG[@]}" "$TMP/x64.txt")
if [ -n "$t0" ] && [ -n "$t64" ]; then c0=$t0; c64=$t64; how="perf task-clock"; else c0=${x0% *}; c64=${x64% *}; how="/usr/bin/time"; fi
xmbs=$(awk -v a="$c64" -v z="$c0" 'BEGIN { d = a - z; if (d < 0.001) d = 0.001; printf "%.2f", 65536 / d / 1048576 }')
xb=$(awk -v a="${x64#* }" -v z="${x0#* }" 'BEGIN { printf "%.0f", (a - z) * 1024 / 65536 }')
# The instructions past start-up (callgrind, the 64 KiB run less the start-up's): the
# figure the machine's speed does not move, against which a slower or faster CPU-time
# figure reads as the machine's phase or as a change of the code. INSTR=0 leaves it out.
ins5=$(past_start "$TMP/l0.txt" "$TMP/x64.txt" "${XG[@]}")
echo "5. xri2's ABNF on a 64 KiB XRI, cross-references nested in paths ($xv): ${ins5}$c64 s CPU ($how; start-up $c0 s): $xmbs MiB/s (target >= 5: $(verdict "$xmbs" '>=' 5)), $xb bytes of RSS per input byte (target <= 64: $(verdict "$xb" '<=' 64)) [load $(load)]"
xa=$(best "${XG[@]}" "$TMP/xa64.txt")
xae=$(grep -o '"error":{"code":"[a-z-]*"' "$TMP/out" | head -1)
echo "   not a target: 64 KiB of *(+d)*(=b*(@c!1)) (a live reading per cross-reference): ${xa% *} s CPU, $((${xa#* } / 1024)) MiB, ${xae:-valid} [load $(load)]"
xbad=$(best "${XG[@]}" "$TMP/xbad64.txt")
xbe=$(grep -o '"error":{"code":"[a-z-]*","start":[0-9]*' "$TMP/out" | head -1)
echo "   not a target: the 64 KiB XRI with a ^ after it (the chart's): ${xbad% *} s CPU, $((${xbad#* } / 1024)) MiB, ${xbe:-valid} [load $(load)]"
# The 62 KB nested XRI (250 cross-references deep, 50 times) and two near misses: a `^`
# after it, and `%z` 31,300 bytes in. No parse finishes them; the regular subset finds
# the first valid, the regular bounds refuse the others at their byte.
for kind in whole after inside; do
    python3 -c "
import sys
s = ('=a*(' * 250 + '=b' + ')' * 250) * 50
k = sys.argv[1]
print(s + '^' if k == 'after' else s[:31300] + '%z' + s[31300:] if k == 'inside' else s)" "$kind" >"$TMP/n-$kind.txt"
    xn=$(best "${XG[@]}" "$TMP/n-$kind.txt")
    xne=$(grep -o '"error":{"code":"[a-z-]*","start":[0-9]*' "$TMP/out" | head -1)
    echo "   not a target: the 62 KB nested XRI, $kind: ${xn% *} s CPU, $((${xn#* } / 1024)) MiB, ${xne:-valid} [load $(load)]"
done

fi

# 6. The namespace layer on a 1 MiB NSS.
if want 6; then
python3 -c "print('urn:example:' + 'a' * (1 << 20))" >"$TMP/n1.txt"
n0=$(best "$B" check --profile rfc8141 --namespaces --jobs 1 --format json "$TMP/l0.txt")
n1=$(best "$B" check --profile rfc8141 --namespaces --jobs 1 --format json "$TMP/n1.txt")
nj=$(grep -o '"namespace":{[^}]*"valid":[a-z]*' "$TMP/out" | grep -o '"valid":[a-z]*$')
nms=$(awk -v a="${n1% *}" -v z="${n0% *}" 'BEGIN { printf "%.0f", (a - z) * 1000 }')
ins6=$(past_start "$TMP/l0.txt" "$TMP/n1.txt" "$B" check --profile rfc8141 --namespaces --jobs 1 --format json)
echo "6. the namespace layer on a 1 MiB NSS ($nj): ${ins6}$nms ms CPU past start-up (target < 100: $(verdict "$nms" '<=' 100)) [load $(load)]"
fi
