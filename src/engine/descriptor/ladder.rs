//! What the equivalence ladder of each spec is: the type of a profile's [`LadderSpec`]
//! (its descriptor's [`ladder`](super::Descriptor::ladder)), the compare options it acts
//! on, and the rungs, options and wording the descriptors share.
//!
//! A ladder spec says how the ladder is built (its [`Rung`]s), the section that defines
//! equivalence, how the spec words where two identifiers part, which compare options bear
//! on it (with their words for the workbench), and how `auto` picks a profile for two sides
//! its family reads differently. The code of [`super`] asks it and never which profile it
//! is. A profile without a ladder of its own (one loaded at run time) gets
//! [`GENERIC_LADDER`]: simple string comparison (RFC 3986 §6.2.1).

use crate::engine::chars::AsciiSet;
use crate::engine::handle::Profile;
use crate::engine::tree::NodeKind;

use super::rewrites::Rewrites;

/// The rfc2141bis §5 objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Objective {
    /// 5a: distinguish the resources named (the query is removed).
    #[default]
    Names,
    /// 5b: cache results (directives reordered by keyword).
    Cache,
}

/// Which form a side is written in (XRI Syntax 2.0 §2.5.2: all forms of one XRI are
/// equivalent, so an IRI- or URI-normal side is brought back first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SideForm {
    /// As typed.
    #[default]
    AsIs,
    /// In IRI-normal form.
    IriNormal,
    /// In URI-normal form.
    UriNormal,
}

/// What a comparison ([`crate::engine::equiv::compare`]) should do.
#[derive(Clone, Debug, Default)]
pub struct CompareOptions {
    /// The profile to compare under; `None` is each side's `auto`.
    pub profile: Option<Profile>,
    /// rfc2141bis objective.
    pub objective: Objective,
    /// xri2: ignore "$" cross-references (§2.5.4).
    pub ignore_dollar: bool,
    /// The form side A is written in (xri2 only; the other profiles have no such forms).
    pub a_form: SideForm,
    /// The form side B is written in (xri2 only).
    pub b_form: SideForm,
}

/// One rung (or a kind of rung) of a ladder, as [`LadderSpec::rungs`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rung {
    /// One rung per step of the profile's forms ladder
    /// ([`FormsSpec::steps`](crate::engine::descriptor::forms::FormsSpec::steps)), the caching ladder under objective 5b.
    FormsSteps,
    /// One rung adding `rules` (none: the sides as they are).
    Rewrites {
        /// What the rung does.
        name: &'static str,
        /// The spec section.
        spec: &'static str,
        /// The rules it adds.
        rules: Rewrites,
    },
    /// One rung adding the rules of every step of the profile's forms ladder.
    SyntaxBased {
        /// What the rung does.
        name: &'static str,
        /// The spec section.
        spec: &'static str,
    },
    /// A rung that says character normalization is not applied, and which side is not in
    /// NFC (RFC 3987 §5.3.2.2).
    NoCharacterNormalization {
        /// The spec section.
        spec: &'static str,
    },
    /// Scheme-based normalization (RFC 3986 §6.2.3) with the "mailto" domain's case.
    SchemeBased {
        /// The spec section.
        spec: &'static str,
    },
    /// Internationalized host names compared in ACE form (RFC 3987 §5.3.3); a rung only
    /// when it changes a side.
    IdnHosts,
    /// A side written in IRI- or URI-normal form brought back to XRI-normal form first,
    /// as the side-form options say (XRI Syntax 2.0 §2.3.3); a rung only when one is.
    SideForms {
        /// The spec section.
        spec: &'static str,
    },
    /// With `ignore_dollar`, "$" cross-references cut out of both sides (XRI Syntax 2.0
    /// §2.5.4); no rung without it.
    IgnoreDollar {
        /// What the rung does.
        name: &'static str,
        /// The spec section.
        spec: &'static str,
    },
    /// The URL Standard's equality (§4.6): each side's serialization (its tree's `href`;
    /// with `exclude_fragments`, `href_no_fragment`); a side that does not parse stays as it
    /// is.
    Serializations {
        /// What the rung does.
        name: &'static str,
        /// The spec section.
        spec: &'static str,
        /// URL equality's "exclude fragments".
        exclude_fragments: bool,
    },
    /// Without `ignore_dollar`, a rung that says "$" cross-references were kept, when a
    /// side has one.
    DollarKept {
        /// What the rung says.
        name: &'static str,
        /// The spec section.
        spec: &'static str,
    },
}

/// A compare option a ladder may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareOption {
    /// [`CompareOptions::objective`].
    Objective,
    /// [`CompareOptions::ignore_dollar`].
    IgnoreDollar,
    /// [`CompareOptions::a_form`].
    FormA,
    /// [`CompareOptions::b_form`].
    FormB,
}

impl CompareOption {
    /// Every option.
    pub const ALL: [CompareOption; 4] = [
        CompareOption::Objective,
        CompareOption::IgnoreDollar,
        CompareOption::FormA,
        CompareOption::FormB,
    ];

    /// The option's state in `o`, as an index into [`OptionSpec`]'s words: objective 5a
    /// 0, 5b 1; "$" kept 0, ignored 1; a side as typed 0, IRI-normal 1, URI-normal 2.
    pub fn state(self, o: &CompareOptions) -> usize {
        let form = |f: SideForm| match f {
            SideForm::AsIs => 0,
            SideForm::IriNormal => 1,
            SideForm::UriNormal => 2,
        };
        match self {
            CompareOption::Objective => match o.objective {
                Objective::Names => 0,
                Objective::Cache => 1,
            },
            CompareOption::IgnoreDollar => usize::from(o.ignore_dollar),
            CompareOption::FormA => form(o.a_form),
            CompareOption::FormB => form(o.b_form),
        }
    }

    /// Moves the option in `o` to its next state (the last goes back to the first).
    pub fn toggle(self, o: &mut CompareOptions) {
        let next = |f: SideForm| match f {
            SideForm::AsIs => SideForm::IriNormal,
            SideForm::IriNormal => SideForm::UriNormal,
            SideForm::UriNormal => SideForm::AsIs,
        };
        match self {
            CompareOption::Objective => {
                o.objective = match o.objective {
                    Objective::Names => Objective::Cache,
                    Objective::Cache => Objective::Names,
                }
            }
            CompareOption::IgnoreDollar => o.ignore_dollar = !o.ignore_dollar,
            CompareOption::FormA => o.a_form = next(o.a_form),
            CompareOption::FormB => o.b_form = next(o.b_form),
        }
    }
}

/// A compare option a ladder uses, with its words per state ([`CompareOption::state`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option.
    pub option: CompareOption,
    /// What it is in each state, in a sentence (the workbench's status line).
    pub status: &'static [&'static str],
    /// What it is in each state, in a word or two (the ladder pane's title).
    pub title: &'static [&'static str],
}

impl OptionSpec {
    /// What the option is in `o`, in a sentence.
    pub fn status_in(&self, o: &CompareOptions) -> &'static str {
        self.status.get(self.option.state(o)).copied().unwrap_or("")
    }

    /// What the option is in `o`, in a word or two.
    pub fn title_in(&self, o: &CompareOptions) -> &'static str {
        self.title.get(self.option.state(o)).copied().unwrap_or("")
    }
}

/// How `auto` compares two sides its family reads under different profiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoPair {
    /// Under the first profile of the family's `auto` order (the newest spec) that accepts
    /// both sides; when none does, under the older of the two (the later in that order).
    FirstAcceptingBoth,
    /// Under the last profile of the family's `auto` order, which reads whatever the
    /// others read; `why` says so.
    Widest {
        /// Why, e.g. "every URI is an IRI (RFC 3987 §2)".
        why: &'static str,
    },
}

/// A sentence for a component only one side has, for some component kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MissingWording {
    /// The kinds it is said of.
    pub kinds: &'static [NodeKind],
    /// Only under this objective, if given.
    pub objective: Option<Objective>,
    /// The sentence; `{side}` is "A" or "B", `{what}` the component ("a query (…)").
    pub text: &'static str,
}

/// A sentence for a percent-encoded character that differs from the character, when the
/// character is in `set`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReservedWording {
    /// The characters it is said of.
    pub set: AsciiSet,
    /// The sentence, with the placeholders of [`Wording::encoding`] and `{slash}`.
    pub text: &'static str,
    /// What `{slash}` says when the character is "/".
    pub slash: &'static str,
}

/// How a spec words where two identifiers part. In the sentences, `{section}` is
/// [`LadderSpec::section`], `{k}` the component's name, `{lead}` "A has … where B has …
/// in the …", `{t}` the triplet and `{c}` the character (both quoted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wording {
    /// A difference of US-ASCII case.
    pub case: &'static str,
    /// The same, for some component kinds.
    pub case_of: &'static [(&'static [NodeKind], &'static str)],
    /// The section cited for a difference in the case of non-ASCII letters, which case
    /// normalization leaves alone; `None`: no case normalization to speak of.
    pub non_ascii_case: Option<&'static str>,
    /// A triplet against the character it encodes.
    pub encoding: &'static str,
    /// The same, for characters the spec reserves.
    pub encoding_reserved: Option<ReservedWording>,
    /// A component only one side has, for some kinds (the others get a sentence citing
    /// the section).
    pub missing: &'static [MissingWording],
    /// A difference only in Unicode normalization (`{kinds}`: the components' name, in
    /// the plural); `None`: not singled out.
    pub nfc: Option<&'static str>,
    /// A difference only in Unicode compatibility characters (`{kinds}` as above);
    /// `None`: not singled out.
    pub compatibility: Option<&'static str>,
    /// For a generic syntax without an authority (the WWW draft), whose scheme sections
    /// read the third segment of a path starting with "//" as `host[:port]`: a difference
    /// only in that ":port" (`{a}`, `{b}`: "port \"81\"" or "no port"); `None`: not
    /// singled out.
    pub port_in_path: Option<&'static str>,
}

/// Everything the equivalence code needs to know about one spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderSpec {
    /// The rungs, in order.
    pub rungs: &'static [Rung],
    /// The section that defines equivalence.
    pub section: &'static str,
    /// The compare options that bear on the ladder.
    pub options: &'static [OptionSpec],
    /// How `auto` picks a profile for two sides of this one's family read differently
    /// (asked of side A's profile).
    pub auto_pair: AutoPair,
    /// Where two identifiers part, in words.
    pub wording: Wording,
}

impl LadderSpec {
    /// The option `option` as this ladder uses it, if it does.
    pub fn option(&self, option: CompareOption) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.option == option)
    }

    /// True when this ladder uses `option`.
    pub fn uses(&self, option: CompareOption) -> bool {
        self.option(option).is_some()
    }

    /// The options in `o` that bear on this ladder, for a title: " · 5a: names", or ""
    /// when none does.
    pub fn options_title(&self, o: &CompareOptions) -> String {
        self.options
            .iter()
            .map(|s| format!(" · {}", s.title_in(o)))
            .collect()
    }
}

/// The ladder of a spec this program knows nothing of: simple string comparison (RFC 3986
/// §6.2.1), no options, and plain words.
pub static GENERIC_LADDER: LadderSpec = LadderSpec {
    rungs: &[Rung::Rewrites {
        name: "simple string comparison",
        spec: "RFC 3986 §6.2.1",
        rules: Rewrites::NONE,
    }],
    section: "RFC 3986 §6.2.1",
    options: &[],
    auto_pair: AutoPair::FirstAcceptingBoth,
    wording: Wording {
        case: "the {k} is case-sensitive: simple string comparison folds no case ({section})",
        case_of: &[],
        non_ascii_case: None,
        encoding: "{lead}: simple string comparison decodes no percent-encoding ({section})",
        encoding_reserved: None,
        missing: &[],
        nfc: None,
        compatibility: None,
        port_in_path: None,
    },
};

/// The form side A is written in (XRI Syntax 2.0 §2.3.3).
pub const FORM_A: OptionSpec = OptionSpec {
    option: CompareOption::FormA,
    status: &[
        "A is read as typed",
        "A is read in IRI-normal form",
        "A is read in URI-normal form",
    ],
    title: &["A as typed", "A IRI-normal", "A URI-normal"],
};
/// The form side B is written in (XRI Syntax 2.0 §2.3.3).
pub const FORM_B: OptionSpec = OptionSpec {
    option: CompareOption::FormB,
    status: &[
        "B is read as typed",
        "B is read in IRI-normal form",
        "B is read in URI-normal form",
    ],
    title: &["B as typed", "B IRI-normal", "B URI-normal"],
};

/// Where URI and IRI sides part when only one has a query or a fragment.
pub const URI_MISSING: &[MissingWording] = &[
    MissingWording {
        kinds: &[NodeKind::Query],
        objective: None,
        text: "only {side} has {what}: normalization does not remove a delimiter whose \
               component is empty (RFC 3986 §6.2.3)",
    },
    MissingWording {
        kinds: &[NodeKind::Fragment],
        objective: None,
        text: "only {side} has {what}: the fragment takes no scheme-based normalization, even \
               a bare \"#\" counts (RFC 3986 §6.2.3)",
    },
];

/// How RFC 3986 words the parting.
pub const URI_WORDING: Wording = Wording {
    case: "the {k} is case-sensitive: only the scheme, the host and the hex digits of \
           percent-encodings are not (RFC 3986 §6.2.2.1)",
    case_of: &[],
    non_ascii_case: Some("RFC 3987 §5.3.2.1"),
    encoding: "{lead}: {t} encodes {c}, which is not unreserved; only percent-encoded \
               unreserved characters may be decoded, an encoded reserved character is data, \
               not a delimiter (RFC 3986 §6.2.2.2)",
    encoding_reserved: None,
    missing: URI_MISSING,
    nfc: None,
    compatibility: Some(COMPATIBILITY),
    port_in_path: None,
};

/// A difference only in Unicode compatibility characters, which the comparison of RFC 3986
/// §6.2 (and of the WWW draft) leaves as they are.
pub const COMPATIBILITY: &str = "the {kinds} differ only in Unicode compatibility characters, \
                                 which comparison does not normalize ({section})";

/// Why `auto` compares a URI and an IRI under rfc3987.
pub const EVERY_URI_IS_AN_IRI: AutoPair = AutoPair::Widest {
    why: "every URI is an IRI (RFC 3987 §2)",
};
