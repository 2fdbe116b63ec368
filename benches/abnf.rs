//! The ABNF engine's speed and memory targets (issue 22, "The engine"), measured in release.
//!
//! ```text
//! scripts/measure-abnf.sh          # builds this in release, runs every case, checks memory
//! cargo bench --bench abnf         # the timed cases only
//! ```
//!
//! Not criterion: each case is one figure against one target, printed with "met" or
//! "MISSED" (the process exits 1 when any is missed), and the memory case must run in a
//! process of its own (its peak RSS is the figure), which `peak3986` does:
//! `target/release/deps/abnf-* peak3986` prints the peak RSS in KiB after parsing 64 KiB
//! under RFC 3986's grammar.

use std::hint::black_box;
use std::time::{Duration, Instant};

use idbench::engine::abnf::{Grammar, ParseCount, ParseOptions};

const RFC8141: &str = include_str!("../tests/data/abnf/rfc8141.abnf");
const RFC3986: &str = include_str!("../tests/data/abnf/rfc3986.abnf");

fn grammar(text: &str) -> Grammar {
    match Grammar::from_text(text) {
        Ok(g) => g,
        Err(p) => {
            eprintln!("a bench grammar does not load: {p:?}");
            std::process::exit(2);
        }
    }
}

/// The median of `runs` timings of `f`.
fn time(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort();
    t[t.len() / 2]
}

fn urn(len: usize) -> String {
    let mut s = String::from("urn:example:");
    while s.len() < len {
        s.push_str("a%2Fb/c-d~e");
    }
    s.truncate(len);
    while s.ends_with('%') || s.ends_with("%2") {
        s.pop();
    }
    s
}

fn uri(len: usize) -> String {
    let mut s = String::from("http://user@example.com:8080/");
    while s.len() < len {
        s.push_str("seg%20x/");
    }
    s.truncate(len);
    while s.ends_with('%') || s.ends_with("%2") {
        s.pop();
    }
    s.push_str("?q#f");
    s
}

fn check(missed: &mut u32, what: &str, ok: bool, figure: String) {
    println!("{} {what}: {figure}", if ok { "met   " } else { "MISSED" });
    if !ok {
        *missed += 1;
    }
}

fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let opts = ParseOptions::default();
    if std::env::args().any(|a| a == "peak3986") {
        let g = grammar(RFC3986);
        let input = uri(64 * 1024);
        let p = g.parse("URI-reference", &input, &opts).expect("start rule");
        assert!(p.valid);
        println!("{}", peak_rss_kib());
        return;
    }
    let mut missed = 0;

    let g = grammar(RFC8141);
    let parse = |input: &str| {
        let p = g.parse("namestring", input, &opts).expect("start rule");
        assert_eq!(p.count, ParseCount::Exact(1));
        black_box(p);
    };
    let small = urn(64 * 1024);
    let big = urn(256 * 1024);
    let t1 = time(5, || parse(&small));
    let t4 = time(3, || parse(&big));
    check(
        &mut missed,
        "64 KiB URN under RFC 8141's ABNF, under 1 s",
        t1 < Duration::from_secs(1),
        format!("{t1:?}"),
    );
    let ratio = t4.as_secs_f64() / t1.as_secs_f64();
    check(
        &mut missed,
        "256 KiB URN at most 5x the 64 KiB time",
        ratio <= 5.0,
        format!("{t4:?}, {ratio:.2}x"),
    );

    // Right recursion written in the grammar, with Leo's items: linear (the plain
    // completion is quadratic here: it is timed on 4 KiB only, 64 KiB would take about
    // two billion items).
    let gr = grammar("a = \"x\" a / \"x\"\n");
    let right = |len: usize| {
        let input = "x".repeat(len);
        time(3, || {
            let p = gr.parse("a", &input, &opts).expect("start rule");
            assert_eq!(p.count, ParseCount::Exact(1));
            black_box(p);
        })
    };
    let (r1, r4) = (right(64 * 1024), right(256 * 1024));
    let ratio = r4.as_secs_f64() / r1.as_secs_f64();
    let plain = {
        let input = "x".repeat(4 * 1024);
        time(1, || {
            let p = gr
                .parse_without_leo("a", &input, &opts)
                .expect("start rule");
            black_box(p);
        })
    };
    check(
        &mut missed,
        "64 KiB right-recursive input with Leo's items, 256 KiB at most 5x the time",
        ratio <= 5.0,
        format!("{r1:?}, {r4:?} ({ratio:.2}x); without Leo's items 4 KiB takes {plain:?}"),
    );

    let g3986 = grammar(RFC3986);
    let input = uri(196);
    let t = time(101, || {
        let p = g3986
            .parse("URI-reference", &input, &opts)
            .expect("start rule");
        assert!(p.valid);
        black_box(p);
    });
    check(
        &mut missed,
        "200-byte URI under RFC 3986's ABNF, under 5 ms",
        t < Duration::from_millis(5),
        format!("{t:?}"),
    );

    // Exponentially many parses: Catalan(n - 1) for n operands; counting is polynomial:
    // Earley's chart and links are cubic on this grammar, so doubling n costs about 8x;
    // the target allows 24x (about n^4.6) for the allocator and caches (the links outgrow
    // the caches), where exponential growth would be Catalan(2n)/Catalan(n), about 10^28x
    // from 50 to 100 operands.
    let ge = grammar("E = E \"+\" E / \"a\"\n");
    let mut prev: Option<Duration> = None;
    for n in [50usize, 100, 200] {
        let input = vec!["a"; n].join("+");
        let t = time(3, || {
            let p = ge.parse("E", &input, &opts).expect("start rule");
            assert_eq!(p.count, ParseCount::AtLeast(opts.count_cap));
            black_box(p);
        });
        let figure = match prev {
            Some(p) => format!("{t:?} ({:.1}x the half)", t.as_secs_f64() / p.as_secs_f64()),
            None => format!("{t:?}"),
        };
        check(
            &mut missed,
            &format!("counting the parses of {n} operands of E = E \"+\" E (polynomial)"),
            prev.is_none_or(|p| t.as_secs_f64() <= 24.0 * p.as_secs_f64()),
            figure,
        );
        prev = Some(t);
    }

    let gp = grammar("P = \"(\" P \")\" / \"\"\n");
    let input = format!("{}{}", "(".repeat(100_000), ")".repeat(100_000));
    let t = time(3, || {
        let p = gp.parse("P", &input, &opts).expect("start rule");
        assert!(p.valid);
        black_box(p);
    });
    check(
        &mut missed,
        "100,000 nested parentheses in the input, no overflow",
        true,
        format!("{t:?}"),
    );
    let text = format!(
        "a = {}\"x\"{}\n",
        "(\"y\" / ".repeat(100_000),
        ")".repeat(100_000)
    );
    let t = time(3, || {
        let g = grammar(&text);
        let p = g.parse("a", "x", &opts).expect("start rule");
        assert!(p.valid);
        black_box(p);
    });
    check(
        &mut missed,
        "100,000 nested groups in the grammar (read, compile, parse), no overflow",
        true,
        format!("{t:?}"),
    );
    if missed > 0 {
        std::process::exit(1);
    }
}
