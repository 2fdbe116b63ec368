//! The specs: one folder per spec family, one file per spec, and the profile table.
//!
//! A [`Profile`] is a small copyable handle ([`super::handle`]); everything the engine asks
//! of a spec is in its [`Descriptor`] ([`Profile::descriptor`]), one `static` per built-in
//! spec. Each family has a folder here ([`uri`], [`urn`], [`www`], [`xri`], [`whatwg`])
//! with the family's grammar and one file per spec (`uri/rfc3986.rs`, ...) holding what
//! that spec decides: its descriptor, and its grammar-reference text beside it
//! (`uri/rfc3986.abnf`). This file is the table that maps the handle to its descriptor,
//! the entry points by profile ([`parse`], [`parse_verdict`], [`applicable`]) and `auto`.
//! The code that works for any spec (the quick recognizers, the forms, the equivalence
//! ladder, host rewriting) takes a `&Descriptor` (or the one part of it it needs) and
//! never reaches this table; the entry points ([`super::analyze`], [`parse`],
//! [`super::equiv::compare`], [`super::resolve::resolve`],
//! [`super::quick_check`], `auto` here) map a profile to its descriptor and pass it down.
//! None of them matches on a named profile. The grammar lab's profile ([`lab`]) is a row
//! too: its grammar is given at run time, as an input of the analysis
//! ([`super::analyze_in`]), and the table keeps no state.
//!
//! # Adding a profile, step by step
//!
//! `docs/adding-a-profile.md` walks through one: the dummy profile of the test build
//! (`src/engine/specs/dummy.rs`).
//!
//! 1. Write its grammar: a function that parses the whole input into a
//!    [`Builder`](super::tree::Builder), recovering from errors so that a tree always comes
//!    out (a real spec's goes in its family's folder here, `specs/FAMILY/grammar.rs`, or a
//!    new folder for a new family). Code of its own beyond the grammar (a quick recognizer
//!    in `src/engine/quick.rs`, a way of making its forms in `src/engine/forms/make.rs`)
//!    takes the descriptor or the part of it it needs, never a [`Profile`]: it sits below
//!    this table.
//! 2. Write its descriptor: a `pub static` [`Descriptor`] in a new file in its family's
//!    folder (copy the nearest spec's), declared in the folder's `mod.rs`. Every field must
//!    be given, so the compiler lists what to decide: the grammar entry, the quick
//!    recognizer (or `None`: batch checking then always runs the grammar), the
//!    grammar-reference texts (a `NAME.abnf` beside the file), the resolution algorithm,
//!    the readings, the example set (`examples/ids/`), where `auto` ranks it in its family,
//!    its forms and its equivalence ladder (the types are in `src/engine/descriptor/`, with
//!    the steps and wording the built-in specs share).
//! 3. Add a row to the `profiles!` table below: the constant's doc, its name, and the
//!    descriptor. A row above `@not_listed:` is in [`Profile::ALL`], at its place there (the
//!    workbench's profile strip, every "each profile" loop); a row below it is built in but
//!    not listed (the test build's dummy).
//! 4. Add the name where the compiler cannot see it: the README.
//! 5. Run the tests: those that loop over [`Profile::ALL`] (names round-trip, the grammar
//!    never panics, the quick recognizer agrees with the grammar, ...) now cover it.

use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, LazyLock};

pub use super::descriptor::Descriptor;
pub use super::descriptor::grammar::GrammarEntry;
pub use super::descriptor::{Abnf, Auto, ReadingMarks, Resolver};
pub use super::family::{Family, leading_scheme, looks_like_urn, looks_like_xri};
pub use super::handle::Profile;
use super::tree::{Diagnostic, Tree};

/// The first error of `input` under `profile` with its message, from the grammar's
/// first-error mode, when that mode writes messages (the URL Standard's does; `None` for
/// every other profile, whose message comes from the analysis). The inner `None`: the
/// grammar reports no error.
pub fn first_error_explained(
    profile: Profile,
    input: &str,
) -> Option<Option<super::first_error_mode::Explained>> {
    whatwg::first_error_explained_under(profile, input)
}

/// True when `profile`'s first-error mode (with or without its message) costs what its
/// quick recognizer costs, valid lines included: then a batch check that prints failures'
/// places asks the mode instead of the recognizer (the URL Standard's state machine).
pub fn first_error_is_quick(profile: Profile) -> bool {
    whatwg::first_error_is_quick_under(profile)
}

/// The grammars' first-error mode by profile: the RFC 3986 / RFC 3987 grammar's and the URL
/// Standard's state machine's; `None` for a profile whose grammar has none.
pub fn first_error_under(
    profile: Profile,
    input: &str,
    expected: bool,
) -> Option<Option<super::first_error_mode::FirstError>> {
    whatwg::first_error_under(profile, input, expected)
        .or_else(|| uri::grammar::first_error_under(profile, input, expected))
}

pub mod lab;
pub mod uri;
pub mod urn;
pub mod whatwg;
pub mod www;
pub mod xri;

#[cfg(test)]
pub mod dummy;

/// The core rules (RFC 5234 Appendix B.1): a descriptor lists them after its own grammar
/// when the grammar uses them ([`Descriptor::rule_files`]).
pub const CORE: &str = include_str!("core.abnf");

/// Parses `input` under `profile`.
pub fn parse(profile: Profile, input: &str) -> (Tree, Vec<Diagnostic>) {
    profile.descriptor().grammar.parse(input)
}

/// [`parse`] for a verdict: the tree, and of the diagnostics only the first error (see
/// [`Builder::verdict_only`](super::tree::Builder::verdict_only)). The status and first
/// error are those [`parse`] gives.
pub fn parse_verdict(profile: Profile, input: &str) -> (Tree, Vec<Diagnostic>) {
    profile.descriptor().grammar.parse_verdict(input)
}

/// The diagnostics of [`parse_verdict`] alone: its tree is not assembled.
pub fn verdict_diagnostics(profile: Profile, input: &str) -> Vec<Diagnostic> {
    profile.descriptor().grammar.verdict_diagnostics(input)
}

/// False when `profile` cannot read this kind of identifier at all: a URN profile on input
/// that does not start with `urn:`, or the XRI profile on input with a scheme other than `xri`
/// ([`Family::applicable`]).
pub fn applicable(profile: Profile, input: &str) -> bool {
    profile.family().applicable(input)
}

/// Declares the built-in profiles from one table (constant, doc, descriptor), so the
/// constants, [`Profile::ALL`] and the descriptors cannot drift apart. The rows are in the
/// order of the workbench's profile strip. The rows after `@not_listed:` are built in but
/// left out of [`Profile::ALL`] (so off the profile strip and out of every "each profile"
/// loop); a row may carry `#[cfg(...)]` (the test build's dummy profile does).
macro_rules! profiles {
    (
        $($(#[doc = $doc:literal])* $name:ident => $descriptor:path;)*
        @not_listed:
        $($(#[doc = $hdoc:literal])* $(#[cfg($cfg:meta)])? $hname:ident => $hdescriptor:path;)*
    ) => {
        /// The built-in profiles, in table order: `BUILTIN[i]` is `Profile(i)`'s, with the
        /// constant's name.
        static BUILTIN: &[(&str, &Descriptor)] = &[
            $((stringify!($name), &$descriptor),)*
            $($(#[cfg($cfg)])? (stringify!($hname), &$hdescriptor),)*
        ];

        /// The built-ins' handles, numbered in table order.
        #[repr(u16)]
        enum Index {
            $($name,)*
            $($(#[cfg($cfg)])? $hname,)*
            Count,
        }

        #[allow(non_upper_case_globals)]
        impl Profile {
            $($(#[doc = $doc])* pub const $name: Profile = Profile(Index::$name as u16);)*
            $($(#[doc = $hdoc])* $(#[cfg($cfg)])?
            pub const $hname: Profile = Profile(Index::$hname as u16);)*

            /// How many profiles are built in: those of [`Profile::ALL`] and those the table
            /// leaves out of it.
            pub const BUILTIN_COUNT: usize = Index::Count as usize;

            /// Every listed built-in profile, in the order the workbench's profile strip
            /// shows them (the lab and test-only profiles are not listed).
            pub const ALL: [Profile; [$(stringify!($name)),*].len()] = [$(Profile::$name,)*];
        }
    };
}

profiles! {
    /// RFC 3986 URI-reference.
    Rfc3986 => uri::rfc3986::RFC3986;
    /// RFC 3987 IRI-reference.
    Rfc3987 => uri::rfc3987::RFC3987;
    /// The WWW "Universal Resource Identifiers" draft that became RFC 1630.
    Rfc1630 => www::rfc1630::RFC1630;
    /// RFC 2141 URN syntax.
    Rfc2141 => urn::rfc2141::RFC2141;
    /// draft-ietf-urnbis-rfc2141bis-urn-03.
    Rfc2141bis => urn::rfc2141bis::RFC2141BIS;
    /// RFC 8141 URNs.
    Rfc8141 => urn::rfc8141::RFC8141;
    /// OASIS XRI Syntax 2.0.
    Xri2 => xri::xri2::XRI2;
    /// The WHATWG URL Standard (`auto` never picks it).
    Whatwg => whatwg::url_standard::WHATWG;
    /// RFC 2396 amended by RFC 2732, as `java.net.URI` reads it (`auto` never picks it).
    Rfc2396 => uri::rfc2396::RFC2396;
    @not_listed:
    /// The grammar lab: a grammar given at run time, in the analysis's options
    /// ([`crate::engine::analyze_in`]); `auto` never picks it.
    Lab => lab::LAB;
    /// The dummy profile of `docs/adding-a-profile.md` (test builds only). Not listed in
    /// [`Profile::ALL`]: the profile strip's tests assume the seven specs at 60 columns.
    #[cfg(test)]
    Dummy => dummy::DUMMY;
}

/// What [`Profile::descriptor`] returns: a built-in's `static` descriptor, or one made at
/// run time (the grammar lab's over the grammar in the options:
/// [`lab::over`]).
#[derive(Clone)]
pub enum DescriptorRef {
    /// A built-in's `static` descriptor.
    Builtin(&'static Descriptor),
    /// A descriptor made at run time.
    Made(Arc<Descriptor>),
}

impl Deref for DescriptorRef {
    type Target = Descriptor;
    fn deref(&self) -> &Descriptor {
        match self {
            DescriptorRef::Builtin(d) => d,
            DescriptorRef::Made(d) => d,
        }
    }
}

impl Profile {
    /// Everything the engine knows of this profile's spec.
    pub fn descriptor(self) -> DescriptorRef {
        // Every handle is a row of the table (the handles are made only by it); answer
        // the first row rather than panic.
        let i = usize::from(self.0);
        DescriptorRef::Builtin(BUILTIN.get(i).map_or(BUILTIN[0].1, |(_, d)| d))
    }

    /// A built-in's place in the table (its place in [`Profile::ALL`] for a listed one),
    /// below [`Profile::BUILTIN_COUNT`]; `None` for a run-time profile.
    pub fn builtin_index(self) -> Option<usize> {
        let i = usize::from(self.0);
        (i < BUILTIN.len()).then_some(i)
    }

    /// The fixed name (`rfc3986`, ..., `xri2`).
    pub fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// The spec's title.
    pub fn title(self) -> &'static str {
        self.descriptor().title
    }

    /// The family.
    pub fn family(self) -> Family {
        self.descriptor().family
    }

    fn builtin_named(name: &str) -> Option<Profile> {
        BUILTIN
            .iter()
            .position(|(_, d)| d.name.eq_ignore_ascii_case(name))
            .map(|i| Profile(i as u16))
    }

    /// The profile with this name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::builtin_named(name)
    }
}

/// Each family's built-ins in the order `auto` tries them (by [`Auto::rank`]).
static AUTO_ORDER: LazyLock<[Vec<Profile>; 3]> = LazyLock::new(|| {
    let of = |family: Family| {
        let mut v: Vec<(u8, Profile)> = Profile::ALL
            .into_iter()
            .filter(|p| p.family() == family)
            .filter_map(|p| p.descriptor().auto.rank.map(|r| (r, p)))
            .collect();
        v.sort();
        v.into_iter().map(|(_, p)| p).collect()
    };
    [of(Family::Uri), of(Family::Urn), of(Family::Xri)]
});

impl Family {
    /// The profile `auto` takes first in this family, its newest spec (for XRIs, xri2: what
    /// an identifier converted to an XRI is read under); `None` for a family without one.
    pub fn first_profile(self) -> Option<Profile> {
        Profile::auto_order(self).first().copied()
    }
}

/// What the tools around the parse offer on an input read under a profile: decided here,
/// from its family and its descriptor, so that the engine's layers and the views ask
/// instead of naming a family or a spec.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// The URN namespace layer applies (the analysis runs it; Ctrl-N switches it).
    pub namespaces: bool,
    /// The URI scheme layer applies (the analysis runs it; Ctrl-X switches it).
    pub schemes: bool,
    /// The standards view (F8, `explain --standards`): the URL Standard's reading beside
    /// RFC 3986's, of a URI.
    pub standards: bool,
    /// The URL setters (F9): the profile's parser makes a URL record.
    pub setters: bool,
    /// The profile parses with the grammar lab's grammar, an input of the analysis
    /// ([`crate::engine::analyze_in`]).
    pub lab_grammar: bool,
    /// The grammar is RFC 3986's generic syntax (host `IPv4address / reg-name`, §5.2 with
    /// generic paths) with a quick recognizer: Appendix B's split reads what it vouches for.
    pub generic_split: bool,
}

impl Profile {
    /// What the tools offer on an input read under this profile ([`Offers`]).
    pub fn offers(self) -> Offers {
        let d = self.descriptor();
        Offers {
            namespaces: d.family == Family::Urn,
            schemes: d.family == Family::Uri,
            standards: d.family == Family::Uri,
            setters: d.url_setters,
            lab_grammar: self == Profile::Lab,
            generic_split: d.family == Family::Uri
                && matches!(d.readings.ipv4_or_reg_name, Some("reg-name" | "ireg-name"))
                && d.resolution == super::resolve::RFC3986
                && d.quick.is_some(),
        }
    }
}

impl Profile {
    /// The profiles `auto` tries within `family`, in the order it tries them (newest spec
    /// first): the first that accepts the input is taken.
    pub fn auto_order(family: Family) -> &'static [Profile] {
        let i = match family {
            Family::Uri => 0,
            Family::Urn => 1,
            Family::Xri => 2,
        };
        &AUTO_ORDER[i]
    }

    /// Where this profile stands in [`Profile::auto_order`] of its family: 0 is tried first.
    /// A profile `auto` never picks (the WWW draft) ranks after every other.
    pub fn auto_rank(self) -> usize {
        Profile::auto_order(self.family())
            .iter()
            .position(|&p| p == self)
            .unwrap_or(usize::MAX)
    }
}

impl fmt::Debug for Profile {
    /// The constant's name (`Rfc3986`), as the enum this handle replaced printed it; a
    /// run-time profile prints as `Profile("name")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match BUILTIN.get(usize::from(self.0)) {
            Some((ident, _)) => f.write_str(ident),
            None => f.debug_tuple("Profile").field(&self.name()).finish(),
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Profile::from_name(s).ok_or_else(|| {
            let names: Vec<_> = Profile::ALL.iter().map(|p| p.name()).collect();
            format!(
                "unknown profile '{s}': expected auto or one of {}",
                names.join(", ")
            )
        })
    }
}

/// What the first step of `auto` saw in the input ([`auto_family`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AutoWhy {
    /// It starts with `urn:`.
    UrnPrefix,
    /// It starts with `xri://`.
    XriPrefix,
    /// It starts with an XRI global context symbol or `(`.
    GlobalContextSymbol,
    /// Neither a URN nor an XRI, with non-ASCII characters.
    NonAscii,
    /// Neither a URN nor an XRI, all ASCII.
    Ascii,
}

impl fmt::Display for AutoWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AutoWhy::UrnPrefix => "starts with \"urn:\"",
            AutoWhy::XriPrefix => "starts with \"xri://\"",
            AutoWhy::GlobalContextSymbol => "starts with a global context symbol or \"(\"",
            AutoWhy::NonAscii => "not a URN or XRI, and has non-ASCII characters",
            AutoWhy::Ascii => "not a URN or XRI, and all ASCII",
        })
    }
}

/// Why an analysis is under its profile: given, or how `auto` chose it. Its `Display` is
/// the sentence the CLI, the JSON and the workbench print (`auto: starts with "urn:"; RFC
/// 8141 accepts it`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProfileReason {
    /// The profile was given.
    Given,
    /// `auto` took the profile the input's shape names.
    Auto(AutoWhy),
    /// `auto` tried the family's profiles in [`Profile::auto_order`] and `profile` is the
    /// first that accepts the input.
    Accepted {
        /// What the first step saw.
        why: AutoWhy,
        /// The profile taken.
        profile: Profile,
    },
    /// `auto` tried the family's profiles and none accepts the input: it is shown under
    /// `profile`, the first tried.
    NoneAccepts {
        /// What the first step saw.
        why: AutoWhy,
        /// The profile it is shown under.
        profile: Profile,
    },
}

impl fmt::Display for ProfileReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ProfileReason::Given => f.write_str("given"),
            ProfileReason::Auto(why) => write!(f, "auto: {why}"),
            ProfileReason::Accepted { why, profile } if profile.auto_rank() == 0 => {
                write!(f, "auto: {why}; {} accepts it", profile.descriptor().short)
            }
            ProfileReason::Accepted { why, profile } => write!(
                f,
                "auto: {why}; rejected by the newer {} specs, accepted by {profile}",
                profile.family().noun()
            ),
            ProfileReason::NoneAccepts { why, profile } => write!(
                f,
                "auto: {why}; no {} spec accepts it, shown under {profile}",
                profile.family().noun()
            ),
        }
    }
}

impl serde::Serialize for ProfileReason {
    /// The sentence, as `Display` gives it (the JSON's `profile_reason`).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The first step of `auto`: the family, a provisional profile, and the reason.
/// Inside a family whose profiles `auto` tries ([`Auto::by_trial`], the URNs)
/// [`crate::engine::analyze`] then picks the first in [`Profile::auto_order`] that accepts
/// the input.
pub fn auto_family(input: &str) -> (Family, Profile, AutoWhy) {
    let (family, why) = if looks_like_urn(input) {
        (Family::Urn, AutoWhy::UrnPrefix)
    } else if input.len() >= 6 && input.as_bytes()[..6].eq_ignore_ascii_case(b"xri://") {
        (Family::Xri, AutoWhy::XriPrefix)
    } else if looks_like_xri(input) {
        (Family::Xri, AutoWhy::GlobalContextSymbol)
    } else if !input.is_ascii() {
        // Every URI is an IRI; only the IRI spec reads the non-ASCII ones.
        return (Family::Uri, Profile::Rfc3987, AutoWhy::NonAscii);
    } else {
        (Family::Uri, AutoWhy::Ascii)
    };
    (
        family,
        family.first_profile().unwrap_or(Profile::Rfc3986),
        why,
    )
}

/// `auto`'s choice, the one place it is written (the analysis and batch checking's first
/// error both ask it): the profile [`auto_family`] takes by the input's shape, or, where
/// that profile's descriptor says auto tries its family ([`Auto::by_trial`]), the first of
/// the family's profiles in [`Profile::auto_order`] that `accepts` the input, else the
/// one it is shown under. `accepts` is asked in that order and no more after a yes; the
/// caller keeps what a trial made (a tree, a first error) to reuse it.
///
/// [`Auto::by_trial`]: crate::engine::descriptor::Auto::by_trial
pub fn auto_choose(
    input: &str,
    mut accepts: impl FnMut(Profile) -> bool,
) -> (Profile, ProfileReason) {
    let (family, provisional, why) = auto_family(input);
    if !provisional.descriptor().auto.by_trial {
        return (provisional, ProfileReason::Auto(why));
    }
    match Profile::auto_order(family)
        .iter()
        .copied()
        .find(|&p| accepts(p))
    {
        Some(profile) => (profile, ProfileReason::Accepted { why, profile }),
        None => (
            provisional,
            ProfileReason::NoneAccepts {
                why,
                profile: provisional,
            },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in Profile::ALL {
            assert_eq!(Profile::from_name(p.name()), Some(p));
        }
        assert!("nope".parse::<Profile>().is_err());
    }

    #[test]
    fn debug_prints_the_constant_name() {
        assert_eq!(format!("{:?}", Profile::Rfc3986), "Rfc3986");
        assert_eq!(format!("{:?}", Some(Profile::Xri2)), "Some(Xri2)");
        assert_eq!(Profile::Rfc2141bis.to_string(), "rfc2141bis");
    }

    #[test]
    fn auto_order_comes_from_the_descriptors() {
        assert_eq!(
            Profile::auto_order(Family::Urn),
            [Profile::Rfc8141, Profile::Rfc2141bis, Profile::Rfc2141]
        );
        assert_eq!(Profile::auto_order(Family::Xri), [Profile::Xri2]);
        assert_eq!(
            Profile::auto_order(Family::Uri),
            [Profile::Rfc3986, Profile::Rfc3987]
        );
        assert_eq!(Profile::Rfc1630.auto_rank(), usize::MAX);
    }

    #[test]
    fn reasons_read_as_before() {
        let why = AutoWhy::UrnPrefix;
        let cases = [
            (ProfileReason::Given, "given"),
            (
                ProfileReason::Auto(AutoWhy::Ascii),
                "auto: not a URN or XRI, and all ASCII",
            ),
            (
                ProfileReason::Accepted {
                    why,
                    profile: Profile::Rfc8141,
                },
                "auto: starts with \"urn:\"; RFC 8141 accepts it",
            ),
            (
                ProfileReason::Accepted {
                    why,
                    profile: Profile::Rfc2141,
                },
                "auto: starts with \"urn:\"; rejected by the newer URN specs, accepted by rfc2141",
            ),
            (
                ProfileReason::NoneAccepts {
                    why,
                    profile: Profile::Rfc8141,
                },
                "auto: starts with \"urn:\"; no URN spec accepts it, shown under rfc8141",
            ),
        ];
        for (r, want) in cases {
            assert_eq!(r.to_string(), want);
        }
    }

    #[test]
    fn auto_families() {
        assert_eq!(auto_family("URN:isbn:1").0, Family::Urn);
        assert_eq!(auto_family("URN:isbn:1").1, Profile::Rfc8141);
        assert_eq!(auto_family("XRI://@a").1, Profile::Xri2);
        assert_eq!(auto_family("=drummond").1, Profile::Xri2);
        assert_eq!(auto_family("http://é").1, Profile::Rfc3987);
        assert_eq!(auto_family("http://e").1, Profile::Rfc3986);
        assert_eq!(auto_family("http://e").2, AutoWhy::Ascii);
        assert_eq!(leading_scheme("mailto:x"), Some("mailto"));
        assert_eq!(leading_scheme("a/b:c"), None);
    }
}
