//! `idbench check --format json` as a filter (Spark's `RDD.pipe`, ClickHouse executable
//! UDFs, a shell pipeline): JSON Lines on stdout, one object per input line, blank lines
//! as `skipped` records, in input order, nothing else on stdout (the summary goes to
//! stderr); and output flushed per block, so a reader sees the answers to the lines it has
//! written while it keeps the pipe open.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_idbench");

fn records(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l:?}")))
        .collect()
}

#[test]
fn one_object_per_line_in_order_blank_lines_skipped_no_summary_on_stdout() {
    // CRLF, a blank line, a line of spaces, control characters, invalid lines, a large
    // input (several chunks, judged by several jobs) whose order must hold.
    let mut input = String::from("http://a/\r\n\nurn:x:y\n   \nbad uri\u{1b}[31m\n\r\n");
    let mut want: Vec<(&str, Option<bool>)> = vec![
        ("http://a/", Some(true)),
        ("", None),
        ("urn:x:y", Some(true)),
        ("   ", Some(false)),
        ("bad uri\u{1b}[31m", Some(false)),
        ("", None),
    ];
    let many: Vec<String> = (0..60_000)
        .map(|i| match i % 3 {
            0 => format!("http://example.com/{i}"),
            1 => format!("urn:ex{i}:{i}"),
            _ => String::new(),
        })
        .collect();
    for l in &many {
        input.push_str(l);
        input.push('\n');
        want.push((l, if l.is_empty() { None } else { Some(true) }));
    }
    for jobs in ["1", "2"] {
        let out = Command::new(BIN)
            .args(["check", "--format", "json", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                let mut stdin = c.stdin.take().expect("stdin");
                let data = input.clone();
                let w = std::thread::spawn(move || stdin.write_all(data.as_bytes()));
                let out = c.wait_with_output();
                let _ = w.join();
                out
            })
            .expect("check runs");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let rs = records(&stdout);
        assert_eq!(
            rs.len(),
            want.len(),
            "one object per input line (--jobs {jobs})"
        );
        for (i, (r, (line, valid))) in rs.iter().zip(&want).enumerate() {
            assert_eq!(r["line"].as_u64(), Some(i as u64 + 1), "in order");
            assert_eq!(r["input"].as_str(), Some(*line), "line {}", i + 1);
            assert_eq!(r["valid"].as_bool(), *valid, "line {}", i + 1);
            assert_eq!(r["skipped"].as_str().is_some(), valid.is_none());
        }
        // Raw control characters never reach stdout: JSON escapes them.
        assert!(!stdout.contains('\u{1b}'));
        // The summary is on stderr only.
        assert!(!String::from_utf8_lossy(&out.stderr).trim().is_empty());
    }
}

/// Reads stdout lines on a thread, handing each on, so the test can wait for them with a
/// bound while the child still runs.
fn line_reader(stdout: std::process::ChildStdout) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

// A filter's reader (a shell, Spark's `RDD.pipe`, a ClickHouse executable UDF) writes some
// lines and waits for their answers with the pipe still open: `check` judges the whole
// lines of a short read and flushes per chunk, so the answers come before the input ends.
#[test]
fn answers_come_before_stdin_closes() {
    let mut child = Command::new(BIN)
        .args(["check", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("check runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let rx = line_reader(child.stdout.take().expect("stdout"));
    let mut seen = Vec::new();
    // Two rounds over a pipe kept open: each round's answers arrive before the next is
    // written (bounded waits: a check that holds its answers until end of input fails).
    for round in [["http://a/", "", "urn:x:y"], ["bad uri", "urn:isbn:1", ""]] {
        for l in round {
            writeln!(stdin, "{l}").expect("write");
        }
        stdin.flush().expect("flush");
        for _ in round {
            match rx.recv_timeout(Duration::from_secs(30)) {
                Ok(l) => seen.push(l),
                Err(_) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    panic!(
                        "no answer within 30 s to lines written on a pipe still open (got {seen:?})"
                    );
                }
            }
        }
    }
    drop(stdin);
    let status = child.wait().expect("check ends");
    assert!(
        rx.recv_timeout(Duration::from_secs(5)).is_err(),
        "nothing after the answers"
    );
    let rs = records(&seen.join("\n"));
    let inputs: Vec<&str> = rs
        .iter()
        .map(|r| r["input"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(
        inputs,
        ["http://a/", "", "urn:x:y", "bad uri", "urn:isbn:1", ""]
    );
    assert_eq!(rs[1]["skipped"], "blank");
    assert_eq!(rs[3]["valid"], false);
    assert_eq!(status.code(), Some(1), "an invalid line: exit 1");
}
