//! Differential test: idbench's WHATWG parser against the `url` crate (a dev-dependency) on
//! generated URL-like strings, with and without a base. Every disagreement must be one of
//! the `url` crate's known departures from the URL Standard, listed in `whatwg/known.rs`
//! (shared with the fuzz target fuzz/fuzz_targets/whatwg.rs).

use idbench::engine::whatwg;
use known::known;
use proptest::prelude::*;

#[path = "whatwg/known.rs"]
mod known;

/// Pieces URL-like strings are made of: schemes, delimiters, hosts of every kind, ports,
/// dot segments, percent-encodings, drive letters, controls and non-ASCII.
const PIECES: &[&str] = &[
    "http:",
    "https:",
    "file:",
    "foo:",
    "ws:",
    "ftp:",
    "HTTP:",
    "blob:",
    "mailto:",
    "a+b.c:",
    "//",
    "/",
    "\\",
    "@",
    ":",
    "?",
    "#",
    "[",
    "]",
    ".",
    "..",
    "%2e",
    "%2E",
    "%",
    "%41",
    "%zz",
    "a",
    "example.com",
    "EXAMPLE.org",
    "0x7f",
    "1.2.3.4",
    "1.2",
    "256",
    "::1",
    "1:2::3",
    "xn--",
    "ß",
    "münchen",
    "\u{200D}",
    "\u{64A}",
    "\t",
    "\n",
    " ",
    "\0",
    "\u{7f}",
    "80",
    "443",
    "99999",
    "08",
    "C:",
    "c|",
    "localhost",
    "user:pw",
    "~",
    "'",
    "`",
    "{",
    "^",
    "|",
    "<",
    "\u{FFFD}",
    "\u{1F600}",
    "&",
    "=",
    "+",
    "0",
    "09",
    "0x",
    "_",
    "-",
];

const BASES: &[Option<&str>] = &[
    None,
    Some("http://h/a/b?q#f"),
    Some("file:///C:/x/y"),
    Some("foo://h/p"),
    Some("foo:opaque"),
];

/// Our verdict: the href, or `None` for failure.
fn ours(input: &str, base: Option<&str>) -> Option<String> {
    whatwg::parse(input, base).url.map(|u| u.href())
}

/// The url crate's verdict.
fn theirs(input: &str, base: Option<&str>) -> Option<String> {
    match base {
        None => url::Url::parse(input).ok().map(|u| u.to_string()),
        Some(b) => {
            let b = url::Url::parse(b).ok()?;
            b.join(input).ok().map(|u| u.to_string())
        }
    }
}

#[test]
#[ignore = "exploration: prints disagreements by the thousand"]
fn explore() {
    let mut seed: u64 = 0x2545F4914F6CDD1D;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut shown = 0;
    for _ in 0..200_000 {
        let n = (next() % 10) as usize;
        let s: String = (0..n)
            .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
            .collect();
        let base = BASES[(next() % BASES.len() as u64) as usize];
        let (u, t) = (ours(&s, base), theirs(&s, base));
        if u != t && known(&s, base, &u, &t).is_none() && shown < 60 {
            shown += 1;
            println!("{s:?} against {base:?}: ours {u:?}, url {t:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]
    #[test]
    fn agrees_with_the_url_crate_but_for_its_known_departures(
        pieces in prop::collection::vec(prop::sample::select(PIECES), 0..10),
        b in 0..BASES.len(),
    ) {
        let input: String = pieces.concat();
        let base = BASES[b];
        let (u, t) = (ours(&input, base), theirs(&input, base));
        if u != t {
            prop_assert!(
                known(&input, base, &u, &t).is_some(),
                "{input:?} against {base:?}: ours {u:?}, url {t:?}"
            );
        }
    }
}
