//! The equivalence key (issue 41): the keys of two identifiers, each computed on its own,
//! are equal exactly when `compare` says the two are equivalent, under `auto` and under
//! one given profile, with the namespace layer and without it. Proved both ways over the
//! corpora (the validate sample of the benchmark corpora, every identifier set's
//! identifiers) and every ladder's examples (each set's `==` and `!=` pairs), and on
//! variants that are equivalent by construction (case, percent-encoding, ports, IDN).

use std::sync::LazyLock;

use idbench::engine::equiv::{CompareOptions, compare_with};
use idbench::engine::key::equivalence_key;
use idbench::engine::{Options, Profile, analyze};
use idbench::idsets::{self, Expect};
use proptest::prelude::*;

/// `(key a == key b, compare's verdict, both sides valid, why)` for a pair under
/// `profile` (`None`: auto).
fn both(a: &str, b: &str, profile: Option<Profile>, namespace: bool) -> (bool, bool, String) {
    let (k, e, _, why) = both_valid(a, b, profile, namespace);
    (k, e, why)
}

fn both_valid(
    a: &str,
    b: &str,
    profile: Option<Profile>,
    namespace: bool,
) -> (bool, bool, bool, String) {
    let (ka, kb) = (
        equivalence_key(a, profile, namespace),
        equivalence_key(b, profile, namespace),
    );
    let v = compare_with(
        a,
        b,
        &CompareOptions {
            profile,
            ..CompareOptions::default()
        },
        namespace,
    );
    (
        ka == kb,
        v.equivalent,
        v.sides_valid(),
        format!(
            "{a:?} / {b:?} under {profile:?}, namespace {namespace}: keys {ka:?} / {kb:?}; {}",
            v.summary()
        ),
    )
}

/// Keys equal exactly when equivalent, for a pair whose sides are valid under the profile
/// compared. When a side is invalid, `compare`'s ladder still answers, but that answer
/// "is not the spec's answer" and is not transitive, so no key can match it (under `auto`
/// `http://a/r%C3%A9` equals the invalid `http://a/r%%433%A9` under RFC 3986's ladder and
/// `http://a/ré` under RFC 3987's, while those two are apart): docs/readings.md.
fn agree(a: &str, b: &str, profile: Option<Profile>, namespace: bool) -> Result<(), String> {
    let (keys, equivalent, valid, why) = both_valid(a, b, profile, namespace);
    if !valid || keys == equivalent {
        Ok(())
    } else {
        Err(why)
    }
}

/// Every identifier of the corpora: the validate sample's lines and the sets' entries.
static CORPUS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut v: Vec<String> = include_str!("data/validate-sample.txt")
        .lines()
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

#[test]
fn every_ladder_example_pair_agrees_with_its_keys() {
    let mut failures = Vec::new();
    let mut pairs = 0;
    for e in idsets::all() {
        let Expect::Pair { other, .. } = &e.expect else {
            continue;
        };
        pairs += 1;
        let mut profiles = vec![None];
        if e.profile.is_some() {
            profiles.push(e.profile);
        }
        for p in profiles {
            for ns in [true, false] {
                if let Err(why) = agree(&e.id, other, p, ns) {
                    failures.push(why);
                }
            }
        }
    }
    assert!(pairs > 100, "{pairs} pairs");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The issue's pairs that `canonical` keeps apart and `equivalent()` equates, and the
/// check-digit pair of issue 37.
#[test]
fn the_issues_pairs() {
    let equal = [
        ("http://example.com:80/", "http://example.com/"),
        ("http://example.com", "http://example.com/"),
        ("urn:isbn:0-451-45052-3", "urn:isbn:978-0-451-45052-4"),
        (
            "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        ),
        ("mailto:joe@EXAMPLE.com", "mailto:joe@example.com"),
        ("http://bücher.example/", "http://xn--bcher-kva.example/"),
        ("http://example.com/%C3%A9", "http://example.com/é"),
    ];
    for (a, b) in equal {
        let (keys, equivalent, why) = both(a, b, None, true);
        assert!(equivalent && keys, "{why}");
    }
    let apart = [
        ("urn:ISBN:0-451-45052-4", "urn:ISBN:0-451-45052-3"),
        ("urn:ISBN:0-451-45052-4", "urn:isbn:978-0-451-45052-4"),
        ("urn:ISBN:0-451-45052-4", "urn:isbn:0451450524"),
        ("http://example.com/a", "urn:example:a"),
        (
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf7",
        ),
    ];
    for (a, b) in apart {
        let (keys, equivalent, why) = both(a, b, None, true);
        assert!(!equivalent && !keys, "{why}");
    }
    // Without the layer, the uuid pair is apart by the URN spec alone, keys too.
    let (keys, equivalent, why) = both(equal[3].0, equal[3].1, None, false);
    assert!(!equivalent && !keys, "{why}");
}

#[test]
fn the_key_is_the_forms_and_json_field() {
    let an = analyze("urn:ISBN:0-451-45052-3", &Options::full());
    let f = an.forms.as_ref().expect("forms");
    assert_eq!(
        f.get("equivalence_key"),
        Some("urn+isbn urn:isbn:9780451450524")
    );
    assert_eq!(
        f.equivalence_key.as_deref(),
        Some(equivalence_key("urn:isbn:978-0-451-45052-4", None, true).as_str())
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(["forms", "--format", "json", "HTTP://b\u{fc}cher.example:80"])
        .output()
        .expect("run idbench");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(
        v["forms"]["equivalence_key"],
        "uri http://xn--bcher-kva.example/"
    );
}

/// Variants of `s` that are often equivalent to it: case changed, an unreserved letter
/// percent-encoded, a default port added, an ASCII host in Unicode and back.
fn variant(s: &str, how: u8, at: usize) -> String {
    let i = (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0);
    match how % 5 {
        0 => s.to_ascii_uppercase(),
        1 => format!("{}{}", &s[..i], s[i..].to_ascii_uppercase()),
        2 => match s[i..]
            .char_indices()
            .find(|(_, c)| c.is_ascii_alphanumeric())
        {
            Some((j, c)) => format!("{}%{:02X}{}", &s[..i + j], c as u32, &s[i + j + 1..]),
            None => s.to_string(),
        },
        3 => s.replacen(".com/", ".com:80/", 1).replacen("-", "", 1),
        _ => s.replacen("%7E", "~", 1).replacen("://", "://EXAMPLE.", 1),
    }
}

fn profiles() -> impl Strategy<Value = Option<Profile>> {
    prop_oneof![
        3 => Just(None),
        1 => prop::sample::select(Profile::ALL.to_vec()).prop_map(Some),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Two identifiers of the corpora: keys equal exactly when equivalent.
    #[test]
    fn keys_agree_on_pairs_of_the_corpora(i in any::<prop::sample::Index>(), j in any::<prop::sample::Index>(), p in profiles(), ns in any::<bool>()) {
        let (a, b) = (&CORPUS[i.index(CORPUS.len())], &CORPUS[j.index(CORPUS.len())]);
        let r = agree(a, b, p, ns);
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }

    /// An identifier of the corpora and a variant of it (equivalent or not, as compare says).
    #[test]
    fn keys_agree_on_variants(i in any::<prop::sample::Index>(), how in any::<u8>(), at in 0usize..80, p in profiles(), ns in any::<bool>()) {
        let a = &CORPUS[i.index(CORPUS.len())];
        let b = variant(a, how, at);
        let r = agree(a, &b, p, ns);
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }
}
