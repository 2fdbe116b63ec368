//! What the kernels' `equivalence_key` and `normalize` cost the engine per row: the
//! direct paths (`engine::key::fast`, with the general path for what they do not take) or
//! the general path alone, over the lines of a file (one identifier a line), as the
//! kernels call them (auto, the namespace layer on, one scratch and one buffer for the
//! whole run).
//!
//! ```sh
//! cargo build --profile wheel --no-default-features --example kernel-cost
//! target/debug/examples/gen-corpus uri 7000 41 > /tmp/mix; ...   # or tests/data/kernel-mix.txt
//! target/wheel/examples/kernel-cost tests/data/kernel-mix.txt key 200     # µs per row
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   target/wheel/examples/kernel-cost tests/data/kernel-mix.txt key-slow 1 2>&1 | grep refs
//! ```
//!
//! Modes: `key`, `key-slow`, `canonical`, `canonical-slow`, `namespace`,
//! `namespace-slow`, `valid-rfc3986`, `valid-rfc3987` (the first error the kernel `valid`
//! asks for; "bytes out" is then the count of valid rows); `share` prints how many lines
//! each direct path takes.

use std::hint::black_box;
use std::time::Instant;

use idbench::engine::key::fast::{self, Fast, FastScratch, Form};
use idbench::engine::key::slow_key;
use idbench::engine::{Options, analyze, first_error, forms, specs};

fn slow_form(x: &str, form: Form) -> Option<String> {
    match form {
        Form::CanonicalNamespace => {
            let opts = Options {
                all_profiles: false,
                ..Options::full()
            };
            let a = analyze(x, &opts);
            a.forms
                .as_ref()
                .and_then(|f| f.get("canonical_namespace"))
                .map(str::to_string)
        }
        Form::Canonical => {
            let p = first_error(x, None).0;
            let (tree, _) = specs::parse(p, x);
            forms::compute(x, &p.descriptor(), &tree)
                .get("canonical")
                .map(str::to_string)
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .unwrap_or_else(|| "tests/data/kernel-mix.txt".to_string());
    let mode = args.next().unwrap_or_else(|| "key".to_string());
    let reps = args
        .next()
        .and_then(|a| a.parse::<usize>().ok())
        .unwrap_or(1);
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("kernel-cost: {file}: {e}");
            std::process::exit(2);
        }
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let mut scratch = FastScratch::new();
    let mut buf = String::new();
    if mode == "share" {
        for (name, f) in [
            ("equivalence_key", None),
            ("canonical", Some(Form::Canonical)),
            ("canonical_namespace", Some(Form::CanonicalNamespace)),
        ] {
            let direct = lines
                .iter()
                .filter(|x| {
                    let r = match f {
                        None => fast::equivalence_key(x, true, &mut scratch, &mut buf),
                        Some(w) => fast::form(x, w, &mut scratch, &mut buf),
                    };
                    r != Fast::Slow
                })
                .count();
            println!("{name}: {direct} of {} lines by a direct path", lines.len());
        }
        return;
    }
    let start = Instant::now();
    let mut bytes = 0usize;
    for _ in 0..reps {
        for x in &lines {
            let x = black_box(*x);
            let n = match mode.as_str() {
                "key" => match fast::equivalence_key(x, true, &mut scratch, &mut buf) {
                    Fast::Slow => slow_key(x, None, true).len(),
                    _ => buf.len(),
                },
                "key-slow" => slow_key(x, None, true).len(),
                "canonical" | "namespace" => {
                    let w = if mode == "canonical" {
                        Form::Canonical
                    } else {
                        Form::CanonicalNamespace
                    };
                    match fast::form(x, w, &mut scratch, &mut buf) {
                        Fast::Slow => slow_form(x, w).map_or(0, |s| s.len()),
                        _ => buf.len(),
                    }
                }
                // What the kernel `valid` asks the engine for each string (its first
                // error's code), without the Arrow array around it.
                "valid-rfc3986" => {
                    usize::from(first_error(x, Some(specs::Profile::Rfc3986)).1.is_none())
                }
                "valid-rfc3987" => {
                    usize::from(first_error(x, Some(specs::Profile::Rfc3987)).1.is_none())
                }
                "canonical-slow" => slow_form(x, Form::Canonical).map_or(0, |s| s.len()),
                "namespace-slow" => slow_form(x, Form::CanonicalNamespace).map_or(0, |s| s.len()),
                other => {
                    eprintln!("kernel-cost: unknown mode {other}");
                    std::process::exit(2);
                }
            };
            bytes += black_box(n);
        }
    }
    let rows = (reps * lines.len()).max(1);
    let s = start.elapsed().as_secs_f64();
    println!(
        "{mode}: {:.3} µs per row, {:.0} rows/s ({rows} rows, {bytes} bytes out)",
        s * 1e6 / rows as f64,
        rows as f64 / s
    );
}
