#!/usr/bin/env bash
# What one keystroke costs the workbench in diff mode, and `compare`, with two long sides of
# one-character XRI segments (issue 19 item 8): `xri://@a` followed by `+a`, `*a`, `!a` or
# `/a` repeated.
#
#   scripts/measure-diff.sh [BYTES]     # BYTES per side, default 524288 (512 KiB)
#
# 1. examples/diff_keystroke.rs drives the workbench (App on ratatui's TestBackend, 200x60):
#    both sides loaded, then a character typed at the end of A and deleted, four times each;
#    each key re-analyses A, compares again and redraws. It prints each key's CPU time and
#    then the library call `idbench compare` makes on the same sides. /usr/bin/time -v
#    gives the process's peak RSS. Targets: worst keystroke under 1.5 s of CPU; peak RSS
#    under 1 GiB.
# 2. `idbench compare` itself, on sides of 127 KiB (the kernel limits one argument to
#    128 KiB): CPU time and peak RSS.
# Prints "met" or "MISSED" per line and exits 1 when a target is missed. Not part of
# `cargo test`. A run that fails (the example exiting with anything but 0, `compare` with
# more than 2: 0 equivalent, 1 not, 2 a side does not parse) is not measured: it ends the
# script with status 2, naming the command.
set -u
BYTES=${1:-524288}
CPU_MAX=1.5
RSS_MAX_KB=$((1024 * 1024))
timeout 1800 cargo build --release --example diff_keystroke --bin idbench >&2 || exit 2
EX=target/release/examples/diff_keystroke
BIN=target/release/idbench
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
missed=0
for shape in '+a' '*a' '!a' '/a'; do
    /usr/bin/time -v -o "$dir/time" timeout 600 "$EX" "$shape" "$BYTES" > "$dir/out"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "a run failed: $EX $shape $BYTES (exit status $rc)" >&2
        exit 2
    fi
    rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$dir/time")
    worst=$(awk '/^keystroke:/ {print $3}' "$dir/out")
    cmp=$(awk '/^compare:/ {print $2}' "$dir/out")
    verdict=met
    if [ -z "$worst" ] || [ "$(echo "$worst >= $CPU_MAX" | bc -l)" = 1 ] || [ "${rss:-0}" -ge "$RSS_MAX_KB" ]; then
        verdict=MISSED
        missed=$((missed + 1))
    fi
    printf 'workbench %-3s 2 x %8d B: worst keystroke %5s s CPU; compare (library) %5s s CPU; peak RSS %8d KiB  %s\n' \
        "$shape" "$BYTES" "${worst:-?}" "${cmp:-?}" "${rss:-0}" "$verdict"
done
for shape in '+a' '*a' '!a' '/a'; do
    a=$(python3 -c "import sys; s='xri://@a'+sys.argv[1]*((130000-8)//2); print(s[:-1]+'a')" "$shape") && [ -n "$a" ] \
        || { echo "measure-diff: the sides of $shape could not be written" >&2; exit 2; }
    b="${a%a}b"
    /usr/bin/time -v -o "$dir/time" timeout 300 "$BIN" compare --format json -- "$a" "$b" > "$dir/out" 2> /dev/null
    rc=$?
    if [ "$rc" -gt 2 ]; then
        echo "a run failed: $BIN compare --format json -- A B (sides of ${#a} bytes of $shape) (exit status $rc)" >&2
        exit 2
    fi
    rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$dir/time")
    user=$(awk -F': ' '/User time/ {print $2}' "$dir/time")
    sys=$(awk -F': ' '/System time/ {print $2}' "$dir/time")
    cpu=$(echo "$user + $sys" | bc -l)
    verdict=met
    if [ "$(echo "$cpu >= $CPU_MAX" | bc -l)" = 1 ] || [ "${rss:-0}" -ge "$RSS_MAX_KB" ]; then
        verdict=MISSED
        missed=$((missed + 1))
    fi
    printf 'compare   %-3s 2 x %8d B: exit %d, %5.2f s CPU, peak RSS %8d KiB, wrote %d B  %s\n' \
        "$shape" "${#a}" "$rc" "$cpu" "${rss:-0}" "$(stat -c %s "$dir/out")" "$verdict"
done
echo "targets: keystroke < 1.5 s CPU, peak RSS < 1 GiB; missed: $missed"
[ "$missed" -eq 0 ]
