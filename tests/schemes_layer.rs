//! The URI scheme layer in every answer (issue 39): it never changes the generic verdict,
//! `check --schemes` gives the same findings as `analyze`'s layer, and the faces (`parse`,
//! `forms` JSON, `compare`) answer for the scheme beside the generic spec.

mod support;

use idbench::engine::{Options, Profile, Severity, Status, analyze};
use serde_json::Value;

/// `idbench args` with `stdin` fed on a thread: (exit code, stdout, stderr).
fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let out = support::cli::run(args, stdin.unwrap_or_default().as_bytes());
    (out.code.unwrap_or(-1), out.text(), out.stderr)
}

/// Every input of the corpora the tests use: the identifier sets, the validate sample, the
/// URL Standard's test data, the benchmark's mixed URL generator's kinds by hand.
fn corpus() -> Vec<String> {
    let mut inputs: Vec<String> = Vec::new();
    for dir in ["examples/ids", "tests/data", "tests/data/whatwg"] {
        let Ok(rd) = std::fs::read_dir(dir) else {
            continue;
        };
        for e in rd.flatten() {
            let Ok(text) = std::fs::read_to_string(e.path()) else {
                continue;
            };
            if text.len() > 2_000_000 {
                continue;
            }
            for line in text.lines() {
                if line.starts_with('#') || line.starts_with('@') || line.starts_with("==") {
                    continue;
                }
                for word in line.split(['\t', '"']) {
                    let w = word.trim();
                    if !w.is_empty() && w.len() < 512 && w.contains(':') {
                        inputs.push(w.to_string());
                    }
                }
            }
        }
    }
    inputs.extend(
        [
            "http:///a",
            "https://u:p@h/",
            "mailto:a@b@c",
            "mailto:%22not%40me%22@example.org",
            "tel:+1-201-555-0123",
            "tel:7042",
            "geo:90,-22.43;crs=WGS84",
            "coap://h:5683",
            "fax:+1",
            "foo:bar",
            "HTTP://EXAMPLE.COM:80",
            "mailto:j\u{f6}rg@b\u{fc}cher.example",
            "http://[::1",
            "http://a b/",
        ]
        .map(String::from),
    );
    inputs.sort();
    inputs.dedup();
    inputs
}

/// A scheme never changes the generic spec's verdict: over every corpus, `valid`,
/// `first_error`, every profile's verdict and auto's choice are the same with the layer
/// and without it, and the layer adds no error.
#[test]
fn the_layer_never_changes_the_generic_verdict() {
    let inputs = corpus();
    assert!(inputs.len() > 500, "{} inputs", inputs.len());
    let mut layered = 0;
    for input in &inputs {
        for profile in [None, Some(Profile::Rfc3986), Some(Profile::Rfc3987)] {
            let with = analyze(
                input,
                &Options {
                    profile,
                    ..Options::full()
                },
            );
            let without = analyze(
                input,
                &Options {
                    profile,
                    scheme_spec: false,
                    ..Options::full()
                },
            );
            layered += usize::from(with.scheme_spec.is_some());
            assert!(without.scheme_spec.is_none());
            assert_eq!(with.profile, without.profile, "{input}");
            assert_eq!(with.valid(), without.valid(), "{input} {profile:?}");
            assert_eq!(
                with.first_error().map(|d| (d.code, d.span)),
                without.first_error().map(|d| (d.code, d.span)),
                "{input}"
            );
            let statuses = |a: &idbench::engine::Analysis| -> Vec<Status> {
                a.verdicts.iter().map(|v| v.status.clone()).collect()
            };
            assert_eq!(statuses(&with), statuses(&without), "{input}");
            let errors = |a: &idbench::engine::Analysis| {
                a.diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .count()
            };
            assert_eq!(errors(&with), errors(&without), "{input}");
        }
    }
    assert!(layered > 300, "the layer ran on {layered} analyses");
}

/// `check --schemes` gives each line the findings `analyze`'s layer gives (the same codes
/// at the same bytes), and plain `check` gives none and the same verdicts.
#[test]
fn check_schemes_agrees_with_the_layer_and_never_changes_the_verdict() {
    let inputs: Vec<String> = corpus()
        .into_iter()
        .filter(|s| !s.contains(['\n', '\r']) && !s.trim().is_empty() && s.trim() == s)
        .collect();
    let text = inputs.join("\n") + "\n";
    let (_, plain, _) = run(
        &["check", "--format", "json", "--jobs", "1", "-"],
        Some(&text),
    );
    let (_, with, _) = run(
        &["check", "--schemes", "--format", "json", "--jobs", "1", "-"],
        Some(&text),
    );
    let plain: Vec<Value> = plain
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
        .collect();
    let with: Vec<Value> = with
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
        .collect();
    assert_eq!(plain.len(), with.len());
    let mut compared = 0;
    for (p, w) in plain.iter().zip(&with) {
        assert_eq!(p["valid"], w["valid"], "{w}");
        assert_eq!(p["first_error"], w["first_error"], "{w}");
        assert_eq!(p["profile"], w["profile"], "{w}");
        assert!(p.get("scheme_spec").is_none());
        let Some(s) = w.get("scheme_spec") else {
            continue;
        };
        let input = w["input"].as_str().unwrap_or("");
        let profile: Profile = w["profile"]
            .as_str()
            .unwrap_or("")
            .parse()
            .expect("profile");
        let a = analyze(
            input,
            &Options {
                profile: Some(profile),
                ..Options::full()
            },
        );
        let sa = a.scheme_spec.as_ref().expect("the layer ran");
        let got: Vec<(String, u64, u64)> = s["findings"]
            .as_array()
            .map(|f| {
                f.iter()
                    .map(|x| {
                        (
                            x["code"].as_str().unwrap_or("").to_string(),
                            x["start"].as_u64().unwrap_or(0),
                            x["end"].as_u64().unwrap_or(0),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let want: Vec<(String, u64, u64)> = sa
            .diagnostics
            .iter()
            .map(|d| {
                (
                    d.code.as_str().to_string(),
                    d.span.start as u64,
                    d.span.end as u64,
                )
            })
            .collect();
        assert_eq!(got, want, "{input}");
        assert_eq!(s["valid"], serde_json::json!(sa.valid), "{input}");
        compared += 1;
    }
    assert!(compared > 100, "{compared}");
}

/// `parse --format json` carries `scheme_spec` (null without the layer or a scheme); the
/// text output has its one line.
#[test]
fn parse_json_and_text_carry_the_scheme_spec() {
    let (_, out, _) = run(&["parse", "--format", "json", "mailto:a@b@c"], None);
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    let s = &v["scheme_spec"];
    assert_eq!(s["scheme"], "mailto");
    assert_eq!(s["registered"], true);
    assert_eq!(s["status"], "permanent");
    assert_eq!(s["reference"], "RFC 6068");
    assert_eq!(s["valid"], false);
    assert_eq!(s["document"], "RFC 6068");
    assert_eq!(s["section"], "RFC 6068 §2");
    assert_eq!(s["findings"][0]["code"], "scheme-syntax-invalid");
    assert_eq!(s["canonical"], Value::Null);
    assert_eq!(v["valid"], true);
    let (_, out, _) = run(
        &[
            "parse",
            "--no-scheme-spec",
            "--format",
            "json",
            "mailto:a@b@c",
        ],
        None,
    );
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["scheme_spec"], Value::Null);
    assert_eq!(v["valid"], true);
    let (_, out, _) = run(&["parse", "--format", "json", "urn:isbn:0451450523"], None);
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(
        v["scheme_spec"],
        Value::Null,
        "urn hands over to the namespace"
    );
    let (_, out, _) = run(&["parse", "http:///a"], None);
    assert!(
        out.contains("scheme http: invalid by RFC 9110 §4.2.1 (http); permanent scheme (RFC 9110)"),
        "{out}"
    );
    let (_, out, _) = run(&["forms", "--format", "json", "tel:+1-201-555-0123"], None);
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["scheme_spec"]["canonical"], "tel:+12015550123");
    assert_eq!(v["scheme_spec"]["steps"][0]["spec"], "RFC 3966 §5.1.1");
    assert_eq!(v["forms"]["canonical_scheme"], "tel:+12015550123");
}

/// Each spec's own equivalence examples are equivalent in the ladder, at the scheme's
/// step, and not without the layer.
#[test]
fn the_specs_equivalence_examples_are_equivalent_at_their_step() {
    for (a, b, spec) in [
        ("tel:+1-201-555-0123", "tel:+12015550123", "RFC 3966 §5.1.1"),
        ("geo:90,-22.43;crs=WGS84", "geo:90,46", "RFC 5870 §3.4.4"),
        (
            "coap://example.net:5683/",
            "coap://example.net/",
            "RFC 7252 §6.1",
        ),
    ] {
        let (code, out, err) = run(&["compare", "--format", "json", a, b], None);
        assert_eq!(code, 0, "{a} {b}: {out}{err}");
        let v: Value = serde_json::from_str(out.trim()).expect("json");
        let steps = v["steps"].as_array().cloned().unwrap_or_default();
        let last = steps.last().expect("steps");
        assert_eq!(last["spec"], spec, "{v}");
        assert_eq!(last["equal"], true);
        let (code, _, _) = run(&["compare", "--no-scheme-spec", a, b], None);
        assert_eq!(code, 1, "{a} {b} without the layer");
    }
    // http's default port is already RFC 3986 §6.2.3's own example.
    let (code, _, _) = run(
        &["compare", "http://example.com:80/", "http://example.com"],
        None,
    );
    assert_eq!(code, 0);
}

/// The view's layer switch: its query and command-line forms, and the badge naming it.
#[test]
fn the_view_names_the_scheme_layer() {
    let v = idbench::view::View {
        a: "http://a/".into(),
        layers: idbench::view::Layers {
            schemes: false,
            ..Default::default()
        },
        ..Default::default()
    };
    assert!(v.to_query().contains("schemes=0"), "{}", v.to_query());
    assert!(v.to_args().iter().any(|a| a == "--no-scheme-spec"));
    assert_eq!(v.layers.badge().as_deref(), Some("layers off: URI schemes"));
    let back = idbench::view::View::from_query(&v.to_query()).expect("query");
    assert!(!back.layers.schemes);
    assert!(back.layers.namespaces);
}

/// The scheme grammar's structure is grafted under the path whatever its shape: a `pkg:`
/// URL's path has several segments, and its purl nodes (type, namespace, name, version)
/// come under the path after them; `parse` shows them; the tree stays well formed (each
/// node inside its parent, depths one more than the parent's). A one-segment path
/// (`mailto:`'s) keeps them under its segment.
#[test]
fn the_scheme_structure_is_grafted_under_a_path_of_several_segments() {
    let input = "pkg:maven/org.apache.commons/io@1.3.4?classifier=x";
    let a = analyze(input, &Options::full());
    let path = a
        .tree
        .iter()
        .find(|n| n.kind() == idbench::engine::NodeKind::Path)
        .expect("path");
    let kids: Vec<(&str, &str)> = path
        .children()
        .map(|c| (c.rule(), &input[c.span().start..c.span().end]))
        .collect();
    assert_eq!(
        kids,
        [
            ("segment-nz", "maven"),
            ("segment", "org.apache.commons"),
            ("segment", "io@1.3.4"),
            ("type", "maven"),
            ("namespace", "org.apache.commons"),
            ("name", "io"),
            ("version", "1.3.4"),
        ]
    );
    for n in a.tree.iter().skip(1) {
        let p = n.parent().expect("parent");
        assert!(
            p.span().start <= n.span().start && n.span().end <= p.span().end,
            "{n:?} outside {p:?}"
        );
        assert_eq!(n.depth(), p.depth() + 1, "{n:?}");
    }
    // The nodes after the path's subtree (query) keep their place and parent.
    let q = a
        .tree
        .iter()
        .find(|n| n.kind() == idbench::engine::NodeKind::Query)
        .expect("query");
    assert_eq!(q.parent().map(|p| p.index()), Some(0));
    let (code, out, err) = run(&["parse", input], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("scheme-part [namespace] 10..28"), "{out}");
    assert!(out.contains("scheme-part [version] 32..37"), "{out}");
    // Without the layer, no graft.
    let (_, out, _) = run(&["parse", "--no-scheme-spec", input], None);
    assert!(!out.contains("[namespace]"), "{out}");
    // mailto's one-segment path: under the segment, as before.
    let (_, out, _) = run(&["parse", "mailto:a@b.c"], None);
    assert!(out.contains("    segment [segment-nz] 7..12"), "{out}");
    assert!(out.contains("      scheme-part [to] 7..12"), "{out}");
}

/// A purl's qualifiers (its query) and subpath (its fragment) are grafted under the query
/// and the fragment, as its type, name and version are under the path: `parse --format
/// json`'s tree has the qualifier, key, value, subpath and segment nodes, each of kind
/// `scheme-part` (not the kind of the node it hangs under) and named by its rule in
/// pkg.abnf, each inside its parent. A node across two components (mailto's `hfields`,
/// which starts at the "?") is in neither; its `hfield`s are under the query.
#[test]
fn the_scheme_structure_is_grafted_under_the_query_and_the_fragment() {
    let input = "pkg:npm/a@1?arch=x86#lib/x";
    let (code, out, err) = run(&["parse", "--format", "json", input], None);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    // (parent's kind, kind, rule, text) of every node, in preorder.
    fn walk(n: &Value, parent: &str, input: &str, out: &mut Vec<(String, String, String, String)>) {
        let (s, e) = (
            n["start"].as_u64().unwrap_or(0) as usize,
            n["end"].as_u64().unwrap_or(0) as usize,
        );
        let kind = n["kind"].as_str().unwrap_or("").to_string();
        out.push((
            parent.to_string(),
            kind.clone(),
            n["rule"].as_str().unwrap_or("").to_string(),
            input.get(s..e).unwrap_or("").to_string(),
        ));
        for c in n["children"].as_array().into_iter().flatten() {
            walk(c, &kind, input, out);
        }
    }
    let mut nodes = Vec::new();
    walk(&v["tree"], "", input, &mut nodes);
    let grafted: Vec<(&str, &str, &str)> = nodes
        .iter()
        .filter(|(_, k, _, _)| k == "scheme-part")
        .map(|(p, _, r, t)| (p.as_str(), r.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        grafted,
        [
            ("path", "type", "npm"),
            ("path", "name", "a"),
            ("scheme-part", "segment", "a"),
            ("path", "version", "1"),
            ("query", "qualifiers", "arch=x86"),
            ("scheme-part", "qualifier", "arch=x86"),
            ("scheme-part", "key", "arch"),
            ("scheme-part", "value", "x86"),
            ("fragment", "subpath", "lib/x"),
            ("scheme-part", "segment", "lib"),
            ("scheme-part", "segment", "x"),
        ]
    );
    // The tree model agrees: each node inside its parent, one deeper.
    let a = analyze(input, &Options::full());
    for n in a.tree.iter().skip(1) {
        let p = n.parent().expect("parent");
        assert!(p.span().start <= n.span().start && n.span().end <= p.span().end);
        assert_eq!(n.depth(), p.depth() + 1);
    }
    // Without the layer, no graft at all.
    let (_, out, _) = run(&["parse", "--no-scheme-spec", input], None);
    assert!(!out.contains("scheme-part"), "{out}");
    // mailto: `hfields` spans the "?", so it is in neither the path nor the query.
    let (_, out, _) = run(&["parse", "mailto:a@b.c?subject=hi"], None);
    assert!(out.contains("    scheme-part [hfield] 13..23"), "{out}");
    assert!(out.contains("      scheme-part [hfname] 13..20"), "{out}");
    assert!(!out.contains("[hfields]"), "{out}");
}

/// The shapes of `schemes::catalogue::SHAPES` decide as the automaton does: for every input
/// that a profile of RFC 3986's generic syntax (`generic_split`: RFC 3986, RFC 3987) accepts, over every corpus and a cross product of the
/// shapes' edges (userinfo, ports, IP literals, empty hosts and paths, "//" paths, queries,
/// fragments, non-ASCII text, upper-case schemes), batch checking's verdict with the
/// generic acceptance vouched for (the shape decides) is the verdict without (the
/// automaton decides): the same validity, the same findings.
#[test]
fn the_shapes_decide_as_the_automaton() {
    use idbench::engine::schemes::{LayerScratch, catalogue, scheme_verdict};
    let mut inputs = corpus();
    let mut schemes: Vec<String> = catalogue::SHAPES
        .iter()
        .flat_map(|s| s.schemes.iter().map(|x| x.to_string()))
        .collect();
    schemes.extend(["HTTP".to_string(), "Wss".to_string(), "FILE".to_string()]);
    let authorities = [
        "",
        "h",
        "example.com",
        "u@h",
        "u:p@h",
        "@h",
        "u@",
        "h:",
        "h:80",
        ":80",
        "[::1]",
        "[::1]:8080",
        "[v1.x]",
        "1.2.3.4",
        "localhost",
        "b\u{fc}cher.de",
    ];
    let paths = ["", "/", "//", "//x", "/a/b", "/a//b", "/%41", "/\u{e9}"];
    let tails = ["", "?", "?q=1", "#", "#f", "?q#f", "?a/b?c", "#\u{e9}"];
    for s in &schemes {
        for a in authorities {
            for p in paths {
                for t in tails {
                    inputs.push(format!("{s}://{a}{p}{t}"));
                }
            }
        }
        inputs.push(format!("{s}:/a"));
        inputs.push(format!("{s}:a"));
        inputs.push(format!("{s}:"));
    }
    // The profiles whose acceptance `check --schemes` lets the shapes decide on.
    let vouching: Vec<Profile> = Profile::ALL
        .into_iter()
        .filter(|p| p.offers().schemes && p.offers().generic_split)
        .collect();
    assert!(vouching.contains(&Profile::Rfc3986) && vouching.contains(&Profile::Rfc3987));
    let mut scratch = LayerScratch::new();
    let mut decided = 0;
    for input in &inputs {
        let Some(end) = input.find(':') else {
            continue;
        };
        for &profile in &vouching {
            let a = analyze(input, &Options::validate_only(Some(profile)));
            if !a.valid()
                || a.tree
                    .root()
                    .child(idbench::engine::NodeKind::Scheme)
                    .is_none()
            {
                continue;
            }
            let by_shape = scheme_verdict(&mut scratch, input.as_bytes(), end, true, true);
            let by_automaton = scheme_verdict(&mut scratch, input.as_bytes(), end, true, false);
            let (Some(x), Some(y)) = (by_shape, by_automaton) else {
                continue;
            };
            assert_eq!(x.valid, y.valid, "{input} under {profile}");
            assert_eq!(x.findings, y.findings, "{input} under {profile}");
            let seen = catalogue::Seen::new(input, end);
            if catalogue::shape_of(&input[..end]).is_some_and(|s| s.fits(&seen)) {
                decided += 1;
            }
        }
    }
    assert!(decided > 1000, "the shapes decided {decided} inputs");
}
