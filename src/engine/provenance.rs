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
