//! Scheme-specific normal forms that are more than data (RFC 3966's visual separators,
//! RFC 5870's `geo` rules, ...): one file per scheme. Each function takes a URI of its
//! scheme (after the generic scheme-based normalization) and returns the rewritten URI,
//! or `None` when its rule does not apply; the steps that call them, with their
//! sections, are rows of [`super::catalogue::STEPS`].

pub mod data;
pub mod dns;
pub mod file;
pub mod geo;
pub mod ldap;
pub mod ni;
pub mod sip;
pub mod tel;

/// `s` with every percent-encoding's hex digits in upper case (RFC 3986 §6.2.2.1), after
/// a fold to lower case.
pub(crate) fn lower_keep_pct(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let b = lower.as_bytes();
    let mut out = String::with_capacity(lower.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit()
        {
            out.push('%');
            out.push(char::from(b[i + 1].to_ascii_uppercase()));
            out.push(char::from(b[i + 2].to_ascii_uppercase()));
            i += 3;
            continue;
        }
        let Some(c) = lower[i..].chars().next() else {
            break;
        };
        out.push(c);
        i += c.len_utf8();
    }
    out
}
