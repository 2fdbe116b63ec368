//! Identifier sets: the spec examples shipped under `examples/ids/`, grouped by spec and
//! section, for the tests and the workbench's examples picker.
//!
//! The files are plain text, one entry a line:
//!
//! ```text
//! # a comment
//! [RFC 2141 §6]                          a section: the entries below belong to it
//! @profile rfc2141                       the profile for the entries below (auto until set)
//! urn:foo:a123,456                       an identifier
//! urn:foo:a123,456<TAB>valid             ... that must be valid under the profile
//! urn:a<TAB>invalid<TAB>nss-missing      ... that must be invalid, first error code given
//! URN:foo:a<TAB>==<TAB>urn:FOO:a         a pair that must be equivalent
//! urn:foo:a<TAB>!=<TAB>urn:foo:A         a pair that must not be
//! base<TAB>+<TAB>ref<TAB>=><TAB>target   a reference resolution (target `error` if illegal)
//! a<TAB>-><TAB>form_name<TAB>value       a normal form the input must have
//! urn:foo:a%00<TAB>warning<TAB>pct-nul<TAB>9..12<TAB>RFC 2141 §2.4
//!                                        a diagnostic the input must have: severity
//!                                        (error, warning or note), code, byte span and,
//!                                        optionally, the section it must cite
//! ```
//!
//! The sets are compiled into the library so the workbench finds them wherever it runs.

use std::sync::LazyLock;

use crate::engine::{Profile, Severity};

/// What an entry expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Just an identifier to look at.
    Show,
    /// Valid under the profile.
    Valid,
    /// Invalid under the profile, with this first error code (empty: any).
    Invalid(String),
    /// Equivalent to `other` (`true`) or not (`false`).
    Pair {
        /// The second identifier.
        other: String,
        /// Whether the two must be equivalent.
        equivalent: bool,
    },
    /// Resolving the entry (a reference) against `base` gives `target` (`None`: an error).
    Resolves {
        /// The base.
        base: String,
        /// The expected target.
        target: Option<String>,
    },
    /// The analysis holds a diagnostic of this severity and code over bytes `start..end`.
    Diagnostic {
        /// Its severity.
        severity: Severity,
        /// Its kebab-case code.
        code: String,
        /// First byte of its span.
        start: usize,
        /// One past the last byte of its span.
        end: usize,
        /// The spec and section it must cite, if given.
        spec: Option<String>,
    },
    /// The normal form `form` of the identifier is `value`.
    Form {
        /// The form's JSON key (`canonical`, `iri_normal`, ...).
        form: String,
        /// Its expected value.
        value: String,
    },
}

/// One entry of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The identifier (for a resolution, the reference).
    pub id: String,
    /// The profile it is read under (`None`: auto).
    pub profile: Option<Profile>,
    /// The section it belongs to, e.g. `RFC 2141 §6`.
    pub section: String,
    /// The set it comes from (file stem).
    pub set: &'static str,
    /// Line number in the file (1-based).
    pub line: usize,
    /// What it expects.
    pub expect: Expect,
}

/// The shipped sets: `(name, text)`, one per built-in profile that has one (its
/// descriptor's [`examples`](crate::engine::specs::Descriptor::examples)), named after
/// the profile, in [`Profile::ALL`] order.
pub static SETS: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    Profile::ALL
        .into_iter()
        .map(|p| {
            let d = p.descriptor();
            (d.name, d.examples)
        })
        .filter(|(_, text)| !text.is_empty())
        .collect()
});

/// Parses one set's text. Lines that do not fit the format are returned as errors
/// `(line, message)`.
pub fn parse_set(set: &'static str, text: &str) -> (Vec<Entry>, Vec<(usize, String)>) {
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    let mut section = String::new();
    let mut profile: Option<Profile> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.strip_suffix('\r').unwrap_or(raw);
        if l.trim().is_empty() || l.starts_with('#') {
            continue;
        }
        if let Some(rest) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            section = rest.to_string();
            continue;
        }
        if let Some(rest) = l.strip_prefix("@profile ") {
            let rest = rest.trim();
            if rest == "auto" {
                profile = None;
            } else {
                match Profile::from_name(rest) {
                    Some(p) => profile = Some(p),
                    None => errors.push((line, format!("unknown profile {rest}"))),
                }
            }
            continue;
        }
        let f: Vec<&str> = l.split('\t').collect();
        let expect = match f.as_slice() {
            [_] => Expect::Show,
            [_, "valid"] => Expect::Valid,
            [_, "invalid"] => Expect::Invalid(String::new()),
            [_, "invalid", code] => Expect::Invalid(code.to_string()),
            [_, "==", b] => Expect::Pair {
                other: b.to_string(),
                equivalent: true,
            },
            [_, "!=", b] => Expect::Pair {
                other: b.to_string(),
                equivalent: false,
            },
            [base, "+", r, "=>", t] => {
                entries.push(Entry {
                    id: r.to_string(),
                    profile,
                    section: section.clone(),
                    set,
                    line,
                    expect: Expect::Resolves {
                        base: base.to_string(),
                        target: (*t != "error").then(|| t.to_string()),
                    },
                });
                continue;
            }
            [
                _,
                sev @ ("error" | "warning" | "note"),
                code,
                span,
                cite @ ..,
            ] if cite.len() < 2 => {
                let severity = match *sev {
                    "error" => Severity::Error,
                    "warning" => Severity::Warning,
                    _ => Severity::Note,
                };
                let parsed = span
                    .split_once("..")
                    .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
                match parsed {
                    Some((start, end)) => Expect::Diagnostic {
                        severity,
                        code: code.to_string(),
                        start,
                        end,
                        spec: cite.first().map(|c| c.to_string()),
                    },
                    None => {
                        errors.push((line, format!("cannot read span {span:?}: {l:?}")));
                        continue;
                    }
                }
            }
            [_, "->", form, value] => Expect::Form {
                form: form.to_string(),
                value: value.to_string(),
            },
            _ => {
                errors.push((line, format!("cannot read entry: {l:?}")));
                continue;
            }
        };
        entries.push(Entry {
            id: f[0].to_string(),
            profile,
            section: section.clone(),
            set,
            line,
            expect,
        });
    }
    (entries, errors)
}

/// Every entry of every shipped set, in file order.
pub fn all() -> Vec<Entry> {
    SETS.iter()
        .flat_map(|(name, text)| parse_set(name, text).0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form_of_entry() {
        let text = "# c\n[S §1]\n@profile rfc2141\nurn:a:b\nurn:a:b\tvalid\nurn:a\tinvalid\tnss-missing\n\
                    A\t==\tB\nA\t!=\tC\nhttp://a/b\t+\tg\t=>\thttp://a/g\nx\t->\tcanonical\ty\nbad\tline\tq\n\
                    u\twarning\tpct-nul\t9..12\nu\tnote\tx\t9-12\n";
        let (e, errs) = parse_set("t", text);
        assert_eq!(errs.len(), 2);
        assert_eq!(e.len(), 8);
        assert_eq!(
            e[7].expect,
            Expect::Diagnostic {
                severity: Severity::Warning,
                code: "pct-nul".into(),
                start: 9,
                end: 12,
                spec: None
            }
        );
        assert_eq!(e[0].section, "S §1");
        assert_eq!(e[0].profile, Some(Profile::Rfc2141));
        assert_eq!(e[2].expect, Expect::Invalid("nss-missing".into()));
        assert_eq!(e[5].id, "g");
    }

    #[test]
    fn shipped_sets_are_well_formed() {
        for &(name, text) in SETS.iter() {
            let (_, errs) = parse_set(name, text);
            assert!(errs.is_empty(), "{name}: {errs:?}");
        }
    }
}
