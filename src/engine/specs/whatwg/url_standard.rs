//! The whatwg profile: the WHATWG URL Standard's basic URL parser (revision 6ae8486, 2 July
//! 2026; see [`super`]).
//!
//! Its grammar entry runs the standard's state machine and writes the URL record into the
//! tree ([`whatwg::tree::build`]): the components with their spans, every validation error
//! at its span (a warning; the failure an error with the standard's name), every rewrite a
//! note. `auto` never picks it (a user asks for it), so it is in no family's `auto` trials.

use crate::engine::descriptor::forms::{FormsSpec, GENERIC_FORMS};
use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::descriptor::ladder::{GENERIC_LADDER, LadderSpec, Rung};
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::descriptor::{Auto, Descriptor, ReadingMarks};
use crate::engine::family::Family;

use crate::engine::whatwg;

/// The WHATWG URL Standard.
pub static WHATWG: Descriptor = Descriptor {
    name: "whatwg",
    title: "WHATWG URL Standard (basic URL parser, revision 6ae8486 of 2 July 2026)",
    short: "the URL Standard",
    family: Family::Uri,
    grammar: GrammarEntry::WithBase(whatwg::tree::build),
    quick: Some(super::quick::whatwg),
    // The standard writes its syntax as an algorithm and prose: this is idbench's reading.
    rule_files: &[
        include_str!("url_standard.abnf"),
        crate::engine::specs::CORE,
    ],
    resolution: crate::engine::resolve::PARSE_AGAINST_BASE,
    readings: ReadingMarks::NONE,
    examples: include_str!("../../../../examples/ids/whatwg.txt"),
    abnf: None,
    auto: Auto::NEVER,
    forms: &FORMS,
    ladder: &LADDER,
    url_setters: true,
    nss_ends_at_query: false,
};

/// whatwg: the serialization is the canonical form (URL Standard §4.5).
static FORMS: FormsSpec = FormsSpec {
    make: whatwg::forms::make,
    // The URL Standard's forms: the serialization (§4.5) and the one without its fragment
    // (exclude fragment set), with the compared and the display form (both the
    // serialization); not the RFCs' IRI- and URI-normal forms, which it does not define.
    rows: Some(&["canonical", "display", "href", "href_no_fragment"]),
    ..GENERIC_FORMS
};

/// whatwg: URL equality (§4.6) compares the serializations (§4.5): the inputs as typed,
/// then their serializations without the fragments ("exclude fragments" set), then whole,
/// which decides (the standard's equality leaves "exclude fragments" unset).
static LADDER: LadderSpec = LadderSpec {
    rungs: &[
        Rung::Rewrites {
            name: "the inputs as typed",
            spec: "URL Standard §4.6 #concept-url-equals",
            rules: Rewrites::NONE,
        },
        Rung::Serializations {
            name: "the serializations without fragments (URL equals, exclude fragments set)",
            spec: "URL Standard §4.6 #concept-url-equals",
            exclude_fragments: true,
        },
        Rung::Serializations {
            name: "the serializations (URL serializer, §4.5; URL equals, §4.6)",
            spec: "URL Standard §4.6 #concept-url-equals",
            exclude_fragments: false,
        },
    ],
    section: "URL Standard §4.6 #concept-url-equals",
    ..GENERIC_LADDER
};

#[cfg(test)]
mod tests {
    use crate::engine::descriptor::Quick;
    use crate::engine::family::Family;
    use crate::engine::tree::NodeKind;
    use crate::engine::{Code, Options, Profile, Severity, analyze, whatwg};

    fn under(input: &str) -> crate::engine::Analysis {
        analyze(input, &Options::validate_only(Some(Profile::Whatwg)))
    }

    #[test]
    fn the_forms_are_the_url_standards_only() {
        let a = analyze(
            "HTTP://Example.COM/a#f",
            &Options {
                profile: Some(Profile::Whatwg),
                ..Options::full()
            },
        );
        let f = a.forms.as_ref().expect("forms");
        let names: Vec<&str> = f.rows().iter().map(|r| r.0).collect();
        assert_eq!(names, ["canonical", "display", "href", "href_no_fragment"]);
        assert_eq!(f.get("iri_normal"), None);
        assert_eq!(f.get("href"), Some("http://example.com/a#f"));
        // Another spec keeps the generic rows.
        let a = analyze(
            "HTTP://Example.COM/a#f",
            &Options {
                profile: Some(Profile::Rfc3986),
                ..Options::full()
            },
        );
        let names: Vec<&str> = a
            .forms
            .as_ref()
            .expect("forms")
            .rows()
            .iter()
            .map(|r| r.0)
            .collect();
        assert!(
            names.contains(&"iri_normal") && names.contains(&"uri_normal"),
            "{names:?}"
        );
    }

    #[test]
    fn the_tree_holds_the_records_components_at_their_spans() {
        let a = under("HTTPS://user:pw@Example.COM:8080/a/b?q=1#f");
        assert!(a.valid());
        let root = a.tree.root();
        assert_eq!(root.rule(), "url");
        assert_eq!(
            root.attr("href"),
            Some("https://user:pw@example.com:8080/a/b?q=1#f")
        );
        let parts: Vec<(&str, &str)> = root
            .children()
            .map(|n| (n.rule(), n.text(&a.input)))
            .collect();
        assert_eq!(
            parts,
            [
                ("scheme", "HTTPS"),
                ("username", "user"),
                ("password", "pw"),
                ("host", "Example.COM"),
                ("port", "8080"),
                ("path", "/a/b"),
                ("query", "q=1"),
                ("fragment", "f"),
            ]
        );
        for (k, v) in [
            ("origin", "https://example.com:8080"),
            ("protocol", "https:"),
            ("host", "example.com:8080"),
            ("search", "?q=1"),
            ("hash", "#f"),
            (
                "href_no_fragment",
                "https://user:pw@example.com:8080/a/b?q=1",
            ),
            ("valid_url_string", "false"),
        ] {
            assert_eq!(root.attr(k), Some(v), "{k}");
        }
        let host = a.tree.find(NodeKind::Host).expect("a host");
        assert_eq!(host.attr("value"), Some("example.com"));
        assert_eq!(host.attr("host_type"), Some("domain"));
        let segs: Vec<&str> = a
            .tree
            .iter()
            .filter(|n| n.kind() == NodeKind::Segment)
            .map(|n| n.text(&a.input))
            .collect();
        assert_eq!(segs, ["a", "b"]);
    }

    #[test]
    fn every_validation_error_is_reported_at_its_span() {
        let a = under("http:\\\\example.com\\a\\b");
        assert!(a.valid());
        let count = |code: Code| {
            a.diagnostics
                .iter()
                .filter(|d| d.code == code && d.severity == Severity::Warning)
                .map(|d| d.count)
                .sum::<usize>()
        };
        assert_eq!(count(Code::SpecialSchemeMissingFollowingSolidus), 3);
        assert_eq!(count(Code::InvalidReverseSolidus), 2);
        let a = under("http://0x7f.1/");
        let ipv4 = a
            .diagnostics
            .iter()
            .find(|d| d.code == Code::Ipv4TooFewParts)
            .expect("ipv4-too-few-parts");
        assert_eq!((ipv4.span.start, ipv4.span.end), (7, 13));
        assert_eq!(
            a.tree.find(NodeKind::Host).and_then(|h| h.attr("value")),
            Some("127.0.0.1")
        );
    }

    #[test]
    fn a_failure_is_an_error_with_the_standards_name_and_port_invalid_cites_the_standard() {
        let a = under("https://example.org:7z/");
        assert!(!a.valid());
        let e = a.first_error().expect("an error");
        assert_eq!(e.code, Code::PortInvalid);
        assert_eq!(e.spec, whatwg::OVERRIDES.section(Code::PortInvalid));
        assert_ne!(e.spec, Code::PortInvalid.section());
        assert_eq!((e.span.start, e.span.end), (21, 22));
        let a = under("no scheme");
        assert_eq!(
            a.first_error().map(|d| d.code),
            Some(Code::MissingSchemeNonRelativeUrl)
        );
    }

    #[test]
    fn auto_never_picks_it_and_no_family_tries_it() {
        assert!(Profile::ALL.contains(&Profile::Whatwg));
        for f in [Family::Uri, Family::Urn, Family::Xri] {
            assert!(!Profile::auto_order(f).contains(&Profile::Whatwg));
        }
        assert_eq!(Profile::Whatwg.auto_rank(), usize::MAX);
        let a = analyze("http://example.com\\x", &Options::validate_only(None));
        assert_ne!(a.profile, Profile::Whatwg);
    }

    #[test]
    fn the_quick_recognizer_agrees_with_the_tree() {
        // Its plain shape (no parser run) among them: sound on the edges of that shape.
        let edges = [
            "http://a.b/c?d#e",
            "https://EXAMPLE.com:65535/x",
            "https://example.com:65536/x",
            "http://a:/",
            "http://a:8x/",
            "http://1.2.3.4/",
            "http://a.1/",
            "http://a.0x1/",
            "http://a.b./",
            "http://a.1./",
            "http://xn--a.b/",
            "http://a.XN--pokxncvks/",
            "http://a..b/",
            "http://-a-/",
            "http:///",
            "http://a b/",
            "http://a/ ",
            "ftp://u@h/",
            "ws://h:0",
            "https://h\\x",
            "wss://a.b:00080/",
        ];
        // Bytes that are not UTF-8 are never judged quickly, whatever their shape.
        assert_eq!(
            crate::engine::specs::whatwg::quick::whatwg(b"http://a/\xC0\x80b?c#d"),
            Quick::Unknown
        );
        for input in edges
            .into_iter()
            .chain(crate::idsets::all().iter().map(|e| e.id.as_str()))
        {
            let a = under(input);
            let q = crate::engine::specs::whatwg::quick::whatwg(input.as_bytes());
            match (a.first_error(), q) {
                (_, Quick::Unknown) => {}
                (None, q) => assert_eq!(q, Quick::Valid, "{input}"),
                (Some(d), q) => assert_eq!(q, Quick::Invalid(d.code.as_str()), "{input}"),
            }
        }
        // Where it cannot tell (the machine's shapes), batch checking's verdict is the
        // first-error mode's, the same.
        for input in [
            "https://example.com/",
            "http://0x7f.1/",
            "https://example.org:7z/",
            "no scheme",
            "http://[::1",
            "",
        ] {
            let a = under(input);
            let q = crate::engine::specs::whatwg::quick::whatwg(input.as_bytes());
            let code = a.first_error().map(|d| d.code.as_str());
            match q {
                Quick::Unknown => {}
                Quick::Valid => assert_eq!(code, None, "{input}"),
                Quick::Invalid(c) => assert_eq!(Some(c), code, "{input}"),
            }
            assert_eq!(
                crate::engine::first_error(input, Some(Profile::Whatwg)),
                (Profile::Whatwg, code),
                "{input}"
            );
        }
        // The common shapes are told without the machine.
        for (input, q) in [
            ("https://example.com/", Quick::Valid),
            (
                "no scheme",
                Quick::Invalid("missing-scheme-non-relative-url"),
            ),
            ("https://example.org:7z/", Quick::Invalid("port-invalid")),
            ("http://0x7f.1/", Quick::Valid),
            // Past the fast path's shapes the quick recognizer runs the machine once and
            // names its failure (a second run for the code would be the same run).
            ("http://[::1", Quick::Invalid("ipv6-unclosed")),
        ] {
            assert_eq!(
                crate::engine::specs::whatwg::quick::whatwg(input.as_bytes()),
                q,
                "{input}"
            );
        }
    }
}
