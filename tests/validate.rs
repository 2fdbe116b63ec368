//! The quick validator (`engine::quick_check::quick_valid`) against the full grammars, and
//! `engine::first_error` against `analyze`.
//!
//! - Soundness: whenever `quick_valid(p, s)` is true, the full grammar of `p` reports no
//!   error for `s`. Checked on generated inputs (proptest, from alphabets that reach every
//!   branch of the recognizers), on every identifier of the shipped sets, on every
//!   string literal of the grammar and differential test files (their edge tables), and on a
//!   sample of the benchmark corpora.
//! - Completeness: on the corpus sample (`tests/data/validate-sample.txt`) and on the
//!   generated inputs, `quick_valid` is true for at least 98% of what the full grammar
//!   accepts, so batch checks rarely fall back to the full parse.
//! - `first_error(s, p)` gives the profile and first error code that `analyze` gives, for a
//!   given profile and for `auto`.

use idbench::engine::quick_check::{quick_valid, quick_valid_bytes, quick_verdict};
use idbench::engine::{Family, Options, Profile, Severity, analyze, first_error, specs};
use idbench::idsets::{self, Expect};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

/// The listed profiles with a quick path, from the profile table (a new profile without one,
/// `quick: None`, is left out: batch checking runs its grammar).
fn quick_profiles() -> Vec<Profile> {
    Profile::ALL
        .into_iter()
        .filter(|p| p.descriptor().quick.is_some())
        .collect()
}
/// The profiles the corpus sample has sections for.
const SAMPLED: [Profile; 3] = [Profile::Rfc3986, Profile::Rfc3987, Profile::Rfc8141];

/// The full grammar's verdict.
fn full_valid(p: Profile, s: &str) -> bool {
    !specs::parse(p, s)
        .1
        .iter()
        .any(|d| d.severity == Severity::Error)
}

/// Soundness of the quick path for `s` under `p`, as an error message: quick-valid means
/// no error, and a quick verdict of invalid names the full grammar's first error.
fn check_sound(p: Profile, s: &str) -> Result<(), String> {
    if let Some(v) = quick_verdict(p, s) {
        let (_, d) = specs::parse(p, s);
        let first = d
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.code.as_str());
        if v != first {
            return Err(format!(
                "{p} {s:?}: quick_verdict says {v:?}, the grammar's first error is {first:?}"
            ));
        }
    }
    if quick_valid(p, s) && !full_valid(p, s) {
        let (_, d) = specs::parse(p, s);
        let first = d.iter().find(|d| d.severity == Severity::Error);
        return Err(format!(
            "{p} {s:?}: quick_valid says valid, the grammar says {first:?}"
        ));
    }
    Ok(())
}

/// `first_error` against `analyze` for `s`, under `profile` (`None`: auto).
fn check_first_error(profile: Option<Profile>, s: &str) -> Result<(), String> {
    let a = analyze(s, &Options::validate_only(profile));
    let want = (a.profile, a.first_error().map(|d| d.code.as_str()));
    let got = first_error(s, profile);
    if got != want {
        return Err(format!(
            "{profile:?} {s:?}: first_error gives {got:?}, analyze {want:?}"
        ));
    }
    Ok(())
}

/// Every check on one input: soundness under the three profiles, `first_error` under
/// each of them and under auto.
fn check_all(s: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for p in quick_profiles() {
        failures.extend(check_sound(p, s).err());
        failures.extend(check_first_error(Some(p), s).err());
    }
    failures.extend(check_first_error(None, s).err());
    failures
}

#[test]
fn every_profile_has_a_quick_path() {
    // Every spec built in today has one (a new profile need not).
    for p in [
        Profile::Whatwg,
        Profile::Xri2,
        Profile::Rfc1630,
        Profile::Rfc3986,
        Profile::Rfc3987,
        Profile::Rfc8141,
        Profile::Rfc2141,
        Profile::Rfc2141bis,
    ] {
        assert!(quick_profiles().contains(&p), "{p} has no quick path");
    }
    // Ordinary valid input is accepted without the grammar.
    assert!(quick_valid(Profile::Rfc3986, "http://example.com/a?b#c"));
    assert!(quick_valid(
        Profile::Rfc3987,
        "http://例え.jp/café?q=\u{E000}"
    ));
    assert!(quick_valid(Profile::Rfc8141, "urn:isbn:0451450523?+r?=q#f"));
    assert!(quick_valid(Profile::Rfc2141, "urn:isbn:0451450523"));
    assert!(quick_valid(Profile::Rfc2141bis, "urn:isbn:0451450523"));
    assert!(quick_valid(
        Profile::Xri2,
        "xri://@example*a/(+tag)!1/(http://a.b/c)?q=1#f"
    ));
    assert!(quick_valid(Profile::Xri2, "@(xri://=a*(+b))*c"));
    // RFC 8141 components under the draft: an error the quick path names.
    assert_eq!(
        quick_verdict(Profile::Rfc2141bis, "urn:isbn:0451450523?+r?=q#f"),
        Some(Some("keyword-syntax"))
    );
    assert_eq!(
        quick_verdict(Profile::Rfc2141bis, "urn:isbn:0451450523?=q"),
        Some(Some("keyword-empty"))
    );
    // A bad byte after a valid prefix: the error the grammar names first, at that byte.
    for (p, input, code) in [
        (Profile::Rfc2141bis, "urn:ab:a/b", "nss-char"),
        (Profile::Rfc2141bis, "urn:ab:a[x]", "nss-char"),
        (Profile::Rfc2141bis, "urn:ab:a%00", "pct-nul"),
        (Profile::Rfc2141bis, "urn:ab:a%4", "pct-malformed"),
        (Profile::Rfc2141bis, "urn:ab:a#b c", "fragment-char"),
        (Profile::Rfc2141bis, "urn:ab:a#b#", "fragment-char"),
        (Profile::Rfc2141, "urn:x:a b", "nss-char"),
        (Profile::Rfc2141, "urn:x:a\0", "nul-octet"),
        (Profile::Rfc2141, "urn:x:é", "nss-char"),
    ] {
        assert_eq!(quick_verdict(p, input), Some(Some(code)), "{p} {input:?}");
        assert_eq!(check_sound(p, input), Ok(()));
    }
    assert!(quick_valid(
        Profile::Rfc1630,
        "http://info.cern.ch/a/b?x+y#z"
    ));
}

/// The URI and IRI recognizer names these errors itself (RFC 3986 §3.2 and §3.3, RFC 3987
/// §2.2), each the grammar's first: a byte neither a userinfo nor a reg-name holds, before
/// any "@" (in either, whichever the authority turns out to be), an IP literal's error (found
/// without its place or message), and a bad byte of the path or the query (where, under
/// RFC 3986, it does not look for the "?" between them).
#[test]
fn uri_errors_the_quick_path_names() {
    for (p, input, code) in [
        (Profile::Rfc3986, "http://a b@c/", "illegal-char"),
        (Profile::Rfc3986, "http://a]b/", "illegal-char"),
        (Profile::Rfc3986, "http://a[b]/", "illegal-char"),
        (Profile::Rfc3986, "http://a[b@c/", "illegal-char"),
        (Profile::Rfc3986, "http://u@a b/", "illegal-char"),
        (Profile::Rfc3986, "http://h:12ab/", "port-not-digits"),
        (
            Profile::Rfc3986,
            "http://[1::2::3]/",
            "ipv6-multiple-double-colon",
        ),
        (Profile::Rfc3986, "http://[1:2:3]/", "ipv6-too-few-groups"),
        (Profile::Rfc3986, "http://[1::g]/", "ipv6-bad-char"),
        (Profile::Rfc3986, "http://[v1]/", "ipvfuture-invalid"),
        (Profile::Rfc3986, "http://[]/", "ip-literal-empty"),
        (Profile::Rfc3986, "http://[abc]/", "ip-literal-invalid"),
        (Profile::Rfc3986, "http://a/b c?d", "illegal-char"),
        (Profile::Rfc3986, "http://a/b?c d", "illegal-char"),
        (Profile::Rfc3986, "http://a/b?c%zz", "pct-invalid"),
        (Profile::Rfc3986, "http://a/b?\u{e9}", "non-ascii"),
        (Profile::Rfc3987, "http://a b\u{E000}/", "illegal-char"),
        (
            Profile::Rfc3987,
            "http://a/b\u{E000}",
            "iprivate-outside-query",
        ),
        (
            Profile::Rfc3987,
            "http://a/b\u{E000}?c",
            "iprivate-outside-query",
        ),
        (Profile::Rfc3987, "http://a/b?c \u{E000}", "illegal-char"),
        (Profile::Rfc3987, "http://a/b?c%zz", "pct-invalid"),
    ] {
        assert_eq!(quick_verdict(p, input), Some(Some(code)), "{p} {input:?}");
        assert_eq!(check_sound(p, input), Ok(()));
    }
    // What looks like a port before an "@" is userinfo; an iprivate character is the
    // query's.
    assert!(quick_valid(Profile::Rfc3986, "http://h:12ab@x/"));
    assert!(quick_valid(Profile::Rfc3987, "http://a/b?\u{E000}"));
    // A host with two ":" may be read as an unbracketed IPv6 address: the grammar judges.
    assert_eq!(quick_verdict(Profile::Rfc3986, "http://u@h:1:2/"), None);
    assert_eq!(check_sound(Profile::Rfc3986, "http://u@h:1:2/"), Ok(()));
}

// ---------------------------------------------------------------- fixed inputs

#[test]
fn shipped_identifier_sets() {
    let mut inputs: Vec<String> = Vec::new();
    for e in idsets::all() {
        inputs.push(e.id.clone());
        match e.expect {
            Expect::Pair { other, .. } => inputs.push(other),
            Expect::Resolves { base, target } => {
                inputs.extend([Some(base), target].into_iter().flatten())
            }
            Expect::Form { value, .. } => inputs.push(value),
            _ => {}
        }
    }
    assert!(inputs.len() > 300, "only {} inputs", inputs.len());
    let failures: Vec<String> = inputs.iter().flat_map(|s| check_all(s)).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The string literals of a Rust source file (plain, byte and raw strings), unescaped:
/// the edge tables of the other test files, without copying them here.
fn string_literals(src: &str) -> Vec<String> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '\'' => {
                // A char literal ('"', '\'', '\u{..}') or a lifetime.
                if c.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < c.len() && c[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if c.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            'r' if (c.get(i + 1) == Some(&'"') || c.get(i + 1) == Some(&'#'))
                && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_')) =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while c.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if c.get(j) != Some(&'"') {
                    i += 1;
                    continue;
                }
                j += 1;
                let start = j;
                loop {
                    if j >= c.len() {
                        break;
                    }
                    if c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')) {
                        break;
                    }
                    j += 1;
                }
                out.push(c[start..j.min(c.len())].iter().collect());
                i = j + 1 + hashes;
            }
            '"' => {
                let mut s = String::new();
                let mut j = i + 1;
                while j < c.len() && c[j] != '"' {
                    if c[j] != '\\' {
                        s.push(c[j]);
                        j += 1;
                        continue;
                    }
                    j += 1;
                    match c.get(j) {
                        Some('n') => s.push('\n'),
                        Some('t') => s.push('\t'),
                        Some('r') => s.push('\r'),
                        Some('0') => s.push('\0'),
                        Some('\n') => {
                            while j + 1 < c.len() && c[j + 1].is_whitespace() {
                                j += 1;
                            }
                        }
                        Some('x') => {
                            let hex: String = c[j + 1..(j + 3).min(c.len())].iter().collect();
                            if let Some(ch) =
                                u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                            {
                                s.push(ch);
                            }
                            j += 2;
                        }
                        Some('u') => {
                            let close = (j..c.len()).find(|&k| c[k] == '}').unwrap_or(j);
                            let hex: String = c[(j + 2).min(close)..close].iter().collect();
                            if let Some(ch) =
                                u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                            {
                                s.push(ch);
                            }
                            j = close;
                        }
                        Some(&other) => s.push(other),
                        None => {}
                    }
                    j += 1;
                }
                out.push(s);
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

#[test]
fn literal_extraction_reads_escapes() {
    let src = r#"let a = ("a\"b", '"', "\u{E000}x\t", r"c\d", b"e"); // "not-this"
    let b = "f\
             g";"#;
    assert_eq!(
        string_literals(src),
        ["a\"b", "\u{E000}x\t", "c\\d", "e", "fg"]
    );
}

#[test]
fn edge_tables_of_the_grammar_tests() {
    let files = [
        ("grammar_uri.rs", include_str!("grammar_uri.rs")),
        ("grammar_urn.rs", include_str!("grammar_urn.rs")),
        ("differential.rs", include_str!("differential.rs")),
    ];
    let mut failures = Vec::new();
    let mut quick_true = 0;
    let quick = quick_profiles();
    for (name, src) in files {
        let lits = string_literals(src);
        assert!(lits.len() > 200, "{name}: only {} literals", lits.len());
        for s in &lits {
            failures.extend(check_all(s).into_iter().map(|f| format!("{name}: {f}")));
            quick_true += quick.iter().filter(|&&p| quick_valid(p, s)).count();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The tables hold valid inputs too: the quick path said yes to some of them.
    assert!(quick_true > 200, "quick_valid was true {quick_true} times");
}

/// The corpus sample: `(profile, line)`.
fn sample() -> Vec<(Profile, &'static str)> {
    let mut out = Vec::new();
    let mut profile = None;
    for line in include_str!("data/validate-sample.txt").lines() {
        if line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("== ") {
            profile = Profile::from_name(name);
            continue;
        }
        out.push((profile.expect("a '== profile' line first"), line));
    }
    out
}

#[test]
fn corpus_sample_is_judged_quickly_and_soundly() {
    let lines = sample();
    assert!(lines.len() >= 600);
    let mut failures = Vec::new();
    for p in SAMPLED {
        let (mut accepted, mut quick, mut rejected) = (0, 0, 0);
        for &(q, s) in &lines {
            if q != p {
                continue;
            }
            failures.extend(check_sound(p, s).err());
            failures.extend(check_first_error(Some(p), s).err());
            failures.extend(check_first_error(None, s).err());
            if full_valid(p, s) {
                accepted += 1;
                quick += usize::from(quick_valid(p, s));
            } else {
                rejected += 1;
            }
        }
        assert!(
            accepted >= 180 && rejected >= 1,
            "{p}: {accepted} valid, {rejected} invalid"
        );
        assert!(
            quick * 100 >= accepted * 98,
            "{p}: quick_valid accepted {quick} of the {accepted} valid lines (< 98%)"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------- generated inputs

/// Text pieces that reach every branch: the characters of every ABNF class, good and bad
/// percent-encodings, delimiters in and out of place, and non-ASCII characters at the
/// boundaries of `ucschar` and `iprivate`, bidi formatting characters and non-characters.
fn piece() -> impl Strategy<Value = String> {
    let ascii_ok = prop::sample::select(vec![
        "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@",
    ]);
    let delims = prop::sample::select(vec!["/", "?", "#", "[", "]", "?+", "?=", "//"]);
    let bad_pct = prop::sample::select(vec!["%", "%4", "%zz", "%g1", "%4g", "%%41"]);
    let ascii_bad = prop::sample::select(vec![
        " ", "\t", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "\u{7f}", "\u{1}", "\0",
    ]);
    let non_ascii = prop::sample::select(vec![
        "é",
        "日本",
        "Ω",
        "ж",
        "א",
        "שלום",
        "ب",
        "مثال",
        "😀",
        "\u{A0}",
        "\u{D7FF}",
        "\u{F900}",
        "\u{FDCF}",
        "\u{FDF0}",
        "\u{FFEF}",
        "\u{10000}",
        "\u{1FFFD}",
        "\u{20000}",
        "\u{E1000}",
        "\u{EFFFD}",
        "\u{FF20}",
        "\u{200B}",
        "\u{0301}",
        "e\u{0301}", // ucschar
        "\u{E000}",
        "\u{F8FF}",
        "\u{F0000}",
        "\u{FFFFD}",
        "\u{100000}",
        "\u{10FFFD}", // iprivate
        "\u{200E}",
        "\u{200F}",
        "\u{202A}",
        "\u{202E}",
        "\u{2066}",
        "\u{2069}",
        "\u{061C}", // bidi
        "\u{FDD0}",
        "\u{FDEF}",
        "\u{FFFE}",
        "\u{FFFF}",
        "\u{1FFFE}",
        "\u{10FFFF}", // non-chars
        "\u{FFFD}",
        "\u{85}",
        "\u{9F}",
        "\u{E0041}",
        "\u{E0FFF}", // not ucschar
    ]);
    prop_oneof![
        12 => "[a-zA-Z0-9]{1,6}",
        6 => ascii_ok.prop_map(str::to_string),
        3 => "%[0-9a-fA-F]{2}",
        3 => delims.prop_map(str::to_string),
        1 => bad_pct.prop_map(str::to_string),
        1 => ascii_bad.prop_map(str::to_string),
        4 => non_ascii.prop_map(str::to_string),
    ]
}

fn text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..max).prop_map(|v| v.concat())
}

/// Mostly valid text: pieces without delimiters or bad characters.
fn clean(max: usize) -> impl Strategy<Value = String> {
    let p = prop_oneof![
        8 => "[a-zA-Z0-9]{1,6}",
        2 => prop::sample::select(vec!["-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "="]).prop_map(str::to_string),
        1 => "%[0-9a-fA-F]{2}",
        2 => prop::sample::select(vec!["é", "日本", "ж", "שלום", "😀", "\u{A0}", "\u{10000}"]).prop_map(str::to_string),
    ];
    prop::collection::vec(p, 0..max).prop_map(|v| v.concat())
}

fn h16() -> impl Strategy<Value = String> {
    prop_oneof![8 => "[0-9a-fA-F]{1,4}", 1 => "[0-9a-fA-F]{5}", 1 => Just(String::new())]
}

fn ipv4() -> impl Strategy<Value = String> {
    let octet = prop_oneof![
        6 => (0u32..256).prop_map(|v| v.to_string()),
        1 => (0u32..400).prop_map(|v| format!("0{v}")),
        1 => (256u32..1000).prop_map(|v| v.to_string()),
        1 => Just(String::new()),
    ];
    prop::collection::vec(octet, 1..6).prop_map(|v| v.join("."))
}

/// IPv6 addresses, right and wrong: 0 to 9 groups, "::" anywhere (or twice), an IPv4 tail.
fn ipv6() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(h16(), 0..9),
        prop::option::of(0usize..9),
        prop::option::of(ipv4()),
        prop::sample::select(vec!["", "", "", "", ":", "::", "%25eth0", "g"]),
    )
        .prop_map(|(groups, dc, v4, junk)| {
            let mut parts: Vec<String> = groups;
            if let Some(v4) = v4 {
                parts.push(v4);
            }
            let mut s = String::new();
            for (k, g) in parts.iter().enumerate() {
                if dc == Some(k) {
                    s.push_str("::");
                } else if k > 0 {
                    s.push(':');
                }
                s.push_str(g);
            }
            if dc.is_some_and(|d| d >= parts.len()) {
                s.push_str("::");
            }
            s.push_str(junk);
            s
        })
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => clean(4).prop_map(|s| s.replace('é', "e")),
        3 => clean(4),
        2 => ipv4(),
        3 => ipv6().prop_map(|a| format!("[{a}]")),
        1 => ipv6(),
        1 => ("[vV]", "[0-9a-fA-F]{0,2}", prop::sample::select(vec![".", ""]), text(3))
            .prop_map(|(v, h, d, t)| format!("[{v}{h}{d}{t}]")),
        1 => text(4).prop_map(|t| format!("[{t}]")),
        1 => ipv6().prop_map(|a| format!("[{a}")),
        1 => ipv6().prop_map(|a| format!("[{a}]x")),
        2 => text(4),
    ]
}

fn port() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[0-9]{0,6}",
        1 => prop::sample::select(vec!["8o", "80:80", "-1", "８０", "%38"]).prop_map(str::to_string),
    ]
}

/// URI and IRI references, shaped like the ABNF with every part right or wrong.
fn uri_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http", "HTTP", "https", "a", "A-1+.b", "mailto", "urn", "file", "1a", "+a", "", "a_b",
        "é", "ht%41",
    ]);
    let authority = (
        prop::option::of(prop_oneof![3 => clean(3), 1 => text(4)]),
        host(),
        prop::option::of(port()),
    )
        .prop_map(|(u, h, p)| {
            let mut s = String::from("//");
            if let Some(u) = u {
                s.push_str(&u);
                s.push('@');
            }
            s.push_str(&h);
            if let Some(p) = p {
                s.push(':');
                s.push_str(&p);
            }
            s
        });
    let segment = prop_oneof![4 => clean(3), 2 => text(3), 1 => prop::sample::select(vec![".", "..", ""]).prop_map(str::to_string)];
    let path = (
        prop::sample::select(vec!["", "/", "./"]),
        prop::collection::vec(segment, 0..4),
    )
        .prop_map(|(lead, segs)| format!("{lead}{}", segs.join("/")));
    let tail = |c: char| {
        prop::option::of(prop_oneof![3 => clean(4), 2 => text(4)])
            .prop_map(move |t| t.map(|t| format!("{c}{t}")).unwrap_or_default())
    };
    (
        prop::option::of(scheme),
        prop::option::of(authority),
        path,
        tail('?'),
        tail('#'),
    )
        .prop_map(|(sc, a, p, q, f)| {
            let mut s = sc.map(|s| format!("{s}:")).unwrap_or_default();
            s.push_str(&a.unwrap_or_default());
            if s.ends_with(|c: char| c != '/' && c != ':') && !p.starts_with('/') && !p.is_empty() {
                s.push('/');
            }
            s.push_str(&p);
            s.push_str(&q);
            s.push_str(&f);
            s
        })
}

/// URNs (and near misses): prefix, NID, NSS and the RFC 8141 components in any order.
fn urn_like() -> impl Strategy<Value = String> {
    let prefix = prop_oneof![
        12 => Just("urn:"),
        2 => Just("URN:"),
        1 => prop::sample::select(vec!["uRn:", "urn", "urx:", ""]),
    ];
    let nid = prop_oneof![
        8 => "[a-zA-Z0-9][a-zA-Z0-9-]{0,8}[a-zA-Z0-9]",
        2 => "[a-zA-Z0-9][a-zA-Z0-9-]{0,33}",
        2 => prop::sample::select(vec![
            "urn", "URN", "a", "-ab", "ab-", "a.b", "a+b", "isbn", "urn-1", "urn-01", "x-y", "",
            "abcdefghijklmnopqrstuvwxyz012345", "abcdefghijklmnopqrstuvwxyz0123456",
        ]).prop_map(str::to_string),
        1 => text(3),
    ];
    let sep = prop_oneof![12 => Just(":"), 1 => prop::sample::select(vec!["", "?", "#"])];
    let nss = prop_oneof![4 => (clean(4), "[a-z0-9]").prop_map(|(c, a)| a + &c).prop_map(|s| s.replace(|c: char| !c.is_ascii(), "x")), 2 => text(4), 1 => Just("/a".to_string())];
    let component = (
        prop::sample::select(vec!["?+", "?=", "#", "?", "?+", "?="]),
        prop_oneof![3 => "[a-z0-9=&]{1,6}", 2 => text(3), 1 => Just(String::new())],
    )
        .prop_map(|(d, t)| format!("{d}{t}"));
    // Mostly in the order RFC 8141 gives ("?+", "?=", "#"), sometimes in any order.
    let text_of = |d: &'static str| {
        prop::option::of(prop_oneof![
            4 => "[a-zA-Z0-9=&/?+-]{1,6}",
            2 => clean(3),
            2 => text(3),
        ])
        .prop_map(move |t| t.map(|t| format!("{d}{t}")).unwrap_or_default())
    };
    let ordered = (text_of("?+"), text_of("?="), text_of("#")).prop_map(|(r, q, f)| r + &q + &f);
    let tail = prop_oneof![
        3 => ordered,
        1 => prop::collection::vec(component, 0..4).prop_map(|v| v.concat()),
    ];
    (prefix, nid, sep, nss, tail).prop_map(|(p, n, s, nss, tail)| format!("{p}{n}{s}{nss}{tail}"))
}

// ---------------------------------------------------------------- XRI inputs

/// Subsegments for the XRI generator: each with "*", "!" or no delimiter, its value a word,
/// clean or bad text, a cross-reference, nothing, or a character out of place.
fn xri_subsegs(xref: BoxedStrategy<String>) -> BoxedStrategy<String> {
    let value = prop_oneof![
        6 => "[a-zA-Z0-9._~-]{1,6}",
        2 => clean(3),
        1 => text(2),
        3 => xref,
        1 => Just(String::new()),
        1 => prop::sample::select(vec![
            ":", "&;,'", "%2F", "%4", ")", "(", "[", "=", "@", "+", "$", "é", "\u{E000}", "\u{202E}",
        ])
        .prop_map(str::to_string),
    ];
    let delim = prop::sample::select(vec!["*", "*", "!", ""]);
    prop::collection::vec((delim, value), 0..4)
        .prop_map(|v| v.into_iter().map(|(d, x)| format!("{d}{x}")).collect())
        .boxed()
}

/// XRIs and near misses (XRI Syntax 2.0 Appendix A): with and without "xri://", GCS
/// authorities (`=`, `@`, `+`, `$`, `!!`), cross-reference and IRI authorities, `*`/`!`
/// subsegments, nested cross-references holding XRIs, IRIs and relative references,
/// percent-encodings good and bad, non-ASCII text, a query and a fragment.
fn xri_with(xref: BoxedStrategy<String>) -> BoxedStrategy<String> {
    let prefix = prop_oneof![
        4 => Just(""),
        4 => Just("xri://"),
        1 => Just("XRI://"),
        1 => prop::sample::select(vec!["xri:", "xri:/", "xri:///", "!"]),
    ];
    let host = prop_oneof![
        4 => "[a-z0-9.-]{0,8}",
        1 => prop::sample::select(vec!["[::1]", "[v1.x]", "[::1", "[1.2.3.4]", "[::1]x", "1.2.3.4", "a(b", "é.jp"]).prop_map(str::to_string),
        1 => text(2),
    ];
    let userinfo = prop::option::of(prop_oneof![3 => "[a-z:%0-9]{0,4}", 1 => text(2)]);
    let port = prop::option::of("[0-9a]{0,3}");
    let iauthority = (userinfo, host, port).prop_map(|(u, h, p)| {
        let mut s = u.map(|u| u + "@").unwrap_or_default();
        s.push_str(&h);
        if let Some(p) = p {
            s.push(':');
            s.push_str(&p);
        }
        s
    });
    let authority = prop_oneof![
        6 => (prop::sample::select(vec!["=", "@", "+", "$"]), xri_subsegs(xref.clone()))
            .prop_map(|(g, v)| format!("{g}{v}")),
        2 => xri_subsegs(xref.clone()).prop_map(|v| format!("!{v}")),
        2 => (xref.clone(), xri_subsegs(xref.clone())).prop_map(|(x, v)| x + &v),
        2 => iauthority,
        1 => text(3),
    ];
    let path = prop::collection::vec(xri_subsegs(xref), 0..3)
        .prop_map(|v| v.iter().map(|s| format!("/{s}")).collect::<String>());
    let query = prop::option::of(prop_oneof![2 => clean(3), 1 => text(2), 2 => "[a-z=&/?()]{0,5}"]);
    let fragment =
        prop::option::of(prop_oneof![2 => clean(3), 1 => text(2), 1 => Just("#".to_string())]);
    (prefix, authority, path, query, fragment)
        .prop_map(|(p, a, path, q, f)| {
            let mut s = format!("{p}{a}{path}");
            if let Some(q) = q {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = f {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
        .boxed()
}

/// A cross-reference: "(" and XRI, IRI or relative content, nested up to four deep, ")".
fn xri_xref() -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        Just("(http://example.com/a)".to_string()),
        Just("(+tag)".to_string()),
        Just("()".to_string()),
        Just("(xri:@a*b)".to_string()),
        Just("(xri://@a)".to_string()),
        Just("(a/b)".to_string()),
        Just("(!1)".to_string()),
        "\\([a-z]{1,4}:[a-z/()%]{0,6}\\)",
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        xri_with(inner.boxed()).prop_map(|s| format!("({s})"))
    })
    .boxed()
}

fn xri_like() -> BoxedStrategy<String> {
    xri_with(xri_xref())
}

/// Any text from the pieces, with no structure at all.
fn anything() -> impl Strategy<Value = String> {
    prop_oneof![
        text(12),
        "[a-zA-Z0-9:/?#\\[\\]@%.vV!$&'()*+,;=~_é\u{202E}\u{E000} -]{0,40}",
    ]
}

fn input_for(p: Profile) -> BoxedStrategy<String> {
    // By family, from the profile table: a new profile gets its family's inputs.
    match p.family() {
        Family::Xri => prop_oneof![6 => xri_like(), 1 => uri_like(), 1 => anything()].boxed(),
        Family::Urn => prop_oneof![6 => urn_like(), 1 => uri_like(), 1 => anything()].boxed(),
        Family::Uri => prop_oneof![6 => uri_like(), 1 => urn_like(), 1 => anything()].boxed(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2500, ..ProptestConfig::default() })]

    #[test]
    fn rfc3986_quick_path_is_sound(s in input_for(Profile::Rfc3986)) {
        prop_assert_eq!(check_sound(Profile::Rfc3986, &s), Ok(()));
        prop_assert_eq!(check_first_error(Some(Profile::Rfc3986), &s), Ok(()));
        prop_assert_eq!(check_first_error(None, &s), Ok(()));
    }

    #[test]
    fn rfc3987_quick_path_is_sound(s in input_for(Profile::Rfc3987)) {
        prop_assert_eq!(check_sound(Profile::Rfc3987, &s), Ok(()));
        prop_assert_eq!(check_first_error(Some(Profile::Rfc3987), &s), Ok(()));
        prop_assert_eq!(check_first_error(None, &s), Ok(()));
    }

    #[test]
    fn rfc8141_quick_path_is_sound(s in input_for(Profile::Rfc8141)) {
        prop_assert_eq!(check_sound(Profile::Rfc8141, &s), Ok(()));
        prop_assert_eq!(check_first_error(Some(Profile::Rfc8141), &s), Ok(()));
        prop_assert_eq!(check_first_error(None, &s), Ok(()));
    }

    #[test]
    fn rfc1630_quick_path_is_sound(s in input_for(Profile::Rfc1630)) {
        prop_assert_eq!(check_sound(Profile::Rfc1630, &s), Ok(()));
        prop_assert_eq!(check_first_error(Some(Profile::Rfc1630), &s), Ok(()));
    }

    #[test]
    fn rfc2141_quick_path_is_sound(s in input_for(Profile::Rfc2141)) {
        prop_assert_eq!(check_sound(Profile::Rfc2141, &s), Ok(()));
        prop_assert_eq!(check_first_error(Some(Profile::Rfc2141), &s), Ok(()));
    }

    #[test]
    fn xri2_quick_path_is_sound(s in input_for(Profile::Xri2)) {
        prop_assert_eq!(check_sound(Profile::Xri2, &s), Ok(()));
        prop_assert_eq!(check_first_error(Some(Profile::Xri2), &s), Ok(()));
        prop_assert_eq!(check_first_error(None, &s), Ok(()));
    }

    #[test]
    fn rfc2141bis_quick_path_is_sound(s in input_for(Profile::Rfc2141bis)) {
        prop_assert_eq!(check_sound(Profile::Rfc2141bis, &s), Ok(()));
        prop_assert_eq!(check_first_error(Some(Profile::Rfc2141bis), &s), Ok(()));
    }
}

/// Byte sequences that are not UTF-8, or not the shortest form: overlong forms, surrogates,
/// code points above U+10FFFF, stray continuation bytes, cut sequences, bytes never used.
const NOT_UTF8: [&[u8]; 12] = [
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xE0\x80\x80",
    b"\xE0\x9F\xBF",
    b"\xF0\x80\x80\x80",
    b"\xED\xA0\x80",
    b"\xF4\x90\x80\x80",
    b"\xF8\x88\x80\x80\x80",
    b"\x80",
    b"\xC3",
    b"\xE6\x97",
    b"\xFF",
];

/// `input` with `bytes` inserted at `at` (mod its length + 1).
fn spliced(input: &str, at: usize, bytes: &[u8]) -> Vec<u8> {
    let mut v = input.as_bytes().to_vec();
    let at = at % (v.len() + 1);
    v.splice(at..at, bytes.iter().copied());
    v
}

#[test]
fn bytes_that_are_not_utf8_are_never_quick_valid() {
    for p in quick_profiles() {
        for bad in NOT_UTF8 {
            for input in ["http://a/b?c#d", "urn:isbn:0451450523?+r?=q#f", "/é?é#é"] {
                for at in 0..=input.len() {
                    let v = spliced(input, at, bad);
                    if std::str::from_utf8(&v).is_err() {
                        assert!(!quick_valid_bytes(p, &v), "{p} {v:?}");
                    }
                }
            }
        }
    }
    // The shortest forms of the same code points are judged as text.
    assert!(quick_valid_bytes(
        Profile::Rfc3987,
        "a/\u{100}\u{800}\u{10000}".as_bytes()
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// On bytes, true means UTF-8 and the verdict of the text.
    #[test]
    fn quick_valid_bytes_is_quick_valid_on_utf8(
        p in prop::sample::select(quick_profiles()),
        s in input_for(Profile::Rfc3987),
        at in 0usize..64,
        bad in prop::sample::select(NOT_UTF8.to_vec()),
        raw in prop::collection::vec(any::<u8>(), 0..4),
    ) {
        prop_assert_eq!(quick_valid_bytes(p, s.as_bytes()), quick_valid(p, &s));
        for inserted in [bad, raw.as_slice()] {
            let v = spliced(&s, at, inserted);
            if quick_valid_bytes(p, &v) {
                let text = std::str::from_utf8(&v);
                prop_assert!(text.is_ok(), "{} {:?} is not UTF-8", p, v);
                prop_assert!(full_valid(p, text.unwrap_or("")), "{} {:?}", p, v);
            }
        }
    }
}

/// The generators are not vacuous: each profile's inputs include many that the full
/// grammar accepts and many it rejects, and the quick path accepts nearly all of the first.
/// rfc2141bis's quick path answers "don't know" by design for a query after the NSS (its
/// directives), so its completeness counts only the inputs without "?";
/// its generated URNs are mostly invalid under the draft (tails that are no directives), so
/// it needs fewer valid ones.
#[test]
fn generated_inputs_reach_both_verdicts() {
    for p in quick_profiles() {
        let strategy = input_for(p);
        let mut runner = TestRunner::deterministic();
        let (mut valid, mut quick, mut invalid, mut eligible) = (0usize, 0usize, 0usize, 0usize);
        let mut missed = Vec::new();
        for _ in 0..3000 {
            let s = strategy.new_tree(&mut runner).expect("a value").current();
            if full_valid(p, &s) {
                valid += 1;
                if p == Profile::Rfc2141bis && s.contains('?') {
                    continue;
                }
                eligible += 1;
                if quick_valid(p, &s) {
                    quick += 1;
                } else if missed.len() < 10 {
                    missed.push(s);
                }
            } else {
                invalid += 1;
                assert!(!quick_valid(p, &s), "{p} {s:?}: unsound");
            }
        }
        eprintln!("{p}: {valid} valid ({eligible} eligible, {quick} quick), {invalid} invalid");
        let min_valid = if p == Profile::Rfc2141bis { 150 } else { 500 };
        assert!(
            valid >= min_valid && invalid >= 500,
            "{p}: {valid} valid, {invalid} invalid"
        );
        assert!(
            quick * 100 >= eligible * 98,
            "{p}: quick_valid accepted {quick} of {eligible} valid inputs; missed e.g. {missed:?}"
        );
    }
}

/// The bodies of the `quick` and `render` fuzz targets (`fuzz/fuzz_targets/`), run here on
/// stable over generated inputs and over big shapes made by repeating them (up to about
/// 4 KiB, the fuzz runs' `-max_len`), so the targets' properties are checked by `cargo test`
/// too.
#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod fuzz_lib;

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_quick_fuzz_target_holds(
        s in prop_oneof![
            input_for(Profile::Rfc3986),
            input_for(Profile::Rfc8141),
            input_for(Profile::Xri2),
            anything(),
        ],
        reps in 1usize..64,
    ) {
        fuzz_lib::check_quick_and_first_error(&s);
        fuzz_lib::check_quick_and_first_error(&s.repeat(reps));
    }

    #[test]
    fn the_render_fuzz_target_holds(
        s in prop_oneof![
            input_for(Profile::Rfc3986),
            input_for(Profile::Rfc8141),
            anything(),
        ],
        reps in 1usize..64,
    ) {
        fuzz_lib::check_renderers(&s);
        fuzz_lib::check_renderers(&s.repeat(reps));
    }
}
