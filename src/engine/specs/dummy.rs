//! The dummy profile of `docs/adding-a-profile.md`, built into test builds only: one or
//! more digits, nothing else. It shows every piece a profile needs (a grammar, a
//! descriptor, a row in the `profiles!` table) and the tests check that a profile made of
//! just these pieces works end to end.

use super::CORE;
use crate::engine::codes::Code;
use crate::engine::descriptor::forms::GENERIC_FORMS;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::GENERIC_LADDER;
use crate::engine::descriptor::{Auto, Descriptor, ReadingMarks};
use crate::engine::family::Family;
use crate::engine::tree::{Builder, NodeKind, Span};

/// The section every diagnostic of the dummy grammar cites.
const SECTION: &str = "dummy §1";

/// The dummy grammar, `digits = 1*DIGIT`: a root node over the whole input, an error on
/// every run of other characters (or on empty input).
fn parse(b: &mut Builder<'_>) {
    let input = b.input();
    b.start(NodeKind::Path, "digits", 0);
    let bytes = input.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_digit() {
            i += 1;
        }
        // Whole characters: the run ends at a digit (ASCII) or at the end.
        let span = Span::new(start, i);
        if !b.skip_error(span) {
            b.error_in(
                Code::IllegalChar,
                span,
                SECTION,
                "only digits are allowed here; remove these characters",
            );
        }
    }
    if input.is_empty() {
        b.error_in(
            Code::IllegalChar,
            Span::at(0),
            SECTION,
            "a dummy identifier is one or more digits; type some",
        );
    }
    b.finish(input.len());
}

/// The dummy profile: one or more digits.
pub static DUMMY: Descriptor = Descriptor {
    name: "dummy",
    title: "A dummy profile for the tests: one or more digits",
    short: "the dummy spec",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(parse),
    quick: None,
    rule_files: &[
        "@source dummy\n@notation abnf\n@section §1\ndigits = 1*DIGIT\n",
        CORE,
    ],
    resolution: crate::engine::resolve::NONE,
    readings: ReadingMarks::NONE,
    examples: "",
    abnf: None,
    auto: Auto::NEVER,
    forms: &GENERIC_FORMS,
    ladder: &GENERIC_LADDER,
    url_setters: false,
    nss_ends_at_query: false,
};

#[cfg(test)]
mod tests {
    use crate::engine::{Options, Profile, Severity, analyze, rules};

    #[test]
    fn analyzes_under_the_dummy_profile() {
        let opts = Options::validate_only(Some(Profile::Dummy));
        let a = analyze("12a34", &opts);
        assert_eq!(a.profile, Profile::Dummy);
        assert_eq!(a.profile.name(), "dummy");
        assert_eq!(a.tree.root().rule(), "digits");
        let e = a.first_error().expect("an error");
        assert_eq!((e.span.start, e.span.end), (2, 3));
        assert_eq!(e.spec, "dummy §1");
        assert_eq!(e.severity, Severity::Error);
        assert!(analyze("1234", &opts).valid());
        assert_eq!(Profile::from_name("DUMMY"), Some(Profile::Dummy));
        assert!(!Profile::ALL.contains(&Profile::Dummy));
        assert_eq!(format!("{:?}", Profile::Dummy), "Dummy");
        let g = rules::grammar(Profile::Dummy);
        assert!(g.get("digits").is_some() && g.get("DIGIT").is_some());
    }
}
