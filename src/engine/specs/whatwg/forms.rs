//! The whatwg profile's forms: the URL serializer's output.
//!
//! The URL Standard has one normal form, the serialization of the URL record (§4.5), and
//! its equality compares serializations (§4.6). The grammar entry ([`super::tree::build`])
//! keeps the serialization on the tree's root (`href`), so the forms need no second parse:
//! the canonical and display forms are the `href`; an input that does not parse keeps its
//! forms as typed.

use crate::engine::descriptor::forms::{Forms, Under};
use crate::engine::tree::{Diagnostic, Tree};

/// The forms of `input` under the whatwg profile, from its tree.
pub fn make(input: &str, _: Under<'_>, tree: &Tree, _: &mut Vec<Diagnostic>) -> Forms {
    let href = tree
        .root()
        .attr("href")
        .map_or_else(|| input.to_string(), str::to_string);
    let root = tree.root();
    Forms {
        iri_normal: input.to_string(),
        uri_normal: input.to_string(),
        canonical: href.clone(),
        display: href,
        href: root.attr("href").map(str::to_string),
        href_no_fragment: root.attr("href_no_fragment").map(str::to_string),
        ..Forms::default()
    }
}
