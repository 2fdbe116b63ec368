//! Profiles: which spec an input is read under, and how `auto` chooses one.

use std::fmt;

/// Declares [`Profile`] from one table (variant, doc, fixed name, title, family), so the
/// enum, `ALL`, the names and the titles cannot drift apart. The rows are in the order of the
/// workbench's profile strip.
macro_rules! profiles {
    ($($(#[$doc:meta])* $name:ident = $text:literal, $title:literal, $family:ident;)*) => {
        /// A spec an input can be parsed under. The names are fixed: the CLI and the tests use
        /// them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Profile {
            $($(#[$doc])* $name,)*
        }

        impl Profile {
            /// Every profile, in the order the workbench's profile strip shows them.
            pub const ALL: [Profile; [$($text),*].len()] = [$(Profile::$name,)*];

            /// The fixed name (`rfc3986`, ..., `xri2`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Profile::$name => $text,)*
                }
            }

            /// The spec's title.
            pub const fn title(self) -> &'static str {
                match self {
                    $(Profile::$name => $title,)*
                }
            }

            /// The family.
            pub const fn family(self) -> Family {
                match self {
                    $(Profile::$name => Family::$family,)*
                }
            }
        }
    };
}

profiles! {
    /// RFC 3986 URI-reference.
    Rfc3986 = "rfc3986", "RFC 3986 Uniform Resource Identifier (URI): Generic Syntax", Uri;
    /// RFC 3987 IRI-reference.
    Rfc3987 = "rfc3987", "RFC 3987 Internationalized Resource Identifiers (IRIs)", Uri;
    /// The WWW "Universal Resource Identifiers" draft that became RFC 1630.
    Rfc1630 = "rfc1630", "WWW draft: Universal Resource Identifiers (became RFC 1630)", Uri;
    /// RFC 2141 URN syntax.
    Rfc2141 = "rfc2141", "RFC 2141 URN Syntax", Urn;
    /// draft-ietf-urnbis-rfc2141bis-urn-03.
    Rfc2141bis = "rfc2141bis", "draft-ietf-urnbis-rfc2141bis-urn-03 URN Syntax", Urn;
    /// RFC 8141 URNs.
    Rfc8141 = "rfc8141", "RFC 8141 Uniform Resource Names (URNs)", Urn;
    /// OASIS XRI Syntax 2.0.
    Xri2 = "xri2", "OASIS XRI Syntax V2.0", Xri;
}

/// The family a profile belongs to: profiles of one family can be compared with each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// URIs and IRIs (RFC 3986, RFC 3987, the WWW draft).
    Uri,
    /// URNs (RFC 2141, rfc2141bis, RFC 8141).
    Urn,
    /// XRIs.
    Xri,
}

impl Profile {
    /// The profile with this name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }
}

impl Profile {
    /// The profiles `auto` tries within `family`, in the order it tries them (newest spec
    /// first): the first that accepts the input is taken.
    pub fn auto_order(family: Family) -> &'static [Profile] {
        match family {
            Family::Urn => &[Profile::Rfc8141, Profile::Rfc2141bis, Profile::Rfc2141],
            Family::Xri => &[Profile::Xri2],
            Family::Uri => &[Profile::Rfc3986, Profile::Rfc3987],
        }
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

/// True when `input` starts with `urn:` in any case.
pub fn looks_like_urn(input: &str) -> bool {
    input.len() >= 4 && input.as_bytes()[..4].eq_ignore_ascii_case(b"urn:")
}

/// True when `input` starts with `xri://` in any case, or with a GCS character or `(`.
pub fn looks_like_xri(input: &str) -> bool {
    (input.len() >= 6 && input.as_bytes()[..6].eq_ignore_ascii_case(b"xri://"))
        || matches!(
            input.as_bytes().first(),
            Some(b'=' | b'@' | b'+' | b'$' | b'!' | b'(')
        )
}

/// The scheme an input starts with, if it starts with `scheme ":"` (RFC 3986 §3.1 syntax).
pub fn leading_scheme(input: &str) -> Option<&str> {
    let b = input.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[end] == b':').then(|| &input[..end])
}

/// The first step of `auto`: the family, a provisional profile, and the reason.
/// Inside the URN family [`crate::engine::analyze`] then picks the newest spec that accepts
/// the input.
pub fn auto_family(input: &str) -> (Family, Profile, &'static str) {
    if looks_like_urn(input) {
        (Family::Urn, Profile::Rfc8141, "starts with \"urn:\"")
    } else if input.len() >= 6 && input.as_bytes()[..6].eq_ignore_ascii_case(b"xri://") {
        (Family::Xri, Profile::Xri2, "starts with \"xri://\"")
    } else if looks_like_xri(input) {
        (
            Family::Xri,
            Profile::Xri2,
            "starts with a global context symbol or \"(\"",
        )
    } else if !input.is_ascii() {
        (
            Family::Uri,
            Profile::Rfc3987,
            "not a URN or XRI, and has non-ASCII characters",
        )
    } else {
        (
            Family::Uri,
            Profile::Rfc3986,
            "not a URN or XRI, and all ASCII",
        )
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
    fn auto_families() {
        assert_eq!(auto_family("URN:isbn:1").0, Family::Urn);
        assert_eq!(auto_family("XRI://@a").1, Profile::Xri2);
        assert_eq!(auto_family("=drummond").1, Profile::Xri2);
        assert_eq!(auto_family("http://é").1, Profile::Rfc3987);
        assert_eq!(auto_family("http://e").1, Profile::Rfc3986);
        assert_eq!(leading_scheme("mailto:x"), Some("mailto"));
        assert_eq!(leading_scheme("a/b:c"), None);
    }
}
