//! The workbench and the user's cases (`idbench tui --cases FILE`): the cases in the
//! examples picker, marked passing or failing, and Ctrl-S `a`, which appends the view as a
//! case that `idbench test` then passes.

mod support;

use std::path::Path;
use std::process::Command;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use support::{BIN, screen};

fn key(code: KeyCode, mods: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, mods))
}

fn ch(c: char) -> Event {
    key(KeyCode::Char(c), KeyModifiers::NONE)
}

fn ctrl(c: char) -> Event {
    key(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// A private scratch folder for one test, removed when it ends.
fn dir(tag: &str) -> support::scratch::Scratch {
    support::scratch::Scratch::new(&format!("tuicases-{tag}"))
}

fn app(input: &str, with: Option<&str>, base: Option<&str>, cases: &Path) -> App {
    App::new(AppConfig {
        input: input.into(),
        with: with.map(str::to_string),
        base: base.map(str::to_string),
        cases: Some(cases.to_path_buf()),
        ..AppConfig::default()
    })
}

/// `idbench test FILE` as JSON: (exit code, the report).
fn run_test(file: &Path) -> (Option<i32>, serde_json::Value) {
    let o = Command::new(BIN)
        .args(["test", &file.display().to_string(), "--format", "json"])
        .output()
        .expect("idbench test");
    let v = serde_json::from_slice(&o.stdout).unwrap_or(serde_json::Value::Null);
    (o.status.code(), v)
}

#[test]
fn the_picker_shows_the_cases_marked_passing_or_failing() {
    let d = dir("picker");
    let f = d.join("mine.toml");
    std::fs::write(
        &f,
        "[[case]]\ninput = \"http://good.example/\"\nvalid = true\n\n[[case]]\ninput = \"http://bad example/\"\nprofile = \"rfc3986\"\nvalid = true\n",
    )
    .expect("write");
    let mut a = app("", None, None, &f);
    a.handle(ctrl('o'));
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("your cases · 2, 1 failing"), "{s}");
    let good = s
        .lines()
        .find(|l| l.contains("http://good.example/"))
        .expect("good row");
    let bad = s
        .lines()
        .find(|l| l.contains("http://bad example/"))
        .expect("bad row");
    assert!(good.contains("✓ http://good.example/"), "{good}");
    assert!(bad.contains("✗ http://bad example/"), "{bad}");
    // The first case is selected; its details say it passes. The second's say why not.
    assert!(s.contains("passes"), "{s}");
    a.handle(key(KeyCode::Down, KeyModifiers::NONE));
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("FAILS"), "{s}");
    assert!(s.contains("valid: expected true, got false"), "{s}");
    // Enter loads it, under its profile; the status says it fails.
    a.handle(key(KeyCode::Enter, KeyModifiers::NONE));
    let st = a.status().unwrap_or_default().to_string();
    assert!(st.starts_with("case loaded: FAILS: valid"), "{st}");
    assert!(screen(&mut a, 100, 30).contains("http://bad example/"));
    // The filter finds the failing ones.
    a.handle(ctrl('o'));
    for c in "failing".chars() {
        a.handle(ch(c));
    }
    let s = screen(&mut a, 100, 30);
    assert!(
        s.contains("http://bad example/") && !s.contains("http://good.example/"),
        "{s}"
    );
}

#[test]
fn a_cases_file_that_does_not_read_is_named_on_the_status_line() {
    let d = dir("bad");
    let f = d.join("bad.toml");
    std::fs::write(&f, "[[case]]\ninput = \"x\"\nvalud = true\n").expect("write");
    let a = app("", None, None, &f);
    let st = a.status().unwrap_or_default().to_string();
    assert!(
        st.contains(&format!("{}:3:1: unknown key `valud`", f.display())),
        "{st}"
    );
}

#[test]
fn a_view_saved_as_a_case_passes_when_run() {
    let d = dir("save");
    let f = d.join("saved.toml");
    // A plain view with an error, a pair in diff mode, a reference with a base.
    let mut views = [
        app("http://exa mple.com/%7e", None, None, &f),
        app(
            "HTTP://Example.COM/%7e",
            Some("http://example.com/~"),
            None,
            &f,
        ),
        app("urn:example:A", Some("urn:example:a"), None, &f),
        app("../g", None, Some("http://a/b/c/d;p?q"), &f),
    ];
    for a in &mut views {
        a.handle(ctrl('s'));
        assert!(screen(a, 100, 30).contains("append this view as a case to the cases file"));
        a.handle(ch('a'));
        let st = a.status().unwrap_or_default().to_string();
        assert_eq!(
            st,
            format!(
                "case appended to {0} (idbench test {0} runs it)",
                f.display()
            )
        );
    }
    let text = std::fs::read_to_string(&f).expect("saved");
    assert_eq!(text.matches("[[case]]").count(), 4, "{text}");
    assert!(
        text.contains("valid = false\nerror = \"illegal-char\"\nerror_at = 10\n"),
        "{text}"
    );
    assert!(
        text.contains("equivalent = \"http://example.com/~\"\nstep = \"RFC 3986 §6.2.2\"\n"),
        "{text}"
    );
    assert!(
        text.contains("not_equivalent = \"urn:example:a\"\nstep = \"RFC 8141 §3.1\"\n"),
        "{text}"
    );
    assert!(
        text.contains("base = \"http://a/b/c/d;p?q\"")
            && text.contains("target = \"http://a/b/g\""),
        "{text}"
    );
    assert!(text.contains("forms = { "), "{text}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&f).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let (code, v) = run_test(&f);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        (v["cases"].as_u64(), v["failed"].as_u64()),
        (Some(4), Some(0))
    );
    // The picker of the last view shows what it appended, passing.
    let a = &mut views[3];
    a.handle(ctrl('o'));
    let s = screen(a, 100, 30);
    assert!(s.contains("your cases · 4, 0 failing"), "{s}");
}

#[cfg(unix)]
#[test]
fn a_link_planted_at_the_cases_file_is_not_followed() {
    let d = dir("link");
    let victim = d.join("victim.txt");
    std::fs::write(&victim, "keep\n").expect("victim");
    let f = d.join("cases.toml");
    std::os::unix::fs::symlink(&victim, &f).expect("symlink");
    let mut a = App::new(AppConfig {
        input: "http://a/".into(),
        cases: Some(f.clone()),
        ..AppConfig::default()
    });
    a.handle(ctrl('s'));
    a.handle(ch('a'));
    let st = a.status().unwrap_or_default().to_string();
    assert!(
        st.starts_with(&format!("could not append the case to {}", f.display())),
        "{st}"
    );
    assert!(st.contains("symbolic link"), "{st}");
    assert_eq!(std::fs::read_to_string(&victim).expect("victim"), "keep\n");
}

/// Issue 34 item 2: the `--cases` file's grammars stay in its folder unless the workbench
/// was started with `--allow-outside-grammar`, and a grammar that does not read as ABNF is
/// named on the status line without its words.
#[test]
fn a_cases_grammar_outside_the_folder_is_refused_and_never_quoted() {
    let d = dir("outside");
    std::fs::create_dir_all(d.join("home")).expect("home");
    std::fs::create_dir_all(d.join("cases")).expect("cases");
    std::fs::write(d.join("home/credentials"), "password = s3cr3tvalue\n").expect("secret");
    std::fs::write(d.join("cases/inside.abnf"), "password = s3cr3tvalue\n").expect("secret");
    let case = |g: &str| {
        format!("[[case]]\ninput = \"x\"\nparses = true\ngrammar = \"{g}\"\nstart = \"password\"\n")
    };
    let f = d.join("cases/c.toml");
    std::fs::write(&f, case("../home/credentials")).expect("cases");
    let mut a = app("", None, None, &f);
    let st = a.status().unwrap_or_default().to_string();
    assert!(st.contains("--allow-outside-grammar"), "{st}");
    assert!(!st.contains("s3cr3tvalue"), "{st}");
    assert!(!screen(&mut a, 100, 30).contains("s3cr3tvalue"));
    // Allowed, it is read, and named without its words.
    let mut a = App::new(AppConfig {
        cases: Some(f.clone()),
        cases_grammars: idbench::cases::GrammarPaths::Anywhere,
        ..AppConfig::default()
    });
    let st = a.status().unwrap_or_default().to_string();
    assert!(st.contains("does not read as ABNF ("), "{st}");
    assert!(!st.contains("s3cr3tvalue"), "{st}");
    assert!(!screen(&mut a, 100, 30).contains("s3cr3tvalue"));
    // Inside the folder, not quoted either.
    std::fs::write(&f, case("inside.abnf")).expect("cases");
    let mut a = app("", None, None, &f);
    let st = a.status().unwrap_or_default().to_string();
    assert!(
        st.contains("grammar inside.abnf does not read as ABNF ("),
        "{st}"
    );
    assert!(!st.contains("s3cr3tvalue"), "{st}");
    assert!(!screen(&mut a, 100, 30).contains("s3cr3tvalue"));
}

/// The workbench's `--cases` file may start empty (Ctrl-S `a` fills it): no error, unlike
/// `idbench test`, which says there are no cases.
#[test]
fn an_empty_cases_file_opens_without_an_error() {
    let d = dir("empty");
    let f = d.join("new.toml");
    std::fs::write(&f, "").expect("empty");
    let a = app("http://a/", None, None, &f);
    assert!(
        a.status().is_none_or(|s| !s.contains("no cases")),
        "{:?}",
        a.status()
    );
    // TOML cases in a file not named .toml are said even here.
    let g = d.join("new.txt");
    std::fs::write(&g, "[[case]]\ninput = \"http://a/\"\nvalid = true\n").expect("toml");
    let a = app("http://a/", None, None, &g);
    let st = a.status().unwrap_or_default().to_string();
    assert!(st.contains("rename it to end in .toml"), "{st}");
}

/// A case saved from the grammar lab names the grammar relative to the cases file when it
/// is in the cases file's folder, so `idbench test` runs it without the flag.
#[test]
fn a_lab_case_names_its_grammar_relative_to_the_cases_file() {
    let d = dir("labsave");
    let g = d.join("pair.abnf");
    std::fs::write(&g, "pair = 1*%x61-7A \"=\" 1*%x30-39\n").expect("grammar");
    let f = d.join("saved.toml");
    let lab = idbench::tui::lab::LabFile::open(&g, "pair").expect("the grammar reads");
    let mut a = App::new(AppConfig {
        input: "ab=12".into(),
        profile: Some(lab.profile),
        lab: Some(lab),
        cases: Some(f.clone()),
        ..AppConfig::default()
    });
    a.handle(ctrl('s'));
    a.handle(ch('a'));
    let st = a.status().unwrap_or_default().to_string();
    assert!(st.starts_with("case appended to"), "{st}");
    assert!(!st.contains("--allow-outside-grammar"), "{st}");
    let text = std::fs::read_to_string(&f).expect("saved");
    assert!(
        text.contains("grammar = \"pair.abnf\"\nstart = \"pair\"\n"),
        "{text}"
    );
    let (code, v) = run_test(&f);
    assert_eq!(code, Some(0), "{v}");
    // Saved to a cases file in another folder, the grammar is named by its absolute path,
    // and the status says the run needs the flag.
    std::fs::create_dir_all(d.join("other")).expect("other");
    let f2 = d.join("other/saved.toml");
    let lab = idbench::tui::lab::LabFile::open(&g, "pair").expect("the grammar reads");
    let mut a = App::new(AppConfig {
        input: "ab=12".into(),
        profile: Some(lab.profile),
        lab: Some(lab),
        cases: Some(f2.clone()),
        ..AppConfig::default()
    });
    a.handle(ctrl('s'));
    a.handle(ch('a'));
    let st = a.status().unwrap_or_default().to_string();
    assert!(st.contains("idbench test --allow-outside-grammar"), "{st}");
    let (code, _) = run_test(&f2);
    assert_eq!(code, Some(2));
}
