//! `idbench check`: streams one identifier per line; memory does not grow with the number
//! of lines.
//!
//! The input is cut into chunks of whole lines. With one job they are judged and printed in
//! turn; with more, worker threads judge them and one writer prints their outputs in input
//! order, while a fixed number of chunk tokens bounds how much is in flight.

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::{CheckArgs, Format, json};
use crate::engine::validate::quick_valid_bytes;
use crate::engine::{Profile, first_error};

/// A chunk is cut after the line that brings it past this many bytes.
const CHUNK_BYTES: usize = 256 * 1024;

#[derive(Clone, Copy, Default)]
struct Tally {
    valid: u64,
    invalid: u64,
}

/// What every chunk needs to be judged and printed.
struct Ctx {
    profile: Option<Profile>,
    format: Format,
    quiet: bool,
    /// The source names (escaped for the terminal), when files were given.
    names: Option<Vec<String>>,
    /// The same, as given (for JSON).
    raw_names: Vec<String>,
    /// The same, as JSON strings (quoted and escaped), for the direct JSON path.
    json_names: Vec<String>,
}

/// Buffers handed back after use, so that a long check does not allocate (and fault in)
/// fresh memory for every chunk and every chunk's output.
#[derive(Default)]
struct Pool(Mutex<Vec<Vec<u8>>>);

impl Pool {
    /// An empty buffer, reused when one is free.
    fn take(&self) -> Vec<u8> {
        self.0
            .lock()
            .ok()
            .and_then(|mut free| free.pop())
            .unwrap_or_default()
    }
    /// Keeps `buf` for reuse, unless it grew past a few chunks (for one very long line)
    /// or enough are kept already: the pool holds at most 64 × 1 MiB.
    fn give(&self, mut buf: Vec<u8>) {
        if buf.capacity() > 4 * CHUNK_BYTES {
            return;
        }
        buf.clear();
        if let Ok(mut free) = self.0.lock()
            && free.len() < 64
        {
            free.push(buf);
        }
    }
}

/// Whole lines of one source, starting at line `first_line` (1-based).
struct Chunk {
    seq: u64,
    source: usize,
    first_line: u64,
    data: Vec<u8>,
}

/// The verdict on one line: the profile shown and the first error's code, if any.
fn judge(bytes: &[u8], profile: Option<Profile>) -> (&'static str, Result<(), &'static str>) {
    // The quick path first, the full grammar only for what it cannot vouch for; the code
    // is a static string, so nothing is copied unless the line is printed. With a profile
    // given, a line the quick path accepts needs no UTF-8 check of its own:
    // `quick_valid_bytes` accepts only UTF-8.
    match profile {
        Some(p) if quick_valid_bytes(p, bytes) => (p.name(), Ok(())),
        _ => match std::str::from_utf8(bytes) {
            Ok(s) => {
                let (p, first) = first_error(s, profile);
                (p.name(), first.map_or(Ok(()), Err))
            }
            Err(_) => (profile.map_or("auto", |p| p.name()), Err("not-utf8")),
        },
    }
}

struct LineJson<'a> {
    input: &'a str,
    profile: &'static str,
    verdict: Result<(), &'static str>,
    file: Option<&'a str>,
    line: u64,
}

impl Serialize for LineJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Line", 6)?;
        m.serialize_field("input", self.input)?;
        m.serialize_field("profile", self.profile)?;
        m.serialize_field("valid", &self.verdict.is_ok())?;
        m.serialize_field("first_error", &self.verdict.err())?;
        if let Some(f) = self.file {
            m.serialize_field("file", f)?;
        }
        m.serialize_field("line", &self.line)?;
        m.end()
    }
}

/// One text line: `[FILE:LINE: ]valid<TAB>PROFILE<TAB>INPUT` or `...<TAB>CODE`. A line of
/// printable ASCII is written as it is (nothing in it needs a token); any other goes through
/// `safe_text::escape`.
fn text_line(
    out: &mut Vec<u8>,
    ctx: &Ctx,
    file: Option<usize>,
    line_no: u64,
    bytes: &[u8],
    profile: &str,
    verdict: Result<(), &'static str>,
) {
    if let (Some(f), Some(names)) = (file, &ctx.names) {
        out.extend_from_slice(names[f].as_bytes());
        out.push(b':');
        out.extend_from_slice(itoa::Buffer::new().format(line_no).as_bytes());
        out.extend_from_slice(b": ");
    }
    out.extend_from_slice(if verdict.is_ok() {
        b"valid\t"
    } else {
        b"invalid\t"
    });
    out.extend_from_slice(profile.as_bytes());
    out.push(b'\t');
    if json::plain_ascii(bytes) {
        out.extend_from_slice(bytes);
    } else {
        let input = String::from_utf8_lossy(bytes);
        out.extend_from_slice(crate::safe_text::escape(&input).as_bytes());
    }
    if let Err(code) = verdict {
        out.push(b'\t');
        out.extend_from_slice(code.as_bytes());
    }
    out.push(b'\n');
}

/// One JSON line. A line of printable ASCII without `"` or `\\` is a JSON string as it is,
/// so the common line is written directly (same keys, same order as [`LineJson`]); any
/// other goes through serde with the safe escapes.
fn json_line(
    out: &mut Vec<u8>,
    ctx: &Ctx,
    file: Option<usize>,
    line_no: u64,
    bytes: &[u8],
    profile: &'static str,
    verdict: Result<(), &'static str>,
) {
    let file_name = file.map(|f| ctx.raw_names[f].as_str());
    if json::plain_json_ascii(bytes) {
        out.extend_from_slice(b"{\"input\":\"");
        out.extend_from_slice(bytes);
        out.extend_from_slice(b"\",\"profile\":\"");
        out.extend_from_slice(profile.as_bytes());
        match verdict {
            Ok(()) => out.extend_from_slice(b"\",\"valid\":true,\"first_error\":null"),
            Err(code) => {
                out.extend_from_slice(b"\",\"valid\":false,\"first_error\":\"");
                out.extend_from_slice(code.as_bytes());
                out.push(b'"');
            }
        }
        if let Some(f) = file {
            out.extend_from_slice(b",\"file\":");
            out.extend_from_slice(ctx.json_names[f].as_bytes());
        }
        out.extend_from_slice(b",\"line\":");
        out.extend_from_slice(itoa::Buffer::new().format(line_no).as_bytes());
        out.extend_from_slice(b"}\n");
        return;
    }
    let input = String::from_utf8_lossy(bytes);
    let _ = json::write_line(
        out,
        &LineJson {
            input: &input,
            profile,
            verdict,
            file: file_name,
            line: line_no,
        },
    );
}

/// Judges every line of `chunk`, appending what is printed to `out`.
fn process(chunk: &Chunk, ctx: &Ctx, out: &mut Vec<u8>) -> Tally {
    let mut tally = Tally::default();
    let data = chunk.data.as_slice();
    let mut start = 0;
    let mut line_no = chunk.first_line;
    while start < data.len() {
        let end = memchr::memchr(b'\n', &data[start..]).map_or(data.len(), |k| start + k);
        let mut bytes = &data[start..end];
        start = end + 1;
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let (shown_profile, verdict) = judge(bytes, ctx.profile);
        match verdict {
            Ok(()) => tally.valid += 1,
            Err(_) => tally.invalid += 1,
        }
        if !ctx.quiet {
            let file = ctx.names.as_ref().map(|_| chunk.source);
            match ctx.format {
                Format::Text => text_line(out, ctx, file, line_no, bytes, shown_profile, verdict),
                Format::Json => json_line(out, ctx, file, line_no, bytes, shown_profile, verdict),
            }
        }
        line_no += 1;
    }
    tally
}

/// Reads the source in blocks and hands it to `sink` in chunks of whole lines (a line
/// longer than a chunk makes its chunk longer) until the source ends, `sink` fails or
/// `stop` is set. No per-line work here: the reader is the one serial stage of a parallel
/// check, so it only finds the last newline of each block and counts the newlines (for
/// the next chunk's first line number).
fn read_chunks(
    mut reader: impl Read,
    source: usize,
    stop: &AtomicBool,
    pool: &Pool,
    mut sink: impl FnMut(Chunk) -> io::Result<()>,
) -> io::Result<()> {
    let mut line = 1u64;
    let mut carry: Vec<u8> = Vec::new();
    loop {
        let mut data = pool.take();
        data.reserve(CHUNK_BYTES + 4096);
        data.append(&mut carry);
        let mut read_error = None;
        let mut at_end = false;
        // Fill to CHUNK_BYTES, and on until a newline has been read (or the source ends).
        // The carried bytes hold no newline; each byte is searched once.
        let mut searched = data.len();
        loop {
            let want = if data.len() < CHUNK_BYTES {
                CHUNK_BYTES - data.len()
            } else {
                CHUNK_BYTES
            } as u64;
            match reader.by_ref().take(want).read_to_end(&mut data) {
                Ok(n) if (n as u64) < want => {
                    at_end = true;
                    break;
                }
                Ok(_) => {}
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            }
            if data.len() >= CHUNK_BYTES {
                if memchr::memchr(b'\n', &data[searched..]).is_some() {
                    break;
                }
                searched = data.len();
            }
        }
        if !at_end
            && read_error.is_none()
            && let Some(cut) = memchr::memrchr(b'\n', &data)
        {
            carry.extend_from_slice(&data[cut + 1..]);
            data.truncate(cut + 1);
        }
        if !data.is_empty() {
            let first_line = line;
            line += memchr::memchr_iter(b'\n', &data).count() as u64;
            sink(Chunk {
                seq: 0,
                source,
                first_line,
                data,
            })?;
        }
        if let Some(e) = read_error {
            return Err(e);
        }
        if at_end || stop.load(Ordering::Relaxed) {
            return Ok(());
        }
    }
}

/// One source to read: stdin or a file.
fn open(path: Option<&Path>) -> io::Result<Box<dyn Read + Send>> {
    match path {
        None => Ok(Box::new(io::stdin())),
        Some(p) if p == Path::new("-") => Ok(Box::new(io::stdin())),
        Some(p) => {
            let f = std::fs::File::open(p)?;
            if f.metadata()?.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "is a directory",
                ));
            }
            Ok(Box::new(f))
        }
    }
}

/// Says on stderr that a source could not be read (the path escaped for the terminal).
fn report_io(path: Option<&Path>, e: &io::Error) {
    let name = path.map_or_else(|| "-".into(), |p| p.to_string_lossy().into_owned());
    let _ = writeln!(
        io::stderr(),
        "idbench: {}: {e}",
        crate::safe_text::escape(&name)
    );
}

/// Every source in turn, each chunk handed to `sink`. Returns whether a source failed.
fn read_all(
    paths: &[Option<&Path>],
    stop: &AtomicBool,
    pool: &Pool,
    mut sink: impl FnMut(Chunk) -> io::Result<()>,
) -> io::Result<bool> {
    let mut io_failed = false;
    for (source, path) in paths.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let reader = match open(*path) {
            Ok(r) => r,
            Err(e) => {
                report_io(*path, &e);
                io_failed = true;
                continue;
            }
        };
        let mut sink_error = None;
        let r = read_chunks(reader, source, stop, pool, |c| {
            sink(c).map_err(|e| {
                // The output failed, not the source: stop everything.
                let kind = e.kind();
                sink_error = Some(e);
                io::Error::new(kind, "output")
            })
        });
        if let Some(e) = sink_error {
            return Err(e);
        }
        if let Err(e) = r {
            report_io(*path, &e);
            io_failed = true;
        }
    }
    Ok(io_failed)
}

/// One job: read, judge and print in turn.
fn run_serial(
    paths: &[Option<&Path>],
    ctx: &Ctx,
    out: &mut impl Write,
) -> io::Result<(Tally, bool)> {
    let stop = AtomicBool::new(false);
    let pool = Pool::default();
    let mut tally = Tally::default();
    let mut buf = Vec::new();
    let failed = read_all(paths, &stop, &pool, |chunk| {
        buf.clear();
        let t = process(&chunk, ctx, &mut buf);
        pool.give(chunk.data);
        tally.valid += t.valid;
        tally.invalid += t.invalid;
        out.write_all(&buf)
    })?;
    Ok((tally, failed))
}

/// `jobs` workers judge chunks while this thread prints their outputs in input order; a
/// reader thread cuts the sources into chunks. At most `4 × jobs` chunks are in flight
/// (read but not yet printed), so memory stays flat however long the input. The workers
/// format their chunks' output, so the writer only copies bytes; input and output buffers
/// go back to pools for reuse.
fn run_parallel(
    paths: &[Option<&Path>],
    ctx: &Ctx,
    out: &mut impl Write,
    jobs: usize,
) -> io::Result<(Tally, bool)> {
    let window = 4 * jobs;
    let stop = AtomicBool::new(false);
    let (inputs, outputs) = (Pool::default(), Pool::default());
    let (inputs, outputs) = (&inputs, &outputs);
    let (work_tx, work_rx) = mpsc::sync_channel::<Chunk>(window);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, Vec<u8>, Tally)>(window);
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        let _ = token_tx.send(());
    }
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let work_rx = &work_rx;
            s.spawn(move || {
                loop {
                    let next = match work_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok(chunk) = next else { return };
                    let mut buf = outputs.take();
                    let t = process(&chunk, ctx, &mut buf);
                    let seq = chunk.seq;
                    inputs.give(chunk.data);
                    if done_tx.send((seq, buf, t)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let stop = &stop;
        let reader = s.spawn(move || {
            let mut seq = 0u64;
            let closed = || io::Error::new(io::ErrorKind::BrokenPipe, "output closed");
            let r = read_all(paths, stop, inputs, |mut chunk| {
                // Wait for a free slot, then number the chunk: the writer prints in this order.
                if token_rx.recv().is_err() || stop.load(Ordering::Relaxed) {
                    return Err(closed());
                }
                chunk.seq = seq;
                seq += 1;
                work_tx.send(chunk).map_err(|_| closed())
            });
            drop(work_tx);
            r
        });
        // The writer: print each chunk once all before it are printed.
        let mut pending: BTreeMap<u64, (Vec<u8>, Tally)> = BTreeMap::new();
        let mut next = 0u64;
        let mut tally = Tally::default();
        let mut written = Ok(());
        for (seq, buf, t) in done_rx {
            pending.insert(seq, (buf, t));
            while let Some((buf, t)) = pending.remove(&next) {
                next += 1;
                tally.valid += t.valid;
                tally.invalid += t.invalid;
                if written.is_ok()
                    && let Err(e) = out.write_all(&buf)
                {
                    stop.store(true, Ordering::Relaxed);
                    written = Err(e);
                }
                outputs.give(buf);
                let _ = token_tx.send(());
            }
        }
        drop(token_tx);
        let read = reader
            .join()
            .map_err(|_| io::Error::other("the reading thread failed"))?;
        written?;
        let failed = read?;
        Ok((tally, failed))
    })
}

pub(super) fn run(args: &CheckArgs) -> io::Result<u8> {
    let jobs = match args.jobs {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let paths: Vec<Option<&Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|p| Some(p.as_path())).collect()
    };
    let raw_names: Vec<String> = args
        .files
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let ctx = Ctx {
        profile: args.common.profile.0,
        format: args.common.format,
        quiet: args.quiet,
        // `check -` alone is stdin, like no file at all: no prefix.
        names: (!args.files.iter().all(|f| f.as_os_str() == "-")).then(|| {
            raw_names
                .iter()
                .map(|n| crate::safe_text::escape(n).into_owned())
                .collect()
        }),
        json_names: raw_names.iter().map(json::to_string).collect(),
        raw_names,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let (tally, io_failed) = if jobs <= 1 {
        run_serial(&paths, &ctx, &mut out)?
    } else {
        run_parallel(&paths, &ctx, &mut out, jobs)?
    };
    out.flush()?;
    let _ = writeln!(
        io::stderr(),
        "{} valid, {} invalid",
        tally.valid,
        tally.invalid
    );
    Ok(if io_failed {
        2
    } else if tally.invalid == 0 {
        0
    } else {
        1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(format: Format) -> Ctx {
        Ctx {
            profile: Some(Profile::Rfc3986),
            format,
            quiet: false,
            names: None,
            raw_names: Vec::new(),
            json_names: Vec::new(),
        }
    }

    #[test]
    fn the_direct_json_line_names_the_file_as_serde_does() {
        let mut c = ctx(Format::Json);
        let name = "dir/\u{202e}a \"b\".txt".to_string();
        c.names = Some(vec![name.clone()]);
        c.json_names = vec![json::to_string(&name)];
        c.raw_names = vec![name.clone()];
        let mut fast = Vec::new();
        json_line(&mut fast, &c, Some(0), 3, b"http://a/", "rfc3986", Ok(()));
        let mut slow = Vec::new();
        let v = LineJson {
            input: "http://a/",
            profile: "rfc3986",
            verdict: Ok(()),
            file: Some(&name),
            line: 3,
        };
        json::write_line(&mut slow, &v).expect("vec");
        assert_eq!(
            String::from_utf8_lossy(&fast),
            String::from_utf8_lossy(&slow)
        );
        assert!(!String::from_utf8_lossy(&fast).contains('\u{202e}'));
    }

    #[test]
    fn the_direct_json_line_is_what_serde_writes() {
        for (line, verdict) in [
            ("http://a/", Ok(())),
            ("http://a b/", Err("illegal-char")),
            ("", Err("empty")),
        ] {
            let mut fast = Vec::new();
            json_line(
                &mut fast,
                &ctx(Format::Json),
                None,
                7,
                line.as_bytes(),
                "rfc3986",
                verdict,
            );
            let mut slow = Vec::new();
            let v = LineJson {
                input: line,
                profile: "rfc3986",
                verdict,
                file: None,
                line: 7,
            };
            json::write_line(&mut slow, &v).expect("vec");
            assert_eq!(
                String::from_utf8_lossy(&fast),
                String::from_utf8_lossy(&slow)
            );
        }
    }

    /// Chunks are whole lines, cover the input exactly, and carry the right first line
    /// numbers, across block boundaries, a line longer than a chunk, and a last line
    /// without a newline.
    #[test]
    fn chunks_cut_at_newlines_and_count_lines() {
        let mut input = Vec::new();
        let mut lines = 0u64;
        for k in 0..30_000u64 {
            let len = match k {
                7_000 => CHUNK_BYTES + 12_345,
                20_000 => 3 * CHUNK_BYTES,
                _ => (k * 7919 % 97) as usize,
            };
            input.extend(std::iter::repeat_n(b'a' + (k % 26) as u8, len));
            if k % 1000 == 999 {
                input.push(b'\r');
            }
            input.push(b'\n');
            lines += 1;
        }
        input.extend_from_slice(b"last line, no newline");
        lines += 1;
        let stop = AtomicBool::new(false);
        let mut chunks = Vec::new();
        read_chunks(io::Cursor::new(&input), 0, &stop, &Pool::default(), |c| {
            chunks.push(c);
            Ok(())
        })
        .expect("in memory");
        assert!(chunks.len() > 5, "{} chunks", chunks.len());
        let mut joined = Vec::new();
        let mut next_line = 1;
        for (i, c) in chunks.iter().enumerate() {
            assert_eq!(c.first_line, next_line, "chunk {i}");
            let last = i + 1 == chunks.len();
            assert!(last || c.data.ends_with(b"\n"), "chunk {i} cuts a line");
            next_line += c.data.iter().filter(|&&b| b == b'\n').count() as u64;
            joined.extend_from_slice(&c.data);
        }
        assert_eq!(joined, input);
        assert_eq!(next_line, lines);
        // And judged, every line is counted once.
        let mut c = ctx(Format::Text);
        c.quiet = true;
        let total: u64 = chunks
            .iter()
            .map(|ch| {
                let t = process(ch, &c, &mut Vec::new());
                t.valid + t.invalid
            })
            .sum();
        assert_eq!(total, lines);
    }

    #[test]
    fn text_lines_escape_what_is_not_plain_ascii() {
        let mut out = Vec::new();
        text_line(
            &mut out,
            &ctx(Format::Text),
            None,
            1,
            b"a\x1bb\xff",
            "auto",
            Err("not-utf8"),
        );
        assert_eq!(
            String::from_utf8_lossy(&out),
            "invalid\tauto\ta⟨U+001B⟩b\u{FFFD}\tnot-utf8\n"
        );
    }
}
