//! RFC 3966 (`tel`): the rules of §4 (URI comparisons) and §5.1.1 (visual separators).

/// The URI split at its scheme's colon: `tel:`, the number and parameters, and what
/// follows (a query or fragment, kept as it is).
fn split(uri: &str) -> Option<(&str, &str, &str)> {
    let colon = uri.find(':')?;
    if !uri.get(..colon)?.eq_ignore_ascii_case("tel") {
        return None;
    }
    let body = uri.get(colon + 1..)?;
    let end = body.find(['?', '#']).unwrap_or(body.len());
    Some((uri.get(..=colon)?, body.get(..end)?, body.get(end..)?))
}

/// RFC 3966 §5.1.1: the visual separators `-`, `.`, `(` and `)` carry no meaning; §4:
/// numbers, and a `phone-context` that is a global number, are compared after removing
/// them.
pub fn drop_visual_separators(uri: &str) -> Option<String> {
    let (head, body, tail) = split(uri)?;
    let strip = |s: &str| -> String { s.chars().filter(|c| !"-.()".contains(*c)).collect() };
    let mut parts = body.split(';');
    let number = parts.next()?;
    let mut out = format!("{head}{}", strip(number));
    for p in parts {
        out.push(';');
        match p.split_once('=') {
            Some((n, v)) if n.eq_ignore_ascii_case("phone-context") && v.starts_with('+') => {
                out.push_str(n);
                out.push('=');
                out.push_str(&strip(v));
            }
            _ => out.push_str(p),
        }
    }
    out.push_str(tail);
    (out != uri).then_some(out)
}

/// RFC 3966 §4: "URI comparisons are case-insensitive", and parameters are compared by
/// name "regardless of the order they appeared in the URI": folded to lower case
/// (percent-encodings kept in upper case, RFC 3986 §6.2.2.1) and sorted by name.
pub fn fold_case_and_order(uri: &str) -> Option<String> {
    let (head, body, tail) = split(uri)?;
    let body = super::lower_keep_pct(body);
    let mut parts = body.split(';');
    let number = parts.next()?;
    let mut params: Vec<&str> = parts.collect();
    params.sort_by_key(|p| p.split('=').next().unwrap_or(""));
    let mut out = format!("{}{number}", head.to_ascii_lowercase());
    for p in params {
        out.push(';');
        out.push_str(p);
    }
    out.push_str(tail);
    (out != uri).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3966 §4's point, as issue examples put it: `tel:+1-201-555-0123` and
    /// `tel:+12015550123` are the same number.
    #[test]
    fn separators_go() {
        assert_eq!(
            drop_visual_separators("tel:+1-201-555-0123").as_deref(),
            Some("tel:+12015550123")
        );
        assert_eq!(drop_visual_separators("tel:+12015550123"), None);
        assert_eq!(
            drop_visual_separators("tel:7042;phone-context=+1-201").as_deref(),
            Some("tel:7042;phone-context=+1201")
        );
        assert_eq!(
            drop_visual_separators("tel:7042;phone-context=a-b.example.com"),
            None
        );
    }

    #[test]
    fn case_and_order() {
        assert_eq!(
            fold_case_and_order("tel:+1201;Phone-Context=X;ext=1%2a").as_deref(),
            Some("tel:+1201;ext=1%2A;phone-context=x")
        );
    }
}
