//! Where a parse's diagnostics go.
//!
//! As rust-url's `violation_fn`: the grammar reports every diagnostic to a [`Sink`], and the
//! sink decides what to keep. A full parse keeps everything; a verdict's parse keeps only the
//! errors that can still be the first one. Both merge a repeat into the run of the last one
//! kept ([`Diagnostic::count`]) here, in one place.

use super::{Code, Diagnostic, Severity, Span};

/// What a [`Sink`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keep {
    /// Every diagnostic (a full parse).
    Everything,
    /// Only the errors that can be the first one (a verdict's parse).
    FirstError,
}

/// The diagnostics a parse has reported, as its [`Keep`] keeps them.
#[derive(Debug)]
pub(super) struct Sink {
    keep: Keep,
    diags: Vec<Diagnostic>,
    /// Errors merged into an earlier diagnostic (see [`Diagnostic::count`]), or not kept
    /// by a verdict's sink: with the errors kept, every error reported.
    merged_errors: usize,
    /// A verdict's sink dropped a diagnostic after the last one kept. A full parse keeps it,
    /// and there it stands between the last diagnostic and the next, which then cannot
    /// extend the last one's run; so neither can it here (the first error's count and span
    /// must be the full parse's).
    dropped: bool,
}

impl Sink {
    /// An empty sink that keeps what `keep` says.
    pub(super) fn new(keep: Keep) -> Self {
        Sink {
            keep,
            diags: Vec::new(),
            merged_errors: 0,
            dropped: false,
        }
    }

    /// Switches what the sink keeps (before anything is reported).
    pub(super) fn set_keep(&mut self, keep: Keep) {
        self.keep = keep;
    }

    /// The diagnostics kept so far.
    pub(super) fn kept(&self) -> &[Diagnostic] {
        &self.diags
    }

    /// Every diagnostic kept, for the tree's builder to sort and return.
    pub(super) fn into_kept(self) -> Vec<Diagnostic> {
        self.diags
    }

    /// Errors reported so far that are not a kept diagnostic of their own (merged into a
    /// run, or dropped by a verdict's sink).
    pub(super) fn merged_errors(&self) -> usize {
        self.merged_errors
    }

    /// Extends the last diagnostic kept by `count` occurrences when this one repeats it right
    /// after it (same severity, code, spec and message, its span starting where the last
    /// one's ends); true when it did. The one place runs are merged.
    pub(super) fn extend_run(
        &mut self,
        severity: Severity,
        code: Code,
        span: Span,
        spec: &str,
        message: &str,
        count: usize,
    ) -> bool {
        if !self.dropped
            && let Some(last) = self.diags.last_mut()
            && last.span.end == span.start
            && !span.is_empty()
            && !last.span.is_empty()
            && last.code == code
            && last.severity == severity
            && last.spec == spec
            && last.message == message
        {
            last.span.end = span.end;
            last.count += count;
            if severity == Severity::Error {
                self.merged_errors += 1;
            }
            return true;
        }
        false
    }

    /// Whether a new diagnostic (one that extends no run) of `severity` at `span` is kept;
    /// one that is not counts as reported and dropped.
    pub(super) fn admits(&mut self, severity: Severity, span: Span) -> bool {
        if self.keep == Keep::Everything || self.could_be_first(severity, span) {
            return true;
        }
        if severity == Severity::Error {
            self.merged_errors += 1;
        }
        self.dropped = true;
        false
    }

    /// True when an error at `span` would be neither kept nor merged into a run (and counts
    /// it as reported): a grammar can then skip writing its message. Always false for a
    /// sink that keeps everything.
    pub(super) fn skips_error(&mut self, span: Span) -> bool {
        if self.keep == Keep::Everything {
            return false;
        }
        // An error right after the last one kept may extend its run: it is reported, and
        // `extend_run` merges it or `admits` drops it.
        let may_extend = !self.dropped
            && self
                .diags
                .last()
                .is_some_and(|d| d.severity == Severity::Error && d.span.end == span.start);
        if !may_extend && !self.could_be_first(Severity::Error, span) {
            self.merged_errors += 1;
            self.dropped = true;
            return true;
        }
        false
    }

    /// Keeps `d`, a diagnostic that extends no run.
    pub(super) fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
        self.dropped = false;
    }

    /// Whether a diagnostic can still be the first error.
    fn could_be_first(&self, severity: Severity, span: Span) -> bool {
        if severity != Severity::Error {
            return false;
        }
        let key = (span.start, span.end);
        !self
            .diags
            .iter()
            .any(|d| d.severity == Severity::Error && (d.span.start, d.span.end) <= key)
    }
}
