//! The WHATWG URL parser's speed target (issue 25, "Speed"), measured in release: idbench's
//! basic URL parser (engine::whatwg) against the `url` crate's `Url::parse` on the same
//! corpus of URI lines, both on this one thread, CPU time; target: within 1.5x.
//!
//! ```text
//! scripts/measure-whatwg.sh [LINES]          # makes the corpus, builds and runs this
//! cargo bench --bench whatwg -- FILE         # on a corpus of one URL a line
//! ```
//!
//! Not criterion: one figure against one target, printed with "met" or "MISSED" (the
//! process exits 1 when it is missed), as benches/abnf.rs does. The parse is timed alone
//! (the URL record, its spans and every diagnostic: what `url` gives is its serialization,
//! which our record computes on demand); parse and `href` together are printed beside it.
//! CPU time is the thread's own, from /proc/thread-self/schedstat (nanoseconds on the CPU),
//! else the wall clock. The lines are read into memory first; reading is not timed.

use std::hint::black_box;
use std::time::Instant;

use idbench::engine::whatwg;

/// This thread's CPU time in nanoseconds, if the kernel says.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// The CPU time (else wall time) of `f`, in seconds.
fn seconds(mut f: impl FnMut()) -> f64 {
    let (c0, w0) = (cpu_ns(), Instant::now());
    f();
    match (c0, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e9,
        _ => w0.elapsed().as_secs_f64(),
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let Some(file) = std::env::args().skip(1).find(|a| !a.starts_with('-')) else {
        eprintln!(
            "usage: cargo bench --bench whatwg -- FILE (scripts/measure-whatwg.sh makes one)"
        );
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        }
    };
    let lines: Vec<&str> = text.lines().collect();
    let runs = 3;
    let (mut ours, mut ours_href, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    let (mut ok_ours, mut ok_theirs) = (0usize, 0usize);
    for _ in 0..runs {
        ours.push(seconds(|| {
            ok_ours = 0;
            for l in &lines {
                let p = whatwg::parse(black_box(l), None);
                ok_ours += p.url.is_some() as usize;
                black_box(p);
            }
        }));
        ours_href.push(seconds(|| {
            for l in &lines {
                let p = whatwg::parse(black_box(l), None);
                black_box(p.url.map(|u| u.href()));
            }
        }));
        theirs.push(seconds(|| {
            ok_theirs = 0;
            for l in &lines {
                let u = url::Url::parse(black_box(l));
                ok_theirs += u.is_ok() as usize;
                black_box(u.ok());
            }
        }));
    }
    let (o, oh, t) = (median(ours), median(ours_href), median(theirs));
    println!(
        "   {} lines; parsed: idbench {ok_ours}, url {ok_theirs}",
        lines.len()
    );
    println!(
        "   idbench whatwg::parse {o:.3} s, with href {oh:.3} s; url::Url::parse {t:.3} s (CPU, median of {runs})"
    );
    // For scripts/measure-whatwg.sh, which times `idbench check --profile whatwg` against it.
    println!("   url_seconds {t:.6}");
    let ratio = o / t;
    let ok = ratio <= 1.5;
    println!(
        "{} whatwg::parse within 1.5x of url::Url::parse, one thread: {ratio:.2}x (with href {:.2}x)",
        if ok { "met   " } else { "MISSED" },
        oh / t
    );
    if !ok {
        std::process::exit(1);
    }
}
