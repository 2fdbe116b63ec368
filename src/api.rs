//! The small API for a program that embeds the engine: [`Identifier::parse`] (a valid
//! identifier, or its [`Diagnostics`] as an error), [`Options::builder`], and the forms by
//! [`FormKind`] rather than by a string key.
//!
//! Everything here is a thin layer over [`crate::engine`], which stays the whole of what
//! the engine knows ([`crate::analyze`] and the [`Analysis`] it returns).
//!
//! ```
//! use idbench::{FormKind, Identifier, Profile};
//!
//! let id = Identifier::parse("HTTP://Example.COM:80/a/./b", Profile::Rfc3986)?;
//! assert_eq!(id.form(FormKind::Canonical), Some("http://example.com:80/a/b"));
//! assert_eq!(id.form(FormKind::CanonicalScheme), Some("http://example.com/a/b"));
//!
//! let err = Identifier::parse("http://exa mple.com/", Profile::Rfc3986).unwrap_err();
//! assert_eq!(err.first().code.to_string(), "illegal-char");
//! assert_eq!((err.first().span.start, err.first().span.end), (10, 11));
//! # Ok::<(), idbench::Diagnostics>(())
//! ```

use std::fmt;

use crate::engine::forms::Forms;
use crate::engine::{Analysis, Diagnostic, Options, Profile, Severity, analyze};

/// A valid identifier: the input, parsed under a profile with no error, with its
/// analysis (the tree, the warnings and notes, the forms).
///
/// [`Identifier::parse`] computes the forms, the equivalence key and the layers; use
/// [`Identifier::parse_with`] to choose.
#[derive(Clone, Debug)]
pub struct Identifier {
    analysis: Analysis,
}

impl Identifier {
    /// Parses `input` under `profile` (a [`Profile`], or `None` for `auto`, which picks
    /// one from the input) with the forms, the equivalence key and the layers (a URN's
    /// namespace, a URI's scheme), as `compare` reads its sides: the identifier when there
    /// is no error, else every diagnostic.
    pub fn parse(input: &str, profile: impl Into<Option<Profile>>) -> Result<Self, Diagnostics> {
        let opts = Options::builder()
            .profile(profile)
            .forms(true)
            .equivalence_key(true)
            .namespaces(true)
            .scheme_spec(true)
            .build();
        Self::parse_with(input, &opts)
    }

    /// Parses `input` with the options given ([`Options::builder`]).
    pub fn parse_with(input: &str, options: &Options) -> Result<Self, Diagnostics> {
        let analysis = analyze(input, options);
        match analysis
            .diagnostics
            .iter()
            .position(|d| d.severity == Severity::Error)
        {
            None => Ok(Identifier { analysis }),
            Some(first) => Err(Diagnostics {
                analysis: Box::new(analysis),
                first,
            }),
        }
    }

    /// The input, as given.
    pub fn as_str(&self) -> &str {
        &self.analysis.input
    }

    /// The profile it was parsed under.
    pub fn profile(&self) -> Profile {
        self.analysis.profile
    }

    /// The whole analysis.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The analysis, by value.
    pub fn into_analysis(self) -> Analysis {
        self.analysis
    }

    /// The warnings and notes (a valid identifier has no error).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.analysis.diagnostics
    }

    /// The forms, when they were asked for.
    pub fn forms(&self) -> Option<&Forms> {
        self.analysis.forms.as_ref()
    }

    /// One form ([`Forms::form`]): `None` when the forms were not asked for or the form
    /// does not apply to the profile.
    pub fn form(&self, kind: FormKind) -> Option<&str> {
        self.forms().and_then(|f| f.form(kind))
    }

    /// The equivalence key ([`crate::engine::key`]): two identifiers parsed under the same
    /// profile (or both under `auto`) have equal keys exactly when `compare` calls them
    /// equivalent. `None` when it was not asked for.
    pub fn equivalence_key(&self) -> Option<&str> {
        self.form(FormKind::EquivalenceKey)
    }
}

impl fmt::Display for Identifier {
    /// The input as given, with what a terminal would act on (controls, bidi and invisible
    /// characters) shown as visible tokens ([`crate::safe_text::escape`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::safe_text::escape(self.as_str()))
    }
}

impl From<Identifier> for Analysis {
    fn from(id: Identifier) -> Self {
        id.analysis
    }
}

/// Why an input is not a valid identifier under its profile: its diagnostics, at least
/// one an error. The analysis is kept whole (the tree shows how far the parse went).
#[derive(Clone, Debug)]
pub struct Diagnostics {
    /// Boxed: an error value stays a pointer wide on the way up a `?` chain.
    analysis: Box<Analysis>,
    /// The first error's index in `analysis.diagnostics`.
    first: usize,
}

impl Diagnostics {
    /// The first error (in input order).
    pub fn first(&self) -> &Diagnostic {
        &self.analysis.diagnostics[self.first]
    }

    /// Every diagnostic: errors, warnings and notes, in input order.
    pub fn all(&self) -> &[Diagnostic] {
        &self.analysis.diagnostics
    }

    /// The errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.all().iter().filter(|d| d.severity == Severity::Error)
    }

    /// The profile the input was read under.
    pub fn profile(&self) -> Profile {
        self.analysis.profile
    }

    /// The input, as given.
    pub fn input(&self) -> &str {
        &self.analysis.input
    }

    /// The whole analysis (the tree as far as the parse went, the verdicts).
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The analysis, by value.
    pub fn into_analysis(self) -> Analysis {
        *self.analysis
    }
}

impl fmt::Display for Diagnostics {
    /// `not valid under rfc3986: error invalid-char at bytes 10..11: … (RFC 3986 §3.2.2)`,
    /// and how many more errors there are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not valid under {}: {}", self.profile(), self.first())?;
        match self.errors().count() {
            0 | 1 => Ok(()),
            2 => f.write_str(" (and 1 more error)"),
            n => write!(f, " (and {} more errors)", n - 1),
        }
    }
}

impl std::error::Error for Diagnostics {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.first())
    }
}

impl fmt::Display for Diagnostic {
    /// `error invalid-char at bytes 10..11: <message> (RFC 3986 §3.2.2)`. The message may
    /// quote the input: what a terminal would act on is shown as visible tokens.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} at bytes {}..{}: {}",
            self.severity,
            self.code,
            self.span.start,
            self.span.end,
            crate::safe_text::escape(&self.message)
        )?;
        if !self.spec.is_empty() {
            write!(f, " ({})", self.spec)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// One of the forms of [`Forms`], by type rather than by its JSON name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum FormKind {
    /// [`Forms::xri_normal`].
    XriNormal,
    /// [`Forms::iri_normal`].
    IriNormal,
    /// [`Forms::uri_normal`].
    UriNormal,
    /// [`Forms::uri_normal_ace`].
    UriNormalAce,
    /// [`Forms::canonical`].
    Canonical,
    /// [`Forms::canonical_scheme`].
    CanonicalScheme,
    /// [`Forms::canonical_cache`].
    CanonicalCache,
    /// [`Forms::canonical_namespace`].
    CanonicalNamespace,
    /// [`Forms::equivalence_key`].
    EquivalenceKey,
    /// [`Forms::display`].
    Display,
    /// [`Forms::href`].
    Href,
    /// [`Forms::href_no_fragment`].
    HrefNoFragment,
}

impl FormKind {
    /// Every form, in the order of [`Forms::rows`] (the equivalence key last).
    pub const ALL: [FormKind; 12] = [
        FormKind::XriNormal,
        FormKind::IriNormal,
        FormKind::UriNormal,
        FormKind::UriNormalAce,
        FormKind::Canonical,
        FormKind::CanonicalScheme,
        FormKind::CanonicalCache,
        FormKind::CanonicalNamespace,
        FormKind::Display,
        FormKind::Href,
        FormKind::HrefNoFragment,
        FormKind::EquivalenceKey,
    ];

    /// The JSON name (`forms --format json`'s key): `canonical_scheme`, ….
    pub const fn name(self) -> &'static str {
        match self {
            FormKind::XriNormal => "xri_normal",
            FormKind::IriNormal => "iri_normal",
            FormKind::UriNormal => "uri_normal",
            FormKind::UriNormalAce => "uri_normal_ace",
            FormKind::Canonical => "canonical",
            FormKind::CanonicalScheme => "canonical_scheme",
            FormKind::CanonicalCache => "canonical_cache",
            FormKind::CanonicalNamespace => "canonical_namespace",
            FormKind::EquivalenceKey => "equivalence_key",
            FormKind::Display => "display",
            FormKind::Href => "href",
            FormKind::HrefNoFragment => "href_no_fragment",
        }
    }
}

impl fmt::Display for FormKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for FormKind {
    type Err = String;
    /// A JSON name, as [`FormKind::name`] gives it.
    fn from_str(s: &str) -> Result<Self, String> {
        FormKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = FormKind::ALL.iter().map(|k| k.name()).collect();
                format!("unknown form '{s}': expected one of {}", names.join(", "))
            })
    }
}

impl Forms {
    /// The form of kind `kind`, if it applies to the profile (and, for the equivalence
    /// key, if it was asked for).
    pub fn form(&self, kind: FormKind) -> Option<&str> {
        match kind {
            FormKind::XriNormal => self.xri_normal.as_deref(),
            FormKind::IriNormal => Some(&self.iri_normal),
            FormKind::UriNormal => Some(&self.uri_normal),
            FormKind::UriNormalAce => self.uri_normal_ace.as_deref(),
            FormKind::Canonical => Some(&self.canonical),
            FormKind::CanonicalScheme => self.canonical_scheme.as_deref(),
            FormKind::CanonicalCache => self.canonical_cache.as_deref(),
            FormKind::CanonicalNamespace => self.canonical_namespace.as_deref(),
            FormKind::EquivalenceKey => self.equivalence_key.as_deref(),
            FormKind::Display => Some(&self.display),
            FormKind::Href => self.href.as_deref(),
            FormKind::HrefNoFragment => self.href_no_fragment.as_deref(),
        }
    }
}

/// Builds [`Options`] one switch at a time ([`Options::builder`]).
///
/// It starts from checking only (the tree and the diagnostics under `auto`, as
/// [`Options::validate_only`]); each method turns on what it names. A switch added to the
/// engine later starts off here, so code written against the builder keeps its meaning.
#[derive(Clone, Debug)]
#[must_use]
pub struct OptionsBuilder {
    options: Options,
}

impl Options {
    /// A builder, starting from checking only:
    ///
    /// ```
    /// use idbench::{Options, Profile};
    ///
    /// let opts = Options::builder()
    ///     .profile(Profile::Rfc8141)
    ///     .forms(true)
    ///     .namespaces(true)
    ///     .build();
    /// let a = idbench::analyze("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", &opts);
    /// let forms = a.forms.expect("forms");
    /// assert_eq!(
    ///     forms.canonical_namespace.as_deref(),
    ///     Some("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
    /// );
    /// assert!(forms.equivalence_key.is_none()); // not asked for
    /// ```
    pub fn builder() -> OptionsBuilder {
        OptionsBuilder {
            options: Options::validate_only(None),
        }
    }
}

impl OptionsBuilder {
    /// The profile: a [`Profile`], or `None` for `auto`.
    pub fn profile(mut self, profile: impl Into<Option<Profile>>) -> Self {
        self.options.profile = profile.into();
        self
    }

    /// Compute the normal forms ([`Options::forms`]).
    pub fn forms(mut self, on: bool) -> Self {
        self.options.forms = on;
        self
    }

    /// Judge the input under every profile too ([`Options::all_profiles`]).
    pub fn all_profiles(mut self, on: bool) -> Self {
        self.options.all_profiles = on;
        self
    }

    /// Run the URN namespace layer ([`Options::namespace`]).
    pub fn namespaces(mut self, on: bool) -> Self {
        self.options.namespace = on;
        self
    }

    /// Run the URI scheme layer ([`Options::scheme_spec`]).
    pub fn scheme_spec(mut self, on: bool) -> Self {
        self.options.scheme_spec = on;
        self
    }

    /// Compute the equivalence key ([`Options::equivalence_key`]). The key is a form:
    /// turning it on turns [`OptionsBuilder::forms`] on too.
    pub fn equivalence_key(mut self, on: bool) -> Self {
        self.options.equivalence_key = on;
        if on {
            self.options.forms = true;
        }
        self
    }

    /// The options.
    pub fn build(self) -> Options {
        self.options
    }
}

/// serde for the engine's values that cannot derive it: a handle written by its name, the
/// tree as a flat list (no recursion, so a deep tree cannot overflow the stack).
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::engine::namespaces::{Namespace, Registration};
    use crate::engine::{NodeKind, Profile, Tree};

    impl Serialize for Profile {
        /// Its name (`rfc3986`).
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    impl<'de> Deserialize<'de> for Profile {
        /// A profile's name.
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let name = std::borrow::Cow::<'de, str>::deserialize(d)?;
            name.parse().map_err(serde::de::Error::custom)
        }
    }

    impl Serialize for NodeKind {
        /// Its stable kebab-case name.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    impl Serialize for Registration {
        /// `formal`, `informal`, `informal-unlisted`, `experimental` or `unregistered`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(match self {
                Registration::Formal(_) => "formal",
                Registration::Informal(_) => "informal",
                Registration::InformalUnlisted => "informal-unlisted",
                Registration::Experimental => "experimental",
                Registration::Unregistered => "unregistered",
            })
        }
    }

    /// A namespace idbench knows the syntax of, by its name (`isbn`, `ietf:params`).
    pub(crate) fn namespace_name<S: Serializer>(
        ns: &Option<&'static Namespace>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match ns {
            Some(ns) => s.serialize_some(ns.name),
            None => s.serialize_none(),
        }
    }

    /// One node of a tree in its flat form.
    struct FlatNode<'t>(crate::engine::Node<'t>);

    impl Serialize for FlatNode<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let n = &self.0;
            let mut st = s.serialize_struct("Node", 5)?;
            st.serialize_field("kind", &n.kind())?;
            st.serialize_field("rule", n.rule())?;
            st.serialize_field("span", &n.span())?;
            st.serialize_field("parent", &n.parent().map(|p| p.index()))?;
            st.serialize_field("attrs", &Attrs(n.attrs()))?;
            st.end()
        }
    }

    struct Attrs<'t>(&'t [crate::engine::Attr]);

    impl Serialize for Attrs<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut m = s.serialize_map(Some(self.0.len()))?;
            for a in self.0 {
                m.serialize_entry(a.key, &a.value)?;
            }
            m.end()
        }
    }

    impl Serialize for Tree {
        /// The nodes in preorder, each `{kind, rule, span, parent, attrs}` with `parent`
        /// the index of its parent in the list (`null` for the root).
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut seq = s.serialize_seq(Some(self.len()))?;
            for n in self.iter() {
                seq.serialize_element(&FlatNode(n))?;
            }
            seq.end()
        }
    }
}

#[cfg(feature = "serde")]
pub(crate) use serde_impls::namespace_name;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_an_error_value_with_the_first_error() {
        let e = Identifier::parse("http://exa mple.com/\u{202E}", Profile::Rfc3986).unwrap_err();
        let boxed: Box<dyn std::error::Error> = Box::new(e.clone());
        let text = boxed.to_string();
        assert!(
            text.starts_with("not valid under rfc3986: error illegal-char at bytes 10..11"),
            "{text}"
        );
        assert!(!text.contains('\u{202E}'), "{text}");
        let source = boxed.source().expect("the first error");
        assert_eq!(source.to_string(), e.first().to_string());
        assert_eq!(
            e.errors().count(),
            e.all()
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count()
        );
    }

    #[test]
    fn the_typed_forms_are_the_named_ones() {
        let id =
            Identifier::parse("HTTP://例え.テスト:80/a/./b/%7Ec", Profile::Rfc3987).expect("valid");
        let forms = id.forms().expect("forms");
        for kind in FormKind::ALL {
            assert_eq!(forms.form(kind), forms.get(kind.name()), "{kind}");
            assert_eq!(kind.name().parse::<FormKind>(), Ok(kind));
        }
        let names: Vec<_> = FormKind::ALL.iter().map(|k| k.name()).collect();
        let mut expected = Forms::names();
        expected.push("equivalence_key");
        assert_eq!(names, expected);
        assert!(id.equivalence_key().is_some());
    }

    #[test]
    fn the_builder_starts_from_checking_only_and_turns_on_what_it_names() {
        let o = Options::builder().build();
        let v = Options::validate_only(None);
        assert_eq!(
            (
                o.profile,
                o.forms,
                o.all_profiles,
                o.namespace,
                o.scheme_spec,
                o.equivalence_key
            ),
            (
                v.profile,
                v.forms,
                v.all_profiles,
                v.namespace,
                v.scheme_spec,
                v.equivalence_key
            )
        );
        let o = Options::builder()
            .profile(Profile::Rfc3986)
            .all_profiles(true)
            .namespaces(true)
            .scheme_spec(true)
            .equivalence_key(true)
            .build();
        assert_eq!(o.profile, Some(Profile::Rfc3986));
        assert!(o.forms && o.all_profiles && o.namespace && o.scheme_spec && o.equivalence_key);
        let o = Options::builder().profile(None).forms(true).build();
        assert_eq!(o.profile, None);
        assert!(o.forms && !o.equivalence_key);
    }

    #[test]
    fn equivalent_identifiers_share_a_key() {
        let a = Identifier::parse("http://example.com:80/", None).expect("valid");
        let b = Identifier::parse("HTTP://EXAMPLE.com", None).expect("valid");
        let c = Identifier::parse("http://example.com/x", None).expect("valid");
        assert_eq!(a.equivalence_key(), b.equivalence_key());
        assert_ne!(a.equivalence_key(), c.equivalence_key());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn an_analysis_serializes_with_its_tree_flat() {
        let a = crate::analyze("urn:isbn:0451450523", &Options::full());
        let v = serde_json::to_value(&a).expect("serializes");
        assert_eq!(v["profile"], "rfc8141");
        assert_eq!(v["tree"][0]["kind"], "urn");
        assert_eq!(v["tree"][0]["parent"], serde_json::Value::Null);
        assert!(v["forms"]["canonical"].is_string());
        assert_eq!(v["namespace"]["namespace"], "isbn");
        let span: crate::engine::Span =
            serde_json::from_value(v["tree"][0]["span"].clone()).expect("a span reads back");
        assert_eq!(span, a.tree.root().span());
        let p: Profile =
            serde_json::from_value(v["profile"].clone()).expect("a profile reads back");
        assert_eq!(p, a.profile);
        // A deep tree serializes without recursion.
        let deep = format!("xri://@a{}", "(".repeat(20_000));
        let a = crate::analyze(&deep, &Options::validate_only(None));
        assert!(serde_json::to_string(&a).is_ok());
    }
}
