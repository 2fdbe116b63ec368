//! Load for `idbench serve` (scripts/measure-serve.sh runs it): CLIENTS keep-alive
//! connections send `GET /api/parse` with 100-byte identifiers for SECONDS seconds; with
//! `--big N`, N more connections send 1 MiB identifiers meanwhile. Prints the count, the
//! errors (any answer but 200, any failed connection) and the latency percentiles of the
//! small and the big requests.
//!
//! `serve-load ADDR [--clients 50] [--seconds 30] [--big 0]`; loopback addresses only.
//! Standard library only, so the script compiles it with `rustc -O` alone (as a Cargo
//! example it would build the dev-dependencies in release first).
//! The requests are written by hand over `std::net` (one fixed request shape, read by its
//! `Content-Length`): an HTTP client crate adds nothing here but build time.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(addr) = args.first().and_then(|a| a.parse::<SocketAddr>().ok()) else {
        eprintln!("usage: serve-load ADDR [--clients N] [--seconds S] [--big N]");
        std::process::exit(2);
    };
    if !addr.ip().is_loopback() {
        eprintln!("serve-load: a loopback address only (127.0.0.0/8 or ::1)");
        std::process::exit(2);
    }
    let opt = |name: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let clients = opt("--clients", 50);
    let seconds = opt("--seconds", 30).min(600);
    let big = opt("--big", 0);
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut handles = Vec::new();
    for c in 0..clients + big {
        let is_big = c >= clients;
        handles.push(std::thread::spawn(move || client(addr, c, is_big, until)));
    }
    let (mut small, mut large) = (Stats::default(), Stats::default());
    for (c, h) in handles.into_iter().enumerate() {
        let s = h.join().unwrap_or_default();
        if (c as u64) < clients {
            small.add(s);
        } else {
            large.add(s);
        }
    }
    println!("clients {clients} (100-byte ids), big clients {big} (1 MiB ids), {seconds} s");
    small.print("small");
    if big > 0 {
        large.print("big");
    }
}

#[derive(Default)]
struct Stats {
    latencies: Vec<Duration>,
    errors: u64,
    statuses: Vec<u16>,
}

impl Stats {
    fn add(&mut self, other: Stats) {
        self.latencies.extend(other.latencies);
        self.errors += other.errors;
        self.statuses.extend(other.statuses);
    }
    fn print(&mut self, label: &str) {
        self.latencies.sort_unstable();
        let n = self.latencies.len();
        let pct = |p: f64| -> f64 {
            if n == 0 {
                return 0.0;
            }
            let i = ((n as f64 * p).ceil() as usize).clamp(1, n) - 1;
            self.latencies[i].as_secs_f64() * 1000.0
        };
        self.statuses.sort_unstable();
        self.statuses.dedup();
        println!(
            "{label}: {n} ok, {} errors (other statuses: {:?}); p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.errors,
            self.statuses,
            pct(0.50),
            pct(0.99),
            pct(1.0)
        );
    }
}

/// A 100-byte identifier, different for each request.
fn small_id(client: u64, i: u64) -> String {
    let mut id = format!("http://example.com/c{client}/r{i}/path?q=");
    while id.len() < 100 {
        id.push('x');
    }
    id
}

fn client(addr: SocketAddr, c: u64, big: bool, until: Instant) -> Stats {
    let mut stats = Stats::default();
    let mut stream: Option<TcpStream> = None;
    let big_id = format!("http://a/{}", "a".repeat((1 << 20) - 9));
    let mut i = 0u64;
    while Instant::now() < until {
        i += 1;
        let id = if big { big_id.clone() } else { small_id(c, i) };
        let mut target = String::from("/api/parse?");
        target.push_str("id=");
        for b in id.bytes() {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                target.push(char::from(b));
            } else {
                target.push_str(&format!("%{b:02X}"));
            }
        }
        let began = Instant::now();
        let s = match stream.take() {
            Some(s) => s,
            None => match TcpStream::connect(addr) {
                Ok(s) => {
                    let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
                    let _ = s.set_nodelay(true);
                    s
                }
                Err(_) => {
                    stats.errors += 1;
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                }
            },
        };
        match one(s, &target) {
            Ok((status, s)) => {
                if status == 200 {
                    stats.latencies.push(began.elapsed());
                } else {
                    stats.errors += 1;
                    stats.statuses.push(status);
                }
                stream = s;
            }
            Err(_) => stats.errors += 1,
        }
    }
    stats
}

/// One request on a kept-alive connection; the status and the connection back.
fn one(mut s: TcpStream, target: &str) -> std::io::Result<(u16, Option<TcpStream>)> {
    write!(s, "GET {target} HTTP/1.1\r\nHost: load\r\n\r\n")?;
    let mut buf = Vec::with_capacity(8192);
    let mut block = [0u8; 65536];
    let end = loop {
        if let Some(e) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break e;
        }
        let n = s.read(&mut block)?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&block[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    let mut have = buf.len() - end - 4;
    while have < length {
        let n = s.read(&mut block)?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        have += n;
    }
    let keep = !head.contains("connection: close");
    Ok((status, keep.then_some(s)))
}
