//! Cases a user brings: a file of identifiers and what each must do, run against the engine.
//!
//! Both faces use this module: `idbench test` runs the files named on its command line, the
//! workbench loads one into its examples picker and appends the current view to it. The
//! engine stays the judge: [`run`] asks [`crate::engine::analyze`],
//! [`crate::engine::equiv::compare`], [`crate::engine::resolve::resolve`] and the ABNF
//! engine ([`crate::engine::abnf`]), and compares what they answer with what the case
//! expects.
//!
//! # The TOML format
//!
//! ```toml
//! [[case]]
//! input = "HTTP://Example.COM/a/./b"
//! profile = "rfc3986"          # optional: auto, or the runner's --profile, when absent
//! valid = true
//! forms = { canonical = "http://example.com/a/b" }
//! components = { host = "Example.COM" }
//! equivalent = "http://example.com/a/b"
//! step = "RFC 3986 §6.2.2.1"   # the first ladder step at which they are equal
//! note = "free text"
//!
//! [[case]]
//! input = "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
//! namespaces = false           # the rest of the view: without the URN namespace layer,
//! objective = "names"          # and how `equivalent` compares (objective, ignore_dollar,
//! not_equivalent = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"   # a_form, b_form)
//!
//! [[case]]
//! input = "../g"
//! base = "http://a/b/c/d;p?q"
//! target = "http://a/g"
//! ```
//!
//! The expectations are `valid`, `error` (the first error's code), `error_at` (its first
//! byte), `components` (node kind → the text of the first node of that kind), `forms`
//! (form name → value), `equivalent` / `not_equivalent` (another input; with `step`, the
//! `spec` of the ladder step: the first equal step for `equivalent`, the last for
//! `not_equivalent`), `target` (with `base`; `"error"` expects no target) and `parses`
//! (with `grammar`, an ABNF file relative to the cases file, and `start`). A case needs at
//! least one; unknown keys are errors with their line and column, so a typo cannot pass.
//! A `grammar` stays inside the cases file's folder unless the user allows otherwise, and
//! one that does not read as ABNF is reported without its words ([`grammar`]).
//!
//! A `.json` file in purl-spec's test-suite format (an object with `$schema`
//! `purl-test...` and a `tests` array) is read by [`parse_purl_spec`]: each parse and
//! validate test a case of the PURL parse and, for validate, of the `canonical_scheme`
//! form. Other files ending `.json` are read in the web-platform-tests shape ([`parse_wpt`]): an array
//! whose strings are comments and whose objects are cases, either `urltestdata.json`'s
//! (`input`, `base`, and the getters `href`, `origin`, `protocol`, ..., `hash`, or
//! `failure: true`) or `toascii.json`'s (`input` and `output`, null for failure); a `.json`
//! file that is an object is `setters_tests.json`'s shape ([`parse_wpt_setters`]: per `URL`
//! attribute, cases of `href`, `new_value` and the `expected` getters, run through the
//! standard's setters). They run
//! under the URL Standard's parser ([`crate::engine::whatwg`]) with their base; a case the
//! implemented revision of the standard changes is a known disagreement, named with the
//! change ([`crate::engine::whatwg::wpt`]), not a failure. Any other file that is not
//! `.toml` is read in the `examples/ids` line format ([`crate::idsets::parse_set`]).
//!
//! A file that holds no case is an error for `idbench test` (`no cases in FILE`), so a
//! file read in the wrong format cannot pass; `[[case]]` tables in a file not named `.toml`
//! are always an error, which says to name it `.toml`.

pub mod grammar;
pub mod purl_spec;
mod read;
mod run;
mod view;
mod wpt;
mod wpt_setters;
mod write;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::Profile;
use crate::engine::abnf::Grammar;
use crate::engine::equiv::CompareOptions;
use crate::engine::tree::Severity;

pub use grammar::{ALLOW_OUTSIDE_FLAG, GrammarPaths};
pub use purl_spec::{PurlExpect, PurlParts, parse_purl_spec};
pub use read::{parse_ids, parse_toml};
pub use run::{Failure, RunOptions, run, run_with};
pub use view::from_view;
pub use wpt::parse_wpt;
pub use wpt_setters::parse_wpt_setters;
pub use write::{append_case, to_toml, write_private};

/// A cases file may be this large (100,000 cases of a line or so each fit many times over).
pub const MAX_CASES_FILE: u64 = 64 << 20;

/// How the error for a file with no case begins (the file's name follows).
const NO_CASES: &str = "no cases in ";

/// The most load errors reported for one file (the rest are counted).
pub const MAX_LOAD_ERRORS: usize = 20;

/// What the resolution of `input` against `base` must give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetExpect {
    /// This target.
    Is(String),
    /// No target: the resolution fails (written `"error"`).
    Fails,
}

/// A diagnostic the analysis must hold (the `examples/ids` format's diagnostic lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagnosticExpect {
    /// Its severity.
    pub severity: Severity,
    /// Its code.
    pub code: String,
    /// First byte of its span.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The section it must cite, if given.
    pub spec: Option<String>,
}

/// `parses`: the input against a user's ABNF grammar.
#[derive(Clone, Debug)]
pub struct ParsesExpect {
    /// Whether the input must match the start rule.
    pub expect: bool,
    /// The grammar, compiled when the file was read.
    pub grammar: Arc<Grammar>,
    /// The grammar's path as the case wrote it.
    pub path: String,
    /// The start rule.
    pub start: String,
}

/// What a web-platform-tests case expects of the URL Standard's parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WptExpect {
    /// A `urltestdata.json` case: the parse of `input` against the case's base fails, or
    /// its getters give these values (getter name → value, in the file's order).
    Url {
        /// `failure: true`.
        failure: bool,
        /// The getters the case gives.
        getters: Vec<(String, String)>,
    },
    /// A `toascii.json` case: `input` as the host of an `https:` URL gives this hostname
    /// (`None`: the parse fails).
    ToAscii(Option<String>),
}

/// What a web-platform-tests setters case (`setters_tests.json`) expects: the case's input
/// (its `href`) parsed, the setter run with `new_value`, the getters give these values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetterExpect {
    /// The setter, by the `URL` class's attribute name (`port`), one the URL Standard's
    /// setters have (the reader checks it).
    pub component: &'static str,
    /// What the setter is given.
    pub new_value: String,
    /// Getter name → value after the setter, in the file's order.
    pub expected: Vec<(String, String)>,
}

/// What a case expects; every field is optional, at least one is given.
#[derive(Clone, Debug, Default)]
pub struct Expect {
    /// Valid (or not) under the profile.
    pub valid: Option<bool>,
    /// The first error's code.
    pub error: Option<String>,
    /// The first error's first byte.
    pub error_at: Option<usize>,
    /// Node kind name → the text of the first node of that kind.
    pub components: Vec<(String, String)>,
    /// Form name → its value.
    pub forms: Vec<(String, String)>,
    /// The other input and whether the two must be equivalent.
    pub equivalent: Option<(String, bool)>,
    /// The ladder step's `spec` (with `equivalent`).
    pub step: Option<String>,
    /// The resolution's target (with a base).
    pub target: Option<TargetExpect>,
    /// The input against a user grammar.
    pub parses: Option<ParsesExpect>,
    /// Diagnostics the analysis must hold.
    pub diagnostics: Vec<DiagnosticExpect>,
    /// A web-platform-tests case (a `.json` file's).
    pub wpt: Option<WptExpect>,
    /// A web-platform-tests setters case.
    pub setter: Option<SetterExpect>,
    /// A purl-spec test case: what the PURL parse gives ([`purl_spec`]).
    pub purl: Option<PurlExpect>,
    /// Why the case is a known disagreement (the implemented revision of the standard
    /// changed it): it is reported as such, not as a failure, while it disagrees.
    pub known: Option<&'static str>,
    /// Part of the case's view, not an expectation: the URN namespace layer the case runs
    /// with (`namespaces = false`: the URN spec answers alone). `None`: the runner's (on,
    /// unless `idbench test --no-namespace`).
    pub namespaces: Option<bool>,
    /// Part of the case's view: how `equivalent` compares (`objective`, `ignore_dollar`,
    /// `a_form`, `b_form`; the profile field is unused, the case's `profile` is used).
    pub compare: CompareOptions,
}

impl Expect {
    /// True when nothing is expected.
    pub fn is_empty(&self) -> bool {
        self.valid.is_none()
            && self.error.is_none()
            && self.error_at.is_none()
            && self.components.is_empty()
            && self.forms.is_empty()
            && self.equivalent.is_none()
            && self.target.is_none()
            && self.parses.is_none()
            && self.diagnostics.is_empty()
            && self.wpt.is_none()
            && self.setter.is_none()
            && self.purl.is_none()
    }
}

/// One case.
#[derive(Clone, Debug)]
pub struct Case {
    /// 1-based line of the case in its file (the `[[case]]` header, or the entry's line).
    pub line: usize,
    /// The input (with a base, the reference).
    pub input: String,
    /// The profile the case names: `None` when it names none (the runner's default
    /// applies), `Some(None)` for `auto`.
    pub profile: Option<Option<Profile>>,
    /// The base to resolve `input` against.
    pub base: Option<String>,
    /// What it expects.
    pub expect: Expect,
    /// A free note.
    pub note: Option<String>,
}

impl Case {
    /// Why the case is a known disagreement, if it is one: listed as changed by the
    /// implemented revision of the standard, and `failures` (what [`run`] found) show it
    /// still disagrees. A listed case that agrees is a failure ([`run`] says the entry is
    /// stale), not a known disagreement.
    pub fn known_disagreement(&self, failures: &[Failure]) -> Option<&'static str> {
        self.expect
            .known
            .filter(|_| !failures.is_empty() && failures.iter().all(|f| f.field != "known"))
    }

    /// The profile the case runs under, `default` when it names none (`None`: auto).
    pub fn profile_or(&self, default: Option<Profile>) -> Option<Profile> {
        self.profile.unwrap_or(default)
    }

    /// One line of what the case expects, for lists (the workbench's picker).
    pub fn summary(&self) -> String {
        let e = &self.expect;
        let mut parts: Vec<String> = Vec::new();
        if let Some(v) = e.valid {
            parts.push(if v { "valid" } else { "invalid" }.into());
        }
        if let Some(c) = &e.error {
            parts.push(format!("error {c}"));
        }
        if let Some(at) = e.error_at {
            parts.push(format!("at {at}"));
        }
        if let Some((other, eq)) = &e.equivalent {
            parts.push(format!("{} {other}", if *eq { "≡" } else { "≢" }));
        }
        if let Some(s) = &e.step {
            parts.push(format!("({s})"));
        }
        match &e.target {
            Some(TargetExpect::Is(t)) => parts.push(format!("→ {t}")),
            Some(TargetExpect::Fails) => parts.push("→ error".into()),
            None => {}
        }
        for (k, v) in &e.components {
            parts.push(format!("{k} = {v}"));
        }
        for (k, v) in &e.forms {
            parts.push(format!("{k} = {v}"));
        }
        if let Some(p) = &e.parses {
            parts.push(format!(
                "{} {} from {}",
                if p.expect { "parses" } else { "does not parse" },
                p.path,
                p.start
            ));
        }
        match &e.wpt {
            Some(WptExpect::Url { failure: true, .. }) => parts.push("URL Standard: fails".into()),
            Some(WptExpect::Url { getters, .. }) => {
                if let Some((_, href)) = getters.iter().find(|g| g.0 == "href") {
                    parts.push(format!("URL Standard: href {href}"));
                }
            }
            Some(WptExpect::ToAscii(Some(h))) => parts.push(format!("URL Standard: host {h}")),
            Some(WptExpect::ToAscii(None)) => parts.push("URL Standard: host fails".into()),
            None => {}
        }
        if let Some(s) = &e.setter {
            let href = s.expected.iter().find(|g| g.0 == "href");
            parts.push(match href {
                Some((_, h)) => format!("URL Standard: {} = {:?} → {h}", s.component, s.new_value),
                None => format!("URL Standard: {} = {:?}", s.component, s.new_value),
            });
        }
        match &e.purl {
            Some(PurlExpect::Fails) => parts.push("PURL: fails".into()),
            Some(PurlExpect::Passes) => parts.push("PURL: parses".into()),
            Some(PurlExpect::Parts(p)) => {
                parts.push(format!("PURL: type {} name {}", p.ty, p.name))
            }
            None => {}
        }
        if let Some(k) = e.known {
            parts.push(format!("known: {k}"));
        }
        for d in &e.diagnostics {
            parts.push(format!(
                "{} {} at {}..{}",
                d.severity, d.code, d.start, d.end
            ));
        }
        parts.join(" · ")
    }
}

/// A file of cases, read.
#[derive(Clone, Debug)]
pub struct CaseFile {
    /// The path as given.
    pub path: PathBuf,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// Why a file could not be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file as given.
    pub file: String,
    /// 1-based line (0: the file as a whole).
    pub line: usize,
    /// 1-based column, in characters (0: the file as a whole).
    pub column: usize,
    /// What is wrong and what to do. Holds file text: escape it before a terminal.
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0
            && self
                .message
                .strip_prefix(NO_CASES)
                .is_some_and(|m| m.starts_with(self.file.as_str()))
        {
            // The message names the file itself (`no cases in FILE`).
            f.write_str(&self.message)
        } else if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        }
    }
}

/// How [`load_with`] reads a cases file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// Where the grammars its `parses` cases name may be.
    pub grammars: GrammarPaths,
    /// A file with no case reads (as none) instead of being an error: the workbench's
    /// `--cases` file, which Ctrl-S `a` fills, may start empty. `[[case]]` tables in a
    /// file not named `.toml` are an error either way.
    pub allow_empty: bool,
}

/// [`load_with`] under the default options: grammars inside the file's folder, and a file
/// with no case is an error.
pub fn load(path: &Path) -> Result<CaseFile, Vec<LoadError>> {
    load_with(path, LoadOptions::default())
}

/// The first line of `text` that opens a TOML `[[case]]` table (1-based), if any.
fn toml_case_line(text: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            l.trim()
                .strip_prefix("[[")
                .and_then(|r| r.split_once("]]"))
                .is_some_and(|(name, _)| name.trim() == "case")
        })
        .map(|i| i + 1)
}

/// Reads the cases file at `path`: a regular file ([`crate::files::read_regular`]), TOML
/// when it ends `.toml`, the web-platform-tests shape when `.json` ([`parse_wpt`]), else
/// the `examples/ids` line format. Grammars named by `parses` cases are read and compiled
/// here, relative to the file's directory and inside it unless `opts.grammars` allows
/// otherwise ([`grammar::resolve`]). A file with no case is an error (`no cases in FILE`)
/// unless `opts.allow_empty`.
pub fn load_with(path: &Path, opts: LoadOptions) -> Result<CaseFile, Vec<LoadError>> {
    let file = path.display().to_string();
    let whole = |message: String| {
        vec![LoadError {
            file: file.clone(),
            line: 0,
            column: 0,
            message,
        }]
    };
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let text = crate::files::read_regular(path, MAX_CASES_FILE)
        .map_err(|e| whole(format!("cannot read: {e}")))?;
    let cases = if ext.as_deref() == Some("json") && purl_spec::is_purl_shape(&text) {
        parse_purl_spec(&text, &file)?
    } else if ext.as_deref() == Some("json") && wpt_setters::is_setters_shape(&text) {
        parse_wpt_setters(&text, &file)?
    } else if ext.as_deref() == Some("json") {
        parse_wpt(&text, &file)?
    } else if ext.as_deref() == Some("toml") {
        let dir = path.parent().unwrap_or(Path::new("."));
        parse_toml(&text, &file, dir, opts.grammars)?
    } else {
        // TOML cases in a file of another name would be read in the line format, where
        // their `key = value` lines expect nothing: said, not passed.
        if let Some(line) = toml_case_line(&text) {
            return Err(whole(format!(
                "{NO_CASES}{file}: it holds TOML `[[case]]` tables (line {line}), but only a file named .toml is read as TOML (this one is read in the line format); rename it to end in .toml"
            )));
        }
        parse_ids(&text, &file)?
    };
    if cases.is_empty() && !opts.allow_empty {
        let why = match ext.as_deref() {
            Some("toml") => "a TOML cases file holds `[[case]]` tables",
            Some("json") => "a web-platform-tests file is an array of case objects",
            _ => {
                "in the line format a case is an identifier, a tab and what it must do (valid, invalid, ==, !=, ->, or a diagnostic); a line with an identifier alone expects nothing"
            }
        };
        return Err(whole(format!("{NO_CASES}{file}: {why}")));
    }
    Ok(CaseFile {
        path: path.to_path_buf(),
        cases,
    })
}

#[cfg(test)]
mod tests;
