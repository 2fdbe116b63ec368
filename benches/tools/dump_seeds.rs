//! Writes the fuzz seed corpora from the spec examples (`idbench::idsets::all()`), one file
//! per input, into `DIR/parse`, `DIR/forms`, `DIR/resolve`, `DIR/compare`, `DIR/quick` and
//! `DIR/render`; the last three also get big shapes of 1 to 4 KiB (deep nesting, long runs
//! of percent-encodings, of path segments and of bad characters), so that the fuzzer starts
//! from inputs as long as its `-max_len=4096` allows instead of growing them from ~100 bytes.
//!
//! ```text
//! cargo run --example dump-seeds -- fuzz/corpus
//! ```
//!
//! The resolve and compare targets read `first\nsecond`; the compare target's first byte
//! picks its options, so its seeds start with a zero byte (the defaults).

use std::path::Path;

use idbench::idsets::{self, Expect};

fn write(dir: &Path, name: &str, n: usize, bytes: &[u8]) -> std::io::Result<()> {
    let d = dir.join(name);
    std::fs::create_dir_all(&d)?;
    std::fs::write(d.join(format!("spec-{n:05}")), bytes)
}

/// Inputs of 1 to 4 KiB in the shapes that once made an output or a parse grow faster than
/// the input.
fn big_shapes() -> Vec<String> {
    let mut v = Vec::new();
    for n in [256usize, 1000] {
        v.push(format!("{}=b{}", "=a*(".repeat(n / 4), ")".repeat(n / 4)));
        v.push(format!("urn:example:{}", "%41".repeat(n / 3)));
        v.push(format!("http://example.com/{}", "a/".repeat(n / 2)));
        v.push(format!("http://example.com/{}", " ".repeat(n)));
        v.push(format!("xri://@a{}", "*(xri://=b".repeat(n / 10)));
        v.push(format!("http://[{}]/", "1:".repeat(n / 2)));
        v.push("%".repeat(n));
        v.push("\u{202E}x".repeat(n / 4));
        v.push(format!("http://{}/", "é".repeat(n / 2)));
    }
    v
}

fn main() -> std::io::Result<()> {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: dump-seeds DIR");
        std::process::exit(2);
    };
    let dir = Path::new(&dir);
    let mut counts = [0usize; 4];
    let all = idsets::all();
    for (n, s) in all
        .iter()
        .map(|e| e.id.clone())
        .chain(big_shapes())
        .enumerate()
    {
        write(dir, "quick", n, s.as_bytes())?;
        write(dir, "render", n, s.as_bytes())?;
    }
    for (n, s) in big_shapes().iter().enumerate() {
        write(dir, "parse", all.len() + n, s.as_bytes())?;
    }
    for (n, e) in all.into_iter().enumerate() {
        write(dir, "parse", n, e.id.as_bytes())?;
        write(dir, "forms", n, e.id.as_bytes())?;
        counts[0] += 1;
        counts[1] += 1;
        match &e.expect {
            Expect::Resolves { base, .. } => {
                write(dir, "resolve", n, format!("{base}\n{}", e.id).as_bytes())?;
                counts[2] += 1;
            }
            Expect::Pair { other, .. } => {
                write(dir, "compare", n, format!("\0{}\n{other}", e.id).as_bytes())?;
                counts[3] += 1;
            }
            _ => {
                // A lone identifier: resolved against the spec's example base, compared
                // with itself.
                write(dir, "resolve", n, e.id.as_bytes())?;
                write(dir, "compare", n, format!("\0{}", e.id).as_bytes())?;
                counts[2] += 1;
                counts[3] += 1;
            }
        }
    }
    eprintln!(
        "seeds: parse {} (+ big shapes), forms {}, resolve {}, compare {}, quick and render \
         the parse seeds (in {})",
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        dir.display()
    );
    Ok(())
}
