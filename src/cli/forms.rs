//! `idbench forms`: the normal forms of each identifier, rendered from
//! [`crate::engine::Analysis::forms`].

use std::fmt::Write as _;

use serde_json::{Map, Value};

use super::{FormsArgs, json, text};
use crate::engine::{Analysis, Diagnostic, Options};

/// The parse's diagnostics and the forms', in input order.
fn all_diagnostics(a: &Analysis) -> Vec<Diagnostic> {
    a.all_diagnostics()
}

/// One JSON object: `{"input", "profile", "valid", "best_effort", "forms": {...},
/// "diagnostics": [...]}`, with only the forms that apply to the profile. `best_effort` is
/// true when the input is invalid: its forms normalize what the tree holds and copy the rest.
fn to_json(a: &Analysis) -> Value {
    let mut forms = Map::new();
    if let Some(f) = &a.forms {
        for (name, value) in f.rows() {
            forms.insert(name.to_string(), Value::String(value.to_string()));
        }
    }
    serde_json::json!({
        "input": a.input,
        "profile": a.profile.name(),
        "valid": a.valid(),
        "best_effort": !a.valid(),
        "forms": forms,
        "diagnostics": json::diagnostics(&all_diagnostics(a)),
    })
}

/// The text rendering: the input, the profile, a name/value table, then the diagnostics
/// with carets under the input.
fn to_text(a: &Analysis) -> String {
    let (escaped, cols) = text::escaped_with_columns(&a.input);
    let mut s = String::new();
    let verdict = if a.valid() { "valid" } else { "invalid" };
    let _ = writeln!(s, "{escaped}");
    let _ = writeln!(
        s,
        "{verdict} under {} ({})",
        a.profile,
        crate::safe_text::escape(&a.profile_reason)
    );
    if !a.valid() {
        let _ = writeln!(
            s,
            "  (best effort: the input is invalid, so its forms normalize what could be parsed \
             and copy the rest)"
        );
    }
    if let Some(f) = &a.forms {
        let rows = f.rows();
        let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, value) in rows {
            let _ = writeln!(s, "  {name:<width$}  {}", crate::safe_text::escape(value));
        }
    }
    for d in all_diagnostics(a) {
        s.push_str(&text::diagnostic(&d, &escaped, &cols));
    }
    s
}

pub(super) fn run(args: &FormsArgs) -> std::io::Result<u8> {
    let Some(from) = args.from else {
        let opts = Options {
            profile: args.common.profile.0,
            forms: true,
            all_profiles: false,
        };
        return super::render_each(&args.ids, &opts, args.common.format, to_text, to_json);
    };
    // XRI Syntax 2.0 §2.3.3: each input (an IRI, or a URI first mapped to an IRI, RFC 3987
    // §3.2) becomes an XRI, whose forms are shown under xri2 with the conversion's notes.
    let mut converted = Vec::new();
    let mut origin = std::collections::HashMap::new();
    for id in super::expand_ids(&args.ids)? {
        // The URI step's own notes index the URI and are about display, not dropped here
        // for any reason of substance: the conversion's notes (which index the IRI) are shown.
        let mut uri_notes = Vec::new();
        let iri = match from {
            super::FromKind::Iri => id.clone(),
            super::FromKind::Uri => {
                crate::engine::forms::uri_to_iri(&id, 0, &mut uri_notes).into_owned()
            }
        };
        let (xri, diags) = crate::engine::forms::iri_normal_to_xri(&iri);
        origin.insert(xri.clone(), (id, iri, diags));
        converted.push(xri);
    }
    let opts = Options {
        profile: Some(crate::engine::Profile::Xri2),
        forms: true,
        all_profiles: false,
    };
    let head = |a: &Analysis| -> (String, Vec<Diagnostic>) {
        match origin.get(&a.input) {
            Some((id, iri, d)) => (
                format!(
                    "from {} {} (IRI-normal {}), XRI Syntax 2.0 §2.3.3",
                    from.name(),
                    crate::safe_text::escape(id),
                    crate::safe_text::escape(iri)
                ),
                d.clone(),
            ),
            None => (String::new(), Vec::new()),
        }
    };
    let text = |a: &Analysis| {
        let (line, d) = head(a);
        let (escaped, cols) = text::escaped_with_columns(iri_of(&origin, a));
        let mut s = format!("{line}\n");
        for d in &d {
            s.push_str(&text::diagnostic(d, &escaped, &cols));
        }
        s.push_str(&to_text(a));
        s
    };
    let json = |a: &Analysis| {
        let (_, d) = head(a);
        let mut v = to_json(a);
        if let (Some(o), Some((id, iri, _))) = (v.as_object_mut(), origin.get(&a.input)) {
            o.insert("from".into(), Value::String(from.name().into()));
            o.insert("original".into(), Value::String(id.clone()));
            o.insert("iri_normal_input".into(), Value::String(iri.clone()));
            o.insert("conversion_diagnostics".into(), json::diagnostics(&d));
        }
        v
    };
    super::render_each(&converted, &opts, args.common.format, text, json)
}

/// The IRI-normal text the conversion read (the spans of its notes index it).
fn iri_of<'a>(
    origin: &'a std::collections::HashMap<String, (String, String, Vec<Diagnostic>)>,
    a: &'a Analysis,
) -> &'a str {
    origin
        .get(&a.input)
        .map_or(a.input.as_str(), |(_, iri, _)| iri.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Profile;
    use crate::engine::analyze;

    #[test]
    fn json_has_only_the_forms_that_apply() {
        let opts = Options {
            profile: Some(Profile::Rfc2141bis),
            forms: true,
            all_profiles: false,
        };
        let v = to_json(&analyze("URN:foo:a?s=I2L#x", &opts));
        let forms = v["forms"].as_object().unwrap();
        assert_eq!(forms["canonical"], "urn:foo:a");
        assert_eq!(forms["canonical_cache"], "urn:foo:a?s=I2L");
        assert!(!forms.contains_key("xri_normal") && !forms.contains_key("canonical_scheme"));
        assert_eq!(v["profile"], "rfc2141bis");
        assert!(v["diagnostics"].is_array());
    }

    #[test]
    fn text_escapes_untrusted_values() {
        let opts = Options {
            profile: Some(Profile::Rfc8141),
            forms: true,
            all_profiles: false,
        };
        let t = to_text(&analyze("urn:foo:a\u{1b}[31m", &opts));
        assert!(!t.contains('\u{1b}'), "{t}");
        assert!(t.contains("  canonical "), "{t}");
    }
}
