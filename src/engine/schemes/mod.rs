//! The URI scheme layer: each scheme as its own spec defines it (a registry row, a grammar
//! file under `abnf/`, and its rules as data), beside the generic RFC 3986 reading.
//!
//! RFC 3986 §3.1: "each scheme's specification may further restrict the syntax and
//! semantics of identifiers using that scheme". This module answers for the scheme, beside
//! the generic spec's answer, never instead of it: its findings are warnings and notes, and
//! its verdict ([`SchemeAnalysis::valid`]) stands apart from the URI's. Built as the URN
//! namespace layer is ([`super::namespaces`]):
//!
//! - [`registry`]: the compiled-in, dated snapshot of IANA's URI Schemes registry.
//! - [`grammars`]: the grammar files, one row each; [`load`] compiles a row's file (with
//!   RFC 3986's rules merged in when its header says `import: rfc3986`) into a
//!   [`Grammar`] and a [`Judge`] (its automaton, or the Earley engine when it does not
//!   compile), once, at the scheme's first use.
//! - [`catalogue`]: the checks a spec's prose adds to its ABNF, the default ports and the
//!   normalization steps, as data keyed by scheme, each citing its section.
//! - [`canon`]: the normalizers that are more than data (RFC 3966's visual separators,
//!   RFC 5870's `geo` rules); [`purl`]: Package URLs.
//! - [`analyze_scheme`]: the layer on one input.
//!
//! Uses only the low engine modules (the ABNF engine, the grammar reference for RFC 3986's
//! productions, the tree's spans and diagnostics, the codes).

use std::sync::{LazyLock, OnceLock};

use super::abnf::{self, Grammar, Judge, ParseOptions, Scratch};
use super::codes::Code;
use super::tree::{Diagnostic, NodeKind, Severity, Span, Tree};

pub mod canon;
pub mod catalogue;
pub mod grammars;
pub mod purl;
pub mod registry;

pub use registry::{Entry, Snapshot, Status, lookup, snapshot};

/// A grammar file's header lines (`abnf/README.md`): the comment lines `; key: value` at
/// its top. RFC 5234 §4 allows only ASCII in a comment, so a file writes "Section 4.2.1";
/// `document` and `section` read it as the project cites sections, "§4.2.1".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `scheme`: the scheme the file is for.
    pub scheme: &'static str,
    /// `document`: the scheme's spec (`RFC 9110`).
    pub document: String,
    /// `section`: the section that gives the syntax, what diagnostics cite
    /// (`RFC 9110 §4.2.1`).
    pub section: String,
    /// `source`: where the text was taken from.
    pub source: &'static str,
    /// `start`: the rule that matches the whole URI.
    pub start: &'static str,
    /// `import`: `rfc3986`, or empty.
    pub import: &'static str,
    /// `tree` (optional): the rules the tree shows, space-separated; empty: every rule the
    /// file defines (but the start rule) whose match is two bytes or more.
    pub tree: &'static str,
}

impl Header {
    /// The header lines a file must have, by key, with whether each is there.
    pub fn required(&self) -> [(&'static str, bool); 5] {
        [
            ("scheme", !self.scheme.is_empty()),
            ("document", !self.document.is_empty()),
            ("section", !self.section.is_empty()),
            ("source", !self.source.is_empty()),
            ("start", !self.start.is_empty()),
        ]
    }
}

/// Reads the header of a grammar file: the `; key: value` comment lines before its first
/// rule.
pub fn header(text: &'static str) -> Header {
    let mut h = Header::default();
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let Some(rest) = t.strip_prefix(';') else {
            break; // the first rule
        };
        let Some((key, value)) = rest.trim().split_once(':') else {
            continue;
        };
        let value = value.trim();
        match key.trim() {
            "scheme" => h.scheme = value,
            "document" => h.document = value.replace("Section ", "§"),
            "section" => h.section = value.replace("Section ", "§"),
            "source" => h.source = value,
            "start" => h.start = value,
            "import" => h.import = value,
            "tree" => h.tree = value,
            _ => {}
        }
    }
    h
}

/// One shipped grammar file.
#[derive(Debug)]
pub struct SchemeGrammar {
    /// The scheme (lower case), from its row.
    pub scheme: &'static str,
    /// The file's name under `src/engine/schemes/abnf/`.
    pub file: &'static str,
    /// The file's text.
    pub text: &'static str,
    /// Its header.
    pub header: Header,
    /// Its place in [`files`].
    pub index: usize,
}

static FILES: LazyLock<Vec<SchemeGrammar>> = LazyLock::new(|| {
    grammars::GRAMMARS
        .iter()
        .enumerate()
        .map(|(index, &(scheme, file, text))| SchemeGrammar {
            scheme,
            file,
            text,
            header: header(text),
            index,
        })
        .collect()
});

/// Every shipped grammar file, in [`grammars::GRAMMARS`]'s order.
pub fn files() -> &'static [SchemeGrammar] {
    &FILES
}

/// The grammar file for `scheme` (case-insensitive).
pub fn file_for(scheme: &str) -> Option<&'static SchemeGrammar> {
    FILES.iter().find(|g| g.scheme.eq_ignore_ascii_case(scheme))
}

/// A grammar file compiled: the grammar (with what it imports) and its start rule's judge.
#[derive(Debug)]
pub struct Loaded {
    /// The grammar.
    pub grammar: Grammar,
    /// The start rule's judge: its automaton, or the Earley engine when it does not
    /// compile ([`Judge::not_compiled`] says why).
    pub judge: Judge,
    /// The rules the file itself defines, in lower case: what the tree may show.
    pub own_rules: Vec<String>,
}

/// The text a grammar file is compiled from: the file, plus, with `import: rfc3986`, each
/// production of RFC 3986's grammar (the grammar reference's reading of it, with the core
/// rules) whose rule the file does not define itself: the file's own definitions win.
pub fn merged_text(g: &SchemeGrammar) -> Result<String, String> {
    let mut text = g.text.to_string();
    match g.header.import {
        "" => {}
        "rfc3986" => {
            let own: Vec<String> = abnf::check(g.text, None)
                .rules
                .iter()
                .map(|r| r.to_ascii_lowercase())
                .collect();
            text.push_str("\n; imported from RFC 3986 (src/engine/specs/uri/rfc3986.abnf)\n");
            for p in super::rules::grammar(super::Profile::Rfc3986).productions() {
                if own.iter().any(|o| o.eq_ignore_ascii_case(p.name)) {
                    continue;
                }
                text.push_str(p.text());
                text.push('\n');
            }
        }
        other => {
            return Err(format!(
                "{}: unknown import {other:?} (the only import is rfc3986)",
                g.file
            ));
        }
    }
    Ok(text)
}

/// Compiles one grammar file: its header, its text with its import, its start rule.
fn compile(g: &SchemeGrammar) -> Result<Loaded, String> {
    if let Some((key, _)) = g.header.required().into_iter().find(|(_, ok)| !ok) {
        return Err(format!("{}: no `; {key}:` header line", g.file));
    }
    if !g.header.scheme.eq_ignore_ascii_case(g.scheme) {
        return Err(format!(
            "{}: the header names the scheme {:?}, its row {:?}",
            g.file, g.header.scheme, g.scheme
        ));
    }
    let text = merged_text(g)?;
    let grammar = Grammar::from_text(&text).map_err(|problems| {
        let first = problems.first().map_or(String::new(), |p| {
            format!(" (line {}: {})", p.line, p.message)
        });
        format!(
            "{}: {} error(s) in the grammar{first}",
            g.file,
            problems.len()
        )
    })?;
    let judge = grammar
        .judge(g.header.start)
        .map_err(|e| format!("{}: {e}", g.file))?;
    let own_rules = abnf::check(g.text, None)
        .rules
        .iter()
        .map(|r| r.to_ascii_lowercase())
        .collect();
    Ok(Loaded {
        grammar,
        judge,
        own_rules,
    })
}

/// Each file's compiled grammar, built at the scheme's first use and kept: an immutable
/// table once built.
static LOADED: LazyLock<Vec<OnceLock<Result<Loaded, String>>>> =
    LazyLock::new(|| FILES.iter().map(|_| OnceLock::new()).collect());

/// The compiled grammar of `g`, or why it does not load (a grammar shipped broken: the
/// tests rule it out; at run time the layer then says nothing of the scheme's syntax
/// rather than fail).
pub fn load(g: &SchemeGrammar) -> Result<&'static Loaded, &'static str> {
    let Some(i) = FILES.iter().position(|f| std::ptr::eq(f, g)) else {
        return Err("not a shipped grammar file");
    };
    load_at(i)
}

/// [`load`] of the `i`th file of [`files`], by its place (what the table of known schemes
/// keeps): no search of the files.
fn load_at(i: usize) -> Result<&'static Loaded, &'static str> {
    let (Some(cell), Some(g)) = (LOADED.get(i), FILES.get(i)) else {
        return Err("not a shipped grammar file");
    };
    match cell.get_or_init(|| compile(g)) {
        Ok(l) => Ok(l),
        Err(e) => Err(e.as_str()),
    }
}

/// The scheme layer's lazy-DFA caches: one per grammar file whose start rule compiled to an
/// automaton (at most [`abnf::CACHE_BYTES`] each), made at the scheme's first use. A batch
/// caller (`check --schemes`) keeps one per worker thread and passes it to
/// [`scheme_verdict`], so that the states an automaton built for one line serve the next;
/// [`analyze_scheme`] makes a short-lived one. The engine itself holds no mutable state
/// (tests/engine_shape.rs). A cache never changes an answer, only how fast it comes.
#[derive(Clone, Debug, Default)]
pub struct LayerScratch {
    caches: Vec<Option<Scratch>>,
    /// The grammar files loaded so far, by their place in [`files`].
    loaded: Vec<Option<&'static Loaded>>,
    /// The schemes last looked up, as written (at most [`RECENT`], each at most 16 bytes),
    /// with what the table says of them: a batch's lines repeat a few schemes, and a
    /// comparison of a few bytes is cheaper than a table look-up.
    recent: Vec<(u128, usize, Known)>,
    /// Where the next scheme goes in `recent` once it is full.
    next: usize,
}

/// How many schemes [`LayerScratch`] remembers.
const RECENT: usize = 8;

impl LayerScratch {
    /// An empty scratch: no cache is made until a scheme needs one.
    pub fn new() -> LayerScratch {
        LayerScratch::default()
    }

    /// [`known`], remembered for the schemes this scratch saw last (each compared as one
    /// 128-bit word and its length).
    fn known(&mut self, scheme: &str) -> Known {
        let b = scheme.as_bytes();
        let head = &b[..b.len().min(16)];
        let mut key = [0u8; 16];
        key[..head.len()].copy_from_slice(head);
        let key = u128::from_le_bytes(key);
        if b.len() <= 16
            && let Some(&(_, _, k)) = self
                .recent
                .iter()
                .find(|&&(w, n, _)| w == key && n == b.len())
        {
            return k;
        }
        let k = known(scheme);
        if b.len() <= 16 {
            if self.recent.len() < RECENT {
                self.recent.push((key, b.len(), k));
            } else if let Some(slot) = self.recent.get_mut(self.next) {
                *slot = (key, b.len(), k);
                self.next = (self.next + 1) % RECENT;
            }
        }
        k
    }

    /// [`load_at`] of the `i`th grammar file, remembered: once loaded, a file is one index
    /// away (a file that does not load is asked again, and fails again, each time).
    fn loaded(&mut self, i: usize) -> Option<&'static Loaded> {
        if let Some(&Some(l)) = self.loaded.get(i) {
            return Some(l);
        }
        let l = load_at(i).ok()?;
        if self.loaded.len() <= i {
            self.loaded.resize(i + 1, None);
        }
        self.loaded[i] = Some(l);
        Some(l)
    }

    /// The cache of the `i`th grammar file of [`files`].
    fn cache(&mut self, i: usize) -> &mut Option<Scratch> {
        if self.caches.len() <= i {
            self.caches.resize_with(i + 1, || None);
        }
        &mut self.caches[i]
    }
}

/// The verdict of the judge of grammar file `i` (`l`, compiled) on `text` (its automaton
/// with the caller's cache, or the Earley recognizer). Without `expected`, a failure found
/// by the automaton has its offset only (no Earley parse of the bytes before it for the
/// expected set): what batch checking needs.
fn verdict(
    scratch: &mut LayerScratch,
    i: usize,
    l: &Loaded,
    text: &str,
    expected: bool,
) -> Option<abnf::Verdict> {
    let Some(a) = l.judge.automaton() else {
        return l.judge.verdict(&l.grammar, &mut None, text).ok();
    };
    let cache = scratch.cache(i);
    if expected {
        return l.judge.verdict(&l.grammar, cache, text).ok();
    }
    let s = cache.get_or_insert_with(|| a.scratch());
    let valid = a.is_match(s, text);
    Some(abnf::Verdict {
        valid,
        failure: (!valid).then(|| abnf::Failure {
            offset: a.dies_at(s, text).unwrap_or(text.len()),
            expected: Vec::new(),
            expected_known: false,
        }),
        engine: abnf::Engine::Automaton,
    })
}

/// What the layer knows of a scheme by its name: its registry entry, its grammar file (by
/// its place in [`files`]) and the checks of [`catalogue::CHECKS`] that apply to it (bit
/// `i` for the `i`th check).
#[derive(Clone, Copy, Debug, Default)]
struct Known {
    entry: Option<&'static Entry>,
    grammar: Option<usize>,
    checks: u32,
    /// The shape its grammar is ([`catalogue::SHAPES`]), for a scheme with a grammar file.
    shape: Option<&'static catalogue::Shape>,
}

/// FNV-1a, for the table of known schemes: its keys are a few ASCII bytes, which it hashes
/// in a few instructions where the standard library's SipHash (made to resist chosen keys
/// in tables that grow from input; this one is built once from the registry and never
/// grows) costs many times that on every line of a batch. Written here: a hasher is a few
/// lines, not worth a dependency.
#[derive(Clone, Copy, Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = h;
    }
}

type KnownTable =
    std::collections::HashMap<&'static str, Known, std::hash::BuildHasherDefault<Fnv>>;

/// Every scheme the registry lists or a grammar file is for, by its lower-case name: one
/// table built once, so that batch checking finds a line's scheme with one look-up (rather
/// than a search of the registry, a scan of the grammar files and of the checks).
static KNOWN: LazyLock<KnownTable> = LazyLock::new(|| {
    let mut m = KnownTable::default();
    for e in &snapshot().entries {
        m.entry(e.scheme).or_default().entry = Some(e);
    }
    for (i, g) in FILES.iter().enumerate() {
        let k = m.entry(g.scheme).or_default();
        k.grammar = Some(i);
        k.shape = catalogue::shape_of(g.scheme);
    }
    for (i, c) in catalogue::CHECKS.iter().enumerate().take(32) {
        for s in c.schemes {
            m.entry(s).or_default().checks |= 1 << i;
        }
    }
    m
});

/// What the layer knows of `scheme` (case-insensitive): one table look-up. A scheme is
/// folded to lower case on the stack when it has an upper-case letter (every known scheme
/// is shorter than the buffer; a longer one is unknown).
fn known(scheme: &str) -> Known {
    if !scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        return KNOWN.get(scheme).copied().unwrap_or_default();
    }
    let mut buf = [0u8; 64];
    let Some(folded) = buf.get_mut(..scheme.len()) else {
        return Known::default();
    };
    folded.copy_from_slice(scheme.as_bytes());
    folded.make_ascii_lowercase();
    std::str::from_utf8(folded)
        .ok()
        .and_then(|f| KNOWN.get(f).copied())
        .unwrap_or_default()
}

/// Where the layer's findings go: the full diagnostics ([`analyze_scheme`]), or only each
/// one's severity, code and span ([`scheme_verdict`], for batch checking: no message is
/// formatted, no diagnostic kept).
enum Findings<'o> {
    Full(&'o mut Vec<Diagnostic>),
    Codes(&'o mut Vec<(Severity, Code, Span)>),
}

impl Findings<'_> {
    /// Whether messages are wanted.
    fn messages(&self) -> bool {
        matches!(self, Findings::Full(_))
    }
    fn push(&mut self, d: Diagnostic) {
        match self {
            Findings::Full(v) => v.push(d),
            Findings::Codes(v) => v.push((d.severity, d.code, d.span)),
        }
    }
    /// In input order (a stable sort: by place, then severity).
    fn sort(&mut self) {
        match self {
            Findings::Full(v) => v.sort_by_key(|d| (d.span.start, d.severity)),
            Findings::Codes(v) => v.sort_by_key(|&(severity, _, span)| (span.start, severity)),
        }
    }
}

/// One node of the scheme grammar's structure.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SchemeNode {
    /// The rule's name as the grammar file writes it.
    pub rule: &'static str,
    /// Its bytes, in the input.
    pub span: Span,
    /// 1 for a top node, 2 for its child, ...
    pub depth: usize,
}

/// A normalization step applied: the text after it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AppliedStep {
    /// What the step does.
    pub name: &'static str,
    /// Its document and section.
    pub spec: &'static str,
    /// The URI after this step (and the ones before it).
    pub text: String,
}

/// What [`analyze_scheme`] finds.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SchemeAnalysis {
    /// The scheme, in lower case.
    pub scheme: String,
    /// The registry's entry, when the snapshot lists the scheme (not serialized: the
    /// snapshot is `idbench schemes`'s).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub entry: Option<&'static Entry>,
    /// The scheme's grammar file, when idbench ships one (not serialized).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub grammar: Option<&'static SchemeGrammar>,
    /// Whether the URI follows its scheme's grammar (and the checks its spec's prose
    /// adds); `None` when idbench knows no syntax for the scheme (or did not judge it).
    pub valid: Option<bool>,
    /// The scheme grammar's structure, in preorder (empty unless asked for and short
    /// enough, see [`LAYER_MAX_TREE`]).
    pub nodes: Vec<SchemeNode>,
    /// Warnings and notes, in input order.
    pub diagnostics: Vec<Diagnostic>,
    /// The scheme's normalization steps applied to the generic `canonical_scheme`.
    pub steps: Vec<AppliedStep>,
    /// The scheme's normal form: the generic scheme-based form after the scheme's steps;
    /// `None` when the layer was given no generic form, or the URI does not follow its
    /// scheme's syntax.
    pub canonical: Option<String>,
}

impl SchemeAnalysis {
    /// The nodes inside `span` (the generic tree's leaf they are grafted under), with
    /// their depths counted from there: 1 for a node no other node inside `span` holds.
    pub fn nodes_within(&self, span: Span) -> Vec<SchemeNode> {
        let mut out: Vec<SchemeNode> = Vec::new();
        let mut open: Vec<usize> = Vec::new();
        for n in self
            .nodes
            .iter()
            .filter(|n| n.span.start >= span.start && n.span.end <= span.end)
        {
            while open.last().is_some_and(|&end| n.span.start >= end) {
                open.pop();
            }
            out.push(SchemeNode {
                rule: n.rule,
                span: n.span,
                depth: open.len() + 1,
            });
            open.push(n.span.end);
        }
        out
    }

    /// Whether the snapshot lists the scheme.
    pub fn registered(&self) -> bool {
        self.entry.is_some()
    }
    /// The scheme's document, when idbench ships its grammar.
    pub fn document(&self) -> Option<&'static str> {
        self.grammar.map(|g| g.header.document.as_str())
    }
    /// The scheme's syntax section, when idbench ships its grammar.
    pub fn section(&self) -> Option<&'static str> {
        self.grammar.map(|g| g.header.section.as_str())
    }
    /// The scheme's verdict in a few words, as the faces show it beside the generic one.
    /// Holds no input text.
    pub fn verdict_words(&self) -> String {
        match (self.valid, self.grammar) {
            (Some(true), Some(g)) => format!("valid by {} ({})", g.header.section, g.scheme),
            (Some(false), Some(g)) => format!("invalid by {} ({})", g.header.section, g.scheme),
            _ => "no syntax known to idbench for this scheme".to_string(),
        }
    }
    /// How the registry knows the scheme, in a sentence's words. Holds no input text.
    pub fn registration_words(&self) -> String {
        let snap = snapshot().registry_updated;
        match self.entry {
            Some(e) => {
                let date = e
                    .date
                    .map_or(String::new(), |d| format!(", registered {d}"));
                let reference = if e.reference.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", e.reference)
                };
                let replaced = match (e.replaced_by, e.replaced_by_spec) {
                    (Some(r), Some(s)) => format!("; replaced by \"{r}\" ({s})"),
                    (Some(r), None) => format!("; replaced by \"{r}\""),
                    _ => String::new(),
                };
                format!("{} scheme{date}{reference}{replaced}", e.status.name())
            }
            None => format!("not registered (snapshot of {snap})"),
        }
    }
}

/// Grafts the scheme grammar's structure (`sa.nodes`) into the generic tree: the nodes
/// within the path under the path, those within the query under the query, those within the
/// fragment under the fragment (a purl's type and name, its qualifiers, its subpath), each
/// of kind [`NodeKind::SchemePart`] and named by its rule in the scheme's grammar file. A
/// component whose one child is a leaf spanning all of it (an opaque path's one segment,
/// such as `mailto:`'s) has them under that leaf; any other has them after its children.
/// A node that reaches across two components is shown in neither. Linear in the tree and
/// the nodes.
pub fn graft(tree: &mut Tree, sa: &SchemeAnalysis) {
    if sa.nodes.is_empty() {
        return;
    }
    let root = tree.root();
    let places: Vec<(usize, Span)> = [NodeKind::Path, NodeKind::Query, NodeKind::Fragment]
        .into_iter()
        .filter_map(|kind| {
            let c = root.child(kind)?;
            let mut kids = c.children();
            Some(match (kids.next(), kids.next()) {
                (Some(k), None) if k.span() == c.span() && k.children().next().is_none() => {
                    (k.index(), k.span())
                }
                _ => (c.index(), c.span()),
            })
        })
        .collect();
    // The last component first: a graft moves the nodes after it, never those before.
    for (at, span) in places.into_iter().rev() {
        let children: Vec<(NodeKind, &'static str, Span, usize)> = sa
            .nodes_within(span)
            .iter()
            .map(|n| (NodeKind::SchemePart, n.rule, n.span, n.depth))
            .collect();
        tree.graft_under(at, &children);
    }
}

/// The longest URI whose scheme-grammar tree [`crate::engine::analyze`] builds (256
/// bytes, as the namespace layer's [`super::namespaces::LAYER_MAX_NSS`], for the same
/// reason: the tree comes from the Earley engine at every keystroke). A longer URI is
/// still judged whole by its scheme's automaton, without the tree.
pub const LAYER_MAX_TREE: usize = 256;

/// What the layer is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask<'a> {
    /// The generic spec accepts the input (the checks of a scheme without a shipped
    /// grammar run only then).
    pub generic_valid: bool,
    /// The generic scheme-based form (`canonical_scheme`), to which the scheme's steps
    /// apply; `None`: no steps, no canonical form.
    pub canonical_scheme: Option<&'a str>,
    /// Build the grammar's tree (when the input is at most [`LAYER_MAX_TREE`] bytes).
    pub tree: bool,
}

/// The input as RFC 3987 §3.1 maps an IRI to a URI (every non-ASCII character's UTF-8
/// bytes percent-encoded); `None` when the input is ASCII (no mapping needed). Where a
/// byte of the result came from is [`mapped_back`]'s, worked out only where asked (a
/// failure's offset, the tree's nodes), not for every line of a batch.
fn as_uri(input: &str) -> Option<String> {
    if input.is_ascii() {
        return None;
    }
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(input.len() * 3);
    for c in input.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
        }
    }
    Some(out)
}

/// The byte of `input` that byte `at` of its URI mapping ([`as_uri`]) came from: the
/// start of the character whose encoding holds it; the input's length past the end.
/// Linear in the input.
fn mapped_back(input: &str, at: usize) -> usize {
    let mut m = 0;
    for (i, c) in input.char_indices() {
        let width = if c.is_ascii() { 1 } else { 3 * c.len_utf8() };
        if at < m + width {
            return i;
        }
        m += width;
    }
    input.len()
}

/// The layer on `input`, whose scheme is `input[..scheme_end]` (the generic tree's
/// `scheme` node). `None` for `urn`, which the namespace layer reads
/// ([`super::namespaces`]). Never panics; linear in the input (the tree, from the Earley
/// engine, only up to [`LAYER_MAX_TREE`] bytes). With a short-lived [`LayerScratch`]: a
/// batch caller keeps its own and calls [`analyze_scheme_in`] or [`scheme_verdict`].
pub fn analyze_scheme(input: &str, scheme_end: usize, ask: Ask<'_>) -> Option<SchemeAnalysis> {
    analyze_scheme_in(&mut LayerScratch::new(), input, scheme_end, ask)
}

/// [`analyze_scheme`] with the caller's automaton caches.
pub fn analyze_scheme_in(
    scratch: &mut LayerScratch,
    input: &str,
    scheme_end: usize,
    ask: Ask<'_>,
) -> Option<SchemeAnalysis> {
    let (scheme, mut k) = scheme_of(input, scheme_end)?;
    k.shape = None; // the full layer always asks the grammar: its verdict is the reference
    let mut out = SchemeAnalysis {
        scheme: scheme.to_ascii_lowercase(),
        entry: k.entry,
        grammar: k.grammar.and_then(|i| FILES.get(i)),
        valid: None,
        nodes: Vec::new(),
        diagnostics: Vec::new(),
        steps: Vec::new(),
        canonical: None,
    };
    let j = judge_scheme(
        scratch,
        &catalogue::Seen::new(input, scheme_end),
        k,
        ask,
        &mut Findings::Full(&mut out.diagnostics),
        &mut out.nodes,
    );
    out.valid = j.valid;
    if j.syntax_ok {
        if let Some(cs) = ask.canonical_scheme.filter(|_| !j.failed) {
            let mut cur = cs.to_string();
            for (name, spec, apply) in catalogue::steps_for(&out.scheme) {
                if let Some(next) = apply(&cur)
                    && next != cur
                {
                    cur = next;
                    out.steps.push(AppliedStep {
                        name,
                        spec,
                        text: cur.clone(),
                    });
                }
            }
            out.canonical = Some(cur);
        }
    } else if let Some(cs) = ask.canonical_scheme {
        // The grammar rejects the URI as written; a step that is the scheme's own
        // parse-and-build still gives its normal form where that parse accepts it.
        let mut cur = cs.to_string();
        for st in catalogue::STEPS.iter().filter(|st| {
            st.repairs
                && st
                    .schemes
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(&out.scheme))
        }) {
            if let Some(next) = (st.apply)(&cur)
                && next != cur
            {
                cur = next;
                out.steps.push(AppliedStep {
                    name: st.name,
                    spec: st.spec,
                    text: cur.clone(),
                });
            }
        }
        if !out.steps.is_empty() {
            out.canonical = Some(cur);
        }
    }
    Some(out)
}

/// What batch checking needs of the layer (`check --schemes`): the registry entry, the
/// grammar file, the verdict and each finding's severity, code and span, without messages,
/// grammar nodes, expected sets, steps or the scheme's name in lower case, which a record
/// does not show. The same verdict and findings, in the same order, as
/// [`analyze_scheme`] (both run one judgement; tests/schemes_layer.rs compares them on
/// every corpus line).
#[derive(Clone, Debug)]
pub struct SchemeVerdict {
    /// The registry's entry, when the snapshot lists the scheme.
    pub entry: Option<&'static Entry>,
    /// The scheme's grammar file, when idbench ships one.
    pub grammar: Option<&'static SchemeGrammar>,
    /// As [`SchemeAnalysis::valid`].
    pub valid: Option<bool>,
    /// The findings: (severity, code, span in the input), in input order.
    pub findings: Vec<(Severity, Code, Span)>,
}

/// The layer's verdict for batch checking (see [`SchemeVerdict`]), with the caller's
/// automaton caches: no message is formatted and nothing is allocated for a line without
/// findings. `None` where [`analyze_scheme`] is `None`. With `vouched` (the generic spec
/// that accepted the line is RFC 3986's, or RFC 3987's: the line is a URI, or an IRI whose
/// mapping is one), a scheme whose grammar is a [`catalogue::Shape`] is accepted without
/// its automaton where the line has that shape: the same verdict (the test
/// `the_shapes_decide_as_the_automaton`).
pub fn scheme_verdict(
    scratch: &mut LayerScratch,
    input: &[u8],
    scheme_end: usize,
    generic_valid: bool,
    vouched: bool,
) -> Option<SchemeVerdict> {
    let scheme = std::str::from_utf8(input.get(..scheme_end)?).ok()?;
    if scheme.is_empty() || scheme.eq_ignore_ascii_case("urn") {
        return None;
    }
    let mut k = scratch.known(scheme);
    let mut seen = catalogue::Seen::bytes(input, scheme_end);
    // The shape decides only for a URI the generic spec accepted, of that shape: then the
    // line is UTF-8 (the generic spec accepted it) and is not checked again; any other
    // line is text or gets no answer (as `analyze` gives none for bytes).
    if !(vouched && generic_valid && k.shape.is_some_and(|s| s.fits(&seen))) {
        k.shape = None;
        seen.text = Some(std::str::from_utf8(input).ok()?);
    }
    let ask = Ask {
        generic_valid,
        canonical_scheme: None,
        tree: false,
    };
    let mut findings = Vec::new();
    let j = judge_scheme(
        scratch,
        &seen,
        k,
        ask,
        &mut Findings::Codes(&mut findings),
        &mut Vec::new(),
    );
    Some(SchemeVerdict {
        entry: k.entry,
        grammar: k.grammar.and_then(|i| FILES.get(i)),
        valid: j.valid,
        findings,
    })
}

/// The scheme of `input` (`input[..scheme_end]`) and what the layer knows of it; `None`
/// for no scheme or `urn`.
fn scheme_of(input: &str, scheme_end: usize) -> Option<(&str, Known)> {
    let scheme = input.get(..scheme_end)?;
    if scheme.is_empty() || scheme.eq_ignore_ascii_case("urn") {
        return None;
    }
    Some((scheme, known(scheme)))
}

/// What [`judge_scheme`] decides.
struct Judged {
    /// The scheme's verdict.
    valid: Option<bool>,
    /// The scheme's syntax held (its steps then apply).
    syntax_ok: bool,
    /// A check of the catalogue failed (then no normal form).
    failed: bool,
}

/// The layer's judgement, shared by [`analyze_scheme_in`] and [`scheme_verdict`]: the
/// registry's finding, the grammar's verdict (with its tree into `nodes` when `ask.tree`)
/// and the checks of the catalogue, into `findings` (sorted by place). With `k.shape` (set
/// by [`scheme_verdict`] only for a URI the generic spec accepted that has its grammar's
/// shape), the URI is accepted without the automaton, unless the tree is asked for.
fn judge_scheme(
    scratch: &mut LayerScratch,
    seen: &catalogue::Seen<'_>,
    k: Known,
    ask: Ask<'_>,
    findings: &mut Findings<'_>,
    nodes: &mut Vec<SchemeNode>,
) -> Judged {
    let scheme_end = seen.scheme_end;
    let scheme = seen.text.and_then(|t| t.get(..scheme_end)).unwrap_or("");
    let messages = findings.messages();
    registration_findings(k.entry, scheme, Span::new(0, scheme_end), findings);
    let mut valid = None;
    let mut syntax_ok = ask.generic_valid;
    if let Some(i) = k.grammar
        && let Some(g) = FILES.get(i)
        && let Some(l) = scratch.loaded(i)
    {
        if !ask.tree && k.shape.is_some() {
            // A URI the generic spec accepted, of its grammar's shape: what the automaton
            // would say (catalogue::Shape), with no mapping and no automaton run.
            valid = Some(true);
            syntax_ok = true;
        } else if let Some(text) = seen.text {
            (valid, syntax_ok) = grammar_verdict(scratch, (i, g, l), text, ask, findings, nodes);
        } else {
            syntax_ok = false; // not reached: a line without text had its shape
        }
    }
    let mut failed = false;
    if syntax_ok && k.checks != 0 {
        for (_, c) in catalogue::CHECKS
            .iter()
            .enumerate()
            .filter(|(i, _)| k.checks & (1 << i) != 0)
        {
            if let Some(f) = (c.run)(seen) {
                failed = true;
                findings.push(Diagnostic::new(
                    Severity::Warning,
                    c.code,
                    Span::new(f.start, f.end),
                    c.spec,
                    if messages {
                        f.message.to_string()
                    } else {
                        String::new()
                    },
                ));
            }
        }
        if failed {
            valid = valid.map(|_| false);
        }
    }
    findings.sort();
    Judged {
        valid,
        syntax_ok,
        failed,
    }
}

/// The grammar's verdict on `input` (file `i`, `g`, compiled `l`): its automaton's, or the
/// Earley engine's, on the input or its URI mapping; a failure's warning, or the note of a
/// URI too long to judge, into `findings`; the tree into `nodes` when `ask.tree`. Returns
/// the scheme's verdict and whether its syntax held.
fn grammar_verdict(
    scratch: &mut LayerScratch,
    (i, g, l): (usize, &'static SchemeGrammar, &'static Loaded),
    input: &str,
    ask: Ask<'_>,
    findings: &mut Findings<'_>,
    nodes: &mut Vec<SchemeNode>,
) -> (Option<bool>, bool) {
    let messages = findings.messages();
    let mut valid = None;
    let syntax_ok;
    let mapped = as_uri(input);
    let text = mapped.as_deref().unwrap_or(input);
    let back = |at: usize| -> usize {
        match &mapped {
            Some(_) => mapped_back(input, at),
            None => at.min(input.len()),
        }
    };
    match verdict(scratch, i, l, text, ask.tree) {
        Some(v) if v.valid => {
            valid = Some(true);
            syntax_ok = true;
            if ask.tree && text.len() <= LAYER_MAX_TREE {
                *nodes = tree_nodes(g, l, text, &back);
            }
        }
        Some(v) => {
            valid = Some(false);
            syntax_ok = false;
            let f = v.failure.unwrap_or(abnf::Failure {
                offset: text.len(),
                expected: Vec::new(),
                expected_known: false,
            });
            findings.push(syntax_invalid(g, l, input, back(f.offset), &f, messages));
        }
        None => {
            syntax_ok = false;
            let message = if messages {
                format!(
                    "the URI is {} bytes, more than the \"{}\" grammar's parse takes: it \
                     is judged by the generic spec alone; shorten it to have its \
                     scheme's syntax checked",
                    input.len(),
                    g.scheme
                )
            } else {
                String::new()
            };
            findings.push(Diagnostic::new(
                Severity::Note,
                Code::SchemeNotJudged,
                Span::new(0, input.len()),
                g.header.section.as_str(),
                message,
            ));
        }
    }
    (valid, syntax_ok)
}

/// The registry's notes and warnings: unregistered, provisional, historical.
/// Without messages wanted, the finding carries none.
fn registration_findings(
    entry: Option<&'static Entry>,
    scheme: &str,
    span: Span,
    findings: &mut Findings<'_>,
) {
    let (severity, code) = match entry {
        None => (Severity::Note, Code::SchemeUnregistered),
        Some(e) if e.status == Status::Provisional => (Severity::Note, Code::SchemeProvisional),
        Some(e) if e.status == Status::Historical => (Severity::Warning, Code::SchemeHistorical),
        Some(_) => return,
    };
    if !findings.messages() {
        findings.push(Diagnostic::new(
            severity,
            code,
            span,
            code.section(),
            String::new(),
        ));
        return;
    }
    let snap = snapshot();
    let name = printable(scheme);
    let (severity, code, message) = match entry {
        None => (
            Severity::Note,
            Code::SchemeUnregistered,
            format!(
                "the scheme {name} is not in IANA's URI Schemes registry (idbench's snapshot, \
                 last updated {}); check its spelling, or register it (RFC 7595 §7) before \
                 using it outside a private context",
                snap.registry_updated
            ),
        ),
        Some(e) if e.status == Status::Provisional => (
            Severity::Note,
            Code::SchemeProvisional,
            format!(
                "the scheme {name} is only provisionally registered{}: its definition may be \
                 incomplete; prefer a permanent scheme where one fits",
                if e.reference.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", e.reference)
                }
            ),
        ),
        Some(e) if e.status == Status::Historical => (
            Severity::Warning,
            Code::SchemeHistorical,
            match (e.replaced_by, e.replaced_by_spec) {
                (Some(r), Some(s)) => format!(
                    "the scheme {name} is registered as historical: use \"{r}\" instead ({s})"
                ),
                _ => format!(
                    "the scheme {name} is registered as historical: it is no longer in use; \
                     the registry names no replacement"
                ),
            },
        ),
        Some(_) => return,
    };
    findings.push(Diagnostic::new(
        severity,
        code,
        span,
        code.section(),
        message,
    ));
}

/// The scheme grammar's nodes for `text` (the input, or its URI mapping), spans mapped back
/// to the input by `back`: the rules the file shows (its `tree` header, else every rule it
/// defines but the start rule, matched over two bytes or more), in preorder.
fn tree_nodes(
    g: &SchemeGrammar,
    l: &'static Loaded,
    text: &str,
    back: &dyn Fn(usize) -> usize,
) -> Vec<SchemeNode> {
    let options = ParseOptions {
        count_cap: 1_000,
        max_trees: 1,
    };
    let Ok(parse) = l.grammar.parse(g.header.start, text, &options) else {
        return Vec::new();
    };
    let Some(tree) = parse.trees.first() else {
        return Vec::new();
    };
    let shown: Vec<&str> = g.header.tree.split_whitespace().collect();
    let show = |rule: &str, width: usize| -> bool {
        if shown.is_empty() {
            !rule.eq_ignore_ascii_case(g.header.start)
                && l.own_rules.iter().any(|r| r.eq_ignore_ascii_case(rule))
                && width >= 2
        } else {
            shown.iter().any(|s| s.eq_ignore_ascii_case(rule))
        }
    };
    let mut rel: Vec<(&'static str, usize, usize)> = Vec::new();
    let mut stack = vec![0usize];
    while let Some(i) = stack.pop() {
        let Some(n) = tree.nodes.get(i) else { continue };
        if i != 0 && show(&n.rule, n.end.saturating_sub(n.start)) {
            // The grammar is `'static` (the loader's table): its own name serves, nothing
            // is copied.
            if let Some(name) = l.grammar.label(&n.rule) {
                rel.push((name, back(n.start), back(n.end).max(back(n.start))));
            }
        }
        for &c in n.children.iter().rev() {
            stack.push(c);
        }
    }
    rel.sort_by_key(|&(_, s, e)| (s, std::cmp::Reverse(e)));
    let mut out = Vec::with_capacity(rel.len());
    let mut open: Vec<usize> = Vec::new();
    for (rule, s, e) in rel {
        while open.last().is_some_and(|&end| s >= end) {
            open.pop();
        }
        out.push(SchemeNode {
            rule,
            span: Span::new(s, e),
            depth: open.len() + 1,
        });
        open.push(e);
    }
    out
}

/// `name`, a label of `l`'s grammar, as a `'static` borrow of it: `l` lives in the
/// loader's table for the whole run.
fn static_label(l: &'static Loaded, name: &str) -> &'static str {
    l.grammar.label(name).unwrap_or("")
}

/// The warning of a URI its scheme's grammar rejects, at input byte `at`.
fn syntax_invalid(
    g: &'static SchemeGrammar,
    l: &'static Loaded,
    input: &str,
    at: usize,
    failure: &abnf::Failure,
    messages: bool,
) -> Diagnostic {
    let mut at = at.min(input.len());
    while !input.is_char_boundary(at) {
        at -= 1;
    }
    let next = input[at..].chars().next().map_or(0, char::len_utf8);
    if !messages {
        return Diagnostic::new(
            Severity::Warning,
            Code::SchemeSyntaxInvalid,
            Span::new(at, at + next),
            g.header.section.as_str(),
            String::new(),
        );
    }
    let expected: Vec<&'static str> = failure
        .expected
        .iter()
        .map(|e| static_label(l, e))
        .map(|e| if e.is_empty() { "a prose value" } else { e })
        .collect();
    let what = if at < input.len() {
        format!("{} here", printable(&input[at..at + next]))
    } else {
        "the end of the URI here".to_string()
    };
    let mut message = format!(
        "the URI does not follow the \"{}\" scheme's syntax ({}): {what}",
        g.scheme, g.header.section
    );
    if !expected.is_empty() {
        message.push_str(&format!("; expected {}", expected.join(" or ")));
    }
    message.push_str(
        "; fix it as the scheme's spec says (the URI itself is judged by the generic spec \
         alone)",
    );
    let mut d = Diagnostic::new(
        Severity::Warning,
        Code::SchemeSyntaxInvalid,
        Span::new(at, at + next),
        g.header.section.as_str(),
        message,
    );
    d.expected = expected;
    d.expected_at = Some(at);
    d
}

/// `s` with control, bidi and invisible characters written as escapes, quoted: the engine
/// writes no raw untrusted text into a message (the views escape again for the terminal).
pub(crate) fn printable(s: &str) -> String {
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

/// The scheme's rungs of a comparison ladder, after the generic ones: for sides `a` and `b`
/// (the generic ladder's last texts) of one scheme, each of its steps
/// ([`catalogue::steps_for`]) applied to both, then its steps on both sides at once
/// ([`catalogue::PAIR_STEPS`]), as `(name, spec, a, b)`; a step that changes neither side
/// is left out. Empty when the sides' schemes differ or the scheme has no
/// step (or is `urn`). Linear in the sides' lengths.
pub fn ladder_steps(a: &str, b: &str) -> Vec<(&'static str, &'static str, String, String)> {
    let scheme_of = |s: &str| {
        s.find(':')
            .and_then(|i| s.get(..i))
            .map(str::to_ascii_lowercase)
    };
    let (Some(sa), Some(sb)) = (scheme_of(a), scheme_of(b)) else {
        return Vec::new();
    };
    if sa != sb || sa == "urn" {
        return Vec::new();
    }
    let (mut ca, mut cb) = (a.to_string(), b.to_string());
    let mut out = Vec::new();
    for (name, spec, apply) in catalogue::steps_for(&sa) {
        let na = apply(&ca);
        let nb = apply(&cb);
        if na.is_none() && nb.is_none() {
            continue;
        }
        if let Some(x) = na {
            ca = x;
        }
        if let Some(x) = nb {
            cb = x;
        }
        out.push((name, spec, ca.clone(), cb.clone()));
    }
    for st in catalogue::PAIR_STEPS
        .iter()
        .filter(|st| st.schemes.contains(&sa.as_str()))
    {
        if let Some((na, nb)) = (st.apply)(&ca, &cb) {
            ca = na;
            cb = nb;
            out.push((st.name, st.spec, ca.clone(), cb.clone()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each byte of the URI mapping goes back to the start of the character it encodes.
    #[test]
    fn mapped_offsets_go_back_to_their_character() {
        let input = "http://a/é日?q";
        let text = as_uri(input).expect("non-ASCII");
        assert_eq!(text, "http://a/%C3%A9%E6%97%A5?q");
        let mut want = Vec::new();
        for (i, c) in input.char_indices() {
            let n = if c.is_ascii() { 1 } else { 3 * c.len_utf8() };
            want.extend(std::iter::repeat_n(i, n));
        }
        for (at, &w) in want.iter().enumerate() {
            assert_eq!(mapped_back(input, at), w, "{at}");
        }
        assert_eq!(mapped_back(input, text.len()), input.len());
        assert!(as_uri("http://a/").is_none());
    }

    /// Batch checking's verdict is the full layer's: the same validity and the same
    /// findings in the same order, with one scratch kept across every input (its caches
    /// never change an answer).
    #[test]
    fn the_batch_verdict_is_the_layers() {
        let mut scratch = LayerScratch::new();
        for input in [
            "http://example.com/",
            "HTTP://example.com:80/a",
            "http:///a",
            "https://u:p@h/",
            "mailto:a@b@c",
            "tel:7042",
            "tel:+1-201-555-0123",
            "fax:+1-201-555-0123",
            "pkg:npm/foo@1",
            "zzzz-unknown:x",
            "geo:90,46",
            "http://ex.com/日本語?q=東京",
            "ws://h/\u{202e}x",
            "sip:alice@atlanta.com;transport=tcp",
            "data:,x",
            "did:example:123",
        ] {
            let end = input.find(':').expect("scheme");
            for generic_valid in [true, false] {
                let ask = Ask {
                    generic_valid,
                    canonical_scheme: None,
                    tree: false,
                };
                let full = analyze_scheme(input, end, ask).expect("layer");
                let v = scheme_verdict(&mut scratch, input.as_bytes(), end, generic_valid, false)
                    .expect("layer");
                assert_eq!(v.valid, full.valid, "{input}");
                assert_eq!(v.entry.is_some(), full.registered(), "{input}");
                assert_eq!(
                    v.grammar.map(|g| g.scheme),
                    full.grammar.map(|g| g.scheme),
                    "{input}"
                );
                let codes: Vec<(Severity, Code, Span)> = full
                    .diagnostics
                    .iter()
                    .map(|d| (d.severity, d.code, d.span))
                    .collect();
                assert_eq!(v.findings, codes, "{input}");
            }
        }
        assert!(scheme_verdict(&mut scratch, b"urn:isbn:1", 3, true, true).is_none());
        // The scratch remembers a few schemes; what it remembers is the table's answer.
        let mut s = LayerScratch::new();
        for name in [
            "http",
            "HTTP",
            "fax",
            "zz-x",
            "mailto",
            "http",
            "a".repeat(40).as_str(),
            "tel",
            "data",
            "ws",
            "wss",
            "https",
            "file",
            "ftp",
            "http",
        ] {
            let (a, b) = (s.known(name), known(name));
            assert_eq!(
                a.entry.map(|e| e.scheme),
                b.entry.map(|e| e.scheme),
                "{name}"
            );
            assert_eq!((a.grammar, a.checks), (b.grammar, b.checks), "{name}");
        }
        assert_eq!(s.recent.len(), RECENT);
    }

    /// The table of known schemes answers as the registry and the grammar files do, in
    /// any case.
    #[test]
    fn the_known_table_is_the_registry_and_the_files() {
        for e in &snapshot().entries {
            for name in [e.scheme.to_string(), e.scheme.to_ascii_uppercase()] {
                let k = known(&name);
                assert_eq!(k.entry.map(|x| x.scheme), Some(e.scheme));
                assert_eq!(
                    k.grammar.and_then(|i| FILES.get(i)).map(|g| g.scheme),
                    file_for(e.scheme).map(|g| g.scheme)
                );
            }
        }
        for g in files() {
            assert_eq!(
                known(g.scheme)
                    .grammar
                    .and_then(|i| FILES.get(i))
                    .map(|f| f.scheme),
                Some(g.scheme)
            );
        }
        assert!(known("zzzz-none").entry.is_none());
        assert!(known(&"A".repeat(100)).entry.is_none());
        assert_ne!(known("http").checks, 0);
        assert_eq!(known("mailto").checks, 0);
    }
}
