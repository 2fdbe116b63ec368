//! Details, Diagnostics, the forms and the examples picker at 80×24 (issue 26 items 4, 10
//! and 11), and a presenter's highlight in Details and the forms. Each layout gets a
//! snapshot at 80×24 and assertions on what the rows must say whatever the snapshot.
//!
//! Accept snapshot changes with `INSTA_UPDATE=always cargo test --test tui_panes80_layout`
//! and check each `.snap` file by eye.

mod support;

use crossterm::event::KeyCode;
use idbench::engine::{NodeKind, Profile};
use idbench::tui::app::{App, AppConfig, Focus};
use idbench::tui::event::Event;
use idbench::tui::highlight::Highlight;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;
use support::{app, draw, feed, focus, row, screen};

fn with_profile(input: &str, profile: Profile) -> App {
    App::new(AppConfig {
        input: input.into(),
        profile: Some(profile),
        ..AppConfig::default()
    })
}

/// The text of rows `y0..y1` between columns `x0..x1` of one frame at `w`×`h`.
fn cells(a: &mut App, (w, h): (u16, u16), x0: u16, x1: u16, y0: u16, y1: u16) -> Vec<String> {
    let t = draw(a, w, h);
    let buf = t.backend().buffer();
    (y0..y1)
        .map(|y| {
            row(buf, y)
                .chars()
                .skip(usize::from(x0))
                .take(usize::from(x1 - x0))
                .collect()
        })
        .collect()
}

/// At 80×24 the right column's inside: Details above the forms (or the focused forms).
fn right(a: &mut App) -> Vec<String> {
    cells(a, (80, 24), 46, 79, 5, 19)
}

/// The row of the frame's title line holding `what`.
fn title_with(s: &str, what: &str) -> String {
    s.lines()
        .find(|l| l.contains(what))
        .unwrap_or_default()
        .to_string()
}

/// A 197-character URI with six notes and five long forms.
fn long_uri() -> String {
    long_with(25)
}

fn long_with(segments: usize) -> String {
    let segs: String = (1..=segments).map(|i| format!("seg{i}/")).collect();
    format!("HTTP://Example.COM:80/a/./b/../c/%7euser/{segs}?q=1&r=%41#Frag")
}

fn forms_of(a: &App) -> Vec<(String, String)> {
    idbench::tui::panes::forms::rows(a.analysis(0))
        .into_iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

#[test]
fn details_break_between_tokens_and_mark_a_cut_token() {
    // The code of `urn:example:a?+b`'s note is 24 columns: beside the label it would be cut
    // (`r-component-for-resolve` / `r`); it goes under the label whole.
    let mut a = app("urn:example:a?+b");
    focus(&mut a, Focus::Diagnostics);
    let d = right(&mut a);
    assert!(
        d.iter().any(|r| r.contains("r-component-for-resolver")),
        "{d:#?}"
    );
    // The URL Standard's fragment stays whole; a code longer than the row goes on under
    // a mark; the Diagnostics row keeps a gap between a cut code and the message.
    let mut a = with_profile("http:example.com/", Profile::Whatwg);
    focus(&mut a, Focus::Diagnostics);
    let s = screen(&mut a, 80, 24);
    let d = right(&mut a);
    let k = d
        .iter()
        .position(|r| r.contains("special-scheme-missing-"))
        .expect("the code's first row");
    assert!(
        d[k + 1].contains("↪ following-solidus"),
        "the cut code goes on under a mark: {d:#?}"
    );
    assert!(
        s.contains("…  a special scheme"),
        "a gap after the code:\n{s}"
    );
    insta::assert_snapshot!("details_cut_code_80x24", s);
    // At 80×30 the same column shows the spec: the fragment under its label, whole.
    let d = cells(&mut a, (80, 30), 46, 79, 5, 20);
    assert!(
        d.iter().any(|r| r.contains("#concept-basic-url-parser")),
        "{d:#?}"
    );
    // A diagnostic's header in the Details of a node (100×30, the right column from x 56):
    // the citation `RFC 2141 §2.3.2` is never split between rows.
    let mut a = with_profile("urn:example:a?+b", Profile::Rfc2141);
    let rows = cells(&mut a, (100, 30), 57, 99, 5, 24);
    let heads: Vec<&String> = rows
        .iter()
        .filter(|r| r.contains("reserved-unencoded"))
        .collect();
    assert!(!heads.is_empty(), "{rows:#?}");
    for (i, r) in rows.iter().enumerate() {
        assert!(
            !r.trim_start().starts_with("2141 §") && !r.trim_end().ends_with(" RFC"),
            "row {i} splits a citation: {rows:#?}"
        );
    }
    assert!(
        rows.iter().any(|r| r.contains("RFC 2141 §2.3.2")),
        "{rows:#?}"
    );
}

#[test]
fn diagnostics_and_examples_say_which_rows_are_shown() {
    let mut a = app(&long_uri());
    let s = screen(&mut a, 80, 24);
    let t = title_with(&s, "Diagnostics");
    assert!(t.contains("6 notes · rows 1–4 of 6"), "{t}");
    focus(&mut a, Focus::Diagnostics);
    feed(&mut a, (0..5).map(|_| Event::key(KeyCode::Down)));
    let s = screen(&mut a, 80, 24);
    let t = title_with(&s, "Diagnostics");
    assert!(t.contains("rows 3–6 of 6"), "{t}");
    insta::assert_snapshot!("diagnostics_position_80x24", s);
    // The examples picker: the entries in view, in the same format.
    let mut a = app("");
    a.handle(Event::ctrl('o'));
    let s = screen(&mut a, 80, 24);
    let t = title_with(&s, "Examples");
    assert!(t.contains("Examples · entries 1–"), "{t}");
    assert!(!t.contains("shown"), "{t}");
    let of = t
        .split(" of ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .expect("entries a–b of n");
    assert!(of > 100, "{t}");
    insta::assert_snapshot!("examples_position_80x24", s);
    a.handle(Event::key(KeyCode::PageDown));
    let s = screen(&mut a, 80, 24);
    let t = title_with(&s, "Examples");
    assert!(
        t.contains("Examples · entries ")
            && !t.contains("entries 1–")
            && t.contains(&format!(" of {of}")),
        "{t}"
    );
}

#[test]
fn focused_forms_give_each_value_the_full_row_and_scroll_by_rows() {
    // The audit's steps: Tab three times (the forms), Down (uri_normal).
    let mut a = app(&long_uri());
    feed(&mut a, (0..3).map(|_| Event::key(KeyCode::Tab)));
    assert_eq!(a.focus(), Focus::Forms);
    a.handle(Event::key(KeyCode::Down));
    let forms = forms_of(&a);
    let s = screen(&mut a, 80, 24);
    let pane = right(&mut a);
    let at = pane
        .iter()
        .position(|r| r.starts_with("▶uri_normal"))
        .unwrap_or_else(|| panic!("uri_normal selected and its name shown:\n{s}"));
    let value: String = pane[at + 1..]
        .iter()
        .take_while(|r| r.starts_with("  "))
        .map(|r| r[2..].trim_end())
        .collect();
    assert_eq!(value, forms[1].1, "uri_normal's value whole:\n{s}");
    let t = title_with(&s, "orms ·");
    assert!(t.contains("· forms ") && t.contains(" of 5"), "{t}");
    insta::assert_snapshot!("forms_full_row_80x24", s);

    // A value taller than the pane: Down goes on through it by rows, so its every row can
    // be read before the selection moves on.
    let mut a = app(&long_with(100));
    focus(&mut a, Focus::Forms);
    a.handle(Event::key(KeyCode::Home));
    let forms = forms_of(&a);
    let first = &forms[0].1;
    let chunks: Vec<String> = first
        .chars()
        .collect::<Vec<_>>()
        .chunks(31)
        .map(|c| c.iter().collect())
        .collect();
    assert!(chunks.len() > 14, "taller than the pane");
    let mut seen: Vec<String> = Vec::new();
    let mut titles = Vec::new();
    for _ in 0..60 {
        let s = screen(&mut a, 80, 24);
        let pane = right(&mut a);
        if pane.iter().any(|r| r.starts_with("▶uri_normal")) {
            break;
        }
        titles.push(title_with(&s, " of 5"));
        seen.extend(pane.iter().map(|r| r.trim_end().to_string()));
        a.handle(Event::key(KeyCode::Down));
    }
    for (i, c) in chunks.iter().enumerate() {
        assert!(
            seen.iter().any(|r| *r == format!("  {c}")),
            "row {i} of iri_normal ({c:?}) never shown"
        );
    }
    // The title says which of the value's rows are in view while it is read.
    let rows = format!(" of {} ", chunks.len());
    assert!(
        titles
            .iter()
            .all(|t| t.contains("form 1 of 5 · rows ") && t.contains(&rows)),
        "the value's rows in the title: {titles:#?}"
    );
    assert!(
        titles.first().is_some_and(|t| t.contains("rows 1–")),
        "{titles:#?}"
    );
    let last = format!("–{} of {} ", chunks.len(), chunks.len());
    assert!(
        titles.last().is_some_and(|t| t.contains(&last)),
        "{titles:#?}"
    );
    insta::assert_snapshot!("forms_scrolled_80x24", screen(&mut a, 80, 24));
}

/// A value of thousands of rows: the title keeps which of its rows are in view whole,
/// giving up the form's number first (`rows 2052–2065 of 2065`), never cutting the rows;
/// and a tree of thousands of nodes keeps its position whole, giving up the node count.
#[test]
fn the_rows_of_a_very_tall_value_are_named_whole_at_80_columns() {
    let mut a = app(&long_with(6000));
    focus(&mut a, Focus::Forms);
    // A frame after every key, as in the workbench: the pane lays its rows out when drawn.
    screen(&mut a, 80, 24);
    a.handle(Event::key(KeyCode::Home));
    for _ in 0..20 {
        screen(&mut a, 80, 24);
        a.handle(Event::key(KeyCode::Down));
    }
    let s = screen(&mut a, 80, 24);
    let line = title_with(&s, "▸");
    let t = line.split('▸').nth(1).unwrap_or_default();
    assert!(t.contains("rows ") && !t.contains('…'), "{t}");
    let n: usize = t
        .split(" of ")
        .last()
        .and_then(|r| r.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("no row count in {t}"));
    assert!(n > 1000, "{t}");
    assert!(t.contains("rows 20–"), "{t}");
    // The tree beside it keeps its position whole too, giving up the node count.
    let tree = line.split('┐').next().unwrap_or_default();
    assert!(
        tree.contains("Tree · rows ") && !tree.contains('…'),
        "{tree}"
    );
    assert!(tree.contains(" of 6015 "), "{tree}");
}

fn dim(buf: &Buffer, x: u16, y: u16) -> bool {
    buf[(x, y)].modifier.contains(Modifier::DIM)
}

/// The first cell of the frame holding `needle`, at or right of column `x0`.
fn find(buf: &Buffer, needle: &str, x0: usize) -> (u16, u16) {
    for y in 0..buf.area.height {
        let r: String = row(buf, y).chars().skip(x0).collect();
        if let Some(at) = r.find(needle) {
            let col = x0 + r[..at].chars().count();
            return (u16::try_from(col).unwrap_or(0), y);
        }
    }
    panic!("{needle} not on screen");
}

#[test]
fn a_highlight_dims_details_and_forms_outside_it() {
    let input = "urn:example:a?+b";
    let mut a = app(input);
    a.set_highlight(Some(Highlight::Kind(NodeKind::Nss)));
    focus(&mut a, Focus::Tree);
    // The tree's rows: urn, assigned-name, scheme, nid, nss.
    feed(
        &mut a,
        std::iter::once(Event::key(KeyCode::Home)).chain((0..4).map(|_| Event::key(KeyCode::Down))),
    );
    let t = draw(&mut a, 80, 24);
    let buf = t.backend().buffer().clone();
    let s = t.backend().to_string();
    assert!(title_with(&s, "Details").contains("nss"), "{s}");
    // Details of the NSS (within the highlight): its fields bright.
    let (x, y) = find(&buf, "kind", 45);
    assert!(!dim(&buf, x, y), "the NSS's Details are kept:\n{s}");
    // A form stands for the whole input, not the NSS alone: dimmed.
    let (fx, fy) = find(&buf, "iri_normal", 45);
    assert!(dim(&buf, fx, fy), "the forms are dimmed:\n{s}");
    insta::assert_snapshot!("highlight_details_80x24", s);
    // The NID's Details (outside the highlight): dimmed.
    a.handle(Event::key(KeyCode::Up));
    let t = draw(&mut a, 80, 24);
    let buf = t.backend().buffer().clone();
    let s = t.backend().to_string();
    assert!(title_with(&s, "Details").contains("nid"), "{s}");
    let (x, y) = find(&buf, "kind", 45);
    assert!(dim(&buf, x, y), "the NID's Details are dimmed:\n{s}");
    // A range over the whole input keeps the forms; no highlight dims nothing.
    a.set_highlight(Some(Highlight::Range(0..input.len())));
    let buf = draw(&mut a, 80, 24).backend().buffer().clone();
    let (fx, fy) = find(&buf, "iri_normal", 45);
    assert!(!dim(&buf, fx, fy));
    let (x, y) = find(&buf, "kind", 45);
    assert!(!dim(&buf, x, y));
    a.set_highlight(None);
    let buf = draw(&mut a, 80, 24).backend().buffer().clone();
    let (x, y) = find(&buf, "kind", 45);
    assert!(!dim(&buf, x, y));
}
