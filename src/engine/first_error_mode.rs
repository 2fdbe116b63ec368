//! The first-error mode of the grammars: an input's first error (code, span, section and
//! expected set) as [`super::analyze`] reports it, without the tree, the messages or the
//! warnings' work (IDNA, NFC, bidi, normal forms).
//!
//! Why it exists: batch checking (`check`, the Arrow kernels, `parse`'s first error) needs
//! only the first error of an invalid line, and a full parse of one builds a tree, writes an
//! explained message for every diagnostic and runs UTS #46 on the host: some 30 times the
//! work. The RFC 3986 / RFC 3987 grammar (`specs/uri/grammar.rs`) runs in this mode as it
//! is, generic over where its output goes (`Out`): a [`Builder`] for a full parse, a
//! `Seeker` here, which keeps no node and no message and skips what only makes warnings
//! and notes. One code path, so the first error cannot drift from the full parse's; the
//! property tests (`tests/first_error.rs`) hold them equal on every corpus line and on
//! generated near misses.
//!
//! The URL Standard's state machine (`specs/whatwg/parser.rs`) has the mode too, as a flag
//! the machine checks rather than a sink: it runs as for its verdict (no URL record, no
//! spans, no diagnostic list, no message) and keeps the failure's span and section as a
//! full parse reports them, and the failure's message alone when asked
//! (`specs::first_error_explained`, for `check`'s JSON error object).
//!
//! The other grammars answer through their verdict parse ([`Builder::verdict_only`], which
//! keeps the first error only and skips the messages it can): [`super::grammar_first_error`]
//! picks the way by profile.
//!
//! What the `Seeker` keeps mirrors the [`Builder`]'s sink: a repeat of the last error
//! (same code and section, its span starting where the last one's ends, and the same
//! message) extends its run, and the first error is the least by (start, end) of the
//! errors kept, the earliest reported among equals. Without messages, "the same message"
//! is "made from the same text" (`Out::found`'s `key`).

use std::borrow::Cow;

use super::codes::{Code, Sections};
use super::tree::{Builder, Diagnostic, NodeId, NodeKind, Severity, Span};

/// An input's first error, as [`super::Analysis::first_error`] reports it, less the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstError {
    /// Its stable code.
    pub code: Code,
    /// Where, in bytes of the input (a run of repeats as one span).
    pub span: Span,
    /// The spec section it cites.
    pub spec: &'static str,
    /// What the grammar would have accepted where it stopped (empty when it recorded
    /// nothing), as [`Diagnostic::expected`].
    pub expected: Vec<&'static str>,
}

impl FirstError {
    /// The first error of a diagnostic list in input order, as a full or verdict parse
    /// returns it.
    pub fn of(diags: &[Diagnostic]) -> Option<FirstError> {
        diags
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| FirstError {
                code: d.code,
                span: d.span,
                spec: d.spec,
                expected: d.expected.clone(),
            })
    }
}

/// An input's first error with its message, as [`super::Analysis::first_error`] reports
/// it: what a grammar whose first-error mode can write the one message of its failure
/// gives (the URL Standard's state machine), so that a batch check's error object needs no
/// analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The first error.
    pub error: FirstError,
    /// What is wrong and what to do about it ([`Diagnostic::message`]); a fixed text is
    /// borrowed, not copied.
    pub message: Cow<'static, str>,
}

/// Where a grammar's output goes: a [`Builder`] (a full parse, [`Out::FULL`]) or a
/// [`Seeker`] (the first-error mode). The grammar calls the same methods either way; under
/// the first-error mode it skips what only makes warnings and notes, and reports its errors
/// through [`Out::found`] without writing their messages.
pub(crate) trait Out<'i> {
    /// True for a full parse: a tree, every diagnostic with its message.
    const FULL: bool;
    fn start(&mut self, kind: NodeKind, rule: &'static str, start: usize) -> NodeId;
    fn finish(&mut self, end: usize) -> NodeId;
    fn leaf(&mut self, kind: NodeKind, rule: &'static str, start: usize, end: usize) -> NodeId;
    fn attr(&mut self, id: NodeId, key: &'static str, value: impl Into<Cow<'static, str>>);
    fn set_rule(&mut self, id: NodeId, rule: &'static str);
    fn expect(&mut self, at: usize, what: &[&'static str]);
    fn error(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>);
    fn error_in(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    );
    fn warning(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>);
    fn warning_in(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    );
    fn note(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>);
    fn diag(&mut self, d: Diagnostic);
    /// An error of the first-error mode, which has no message: `key` is the text its
    /// message would be made from, so that two errors with the same code, section and key
    /// are a run where two with the same message are. `spec`: `None` for the code's own
    /// section. A full parse never calls it (it writes the message).
    fn found(&mut self, code: Code, span: Span, spec: Option<&'static str>, key: &'i str);
}

impl<'i> Out<'i> for Builder<'i> {
    const FULL: bool = true;
    fn start(&mut self, kind: NodeKind, rule: &'static str, start: usize) -> NodeId {
        Builder::start(self, kind, rule, start)
    }
    fn finish(&mut self, end: usize) -> NodeId {
        Builder::finish(self, end)
    }
    fn leaf(&mut self, kind: NodeKind, rule: &'static str, start: usize, end: usize) -> NodeId {
        Builder::leaf(self, kind, rule, start, end)
    }
    fn attr(&mut self, id: NodeId, key: &'static str, value: impl Into<Cow<'static, str>>) {
        Builder::attr(self, id, key, value)
    }
    fn set_rule(&mut self, id: NodeId, rule: &'static str) {
        Builder::set_rule(self, id, rule)
    }
    fn expect(&mut self, at: usize, what: &[&'static str]) {
        Builder::expect(self, at, what)
    }
    fn error(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>) {
        Builder::error(self, code, span, msg)
    }
    fn error_in(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    ) {
        Builder::error_in(self, code, span, spec, msg)
    }
    fn warning(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>) {
        Builder::warning(self, code, span, msg)
    }
    fn warning_in(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        msg: impl Into<Cow<'static, str>>,
    ) {
        Builder::warning_in(self, code, span, spec, msg)
    }
    fn note(&mut self, code: Code, span: Span, msg: impl Into<Cow<'static, str>>) {
        Builder::note(self, code, span, msg)
    }
    fn diag(&mut self, d: Diagnostic) {
        Builder::diag(self, d)
    }
    fn found(&mut self, code: Code, span: Span, spec: Option<&'static str>, _key: &'i str) {
        match spec {
            Some(s) => Builder::error_in(self, code, span, s, ""),
            None => Builder::error(self, code, span, ""),
        }
    }
}

/// An error kept by a [`Seeker`]: one that was the first when it was reported.
#[derive(Clone, Copy)]
struct Kept {
    code: Code,
    span: Span,
    spec: &'static str,
    /// How many expectations had been recorded when it was reported (its expected set is
    /// looked up among those, as the builder does when it keeps an error).
    expects: usize,
    /// A diagnostic that came with its expected set ([`Out::diag`]): its index in `given`.
    given: Option<usize>,
}

/// The last error reported, which a repeat right after it extends.
#[derive(Clone, Copy)]
struct Last<'i> {
    code: Code,
    span: Span,
    spec: &'static str,
    key: &'i str,
    /// Its index among the kept errors, when it was kept.
    kept: Option<usize>,
}

/// The buffers of a [`Seeker`], made per run (a `Vec` allocates only when something is
/// recorded). A buffer kept per thread would save an invalid line its few allocations, but
/// the engine keeps no mutable state of its own (`tests/engine_shape.rs`).
#[derive(Default)]
struct Buffers {
    expects: Vec<(usize, &'static str)>,
    kept: Vec<Kept>,
    given: Vec<Vec<&'static str>>,
}

/// The first-error mode's output: the errors that can be the first, their runs, and the
/// expectations recorded; no node, no message.
pub(crate) struct Seeker<'i> {
    sections: &'static Sections,
    buf: Buffers,
    last: Option<Last<'i>>,
}

impl<'i> Seeker<'i> {
    /// Runs `parse` into a seeker (citing `sections` for codes reported without one) and
    /// returns the first error; its expected set is looked up only when `expected`.
    pub(crate) fn run(
        sections: &'static Sections,
        expected: bool,
        parse: impl FnOnce(&mut Seeker<'i>),
    ) -> Option<FirstError> {
        let mut s = Seeker {
            sections,
            buf: Buffers::default(),
            last: None,
        };
        parse(&mut s);
        s.first(expected)
    }

    /// The first of the errors kept, with its expected set.
    fn first(&self, expected: bool) -> Option<FirstError> {
        let k = self
            .buf
            .kept
            .iter()
            .enumerate()
            .min_by_key(|&(i, k)| (k.span.start, k.span.end, i))?
            .1;
        let expected = match k.given {
            _ if !expected => Vec::new(),
            Some(g) => self.buf.given.get(g).cloned().unwrap_or_default(),
            None => self.expected_for(k),
        };
        Some(FirstError {
            code: k.code,
            span: k.span,
            spec: k.spec,
            expected,
        })
    }

    /// What the builder's `keep` finds for an error: the items recorded at the furthest
    /// offset within its span (as first reported), else at the nearest within two bytes
    /// after it; only among the expectations recorded before it.
    fn expected_for(&self, k: &Kept) -> Vec<&'static str> {
        let recorded = &self.buf.expects[..k.expects.min(self.buf.expects.len())];
        let (lo, hi) = (k.span.start, k.span.end);
        let after = hi.saturating_add(1);
        let within = recorded
            .iter()
            .map(|e| e.0)
            .filter(|&o| o >= lo && o <= hi)
            .max();
        let at = within.or_else(|| {
            recorded
                .iter()
                .map(|e| e.0)
                .filter(|&o| o >= after && o <= after.saturating_add(1))
                .min()
        });
        let Some(at) = at else {
            return Vec::new();
        };
        let mut out: Vec<&'static str> = Vec::new();
        for &(o, w) in recorded {
            if o == at && !out.contains(&w) {
                out.push(w);
            }
        }
        out
    }

    /// Records an error: it extends the last one's run, or is kept when it can be the
    /// first (no error kept so far sorts before it or with it).
    fn report(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        key: &'i str,
        given: Option<Vec<&'static str>>,
    ) {
        if let Some(l) = &mut self.last
            && l.span.end == span.start
            && !span.is_empty()
            && !l.span.is_empty()
            && l.code == code
            && l.spec == spec
            && l.key == key
        {
            l.span.end = span.end;
            if let Some(k) = l.kept.and_then(|i| self.buf.kept.get_mut(i)) {
                k.span.end = span.end;
            }
            return;
        }
        let key_of = (span.start, span.end);
        let first = !self
            .buf
            .kept
            .iter()
            .any(|k| (k.span.start, k.span.end) <= key_of);
        let kept = first.then(|| {
            let given = given.map(|g| {
                self.buf.given.push(g);
                self.buf.given.len() - 1
            });
            self.buf.kept.push(Kept {
                code,
                span,
                spec,
                expects: self.buf.expects.len(),
                given,
            });
            self.buf.kept.len() - 1
        });
        self.last = Some(Last {
            code,
            span,
            spec,
            key,
            kept,
        });
    }
}

impl<'i> Out<'i> for Seeker<'i> {
    const FULL: bool = false;
    fn start(&mut self, _: NodeKind, _: &'static str, _: usize) -> NodeId {
        0
    }
    fn finish(&mut self, _: usize) -> NodeId {
        0
    }
    fn leaf(&mut self, _: NodeKind, _: &'static str, _: usize, _: usize) -> NodeId {
        0
    }
    fn attr(&mut self, _: NodeId, _: &'static str, _: impl Into<Cow<'static, str>>) {}
    fn set_rule(&mut self, _: NodeId, _: &'static str) {}
    fn expect(&mut self, at: usize, what: &[&'static str]) {
        self.buf.expects.extend(what.iter().map(|&w| (at, w)));
    }
    fn error(&mut self, code: Code, span: Span, _: impl Into<Cow<'static, str>>) {
        self.report(code, span, self.sections.of(code), "", None);
    }
    fn error_in(
        &mut self,
        code: Code,
        span: Span,
        spec: &'static str,
        _: impl Into<Cow<'static, str>>,
    ) {
        self.report(code, span, spec, "", None);
    }
    fn warning(&mut self, _: Code, _: Span, _: impl Into<Cow<'static, str>>) {
        // In a full parse it would be the last diagnostic: no error extends a run past it.
        self.last = None;
    }
    fn warning_in(&mut self, _: Code, _: Span, _: &'static str, _: impl Into<Cow<'static, str>>) {
        self.last = None;
    }
    fn note(&mut self, _: Code, _: Span, _: impl Into<Cow<'static, str>>) {
        self.last = None;
    }
    fn diag(&mut self, d: Diagnostic) {
        if d.severity != Severity::Error {
            self.last = None;
            return;
        }
        let given = (!d.expected.is_empty()).then_some(d.expected);
        self.report(d.code, d.span, d.spec, "", given);
    }
    fn found(&mut self, code: Code, span: Span, spec: Option<&'static str>, key: &'i str) {
        let spec = spec.unwrap_or_else(|| self.sections.of(code));
        self.report(code, span, spec, key, None);
    }
}
