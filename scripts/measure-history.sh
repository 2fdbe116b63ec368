#!/usr/bin/env bash
# The workbench's start and exit with big histories (issue 19, items 10 and 11), against
# the issue's numbers. Not part of `cargo test`; needs python3 (its pty module).
#
#   scripts/measure-history.sh            # builds the release binary, then measures
#   IDB=path/to/idbench scripts/measure-history.sh
#
# Each case runs the workbench in a 200x60 pseudo-terminal with XDG_DATA_HOME in a fresh
# temporary directory holding a prepared history.json:
#
#   full-500x64KiB  500 entries of 64 KiB (the most idbench writes), sharing all but their
#                   last 8 bytes (the worst case for comparing entries). Targets: the first
#                   frame within 0.5 s of exec, and Ctrl-Q to the end of the process (the
#                   history is re-read, merged and written) within 0.5 s.
#   one-8MiB-entry  an 8 MiB entry between two small ones. It must be dropped when read:
#                   the first frame within 0.5 s; Up twice (the second Up reached the 8 MiB
#                   entry before; now it recalls the small one before it) redrawn within
#                   0.2 s of the second Up; peak RSS under 100 MB (it was 720 MB).
#   empty           no history: the baseline.
#
# The first frame is the first burst of output, ended by 100 ms of silence; its time is that
# of its last byte. Peak RSS is the process's VmHWM. Each figure is followed by "met" or
# "MISSED". The CPU time the process spent up to the first frame (and Up) and from Ctrl-Q to
# its end is printed beside the wall times: on a loaded machine the wall times grow, the CPU
# times much less.
#
# A workbench that ends before it is told to quit (a crash, a panic: its last output would
# pass for a frame), or that quits with a status other than 0, ends the script with status
# 2, naming the case, the command and its status, rather than being measured. (One that
# does not quit within 20 s is killed, and its exit time reported as missed.)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${IDB:-}" ]; then
  cargo build --release --quiet --bin idbench
  IDB=target/release/idbench
fi
command -v python3 >/dev/null || { echo "python3 not found: nothing measured"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - "$IDB" "$tmp" <<'PY'
import fcntl, json, os, select, signal, struct, subprocess, sys, termios, time

idb, tmp = sys.argv[1], sys.argv[2]

def prepare(name, entries):
    data = os.path.join(tmp, name, "data")
    os.makedirs(os.path.join(data, "idbench"), mode=0o700)
    if entries is not None:
        with open(os.path.join(data, "idbench", "history.json"), "w") as f:
            json.dump({"version": 1, "entries": entries}, f)
    return data

def pump(master, until_quiet=0.1, limit=10.0):
    """Reads until `until_quiet` s of silence after some output; returns the last byte's time."""
    t0 = time.monotonic()
    last = None
    while time.monotonic() - t0 < limit:
        r, _, _ = select.select([master], [], [], until_quiet)
        if not r:
            if last is not None:
                return last
            continue
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:
            return last
        if not chunk:
            return last
        if b"\x1b[6n" in chunk:
            os.write(master, b"\x1b[1;1R")
        last = time.monotonic()
    return last

def status(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0

def cpu(pid):
    """The process's user + system CPU time so far, in seconds."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0

def how(code):
    return f"signal {-code}" if code < 0 else f"exit status {code}"

def failed(name, what, code):
    print(f"a run failed: {name}: {idb} tui urn:example:typed {what} ({how(code)})",
          file=sys.stderr, flush=True)
    sys.exit(2)

def run(name, data, up=False):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    def child():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    env = dict(os.environ, TERM="xterm-256color", XDG_DATA_HOME=data,
               XDG_CONFIG_HOME=os.path.join(tmp, "noconfig"))
    t0 = time.monotonic()
    p = subprocess.Popen([idb, "tui", "urn:example:typed"], stdin=slave, stdout=slave,
                         stderr=slave, preexec_fn=child, env=env, close_fds=True)
    os.close(slave)
    first = pump(master)
    res = {"first": (first or t0 + 99) - t0}
    if up:
        t1 = time.monotonic()
        os.write(master, b"\x1b[A")
        pump(master, 0.1, 15)
        os.write(master, b"\x1b[A")
        last = pump(master, 0.1, 15)
        res["up"] = (last or t1 + 99) - t1
    hwm = status(p.pid, "VmHWM:")
    res["start_cpu"] = cpu(p.pid)
    # Still running: the output timed was the workbench's, not a dying one's.
    if p.poll() is not None:
        os.close(master)
        failed(name, "ended before it was told to quit", p.returncode)
    t2 = time.monotonic()
    os.write(master, b"\x11")  # Ctrl-Q
    done = None
    while done is None and time.monotonic() - t2 < 20:
        r, _, _ = select.select([master], [], [], 0.01)
        if r:
            try:
                os.read(master, 1 << 16)
            except OSError:
                pass
        pid, st, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            done = (st, ru)
    res["exit"] = time.monotonic() - t2
    killed = done is None
    if killed:
        os.kill(p.pid, signal.SIGKILL)
        pid, st, ru = os.wait4(p.pid, 0)
        done = (st, ru)
    st, ru = done
    res["code"] = os.waitstatus_to_exitcode(st)
    if not killed and res["code"] != 0:
        os.close(master)
        failed(name, "quit with a failure", res["code"])
    res["exit_cpu"] = max(0.0, ru.ru_utime + ru.ru_stime - res["start_cpu"])
    p.returncode = res["code"]
    res["rss_mb"] = hwm / 1024
    os.close(master)
    return res

def verdict(ok):
    return "met" if ok else "MISSED"

prefix = "urn:example:" + "a" * (64 * 1024 - 12 - 8)
full = [f"{prefix}{i:08d}" for i in range(500)]
assert all(len(e) == 64 * 1024 for e in full)
cases = [
    ("empty", prepare("empty", None), False),
    ("full-500x64KiB", prepare("full", full), False),
    ("one-8MiB-entry", prepare("huge", ["urn:example:small", "x" * (8 << 20), "urn:example:newest-small"]), True),
]
for name, data, up in cases:
    r = run(name, data, up)
    line = f"{name:16} first frame {r['first']*1000:7.0f} ms ({verdict(r['first'] < 0.5)} < 500)"
    if up:
        line += f"  2nd Up {r['up']*1000:6.0f} ms ({verdict(r['up'] < 0.2)} < 200)"
    line += f"  exit {r['exit']*1000:6.0f} ms ({verdict(r['exit'] < 0.5)} < 500, code {r['code']})"
    line += f"  peak RSS {r['rss_mb']:6.1f} MB"
    line += f"  [CPU: start {r['start_cpu']*1000:.0f} ms, exit {r['exit_cpu']*1000:.0f} ms]"
    if up:
        line += f" ({verdict(r['rss_mb'] < 100)} < 100)"
    print(line, flush=True)
    hist = os.path.join(data, "idbench", "history.json")
    if os.path.exists(hist):
        with open(hist) as f:
            entries = json.load(f)["entries"]
        big = sum(1 for e in entries if len(e) > 64 * 1024)
        print(f"{'':16} history after: {len(entries)} entries, {os.path.getsize(hist)} bytes, "
              f"{big} over 64 KiB ({verdict(big == 0)})")
PY
