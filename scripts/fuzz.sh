#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), seeded with the spec examples.
#
#   scripts/fuzz.sh [SECONDS]
#
# Targets (fuzz/fuzz_targets/): parse, forms, resolve, compare, quick, render; each runs every
# profile on every input. quick: the quick validator is sound and first_error agrees with
# analyze. render: the CLI's text and JSON renderers stay within a linear bound of the input.
# Seeds: the spec examples and big shapes of 1 to 4 KiB (deep nesting, long runs), so inputs
# up to -max_len=4096 are reached from the start.
#
# Needs cargo-fuzz, which needs nightly features: the script allows them on the stable
# toolchain with RUSTC_BOOTSTRAP=1. Where cargo-fuzz cannot be installed, the targets are
# still compile-checked (cargo check in fuzz/) and their properties run under cargo test
# (tests/validate.rs runs the quick target's body on generated inputs). The toolchain is stable, so cargo-fuzz's nightly flags are allowed with
# RUSTC_BOOTSTRAP=1. The crate forbids unsafe code, so the default sanitizer is none (more
# executions a second); FUZZ_SANITIZER=address turns ASan on. Debug assertions are on, so an
# arithmetic overflow is a crash too.
#
# Crashes land in fuzz/artifacts/TARGET/; the script prints each one's input and exits 1.
# The corpora grow in fuzz/corpus/TARGET/ (both are git-ignored). Long runs stay out of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
sanitizer="${FUZZ_SANITIZER:-none}"
targets=(${FUZZ_TARGETS:-parse forms resolve compare quick render})

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz
fi
export RUSTC_BOOTSTRAP=1

echo "== seeds from the spec examples (idbench::idsets::all)"
cargo run --quiet --example dump-seeds -- fuzz/corpus

echo "== building the fuzz targets"
cargo fuzz build --sanitizer "$sanitizer" --debug-assertions

crashed=0
marker="$(mktemp)"
trap 'rm -f "$marker"' EXIT
for t in "${targets[@]}"; do
  echo "== fuzzing $t for ${secs}s"
  mkdir -p "fuzz/artifacts/$t"
  log="fuzz/artifacts/$t/last-run.log"
  if cargo fuzz run --sanitizer "$sanitizer" --debug-assertions "$t" "fuzz/corpus/$t" -- \
      -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
      >"$log" 2>&1; then
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+.*DONE)" "$log" || true
    echo "   $t: no crash"
  else
    crashed=1
    echo "   $t: CRASH (log: $log)"
    grep -E "panicked|ERROR|SUMMARY" "$log" | head -5 || true
  fi
done

found=0
# Only this run's findings (older ones stay in fuzz/artifacts/ until removed by hand).
while IFS= read -r f; do
  found=1
  echo "== $f"
  printf '   input (escaped): '
  python3 -c 'import sys; print(repr(open(sys.argv[1],"rb").read()))' "$f" 2>/dev/null || od -c "$f" | head -5
  t="$(basename "$(dirname "$f")")"
  echo "   reproduce: RUSTC_BOOTSTRAP=1 cargo fuzz run --sanitizer $sanitizer --debug-assertions $t $f"
done < <(find fuzz/artifacts -type f -newer "$marker" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
if [[ $crashed == 1 || $found == 1 ]]; then
  exit 1
fi
echo "fuzz: ${#targets[@]} targets x ${secs}s, no crash"
