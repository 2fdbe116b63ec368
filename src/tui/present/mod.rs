//! The presenter: decks of steps shown through the workbench's own drawing.
//!
//! A deck ([`deck`]) is a TOML file of steps; each step is replayed from the start of its own
//! state ([`render::step_app`]: a fresh [`App`](crate::tui::app::App) built from the step,
//! its keys fed as events, drawn at the deck's size by the app's own `draw`), so a step
//! looks the same every time and the presenter never names a pane. `idbench present DECK`
//! shows the steps full screen ([`show`]); `idbench replay DECK --export DIR` writes each
//! as SVG, HTML or text ([`export`]), the exporter Ctrl-S `s` and `h` use too.

pub mod deck;
/// The exporter, kept under its old path (`idbench replay` reaches it here).
pub use crate::tui::export;
pub mod render;
pub mod show;

pub use deck::{Deck, Step};
