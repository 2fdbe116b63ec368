//! A diagnostic that repeats with gaps is reported once (issue 19 item 14): with a count,
//! the first places listed, the same first error as before, and output that stays a small
//! constant per input byte.

use idbench::cli::text;
use idbench::engine::specs;
use idbench::engine::tree::{Code, Diagnostic, FOLD_MIN, MAX_LISTED_SPANS, fold_repeats};
use idbench::engine::{Options, Profile, Severity, Span, analyze, first_error};
use idbench::json::{AnalysisJson, to_string};

fn plus(n: usize) -> String {
    format!("xri://@a{}", "+a".repeat(n))
}

fn authority(n: usize) -> String {
    format!("http://{}b/", "a@".repeat(n))
}

fn parse_options() -> Options {
    // What `idbench parse` asks for.
    Options {
        profile: None,
        forms: true,
        all_profiles: false,
        namespace: false,
        scheme_spec: false,
        equivalence_key: true,
    }
}

#[test]
fn one_character_segments_give_one_folded_error_with_its_places() {
    let n = 4096;
    let input = plus(n);
    let a = analyze(&input, &parse_options());
    let all = a.all_diagnostics();
    let gcs: Vec<_> = all
        .iter()
        .filter(|d| d.code.as_str() == "gcs-char-unencoded")
        .collect();
    assert_eq!(gcs.len(), 1, "one diagnostic for {n} separate occurrences");
    let d = gcs[0];
    // "xri://@a+a+a…": every "+" is an error.
    assert_eq!(d.count, n);
    assert_eq!(d.spans.len(), MAX_LISTED_SPANS);
    assert_eq!(d.spans[0], d.span);
    assert_eq!(d.spans[1], Span::new(d.span.start + 2, d.span.end + 2));
    assert!(d.spans.windows(2).all(|w| w[0].end < w[1].start));
    // Every diagnostic is listed once, so the whole list is short.
    assert!(all.len() < 10, "{} diagnostics", all.len());
    let note = d.repeat_note().unwrap_or_default();
    assert!(
        note.starts_with(&format!(
            "repeats {n} times; first at {}, then {}",
            d.spans[0], d.spans[1]
        )),
        "{note}"
    );
    assert!(note.ends_with("(the first 100 places listed)"), "{note}");
}

#[test]
fn the_first_error_is_the_one_the_grammar_and_check_report() {
    for input in [plus(2000), authority(2000), plus(3)] {
        let a = analyze(&input, &parse_options());
        let folded = a.first_error().expect("invalid");
        let unfolded = specs::parse(a.profile, &input)
            .1
            .into_iter()
            .find(|d| d.severity == Severity::Error)
            .expect("invalid");
        assert_eq!(
            (folded.code, folded.span, &folded.message, &folded.expected),
            (
                unfolded.code,
                unfolded.span,
                &unfolded.message,
                &unfolded.expected
            )
        );
        assert_eq!(first_error(&input, None).1, Some(folded.code.as_str()));
        let verdict = specs::parse_verdict(a.profile, &input)
            .1
            .into_iter()
            .find(|d| d.severity == Severity::Error)
            .expect("invalid");
        assert_eq!((verdict.code, verdict.span), (folded.code, folded.span));
    }
}

#[test]
fn few_repeats_and_adjacent_runs_keep_their_own_diagnostics() {
    // Fewer than FOLD_MIN separate places: each keeps its diagnostic.
    let few = plus(FOLD_MIN - 1);
    let a = analyze(&few, &Options::validate_only(Some(Profile::Xri2)));
    let gcs: Vec<_> = a
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "gcs-char-unencoded")
        .collect();
    assert_eq!(gcs.len(), FOLD_MIN - 1);
    assert!(gcs.iter().all(|d| d.count == 1 && d.spans.is_empty()));
    // An adjacent run is still one diagnostic over the run, with no places listed.
    let a = analyze(
        "http://a/%%%%",
        &Options::validate_only(Some(Profile::Rfc3986)),
    );
    let d = a.first_error().expect("invalid");
    assert_eq!((d.span, d.count), (Span::new(9, 13), 4));
    assert!(d.spans.is_empty());
    assert_eq!(
        d.repeat_note().as_deref(),
        Some("found 4 times in a row, over bytes 9..13")
    );
    // Places with gaps, each its own run: listed whole.
    let input = "http://a/  x  x  x  x";
    let a = analyze(input, &Options::validate_only(Some(Profile::Rfc3986)));
    let d = a.first_error().expect("invalid");
    assert_eq!((d.span, d.count, d.spans.len()), (Span::new(9, 11), 4, 4));
    assert_eq!(
        d.repeat_note().as_deref(),
        Some("repeats 4 times; first at 9..11, then 12..14, 15..17, 18..20")
    );
    // Runs of several occurrences repeated with gaps: the places are the runs, the count
    // every occurrence.
    let run = |at: usize| {
        let mut d = Diagnostic::new(
            Severity::Error,
            Code::PctInvalid,
            Span::new(at, at + 2),
            "RFC 3986 §2.1",
            "bad %",
        );
        d.count = 2;
        d
    };
    let folded = fold_repeats((0..FOLD_MIN).map(|i| run(3 * i)).collect());
    assert_eq!(folded.len(), 1);
    assert_eq!(
        (folded[0].count, folded[0].spans.len()),
        (2 * FOLD_MIN, FOLD_MIN)
    );
    assert_eq!(
        folded[0].repeat_note().as_deref(),
        Some("repeats 8 times in 4 places; first at 0..2, then 3..5, 6..8, 9..11")
    );
}

/// Bytes `idbench parse` writes for `input`, in text and in JSON.
fn written(input: &str) -> (usize, usize) {
    let a = analyze(input, &parse_options());
    (text::analysis(&a).len(), to_string(&AnalysisJson(&a)).len())
}

#[test]
fn parse_output_is_a_small_constant_per_input_byte() {
    for shape in [plus as fn(usize) -> String, authority] {
        let (small, big) = (shape(8192), shape(16384));
        let (ts, js) = written(&small);
        let (tb, jb) = written(&big);
        // The input is echoed once (twice in JSON: "input" and the root's leaf text when
        // short); the rest is a constant.
        for (bytes, len, what) in [(ts, small.len(), "text"), (tb, big.len(), "text")] {
            assert!(
                bytes < 2 * len + 64 * 1024,
                "{what}: {bytes} bytes for {len}"
            );
        }
        for (bytes, len) in [(js, small.len()), (jb, big.len())] {
            assert!(bytes < 4 * len + 64 * 1024, "json: {bytes} bytes for {len}");
        }
        // Doubling the input adds about the input's length again, not 200 bytes a byte.
        assert!(tb - ts < 3 * (big.len() - small.len()), "text {ts} -> {tb}");
        assert!(jb - js < 5 * (big.len() - small.len()), "json {js} -> {jb}");
    }
}

#[test]
fn json_lists_the_places_of_a_folded_diagnostic() {
    let input = plus(200);
    let a = analyze(&input, &parse_options());
    let j: serde_json::Value =
        serde_json::from_str(&to_string(&AnalysisJson(&a))).expect("valid JSON");
    let diags = j["diagnostics"].as_array().expect("diagnostics");
    let d = diags
        .iter()
        .find(|d| d["code"] == "gcs-char-unencoded")
        .expect("the folded error");
    assert_eq!(d["count"], 200);
    let spans = d["spans"].as_array().expect("spans");
    assert_eq!(spans.len(), 100);
    assert_eq!(
        (&spans[0]["start"], &spans[0]["end"]),
        (&d["start"], &d["end"])
    );
    // A diagnostic that does not repeat has no "spans".
    assert!(
        diags
            .iter()
            .filter(|d| d["code"] != "gcs-char-unencoded")
            .all(|d| d.get("spans").is_none())
    );
}
