//! RFC 2397 (`data`): its `mediatype` is RFC 2045's `type "/" subtype *( ";" parameter )`,
//! and RFC 2045 §5.1 says "The type, subtype, and parameter names are not case sensitive"
//! ("matching of media type and subtype ... is ALWAYS case-insensitive"). Parameter values
//! are left as written (their case rules are each parameter's own).

/// The media type, subtype and parameter names (and `;base64`, an ABNF literal, RFC 5234
/// §2.3) in lower case; `None` when nothing changes or the URI is not a `data:` URI.
pub fn fold_media_type(uri: &str) -> Option<String> {
    let colon = uri.find(':')?;
    if !uri.get(..colon)?.eq_ignore_ascii_case("data") {
        return None;
    }
    let body = uri.get(colon + 1..)?;
    let comma = body.find(',')?;
    let head = body.get(..comma)?;
    let mut out = String::with_capacity(uri.len());
    out.push_str("data:");
    for (i, piece) in head.split(';').enumerate() {
        if i > 0 {
            out.push(';');
        }
        match piece.split_once('=') {
            Some((name, value)) if i > 0 => {
                out.push_str(&name.to_ascii_lowercase());
                out.push('=');
                out.push_str(value);
            }
            _ => out.push_str(&piece.to_ascii_lowercase()),
        }
    }
    out.push_str(body.get(comma..)?);
    (out != uri).then_some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn type_subtype_and_names_fold_values_stay() {
        assert_eq!(
            super::fold_media_type("data:TEXT/Plain;CHARSET=US-ASCII,x").as_deref(),
            Some("data:text/plain;charset=US-ASCII,x")
        );
        assert_eq!(
            super::fold_media_type("data:;BASE64,QUJD").as_deref(),
            Some("data:;base64,QUJD")
        );
        assert_eq!(super::fold_media_type("data:,A%20B"), None);
    }
}
