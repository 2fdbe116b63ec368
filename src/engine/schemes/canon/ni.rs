//! RFC 6920 (`ni`, `nih`). §2: "When comparing two names of the form defined here, an
//! implementation MUST only consider the digest algorithm and the digest value, i.e., it
//! MUST NOT consider other fields defined below (such as an authority field from a URI or
//! any parameters)". §7 (`nih`): "the alg field MAY contain the ID value as an
//! ASCII-encoded decimal number instead of the hash name string (for example, "3" instead
//! of "sha-256-120")", with the suite IDs of §9.4's Figure 11; "Separators ("-"
//! characters) MAY be interspersed in the hash value in any way".

/// §9.4, Figure 11: the suite IDs and their hash name strings.
const SUITES: &[(&str, &str)] = &[
    ("1", "sha-256"),
    ("2", "sha-256-128"),
    ("3", "sha-256-120"),
    ("4", "sha-256-96"),
    ("5", "sha-256-64"),
    ("6", "sha-256-32"),
];

/// §2, `ni`: only the algorithm and the value: `ni:///alg;val` (no authority, no
/// parameters).
pub fn digest_only(uri: &str) -> Option<String> {
    let colon = uri.find(':')?;
    if !uri.get(..colon)?.eq_ignore_ascii_case("ni") {
        return None;
    }
    let rest = uri.get(colon + 1..)?.strip_prefix("//")?;
    let slash = rest.find('/')?;
    let path = rest.get(slash + 1..)?;
    let end = path.find(['?', '#']).unwrap_or(path.len());
    let s = format!("ni:///{}", path.get(..end)?);
    (s != uri).then_some(s)
}

/// The `nih` URI's fields: `nih:` alg ";" sepval [ ";" checkdigit ].
fn nih_fields(uri: &str) -> Option<Vec<&str>> {
    let colon = uri.find(':')?;
    if !uri.get(..colon)?.eq_ignore_ascii_case("nih") {
        return None;
    }
    Some(uri.get(colon + 1..)?.split(';').collect())
}

/// §7, `nih`: a suite ID written as its hash name string.
pub fn suite_name(uri: &str) -> Option<String> {
    let mut f = nih_fields(uri)?;
    let alg = f.first_mut()?;
    *alg = SUITES.iter().find(|(id, _)| id == alg)?.1;
    Some(format!("nih:{}", f.join(";")))
}

/// §7, `nih`: the "-" separators of the hash value left out.
pub fn drop_separators(uri: &str) -> Option<String> {
    let mut f: Vec<String> = nih_fields(uri)?.into_iter().map(str::to_string).collect();
    let v = f.get_mut(1)?;
    if !v.contains('-') {
        return None;
    }
    v.retain(|c| c != '-');
    Some(format!("nih:{}", f.join(";")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ni_compares_the_digest_only() {
        assert_eq!(
            digest_only("ni://example.com/sha-256;f4Ox?ct=text/plain").as_deref(),
            Some("ni:///sha-256;f4Ox")
        );
        assert_eq!(digest_only("ni:///sha-256;f4Ox"), None);
    }

    /// §8.2's two names of one key.
    #[test]
    fn nih_suite_ids_and_separators() {
        let one = |s: &str| {
            let s = suite_name(s).unwrap_or(s.to_string());
            drop_separators(&s).unwrap_or(s)
        };
        assert_eq!(
            one("nih:sha-256-120;5326-9057-e12f-e2b7-4ba0-7c89-2560-a2;f"),
            one("nih:3;532690-57e12f-e2b74b-a07c89-2560a2;f")
        );
        assert_eq!(suite_name("nih:9;ab"), None);
    }
}
