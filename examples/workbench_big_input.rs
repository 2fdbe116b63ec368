//! What one keystroke costs the workbench on big inputs: the event (re-analysis of the
//! changed input) and the redraw, at 200×60 on ratatui's `TestBackend`, with the peak
//! resident memory of the process.
//!
//! ```text
//! cargo run --release --example workbench_big_input                 # the table
//! target/release/examples/workbench_big_input probe CASE EDITS [MOVES [sync]]  # for callgrind
//! target/release/examples/workbench_big_input grammar PROFILE       # a lab case's ABNF
//! ```
//!
//! Inputs: 50 blocks of 250-deep nested XRI cross-references (`=a*(` × 250, `=b`, `)` ×
//! 250, 62 KB), a 64 KiB and a 1 MiB paste of `%`; diff mode with two nested sides (B ends
//! in `c` instead of `b`); and the grammar lab (`tui --grammar`) with RFC 8141's ABNF on a
//! 64 KiB URN, and with XRI 2.0's ABNF on the nested input and on 64 KiB of
//! cross-references nested in paths. Keys: a character typed at the end and deleted again
//! (each re-analyses; in diff mode each compares again), and the cursor moved one left
//! (redraw only). Each figure is the median and the slowest of the runs.
//!
//! `probe CASE EDITS [MOVES]` opens the workbench on one case (`xri`, `pct`, `diff`,
//! `lab-urn`, `lab-xri`, `lab-xri-paths`), draws it, makes EDITS edits and MOVES cursor
//! moves (each drawn) and prints nothing else: under
//! `valgrind --tool=callgrind` the difference between 4 edits and 0, over 4, is the
//! instructions of one edit, a figure the load of a shared machine does not move.
//!
//! Under the lab on a long input an edit is two frames: the key's, with the new verdict
//! and the previous text's tree (`verdict_frame`), and, once the workbench's worker has
//! parsed the new text, the frame with its tree (`tree_frame`, which waits for it). The
//! probe draws both for every edit, so the difference above is the whole edit (both frames
//! and the parse, on whichever thread); `callgrind_annotate --inclusive=yes` on the same
//! output gives `verdict_frame`'s instructions, the keystroke's own, over EDITS.
//! `probe CASE EDITS MOVES sync` parses every input on the keystroke path (the lab as it
//! was before its worker: one frame an edit).

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use idbench::engine::{Profile, rules};
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use idbench::tui::lab::LabFile;
use idbench::{Options, analyze};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn nested_blocks(blocks: usize, depth: usize, last: char) -> String {
    let one = format!("{}=b{}", "=a*(".repeat(depth), ")".repeat(depth));
    let mut s = one.repeat(blocks);
    // The innermost `b` of the last block: diff mode's B differs there.
    if last != 'b'
        && let Some(i) = s.rfind('b')
    {
        s.replace_range(i..i + 1, &last.to_string());
    }
    s
}

/// 64 KiB of a URN whose NSS is `ab%2Fc` repeated.
fn urn_64k() -> String {
    let mut s = String::from("urn:example:");
    while s.len() + 6 <= 64 * 1024 {
        s.push_str("ab%2Fc");
    }
    s
}

/// 64 KiB of cross-references nested in paths (`=a*(+d/e)*(=b/c*(@f/g))…`): an XRI that
/// XRI 2.0's ABNF reads one way, where the lab's verdict is the recognizer's.
fn xri_paths_64k() -> String {
    let mut s = String::from("=a");
    let mut n = 0;
    while s.len() < 64 * 1024 {
        s.push_str(if n % 2 == 1 {
            "*(=b/c*(@f/g))"
        } else {
            "*(+d/e)"
        });
        n += 1;
    }
    s
}

/// Peak resident memory of this process so far, from `/proc/self/status` (Linux).
fn peak_rss_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// A profile's ABNF as idbench reads it (its productions, one a line).
fn grammar_text(profile: &str) -> Option<String> {
    let p = Profile::from_name(profile)?;
    Some(
        rules::grammar(p)
            .productions()
            .iter()
            .map(|p| format!("{}\n", p.text()))
            .collect(),
    )
}

/// A profile's ABNF written to a file for the lab to open.
fn lab_file(profile: &str, start: &str) -> Option<LabFile> {
    let text = grammar_text(profile)?;
    let dir = std::env::temp_dir().join(format!("idbench-workbench-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(format!("{profile}.abnf"));
    std::fs::write(&path, text).ok()?;
    let lab = LabFile::open(&path, start).ok();
    let _ = std::fs::remove_dir_all(&dir);
    lab
}

/// One case: a name, input A, and diff mode's input B or the lab's grammar.
struct Case {
    name: &'static str,
    input: String,
    with: Option<String>,
    lab: Option<(&'static str, &'static str)>,
}

fn cases() -> Vec<(&'static str, Case)> {
    let case = |name, input, with, lab| Case {
        name,
        input,
        with,
        lab,
    };
    vec![
        (
            "xri",
            case(
                "xri 50×250-deep (62 KB)",
                nested_blocks(50, 250, 'b'),
                None,
                None,
            ),
        ),
        (
            "pct",
            case("64 KiB of %", "%".repeat(64 * 1024), None, None),
        ),
        (
            "pct-1m",
            case("1 MiB of %", "%".repeat((1 << 20) - 1), None, None),
        ),
        (
            "diff",
            case(
                "diff, two 62 KB xri",
                nested_blocks(50, 250, 'b'),
                Some(nested_blocks(50, 250, 'c')),
                None,
            ),
        ),
        (
            "lab-urn",
            case(
                "lab rfc8141, 64 KiB urn",
                urn_64k(),
                None,
                Some(("rfc8141", "namestring")),
            ),
        ),
        (
            "lab-xri",
            case(
                "lab xri2, 62 KB xri",
                nested_blocks(50, 250, 'b'),
                None,
                Some(("xri2", "xri-value")),
            ),
        ),
        (
            "lab-xri-paths",
            case(
                "lab xri2, 64 KiB xri paths",
                xri_paths_64k(),
                None,
                Some(("xri2", "xri-value")),
            ),
        ),
    ]
}

/// The workbench on `case`, sized 200×60 and drawn once.
fn open(case: &Case) -> Option<(App, Terminal<TestBackend>)> {
    let lab = match case.lab {
        Some((profile, start)) => Some(lab_file(profile, start)?),
        None => None,
    };
    let mut app = App::new(AppConfig {
        input: case.input.clone(),
        with: case.with.clone(),
        profile: lab.as_ref().map(|l| l.profile),
        lab,
        ..AppConfig::default()
    });
    let mut term = Terminal::new(TestBackend::new(200, 60)).ok()?;
    app.handle(Event::Resize(200, 60));
    let _ = term.draw(|f| app.draw(f));
    // The lab's first parse of a long input runs off the keystroke path: start from its
    // tree, as a user who has waited does.
    tree_frame(&mut app, &mut term);
    Some((app, term))
}

/// One key and the frame it draws: under the lab on a long input, the frame with the new
/// verdict and the previous text's tree (its parse then runs on the workbench's worker).
/// Not inlined, so that `callgrind_annotate --inclusive=yes` gives its instructions.
#[inline(never)]
fn verdict_frame(app: &mut App, term: &mut Terminal<TestBackend>, ev: Event) {
    app.handle(ev);
    let _ = term.draw(|f| app.draw(f));
}

/// Waits for the lab's parse off the keystroke path, takes it and draws the frame with
/// its tree (nothing to wait for on other inputs: the frame is drawn again). Not inlined
/// (see [`verdict_frame`]); its instructions are the landing and the frame, the parse's
/// are the worker thread's.
#[inline(never)]
fn tree_frame(app: &mut App, term: &mut Terminal<TestBackend>) {
    app.settle_parses(Duration::from_secs(60));
    let _ = term.draw(|f| app.draw(f));
}

/// The median and slowest of `runs` keys cycling through `ev`: from the key to its frame,
/// and (the second pair) from the key to the frame with its tree (the same unless the
/// lab parses off the keystroke path).
fn measure(
    app: &mut App,
    term: &mut Terminal<TestBackend>,
    ev: &[Event],
    runs: usize,
) -> ((Duration, Duration), (Duration, Duration)) {
    let mut times = Vec::with_capacity(runs);
    let mut trees = Vec::with_capacity(runs);
    for i in 0..runs {
        let t = Instant::now();
        verdict_frame(app, term, ev[i % ev.len()].clone());
        times.push(t.elapsed());
        if app.parsing() {
            tree_frame(app, term);
        }
        trees.push(t.elapsed());
    }
    let mid = |v: &mut Vec<Duration>| {
        v.sort();
        (v[v.len() / 2], v[v.len() - 1])
    };
    (mid(&mut times), mid(&mut trees))
}

const TYPED: [KeyCode; 2] = [KeyCode::Char('a'), KeyCode::Backspace];

fn probe(name: &str, edits: usize, moves: usize, sync: bool) {
    let Some((_, case)) = cases().into_iter().find(|(n, _)| *n == name) else {
        eprintln!("no case {name:?}: xri, pct, pct-1m, diff, lab-urn, lab-xri");
        std::process::exit(2);
    };
    let Some((mut app, mut term)) = open(&case) else {
        eprintln!("{name}: the workbench did not open");
        std::process::exit(1);
    };
    if sync {
        // Every input parsed on the keystroke path, as before the lab's worker.
        app.set_lab_sync_max(usize::MAX);
        let _ = term.draw(|f| app.draw(f));
    }
    for i in 0..edits {
        verdict_frame(&mut app, &mut term, Event::key(TYPED[i % 2]));
        tree_frame(&mut app, &mut term);
    }
    for i in 0..moves {
        let key = if i % 2 == 0 {
            KeyCode::Left
        } else {
            KeyCode::Right
        };
        verdict_frame(&mut app, &mut term, Event::key(key));
    }
    std::hint::black_box(&app);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("grammar") {
        // The grammar a lab case opens, for `scripts/measure-keystroke.sh`.
        let name = args.get(1).map(String::as_str).unwrap_or("");
        match grammar_text(name) {
            Some(t) => print!("{t}"),
            None => {
                eprintln!("no profile {name:?}");
                std::process::exit(2);
            }
        }
        return;
    }
    if args.first().map(String::as_str) == Some("probe") {
        let name = args.get(1).map(String::as_str).unwrap_or("xri");
        let edits = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(0);
        let moves = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(0);
        let sync = args.get(4).map(String::as_str) == Some("sync");
        probe(name, edits, moves, sync);
        return;
    }
    println!(
        "{:<26} {:>8} {:>16} {:>22} {:>22} {:>22} {:>12}",
        "input",
        "bytes",
        "analyze alone",
        "type+delete (med/max)",
        "…to its tree (med/max)",
        "cursor move (med/max)",
        "peak RSS"
    );
    for (_, case) in cases() {
        let Some((mut app, mut term)) = open(&case) else {
            println!("{}: the workbench did not open", case.name);
            continue;
        };
        let typed = TYPED.map(Event::key);
        let ((tm, tx), (rm, rx)) = measure(&mut app, &mut term, &typed, 20);
        let moved = [Event::key(KeyCode::Left), Event::key(KeyCode::Right)];
        let ((mm, mx), _) = measure(&mut app, &mut term, &moved, 20);
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        // The engine's share: the same analysis the workbench runs per keystroke (the
        // built-in profiles' cases only: the lab's is its grammar's parse).
        let alone = if case.lab.is_none() {
            // The workbench's options: everything but the equivalence key.
            let opts = Options {
                equivalence_key: false,
                ..Options::full()
            };
            let mut alone = Vec::new();
            for _ in 0..10 {
                let t = Instant::now();
                std::hint::black_box(analyze(&case.input, &opts));
                alone.push(t.elapsed());
            }
            alone.sort();
            format!("{:>13.2} ms", ms(alone[alone.len() / 2]))
        } else {
            format!("{:>16}", "—")
        };
        println!(
            "{:<26} {:>8} {alone} {:>10.2} / {:>7.2} ms {:>10.2} / {:>7.2} ms {:>10.2} / {:>7.2} ms {:>9.1} MiB",
            case.name,
            case.input.len(),
            ms(tm),
            ms(tx),
            ms(rm),
            ms(rx),
            ms(mm),
            ms(mx),
            peak_rss_mib().unwrap_or(f64::NAN)
        );
    }
}
