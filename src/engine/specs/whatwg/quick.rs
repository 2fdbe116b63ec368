//! The URL Standard's quick recognizer for batch checking (a descriptor's
//! [`quick`](crate::engine::descriptor::Descriptor::quick); the others are in
//! [`crate::engine::quick`]).

use crate::engine::descriptor::Quick;

/// The URL Standard's basic URL parser, run without a tree: exact (the parse fails or it
/// does not, and a failure names its validation error), since the standard's verdict is
/// the state machine's. Input that is not UTF-8 is left to the full parse.
pub fn whatwg(b: &[u8]) -> Quick {
    let Ok(s) = std::str::from_utf8(b) else {
        return Quick::Unknown;
    };
    if whatwg_plain(b) {
        return Quick::Valid;
    }
    match super::verdict(s) {
        Ok(()) => Quick::Valid,
        Err(code) => Quick::Invalid(code.as_str()),
    }
}

/// The common shape the basic URL parser cannot fail on, seen without running it: a
/// lower-case special scheme with a host (`http`, `https`, `ws`, `wss`, `ftp`, then `://`),
/// no credentials, an ASCII host of letters, digits, `-` and `.` that is no IPv4 address
/// (its last label does not end in a number) and holds no `xn--` label (the domain parser
/// keeps such an ASCII domain, lower-cased, and ToASCII cannot fail it otherwise), an
/// optional port of at most 65535, then anything: the path, query and fragment states
/// never fail. Sound by construction (`true` only where the parse succeeds); anything
/// else goes to the parser.
fn whatwg_plain(b: &[u8]) -> bool {
    let rest = [&b"https://"[..], b"http://", b"wss://", b"ws://", b"ftp://"]
        .iter()
        .find_map(|p| b.strip_prefix(*p));
    let Some(rest) = rest else {
        return false;
    };
    let end = rest
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    // A trailing C0 control or space would be stripped: leave those to the parser.
    if rest.last().is_some_and(|&c| c <= b' ') {
        return false;
    }
    let authority = &rest[..end];
    let (host, port) = match authority.iter().position(|&c| c == b':') {
        Some(i) => (&authority[..i], Some(&authority[i + 1..])),
        None => (authority, None),
    };
    if host.is_empty()
        || !host
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.'))
    {
        return false;
    }
    if host
        .split(|&c| c == b'.')
        .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case(b"xn--"))
    {
        return false;
    }
    // Ends in a number (URL Standard §3.5): the last label, or the one before an empty
    // last label, all digits or "0x"/"0X" and hex digits. Conservatively, a last label
    // that starts with a digit is left to the parser.
    let mut labels = host.split(|&c| c == b'.').rev();
    let last = match labels.next() {
        Some([]) => labels.next().unwrap_or(&[]),
        Some(l) => l,
        None => &[],
    };
    if last.first().is_none_or(|c| c.is_ascii_digit()) {
        return false;
    }
    match port {
        None => true,
        Some(p) => {
            p.len() <= 5
                && p.iter().all(u8::is_ascii_digit)
                && p.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0')) <= 65535
        }
    }
}
