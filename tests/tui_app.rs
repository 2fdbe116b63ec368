//! The workbench's behaviour, driven without a terminal: keys, paste, mouse, copy,
//! history, profiles, the cursor over wide characters and tokens, NO_COLOR, frame time.

mod support;

use crossterm::event::{KeyCode, KeyModifiers};
use idbench::engine::equiv::{Objective, SideForm};
use idbench::engine::{NodeKind, Profile};
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::clipboard::{Clipboard, Mode};
use idbench::tui::event::Event;
use idbench::tui::theme::{Slot, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Position;
use ratatui::style::{Color, Modifier};
use support::{app, draw, feed, row};

const URN: &str = "urn:ISBN:0451450523?s=I2L&c=ToC";

fn cursor(t: &mut Terminal<TestBackend>) -> Position {
    match t.get_cursor_position() {
        Ok(p) => p,
        Err(e) => match e {},
    }
}

fn selected_kind(app: &App) -> Option<NodeKind> {
    app.analysis(0)
        .tree
        .get(app.selected_node(0))
        .map(|n| n.kind())
}

#[test]
fn the_tree_follows_the_cursor() {
    let mut a = app(URN);
    a.handle(Event::key(KeyCode::Home));
    assert_eq!(
        selected_kind(&a),
        a.analysis(0).tree.deepest_at(0).kind().into()
    );
    feed(&mut a, std::iter::repeat_n(Event::key(KeyCode::Right), 5));
    let want = a.analysis(0).tree.deepest_at(5);
    assert_eq!(a.selected_node(0), want.index());
    assert_eq!(want.text(URN), "ISBN", "the NID is under the cursor");
}

#[test]
fn the_selected_node_is_highlighted_in_the_input() {
    let theme = Theme::default();
    let mut a = app(URN);
    // Cursor on the NID: its four cells (after the border) carry the highlight style.
    a.handle(Event::key(KeyCode::Home));
    feed(&mut a, std::iter::repeat_n(Event::key(KeyCode::Right), 5));
    let t = draw(&mut a, 100, 30);
    let buf = t.backend().buffer();
    let hl = theme.get(Slot::Highlight).bg;
    let lit: Vec<u16> = (1..40)
        .filter(|&x| buf[(x, 1)].bg == hl.unwrap_or(Color::Reset))
        .collect();
    assert_eq!(lit, [5, 6, 7, 8], "{}", row(buf, 1));
}

#[test]
fn typing_editing_and_undo() {
    let mut a = app("");
    let before = a.analyses();
    feed(&mut a, Event::typed("urn:a:b"));
    assert_eq!(a.input(0), "urn:a:b");
    assert_eq!(a.analyses(), before + 7, "one analysis per keystroke");
    a.handle(Event::key(KeyCode::Left));
    a.handle(Event::key(KeyCode::End));
    assert_eq!(
        a.analyses(),
        before + 7,
        "moving the cursor analyses nothing"
    );
    assert_eq!(a.analysis(0).input, "urn:a:b");
    feed(
        &mut a,
        [
            Event::key(KeyCode::Backspace),
            Event::key(KeyCode::Home),
            Event::key(KeyCode::Delete),
        ],
    );
    assert_eq!(a.input(0), "rn:a:");
    a.handle(Event::alt('z'));
    assert_eq!(a.input(0), "urn:a:");
    a.handle(Event::ctrl('e'));
    a.handle(Event::ctrl('w'));
    assert_eq!(
        a.analysis(0).input,
        a.input(0),
        "re-analysed after every edit"
    );
    feed(&mut a, [Event::ctrl('a'), Event::ctrl('k')]);
    assert_eq!(a.input(0), "");
}

#[test]
fn paste_removes_line_breaks_and_says_so() {
    let mut a = app("");
    a.handle(Event::Paste("urn:a:\r\nb\n".into()));
    assert_eq!(a.input(0), "urn:a:b");
    assert!(
        a.status()
            .unwrap_or_default()
            .contains("removed 3 line-break"),
        "{:?}",
        a.status()
    );
    a.handle(Event::Paste("c".into()));
    assert_eq!(a.input(0), "urn:a:bc");
    assert_eq!(a.status(), None);
}

#[test]
fn copy_over_osc52_says_so_and_queues_base64() {
    let mut a = app("urn:a:b");
    a.handle(Event::ctrl('y'));
    let status = a.status().unwrap_or_default().to_string();
    // What, how big, where.
    assert!(
        status.starts_with("sent ")
            && status.ends_with(" (7 bytes) to the terminal's clipboard (OSC 52)"),
        "{status}"
    );
    assert_eq!(
        a.take_terminal_output().as_deref(),
        Some(&b"\x1b]52;c;dXJuOmE6Yg==\x07"[..])
    );
    assert_eq!(a.take_terminal_output(), None);
    // From the forms pane: Enter copies the selected form.
    feed(
        &mut a,
        [
            Event::key(KeyCode::BackTab),
            Event::key(KeyCode::BackTab),
            Event::key(KeyCode::Enter),
        ],
    );
    assert_eq!(a.focus(), Focus::Forms);
    assert!(
        a.status().unwrap_or_default().starts_with("sent form "),
        "{:?}",
        a.status()
    );
}

#[test]
fn no_clipboard_is_a_message_not_a_crash() {
    let mut a = App::new(AppConfig {
        input: "x".into(),
        clipboard: Clipboard::new(Mode::Off),
        ..AppConfig::default()
    });
    a.handle(Event::ctrl('y'));
    assert!(
        a.status()
            .unwrap_or_default()
            .starts_with("could not copy the input"),
        "{:?}",
        a.status()
    );
    assert_eq!(a.take_terminal_output(), None);
}

#[test]
fn history_recall_with_up_and_down() {
    let mut a = app("");
    feed(&mut a, Event::typed("urn:a:1"));
    a.handle(Event::key(KeyCode::Enter));
    a.handle(Event::ctrl('u'));
    feed(&mut a, Event::typed("urn:a:2"));
    a.handle(Event::key(KeyCode::Enter));
    a.handle(Event::ctrl('u'));
    feed(&mut a, Event::typed("draft"));
    a.handle(Event::key(KeyCode::Up));
    assert_eq!(a.input(0), "urn:a:2");
    assert_eq!(a.analysis(0).input, "urn:a:2");
    a.handle(Event::key(KeyCode::Up));
    assert_eq!(a.input(0), "urn:a:1");
    a.handle(Event::key(KeyCode::Down));
    a.handle(Event::key(KeyCode::Down));
    assert_eq!(a.input(0), "draft");
    assert_eq!(a.history().entries(), ["urn:a:1", "urn:a:2"]);
}

#[test]
fn profiles_cycle_and_pick() {
    let mut a = app(URN);
    assert_eq!(a.profile(), None);
    a.handle(Event::ctrl('p'));
    assert_eq!(a.profile(), Some(Profile::Rfc3986));
    assert_eq!(a.analysis(0).profile, Profile::Rfc3986);
    a.handle(Event::alt('4'));
    assert_eq!(a.analysis(0).profile, Profile::Rfc2141);
    assert_eq!(
        a.analysis(0).profile_reason,
        idbench::engine::ProfileReason::Given
    );
    a.handle(Event::alt('0'));
    assert_eq!(a.profile(), None);
    for _ in 0..=idbench::engine::Profile::ALL.len() {
        a.handle(Event::ctrl('p'));
    }
    assert_eq!(a.profile(), None, "auto, every profile, auto again");
}

#[test]
fn selecting_a_diagnostic_moves_the_cursor_to_its_span() {
    let mut a = app("urn:-bad:has space");
    if a.analysis(0).diagnostics.len() < 2 {
        return; // nothing to select between while the URN grammar is a placeholder
    }
    feed(
        &mut a,
        [Event::key(KeyCode::BackTab), Event::key(KeyCode::End)],
    );
    assert_eq!(a.focus(), Focus::Diagnostics);
    let mut diags: Vec<_> = a.analysis(0).diagnostics.clone();
    diags.sort_by_key(|d| (d.severity, d.span.start, d.span.end));
    let last = diags.last().map(|d| d.span.start).unwrap_or(0);
    assert_eq!(
        a.selected_node(0),
        a.analysis(0).tree.deepest_at(last).index()
    );
    // Back in the input, the terminal cursor sits on the span (column 1 is the border).
    a.handle(Event::key(KeyCode::Esc));
    assert_eq!(a.focus(), Focus::Input);
    let mut t = draw(&mut a, 100, 30);
    assert_eq!(cursor(&mut t), Position::new(1 + last as u16, 1));
}

#[test]
fn cursor_stays_aligned_over_wide_characters_and_tokens() {
    // a(1) 漢(2) ⟨U+202E⟩(8) b(1) 😀(2): 14 columns.
    let s = "a漢\u{202E}b😀";
    let mut a = app(s);
    let mut t = draw(&mut a, 100, 30);
    assert_eq!(cursor(&mut t), Position::new(1 + 14, 1));
    assert_eq!(
        row(t.backend().buffer(), 1).trim_end_matches([' ', '┃']),
        "┃a漢 ⟨U+202E⟩b😀 ".trim_end()
    );
    a.handle(Event::key(KeyCode::Left));
    let mut t = draw(&mut a, 100, 30);
    assert_eq!(cursor(&mut t), Position::new(1 + 12, 1), "before the emoji");
    feed(
        &mut a,
        [Event::key(KeyCode::Left), Event::key(KeyCode::Left)],
    );
    let mut t = draw(&mut a, 100, 30);
    assert_eq!(
        cursor(&mut t),
        Position::new(1 + 3, 1),
        "on the token's first cell"
    );
}

#[test]
fn a_long_input_scrolls_to_keep_the_cursor_visible() {
    let long = format!("urn:example:{}", "x".repeat(300));
    let mut a = app(&long);
    let mut t = draw(&mut a, 80, 24);
    let p = cursor(&mut t);
    assert!(p.x < 79 && p.y == 1, "{p:?}");
    assert_eq!(
        t.backend().buffer()[(1, 1)].symbol(),
        "…",
        "scrolled: the left edge says so"
    );
    a.handle(Event::key(KeyCode::Home));
    let mut t = draw(&mut a, 80, 24);
    assert_eq!(cursor(&mut t), Position::new(1, 1));
    assert_eq!(t.backend().buffer()[(78, 1)].symbol(), "…");
}

#[test]
fn mouse_selects_tree_rows_and_diagnostics() {
    let mut a = app(URN);
    draw(&mut a, 100, 30);
    // The tree pane starts at row 4 (input 3 rows, strip 1): its first row is y = 5.
    a.handle(Event::click(10, 5 + 2));
    assert_eq!(a.focus(), Focus::Tree);
    assert_eq!(a.selected_node(0), 2);
    // A click in the input moves the cursor there, and the tree follows.
    a.handle(Event::click(1 + 5, 1));
    assert_eq!(a.focus(), Focus::Input);
    assert_eq!(a.selected_node(0), a.analysis(0).tree.deepest_at(5).index());
    // A click on the profile strip picks that profile; on the auto cell, auto.
    let t = draw(&mut a, 100, 30);
    let strip = row(t.backend().buffer(), 3);
    // The rfc2141 cell, not rfc2141bis nor the auto cell's choice.
    let cells: Vec<char> = strip.chars().collect();
    let x = (0..cells.len().saturating_sub(5))
        .find(|&i| cells[i..i + 4].iter().collect::<String>() == "2141" && cells[i + 4] != 'b');
    let x = x.unwrap_or_else(|| panic!("no 2141 in {strip}")) as u16;
    a.handle(Event::click(x, 3));
    assert_eq!(a.profile(), Some(Profile::Rfc2141));
    draw(&mut a, 100, 30);
    a.handle(Event::click(2, 3));
    assert_eq!(a.profile(), None);
    // Mouse capture can be turned off and on.
    a.handle(Event::ctrl('g'));
    assert!(!a.mouse_capture());
    a.handle(Event::ctrl('g'));
    assert!(a.mouse_capture());
}

#[test]
fn the_picker_reads_the_selected_entry_whole() {
    let mut a = app("");
    a.handle(Event::ctrl('o'));
    feed(&mut a, Event::typed("docbook"));
    let t = draw(&mut a, 80, 24);
    let buf = t.backend().buffer();
    let text: String = (0..24).map(|y| row(buf, y)).collect();
    // The list cuts the identifier with `…`; the area below the list has it whole
    // (wrapped), with where it comes from and what it expects.
    assert!(text.contains("specification:…"), "{text}");
    let joined: String = text.split_whitespace().collect();
    assert!(
        joined.contains("urn:oasis:names:specification:docbook:dtd:xml:4.1.2"),
        "{text}"
    );
    assert!(text.contains("─ selected"), "{text}");
    assert!(text.contains("line "), "{text}");
    assert!(text.contains("expects"), "{text}");
    // The area follows the selection.
    feed(&mut a, Event::typed("zzzz-none"));
    let t = draw(&mut a, 80, 24);
    let text: String = (0..24).map(|y| row(t.backend().buffer(), y)).collect();
    assert!(!text.contains("─ selected"), "{text}");
}

#[test]
fn examples_load_pairs_into_diff_mode() {
    let mut a = app("");
    a.handle(Event::ctrl('o'));
    // Filter down to a pair of the RFC 2141 set.
    feed(&mut a, Event::typed("≡"));
    a.handle(Event::key(KeyCode::Enter));
    if a.diff_mode() {
        assert!(!a.input(0).is_empty() && !a.input(1).is_empty());
        assert!(
            a.status().unwrap_or_default().starts_with("example "),
            "{:?}",
            a.status()
        );
    } else {
        panic!("no pair in the shipped sets: {:?}", a.status());
    }
    a.handle(Event::ctrl('d'));
    assert!(!a.diff_mode());
}

/// Diff mode with a long A and B = A + "X", the ladder focused, its last step selected.
fn long_pair_on_the_ladder() -> App {
    let long = format!("urn:example:{}", "abcdefghij".repeat(14));
    let mut a = app(&long);
    a.handle(Event::ctrl('d'));
    a.handle(Event::key(KeyCode::End));
    feed(&mut a, Event::typed("X"));
    a.handle(Event::key(KeyCode::Tab));
    assert_eq!(a.focus(), Focus::Ladder);
    a.handle(Event::key(KeyCode::End));
    a
}

#[test]
fn d_on_a_ladder_step_reads_it_whole_in_details() {
    let mut a = long_pair_on_the_ladder();
    let d = a.diff().cloned().map(|d| d.verdict);
    let Some(v) = d else { panic!("no comparison") };
    assert!(!v.equivalent);
    let last = v
        .steps
        .last()
        .cloned()
        .unwrap_or_else(|| panic!("no steps"));
    feed(&mut a, Event::typed("d"));
    assert_eq!(a.focus(), Focus::Details);
    let t = draw(&mut a, 80, 24);
    let buf = t.backend().buffer();
    let text: String = (0..24).map(|y| row(buf, y)).collect::<Vec<_>>().join("\n");
    // Both sides whole: every row of the wrapped value is on screen, joined back.
    let inside: String = text
        .lines()
        .map(|l| {
            l.trim_start_matches('│')
                .trim_start_matches('┃')
                .trim_end_matches('│')
                .trim_end_matches('┃')
                .trim()
                .to_string()
        })
        .collect();
    // A value's continuation rows start with the mark that it goes on: not the value's.
    let inside = inside.replace(idbench::tui::panes::details::GOES_ON, "");
    let squeezed: String = inside.split_whitespace().collect();
    let a_whole: String = last.a.split_whitespace().collect();
    let b_whole: String = last.b.split_whitespace().collect();
    assert!(squeezed.contains(&a_whole), "{text}");
    assert!(squeezed.contains(&b_whole), "{text}");
    assert!(text.contains(last.spec), "{text}");
    assert!(text.contains(&format!("step {} of {}", v.steps.len(), v.steps.len())));
    assert!(text.contains("Details · rows 1–"), "{text}");
    // The rest is a scroll away: where the two part, with the verdict's reason.
    a.handle(Event::key(KeyCode::PageDown));
    let t = draw(&mut a, 80, 24);
    let text: String = (0..24).map(|y| row(t.backend().buffer(), y)).collect();
    assert!(text.contains("where they part"), "{text}");
    let reason = v.difference.map(|d| d.reason).unwrap_or_default();
    let head: String = reason.chars().take(20).collect();
    assert!(text.contains(&head), "{text}");
    // Esc comes back to the ladder; the ladder is drawn again.
    a.handle(Event::key(KeyCode::Esc));
    assert_eq!(a.focus(), Focus::Ladder);
    let t = draw(&mut a, 80, 24);
    let text: String = (0..24).map(|y| row(t.backend().buffer(), y)).collect();
    assert!(text.contains("Equivalence"), "{text}");
}

#[test]
fn f7_selects_a_profile_cell_and_details_reads_its_first_error() {
    use idbench::engine::{Options, Status, analyze};
    let input = "urn:a:b";
    let mut a = app(input);
    let full = analyze(input, &Options::full());
    // A profile that rejects the input but is not the one in use.
    let (i, p) = Profile::ALL
        .iter()
        .enumerate()
        .find(|(_, p)| **p != full.profile && matches!(full.verdict(**p), Some(Status::Invalid(_))))
        .map(|(i, p)| (i, *p))
        .unwrap_or_else(|| panic!("some other profile rejects a one-letter NID"));
    let under = analyze(
        input,
        &Options {
            profile: Some(p),
            ..Options::full()
        },
    );
    let e = under
        .first_error()
        .cloned()
        .unwrap_or_else(|| panic!("{} rejects", p.name()));
    a.handle(Event::key(KeyCode::F(7)));
    assert_eq!(a.focus(), Focus::Profiles);
    // From the cell in use to the auto cell, then right to the profile.
    a.handle(Event::key(KeyCode::Home));
    for _ in 0..=i {
        a.handle(Event::key(KeyCode::Right));
    }
    let t = draw(&mut a, 100, 30);
    let text: String = (0..30)
        .map(|y| row(t.backend().buffer(), y))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(text.contains(&format!("profile   {}", p.name())), "{text}");
    assert!(
        text.contains(&format!("invalid: {}", e.code.as_str())),
        "{text}"
    );
    // `d` reads it whole: Details takes the tree's room.
    feed(&mut a, Event::typed("d"));
    assert_eq!(a.focus(), Focus::Details);
    let t = draw(&mut a, 100, 30);
    let text: String = (0..30)
        .map(|y| row(t.backend().buffer(), y))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(text.contains(e.spec), "{text}");
    let words: String = e.message.chars().take(9).collect();
    assert!(text.contains(&words), "{text}");
    assert!(
        text.contains(&format!("not in use: auto chose {}", full.profile.name())),
        "{text}"
    );
    // Esc comes back to the strip; Enter puts the profile in use; Esc goes to the input.
    a.handle(Event::key(KeyCode::Esc));
    assert_eq!(a.focus(), Focus::Profiles);
    a.handle(Event::key(KeyCode::Enter));
    assert_eq!(a.profile(), Some(p));
    a.handle(Event::key(KeyCode::Esc));
    assert_eq!(a.focus(), Focus::Input);
}

#[test]
fn diff_mode_toggles_and_compares() {
    let mut a = app("urn:foo:a");
    a.handle(Event::ctrl('d'));
    assert!(a.diff_mode());
    assert_eq!(a.focus(), Focus::Second);
    assert_eq!(a.input(1), "urn:foo:a", "B starts as a copy of A");
    assert!(a.diff().is_some_and(|d| d.verdict.equivalent));
    a.handle(Event::key_with(KeyCode::Char('B'), KeyModifiers::SHIFT));
    assert!(a.diff().is_some_and(|d| !d.verdict.equivalent));
    assert_eq!(
        a.diff().map(|d| d.per_profile.len()),
        Some(Profile::ALL.len())
    );
}

#[test]
fn too_small_then_big_again() {
    let mut a = app(URN);
    let t = draw(&mut a, 30, 8);
    assert!(
        row(t.backend().buffer(), 3).contains("too small")
            || row(t.backend().buffer(), 2).contains("too small")
    );
    let t = draw(&mut a, 100, 30);
    assert!(row(t.backend().buffer(), 1).contains(URN));
    a.handle(Event::ctrl('c'));
    assert!(a.should_quit());
}

#[test]
fn diff_mode_needs_more_room_and_ctrl_d_leaves_it() {
    let mut a = app("urn:foo:a");
    a.handle(Event::ctrl('d'));
    assert!(a.diff_mode());
    let t = draw(&mut a, 60, 21);
    let screen: String = (0..21).map(|y| row(t.backend().buffer(), y)).collect();
    assert!(screen.contains("need 60×22 for diff mode"), "{screen}");
    a.handle(Event::ctrl('d'));
    assert!(
        !a.diff_mode(),
        "Ctrl-D must still leave diff mode when it does not fit"
    );
    let t = draw(&mut a, 60, 21);
    assert!(row(t.backend().buffer(), 1).contains("urn:foo:a"));
    // Single-input mode still fits the smallest size the README promises.
    let t = draw(&mut a, 60, 16);
    assert!(row(t.backend().buffer(), 1).contains("urn:foo:a"));
    assert!(!(0..16).any(|y| row(t.backend().buffer(), y).contains("too small")));
    let t = draw(&mut a, 60, 15);
    assert!((0..15).any(|y| row(t.backend().buffer(), y).contains("too small")));
    let t = draw(&mut a, 60, 22);
    assert!(!(0..22).any(|y| row(t.backend().buffer(), y).contains("too small")));
}

#[test]
fn no_color_keeps_selection_and_focus_visible() {
    let theme = Theme::default().without_colors();
    let mut a = App::new(AppConfig {
        input: URN.into(),
        theme,
        ..AppConfig::default()
    });
    a.handle(Event::key(KeyCode::Tab));
    let t = draw(&mut a, 100, 30);
    let buf = t.backend().buffer();
    for c in &buf.content {
        assert_eq!(
            (c.fg, c.bg),
            (Color::Reset, Color::Reset),
            "a colour under NO_COLOR"
        );
    }
    // The selected tree row is in reverse video and marked with ▶.
    let sel_row = (5..25).find(|&y| buf[(1, y)].symbol() == "▶");
    let y = sel_row.unwrap_or_else(|| panic!("no ▶ marker"));
    assert!(buf[(20, y)].modifier.contains(Modifier::REVERSED));
    // The focused pane has a thick border.
    assert_eq!(buf[(0, 4)].symbol(), "┏");
}

#[test]
fn drawing_never_reanalyses() {
    // How long a frame takes is a benchmark's (`cargo bench --bench keystroke`,
    // `frame_200x60`), not a test's: a timed assertion fails on a loaded machine.
    let xri = "xri://@example*home!1234/(+contact)/(xri://=drummond*reed/(+email))";
    let mut a = app(xri);
    let mut t = draw(&mut a, 200, 60);
    let before = a.analyses();
    for _ in 0..30 {
        if let Err(e) = t.draw(|f| a.draw(f)) {
            match e {}
        }
    }
    assert_eq!(a.analyses(), before, "drawing never re-analyses");
}

#[test]
fn the_first_difference_is_marked_in_both_inputs() {
    let mut a = App::new(AppConfig {
        input: "URN:foo:a123,456".into(),
        with: Some("urn:FOO:a123%2c456".into()),
        ..AppConfig::default()
    });
    let Some(diff) = a.diff().and_then(|d| d.verdict.difference.clone()) else {
        return; // nothing located while the comparison is a placeholder
    };
    let bg = Theme::default()
        .get(Slot::Difference)
        .bg
        .unwrap_or(Color::Reset);
    let t = draw(&mut a, 100, 30);
    let buf = t.backend().buffer();
    // A is on row 1, B on row 4; column 0 is the border. Both inputs are ASCII.
    for (y, span) in [(1u16, diff.a), (4, diff.b)] {
        let marked: Vec<usize> = (0..40)
            .filter(|&x| buf[(1 + x as u16, y)].bg == bg)
            .collect();
        let want: Vec<usize> = (span.start..span.end).collect();
        assert_eq!(marked, want, "row {y}: {}", row(buf, y));
    }
}

/// Keys a session might press, for the property below.
fn key_of(i: u8) -> Event {
    let wheel = |kind| {
        Event::Mouse(crossterm::event::MouseEvent {
            kind,
            column: u16::from(i) % 90,
            row: u16::from(i) % 28,
            modifiers: KeyModifiers::NONE,
        })
    };
    match i % 33 {
        0 => Event::key(KeyCode::Tab),
        1 => Event::key(KeyCode::BackTab),
        2 => Event::key(KeyCode::Left),
        3 => Event::key(KeyCode::Right),
        4 => Event::key(KeyCode::Up),
        5 => Event::key(KeyCode::Down),
        6 => Event::key(KeyCode::Home),
        7 => Event::key(KeyCode::End),
        8 => Event::key(KeyCode::Backspace),
        9 => Event::key(KeyCode::Delete),
        10 => Event::key(KeyCode::Enter),
        11 => Event::key(KeyCode::Esc),
        12 => Event::key(KeyCode::PageDown),
        13 => Event::ctrl('p'),
        14 => Event::ctrl('d'),
        15 => Event::ctrl('o'),
        16 => Event::ctrl('y'),
        17 => Event::alt('z'),
        18 => Event::ctrl('w'),
        19 => Event::key(KeyCode::F(1)),
        20 => Event::key(KeyCode::Char('(')),
        21 => Event::key(KeyCode::Char('%')),
        22 => Event::key(KeyCode::Char('漢')),
        // The base line, the share menu and its keys, diff mode's trees.
        23 => Event::ctrl('t'),
        24 => Event::ctrl('s'),
        25 => Event::key(KeyCode::Char('m')),
        26 => Event::key(KeyCode::Char('c')),
        27 => Event::key(KeyCode::F(6)),
        // The profile strip (both modes), Details, the wheel over any pane.
        28 => Event::key(KeyCode::F(7)),
        29 => Event::key(KeyCode::Char('d')),
        30 => wheel(crossterm::event::MouseEventKind::ScrollUp),
        31 => wheel(crossterm::event::MouseEventKind::ScrollDown),
        _ => Event::click(u16::from(i) % 90, u16::from(i) % 28),
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    /// Whatever the input, the keys and the terminal size, handling and drawing never panic.
    #[test]
    fn never_panics(
        input in "\\PC{0,40}|[\\x00-\\x1f\\u{202a}-\\u{202e}\\u{200b}-\\u{200f}a-z:/(%]{0,40}",
        keys in proptest::collection::vec(proptest::num::u8::ANY, 0..30),
        w in 1u16..160,
        h in 1u16..50,
    ) {
        let mut a = app(&input);
        for k in keys {
            a.handle(key_of(k));
            draw(&mut a, w, h);
        }
        a.handle(Event::Paste(input.clone()));
        draw(&mut a, w, h);
    }
}

/// The symbols of row `y` whose cells satisfy `pick`, in order.
fn cells_where(buf: &Buffer, y: u16, pick: impl Fn(&ratatui::buffer::Cell) -> bool) -> String {
    (0..buf.area.width)
        .filter(|&x| pick(&buf[(x, y)]))
        .map(|x| buf[(x, y)].symbol())
        .collect()
}

fn find_row(buf: &Buffer, what: &str) -> u16 {
    (0..buf.area.height)
        .find(|&y| row(buf, y).contains(what))
        .unwrap_or_else(|| panic!("no row with {what:?}"))
}

#[test]
fn ladder_cells_keep_the_difference_in_view_and_mark_it() {
    let mut a = App::new(AppConfig {
        input: "URN:foo:a123,456".into(),
        with: Some("urn:FOO:a123%2c456".into()),
        theme: Theme::default().without_colors(),
        ..AppConfig::default()
    });
    let t = draw(&mut a, 80, 24);
    let buf = t.backend().buffer();
    let rev = |c: &ratatui::buffer::Cell| c.modifier.contains(Modifier::REVERSED);
    // Cut where the two differ, the common prefix is elided instead, and the differing
    // characters are in reverse video (no colour under NO_COLOR).
    let y = find_row(buf, "case of the NID");
    assert!(
        row(buf, y).contains("…o:a123,456    …o:a123%2c456  ✗"),
        "{}",
        row(buf, y)
    );
    assert_eq!(cells_where(buf, y, rev), ",%2c");
    let y = find_row(buf, "ignore the r-");
    assert_eq!(cells_where(buf, y, rev), ",%2C");
    // The selected step (the first) in full beneath the table, marked the same way.
    let y = find_row(buf, " A  urn:foo:a123,456");
    assert_eq!(cells_where(buf, y, rev), "foo:a123,");
    let y = find_row(buf, " B  urn:FOO:a123%2c456");
    assert_eq!(cells_where(buf, y, rev), "FOO:a123%2c");
    for c in &buf.content {
        assert_eq!((c.fg, c.bg), (Color::Reset, Color::Reset));
    }
    // With colours: the difference style of the theme.
    let mut a = App::new(AppConfig {
        input: "URN:foo:a123,456".into(),
        with: Some("urn:FOO:a123%2c456".into()),
        ..AppConfig::default()
    });
    let t = draw(&mut a, 80, 24);
    let buf = t.backend().buffer();
    let bg = Theme::default().get(Slot::Difference).bg;
    assert!(bg.is_some());
    let y = find_row(buf, "case of the NID");
    assert_eq!(cells_where(buf, y, |c| Some(c.bg) == bg), ",%2c");
}

#[test]
fn the_selected_ladder_row_keeps_its_difference_visible_in_reverse_video() {
    let mut a = App::new(AppConfig {
        input: "URN:foo:a123,456".into(),
        with: Some("urn:FOO:a123%2c456".into()),
        theme: Theme::default().without_colors(),
        ..AppConfig::default()
    });
    feed(
        &mut a,
        [
            Event::key(KeyCode::Tab),
            Event::key(KeyCode::Tab),
            Event::key(KeyCode::Down),
        ],
    );
    assert_eq!(a.focus(), Focus::Ladder);
    let t = draw(&mut a, 80, 24);
    let buf = t.backend().buffer();
    let y = find_row(buf, "▶case of the NID");
    // The row is in reverse video but for the difference, which is underlined instead.
    let plain = |c: &ratatui::buffer::Cell| !c.modifier.contains(Modifier::REVERSED);
    assert_eq!(
        cells_where(buf, y, plain),
        "┃,%2c┃",
        "the border and the difference"
    );
    let under = |c: &ratatui::buffer::Cell| c.modifier.contains(Modifier::UNDERLINED);
    assert_eq!(cells_where(buf, y, under), ",%2c");
    // The full values beneath are the selected step's.
    assert!(row(buf, find_row(buf, " B  urn:foo:a123%2c456")).contains("%2c"));
}

#[test]
fn long_values_wrap_beneath_the_ladder() {
    let (x, y) = ("a".repeat(100), "b".repeat(50));
    let va = format!("urn:example:{x}X{y}");
    let vb = format!("urn:example:{x}Y{y}");
    let mut a = App::new(AppConfig {
        input: va.clone(),
        with: Some(vb.clone()),
        theme: Theme::default().without_colors(),
        ..AppConfig::default()
    });
    let rev = |c: &ratatui::buffer::Cell| c.modifier.contains(Modifier::REVERSED);
    // Room enough: each value in full over two rows of 93 columns, the difference marked.
    let t = draw(&mut a, 100, 30);
    let buf = t.backend().buffer();
    assert_eq!(va.len().div_ceil(93), 2);
    for (label, value, diff) in [(" A  ", &va, "X"), (" B  ", &vb, "Y")] {
        let y0 = find_row(buf, &format!("│{label}urn:example:"));
        assert!(
            row(buf, y0 + 1).starts_with("│    "),
            "{}",
            row(buf, y0 + 1)
        );
        let text: String = (y0..y0 + 2)
            .map(|y| row(buf, y).chars().skip(5).take(93).collect::<String>())
            .collect::<String>()
            .replace(' ', "");
        assert_eq!(&text, value);
        let marked: String = (y0..y0 + 2).map(|y| cells_where(buf, y, rev)).collect();
        assert_eq!(marked, diff);
    }
    // At 80×24 (73 columns: three rows each) the values have five rows: A gets two, and
    // shows the region around the difference; B the three it needs.
    let t = draw(&mut a, 80, 24);
    let buf = t.backend().buffer();
    for (label, n, diff, cut) in [(" A  ", 2, "X", true), (" B  ", 3, "Y", false)] {
        let y0 = find_row(buf, &format!("│{label}"));
        let marked: String = (y0..y0 + n).map(|y| cells_where(buf, y, rev)).collect();
        assert_eq!(marked, diff, "{}\n{}", row(buf, y0), row(buf, y0 + 1));
        assert_eq!(row(buf, y0).contains('…'), cut, "{}", row(buf, y0));
        assert!(row(buf, y0 + n).starts_with("│ B  ") || row(buf, y0 + n).starts_with("└"));
    }
    // The table cells too.
    let y = find_row(buf, "case of \"urn\"");
    assert_eq!(cells_where(buf, y, rev), "XY");
}

#[test]
fn compare_options_from_the_keys() {
    // xri2 §2.5.2: A written in IRI-normal form.
    let mut a = App::new(AppConfig {
        input: "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)".into(),
        with: Some("xri://@example/(xri://@example2/abc?id=1)".into()),
        profile: Some(Profile::Xri2),
        ..AppConfig::default()
    });
    let equivalent = |a: &App| a.diff().is_some_and(|d| d.verdict.equivalent);
    let title = |a: &mut App| row(draw(a, 100, 30).backend().buffer(), 7);
    assert!(!equivalent(&a));
    assert!(
        title(&mut a).contains("Equivalence · under xri2 · $ kept · A as typed · B as typed"),
        "{}",
        title(&mut a)
    );
    let before = a.comparisons();
    a.handle(Event::key(KeyCode::F(4)));
    assert_eq!(a.comparisons(), before + 1, "compared once per change");
    assert_eq!(a.compare_options().a_form, SideForm::IriNormal);
    assert!(
        equivalent(&a),
        "{:?}",
        a.diff().map(|d| d.verdict.summary())
    );
    assert!(title(&mut a).contains("A IRI-normal · B as typed"));
    title(&mut a);
    assert_eq!(a.comparisons(), before + 1, "never per frame");
    // In the ladder, by letter: B cycles; A back to as typed.
    feed(&mut a, [Event::key(KeyCode::Tab), Event::key(KeyCode::Tab)]);
    assert_eq!(a.focus(), Focus::Ladder);
    feed(
        &mut a,
        [
            Event::key(KeyCode::Char('b')),
            Event::key(KeyCode::Char('b')),
            Event::key(KeyCode::Char('a')),
            Event::key(KeyCode::Char('a')),
        ],
    );
    assert_eq!(a.compare_options().a_form, SideForm::AsIs);
    assert_eq!(a.compare_options().b_form, SideForm::UriNormal);
    assert_eq!(a.comparisons(), before + 5);
    assert!(title(&mut a).contains("A as typed · B URI-normal"));
    // The letters are the ladder's: in an input they type.
    a.handle(Event::key(KeyCode::Esc));
    assert_eq!(a.focus(), Focus::Second);
    a.handle(Event::key(KeyCode::Char('b')));
    assert_eq!(a.compare_options().b_form, SideForm::UriNormal);
    assert!(a.input(1).ends_with('b'));
    // xri2 §2.5.4: "$" cross-references.
    let mut a = App::new(AppConfig {
        input: "xri://@example/foo*($v*2.0)".into(),
        with: Some("xri://@example/foo".into()),
        profile: Some(Profile::Xri2),
        ..AppConfig::default()
    });
    assert!(!equivalent(&a));
    a.handle(Event::key(KeyCode::F(3)));
    assert!(a.compare_options().ignore_dollar);
    assert!(equivalent(&a));
    assert!(title(&mut a).contains("$ ignored"));
    assert!(a.status().is_some_and(|s| s.contains("ignored")));
    // rfc2141bis §5: 5a removes the query, 5b keeps it.
    let mut a = App::new(AppConfig {
        input: "urn:foo:a123,456?x=y".into(),
        with: Some("URN:foo:a123,456".into()),
        profile: Some(Profile::Rfc2141bis),
        ..AppConfig::default()
    });
    assert!(equivalent(&a));
    assert!(title(&mut a).contains("under rfc2141bis · 5a: names"));
    a.handle(Event::key(KeyCode::F(2)));
    assert_eq!(a.compare_options().objective, Objective::Cache);
    assert!(!equivalent(&a));
    assert!(title(&mut a).contains("5b: cache"));
    // An option for another profile: said, and the pair compared under its own.
    a.handle(Event::key(KeyCode::F(3)));
    assert!(
        a.status()
            .is_some_and(|s| s.contains("applies under xri2") && s.contains("rfc2141bis")),
        "{:?}",
        a.status()
    );
    // Outside diff mode nothing is compared; the option waits for it.
    let mut a = app(URN);
    let n = a.comparisons();
    a.handle(Event::key(KeyCode::F(2)));
    assert_eq!(a.comparisons(), n);
    assert!(a.status().is_some_and(|s| s.contains("diff mode")));
    a.handle(Event::ctrl('d'));
    assert_eq!(
        a.diff().map(|d| d.options.objective),
        Some(Objective::Cache)
    );
}

#[test]
fn a_click_on_a_ladder_row_selects_its_step() {
    let mut a = App::new(AppConfig {
        input: "URN:foo:a123,456".into(),
        with: Some("urn:FOO:a123%2c456".into()),
        ..AppConfig::default()
    });
    let t = draw(&mut a, 80, 24);
    let y = find_row(t.backend().buffer(), "case of the NID");
    a.handle(Event::click(10, y));
    assert_eq!(a.focus(), Focus::Ladder);
    assert_eq!(a.diff().map(|d| d.list.selected), Some(1));
    // The blank row under the steps selects nothing.
    a.handle(Event::click(10, y + 3));
    assert_eq!(a.diff().map(|d| d.list.selected), Some(1));
}

#[test]
fn details_takes_the_focus_and_scrolls_with_keys_and_wheel() {
    let mut a = app(&format!("urn:-bad:has space{}", "%zz".repeat(20)));
    // Input, tree (its root selected), Details.
    feed(
        &mut a,
        [
            Event::key(KeyCode::Tab),
            Event::key(KeyCode::Home),
            Event::key(KeyCode::Char('d')),
        ],
    );
    assert_eq!(a.focus(), Focus::Details);
    let t = draw(&mut a, 80, 24);
    let title = row(
        t.backend().buffer(),
        find_row(t.backend().buffer(), "Details"),
    );
    assert!(title.contains("rows 1–"), "{title}");
    a.handle(Event::key(KeyCode::Down));
    let t = draw(&mut a, 80, 24);
    let title = row(
        t.backend().buffer(),
        find_row(t.backend().buffer(), "Details"),
    );
    assert!(title.contains("rows 2–"), "{title}");
    // The wheel over Details scrolls it (three rows).
    let y = find_row(t.backend().buffer(), "Details") + 2;
    let x = 10;
    a.handle(Event::Mouse(crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::ScrollDown,
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    }));
    let t = draw(&mut a, 80, 24);
    let title = row(
        t.backend().buffer(),
        find_row(t.backend().buffer(), "Details"),
    );
    assert!(title.contains("rows 5–"), "{title}");
}

#[test]
fn the_wheel_scrolls_what_is_under_it_without_moving_the_focus() {
    let mut a = app(&format!("urn:-bad:has space{}", "%zz".repeat(20)));
    feed(
        &mut a,
        [Event::key(KeyCode::Tab), Event::key(KeyCode::Home)],
    );
    assert_eq!(a.focus(), Focus::Tree);
    let t = draw(&mut a, 120, 40);
    let at = find_row(t.backend().buffer(), "Details");
    let before = support::screen(&mut a, 120, 40);
    let title = row(t.backend().buffer(), at);
    assert!(title.contains("rows 1–"), "{title}");
    let x = title
        .find("Details")
        .map_or(60, |i| title[..i].chars().count() as u16);
    a.handle(Event::Mouse(crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::ScrollDown,
        column: x,
        row: at + 2,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(a.focus(), Focus::Tree, "the wheel does not take the focus");
    let t = draw(&mut a, 120, 40);
    let title = row(
        t.backend().buffer(),
        find_row(t.backend().buffer(), "Details"),
    );
    assert!(title.contains("rows 4–"), "Details scrolled: {title}");
    // Nothing else moved: the rows above Details are as they were.
    let after = support::screen(&mut a, 120, 40);
    let n = usize::from(at);
    assert_eq!(
        before.lines().take(n).collect::<Vec<_>>(),
        after.lines().take(n).collect::<Vec<_>>()
    );
}

#[test]
fn details_shows_every_diagnostic_of_the_selected_diagnostic_span_and_attributes() {
    let mut a = app("http://[::1]/");
    // The host node: its attributes read `key = value`.
    let host = a
        .analysis(0)
        .tree
        .iter()
        .find(|n| n.kind() == NodeKind::Host)
        .map(|n| n.span().start);
    let Some(at) = host else { panic!("no host") };
    a.handle(Event::key(KeyCode::Home));
    // On its `[`: the IP-literal host, which carries the attribute.
    for _ in 0..at {
        a.handle(Event::key(KeyCode::Right));
    }
    let t = draw(&mut a, 100, 30);
    let screen: String = (0..30)
        .map(|y| row(t.backend().buffer(), y) + "\n")
        .collect();
    assert!(screen.contains("host_type = "), "{screen}");
    assert!(screen.contains("ipv6"), "{screen}");
    assert!(!screen.contains(" 1 bytes"), "{screen}");
}

#[test]
fn a_paste_over_the_limit_is_refused_and_said() {
    use idbench::tui::app::MAX_INPUT;
    let mut a = app("");
    let big = "%".repeat(MAX_INPUT + 1);
    a.handle(Event::Paste(big));
    assert_eq!(a.input(0), "");
    let st = a.status().unwrap_or_default();
    assert!(st.starts_with("paste refused"), "{st}");
    assert!(st.contains("1 MiB"), "{st}");
    // Up to the limit is taken.
    a.handle(Event::Paste("%".repeat(MAX_INPUT)));
    assert_eq!(a.input(0).len(), MAX_INPUT);
    a.handle(Event::key(KeyCode::Char('x')));
    assert_eq!(a.input(0).len(), MAX_INPUT);
    assert!(a.status().unwrap_or_default().starts_with("typing refused"));
}

#[test]
fn an_example_keeps_auto_unless_it_needs_its_profile() {
    let mut a = app("");
    a.handle(Event::ctrl('o'));
    a.handle(Event::key(KeyCode::Enter));
    let st = a.status().unwrap_or_default().to_string();
    assert!(st.starts_with("example loaded: profile "), "{st}");
    if st.starts_with("example loaded: profile auto") {
        assert_eq!(a.profile(), None);
    } else {
        assert!(st.contains("chosen for it"), "{st}");
        assert!(a.profile().is_some());
    }
    // Typing something else afterwards: under auto, the reason is auto's.
    a.handle(Event::key(KeyCode::Char('0')));
    a.handle(Event::Key(crossterm::event::KeyEvent::new(
        KeyCode::Char('0'),
        KeyModifiers::ALT,
    )));
    assert_eq!(a.profile(), None);
}

/// The rows of a `h`-row screen, as one text.
fn rows(t: &Terminal<TestBackend>, h: u16) -> String {
    (0..h)
        .map(|y| row(t.backend().buffer(), y))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn keys_typed_while_too_small_go_to_the_input_and_are_counted() {
    let mut a = app("urn:a:");
    let t = draw(&mut a, 40, 10);
    assert!(rows(&t, 10).contains("terminal too small"));
    assert!(
        rows(&t, 10).contains("Ctrl-C or Ctrl-Q quits"),
        "{}",
        rows(&t, 10)
    );
    // Typed text (q among it: it is text here, not a command), an editing key, and
    // commands that do not act here (help, the examples picker, Esc, Tab).
    feed(&mut a, Event::typed("bq"));
    a.handle(Event::key(KeyCode::Backspace));
    feed(&mut a, Event::typed("cd"));
    a.handle(Event::key(KeyCode::F(1)));
    a.handle(Event::ctrl('o'));
    a.handle(Event::key(KeyCode::Esc));
    a.handle(Event::key(KeyCode::Tab));
    assert!(!a.should_quit(), "only Ctrl-C and Ctrl-Q quit here");
    assert_eq!(a.input(0), "urn:a:bcd");
    assert_eq!(a.focus(), Focus::Input);
    let t = draw(&mut a, 40, 10);
    let screen = rows(&t, 10);
    assert!(screen.contains("5 keys applied to the input"), "{screen}");
    assert!(screen.contains("4 commands ignored"), "{screen}");
    // Large enough again: the input shows the text typed, the status line the counts.
    let t = draw(&mut a, 100, 30);
    let screen = rows(&t, 30);
    assert!(
        row(t.backend().buffer(), 1).contains("urn:a:bcd"),
        "{screen}"
    );
    assert!(
        screen.contains(
            "while the terminal was too small: 5 keys applied to the input, 4 commands ignored"
        ),
        "{screen}"
    );
    // Ctrl-Q acts at once on the small screen.
    draw(&mut a, 30, 8);
    a.handle(Event::ctrl('q'));
    assert!(a.should_quit());
}

#[test]
fn typing_while_too_small_from_a_pane_goes_to_the_input() {
    let mut a = app("urn:a:b");
    support::focus(&mut a, Focus::Tree);
    draw(&mut a, 40, 10);
    // A q is held (a second one would quit); the next key types it, then itself.
    feed(&mut a, Event::typed("qx"));
    assert!(!a.should_quit());
    assert_eq!(a.input(0), "urn:a:bqx");
    assert_eq!(a.focus(), Focus::Input);
    assert_eq!(a.small_keys().applied, 2);
}

#[test]
fn q_twice_quits_while_too_small() {
    let mut a = app("urn:a:b");
    let t = draw(&mut a, 40, 10);
    assert!(
        rows(&t, 10).contains("q q, Ctrl-C or Ctrl-Q quits"),
        "{}",
        rows(&t, 10)
    );
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(!a.should_quit());
    let t = draw(&mut a, 40, 10);
    assert!(rows(&t, 10).contains("q again quits"), "{}", rows(&t, 10));
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(a.should_quit(), "q q quits on the small screen too");
    assert_eq!(a.input(0), "urn:a:b", "neither q went into the identifier");
    // Typed as one run (a presenter's step), the same.
    let mut b = app("urn:a:b");
    draw(&mut b, 40, 10);
    assert_eq!(b.type_text("qq"), 0, "q is not text here");
    feed(&mut b, Event::typed("qq"));
    assert!(b.should_quit());
    assert_eq!(b.input(0), "urn:a:b");
    // A held q is typed when the terminal grows large enough.
    let mut c = app("urn:a:b");
    draw(&mut c, 40, 10);
    c.handle(Event::key(KeyCode::Char('q')));
    c.handle(Event::Resize(100, 30));
    assert_eq!(c.input(0), "urn:a:bq");
    assert!(!c.should_quit());
}

#[test]
fn line_breaks_in_identifiers_given_at_start_are_removed_and_said() {
    let a = App::new(AppConfig {
        input: "http://a/\nb".into(),
        ..AppConfig::default()
    });
    assert_eq!(a.input(0), "http://a/b");
    assert_eq!(
        a.status(),
        Some("the identifier: removed 1 line-break character(s): an identifier is one line")
    );
    // The same words as a paste of the same text.
    let mut p = app("");
    p.handle(Event::Paste("http://a/\nb".into()));
    assert_eq!(
        p.status(),
        Some("pasted; removed 1 line-break character(s): an identifier is one line")
    );
    let a = App::new(AppConfig {
        input: "urn:a:b".into(),
        with: Some("urn:a:\r\nc".into()),
        base: Some("http://x/\r".into()),
        ..AppConfig::default()
    });
    assert_eq!(a.input(1), "urn:a:c");
    let s = a.status().unwrap_or_default();
    assert!(
        s.contains("--with: removed 2 line-break character(s): an identifier is one line"),
        "{s}"
    );
    assert!(
        s.contains("--base: removed 1 line-break character(s): an identifier is one line"),
        "{s}"
    );
    // Problems at start come first; the note is added to them.
    let a = App::new(AppConfig {
        input: "a\nb".into(),
        messages: vec!["config.toml:1: colour: unknown key".into()],
        ..AppConfig::default()
    });
    assert_eq!(
        a.status(),
        Some(
            "config.toml:1: colour: unknown key · the identifier: removed 1 line-break \
             character(s): an identifier is one line"
        )
    );
}

/// In a pane, `q` quits only when pressed twice in a row (a stray letter does not end the
/// session), and text the pane has no use for goes to the input (issue 26 item 5).
#[test]
fn q_twice_quits_from_a_pane_and_stray_text_goes_to_the_input() {
    let mut a = app("urn:a:b");
    support::focus(&mut a, Focus::Tree);
    draw(&mut a, 100, 30);
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(!a.should_quit(), "one q only warns");
    assert_eq!(
        a.status(),
        Some("q again quits (Ctrl-C or Ctrl-Q quit at once)")
    );
    // Another key in between disarms it.
    a.handle(Event::key(KeyCode::Down));
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(!a.should_quit());
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(a.should_quit(), "q twice quits");

    let mut a = app("urn:a:b");
    support::focus(&mut a, Focus::Tree);
    draw(&mut a, 100, 30);
    a.handle(Event::key(KeyCode::Char('x')));
    assert_eq!(a.focus(), Focus::Input);
    assert_eq!(a.input(0), "urn:a:bx");
    assert_eq!(a.status(), Some("typing goes to the input"));
    // In the input, q is text.
    a.handle(Event::key(KeyCode::Char('q')));
    assert!(!a.should_quit());
    assert_eq!(a.input(0), "urn:a:bxq");
}

#[test]
fn ctrl_n_turns_the_urn_namespace_layer_off_and_on() {
    let input = "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6";
    let with = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6";
    let mut a = App::new(AppConfig {
        input: input.into(),
        with: Some(with.into()),
        ..AppConfig::default()
    });
    let _ = support::draw(&mut a, 100, 30);
    assert!(
        a.analysis(0).namespace.is_some(),
        "the layer is on at start"
    );
    let on = a.diff().map(|c| c.verdict.equivalent);
    assert_eq!(on, Some(true), "equivalent from the uuid step");
    a.handle(Event::ctrl('n'));
    let _ = support::draw(&mut a, 100, 30);
    assert!(
        a.analysis(0).namespace.is_none(),
        "Ctrl-N: the URN spec alone"
    );
    assert_eq!(a.diff().map(|c| c.verdict.equivalent), Some(false));
    assert!(a.status().is_some_and(|s| s.contains("URN namespaces off")));
    a.handle(Event::ctrl('n'));
    let _ = support::draw(&mut a, 100, 30);
    assert!(a.analysis(0).namespace.is_some(), "Ctrl-N again: back on");
    // --no-namespace starts with it off.
    let b = App::new(AppConfig {
        input: input.into(),
        namespace: false,
        ..AppConfig::default()
    });
    assert!(b.analysis(0).namespace.is_none());
}
