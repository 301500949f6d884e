//! Which Adjutant process plays a battle (or edits an army file, through [`super::held`]), and
//! whether its file is still the one it wrote.
//!
//! - [`BattleLock`]: an advisory lock (`flock`, through [`File::try_lock`]) on a hidden file
//!   beside the battle, `.<name>.lock`. The system drops the lock when the process ends,
//!   however it ends, so a crash never leaves a battle locked; the lock file is removed when
//!   the lock is given back, and one left by a crash is simply locked again. A second window
//!   that wants the same battle is told which process has it. On Windows the lock is
//!   `LockFileEx` on the whole file, which also keeps other processes from reading it, so a
//!   second window there is told the battle is open elsewhere without the process id; the
//!   file's identity is its volume serial number and file index instead of device and inode.
//! - [`Stamp`]: what a file on disk is (device, inode, length, time of last change), noted
//!   when this process reads or writes it. Every write replaces the file by a rename, so the
//!   inode alone tells one save from the next; before saving, the store checks that the file
//!   still has the stamp it noted, so it never writes over what someone else put there.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub use super::names::{is_lock_name, lock_path};

/// This process's hold on one battle file (or army file in the builder); given back when
/// dropped.
#[derive(Debug)]
pub struct BattleLock {
    file: File,
    path: PathBuf,
}

/// Why a lock was not taken.
#[derive(Debug)]
pub enum NotLocked {
    /// Another process holds it; its id, when it wrote one.
    Busy(Option<u32>),
    /// The lock file could not be made or locked (a read-only folder, a file system without
    /// locks). The save that wanted it goes on and reports its own error, if any.
    Unavailable(io::Error),
}

impl BattleLock {
    /// Takes the lock of `battle` without waiting.
    pub fn try_take(battle: &Path) -> Result<BattleLock, NotLocked> {
        let path = lock_path(battle);
        // The holder before us may remove the lock file between our opening it and locking
        // it; then our lock is on a file nobody else will open, so open the name again.
        for _ in 0..16 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(NotLocked::Unavailable)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => return Err(NotLocked::Busy(holder(&mut file))),
                Err(TryLockError::Error(e)) => return Err(NotLocked::Unavailable(e)),
            }
            if same_file(&file, &path) {
                // Who holds it, for the message another window shows; the lock works without.
                let _ = file
                    .set_len(0)
                    .and_then(|()| write!(file, "{}", std::process::id()));
                return Ok(BattleLock { file, path });
            }
        }
        Err(NotLocked::Unavailable(io::Error::other(
            "its lock file keeps being replaced",
        )))
    }
}

/// Whether another process holds the lock of `file` (a battle it plays, an army file its
/// builder edits): `Some` with the holder's process id when it wrote one. Nothing is made or
/// removed: a file without a lock file is held by no one.
pub fn held_elsewhere(file: &Path) -> Option<Option<u32>> {
    let mut lock = OpenOptions::new()
        .read(true)
        .write(true)
        .open(lock_path(file))
        .ok()?;
    match lock.try_lock() {
        Ok(()) => {
            let _ = lock.unlock();
            None
        }
        Err(TryLockError::WouldBlock) => Some(holder(&mut lock)),
        Err(TryLockError::Error(_)) => None,
    }
}

impl Drop for BattleLock {
    fn drop(&mut self) {
        // Removed while still locked, so nobody can be waiting on this file; the lock itself
        // goes with the file handle.
        let _ = fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// The process id the holder wrote into the lock file.
fn holder(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.rewind().ok()?;
    file.take(32).read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Whether the open `file` is still the one named `path`.
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => false,
        }
    }
    #[cfg(windows)]
    {
        match (
            windows_file_id(file),
            File::open(path).ok().as_ref().and_then(windows_file_id),
        ) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = (file, path);
        true
    }
}

/// Which file an open handle is on Windows: the volume's serial number and the file's index
/// (NTFS's counterpart of the device and inode), or `None` where the system does not say.
#[cfg(windows)]
fn windows_file_id(file: &File) -> Option<(u32, u32, u32)> {
    use std::os::windows::io::AsRawHandle;
    use windows_sys::Win32::Storage::FileSystem::{
        BY_HANDLE_FILE_INFORMATION, GetFileInformationByHandle,
    };
    // SAFETY: the structure is plain data, and the handle stays open for the call.
    let mut info: BY_HANDLE_FILE_INFORMATION = unsafe { std::mem::zeroed() };
    let ok = unsafe { GetFileInformationByHandle(file.as_raw_handle(), &mut info) } != 0;
    ok.then_some((
        info.dwVolumeSerialNumber,
        info.nFileIndexHigh,
        info.nFileIndexLow,
    ))
}

/// What a file on disk is, to tell whether it changed since this process last read or wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    /// The stamp of the file at `path`, or `None` when there is no file.
    pub fn of(path: &Path) -> Option<Stamp> {
        fs::metadata(path).ok().map(|m| Stamp::from_metadata(&m))
    }

    /// Which file this is (device and inode), to tell two names of one file apart from two
    /// files; `None` where the system does not say.
    pub fn file_id(&self) -> Option<(u64, u64)> {
        (cfg!(unix)).then_some((self.dev, self.ino))
    }

    /// The stamp from a file's metadata.
    pub fn from_metadata(meta: &fs::Metadata) -> Stamp {
        #[cfg(unix)]
        let (dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let (dev, ino) = (0, 0);
        Stamp {
            dev,
            ino,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_is_held_once_and_given_back_on_drop() {
        let dir = tempfile::tempdir().unwrap();
        let battle = dir.path().join("b.ron");
        let first = BattleLock::try_take(&battle).expect("free");
        match BattleLock::try_take(&battle) {
            Err(NotLocked::Busy(pid)) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("a second lock: {other:?}"),
        }
        drop(first);
        assert!(!lock_path(&battle).exists(), "the lock file is removed");
        let again = BattleLock::try_take(&battle).expect("free again");
        drop(again);
    }

    #[test]
    fn a_rename_over_the_file_changes_its_stamp() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.ron");
        fs::write(&path, "one").unwrap();
        let before = Stamp::of(&path).unwrap();
        assert_eq!(Stamp::of(&path), Some(before));
        let other = dir.path().join("c.ron");
        fs::write(&other, "one").unwrap();
        fs::rename(&other, &path).unwrap();
        assert_ne!(Stamp::of(&path), Some(before), "same bytes, another file");
        assert_eq!(Stamp::of(&dir.path().join("none")), None);
    }
}
