//! Where web-platform-tests URL data and the URL Standard as implemented here disagree:
//! each case with the expectation it was written against and the reason.
//!
//! An entry is keyed to the data, not to the input alone: it applies to a case only while
//! the file still expects what the entry was written against ([`Written`]). When a newer
//! file changes that expectation (web-platform-tests catching up with the standard, or a
//! newer Unicode version in `IdnaTestV2.json`) the entry no longer applies and the case is
//! checked like any other, so a newer file never reports a stale entry as a failure. An
//! entry that applies to a case that agrees anyway is still a failure (`idbench test` says
//! the listed change no longer applies): with the same data, the engine changed.
//!
//! The data vendored under `tests/data/whatwg/` (see its README): the current files
//! (ada-url/ada 308110b, July 2026: `urltestdata.json` of 891 cases, `toascii.json`,
//! `IdnaTestV2.json`, ...) and, under `older/`, the files the first entries were written
//! against (`urltestdata.json` of WPT 876fe001 via rust-url, 869 cases; `toascii.json` of
//! WPT 0b3b98ca, 43 cases). The implemented revision of the URL Standard is 6ae8486
//! (2 July 2026); the UTS #46 tables are the `idna` crate's on ICU4X 2.4 data (Unicode
//! 18.0).

/// What the file expected of a case when a known-disagreement entry was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// `urltestdata.json`: `failure: true`.
    Failure,
    /// `urltestdata.json`: this `href`.
    Href(&'static str),
    /// `toascii.json` / `IdnaTestV2.json`: this `output` (`None`: JSON null, failure).
    Host(Option<&'static str>),
}

/// One known disagreement: the case (input, base), what the file expected when the entry
/// was written, the file it was written against, and why idbench answers otherwise.
#[derive(Clone, Copy, Debug)]
pub struct Known {
    /// The vendored file the entry was written against, relative to `tests/data/whatwg/`
    /// (its README cites where each comes from): [`OLDER_URLTESTDATA`],
    /// [`OLDER_TOASCII`] or [`IDNA_TEST_V2`].
    pub source: &'static str,
    /// The case's `input`.
    pub input: &'static str,
    /// The case's `base` (`urltestdata.json`; `None` for the host files).
    pub base: Option<&'static str>,
    /// The expectation the entry was written against.
    pub written: Written,
    /// Why the case disagrees.
    pub why: &'static str,
}

/// whatwg/url commit a8d5ca3 (25 June 2026, "Add Unicode ToASCII fallback for ASCII
/// domains"): the domain parser keeps an ASCII domain, lower-cased, when Unicode ToASCII
/// fails on it (reporting a domain-to-ASCII validation error), instead of failing. WPT PR
/// 60476 updated the tests; the older vendored files predate it, the current ones agree.
pub const ASCII_FALLBACK: &str = "whatwg/url a8d5ca3: an ASCII domain that Unicode ToASCII \
                                  rejects is kept, lower-cased (domain-to-ASCII validation \
                                  error), not a failure";

/// Newer Unicode tables than the data's: `IdnaTestV2.json` (July 2026) is generated from
/// Unicode 17.0, the ICU4X data behind the `idna` crate here (icu_normalizer_data and
/// icu_properties_data 2.4.0) is Unicode 18.0, in which U+3E8AC is an assigned letter
/// (General_Category Lo) and so valid in a domain.
pub const UNICODE_18: &str = "Unicode 18.0 (the ICU4X 2.4 tables in use) assigns U+3E8AC, a \
                              letter, which IdnaTestV2's Unicode 17.0 data disallows as \
                              unassigned (V7)";

/// UTS #46 ToASCII maps the empty string to itself; the URL Standard's domain to ASCII
/// fails on an empty result (§3.5 step 3), and an empty host of a special URL is a failure
/// anyway. web-platform-tests' `IdnaTestV2.window.js` skips this case for that reason.
pub const EMPTY_DOMAIN: &str = "UTS #46 maps the empty domain to itself, the URL Standard's \
                                domain to ASCII fails on it (web-platform-tests skips the \
                                case in URL tests)";

/// `urltestdata.json` of WPT 876fe001, as rust-url 25137be vendors it (869 cases).
pub const OLDER_URLTESTDATA: &str = "older/urltestdata.json";
/// `toascii.json` of WPT 0b3b98ca (43 cases).
pub const OLDER_TOASCII: &str = "older/toascii.json";
/// `IdnaTestV2.json` as of July 2026 (ada-url/ada 308110b; Unicode 17.0, 2,671 cases).
pub const IDNA_TEST_V2: &str = "IdnaTestV2.json";

const fn fallback(input: &'static str) -> Known {
    Known {
        source: OLDER_URLTESTDATA,
        input,
        base: None,
        written: Written::Failure,
        why: ASCII_FALLBACK,
    }
}

const fn host_fallback(input: &'static str) -> Known {
    Known {
        source: OLDER_TOASCII,
        input,
        base: None,
        written: Written::Host(None),
        why: ASCII_FALLBACK,
    }
}

/// `urltestdata.json` cases whose expectation, as written, the implemented revision
/// changes. Written against WPT 876fe001 (`tests/data/whatwg/older/urltestdata.json`);
/// WPT's July 2026 file expects what idbench gives, so none applies to it.
pub const URLTESTDATA_CHANGED: &[Known] = &[
    fallback("http://a.b.c.xn--pokxncvks"),
    fallback("http://10.0.0.xn--pokxncvks"),
    fallback("http://a.b.c.XN--pokxncvks"),
    fallback("http://a.b.c.Xn--pokxncvks"),
    fallback("http://10.0.0.XN--pokxncvks"),
    fallback("http://10.0.0.xN--pokxncvks"),
    fallback("file://xn--/p"),
    fallback("https://xn--/"),
];

/// Host cases (`toascii.json`, `IdnaTestV2.json`: an input and its ToASCII `output`)
/// whose expectation, as written, idbench does not meet.
pub const HOST_CHANGED: &[Known] = &[
    // WPT 0b3b98ca's toascii.json (tests/data/whatwg/older/); the July 2026 file agrees.
    host_fallback("xn--a"),
    host_fallback("xn--a.xn--zca"),
    host_fallback("xn--ls8h="),
    host_fallback("xn--1ug.example"),
    host_fallback("xn--a-yoc"),
    host_fallback("xn--zn7c.com"),
    // Not the standard's change: the `idna` crate (1.1.0, the engine's IDNA) rejects the
    // label "1" of a Bidi domain name under CheckBidi (RFC 5893 rule 1: a label starts with
    // L, R or AL); WPT 0b3b98ca expects "1.xn--mhb". The url crate on the same idna agrees
    // with us. The July 2026 toascii.json no longer has the case.
    Known {
        source: OLDER_TOASCII,
        input: "1.\u{64A}",
        base: None,
        written: Written::Host(Some("1.xn--mhb")),
        why: "idna 1.1.0's CheckBidi rejects a digits-only label in a Bidi domain name",
    },
    // IdnaTestV2.json of July 2026 (Unicode 17.0).
    Known {
        source: IDNA_TEST_V2,
        input: "",
        base: None,
        written: Written::Host(Some("")),
        why: EMPTY_DOMAIN,
    },
    Known {
        source: IDNA_TEST_V2,
        input: "\u{3E8AC}\u{3002}\u{729}\u{3002}\u{CBD9}5",
        base: None,
        written: Written::Host(None),
        why: UNICODE_18,
    },
    Known {
        source: IDNA_TEST_V2,
        input: "\u{3E8AC}\u{3002}\u{729}\u{3002}\u{110D}\u{1173}\u{11AC}5",
        base: None,
        written: Written::Host(None),
        why: UNICODE_18,
    },
];

/// The change that makes a `urltestdata.json` case disagree, if one is listed for the case
/// as the file writes it: `failure` and `href` are the file's expectation.
pub fn urltestdata_change(
    input: &str,
    base: Option<&str>,
    failure: bool,
    href: Option<&str>,
) -> Option<&'static str> {
    URLTESTDATA_CHANGED
        .iter()
        .find(|k| {
            k.input == input
                && k.base == base
                && match k.written {
                    Written::Failure => failure,
                    Written::Href(h) => !failure && href == Some(h),
                    Written::Host(_) => false,
                }
        })
        .map(|k| k.why)
}

/// The change that makes a host case (`toascii.json`, `IdnaTestV2.json`) disagree, if one
/// is listed for the case as the file writes it (`output`: `None` for null).
pub fn host_change(input: &str, output: Option<&str>) -> Option<&'static str> {
    HOST_CHANGED
        .iter()
        .find(|k| k.input == input && matches!(k.written, Written::Host(o) if o == output))
        .map(|k| k.why)
}

/// The `URL` getters, as [`super::UrlRecord::getters`] gives them.
pub fn getters(u: &super::UrlRecord) -> [(&'static str, String); 11] {
    u.getters()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_applies_only_to_the_expectation_it_was_written_against() {
        // WPT 876fe001 expected failure; the July 2026 file expects the href.
        assert_eq!(
            urltestdata_change("https://xn--/", None, true, None),
            Some(ASCII_FALLBACK)
        );
        assert_eq!(
            urltestdata_change("https://xn--/", None, false, Some("https://xn--/")),
            None
        );
        assert_eq!(
            urltestdata_change("https://xn--/", Some("http://a/"), true, None),
            None
        );
        assert_eq!(host_change("xn--a", None), Some(ASCII_FALLBACK));
        assert_eq!(host_change("xn--a", Some("xn--a")), None);
        assert!(host_change("1.\u{64A}", Some("1.xn--mhb")).is_some());
        assert_eq!(host_change("1.\u{64A}", None), None);
        assert_eq!(host_change("", Some("")), Some(EMPTY_DOMAIN));
    }
}
