//! `idbench serve` in a real browser: Debian's chromium driven through WebDriver
//! (chromedriver), as a person uses the page. Skips, saying so, only where chromium or
//! chromedriver is not installed (`.ci/run` installs both).
//!
//! The WebDriver client is a few JSON-over-HTTP calls on loopback (the support module's
//! client): a WebDriver crate brings an async runtime for what these calls need.

#[path = "../src/test_scratch.rs"]
mod scratch;

mod serve_support;

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use serve_support::{Server, request};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path).chain([
        PathBuf::from("/usr/bin"),
        PathBuf::from("/usr/lib/chromium"),
    ]) {
        for n in names {
            let p = dir.join(n);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

struct Driver {
    child: Child,
    addr: SocketAddr,
    chromium: PathBuf,
    /// The browsers' profile folders, removed (after chromedriver ends) on drop.
    profiles: scratch::Scratch,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn call(addr: SocketAddr, method: &str, path: &str, body: &Value) -> Value {
    let body = if method == "GET" || method == "DELETE" {
        Vec::new()
    } else {
        body.to_string().into_bytes()
    };
    let r = request(
        addr,
        method,
        path,
        &[("Content-Type", "application/json")],
        &body,
    );
    let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
    assert!(
        r.status == 200,
        "WebDriver {method} {path}: {} {}",
        r.status,
        r.text()
    );
    v["value"].clone()
}

impl Driver {
    fn start() -> Option<Driver> {
        let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"])?;
        let driver = find_program(&["chromedriver"])?;
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
        let profiles = scratch::dir("browser");
        let d = Driver {
            child,
            addr,
            chromium,
            profiles,
        };
        let began = Instant::now();
        loop {
            if std::net::TcpStream::connect(addr).is_ok() {
                let r = request(addr, "GET", "/status", &[], b"");
                if r.status == 200 {
                    break;
                }
            }
            assert!(
                began.elapsed() < Duration::from_secs(30),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(d)
    }

    /// A fresh browser (its own new profile folder); `script: false` turns JavaScript off.
    fn session(&self, n: usize, width: u32, script: bool) -> Session {
        let dir = self.profiles.join(format!("p{n}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("profile dir");
        let mut options = json!({
            "binary": self.chromium.to_string_lossy(),
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage",
                format!("--user-data-dir={}", dir.display()),
                format!("--window-size={width},900"),
            ],
        });
        if !script {
            options["prefs"] = json!({"profile.managed_default_content_settings.javascript": 2});
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": options,
        }}});
        let v = call(self.addr, "POST", "/session", &caps);
        let id = v["sessionId"].as_str().expect("a session").to_string();
        Session {
            addr: self.addr,
            id,
        }
    }
}

struct Session {
    addr: SocketAddr,
    id: String,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = request(
            self.addr,
            "DELETE",
            &format!("/session/{}", self.id),
            &[],
            b"",
        );
    }
}

impl Session {
    fn cmd(&self, method: &str, path: &str, body: Value) -> Value {
        call(
            self.addr,
            method,
            &format!("/session/{}{path}", self.id),
            &body,
        )
    }
    fn go(&self, url: &str) {
        self.cmd("POST", "/url", json!({ "url": url }));
    }
    fn find(&self, css: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            json!({"using": "css selector", "value": css}),
        );
        v[ELEMENT].as_str().expect("an element").to_string()
    }
    fn keys(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.cmd(
            "POST",
            &format!("/element/{e}/value"),
            json!({ "text": text }),
        );
    }
    /// Keys to whatever has the focus.
    fn press(&self, keys: &str) {
        let e = self.cmd("GET", "/element/active", json!({}));
        let e = e[ELEMENT].as_str().expect("a focused element").to_string();
        self.cmd(
            "POST",
            &format!("/element/{e}/value"),
            json!({ "text": keys }),
        );
    }
    fn click(&self, css: &str) {
        let e = self.find(css);
        self.cmd("POST", &format!("/element/{e}/click"), json!({}));
    }
    fn clear(&self, css: &str) {
        let e = self.find(css);
        self.cmd("POST", &format!("/element/{e}/clear"), json!({}));
    }
    fn js(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            json!({"script": script, "args": []}),
        )
    }
    /// Waits (at most 60 s) until `script` returns true.
    fn wait(&self, what: &str, script: &str) {
        let began = Instant::now();
        loop {
            if self.js(script) == Value::Bool(true) {
                return;
            }
            if began.elapsed() > Duration::from_secs(60) {
                let state = self.js("return document.getElementById('status') ? document.getElementById('status').textContent + ' | ' + location.href.slice(0, 300) : location.href");
                panic!("waited 60 s for {what}; the page: {state}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    fn text(&self, css: &str) -> String {
        let e = self.find(css);
        self.cmd("GET", &format!("/element/{e}/text"), json!({}))
            .as_str()
            .unwrap_or("")
            .to_string()
    }
    fn screenshot(&self, to: &Path) {
        let b64 = self.cmd("GET", "/screenshot", json!({}));
        let png = base64_decode(b64.as_str().expect("base64"));
        assert!(png.starts_with(b"\x89PNG"));
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir).expect("screenshot folder");
        }
        std::fs::write(to, png).expect("screenshot written");
    }
}

/// Standard base64 (the screenshot WebDriver returns).
fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes() {
        let Some(v) = val(c) else { continue };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[test]
fn the_page_in_a_real_browser() {
    let Some(driver) = Driver::start() else {
        eprintln!(
            "skipped: no chromium and chromedriver installed (apt-get install chromium \
             chromium-driver; .ci/run does)"
        );
        return;
    };
    let server = Server::start(&["--deadline-ms", "120000"]);
    let s = driver.session(0, 1000, true);

    // Type an identifier: the tree and the diagnostics follow, and so does the address.
    s.go(&server.url("/"));
    s.keys("#id", "urn:isbn:0451450523");
    s.wait(
        "the tree of the URN",
        "return !!document.querySelector('#tree .k-nid') && location.search.includes('id=urn%3Aisbn%3A0451450523')",
    );
    assert!(
        s.text("#verdict").contains("valid under rfc8141"),
        "{}",
        s.text("#verdict")
    );
    s.clear("#id");
    s.keys("#id", "http://a b/");
    s.wait(
        "a diagnostic for the space",
        "return document.querySelector('#diagnostics') && document.querySelector('#diagnostics').textContent.includes('error')",
    );
    assert!(s.text("#verdict").contains("invalid"));
    // The diagnostic's span is underlined on the input line.
    assert_eq!(
        s.js("return document.querySelectorAll('#input-line .u-error').length > 0"),
        Value::Bool(true)
    );

    // Switch the profile.
    s.click("input[name=profile][value=rfc3986]");
    s.wait(
        "the rfc3986 reading",
        "return document.querySelector('#verdict').textContent.includes('under rfc3986') && location.search.includes('profile=rfc3986')",
    );
    s.click("input[name=profile][value=auto]");

    // Compare two URNs and read the ladder.
    s.clear("#id");
    s.keys("#id", "urn:isbn:0451450523");
    s.click("#more summary");
    s.keys("#with", "URN:ISBN:978-0-451-45052-4");
    s.wait(
        "the ladder",
        "return !!document.querySelector('#ladder tbody tr') && location.search.includes('with=')",
    );
    let words = s.text("#verdict-words");
    assert!(words.contains("equivalent"), "{words}");
    let ladder = s.text("#ladder");
    assert!(
        ladder.contains("RFC 8141") || ladder.contains("urn-formal/isbn"),
        "{ladder}"
    );
    let steps = s.js("return document.querySelectorAll('#ladder tbody tr').length");
    assert!(steps.as_u64().unwrap_or(0) >= 2, "{steps}");
    let screenshot = std::env::var_os("IDBENCH_SCREENSHOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshot.png"));
    s.js("document.getElementById('more').open = false; window.scrollTo(0, 0)");
    s.screenshot(&screenshot);
    eprintln!("screenshot: {}", screenshot.display());
    let permalink = s
        .js("return location.href")
        .as_str()
        .expect("href")
        .to_string();
    drop(s);

    // The permalink in a fresh browser with JavaScript off: the same view, rendered by
    // the server.
    let fresh = driver.session(1, 1000, false);
    fresh.go(&permalink);
    assert_eq!(
        fresh.js("return document.documentElement.dataset.script || null"),
        Value::Null,
        "the page's script ran"
    );
    assert_eq!(fresh.text("#verdict-words"), words);
    assert_eq!(fresh.text("#ladder"), ladder);
    drop(fresh);
    let fresh = driver.session(2, 1000, true);
    fresh.go(&permalink);
    assert_eq!(
        fresh.js("return document.getElementById('with').value"),
        Value::from("URN:ISBN:978-0-451-45052-4")
    );
    assert_eq!(
        fresh.js("return location.href"),
        Value::from(permalink.as_str())
    );
    drop(fresh);

    // The tree by keyboard alone: Tab into it, arrows to move, Enter to select.
    let s = driver.session(3, 1000, true);
    s.go(&server.url("/?id=http%3A%2F%2Fexample.com%3A8080%2Fa%2Fb%3Fq%23f"));
    let mut tabs = 0;
    while s.js("return document.activeElement.getAttribute('role')") != "treeitem" {
        s.press("\u{E004}");
        tabs += 1;
        assert!(tabs < 80, "Tab never reached the tree");
    }
    assert_eq!(
        s.js("return document.activeElement.dataset.path"),
        Value::from("a")
    );
    let at = || s.js("return document.activeElement.dataset.path");
    s.press("\u{E015}\u{E015}");
    assert_eq!(at(), Value::from("a.1"));
    // Left on an open node closes it; again, to the parent; Right, to the first child.
    s.press("\u{E012}");
    assert_eq!(at(), Value::from("a.1"));
    assert_eq!(
        s.js("return document.activeElement.getAttribute('aria-expanded')"),
        Value::from("false")
    );
    s.press("\u{E012}");
    assert_eq!(at(), Value::from("a"));
    s.press("\u{E014}");
    assert_eq!(at(), Value::from("a.0"));
    // Down skips the closed node's children.
    s.press("\u{E015}\u{E015}");
    assert_eq!(at(), Value::from("a.2"));
    s.press("\u{E007}");
    s.wait(
        "the selection",
        "return location.search.includes('sel=a.2') && !!document.querySelector('#input-line .sel') \
         && document.activeElement.dataset.path === 'a.2'",
    );
    assert_eq!(s.text("#input-line .sel"), "/a/b");
    assert_eq!(
        s.js("return document.activeElement.getAttribute('aria-selected')"),
        Value::from("true")
    );

    // Readable at 360 px: nothing wider than the window.
    drop(s);
    let narrow = driver.session(4, 360, true);
    narrow.go(&permalink);
    assert_eq!(
        narrow.js("return document.documentElement.scrollWidth <= window.innerWidth + 1"),
        Value::Bool(true),
        "{}",
        narrow.js("return [document.documentElement.scrollWidth, window.innerWidth]")
    );
    drop(narrow);

    // A 1 MiB paste stays responsive: the page shows it (cut, with the rest counted), and
    // the next edit updates as the first did.
    let s = driver.session(5, 1000, true);
    s.go(&server.url("/"));
    s.js(
        "const t = document.getElementById('id'); t.value = 'http://a/' + 'a'.repeat(1048576 - 9); \
         t.dispatchEvent(new Event('input', {bubbles: true}));",
    );
    s.wait(
        "the 1 MiB input's results",
        "return document.querySelector('#input-line').textContent.includes('more bytes')",
    );
    assert_eq!(
        s.js("return document.getElementById('id').value.length"),
        Value::from(1 << 20)
    );
    s.js("const t = document.getElementById('id'); t.value = 'urn:x:y'; t.dispatchEvent(new Event('input', {bubbles: true}));");
    s.wait(
        "the next edit",
        "return document.querySelector('#input-line').textContent === 'urn:x:y' && location.search.includes('urn%3Ax%3Ay')",
    );
}
