//! A scratch profile (a copy of rfc3986's grammar under another name), added to prove that a
//! new profile is a spec file and a table row for `cargo test` too; removed afterwards.

use crate::engine::descriptor::forms::GENERIC_FORMS;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::GENERIC_LADDER;
use crate::engine::descriptor::{Auto, Descriptor, ReadingMarks, Resolver};
use crate::engine::family::Family;
use crate::engine::path::PathSyntax;
use crate::engine::specs::CORE;
use crate::engine::specs::uri::grammar as uri;

/// The scratch profile: RFC 3986's grammar, generic forms and ladder.
pub static SCRATCH: Descriptor = Descriptor {
    name: "scratch",
    title: "A scratch copy of RFC 3986",
    short: "the scratch spec",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(|b| uri::parse(b, uri::Flavor::Uri)),
    quick: None,
    rules: &[include_str!("rfc3986.abnf"), CORE],
    resolution: Resolver::Rfc3986(PathSyntax::Generic),
    readings: ReadingMarks {
        by_family: false,
        xri: false,
        ipv4_or_reg_name: Some("reg-name"),
    },
    examples: "",
    abnf: None,
    auto: Auto::NEVER,
    forms: &GENERIC_FORMS,
    ladder: &GENERIC_LADDER,
};
