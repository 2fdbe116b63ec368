//! A byte range of the input.

use std::fmt;

/// A byte range `[start, end)` into the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    /// An empty span at `at`.
    pub const fn at(at: usize) -> Self {
        Span { start: at, end: at }
    }
    /// Number of bytes covered.
    pub const fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    /// True when the span covers no byte.
    pub const fn is_empty(&self) -> bool {
        self.end <= self.start
    }
    /// True when `offset` lies in `[start, end)`, or equals `start` for an empty span.
    pub const fn contains(&self, offset: usize) -> bool {
        (offset >= self.start && offset < self.end) || (offset == self.start && self.is_empty())
    }
    /// True when `other` lies within this span.
    pub const fn encloses(&self, other: Span) -> bool {
        other.start >= self.start && other.end <= self.end
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}
