//! The scheme grammar files under `abnf/` (see `abnf/README.md` for their header lines):
//! one row each, `(scheme, file name, text)`. Adding a scheme's grammar is a file there and a
//! row here.

/// Every shipped scheme grammar.
pub static GRAMMARS: &[(&str, &str, &str)] = &[
    ("acct", "acct.abnf", include_str!("abnf/acct.abnf")),
    ("cid", "cid.abnf", include_str!("abnf/cid.abnf")),
    ("coap", "coap.abnf", include_str!("abnf/coap.abnf")),
    ("coaps", "coaps.abnf", include_str!("abnf/coaps.abnf")),
    ("data", "data.abnf", include_str!("abnf/data.abnf")),
    ("did", "did.abnf", include_str!("abnf/did.abnf")),
    ("dns", "dns.abnf", include_str!("abnf/dns.abnf")),
    ("file", "file.abnf", include_str!("abnf/file.abnf")),
    ("geo", "geo.abnf", include_str!("abnf/geo.abnf")),
    ("http", "http.abnf", include_str!("abnf/http.abnf")),
    ("https", "https.abnf", include_str!("abnf/https.abnf")),
    ("ldap", "ldap.abnf", include_str!("abnf/ldap.abnf")),
    ("mailto", "mailto.abnf", include_str!("abnf/mailto.abnf")),
    ("mid", "mid.abnf", include_str!("abnf/mid.abnf")),
    ("ni", "ni.abnf", include_str!("abnf/ni.abnf")),
    ("nih", "nih.abnf", include_str!("abnf/nih.abnf")),
    ("pkg", "pkg.abnf", include_str!("abnf/pkg.abnf")),
    ("sip", "sip.abnf", include_str!("abnf/sip.abnf")),
    ("sips", "sips.abnf", include_str!("abnf/sips.abnf")),
    ("tag", "tag.abnf", include_str!("abnf/tag.abnf")),
    ("tel", "tel.abnf", include_str!("abnf/tel.abnf")),
    ("ws", "ws.abnf", include_str!("abnf/ws.abnf")),
    ("wss", "wss.abnf", include_str!("abnf/wss.abnf")),
    ("xmpp", "xmpp.abnf", include_str!("abnf/xmpp.abnf")),
];
