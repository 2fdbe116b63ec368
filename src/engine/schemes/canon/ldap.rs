//! RFC 4516 (`ldap`) §3, "Defaults for Fields of the LDAP URL": "If no `<dn>` is given, the
//! default is the zero-length DN"; an omitted `<attributes>` requests all user attributes;
//! "If `<scope>` is omitted, a `<scope>` of "base" is assumed"; "If `<filter>` is omitted, a
//! filter of "(objectClass=*)" is assumed"; "If `<extensions>` is omitted, no extensions are
//! assumed". §4: `ldap://ldap.example.net`, `ldap://ldap.example.net/` and
//! `ldap://ldap.example.net/?` "are equivalent, assuming that the defaulting rules
//! specified in Section 3 of this document are used".

/// `ldap://hostport ["/" dn ["?" attributes ["?" scope ["?" filter ["?" extensions]]]]]`
/// with §3's defaults: the "/" of an absent DN written, a scope of `base` and a filter of
/// `(objectClass=*)` as absent, and the empty fields at the end left out.
pub fn defaults(uri: &str) -> Option<String> {
    let colon = uri.find(':')?;
    if !uri.get(..colon)?.eq_ignore_ascii_case("ldap") {
        return None;
    }
    let rest = uri.get(colon + 1..)?.strip_prefix("//")?;
    let host_len = rest.find(['/', '?']).unwrap_or(rest.len());
    let host = rest.get(..host_len)?;
    let after = rest.get(host_len..)?;
    let after = after.strip_prefix('/').unwrap_or(after);
    let mut fields: Vec<&str> = after.splitn(5, '?').collect();
    if let Some(scope) = fields.get_mut(2)
        && scope.eq_ignore_ascii_case("base")
    {
        *scope = "";
    }
    if let Some(filter) = fields.get_mut(3)
        && filter.eq_ignore_ascii_case("(objectClass=*)")
    {
        *filter = "";
    }
    while fields.len() > 1 && fields.last().is_some_and(|f| f.is_empty()) {
        fields.pop();
    }
    let s = format!("{}//{host}/{}", uri.get(..=colon)?, fields.join("?"));
    (s != uri).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::defaults;

    fn d(s: &str) -> String {
        defaults(s).unwrap_or(s.to_string())
    }

    /// §4's three equivalent URLs.
    #[test]
    fn the_three_urls_of_section_4() {
        assert_eq!(d("ldap://ldap.example.net"), "ldap://ldap.example.net/");
        assert_eq!(d("ldap://ldap.example.net/"), "ldap://ldap.example.net/");
        assert_eq!(d("ldap://ldap.example.net/?"), "ldap://ldap.example.net/");
        assert_eq!(d("ldap://h/o=x??base?(objectClass=*)"), "ldap://h/o=x");
        assert_eq!(d("ldap://h/o=x??sub"), "ldap://h/o=x??sub");
    }
}
