//! Runs the workbench's per-keystroke analysis (`analyze` with `Options::full()`) on a
//! realistic URI of LEN bytes, REPS times: counting its instructions under callgrind shows
//! whether the cost is linear in the input, free of the wall-clock noise of a shared machine.
//!
//! ```sh
//! cargo build --release --example linear-probe
//! for a in "1024 0" "1024 64" "65536 1"; do
//!   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/linear-probe $a 2>&1 | grep refs
//! done
//! ```
//! (The URI is built as in `benches/keystroke.rs`.)

use idbench::engine::{Options, analyze};

#[path = "inputs.rs"]
mod inputs;
use inputs::uri_of_len;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().unwrap_or(0));
    let len = args.next().unwrap_or(1024).max(100);
    let reps = args.next().unwrap_or(1);
    let s = uri_of_len(len);
    let mut n = 0;
    for _ in 0..reps {
        n += analyze(&s, &Options::full()).tree.len();
    }
    println!("{n}");
}
