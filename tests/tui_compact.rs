//! The workbench at 80×24, the size the README lays it out for: every pane readable where
//! it is (issue 26). Each layout gets a snapshot at 80×24 and assertions on what the rows
//! must say whatever the snapshot.
//!
//! Accept snapshot changes with `INSTA_UPDATE=always cargo test --test tui_compact` and
//! check each `.snap` file by eye.

mod support;

use crossterm::event::KeyCode;
use idbench::tui::app::{App, Focus};
use idbench::tui::event::Event;
use support::{app, draw, feed, focus, row, screen};

/// The text of rows `y0..y1` between columns `x0..x1` of one frame at 80×24.
fn cells(a: &mut App, x0: u16, x1: u16, y0: u16, y1: u16) -> Vec<String> {
    let t = draw(a, 80, 24);
    let buf = t.backend().buffer();
    (y0..y1)
        .map(|y| {
            let r = row(buf, y);
            r.chars()
                .skip(usize::from(x0))
                .take(usize::from(x1 - x0))
                .collect()
        })
        .collect()
}

const XREFS: &str = "xri://@example*(=a*b)/(+c)";

#[test]
fn every_tree_row_ends_with_its_rule_and_the_columns_stay_put() {
    let mut a = app(XREFS);
    focus(&mut a, Focus::Tree);
    feed(&mut a, [Event::key(KeyCode::Home)]);
    // The tree pane is at x 0..45, y 4..19 at 80×24: its body rows 5..19, columns 1..44.
    let tree = |a: &mut App| cells(a, 1, 44, 5, 19);
    let analysis = a.analysis(0).clone();
    let check = |rows: &[String], first: usize| {
        for (k, r) in rows.iter().enumerate() {
            let n = analysis.tree.get(first + k).expect("a node per row");
            let rule = if n.rule().is_empty() { "—" } else { n.rule() };
            let r = r.trim_end();
            assert!(
                r.ends_with(&format!(" {rule}")) || r.ends_with('…'),
                "row {k} ends with neither its rule {rule:?} nor `…`: {r:?}"
            );
        }
    };
    let top = tree(&mut a);
    check(&top, 0);
    // The column where the text starts, on the root's row.
    let text_at = |r: &str| {
        let at = r.rfind("xri:").expect("the root's text");
        r[..at].chars().count()
    };
    let col = text_at(&top[0]);
    // Scrolled to the end: the rows still end with their rules, the text column has not
    // moved (the deepest rows are not the widest kinds), and kinds never touch the text.
    feed(&mut a, [Event::key(KeyCode::End)]);
    let bottom = tree(&mut a);
    let first = analysis.tree.len() - bottom.len();
    check(&bottom, first);
    for r in &bottom {
        let kind_end: String = r.chars().take(col).collect();
        assert!(kind_end.ends_with(' '), "kind runs into the text: {r:?}");
    }
    feed(&mut a, [Event::key(KeyCode::Home)]);
    assert_eq!(text_at(&tree(&mut a)[0]), col);
    // The scroll position is in the border, not in a row.
    feed(&mut a, [Event::key(KeyCode::End)]);
    let s = screen(&mut a, 80, 24);
    // (In the title, or on the bottom border when the title has no room for it.)
    assert!(s.contains("rows 7–20 of 20"), "{s}");
    insta::assert_snapshot!("tree_rules_80x24", s);
}

/// The OSC 52 sequence that copies `text` (tests copy by OSC 52).
fn osc52(text: &str) -> Vec<u8> {
    format!(
        "\x1b]52;c;{}\x07",
        idbench::tui::clipboard::base64(text.as_bytes())
    )
    .into_bytes()
}

#[test]
fn copying_from_details_copies_the_value_the_row_stands_for() {
    let mut a = app("HTTP://Example.COM/a/./b");
    focus(&mut a, Focus::Forms);
    feed(&mut a, [Event::key(KeyCode::Down)]);
    let (name, value) = {
        let forms = a.analysis(0).forms.as_ref().expect("forms");
        let rows = forms.rows();
        (rows[1].0.to_string(), rows[1].1.to_string())
    };
    // Read whole in Details (`d`), then copied by Enter, `y` and Ctrl-Y: the value each time.
    feed(&mut a, [Event::key(KeyCode::Char('d'))]);
    assert_eq!(a.focus(), Focus::Details);
    let s = screen(&mut a, 80, 24);
    assert!(s.contains(&format!("Details · form {name}")), "{s}");
    for key in [
        Event::key(KeyCode::Enter),
        Event::key(KeyCode::Char('y')),
        Event::ctrl('y'),
    ] {
        a.handle(key);
        assert_eq!(a.take_terminal_output(), Some(osc52(&value)));
        let status = a.status().unwrap_or_default();
        assert!(
            status.starts_with(&format!("sent form {name} (")),
            "{status}"
        );
    }
    // A tree node's Details copies the node's text.
    focus(&mut a, Focus::Tree);
    feed(
        &mut a,
        [Event::key(KeyCode::Home), Event::key(KeyCode::Down)],
    );
    let text = {
        let an = a.analysis(0);
        let n = an.tree.get(a.selected_node(0)).expect("a node");
        n.text(&an.input).to_string()
    };
    assert_eq!(text, "HTTP");
    feed(
        &mut a,
        [Event::key(KeyCode::Char('d')), Event::key(KeyCode::Enter)],
    );
    assert_eq!(a.focus(), Focus::Details);
    assert_eq!(a.take_terminal_output(), Some(osc52("HTTP")));
}

#[test]
fn focused_forms_show_each_value_whole() {
    let id = "xri://@example*home!1234/(+contact)/(xri://=drummond*reed/(+email))";
    let mut a = app(id);
    let values: Vec<(String, String)> = a
        .analysis(0)
        .forms
        .as_ref()
        .expect("forms")
        .rows()
        .into_iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    assert!(values.len() >= 5, "{values:?}");
    // Unfocused at 80×24, a form shows about a dozen characters of its value.
    let unfocused = cells(&mut a, 46, 79, 5, 19).concat();
    assert!(!unfocused.contains(&values[0].1[..20]), "{unfocused}");
    // Focused, the pane takes the right column and shows each value whole, wrapped: the
    // pane's rows, joined, hold every value.
    focus(&mut a, Focus::Forms);
    let s = screen(&mut a, 80, 24);
    let right: String = cells(&mut a, 46, 79, 5, 19)
        .iter()
        .map(|r| r.trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n");
    let joined = right.replace(['\n', ' '], "").replace('▶', "");
    let mut seen = 0;
    for (name, value) in &values {
        if joined.contains(&format!("{name}{value}").replace(' ', "")) {
            seen += 1;
        }
    }
    assert!(
        seen >= 2,
        "at least the first forms are read whole:\n{right}"
    );
    // Walking down: the selected form is always whole, and the title says which forms are
    // out of view.
    for (k, (name, value)) in values.iter().enumerate().skip(1) {
        a.handle(Event::key(KeyCode::Down));
        let right = cells(&mut a, 46, 79, 5, 19).join("\n");
        let joined = right.replace(['\n', ' '], "");
        assert!(
            joined.contains(&format!("▶{name}{value}").replace(' ', "")),
            "form {k} whole:\n{right}"
        );
    }
    let s2 = screen(&mut a, 80, 24);
    assert!(s2.contains(&format!("of {}", values.len())), "{s2}");
    let title = s2
        .lines()
        .find(|l| l.contains("orms ·"))
        .unwrap_or_default();
    assert!(title.contains("forms "), "{title}");
    insta::assert_snapshot!("forms_focused_80x24", s);
    insta::assert_snapshot!("forms_focused_last_80x24", s2);
}

#[test]
fn the_other_reading_is_a_pane_read_whole() {
    let mut a = app("urn:example:a?+b");
    focus(&mut a, Focus::Tree);
    a.handle(Event::key(KeyCode::Char('r')));
    // It joins the Tab order right after the tree, keeps its title, and scrolls.
    a.handle(Event::key(KeyCode::Tab));
    assert_eq!(a.focus(), Focus::Reading);
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("other_reading_80x24", s);
    let title = s
        .lines()
        .find(|l| l.contains("Other reading"))
        .unwrap_or_default();
    assert!(
        title.contains("┏▸Other reading 1/1"),
        "focused, its title kept: {title}"
    );
    // Scrolled to the end and back, every row of the reading is seen: the whole subtree
    // (the row that matters, `nss a?+b`, with its rule) and the deciding quote.
    let reading = a.analysis(0).readings[0].clone();
    let mut seen = String::new();
    for _ in 0..40 {
        // The reading's body at 80×24: rows 13..19, columns 1..44.
        for l in cells(&mut a, 1, 44, 13, 19) {
            seen.push_str(l.trim_end());
            seen.push('\n');
        }
        a.handle(Event::key(KeyCode::Down));
    }
    assert!(
        seen.lines()
            .any(|l| l.contains("nss a?+b") && l.trim_end().ends_with("NSS")),
        "the nss row with its rule:\n{seen}"
    );
    for n in reading.tree.iter() {
        assert!(
            seen.contains(n.kind().name()),
            "{} is shown:\n{seen}",
            n.kind().name()
        );
    }
    let words: Vec<&str> = reading.decided_by.quote.split_whitespace().collect();
    let flat = seen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&words.join(" ")),
        "the deciding quote:\n{seen}"
    );
    // `r` hides it and gives the tree the keyboard; Tab then skips it.
    a.handle(Event::key(KeyCode::Char('r')));
    assert_eq!(a.focus(), Focus::Tree);
    a.handle(Event::key(KeyCode::Tab));
    assert_eq!(a.focus(), Focus::Details);
}

fn pair(a: &str, b: &str) -> App {
    App::new(idbench::tui::app::AppConfig {
        input: a.into(),
        with: Some(b.into()),
        ..Default::default()
    })
}

#[test]
fn the_ladder_says_where_the_sides_part_or_meet() {
    // Not equivalent: the first difference is read whole in the rows the steps leave.
    let mut a = pair("URN:foo:a123,456", "urn:FOO:a123%2c456");
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("│ by octet (RFC 8141 §3.1)  "), "{s}");
    insta::assert_snapshot!("diff_difference_80x24", s);
    // At 60×22: the A and B columns keep room, the steps out of view are said in the
    // title, and the cut difference ends with `…`.
    let s = screen(&mut a, 60, 22);
    assert!(
        s.contains("Equivalence · under rfc8141 · steps 1–3 of 4"),
        "{s}"
    );
    assert!(s.contains("are … │"), "{s}");
    let row = s
        .lines()
        .find(|l| l.contains("case of the NID"))
        .unwrap_or_default();
    assert!(
        row.contains("…a123,456") && row.contains("…a123%2c456"),
        "{row}"
    );
    insta::assert_snapshot!("diff_difference_60x22", s);
    // Equivalent: the step from which the sides are equal, as the CLI says it, and a row
    // saying which step the values below are.
    let mut a = pair("URN:foo:a123", "urn:FOO:a123");
    let s = screen(&mut a, 80, 24);
    assert!(
        s.contains("equal from step 2: case of the NID (RFC 8141 §3.1)"),
        "{s}"
    );
    assert!(!s.contains("no difference located"), "{s}");
    assert!(
        s.contains("A and B after step 1 of 4: case of \"urn\""),
        "{s}"
    );
    insta::assert_snapshot!("diff_equal_from_80x24", s);
}

#[test]
fn details_keep_labels_and_tokens_whole() {
    // A node whose attribute label is long: `persistence =` stays beside its value, and the
    // profiles' `rfc2141bis` beside its verdict.
    let mut a = app(XREFS);
    focus(&mut a, Focus::Tree);
    feed(
        &mut a,
        [Event::key(KeyCode::End), Event::key(KeyCode::Char('d'))],
    );
    assert_eq!(a.focus(), Focus::Details);
    insta::assert_snapshot!("details_labels_80x24", screen(&mut a, 80, 24));
    let mut seen = Vec::new();
    for _ in 0..12 {
        seen.extend(cells(&mut a, 1, 79, 5, 19));
        a.handle(Event::key(KeyCode::PageDown));
    }
    let text = seen.join("\n");
    assert!(
        seen.iter()
            .any(|r| r.contains("persistence = reassignable")),
        "{text}"
    );
    assert!(
        seen.iter()
            .any(|r| r.contains("rfc2141bis") && r.contains("does not apply")),
        "{text}"
    );
    // A diagnostic's header breaks at spaces: its span and section stay whole.
    let mut a = app("urn:ISBN:0451450523?s=I2L&c=ToC");
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("│note query-in-assigned · 19..31 ·"), "{s}");
    assert!(
        s.contains("│draft-ietf-urnbis-rfc2141bis-urn-03 §2.3"),
        "{s}"
    );
    insta::assert_snapshot!("details_tokens_100x30", s);
}

#[test]
fn status_news_goes_with_the_focus_and_positions_read_alike() {
    let mut a = app("urn:example:a?+b");
    focus(&mut a, Focus::Tree);
    a.handle(Event::key(KeyCode::Char('y')));
    assert!(
        a.status()
            .is_some_and(|s| s.contains("copied") || s.contains("OSC 52"))
    );
    a.handle(Event::key(KeyCode::Tab));
    assert_eq!(
        a.status(),
        None,
        "the copy's news is old once the focus moved"
    );
    // Every scrolled pane says where it is as `rows A–B of N`.
    let s = screen(&mut a, 80, 24);
    assert!(!s.contains("more below"), "{s}");
    let titles: Vec<&str> = s.lines().filter(|l| l.contains("rows ")).collect();
    assert!(!titles.is_empty(), "{s}");
    for t in &titles {
        let at = t.find("rows ").unwrap_or(0);
        let pos: String = t[at..]
            .chars()
            .take_while(|&c| c != '·' && c != '━' && c != '─')
            .collect();
        let words: Vec<&str> = pos.split_whitespace().collect();
        assert!(
            words.len() == 4 && words[0] == "rows" && words[1].contains('–') && words[2] == "of",
            "{t}"
        );
    }
    insta::assert_snapshot!("positions_80x24", s);
}

#[test]
fn ambiguity_enter_and_tab_follow_the_screen() {
    // An ambiguous input is marked before `r`: in the tree's title and the node's Details.
    let mut a = app("urn:example:a?+b");
    let s0 = screen(&mut a, 80, 24);
    let title = s0
        .lines()
        .find(|l| l.contains("Tree ·"))
        .unwrap_or_default();
    assert!(title.contains("1 other reading (r)"), "{s0}");
    focus(&mut a, Focus::Tree);
    feed(
        &mut a,
        [Event::key(KeyCode::Home), Event::key(KeyCode::Char('d'))],
    );
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("another reading: URN under rfc2141"), "{s}");
    insta::assert_snapshot!("ambiguous_80x24", s0);
    // Tab follows the screen: the tree, the right column top to bottom, then the
    // diagnostics across the bottom.
    let mut a = app("urn:-bad:has space%zz");
    let mut order = vec![a.focus()];
    for _ in 0..4 {
        a.handle(Event::key(KeyCode::Tab));
        order.push(a.focus());
    }
    assert_eq!(
        order,
        [
            Focus::Input,
            Focus::Tree,
            Focus::Details,
            Focus::Forms,
            Focus::Diagnostics
        ]
    );
    // Enter in the diagnostics copies the selected one, as it copies in every list.
    a.handle(Event::key(KeyCode::Enter));
    let status = a.status().unwrap_or_default().to_string();
    assert!(status.starts_with("sent the diagnostic ("), "{status}");
    assert!(a.take_terminal_output().is_some());
}

#[test]
fn d_reads_the_resolution_whole_and_esc_comes_back() {
    let mut a = App::new(idbench::tui::app::AppConfig {
        input: "../../g;x?y#s".into(),
        base: Some("http://a/b/c/d;p?q".into()),
        ..Default::default()
    });
    focus(&mut a, Focus::Resolution);
    a.handle(Event::key(KeyCode::Char('d')));
    assert_eq!(a.focus(), Focus::Details);
    let s = screen(&mut a, 80, 24);
    assert!(
        s.contains("Details · rows 1–") || s.contains("Details · resolution"),
        "{s}"
    );
    assert!(s.contains("http://a/g;x?y#s"), "the target: {s}");
    assert!(!s.contains("relative-ref"), "not the tree's node: {s}");
    insta::assert_snapshot!("resolution_details_80x24", s);
    a.handle(Event::key(KeyCode::Esc));
    assert_eq!(a.focus(), Focus::Resolution);
}

#[test]
fn undo_takes_back_a_typed_run_whole() {
    use crossterm::event::KeyModifiers;
    let undo = || Event::key_with(KeyCode::Char('z'), KeyModifiers::ALT);
    let redo = || Event::ctrl('r');
    let mut a = app("");
    feed(&mut a, Event::typed("http://a/b"));
    feed(&mut a, [Event::key(KeyCode::Left)]);
    feed(&mut a, Event::typed("xy"));
    assert_eq!(a.input(0), "http://a/xyb");
    // The second run, then the first, each in one step.
    a.handle(undo());
    assert_eq!(a.input(0), "http://a/b");
    a.handle(undo());
    assert_eq!(a.input(0), "");
    // Redo brings each run back whole.
    a.handle(redo());
    assert_eq!(a.input(0), "http://a/b");
    a.handle(redo());
    assert_eq!(a.input(0), "http://a/xyb");
    // A deletion is a step of its own.
    a.handle(Event::key(KeyCode::Backspace));
    assert_eq!(a.input(0), "http://a/xb");
    a.handle(undo());
    assert_eq!(a.input(0), "http://a/xyb");
}

/// The status line of `a` at `w`×24.
fn hint_line(a: &mut App, w: u16) -> String {
    let s = screen(a, w, 24);
    let last = s.lines().last().unwrap_or_default();
    last.trim_matches('"').to_string()
}

#[test]
fn the_status_hints_name_every_global_key_at_80_columns() {
    // Each state puts the keys it makes worth knowing first: together the states name every
    // global key with a hint, at 80 columns.
    let mut named: Vec<String> = Vec::new();
    let mut see = |line: String, want: &[&str]| {
        for h in want {
            assert!(line.contains(h), "{h} in {line}");
        }
        assert!(line.starts_with(' ') && line.ends_with(' '), "{line}");
        named.push(line);
    };
    // The everyday ones: on any input.
    let mut a = app(XREFS);
    see(
        hint_line(&mut a, 80),
        &[
            "^C quit",
            "F1 help",
            "Tab pane",
            "^Y copy",
            "^D diff",
            "^S share",
            "^T base",
            "^P profile",
        ],
    );
    // An empty input: where to start.
    let mut a = app("");
    see(
        hint_line(&mut a, 80),
        &["^O examples", "F7 strip", "^G mouse"],
    );
    // A URN: its namespace; a URI: the URL Standard beside the RFCs.
    let mut a = app("urn:isbn:0451450523");
    see(hint_line(&mut a, 80), &["^N namespaces", "^D diff"]);
    let mut a = app("http://a/b");
    see(hint_line(&mut a, 80), &["F8 standards", "^T base"]);
    // Under the whatwg profile: the URL setter (F9), shown there only.
    let mut a = App::new(idbench::tui::app::AppConfig {
        input: "http://a/b".into(),
        profile: Some(idbench::engine::Profile::Whatwg),
        ..idbench::tui::app::AppConfig::default()
    });
    see(hint_line(&mut a, 80), &["F9 set", "F8 standards"]);
    // Diff mode: the trees and the strip (the pair under a cell).
    let mut a = pair("http://a/b", "HTTP://a/b");
    see(hint_line(&mut a, 80), &["F6 trees", "F7 strip", "^D diff"]);
    let all = named.join(" ");
    for b in idbench::tui::keys::BINDINGS {
        if b.context == idbench::tui::keys::Context::Global
            && let (Some(h), Some(k)) = (b.hint, b.keys.first())
        {
            let hint = format!("{} {h}", k.short_label());
            assert!(all.contains(&hint), "{hint} at 80 columns in no state");
        }
    }
    // Over an overlay its own keys come first.
    let mut a = app("urn:isbn:0451450523");
    a.handle(Event::key(KeyCode::F(1)));
    let line = hint_line(&mut a, 80);
    assert!(!line.contains("^N namespaces"), "{line}");
    let mut a = app("http://a/b");
    insta::assert_snapshot!("hints_80x24", screen(&mut a, 80, 24));
    let mut a = pair("http://a/b", "HTTP://a/b");
    insta::assert_snapshot!("hints_diff_80x24", screen(&mut a, 80, 24));
}
