//! Package URLs (`pkg:`, ECMA-427): type, namespace, name, version, qualifiers and subpath,
//! with each type's normalization.
//!
//! [`parse`] reads a PURL string as purl-spec's "How to parse a PURL" does (right to left:
//! subpath, qualifiers, scheme, type, version, name, namespace), percent-decoding each
//! component, then applies the type's rules ([`types`]: required or prohibited namespace,
//! lowercase components, permitted characters, required qualifiers, and the definitions'
//! prose rules, [`normalize_name`]). [`canonical`] builds the canonical string from the
//! result as "How to build a PURL" does. Errors carry the byte offset of the first
//! offending byte, a stable code and the clause of the specification
//! (`docs/specification/standard/specification.md`, the same text as ECMA-427).
//!
//! Written here rather than taken from a crate: the `packageurl` crate follows an older
//! revision of the specification (no type definitions, different qualifier and subpath
//! rules) and reports no byte offsets, which the scheme layer's findings need.

pub mod types;

use std::collections::HashSet;
use std::fmt::Write as _;
use std::sync::OnceLock;

use regex_automata::meta::Regex;

pub use types::{Requirement, TypeRule};

/// A parsed PURL: each component decoded and normalized for its type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Purl {
    /// The type, lowercase.
    pub ty: String,
    /// The namespace's segments, decoded (none: no namespace).
    pub namespace: Vec<String>,
    /// The name, decoded.
    pub name: String,
    /// The version, decoded (`None`: absent or empty).
    pub version: Option<String>,
    /// The qualifiers, key → decoded value, sorted by key, no empty value.
    pub qualifiers: Vec<(String, String)>,
    /// The subpath's segments, decoded, without empty, `.` and `..` segments.
    pub subpath: Vec<String>,
}

/// Why a string is not a PURL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PurlError {
    /// Byte offset of the first offending byte in the input (for [`build`], 0).
    pub offset: usize,
    /// Stable kebab-case code.
    pub code: &'static str,
    /// The clause of the specification that decides.
    pub section: &'static str,
    /// What is wrong and what to do (names no input text).
    pub message: String,
}

impl std::fmt::Display for PurlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} at byte {}: {} ({})",
            self.code, self.offset, self.message, self.section
        )
    }
}

impl std::error::Error for PurlError {}

/// The clauses of the specification the errors cite.
pub mod sections {
    /// "Rules for each PURL component": Scheme.
    pub const SCHEME: &str = "PURL specification, Scheme";
    /// Type.
    pub const TYPE: &str = "PURL specification, Type";
    /// Namespace.
    pub const NAMESPACE: &str = "PURL specification, Namespace";
    /// Name.
    pub const NAME: &str = "PURL specification, Name";
    /// Version.
    pub const VERSION: &str = "PURL specification, Version";
    /// Qualifiers.
    pub const QUALIFIERS: &str = "PURL specification, Qualifiers";
    /// Subpath.
    pub const SUBPATH: &str = "PURL specification, Subpath";
    /// "Character encoding".
    pub const ENCODING: &str = "PURL specification, Character encoding";
    /// A type definition (`types/TYPE-definition.json`).
    pub const TYPE_DEFINITION: &str = "PURL type definition (purl-spec types/)";
}

/// The error codes.
pub mod codes {
    /// No `pkg:` scheme.
    pub const SCHEME: &str = "purl-scheme";
    /// No type, or a type with a character outside letters, digits, `.` and `-`, or not
    /// starting with a letter.
    pub const TYPE: &str = "purl-type";
    /// No name.
    pub const NAME_MISSING: &str = "purl-name-missing";
    /// A `%` not followed by two hex digits, or escapes that decode to no UTF-8.
    pub const ENCODING: &str = "purl-encoding";
    /// A decoded namespace or subpath segment holds a `/`.
    pub const SEGMENT_SLASH: &str = "purl-segment-slash";
    /// The type requires a namespace and there is none.
    pub const NAMESPACE_REQUIRED: &str = "purl-namespace-required";
    /// The type prohibits a namespace and there is one.
    pub const NAMESPACE_PROHIBITED: &str = "purl-namespace-prohibited";
    /// A qualifier without `=`, or a key outside lowercase letters, digits, `.-_`, or
    /// not starting with a letter.
    pub const QUALIFIER_KEY: &str = "purl-qualifier-key";
    /// A key given twice.
    pub const QUALIFIER_DUPLICATE: &str = "purl-qualifier-duplicate";
    /// The type requires a qualifier that is not there.
    pub const QUALIFIER_REQUIRED: &str = "purl-qualifier-required";
    /// The name breaks its type's rules.
    pub const NAME: &str = "purl-name";
    /// The version breaks its type's rules.
    pub const VERSION: &str = "purl-version";
}

fn error(offset: usize, code: &'static str, section: &'static str, message: &str) -> PurlError {
    PurlError {
        offset,
        code,
        section,
        message: message.to_string(),
    }
}

/// Parses a PURL string into its components, decoded and normalized for its type.
pub fn parse(input: &str) -> Result<Purl, PurlError> {
    // "Split the PURL string once from right on '#'": the subpath.
    let (rest, subpath) = match input.rfind('#') {
        Some(i) => (&input[..i], Some((i + 1, &input[i + 1..]))),
        None => (input, None),
    };
    // "Split the remainder once from right on '?'": the qualifiers.
    let (rest, qualifiers) = match rest.rfind('?') {
        Some(i) => (&rest[..i], Some((i + 1, &rest[i + 1..]))),
        None => (rest, None),
    };
    // "Split the remainder once from left on ':'": the scheme, lowercased, is "pkg".
    let Some(colon) = rest.find(':') else {
        return Err(error(
            0,
            codes::SCHEME,
            sections::SCHEME,
            "a PURL starts with the scheme \"pkg:\" (an unencoded colon)",
        ));
    };
    if !rest[..colon].eq_ignore_ascii_case("pkg") {
        return Err(error(
            0,
            codes::SCHEME,
            sections::SCHEME,
            "the scheme of a PURL is the constant \"pkg\"",
        ));
    }
    // "Strip all leading '/' characters", then "split this once from left on '/'": the type.
    let mut at = colon + 1;
    at += rest[at..].bytes().take_while(|&b| b == b'/').count();
    let body = &rest[at..];
    let Some(slash) = body.find('/') else {
        return Err(error(
            at,
            codes::TYPE,
            sections::TYPE,
            "a PURL needs a type and a name: write pkg:TYPE/NAME",
        ));
    };
    let ty = check_type(&body[..slash], at)?;
    let path_at = at + slash + 1;
    let path = &body[slash + 1..];
    // "Split the remainder once from right on '@'": the version. An "@" before the last
    // "/" belongs to the namespace (npm's scopes), not to a version.
    let last_slash = path.rfind('/');
    let (path, version, version_at) = match path.rfind('@') {
        Some(i) if last_slash.is_none_or(|s| i > s) => {
            let v = decode(&path[i + 1..], path_at + i + 1)?;
            (&path[..i], (!v.is_empty()).then_some(v), path_at + i + 1)
        }
        _ => (path, None, path_at + path.len()),
    };
    // "Split this once from right on '/'": the name; the rest is the namespace.
    let (ns, name_at, name) = match path.rfind('/') {
        Some(i) => (&path[..i], path_at + i + 1, &path[i + 1..]),
        None => ("", path_at, path),
    };
    if name.is_empty() {
        return Err(error(
            name_at,
            codes::NAME_MISSING,
            sections::NAME,
            "a PURL needs a name after its type (and namespace)",
        ));
    }
    let name = decode(name, name_at)?;
    let mut namespace = Vec::new();
    let mut seg_at = path_at;
    for seg in ns.split('/') {
        if !seg.is_empty() {
            let d = decode(seg, seg_at)?;
            if d.contains('/') {
                return Err(error(
                    seg_at,
                    codes::SEGMENT_SLASH,
                    sections::NAMESPACE,
                    "a namespace segment holds an encoded slash (%2F): a segment shall not contain '/' once decoded",
                ));
            }
            namespace.push(d);
        }
        seg_at += seg.len() + 1;
    }
    // git: the namespace is "the source host", the name "the path on the host to the git
    // repository" ("repository name with owner", types/git-definition.json), which has
    // slashes of its own.
    let (namespace, name) = if ty == "git" && namespace.len() > 1 {
        let mut parts = namespace;
        let rest: Vec<String> = parts.drain(1..).chain(std::iter::once(name)).collect();
        (parts, rest.join("/"))
    } else {
        (namespace, name)
    };
    let qualifiers = match qualifiers {
        Some((q_at, q)) => parse_qualifiers(q, q_at)?,
        None => Vec::new(),
    };
    let subpath = match subpath {
        Some((s_at, s)) => parse_subpath(s, s_at)?,
        None => Vec::new(),
    };
    let purl = Purl {
        ty,
        namespace,
        name,
        version,
        qualifiers,
        subpath,
    };
    normalize(
        purl,
        &Offsets {
            namespace: path_at,
            name: name_at,
            version: version_at,
            qualifiers: qualifiers_offset(input),
        },
    )
}

/// Where each component starts, for the type rules' errors.
struct Offsets {
    namespace: usize,
    name: usize,
    version: usize,
    qualifiers: usize,
}

fn qualifiers_offset(input: &str) -> usize {
    let rest = input.rfind('#').map_or(input, |i| &input[..i]);
    rest.rfind('?').map_or(rest.len(), |i| i + 1)
}

/// The canonical form of a PURL string: parsed ([`parse`]), then built again.
pub fn canonical(input: &str) -> Result<String, PurlError> {
    parse(input).map(|p| p.to_string())
}

/// A PURL from its components, as purl-spec's "How to build a PURL" takes them: the
/// namespace and subpath as strings split on `/`, the qualifiers as key/value pairs (an
/// empty value is dropped). The type's rules apply as in [`parse`]; errors have offset 0.
pub fn build(
    ty: &str,
    namespace: Option<&str>,
    name: &str,
    version: Option<&str>,
    qualifiers: &[(&str, &str)],
    subpath: Option<&str>,
) -> Result<Purl, PurlError> {
    let ty = check_type(ty, 0)?;
    let name = name.trim_matches('/');
    if name.is_empty() {
        return Err(error(
            0,
            codes::NAME_MISSING,
            sections::NAME,
            "a PURL needs a name",
        ));
    }
    let mut qs: Vec<(String, String)> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for (k, v) in qualifiers {
        let k = k.to_ascii_lowercase();
        check_key(&k, 0)?;
        if !seen.insert(k.clone()) {
            return Err(error(
                0,
                codes::QUALIFIER_DUPLICATE,
                sections::QUALIFIERS,
                "each qualifier key shall be unique",
            ));
        }
        if !v.is_empty() {
            qs.push((k, v.to_string()));
        }
    }
    qs.sort();
    let purl = Purl {
        ty,
        namespace: namespace
            .unwrap_or("")
            .split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        name: name.to_string(),
        version: version.filter(|v| !v.is_empty()).map(str::to_string),
        qualifiers: qs,
        subpath: subpath
            .unwrap_or("")
            .split('/')
            .filter(|s| !s.is_empty() && *s != "." && *s != "..")
            .map(str::to_string)
            .collect(),
    };
    normalize(
        purl,
        &Offsets {
            namespace: 0,
            name: 0,
            version: 0,
            qualifiers: 0,
        },
    )
}

/// "The type shall be composed only of ASCII letters and numbers, period '.', and dash
/// '-'", "shall start with an ASCII letter", "shall not be percent-encoded"; lowercased.
fn check_type(ty: &str, at: usize) -> Result<String, PurlError> {
    let bad = ty
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b == b'.' || b == b'-'));
    match (ty.bytes().next(), bad) {
        (None, _) => Err(error(
            at,
            codes::TYPE,
            sections::TYPE,
            "a PURL needs a type: write pkg:TYPE/NAME",
        )),
        (Some(first), _) if !first.is_ascii_alphabetic() => Err(error(
            at,
            codes::TYPE,
            sections::TYPE,
            "the type shall start with an ASCII letter",
        )),
        (_, Some(i)) => Err(error(
            at + i,
            codes::TYPE,
            sections::TYPE,
            "the type shall be only ASCII letters, digits, '.' and '-', unencoded",
        )),
        _ => Ok(ty.to_ascii_lowercase()),
    }
}

/// "The key shall be composed only of lowercase ASCII letters and numbers, period '.',
/// dash '-' and underscore '_'", "shall start with an ASCII letter", "shall not be
/// percent-encoded".
fn check_key(key: &str, at: usize) -> Result<(), PurlError> {
    let ok_first = key.bytes().next().is_some_and(|b| b.is_ascii_lowercase());
    let bad = key.bytes().position(|b| {
        !(b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-' || b == b'_')
    });
    match (ok_first, bad) {
        (true, None) => Ok(()),
        (_, Some(i)) => Err(error(
            at + i,
            codes::QUALIFIER_KEY,
            sections::QUALIFIERS,
            "a qualifier key shall be only lowercase ASCII letters, digits, '.', '-' and '_', unencoded",
        )),
        (false, None) => Err(error(
            at,
            codes::QUALIFIER_KEY,
            sections::QUALIFIERS,
            "a qualifier key shall start with an ASCII letter",
        )),
    }
}

fn parse_qualifiers(q: &str, at: usize) -> Result<Vec<(String, String)>, PurlError> {
    let mut out: Vec<(String, String)> = Vec::new();
    // A set, so that many qualifiers stay linear.
    let mut seen: HashSet<String> = HashSet::new();
    let mut pair_at = at;
    for pair in q.split('&') {
        if !pair.is_empty() {
            let Some((key, value)) = pair.split_once('=') else {
                return Err(error(
                    pair_at,
                    codes::QUALIFIER_KEY,
                    sections::QUALIFIERS,
                    "a qualifier is key=value, with an unencoded '='",
                ));
            };
            // "The key is the lowercase left side" (how-to-parse.md); the specification's
            // clause asks for lowercase keys, and the suite canonicalizes mixed case
            // (docs/readings.md, "purl: the test suite against itself").
            let key = key.to_ascii_lowercase();
            check_key(&key, pair_at)?;
            if !seen.insert(key.clone()) {
                return Err(error(
                    pair_at,
                    codes::QUALIFIER_DUPLICATE,
                    sections::QUALIFIERS,
                    "each qualifier key shall be unique",
                ));
            }
            let value = decode(value, pair_at + key.len() + 1)?;
            // "A key=value pair with an empty value is the same as if no key=value pair
            // exists for this key."
            if !value.is_empty() {
                out.push((key, value));
            }
        }
        pair_at += pair.len() + 1;
    }
    out.sort();
    Ok(out)
}

fn parse_subpath(s: &str, at: usize) -> Result<Vec<String>, PurlError> {
    let mut out = Vec::new();
    let mut seg_at = at;
    for seg in s.split('/') {
        let d = decode(seg, seg_at)?;
        if d.contains('/') {
            return Err(error(
                seg_at,
                codes::SEGMENT_SLASH,
                sections::SUBPATH,
                "a subpath segment holds an encoded slash (%2F): a segment shall not contain '/' once decoded",
            ));
        }
        // "Discard any segment that is empty, or equal to '.' or '..'".
        if !d.is_empty() && d != "." && d != ".." {
            out.push(d);
        }
        seg_at += seg.len() + 1;
    }
    Ok(out)
}

/// Percent-decodes `s` (which starts at byte `at` of the input) to UTF-8 text.
fn decode(s: &str, at: usize) -> Result<String, PurlError> {
    if !s.contains('%') {
        return Ok(s.to_string());
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = |k: usize| b.get(k).and_then(|c| (*c as char).to_digit(16));
            match (hex(i + 1), hex(i + 2)) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                }
                _ => {
                    return Err(PurlError {
                        offset: at + i,
                        code: codes::ENCODING,
                        section: sections::ENCODING,
                        message:
                            "'%' must be followed by two hex digits (write %25 for a literal '%')"
                                .to_string(),
                    });
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|e| PurlError {
            offset: at,
            code: codes::ENCODING,
            section: sections::ENCODING,
            message: format!(
                "the escapes decode to no UTF-8 (from decoded byte {}): a component is UTF-8 before it is percent-encoded",
                e.utf8_error().valid_up_to()
            ),
    })
}

/// Percent-encodes `s` for a canonical PURL: the alphanumerics, `.-_~` and `:` stay,
/// every other byte becomes `%XX` ("Character encoding").
fn encode(out: &mut String, s: &str) {
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'~' | b':') {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
}

/// The prose normalization rules of the type definitions, for the name.
/// - pypi: "Replace underscore _ with dash -" (and lowercase, from the table).
/// - pub: "Replace non-[a-z] letters, non-[0-9] digits with underscore _" (after
///   lowercasing).
pub fn normalize_name(ty: &str, name: &str) -> String {
    match ty {
        "pypi" => name.replace('_', "-"),
        "pub" => name
            .chars()
            .map(|c| {
                if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect(),
        _ => name.to_string(),
    }
}

/// Whether a repository URL's host is a Databricks server (`*.azuredatabricks.net`,
/// `*.databricks.com`, the hosts types/mlflow-definition.json lists).
fn is_databricks(url: &str) -> bool {
    let after = url.split_once("://").map_or(url, |(_, r)| r);
    let host = after.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or(host).to_ascii_lowercase();
    let host = host.split(':').next().unwrap_or("");
    host.ends_with(".azuredatabricks.net") || host.ends_with(".databricks.com")
}

/// A type definition's permitted-characters pattern, compiled once.
fn permitted(pattern: &'static str) -> Option<&'static Regex> {
    static CACHE: OnceLock<Vec<(&'static str, Option<Regex>)>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| {
        types::TYPES
            .iter()
            .flat_map(|t| t.name_permitted.into_iter().chain(t.version_permitted))
            .map(|p| (p, Regex::new(p).ok()))
            .collect()
    });
    cache
        .iter()
        .find(|(p, _)| *p == pattern)
        .and_then(|(_, r)| r.as_ref())
}

/// Applies the type's rules: lowercasing, the prose normalizations, the namespace's
/// requirement, the permitted characters and the required qualifiers.
fn normalize(mut p: Purl, at: &Offsets) -> Result<Purl, PurlError> {
    let Some(rule) = types::rule(&p.ty) else {
        // An unregistered type: the general rules only.
        return Ok(p);
    };
    if rule.namespace_lowercase {
        for s in &mut p.namespace {
            *s = s.to_lowercase();
        }
    }
    if rule.name_lowercase {
        p.name = p.name.to_lowercase();
    }
    p.name = normalize_name(&p.ty, &p.name);
    // mlflow: "for Databricks, it is case insensitive and shall be lowercased in the
    // package URL" (types/mlflow-definition.json), the server named by repository_url.
    if p.ty == "mlflow"
        && p.qualifiers
            .iter()
            .any(|(k, v)| k == "repository_url" && is_databricks(v))
    {
        p.name = p.name.to_lowercase();
    }
    if rule.version_lowercase {
        p.version = p.version.map(|v| v.to_lowercase());
    }
    match rule.namespace {
        Requirement::Required if p.namespace.is_empty() => {
            return Err(error(
                at.namespace,
                codes::NAMESPACE_REQUIRED,
                sections::TYPE_DEFINITION,
                "this type requires a namespace: write pkg:TYPE/NAMESPACE/NAME",
            ));
        }
        Requirement::Prohibited if !p.namespace.is_empty() => {
            return Err(error(
                at.namespace,
                codes::NAMESPACE_PROHIBITED,
                sections::TYPE_DEFINITION,
                "this type has no namespace: write pkg:TYPE/NAME",
            ));
        }
        _ => {}
    }
    if let Some(re) = rule.name_permitted.and_then(permitted)
        && !re.is_match(p.name.as_str())
    {
        return Err(error(
            at.name,
            codes::NAME,
            sections::TYPE_DEFINITION,
            "the name has characters or a length its type's definition does not permit",
        ));
    }
    if let (Some(re), Some(v)) = (rule.version_permitted.and_then(permitted), &p.version)
        && !re.is_match(v.as_str())
    {
        return Err(error(
            at.version,
            codes::VERSION,
            sections::TYPE_DEFINITION,
            "the version has characters or a form its type's definition does not permit",
        ));
    }
    // cpan: "A distribution name shall not contain the string '::'".
    if p.ty == "cpan" && p.name.contains("::") {
        return Err(error(
            at.name,
            codes::NAME,
            sections::TYPE_DEFINITION,
            "a cpan name is a distribution name, which shall not contain '::' (write the distribution, e.g. URI-PackageURL, not the module)",
        ));
    }
    for q in rule.required_qualifiers {
        if !p.qualifiers.iter().any(|(k, _)| k == q) {
            return Err(error(
                at.qualifiers,
                codes::QUALIFIER_REQUIRED,
                sections::TYPE_DEFINITION,
                "this type requires a qualifier that is missing (see its type definition)",
            ));
        }
    }
    Ok(p)
}

impl std::fmt::Display for Purl {
    /// The canonical form ("How to build a PURL").
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = String::with_capacity(16 + self.name.len());
        out.push_str("pkg:");
        out.push_str(&self.ty);
        out.push('/');
        for seg in &self.namespace {
            encode(&mut out, seg);
            out.push('/');
        }
        if self.ty == "git" {
            for (i, part) in self.name.split('/').enumerate() {
                if i > 0 {
                    out.push('/');
                }
                encode(&mut out, part);
            }
        } else {
            encode(&mut out, &self.name);
        }
        if let Some(v) = &self.version {
            out.push('@');
            encode(&mut out, v);
        }
        for (i, (k, v)) in self.qualifiers.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            out.push_str(k);
            out.push('=');
            encode(&mut out, v);
        }
        for (i, seg) in self.subpath.iter().enumerate() {
            out.push(if i == 0 { '#' } else { '/' });
            encode(&mut out, seg);
        }
        f.write_str(&out)
    }
}
