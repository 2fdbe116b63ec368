#!/usr/bin/env python3
"""Writes the synthetic mixed URL set of the WHATWG benchmark: LINES lines (default
1,000,000), deterministic for a seed, about half of them clean web URLs and half the dirt
that URL lists hold (about half of those fail the URL Standard's basic URL parser).

    scripts/gen-mixed-urls.py [LINES] [SEED] > FILE

The clean half: http, https, ws, ftp and file URLs with hosts of one to four labels, ports,
paths of words and numbers, queries and fragments, some IPv4 and IPv6 hosts, some
non-special URLs (mailto:, urn:, data:, tel:, git+ssh://) and opaque paths.

The dirty half, one defect a line, each as often as the next: spaces and tabs, a
non-ASCII path, query or fragment, an internationalized domain, an upper-case scheme or
host, backslashes for slashes, a missing or extra slash after a special scheme, a stray or
bad percent-encoding, credentials, a default port, dot segments, a relative reference (no
scheme: fails without a base), a bad port (letters, over 65535), a forbidden host code
point, an empty host, a bad IPv4 (too many parts, a part over 255), a bad IPv6 (unclosed,
bad piece), and leading or trailing spaces and C0 controls.

Python's own `random.Random(seed)` makes the choices, so a seed gives the same file on every
machine with Python 3.
"""

import random
import sys

WORDS = [
    "index", "about", "news", "blog", "api", "v1", "v2", "users", "images", "static",
    "assets", "docs", "search", "products", "category", "item", "view", "article", "2024",
    "archive", "en", "de", "help", "support", "login", "account", "cart", "media", "files",
    "download", "wiki", "page", "post", "comments", "feed", "rss", "json", "data", "report",
    "events", "maps", "node_modules", "lib", "src", "main.js", "style.css", "logo.png",
]
HOSTS = [
    "example", "google", "wikipedia", "github", "amazon", "bbc", "nytimes", "mozilla",
    "apache", "cdn", "static", "img", "mail", "shop", "news", "api", "docs", "my-site",
    "a1", "xn--bcher-kva", "login", "secure", "update", "support-apple", "paypal",
]
TLDS = ["com", "org", "net", "de", "io", "co.uk", "fr", "jp", "info", "edu", "gov", "ru"]
UNICODE_WORDS = ["café", "日本語", "привет", "ü", "naïve", "東京", "مرحبا", "👍", "ß"]
IDN_HOSTS = ["bücher.de", "例え.jp", "пример.рф", "mañana.com", "faß.de", "xn--nxasmq6b.com"]


def host(r):
    labels = [r.choice(HOSTS) for _ in range(r.randint(0, 2))]
    return ".".join(labels + [r.choice(HOSTS), r.choice(TLDS)])


def path(r):
    return "".join("/" + r.choice(WORDS) for _ in range(r.randint(0, 5)))


def query(r):
    if r.random() < 0.35:
        return "?" + "&".join(
            f"{r.choice(WORDS)}={r.choice(WORDS)}{r.randint(0, 999)}" for _ in range(r.randint(1, 4))
        )
    return ""


def fragment(r):
    return "#" + r.choice(WORDS) if r.random() < 0.1 else ""


def clean(r):
    k = r.random()
    if k < 0.70:
        scheme = r.choice(["https", "https", "http", "http", "ws", "wss", "ftp"])
        port = f":{r.choice([8080, 8443, 3000, 21, 5000])}" if r.random() < 0.05 else ""
        return f"{scheme}://{host(r)}{port}{path(r)}{query(r)}{fragment(r)}"
    if k < 0.78:
        return "file://" + path(r) + "/" + r.choice(WORDS)
    if k < 0.83:
        return f"http://{r.randint(1, 223)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}{path(r)}"
    if k < 0.86:
        return f"http://[2001:db8::{r.randint(1, 9999):x}]:{r.randint(1024, 65535)}{path(r)}"
    if k < 0.90:
        return f"mailto:{r.choice(WORDS)}@{host(r)}"
    if k < 0.93:
        return f"urn:isbn:{r.randint(10**9, 10**10 - 1)}"
    if k < 0.96:
        return f"git+ssh://git@{host(r)}{path(r)}.git"
    if k < 0.98:
        return f"tel:+{r.randint(10**9, 10**11)}"
    return "data:text/plain;base64,SGVsbG8gV29ybGQ="


def dirty(r):
    base = f"https://{host(r)}{path(r)}"
    k = r.randrange(20)
    if k == 0:
        return base + "/" + r.choice(WORDS) + " " + r.choice(WORDS) + "\t" + query(r)
    if k == 1:
        return base + "/" + r.choice(UNICODE_WORDS) + "?q=" + r.choice(UNICODE_WORDS) + "#" + r.choice(UNICODE_WORDS)
    if k == 2:
        return f"https://{r.choice(IDN_HOSTS)}{path(r)}"
    if k == 3:
        return f"HTTP://{host(r).upper()}{path(r)}"
    if k == 4:
        return f"http:\\\\{host(r)}\\{r.choice(WORDS)}\\{r.choice(WORDS)}"
    if k == 5:
        return r.choice(["http:", "https:/", "https:///"]) + host(r) + path(r)
    if k == 6:
        return base + "/%" + r.choice(["", "zz", "4", "E9%", "%%"]) + r.choice(WORDS)
    if k == 7:
        return f"https://{r.choice(WORDS)}:{r.choice(WORDS)}@{host(r)}{path(r)}"
    if k == 8:
        return f"http://{host(r)}:80{path(r)}"
    if k == 9:
        return f"https://{host(r)}/{r.choice(WORDS)}/../{r.choice(WORDS)}/./{r.choice(WORDS)}"
    if k == 10:
        return r.choice(["", "/", "./", "../", "//", "?", "#"]) + r.choice(WORDS) + path(r)
    if k == 11:
        return f"www.{host(r)}{path(r)}"
    if k == 12:
        return f"https://{host(r)}:{r.choice(['8o8o', '99999', '-1', 'abc', '65536'])}{path(r)}"
    if k == 13:
        return f"https://{r.choice(WORDS)}{r.choice(['<', '>', '^', '|', '%00', ' '])}{r.choice(WORDS)}.com{path(r)}"
    if k == 14:
        return r.choice(["https://", "http://:80/", "https://@/", "ftp://?q"]) + path(r)
    if k == 15:
        return f"http://{r.randint(1, 999)}.{r.randint(0, 999)}.{r.randint(0, 9)}.{r.randint(0, 999)}.{r.randint(0, 9)}{path(r)}"
    if k == 16:
        return f"http://{r.randint(256, 9999)}.0.0.1{path(r)}"
    if k == 17:
        return r.choice(["http://[::1", "http://[1:2:3]", "http://[::g]", "http://[1::2::3]"]) + path(r)
    if k == 18:
        return r.choice(["  ", "\x01", " \x1f"]) + base + r.choice([" ", "  ", "\x00"])
    return f"{r.choice(['javascript', 'about', 'blob', 'chrome-extension'])}:{r.choice(WORDS)}{path(r)}"


def main():
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 42
    r = random.Random(seed)
    out = sys.stdout
    buf = []
    for i in range(lines):
        line = clean(r) if r.random() < 0.5 else dirty(r)
        # A line of the set never holds a newline: each line is one input.
        buf.append(line.replace("\n", "").replace("\r", ""))
        if len(buf) >= 10000:
            out.write("\n".join(buf) + "\n")
            buf = []
    if buf:
        out.write("\n".join(buf) + "\n")


if __name__ == "__main__":
    main()
