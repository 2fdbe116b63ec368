//! What the engine asks of one spec: the [`Descriptor`] type and the types of its fields:
//! here the small ones (how it resolves, which readings it marks, how `auto` picks it, its
//! ABNF, what a quick recognizer answers), in [`grammar`] its grammar entry, in [`forms`]
//! and [`rewrites`] its forms, in [`ladder`] its equivalence ladder (with the steps and
//! wording the built-in descriptors share).
//!
//! Types only: the descriptors themselves are data under [`super::specs`], reached from
//! the profile table ([`super::specs`]). The code that works for any spec (the grammar
//! dispatch, the forms, the equivalence ladder, resolution, readings) takes a
//! `&Descriptor`, or the one spec it needs, from an entry point that has the profile.

pub mod forms;
pub mod grammar;
pub mod ladder;
pub mod resolution;
pub mod rewrites;

use super::family::Family;
use super::tree::Builder;

use forms::{FormsSpec, Under};
use grammar::GrammarEntry;
use ladder::LadderSpec;
use resolution::Resolution;

/// Everything the engine asks of one spec.
pub struct Descriptor {
    /// The fixed name (`rfc3986`): what `--profile` takes, what the JSON prints.
    pub name: &'static str,
    /// The spec's title.
    pub title: &'static str,
    /// The spec as a sentence names it (`RFC 8141`).
    pub short: &'static str,
    /// The family: profiles of one family can be compared with each other.
    pub family: Family,
    /// The grammar: parses the whole input into a builder (full or verdict mode).
    pub grammar: GrammarEntry,
    /// The quick recognizer batch checking tries first ([`super::quick`]); `None`: none,
    /// the grammar always judges.
    pub quick: Option<fn(&[u8]) -> Quick>,
    /// Its rule files, the grammar reference ([`super::rules`], `idbench rule`): the texts
    /// of the productions as the spec prints them, in lookup order (the spec's own file
    /// first, then the core rules it uses).
    pub rule_files: &'static [&'static str],
    /// How a reference resolves against a base under this profile.
    pub resolution: Resolver,
    /// Which other readings ([`super::readings`]) the grammar marks.
    pub readings: ReadingMarks,
    /// The example set (the text of its file under `examples/ids/`, see [`crate::idsets`]);
    /// empty for none.
    pub examples: &'static str,
    /// Its grammar as ABNF the engine can load (`idbench grammar diff --profile`), and the
    /// rule it starts from; `None` for a spec without one.
    pub abnf: Option<Abnf>,
    /// How `auto` picks it.
    pub auto: Auto,
    /// Its normal forms: how they are made, the steps, what may be decoded
    /// ([`forms::GENERIC_FORMS`] for a spec without forms of its own).
    pub forms: &'static FormsSpec,
    /// Its equivalence ladder, sections, wording and compare options
    /// ([`ladder::GENERIC_LADDER`]: simple string comparison).
    pub ladder: &'static LadderSpec,
    /// Its parser makes a URL record that the URL Standard's setters change (the
    /// workbench's F9, `idbench test`'s setter cases).
    pub url_setters: bool,
    /// A URN spec whose `?` and `#` end the NSS (RFC 3986's path ends there; what follows
    /// is the spec's query and fragment, or its components): a valid URN's NSS runs to the
    /// first of them, so batch checking finds it without a parse. False for RFC 2141 (its
    /// NSS holds them) and outside the URNs.
    pub nss_ends_at_query: bool,
}

impl<'a> Under<'a> {
    /// The spec a descriptor describes, as the forms code needs it.
    pub fn of(d: &'a Descriptor) -> Under<'a> {
        Under {
            family: d.family,
            grammar: &d.grammar,
            forms: d.forms,
        }
    }
}

/// How a reference resolves against a base ([`super::resolve::resolve`], the one entry
/// point): the algorithm, a function of the base, the reference and the spec's descriptor
/// (whose grammar parses both). The shared algorithms are in [`super::resolve`] (RFC 3986
/// §5.2, parsing against the base); a spec's own is in its folder under
/// [`super::specs`].
#[derive(Clone, Copy)]
pub struct Resolver {
    /// The algorithm as its spec is cited (`RFC 3986 §5.2`): two resolvers with the same
    /// name are the same algorithm.
    pub algorithm: &'static str,
    /// Resolves the reference (second) against the base (first) under the descriptor.
    /// Never panics; linear in the inputs.
    pub run: fn(&str, &str, &Descriptor) -> Resolution,
}

impl PartialEq for Resolver {
    fn eq(&self, other: &Resolver) -> bool {
        self.algorithm == other.algorithm
    }
}

impl Eq for Resolver {}

impl std::fmt::Debug for Resolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Resolver").field(&self.algorithm).finish()
    }
}

/// Which other readings the grammar marks ([`super::readings::find`]).
#[derive(Clone, Copy, Debug)]
pub struct ReadingMarks {
    /// The input may read differently under another spec of the family that `auto` tries
    /// (the URN specs' components).
    pub by_family: bool,
    /// Authorities another grammar also reads (XRI's, which RFC 3987's `iauthority`
    /// matches); `None`: none.
    pub authority_also: Option<AuthorityAlso>,
    /// A host that is both an `IPv4address` and a registered name: the name of the
    /// registered-name rule (`reg-name`, `ireg-name`); `None` when not marked.
    pub ipv4_or_reg_name: Option<&'static str>,
}

impl ReadingMarks {
    /// No other readings.
    pub const NONE: ReadingMarks = ReadingMarks {
        by_family: false,
        authority_also: None,
        ipv4_or_reg_name: None,
    };
}

/// An authority the grammar takes that another grammar also reads
/// ([`ReadingMarks::authority_also`]).
#[derive(Clone, Copy, Debug)]
pub struct AuthorityAlso {
    /// The rules of the authorities it may be said of (XRI's `gcs-authority` and
    /// `xref-authority`).
    pub rules: &'static [&'static str],
    /// The other grammar, which reads `x://` followed by the authority's text: its
    /// authority is the other reading when it covers the whole text without an error.
    pub grammar: fn(&mut Builder<'_>),
    /// That grammar's rule for the authority (`iauthority`).
    pub rule: &'static str,
}

/// How `auto` picks a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Auto {
    /// Its place in [`Profile::auto_order`](super::Profile::auto_order) of its family, 0
    /// first; `None`: `auto` never picks it (the WWW draft).
    pub rank: Option<u8>,
    /// `auto` tries the family's profiles in order and takes the first that accepts the
    /// input (the URNs: the newest spec that accepts it), rather than the one the input's
    /// shape names.
    pub by_trial: bool,
}

impl Auto {
    /// `auto` never picks it.
    pub const NEVER: Auto = Auto {
        rank: None,
        by_trial: false,
    };
}

/// A spec's grammar as ABNF the ABNF engine loads.
#[derive(Clone, Copy, Debug)]
pub struct Abnf {
    /// The text: `None` for the grammar reference's own productions (a spec that prints
    /// ABNF: each production's reading, else as printed), or our transcription of a grammar
    /// printed in another notation (`src/engine/specs/*/NAME.transcribed.abnf`).
    pub text: Option<&'static str>,
    /// The rule the grammar starts from.
    pub start: &'static str,
}

/// What a quick recognizer ([`Descriptor::quick`]) found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Quick {
    /// The full grammar reports no error.
    Valid,
    /// The full grammar's first error has this code.
    Invalid(&'static str),
    /// Not decided here: the full grammar must judge.
    Unknown,
}

impl Quick {
    /// [`Quick::Valid`] when `valid`, else "don't know".
    pub fn valid_or_unknown(valid: bool) -> Quick {
        if valid { Quick::Valid } else { Quick::Unknown }
    }
}
