//! URN namespaces: IANA's registry, and each namespace's own rules for its NSS.
//!
//! RFC 8141 (§3, §5) and RFC 2141 (§5) hand the NSS to its namespace. This module answers
//! for the namespace, beside the URN spec's own answer, never instead of it: its findings
//! are warnings and notes, and its verdict ([`NssAnalysis::valid`]) stands apart from the
//! URN's.
//!
//! - [`registry`]: the compiled-in, dated snapshot of IANA's registry, and [`lookup`]
//!   (registered formal or informal, `urn-N` informal, `X-` experimental, unregistered).
//! - [`Namespace`]: one descriptor per namespace whose syntax idbench can read from a
//!   document, in [`catalogue`] (grammar file under `abnf/`, start rule, check digits,
//!   lexical-equivalence steps, each citing its document).
//! - [`analyze_nss`]: the NSS parsed by its namespace's grammar with the ABNF engine
//!   ([`super::abnf`]), its structure as nodes with spans in the whole input, the
//!   diagnostics, and the namespace's canonical form (`canonical_namespace`).
//!
//! Uses only the low engine modules (the ABNF engine, the tree's spans and diagnostics,
//! the codes).

use std::sync::{LazyLock, OnceLock};

use super::abnf::{self, Grammar, Judge, ParseOptions, Scratch};
use super::codes::Code;
use super::tree::{Diagnostic, Severity, Span};

pub mod catalogue;
mod checks;
mod nids;
pub mod registry;

pub use registry::{Entry, Kind, Snapshot, snapshot};

/// How the registry knows a NID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registration {
    /// A formal namespace (RFC 8141 §5.1), in the snapshot.
    Formal(&'static Entry),
    /// An informal namespace (RFC 8141 §5.2), in the snapshot.
    Informal(&'static Entry),
    /// Of the informal form `urn-<number>` (RFC 8141 §5.2), but not in the snapshot.
    InformalUnlisted,
    /// An experimental NID, `X-` followed by the rest (RFC 3406 §3.1; RFC 8141 dropped the
    /// form, see its Appendix B).
    Experimental,
    /// Not in the snapshot, and of neither form.
    Unregistered,
}

impl Registration {
    /// The snapshot's entry, for a registered NID.
    pub fn entry(&self) -> Option<&'static Entry> {
        match *self {
            Registration::Formal(e) | Registration::Informal(e) => Some(e),
            _ => None,
        }
    }
    /// Whether the snapshot lists the NID.
    pub fn registered(&self) -> bool {
        self.entry().is_some()
    }
    /// A short name: `formal`, `informal`, `informal-unlisted`, `experimental`,
    /// `unregistered`.
    pub fn name(&self) -> &'static str {
        match self {
            Registration::Formal(_) => "formal",
            Registration::Informal(_) => "informal",
            Registration::InformalUnlisted => "informal-unlisted",
            Registration::Experimental => "experimental",
            Registration::Unregistered => "unregistered",
        }
    }
}

/// How the registry knows `nid` (case-insensitive, as NIDs are: RFC 8141 §2): one probe
/// of the NID table (`nids`); a NID longer than any the table holds is searched in the
/// snapshot.
pub fn lookup(nid: &str) -> Registration {
    lookup_bytes(nid.as_bytes())
}

/// [`lookup`] of a NID given as bytes (a NID longer than any the table holds is searched
/// in the snapshot only when it is UTF-8: the snapshot's NIDs are).
fn lookup_bytes(nid: &[u8]) -> Registration {
    match nids::known(nid) {
        Some(k) => k.registration,
        None if nid.len() <= nids::KEY_MAX => unlisted(nid),
        None => match std::str::from_utf8(nid) {
            Ok(nid) => registry_lookup(nid),
            Err(_) => unlisted(nid),
        },
    }
}

/// [`lookup`] in the snapshot itself (what the NID table is built from).
fn registry_lookup(nid: &str) -> Registration {
    let snap = snapshot();
    if let Some(e) = snap.get(nid) {
        return match e.kind {
            Kind::Formal => Registration::Formal(e),
            Kind::Informal => Registration::Informal(e),
        };
    }
    unlisted(nid.as_bytes())
}

/// The registration of a NID the snapshot does not list: by its form alone.
fn unlisted(b: &[u8]) -> Registration {
    if b.len() > 4
        && b[..4].eq_ignore_ascii_case(b"urn-")
        && b[4] != b'0'
        && b[4..].iter().all(u8::is_ascii_digit)
    {
        return Registration::InformalUnlisted;
    }
    if b.len() > 2 && b[..2].eq_ignore_ascii_case(b"x-") {
        return Registration::Experimental;
    }
    Registration::Unregistered
}

/// A lexical-equivalence step a namespace's document states: the NSS rewritten so that
/// NSSs the document calls equivalent become equal.
#[derive(Debug)]
pub struct Step {
    /// What the step does, as the ladder shows it (`uuid: the hex digits compared
    /// case-insensitively`).
    pub name: &'static str,
    /// The document and section it follows (`RFC 4122 §3`).
    pub spec: &'static str,
    /// Rewrites an NSS the namespace's grammar accepts.
    pub apply: fn(&str) -> String,
}

/// A node of an NSS as a rule name and a byte range relative to the NSS.
pub type RelNode = (&'static str, usize, usize);

/// What a check (a check digit) looks at: the NID and NSS as written. No check reads the
/// namespace grammar's nodes (each finds its digits in the NSS's bytes), so a check runs
/// wherever the grammar accepted the NSS, by the automaton or the Earley engine.
pub struct CheckInput<'a> {
    /// The NID as written (bytes: every check reads it byte by byte, and a batch has not
    /// made a `str` of its line).
    pub nid: &'a [u8],
    /// The NSS as written (an NSS its namespace's grammar accepts, so UTF-8).
    pub nss: &'a [u8],
    /// Whether a finding's message is wanted: the batch layer shows none, and leaves it
    /// empty (no text is made on the URNs of a bulk check).
    pub words: bool,
}

/// A finding of a check: where (relative to the NSS) and what to say.
pub struct Finding {
    /// Byte range in the NSS.
    pub start: usize,
    /// One past its end.
    pub end: usize,
    /// The message.
    pub message: String,
}

/// A check the namespace's document (or the standard it names) defines beyond its
/// grammar: a check digit. Run only on an NSS its grammar accepts.
#[derive(Debug)]
pub struct Check {
    /// What it checks (`ISBN-13 check digit`).
    pub name: &'static str,
    /// The document and section that defines it.
    pub spec: &'static str,
    /// Runs the check; `None` when it passes or does not apply.
    pub run: fn(&CheckInput<'_>) -> Option<Finding>,
}

/// Everything idbench knows of one namespace's syntax, in one place.
#[derive(Debug)]
pub struct Namespace {
    /// The name the views show: the NID, or `ietf:params` for a sub-namespace.
    pub name: &'static str,
    /// The NID (lower case).
    pub nid: &'static str,
    /// For a sub-namespace: the NSS prefix (case-insensitive) that selects it.
    pub nss_prefix: Option<&'static str>,
    /// The document (`RFC 4122`, `IANA template urn-formal/isbn`).
    pub document: &'static str,
    /// The document's section that gives the syntax: what diagnostics cite.
    pub section: &'static str,
    /// The grammar file's name under `src/engine/namespaces/abnf/`.
    pub grammar_file: &'static str,
    /// The grammar's text (which cites its source at the top).
    pub grammar: &'static str,
    /// The start rule.
    pub start: &'static str,
    /// The rules shown as nodes of the NSS (the others are folded into their parents).
    pub shown: &'static [&'static str],
    /// Rules whose node, when shown, also gets structure from outside the grammar
    /// ([`Namespace::parts`]).
    pub parts: Option<fn(&str) -> Vec<RelNode>>,
    /// Check digits.
    pub checks: &'static [Check],
    /// Lexical-equivalence steps, in order.
    pub steps: &'static [Step],
    /// What the document says of lexical equivalence, when it gives no step (or of what
    /// the steps leave out), with its section.
    pub equivalence_note: &'static str,
    /// Notes every analysis under this namespace carries (`ietf:params` is opaque past its
    /// registry name).
    pub notes: &'static [(Code, &'static str, &'static str)],
    /// Prose values of the grammar bound to "the rest of the NSS", by rule name (RFC 5141
    /// leaves `techelement` unspecified).
    pub rest_prose: &'static [&'static str],
}

/// One node of an NSS's structure, a rule of its namespace's grammar (or a part from
/// [`Namespace::parts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NssNode {
    /// The rule's name as the grammar writes it.
    pub rule: &'static str,
    /// Its bytes, in the whole input.
    pub span: Span,
    /// 1 for a child of the `nss` node, 2 for a grandchild, ...
    pub depth: usize,
}

/// A step applied: the NSS after it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AppliedStep {
    /// The step's name.
    pub name: &'static str,
    /// Its document and section.
    pub spec: &'static str,
    /// The NSS after this step (and the ones before it).
    pub nss: String,
}

/// What [`analyze_nss`] finds.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct NssAnalysis {
    /// The NID, in lower case.
    pub nid: String,
    /// How the registry knows it.
    pub registration: Registration,
    /// The namespace's descriptor, when idbench knows its syntax.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::api::namespace_name")
    )]
    pub namespace: Option<&'static Namespace>,
    /// Whether the NSS follows its namespace's grammar (and check digits); `None` when
    /// idbench knows no syntax for the namespace.
    pub valid: Option<bool>,
    /// The NSS's structure: the nodes under `nss`, in preorder.
    pub nodes: Vec<NssNode>,
    /// Warnings (`namespace-nss-invalid`, `namespace-check-digit`) and notes
    /// (`nid-unregistered`, `namespace-opaque`), in input order.
    pub diagnostics: Vec<Diagnostic>,
    /// The steps, applied in order (empty when the NSS is not valid for its namespace).
    pub steps: Vec<AppliedStep>,
    /// The namespace's canonical form of the NSS: after every step (`canonical_namespace`);
    /// `None` when the NSS is not valid for its namespace or idbench knows no syntax.
    pub canonical: Option<String>,
    /// Derived values worth showing (`public-identifier` for `publicid`).
    pub facts: Vec<(&'static str, String)>,
    /// The Earley items the namespace's parse created: its work, for tests of linearity.
    pub work: usize,
}

impl NssAnalysis {
    /// The namespace's document, when idbench knows its syntax.
    pub fn document(&self) -> Option<&'static str> {
        self.namespace.map(|n| n.document)
    }

    /// The namespace's verdict in a few words, as the faces show it beside the URN
    /// spec's: `valid by RFC 4122 §3`, `invalid by RFC 4122 §3`, or that idbench knows no
    /// syntax for the namespace. Holds no input text.
    pub fn verdict_words(&self) -> String {
        match (self.valid, self.namespace) {
            (Some(true), Some(ns)) => format!("valid by {} ({})", ns.section, ns.name),
            (Some(false), Some(ns)) => format!("invalid by {} ({})", ns.section, ns.name),
            _ => "no syntax known to idbench for this namespace".to_string(),
        }
    }

    /// How the registry knows the NID, in a sentence's words: `formal namespace,
    /// registered 2005-07-01 (RFC 4122)`, or `not registered (snapshot of DATE)`. Holds no
    /// input text (the NID is not repeated).
    pub fn registration_words(&self) -> String {
        let snap = snapshot().registry_updated;
        match self.registration {
            Registration::Formal(e) | Registration::Informal(e) => {
                let date = e
                    .date
                    .map_or(String::new(), |d| format!(", registered {d}"));
                format!("{} namespace{date} ({})", e.kind.name(), e.reference)
            }
            Registration::InformalUnlisted => {
                format!("informal form urn-<number>, not registered (snapshot of {snap})")
            }
            Registration::Experimental => {
                "experimental X- NID (RFC 3406 §3.1; not registered, RFC 8141 has no such \
                 form)"
                    .to_string()
            }
            Registration::Unregistered => format!("not registered (snapshot of {snap})"),
        }
    }
}

/// The descriptor for `nid` and `nss`: a sub-namespace whose prefix the NSS starts with,
/// else the NID's own.
pub fn namespace_for(nid: &str, nss: &str) -> Option<&'static Namespace> {
    catalogue::ALL.get(namespace_index(nid, nss)?).copied()
}

/// Where [`namespace_for`]'s descriptor is in [`catalogue::ALL`] (the index of its grammar,
/// judges and cache).
fn namespace_index(nid: &str, nss: &str) -> Option<usize> {
    let mut found = None;
    for (i, &ns) in catalogue::ALL.iter().enumerate() {
        if !ns.nid.eq_ignore_ascii_case(nid) {
            continue;
        }
        match ns.nss_prefix {
            Some(p) => {
                if nss
                    .as_bytes()
                    .get(..p.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(p.as_bytes()))
                {
                    return Some(i);
                }
            }
            None => found = Some(i),
        }
    }
    found
}

/// Each namespace's grammar, in [`catalogue::ALL`]'s order, compiled at the namespace's
/// first use (a batch of URNs of a few namespaces compiles only theirs).
static GRAMMARS: LazyLock<Vec<OnceLock<Option<Grammar>>>> =
    LazyLock::new(|| catalogue::ALL.iter().map(|_| OnceLock::new()).collect());

/// The grammar of the `i`th namespace of [`catalogue::ALL`], compiled at its first use
/// (`None` if it failed to compile, which the tests rule out).
fn grammar_at(i: usize) -> Option<&'static Grammar> {
    let ns = catalogue::ALL.get(i)?;
    GRAMMARS
        .get(i)?
        .get_or_init(|| {
            let mut g = Grammar::from_text(ns.grammar).ok()?;
            for rule in ns.rest_prose {
                // "The rest of the NSS": a recognizer the automaton compiler can read.
                g.bind_prose_rest(rule);
            }
            Some(g)
        })
        .as_ref()
}

/// Each namespace's start rule as a [`Judge`] (its automaton when it compiles), built at
/// the namespace's first use and kept: an immutable table once built.
static JUDGES: LazyLock<Vec<OnceLock<Option<Judge>>>> =
    LazyLock::new(|| catalogue::ALL.iter().map(|_| OnceLock::new()).collect());

/// Each namespace's start rule as a batch [`Judge`]: its prose values with no recognizer
/// read as matching nothing, as the Earley engine reads them
/// ([`Grammar::judge_prose_as_nothing`]), so that ISO's grammar, whose `isodefined` is
/// prose, compiles too. For [`nss_verdict`] (verdicts and finding spans, never the
/// expected sets or the prose note of a message); built at the namespace's first use.
static BATCH_JUDGES: LazyLock<Vec<OnceLock<Option<Judge>>>> =
    LazyLock::new(|| catalogue::ALL.iter().map(|_| OnceLock::new()).collect());

/// The batch judge of the `i`th namespace of [`catalogue::ALL`].
fn batch_judge(i: usize) -> Option<&'static Judge> {
    let ns = catalogue::ALL.get(i)?;
    let g = grammar_at(i)?;
    BATCH_JUDGES
        .get(i)?
        .get_or_init(|| g.judge_prose_as_nothing(ns.start).ok())
        .as_ref()
}

/// The namespace layer's lazy-DFA caches: one per namespace whose grammar compiled (at
/// most [`abnf::CACHE_BYTES`] each), made at the namespace's first use. A batch caller
/// (`check --namespaces`) keeps one per worker thread and passes it to [`nss_verdict`], so
/// that the states an automaton built for one line serve the next; the engine itself holds
/// no mutable state. A cache never changes an answer, only how fast it comes.
#[derive(Clone, Debug, Default)]
pub struct LayerScratch {
    caches: Vec<Option<Scratch>>,
    /// A findings list handed back ([`LayerScratch::recycle`]) for the next verdict to
    /// fill: no allocation a URN with findings once the first has made it.
    spare: Vec<(Severity, Code, Span)>,
    /// The URI scheme layer's caches, kept beside these by the same workers.
    schemes: super::schemes::LayerScratch,
    /// The last profile [`LayerScratch::urn_layer`] was asked of, and its answer.
    urn_profile: Option<(super::Profile, Option<bool>)>,
}

impl LayerScratch {
    /// An empty scratch: no cache is made until a namespace needs one.
    pub fn new() -> LayerScratch {
        LayerScratch::default()
    }

    /// Hands back a verdict's findings list once written, for the next [`nss_verdict`]
    /// to reuse (a small one only: its contents are dropped).
    pub fn recycle(&mut self, mut findings: Vec<(Severity, Code, Span)>) {
        if findings.capacity() <= 16 && findings.capacity() > self.spare.capacity() {
            findings.clear();
            self.spare = findings;
        }
    }

    /// Whether lines judged under `p` get the namespace layer (`Some`), and then whether
    /// their NSS ends at the first `?` or `#` (RFC 8141's components follow it): the
    /// profile's answers, asked once for a run of lines under the same profile.
    pub fn urn_layer(&mut self, p: super::Profile) -> Option<bool> {
        match self.urn_profile {
            Some((q, answer)) if q == p => answer,
            _ => {
                let answer = p
                    .offers()
                    .namespaces
                    .then(|| p.descriptor().nss_ends_at_query);
                self.urn_profile = Some((p, answer));
                answer
            }
        }
    }

    /// The URI scheme layer's caches (`check --schemes`'s workers keep them here).
    pub fn schemes(&mut self) -> &mut super::schemes::LayerScratch {
        &mut self.schemes
    }
}

/// The compiled grammar of `ns` (`None` if it failed to compile, which the tests rule
/// out).
pub fn grammar(ns: &Namespace) -> Option<&'static Grammar> {
    let i = catalogue::ALL.iter().position(|n| std::ptr::eq(*n, ns))?;
    grammar_at(i)
}

/// The judge of `ns`'s start rule, built at first use.
pub fn judge(ns: &Namespace) -> Option<&'static Judge> {
    let i = catalogue::ALL.iter().position(|n| std::ptr::eq(*n, ns))?;
    let g = grammar_at(i)?;
    JUDGES
        .get(i)?
        .get_or_init(|| g.judge(ns.start).ok())
        .as_ref()
}

/// `ns`'s verdict on `nss` from its compiled automaton (`None` when its grammar does not
/// compile): linear in the NSS, at hundreds of megabytes a second.
fn automaton_verdict(
    scratch: &mut LayerScratch,
    ns: &Namespace,
    nss: &str,
) -> Option<abnf::Verdict> {
    let i = catalogue::ALL.iter().position(|n| std::ptr::eq(*n, ns))?;
    let g = grammar_at(i)?;
    let j = judge(ns)?;
    j.automaton()?;
    j.verdict(g, cache_of(scratch, i), nss).ok()
}

/// The cache of the `i`th namespace of [`catalogue::ALL`] in `scratch`.
fn cache_of(scratch: &mut LayerScratch, i: usize) -> &mut Option<Scratch> {
    if scratch.caches.len() <= i {
        scratch.caches.resize_with(i + 1, || None);
    }
    &mut scratch.caches[i]
}

/// What the namespace layer finds for batch checking (`check --namespaces`): the verdict
/// and each finding's severity, code and span, without messages, grammar nodes or
/// expected sets, which a record does not show. The same verdict and findings, in the same
/// order, as [`judge_nss`] (and so as [`analyze`](crate::engine::analyze)'s layer): the
/// tests compare them on every namespace's examples and near misses.
#[derive(Clone, Debug)]
pub struct NssVerdict {
    /// How the registry knows the NID.
    pub registration: Registration,
    /// The namespace's descriptor, when idbench knows its syntax.
    pub namespace: Option<&'static Namespace>,
    /// Whether the NSS follows its namespace's grammar (and check digits); `None` when
    /// idbench knows no syntax for the namespace (or could not judge it).
    pub valid: Option<bool>,
    /// The findings (severity, code, span in the whole input), in input order.
    pub findings: Vec<(Severity, Code, Span)>,
    /// Where `namespace` is in [`catalogue::ALL`]: a batch writer keeps what it writes of
    /// each namespace (its NID, document, section) by this index.
    pub index: Option<usize>,
    /// The NID in lower case, when the registry or the catalogue knows it (so that a
    /// batch writer need not make a string of the NID as written), and its place among
    /// those NIDs (below [`known_nids`]): a batch writer keeps what it writes of each
    /// such NID by it.
    pub nid: Option<(&'static str, usize)>,
}

/// How many NIDs the registry and the catalogue know (see [`NssVerdict::nid`]).
pub fn known_nids() -> usize {
    nids::count()
}

/// [`judge_nss`] for a batch: the verdict and the findings' codes and spans only, with
/// the automata's caches in `scratch` (one per worker thread). A namespace whose grammar
/// compiles costs a registry search, the automaton's walk over the NSS and, when the NSS
/// is valid, its check digits: no Earley parse, no message, no allocation on a valid NSS
/// (the findings list stays empty). ISO's grammar, whose `isodefined` is prose, is
/// compiled with that prose read as matching nothing, as the Earley engine reads it (the
/// same verdicts and first offending bytes), up to [`LAYER_MAX_NSS`] bytes as in an
/// analysis. Other cases (a longer ISO NSS, an empty NSS) take [`judge_nss`]'s path.
pub fn nss_verdict(
    scratch: &mut LayerScratch,
    nid: &str,
    nss: &str,
    base_offset: usize,
) -> NssVerdict {
    nss_verdict_bytes(scratch, nid.as_bytes(), nss.as_bytes(), base_offset)
}

/// [`nss_verdict`] on a NID and an NSS given as bytes, for a batch that has not made a
/// `str` of its line (`check`'s quick path accepts only UTF-8, and says so without making
/// one): the NID is looked up as bytes, and the namespace's automaton reads only UTF-8,
/// so NSS bytes that are not are rejected as the first character it cannot read, as
/// [`nss_verdict`] would reject that character. Text is made a `str` only where it is
/// read as text: the check digits of an NSS the automaton accepted (which is then UTF-8),
/// and the paths of [`judge_nss`]. A NID or NSS that is not UTF-8 and that no automaton
/// judges has no verdict (`valid` is `None`).
pub fn nss_verdict_bytes(
    scratch: &mut LayerScratch,
    nid: &[u8],
    nss: &[u8],
    base_offset: usize,
) -> NssVerdict {
    // One probe of the NID table gives the registration and the catalogue's namespaces
    // under the NID (the same answers as `lookup` and `namespace_for`).
    let known = nids::known(nid);
    let index = known.and_then(|k| k.namespace_index(nss));
    let registration = match known {
        Some(k) => k.registration,
        None => lookup_bytes(nid),
    };
    let mut out = NssVerdict {
        registration,
        namespace: None,
        valid: None,
        findings: std::mem::take(&mut scratch.spare),
        index: None,
        nid: known.map(|k| (k.lower(), k.index())),
    };
    if !registration.registered() {
        if registration != Registration::Experimental {
            let nid_end = base_offset.saturating_sub(1);
            out.findings.push((
                Severity::Note,
                Code::NidUnregistered,
                Span::new(nid_end.saturating_sub(nid.len()), nid_end),
            ));
        }
        return out;
    }
    let Some((i, ns)) = index.and_then(|i| Some((i, *catalogue::ALL.get(i)?))) else {
        return out;
    };
    out.namespace = Some(ns);
    out.index = Some(i);
    let i = Some(i);
    // A grammar that compiles only with its prose read as nothing (ISO's) is judged by
    // the Earley engine in an analysis, and only up to the tree limit: the same here.
    let compiled = || judge(ns).and_then(Judge::automaton).is_some();
    let automaton = i
        .and_then(batch_judge)
        .and_then(Judge::automaton)
        .filter(|_| nss.len() <= LAYER_MAX_NSS || compiled());
    let (Some(i), Some(a), false) = (i, automaton, nss.is_empty()) else {
        // As `judge_nss`: the tree limit for a grammar that does not compile.
        let max = if compiled() { 0 } else { LAYER_MAX_NSS };
        let (Ok(nid), Ok(nss)) = (std::str::from_utf8(nid), std::str::from_utf8(nss)) else {
            return out;
        };
        let n = layer(scratch, nid, nss, base_offset, max, false);
        out.valid = n.valid;
        out.findings = n
            .diagnostics
            .iter()
            .map(|d| (d.severity, d.code, d.span))
            .collect();
        return out;
    };
    for &(code, _, _) in ns.notes {
        out.findings.push((
            Severity::Note,
            code,
            Span::new(base_offset, base_offset + nss.len()),
        ));
    }
    // The automaton built whole (a dense DFA: one table read a byte), else its lazy DFA
    // with this thread's cache.
    match a.dies_at_dense_bytes(cache_of(scratch, i), nss) {
        Some(at) => {
            // The span `nss_invalid` gives: the offending character (none at the end).
            let next = utf8_len_at(nss, at);
            out.findings.push((
                Severity::Warning,
                Code::NamespaceNssInvalid,
                Span::new(base_offset + at, base_offset + at + next),
            ));
            out.valid = Some(false);
        }
        None if ns.checks.is_empty() => out.valid = Some(true),
        None => {
            // The check digits read the NSS's bytes, never the nodes (see `layer`).
            let input = CheckInput {
                nid,
                nss,
                words: false,
            };
            let mut pass = true;
            for c in ns.checks {
                if let Some(f) = (c.run)(&input) {
                    pass = false;
                    out.findings.push((
                        Severity::Warning,
                        Code::NamespaceCheckDigit,
                        Span::new(base_offset + f.start, base_offset + f.end),
                    ));
                }
            }
            out.valid = Some(pass);
        }
    }
    if out.findings.len() > 1 {
        out.findings
            .sort_by_key(|&(severity, _, span)| (span.start, severity));
    }
    out
}

/// The length of the UTF-8 character whose first byte is `bytes[at]` (0 at the end), as
/// its lead byte says, within `bytes`.
fn utf8_len_at(bytes: &[u8], at: usize) -> usize {
    let n = match bytes.get(at) {
        None => 0,
        Some(&b) if b < 0xC0 => 1,
        Some(&b) if b < 0xE0 => 2,
        Some(&b) if b < 0xF0 => 3,
        Some(_) => 4,
    };
    n.min(bytes.len().saturating_sub(at))
}

/// The section every `nid-unregistered` note cites.
pub const REGISTRY_SECTION: &str = "RFC 8141 §5";

/// Analyses `nss` under its namespace `nid`. `base_offset` is where the NSS starts in the
/// whole input, which the spans are in; the NID is taken to end one byte (its ":") before
/// the NSS, as it does in a URN. Never panics; linear in the NSS's length.
pub fn analyze_nss(nid: &str, nss: &str, base_offset: usize) -> NssAnalysis {
    analyze_nss_within(nid, nss, base_offset, usize::MAX)
}

/// The namespace layer for batch checking (`check --namespaces`): the same findings and
/// verdict as [`analyze_nss_within`] with [`LAYER_MAX_NSS`], without the grammar's nodes
/// (which only a tree shows): a namespace whose grammar compiles is judged by its
/// automaton at any length (its check digits read the NSS's bytes), never parsed by the
/// Earley engine.
pub fn judge_nss(nid: &str, nss: &str, base_offset: usize) -> NssAnalysis {
    let registration = lookup(nid);
    let compiled = registration.registered()
        && namespace_for(nid, nss)
            .and_then(judge)
            .is_some_and(|j| j.automaton().is_some());
    let max = if compiled { 0 } else { LAYER_MAX_NSS };
    layer(&mut LayerScratch::new(), nid, nss, base_offset, max, false)
}

/// The longest NSS whose namespace-grammar tree [`crate::engine::analyze`] builds, in
/// bytes (256, past the NSSs of the namespaces' own examples): the tree comes from the
/// Earley engine, whose constant (some 25 µs a byte in a release build) is paid at every
/// keystroke of the workbench. A longer NSS is still judged whole: by its namespace's
/// grammar compiled to an automaton (verdict and first error, linear at hundreds of
/// megabytes a second), without the grammar's nodes; its check digits read the NSS's
/// bytes, as under this length. Only a namespace whose grammar does not compile
/// (of the shipped ones, ISO's, whose `isodefined` is prose) keeps the note
/// `namespace-not-judged` above this length.
/// [`analyze_nss`] itself has no limit (and always builds the tree).
pub const LAYER_MAX_NSS: usize = 256;

/// [`analyze_nss`], building the namespace grammar's tree only when the NSS is at most
/// `max` bytes long; a longer one is judged by the compiled automaton (see
/// [`LAYER_MAX_NSS`]).
pub fn analyze_nss_within(nid: &str, nss: &str, base_offset: usize, max: usize) -> NssAnalysis {
    layer(&mut LayerScratch::new(), nid, nss, base_offset, max, true)
}

/// [`analyze_nss_within`]; without `whole`, only the verdict and the findings (what
/// [`judge_nss`] gives): no grammar nodes (the check digits read the NSS's text, never
/// the nodes, so an NSS the automaton accepts needs no Earley parse), no normalization
/// steps, no catalogue facts.
fn layer(
    scratch: &mut LayerScratch,
    nid: &str,
    nss: &str,
    base_offset: usize,
    max: usize,
    whole: bool,
) -> NssAnalysis {
    let registration = lookup(nid);
    let mut out = NssAnalysis {
        nid: nid.to_ascii_lowercase(),
        registration,
        namespace: None,
        valid: None,
        nodes: Vec::new(),
        diagnostics: Vec::new(),
        steps: Vec::new(),
        canonical: None,
        facts: Vec::new(),
        work: 0,
    };
    let nid_end = base_offset.saturating_sub(1);
    let nid_span = Span::new(nid_end.saturating_sub(nid.len()), nid_end);
    match registration {
        Registration::Unregistered | Registration::InformalUnlisted => {
            let snap = snapshot();
            let what = if registration == Registration::InformalUnlisted {
                "has the informal form urn-<number>, but IANA's registry"
            } else {
                "is not in IANA's registry of URN namespaces"
            };
            out.diagnostics.push(Diagnostic::new(
                Severity::Note,
                Code::NidUnregistered,
                nid_span,
                REGISTRY_SECTION,
                format!(
                    "the NID {} {what}{} (idbench's snapshot of the registry, last updated \
                     {}); a registered namespace may be newer than the snapshot",
                    printable(nid),
                    if registration == Registration::InformalUnlisted {
                        " does not list it"
                    } else {
                        ""
                    },
                    snap.registry_updated
                ),
            ));
        }
        _ => {}
    }
    let Some(ns) = (if registration.registered() {
        namespace_for(nid, nss)
    } else {
        None
    }) else {
        return out;
    };
    out.namespace = Some(ns);
    for &(code, spec, message) in ns.notes {
        out.diagnostics.push(Diagnostic::new(
            Severity::Note,
            code,
            Span::new(base_offset, base_offset + nss.len()),
            spec,
            message,
        ));
    }
    // Above `max`, the automaton's verdict, and no tree: the check digits read the NSS's
    // bytes. (An Earley parse of a 64 KiB NBN, whose German form has a check digit, took
    // 62 ms of a keystroke for nodes shown past the length no other namespace shows.)
    let mut need_tree = true;
    if nss.len() > max {
        match automaton_verdict(scratch, ns, nss) {
            Some(v) if !v.valid => {
                let f = v.failure.unwrap_or(abnf::Failure {
                    offset: 0,
                    expected: Vec::new(),
                    expected_known: false,
                });
                out.diagnostics
                    .push(nss_invalid(ns, nss, base_offset, &f, false));
                out.valid = Some(false);
                return out;
            }
            Some(_) => need_tree = false,
            None => {
                out.diagnostics.push(not_judged(ns, nss, base_offset, max));
                out.diagnostics.sort_by_key(|d| (d.span.start, d.severity));
                return out;
            }
        }
    }
    let Some(g) = grammar(ns) else {
        return out;
    };
    // Without `whole`, a namespace whose grammar does not compile gets the Earley
    // recognizer's verdict (no forest); only an NSS it rejects is parsed, for the same
    // failure and prose note as the layer's.
    if !whole
        && need_tree
        && let Some(j) = judge(ns)
        && j.automaton().is_none()
        && let Ok(v) = j.verdict(g, &mut None, nss)
        && v.valid
    {
        need_tree = false;
    }
    let options = ParseOptions {
        count_cap: 1_000,
        max_trees: 1,
    };
    let parse = if need_tree {
        let Ok(parse) = g.parse(ns.start, nss, &options) else {
            if nss.len() > max {
                out.diagnostics.push(not_judged(ns, nss, base_offset, max));
                out.diagnostics.sort_by_key(|d| (d.span.start, d.severity));
            }
            return out;
        };
        out.work = parse.items;
        if !parse.valid {
            out.valid = Some(false);
            let f = parse.failure.clone().unwrap_or(abnf::Failure {
                offset: 0,
                expected: Vec::new(),
                expected_known: false,
            });
            out.diagnostics.push(nss_invalid(
                ns,
                nss,
                base_offset,
                &f,
                !parse.unchecked_prose.is_empty(),
            ));
            return out;
        }
        Some(parse)
    } else {
        None
    };
    // The grammar's nodes, relative to the NSS, in preorder, without the start rule.
    let mut rel: Vec<RelNode> = Vec::new();
    if let Some(tree) = parse.as_ref().and_then(|p| p.trees.first()) {
        let names: Vec<&'static str> = tree
            .nodes
            .iter()
            .map(|n| {
                ns.shown
                    .iter()
                    .copied()
                    .find(|s| s.eq_ignore_ascii_case(&n.rule))
                    .unwrap_or("")
            })
            .collect();
        let mut stack = vec![0usize];
        while let Some(i) = stack.pop() {
            let Some(n) = tree.nodes.get(i) else { continue };
            if i != 0 && !names[i].is_empty() {
                rel.push((names[i], n.start, n.end));
            }
            for &c in n.children.iter().rev() {
                stack.push(c);
            }
        }
    }
    if let Some(parts) = ns.parts.filter(|_| whole) {
        rel.extend(parts(nss));
    }
    // Preorder by position: a parent before its children (stable for equal spans).
    rel.sort_by_key(|&(_, s, e)| (s, std::cmp::Reverse(e)));
    let mut open: Vec<usize> = Vec::new();
    for &(rule, s, e) in &rel {
        while open.last().is_some_and(|&end| s >= end) {
            open.pop();
        }
        out.nodes.push(NssNode {
            rule,
            span: Span::new(base_offset + s, base_offset + e),
            depth: open.len() + 1,
        });
        open.push(e);
    }
    let input = CheckInput {
        nid: nid.as_bytes(),
        nss: nss.as_bytes(),
        words: true,
    };
    let mut checks_pass = true;
    for c in ns.checks {
        if let Some(f) = (c.run)(&input) {
            checks_pass = false;
            out.diagnostics.push(Diagnostic::new(
                Severity::Warning,
                Code::NamespaceCheckDigit,
                Span::new(base_offset + f.start, base_offset + f.end),
                c.spec,
                f.message,
            ));
        }
    }
    out.valid = Some(checks_pass);
    if !whole {
        out.diagnostics.sort_by_key(|d| (d.span.start, d.severity));
        return out;
    }
    // A wrong check digit: no step and no canonical form, which would hide the error (a
    // converted ISBN-10 gets the check digit of the corrected ISBN).
    let mut cur = nss.to_string();
    for step in ns.steps.iter().filter(|_| checks_pass) {
        cur = (step.apply)(&cur);
        out.steps.push(AppliedStep {
            name: step.name,
            spec: step.spec,
            nss: cur.clone(),
        });
    }
    out.canonical = checks_pass.then_some(cur);
    out.facts = catalogue::facts(ns, nss);
    out.diagnostics.sort_by_key(|d| (d.span.start, d.severity));
    out
}

/// The note of an NSS over `max` bytes whose namespace's grammar cannot judge it: one that
/// does not compile to an automaton, or an Earley parse over its budget.
fn not_judged(ns: &Namespace, nss: &str, base_offset: usize, max: usize) -> Diagnostic {
    Diagnostic::new(
        Severity::Note,
        Code::NamespaceNotJudged,
        Span::new(base_offset, base_offset + nss.len()),
        ns.section,
        format!(
            "the NSS is {} bytes, over the {} bytes idbench judges by the {} namespace's \
             syntax in an analysis: it is judged by the URN spec alone; shorten it to have \
             its namespace's syntax checked",
            nss.len(),
            max,
            ns.name
        ),
    )
}

/// The warning of an NSS its namespace's grammar rejects, at the failure's offset.
fn nss_invalid(
    ns: &Namespace,
    nss: &str,
    base_offset: usize,
    failure: &abnf::Failure,
    unchecked_prose: bool,
) -> Diagnostic {
    let mut at = failure.offset.min(nss.len());
    while !nss.is_char_boundary(at) {
        at -= 1;
    }
    let next = nss[at..].chars().next().map_or(0, char::len_utf8);
    // The grammar is `'static`: its own names serve, nothing is copied or leaked (a prose
    // value, held without its `<>`, is named as such).
    let expected: Vec<&'static str> = match grammar(ns) {
        Some(g) => failure
            .expected
            .iter()
            .map(|e| g.label(e).unwrap_or("a prose value"))
            .collect(),
        None => Vec::new(),
    };
    let what = if at < nss.len() {
        format!("{} here", printable(&nss[at..at + next]))
    } else {
        "the end of the NSS here".to_string()
    };
    let mut message = format!(
        "the NSS does not follow the {} namespace's syntax ({}): {what}",
        ns.name, ns.section
    );
    if !expected.is_empty() {
        message.push_str(&format!("; expected {}", expected.join(" or ")));
    }
    if unchecked_prose {
        message.push_str(" (or text the document leaves unspecified, which idbench cannot judge)");
    }
    message.push_str("; the URN itself is judged by the URN spec alone");
    let mut d = Diagnostic::new(
        Severity::Warning,
        Code::NamespaceNssInvalid,
        Span::new(base_offset + at, base_offset + at + next),
        ns.section,
        message,
    );
    d.expected = expected;
    d.expected_at = Some(base_offset + at);
    d
}

/// `s` with control, bidi and invisible characters written as escapes, quoted: the engine
/// writes no raw untrusted text into a message (the views escape again for the terminal).
fn printable(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
        {
            out.push_str(&format!("\\u{{{:X}}}", c as u32));
        } else if c == '"' || c == '\\' {
            out.push('\\');
            out.push(c);
        } else {
            out.push(c);
        }
    }
    out.push('"');
    out
}
