//! `idbench forms`: the normal forms of each identifier, rendered from
//! [`crate::engine::Analysis::forms`].

use std::fmt::Write as _;

use serde::Serialize;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};

use super::{FormsArgs, json, text};
use crate::engine::{Analysis, Diagnostic, Options};

/// The parse's diagnostics and the forms', in input order.
fn all_diagnostics(a: &Analysis) -> Vec<Diagnostic> {
    let mut d = a.diagnostics.clone();
    if let Some(f) = &a.forms {
        d.extend(f.diagnostics.iter().cloned());
    }
    d.sort_by_key(|d| (d.span.start, d.severity, d.span.end));
    d
}

/// One JSON object: `{"input", "profile", "forms": {...}, "diagnostics": [...]}`, with only
/// the forms that apply to the profile.
struct FormsJson<'a>(&'a Analysis);

struct RowsJson<'a>(&'a Analysis);

impl Serialize for RowsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let rows = self.0.forms.as_ref().map(|f| f.rows()).unwrap_or_default();
        let mut m = s.serialize_map(Some(rows.len()))?;
        for (name, value) in rows {
            m.serialize_entry(name, value)?;
        }
        m.end()
    }
}

impl Serialize for FormsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        let mut m = s.serialize_struct("Forms", 4)?;
        m.serialize_field("input", &a.input)?;
        m.serialize_field("profile", a.profile.name())?;
        m.serialize_field("forms", &RowsJson(a))?;
        m.serialize_field("diagnostics", &json::DiagnosticsJson(&all_diagnostics(a)))?;
        m.end()
    }
}

#[cfg(test)]
fn to_json(a: &Analysis) -> serde_json::Value {
    serde_json::from_str(&json::to_string(&FormsJson(a))).unwrap_or_default()
}

/// The text rendering: the input, the profile, a name/value table, then the diagnostics
/// with carets under the input.
fn to_text(a: &Analysis) -> String {
    let mut s = String::new();
    let verdict = if a.valid() { "valid" } else { "invalid" };
    let _ = writeln!(s, "{}", crate::safe_text::escape(&a.input));
    let _ = writeln!(
        s,
        "{verdict} under {} ({})",
        a.profile,
        crate::safe_text::escape(&a.profile_reason)
    );
    if let Some(f) = &a.forms {
        let rows = f.rows();
        let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, value) in rows {
            let _ = writeln!(s, "  {name:<width$}  {}", crate::safe_text::escape(value));
        }
    }
    for d in all_diagnostics(a) {
        s.push_str(&text::diagnostic(&d, &a.input));
    }
    s
}

pub(super) fn run(args: &FormsArgs) -> std::io::Result<u8> {
    let opts = Options {
        profile: args.common.profile.0,
        forms: true,
        all_profiles: false,
    };
    super::render_each(&args.ids, &opts, args.common.format, to_text, |out, a| {
        json::write_line(out, &FormsJson(a))
    })
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
