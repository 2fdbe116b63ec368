//! The Python package's tests (python/tests: the API, the kernels in DuckDB, DataFusion
//! and PySpark, the GIL), run with pytest in the virtual environment `.ci/run` makes
//! (`.venv-ci/`, or `$IDBENCH_VENV`). Where there is none, or it lacks the package, the
//! test says "skipped: no environment" and passes: `cargo test` on a machine without
//! Python stays green, and CI, which makes the environment, runs them.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// pytest's whole run is bounded: Spark's start-up included, it takes a few minutes.
const LIMIT: Duration = Duration::from_secs(20 * 60);

fn venv_python() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let venv = std::env::var_os("IDBENCH_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(".venv-ci"));
    let python = venv.join("bin").join("python");
    python.exists().then_some(python)
}

#[test]
fn python_package_tests() {
    let Some(python) = venv_python() else {
        println!("skipped: no environment (.ci/run makes .venv-ci)");
        return;
    };
    let ready = Command::new(&python)
        .args(["-c", "import idbench.arrow, pytest"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ready {
        println!(
            "skipped: no environment (no idbench or pytest in {})",
            python.display()
        );
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .current_dir(&root)
        .env("IDBENCH_BIN", env!("CARGO_BIN_EXE_idbench"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pytest starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("pytest's status") {
            break Some(status);
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let (out, err) = (
        out.join().unwrap_or_default(),
        err.join().unwrap_or_default(),
    );
    println!("{out}");
    eprintln!("{err}");
    let status = status.unwrap_or_else(|| panic!("pytest ran past {LIMIT:?}"));
    assert!(status.success(), "pytest failed ({status}):\n{out}\n{err}");
    assert!(out.contains(" passed"), "pytest ran no test:\n{out}");
}
