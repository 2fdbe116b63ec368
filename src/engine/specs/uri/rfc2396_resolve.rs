//! RFC 2396 §5.2, "Resolving Relative References to Absolute Form". It differs from RFC
//! 3986 §5.2 in three places, each shown by Appendix C: a reference with an empty path and
//! no scheme, authority or query is the current document (`""` and `#s`); the path of a
//! reference without path but with a query is merged like any relative path (`?y` gives
//! `http://a/b/c/?y`); and dot-segments are removed only from a merged relative path, by
//! step 6's string rules, which keep a ".." that would climb above the root (`../../../g`
//! gives `http://a/../g`) and leave an absolute path as it is (`/./g` gives `http://a/./g`).
//!
//! The rfc2396 profile's [`Resolver`](crate::engine::descriptor::Resolver).

use crate::engine::codes::Code;
use crate::engine::descriptor::Descriptor;
use crate::engine::path::PathSyntax;
use crate::engine::resolve::{Components, Resolution, parse_reference, usable_base};
use crate::engine::tree::{Diagnostic, Severity, Span};

/// Step 6 c) to f) over a merged path: "./" and a final "." removed, then
/// `<segment>/../` and a final `<segment>/..` removed leftmost first, where `<segment>` is
/// a complete segment other than "..". The leftmost-first rewriting is a left-to-right
/// stack: linear. The empty text before a leading "/" is no segment, so a ".." above the
/// root stays (step 6 g) lets an implementation keep it, and Appendix C.2 does).
pub fn remove_dots(path: &str) -> String {
    let rooted = path.starts_with('/');
    let body = if rooted { &path[1..] } else { path };
    let segs: Vec<&str> = body.split('/').collect();
    let last = segs.len().saturating_sub(1);
    let mut out: Vec<&str> = Vec::with_capacity(segs.len());
    for (i, s) in segs.iter().enumerate() {
        let complete = i < last;
        if *s == "." {
            // c) "./" removed; d) a final "." removed, its "/" kept.
            if !complete {
                out.push("");
            }
            continue;
        }
        if *s == ".." && out.last().is_some_and(|t| *t != "..") {
            // e) "<segment>/../" removed; f) a final "<segment>/.." removed, leaving
            // the "/" before it.
            out.pop();
            if !complete {
                out.push("");
            }
            continue;
        }
        out.push(s);
    }
    let joined = out.join("/");
    if rooted { format!("/{joined}") } else { joined }
}

/// Resolves `reference` against `base` by RFC 2396 §5.2, parsing both with `d`'s grammar.
pub fn resolve(base: &str, reference: &str, d: &Descriptor) -> Resolution {
    let grammar = &d.grammar;
    let mut res = Resolution::default();
    let Some(bc) = usable_base(base, grammar, PathSyntax::Generic, &mut res) else {
        return res;
    };
    let Some((_, r)) = parse_reference(reference, grammar, &mut res) else {
        return res;
    };
    let mut t = Components {
        fragment: r.fragment.clone(),
        ..Components::default()
    };
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        res.step(
            "§5.2 step 2",
            "empty path, no scheme, authority or query: a reference to the current \
             document (the base without its fragment), with the reference's fragment",
        );
        t.scheme = bc.scheme.clone();
        t.authority = bc.authority.clone();
        t.path = bc.path.clone();
        t.query = bc.query.clone();
    } else if r.scheme.is_some() {
        res.step(
            "§5.2 step 3",
            "the reference has a scheme: an absolute URI, taken as it is (a validating \
             parser)",
        );
        t = r.clone();
    } else if r.authority.is_some() {
        res.step(
            "§5.2 step 4",
            "the reference has an authority: a network-path reference, taken with the \
             base's scheme",
        );
        t = r.clone();
        t.scheme = bc.scheme.clone();
    } else {
        t.scheme = bc.scheme.clone();
        t.authority = bc.authority.clone();
        t.query = r.query.clone();
        if r.path.starts_with('/') {
            res.step(
                "§5.2 step 5",
                "an absolute path: taken as it is, dot-segments and all",
            );
            t.path = r.path.clone();
        } else {
            if bc.authority.is_none() && !bc.path.starts_with('/') {
                // Step 6 merges with the base's hierarchical path; an opaque base (§3:
                // its scheme-specific part does not start with "/") has none.
                res.base_diagnostics.push(Diagnostic::new(
                    Severity::Error,
                    Code::ResolveBaseNotAbsolute,
                    Span::new(0, base.len()),
                    "RFC 2396 §5.2",
                    "the base is an opaque URI (its scheme-specific part does not start \
                     with \"/\", RFC 2396 §3), so it has no path to merge a relative path \
                     with; use a hierarchical base (java.net.URI returns the reference \
                     unchanged here)",
                ));
                res.step(
                    "§5.2 step 6",
                    "a relative path against an opaque base: no resolution",
                );
                return res;
            }
            // a) all but the last segment of the base path: what follows its last "/".
            let kept = match bc.path.rfind('/') {
                Some(i) => &bc.path[..=i],
                // A base with an authority and an empty path: its path is "/" (§5.2
                // does not say; docs/readings.md, RFC 2396).
                None if bc.authority.is_some() => "/",
                None => "",
            };
            let buffer = format!("{kept}{}", r.path);
            res.step(
                "§5.2 step 6 a-b",
                format!(
                    "the base path {:?} up to its last \"/\", then the reference path {:?}: \
                     {buffer:?}",
                    bc.path, r.path
                ),
            );
            let out = remove_dots(&buffer);
            res.step(
                "§5.2 step 6 c-f",
                format!("\"./\" and \"<segment>/../\" removed: {buffer:?} -> {out:?}"),
            );
            if out.starts_with("/../") || out == "/.." || out.starts_with("../") {
                res.step(
                    "§5.2 step 6 g",
                    "the path still climbs above the root with \"..\": the reference is \
                     in error, and the \"..\" is kept, as Appendix C.2 does",
                );
            }
            t.path = out;
        }
    }
    let literal = (t.authority.is_none() && t.path.starts_with("//"))
        .then(|| t.recompose(PathSyntax::Generic));
    if let Some(literal) = &literal {
        // §5.2 gives this (`f:/a` + `.//g`), and step 7 would write it as it is: what
        // follows "//" would read back as an authority (`f://g`), or make no valid URI
        // (`f://`). RFC 2396 has no guard; the one the RFC 3986 profile takes (and the
        // URL Standard writes) keeps it a path: "/." before it, which names the same
        // path (docs/readings.md, RFC 2396).
        let guarded = format!("/.{}", t.path);
        res.step(
            "guard",
            format!(
                "{literal:?} would read back with an authority: the path {:?} is written \
                 {guarded:?}",
                t.path
            ),
        );
        t.path = guarded;
    }
    let target = t.recompose(PathSyntax::Generic);
    res.step("§5.2 step 7", target.clone());
    if let Some(literal) = literal {
        res.diagnostics.push(Diagnostic::cited(
            Code::ResolvePathLooksLikeAuthority,
            Span::new(0, reference.len()),
            "RFC 2396 §5.2",
            format!(
                "the target has no authority and its path starts with \"//\": written as \
                 step 7 writes it, {literal:?}, what follows \"//\" would read back as an \
                 authority, so the target is written {target:?}, with \"/.\" before the \
                 path; avoid the empty segment (\"//\") in the reference"
            ),
        ));
    }
    res.target = Some(target);
    res
}
