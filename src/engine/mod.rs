//! The engine: parses an identifier under a profile into a tree with diagnostics, and
//! derives its normal forms, references and equivalence.
//!
//! It knows nothing of terminals: [`analyze`] returns an [`Analysis`] that the faces render.

pub mod abnf;
pub mod agree;
pub mod chars;
pub mod codes;
pub mod components;
pub mod descriptor;
pub mod equiv;
pub mod explain;
pub mod family;
pub mod first_error_mode;
pub mod forms;
pub mod handle;
pub mod hosts;
pub mod idna;
pub mod ip;
pub mod key;
pub mod namespaces;
pub mod path;
pub mod pct;
pub mod provenance;
pub mod quick;
pub mod quick_check;
pub mod readings;
pub mod resolve;
pub mod rules;
pub mod schemes;
pub mod specs;
pub mod standards;
pub mod tree;
/// The URL Standard's parser (its record, setters and test-data readers), at the path library
/// users know; it lives in its family's folder, [`specs::whatwg`].
pub use specs::whatwg;

pub use codes::{Code, CodeReading};
pub use family::Family;
pub use handle::Profile;
pub use specs::ProfileReason;
pub use tree::{Attr, Diagnostic, Node, NodeKind, Severity, Span, Tree};

use descriptor::Descriptor;
use forms::Forms;
use specs::DescriptorRef;

/// What [`analyze`] should do.
#[derive(Clone, Debug)]
pub struct Options {
    /// The profile to parse under; `None` is `auto`.
    pub profile: Option<Profile>,
    /// Compute the normal forms.
    pub forms: bool,
    /// Judge the input under every profile (the workbench's profile strip).
    pub all_profiles: bool,
    /// Under a URN profile, run the namespace layer ([`namespaces`]) on the NID and NSS:
    /// the NSS's structure grafted under the `nss` node, the namespace's warnings and
    /// notes, [`Analysis::namespace`]. Never changes the URN spec's verdict.
    pub namespace: bool,
    /// Run the URI scheme layer: each scheme's own grammar, findings and normal form where
    /// the layer knows the scheme. Never changes the generic spec's verdict.
    pub scheme_spec: bool,
    /// With `forms`, compute [`forms::Forms::equivalence_key`] (one more ladder climb, and
    /// a parse under a second profile when `auto` picks a URI profile).
    pub equivalence_key: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            profile: None,
            forms: true,
            all_profiles: true,
            namespace: true,
            scheme_spec: true,
            equivalence_key: true,
        }
    }
}

impl Options {
    /// Everything: auto profile, forms and every profile's verdict.
    pub fn full() -> Self {
        Self::default()
    }
    /// Only the tree and diagnostics under `profile` (`None`: auto), as batch checking
    /// needs: by the spec alone, without the namespace layer.
    pub fn validate_only(profile: Option<Profile>) -> Self {
        Options {
            profile,
            forms: false,
            all_profiles: false,
            namespace: false,
            scheme_spec: false,
            equivalence_key: false,
        }
    }
}

/// How an input fares under one profile.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Status {
    /// No error.
    Valid,
    /// At least one error; the first error's code.
    Invalid(Code),
    /// The profile cannot read this kind of identifier at all (a URN profile on a non-URN).
    NotApplicable,
}

/// One profile's verdict on the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct ProfileVerdict {
    /// The profile.
    pub profile: Profile,
    /// Its verdict.
    pub status: Status,
    /// The first error under this profile (code, message, span, section), when it rejects
    /// the input: what the workbench shows for a profile cell without parsing again.
    pub first_error: Option<Diagnostic>,
}

/// Everything the engine knows about one input.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Analysis {
    /// The input as given.
    pub input: String,
    /// The profile the tree was parsed under.
    pub profile: Profile,
    /// Why that profile: given, or how `auto` chose it (its `Display` is the sentence the
    /// faces print).
    pub profile_reason: ProfileReason,
    /// The concrete syntax tree.
    pub tree: Tree,
    /// Every diagnostic of the parse, in input order, one found at several separate places
    /// reported once (see [`tree::fold_repeats`]).
    pub diagnostics: Vec<Diagnostic>,
    /// Every profile's verdict, in [`Profile::ALL`] order (empty unless asked for).
    pub verdicts: Vec<ProfileVerdict>,
    /// The normal forms (unless not asked for).
    pub forms: Option<Forms>,
    /// The other readings: where the grammar admits a second parse of part of the input
    /// and idbench takes the first, the second as a subtree with the text that decides
    /// (empty when the input is not ambiguous; see [`readings`]).
    pub readings: Vec<readings::Reading>,
    /// Places the tree marks as possibly ambiguous that were left unchecked, past
    /// [`readings::MAX_READINGS`] readings or past the scan budget (not recorded).
    pub readings_omitted: usize,
    /// Whether the namespace layer was asked for ([`Options::namespace`]): comparisons of
    /// analysed sides climb the namespace's steps only then.
    pub namespace_layer: bool,
    /// What the namespace layer found: `None` when it did not run (not asked for, not a
    /// URN profile, or no NID and NSS in the tree). Its verdict stands beside the URN
    /// spec's ([`Analysis::valid`]), never instead of it.
    pub namespace: Option<namespaces::NssAnalysis>,
    /// What the URI scheme layer found ([`Options::scheme_spec`]): `None` when it did not
    /// run (not asked for, no scheme in the tree, or `urn`, which the namespace layer
    /// reads). Its verdict stands beside the generic spec's, never instead of it.
    pub scheme_spec: Option<schemes::SchemeAnalysis>,
    /// Under the `lab` profile with a lab in the options: the lab and its parse of the
    /// input (the parse count, the other trees the workbench's `r` steps through, the
    /// productions), so that a view reads them here and never parses. `None` otherwise.
    #[cfg_attr(feature = "serde", serde(skip))] // a lab's grammar and parse forest
    pub lab: Option<abnf::lab::LabParse>,
}

impl Analysis {
    /// True when the input has no error under its profile.
    pub fn valid(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
    /// The start rule the input was read as: `"1"` is a `relative-ref` (a `URI-reference`),
    /// not a `URI`.
    pub fn start_rule(&self) -> rules::StartRule {
        rules::start_rule(self.profile, self.tree.root().rule())
    }
    /// Every diagnostic the faces show for this input: the parse's and, when the forms were
    /// computed, the forms' (their readings and notes), in input order. `idbench parse`,
    /// `idbench forms` and the workbench all show this list, so they give one answer.
    pub fn all_diagnostics(&self) -> Vec<Diagnostic> {
        let mut d = self.diagnostics.clone();
        if let Some(f) = &self.forms {
            d.extend(f.diagnostics.iter().cloned());
        }
        d.sort_by_key(|d| (d.span.start, d.severity, d.span.end));
        // A forms note may repeat one of the parse's folded diagnostics.
        tree::fold_repeats(d)
    }
    /// The first error, if any.
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
    }
    /// The verdict of `profile`, if every profile was judged.
    pub fn verdict(&self, profile: Profile) -> Option<&Status> {
        self.verdicts
            .iter()
            .find(|v| v.profile == profile)
            .map(|v| &v.status)
    }
}

fn status_of(diags: &[Diagnostic]) -> Status {
    match diags.iter().find(|d| d.severity == Severity::Error) {
        Some(d) => Status::Invalid(d.code),
        None => Status::Valid,
    }
}

/// Parses `input` under `options.profile` (or the one `auto` picks) and derives what the
/// options ask for. Never panics, whatever the input. Under the `lab` profile no grammar
/// is loaded: [`analyze_in`] takes the lab's.
pub fn analyze(input: &str, options: &Options) -> Analysis {
    analyze_in(input, options, None)
}

/// [`analyze`] with the grammar lab's grammar, what the `lab` profile parses with
/// ([`abnf::lab`]): an input of the analysis like the options (the engine keeps no lab of
/// its own), its parse returned in [`Analysis::lab`]. A second argument rather than a
/// field of [`Options`], whose every struct literal (some forty, in the CLI, the Arrow
/// crate and the tests) would otherwise have to name it.
pub fn analyze_in(
    input: &str,
    options: &Options,
    lab: Option<&std::sync::Arc<abnf::lab::Lab>>,
) -> Analysis {
    let mut tried: Vec<(Profile, Tree, Vec<Diagnostic>)> = Vec::new();
    let (profile, reason) = match options.profile {
        Some(p) => (p, ProfileReason::Given),
        None => specs::auto_choose(input, |p| {
            let (t, d) = specs::parse(p, input);
            let ok = status_of(&d) == Status::Valid;
            tried.push((p, t, d));
            ok
        }),
    };
    // Under the lab profile, the grammar is the one given.
    let lab = lab.filter(|_| profile.offers().lab_grammar);
    let mut lab_parse = None;
    let (tree, diagnostics) = if let Some(l) = lab {
        let (t, d, parse, pending) = l.run(input);
        lab_parse = Some(abnf::lab::LabParse {
            lab: std::sync::Arc::clone(l),
            parse,
            pending,
        });
        (t, d)
    } else {
        match tried.iter().position(|(p, _, _)| *p == profile) {
            Some(i) => {
                let (_, t, d) = tried.swap_remove(i);
                // Keep the others' verdicts for the profile strip.
                (t, d)
            }
            None => specs::parse(profile, input),
        }
    };
    let mut verdicts = Vec::new();
    if options.all_profiles {
        for p in Profile::ALL {
            let first =
                |d: &[Diagnostic]| d.iter().find(|d| d.severity == Severity::Error).cloned();
            let (status, first_error) = if p == profile {
                (status_of(&diagnostics), first(&diagnostics))
            } else if !specs::applicable(p, input) {
                (Status::NotApplicable, None)
            } else if let Some((_, _, d)) = tried.iter().find(|(q, _, _)| *q == p) {
                (status_of(d), first(d))
            } else if quick_check::quick_verdict(p, input) == Some(None) {
                // The quick recognizer's "valid" is the full grammar's (no error, so no
                // first error to keep): no parse, no tree.
                (Status::Valid, None)
            } else {
                // Only the verdict and its first error are kept of this parse.
                let d = specs::verdict_diagnostics(p, input);
                (status_of(&d), first(&d))
            };
            verdicts.push(ProfileVerdict {
                profile: p,
                status,
                first_error,
            });
        }
    }
    let spec = match lab {
        Some(l) => DescriptorRef::Made(std::sync::Arc::new(specs::lab::over(
            std::sync::Arc::clone(l),
        ))),
        None => profile.descriptor(),
    };
    // Made from the tree: none from a tree that waits for its parse.
    let tree_whole = !lab_parse
        .as_ref()
        .is_some_and(abnf::lab::LabParse::tree_pending);
    let mut forms = (options.forms && tree_whole).then(|| forms::compute(input, &spec, &tree));
    if let Some(f) = forms.as_mut().filter(|_| options.equivalence_key) {
        f.equivalence_key = Some(key::key_for_analysis(
            input,
            (profile, &tree),
            options.profile.is_none(),
            options.namespace,
        ));
    }
    let family: Vec<(Profile, DescriptorRef)> = match spec.readings.by_family {
        true => Profile::auto_order(spec.family)
            .iter()
            .map(|&p| (p, p.descriptor()))
            .collect(),
        false => Vec::new(),
    };
    let family: Vec<(Profile, &Descriptor)> = family.iter().map(|(p, d)| (*p, &**d)).collect();
    let under = readings::Under {
        profile,
        spec: &spec,
        family: &family,
    };
    let other = readings::find(input, under, &tree, &diagnostics, options.profile.is_none());
    let mut tree = tree;
    let mut diagnostics = diagnostics;
    let namespace = if options.namespace {
        namespace_layer(input, profile, &mut tree, &mut diagnostics, forms.as_mut())
    } else {
        None
    };
    let scheme_spec = if options.scheme_spec {
        scheme_layer(input, &mut tree, &mut diagnostics, forms.as_mut())
    } else {
        None
    };
    Analysis {
        input: input.to_string(),
        profile,
        profile_reason: reason,
        tree,
        // A diagnostic found at many separate places is reported once (the first stays
        // first, at its span: the verdicts above are unchanged).
        diagnostics: tree::fold_repeats(diagnostics),
        verdicts,
        forms,
        readings: other.list,
        readings_omitted: other.omitted,
        namespace_layer: options.namespace,
        namespace,
        scheme_spec,
        lab: lab_parse,
    }
}

/// The NID and NSS nodes of a URN's tree (the root's children, or its assigned name's),
/// by index.
pub(crate) fn nid_and_nss(tree: &Tree) -> Option<(usize, usize)> {
    let root = tree.root();
    let top = root
        .child(NodeKind::AssignedName)
        .filter(|_| root.child(NodeKind::Nid).is_none())
        .unwrap_or(root);
    let nid = top.child(NodeKind::Nid)?;
    let nss = top.child(NodeKind::Nss)?;
    Some((nid.index(), nss.index()))
}

/// `canonical` (the URN spec's canonical form) with its NSS rewritten by the namespace's
/// lexical-equivalence steps: `canonical_namespace`. `None` when the namespace has no
/// steps or the NSS does not follow its syntax.
pub fn canonical_namespace(
    profile: Profile,
    canonical: &str,
    ns: &namespaces::NssAnalysis,
) -> Option<String> {
    let steps = ns.namespace?.steps;
    if steps.is_empty() || ns.canonical.is_none() {
        return None;
    }
    let (tree, _) = specs::parse_verdict(profile, canonical);
    let (_, nss_at) = nid_and_nss(&tree)?;
    let span = tree.get(nss_at)?.span();
    let nss = canonical.get(span.start..span.end)?;
    let mut cur = nss.to_string();
    for step in steps {
        cur = (step.apply)(&cur);
    }
    Some(format!(
        "{}{cur}{}",
        canonical.get(..span.start)?,
        canonical.get(span.end..)?
    ))
}

/// The namespace layer of [`analyze`], under a URN profile: runs
/// [`namespaces::analyze_nss`] on the tree's NID and NSS, grafts the NSS's structure under
/// the `nss` node (each child of kind `nss`, named by its rule in the namespace's grammar),
/// adds the layer's warnings and notes (never an error: the URN spec's verdict stands) and
/// the `canonical_namespace` form. `None` when the profile is not a URN profile or the
/// tree has no NID and NSS.
fn namespace_layer(
    input: &str,
    profile: Profile,
    tree: &mut Tree,
    diagnostics: &mut Vec<Diagnostic>,
    forms: Option<&mut Forms>,
) -> Option<namespaces::NssAnalysis> {
    if !profile.offers().namespaces {
        return None;
    }
    let (nid_at, nss_at) = nid_and_nss(tree)?;
    let nid_span = tree.get(nid_at)?.span();
    let nss_span = tree.get(nss_at)?.span();
    let nid = input.get(nid_span.start..nid_span.end)?;
    let nss = input.get(nss_span.start..nss_span.end)?;
    let ns = namespaces::analyze_nss_within(nid, nss, nss_span.start, namespaces::LAYER_MAX_NSS);
    let children: Vec<(NodeKind, &'static str, Span, usize)> = ns
        .nodes
        .iter()
        .map(|n| (NodeKind::Nss, n.rule, n.span, n.depth))
        .collect();
    tree.graft_leaf(nss_at, &children);
    // The layer's findings are warnings and notes: an error here would change the URN
    // spec's verdict, which a namespace never does.
    // Each goes in at its place in input order; the URN grammar's own stay as they were.
    for d in ns
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Error)
    {
        let at = diagnostics.partition_point(|e| e.span.start <= d.span.start);
        diagnostics.insert(at, d.clone());
    }
    if let Some(f) = forms {
        f.canonical_namespace = canonical_namespace(profile, &f.canonical, &ns);
    }
    Some(ns)
}

/// The URI scheme layer of [`analyze`]: runs [`schemes::analyze_scheme`] on an input whose
/// tree is a URI or IRI with a scheme (not `urn`, which the namespace layer reads), adds the
/// layer's warnings and notes in input order (never an error: the generic verdict stands),
/// grafts the scheme grammar's structure under the path, query and fragment
/// ([`schemes::graft`], as the namespace layer does under `nss`), and makes `canonical_scheme` the scheme's
/// normal form where the layer knows the scheme.
fn scheme_layer(
    input: &str,
    tree: &mut Tree,
    diagnostics: &mut Vec<Diagnostic>,
    forms: Option<&mut Forms>,
) -> Option<schemes::SchemeAnalysis> {
    let root = tree.root();
    if !matches!(root.kind(), NodeKind::Uri | NodeKind::Iri) {
        return None;
    }
    let scheme = root.child(NodeKind::Scheme)?.span();
    if scheme.start != 0 {
        return None;
    }
    let generic_valid = !diagnostics.iter().any(|d| d.severity == Severity::Error);
    let ask = schemes::Ask {
        generic_valid,
        canonical_scheme: forms.as_ref().and_then(|f| f.canonical_scheme.as_deref()),
        tree: true,
    };
    let sa = schemes::analyze_scheme(input, scheme.end, ask)?;
    schemes::graft(tree, &sa);
    for d in sa
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Error)
    {
        let at = diagnostics.partition_point(|e| e.span.start <= d.span.start);
        diagnostics.insert(at, d.clone());
    }
    if let (Some(f), Some(c)) = (forms, sa.canonical.as_ref()) {
        f.canonical_scheme = Some(c.clone());
    }
    Some(sa)
}

/// [`analyze`] against a base URL (`parse --base`). Under a profile whose grammar parses
/// against a base itself (the URL Standard's), the input is parsed against it; under any
/// other, the input is read as a reference, resolved against the base as
/// [`resolve::resolve`] does, and the target analysed (its spans index the target); when
/// no target comes out, the analysis of the input carries the resolution's errors. Without
/// a profile, the base's `auto` profile is used, as `resolve` does.
pub fn analyze_with_base(input: &str, base: &str, options: &Options) -> Analysis {
    let profile = options
        .profile
        .unwrap_or_else(|| specs::auto_family(base).1);
    let opts = Options {
        profile: Some(profile),
        ..options.clone()
    };
    let spec = profile.descriptor();
    if spec.grammar.takes_base() {
        let mut a = analyze(input, &opts);
        let (tree, diagnostics) = spec.grammar.parse_with_base(input, base);
        a.forms = opts
            .forms
            .then(|| forms::compute(input, &profile.descriptor(), &tree));
        a.tree = tree;
        a.diagnostics = tree::fold_repeats(diagnostics);
        a.readings = Vec::new();
        a.readings_omitted = 0;
        return a;
    }
    let r = resolve::resolve(base, input, profile);
    match &r.target {
        Some(t) => analyze(t, &opts),
        None => {
            let mut a = analyze(input, &opts);
            a.diagnostics.extend(
                r.diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .cloned(),
            );
            a
        }
    }
}

/// The longest input [`first_error`] hands to a full grammar, in bytes (256 KiB).
///
/// The full grammars build a tree and explained diagnostics, some 180 to 300 bytes of memory
/// per input byte; batch checking keeps its memory bounded by judging a longer input only
/// with the quick recognizer ([`quick_check::quick_verdict`], which allocates nothing): when it
/// decides, its verdict stands whatever the length; when it cannot (most invalid inputs, a
/// relative XRI reference), the verdict is the error [`codes::Code::LineTooLong`] rather
/// than the grammar's first error.
/// [`analyze`] has no such limit.
pub const FULL_PARSE_LIMIT: usize = 256 * 1024;

/// The first error of `input` under `profile` from its grammar alone (no quick recognizer
/// first): the first-error mode where the profile's grammar has one, else the verdict
/// parse. `None` when the grammar reports no error.
pub fn grammar_first_error(profile: Profile, input: &str) -> Option<first_error_mode::FirstError> {
    mode_first_error(profile, input, true).unwrap_or_else(|| {
        first_error_mode::FirstError::of(&specs::verdict_diagnostics(profile, input))
    })
}

/// [`grammar_first_error`]'s code and span alone (its expected set is not looked up):
/// what a batch verdict and its column need.
pub fn grammar_first_place(profile: Profile, input: &str) -> Option<(codes::Code, Span)> {
    match mode_first_error(profile, input, false) {
        Some(e) => e.map(|e| (e.code, e.span)),
        None => {
            let diags = specs::verdict_diagnostics(profile, input);
            diags
                .iter()
                .find(|d| d.severity == Severity::Error)
                .map(|d| (d.code, d.span))
        }
    }
}

/// True when `profile`'s grammar has a first-error mode of its own (the others answer
/// through their verdict parse).
pub fn has_first_error_mode(profile: Profile) -> bool {
    mode_first_error(profile, "", false).is_some()
}

/// The first-error mode of `profile`'s grammar on `input`, `None` when it has none (the
/// RFC 3986 / RFC 3987 grammar has one).
fn mode_first_error(
    profile: Profile,
    input: &str,
    expected: bool,
) -> Option<Option<first_error_mode::FirstError>> {
    specs::first_error_under(profile, input, expected)
}

/// The profile an input is judged under (as [`analyze`] chooses it when `profile` is `None`)
/// and the code of its first error, `None` when it is valid: what batch checking needs and
/// nothing more (no tree is kept, no input copy, no forms, no verdicts). The quick
/// recognizer ([`quick_check::quick_verdict`]) answers first; only what it cannot decide goes
/// through the grammar's first-error mode ([`first_error_mode`]: no tree, no messages), which
/// names the error. Agrees with [`analyze`] on every input of at most [`FULL_PARSE_LIMIT`]
/// bytes; longer inputs that the quick recognizer cannot decide get `line-too-long`, so
/// memory stays bounded whatever the input's length.
pub fn first_error(input: &str, profile: Option<Profile>) -> (Profile, Option<&'static str>) {
    let (p, e) = first_error_by(input, profile, |p, input| match quick_check::quick_verdict(
        p, input,
    ) {
        Some(v) => v,
        None => first_error_given(p, input, descriptor::Quick::Unknown),
    });
    (p, e)
}

/// [`first_error`] with the error's place: its code, span, section and expected set as
/// [`Analysis::first_error`] gives them (for an input longer than [`FULL_PARSE_LIMIT`] that
/// the quick recognizer cannot decide, `line-too-long` over the whole input, citing that
/// code's section).
pub fn first_error_at(
    input: &str,
    profile: Option<Profile>,
) -> (Profile, Option<first_error_mode::FirstError>) {
    first_error_by(input, profile, |p, input| {
        if quick_check::quick_verdict(p, input) == Some(None) {
            return None;
        }
        if input.len() > FULL_PARSE_LIMIT {
            let code = quick_check::quick_verdict(p, input)
                .flatten()
                .and_then(codes::Code::from_name)
                .unwrap_or(codes::Code::LineTooLong);
            return Some(first_error_mode::FirstError {
                code,
                span: Span::new(0, input.len()),
                spec: code.section(),
                expected: Vec::new(),
            });
        }
        grammar_first_error(p, input)
    })
}

/// [`first_error`] under `p` once its quick recognizer has answered `quick` on `input` (as a
/// batch check asks it on a line's raw bytes): the same code, without asking it again.
pub fn first_error_given(
    p: Profile,
    input: &str,
    quick: descriptor::Quick,
) -> Option<&'static str> {
    match quick {
        descriptor::Quick::Valid => None,
        descriptor::Quick::Invalid(code) => Some(code),
        descriptor::Quick::Unknown if input.len() > FULL_PARSE_LIMIT => {
            Some(codes::Code::LineTooLong.as_str())
        }
        descriptor::Quick::Unknown => grammar_first_place(p, input).map(|(code, _)| code.as_str()),
    }
}

/// The profile `auto` picks for `input` (the first whose `judge` finds no error, in the
/// order [`specs::auto_choose`] tries them), or `profile`, with `judge`'s answer under it.
fn first_error_by<T>(
    input: &str,
    profile: Option<Profile>,
    judge: impl Fn(Profile, &str) -> Option<T>,
) -> (Profile, Option<T>) {
    let Some(p) = profile else {
        // The trials' first errors, kept so that the chosen profile's is not computed twice.
        let mut tried: Vec<(Profile, Option<T>)> = Vec::new();
        let (p, _) = specs::auto_choose(input, |p| {
            let e = judge(p, input);
            let ok = e.is_none();
            tried.push((p, e));
            ok
        });
        let e = match tried.iter().position(|(q, _)| *q == p) {
            Some(i) => tried.swap_remove(i).1,
            None => judge(p, input),
        };
        return (p, e);
    };
    (p, judge(p, input))
}
