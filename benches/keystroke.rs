//! One keystroke's work in the workbench: `analyze` with `Options::full()` (every profile's
//! verdict, the tree, the diagnostics and the forms) on inputs of growing size.
//!
//! ```text
//! cargo bench --bench keystroke
//! ```
//!
//! Targets (BENCHMARKS.md): the 100-byte identifier under 50 µs; 64 KiB no more than 80 times
//! the 1 KiB case (linear cost); the 1,000 nested cross-references are there to show that
//! depth does not cost more than length.
//!
//! The `frame_200x60` group draws the workbench (`tui::app::App`) to ratatui's `TestBackend`
//! at 200x60: `steady` is one full frame of an unchanged input; `keystroke` is what one key
//! costs end to end: the event, the re-analysis of the changed input, and the frame.
//! Target: a frame under 2 ms.
//!
//! The `big_input_200x60` group is the same keystroke (a character typed, then deleted:
//! each re-analyses) on the workbench's big inputs: 50 blocks of 250-deep nested XRI
//! cross-references (62 KB) and 64 KiB of `%`. Target (issue 11): under 16 ms, one frame at
//! 60 Hz; `scripts/bench-check.sh` measures the same in a real pseudo-terminal. The
//! `big_modes_200x60` group is that keystroke in diff mode and in the grammar lab
//! (`scripts/measure-keystroke.sh` measures those in a pseudo-terminal).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use crossterm::event::KeyCode;
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use idbench::{Options, analyze};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

#[path = "tools/inputs.rs"]
mod inputs;
use inputs::uri_of_len;

/// An XRI with `depth` cross-references nested inside each other (XRI Syntax 2.0 §2.2.2).
fn nested_xrefs(depth: usize) -> String {
    let mut s = String::from("xri://@example*");
    for _ in 0..depth {
        s.push_str("(+a*");
    }
    s.push('b');
    for _ in 0..depth {
        s.push(')');
    }
    s
}

fn keystroke(c: &mut Criterion) {
    let opts = Options::full();
    let mut g = c.benchmark_group("analyze_full");
    g.warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    for (name, input) in [
        ("100B", uri_of_len(100)),
        ("1KiB", uri_of_len(1024)),
        ("64KiB", uri_of_len(64 * 1024)),
        ("xref_nested_1000", nested_xrefs(1000)),
    ] {
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_function(name, |b| b.iter(|| analyze(black_box(&input), &opts)));
    }
    g.finish();
}

fn frame(c: &mut Criterion) {
    let mut g = c.benchmark_group("frame_200x60");
    g.warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let new_app = || {
        let mut app = App::new(AppConfig {
            input: uri_of_len(100),
            ..AppConfig::default()
        });
        app.handle(Event::Resize(200, 60));
        app
    };
    let Ok(mut term) = Terminal::new(TestBackend::new(200, 60));
    let mut app = new_app();
    g.bench_function("steady", |b| {
        b.iter(|| {
            // A cleared back buffer makes ratatui send every cell: a full frame.
            let _ = term.clear();
            let _ = term.draw(|f| app.draw(f));
        })
    });
    let mut app = new_app();
    let mut typed = false;
    g.bench_function("keystroke", |b| {
        b.iter(|| {
            // Type a character, then take it back: the input stays 100 or 101 bytes.
            let key = if typed {
                KeyCode::Backspace
            } else {
                KeyCode::Char('x')
            };
            typed = !typed;
            app.handle(Event::key(key));
            let _ = term.draw(|f| app.draw(f));
        })
    });
    g.finish();
}

/// 50 blocks of `=a*(` × 250, `=b`, `)` × 250: 62,600 bytes, 12,500 nested cross-references.
fn nested_blocks() -> String {
    let one = format!("{}=b{}", "=a*(".repeat(250), ")".repeat(250));
    one.repeat(50)
}

fn big_input(c: &mut Criterion) {
    let mut g = c.benchmark_group("big_input_200x60");
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (name, input) in [
        ("xri_nested_62KB", nested_blocks()),
        ("pct_64KiB", "%".repeat(64 * 1024)),
    ] {
        let Ok(mut term) = Terminal::new(TestBackend::new(200, 60));
        let mut app = App::new(AppConfig {
            input,
            ..AppConfig::default()
        });
        app.handle(Event::Resize(200, 60));
        let _ = term.draw(|f| app.draw(f));
        let mut typed = false;
        g.bench_function(name, |b| {
            b.iter(|| {
                let key = if typed {
                    KeyCode::Backspace
                } else {
                    KeyCode::Char('x')
                };
                typed = !typed;
                app.handle(Event::key(key));
                let _ = term.draw(|f| app.draw(f));
            })
        });
    }
    g.finish();
}

/// A profile's ABNF as idbench reads it, in a file the grammar lab opens.
fn lab_file(profile: &str, start: &str) -> Option<idbench::tui::lab::LabFile> {
    let p = idbench::engine::Profile::from_name(profile)?;
    let text: String = idbench::engine::rules::grammar(p)
        .productions()
        .iter()
        .map(|p| format!("{}\n", p.text()))
        .collect();
    let dir = std::env::temp_dir().join(format!("idbench-bench-lab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(format!("{profile}.abnf"));
    std::fs::write(&path, text).ok()?;
    let lab = idbench::tui::lab::LabFile::open(&path, start).ok();
    let _ = std::fs::remove_dir_all(&dir);
    lab
}

/// The same keystroke in diff mode with two nested sides (B's innermost `b` of the last
/// block is a `c`: each edit compares again), and in the grammar lab (`tui --grammar`) with
/// RFC 8141's ABNF on a 64 KiB URN. Targets (issues 42 and 36): diff mode under 33 ms, the
/// lab under 16 ms. In the lab a long input's edit is two frames: `lab_rfc8141_urn_64KiB`
/// times the key's frame, with the new verdict (the parse it starts on the workbench's
/// worker is waited for after the timing, so that each key finds the worker idle);
/// `lab_rfc8141_urn_64KiB_to_tree` times the key to the frame with its tree (the parse
/// landed).
fn big_modes(c: &mut Criterion) {
    let mut g = c.benchmark_group("big_modes_200x60");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let a = nested_blocks();
    let b = match a.rfind('b') {
        Some(i) => format!("{}c{}", &a[..i], &a[i + 1..]),
        None => a.clone(),
    };
    let mut urn = String::from("urn:example:");
    while urn.len() + 6 <= 64 * 1024 {
        urn.push_str("ab%2Fc");
    }
    let lab = lab_file("rfc8141", "namestring");
    let configs = [
        (
            "diff_xri_nested_62KB",
            AppConfig {
                input: a,
                with: Some(b),
                ..AppConfig::default()
            },
        ),
        (
            "lab_rfc8141_urn_64KiB",
            AppConfig {
                input: urn,
                profile: lab.as_ref().map(|l| l.profile),
                lab,
                ..AppConfig::default()
            },
        ),
    ];
    let land = Duration::from_secs(60);
    for (name, config) in configs {
        let Ok(mut term) = Terminal::new(TestBackend::new(200, 60));
        let mut app = App::new(config);
        app.handle(Event::Resize(200, 60));
        let _ = term.draw(|f| app.draw(f));
        app.settle_parses(land);
        let _ = term.draw(|f| app.draw(f));
        let mut typed = false;
        let mut key = move || {
            typed = !typed;
            Event::key(if typed {
                KeyCode::Char('x')
            } else {
                KeyCode::Backspace
            })
        };
        g.bench_function(name, |b| {
            b.iter_custom(|n| {
                let mut took = Duration::ZERO;
                for _ in 0..n {
                    let t = std::time::Instant::now();
                    app.handle(key());
                    let _ = term.draw(|f| app.draw(f));
                    took += t.elapsed();
                    if app.parsing() {
                        app.settle_parses(land);
                        let _ = term.draw(|f| app.draw(f));
                    }
                }
                took
            })
        });
        if name.starts_with("lab_") {
            g.bench_function(format!("{name}_to_tree"), |b| {
                b.iter(|| {
                    app.handle(key());
                    let _ = term.draw(|f| app.draw(f));
                    if app.parsing() {
                        app.settle_parses(land);
                        let _ = term.draw(|f| app.draw(f));
                    }
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, keystroke, frame, big_input, big_modes);
criterion_main!(benches);
