//! The core's [`Storage`] on a folder of files: whole reads of regular files of a bounded
//! size, atomic writes that keep the previous file as `<name>.bak` ([`super::atomic`]), the
//! stamp of a file and the lock beside it ([`super::owner`]), and moving a file to a name
//! that is free (into the bin, and back) or removing it.

use std::path::{Path, PathBuf};

use super::atomic::write_atomic;
use super::owner::{BattleLock, NotLocked, Stamp};
use super::{Storage, StoreError};

/// Battles kept as files; keys are the files' paths.
#[derive(Debug, Clone, Copy, Default)]
pub struct Folder;

impl Storage for Folder {
    type Stamp = Stamp;
    type Lock = BattleLock;

    /// The path made absolute (not resolving links), so one file has one key.
    fn normal(&self, key: &Path) -> PathBuf {
        std::path::absolute(key).unwrap_or_else(|_| key.to_path_buf())
    }

    fn list(&self, dir: &Path) -> Vec<PathBuf> {
        super::platform::list(dir)
    }

    fn read(&self, key: &Path) -> Result<Vec<u8>, StoreError> {
        super::read_file(key)
    }

    fn stamp(&self, key: &Path) -> Option<Stamp> {
        Stamp::of(key)
    }

    fn write_atomically(&mut self, key: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        write_atomic(key, bytes)
    }

    fn rename(&self, from: &Path, to: &Path) -> Result<(), StoreError> {
        if super::exists(to) {
            return Err(adjutant_core::store::storage::taken_error(to));
        }
        if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
            super::paths::create_dir(dir)?;
        }
        super::platform::rename(from, to, "move")
    }

    fn remove(&self, key: &Path) -> Result<(), StoreError> {
        super::remove_file(key)
    }

    fn lock(&self, key: &Path) -> Result<Option<BattleLock>, StoreError> {
        match BattleLock::try_take(key) {
            Ok(lock) => Ok(Some(lock)),
            Err(NotLocked::Busy(pid)) => Err(StoreError::Busy {
                path: key.to_path_buf(),
                pid,
            }),
            Err(NotLocked::Unavailable(_)) => Ok(None),
        }
    }
}
