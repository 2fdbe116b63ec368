//! `check` under hostile sizes and a system that refuses threads: a line of a gibibyte
//! (or one that never ends) is judged `line-too-long` in bounded memory, and `--jobs`
//! asking for more threads than the system gives falls back instead of aborting.

#[path = "../src/test_scratch.rs"]
mod scratch;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_idbench");

/// `idbench ARGS` under `ulimit -v KIB` (through sh, which then execs the binary).
fn limited(kib: u64, args: &[&str]) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(BIN)
        .args(args);
    c
}

/// Waits for `child` at most `secs` seconds (then kills it and fails); its output is small,
/// so the pipes never fill while it runs.
fn wait_bounded(mut child: Child, secs: u64) -> Output {
    let until = Instant::now() + Duration::from_secs(secs);
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            panic!("idbench did not finish within {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    if let Some(mut o) = child.stdout.take() {
        let _ = o.read_to_end(&mut stdout);
    }
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_end(&mut stderr);
    }
    Output {
        status,
        stdout,
        stderr,
    }
}

#[test]
fn a_gibibyte_line_without_a_newline_is_too_long_in_400_mb_of_address_space() {
    for quiet in [false, true] {
        let mut args = vec!["check", "--jobs", "1"];
        if quiet {
            args.push("--quiet");
        }
        let mut child = limited(400_000, &args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run idbench");
        let mut stdin = child.stdin.take().expect("stdin");
        // 1 GiB quiet, as the README's promise is stated; 64 MiB (four times the limit)
        // with the verdict line.
        let mib = if quiet { 1024 } else { 64 };
        let feeder = std::thread::spawn(move || {
            let block = vec![b'a'; 1 << 20];
            for _ in 0..mib {
                if stdin.write_all(&block).is_err() {
                    return false;
                }
            }
            true
        });
        let out = wait_bounded(child, 120);
        let fed = feeder.join().expect("feeder");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(fed, "idbench stopped reading: {stderr}");
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.ends_with("0 valid, 1 invalid\n"), "{stderr}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        if quiet {
            assert!(stdout.is_empty());
        } else {
            assert!(stdout.starts_with("invalid\trfc3986\taaaa"), "{stdout:.60}");
            assert!(stdout.ends_with("a…\tline-too-long\n"), "{stdout:.60}");
            assert!(stdout.len() < 2048, "{} bytes shown", stdout.len());
        }
    }
}

#[test]
fn dev_zero_gets_its_verdict_in_bounded_memory_while_it_is_read() {
    let mut child = limited(400_000, &["check", "--jobs", "1", "/dev/zero"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run idbench");
    // The first line, read on another thread so that the wait is bounded.
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let read = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send((read.is_ok(), line));
    });
    let (read, line) = rx
        .recv_timeout(Duration::from_secs(60))
        .unwrap_or((false, String::new()));
    // Still running (reading the line that never ends), not aborted.
    let still = child.try_wait().expect("try_wait").is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(read, "no verdict within 60 s");
    assert!(line.starts_with("/dev/zero:1: invalid\t"), "{line:.60}");
    assert!(line.ends_with("⟨U+0000⟩…\tline-too-long\n"), "{line:.60}");
    assert!(still, "idbench ended on a source that never ends");
}

fn two_lines() -> scratch::ScratchFile {
    scratch::file("jobs", "two-lines.txt", "http://a/\nfoo bar\n")
}

#[test]
fn jobs_65535_is_capped_and_ends_without_a_panic() {
    let path = two_lines();
    let out = Command::new(BIN)
        .args(["check", "--jobs", "65535"])
        .arg(&path)
        .output()
        .expect("run idbench");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("--jobs 65535 is more than"), "{stderr}");
    assert!(stderr.ends_with("1 valid, 1 invalid\n"), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
}

#[test]
fn a_refused_thread_falls_back_to_the_main_thread() {
    let path = two_lines();
    let p = path.to_string_lossy().into_owned();
    // Every thread asks for a 4 GB stack in a 2 GB address space: the system refuses it.
    let out = limited(2_000_000, &["check", "--jobs", "4", &p])
        .env("RUST_MIN_STACK", "4000000000")
        .output()
        .expect("run idbench");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("refused a thread"), "{stderr}");
    assert!(stderr.contains("started 0 of 4"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(":2:4: invalid\trfc3986\tfoo bar\tillegal-char"),
        "{stdout}"
    );
}
