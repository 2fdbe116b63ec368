//! `idbench forms`: the normal forms of each identifier, rendered from
//! [`crate::engine::Analysis::forms`].

use std::fmt::Write as _;
use std::io::Write as _;

use serde::Serialize;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};

use super::{Format, FormsArgs, input, json, text};
use crate::engine::{Analysis, Diagnostic, Options};

/// Where an input came from when `--from` converted it (XRI Syntax 2.0 §2.3.3).
struct Origin<'a> {
    from: super::FromKind,
    /// The identifier as given.
    original: &'a str,
    /// The IRI-normal text the conversion read (the spans of its notes index it).
    iri: &'a str,
    /// The conversion's notes.
    diagnostics: &'a [Diagnostic],
    /// With `--from uri`, the URI to IRI step (RFC 3987 §3.2).
    uri_step: Option<&'a UriStep>,
}

/// What mapping the URI to an IRI did (RFC 3987 §3.2): every run of triplets it decoded, and
/// its notes on what stayed encoded and why. Spans index the URI as given.
#[derive(Default)]
struct UriStep {
    decoded: Vec<(crate::engine::Span, char)>,
    diagnostics: Vec<Diagnostic>,
}

/// `{"start", "end", "char"}` per decoded run.
struct DecodedJson<'a>(&'a [(crate::engine::Span, char)]);

impl Serialize for DecodedJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for (span, c) in self.0 {
            let mut buf = [0u8; 4];
            seq.serialize_element(&DecodedRun(*span, c.encode_utf8(&mut buf)))?;
        }
        seq.end()
    }
}

struct DecodedRun<'a>(crate::engine::Span, &'a str);

impl Serialize for DecodedRun<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Decoded", 3)?;
        m.serialize_field("start", &self.0.start)?;
        m.serialize_field("end", &self.0.end)?;
        m.serialize_field("char", self.1)?;
        m.end()
    }
}

/// `{"decoded": [...], "diagnostics": [...]}`.
struct UriStepJson<'a>(&'a UriStep);

impl Serialize for UriStepJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("UriToIri", 2)?;
        m.serialize_field("decoded", &DecodedJson(&self.0.decoded))?;
        m.serialize_field("diagnostics", &json::DiagnosticsJson(&self.0.diagnostics))?;
        m.end()
    }
}

/// One JSON object: `{"input", "profile", "valid", "best_effort", "forms": {...},
/// "diagnostics": [...]}`, with only the forms that apply to the profile. `best_effort` is
/// true when the input is invalid: its forms normalize what the tree holds and copy the
/// rest. With `--from`, also `"from"`, `"original"`, `"iri_normal_input"` and
/// `"conversion_diagnostics"`; with `--from uri`, also `"uri_to_iri"`: `{"decoded":
/// [{"start", "end", "char"}], "diagnostics": [...]}`, spans indexing `"original"`.
struct FormsJson<'a>(&'a Analysis, Option<&'a Origin<'a>>);

struct RowsJson<'a>(&'a Analysis);

impl Serialize for RowsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let rows = self.0.forms.as_ref().map(|f| f.rows()).unwrap_or_default();
        let key = self
            .0
            .forms
            .as_ref()
            .and_then(|f| f.equivalence_key.as_deref());
        let mut m = s.serialize_map(Some(rows.len() + usize::from(key.is_some())))?;
        for (name, value) in rows {
            m.serialize_entry(name, value)?;
        }
        if let Some(k) = key {
            m.serialize_entry("equivalence_key", k)?;
        }
        m.end()
    }
}

impl Serialize for FormsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        let mut m = s.serialize_struct("Forms", 11)?;
        m.serialize_field("input", &a.input)?;
        m.serialize_field("profile", a.profile.name())?;
        m.serialize_field("valid", &a.valid())?;
        m.serialize_field("namespace", &a.namespace.as_ref().map(json::NamespaceJson))?;
        m.serialize_field(
            "scheme_spec",
            &a.scheme_spec.as_ref().map(json::SchemeSpecJson),
        )?;
        m.serialize_field("best_effort", &!a.valid())?;
        m.serialize_field("forms", &RowsJson(a))?;
        m.serialize_field("diagnostics", &json::DiagnosticsJson(&a.all_diagnostics()))?;
        if let Some(o) = self.1 {
            m.serialize_field("from", o.from.name())?;
            m.serialize_field("original", o.original)?;
            m.serialize_field("iri_normal_input", o.iri)?;
            m.serialize_field(
                "conversion_diagnostics",
                &json::DiagnosticsJson(o.diagnostics),
            )?;
            if let Some(u) = o.uri_step {
                m.serialize_field("uri_to_iri", &UriStepJson(u))?;
            }
        }
        m.end()
    }
}

#[cfg(test)]
fn to_json(a: &Analysis) -> serde_json::Value {
    serde_json::from_str(&json::to_string(&FormsJson(a, None))).unwrap_or_default()
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
        crate::safe_text::escape(&a.profile_reason.to_string())
    );
    if let Some(line) = text::scheme_line(a) {
        s.push_str(&line);
    }
    if let Some(line) = text::namespace_line(a) {
        s.push_str(&line);
    }
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
    for d in a.all_diagnostics() {
        s.push_str(&text::diagnostic(&d, &a.input));
    }
    s
}

/// `--from`'s text: where the XRI came from and the conversion's notes, then its forms.
fn converted_text(a: &Analysis, o: &Origin<'_>) -> String {
    let mut s = format!(
        "from {} {} (IRI-normal {}), XRI Syntax 2.0 §2.3.3\n",
        o.from.name(),
        crate::safe_text::escape(o.original),
        crate::safe_text::escape(o.iri)
    );
    if let Some(u) = o.uri_step {
        uri_step_text(&mut s, u, o.original);
    }
    for d in o.diagnostics {
        s.push_str(&text::diagnostic(d, o.iri));
    }
    s.push_str(&to_text(a));
    s
}

/// The URI to IRI step in text: what it decoded (each run with its bytes in the URI), then
/// its notes on what stayed encoded, with carets under the URI.
fn uri_step_text(s: &mut String, u: &UriStep, uri: &str) {
    if u.decoded.is_empty() {
        s.push_str("URI to IRI (RFC 3987 §3.2): nothing decoded\n");
    } else {
        s.push_str("URI to IRI (RFC 3987 §3.2): decoded");
        for (k, (span, c)) in u.decoded.iter().enumerate() {
            let triplets = uri.get(span.start..span.end).unwrap_or("");
            let mut buf = [0u8; 4];
            let _ = write!(
                s,
                "{} {} as {} (bytes {}..{})",
                if k == 0 { "" } else { ";" },
                triplets,
                crate::safe_text::escape(c.encode_utf8(&mut buf)),
                span.start,
                span.end
            );
        }
        s.push('\n');
    }
    for d in &u.diagnostics {
        s.push_str(&text::diagnostic(d, uri));
    }
}

/// `forms --format json`'s line for `a` (no `--from`): the command's and `idbench serve`'s
/// `/api/forms`.
pub(super) fn json_line(out: &mut dyn std::io::Write, a: &Analysis) -> std::io::Result<()> {
    json::write_line(out, &FormsJson(a, None))
}

pub(super) fn run(args: &FormsArgs) -> std::io::Result<u8> {
    let Some(from) = args.from else {
        let opts = Options {
            profile: args.common.profile.0,
            forms: true,
            all_profiles: false,
            namespace: !args.common.no_namespace,
            scheme_spec: !args.common.no_scheme_spec,
            // Shown in the JSON only (`forms.equivalence_key`).
            equivalence_key: args.common.format == super::Format::Json,
        };
        return super::render_each(&args.ids, &opts, args.common.format, to_text, json_line);
    };
    // XRI Syntax 2.0 §2.3.3: each input (an IRI, or a URI first mapped to an IRI, RFC 3987
    // §3.2) becomes an XRI, whose forms are shown under xri2 with the conversion's notes.
    let opts = Options {
        profile: crate::engine::Family::Xri.first_profile(),
        forms: true,
        all_profiles: false,
        namespace: false,
        scheme_spec: false,
        equivalence_key: true,
    };
    // The XRI spec's own conversion from IRI-normal form (its descriptor's); a spec without
    // one would take the IRI as it is.
    let from_iri = opts
        .profile
        .and_then(|p| p.descriptor().forms.from_iri_normal)
        .unwrap_or(|iri| (iri.to_string(), Vec::new()));
    let format = args.common.format;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut first = true;
    input::for_each_id(&args.ids, |id| {
        if format == Format::Text && !first {
            out.write_all(b"\n")?;
        }
        first = false;
        let id = match id {
            input::Id::Text(id) => id,
            input::Id::Bytes(bytes) => {
                all_valid = false;
                return input::write_not_utf8(&mut out, &bytes, opts.profile, format, true);
            }
        };
        // The URI step's notes index the URI, the conversion's the IRI: each is shown with
        // the text it indexes.
        let mut uri_step = UriStep::default();
        let iri = match from {
            super::FromKind::Iri => id.to_string(),
            super::FromKind::Uri => crate::engine::forms::uri_to_iri_traced(
                &id,
                0,
                &mut uri_step.diagnostics,
                |span, c| uri_step.decoded.push((span, c)),
            )
            .into_owned(),
        };
        let (xri, diagnostics) = from_iri(&iri);
        let a = crate::engine::analyze(&xri, &opts);
        all_valid &= a.valid();
        let origin = Origin {
            from,
            original: &id,
            iri: &iri,
            diagnostics: &diagnostics,
            uri_step: (from == super::FromKind::Uri).then_some(&uri_step),
        };
        match format {
            Format::Json => json::write_line(&mut out, &FormsJson(&a, Some(&origin))),
            Format::Text => out.write_all(converted_text(&a, &origin).as_bytes()),
        }
    })?;
    out.flush()?;
    Ok(if all_valid { 0 } else { 1 })
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
            namespace: false,
            scheme_spec: false,
            equivalence_key: true,
        };
        let v = to_json(&analyze("URN:foo:a?s=I2L#x", &opts));
        let forms = v["forms"].as_object().unwrap();
        assert_eq!(forms["canonical"], "urn:foo:a");
        assert_eq!(forms["canonical_cache"], "urn:foo:a?s=I2L");
        assert!(!forms.contains_key("xri_normal") && !forms.contains_key("canonical_scheme"));
        assert_eq!(v["profile"], "rfc2141bis");
        assert_eq!(v["valid"], true);
        assert_eq!(v["best_effort"], false);
        assert!(v["diagnostics"].is_array());
    }

    #[test]
    fn text_escapes_untrusted_values() {
        let opts = Options {
            profile: Some(Profile::Rfc8141),
            forms: true,
            all_profiles: false,
            namespace: false,
            scheme_spec: false,
            equivalence_key: true,
        };
        let t = to_text(&analyze("urn:foo:a\u{1b}[31m", &opts));
        assert!(!t.contains('\u{1b}'), "{t}");
        assert!(t.contains("  canonical "), "{t}");
    }
}
