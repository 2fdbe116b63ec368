//! Reading the files a user names (config, themes, grammars, drafts, corpora, the history):
//! a regular file only, as UTF-8, never more than a cap, so reading can neither block on a
//! FIFO nor run forever on a device. The CLI and the workbench both use it. Writing them
//! privately, following no planted link: [`private`].

pub mod private;

use std::io::Read as _;
use std::path::Path;

/// Reads the regular file at `path` as UTF-8, refusing anything else (a FIFO, a device such
/// as `/dev/zero`, a directory) and anything larger than `cap` bytes, so reading can neither
/// block nor run forever. Errors name the problem; the caller names the path.
pub fn read_regular(path: &Path, cap: u64) -> std::io::Result<String> {
    let not_regular = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a device, FIFO or directory)",
        )
    };
    // Looked at before opening: opening a FIFO blocks until a writer comes.
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let f = std::fs::File::open(path)?;
    if !f.metadata()?.is_file() {
        return Err(not_regular());
    }
    read_capped(f, cap)
}

/// Reads `f` as UTF-8, at most `cap` bytes.
pub fn read_capped(f: std::fs::File, cap: u64) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    f.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("larger than {cap} bytes"),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8"))
}
