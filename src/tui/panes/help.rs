//! The help overlay, generated from the key table.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::examples::centered;
use super::{Overlay, OverlayEffect, block, inner, pad, truncate};
use crate::tui::keys::{self, Action, BINDINGS, Context};
use crate::tui::theme::{Slot, Theme};

/// The help overlay (F1): the key table, scrolled; above it, when the last copy went out
/// as OSC 52 because the system clipboard refused it, the clipboard's own words (which the
/// status line, keeping its advice whole, may have cut).
#[derive(Clone, Debug, Default)]
pub struct HelpOverlay {
    /// The first line shown (clamped when drawn).
    pub scroll: usize,
    /// The system clipboard's reason for the last copy, untrusted (escaped when drawn).
    pub clipboard: Option<String>,
}

impl Overlay for HelpOverlay {
    fn context(&self) -> Context {
        Context::Help
    }

    fn on_action(&mut self, action: Option<Action>, _ch: Option<char>) -> OverlayEffect {
        match action {
            Some(Action::Up) => self.scroll = self.scroll.saturating_sub(1),
            Some(Action::Down) => self.scroll += 1,
            Some(Action::PageUp) => self.scroll = self.scroll.saturating_sub(10),
            Some(Action::PageDown) => self.scroll += 10,
            Some(Action::First) => self.scroll = 0,
            Some(Action::Last) => self.scroll = usize::MAX / 2,
            Some(Action::Back | Action::Help) => return OverlayEffect::Close,
            _ => {}
        }
        OverlayEffect::None
    }

    fn on_wheel(&mut self, up: bool) {
        self.scroll = if up {
            self.scroll.saturating_sub(1)
        } else {
            self.scroll + 1
        };
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, theme: &Theme) {
        self.scroll = draw(f, area, self.scroll, theme, self.clipboard.as_deref());
    }
}

/// One row of help: its line and, for the second and later rows of a wrapped entry, the
/// entry's key, shown in place of the blank key column when the row is the first one in
/// the window (so a scrolled window never starts with a description without its key).
struct Row {
    line: Line<'static>,
    key: Option<Span<'static>>,
}

/// The help text for a window `width` columns wide: one entry per binding, grouped by
/// context, then a legend. A description too long for its row wraps under the
/// description column (no word is cut); a heading or key too wide ends with `…`.
pub fn lines(theme: &Theme, width: usize) -> Vec<Line<'static>> {
    rows(theme, width, None)
        .into_iter()
        .map(|r| r.line)
        .collect()
}

/// The rows of [`lines`], each with the key its continuation row shows at the top.
fn rows(theme: &Theme, width: usize, clipboard: Option<&str>) -> Vec<Row> {
    let key_w = BINDINGS
        .iter()
        .map(|b| keys::keys_label(b).chars().count())
        .max()
        .unwrap_or(10)
        .min(28)
        + 2;
    let mut out = Vec::new();
    if let Some(why) = clipboard {
        out.push(plain(Line::styled(
            truncate(" The last copy".into(), width).into_owned(),
            theme.get(Slot::Header),
        )));
        let what = format!(
            "went out as OSC 52, not to the system clipboard: {}",
            crate::safe_text::escape(why)
        );
        entry(
            &mut out,
            pad("clipboard".into(), key_w).into_owned(),
            theme.get(Slot::Key),
            &what,
            key_w,
            width,
            theme,
        );
        out.push(plain(Line::raw("")));
    }
    for cx in Context::ALL {
        let rows: Vec<_> = BINDINGS.iter().filter(|b| b.context == cx).collect();
        if rows.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(plain(Line::raw("")));
        }
        out.push(plain(Line::styled(
            truncate(format!(" {}", cx.title()).into(), width).into_owned(),
            theme.get(Slot::Header),
        )));
        for b in rows {
            let key = pad(keys::keys_label(b).into(), key_w).into_owned();
            entry(
                &mut out,
                key,
                theme.get(Slot::Key),
                b.description,
                key_w,
                width,
                theme,
            );
        }
    }
    out.push(plain(Line::raw("")));
    out.push(plain(Line::styled(
        truncate(" Reading the screen".into(), width).into_owned(),
        theme.get(Slot::Header),
    )));
    let legend: [(&str, Slot, &str); 8] = [
        (
            "✓ ✗ –",
            Slot::Valid,
            "profile strip: valid, invalid, does not apply; [brackets] mark the profile in use",
        ),
        (
            "≡ ≢",
            Slot::Equal,
            "diff mode: equivalent or not under each profile",
        ),
        (
            "⟨U+202E⟩",
            Slot::Token,
            "a character that is unsafe or invisible on a terminal, shown by its code point",
        ),
        (
            "underline",
            Slot::Error,
            "in the input: where an error or warning is",
        ),
        (
            "highlight",
            Slot::Highlight,
            "in the input: the span of the selected tree node",
        ),
        (
            "difference",
            Slot::Difference,
            "in diff mode: the first component where the inputs differ",
        ),
        (
            "▶",
            Slot::Focus,
            "the selected row; the focused pane has a thick border and ▸ in its title",
        ),
        ("…", Slot::Dim, "more text beyond the edge"),
    ];
    for (sym, slot, what) in legend {
        let sym = pad(sym.into(), key_w).into_owned();
        entry(&mut out, sym, theme.get(slot), what, key_w, width, theme);
    }
    out
}

/// A row that is not the continuation of an entry.
fn plain(line: Line<'static>) -> Row {
    Row { line, key: None }
}

/// One help entry: `key` in its column, then `what` wrapped at spaces to the rest of
/// `width`, continuation rows under the description column. When the description column
/// is too narrow to read (under 12 columns), the description goes under the key.
fn entry(
    out: &mut Vec<Row>,
    key: String,
    key_style: ratatui::style::Style,
    what: &str,
    key_w: usize,
    width: usize,
    theme: &Theme,
) {
    let indent = 3 + key_w;
    let room = width.saturating_sub(indent);
    let text = theme.get(Slot::Text);
    if room < 12 {
        // Too narrow for two columns: the key on its row (cut with `…`), the description
        // wrapped under it.
        // The key has a row of its own here, with no room beside the description: a
        // window starting under it shows the description alone.
        out.push(plain(Line::from(vec![
            Span::raw("   "),
            Span::styled(
                truncate(key.trim_end().to_string().into(), width.saturating_sub(3)).into_owned(),
                key_style,
            ),
        ])));
        for r in crate::text_layout::wrap_words(what, width.saturating_sub(5)) {
            out.push(plain(Line::from(vec![
                Span::raw("     "),
                Span::styled(r.trim_end().to_string(), text),
            ])));
        }
        return;
    }
    for (i, r) in crate::text_layout::wrap_words(what, room)
        .into_iter()
        .enumerate()
    {
        let key_span = Span::styled(key.clone(), key_style);
        let (head, key) = if i == 0 {
            (key_span, None)
        } else {
            (Span::raw(" ".repeat(key_w)), Some(key_span))
        };
        out.push(Row {
            line: Line::from(vec![
                Span::raw("   "),
                head,
                Span::styled(r.trim_end().to_string(), text),
            ]),
            key,
        });
    }
}

/// Draws help over `area`, scrolled by `scroll` lines (clamped and returned).
pub fn draw(
    f: &mut Frame,
    area: Rect,
    scroll: usize,
    theme: &Theme,
    clipboard: Option<&str>,
) -> usize {
    let pop = centered(area, 90, 90);
    f.render_widget(Clear, pop);
    let body = inner(pop);
    let all = rows(theme, usize::from(body.width), clipboard);
    let h = usize::from(body.height);
    let max = all.len().saturating_sub(h);
    let scroll = scroll.min(max);
    // When help is longer than the window, the title says where it is and that it scrolls.
    let title = if max > 0 {
        format!(
            "Help · {} · ↑↓ PgUp PgDn scroll · Esc closes",
            super::rows_label(scroll, h, all.len())
        )
    } else {
        "Help · Esc closes".to_string()
    };
    let title = super::truncate(title.into(), usize::from(pop.width).saturating_sub(4));
    f.render_widget(block(&*title, true, theme), pop);
    f.render_widget(Paragraph::new(window(all, scroll, h)), body);
    scroll
}

/// The `h` rows from `scroll` on; when the first is the continuation of a wrapped entry,
/// it shows the entry's key in its key column.
fn window(all: Vec<Row>, scroll: usize, h: usize) -> Vec<Line<'static>> {
    all.into_iter()
        .skip(scroll)
        .take(h)
        .enumerate()
        .map(|(i, r)| match (i, r.key) {
            (0, Some(key)) => {
                let mut line = r.line;
                if let Some(head) = line.spans.get_mut(1) {
                    *head = key;
                }
                line
            }
            _ => r.line,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At any width, no help row is wider than the window (so nothing is cut silently at
    /// its border), and every description is there whole, wrapped or not.
    #[test]
    fn rows_fit_and_descriptions_are_whole() {
        let theme = Theme::default();
        for width in [20, 30, 44, 60, 76, 96] {
            let rows = lines(&theme, width);
            for r in &rows {
                assert!(r.width() <= width, "{width}: {r:?}");
            }
            let text: String = rows
                .iter()
                .map(|l| {
                    let s: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
                    s.split_whitespace().collect::<String>()
                })
                .collect();
            // Compared without spaces: a word longer than a row is broken by character.
            let words = |s: &str| s.split_whitespace().collect::<String>();
            for b in BINDINGS {
                let want = words(b.description);
                assert!(text.contains(&want), "{width}: {want}");
            }
        }
    }

    /// Scrolled so that the second row of a wrapped entry is the window's first, help
    /// shows that entry's key on it; further down, continuation rows keep a blank key
    /// column.
    #[test]
    fn a_continuation_at_the_top_shows_its_key() {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;
        let theme = Theme::default();
        for (w, h) in [(80u16, 24u16), (100, 30), (60, 16)] {
            let area = Rect::new(0, 0, w, h);
            let body = inner(centered(area, 90, 90));
            let all = rows(&theme, usize::from(body.width), None);
            let text =
                |l: &Line| -> String { l.spans.iter().map(|s| s.content.as_ref()).collect() };
            let max = all.len().saturating_sub(usize::from(body.height));
            let mut checked = 0;
            for (at, row) in all.iter().enumerate().filter(|(at, _)| *at <= max) {
                let Some(key) = &row.key else { continue };
                // The head row of this entry: the last row before it without a key.
                let head = all[..at].iter().rposition(|r| r.key.is_none()).unwrap_or(0);
                assert!(text(&all[head].line).contains(key.content.trim_end()));
                let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
                let mut scroll = 0;
                term.draw(|f| scroll = draw(f, area, at, &theme, None))
                    .unwrap();
                assert_eq!(scroll, at);
                let buf = term.backend().buffer();
                let screen_row = |y: u16| -> String {
                    (body.x..body.x + body.width)
                        .map(|x| buf[(x, y)].symbol().to_string())
                        .collect()
                };
                let top = screen_row(body.y);
                let want = format!("   {}{}", key.content, text(&row.line).trim_start());
                assert_eq!(top.trim_end(), want.trim_end(), "{w}x{h} at {at}");
                // The next row, a continuation too or not, is drawn as it is.
                if let Some(next) = all.get(at + 1).filter(|_| body.height > 1) {
                    assert_eq!(
                        screen_row(body.y + 1).trim_end(),
                        text(&next.line).trim_end()
                    );
                }
                checked += 1;
            }
            assert!(checked > 0, "{w}x{h}: no wrapped entry to scroll to");
        }
    }
}
