//! The compiled-in snapshot of IANA's "Uniform Resource Identifier (URI) Schemes" registry
//! (RFC 7595 §6).
//!
//! `registry.tsv` beside this file is built by `scripts/build-uri-scheme-registry` from a
//! copy of IANA's `uri-schemes.xml` (its header names the copy: repository, path, commit,
//! the file's SHA-256, the registry's own "updated" date and the retrieval date). It is
//! compiled in with `include_str!` and read once, on first use, into an immutable
//! [`Snapshot`], as the URN namespace registry is ([`crate::engine::namespaces::registry`]).

use crate::engine::provenance::{self, opt, read_tsv};
use std::sync::LazyLock;

/// A registration's status (RFC 7595 §3, §4, §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Permanent (RFC 7595 §3).
    Permanent,
    /// Provisional (RFC 7595 §4).
    Provisional,
    /// Historical (RFC 7595 §5).
    Historical,
}

impl Status {
    /// `permanent`, `provisional` or `historical`.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Permanent => "permanent",
            Status::Provisional => "provisional",
            Status::Historical => "historical",
        }
    }
}

/// One registered scheme, as the snapshot has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The scheme, in lower case.
    pub scheme: &'static str,
    /// Its status.
    pub status: Status,
    /// The registry's references, `; `-separated (`RFC 9110`, a person, an organisation).
    pub reference: &'static str,
    /// The registration date (`YYYY-MM-DD`), when the registry gives one.
    pub date: Option<&'static str>,
    /// For a historical scheme: the scheme that replaced it, where a document its record
    /// cites says so.
    pub replaced_by: Option<&'static str>,
    /// Where that is said (`RFC 3966 §1`).
    pub replaced_by_spec: Option<&'static str>,
}

/// The snapshot: where it came from, and its entries in the registry's order.
pub type Snapshot = provenance::Snapshot<Entry>;

impl provenance::Snapshot<Entry> {
    /// How many entries have `status`.
    pub fn count(&self, status: Status) -> usize {
        self.entries.iter().filter(|e| e.status == status).count()
    }
    /// The entry for `scheme` (case-insensitive, as schemes are: RFC 3986 §3.1).
    pub fn get(&self, scheme: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.scheme.eq_ignore_ascii_case(scheme))
    }
}

/// The registry file, as built by `scripts/build-uri-scheme-registry`.
pub const TSV: &str = include_str!("registry.tsv");

static SNAPSHOT: LazyLock<Snapshot> = LazyLock::new(|| parse(TSV));

/// The snapshot (read from [`TSV`] on first use).
pub fn snapshot() -> &'static Snapshot {
    &SNAPSHOT
}

/// The snapshot's entries by scheme (the schemes are lower case in the file): the indices
/// of [`Snapshot::entries`], sorted by scheme, for a binary search on every line of a batch
/// check.
static BY_NAME: LazyLock<Vec<usize>> = LazyLock::new(|| {
    let entries = &snapshot().entries;
    let mut v: Vec<usize> = (0..entries.len()).collect();
    v.sort_by(|&a, &b| entries[a].scheme.cmp(entries[b].scheme));
    v
});

/// `key` (lower case) against `scheme` folded to lower case, byte by byte, without
/// allocating.
fn cmp_folded(key: &str, scheme: &str) -> std::cmp::Ordering {
    key.bytes()
        .cmp(scheme.bytes().map(|b| b.to_ascii_lowercase()))
}

/// The entry for `scheme` (case-insensitive), if the snapshot lists it.
pub fn lookup(scheme: &str) -> Option<&'static Entry> {
    let entries = &snapshot().entries;
    let i = BY_NAME
        .binary_search_by(|&i| cmp_folded(entries[i].scheme, scheme))
        .ok()?;
    entries.get(*BY_NAME.get(i)?)
}

/// Reads the TSV (`provenance::read_tsv`): one row per scheme.
fn parse(text: &'static str) -> Snapshot {
    read_tsv(
        text,
        |[
            scheme,
            status,
            reference,
            date,
            replaced_by,
            replaced_by_spec,
        ]| {
            let status = match status {
                "permanent" => Status::Permanent,
                "provisional" => Status::Provisional,
                "historical" => Status::Historical,
                _ => return None, // the column line
            };
            Some(Entry {
                scheme,
                status,
                reference,
                date: opt(date),
                replaced_by: opt(replaced_by),
                replaced_by_spec: opt(replaced_by_spec),
            })
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_every_entry_in_any_case() {
        for e in &snapshot().entries {
            assert_eq!(lookup(e.scheme).map(|x| x.scheme), Some(e.scheme));
            assert_eq!(
                lookup(&e.scheme.to_ascii_uppercase()).map(|x| x.scheme),
                Some(e.scheme)
            );
            assert_eq!(e.scheme, e.scheme.to_ascii_lowercase());
        }
        assert!(lookup("").is_none());
        assert!(lookup("zzzz-none").is_none());
    }
}
