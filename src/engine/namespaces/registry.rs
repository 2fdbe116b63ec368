//! The compiled-in snapshot of IANA's "Uniform Resource Names (URN) Namespaces" registry.
//!
//! `registry.tsv` beside this file is built by `scripts/build-urn-registry` from a copy of
//! IANA's `urn-namespaces.xml` (its header names the copy: repository, path, commit, the
//! file's SHA-256, the registry's own "updated" date and the retrieval date). It is
//! compiled in with `include_str!` and read once, on first use, into an immutable
//! [`Snapshot`]: nothing at run time can change it.

use std::sync::LazyLock;

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

/// The snapshot: where it came from, and its entries in the registry's order (formal
/// first, then informal).
#[derive(Debug)]
pub struct Snapshot {
    /// The public repository the registry file was taken from (`owner/name`).
    pub source_repository: &'static str,
    /// The file's path in that repository.
    pub source_path: &'static str,
    /// The commit it was read at.
    pub source_commit: &'static str,
    /// The SHA-256 of the file, in hex.
    pub source_sha256: &'static str,
    /// The registry's own "last updated" date.
    pub registry_updated: &'static str,
    /// When the copy was retrieved.
    pub retrieved: &'static str,
    /// Every entry.
    pub entries: Vec<Entry>,
}

impl Snapshot {
    /// How many entries of `kind`.
    pub fn count(&self, kind: Kind) -> usize {
        self.entries.iter().filter(|e| e.kind == kind).count()
    }
    /// The entry for `nid` (case-insensitive, as NIDs are: RFC 8141 §2).
    pub fn get(&self, nid: &str) -> Option<&Entry> {
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

fn opt(s: &'static str) -> Option<&'static str> {
    (!s.is_empty()).then_some(s)
}

/// Reads the TSV: `# key<TAB>value` header lines, a column line, then one row per NID.
/// Lines that do not fit are skipped (the file is compiled in and checked by tests, so
/// this never happens in a build; skipping keeps a bad edit from panicking).
fn parse(text: &'static str) -> Snapshot {
    let mut s = Snapshot {
        source_repository: "",
        source_path: "",
        source_commit: "",
        source_sha256: "",
        registry_updated: "",
        retrieved: "",
        entries: Vec::new(),
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# ") {
            let Some((key, value)) = rest.split_once('\t') else {
                continue;
            };
            match key {
                "source-repository" => s.source_repository = value,
                "source-path" => s.source_path = value,
                "source-commit" => s.source_commit = value,
                "source-sha256" => s.source_sha256 = value,
                "registry-updated" => s.registry_updated = value,
                "retrieved" => s.retrieved = value,
                _ => {}
            }
            continue;
        }
        let cols: Vec<&'static str> = line.split('\t').collect();
        let [nid, kind, date, updated, reference, template] = cols[..] else {
            continue;
        };
        let kind = match kind {
            "formal" => Kind::Formal,
            "informal" => Kind::Informal,
            _ => continue, // the column line
        };
        s.entries.push(Entry {
            nid,
            kind,
            date: opt(date),
            updated: opt(updated),
            reference,
            template: opt(template),
        });
    }
    s
}
