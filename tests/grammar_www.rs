//! The WWW URI draft grammar (profile rfc1630): the draft's own examples and its BNF's
//! character sets, with expected codes and spans.

use idbench::engine::specs::parse;
use idbench::engine::{Diagnostic, Profile, Severity, Tree};
use idbench::idsets::{self, Expect};

mod support;
use support::tree::{Show, outline};

fn run(s: &str) -> (Tree, Vec<Diagnostic>) {
    parse(Profile::Rfc1630, s)
}

/// `(code, start, end)` of every diagnostic of `severity`.
fn codes(d: &[Diagnostic], severity: Severity) -> Vec<(&'static str, usize, usize)> {
    d.iter()
        .filter(|d| d.severity == severity)
        .map(|d| (d.code.as_str(), d.span.start, d.span.end))
        .collect()
}

/// The tree in preorder as `kind[rule] start..end` at its depth.
fn shape(t: &Tree) -> Vec<String> {
    outline(t, "", Show::SPANS)
}

/// Every span lies inside its parent, siblings are in order and do not overlap, and what lies
/// between the children of a node is delimiters only.
fn assert_lossless(input: &str, t: &Tree) {
    let root = t.root();
    assert_eq!(
        (root.span().start, root.span().end),
        (0, input.len()),
        "{input}"
    );
    for n in t.iter() {
        let mut at = n.span().start;
        for c in n.children() {
            assert!(n.span().encloses(c.span()), "{input}: {c:?} outside {n:?}");
            assert!(c.span().start >= at, "{input}: {c:?} overlaps");
            let gap = &input[at..c.span().start];
            assert!(
                gap.chars().all(|ch| ":/?+#".contains(ch)),
                "{input}: gap {gap:?} before {c:?}"
            );
            at = c.span().end;
        }
        if n.children().next().is_some() {
            let gap = &input[at..n.span().end];
            assert!(
                gap.chars().all(|ch| ":/?+#".contains(ch)),
                "{input}: trailing gap {gap:?}"
            );
        }
    }
}

#[test]
fn valid_inputs_and_their_trees() {
    let cases: &[(&str, &[&str])] = &[
        (
            "http://www.w3.org/albert",
            &[
                "uri[uri] 0..24",
                "  scheme[scheme] 0..4",
                "  path[path] 5..24",
                "    segment[void] 5..5",
                "    segment[void] 6..6",
                "    segment[xpalphas] 7..17",
                "    segment[xpalphas] 18..24",
            ],
        ),
        (
            "http://h/s?a+b#f",
            &[
                "uri[fragmentaddress] 0..16",
                "  scheme[scheme] 0..4",
                "  path[path] 5..10",
                "    segment[void] 5..5",
                "    segment[void] 6..6",
                "    segment[xpalphas] 7..8",
                "    segment[xpalphas] 9..10",
                "  query[search] 11..14",
                "    search-term[xalphas] 11..12",
                "    search-term[xalphas] 13..14",
                "  fragment[fragmentid] 15..16",
            ],
        ),
        (
            "x:",
            &[
                "uri[uri] 0..2",
                "  scheme[scheme] 0..1",
                "  path[void] 2..2",
            ],
        ),
        (
            "g:a",
            &[
                "uri[uri] 0..3",
                "  scheme[scheme] 0..1",
                "  path[path] 2..3",
                "    segment[xpalphas] 2..3",
            ],
        ),
        (
            "../g",
            &[
                "relative-ref[partial form] 0..4",
                "  path[path] 0..4",
                "    segment[xpalphas] 0..2",
                "    segment[xpalphas] 3..4",
            ],
        ),
        (
            "#s",
            &[
                "relative-ref[partial form] 0..2",
                "  path[void] 0..0",
                "  fragment[fragmentid] 1..2",
            ],
        ),
    ];
    for (input, want) in cases {
        let (t, d) = run(input);
        assert_eq!(codes(&d, Severity::Error), [], "{input}");
        assert_eq!(shape(&t), *want, "{input}");
        assert_lossless(input, &t);
    }
}

#[test]
fn the_drafts_character_sets() {
    // (input, errors, warnings)
    type Case = (
        &'static str,
        &'static [(&'static str, usize, usize)],
        &'static [(&'static str, usize, usize)],
    );
    let cases: &[Case] = &[
        // safe, extra, "+" in a path, escapes: all legal.
        ("http://h/$-_@.&!*'(),;:", &[], &[]),
        ("http://h/a+b", &[], &[]),
        ("http://h/%2d%2F", &[], &[]),
        // space and '"' are in `extra`: legal, the space with a warning.
        ("http://h/say\"hi\"", &[], &[]),
        ("http://h/a  b", &[], &[("www-unsafe-space", 10, 12)]),
        ("http://h/?a b", &[], &[("www-unsafe-space", 11, 12)]),
        // "=" is in no production; "~" is national; "<" ">" are punctuation.
        ("http://h/a=b", &[("www-char-not-allowed", 10, 11)], &[]),
        ("http://h/~timbl", &[("www-national-char", 9, 10)], &[]),
        ("http://h/{}|[]\\^", &[("www-national-char", 9, 16)], &[]),
        (
            "http://h/<x>",
            &[
                ("www-punctuation-char", 9, 10),
                ("www-punctuation-char", 11, 12),
            ],
            &[],
        ),
        // Not 7-bit, and control characters.
        ("http://h/é", &[("www-char-not-allowed", 9, 11)], &[]),
        ("http://h/a\tb", &[("www-char-not-allowed", 10, 11)], &[]),
        // "%" must start % hex hex.
        ("http://h/a%", &[("www-bad-escape", 10, 11)], &[]),
        ("http://h/a%2", &[("www-bad-escape", 10, 12)], &[]),
        ("http://h/%zz", &[("www-bad-escape", 9, 11)], &[]),
        ("http://h/%2/", &[("www-bad-escape", 9, 11)], &[]),
        // search: xalphas separated by "+", no "/", no "?".
        ("http://h/?", &[("www-search-term-empty", 10, 10)], &[]),
        ("http://h/?a++b", &[("www-search-term-empty", 12, 12)], &[]),
        ("http://h/?a/b", &[("www-char-not-allowed", 11, 12)], &[]),
        ("http://h/?a?b", &[("www-char-not-allowed", 11, 12)], &[]),
        // fragmentid: xalphas, so no "+", no "/", no second "#"; void is allowed (Fragment-id).
        ("http://h/#", &[], &[]),
        ("http://h/#a+b", &[("www-char-not-allowed", 11, 12)], &[]),
        ("http://h/#a#b", &[("www-char-not-allowed", 11, 12)], &[]),
        // scheme = ialpha: a letter first, no "+".
        ("1abc:x", &[("www-scheme-start", 0, 1)], &[]),
        (":x", &[("www-scheme-missing", 0, 0)], &[]),
        ("a+b:x", &[("www-char-not-allowed", 1, 2)], &[]),
    ];
    for (input, errors, warnings) in cases {
        let (t, d) = run(input);
        assert_eq!(codes(&d, Severity::Error), *errors, "{input}");
        assert_eq!(codes(&d, Severity::Warning), *warnings, "{input}");
        assert_lossless(input, &t);
    }
}

#[test]
fn notes_for_partial_forms_and_void_segments() {
    let (_, d) = run("../g");
    assert_eq!(codes(&d, Severity::Note), [("www-partial-form", 0, 4)]);
    // One note for the first void segment between two slashes inside the path, however
    // many there are; the "//" before a host and a trailing "/" get none.
    let (_, d) = run("magic://a/b/c//d/e/f");
    assert_eq!(codes(&d, Severity::Note), [("www-void-segment", 14, 14)]);
    for plain in ["http://a/b", "http://a/b/", "http://a", "file:/a/b"] {
        let (_, d) = run(plain);
        assert_eq!(codes(&d, Severity::Note), [], "{plain}");
    }
    let (_, d) = run("news:a@b");
    assert_eq!(codes(&d, Severity::Note), []);
}

#[test]
fn example_3_is_illegal() {
    let (_, d) = run("fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred");
    assert_eq!(codes(&d, Severity::Error), [("www-bad-escape", 36, 38)]);
    let (_, d) = run("news:12345667123%asdghfh@info.cern.ch");
    assert_eq!(codes(&d, Severity::Error), [("www-bad-escape", 16, 19)]);
}

#[test]
fn runs_of_bad_characters_are_one_diagnostic() {
    let input = format!("http://h/{}", "=".repeat(10_000));
    let (_, d) = run(&input);
    assert_eq!(
        codes(&d, Severity::Error),
        [("www-char-not-allowed", 9, input.len())]
    );
}

#[test]
fn odd_inputs_do_not_panic() {
    for s in [
        "", ":", "#", "?", "/", "%", "é:é", "a:%é", "a:\u{0}%", "?+#", "//", "a:b?+",
    ] {
        let (t, _) = run(s);
        assert_lossless(s, &t);
    }
}

#[test]
fn noise_is_parsed_losslessly() {
    const ALPHABET: &[&str] = &[
        "/", ".", "?", "#", ":", "+", "%", "2", "f", "=", "~", " ", "é", "\u{1b}",
    ];
    let mut seed: u64 = 11;
    for _ in 0..3000 {
        let mut s = String::new();
        for _ in 0..12 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = (seed >> 33) as usize;
            if k.is_multiple_of(13) {
                break;
            }
            s.push_str(ALPHABET[k % ALPHABET.len()]);
        }
        let (t, d) = run(&s);
        assert_lossless(&s, &t);
        for d in &d {
            assert!(
                d.span.end <= s.len()
                    && s.is_char_boundary(d.span.start)
                    && s.is_char_boundary(d.span.end),
                "{s:?}: {d:?}"
            );
        }
    }
}

/// The shipped set's validity expectations hold under this grammar.
#[test]
fn shipped_set_validity() {
    let text = idsets::SETS
        .iter()
        .find(|(n, _)| *n == "rfc1630")
        .map(|(_, t)| *t)
        .unwrap_or("");
    let (entries, errs) = idsets::parse_set("rfc1630", text);
    assert!(errs.is_empty(), "{errs:?}");
    let mut checked = 0;
    for e in &entries {
        let p = e.profile.unwrap_or(Profile::Rfc1630);
        let (_, d) = parse(p, &e.id);
        let first = d
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.code.as_str());
        match &e.expect {
            Expect::Valid => assert_eq!(first, None, "line {}: {}", e.line, e.id),
            Expect::Invalid(code) => {
                assert!(first.is_some(), "line {}: {}", e.line, e.id);
                if !code.is_empty() {
                    assert_eq!(first, Some(code.as_str()), "line {}: {}", e.line, e.id);
                }
            }
            _ => continue,
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} entries checked");
}
