//! The WWW draft's partial forms: how a partial URI is read against its context, by the
//! draft's four rules that count consecutive slashes (the rfc1630 profile's
//! [`Resolver`](crate::engine::descriptor::Resolver)). Where RFC 3986 §5.2 answers a pair
//! differently, the resolution's note says so.

use crate::engine::codes::{Code, CodeReading};
use crate::engine::descriptor::Descriptor;
use crate::engine::resolve::{Resolution, has_error};
use crate::engine::specs::uri::rfc3986::RFC3986;
use crate::engine::tree::{Diagnostic, NodeKind, Span, Tree};

/// Maximal runs of "/" in `b` as `(start, len)`, in order.
fn slash_runs(b: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() && b[i] != b'/' {
            i += 1;
        }
        if i >= b.len() {
            return None;
        }
        let s = i;
        while i < b.len() && b[i] == b'/' {
            i += 1;
        }
        Some((s, i - s))
    })
}

/// "all occurrences of "xxx/../" or "/." are recursively removed, where xxx, ".." and "."
/// are complete path elements". Read: xxx is any element but "..", void ones included
/// (the draft calls the element after a trailing slash a void segment); a ".." ends an
/// "xxx/../" only when a slash follows it. Left to right with a stack: linear.
pub fn remove_dots(path: &str) -> String {
    let elems: Vec<&str> = path.split('/').collect();
    let last = elems.len().saturating_sub(1);
    let mut out: Vec<&str> = Vec::with_capacity(elems.len());
    for (i, e) in elems.iter().enumerate() {
        if *e == "." && i > 0 {
            continue;
        }
        if *e == ".." && i < last && out.last().is_some_and(|t| *t != "..") {
            out.pop();
            continue;
        }
        out.push(e);
    }
    out.join("/")
}

fn span_of(tree: &Tree, kind: NodeKind) -> Option<Span> {
    tree.root().child(kind).map(|n| n.span())
}

/// Resolves the partial form `reference` against the context `base` by the draft's rules,
/// parsing both with `d`'s grammar; `note` says where RFC 3986 §5.2 answers otherwise.
pub fn resolve(base: &str, reference: &str, d: &Descriptor) -> Resolution {
    let grammar = &d.grammar;
    let mut res = Resolution::default();
    let (bt, bd) = grammar.parse(base);
    let bad = has_error(&bd);
    res.base_diagnostics = bd;
    if bad {
        res.step(
            "context",
            "the context URI is not valid under the draft: no resolution",
        );
        return res;
    }
    let (Some(bscheme), Some(bpath)) =
        (span_of(&bt, NodeKind::Scheme), span_of(&bt, NodeKind::Path))
    else {
        res.base_diagnostics.push(Diagnostic::read(
            CodeReading::ResolveBaseNotAbsoluteWww,
            Span::new(0, base.len()),
            "the context must be a full URI (a scheme and a colon before any slash); it is \
             itself a partial form: resolve it first",
        ));
        return res;
    };
    res.step("context", base.to_string());
    let (rt, rd) = grammar.parse(reference);
    let bad = has_error(&rd);
    // Being a partial form is the point here, so that note is left out.
    res.diagnostics = rd
        .into_iter()
        .filter(|d| d.code != Code::WwwPartialForm)
        .collect();
    if bad {
        res.step(
            "reference",
            "the partial URI is not valid under the draft: no target",
        );
        return res;
    }
    let b = base.as_bytes();
    let target = if span_of(&rt, NodeKind::Scheme).is_some() {
        res.step(
            "rule 1",
            "a full form (colon before any slash): the whole locator is given",
        );
        reference.to_string()
    } else {
        let slashes = reference.bytes().take_while(|&c| c == b'/').count();
        if slashes > 0 {
            let path = b.get(bpath.start..bpath.end).unwrap_or(&[]);
            let run = slash_runs(path).find(|&(_, len)| len == slashes);
            let prefix_end = match run {
                Some((s, _)) => {
                    res.step(
                        "rule 2",
                        format!(
                            "starts with {slashes} slash(es): keep the context up to its first \
                             run of exactly {slashes}"
                        ),
                    );
                    bpath.start + s
                }
                None => {
                    res.step(
                        "rule 2",
                        format!("starts with {slashes} slash(es); the context has no run of exactly {slashes}: keep its scheme"),
                    );
                    res.diagnostics.push(Diagnostic::of(
                        Code::ResolveSlashRunMissing,
                        Span::new(0, slashes),
                        format!(
                            "the context has no run of exactly {slashes} slash(es), which the \
                             rule does not cover; idbench keeps only the scheme (the first \
                             rule: a partial form omits the scheme); a literal reading would \
                             keep the whole context"
                        ),
                    ));
                    bscheme.end + 1
                }
            };
            let prefix = base.get(..prefix_end).unwrap_or("");
            res.step("prepend", format!("{prefix:?} + {reference:?}"));
            format!("{prefix}{reference}")
        } else {
            let path = base.get(bpath.start..bpath.end).unwrap_or("");
            let dir_end = path.rfind('/').map_or(bpath.start, |i| bpath.start + i + 1);
            let kept = base.get(..dir_end).unwrap_or("");
            let rpath_end = span_of(&rt, NodeKind::Path).map_or(0, |s| s.end);
            if reference.is_empty() || reference.starts_with('#') {
                res.diagnostics.push(Diagnostic::of(
                    Code::ResolveEmptyPartial,
                    Span::new(0, 0),
                    "the rules do not single out a reference with no partial URI (empty, or \
                     only a fragment-id); read literally, the third rule drops the last part \
                     of the context's path, while RFC 3986 keeps the whole context",
                ));
            }
            res.step(
                "rule 3",
                format!("replace the last part of the context's path: {kept:?} + {reference:?}"),
            );
            // Rule 4 applies to the path of the result only: the scheme has no slash and
            // the search and fragment-id cannot hold one.
            let joined_path = format!(
                "{}{}",
                path.get(..dir_end - bpath.start).unwrap_or(""),
                reference.get(..rpath_end).unwrap_or("")
            );
            let cleaned = remove_dots(&joined_path);
            res.step(
                "rule 4",
                format!("remove \"xxx/../\" and \"/.\": {joined_path:?} -> {cleaned:?}"),
            );
            format!(
                "{}{cleaned}{}",
                base.get(..bpath.start).unwrap_or(""),
                reference.get(rpath_end..).unwrap_or("")
            )
        }
    };
    res.step("target", target.clone());
    // RFC 3986 §5.2 as the rfc3986 profile resolves: with its grammar, strict.
    let other = (RFC3986.resolution.run)(base, reference, &RFC3986);
    match &other.target {
        Some(t) if *t == target => {}
        Some(t) => {
            res.note = Some(format!("RFC 3986 §5.2 resolves this pair differently: {t}"));
        }
        None => {
            let why = other
                .first_error()
                .map_or(String::new(), |d| format!(" ({})", d.code));
            res.note = Some(format!("RFC 3986 §5.2 cannot resolve this pair{why}"));
        }
    }
    res.target = Some(target);
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn www_dots() {
        for (i, o) in [
            ("//a/b/c//d/e/../g", "//a/b/c//d/g"),
            ("//a/b/./g", "//a/b/g"),
            ("//a/b/.", "//a/b"),
            ("//a/b/..", "//a/b/.."),
            ("a/b/../../c", "c"),
            ("//a/b/c//../g", "//a/b/c/g"),
        ] {
            assert_eq!(remove_dots(i), o, "{i}");
        }
    }
}
