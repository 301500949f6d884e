//! A file one window edits in place — an army file in the builder — held the way a battle
//! file is ([`super::owner`]): the window holds the file's lock while it edits it, so a
//! second window is refused with the same message as for a battle, and it notes the file's
//! stamp whenever it reads or writes it, so a save never goes over what another program put
//! there since. The lock is given back when the [`Held`] is dropped.

use std::path::{Path, PathBuf};

use super::StoreError;
use super::atomic::write_atomic;
use super::owner::{BattleLock, NotLocked, Stamp};

/// A file this window edits: its lock (when one could be made) and its stamp.
#[derive(Debug)]
pub struct Held {
    path: PathBuf,
    /// `None` where no lock can be made (a read-only folder, a file system without locks):
    /// editing goes on without, as saving a battle does.
    _lock: Option<BattleLock>,
    /// The file as this window last read or wrote it; `None` when there was none.
    stamp: Option<Stamp>,
}

impl Held {
    /// Takes the lock of `path` and notes the file there now (read it after this, so a change
    /// in between is caught). Refused with [`StoreError::Busy`] when another window holds it.
    pub fn take(path: &Path) -> Result<Held, StoreError> {
        let lock = match BattleLock::try_take(path) {
            Ok(lock) => Some(lock),
            Err(NotLocked::Busy(pid)) => {
                return Err(StoreError::Busy {
                    path: path.to_path_buf(),
                    pid,
                });
            }
            Err(NotLocked::Unavailable(_)) => None,
        };
        Ok(Held {
            path: path.to_path_buf(),
            _lock: lock,
            stamp: Stamp::of(path),
        })
    }

    /// The file held.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Notes the file as it is now.
    fn note(&mut self) {
        self.stamp = Stamp::of(&self.path);
    }

    /// Reads the file again with `read`; once that works, the file as it was before the read
    /// is the one noted (a change during the read is caught at the next write). A read that
    /// fails leaves the note as it was, so what is there is still not written over unasked.
    pub fn reread<T, E>(&mut self, read: impl FnOnce(&Path) -> Result<T, E>) -> Result<T, E> {
        let before = Stamp::of(&self.path);
        let value = read(&self.path)?;
        self.stamp = before;
        Ok(value)
    }

    /// Refused with [`StoreError::Changed`] when the file is not the one this window last
    /// read or wrote: another program replaced, changed or made it. A file no longer there
    /// holds nothing to lose.
    pub fn unchanged(&self) -> Result<(), StoreError> {
        match Stamp::of(&self.path) {
            Some(now) if Some(now) != self.stamp => Err(StoreError::Changed {
                path: self.path.clone(),
            }),
            _ => Ok(()),
        }
    }

    /// Writes `bytes` over the file atomically if it is unchanged ([`Held::unchanged`]), or
    /// whatever is there when `overwrite`, and notes what was written.
    pub fn write(&mut self, bytes: &[u8], overwrite: bool) -> Result<(), StoreError> {
        if !overwrite {
            self.unchanged()?;
        }
        let written = write_atomic(&self.path, bytes);
        // A write that failed after its rename (the folder sync) still left our bytes there.
        if written.is_ok() || super::read_file(&self.path).ok().as_deref() == Some(bytes) {
            self.note();
        }
        written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_file_is_locked_and_not_written_over_once_changed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ron");
        std::fs::write(&path, "one").unwrap();
        let mut held = Held::take(&path).unwrap();
        assert!(matches!(
            Held::take(&path),
            Err(StoreError::Busy { pid: Some(p), .. }) if p == std::process::id()
        ));
        held.write(b"two", false).unwrap();
        std::fs::write(&path, "theirs").unwrap();
        assert!(matches!(
            held.write(b"three", false),
            Err(StoreError::Changed { .. })
        ));
        assert_eq!(std::fs::read(&path).unwrap(), b"theirs");
        held.write(b"three", true).unwrap();
        held.write(b"four", false).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"four");
        drop(held);
        Held::take(&path).expect("given back when dropped");
    }

    #[test]
    fn a_file_made_at_a_new_name_since_it_was_taken_is_not_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.ron");
        let mut held = Held::take(&path).unwrap();
        std::fs::write(&path, "theirs").unwrap();
        assert!(held.write(b"mine", false).is_err());
        std::fs::remove_file(&path).unwrap();
        held.write(b"mine", false).unwrap();
    }
}
