//! Writing cases: one case as a `[[case]]` table (values encoded by the `toml` crate), and
//! a file written privately and whole: a temporary file created `O_EXCL | O_NOFOLLOW`,
//! 0600, in the same folder, then renamed over the target, so no planted link is followed
//! and a crash never leaves half a file ([`crate::files::private`], on Unix).

use std::path::Path;

use super::{Case, MAX_CASES_FILE, TargetExpect};
use crate::engine::equiv::{Objective, SideForm};
use crate::files::private::split;

/// A TOML value as the `toml` crate writes it (quoting and escapes are its business).
fn val(v: impl Into<toml::Value>) -> String {
    v.into().to_string()
}

/// A key as TOML needs it: bare when it can be, else quoted.
fn key(k: &str) -> String {
    if !k.is_empty()
        && k.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        k.to_string()
    } else {
        val(k)
    }
}

fn inline(pairs: &[(String, String)]) -> String {
    let inner: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{} = {}", key(k), val(v.as_str())))
        .collect();
    format!("{{ {} }}", inner.join(", "))
}

/// `case` as a `[[case]]` table, ending with a blank line. Its diagnostics expectations
/// (of the `examples/ids` format) have no TOML key and are not written.
pub fn to_toml(case: &Case) -> String {
    let mut s = String::from("[[case]]\n");
    let mut line = |k: &str, v: String| {
        s.push_str(k);
        s.push_str(" = ");
        s.push_str(&v);
        s.push('\n');
    };
    line("input", val(case.input.as_str()));
    if let Some(p) = case.profile {
        line("profile", val(p.map_or("auto", |p| p.name())));
    }
    if let Some(b) = &case.base {
        line("base", val(b.as_str()));
    }
    let e = &case.expect;
    if let Some(v) = e.valid {
        line("valid", val(v));
    }
    if let Some(c) = &e.error {
        line("error", val(c.as_str()));
    }
    if let Some(at) = e.error_at {
        line("error_at", val(i64::try_from(at).unwrap_or(i64::MAX)));
    }
    if !e.components.is_empty() {
        line("components", inline(&e.components));
    }
    if !e.forms.is_empty() {
        line("forms", inline(&e.forms));
    }
    if let Some((other, eq)) = &e.equivalent {
        line(
            if *eq { "equivalent" } else { "not_equivalent" },
            val(other.as_str()),
        );
    }
    if let Some(step) = &e.step {
        line("step", val(step.as_str()));
    }
    match &e.target {
        Some(TargetExpect::Is(t)) => line("target", val(t.as_str())),
        Some(TargetExpect::Fails) => line("target", val("error")),
        None => {}
    }
    if let Some(p) = &e.parses {
        line("parses", val(p.expect));
        line("grammar", val(p.path.as_str()));
        line("start", val(p.start.as_str()));
    }
    // The rest of the view, where it is not the default: the layers and how
    // `equivalent` compares (a badge in the file: `namespaces = false`).
    if let Some(ns) = e.namespaces {
        line("namespaces", val(ns));
    }
    let c = &e.compare;
    if c.objective == Objective::Cache {
        line("objective", val("cache"));
    }
    if c.ignore_dollar {
        line("ignore_dollar", val(true));
    }
    for (k, f) in [("a_form", c.a_form), ("b_form", c.b_form)] {
        match f {
            SideForm::AsIs => {}
            SideForm::IriNormal => line(k, val("iri")),
            SideForm::UriNormal => line(k, val("uri")),
        }
    }
    if let Some(n) = &case.note {
        line("note", val(n.as_str()));
    }
    s.push('\n');
    s
}

/// Appends `text` to the file at `path` (created when missing): what it held and `text`
/// are written to a new private file beside it, renamed over it. A link, a FIFO, a device
/// or another user's file at `path` is refused.
pub fn append_case(path: &Path, text: &str) -> std::io::Result<()> {
    write_private(path, text, true)
}

/// Writes `text` to `path` privately (0600) and whole, replacing what it held, or, with
/// `append`, after what it held.
pub fn write_private(path: &Path, text: &str, append: bool) -> std::io::Result<()> {
    imp::write(path, text, append)
}

fn joined(existing: String, text: &str) -> std::io::Result<String> {
    if existing.len() as u64 + text.len() as u64 > MAX_CASES_FILE {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("the file would pass {MAX_CASES_FILE} bytes"),
        ));
    }
    let mut all = existing;
    if !all.is_empty() && !all.ends_with('\n') {
        all.push('\n');
    }
    all.push_str(text);
    Ok(all)
}

#[cfg(unix)]
mod imp {
    use super::{Path, joined, split};
    use crate::files::private as unix;
    use rustix::fs::{Mode, OFlags};
    use std::io::Write as _;

    pub fn write(path: &Path, text: &str, append: bool) -> std::io::Result<()> {
        let (dir_path, name) = split(path)?;
        let dir = rustix::fs::open(
            &dir_path,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        let existing = if append {
            match unix::open_file(&dir, &name, OFlags::RDONLY, path) {
                Ok(f) => crate::files::read_capped(f, super::MAX_CASES_FILE)?,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
                Err(e) => return Err(e),
            }
        } else {
            // A link or a FIFO planted at the target is refused here too.
            match unix::open_file(&dir, &name, OFlags::RDONLY, path) {
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
            String::new()
        };
        let all = joined(existing, text)?;
        let (mut f, tmp) = unix::create_temp(&dir, &name)?;
        let r = f
            .write_all(all.as_bytes())
            .and_then(|()| f.sync_all())
            .and_then(|()| unix::rename(&dir, &tmp, &name));
        if r.is_err() {
            let _ = unix::remove(&dir, &tmp);
        }
        r
    }
}

#[cfg(not(unix))]
mod imp {
    use super::{Path, joined, split};
    use std::io::Write as _;

    pub fn write(path: &Path, text: &str, append: bool) -> std::io::Result<()> {
        let (dir, name) = split(path)?;
        let existing = if append && path.exists() {
            crate::files::read_regular(path, super::MAX_CASES_FILE)?
        } else {
            String::new()
        };
        let all = joined(existing, text)?;
        let tmp = dir.join(format!("{name}.tmp-{}", std::process::id()));
        let r = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .and_then(|mut f| f.write_all(all.as_bytes()).and_then(|()| f.sync_all()))
            .and_then(|()| std::fs::rename(&tmp, path));
        if r.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        r
    }
}
