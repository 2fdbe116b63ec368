//! A view: everything a person sees in the workbench, as one value.
//!
//! The inputs (A, and B in diff mode), the base, the profile, every layer switch, the
//! compare options, the grammar and its start rule, the selected node and the focused pane.
//! Every share path writes a [`View`] and every entry point reads one, in one of its two
//! text forms:
//!
//! - a command line ([`View::to_args`], [`View::to_command_line`]): `idbench tui` with the
//!   options that differ from the defaults, the identifier last after `--`;
//! - a compact, URL-safe query ([`View::to_query`], [`View::from_query`]):
//!   `id=…&with=…&profile=…&base=…&ns=0…`, as a permalink carries it.
//!
//! The module is plain data: it runs no analysis and knows nothing of terminals or HTTP
//! (it maps its compare options and profile name to the engine's, no more). A profile is kept by its name (as `--profile` takes it), so a view
//! read from text holds whatever was written, and the face that opens it says when the name
//! is unknown.

use std::fmt;

use crate::engine::Profile;
use crate::engine::equiv::{CompareOptions, Objective, SideForm as EngineSideForm};
use crate::report::{shell_command, shell_quote};

/// Which form a side of a comparison is written in, as `--a-form`/`--b-form` take it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SideForm {
    /// As typed.
    #[default]
    AsIs,
    /// In IRI-normal form (`iri`).
    Iri,
    /// In URI-normal form (`uri`).
    Uri,
}

impl SideForm {
    fn word(self) -> Option<&'static str> {
        match self {
            SideForm::AsIs => None,
            SideForm::Iri => Some("iri"),
            SideForm::Uri => Some("uri"),
        }
    }

    fn from_word(w: &str) -> Option<SideForm> {
        match w {
            "as-is" => Some(SideForm::AsIs),
            "iri" => Some(SideForm::Iri),
            "uri" => Some(SideForm::Uri),
            _ => None,
        }
    }
}

/// The layers over the specs, each on unless switched off. (The URI scheme layer joins
/// here when it exists: a view writes no switch that no face reads.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layers {
    /// The URN namespace layer (`--no-namespace`, query `ns=0`).
    pub namespaces: bool,
    /// The URI scheme layer (`--no-scheme-spec`, query `schemes=0`).
    pub schemes: bool,
}

impl Default for Layers {
    fn default() -> Self {
        Layers {
            namespaces: true,
            schemes: true,
        }
    }
}

impl Layers {
    /// The names of the layers that are off, for a badge (`["URN namespaces"]`); empty
    /// when every layer is on.
    pub fn off(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if !self.namespaces {
            v.push("URN namespaces");
        }
        if !self.schemes {
            v.push("URI schemes");
        }
        v
    }

    /// The badge every face shows while a layer is off (`layers off: URN namespaces`);
    /// `None` when every layer is on.
    pub fn badge(&self) -> Option<String> {
        let off = self.off();
        (!off.is_empty()).then(|| format!("layers off: {}", off.join(", ")))
    }
}

/// Where the lab profile's grammar comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GrammarSource {
    /// A file on disk, as `--grammar FILE` names it (the command-line form only: a query
    /// never names a file, since a page must not read one on a request's behalf).
    File(String),
    /// The grammar's text itself (the query form, and a page's text area).
    Text(String),
}

/// The grammar lab's part of a view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grammar {
    /// The grammar.
    pub source: GrammarSource,
    /// The start rule (`None`: the grammar's first rule).
    pub start: Option<String>,
}

/// The selected node: which input's tree, and the path of child indices from its root.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Selection {
    /// 0 for input A, 1 for input B.
    pub side: u8,
    /// Child indices from the root (empty: the root).
    pub path: Vec<u32>,
}

/// A view, as one value. [`View::default`] is the workbench's start: empty input, auto.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct View {
    /// Input A.
    pub a: String,
    /// Input B: `Some` in diff mode.
    pub b: Option<String>,
    /// The base input A is resolved against, when the base line is open.
    pub base: Option<String>,
    /// The profile's name (`None`: auto).
    pub profile: Option<String>,
    /// The layer switches.
    pub layers: Layers,
    /// Compare's objective is caching (RFC 3986 §6.2.2 step 5b reorders directives);
    /// default: naming resources.
    pub cache_objective: bool,
    /// Compare ignores `$` (XRI Syntax 2.0 §2.5.2).
    pub ignore_dollar: bool,
    /// The forms the sides of a comparison are written in.
    pub a_form: SideForm,
    /// See [`View::a_form`].
    pub b_form: SideForm,
    /// The lab's grammar and start rule.
    pub grammar: Option<Grammar>,
    /// The selected node.
    pub selection: Option<Selection>,
    /// The focused pane's name (as the workbench's help names it), if not the default.
    pub focus: Option<String>,
}

/// Why a query does not read as a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// A key the view does not have.
    UnknownKey(String),
    /// A key given twice.
    Repeated(String),
    /// A value the key does not take (key, what it takes).
    BadValue(String, &'static str),
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The key is the reader's own text: shown through safe_text by every face.
        match self {
            ViewError::UnknownKey(k) => write!(
                f,
                "unknown view key `{}`: a view takes id, with, base, profile, ns, \
                 objective, dollar, aform, bform, grammar, start, sel, pane",
                crate::safe_text::escape(k)
            ),
            ViewError::Repeated(k) => write!(
                f,
                "the view key `{}` is given twice: give it once",
                crate::safe_text::escape(k)
            ),
            ViewError::BadValue(k, takes) => write!(
                f,
                "the view key `{}` takes {takes}",
                crate::safe_text::escape(k)
            ),
        }
    }
}

impl std::error::Error for ViewError {}

impl View {
    /// A view of one identifier with everything else at its default.
    pub fn of(a: impl Into<String>) -> View {
        View {
            a: a.into(),
            ..View::default()
        }
    }

    /// The arguments of `idbench` that reopen this view (after the program's name):
    /// `tui`, the options that differ from their defaults, `--`, input A. A grammar given as
    /// text has no command-line form (the workbench reads a grammar from a file). Values are joined
    /// to their option (`--with=VALUE`), so a value that starts with `-` stays a value.
    pub fn to_args(&self) -> Vec<String> {
        let mut v = vec!["tui".to_string()];
        if let Some(b) = &self.b {
            v.push(format!("--with={b}"));
        }
        if let Some(b) = &self.base {
            v.push(format!("--base={b}"));
        }
        if let Some(p) = &self.profile {
            v.push(format!("--profile={p}"));
        }
        if !self.layers.namespaces {
            v.push("--no-namespace".into());
        }
        if !self.layers.schemes {
            v.push("--no-scheme-spec".into());
        }
        if self.cache_objective {
            v.push("--objective=cache".into());
        }
        if self.ignore_dollar {
            v.push("--ignore-dollar".into());
        }
        if let Some(w) = self.a_form.word() {
            v.push(format!("--a-form={w}"));
        }
        if let Some(w) = self.b_form.word() {
            v.push(format!("--b-form={w}"));
        }
        // The workbench reads its grammar from a file: a grammar given as text (a page's)
        // has no command-line form, and is left out of it (the query form carries it).
        if let Some(Grammar {
            source: GrammarSource::File(f),
            start,
        }) = &self.grammar
        {
            v.push(format!("--grammar={f}"));
            if let Some(s) = start {
                v.push(format!("--start={s}"));
            }
        }
        if let Some(s) = &self.selection {
            v.push(format!("--select={}", selection_text(s)));
        }
        if let Some(p) = &self.focus {
            v.push(format!("--focus={p}"));
        }
        v.push("--".into());
        v.push(self.a.clone());
        v
    }

    /// [`View::to_args`] as one shell command line (`idbench tui …`), each word quoted so
    /// that it pastes safely and reads back byte for byte.
    pub fn to_command_line(&self) -> String {
        // A word of letters, digits and `-=.,/:_` reads back as it is; any other is quoted
        // (`--with='a b'` is one word for the shell). The texts (the identifiers, the base,
        // the grammar file and start rule) are always quoted: a long one can then be
        // broken inside its quotes when a report wraps the command (`shell_wrap`).
        let plain = |w: &str| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-=.,/:_".contains(&b))
        };
        const TEXTS: [&str; 4] = ["--with", "--base", "--grammar", "--start"];
        let args = self.to_args();
        let n = args.len();
        let mut words = vec!["idbench".to_string()];
        for (i, w) in args.into_iter().enumerate() {
            let opt = w.split_once('=').filter(|(o, _)| o.starts_with("--"));
            if i + 1 == n {
                // Input A, after `--`.
                words.push(shell_quote(&w));
            } else if let Some((opt, val)) = opt.filter(|(o, v)| TEXTS.contains(o) || !plain(v)) {
                words.push(format!("{opt}={}", shell_quote(val)));
            } else if plain(&w) {
                words.push(w);
            } else {
                words.push(shell_quote(&w));
            }
        }
        shell_command(&words)
    }

    /// The compact, URL-safe form: `application/x-www-form-urlencoded` pairs in a fixed
    /// order, defaults left out (`id=urn%3Aisbn%3A0451450523&profile=rfc8141&ns=0`). A
    /// grammar given by file has no query form (a page never reads a file): it is left out.
    pub fn to_query(&self) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        q.append_pair("id", &self.a);
        if let Some(b) = &self.b {
            q.append_pair("with", b);
        }
        if let Some(b) = &self.base {
            q.append_pair("base", b);
        }
        if let Some(p) = &self.profile {
            q.append_pair("profile", p);
        }
        if !self.layers.namespaces {
            q.append_pair("ns", "0");
        }
        if !self.layers.schemes {
            q.append_pair("schemes", "0");
        }
        if self.cache_objective {
            q.append_pair("objective", "cache");
        }
        if self.ignore_dollar {
            q.append_pair("dollar", "ignore");
        }
        if let Some(w) = self.a_form.word() {
            q.append_pair("aform", w);
        }
        if let Some(w) = self.b_form.word() {
            q.append_pair("bform", w);
        }
        if let Some(Grammar {
            source: GrammarSource::Text(t),
            start,
        }) = &self.grammar
        {
            q.append_pair("grammar", t);
            if let Some(s) = start {
                q.append_pair("start", s);
            }
        }
        if let Some(s) = &self.selection {
            q.append_pair("sel", &selection_text(s));
        }
        if let Some(p) = &self.focus {
            q.append_pair("pane", p);
        }
        q.finish()
    }

    /// Reads a view from its query form (with or without a leading `?`). Every key at most
    /// once; an unknown key or a value a key does not take is an error, never ignored.
    pub fn from_query(query: &str) -> Result<View, ViewError> {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut v = View::default();
        let mut seen: Vec<String> = Vec::new();
        let mut grammar: Option<String> = None;
        let mut start: Option<String> = None;
        for (k, val) in form_urlencoded::parse(query.as_bytes()) {
            let (k, val) = (k.into_owned(), val.into_owned());
            if seen.contains(&k) {
                return Err(ViewError::Repeated(k));
            }
            seen.push(k.clone());
            match k.as_str() {
                "id" => v.a = val,
                "with" => v.b = Some(val),
                "base" => v.base = Some(val),
                "profile" if val.is_empty() || val == "auto" => v.profile = None,
                "profile" => v.profile = Some(val),
                "ns" => v.layers.namespaces = switch(&k, &val)?,
                "schemes" => v.layers.schemes = switch(&k, &val)?,
                "objective" => {
                    v.cache_objective = match val.as_str() {
                        "cache" => true,
                        "names" => false,
                        _ => return Err(ViewError::BadValue(k, "`names` or `cache`")),
                    }
                }
                "dollar" => {
                    v.ignore_dollar = match val.as_str() {
                        "ignore" => true,
                        "keep" => false,
                        _ => return Err(ViewError::BadValue(k, "`keep` or `ignore`")),
                    }
                }
                "aform" | "bform" => {
                    let f = SideForm::from_word(&val)
                        .ok_or(ViewError::BadValue(k.clone(), "`as-is`, `iri` or `uri`"))?;
                    if k == "aform" {
                        v.a_form = f;
                    } else {
                        v.b_form = f;
                    }
                }
                "grammar" => grammar = Some(val),
                "start" => start = Some(val),
                "sel" => {
                    v.selection = Some(parse_selection(&val).ok_or(ViewError::BadValue(
                        k,
                        "a side and a path: `a`, `a.0.2`, `b.1`",
                    ))?)
                }
                "pane" => v.focus = Some(val),
                _ => return Err(ViewError::UnknownKey(k)),
            }
        }
        match (grammar, start) {
            (Some(t), start) => {
                v.grammar = Some(Grammar {
                    source: GrammarSource::Text(t),
                    start,
                })
            }
            (None, Some(_)) => {
                return Err(ViewError::BadValue(
                    "start".into(),
                    "a rule name, with `grammar` beside it",
                ));
            }
            (None, None) => {}
        }
        Ok(v)
    }
}

impl fmt::Display for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&selection_text(self))
    }
}

impl std::str::FromStr for Selection {
    type Err = String;

    /// `a`, `a.0.2`, `b.1` (as `--select` and the query's `sel` take it).
    fn from_str(s: &str) -> Result<Selection, String> {
        parse_selection(s).ok_or_else(|| {
            format!(
                "`{}`: a selection is a side and a path of child indices: `a`, `a.0.2`, `b.1`",
                crate::safe_text::escape(s)
            )
        })
    }
}

impl From<EngineSideForm> for SideForm {
    fn from(f: EngineSideForm) -> SideForm {
        match f {
            EngineSideForm::AsIs => SideForm::AsIs,
            EngineSideForm::IriNormal => SideForm::Iri,
            EngineSideForm::UriNormal => SideForm::Uri,
        }
    }
}

impl From<SideForm> for EngineSideForm {
    fn from(f: SideForm) -> EngineSideForm {
        match f {
            SideForm::AsIs => EngineSideForm::AsIs,
            SideForm::Iri => EngineSideForm::IriNormal,
            SideForm::Uri => EngineSideForm::UriNormal,
        }
    }
}

impl View {
    /// The profile the view names: `Ok(None)` for auto, `Err` (what to write instead)
    /// for a name no profile has.
    pub fn parsed_profile(&self) -> Result<Option<Profile>, String> {
        match self.profile.as_deref() {
            None => Ok(None),
            Some(p) if p.eq_ignore_ascii_case("auto") => Ok(None),
            Some(p) => p.parse::<Profile>().map(Some),
        }
    }

    /// The engine's compare options for this view, under `profile` (the view's own,
    /// parsed by the caller: see [`View::parsed_profile`]).
    pub fn compare_options(&self, profile: Option<Profile>) -> CompareOptions {
        CompareOptions {
            profile,
            objective: if self.cache_objective {
                Objective::Cache
            } else {
                Objective::Names
            },
            ignore_dollar: self.ignore_dollar,
            a_form: self.a_form.into(),
            b_form: self.b_form.into(),
        }
    }

    /// Takes the compare options of `o` (its profile aside: the view keeps its own).
    pub fn set_compare_options(&mut self, o: &CompareOptions) {
        self.cache_objective = o.objective == Objective::Cache;
        self.ignore_dollar = o.ignore_dollar;
        self.a_form = o.a_form.into();
        self.b_form = o.b_form.into();
    }

    /// The profile's name as a view keeps it (`None`: auto).
    pub fn profile_name(p: Option<Profile>) -> Option<String> {
        p.map(|p| p.name().to_string())
    }
}

/// `a`, `a.0.2`, `b.1`: the side, then the child indices.
fn selection_text(s: &Selection) -> String {
    let mut t = String::from(if s.side == 0 { "a" } else { "b" });
    for i in &s.path {
        t.push('.');
        t.push_str(&i.to_string());
    }
    t
}

fn parse_selection(s: &str) -> Option<Selection> {
    let mut parts = s.split('.');
    let side = match parts.next()? {
        "a" => 0,
        "b" => 1,
        _ => return None,
    };
    let mut path = Vec::new();
    for p in parts {
        // Bounded: a path is as deep as a tree, which is as long as its input at most.
        if path.len() >= 1 << 20 {
            return None;
        }
        path.push(p.parse().ok()?);
    }
    Some(Selection { side, path })
}

fn switch(k: &str, v: &str) -> Result<bool, ViewError> {
    match v {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(ViewError::BadValue(k.to_string(), "`0` (off) or `1` (on)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full() -> View {
        View {
            a: "urn:ISBN:0-451-45052-3 &=?#%".into(),
            b: Some("-x\u{202e}\n".into()),
            base: Some("http://a/b/c/d;p?q".into()),
            profile: Some("rfc8141".into()),
            layers: Layers {
                namespaces: false,
                ..Layers::default()
            },
            cache_objective: true,
            ignore_dollar: true,
            a_form: SideForm::Iri,
            b_form: SideForm::Uri,
            grammar: Some(Grammar {
                source: GrammarSource::Text("s = *\"a\"\r\n".into()),
                start: Some("s".into()),
            }),
            selection: Some(Selection {
                side: 1,
                path: vec![0, 3, 2],
            }),
            focus: Some("tree".into()),
        }
    }

    #[test]
    fn the_query_form_reads_back_to_the_same_view() {
        for v in [View::default(), View::of("http://a/"), full()] {
            let q = v.to_query();
            assert!(
                q.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._*+%=&".contains(&b)),
                "not URL-safe: {q}"
            );
            assert_eq!(View::from_query(&q), Ok(v.clone()), "{q}");
            assert_eq!(View::from_query(&format!("?{q}")), Ok(v));
        }
    }

    #[test]
    fn defaults_are_left_out() {
        assert_eq!(View::of("x").to_query(), "id=x");
        assert_eq!(
            View::of("-x").to_args(),
            ["tui", "--", "-x"].map(String::from).to_vec()
        );
    }

    #[test]
    fn a_bad_query_is_an_error_naming_the_key() {
        let e = View::from_query("id=a&nss=0").unwrap_err();
        assert_eq!(e, ViewError::UnknownKey("nss".into()));
        assert!(e.to_string().contains("`nss`"));
        assert_eq!(
            View::from_query("id=a&id=b"),
            Err(ViewError::Repeated("id".into()))
        );
        assert!(matches!(
            View::from_query("ns=no"),
            Err(ViewError::BadValue(..))
        ));
        assert!(View::from_query("sel=c.1").is_err());
        assert!(View::from_query("sel=a.x").is_err());
        assert!(View::from_query("start=s").is_err());
    }

    #[test]
    fn the_command_line_quotes_every_word() {
        let c = full().to_command_line();
        assert!(c.contains("idbench tui --with="), "{c}");
        assert!(c.contains("--no-namespace"), "{c}");
        assert!(!c.contains("scheme"), "{c}");
        // No raw control or bidi character reaches the clipboard.
        assert!(!c.contains('\u{202e}'), "{c}");
    }
}
