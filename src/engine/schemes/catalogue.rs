//! What each scheme's spec adds to its ABNF, as data keyed by scheme: the checks its prose
//! makes (a MUST the grammar cannot say), its default port, and its normalization steps,
//! each citing its section. Adding a rule of a scheme is a row here (and, for a step that is
//! more than a table lookup, a function in [`super::canon`]).

use super::canon;
use crate::engine::codes::Code;

/// A finding of a check: where (bytes of the input) and what to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Byte range in the input (empty: a place, such as where a missing host would start).
    pub start: usize,
    /// One past its end.
    pub end: usize,
    /// The message: what is wrong and what to do (a fixed text: batch checking, which
    /// shows no message, makes no copy of it).
    pub message: &'static str,
}

/// A URI as the checks see it: its text, where its scheme ends, and what more than one
/// check reads of it, found at most once per URI however many checks ask (the `http`
/// checks and a scheme's [`Shape`] all read the authority).
#[derive(Debug)]
pub struct Seen<'a> {
    /// The URI's bytes.
    pub input: &'a [u8],
    /// The URI as text: `None` only in batch checking, for a line whose verdict its
    /// [`Shape`] decided (known to be UTF-8, as the generic spec accepted it, and not
    /// checked again); a check that reads text then passes.
    pub text: Option<&'a str>,
    /// Where its scheme ends (its ":").
    pub scheme_end: usize,
    authority: std::cell::OnceCell<Option<Authority>>,
}

/// Where the authority of a URI with one (`scheme://authority...`) lies and what is in
/// it, found in one pass over its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Authority {
    /// Where it starts (after "//").
    pub start: usize,
    /// One past its end (the first "/", "?" or "#" after "//", or the URI's end).
    pub end: usize,
    /// Where the host starts: one past the last "@" (the userinfo's end), else `start`.
    pub host: usize,
    /// The last ":" after the host's start, if any (a port's, or an IP literal's).
    pub colon: Option<usize>,
    /// The last "]" after the host's start, if any (an IP literal's end).
    pub bracket: Option<usize>,
}

impl Authority {
    /// The authority has userinfo (an "@": neither a host nor a port holds one).
    pub fn has_userinfo(&self) -> bool {
        self.host > self.start
    }
    /// Where the host ends: at the port's ":" (a ":" after the host that no "]" of an IP
    /// literal follows), else at the authority's end.
    pub fn host_end(&self) -> usize {
        match (self.colon, self.bracket) {
            (Some(c), Some(b)) if b > c => self.end,
            (Some(c), _) => c,
            (None, _) => self.end,
        }
    }
}

impl<'a> Seen<'a> {
    /// `input`, whose scheme ends at byte `scheme_end`; nothing is read yet.
    pub fn new(input: &'a str, scheme_end: usize) -> Seen<'a> {
        Seen {
            input: input.as_bytes(),
            text: Some(input),
            scheme_end,
            authority: std::cell::OnceCell::new(),
        }
    }

    /// The bytes of a line, not (yet) known as text ([`Seen::text`] is `None`).
    pub fn bytes(input: &'a [u8], scheme_end: usize) -> Seen<'a> {
        Seen {
            input,
            text: None,
            scheme_end,
            authority: std::cell::OnceCell::new(),
        }
    }

    /// The authority, when the URI has one: found at the first check that asks, kept for
    /// the others.
    pub fn authority(&self) -> Option<Authority> {
        *self
            .authority
            .get_or_init(|| authority(self.input, self.scheme_end))
    }
}

/// A rule a scheme's spec states in prose beyond its grammar. Run on a URI its scheme's
/// grammar accepts (or, for a scheme without a shipped grammar, that the generic spec
/// accepts). Reported as a warning: the generic verdict stays the RFC's.
#[derive(Debug)]
pub struct Check {
    /// The schemes it applies to (lower case).
    pub schemes: &'static [&'static str],
    /// The code it reports.
    pub code: Code,
    /// The section that states the rule.
    pub spec: &'static str,
    /// Runs the check on the URI; `None` when it passes.
    pub run: fn(&Seen<'_>) -> Option<Finding>,
}

/// Every check (at most 32: the layer's table of known schemes keeps, for each, the checks
/// that apply to it as bits of a `u32`; a test holds the count).
pub static CHECKS: &[Check] = &[
    Check {
        schemes: &["http", "https"],
        code: Code::SchemeHttpUserinfo,
        spec: "RFC 9110 §4.2.4",
        run: http_userinfo,
    },
    Check {
        schemes: &["http", "https"],
        code: Code::SchemeHttpEmptyHost,
        spec: "RFC 9110 §4.2.1",
        run: http_empty_host,
    },
    Check {
        schemes: &["tel"],
        code: Code::SchemeTelLocalWithoutContext,
        spec: "RFC 3966 §5.1.5",
        run: tel_local_without_context,
    },
];

/// A scheme whose grammar is RFC 3986's `URI` narrowed to `"//" authority` and a few
/// more limits, so that for a URI the generic spec accepts (an RFC 3986 URI, or an RFC 3987
/// IRI, whose mapping to a URI, §3.1, is one) its verdict follows from where the
/// components' delimiters are, with no automaton run: batch checking decides such lines
/// so (`check --schemes`). Only an acceptance is decided this way; a URI outside the shape
/// goes to the automaton, which finds where it fails. Why each shape is its grammar: a
/// valid `URI` whose `hier-part` starts with "//" is `"//" authority path-abempty`
/// (`path-absolute` cannot start with "//"), its authority runs to the first "/", "?" or
/// "#", its userinfo is there exactly when the authority holds "@" (neither userinfo nor
/// host holds one), a port exactly when a ":" follows the host (an IP literal's colons are
/// inside its brackets), and the path, query and fragment are RFC 3986's rules, which the
/// grammar files import. The test `the_shapes_decide_as_the_automaton` compares both ways
/// on every corpus line and a cross product of shapes.
#[derive(Debug)]
pub struct Shape {
    /// The schemes whose grammar it is (lower case).
    pub schemes: &'static [&'static str],
    /// The authority may hold userinfo (`authority` rather than `host [":" port]`).
    pub userinfo: bool,
    /// The authority may hold a port.
    pub port: bool,
    /// The path is `path-absolute` (not empty, not starting with "//") rather than
    /// `path-abempty`.
    pub path_absolute: bool,
    /// A query may follow.
    pub query: bool,
    /// A fragment may follow.
    pub fragment: bool,
    /// Where the grammar says so.
    pub spec: &'static str,
}

/// Every shape: the schemes whose grammar files are RFC 3986's URI narrowed.
pub static SHAPES: &[Shape] = &[
    Shape {
        schemes: &["http", "https"],
        userinfo: true,
        port: true,
        path_absolute: false,
        query: true,
        fragment: true,
        spec: "RFC 9110 §4.2.1, §4.2.2 (http.abnf, https.abnf)",
    },
    Shape {
        schemes: &["ws", "wss"],
        userinfo: false,
        port: true,
        path_absolute: false,
        query: true,
        fragment: false,
        spec: "RFC 6455 §3 (ws.abnf, wss.abnf)",
    },
    Shape {
        schemes: &["coap", "coaps"],
        userinfo: false,
        port: true,
        path_absolute: false,
        query: true,
        fragment: false,
        spec: "RFC 7252 §6.1, §6.2 (coap.abnf, coaps.abnf)",
    },
    Shape {
        schemes: &["file"],
        userinfo: false,
        port: false,
        path_absolute: true,
        query: false,
        fragment: false,
        spec: "RFC 8089 §2 (file.abnf: \"//\" [ file-auth ] path-absolute)",
    },
];

impl Shape {
    /// Whether `uri`, which the generic spec accepts as a URI (or an IRI) and whose scheme
    /// is one of [`Shape::schemes`], has this shape: then its scheme's grammar accepts it.
    /// Reads only what the shape limits (an `http` URI: its "://"); never panics.
    pub fn fits(&self, uri: &Seen<'_>) -> bool {
        let limits_authority = !self.userinfo || !self.port;
        if !limits_authority && !self.path_absolute && self.query && self.fragment {
            // RFC 3986's URI with "//" (http): nothing but the "://" to look at.
            let b = uri.input;
            return b.get(uri.scheme_end..uri.scheme_end + 3) == Some(b"://".as_slice());
        }
        let Some(a) = uri.authority() else {
            return false; // no "://"
        };
        if (!self.userinfo && a.has_userinfo()) || (!self.port && a.host_end() < a.end) {
            return false;
        }
        let after = uri.input.get(a.end..).unwrap_or_default();
        let p_len = memchr::memchr2(b'?', b'#', after).unwrap_or(after.len());
        let (path, rest) = after.split_at(p_len);
        if self.path_absolute && (path.is_empty() || path.starts_with(b"//")) {
            return false;
        }
        match rest.first() {
            None => true,
            Some(b'?') if !self.query => false,
            _ => self.fragment || !rest.contains(&b'#'),
        }
    }
}

/// The shape of `scheme`'s grammar, if it has one ([`SHAPES`]).
pub fn shape_of(scheme: &str) -> Option<&'static Shape> {
    SHAPES
        .iter()
        .find(|s| s.schemes.iter().any(|x| x.eq_ignore_ascii_case(scheme)))
}

/// A scheme's default port, as its spec states it: scheme-based normalization (RFC 3986
/// §6.2.3) drops it. `sip` and `sips` are not here on purpose: RFC 3261 §19.1.4 says "A
/// URI omitting any component with a default value will not match a URI explicitly
/// containing that component with its default value", so `sip:a@b:5060` and `sip:a@b`
/// differ.
#[derive(Debug)]
pub struct DefaultPort {
    /// The scheme (lower case).
    pub scheme: &'static str,
    /// The port.
    pub port: u16,
    /// The section that states it.
    pub spec: &'static str,
}

/// Every default port idbench knows, each cited.
pub static DEFAULT_PORTS: &[DefaultPort] = &[
    DefaultPort {
        scheme: "http",
        port: 80,
        spec: "RFC 9110 §4.2.1",
    },
    DefaultPort {
        scheme: "https",
        port: 443,
        spec: "RFC 9110 §4.2.2",
    },
    DefaultPort {
        scheme: "ws",
        port: 80,
        spec: "RFC 6455 §3",
    },
    DefaultPort {
        scheme: "wss",
        port: 443,
        spec: "RFC 6455 §3",
    },
    DefaultPort {
        scheme: "coap",
        port: 5683,
        spec: "RFC 7252 §6.1",
    },
    DefaultPort {
        scheme: "coaps",
        port: 5684,
        spec: "RFC 7252 §6.2",
    },
    DefaultPort {
        scheme: "ldap",
        port: 389,
        spec: "RFC 4516 §2",
    },
];

/// The default port of `scheme`, if idbench knows one.
pub fn default_port(scheme: &str) -> Option<&'static DefaultPort> {
    DEFAULT_PORTS
        .iter()
        .find(|d| d.scheme.eq_ignore_ascii_case(scheme))
}

/// A normalization step a scheme's spec states: the URI rewritten so that URIs the spec
/// calls equivalent become equal. `apply` gets the URI after the generic scheme-based
/// normalization and the steps before it; `None` when the step does not apply.
#[derive(Debug)]
pub struct Step {
    /// The schemes it applies to (lower case).
    pub schemes: &'static [&'static str],
    /// What it does, as the ladder shows it.
    pub name: &'static str,
    /// Its document and section.
    pub spec: &'static str,
    /// Rewrites the URI.
    pub apply: fn(&str) -> Option<String>,
    /// The step is the scheme's own parse-and-build, which its spec applies to a URI that
    /// its grammar rejects as written (purl's parse lower-cases a type and encodes a `+`):
    /// it runs even then, beside the `scheme-syntax-invalid` warning, which stays.
    pub repairs: bool,
}

/// purl's canonical form (ECMA-427, [`super::purl`]): the PURL parsed with each type's
/// rules and built again; `None` (no step) for a PURL that does not parse.
fn purl_canonical(uri: &str) -> Option<String> {
    super::purl::canonical(uri).ok()
}

/// Every step, in the order they apply. Where a scheme's normal form is a whole algorithm
/// of its own (purl's, ECMA-427, in [`super::purl`]), it is one row here, keyed by its
/// scheme.
pub static STEPS: &[Step] = &[
    Step {
        schemes: &["pkg"],
        name: "the PURL built again from its parsed components (each type's rules)",
        spec: "PURL specification, Rules for each PURL component",
        apply: purl_canonical,
        repairs: true,
    },
    Step {
        schemes: &["http", "https"],
        name: "an empty path as \"/\"",
        spec: "RFC 9110 §4.2.3",
        apply: empty_path_as_slash,
        repairs: false,
    },
    Step {
        schemes: &["coap", "coaps"],
        name: "an empty path as \"/\"",
        spec: "RFC 7252 §6.3",
        apply: empty_path_as_slash,
        repairs: false,
    },
    Step {
        schemes: &["tel"],
        name: "visual separators removed from the number",
        spec: "RFC 3966 §5.1.1",
        apply: canon::tel::drop_visual_separators,
        repairs: false,
    },
    Step {
        schemes: &["tel"],
        name: "case folded and parameters in name order",
        spec: "RFC 3966 §4",
        apply: canon::tel::fold_case_and_order,
        repairs: false,
    },
    Step {
        schemes: &["geo"],
        name: "the default crs=wgs84 dropped, parameter names and crs in lower case",
        spec: "RFC 5870 §3.4.4",
        apply: canon::geo::drop_default_crs,
        repairs: false,
    },
    Step {
        schemes: &["geo"],
        name: "longitude 0 at a pole and 180 for -180, numbers without trailing zeros",
        spec: "RFC 5870 §3.4.4",
        apply: canon::geo::normalize_numbers,
        repairs: false,
    },
    Step {
        schemes: &["geo"],
        name: "the parameters after crs and u in order",
        spec: "RFC 5870 §3.4.4",
        apply: canon::geo::order_params,
        repairs: false,
    },
    Step {
        schemes: &["data"],
        name: "the media type, subtype and parameter names in lower case",
        spec: "RFC 2045 §5.1",
        apply: canon::data::fold_media_type,
        repairs: false,
    },
    Step {
        schemes: &["dns"],
        name: "the URI in lower case (its strings are not case sensitive)",
        spec: "RFC 4501 §3",
        apply: canon::dns::fold_case,
        repairs: false,
    },
    Step {
        schemes: &["dns"],
        name: "a relative name made absolute (relative to the root)",
        spec: "RFC 4501 §3",
        apply: canon::dns::absolute_name,
        repairs: false,
    },
    Step {
        schemes: &["dns"],
        name: "the default CLASS=IN and TYPE=A dropped, the other fields in order",
        spec: "RFC 4501 §3",
        apply: canon::dns::default_query,
        repairs: false,
    },
    Step {
        schemes: &["file"],
        name: "the authority \"localhost\" as no authority",
        spec: "RFC 8089 §2",
        apply: canon::file::localhost_as_no_authority,
        repairs: false,
    },
    Step {
        schemes: &["ldap"],
        name: "the defaults of the DN, scope and filter as absent fields",
        spec: "RFC 4516 §3",
        apply: canon::ldap::defaults,
        repairs: false,
    },
    Step {
        schemes: &["ni"],
        name: "only the digest algorithm and value (no authority, no parameters)",
        spec: "RFC 6920 §2",
        apply: canon::ni::digest_only,
        repairs: false,
    },
    Step {
        schemes: &["nih"],
        name: "a suite ID as its hash name string",
        spec: "RFC 6920 §7",
        apply: canon::ni::suite_name,
        repairs: false,
    },
    Step {
        schemes: &["nih"],
        name: "the \"-\" separators of the hash value dropped",
        spec: "RFC 6920 §7",
        apply: canon::ni::drop_separators,
        repairs: false,
    },
    Step {
        schemes: &["sip", "sips"],
        name: "escapes of characters outside RFC 2396's reserved set decoded",
        spec: "RFC 3261 §19.1.4",
        apply: canon::sip::decode_unreserved,
        repairs: false,
    },
    Step {
        schemes: &["sip", "sips"],
        name: "all but the userinfo and header values in lower case",
        spec: "RFC 3261 §19.1.4",
        apply: canon::sip::fold_case,
        repairs: false,
    },
    Step {
        schemes: &["sip", "sips"],
        name: "the parameters and header fields in order",
        spec: "RFC 3261 §19.1.4",
        apply: canon::sip::order,
        repairs: false,
    },
];

/// A comparison rule of a scheme's spec that looks at both URIs at once (RFC 3261
/// §19.1.4: a SIP uri-parameter in only one of the two is ignored, in both it must match;
/// not transitive, so no normal form of one URI says it): a rung of the ladder after the
/// scheme's [`STEPS`], never part of `canonical_scheme`.
#[derive(Debug)]
pub struct PairStep {
    /// The schemes it applies to (lower case).
    pub schemes: &'static [&'static str],
    /// What it does, as the ladder shows it.
    pub name: &'static str,
    /// Its document and section.
    pub spec: &'static str,
    /// Rewrites both sides; `None` when neither changes.
    pub apply: fn(&str, &str) -> Option<(String, String)>,
}

/// Every step on both sides at once, in the order they apply.
pub static PAIR_STEPS: &[PairStep] = &[PairStep {
    schemes: &["sip", "sips"],
    name: "a parameter in one URI only left out (but user, ttl, method, maddr, transport)",
    spec: "RFC 3261 §19.1.4",
    apply: canon::sip::drop_one_sided_params,
}];

/// The name of the default-port step ([`DEFAULT_PORTS`]).
pub const DEFAULT_PORT_STEP: &str = "the scheme's default port dropped";

/// A step as applied: its name, its section, and its rewrite.
pub type StepFn = (&'static str, &'static str, fn(&str) -> Option<String>);

/// The steps of `scheme`, in order: its default port dropped (a row of [`DEFAULT_PORTS`],
/// citing the section that states the port), then its rows of [`STEPS`].
pub fn steps_for(scheme: &str) -> Vec<StepFn> {
    let port = default_port(scheme).map(|d| {
        (
            DEFAULT_PORT_STEP,
            d.spec,
            drop_default_port as fn(&str) -> Option<String>,
        )
    });
    port.into_iter()
        .chain(
            STEPS
                .iter()
                .filter(|s| s.schemes.iter().any(|x| x.eq_ignore_ascii_case(scheme)))
                .map(|s| (s.name, s.spec, s.apply)),
        )
        .collect()
}

/// The bytes [`authority`] stops at: "/", "?", "#", "@", ":" and "]".
static AUTHORITY_MARKS: [bool; 256] = {
    let mut t = [false; 256];
    t[b'/' as usize] = true;
    t[b'?' as usize] = true;
    t[b'#' as usize] = true;
    t[b'@' as usize] = true;
    t[b':' as usize] = true;
    t[b']' as usize] = true;
    t
};

/// The authority of a URI with one (`scheme://authority...`), in one pass over its bytes
/// (a few: a plain loop, where a vectorized search's set-up would cost more than the
/// search).
fn authority(input: &[u8], scheme_end: usize) -> Option<Authority> {
    let rest = input.get(scheme_end..)?;
    let after = rest.strip_prefix(b"://")?;
    let start = scheme_end + 3;
    let mut a = Authority {
        start,
        end: start + after.len(),
        host: start,
        colon: None,
        bracket: None,
    };
    for (i, &b) in after.iter().enumerate() {
        if !AUTHORITY_MARKS[usize::from(b)] {
            continue; // most bytes: one load and one well-predicted branch
        }
        match b {
            b'/' | b'?' | b'#' => {
                a.end = start + i;
                break;
            }
            b'@' => {
                a.host = start + i + 1;
                a.colon = None;
                a.bracket = None;
            }
            b':' => a.colon = Some(start + i),
            b']' => a.bracket = Some(start + i),
            _ => {}
        }
    }
    Some(a)
}

/// RFC 9110 §4.2.4: userinfo in an "http" or "https" URI.
fn http_userinfo(uri: &Seen<'_>) -> Option<Finding> {
    let a = uri.authority()?;
    a.has_userinfo().then_some(Finding {
        start: a.start,
        end: a.host,
        message: "the URI has a userinfo subcomponent (before \"@\"): RFC 9110 §4.2.4 \
                  deprecates it in \"http\" and \"https\" URIs (a sender MUST NOT generate \
                  it; a recipient SHOULD treat it as an error, since it is used to mislead); \
                  remove it, and send credentials another way (an Authorization header field)",
    })
}

/// RFC 9110 §4.2.1 (and §4.2.2 for https): an empty host, at where the host would start.
fn http_empty_host(uri: &Seen<'_>) -> Option<Finding> {
    let a = uri.authority()?;
    // An IP literal ("[" first) is never empty; else the host runs to the last ":".
    let starts_literal = uri.input.get(a.host) == Some(&b'[') && a.host < a.end;
    let host_end = a.colon.unwrap_or(a.end);
    if starts_literal || host_end > a.host {
        return None;
    }
    Some(Finding {
        start: a.host,
        end: a.host,
        message: "the host is empty: RFC 9110 §4.2.1 says a sender MUST NOT generate an \
                  \"http\" or \"https\" URI with an empty host and a recipient MUST reject one \
                  as invalid; write the host name after \"//\"",
    })
}

/// RFC 3966 §5.1.5: a local number (no leading "+") MUST have a phone-context parameter.
fn tel_local_without_context(uri: &Seen<'_>) -> Option<Finding> {
    let (input, scheme_end) = (uri.text?, uri.scheme_end);
    let rest = input.get(scheme_end..)?.strip_prefix(':')?;
    let start = scheme_end + 1;
    let end_of_number = rest.find([';', '?', '#']).unwrap_or(rest.len());
    let number = rest.get(..end_of_number)?;
    if number.starts_with('+') || number.is_empty() {
        return None;
    }
    let params = rest.get(end_of_number..)?;
    let params = params.split(['?', '#']).next().unwrap_or("");
    let has_context = params.split(';').any(|p| {
        p.split('=')
            .next()
            .is_some_and(|n| n.eq_ignore_ascii_case("phone-context"))
    });
    if has_context {
        return None;
    }
    Some(Finding {
        start,
        end: start + end_of_number,
        message: "a local number (no leading \"+\") without a phone-context parameter: RFC \
                  3966 §5.1.5 says local numbers MUST have one; add \";phone-context=\" with \
                  the global number prefix or domain where the number is valid, or write the \
                  number in global form (\"+\" and the country code)",
    })
}

/// RFC 3986 §6.2.3: the scheme's default port (and an empty port) dropped.
fn drop_default_port(uri: &str) -> Option<String> {
    let scheme_end = uri.find(':')?;
    let d = default_port(uri.get(..scheme_end)?)?;
    let Authority {
        start: a0, end: a1, ..
    } = authority(uri.as_bytes(), scheme_end)?;
    let auth = uri.get(a0..a1)?;
    let k = auth.rfind(':')?;
    if auth.rfind(']').is_some_and(|r| r > k) {
        return None; // a colon inside an IP literal
    }
    let port = auth.get(k + 1..)?;
    if !port.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let trimmed = port.trim_start_matches('0');
    let is_default = port.is_empty() || trimmed.parse::<u32>().ok() == Some(u32::from(d.port));
    if !is_default {
        return None;
    }
    Some(format!("{}{}", &uri[..a0 + k], &uri[a1..]))
}

/// RFC 9110 §4.2.3, RFC 7252 §6.3: an empty path is "/".
fn empty_path_as_slash(uri: &str) -> Option<String> {
    let scheme_end = uri.find(':')?;
    let a1 = authority(uri.as_bytes(), scheme_end)?.end;
    match uri.as_bytes().get(a1) {
        Some(b'/') => None,
        _ => Some(format!("{}/{}", &uri[..a1], &uri[a1..])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checks_fit_the_known_tables_mask() {
        assert!(CHECKS.len() <= 32, "{} checks", CHECKS.len());
    }

    #[test]
    fn default_ports_drop_only_their_own_port() {
        assert_eq!(
            drop_default_port("coap://h:5683/a").as_deref(),
            Some("coap://h/a")
        );
        assert_eq!(drop_default_port("coap://h:5684/a"), None);
        assert_eq!(
            drop_default_port("coaps://h:05684").as_deref(),
            Some("coaps://h")
        );
        assert_eq!(drop_default_port("http://[::1]/"), None);
        assert_eq!(drop_default_port("sip:a@h:5060"), None);
    }

    #[test]
    fn empty_host_is_found_where_the_host_would_start() {
        let f = http_empty_host(&Seen::new("http:///a", 4)).expect("empty host");
        assert_eq!((f.start, f.end), (7, 7));
        let f = http_empty_host(&Seen::new("http://u@:80/", 4)).expect("empty host");
        assert_eq!(f.start, 9);
        assert!(http_empty_host(&Seen::new("http://a/", 4)).is_none());
        assert!(http_empty_host(&Seen::new("http://[::1]/", 4)).is_none());
    }

    /// The `http` checks read the authority their URI found once: set by hand to an
    /// empty range, both read that one (an empty host there, no userinfo), not one of
    /// their own.
    #[test]
    fn the_http_checks_share_one_authority() {
        let seen = Seen::new("http://u@h/", 4);
        let a = seen.authority().expect("authority");
        assert_eq!((a.start, a.end, a.host), (7, 10, 9));
        assert!(http_userinfo(&seen).is_some());
        assert!(http_empty_host(&seen).is_none());
        let seen = Seen::new("http://u@h/", 4);
        let empty = Authority {
            start: 7,
            end: 7,
            host: 7,
            colon: None,
            bracket: None,
        };
        assert_eq!(seen.authority.set(Some(empty)), Ok(()));
        assert!(http_userinfo(&seen).is_none());
        assert_eq!(http_empty_host(&seen).map(|f| f.start), Some(7));
    }

    #[test]
    fn userinfo_and_tel_context() {
        let f = http_userinfo(&Seen::new("https://u:p@h/", 5)).expect("userinfo");
        assert_eq!((f.start, f.end), (8, 12));
        assert!(http_userinfo(&Seen::new("https://h/a@b", 5)).is_none());
        let tel = |s: &str| tel_local_without_context(&Seen::new(s, 3));
        assert!(tel("tel:7042").is_some());
        assert!(tel("tel:7042;phone-context=example.com").is_none());
        assert!(tel("tel:+1-201-555-0123").is_none());
    }
}
