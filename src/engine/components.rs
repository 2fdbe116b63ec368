//! The flat components of an analysis: which node of the tree is the scheme, the host, the
//! NSS, the XRI authority and so on, for faces that want a record rather than a tree
//! (`"components"` in the command line's JSON).

use super::{Analysis, NodeKind};

/// Each component's text, `None` where the input has no such component (`Some("")` where
/// it has an empty one, as `http://a/?` has an empty query). Only the identifier's own
/// components: what lies inside a cross-reference is not one of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Components<'a> {
    /// The scheme (`urn` for a URN, `xri` for an XRI written with `xri://`).
    pub scheme: Option<&'a str>,
    /// A URI's or IRI's userinfo.
    pub userinfo: Option<&'a str>,
    /// A URI's or IRI's host.
    pub host: Option<&'a str>,
    /// A URI's or IRI's port.
    pub port: Option<&'a str>,
    /// The path (a URI's, an IRI's or an XRI's).
    pub path: Option<&'a str>,
    /// The query.
    pub query: Option<&'a str>,
    /// The fragment.
    pub fragment: Option<&'a str>,
    /// A URN's namespace identifier.
    pub nid: Option<&'a str>,
    /// A URN's namespace-specific string.
    pub nss: Option<&'a str>,
    /// A URN's r-component (RFC 8141 §2.3.1).
    pub r_component: Option<&'a str>,
    /// A URN's q-component (RFC 8141 §2.3.2).
    pub q_component: Option<&'a str>,
    /// A URN's f-component (RFC 8141 §2.3.3).
    pub f_component: Option<&'a str>,
    /// An XRI's authority (XRI Syntax 2.0 §2.2.1).
    pub xri_authority: Option<&'a str>,
}

impl<'a> Components<'a> {
    /// The names of the components, in their order: the keys of `"components"` in the
    /// command line's JSON, the fields of the Arrow kernels' struct.
    pub const NAMES: [&'static str; 13] = [
        "scheme",
        "userinfo",
        "host",
        "port",
        "path",
        "query",
        "fragment",
        "nid",
        "nss",
        "r_component",
        "q_component",
        "f_component",
        "xri_authority",
    ];

    /// Each component's value, in [`Components::NAMES`]' order.
    pub fn values(&self) -> [Option<&'a str>; 13] {
        [
            self.scheme,
            self.userinfo,
            self.host,
            self.port,
            self.path,
            self.query,
            self.fragment,
            self.nid,
            self.nss,
            self.r_component,
            self.q_component,
            self.f_component,
            self.xri_authority,
        ]
    }
}

impl Analysis {
    /// The flat components, taken from the kinds of the tree's nodes: the root's children,
    /// and the children of its authority, assigned name and r/q-components. Bounded work:
    /// nested cross-references are never entered.
    pub fn components(&self) -> Components<'_> {
        let input = self.input.as_str();
        let root = self.tree.root();
        let xri = matches!(root.kind(), NodeKind::Xri | NodeKind::RelativeXri);
        let mut c = Components::default();
        for top in root.children() {
            let groups = matches!(top.kind(), NodeKind::AssignedName | NodeKind::RqComponents)
                || (top.kind() == NodeKind::Authority && !xri);
            let nodes =
                std::iter::once(top).chain(groups.then(|| top.children()).into_iter().flatten());
            for n in nodes {
                let text = n.text(input);
                let slot = match n.kind() {
                    NodeKind::Scheme => &mut c.scheme,
                    NodeKind::Authority if xri => &mut c.xri_authority,
                    NodeKind::Userinfo => &mut c.userinfo,
                    NodeKind::Host => &mut c.host,
                    NodeKind::Port => &mut c.port,
                    NodeKind::Path => &mut c.path,
                    NodeKind::Query => &mut c.query,
                    NodeKind::Fragment => &mut c.fragment,
                    NodeKind::Nid => &mut c.nid,
                    NodeKind::Nss => &mut c.nss,
                    NodeKind::RComponent => &mut c.r_component,
                    NodeKind::QComponent => &mut c.q_component,
                    NodeKind::FComponent => &mut c.f_component,
                    _ => continue,
                };
                if slot.is_none() {
                    *slot = Some(text);
                }
            }
        }
        c
    }
}
