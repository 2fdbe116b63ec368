//! JSON renderings of what the engine returns.

use serde_json::{Map, Value, json};

use crate::engine::{Analysis, Diagnostic, Tree};

/// One diagnostic as `{"severity", "code", "message", "start", "end", "spec"}`.
pub fn diagnostic(d: &Diagnostic) -> Value {
    json!({
        "severity": d.severity.name(),
        "code": d.code,
        "message": d.message,
        "start": d.span.start,
        "end": d.span.end,
        "spec": d.spec,
    })
}

/// A list of diagnostics.
pub fn diagnostics(ds: &[Diagnostic]) -> Value {
    Value::Array(ds.iter().map(diagnostic).collect())
}

/// The tree as nested `{"kind", "rule", "start", "end", "text", "attrs", "children"}`.
///
/// Built bottom-up over the flat preorder, so deep trees need no recursion here.
pub fn tree(t: &Tree, input: &str) -> Value {
    let mut built: Vec<Option<Value>> = vec![None; t.len()];
    for n in t.iter().rev() {
        let children: Vec<Value> = n
            .children()
            .map(|c| built[c.index()].take().unwrap_or(Value::Null))
            .collect();
        let attrs: Map<String, Value> = n
            .attrs()
            .iter()
            .map(|a| (a.key.to_string(), Value::String(a.value.to_string())))
            .collect();
        built[n.index()] = Some(json!({
            "kind": n.kind().name(),
            "rule": n.rule(),
            "start": n.span().start,
            "end": n.span().end,
            "text": n.text(input),
            "attrs": attrs,
            "children": children,
        }));
    }
    built.into_iter().next().flatten().unwrap_or(Value::Null)
}

/// `{"rule", "within", "alternatives"}`: the start rule the input was read as, and the
/// production that offers it (with that production's alternatives), or null.
pub fn start_rule(a: &Analysis) -> Value {
    let s = a.start_rule();
    let alternatives = s
        .within
        .and_then(|w| crate::engine::rules::grammar(a.profile).get(w))
        .map(|p| p.alternatives.clone());
    json!({ "rule": s.rule, "within": s.within, "alternatives": alternatives })
}

/// The whole `parse` object for one input.
pub fn analysis(a: &Analysis) -> Value {
    json!({
        "input": a.input,
        "profile": a.profile.name(),
        "profile_reason": a.profile_reason,
        "valid": a.valid(),
        "start_rule": start_rule(a),
        "tree": tree(&a.tree, &a.input),
        "diagnostics": diagnostics(&a.diagnostics),
    })
}
