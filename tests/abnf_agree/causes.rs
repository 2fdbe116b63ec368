#![allow(dead_code)] // shared by several test crates and the fuzz crate; each uses a part
//! Each profile's hand-written parser held to the ABNF engine over the profile's shipped
//! grammar text, and the listed causes of a disagreement: readings of prose rules the ABNF
//! cannot say (docs/readings.md, "The shipped grammars against their ABNF").
//!
//! A cause is a predicate over the input, never a list of inputs: it names the reading and
//! says, from the input's text and from the same engine over the same grammar text (parsing
//! a part of the input from one of the grammar's own rules), whether the reading decides
//! the input. A disagreement that no cause explains is a failure. Shared by
//! tests/abnf_builtin.rs (the identifier sets), tests/abnf_agree_prop.rs (generated inputs)
//! and fuzz/fuzz_targets/abnf_agree.rs (arbitrary input), so the three hold one list.

use idbench::engine::abnf::{Grammar, ParseCount, ParseOptions};
use idbench::engine::specs::leading_scheme;
use idbench::engine::{Options, Profile, analyze, rules};

/// One listed cause of a disagreement.
#[derive(Clone, Copy, Debug)]
pub struct Cause {
    /// Short stable name.
    pub name: &'static str,
    /// The reading, and where docs/readings.md records it.
    pub reading: &'static str,
    /// The hand-written verdict where the cause holds (the engine's is the other).
    pub hand: bool,
    /// Whether the reading decides this input.
    pub holds: fn(&Checker, &str) -> bool,
}

/// One profile's grammar, compiled, with the causes that may explain a disagreement.
pub struct Checker {
    /// The profile.
    pub profile: Profile,
    /// The rule the grammar starts from.
    pub start: &'static str,
    /// The shipped grammar text, as idbench reads it.
    pub text: String,
    grammar: Grammar,
    /// The grammar text plus the helper rules the causes parse parts of the input with
    /// (prefixed `agree-`; none replaces a shipped rule).
    helpers: Grammar,
    /// The listed causes.
    pub causes: &'static [Cause],
}

/// A disagreement: the input and both verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The input.
    pub input: String,
    /// The hand-written parser's verdict.
    pub hand: bool,
    /// The ABNF engine's verdict.
    pub abnf: bool,
}

/// The ABNF text idbench reads for `profile` (as `idbench grammar ... --profile` does): the
/// grammar reference's productions (each production's reading, else as printed), or the
/// transcription of a grammar printed in another notation.
pub fn grammar_text(profile: Profile) -> Option<String> {
    let abnf = profile.descriptor().abnf?;
    Some(match abnf.text {
        Some(t) => t.to_string(),
        None => rules::grammar(profile)
            .productions()
            .iter()
            .map(|p| format!("{}\n", p.text()))
            .collect(),
    })
}

/// Every profile with an ABNF grammar (the ABNF profiles and the two transcriptions).
pub fn profiles() -> Vec<Profile> {
    Profile::ALL
        .iter()
        .copied()
        .filter(|p| p.descriptor().abnf.is_some())
        .collect()
}

impl Checker {
    /// The checker of `profile`, if it has an ABNF grammar.
    pub fn new(profile: Profile) -> Option<Checker> {
        let start = profile.descriptor().abnf?.start;
        let text = grammar_text(profile)?;
        let grammar = Grammar::from_text(&text).ok()?;
        let (extra, causes): (&str, &'static [Cause]) = match profile {
            Profile::Rfc2141bis => ("", RFC2141BIS),
            Profile::Rfc8141 => ("", RFC8141),
            Profile::Rfc2141 => ("", RFC2141),
            Profile::Rfc1630 => ("", RFC1630),
            Profile::Rfc2396 => ("", RFC2396),
            Profile::Xri2 => (XRI2_HELPERS, XRI2),
            _ => ("", &[]),
        };
        let helpers = Grammar::from_text(&format!("{text}\n{extra}")).ok()?;
        Some(Checker {
            profile,
            start,
            text,
            grammar,
            helpers,
            causes,
        })
    }

    /// The engine's verdict on `input` from the start rule.
    pub fn abnf(&self, input: &str) -> bool {
        self.grammar
            .parse(self.start, input, &ParseOptions::default())
            .is_ok_and(|p| p.valid)
    }

    /// The hand-written parser's verdict on `input`.
    pub fn hand(&self, input: &str) -> bool {
        analyze(input, &Options::validate_only(Some(self.profile))).valid()
    }

    /// Whether `text` derives from `rule` (a shipped rule or a helper).
    pub fn derives(&self, rule: &str, text: &str) -> bool {
        self.helpers
            .parse(rule, text, &ParseOptions::default())
            .is_ok_and(|p| p.valid)
    }

    /// Both verdicts, when they differ.
    pub fn disagreement(&self, input: &str) -> Option<Disagreement> {
        let (hand, abnf) = (self.hand(input), self.abnf(input));
        (hand != abnf).then(|| Disagreement {
            input: input.to_string(),
            hand,
            abnf,
        })
    }

    /// The listed causes that explain `d` (they hold on its input and give its hand verdict).
    pub fn explain(&self, d: &Disagreement) -> Vec<&'static Cause> {
        self.causes
            .iter()
            .filter(|c| c.hand == d.hand && (c.holds)(self, &d.input))
            .collect()
    }

    /// Checks `input`: `Err` with a message when the verdicts differ and no listed cause
    /// explains it; `Ok(Some(causes))` when listed causes do, `Ok(None)` when they agree.
    pub fn check(&self, input: &str) -> Result<Option<Vec<&'static str>>, String> {
        let Some(d) = self.disagreement(input) else {
            return Ok(None);
        };
        let why = self.explain(&d);
        if why.is_empty() {
            Err(format!(
                "{}: {:?}: hand-written {}, ABNF {} ({}), and no listed cause explains it",
                self.profile.name(),
                d.input,
                d.hand,
                d.abnf,
                self.start
            ))
        } else {
            Ok(Some(why.iter().map(|c| c.name).collect()))
        }
    }
}

// ---------------------------------------------------------------- URNs

/// `(nid, rest after the NID's ":")` of `urn:NID:...`, if the input has that shape.
fn urn_nid(input: &str) -> Option<(&str, &str)> {
    let rest = input
        .get(..4)?
        .eq_ignore_ascii_case("urn:")
        .then(|| &input[4..])?;
    rest.split_once(':')
}

fn nid_is_urn(_: &Checker, input: &str) -> bool {
    urn_nid(input).is_some_and(|(nid, _)| nid.eq_ignore_ascii_case("urn"))
}

/// `(path, query)` of a URI without its scheme: the path runs to "?" or "#".
fn path_and_query(input: &str) -> (&str, Option<&str>) {
    let before_fragment = input.split('#').next().unwrap_or("");
    let after_scheme = before_fragment
        .split_once(':')
        .map_or(before_fragment, |(_, r)| r);
    match after_scheme.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (after_scheme, None),
    }
}

/// rfc2141bis §2 and §2.3: `urn-path` and `urn-query` are "superimposed" on the RFC 3986
/// rules that `URI` reaches (`path-rootless`, `query`); the start rule cannot say an
/// intersection, so the engine checks them on the input's path and query, from the
/// draft's own rules.
fn superimposed_rules_reject(c: &Checker, input: &str) -> bool {
    let (path, query) = path_and_query(input);
    !c.derives("urn-path", path) || query.is_some_and(|q| !c.derives("urn-query", q))
}

/// rfc2141bis §2.5.3: "The NUL octet ... MUST NOT be used in URNs, in either unencoded or
/// percent-encoded form."
fn has_nul(_: &Checker, input: &str) -> bool {
    input.contains("%00") || input.contains('\0')
}

/// rfc2141bis §2.3: "Each registered <keywd> MUST NOT appear more than once in any URN";
/// the registered keywords are §2.3.1's "s" and §2.3.2's "c" (directives are
/// case-sensitive).
fn keyword_repeated(_: &Checker, input: &str) -> bool {
    let (_, Some(query)) = path_and_query(input) else {
        return false;
    };
    let keywords: Vec<&str> = query
        .split('&')
        .filter_map(|d| d.split_once('=').map(|(k, _)| k))
        .collect();
    ["s", "c"]
        .iter()
        .any(|r| keywords.iter().filter(|k| *k == r).count() > 1)
}

const NID_URN: Cause = Cause {
    name: "nid-urn-reserved",
    reading: "the NID \"urn\" is reserved (RFC 2141 §2.1, rfc2141bis §2.1; under RFC 8141 \
              docs/readings.md \"RFC 8141: the NID urn\"): prose, the ABNF admits it",
    hand: false,
    holds: nid_is_urn,
};

static RFC2141BIS: &[Cause] = &[
    Cause {
        name: "superimposed-urn-path-and-urn-query",
        reading: "§2 superimposes urn-path on path-rootless and §2.3 urn-query on query; the \
                  start rule URI reaches neither (docs/readings.md, \"The shipped grammars \
                  against their ABNF\")",
        hand: false,
        holds: superimposed_rules_reject,
    },
    NID_URN,
    Cause {
        name: "nul-octet",
        reading: "§2.5.3: the NUL octet MUST NOT be used, even percent-encoded: prose",
        hand: false,
        holds: has_nul,
    },
    Cause {
        name: "keyword-repeated",
        reading: "§2.3: a registered keyword MUST NOT appear more than once: prose",
        hand: false,
        holds: keyword_repeated,
    },
];

/// RFC 8141 §2: idbench ends an r-component at the first "?=", so where no q-component can
/// follow that "?=" (it would be empty, or start with "/" or "?"), the hand-written parser
/// reports a bad q-component, where the ABNF's one parse keeps the "?=" in the r-component
/// (`urn:example:a?+r?=#f`).
fn r_component_question_equals(_: &Checker, input: &str) -> bool {
    let before_fragment = input.split('#').next().unwrap_or("");
    let Some(at) = before_fragment.find("?+") else {
        return false;
    };
    let rest = &before_fragment[at + 2..];
    rest.find("?=").is_some_and(|q| {
        let after = &rest[q + 2..];
        after.is_empty() || after.starts_with('/') || after.starts_with('?')
    })
}

static RFC8141: &[Cause] = &[
    NID_URN,
    Cause {
        name: "r-component-ends-at-question-equals",
        reading: "§2: an r-component ends at the first \"?=\" even where no q-component can \
                  follow it; the ABNF keeps that \"?=\" in the r-component (docs/readings.md, \
                  \"RFC 8141: ?= in an r-component\")",
        hand: false,
        holds: r_component_question_equals,
    },
];
static RFC2141: &[Cause] = &[NID_URN];

/// The WWW draft's partial forms: its BNF describes full URIs only (a scheme first); the
/// section "Partial (relative) form" gives the rest in prose.
fn partial_form(_: &Checker, input: &str) -> bool {
    leading_scheme(input).is_none()
}

static RFC1630: &[Cause] = &[Cause {
    name: "partial-form",
    reading: "the draft's partial (relative) forms are prose; its BNF starts with a scheme \
              (docs/readings.md, \"RFC 2141 and the WWW draft in ABNF\")",
    hand: true,
    holds: partial_form,
}];

/// `java.net.URI` permits an empty authority only when a path, query or fragment follows;
/// the BNF's `server = [ ... ]` admits one with nothing after it (`http://`, `//`).
fn empty_authority_alone(_: &Checker, input: &str) -> bool {
    let rest = leading_scheme(input).map_or(input, |s| &input[s.len() + 1..]);
    rest == "//"
}

static RFC2396: &[Cause] = &[Cause {
    name: "empty-authority-alone",
    reading: "java.net.URI refuses an empty authority with nothing after it, which the BNF \
              admits (docs/readings.md, \"RFC 2396 as java.net.URI reads it\")",
    hand: false,
    holds: empty_authority_alone,
}];

// ---------------------------------------------------------------- XRI 2.0

/// The helper rule the XRI causes parse with: an absolute XRI without the prefix whose
/// authority is an XRI authority (GCS or cross-reference), never an IRI authority.
const XRI2_HELPERS: &str = "agree-xri-authority-first = xri-authority xri-path-abempty \
                            [ \"?\" iquery ] [ \"#\" ifragment ]\n";

fn starts_ci(s: &str, p: &str) -> bool {
    s.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p))
}

fn gcs_or_paren(c: Option<u8>, bang: bool) -> bool {
    matches!(c, Some(b'=' | b'@' | b'+' | b'$' | b'(')) || (bang && c == Some(b'!'))
}

/// How idbench reads a context (the whole input, or a cross-reference's content), as the
/// rule of the grammar (or helper) that the reading parses it from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Read {
    /// "xri:" without "//": the prefix, malformed.
    PrefixMalformed,
    /// "xri://" then an XRI authority (GCS or "(").
    PrefixedXriAuthority,
    /// "xri://" then any authority (`xri-no-scheme`).
    Prefixed,
    /// A GCS character or "(" without the prefix: `agree-xri-authority-first`.
    XriAuthority,
    /// An IRI (`IRI`).
    Iri,
    /// A relative reference (`relative-XRI-ref`).
    Relative,
}

/// The reading of the whole input (§1.2.2, docs/readings.md "A reference without xri://"
/// and XRI 3): "xri:" is the prefix; without it only a GCS character, "(" or "!!" starts an
/// absolute XRI; anything else is a relative reference.
fn read_top(t: &str) -> Read {
    let b = t.as_bytes();
    if starts_ci(t, "xri:") {
        if !starts_ci(t, "xri://") {
            Read::PrefixMalformed
        } else if gcs_or_paren(b.get(6).copied(), true) {
            Read::PrefixedXriAuthority
        } else {
            Read::Prefixed
        }
    } else if gcs_or_paren(b.first().copied(), false) || t.starts_with("!!") {
        Read::XriAuthority
    } else {
        Read::Relative
    }
}

/// The reading of a cross-reference's content (docs/readings.md, XRI 6).
fn read_xref(t: &str) -> Read {
    let b = t.as_bytes();
    if starts_ci(t, "xri:") && !starts_ci(t, "xri://") {
        Read::Iri
    } else if starts_ci(t, "xri://") {
        read_top(t)
    } else if gcs_or_paren(b.first().copied(), true) {
        Read::XriAuthority
    } else if leading_scheme(t).is_some() {
        Read::Iri
    } else {
        Read::Relative
    }
}

/// Whether the engine rejects `t` from the rule of `read`.
fn rejects(c: &Checker, read: Read, t: &str) -> bool {
    match read {
        Read::PrefixMalformed => true,
        Read::PrefixedXriAuthority => !c.derives("agree-xri-authority-first", &t[6..]),
        Read::Prefixed => !c.derives("xri-no-scheme", &t[6..]),
        Read::XriAuthority => !c.derives("agree-xri-authority-first", t),
        Read::Iri => !c.derives("IRI", t),
        Read::Relative => !c.derives("relative-XRI-ref", t),
    }
}

/// The contents of the balanced parentheses of `t`, outermost first.
fn paren_contents(t: &str) -> Vec<&str> {
    let b = t.as_bytes();
    let mut out = Vec::new();
    let mut open = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' => open.push(i),
            b')' => {
                if let Some(o) = open.pop() {
                    out.push((o, &t[o + 1..i]));
                }
            }
            _ => {}
        }
    }
    out.sort_by_key(|&(o, _)| o);
    out.into_iter().map(|(_, s)| s).collect()
}

fn top_relative(c: &Checker, t: &str) -> bool {
    read_top(t) == Read::Relative && rejects(c, Read::Relative, t)
}

fn top_prefix(c: &Checker, t: &str) -> bool {
    matches!(read_top(t), Read::PrefixMalformed | Read::Prefixed) && rejects(c, read_top(t), t)
}

fn top_authority_first(c: &Checker, t: &str) -> bool {
    matches!(read_top(t), Read::PrefixedXriAuthority | Read::XriAuthority)
        && rejects(c, read_top(t), t)
}

fn xref_content(c: &Checker, t: &str) -> bool {
    paren_contents(t)
        .into_iter()
        .any(|x| rejects(c, read_xref(x), x))
}

/// Whether `t` is balanced in parentheses.
fn balanced(t: &str) -> bool {
    let mut depth = 0usize;
    for c in t.bytes() {
        match c {
            b'(' => depth += 1,
            b')' if depth == 0 => return false,
            b')' => depth -= 1,
            _ => {}
        }
    }
    depth == 0
}

/// The most derivations [`mispaired`] looks at.
const MAX_TREES: usize = 32;

/// Whether the engine derives the input, read as idbench reads its start (`read_top`), only
/// by pairing a cross-reference's "(" with a ")" that is not its balancing one: every
/// derivation (all of them, at most [`MAX_TREES`]) has an `xref` whose content does not
/// balance, an IRI authority or IRI inside it holding the other parenthesis.
fn mispaired(c: &Checker, t: &str) -> bool {
    let (rule, text) = match read_top(t) {
        Read::PrefixMalformed => return false,
        Read::PrefixedXriAuthority => ("agree-xri-authority-first", &t[6..]),
        Read::Prefixed => ("xri-no-scheme", &t[6..]),
        Read::XriAuthority => ("agree-xri-authority-first", t),
        Read::Iri => ("IRI", t),
        Read::Relative => ("relative-XRI-ref", t),
    };
    let opts = ParseOptions {
        max_trees: MAX_TREES,
        ..ParseOptions::default()
    };
    let Ok(p) = c.helpers.parse(rule, text, &opts) else {
        return false;
    };
    let all = matches!(p.count, ParseCount::Exact(n) if n as usize == p.trees.len());
    p.valid
        && all
        && p.trees.iter().all(|tree| {
            tree.nodes.iter().any(|n| {
                n.rule.eq_ignore_ascii_case("xref")
                    && n.end >= n.start + 2
                    && text
                        .get(n.start + 1..n.end - 1)
                        .is_some_and(|x| !balanced(x))
            })
        })
}

static XRI2: &[Cause] = &[
    Cause {
        name: "no-prefix-relative",
        reading: "§1.2.2: without \"xri://\" only a global context symbol or \"(\" starts an \
                  absolute XRI; the ABNF also reads the head as an IRI authority (docs/readings.md, \
                  \"A reference without xri://\")",
        hand: false,
        holds: top_relative,
    },
    Cause {
        name: "xri-prefix",
        reading: "an input that starts with \"xri:\" has the prefix (first match of \
                  [ \"xri://\" ]); the ABNF also reads \"xri:\" as an IRI authority with an empty \
                  port (docs/readings.md, \"The shipped grammars against their ABNF\")",
        hand: false,
        holds: top_prefix,
    },
    Cause {
        name: "authority-first-match",
        reading: "§2.2.1.3 first-match-wins: no fallback to an IRI authority once a global \
                  context symbol or \"(\" starts the authority (docs/readings.md, XRI 3)",
        hand: false,
        holds: top_authority_first,
    },
    Cause {
        name: "xref-content",
        reading: "a cross-reference's content is read by how it starts: IRI, XRI or relative \
                  reference (docs/readings.md, XRI 6)",
        hand: false,
        holds: xref_content,
    },
    Cause {
        name: "xref-balanced",
        reading: "a cross-reference runs to its balancing \")\" (docs/readings.md, XRI 6); the \
                  ABNF also lets an IRI authority inside one hold an unbalanced \"(\" or \")\" \
                  (sub-delims), as in \"-*(()\"",
        hand: false,
        holds: mispaired,
    },
];
