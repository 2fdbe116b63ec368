//! Writing files privately: every file is opened relative to a folder opened once and
//! checked, with `O_NOFOLLOW`, created 0600 (`O_EXCL` for temporary files), so no planted
//! link is followed and nothing can be swapped between the check and the use. The
//! workbench's history and the cases writer both use it.
//!
//! The folder must be a directory, not a link, owned by the effective user (made 0700);
//! a file a regular file of ours with one link (made 0600). The calls go through `rustix`
//! (already a dependency; its "fs" feature) rather than `std`'s
//! `OpenOptionsExt::custom_flags`, which would need the `libc` crate for the flag values
//! and has no `*at` calls.

use std::hash::{BuildHasher, Hash, Hasher};
use std::path::Path;

#[cfg(unix)]
use rustix::fs::{AtFlags, FileType, Mode, OFlags};
#[cfg(unix)]
use std::os::fd::OwnedFd;

/// `path` for a message: escaped for the terminal.
pub fn shown(path: &Path) -> String {
    crate::safe_text::escape(&path.display().to_string()).into_owned()
}

/// An error that names `path` (escaped) and says what is wrong with it.
pub fn refuse(path: &Path, why: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::PermissionDenied,
        format!("{} {why}; refused", shown(path)),
    )
}

/// The parts of a path to write: its folder (`.` for a bare name) and its file name.
pub fn split(path: &Path) -> std::io::Result<(std::path::PathBuf, String)> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| refuse(path, "has no file name in UTF-8"))?;
    Ok((dir, name.to_string()))
}

/// A number no other process can guess (for temporary file names). Written by hand rather
/// than taken from a random-number crate (none is a dependency, and this needs no quality
/// beyond unpredictability): std's randomly keyed SipHash (`RandomState`, seeded by the
/// system's random source) over the time in nanoseconds, the process id, a counter and the
/// address of a local. A name that exists anyway is skipped (`O_EXCL`).
pub fn unguessable() -> u64 {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let local = 0u8;
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
        .hash(&mut h);
    std::process::id().hash(&mut h);
    COUNTER
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        .hash(&mut h);
    (std::ptr::addr_of!(local) as usize).hash(&mut h);
    h.finish()
}

/// The effective user.
#[cfg(unix)]
fn me() -> u32 {
    rustix::process::geteuid().as_raw()
}

/// Opens the folder `dir` (creating it, 0700, when `create`), refusing a link, anything
/// but a directory and a folder another user owns; one of ours open to the group or
/// others is made 0700. `Ok(None)`: it does not exist (and `create` is false).
#[cfg(unix)]
pub fn open_dir(dir: &Path, create: bool) -> std::io::Result<Option<OwnedFd>> {
    if create && std::fs::symlink_metadata(dir).is_err() {
        if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        // mkdir never follows a link in its last component.
        match rustix::fs::mkdir(dir, Mode::from_raw_mode(0o700)) {
            Ok(()) | Err(rustix::io::Errno::EXIST) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let fd = match rustix::fs::open(
        dir,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    ) {
        Ok(fd) => fd,
        Err(rustix::io::Errno::NOENT) if !create => return Ok(None),
        Err(rustix::io::Errno::LOOP) => {
            return Err(refuse(dir, "is a symbolic link, not a folder"));
        }
        Err(rustix::io::Errno::NOTDIR) => {
            // A link to a file gives ELOOP or ENOTDIR depending on the system.
            let link = std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink());
            let what = if link {
                "is a symbolic link, not a folder"
            } else {
                "is not a folder"
            };
            return Err(refuse(dir, what));
        }
        Err(e) => return Err(e.into()),
    };
    let st = rustix::fs::fstat(&fd)?;
    if st.st_uid != me() {
        return Err(refuse(
            dir,
            &format!("belongs to user {}, not to this user ({})", st.st_uid, me()),
        ));
    }
    if st.st_mode & 0o077 != 0 {
        rustix::fs::fchmod(&fd, Mode::from_raw_mode(0o700))?;
    }
    Ok(Some(fd))
}

/// Opens `name` in `dir` with `flags` (plus `O_NOFOLLOW`, `O_NONBLOCK`, `O_CLOEXEC`),
/// 0600 when created, and checks it is a regular file of ours with one link, made 0600.
/// `path` names it in errors.
#[cfg(unix)]
pub fn open_file(
    dir: &OwnedFd,
    name: &str,
    flags: OFlags,
    path: &Path,
) -> std::io::Result<std::fs::File> {
    let fd = match rustix::fs::openat(
        dir,
        name,
        flags | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o600),
    ) {
        Ok(fd) => fd,
        Err(rustix::io::Errno::LOOP) => return Err(refuse(path, "is a symbolic link")),
        Err(rustix::io::Errno::NXIO) => {
            return Err(refuse(path, "is not a regular file (a FIFO or socket)"));
        }
        Err(e) => {
            let e: std::io::Error = e.into();
            return Err(std::io::Error::new(
                e.kind(),
                format!("{}: {e}", shown(path)),
            ));
        }
    };
    let st = rustix::fs::fstat(&fd)?;
    if FileType::from_raw_mode(st.st_mode) != FileType::RegularFile {
        return Err(refuse(
            path,
            "is not a regular file (a FIFO, device or folder)",
        ));
    }
    if st.st_uid != me() {
        return Err(refuse(
            path,
            &format!("belongs to user {}, not to this user ({})", st.st_uid, me()),
        ));
    }
    if st.st_nlink != 1 {
        return Err(refuse(path, "has other hard links"));
    }
    if st.st_mode & 0o777 != 0o600 && flags.contains(OFlags::RDWR) {
        rustix::fs::fchmod(&fd, Mode::from_raw_mode(0o600))?;
    }
    Ok(std::fs::File::from(fd))
}

/// Creates a new file beside `name` in `dir` with a name no one can guess
/// (`NAME.tmp-PID-RANDOM`), `O_EXCL | O_NOFOLLOW`, 0600; returns it and its name.
#[cfg(unix)]
pub fn create_temp(dir: &OwnedFd, name: &str) -> std::io::Result<(std::fs::File, String)> {
    for _ in 0..64 {
        let tmp = format!("{name}.tmp-{}-{:016x}", std::process::id(), unguessable());
        match rustix::fs::openat(
            dir,
            tmp.as_str(),
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::from_raw_mode(0o600),
        ) {
            Ok(fd) => return Ok((std::fs::File::from(fd), tmp)),
            Err(rustix::io::Errno::EXIST) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        "no free name for a temporary file",
    ))
}

/// Renames `from` to `to` in `dir` (atomic within one folder).
#[cfg(unix)]
pub fn rename(dir: &OwnedFd, from: &str, to: &str) -> std::io::Result<()> {
    Ok(rustix::fs::renameat(dir, from, dir, to)?)
}

/// Removes `name` from `dir` (a link itself, never what it points to).
#[cfg(unix)]
pub fn remove(dir: &OwnedFd, name: &str) -> std::io::Result<()> {
    Ok(rustix::fs::unlinkat(dir, name, AtFlags::empty())?)
}

/// True when `name` exists in `dir` (a link counts; not followed).
#[cfg(unix)]
pub fn exists(dir: &OwnedFd, name: &str) -> bool {
    rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW).is_ok()
}

/// Removes the temporary files `NAME.tmp-…` in `dir` that a killed save left: regular
/// files (not links), ours, last changed more than `age` ago. Returns how many.
#[cfg(unix)]
pub fn clean_stale_temps(
    dir: &OwnedFd,
    dir_path: &Path,
    name: &str,
    age: std::time::Duration,
) -> usize {
    let prefix = format!("{name}.tmp-");
    let Ok(list) = std::fs::read_dir(dir_path) else {
        return 0;
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut removed = 0;
    for e in list.flatten() {
        let Some(file) = e.file_name().to_str().map(str::to_string) else {
            continue;
        };
        if !file.starts_with(&prefix) {
            continue;
        }
        let Ok(st) = rustix::fs::statat(dir, file.as_str(), AtFlags::SYMLINK_NOFOLLOW) else {
            continue;
        };
        let old =
            u64::try_from(st.st_mtime).map_or(true, |m| now.saturating_sub(m) > age.as_secs());
        if FileType::from_raw_mode(st.st_mode) == FileType::RegularFile
            && st.st_uid == me()
            && old
            && remove(dir, &file).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Creates `name` in `dir` only if nothing (not even a link) is there: `O_CREAT | O_EXCL |
/// O_NOFOLLOW`, 0600. `Ok(None)`: the name is taken.
#[cfg(unix)]
pub fn create_new(dir: &OwnedFd, name: &str) -> std::io::Result<Option<std::fs::File>> {
    match rustix::fs::openat(
        dir,
        name,
        OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o600),
    ) {
        Ok(fd) => Ok(Some(std::fs::File::from(fd))),
        Err(rustix::io::Errno::EXIST) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// The most numbers [`save_numbered`] tries before it gives up.
pub const MAX_NUMBERED: usize = 9_999;

/// Writes `bytes` to a new file `PREFIX NN .EXT` in the folder `dir` (NN the first free
/// number from 01, two digits at least), never over a file or through a link (see
/// [`create_new`]), 0600. The folder is opened as it is: it is the user's (the working
/// directory), so its mode is left alone. Returns the name written.
#[cfg(unix)]
pub fn save_numbered(dir: &Path, prefix: &str, ext: &str, bytes: &[u8]) -> std::io::Result<String> {
    use std::io::Write as _;
    let fd = rustix::fs::open(
        dir,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    for n in 1..=MAX_NUMBERED {
        let name = format!("{prefix}{n:02}.{ext}");
        if let Some(mut f) = create_new(&fd, &name)? {
            f.write_all(bytes)?;
            f.sync_all()?;
            return Ok(name);
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("{prefix}01.{ext} to {prefix}{MAX_NUMBERED}.{ext} are all taken"),
    ))
}

/// [`save_numbered`] where there is no `O_NOFOLLOW`: refused.
#[cfg(not(unix))]
pub fn save_numbered(
    _dir: &Path,
    _prefix: &str,
    _ext: &str,
    _bytes: &[u8],
) -> std::io::Result<String> {
    Err(std::io::Error::other(
        "saving files privately needs a Unix system",
    ))
}

/// Writes `bytes` as `name` in the folder `dir` opened with [`open_dir`]: to a temporary
/// file beside it, then renamed over it (a link planted at `name` is replaced, never
/// followed), 0600.
#[cfg(unix)]
pub fn write_replacing(dir: &OwnedFd, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let (mut f, tmp) = create_temp(dir, name)?;
    let r = f
        .write_all(bytes)
        .and_then(|()| f.sync_all())
        .and_then(|()| rename(dir, &tmp, name));
    if r.is_err() {
        let _ = remove(dir, &tmp);
    }
    r
}
