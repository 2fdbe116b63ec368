//! `idbench check --agree P1,P2[,...]`: each line read under every listed profile
//! ([`crate::engine::agree`]), and whether they read its security parts alike.
//!
//! `check` streams and numbers the lines as it always does (files, stdin, `--jobs`, blank
//! lines); each line's record is judged under `--profile` when given, else under the first
//! listed profile (read off its reading: [`record_of`]); this file writes the agreement:
//!
//! - text: `[FILE:LINE: ]agree<TAB>INPUT`, or
//!   `[FILE:LINE: ]disagree<TAB>COMPONENT<TAB>CLASS<TAB>INPUT` for the first disagreement
//!   (the host's when the host differs); the input escaped as `check` escapes it;
//! - JSON Lines: `check`'s record with `"agree"` and `"disagreements"` added (each
//!   `{"component", "class", "readings": {PROFILE: value or null}, "why"}`).
//!
//! The exit status is 1 when any line disagrees (0 otherwise; 2 on a read error), whatever
//! the lines' verdicts.

use crate::engine::Profile;
use crate::engine::agree::{Agreement, Summary, agree_with, plain_agreement, summary};

use super::{check_format, json};

/// One line's agreement: [`Line::Summary`], the first disagreement and the first
/// profile's verdict ([`summary`]: nothing of the readings is copied, and a plain line is
/// known to agree from its bytes), where no JSON record is written or the line agrees;
/// else the whole [`Agreement`], whose disagreements the JSON record holds.
pub(super) enum Line {
    /// The first disagreement (none: every profile reads the line alike) and the first
    /// profile's verdict.
    Summary(Summary),
    /// The readings and the disagreements.
    Full(Agreement),
}

impl Line {
    /// True when every profile reads every security part the same.
    pub(super) fn agree(&self) -> bool {
        match self {
            Line::Summary(s) => s.agree(),
            Line::Full(a) => a.agree(),
        }
    }
}

/// The agreement of one line's bytes: a line that is not UTF-8 is rejected by every
/// profile (every component null), so it agrees.
/// With `why` false (text output and `--quiet`, which print no disagreement's readings or
/// `why`) only the [`Line::Summary`] is made; with `why` true, the whole agreement of a
/// line that is not plain ([`plain_agreement`]).
pub(super) fn of_line(bytes: &[u8], profiles: &[Profile], why: bool) -> Line {
    match std::str::from_utf8(bytes) {
        Ok(s) if !why => Line::Summary(summary(s, profiles)),
        Ok(s) if plain_agreement(s, profiles) => Line::Summary(Summary {
            first: None,
            lead: profiles.first().map(|&p| (p, true, None)),
        }),
        Ok(s) => Line::Full(agree_with(s, profiles, why)),
        Err(_) => Line::Full(agree_rejected(profiles)),
    }
}

/// The check record's profile and verdict under `--agree` without `--profile`: the first
/// listed profile's, read off its reading (no second parse), as `check --profile P1` gives
/// them; `None` where the reading does not say (a profile that cannot read the input's
/// kind has no code of its own: `check` parses to name it).
pub(super) fn record_of(line: &Line) -> Option<(&'static str, Result<(), &'static str>)> {
    let (profile, accepted, error) = match line {
        Line::Summary(s) => s.lead?,
        Line::Full(a) => {
            let r = a.readings.first()?;
            (r.profile, r.accepted, r.error)
        }
    };
    match (accepted, error) {
        (true, _) => Some((profile.name(), Ok(()))),
        (false, Some(code)) if code != "line-too-long" => Some((profile.name(), Err(code))),
        _ => None,
    }
}

fn agree_rejected(profiles: &[Profile]) -> Agreement {
    // The empty string past every profile's limit is not needed: every profile's reading of
    // a line that is not text is "rejected", built directly.
    Agreement {
        readings: profiles
            .iter()
            .map(|&p| crate::engine::agree::Reading {
                profile: p,
                accepted: false,
                error: Some("not-utf8"),
                scheme: None,
                userinfo: None,
                host: None,
                port: None,
                path: None,
            })
            .collect(),
        disagreements: Vec::new(),
    }
}

/// The text line of a judged line: `[PREFIX: ]agree<TAB>INPUT` or
/// `[PREFIX: ]disagree<TAB>COMPONENT<TAB>CLASS<TAB>INPUT`; `prefix` is the escaped file
/// name and the line number, when files were given.
pub(super) fn text_line(out: &mut Vec<u8>, prefix: Option<(&str, u64)>, bytes: &[u8], a: &Line) {
    if let Some((name, line_no)) = prefix {
        out.extend_from_slice(name.as_bytes());
        out.push(b':');
        out.extend_from_slice(itoa::Buffer::new().format(line_no).as_bytes());
        out.extend_from_slice(b": ");
    }
    let first = match a {
        Line::Summary(s) => s.first,
        Line::Full(a) => a.first().map(|d| (d.component, d.class)),
    };
    match first {
        None => out.extend_from_slice(b"agree\t"),
        Some((component, class)) => {
            out.extend_from_slice(b"disagree\t");
            out.extend_from_slice(component.name().as_bytes());
            out.push(b'\t');
            out.extend_from_slice(class.name().as_bytes());
            out.push(b'\t');
        }
    }
    check_format::push_text(out, bytes);
    out.push(b'\n');
}

/// Adds `"agree"` and `"disagreements"` to the JSON record `check` wrote at `from..` of
/// `out` (one object and a newline).
pub(super) fn extend_json(out: &mut Vec<u8>, from: usize, line: &Line) {
    // The record ends with "}\n": reopen it.
    if out.len() < from + 2 || !out.ends_with(b"}\n") {
        return;
    }
    out.truncate(out.len() - 2);
    out.extend_from_slice(b",\"agree\":");
    out.extend_from_slice(if line.agree() { b"true" } else { b"false" });
    out.extend_from_slice(b",\"disagreements\":");
    let a = match line {
        Line::Full(a) if !a.disagreements.is_empty() => a,
        // A summary disagrees only where no record is written (`of_line` without `why`):
        // its first disagreement is all it has.
        Line::Summary(Summary {
            first: Some((component, class)),
            ..
        }) => {
            out.extend_from_slice(b"[{\"component\":\"");
            out.extend_from_slice(component.name().as_bytes());
            out.extend_from_slice(b"\",\"class\":\"");
            out.extend_from_slice(class.name().as_bytes());
            out.extend_from_slice(b"\"}]}\n");
            return;
        }
        _ => {
            out.extend_from_slice(b"[]}\n");
            return;
        }
    };
    // `write_line` escapes what a terminal must not see raw; drop its newline.
    let at = out.len();
    let _ = json::write_line(out, &a.disagreements);
    if out.len() > at && out.ends_with(b"\n") {
        out.pop();
    }
    out.extend_from_slice(b"}\n");
}
