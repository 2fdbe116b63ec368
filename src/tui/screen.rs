//! The terminal the workbench and the presenter draw in, bounded: at most
//! [`MAX_DRAWN`] columns and rows are ever drawn (and held in
//! memory), whatever size the terminal says it is; beyond the bound the screen says
//! "terminal too large" instead. Shrinking the terminal gives the buffers' memory back.
//!
//! ratatui's own full-screen terminal sizes its two buffers to the whole terminal (9 GB
//! for 10000×10000) and keeps their memory when the terminal shrinks: this one draws into
//! a fixed viewport it moves itself, and lets go of what a smaller one does not need.

use ratatui::backend::{Backend, ClearType};
use ratatui::layout::{Rect, Size};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};

use super::layout::{MAX_DRAWN, drawn_area, too_large};

/// A terminal drawn in at most [`MAX_DRAWN`].
pub struct Screen<B: Backend> {
    term: Terminal<B>,
    /// The terminal's size as last seen.
    size: Size,
    /// What the too-large screen says quits (`"Ctrl-C or Ctrl-Q quits"`).
    quits: &'static str,
    /// The last frame was forgotten ([`buffers`](Self::buffers)): the next one clears the
    /// screen and is drawn whole.
    redraw: bool,
}

impl<B: Backend> Screen<B> {
    /// A screen on `backend`, drawn in its top left [`MAX_DRAWN`] at most; `quits` is what
    /// the too-large screen says quits.
    pub fn new(backend: B, quits: &'static str) -> Result<Self, B::Error> {
        let size = backend.size()?;
        let viewport = Viewport::Fixed(drawn_area(size.width, size.height));
        let term = Terminal::with_options(backend, TerminalOptions { viewport })?;
        Ok(Screen {
            term,
            size,
            quits,
            redraw: false,
        })
    }

    /// Follows the terminal's size: when it changed, the screen is cleared, the area drawn
    /// becomes the new size's (bounded), and the buffers let go of the memory a smaller
    /// area does not need. True when the size changed.
    pub fn fit(&mut self) -> Result<bool, B::Error> {
        let size = self.term.size()?;
        if size == self.size {
            return Ok(false);
        }
        self.size = size;
        // All of it: the viewport's own clear covers only the area drawn.
        self.term.backend_mut().clear_region(ClearType::All)?;
        self.term.resize(drawn_area(size.width, size.height))?;
        // A buffer that shrinks keeps its memory (ratatui truncates it): both are trimmed,
        // each in turn the current one (a swap also resets the other, as the resize did).
        for _ in 0..2 {
            self.term.current_buffer_mut().content.shrink_to_fit();
            self.term.swap_buffers();
        }
        Ok(true)
    }

    /// Draws one frame with `draw`, at the terminal's size (looked at first), or the
    /// too-large screen when the terminal is larger than [`MAX_DRAWN`].
    pub fn draw(&mut self, draw: impl FnOnce(&mut Frame)) -> Result<(), B::Error> {
        if !self.fit()? && std::mem::take(&mut self.redraw) {
            self.clear()?;
        }
        let (size, quits) = (self.size, self.quits);
        self.term.draw(|f| {
            if too_large(size.width, size.height) {
                draw_too_large(f, size, quits);
            } else {
                draw(f);
            }
        })?;
        Ok(())
    }

    /// Clears the screen; the next frame is drawn whole.
    pub fn clear(&mut self) -> Result<(), B::Error> {
        self.term.backend_mut().clear_region(ClearType::All)?;
        self.term.clear()
    }

    /// The backend, to write to the terminal directly.
    pub fn backend_mut(&mut self) -> &mut B {
        self.term.backend_mut()
    }

    /// The terminal's size as last seen (columns, rows).
    pub fn size(&self) -> (u16, u16) {
        (self.size.width, self.size.height)
    }

    /// The area drawn, and how many cells the two buffers hold room for together (what
    /// the memory follows). Looking forgets the last frame (ratatui shows the other buffer
    /// only by swapping, which resets it): the next one is drawn whole.
    pub fn buffers(&mut self) -> (Rect, usize) {
        let a = self.term.current_buffer_mut();
        let (area, one) = (a.area, a.content.capacity());
        self.term.swap_buffers();
        let other = self.term.current_buffer_mut().content.capacity();
        self.term.swap_buffers();
        self.redraw = true;
        (area, one + other)
    }
}

/// The screen shown in a terminal of `size` larger than [`MAX_DRAWN`]: what is wrong,
/// what to do, and `quits`, at the top left.
pub fn draw_too_large(f: &mut Frame, size: Size, quits: &str) {
    let lines = vec![
        Line::styled(
            format!(
                "terminal too large ({}×{}); the most is {}×{}",
                size.width, size.height, MAX_DRAWN.0, MAX_DRAWN.1
            ),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Line::raw("make the window smaller (or the font larger) to see the screen"),
        Line::raw(quits.to_string()),
    ];
    let area = f.area();
    f.render_widget(Paragraph::new(lines), area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;

    #[test]
    fn a_small_terminal_is_drawn_whole() {
        let mut s = Screen::new(TestBackend::new(30, 4), "q quits").unwrap_or_else(|e| match e {});
        s.draw(|f| f.render_widget(Paragraph::new("hello"), f.area()))
            .unwrap_or_else(|e| match e {});
        assert_eq!(s.buffers().0, Rect::new(0, 0, 30, 4));
        s.term.backend().assert_buffer_lines([
            "hello                         ",
            "                              ",
            "                              ",
            "                              ",
        ]);
    }
}
