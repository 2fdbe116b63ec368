//! The compiled-in snapshot of IANA's "Uniform Resource Names (URN) Namespaces" registry.
//!
//! `registry.tsv` beside this file is built by `scripts/build-urn-registry` from a copy of
//! IANA's `urn-namespaces.xml` (its header names the copy: repository, path, commit, the
//! file's SHA-256, the registry's own "updated" date and the retrieval date). It is
//! compiled in with `include_str!` and read once, on first use, into an immutable
//! [`Snapshot`]: nothing at run time can change it.

use crate::engine::provenance::{self, opt, read_tsv};
use std::sync::LazyLock;

use crate::engine::abnf::FastMap;

/// Whether a registration is in the formal or the informal table (RFC 8141 §5.1, §5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Formal URN Namespaces (`urn-namespaces-1`).
    Formal,
    /// Informal URN Namespaces (`urn-namespaces-2`), NIDs `urn-<number>`.
    Informal,
}

impl Kind {
    /// `formal` or `informal`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Formal => "formal",
            Kind::Informal => "informal",
        }
    }
}

/// One registered NID, as the snapshot has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The NID, in lower case.
    pub nid: &'static str,
    /// Formal or informal.
    pub kind: Kind,
    /// The registration date (`YYYY-MM-DD`), when the registry gives one (most of the
    /// registrations made before IANA recorded dates have none).
    pub date: Option<&'static str>,
    /// The date the record was last updated, when the registry gives one.
    pub updated: Option<&'static str>,
    /// The registry's references, `; `-separated (`RFC 4122`, an organisation, a person).
    pub reference: &'static str,
    /// The address of the registration template, when there is one.
    pub template: Option<&'static str>,
}

/// The snapshot: where it came from, and its entries in the registry's order.
pub type Snapshot = provenance::Snapshot<Entry>;

impl provenance::Snapshot<Entry> {
    /// How many entries of `kind`.
    pub fn count(&self, kind: Kind) -> usize {
        self.entries.iter().filter(|e| e.kind == kind).count()
    }
    /// The entry for `nid` (case-insensitive, as NIDs are: RFC 8141 §2).
    pub fn get(&self, nid: &str) -> Option<&Entry> {
        // The snapshot's own entries are indexed once (`BY_NID`); another snapshot (none is
        // made today) is searched in order.
        if std::ptr::eq(self, snapshot()) {
            // The NID in lower case on the stack, then a hash lookup (a NID over 64 bytes,
            // which no registry has, is searched in order).
            let mut buf = [0u8; 64];
            if let Some(lower) = buf.get_mut(..nid.len()) {
                for (d, s) in lower.iter_mut().zip(nid.bytes()) {
                    *d = s.to_ascii_lowercase();
                }
                let lower: &[u8] = lower;
                return self.entries.get(*BY_NID.get(lower)?);
            }
        }
        self.entries
            .iter()
            .find(|e| e.nid.eq_ignore_ascii_case(nid))
    }
}

/// The registry file, as built by `scripts/build-urn-registry`.
pub const TSV: &str = include_str!("registry.tsv");

static SNAPSHOT: LazyLock<Snapshot> = LazyLock::new(|| parse(TSV));

/// The snapshot (read from [`TSV`] on first use).
pub fn snapshot() -> &'static Snapshot {
    &SNAPSHOT
}

/// Reads the TSV (`provenance::read_tsv`): one row per NID.
fn parse(text: &'static str) -> Snapshot {
    read_tsv(text, |[nid, kind, date, updated, reference, template]| {
        let kind = match kind {
            "formal" => Kind::Formal,
            "informal" => Kind::Informal,
            _ => return None, // the column line
        };
        Some(Entry {
            nid,
            kind,
            date: opt(date),
            updated: opt(updated),
            reference,
            template: opt(template),
        })
    })
}

/// The snapshot's NIDs in lower case, each with its entry's index: a lookup is one hash
/// (`check --namespaces` makes one per URN), not a scan of every entry. A NID over 64
/// bytes (RFC 8141 §2 allows 32) is left to the scan.
static BY_NID: LazyLock<FastMap<Box<[u8]>, usize>> = LazyLock::new(|| {
    let mut m = FastMap::default();
    for (i, x) in snapshot().entries.iter().enumerate() {
        if x.nid.len() <= 64 {
            // A NID listed twice (the tests rule it out) is found at its first entry, as
            // a scan would find it.
            m.entry(x.nid.to_ascii_lowercase().into_bytes().into_boxed_slice())
                .or_insert(i);
        }
    }
    m
});
