//! The HTTP/1.1 layer: a request head read within a bound and parsed by `httparse`, a
//! `Content-Length` body, keep-alive, and every answer with the security headers.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The longest input (a query value, a line posted to `/api/check`): 1 MiB.
pub const MAX_INPUT: usize = 1 << 20;

/// The longest request body: 16 MiB.
pub const MAX_BODY: usize = 16 << 20;

/// The longest request head: a 1 MiB input percent-encoded in the query is 3 MiB; with
/// the view's other keys beside it, 4 MiB bounds any head an allowed request needs.
const MAX_HEAD: usize = 4 << 20;

/// How long a connection may sit idle between requests, and how long one read or write
/// may wait.
const IDLE: Duration = Duration::from_secs(15);

/// How long a whole request (head and body) may take to arrive.
const REQUEST_TIME: Duration = Duration::from_secs(60);

/// The headers every answer carries. The page's script and style are served from here
/// (`/app.js`, `/app.css`): no inline script or style, nothing fetched from elsewhere.
const SECURITY_HEADERS: &str = "Content-Security-Policy: default-src 'none'; script-src 'self'; \
style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; \
frame-ancestors 'none'\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\
X-Frame-Options: DENY\r\nCache-Control: no-store\r\n";

/// A request, as the routes see it.
pub(crate) struct Request {
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The query, without `?` (empty when none).
    pub query: String,
    pub body: Vec<u8>,
}

/// An answer.
pub(crate) struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// Extra header lines, each ending in `\r\n`.
    pub headers: String,
}

impl Response {
    pub(crate) fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Self {
        Response {
            status,
            content_type,
            body: body.into(),
            headers: String::new(),
        }
    }

    /// A plain-text error: the message, with a newline.
    pub(crate) fn error(status: u16, message: &str) -> Self {
        let mut body = crate::safe_text::escape(message).into_owned();
        body.push('\n');
        Response::new(status, "text/plain; charset=utf-8", body)
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

/// Writes `r` (with `Connection: close` when `close`).
fn write_response(
    stream: &mut TcpStream,
    r: &Response,
    close: bool,
    head_only: bool,
) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{SECURITY_HEADERS}{}",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len(),
        r.headers
    );
    if close {
        head.push_str("Connection: close\r\n");
    }
    head.push_str("\r\n");
    let mut out = io::BufWriter::with_capacity(64 * 1024, &mut *stream);
    out.write_all(head.as_bytes())?;
    if !head_only {
        out.write_all(&r.body)?;
    }
    out.flush()
}

/// Answers 503 to a connection over the limit, and closes it.
pub(crate) fn refuse(mut stream: TcpStream, why: &str) {
    let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
    let mut r = Response::error(503, why);
    r.headers.push_str("Retry-After: 1\r\n");
    let _ = write_response(&mut stream, &r, true, false);
}

/// What reading a request came to.
enum Incoming {
    Request(Request, bool),
    /// The client closed (or idled out) between requests.
    Closed,
    /// An answer to give before closing (the request was refused whole).
    Refuse(Response),
}

/// Serves one connection until it closes, idles out or asks to close.
/// `answer` is the router's (given by the caller, so this layer knows no route).
pub(crate) fn connection(mut stream: TcpStream, answer: impl Fn(&Request) -> Response) {
    let _ = stream.set_read_timeout(Some(IDLE));
    let _ = stream.set_write_timeout(Some(IDLE));
    let _ = stream.set_nodelay(true);
    // Bytes read past the end of one request (a pipelined next one).
    let mut carry: Vec<u8> = Vec::new();
    loop {
        match read_request(&mut stream, &mut carry) {
            Incoming::Closed => return,
            Incoming::Refuse(r) => {
                let _ = write_response(&mut stream, &r, true, false);
                return;
            }
            Incoming::Request(req, keep_alive) => {
                let head_only = req.method == "HEAD";
                let r = answer(&req);
                if write_response(&mut stream, &r, !keep_alive, head_only).is_err() || !keep_alive {
                    return;
                }
            }
        }
    }
}

fn read_request(stream: &mut TcpStream, carry: &mut Vec<u8>) -> Incoming {
    let began = Instant::now();
    let mut buf = std::mem::take(carry);
    let mut scanned = 0usize;
    let head_end = loop {
        // The end of the head: the first blank line (searched from where the last
        // search stopped, so a head arriving in pieces costs linear time).
        let from = scanned.saturating_sub(3);
        if let Some(k) = memchr::memmem::find(&buf[from..], b"\r\n\r\n") {
            break from + k + 4;
        }
        scanned = buf.len();
        if buf.len() > MAX_HEAD {
            return Incoming::Refuse(Response::error(
                413,
                "the request head is over 4 MiB: an input is at most 1 MiB",
            ));
        }
        if began.elapsed() > REQUEST_TIME {
            return Incoming::Refuse(Response::error(408, "the request took too long to arrive"));
        }
        let mut block = [0u8; 16 * 1024];
        match stream.read(&mut block) {
            Ok(0) => return Incoming::Closed,
            Ok(n) => buf.extend_from_slice(&block[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return Incoming::Closed,
        }
    };
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(&buf[..head_end]) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) | Err(_) => {
            return Incoming::Refuse(Response::error(
                400,
                "the request does not read as HTTP/1.1",
            ));
        }
    }
    let method = parsed.method.unwrap_or("GET").to_string();
    let target = parsed.path.unwrap_or("/");
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let (path, query) = (path.to_string(), query.to_string());
    let http10 = parsed.version == Some(0);
    let mut length: Option<usize> = None;
    let mut keep_alive = !http10;
    for h in parsed.headers.iter() {
        let value = std::str::from_utf8(h.value).unwrap_or("").trim();
        if h.name.eq_ignore_ascii_case("content-length") {
            match value.parse::<u64>() {
                Ok(n) if length.is_none_or(|l| l as u64 == n) => {
                    if n > MAX_BODY as u64 {
                        return Incoming::Refuse(Response::error(
                            413,
                            "the request body is over 16 MiB: send less at once",
                        ));
                    }
                    length = Some(n as usize);
                }
                _ => return Incoming::Refuse(Response::error(400, "a bad Content-Length")),
            }
        } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
            return Incoming::Refuse(Response::error(
                411,
                "send the body with a Content-Length, not a transfer encoding",
            ));
        } else if h.name.eq_ignore_ascii_case("connection") {
            let v = value.to_ascii_lowercase();
            if v.contains("close") {
                keep_alive = false;
            } else if v.contains("keep-alive") {
                keep_alive = true;
            }
        }
    }
    let length = length.unwrap_or(0);
    let mut body = buf.split_off(head_end);
    while body.len() < length {
        if began.elapsed() > REQUEST_TIME {
            return Incoming::Refuse(Response::error(408, "the request took too long to arrive"));
        }
        let want = (length - body.len()).min(64 * 1024);
        let at = body.len();
        body.resize(at + want, 0);
        match stream.read(&mut body[at..]) {
            Ok(0) => return Incoming::Closed,
            Ok(n) => body.truncate(at + n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => body.truncate(at),
            Err(_) => return Incoming::Closed,
        }
    }
    *carry = body.split_off(length);
    Incoming::Request(
        Request {
            method,
            path,
            query,
            body,
        },
        keep_alive,
    )
}
