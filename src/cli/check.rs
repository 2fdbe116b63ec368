//! `idbench check`: streams one identifier per line; memory does not grow with the number
//! of lines.
//!
//! The input is cut into chunks of whole lines. With one job they are judged and printed in
//! turn; with more, worker threads judge them and one writer prints their outputs in input
//! order, while a fixed number of chunk tokens bounds how much is in flight.
//!
//! A line is held whole only up to [`LINE_LIMIT`]: a longer one is judged `line-too-long`
//! as soon as it passes the limit (its first [`HEAD_BYTES`] are kept to show it) and the
//! rest of it is read and dropped up to its newline, so memory stays bounded whatever the
//! length of a line. A line that never ends (`check /dev/zero`) is read for ever in
//! constant memory, as `wc -l /dev/zero` does; its verdict is printed when it passes the
//! limit.

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

use super::check_ctx::{Ctx, LINE_LIMIT, Lab, annotate};
use super::check_format::{self, Annotations, CheckFormat, FailOn, Finding};
use super::check_lines::{LabError, blank_line, json_line, text_line, too_long_line};
use super::check_namespaces::{NsExtra, namespace_extra, scheme_extra};
use super::{CheckArgs, Format, json};
use crate::engine::abnf::Scratch;
use crate::engine::descriptor::Quick;
use crate::engine::namespaces::LayerScratch;
use crate::engine::quick_check::quick_bytes;
use crate::engine::{Profile, Severity, Span, first_error, first_error_given, grammar_first_place};

/// A chunk is cut after the line that brings it past this many bytes.
const CHUNK_BYTES: usize = 256 * 1024;

/// How much of a line past [`LINE_LIMIT`] is kept, to show it (cut to whole characters).
const HEAD_BYTES: usize = 1024;

/// The most worker threads `--jobs` starts: more cannot run at once, and each costs a
/// stack and chunks in flight.
const JOBS_PER_CORE: usize = 4;

#[derive(Clone, Copy, Default)]
struct Tally {
    valid: u64,
    invalid: u64,
    /// Blank lines: no identifier to judge.
    skipped: u64,
    /// Warnings reported (namespace findings of severity warning or error), for `--fail-on`.
    warnings: u64,
    /// With `--agree`: lines the profiles read differently.
    disagree: u64,
}

/// The error object of a line that `profile` (by its name) judged invalid with `code`: the
/// profile's first error as `analyze` reports it (span, spec, message, expected set). Only
/// an invalid line printed as JSON pays for this second look; the verdict came from
/// [`judge`]'s quick path or [`first_error`], which keep no diagnostics.
///
/// The analysis made for it comes back too (when one was made), for `--namespaces` to
/// find the URN's parts in without a second parse.
fn profile_error(
    bytes: &[u8],
    profile: &str,
    code: &'static str,
    known: Option<Found>,
) -> (LabError, Option<crate::engine::Analysis>) {
    use crate::engine::Code;
    let own = |start: usize, end: usize| {
        let c = Code::from_name(code);
        LabError {
            code,
            start,
            end,
            expected: Vec::new(),
            spec: Some(c.map_or("", |c| c.section())),
            message: Some(match c {
                Some(Code::NotUtf8) => {
                    "The line is not UTF-8 from this byte: re-encode the input as UTF-8.".into()
                }
                Some(Code::LineTooLong) => format!(
                    "The line is longer than {} bytes and its error could not be located: \
                     run `idbench analyze` on it alone.",
                    crate::engine::FULL_PARSE_LIMIT
                )
                .into(),
                Some(c) => format!("{}.", c.head()).into(),
                None => "".into(),
            }),
        }
    };
    // The verdict's own run wrote the error (its line was UTF-8, under a profile, within
    // the parse limit): taken as it is, with no second check of the line.
    if let Some(Found::Explained(x)) = known {
        let e = match x.error.code.as_str() == code {
            true => explained_error(code, x),
            false => own(0, bytes.len()),
        };
        return (e, None);
    }
    let s = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let at = e.valid_up_to();
            return (
                own(at, at + e.error_len().unwrap_or(bytes.len() - at)),
                None,
            );
        }
    };
    let Ok(p) = profile.parse::<Profile>() else {
        return (own(0, s.len()), None);
    };
    if s.len() > crate::engine::FULL_PARSE_LIMIT {
        return (own(0, s.len()), None);
    }
    // A grammar whose first-error mode writes its failure's message (the URL Standard's)
    // gives the whole error object without an analysis (found with the verdict, when the
    // verdict's run was that mode's).
    if let Some(found) = crate::engine::specs::first_error_explained(p, s) {
        let e = match found {
            Some(x) if x.error.code.as_str() == code => explained_error(code, x),
            _ => own(0, s.len()),
        };
        return (e, None);
    }
    let a = crate::engine::analyze(s, &crate::engine::Options::validate_only(Some(p)));
    let e = match a.first_error() {
        Some(d) if d.code.as_str() == code => LabError {
            code,
            start: d.span.start,
            end: d.span.end,
            expected: d.expected.iter().map(|e| e.to_string()).collect(),
            spec: Some(d.spec),
            message: Some(d.message.clone().into()),
        },
        _ => own(0, s.len()),
    };
    (e, Some(a))
}

/// The error object of a first error written by its grammar's first-error mode.
fn explained_error(code: &'static str, x: crate::engine::first_error_mode::Explained) -> LabError {
    LabError {
        code,
        start: x.error.span.start,
        end: x.error.span.end,
        expected: x.error.expected.iter().map(|e| e.to_string()).collect(),
        spec: Some(x.error.spec),
        message: Some(x.message),
    }
}

/// Where the first error of a line that `profile` (by its name) judged invalid with `code`
/// is, as [`profile_error`] places it, from the first-error mode: the error object of the
/// text format, which shows its column and nothing else (no message, no expected set). The
/// verdict is known, so the grammar alone is asked (not the quick recognizer again), and
/// not even the grammar when the verdict's run found the place (`known`).
fn error_place(bytes: &[u8], profile: &str, code: &'static str, known: Option<Found>) -> LabError {
    let known = known.map(|k| match k {
        Found::Place(sp) => sp,
        Found::Explained(x) => x.error.span,
    });
    let (start, end) = match std::str::from_utf8(bytes) {
        Err(e) => {
            let at = e.valid_up_to();
            (at, at + e.error_len().unwrap_or(bytes.len() - at))
        }
        // Found with the verdict ([`judge_at`]).
        Ok(_) if known.is_some() => known.map_or((0, 0), |sp| (sp.start, sp.end)),
        Ok(s) => profile
            .parse::<Profile>()
            .ok()
            .filter(|_| s.len() <= crate::engine::FULL_PARSE_LIMIT)
            .and_then(|p| grammar_first_place(p, s))
            .filter(|e| e.0.as_str() == code)
            .map_or((0, s.len()), |e| (e.1.start, e.1.end)),
    };
    LabError {
        code,
        start,
        end,
        expected: Vec::new(),
        spec: None,
        message: None,
    }
}

/// The lab's verdict on one line.
fn lab_judge(lab: &Lab, scratch: &mut Option<Scratch>, bytes: &[u8]) -> Result<(), LabError> {
    let s = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let at = e.valid_up_to();
            return Err(LabError {
                code: "not-utf8",
                start: at,
                end: at + e.error_len().unwrap_or(bytes.len() - at),
                expected: Vec::new(),
                spec: None,
                message: None,
            });
        }
    };
    match lab.judge.verdict(&lab.grammar, scratch, s) {
        Ok(v) if v.valid => Ok(()),
        Ok(v) => {
            let f = v.failure.unwrap_or(crate::engine::abnf::Failure {
                offset: s.len(),
                expected: Vec::new(),
                expected_known: false,
            });
            let start = f.offset.min(s.len());
            let end = start + s[start..].chars().next().map_or(0, char::len_utf8);
            // An expected set that is not known says so (an empty one would read as
            // "nothing").
            let message = (!f.expected_known).then(|| {
                std::borrow::Cow::Owned(format!(
                    "what the grammar expects at byte {start} {}",
                    crate::engine::abnf::EXPECTED_UNKNOWN
                ))
            });
            Err(LabError {
                code: NO_MATCH,
                start,
                end,
                expected: f.expected,
                spec: None,
                message,
            })
        }
        Err(e) => Err(LabError {
            code: e.code(),
            start: 0,
            end: s.len(),
            expected: Vec::new(),
            spec: None,
            message: None,
        }),
    }
}

/// The code of a line the grammar does not match (as `grammar parse` names it).
const NO_MATCH: &str = "grammar-no-match";

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
        self.keep(buf);
    }
    /// Keeps `buf` for reuse with its bytes (a [`Chunk`]'s buffer, read into again without
    /// being zeroed: `read_chunks` tracks how much of it holds the next chunk), on the terms
    /// of [`Pool::give`].
    fn give_whole(&self, buf: Vec<u8>) {
        if buf.capacity() > 4 * CHUNK_BYTES {
            return;
        }
        self.keep(buf);
    }
    fn keep(&self, buf: Vec<u8>) {
        if let Ok(mut free) = self.0.lock()
            && free.len() < 64
        {
            free.push(buf);
        }
    }
}

/// Whole lines of one source, starting at line `first_line` (1-based); or, when
/// `too_long`, the head of the one line `first_line` that is longer than [`LINE_LIMIT`].
struct Chunk {
    seq: u64,
    source: usize,
    first_line: u64,
    /// The chunk's bytes are `data[..len]`; the rest is what the buffer held before (a
    /// pooled buffer keeps its bytes, so reading into it needs no zeroing).
    data: Vec<u8>,
    len: usize,
    too_long: bool,
}

impl Chunk {
    /// The chunk's bytes.
    fn bytes(&self) -> &[u8] {
        self.data.get(..self.len).unwrap_or_default()
    }
}

/// The verdict on one line: the profile shown and the first error's code, if any.
fn judge(bytes: &[u8], profile: Option<Profile>) -> (&'static str, Result<(), &'static str>) {
    let (p, v, _) = judge_at(bytes, None, profile, false, false);
    (p, v)
}

/// What the verdict's run of a grammar's first-error mode found besides the code, so that
/// the line's error object needs no second run.
enum Found {
    /// The first error's span (its column).
    Place(Span),
    /// The whole first error with its message, from a mode that writes it (`explain`).
    Explained(crate::engine::first_error_mode::Explained),
}

/// [`judge`], with what the grammar's first-error mode found when it was asked; `explain`:
/// ask for the message too, where the mode writes it; `place`: the failure's place will be
/// printed (a column, an error object), so a profile whose first-error mode costs what its
/// quick recognizer costs ([`crate::engine::specs::first_error_is_quick`]) is asked through
/// the mode alone, once, instead of the recognizer and then the mode.
///
/// `text` is `bytes` as a `str` when the caller already knows it to be UTF-8 (a chunk
/// checked whole, see [`process`]): no second check.
fn judge_at(
    bytes: &[u8],
    text: Option<&str>,
    profile: Option<Profile>,
    explain: bool,
    place: bool,
) -> (&'static str, Result<(), &'static str>, Option<Found>) {
    let utf8 = || text.map_or_else(|| std::str::from_utf8(bytes), Ok);
    if let Some(p) = profile
        && place
        && bytes.len() <= crate::engine::FULL_PARSE_LIMIT
        && crate::engine::specs::first_error_is_quick(p)
        && let Ok(s) = utf8()
    {
        return placed(p, s, explain);
    }
    // The quick path first, the full grammar only for what it cannot vouch for; the code
    // is a static string, so nothing is copied unless the line is printed. With a profile
    // given, a line the quick path accepts needs no UTF-8 check of its own:
    // `quick_bytes` accepts only UTF-8. Its answer is asked once: the grammar's
    // first-error mode takes over where it cannot tell (as `first_error_given` asks it),
    // and its place is kept.
    match profile {
        Some(p) => match quick_bytes(p, bytes) {
            Quick::Valid => (p.name(), Ok(()), None),
            q => match utf8() {
                Ok(s) if q == Quick::Unknown && s.len() <= crate::engine::FULL_PARSE_LIMIT => {
                    placed(p, s, explain)
                }
                Ok(s) => (
                    p.name(),
                    first_error_given(p, s, q).map_or(Ok(()), Err),
                    None,
                ),
                Err(_) => (p.name(), Err("not-utf8"), None),
            },
        },
        None => match utf8() {
            Ok(s) => {
                let (p, first) = first_error(s, profile);
                (p.name(), first.map_or(Ok(()), Err), None)
            }
            Err(_) => (profile.map_or("auto", |p| p.name()), Err("not-utf8"), None),
        },
    }
}

/// The verdict of `p`'s grammar on `s` from its first-error mode, with the failure's place
/// (and, when `explain`, its message where the mode writes it).
fn placed(
    p: Profile,
    s: &str,
    explain: bool,
) -> (&'static str, Result<(), &'static str>, Option<Found>) {
    let explained = explain
        .then(|| crate::engine::specs::first_error_explained(p, s))
        .flatten();
    match explained {
        Some(None) => (p.name(), Ok(()), None),
        Some(Some(x)) => (
            p.name(),
            Err(x.error.code.as_str()),
            Some(Found::Explained(x)),
        ),
        None => match grammar_first_place(p, s) {
            None => (p.name(), Ok(()), None),
            Some((code, span)) => (p.name(), Err(code.as_str()), Some(Found::Place(span))),
        },
    }
}

/// The verdict on a line under `p` that `p`'s quick recognizer did not vouch for (its
/// answer `q`: an error it named, or "don't know"): the grammar's first-error mode decides.
fn judge_unsure(p: Profile, bytes: &[u8], q: Quick) -> Result<(), &'static str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => first_error_given(p, s, q).map_or(Ok(()), Err),
        Err(_) => Err("not-utf8"),
    }
}

/// The writer of `--format github|sarif`: the line's error (with its place and message)
/// and its namespace findings; nothing for a valid line without findings.
// The signature of the other line writers (`process` picks one).
#[allow(clippy::too_many_arguments)]
fn annotation_line(
    out: &mut Vec<u8>,
    ctx: &Ctx,
    (file, line_no): (Option<usize>, u64),
    bytes: &[u8],
    _profile: &'static str,
    verdict: Result<(), &'static str>,
    extra: Option<&NsExtra>,
    error: Option<Option<&LabError>>,
) {
    let mut findings = Vec::new();
    let fallback;
    if let Err(code) = verdict {
        let e = error.flatten();
        // Under --grammar the error has no message: say what the grammar expected.
        fallback = match e.map(|e| e.expected.as_slice()) {
            Some(expected) if !expected.is_empty() => format!(
                "The grammar does not match from here; it expected {}.",
                expected.join(" or ")
            ),
            _ => format!("The line is invalid ({code})."),
        };
        let message = e
            .and_then(|e| e.message.as_deref())
            .filter(|m| !m.is_empty())
            .unwrap_or(&fallback);
        findings.push(Finding {
            level: "error",
            code,
            start: e.map_or(0, |e| e.start),
            end: e.map_or(0, |e| e.end),
            whole: e.is_none(),
            message,
            spec: e.and_then(|e| e.spec).unwrap_or(""),
        });
    }
    if let Some(n) = extra {
        for (k, &(severity, code, span)) in n.findings.iter().enumerate() {
            findings.push(Finding {
                level: severity.name(),
                code: code.as_str(),
                start: span.start,
                end: span.end,
                whole: false,
                message: n.message(k),
                spec: "",
            });
        }
    }
    annotate(out, ctx, file, line_no, bytes, &findings);
}

/// Judges every line of `chunk`, appending what is printed to `out`.
fn process(chunk: &Chunk, ctx: &Ctx, out: &mut Vec<u8>, ns: &mut LayerScratch) -> Tally {
    let mut tally = Tally::default();
    if chunk.too_long {
        if !ctx.quiet {
            let file = ctx.names.as_ref().map(|_| chunk.source);
            too_long_line(out, ctx, file, chunk.first_line, chunk.bytes());
        }
        tally.invalid = 1;
        return tally;
    }
    let data = chunk.bytes();
    // A plain verdict (`--quiet`, no `--grammar`, `--agree`, `--namespaces` or `--schemes`):
    // each line is judged and counted, nothing else (no record, no extras to build and drop).
    if ctx.plain() {
        return tally_plain(data, ctx.profile);
    }
    let mut start = 0;
    let mut line_no = chunk.first_line;
    let explain = !ctx.quiet && (matches!(ctx.format, Format::Json) || ctx.annotations.is_some());
    // The text format's column, with files named.
    let column = !ctx.quiet && ctx.names.is_some() && ctx.agree.is_none();
    // A profile whose verdict reads every line as a `str` (its first-error mode is its
    // recognizer, `judge_at`) has the chunk checked as UTF-8 once, whole: a long run of
    // bytes is checked a word at a time, where a line's own check pays its set-up and
    // its unaligned ends each time. A newline is a character boundary, so each line of a
    // valid chunk is a `str` by slicing. A chunk with a byte that is not UTF-8 is checked
    // line by line, as before.
    let whole = (ctx.lab.is_none() && ctx.agree.is_none() && (explain || column))
        .then_some(ctx.profile)
        .flatten()
        .filter(|&p| crate::engine::specs::first_error_is_quick(p))
        .and_then(|_| std::str::from_utf8(data).ok());
    // Under `--grammar`, an automaton cache for this chunk (handed back at the end).
    let mut scratch = ctx
        .lab
        .as_ref()
        .and_then(|l| l.scratch.lock().ok().and_then(|mut v| v.pop()))
        .flatten();
    while start < data.len() {
        let end = memchr::memchr(b'\n', &data[start..]).map_or(data.len(), |k| start + k);
        let line_at = start;
        let mut bytes = &data[start..end];
        start = end + 1;
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let text = whole.and_then(|w| w.get(line_at..line_at + bytes.len()));
        if bytes.is_empty() {
            // A blank line holds no identifier: it is skipped, not judged (the empty
            // string would read as a valid relative reference), and still gets its line.
            tally.skipped += 1;
            if !ctx.quiet {
                let file = ctx.names.as_ref().map(|_| chunk.source);
                blank_line(out, ctx, file, line_no);
            }
            line_no += 1;
            continue;
        }
        let mut lab_error = None;
        // What the verdict's first-error mode found, when it ran.
        let mut place = None;
        let agreement = (ctx.agree.as_deref()).map(|ps| {
            let why = !ctx.quiet && matches!(ctx.format, Format::Json);
            super::check_agree::of_line(bytes, ps, why)
        });
        let record = agreement
            .as_ref()
            .filter(|_| ctx.profile.is_none())
            .and_then(super::check_agree::record_of);
        let (shown_profile, verdict) = match &ctx.lab {
            Some(lab) => match lab_judge(lab, &mut scratch, bytes) {
                Ok(()) => ("lab", Ok(())),
                Err(e) => {
                    let code = e.code;
                    lab_error = Some(e);
                    ("lab", Err(code))
                }
            },
            None => record.unwrap_or_else(|| {
                // The error object's message, where it is printed (JSON, annotations); the
                // text format's column, with files named.
                let (p, v, at) = judge_at(bytes, text, ctx.profile, explain, explain || column);
                place = at;
                (p, v)
            }),
        };
        // Plain `check` as JSON: the error object of an invalid line (`null` when valid);
        // its place also gives the text format's column and the annotations' regions.
        let mut analysis = None;
        if ctx.lab.is_none()
            && !ctx.quiet
            && (matches!(ctx.format, Format::Json)
                || ctx.annotations.is_some()
                || (ctx.names.is_some() && ctx.agree.is_none()))
            && let Err(code) = verdict
        {
            if let (Format::Text, None) = (ctx.format, ctx.annotations) {
                // The text format shows only the column: the first-error mode finds it,
                // with no analysis (the same place as `profile_error`'s).
                lab_error = Some(error_place(bytes, shown_profile, code, place));
            } else {
                let (e, a) = profile_error(bytes, shown_profile, code, place);
                lab_error = Some(e);
                analysis = a;
            }
        }
        match verdict {
            Ok(()) => tally.valid += 1,
            Err(_) => tally.invalid += 1,
        }
        tally.disagree += u64::from(agreement.as_ref().is_some_and(|a| !a.agree()));
        // Made where it stays (not moved out of a call's answer and through an `Option`
        // chain): a record read back right after its fields were written, as a whole,
        // waited on those writes on every URN.
        let layers = !ctx.quiet || ctx.fail_on_warning;
        let mut extra = if ctx.namespaces && layers {
            // The profile asked for, or (under auto) the one that judged, by its name.
            let p = ctx.profile.or_else(|| shown_profile.parse().ok());
            namespace_extra(ns, bytes, p, verdict.is_ok(), analysis.as_ref())
        } else {
            None
        };
        if let (Some(n), Some(_)) = (&mut extra, ctx.annotations) {
            n.add_messages(bytes);
        }
        if extra.is_none() && ctx.schemes && layers {
            let messages = ctx.annotations.is_some();
            extra = scheme_extra(ns, bytes, shown_profile, verdict.is_ok(), messages);
        }
        if let Some(n) = &extra {
            tally.warnings += n
                .findings
                .iter()
                .filter(|f| matches!(f.0, Severity::Warning | Severity::Error))
                .count() as u64;
        }
        if !ctx.quiet {
            let file = ctx.names.as_ref().map(|_| chunk.source);
            if let (Some(a), Format::Text, None) = (&agreement, ctx.format, ctx.annotations) {
                let prefix = file.and_then(|f| Some((ctx.names.as_ref()?[f].as_str(), line_no)));
                super::check_agree::text_line(out, prefix, bytes, a);
                line_no += 1;
                continue;
            }
            let record_at = out.len();
            let write = match (ctx.annotations, ctx.format) {
                (Some(_), _) => annotation_line,
                (None, Format::Text) => text_line,
                (None, Format::Json) => json_line,
            };
            write(
                out,
                ctx,
                (file, line_no),
                bytes,
                shown_profile,
                verdict,
                extra.as_ref(),
                Some(lab_error.as_ref()),
            );
            if let Some(a) = &agreement {
                super::check_agree::extend_json(out, record_at, a);
            }
        }
        if let Some(n) = extra {
            // The findings list serves the next URN's verdict.
            ns.recycle(n.findings);
        }
        line_no += 1;
    }
    if let (Some(lab), Some(s)) = (&ctx.lab, scratch)
        && let Ok(mut v) = lab.scratch.lock()
    {
        v.push(Some(s));
    }
    tally
}

/// The plain verdict (see [`process`]) on every line of `data`: [`judge`]'s answer, counted.
/// What is not validation is kept to the bare line loop's: the newline search and the
/// profile's quick recognizer are prepared once per chunk rather than once per line.
fn tally_plain(data: &[u8], profile: Option<Profile>) -> Tally {
    let mut tally = Tally::default();
    let quick = profile.and_then(|p| Some((p, p.descriptor().quick?)));
    let find = newline_finder();
    let mut start = 0;
    while start < data.len() {
        let end = data
            .get(start..)
            .and_then(&find)
            .map_or(data.len(), |k| start + k);
        let line = &data[start..end];
        start = end + 1;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            // A blank line is skipped, not judged (as in `process`).
            tally.skipped += 1;
            continue;
        }
        let ok = match quick {
            Some((p, f)) => match f(line) {
                Quick::Valid => true,
                q => judge_unsure(p, line, q).is_ok(),
            },
            None => judge(line, profile).1.is_ok(),
        };
        tally.valid += u64::from(ok);
        tally.invalid += u64::from(!ok);
    }
    tally
}

/// A newline search made once for a chunk: `memchr::memchr` (and its iterator) picks an
/// implementation and prepares its needle on every call, which on 65-byte lines cost a
/// third of the search.
fn newline_finder() -> impl Fn(&[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        use memchr::arch::x86_64::{avx2, sse2};
        let avx2 = avx2::memchr::One::new(b'\n');
        let sse2 = sse2::memchr::One::new(b'\n');
        move |h: &[u8]| match (&avx2, &sse2) {
            (Some(one), _) => one.find(h),
            (None, Some(one)) => one.find(h),
            (None, None) => memchr::memchr(b'\n', h),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        |h: &[u8]| memchr::memchr(b'\n', h)
    }
}

/// Reads the source in blocks and hands it to `sink` in chunks of whole lines (a line
/// longer than a chunk makes its chunk longer) until the source ends, `sink` fails or
/// `stop` is set. No per-line work here: the reader is the one serial stage of a parallel
/// check, so it only finds the last newline of each block and, with `count_lines`, counts
/// the newlines (for the next chunk's first line number; a plain verdict, which numbers no
/// line, saves the count: 30 instructions a line of the 550 of `check --quiet`).
///
/// A line that grows past [`LINE_LIMIT`] is handed on at once as a `too_long` chunk of its
/// first [`HEAD_BYTES`], after the chunk of the whole lines before it; the rest of it is
/// read in blocks and dropped up to its newline. No chunk holds more than
/// `LINE_LIMIT + 2 × CHUNK_BYTES` bytes (see the test `a_line_past_the_limit_is_never_held`).
fn read_chunks(
    mut reader: impl Read,
    source: usize,
    count_lines: bool,
    stop: &AtomicBool,
    pool: &Pool,
    mut sink: impl FnMut(Chunk) -> io::Result<()>,
) -> io::Result<()> {
    let mut line = 1u64;
    let mut carry: Vec<u8> = Vec::new();
    loop {
        // A pooled buffer keeps the bytes it held (`Pool::give_whole`): initialized once, it
        // is read into again without zeroing (`Read` wants initialized bytes, and zeroing a
        // chunk cost as many instructions as splitting it into lines). `len` counts the bytes
        // of this chunk, the carried ones first.
        let mut data = pool.take();
        data.reserve(CHUNK_BYTES + 4096);
        let mut len = carry.len();
        if data.len() < len {
            data.resize(len, 0);
        }
        data[..len].copy_from_slice(&carry);
        carry.clear();
        let mut read_error = None;
        let mut at_end = false;
        // Where the last line of the chunk starts: just past its last newline (the bytes
        // carried past a line too long may hold some). Each byte is searched once.
        let mut line_start = memchr::memrchr(b'\n', &data[..len]).map_or(0, |k| k + 1);
        // Fill to CHUNK_BYTES, and on until a newline has been read (or the source ends,
        // or the last line passes the limit).
        loop {
            let want = if len < CHUNK_BYTES {
                CHUNK_BYTES - len
            } else {
                CHUNK_BYTES
            };
            let before = len;
            if data.len() < before + want {
                data.resize(before + want, 0);
            }
            // One read: what the source has now, up to `want` bytes. A file fills the
            // chunk as before; a pipe that hands over fewer lines at a time (a shell, Spark's
            // `RDD.pipe`, a ClickHouse UDF) gets the answers to its whole lines without
            // waiting for more input.
            let r = loop {
                match reader.read(&mut data[before..before + want]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    r => break r,
                }
            };
            len = before + r.as_ref().map_or(0, |&n| n.min(want));
            if let Some(k) = memchr::memrchr(b'\n', &data[before..len]) {
                line_start = before + k + 1;
            }
            if len - line_start > LINE_LIMIT {
                break;
            }
            match r {
                Ok(0) => {
                    at_end = true;
                    break;
                }
                // A short read that completed a line: judge what is here.
                Ok(n) if n < want && line_start > 0 => break,
                Ok(_) => {}
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            }
            if len >= CHUNK_BYTES && line_start > 0 {
                break;
            }
        }
        let too_long = len - line_start > LINE_LIMIT;
        let head = too_long.then(|| data[line_start..line_start + HEAD_BYTES].to_vec());
        if too_long {
            len = line_start;
        } else if !at_end && read_error.is_none() {
            carry.extend_from_slice(&data[line_start..len]);
            len = line_start;
        }
        if len > 0 {
            let first_line = line;
            if count_lines {
                line += memchr::memchr_iter(b'\n', &data[..len]).count() as u64;
            }
            sink(Chunk {
                seq: 0,
                source,
                first_line,
                data,
                len,
                too_long: false,
            })?;
        } else {
            pool.give_whole(data);
        }
        if let Some(head) = head {
            sink(Chunk {
                seq: 0,
                source,
                first_line: line,
                len: head.len(),
                data: head,
                too_long: true,
            })?;
            line += 1;
            match skip_line(&mut reader, stop)? {
                Some(rest) => carry = rest,
                None => return Ok(()),
            }
            continue;
        }
        if let Some(e) = read_error {
            return Err(e);
        }
        if at_end || stop.load(Ordering::Relaxed) {
            return Ok(());
        }
    }
}

/// Reads and drops the rest of a line, in blocks of one chunk, up to its newline; returns
/// the bytes read past the newline, or `None` when the source (or the check: `stop`) ended
/// first.
fn skip_line(reader: &mut impl Read, stop: &AtomicBool) -> io::Result<Option<Vec<u8>>> {
    let mut block = vec![0u8; CHUNK_BYTES];
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let n = match reader.read(&mut block) {
            Ok(0) => return Ok(None),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if let Some(k) = memchr::memchr(b'\n', &block[..n]) {
            return Ok(Some(block[k + 1..n].to_vec()));
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
    count_lines: bool,
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
        let r = read_chunks(reader, source, count_lines, stop, pool, |c| {
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

/// `check --format json`'s output for the lines of `reader` read as stdin (no file
/// names), written to `out`: `idbench serve`'s `/api/check`. One job, as the command's
/// serial path; the command's parallel path prints the same lines in the same order.
#[cfg_attr(not(feature = "serve"), allow(dead_code))] // `idbench serve`'s
pub(super) fn json_of_reader(
    reader: impl Read,
    profile: Option<Profile>,
    (namespaces, schemes): (bool, bool),
    out: &mut impl Write,
) -> io::Result<()> {
    let ctx = Ctx {
        profile,
        namespaces,
        agree: None,
        schemes,
        format: Format::Json,
        quiet: false,
        names: None,
        raw_names: Vec::new(),
        json_names: Vec::new(),
        lab: None,
        annotations: None,
        fail_on_warning: false,
        codes: Mutex::new(Vec::new()),
    };
    let stop = AtomicBool::new(false);
    let pool = Pool::default();
    let mut buf = Vec::new();
    let mut ns = LayerScratch::new();
    read_chunks(reader, 0, !ctx.plain(), &stop, &pool, |chunk| {
        buf.clear();
        process(&chunk, &ctx, &mut buf, &mut ns);
        pool.give_whole(chunk.data);
        out.write_all(&buf)
    })
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
    let mut ns = LayerScratch::new();
    let failed = read_all(paths, !ctx.plain(), &stop, &pool, |chunk| {
        buf.clear();
        let t = process(&chunk, ctx, &mut buf, &mut ns);
        pool.give_whole(chunk.data);
        tally.valid += t.valid;
        tally.invalid += t.invalid;
        tally.skipped += t.skipped;
        tally.warnings += t.warnings;
        tally.disagree += t.disagree;
        out.write_all(&buf)?;
        // Each chunk's answers go out as soon as they are made: a filter's reader waits
        // for them, and the rest of a line too long may take long to read (for ever from
        // /dev/zero). A chunk is up to 256 KiB, so a file costs no extra writes.
        out.flush()
    })?;
    Ok((tally, failed))
}

/// `jobs` workers judge chunks while this thread prints their outputs in input order; a
/// reader thread cuts the sources into chunks. At most `4 × jobs` chunks are in flight
/// (read but not yet printed), so memory stays flat however long the input. The workers
/// format their chunks' output, so the writer only copies bytes; input and output buffers
/// go back to pools for reuse.
///
/// When the system refuses a thread, the check goes on with the workers it has (and says
/// so on stderr); `None` when not even one worker and the reader could be started: the
/// caller then checks on this thread alone.
fn run_parallel(
    paths: &[Option<&Path>],
    ctx: &Ctx,
    out: &mut impl Write,
    jobs: usize,
) -> io::Result<Option<(Tally, bool)>> {
    let window = 4 * jobs;
    let stop = AtomicBool::new(false);
    let (inputs, outputs) = (Pool::default(), Pool::default());
    let (inputs, outputs) = (&inputs, &outputs);
    let (work_tx, work_rx) = mpsc::sync_channel::<Chunk>(window);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, Vec<u8>, Tally, bool)>(window);
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(window);
    std::thread::scope(|s| {
        let mut started = 0;
        let mut refused = None;
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let work_rx = &work_rx;
            let spawned = std::thread::Builder::new()
                .name("check-worker".into())
                .spawn_scoped(s, move || {
                    // This worker's namespace-automaton caches.
                    let mut ns = LayerScratch::new();
                    loop {
                        let next = match work_rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        let Ok(chunk) = next else { return };
                        let mut buf = outputs.take();
                        let t = process(&chunk, ctx, &mut buf, &mut ns);
                        let seq = chunk.seq;
                        let too_long = chunk.too_long;
                        inputs.give_whole(chunk.data);
                        if done_tx.send((seq, buf, t, too_long)).is_err() {
                            return;
                        }
                    }
                });
            match spawned {
                Ok(_) => started += 1,
                Err(e) => {
                    refused = Some(e);
                    break;
                }
            }
        }
        drop(done_tx);
        // The chunk tokens: as many chunks in flight as the workers started can use.
        for _ in 0..4 * started {
            let _ = token_tx.send(());
        }
        let stop = &stop;
        let reader = if started == 0 {
            None
        } else {
            std::thread::Builder::new()
                .name("check-reader".into())
                .spawn_scoped(s, move || {
                    let mut seq = 0u64;
                    let closed = || io::Error::new(io::ErrorKind::BrokenPipe, "output closed");
                    let r = read_all(paths, !ctx.plain(), stop, inputs, |mut chunk| {
                        // Wait for a free slot, then number the chunk: the writer prints in
                        // this order.
                        if token_rx.recv().is_err() || stop.load(Ordering::Relaxed) {
                            return Err(closed());
                        }
                        chunk.seq = seq;
                        seq += 1;
                        work_tx.send(chunk).map_err(|_| closed())
                    });
                    drop(work_tx);
                    r
                })
                .map_err(|e| refused = Some(e))
                .ok()
        };
        let Some(reader) = reader else {
            // The workers end when the work channel closes (the reader's end went with
            // its closure): check on this thread instead.
            say_threads(0, jobs, refused.as_ref());
            return Ok(None);
        };
        if started < jobs {
            say_threads(started, jobs, refused.as_ref());
        }
        // The writer: print each chunk once all before it are printed.
        let mut pending: BTreeMap<u64, (Vec<u8>, Tally, bool)> = BTreeMap::new();
        let mut next = 0u64;
        let mut tally = Tally::default();
        let mut written = Ok(());
        for (seq, buf, t, too_long) in done_rx {
            pending.insert(seq, (buf, t, too_long));
            while let Some((buf, t, _too_long)) = pending.remove(&next) {
                next += 1;
                tally.valid += t.valid;
                tally.invalid += t.invalid;
                tally.skipped += t.skipped;
                tally.warnings += t.warnings;
                tally.disagree += t.disagree;
                if written.is_ok()
                    && let Err(e) = out
                        .write_all(&buf)
                        // Flushed per chunk, in order (see `run_serial`).
                        .and_then(|()| out.flush())
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
        Ok(Some((tally, failed)))
    })
}

/// Says on stderr that only `started` of the `jobs` worker threads asked for could be
/// started (the system refused the next with `why`), and how the check goes on.
fn say_threads(started: usize, jobs: usize, why: Option<&io::Error>) {
    let why = why.map_or_else(String::new, |e| format!(" ({e})"));
    let how = if started == 0 {
        "checking on the main thread alone".to_string()
    } else {
        format!("checking with {started}")
    };
    let _ = writeln!(
        io::stderr(),
        "idbench: the system refused a thread{why}: started {started} of {jobs} worker \
         threads, {how}"
    );
}

/// The number of worker threads for `--jobs` (`None`: the machine's cores), capped at
/// [`JOBS_PER_CORE`] × the cores (a message on stderr says so): more threads cannot run at
/// once, and each adds chunks in flight.
fn jobs_for(asked: Option<u16>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let Some(asked) = asked else { return cores };
    let asked = usize::from(asked);
    let cap = JOBS_PER_CORE * cores;
    if asked <= cap {
        return asked;
    }
    let _ = writeln!(
        io::stderr(),
        "idbench: --jobs {asked} is more than this machine can use; checking with {cap} \
         threads ({JOBS_PER_CORE} per core, {cores} cores)"
    );
    cap
}

pub(super) fn run(args: &CheckArgs) -> io::Result<u8> {
    let jobs = jobs_for(args.jobs);
    let lab = match (&args.grammar, &args.start) {
        (Some(path), Some(start)) => {
            if args.common.profile.0.is_some() {
                let _ = writeln!(
                    io::stderr(),
                    "idbench: check: --grammar judges by the grammar, --profile by a profile: give one of them"
                );
                return Ok(2);
            }
            match super::grammar::load_for_check(path, start) {
                Ok(grammar) => match grammar.judge(start) {
                    Ok(judge) => Some(Lab {
                        grammar,
                        judge,
                        scratch: Mutex::new(Vec::new()),
                    }),
                    Err(e) => {
                        let _ = writeln!(io::stderr(), "idbench: {e}");
                        return Ok(2);
                    }
                },
                Err(msg) => {
                    let mut err = io::stderr();
                    for line in msg.split('\n') {
                        let _ = writeln!(err, "{}", crate::safe_text::escape(line));
                    }
                    return Ok(2);
                }
            }
        }
        _ => None,
    };
    let agree = match args
        .agree
        .as_deref()
        .map(crate::engine::agree::profiles_named)
    {
        Some(Err(msg)) => {
            let _ = writeln!(io::stderr(), "idbench: check: {msg}");
            return Ok(2);
        }
        Some(Ok(ps)) => Some(ps),
        None => None,
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
        lab,
        namespaces: args.namespaces,
        // `check` has its own --format (check_format.rs): text and json as every
        // command's, and the annotation formats, which write through `annotations`.
        format: match args.format {
            CheckFormat::Json => Format::Json,
            _ => Format::Text,
        },
        annotations: args.format.annotations(),
        fail_on_warning: args.fail_on == FailOn::Warning,
        codes: Mutex::new(Vec::new()),
        agree,
        schemes: args.schemes,
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
    let sarif = ctx.annotations == Some(Annotations::Sarif) && !ctx.quiet;
    if sarif {
        out.write_all(check_format::SARIF_HEAD.as_bytes())?;
    }
    let mut out = check_format::SarifStream {
        inner: out,
        first: sarif,
    };
    let parallel = if jobs <= 1 {
        None
    } else {
        run_parallel(&paths, &ctx, &mut out, jobs)?
    };
    let (tally, io_failed) = match parallel {
        Some(done) => done,
        None => run_serial(&paths, &ctx, &mut out)?,
    };
    if sarif {
        // Sorted: with --jobs, which code a worker reports first varies from run to run.
        let mut codes = ctx.codes.lock().map(|c| c.clone()).unwrap_or_default();
        codes.sort_unstable();
        out.inner
            .write_all(check_format::sarif_tail(&codes).as_bytes())?;
    }
    out.flush()?;
    let skipped = match tally.skipped {
        0 => String::new(),
        1 => ", 1 blank line skipped".to_string(),
        n => format!(", {n} blank lines skipped"),
    };
    let _ = writeln!(
        io::stderr(),
        "{} valid, {} invalid{skipped}",
        tally.valid,
        tally.invalid
    );
    if ctx.agree.is_some() {
        let _ = writeln!(io::stderr(), "{} disagree", tally.disagree);
        return Ok(if io_failed {
            2
        } else {
            u8::from(tally.disagree > 0)
        });
    }
    Ok(if io_failed {
        2
    } else if tally.invalid > 0 || (ctx.fail_on_warning && tally.warnings > 0) {
        1
    } else {
        0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::check_lines::LineJson;
    use crate::cli::check_namespaces::{plain_document, urn_parts};

    fn ctx(format: Format) -> Ctx {
        Ctx {
            profile: Some(Profile::Rfc3986),
            lab: None,
            namespaces: false,
            agree: None,
            schemes: false,
            format,
            quiet: false,
            names: None,
            raw_names: Vec::new(),
            json_names: Vec::new(),
            annotations: None,
            fail_on_warning: false,
            codes: Mutex::new(Vec::new()),
        }
    }

    /// `--namespaces` finds a valid URN's NID and NSS by two searches: the same spans as
    /// the URN's tree, under every URN profile.
    #[test]
    fn urn_parts_are_the_trees_nid_and_nss() {
        let mut lines: Vec<String> = vec![
            "urn:isbn:0451450523".into(),
            "URN:ISSN:0167-6423".into(),
            "urn:example:a:b:c".into(),
            "urn:nbn:de:bvb:19-146642".into(),
            "urn:x-y:1%2F2/3".into(),
            "urn:ietf:rfc:2648".into(),
            "urn:a:b".into(),
            "urn:ab:".into(),
            "urn::x".into(),
            "urn:isbn:1?+r?=q#f".into(),
            "urn:isbn:1#f".into(),
            "urn:isbn:1?=q".into(),
            "urn:example:a:b?+r:s?=q:t#f:u".into(),
            "URN:Example:a/b%41?=?#?".into(),
            "urn:example:a?+".into(),
            "urn:example:a?=#".into(),
        ];
        for ns in crate::engine::namespaces::catalogue::ALL {
            lines.push(format!(
                "urn:{}:{}",
                ns.nid,
                ns.nss_prefix.unwrap_or("1234")
            ));
        }
        let mut compared = 0;
        for p in Profile::ALL {
            if p.family() != crate::engine::Family::Urn {
                continue;
            }
            for line in &lines {
                let (shown, verdict) = judge(line.as_bytes(), Some(p));
                assert_eq!(shown, p.name());
                let components = p.descriptor().nss_ends_at_query;
                let Some(fast) = verdict
                    .is_ok()
                    .then(|| urn_parts(line.as_bytes(), components))
                    .flatten()
                else {
                    continue;
                };
                let a =
                    crate::engine::analyze(line, &crate::engine::Options::validate_only(Some(p)));
                let (nid, nss) = crate::engine::nid_and_nss(&a.tree).expect("a URN's parts");
                let nid = a.tree.get(nid).expect("nid").span();
                let nss = a.tree.get(nss).expect("nss").span();
                assert_eq!(
                    (fast.0, fast.1, fast.2),
                    (nid.start, nss.start, nss.end),
                    "{p:?} {line}"
                );
                assert_eq!(nid.end + 1, nss.start, "{p:?} {line}");
                compared += 1;
            }
        }
        assert!(compared > 20, "{compared}");
    }

    #[test]
    fn the_direct_json_line_names_the_file_as_serde_does() {
        let mut c = ctx(Format::Json);
        let name = "dir/\u{202e}a \"b\".txt".to_string();
        c.names = Some(vec![name.clone()]);
        c.json_names = vec![json::to_string(&name)];
        c.raw_names = vec![name.clone()];
        let mut fast = Vec::new();
        json_line(
            &mut fast,
            &c,
            (Some(0), 3),
            b"http://a/",
            "rfc3986",
            Ok(()),
            None,
            None,
        );
        let mut slow = Vec::new();
        let v = LineJson {
            input: "http://a/",
            profile: "rfc3986",
            verdict: Ok(()),
            error: None,
            namespace: None,
            file: Some(&name),
            line: 3,
            truncated: false,
            raw: None,
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
                (None, 7),
                line.as_bytes(),
                "rfc3986",
                verdict,
                None,
                None,
            );
            let mut slow = Vec::new();
            let v = LineJson {
                input: line,
                profile: "rfc3986",
                verdict,
                error: None,
                namespace: None,
                file: None,
                line: 7,
                truncated: false,
                raw: None,
            };
            json::write_line(&mut slow, &v).expect("vec");
            assert_eq!(
                String::from_utf8_lossy(&fast),
                String::from_utf8_lossy(&slow)
            );
        }
    }

    /// With `--namespaces`, the direct JSON line with its `"namespace"` object is what serde
    /// writes: registered and not, valid, invalid, with and without findings.
    #[test]
    fn the_direct_namespace_object_is_what_serde_writes() {
        let mut scratch = LayerScratch::new();
        for line in [
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
            "urn:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bfX",
            "urn:isbn:978-0-306-40615-7",
            "urn:isbn:978-0-306-40615-8",
            "urn:nosuchnid:abc",
            "urn:ietf:params:xml:ns:foo",
            "urn:X-Thing:abc",
            "urn:example:a?+r",
            "urn:epc:id:sgtin:1.2.3",
            "urn:nbn:de:bvb:12-opus-1234",
            "urn:iso:std:iso:1234:ed-1:v1:en",
            "urn:dev:mac:0024beffff804ff1",
            // Registered, no syntax known (the NID's head made once), in any case.
            "urn:xmpp:feed%40github.com",
            "URN:MPEG:mpeg7:schema:863",
            "urn:ISBN:978-0-306-40615-7",
        ] {
            let extra = namespace_extra(
                &mut scratch,
                line.as_bytes(),
                Some(Profile::Rfc8141),
                true,
                None,
            )
            .expect("a URN");
            let mut fast = Vec::new();
            json_line(
                &mut fast,
                &ctx(Format::Json),
                (None, 2),
                line.as_bytes(),
                "rfc8141",
                Ok(()),
                Some(&extra),
                Some(None),
            );
            let mut slow = Vec::new();
            let v = LineJson {
                input: line,
                profile: "rfc8141",
                verdict: Ok(()),
                error: Some(None),
                namespace: Some(&extra),
                file: None,
                line: 2,
                truncated: false,
                raw: None,
            };
            json::write_line(&mut slow, &v).expect("vec");
            assert_eq!(
                String::from_utf8_lossy(&fast),
                String::from_utf8_lossy(&slow)
            );
        }
    }

    /// The plainness of each namespace's document, found once, is what a scan of it
    /// finds (`dev`'s, with its `§`, is not plain: serde writes it).
    #[test]
    fn each_namespace_documents_plainness_is_known() {
        for ns in crate::engine::namespaces::catalogue::ALL {
            assert_eq!(
                plain_document(ns),
                json::plain_json_ascii(ns.document.as_bytes()),
                "{}",
                ns.document
            );
        }
        assert!(!plain_document(&crate::engine::namespaces::catalogue::DEV));
    }

    /// Under `--grammar`, the direct JSON line (with its `"error"` object, or `null`) is
    /// what serde writes.
    #[test]
    fn the_direct_lab_json_line_is_what_serde_writes() {
        let e = LabError {
            code: NO_MATCH,
            start: 2,
            end: 3,
            expected: vec!["\"a\"".into(), "DIGIT".into()],
            spec: None,
            message: None,
        };
        let p = LabError {
            code: "nss-missing",
            start: 4,
            end: 5,
            expected: Vec::new(),
            spec: Some("RFC 8141 §2"),
            message: Some("an \"NSS\"".into()),
        };
        for (verdict, error) in [
            (Ok(()), None),
            (Err(NO_MATCH), Some(&e)),
            (Err("nss-missing"), Some(&p)),
        ] {
            let mut fast = Vec::new();
            json_line(
                &mut fast,
                &ctx(Format::Json),
                (None, 4),
                b"ab!",
                "lab",
                verdict,
                None,
                Some(error),
            );
            let mut slow = Vec::new();
            let v = LineJson {
                input: "ab!",
                profile: "lab",
                verdict,
                error: Some(error),
                namespace: None,
                file: None,
                line: 4,
                truncated: false,
                raw: None,
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
        read_chunks(
            io::Cursor::new(&input),
            0,
            true,
            &stop,
            &Pool::default(),
            |c| {
                chunks.push(c);
                Ok(())
            },
        )
        .expect("in memory");
        assert!(chunks.len() > 5, "{} chunks", chunks.len());
        let mut joined = Vec::new();
        let mut next_line = 1;
        for (i, c) in chunks.iter().enumerate() {
            assert_eq!(c.first_line, next_line, "chunk {i}");
            let last = i + 1 == chunks.len();
            assert!(last || c.bytes().ends_with(b"\n"), "chunk {i} cuts a line");
            next_line += c.bytes().iter().filter(|&&b| b == b'\n').count() as u64;
            joined.extend_from_slice(c.bytes());
        }
        assert_eq!(joined, input);
        assert_eq!(next_line, lines);
        // And judged, every line is counted once.
        let mut c = ctx(Format::Text);
        c.quiet = true;
        let total: u64 = chunks
            .iter()
            .map(|ch| {
                let t = process(ch, &c, &mut Vec::new(), &mut LayerScratch::new());
                t.valid + t.invalid + t.skipped
            })
            .sum();
        assert_eq!(total, lines);
    }

    /// A source that hands over at most `step` bytes a read, `step` varying, like a pipe.
    struct Trickle<'a> {
        rest: &'a [u8],
        k: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.k += 1;
            let step = [1, 7, 100, 5000, CHUNK_BYTES / 2, 3 * CHUNK_BYTES][self.k % 6];
            let n = step.min(buf.len()).min(self.rest.len());
            buf[..n].copy_from_slice(&self.rest[..n]);
            self.rest = &self.rest[n..];
            Ok(n)
        }
    }

    /// Buffers handed back with their bytes (`Pool::give_whole`) are read into again without
    /// zeroing: a chunk holds exactly its own bytes, never what a longer chunk left in the
    /// buffer before it, whatever the sizes of the reads.
    #[test]
    fn reused_buffers_hold_only_their_chunk() {
        let mut input = Vec::new();
        for k in 0..60_000u32 {
            let len = (k * 7919 % 131) as usize;
            input.extend(std::iter::repeat_n(b'a' + (k % 26) as u8, len));
            input.push(b'\n');
        }
        input.extend_from_slice(b"tail");
        let stop = AtomicBool::new(false);
        let pool = Pool::default();
        let mut joined = Vec::new();
        let mut chunks = 0;
        let mut c = ctx(Format::Text);
        c.quiet = true;
        let mut counted = 0;
        let source = Trickle { rest: &input, k: 0 };
        read_chunks(source, 0, true, &stop, &pool, |ch| {
            let t = process(&ch, &c, &mut Vec::new(), &mut LayerScratch::new());
            counted += t.valid + t.invalid + t.skipped;
            joined.extend_from_slice(ch.bytes());
            chunks += 1;
            pool.give_whole(ch.data);
            Ok(())
        })
        .expect("in memory");
        assert!(chunks > 10, "{chunks} chunks");
        assert_eq!(joined, input);
        assert_eq!(counted, 60_001);
    }

    #[test]
    fn text_lines_escape_what_is_not_plain_ascii() {
        let mut out = Vec::new();
        text_line(
            &mut out,
            &ctx(Format::Text),
            (None, 1),
            b"a\x1bb\xff",
            "auto",
            Err("not-utf8"),
            None,
            None,
        );
        assert_eq!(
            String::from_utf8_lossy(&out),
            "invalid\tauto\ta⟨U+001B⟩b\u{FFFD}\tnot-utf8\n"
        );
    }

    /// A line longer than the limit is handed on as its head alone, at once, and the rest
    /// is dropped up to its newline: no chunk's buffer grows with the line (counted in
    /// bytes held), the lines around it keep their numbers, and a line of exactly the
    /// limit is still held and judged as before.
    #[test]
    fn a_line_past_the_limit_is_never_held() {
        let huge = 3 * LINE_LIMIT + 12_345;
        let input = io::Cursor::new(b"http://a/\n".to_vec())
            .chain(io::repeat(b'a').take(huge as u64))
            .chain(io::Cursor::new(b"\nhttp://b/\n".to_vec()))
            .chain(io::repeat(b'b').take(LINE_LIMIT as u64))
            .chain(io::Cursor::new(b"\nlast".to_vec()));
        let stop = AtomicBool::new(false);
        let mut held = 0;
        let mut seen = Vec::new();
        let mut c = ctx(Format::Text);
        c.quiet = false;
        read_chunks(input, 0, true, &stop, &Pool::default(), |ch| {
            held = held.max(ch.data.capacity());
            let mut out = Vec::new();
            let t = process(&ch, &c, &mut out, &mut LayerScratch::new());
            seen.push((ch.first_line, ch.too_long, ch.bytes().len(), t.invalid, out));
            Ok(())
        })
        .expect("in memory");
        assert!(
            held <= 2 * (LINE_LIMIT + 2 * CHUNK_BYTES),
            "a buffer held {held} bytes for a line of {huge}"
        );
        let long: Vec<_> = seen.iter().filter(|s| s.1).collect();
        assert_eq!(long.len(), 1);
        assert_eq!((long[0].0, long[0].2, long[0].3), (2, HEAD_BYTES, 1));
        let shown = String::from_utf8_lossy(&long[0].4);
        assert!(shown.starts_with("invalid\trfc3986\taaaa"), "{shown:.40}");
        assert!(shown.ends_with("a…\tline-too-long\n"), "{shown:.40}");
        let text: String = seen
            .iter()
            .filter(|s| !s.1)
            .map(|s| String::from_utf8_lossy(&s.4).into_owned())
            .collect();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "valid\trfc3986\thttp://a/");
        assert_eq!(lines[1], "valid\trfc3986\thttp://b/");
        // Line 4, exactly at the limit, is held and judged by the quick recognizer.
        assert!(lines[2].starts_with("valid\trfc3986\tbbbb"));
        assert_eq!(lines[2].len(), "valid\trfc3986\t".len() + LINE_LIMIT);
        assert_eq!(lines[3], "valid\trfc3986\tlast");
        // The chunk after the long line starts at its next line (a short read may cut
        // more chunks after it: `Chain` reads one part at a time).
        let after = seen.iter().skip_while(|s| !s.1).nth(1);
        assert_eq!(after.map(|s| (s.0, s.1)), Some((3, false)));
    }
}
