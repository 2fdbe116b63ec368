//! Snapshots of each workbench screen on a fixed-size `TestBackend`.
//!
//! The text snapshots show what is drawn; the light-theme snapshot also records the styles.
//! Accept changes with `INSTA_UPDATE=always cargo test --test tui_snapshots` and check each
//! `.snap` file by eye.

mod support;

use crossterm::event::KeyCode;
use idbench::engine::Profile;
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use idbench::tui::theme::Theme;
use support::{app, feed, screen, terminal};

const URN: &str = "urn:ISBN:0451450523?s=I2L&c=ToC";
const XRI: &str = "xri://@example*home!1234/(+contact)/(xri://=drummond*reed/(+email))";
const INVALID: &str = "urn:-bad:has space%zz";

/// The screen as text, each row followed (when it has any) by a row marking its cells in
/// reverse video with `^` and its underlined cells with `_`: what a text snapshot cannot
/// show, and what must stay visible without colour.
fn screen_with_marks(app: &mut App, w: u16, h: u16) -> String {
    use ratatui::style::Modifier;
    let mut t = terminal(w, h);
    app.handle(Event::Resize(w, h));
    if let Err(e) = t.draw(|f| app.draw(f)) {
        match e {}
    }
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        let mut text = String::new();
        let mut marks = String::new();
        for x in 0..w {
            let c = &buf[(x, y)];
            if c.symbol().is_empty() {
                continue; // the second column of a wide character
            }
            text.push_str(c.symbol());
            marks.push(if c.modifier.contains(Modifier::REVERSED) {
                '^'
            } else if c.modifier.contains(Modifier::UNDERLINED) {
                '_'
            } else {
                ' '
            });
        }
        out.push_str(&text);
        out.push('\n');
        if marks.trim().is_empty() {
            continue;
        }
        out.push_str(marks.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn urn_with_directives() {
    let mut a = app(URN);
    insta::assert_snapshot!("urn_100x30", screen(&mut a, 100, 30));
    insta::assert_snapshot!("urn_80x24", screen(&mut a, 80, 24));
}

#[test]
fn xri_with_nested_cross_references() {
    let mut a = app(XRI);
    insta::assert_snapshot!("xri_100x30", screen(&mut a, 100, 30));
    // The tree focused, the selection moved to the third row: the input highlights its span.
    feed(
        &mut a,
        [
            Event::key(KeyCode::Tab),
            Event::key(KeyCode::Home),
            Event::key(KeyCode::Down),
            Event::key(KeyCode::Down),
        ],
    );
    assert_eq!(a.focus(), Focus::Tree);
    let sel = a
        .analysis(0)
        .tree
        .get(a.selected_node(0))
        .map(|n| n.kind().name());
    assert_eq!(sel, Some("authority"));
    insta::assert_snapshot!("xri_tree_80x24", screen(&mut a, 80, 24));
}

#[test]
fn typed_input_is_analysed_at_each_keystroke() {
    let mut a = app("");
    insta::assert_snapshot!("empty_80x24", screen(&mut a, 80, 24));
    feed(&mut a, Event::typed(URN));
    assert_eq!(a.input(0), URN);
    assert_eq!(a.analysis(0).input, URN);
    assert_eq!(screen(&mut a, 100, 30), screen(&mut app(URN), 100, 30));
}

#[test]
fn invalid_input_with_diagnostics() {
    let mut a = app(INVALID);
    insta::assert_snapshot!("invalid_100x30", screen(&mut a, 100, 30));
    // Focus the diagnostics: the first one is selected and the cursor moves to its span.
    feed(
        &mut a,
        [Event::key(KeyCode::BackTab), Event::key(KeyCode::Down)],
    );
    assert_eq!(a.focus(), Focus::Diagnostics);
    insta::assert_snapshot!("invalid_diagnostics_80x24", screen(&mut a, 80, 24));
}

#[test]
fn diff_mode() {
    let mut a = App::new(AppConfig {
        input: "URN:foo:a123,456".into(),
        with: Some("urn:FOO:a123%2c456".into()),
        ..AppConfig::default()
    });
    assert!(a.diff_mode());
    insta::assert_snapshot!("diff_100x30", screen(&mut a, 100, 30));
    insta::assert_snapshot!("diff_80x24", screen(&mut a, 80, 24));
}

#[test]
fn diff_mode_marks_without_colour() {
    // The ladder's cells keep the differing region in view and mark it in reverse video;
    // the selected step's values are shown in full beneath the table, marked too.
    let mut a = App::new(AppConfig {
        input: "URN:foo:a123,456".into(),
        with: Some("urn:FOO:a123%2c456".into()),
        theme: Theme::default().without_colors(),
        ..AppConfig::default()
    });
    insta::assert_snapshot!("diff_80x24_marks", screen_with_marks(&mut a, 80, 24));
    // The ladder focused, the second step selected: its row in reverse video, the
    // difference underlined instead.
    feed(
        &mut a,
        [
            Event::key(KeyCode::Tab),
            Event::key(KeyCode::Tab),
            Event::key(KeyCode::Down),
        ],
    );
    insta::assert_snapshot!("diff_80x24_ladder_marks", screen_with_marks(&mut a, 80, 24));
}

#[test]
fn diff_mode_xri_options() {
    // The compare options in the pane's title; F4 reads A in IRI-normal form (§2.5.2).
    let mut a = App::new(AppConfig {
        input: "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)".into(),
        with: Some("xri://@example/(xri://@example2/abc?id=1)".into()),
        profile: Some(Profile::Xri2),
        ..AppConfig::default()
    });
    a.handle(Event::key(KeyCode::F(4)));
    insta::assert_snapshot!("diff_xri2_options_100x30", screen(&mut a, 100, 30));
}

#[test]
fn help_overlay() {
    let mut a = app(URN);
    a.handle(Event::key(KeyCode::F(1)));
    insta::assert_snapshot!("help_100x30", screen(&mut a, 100, 30));
}

#[test]
fn help_wraps_long_entries_and_scrolls() {
    let mut a = app(URN);
    a.handle(Event::key(KeyCode::F(1)));
    let top = screen(&mut a, 80, 24);
    assert!(top.contains("↑↓ PgUp PgDn scroll"), "{top}");
    // A description longer than its row goes on under the description column: nothing
    // runs into the border.
    a.handle(Event::key(KeyCode::PageDown));
    // Two rows further: the message log's row (Ctrl-L) came before F2; two more: the URI
    // scheme switch's (Ctrl-X), whose description wraps.
    a.handle(Event::key(KeyCode::Down));
    a.handle(Event::key(KeyCode::Down));
    a.handle(Event::key(KeyCode::Down));
    a.handle(Event::key(KeyCode::Down));
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("help_wrapped_80x24", s);
    // F3's description wraps under its column, its end on the next row.
    let rows: Vec<&str> = s.lines().collect();
    let f3 = rows
        .iter()
        .position(|l| l.contains(" F3 "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(rows[f3].contains("cross-references kept"), "{s}");
    assert!(rows[f3 + 1].contains("ignored (§2.5.4)"), "{s}");
    // End goes to the bottom, Home back to the top.
    a.handle(Event::key(KeyCode::End));
    let end = screen(&mut a, 80, 24);
    assert!(
        end.contains("Reading the screen") || end.contains("more text beyond"),
        "{end}"
    );
    a.handle(Event::key(KeyCode::Home));
    assert!(screen(&mut a, 80, 24).contains("Help · rows 1–"));
    a.handle(Event::key(KeyCode::PageDown));
    let s = screen(&mut a, 80, 24);
    // Scrolled: the title says which rows are shown.
    assert!(s.contains("Help · rows 11–"), "{s}");
}

#[test]
fn examples_picker() {
    let mut a = app("");
    a.handle(Event::ctrl('o'));
    insta::assert_snapshot!("examples_100x30", screen(&mut a, 100, 30));
}

#[test]
fn examples_picker_shows_the_selected_entry_whole() {
    let mut a = app("");
    a.handle(Event::ctrl('o'));
    for e in Event::typed("docbook") {
        a.handle(e);
    }
    insta::assert_snapshot!("examples_entry_80x24", screen(&mut a, 80, 24));
}

#[test]
fn ladder_step_in_details() {
    let long = format!("urn:example:{}", "abcdefghij".repeat(14));
    let mut a = app(&long);
    a.handle(Event::ctrl('d'));
    a.handle(Event::key(KeyCode::End));
    a.handle(Event::key(KeyCode::Char('X')));
    a.handle(Event::key(KeyCode::Tab));
    a.handle(Event::key(KeyCode::End));
    a.handle(Event::key(KeyCode::Char('d')));
    insta::assert_snapshot!("ladder_step_details_80x24", screen(&mut a, 80, 24));
}

#[test]
fn profile_cell_in_details() {
    let mut a = app("urn:a:b");
    a.handle(Event::key(KeyCode::F(7)));
    a.handle(Event::key(KeyCode::Home));
    // auto, 3986, 3987, 1630, 2141, then 2141bis (which rejects a one-letter NID).
    for _ in 0..5 {
        a.handle(Event::key(KeyCode::Right));
    }
    // `d`: Details takes the tree's room, the first error read whole.
    a.handle(Event::key(KeyCode::Char('d')));
    insta::assert_snapshot!("profile_cell_details_80x24", screen(&mut a, 80, 24));
}

#[test]
fn fixed_profile() {
    let mut a = App::new(AppConfig {
        input: URN.into(),
        profile: Some(Profile::Rfc2141),
        ..AppConfig::default()
    });
    insta::assert_snapshot!("urn_rfc2141_80x24", screen(&mut a, 80, 24));
}

#[test]
fn light_theme_with_styles() {
    let theme = Theme::builtin("light").unwrap_or_else(Theme::fallback);
    let mut a = App::new(AppConfig {
        input: URN.into(),
        theme,
        ..AppConfig::default()
    });
    let mut t = terminal(80, 24);
    a.handle(Event::Resize(80, 24));
    if let Err(e) = t.draw(|f| a.draw(f)) {
        match e {}
    }
    insta::assert_debug_snapshot!("light_80x24", t.backend().buffer());
}

#[test]
fn too_small_terminal() {
    let mut a = app(URN);
    insta::assert_snapshot!("too_small_40x10", screen(&mut a, 40, 10));
    // Quitting still works there (q is typed into the input there, issue 19 item 20).
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(!a.should_quit());
    a.handle(Event::ctrl('q'));
    assert!(a.should_quit());
}

/// The rows inside the pane whose title starts with `title` on screen `s`.
fn pane_rows(s: &str, title: &str) -> Vec<String> {
    let grid: Vec<Vec<char>> = s
        .lines()
        .map(|l| l.trim_matches('"').chars().collect())
        .collect();
    let find = |row: &Vec<char>| {
        let t: Vec<char> = title.chars().collect();
        (0..row.len().saturating_sub(t.len())).find(|&i| row[i..i + t.len()] == t[..])
    };
    let Some((y0, tx)) = grid
        .iter()
        .enumerate()
        .find_map(|(y, r)| find(r).map(|x| (y, x)))
    else {
        return Vec::new();
    };
    let x0 = tx.saturating_sub(2);
    let top = &grid[y0];
    let x1 = (tx..top.len())
        .find(|&x| matches!(top[x], '┐' | '┓'))
        .unwrap_or(top.len());
    grid[y0 + 1..]
        .iter()
        .take_while(|r| !matches!(r.get(x0), Some('└' | '┗')))
        .map(|r| {
            r.get(x0 + 1..x1)
                .map(|c| c.iter().collect())
                .unwrap_or_default()
        })
        .collect()
}

/// A 150-character URN (NSS of `x`, `%41` and a `?=` query): its forms are wider than the
/// forms pane at 80×24.
fn long_urn() -> String {
    let nss: String = (0..28).map(|i| format!("x{i:02}%41")).collect();
    let s = format!("urn:example:{nss}?=q");
    s.chars().take(150).collect()
}

#[test]
fn long_form_read_whole_in_details() {
    let urn = long_urn();
    assert_eq!(urn.len(), 150);
    let mut a = app(&urn);
    // BackTab twice reaches the forms (past the diagnostics); the first form is selected;
    // the focused forms pane shows it whole (wrapped) in the right column.
    a.handle(Event::key(KeyCode::BackTab));
    a.handle(Event::key(KeyCode::BackTab));
    assert_eq!(a.focus(), Focus::Forms);
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("long_form_details_80x24", s);
    // Every form, selected in turn, is on screen whole in Details (rows joined).
    let forms: Vec<(&str, String)> = a
        .analysis(0)
        .forms
        .as_ref()
        .map(|f| {
            f.rows()
                .into_iter()
                .map(|(n, v)| (n, v.to_string()))
                .collect()
        })
        .unwrap_or_default();
    assert!(!forms.is_empty());
    for (i, (name, value)) in forms.iter().enumerate() {
        if i > 0 {
            a.handle(Event::key(KeyCode::Down));
        }
        // `d` focuses Details, which then has the room of the tree and the forms.
        a.handle(Event::key(KeyCode::Char('d')));
        assert_eq!(a.focus(), Focus::Details);
        let s = screen(&mut a, 80, 24);
        let joined: String = pane_rows(&s, "Details")
            .iter()
            .map(|l| {
                // A continuation row starts with the mark that the value goes on.
                let l = l.trim_end().trim_start();
                l.trim_start_matches(idbench::tui::panes::details::GOES_ON)
                    .trim_start()
            })
            .collect();
        assert!(
            joined.contains(value.as_str()),
            "form {name} not whole in Details:\n{s}"
        );
        if i == 0 {
            insta::assert_snapshot!("long_form_read_whole_80x24", s);
        }
        // Esc goes back to the forms.
        a.handle(Event::key(KeyCode::Esc));
        assert_eq!(a.focus(), Focus::Forms);
    }
}

#[test]
fn details_focused_and_scrolled() {
    let mut a = app(&format!("{INVALID}{}", "%zz".repeat(12)));
    // The tree's root (every diagnostic touches it), then `d`: Details focused.
    feed(
        &mut a,
        [
            Event::key(KeyCode::Tab),
            Event::key(KeyCode::Home),
            Event::key(KeyCode::Char('d')),
        ],
    );
    assert_eq!(a.focus(), Focus::Details);
    insta::assert_snapshot!("details_focused_80x24", screen(&mut a, 80, 24));
    feed(&mut a, (0..12).map(|_| Event::key(KeyCode::Down)));
    insta::assert_snapshot!("details_scrolled_80x24", screen(&mut a, 80, 24));
}

#[test]
fn strip_with_error_codes() {
    let mut a = app("urn:a:b");
    insta::assert_snapshot!("strip_codes_140x30", screen(&mut a, 140, 30));
}

#[test]
fn every_theme_keeps_the_selected_row_readable() {
    use idbench::tui::theme::BUILTIN;
    for (name, _) in BUILTIN {
        let Some(theme) = Theme::builtin(name) else {
            panic!("theme {name} does not load")
        };
        for (tabs, pane) in [(1, "tree"), (4, "diagnostics"), (3, "forms")] {
            let mut a = App::new(AppConfig {
                input: INVALID.into(),
                theme: theme.clone(),
                ..AppConfig::default()
            });
            feed(&mut a, (0..tabs).map(|_| Event::key(KeyCode::Tab)));
            let mut t = terminal(100, 30);
            a.handle(Event::Resize(100, 30));
            if let Err(e) = t.draw(|f| a.draw(f)) {
                match e {}
            }
            let buf = t.backend().buffer();
            let y = (0..30)
                .find(|&y| (0..100).any(|x| buf[(x, y)].symbol() == "▶"))
                .unwrap_or_else(|| panic!("{name} {pane}: no selected row"));
            let x0 = (0..100).find(|&x| buf[(x, y)].symbol() == "▶").unwrap_or(0);
            let mut text = String::new();
            for x in x0..100 {
                let c = &buf[(x, y)];
                if matches!(c.symbol(), "│" | "┃") {
                    break;
                }
                text.push_str(c.symbol());
                if c.symbol().trim().is_empty() {
                    continue;
                }
                let reversed = c.modifier.contains(ratatui::style::Modifier::REVERSED);
                assert!(
                    c.fg != c.bg || reversed && c.fg == ratatui::style::Color::Reset,
                    "{name} {pane}: {:?} on {:?} at column {x} of {text:?}",
                    c.fg,
                    c.bg
                );
            }
        }
        // And one snapshot of each theme's selected tree row, styles included.
        let mut a = App::new(AppConfig {
            input: URN.into(),
            theme: theme.clone(),
            ..AppConfig::default()
        });
        a.handle(Event::key(KeyCode::Tab));
        let mut t = terminal(80, 24);
        a.handle(Event::Resize(80, 24));
        if let Err(e) = t.draw(|f| a.draw(f)) {
            match e {}
        }
        let buf = t.backend().buffer();
        let y = (0..24)
            .find(|&y| (0..80).any(|x| buf[(x, y)].symbol() == "▶"))
            .unwrap_or(0);
        let cells: Vec<String> = (0..44)
            .map(|x| {
                let c = &buf[(x, y)];
                format!("{} {:?} {:?} {:?}", c.symbol(), c.fg, c.bg, c.modifier)
            })
            .collect();
        insta::assert_debug_snapshot!(format!("selected_row_{name}"), cells);
    }
}
