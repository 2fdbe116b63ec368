//! `check --agree`: the engine's readings and each class of disagreement (engine and
//! command line), the JSON and text contract, the exit status, files, stdin, blank lines
//! and `--jobs`.

use idbench::engine::Profile;
use idbench::engine::agree::{Class, Component, agree, profiles_named, read};

mod support;
use support::cli::run;

const PAIR: [Profile; 2] = [Profile::Whatwg, Profile::Rfc3986];

/// The first disagreement of `input` under whatwg,rfc3986: (component, class).
fn first(input: &str) -> Option<(&'static str, &'static str)> {
    agree(input, &PAIR)
        .first()
        .map(|d| (d.component.name(), d.class.name()))
}

/// The text line of `check --agree whatwg,rfc3986` for one input.
fn cli_text(input: &str) -> String {
    let out = run(
        &["check", "--agree", "whatwg,rfc3986"],
        format!("{input}\n").as_bytes(),
    );
    out.text()
}

/// Each class: the engine's first disagreement and the command line's text line.
#[test]
fn each_class_from_the_engine_and_the_command_line() {
    let cases: [(&str, &str, &str); 11] = [
        ("google.com/abc", "path", "scheme"),
        ("http:/evil.com/", "host", "slashes"),
        ("http://evil.com\\@good.com/", "host", "backslash"),
        ("http://a%2fb.com/", "host", "percent-encoded"),
        ("file://localhost/etc/passwd", "host", "scheme-mixup"),
        ("\thttp://evil.com/", "host", "whitespace"),
        ("http://0x7f.1/", "host", "ipv4-form"),
        ("http://ＥＸＡＭＰＬＥ.com/", "host", "idna"),
        ("http://a@b@c/", "host", "userinfo"),
        ("http://example.com:65536/", "host", "other"),
        ("http://a/b c", "host", "percent-encoded"),
    ];
    for (input, component, class) in cases {
        assert_eq!(first(input), Some((component, class)), "{input:?}");
        let line = cli_text(input);
        assert!(
            line.starts_with(&format!("disagree\t{component}\t{class}\t")),
            "{input:?}: {line:?}"
        );
    }
    // reg-name: a profile that reads the authority with no host (the WWW draft reads
    // //host as a path; rfc2396's reg_name when that profile is built in).
    let a = agree("http://a.com/x", &[Profile::Rfc3986, Profile::Rfc1630]);
    let d = a.first().expect("a disagreement");
    assert_eq!((d.component, d.class), (Component::Host, Class::RegName));
    let out = run(
        &["check", "--agree", "rfc3986,rfc1630"],
        b"http://a.com/x\n",
    );
    assert_eq!(out.text(), "disagree\thost\treg-name\thttp://a.com/x\n");
    // Every class has a name, a description citing a section, and round-trips.
    for c in Class::ALL {
        assert_eq!(Class::from_name(c.name()), Some(c));
        assert!(c == Class::Other || c.description().contains('§'), "{c:?}");
    }
}

#[test]
fn the_readings_of_each_profile() {
    // The URL Standard's record: default port none, the IPv4 address serialized.
    let w = read("HTTP://u:p@0x7f.1:80/a/../b", Profile::Whatwg);
    assert!(w.accepted);
    assert_eq!(w.scheme.as_deref(), Some("http"));
    assert_eq!(w.userinfo.as_deref(), Some("u:p"));
    assert_eq!(w.host.as_deref(), Some("127.0.0.1"));
    assert_eq!(w.port, None);
    assert_eq!(w.path.as_deref(), Some("/b"));
    // RFC 3986: the host lower-cased, its unreserved triplets decoded and the others'
    // hex upper-cased (§6.2.2), the default port dropped and the dot segments removed.
    let r = read("HTTP://u:p@Ex%61mple%2f.COM:0080/a/../b", Profile::Rfc3986);
    assert!(r.accepted);
    assert_eq!(r.scheme.as_deref(), Some("http"));
    assert_eq!(r.host.as_deref(), Some("example%2F.com"));
    assert_eq!(r.port, None);
    assert_eq!(r.path.as_deref(), Some("/b"));
    assert_eq!(
        read("http://a:8080", Profile::Rfc3986).port.as_deref(),
        Some("8080")
    );
    assert_eq!(read("http://a:", Profile::Rfc3986).port, None);
    assert_eq!(
        read("http://a", Profile::Rfc3986).path.as_deref(),
        Some("/")
    );
    // An empty userinfo is an absent one, in both readings.
    assert_eq!(read("http://@a/", Profile::Whatwg).userinfo, None);
    assert_eq!(read("http://@a/", Profile::Rfc3986).userinfo, None);
    assert!(agree("http://@a/", &PAIR).agree());
    // A profile that rejects the input reads every component as null.
    let x = read("http://a b/", Profile::Rfc3986);
    assert!(!x.accepted);
    assert!(x.error.is_some());
    for c in Component::ALL {
        assert_eq!(x.get(c), None);
    }
    // A profile that cannot read the kind of input (a URN profile on a URL) rejects it.
    assert!(!read("http://a/", Profile::Rfc8141).accepted);
    // Every profile rejecting the input is agreement.
    assert!(agree("http://a b/", &PAIR).agree());
}

#[test]
fn ordinary_urls_agree() {
    for input in [
        "https://example.com/",
        "https://EXAMPLE.com:443/a?b#c",
        "http://user:pass@example.com:8080/p",
        "http://a;b=c@example.com/",
        "http://[2001:db8::1]:8080/x",
        "http://[0:0::1]/",
        "http://192.168.0.1/x",
        "file:///etc/passwd",
        "mailto:a@example.com",
        "urn:isbn:0451450523",
        "git+ssh://git@GitHub.com/a.git",
        "http://a/b/../%2e%2E/c",
        "ftp://ftp.example.com:21/pub",
    ] {
        let a = agree(input, &PAIR);
        assert!(a.agree(), "{input:?}: {:?}", a.first());
    }
}

#[test]
fn json_lines_are_the_check_record_with_the_agreement() {
    let out = run(
        &["check", "--agree", "whatwg,rfc3986", "--format", "json"],
        b"http://127.1/\nhttps://example.com/\n\n",
    );
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let lines: Vec<serde_json::Value> = out
        .text()
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    let d = &lines[0];
    assert_eq!(d["input"], "http://127.1/");
    assert_eq!(d["valid"], true);
    assert_eq!(d["line"], 1);
    assert_eq!(d["agree"], false);
    let first = &d["disagreements"][0];
    assert_eq!(first["component"], "host");
    assert_eq!(first["class"], "ipv4-form");
    assert_eq!(first["readings"]["whatwg"], "127.0.0.1");
    assert_eq!(first["readings"]["rfc3986"], "127.1");
    assert!(first["why"].as_str().is_some_and(|w| w.contains("§3.5")));
    assert_eq!(lines[1]["agree"], true);
    assert_eq!(lines[1]["disagreements"], serde_json::json!([]));
    // A blank line is skipped as `check` skips it.
    assert_eq!(lines[2]["skipped"], "blank");
    // A profile that rejects the input reads null.
    let out = run(
        &["check", "--agree", "whatwg,rfc3986", "-f", "json"],
        b"http://a%2fb.com/\n",
    );
    let v: serde_json::Value = serde_json::from_str(out.text().trim()).expect("JSON");
    assert_eq!(
        v["disagreements"][0]["readings"]["whatwg"],
        serde_json::Value::Null
    );
}

#[test]
fn text_lines_exit_status_files_and_jobs() {
    // Exit 0 when every line agrees, 1 when any disagrees.
    let out = run(
        &["check", "--agree", "whatwg,rfc3986"],
        b"https://a.com/\nhttp://b.org/x\n",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.text(), "agree\thttps://a.com/\nagree\thttp://b.org/x\n");
    assert!(out.stderr.contains("0 disagree"), "{}", out.stderr);
    // Input text is escaped as `check` escapes it.
    let out = run(
        &["check", "--agree", "whatwg,rfc3986"],
        b"http://a\x1b[31m.com/\n",
    );
    assert!(!out.stdout.contains(&0x1b), "{:?}", out.text());
    // Files: each line prefixed with the file and line number.
    let dir = support::scratch::dir("agree");
    let f = dir.join("urls.txt");
    std::fs::write(&f, "https://a.com/\nhttp:/evil.com/\n").expect("write");
    let name = f.to_string_lossy().into_owned();
    let out = run(&["check", "--agree", "whatwg,rfc3986", &name], b"");
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.text(),
        format!(
            "{name}:1: agree\thttps://a.com/\n{name}:2: disagree\thost\tslashes\thttp:/evil.com/\n"
        )
    );
    // --jobs gives the same lines in the same order.
    let mut many = String::new();
    for i in 0..3000 {
        many.push_str(&format!("http://{}.1/\nhttps://h{i}.example/\n", i % 256));
    }
    let one = run(
        &["check", "--agree", "whatwg,rfc3986", "--jobs", "1"],
        many.as_bytes(),
    );
    let four = run(
        &["check", "--agree", "whatwg,rfc3986", "--jobs", "4"],
        many.as_bytes(),
    );
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(one.text().lines().count(), 6000);
    // -q prints nothing but still exits 1.
    let out = run(
        &["check", "--agree", "whatwg,rfc3986", "-q"],
        b"http://127.1/\n",
    );
    assert_eq!((out.code, out.stdout.len()), (Some(1), 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_profile_list_is_checked() {
    assert!(profiles_named("whatwg").is_err());
    assert!(profiles_named("whatwg,whatwg").is_err());
    assert!(profiles_named("whatwg,nope").is_err());
    assert_eq!(
        profiles_named("whatwg, RFC3986,rfc3987").expect("three"),
        vec![Profile::Whatwg, Profile::Rfc3986, Profile::Rfc3987]
    );
    let out = run(&["check", "--agree", "whatwg"], b"http://a/\n");
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("at least two"), "{}", out.stderr);
    // A line that is not UTF-8 is rejected by every profile: they agree.
    let out = run(&["check", "--agree", "whatwg,rfc3986"], b"http://a/\xff\n");
    assert_eq!(out.code, Some(0), "{}", out.text());
}

/// Every line of the identifier sets, the ordinary URLs and the conformance rows, and some
/// edge shapes of the generic syntax.
fn corpus() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = String::new();
    let mut sets: Vec<_> = std::fs::read_dir(root.join("examples/ids"))
        .expect("examples/ids")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    sets.sort();
    sets.push(root.join("tests/data/agree/ordinary.txt"));
    for p in sets {
        text.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
        text.push('\n');
    }
    let table: toml::Table =
        toml::from_str(include_str!("data/agree/conformance.toml")).expect("the table");
    for r in table["row"].as_array().expect("rows") {
        text.push_str(r["input"].as_str().unwrap_or(""));
        text.push('\n');
    }
    for edge in [
        "foo:",
        "a:",
        "//",
        "///",
        "//@",
        "//u@",
        "//:",
        "//[::1]",
        "//[::1]:",
        "//[::1]:80",
        "http://u@[v7.x]:8/p",
        "a/b:c",
        "./a:b",
        "?q",
        "#f",
        "",
        "//a?b#c",
        "x://a:/",
        "HTTP://U:P@EX%41MPLE.COM:0080/A/%2E./B",
        "http://a/b/../../..",
        "mailto:%41@b",
    ] {
        text.push_str(edge);
        text.push('\n');
    }
    text.lines().map(str::to_string).collect()
}

/// The generic syntax's shortcut (RFC 3986 Appendix B's split of what the quick recognizer
/// vouches for) reads what the profile's tree reads, on every line.
#[test]
fn the_generic_syntax_shortcut_reads_what_the_tree_reads() {
    let lines = corpus();
    assert!(lines.len() > 2000);
    for p in [Profile::Rfc3986, Profile::Rfc3987] {
        let spec = p.descriptor();
        for line in &lines {
            assert_eq!(
                read(line, p),
                idbench::engine::agree::read_tree(p, &spec, line),
                "{line:?} under {p}"
            );
        }
    }
}

/// The plain line's shortcut (`plain_agreement`: every profile accepts the line and reads
/// it alike, known from its bytes) answers true only where the readings say so, on every
/// line of the corpora and on the edges of its own rules.
#[test]
fn a_plain_line_is_one_every_profile_reads_alike() {
    let mut lines = corpus();
    for edge in [
        "http://a.b/c",
        "http://u:p@a.b:8080/c?d#e",
        "http://u:@a.b:080/",
        "http://u@a.b:/",
        "https://a.b:443",
        "ftp://a.b:21/x;type=a",
        "ws://a..b./",
        "wss://-a-.b-/--",
        "http://a.1/",
        "http://a.0x1/",
        "http://1.2.3.4/",
        "http://255.250.199.0:81/a",
        "http://256.1.1.1/",
        "http://01.2.3.4/",
        "http://1.2.3/",
        "http://1.2.3.4.5/",
        "http://1.2.3.4./",
        "http://a.1./",
        "http://xn--bcher-kva.de/",
        "http://a.xn--/",
        "http://a.b:65535/",
        "http://a.b:65536/",
        "http://a.b:000080/",
        "http://a.b/./c",
        "http://a.b/c/..",
        "http://a.b/%2e/c",
        "http://A.b/",
        "HTTP://a.b/",
        "http://a.b/c d",
        "http://a.b/c\\d",
        "http://:p@a.b/",
        "http://u:p:q@a.b/",
        "http://u%40@a.b/",
        "http://a.b/?q=\u{1}\t",
        "http:a.b/",
        "http:///a.b/",
        "file://a.b/",
        "git://a.b/",
        "http://a_b.c/",
        "http://@a.b/",
        "http://a.b",
    ] {
        lines.push(edge.to_string());
    }
    let sets: [&[Profile]; 4] = [
        &[Profile::Whatwg, Profile::Rfc3986],
        &[Profile::Rfc3986, Profile::Whatwg],
        &[Profile::Whatwg, Profile::Rfc3986, Profile::Rfc3987],
        &[Profile::Rfc3987, Profile::Rfc3986],
    ];
    let mut plain = 0;
    for profiles in sets {
        for line in &lines {
            if !idbench::engine::agree::plain_agreement(line, profiles) {
                continue;
            }
            plain += 1;
            let a = agree(line, profiles);
            assert!(
                a.agree() && a.readings.iter().all(|r| r.accepted),
                "{line:?} under {profiles:?}: {a:?}"
            );
        }
    }
    assert!(plain > 1000, "{plain} plain lines");
    // The upper-case edges are plain, and agree.
    for edge in ["HTTP://EXAMPLE.COM/A", "http://Example.Com:8080/"] {
        assert!(
            idbench::engine::agree::plain_agreement(edge, &PAIR),
            "{edge:?}"
        );
        assert!(agree(edge, &PAIR).agree(), "{edge:?}");
    }
    // Each rule of the shortcut turns it off where a reading might differ.
    for edge in [
        "http://a.1/",
        "http://a.0x1/",
        "http://256.1.1.1/",
        "http://01.2.3.4/",
        "http://1.2.3/",
        "http://1.2.3.4.5/",
        "http://1.2.3.4./",
        "http://xn--bcher-kva.de/",
        "http://a.b:65536/",
        "http://a.b:000080/",
        "http://a.b/./c",
        "http://a.b/%2e/c",
        "http://XN--bcher-kva.de/",
        "http://a.Xn--bcher-kva.de/",
        "http://A.0X1/",
        "http://:p@a.b/",
        "http://u:p:q@a.b/",
        "http://u%40@a.b/",
        "file://a.b/",
        "FILE://a.b/",
        "git://a.b/",
        "http:a.b/",
        // The query and the fragment must be RFC 3986's (the line a URI of its grammar).
        "http://a.b/?q=%zz",
        "http://a.b/?q=%4",
        "http://a.b/?q=a b",
        "http://a.b/?q=<x>",
        "http://a.b/?q=\u{e9}",
        "http://a.b/#f#g",
        "http://a.b/?q#f\\",
        "http://a.b/?q=[1]",
        "http://a.b/.?q",
        "http://a.b/c/..#f",
        "http://a.b/c/.",
        "http://a.b:123456/",
        "http://u@a.b:123456/",
        "http://a_b.c@d_e/",
    ] {
        assert!(
            !idbench::engine::agree::plain_agreement(edge, &[Profile::Whatwg, Profile::Rfc3986]),
            "{edge:?}"
        );
    }
    for edge in [
        "http://a.b/?q=%41&r=/?:@!$'()*+,;=#f?/:@",
        "http://a.b?",
        "http://a.b#",
        "http://a.b/p?#",
        "http://a.b/.a/..b/...?./..#/../.",
        "http://u_~.-:p@a.b:1/",
        "http://a_b.c:1@d/",
    ] {
        assert!(
            idbench::engine::agree::plain_agreement(edge, &[Profile::Whatwg, Profile::Rfc3986]),
            "{edge:?}"
        );
        let a = agree(edge, &[Profile::Whatwg, Profile::Rfc3986, Profile::Rfc3987]);
        assert!(
            a.agree() && a.readings.iter().all(|r| r.accepted),
            "{edge:?}"
        );
    }
    // Upper case in the scheme and the host: both readings lower-case them.
    for edge in [
        "http://u:p@a.b:8080/c?d#e",
        "ws://a..b./",
        "https://a.b:443",
        "http://A.b/",
        "HTTP://a.b/",
        "HTTPS://WWW.EXAMPLE.COM:8443/Path/To?Q#F",
        "Wss://Ex-Ample.Org.",
    ] {
        assert!(
            idbench::engine::agree::plain_agreement(edge, &[Profile::Whatwg, Profile::Rfc3986]),
            "{edge:?}"
        );
    }
}

/// Without --profile, each record is `check --profile P1`'s (P1 the first listed profile);
/// with --profile, that profile's.
#[test]
fn the_record_is_check_under_the_first_listed_profile() {
    let lines: Vec<String> = corpus()
        .into_iter()
        .filter(|l| !l.is_empty() && !l.contains(['\n', '\r']))
        .take(3000)
        .collect();
    let stdin = lines.join("\n") + "\n";
    let fields = |args: &[&str]| -> Vec<(String, String, String)> {
        run(args, stdin.as_bytes())
            .text()
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
                (
                    v["profile"].to_string(),
                    v["valid"].to_string(),
                    v["first_error"].to_string(),
                )
            })
            .collect()
    };
    for (agree_list, profile) in [("whatwg,rfc3986", "whatwg"), ("rfc3987,whatwg", "rfc3987")] {
        let with = fields(&["check", "--agree", agree_list, "-f", "json"]);
        let plain = fields(&["check", "--profile", profile, "-f", "json"]);
        assert_eq!(with.len(), lines.len());
        for (i, (a, b)) in with.iter().zip(&plain).enumerate() {
            assert_eq!(a, b, "{:?} under --agree {agree_list}", lines[i]);
        }
    }
    let with = fields(&[
        "check",
        "--agree",
        "whatwg,rfc3986",
        "-p",
        "rfc8141",
        "-f",
        "json",
    ]);
    let plain = fields(&["check", "-p", "rfc8141", "-f", "json"]);
    assert_eq!(with, plain);
}

/// The batch summary (`check --agree`'s text output and `--quiet`, the Arrow kernel) is
/// the whole agreement's first disagreement and first reading, on every line of the
/// corpora under several lists of profiles (more than it keeps on the stack, too).
#[test]
fn the_summary_is_the_agreements_first_disagreement_and_lead() {
    use idbench::engine::agree::summary;
    let mut lines = corpus();
    for dirty in [
        "\thttp://a.b/",
        " http://a.b/ ",
        "http:\\\\a.b\\c",
        "HTTP://A.B/%zz",
        "https://bücher.de/",
        "http://0x7f.1/",
        "http://a@b@c/",
        "http://a.b:99999/",
        "  http://[::1/ ",
        "\u{1}https://a.b/c d\u{0}",
        "ftp:\\\\a.b\\c?x\\y",
        "mailto:a b",
        "x:\\y",
        "http://a.b/c\td",
    ] {
        lines.push(dirty.to_string());
    }
    let sets: [&[Profile]; 4] = [
        &[Profile::Whatwg, Profile::Rfc3986],
        &[Profile::Rfc3986, Profile::Whatwg, Profile::Rfc3987],
        &[Profile::Whatwg, Profile::Rfc3986, Profile::Rfc2396],
        &[
            Profile::Rfc3987,
            Profile::Rfc3986,
            Profile::Whatwg,
            Profile::Rfc2396,
            Profile::Rfc1630,
        ],
    ];
    for profiles in sets {
        for line in &lines {
            let a = agree(line, profiles);
            let s = summary(line, profiles);
            assert_eq!(
                s.first,
                a.first().map(|d| (d.component, d.class)),
                "{line:?} under {profiles:?}"
            );
            let r = &a.readings[0];
            assert_eq!(
                s.lead,
                Some((r.profile, r.accepted, r.error)),
                "{line:?} under {profiles:?}"
            );
        }
    }
}
