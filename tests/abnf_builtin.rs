//! The shipped grammars, loaded into the ABNF engine (`engine::abnf`): each ABNF profile's
//! grammar text (our reading where the printed text is damaged, `src/engine/rules/`) reads
//! without an error, and where the hand-written parser is meant to follow its ABNF alone,
//! both give the same verdict on every identifier-set entry.
//!
//! RFC 2141 and the WWW draft print BNF in notations of their own: their ABNF
//! transcriptions (`src/engine/rules/transcribed/`, our reading) are held to the
//! hand-written parsers the same way.
//!
//! Not yet held here (the grammar lab's work): rfc2141bis and xri2, whose hand-written
//! parsers also apply prose rules and XRI's first-match-wins, which their ABNF cannot say.

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
    let text = include_str!("../src/engine/rules/transcribed/rfc2141.abnf");
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
    let text = include_str!("../src/engine/rules/transcribed/rfc1630.abnf");
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
            *hand && idbench::engine::profile::leading_scheme(id).is_none(),
            "{id:?}: hand-written {hand}"
        );
    }
}
