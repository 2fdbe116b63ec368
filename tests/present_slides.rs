//! What a slide shows (issue 37): the highlight's node selected and, when the step asks,
//! read whole in Details; a diff slide at its deciding step whatever the size; an
//! equivalent pair without difference marks.

mod support;

use idbench::engine::NodeKind;
use idbench::tui::app::Focus;
use idbench::tui::present::Deck;
use idbench::tui::present::render::step_app;
use idbench::tui::present::show::slide;

fn deck(text: &str) -> Deck {
    Deck::parse(text, std::path::Path::new(".")).unwrap_or_else(|e| panic!("{e:?}"))
}

fn text(buf: &ratatui::buffer::Buffer) -> String {
    (0..buf.area.height)
        .map(|y| support::row(buf, y))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_highlight_selects_its_node_and_details_reads_it_when_asked() {
    let d = deck(
        "size = \"80x24\"\n[[step]]\nname = \"a\"\ninput = \"urn:example:a?+b\"\nprofile = \"rfc2141\"\nhighlight = \"nid\"\n[[step]]\nname = \"b\"\ninput = \"urn:example:a?+b\"\nprofile = \"rfc2141\"\nhighlight = \"nid\"\ndetails = true\n",
    );
    let a = step_app(&d, &d.steps[0]).unwrap_or_else(|e| panic!("{e}"));
    let nid = a
        .analysis(0)
        .tree
        .iter()
        .position(|n| n.kind() == NodeKind::Nid);
    assert_eq!(
        Some(a.selected_node(0)),
        nid,
        "the tree selects the nid, not the cursor's node"
    );
    assert_eq!(a.focus(), Focus::Input, "without details, the focus stays");
    let b = step_app(&d, &d.steps[1]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Some(b.selected_node(0)), nid);
    assert_eq!(b.focus(), Focus::Details, "details = true reads it whole");
    let s = text(&slide(&d, 1).unwrap_or_else(|e| panic!("{e}")));
    assert!(s.contains("▸Details"), "{s}");
    assert!(s.contains("a?+b"), "{s}");
}

#[test]
fn a_diff_slide_shows_the_deciding_step_at_80x24() {
    // Equal only at the ladder's last steps (case of the NID, then of the hex digits).
    let d = deck(
        "size = \"80x24\"\n[[step]]\nname = \"uuid\"\ninput = \"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"\nwith = \"URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6\"\n",
    );
    let a = step_app(&d, &d.steps[0]).unwrap_or_else(|e| panic!("{e}"));
    let c = a.diff().unwrap_or_else(|| panic!("diff mode"));
    let v = &c.verdict;
    let deciding = v
        .equal_from()
        .or(v.parted_at())
        .unwrap_or_else(|| panic!("a deciding step"));
    assert!(
        deciding > 0,
        "the test wants a step past the first: {deciding}"
    );
    assert_eq!(c.list.selected, deciding);
    let s = text(&slide(&d, 0).unwrap_or_else(|e| panic!("{e}")));
    let name: String = v.steps[deciding].name.chars().take(10).collect();
    assert!(
        s.contains(&name),
        "step {} {name:?} on screen:\n{s}",
        deciding + 1
    );
    insta::assert_snapshot!("diff_slide_deciding_step_80x24", s);
}

#[test]
fn an_equivalent_pair_has_no_difference_mark() {
    let d = deck(
        "size = \"80x24\"\n[[step]]\nname = \"eq\"\ninput = \"urn:example:a\"\nwith = \"URN:EXAMPLE:a\"\n",
    );
    let a = step_app(&d, &d.steps[0]).unwrap_or_else(|e| panic!("{e}"));
    assert!(a.diff().is_some_and(|c| c.verdict.equivalent));
    let buf = slide(&d, 0).unwrap_or_else(|e| panic!("{e}"));
    // The difference's background (dark theme: 52), used by nothing else.
    let mark = d.theme_loaded.get(idbench::tui::theme::Slot::Difference);
    assert!(mark.bg.is_some());
    let marked: Vec<(u16, u16)> = (0..buf.area.height)
        .flat_map(|y| (0..buf.area.width).map(move |x| (x, y)))
        .filter(|&(x, y)| mark.bg.is_some_and(|bg| buf[(x, y)].bg == bg))
        .collect();
    assert!(
        marked.is_empty(),
        "difference marks at {marked:?}:\n{}",
        text(&buf)
    );
    insta::assert_snapshot!("equivalent_slide_80x24", text(&buf));
}
