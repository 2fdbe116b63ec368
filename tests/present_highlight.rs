//! A step's highlight (a node kind, a diagnostic code, a byte range) dims what does not
//! belong to it: the input's other bytes, the tree's other rows, the other diagnostics. The
//! panes consult the highlight the model holds; nothing is guessed from screen positions.

mod support;

use idbench::engine::{Code, NodeKind, Profile};
use idbench::tui::app::{App, AppConfig};
use idbench::tui::highlight::Highlight;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

fn app(profile: Profile, h: Option<Highlight>) -> App {
    let mut app = App::new(AppConfig {
        input: "urn:example:a?+b".into(),
        profile: Some(profile),
        ..AppConfig::default()
    });
    app.set_highlight(h);
    app
}

fn frame(app: &mut App) -> Buffer {
    support::draw(app, 100, 30).backend().buffer().clone()
}

/// The row whose text contains `needle`, and the column where it starts.
fn find(buf: &Buffer, needle: &str) -> (u16, u16) {
    for y in 0..buf.area.height {
        let row = support::row(buf, y);
        if let Some(at) = row.find(needle) {
            let col = row[..at].chars().count() as u16;
            return (col, y);
        }
    }
    panic!("{needle} not on screen");
}

/// The Diagnostics row of `code` (the row that also shows the message's opening quote),
/// and the column where the code starts: the column widths follow the longest code shown.
fn diagnostic_row(buf: &Buffer, code: &str) -> (u16, u16) {
    for y in 0..buf.area.height {
        let row = support::row(buf, y);
        if let Some(at) = row.find(&format!("warning {code} ")) {
            if row[at..].contains("  '") {
                let col = row[..at].chars().count() as u16;
                return (col, y);
            }
        }
    }
    panic!("no Diagnostics row of {code} on screen");
}

fn dim(buf: &Buffer, x: u16, y: u16) -> bool {
    buf[(x, y)].modifier.contains(Modifier::DIM)
}

#[test]
fn a_node_kind_dims_the_rest() {
    let mut a = app(Profile::Rfc2141, Some(Highlight::Kind(NodeKind::Nss)));
    let buf = frame(&mut a);
    // The input line: urn:example: dimmed, a?+b (the NSS) not.
    let (x, y) = find(&buf, "urn:example:a?+b");
    assert!(
        dim(&buf, x, y) && dim(&buf, x + 11, y),
        "urn:example: is dimmed"
    );
    assert!((12..16).all(|i| !dim(&buf, x + i, y)), "the NSS is not");
    // The tree: the nss row bright, the scheme and nid rows dim.
    let (nx, ny) = find(&buf, "nss    a?+b");
    assert!(!dim(&buf, nx, ny));
    let (sx, sy) = find(&buf, "scheme urn");
    assert!(dim(&buf, sx, sy));
    // Without a highlight nothing is dimmed that way.
    let mut plain = app(Profile::Rfc2141, None);
    let buf = frame(&mut plain);
    let (x, y) = find(&buf, "urn:example:a?+b");
    assert!(!dim(&buf, x, y));
    let (sx, sy) = find(&buf, "scheme urn");
    assert!(!dim(&buf, sx + 1, sy));
}

#[test]
fn a_code_and_a_range_dim_the_rest() {
    let code = Code::from_name("reserved-unencoded").unwrap_or_else(|| panic!("code"));
    let mut a = app(Profile::Rfc2141, Some(Highlight::Code(code)));
    let buf = frame(&mut a);
    let (x, y) = find(&buf, "urn:example:a?+b");
    assert!(!dim(&buf, x + 13, y), "the ? the warning marks");
    assert!(dim(&buf, x + 12, y) && dim(&buf, x + 14, y));
    let (dx, dy) = diagnostic_row(&buf, "reserved-unencoded");
    assert!(!dim(&buf, dx, dy), "the diagnostic itself");
    let (sx, sy) = find(&buf, "scheme urn");
    assert!(dim(&buf, sx, sy), "a node away from it");
    // A range: 0..3 keeps "urn" and the scheme row; the diagnostic at 13 is dimmed.
    let mut r = app(Profile::Rfc2141, Some(Highlight::Range(0..3)));
    let buf = frame(&mut r);
    let (x, y) = find(&buf, "urn:example:a?+b");
    assert!(!dim(&buf, x, y) && dim(&buf, x + 3, y));
    let (sx, sy) = find(&buf, "scheme urn");
    assert!(!dim(&buf, sx, sy));
    let (dx, dy) = diagnostic_row(&buf, "reserved-unencoded");
    assert!(dim(&buf, dx, dy));
}
