//! The ladders of the built-in profiles, through the table: which options each uses, how
//! they are worded, and the generic ladder.

use super::*;
use crate::engine::descriptor::ladder::*;
use crate::engine::specs;

#[test]
fn every_built_in_profile_has_a_ladder_of_its_own() {
    // Today's specs each state their ladder; a new profile may take the generic one
    // (`GENERIC_LADDER`: simple string comparison), which its descriptor says in so many
    // words.
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
            !std::ptr::eq(ladder_spec(p), &GENERIC_LADDER),
            "{p} has no ladder spec"
        );
    }
}

/// The steps of comparing `a` and `b` under `p` with `o`.
fn steps(p: Profile, a: &str, b: &str, o: &CompareOptions) -> Vec<(String, bool)> {
    let o = CompareOptions {
        profile: Some(p),
        ..o.clone()
    };
    compare(a, b, &o)
        .steps
        .into_iter()
        .map(|s| (s.name, s.equal))
        .collect()
}

#[test]
fn an_option_bears_on_exactly_the_ladders_that_list_it() {
    // What the workbench says of an option ("applies under ...") comes from the specs'
    // lists: each must be the truth about the ladder.
    let pairs = [
        ("urn:example:a?=x&=y", "urn:example:a"),
        ("xri://@a*($v)*b", "xri://@A*b"),
        ("http://a/b?c", "HTTP://a/b"),
    ];
    for p in Profile::ALL {
        for option in CompareOption::ALL {
            let mut on = CompareOptions::default();
            option.toggle(&mut on);
            let changes = pairs
                .iter()
                .any(|(a, b)| steps(p, a, b, &CompareOptions::default()) != steps(p, a, b, &on));
            assert_eq!(
                changes,
                ladder_spec(p).uses(option),
                "{p}, {option:?}: the ladder's options list disagrees with the ladder"
            );
        }
    }
}

#[test]
fn options_are_worded_as_the_workbench_showed_them() {
    let users = |o| option_users(o).map(|(p, _)| p).collect::<Vec<_>>();
    assert_eq!(users(CompareOption::Objective), [Profile::Rfc2141bis]);
    for o in [
        CompareOption::IgnoreDollar,
        CompareOption::FormA,
        CompareOption::FormB,
    ] {
        assert_eq!(users(o), [Profile::Xri2]);
    }
    let mut o = CompareOptions::default();
    let xri = ladder_spec(Profile::Xri2);
    assert_eq!(xri.options_title(&o), " · $ kept · A as typed · B as typed");
    CompareOption::FormB.toggle(&mut o);
    CompareOption::FormB.toggle(&mut o);
    CompareOption::IgnoreDollar.toggle(&mut o);
    assert_eq!(
        xri.options_title(&o),
        " · $ ignored · A as typed · B URI-normal"
    );
    let bis = ladder_spec(Profile::Rfc2141bis);
    assert_eq!(bis.options_title(&o), " · 5a: names");
    CompareOption::Objective.toggle(&mut o);
    assert_eq!(bis.options_title(&o), " · 5b: cache");
    assert_eq!(
        bis.option(CompareOption::Objective)
            .map(|s| s.status_in(&o)),
        Some("objective 5b: cache results (directives reordered)")
    );
    assert_eq!(ladder_spec(Profile::Rfc3986).options_title(&o), "");
    // Every state of every option has its words.
    for p in Profile::ALL {
        for s in ladder_spec(p).options {
            let states = match s.option {
                CompareOption::Objective | CompareOption::IgnoreDollar => 2,
                CompareOption::FormA | CompareOption::FormB => 3,
            };
            assert_eq!((s.status.len(), s.title.len()), (states, states), "{p}");
        }
    }
}

#[test]
fn the_generic_ladder_is_simple_string_comparison() {
    // A profile without a ladder of its own (one loaded at run time) compares the
    // sides as typed, and says where they part in plain words.
    let (a, b) = ("http://a/%7e", "HTTP://a/~");
    let tree = |s: &str| specs::parse(Profile::Rfc3986, s).0;
    let o = CompareOptions::default();
    let rfc3986 = Profile::Rfc3986.descriptor();
    let l = ladder::build(&rfc3986, &GENERIC_LADDER, &o, (a, &tree(a)), (b, &tree(b)));
    let names: Vec<_> = l.steps.iter().map(|s| (s.name.as_str(), s.spec)).collect();
    assert_eq!(names, [("simple string comparison", "RFC 3986 §6.2.1")]);
    assert!(!l.steps[0].equal);
    let d = locate::locate(&rfc3986, &GENERIC_LADDER, &o, &l, None, &mut 0).expect("they differ");
    assert_eq!(d.kind, NodeKind::Scheme);
    assert_eq!(
        d.reason,
        "the scheme is case-sensitive: simple string comparison folds no case \
         (RFC 3986 §6.2.1)"
    );
    // Under rfc3986's own ladder the two are equivalent.
    assert!(
        compare(
            a,
            b,
            &CompareOptions {
                profile: Some(Profile::Rfc3986),
                ..o
            }
        )
        .equivalent
    );
}
