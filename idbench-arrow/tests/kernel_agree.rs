//! The `agree` kernel against `idbench check --agree --format json`, line by line, over a
//! corpus: the identifier sets (examples/ids/), the ordinary URLs and the conformance rows
//! of tests/data/agree/, under `whatwg,rfc3986` and `whatwg,rfc3986,rfc2396` (the
//! README's recommended lists), `whatwg,rfc3986,rfc3987` and `rfc3986,whatwg` (an RFC
//! first).
//!
//! The binary is the workspace's own debug build (`cargo build --bin idbench`, or `cargo
//! test` at the root, before `cargo test -p idbench-arrow` alone).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use arrow_array::{Array, BooleanArray, StringArray};
use idbench_arrow::{KernelError, agree, parse_profiles};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn idbench() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    let p = target.join("debug").join("idbench");
    assert!(
        p.exists(),
        "{} is missing: run `cargo build --bin idbench` (or `cargo test` at the root)",
        p.display()
    );
    p
}

fn check_agree(profiles: &str, stdin: &[u8]) -> String {
    let mut child = Command::new(idbench())
        .args([
            "check", "--agree", profiles, "--format", "json", "--jobs", "2",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The corpus: one identifier a line, no blank line.
fn corpus() -> Vec<String> {
    let mut text = String::new();
    let mut sets: Vec<_> = std::fs::read_dir(root().join("examples/ids"))
        .expect("examples/ids")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    sets.sort();
    sets.push(root().join("tests/data/agree/ordinary.txt"));
    for p in sets {
        text.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
        text.push('\n');
    }
    let table = std::fs::read_to_string(root().join("tests/data/agree/conformance.toml"))
        .expect("the conformance table");
    let table: toml::Table = toml::from_str(&table).expect("TOML");
    if let Some(rows) = table.get("row").and_then(|r| r.as_array()) {
        for r in rows {
            if let Some(i) = r.get("input").and_then(|i| i.as_str()) {
                text.push_str(i);
                text.push('\n');
            }
        }
    }
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#') && !l.contains('\r'))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_kernel_agrees_with_check_agree_line_by_line() {
    let lines = corpus();
    assert!(lines.len() > 2000, "{} lines", lines.len());
    let arr = StringArray::from(lines.iter().map(String::as_str).collect::<Vec<_>>());
    for profiles in [
        "whatwg,rfc3986",
        "whatwg,rfc3986,rfc3987",
        "whatwg,rfc3986,rfc2396",
        "rfc3986,whatwg",
    ] {
        let names: Vec<&str> = profiles.split(',').collect();
        let ps = parse_profiles(&names).expect("profiles");
        let out = agree(&arr, &ps).expect("kernel");
        let flags = out
            .column(0)
            .as_any()
            .downcast_ref::<BooleanArray>()
            .expect("agree");
        let component = out
            .column(1)
            .as_any()
            .downcast_ref::<StringArray>()
            .expect("component");
        let class = out
            .column(2)
            .as_any()
            .downcast_ref::<StringArray>()
            .expect("class");
        let stdin = lines.join("\n") + "\n";
        let cli = check_agree(profiles, stdin.as_bytes());
        let records: Vec<serde_json::Value> = cli
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        assert_eq!(records.len(), lines.len(), "{profiles}");
        let mut disagree = 0;
        for (i, rec) in records.iter().enumerate() {
            assert_eq!(
                rec["input"].as_str(),
                Some(lines[i].as_str()),
                "line {}",
                i + 1
            );
            let a = rec["agree"].as_bool().expect("agree");
            assert_eq!(flags.value(i), a, "{:?} under {profiles}", lines[i]);
            let first = &rec["disagreements"][0];
            let opt = |arr: &StringArray| (!arr.is_null(i)).then(|| arr.value(i).to_string());
            assert_eq!(
                opt(component),
                first["component"].as_str().map(str::to_string)
            );
            assert_eq!(opt(class), first["class"].as_str().map(str::to_string));
            disagree += usize::from(!a);
        }
        // The corpus holds both.
        assert!(
            disagree > 20 && disagree < lines.len(),
            "{disagree} disagree under {profiles}"
        );
    }
}

#[test]
fn nulls_stay_null_and_the_profiles_are_checked() {
    let arr = StringArray::from(vec![Some("http://127.1/"), None, Some("https://a.com/")]);
    let ps = parse_profiles(&["whatwg", "rfc3986"]).expect("profiles");
    let out = agree(&arr, &ps).expect("kernel");
    assert!(out.is_null(1));
    let flags = out
        .column(0)
        .as_any()
        .downcast_ref::<BooleanArray>()
        .expect("agree");
    assert!(!flags.value(0) && flags.value(2));
    let class = out
        .column(2)
        .as_any()
        .downcast_ref::<StringArray>()
        .expect("class");
    assert_eq!(class.value(0), "ipv4-form");
    assert!(class.is_null(2));
    assert!(matches!(
        parse_profiles(&["whatwg", "nope"]),
        Err(KernelError::UnknownProfile(_))
    ));
    assert!(matches!(
        parse_profiles(&["whatwg"]),
        Err(KernelError::Profiles(_))
    ));
    assert!(agree(&arr, &ps[..1]).is_err());
}
