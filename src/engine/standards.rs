//! One input, two standards: the RFC 3986/3987 reading and the WHATWG URL Standard's side
//! by side, and each place where they part, named with both sides' reasons and bytes.
//!
//! [`compare`] parses the input under rfc3986 and rfc3987 ([`crate::engine::analyze`], with
//! the forms' notes) and with the URL Standard's basic URL parser ([`whatwg::parse`],
//! no base), then walks the URL Standard's validation errors and rewrites: each group of
//! them at one place is a [`Divergence`] (a `\` read as `/`, a host read as an IPv4
//! address, a tab removed, `http:/host`, bytes percent-encoded, the default port dropped, a
//! dot-segment applied, a scheme or host lower-cased, a domain converted by IDNA, ...),
//! with what RFC 3986 says at the same bytes: the error or note it reports there, or the
//! component it reads them as. An RFC 3986 error the URL Standard passes over silently is
//! a divergence too, and so is a verdict that differs. Data out ([`Standards`]): the faces
//! render it (`idbench explain --standards`, the workbench's standards view); nothing here
//! knows of a terminal.

use serde::Serialize;

use crate::engine::codes::Code;
use crate::engine::tree::{Diagnostic, NodeKind, Severity, Span};
use crate::engine::whatwg;
use crate::engine::{Analysis, Options, Profile, analyze};

/// What a divergence is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    /// One standard accepts the input and the other rejects it.
    Verdict,
    /// Leading or trailing C0 controls and spaces, which the URL Standard strips.
    Stripped,
    /// A tab or newline, which the URL Standard removes.
    TabNewline,
    /// A `\`, which a special URL reads as `/`.
    Backslash,
    /// A special scheme not followed by `//`.
    MissingSlashes,
    /// A host the URL Standard reads as an IPv4 address.
    Ipv4,
    /// An IPv6 address the URL Standard serializes compressed.
    Ipv6,
    /// Bytes the URL Standard percent-encodes.
    PercentEncoding,
    /// A default port the URL Standard drops.
    DefaultPort,
    /// A `.` or `..` segment (or its `%2e` spellings) the URL Standard applies.
    DotSegment,
    /// A scheme or host the URL Standard lower-cases.
    Case,
    /// A domain the URL Standard converts to ASCII (IDNA).
    Idna,
    /// A Windows drive letter quirk of file URLs.
    WindowsDriveLetter,
    /// The opaque path of a non-special URL.
    OpaquePath,
    /// The file host `localhost`, read as the empty host.
    Localhost,
    /// Any other validation error of the URL Standard.
    ValidationError,
    /// Where the URL Standard's parse fails.
    Failure,
    /// An RFC 3986 error the URL Standard passes over without a validation error.
    RfcOnly,
}

impl Topic {
    /// The kebab-case name (the JSON's).
    pub fn name(self) -> &'static str {
        match self {
            Topic::Verdict => "verdict",
            Topic::Stripped => "stripped",
            Topic::TabNewline => "tab-newline",
            Topic::Backslash => "backslash",
            Topic::MissingSlashes => "missing-slashes",
            Topic::Ipv4 => "ipv4",
            Topic::Ipv6 => "ipv6",
            Topic::PercentEncoding => "percent-encoding",
            Topic::DefaultPort => "default-port",
            Topic::DotSegment => "dot-segment",
            Topic::Case => "case",
            Topic::Idna => "idna",
            Topic::WindowsDriveLetter => "windows-drive-letter",
            Topic::OpaquePath => "opaque-path",
            Topic::Localhost => "localhost",
            Topic::ValidationError => "validation-error",
            Topic::Failure => "failure",
            Topic::RfcOnly => "rfc-only",
        }
    }

    /// The topic of a URL Standard diagnostic: a rewrite's note names it; a validation
    /// error names it where it has one topic only.
    fn of(code: Code, severity: Severity) -> Topic {
        if severity == Severity::Error {
            return Topic::Failure;
        }
        match code {
            Code::WhatwgStripped => Topic::Stripped,
            Code::WhatwgTabNewlineRemoved => Topic::TabNewline,
            Code::WhatwgBackslashAsSlash | Code::InvalidReverseSolidus => Topic::Backslash,
            Code::SpecialSchemeMissingFollowingSolidus => Topic::MissingSlashes,
            Code::WhatwgIpv4Read
            | Code::Ipv4EmptyPart
            | Code::Ipv4TooFewParts
            | Code::Ipv4NonDecimalPart => Topic::Ipv4,
            Code::WhatwgIpv6Compressed | Code::Ipv6PieceLeadingZero => Topic::Ipv6,
            Code::WhatwgPercentEncoded => Topic::PercentEncoding,
            Code::WhatwgDefaultPortDropped => Topic::DefaultPort,
            Code::WhatwgDotSegment => Topic::DotSegment,
            Code::WhatwgSchemeLowercased => Topic::Case,
            Code::WhatwgDomainToAscii | Code::DomainToAscii | Code::DomainPercentEncoded => {
                Topic::Idna
            }
            Code::WhatwgWindowsDriveLetter
            | Code::FileInvalidWindowsDriveLetter
            | Code::FileInvalidWindowsDriveLetterHost => Topic::WindowsDriveLetter,
            Code::WhatwgOpaquePath => Topic::OpaquePath,
            Code::WhatwgLocalhostEmptied => Topic::Localhost,
            _ => Topic::ValidationError,
        }
    }
}

/// One side of a divergence: what that standard does at the place, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Side {
    /// The reading, as a clause: `reads "/" (special scheme; validation error
    /// invalid-reverse-solidus)`, `rejects it (§3.2.2: ...; illegal-char)`.
    pub reading: String,
    /// The codes that say so (validation errors and notes; the RFC's diagnostics).
    pub codes: Vec<Code>,
    /// The section the reading rests on.
    pub section: &'static str,
}

/// A place where the two readings part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// What it is about.
    pub topic: Topic,
    /// Where, in bytes of the input.
    #[serde(serialize_with = "span_pair")]
    pub span: Span,
    /// The input's text there (raw: escape it before a terminal).
    pub text: String,
    /// The URL Standard's reading.
    pub whatwg: Side,
    /// RFC 3986's reading (with RFC 3987's where it differs: non-ASCII text).
    pub rfc: Side,
    /// How many places part the same way (the same topic and both sides' readings; their
    /// codes gathered): a divergence repeated along the input is one entry. `span` and
    /// `text` are the first place's.
    pub count: usize,
    /// The places, when there is more than one: the first [`PLACES_KEPT`] and the last
    /// [`PLACES_KEPT`] (all of them when that is no fewer), in input order; `count` says
    /// how many there are in all.
    #[serde(serialize_with = "span_pairs", skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<Span>,
}

/// How many of a repeated divergence's first (and last) places are kept.
pub const PLACES_KEPT: usize = 4;

fn span_pairs<S: serde::Serializer>(v: &[Span], ser: S) -> Result<S::Ok, S::Error> {
    ser.collect_seq(v.iter().map(|s| [s.start, s.end]))
}

fn span_pair<S: serde::Serializer>(s: &Span, ser: S) -> Result<S::Ok, S::Error> {
    [s.start, s.end].serialize(ser)
}

impl Divergence {
    /// The divergence in one sentence: "`\` at byte 19: WHATWG reads `/` (special scheme;
    /// validation error invalid-reverse-solidus); RFC 3986 rejects it (§3.2.2: ...;
    /// illegal-char)". Holds input text: escape it before a terminal.
    pub fn sentence(&self) -> String {
        let place = match self.topic {
            Topic::Ipv4 | Topic::Ipv6 | Topic::Idna => format!("host `{}`", self.text),
            Topic::Verdict => "the whole input".to_string(),
            _ if self.span.is_empty() => format!("at byte {}", self.span.start),
            _ if self.span.end - self.span.start == self.text.chars().count().max(1)
                && self.text.chars().count() == 1 =>
            {
                format!("`{}` at byte {}", self.text, self.span.start)
            }
            _ => format!(
                "`{}` at bytes {}..{}",
                self.text, self.span.start, self.span.end
            ),
        };
        let more = match self.count {
            0 | 1 => String::new(),
            2 => " (and 1 more place)".to_string(),
            n => format!(" (and {} more places)", n - 1),
        };
        format!(
            "{place}{more}: WHATWG {}; RFC 3986 {}",
            self.whatwg.reading, self.rfc.reading
        )
    }

    /// The places of a repeated divergence as text, `19..20, 21..22, …, 97..98` (an
    /// ellipsis where places are left out); empty for one place.
    pub fn places_text(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.places.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
                if i == PLACES_KEPT && self.count > self.places.len() {
                    out.push_str("…, ");
                }
            }
            out.push_str(&p.to_string());
        }
        out
    }
}

/// One standard's verdict on the whole input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The standard (`URL Standard`, `RFC 3986`, `RFC 3987`).
    pub spec: &'static str,
    /// True when it accepts the input (the URL Standard: the parse does not fail).
    pub valid: bool,
    /// The first error's code, when it rejects the input.
    pub error: Option<Code>,
    /// The first error's message.
    pub message: Option<String>,
    /// The first error's span.
    #[serde(serialize_with = "opt_span_pair")]
    pub error_span: Option<Span>,
    /// What it reads the input as: the URL Standard's serialization (`href`), or the RFC's
    /// start rule (`URI`, `relative-ref`, ...).
    pub reads_as: String,
}

fn opt_span_pair<S: serde::Serializer>(s: &Option<Span>, ser: S) -> Result<S::Ok, S::Error> {
    s.map(|s| [s.start, s.end]).serialize(ser)
}

/// The input under both standards, and where they part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standards {
    /// The input.
    pub input: String,
    /// The URL Standard's verdict.
    pub whatwg: Verdict,
    /// True when the input is a valid URL string (no validation error at all).
    pub valid_url_string: bool,
    /// RFC 3986's verdict.
    pub rfc3986: Verdict,
    /// RFC 3987's verdict.
    pub rfc3987: Verdict,
    /// The verdicts of the further readings ([`FURTHER_READINGS`]), in that order.
    pub further: Vec<Verdict>,
    /// Where the readings part, in input order.
    pub divergences: Vec<Divergence>,
    /// The parser-confusion classes where the profiles' readings of the security parts
    /// (scheme, userinfo, host, port, path) differ, as `check --agree` names them, under
    /// [`crate::engine::agree::standards_profiles`] (each reading cut to 256 characters).
    pub agreement: crate::engine::agree::Agreement,
}

impl Standards {
    /// True when the two readings agree everywhere.
    pub fn agree(&self) -> bool {
        self.divergences.is_empty()
    }
}

/// A group of URL Standard diagnostics at one place.
struct Group {
    topic: Topic,
    span: Span,
    diags: Vec<Diagnostic>,
}

fn overlaps(a: Span, b: Span) -> bool {
    if a.is_empty() || b.is_empty() {
        let (e, o) = if a.is_empty() { (a, b) } else { (b, a) };
        return o.start <= e.start && e.start <= o.end;
    }
    a.start < b.end && b.start < a.end
}

/// The URL Standard's diagnostics grouped by place: one of a topic, or a validation error
/// beside a rewrite, at overlapping (or touching, for a run of one topic) spans.
fn groups(diags: &[Diagnostic]) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for d in diags {
        let topic = Topic::of(d.code, d.severity);
        let joins = out.iter_mut().rev().take(4).find(|g| {
            let near = overlaps(g.span, d.span)
                || (g.topic == topic
                    && topic != Topic::ValidationError
                    && (g.span.end == d.span.start || d.span.end == g.span.start));
            // The authority slashes' "\" notes go with the missing-slashes errors.
            let slashes = g.topic == Topic::MissingSlashes && topic == Topic::Backslash;
            near && (g.topic == topic
                || slashes
                || topic == Topic::ValidationError
                || g.topic == Topic::ValidationError)
        });
        match joins {
            Some(g) => {
                g.span = Span::new(g.span.start.min(d.span.start), g.span.end.max(d.span.end));
                if g.topic == Topic::ValidationError {
                    g.topic = topic;
                }
                g.diags.push(d.clone());
            }
            None => out.push(Group {
                topic,
                span: d.span,
                diags: vec![d.clone()],
            }),
        }
    }
    out
}

fn codes_of(diags: &[Diagnostic], pick: impl Fn(&Diagnostic) -> bool) -> Vec<Code> {
    let mut v: Vec<Code> = Vec::new();
    for d in diags.iter().filter(|d| pick(d)) {
        if !v.contains(&d.code) {
            v.push(d.code);
        }
    }
    v
}

/// "validation error X" / "validation errors X, Y", for a clause; empty for none.
fn validation_errors(codes: &[Code]) -> String {
    match codes {
        [] => String::new(),
        [c] => format!("validation error {c}"),
        _ => format!(
            "validation errors {}",
            codes
                .iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The section without its document's name: `§3.2.2` of `RFC 3986 §3.2.2`.
fn bare_section<'a>(spec: &'a str, doc: &str) -> &'a str {
    spec.strip_prefix(doc)
        .map(str::trim_start)
        .filter(|s| !s.is_empty())
        .unwrap_or(spec)
}

/// Spans sorted by start under a segment tree of their ends: which of them overlap a span,
/// in time logarithmic in their number plus the answer's size (a scan of all of them per
/// divergence made the comparison quadratic: `../` repeated 40,000 times took 6 s).
struct OverlapIndex {
    /// `(span, index in the caller's list)`, sorted by start.
    items: Vec<(Span, usize)>,
    /// The largest end under each node of a complete binary tree over `items` (the root
    /// at 1, the leaves from `width`).
    max_end: Vec<usize>,
    width: usize,
}

impl OverlapIndex {
    fn new(spans: impl Iterator<Item = Span>) -> OverlapIndex {
        let mut items: Vec<(Span, usize)> = spans.enumerate().map(|(i, s)| (s, i)).collect();
        items.sort_by_key(|(s, _)| (s.start, s.end));
        let width = items.len().next_power_of_two();
        let mut max_end = vec![0; 2 * width];
        for (i, (s, _)) in items.iter().enumerate() {
            max_end[width + i] = s.end;
        }
        for k in (1..width).rev() {
            max_end[k] = max_end[2 * k].max(max_end[2 * k + 1]);
        }
        OverlapIndex {
            items,
            max_end,
            width,
        }
    }

    /// The caller's indices of the spans that overlap `q` ([`overlaps`]), in the caller's
    /// order; at most `limit` of them (the first ones in start order).
    fn find(&self, q: Span, limit: usize) -> Vec<usize> {
        // Every span that overlaps `q` starts at or before its end and ends at or after
        // its start.
        let upto = self.items.partition_point(|(s, _)| s.start <= q.end);
        let mut out = Vec::new();
        let mut stack = vec![(1usize, 0usize, self.width)];
        while let Some((k, lo, hi)) = stack.pop() {
            if lo >= upto || out.len() >= limit || self.max_end[k] < q.start {
                continue;
            }
            if hi - lo == 1 {
                let (span, i) = self.items[lo];
                if overlaps(span, q) {
                    out.push(i);
                }
                continue;
            }
            let mid = (lo + hi) / 2;
            // Right first on the stack, so the left half is searched first.
            stack.push((2 * k + 1, mid, hi));
            stack.push((2 * k, lo, mid));
        }
        out.sort_unstable();
        out
    }

    fn any(&self, q: Span) -> bool {
        !self.find(q, 1).is_empty()
    }
}

/// The deepest node of a tree at an offset, as [`crate::engine::tree::Tree::deepest_at`]
/// finds it, with each node's children searched by bisection: a path of 40,000 segments
/// is no longer walked child by child for each divergence in it.
struct Locator<'t> {
    tree: &'t crate::engine::tree::Tree,
    /// Each node's children (tree indices, in order).
    kids: Vec<Vec<usize>>,
}

impl<'t> Locator<'t> {
    fn new(tree: &'t crate::engine::tree::Tree) -> Locator<'t> {
        let mut kids: Vec<Vec<usize>> = vec![Vec::new(); tree.len()];
        for n in tree.iter() {
            if let Some(p) = n.parent()
                && let Some(k) = kids.get_mut(p.index())
            {
                k.push(n.index());
            }
        }
        Locator { tree, kids }
    }

    fn deepest_at(&self, offset: usize) -> crate::engine::tree::Node<'t> {
        let root = self.tree.root();
        let end = root.span().end;
        let offset = if offset >= end && end > 0 {
            end - 1
        } else {
            offset
        };
        let mut cur = root;
        loop {
            let kids = self.kids.get(cur.index()).map_or(&[][..], |k| &k[..]);
            let node = |i: usize| self.tree.get(kids[i]);
            // The children lie in order: the first that can hold `offset` is the first
            // that does not end before it (an empty one at `offset` holds it).
            let at = kids.partition_point(|&c| {
                self.tree.get(c).is_some_and(|n| {
                    let s = n.span();
                    s.end < offset || (s.end == offset && !s.is_empty())
                })
            });
            match (at < kids.len()).then(|| node(at)).flatten() {
                Some(c) if c.span().contains(offset) => cur = c,
                _ => return cur,
            }
        }
    }
}

/// One RFC's analysis of the input with what the comparison looks up in it.
struct Rfc<'a> {
    /// Its diagnostics, the forms' among them, sorted by place.
    all: &'a [Diagnostic],
    index: OverlapIndex,
    nodes: Locator<'a>,
    /// `RFC 3986` or `RFC 3987`.
    doc: &'static str,
}

impl<'a> Rfc<'a> {
    fn new(a: &'a Analysis, all: &'a [Diagnostic], doc: &'static str) -> Rfc<'a> {
        Rfc {
            all,
            index: OverlapIndex::new(all.iter().map(|d| d.span)),
            nodes: Locator::new(&a.tree),
            doc,
        }
    }

    /// The diagnostics that overlap `span`, in order.
    fn at(&self, span: Span) -> impl Iterator<Item = &'a Diagnostic> + use<'a, '_> {
        self.index
            .find(span, usize::MAX)
            .into_iter()
            .map(|i| &self.all[i])
    }

    /// What the analysis says at `span`: the error it reports there, else its warning or
    /// note, else the component it reads the bytes as.
    fn side_at(&self, span: Span) -> Side {
        let here: Vec<&Diagnostic> = self.at(span).collect();
        let of = |sev: Severity| here.iter().copied().filter(move |d| d.severity == sev);
        let doc = self.doc;
        let errors: Vec<&Diagnostic> = of(Severity::Error).collect();
        if let Some(e) = errors.first() {
            return Side {
                reading: format!(
                    "rejects it ({}: {}; {})",
                    bare_section(e.spec, doc),
                    e.message,
                    e.code
                ),
                codes: distinct(errors.iter().map(|d| d.code).collect()),
                section: e.spec,
            };
        }
        let others: Vec<&Diagnostic> = of(Severity::Warning).chain(of(Severity::Note)).collect();
        let node = self.nodes.deepest_at(span.start);
        let part = if node.index() == 0 {
            format!("reads it as part of the {}", node.rule())
        } else {
            format!(
                "reads it as part of the {} ({})",
                node.rule(),
                node.kind().name()
            )
        };
        match others.first() {
            Some(d) => Side {
                reading: format!(
                    "{part}, with a {} ({}: {}; {})",
                    d.severity,
                    bare_section(d.spec, doc),
                    d.message,
                    d.code
                ),
                codes: distinct(others.iter().map(|d| d.code).collect()),
                section: d.spec,
            },
            None => Side {
                reading: part,
                codes: Vec::new(),
                section: "RFC 3986 §3",
            },
        }
    }
}

fn verdict_of_rfc(a: &Analysis, spec: &'static str) -> Verdict {
    let e = a.first_error();
    let root = a.tree.root();
    // A grammar that tells a server-based authority from a registry-based one (RFC 2396
    // §3.2) says which it read: a registry-based one has no host.
    let reads_as = match root
        .child(NodeKind::Authority)
        .and_then(|n| n.attr("authority_kind"))
    {
        Some(kind) => format!("{} ({kind} authority)", root.rule()),
        None => root.rule().to_string(),
    };
    Verdict {
        spec,
        valid: a.valid(),
        error: e.map(|d| d.code),
        message: e.map(|d| d.message.clone()),
        error_span: e.map(|d| d.span),
        reads_as,
    }
}

/// The further readings the comparison gives a verdict for beside RFC 3986 and RFC 3987:
/// one row each in every face (`explain --standards`, the workbench's standards view, the
/// served page), which render the rows alike. RFC 2396 as `java.net.URI` reads it is the
/// reading of Java and Spark code (issue 40).
pub const FURTHER_READINGS: &[Profile] = &[Profile::Rfc2396];

fn rfc_analysis(input: &str, p: Profile) -> (Analysis, Vec<Diagnostic>) {
    let a = analyze(
        input,
        &Options {
            profile: Some(p),
            forms: true,
            all_profiles: false,
            namespace: false,
            scheme_spec: false,
            // The side-by-side shows the forms, not the key.
            equivalence_key: false,
        },
    );
    let all = a.all_diagnostics();
    (a, all)
}

/// Divergences gathered into entries: one per topic and pair of readings, counting its
/// places and keeping the first and last [`PLACES_KEPT`] of them. A repeated divergence
/// (a `%` not followed by hex digits, 120,000 times) is then one entry, not 120,000 of
/// some 470 bytes each; each new one is checked against the entries by a hash of what it
/// says and dropped once counted, so the memory is that of the distinct entries.
#[derive(Default)]
struct Gather {
    entries: Vec<Divergence>,
    /// For each entry, its last places (after the first [`PLACES_KEPT`]).
    last: Vec<std::collections::VecDeque<Span>>,
    by_hash: std::collections::HashMap<u64, Vec<usize>>,
}

/// The same topic, and each side the same reading on the same section (the codes, which
/// may differ by a note at one place only, are gathered).
fn same_kind(a: &Divergence, b: &Divergence) -> bool {
    a.topic == b.topic
        && [(&a.whatwg, &b.whatwg), (&a.rfc, &b.rfc)]
            .iter()
            .all(|(x, y)| x.reading == y.reading && x.section == y.section)
}

fn kind_hash(d: &Divergence) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    d.topic.name().hash(&mut h);
    for side in [&d.whatwg, &d.rfc] {
        side.reading.hash(&mut h);
        side.section.hash(&mut h);
    }
    h.finish()
}

impl Gather {
    /// Adds a divergence; the places must come in input order.
    fn push(&mut self, d: Divergence) {
        let h = kind_hash(&d);
        let ids = self.by_hash.entry(h).or_default();
        if let Some(&i) = ids.iter().find(|&&i| same_kind(&self.entries[i], &d)) {
            let e = &mut self.entries[i];
            e.count += 1;
            for (side, new) in [(&mut e.whatwg, &d.whatwg), (&mut e.rfc, &d.rfc)] {
                for c in &new.codes {
                    if !side.codes.contains(c) {
                        side.codes.push(*c);
                    }
                }
            }
            if e.places.len() < PLACES_KEPT {
                e.places.push(d.span);
            } else {
                let last = &mut self.last[i];
                if last.len() == PLACES_KEPT {
                    last.pop_front();
                }
                last.push_back(d.span);
            }
            return;
        }
        ids.push(self.entries.len());
        self.entries.push(Divergence {
            count: 1,
            places: vec![d.span],
            ..d
        });
        self.last.push(std::collections::VecDeque::new());
    }

    fn finish(self) -> Vec<Divergence> {
        self.entries
            .into_iter()
            .zip(self.last)
            .map(|(mut e, last)| {
                e.places.extend(last);
                if e.count == 1 {
                    e.places.clear();
                }
                e
            })
            .collect()
    }
}

/// The codes of `v`, each once, in order.
fn distinct(v: Vec<Code>) -> Vec<Code> {
    let mut out: Vec<Code> = Vec::new();
    for c in v {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The input under RFC 3986, RFC 3987 and the URL Standard (no base), and where they part.
/// Never panics; linear in the input (three parses and one pass over their diagnostics,
/// each place looked up in an index of the RFC analyses' diagnostics and trees).
/// Divergences that repeat (the same topic and readings) are one entry with a count.
pub fn compare(input: &str) -> Standards {
    let w = whatwg::parse(input, None);
    let (a86, d86) = rfc_analysis(input, Profile::Rfc3986);
    let (a87, d87) = rfc_analysis(input, Profile::Rfc3987);
    let r86 = Rfc::new(&a86, &d86, "RFC 3986");
    let r87 = Rfc::new(&a87, &d87, "RFC 3987");
    let failure = w.failure();
    let whatwg_verdict = Verdict {
        spec: "URL Standard",
        valid: w.valid(),
        error: failure.map(|d| d.code),
        message: failure.map(|d| d.message.clone()),
        error_span: failure.map(|d| d.span),
        reads_as: w.url.as_ref().map_or_else(String::new, |u| u.href()),
    };
    let text_at = |s: Span| input.get(s.start..s.end).unwrap_or("").to_string();
    let mut out: Vec<Divergence> = Vec::new();
    for g in groups(&w.diagnostics) {
        if let Some(d) = describe(&g, &w, input, &r86, &r87) {
            out.push(Divergence {
                text: text_at(d.span),
                ..d
            });
        }
    }
    // RFC 3986 errors where the URL Standard says nothing: it reads those bytes silently.
    let covered = OverlapIndex::new(out.iter().map(|d| d.span));
    let components = w.components();
    for e in d86.iter().filter(|d| d.severity == Severity::Error) {
        if covered.any(e.span) {
            continue;
        }
        let comp = components
            .iter()
            .find(|(_, s)| overlaps(*s, e.span))
            .map(|(n, _)| n);
        let whatwg_reading = match (comp, w.valid()) {
            (Some(c), true) => format!("reads it as part of the {c}, with no validation error"),
            (None, true) => "reads it with no validation error".to_string(),
            (_, false) => "reports nothing here (its parse fails elsewhere)".to_string(),
        };
        let rfc = r86.side_at(e.span);
        out.push(Divergence {
            topic: Topic::RfcOnly,
            span: e.span,
            text: text_at(e.span),
            whatwg: Side {
                reading: whatwg_reading,
                codes: Vec::new(),
                section: "URL Standard §4.4 #concept-basic-url-parser",
            },
            rfc: with_3987(rfc, &r87, e.span, input),
            count: 1,
            places: Vec::new(),
        });
    }
    out.sort_by_key(|d| (d.span.start, d.span.end));
    let mut gather = Gather::default();
    for d in out {
        gather.push(d);
    }
    let mut out = gather.finish();
    if w.valid() != a86.valid() {
        let whatwg = match (&w.url, failure) {
            (Some(u), _) => Side {
                reading: format!("accepts it: {}", u.href()),
                codes: Vec::new(),
                section: "URL Standard §4.4 #concept-basic-url-parser",
            },
            (None, Some(f)) => Side {
                reading: format!("fails: {} ({})", f.code, f.message),
                codes: vec![f.code],
                section: f.spec,
            },
            (None, None) => Side {
                reading: "fails".into(),
                codes: Vec::new(),
                section: "URL Standard §4.4 #concept-basic-url-parser",
            },
        };
        let rfc = match a86.first_error() {
            Some(e) => Side {
                reading: format!(
                    "rejects it (first error {} at byte {}: {})",
                    e.code, e.span.start, e.message
                ),
                codes: vec![e.code],
                section: e.spec,
            },
            None => Side {
                reading: format!("accepts it as a {}", a86.tree.root().rule()),
                codes: Vec::new(),
                section: "RFC 3986 §4.1",
            },
        };
        out.push(Divergence {
            topic: Topic::Verdict,
            span: Span::new(0, input.len()),
            text: input.to_string(),
            whatwg,
            rfc,
            count: 1,
            places: Vec::new(),
        });
    }
    out.sort_by_key(|d| (d.topic != Topic::Verdict, d.span.start, d.span.end));
    Standards {
        input: input.to_string(),
        valid_url_string: w.valid_url_string,
        whatwg: whatwg_verdict,
        rfc3986: verdict_of_rfc(&a86, "RFC 3986"),
        rfc3987: verdict_of_rfc(&a87, "RFC 3987"),
        further: FURTHER_READINGS
            .iter()
            .map(|&p| {
                let a = analyze(input, &Options::validate_only(Some(p)));
                verdict_of_rfc(&a, p.descriptor().short)
            })
            .collect(),
        divergences: out,
        // Readings cut to 256 characters: the report shows where they part, and a long
        // path must not be repeated whole in it.
        agreement: crate::engine::agree::agree(input, &crate::engine::agree::standards_profiles())
            .abridged(256),
    }
}

/// RFC 3986's side, with RFC 3987's reading added where it differs (non-ASCII text, which
/// RFC 3986 rejects and RFC 3987 may read as `ucschar`).
fn with_3987(mut rfc: Side, r87: &Rfc<'_>, span: Span, input: &str) -> Side {
    let text = input.get(span.start..span.end).unwrap_or("");
    if text.is_ascii() {
        return rfc;
    }
    let s87 = r87.side_at(span);
    if s87.reading != rfc.reading {
        rfc.reading = format!("{}; RFC 3987 {}", rfc.reading, s87.reading);
        rfc.codes.extend(s87.codes);
        rfc.codes = distinct(rfc.codes);
    }
    rfc
}

/// A special URL's scheme without "//" (the `MissingSlashes` topic): what the URL Standard
/// does (reads the authority after it all the same) and RFC 3986's side, which reads the
/// host's bytes as part of a path unless it rejects the slashes themselves.
fn missing_slashes(
    w: &whatwg::Parsed,
    r86: &Rfc<'_>,
    rfc: Side,
    input: &str,
    text: &str,
) -> (&'static str, Side) {
    let host = w.spans.host;
    let rfc = match host {
        // RFC 3986 rejects the slashes themselves (a "\"): that is its reading.
        _ if !rfc.codes.is_empty() && rfc.reading.starts_with("rejects") => rfc,
        Some(h) => {
            let node = r86.nodes.deepest_at(h.start);
            let host_text = input.get(h.start..h.end).unwrap_or("");
            if node.kind() == NodeKind::Host {
                rfc
            } else {
                Side {
                    reading: format!(
                        "reads `{host_text}` as part of the {} ({}), not as a host: \
                             an authority follows \"//\" only (§3.2)",
                        node.rule(),
                        node.kind().name()
                    ),
                    codes: rfc.codes,
                    section: "RFC 3986 §3.2",
                }
            }
        }
        None => rfc,
    };
    let how = if text.contains('\\') {
        "reads the authority after it all the same, \"\\\" as \"/\""
    } else {
        "reads the authority after it all the same"
    };
    (how, rfc)
}

/// The divergence a group of URL Standard diagnostics makes, or `None` when RFC 3986 reads
/// those bytes the same way (an IPv4 address both read as one).
fn describe(
    g: &Group,
    w: &whatwg::Parsed,
    input: &str,
    r86: &Rfc<'_>,
    r87: &Rfc<'_>,
) -> Option<Divergence> {
    let warn_codes = codes_of(&g.diags, |d| d.severity == Severity::Warning);
    let all_codes = codes_of(&g.diags, |_| true);
    let errors = validation_errors(&warn_codes);
    let with_errors = |s: &str| {
        if errors.is_empty() {
            s.to_string()
        } else {
            format!("{s}; {errors}")
        }
    };
    let section = g.diags.first().map_or("", |d| d.spec);
    let url = w.url.as_ref();
    let note = |code: Code| g.diags.iter().find(|d| d.code == code);
    let rfc = r86.side_at(g.span);
    let text = input.get(g.span.start..g.span.end).unwrap_or("");
    let (reading, rfc) = match g.topic {
        Topic::Backslash => {
            let why = if url.is_some_and(|u| u.is_special()) || !w.valid() {
                "special scheme"
            } else {
                "special URL"
            };
            (format!("reads `/` ({})", with_errors(why)), rfc)
        }
        Topic::Stripped => (
            format!(
                "removes leading and trailing C0 controls and spaces before parsing ({})",
                with_errors("§4.4 step 1")
            ),
            rfc,
        ),
        Topic::TabNewline => (
            format!(
                "removes the tab or newline before parsing ({})",
                with_errors("§4.4 step 3")
            ),
            rfc,
        ),
        Topic::MissingSlashes => {
            let (how, rfc) = missing_slashes(w, r86, rfc, input, text);
            (format!("{how} ({})", with_errors("special scheme")), rfc)
        }
        Topic::Ipv4 => {
            let value = url
                .and_then(|u| u.host.as_ref())
                .map(|h| h.to_string())
                .unwrap_or_default();
            let node = r86.nodes.deepest_at(g.span.start);
            let rfc_ipv4 = node.attr("host_type") == Some("ipv4");
            if rfc_ipv4 && text == value && warn_codes.is_empty() {
                return None;
            }
            let rfc = if rfc_ipv4 {
                rfc
            } else {
                let extra = distinct(r86.at(g.span).map(|d| d.code).collect());
                let warn = extra.first().map(|c| format!("; {c}")).unwrap_or_default();
                Side {
                    reading: format!(
                        "reads a reg-name (§3.2.2: an IPv4address is four decimal octets{warn})"
                    ),
                    codes: extra,
                    section: "RFC 3986 §3.2.2",
                }
            };
            let reading = if value.is_empty() {
                format!("reads it as an IPv4 address ({})", with_errors("§3.5"))
            } else if errors.is_empty() {
                format!("parses the IPv4 address {value}")
            } else {
                format!("parses the IPv4 address {value} ({errors})")
            };
            (reading, rfc)
        }
        Topic::Ipv6 => {
            let value = url
                .and_then(|u| u.host.as_ref())
                .map(|h| h.to_string())
                .unwrap_or_default();
            (
                format!("serializes the IPv6 address as {}", with_errors(&value)),
                Side {
                    reading: "keeps the IP literal as written (§3.2.2; compared after \
                              normalization only, §6.2.2)"
                        .into(),
                    codes: rfc.codes,
                    section: "RFC 3986 §3.2.2",
                },
            )
        }
        Topic::PercentEncoding => {
            let how = note(Code::WhatwgPercentEncoded)
                .map_or("percent-encodes it", |d| d.message.as_str());
            (
                format!("percent-encodes it ({})", with_errors(how)),
                with_3987(rfc, r87, g.span, input),
            )
        }
        Topic::DefaultPort => {
            let scheme = url.map_or("", |u| u.scheme.as_str());
            (
                format!("drops {scheme}'s default port {text} while parsing (§4.4 port state)"),
                Side {
                    reading: "keeps the port: it is part of the URI; scheme-based normalization \
                              may omit a default port when comparing (§3.2.3, §6.2.3)"
                        .into(),
                    codes: rfc.codes,
                    section: "RFC 3986 §6.2.3",
                },
            )
        }
        Topic::DotSegment => (
            format!(
                "applies the dot-segment while parsing ({})",
                with_errors("§4.4 path state")
            ),
            Side {
                reading: "keeps it in the URI: dot-segments are removed when a reference is \
                          resolved (§5.2.4) or by normalization (§6.2.2.3)"
                    .into(),
                codes: rfc.codes,
                section: "RFC 3986 §5.2.4",
            },
        ),
        Topic::Case => {
            let scheme = url.map_or("", |u| u.scheme.as_str());
            (
                format!("lower-cases the scheme to `{scheme}` while parsing"),
                Side {
                    reading: format!(
                        "keeps the case: the scheme is case-insensitive and lower-cased only \
                         by normalization (§3.1, §6.2.2.1){}",
                        rfc.codes
                            .first()
                            .map(|c| format!("; {c}"))
                            .unwrap_or_default()
                    ),
                    codes: rfc.codes,
                    section: "RFC 3986 §6.2.2.1",
                },
            )
        }
        Topic::Idna => {
            let value = url
                .and_then(|u| u.host.as_ref())
                .map(|h| h.to_string())
                .unwrap_or_default();
            if text.is_ascii() {
                // Only the case (or a percent-encoded byte) changes.
                let rfc = if rfc.reading.starts_with("rejects") {
                    rfc
                } else {
                    Side {
                        reading: "keeps the case: the host is case-insensitive and lower-cased \
                                  only by normalization (§3.2.2, §6.2.2.1)"
                            .into(),
                        codes: rfc.codes,
                        section: "RFC 3986 §6.2.2.1",
                    }
                };
                (
                    format!(
                        "reads the domain as `{value}` ({})",
                        with_errors("domain to ASCII, §3.3")
                    ),
                    rfc,
                )
            } else {
                (
                    format!(
                        "converts the domain with UTS #46 ToASCII to `{value}` ({})",
                        with_errors("§3.3")
                    ),
                    with_3987(rfc, r87, g.span, input),
                )
            }
        }
        Topic::WindowsDriveLetter | Topic::OpaquePath | Topic::Localhost => {
            let msg = g
                .diags
                .iter()
                .find(|d| d.severity == Severity::Note)
                .or(g.diags.first())
                .map_or(String::new(), |d| d.message.clone());
            let lead = match g.topic {
                Topic::WindowsDriveLetter => "applies the Windows drive letter quirk of file URLs",
                Topic::OpaquePath => "reads an opaque path (a non-special URL without \"/\")",
                _ => "reads the file host \"localhost\" as the empty host",
            };
            (format!("{lead} ({})", with_errors(&msg)), rfc)
        }
        Topic::ValidationError => {
            let d = g.diags.first()?;
            (
                format!(
                    "accepts it with validation error {} ({})",
                    d.code, d.message
                ),
                with_3987(rfc, r87, g.span, input),
            )
        }
        Topic::Failure => {
            let d = g
                .diags
                .iter()
                .find(|d| d.severity == Severity::Error)
                .or(g.diags.first())?;
            (format!("fails here: {} ({})", d.code, d.message), rfc)
        }
        Topic::Verdict | Topic::RfcOnly => return None,
    };
    Some(Divergence {
        topic: g.topic,
        span: g.span,
        text: String::new(),
        whatwg: Side {
            reading,
            codes: all_codes,
            section,
        },
        rfc,
        count: 1,
        places: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(s: &Standards, topic: Topic) -> &Divergence {
        s.divergences
            .iter()
            .find(|d| d.topic == topic)
            .unwrap_or_else(|| panic!("no {topic:?} in {:#?}", s.divergences))
    }

    /// (input, topic, span, what the WHATWG side must say, what the RFC side must say)
    type Row = (
        &'static str,
        Topic,
        (usize, usize),
        &'static str,
        &'static str,
    );
    const TABLE: &[Row] = &[
        (
            "https://example.com\\foo",
            Topic::Backslash,
            (19, 20),
            "reads `/` (special scheme; validation error invalid-reverse-solidus)",
            "rejects it (§3.2.2: ",
        ),
        (
            "http://0x7f.1/",
            Topic::Ipv4,
            (7, 13),
            "parses the IPv4 address 127.0.0.1 (validation errors ipv4-non-decimal-part, ipv4-too-few-parts)",
            "reads a reg-name (§3.2.2",
        ),
        (
            "http://exa\tmple.com/",
            Topic::TabNewline,
            (10, 11),
            "removes the tab or newline before parsing",
            "rejects it (§3.2.2: tab (U+0009) is not allowed in the host",
        ),
        (
            "http:/example.com",
            Topic::MissingSlashes,
            (5, 6),
            "reads the authority after it all the same (special scheme; validation error special-scheme-missing-following-solidus)",
            "reads `example.com` as part of the",
        ),
        (
            "http://example.com/a b",
            Topic::PercentEncoding,
            (20, 21),
            "percent-encodes it (",
            "rejects it (§3.3: space",
        ),
        (
            "http://example.com:80/",
            Topic::DefaultPort,
            (19, 21),
            "drops http's default port 80",
            "keeps the port",
        ),
        (
            "http://example.com/a/./b",
            Topic::DotSegment,
            (21, 22),
            "applies the dot-segment while parsing",
            "keeps it in the URI",
        ),
        (
            "HTTP://example.com/",
            Topic::Case,
            (0, 4),
            "lower-cases the scheme to `http`",
            "keeps the case",
        ),
        (
            "http://bücher.de/",
            Topic::Idna,
            (7, 17),
            "converts the domain with UTS #46 ToASCII to `xn--bcher-kva.de`",
            "rejects it (§2: ",
        ),
        (
            "http://EXAMPLE.com/",
            Topic::Idna,
            (7, 18),
            "reads the domain as `example.com`",
            "keeps the case",
        ),
        (
            " http://example.com/",
            Topic::Stripped,
            (0, 1),
            "removes leading and trailing C0 controls and spaces",
            "",
        ),
    ];

    #[test]
    fn each_divergence_is_named_with_both_sides_reasons_and_bytes() {
        for &(input, topic, (a, b), whatwg, rfc) in TABLE {
            let s = compare(input);
            let d = find(&s, topic);
            assert_eq!((d.span.start, d.span.end), (a, b), "{input}: {d:#?}");
            assert!(
                d.whatwg.reading.contains(whatwg),
                "{input}: WHATWG {:?}",
                d.whatwg.reading
            );
            assert!(
                d.rfc.reading.contains(rfc),
                "{input}: RFC {:?}",
                d.rfc.reading
            );
        }
    }

    #[test]
    fn the_issue_sentences_read_as_written() {
        let s = compare("https://example.com\\foo");
        let d = find(&s, Topic::Backslash);
        assert!(
            d.sentence().starts_with(
                "`\\` at byte 19: WHATWG reads `/` (special scheme; validation error \
                 invalid-reverse-solidus); RFC 3986 rejects it (§3.2.2: "
            ),
            "{}",
            d.sentence()
        );
        assert!(
            d.sentence().ends_with("; illegal-char)"),
            "{}",
            d.sentence()
        );
        let s = compare("http://0x7f.1/");
        assert!(
            find(&s, Topic::Ipv4).sentence().starts_with(
                "host `0x7f.1`: WHATWG parses the IPv4 address 127.0.0.1 (validation errors \
                 ipv4-non-decimal-part, ipv4-too-few-parts); RFC 3986 reads a reg-name (§3.2.2"
            ),
            "{}",
            find(&s, Topic::Ipv4).sentence()
        );
    }

    #[test]
    fn agreeing_inputs_have_no_divergence_and_verdicts_differ_when_they_do() {
        assert!(compare("https://example.com/a?b#c").agree());
        assert!(compare("http://127.0.0.1/").agree());
        // "http:" is a URI to RFC 3986; the URL Standard's parse fails (no host).
        let s = compare("http:");
        assert!(!s.whatwg.valid && s.rfc3986.valid);
        let v = find(&s, Topic::Verdict);
        assert!(v.whatwg.reading.starts_with("fails: host-missing"), "{v:?}");
        assert!(v.rfc.reading.starts_with("accepts it as a"), "{v:?}");
        assert_eq!(s.divergences[0].topic, Topic::Verdict);
        // A relative reference: RFC 3986 reads it, the URL Standard needs a base.
        let s = compare("../a");
        assert_eq!(s.whatwg.error, Some(Code::MissingSchemeNonRelativeUrl));
        assert_eq!(s.rfc3986.reads_as, "relative-ref");
    }

    #[test]
    fn an_rfc_error_the_standard_passes_over_is_a_divergence() {
        // "|" is no URL code point (a validation error), "^" in a query neither RFC's nor
        // the standard's query set; "{" in a fragment: percent-encoded.
        let s = compare("http://example.com/a|b");
        assert!(s.whatwg.valid && !s.rfc3986.valid);
        let d = s
            .divergences
            .iter()
            .find(|d| d.span.start == 20)
            .unwrap_or_else(|| panic!("{:#?}", s.divergences));
        assert!(d.rfc.reading.starts_with("rejects it"), "{d:?}");
        assert!(
            !d.whatwg.reading.is_empty() && d.topic != Topic::Verdict,
            "{d:?}"
        );
    }

    #[test]
    fn backslashes_in_place_of_the_authority_slashes_are_one_divergence() {
        let s = compare("http:\\\\example.com\\a\\b");
        let d = find(&s, Topic::MissingSlashes);
        assert_eq!((d.span.start, d.span.end), (5, 7));
        assert!(d.whatwg.reading.contains("\"\\\" as \"/\""), "{d:?}");
        assert!(d.rfc.reading.starts_with("rejects it (§3.3"), "{d:?}");
        // The two "\" of the path part the same way: one entry at both places.
        let b = find(&s, Topic::Backslash);
        assert_eq!((b.span.start, b.count), (18, 2), "{b:?}");
        assert_eq!(b.places, [Span::new(18, 19), Span::new(20, 21)]);
        assert!(
            b.sentence()
                .starts_with("`\\` at byte 18 (and 1 more place): ")
        );
    }

    #[test]
    fn a_repeated_divergence_is_one_entry_with_its_count_and_first_and_last_places() {
        let input = format!("http://a/{}", "../".repeat(1000));
        let s = compare(&input);
        let dots: Vec<&Divergence> = s
            .divergences
            .iter()
            .filter(|d| d.topic == Topic::DotSegment)
            .collect();
        assert_eq!(dots.len(), 1, "{:#?}", s.divergences);
        let d = dots[0];
        assert_eq!(
            (d.span, d.count, d.text.as_str()),
            (Span::new(9, 11), 1000, "..")
        );
        let at = |k: usize| Span::new(9 + 3 * k, 11 + 3 * k);
        let want: Vec<Span> = (0..PLACES_KEPT)
            .chain(1000 - PLACES_KEPT..1000)
            .map(at)
            .collect();
        assert_eq!(d.places, want);
        assert!(
            d.places_text()
                .starts_with("9..11, 12..14, 15..17, 18..20, …, "),
            "{}",
            d.places_text()
        );
        // Different readings stay apart: "\" and "%" alternate, two entries.
        let s = compare(&format!("http://a/{}", "\\%".repeat(50)));
        let kinds: Vec<(Topic, usize)> = s
            .divergences
            .iter()
            .filter(|d| d.topic != Topic::Verdict)
            .map(|d| (d.topic, d.count))
            .collect();
        assert!(
            kinds.len() <= 4 && kinds.iter().map(|k| k.1).sum::<usize>() >= 100,
            "{kinds:?}"
        );
    }

    #[test]
    fn deepest_node_by_bisection_is_the_trees_own() {
        for input in [
            "http://a/b/c/d;p?q#f",
            "http://[::1]:80/a//b/./c?x=y",
            "foo:",
            "",
            "http://u:p@h/a/b/c/d/e/f/g/h/i/j",
        ] {
            let (a, _) = rfc_analysis(input, Profile::Rfc3986);
            let l = Locator::new(&a.tree);
            for off in 0..=input.len() + 1 {
                assert_eq!(
                    l.deepest_at(off).index(),
                    a.tree.deepest_at(off).index(),
                    "{input:?} at {off}"
                );
            }
        }
    }

    #[test]
    fn the_overlap_index_finds_what_a_scan_finds() {
        let spans: Vec<Span> = [
            (0, 5),
            (2, 2),
            (3, 9),
            (5, 5),
            (6, 7),
            (9, 12),
            (12, 12),
            (1, 20),
        ]
        .into_iter()
        .map(|(a, b)| Span::new(a, b))
        .collect();
        let ix = OverlapIndex::new(spans.iter().copied());
        for a in 0..22 {
            for b in a..23 {
                let q = Span::new(a, b);
                let scan: Vec<usize> = (0..spans.len())
                    .filter(|&i| overlaps(spans[i], q))
                    .collect();
                assert_eq!(ix.find(q, usize::MAX), scan, "{q}");
                assert_eq!(ix.any(q), !scan.is_empty(), "{q}");
            }
        }
        assert!(
            OverlapIndex::new(std::iter::empty())
                .find(Span::new(0, 1), 9)
                .is_empty()
        );
    }

    #[test]
    fn hostile_input_stays_linear_and_never_panics() {
        for input in ["", "\\", "http://[", &"\\".repeat(5000), &"%".repeat(5000)] {
            let s = compare(input);
            assert!(s.divergences.len() <= input.len() + 2, "{input:.20}");
        }
    }
}
