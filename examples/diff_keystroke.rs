//! What one keystroke costs the workbench in diff mode with two big sides of one-character
//! XRI segments (issue 19 item 8): CPU time and wall time of the event (re-analysis of the
//! edited side, the comparison, the per-profile strip) and its redraw at 200×60 on
//! ratatui's `TestBackend`, and the process's peak resident memory.
//!
//! ```text
//! cargo run --release --example diff_keystroke -- [SHAPE] [BYTES]
//! ```
//!
//! SHAPE is `+a` (default), `*a`, `!a` or `/a`: each side is `xri://@a` followed by SHAPE
//! repeated up to BYTES (default 524288) bytes; side B ends in `b` instead of `a`. The keys
//! are a character typed at the end of input A and deleted again, four times each; every
//! one re-analyses A and compares the two again. Used by `scripts/measure-diff.sh`.

use std::time::Instant;

use crossterm::event::KeyCode;
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Peak resident memory of this process so far, from `/proc/self/status` (Linux).
fn peak_rss_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// User + system CPU time of this process, in seconds, from `/proc/self/stat` (Linux; the
/// kernel counts in ticks of 1/100 s).
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = s.get(s.rfind(')')? + 2..)?;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn side(shape: &str, bytes: usize, last: char) -> String {
    let head = "xri://@a";
    let mut s = String::with_capacity(bytes);
    s.push_str(head);
    while s.len() + shape.len() <= bytes {
        s.push_str(shape);
    }
    s.pop();
    s.push(last);
    s
}

fn main() {
    let mut args = std::env::args().skip(1);
    let shape = args.next().unwrap_or_else(|| "+a".into());
    let bytes: usize = args
        .next()
        .and_then(|b| b.parse().ok())
        .unwrap_or(512 * 1024);
    let (a, b) = (side(&shape, bytes, 'a'), side(&shape, bytes, 'b'));
    let Ok(mut term) = Terminal::new(TestBackend::new(200, 60));
    let t = Instant::now();
    let c = cpu_seconds().unwrap_or(0.0);
    let mut app = App::new(AppConfig {
        input: a,
        with: Some(b),
        ..AppConfig::default()
    });
    app.handle(Event::Resize(200, 60));
    let _ = term.draw(|f| app.draw(f));
    println!(
        "start: {:.2} s CPU, {:.2} s wall, two sides of {bytes} bytes of {shape:?}",
        cpu_seconds().unwrap_or(0.0) - c,
        t.elapsed().as_secs_f64()
    );
    let keys = [KeyCode::End, KeyCode::Char('a'), KeyCode::Backspace];
    let mut worst_cpu = 0.0f64;
    let mut worst_wall = 0.0f64;
    let before = app.comparisons();
    for i in 0..9 {
        let key = keys[if i == 0 { 0 } else { 1 + (i - 1) % 2 }];
        let c = cpu_seconds().unwrap_or(0.0);
        let t = Instant::now();
        app.handle(Event::key(key));
        let _ = term.draw(|f| app.draw(f));
        let (cpu, wall) = (cpu_seconds().unwrap_or(0.0) - c, t.elapsed().as_secs_f64());
        if i > 0 {
            worst_cpu = worst_cpu.max(cpu);
            worst_wall = worst_wall.max(wall);
        }
        println!("key {key:?}: {cpu:.2} s CPU, {wall:.2} s wall");
    }
    println!(
        "keystroke: worst {worst_cpu:.2} s CPU, {worst_wall:.2} s wall; {} comparisons; peak RSS {:.0} MiB",
        app.comparisons() - before,
        peak_rss_mib().unwrap_or(f64::NAN)
    );
    // What `idbench compare A B` does on the same sides (the kernel limits one argument to
    // 128 KiB, so the command cannot be given them).
    drop(app);
    let (a, b) = (side(&shape, bytes, 'a'), side(&shape, bytes, 'b'));
    let c = cpu_seconds().unwrap_or(0.0);
    let t = Instant::now();
    let v = idbench::engine::equiv::compare(&a, &b, &Default::default());
    println!(
        "compare: {:.2} s CPU, {:.2} s wall, equivalent {}, {} steps",
        cpu_seconds().unwrap_or(0.0) - c,
        t.elapsed().as_secs_f64(),
        v.equivalent,
        v.steps.len()
    );
}
