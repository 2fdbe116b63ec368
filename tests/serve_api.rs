//! `idbench serve`: the API answers byte for byte as the command line; the limits; the
//! headers; the page escapes hostile text in every context; permalinks reopen the view.

#[path = "../src/test_scratch.rs"]
mod scratch;

mod serve_support;

use serve_support::{Server, cli, get, post, query, request};

/// Identifiers from plain to hostile: controls, bidi, zero-width, markup, quotes.
const INPUTS: &[&str] = &[
    "urn:isbn:0451450523",
    "URN:ISBN:0-451-45052-3",
    "http://a/b/c/d;p?q",
    "http://[::1]:80/%7e?a=b#c",
    "xri://=example*name",
    "https://ex\u{e4}mple.com/\u{1b}[31mred",
    "http://a/\u{1b}]52;c;Zm9v\u{7}\u{202e}gpj.exe\u{200b}\u{1}",
    "\"><script>alert(1)</script>",
    "urn:x:'&<>\u{2028}",
    "",
];

#[test]
fn the_api_answers_as_the_command_line() {
    // A deadline well past the default's 5 s: one request below is an input whose parse
    // runs to its work budget (some 0.6 s in a release build), which a debug build on a
    // slow, shared machine took past 5 s; this test is about the answers, and the
    // deadline has its own test (`past_its_deadline_an_analysis_is_503_with_retry_after`).
    let s = Server::start(&["--deadline-ms", "60000"]);
    for id in INPUTS {
        for profile in [None, Some("rfc3986"), Some("rfc8141")] {
            let mut pairs = vec![("id", *id)];
            let mut args = vec!["parse", "--format", "json"];
            if let Some(p) = profile {
                pairs.push(("profile", p));
                args.extend(["--profile", p]);
            }
            args.extend(["--", id]);
            let r = get(s.addr, &format!("/api/parse?{}", query(&pairs)));
            assert_eq!(r.status, 200, "{id:?}: {}", r.text());
            assert_eq!(r.body, cli(&args, b""), "parse {id:?} {profile:?}");

            let mut args = vec!["forms", "--format", "json"];
            if let Some(p) = profile {
                args.extend(["--profile", p]);
            }
            args.extend(["--", id]);
            let r = get(s.addr, &format!("/api/forms?{}", query(&pairs)));
            assert_eq!(r.body, cli(&args, b""), "forms {id:?} {profile:?}");
        }
    }
    // parse --base and --no-namespace.
    let r = get(
        s.addr,
        &format!(
            "/api/parse?{}",
            query(&[
                ("id", "../g?x"),
                ("base", "http://a/b/c/d;p?q"),
                ("ns", "0")
            ])
        ),
    );
    assert_eq!(
        r.body,
        cli(
            &[
                "parse",
                "--format",
                "json",
                "--no-namespace",
                "--base",
                "http://a/b/c/d;p?q",
                "../g?x"
            ],
            b""
        )
    );
    // compare, with its options.
    for (a, b, extra) in [
        ("urn:isbn:0451450523", "URN:ISBN:978-0-451-45052-4", &[][..]),
        ("http://a/%7e", "HTTP://A/~", &[][..]),
        (
            "xri://=a*b",
            "xri://=A*B",
            &[("objective", "cache"), ("dollar", "ignore")][..],
        ),
        ("\u{202e}x", "x\u{200b}", &[][..]),
    ] {
        let mut pairs = vec![("a", a), ("b", b)];
        pairs.extend_from_slice(extra);
        let mut args = vec!["compare", "--format", "json"];
        for (k, _) in extra {
            match *k {
                "objective" => args.extend(["--objective", "cache"]),
                "dollar" => args.push("--ignore-dollar"),
                _ => unreachable!(),
            }
        }
        args.extend(["--", a, b]);
        let r = get(s.addr, &format!("/api/compare?{}", query(&pairs)));
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.body, cli(&args, b""), "compare {a:?} {b:?}");
    }
    // explain: Markdown, as the command prints it.
    for (pairs, args) in [
        (
            vec![("id", "urn:isbn:0451450523")],
            vec!["explain", "--", "urn:isbn:0451450523"],
        ),
        (
            vec![
                ("id", "http://a/\u{202e}b"),
                ("with", "HTTP://A/%E2%80%AEb"),
                ("profile", "rfc3987"),
            ],
            vec![
                "explain",
                "--with",
                "HTTP://A/%E2%80%AEb",
                "--profile",
                "rfc3987",
                "--",
                "http://a/\u{202e}b",
            ],
        ),
        (
            vec![("id", "g;x"), ("base", "http://a/b/c/d;p?q")],
            vec!["explain", "--base", "http://a/b/c/d;p?q", "--", "g;x"],
        ),
    ] {
        let r = get(s.addr, &format!("/api/explain?{}", query(&pairs)));
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(
            r.header("content-type")
                .unwrap_or("")
                .starts_with("text/markdown")
        );
        assert_eq!(
            r.text(),
            String::from_utf8_lossy(&cli(&args, b"")),
            "{pairs:?}"
        );
    }
    // check: one identifier a line, JSON Lines back, blank lines and bytes that are not
    // UTF-8 included.
    let mut body = INPUTS.join("\n").into_bytes();
    body.extend_from_slice(b"\n\nhttp://a/\xff\xfe\r\nurn:isbn:0451450523\n");
    for (q, args) in [
        ("", vec!["check", "--format", "json"]),
        (
            "?profile=rfc8141&namespaces=1",
            vec![
                "check",
                "--format",
                "json",
                "--profile",
                "rfc8141",
                "--namespaces",
            ],
        ),
    ] {
        let r = post(s.addr, &format!("/api/check{q}"), &body);
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.body, cli(&args, &body), "check {q}");
    }
    // grammar parse: the grammar in the body, never a file.
    let grammar = "greeting = \"hello\" SP name\r\nname = 1*ALPHA\r\nSP = %x20\r\nALPHA = %x41-5A / %x61-7A\r\n";
    let inputs = ["hello world", "hello", "hello w\u{202e}rld"];
    let dir = scratch::dir("serve");
    let file = dir.join("g.abnf");
    std::fs::write(&file, grammar).expect("grammar file");
    let req = serde_json::json!({"grammar": grammar, "start": "greeting", "inputs": inputs});
    let r = post(s.addr, "/api/grammar/parse", req.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    let path = file.to_string_lossy().into_owned();
    let mut args = vec![
        "grammar", "parse", "--format", "json", &path, "--start", "greeting", "--",
    ];
    args.extend(inputs);
    assert_eq!(r.body, cli(&args, b""));
    // An input whose parse runs out of its work and that the compiled grammar judges (XRI
    // 2.0's ABNF on cross-references nested 250 deep, one `iauthority`): the same record
    // as the command's, valid with no tree.
    let xri2: String = idbench::engine::rules::grammar(idbench::engine::Profile::Xri2)
        .productions()
        .iter()
        .map(|p| format!("{}\n", p.text()))
        .collect();
    let xfile = dir.join("xri2.abnf");
    std::fs::write(&xfile, &xri2).expect("grammar file");
    // Six blocks: three now fit the parse's budget (with its lookahead: 251 parses).
    let nested = format!("{}=b{}", "=a*(".repeat(250), ")".repeat(250)).repeat(6);
    let req = serde_json::json!({"grammar": xri2, "start": "xri-value", "inputs": [nested]});
    let r = post(s.addr, "/api/grammar/parse", req.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    let xpath = xfile.to_string_lossy().into_owned();
    let args = [
        "grammar",
        "parse",
        "--format",
        "json",
        &xpath,
        "--start",
        "xri-value",
        "--",
        &nested,
    ];
    assert_eq!(r.body, cli(&args, b""));
    let v: serde_json::Value = serde_json::from_slice(&r.body).expect("one JSON line");
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["diagnostics"][0]["code"], "grammar-tree-over-budget");
    let _ = std::fs::remove_dir_all(&dir);
    // A grammar that does not compile, or no such rule: 422 with the command's reason.
    let req = serde_json::json!({"grammar": "a = ", "start": "a", "inputs": ["x"]});
    let r = post(s.addr, "/api/grammar/parse", req.to_string().as_bytes());
    assert_eq!(r.status, 422, "{}", r.text());
    let req = serde_json::json!({"grammar": grammar, "start": "nope", "inputs": ["x"]});
    let r = post(s.addr, "/api/grammar/parse", req.to_string().as_bytes());
    assert_eq!(r.status, 422);
    assert!(r.text().contains("no rule named `nope`"), "{}", r.text());
}

#[test]
fn bad_requests_say_what_is_wrong() {
    let s = Server::start(&[]);
    let r = get(s.addr, "/api/parse?id=x&profile=nope");
    assert_eq!(r.status, 400);
    let r = get(s.addr, "/api/parse?id=x&idd=y");
    assert_eq!(r.status, 400);
    assert!(r.text().contains("unknown key `idd`"), "{}", r.text());
    let r = get(s.addr, "/api/parse?id=x&id=y");
    assert_eq!(r.status, 400);
    let r = get(s.addr, "/api/parse");
    assert_eq!(r.status, 400);
    assert_eq!(get(s.addr, "/etc/passwd").status, 404);
    assert_eq!(get(s.addr, "/../../etc/passwd").status, 404);
    let r = get(s.addr, "/api/check");
    assert_eq!(r.status, 405);
    assert_eq!(r.header("allow"), Some("POST"));
    assert_eq!(post(s.addr, "/api/parse?id=x", b"").status, 405);
    let r = post(s.addr, "/api/grammar/parse", b"{\"grammar\": 1}");
    assert_eq!(r.status, 400);
    // A page with a view that does not read: 400, the reason shown (escaped).
    let r = get(s.addr, "/?id=a&ns=maybe%3Cb%3E");
    assert_eq!(r.status, 400);
    assert!(r.text().contains("the view key `ns` takes"), "{}", r.text());
    let r = get(s.addr, "/?id=a&%3Cscript%3E=1");
    assert_eq!(r.status, 400);
    assert!(!r.text().contains("<script>"));
}

#[test]
fn limits_as_a_public_service_sets_them() {
    let s = Server::start(&[]);
    let mib = 1 << 20;
    // An input of exactly 1 MiB is analyzed; one byte more is 413.
    let ok = format!("http://a/{}", "a".repeat(mib - 9));
    assert_eq!(ok.len(), mib);
    let r = get(s.addr, &format!("/api/parse?{}", query(&[("id", &ok)])));
    assert_eq!(r.status, 200);
    // The page of a 1 MiB input stays a small multiple of it (the input in the field, a
    // cut of it on the input line and in the tree; no per-node link repeats it).
    let r = get(s.addr, &format!("/?{}", query(&[("id", &ok)])));
    assert_eq!(r.status, 200);
    assert!(r.body.len() < 2 * mib, "{} bytes", r.body.len());
    assert!(r.text().contains("this view is too long for a link"));
    let over = format!("{ok}b");
    for route in ["/api/parse", "/api/forms", "/"] {
        let r = get(s.addr, &format!("{route}?{}", query(&[("id", &over)])));
        assert_eq!(r.status, 413, "{route}");
    }
    let r = get(
        s.addr,
        &format!("/api/compare?{}", query(&[("a", "x"), ("b", &over)])),
    );
    assert_eq!(r.status, 413);
    // A line over 1 MiB posted to /api/check.
    let body = format!("http://a/\n{over}\nhttp://b/\n");
    assert_eq!(post(s.addr, "/api/check", body.as_bytes()).status, 413);
    // A body over 16 MiB is refused from its Content-Length, before it is read.
    let r = request(
        s.addr,
        "POST",
        "/api/check",
        &[("Content-Length", &((16 << 20) + 1).to_string())],
        b"",
    );
    assert_eq!(r.status, 413);
    // A body of 16 MiB exactly (16 lines under 1 MiB each) is checked.
    let line = format!("http://a/{}\n", "b".repeat(mib - 10));
    let body = line.repeat(16);
    assert_eq!(body.len(), 16 << 20);
    let r = post(s.addr, "/api/check", body.as_bytes());
    assert_eq!(r.status, 200);
    assert_eq!(r.text().lines().count(), 16);
    // A request that is not HTTP.
    let mut c = std::net::TcpStream::connect(s.addr).expect("connect");
    use std::io::Write;
    c.write_all(b"\x16\x03\x01 not http\r\n\r\n")
        .expect("write");
    assert_eq!(serve_support::read_response(&mut c).status, 400);
}

#[test]
fn past_its_deadline_an_analysis_is_503_with_retry_after() {
    // A deadline of 1 ms: no 1 MiB analysis finishes in it.
    let s = Server::start(&["--deadline-ms", "1"]);
    let id = format!("http://a/{}", "%41".repeat(300_000));
    let r = get(s.addr, &format!("/api/parse?{}", query(&[("id", &id)])));
    assert_eq!(r.status, 503, "{}", r.text());
    assert!(r.header("retry-after").is_some());
    assert!(r.text().contains("deadline"), "{}", r.text());
}

#[test]
fn connections_past_the_limit_are_refused() {
    let s = Server::start(&["--max-connections", "2"]);
    // Two idle connections hold both places (the server waits for their requests).
    let a = std::net::TcpStream::connect(s.addr).expect("a");
    let b = std::net::TcpStream::connect(s.addr).expect("b");
    let r = get(s.addr, "/api/parse?id=x");
    assert_eq!(r.status, 503);
    assert!(r.header("retry-after").is_some());
    drop((a, b));
    // Once they close, requests are served again (the server notices within a moment).
    let mut served = false;
    for _ in 0..200 {
        if get(s.addr, "/api/parse?id=x").status == 200 {
            served = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    assert!(served);
}

#[test]
fn every_answer_has_the_security_headers() {
    let s = Server::start(&[]);
    for r in [
        get(s.addr, "/"),
        get(s.addr, "/?id=urn:isbn:0451450523"),
        get(s.addr, "/app.js"),
        get(s.addr, "/app.css"),
        get(s.addr, "/api/parse?id=x"),
        get(s.addr, "/nowhere"),
        post(s.addr, "/api/check", b"x\n"),
    ] {
        let csp = r.header("content-security-policy").expect("CSP");
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert!(
            !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"),
            "{csp}"
        );
        assert!(csp.contains("default-src 'none'"), "{csp}");
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"));
    }
    // The page has no inline script: every <script> is the external one or a JSON block.
    let page = get(s.addr, "/?id=x").text();
    for (i, _) in page.match_indices("<script") {
        let tag = &page[i..page[i..].find('>').map_or(page.len(), |k| i + k)];
        assert!(
            tag.contains("src=\"/app.js\"") || tag.contains("type=\"application/json\""),
            "{tag}"
        );
    }
}

#[test]
fn the_page_escapes_hostile_text_in_every_context() {
    let s = Server::start(&[]);
    let hostile = "x\"><script>alert(1)</script><img src=x onerror=alert(2)>\u{202e}\u{1b}[31m\u{200b}'</textarea></script>&amp;";
    let q = query(&[
        ("id", hostile),
        ("with", hostile),
        ("base", "http://a/\"onmouseover=alert(3)"),
        (
            "grammar",
            "r = \"</textarea><script>alert(4)</script>\"\r\n",
        ),
        ("start", "r\"><b>"),
    ]);
    let page = get(s.addr, &format!("/?{q}"));
    assert_eq!(page.status, 200, "{}", page.text());
    // The editable fields hold the exact text (a notice says what cannot be seen in
    // them); everywhere else, nothing raw.
    let t = without_fields(&page.text());
    assert!(
        page.text()
            .contains("the identifier holds 3 control, bidi or invisible characters")
    );
    for bad in [
        "<script>alert",
        "<img",
        "\"onmouseover",
        "</textarea><script>",
        "<b>",
        "\u{202e}\u{1b}",
    ] {
        assert!(!t.contains(bad), "raw {bad:?} in the page");
    }
    // Displayed text shows the invisible characters as tokens.
    assert!(
        t.contains("⟨U+202E⟩") && t.contains("⟨U+001B⟩"),
        "no tokens"
    );
    // The JSON data block cannot be closed from inside.
    let island_start = t.find("id=\"view-data\">").expect("island") + 15;
    let island_end = island_start + t[island_start..].find("</script>").expect("close");
    let island: serde_json::Value =
        serde_json::from_str(&t[island_start..island_end]).expect("JSON");
    assert_eq!(island["permalink"], format!("/?{q}"));
    // The fragment route escapes the same way.
    let frag = without_fields(&post(s.addr, "/fragment", q.as_bytes()).text());
    assert!(!frag.contains("<script>alert") && !frag.contains('\u{202e}'));
}

#[test]
fn a_permalink_is_the_view_query_and_reopens_the_view() {
    let s = Server::start(&[]);
    let host = format!("http://{}", s.addr);
    let out = cli(
        &[
            "explain",
            "urn:ISBN:0-451-45052-3",
            "--with",
            "urn:isbn:9780451450524",
            "--profile",
            "rfc8141",
            "--no-namespace",
            "--link",
            &host,
        ],
        b"",
    );
    let link = String::from_utf8(out).expect("UTF-8");
    let link = link.trim_end();
    let v = idbench::view::View::from_query(link.split_once("/?").expect("a query").1)
        .expect("the view's query");
    assert_eq!(v.a, "urn:ISBN:0-451-45052-3");
    assert_eq!(v.b.as_deref(), Some("urn:isbn:9780451450524"));
    assert_eq!(v.profile.as_deref(), Some("rfc8141"));
    assert!(!v.layers.namespaces);
    assert_eq!(link, format!("{host}/?{}", v.to_query()));
    // The page at that address shows the view: the inputs in the form, the profile
    // checked, the layer switch off, the ladder, and the same permalink.
    let target = &link[host.len()..];
    let page = get(s.addr, target).text();
    assert!(page.contains(">urn:ISBN:0-451-45052-3</textarea>"));
    assert!(page.contains(">urn:isbn:9780451450524</textarea>"));
    assert!(page.contains("value=\"rfc8141\" checked"));
    assert!(page.contains("name=\"ns\" value=\"0\" checked"));
    assert!(page.contains("id=\"ladder\""));
    assert!(page.contains(&format!("href=\"{}\"", target.replace('&', "&amp;"))));
    // A selection in the permalink highlights the node's span on the input line.
    let page = get(s.addr, "/?id=http%3A%2F%2Fexample.com%2Fa&sel=a.1").text();
    assert!(
        page.contains("aria-selected=\"true\" data-path=\"a.1\""),
        "{page}"
    );
    assert!(page.contains("<span class=\"sel\">"), "{page}");
}

#[test]
fn another_address_than_loopback_is_warned_of() {
    let s = Server::start_on("0.0.0.0:0", &[]);
    assert!(
        s.banner.contains("not a loopback address") && s.banner.contains("the API"),
        "{}",
        s.banner
    );
    let quiet = Server::start(&[]);
    assert!(!quiet.banner.contains("warning"), "{}", quiet.banner);
}

/// The page without the editable fields' contents (`<textarea>…</textarea>` and `value="…"`).
fn without_fields(page: &str) -> String {
    let mut out = String::new();
    let mut rest = page;
    while let Some(i) = rest.find("<textarea") {
        let open_end = i + rest[i..].find('>').expect("tag end") + 1;
        out.push_str(&rest[..open_end]);
        let close = open_end + rest[open_end..].find("</textarea>").expect("close");
        rest = &rest[close..];
    }
    out.push_str(rest);
    let mut clean = String::new();
    let mut rest = out.as_str();
    while let Some(i) = rest.find(" value=\"") {
        clean.push_str(&rest[..i + 8]);
        let end = i + 8 + rest[i + 8..].find('"').expect("value end");
        rest = &rest[end..];
    }
    clean.push_str(rest);
    clean
}
