#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), seeded with the spec examples: the
# documented way to run fuzzing, short or long.
#
#   scripts/fuzz.sh [SECONDS]                 # every target, SECONDS each
#   FUZZ_TARGETS="quick render" scripts/fuzz.sh 3600   # a long campaign on two targets
#   FUZZ_JOBS=2 scripts/fuzz.sh 600           # two fuzzing processes per target
#
# Targets (fuzz/fuzz_targets/): parse, forms, resolve, compare, quick, render, abnf_agree,
# whatwg, arrow_ffi, grammar_input; the first six run every profile on every input. quick: the quick
# validator is sound and first_error agrees with analyze. render: the CLI's text and JSON renderers stay within a
# linear bound of the input. abnf_agree: each hand-written parser agrees with the ABNF engine
# over its profile's shipped grammar text, but for the listed causes of
# tests/abnf_agree/causes.rs. whatwg: the URL Standard parser (engine::whatwg) never panics,
# keeps its spans on the input and agrees with the url crate but for url's known departures
# (tests/whatwg/known.rs). arrow_ffi: arbitrary string arrays through the C Data Interface
# import (idbench-arrow's, which has unsafe code: run it with FUZZ_SANITIZER=address) and
# every kernel; its body also runs under cargo test (idbench-arrow/tests/ffi_fuzz.rs).
# grammar_input: any grammar, start rule and input through `grammar
# parse`'s path within its work, input and output budgets (tests/abnf_grammar_input.rs runs
# its body on the stable toolchain).
# Seeds: the spec examples and big shapes of 1 to 4 KiB (deep nesting, long runs), so inputs
# up to -max_len=4096 are reached from the start (and -len_control=0 lets libFuzzer try long
# inputs at once instead of growing its length limit slowly).
#
# Needs cargo-fuzz (installed with `cargo install cargo-fuzz` when missing), which needs
# nightly features: the script allows them on the stable toolchain with RUSTC_BOOTSTRAP=1.
# The crate forbids unsafe code, so the default sanitizer is none (more executions a
# second); FUZZ_SANITIZER=address turns ASan on. Debug assertions are on, so an arithmetic
# overflow is a crash too. The fuzz build has its own target directory (FUZZ_TARGET_DIR,
# default fuzz/target), so its instrumented build does not evict the normal one. Without
# cargo-fuzz the targets' bodies still run under cargo test (tests/validate.rs runs the
# quick and render targets' bodies on generated inputs).
#
# For each target the script prints libFuzzer's last status line (executions, coverage
# "cov", features "ft", corpus size) and its final statistics (executions, executions a
# second, peak RSS). Crashes land in fuzz/artifacts/TARGET/; the script prints each one's
# input and exits 1; the corpora grow in fuzz/corpus/TARGET/ and are kept between runs, so
# a long campaign resumes where the last one stopped (both are git-ignored). A crash found
# belongs in a regression test (tests/fuzz_regressions.rs). Long runs stay out of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
sanitizer="${FUZZ_SANITIZER:-none}"
targets=(${FUZZ_TARGETS:-parse forms resolve compare quick render abnf_agree whatwg arrow_ffi grammar_input})
fuzz_dir="${FUZZ_TARGET_DIR:-fuzz/target}"
jobs="${FUZZ_JOBS:-1}"

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz
fi
export RUSTC_BOOTSTRAP=1

echo "== seeds from the spec examples (idbench::idsets::all)"
cargo run --quiet --example dump-seeds -- fuzz/corpus

echo "== building the fuzz targets"
cargo fuzz build --sanitizer "$sanitizer" --debug-assertions --target-dir "$fuzz_dir"

crashed=0
marker="$(mktemp)"
trap 'rm -f "$marker"' EXIT
for t in "${targets[@]}"; do
  echo "== fuzzing $t for ${secs}s"
  # A target without spec seeds (arrow_ffi, grammar_input) starts from an empty corpus.
  mkdir -p "fuzz/artifacts/$t" "fuzz/corpus/$t"
  log="fuzz/artifacts/$t/last-run.log"
  extra=()
  if [[ $jobs -gt 1 ]]; then extra=(-fork="$jobs"); fi
  if cargo fuzz run --sanitizer "$sanitizer" --debug-assertions --target-dir "$fuzz_dir" "$t" "fuzz/corpus/$t" -- \
      -max_total_time="$secs" -max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
      "${extra[@]}" >"$log" 2>&1; then
    # The last status line (cov: edges covered, ft: features, corp: corpus entries/bytes).
    grep -E "^#[0-9]+" "$log" | tail -n 1 | sed 's/^/   /' || true
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" "$log" | sed 's/^/   /' || true
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
  echo "   reproduce: RUSTC_BOOTSTRAP=1 cargo fuzz run --sanitizer $sanitizer --debug-assertions --target-dir $fuzz_dir $t $f"
done < <(find fuzz/artifacts -type f -newer "$marker" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
if [[ $crashed == 1 || $found == 1 ]]; then
  exit 1
fi
echo "fuzz: ${#targets[@]} targets x ${secs}s, no crash"
