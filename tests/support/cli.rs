//! Running the `idbench` binary from a test: the command, and one run with its input fed on
//! a thread (so a child that fills its output pipe before reading stdin cannot deadlock).

use std::io::Write;
use std::process::{Command, Stdio};

/// The binary under test, as a command to add arguments to.
pub fn idbench() -> Command {
    Command::new(super::BIN)
}

/// What one run left behind.
pub struct Out {
    /// The exit code (`None` when a signal ended it).
    pub code: Option<i32>,
    /// Standard output, as bytes.
    pub stdout: Vec<u8>,
    /// Standard error, lossily decoded.
    pub stderr: String,
}

impl Out {
    /// Standard output, lossily decoded.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Runs `idbench args` with `stdin` fed to it, and waits for it.
pub fn run(args: &[&str], stdin: &[u8]) -> Out {
    let mut child = idbench()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn idbench");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait");
    let _ = feeder.join();
    Out {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
