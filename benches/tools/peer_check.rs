//! The reference program for `scripts/bench-check.sh`: validates one identifier a line with a
//! peer crate, the way `idbench check --quiet` does with the engine, so the two processes can
//! be timed against each other.
//!
//! ```text
//! cargo run --release --example peer-check -- fluent-uri|iri-string|urn|lines [FILE]
//! ```
//!
//! - `fluent-uri`: `fluent_uri::UriRef::parse` (RFC 3986 URI-reference), against `--profile
//!   rfc3986`;
//! - `iri-string`: `iri_string::types::IriReferenceStr::new` (RFC 3987 IRI-reference),
//!   against `--profile rfc3987`;
//! - `urn`: `urn::UrnSlice::try_from` (RFC 8141 namestring), against `--profile rfc8141`;
//! - `lines`: no check at all, every line counted valid: the bare line-reading loop, the
//!   floor any checker reading the same file one line at a time stands on.
//!
//! `peer-check split PEER FILE OUT-VALID OUT-INVALID` writes the lines PEER accepts to
//! OUT-VALID and the others to OUT-INVALID (for timing the invalid lines alone,
//! `scripts/measure-first-error.sh`).
//!
//! `peer-check memory PEER FILE [ROUNDS]` reads FILE's lines into memory first (blank lines
//! left out, a line that is not UTF-8 left out too) and times only PEER's checks of them:
//! ROUNDS passes (5 unless given), the best pass's nanoseconds a line printed on stdout
//! with the tally (`ns_per_line 81.2 valid 796444 invalid 203556`). What the Arrow
//! kernels' `valid` is timed against: the kernel too gets its strings in memory
//! (`scripts/measure-first-error.sh` with `PYTHON`).
//!
//! The loop is the one `check` runs: a 64 KiB buffered reader, one line at a time, CR/LF
//! stripped, lines that are not UTF-8 counted invalid; the tally goes to stderr and the exit
//! code is 1 when any line is invalid.

use std::io::{BufRead, BufReader, Read};

fn valid(peer: &str, s: &str) -> bool {
    match peer {
        "fluent-uri" => fluent_uri::UriRef::parse(s).is_ok(),
        "iri-string" => iri_string::types::IriReferenceStr::new(s).is_ok(),
        "lines" => true,
        _ => urn::UrnSlice::try_from(s).is_ok(),
    }
}

fn run(peer: &str, reader: impl Read, tally: &mut [u64; 2]) -> std::io::Result<()> {
    let mut reader = BufReader::with_capacity(1 << 16, reader);
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let mut bytes = line.as_slice();
        bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let ok = if peer == "lines" {
            std::hint::black_box(bytes);
            true
        } else {
            std::str::from_utf8(bytes).is_ok_and(|s| valid(peer, s))
        };
        tally[usize::from(!ok)] += 1;
    }
}

/// `memory PEER FILE [ROUNDS]`.
fn memory(args: &[String]) -> std::io::Result<()> {
    let (Some(peer), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: peer-check memory fluent-uri|iri-string|urn|lines FILE [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(5).max(1);
    let text = std::fs::read(file)?;
    let lines: Vec<&str> = text
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.is_empty())
        .filter_map(|l| std::str::from_utf8(l).ok())
        .collect();
    let mut best = f64::INFINITY;
    let mut tally = [0u64; 2];
    for _ in 0..rounds {
        tally = [0; 2];
        let t = std::time::Instant::now();
        for &s in &lines {
            let ok = valid(peer, std::hint::black_box(s));
            tally[usize::from(!ok)] += 1;
        }
        best = best.min(t.elapsed().as_nanos() as f64);
    }
    println!(
        "ns_per_line {:.1} valid {} invalid {}",
        best / lines.len().max(1) as f64,
        tally[0],
        tally[1]
    );
    Ok(())
}

/// `split PEER FILE OUT-VALID OUT-INVALID`.
fn split(args: &[String]) -> std::io::Result<()> {
    use std::io::Write;
    let [peer, file, ok, bad] = args else {
        eprintln!("usage: peer-check split fluent-uri|iri-string|urn FILE OUT-VALID OUT-INVALID");
        std::process::exit(2);
    };
    let text = std::fs::read(file)?;
    let mut outs = [
        std::io::BufWriter::new(std::fs::File::create(ok)?),
        std::io::BufWriter::new(std::fs::File::create(bad)?),
    ];
    for line in text.split_inclusive(|&b| b == b'\n') {
        let mut bytes = line.strip_suffix(b"\n").unwrap_or(line);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        if bytes.is_empty() {
            continue;
        }
        let ok = std::str::from_utf8(bytes).is_ok_and(|s| valid(peer, s));
        outs[usize::from(!ok)].write_all(line)?;
    }
    for o in &mut outs {
        o.flush()?;
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("split") => return split(&args[1..]),
        Some("memory") => return memory(&args[1..]),
        _ => {}
    }
    let peer = match args.first().map(String::as_str) {
        Some(p @ ("fluent-uri" | "iri-string" | "urn" | "lines")) => p.to_string(),
        _ => {
            eprintln!("usage: peer-check fluent-uri|iri-string|urn|lines [FILE]");
            std::process::exit(2);
        }
    };
    let mut tally = [0u64; 2];
    match args.get(1) {
        Some(f) => run(&peer, std::fs::File::open(f)?, &mut tally)?,
        None => run(&peer, std::io::stdin().lock(), &mut tally)?,
    }
    eprintln!("{} valid, {} invalid", tally[0], tally[1]);
    std::process::exit(if tally[1] == 0 { 0 } else { 1 });
}
