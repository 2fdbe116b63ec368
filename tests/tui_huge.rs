//! A huge terminal (issue 34, item 8): resized to 10000×10000 the workbench grew to 9.2 GB
//! and kept it after shrinking. Now at most `layout::MAX_DRAWN` (1000×1000) is drawn and
//! held: beyond it the screen says "terminal too large", and a smaller terminal gives the
//! buffers' memory back. The terminal here only says how large it is: it keeps no cells
//! (a `TestBackend` of 10000×10000 would itself hold the gigabytes), it records what is
//! drawn on it.

mod support;

use std::collections::BTreeMap;

use idbench::tui::layout::MAX_DRAWN;
use idbench::tui::present::{Deck, show::Presenter};
use idbench::tui::screen::Screen;
use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// A terminal of any size that keeps only the first rows and columns drawn on it, and how
/// many cells were drawn in all.
#[derive(Default)]
struct Huge {
    size: (u16, u16),
    /// Rows 0..8, columns 0..160: what was drawn there.
    seen: BTreeMap<(u16, u16), String>,
    /// Every cell drawn, wherever.
    drawn: usize,
    /// The largest position drawn.
    far: (u16, u16),
}

impl Huge {
    fn new(w: u16, h: u16) -> Huge {
        Huge {
            size: (w, h),
            ..Huge::default()
        }
    }

    /// Row `y` as drawn so far (the first 160 columns).
    fn row(&self, y: u16) -> String {
        (0..160)
            .map(|x| self.seen.get(&(x, y)).map_or(" ", String::as_str))
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    fn text(&self) -> String {
        (0..8).map(|y| self.row(y) + "\n").collect()
    }
}

impl Backend for Huge {
    type Error = std::io::Error;

    fn draw<'a, I>(&mut self, content: I) -> std::io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        for (x, y, c) in content {
            self.drawn += 1;
            self.far = (self.far.0.max(x), self.far.1.max(y));
            if x < 160 && y < 8 {
                self.seen.insert((x, y), c.symbol().to_string());
            }
        }
        Ok(())
    }
    fn hide_cursor(&mut self) -> std::io::Result<()> {
        Ok(())
    }
    fn show_cursor(&mut self) -> std::io::Result<()> {
        Ok(())
    }
    fn get_cursor_position(&mut self) -> std::io::Result<Position> {
        Ok(Position::ORIGIN)
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, _: P) -> std::io::Result<()> {
        Ok(())
    }
    fn clear(&mut self) -> std::io::Result<()> {
        self.seen.clear();
        Ok(())
    }
    fn clear_region(&mut self, _: ClearType) -> std::io::Result<()> {
        self.seen.clear();
        Ok(())
    }
    fn size(&self) -> std::io::Result<Size> {
        Ok(Size::new(self.size.0, self.size.1))
    }
    fn window_size(&mut self) -> std::io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size()?,
            pixels: Size::new(0, 0),
        })
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn ok<T>(r: std::io::Result<T>) -> T {
    r.unwrap_or_else(|e| panic!("{e}"))
}

/// Cells the two buffers of a `w`×`h` area hold.
fn cells(w: u16, h: u16) -> usize {
    2 * usize::from(w) * usize::from(h)
}

#[test]
fn a_huge_terminal_draws_the_too_large_screen_in_bounded_buffers() {
    let mut app = support::app("urn:example:a");
    let mut s = ok(Screen::new(
        Huge::new(10_000, 10_000),
        "Ctrl-C or Ctrl-Q quits",
    ));
    app.handle(idbench::tui::event::Event::Resize(10_000, 10_000));
    ok(s.draw(|f| app.draw(f)));
    let (area, held) = s.buffers();
    assert_eq!((area.width, area.height), MAX_DRAWN);
    assert!(held <= cells(MAX_DRAWN.0, MAX_DRAWN.1), "{held} cells held");
    let b = s.backend_mut();
    let t = b.text();
    assert!(
        t.starts_with("terminal too large (10000×10000); the most is 1000×1000\n"),
        "{t}"
    );
    assert!(t.contains("make the window smaller"), "{t}");
    assert!(t.contains("Ctrl-C or Ctrl-Q quits"), "{t}");
    assert!(
        b.far.0 < MAX_DRAWN.0 && b.far.1 < MAX_DRAWN.1,
        "{:?}",
        b.far
    );
    // Too wide alone, too tall alone.
    for (w, h) in [(MAX_DRAWN.0 + 1, 30), (100, MAX_DRAWN.1 + 1)] {
        s.backend_mut().size = (w, h);
        ok(s.draw(|f| app.draw(f)));
        let (area, _) = s.buffers();
        assert_eq!(
            area,
            ratatui::layout::Rect::new(0, 0, w.min(1000), h.min(1000))
        );
        let t = s.backend_mut().text();
        assert!(
            t.starts_with(&format!("terminal too large ({w}×{h});")),
            "{w}×{h}: {t}"
        );
    }
}

#[test]
fn shrinking_the_terminal_gives_the_memory_back_and_draws_the_workbench() {
    let mut app = support::app("urn:example:a");
    let mut s = ok(Screen::new(Huge::new(1000, 1000), "Ctrl-C or Ctrl-Q quits"));
    ok(s.draw(|f| app.draw(f)));
    // The largest terminal drawn whole.
    let (area, held) = s.buffers();
    assert_eq!((area.width, area.height), (1000, 1000));
    assert!(held >= cells(1000, 1000));
    assert!(s.backend_mut().text().contains("Input"));
    s.backend_mut().size = (10_000, 10_000);
    ok(s.draw(|f| app.draw(f)));
    s.backend_mut().size = (100, 30);
    ok(s.draw(|f| app.draw(f)));
    let (area, held) = s.buffers();
    assert_eq!((area.width, area.height), (100, 30));
    // The buffers hold what 100×30 needs, not what 1000×1000 did.
    assert_eq!(held, cells(100, 30));
    let t = s.backend_mut().text();
    assert!(!t.contains("too large") && t.contains("Input"), "{t}");
}

#[test]
fn the_off_screen_frame_is_bounded_too() {
    // Ctrl-S draws the screen again at the app's size, which a huge terminal made huge.
    let mut app = support::app("urn:example:a");
    let buf = idbench::tui::present::render::frame(&mut app, 10_000, 10_000);
    assert_eq!((buf.area.width, buf.area.height), MAX_DRAWN);
    assert!(buf.content.capacity() <= usize::from(MAX_DRAWN.0) * usize::from(MAX_DRAWN.1));
    let first: String = (0..18).map(|x| buf[(x, 0)].symbol()).collect();
    assert_eq!(first, "terminal too large");
    // Within the bound, the app as before.
    let buf = idbench::tui::present::render::frame(&mut app, 100, 30);
    assert_eq!((buf.area.width, buf.area.height), (100, 30));
    let top: String = (0..100).map(|x| buf[(x, 0)].symbol()).collect();
    assert!(top.contains("Input"), "{top}");
}

#[test]
fn the_presenter_in_a_huge_terminal_says_it_is_too_large() {
    let deck = Deck::parse(
        "size = \"80x24\"\n[[step]]\nname = \"a\"\ninput = \"urn:example:a\"\ncaption = \"c\"\n",
        std::path::Path::new("."),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let p = Presenter::new(deck).unwrap_or_else(|e| panic!("{e}"));
    let mut s = ok(Screen::new(
        Huge::new(10_000, 10_000),
        "q, Esc or Ctrl-C quits",
    ));
    ok(s.draw(|f| p.draw(f)));
    let (area, held) = s.buffers();
    assert_eq!((area.width, area.height), MAX_DRAWN);
    assert!(held <= cells(MAX_DRAWN.0, MAX_DRAWN.1));
    let t = s.backend_mut().text();
    assert!(t.starts_with("terminal too large (10000×10000)"), "{t}");
    assert!(t.contains("q, Esc or Ctrl-C quits"), "{t}");
    s.backend_mut().size = (80, 24);
    ok(s.draw(|f| p.draw(f)));
    assert_eq!(s.buffers().1, cells(80, 24));
    let t = s.backend_mut().text();
    assert!(t.contains("Input"), "{t}");
}
