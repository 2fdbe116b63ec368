//! Comparing with kept climbs (`compare_analyzed_kept`, the workbench's diff mode) gives
//! exactly what comparing afresh (`compare_analyzed`) gives: on every identifier of the
//! identifier sets (the ladder examples, each pair's two sides) and of the corpora, under
//! every profile and auto, with the compare options that change a ladder, as one side
//! changes at a time (what an edit does) and as both do.

use idbench::engine::equiv::{
    CompareOptions, KeptClimbs, Objective, SideForm, Verdict, compare_analyzed,
    compare_analyzed_kept,
};
use idbench::engine::{Analysis, Options, Profile, analyze};
use idbench::idsets::{self, Expect};

/// The identifiers: the sets' own (a pair's two sides next to each other), then the corpora.
fn identifiers() -> Vec<String> {
    let mut v = Vec::new();
    for e in idsets::all() {
        v.push(e.id.clone());
        if let Expect::Pair { other, .. } = &e.expect {
            v.push(other.clone());
        }
    }
    v.extend(
        include_str!("data/validate-sample.txt")
            .lines()
            .chain(include_str!("data/kernel-mix.txt").lines())
            .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("== "))
            .map(str::to_string),
    );
    v
}

/// A verdict with what may differ left out: the count of parses (a kept climb is not
/// parsed again).
fn shown(v: &Verdict) -> String {
    let mut v = v.clone();
    v.parses = 0;
    format!("{v:?}")
}

/// The option sets that bear on `p`'s ladder (`None`: auto, which may pick any).
fn option_sets(p: Option<Profile>) -> Vec<CompareOptions> {
    let base = CompareOptions {
        profile: p,
        ..CompareOptions::default()
    };
    let mut v = vec![base.clone()];
    if matches!(p, None | Some(Profile::Xri2)) {
        v.push(CompareOptions {
            ignore_dollar: true,
            a_form: SideForm::IriNormal,
            ..base.clone()
        });
        v.push(CompareOptions {
            b_form: SideForm::UriNormal,
            ..base.clone()
        });
    }
    if matches!(p, None | Some(Profile::Rfc2141bis)) {
        v.push(CompareOptions {
            objective: Objective::Cache,
            ..base.clone()
        });
    }
    v
}

fn check(p: Option<Profile>, ids: &[String], failures: &mut Vec<String>) {
    let o = Options {
        profile: p,
        ..Options::full()
    };
    let analyses: Vec<Analysis> = ids.iter().map(|x| analyze(x, &o)).collect();
    let n = analyses.len();
    if n < 2 {
        return;
    }
    for opts in option_sets(p) {
        let mut kept = KeptClimbs::default();
        // (0, 1), (2, 1), (2, 3), (4, 3), ...: one side changes at each comparison.
        for k in 0..n - 1 {
            let (i, j) = if k % 2 == 0 { (k, k + 1) } else { (k + 1, k) };
            let (a, b) = (&analyses[i], &analyses[j]);
            let fresh = compare_analyzed(a, b, &opts);
            let kept_v = compare_analyzed_kept(a, b, &opts, &mut kept);
            if shown(&fresh) != shown(&kept_v) {
                failures.push(format!(
                    "{p:?} {opts:?}: {:?} vs {:?}: kept {:?}, fresh {:?}",
                    a.input,
                    b.input,
                    kept_v.summary(),
                    fresh.summary()
                ));
            }
            // Each comparison after the first climbs only the side that changed.
            // (Under auto a pair may pick another profile, and both sides climb again.)
            if p.is_some() && kept.climbs() > k as u64 + 2 {
                failures.push(format!(
                    "{p:?} {opts:?}: {} climbs after {} comparisons",
                    kept.climbs(),
                    k + 1
                ));
            }
        }
        // Both sides changed at once, and then the same pair again (nothing climbs).
        let (a, b) = (&analyses[n - 1], &analyses[0]);
        let mut climbs = Vec::new();
        for _ in 0..2 {
            let fresh = compare_analyzed(a, b, &opts);
            let kept_v = compare_analyzed_kept(a, b, &opts, &mut kept);
            if shown(&fresh) != shown(&kept_v) {
                failures.push(format!(
                    "{p:?} {opts:?}: {:?} vs {:?} (both changed)",
                    a.input, b.input
                ));
            }
            climbs.push(kept.climbs());
        }
        if climbs.first() != climbs.last() {
            failures.push(format!(
                "{p:?} {opts:?}: the same pair compared again climbed again"
            ));
        }
    }
}

#[test]
fn kept_climbs_compare_as_fresh_ones_on_every_identifier_under_every_profile() {
    let ids = identifiers();
    assert!(ids.len() > 1000, "{} identifiers", ids.len());
    let mut failures = Vec::new();
    for p in std::iter::once(None).chain(Profile::ALL.iter().copied().map(Some)) {
        check(p, &ids, &mut failures);
    }
    assert_no_failures(&failures);
}

#[test]
fn a_kept_climb_follows_an_edit_of_either_side() {
    let o = Options {
        profile: Some(Profile::Xri2),
        ..Options::full()
    };
    let opts = CompareOptions {
        profile: Some(Profile::Xri2),
        ..CompareOptions::default()
    };
    let mut kept = KeptClimbs::default();
    let a = analyze("xri://@a*b/C", &o);
    let b = analyze("xri://@a*b/c", &o);
    let v = compare_analyzed_kept(&a, &b, &opts, &mut kept);
    assert!(!v.equivalent);
    let b2 = analyze("xri://@A*b/C", &o);
    let v = compare_analyzed_kept(&a, &b2, &opts, &mut kept);
    assert!(v.equivalent, "{}", v.summary());
    assert_eq!(kept.climbs(), 3);
    let a2 = analyze("xri://@a*b/D", &o);
    let v = compare_analyzed_kept(&a2, &b2, &opts, &mut kept);
    assert!(!v.equivalent);
    assert_eq!(v.difference, compare_analyzed(&a2, &b2, &opts).difference);
    assert_eq!(kept.climbs(), 4);
}

#[test]
fn a_side_edited_back_takes_its_climb_again_and_compares_as_a_fresh_one() {
    // Each identifier against the next, then a character typed at the end of one side and
    // deleted again (a keystroke and its backspace), then the same on the other side: the
    // deletion climbs nothing, and every verdict is the fresh one.
    let ids = identifiers();
    let mut failures = Vec::new();
    for p in [None, Some(Profile::Xri2), Some(Profile::Rfc3986)] {
        let o = Options {
            profile: p,
            ..Options::full()
        };
        for opts in option_sets(p) {
            let mut kept = KeptClimbs::default();
            for pair in ids.chunks(2).step_by(7) {
                let [x, y] = pair else { continue };
                let (a, b) = (analyze(x, &o), analyze(y, &o));
                let typed = |s: &str| analyze(&format!("{s}x"), &o);
                let steps = [
                    (a.clone(), b.clone()),
                    (a.clone(), typed(y)),
                    (a.clone(), b.clone()),
                    (typed(x), b.clone()),
                    (a.clone(), b.clone()),
                ];
                for (k, (sa, sb)) in steps.iter().enumerate() {
                    let before = kept.climbs();
                    let kept_v = compare_analyzed_kept(sa, sb, &opts, &mut kept);
                    let fresh = compare_analyzed(sa, sb, &opts);
                    if shown(&fresh) != shown(&kept_v) {
                        failures.push(format!("{p:?} {opts:?}: {x:?} vs {y:?}, step {k}"));
                    }
                    if p.is_some() && (k == 2 || k == 4) && kept.climbs() != before {
                        failures.push(format!(
                            "{p:?} {opts:?}: {x:?} vs {y:?}: the side edited back climbed again"
                        ));
                    }
                }
            }
        }
    }
    assert_no_failures(&failures);
}

/// Fails with the first 20 of `failures` and their count, when there are any.
fn assert_no_failures(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
