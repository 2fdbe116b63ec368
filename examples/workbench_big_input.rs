//! What one keystroke costs the workbench on big inputs: the event (re-analysis of the
//! changed input) and the redraw, at 200×60 on ratatui's `TestBackend`, with the peak
//! resident memory of the process.
//!
//! ```text
//! cargo run --release --example workbench_big_input
//! ```
//!
//! Inputs: 50 blocks of 250-deep nested XRI cross-references (`=a*(` × 250, `=b`, `)` ×
//! 250, 62 KB), a 64 KiB and a 1 MiB paste of `%`. Keys: a character typed at the end
//! and deleted again (each re-analyses), and the cursor moved one left (redraw only).
//! Each figure is the median and the slowest of the runs.

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use idbench::{Options, analyze};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn nested_blocks(blocks: usize, depth: usize) -> String {
    let one = format!("{}=b{}", "=a*(".repeat(depth), ")".repeat(depth));
    one.repeat(blocks)
}

/// Peak resident memory of this process so far, from `/proc/self/status` (Linux).
fn peak_rss_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn measure(
    app: &mut App,
    term: &mut Terminal<TestBackend>,
    ev: &[Event],
    runs: usize,
) -> (Duration, Duration) {
    let mut times = Vec::with_capacity(runs);
    for i in 0..runs {
        let t = Instant::now();
        app.handle(ev[i % ev.len()].clone());
        let _ = term.draw(|f| app.draw(f));
        times.push(t.elapsed());
    }
    times.sort();
    (times[times.len() / 2], times[times.len() - 1])
}

fn main() {
    let cases = [
        ("xri 50×250-deep (62 KB)", nested_blocks(50, 250)),
        ("64 KiB of %", "%".repeat(64 * 1024)),
        (
            "1 MiB of %",
            "%".repeat(1 << 20).chars().take((1 << 20) - 1).collect(),
        ),
    ];
    println!(
        "{:<26} {:>8} {:>16} {:>22} {:>22} {:>12}",
        "input",
        "bytes",
        "analyze alone",
        "type+delete (med/max)",
        "cursor move (med/max)",
        "peak RSS"
    );
    for (name, input) in cases {
        let Ok(mut term) = Terminal::new(TestBackend::new(200, 60));
        let mut app = App::new(AppConfig {
            input: input.clone(),
            ..AppConfig::default()
        });
        app.handle(Event::Resize(200, 60));
        let _ = term.draw(|f| app.draw(f));
        let typed = [
            Event::key(KeyCode::Char('a')),
            Event::key(KeyCode::Backspace),
        ];
        let (tm, tx) = measure(&mut app, &mut term, &typed, 20);
        let moved = [Event::key(KeyCode::Left), Event::key(KeyCode::Right)];
        let (mm, mx) = measure(&mut app, &mut term, &moved, 20);
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        // The engine's share: the same analysis the workbench runs per keystroke.
        let mut alone = Vec::new();
        for _ in 0..10 {
            let t = Instant::now();
            std::hint::black_box(analyze(&input, &Options::full()));
            alone.push(t.elapsed());
        }
        alone.sort();
        println!(
            "{name:<26} {:>8} {:>13.2} ms {:>10.2} / {:>7.2} ms {:>10.2} / {:>7.2} ms {:>9.1} MiB",
            input.len(),
            ms(alone[alone.len() / 2]),
            ms(tm),
            ms(tx),
            ms(mm),
            ms(mx),
            peak_rss_mib().unwrap_or(f64::NAN)
        );
    }
}
