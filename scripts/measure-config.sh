#!/bin/sh
# Start-up with a huge config file and a huge theme file: the time from starting the
# workbench to its first frame, with 90,000 unknown keys (about 1 MiB, the most either file
# may be) in each. Target: under 1 s each (issue 19, item 9; it took 61 s when every key's
# line number was found by counting the newlines before it).
#
# Usage: scripts/measure-config.sh [BINARY]   (default: target/release/idbench, built first)
# Needs tmux. Runs the workbench in a tmux server of its own, in a scratch directory.
# A workbench that ends before its first frame is seen (a crash, a panic, an error; its pane
# is kept, remain-on-exit, so its status is known) ends the script with status 2, naming
# the command and its status, rather than being timed or waited on for 120 s.
set -eu

cd "$(dirname "$0")/.."
BIN=${1:-}
if [ -z "$BIN" ]; then
    cargo build --release --quiet
    BIN=target/release/idbench
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "measure-config: needs tmux" >&2; exit 2; }

KEYS=90000
DIR=$(mktemp -d "${TMPDIR:-/tmp}/idbench-measure-config.XXXXXX")
SOCK="idbench-measure-config-$$"
trap 'tmux -L "$SOCK" kill-server 2>/dev/null || true; rm -rf "$DIR"' EXIT INT TERM
mkdir -p "$DIR/home" "$DIR/data" "$DIR/cfg-config/idbench" "$DIR/cfg-theme/idbench/themes"

# 90,000 unknown keys, "k00000 = 1": 990,000 bytes.
awk -v n=$KEYS 'BEGIN { for (i = 0; i < n; i++) printf "k%05d = 1\n", i }' \
    > "$DIR/cfg-config/idbench/config.toml"
# A theme of 90,000 unknown slots (and a config naming it).
{
    echo '[slots]'
    awk -v n=$KEYS 'BEGIN { for (i = 0; i < n; i++) printf "s%05d = 1\n", i }'
} > "$DIR/cfg-theme/idbench/themes/big.toml"
echo 'theme = "big"' > "$DIR/cfg-theme/idbench/config.toml"
# The tmux server's only setting: a pane whose command ends stays, with its exit status.
echo 'set -g remain-on-exit on' > "$DIR/tmux.conf"

now_ms() { date +%s%3N; }

# Starts the workbench with XDG_CONFIG_HOME=$1 and prints the milliseconds until its
# first frame (the status line names the file's problems). Status 2 when the workbench
# ended first (said on stderr).
first_frame() {
    tmux -L "$SOCK" kill-server 2>/dev/null || true
    start=$(now_ms)
    tmux -L "$SOCK" -f "$DIR/tmux.conf" new-session -d -s m -x 120 -y 30 \
        "env -i HOME='$DIR/home' XDG_CONFIG_HOME='$1' XDG_DATA_HOME='$DIR/data' \
         TERM=xterm-256color LANG=C.UTF-8 SSH_CONNECTION='192.0.2.1 1 192.0.2.2 22' \
         '$BIN' tui --no-history urn:a:b"
    # Bounded: 120 s at most. The same tmux call says whether the pane's command has ended.
    while :; do
        if tmux -L "$SOCK" capture-pane -p -t m \; display-message -p -t m 'pane_dead=#{pane_dead}' 2>/dev/null \
            | grep -q -e 'unknown' -e '^pane_dead=1$'; then
            break
        fi
        if [ $(( $(now_ms) - start )) -gt 120000 ]; then
            echo "timeout"
            return
        fi
        sleep 0.02
    done
    ms=$(( $(now_ms) - start ))
    # A screen that says "unknown" from a workbench that has ended (a panic's message, an
    # error) is no first frame.
    dead=$(tmux -L "$SOCK" display-message -p -t m '#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}')
    case $dead in
    1:*)
        # The status comes when tmux reaps the command, a moment after its pane closes.
        i=0
        while [ "$dead" = "1::" ] && [ $i -lt 50 ]; do
            sleep 0.02
            i=$((i + 1))
            dead=$(tmux -L "$SOCK" display-message -p -t m '#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}')
        done
        st=${dead#1:}
        code=${st%%:*}
        sig=${st#*:}
        how="${code:+exit status $code}${sig:+signal $sig}"
        echo "a run failed: $BIN tui --no-history urn:a:b (XDG_CONFIG_HOME=$1) ended before its first frame was seen (${how:-its status unknown})" >&2
        return 2 ;;
    esac
    echo "$ms"
}

for what in config theme; do
    f=$(ls "$DIR/cfg-$what/idbench"/*.toml "$DIR/cfg-$what/idbench"/themes/*.toml 2>/dev/null | xargs ls -S | head -1)
    bytes=$(wc -c < "$f")
    ms=$(first_frame "$DIR/cfg-$what") || exit 2
    verdict=met
    case $ms in timeout) verdict=MISSED ;; *) [ "$ms" -lt 1000 ] || verdict=MISSED ;; esac
    echo "first frame, $what file of $KEYS unknown keys ($bytes bytes): $ms ms (target < 1000 ms: $verdict)"
done
