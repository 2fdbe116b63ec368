//! The workbench: a live terminal UI over the engine.
//!
//! [`run`] ([`terminal`]) sets the terminal up (raw mode, alternate screen, mouse capture,
//! bracketed paste), runs the event loop over an [`app::App`], and restores the terminal
//! and saves the history on every way out (signals, suspend, a terminal that goes away, a
//! panic, an abort): that lifecycle is `terminal.rs`, on its own.
//!
//! The code: [`model`] holds the document (each input's analysis, the comparison, the
//! resolution, the profile, the compare options) and imports no pane; [`panes`] holds the
//! components, one module each, and the one list of parts (`panes/list.rs`) from which the
//! focus order and the routing come; [`app`] routes events to them, carries out what they
//! ask ([`panes::Effect`]) and lays the frame out ([`layout`]). The rest serves them all:
//! [`keys`] (the key table), [`theme`], [`message`], [`clipboard`], [`history`],
//! [`config`], [`event`].

pub mod app;
pub mod clipboard;
pub mod config;
pub mod event;
pub mod export;
pub mod highlight;
pub mod history;
pub mod keys;
pub mod lab;
pub mod layout;
pub mod message;
pub mod model;
pub mod panes;
pub mod present;
pub mod screen;
pub mod terminal;
pub mod theme;
pub mod worker;

pub(crate) use terminal::SIGNALS;
pub use terminal::{Launch, config_from, restore_terminal, run};
