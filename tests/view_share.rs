//! One view, every share path (issue 37): a case saved with Ctrl-S `a` passes
//! `idbench test` for each shape of view, the report's "Reopen this view" command reopens
//! what the report says, a badge says on screen and in every shared output while a layer
//! is off, `idbench tui` reads every part of a view, and JUnit writes one `<failure>` per
//! test case.

mod support;

use std::path::Path;
use std::process::Command;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use idbench::cli::{Command as Sub, parse_args};
use idbench::report::ReportFormat;
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use idbench::view::{Selection, View};
use support::{BIN, screen};

const UPPER: &str = "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6";
const LOWER: &str = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6";

fn key(code: KeyCode, mods: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, mods))
}

/// A private scratch folder for one test, removed when it ends.
fn dir(tag: &str) -> support::scratch::Scratch {
    support::scratch::Scratch::new(&format!("viewshare-{tag}"))
}

/// `idbench ARGS`: (exit code, stdout, stderr).
fn idbench(args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(BIN).args(args).output().expect("run idbench");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Ctrl-S `a`: the view appended to the app's cases file.
fn save_case(a: &mut App) {
    a.handle(key(KeyCode::Char('s'), KeyModifiers::CONTROL));
    a.handle(key(KeyCode::Char('a'), KeyModifiers::NONE));
}

/// A case saved from the workbench for each shape of view passes `idbench test` (the
/// real binary), and the examples picker marks it passing.
#[test]
fn a_case_saved_from_each_shape_of_view_passes_idbench_test() {
    let d = dir("shapes");
    let shapes: [(&str, AppConfig); 5] = [
        (
            "isbn",
            AppConfig {
                input: "urn:ISBN:0-451-45052-3".into(),
                ..AppConfig::default()
            },
        ),
        (
            "uuid-pair-namespaces-off",
            AppConfig {
                input: UPPER.into(),
                with: Some(LOWER.into()),
                namespace: false,
                ..AppConfig::default()
            },
        ),
        (
            "uuid-pair",
            AppConfig {
                input: UPPER.into(),
                with: Some(LOWER.into()),
                ..AppConfig::default()
            },
        ),
        (
            "base",
            AppConfig {
                input: "../g?y".into(),
                base: Some("http://a/b/c/d;p?q".into()),
                ..AppConfig::default()
            },
        ),
        (
            "diff",
            AppConfig {
                input: "URN:foo:a123,456".into(),
                with: Some("urn:FOO:a123%2c456".into()),
                profile: Some(idbench::Profile::Rfc2141),
                ..AppConfig::default()
            },
        ),
    ];
    for (tag, config) in shapes {
        let file = d.join(format!("{tag}.toml"));
        let mut a = App::new(AppConfig {
            cases: Some(file.clone()),
            ..config
        });
        save_case(&mut a);
        let status = a.status().unwrap_or_default().to_string();
        assert!(status.starts_with("case appended to"), "{tag}: {status}");
        let text = std::fs::read_to_string(&file).expect("the case file");
        let (code, out, err) = idbench(&["test", &file.display().to_string()]);
        assert_eq!(code, Some(0), "{tag}:\n{text}\n{out}{err}");
        // The picker marks the case just saved as passing.
        a.handle(key(KeyCode::Char('o'), KeyModifiers::CONTROL));
        let s = screen(&mut a, 120, 40);
        assert!(
            s.contains("your cases · 1,") || s.contains("your cases · 1 "),
            "{s}"
        );
        assert!(!s.contains("1 failing"), "{tag}: {s}");
        assert!(s.contains('✓'), "{tag}: {s}");
    }
    // The pair saved with namespaces off says so in the file, and records the URN spec's
    // answer (not equivalent); saved with them on, the namespace's (equivalent).
    let off = std::fs::read_to_string(d.join("uuid-pair-namespaces-off.toml")).expect("read");
    assert!(off.contains("namespaces = false"), "{off}");
    assert!(off.contains("not_equivalent = "), "{off}");
    let on = std::fs::read_to_string(d.join("uuid-pair.toml")).expect("read");
    assert!(!on.contains("namespaces"), "{on}");
    assert!(on.contains("\nequivalent = "), "{on}");
    // The ISBN case records the namespace layer's canonical form, which `test` now has.
    let isbn = std::fs::read_to_string(d.join("isbn.toml")).expect("read");
    assert!(isbn.contains("canonical_namespace"), "{isbn}");
    let _ = std::fs::remove_dir_all(&d);
}

/// `idbench test --no-namespace` runs the cases that do not set `namespaces` by the URN
/// spec alone; a case's own `namespaces` wins over it.
#[test]
fn idbench_test_takes_no_namespace_and_a_case_may_carry_it() {
    let d = dir("nons");
    let f = d.join("c.toml");
    std::fs::write(
        &f,
        format!(
            "[[case]]\ninput = \"{UPPER}\"\nequivalent = \"{LOWER}\"\n\n\
             [[case]]\ninput = \"{UPPER}\"\nnamespaces = false\nnot_equivalent = \"{LOWER}\"\n"
        ),
    )
    .expect("write");
    let f = f.display().to_string();
    let (code, out, err) = idbench(&["test", &f]);
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, out, _) = idbench(&["test", "--no-namespace", &f, "--format", "json"]);
    assert_eq!(code, Some(1), "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["failed"], 1, "{out}");
    assert_eq!(v["failures"][0]["index"], 1, "{out}");
    // A wrong value is an error with its line and column.
    let bad = d.join("bad.toml");
    std::fs::write(
        &bad,
        "[[case]]\ninput = \"a\"\nvalid = true\nnamespaces = \"no\"\n",
    )
    .expect("write");
    let (code, _, err) = idbench(&["test", &bad.display().to_string()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains(":4:") && err.contains("`namespaces` must be true or false"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// JUnit: one `<failure>` per test case, its message every unmet expectation, joined.
#[test]
fn junit_writes_one_failure_per_test_case() {
    let d = dir("junit");
    let f = d.join("c.toml");
    std::fs::write(
        &f,
        "[[case]]\ninput = \"http://a/\"\nprofile = \"rfc3986\"\nvalid = false\nerror_at = 3\nforms = { canonical = \"x\" }\n",
    )
    .expect("write");
    let (code, out, _) = idbench(&["test", &f.display().to_string(), "--format", "junit"]);
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(out.matches("<failure ").count(), 1, "{out}");
    let line = out
        .lines()
        .find(|l| l.contains("<failure "))
        .expect("a failure");
    for field in [
        "valid: expected false",
        "error_at: expected 3",
        "forms.canonical: expected x",
    ] {
        assert!(line.contains(field), "{field}: {line}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// The report of a view with namespaces off says so, and its "Reopen this view" command,
/// run as `explain`, gives the same report (it carries `--no-namespace`): the report said
/// "Not equivalent" while its own reopen command gave "Equivalent".
#[test]
fn the_report_and_its_reopen_command_agree() {
    let a = App::new(AppConfig {
        input: UPPER.into(),
        with: Some(LOWER.into()),
        namespace: false,
        ..AppConfig::default()
    });
    let md = a.share_text(Some(ReportFormat::Markdown));
    assert!(md.contains("Layers off: URN namespaces"), "{md}");
    assert!(md.contains("Not equivalent"), "{md}");
    let cmd = a.share_text(None);
    assert!(cmd.contains("--no-namespace"), "{cmd}");
    // The view's arguments, given to `explain` instead of `tui`, print the same report.
    let mut args = a.view().to_args();
    args[0] = "explain".into();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (_, out, err) = idbench(&args);
    assert_eq!(out, md, "{err}");
    // With the layer on, the same pair is equivalent, and the command has no switch.
    let on = App::new(AppConfig {
        input: UPPER.into(),
        with: Some(LOWER.into()),
        ..AppConfig::default()
    });
    assert!(!on.share_text(None).contains("--no-namespace"));
    assert!(
        !on.share_text(Some(ReportFormat::Text))
            .contains("Layers off")
    );
}

/// While a layer is off a badge says so on screen (80×24), in the command line, the
/// report and the case.
#[test]
fn a_badge_says_a_layer_is_off_on_screen_and_in_every_shared_output() {
    let mut a = App::new(AppConfig {
        input: "urn:ISBN:0-451-45052-3".into(),
        namespace: false,
        ..AppConfig::default()
    });
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("badge_namespaces_off_80x24", s);
    let top: Vec<&str> = s.lines().take(3).collect();
    assert!(top[2].contains("layers off: URN namespaces"), "{s}");
    // It stays once the status line says something else (Ctrl-N twice: off again).
    a.handle(key(KeyCode::Char('n'), KeyModifiers::CONTROL));
    let s = screen(&mut a, 80, 24);
    assert!(!s.contains("layers off"), "the layer is on: {s}");
    a.handle(key(KeyCode::Char('n'), KeyModifiers::CONTROL));
    a.handle(key(KeyCode::Tab, KeyModifiers::NONE));
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("layers off: URN namespaces"), "{s}");
    assert!(a.share_text(None).contains("--no-namespace"));
    assert!(
        a.share_text(Some(ReportFormat::Text))
            .contains("Layers off: URN namespaces")
    );
    let case = idbench::cases::to_toml(&a.view_case().expect("a case"));
    assert!(case.contains("namespaces = false"), "{case}");
    assert!(case.contains("layers off: URN namespaces"), "{case}");
}

/// `idbench tui` reads every part of a view: `--select`, `--focus`, `--no-namespace`,
/// and the whole view as `--view QUERY`, which excludes the separate options.
#[test]
fn idbench_tui_reads_every_part_of_a_view() {
    let v = View {
        a: "urn:ISBN:0-451-45052-3".into(),
        profile: Some("rfc8141".into()),
        layers: idbench::view::Layers {
            namespaces: false,
            ..Default::default()
        },
        selection: Some(Selection {
            side: 0,
            path: vec![0, 2],
        }),
        focus: Some("tree".into()),
        ..View::default()
    };
    let parse = |args: Vec<String>| {
        let mut all = vec!["idbench".to_string()];
        all.extend(args);
        match parse_args(all.iter().map(Into::into).collect()) {
            Ok(cli) => match cli.command {
                Some(Sub::Tui(t)) => Ok(t.to_view()),
                _ => panic!("not the tui command"),
            },
            Err(_) => Err(()),
        }
    };
    assert_eq!(parse(v.to_args()), Ok(v.clone()));
    assert_eq!(
        parse(vec!["tui".into(), format!("--view={}", v.to_query())]),
        Ok(v.clone())
    );
    assert!(parse(vec!["tui".into(), "--view=id=a".into(), "b".into()]).is_err());
    assert!(parse(vec!["tui".into(), "--view=id=a&nss=0".into()]).is_err());
    assert!(parse(vec!["tui".into(), "--view=id=a&profile=nope".into()]).is_err());
    assert!(parse(vec!["tui".into(), "--select=c.1".into(), "a".into()]).is_err());
}

/// A reopened view restores its selection (a node path) when the tree has it, its focus,
/// and says what it could not restore.
#[test]
fn a_selection_is_a_node_path_restored_when_the_tree_has_it() {
    let a = App::new(AppConfig {
        input: "urn:ISBN:0-451-45052-3".into(),
        selection: Some(Selection {
            side: 0,
            path: vec![0, 2],
        }),
        focus: Some("tree".into()),
        ..AppConfig::default()
    });
    let node = a.analysis(0).tree.get(a.selected_node(0)).expect("a node");
    assert_eq!(node.kind().name(), "nss", "assigned-name's third child");
    let v = a.view();
    assert_eq!(v.selection.map(|s| s.path), Some(vec![0, 2]));
    assert_eq!(v.focus.as_deref(), Some("tree"));
    let b = App::new(AppConfig {
        input: "urn:a:b".into(),
        selection: Some(Selection {
            side: 0,
            path: vec![9, 9],
        }),
        focus: Some("nowhere".into()),
        ..AppConfig::default()
    });
    let s = b.status().unwrap_or_default();
    assert!(
        s.contains("no node a.9.9") && s.contains("no part `nowhere`"),
        "{s}"
    );
    assert_eq!(b.view().selection, None);
}

/// A deck step may set any part of a view: its slide shows the badge and its selection.
#[test]
fn a_deck_step_sets_any_part_of_a_view() {
    let d = dir("deck");
    let text = format!(
        "size = \"80x24\"\n[[step]]\nview = \"{}\"\n\n[[step]]\ninput = \"{UPPER}\"\nwith = \"{LOWER}\"\nnamespaces = false\nfocus = \"ladder\"\n",
        View {
            a: "urn:ISBN:0-451-45052-3".into(),
            layers: idbench::view::Layers {
                namespaces: false,
                ..Default::default()
            },
            selection: Some(Selection {
                side: 0,
                path: vec![0, 2],
            }),
            focus: Some("tree".into()),
            ..View::default()
        }
        .to_query()
    );
    let deck = idbench::tui::present::Deck::parse(&text, &d).expect("a deck");
    assert!(!deck.steps[0].view.layers.namespaces);
    assert_eq!(deck.steps[1].view.b.as_deref(), Some(LOWER));
    for step in &deck.steps {
        let a = idbench::tui::present::render::step_app(&deck, step).expect("replays");
        assert_eq!(a.view().layers, step.view.layers);
        assert_eq!(a.view().focus, step.view.focus);
    }
    let a = idbench::tui::present::render::step_app(&deck, &deck.steps[1]).expect("replays");
    assert!(
        a.share_text(Some(ReportFormat::Text))
            .contains("Not equivalent")
    );
    let bad = idbench::tui::present::Deck::parse("[[step]]\nview = \"id=a&x=1\"\n", Path::new("."));
    assert!(bad.is_err_and(|e| e.iter().any(|m| m.contains("`x`"))));
    let _ = std::fs::remove_dir_all(&d);
}
