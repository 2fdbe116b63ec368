//! Unit tests of the rewriter on hand-built trees that follow the grammars' tree contract,
//! so the structural rules are checked independently of any grammar.

use super::*;
use crate::engine::Profile;
use crate::engine::specs::xri::forms::iri_normal_to_xri;
use crate::engine::tree::{Builder, NodeKind};

/// Builds an input and its tree from a marked-up string: `{kind,key=val,...:` opens a node
/// of that kind (a `rule=` key sets the rule) at the current input position and `}` closes
/// it; everything else is input text.
fn marked(src: &str) -> (String, Tree) {
    let mut input = String::new();
    let mut ops: Vec<(bool, usize, String)> = Vec::new();
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                let mut head = String::new();
                for h in chars.by_ref() {
                    if h == ':' {
                        break;
                    }
                    head.push(h);
                }
                ops.push((true, input.len(), head));
            }
            '}' => ops.push((false, input.len(), String::new())),
            _ => input.push(c),
        }
    }
    let mut b = Builder::new(&input);
    for (open, at, head) in ops {
        if open {
            let mut parts = head.split(',');
            let kind = NodeKind::from_name(parts.next().unwrap_or("")).expect("known kind");
            let id = b.start(kind, "", at);
            for kv in parts {
                let (k, v) = kv.split_once('=').expect("key=value");
                if k == "rule" {
                    b.set_rule(id, Box::leak(v.to_string().into_boxed_str()));
                } else {
                    b.attr(id, Box::leak(k.to_string().into_boxed_str()), v.to_string());
                }
            }
        } else {
            b.finish(at);
        }
    }
    let (tree, _) = b.build();
    (input, tree)
}

fn forms(src: &str, profile: Profile) -> (String, Forms) {
    let (input, tree) = marked(src);
    let f = compute(&input, &profile.descriptor(), &tree);
    (input, f)
}

/// `xri://@example/(xri://@example2/abc?id=1)`, the §2.3.2 example, as the XRI grammar
/// builds it.
const XRI_232: &str = "{xri:{scheme:xri}://{authority,rule=gcs-authority:{gcs,symbol=@:@}{subsegment,delim=:example}}\
{path:/{segment:{subsegment,delim=:{xref,content=xri:({xri:{scheme:xri}://{authority,rule=gcs-authority:{gcs,symbol=@:@}\
{subsegment,delim=:example2}}{path:/{segment:{subsegment,delim=:abc}}}?{query:id=1}})}}}}}";

#[test]
fn marked_trees_read_back() {
    let (input, tree) = marked(XRI_232);
    assert_eq!(input, "xri://@example/(xri://@example2/abc?id=1)");
    let x = tree.find(NodeKind::Xref).unwrap();
    assert_eq!(x.text(&input), "(xri://@example2/abc?id=1)");
    assert_eq!(x.attr("content"), Some("xri"));
}

#[test]
fn xri_iri_normal_escapes_inside_cross_references() {
    let (_, f) = forms(XRI_232, Profile::Xri2);
    assert_eq!(
        f.xri_normal.as_deref(),
        Some("xri://@example/(xri://@example2/abc?id=1)")
    );
    assert_eq!(
        f.iri_normal,
        "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)"
    );
    assert_eq!(f.uri_normal, f.iri_normal);
    assert_eq!(
        iri_normal_to_xri(&f.iri_normal).0,
        "xri://@example/(xri://@example2/abc?id=1)"
    );
}

#[test]
fn xri_iri_normal_escapes_percent_and_adds_prefix() {
    let src = "{xri:{authority,rule=gcs-authority:{gcs,symbol=@:@}{subsegment,delim=:example.com}}{path:/{segment:\
{subsegment,delim=:{xref,content=xri:({xri:{authority,rule=gcs-authority:{gcs,symbol=@:@}{subsegment,delim=:example}}\
{path:/{segment:{subsegment,delim=:abc%2fd}}/{segment:{subsegment,delim=:ef}}}})}}}}}";
    let (input, f) = forms(src, Profile::Xri2);
    assert_eq!(input, "@example.com/(@example/abc%2fd/ef)");
    assert_eq!(
        f.xri_normal.as_deref(),
        Some("@example.com/(@example/abc%2Fd/ef)")
    );
    assert_eq!(
        f.iri_normal,
        "xri://@example.com/(@example%2Fabc%252Fd%2Fef)"
    );
    assert_eq!(
        f.canonical,
        "xri://@example.com/(xri://@example/abc%2Fd/ef)"
    );
}

#[test]
fn xri_table_2_rows_on_hand_built_trees() {
    let auth = |a: &str| {
        format!("{{authority,rule=gcs-authority:{{gcs,symbol=@:@}}{{subsegment,delim=:{a}}}}}")
    };
    let cases: Vec<(String, &str)> = vec![
        (format!("{{xri:{}}}", auth("example")), "xri://@example"),
        (
            format!("{{xri:{{scheme:XRI}}://{}}}", auth("example")),
            "xri://@example",
        ),
        (
            format!("{{xri:{{scheme:xri}}://{}}}", auth("Example")),
            "xri://@example",
        ),
        (
            format!("{{xri:{{scheme:xri}}://{}}}", auth("example%2f")),
            "xri://@example%2F",
        ),
        (
            format!(
                "{{xri:{{scheme:xri}}://{}{{path:/{{segment:{{subsegment,delim=*:*abc}}}}}}}}",
                auth("example")
            ),
            "xri://@example/abc",
        ),
        (
            format!("{{xri:{{scheme:xri}}://{}}}", auth("ex%61mple")),
            "xri://@example",
        ),
        (
            format!(
                "{{xri:{{scheme:xri}}://{}{{path:/{{segment:{{subsegment,delim=:.}}}}/{{segment:{{subsegment,delim=:abc}}}}}}}}",
                auth("example")
            ),
            "xri://@example/abc",
        ),
    ];
    for (src, want) in cases {
        let (input, f) = forms(&src, Profile::Xri2);
        assert_eq!(f.canonical, want, "{input}");
    }
}

#[test]
fn xri_star_rules() {
    let seg = |s: &str| format!("{{segment:{s}}}");
    let sub = |d: &str, t: &str| format!("{{subsegment,delim={d}:{t}}}");
    let xri = |path: &str| {
        format!(
            "{{xri:{{scheme:xri}}://{{authority,rule=gcs-authority:{{gcs,symbol=@:@}}{}}}{{path:{path}}}}}",
            sub("*", "*a")
        )
    };
    let cases = [
        (
            xri(&format!(
                "/{}",
                seg(&(sub("*", "*foo") + &sub("*", "*bar")))
            )),
            "xri://@a/foo*bar",
        ),
        (
            xri(&format!("/{}", seg(&(sub("*", "*") + &sub("!", "!b"))))),
            "xri://@a/*!b",
        ),
        (xri(&format!("/{}", seg(&sub("*", "*.")))), "xri://@a/*."),
        (
            xri(&format!("/{}", seg(&sub("*", "*%2E%2E")))),
            "xri://@a/*..",
        ),
        (xri(&format!("/{}", seg(&sub("!", "!b")))), "xri://@a/!b"),
    ];
    for (src, want) in cases {
        let (input, f) = forms(&src, Profile::Xri2);
        assert_eq!(f.canonical, want, "{input}");
    }
    // A relative XRI may not start with "(" (SPEC-NOTES XRI 4): its star stays.
    let src = "{relative-xri:{path:{segment:{subsegment,delim=*:*{xref,content=xri:({xri:{authority,rule=gcs-authority:\
{gcs,symbol=+:+}{subsegment,delim=:b}}})}}}/{segment:{subsegment,delim=*:*c}}}}";
    let (input, f) = forms(src, Profile::Xri2);
    assert_eq!(input, "*(+b)/*c");
    assert_eq!(f.canonical, "*(xri://+b)/c");
}

#[test]
fn xri_recursion_into_cross_references() {
    // §2.5.4: xri://@example/(+example/(+foo)) and xri://@example/(+Example/(+FOO)).
    let make = |a: &str, b: &str| {
        format!(
            "{{xri:{{scheme:xri}}://{{authority,rule=gcs-authority:{{gcs,symbol=@:@}}{{subsegment,delim=:example}}}}\
{{path:/{{segment:{{subsegment,delim=:{{xref,content=xri:({{xri:{{authority,rule=gcs-authority:{{gcs,symbol=+:+}}\
{{subsegment,delim=:{a}}}}}{{path:/{{segment:{{subsegment,delim=:{{xref,content=xri:({{xri:{{authority,rule=gcs-authority:\
{{gcs,symbol=+:+}}{{subsegment,delim=:{b}}}}}}})}}}}}}}}}})}}}}}}}}}}"
        )
    };
    let (i1, f1) = forms(&make("example", "foo"), Profile::Xri2);
    let (i2, f2) = forms(&make("Example", "FOO"), Profile::Xri2);
    assert_eq!(i2, "xri://@example/(+Example/(+FOO))");
    assert_eq!(
        f1.canonical, "xri://@example/(xri://+example/(xri://+foo))",
        "{i1}"
    );
    assert_eq!(f1.canonical, f2.canonical);
    assert_eq!(f2.iri_normal, "xri://@example/(+Example%2F(+FOO))");
}

#[test]
fn xri_iri_cross_reference_is_canonical_for_its_scheme() {
    let src = "{xri:{scheme:xri}://{authority,rule=gcs-authority:{gcs,symbol=@:@}{subsegment,delim=:a}}{path:/\
{segment:{subsegment,delim=:{xref,content=iri:({iri:{scheme:HTTP}://{authority:{host:Example.COM}}{path:/a/./b/../%7ec}})}}}}}";
    let (input, f) = forms(src, Profile::Xri2);
    assert_eq!(input, "xri://@a/(HTTP://Example.COM/a/./b/../%7ec)");
    assert_eq!(f.canonical, "xri://@a/(http://example.com/a/~c)");
    assert_eq!(
        f.iri_normal,
        "xri://@a/(HTTP:%2F%2FExample.COM%2Fa%2F.%2Fb%2F..%2F~c)"
    );
}

#[test]
fn xri_normal_form_encodes_and_decodes_minimally() {
    let (_, f) = forms(
        "{xri:{scheme:xri}://{authority,rule=gcs-authority:{gcs,symbol=@:@}{subsegment,delim=:a}}{path:/{segment:{subsegment,delim=:b c%c3%a9%2a%zz\u{FB01}}}}}",
        Profile::Xri2,
    );
    assert_eq!(f.xri_normal.as_deref(), Some("xri://@a/b%20cé%2A%25zzfi"));
    assert!(
        f.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "nfkc-changed"),
        "{:?}",
        f.diagnostics
    );
    let (_, f) = forms(
        "{xri:{scheme:xri}://{authority,rule=gcs-authority:{gcs,symbol=@:@}{subsegment,delim=:a\u{FF20}b}}}",
        Profile::Xri2,
    );
    // NFKC makes "@" of U+FF20 (§2.1.1); the "@" is data, so it is percent-encoded (§2.1.2,
    // §2.1.4).
    assert_eq!(f.xri_normal.as_deref(), Some("xri://@a%40b"));
    assert!(
        f.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "nfkc-made-delimiter")
    );
}

#[test]
fn unparsed_trees_still_get_text_rules() {
    let (input, tree) = marked("{unparsed:@Example/(@b/c%2f)}");
    let f = compute(&input, &Profile::Xri2.descriptor(), &tree);
    assert_eq!(f.iri_normal, "xri://@Example/(@b%2Fc%252F)");
    assert_eq!(f.canonical, "xri://@Example/(@b/c%2F)");
    let (input, tree) = marked("{unparsed:HTTP://a/%7e}");
    let f = compute(&input, &Profile::Rfc3986.descriptor(), &tree);
    assert_eq!(f.canonical, "http://a/~");
}

#[test]
fn uri_canonical_and_scheme_based() {
    let uri = |s: &str, a: &str, p: &str| {
        format!("{{uri:{{scheme:{s}}}://{{authority:{a}}}{{path:{p}}}}}")
    };
    let cases = [
        (
            uri("HTTP", "{host:www.EXAMPLE.com}", "/"),
            "http://www.example.com/",
            "http://www.example.com/",
        ),
        (
            uri("eXAMPLE", "{host:a}", "/./b/../b/%63/%7bfoo%7d"),
            "example://a/b/c/%7Bfoo%7D",
            "example://a/b/c/%7Bfoo%7D",
        ),
        (
            uri("http", "{host:example.com}", ""),
            "http://example.com",
            "http://example.com/",
        ),
        (
            uri("http", "{host:example.com}:", "/"),
            "http://example.com:/",
            "http://example.com/",
        ),
        (
            uri("http", "{host:example.com}:{port:80}", "/"),
            "http://example.com:80/",
            "http://example.com/",
        ),
        (
            uri("https", "{host:[::1]}:{port:0443}", ""),
            "https://[::1]:0443",
            "https://[::1]/",
        ),
        (
            uri("http", "{host:a}:{port:8080}", ""),
            "http://a:8080",
            "http://a:8080/",
        ),
        (
            uri("foo", "{host:a}:{port:80}", ""),
            "foo://a:80",
            "foo://a:80",
        ),
        (
            uri("http", "{userinfo:U%41}@{host:%41}", ""),
            "http://UA@a",
            "http://UA@a/",
        ),
    ];
    for (src, canonical, scheme) in cases {
        let (input, f) = forms(&src, Profile::Rfc3986);
        assert_eq!(f.canonical, canonical, "{input}");
        assert_eq!(f.canonical_scheme.as_deref(), Some(scheme), "{input}");
    }
    // Dot-segments of a relative reference are meaningful and stay.
    let (_, f) = forms("{relative-ref:{path:../a/./b}}", Profile::Rfc3986);
    assert_eq!(f.canonical, "../a/./b");
}

#[test]
fn iri_forms() {
    let (_, f) = forms(
        "{iri:{scheme:http}://{authority:{host:www.example.org}}{path:/r%C3%A9sum%c3%a9.html}}",
        Profile::Rfc3987,
    );
    assert_eq!(f.iri_normal, "http://www.example.org/résumé.html");
    assert_eq!(f.uri_normal, "http://www.example.org/r%C3%A9sum%C3%A9.html");
    assert_eq!(f.canonical, "http://www.example.org/résumé.html");
    let (_, f) = forms(
        "{iri:{scheme:http}://{authority:{host:a}}{path:/r%C3%A9}}",
        Profile::Rfc3986,
    );
    assert_eq!(
        f.canonical, "http://a/r%C3%A9",
        "RFC 3986 decodes ASCII unreserved only"
    );
    let (_, f) = forms(
        "{iri:{scheme:http}://{authority:{host:a}}{path:/e\u{301}}}",
        Profile::Rfc3987,
    );
    assert_eq!(f.canonical, "http://a/e\u{301}");
    assert!(
        f.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "canonical-not-nfc")
    );
}

#[test]
fn www_draft_examples() {
    let src = |p: &str| format!("{{uri:{{scheme:http}}:{{path://www.w3.org/albert/bertram{p}}}}}");
    let (_, a) = forms(&src("/marie-claude"), Profile::Rfc1630);
    let (_, b) = forms(&src("/marie%2Dclaude"), Profile::Rfc1630);
    let (_, c) = forms(&src("%2Fmarie-claude"), Profile::Rfc1630);
    assert_eq!(a.canonical, b.canonical, "Example 1");
    assert_ne!(a.canonical, c.canonical, "Example 2");
    assert_eq!(
        c.canonical,
        "http://www.w3.org/albert/bertram%2Fmarie-claude"
    );
    let (_, f) = forms(
        "{uri:{scheme:x}:{path:{segment:a%2b}/{segment:%2E%2e}/{segment:%20}}?{query:{search-term:b%2b%41}}#{fragment:%2b}}",
        Profile::Rfc1630,
    );
    assert_eq!(f.canonical, "x:a+/%2E%2E/%20?b%2BA#%2B");
}

#[test]
fn urn_forms() {
    let urn = |rest: &str| format!("{{urn:{{scheme:URN}}:{{nid:FOO}}:{rest}}}");
    let (_, f) = forms(&urn("{nss:a123%2c456}"), Profile::Rfc2141);
    assert_eq!(f.canonical, "urn:foo:a123%2C456");
    assert_eq!(f.display, "URN:FOO:a123,456");
    assert_eq!(
        f.diagnostics
            .iter()
            .filter(|d| d.code.as_str() == "display-ambiguous")
            .count(),
        1
    );
    let (_, f) = forms(
        &urn(
            "{nss:a}?{query:{directive:{keyword:s}={value:I2L}}&{directive:{keyword:c}={value:%7e}}}#{fragment:x}",
        ),
        Profile::Rfc2141bis,
    );
    assert_eq!(f.canonical, "urn:foo:a");
    assert_eq!(f.canonical_cache.as_deref(), Some("urn:foo:a?c=%7E&s=I2L"));
    let (_, f) = forms(
        &urn("{nss:a%C3%A9}?+{r-component:x}?={q-component:y}#{f-component:z}"),
        Profile::Rfc8141,
    );
    assert_eq!(f.canonical, "urn:foo:a%C3%A9");
    assert_eq!(f.iri_normal, "URN:FOO:aé?+x?=y#z");
    assert_eq!(f.display, "URN:FOO:aé?+x?=y#z");
}

#[test]
fn ladders_compose_to_canonical_on_fixed_trees() {
    // With hand-built trees, each step's rules applied to the same tree in one pass must
    // give canonical when all are applied together (the re-parsing ladder is tested in
    // tests/forms.rs with the real grammars).
    for p in Profile::ALL {
        let mut all = Rewrites::NONE;
        for s in steps(&p.descriptor(), false) {
            all = all | s.rules;
        }
        assert_eq!(all, p.descriptor().forms.canonical, "{p}");
    }
    let mut all = Rewrites::NONE;
    for s in steps(&Profile::Rfc2141bis.descriptor(), true) {
        all = all | s.rules;
    }
    assert_eq!(all, cache_rules());
}

#[test]
fn deep_nesting_is_capped() {
    let depth = 400;
    let mut src = String::from(
        "{xri:{scheme:xri}://{authority,rule=gcs-authority:{gcs,symbol=@:@}{subsegment,delim=:a}}{path:/",
    );
    for _ in 0..depth {
        src.push_str("{segment:{subsegment,delim=:{xref,content=relative:({relative-xri:{path:");
    }
    src.push('b');
    for _ in 0..depth {
        src.push_str("}})}}}");
    }
    src.push_str("}}");
    let (input, f) = forms(&src, Profile::Xri2);
    assert!(input.contains("(b)))") && input.ends_with(")))"));
    assert!(
        f.diagnostics
            .iter()
            .any(|d| d.code.as_str() == "forms-depth-limit")
    );
    assert!(f.canonical.starts_with("xri://@a/((("));
}

#[test]
fn every_built_in_profile_has_forms_of_its_own() {
    // Today's specs each state their forms; a new profile may take the generic ones
    // (`GENERIC_FORMS`: every form as typed), which its descriptor says in so many words.
    for p in [
        Profile::Rfc3986,
        Profile::Rfc3987,
        Profile::Rfc1630,
        Profile::Rfc2141,
        Profile::Rfc2141bis,
        Profile::Rfc8141,
        Profile::Xri2,
        Profile::Whatwg,
    ] {
        assert!(
            !std::ptr::eq(p.descriptor().forms, &GENERIC_FORMS),
            "{p} has no forms spec"
        );
    }
    for p in Profile::ALL {
        let spec = p.descriptor().forms;
        let cache = spec
            .cache_steps
            .map(|c| c.iter().fold(Rewrites::NONE, |r, s| r | s.rules));
        assert_eq!(
            cache, spec.cache,
            "{p}: the caching ladder makes the caching form"
        );
    }
}

#[test]
fn generic_forms_are_the_input_as_typed() {
    // A profile without forms of its own (one loaded at run time) gets every form as typed
    // and no diagnostics, whatever its tree says.
    let (input, tree) = marked("{uri:{scheme:HTTP}://{authority:{host:EXAMPLE}}{path:/a/./%7e}}");
    let rfc3986 = Profile::Rfc3986.descriptor();
    let generic = Under {
        forms: &GENERIC_FORMS,
        ..Under::of(&rfc3986)
    };
    let f = make::compute(&input, generic, &tree);
    assert_eq!(input, "HTTP://EXAMPLE/a/./%7e");
    for (name, value) in f.rows() {
        assert_eq!(value, input, "{name}");
    }
    assert_eq!(
        f.rows().iter().map(|r| r.0).collect::<Vec<_>>(),
        ["iri_normal", "uri_normal", "canonical", "display"]
    );
    assert!(f.diagnostics.is_empty());
    assert!(GENERIC_FORMS.steps.is_empty() && GENERIC_FORMS.canonical == Rewrites::NONE);
    // The same tree under rfc3986's own spec is normalized.
    let f = make::compute(&input, Under::of(&rfc3986), &tree);
    assert_eq!(f.canonical, "http://example/a/~");
}

/// Identifiers to rewrite: every identifier set's first and last fields (an identifier and,
/// mostly, a form of one), and made-up ones with what the rules act on (capitals, "%",
/// dot-segments, non-ASCII, cross-references nested deep, past the walk's depth limit).
fn rewrite_corpus() -> Vec<String> {
    let sets = [
        include_str!("../../../examples/ids/rfc1630.txt"),
        include_str!("../../../examples/ids/rfc2141.txt"),
        include_str!("../../../examples/ids/rfc2141bis.txt"),
        include_str!("../../../examples/ids/rfc2396.txt"),
        include_str!("../../../examples/ids/rfc3986.txt"),
        include_str!("../../../examples/ids/rfc3987.txt"),
        include_str!("../../../examples/ids/rfc8141.txt"),
        include_str!("../../../examples/ids/whatwg.txt"),
        include_str!("../../../examples/ids/xri2.txt"),
    ];
    let mut out: Vec<String> = Vec::new();
    for line in sets.iter().flat_map(|s| s.lines()) {
        if line.is_empty() || line.starts_with(['#', '@', '[']) {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        out.extend(fields.first().map(|s| s.to_string()));
        out.extend(fields.last().map(|s| s.to_string()));
    }
    for d in [1, 2, 5, 40, 70, 120] {
        out.push(format!("{}=b{}", "=a*(".repeat(d), ")".repeat(d)));
        out.push(format!(
            "xri://{}@B/c?d#e{}",
            "@A*(".repeat(d),
            ")".repeat(d)
        ));
        out.push(format!("{}+x/./y/%41{}", "(".repeat(d), ")".repeat(d)));
    }
    out.extend(
        [
            "xri://@example/(xri://@example2/abc?id=1)",
            "=a*(http://Ex.com/a/./b?x#y)/(@B*c)/d",
            "xri://=a/(=b/c?d#e)/f%2fg",
            "xri://=a/(=b%2Fc)/../x",
            "@a/(+b/(+c))/(d",
            "=a*(=b)",
            "xri://@a/b＠c/（d）",
            "=Ａ*(=ｂ)/x",
            "HTTP://Example.COM:80/a/./b/../c?Q#F",
            "http://example.com//a",
            "urn:ISBN:0-395-36341-1?+r?=q#f",
            "a/b/(c)",
            "mailto:Joe@Example.COM",
            "",
            "%",
            "(",
        ]
        .map(String::from),
    );
    out
}

/// The rule sets the forms and the comparisons' ladders rewrite with, per profile: each
/// ladder's rungs as they add up, each form's rules, and the XRI-normal form's.
fn rule_sets(d: &crate::engine::descriptor::Descriptor) -> Vec<Rewrites> {
    use crate::engine::descriptor::ladder::Rung;
    let mut sets = vec![Rewrites::NONE, Rewrites::XRI_NORMAL, d.forms.canonical];
    sets.extend(d.forms.cache);
    sets.push(d.forms.canonical | Rewrites::SCHEME_BASED);
    for cache in [false, true] {
        let mut r = Rewrites::NONE;
        for s in d.forms.steps(cache) {
            r = r | s.rules;
            sets.push(r);
        }
    }
    let mut r = Rewrites::NONE;
    for rung in d.ladder.rungs {
        if let Rung::Rewrites { rules, .. } = rung {
            r = r | *rules;
            sets.push(r);
        }
    }
    sets
}

#[test]
fn inert_rules_change_no_rewrite() {
    // `inert_rules(text)` may be added to any rules without changing the rewrite of
    // `text` (its text and diagnostics), under every profile's grammar and rules.
    let corpus = rewrite_corpus();
    let mut acted = 0;
    for p in Profile::ALL {
        let d = p.descriptor();
        let sets = rule_sets(&d);
        for input in &corpus {
            let (tree, _) = d.grammar.parse(input);
            let inert = rewrite::inert_rules(input);
            for &rules in &sets {
                let with = rules | inert;
                if with == rules {
                    continue;
                }
                acted += 1;
                assert_eq!(
                    rewrite(input, Under::of(&d), &tree, rules),
                    rewrite(input, Under::of(&d), &tree, with),
                    "{p}: {input:?} by {rules:?} and with {inert:?}"
                );
            }
        }
    }
    assert!(acted > 1000, "the rules were added {acted} times only");
    // What a rule can act on keeps it out.
    assert_eq!(rewrite::inert_rules("=a/%41"), Rewrites::NONE);
    for (text, rule) in [
        ("=A", Rewrites::HOST_CASE),
        ("=a/./b", Rewrites::DOT_SEGMENTS),
        ("a:/x//y", Rewrites::DOT_SEGMENTS),
        ("=ａ", Rewrites::HOST_CASE),
    ] {
        assert!(
            !rewrite::inert_rules(text).contains(rule),
            "{text} {rule:?}"
        );
    }
    assert!(rewrite::inert_rules("=a*(=b)").contains(
        Rewrites::HEX_CASE
            | Rewrites::DECODE_UNRESERVED
            | Rewrites::SCHEME_CASE
            | Rewrites::HOST_CASE
            | Rewrites::NID_CASE
            | Rewrites::DOT_SEGMENTS
    ));
}

#[test]
fn iri_escaped_is_the_walk_with_prefix_and_escaping() {
    // The IRI-normal form made from a rewrite's text and shape equals the walk with
    // `XRI_PREFIX` and `IRI_ESCAPE` added, for every input under every profile's grammar
    // (the XRI grammar's trees have the prefixes and cross-references it acts on).
    let corpus = rewrite_corpus();
    let mut made = 0;
    for p in Profile::ALL {
        let d = p.descriptor();
        let mut sets = rule_sets(&d);
        sets.retain(|r| !r.intersects(Rewrites::XRI_PREFIX | Rewrites::IRI_ESCAPE));
        for input in &corpus {
            let (tree, _) = d.grammar.parse(input);
            for &rules in &sets {
                let (out, _, shape) = rewrite::rewrite_shaped(input, Under::of(&d), &tree, rules);
                let Some(made_from) = rewrite::iri_escaped(&out, &shape) else {
                    continue;
                };
                made += 1;
                let walked = rules | Rewrites::XRI_PREFIX | Rewrites::IRI_ESCAPE;
                assert_eq!(
                    made_from,
                    rewrite(input, Under::of(&d), &tree, walked).0,
                    "{p}: {input:?} by {rules:?}"
                );
            }
        }
    }
    assert!(made > 1000, "made {made} times only");
    // Not made where the walk had no tree, or already had the rules.
    let d = Profile::Xri2.descriptor();
    let (tree, _) = d.grammar.parse("=a*(=b)");
    let iri = Rewrites::XRI_NORMAL | Rewrites::IRI_ESCAPE;
    let (out, _, shape) = rewrite::rewrite_shaped("=a*(=b)", Under::of(&d), &tree, iri);
    assert_eq!(rewrite::iri_escaped(&out, &shape), None);
    let (tree, _) = d.grammar.parse("=a*(=b/c)");
    let (out, _, shape) =
        rewrite::rewrite_shaped("=a*(=b/c)", Under::of(&d), &tree, Rewrites::XRI_NORMAL);
    assert_eq!(
        rewrite::iri_escaped(&out, &shape).as_deref(),
        Some("xri://=a*(=b%2Fc)")
    );
}
