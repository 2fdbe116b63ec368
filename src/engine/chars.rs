//! Character classes shared by the grammars.
//!
//! Written by hand: each set is exactly the one a spec names (RFC 3986 §2, RFC 3987 §2.2,
//! RFC 2141 §2.2, XRI Syntax 2.0 Appendix A, the WWW draft's BNF), and a general-purpose
//! crate would not say which spec's set it means. ASCII sets are 128-entry bit tables.

use unicode_properties::{EmojiStatus, GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};

/// A set of ASCII bytes as a 128-bit mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsciiSet(u128);

impl AsciiSet {
    /// The empty set.
    pub const EMPTY: AsciiSet = AsciiSet(0);

    /// The set of the bytes in `s` (ASCII only).
    pub const fn of(s: &str) -> AsciiSet {
        AsciiSet::of_bytes(s.as_bytes())
    }

    /// The set of the bytes of `b` that are ASCII.
    pub const fn of_bytes(b: &[u8]) -> AsciiSet {
        let mut m = 0u128;
        let mut i = 0;
        while i < b.len() {
            if b[i] < 128 {
                m |= 1u128 << b[i];
            }
            i += 1;
        }
        AsciiSet(m)
    }

    /// The bytes from `lo` to `hi` inclusive.
    pub const fn range(lo: u8, hi: u8) -> AsciiSet {
        let mut m = 0u128;
        let mut c = lo;
        while c <= hi && c < 128 {
            m |= 1u128 << c;
            if c == 127 {
                break;
            }
            c += 1;
        }
        AsciiSet(m)
    }

    /// Union.
    pub const fn or(self, other: AsciiSet) -> AsciiSet {
        AsciiSet(self.0 | other.0)
    }

    /// Difference.
    pub const fn minus(self, other: AsciiSet) -> AsciiSet {
        AsciiSet(self.0 & !other.0)
    }

    /// True when byte `b` is in the set.
    #[inline]
    pub const fn has(self, b: u8) -> bool {
        b < 128 && (self.0 >> b) & 1 == 1
    }

    /// True when char `c` is in the set.
    #[inline]
    pub const fn has_char(self, c: char) -> bool {
        (c as u32) < 128 && self.has(c as u8)
    }
}

/// An [`AsciiSet`] spread into a 256-entry table: a hot scanning loop loads one byte per
/// character instead of shifting a 128-bit mask. Built from the sets below, never a second
/// list; bytes 128..=255 are never members.
pub struct ByteTable([bool; 256]);

impl ByteTable {
    /// The table of `set`.
    pub const fn of(set: AsciiSet) -> ByteTable {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 128 {
            t[b] = set.has(b as u8);
            b += 1;
        }
        ByteTable(t)
    }

    /// True when byte `b` is in the set.
    #[inline(always)]
    pub fn has(&self, b: u8) -> bool {
        self.0[b as usize]
    }
}

/// `ALPHA` (RFC 5234).
pub const ALPHA: AsciiSet = AsciiSet::range(b'a', b'z').or(AsciiSet::range(b'A', b'Z'));
/// `DIGIT`.
pub const DIGIT: AsciiSet = AsciiSet::range(b'0', b'9');
/// `HEXDIG` (either case).
pub const HEXDIG: AsciiSet = DIGIT.or(AsciiSet::of("abcdefABCDEF"));
/// `ALPHA / DIGIT`.
pub const ALPHANUM: AsciiSet = ALPHA.or(DIGIT);
/// RFC 3986 `unreserved`: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
pub const UNRESERVED: AsciiSet = ALPHANUM.or(AsciiSet::of("-._~"));
/// RFC 3986 `gen-delims`.
pub const GEN_DELIMS: AsciiSet = AsciiSet::of(":/?#[]@");
/// RFC 3986 `sub-delims`.
pub const SUB_DELIMS: AsciiSet = AsciiSet::of("!$&'()*+,;=");
/// RFC 3986 `reserved`.
pub const RESERVED: AsciiSet = GEN_DELIMS.or(SUB_DELIMS);
/// RFC 3986 `pchar` without `pct-encoded`.
pub const PCHAR: AsciiSet = UNRESERVED.or(SUB_DELIMS).or(AsciiSet::of(":@"));
/// RFC 3986 `query` / `fragment` characters without `pct-encoded`.
pub const QUERY: AsciiSet = PCHAR.or(AsciiSet::of("/?"));
/// RFC 3986 `scheme` characters after the first.
pub const SCHEME_REST: AsciiSet = ALPHANUM.or(AsciiSet::of("+-."));

/// RFC 3986 §3.2.1 `userinfo` without `pct-encoded`:
/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`.
pub const USERINFO: AsciiSet = UNRESERVED.or(SUB_DELIMS).or(AsciiSet::of(":"));
/// RFC 3986 §3.2.2 `reg-name` without `pct-encoded`:
/// `reg-name = *( unreserved / pct-encoded / sub-delims )`.
pub const REG_NAME: AsciiSet = UNRESERVED.or(SUB_DELIMS);
/// RFC 3986 §3.3 `segment-nz-nc` without `pct-encoded`: `pchar` but ":",
/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`.
pub const PCHAR_NC: AsciiSet = PCHAR.minus(AsciiSet::of(":"));
/// A composite set a grammar scans a component with, named with its ABNF: the bytes it
/// accepts ([`CharClass::table`], built from the [`AsciiSet`] consts above) and the
/// alternatives an "expected" list names for it, for RFC 3986 and for RFC 3987 (`i` rules).
/// What a scan accepts and what its error lists come from this one value, so they cannot
/// drift; a test checks the alternatives add up to the set.
pub struct CharClass {
    /// The ABNF rule, e.g. `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`.
    pub abnf: &'static str,
    /// The ASCII bytes the class accepts (`pct-encoded` and non-ASCII are checked apart).
    pub set: AsciiSet,
    /// [`CharClass::set`] as a table for the scanning loops.
    pub table: ByteTable,
    /// The alternatives an "expected" list names, literals quoted, under RFC 3986.
    pub expected: &'static [&'static str],
    /// The same under RFC 3987.
    pub iri_expected: &'static [&'static str],
}

impl CharClass {
    /// The class of `set`, written in ABNF as `abnf`, listed as `expected` (RFC 3986's
    /// names) and `iri_expected` (RFC 3987's); its table is made from the set.
    pub const fn new(
        abnf: &'static str,
        set: AsciiSet,
        expected: &'static [&'static str],
        iri_expected: &'static [&'static str],
    ) -> CharClass {
        CharClass {
            abnf,
            set,
            table: ByteTable::of(set),
            expected,
            iri_expected,
        }
    }

    /// The alternatives an "expected" list names for this class, for an IRI or a URI.
    pub fn alternatives(&self, iri: bool) -> &'static [&'static str] {
        if iri {
            self.iri_expected
        } else {
            self.expected
        }
    }
}

/// RFC 3986 §3.2.1 `userinfo` (RFC 3987 `iuserinfo`).
pub static USERINFO_CLASS: CharClass = CharClass::new(
    "userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )",
    USERINFO,
    &["unreserved", "pct-encoded", "sub-delims", "\":\""],
    &["iunreserved", "pct-encoded", "sub-delims", "\":\""],
);

/// RFC 3986 §3.2.2 `reg-name` (RFC 3987 `ireg-name`).
pub static REG_NAME_CLASS: CharClass = CharClass::new(
    "reg-name = *( unreserved / pct-encoded / sub-delims )",
    REG_NAME,
    &["unreserved", "pct-encoded", "sub-delims"],
    &["iunreserved", "pct-encoded", "sub-delims"],
);

/// RFC 3986 §3.3 `segment` (RFC 3987 `isegment`): `*pchar`.
pub static SEGMENT_CLASS: CharClass =
    CharClass::new("segment = *pchar", PCHAR, &["pchar"], &["ipchar"]);

/// RFC 3986 §3.3 `segment-nz-nc` (RFC 3987 `isegment-nz-nc`).
pub static SEGMENT_NZ_NC_CLASS: CharClass = CharClass::new(
    "segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" )",
    PCHAR_NC,
    &["unreserved", "pct-encoded", "sub-delims", "\"@\""],
    &["iunreserved", "pct-encoded", "sub-delims", "\"@\""],
);

/// RFC 3986 §3.4 `query` (RFC 3987 `iquery`, which adds `iprivate`).
pub static QUERY_CLASS: CharClass = CharClass::new(
    "query = *( pchar / \"/\" / \"?\" )",
    QUERY,
    &["pchar", "\"/\"", "\"?\""],
    &["ipchar", "iprivate", "\"/\"", "\"?\""],
);

/// RFC 3986 §3.5 `fragment` (RFC 3987 `ifragment`).
pub static FRAGMENT_CLASS: CharClass = CharClass::new(
    "fragment = *( pchar / \"/\" / \"?\" )",
    QUERY,
    &["pchar", "\"/\"", "\"?\""],
    &["ipchar", "\"/\"", "\"?\""],
);

/// RFC 2141 §2.2 `<trans>` (the escape "%" hex hex is checked apart).
pub static RFC2141_TRANS_CLASS: CharClass = CharClass::new(
    "<NSS> ::= 1*<URN chars>; <URN chars> ::= <trans> | \"%\" <hex> <hex>",
    RFC2141_TRANS,
    &["trans", "\"%\""],
    &["trans", "\"%\""],
);

/// draft-ietf-urnbis-rfc2141bis-urn-03 §2.5 `NSS = 1*pchar` (no "/").
pub static PCHAR_CLASS: CharClass = CharClass::new("NSS = 1*pchar", PCHAR, &["pchar"], &["ipchar"]);

/// draft-ietf-urnbis-rfc2141bis-urn-03 §2.3 `v-pchar`: `sub-delims` except "&", plus
/// ":" "@" "/" "?".
pub static V_PCHAR_CLASS: CharClass = CharClass::new(
    "v-pchar = unreserved / pct-encoded / v-subdels",
    V_PCHAR,
    &["v-pchar"],
    &["v-pchar"],
);

/// RFC 8141 §2 `NSS = pchar *(pchar / "/")`.
pub static NSS_RFC8141_CLASS: CharClass = CharClass::new(
    "NSS = pchar *(pchar / \"/\")",
    NSS_RFC8141,
    &["pchar", "\"/\""],
    &["ipchar", "\"/\""],
);

/// RFC 3986 §3.2.2 the tail of `IPvFuture` after its ".":
/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub const IPVFUTURE_TAIL: AsciiSet = UNRESERVED.or(SUB_DELIMS).or(AsciiSet::of(":"));

/// RFC 2141 `<other>`: `"(" | ")" | "+" | "," | "-" | "." | ":" | "=" | "@" | ";" | "$" | "_" | "!" | "*" | "'"`.
pub const RFC2141_OTHER: AsciiSet = AsciiSet::of("()+,-.:=@;$_!*'");
/// RFC 2141 `<upper> | <lower> | <number> | <other>`: the characters §2.3.1 lets stand
/// unencoded that are not `<reserved>`; encoding one of them is what §2.3.1 forbids (and
/// §6 example 5 does).
pub const RFC2141_NOT_RESERVED: AsciiSet = ALPHANUM.or(RFC2141_OTHER);
/// Letters, digits and hyphen, what a NID (RFC 2141 `<let-num-hyp>`, rfc2141bis and RFC 8141
/// `alphanum / "-"`) and an rfc2141bis keyword are made of: `ALPHA / DIGIT / "-"`.
pub const LDH: AsciiSet = ALPHANUM.or(AsciiSet::of("-"));
/// RFC 8141 NSS characters without `pct-encoded`: `NSS = pchar *( pchar / "/" )`.
pub const NSS_RFC8141: AsciiSet = PCHAR.or(AsciiSet::of("/"));
/// RFC 2141 `<trans>` without `%`: `<upper> | <lower> | <number> | <other> | "/" "?" "#"`.
/// draft-ietf-urnbis-rfc2141bis-urn-03 §2.3 `v-pchar` without `pct-encoded`:
/// `unreserved / v-subdels`, v-subdels being `sub-delims` but "&", and ":" "@" "/" "?".
pub const V_PCHAR: AsciiSet = QUERY.minus(AsciiSet::of("&"));
/// RFC 2141 `<trans>`.
pub const RFC2141_TRANS: AsciiSet = ALPHANUM.or(RFC2141_OTHER).or(AsciiSet::of("/?#"));

/// RFC 3987 `ucschar`.
pub const fn is_ucschar(c: char) -> bool {
    matches!(c as u32,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD)
}

/// RFC 3987 `iprivate` (allowed in the query only).
pub const fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// The bidirectional formatting characters that RFC 3987 §4.1 forbids in IRIs, exactly as it
/// lists them: LRM, RLM, LRE, RLE, PDF, LRO, RLO.
pub const fn is_bidi_format(c: char) -> bool {
    matches!(c as u32, 0x200E | 0x200F | 0x202A..=0x202E)
}

/// Every bidi control: RFC 3987 §4.1's seven ([`is_bidi_format`]) and the ones Unicode added
/// after it (the isolates U+2066..U+2069 and ARABIC LETTER MARK U+061C). The newer ones
/// reorder display just the same, but the RFC does not name them, so they are warnings,
/// never errors; the views always draw all of them as tokens.
pub const fn is_bidi_control(c: char) -> bool {
    is_bidi_format(c) || matches!(c as u32, 0x2066..=0x2069 | 0x061C)
}

/// Unicode non-characters (U+FDD0..U+FDEF and the last two code points of every plane).
pub const fn is_noncharacter(c: char) -> bool {
    let v = c as u32;
    (v >= 0xFDD0 && v <= 0xFDEF) || (v & 0xFFFE) == 0xFFFE
}

/// Characters that a terminal draws as nothing, or that change how the text around them
/// is drawn: default-ignorable code points, zero-width characters, bidi controls, and
/// the spaces that look like a plain space.
pub fn is_invisible(c: char) -> bool {
    let v = c as u32;
    is_bidi_control(c)
        || matches!(v,
            0x00AD // soft hyphen
            | 0x034F // combining grapheme joiner
            | 0x115F | 0x1160 | 0x3164 | 0xFFA0 // hangul fillers
            | 0x17B4 | 0x17B5
            | 0x180B..=0x180F // mongolian variation selectors and vowel separator
            | 0x200B..=0x200D // zero width space, ZWNJ, ZWJ
            | 0x2060..=0x2065 // word joiner, invisible operators
            | 0x206A..=0x206F
            | 0xFE00..=0xFE0F // variation selectors
            | 0xFEFF // BOM / ZWNBSP
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF // tags, variation selectors supplement
            | 0x00A0 | 0x2000..=0x200A | 0x202F | 0x205F | 0x3000 | 0x1680 // spaces
            | 0x2028 | 0x2029 // line and paragraph separators
        )
}

/// Look-alikes of the delimiters that the grammars give meaning to (XRI Syntax 2.0 §3.3
/// warns about them): returns the ASCII delimiter the character can be mistaken for.
pub fn delimiter_lookalike(c: char) -> Option<char> {
    Some(match c as u32 {
        0xFF20 | 0xFE6B => '@',
        0xFF1D | 0xFE66 | 0x2261 => '=',
        0xFF0B | 0xFE62 => '+',
        0xFF04 | 0xFE69 => '$',
        0xFF01 | 0xFE57 | 0x01C3 => '!',
        0xFF0A | 0x2217 | 0x204E | 0xFE61 => '*',
        0xFF0F | 0x2215 | 0x2044 | 0x29F8 => '/',
        0xFF1F | 0xFE56 => '?',
        0xFF03 | 0xFE5F => '#',
        0xFF1A | 0xFE55 | 0x2236 | 0xA789 => ':',
        0xFF08 | 0xFE59 => '(',
        0xFF09 | 0xFE5A => ')',
        0xFF05 | 0xFE6A => '%',
        0xFF0E | 0x2024 | 0xFE52 => '.',
        0xFF3B => '[',
        0xFF3D => ']',
        _ => return None,
    })
}

/// A rough script class of a character, enough to flag identifiers that mix scripts
/// (XRI Syntax 2.0 §3.3). `None` for characters that belong to every script (digits,
/// punctuation, symbols).
pub fn script_of(c: char) -> Option<&'static str> {
    let v = c as u32;
    Some(match v {
        0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x1E00..=0x1EFF => "Latin",
        0x370..=0x3FF | 0x1F00..=0x1FFF => "Greek",
        0x400..=0x52F => "Cyrillic",
        0x530..=0x58F => "Armenian",
        0x590..=0x5FF => "Hebrew",
        0x600..=0x6FF | 0x750..=0x77F => "Arabic",
        0x900..=0x97F => "Devanagari",
        0xE00..=0xE7F => "Thai",
        0x10A0..=0x10FF => "Georgian",
        0x3040..=0x309F => "Hiragana",
        0x30A0..=0x30FF => "Katakana",
        0x4E00..=0x9FFF | 0x3400..=0x4DBF => "Han",
        0xAC00..=0xD7AF | 0x1100..=0x11FF => "Hangul",
        _ => return None,
    })
}

// The WWW "Universal Resource Identifiers" draft (became RFC 1630), its BNF verbatim.
// Written by hand because no other spec has these sets: its `safe` lists "-" twice and has
// no "+", its `extra` holds space, `"`, ":" and ";", and "=" is in no set at all.

/// WWW draft `safe`: `$ | - | _ | @ | . | & | -` ("-" twice in the draft; no "+").
pub const WWW_SAFE: AsciiSet = AsciiSet::of("$-_@.&-");
/// WWW draft `extra`: `! | * | " | ' | ( | ) | : | ; | , | space`.
pub const WWW_EXTRA: AsciiSet = AsciiSet::of("!*\"'():;, ");
/// WWW draft `national`: `{ | } | vline | [ | ] | \ | ^ | ~`; in no production, so never legal.
pub const WWW_NATIONAL: AsciiSet = AsciiSet::of("{}|[]\\^~");
/// WWW draft `punctuation`: `< | >`; in no production, so never legal.
pub const WWW_PUNCTUATION: AsciiSet = AsciiSet::of("<>");
/// The characters the WWW draft's "Reserved characters" section gives special uses: "%"
/// (escape), "/" (hierarchy), "#" (fragment), "?" (search) and "+" (space in a search). The
/// draft's BNF has no `reserved` production; this set is taken from that prose.
pub const WWW_RESERVED: AsciiSet = AsciiSet::of("%/#?+");
/// WWW draft `xalpha` without `escape`: `alpha | digit | safe | extra`.
pub const WWW_XALPHA: AsciiSet = ALPHANUM.or(WWW_SAFE).or(WWW_EXTRA);
/// WWW draft `xpalpha` without `escape`: `xalpha | +`.
pub const WWW_XPALPHA: AsciiSet = WWW_XALPHA.or(AsciiSet::of("+"));

/// True for a letter of a right-to-left script (bidi class R or AL, with the combining
/// marks that take their direction): Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
/// Mandaic, their presentation forms, and the right-to-left blocks of plane 1. Digits
/// (bidi class EN/AN) are not letters and so are not right-to-left here. Written by hand for
/// RFC 3987 §4.2, whose rules speak of "right-to-left characters" per component.
pub fn is_rtl(c: char) -> bool {
    matches!(c as u32,
        0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFE | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
        && c.is_alphabetic()
}

/// XRI Syntax 2.0 `xri-sub-delims` (Appendix A): `"&" / ";" / "," / "'"`. XRI moves the rest
/// of RFC 3986's `sub-delims` into `xri-gen-delims`.
pub const XRI_SUB_DELIMS: AsciiSet = AsciiSet::of("&;,'");
/// XRI Syntax 2.0 `rgcs-char`: `"=" / "@" / "+" / "$"` (the global context symbols but "!").
pub const XRI_RGCS_CHARS: AsciiSet = AsciiSet::of("=@+$");
/// XRI Syntax 2.0 `xri-pchar-nc` without `pct-encoded` and `ucschar`: the ASCII part of
/// `iunreserved` plus `xri-sub-delims`.
pub const XRI_PCHAR_NC: AsciiSet = UNRESERVED.or(XRI_SUB_DELIMS);
/// XRI Syntax 2.0 `xri-pchar` without `pct-encoded` and `ucschar`: `xri-pchar-nc` plus `":"`.
pub const XRI_PCHAR: AsciiSet = XRI_PCHAR_NC.or(AsciiSet::of(":"));

/// XRI Syntax 2.0 `xri-pchar` (Appendix A), a subsegment's literal characters. The same
/// list under both readings: XRI's characters are IRI characters.
pub static XRI_PCHAR_CLASS: CharClass = CharClass::new(
    "xri-pchar = iunreserved / pct-encoded / xri-sub-delims / \":\"",
    XRI_PCHAR,
    &["xri-pchar"],
    &["xri-pchar"],
);

/// XRI Syntax 2.0 `xri-pchar-nc` (Appendix A): `xri-pchar` without ":", the first segment
/// of a relative reference.
pub static XRI_PCHAR_NC_CLASS: CharClass = CharClass::new(
    "xri-pchar-nc = iunreserved / pct-encoded / xri-sub-delims",
    XRI_PCHAR_NC,
    &["xri-pchar-nc"],
    &["xri-pchar-nc"],
);

/// A character as every message names it: `'<' (U+003C)`, or, for what a terminal would
/// not show (a control, a non-character, a bidi formatting, invisible or private-use
/// character), its kind and code point, such as `control character U+0007`; the space,
/// tab, line feed and carriage return by name (`space (U+0020)`). The one wording of every
/// grammar, so that a character reads the same under every profile.
pub fn describe(c: char) -> String {
    let mut out = String::new();
    describe_into(&mut out, c);
    out
}

/// A character named as [`describe`] names it, written only when formatted (a message
/// that may not be written costs nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharName(pub char);

impl std::fmt::Display for CharName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = String::with_capacity(16);
        describe_into(&mut s, self.0);
        f.write_str(&s)
    }
}

/// The characters of a run, as messages name them ([`describe`]): its first four distinct
/// characters, then `others` if there are more; with the run's length in characters.
pub fn describe_run(text: &str) -> (String, usize) {
    let mut seen = ['\0'; 5];
    let mut n = 0;
    let mut count = 0;
    for c in text.chars() {
        count += 1;
        if n < 5 && !seen[..n].contains(&c) {
            seen[n] = c;
            n += 1;
        }
    }
    let mut names = String::new();
    for (k, &c) in seen[..n.min(4)].iter().enumerate() {
        if k > 0 {
            names.push_str(", ");
        }
        describe_into(&mut names, c);
    }
    if n > 4 {
        names.push_str(", others");
    }
    (names, count)
}

/// Appends what [`describe`] returns to `out`, with no `String` or formatter of its own (an
/// invalid line in a batch check names its characters this way).
pub fn describe_into(out: &mut String, c: char) {
    let v = c as u32;
    let kind = match c {
        ' ' => return out.push_str("space (U+0020)"),
        '\t' => return out.push_str("tab (U+0009)"),
        '\n' => return out.push_str("line feed (U+000A)"),
        '\r' => return out.push_str("carriage return (U+000D)"),
        _ if c.is_control() => "control character ",
        _ if is_noncharacter(c) => "non-character ",
        _ if is_bidi_control(c) => "bidi formatting character ",
        _ if is_invisible(c) => "invisible character ",
        _ if is_iprivate(c) => "private-use character ",
        _ => {
            out.push('\'');
            out.push(c);
            out.push_str("' (");
            push_code_point(out, v);
            return out.push(')');
        }
    };
    out.push_str(kind);
    push_code_point(out, v);
}

/// Appends `U+` and at least four upper-case hex digits, as `format!("U+{v:04X}")` does.
fn push_code_point(out: &mut String, v: u32) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push_str("U+");
    let digits = ((32 - v.leading_zeros()).div_ceil(4)).max(4);
    for k in (0..digits).rev() {
        out.push(char::from(HEX[((v >> (4 * k)) & 0xF) as usize]));
    }
}

/// Whether `c` may not be drawn raw on a terminal (a control, format, separator,
/// unassigned or surrogate code point, an invisible character, a noncharacter, an emoji
/// skin-tone modifier): [`crate::safe_text`] draws it as a visible token, and generated
/// examples avoid it. The classes are the `unicode-properties` tables'.
#[inline]
pub fn is_unprintable(c: char) -> bool {
    let v = c as u32;
    if v < 0x80 {
        return !(0x20..0x7F).contains(&v);
    }
    if v <= 0x9F {
        return true;
    }
    unprintable_slow(c)
}

/// [`is_unprintable`] past ASCII and C1.
fn unprintable_slow(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::Unassigned
            | GeneralCategory::Surrogate
    ) || is_invisible(c)
        || is_noncharacter(c)
        || c.emoji_status() == EmojiStatus::EmojiPresentationAndModifierAndEmojiComponent
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ASCII bytes an alternative of an "expected" list stands for.
    fn named(alt: &str) -> AsciiSet {
        match alt {
            "unreserved" | "iunreserved" => UNRESERVED,
            "sub-delims" => SUB_DELIMS,
            "pchar" | "ipchar" => PCHAR,
            "xri-pchar" => XRI_PCHAR,
            "xri-pchar-nc" => XRI_PCHAR_NC,
            "v-pchar" => UNRESERVED
                .or(SUB_DELIMS.minus(AsciiSet::of("&")))
                .or(AsciiSet::of(":@/?")),
            "trans" => ALPHANUM
                .or(AsciiSet::of("()+,-.:=@;$_!*'"))
                .or(AsciiSet::of("/?#")),
            // Checked apart from the class's table: "%" HEXDIG HEXDIG, and non-ASCII.
            "pct-encoded" | "iprivate" | "\"%\"" => AsciiSet::EMPTY,
            lit => match lit.strip_prefix('"').and_then(|l| l.strip_suffix('"')) {
                Some(l) if l.len() == 1 => AsciiSet::of(l),
                _ => panic!("{alt}: no set by that name"),
            },
        }
    }

    #[test]
    fn each_class_lists_exactly_what_it_accepts() {
        for class in [
            &USERINFO_CLASS,
            &REG_NAME_CLASS,
            &SEGMENT_CLASS,
            &SEGMENT_NZ_NC_CLASS,
            &QUERY_CLASS,
            &FRAGMENT_CLASS,
            &RFC2141_TRANS_CLASS,
            &PCHAR_CLASS,
            &V_PCHAR_CLASS,
            &NSS_RFC8141_CLASS,
            &XRI_PCHAR_CLASS,
            &XRI_PCHAR_NC_CLASS,
        ] {
            for iri in [false, true] {
                let listed = class
                    .alternatives(iri)
                    .iter()
                    .fold(AsciiSet::EMPTY, |acc, a| acc.or(named(a)));
                assert_eq!(listed, class.set, "{} (iri: {iri})", class.abnf);
            }
            for b in 0..=255u8 {
                assert_eq!(class.table.has(b), class.set.has(b), "{}: {b}", class.abnf);
            }
        }
    }

    #[test]
    fn sets() {
        assert!(UNRESERVED.has(b'~') && !UNRESERVED.has(b'%'));
        assert!(PCHAR.has(b'@') && !PCHAR.has(b'/'));
        assert!(!RFC2141_TRANS.has(b'&') && !RFC2141_TRANS.has(b'~'));
        assert!(HEXDIG.has(b'f') && !HEXDIG.has(b'g'));
        assert!(!ALPHA.has(0xC3));
        assert!(is_ucschar('é') && !is_ucschar('\u{E000}') && is_iprivate('\u{E000}'));
        assert!(is_bidi_format('\u{202E}') && is_invisible('\u{200B}'));
        assert!(!is_bidi_format('\u{2066}') && is_bidi_control('\u{2066}'));
        assert!(is_bidi_control('\u{061C}') && is_invisible('\u{2069}'));
        assert!(is_noncharacter('\u{FFFF}') && is_noncharacter('\u{FDD0}'));
        assert_eq!(delimiter_lookalike('＠'), Some('@'));
    }

    #[test]
    fn character_names() {
        // describe_into spells the code point as format!("U+{:04X}") does.
        for (c, want) in [
            (' ', "space (U+0020)"),
            ('\u{1}', "control character U+0001"),
            ('<', "'<' (U+003C)"),
            ('é', "'é' (U+00E9)"),
            ('\u{FFFF}', "non-character U+FFFF"),
            ('\u{202E}', "bidi formatting character U+202E"),
            ('\u{200B}', "invisible character U+200B"),
            ('\u{F0000}', "private-use character U+F0000"),
            ('\u{10FFFD}', "private-use character U+10FFFD"),
            ('😀', "'😀' (U+1F600)"),
        ] {
            assert_eq!(describe(c), want);
        }
        for v in [0u32, 0xF, 0x10, 0xFFF, 0x1000, 0xFFFF, 0x10000, 0x10FFFF] {
            let mut s = String::new();
            push_code_point(&mut s, v);
            assert_eq!(s, format!("U+{v:04X}"));
        }
    }
}
