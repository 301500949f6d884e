//! Where battles are kept, behind a small trait, and the rules of saving them.
//!
//! [`Storage`] is what a folder of battles must do: list its items, read one whole, tell what
//! one is now (a [`Storage::Stamp`]), write one atomically keeping the previous version as a
//! backup (`<name>.bak`), and lock one so that a single writer plays it. The app implements it
//! on files (`adjutant::store::Folder`: temp file, fsync, rename, `flock`); [`Memory`] keeps
//! everything in memory, for tests and for a front end without files.
//!
//! [`Battles`] saves and loads battles through any storage, and keeps the promises of the
//! battle store whatever the storage is:
//! - an item that failed to load — corrupt, truncated, from a newer Adjutant — is
//!   *quarantined*: never written over, so the player can still recover it;
//! - an item is written only by the one that holds its lock ([`StoreError::Busy`]);
//! - before every save the item must still be the one last read or written here
//!   ([`StoreError::Changed`]);
//! - a backup is never saved into ([`StoreError::Backup`]).
//!
//! Keys are paths (a file's path for the app, any name for [`Memory`]). The core reads no
//! clock: a new battle's name is passed in by the caller.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::StoreError;
use super::battle_file::{battle_from_bytes_under, battle_to_ron};
use crate::battle::Battle;
use crate::rules::Systems;

/// A place battles are kept: a folder of files, or memory.
pub trait Storage {
    /// What an item is now, noted when it is read or written, to tell whether someone else
    /// changed it since.
    type Stamp: Copy + PartialEq + fmt::Debug;
    /// A hold on one item, given back when dropped.
    type Lock: fmt::Debug;

    /// The key made canonical, so that one item has one key (a folder makes it absolute).
    fn normal(&self, key: &Path) -> PathBuf {
        key.to_path_buf()
    }

    /// The keys of the items directly in `dir` (backups, temp and lock files included),
    /// sorted; a missing folder has none.
    fn list(&self, dir: &Path) -> Vec<PathBuf>;

    /// The whole of one item; a missing one is an [`StoreError::Io`] of kind `NotFound`.
    fn read(&self, key: &Path) -> Result<Vec<u8>, StoreError>;

    /// What the item is now, or `None` when there is none.
    fn stamp(&self, key: &Path) -> Option<Self::Stamp>;

    /// Replaces the item with `bytes` all at once — a reader sees the old item or the new one,
    /// never a part — keeping the previous one as its backup ([`backup_path`]).
    fn write_atomically(&mut self, key: &Path, bytes: &[u8]) -> Result<(), StoreError>;

    /// Locks the item without waiting: `Ok(Some(lock))` held until dropped;
    /// [`StoreError::Busy`] when another holder has it; `Ok(None)` when this storage cannot
    /// lock it (a read-only folder): the save goes on and reports its own error, if any.
    fn lock(&self, key: &Path) -> Result<Option<Self::Lock>, StoreError>;

    /// Moves the item at `from` to `to`, where nothing is (a folder on disk makes the folder
    /// `to` goes in). Refused, nothing moved, when something is there already.
    fn rename(&self, from: &Path, to: &Path) -> Result<(), StoreError>;

    /// Removes the item for good; one that is not there is no error.
    fn remove(&self, key: &Path) -> Result<(), StoreError>;
}

/// The refusal of a move onto an item that is there.
pub fn taken_error(to: &Path) -> StoreError {
    StoreError::io(
        "move onto",
        to,
        &io::Error::from(io::ErrorKind::AlreadyExists),
    )
}

/// The backup of `key`: the same name with `.bak` added (`b.ron` → `b.ron.bak`).
pub fn backup_path(key: &Path) -> PathBuf {
    let mut name = key.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    key.with_file_name(name)
}

/// Whether `key` names a backup (`<name>.bak`).
pub fn is_backup(key: &Path) -> bool {
    key.extension().is_some_and(|e| e == "bak")
}

/// The battles of one folder of a [`Storage`], with what this session knows about them.
#[derive(Debug)]
pub struct Battles<S: Storage> {
    storage: S,
    dir: PathBuf,
    /// Where each battle (by rule system and seed) is saved.
    files: BTreeMap<(String, u64), PathBuf>,
    /// Items read or written successfully: safe to replace.
    known: BTreeSet<PathBuf>,
    /// Items that failed to load: never written over.
    quarantined: BTreeSet<PathBuf>,
    /// What each item was when it was last loaded or written here.
    stamps: BTreeMap<PathBuf, S::Stamp>,
    /// The battles held here, each with how many holders it has.
    locks: BTreeMap<PathBuf, (S::Lock, usize)>,
    /// The rule systems battles are loaded under (the tables in force).
    systems: Systems,
}

impl<S: Storage> Battles<S> {
    /// The battles in `dir` of `storage`, loaded under the shipped tables.
    pub fn new(storage: S, dir: impl Into<PathBuf>) -> Battles<S> {
        Battles {
            storage,
            dir: dir.into(),
            files: BTreeMap::new(),
            known: BTreeSet::new(),
            quarantined: BTreeSet::new(),
            stamps: BTreeMap::new(),
            locks: BTreeMap::new(),
            systems: Systems::shipped(),
        }
    }

    /// These battles, loaded under `systems` (the tables in force for the run).
    pub fn with_systems(mut self, systems: Systems) -> Battles<S> {
        self.systems = systems;
        self
    }

    /// The rule systems battles are loaded and started under.
    pub fn systems(&self) -> &Systems {
        &self.systems
    }

    /// The folder of battles.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The storage the battles are kept in.
    pub fn storage(&self) -> &S {
        &self.storage
    }

    /// The key this battle is (or will be) saved to, if it has one yet.
    pub fn path_of(&self, battle: &Battle) -> Option<&Path> {
        self.files.get(&key(battle)).map(PathBuf::as_path)
    }

    /// Saves the battle to its item — a new one named from `id()` the first time — and returns
    /// its key.
    pub fn save(
        &mut self,
        battle: &Battle,
        id: impl FnOnce() -> String,
    ) -> Result<PathBuf, StoreError> {
        match self.files.get(&key(battle)) {
            Some(path) => {
                let path = path.clone();
                self.save_as(battle, &path)?;
                Ok(path)
            }
            None => self.save_new(battle, &id()),
        }
    }

    /// Saves the battle as a new battle, in a new item of its own named `<id>.ron` (numbered
    /// when taken), which from now on is its item, and returns the key.
    pub fn save_new(&mut self, battle: &Battle, id: &str) -> Result<PathBuf, StoreError> {
        let path = self.fresh_path(id);
        self.save_as(battle, &path)?;
        Ok(path)
    }

    /// Saves the battle to `path`, which from now on is its item. Refuses to write over an
    /// item that failed to load (in this session, or now when first checked), a battle another
    /// holder has, an item changed since it was last read or written here, and a backup.
    pub fn save_as(&mut self, battle: &Battle, path: &Path) -> Result<(), StoreError> {
        let path = self.storage.normal(path);
        if is_backup(&path) {
            return Err(StoreError::Backup { path });
        }
        self.guard(&path)?;
        let took = !self.locks.contains_key(&path);
        if took {
            self.hold(&path)?;
        }
        let written = self.write(battle, &path);
        if written.is_err() && took {
            // Nobody plays a battle that was never written here: let go of it again.
            self.release(&path);
        }
        written?;
        self.known.insert(path.clone());
        self.files.insert(key(battle), path);
        Ok(())
    }

    /// Loads the battle at `path`. An item that fails is quarantined and left as it is. A
    /// battle loaded from a backup is saved to a new item, never into the backup.
    pub fn load(&mut self, path: &Path) -> Result<Battle, StoreError> {
        let path = self.storage.normal(path);
        let stamp = self.storage.stamp(&path);
        let battle = self.read(&path)?;
        if let Some(stamp) = stamp {
            self.stamps.insert(path.clone(), stamp);
        }
        if is_backup(&path) {
            self.files.remove(&key(&battle));
        } else {
            self.files.insert(key(&battle), path);
        }
        Ok(battle)
    }

    /// Loads the battle at `path` to play it here: takes its lock first, so no other holder
    /// writes it while this one plays it. Give it back with [`Battles::release`].
    pub fn open(&mut self, path: &Path) -> Result<Battle, StoreError> {
        let path = self.storage.normal(path);
        self.hold(&path)?;
        self.load(&path).inspect_err(|_| self.release(&path))
    }

    /// Gives back one hold on the battle at `path`; the lock goes when the last one does.
    pub fn release(&mut self, path: &Path) {
        let path = self.storage.normal(path);
        if let Some((_, holders)) = self.locks.get_mut(&path) {
            *holders -= 1;
            if *holders == 0 {
                self.locks.remove(&path);
            }
        }
    }

    /// Whether the lock of the battle at `path` is held here.
    pub fn holds(&self, path: &Path) -> bool {
        self.locks.contains_key(&self.storage.normal(path))
    }

    /// Whether `path` failed to load and so will not be written over.
    pub fn is_quarantined(&self, path: &Path) -> bool {
        self.quarantined.contains(&self.storage.normal(path))
    }

    /// Reads a battle; an item that fails (other than by not being there) is quarantined.
    pub fn read(&mut self, path: &Path) -> Result<Battle, StoreError> {
        let read = self
            .storage
            .read(path)
            .and_then(|bytes| battle_from_bytes_under(&self.systems, &bytes, path));
        match read {
            Ok(battle) => {
                self.quarantined.remove(path);
                self.known.insert(path.to_path_buf());
                Ok(battle)
            }
            Err(err) => {
                if !matches!(err, StoreError::Io { kind, .. } if kind == io::ErrorKind::NotFound) {
                    self.quarantined.insert(path.to_path_buf());
                }
                Err(err)
            }
        }
    }

    /// Takes (or adds a holder to) the lock of `path`. A storage that cannot lock it does not
    /// stop a save: the save then reports its own error, if any.
    pub fn hold(&mut self, path: &Path) -> Result<(), StoreError> {
        if let Some((_, holders)) = self.locks.get_mut(path) {
            *holders += 1;
            return Ok(());
        }
        if let Some(lock) = self.storage.lock(path)? {
            self.locks.insert(path.to_path_buf(), (lock, 1));
        }
        Ok(())
    }

    /// Forgets what this session knew of the item at `path` (it was moved away: to the bin):
    /// a battle saved later goes to an item of its own.
    pub fn forget(&mut self, path: &Path) {
        let path = self.storage.normal(path);
        self.files.retain(|_, p| *p != path);
        self.known.remove(&path);
        self.quarantined.remove(&path);
        self.stamps.remove(&path);
    }

    /// Notes that `path` now holds a good battle put there from outside the save (a backup
    /// restored in its place): no longer quarantined, and its stamp the current one.
    pub fn restored(&mut self, path: &Path) {
        self.quarantined.remove(path);
        self.known.insert(path.to_path_buf());
        if let Some(stamp) = self.storage.stamp(path) {
            self.stamps.insert(path.to_path_buf(), stamp);
        }
    }

    /// Writes the battle to `path` if the item there is still the one noted.
    fn write(&mut self, battle: &Battle, path: &Path) -> Result<(), StoreError> {
        self.unchanged(path)?;
        let text = battle_to_ron(battle).map_err(|e| StoreError::Format {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let written = self.storage.write_atomically(path, text.as_bytes());
        self.note_write(path, text.as_bytes(), written.is_ok());
        written
    }

    /// Refuses to save over an item that is not the one last read or written here. An item
    /// that is no longer there holds nothing to lose.
    fn unchanged(&self, path: &Path) -> Result<(), StoreError> {
        match (self.stamps.get(path), self.storage.stamp(path)) {
            (Some(noted), Some(now)) if *noted != now => Err(StoreError::Changed {
                path: path.to_path_buf(),
            }),
            _ => Ok(()),
        }
    }

    /// Notes what is at `path` after a write: the new item when it worked; when it failed,
    /// the item only if it holds what was written (the rename went through, the folder sync
    /// did not).
    fn note_write(&mut self, path: &Path, bytes: &[u8], ok: bool) {
        let now = self.storage.stamp(path);
        if !ok
            && (now == self.stamps.get(path).copied()
                || self.storage.read(path).ok().as_deref() != Some(bytes))
        {
            return;
        }
        match now {
            Some(stamp) => self.stamps.insert(path.to_path_buf(), stamp),
            None => self.stamps.remove(path),
        };
    }

    /// Refuses `path` if it failed to load, or if it holds an item never read here that does
    /// not load now.
    fn guard(&mut self, path: &Path) -> Result<(), StoreError> {
        let refuse = || {
            Err(StoreError::Quarantined {
                path: path.to_path_buf(),
            })
        };
        if self.quarantined.contains(path) {
            return refuse();
        }
        if !self.known.contains(path) && self.storage.stamp(path).is_some() {
            let loads = self
                .storage
                .read(path)
                .and_then(|bytes| battle_from_bytes_under(&self.systems, &bytes, path));
            if loads.is_err() {
                self.quarantined.insert(path.to_path_buf());
                return refuse();
            }
            self.known.insert(path.to_path_buf());
        }
        Ok(())
    }

    /// A new key for a battle named `id`, numbered if taken. A name whose backup is still
    /// there (the backup of a battle whose item is missing) is taken.
    pub(crate) fn fresh_path(&self, id: &str) -> PathBuf {
        (1..)
            .map(|n| match n {
                1 => self.dir.join(format!("{id}.ron")),
                n => self.dir.join(format!("{id}-{n}.ron")),
            })
            .map(|p| self.storage.normal(&p))
            .find(|p| {
                self.storage.stamp(p).is_none()
                    && self.storage.stamp(&backup_path(p)).is_none()
                    && !self.quarantined.contains(p)
                    && !self.known.contains(p)
            })
            .expect("an unused name exists")
    }
}

/// A battle's identity across saves.
fn key(battle: &Battle) -> (String, u64) {
    (battle.system.clone(), battle.seed)
}

/// Items kept in memory: each with a version that every write moves on (its stamp). Clones
/// share the same items and locks, as two windows share one folder.
#[derive(Debug, Clone, Default)]
pub struct Memory {
    inner: Rc<RefCell<Kept>>,
}

/// What a [`Memory`] holds.
#[derive(Debug, Default)]
struct Kept {
    items: BTreeMap<PathBuf, (Vec<u8>, u64)>,
    locked: BTreeSet<PathBuf>,
    writes: u64,
}

/// A hold on one item of a [`Memory`]; given back when dropped.
#[derive(Debug)]
pub struct MemoryLock {
    inner: Rc<RefCell<Kept>>,
    key: PathBuf,
}

impl Drop for MemoryLock {
    fn drop(&mut self) {
        self.inner.borrow_mut().locked.remove(&self.key);
    }
}

impl Memory {
    /// An empty memory.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Puts `bytes` under `key` as another program would: no backup, no lock asked.
    pub fn put(&self, key: impl Into<PathBuf>, bytes: &[u8]) {
        let mut kept = self.inner.borrow_mut();
        kept.writes += 1;
        let version = kept.writes;
        kept.items.insert(key.into(), (bytes.to_vec(), version));
    }
}

impl Storage for Memory {
    type Stamp = u64;
    type Lock = MemoryLock;

    fn list(&self, dir: &Path) -> Vec<PathBuf> {
        let kept = self.inner.borrow();
        kept.items
            .keys()
            .filter(|k| k.parent() == Some(dir))
            .cloned()
            .collect()
    }

    fn read(&self, key: &Path) -> Result<Vec<u8>, StoreError> {
        let kept = self.inner.borrow();
        match kept.items.get(key) {
            Some((bytes, _)) => Ok(bytes.clone()),
            None => Err(StoreError::io(
                "read",
                key,
                &io::Error::from(io::ErrorKind::NotFound),
            )),
        }
    }

    fn stamp(&self, key: &Path) -> Option<u64> {
        self.inner.borrow().items.get(key).map(|(_, v)| *v)
    }

    fn write_atomically(&mut self, key: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        let old = self.inner.borrow().items.get(key).cloned();
        if let Some((old, _)) = old {
            self.put(backup_path(key), &old);
        }
        self.put(key, bytes);
        Ok(())
    }

    fn rename(&self, from: &Path, to: &Path) -> Result<(), StoreError> {
        let mut kept = self.inner.borrow_mut();
        if kept.items.contains_key(to) {
            return Err(taken_error(to));
        }
        let Some(item) = kept.items.remove(from) else {
            return Err(StoreError::io(
                "move",
                from,
                &io::Error::from(io::ErrorKind::NotFound),
            ));
        };
        kept.items.insert(to.to_path_buf(), item);
        Ok(())
    }

    fn remove(&self, key: &Path) -> Result<(), StoreError> {
        self.inner.borrow_mut().items.remove(key);
        Ok(())
    }

    fn lock(&self, key: &Path) -> Result<Option<MemoryLock>, StoreError> {
        if !self.inner.borrow_mut().locked.insert(key.to_path_buf()) {
            return Err(StoreError::Busy {
                path: key.to_path_buf(),
                pid: None,
            });
        }
        Ok(Some(MemoryLock {
            inner: Rc::clone(&self.inner),
            key: key.to_path_buf(),
        }))
    }
}
