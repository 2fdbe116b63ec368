#!/usr/bin/env bash
# idbench serve under load (BENCHMARKS.md, "serve"): 50 keep-alive clients for 30 s of
# GET /api/parse with 100-byte identifiers, then the same with 2 more clients sending
# 1 MiB identifiers throughout. Prints errors, p50/p99/max latency and the server's RSS
# (sampled each second: at start, highest, at the end). Loopback only; stops by itself.
# A server that ends during the runs (a crash, a panic), or a load run that fails, ends the
# script with status 2, naming the command and its status, rather than printing figures.
# Usage: scripts/measure-serve.sh [SECONDS] (default 30).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
cargo build --release --bin idbench >&2
bin=target/release/idbench
load=target/release/serve-load
rustc --edition 2024 -O benches/tools/serve_load.rs -o "$load" >&2
log=$(mktemp)
"$bin" serve --addr 127.0.0.1:0 --max-connections 128 2>"$log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log" "$log.out"' EXIT
for _ in $(seq 100); do
  grep -q 'serving http://' "$log" && break
  sleep 0.1
done
addr=$(sed -n 's|.*serving http://\([^/]*\)/.*|\1|p' "$log" | head -n 1)
[ -n "$addr" ] || { echo "the server did not start" >&2; exit 1; }
# The server's RSS in KiB; nothing once it has ended (a zombie has no VmRSS).
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status" 2>/dev/null || true; }
# server_gone WHEN [PID]: the server has ended: says so with its status, stops the load
# run PID, and ends the script with status 2.
server_gone() {
  local st=0
  if [ -n "${2:-}" ]; then kill "$2" 2>/dev/null || true; wait "$2" 2>/dev/null || true; fi
  wait "$server" || st=$?
  echo "the server ended $1: $bin serve --addr 127.0.0.1:0 --max-connections 128 (exit status $st)" >&2
  exit 2
}
run() {
  local label=$1; shift
  local start max now st
  start=$(rss); [ -n "$start" ] || server_gone "before the run \"$label\""
  max=$start
  "$load" "$addr" --seconds "$seconds" "$@" > "$log.out" &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    now=$(rss); [ -n "$now" ] || server_gone "during the run \"$label\"" "$pid"
    [ "$now" -gt "$max" ] && max=$now
    sleep 1
  done
  st=0
  wait "$pid" || st=$?
  if [ "$st" -ne 0 ]; then
    echo "a run failed: $load $addr --seconds $seconds $* (exit status $st)" >&2
    exit 2
  fi
  now=$(rss); [ -n "$now" ] || server_gone "during the run \"$label\""
  echo "== $label"
  cat "$log.out"
  echo "server RSS: start $((start / 1024)) MiB, highest $((max / 1024)) MiB, end $((now / 1024)) MiB"
  rm -f "$log.out"
}
run "50 clients, 100-byte identifiers" --clients 50
run "50 clients, 100-byte identifiers, and 2 clients with 1 MiB identifiers" --clients 50 --big 2
