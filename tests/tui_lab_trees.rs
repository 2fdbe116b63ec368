//! The grammar lab's trees show every rule, repetition and literal the parse used, so that
//! distinct parses look distinct (`s = *"a" *"a"` on `aaa` has 4 parses and 4 different
//! trees, in the workbench and in `grammar parse`'s JSON), with a fold back to the rules;
//! and a grammar file that stops reading lists its errors, syntax errors first, above the
//! tree, the status line leading with the first.

mod support;

use crossterm::event::KeyCode;
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use idbench::tui::lab::LabFile;
use support::{focus, screen};

fn rows(app: &App) -> Vec<(String, usize, usize)> {
    app.analysis(0)
        .tree
        .iter()
        .map(|n| (n.rule().to_string(), n.span().start, n.span().end))
        .collect()
}

#[test]
fn distinct_parses_look_distinct_and_grammar_errors_are_listed() {
    let dir = support::scratch::dir("lab-trees");
    let path = dir.join("reps.abnf");
    std::fs::write(&path, "s = *\"a\" *\"a\"\n").expect("written");

    // JSON: the four trees differ.
    let p = path.to_string_lossy().into_owned();
    let out = support::cli::run(
        &["grammar", "parse", &p, "--start", "s", "-f", "json", "aaa"],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["parses"], 4);
    let mut trees = vec![v["tree"].clone()];
    trees.extend(v["other_trees"].as_array().cloned().unwrap_or_default());
    assert_eq!(trees.len(), 4);
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(trees[i], trees[j], "trees {i} and {j}");
        }
    }
    // The first: `*"a"` over `aaa` (three literals), then `*"a"` over nothing.
    let reps = trees[0]["children"].as_array().cloned().unwrap_or_default();
    assert_eq!(reps.len(), 2, "{}", trees[0]);
    assert_eq!(reps[0]["kind"], "repetition");
    assert_eq!(reps[0]["rule"], "*\"a\"");
    assert_eq!(reps[0]["text"], "aaa");
    assert_eq!(reps[0]["children"].as_array().map(Vec::len), Some(3));
    assert_eq!(reps[0]["children"][0]["kind"], "literal");
    assert_eq!(reps[1]["text"], "");
    // --fold: the rules only, the four trees alike.
    let folded = support::cli::run(
        &[
            "grammar", "parse", &p, "--start", "s", "-f", "json", "--fold", "aaa",
        ],
        b"",
    );
    let f: serde_json::Value = serde_json::from_slice(&folded.stdout).expect("JSON");
    assert_eq!(f["parses"], 4);
    assert_eq!(f["tree"]["children"].as_array().map(Vec::len), Some(0));
    assert_eq!(f["other_trees"][0], f["tree"]);

    // The workbench: `r` steps through four different trees.
    let lab = LabFile::open(&path, "s").expect("the grammar reads");
    let mut app = App::new(AppConfig {
        input: "aaa".into(),
        profile: Some(lab.profile),
        lab: Some(lab),
        ..AppConfig::default()
    });
    focus(&mut app, Focus::Tree);
    let mut seen = vec![rows(&app)];
    let mut screens = vec![screen(&mut app, 80, 24)];
    for k in 2..=4 {
        app.handle(Event::key(KeyCode::Char('r')));
        assert_eq!(
            app.status(),
            Some(format!("parse {k} of 4 (4 parses)").as_str())
        );
        seen.push(rows(&app));
        screens.push(screen(&mut app, 80, 24));
    }
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(seen[i], seen[j], "trees {i} and {j}");
            assert_ne!(screens[i], screens[j], "screens {i} and {j}");
        }
    }
    assert_eq!(
        seen[1][..4],
        [
            ("s".to_string(), 0, 3),
            ("*\"a\"".to_string(), 0, 2),
            ("\"a\"".to_string(), 0, 1),
            ("\"a\"".to_string(), 1, 2),
        ]
    );
    insta::assert_snapshot!("lab_parse_2_of_4_80x24", screens[1]);

    // Enter folds the tree to its rules (the parse shown stays), and unfolds it again.
    app.handle(Event::key(KeyCode::Char('r')));
    app.handle(Event::key(KeyCode::Char('r')));
    app.handle(Event::key(KeyCode::Enter));
    assert_eq!(rows(&app), [("s".to_string(), 0, 3)]);
    let s = screen(&mut app, 80, 24);
    assert!(s.contains("folded"), "{s}");
    app.handle(Event::key(KeyCode::Enter));
    assert_eq!(rows(&app), seen[1], "parse 2 again, unfolded");

    // A rewrite with an unclosed `[`: the syntax error leads the status line, and every
    // error is listed above the tree, syntax errors first, each with line and column.
    std::fs::write(
        &path,
        "s = \"urn:\" nid \":\" nss\nnss = *ALPHA [ \"?\" ALPHA\nnid = 1*ALPHA\n",
    )
    .expect("broken");
    assert!(app.tick());
    let status = app.status().unwrap_or_default().to_string();
    assert!(
        status.starts_with("line 2 column 14: `[` is never closed"),
        "{status}"
    );
    let s = screen(&mut app, 80, 24);
    assert!(s.contains("Grammar errors · 2"), "{s}");
    let first = s
        .find("2:14 error[abnf-syntax]")
        .expect("the syntax error listed");
    let second = s
        .find("1:20 error[undefined-rule]")
        .expect("the undefined rule listed");
    assert!(first < second, "syntax errors first: {s}");
    insta::assert_snapshot!("lab_grammar_errors_80x24", s);

    // Fixed: the list goes.
    std::fs::write(&path, "s = *\"a\" *\"a\"\n").expect("fixed");
    assert!(app.tick());
    let s = screen(&mut app, 80, 24);
    assert!(!s.contains("Grammar errors"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}
