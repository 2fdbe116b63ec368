//! The `url` crate's (2.5.8) known departures from the revision of the URL Standard
//! idbench implements: the list a disagreement between the two must be on. Shared by
//! tests/whatwg_differential.rs and fuzz/fuzz_targets/whatwg.rs (included by path).

use idbench::engine::whatwg;

/// Why a disagreement is a known departure of the `url` crate (2.5.8) from the revision of
/// the standard idbench implements, or `None` when it is not known. Both sides succeeding
/// are compared after undoing, on our href, each known difference in turn.
pub fn known(
    input: &str,
    base: Option<&str>,
    us: &Option<String>,
    them: &Option<String>,
) -> Option<String> {
    let parsed = whatwg::parse(input, base);
    let has = |code: &str| parsed.diagnostics.iter().any(|d| d.code.as_str() == code);
    // whatwg/url a8d5ca3 (June 2026): an ASCII domain that Unicode ToASCII rejects is kept,
    // lower-cased, with a domain-to-ASCII validation error; url 2.5.8 fails the parse.
    if us.is_some() && them.is_none() && has("domain-to-ascii") {
        return Some("ASCII domain fallback (whatwg/url a8d5ca3)".into());
    }
    // Against a non-special base URL, url 2.5.8 reads "\\" of a relative reference as "/"
    // (and as the end of a port); the standard's relative, relative slash, authority, host,
    // port and path states read "\\" so only when the URL is special: against "foo://h/p",
    // "\\x" is the path segment "\\x", and "//h:1\\" fails in the port state.
    if base.is_some_and(|b| !whatwg::is_special(b.split(':').next().unwrap_or("")))
        && input.contains('\\')
        && parsed.url.as_ref().is_none_or(|r| !r.is_special())
    {
        return Some("url reads \"\\\\\" as \"/\" against a non-special base".into());
    }
    // url 2.5.8 fails "////host/x" against a special base (its expected_failures.txt lists
    // "///test", "///example.org/path" and kin against "http://example.org/").
    if base.is_some_and(|b| b.starts_with("http"))
        && input.starts_with("///")
        && us.is_some()
        && them.is_none()
    {
        return Some(
            "three or more slashes against a special base (url expected_failures.txt)".into(),
        );
    }
    // url 2.5.8 fails a scheme-relative reference whose run of leading slashes holds a
    // "\\" past the first two ("//\\a:" against "http://h/"); the standard's relative
    // slash state goes to the special authority ignore slashes state, which skips every
    // "/" and "\\" (a validation error each), so the host is "a".
    let head: Vec<char> = input
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .take_while(|c| matches!(c, '/' | '\\'))
        .collect();
    if base.is_some_and(|b| whatwg::is_special(b.split(':').next().unwrap_or("")))
        && head.len() >= 3
        && head.contains(&'\\')
        && us.is_some()
        && them.is_none()
    {
        return Some("\"\\\\\" among three or more leading slashes against a special base".into());
    }
    // url 2.5.8 accepts credentials and then the end of input in a non-special URL
    // ("blob://@"); the standard's authority state fails it (host-missing).
    if us.is_none() && them.is_some() && has("host-missing") && has("invalid-credentials") {
        return Some("url accepts \"@\" and no host in a non-special URL".into());
    }
    let (Some(u), Some(t)) = (us, them) else {
        return None;
    };
    let mut reasons = Vec::new();
    let mut u = u.clone();
    // whatwg/url 9bc33c3 (March 2025): "^" is in the path percent-encode set; url 2.5.8
    // leaves it as it is (rust-url fixed it after the release, #1140).
    if u.contains("%5E") {
        u = u.replace("%5E", "^");
        reasons.push("\"^\" in the path percent-encode set (whatwg/url 9bc33c3)");
    }
    // whatwg/url 6c78200 (March 2025, "Ensure opaque paths always roundtrip"): a space
    // before "?" or "#" in an opaque path is "%20"; url 2.5.8 keeps or strips it (its
    // expected_failures.txt lists "non-special:opaque  ?hi" and kin).
    if parsed.url.as_ref().is_some_and(|r| r.has_opaque_path()) && u.contains("%20") {
        let squeeze = |s: &str| s.replace("%20", " ").replace(' ', "");
        if squeeze(&u) == squeeze(t) {
            return Some("opaque path spaces (whatwg/url 6c78200)".into());
        }
    }
    // The file-state quirks with empty segments: url 2.5.8 drops empty path segments of a
    // file URL in places the standard keeps them ("file:////foo", "file://spider///",
    // "////one/two" against "file:///" in its expected_failures.txt).
    if u.starts_with("file:") && u != *t {
        let squeeze = |s: &str| {
            let mut out = String::with_capacity(s.len());
            for (i, c) in s.char_indices() {
                if c == '/' && i > 7 && out.ends_with('/') {
                    continue;
                }
                out.push(c);
            }
            out
        };
        if squeeze(&u) == squeeze(t) {
            u = t.clone();
            reasons.push("file URL's empty segments (url expected_failures.txt)");
        }
    }
    if u == *t {
        return Some(reasons.join(", "));
    }
    None
}
