//! Reference resolution: the one entry point ([`resolve`], [`resolve_under`]), which runs
//! the descriptor's [`Resolver`], and the algorithms several specs share: RFC 3986 §5.2
//! ([`RFC3986`]; XRI Syntax 2.0 §2.4.1 runs it with XRI's path syntax, its cross-references
//! opaque: a "/" inside "(...)" is not a path delimiter) and parsing against the base with
//! a grammar that takes one ([`parse_against`], the URL Standard's). A spec's own algorithm
//! lives in its folder (the WWW draft's partial forms in `specs/www/resolve.rs`, RFC 2396
//! §5.2 in `specs/uri/rfc2396_resolve.rs`, the URNs' refusal in `specs/urn/mod.rs`).
//!
//! The algorithms parse the base and the reference with the spec's grammar and take their
//! components from the tree's nodes; they never re-split a string by hand. They are
//! written out because each spec's variant is the point.
//!
//! Diagnostics of the reference (and of resolving it) index the reference; diagnostics of
//! the base index the base.

use crate::engine::codes::Code;
use crate::engine::descriptor::grammar::GrammarEntry;
pub use crate::engine::descriptor::resolution::{Resolution, ResolveStep};
use crate::engine::descriptor::{Descriptor, Resolver};
use crate::engine::handle::Profile;
use crate::engine::path::last_delim;
pub use crate::engine::path::{PathSyntax, remove_dot_segments, remove_dot_segments_with};
use crate::engine::tree::{CodeReading, Diagnostic, NodeKind, Severity, Span, Tree};

/// RFC 3986 §5.2 as written, strict, with RFC 3986's path syntax. The base must be
/// absolute.
pub const RFC3986: Resolver = Resolver {
    algorithm: "RFC 3986 §5.2",
    run: |base, reference, d| generic(base, reference, &d.grammar, PathSyntax::Generic),
};

/// Parsing the reference against the base with a grammar that takes one ([`parse_against`]:
/// the URL Standard's basic URL parser with *base*, §4.4).
pub const PARSE_AGAINST_BASE: Resolver = Resolver {
    algorithm: "the basic URL parser with a base",
    run: parse_against,
};

/// No relative references: every reference is refused, with `message` (a spec without
/// relative references names itself in it: the URNs' in `specs/urn/mod.rs`).
pub fn no_relative(reference: &str, message: &str) -> Resolution {
    let mut r = Resolution::default();
    r.diagnostics.push(Diagnostic::of(
        Code::ResolveUrnNoRelative,
        Span::new(0, reference.len()),
        message,
    ));
    r
}

/// No relative references, for a spec this program knows nothing of (a run-time
/// profile's).
pub const NONE: Resolver = Resolver {
    algorithm: "none",
    run: |_, reference, _| {
        no_relative(
            reference,
            "this profile has no relative references; give the full identifier, or resolve \
             under a URI or XRI profile",
        )
    },
};

/// The components of RFC 3986 §3 (`None`: undefined, which differs from empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// The scheme, without ":".
    pub scheme: Option<String>,
    /// The authority, without "//".
    pub authority: Option<String>,
    /// The path (possibly empty).
    pub path: String,
    /// The query, without "?".
    pub query: Option<String>,
    /// The fragment, without "#".
    pub fragment: Option<String>,
}

impl Components {
    /// The components of a parsed input, from its tree's nodes (the root's `scheme`,
    /// `authority`, `path`, `query` and `fragment` children). `None` when the root is not a
    /// parsed identifier (an `unparsed` placeholder).
    pub fn from_tree(tree: &Tree, input: &str) -> Option<Components> {
        let root = tree.root();
        if !root.kind().is_root() {
            return None;
        }
        let text = |k: NodeKind| root.child(k).map(|n| n.text(input).to_string());
        Some(Components {
            scheme: text(NodeKind::Scheme),
            authority: text(NodeKind::Authority),
            path: text(NodeKind::Path).unwrap_or_default(),
            query: text(NodeKind::Query),
            fragment: text(NodeKind::Fragment),
        })
    }

    /// Recomposition (RFC 3986 §5.3).
    pub fn recompose(&self, syntax: PathSyntax) -> String {
        let mut out = String::new();
        if let Some(s) = &self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some(a) = &self.authority {
            // XRI = [ "xri://" ] xri-hier-part: without the scheme the authority stands bare.
            if self.scheme.is_some() || syntax == PathSyntax::Generic {
                out.push_str("//");
            }
            out.push_str(a);
        }
        out.push_str(&self.path);
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }

    pub(crate) fn describe(&self) -> String {
        let show = |o: &Option<String>| match o {
            Some(s) => format!("{s:?}"),
            None => "undefined".to_string(),
        };
        format!(
            "scheme {}, authority {}, path {:?}, query {}, fragment {}",
            show(&self.scheme),
            show(&self.authority),
            self.path,
            show(&self.query),
            show(&self.fragment)
        )
    }
}

/// `merge` (RFC 3986 §5.2.3).
fn merge(base: &Components, rel_path: &str, syntax: PathSyntax) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{rel_path}");
    }
    match last_delim(base.path.as_bytes(), syntax) {
        Some(i) => format!("{}{rel_path}", base.path.get(..=i).unwrap_or("")),
        None => rel_path.to_string(),
    }
}

/// Transform References (RFC 3986 §5.2.2), strict: a reference with a scheme is taken as is,
/// even when the scheme is the base's. Records the branch taken and each computed value.
pub fn transform(
    base: &Components,
    r: &Components,
    syntax: PathSyntax,
    steps: &mut Vec<ResolveStep>,
) -> Components {
    let mut step = |name: &str, detail: String| {
        steps.push(ResolveStep {
            name: name.to_string(),
            detail,
        });
    };
    let dots = |p: &str, step: &mut dyn FnMut(&str, String)| {
        let out = remove_dot_segments_with(p, syntax);
        step("remove_dot_segments (§5.2.4)", format!("{p:?} -> {out:?}"));
        out
    };
    let mut t = Components::default();
    if r.scheme.is_some() {
        step(
            "§5.2.2",
            "the reference has a scheme: take it whole (strict parser)".into(),
        );
        t.scheme = r.scheme.clone();
        t.authority = r.authority.clone();
        t.path = dots(&r.path, &mut step);
        t.query = r.query.clone();
    } else {
        if r.authority.is_some() {
            step(
                "§5.2.2",
                "the reference has an authority: take it, its path and its query".into(),
            );
            t.authority = r.authority.clone();
            t.path = dots(&r.path, &mut step);
            t.query = r.query.clone();
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                if r.query.is_some() {
                    step(
                        "§5.2.2",
                        "empty path, query given: base path, reference query".into(),
                    );
                    t.query = r.query.clone();
                } else {
                    step(
                        "§5.2.2",
                        "empty path, no query: base path and base query".into(),
                    );
                    t.query = base.query.clone();
                }
            } else {
                if r.path.starts_with('/') {
                    step("§5.2.2", "absolute path: remove its dot-segments".into());
                    t.path = dots(&r.path, &mut step);
                } else {
                    step("§5.2.2", "relative path: merge with the base path".into());
                    let m = merge(base, &r.path, syntax);
                    step(
                        "merge (§5.2.3)",
                        format!("{:?} + {:?} -> {m:?}", base.path, r.path),
                    );
                    t.path = dots(&m, &mut step);
                }
                t.query = r.query.clone();
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    t
}

/// True when `d` holds an error.
pub(crate) fn has_error(d: &[Diagnostic]) -> bool {
    d.iter().any(|d| d.severity == Severity::Error)
}

/// Resolves `reference` against `base` under `profile`, with the algorithm its descriptor
/// names ([`Descriptor::resolution`]). Never panics; linear in the inputs.
///
/// - rfc3986, rfc3987: RFC 3986 §5.2 as written, strict ([`RFC3986`]). The base must be
///   absolute.
/// - xri2: XRI Syntax 2.0 §2.4.1, RFC 3986 §5.2 with cross-references opaque; a reference
///   with an authority (`//...`) is not a legal relative XRI reference.
/// - rfc1630: the WWW draft's partial-form rules, counting slashes; `note` says where RFC
///   3986 answers differently.
/// - rfc2396: RFC 2396 §5.2, as `java.net.URI` reads it.
/// - URN profiles: an error, URNs have no relative references.
/// - whatwg: the URL Standard's basic URL parser with the base (§4.4,
///   [`PARSE_AGAINST_BASE`]), the one path `parse --base`, the workbench's base line and
///   the Python package's `resolve` share; the target is the URL's `href`.
pub fn resolve(base: &str, reference: &str, profile: Profile) -> Resolution {
    resolve_under(base, reference, &profile.descriptor())
}

/// [`resolve`] under the spec `d`: its resolution algorithm ([`Descriptor::resolution`]),
/// parsing the base and the reference with its grammar.
pub fn resolve_under(base: &str, reference: &str, d: &Descriptor) -> Resolution {
    (d.resolution.run)(base, reference, d)
}

/// Resolution under a grammar that parses against a base itself (the URL Standard's): the
/// reference parsed with the base, as `parse --base` parses it
/// ([`GrammarEntry::parse_with_base`], URL Standard §4.4 #concept-basic-url-parser with
/// *base*), the target its `href`. No RFC 3986 §5.2 step runs: the URL Standard has no
/// separate resolution, a relative URL string is read against the base by the parser's own
/// states (relative, relative slash, file, path).
pub fn parse_against(base: &str, reference: &str, d: &Descriptor) -> Resolution {
    let mut res = Resolution::default();
    let (base_tree, base_diags) = d.grammar.parse(base);
    let bad = has_error(&base_diags);
    res.base_diagnostics = base_diags;
    if bad {
        res.step(
            "base",
            "the base does not parse under the profile: no resolution",
        );
        return res;
    }
    res.step(
        "base",
        format!("the URL {}", base_tree.root().attr("href").unwrap_or(base)),
    );
    let (tree, diags) = d.grammar.parse_with_base(reference, base);
    let bad = has_error(&diags);
    res.diagnostics = diags;
    let href = tree.root().attr("href").filter(|_| !bad);
    match href {
        Some(h) => {
            res.step(
                "basic URL parser with base (URL Standard §4.4)",
                format!("{reference:?} against the base -> {h:?}"),
            );
            res.target = Some(h.to_string());
        }
        None => res.step(
            "basic URL parser with base (URL Standard §4.4)",
            "the parse of the reference against the base fails: no target",
        ),
    }
    res
}

/// The reference parsed by `grammar` (RFC 3986 §5.2's input, and RFC 2396's), its
/// diagnostics kept in `res` and its components recorded as the "reference" step; `None`
/// when it is not valid under the profile (the step says so) or has no components.
pub(crate) fn parse_reference(
    reference: &str,
    grammar: &GrammarEntry,
    res: &mut Resolution,
) -> Option<(Tree, Components)> {
    let (tree, diags) = grammar.parse(reference);
    let bad = has_error(&diags);
    res.diagnostics = diags;
    if bad {
        res.step(
            "reference",
            "the reference is not valid under the profile: no target",
        );
        return None;
    }
    let rc = Components::from_tree(&tree, reference)?;
    res.step("reference", rc.describe());
    Some((tree, rc))
}

/// Parses the base and checks it is absolute; its components with the fragment dropped.
pub(crate) fn usable_base(
    base: &str,
    grammar: &GrammarEntry,
    syntax: PathSyntax,
    res: &mut Resolution,
) -> Option<Components> {
    let (tree, diags) = grammar.parse(base);
    let bad = has_error(&diags);
    res.base_diagnostics = diags;
    if bad {
        res.step(
            "base",
            "the base is not valid under the profile: no resolution",
        );
        return None;
    }
    let mut c = Components::from_tree(&tree, base)?;
    let absolute = match syntax {
        PathSyntax::Generic => c.scheme.is_some(),
        // An XRI is absolute when it has an authority, with or without "xri://".
        PathSyntax::Xri => c.authority.is_some() || tree.root().kind() == NodeKind::Xri,
    };
    if !absolute {
        let span = Span::new(0, base.len());
        let message = |what: &str| {
            format!(
                "the base has no {what}: it is itself a relative reference; resolve it first, \
                 and use the absolute result as the base"
            )
        };
        res.base_diagnostics.push(match syntax {
            PathSyntax::Generic => {
                Diagnostic::of(Code::ResolveBaseNotAbsolute, span, message("scheme"))
            }
            PathSyntax::Xri => Diagnostic::read(
                CodeReading::ResolveBaseNotAbsoluteXri,
                span,
                message("authority"),
            ),
        });
        return None;
    }
    if c.fragment.take().is_some() {
        let frag = tree
            .root()
            .child(NodeKind::Fragment)
            .map_or(Span::at(base.len()), |n| n.span());
        res.base_diagnostics.push(Diagnostic::of(
            Code::ResolveBaseFragmentIgnored,
            Span::new(frag.start.saturating_sub(1), frag.end),
            "a base URI is used without its fragment; the fragment plays no part in resolution",
        ));
    }
    res.step("base", c.describe());
    Some(c)
}

/// RFC 3986 §5.2 with `syntax`'s paths, parsing with `grammar` ([`RFC3986`], and XRI's).
pub fn generic(
    base: &str,
    reference: &str,
    grammar: &GrammarEntry,
    syntax: PathSyntax,
) -> Resolution {
    let mut res = Resolution::default();
    let Some(bc) = usable_base(base, grammar, syntax, &mut res) else {
        return res;
    };
    let Some((tree, rc)) = parse_reference(reference, grammar, &mut res) else {
        return res;
    };
    if syntax == PathSyntax::Xri {
        encoded_dot_segment_note(&tree, reference, &mut res);
    }
    let t = if syntax == PathSyntax::Xri && tree.root().kind() == NodeKind::Xri {
        // XRI = [ "xri://" ] xri-hier-part: with or without the prefix, an XRI is absolute
        // and is taken whole, as RFC 3986 takes a reference with a scheme.
        res.step("§5.2.2", "the reference is an absolute XRI: take it whole");
        let mut t = rc.clone();
        t.path = remove_dot_segments_with(&rc.path, syntax);
        res.step(
            "remove_dot_segments (§5.2.4)",
            format!("{:?} -> {:?}", rc.path, t.path),
        );
        t
    } else {
        let mut steps = Vec::new();
        let t = transform(&bc, &rc, syntax, &mut steps);
        res.steps.extend(steps);
        t
    };
    let mut t = t;
    let literal = (t.authority.is_none() && t.path.starts_with("//")).then(|| t.recompose(syntax));
    if literal.is_some() {
        // §5.2 can yield this (`f:/a` + `..//g` gives the path "//g"), and recomposed as
        // §5.3 says (`f://g`), the text after "//" would read back as an authority (§3.3):
        // another resource, and for `http:q` + `..///a@b@c/` not even a valid URI. The
        // guard the WHATWG URL Standard writes in the same case ("/." before the path)
        // keeps it a path: remove_dot_segments (§5.2.4) takes the "/." away again, so the
        // target resolves to itself and re-parses to the same path with no authority.
        let guarded = format!("/.{}", t.path);
        res.step(
            "guard (§5.3)",
            format!(
                "{:?} -> {guarded:?}: no authority, so the path may not start with \"//\"",
                t.path
            ),
        );
        t.path = guarded;
    }
    let target = t.recompose(syntax);
    res.step("recompose (§5.3)", target.clone());
    if let Some(literal) = literal {
        let at = tree
            .root()
            .child(NodeKind::Path)
            .map_or(Span::new(0, reference.len()), |n| n.span());
        res.diagnostics.push(Diagnostic::of(
            Code::ResolvePathLooksLikeAuthority,
            at,
            format!(
                "the target has no authority and its path {:?} starts with \"//\": recomposed \
                 as §5.3 writes it, {literal:?}, what follows \"//\" would be read back as an \
                 authority (§3.3: without an authority \"the path cannot begin with two slash \
                 characters\"), so the target is written {target:?}, with \"/.\" before the \
                 path, which remove_dot_segments (§5.2.4) takes away again: it reads back as \
                 the same path. To get a target without \"/.\", avoid the empty segment \
                 (\"//\") in the reference",
                &t.path[2..]
            ),
        ));
    }
    res.target = Some(target);
    res
}

/// XRI Syntax 2.0 §2.4.1 (see docs/readings.md): a reference segment that is "." or ".."
/// only once its `%2E` are decoded. Resolution works on the reference as given, and
/// `remove_dot_segments` (RFC 3986 §5.2.4) sees only literal dots, so it stays data; in
/// XRI-normal form (§2.1.4, unreserved characters decoded) it would be a dot-segment. A note
/// names both readings.
fn encoded_dot_segment_note(tree: &Tree, reference: &str, res: &mut Resolution) {
    let Some(path) = tree.root().child(NodeKind::Path) else {
        return;
    };
    let Some(seg) = path.children().find(|c| {
        let t = c.text(reference);
        c.kind() == NodeKind::Segment
            && t.contains('%')
            && crate::engine::forms::is_dot_segment_decoded(t)
    }) else {
        return;
    };
    res.diagnostics.push(Diagnostic::of(
        Code::ResolveEncodedDotSegment,
        seg.span(),
        format!(
            "{:?} is a dot-segment only once %2E is decoded. Reading: resolution takes the \
             reference as given, and dot-segment removal (RFC 3986 §5.2.4, which §2.4.1 follows) \
             sees only literal \".\" and \"..\", so it stays a segment of data; the other reading \
             resolves in XRI-normal form (§2.1.4 decodes unreserved characters), where it would \
             remove a segment. Write the dots unencoded if that is meant",
            seg.text(reference)
        ),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(
        s: Option<&str>,
        a: Option<&str>,
        p: &str,
        q: Option<&str>,
        f: Option<&str>,
    ) -> Components {
        Components {
            scheme: s.map(String::from),
            authority: a.map(String::from),
            path: p.to_string(),
            query: q.map(String::from),
            fragment: f.map(String::from),
        }
    }

    #[test]
    fn dot_segments_rfc3986() {
        for (i, o) in [
            ("/a/b/c/./../../g", "/a/g"),
            ("mid/content=5/../6", "mid/6"),
            ("/b/c/d;p/../../../g", "/g"),
            ("/./g", "/g"),
            ("/.", "/"),
            ("/..", "/"),
            ("/a/b/..", "/a/"),
            ("/a/b/.", "/a/b/"),
            ("../g", "g"),
            (".", ""),
            ("..", ""),
            ("a/../b", "/b"),
            ("/a//../b", "/a/b"),
            ("", ""),
            ("/g.", "/g."),
            ("/..g", "/..g"),
        ] {
            assert_eq!(remove_dot_segments(i), o, "{i}");
        }
    }

    #[test]
    fn dot_segments_xri_keep_xrefs_whole() {
        let p = "/!b!b/c*c/(xri://@d*d/e)/../!g";
        assert_eq!(remove_dot_segments_with(p, PathSyntax::Xri), "/!b!b/c*c/!g");
        assert_eq!(remove_dot_segments(p), "/!b!b/c*c/(xri://@d*d/!g");
        assert_eq!(
            remove_dot_segments_with("/(a/../b)/./c", PathSyntax::Xri),
            "/(a/../b)/c"
        );
    }

    #[test]
    fn merge_uses_depth_zero_slash() {
        let b = c(
            Some("xri"),
            Some("@a*a"),
            "/!b!b/c*c/(xri://@d*d/e)",
            Some("q"),
            None,
        );
        assert_eq!(merge(&b, "!g", PathSyntax::Xri), "/!b!b/c*c/!g");
        assert_eq!(
            merge(&b, "!g", PathSyntax::Generic),
            "/!b!b/c*c/(xri://@d*d/!g"
        );
        let e = c(Some("http"), Some("a"), "", None, None);
        assert_eq!(merge(&e, "g", PathSyntax::Generic), "/g");
    }

    /// RFC 3986 §5.4 on components, independent of the grammar.
    #[test]
    fn transform_on_components() {
        let base = c(Some("http"), Some("a"), "/b/c/d;p", Some("q"), None);
        let cases: &[(Components, &str)] = &[
            (c(None, None, "g", None, None), "http://a/b/c/g"),
            (c(None, None, "", Some("y"), None), "http://a/b/c/d;p?y"),
            (c(None, None, "", None, Some("s")), "http://a/b/c/d;p?q#s"),
            (c(None, None, "", None, None), "http://a/b/c/d;p?q"),
            (c(None, Some("g"), "", None, None), "http://g"),
            (c(None, None, "../../../g", None, None), "http://a/g"),
            (c(Some("http"), None, "g", None, None), "http:g"),
            (c(None, None, "/./g", None, None), "http://a/g"),
            (c(None, None, "g;x=1/../y", None, None), "http://a/b/c/y"),
        ];
        for (r, want) in cases {
            let mut steps = Vec::new();
            let t = transform(&base, r, PathSyntax::Generic, &mut steps);
            assert_eq!(t.recompose(PathSyntax::Generic), *want, "{r:?}");
            assert!(!steps.is_empty());
        }
    }

    #[test]
    fn xri_authority_without_scheme_is_bare() {
        let t = c(None, Some("@a*a"), "/b", None, None);
        assert_eq!(t.recompose(PathSyntax::Xri), "@a*a/b");
        assert_eq!(t.recompose(PathSyntax::Generic), "//@a*a/b");
    }

    #[test]
    fn urn_profiles_refuse() {
        let r = resolve("urn:a:b", "c", Profile::Rfc8141);
        assert_eq!(r.target, None);
        assert_eq!(
            r.first_error().map(|d| d.code.as_str()),
            Some("resolve-urn-no-relative")
        );
    }

    /// Pseudo-random strings over the delimiters every algorithm here looks at.
    fn noise(seed: &mut u64, max: usize) -> String {
        const ALPHABET: &[&str] = &[
            "/", ".", "?", "#", ":", "(", ")", "%", "@", "!", "a", "é", "+", "*",
        ];
        let mut next = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (*seed >> 33) as usize
        };
        let n = next() % (max + 1);
        (0..n).map(|_| ALPHABET[next() % ALPHABET.len()]).collect()
    }

    #[test]
    fn never_panics_on_noise() {
        let mut seed = 7;
        for _ in 0..2000 {
            let base = format!(
                "{}{}",
                ["http://a/", "xri://@a/", "magic://a/", ""][(seed % 4) as usize],
                noise(&mut seed, 10)
            );
            let reference = noise(&mut seed, 10);
            for p in [
                Profile::Rfc3986,
                Profile::Rfc3987,
                Profile::Rfc1630,
                Profile::Xri2,
            ] {
                let r = resolve(&base, &reference, p);
                assert!(
                    r.target.is_some() || r.first_error().is_some(),
                    "{p} {base:?} + {reference:?}"
                );
            }
        }
    }

    #[test]
    fn never_panics_on_odd_input() {
        for p in Profile::ALL {
            for (b, r) in [
                ("", ""),
                ("é:", "//"),
                ("a:/((", "../)"),
                ("x:%", "%"),
                ("a:b", "\u{0}"),
            ] {
                let _ = resolve(b, r, p);
            }
        }
    }
}
