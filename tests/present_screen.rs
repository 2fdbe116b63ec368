//! Ctrl-S then `s` or `h` saves the screen as `idbench-screen-NN.svg` or `.html`: the first
//! free number, never over a file, following no link, said on the status line; the same
//! exporter as `idbench replay`. A presenter's step saves nothing.

mod support;

use idbench::tui::event::Event;

/// A private scratch folder for one test, removed when it ends.
fn temp_dir(tag: &str) -> support::scratch::Scratch {
    support::scratch::Scratch::new(&format!("screen-{tag}"))
}

#[test]
fn ctrl_s_s_and_h_save_the_screen_without_overwriting_or_following_links() {
    let dir = temp_dir("save");
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep").unwrap_or_else(|e| panic!("{e}"));
    // 01 is a planted link, 02 an existing file: the save goes to 03.
    std::os::unix::fs::symlink(&victim, dir.join("idbench-screen-01.svg"))
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("idbench-screen-02.svg"), "mine").unwrap_or_else(|e| panic!("{e}"));
    let mut app = support::app("urn:example:a<b>&c");
    app.set_screen_dir(&dir);
    support::draw(&mut app, 80, 24);
    support::feed(&mut app, [Event::ctrl('s'), Event::typed("s")[0].clone()]);
    let status = app.status().unwrap_or_default().to_string();
    assert!(status.contains("idbench-screen-03.svg"), "{status}");
    assert_eq!(
        std::fs::read_to_string(&victim).ok().as_deref(),
        Some("keep")
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("idbench-screen-02.svg"))
            .ok()
            .as_deref(),
        Some("mine")
    );
    let svg = std::fs::read_to_string(dir.join("idbench-screen-03.svg")).unwrap_or_default();
    assert!(svg.starts_with("<?xml"), "{svg}");
    assert!(svg.contains("urn:example:a&lt;b&gt;&amp;c"), "{svg}");
    assert_eq!(svg.matches("<text ").count(), 24, "one <text> per row");
    assert!(
        !svg.contains("Share · Esc closes"),
        "the menu is closed before the save"
    );
    use std::os::unix::fs::PermissionsExt as _;
    let mode = std::fs::metadata(dir.join("idbench-screen-03.svg"))
        .map(|m| m.permissions().mode() & 0o777)
        .unwrap_or(0);
    assert_eq!(mode, 0o600);
    // HTML: its own numbers.
    support::feed(&mut app, [Event::ctrl('s'), Event::typed("h")[0].clone()]);
    let status = app.status().unwrap_or_default().to_string();
    assert!(status.contains("idbench-screen-01.html"), "{status}");
    let html = std::fs::read_to_string(dir.join("idbench-screen-01.html")).unwrap_or_default();
    assert!(
        html.contains("<pre>") && html.contains("urn:example:a&lt;b&gt;&amp;c"),
        "{html}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_share_menu_and_help_list_the_screen_saves() {
    let mut app = support::app("a:b");
    support::draw(&mut app, 100, 30);
    app.handle(Event::ctrl('s'));
    let menu = support::screen(&mut app, 100, 30);
    assert!(
        menu.contains("save the screen as idbench-screen-NN.svg here"),
        "{menu}"
    );
    assert!(
        menu.contains("save the screen as idbench-screen-NN.html here"),
        "{menu}"
    );
}

#[test]
fn a_presenters_step_saves_no_file() {
    let dir = temp_dir("presenter");
    let deck = idbench::tui::present::Deck::parse(
        "[[step]]\nname = \"s\"\ninput = \"a:b\"\nkeys = [\"Ctrl-S\", \"s\"]\n",
        &dir,
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let app = idbench::tui::present::render::step_app(&deck, &deck.steps[0])
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        app.status().unwrap_or_default().contains("saves no file"),
        "{:?}",
        app.status()
    );
    assert_eq!(std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0), 0);
    let _ = std::fs::remove_dir_all(&dir);
}
