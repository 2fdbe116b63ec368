#!/bin/sh
# The ABNF engine's speed and memory targets (issue 22, "The engine"), in release:
#   - a 64 KiB URN through RFC 8141's ABNF under 1 s, 4x the input at most 5x the time;
#   - right recursion in a grammar (a = "x" a / "x") with Leo's items: 64 KiB, 4x at most 5x the time;
#   - a 200-byte input under RFC 3986's ABNF under 5 ms;
#   - counting an exponential number of parses stays polynomial;
#   - 100,000 nested parentheses in an input and in a grammar do not overflow;
#   - a 64 KiB input under RFC 3986's ABNF peaks under 256 MiB (its own process).
# Each prints "met" or "MISSED"; exits 1 when any is missed. Not part of `cargo test`.
#
# Usage: scripts/measure-abnf.sh
set -eu
cd "$(dirname "$0")/.."
status=0
cargo bench --bench abnf --quiet || status=1
BIN=$(ls -t target/release/deps/abnf-* | grep -v '\.d$' | head -n 1)
PEAK=$("$BIN" peak3986)
if [ "$PEAK" -lt $((256 * 1024)) ]; then
    echo "met    64 KiB URI under RFC 3986's ABNF peaks under 256 MiB: ${PEAK} KiB"
else
    echo "MISSED 64 KiB URI under RFC 3986's ABNF peaks under 256 MiB: ${PEAK} KiB"
    status=1
fi
exit $status
