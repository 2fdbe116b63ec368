//! The `parse` and `check` commands, end to end.

use std::process::Stdio;

mod support;
use support::cli::{idbench, run};

fn run_with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = run(args, stdin);
    (out.code.unwrap_or(-1), out.text(), out.stderr)
}

#[test]
fn parse_json_has_the_documented_shape() {
    let out = idbench()
        .args(["parse", "--format", "json", "urn:isbn:0451450523"])
        .output()
        .expect("run");
    let line = String::from_utf8(out.stdout).expect("utf8");
    let v: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON object");
    for key in [
        "input",
        "profile",
        "profile_reason",
        "valid",
        "tree",
        "diagnostics",
    ] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    assert_eq!(v["input"], "urn:isbn:0451450523");
    let tree = &v["tree"];
    for key in ["kind", "rule", "start", "end", "text", "attrs", "children"] {
        assert!(tree.get(key).is_some(), "tree lacks {key}");
    }
    assert_eq!(tree["start"], 0);
    assert_eq!(tree["end"], 19);
}

#[test]
fn parse_reads_stdin_one_id_per_line_and_prints_json_lines() {
    let (code, out, _) = run_with_stdin(&["parse", "-f", "json", "-"], b"urn:a:b\nhttp://x/\n");
    assert!(code == 0 || code == 1);
    assert_eq!(out.lines().count(), 2);
}

#[test]
fn parse_text_escapes_control_characters() {
    let out = idbench()
        .args(["parse", "http://a/\u{1b}[2Jb"])
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains('\u{1b}'),
        "raw ESC reached the terminal: {text:?}"
    );
    assert!(text.contains("⟨U+001B⟩"));
}

#[test]
fn check_reports_each_line_and_a_summary() {
    let input = b"http://example.com/\nhttp://exa mple.com/\n\xff\xfe\n";
    let (code, out, err) = run_with_stdin(&["check", "--profile", "rfc3986"], input);
    assert_eq!(code, 1, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("valid\trfc3986\thttp://example.com/"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("invalid\trfc3986\t"), "{}", lines[1]);
    assert!(
        lines[2].starts_with("invalid\t") && lines[2].ends_with("\tnot-utf8"),
        "{}",
        lines[2]
    );
    assert_eq!(err.trim(), "1 valid, 2 invalid");
}

#[test]
fn check_quiet_prints_only_the_summary_and_exit_0_when_all_valid() {
    let (code, out, err) = run_with_stdin(
        &["check", "-q", "--profile", "rfc3986"],
        b"http://a/\nmailto:x@y\n",
    );
    assert_eq!(code, 0);
    assert!(out.is_empty());
    assert_eq!(err.trim(), "2 valid, 0 invalid");
}

#[test]
fn usage_errors_exit_2() {
    let out = idbench()
        .args(["check", "--profile", "nope"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let out = idbench()
        .args(["check", "/no/such/file"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn forms_json_has_the_documented_keys_and_reads_stdin() {
    let (code, out, _) = run_with_stdin(
        &["forms", "--format", "json", "-"],
        b"xri://@example/(xri://@example2/abc?id=1)\nHTTP://Example.com:80\n",
    );
    assert_eq!(code, 0, "{out}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 2);
    let xri = &lines[0];
    assert_eq!(xri["profile"], "xri2");
    assert_eq!(
        xri["forms"]["iri_normal"],
        "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)"
    );
    assert!(xri["forms"].get("canonical_scheme").is_none());
    assert!(xri["diagnostics"].is_array());
    let uri = &lines[1];
    assert_eq!(uri["forms"]["canonical"], "http://example.com:80");
    assert_eq!(uri["forms"]["canonical_scheme"], "http://example.com/");
    assert!(uri["forms"].get("xri_normal").is_none());
}

#[test]
fn forms_exit_1_on_an_invalid_input() {
    let out = idbench()
        .args(["forms", "--profile", "rfc2141", "urn:isbn"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("nss-missing"));
}

#[test]
fn resolve_text_keeps_one_line_per_reference_and_puts_warnings_and_notes_on_stderr() {
    // `..//g` against `f:/a` gives `f://g` with the §3.3 warning; `g` gives `f:/g` cleanly;
    // a reference with a bidi control is named on stderr through safe_text.
    let (code, out, err) = run_with_stdin(
        &["resolve", "--profile", "rfc3986", "f:/a", "-"],
        "..//g\ng\n..//\u{202E}x\n".as_bytes(),
    );
    assert_eq!(code, 1, "the third does not resolve: {err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "f:/.//g");
    assert_eq!(lines[1], "f:/g");
    assert!(lines[2].starts_with("error\t"), "{out}");
    assert!(err.contains("reference 1 ..//g:"), "{err}");
    assert!(
        err.contains("note[resolve-path-looks-like-authority]"),
        "{err}"
    );
    assert!(err.contains("RFC 3986 §5.2.4, §5.3, §3.3"), "{err}");
    assert!(
        !err.contains("reference 2 "),
        "a clean reference adds nothing: {err}"
    );
    assert!(err.contains("reference 3 ..//⟨U+202E⟩x:"), "{err}");
    assert!(!err.contains('\u{202E}'), "{err}");
}

#[test]
fn resolve_text_shows_notes_on_stderr() {
    let (code, out, err) = run_with_stdin(
        &["resolve", "--profile", "xri2", "xri://@a/b/c", "-"],
        b"%2E%2E/d\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(err.contains("reference 1 %2E%2E/d:"), "{err}");
    assert!(err.contains("note[resolve-encoded-dot-segment]"), "{err}");
}

#[test]
fn compare_explain_and_tui_share_the_comparison_flags() {
    // An xri2 side written in IRI-normal form is brought back first (XRI Syntax 2.0 §2.5.2):
    // `compare` takes the same --b-form as `explain --with` and the workbench.
    let (a, b) = ("xri://@a/(xri://@b/c)", "xri://@a/(xri:%2F%2F@b%2Fc)");
    let (code, out, _) = run_with_stdin(
        &["compare", "--profile", "xri2", "--b-form", "iri", a, b],
        b"",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("equivalent under xri2"), "{out}");
    let (code, _, _) = run_with_stdin(&["compare", "--profile", "xri2", a, b], b"");
    assert_eq!(code, 1, "as typed, the IRI-normal side differs");
    let (code, out, _) = run_with_stdin(
        &[
            "explain",
            a,
            "--with",
            b,
            "--profile",
            "xri2",
            "--b-form",
            "iri",
            "--format",
            "text",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}");
}

/// `explain` and `tui` read one set of view arguments: `--with` and `--base` exclude each
/// other in both (the workbench's base line works on one input), and both take `--profile`
/// and the compare flags.
#[test]
fn explain_and_tui_share_their_view_arguments() {
    for args in [
        &["explain", "a", "--with", "b", "--base", "c"][..],
        &["tui", "a", "--with", "b", "--base", "c"],
        &["a", "--with", "b", "--base", "c"],
    ] {
        let out = idbench()
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot be used with"), "{args:?}: {err}");
    }
    for sub in ["explain", "tui"] {
        let out = idbench().args([sub, "--help"]).output().expect("run");
        let help = String::from_utf8_lossy(&out.stdout);
        for flag in [
            "--with",
            "--base",
            "--profile",
            "--objective",
            "--ignore-dollar",
            "--a-form",
            "--b-form",
        ] {
            assert!(help.contains(flag), "{sub} --help names {flag}");
        }
    }
}

fn forms_json(args: &[&str]) -> serde_json::Value {
    let out = idbench().args(args).output().expect("run");
    let line = String::from_utf8(out.stdout).expect("utf8");
    serde_json::from_str(line.trim()).expect("one JSON object")
}

/// `forms --from uri` shows the URI to IRI step (RFC 3987 §3.2): every decoded run and every
/// note on what stayed encoded and why, spans indexing the URI as given; `--from iri` has no
/// such step.
#[test]
fn forms_from_uri_shows_what_the_uri_to_iri_step_decoded_and_kept() {
    let uri = "xri://@a/%E4%BD%A0b%C3%A9%E2%80%AE?q=%EE%80%80%41";
    let v = forms_json(&["forms", "--from", "uri", "-f", "json", uri]);
    assert_eq!(v["original"], uri);
    let step = &v["uri_to_iri"];
    let decoded = step["decoded"].as_array().expect("decoded");
    let runs: Vec<(u64, u64, &str)> = decoded
        .iter()
        .map(|d| {
            (
                d["start"].as_u64().expect("start"),
                d["end"].as_u64().expect("end"),
                d["char"].as_str().expect("char"),
            )
        })
        .collect();
    // RFC 3987 §3.2 step 2 decodes unreserved US-ASCII ("%41"), and §2.2 allows iprivate
    // in the query, so both are decoded there.
    assert_eq!(
        runs,
        [
            (9, 18, "你"),
            (19, 25, "é"),
            (37, 46, "\u{E000}"),
            (46, 49, "A")
        ]
    );
    // Replacing each decoded run by its character gives the IRI the conversion read.
    let mut rebuilt = String::new();
    let mut last = 0;
    for (s, e, c) in &runs {
        rebuilt.push_str(&uri[last..*s as usize]);
        rebuilt.push_str(c);
        last = *e as usize;
    }
    rebuilt.push_str(&uri[last..]);
    assert_eq!(v["iri_normal_input"], rebuilt.as_str());
    // The bidi control stays encoded, with a note saying why, at its bytes in the URI.
    let notes = step["diagnostics"].as_array().expect("diagnostics");
    let bidi = notes
        .iter()
        .find(|d| d["start"] == 25)
        .unwrap_or_else(|| panic!("a note on %E2%80%AE in {notes:?}"));
    assert_eq!(bidi["code"], "iri-kept-encoded");
    assert_eq!(bidi["end"], 34);
    assert_eq!(bidi["spec"], "RFC 3987 §3.2");
    assert!(
        bidi["message"].as_str().expect("message").contains("bidi"),
        "{bidi}"
    );
    for d in notes {
        let (s, e) = (
            d["start"].as_u64().expect("start") as usize,
            d["end"].as_u64().expect("end") as usize,
        );
        assert!(uri[s..e].starts_with('%'), "{d} indexes the URI");
    }

    // Text: the same runs and notes, carets under the URI, nothing raw.
    let out = idbench()
        .args(["forms", "--from", "uri", uri])
        .output()
        .expect("run");
    let text = String::from_utf8(out.stdout).expect("utf8");
    assert!(
        text.contains(
            "URI to IRI (RFC 3987 §3.2): decoded %E4%BD%A0 as 你 (bytes 9..18); \
             %C3%A9 as é (bytes 19..25)"
        ),
        "{text}"
    );
    assert!(text.contains("note[iri-kept-encoded]"), "{text}");
    assert!(text.contains("--> 25..34 (RFC 3987 §3.2)"), "{text}");
    assert!(text.contains(&format!("  | {uri}")), "{text}");
    assert!(!text.contains('\u{202e}'), "{text}");

    // Nothing to decode is said so; `--from iri` has no URI step.
    let out = idbench()
        .args(["forms", "--from", "uri", "xri://@a/b"])
        .output()
        .expect("run");
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("URI to IRI (RFC 3987 §3.2): nothing decoded")
    );
    let v = forms_json(&["forms", "--from", "iri", "-f", "json", "xri://@a/b"]);
    assert!(v.get("uri_to_iri").is_none(), "{v}");
    let out = idbench()
        .args(["forms", "--from", "iri", "xri://@a/b"])
        .output()
        .expect("run");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("URI to IRI"));
}

/// The crate is dual-licensed, and both licence texts ship in the package: `license` says
/// `MIT OR Apache-2.0`, the two files exist with their standard texts, and the package's
/// `include` list names them (`cargo package --list` then lists them).
#[test]
fn both_licence_texts_exist_and_are_packaged() {
    let root = env!("CARGO_MANIFEST_DIR");
    let manifest: toml::Table = std::fs::read_to_string(format!("{root}/Cargo.toml"))
        .expect("Cargo.toml")
        .parse()
        .expect("valid TOML");
    let package = manifest["package"].as_table().expect("[package]");
    assert_eq!(package["license"].as_str(), Some("MIT OR Apache-2.0"));
    assert!(
        !package.contains_key("license-file"),
        "an SPDX expression, not a file"
    );
    let include: Vec<&str> = package["include"]
        .as_array()
        .expect("include")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    for (file, marker) in [
        (
            "LICENSE-MIT",
            "Permission is hereby granted, free of charge",
        ),
        (
            "LICENSE-APACHE",
            "Apache License\n                           Version 2.0, January 2004",
        ),
    ] {
        let text = std::fs::read_to_string(format!("{root}/{file}")).expect(file);
        assert!(text.contains(marker), "{file} holds the standard text");
        assert!(
            include.contains(&format!("/{file}").as_str()),
            "{file} is packaged"
        );
    }
    let apache = std::fs::read_to_string(format!("{root}/LICENSE-APACHE")).expect("apache");
    assert!(
        apache.contains("END OF TERMS AND CONDITIONS"),
        "the whole text"
    );
}

#[test]
fn a_run_of_the_same_error_is_reported_once_with_its_count() {
    let text = idbench().args(["parse", "%%%%"]).output().expect("run");
    let text = String::from_utf8(text.stdout).expect("utf8");
    assert_eq!(text.matches("error[pct-invalid]").count(), 1, "{text}");
    assert!(text.contains("--> 0..4"), "{text}");
    assert!(
        text.contains("= found 4 times in a row, over bytes 0..4"),
        "{text}"
    );
    let json = idbench()
        .args(["parse", "-f", "json", "%%%%"])
        .output()
        .expect("run");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    let d = &v["diagnostics"];
    assert_eq!(d.as_array().map(Vec::len), Some(1), "{d}");
    assert_eq!(d[0]["count"], 4);
    assert_eq!(
        (d[0]["start"].as_u64(), d[0]["end"].as_u64()),
        (Some(0), Some(4))
    );
    // Different messages (what follows each "%") stay apart, and a single error counts 1.
    let json = idbench()
        .args(["parse", "-f", "json", "%zz%qq"])
        .output()
        .expect("run");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    let counts: Vec<_> = v["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["code"] == "pct-invalid")
        .map(|d| d["count"].as_u64())
        .collect();
    assert_eq!(counts, [Some(1), Some(1)]);
}

#[test]
fn shared_options_before_the_command_are_the_commands() {
    let before = run(
        &["--profile", "rfc3986", "-f", "json", "parse", "http://a/"],
        b"",
    );
    let after = run(
        &["parse", "--profile", "rfc3986", "-f", "json", "http://a/"],
        b"",
    );
    assert_eq!(before.code, Some(0), "{}", before.stderr);
    assert_eq!(before.text(), after.text());
    let v: serde_json::Value = serde_json::from_str(before.text().trim()).expect("JSON");
    assert_eq!(v["profile"], "rfc3986");
    // The same for a command with its own options after the identifiers.
    let cmp = run(
        &["--format=json", "compare", "http://a/b", "HTTP://A/b"],
        b"",
    );
    assert_eq!(cmp.code, Some(0), "{}", cmp.stderr);
    let v: serde_json::Value = serde_json::from_str(cmp.text().trim()).expect("JSON");
    assert_eq!(v["equivalent"], true);
}

#[test]
fn compare_json_gives_the_steps_it_is_equal_from_and_parts_at() {
    let j = |a: &str, b: &str| -> serde_json::Value {
        let o = run(&["compare", "--format", "json", a, b], b"");
        serde_json::from_str(o.text().trim()).expect("one JSON object")
    };
    let eq = j("http://a/b", "HTTP://A/b");
    assert_eq!(eq["equal_from"], 2, "{eq}");
    assert!(eq["parted_at"].is_null(), "{eq}");
    let same = j("http://a/b", "http://a/b");
    assert_eq!(same["equal_from"], 1, "{same}");
    let ne = j("http://a/b", "http://a/c");
    assert!(ne["equal_from"].is_null(), "{ne}");
    let steps = ne["steps"].as_array().map_or(0, Vec::len);
    assert!(steps > 0);
    assert_eq!(ne["parted_at"], steps, "{ne}");
}

fn help(args: &[&str]) -> String {
    let o = run(args, b"");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    o.text()
}

#[test]
fn compare_help_says_when_stderr_has_something() {
    // Valid sides with their own warning and note: nothing on stderr, as the help says.
    let o = run(&["compare", "URN:foo:a123,456", "urn:FOO:a123%2c456"], b"");
    assert_eq!(o.code, Some(1));
    assert_eq!(o.stderr, "");
    let h = help(&["compare", "--help"]);
    assert!(!h.contains("carets; diagnostics on\nstderr"), "{h}");
    assert!(
        h.contains("a valid side's own warnings and notes are not repeated"),
        "{h}"
    );
    // A side that does not parse: its errors are there.
    let o = run(&["compare", "http://a b/", "http://a/"], b"");
    assert!(o.stderr.contains("illegal-char"), "{}", o.stderr);
}

#[test]
fn explain_and_rule_help_speak_of_themselves_not_of_the_workbench() {
    let h = help(&["explain", "--help"]);
    assert!(!h.contains("workbench"), "{h}");
    assert!(h.contains("the report opens with the verdict"), "{h}");
    let h = help(&["rule", "--help"]);
    assert!(!h.contains("pick the profile from the input"), "{h}");
    assert!(!h.contains("One JSON object per line"), "{h}");
    assert!(h.contains("looks in every profile's"), "{h}");
}

#[test]
fn check_skips_blank_lines_and_keeps_one_output_line_per_input_line() {
    // Enough lines for several chunks, so --jobs > 1 judges them on several threads.
    let mut input = String::new();
    for i in 0..60_000 {
        match i % 3 {
            0 => input.push_str("urn:example:a\n"),
            1 => input.push('\n'),
            _ => input.push_str("http://a b/\r\n"),
        }
    }
    input.push_str("\r\n");
    let lines = 60_001;
    for jobs in ["1", "4"] {
        let o = run(
            &["check", "--format", "json", "--jobs", jobs],
            input.as_bytes(),
        );
        assert_eq!(o.code, Some(1), "{}", o.stderr);
        let out = o.text();
        let mut n = 0;
        for (i, l) in out.lines().enumerate() {
            let v: serde_json::Value = serde_json::from_str(l).expect("each line a JSON object");
            assert_eq!(v["line"], i + 1, "in order: {l}");
            if i % 3 == 1 || i + 1 == lines {
                assert_eq!(v["input"], "", "{l}");
                assert!(v["valid"].is_null(), "{l}");
                assert_eq!(v["skipped"], "blank", "{l}");
            } else {
                assert!(v["valid"].is_boolean() && v.get("skipped").is_none(), "{l}");
            }
            n += 1;
        }
        assert_eq!(
            n, lines,
            "one object per input line, nothing else on stdout"
        );
        assert!(
            o.stderr
                .contains("20000 valid, 20000 invalid, 20001 blank lines skipped"),
            "{}",
            o.stderr
        );
    }
    let o = run(
        &["check", "--profile", "rfc3986"],
        b"http://a/\n\nhttp://b/\n",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(
        o.text(),
        "valid\trfc3986\thttp://a/\nskipped\trfc3986\t\nvalid\trfc3986\thttp://b/\n"
    );
    assert!(
        o.stderr
            .contains("2 valid, 0 invalid, 1 blank line skipped"),
        "{}",
        o.stderr
    );
}

#[test]
fn parse_json_gives_flat_components_null_where_absent() {
    const FIELDS: [&str; 13] = [
        "scheme",
        "userinfo",
        "host",
        "port",
        "path",
        "query",
        "fragment",
        "nid",
        "nss",
        "r_component",
        "q_component",
        "f_component",
        "xri_authority",
    ];
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            "http://u@a.example:8080/p/q?x=1#f",
            &[
                ("scheme", "http"),
                ("userinfo", "u"),
                ("host", "a.example"),
                ("port", "8080"),
                ("path", "/p/q"),
                ("query", "x=1"),
                ("fragment", "f"),
            ],
        ),
        (
            "http://ü.example/ä?ö#é",
            &[
                ("scheme", "http"),
                ("host", "ü.example"),
                ("path", "/ä"),
                ("query", "ö"),
                ("fragment", "é"),
            ],
        ),
        (
            "http://a/?",
            &[
                ("scheme", "http"),
                ("host", "a"),
                ("path", "/"),
                ("query", ""),
            ],
        ),
        (
            "urn:example:a123?+r1?=q1#f1",
            &[
                ("scheme", "urn"),
                ("nid", "example"),
                ("nss", "a123"),
                ("r_component", "r1"),
                ("q_component", "q1"),
                ("f_component", "f1"),
            ],
        ),
        (
            "xri://@example*(=a*b)/(+c)?q#f",
            &[
                ("scheme", "xri"),
                ("xri_authority", "@example*(=a*b)"),
                ("path", "/(+c)"),
                ("query", "q"),
                ("fragment", "f"),
            ],
        ),
    ];
    for (input, want) in cases {
        let o = run(&["parse", "--format", "json", input], b"");
        let v: serde_json::Value = serde_json::from_str(o.text().trim()).expect("JSON");
        let c = v["components"].as_object().expect("components object");
        assert_eq!(c.len(), FIELDS.len(), "{input}: {v}");
        for f in FIELDS {
            let expected = want.iter().find(|(k, _)| *k == f).map(|(_, t)| *t);
            match expected {
                Some(t) => assert_eq!(c[f], t, "{input}: {f}"),
                None => assert!(c[f].is_null(), "{input}: {f} is {}", c[f]),
            }
        }
    }
}

/// Every top-level option may come before the command (issue 26 item 13): `--no-namespace`,
/// the comparison flags and `--base` as well as `--profile` and `--format`; an option the
/// command does not take is refused by the command, naming it.
#[test]
fn top_level_options_before_a_command_reach_it() {
    let uuid_a = "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6";
    let uuid_b = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6";
    let (code, out, err) = run_with_stdin(&["compare", uuid_a, uuid_b], b"");
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run_with_stdin(&["--no-namespace", "compare", uuid_a, uuid_b], b"");
    assert_eq!(code, 1, "the URN spec alone tells them apart: {out}{err}");
    let (code, out, err) = run_with_stdin(
        &[
            "--no-namespace",
            "--format",
            "json",
            "parse",
            "urn:isbn:0451450523",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"namespace\":null"), "{out}");
    let (code, out, err) = run_with_stdin(
        &[
            "--objective",
            "cache",
            "compare",
            "urn:a:b?=x",
            "urn:a:b?=y",
        ],
        b"",
    );
    assert!(code <= 1 && err.is_empty(), "{code} {out} {err}");
    let (code, out, err) = run_with_stdin(
        &[
            "--base",
            "http://a/b/c/d;p?q",
            "--format",
            "json",
            "parse",
            "../g",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("http://a/b/g"), "{out}");
    let (code, _, err) = run_with_stdin(&["--theme", "light", "parse", "http://a/"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("--theme"), "{err}");
    assert!(!err.contains("subcommand"), "{err}");
}

/// `resolve` takes its base as its first argument or, as `parse` does, as `--base` (also
/// before the command): the three give the same lines; with no reference it says what to give.
#[test]
fn resolve_takes_the_base_as_an_argument_or_as_base() {
    let base = "http://a/b/c/d;p?q";
    let (code, first, err) = run_with_stdin(&["resolve", base, "../g", "g;x?y#s"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        first.contains("http://a/b/g") && first.contains("http://a/b/c/g;x?y#s"),
        "{first}"
    );
    let (code, out, err) = run_with_stdin(&["resolve", "--base", base, "../g", "g;x?y#s"], b"");
    assert_eq!((code, out.as_str()), (0, first.as_str()), "{err}");
    let (code, out, err) = run_with_stdin(&["--base", base, "resolve", "../g", "g;x?y#s"], b"");
    assert_eq!((code, out.as_str()), (0, first.as_str()), "{err}");
    let (code, out, err) = run_with_stdin(&["resolve", "--base", base, "-"], b"../g\ng;x?y#s\n");
    assert_eq!((code, out.as_str()), (0, first.as_str()), "{err}");
    let (code, out, err) = run_with_stdin(&["resolve", base], b"");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("no reference to resolve"), "{err}");
    assert!(out.is_empty(), "{out}");
}
