//! Path algorithms that the grammars, the normal forms and reference resolution share:
//! cutting a path into segments (RFC 3986 §3.3, or XRI Syntax 2.0 §2.4.1 where a
//! cross-reference is opaque) and `remove_dot_segments` (RFC 3986 §5.2.4). They sit below
//! all three so that none imports another for them.

/// How a path is cut into segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PathSyntax {
    /// RFC 3986 / RFC 3987: every "/" is a delimiter.
    #[default]
    Generic,
    /// XRI Syntax 2.0 §2.4.1: cross-references are opaque, so only a "/" at parenthesis depth
    /// 0 is a delimiter; an XRI with an authority but no `xri://` is written without "//".
    Xri,
}

/// Index of the next "/" delimiter at or after `from` (or `b.len()`): for XRI, only one at
/// parenthesis depth 0 counts (§2.4.1: cross-references are opaque).
pub fn next_delim(b: &[u8], from: usize, syntax: PathSyntax) -> usize {
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'/' if depth == 0 => return i,
            b'(' if syntax == PathSyntax::Xri => depth += 1,
            b')' if syntax == PathSyntax::Xri => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// Index of the last "/" delimiter of `b` (depth 0 for XRI), in one forward pass.
pub fn last_delim(b: &[u8], syntax: PathSyntax) -> Option<usize> {
    let mut last = None;
    let mut i = 0;
    while i < b.len() {
        let j = next_delim(b, i, syntax);
        if j < b.len() {
            last = Some(j);
        }
        i = j + 1;
    }
    last
}

/// `remove_dot_segments` (RFC 3986 §5.2.4). Linear time: the output keeps the start of each
/// segment it received, so "remove the last segment" is a truncation.
pub fn remove_dot_segments(path: &str) -> String {
    remove_dot_segments_with(path, PathSyntax::Generic)
}

/// [`remove_dot_segments`] with the segment rules of `syntax` (for XRI, a "/" inside a
/// cross-reference is not a delimiter, so a cross-reference is never split).
pub fn remove_dot_segments_with(path: &str, syntax: PathSyntax) -> String {
    let b = path.as_bytes();
    let n = b.len();
    let mut out = String::with_capacity(n);
    let mut starts: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < n {
        let rest = &b[i..];
        if rest.starts_with(b"../") {
            i += 3; // A
        } else if rest.starts_with(b"./") || rest.starts_with(b"/./") {
            i += 2; // A, B
        } else if rest == b"/." {
            out.push('/'); // B: "/." at the end becomes "/"
            break;
        } else if rest.starts_with(b"/../") {
            i += 3; // C
            if let Some(s) = starts.pop() {
                out.truncate(s);
            }
        } else if rest == b"/.." {
            if let Some(s) = starts.pop() {
                out.truncate(s); // C: "/.." at the end becomes "/"
            }
            out.push('/');
            break;
        } else if rest == b"." || rest == b".." {
            break; // D
        } else {
            // E: move the first segment, with its leading "/", to the output.
            let from = if b[i] == b'/' { i + 1 } else { i };
            let j = next_delim(b, from, syntax);
            starts.push(out.len());
            out.push_str(path.get(i..j).unwrap_or(""));
            i = j;
        }
    }
    out
}
