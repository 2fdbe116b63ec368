//! RFC 8089 (`file`) §2: "the "file-auth" rule can match the string "localhost" that is
//! interpreted as "the machine from which the URI is being interpreted," exactly as if no
//! authority were present".

/// `file://localhost/...` written as `file:///...` (the host compared case-insensitively,
/// as RFC 3986 §3.2.2 compares a reg-name).
pub fn localhost_as_no_authority(uri: &str) -> Option<String> {
    let colon = uri.find(':')?;
    if !uri.get(..colon)?.eq_ignore_ascii_case("file") {
        return None;
    }
    let rest = uri.get(colon + 1..)?.strip_prefix("//")?;
    let host_len = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if !rest.get(..host_len)?.eq_ignore_ascii_case("localhost") {
        return None;
    }
    Some(format!("file://{}", rest.get(host_len..)?))
}

#[cfg(test)]
mod tests {
    #[test]
    fn localhost_is_no_authority() {
        assert_eq!(
            super::localhost_as_no_authority("file://LocalHost/path/to/file").as_deref(),
            Some("file:///path/to/file")
        );
        assert_eq!(super::localhost_as_no_authority("file:///path"), None);
        assert_eq!(super::localhost_as_no_authority("file://host/path"), None);
        assert_eq!(
            super::localhost_as_no_authority("file://localhost.x/p"),
            None
        );
    }
}
