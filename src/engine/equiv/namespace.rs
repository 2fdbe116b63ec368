//! The namespace's rungs: after the URN spec's own ladder, the lexical-equivalence steps
//! the two sides' namespace states ([`crate::engine::namespaces::Step`]), each citing its
//! document. RFC 8141 §3.1 and RFC 2141 §5 leave further equivalence to the namespace;
//! these rungs never undo the spec's own (they only rewrite the NSS).

use crate::engine::grammar;
use crate::engine::namespaces::{self, Namespace};
use crate::engine::profile::Profile;
use crate::engine::tree::Span;

use super::types::Step;

/// The namespace of `text` (parsed under `profile`) and its NSS's span, when its NSS
/// follows that namespace's syntax.
fn side(profile: Profile, text: &str, parses: &mut u64) -> Option<(&'static Namespace, Span)> {
    *parses += 1;
    let (tree, _) = grammar::parse_verdict(profile, text);
    let (nid, nss) = crate::engine::nid_and_nss(&tree)?;
    let (nid, nss) = (tree.get(nid)?.span(), tree.get(nss)?.span());
    let an = namespaces::analyze_nss_within(
        text.get(nid.start..nid.end)?,
        text.get(nss.start..nss.end)?,
        nss.start,
        namespaces::LAYER_MAX_NSS,
    );
    an.canonical.as_ref()?;
    Some((an.namespace?, nss))
}

/// The namespace's rungs for sides `a` and `b` (the URN spec's last rung's texts) under
/// `profile`: none unless both NSSs follow the syntax of one namespace that states
/// lexical-equivalence steps. Linear in the sides' lengths.
pub(super) fn steps(profile: Profile, a: &str, b: &str, parses: &mut u64) -> Vec<Step> {
    let (Some((na, sa)), Some((nb, sb))) = (side(profile, a, parses), side(profile, b, parses))
    else {
        return Vec::new();
    };
    if !std::ptr::eq(na, nb) {
        return Vec::new();
    }
    let (Some(mut nss_a), Some(mut nss_b)) = (
        a.get(sa.start..sa.end).map(str::to_string),
        b.get(sb.start..sb.end).map(str::to_string),
    ) else {
        return Vec::new();
    };
    let whole = |text: &str, s: Span, nss: &str| {
        format!(
            "{}{nss}{}",
            text.get(..s.start).unwrap_or(""),
            text.get(s.end..).unwrap_or("")
        )
    };
    na.steps
        .iter()
        .map(|st| {
            nss_a = (st.apply)(&nss_a);
            nss_b = (st.apply)(&nss_b);
            let (ta, tb) = (whole(a, sa, &nss_a), whole(b, sb, &nss_b));
            Step {
                name: st.name.to_string(),
                spec: st.spec,
                equal: ta == tb,
                a: ta,
                b: tb,
            }
        })
        .collect()
}
