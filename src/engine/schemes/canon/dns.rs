//! RFC 4501 (`dns`) §3: "Strings are not case sensitive"; "relative "dnsname" values
//! (i.e., those not ending with ".") are assumed to be relative to the root", so
//! `dns:host.example` and `dns:host.example.` "both refer to the same owner name", and an
//! empty name "refers to the root (".")"; "Unless specified in the URI, ... the class
//! ("dnsclassval") [is assumed] to be the Internet class ("IN"), and the type
//! ("dnstypeval") to be the Address type ("A")", and the query's "fields may occur in any
//! order". §4's example: `dns:www.example.org.?clAsS=IN;tYpE=A` and `dns:www.example.org`
//! identify the same resource.

/// `dns:` [ "//" dnsauthority "/" ] dnsname [ "?" dnsquery ], and what follows a "#".
fn split(uri: &str) -> Option<(&str, &str, Option<&str>, &str)> {
    let colon = uri.find(':')?;
    if !uri.get(..colon)?.eq_ignore_ascii_case("dns") {
        return None;
    }
    let rest = uri.get(colon + 1..)?;
    let (rest, tail) = match rest.find('#') {
        Some(h) => (rest.get(..h)?, rest.get(h..)?),
        None => (rest, ""),
    };
    let (auth_len, rest) = match rest.strip_prefix("//") {
        Some(r) => {
            let slash = r.find('/')?;
            (2 + slash + 1, r.get(slash + 1..)?)
        }
        None => (0, rest),
    };
    let auth = uri.get(colon + 1..colon + 1 + auth_len)?;
    let (name, query) = match rest.split_once('?') {
        Some((n, q)) => (n, Some(q)),
        None => (rest, None),
    };
    Some((auth, name, query, tail))
}

fn join(auth: &str, name: &str, query: Option<&str>, tail: &str) -> String {
    let mut out = format!("dns:{auth}{name}");
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out.push_str(tail);
    out
}

/// §3: "Strings are not case sensitive": the whole URI in lower case (escapes' hex digits
/// in upper case, RFC 3986 §6.2.2.1).
pub fn fold_case(uri: &str) -> Option<String> {
    split(uri)?;
    let s = super::lower_keep_pct(uri);
    (s != uri).then_some(s)
}

/// §3: a relative name is relative to the root: written absolute, with its final ".";
/// an empty name is the root, ".". A name whose last "." is escaped (`%5c.`, RFC 1035
/// §5.1's `\.` inside a label) is still relative.
pub fn absolute_name(uri: &str) -> Option<String> {
    let (auth, name, query, tail) = split(uri)?;
    let b = name.as_bytes();
    let escaped_dot = b.len() >= 4 && b[b.len() - 4..].eq_ignore_ascii_case(b"%5c.");
    if name.ends_with('.') && !escaped_dot {
        return None;
    }
    Some(join(auth, &format!("{name}."), query, tail))
}

/// §3: the defaults `CLASS=IN` and `TYPE=A` left out, the other fields in name order ("the
/// fields may occur in any order"); the "?" dropped with an empty query.
pub fn default_query(uri: &str) -> Option<String> {
    let (auth, name, query, tail) = split(uri)?;
    let q = query?;
    let mut kept: Vec<&str> = q
        .split(';')
        .filter(|f| !f.eq_ignore_ascii_case("class=in") && !f.eq_ignore_ascii_case("type=a"))
        .collect();
    kept.sort_by_key(|f| f.to_ascii_lowercase());
    let q = kept.join(";");
    let s = join(auth, name, (!q.is_empty()).then_some(q.as_str()), tail);
    (s != uri).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(s: &str) -> String {
        let s = fold_case(s).unwrap_or(s.to_string());
        let s = absolute_name(&s).unwrap_or(s);
        default_query(&s).unwrap_or(s)
    }

    /// §3's and §4's examples.
    #[test]
    fn the_rfcs_examples() {
        assert_eq!(all("dns:host.example"), all("dns:host.example."));
        assert_eq!(
            all("dns:www.example.org.?clAsS=IN;tYpE=A"),
            all("dns:www.example.org")
        );
        assert_eq!(all("dns:www.example.org"), "dns:www.example.org.");
        assert_eq!(all("dns:"), "dns:.");
        assert_ne!(all("dns:a?type=CERT"), all("dns:a"));
        assert_eq!(
            all("dns://192.168.1.1/ftp.example.org?type=A"),
            "dns://192.168.1.1/ftp.example.org."
        );
        assert_eq!(all("dns:exa%5c."), "dns:exa%5C..");
    }
}
