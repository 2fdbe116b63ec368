//! The grammar lab in the workbench (`idbench tui --grammar FILE.abnf --start RULE`): the
//! `lab` profile in the strip beside the built-ins, the tree with the grammar's rule names
//! and the parse count in its title, `r` stepping through the parses, the production in
//! Details, and the grammar read again when its file changes (a broken rewrite keeps the
//! last good grammar and shows its errors).

mod support;

use crossterm::event::KeyCode;
use idbench::engine::{Profile, rules};
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use idbench::tui::lab::LabFile;
use idbench::tui::model::{Model, OFFERED_MAX, Offered, Texts};
use support::{focus, screen};

/// RFC 8141's ABNF as idbench reads it.
fn rfc8141() -> String {
    rules::grammar(Profile::Rfc8141)
        .productions()
        .iter()
        .map(|p| format!("{}\n", p.text()))
        .collect()
}

fn shape(app: &App) -> Vec<(String, usize, usize)> {
    app.analysis(0)
        .tree
        .iter()
        .map(|n| (n.rule().to_string(), n.span().start, n.span().end))
        .collect()
}

#[test]
fn the_lab_profile_shows_every_parse_and_reloads_its_grammar() {
    let dir = support::scratch::dir("tui-lab");
    let path = dir.join("draft.abnf");
    std::fs::write(&path, rfc8141()).expect("written");

    let lab = LabFile::open(&path, "namestring").expect("the grammar reads");
    let mut app = App::new(AppConfig {
        input: "urn:example:a?+b?=c".into(),
        profile: Some(lab.profile),
        lab: Some(lab),
        ..AppConfig::default()
    });
    assert_eq!(app.profile().map(Profile::name), Some("lab"));
    assert_eq!(app.analysis(0).tree.root().rule(), "namestring");

    // The strip: the built-ins' verdicts, then the lab cell in use.
    let s = screen(&mut app, 140, 40);
    assert!(s.contains("[lab ✓]"), "{s}");
    assert!(s.contains("8141"), "the built-ins stay in the strip: {s}");
    // The tree: the grammar's rule names, the parse count in the title.
    assert!(s.contains("2 parses · tree 1/2"), "{s}");
    assert!(s.contains("alphanum"), "{s}");
    // At 80x24 the title keeps the node count whole and the parse it shows.
    let s = screen(&mut app, 80, 24);
    let title = s.lines().find(|l| l.contains("Tree ·")).unwrap_or_default();
    let nodes = app.analysis(0).tree.len();
    assert!(title.contains(&format!("· {nodes} nodes")), "{title}");
    assert!(title.contains("1/2"), "{title}");

    // `r` in the tree steps to the other parse, and back.
    let first = shape(&app);
    focus(&mut app, Focus::Tree);
    app.handle(Event::key(KeyCode::Char('r')));
    let second = shape(&app);
    assert_ne!(first, second, "another derivation");
    assert_eq!(second[0].0, "namestring");
    assert_eq!(app.status(), Some("parse 2 of 2 (2 parses)"));
    // Details of the selected node shows its rule's production (the root's: the node
    // selected before may be a literal now).
    app.handle(Event::key(KeyCode::Home));
    let s = screen(&mut app, 140, 40);
    assert!(s.contains("2 parses · tree 2/2"), "{s}");
    assert!(s.contains("production"), "{s}");
    app.handle(Event::key(KeyCode::Char('r')));
    assert_eq!(shape(&app), first, "after the last parse, the first again");

    // Nothing changed on disk: a tick does nothing.
    assert!(!app.tick());

    // The file is rewritten: a tick reads it again and the tree follows.
    std::fs::write(
        &path,
        "namestring = greeting\ngreeting = \"urn:\" *(ALPHA / \":\" / \"?\" / \"+\" / \"=\")\n",
    )
    .expect("rewritten");
    assert!(app.tick());
    assert_eq!(
        shape(&app)[..2],
        [
            ("namestring".to_string(), 0, 19),
            ("greeting".to_string(), 0, 19)
        ]
    );
    let s = screen(&mut app, 140, 40);
    assert!(s.contains("1 parse ·"), "{s}");
    assert!(s.contains("greeting"), "{s}");

    // A broken rewrite keeps the last good grammar and shows its errors.
    std::fs::write(&path, "namestring = greeting\ngreeting = = \"x\"\n").expect("broken");
    assert!(app.tick());
    assert_eq!(
        app.analysis(0).tree.iter().nth(1).map(|n| n.rule()),
        Some("greeting")
    );
    let status = app.status().unwrap_or_default().to_string();
    assert!(status.contains("does not read"), "{status}");
    assert!(status.contains("line 2"), "{status}");
    assert!(
        status.starts_with("line 2 column 12:"),
        "the syntax error leads: {status}"
    );
    let s = screen(&mut app, 140, 40);
    assert!(s.contains("line 2 column 12:"), "{s}");
    assert!(s.contains("Grammar errors · 2"), "{s}");

    // An input the grammar rejects: the error names what was expected.
    std::fs::write(&path, rfc8141()).expect("restored");
    assert!(app.tick());
    assert!(app.analysis(0).valid());
    focus(&mut app, Focus::Input);
    app.handle(Event::key(KeyCode::End));
    app.handle(Event::key(KeyCode::Char('^')));
    let e = app
        .analysis(0)
        .first_error()
        .map(|d| (d.span.start, d.message.clone()));
    let (at, message) = e.expect("`^` breaks RFC 8141's grammar");
    assert_eq!(at, 19);
    assert!(message.contains("expected one of"), "{message}");
    assert!(
        message.contains("\"#\""),
        "the fragment's `#` is expected: {message}"
    );
    let expected = app
        .analysis(0)
        .first_error()
        .map(|d| d.expected.clone())
        .unwrap_or_default();
    assert!(
        expected.contains(&"\"#\""),
        "the structured list names what the sentence does: {expected:?}"
    );
    let s = screen(&mut app, 140, 40);
    assert!(s.contains("0 parses"), "{s}");
    assert!(s.contains("expected one of"), "{s}");

    // Ctrl-P leaves the lab for auto and the built-ins, and comes back to it: the lab cell
    // stays in the strip with its own verdict while another profile is in use.
    app.handle(Event::ctrl('p'));
    assert_eq!(app.profile(), None, "after the lab, auto");
    let s = screen(&mut app, 140, 40);
    assert!(s.contains(" lab ✗ "), "the lab's verdict, not in use: {s}");
    for _ in 0..Profile::ALL.len() {
        app.handle(Event::ctrl('p'));
        assert!(app.profile().is_some_and(|p| p.name() != "lab"));
    }
    app.handle(Event::ctrl('p'));
    assert_eq!(
        app.profile().map(Profile::name),
        Some("lab"),
        "back to the lab"
    );
    let s = screen(&mut app, 140, 40);
    assert!(s.contains("[lab ✗]"), "{s}");

    // Saved as a case, the lab view holds the grammar's verdict with the grammar and start
    // rule (there is no `lab` profile in a cases file), and the case passes when run.
    let case = app.view_case().expect("the grammar reads back");
    let text = idbench::cases::to_toml(&case);
    assert!(text.contains("parses = false"), "{text}");
    assert!(text.contains("start = \"namestring\""), "{text}");
    assert!(!text.contains("profile = \"lab\""), "{text}");
    let cases = dir.join("cases.toml");
    std::fs::write(&cases, &text).expect("written");
    // Without a cases file the grammar is named from the working directory's
    // idbench-cases.toml: by its absolute path here, which needs --allow-outside-grammar.
    let opts = idbench::cases::LoadOptions {
        grammars: idbench::cases::GrammarPaths::Anywhere,
        allow_empty: false,
    };
    let file = idbench::cases::load_with(&cases, opts).expect("the saved case reads");
    for c in &file.cases {
        assert!(idbench::cases::run(c, None).is_empty(), "{text}");
    }

    // Diff mode: `r` in B's tree steps B's parses, and A's tree stays as it was.
    let lab = app.profile();
    let file = LabFile::open(&path, "namestring").expect("the grammar reads");
    let grammar = file.lab();
    let mut diff = App::new(AppConfig {
        input: "urn:ex:abc".into(),
        with: Some("urn:example:a?+b?=c".into()),
        profile: lab,
        lab: Some(file),
        ..AppConfig::default()
    });
    let tree_of = |app: &App, side: usize| -> Vec<(String, usize, usize)> {
        app.analysis(side)
            .tree
            .iter()
            .map(|n| (n.rule().to_string(), n.span().start, n.span().end))
            .collect()
    };
    let (a_before, b_before) = (tree_of(&diff, 0), tree_of(&diff, 1));
    diff.handle(Event::key(KeyCode::F(6)));
    focus(&mut diff, Focus::TreeB);
    diff.handle(Event::key(KeyCode::Char('r')));
    assert_eq!(diff.status(), Some("B: parse 2 of 2 (2 parses)"));
    assert_ne!(tree_of(&diff, 1), b_before, "B's other derivation");
    assert_eq!(tree_of(&diff, 0), a_before);
    // Over OFFERED_MAX, while another profile is in use, the user's grammar is not run on
    // each keystroke: the lab's cell says `…` instead of a verdict.
    let lab_p = lab.expect("the lab profile");
    let long = format!("urn:example:{}", "a".repeat(OFFERED_MAX));
    let texts = Texts {
        sides: [&long, ""],
        base: None,
    };
    let mut m = Model::new(texts, false, Some(Profile::Rfc8141), Default::default());
    m.offer(grammar.clone());
    assert_eq!(m.offered(), Some((lab_p, Offered::TooLong)));
    let texts = Texts {
        sides: ["urn:ex:abc", ""],
        base: None,
    };
    let mut m = Model::new(texts, false, Some(Profile::Rfc8141), Default::default());
    m.offer(grammar);
    assert_eq!(m.offered(), Some((lab_p, Offered::Verdict(true))));

    let s = screen(&mut diff, 160, 40);
    let (na, nb) = (diff.analysis(0).tree.len(), diff.analysis(1).tree.len());
    assert!(s.contains(&format!("B · {nb} nodes · parse 2/2")), "{s}");
    assert!(s.contains(&format!("A · {na} nodes · 1 parse")), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The grammar file follows the config rules, and a file that does not read ends the
/// command with exit 2 before the workbench starts (no terminal is needed to say so).
#[test]
fn a_grammar_file_that_does_not_read_exits_2_before_the_workbench() {
    let dir = support::scratch::dir("tui-lab-cli");
    let tui = |path: &std::path::Path, start: &str| {
        let p = path.to_string_lossy().into_owned();
        support::cli::run(&["tui", "--grammar", &p, "--start", start], b"")
    };
    let refused = |out: &support::cli::Out, what: &str| {
        assert_eq!(out.code, Some(2), "{}", out.stderr);
        assert!(out.stderr.contains(what), "{what}: {}", out.stderr);
        assert!(
            !out.stderr.contains("needs a terminal"),
            "refused before the workbench: {}",
            out.stderr
        );
    };

    // A FIFO is refused at once (reading it would block), naming its path.
    let fifo = dir.join("grammar.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if made {
        let out = tui(&fifo, "a");
        refused(&out, "not a regular file");
        assert!(out.stderr.contains("grammar.fifo"), "{}", out.stderr);
    }
    refused(
        &tui(std::path::Path::new("/dev/zero"), "a"),
        "not a regular file",
    );

    // More than 1 MiB.
    let big = dir.join("big.abnf");
    std::fs::write(&big, format!("a = \"x\"\n;{}\n", "c".repeat(1 << 20))).expect("written");
    refused(&tui(&big, "a"), "larger than");

    // More than 10,000 rules.
    let many = dir.join("many.abnf");
    let text: String = (0..10_001).map(|i| format!("r{i} = \"x\"\n")).collect();
    std::fs::write(&many, text).expect("written");
    refused(&tui(&many, "r0"), "does not read");

    // A syntax error, with its line; a start rule the grammar lacks.
    let bad = dir.join("bad.abnf");
    std::fs::write(&bad, "a = \"x\"\nb = = \"y\"\n").expect("written");
    refused(&tui(&bad, "a"), "line 2");
    let good = dir.join("good.abnf");
    std::fs::write(&good, "a = \"x\"\n").expect("written");
    refused(&tui(&good, "nope"), "no rule named `nope`");

    // The path is named with its control characters made visible.
    let odd = dir.join("a\u{1b}[31mb.abnf");
    let out = tui(&odd, "a");
    refused(&out, "a");
    assert!(!out.stderr.contains('\u{1b}'), "{:?}", out.stderr);

    // A grammar that reads goes on to the workbench (which needs a terminal).
    let out = tui(&good, "a");
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("needs a terminal"), "{}", out.stderr);
    // `--grammar` needs `--start`.
    let p = good.to_string_lossy().into_owned();
    let out = support::cli::run(&["tui", "--grammar", &p], b"");
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
