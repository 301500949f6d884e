//! The store's file primitives in a browser's page: each file is a value in the page's store
//! (`super::browser`, kept in IndexedDB), written whole with its backup kept first, so
//! no temp file is ever left; a write may still wait for IndexedDB to confirm it, or be
//! refused by it, or the battle may be taken over by another tab. Chosen in `store/mod.rs`;
//! the desktop has the same functions in `platform/disk.rs`.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::StoreError;
use super::browser::local::files;

/// Whether there is a value at `path` in the page's store.
pub fn exists(path: &Path) -> bool {
    files().stamp(path).is_some()
}

/// Whether there is a file at `path`: every value of the page's store is one.
pub fn is_file(path: &Path) -> bool {
    exists(path)
}

/// When the value at `path` was last written, as the page's store noted it.
pub fn modified(path: &Path) -> Option<SystemTime> {
    let ms = files().modified(path)?;
    Some(UNIX_EPOCH + Duration::from_millis(ms))
}

/// Whether the value at `path` is kept as it was last written here (`browser::Browser::check`).
pub fn check(path: &Path) -> Result<(), StoreError> {
    files().check(path)
}

/// The note the page's store keeps about the value at `path` (a battle's summary for the
/// listing: reading every battle at start-up is slow).
pub(crate) fn note(path: &Path) -> Option<String> {
    files().note(path)
}

/// Keeps `note` about the value at `path` as it is now.
pub(crate) fn set_note(path: &Path, note: impl FnOnce() -> String) {
    files().set_note(path, note());
}

/// Replaces the value at `path` with `bytes` whole, keeping the old one as `<name>.bak`.
pub(crate) fn write(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    files().write(path, bytes)
}

/// Moves the value at `from` to `to`.
pub(crate) fn rename(from: &Path, to: &Path, _action: &'static str) -> Result<(), StoreError> {
    files().rename(from, to)
}

/// Removes the value at `path` for good; one that is not there is no error.
pub(crate) fn remove(path: &Path) -> Result<(), StoreError> {
    files().remove(path)
}

/// The values under the folder `dir`, sorted.
pub(crate) fn list(dir: &Path) -> Vec<PathBuf> {
    files().list(dir)
}

/// The page's store writes each value whole: it never leaves a temp file to clear.
pub(crate) fn clear_stale_temps(_dir: &Path, _battle: Option<&Path>) -> Vec<PathBuf> {
    Vec::new()
}

/// Whether the battle in `path` is held by another tab and could be taken over from it, at
/// the player's word.
pub fn may_take_over(path: &Path) -> bool {
    files().held_elsewhere(path)
}

/// Takes the battle in `path` over from the tab that holds it (that tab stops saving it and
/// says why).
pub fn take_over(path: &Path) -> Result<(), StoreError> {
    files().take_over(path)
}
