//! A case from what the workbench shows: the analysis of input A, the comparison in diff
//! mode, the resolution with a base. The engine's answers become the expectations, so the
//! case passes when run as long as idbench answers the same.

use super::{Case, Expect, TargetExpect};
use crate::engine::equiv::Verdict;
use crate::engine::resolve::Resolution;
use crate::engine::{Analysis, Profile};
use crate::view::View;

/// The case for `view` (its analysis of input A is `a`) under `profile` (`None`: auto,
/// written `auto`): its validity, first error and byte, and forms; with `pair` (diff mode:
/// input B and the verdict), the equivalence and its step, when both sides parse
/// (otherwise the verdict is not the spec's answer, and the note says why none is
/// recorded); with `base` (the base line and its resolution), the target (`"error"` when
/// none came out). The view's layers and compare options go with it (`namespaces = false`
/// while the namespace layer is off), so the case runs as the view was analysed.
pub fn from_view(
    a: &Analysis,
    view: &View,
    profile: Option<Profile>,
    pair: Option<(&str, &Verdict)>,
    base: Option<(&str, &Resolution)>,
) -> Case {
    let first = a.first_error();
    let mut e = Expect {
        valid: Some(a.valid()),
        error: first.map(|d| d.code.as_str().to_string()),
        error_at: first.map(|d| d.span.start),
        forms: a
            .forms
            .as_ref()
            .map(|f| {
                f.rows()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect()
            })
            .unwrap_or_default(),
        namespaces: (!view.layers.namespaces).then_some(false),
        compare: view.compare_options(None),
        ..Expect::default()
    };
    let mut note = None;
    if let Some((b, v)) = pair {
        if v.sides_valid() {
            e.equivalent = Some((b.to_string(), v.equivalent));
            e.step = v.deciding_step().map(|s| s.spec.to_string());
        } else {
            note = Some(format!(
                "saved from the workbench; the comparison with {b} is not recorded: {}",
                v.summary()
            ));
        }
    }
    if let Some((_, r)) = base {
        e.target = Some(match &r.target {
            Some(t) => TargetExpect::Is(t.clone()),
            None => TargetExpect::Fails,
        });
    }
    Case {
        line: 0,
        input: a.input.clone(),
        profile: Some(profile),
        base: base.map(|(b, _)| b.to_string()),
        expect: e,
        note: note.or_else(|| {
            Some(match view.layers.badge() {
                Some(b) => format!("saved from the workbench ({b})"),
                None => "saved from the workbench".into(),
            })
        }),
    }
}
