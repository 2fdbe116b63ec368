//! Where a registry snapshot compiled into idbench came from: the `# key<TAB>value` header
//! lines its build script writes (the URN namespaces' and the URI schemes' registries).

/// A snapshot's source, read from its header lines.
#[derive(Debug, Default)]
pub struct Provenance {
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
}

impl Provenance {
    /// Reads `line` if it is a header line (`# key<TAB>value`; other `# ` lines are
    /// comments) and says whether it was one.
    pub fn read(&mut self, line: &'static str) -> bool {
        let Some(rest) = line.strip_prefix("# ") else {
            return false;
        };
        if let Some((key, value)) = rest.split_once('\t') {
            match key {
                "source-repository" => self.source_repository = value,
                "source-path" => self.source_path = value,
                "source-commit" => self.source_commit = value,
                "source-sha256" => self.source_sha256 = value,
                "registry-updated" => self.registry_updated = value,
                "retrieved" => self.retrieved = value,
                _ => {}
            }
        }
        true
    }
}

/// A registry snapshot: where it came from, and its entries in the file's order.
#[derive(Debug)]
pub struct Snapshot<E> {
    /// Where it came from (its header lines; the fields read through `Deref`).
    pub provenance: Provenance,
    /// Every entry.
    pub entries: Vec<E>,
}

/// The snapshot's source fields read as its own (`snapshot().source_commit`).
impl<E> std::ops::Deref for Snapshot<E> {
    type Target = Provenance;
    fn deref(&self) -> &Provenance {
        &self.provenance
    }
}

/// Reads a snapshot's TSV: `# key<TAB>value` header lines, a column line, then one row of
/// `N` columns per entry, made by `row` (`None` for the column line). Lines that do not
/// fit are skipped (the file is compiled in and checked by tests, so this never happens in
/// a build; skipping keeps a bad edit from panicking).
pub fn read_tsv<E, const N: usize>(
    text: &'static str,
    row: impl Fn([&'static str; N]) -> Option<E>,
) -> Snapshot<E> {
    let mut s = Snapshot {
        provenance: Provenance::default(),
        entries: Vec::new(),
    };
    for line in text.lines() {
        if s.provenance.read(line) {
            continue;
        }
        let cols: Vec<&'static str> = line.split('\t').collect();
        if let Ok(cols) = <[&'static str; N]>::try_from(cols)
            && let Some(e) = row(cols)
        {
            s.entries.push(e);
        }
    }
    s
}

/// An empty column as `None`.
pub fn opt(s: &'static str) -> Option<&'static str> {
    (!s.is_empty()).then_some(s)
}
