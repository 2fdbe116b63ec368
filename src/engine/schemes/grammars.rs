//! The scheme grammar files under `abnf/` (see `abnf/README.md` for their header lines):
//! one row each, `(scheme, file name, text)`. Adding a scheme's grammar is a file there and a
//! row here.

/// Every shipped scheme grammar.
pub static GRAMMARS: &[(&str, &str, &str)] = &[
    ("http", "http.abnf", include_str!("abnf/http.abnf")),
    ("https", "https.abnf", include_str!("abnf/https.abnf")),
    ("mailto", "mailto.abnf", include_str!("abnf/mailto.abnf")),
];
