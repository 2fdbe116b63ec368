//! Direct paths for the equivalence key and the `canonical` and `canonical_namespace`
//! forms under `auto` (issue 41's kernels): for the common shapes, the answer the ladder
//! and the forms give, written by one scan of the input into a caller's buffer, with no
//! parse tree, no rewriter walk and no Earley parse. Everything else answers
//! [`Fast::Slow`], and the caller takes the general path; the tests
//! (`tests/key_fast.rs`) check byte for byte that both paths agree on every corpus line,
//! every ladder example and generated variants.
//!
//! The shapes, each recognized only on input `auto` finds valid (the quick recognizer's
//! verdict, [`crate::engine::first_error`]), so the components are where RFC 3986
//! Appendix B's split puts them:
//!
//! - a URI or IRI reference under a profile whose ladder is RFC 3986 §6.2's (simple
//!   string comparison, syntax-based normalization by the generic rules, scheme-based
//!   normalization, optionally the IDN rung) whose host has no `xn--` label, no
//!   percent-encoding and, if it has non-ASCII characters, no ASCII capital; no
//!   percent-encoding of an unreserved or non-ASCII octet and no dot-segment: the scheme
//!   and an ASCII host lower-cased, the hex digits of percent-encodings upper-cased, and
//!   for the key the default port and empty path of RFC 3986 §6.2.3, the "mailto"
//!   domain's case (an ASCII one) and a DNS scheme's non-ASCII host in ACE form;
//! - a URN under a profile whose ladder is its forms' steps of case ("urn", NID, hex
//!   digits) and the cut of the r-, q- and f-components (RFC 8141 §3.1's): those
//!   rewrites, then the namespace's steps when its compiled automaton
//!   ([`namespaces::nss_verdict`]) accepts the NSS with right check digits.
//!
//! Which profile has which shape is read from its descriptor (its ladder's rungs and its
//! forms' rules), never from its name.

use std::sync::LazyLock;

use crate::engine::descriptor::forms::{FormsSpec, GENERIC_SYNTAX, Unreserved};
use crate::engine::descriptor::ladder::{LadderSpec, Rung};
use crate::engine::descriptor::rewrites::Rewrites;
use crate::engine::forms::mailto_domain_case;
use crate::engine::namespaces::{self, LayerScratch};
use crate::engine::specs::Profile;

/// What a direct path did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fast {
    /// The answer is in the buffer.
    Wrote,
    /// The answer is null (the form does not apply).
    Null,
    /// No direct path for this input: take the general one.
    Slow,
}

/// What a batch keeps from row to row: the namespace automata's caches and a buffer.
/// One per batch (or worker thread); a scratch never changes an answer.
#[derive(Debug, Default)]
pub struct FastScratch {
    layer: LayerScratch,
    nss: String,
}

impl FastScratch {
    /// An empty scratch.
    pub fn new() -> FastScratch {
        FastScratch::default()
    }
}

/// The ladder or forms a profile's descriptor gives, as far as the direct paths know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// RFC 3986 §6.2's ladder over the generic syntax, and the generic canonical rules.
    Generic,
    /// The URN forms' steps: case of "urn", of the NID and of hex digits, and the cut.
    Urn,
    /// Anything else.
    Other,
}

/// One profile's shapes.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Its ladder and forms, for the key under it.
    kind: Kind,
    /// The key's family tag (`uri`, `urn`).
    tag: &'static str,
    /// The namespace layer applies to it.
    namespaces: bool,
    /// Its ladder ends with the IDN rung (hosts compared in ACE form).
    idn: bool,
}

/// The rules of the URN steps the direct path writes: case of "urn", NID case, hex case,
/// the r-, q- and f-components cut.
const URN_RULES: Rewrites = Rewrites::SCHEME_CASE
    .union(Rewrites::NID_CASE)
    .union(Rewrites::HEX_CASE)
    .union(Rewrites::DROP_RQF);

/// Every built-in profile's shape, in [`Profile::ALL`]'s order, read once.
static SHAPES: LazyLock<Vec<(Profile, Shape)>> = LazyLock::new(|| {
    Profile::ALL
        .into_iter()
        .map(|p| {
            let d = p.descriptor();
            let tag: &'static str = match p.family().noun().to_ascii_lowercase().as_str() {
                "uri" => "uri",
                "urn" => "urn",
                "xri" => "xri",
                _ => "",
            };
            let shape = Shape {
                kind: kind_of(d.ladder, d.forms),
                tag,
                namespaces: p.offers().namespaces,
                idn: d.ladder.rungs.contains(&Rung::IdnHosts),
            };
            (p, shape)
        })
        .collect()
});

fn shape(p: Profile) -> Option<Shape> {
    SHAPES.iter().find(|(q, _)| *q == p).map(|&(_, s)| s)
}

/// The kind of a ladder and forms spec.
fn kind_of(ladder: &LadderSpec, forms: &FormsSpec) -> Kind {
    let steps = forms
        .steps(false)
        .iter()
        .fold(Rewrites::NONE, |r, s| r | s.rules);
    let generic_forms = forms.canonical == GENERIC_SYNTAX
        && steps == GENERIC_SYNTAX
        && matches!(forms.unreserved, Some(Unreserved::Ascii | Unreserved::Iri))
        && forms.path_unreserved.is_none()
        && forms.cache_steps.is_none();
    let generic_ladder = match ladder.rungs {
        [
            Rung::Rewrites {
                rules: Rewrites::NONE,
                ..
            },
            Rung::SyntaxBased { .. },
            rest @ ..,
        ] => {
            let rest: Vec<&Rung> = rest
                .iter()
                .filter(|r| !matches!(r, Rung::NoCharacterNormalization { .. }))
                .collect();
            matches!(
                rest.as_slice(),
                [Rung::SchemeBased { .. }] | [Rung::SchemeBased { .. }, Rung::IdnHosts]
            )
        }
        _ => false,
    };
    let urn = matches!(ladder.rungs, [Rung::FormsSteps])
        && steps == URN_RULES
        && forms.canonical == URN_RULES
        && forms.unreserved.is_none()
        && forms.cache_steps.is_none();
    if generic_forms && generic_ladder {
        Kind::Generic
    } else if urn {
        Kind::Urn
    } else {
        Kind::Other
    }
}

/// The profile `auto` reads `input` under, when the input is valid under it.
fn valid_auto(input: &str) -> Option<Profile> {
    match crate::engine::first_error(input, None) {
        (p, None) => Some(p),
        _ => None,
    }
}

/// The equivalence key of `input` under `auto` ([`super::equivalence_key`] with no
/// profile), written into `out` (cleared first), or [`Fast::Slow`].
pub fn equivalence_key(
    input: &str,
    namespace: bool,
    scratch: &mut FastScratch,
    out: &mut String,
) -> Fast {
    out.clear();
    let Some(own) = valid_auto(input) else {
        return Fast::Slow;
    };
    let kp = super::auto_key_profile(own);
    let Some(s) = shape(kp) else {
        return Fast::Slow;
    };
    match s.kind {
        Kind::Generic => {
            out.push_str(s.tag);
            out.push(' ');
            if generic(input, true, s, out) {
                Fast::Wrote
            } else {
                Fast::Slow
            }
        }
        Kind::Urn => {
            out.push_str(s.tag);
            let tag_end = out.len();
            out.push(' ');
            let Some((nid, nss)) = urn(input, out) else {
                return Fast::Slow;
            };
            if !(namespace && s.namespaces) {
                return Fast::Wrote;
            }
            let (nid_text, nss_text) = (&out[nid.0..nid.1], &out[nss..]);
            let v = namespaces::nss_verdict(&mut scratch.layer, nid_text, nss_text, 0);
            let Some(ns) = v
                .namespace
                .filter(|n| v.valid == Some(true) && !n.steps.is_empty())
            else {
                return Fast::Wrote;
            };
            steps_into(ns, nss, out, &mut scratch.nss);
            out.insert(tag_end, '+');
            out.insert_str(tag_end + 1, ns.name);
            Fast::Wrote
        }
        Kind::Other => Fast::Slow,
    }
}

/// Which form [`form`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `canonical`.
    Canonical,
    /// `canonical_namespace` (the namespace layer on).
    CanonicalNamespace,
}

/// The form `which` of `input` under `auto`, as [`crate::engine::analyze`]'s forms give it
/// (the namespace layer on), written into `out` (cleared first), or [`Fast::Slow`].
pub fn form(input: &str, which: Form, scratch: &mut FastScratch, out: &mut String) -> Fast {
    out.clear();
    let Some(p) = valid_auto(input) else {
        return Fast::Slow;
    };
    let Some(s) = shape(p) else {
        return Fast::Slow;
    };
    match (s.kind, which) {
        (Kind::Generic, Form::Canonical) => {
            if generic(input, false, s, out) {
                Fast::Wrote
            } else {
                Fast::Slow
            }
        }
        // The namespace layer reads only a URN profile's trees.
        (Kind::Generic, Form::CanonicalNamespace) if !s.namespaces => Fast::Null,
        (Kind::Urn, Form::Canonical) => match urn(input, out) {
            Some(_) => Fast::Wrote,
            None => Fast::Slow,
        },
        (Kind::Urn, Form::CanonicalNamespace) => {
            if !s.namespaces {
                return Fast::Null;
            }
            let Some((nid, nss)) = urn(input, out) else {
                return Fast::Slow;
            };
            // The layer judges the NSS as written (the analysis's), the steps rewrite
            // the canonical form's.
            let nid_in = input.get(nid.0..nid.1).unwrap_or("");
            let nss_len = urn_cut(input.as_bytes()).saturating_sub(nss);
            let nss_in = input.get(nss..nss + nss_len).unwrap_or("");
            let v = namespaces::nss_verdict(&mut scratch.layer, nid_in, nss_in, nss);
            match v
                .namespace
                .filter(|n| v.valid == Some(true) && !n.steps.is_empty())
            {
                Some(ns) => {
                    steps_into(ns, nss, out, &mut scratch.nss);
                    Fast::Wrote
                }
                None => Fast::Null,
            }
        }
        _ => Fast::Slow,
    }
}

/// Replaces `out[nss..]` by it after the namespace's steps.
fn steps_into(ns: &namespaces::Namespace, nss: usize, out: &mut String, buf: &mut String) {
    buf.clear();
    buf.push_str(&out[nss..]);
    for st in ns.steps {
        *buf = (st.apply)(buf);
    }
    out.truncate(nss);
    out.push_str(buf);
}

/// Where the URN rules' cut starts: the first "?" or "#" after "urn:" (the rewriter's).
fn urn_cut(b: &[u8]) -> usize {
    let from = 4.min(b.len());
    b[from..]
        .iter()
        .position(|c| matches!(c, b'?' | b'#'))
        .map_or(b.len(), |k| from + k)
}

/// Appends the URN rules' rewrite of the valid URN `input` to `out`: "urn" and the NID
/// lower-cased, the NSS's hex digits upper-cased, cut before its r-, q- or f-component.
/// Returns the NID's range and where the NSS starts, in `out`.
fn urn(input: &str, out: &mut String) -> Option<((usize, usize), usize)> {
    let b = input.as_bytes();
    if !crate::engine::family::looks_like_urn(input) {
        return None;
    }
    let nid_end = 4 + b[4..].iter().position(|&c| c == b':')?;
    let cut = urn_cut(b);
    if cut <= nid_end {
        return None;
    }
    out.push_str("urn:");
    let nid0 = out.len();
    push_lower(out, input.get(4..nid_end)?);
    let nid1 = out.len();
    out.push(':');
    let nss0 = out.len();
    push_text(out, input.get(nid_end + 1..cut)?, false)?;
    // With nothing before it in `out`, the NID and NSS start where they do in the input
    // (lower-casing keeps the length).
    Some(((nid0, nid1), nss0))
}

/// Appends `s` lower-cased (ASCII letters).
fn push_lower(out: &mut String, s: &str) {
    out.extend(s.bytes().map(|c| char::from(c.to_ascii_lowercase())));
}

/// Appends `s` with the hex digits of its percent-encodings upper-cased; under the
/// `generic` rules an encoded unreserved or non-ASCII octet (which they may decode) makes
/// it give up (`None`).
fn push_text(out: &mut String, s: &str, generic: bool) -> Option<()> {
    let b = s.as_bytes();
    let mut from = 0;
    let mut at = 0;
    while let Some(k) = memchr::memchr(b'%', &b[at..]) {
        let i = at + k;
        let (h, l) = (*b.get(i + 1)?, *b.get(i + 2)?);
        let v = hex(h)? << 4 | hex(l)?;
        if generic && (v >= 0x80 || crate::engine::chars::UNRESERVED.has(v)) {
            return None;
        }
        out.push_str(&s[from..i]);
        out.push('%');
        out.push(char::from(h.to_ascii_uppercase()));
        out.push(char::from(l.to_ascii_uppercase()));
        at = i + 3;
        from = at;
    }
    out.push_str(&s[from..]);
    Some(())
}

fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Appends the generic rules' rewrite of the valid URI or IRI reference `input` to `out`
/// (with `scheme_based`, RFC 3986 §6.2.3's too, and the "mailto" domain's case); false
/// (with `out` in any state) when the input is not of the shape this path writes.
fn generic(input: &str, scheme_based: bool, shape: Shape, out: &mut String) -> bool {
    generic_inner(input, scheme_based, shape, out).is_some()
}

fn generic_inner(input: &str, scheme_based: bool, shape: Shape, out: &mut String) -> Option<()> {
    let b = input.as_bytes();
    let start = out.len();
    // RFC 3986 Appendix B.
    let first = b
        .iter()
        .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'));
    let mut i = 0;
    let scheme = match first {
        Some(k) if k > 0 && b[k] == b':' => {
            push_lower(out, &input[..k]);
            out.push(':');
            i = k + 1;
            Some(start..start + k)
        }
        _ => None,
    };
    let mut auth_out = None;
    if b[i..].starts_with(b"//") {
        out.push_str("//");
        let a0 = i + 2;
        let a1 = a0
            + b[a0..]
                .iter()
                .position(|&c| matches!(c, b'/' | b'?' | b'#'))
                .unwrap_or(b.len() - a0);
        let auth = &input[a0..a1];
        let o0 = out.len();
        let host_at = match memchr::memchr(b'@', auth.as_bytes()) {
            Some(at) => {
                push_text(out, &auth[..at], true)?;
                out.push('@');
                at + 1
            }
            None => 0,
        };
        let hp = &auth[host_at..];
        let host_end = if hp.starts_with('[') {
            let close = hp.find(']')? + 1;
            let lit = &hp[..close];
            if lit
                .as_bytes()
                .get(1)
                .is_some_and(|c| matches!(c, b'v' | b'V'))
                || lit.contains('%')
            {
                return None; // IPvFuture, or a zone
            }
            close
        } else {
            hp.rfind(':').unwrap_or(hp.len())
        };
        let host = &hp[..host_end];
        if host.contains('%')
            || host
                .as_bytes()
                .windows(4)
                .any(|w| w.eq_ignore_ascii_case(b"xn--"))
        {
            return None;
        }
        if host.is_ascii() {
            push_lower(out, host);
        } else if host.bytes().any(|c| c.is_ascii_uppercase()) {
            // Whether the syntax-based rules lower-case a host with non-ASCII characters
            // is the spec's (RFC 3987 §5.3.2.1 folds only a US-ASCII host): the general path.
            return None;
        } else {
            // No letter to lower-case: the host as written, but for the key's IDN rung
            // (RFC 3987 §5.3.3), which writes a DNS scheme's host in its ACE form when
            // UTS #46 gives one (the grammar's `ace` attribute).
            let scheme_text = scheme.as_ref().map_or("", |r| &input[..r.end - r.start]);
            // "mailto" has its domains converted, not its host.
            let dns = crate::engine::idna::is_dns_scheme(scheme_text)
                && !scheme_text.eq_ignore_ascii_case("mailto");
            let ace = (scheme_based && shape.idn && dns)
                .then(|| crate::engine::idna::process_host(host))
                .flatten()
                .and_then(|r| r.ace);
            out.push_str(ace.as_deref().unwrap_or(host));
        }
        let port = &hp[host_end..];
        if scheme.is_none() && !port.is_empty() {
            return None;
        }
        out.push_str(port);
        auth_out = Some((o0, out.len()));
        i = a1;
    }
    let p1 = i + b[i..]
        .iter()
        .position(|&c| matches!(c, b'?' | b'#'))
        .unwrap_or(b.len() - i);
    let p_out = out.len();
    push_text(out, &input[i..p1], true)?;
    if scheme.is_some() && out[p_out..].split('/').any(|seg| seg == "." || seg == "..") {
        return None; // dot-segments: the rewriter removes them
    }
    let path_empty = out.len() == p_out;
    let mut j = p1;
    if b.get(j) == Some(&b'?') {
        let q1 = j + b[j..]
            .iter()
            .position(|&c| c == b'#')
            .unwrap_or(b.len() - j);
        out.push('?');
        push_text(out, &input[j + 1..q1], true)?;
        j = q1;
    }
    if b.get(j) == Some(&b'#') {
        out.push('#');
        push_text(out, &input[j + 1..], true)?;
    }
    let Some(scheme) = scheme.filter(|_| scheme_based) else {
        return Some(());
    };
    // RFC 3986 §6.2.3, as the rewriter's `scheme_based` writes it.
    if let Some((a0, a1)) = auth_out {
        let default = match &out[scheme.clone()] {
            "http" | "ws" => Some("80"),
            "https" | "wss" => Some("443"),
            "ftp" => Some("21"),
            _ => None,
        };
        if default.is_some() && path_empty {
            out.insert(p_out, '/');
        }
        let auth = &out[a0..a1];
        if let Some(k) = auth.rfind(':') {
            let port = &auth[k + 1..];
            let after_literal = !auth.contains('[') || auth.rfind(']').is_some_and(|r| r < k);
            if after_literal && port.bytes().all(|c| c.is_ascii_digit()) {
                let trimmed = port.trim_start_matches('0');
                let value = if trimmed.is_empty() && !port.is_empty() {
                    "0"
                } else {
                    trimmed
                };
                if port.is_empty() || Some(value) == default {
                    out.replace_range(a0 + k..a1, "");
                }
            }
        }
    }
    if &out[scheme] == "mailto" {
        // The IDN rung converts a non-ASCII or percent-encoded domain: the general path's.
        if !out[start..].is_ascii() || out[start..].contains('%') {
            return None;
        }
        let cased = mailto_domain_case(&out[start..]);
        out.truncate(start);
        out.push_str(&cased);
    }
    Some(())
}
