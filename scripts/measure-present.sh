#!/usr/bin/env bash
# Decks that type a lot, and a huge terminal (issue 34, items 7 and 8), against the issue's
# targets. Not part of `cargo test`; the terminal part needs python3 (its pty module).
#
#   scripts/measure-present.sh            # builds the release binary, then measures
#   IDB=path/to/idbench scripts/measure-present.sh
#
# typed-16000, typed-100000  `replay --export DIR --format txt` of a one-step deck typing
#                 16,000 and 100,000 characters (100,000 is the most a step types) after
#                 `http://example.com/`. Target: linear; 16,000 in under 2 s (it took 9.3 s,
#                 each character analysing the line so far). Wall time and peak RSS.
# huge-tui, huge-present  the workbench (`tui --no-history urn:example:a`) and `present` in
#                 a pseudo-terminal of 10000×10000, then 1000×1000 (the largest drawn
#                 whole), then 100×30. Targets: "terminal too large" on the screen at
#                 10000×10000; peak RSS under 300 MB at every size (it was 9.2 GB); the
#                 resident memory at 100×30 back near where it started.
#
# Each figure is followed by "met" or "MISSED". A run that fails (replay exiting with
# anything but 0; the workbench or the presenter ending before its quit key, or quitting
# with a status other than 0) is not measured: it ends the script with status 2, naming
# the command and its status. (One that does not quit within 10 s is killed, and says so.)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${IDB:-}" ]; then
  cargo build --release --quiet --bin idbench
  IDB=target/release/idbench
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

peak() { sed -n 's/^\tMaximum resident set size (kbytes): //p' "$1"; }
for n in 16000 100000; do
  python3 -c "
import sys
n = int(sys.argv[1])
t = ('abcdefg/' * (n // 8 + 1))[:n]
print('size = \"100x30\"\n[[step]]\nname = \"typed\"\ninput = \"http://example.com/\"')
print('keys = [{ text = \"%s\" }]' % t)" "$n" >"$tmp/typed$n.toml" ||
    { echo "measure-present: the deck typing $n characters could not be written" >&2; exit 2; }
  start=$(date +%s.%N)
  st=0
  /usr/bin/time -v "$IDB" replay "$tmp/typed$n.toml" --export "$tmp/out$n" --format txt \
    2>"$tmp/time$n" >/dev/null || st=$?
  end=$(date +%s.%N)
  if [[ $st != 0 ]]; then
    echo "a run failed: $IDB replay DECK --export DIR --format txt (a step typing $n characters; exit status $st)" >&2
    exit 2
  fi
  secs=$(python3 -c "print(f'{$end - $start:.3f}')")
  ok=$(python3 -c "print('met' if $secs < 2 else 'MISSED')")
  echo "typed-$n: ${secs} s ($ok), peak RSS $(($(peak "$tmp/time$n") / 1024)) MB"
done

command -v python3 >/dev/null || { echo "python3 not found: the terminal not measured"; exit 0; }
cat >"$tmp/deck.toml" <<'EOF'
size = "100x30"
[[step]]
name = "one"
input = "urn:example:a"
caption = "a step"
EOF
python3 - "$IDB" "$tmp" <<'PY'
import fcntl, os, select, signal, struct, subprocess, sys, termios, time

idb, tmp = sys.argv[1], sys.argv[2]

def status(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return 0

def pump(master, want, limit=60.0):
    """Reads until `want` (bytes) was seen and then 0.3 s went by quiet, or 1 s (the
    presenter redraws every 100 ms); True if seen."""
    t0, seen, buf = time.monotonic(), None, b""
    while time.monotonic() - t0 < limit:
        if seen is not None and time.monotonic() - seen > 1.0:
            return True
        r, _, _ = select.select([master], [], [], 0.3)
        if not r:
            if seen is not None:
                return True
            continue
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:
            return seen is not None
        if not chunk:
            return seen is not None
        if b"\x1b[6n" in chunk:
            os.write(master, b"\x1b[1;1R")
        buf = (buf + chunk)[-4096:]
        if seen is None and want in buf:
            seen = time.monotonic()
    return seen is not None

def resize(master, pid, cols, rows):
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    os.kill(pid, signal.SIGWINCH)

def failed(name, args, what, code):
    how = f"signal {-code}" if code < 0 else f"exit status {code}"
    print(f"a run failed: {name}: {idb} {' '.join(args)} {what} ({how})", file=sys.stderr, flush=True)
    sys.exit(2)

def run(name, args, quit_key):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 10000, 10000, 0, 0))
    def child():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    env = dict(os.environ, TERM="xterm-256color", XDG_DATA_HOME=os.path.join(tmp, "data"),
               XDG_CONFIG_HOME=os.path.join(tmp, "noconfig"))
    t0 = time.monotonic()
    p = subprocess.Popen([idb] + args, stdin=slave, stdout=slave, stderr=slave,
                         preexec_fn=child, env=env, close_fds=True)
    os.close(slave)
    large = pump(master, b"too large")
    t_large = time.monotonic() - t0
    at_huge = status(p.pid, "VmHWM:")
    resize(master, p.pid, 1000, 1000)
    whole = pump(master, b"Input")
    at_1000 = status(p.pid, "VmHWM:")
    resize(master, p.pid, 100, 30)
    small = pump(master, b"Input")
    rss_small = status(p.pid, "VmRSS:")
    hwm = status(p.pid, "VmHWM:")
    # Still running: the figures read were the program's, not a dead one's (a process that
    # has ended has no VmHWM, read as 0 MB).
    if p.poll() is not None:
        failed(name, args, "ended before its quit key", p.returncode)
    os.write(master, quit_key)
    end = time.monotonic()
    while time.monotonic() - end < 10:
        r, _, _ = select.select([master], [], [], 0.05)
        if r:
            try:
                os.read(master, 1 << 16)
            except OSError:
                pass
        if p.poll() is not None:
            break
    killed = p.poll() is None
    if killed:
        p.kill()
        p.wait()
    os.close(master)
    if not killed and p.returncode != 0:
        failed(name, args, "quit with a failure", p.returncode)
    def v(ok):
        return "met" if ok else "MISSED"
    print(f"{name}: 10000x10000 'terminal too large' shown: {large} ({v(large)}) in {t_large:.2f} s, "
          f"peak RSS {at_huge} MB ({v(at_huge < 300)}); 1000x1000 drawn whole: {whole}, "
          f"peak RSS {at_1000} MB ({v(at_1000 < 300)}); back at 100x30: {small}, "
          f"RSS {rss_small} MB, peak {hwm} MB ({v(hwm < 300)}); exit {p.returncode}"
          f"{' (killed: it did not quit within 10 s)' if killed else ''}")

run("huge-tui", ["tui", "--no-history", "urn:example:a"], b"\x03")
run("huge-present", ["present", os.path.join(tmp, "deck.toml")], b"q")
PY
