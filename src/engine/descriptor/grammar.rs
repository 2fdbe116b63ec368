//! A grammar as a descriptor holds it ([`GrammarEntry`]), and parsing by one.
//!
//! The code that works for any spec parses through the entry its descriptor gives; only
//! the entry points that have a profile ([`crate::engine::specs::parse`]) look the entry up.

use std::sync::Arc;

use crate::engine::tree::{Builder, Diagnostic, Tree};

/// A grammar: a function that parses the input a [`Builder`] holds into it, recovering from
/// errors so that a tree always comes out. The same function serves a full parse and a
/// verdict ([`Builder::verdict_only`]).
#[derive(Clone)]
pub enum GrammarEntry {
    /// A built-in's grammar.
    Fn(fn(&mut Builder<'_>)),
    /// A grammar with state (a run-time profile's, built over a user's grammar).
    Shared(Arc<dyn Fn(&mut Builder<'_>) + Send + Sync>),
    /// A built-in's grammar that can parse against a base URL (the URL Standard's parser,
    /// `parse --base`); without one it parses the input alone.
    WithBase(fn(&mut Builder<'_>, Option<&str>)),
}

impl GrammarEntry {
    /// Runs the grammar into `b`.
    pub fn run(&self, b: &mut Builder<'_>) {
        match self {
            GrammarEntry::Fn(f) => f(b),
            GrammarEntry::Shared(f) => f(b),
            GrammarEntry::WithBase(f) => f(b, None),
        }
    }

    /// True when the grammar parses against a base itself ([`GrammarEntry::WithBase`]);
    /// otherwise a reference is resolved against the base first.
    pub fn takes_base(&self) -> bool {
        matches!(self, GrammarEntry::WithBase(_))
    }

    /// Parses `input` against `base` with a grammar that takes one; any other grammar
    /// parses `input` alone.
    pub fn parse_with_base(&self, input: &str, base: &str) -> (Tree, Vec<Diagnostic>) {
        let mut b = Builder::new(input);
        match self {
            GrammarEntry::WithBase(f) => f(&mut b, Some(base)),
            other => other.run(&mut b),
        }
        b.build()
    }
}

impl std::fmt::Debug for GrammarEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GrammarEntry::Fn(_) => "GrammarEntry::Fn",
            GrammarEntry::Shared(_) => "GrammarEntry::Shared",
            GrammarEntry::WithBase(_) => "GrammarEntry::WithBase",
        })
    }
}

impl GrammarEntry {
    /// Parses `input` with this grammar.
    pub fn parse(&self, input: &str) -> (Tree, Vec<Diagnostic>) {
        let mut b = Builder::new(input);
        self.run(&mut b);
        b.build()
    }

    /// [`GrammarEntry::parse`] for a verdict: the tree, and of the diagnostics only the
    /// first error (see [`Builder::verdict_only`]). The status and first error are those
    /// [`GrammarEntry::parse`] gives.
    pub fn parse_verdict(&self, input: &str) -> (Tree, Vec<Diagnostic>) {
        let mut b = Builder::new(input).verdict_only();
        self.run(&mut b);
        b.build()
    }

    /// The diagnostics of [`GrammarEntry::parse_verdict`] without its tree (not
    /// assembled: for a caller that keeps only the status and the first error, as the
    /// workbench's profile strip does at every keystroke).
    pub fn verdict_diagnostics(&self, input: &str) -> Vec<Diagnostic> {
        let mut b = Builder::new(input).verdict_only();
        self.run(&mut b);
        b.into_diagnostics()
    }
}
