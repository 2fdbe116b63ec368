//! The direct paths of the equivalence key and the `canonical` / `canonical_namespace`
//! forms (`idbench::engine::key::fast`, issue 41's kernels) give byte for byte what the
//! general path gives: the analysis, the parse, the ladder and the forms. Checked on every
//! line of the corpora (the validate sample, a slice of the kernel benchmark's mixed
//! corpus, every identifier set's identifiers and ladder examples) and on generated
//! identifiers of the shapes the direct paths take, with their near misses (case, ports,
//! percent-encodings, dot-segments, IDN hosts, check digits).

use std::sync::LazyLock;

use idbench::engine::equiv::{CompareOptions, compare_with};
use idbench::engine::forms;
use idbench::engine::key::fast::{self, Fast, FastScratch, Form};
use idbench::engine::key::{equivalence_key, slow_key};
use idbench::engine::{Options, Profile, analyze, first_error, specs};
use idbench::idsets::{self, Expect};
use proptest::prelude::*;

/// Every identifier of the corpora.
static CORPUS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut v: Vec<String> = include_str!("data/validate-sample.txt")
        .lines()
        .chain(include_str!("data/kernel-mix.txt").lines())
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("== "))
        .map(str::to_string)
        .collect();
    for e in idsets::all() {
        v.push(e.id.clone());
        if let Expect::Pair { other, .. } = &e.expect {
            v.push(other.clone());
        }
    }
    v.sort();
    v.dedup();
    v
});

/// The form `name` of `x` under `auto` by the general path, as the kernel's `normalize`
/// computes it: the profile `check` picks, one parse, the forms of that tree
/// (`canonical`), or the analysis with the layers (`canonical_namespace`).
fn slow_form(x: &str, name: &str) -> Option<String> {
    if name == "canonical_namespace" {
        let a = analyze(
            x,
            &Options {
                all_profiles: false,
                ..Options::full()
            },
        );
        return a
            .forms
            .as_ref()
            .and_then(|f| f.get(name))
            .map(str::to_string);
    }
    let p = first_error(x, None).0;
    let (tree, _) = specs::parse(p, x);
    forms::compute(x, &p.descriptor(), &tree)
        .get(name)
        .map(str::to_string)
}

/// Compares the direct paths with the general ones on `x`; the number of answers the
/// direct paths gave (0 to 4).
fn same(x: &str, scratch: &mut FastScratch) -> Result<usize, String> {
    let mut buf = String::new();
    let mut fast_answers = 0;
    for ns in [true, false] {
        match fast::equivalence_key(x, ns, scratch, &mut buf) {
            Fast::Wrote => {
                fast_answers += 1;
                let slow = slow_key(x, None, ns);
                if buf != slow {
                    return Err(format!(
                        "key of {x:?} (namespaces {ns}): fast {buf:?}, slow {slow:?}"
                    ));
                }
            }
            Fast::Null => return Err(format!("key of {x:?}: null")),
            Fast::Slow => {}
        }
        // The engine's own entry takes the direct path and agrees too.
        let key = equivalence_key(x, None, ns);
        let slow = slow_key(x, None, ns);
        if key != slow {
            return Err(format!("equivalence_key({x:?}) {key:?}, slow {slow:?}"));
        }
    }
    for (which, name) in [
        (Form::Canonical, "canonical"),
        (Form::CanonicalNamespace, "canonical_namespace"),
    ] {
        let got = match fast::form(x, which, scratch, &mut buf) {
            Fast::Wrote => Some(buf.clone()),
            Fast::Null => None,
            Fast::Slow => continue,
        };
        fast_answers += 1;
        let slow = slow_form(x, name);
        if got != slow {
            return Err(format!("{name} of {x:?}: fast {got:?}, slow {slow:?}"));
        }
    }
    Ok(fast_answers)
}

#[test]
fn the_direct_paths_agree_on_every_corpus_line() {
    let mut scratch = FastScratch::new();
    let mut failures = Vec::new();
    let mut fast_lines = 0;
    for x in CORPUS.iter() {
        match same(x, &mut scratch) {
            Ok(n) => fast_lines += usize::from(n > 0),
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} lines differ:\n{}",
        failures.len(),
        CORPUS.len(),
        failures.join("\n")
    );
    // The direct paths are taken, not only given up on.
    assert!(
        fast_lines * 2 > CORPUS.len(),
        "{fast_lines} of {} lines took a direct path",
        CORPUS.len()
    );
}

/// The benchmark's mixed corpus: nearly every line takes a direct path (the rest are the
/// broken lines, IDN hosts, relative references with dot-segments, ...).
#[test]
fn most_of_the_mixed_corpus_takes_a_direct_path() {
    let mut scratch = FastScratch::new();
    let mut buf = String::new();
    let lines: Vec<&str> = include_str!("data/kernel-mix.txt").lines().collect();
    let fast = lines
        .iter()
        .filter(|x| fast::equivalence_key(x, true, &mut scratch, &mut buf) == Fast::Wrote)
        .count();
    assert!(
        fast * 100 >= lines.len() * 85,
        "{fast} of {} lines took the direct path",
        lines.len()
    );
}

/// The shapes the direct paths know, found by their answers (written, or null where the
/// form does not apply).
#[test]
fn shapes_of_the_direct_paths() {
    let mut s = FastScratch::new();
    let mut buf = String::new();
    let key = |x: &str, s: &mut FastScratch, buf: &mut String| {
        (fast::equivalence_key(x, true, s, buf) == Fast::Wrote).then(|| buf.clone())
    };
    assert_eq!(
        key("HTTP://Www.Example.COM:080?q=%2c#F", &mut s, &mut buf).as_deref(),
        Some("uri http://www.example.com/?q=%2C#F")
    );
    assert_eq!(
        key("http://例え.jp/テスト", &mut s, &mut buf).as_deref(),
        Some("uri http://xn--r8jz45g.jp/テスト"),
        "an IDN host in ACE form"
    );
    assert_eq!(
        key("mailto:Joe@Example.COM", &mut s, &mut buf).as_deref(),
        Some("uri mailto:Joe@example.com")
    );
    assert_eq!(
        key(
            "URN:UUID:0A1B2C3D-0000-0000-0000-00000000000F?+r#f",
            &mut s,
            &mut buf
        )
        .as_deref(),
        Some("urn+uuid urn:uuid:0a1b2c3d-0000-0000-0000-00000000000f")
    );
    // A dot-segment, a percent-encoded unreserved letter, a broken line, an XRI: the
    // general path.
    for x in [
        "http://a/b/../c",
        "http://a/%41",
        "http://a b/",
        "xri://@a",
        "http://xn--r8jz45g.jp/",
    ] {
        assert_eq!(
            fast::equivalence_key(x, true, &mut s, &mut buf),
            Fast::Slow,
            "{x}"
        );
    }
    assert_eq!(
        fast::form("http://a/", Form::CanonicalNamespace, &mut s, &mut buf),
        Fast::Null
    );
}

/// A URI or URN of the shapes the direct paths take, and their near misses.
fn identifier() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http", "HTTP", "https", "HttpS", "ws", "wss", "ftp", "ldap", "file", "mailto", "tel",
        "urn", "foo+bar", "x-y.z",
    ]);
    let host = prop::sample::select(vec![
        "example.com",
        "Example.COM",
        "www.b-c.org",
        "1.2.3.4",
        "[2001:DB8::1]",
        "[v1.x]",
        "xn--r8jz45g.jp",
        "例え.jp",
        "www.bücher.de",
        "Bücher.DE",
        "ab--c.de",
        "a%41b.com",
        "",
        "user:pw@Host.de",
        "Ü@host",
    ]);
    let port = prop::sample::select(vec!["", ":", ":80", ":080", ":443", ":21", ":8080", ":0"]);
    let piece = prop::sample::select(vec![
        "a",
        "B",
        "index.html",
        ".",
        "..",
        "%20",
        "%2c",
        "%2C",
        "%7e",
        "%41",
        "%C3%A9",
        "é",
        "テスト",
        "a:b",
        "@",
        "",
        "x;y=z",
        "%zz",
        " ",
        "~",
    ]);
    let pieces = prop::collection::vec(piece, 0..5);
    let query = prop::option::of(prop::collection::vec(
        prop::sample::select(vec!["q=1", "k=%2f", "a=b&c", "%E2%82%AC", "x/y?z"]),
        0..3,
    ));
    let frag = prop::option::of(prop::sample::select(vec!["f", "F%3a", "", "é"]));
    let uri = (scheme, prop::bool::ANY, host, port, pieces, query, frag).prop_map(
        |(s, slashes, h, p, segs, q, f)| {
            let mut x = format!("{s}:");
            if slashes {
                x.push_str("//");
                x.push_str(h);
                x.push_str(p);
            }
            for seg in segs {
                x.push('/');
                x.push_str(seg);
            }
            if let Some(q) = q {
                x.push('?');
                x.push_str(&q.join("&"));
            }
            if let Some(f) = f {
                x.push('#');
                x.push_str(f);
            }
            x
        },
    );
    let relative = (
        prop::sample::select(vec!["", "//Host.com", "//h:8", ".", ".."]),
        prop::collection::vec(
            prop::sample::select(vec!["a", "..", ".", "%2C", "b%7E"]),
            0..4,
        ),
    )
        .prop_map(|(head, segs)| {
            let mut x = head.to_string();
            for s in segs {
                x.push('/');
                x.push_str(s);
            }
            x
        });
    let urn = (
        prop::sample::select(vec!["urn", "URN", "Urn"]),
        prop::sample::select(vec![
            "uuid",
            "UUID",
            "isbn",
            "ISBN",
            "issn",
            "ietf",
            "oid",
            "nbn",
            "example",
            "lex",
            "publicid",
            "iso",
            "xmpp",
            "epc",
            "mpeg",
            "nope-not-registered",
            "x",
        ]),
        prop::sample::select(vec![
            "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
            "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
            "not-a-uuid",
            "978-0-306-40615-7",
            "978-0-306-40615-8",
            "0-306-40615-2",
            "0317-8471",
            "0317-847X",
            "rfc:2141",
            "params:xml:ns:a-b",
            "1.3.6.1.4.1",
            "de:bvb:12-opus-345",
            "a%2cb%2C",
            "-:OASIS:DTD+DocBook+XML+V4.1.2:EN",
            "std:iso:9999:ed-1:v1:en",
            "user%40host.org",
            "",
        ]),
        prop::sample::select(vec!["", "?+r", "?=q&a=b", "#f", "?+r?=q#f", "?x"]),
    )
        .prop_map(|(u, nid, nss, tail)| format!("{u}:{nid}:{nss}{tail}"));
    prop_oneof![4 => uri, 1 => relative, 2 => urn]
}

/// The one-sided ladder the key climbs gives the text the two-sided ladder of `compare`
/// gives side A when both sides are `x` (the namespace layer off: its rungs come after).
fn one_sided_as_two_sided(x: &str, p: Profile) -> Result<(), String> {
    let v = compare_with(
        x,
        x,
        &CompareOptions {
            profile: Some(p),
            ..CompareOptions::default()
        },
        false,
    );
    let two = v.steps.last().map_or(x, |s| s.a.as_str());
    let key = slow_key(x, Some(p), false);
    let one = key.split_once(' ').map_or("", |(_, t)| t);
    if one == two {
        Ok(())
    } else {
        Err(format!(
            "{x:?} under {p:?}: one-sided {one:?}, two-sided {two:?}"
        ))
    }
}

#[test]
fn the_one_sided_ladder_climbs_as_the_two_sided_one_on_the_ladder_examples() {
    let mut failures = Vec::new();
    for e in idsets::all() {
        for p in Profile::ALL {
            if let Err(why) = one_sided_as_two_sided(&e.id, p) {
                failures.push(why);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// A corpus line under any profile: the one-sided ladder's text is the two-sided one's.
    #[test]
    fn the_one_sided_ladder_climbs_as_the_two_sided_one(
        i in any::<prop::sample::Index>(),
        p in prop::sample::select(Profile::ALL.to_vec()),
    ) {
        let r = one_sided_as_two_sided(&CORPUS[i.index(CORPUS.len())], p);
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }

    /// Generated identifiers: the direct paths agree with the general ones.
    #[test]
    fn the_direct_paths_agree_on_generated_identifiers(x in identifier()) {
        let r = same(&x, &mut FastScratch::new());
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }

    /// A corpus line with a few bytes changed (letters' case, an inserted delimiter or
    /// percent-encoding): the direct paths agree with the general ones.
    #[test]
    fn the_direct_paths_agree_on_mutated_corpus_lines(
        i in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        what in prop::sample::select(vec!["", "%2e", "%2F", "%41", "/..", "/.", ":80", ":", "@", "?", "#", "[", "%C3%A9", "é", "xn--", "A"]),
        upper in any::<bool>(),
    ) {
        let x = &CORPUS[i.index(CORPUS.len())];
        let k = at.index(x.len() + 1);
        let k = (0..=k).rev().find(|&k| x.is_char_boundary(k)).unwrap_or(0);
        let mut y = format!("{}{what}{}", &x[..k], &x[k..]);
        if upper {
            y = y.to_ascii_uppercase();
        }
        let r = same(&y, &mut FastScratch::new());
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }
}
