//! Host rewriting: an identifier with the host of a DNS scheme (and the domain of each
//! "mailto" address) in ACE form, nameprep'd Unicode form or Unicode display form, for the
//! normal forms and the equivalence ladder (RFC 3987 §3.1 step 2, §5.3.3).
//!
//! It parses the identifier to find its host, so it lives apart from [`crate::engine::idna`],
//! which the grammars use and which therefore imports no grammar.

use crate::engine::descriptor::grammar::GrammarEntry;
use crate::engine::idna::{
    MAX_HOST_BYTES, decode_host, has_ace_label, is_dns_scheme, needs_idna, to_ascii, to_unicode,
};
use crate::engine::tree::{NodeKind, Tree};

/// `text`, parsed by `grammar` (the spec's), with the host of a DNS scheme and the domain of each
/// "mailto" address in ACE form (RFC 3987 §3.1 step 2, §5.3.3); `None` when nothing
/// changes. Parses only text with a non-ASCII or percent-encoded character.
pub fn ace_hosts(text: &str, grammar: &GrammarEntry) -> Option<String> {
    if text.is_ascii() && !text.contains('%') {
        return None;
    }
    let (tree, _) = grammar.parse(text);
    ace_hosts_in(text, &tree)
}

/// [`ace_hosts`] for text already parsed as `tree`: the host's `ace` attribute, which the
/// grammar set, takes the host's place.
pub fn ace_hosts_in(text: &str, tree: &Tree) -> Option<String> {
    with_hosts(text, tree, Some("ace"), |d| to_ascii(d).ok())
}

/// `text`, parsed by `grammar` (the spec's), with the IDN host of a DNS scheme and of each "mailto"
/// domain validated by ToASCII and character-normalized, but kept in Unicode: RFC 3987
/// §5.3.3 says validated IDN components "SHOULD be character normalized by using the
/// Nameprep process; however, for legibility purposes, they SHOULD NOT be converted into
/// ASCII Compatible Encoding". The normalization is UTS #46's mapping (ToASCII, then
/// ToUnicode), the successor of Nameprep that the `idna` crate implements. A label the
/// input wrote in ASCII (an `xn--` label included) is left in ASCII; a host that fails
/// ToASCII is left as it is. `None` when nothing changes.
pub fn nameprep_hosts(text: &str, grammar: &GrammarEntry) -> Option<String> {
    if text.is_ascii() && !text.contains('%') {
        return None;
    }
    let (tree, _) = grammar.parse(text);
    with_hosts(text, &tree, None, nameprep)
}

/// The Unicode form of the non-ASCII labels of `host` (percent-decoded) after ToASCII, its
/// ASCII labels in their ToASCII form; see [`nameprep_hosts`].
fn nameprep(host: &str) -> Option<String> {
    if host.is_ascii() || host.len() > MAX_HOST_BYTES {
        return None;
    }
    let ace = to_ascii(host).ok()?;
    let uni = to_unicode(&ace).ok()?;
    // UTS #46 maps these three to "." too (its label separators).
    let orig: Vec<&str> = host
        .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .collect();
    let a: Vec<&str> = ace.split('.').collect();
    let u: Vec<&str> = uni.split('.').collect();
    if orig.len() != a.len() || a.len() != u.len() {
        return Some(uni);
    }
    let labels: Vec<&str> = orig
        .iter()
        .zip(a.iter().zip(&u))
        .map(|(o, (a, u))| if o.is_ascii() { *a } else { *u })
        .collect();
    Some(labels.join("."))
}

/// `text`, parsed as `tree`, with `xn--` labels of a DNS scheme's host and of "mailto"
/// domains shown in Unicode (UTS #46 ToUnicode): the display form's host. `None` when
/// nothing changes.
pub fn unicode_hosts_in(text: &str, tree: &Tree) -> Option<String> {
    with_hosts(text, tree, Some("unicode"), |d| {
        if has_ace_label(d) {
            to_unicode(d).ok()
        } else {
            None
        }
    })
}

/// Replaces the host of a DNS scheme by its attribute `attr` (which the grammar set), or,
/// with no `attr`, by `convert` of its percent-decoded text; each "mailto" domain by
/// `convert` of it.
fn with_hosts(
    text: &str,
    tree: &Tree,
    attr: Option<&str>,
    convert: impl Fn(&str) -> Option<String>,
) -> Option<String> {
    let root = tree.root();
    let scheme = root.child(NodeKind::Scheme)?.text(text);
    if !is_dns_scheme(scheme) {
        return None;
    }
    if scheme.eq_ignore_ascii_case("mailto") {
        let path = root.child(NodeKind::Path)?.span();
        let to = text.get(path.start..path.end)?;
        let mut out = String::with_capacity(text.len());
        out.push_str(text.get(..path.start)?);
        let mut changed = false;
        for (i, addr) in to.split(',').enumerate() {
            if i > 0 {
                out.push(',');
            }
            let converted = addr.rfind('@').and_then(|at| {
                let dom = &addr[at + 1..];
                if !needs_idna(dom) {
                    return None;
                }
                let new = convert(&decode_host(dom)?)?;
                (new != dom).then(|| format!("{}{new}", &addr[..=at]))
            });
            match converted {
                Some(c) => {
                    changed = true;
                    out.push_str(&c);
                }
                None => out.push_str(addr),
            }
        }
        out.push_str(text.get(path.end..)?);
        return changed.then_some(out);
    }
    let host = root.child(NodeKind::Authority)?.child(NodeKind::Host)?;
    let new = match attr {
        Some(a) => host.attr(a)?.to_string(),
        None => convert(&decode_host(host.text(text))?)?,
    };
    let s = host.span();
    Some(format!(
        "{}{new}{}",
        text.get(..s.start)?,
        text.get(s.end..)?
    ))
}
