//! What resolving a reference gives ([`Resolution`]): the type a spec's resolver
//! ([`super::Resolver`]) returns, beside the descriptor that names the resolver.

use crate::engine::tree::{Diagnostic, Severity};

/// The outcome of resolving one reference against one base.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolution {
    /// The target, or `None` when the base or the reference is not usable (see the
    /// diagnostics).
    pub target: Option<String>,
    /// What the algorithm did, in order: the branch taken, merge and dot-segment results.
    pub steps: Vec<ResolveStep>,
    /// Diagnostics of the reference and of resolving it; spans index the reference.
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics of the base; spans index the base.
    pub base_diagnostics: Vec<Diagnostic>,
    /// Where the profile's answer differs from RFC 3986's for the same pair (rfc1630), the
    /// difference and RFC 3986's answer.
    pub note: Option<String>,
}

impl Resolution {
    /// True when a target came out.
    pub fn resolved(&self) -> bool {
        self.target.is_some()
    }
    /// The first error, of the base or of the reference.
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.base_diagnostics
            .iter()
            .chain(&self.diagnostics)
            .find(|d| d.severity == Severity::Error)
    }
    /// Records a step of the work.
    pub(crate) fn step(&mut self, name: &str, detail: impl Into<String>) {
        self.steps.push(ResolveStep {
            name: name.to_string(),
            detail: detail.into(),
        });
    }
}

/// One step of a resolution, for showing the work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveStep {
    /// What was done, e.g. `§5.2.2`, `merge (§5.2.3)`, `remove_dot_segments (§5.2.4)`.
    pub name: String,
    /// The branch taken or the value computed.
    pub detail: String,
}
