//! Messages (issue 37): every status message can be read whole in the message log, the
//! status line's hints name only keys that do something where they are shown, and the
//! README's key list is the key table's.

mod support;

use crossterm::event::KeyCode;
use idbench::tui::event::Event;
use support::{app, draw, screen};

#[test]
fn a_message_cut_on_the_status_line_is_read_whole_in_the_log() {
    let mut a = app("urn:isbn:0451450523");
    // A message longer than an 80-column status line (news from the event loop, a copy's
    // advice, a grammar's error), with a character that must not reach the terminal.
    let said = format!(
        "grammar reloaded: {} and the last word\u{202e} is here",
        "a long sentence that goes on ".repeat(6)
    );
    a.tell(said.clone());
    let shown = idbench::safe_text::escape(&said).into_owned();
    let before = screen(&mut a, 80, 24);
    assert!(
        !before.contains("the last word"),
        "the status line cuts it: {before}"
    );
    a.handle(Event::ctrl('l'));
    let log = screen(&mut a, 80, 24);
    assert!(log.contains("Messages"), "{log}");
    assert!(!log.contains('\u{202e}'), "{log}");
    // Every word of the message is on the log's rows, in order.
    // The rows inside the log's frame (thick: it has the keyboard), below its title.
    let flat: String = log
        .lines()
        .skip_while(|l| !l.contains("Messages"))
        .skip(1)
        .filter_map(|l| {
            let (a, b) = (l.find('┃')?, l.rfind('┃')?);
            (a < b).then(|| &l[a + '┃'.len_utf8()..b])
        })
        .collect::<Vec<_>>()
        .join(" ");
    let flat: String = flat.split_whitespace().collect::<Vec<_>>().join(" ");
    let words: Vec<&str> = shown.split_whitespace().collect();
    let mut at = 0;
    for w in &words {
        let found = flat[at..].find(w);
        assert!(found.is_some(), "{w:?} of {shown:?} in {flat}");
        at += found.unwrap_or(0) + w.len();
    }
    insta::assert_snapshot!("message_log_80x24", log);
    // Esc closes it, and the message stays in the log.
    a.handle(Event::key(KeyCode::Esc));
    assert!(!screen(&mut a, 80, 24).contains("Messages ·"));
    assert!(a.messages().any(|m| m.text == said));
}

#[test]
fn the_message_log_is_listed_in_help() {
    let mut a = app("");
    a.handle(Event::key(KeyCode::F(1)));
    let mut seen = String::new();
    for _ in 0..80 {
        seen.push_str(&screen(&mut a, 100, 40));
        a.handle(Event::key(KeyCode::PageDown));
    }
    assert!(seen.contains("Ctrl-L"), "{seen}");
    assert!(seen.contains("Message log"), "{seen}");
}

#[test]
fn the_log_keeps_messages_a_later_one_replaced() {
    let mut a = app("http://a/b");
    a.handle(Event::ctrl('y'));
    let copied = a.status().map(str::to_string).unwrap_or_default();
    a.handle(Event::ctrl('t'));
    a.handle(Event::ctrl('t'));
    draw(&mut a, 80, 24);
    assert!(a.messages().any(|m| m.text == copied), "{copied}");
}

/// What a key press may change: the screen above the status line (the status line alone
/// is a message, not something done), quitting, mouse capture, a copy sent to the
/// terminal, the focus, the inputs and the profile.
fn state(a: &mut idbench::tui::app::App) -> String {
    let s = screen(a, 100, 30);
    let rows: Vec<&str> = s.lines().collect();
    let body = rows[..rows.len().saturating_sub(2)].join("\n");
    format!(
        "{body}\nquit={} mouse={} out={} focus={:?} in={:?}/{:?} profile={:?}",
        a.should_quit(),
        a.mouse_capture(),
        a.take_terminal_output().is_some(),
        a.focus(),
        a.input(0),
        a.input(1),
        a.profile()
    )
}

/// The states walked: a builder, and how many Tabs from it reach the part.
type Build = fn() -> idbench::tui::app::App;

fn with(
    input: &str,
    with: Option<&str>,
    profile: Option<idbench::engine::Profile>,
) -> idbench::tui::app::App {
    idbench::tui::app::App::new(idbench::tui::app::AppConfig {
        input: input.into(),
        with: with.map(str::to_string),
        profile,
        ..idbench::tui::app::AppConfig::default()
    })
}

#[test]
fn every_hinted_key_does_something() {
    let builds: &[(&str, Build)] = &[
        ("empty", || app("")),
        ("uri", || app("http://a/b?c#d")),
        ("urn isbn", || app("urn:isbn:0451450523")),
        ("urn xref", || app("xri://=a*(urn:b:c)")),
        ("whatwg", || with("http://a/b", None, "whatwg".parse().ok())),
        ("uuid pair", || {
            with(
                "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
                Some("URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"),
                None,
            )
        }),
        ("xri2 pair", || with("xri://=a*b", Some("xri://=A*b"), None)),
        ("urn pair", || with("urn:a:b", Some("urn:A:b"), None)),
        ("base", || {
            let mut a = app("../d");
            a.handle(Event::ctrl('t'));
            a
        }),
    ];
    let mut failures = Vec::new();
    for (name, build) in builds {
        for tabs in 0..10 {
            let mut a = build();
            draw(&mut a, 100, 30);
            for _ in 0..tabs {
                a.handle(Event::key(KeyCode::Tab));
            }
            draw(&mut a, 100, 30);
            let focus = a.focus();
            for (action, key, label) in a.hinted_keys() {
                let mut b = build();
                draw(&mut b, 100, 30);
                for _ in 0..tabs {
                    b.handle(Event::key(KeyCode::Tab));
                }
                let before = state(&mut b);
                b.handle(Event::key_with(key.code, key.mods));
                let after = state(&mut b);
                if before == after {
                    failures.push(format!(
                        "{name}, focus {focus:?}: {} {label} ({action:?}) changed nothing",
                        key.short_label()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_hints_named_in_the_issue_are_gone_where_they_do_nothing() {
    use idbench::tui::keys::Action;
    let hinted = |a: &idbench::tui::app::App| -> Vec<Action> {
        a.hinted_keys().into_iter().map(|(x, _, _)| x).collect()
    };
    // A URN tree: no fold (no cross-reference), no other reading.
    let mut a = app("urn:isbn:0451450523");
    support::focus(&mut a, idbench::tui::app::Focus::Tree);
    let h = hinted(&a);
    assert!(!h.contains(&Action::Toggle), "{h:?}");
    assert!(!h.contains(&Action::OtherReading), "{h:?}");
    // Diff mode: no base line; outside it: no trees.
    let mut d = with(
        "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        Some("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf7"),
        None,
    );
    assert!(!hinted(&d).contains(&Action::ToggleBase));
    assert!(hinted(&d).contains(&Action::DiffTrees));
    assert!(!hinted(&app("http://a/")).contains(&Action::DiffTrees));
    // A uuid pair's ladder: none of xri2's or rfc2141bis's option keys.
    support::focus(&mut d, idbench::tui::app::Focus::Ladder);
    let h = hinted(&d);
    for x in [
        Action::FormA,
        Action::FormB,
        Action::IgnoreDollar,
        Action::Objective,
    ] {
        assert!(!h.contains(&x), "{x:?} in {h:?}");
    }
    // An xri2 pair's ladder keeps its own.
    let mut x = with("xri://=a*b", Some("xri://=A*b"), None);
    support::focus(&mut x, idbench::tui::app::Focus::Ladder);
    assert!(hinted(&x).contains(&Action::FormA), "{:?}", hinted(&x));
}

/// The README's key list is the key table's Markdown (`keys::markdown`), between its
/// markers. `IDBENCH_BLESS_README=1` writes it there instead of comparing.
#[test]
fn the_readme_key_list_is_the_key_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let (begin, end) = ("<!-- keys:begin -->\n", "<!-- keys:end -->");
    let (Some(a), Some(b)) = (text.find(begin), text.find(end)) else {
        panic!("README.md has no {begin:?} … {end:?} markers");
    };
    let inside = &text[a + begin.len()..b];
    let want = idbench::tui::keys::markdown();
    if std::env::var_os("IDBENCH_BLESS_README").is_some() {
        let new = format!("{}{want}{}", &text[..a + begin.len()], &text[b..]);
        std::fs::write(&path, new).unwrap_or_else(|e| panic!("{e}"));
        return;
    }
    assert!(
        inside == want,
        "README.md's key list is not the key table's: run IDBENCH_BLESS_README=1 cargo test --test tui_messages readme"
    );
    // Undo is Alt-z (lower case) in the table, so in the README.
    assert!(inside.contains("| Alt-z | undo"), "{inside}");
    assert!(
        !text.contains("Alt-Z"),
        "the README names Alt-Z, which does not undo"
    );
}
