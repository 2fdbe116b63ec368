//! Generates the benchmark corpora: one identifier a line, deterministic for a seed.
//!
//! ```text
//! cargo run --release --example gen-corpus -- uri|iri|urn|xri|www LINES [SEED] > FILE
//! ```
//!
//! `uri` gives realistic URI references (web links with hosts, ports, paths, queries and
//! fragments, mailto, ftp, file, tel, data, IP literals, relative references), `iri` the same
//! with words in many scripts, `urn` URNs of the registered namespaces, `xri` XRI 2.0
//! identifiers (i-names and i-numbers under the `=`, `@`, `+` and `$` global context symbols,
//! with and without `xri://`, subsegments with `*` and `!`, cross-references, paths and
//! queries), `www` the `uri` lines as the WWW draft (rfc1630) writes them (searches of
//! "+"-separated words instead of "key=value", "~" encoded). About 3% of the lines
//! are broken the way real data is (spaces, stray brackets, bad percent-encodings), so the
//! checkers' error paths are timed too. The corpus is not committed: `scripts/bench-check.sh`
//! writes it into `target/`.

use std::io::{BufWriter, Write};

/// SplitMix64: small, fast and the same on every platform, so a seed always gives the same
/// corpus.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// True with probability `pct` percent.
    fn chance(&mut self, pct: usize) -> bool {
        self.below(100) < pct
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "index", "about", "news", "blog", "api", "v1", "v2", "users", "images", "static", "assets",
    "docs", "search", "products", "category", "item", "view", "article", "2024", "archive", "en",
    "de", "help", "support", "login", "account", "cart", "media", "files", "download", "wiki",
    "page", "post", "comments", "feed", "rss", "json", "data", "report", "events", "maps",
];
const HOSTS: &[&str] = &[
    "example",
    "google",
    "wikipedia",
    "github",
    "amazon",
    "bbc",
    "nytimes",
    "mozilla",
    "apache",
    "ietf",
    "w3",
    "stackoverflow",
    "reddit",
    "archive",
    "python",
    "rust-lang",
    "debian",
    "cdn",
];
const TLDS: &[&str] = &[
    "com", "org", "net", "de", "co.uk", "io", "fr", "jp", "edu", "gov",
];
const EXTS: &[&str] = &[
    "html", "php", "png", "jpg", "pdf", "css", "js", "xml", "txt", "gz",
];
const KEYS: &[&str] = &[
    "q",
    "id",
    "page",
    "lang",
    "sort",
    "utm_source",
    "ref",
    "s",
    "limit",
];
/// Words in other scripts, for the IRI corpus (all `ucschar`, RFC 3987 §2.2).
const INTL: &[&str] = &[
    "café",
    "naïve",
    "straße",
    "über",
    "日本語",
    "東京",
    "中文",
    "한국어",
    "русский",
    "москва",
    "ελληνικά",
    "العربية",
    "עברית",
    "हिन्दी",
    "ไทย",
    "Ελλάδα",
    "señor",
    "façade",
    "smörgåsbord",
    "😀",
    "ქართული",
    "tiếng-việt",
];
const INTL_HOSTS: &[&str] = &[
    "bücher",
    "münchen",
    "例え",
    "пример",
    "παράδειγμα",
    "مثال",
    "उदाहरण",
    "试验",
    "テスト",
];

fn host(r: &mut Rng, intl: bool) -> String {
    let mut h = String::new();
    if r.chance(40) {
        h.push_str(r.pick(&["www", "api", "cdn", "m", "en", "static", "docs"]));
        h.push('.');
    }
    h.push_str(if intl && r.chance(40) {
        r.pick(INTL_HOSTS)
    } else {
        r.pick(HOSTS)
    });
    h.push('.');
    h.push_str(r.pick(TLDS));
    h
}

fn word(r: &mut Rng, intl: bool) -> String {
    if intl && r.chance(30) {
        return r.pick(INTL).to_string();
    }
    match r.below(20) {
        0 => format!("{}", r.below(100_000)),
        4..=7 => {
            // An article slug, as most links have.
            let mut w = r.pick(WORDS).to_string();
            for _ in 0..r.below(4) + 2 {
                w.push('-');
                w.push_str(r.pick(WORDS));
            }
            w
        }
        1 => format!("{}%20{}", r.pick(WORDS), r.pick(WORDS)),
        2 => format!("{}-{}", r.pick(WORDS), r.pick(WORDS)),
        3 => format!("{}_{}", r.pick(WORDS), r.below(1000)),
        _ => r.pick(WORDS).to_string(),
    }
}

fn path(r: &mut Rng, intl: bool) -> String {
    let mut p = String::new();
    for _ in 0..r.below(5) + 1 {
        p.push('/');
        p.push_str(&word(r, intl));
    }
    match r.below(4) {
        0 => p.push('/'),
        1 => {
            p.push('.');
            p.push_str(r.pick(EXTS));
        }
        _ => {}
    }
    p
}

fn query(r: &mut Rng, intl: bool) -> String {
    let mut q = String::from("?");
    for i in 0..r.below(3) + 1 {
        if i > 0 {
            q.push('&');
        }
        q.push_str(r.pick(KEYS));
        q.push('=');
        q.push_str(&word(r, intl));
    }
    q
}

fn web(r: &mut Rng, intl: bool) -> String {
    let mut s = String::from(r.pick(&["https", "https", "http", "http", "HTTP", "ws", "wss"]));
    s.push_str("://");
    match r.below(30) {
        0 => s.push_str(&format!(
            "{}.{}.{}.{}",
            r.below(256),
            r.below(256),
            r.below(256),
            r.below(256)
        )),
        1 => s.push_str(&format!(
            "[2001:db8:{:x}::{:x}]",
            r.below(65536),
            r.below(65536)
        )),
        2 => s.push_str(&format!("user:{}@{}", word(r, false), host(r, intl))),
        _ => s.push_str(&host(r, intl)),
    }
    if r.chance(8) {
        s.push_str(&format!(
            ":{}",
            r.pick(&["8080", "443", "8000", "3000", "80"])
        ));
    }
    s.push_str(&path(r, intl));
    if r.chance(60) {
        s.push_str(&query(r, intl));
    }
    if r.chance(10) {
        s.push('#');
        s.push_str(&word(r, intl));
    }
    s
}

fn uri_line(r: &mut Rng, intl: bool) -> String {
    match r.below(100) {
        0..=69 => web(r, intl),
        70..=76 => format!(
            "mailto:{}.{}@{}",
            word(r, intl),
            r.pick(WORDS),
            host(r, intl)
        ),
        77..=80 => format!(
            "ftp://ftp.{}.{}{}",
            r.pick(HOSTS),
            r.pick(TLDS),
            path(r, intl)
        ),
        81..=84 => format!("file:///home/{}{}", r.pick(WORDS), path(r, intl)),
        85..=87 => format!(
            "tel:+1-{:03}-{:03}-{:04}",
            r.below(1000),
            r.below(1000),
            r.below(10000)
        ),
        88..=89 => format!("data:text/plain;base64,{}", "SGVsbG8sIFdvcmxkIQ=="),
        90..=91 => format!("urn:isbn:978{:010}", r.below(10_000_000_000)),
        92..=93 => format!(
            "ldap://ldap.{}.{}/dc={},dc=com?cn?sub",
            r.pick(HOSTS),
            r.pick(TLDS),
            r.pick(HOSTS)
        ),
        _ => {
            // A relative reference, as found in HTML: URI-reference accepts it.
            let mut s = match r.below(3) {
                0 => path(r, intl),
                1 => format!("..{}", path(r, intl)),
                _ => format!("//{}{}", host(r, intl), path(r, intl)),
            };
            if r.chance(30) {
                s.push_str(&query(r, intl));
            }
            s
        }
    }
}

/// Breaks a line the way real data is broken (RFC 3986 §2 forbids each of these).
fn break_line(r: &mut Rng, s: &mut String, intl: bool) {
    let at = s.len() / 2;
    let at = (at..=s.len())
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(s.len());
    let bad = match r.below(if intl { 7 } else { 6 }) {
        0 => " ",
        1 => "%zz",
        2 => "<",
        3 => "|",
        4 => "{x}",
        5 => "\\",
        _ => "\u{E000}", // iprivate outside the query (RFC 3987 §2.2)
    };
    s.insert_str(at, bad);
}

const NIDS: &[&str] = &[
    "isbn", "uuid", "ietf", "oid", "nbn", "issn", "epc", "mpeg", "lex", "example", "ISBN",
    "publicid", "iso", "xmpp",
];

fn urn_line(r: &mut Rng) -> String {
    let nid = r.pick(NIDS);
    let nss = match nid {
        "isbn" | "ISBN" => format!(
            "978-{}-{:05}-{:03}-{}",
            r.below(10),
            r.below(100_000),
            r.below(1000),
            r.below(10)
        ),
        "uuid" => format!(
            "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
            r.next() as u32,
            r.below(65536),
            r.below(65536),
            r.below(65536),
            r.next() & 0xFFFF_FFFF_FFFF
        ),
        "ietf" => match r.below(3) {
            0 => format!("rfc:{}", r.below(9000) + 1),
            1 => format!("params:xml:ns:{}-{}", r.pick(WORDS), r.pick(WORDS)),
            _ => format!("bcp:{}", r.below(200)),
        },
        "oid" => format!(
            "1.3.6.1.4.1.{}.{}.{}",
            r.below(60000),
            r.below(100),
            r.below(10)
        ),
        "nbn" => format!("de:bvb:{}-opus-{}", r.below(100), r.below(1_000_000)),
        "issn" => format!("{:04}-{:04}", r.below(10000), r.below(10000)),
        "epc" => format!(
            "id:sgtin:{}.{}.{}",
            r.below(10_000_000),
            r.below(1_000_000),
            r.below(1_000_000_000)
        ),
        "mpeg" => format!("mpeg7:schema:{}", r.below(2010)),
        "lex" => format!(
            "eu:council:directive:{}-{:02}-{:02};{}",
            2000 + r.below(25),
            r.below(12) + 1,
            r.below(28) + 1,
            r.below(100)
        ),
        "publicid" => format!("-:OASIS:DTD+DocBook+XML+V{}.{}:EN", r.below(6), r.below(10)),
        "iso" => format!(
            "std:iso:{}:ed-{}:v{}:en",
            r.below(30000),
            r.below(5) + 1,
            r.below(3) + 1
        ),
        "xmpp" => format!("{}%40{}.{}", r.pick(WORDS), r.pick(HOSTS), r.pick(TLDS)),
        _ => format!(
            "{}/{}:{}%2C{}",
            r.pick(WORDS),
            r.pick(WORDS),
            r.below(1000),
            r.pick(WORDS)
        ),
    };
    let mut s = format!("{}:{nid}:{nss}", if r.chance(3) { "URN" } else { "urn" });
    match r.below(20) {
        0 => s.push_str(&format!("?+{}={}", r.pick(KEYS), r.pick(WORDS))),
        1 => s.push_str(&format!(
            "?={}={}&{}={}",
            r.pick(KEYS),
            r.pick(WORDS),
            r.pick(KEYS),
            r.below(100)
        )),
        2 => s.push_str(&format!("#{}", r.pick(WORDS))),
        _ => {}
    }
    s
}

/// A global context symbol and an authority after it (XRI Syntax 2.0 §2.2.1): an i-name
/// (`=drummond.reed`, `@cordance*dev`), an i-number (`=!F83.62B1.44F.2813`) or a
/// cross-reference (`@(http://example.com/)*team`).
fn xri_authority(r: &mut Rng) -> String {
    let gcs = r.pick(&["=", "@", "@", "+", "$", "="]);
    let mut s = gcs.to_string();
    match r.below(10) {
        0..=4 => {
            s.push_str(&format!("{}.{}", r.pick(WORDS), r.pick(HOSTS)));
            for _ in 0..r.below(3) {
                s.push('*');
                s.push_str(r.pick(WORDS));
            }
        }
        5..=7 => {
            for _ in 0..1 + r.below(3) {
                s.push_str(&format!(
                    "!{:X}.{:X}.{:X}",
                    r.below(0x10000),
                    r.below(0x10000),
                    r.below(0x1000)
                ));
            }
        }
        8 => s.push_str(&format!(
            "(http://{}.{}/)*{}",
            r.pick(HOSTS),
            r.pick(TLDS),
            r.pick(WORDS)
        )),
        _ => s.push_str(&format!("dns*{}.{}", r.pick(HOSTS), r.pick(TLDS))),
    }
    s
}

fn xri_line(r: &mut Rng) -> String {
    let mut s = String::new();
    if r.chance(40) {
        s.push_str(if r.chance(10) { "XRI://" } else { "xri://" });
    }
    s.push_str(&xri_authority(r));
    for _ in 0..r.below(4) {
        s.push('/');
        match r.below(6) {
            0 => s.push_str(&format!("(+{})", r.pick(WORDS))),
            1 => s.push_str(&format!("{}!{}", r.pick(WORDS), r.below(100))),
            2 => s.push_str(&format!("!{}", r.below(1000))),
            3 => s.push_str(&format!("{}*{}", r.pick(WORDS), r.pick(WORDS))),
            _ => s.push_str(r.pick(WORDS)),
        }
    }
    if r.chance(15) {
        s.push_str(&format!("?{}={}", r.pick(KEYS), r.pick(WORDS)));
    }
    if r.chance(5) {
        s.push_str(&format!("#{}", r.pick(WORDS)));
    }
    s
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: gen-corpus uri|iri|urn|xri|www LINES [SEED]";
    let (Some(kind), Some(lines)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<usize>().ok()),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let seed = args
        .get(2)
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(3986);
    let mut r = Rng(seed);
    let out = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, out.lock());
    for _ in 0..lines {
        let mut s = match kind.as_str() {
            "uri" => uri_line(&mut r, false),
            "iri" => uri_line(&mut r, true),
            "urn" => urn_line(&mut r),
            "xri" => xri_line(&mut r),
            // The WWW draft (rfc1630) has no "=" and no "~": its searches are "+"-separated
            // words, and "~" is `national` (encoded).
            "www" => uri_line(&mut r, false)
                .replace('=', "+")
                .replace('~', "%7E"),
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        };
        if r.chance(3) {
            if kind == "urn" || kind == "xri" {
                let bad = r.pick(&[" ", "%g1", "\"", "[x]", "^"]);
                s.push_str(bad);
            } else {
                break_line(&mut r, &mut s, kind == "iri");
            }
        }
        if writeln!(out, "{s}").is_err() {
            std::process::exit(1);
        }
    }
    if out.flush().is_err() {
        std::process::exit(1);
    }
}
