//! Inputs shared by the keystroke bench and the linear-cost probe, so both measure the same
//! identifier.

/// A realistic URI of exactly `len` bytes (`len >= 100`): authority with userinfo and port,
/// percent-encoded path segments, a query and a fragment.
pub fn uri_of_len(len: usize) -> String {
    let head = "https://user@www.example.com:8080";
    let tail = "?q=r%C3%A9sum%C3%A9&lang=en#sec-2";
    let mut s = String::from(head);
    let mut i = 0;
    while s.len() + tail.len() < len {
        let seg = ["/docs", "/caf%C3%A9", "/a-b_c", "/v1.2", "/~user", "/x%20y"][i % 6];
        s.push_str(seg);
        i += 1;
    }
    s.truncate(len - tail.len());
    // Never end on a cut percent-encoding (everything here is ASCII).
    let n = s.len();
    let mut bytes = s.into_bytes();
    for b in &mut bytes[n - 2..] {
        if *b == b'%' {
            *b = b'z';
        }
    }
    let mut s = String::from_utf8(bytes).unwrap_or_default();
    s.push_str(tail);
    s
}
