//! A scratch folder for one test. The shared temporary folder is writable by every user, so
//! a folder there with a name one can guess (`idbench-cases-<pid>`) could be planted first,
//! as a link to somewhere else or readable by others. A `Scratch` is made under a name
//! nobody can guess, by `mkdir` (which fails rather than follow anything already there),
//! readable and writable by its owner only, and it is removed with what it holds when the
//! test ends, passing or failing. `tempfile` does the naming and the cleanup; this adds the
//! private mode and the `Path` view the tests use.
//!
//! Tests only. The library's unit tests reach it as `crate::test_scratch`; the test files
//! that say `mod support;` as `support::scratch`, and the others include it on its own with
//! `#[path = "../src/test_scratch.rs"] mod scratch;`.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::ops::Deref;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// A private folder, removed on drop. Derefs to its `Path`.
pub struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    /// A new private folder named `idbench-TAG-` and random characters.
    pub fn new(tag: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("idbench-{tag}-"))
            .permissions(std::fs::Permissions::from_mode(0o700))
            .tempdir()
            .unwrap_or_else(|e| panic!("a scratch folder for {tag}: {e}"));
        Scratch { dir }
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The folder's path, owned (the folder still goes when `self` does).
    pub fn path_buf(&self) -> PathBuf {
        self.dir.path().to_path_buf()
    }
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.dir.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.dir.path()
    }
}

impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.dir.path().as_os_str()
    }
}

/// A new private folder (see [`Scratch::new`]).
pub fn dir(tag: &str) -> Scratch {
    Scratch::new(tag)
}

/// A file alone in its own private folder; derefs to the file's path, and the folder goes
/// with it on drop.
pub struct ScratchFile {
    _folder: Scratch,
    path: PathBuf,
}

impl ScratchFile {
    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Deref for ScratchFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for ScratchFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for ScratchFile {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

/// `contents` written to a file `name` in a new private folder (see [`Scratch::new`]).
pub fn file(tag: &str, name: &str, contents: impl AsRef<[u8]>) -> ScratchFile {
    let folder = Scratch::new(tag);
    let path = folder.join(name);
    std::fs::write(&path, contents).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    ScratchFile {
        _folder: folder,
        path,
    }
}
