//! `engine::standards`: one input under RFC 3986/3987 and the URL Standard, and where the
//! two readings part, through the library's public API: the inputs a new user tries give
//! the standard's href and validation error names, and each divergence names both sides.

use idbench::engine::standards::{self, Topic};

/// (input, the URL Standard's href, a divergence's topic, text its sentence must hold)
const TABLE: &[(&str, &str, Topic, &str)] = &[
    (
        "https://example.com\\foo",
        "https://example.com/foo",
        Topic::Backslash,
        "`\\` at byte 19: WHATWG reads `/` (special scheme; validation error invalid-reverse-solidus); RFC 3986 rejects it (§3.2.2: ",
    ),
    (
        "http://0x7f.1/",
        "http://127.0.0.1/",
        Topic::Ipv4,
        "host `0x7f.1`: WHATWG parses the IPv4 address 127.0.0.1 (validation errors ipv4-non-decimal-part, ipv4-too-few-parts); RFC 3986 reads a reg-name (§3.2.2",
    ),
    (
        "http://exa\tmple.com/",
        "http://example.com/",
        Topic::TabNewline,
        "WHATWG removes the tab or newline before parsing (§4.4 step 3; validation error invalid-url-unit); RFC 3986 rejects it (§3.2.2",
    ),
    (
        "http:/example.com",
        "http://example.com/",
        Topic::MissingSlashes,
        "validation error special-scheme-missing-following-solidus); RFC 3986 reads `example.com` as part of the",
    ),
    (
        "http:\\\\example.com\\a\\b",
        "http://example.com/a/b",
        Topic::MissingSlashes,
        "`\\\\` at bytes 5..7: WHATWG reads the authority after it all the same, \"\\\" as \"/\"",
    ),
    (
        "http://example.com:80/",
        "http://example.com/",
        Topic::DefaultPort,
        "WHATWG drops http's default port 80 while parsing",
    ),
    (
        "http://example.com/a/%2e%2E/b",
        "http://example.com/b",
        Topic::DotSegment,
        "`%2e%2E` at bytes 21..27: WHATWG applies the dot-segment",
    ),
    (
        "http://example.com/a b",
        "http://example.com/a%20b",
        Topic::PercentEncoding,
        "WHATWG percent-encodes it (encoded with the path percent-encode set",
    ),
    (
        "http://bücher.de/",
        "http://xn--bcher-kva.de/",
        Topic::Idna,
        "RFC 3987 reads it as part of the ireg-name (host)",
    ),
    (
        "HTTP://Example.COM/",
        "http://example.com/",
        Topic::Case,
        "WHATWG lower-cases the scheme to `http` while parsing",
    ),
];

#[test]
fn the_inputs_a_new_user_tries_name_where_and_why_the_readings_part() {
    for &(input, href, topic, holds) in TABLE {
        let s = standards::compare(input);
        assert_eq!(s.whatwg.reads_as, href, "{input}");
        assert!(s.whatwg.valid, "{input}");
        let d = s
            .divergences
            .iter()
            .find(|d| d.topic == topic)
            .unwrap_or_else(|| panic!("{input}: no {topic:?}: {:#?}", s.divergences));
        assert!(
            d.sentence().contains(holds),
            "{input}: {:?} does not hold {holds:?}",
            d.sentence()
        );
        assert!(
            !d.whatwg.codes.is_empty() || topic == Topic::Verdict,
            "{input}"
        );
    }
}

#[test]
fn agreement_is_no_divergence_and_json_is_one_object() {
    let s = standards::compare("https://example.com/a?b#c");
    assert!(s.agree(), "{:#?}", s.divergences);
    assert!(s.valid_url_string);
    let s = standards::compare("https://example.com\\foo");
    let v = serde_json::to_value(&s).expect("serializes");
    assert_eq!(v["divergences"][0]["topic"], "verdict");
    assert_eq!(v["divergences"][1]["topic"], "backslash");
    assert_eq!(v["divergences"][1]["span"], serde_json::json!([19, 20]));
    assert_eq!(
        v["divergences"][1]["whatwg"]["codes"][0],
        "invalid-reverse-solidus"
    );
    assert_eq!(v["divergences"][1]["rfc"]["codes"][0], "illegal-char");
    assert_eq!(v["whatwg"]["reads_as"], "https://example.com/foo");
    assert_eq!(v["rfc3986"]["valid"], false);
}

mod support;

use crossterm::event::KeyCode;
use idbench::tui::app::Focus;
use idbench::tui::event::Event;
use support::{app, feed, screen};

/// F8 shows the standards view in place of Details with the keyboard, at 80×24; the arrows
/// select a divergence, Enter moves the input's cursor to it, typing compares the new
/// input, and F8 hides it.
#[test]
fn f8_shows_the_standards_view_in_the_workbench() {
    let mut a = app("https://example.com\\foo");
    let before = screen(&mut a, 80, 24);
    assert!(!before.contains("Standards ·"), "{before}");
    feed(&mut a, [Event::key(KeyCode::F(8))]);
    assert_eq!(a.focus(), Focus::Details);
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("standards_view_80x24", s);
    assert!(
        s.contains("Standards · WHATWG vs RFC 3986 · 2 divergences"),
        "{s}"
    );
    assert!(s.contains("backslash 19..20"), "{s}");
    assert!(
        s.contains("select"),
        "the status hints name the view's keys: {s}"
    );
    feed(
        &mut a,
        [Event::key(KeyCode::Down), Event::key(KeyCode::Enter)],
    );
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("2 of 2"), "{s}");
    // Unfocused (Tab on to the forms), the view stays in Details' room and follows edits.
    feed(&mut a, [Event::key(KeyCode::Tab)]);
    assert_ne!(a.focus(), Focus::Details);
    feed(&mut a, [Event::key(KeyCode::F(8))]);
    let s = screen(&mut a, 80, 24);
    assert!(!s.contains("Standards ·"), "F8 hides it: {s}");
    // In diff mode the view takes the ladder's room.
    let mut a = app("https://example.com\\foo");
    feed(&mut a, [Event::ctrl('d'), Event::key(KeyCode::F(8))]);
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("Standards · WHATWG vs RFC 3986"), "{s}");
    assert!(!s.contains("equal?"), "not the ladder: {s}");
    // Shown again over another input: compared afresh.
    let mut a = app("http://0x7f.1/");
    feed(&mut a, [Event::key(KeyCode::F(8))]);
    let s = screen(&mut a, 100, 30);
    assert!(s.contains("ipv4 7..13"), "{s}");
    assert!(
        s.contains("WHATWG    ✓ http://127.0.0.1/") || s.contains("WHATWG   ✓ http://127.0.0.1/"),
        "{s}"
    );
}

// ----- the command line: parse's url, parse --base, forms, compare, explain --standards

fn idbench(args: &[&str]) -> (Option<i32>, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(args)
        .output()
        .expect("idbench runs");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (_, out) = idbench(args);
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn parse_json_gives_the_url_record_under_whatwg_only() {
    let v = json(&[
        "parse",
        "--profile",
        "whatwg",
        "--format",
        "json",
        "HTTPS://u:p@EXAMPLE.com:443/a/../b?q#f",
    ]);
    let u = &v["url"];
    for (k, want) in [
        ("href", "https://u:p@example.com/b?q#f"),
        ("origin", "https://example.com"),
        ("protocol", "https:"),
        ("username", "u"),
        ("password", "p"),
        ("host", "example.com"),
        ("hostname", "example.com"),
        ("port", ""),
        ("pathname", "/b"),
        ("search", "?q"),
        ("hash", "#f"),
    ] {
        assert_eq!(u[k], want, "{k}: {v}");
    }
    assert_eq!(u["valid_url_string"], false, "credentials: {v}");
    let v = json(&[
        "parse",
        "--profile",
        "whatwg",
        "--format",
        "json",
        "https://a/",
    ]);
    assert_eq!(v["url"]["valid_url_string"], true, "{v}");
    let v = json(&[
        "parse",
        "--profile",
        "whatwg",
        "--format",
        "json",
        "http://[",
    ]);
    assert!(v["url"].is_null() && v.get("url").is_some(), "{v}");
    let v = json(&[
        "parse",
        "--profile",
        "rfc3986",
        "--format",
        "json",
        "http://a/",
    ]);
    assert!(v.get("url").is_none(), "{v}");
}

#[test]
fn parse_base_uses_the_standards_parser_or_resolves_first() {
    let v = json(&[
        "parse",
        "--profile",
        "whatwg",
        "--format",
        "json",
        "--base",
        "http://example.com/a/b",
        "../c\\d?x",
    ]);
    assert_eq!(v["url"]["href"], "http://example.com/c/d?x", "{v}");
    assert_eq!(v["input"], "../c\\d?x", "spans index the input: {v}");
    let (code, _) = idbench(&["parse", "--profile", "whatwg", "../c"]);
    assert_eq!(code, Some(1), "no base: missing-scheme-non-relative-url");
    let v = json(&[
        "parse",
        "--profile",
        "rfc3986",
        "--format",
        "json",
        "--base",
        "http://example.com/a/b",
        "../c?x",
    ]);
    assert_eq!(
        v["input"], "http://example.com/c?x",
        "the target, parsed: {v}"
    );
    assert_eq!(v["valid"], true);
}

#[test]
fn forms_give_href_and_compare_climbs_the_serializations() {
    let (_, out) = idbench(&["forms", "--profile", "whatwg", "HTTP://a:80/x/../b#f"]);
    assert!(out.contains("href              http://a/b#f"), "{out}");
    assert!(out.contains("href_no_fragment  http://a/b\n"), "{out}");
    let v = json(&[
        "compare",
        "--profile",
        "whatwg",
        "--format",
        "json",
        "HTTP://a:80/x/../b#f",
        "http://a/b#f",
    ]);
    assert_eq!(v["equivalent"], true, "{v}");
    let (code, out) = idbench(&[
        "compare",
        "--profile",
        "whatwg",
        "HTTP://a:80/x/../b#f",
        "http://a/b#g",
    ]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("2  the serializations without fragments") && out.contains("yes"),
        "{out}"
    );
    assert!(out.contains("first difference: fragment"), "{out}");
    assert!(out.contains("URL Standard §4.6"), "{out}");
}

#[test]
fn explain_standards_renders_text_markdown_and_json() {
    let input = "https://example.com\\foo";
    let (code, md) = idbench(&["explain", "--standards", input]);
    assert_eq!(code, Some(1), "they part: {md}");
    assert!(
        md.starts_with("# idbench: the URL Standard beside RFC 3986"),
        "{md}"
    );
    assert!(
        md.contains("| URL Standard | accepts | `https://example.com/foo` |"),
        "{md}"
    );
    assert!(md.contains("### 2. backslash at bytes 19..20"), "{md}");
    let (_, text) = idbench(&["explain", "--standards", "--format", "text", input]);
    assert!(text.contains("2. backslash at bytes 19..20:"), "{text}");
    assert!(text.contains("invalid-reverse-solidus"), "{text}");
    let v = json(&["explain", "--standards", "--format", "json", input]);
    assert_eq!(v["divergences"][1]["topic"], "backslash", "{v}");
    let (code, _) = idbench(&["explain", "--standards", "https://example.com/"]);
    assert_eq!(code, Some(0), "they agree");
    // Untrusted text reaches the terminal as visible tokens.
    let (_, text) = idbench(&[
        "explain",
        "--standards",
        "--format",
        "text",
        "http://a/\u{1b}[31m\u{202e}",
    ]);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{202e}'),
        "{text}"
    );
}

// ----- issue 34 item 9: repeated divergences are one entry, and the output stays small

/// 120 KB of "%" after a URL: each "%" parts the two standards the same way (an
/// invalid-URL-unit to the URL Standard, a bad percent-encoding to RFC 3986), and the
/// comparison says so once, with the count and the first and last places, not 120,000
/// times (56 MB of JSON before).
#[test]
fn a_divergence_repeated_120000_times_is_one_entry_and_the_json_stays_small() {
    let n = 120_000;
    let input = format!("http://a/{}", "%".repeat(n));
    let (code, out) = idbench(&["explain", "--standards", "--format", "json", &input]);
    assert_eq!(code, Some(1), "they part");
    // The input is in the JSON four times (the input, the URL Standard's href, and the
    // verdict divergence's text and reading); the divergences add a few KiB at most.
    assert!(
        out.len() <= 4 * input.len() + 64 * 1024,
        "{} bytes of JSON for {} bytes of input",
        out.len(),
        input.len()
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let ds = v["divergences"].as_array().expect("divergences");
    assert!(ds.len() <= 3, "{} entries", ds.len());
    let pct = ds.iter().find(|d| d["count"] == n).unwrap_or_else(|| {
        panic!(
            "no entry of count {n}: {:?}",
            ds.iter()
                .map(|d| (&d["topic"], &d["count"]))
                .collect::<Vec<_>>()
        )
    });
    assert_eq!(pct["span"], serde_json::json!([9, 10]));
    assert_eq!(pct["text"], "%");
    let places = pct["places"].as_array().expect("places");
    assert_eq!(places.len(), 2 * standards::PLACES_KEPT);
    assert_eq!(places[0], serde_json::json!([9, 10]));
    assert_eq!(places[places.len() - 1], serde_json::json!([n + 8, n + 9]));
    // One place: no "places" key, count 1.
    let v = json(&[
        "explain",
        "--standards",
        "--format",
        "json",
        "https://example.com\\foo",
    ]);
    assert_eq!(v["divergences"][1]["count"], 1);
    assert!(v["divergences"][1].get("places").is_none(), "{v}");
}

/// The text report and the sentence say how many places a repeated divergence has, and
/// where the first and last are.
#[test]
fn the_report_and_the_sentence_say_a_repeated_divergences_count_and_places() {
    let input = format!("http://a/{}", "../".repeat(40));
    let s = standards::compare(&input);
    let d = s
        .divergences
        .iter()
        .find(|d| d.topic == Topic::DotSegment)
        .unwrap_or_else(|| panic!("{:#?}", s.divergences));
    assert_eq!(d.count, 40);
    assert!(
        d.sentence()
            .starts_with("`..` at bytes 9..11 (and 39 more places): WHATWG applies"),
        "{}",
        d.sentence()
    );
    let (_, text) = idbench(&["explain", "--standards", "--format", "text", &input]);
    assert!(
        text.contains("The same at 40 places: 9..11, 12..14, 15..17, 18..20, …, 117..119,"),
        "{text}"
    );
    assert_eq!(text.matches("dot-segment at bytes").count(), 1, "{text}");
}
