//! Adjutant's files in a web browser: battles, settings, the player's armies and table files
//! kept in the page's local storage ([`Slots`]), one value per file, under its path as key
//! (`adjutant/battles/<name>.ron`). [`Browser`] is the core's [`Storage`] on them, and the
//! few file operations the rest of the store is built from (read, write, list, rename,
//! remove).
//!
//! - A write is whole or nothing (each `set` is), and keeps the value it replaces as
//!   `<name>.bak` first; a browser that refuses (its quota used up, storage turned off) leaves
//!   both as they were and the refusal comes back as an I/O error (`StorageFull` when full),
//!   which the window shows as it shows a full disk ("Not saved").
//! - A [`Stamp`] is the length and a hash of the value, so a value another tab wrote since
//!   this one read it is told apart ([`StoreError::Changed`]).
//! - A [`TabLock`] is a value beside the file, `.<name>.lock`, naming the tab that holds it
//!   and when it last said so: the holding tab renews it ([`Browser::beat`], every
//!   [`BEAT_MS`]) and removes it when it lets go or the page is closed
//!   ([`Browser::release_all`]); a lock not renewed for [`STALE_MS`] belongs to a tab that is
//!   gone (a crash) and is taken over. A second tab is refused the battle the first plays
//!   ([`StoreError::Busy`]).

mod slots;

#[cfg(target_arch = "wasm32")]
pub mod local;
#[cfg(target_arch = "wasm32")]
pub mod owner;

use std::io;
use std::path::{Path, PathBuf};

pub use slots::{MemorySlots, Refused, Slots};

use super::{Storage, StoreError};
use adjutant_core::store::storage::backup_path;

/// How often the tab that holds a lock renews it.
pub const BEAT_MS: u64 = 10_000;

/// A lock not renewed for this long is another tab's that is gone. Longer than a minute: a
/// browser runs the timers of a hidden tab about once a minute.
pub const STALE_MS: u64 = 150_000;

/// Files kept in a browser's storage, by one tab.
#[derive(Debug, Clone)]
pub struct Browser<S> {
    slots: S,
    /// This tab, as its locks name it.
    tab: u64,
}

/// What a value is now: its length and a hash of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    len: usize,
    hash: u64,
}

impl Stamp {
    fn of_text(text: &str) -> Stamp {
        // FNV-1a, 64 bits.
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        Stamp {
            len: text.len(),
            hash,
        }
    }

    /// Which file this is apart from its contents: a browser's storage has no such thing.
    pub fn file_id(&self) -> Option<(u64, u64)> {
        None
    }
}

/// One tab's hold on one file, given back when dropped.
#[derive(Debug)]
pub struct TabLock<S: Slots> {
    slots: S,
    key: String,
    tab: u64,
}

impl<S: Slots> Drop for TabLock<S> {
    fn drop(&mut self) {
        if holder(&self.slots, &self.key).is_some_and(|(tab, _)| tab == self.tab) {
            self.slots.remove(&self.key);
        }
    }
}

/// The key of a file: its path, with `/` between the parts.
pub fn key(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// The key of a file's lock: `.<name>.lock` beside it, as on a disk.
fn lock_key(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    key(&path.with_file_name(format!(".{name}.lock")))
}

/// The tab that holds a lock and when it last said so.
fn holder(slots: &impl Slots, lock: &str) -> Option<(u64, u64)> {
    let value = slots.get(lock).ok()??;
    let (tab, at) = value.split_once(' ')?;
    Some((tab.parse().ok()?, at.parse().ok()?))
}

/// A refusal as the store reports a system's: an I/O error, `StorageFull` when full.
fn refused(action: &'static str, path: &Path, why: Refused) -> StoreError {
    let (kind, message) = match why.full {
        true => (
            io::ErrorKind::StorageFull,
            format!(
                "the browser's storage for this page is full ({})",
                why.message
            ),
        ),
        false => (
            io::ErrorKind::PermissionDenied,
            format!("the browser refused to keep it ({})", why.message),
        ),
    };
    StoreError::Io {
        action,
        path: path.to_path_buf(),
        kind,
        message,
    }
}

impl<S: Slots> Browser<S> {
    /// The files of `slots`, as tab `tab` sees them.
    pub fn new(slots: S, tab: u64) -> Browser<S> {
        Browser { slots, tab }
    }

    /// The file at `path`, whole; a missing one is an error of kind `NotFound`.
    pub fn read(&self, path: &Path) -> Result<Vec<u8>, StoreError> {
        match self.slots.get(&key(path)) {
            Ok(Some(text)) => Ok(text.into_bytes()),
            Ok(None) => Err(StoreError::io(
                "read",
                path,
                &io::Error::from(io::ErrorKind::NotFound),
            )),
            Err(why) => Err(refused("read", path, why)),
        }
    }

    /// Replaces the file at `path` with `bytes` (text: every file of Adjutant's is), keeping
    /// the one it replaces as `<name>.bak`. Refused, nothing changed, when the browser refuses
    /// either.
    pub fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return Err(StoreError::Io {
                action: "write",
                path: path.to_path_buf(),
                kind: io::ErrorKind::InvalidData,
                message: "it is not text, and the browser keeps only text".into(),
            });
        };
        let item = key(path);
        let before = self
            .slots
            .get(&item)
            .map_err(|why| refused("read", path, why))?;
        if let Some(before) = before
            && before != text
        {
            self.slots
                .set(&key(&backup_path(path)), &before)
                .map_err(|why| refused("back up", path, why))?;
        }
        self.slots
            .set(&item, text)
            .map_err(|why| refused("write", path, why))
    }

    /// Moves the file at `from` to `to` (over what is there).
    pub fn rename(&self, from: &Path, to: &Path) -> Result<(), StoreError> {
        let text = self
            .slots
            .get(&key(from))
            .map_err(|why| refused("read", from, why))?
            .ok_or_else(|| {
                StoreError::io("read", from, &io::Error::from(io::ErrorKind::NotFound))
            })?;
        self.slots
            .set(&key(to), &text)
            .map_err(|why| refused("write", to, why))?;
        self.slots.remove(&key(from));
        Ok(())
    }

    /// Removes the file at `path`, if there is one.
    pub fn remove(&self, path: &Path) {
        self.slots.remove(&key(path));
    }

    /// The paths of the files directly in `dir`, sorted.
    pub fn list(&self, dir: &Path) -> Vec<PathBuf> {
        let prefix = format!("{}/", key(dir).trim_end_matches('/'));
        let mut paths: Vec<PathBuf> = self
            .slots
            .keys()
            .into_iter()
            .filter_map(|k| {
                let name = k.strip_prefix(&prefix)?;
                (!name.is_empty() && !name.contains('/')).then(|| PathBuf::from(&k))
            })
            .collect();
        paths.sort();
        paths
    }

    /// What the file at `path` is now, `None` when there is none.
    pub fn stamp(&self, path: &Path) -> Option<Stamp> {
        let text = self.slots.get(&key(path)).ok()??;
        Some(Stamp::of_text(&text))
    }

    /// Takes the lock of `path` for this tab without waiting: `Ok(None)` when the browser
    /// keeps no value for it (the save goes on and reports its own refusal).
    pub fn try_lock(&self, path: &Path) -> Result<Option<TabLock<S>>, StoreError>
    where
        S: Clone,
    {
        let lock = lock_key(path);
        let now = self.slots.now_ms();
        if let Some((tab, at)) = holder(&self.slots, &lock)
            && tab != self.tab
            && now.saturating_sub(at) < STALE_MS
        {
            return Err(StoreError::Busy {
                path: path.to_path_buf(),
                pid: None,
            });
        }
        if self
            .slots
            .set(&lock, &format!("{} {now}", self.tab))
            .is_err()
        {
            return Ok(None);
        }
        Ok(Some(TabLock {
            slots: self.slots.clone(),
            key: lock,
            tab: self.tab,
        }))
    }

    /// Renews every lock this tab holds.
    pub fn beat(&self) {
        let now = self.slots.now_ms();
        for lock in self.own_locks() {
            let _ = self.slots.set(&lock, &format!("{} {now}", self.tab));
        }
    }

    /// Gives back every lock this tab holds (the page is being closed).
    pub fn release_all(&self) {
        for lock in self.own_locks() {
            self.slots.remove(&lock);
        }
    }

    fn own_locks(&self) -> Vec<String> {
        self.slots
            .keys()
            .into_iter()
            .filter(|k| k.ends_with(".lock"))
            .filter(|k| holder(&self.slots, k).is_some_and(|(tab, _)| tab == self.tab))
            .collect()
    }
}

impl<S: Slots + Clone + std::fmt::Debug> Storage for Browser<S> {
    type Stamp = Stamp;
    type Lock = TabLock<S>;

    fn list(&self, dir: &Path) -> Vec<PathBuf> {
        Browser::list(self, dir)
    }

    fn read(&self, key: &Path) -> Result<Vec<u8>, StoreError> {
        Browser::read(self, key)
    }

    fn stamp(&self, key: &Path) -> Option<Stamp> {
        Browser::stamp(self, key)
    }

    fn write_atomically(&mut self, key: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        self.write(key, bytes)
    }

    fn lock(&self, key: &Path) -> Result<Option<TabLock<S>>, StoreError> {
        self.try_lock(key)
    }

    fn rename(&self, from: &Path, to: &Path) -> Result<(), StoreError> {
        if self.stamp(to).is_some() {
            return Err(adjutant_core::store::storage::taken_error(to));
        }
        Browser::rename(self, from, to)
    }

    fn remove(&self, key: &Path) -> Result<(), StoreError> {
        Browser::remove(self, key);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
