//! The shipped grammars, loaded into the ABNF engine (`engine::abnf`): each ABNF profile's
//! grammar text (our reading where the printed text is damaged, `src/engine/rules/`) reads
//! without an error, and the hand-written parser gives the same verdict as the engine over
//! that text on every identifier-set entry, except where a listed cause (a prose rule or a
//! reading the ABNF cannot say) explains the difference.
//!
//! RFC 2141 and the WWW draft print BNF in notations of their own: their ABNF
//! transcriptions (`src/engine/rules/transcribed/`, our reading) are held to the
//! hand-written parsers the same way.
//!
//! The causes are predicates over the input (`tests/abnf_agree/causes.rs`, shared with the
//! generated-input test `tests/abnf_agree_prop.rs` and the fuzz target `abnf_agree`), each
//! naming its reading in docs/readings.md ("The shipped grammars against their ABNF"):
//! rfc3986 and rfc3987 have none; rfc8141 and RFC 2141 the reserved NID "urn"; the WWW
//! draft its partial forms; rfc2141bis the rules §2 and §2.3 superimpose on RFC 3986's
//! (`urn-path`, `urn-query`, which its start rule `URI` does not reach), the reserved NID,
//! NUL and a repeated keyword; xri2 the readings of first-match-wins (§1.2.2's optional
//! prefix, the "xri:" prefix, XRI 3's authority order, XRI 6's cross-reference content).

#[path = "abnf_agree/causes.rs"]
mod causes;

use idbench::engine::abnf::{Grammar, ParseOptions, check};
use idbench::engine::tree::Severity;
use idbench::engine::{Options, Profile, analyze, rules};

/// Each ABNF profile and the rule its grammar starts from.
const ABNF_PROFILES: [(Profile, &str); 5] = [
    (Profile::Rfc3986, "URI-reference"),
    (Profile::Rfc3987, "IRI-reference"),
    (Profile::Rfc2141bis, "URI"),
    (Profile::Rfc8141, "namestring"),
    (Profile::Xri2, "XRI-reference"),
];

/// The text idbench reads for `profile`: every production's reading, else as printed.
fn grammar_text(profile: Profile) -> String {
    rules::grammar(profile)
        .productions()
        .iter()
        .map(|p| format!("{}\n", p.text()))
        .collect()
}

#[test]
fn every_shipped_abnf_grammar_reads_without_an_error() {
    for (profile, start) in ABNF_PROFILES {
        let report = check(&grammar_text(profile), Some(start));
        let errors: Vec<String> = report
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .map(|p| format!("line {}: {} {}", p.line, p.code, p.message))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", profile.name());
        assert!(
            report.rules.iter().any(|r| r.eq_ignore_ascii_case(start)),
            "{}: no rule {start}",
            profile.name()
        );
    }
}

/// The entries on which the hand-written parser of `profile` and its grammar text disagree.
fn disagreements(profile: Profile, start: &str) -> Vec<(String, bool)> {
    let g = match Grammar::from_text(&grammar_text(profile)) {
        Ok(g) => g,
        Err(e) => panic!("{}: {e:?}", profile.name()),
    };
    let mut out = Vec::new();
    for e in idbench::idsets::all() {
        let hand = analyze(
            &e.id,
            &Options {
                profile: Some(profile),
                ..Options::default()
            },
        )
        .valid();
        let abnf = match g.parse(start, &e.id, &ParseOptions::default()) {
            Ok(p) => p.valid,
            Err(e) => panic!("{}: {e:?}", profile.name()),
        };
        if hand != abnf {
            out.push((e.id.clone(), hand));
        }
    }
    out
}

#[test]
fn rfc3986_and_rfc3987_agree_with_their_abnf_on_every_entry() {
    for (profile, start) in [
        (Profile::Rfc3986, "URI-reference"),
        (Profile::Rfc3987, "IRI-reference"),
    ] {
        let d = disagreements(profile, start);
        assert!(d.is_empty(), "{}: {d:#?}", profile.name());
    }
}

#[test]
fn rfc8141_agrees_with_its_abnf_but_for_the_nid_urn() {
    // RFC 8141 §5.1's registration rules reserve the NID "urn" (docs/readings.md, "RFC
    // 8141: the NID urn"); §2's ABNF admits it. Every other entry agrees.
    let d = disagreements(Profile::Rfc8141, "namestring");
    assert!(
        !d.is_empty(),
        "the NID urn case is expected among the entries"
    );
    for (id, hand) in &d {
        assert!(
            !hand && id.to_ascii_lowercase().starts_with("urn:urn:"),
            "{id:?}: hand-written {hand}"
        );
    }
}

/// The entries on which the hand-written parser of `profile` and the ABNF `text` (from
/// rule `start`) disagree: (entry, the hand-written verdict).
fn disagreements_with(profile: Profile, text: &str, start: &str) -> Vec<(String, bool)> {
    let g = match Grammar::from_text(text) {
        Ok(g) => g,
        Err(e) => panic!("{}: {e:?}", profile.name()),
    };
    let mut out = Vec::new();
    for e in idbench::idsets::all() {
        let hand = analyze(&e.id, &Options::validate_only(Some(profile))).valid();
        let abnf = match g.parse(start, &e.id, &ParseOptions::default()) {
            Ok(p) => p.valid,
            Err(e) => panic!("{}: {e:?}", profile.name()),
        };
        if hand != abnf {
            out.push((e.id.clone(), hand));
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn rfc2141_agrees_with_its_abnf_transcription() {
    let text = include_str!("../src/engine/specs/urn/rfc2141.transcribed.abnf");
    let report = check(text, Some("URN"));
    assert!(!report.has_errors(), "{:#?}", report.problems);
    // §2.1: 'the NID "urn" is reserved and MUST NOT be used', prose the BNF cannot say.
    // Every other entry agrees.
    let d = disagreements_with(Profile::Rfc2141, text, "URN");
    assert!(
        !d.is_empty(),
        "the NID urn case is expected among the entries"
    );
    for (id, hand) in &d {
        assert!(
            !hand && id.to_ascii_lowercase().starts_with("urn:urn:"),
            "{id:?}: hand-written {hand}"
        );
    }
}

#[test]
fn the_www_draft_agrees_with_its_abnf_transcription() {
    let text = include_str!("../src/engine/specs/www/rfc1630.transcribed.abnf");
    let report = check(text, Some("fragmentaddress"));
    assert!(!report.has_errors(), "{:#?}", report.problems);
    // The draft's BNF describes full URIs only; its partial forms (section "Partial
    // (relative) form": `../g`, `//g`, `#s`, the empty reference) are prose, and the
    // hand-written parser reads them. Every entry with a scheme agrees.
    let d = disagreements_with(Profile::Rfc1630, text, "fragmentaddress");
    assert!(
        d.len() >= 10,
        "the partial forms are expected among the entries: {d:?}"
    );
    for (id, hand) in &d {
        assert!(
            *hand && idbench::engine::specs::leading_scheme(id).is_none(),
            "{id:?}: hand-written {hand}"
        );
    }
}

/// Every identifier-set entry, once each.
fn entries() -> Vec<String> {
    let mut ids: Vec<String> = idbench::idsets::all().into_iter().map(|e| e.id).collect();
    ids.sort();
    ids.dedup();
    ids
}

#[test]
fn every_abnf_profile_agrees_with_its_grammar_but_for_listed_causes() {
    let ids = entries();
    let mut failures = Vec::new();
    for profile in causes::profiles() {
        let Some(c) = causes::Checker::new(profile) else {
            panic!("{}: its grammar text does not compile", profile.name());
        };
        let mut used: Vec<&str> = Vec::new();
        for id in &ids {
            match c.check(id) {
                Err(e) => failures.push(e),
                Ok(Some(names)) => used.extend(names),
                Ok(None) => {}
            }
        }
        // Every listed cause explains at least one entry (or, for one the identifier sets
        // do not reach, its examples below): none is vacuous.
        for cause in c.causes {
            if CAUSE_EXAMPLES
                .iter()
                .any(|(p, _, n)| *p == profile && *n == cause.name)
            {
                continue;
            }
            assert!(
                used.contains(&cause.name),
                "{}: the cause {} ({}) explains no entry",
                profile.name(),
                cause.name,
                cause.reading
            );
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn rfc2141bis_and_xri2_are_held_to_their_start_rules() {
    // The shipped start rules, which the causes are readings of: rfc2141bis's `URI` reaches
    // only RFC 3986's path-rootless and query, xri2's `XRI-reference` makes "xri://"
    // optional; without the causes, entries disagree in both.
    for (profile, start) in [
        (Profile::Rfc2141bis, "URI"),
        (Profile::Xri2, "XRI-reference"),
    ] {
        let Some(c) = causes::Checker::new(profile) else {
            panic!("{}: no checker", profile.name());
        };
        assert_eq!(c.start, start);
        let n = entries()
            .iter()
            .filter(|id| c.disagreement(id).is_some())
            .count();
        assert!(n > 10, "{}: {n} disagreements", profile.name());
    }
}

/// Listed causes that no identifier-set entry needs, with inputs they explain (found by
/// tests/abnf_agree_prop.rs's mutations): (profile, input, cause).
const CAUSE_EXAMPLES: [(Profile, &str, &str); 6] = [
    // RFC 8141 §2: the ABNF's one parse is the r-component "r?=" (an empty q-component
    // cannot follow), "r?=/x", "r?=?x"; idbench ends the r-component at "?=".
    (
        Profile::Rfc8141,
        "urn:example:a?+r?=#f",
        "r-component-ends-at-question-equals",
    ),
    (
        Profile::Rfc8141,
        "urn:example:a?+r?=/x",
        "r-component-ends-at-question-equals",
    ),
    (
        Profile::Rfc8141,
        "urn:example:a?+r?=?x",
        "r-component-ends-at-question-equals",
    ),
    // The ABNF pairs the first "(" with the last ")": the content ")(" is an IRI authority.
    (Profile::Xri2, "()()", "xref-balanced"),
    // The xref "(()" holds the content "(", an IRI authority.
    (Profile::Xri2, "-*(()", "xref-balanced"),
    // java.net.URI refuses an empty authority with nothing after it; the BNF admits it.
    (Profile::Rfc2396, "http://", "empty-authority-alone"),
];

#[test]
fn the_causes_the_identifier_sets_do_not_reach_explain_their_examples() {
    for (profile, input, cause) in CAUSE_EXAMPLES {
        let c = causes::Checker::new(profile).expect("a grammar");
        let d = c.disagreement(input);
        assert!(d.is_some(), "{input}: the verdicts agree");
        let why = c.check(input);
        assert!(
            why.as_ref()
                .is_ok_and(|w| w.as_ref().is_some_and(|w| w.contains(&cause))),
            "{input}: {why:?}"
        );
    }
}
