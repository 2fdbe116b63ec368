//! The scheme grammar files under `abnf/` (see `abnf/README.md` for their header lines):
//! one row each, `(scheme, file name, text)`. Adding a scheme's grammar is a file there and a
//! row here.

/// Every shipped scheme grammar.
pub static GRAMMARS: &[(&str, &str, &str)] = &[];
