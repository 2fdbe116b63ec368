//! For the `idbench serve` tests: a server started on a free loopback port, and a small
//! HTTP/1.1 client over `std::net` (one request a connection; a client crate would bring
//! a TLS stack or an async runtime for what a few lines do on loopback).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `idbench serve`, stopped when dropped.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
    /// What it printed on stderr before it served.
    pub banner: String,
}

impl Server {
    /// `idbench serve --addr 127.0.0.1:0` with `extra` arguments.
    pub fn start(extra: &[&str]) -> Server {
        Server::start_on("127.0.0.1:0", extra)
    }

    pub fn start_on(addr: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_idbench"))
            .args(["serve", "--addr", addr])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("idbench serve starts");
        let stderr = child.stderr.take().expect("stderr");
        let mut lines = BufReader::new(stderr);
        let mut banner = String::new();
        let addr = loop {
            let mut line = String::new();
            if lines.read_line(&mut line).unwrap_or(0) == 0 {
                let _ = child.kill();
                panic!("idbench serve ended before serving: {banner}");
            }
            banner.push_str(&line);
            if let Some(rest) = line.split("serving http://").nth(1) {
                let a = rest.split('/').next().expect("an address");
                break a.parse().expect("a socket address");
            }
        };
        // Keep draining stderr so the server never blocks on it.
        std::thread::spawn(move || {
            let mut sink = Vec::new();
            let _ = lines.read_to_end(&mut sink);
        });
        Server {
            child,
            addr,
            banner,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer.
#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Resp {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// One request on its own connection (`Connection: close`), read to the end.
pub fn request(
    addr: SocketAddr,
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Resp {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(120))).ok();
    s.set_write_timeout(Some(Duration::from_secs(120))).ok();
    let mut head = format!("{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).expect("write head");
    // The server may answer (413) before reading the whole body and close.
    let _ = s.write_all(body);
    read_response(&mut s)
}

/// Reads one answer: its head, then `Content-Length` bytes (or up to the close).
pub fn read_response(s: &mut TcpStream) -> Resp {
    let mut raw = Vec::new();
    let mut block = [0u8; 64 * 1024];
    let end = loop {
        if let Some(e) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break e;
        }
        match s.read(&mut block) {
            Ok(0) | Err(_) => panic!("no response head: {:?}", String::from_utf8_lossy(&raw)),
            Ok(n) => raw.extend_from_slice(&block[..n]),
        }
    };
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().expect("status line");
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let length = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse::<usize>().ok());
    let mut body = raw[end + 4..].to_vec();
    match length {
        Some(n) => {
            while body.len() < n {
                match s.read(&mut block) {
                    Ok(0) | Err(_) => break,
                    Ok(k) => body.extend_from_slice(&block[..k]),
                }
            }
            body.truncate(n);
        }
        None => {
            let _ = s.read_to_end(&mut body);
        }
    }
    Resp {
        status,
        headers,
        body,
    }
}

pub fn get(addr: SocketAddr, target: &str) -> Resp {
    request(addr, "GET", target, &[], b"")
}

pub fn post(addr: SocketAddr, target: &str, body: &[u8]) -> Resp {
    request(addr, "POST", target, &[], body)
}

/// `application/x-www-form-urlencoded` pairs.
pub fn query(pairs: &[(&str, &str)]) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        q.append_pair(k, v);
    }
    q.finish()
}

/// The CLI's stdout for `args` (stdin `input`).
pub fn cli(args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut c = Command::new(env!("CARGO_BIN_EXE_idbench"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("idbench runs");
    let mut stdin = c.stdin.take().expect("stdin");
    let input = input.to_vec();
    let w = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = c.wait_with_output().expect("output");
    let _ = w.join();
    out.stdout
}
