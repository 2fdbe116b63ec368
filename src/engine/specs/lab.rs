//! The `lab` profile: a grammar loaded at run time ([`crate::engine::abnf::lab`]).
//!
//! The handle `Profile::Lab` means "the lab in these options": the grammar is an input of
//! the analysis ([`crate::engine::analyze_in`]), not a state of the engine. [`LAB`] is
//! the descriptor the table lists; its grammar entry, reached without a lab in the options
//! (`parse --profile lab`), says that no grammar is loaded. [`over`] is the descriptor the
//! analysis and the comparison use for a given lab: the same, with the lab's grammar.

use std::sync::Arc;

use crate::engine::abnf::lab::{Lab, NAME};
use crate::engine::codes::Code;
use crate::engine::descriptor::forms::GENERIC_FORMS;
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::GENERIC_LADDER;
use crate::engine::descriptor::{Auto, Descriptor, ReadingMarks};
use crate::engine::family::Family;
use crate::engine::tree::{Builder, NodeKind, Span};

/// The grammar entry without a lab: a root over the whole input and one error saying how
/// to load a grammar.
fn no_grammar(b: &mut Builder<'_>) {
    let len = b.input().len();
    b.start(NodeKind::Uri, "", 0);
    if len > 0 {
        b.leaf(NodeKind::Unparsed, "", 0, len);
    }
    b.error_in(
        Code::UnexpectedText,
        Span::new(0, len.min(1)),
        "the lab grammar",
        "no lab grammar is loaded: the lab profile reads an ABNF file given with \
         `idbench tui --grammar FILE --start RULE` (or use `idbench grammar parse`)"
            .to_string(),
    );
    b.finish(len);
}

/// The `lab` profile as the table lists it: a grammar given at run time.
pub static LAB: Descriptor = Descriptor {
    name: NAME,
    title: "A grammar loaded at run time",
    short: "the lab grammar",
    family: Family::Uri,
    grammar: GrammarEntry::Fn(no_grammar),
    quick: None,
    rule_files: &[],
    resolution: crate::engine::resolve::NONE,
    readings: ReadingMarks::NONE,
    examples: "",
    // The grammar is the user's file, not a text the binary ships.
    abnf: None,
    auto: Auto::NEVER,
    forms: &GENERIC_FORMS,
    ladder: &GENERIC_LADDER,
    url_setters: false,
    nss_ends_at_query: false,
};

/// [`LAB`] over `lab`'s grammar: what the analysis and the comparison use under the lab
/// profile when the options carry a lab.
pub fn over(lab: Arc<Lab>) -> Descriptor {
    Descriptor {
        grammar: GrammarEntry::Shared(Arc::new(move |b: &mut Builder<'_>| lab.parse_into(b))),
        ..LAB
    }
}
