#!/usr/bin/env bash
# Proof of the built-in grammars at scale (issue 36): `check --grammar` with each ABNF
# profile's grammar text (rfc3986, rfc3987, rfc2141bis, rfc8141, xri2) against the
# hand-written `check --profile` over the benchmark corpora, LINES lines each (default
# 1,000,000). Every line whose verdict differs is printed with the listed cause that
# explains it (tests/abnf_agree/causes.rs, docs/readings.md "The shipped grammars against
# their ABNF"); a line no cause explains fails the run (exit 1). Not part of `cargo test`.
#
#   scripts/check-grammar-scale.sh                      # LINES=1000000 SEED=3986
#   LINES=20000 PROFILES=rfc3986,rfc8141 scripts/check-grammar-scale.sh
#
# xri2's grammar is recursive: its side runs the recognizer for recursive grammars, slower
# than the compiled grammars; PROFILES leaves it out when wanted.
set -u
cd "$(dirname "$0")/.."
LINES=${LINES:-1000000}
SEED=${SEED:-3986}
PROFILES=${PROFILES:-}
DIR=target/grammar-scale
mkdir -p "$DIR"
timeout 3600 cargo build --release --quiet --example gen-corpus || exit 2
for kind in uri iri urn xri; do
    target/release/examples/gen-corpus "$kind" "$LINES" "$SEED" >"$DIR/$kind.txt" || exit 2
done
IDBENCH_SCALE_DIR="$PWD/$DIR" IDBENCH_SCALE_PROFILES="$PROFILES" timeout 7200 \
    cargo test --release --quiet --test abnf_compiled -- --ignored --nocapture \
    scale_check_grammar_against_check_profile
