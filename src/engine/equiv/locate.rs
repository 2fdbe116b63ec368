//! Where two sides part: the first differing component of the normalized sides, found by
//! walking their trees together, then located in the inputs and explained.
//!
//! The normalized texts are parsed again under the profile; a node of such a tree is
//! matched to the side's own tree by its path of `(kind, n-th of that kind)` steps from the
//! root (the side's tree being that of the text the rungs rewrote, after any "$"
//! cross-reference was cut out), which the normalization steps keep; where dot-segments go,
//! the segments are matched through `remove_dot_segments` itself.

use crate::engine::descriptor::Descriptor;
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::forms::text::{is_dot_segment_decoded, nfc, nfkc};
use crate::engine::pct::{decode_lossy, triplet_at};
use crate::engine::tree::{Node, NodeKind, Span, Tree};

use super::ladder::{Ladder, Side, is_dollar_xref};
use crate::engine::descriptor::ladder::{CompareOption, CompareOptions, LadderSpec};

use super::types::Difference;

/// A path from the root: `(kind, index among the siblings of that kind)` per level.
type Path = Vec<(NodeKind, usize)>;

fn path_of(n: Node<'_>) -> Path {
    let mut out = Vec::new();
    let mut cur = n;
    while let Some(p) = cur.parent() {
        let k = p
            .children()
            .take_while(|c| c.index() != cur.index())
            .filter(|c| c.kind() == cur.kind())
            .count();
        out.push((cur.kind(), k));
        cur = p;
    }
    out.reverse();
    out
}

/// True when `n` holds a dot-segment (RFC 3986 §3.3), which the dot-segment step removes.
fn has_dot_segment(n: Node<'_>, text: &str) -> bool {
    n.children()
        .any(|c| c.kind() == NodeKind::Segment && is_dot_segment_decoded(c.text(text)))
}

/// True when the dot-segment step rewrites path `n`: the path of an absolute identifier
/// (a URI or IRI with a scheme, or an XRI, cross-references' included).
fn dot_segments_removed(n: Node<'_>) -> bool {
    n.parent().is_some_and(|r| match r.kind() {
        NodeKind::Xri => true,
        NodeKind::Uri | NodeKind::Iri => r.child(NodeKind::Scheme).is_some(),
        _ => false,
    })
}

/// Which segment of path `n` becomes the `k`-th after `remove_dot_segments` (RFC 3986
/// §5.2.4, segment by segment): `None` for a segment the algorithm makes up (the empty one
/// after a final "." or "..").
fn segment_after_dots<'t>(n: Node<'t>, text: &str, k: usize) -> Option<Option<Node<'t>>> {
    let segs: Vec<_> = n
        .children()
        .filter(|c| c.kind() == NodeKind::Segment)
        .collect();
    let mut out: Vec<Option<usize>> = Vec::with_capacity(segs.len());
    for (i, s) in segs.iter().enumerate() {
        let t = s.text(text);
        let last = i + 1 == segs.len();
        if is_dot_segment_decoded(t) {
            // Only "." and "%2E" here: three bytes of text per encoded dot.
            let dots = t.len() - 2 * t.matches('%').count();
            if dots >= 2 {
                out.pop();
            }
            if last {
                out.push(None);
            }
        } else {
            out.push(Some(i));
        }
    }
    out.get(k).map(|o| o.and_then(|i| segs.get(i).copied()))
}

/// The node of `side`'s tree at `path`, or the deepest one the path can be followed to.
fn follow<'t>(side: &'t Side, path: &[(NodeKind, usize)], rules: Rewrites) -> Node<'t> {
    let mut cur = side.tree.root();
    for &(kind, k) in path {
        let next = if kind == NodeKind::Segment
            && cur.kind() == NodeKind::Path
            && rules.contains(Rewrites::DOT_SEGMENTS)
            && dot_segments_removed(cur)
            && has_dot_segment(cur, &side.text)
        {
            match segment_after_dots(cur, &side.text, k) {
                Some(Some(s)) => Some(s),
                _ => None,
            }
        } else {
            cur.children().filter(|c| c.kind() == kind).nth(k)
        };
        match next {
            Some(c) => cur = c,
            None => break,
        }
    }
    cur
}

/// One side of the first difference, in the normalized tree.
#[derive(Clone, Copy)]
enum At<'t> {
    /// This node differs.
    Node(Node<'t>),
    /// The side has no such component: it would be child `index` of `parent`.
    Missing { parent: Node<'t>, index: usize },
}

/// Walks two normalized trees down to the first pair of components that differ.
fn first_difference<'a, 'b>(ta: &'a Tree, fa: &str, tb: &'b Tree, fb: &str) -> (At<'a>, At<'b>) {
    let (mut na, mut nb) = (ta.root(), tb.root());
    if na.kind() != nb.kind() {
        return (At::Node(na), At::Node(nb));
    }
    // The texts agree up to byte `d`: a pair of nodes with the same span that ends by then
    // is equal, one whose span holds `d` is not, without reading them (the walk stays
    // linear however deep the trees nest).
    let d = fa
        .bytes()
        .zip(fb.bytes())
        .take_while(|(x, y)| x == y)
        .count();
    let same = |x: Node<'_>, y: Node<'_>| {
        let (xs, ys) = (x.span(), y.span());
        if xs == ys && xs.end <= d {
            true
        } else if (xs == ys && xs.start <= d) || xs.len() != ys.len() {
            false
        } else {
            x.text(fa) == y.text(fb)
        }
    };
    'down: loop {
        let ca: Vec<_> = na.children().collect();
        let cb: Vec<_> = nb.children().collect();
        for i in 0..ca.len().max(cb.len()) {
            match (ca.get(i), cb.get(i)) {
                (Some(&x), Some(&y)) => {
                    if x.kind() != y.kind() {
                        return (At::Node(x), At::Node(y));
                    }
                    if !same(x, y) {
                        na = x;
                        nb = y;
                        continue 'down;
                    }
                }
                (Some(&x), None) => {
                    return (
                        At::Node(x),
                        At::Missing {
                            parent: nb,
                            index: i,
                        },
                    );
                }
                (None, Some(&y)) => {
                    return (
                        At::Missing {
                            parent: na,
                            index: i,
                        },
                        At::Node(y),
                    );
                }
                (None, None) => break,
            }
        }
        // Same children (or none): the difference is in this pair's own text.
        return (At::Node(na), At::Node(nb));
    }
}

/// The span in `side`'s input of what `at` (in the normalized tree `t`) stands for.
fn input_span(side: &Side, at: At<'_>, rules: Rewrites) -> Span {
    match at {
        At::Node(n) => {
            if n.parent().is_none() {
                return Span::new(0, side.input.len());
            }
            side.to_input(follow(side, &path_of(n), rules).span())
        }
        At::Missing { parent, index } => {
            let p = follow(side, &path_of(parent), rules);
            match index.checked_sub(1).and_then(|i| parent.children().nth(i)) {
                Some(prev) => {
                    let end = follow(side, &path_of(prev), rules).span().end;
                    Span::at(side.pos_to_input(end, true))
                }
                None => Span::at(side.pos_to_input(p.span().start, false)),
            }
        }
    }
}

/// At most this many characters of input text go into a reason.
const QUOTE_MAX: usize = 32;

fn quote(s: &str) -> String {
    if s.chars().count() <= QUOTE_MAX {
        format!("{s:?}")
    } else {
        let cut: String = s.chars().take(QUOTE_MAX).collect();
        format!("{cut:?}…")
    }
}

/// How a component is named in a sentence.
fn kind_name(k: NodeKind) -> String {
    match k {
        NodeKind::Nss => "NSS".into(),
        NodeKind::Nid => "NID".into(),
        NodeKind::Xref => "cross-reference".into(),
        NodeKind::Gcs => "global context symbol".into(),
        NodeKind::Subsegment => "sub-segment".into(),
        k => k.name().replace('-', " "),
    }
}

/// The plural of a component's name, for "the queries differ" (not "querys").
fn kind_plural(k: NodeKind) -> String {
    let one = kind_name(k);
    if let Some(stem) = one.strip_suffix('y')
        && !stem.ends_with(['a', 'e', 'o', 'u'])
    {
        format!("{stem}ies")
    } else if one.ends_with("SS") || one.ends_with('s') || one.ends_with('x') {
        format!("{one}es")
    } else {
        format!("{one}s")
    }
}

/// Fills `template`'s `{name}` placeholders from `values` in one pass: text put in is
/// never read again, so input quoted into a value cannot stand for a placeholder.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 64);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let hit = after.find('}').and_then(|close| {
            let name = &after[..close];
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (close, *v))
        });
        match hit {
            Some((close, v)) => {
                out.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The first place where `a` and `b` differ only in that one writes a `%HH` triplet and
/// the other the character it encodes: what A has there and what B has.
fn encoding_difference(a: &str, b: &str) -> Option<(String, String)> {
    let (ab, bb) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < ab.len() && j < bb.len() {
        match (triplet_at(ab, i), triplet_at(bb, j)) {
            (Some(x), Some(y)) if x == y => {
                i += 3;
                j += 3;
            }
            (Some(_), None) => return Some((a.get(i..i + 3)?.to_string(), char_at(b, j))),
            (None, Some(_)) => return Some((char_at(a, i), b.get(j..j + 3)?.to_string())),
            (None, None) if ab[i] == bb[j] => {
                i += 1;
                j += 1;
            }
            _ => return None,
        }
    }
    None
}

fn char_at(s: &str, i: usize) -> String {
    s.get(i..)
        .and_then(|t| t.chars().next())
        .map(String::from)
        .unwrap_or_default()
}

/// Why a difference of case counts.
fn case_reason(spec: &LadderSpec, kind: NodeKind) -> String {
    let w = &spec.wording;
    let template = w
        .case_of
        .iter()
        .find(|(kinds, _)| kinds.contains(&kind))
        .map_or(w.case, |&(_, t)| t);
    fill(
        template,
        &[("k", &kind_name(kind)), ("section", spec.section)],
    )
}

/// Why a triplet and the character it encodes differ: A has `pa` where B has `pb`.
fn encoding_reason(spec: &LadderSpec, kind: NodeKind, pa: &str, pb: &str) -> String {
    let (trip, ch) = if pa.starts_with('%') {
        (pa, pb)
    } else {
        (pb, pa)
    };
    let (t, c) = (quote(trip), quote(ch));
    let lead = format!(
        "A has {} where B has {} in the {}",
        quote(pa),
        quote(pb),
        kind_name(kind)
    );
    let w = &spec.wording;
    let reserved = w
        .encoding_reserved
        .filter(|r| ch.chars().next().is_some_and(|first| r.set.has_char(first)));
    let (template, slash) = match reserved {
        Some(r) => (r.text, if ch == "/" { r.slash } else { "" }),
        None => (w.encoding, ""),
    };
    fill(
        template,
        &[
            ("lead", &lead),
            ("t", &t),
            ("c", &c),
            ("slash", slash),
            ("section", spec.section),
        ],
    )
}

/// Why a component present on one side only counts.
fn missing_reason(
    spec: &LadderSpec,
    opts: &CompareOptions,
    kind: NodeKind,
    side: &str,
    text: &str,
) -> String {
    let k = kind_name(kind);
    let what = if text.is_empty() {
        format!("a {k}, though empty")
    } else {
        format!("a {k} ({})", quote(text))
    };
    let said = spec
        .wording
        .missing
        .iter()
        .find(|m| m.kinds.contains(&kind) && m.objective.is_none_or(|o| o == opts.objective));
    match said {
        Some(m) => fill(m.text, &[("side", side), ("what", &what)]),
        None => format!(
            "only {side} has {what}: it is part of what is compared ({})",
            spec.section
        ),
    }
}

/// True when `n` is, is inside, or holds a "$" cross-reference.
fn touches_dollar(n: Node<'_>, text: &str) -> bool {
    let is = |x: Node<'_>| is_dollar_xref(x, text);
    is(n) || n.ancestors().any(is) || n.descendants().any(is)
}

const DOLLAR_REASON: &str = "\"$\" cross-references are significant by default; compare with \
                             ignore_dollar if the specification of that \"$\" namespace says to \
                             ignore them (XRI Syntax 2.0 §2.5.4)";

/// Why the difference between `a` and `b` counts.
fn reason(
    d: &Descriptor,
    spec: &LadderSpec,
    opts: &CompareOptions,
    a: (At<'_>, &str),
    b: (At<'_>, &str),
) -> String {
    // "$" cross-references are significant unless the option says otherwise.
    let dollars = spec.uses(CompareOption::IgnoreDollar) && !opts.ignore_dollar;
    let (na, nb) = match (a.0, b.0) {
        (At::Node(x), At::Node(y)) => (x, y),
        (At::Node(x), At::Missing { .. }) => {
            if dollars && touches_dollar(x, a.1) {
                return format!("only A has {}: {DOLLAR_REASON}", quote(x.text(a.1)));
            }
            return missing_reason(spec, opts, x.kind(), "A", x.text(a.1));
        }
        (At::Missing { .. }, At::Node(y)) => {
            if dollars && touches_dollar(y, b.1) {
                return format!("only B has {}: {DOLLAR_REASON}", quote(y.text(b.1)));
            }
            return missing_reason(spec, opts, y.kind(), "B", y.text(b.1));
        }
        (At::Missing { .. }, At::Missing { .. }) => {
            return format!("they differ ({})", spec.section);
        }
    };
    if na.parent().is_none() && (na.kind() == NodeKind::Unparsed || nb.kind() == NodeKind::Unparsed)
    {
        return format!(
            "they differ, and at least one side does not parse under {}, so no component \
             can be compared ({})",
            d.name, spec.section
        );
    }
    if na.kind() != nb.kind() {
        return format!(
            "A has a {} where B has a {}: different components never compare equal ({})",
            kind_plural(na.kind()),
            kind_name(nb.kind()),
            spec.section
        );
    }
    if dollars && (touches_dollar(na, a.1) || touches_dollar(nb, b.1)) {
        return format!("the {} differ: {DOLLAR_REASON}", kind_plural(na.kind()));
    }
    let (ta, tb) = (na.text(a.1), nb.text(b.1));
    if ta.eq_ignore_ascii_case(tb) {
        return case_reason(spec, na.kind());
    }
    if let Some(section) = spec.wording.non_ascii_case
        && ta.to_lowercase() == tb.to_lowercase()
    {
        return format!(
            "the {} differ in the case of non-ASCII letters, which case normalization leaves \
             alone: only US-ASCII letters are folded ({section})",
            kind_plural(na.kind())
        );
    }
    if let Some((t, c)) = encoding_difference(ta, tb) {
        return encoding_reason(spec, na.kind(), &t, &c);
    }
    if let Some(text) = spec.wording.nfc
        && nfc(ta) == nfc(tb)
    {
        return fill(text, &[("kinds", &kind_plural(na.kind()))]);
    }
    if let Some(text) = spec.wording.compatibility
        && nfkc(ta) == nfkc(tb)
    {
        return fill(
            text,
            &[
                ("kinds", &kind_plural(na.kind())),
                ("section", spec.section),
            ],
        );
    }
    // An encoded delimiter changes the structure: look for it in the enclosing components.
    // A few levels up suffice (a segment's path, a sub-segment's segment and path).
    let (mut pa, mut pb) = (na.parent(), nb.parent());
    let mut levels = 0;
    while let (Some(x), Some(y)) = (pa, pb) {
        levels += 1;
        if levels > 4 {
            break;
        }
        let (xa, yb) = (x.text(a.1), y.text(b.1));
        if decode_lossy(xa) == decode_lossy(yb)
            && let Some((t, c)) = encoding_difference(xa, yb)
        {
            return encoding_reason(spec, x.kind(), &t, &c);
        }
        pa = x.parent();
        pb = y.parent();
    }
    format!(
        "the {} differ: {} vs {}, compared octet by octet after the steps above ({})",
        kind_plural(na.kind()),
        quote(ta),
        quote(tb),
        spec.section
    )
}

/// The first difference of the ladder's final texts, located in both inputs; the parses
/// it makes are added to `parses`. `finals`: the final texts' trees under `d`, when the
/// caller kept them (then nothing is parsed).
pub(super) fn locate(
    d: &Descriptor,
    spec: &LadderSpec,
    opts: &CompareOptions,
    l: &Ladder,
    finals: Option<(&Tree, &Tree)>,
    parses: &mut u64,
) -> Option<Difference> {
    if l.final_a == l.final_b {
        return None;
    }
    let parsed;
    let (ta, tb) = match finals {
        Some(t) => t,
        None => {
            // Only the trees are needed: the verdict parse keeps no diagnostic past the
            // first error.
            *parses += 2;
            parsed = (
                d.grammar.parse_verdict(&l.final_a).0,
                d.grammar.parse_verdict(&l.final_b).0,
            );
            (&parsed.0, &parsed.1)
        }
    };
    let (at_a, at_b) = first_difference(ta, &l.final_a, tb, &l.final_b);
    let kind = match (at_a, at_b) {
        (At::Node(n), _) | (At::Missing { .. }, At::Node(n)) => n.kind(),
        (At::Missing { parent, .. }, At::Missing { .. }) => parent.kind(),
    };
    if let Some(text) = spec.wording.port_in_path
        && let Some(d) = port_in_path_difference(spec.section, text, l, at_a, at_b)
    {
        return Some(d);
    }
    let reason = reason(d, spec, opts, (at_a, &l.final_a), (at_b, &l.final_b));
    Some(Difference {
        kind,
        a: input_span(&l.a, at_a, l.rules),
        b: input_span(&l.b, at_b, l.rules),
        reason,
    })
}

/// For a path that starts with "//", its host part (the segment after the two void ones,
/// which the draft's scheme sections call "the host" and whose ":port" they describe):
/// `(host, port)` spans in `text`, the port's an empty span after the host when there is
/// none.
fn hostport_in_path(path: Node<'_>, seg: Node<'_>, text: &str) -> Option<(Span, Span)> {
    if path.kind() != NodeKind::Path || !path.text(text).starts_with("//") {
        return None;
    }
    let third = path
        .children()
        .filter(|c| c.kind() == NodeKind::Segment)
        .nth(2)?;
    if third.index() != seg.index() {
        return None;
    }
    let s = seg.span();
    let t = seg.text(text);
    match t.rfind(':') {
        Some(i) if t[i + 1..].bytes().all(|b| b.is_ascii_digit()) => Some((
            Span::new(s.start, s.start + i),
            Span::new(s.start + i, s.end),
        )),
        _ => Some((s, Span::at(s.end))),
    }
}

/// A spec whose generic syntax has no authority ([`Wording::port_in_path`], the WWW
/// draft's) reads `http://a:80/` as a path whose third segment is `a:80`. When two sides
/// differ there only by the ":port" (the host parts being equal), the difference is the
/// port, not the segment, worded by the spec's `text`.
///
/// [`Wording::port_in_path`]: crate::engine::descriptor::ladder::Wording::port_in_path
fn port_in_path_difference(
    section: &str,
    wording: &str,
    l: &Ladder,
    at_a: At<'_>,
    at_b: At<'_>,
) -> Option<Difference> {
    let (At::Node(na), At::Node(nb)) = (at_a, at_b) else {
        return None;
    };
    if na.kind() != NodeKind::Segment || nb.kind() != NodeKind::Segment {
        return None;
    }
    let (ha, pa) = hostport_in_path(na.parent()?, na, &l.final_a)?;
    let (hb, pb) = hostport_in_path(nb.parent()?, nb, &l.final_b)?;
    let text = |t: &str, sp: Span| t.get(sp.start..sp.end).unwrap_or("").to_string();
    if text(&l.final_a, ha) != text(&l.final_b, hb) {
        return None;
    }
    let (port_a, port_b) = (text(&l.final_a, pa), text(&l.final_b, pb));
    // The segment's place in each input, then the port's within it (the ladder's steps
    // change no ":" or digit, so the offsets within the segment carry over).
    let in_input = |side: &Side, n: Node<'_>, port: Span| {
        let seg = input_span(side, At::Node(n), l.rules);
        let from_end = n.span().end - port.start;
        let start = seg.end.saturating_sub(from_end).max(seg.start);
        if port.is_empty() {
            Span::at(start)
        } else {
            Span::new(start, seg.end)
        }
    };
    let say = |p: &str| {
        if p.is_empty() {
            "no port".to_string()
        } else {
            format!("port {}", quote(p.trim_start_matches(':')))
        }
    };
    Some(Difference {
        kind: NodeKind::Port,
        a: in_input(&l.a, na, pa),
        b: in_input(&l.b, nb, pb),
        reason: fill(
            wording,
            &[
                ("a", &say(&port_a)),
                ("b", &say(&port_b)),
                ("section", section),
            ],
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn templates_are_filled_in_one_pass() {
        assert_eq!(
            fill(
                "{lead}: {t} encodes {c} ({section})",
                &[
                    ("lead", "A has \"{c}\""),
                    ("t", "\"%7B\""),
                    ("c", "\"{section}\""),
                    ("section", "§1"),
                ]
            ),
            "A has \"{c}\": \"%7B\" encodes \"{section}\" (§1)"
        );
        assert_eq!(fill("{unknown} {", &[("k", "x")]), "{unknown} {");
        assert_eq!(fill("", &[]), "");
    }
}
