//! Where two sides part: the first differing component of the normalized sides, found by
//! walking their trees together, then located in the inputs and explained.
//!
//! The normalized texts are parsed again under the profile; a node of such a tree is
//! matched to the side's own tree by its path of `(kind, n-th of that kind)` steps from the
//! root (the side's tree being that of the text the rungs rewrote, after any "$"
//! cross-reference was cut out), which the normalization steps keep; where dot-segments go,
//! the segments are matched through `remove_dot_segments` itself.

use crate::engine::forms::{Rules, nfc, nfkc};
use crate::engine::grammar;
use crate::engine::pct::{decode_lossy, triplet_at};
use crate::engine::profile::{Family, Profile};
use crate::engine::tree::{Node, NodeKind, Span, Tree};

use super::ladder::{Ladder, Side, is_dollar_xref};
use super::{CompareOptions, Difference, Objective};

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
    n.children().any(|c| {
        c.kind() == NodeKind::Segment && crate::engine::forms::is_dot_segment_decoded(c.text(text))
    })
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
        if crate::engine::forms::is_dot_segment_decoded(t) {
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
fn follow<'t>(side: &'t Side, path: &[(NodeKind, usize)], rules: Rules) -> Node<'t> {
    let mut cur = side.tree.root();
    for &(kind, k) in path {
        let next = if kind == NodeKind::Segment
            && cur.kind() == NodeKind::Path
            && rules.contains(Rules::DOT_SEGMENTS)
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
fn input_span(side: &Side, at: At<'_>, rules: Rules) -> Span {
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

/// The section that defines equivalence under `profile`.
fn main_spec(profile: Profile) -> &'static str {
    match profile {
        Profile::Rfc2141 => "RFC 2141 §5",
        Profile::Rfc2141bis => "draft-ietf-urnbis-rfc2141bis-urn-03 §5",
        Profile::Rfc8141 => "RFC 8141 §3.1",
        Profile::Rfc3986 => "RFC 3986 §6.2",
        Profile::Rfc3987 => "RFC 3987 §5.3",
        Profile::Rfc1630 => "WWW URI draft, Reduced or increased safe character sets",
        Profile::Xri2 => "XRI Syntax 2.0 §2.5",
        _ => profile.title(),
    }
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
fn case_reason(profile: Profile, kind: NodeKind) -> String {
    let k = kind_name(kind);
    match profile.family() {
        Family::Urn => match kind {
            NodeKind::Query | NodeKind::Directive | NodeKind::Keyword | NodeKind::Value => {
                "query directives are case-sensitive: draft-ietf-urnbis-rfc2141bis-urn-03 §2.3"
                    .into()
            }
            _ => format!("{k} is case-sensitive: {}", main_spec(profile)),
        },
        Family::Xri => format!(
            "the {k} is case-sensitive: only the scheme, the authorities and the hex digits of \
             percent-encodings compare case-insensitively (XRI Syntax 2.0 §2.5.1)"
        ),
        Family::Uri if profile == Profile::Rfc1630 => format!(
            "the {k} is case-sensitive: the draft brings URIs to the same encoding level before \
             comparing them, and folds no case ({})",
            main_spec(profile)
        ),
        Family::Uri => {
            let spec = if profile == Profile::Rfc3987 {
                "RFC 3987 §5.3.2.1"
            } else {
                "RFC 3986 §6.2.2.1"
            };
            format!(
                "the {k} is case-sensitive: only the scheme, the host and the hex digits of \
                 percent-encodings are not ({spec})"
            )
        }
    }
}

/// Why a triplet and the character it encodes differ: A has `pa` where B has `pb`.
fn encoding_reason(profile: Profile, kind: NodeKind, pa: &str, pb: &str) -> String {
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
    match profile {
        Profile::Rfc2141 | Profile::Rfc2141bis => {
            format!(
                "{lead}: percent-encoding MUST NOT be removed ({})",
                main_spec(profile)
            )
        }
        Profile::Rfc8141 => format!(
            "{lead}: percent-encoded characters are not decoded, the NSS is compared octet by \
             octet (RFC 8141 §3.1)"
        ),
        Profile::Rfc1630 => {
            let slash = if ch == "/" {
                "; the encoded slash has no hierarchical significance"
            } else {
                ""
            };
            let reserved = ch
                .chars()
                .next()
                .is_some_and(|c| crate::engine::chars::WWW_RESERVED.has_char(c));
            if reserved {
                format!(
                    "{lead}: {t} encodes the reserved {c}, which means something else encoded; \
                     reserved characters may NEVER be encoded and unencoded{slash} ({})",
                    main_spec(profile)
                )
            } else {
                format!(
                    "{lead}: {t} encodes {c}, which is not an xalpha character (alpha, digit, \
                     safe or extra), so the draft's encoding levels do not make the two the same \
                     ({})",
                    main_spec(profile)
                )
            }
        }
        Profile::Rfc3986 | Profile::Rfc3987 => {
            let spec = if profile == Profile::Rfc3987 {
                "RFC 3987 §5.3.2.3"
            } else {
                "RFC 3986 §6.2.2.2"
            };
            format!(
                "{lead}: {t} encodes {c}, which is not unreserved; only percent-encoded \
                 unreserved characters may be decoded, an encoded reserved character is data, \
                 not a delimiter ({spec})"
            )
        }
        Profile::Xri2 => format!(
            "{lead}: {t} encodes {c}, which is not unreserved, so it stays encoded; only \
             unreserved characters may be decoded (XRI Syntax 2.0 §2.5.2)"
        ),
        _ => format!("{lead} ({})", main_spec(profile)),
    }
}

/// Why a component present on one side only counts.
fn missing_reason(
    profile: Profile,
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
    match (profile.family(), kind) {
        (Family::Uri, NodeKind::Query) if profile != Profile::Rfc1630 => format!(
            "only {side} has {what}: normalization does not remove a delimiter whose component \
             is empty (RFC 3986 §6.2.3)"
        ),
        (Family::Uri, NodeKind::Fragment) if profile != Profile::Rfc1630 => format!(
            "only {side} has {what}: the fragment takes no scheme-based normalization, even a \
             bare \"#\" counts (RFC 3986 §6.2.3)"
        ),
        (Family::Urn, NodeKind::Query | NodeKind::Directive)
            if profile == Profile::Rfc2141bis && opts.objective == Objective::Cache =>
        {
            format!(
                "only {side} has {what}: objective 5b (caching resolution results) keeps the \
                 query, reordering its directives (draft-ietf-urnbis-rfc2141bis-urn-03 §5)"
            )
        }
        _ => format!(
            "only {side} has {what}: it is part of what is compared ({})",
            main_spec(profile)
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
fn reason(profile: Profile, opts: &CompareOptions, a: (At<'_>, &str), b: (At<'_>, &str)) -> String {
    let (na, nb) = match (a.0, b.0) {
        (At::Node(x), At::Node(y)) => (x, y),
        (At::Node(x), At::Missing { .. }) => {
            if profile == Profile::Xri2 && !opts.ignore_dollar && touches_dollar(x, a.1) {
                return format!("only A has {}: {DOLLAR_REASON}", quote(x.text(a.1)));
            }
            return missing_reason(profile, opts, x.kind(), "A", x.text(a.1));
        }
        (At::Missing { .. }, At::Node(y)) => {
            if profile == Profile::Xri2 && !opts.ignore_dollar && touches_dollar(y, b.1) {
                return format!("only B has {}: {DOLLAR_REASON}", quote(y.text(b.1)));
            }
            return missing_reason(profile, opts, y.kind(), "B", y.text(b.1));
        }
        (At::Missing { .. }, At::Missing { .. }) => {
            return format!("they differ ({})", main_spec(profile));
        }
    };
    if na.parent().is_none() && (na.kind() == NodeKind::Unparsed || nb.kind() == NodeKind::Unparsed)
    {
        return format!(
            "they differ, and at least one side does not parse under {profile}, so no component \
             can be compared ({})",
            main_spec(profile)
        );
    }
    if na.kind() != nb.kind() {
        return format!(
            "A has a {} where B has a {}: different components never compare equal ({})",
            kind_plural(na.kind()),
            kind_name(nb.kind()),
            main_spec(profile)
        );
    }
    if profile == Profile::Xri2
        && !opts.ignore_dollar
        && (touches_dollar(na, a.1) || touches_dollar(nb, b.1))
    {
        return format!("the {} differ: {DOLLAR_REASON}", kind_plural(na.kind()));
    }
    let (ta, tb) = (na.text(a.1), nb.text(b.1));
    if ta.eq_ignore_ascii_case(tb) {
        return case_reason(profile, na.kind());
    }
    if ta.to_lowercase() == tb.to_lowercase() {
        let spec = if profile == Profile::Xri2 {
            "XRI Syntax 2.0 §2.5.1 after RFC 3987 §5.3.2.1"
        } else {
            "RFC 3987 §5.3.2.1"
        };
        return format!(
            "the {} differ in the case of non-ASCII letters, which case normalization leaves \
             alone: only US-ASCII letters are folded ({spec})",
            kind_plural(na.kind())
        );
    }
    if let Some((t, c)) = encoding_difference(ta, tb) {
        return encoding_reason(profile, na.kind(), &t, &c);
    }
    if profile == Profile::Rfc3987 && nfc(ta) == nfc(tb) {
        return format!(
            "the {} differ only in Unicode normalization (canonically equivalent); comparison \
             MUST NOT apply character normalization, IRIs are expected to be created in NFC \
             (RFC 3987 §5.3.2.2)",
            kind_plural(na.kind())
        );
    }
    if profile.family() == Family::Uri && nfkc(ta) == nfkc(tb) {
        return format!(
            "the {} differ only in Unicode compatibility characters, which comparison does not \
             normalize ({})",
            kind_plural(na.kind()),
            main_spec(profile)
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
            return encoding_reason(profile, x.kind(), &t, &c);
        }
        pa = x.parent();
        pb = y.parent();
    }
    format!(
        "the {} differ: {} vs {}, compared octet by octet after the steps above ({})",
        kind_plural(na.kind()),
        quote(ta),
        quote(tb),
        main_spec(profile)
    )
}

/// The first difference of the ladder's final texts, located in both inputs.
pub(super) fn locate(profile: Profile, opts: &CompareOptions, l: &Ladder) -> Option<Difference> {
    if l.final_a == l.final_b {
        return None;
    }
    // Only the trees are needed: the verdict parse keeps no diagnostic past the first error.
    super::counted();
    super::counted();
    let (ta, _) = grammar::parse_verdict(profile, &l.final_a);
    let (tb, _) = grammar::parse_verdict(profile, &l.final_b);
    let (at_a, at_b) = first_difference(&ta, &l.final_a, &tb, &l.final_b);
    let kind = match (at_a, at_b) {
        (At::Node(n), _) | (At::Missing { .. }, At::Node(n)) => n.kind(),
        (At::Missing { parent, .. }, At::Missing { .. }) => parent.kind(),
    };
    if profile == Profile::Rfc1630
        && let Some(d) = www_port_difference(l, at_a, at_b)
    {
        return Some(d);
    }
    let reason = reason(profile, opts, (at_a, &l.final_a), (at_b, &l.final_b));
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
fn www_hostport(path: Node<'_>, seg: Node<'_>, text: &str) -> Option<(Span, Span)> {
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

/// rfc1630: the draft's generic syntax has no authority, so `http://a:80/` reads as a path
/// whose third segment is `a:80`. When two sides differ there only by the ":port" the
/// scheme sections describe (the host parts being equal), the difference is the port, not
/// the segment: the draft defines no default port to drop (its FTP section only says that
/// a port "if given gives the port of the FTP server if not the FTP default") and brings
/// two URIs to the same encoding level before comparing them, nothing more.
fn www_port_difference(l: &Ladder, at_a: At<'_>, at_b: At<'_>) -> Option<Difference> {
    let (At::Node(na), At::Node(nb)) = (at_a, at_b) else {
        return None;
    };
    if na.kind() != NodeKind::Segment || nb.kind() != NodeKind::Segment {
        return None;
    }
    let (ha, pa) = www_hostport(na.parent()?, na, &l.final_a)?;
    let (hb, pb) = www_hostport(nb.parent()?, nb, &l.final_b)?;
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
        reason: format!(
            "A has {} where B has {}: the draft defines no default port (its FTP section only \
             says a port \"if given gives the port of the FTP server if not the FTP default\"), \
             and brings two URIs to the same encoding level before comparing them, nothing more; \
             the port is compared as written ({})",
            say(&port_a),
            say(&port_b),
            main_spec(Profile::Rfc1630)
        ),
    })
}
