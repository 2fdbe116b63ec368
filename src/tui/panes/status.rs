//! The status line: the last message on the left, key hints (from the key table) on the
//! right.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::{fit, width};
pub use crate::tui::message::{Level, Message};
use crate::tui::theme::{Slot, Theme};

/// What the keys typed while the terminal is too small did: typed text and editing keys go
/// to the input (and are counted), other commands are ignored (and counted); only quitting
/// acts at once (Ctrl-C, Ctrl-Q, or `q` twice in a row). The counts are shown on the small
/// screen, and once on the status line when the terminal is large enough again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmallKeys {
    /// Keys applied to the input.
    pub applied: usize,
    /// Commands ignored.
    pub ignored: usize,
    /// A `q` is held: a second `q` quits; any other key (or the terminal growing large
    /// enough) types it first.
    pub q_held: bool,
}

/// The screen shown when the terminal is smaller than `min` (the current mode's
/// minimum; `diff`: diff mode, which needs more). `keys`: how many keys typed on this
/// screen went to the input, how many commands were ignored, and whether a `q` is held.
pub fn draw_too_small(
    f: &mut ratatui::Frame,
    area: Rect,
    min: (u16, u16),
    diff: bool,
    keys: SmallKeys,
    theme: &Theme,
) {
    use ratatui::text::Line;
    let w = usize::from(area.width);
    let cut = |t: String| super::truncate(t.into(), w).into_owned();
    let lines = vec![
        Line::styled(cut("terminal too small".into()), theme.get(Slot::Header)),
        Line::styled(
            cut(format!(
                "need {}×{}{}, have {}×{}",
                min.0,
                min.1,
                if diff {
                    " for diff mode (Ctrl-D leaves it)"
                } else {
                    ""
                },
                area.width,
                area.height
            )),
            theme.get(Slot::Text),
        ),
        if keys.q_held {
            Line::styled(
                cut("q again quits (another key types the q)".into()),
                theme.get(Slot::Key),
            )
        } else {
            Line::styled(
                cut("q q, Ctrl-C or Ctrl-Q quits".into()),
                theme.get(Slot::Dim),
            )
        },
        Line::styled(
            cut(match keys.applied {
                0 => "typing goes to the input".into(),
                n => format!("{} applied to the input", super::plural(n, "key")),
            }),
            theme.get(Slot::Dim),
        ),
        Line::styled(
            cut(match keys.ignored {
                0 => String::new(),
                n => format!("{} ignored", super::plural(n, "command")),
            }),
            theme.get(Slot::Dim),
        ),
    ];
    // The first three lines centred, as before the counts were added below them.
    let y = area.y + area.height.saturating_sub(3) / 2;
    let r = Rect {
        y,
        height: area.bottom().saturating_sub(y).min(lines.len() as u16),
        ..area
    };
    f.render_widget(ratatui::widgets::Paragraph::new(lines).centered(), r);
}

/// Draws the status line.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    msg: Option<&Message>,
    hints: &[(String, &'static str)],
    theme: &Theme,
) {
    let base = theme.get(Slot::Status);
    buf.set_style(area, base);
    let w = usize::from(area.width);
    let msg_w = match msg {
        Some(m) => (width(&crate::safe_text::escape(&m.text)) + 2).min(w),
        None => 0,
    };
    // The message wins; hints take what is left, whole hints only.
    let mut x = area.x;
    if let Some(m) = msg {
        let st = match m.level {
            Level::Info => base,
            Level::Error => base.patch(theme.get(Slot::StatusError)),
        };
        let text = fit(&m.text, w.saturating_sub(1));
        let (nx, _) = buf.set_stringn(x + 1, area.y, &text, w.saturating_sub(1), st);
        x = nx;
    }
    // Whole hints from the front while they fit, two spaces apart, a space from each edge.
    let room = w.saturating_sub(msg_w);
    let mut used = 1;
    let mut shown: Vec<&(String, &str)> = Vec::new();
    for h in hints {
        let gap = if shown.is_empty() { 0 } else { 2 };
        let hw = gap + width(&h.0) + 1 + width(h.1);
        if used + hw + 1 > room {
            break;
        }
        used += hw;
        shown.push(h);
    }
    let mut hx = area.right().saturating_sub(used as u16).max(x);
    let key = base.patch(theme.get(Slot::Key));
    let put = |buf: &mut Buffer, x: u16, s: &str, st: Style| {
        buf.set_stringn(
            x,
            area.y,
            s,
            usize::from(area.right().saturating_sub(x)),
            st,
        )
        .0
    };
    for (i, (k, l)) in shown.into_iter().enumerate() {
        if i > 0 {
            hx = put(buf, hx, "  ", base);
        }
        hx = put(buf, hx, k, key);
        hx = put(buf, hx, " ", base);
        hx = put(buf, hx, l, base);
    }
}
