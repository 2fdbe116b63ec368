//! `idbench check`: streams one identifier per line; memory does not grow with the input.

use std::io::{BufRead, BufReader, Read, Write};

use super::{CheckArgs, Format, emit};
use crate::engine::validate::quick_valid_bytes;
use crate::engine::{Profile, first_error};

struct Tally {
    valid: u64,
    invalid: u64,
}

fn check_stream(
    reader: impl Read,
    args: &CheckArgs,
    profile: Option<Profile>,
    out: &mut impl Write,
    tally: &mut Tally,
) -> std::io::Result<()> {
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
        // Judge the line (the quick path first, the full grammar only for what it cannot
        // vouch for); the verdict's code is a static string, so nothing is copied unless the
        // line is printed. With a profile given, a line the quick path accepts needs no
        // UTF-8 check of its own: `quick_valid_bytes` accepts only UTF-8.
        let (shown_profile, verdict): (&'static str, Result<(), &'static str>) = match profile {
            Some(p) if quick_valid_bytes(p, bytes) => (p.name(), Ok(())),
            _ => match std::str::from_utf8(bytes) {
                Ok(s) => {
                    let (p, first) = first_error(s, profile);
                    (p.name(), first.map_or(Ok(()), Err))
                }
                Err(_) => (profile.map_or("auto", |p| p.name()), Err("not-utf8")),
            },
        };
        match verdict {
            Ok(()) => tally.valid += 1,
            Err(_) => tally.invalid += 1,
        }
        if args.quiet {
            continue;
        }
        let input = String::from_utf8_lossy(bytes);
        let shown = crate::safe_text::escape(&input);
        let line = match (args.common.format, verdict) {
            (Format::Text, Ok(())) => format!("valid\t{shown_profile}\t{shown}\n"),
            (Format::Text, Err(code)) => {
                format!("invalid\t{shown_profile}\t{shown}\t{code}\n")
            }
            (Format::Json, v) => format!(
                "{}\n",
                serde_json::json!({
                    "input": input,
                    "profile": shown_profile,
                    "valid": v.is_ok(),
                    "first_error": v.err(),
                })
            ),
        };
        emit(out, &line)?;
    }
}

pub(super) fn run(args: &CheckArgs) -> std::io::Result<u8> {
    let profile = args.common.profile.0;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut tally = Tally {
        valid: 0,
        invalid: 0,
    };
    if args.files.is_empty() {
        check_stream(std::io::stdin().lock(), args, profile, &mut out, &mut tally)?;
    } else {
        for f in &args.files {
            let file = std::fs::File::open(f)
                .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", f.display())))?;
            check_stream(file, args, profile, &mut out, &mut tally)?;
        }
    }
    out.flush()?;
    eprintln!("{} valid, {} invalid", tally.valid, tally.invalid);
    Ok(if tally.invalid == 0 { 0 } else { 1 })
}
