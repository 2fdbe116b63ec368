//! Running a case: the engine's answers against what the case expects.

use super::{Case, TargetExpect};
use crate::engine::abnf::ParseOptions;
use crate::engine::equiv::{CompareOptions, compare_with};
use crate::engine::resolve::resolve;
use crate::engine::tree::NodeKind;
use crate::engine::{Analysis, Options, Profile, analyze};

/// One expectation a case did not meet. The texts hold input text: escape them before a
/// terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The case's field (`valid`, `error`, `forms.canonical`, `components.host`, ...).
    pub field: String,
    /// What the case expects.
    pub expected: String,
    /// What came out.
    pub got: String,
}

fn fail(
    out: &mut Vec<Failure>,
    field: impl Into<String>,
    expected: impl Into<String>,
    got: impl Into<String>,
) {
    out.push(Failure {
        field: field.into(),
        expected: expected.into(),
        got: got.into(),
    });
}

fn first_error_words(a: &Analysis) -> String {
    match a.first_error() {
        Some(d) => format!("{} at {} under {}", d.code, d.span.start, a.profile.name()),
        None => format!("none (valid under {})", a.profile.name()),
    }
}

/// How a runner runs the cases: what a case that says nothing of it gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// The profile of a case that names none (`None`: auto).
    pub profile: Option<Profile>,
    /// The URN namespace layer of a case that does not set `namespaces`.
    pub namespaces: bool,
    /// The URI scheme layer (`idbench test --no-scheme-spec` turns it off).
    pub schemes: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            profile: None,
            namespaces: true,
            schemes: true,
        }
    }
}

/// [`run_with`] under profile `default` (`None`: auto) with the namespace layer on.
pub fn run(case: &Case, default: Option<Profile>) -> Vec<Failure> {
    run_with(
        case,
        RunOptions {
            profile: default,
            ..RunOptions::default()
        },
    )
}

/// Runs `case` as its view says (its profile, else `opts.profile`; its `namespaces`,
/// else `opts.namespaces`; its compare options) and returns what it did not meet, in the
/// order of the format's fields (empty: it passes). The analysis and the comparison run
/// with the same layers, as the workbench that saved the case ran them.
pub fn run_with(case: &Case, opts: RunOptions) -> Vec<Failure> {
    let profile = case.profile_or(opts.profile);
    let e = &case.expect;
    let namespace = e.namespaces.unwrap_or(opts.namespaces);
    let mut out = Vec::new();
    let needs_analysis = e.valid.is_some()
        || e.error.is_some()
        || e.error_at.is_some()
        || !e.components.is_empty()
        || !e.forms.is_empty()
        || !e.diagnostics.is_empty();
    if needs_analysis {
        let opts = Options {
            profile,
            forms: !e.forms.is_empty() || !e.diagnostics.is_empty(),
            all_profiles: false,
            namespace,
            scheme_spec: opts.schemes,
            equivalence_key: !e.forms.is_empty() || !e.diagnostics.is_empty(),
        };
        let a = analyze(&case.input, &opts);
        if let Some(v) = e.valid
            && a.valid() != v
        {
            let got = if a.valid() {
                format!("true (valid under {})", a.profile.name())
            } else {
                format!("false ({})", first_error_words(&a))
            };
            fail(&mut out, "valid", v.to_string(), got);
        }
        if let Some(code) = &e.error
            && a.first_error().is_none_or(|d| d.code.as_str() != code)
        {
            fail(&mut out, "error", code.clone(), first_error_words(&a));
        }
        if let Some(at) = e.error_at
            && a.first_error().is_none_or(|d| d.span.start != at)
        {
            let got = match a.first_error() {
                Some(d) => format!("{} ({} under {})", d.span.start, d.code, a.profile.name()),
                None => first_error_words(&a),
            };
            fail(&mut out, "error_at", at.to_string(), got);
        }
        for (kind, text) in &e.components {
            let node = NodeKind::from_name(kind).and_then(|k| a.tree.find(k));
            match node {
                Some(n) if n.text(&a.input) == text => {}
                Some(n) => fail(
                    &mut out,
                    format!("components.{kind}"),
                    text.clone(),
                    n.text(&a.input),
                ),
                None => fail(
                    &mut out,
                    format!("components.{kind}"),
                    text.clone(),
                    format!("no {kind} in the tree under {}", a.profile.name()),
                ),
            }
        }
        for (name, value) in &e.forms {
            match a.forms.as_ref().and_then(|f| f.get(name)) {
                Some(v) if v == value => {}
                Some(v) => fail(&mut out, format!("forms.{name}"), value.clone(), v),
                None => fail(
                    &mut out,
                    format!("forms.{name}"),
                    value.clone(),
                    format!("no form {name} under {}", a.profile.name()),
                ),
            }
        }
        if !e.diagnostics.is_empty() {
            let mut all = a.diagnostics.clone();
            if let Some(f) = &a.forms {
                all.extend(f.diagnostics.iter().cloned());
            }
            for d in &e.diagnostics {
                let found = all.iter().any(|x| {
                    x.severity == d.severity
                        && x.code.as_str() == d.code
                        && (x.span.start, x.span.end) == (d.start, d.end)
                        && d.spec.as_ref().is_none_or(|s| x.spec == s.as_str())
                });
                if !found {
                    let got: Vec<String> = all
                        .iter()
                        .map(|x| {
                            format!(
                                "{} {} at {}..{}",
                                x.severity, x.code, x.span.start, x.span.end
                            )
                        })
                        .collect();
                    fail(
                        &mut out,
                        "diagnostic",
                        format!("{} {} at {}..{}", d.severity, d.code, d.start, d.end),
                        if got.is_empty() {
                            "none".to_string()
                        } else {
                            got.join(", ")
                        },
                    );
                }
            }
        }
    }
    if let Some((other, equivalent)) = &e.equivalent {
        let opts = CompareOptions {
            profile,
            ..e.compare.clone()
        };
        let v = compare_with(&case.input, other, &opts, namespace);
        let field = if *equivalent {
            "equivalent"
        } else {
            "not_equivalent"
        };
        let words = |eq: bool| if eq { "equivalent" } else { "not equivalent" };
        if v.equivalent != *equivalent || !v.sides_valid() {
            fail(
                &mut out,
                field,
                format!("{} to {other}", words(*equivalent)),
                v.summary(),
            );
        } else if let Some(step) = &e.step {
            let got = v.deciding_step().map_or("no step", |s| s.spec);
            if got != step {
                fail(&mut out, "step", step.clone(), got);
            }
        }
    }
    if let (Some(t), Some(base)) = (&e.target, &case.base) {
        let p = profile.unwrap_or_else(|| crate::engine::specs::auto_family(base).1);
        let r = resolve(base, &case.input, p);
        let got = match (&r.target, r.first_error()) {
            (Some(t), _) => t.clone(),
            (None, Some(d)) => format!("error ({} under {})", d.code, p.name()),
            (None, None) => format!("error (under {})", p.name()),
        };
        match t {
            TargetExpect::Is(want) if r.target.as_deref() != Some(want.as_str()) => {
                fail(&mut out, "target", want.clone(), got);
            }
            TargetExpect::Fails if r.target.is_some() => fail(&mut out, "target", "error", got),
            _ => {}
        }
    }
    if let Some(w) = &e.wpt {
        super::wpt::run(case, w, &mut out);
    }
    if let Some(st) = &e.setter {
        super::wpt_setters::run(case, st, &mut out);
    }
    if let Some(p) = &e.purl {
        super::purl_spec::run(case, p, &mut out);
    }
    if let Some(p) = &e.parses {
        let opts = ParseOptions {
            count_cap: 1,
            max_trees: 1,
        };
        let got = match p.grammar.parse(&p.start, &case.input, &opts) {
            Ok(parse) => Ok(parse),
            Err(u) => Err(u.to_string()),
        };
        match got {
            Ok(parse) if parse.valid == p.expect => {}
            Ok(parse) => {
                let why = match (&parse.failure, parse.valid) {
                    (_, true) => "true".to_string(),
                    (Some(f), false) => format!(
                        "false (stops at byte {}; expected {})",
                        f.offset,
                        f.expected.join(" or ")
                    ),
                    (None, false) => "false".to_string(),
                };
                fail(&mut out, "parses", p.expect.to_string(), why);
            }
            Err(m) => fail(&mut out, "parses", p.expect.to_string(), m),
        }
    }
    out
}
