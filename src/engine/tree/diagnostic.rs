//! A diagnostic: a problem, or a fact, at a span of the input, and the folding of one
//! found at many places.

use super::Span;
use super::{Code, CodeReading};
/// Defined with the codes (each has a default severity); a diagnostic's field.
pub use crate::engine::codes::Severity;

/// A problem, or a fact, at a position of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// Stable code, e.g. [`Code::NssMissing`] (spelt `nss-missing`).
    pub code: Code,
    /// What is wrong and what to do about it.
    pub message: String,
    /// Where, in bytes of the input.
    pub span: Span,
    /// The spec and section it breaks or cites, e.g. `RFC 2141 §2.1`.
    pub spec: &'static str,
    /// For an error: what the grammar would have accepted at [`Diagnostic::expected_at`],
    /// literals quoted (`"]"`) and rule names bare (`h16`), as the scanner recorded them when
    /// it stopped there ([`Builder::expect`](super::Builder::expect)). Empty when the grammar recorded nothing.
    pub expected: Vec<&'static str>,
    /// The byte where [`Diagnostic::expected`] applies: within the span, except for an
    /// unclosed "[" or "(" (the error marks the opening bracket; the closing one was
    /// expected where the enclosing component ends).
    pub expected_at: Option<usize>,
    /// The furthest byte the parse had reached when the error was reported (the furthest
    /// point any attempt recorded an expectation), when it lies beyond the error's position.
    pub reached: Option<usize>,
    /// How many adjacent occurrences this diagnostic stands for: 1, or more when the same
    /// diagnostic (same severity, code, spec and message) was found on a run of adjacent
    /// spans, such as every `%` of `%%%%`. [`Diagnostic::span`] then covers the whole run,
    /// [`Diagnostic::expected`] is the first occurrence's. One entry per run keeps a long
    /// run (64 KiB of `%` is 65,536 errors) as cheap to report and to read as one error.
    ///
    /// A diagnostic found at [`FOLD_MIN`] or more separate places (with other text between
    /// them) is also reported once, by [`fold_repeats`]: `count` then adds up every
    /// occurrence, [`Diagnostic::span`] is the first place's, and [`Diagnostic::spans`]
    /// lists the places.
    pub count: usize,
    /// For a diagnostic folded by [`fold_repeats`]: the places it was found, in input
    /// order, each a single occurrence or an adjacent run, the first [`MAX_LISTED_SPANS`]
    /// of them (the first is [`Diagnostic::span`]). Empty for a diagnostic that does not
    /// repeat with gaps.
    pub spans: Vec<Span>,
}

/// A diagnostic found at this many separate places or more is reported once, with the
/// places listed ([`fold_repeats`]); found at fewer, each place keeps its own diagnostic.
pub const FOLD_MIN: usize = 4;

/// At most this many places are listed in [`Diagnostic::spans`].
pub const MAX_LISTED_SPANS: usize = 100;

/// Reports a diagnostic that repeats with gaps once: every diagnostic (same severity, code,
/// spec and message) found at [`FOLD_MIN`] or more separate places is folded into its first
/// one, whose [`Diagnostic::count`] then adds up all occurrences and whose
/// [`Diagnostic::spans`] lists the places (the first [`MAX_LISTED_SPANS`]). The first
/// diagnostic of each kind keeps its place in the list and its span, so the first error
/// is the same one, at the same span, folded or not. `diags` must be in input order; the
/// result is too. Time and memory linear in the number of diagnostics.
pub fn fold_repeats(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    use std::collections::HashMap;
    use std::hash::BuildHasher;
    if diags.len() < FOLD_MIN {
        return diags;
    }
    let same = |x: &Diagnostic, y: &Diagnostic| {
        x.severity == y.severity && x.code == y.code && x.spec == y.spec && x.message == y.message
    };
    let state = std::collections::hash_map::RandomState::new();
    let key = |d: &Diagnostic| state.hash_one((d.severity, d.code, d.spec, d.message.as_str()));
    // The first diagnostic of each kind (by hash, then compared), and each one's leader.
    let mut leaders: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut leader = Vec::with_capacity(diags.len());
    let mut places = vec![0usize; diags.len()];
    for (i, d) in diags.iter().enumerate() {
        let list = leaders.entry(key(d)).or_default();
        let g = match list.iter().copied().find(|&j| same(&diags[j], d)) {
            Some(j) => j,
            None => {
                list.push(i);
                i
            }
        };
        leader.push(g);
        places[g] += d.spans.len().max(1);
    }
    if !places.iter().any(|&n| n >= FOLD_MIN) {
        return diags;
    }
    let mut out: Vec<Diagnostic> = Vec::with_capacity(diags.len());
    let mut slot = vec![usize::MAX; diags.len()];
    for (i, mut d) in diags.into_iter().enumerate() {
        let g = leader[i];
        if places[g] < FOLD_MIN {
            out.push(d);
            continue;
        }
        let listed = if d.spans.is_empty() {
            vec![d.span]
        } else {
            std::mem::take(&mut d.spans)
        };
        if g == i {
            d.spans = listed;
            d.spans.truncate(MAX_LISTED_SPANS);
            slot[g] = out.len();
            out.push(d);
        } else if let Some(first) = out.get_mut(slot[g]) {
            first.count = first.count.saturating_add(d.count);
            let room = MAX_LISTED_SPANS.saturating_sub(first.spans.len());
            first.spans.extend(listed.into_iter().take(room));
        }
    }
    out
}

impl Diagnostic {
    /// A new diagnostic.
    pub fn new(
        severity: Severity,
        code: Code,
        span: Span,
        spec: &'static str,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span,
            spec,
            expected: Vec::new(),
            expected_at: None,
            reached: None,
            count: 1,
            spans: Vec::new(),
        }
    }

    /// A diagnostic at its code's default severity, citing its code's default section
    /// ([`Code::severity`], [`Code::section`]).
    pub fn of(code: Code, span: Span, message: impl Into<String>) -> Self {
        Diagnostic::new(code.severity(), code, span, code.section(), message)
    }

    /// A diagnostic of a code's second reading, named in its row ([`CodeReading`]): its code,
    /// at the reading's severity, citing the reading's section.
    pub fn read(reading: CodeReading, span: Span, message: impl Into<String>) -> Self {
        Diagnostic::new(
            reading.severity(),
            reading.code(),
            span,
            reading.section(),
            message,
        )
    }

    /// A diagnostic at its code's default severity citing `section`, which a profile's
    /// descriptor holds where its spec cites another section than the code's default.
    pub fn cited(
        code: Code,
        span: Span,
        section: &'static str,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic::new(code.severity(), code, span, section, message)
    }

    /// For a diagnostic that stands for a run ([`Diagnostic::count`] > 1), how the views
    /// say so: `found 4 times in a row, over bytes 0..4`; for one that repeats with gaps
    /// ([`Diagnostic::spans`]), `repeats 5 times in 3 places; first at 0..1, then 4..6,
    /// 9..11`, with `(the first 100 places listed)` when not all are.
    pub fn repeat_note(&self) -> Option<String> {
        if self.spans.len() > 1 {
            let places = self.spans.len();
            let mut s = format!("repeats {} times", self.count);
            if self.count != places && places < MAX_LISTED_SPANS {
                s.push_str(&format!(" in {places} places"));
            }
            s.push_str(&format!("; first at {}", self.spans[0]));
            for (i, sp) in self.spans.iter().enumerate().skip(1) {
                s.push_str(if i == 1 { ", then " } else { ", " });
                s.push_str(&sp.to_string());
            }
            if places >= MAX_LISTED_SPANS && self.count > places {
                s.push_str(&format!(" (the first {places} places listed)"));
            }
            return Some(s);
        }
        (self.count > 1).then(|| {
            format!(
                "found {} times in a row, over bytes {}",
                self.count, self.span
            )
        })
    }
}
