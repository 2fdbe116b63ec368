//! The WWW "Universal Resource Identifiers" draft that became RFC 1630.
//!
//! Its BNF, written out by hand because no URI library speaks this draft:
//!
//! ```text
//! fragmentaddress = uri [ # fragmentid ]
//! uri             = scheme : path [ ? search ]
//! scheme          = ialpha
//! path            = void | xpalphas [ / path ]
//! search          = xalphas [ + search ]
//! fragmentid      = xalphas
//! xalpha          = alpha | digit | safe | extra | escape
//! xpalpha         = xalpha | +
//! ialpha          = alpha [ xalphas ]
//! escape          = % hex hex
//! ```
//!
//! Readings taken where the draft's text does not work as written:
//! - `xpalphas = xpalpha [ xpalpha ]` is read `xpalpha [ xpalphas ]` (one or more).
//! - `path` admits no void segment between slashes, yet every example of the draft has one
//!   (`http://www.w3.org/...`, `magic://a/b/c//d/e/f`, and its note on trailing slashes). Each
//!   segment is read `void | xpalphas`; a note says so the first time it bites.
//! - The draft has no host production: `//host:port` is part of the path here, and partial
//!   forms count slashes instead (see [`crate::engine::resolve`]).
//! - The BNF covers only full forms. The "Partial (relative) form" section says a full form has
//!   a colon before any slash; an input without one is parsed as a partial form (root
//!   `relative-ref`, rule `partial form`) with the same path, search and fragment rules.
//! - `fragmentid` is `xalphas` (non-empty), but the Fragment-id section allows a void one.

use crate::engine::chars::AsciiSet;
use crate::engine::chars::{ALPHA, HEXDIG, WWW_NATIONAL, WWW_PUNCTUATION, WWW_XALPHA, WWW_XPALPHA};
use crate::engine::codes::Code;
use crate::engine::tree::{Builder, NodeKind, Span};

const BNF: &str = "WWW URI draft, BNF syntax";

/// Which production a run of characters belongs to; decides the allowed set and the advice.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Scheme,
    Segment,
    SearchTerm,
    Fragment,
}

impl Part {
    const fn allowed(self) -> AsciiSet {
        match self {
            Part::Segment => WWW_XPALPHA,
            _ => WWW_XALPHA,
        }
    }
    /// What the BNF accepts where a run of this part stops on a character it cannot take:
    /// the part's characters and what may end it.
    const fn expected(self) -> &'static [&'static str] {
        match self {
            Part::Scheme => &["xalpha", "\":\""],
            Part::Segment => &["xpalpha", "\"/\"", "\"?\"", "\"#\""],
            Part::SearchTerm => &["xalpha", "\"+\"", "\"#\""],
            Part::Fragment => &["xalpha"],
        }
    }
    const fn name(self) -> &'static str {
        match self {
            Part::Scheme => "the scheme",
            Part::Segment => "a path segment",
            Part::SearchTerm => "a search term",
            Part::Fragment => "the fragment-id",
        }
    }
}

/// Parses the whole input as a `fragmentaddress`, or as a partial form when it has no colon
/// before its first slash.
pub fn parse(b: &mut Builder<'_>) {
    let input = b.input();
    let bytes = input.as_bytes();
    let len = bytes.len();
    // "#" is in no character set of the draft, so its first occurrence ends the uri.
    let hash = bytes.iter().position(|&c| c == b'#');
    let uri_end = hash.unwrap_or(len);
    let qmark = bytes[..uri_end].iter().position(|&c| c == b'?');
    let path_end = qmark.unwrap_or(uri_end);
    // "a full form must have a colon and that colon must occur before any slash characters"
    let colon = match bytes[..path_end]
        .iter()
        .position(|&c| c == b':' || c == b'/')
    {
        Some(i) if bytes[i] == b':' => Some(i),
        _ => None,
    };

    let root_rule = if hash.is_some() {
        "fragmentaddress"
    } else {
        "uri"
    };
    let mut path_start = 0;
    match colon {
        Some(c) => {
            b.start(NodeKind::Uri, root_rule, 0);
            b.leaf(NodeKind::Scheme, "scheme", 0, c);
            check_scheme(b, c);
            path_start = c + 1;
        }
        None => {
            b.start(NodeKind::RelativeRef, "partial form", 0);
            b.note(
                Code::WwwPartialForm,
                Span::new(0, len),
                "no colon before the first slash, so this is a partial form: it names something only \
                 relative to a context URI; outside a well controlled context give the full form",
            );
        }
    }

    parse_path(b, path_start, path_end);

    if let Some(q) = qmark {
        parse_search(b, q + 1, uri_end);
    }
    if let Some(h) = hash {
        b.leaf(NodeKind::Fragment, "fragmentid", h + 1, len);
        check_chars(b, h + 1, len, Part::Fragment);
    }
    b.finish(len);
}

fn check_scheme(b: &mut Builder<'_>, end: usize) {
    let first = b.input().as_bytes().first().copied();
    match first {
        Some(c) if c != b':' && ALPHA.has(c) => check_chars(b, 1, end, Part::Scheme),
        Some(b':') | None => {
            // scheme = ialpha = alpha [ xalphas ]: a letter was expected first.
            b.expect(0, &["alpha"]);
            b.error(
            Code::WwwSchemeMissing,
            Span::at(0),
            "the colon comes first, so the scheme is empty; a scheme (ialpha) starts with a letter: \
             write one before the colon",
        )
        }
        Some(_) => {
            let w = char_len(b.input(), 0);
            b.expect(0, &["alpha"]);
            b.error(
                Code::WwwSchemeStart,
                Span::new(0, w),
                "a scheme is an ialpha, which starts with a letter; begin the scheme with a letter",
            );
            check_chars(b, w, end, Part::Scheme);
        }
    }
}

fn parse_path(b: &mut Builder<'_>, start: usize, end: usize) {
    let rule = if start == end { "void" } else { "path" };
    b.start(NodeKind::Path, rule, start);
    if start < end {
        let bytes = b.input().as_bytes();
        let mut seg = start;
        let mut noted_void = false;
        loop {
            let stop = bytes[seg..end]
                .iter()
                .position(|&c| c == b'/')
                .map_or(end, |i| seg + i);
            if seg == stop {
                b.leaf(NodeKind::Segment, "void", seg, stop);
                // Only an empty segment between two slashes inside the path changes how the
                // partial forms count slashes; the leading "/" and the "//" that introduces a
                // host (http://host/...) are what every full URL has, so they get no note.
                let leading = seg == start || (seg == start + 1 && bytes[start] == b'/');
                if !noted_void && !leading && stop < end {
                    noted_void = true;
                    b.note(
                        Code::WwwVoidSegment,
                        Span::at(seg),
                        "the BNF's path (void | xpalphas [ / path ]) has no empty segment between \
                         slashes, but the draft's own examples (http://host/..., magic://a/b/c//d) \
                         need them; idbench reads each segment as void | xpalphas",
                    );
                }
            } else {
                b.leaf(NodeKind::Segment, "xpalphas", seg, stop);
                check_chars(b, seg, stop, Part::Segment);
            }
            if stop >= end {
                break;
            }
            seg = stop + 1;
        }
    }
    b.finish(end);
}

fn parse_search(b: &mut Builder<'_>, start: usize, end: usize) {
    b.start(NodeKind::Query, "search", start);
    let bytes = b.input().as_bytes();
    let mut term = start;
    loop {
        let stop = bytes[term..end]
            .iter()
            .position(|&c| c == b'+')
            .map_or(end, |i| term + i);
        b.leaf(NodeKind::SearchTerm, "xalphas", term, stop);
        if term == stop {
            let msg = if start == end {
                "the search after \"?\" is empty, but a search is one or more xalphas; remove the \
                 \"?\" or give a search term"
            } else {
                "empty search term: \"+\" separates terms (and stands for a space), and each term is \
                 one or more xalphas; remove the extra \"+\", or encode a literal plus as %2B"
            };
            b.expect(term, &["xalpha"]);
            b.error(Code::WwwSearchTermEmpty, Span::at(term), msg);
        } else {
            check_chars(b, term, stop, Part::SearchTerm);
        }
        if stop >= end {
            break;
        }
        term = stop + 1;
    }
    b.finish(end);
}

/// Byte length of the character at `i` (1 if `i` is not a char boundary or past the end).
fn char_len(s: &str, i: usize) -> usize {
    s.get(i..)
        .and_then(|r| r.chars().next())
        .map_or(1, char::len_utf8)
}

/// What is wrong with one character, if anything.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bad {
    National,
    Punctuation,
    NotAllowed,
}

/// Checks `input[start..end]` against the set of `part`, with `escape` for "%". Runs of the
/// same problem become one diagnostic, so garbage input does not flood the list.
fn check_chars(b: &mut Builder<'_>, start: usize, end: usize, part: Part) {
    let input = b.input();
    let bytes = input.as_bytes();
    let allowed = part.allowed();
    let mut i = start;
    // The open run of bad characters: (kind, start, first char).
    let mut run: Option<(Bad, usize, char)> = None;
    let mut space_run: Option<usize> = None;
    while i < end {
        let c = bytes[i];
        let w = if c < 0x80 { 1 } else { char_len(input, i) };
        let bad = if c == b'%' || allowed.has(c) {
            None
        } else if WWW_NATIONAL.has(c) {
            Some(Bad::National)
        } else if WWW_PUNCTUATION.has(c) {
            Some(Bad::Punctuation)
        } else {
            Some(Bad::NotAllowed)
        };
        // Close a run that this character does not continue.
        if let Some((kind, s, ch)) = run
            && bad != Some(kind)
        {
            report(b, kind, Span::new(s, i), ch, part);
            run = None;
        }
        if c == b' ' {
            space_run.get_or_insert(i);
        } else if let Some(s) = space_run.take() {
            space_warning(b, Span::new(s, i));
        }
        if c == b'%' {
            let ok = bytes.get(i + 1).is_some_and(|&h| HEXDIG.has(h))
                && bytes.get(i + 2).is_some_and(|&h| HEXDIG.has(h))
                && i + 2 < end;
            if ok {
                i += 3;
                continue;
            }
            // The span covers "%" up to the first character that cannot continue an escape,
            // as the draft names them ("%*", "%as").
            let mut e = i + 1;
            for _ in 0..2 {
                if e < end && bytes[e] != b'%' {
                    let hex = HEXDIG.has(bytes[e]);
                    e += char_len(input, e);
                    if !hex {
                        break;
                    }
                }
            }
            let e = e.min(end);
            // escape = % hex hex: a hex digit was expected at the first byte that is none.
            let not_hex = (i + 1..(i + 3).min(end))
                .find(|&k| !HEXDIG.has(bytes[k]))
                .unwrap_or(end.min(i + 3));
            b.expect(not_hex, &["hex"]);
            let shown = input.get(i..e).unwrap_or("%");
            // (A literal for a lone "%": a run of them repeats it without allocating.)
            let msg: std::borrow::Cow<'static, str> = if shown == "%" {
                "\"%\" is not an escape: \"%\" always starts % hex hex, and other sequences are \
                 reserved for future extension; encode a literal percent sign as %25"
                    .into()
            } else {
                format!(
                    "\"{shown}\" is not an escape: \"%\" always starts % hex hex, and other sequences \
                     are reserved for future extension; encode a literal percent sign as %25"
                )
                .into()
            };
            b.error(Code::WwwBadEscape, Span::new(i, e), msg);
            i += 1;
            continue;
        }
        if let Some(kind) = bad
            && run.is_none()
        {
            let ch = input
                .get(i..)
                .and_then(|r| r.chars().next())
                .unwrap_or('\u{FFFD}');
            run = Some((kind, i, ch));
        }
        i += w;
    }
    if let Some((kind, s, ch)) = run {
        report(b, kind, Span::new(s, end), ch, part);
    }
    if let Some(s) = space_run {
        space_warning(b, Span::new(s, end));
    }
}

fn space_warning(b: &mut Builder<'_>, span: Span) {
    b.warning(
        Code::WwwUnsafeSpace,
        span,
        "a space is legal here (it is in `extra`), but mail and line wrapping corrupt it and the \
         canonical form encodes every space; write %20",
    );
}

fn report(b: &mut Builder<'_>, kind: Bad, span: Span, ch: char, part: Part) {
    use std::fmt::Write as _;
    if b.skip_error(span) {
        return; // a verdict's parse that already has an earlier error
    }
    // One string written in place (this runs once per run of bad characters, which a long
    // invalid input has many of).
    let enc = Encoding(ch);
    let many = if span.len() > ch.len_utf8() {
        " (and the characters after it)"
    } else {
        ""
    };
    let shown = crate::engine::chars::CharName(ch);
    b.expect(span.start, part.expected());
    let mut msg = String::with_capacity(160);
    let code = match kind {
        Bad::National => {
            let _ = write!(
                msg,
                "{shown}{many} is a `national` character, which appears in no production and so \
                 may not appear in a URL; {enc}"
            );
            Code::WwwNationalChar
        }
        Bad::Punctuation => {
            let _ = write!(
                msg,
                "{shown}{many} is a `punctuation` character, which appears in no production and \
                 so may not appear in a URL; {enc}"
            );
            Code::WwwPunctuationChar
        }
        Bad::NotAllowed => {
            let _ = match ch {
                '/' => write!(msg, "\"/\" delimits path segments and is not an xalpha"),
                '?' => write!(msg, "\"?\" starts the search and is not an xalpha"),
                '#' => write!(msg, "\"#\" starts the fragment-id and is not an xalpha"),
                '+' => write!(msg, "\"+\" is allowed only in path segments (xpalpha)"),
                '=' => write!(msg, "\"=\" appears in no production of the draft's BNF"),
                c if (c as u32) < 0x20 || c == '\u{7f}' => {
                    write!(msg, "{shown} is in no character set")
                }
                c if !c.is_ascii() => {
                    write!(msg, "{shown} is not in the draft's 7-bit character sets")
                }
                _ => write!(msg, "{shown} is in no character set of the draft"),
            };
            let _ = write!(msg, ", so it cannot appear in {}{many}; {enc}", part.name());
            Code::WwwCharNotAllowed
        }
    };
    b.error_in(code, span, BNF, msg);
}

/// The advice for encoding a character: the draft's escapes carry ISO Latin-1 codes.
struct Encoding(char);

impl std::fmt::Display for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = self.0 as u32;
        if v <= 0xFF {
            write!(f, "encode it as %{v:02X}")
        } else {
            f.write_str(
                "the draft's escapes carry ISO Latin-1 codes only, so this character has no \
                 encoding under it; use a later profile (rfc3987) or leave it out",
            )
        }
    }
}
