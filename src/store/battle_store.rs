//! The folder of saved battles: `battles/<id>.ron`, one file per battle.
//!
//! A new battle gets its id when it is first saved, from the time and its armies
//! (`2025-06-01-1432-kings-army-vs-eastern-association.ron`, UTC); later saves of the same
//! battle (same rule system and seed) go to the same file, as do saves of a battle loaded from
//! a file. A copy of a battle brought in from elsewhere is saved with [`BattleStore::save_new`]
//! to a file of its own, never onto the battle it was copied from.
//!
//! Nothing a player recorded is written over:
//! - a file that failed to load — corrupt, truncated, or from a newer Adjutant — is
//!   *quarantined*: this store will not write over it, so the player can still recover it
//!   (see [`super::listing`] for restoring its backup);
//! - a battle file is written only by the process that holds its lock ([`super::owner`]); a
//!   second window gets [`StoreError::Busy`];
//! - before every save the file must still be the one this store last read or wrote; if
//!   another program replaced it, the save is refused with [`StoreError::Changed`];
//! - a backup (`<name>.bak`) is never saved into, so there is never a `.bak.bak`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::StoreError;
use super::atomic::{backup_path, write_atomic};
use super::battle_file::{battle_to_ron, read_battle_under};
use super::names::battle_id;
use super::owner::{BattleLock, NotLocked, Stamp};
use super::paths::{Paths, create_dir};
use crate::battle::Battle;
use crate::rules::Systems;

pub use super::listing::BattleSummary;

/// The battles folder, with what this session knows about the files in it.
#[derive(Debug)]
pub struct BattleStore {
    pub(super) dir: PathBuf,
    /// Where each battle (by rule system and seed) is saved.
    files: BTreeMap<(String, u64), PathBuf>,
    /// Files this store read or wrote successfully: safe to replace.
    pub(super) known: BTreeSet<PathBuf>,
    /// Files that failed to load: never written over.
    pub(super) quarantined: BTreeSet<PathBuf>,
    /// What each file was when this store last loaded or wrote it.
    pub(super) stamps: BTreeMap<PathBuf, Stamp>,
    /// The battles this process holds, each with how many holders it has here.
    locks: BTreeMap<PathBuf, (BattleLock, usize)>,
    /// Summaries already made, by path, with the file's time and size when they were made.
    pub(super) summaries: BTreeMap<PathBuf, (Option<SystemTime>, u64, BattleSummary)>,
    /// The rule systems battles are loaded under (the tables in force).
    systems: Systems,
}

impl BattleStore {
    /// The store for `paths.battles_dir()`.
    pub fn new(paths: &Paths) -> BattleStore {
        BattleStore::in_dir(paths.battles_dir())
    }

    /// A store for battles in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> BattleStore {
        BattleStore {
            dir: dir.into(),
            files: BTreeMap::new(),
            known: BTreeSet::new(),
            quarantined: BTreeSet::new(),
            stamps: BTreeMap::new(),
            locks: BTreeMap::new(),
            summaries: BTreeMap::new(),
            systems: Systems::shipped(),
        }
    }

    /// This store, loading battles under `systems` (the tables in force for the run).
    pub fn with_systems(mut self, systems: Systems) -> BattleStore {
        self.systems = systems;
        self
    }

    /// The rule systems battles are loaded and started under.
    pub fn systems(&self) -> &Systems {
        &self.systems
    }

    /// The battles folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file this battle is (or will be) saved to, if it has one yet.
    pub fn path_of(&self, battle: &Battle) -> Option<&Path> {
        self.files.get(&key(battle)).map(PathBuf::as_path)
    }

    /// Saves the battle to its file — a new `<id>.ron` the first time — and returns the path.
    pub fn save(&mut self, battle: &Battle) -> Result<PathBuf, StoreError> {
        match self.files.get(&key(battle)) {
            Some(path) => {
                let path = path.clone();
                self.save_as(battle, &path)?;
                Ok(path)
            }
            None => self.save_new(battle),
        }
    }

    /// Saves the battle as a new battle, in a new file of its own (which from now on is its
    /// file), and returns the path. Used for a copy brought in from elsewhere, which must not
    /// go onto the file of the battle it was copied from.
    pub fn save_new(&mut self, battle: &Battle) -> Result<PathBuf, StoreError> {
        create_dir(&self.dir)?;
        let path = self.fresh_path(battle, SystemTime::now());
        self.save_as(battle, &path)?;
        Ok(path)
    }

    /// Saves the battle to `path`, which from now on is its file. Refuses to write over a file
    /// that failed to load (in this session, or now when first checked), a battle another
    /// process holds, a file changed on disk since this store last read or wrote it, and a
    /// backup.
    pub fn save_as(&mut self, battle: &Battle, path: &Path) -> Result<(), StoreError> {
        let path = normal(path);
        if is_backup(&path) {
            return Err(StoreError::Backup { path });
        }
        self.guard(&path)?;
        if let Some(dir) = path.parent() {
            create_dir(dir)?;
        }
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

    /// Writes a copy of the battle to `target`, outside Adjutant's battles folder; the battle
    /// goes on being saved to its own file. A target that reaches the battles folder in any
    /// way (see [`super::kept`]) is refused and nothing is written.
    pub fn save_copy(&self, battle: &Battle, target: &Path) -> Result<(), StoreError> {
        if let Some(kept) = super::kept::reaches(&self.dir, target) {
            let what = match kept.is_dir() {
                true => format!("in Adjutant's battles folder {}", kept.display()),
                // A hard link: another name for the same file.
                false if std::fs::canonicalize(target).ok().as_ref() != Some(&kept) => format!(
                    "the same file as {}, in Adjutant's battles folder",
                    kept.display()
                ),
                false => format!("{}, in Adjutant's battles folder", kept.display()),
            };
            return Err(StoreError::Kept {
                path: target.to_path_buf(),
                what,
            });
        }
        if target.is_dir() {
            return Err(StoreError::io(
                "write",
                target,
                &std::io::Error::from(std::io::ErrorKind::IsADirectory),
            ));
        }
        super::battle_file::write_battle(target, battle)
    }

    /// Loads the battle at `path`. A file that fails is quarantined and left as it is. A
    /// battle loaded from a backup is saved to a new file, never into the backup.
    pub fn load(&mut self, path: &Path) -> Result<Battle, StoreError> {
        let path = normal(path);
        let stamp = Stamp::of(&path);
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

    /// Loads the battle at `path` to play it here: takes its lock first, so no other window
    /// writes it while this one plays it. Give it back with [`BattleStore::release`].
    pub fn open(&mut self, path: &Path) -> Result<Battle, StoreError> {
        let path = normal(path);
        self.hold(&path)?;
        self.load(&path).inspect_err(|_| self.release(&path))
    }

    /// Gives back one hold on the battle at `path`; the lock goes when the last one does.
    pub fn release(&mut self, path: &Path) {
        let path = normal(path);
        if let Some((_, holders)) = self.locks.get_mut(&path) {
            *holders -= 1;
            if *holders == 0 {
                self.locks.remove(&path);
            }
        }
    }

    /// Whether this store holds the lock of the battle at `path`.
    pub fn holds(&self, path: &Path) -> bool {
        self.locks.contains_key(&normal(path))
    }

    /// Whether `path` failed to load and so will not be written over.
    pub fn is_quarantined(&self, path: &Path) -> bool {
        self.quarantined.contains(&normal(path))
    }

    /// Reads a battle; a file that fails (other than by not being there) is quarantined.
    pub(super) fn read(&mut self, path: &Path) -> Result<Battle, StoreError> {
        match read_battle_under(&self.systems, path) {
            Ok(battle) => {
                self.quarantined.remove(path);
                self.known.insert(path.to_path_buf());
                Ok(battle)
            }
            Err(err) => {
                if !matches!(err, StoreError::Io { kind, .. } if kind == std::io::ErrorKind::NotFound)
                {
                    self.quarantined.insert(path.to_path_buf());
                }
                Err(err)
            }
        }
    }

    /// Takes (or adds a holder to) the lock of `path`. A folder where no lock can be made
    /// does not stop a save: the save then reports its own error, if any.
    pub(super) fn hold(&mut self, path: &Path) -> Result<(), StoreError> {
        if let Some((_, holders)) = self.locks.get_mut(path) {
            *holders += 1;
            return Ok(());
        }
        match BattleLock::try_take(path) {
            Ok(lock) => {
                self.locks.insert(path.to_path_buf(), (lock, 1));
                Ok(())
            }
            Err(NotLocked::Busy(pid)) => Err(StoreError::Busy {
                path: path.to_path_buf(),
                pid,
            }),
            Err(NotLocked::Unavailable(_)) => Ok(()),
        }
    }

    /// Writes the battle to `path` if the file there is still the one noted.
    fn write(&mut self, battle: &Battle, path: &Path) -> Result<(), StoreError> {
        self.unchanged(path)?;
        let text = battle_to_ron(battle).map_err(|e| StoreError::Format {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let written = write_atomic(path, text.as_bytes());
        self.note_write(path, text.as_bytes(), written.is_ok());
        written
    }

    /// Refuses to save over a file that is not the one this store last read or wrote there.
    /// A file that is no longer there holds nothing to lose.
    fn unchanged(&self, path: &Path) -> Result<(), StoreError> {
        match (self.stamps.get(path), Stamp::of(path)) {
            (Some(noted), Some(now)) if *noted != now => Err(StoreError::Changed {
                path: path.to_path_buf(),
            }),
            _ => Ok(()),
        }
    }

    /// Notes what is at `path` after a write: the new file when it worked; when it failed,
    /// the file only if it holds what was written (the rename went through, the folder sync
    /// did not).
    fn note_write(&mut self, path: &Path, bytes: &[u8], ok: bool) {
        let now = Stamp::of(path);
        if !ok
            && (now == self.stamps.get(path).copied()
                || std::fs::read(path).ok().as_deref() != Some(bytes))
        {
            return;
        }
        match now {
            Some(stamp) => self.stamps.insert(path.to_path_buf(), stamp),
            None => self.stamps.remove(path),
        };
    }

    /// Refuses `path` if it failed to load, or if it holds a file never read here that does
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
        if !self.known.contains(path) && path.exists() {
            if read_battle_under(&self.systems, path).is_err() {
                self.quarantined.insert(path.to_path_buf());
                return refuse();
            }
            self.known.insert(path.to_path_buf());
        }
        Ok(())
    }

    /// A new file name for a battle: time and armies, numbered if taken. A name whose backup
    /// is still there (the backup of a battle whose file is missing) is taken.
    fn fresh_path(&self, battle: &Battle, now: SystemTime) -> PathBuf {
        let id = battle_id(battle, now);
        (1..)
            .map(|n| match n {
                1 => self.dir.join(format!("{id}.ron")),
                n => self.dir.join(format!("{id}-{n}.ron")),
            })
            .map(|p| normal(&p))
            .find(|p| {
                !p.exists()
                    && !backup_path(p).exists()
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

/// Whether `path` names a backup (`<name>.bak`).
pub fn is_backup(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "bak")
}

/// The path made absolute (not resolving links), so one file has one key.
pub(super) fn normal(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}
