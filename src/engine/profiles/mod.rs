//! One descriptor per spec: everything the generic modules ask of a profile.
//!
//! Each built-in profile's [`Descriptor`] is one `static` in its own file here
//! (`rfc3986.rs`, ..., `xri2.rs`): data that names the spec's grammar, quick recognizer and
//! forms, reached from the `profiles!` table in [`super::profile`] (which also says, step
//! by step, how to add a profile). The types are [`super::descriptor`]'s, below every
//! implementation; the files here import those types and the implementations they name,
//! never the table. The grammar dispatch, the quick recognizer, the grammar reference,
//! resolution, readings and `auto` ask the descriptor; none of them matches on a named
//! profile. The grammar lab's profile ([`lab`]) is a row of the table too; its grammar is
//! given at run time, in the analysis's options.

pub use super::descriptor::grammar::GrammarEntry;
pub use super::descriptor::{Abnf, Auto, Descriptor, ReadingMarks, Resolver};

pub mod lab;
pub mod rfc1630;
pub mod rfc2141;
pub mod rfc2141bis;
pub mod rfc3986;
pub mod rfc3987;
pub mod rfc8141;
pub mod whatwg;
pub mod xri2;

#[cfg(test)]
pub mod dummy;

/// The core rules (RFC 5234 Appendix B.1): a descriptor lists them after its own grammar
/// when the grammar uses them ([`Descriptor::rules`]).
pub const CORE: &str = include_str!("../rules/core.abnf");
