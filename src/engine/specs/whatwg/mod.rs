//! The WHATWG URL Standard's spec file. Its parser is [`crate::engine::whatwg`].

pub mod url_standard;
