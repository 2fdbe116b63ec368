#!/usr/bin/env bash
# Output size and peak memory of `idbench parse` on 1 MiB inputs of one-character XRI
# segments (issue 19 item 14): `xri://@a` followed by `+a` repeated, and an authority
# `a@a@…@b` (as `http://a@a@…@b/`), each in text and in JSON.
#
#   scripts/measure-parse.sh [BYTES]     # BYTES defaults to 1048576 (1 MiB)
#
# Targets: each run writes under 64 MiB and peaks under 1 GiB of resident memory
# (/usr/bin/time -v's "Maximum resident set size"). Prints one line per run with "met" or
# "MISSED" and exits 1 when a target is missed. Not part of `cargo test`. A run that fails
# (an exit status over 1: 0 valid, 1 invalid) is not measured: it ends the script with
# status 2, naming the command.
set -u
BYTES=${1:-1048576}
BIN=${IDBENCH:-target/release/idbench}
OUT_MAX=$((64 * 1024 * 1024))
RSS_MAX_KB=$((1024 * 1024))
if [ ! -x "$BIN" ]; then
    timeout 1800 cargo build --release --bin idbench >&2 || exit 2
fi
if [ ! -x /usr/bin/time ]; then
    echo "measure-parse: /usr/bin/time is needed (GNU time, for the peak RSS)" >&2
    exit 2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$BYTES" "$dir" <<'PY'
import sys
n, d = int(sys.argv[1]), sys.argv[2]
head = "xri://@a"
plus = head + "+a" * ((n - len(head)) // 2)
open(d + "/plus", "w").write(plus)
auth = "http://" + "a@" * ((n - 9) // 2) + "b/"
open(d + "/at", "w").write(auth)
PY
[ $? -eq 0 ] || { echo "measure-parse: the inputs could not be written" >&2; exit 2; }
missed=0
for shape in plus at; do
    for fmt in text json; do
        # One line on stdin (an argument is limited to 128 KiB by the kernel).
        /usr/bin/time -v -o "$dir/time" timeout 300 "$BIN" parse --format "$fmt" - \
            < "$dir/$shape" > "$dir/out" 2> /dev/null
        rc=$?
        if [ "$rc" -gt 1 ]; then
            echo "a run failed: $BIN parse --format $fmt - <$shape ($(stat -c %s "$dir/$shape") B) (exit status $rc)" >&2
            exit 2
        fi
        bytes=$(stat -c %s "$dir/out")
        rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$dir/time")
        secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time")
        verdict=met
        if [ "$bytes" -ge "$OUT_MAX" ] || [ "${rss:-0}" -ge "$RSS_MAX_KB" ]; then
            verdict=MISSED
            missed=$((missed + 1))
        fi
        printf '%-5s %-4s input %8d B  exit %d  wrote %10d B (%5.1f B/B)  peak RSS %8d KiB  wall %s  %s\n' \
            "$shape" "$fmt" "$(stat -c %s "$dir/$shape")" "$rc" "$bytes" \
            "$(echo "$bytes / $(stat -c %s "$dir/$shape")" | bc -l)" "${rss:-0}" "$secs" "$verdict"
    done
done
echo "targets: output < 64 MiB, peak RSS < 1 GiB; missed: $missed"
[ "$missed" -eq 0 ]
