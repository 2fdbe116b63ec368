//! The normalization rewrites as a set ([`Rewrites`]): each rewrite is one step of some
//! spec's normalization; the specs' tables name them, the rewriting applies them.
//!
//! Named "rewrites", not "rules": "rules" is kept for the ABNF rules (productions) of a
//! grammar (docs/adding-a-profile.md says which three meanings "rules" had).

use std::ops::BitOr;

/// A set of normalization rewrites for [`rewrite`](crate::engine::forms::rewrite::rewrite). Each rule is one step of some spec's
/// normalization; a spec's canonical form is the union its
/// [`FormsSpec::canonical`](super::forms::FormsSpec::canonical) gives.
/// Every rule applies inside cross-references too (XRI Syntax 2.0 §2.5.4), except
/// [`Rewrites::XRI_PREFIX`], which is the top level's only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rewrites(u32);

impl Rewrites {
    /// No rule: the input comes back as it is.
    pub const NONE: Rewrites = Rewrites(0);
    /// Upper-case the hex digits of `%HH` (RFC 3986 §6.2.2.1, XRI Syntax 2.0 §2.1.4,
    /// RFC 2141 §5 step 3, RFC 8141 §3.1).
    pub const HEX_CASE: Rewrites = Rewrites(1);
    /// Decode percent-encoded characters the profile counts as unreserved (RFC 3986
    /// §6.2.2.2; RFC 3987 §5.3.2.3 with `iunreserved`; XRI Syntax 2.0 §2.1.3 and §2.5.2;
    /// the WWW draft's "Reduced or increased safe character sets", keeping a segment that
    /// would become "." or ".." and the reserved characters encoded). Never for URNs.
    pub const DECODE_UNRESERVED: Rewrites = Rewrites(1 << 1);
    /// Lower-case the scheme (RFC 3986 §6.2.2.1; "urn" for URNs, RFC 2141 §5 step 1).
    pub const SCHEME_CASE: Rewrites = Rewrites(1 << 2);
    /// Lower-case US-ASCII letters of the host (RFC 3986 §6.2.2.1; under rfc3987 only a
    /// "US-ASCII only host", RFC 3987 §5.3.2.1, counting what its triplets encode); for
    /// an XRI authority (GCS or cross-reference), all of it outside cross-references (XRI
    /// Syntax 2.0 §2.5.1).
    pub const HOST_CASE: Rewrites = Rewrites(1 << 3);
    /// Lower-case the NID (RFC 2141 §5 step 2).
    pub const NID_CASE: Rewrites = Rewrites(1 << 4);
    /// `remove_dot_segments` on the path of an absolute identifier (RFC 3986 §6.2.2.3; XRI
    /// Syntax 2.0 §2.5.5 with cross-references opaque, §2.4.1).
    pub const DOT_SEGMENTS: Rewrites = Rewrites(1 << 5);
    /// Prepend `xri://` to an absolute XRI that lacks it (XRI Syntax 2.0 §2.3.1 step 2,
    /// §2.5.5), at the top level.
    pub const XRI_PREFIX: Rewrites = Rewrites(1 << 6);
    /// The same inside cross-references whose content is an absolute XRI (§2.5.5 applied
    /// recursively, §2.5.4).
    pub const XRI_PREFIX_NESTED: Rewrites = Rewrites(1 << 7);
    /// Remove the optional leading "*" of an XRI segment (XRI Syntax 2.0 §2.5.3), where
    /// it is optional: not before an empty sub-segment, not where the rest would read as
    /// "." or "..", and not before "(" at the start of a relative XRI (SPEC-NOTES XRI 4).
    pub const DROP_STAR: Rewrites = Rewrites(1 << 8);
    /// NFKC (XRI Syntax 2.0 §2.1.1), on the characters between triplets.
    pub const NFKC: Rewrites = Rewrites(1 << 9);
    /// Percent-encode, as UTF-8, what XRI syntax has no place for (XRI Syntax 2.0 §2.1.4,
    /// §2.1.5), and a "%" that starts no triplet.
    pub const ENCODE: Rewrites = Rewrites(1 << 10);
    /// The four escaping rules of XRI Syntax 2.0 §2.3.2, with SPEC-NOTES XRI 1 and 2.
    pub const IRI_ESCAPE: Rewrites = Rewrites(1 << 11);
    /// Remove the fragment (draft-ietf-urnbis-rfc2141bis-urn-03 §5 step 4).
    pub const DROP_FRAGMENT: Rewrites = Rewrites(1 << 12);
    /// Remove the query (rfc2141bis §5 step 5a).
    pub const DROP_QUERY: Rewrites = Rewrites(1 << 13);
    /// Reorder the query's directives by keyword (rfc2141bis §5 step 5b): a stable sort on
    /// the keyword's octets, the draft's "preferred order" being ours to choose.
    pub const REORDER_DIRECTIVES: Rewrites = Rewrites(1 << 14);
    /// Remove the r-, q- and f-components (RFC 8141 §3.1).
    pub const DROP_RQF: Rewrites = Rewrites(1 << 15);
    /// Scheme-based normalization (RFC 3986 §6.2.3): an empty port, or the scheme's
    /// default port, is removed with its ":"; an empty path after an authority becomes
    /// "/". Default ports: http and ws 80, https and wss 443, ftp 21. Top level only.
    pub const SCHEME_BASED: Rewrites = Rewrites(1 << 16);
    /// Percent-encode every space as "%20" (the WWW draft, "Unsafe characters": "the
    /// canonical form for URIs has all white spaces encoded"), in path, search and fragment.
    pub const ENCODE_SPACE: Rewrites = Rewrites(1 << 17);
    /// Remove a void fragment-id with its "#" (the WWW draft, "Fragment-id": "A void
    /// fragment-id with or without the hash sign means that the URL refers to the whole
    /// object"). Top level only.
    pub const DROP_VOID_FRAGMENT: Rewrites = Rewrites(1 << 18);

    /// XRI-normal form (XRI Syntax 2.0 §2.1.4): NFKC, minimal percent-encoding, upper-case
    /// hex.
    pub const XRI_NORMAL: Rewrites = Rewrites::NFKC
        .union(Rewrites::ENCODE)
        .union(Rewrites::DECODE_UNRESERVED)
        .union(Rewrites::HEX_CASE);

    /// Both sets.
    pub const fn union(self, other: Rewrites) -> Rewrites {
        Rewrites(self.0 | other.0)
    }
    /// True when every rule of `other` is in `self`.
    pub const fn contains(self, other: Rewrites) -> bool {
        self.0 & other.0 == other.0
    }
    /// True when some rule of `other` is in `self`.
    pub const fn intersects(self, other: Rewrites) -> bool {
        self.0 & other.0 != 0
    }
}

impl BitOr for Rewrites {
    type Output = Rewrites;
    fn bitor(self, rhs: Rewrites) -> Rewrites {
        self.union(rhs)
    }
}

/// rfc2141bis §5 with objective 5b (caching resolution results): steps 1 to 4, then the
/// directives reordered.
pub const fn cache_rules() -> Rewrites {
    Rewrites::SCHEME_CASE
        .union(Rewrites::NID_CASE)
        .union(Rewrites::HEX_CASE)
        .union(Rewrites::DROP_FRAGMENT)
        .union(Rewrites::REORDER_DIRECTIVES)
}
