//! The store's file primitives on a disk (every target but the browser): the file system's
//! own answers, atomic writes ([`super::atomic`]), and nothing kept beside a file but
//! the file itself. Chosen in `store/mod.rs`; the browser's page has the same functions in
//! `platform/page.rs`.

use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::StoreError;
use super::atomic::write_atomic_with;

/// Whether there is anything at `path`.
pub fn exists(path: &Path) -> bool {
    path.exists()
}

/// Whether there is a regular file at `path`.
pub fn is_file(path: &Path) -> bool {
    path.is_file()
}

/// When the file at `path` was last written.
pub fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).ok()?.modified().ok()
}

/// Whether the file at `path` is kept as it was last written here: on a disk a write that
/// returned is kept.
pub fn check(_path: &Path) -> Result<(), StoreError> {
    Ok(())
}

/// The note kept about the file at `path`: none on a disk, where reading a battle is quick.
pub(crate) fn note(_path: &Path) -> Option<String> {
    None
}

/// Keeps a note about the file at `path`: nothing to keep on a disk.
pub(crate) fn set_note(_path: &Path, _note: impl FnOnce() -> String) {}

/// Replaces the file at `path` with `bytes`, atomically, keeping the old one as `<name>.bak`.
pub(crate) fn write(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    write_atomic_with(path, bytes, |_| None)
}

/// Moves the file at `from` to `to` (`action` names the move in an error: "keep aside").
pub(crate) fn rename(from: &Path, to: &Path, action: &'static str) -> Result<(), StoreError> {
    std::fs::rename(from, to).map_err(|e| StoreError::io(action, from, &e))
}

/// Removes the file at `path` for good; one that is not there is no error.
pub(crate) fn remove(path: &Path) -> Result<(), StoreError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(StoreError::io("remove", path, &e)),
        _ => Ok(()),
    }
}

/// The files in the folder `dir`, sorted (none when it cannot be read).
pub(crate) fn list(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut keys: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    keys.sort();
    keys
}

/// Removes the temp files in `dir` left by saves that stopped ([`super::leftovers`]).
pub(crate) fn clear_stale_temps(dir: &Path, battle: Option<&Path>) -> Vec<PathBuf> {
    super::leftovers::clear_stale_temps(dir, battle)
}

/// Whether the battle in `path` could be taken over from the window that holds it: never on
/// a disk, where the lock dies only with its window.
pub fn may_take_over(_path: &Path) -> bool {
    false
}

/// Takes the battle in `path` over from the window that holds it: refused on a disk.
pub fn take_over(path: &Path) -> Result<(), StoreError> {
    Err(StoreError::Busy {
        path: path.to_path_buf(),
        pid: None,
    })
}
