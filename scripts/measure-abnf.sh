#!/bin/sh
# The ABNF engine's speed and memory targets (issue 22, "The engine"), in release:
#   - a 64 KiB URN through RFC 8141's ABNF under 1 s, 4x the input at most 5x the time;
#   - right recursion in a grammar (a = "x" a / "x") with Leo's items: 64 KiB, 4x at most 5x the time;
#   - a 200-byte input under RFC 3986's ABNF under 5 ms;
#   - counting an exponential number of parses stays polynomial;
#   - 100,000 nested parentheses in an input and in a grammar do not overflow;
#   - a 64 KiB input under RFC 3986's ABNF peaks under 256 MiB (its own process).
# Each prints "met" or "MISSED"; exits 1 when any is missed. Not part of `cargo test`.
# A bench that fails (cargo bench exiting with more than 1: 2 a grammar unread, 101 a panic,
# a signal or a build error) or a `peak3986` run that fails ends the script with status 2,
# naming the command, rather than counting as a missed target or a figure.
#
# Usage: scripts/measure-abnf.sh
set -eu
cd "$(dirname "$0")/.."
status=0
st=0
cargo bench --bench abnf --quiet || st=$?
case $st in
0) ;;
1) status=1 ;;
*) echo "the bench failed: cargo bench --bench abnf (exit status $st)" >&2; exit 2 ;;
esac
BIN=$(ls -t target/release/deps/abnf-* | grep -v '\.d$' | head -n 1)
PEAK=$("$BIN" peak3986) || { st=$?; echo "a run failed: $BIN peak3986 (exit status $st)" >&2; exit 2; }
case $PEAK in
'' | *[!0-9]*) echo "a run failed: $BIN peak3986 (printed \"$PEAK\", not a figure in KiB)" >&2; exit 2 ;;
esac
if [ "$PEAK" -lt $((256 * 1024)) ]; then
    echo "met    64 KiB URI under RFC 3986's ABNF peaks under 256 MiB: ${PEAK} KiB"
else
    echo "MISSED 64 KiB URI under RFC 3986's ABNF peaks under 256 MiB: ${PEAK} KiB"
    status=1
fi
exit $status
