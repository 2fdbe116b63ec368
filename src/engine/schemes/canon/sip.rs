//! RFC 3261 §19.1.4 (`sip`, `sips`): the rules by which two SIP or SIPS URIs are compared,
//! each a rung of the ladder. Transcribed from the section:
//!
//! - "A SIP and SIPS URI are never equivalent": the ladder climbs a scheme's steps only
//!   for two sides of one scheme.
//! - "Comparison of the userinfo of SIP and SIPS URIs is case-sensitive ... Comparison of
//!   all other components of the URI is case-insensitive unless explicitly defined
//!   otherwise": [`fold_case`] (the userinfo kept as written; of the headers only the
//!   names fold, since "the matching rules are defined for each header field in Section
//!   20", and RFC 3261 §7.3.1 makes field names case-insensitive).
//! - "The ordering of parameters and header fields is not significant": [`order`].
//! - "Characters other than those in the "reserved" set (see RFC 2396) are equivalent to
//!   their "%" HEX HEX encoding": [`decode_unreserved`].
//! - "An IP address that is the result of a DNS lookup of a host name does not match that
//!   host name", "the user, password, host, and port components must match", "A URI
//!   omitting any component with a default value will not match a URI explicitly
//!   containing that component with its default value" (no default port is dropped:
//!   `catalogue::DEFAULT_PORTS` has no `sip` row): nothing is rewritten for these.
//! - uri-parameters: "Any uri-parameter appearing in both URIs must match"; "A user, ttl,
//!   or method uri-parameter appearing in only one URI never matches"; "A URI that
//!   includes an maddr parameter will not match a URI that contains no maddr parameter";
//!   "All other uri-parameters appearing in only one URI are ignored":
//!   [`drop_one_sided_params`], a step on both sides at once (the relation is not
//!   transitive, so no normal form of one URI can say it). `transport` is kept too: "The
//!   same is true for the transport-parameter, ttl-parameter, user-parameter, and method
//!   components" (a default value written out does not match its absence).
//! - "URI header components are never ignored": headers are kept.

/// A SIP or SIPS URI in its parts: the scheme with its ":", the userinfo with its "@"
/// (empty when there is none), the hostport, the uri-parameters (each without its ";"),
/// and the headers (each `hname=hvalue`, without "?" or "&"; `None` when there is no "?").
struct Parts<'a> {
    scheme: &'a str,
    userinfo: &'a str,
    hostport: &'a str,
    params: Vec<&'a str>,
    headers: Option<Vec<&'a str>>,
}

/// Splits a `sip:` or `sips:` URI (RFC 3261 §25.1: `sip:` [ userinfo "@" ] hostport
/// uri-parameters [ headers ]). A user may hold ";" and "?" (`user-unreserved`) but never
/// "@", and nothing after the userinfo holds "@": the first "@" ends the userinfo.
fn split(uri: &str) -> Option<Parts<'_>> {
    let colon = uri.find(':')?;
    let scheme = uri.get(..colon)?;
    if !(scheme.eq_ignore_ascii_case("sip") || scheme.eq_ignore_ascii_case("sips")) {
        return None;
    }
    let rest = uri.get(colon + 1..)?;
    let (userinfo, rest) = match rest.find('@') {
        Some(at) => (rest.get(..=at)?, rest.get(at + 1..)?),
        None => ("", rest),
    };
    let (before, headers) = match rest.split_once('?') {
        Some((b, h)) => (b, Some(h.split('&').collect())),
        None => (rest, None),
    };
    let mut pieces = before.split(';');
    let hostport = pieces.next()?;
    Some(Parts {
        scheme: uri.get(..=colon)?,
        userinfo,
        hostport,
        params: pieces.collect(),
        headers,
    })
}

impl Parts<'_> {
    fn join(&self, params: &[String], headers: Option<&[String]>) -> String {
        let mut out = String::with_capacity(64);
        out.push_str(&self.scheme.to_ascii_lowercase());
        out.push_str(self.userinfo);
        out.push_str(self.hostport);
        for p in params {
            out.push(';');
            out.push_str(p);
        }
        if let Some(h) = headers {
            out.push('?');
            out.push_str(&h.join("&"));
        }
        out
    }
    fn params(&self) -> Vec<String> {
        self.params.iter().map(|p| (*p).to_string()).collect()
    }
    fn headers(&self) -> Option<Vec<String>> {
        self.headers
            .as_ref()
            .map(|h| h.iter().map(|x| (*x).to_string()).collect())
    }
}

/// RFC 2396 §2.3's unreserved characters: `alphanum | mark`.
fn unreserved_2396(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b)
}

/// "Characters other than those in the "reserved" set (see RFC 2396) are equivalent to
/// their "%" HEX HEX encoding": an escape of an RFC 2396 unreserved character decoded; any
/// other escape kept, its hex digits in upper case (a character that is neither reserved
/// nor unreserved cannot stand unescaped, so its escape is its one form).
pub fn decode_unreserved(uri: &str) -> Option<String> {
    split(uri)?;
    let b = uri.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && let (Some(&h), Some(&l)) = (b.get(i + 1), b.get(i + 2))
            && h.is_ascii_hexdigit()
            && l.is_ascii_hexdigit()
        {
            let v = hex(h) * 16 + hex(l);
            if unreserved_2396(v) {
                out.push(v);
            } else {
                out.extend([b'%', h.to_ascii_uppercase(), l.to_ascii_uppercase()]);
            }
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    let s = String::from_utf8(out).ok()?;
    (s != uri).then_some(s)
}

fn hex(d: u8) -> u8 {
    match d {
        b'0'..=b'9' => d - b'0',
        b'a'..=b'f' => d - b'a' + 10,
        b'A'..=b'F' => d - b'A' + 10,
        _ => 0,
    }
}

/// "Comparison of the userinfo ... is case-sensitive ... all other components ...
/// case-insensitive": the scheme, the hostport and the uri-parameters (names and values)
/// in lower case, and the header names; the userinfo and the header values as written.
pub fn fold_case(uri: &str) -> Option<String> {
    let p = split(uri)?;
    let host = super::lower_keep_pct(p.hostport);
    let params: Vec<String> = p.params.iter().map(|x| super::lower_keep_pct(x)).collect();
    let headers: Option<Vec<String>> = p.headers.as_ref().map(|h| {
        h.iter()
            .map(|x| match x.split_once('=') {
                Some((n, v)) => format!("{}={v}", super::lower_keep_pct(n)),
                None => super::lower_keep_pct(x),
            })
            .collect()
    });
    let folded = Parts {
        hostport: &host,
        ..p
    }
    .join(&params, headers.as_deref());
    (folded != uri).then_some(folded)
}

/// "The ordering of parameters and header fields is not significant": both in order.
pub fn order(uri: &str) -> Option<String> {
    let p = split(uri)?;
    let mut params = p.params();
    params.sort();
    let mut headers = p.headers();
    if let Some(h) = headers.as_mut() {
        h.sort();
    }
    let s = p.join(&params, headers.as_deref());
    (s != uri).then_some(s)
}

/// The uri-parameters that count even when only one URI has them: "A user, ttl, or method
/// uri-parameter appearing in only one URI never matches", "A URI that includes an maddr
/// parameter will not match a URI that contains no maddr parameter", and a transport
/// written out does not match its absence ("The same is true for the
/// transport-parameter").
const NEVER_IGNORED: &[&str] = &["user", "ttl", "method", "maddr", "transport"];

fn param_name(p: &str) -> &str {
    p.split_once('=').map_or(p, |(n, _)| n)
}

/// "All other uri-parameters appearing in only one URI are ignored when comparing the
/// URIs": on both sides at once, each parameter whose name the other side lacks left out
/// (but those of `NEVER_IGNORED`). `None` when neither side changes.
pub fn drop_one_sided_params(a: &str, b: &str) -> Option<(String, String)> {
    let (pa, pb) = (split(a)?, split(b)?);
    // Each side's parameter names, lower-cased and sorted once: a look-up per parameter is
    // a binary search, so many parameters cost n log n, not n².
    let names = |p: &Parts<'_>| {
        let mut n: Vec<String> = p
            .params
            .iter()
            .map(|q| param_name(q).to_ascii_lowercase())
            .collect();
        n.sort_unstable();
        n
    };
    let (na, nb) = (names(&pa), names(&pb));
    let keep = |p: &str, other: &[String]| {
        let name = param_name(p).to_ascii_lowercase();
        NEVER_IGNORED.contains(&name.as_str()) || other.binary_search(&name).is_ok()
    };
    let ka: Vec<String> = pa
        .params
        .iter()
        .filter(|p| keep(p, &nb))
        .map(|p| (*p).to_string())
        .collect();
    let kb: Vec<String> = pb
        .params
        .iter()
        .filter(|p| keep(p, &na))
        .map(|p| (*p).to_string())
        .collect();
    if ka.len() == pa.params.len() && kb.len() == pb.params.len() {
        return None;
    }
    Some((
        pa.join(&ka, pa.headers().as_deref()),
        pb.join(&kb, pb.headers().as_deref()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(a: &str, b: &str) -> (String, String) {
        let one = |s: &str| {
            let s = decode_unreserved(s).unwrap_or(s.to_string());
            let s = fold_case(&s).unwrap_or(s);
            order(&s).unwrap_or(s)
        };
        let (a, b) = (one(a), one(b));
        drop_one_sided_params(&a, &b).unwrap_or((a, b))
    }

    /// RFC 3261 §19.1.4's own sets of equivalent URIs.
    #[test]
    fn the_sections_equivalent_sets() {
        for (a, b) in [
            (
                "sip:%61lice@atlanta.com;transport=TCP",
                "sip:alice@AtLanTa.CoM;Transport=tcp",
            ),
            ("sip:carol@chicago.com", "sip:carol@chicago.com;newparam=5"),
            ("sip:carol@chicago.com", "sip:carol@chicago.com;security=on"),
            (
                "sip:carol@chicago.com;newparam=5",
                "sip:carol@chicago.com;security=on",
            ),
            (
                "sip:biloxi.com;transport=tcp;method=REGISTER?to=sip:bob%40biloxi.com",
                "sip:biloxi.com;method=REGISTER;transport=tcp?to=sip:bob%40biloxi.com",
            ),
            (
                "sip:alice@atlanta.com?subject=project%20x&priority=urgent",
                "sip:alice@atlanta.com?priority=urgent&subject=project%20x",
            ),
        ] {
            let (x, y) = all(a, b);
            assert_eq!(x, y, "{a} {b}");
        }
    }

    /// RFC 3261 §19.1.4's own sets of URIs that are not equivalent, and its note that
    /// equality is not transitive.
    #[test]
    fn the_sections_non_equivalent_sets() {
        for (a, b) in [
            (
                "sip:ALICE@AtLanTa.CoM;Transport=udp",
                "sip:alice@AtLanTa.CoM;Transport=UDP",
            ),
            ("sip:bob@biloxi.com", "sip:bob@biloxi.com:5060"),
            ("sip:bob@biloxi.com", "sip:bob@biloxi.com;transport=udp"),
            (
                "sip:bob@biloxi.com",
                "sip:bob@biloxi.com:6000;transport=tcp",
            ),
            (
                "sip:carol@chicago.com",
                "sip:carol@chicago.com?Subject=next%20meeting",
            ),
            ("sip:bob@phone21.boxesbybob.com", "sip:bob@192.0.2.4"),
            (
                "sip:carol@chicago.com;security=on",
                "sip:carol@chicago.com;security=off",
            ),
            ("sip:a@h", "sip:a@h;maddr=239.255.255.1"),
            ("sip:a@h", "sip:a@h;user=phone"),
            ("sip:a@h", "sip:a@h;ttl=15"),
            ("sip:a@h", "sip:a@h;method=INVITE"),
            ("sip:a:pw@h", "sip:a@h"),
            ("sip:a@h", "sip:h"),
        ] {
            let (x, y) = all(a, b);
            assert_ne!(x, y, "{a} {b}");
        }
    }

    #[test]
    fn the_userinfo_keeps_its_case_and_reserved_escapes_stay() {
        assert_eq!(
            fold_case("sip:Bob;x=Y@H;Lr?Subject=Hi").as_deref(),
            Some("sip:Bob;x=Y@h;lr?subject=Hi")
        );
        assert_eq!(
            decode_unreserved("sip:%41%3b%2a@h").as_deref(),
            Some("sip:A%3B*@h")
        );
        assert_eq!(decode_unreserved("http://a/%41"), None);
    }
}
