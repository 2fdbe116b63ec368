//! Robustness: hostile inputs under every profile return a result, and `check` exits
//! normally on input that is not UTF-8.
//!
//! ```text
//! cargo test --test robustness
//! ```
//!
//! Sized to run in a few seconds in a debug build: the heavy inputs (100,000 nested "(",
//! 1 MiB) go through every profile once; the per-character sweeps use short templates.

use std::io::Write;
use std::process::{Command, Stdio};

use idbench::engine::{Analysis, Options, Profile, Severity, analyze};

/// The tree covers the input, every span is a slice of it, and errors come with a code.
fn assert_sane(input: &str, a: &Analysis, what: &str) {
    let root = a.tree.root().span();
    assert_eq!(
        (root.start, root.end),
        (0, input.len()),
        "{what}: root span"
    );
    for n in a.tree.iter() {
        let s = n.span();
        assert!(
            input.get(s.start..s.end).is_some(),
            "{what}: {n:?} is not a slice of the input"
        );
    }
    for d in &a.diagnostics {
        assert!(
            input.get(d.span.start..d.span.end).is_some(),
            "{what}: {d:?} off the input"
        );
        assert!(
            !d.code.as_str().is_empty(),
            "{what}: diagnostic without a code"
        );
    }
}

/// Under each profile alone, and with everything on (`auto`, forms, every verdict).
fn analyze_everywhere(input: &str, what: &str) -> Vec<Analysis> {
    let mut out = Vec::new();
    for p in Profile::ALL {
        let a = analyze(input, &Options::validate_only(Some(p)));
        assert_sane(input, &a, &format!("{what} under {p}"));
        out.push(a);
    }
    let a = analyze(input, &Options::full());
    assert_sane(input, &a, &format!("{what} with Options::full()"));
    assert_eq!(a.verdicts.len(), Profile::ALL.len(), "{what}: verdicts");
    out.push(a);
    out
}

fn has_error(a: &Analysis) -> bool {
    a.diagnostics.iter().any(|d| d.severity == Severity::Error)
}

#[test]
fn hundred_thousand_nested_parens() {
    let open = "(".repeat(100_000);
    for a in analyze_everywhere(&open, "100,000 '('") {
        // "(" is a sub-delim, so this is a fine relative path for the URI profiles; to XRI it
        // is 100,000 unclosed cross-references.
        if a.profile == Profile::Xri2 {
            assert!(has_error(&a), "100,000 unclosed '(' valid under xri2");
        }
    }
    let balanced = format!("xri://@a*{open}b{}", ")".repeat(100_000));
    let all = analyze_everywhere(&balanced, "100,000 nested cross-references");
    // The tree stays bounded even though the nesting does not (depth is capped).
    assert!(all.iter().all(|a| a.tree.len() <= 4 * balanced.len() + 16));
}

#[test]
fn one_mebibyte_identifiers() {
    const MIB: usize = 1 << 20;
    let mut uri = String::from("http://example.com/");
    while uri.len() < MIB {
        uri.push_str("seg%20ment/");
    }
    let mut urn = String::from("urn:example:");
    while urn.len() < MIB {
        urn.push_str("a123,z456/");
    }
    let mut xri = String::from("xri://@example*");
    while xri.len() < MIB {
        xri.push_str("a!b*c/");
    }
    let iri: String = "http://例え.jp/"
        .chars()
        .chain("é".repeat(MIB / 2).chars())
        .collect();
    for (name, s) in [("uri", &uri), ("urn", &urn), ("xri", &xri), ("iri", &iri)] {
        let all = analyze_everywhere(s, &format!("1 MiB {name}"));
        let valid_under = |p: Profile| all.iter().any(|a| a.profile == p && !has_error(a));
        match name {
            "uri" => assert!(valid_under(Profile::Rfc3986), "1 MiB URI rejected"),
            "urn" => assert!(valid_under(Profile::Rfc8141), "1 MiB URN rejected"),
            "iri" => assert!(valid_under(Profile::Rfc3987), "1 MiB IRI rejected"),
            _ => {}
        }
    }
}

/// One character of every Unicode general category (Cs cannot be in a `str`; lone surrogates
/// are covered as bytes in [`check_survives_lines_that_are_not_utf8`]).
const CATEGORIES: &[(&str, char)] = &[
    ("Lu", 'A'),
    ("Ll", 'a'),
    ("Lt", '\u{01C5}'),
    ("Lm", '\u{02B0}'),
    ("Lo", '\u{05D0}'),
    ("Mn", '\u{0301}'),
    ("Mc", '\u{0903}'),
    ("Me", '\u{20DD}'),
    ("Nd", '\u{0663}'),
    ("Nl", '\u{216B}'),
    ("No", '\u{00BD}'),
    ("Pc", '\u{203F}'),
    ("Pd", '\u{2010}'),
    ("Ps", '\u{300C}'),
    ("Pe", '\u{300D}'),
    ("Pi", '\u{00AB}'),
    ("Pf", '\u{00BB}'),
    ("Po", '\u{00A1}'),
    ("Sm", '\u{2211}'),
    ("Sc", '\u{20AC}'),
    ("Sk", '\u{00A8}'),
    ("So", '\u{00A9}'),
    ("Zs", '\u{3000}'),
    ("Zl", '\u{2028}'),
    ("Zp", '\u{2029}'),
    ("Cc", '\u{0085}'),
    ("Cf", '\u{202E}'),
    ("Cf", '\u{FEFF}'),
    ("Cf", '\u{E0001}'),
    ("Co", '\u{E000}'),
    ("Co", '\u{10FFFD}'),
    ("Cn", '\u{0378}'),
    ("Cn", '\u{FFFF}'),
    ("Cn", '\u{10FFFF}'),
];

/// Short templates, one per family, with every component the grammars know.
const TEMPLATES: &[&str] = &[
    "s://u@h:1/p?q#f",
    "urn:ab:c/d?+r?=q#f",
    "xri://@a*b!c/(+d)$e;f?g#h",
    "//[::1]/../x",
];

/// Every character in every position of every template, under every profile.
fn sweep(chars: impl Iterator<Item = char> + Clone, what: &str) {
    for t in TEMPLATES {
        let positions: Vec<usize> = (0..=t.len()).filter(|&i| t.is_char_boundary(i)).collect();
        for c in chars.clone() {
            for &i in &positions {
                let mut s = String::with_capacity(t.len() + 4);
                s.push_str(&t[..i]);
                s.push(c);
                s.push_str(&t[i..]);
                for p in Profile::ALL {
                    let a = analyze(&s, &Options::validate_only(Some(p)));
                    assert_sane(&s, &a, &format!("{what} {c:?} at {i} of {t:?} under {p}"));
                }
            }
        }
    }
}

#[test]
fn every_ascii_byte_in_every_position() {
    sweep((0u8..=0x7F).map(char::from), "byte");
}

#[test]
fn every_latin1_code_point_in_every_position() {
    // Bytes 0x80..=0xFF are not UTF-8 on their own; as text they are U+0080..U+00FF.
    // The raw bytes go through `check` below.
    sweep((0x80u8..=0xFF).map(char::from), "code point");
}

#[test]
fn every_general_category_in_every_position() {
    sweep(CATEGORIES.iter().map(|&(_, c)| c), "category");
    // And once with everything on, for the forms and the auto choice.
    for t in TEMPLATES {
        for &(cat, c) in CATEGORIES {
            let s = format!("{t}{c}");
            let a = analyze(&s, &Options::full());
            assert_sane(&s, &a, &format!("{cat} after {t:?}, full"));
        }
    }
}

#[test]
fn every_byte_alone_and_as_the_whole_input() {
    for b in 0u8..=0x7F {
        let s = char::from(b).to_string();
        analyze_everywhere(&s, &format!("byte {b:#04x} alone"));
    }
    analyze_everywhere("", "empty input");
}

#[test]
fn check_survives_lines_that_are_not_utf8() {
    let mut input: Vec<u8> = Vec::new();
    let lines: Vec<Vec<u8>> = vec![
        b"http://example.com/ok".to_vec(),
        b"http://example.com/\xff".to_vec(), // a lone byte that is never UTF-8
        b"urn:ab:\xc3".to_vec(),             // a cut two-byte sequence
        b"http://a/\xed\xa0\x80".to_vec(),   // a UTF-16 surrogate (Cs) in UTF-8 form
        b"\xf4\x90\x80\x80".to_vec(),        // above U+10FFFF
        b"\xc0\xaf".to_vec(),                // overlong "/"
        b"xri://@a*(\x80)".to_vec(),         // a stray continuation byte
        b"\x00\x01\x1b[31m\x7f".to_vec(),    // controls and an escape sequence
        b"urn:ab:c\r".to_vec(),              // CRLF line ending
        (0u8..=255).filter(|&b| b != b'\n').collect(), // every byte in one line
        b"".to_vec(),
    ];
    for l in &lines {
        input.extend_from_slice(l);
        input.push(b'\n');
    }
    input.extend_from_slice(b"no newline at the end \xfe");
    for profile in ["auto", "rfc3986", "rfc3987", "rfc8141", "xri2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_idbench"))
            .args(["check", "--profile", profile])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("idbench runs");
        let mut stdin = child.stdin.take().expect("stdin");
        let data = input.clone();
        let writer = std::thread::spawn(move || stdin.write_all(&data));
        let out = child.wait_with_output().expect("idbench finishes");
        writer
            .join()
            .expect("writer thread")
            .expect("stdin written");
        let stdout = String::from_utf8(out.stdout).expect("check prints UTF-8");
        let stderr = String::from_utf8_lossy(&out.stderr);
        // Exits by itself, with "some invalid" (1), not by a signal or a panic (101).
        assert_eq!(out.status.code(), Some(1), "{profile}: {stderr}");
        assert!(!stderr.contains("panicked"), "{profile}: {stderr}");
        let printed: Vec<&str> = stdout.lines().collect();
        assert_eq!(
            printed.len(),
            lines.len() + 1,
            "{profile}: one verdict a line\n{stdout}"
        );
        for i in [1, 2, 3, 4, 5, 6, 9, lines.len()] {
            assert!(
                printed[i].starts_with("invalid") && printed[i].ends_with("\tnot-utf8"),
                "{profile}: line {i} {:?}",
                printed[i]
            );
        }
        // Nothing raw reaches the terminal: no escape or other control byte is printed.
        assert!(
            !stdout
                .chars()
                .any(|c| c.is_control() && c != '\n' && c != '\t'),
            "{profile}: control characters printed"
        );
        assert!(stderr.contains("invalid"), "{profile}: no tally: {stderr}");
    }
}
