//! Writes the fuzz seed corpora from the spec examples (`idbench::idsets::all()`), one file
//! per input, into `DIR/parse`, `DIR/forms`, `DIR/resolve` and `DIR/compare`.
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

fn main() -> std::io::Result<()> {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: dump-seeds DIR");
        std::process::exit(2);
    };
    let dir = Path::new(&dir);
    let mut counts = [0usize; 4];
    for (n, e) in idsets::all().into_iter().enumerate() {
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
        "seeds: parse {}, forms {}, resolve {}, compare {} (in {})",
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        dir.display()
    );
    Ok(())
}
