//! The other reading: where a spec's grammar admits two parses of the same text and idbench
//! takes one, the other as a second subtree over the same input.
//!
//! The grammars take one reading (first-match-wins, or a reading recorded in
//! `docs/readings.md`) and mark the places where another was possible: an XRI authority that
//! also matches `iauthority`, a cross-reference or a top-level reference that the ABNF's
//! first alternative (`XRI`, "xri://" being optional) also matches, a host that is both an
//! `IPv4address` and a `reg-name`, a URN that the older and newer URN specs read with
//! different components. [`find`] looks only at those marks in the finished tree, and only
//! there parses a second time, so an input with no ambiguity costs one walk of its tree.
//!
//! Each [`Reading`] holds the other subtree (same node types as the tree, spans into the
//! same input), the production each reading uses at that place, whether the other reading
//! is valid, and the spec text that decides between them.
//!
//! Which of these places a profile's grammar marks is its descriptor's
//! ([`ReadingMarks`](super::descriptor::ReadingMarks)).
//!
//! Written by hand: the alternatives and the texts that decide are specific to these specs.

use super::descriptor::grammar::GrammarEntry;
use super::descriptor::{AuthorityAlso, Descriptor};
use super::handle::Profile;
use super::tree::{Builder, Diagnostic, NodeKind, Severity, Span, Tree};
use crate::text_layout::head;

/// The spec [`find`] reads under: the analysis's profile and its descriptor, and, for a
/// spec whose readings compare its family ([`ReadingMarks::by_family`]), the family's
/// profiles in the order `auto` tries them, with their descriptors (the analysis's own
/// among them).
///
/// [`ReadingMarks::by_family`]: super::descriptor::ReadingMarks::by_family
#[derive(Clone, Copy)]
pub struct Under<'a> {
    /// The analysis's profile.
    pub profile: Profile,
    /// Its descriptor.
    pub spec: &'a Descriptor,
    /// The family's profiles `auto` tries, in order (empty unless the readings compare the
    /// family).
    pub family: &'a [(Profile, &'a Descriptor)],
}

/// At most this many readings are recorded for one input (a deeply nested XRI can have an
/// ambiguous authority at every level); [`find`] says how many more it saw.
pub const MAX_READINGS: usize = 16;

/// Which ambiguity a [`Reading`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum ReadingKind {
    /// An XRI authority (GCS or cross-reference) that also matches `iauthority`.
    XriAuthority,
    /// A reference without "xri://" read as a relative XRI reference that also matches
    /// `XRI` with an IRI authority ("xri://" being optional).
    XriWithoutPrefix,
    /// Cross-reference content that `XRI-reference` and `IRI` both match, or that is read
    /// as a relative XRI reference while `XRI` also matches it.
    XrefContent,
    /// A host that matches both `IPv4address` and `reg-name`.
    Ipv4OrRegName,
    /// A URN that two URN specs accept with different components.
    UrnSpec,
}

impl ReadingKind {
    /// The stable kebab-case name (used in the JSON).
    pub const fn name(self) -> &'static str {
        match self {
            ReadingKind::XriAuthority => "xri-authority-or-iauthority",
            ReadingKind::XriWithoutPrefix => "relative-or-xri-without-prefix",
            ReadingKind::XrefContent => "xref-content",
            ReadingKind::Ipv4OrRegName => "ipv4address-or-reg-name",
            ReadingKind::UrnSpec => "urn-spec",
        }
    }
}

/// The spec text that decides between two readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Decision {
    /// The section, e.g. `RFC 3986 §3.2.2`.
    pub section: &'static str,
    /// The words of the spec that decide (quoted as printed).
    pub quote: &'static str,
}

/// Another reading of part of the input.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Reading {
    /// Which ambiguity.
    pub kind: ReadingKind,
    /// The part of the input the two readings read differently (the span of the first
    /// reading's node there, which is also the span of [`Reading::tree`]'s root).
    pub span: Span,
    /// The profile the other reading is read under (the analysis's own, except for
    /// [`ReadingKind::UrnSpec`]).
    pub profile: Profile,
    /// The production of the reading idbench takes, at `span`.
    pub taken_rule: &'static str,
    /// The production of the other reading, at `span` (the rule of `tree`'s root).
    pub other_rule: &'static str,
    /// The other reading's subtree: the same node types as the analysis's tree, spans into
    /// the same input, rooted at `span`.
    pub tree: Tree,
    /// True when the reading idbench takes has no error at `span`.
    pub taken_valid: bool,
    /// True when the other reading has no error (under [`Reading::profile`]).
    pub other_valid: bool,
    /// One sentence: what the other reading is and why idbench takes the first.
    pub summary: String,
    /// What to write to get the other reading, if anything can be written.
    pub hint: String,
    /// The spec text that decides (or that idbench's reading follows).
    pub decided_by: Decision,
}

/// The readings [`find`] recorded, and how many more it saw past [`MAX_READINGS`].
#[derive(Clone, Debug, Default)]
pub struct Readings {
    /// The readings, in input order of their spans' starts.
    pub list: Vec<Reading>,
    /// Places the tree marks as possibly ambiguous that were left unchecked: past
    /// [`MAX_READINGS`] readings, or once the scan budget ran out (not recorded).
    pub omitted: usize,
}

const D_HOST: Decision = Decision {
    section: "RFC 3986 §3.2.2",
    quote: "The syntax rule for host is ambiguous because it does not completely distinguish \
            between an IPv4address and a reg-name.  In order to disambiguate the syntax, we \
            apply the \"first-match-wins\" algorithm: If host matches the rule for IPv4address, \
            then it should be considered an IPv4 address literal and not a reg-name.",
};

const D_XRI_AUTHORITY: Decision = Decision {
    section: "XRI Syntax 2.0 §2.2.1.3",
    quote: "Note that authority segments that begin with GCS characters or cross-references \
            (see below) may match both the \"iauthority\" and the \"xri-authority\" productions. \
            [...] As with all XRI syntax, the \"first-match-wins\" rule is used to resolve \
            ambiguities. Consequently, all the examples listed above would be considered XRI \
            authorities, not IRI authorities.",
};

const D_PREFIX: Decision = Decision {
    section: "XRI Syntax 2.0 §1.2.2",
    quote: "because the prefix \"xri://\" is optional in absolute XRIs that use a global context \
            symbol (see section 2.2.1.2), some example XRIs are shown without this prefix.",
};

const D_XREF: Decision = Decision {
    section: "XRI Syntax 2.0 §2.2.2",
    quote: "It is important that the value of a cross-reference be syntactically unambiguous, \
            whether it is an absolute IRI or one of the various forms of an XRI reference. \
            Therefore special attention must be paid to relative XRI references to avoid \
            ambiguity, as discussed in section 2.4.3.",
};

const D_URN_AUTO: Decision = Decision {
    section: "RFC 8141, Abstract",
    quote: "This document obsoletes both RFCs 2141 and 3406.",
};

const D_URN_GIVEN: Decision = Decision {
    section: "the profile given",
    quote: "each URN spec's grammar reads this URN its own way; the profile given on the \
            command line (or chosen in the workbench) says which spec to read it under",
};

/// How much scanning [`find`] may do, in bytes, for an input of `len` bytes: a few passes
/// over the input. Nested cross-references put an authority inside an authority, so
/// checking every one of them in full could be quadratic; past the budget, no more
/// candidates are checked (and each one not checked counts as omitted).
fn budget(len: usize) -> usize {
    len.saturating_mul(4).saturating_add(4096)
}

/// The other readings of `input`, whose first reading under the spec `under` is `tree` with
/// `diagnostics`. `auto` says whether the profile was chosen by `auto` (it decides which
/// text a URN's reading cites). Parses again only at an ambiguity the tree shows.
pub fn find(
    input: &str,
    under: Under<'_>,
    tree: &Tree,
    diagnostics: &[Diagnostic],
    auto: bool,
) -> Readings {
    let mut out = Readings::default();
    if tree.is_empty() {
        return out;
    }
    let mut budget = budget(input.len());
    let marks = under.spec.readings;
    let push = |out: &mut Readings, r: Option<Reading>| {
        if let Some(r) = r {
            if out.list.len() < MAX_READINGS {
                out.list.push(r);
            } else {
                out.omitted += 1;
            }
        }
    };
    if marks.by_family {
        if input.contains(['?', '#']) {
            for r in urn_readings(input, under, tree, diagnostics, auto) {
                push(&mut out, Some(r));
            }
        }
        return out;
    }
    let root = tree.root();
    // The grammar marks it: a relative XRI reference with the note that `XRI` reads it too.
    if root.kind() == NodeKind::RelativeXri {
        let noted = diagnostics
            .iter()
            .any(|d| d.code == super::codes::Code::ReadingRelative && d.span.start == 0);
        if noted {
            budget = budget.saturating_sub(input.len());
            push(
                &mut out,
                xri_without_prefix(
                    under,
                    input,
                    tree,
                    0,
                    diagnostics,
                    ReadingKind::XriWithoutPrefix,
                ),
            );
        }
    }
    // Whether an authority could be an iauthority, for every authority node: from the
    // index of the next byte that rules it out, made once, since nested authorities each
    // span all the inner ones and testing each one's text would cost nodes x depth.
    let next_bad: Vec<u32> = if marks.authority_also.is_some() && u32::try_from(input.len()).is_ok()
    {
        let mut v = vec![input.len() as u32; input.len() + 1];
        for (i, &c) in input.as_bytes().iter().enumerate().rev() {
            v[i] = if matches!(c, b'/' | b'?' | b'#') || c <= b' ' {
                i as u32
            } else {
                v[i + 1]
            };
        }
        v
    } else {
        Vec::new()
    };
    let plausible = |n: &crate::engine::tree::Node<'_>| {
        let sp = n.span();
        match next_bad.get(sp.start) {
            Some(&b) => !sp.is_empty() && b as usize >= sp.end,
            None => plausible_iauthority(n.text(input)),
        }
    };
    for n in tree.iter() {
        // Past the cap an ambiguity the tree shows is counted, not parsed again (as past
        // the budget): on a long nested input, reading thousands of alternatives only to
        // count them cost more than the whole analysis.
        let full = out.list.len() >= MAX_READINGS;
        match n.kind() {
            NodeKind::Host
                if full
                    && n.attr("host_type") == Some("ipv4")
                    && marks.ipv4_or_reg_name.is_some() =>
            {
                out.omitted += 1;
            }
            NodeKind::Authority
                if full
                    && marks
                        .authority_also
                        .is_some_and(|also| also.rules.contains(&n.rule()))
                    && plausible(&n) =>
            {
                out.omitted += 1;
            }
            NodeKind::Xref if full && n.attr("reading").is_some() && !n.is_leaf() => {
                out.omitted += 1;
            }
            NodeKind::Host if n.attr("host_type") == Some("ipv4") => {
                if let Some(reg_name) = marks.ipv4_or_reg_name {
                    push(
                        &mut out,
                        Some(ipv4_host(input, under.profile, reg_name, tree, n.index())),
                    );
                }
            }
            NodeKind::Authority => {
                let Some(also) = marks
                    .authority_also
                    .filter(|also| also.rules.contains(&n.rule()))
                else {
                    continue;
                };
                if !plausible(&n) {
                    continue;
                }
                let text = n.text(input);
                if budget < text.len() {
                    out.omitted += 1;
                    continue;
                }
                budget -= text.len();
                push(
                    &mut out,
                    xri_authority(under, also, input, tree, n.index(), diagnostics),
                );
            }
            NodeKind::Xref if n.attr("reading").is_some() => {
                let Some(content) = n.children().next() else {
                    continue;
                };
                let len = content.span().len();
                if budget < len {
                    out.omitted += 1;
                    continue;
                }
                budget -= len;
                push(
                    &mut out,
                    xri_without_prefix(
                        under,
                        input,
                        tree,
                        content.index(),
                        diagnostics,
                        ReadingKind::XrefContent,
                    ),
                );
            }
            _ => {}
        }
    }
    out.list.sort_by_key(|r| (r.span.start, r.span.end));
    out
}

/// Copies the subtree of `src` rooted at node `root` into `b`, shifting every span by
/// `shift` bytes and clamping it into `clamp`, leaving out the subtree of node `skip`.
/// Iterative, so any depth is fine.
fn copy_subtree(
    b: &mut Builder<'_>,
    src: &Tree,
    root: usize,
    shift: isize,
    clamp: Span,
    skip: Option<usize>,
) {
    let Some(r) = src.get(root) else {
        return;
    };
    let map = |x: usize| -> usize {
        let v = x as isize + shift;
        (v.max(clamp.start as isize) as usize).min(clamp.end)
    };
    let mut open: Vec<(usize, usize)> = Vec::new(); // (depth, end)
    let mut skip_depth: Option<usize> = None;
    for n in std::iter::once(r).chain(r.descendants()) {
        let depth = n.depth();
        if let Some(sd) = skip_depth {
            if depth > sd {
                continue;
            }
            skip_depth = None;
        }
        while let Some(&(d, end)) = open.last() {
            if d >= depth {
                b.finish(end);
                open.pop();
            } else {
                break;
            }
        }
        if Some(n.index()) == skip {
            skip_depth = Some(depth);
            continue;
        }
        let span = n.span();
        let id = b.start(n.kind(), n.rule(), map(span.start));
        for a in n.attrs() {
            b.attr(id, a.key, a.value.clone());
        }
        open.push((depth, map(span.end)));
    }
    while let Some((_, end)) = open.pop() {
        b.finish(end);
    }
}

/// A tree over `input` made of the subtree of `src` at `root` (spans shifted by `shift`,
/// clamped into `clamp`), without the subtree of `skip`.
fn graft(
    input: &str,
    src: &Tree,
    root: usize,
    shift: isize,
    clamp: Span,
    skip: Option<usize>,
) -> Tree {
    let mut b = Builder::new(input);
    copy_subtree(&mut b, src, root, shift, clamp, skip);
    b.build().0
}

fn has_error_in(diags: &[Diagnostic], span: Span) -> bool {
    diags.iter().any(|d| {
        d.severity == Severity::Error && d.span.start >= span.start && d.span.start <= span.end
    })
}

fn quoted(s: &str) -> String {
    const MAX: usize = 40;
    if s.len() <= MAX {
        return format!("\"{s}\"");
    }
    format!("\"{}…\"", head(s, MAX))
}

// ---- IPv4address or reg-name --------------------------------------------------------------

fn ipv4_host(
    input: &str,
    profile: Profile,
    other_rule: &'static str,
    tree: &Tree,
    idx: usize,
) -> Reading {
    let n = tree.get(idx).map(|n| (n.span(), n.rule()));
    let (span, taken_rule) = n.unwrap_or((Span::at(0), "IPv4address"));
    let mut b = Builder::new(input);
    let id = b.leaf(NodeKind::Host, other_rule, span.start, span.end);
    b.attr(id, "host_type", "reg-name");
    let text = input.get(span.start..span.end).unwrap_or("");
    Reading {
        kind: ReadingKind::Ipv4OrRegName,
        span,
        profile,
        taken_rule,
        other_rule,
        tree: b.build().0,
        taken_valid: true,
        other_valid: true,
        summary: format!(
            "host {} is also a {other_rule} (digits and \".\" are unreserved); first-match-wins \
             makes it an IPv4 address",
            quoted(text)
        ),
        hint: "no spelling makes this host a reg-name: in this form it is always an IPv4 address"
            .into(),
        decided_by: D_HOST,
    }
}

// ---- XRI authority or iauthority ------------------------------------------------------------

/// A cheap test before parsing: only characters `iauthority` can hold (no "/", "?", "#").
fn plausible_iauthority(t: &str) -> bool {
    !t.is_empty()
        && !t
            .bytes()
            .any(|c| matches!(c, b'/' | b'?' | b'#') || c <= b' ')
}

/// `under` is the XRI spec's (the only one whose readings mark XRI authorities).
fn xri_authority(
    under: Under<'_>,
    also: AuthorityAlso,
    input: &str,
    tree: &Tree,
    idx: usize,
    diags: &[Diagnostic],
) -> Option<Reading> {
    let n = tree.get(idx)?;
    let span = n.span();
    let text = n.text(input);
    // The other grammar (the IRI grammar) reads "x://" followed by the authority's text: its
    // authority (iauthority) is the other reading when it covers the whole text without an
    // error.
    let probe = format!("x://{text}");
    let (t, d) = GrammarEntry::Fn(also.grammar).parse(&probe);
    if d.iter().any(|d| d.severity == Severity::Error) {
        return None;
    }
    let auth = t.find(NodeKind::Authority)?;
    if auth.span() != Span::new(4, probe.len()) {
        return None;
    }
    let shift = span.start as isize - 4;
    let other = graft(input, &t, auth.index(), shift, span, None);
    let taken_rule = n.rule();
    let taken_valid = !has_error_in(diags, span);
    let host = other
        .iter()
        .find(|h| h.kind() == NodeKind::Host)
        .map(|h| h.text(input))
        .unwrap_or("");
    let userinfo = other
        .iter()
        .find(|h| h.kind() == NodeKind::Userinfo)
        .map(|h| format!("user information {} and ", quoted(h.text(input))))
        .unwrap_or_default();
    Some(Reading {
        kind: ReadingKind::XriAuthority,
        span,
        profile: under.profile,
        taken_rule,
        other_rule: also.rule,
        tree: other,
        taken_valid,
        other_valid: true,
        summary: format!(
            "{} also matches iauthority, an IRI authority with {userinfo}host {}; \
             first-match-wins makes it an XRI authority ({taken_rule}){}",
            quoted(text),
            quoted(host),
            if taken_valid {
                ""
            } else {
                ", which fails here, and idbench does not fall back to iauthority once a \
                 global context symbol or \"(\" starts the authority (docs/readings.md, XRI 3)"
            }
        ),
        hint: "an XRI authority that starts with a global context symbol or \"(\" cannot be \
               written as an IRI authority"
            .into(),
        decided_by: D_XRI_AUTHORITY,
    })
}

// ---- relative XRI reference (or IRI) or XRI without "xri://" ---------------------------------

/// `under` is the XRI spec's (the only one whose readings mark relative XRIs).
fn xri_without_prefix(
    under: Under<'_>,
    input: &str,
    tree: &Tree,
    idx: usize,
    diags: &[Diagnostic],
    kind: ReadingKind,
) -> Option<Reading> {
    let n = tree.get(idx)?;
    let span = n.span();
    let text = n.text(input);
    // After "xri://" the XRI grammar reads a head that starts with a global context symbol
    // as an XRI authority and does not fall back (docs/readings.md, XRI 3), yet the ABNF's
    // iauthority may match it (`!a!b`: sub-delims hold "!"). Then the probe puts letters of
    // the same length in the head's place (so the path keeps its offsets), and the grammar
    // that also reads its authorities ([`ReadingMarks::authority_also`], the IRI grammar)
    // reads the head itself as iauthority.
    let head_end = text.find(['/', '?', '#']).unwrap_or(text.len());
    let head = &text[..head_end];
    let gcs_head = head.starts_with(['=', '@', '+', '$', '!', '(']);
    let probe = if gcs_head {
        format!("xri://{}{}", "a".repeat(head.len()), &text[head_end..])
    } else {
        format!("xri://{text}")
    };
    let (t, d) = under.spec.grammar.parse(&probe);
    if d.iter().any(|d| d.severity == Severity::Error) {
        return None;
    }
    let root = t.root();
    let auth = root.child(NodeKind::Authority)?;
    if auth.rule() != "iauthority" {
        return None;
    }
    let scheme = root.child(NodeKind::Scheme).map(|s| s.index());
    let shift = span.start as isize - 6;
    let other = if gcs_head {
        let iri_probe = format!("x://{head}");
        let also = under.spec.readings.authority_also?;
        let (it, id) = GrammarEntry::Fn(also.grammar).parse(&iri_probe);
        if id.iter().any(|d| d.severity == Severity::Error) {
            return None;
        }
        let iauth = it.find(NodeKind::Authority)?;
        if iauth.span() != Span::new(4, iri_probe.len()) {
            return None;
        }
        // The root, then its children, the authority taken from the IRI grammar.
        let mut b = Builder::new(input);
        let map = |x: usize| ((x as isize + shift).max(span.start as isize) as usize).min(span.end);
        let rid = b.start(root.kind(), root.rule(), map(root.span().start));
        for a in root.attrs() {
            b.attr(rid, a.key, a.value.clone());
        }
        for c in root.children() {
            if Some(c.index()) == scheme {
                continue;
            }
            if c.index() == auth.index() {
                copy_subtree(
                    &mut b,
                    &it,
                    iauth.index(),
                    span.start as isize - 4,
                    span,
                    None,
                );
            } else {
                copy_subtree(&mut b, &t, c.index(), shift, span, None);
            }
        }
        b.finish(map(root.span().end));
        b.build().0
    } else {
        graft(input, &t, root.index(), shift, span, scheme)
    };
    let auth_text = quoted(
        input
            .get(
                (auth.span().start as isize + shift).max(0) as usize
                    ..(auth.span().end as isize + shift).max(0) as usize,
            )
            .unwrap_or(""),
    );
    let taken_rule = n.rule();
    let (summary, decided_by, hint) = match kind {
        ReadingKind::XrefContent if n.kind() == NodeKind::Iri => (
            format!(
                "the cross-reference's content is also an XRI (the first alternative, \
                 XRI-reference, with \"xri://\" left out) whose IRI authority is {auth_text}; \
                 idbench reads content that starts with a scheme as an IRI (docs/readings.md, XRI 6)"
            ),
            D_XREF,
            "write \"xri://\" at the start of the cross-reference for the XRI reading".to_string(),
        ),
        ReadingKind::XrefContent => (
            format!(
                "the cross-reference's content is also an XRI (\"xri://\" left out) with the \
                 IRI authority {auth_text}; idbench reads an IRI authority only after \
                 \"xri://\" (docs/readings.md, XRI 6)"
            ),
            D_XREF,
            "write \"xri://\" at the start of the cross-reference for the XRI reading".to_string(),
        ),
        _ => (
            format!(
                "also an XRI (the ABNF's first alternative, \"xri://\" being optional) with the \
                 IRI authority {auth_text}, which first-match-wins (§2.2.1.3) would take; idbench \
                 reads a reference without \"xri://\" as relative unless it starts with a global \
                 context symbol or \"(\", since §1.2.2 leaves the prefix out only there"
            ),
            D_PREFIX,
            "write \"xri://\" in front for the XRI reading".to_string(),
        ),
    };
    Some(Reading {
        kind,
        span,
        profile: under.profile,
        taken_rule,
        other_rule: root.rule(),
        tree: other,
        taken_valid: !has_error_in(diags, span),
        other_valid: true,
        summary,
        hint,
        decided_by,
    })
}

// ---- URN under another URN spec ------------------------------------------------------------

/// The component nodes whose spans tell two URN readings apart.
fn urn_shape(tree: &Tree) -> Vec<(NodeKind, Span)> {
    tree.iter()
        .filter(|n| {
            matches!(
                n.kind(),
                NodeKind::Nid
                    | NodeKind::Nss
                    | NodeKind::RComponent
                    | NodeKind::QComponent
                    | NodeKind::FComponent
                    | NodeKind::Query
                    | NodeKind::Fragment
            )
        })
        .map(|n| (n.kind(), n.span()))
        .collect()
}

fn describe_urn(tree: &Tree, input: &str) -> String {
    let mut parts = Vec::new();
    for n in tree.iter() {
        let label = match n.kind() {
            NodeKind::Nss => "NSS",
            NodeKind::RComponent => "r-component",
            NodeKind::QComponent => "q-component",
            NodeKind::FComponent => "f-component",
            NodeKind::Query => "query",
            NodeKind::Fragment => "fragment",
            _ => continue,
        };
        parts.push(format!("{label} {}", quoted(n.text(input))));
    }
    parts.join(", ")
}

fn urn_readings(
    input: &str,
    under: Under<'_>,
    tree: &Tree,
    diags: &[Diagnostic],
    auto: bool,
) -> Vec<Reading> {
    let shape = urn_shape(tree);
    let mine = describe_urn(tree, input);
    let mut seen = vec![shape];
    let mut out = Vec::new();
    for &(p, spec) in under.family {
        if p == under.profile {
            continue;
        }
        let (t, d) = spec.grammar.parse(input);
        if d.iter().any(|d| d.severity == Severity::Error) {
            continue;
        }
        let s = urn_shape(&t);
        if seen.contains(&s) {
            continue;
        }
        seen.push(s);
        let theirs = describe_urn(&t, input);
        let other_rule = t.root().rule();
        let (decided_by, why) = if auto {
            (
                D_URN_AUTO,
                format!(
                    "idbench reads a URN under the newest spec that accepts it ({})",
                    under.spec.name
                ),
            )
        } else {
            (
                D_URN_GIVEN,
                format!("the profile {} was given", under.spec.name),
            )
        };
        out.push(Reading {
            kind: ReadingKind::UrnSpec,
            span: Span::new(0, input.len()),
            profile: p,
            taken_rule: tree.root().rule(),
            other_rule,
            tree: t,
            taken_valid: !diags.iter().any(|d| d.severity == Severity::Error),
            other_valid: true,
            summary: format!(
                "{} also accepts it, with {theirs} (here: {mine}); {why}",
                spec.name
            ),
            hint: format!("--profile {} reads it so", spec.name),
            decided_by,
        });
    }
    out
}
