//! The `url` crate's (2.5.8) known departures from the revision of the URL Standard
//! idbench implements: the list a disagreement between the two must be on. Shared by
//! tests/whatwg_differential.rs and fuzz/fuzz_targets/whatwg.rs (included by path).

use idbench::engine::whatwg;

/// The `url` crate's verdict: the href, or `None` for failure.
pub fn theirs(input: &str, base: Option<&str>) -> Option<String> {
    match base {
        None => url::Url::parse(input).ok().map(|u| u.to_string()),
        Some(b) => url::Url::parse(b)
            .ok()
            .and_then(|b| b.join(input).ok())
            .map(|u| u.to_string()),
    }
}

/// The input with every lone letter and ":" or "|" that could be a Windows drive letter
/// segment (before a slash, "?", "#" or the end) made an ordinary segment ("c_"), or `None` when it
/// has none.
fn without_drive_letters(input: &str) -> Option<String> {
    let b = input.as_bytes();
    let mut out = b.to_vec();
    let mut found = false;
    for i in 0..b.len().saturating_sub(1) {
        let ends = b
            .get(i + 2)
            .is_none_or(|c| matches!(c, b'/' | b'\\' | b'?' | b'#'));
        // A lone letter: not the end of a scheme such as "blob:".
        let alone = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b"+-.".contains(&b[i - 1]));
        if ends && alone && matches!(b[i + 1], b'|' | b':') && b[i].is_ascii_alphabetic() {
            out[i + 1] = b'_';
            found = true;
        }
    }
    found.then(|| String::from_utf8(out).ok()).flatten()
}

/// The input as the basic URL parser's first steps leave it: no leading or trailing C0
/// control or space, and no ASCII tab or newline anywhere.
fn cleaned(input: &str) -> String {
    input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// `u` with each `ours` that stands where `t` has `theirs` undone to `theirs`: the two are
/// walked together up to where they first differ otherwise, so only `ours` at the places
/// where `t` has `theirs` is undone; the rest of `u` is kept as it is.
fn undone(u: &str, t: &str, ours: &str, theirs: &str) -> String {
    let (mut rest, mut t) = (u, t);
    let mut out = String::with_capacity(u.len());
    while !rest.is_empty() {
        if let (Some(a), Some(b)) = (rest.strip_prefix(ours), t.strip_prefix(theirs)) {
            out.push_str(theirs);
            (rest, t) = (a, b);
            continue;
        }
        match (rest.chars().next(), t.chars().next()) {
            (Some(a), Some(b)) if a == b => {
                out.push(a);
                (rest, t) = (&rest[a.len_utf8()..], &t[b.len_utf8()..]);
            }
            _ => break,
        }
    }
    out.push_str(rest);
    out
}

/// Why a disagreement is a known departure of the `url` crate (2.5.8) from the revision of
/// the standard idbench implements, or `None` when it is not known. Both sides succeeding
/// are compared after undoing, on our href, each known difference in turn.
pub fn known(
    input: &str,
    base: Option<&str>,
    us: &Option<String>,
    them: &Option<String>,
) -> Option<String> {
    // The standard removes leading and trailing C0 controls and spaces, and every tab and
    // newline, before it reads anything, so the input and its cleaned form are one URL.
    // url 2.5.8 reads some inputs differently before and after ("file:C:\t@" gives
    // "file:///C:/@", "file:C:@" gives "file:///C:@"; "\t///h" fails and "///h" does
    // not): where it does, that is its departure, and the cleaned input is judged on.
    let clean = cleaned(input);
    if clean != input {
        let t = theirs(&clean, base);
        if t != *them {
            let why = "url reads tabs, newlines or edge controls as part of the URL";
            return if t == *us {
                Some(why.into())
            } else {
                known_clean(&clean, base, us, &t).map(|r| format!("{why}; {r}"))
            };
        }
    }
    known_clean(&clean, base, us, them)
}

/// `known` for an input without tabs, newlines or edge controls.
fn known_clean(
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
    // In a URL that is not special, or against a base that is not, url 2.5.8 reads "\\" as
    // "/" (and as the end of a host or port); the standard's relative, relative slash,
    // authority, host, port and path states read "\\" so only when the URL is special:
    // against "foo://h/p", "\\x" is the path segment "\\x"; "blob://ftp:\\" fails in the
    // port state, where url gives "blob://ftp/\\".
    let special = |href: &str| whatwg::is_special(href.split(':').next().unwrap_or(""));
    if (base.is_some_and(|b| !special(b)) || them.as_ref().is_some_and(|t| !special(t)))
        && input.contains('\\')
        && parsed.url.as_ref().is_none_or(|r| !r.is_special())
    {
        return Some("url reads \"\\\\\" as \"/\" in a URL that is not special".into());
    }
    // url 2.5.8 fails a scheme-relative reference that opens with more than two slashes
    // ("///test" against "http://example.org/": web-platform-tests' urltestdata.json, in
    // our copy, not in the older one url 2.5.8 ships), or with "\\" among them ("//\\a:").
    // Against a special base other than file, the standard's relative slash state goes to
    // the special authority ignore slashes state, which skips every further "/" and "\\":
    // any such run reads as "//". Checked by construction: with the run made "//", our
    // answer is unchanged, and url gives it (or differs only by another known departure).
    let run = input
        .bytes()
        .take_while(|c| matches!(c, b'/' | b'\\'))
        .count();
    if base.is_some_and(|b| special(b) && !b.starts_with("file:"))
        && run >= 2
        && &input[..run] != "//"
        && let plain = format!("//{}", &input[run..])
        && let ours = whatwg::parse(&plain, base).url.map(|r| r.href())
        && ours == *us
        && let t = theirs(&plain, base)
        && (t == ours || known_clean(&plain, base, &ours, &t).is_some())
    {
        return Some("url fails a run of slashes other than \"//\" against a special base".into());
    }
    // url 2.5.8 accepts credentials and then the end of input in a non-special URL
    // ("blob://@"); the standard's authority state fails it (host-missing).
    if us.is_none() && them.is_some() && has("host-missing") && has("invalid-credentials") {
        return Some("url accepts \"@\" and no host in a non-special URL".into());
    }
    let (Some(u), Some(t)) = (us, them) else {
        return None;
    };
    // url 2.5.8 keeps a Windows drive letter segment that a ".." should remove ("c|/.."
    // against "http://h/a/b" gives "http://h/a/c|/"): its last_slash_can_be_removed asks for
    // a drive letter whatever the scheme and wherever the segment, where the standard's
    // shorten-a-URL's-path keeps only a file URL's first segment, and only when it is a
    // normalized drive letter. Checked by making each drive letter an ordinary segment:
    // then the two agree (or differ only by
    // another known departure), and our answer is unchanged.
    if let Some(plain) = without_drive_letters(input)
        && let ours = whatwg::parse(&plain, base).url.map(|r| r.href())
        && ours.as_ref() == Some(u)
        && let t = theirs(&plain, base)
        && (t == ours || known_clean(&plain, base, &ours, &t).is_some())
    {
        return Some("url keeps a drive letter before \"..\" outside file URLs".into());
    }
    // url 2.5.8 leaves "c|" as it is when a relative reference against a file base gives
    // it an empty host and then the drive letter ("///c|" against "file:///C:/x/y"); the
    // standard's file host state hands the drive letter to the path state, which makes it
    // "c:" when the path is empty.
    if u.starts_with("file:///") && input.contains('|') {
        let seg = &u.as_bytes()["file:///".len()..];
        if seg.len() >= 2 && seg[0].is_ascii_alphabetic() && seg[1] == b':' {
            let mut mine = u.clone().into_bytes();
            mine["file:///".len() + 1] = b'|';
            if mine == t.as_bytes() {
                return Some("url keeps \"|\" in a drive letter after an empty host".into());
            }
        }
    }
    // whatwg/url 2021 ("file://example.net/C:/" keeps its host): a drive letter after a
    // host no longer empties the host; url 2.5.8 still does (its expected_failures.txt lists
    // "file://example.net/C:/" and "file://1.2.3.4/C:/").
    if let Some(rest) = u.strip_prefix("file://")
        && let Some(slash) = rest.find('/')
        && slash > 0
        && let [l, b':', ..] = rest.as_bytes()[slash + 1..]
        && l.is_ascii_alphabetic()
        && *t == format!("file://{}", &rest[slash..])
    {
        return Some("url empties a file URL's host before a drive letter".into());
    }
    let mut reasons = Vec::new();
    let (mut u, mut t) = (u.clone(), t.clone());
    // whatwg/url 6c78200 (March 2025, "Ensure opaque paths always roundtrip"): a space
    // before "?" or "#" in an opaque path is "%20"; url 2.5.8 keeps or strips it (its
    // expected_failures.txt lists "non-special:opaque  ?hi" and kin).
    if parsed.url.as_ref().is_some_and(|r| r.has_opaque_path()) && u.contains("%20") {
        let squeeze = |s: &str| s.replace("%20", " ").replace(' ', "");
        if squeeze(&undone(&u, &t, "%5E", "^")) == squeeze(&t) {
            return Some("opaque path spaces (whatwg/url 6c78200)".into());
        }
    }
    // The file-state quirks with empty segments: url 2.5.8 drops empty path segments of a
    // file URL in places the standard keeps them ("file:////foo", "file://spider///",
    // "////one/two" against "file:///" in its expected_failures.txt). Both are read with
    // each run of slashes as one, and judged on.
    if u.starts_with("file:") && u != t {
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
        if squeeze(&u) != u {
            (u, t) = (squeeze(&u), squeeze(&t));
            reasons.push("file URL's empty segments (url expected_failures.txt)");
        }
    }
    // whatwg/url 9bc33c3 (March 2025): "^" is in the path percent-encode set; url 2.5.8
    // leaves it as it is (rust-url fixed it after the release, #1140).
    if undone(&u, &t, "%5E", "^") != u {
        u = undone(&u, &t, "%5E", "^");
        reasons.push("\"^\" in the path percent-encode set (whatwg/url 9bc33c3)");
    }
    if u == t {
        return Some(reasons.join(", "));
    }
    None
}
