//! What one keystroke costs the workbench with the standards view (F8) open on a big input
//! (issue 34 item 9: a 480 KB paste took 38 s, then 39 s a keystroke): CPU and wall time
//! of F8 itself, of each key typed at the end of the input (a re-analysis and a new
//! comparison under both standards) and its redraw at 120×40 on ratatui's `TestBackend`,
//! and of `engine::standards::compare` alone.
//!
//! ```text
//! cargo run --release --example standards_keystroke -- [UNIT] [BYTES]
//! ```
//!
//! The input is `http://a/` followed by UNIT (default `%`) repeated up to BYTES (default
//! 491520, 480 KiB) bytes. Used by `scripts/measure-standards.sh`.

use std::time::Instant;

use crossterm::event::KeyCode;
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// User + system CPU time of this process, in seconds, from `/proc/self/stat` (Linux; the
/// kernel counts in ticks of 1/100 s).
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = s.get(s.rfind(')')? + 2..)?;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn timed(what: &str, f: impl FnOnce()) -> f64 {
    let c = cpu_seconds().unwrap_or(0.0);
    let t = Instant::now();
    f();
    let cpu = cpu_seconds().unwrap_or(0.0) - c;
    println!(
        "{what}: {cpu:.2} s CPU, {:.2} s wall",
        t.elapsed().as_secs_f64()
    );
    cpu
}

fn main() {
    let mut args = std::env::args().skip(1);
    let unit = args.next().unwrap_or_else(|| "%".into());
    let bytes: usize = args
        .next()
        .and_then(|b| b.parse().ok())
        .unwrap_or(480 * 1024);
    let mut input = String::from("http://a/");
    while input.len() + unit.len() <= bytes {
        input.push_str(&unit);
    }
    println!("input: http://a/ + {unit:?} to {} bytes", input.len());
    let Ok(mut term) = Terminal::new(TestBackend::new(120, 40));
    let mut app = App::new(AppConfig {
        input: input.clone(),
        ..AppConfig::default()
    });
    app.handle(Event::Resize(120, 40));
    timed("first frame", || {
        let _ = term.draw(|f| app.draw(f));
    });
    timed("F8 and its frame", || {
        app.handle(Event::key(KeyCode::F(8)));
        let _ = term.draw(|f| app.draw(f));
    });
    timed("a frame with nothing changed", || {
        let _ = term.draw(|f| app.draw(f));
    });
    // Back to the input (F8 has the keyboard), to its end, then type and delete.
    app.handle(Event::key(KeyCode::Tab));
    let mut worst = 0.0f64;
    for key in [
        KeyCode::End,
        KeyCode::Char('a'),
        KeyCode::Backspace,
        KeyCode::Char('a'),
        KeyCode::Backspace,
    ] {
        let cpu = timed(&format!("key {key:?} and its frame"), || {
            app.handle(Event::key(key));
            let _ = term.draw(|f| app.draw(f));
        });
        if key != KeyCode::End {
            worst = worst.max(cpu);
        }
    }
    println!("keystroke with F8 open: worst {worst:.2} s CPU");
    drop(app);
    timed("engine::standards::compare alone", || {
        let s = idbench::engine::standards::compare(&input);
        println!(
            "  {} entries, the largest count {}",
            s.divergences.len(),
            s.divergences.iter().map(|d| d.count).max().unwrap_or(0)
        );
    });
}
