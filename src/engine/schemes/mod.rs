//! The URI scheme layer: each scheme as its own spec defines it (a registry row, a grammar
//! file under `abnf/`, and its rules as data), beside the generic RFC 3986 reading.

pub mod canon;
pub mod grammars;
pub mod purl;
