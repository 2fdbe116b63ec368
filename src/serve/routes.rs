//! The routes: the page, its script and style, the fragment the script refreshes, and the
//! API.

use std::collections::HashMap;

use serde::Deserialize;

use super::http::{MAX_INPUT, Request, Response};
use super::pool::Refused;
use super::{LARGE_INPUT, Shared, page};
use crate::engine::Profile;
use crate::view::View;

const JSON: &str = "application/json";
const JSON_LINES: &str = "application/x-ndjson";
const HTML: &str = "text/html; charset=utf-8";

/// The most bytes `/api/grammar/parse` answers with.
const MAX_GRAMMAR_OUTPUT: usize = 16 << 20;

pub(crate) fn answer(req: &Request, shared: &Shared) -> Response {
    let get = req.method == "GET" || req.method == "HEAD";
    let takes_get = match req.path.as_str() {
        "/" | "/app.js" | "/app.css" | "/api/parse" | "/api/forms" | "/api/compare"
        | "/api/explain" => true,
        "/fragment" | "/api/check" | "/api/grammar/parse" => false,
        _ => return Response::error(404, "no such page: the page is /, the API is under /api/"),
    };
    let allowed = if takes_get { get } else { req.method == "POST" };
    if !allowed {
        let mut r = Response::error(405, "this route does not take that method");
        r.headers = if takes_get {
            "Allow: GET, HEAD\r\n"
        } else {
            "Allow: POST\r\n"
        }
        .into();
        return r;
    }
    match req.path.as_str() {
        "/" => page_route(&req.query, shared, false),
        "/fragment" => match std::str::from_utf8(&req.body) {
            Ok(q) => page_route(q, shared, true),
            Err(_) => Response::error(400, "the fragment's body is a view's query, in UTF-8"),
        },
        "/app.js" => Response::new(
            200,
            "text/javascript; charset=utf-8",
            include_str!("app.js"),
        ),
        "/app.css" => Response::new(200, "text/css; charset=utf-8", page::css()),
        "/api/parse" => api_parse(&req.query, shared),
        "/api/forms" => api_forms(&req.query, shared),
        "/api/compare" => api_compare(&req.query, shared),
        "/api/explain" => api_explain(&req.query, shared),
        "/api/check" => api_check(&req.query, &req.body, shared),
        "/api/grammar/parse" => api_grammar(&req.body, shared),
        _ => Response::error(404, "no such page"),
    }
}

/// Runs `f` in the pool its input size calls for, under the deadline.
fn run(
    shared: &Shared,
    input_len: usize,
    f: impl FnOnce() -> Response + Send + 'static,
) -> Response {
    let pool = if input_len > LARGE_INPUT {
        &shared.large
    } else {
        &shared.small
    };
    match pool.run(shared.deadline, f) {
        Ok(r) => r,
        Err(Refused::Busy) => {
            let mut r = Response::error(503, "the server is busy: try again in a moment");
            r.headers.push_str("Retry-After: 1\r\n");
            r
        }
        Err(Refused::Late) => {
            let mut r = Response::error(
                503,
                "the analysis did not finish before its deadline: try again, or a shorter input",
            );
            r.headers.push_str("Retry-After: 2\r\n");
            r
        }
        Err(Refused::Failed) => {
            Response::error(500, "the analysis failed: this is a bug in idbench")
        }
    }
}

fn too_large(what: &str) -> Response {
    Response::error(
        413,
        &format!("{what} is over 1 MiB: the server analyzes inputs up to 1 MiB"),
    )
}

/// The pairs of a query, each key at most once and among `keys`.
fn params(query: &str, keys: &[&str]) -> Result<HashMap<String, String>, Response> {
    let mut m = HashMap::new();
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        if !keys.contains(&k.as_ref()) {
            return Err(Response::error(
                400,
                &format!("unknown key `{k}`: this route takes {}", keys.join(", ")),
            ));
        }
        if v.len() > MAX_INPUT {
            return Err(too_large(&format!("`{k}`")));
        }
        if m.insert(k.clone().into_owned(), v.into_owned()).is_some() {
            return Err(Response::error(
                400,
                &format!("`{k}` is given twice: give it once"),
            ));
        }
    }
    Ok(m)
}

fn profile(m: &HashMap<String, String>) -> Result<Option<Profile>, Response> {
    match m.get("profile").map(String::as_str) {
        None | Some("") => Ok(None),
        Some(p) if p.eq_ignore_ascii_case("auto") => Ok(None),
        Some(p) => p
            .parse::<Profile>()
            .map(Some)
            .map_err(|e| Response::error(400, &e)),
    }
}

/// `ns=0` switches the namespace layer off (`ns=1`, or none: on).
fn namespace(m: &HashMap<String, String>) -> Result<bool, Response> {
    match m.get("ns").map(String::as_str) {
        None | Some("1") => Ok(true),
        Some("0") => Ok(false),
        Some(_) => Err(Response::error(400, "`ns` takes 0 (off) or 1 (on)")),
    }
}

/// `schemes=0` switches the URI scheme layer off (`schemes=1`, or none: on), as the view's
/// query says it (`View::from_query`, `Layers::schemes`).
fn schemes(m: &HashMap<String, String>) -> Result<bool, Response> {
    match m.get("schemes").map(String::as_str) {
        None | Some("1") => Ok(true),
        Some("0") => Ok(false),
        Some(_) => Err(Response::error(400, "`schemes` takes 0 (off) or 1 (on)")),
    }
}

fn required<'m>(m: &'m HashMap<String, String>, k: &str) -> Result<&'m str, Response> {
    m.get(k)
        .map(String::as_str)
        .ok_or_else(|| Response::error(400, &format!("`{k}` is required")))
}

fn written(r: std::io::Result<()>, out: Vec<u8>, content_type: &'static str) -> Response {
    match r {
        Ok(()) => Response::new(200, content_type, out),
        Err(e) => Response::error(500, &e.to_string()),
    }
}

fn api_parse(query: &str, shared: &Shared) -> Response {
    let go = || -> Result<Response, Response> {
        let m = params(query, &["id", "profile", "base", "ns", "schemes"])?;
        let (profile, ns) = (profile(&m)?, (namespace(&m)?, schemes(&m)?));
        let id = required(&m, "id")?.to_string();
        let base = m.get("base").cloned();
        let len = id.len() + base.as_ref().map_or(0, String::len);
        Ok(run(shared, len, move || {
            let mut out = Vec::new();
            let r = crate::cli::serve::parse_json(&mut out, &id, base.as_deref(), profile, ns);
            written(r, out, JSON)
        }))
    };
    go().unwrap_or_else(|r| r)
}

fn api_forms(query: &str, shared: &Shared) -> Response {
    let go = || -> Result<Response, Response> {
        let m = params(query, &["id", "profile", "ns", "schemes"])?;
        let (profile, ns) = (profile(&m)?, (namespace(&m)?, schemes(&m)?));
        let id = required(&m, "id")?.to_string();
        Ok(run(shared, id.len(), move || {
            let mut out = Vec::new();
            let r = crate::cli::serve::forms_json(&mut out, &id, profile, ns);
            written(r, out, JSON)
        }))
    };
    go().unwrap_or_else(|r| r)
}

fn api_compare(query: &str, shared: &Shared) -> Response {
    let go = || -> Result<Response, Response> {
        let m = params(
            query,
            &[
                "a",
                "b",
                "profile",
                "ns",
                "schemes",
                "objective",
                "dollar",
                "aform",
                "bform",
            ],
        )?;
        let (profile, ns) = (profile(&m)?, (namespace(&m)?, schemes(&m)?));
        let a = required(&m, "a")?.to_string();
        let b = required(&m, "b")?.to_string();
        // The compare options read as a view reads them (`objective=cache`, `dollar=ignore`,
        // `aform=iri`, …).
        let mut q = form_urlencoded::Serializer::new(String::new());
        for k in ["objective", "dollar", "aform", "bform"] {
            if let Some(v) = m.get(k) {
                q.append_pair(k, v);
            }
        }
        let view =
            View::from_query(&q.finish()).map_err(|e| Response::error(400, &e.to_string()))?;
        let flags = crate::cli::serve::compare_flags(&view);
        Ok(run(shared, a.len() + b.len(), move || {
            let mut out = Vec::new();
            let r = crate::cli::serve::compare_json(&mut out, (&a, &b), profile, &flags, ns);
            written(r, out, JSON)
        }))
    };
    go().unwrap_or_else(|r| r)
}

/// A view from a query, with the page's limits: 400 when it does not read, 413 when an
/// input is over 1 MiB.
fn view_of(query: &str) -> Result<View, Response> {
    let v = View::from_query(query).map_err(|e| Response::error(400, &e.to_string()))?;
    let v = page::normalize(v);
    for (what, s) in [
        ("the identifier", Some(&v.a)),
        ("the second identifier", v.b.as_ref()),
        ("the base", v.base.as_ref()),
    ] {
        if s.is_some_and(|s| s.len() > MAX_INPUT) {
            return Err(too_large(what));
        }
    }
    if let Some(crate::view::Grammar {
        source: crate::view::GrammarSource::Text(t),
        ..
    }) = &v.grammar
        && t.len() > MAX_INPUT
    {
        return Err(too_large("the grammar"));
    }
    Ok(v)
}

fn input_len(v: &View) -> usize {
    v.a.len() + v.b.as_ref().map_or(0, String::len) + v.base.as_ref().map_or(0, String::len)
}

fn api_explain(query: &str, shared: &Shared) -> Response {
    let go = || -> Result<Response, Response> {
        let v = view_of(query)?;
        let profile = page::profile_of(&v).map_err(|e| Response::error(400, &e))?;
        Ok(run(shared, input_len(&v), move || {
            let mut out = Vec::new();
            let r = crate::cli::serve::explain_markdown(&mut out, &v, profile);
            written(r, out, "text/markdown; charset=utf-8")
        }))
    };
    go().unwrap_or_else(|r| r)
}

fn api_check(query: &str, body: &[u8], shared: &Shared) -> Response {
    let go = || -> Result<Response, Response> {
        let m = params(query, &["profile", "namespaces", "schemes"])?;
        let profile = profile(&m)?;
        let namespaces = match m.get("namespaces").map(String::as_str) {
            None | Some("0") => false,
            Some("1") => true,
            Some(_) => return Err(Response::error(400, "`namespaces` takes 0 or 1")),
        };
        // As `check` itself, the scheme layer runs only when asked (`--schemes`).
        let schemes = match m.get("schemes").map(String::as_str) {
            None | Some("0") => false,
            Some("1") => true,
            Some(_) => return Err(Response::error(400, "`schemes` takes 0 or 1")),
        };
        // A line over 1 MiB is refused whole (`check` itself would judge it line-too-long
        // only past 16 MiB).
        if body
            .split(|&b| b == b'\n')
            .any(|l| l.strip_suffix(b"\r").unwrap_or(l).len() > MAX_INPUT)
        {
            return Err(too_large("a line"));
        }
        let body = body.to_vec();
        Ok(run(shared, body.len(), move || {
            let mut out = Vec::new();
            let r = crate::cli::serve::check_json(&mut out, &body, profile, (namespaces, schemes));
            written(r, out, JSON_LINES)
        }))
    };
    go().unwrap_or_else(|r| r)
}

/// `/api/grammar/parse`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GrammarRequest {
    grammar: String,
    start: String,
    inputs: Vec<String>,
}

fn api_grammar(body: &[u8], shared: &Shared) -> Response {
    let go = || -> Result<Response, Response> {
        let g: GrammarRequest = serde_json::from_slice(body).map_err(|e| {
            Response::error(
                400,
                &format!(
                    "the body is {{\"grammar\": TEXT, \"start\": RULE, \"inputs\": [TEXT, …]}}: {e}"
                ),
            )
        })?;
        if g.grammar.len() > MAX_INPUT {
            return Err(too_large("the grammar"));
        }
        if g.inputs.iter().any(|i| i.len() > MAX_INPUT) {
            return Err(too_large("an input"));
        }
        let len = g.inputs.iter().map(String::len).sum::<usize>() + g.grammar.len();
        Ok(run(
            shared,
            len,
            move || match crate::cli::serve::grammar_parse_json(
                g.grammar,
                &g.start,
                &g.inputs,
                MAX_GRAMMAR_OUTPUT,
            ) {
                Ok(Some(out)) => Response::new(200, JSON_LINES, out),
                Ok(None) => Response::error(
                    413,
                    "the answer would pass 16 MiB: parse fewer or shorter inputs",
                ),
                Err(msg) => Response::error(422, &msg),
            },
        ))
    };
    go().unwrap_or_else(|r| r)
}

/// The page (or, for the script, its results alone) for the view in `query`.
fn page_route(query: &str, shared: &Shared, fragment: bool) -> Response {
    let query = page::drop_empty_pairs(query);
    let (view, notice, status) = match view_of(&query) {
        Ok(v) => (v, None, 200),
        Err(r) => (
            View::default(),
            Some(String::from_utf8_lossy(&r.body).trim_end().to_string()),
            r.status,
        ),
    };
    let len = input_len(&view);
    let mut r = run(shared, len, move || {
        let body = if fragment {
            page::results(&view, notice.as_deref())
        } else {
            page::page(&view, notice.as_deref())
        };
        Response::new(status, HTML, body)
    });
    if r.status == 503 && !fragment {
        // The busy answer as a page, so a person sees why.
        r.content_type = "text/plain; charset=utf-8";
    }
    r
}
