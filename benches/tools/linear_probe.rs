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

/// A realistic URI of exactly `len` bytes (`len >= 100`), as in `benches/keystroke.rs`.
fn uri_of_len(len: usize) -> String {
    let head = "https://user@www.example.com:8080";
    let tail = "?q=r%C3%A9sum%C3%A9&lang=en#sec-2";
    let mut s = String::from(head);
    let mut i = 0;
    while s.len() + tail.len() < len {
        let seg = ["/docs", "/caf%C3%A9", "/a-b_c", "/v1.2", "/~user", "/x%20y"][i % 6];
        s.push_str(seg);
        i += 1;
    }
    s.truncate(len - tail.len());
    let n = s.len();
    let mut bytes = s.into_bytes();
    for b in &mut bytes[n - 2..] {
        if *b == b'%' {
            *b = b'z';
        }
    }
    let mut s = String::from_utf8(bytes).unwrap_or_default();
    s.push_str(tail);
    s
}
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
