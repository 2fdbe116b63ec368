//! The namespace's rungs: after the URN spec's own ladder, the lexical-equivalence steps
//! the two sides' namespace states ([`crate::engine::namespaces::Step`]), each citing its
//! document. RFC 8141 §3.1 and RFC 2141 §5 leave further equivalence to the namespace;
//! these rungs never undo the spec's own (they only rewrite the NSS).

use crate::engine::codes::Code;
use crate::engine::namespaces::{self, Namespace};
use crate::engine::specs;
use crate::engine::specs::Profile;
use crate::engine::tree::Span;

use super::types::Step;

/// One side as the namespace's rungs see it: its namespace, its NSS's span, and whether a
/// check (a check digit) of the namespace fails on it.
struct NsSide {
    namespace: &'static Namespace,
    nss: Span,
    check_fails: bool,
}

/// The namespace of `text` (parsed under `profile`) and its NSS's span, when its NSS
/// follows that namespace's syntax (its check digits right or wrong).
fn side(profile: Profile, text: &str, parses: &mut u64) -> Option<NsSide> {
    *parses += 1;
    let (tree, _) = specs::parse_verdict(profile, text);
    let (nid, nss) = crate::engine::nid_and_nss(&tree)?;
    let (nid, nss) = (tree.get(nid)?.span(), tree.get(nss)?.span());
    let an = namespaces::analyze_nss_within(
        text.get(nid.start..nid.end)?,
        text.get(nss.start..nss.end)?,
        nss.start,
        namespaces::LAYER_MAX_NSS,
    );
    let check_fails = an
        .diagnostics
        .iter()
        .any(|d| d.code == Code::NamespaceCheckDigit);
    if an.canonical.is_none() && !check_fails {
        return None;
    }
    Some(NsSide {
        namespace: an.namespace?,
        nss,
        check_fails,
    })
}

/// The namespace's rungs for sides `a` and `b` (the URN spec's last rung's texts) under
/// `profile`: none unless both NSSs follow the syntax of one namespace that states
/// lexical-equivalence steps. When a check digit of either side is wrong, no step applies
/// to either side (a step such as ISBN-10 to ISBN-13 recomputes the check digit, and would
/// equate a wrong identifier with the corrected one): each rung then keeps both sides as
/// they are and says why in its name. Linear in the sides' lengths.
pub(super) fn steps(profile: Profile, a: &str, b: &str, parses: &mut u64) -> Vec<Step> {
    let (Some(sa), Some(sb)) = (side(profile, a, parses), side(profile, b, parses)) else {
        return Vec::new();
    };
    if !std::ptr::eq(sa.namespace, sb.namespace) {
        return Vec::new();
    }
    let (Some(mut nss_a), Some(mut nss_b)) = (
        a.get(sa.nss.start..sa.nss.end).map(str::to_string),
        b.get(sb.nss.start..sb.nss.end).map(str::to_string),
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
    let refused = match (sa.check_fails, sb.check_fails) {
        (false, false) => None,
        (true, false) => Some("A's check digit is wrong"),
        (false, true) => Some("B's check digit is wrong"),
        (true, true) => Some("both check digits are wrong"),
    };
    sa.namespace
        .steps
        .iter()
        .map(|st| {
            let name = match refused {
                None => {
                    nss_a = (st.apply)(&nss_a);
                    nss_b = (st.apply)(&nss_b);
                    st.name.to_string()
                }
                Some(why) => format!("{}: not applied, {why} (namespace-check-digit)", st.name),
            };
            let (ta, tb) = (whole(a, sa.nss, &nss_a), whole(b, sb.nss, &nss_b));
            Step {
                name,
                spec: st.spec,
                equal: ta == tb,
                a: ta,
                b: tb,
            }
        })
        .collect()
}

/// One side alone through its namespace's rungs, as [`steps`] rewrites it when the other
/// side is of the same namespace: the text after them and the namespace's name; `None`
/// when the side gets no rung (no namespace steps, an NSS its namespace rejects, or a
/// wrong check digit). For the equivalence key.
pub(super) fn one_side(profile: Profile, text: &str) -> Option<(String, &'static str)> {
    let s = side(profile, text, &mut 0)?;
    if s.check_fails || s.namespace.steps.is_empty() {
        return None;
    }
    let mut nss = text.get(s.nss.start..s.nss.end)?.to_string();
    for st in s.namespace.steps {
        nss = (st.apply)(&nss);
    }
    Some((
        format!(
            "{}{nss}{}",
            text.get(..s.nss.start)?,
            text.get(s.nss.end..)?
        ),
        s.namespace.name,
    ))
}
