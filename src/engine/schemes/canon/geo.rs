//! RFC 5870 (`geo`): the comparison rules of §3.4.4, "URI Comparison" (the default CRS,
//! case, numbers, the poles and the date line, the order of the parameters).

/// The URI split: `geo:`, the coordinates, the parameters (each without its `;`), and
/// what follows (a fragment, kept as it is).
fn split(uri: &str) -> Option<(&str, &str, Vec<&str>, &str)> {
    let colon = uri.find(':')?;
    if !uri.get(..colon)?.eq_ignore_ascii_case("geo") {
        return None;
    }
    let body = uri.get(colon + 1..)?;
    let end = body.find(['?', '#']).unwrap_or(body.len());
    let mut parts = body.get(..end)?.split(';');
    let coords = parts.next()?;
    Some((
        uri.get(..=colon)?,
        coords,
        parts.collect(),
        body.get(end..)?,
    ))
}

fn join(head: &str, coords: &str, params: &[String], tail: &str) -> String {
    let mut out = format!("{}{coords}", head.to_ascii_lowercase());
    for p in params {
        out.push(';');
        out.push_str(p);
    }
    out.push_str(tail);
    out
}

/// RFC 5870 §3.4.4: `crs=wgs84` is the default CRS, so `geo:1,2;crs=wgs84` and
/// `geo:1,2` are the same; parameter names and the `crs` value are case-insensitive.
pub fn drop_default_crs(uri: &str) -> Option<String> {
    let (head, coords, params, tail) = split(uri)?;
    let mut out: Vec<String> = Vec::new();
    for p in params {
        let (name, value) = match p.split_once('=') {
            Some((n, v)) => (n.to_ascii_lowercase(), Some(v)),
            None => (p.to_ascii_lowercase(), None),
        };
        match value {
            Some(v) if name == "crs" => {
                if v.eq_ignore_ascii_case("wgs84") {
                    continue;
                }
                out.push(format!("crs={}", v.to_ascii_lowercase()));
            }
            Some(v) => out.push(format!("{name}={v}")),
            None => out.push(name),
        }
    }
    let s = join(head, coords, &out, tail);
    (s != uri).then_some(s)
}

/// A decimal number without trailing fractional zeros and without the sign of zero
/// (`1.50` → `1.5`, `2.0` → `2`, `-0` → `0`); anything else as it is.
fn number(n: &str) -> String {
    let valid = !n.is_empty()
        && n.trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.');
    if !valid {
        return n.to_string();
    }
    let mut s = n.to_string();
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s.trim_start_matches('-').bytes().all(|b| b == b'0') {
        return "0".to_string();
    }
    s
}

/// RFC 5870 §3.4.4: coordinates compare as numbers ("mathematically identical"), at a pole
/// (latitude ±90) the longitude "MUST be ignored" (`geo:90,-22.43` and `geo:90,46` are the
/// same point), and "A `<longitude>` of 180 degrees MUST be considered equal to `<longitude>`
/// of -180 degrees". Written as longitude 0 at a pole and 180 on the date line, numbers
/// without trailing zeros; also the `u` value.
pub fn normalize_numbers(uri: &str) -> Option<String> {
    let (head, coords, params, tail) = split(uri)?;
    let mut c: Vec<String> = coords.split(',').map(number).collect();
    if c.len() >= 2 && (c[0] == "90" || c[0] == "-90") {
        c[1] = "0".to_string();
    } else if c.len() >= 2 && c[1] == "-180" {
        c[1] = "180".to_string();
    }
    let coords = c.join(",");
    let params: Vec<String> = params
        .iter()
        .map(|p| match p.split_once('=') {
            Some((n, v)) if n.eq_ignore_ascii_case("u") => format!("{n}={}", number(v)),
            _ => (*p).to_string(),
        })
        .collect();
    let s = join(head, &coords, &params, tail);
    (s != uri).then_some(s)
}

/// RFC 5870 §3.4.4: "Parameter order is not significant for URI comparison": the
/// parameters after `crs` and `u` (which the syntax puts first, §3.3: `[ crsp ] [ uncp ]
/// *parameter`) in order.
pub fn order_params(uri: &str) -> Option<String> {
    let (head, coords, params, tail) = split(uri)?;
    let lead = params
        .iter()
        .take_while(|p| {
            let name = p.split_once('=').map_or(**p, |(n, _)| n);
            name.eq_ignore_ascii_case("crs") || name.eq_ignore_ascii_case("u")
        })
        .count();
    let mut rest: Vec<String> = params[lead..].iter().map(|p| (*p).to_string()).collect();
    rest.sort();
    let params: Vec<String> = params[..lead]
        .iter()
        .map(|p| (*p).to_string())
        .chain(rest)
        .collect();
    let s = join(head, coords, &params, tail);
    (s != uri).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example: `geo:90,-22.43;crs=WGS84` and `geo:90,46` are the same point.
    #[test]
    fn the_pole_example_is_one_point() {
        let a = "geo:90,-22.43;crs=WGS84";
        let a = drop_default_crs(a).unwrap_or(a.to_string());
        let a = normalize_numbers(&a).unwrap_or(a);
        let b = normalize_numbers("geo:90,46").unwrap_or("geo:90,46".to_string());
        assert_eq!(a, b);
        assert_eq!(a, "geo:90,0");
    }

    #[test]
    fn numbers_and_params() {
        assert_eq!(
            normalize_numbers("geo:1.50,-0.0;u=20.0").as_deref(),
            Some("geo:1.5,0;u=20")
        );
        assert_eq!(
            drop_default_crs("geo:1,2;CRS=Other;U=3").as_deref(),
            Some("geo:1,2;crs=other;u=3")
        );
        assert_eq!(normalize_numbers("geo:1,2"), None);
        assert_eq!(
            normalize_numbers("geo:10,-180").as_deref(),
            Some("geo:10,180")
        );
    }

    /// §6.4: "parameter order is insignificant".
    #[test]
    fn other_parameters_in_order() {
        assert_eq!(
            order_params("geo:47,11;foo=blue;bar=white").as_deref(),
            Some("geo:47,11;bar=white;foo=blue")
        );
        assert_eq!(
            order_params("geo:1,2;crs=x;u=3;b=1;a=2").as_deref(),
            Some("geo:1,2;crs=x;u=3;a=2;b=1")
        );
        assert_eq!(order_params("geo:47,11;bar=white;foo=blue"), None);
    }
}
