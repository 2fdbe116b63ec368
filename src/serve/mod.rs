//! `idbench serve`: the workbench as a web page and a JSON API, over the same model.
//!
//! One page (`/`, rendered on the server from the view in its query, so a permalink shows
//! the view before any script runs: `page.rs`), its script and style (shipped inside the
//! binary), a fragment route the script refreshes the page's results from (`POST
//! /fragment`, the view's query as the body), and the API, whose answers are the CLI's
//! output byte for byte (`src/cli/serve.rs` calls the commands' writers):
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /api/parse?id=&profile=&base=&ns=0&schemes=0` | `parse --format json` |
//! | `GET /api/forms?id=&profile=&ns=0&schemes=0` | `forms --format json` |
//! | `GET /api/compare?a=&b=&profile=&objective=&dollar=&aform=&bform=&ns=0&schemes=0` | `compare --format json` |
//! | `GET /api/explain?` + a view's query | `explain` (Markdown) |
//! | `POST /api/check?profile=&namespaces=1&schemes=1`, one identifier a line | `check --format json` |
//! | `POST /api/grammar/parse`, `{"grammar", "start", "inputs"}` | `grammar parse --format json` |
//!
//! The HTTP/1.1 layer is written here over `std::net` with `httparse` (a well-kept request
//! parser) rather than taken from a server crate: axum/hyper bring tokio (a heavy build on
//! this project's 2-core machines for one page and six routes), and tiny_http starts a
//! thread for every connection it accepts with no way to cap them, while the limits below
//! need the accept loop in hand. What is here is the small part: a request head read
//! within a bound, a `Content-Length` body, keep-alive.
//!
//! Limits: an input (a query value, or a line posted to `/api/check`) over 1 MiB is 413,
//! and so is a body over 16 MiB; each analysis runs in a bounded worker pool under a
//! deadline (503 with `Retry-After` past it, or when the queue is full); at most
//! `max_connections` connections are open (one more is answered 503 and closed); every
//! wait on a client is bounded. No file is read or written on a request's behalf: a
//! grammar comes in the request. Every answer carries `Content-Security-Policy` (scripts
//! and styles from this server only, no inline script), `X-Content-Type-Options: nosniff`
//! and `Referrer-Policy: no-referrer`.

mod http;
mod page;
mod pool;
mod routes;

use std::io;
use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

pub use http::{MAX_BODY, MAX_INPUT};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The most connections open at once.
    pub max_connections: usize,
    /// Analysis worker threads for ordinary inputs.
    pub workers: usize,
    /// Each analysis's deadline, its wait in the queue included.
    pub deadline: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_connections: 64,
            workers: std::thread::available_parallelism().map_or(1, |n| n.get()),
            deadline: Duration::from_secs(5),
        }
    }
}

/// What every connection shares.
pub(crate) struct Shared {
    /// Ordinary requests.
    pub small: pool::Pool,
    /// Requests with an input over [`LARGE_INPUT`]: their own worker, so a few 1 MiB
    /// analyses never hold up the small ones.
    pub large: pool::Pool,
    pub deadline: Duration,
}

/// Inputs longer than this (bytes, all of a request's inputs together) go to the large
/// pool.
pub(crate) const LARGE_INPUT: usize = 64 * 1024;

/// Serves on `listener` until the process ends. Errors only when accepting fails for a
/// reason other than a passing one (a refused thread, too many open files are answered
/// or waited out).
pub fn serve(listener: TcpListener, config: &Config) -> io::Result<()> {
    let max = config.max_connections.max(1);
    let shared = Arc::new(Shared {
        small: pool::Pool::new("serve-worker", config.workers.max(1), max),
        large: pool::Pool::new("serve-large", 1, 4),
        deadline: config.deadline,
    });
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                // Out of descriptors and the like: wait a little rather than spin.
                if e.kind() != io::ErrorKind::Interrupted {
                    std::thread::sleep(Duration::from_millis(10));
                }
                continue;
            }
        };
        if open.load(Ordering::Acquire) >= max {
            http::refuse(
                stream,
                "too many connections are open; try again in a moment",
            );
            continue;
        }
        open.fetch_add(1, Ordering::AcqRel);
        let guard = OpenGuard(Arc::clone(&open));
        let shared = Arc::clone(&shared);
        // A thread the system refuses drops its closure: the guard gives the place back
        // and the connection closes; the client may try again.
        let _ = std::thread::Builder::new()
            .name("serve-conn".into())
            .stack_size(256 * 1024)
            .spawn(move || {
                let _guard = guard;
                http::connection(stream, |req| routes::answer(req, &shared));
            });
    }
    Ok(())
}

/// Counts a connection as open until dropped.
struct OpenGuard(Arc<AtomicUsize>);

impl Drop for OpenGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}
