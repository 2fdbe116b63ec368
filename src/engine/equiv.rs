//! Equivalence: are two identifiers the same under a spec, and where do they part.
