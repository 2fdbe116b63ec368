//! `idbench serve`'s API and the URI scheme layer's switch (issue 39): `schemes=0`, the
//! view's query key (`View::from_query`, `Layers::schemes`), answers as `--no-scheme-spec`
//! on parse, forms and compare; `schemes=1` on check answers as `check --schemes`.

mod serve_support;

use serve_support::{Server, cli, get, post, query};

#[test]
fn schemes_0_is_no_scheme_spec_on_every_route() {
    let s = Server::start(&[]);
    let id = "http:///a";
    for (route, cmd) in [("parse", "parse"), ("forms", "forms")] {
        let on = get(s.addr, &format!("/api/{route}?{}", query(&[("id", id)])));
        assert_eq!(on.status, 200, "{}", on.text());
        assert_eq!(on.body, cli(&[cmd, "--format", "json", "--", id], b""));
        assert!(
            on.text().contains("scheme-http-empty-host"),
            "{}",
            on.text()
        );
        let off = get(
            s.addr,
            &format!("/api/{route}?{}", query(&[("id", id), ("schemes", "0")])),
        );
        assert_eq!(off.status, 200, "{}", off.text());
        assert_eq!(
            off.body,
            cli(
                &[cmd, "--format", "json", "--no-scheme-spec", "--", id],
                b""
            ),
            "{route}"
        );
        assert!(
            !off.text().contains("scheme-http-empty-host"),
            "{}",
            off.text()
        );
    }
    // compare: the scheme's rungs only with the layer (RFC 3966 §5.1.1's separators).
    let (a, b) = ("tel:+1-201-555-0123", "tel:+12015550123");
    let on = get(
        s.addr,
        &format!("/api/compare?{}", query(&[("a", a), ("b", b)])),
    );
    assert_eq!(
        on.body,
        cli(&["compare", "--format", "json", "--", a, b], b"")
    );
    assert!(on.text().contains("\"equivalent\":true"), "{}", on.text());
    let off = get(
        s.addr,
        &format!(
            "/api/compare?{}",
            query(&[("a", a), ("b", b), ("schemes", "0")])
        ),
    );
    assert_eq!(
        off.body,
        cli(
            &[
                "compare",
                "--format",
                "json",
                "--no-scheme-spec",
                "--",
                a,
                b
            ],
            b""
        )
    );
    assert!(
        off.text().contains("\"equivalent\":false"),
        "{}",
        off.text()
    );
    // check: off unless asked, as the command.
    let body = b"http:///a\nmailto:a@b@c\nhttp://example.com/\n";
    let plain = post(s.addr, "/api/check", body);
    assert_eq!(plain.body, cli(&["check", "--format", "json"], body));
    let layer = post(s.addr, "/api/check?schemes=1", body);
    assert_eq!(layer.status, 200, "{}", layer.text());
    assert_eq!(
        layer.body,
        cli(&["check", "--format", "json", "--schemes"], body)
    );
    assert!(layer.text().contains("scheme_spec"), "{}", layer.text());
    assert_ne!(plain.body, layer.body);
    // A value the switch does not take is a 400 naming the key.
    for path in [
        format!("/api/parse?{}", query(&[("id", id), ("schemes", "no")])),
        "/api/check?schemes=2".to_string(),
    ] {
        let r = if path.starts_with("/api/check") {
            post(s.addr, &path, body)
        } else {
            get(s.addr, &path)
        };
        assert_eq!(r.status, 400, "{path}");
        assert!(r.text().contains("schemes"), "{}", r.text());
    }
}
