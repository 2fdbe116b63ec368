//! The WHATWG URL parser (engine::whatwg): never panics, its spans lie on the input's
//! character boundaries, its work stays linear, and its href (or failure) agrees with the
//! `url` crate's but for the url crate's known departures (tests/whatwg/known.rs); without a
//! base, the whatwg profile's analysis agrees with the parser, and the divergence engine
//! (engine::standards) never panics and places every divergence on the input's characters.
//! Input: the first byte picks a base URL (or none), the rest is the input.
#![no_main]

use idbench::engine::whatwg;
use idbench::engine::{Options, Profile, analyze};
use idbench_fuzz::text;
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/whatwg/known.rs"]
mod known;

const BASES: &[Option<&str>] = &[
    None,
    Some("http://h/a/b?q#f"),
    Some("file:///C:/x/y"),
    Some("foo://h/p"),
    Some("foo:opaque"),
];

fuzz_target!(|data: &[u8]| {
    let (flags, rest) = data.split_first().map_or((0, data), |(f, r)| (*f, r));
    let input = text(rest);
    let base = BASES[flags as usize % BASES.len()];
    let p = whatwg::parse(&input, base);
    for d in &p.diagnostics {
        assert!(
            d.span.start <= d.span.end && input.get(d.span.start..d.span.end).is_some(),
            "{} at {} is off the input's characters",
            d.code,
            d.span
        );
    }
    for (name, s) in p.components() {
        assert!(input.get(s.start..s.end).is_some(), "{name} at {s} is off the input");
    }
    assert!(p.steps <= 3 * input.len() + 8, "{} steps for {} bytes", p.steps, input.len());
    let ours = p.url.as_ref().map(|u| u.href());
    if let Some(u) = &p.url {
        let _ = (u.origin(), u.host(), u.pathname(), u.search(), u.hash());
        // The href parses again to itself.
        let again = whatwg::parse(&ours.clone().unwrap_or_default(), None);
        assert_eq!(again.url.map(|v| v.href()), ours.clone(), "href does not round-trip");
    }
    if base.is_none() {
        let a = analyze(&input, &Options::validate_only(Some(Profile::Whatwg)));
        assert_eq!(a.valid(), p.url.is_some(), "{input:?}: the profile and the parser");
        assert_eq!(a.tree.root().attr("href"), ours.as_deref(), "{input:?}: the root's href");
        if input.len() < 4096 {
            let s = idbench::engine::standards::compare(&input);
            for d in &s.divergences {
                assert!(input.get(d.span.start..d.span.end).is_some(), "{d:?} off the input");
            }
        }
    }
    let theirs = known::theirs(&input, base);
    if ours != theirs {
        assert!(
            known::known(&input, base, &ours, &theirs).is_some(),
            "{input:?} against {base:?}: ours {ours:?}, url {theirs:?}"
        );
    }
});
