#!/usr/bin/env bash
# `idbench test` on 100,000 generated cases (issue 24: "100,000 cases in under 10 seconds").
#
#   scripts/measure-cases.sh [N]     # N cases, default 100000
#
# The cases cycle through the kinds a user writes: validity, the first error and its byte,
# a component, a normal form, equivalence with its ladder step, and a resolution's target,
# over URIs, IRIs and URNs that differ in a counter. Every case passes, so the run also
# checks the generator. Wall time of `idbench test FILE --format json` (release build) and
# its peak RSS; prints "met" or "MISSED" and exits 1 when the target is missed. Not part
# of `cargo test`. A run that fails (an exit status over 1: 1 is a case failing; 2 the file
# unread, 101 a panic, 124 the timeout, 128 + N a signal) is not timed: it ends the script
# with status 2, naming the command.
set -u
N=${1:-100000}
MAX_S=10
timeout 1800 cargo build --release --bin idbench >&2 || exit 2
BIN=target/release/idbench
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$N" > "$dir/cases.toml" <<'PY'
import sys
n = int(sys.argv[1])
kinds = [
    lambda i: f'input = "http://h{i}.example/a/b?q={i}"\nvalid = true\n',
    lambda i: f'input = "http://h{i}.exa mple/"\nprofile = "rfc3986"\nerror = "illegal-char"\nerror_at = {12 + len(str(i))}\n',
    lambda i: f'input = "http://h{i}.example/p"\ncomponents = {{ host = "h{i}.example", path = "/p" }}\n',
    lambda i: f'input = "HTTP://H{i}.Example/a/./b"\nforms = {{ canonical = "http://h{i}.example/a/b" }}\n',
    lambda i: f'input = "HTTP://H{i}.example/"\nequivalent = "http://h{i}.example/"\nstep = "RFC 3986 §6.2.2"\n',
    lambda i: f'input = "urn:example:A{i}"\nnot_equivalent = "urn:example:a{i}"\n',
    lambda i: f'input = "../g{i}"\nbase = "http://a/b/c/d;p?q"\ntarget = "http://a/b/g{i}"\n',
    lambda i: f'input = "http://例え{i}.テスト/パス"\nprofile = "rfc3987"\nvalid = true\n',
]
out = sys.stdout
for i in range(n):
    out.write("[[case]]\n")
    out.write(kinds[i % len(kinds)](i))
    out.write("\n")
PY
[ $? -eq 0 ] || { echo "measure-cases: the cases could not be written" >&2; exit 2; }
size=$(stat -c %s "$dir/cases.toml")
start=$(date +%s.%N)
/usr/bin/time -v -o "$dir/time" timeout 300 "$BIN" test "$dir/cases.toml" --format json > "$dir/out" 2> "$dir/err"
rc=$?
end=$(date +%s.%N)
if [ "$rc" -gt 1 ]; then
    head -c 2000 "$dir/err" >&2
    echo "a run failed: $BIN test $dir/cases.toml --format json ($N cases; exit status $rc)" >&2
    exit 2
fi
wall=$(echo "$end - $start" | bc -l)
rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$dir/time")
verdict=met
if [ "$rc" -ne 0 ] || [ "$(echo "$wall >= $MAX_S" | bc -l)" = 1 ]; then
    verdict=MISSED
fi
printf 'idbench test: %d cases (%d B), exit %d, %.2f s wall, peak RSS %d KiB  %s\n' \
    "$N" "$size" "$rc" "$wall" "${rss:-0}" "$verdict"
[ "$rc" -eq 0 ] || { head -c 2000 "$dir/out"; echo; cat "$dir/err"; } >&2
echo "target: $N cases < $MAX_S s"
[ "$verdict" = met ]
