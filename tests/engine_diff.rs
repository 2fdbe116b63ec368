//! What a keystroke in diff mode costs the comparison (issue 19 item 8), counted in parses:
//! the sides' own analyses serve, and on long sides the other profiles are not compared
//! again at every keystroke (and the workbench says so).

use crossterm::event::KeyCode;
use idbench::engine::equiv::{self, CompareOptions, PER_PROFILE_MAX};
use idbench::engine::{Options, Profile, analyze};
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;

fn side(shape: &str, bytes: usize, last: char) -> String {
    let mut s = String::from("xri://@a");
    while s.len() + shape.len() <= bytes {
        s.push_str(shape);
    }
    s.pop();
    s.push(last);
    s
}

/// Parses the comparisons make for one typed character and for its deletion, in diff mode.
fn parses_per_keystroke(shape: &str, bytes: usize) -> (u64, u64) {
    let mut app = App::new(AppConfig {
        input: side(shape, bytes, 'a'),
        with: Some(side(shape, bytes, 'b')),
        ..AppConfig::default()
    });
    app.handle(Event::key(KeyCode::End));
    let (before, compared) = (app.compare_parses(), app.comparisons());
    app.handle(Event::key(KeyCode::Char('a')));
    let typed = app.compare_parses() - before;
    app.handle(Event::key(KeyCode::Backspace));
    assert_eq!(app.comparisons() - compared, 2, "each key compares again");
    (typed, app.compare_parses() - before - typed)
}

#[test]
fn a_keystroke_on_long_sides_parses_each_side_once() {
    // Just over the bound (the two sides together), and twice that.
    let over = PER_PROFILE_MAX / 2 + 64;
    for (shape, sizes) in [
        ("+a", &[over, 2 * over][..]),
        ("/a", &[over, 2 * over][..]),
        ("*a", &[over][..]),
        ("!a", &[over][..]),
    ] {
        for &bytes in sizes {
            let (n, deleted) = parses_per_keystroke(shape, bytes);
            // The normalized sides are parsed to locate the difference, nothing else: not
            // the inputs again (the workbench's analyses serve), not under six more
            // profiles. The same count whatever the length.
            assert!(n <= 2, "{shape} × {bytes} bytes: {n} parses a keystroke");
            // The two normalized sides differ, so they are parsed to locate it: the count
            // (the verdict's own, no thread-wide counter) sees them.
            assert!(
                n >= 1,
                "{shape} × {bytes} bytes: the locating parses are counted"
            );
            // The deletion brings the side back to the text compared before the typed
            // character: its kept climb and last text's tree serve, nothing is parsed.
            assert_eq!(
                deleted, 0,
                "{shape} × {bytes} bytes: {deleted} parses for a deletion"
            );
        }
    }
}

#[test]
fn short_sides_are_still_compared_under_every_profile() {
    let (a, b) = (side("+a", 2000, 'a'), side("+a", 2000, 'b'));
    let opts = CompareOptions::default();
    let (aa, bb) = (analyze(&a, &Options::full()), analyze(&b, &Options::full()));
    let v = equiv::compare_analyzed(&aa, &bb, &opts);
    let (per, note) = equiv::compare_per_profile_bounded(&aa, &bb, &v, &opts);
    assert_eq!(per, equiv::compare_per_profile(&a, &b, &opts));
    assert_eq!(per.len(), Profile::ALL.len());
    assert!(note.is_none());
    // The verdict is compare's.
    let w = equiv::compare(&a, &b, &opts);
    assert_eq!(
        (v.profile, v.equivalent, &v.steps, &v.difference),
        (w.profile, w.equivalent, &w.steps, &w.difference)
    );
}

#[test]
fn long_sides_list_the_verdicts_profile_and_say_why_not_the_others() {
    let over = PER_PROFILE_MAX / 2 + 64;
    let (a, b) = (side("+a", over, 'a'), side("+a", over, 'b'));
    let opts = CompareOptions::default();
    let (aa, bb) = (analyze(&a, &Options::full()), analyze(&b, &Options::full()));
    let v = equiv::compare_analyzed(&aa, &bb, &opts);
    let (per, note) = equiv::compare_per_profile_bounded(&aa, &bb, &v, &opts);
    assert_eq!(per.len(), 1);
    assert_eq!(
        (per[0].profile, per[0].equivalent),
        (Profile::Xri2, Some(false))
    );
    let note = note.expect("a note for the user");
    assert!(note.contains("not compared"), "{note}");
    let w = equiv::compare(&a, &b, &opts);
    assert_eq!(
        (v.profile, v.equivalent, &v.difference),
        (w.profile, w.equivalent, &w.difference)
    );
}
