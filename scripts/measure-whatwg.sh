#!/bin/sh
# The WHATWG URL parser's speed targets (issue 42), in release, CPU time, one thread:
#
#   benches/whatwg.rs on each data set: idbench's verdict (whatwg::verdict), parse-to-href
#   (whatwg::href) and full parse (whatwg::parse), the url crate's Url::parse and ada-url's
#   Url::parse; targets href <= 1.5x ada and <= 1.0x url, verdict <= 1.0x ada;
#   then `idbench check --profile whatwg --jobs 1` (the whole command: read, judge, report,
#   user + system CPU, best of 3) on the mixed set against ada's full parse of it: target
#   at most 1.0x. Four ways: the file named (each invalid line's `FILE:LINE:COL` column
#   comes from the first-error mode) and from standard input, each as text and as
#   `--format json` (each invalid line's error object).
#   Then the same four in instructions (valgrind's callgrind, when installed): the whole
#   command over 2N lines minus over N lines, divided by N (start-up cancels out), against
#   the bench's `--only=ada` minus `--only=none` over the N lines (N: SLICE, 20,000 unless
#   set): the ratio the machine's load does not move. SKIP_CALLGRIND=1 leaves it out.
#   Last, the first-error mode against the full analysis on the mixed set's first 100,000
#   lines (tests/first_error.rs, `every_line_of_a_file` under whatwg; SKIP_PROPERTY=1
#   leaves it out).
#
# The data sets (none is committed; all go under target/bench-data/):
#   - the four public files of github.com/ada-url/url-various-datasets at commit
#     96a6fdd1e36a98904025ed5d1efd5ac9375bc18c (29 Sep 2023): files/node_files.txt,
#     others/kasztp.txt, files/isaacs_files.txt, others/userbait.txt (6 MB in all). Taken
#     from a clone of that repository when URL_DATASETS names one, else downloaded with
#     curl; a data set that cannot be had is left out, with a line that says so.
#   - the synthetic mixed set: scripts/gen-mixed-urls.py LINES SEED (1,000,000 lines, seed
#     42 unless MIXED_LINES / MIXED_SEED say otherwise).
#
# Prints "met" or "MISSED" for each target, the load average before and after, and exits 1
# when a target is missed. Not part of `cargo test`. A run that fails is not counted: the
# bench exiting with more than 1 (1: a target missed), a timed or counted `check` exiting
# with more than 1 (1: some lines invalid), or a counted bench run exiting with anything
# but 0, ends the script with status 2, naming the command.
#
# Usage: scripts/measure-whatwg.sh            (URL_DATASETS=DIR to copy from a clone)
set -eu
cd "$(dirname "$0")/.."
tdir="${CARGO_TARGET_DIR:-target}"
dir="$tdir/bench-data"
sets="$dir/url-various-datasets"
commit=96a6fdd1e36a98904025ed5d1efd5ac9375bc18c
mkdir -p "$sets"
files=""
for path in files/node_files.txt others/kasztp.txt files/isaacs_files.txt others/userbait.txt; do
    f="$sets/$(basename "$path")"
    if [ ! -s "$f" ]; then
        if [ -n "${URL_DATASETS:-}" ]; then
            git -C "$URL_DATASETS" show "$commit:$path" >"$f.tmp" 2>/dev/null && mv "$f.tmp" "$f" || rm -f "$f.tmp"
        else
            curl -fsSL "https://raw.githubusercontent.com/ada-url/url-various-datasets/$commit/$path" \
                -o "$f.tmp" 2>/dev/null && mv "$f.tmp" "$f" || rm -f "$f.tmp"
        fi
    fi
    if [ -s "$f" ]; then
        files="$files $f"
    else
        echo "== $path: not to be had (set URL_DATASETS to a clone of ada-url/url-various-datasets); left out"
    fi
done
lines="${MIXED_LINES:-1000000}"
seed="${MIXED_SEED:-42}"
mixed="$dir/mixed-$lines-$seed.txt"
if [ ! -s "$mixed" ] || [ scripts/gen-mixed-urls.py -nt "$mixed" ]; then
    # Written aside and moved into place: a generator that fails leaves no short set behind.
    python3 scripts/gen-mixed-urls.py "$lines" "$seed" >"$mixed.tmp" && mv "$mixed.tmp" "$mixed" ||
        { rm -f "$mixed.tmp"; echo "scripts/gen-mixed-urls.py $lines $seed failed" >&2; exit 2; }
fi
echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
st=0
out=$(cargo bench --quiet --bench whatwg -- $files "$mixed") || st=$?
echo "$out"
# 1: a target missed; anything else (2: a file unread, 101: a panic or a signal) a failure.
case $st in
0) ;;
1) status=1 ;;
*) echo "the bench failed: cargo bench --bench whatwg -- $files $mixed (exit status $st)" >&2; exit 2 ;;
esac
# ada's time on the mixed set: the last file's figure.
ada_ns=$(echo "$out" | sed -n 's/^ *ada_ns_per_url \([0-9.]*\)$/\1/p' | tail -n 1)
cargo build --release --quiet --bin idbench
idb="$tdir/release/idbench"
load() { cut -d' ' -f1-3 /proc/loadavg; }
# user + system CPU of one run of `idbench check --profile whatwg --jobs 1 ARGS`, best of 3;
# WAY: "file" (the set named) or "stdin".
# A run that exits with more than 1 (an error; /usr/bin/time passes a signal on as 128 + N)
# ends the script with status 2.
best_of_3() {
    way=$1
    shift
    best=""
    for _ in 1 2 3; do
        st=0
        if [ "$way" = file ]; then
            /usr/bin/time -o "$dir/check-time.txt" -f '%U %S' \
                "$idb" check --profile whatwg --jobs 1 "$@" "$mixed" >/dev/null 2>&1 || st=$?
        else
            /usr/bin/time -o "$dir/check-time.txt" -f '%U %S' \
                "$idb" check --profile whatwg --jobs 1 "$@" <"$mixed" >/dev/null 2>&1 || st=$?
        fi
        if [ "$st" -gt 1 ]; then
            echo "a run failed: $idb check --profile whatwg --jobs 1 $* ($way) $mixed (exit status $st)" >&2
            exit 2
        fi
        t=$(awk 'END { print $1 + $2 }' "$dir/check-time.txt")
        best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    echo "$best"
}
for way in file stdin; do
    for format in text json; do
        l0=$(load)
        c=$(best_of_3 "$way" --format "$format") || exit 2
        awk -v c="$c" -v a="$ada_ns" -v n="$lines" -v w="$way" -v f="$format" -v l0="$l0" -v l1="$(load)" 'BEGIN {
            cn = c * 1e9 / n
            r = cn / a
            printf "   check --profile whatwg --jobs 1 --format %s, %s: %.3f s CPU (best of 3), %.1f ns a line; ada %.1f ns a URL (load %s -> %s)\n", f, (w == "file") ? "the file named" : "from standard input", c, cn, a, l0, l1
            printf "%s check --profile whatwg (%s, %s) at most 1.0x ada: %.2fx\n", (r <= 1.0) ? "met   " : "MISSED", f, w, r
            exit (r <= 1.0) ? 0 : 1
        }' || status=1
    done
done
if [ "${SKIP_CALLGRIND:-0}" != 1 ] && command -v valgrind >/dev/null 2>&1; then
    slice="${SLICE:-20000}"
    head -n "$slice" "$mixed" >"$dir/mixed-slice-1.txt"
    head -n "$((2 * slice))" "$mixed" >"$dir/mixed-slice-2.txt"
    # Instructions of one command, its standard input from FROM (callgrind's "Collected").
    # A run that fails (valgrind passes the command's status on: more than 1 for `check`,
    # anything but 0 for the bench) ends the script with status 2.
    instr_from() {
        from=$1
        shift
        st=0
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" <"$from" 2>"$dir/callgrind.err" >/dev/null || st=$?
        case " $* " in *" check "*) ok=1 ;; *) ok=0 ;; esac
        if [ "$st" -gt "$ok" ]; then
            echo "a run failed: valgrind $* <$from (exit status $st)" >&2
            exit 2
        fi
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$dir/callgrind.err"
    }
    instr() { instr_from /dev/null "$@"; }
    bench=$(cargo bench --quiet --bench whatwg --no-run --message-format=json 2>/dev/null |
        sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
    a1=$(instr "$bench" --only=ada "$dir/mixed-slice-1.txt") || exit 2
    a0=$(instr "$bench" --only=none "$dir/mixed-slice-1.txt") || exit 2
    ada_i=$((a1 - a0))
    echo "   ada (callgrind, the first $slice lines): $((ada_i / slice)) instructions a URL"
    for way in file stdin; do
        for format in text json; do
            if [ "$way" = file ]; then
                i1=$(instr "$idb" check --profile whatwg --jobs 1 --format "$format" "$dir/mixed-slice-1.txt") || exit 2
                i2=$(instr "$idb" check --profile whatwg --jobs 1 --format "$format" "$dir/mixed-slice-2.txt") || exit 2
            else
                i1=$(instr_from "$dir/mixed-slice-1.txt" "$idb" check --profile whatwg --jobs 1 --format "$format") || exit 2
                i2=$(instr_from "$dir/mixed-slice-2.txt" "$idb" check --profile whatwg --jobs 1 --format "$format") || exit 2
            fi
            awk -v i1="$i1" -v i2="$i2" -v a="$ada_i" -v n="$slice" -v w="$way" -v f="$format" 'BEGIN {
                per = (i2 - i1) / n
                printf "   check --format %s, %s (callgrind): %.0f instructions a line, %.2fx ada\n", f, (w == "file") ? "the file named" : "from standard input", per, per / (a / n)
            }'
        done
    done
fi
if [ "${SKIP_PROPERTY:-0}" != 1 ]; then
    head -n 100000 "$mixed" >"$dir/mixed-100k.txt"
    echo "== the first-error mode against the full analysis on the mixed set's first 100,000 lines"
    IDBENCH_FIRST_ERROR_FILE="$PWD/$dir/mixed-100k.txt" IDBENCH_FIRST_ERROR_PROFILES=whatwg \
        cargo test --release --test first_error -- --ignored --nocapture every_line_of_a_file 2>&1 |
        grep -E "lines of|test result|panicked|disagree" || status=1
fi
echo "== load average after: $(load)"
exit $status
