//! Conformance: every identifier in the shipped spec example sets (examples/ids/*.txt) is
//! judged as its set says, and its tree is well formed.

use idbench::engine::{Code, Options, Severity, analyze};
use idbench::idsets::{self, Expect};

fn check_tree(a: &idbench::Analysis) -> Result<(), String> {
    let len = a.input.len();
    let root = a.tree.root();
    if root.span().start != 0 || root.span().end != len {
        return Err(format!("root span {} does not cover 0..{len}", root.span()));
    }
    for n in a.tree.iter() {
        let s = n.span();
        if !a.input.is_char_boundary(s.start) || !a.input.is_char_boundary(s.end) || s.start > s.end
        {
            return Err(format!("{n:?}: span off a char boundary"));
        }
        if let Some(p) = n.parent()
            && !p.span().encloses(s)
        {
            return Err(format!("{n:?} lies outside its parent {p:?}"));
        }
        let mut last = s.start;
        for c in n.children() {
            if c.span().start < last {
                return Err(format!(
                    "children of {n:?} overlap or are out of order at {c:?}"
                ));
            }
            last = c.span().end;
        }
    }
    for d in &a.diagnostics {
        if d.span.end > len || d.span.start > d.span.end {
            return Err(format!(
                "diagnostic {} has span {} outside the input",
                d.code, d.span
            ));
        }
    }
    Ok(())
}

#[test]
fn example_sets_are_judged_as_the_specs_say() {
    let entries = idsets::all();
    let mut failures = Vec::new();
    let mut checked = 0;
    for e in &entries {
        let opts = Options {
            profile: e.profile,
            forms: false,
            all_profiles: false,
            namespace: false,
            scheme_spec: false,
            equivalence_key: false,
        };
        let a = analyze(&e.id, &opts);
        let at = format!("{}:{} [{}] {:?}", e.set, e.line, e.section, e.id);
        if let Err(msg) = check_tree(&a) {
            failures.push(format!("{at}: {msg}"));
        }
        match &e.expect {
            Expect::Valid => {
                checked += 1;
                if !a.valid() {
                    let errs: Vec<_> = a
                        .diagnostics
                        .iter()
                        .filter(|d| d.severity == Severity::Error)
                        .map(|d| format!("{} at {}", d.code, d.span))
                        .collect();
                    failures.push(format!(
                        "{at}: expected valid under {}, got {errs:?}",
                        a.profile
                    ));
                }
            }
            Expect::Invalid(code) => {
                checked += 1;
                match a.first_error() {
                    None => failures.push(format!("{at}: expected invalid under {}", a.profile)),
                    Some(d) if !code.is_empty() && d.code.as_str() != code.as_str() => {
                        if !a.diagnostics.iter().any(|x| {
                            x.severity == Severity::Error && x.code.as_str() == code.as_str()
                        }) {
                            failures.push(format!("{at}: expected error {code}, got {}", d.code));
                        }
                    }
                    Some(_) => {}
                }
            }
            Expect::Diagnostic {
                severity,
                code,
                start,
                end,
                spec,
            } => {
                checked += 1;
                // The forms' diagnostics too: a reading may be the normal forms'.
                let full = analyze(
                    &e.id,
                    &Options {
                        profile: e.profile,
                        forms: true,
                        all_profiles: false,
                        namespace: false,
                        scheme_spec: false,
                        equivalence_key: true,
                    },
                );
                let forms = full.forms.as_ref().map_or(&[][..], |f| &f.diagnostics[..]);
                let found = full.diagnostics.iter().chain(forms).any(|d| {
                    d.severity == *severity
                        && d.code.as_str() == code.as_str()
                        && (d.span.start, d.span.end) == (*start, *end)
                        && spec.as_ref().is_none_or(|s| d.spec == s.as_str())
                });
                if !found {
                    let all: Vec<_> = full
                        .diagnostics
                        .iter()
                        .chain(forms)
                        .map(|d| format!("{} {} at {} ({})", d.severity, d.code, d.span, d.spec))
                        .collect();
                    failures.push(format!(
                        "{at}: expected {severity} {code} at {start}..{end} ({spec:?}) under {}, got {all:?}",
                        full.profile
                    ));
                }
            }
            _ => {}
        }
    }
    assert!(checked > 0, "no validity expectations in the example sets");
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        entries.len(),
        failures.join("\n")
    );
}

/// The catalogue of diagnostic codes, each with its usual severity: a snapshot, so adding,
/// renaming or re-grading a code shows up in review.
#[test]
fn code_catalogue() {
    let mut table = String::from("code | severity\n---|---\n");
    for &c in Code::ALL {
        table.push_str(&format!("{} | {}\n", c, c.severity()));
    }
    insta::assert_snapshot!(table);
}

/// Every code an identifier set names is a real code: a misspelt expectation would otherwise
/// only match "some other error".
#[test]
fn example_sets_name_real_codes() {
    let unknown: Vec<_> = idsets::all()
        .into_iter()
        .filter_map(|e| match e.expect {
            Expect::Invalid(code) | Expect::Diagnostic { code, .. }
                if !code.is_empty() && Code::from_name(&code).is_none() =>
            {
                Some(format!("{}:{} {code}", e.set, e.line))
            }
            _ => None,
        })
        .collect();
    assert!(unknown.is_empty(), "unknown codes: {unknown:?}");
}
