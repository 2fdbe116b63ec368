//! idbench: a workbench for identifiers (URIs, IRIs, URNs and XRIs).
//!
//! The library is the embedded engine. Data flows one way:
//!
//! ```text
//! input -> engine::analyze(input, options) -> Analysis (tree, diagnostics, forms, verdicts) -> view
//! ```
//!
//! The [`engine`] knows nothing of terminals. The two faces, [`cli`] and [`tui`], render an
//! [`engine::Analysis`]; they never re-parse. [`safe_text`] turns untrusted text into something
//! that is safe to put on a terminal.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cli;
pub mod engine;
pub mod idsets;
pub mod report;
pub mod safe_text;
pub mod tui;

pub use engine::{Analysis, Options, Profile, analyze};

/// The README's Rust examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
