//! The share menu (`Ctrl-S`): copy the report of the current view as Markdown or plain
//! text (the same text `idbench explain` prints for the same arguments), or the command
//! line that reopens the view; or append the view as a case to the cases file
//! ([`crate::cases`]); or save the screen as SVG or HTML in the working directory
//! ([`crate::tui::export`], the exporter `idbench replay` uses). The report is rendered by [`crate::report`]; this module
//! draws the menu; `clipboard::Clipboard::copy_told` copies and words what the copy did.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::examples::centered;
use super::{Overlay, OverlayEffect, inner};
use crate::report::ReportFormat;
use crate::tui::keys::{Action, BINDINGS, Context, keys_label};
use crate::tui::theme::{Slot, Theme};

/// The share menu as an overlay.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShareMenu;

impl Overlay for ShareMenu {
    fn context(&self) -> Context {
        Context::Share
    }

    fn on_action(&mut self, action: Option<Action>, _ch: Option<char>) -> OverlayEffect {
        match action {
            Some(Action::ShareMarkdown) => OverlayEffect::Share(Some(ReportFormat::Markdown)),
            Some(Action::ShareText) => OverlayEffect::Share(Some(ReportFormat::Text)),
            Some(Action::ShareCommand) => OverlayEffect::Share(None),
            Some(Action::ShareCase) => OverlayEffect::SaveCase,
            Some(Action::ShareSvg) => OverlayEffect::SaveScreen(crate::tui::export::Format::Svg),
            Some(Action::ShareHtml) => OverlayEffect::SaveScreen(crate::tui::export::Format::Html),
            Some(Action::Back | Action::Share) => OverlayEffect::Close,
            Some(Action::Help) => OverlayEffect::Help,
            _ => OverlayEffect::None,
        }
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, theme: &Theme) {
        draw(f, area, theme);
    }
}

/// Draws the menu over `area`: one line per binding of the share context, from the key
/// table (so the menu, help and the status bar agree).
pub fn draw(f: &mut Frame, area: Rect, theme: &Theme) {
    let rows: Vec<Line<'static>> = BINDINGS
        .iter()
        .filter(|b| b.context == Context::Share)
        .map(|b| {
            Line::from(vec![
                Span::styled(format!(" {:<4}", keys_label(b)), theme.get(Slot::Header)),
                Span::styled(b.description, theme.get(Slot::Text)),
            ])
        })
        .chain([Line::from(vec![
            Span::styled(" Esc ", theme.get(Slot::Header)),
            Span::styled("close", theme.get(Slot::Text)),
        ])])
        .collect();
    let h = u16::try_from(rows.len() + 2).unwrap_or(u16::MAX);
    let w = rows
        .iter()
        .map(|l| l.width())
        .max()
        .unwrap_or(0)
        .saturating_add(3);
    let w = u16::try_from(w).unwrap_or(u16::MAX).min(area.width);
    let mid = centered(area, 100, 100);
    let pop = Rect::new(
        mid.x + mid.width.saturating_sub(w) / 2,
        mid.y + mid.height.saturating_sub(h) / 2,
        w,
        h.min(area.height),
    );
    f.render_widget(Clear, pop);
    f.render_widget(
        super::block_fit("Share · Esc closes", pop, true, theme),
        pop,
    );
    f.render_widget(Paragraph::new(rows), inner(pop));
}
