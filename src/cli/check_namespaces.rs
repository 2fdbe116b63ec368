//! `check --namespaces` (and `--schemes`): what the layer adds to a line's record, and how
//! it is written in text and JSON.

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::json;
use crate::engine::namespaces::LayerScratch;
use crate::engine::{Profile, Severity};

/// What `--namespaces` adds to a URN's record: the namespace layer's answer; or what
/// `--schemes` adds to a URI's: the scheme layer's (`check_schemes.rs`).
///
/// Made and moved on every URN of `check --namespaces`: kept at 128 bytes or less, which
/// a move copies in a few registers rather than by a call to `memcpy` (the test
/// `a_record_part_is_small` holds it there), so what is rare (the messages) or one of a
/// few (the head's text) is held by a pointer.
pub(super) struct NsExtra<'a> {
    /// The text line's label and the JSON key: `namespace`, or `scheme` and `scheme_spec`.
    pub(super) label: &'static str,
    pub(super) key: &'static str,
    /// The NID (or the scheme) as written (shown in lower case).
    pub(super) nid: &'a str,
    pub(super) registered: bool,
    pub(super) valid: Option<bool>,
    pub(super) document: Option<&'static str>,
    /// Whether `document` is plain JSON ASCII, written into JSON as it is: known once per
    /// namespace ([`plain_document`]), checked for the schemes'.
    pub(super) document_plain: bool,
    /// The layer's findings (severity, code, span in the line), as the batch verdict made
    /// them: moved, not copied.
    pub(super) findings: Vec<(Severity, crate::engine::Code, crate::engine::Span)>,
    /// Each finding's message, for the GitHub and SARIF formats only: `None` until
    /// [`NsExtra::add_messages`] (a record in JSON or text shows none), a finding without
    /// one is shown with its meaning in words ([`NsExtra::message`]).
    // A thin pointer (a `Box<[String]>` is two words): it keeps the record within 128
    // bytes, and only the annotation formats make the list.
    #[allow(clippy::box_collection)]
    pub(super) messages: Option<Box<Vec<String>>>,
    /// Where the NSS is in the line.
    pub(super) nss: (usize, usize),
    /// For a namespace of the catalogue: the object's text up to its findings, made once
    /// per namespace and verdict ([`namespace_head`]), followed by the `]}` that closes
    /// the object when there are none; `None` writes it piece by piece.
    pub(super) head: Option<&'static String>,
}

/// The namespace layer on a line judged under `profile`, when that is a URN
/// profile and the line is a URN with a NID and an NSS. Only with `--namespaces`: the
/// batch path judges by the URN spec alone otherwise. `scratch` holds the namespaces'
/// automaton caches (one per worker).
pub(super) fn namespace_extra<'a>(
    scratch: &mut LayerScratch,
    bytes: &'a [u8],
    profile: Option<Profile>,
    valid: bool,
    analysis: Option<&crate::engine::Analysis>,
) -> Option<NsExtra<'a>> {
    let p = profile?;
    let components = scratch.urn_layer(p)?;
    // A valid URN without `?` or `#` is `urn:NID:NSS` under every URN profile (a NID holds
    // no `:`, and nothing follows the NSS), and under RFC 8141 its NSS ends at the first
    // `?` or `#`: its parts are found by a few searches, with no second parse (the test
    // `urn_parts_are_the_trees_nid_and_nss` compares both ways). A valid line is UTF-8
    // (`judge`'s quick path accepts only UTF-8, and the grammar reads a `str`), so it is
    // not checked again: the layer reads the NID and the NSS as bytes, and the record
    // shows the NID from the registry's table (in lower case, as a record shows it);
    // only a NID the table does not know is made a `str` here.
    if valid && let Some((nid_at, nss_at, nss_end)) = urn_parts(bytes, components) {
        let nid = bytes.get(nid_at..nss_at - 1)?;
        let n = crate::engine::namespaces::nss_verdict_bytes(
            scratch,
            nid,
            bytes.get(nss_at..nss_end)?,
            nss_at,
        );
        let nid = match n.nid {
            Some((lower, _)) => lower,
            None => std::str::from_utf8(nid).ok()?,
        };
        return ns_extra(nid, n, (nss_at, nss_end));
    }
    let s = std::str::from_utf8(bytes).ok()?;
    // The URN's tree without the layer, then the layer's verdict without the grammar's
    // nodes (which a record does not show): the namespace's compiled automaton, never an
    // Earley parse (check digits read the NSS's bytes). The same findings as `analyze`'s
    // layer (tests/cli_namespaces.rs). An invalid line printed as JSON has that tree
    // already (its error object's).
    let made;
    let a = match analysis {
        Some(a) => a,
        None => {
            made = crate::engine::analyze(s, &crate::engine::Options::validate_only(Some(p)));
            &made
        }
    };
    let (nid_at, nss_at) = crate::engine::nid_and_nss(&a.tree)?;
    let nid_span = a.tree.get(nid_at)?.span();
    let nss_span = a.tree.get(nss_at)?.span();
    let nid = s.get(nid_span.start..nid_span.end)?;
    let n = crate::engine::namespaces::nss_verdict_bytes(
        scratch,
        nid.as_bytes(),
        s.get(nss_span.start..nss_span.end)?.as_bytes(),
        nss_span.start,
    );
    ns_extra(nid, n, (nss_span.start, nss_span.end))
}

/// Where the NID and the NSS of `urn:NID:NSS` start and where the NSS ends, when the line
/// has that shape (a non-empty NID and NSS). Without `components`, a line with `?` or `#`
/// is `None`; with them (RFC 8141, whose NSS holds neither, and whose `?+`, `?=` and `#`
/// components follow it), the NSS ends at the first of them. For a line the profile
/// judged valid: the tree's NID and NSS (the test `urn_parts_are_the_trees_nid_and_nss`).
pub(super) fn urn_parts(b: &[u8], components: bool) -> Option<(usize, usize, usize)> {
    if b.len() < 4 || !b[..4].eq_ignore_ascii_case(b"urn:") {
        return None;
    }
    // The NID ends at its `:`; a `?` or `#` before it leaves no NID in either case (the
    // line has no `:` before its end). Then the NSS is searched for a `?` or `#`.
    let rest = &b[4..];
    let colon = 4 + find_either(rest, b':', b'?', b'#')?;
    if b[colon] != b':' {
        return None;
    }
    let end = match find_either(&b[colon + 1..], b'?', b'#', b'#') {
        None => b.len(),
        Some(k) if components => colon + 1 + k,
        Some(_) => return None,
    };
    (colon > 4 && colon + 1 < end).then_some((4, colon + 1, end))
}

/// Where the first of the bytes `x`, `y` and `z` is in `b`, eight bytes at a time.
///
/// Written by hand rather than with `memchr2`/`memchr3`: a URN's NID and NSS are a few
/// dozen bytes, where their call and vector set-up cost more than this loop, inlined
/// (`check --namespaces` on the 200,000-URN corpus: 8.4 M instructions fewer than with a
/// byte loop to the NID's `:` and `memchr2` over the NSS).
#[inline]
fn find_either(b: &[u8], x: u8, y: u8, z: u8) -> Option<usize> {
    use crate::json::{HIGH, ONES, zero_bytes};
    let hits = |w: u64| {
        (zero_bytes(w ^ (ONES * u64::from(x)))
            | zero_bytes(w ^ (ONES * u64::from(y)))
            | zero_bytes(w ^ (ONES * u64::from(z))))
            & HIGH
    };
    let word_at = |i: usize| {
        b.get(i..i + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map(u64::from_le_bytes)
    };
    let n = b.len();
    if n < 8 {
        return b.iter().position(|&c| c == x || c == y || c == z);
    }
    let mut at = 0;
    while at + 8 <= n {
        let h = hits(word_at(at)?);
        if h != 0 {
            return Some(at + (h.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    if at == n {
        return None;
    }
    // The last eight bytes, overlapping the bytes already read (which hold none of the
    // three, and so start no borrow): only the bytes not yet read count.
    let h = hits(word_at(n - 8)?) & (u64::MAX << (8 * (8 - (n - at))));
    (h != 0).then(|| n - 8 + (h.trailing_zeros() / 8) as usize)
}

/// `--schemes`' record for a line judged under `profile` (check_schemes.rs), with the
/// worker's scheme caches; each finding's message only for the annotations.
pub(super) fn scheme_extra<'a>(
    scratch: &mut LayerScratch,
    bytes: &'a [u8],
    profile: &str,
    valid: bool,
    messages: bool,
) -> Option<NsExtra<'a>> {
    let r = super::check_schemes::judge(scratch.schemes(), bytes, profile, valid, messages)?;
    Some(NsExtra {
        label: "scheme",
        key: "scheme_spec",
        nid: r.scheme,
        registered: r.registered,
        valid: r.valid,
        document_plain: r.document_plain,
        document: r.document,
        findings: r.findings,
        messages: (!r.messages.is_empty()).then(|| Box::new(r.messages)),
        nss: (0, 0),
        head: None,
    })
}

pub(super) fn ns_extra(
    nid: &str,
    n: crate::engine::namespaces::NssVerdict,
    nss: (usize, usize),
) -> Option<NsExtra<'_>> {
    let head = match (n.index, n.nid) {
        (Some(i), _) => namespace_head(i, n.valid),
        (None, Some((lower, k))) if n.valid.is_none() && n.namespace.is_none() => {
            nid_head(k, lower, n.registration.registered())
        }
        _ => None,
    };
    // Made in place (a `Some` around a made value was a copy of it on every URN).
    Some(NsExtra {
        label: "namespace",
        key: "namespace",
        nid,
        registered: n.registration.registered(),
        valid: n.valid,
        document: n.namespace.map(|ns| ns.document),
        // (Only the piece-by-piece writer reads it: known once per namespace.)
        document_plain: head.is_some() || n.namespace.is_some_and(plain_document),
        findings: n.findings,
        messages: None,
        nss,
        head,
    })
}

/// The `"namespace"` object's text up to its findings (`,"namespace":{"nid":"isbn",
/// "registered":true,"valid":true,"document":"RFC 3187","findings":[`) for the `index`th
/// namespace of the catalogue and the verdict `valid`: the same for every URN of that
/// namespace (the NID in lower case is the catalogue's; the namespace's NID is
/// registered), so it is written once per namespace, by the piece-by-piece writer
/// ([`NsExtra::write_head`]), and copied into each record.
pub(super) fn namespace_head(index: usize, valid: Option<bool>) -> Option<&'static String> {
    use crate::engine::namespaces::catalogue::ALL;
    static HEADS: std::sync::LazyLock<Vec<[String; 3]>> = std::sync::LazyLock::new(|| {
        ALL.iter()
            .map(|ns| {
                [Some(true), Some(false), None].map(|valid| {
                    head_text(ns.nid, true, valid, Some(ns.document), plain_document(ns))
                })
            })
            .collect()
    });
    let k = match valid {
        Some(true) => 0,
        Some(false) => 1,
        None => 2,
    };
    HEADS
        .get(index)
        .and_then(|h| h.get(k))
        .filter(|h| !h.is_empty())
}

/// [`namespace_head`] for the `known`th NID the registry or the catalogue knows
/// ([`crate::engine::namespaces::NssVerdict::nid`]: `lower`, the NID in lower case),
/// outside any namespace whose syntax idbench knows (`valid` and `document` are `null`):
/// made at the NID's first record.
pub(super) fn nid_head(
    known: usize,
    lower: &'static str,
    registered: bool,
) -> Option<&'static String> {
    use std::sync::{LazyLock, OnceLock};
    static HEADS: LazyLock<Vec<OnceLock<String>>> = LazyLock::new(|| {
        (0..crate::engine::namespaces::known_nids())
            .map(|_| OnceLock::new())
            .collect()
    });
    let head = HEADS
        .get(known)?
        .get_or_init(|| head_text(lower, registered, None, None, true));
    Some(head).filter(|h| !h.is_empty())
}

/// The `"namespace"` object's text up to its findings, by the piece-by-piece writer
/// ([`NsExtra::write_head`]), then `]}`: what [`namespace_head`] and [`nid_head`] keep.
/// Most URNs have no findings, and their whole object is this text, copied in one piece
/// ([`NsExtra::write_json`]); a URN with findings copies it without its last two bytes.
pub(super) fn head_text(
    nid: &str,
    registered: bool,
    valid: Option<bool>,
    document: Option<&'static str>,
    document_plain: bool,
) -> String {
    let mut out = Vec::new();
    NsExtra {
        label: "namespace",
        key: "namespace",
        nid,
        registered,
        valid,
        document,
        document_plain,
        findings: Vec::new(),
        messages: None,
        nss: (0, 0),
        head: None,
    }
    .write_head(&mut out);
    out.extend_from_slice(HEAD_END);
    String::from_utf8(out).unwrap_or_default()
}

/// Whether `ns`'s document is plain JSON ASCII, found once per namespace: a scan of it on
/// every URN cost more than the rest of the `"namespace"` object. (A document is printable
/// text, so the answer does not depend on how control characters are written.)
pub(super) fn plain_document(ns: &crate::engine::namespaces::Namespace) -> bool {
    use crate::engine::namespaces::catalogue::ALL;
    static PLAIN: std::sync::LazyLock<Vec<bool>> = std::sync::LazyLock::new(|| {
        ALL.iter()
            .map(|ns| json::plain_json_ascii(ns.document.as_bytes()))
            .collect()
    });
    ALL.iter()
        .position(|x| std::ptr::eq(*x, ns))
        .and_then(|i| PLAIN.get(i).copied())
        .unwrap_or(false)
}

impl NsExtra<'_> {
    /// The layer's own message for each finding (what the annotations show: "the check
    /// digit should be 2"), from the full layer on this NSS; only lines with findings pay.
    pub(super) fn add_messages(&mut self, bytes: &[u8]) {
        let Some(nss) = std::str::from_utf8(bytes)
            .ok()
            .and_then(|s| s.get(self.nss.0..self.nss.1))
        else {
            return;
        };
        if self.findings.is_empty() || self.label != "namespace" {
            return;
        }
        // The NID as written (the record holds it in lower case when the registry knows
        // it): the `ID` of `urn:ID:`, just before the NSS.
        let s = std::str::from_utf8(bytes).unwrap_or_default();
        let nid = self
            .nss
            .0
            .checked_sub(self.nid.len() + 1)
            .and_then(|at| s.get(at..self.nss.0 - 1))
            .filter(|w| w.eq_ignore_ascii_case(self.nid))
            .unwrap_or(self.nid);
        let full = crate::engine::namespaces::judge_nss(nid, nss, self.nss.0);
        self.messages = Some(Box::new(
            self.findings
                .iter()
                .map(|&(_, code, span)| {
                    let same = full
                        .diagnostics
                        .iter()
                        .find(|d| d.code == code && d.span == span);
                    // The batch verdict carries codes, not messages: failing the layer's
                    // own, the finding's meaning in words.
                    same.map_or_else(|| code.head().to_string(), |d| d.message.clone())
                })
                .collect(),
        ));
    }

    /// The message of the `k`th finding: the layer's own after [`NsExtra::add_messages`],
    /// else its meaning in words.
    pub(super) fn message(&self, k: usize) -> &str {
        match (
            self.messages.as_ref().and_then(|m| m.get(k)),
            self.findings.get(k),
        ) {
            (Some(m), _) => m,
            (None, Some(&(_, code, _))) => code.head(),
            (None, None) => "",
        }
    }

    /// `,"namespace":` and its object written directly (the keys and order of its
    /// `Serialize`), for a line of plain JSON ASCII: the NID is part of it, and every other
    /// string is a code, a severity or a document name, plain ASCII too (the test
    /// `the_direct_namespace_object_is_what_serde_writes` compares both). The constant
    /// text between the values is written in a few pieces ([`NS_MIDDLES`]): this runs on
    /// every URN of `check --namespaces`.
    pub(super) fn write_json(&self, out: &mut Vec<u8>) {
        match self.head {
            // The whole object in one copy: the common case, a URN without findings.
            Some(head) if self.findings.is_empty() => {
                out.extend_from_slice(head.as_bytes());
                return;
            }
            Some(head) => {
                let text = head.as_bytes();
                out.extend_from_slice(text.strip_suffix(HEAD_END).unwrap_or(text));
            }
            None => self.write_head(out),
        }
        for (i, &(severity, code, span)) in self.findings.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let mut n = itoa::Buffer::new();
            out.extend_from_slice(b"{\"code\":\"");
            out.extend_from_slice(code.as_str().as_bytes());
            out.extend_from_slice(b"\",\"end\":");
            out.extend_from_slice(n.format(span.end).as_bytes());
            out.extend_from_slice(b",\"severity\":\"");
            out.extend_from_slice(severity.name().as_bytes());
            out.extend_from_slice(b"\",\"start\":");
            out.extend_from_slice(n.format(span.start).as_bytes());
            out.push(b'}');
        }
        out.extend_from_slice(HEAD_END);
    }

    /// The object's text up to its findings' `[`, piece by piece.
    pub(super) fn write_head(&self, out: &mut Vec<u8>) {
        out.reserve(128 + self.nid.len() + self.document.map_or(0, str::len));
        out.extend_from_slice(match self.label {
            "scheme" => b",\"scheme_spec\":{\"scheme\":\"".as_slice(),
            _ => b",\"namespace\":{\"nid\":\"".as_slice(),
        });
        let at = out.len();
        out.extend_from_slice(self.nid.as_bytes());
        out[at..].make_ascii_lowercase();
        let valid = match self.valid {
            Some(true) => 0,
            Some(false) => 1,
            None => 2,
        };
        out.extend_from_slice(NS_MIDDLES[usize::from(self.registered)][valid].as_bytes());
        match self.document {
            Some(d) if self.document_plain => {
                out.push(b'"');
                out.extend_from_slice(d.as_bytes());
                out.extend_from_slice(b"\",\"findings\":[");
            }
            Some(d) => {
                let _ = serde_json::to_writer(&mut *out, d);
                out.extend_from_slice(b",\"findings\":[");
            }
            None => out.extend_from_slice(b"null,\"findings\":["),
        }
    }
}

/// What closes a layer's JSON object after its findings (and ends a kept head's text).
const HEAD_END: &[u8] = b"]}";

/// The text of a layer's JSON object between its NID (or scheme) and its document, by
/// `registered` (false, true) and `valid` (true, false, null).
pub(super) const NS_MIDDLES: [[&str; 3]; 2] = {
    macro_rules! middle {
        ($r:literal, $v:literal) => {
            concat!(
                "\",\"registered\":",
                $r,
                ",\"valid\":",
                $v,
                ",\"document\":"
            )
        };
    }
    [
        [
            middle!("false", "true"),
            middle!("false", "false"),
            middle!("false", "null"),
        ],
        [
            middle!("true", "true"),
            middle!("true", "false"),
            middle!("true", "null"),
        ],
    ]
};

impl Serialize for NsExtra<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Namespace", 5)?;
        let name = if self.label == "scheme" {
            "scheme"
        } else {
            "nid"
        };
        // The name in lower case, on the stack when it is short (a scheme or a NID is):
        // this path serves every record of a line that is not plain JSON ASCII.
        let mut buf = [0u8; 64];
        let lower = match buf.get_mut(..self.nid.len()) {
            Some(b) if self.nid.is_ascii() => {
                b.copy_from_slice(self.nid.as_bytes());
                b.make_ascii_lowercase();
                std::borrow::Cow::Borrowed(std::str::from_utf8(b).unwrap_or_default())
            }
            _ => std::borrow::Cow::Owned(self.nid.to_ascii_lowercase()),
        };
        m.serialize_field(name, &*lower)?;
        m.serialize_field("registered", &self.registered)?;
        m.serialize_field("valid", &self.valid)?;
        m.serialize_field("document", &self.document)?;
        m.serialize_field("findings", &FindingsJson(&self.findings))?;
        m.end()
    }
}

/// A record's findings as `[{"code", "end", "severity", "start"}, …]` (the keys in the
/// order the direct writer, [`NsExtra::write_json`], gives them), without building a JSON
/// value for each.
pub(super) struct FindingsJson<'a>(&'a [(Severity, crate::engine::Code, crate::engine::Span)]);

impl Serialize for FindingsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for &(severity, code, span) in self.0 {
            seq.serialize_element(&FindingJson {
                code: code.as_str(),
                end: span.end,
                severity: severity.name(),
                start: span.start,
            })?;
        }
        seq.end()
    }
}

#[derive(Serialize)]
pub(super) struct FindingJson {
    pub(super) code: &'static str,
    pub(super) end: usize,
    pub(super) severity: &'static str,
    pub(super) start: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time search finds the first of its bytes where a byte-by-byte scan
    /// does: every length up to 40, each byte searched for (and bytes that borrow in the
    /// word arithmetic: 0x00, 0x01, 0x80, 0xFF, and the bytes one above) at every place,
    /// alone and before a second one.
    #[test]
    fn find_either_is_the_first_of_its_bytes() {
        let naive =
            |b: &[u8], x: u8, y: u8, z: u8| b.iter().position(|&c| c == x || c == y || c == z);
        let fills = [b'a', 0x00, 0x01, 0x80, 0xFF, b';', b'@', b'$', b'"'];
        let planted = [b':', b'?', b'#', 0x00, 0x3B, 0x40, 0x24];
        let mut checked = 0;
        for len in 0..=40usize {
            for &fill in &fills {
                let base = vec![fill; len];
                assert_eq!(
                    find_either(&base, b':', b'?', b'#'),
                    naive(&base, b':', b'?', b'#')
                );
                for i in 0..len {
                    for &p in &planted {
                        for j in [None, Some(i + 1), Some(len.saturating_sub(1))] {
                            let mut b = base.clone();
                            b[i] = p;
                            if let Some(j) = j.filter(|&j| j < len && j != i) {
                                b[j] = b'#';
                            }
                            for (x, y, z) in [(b':', b'?', b'#'), (b'?', b'#', b'#')] {
                                assert_eq!(find_either(&b, x, y, z), naive(&b, x, y, z), "{b:?}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    /// A record's layer part stays within what a move copies in registers (see
    /// [`NsExtra`]): it is made and moved on every URN of `check --namespaces`.
    #[test]
    fn a_record_part_is_small() {
        assert!(
            std::mem::size_of::<NsExtra<'_>>() <= 128,
            "{}",
            std::mem::size_of::<NsExtra<'_>>()
        );
        assert_eq!(
            std::mem::size_of::<Option<NsExtra<'_>>>(),
            std::mem::size_of::<NsExtra<'_>>()
        );
    }

    /// [`urn_parts`]' one pass gives what two searches of the whole line give (the first
    /// `?` or `#`, then the first `:` of the NID before it), with and without components,
    /// on lines valid or not, `:`, `?` and `#` in every order.
    #[test]
    fn urn_parts_one_pass_is_the_two_searches() {
        fn two_searches(b: &[u8], components: bool) -> Option<(usize, usize, usize)> {
            if b.len() < 4 || !b[..4].eq_ignore_ascii_case(b"urn:") {
                return None;
            }
            let end = match b.iter().position(|&c| c == b'?' || c == b'#') {
                None => b.len(),
                Some(k) if components => k,
                Some(_) => return None,
            };
            let colon = 4 + b[4..end].iter().position(|&c| c == b':')?;
            (colon > 4 && colon + 1 < end).then_some((4, colon + 1, end))
        }
        let mut lines: Vec<Vec<u8>> = [
            "", "urn", "urn:", "URN:a:b", "urx:a:b", "urn:a", "urn:a:", "urn::b", "urn:a:b",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
        // Every string of up to six of these bytes after `urn:`.
        let alphabet = b"a:?#";
        for len in 0..=6u32 {
            for k in 0..4usize.pow(len) {
                let mut line = b"urn:".to_vec();
                let mut k = k;
                for _ in 0..len {
                    line.push(alphabet[k % 4]);
                    k /= 4;
                }
                lines.push(line);
            }
        }
        let mut found = 0;
        for line in &lines {
            for components in [false, true] {
                let got = urn_parts(line, components);
                assert_eq!(
                    got,
                    two_searches(line, components),
                    "{:?} {components}",
                    String::from_utf8_lossy(line)
                );
                found += usize::from(got.is_some());
            }
        }
        assert!(found > 100, "{found}");
    }
}
