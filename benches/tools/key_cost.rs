//! What the equivalence key costs a keystroke: the workbench's analysis (every profile's
//! verdict, the tree, the diagnostics, the forms, the namespace layer) of keystroke-sized
//! identifiers, with the key (`Options::full()`, as the workbench analysed before it
//! turned the key off) and without it (as it analyses now), REPS times each.
//!
//! ```sh
//! cargo build --release --no-default-features --example key-cost
//! target/release/examples/key-cost 2000            # wall clock, µs per analysis
//! for m in key nokey; do                            # instructions, free of a shared machine's noise
//!   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/key-cost 20 $m 2>&1 | grep refs
//! done
//! ```

use std::hint::black_box;
use std::time::Instant;

use idbench::{Options, analyze};

#[path = "inputs.rs"]
mod inputs;
use inputs::uri_of_len;

/// Keystroke-sized identifiers of each family.
fn inputs() -> Vec<String> {
    vec![
        uri_of_len(100),
        "HTTP://bücher.example:80/a/./b/%7Euser?q=1#f".to_string(),
        "urn:ISBN:0-451-45052-3".to_string(),
        "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6".to_string(),
        "xri://@example*(+a*b)/path".to_string(),
    ]
}

fn run(opts: &Options, inputs: &[String], reps: usize) -> f64 {
    let start = Instant::now();
    for _ in 0..reps {
        for s in inputs {
            black_box(analyze(black_box(s), opts));
        }
    }
    start.elapsed().as_secs_f64() * 1e6 / (reps * inputs.len()).max(1) as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let reps = args
        .next()
        .and_then(|a| a.parse::<usize>().ok())
        .unwrap_or(1000);
    let only = args.next();
    let with_key = Options::full();
    let without_key = Options {
        equivalence_key: false,
        ..Options::full()
    };
    let inputs = inputs();
    match only.as_deref() {
        Some("key") => {
            run(&with_key, &inputs, reps);
        }
        Some("nokey") => {
            run(&without_key, &inputs, reps);
        }
        _ => {
            // Interleaved rounds, the best of each kept: a shared machine's noise only adds.
            let (mut k, mut n) = (f64::MAX, f64::MAX);
            for _ in 0..5 {
                k = k.min(run(&with_key, &inputs, reps));
                n = n.min(run(&without_key, &inputs, reps));
            }
            println!("with the key:    {k:8.2} µs per analysis");
            println!(
                "without the key: {n:8.2} µs per analysis ({:.0}% less)",
                100.0 * (k - n) / k
            );
        }
    }
}
