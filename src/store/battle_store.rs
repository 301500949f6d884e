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
//!
//! Those rules are the core's, for any storage (`adjutant_core::store::Battles`); this store
//! is them on the [`Folder`] of files, with the folder made when a battle is first saved into
//! it, the time a new battle's name is made of, copies written outside the folder and the
//! listing of the folder ([`super::listing`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::folder::Folder;
use super::names::battle_id;
use super::paths::{Paths, create_dir};
use super::{Battles, Storage, StoreError};
use crate::battle::Battle;
use crate::rules::Systems;

pub use super::listing::BattleSummary;
pub use adjutant_core::store::storage::is_backup;

/// The battles folder, with what this session knows about the files in it.
#[derive(Debug)]
pub struct BattleStore {
    /// The battles of the folder, saved and loaded by the core's rules.
    pub(super) battles: Battles<Folder>,
    /// Summaries already made, by path, with the file's time and size when they were made.
    pub(super) summaries: BTreeMap<PathBuf, (Option<SystemTime>, u64, BattleSummary)>,
    /// The title and entries of each battle in the bin, by its file there (named for when it
    /// was deleted, so never another battle's).
    pub(super) binned: BTreeMap<PathBuf, (String, Option<usize>)>,
}

impl BattleStore {
    /// The store for `paths.battles_dir()`.
    pub fn new(paths: &Paths) -> BattleStore {
        BattleStore::in_dir(paths.battles_dir())
    }

    /// A store for battles in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> BattleStore {
        BattleStore {
            battles: Battles::new(Folder, dir),
            summaries: BTreeMap::new(),
            binned: BTreeMap::new(),
        }
    }

    /// This store, loading battles under `systems` (the tables in force for the run).
    pub fn with_systems(mut self, systems: Systems) -> BattleStore {
        self.battles = self.battles.with_systems(systems);
        self
    }

    /// The rule systems battles are loaded and started under.
    pub fn systems(&self) -> &Systems {
        self.battles.systems()
    }

    /// The battles folder.
    pub fn dir(&self) -> &Path {
        self.battles.dir()
    }

    /// The file this battle is (or will be) saved to, if it has one yet.
    pub fn path_of(&self, battle: &Battle) -> Option<&Path> {
        self.battles.path_of(battle)
    }

    /// Saves the battle to its file — a new `<id>.ron` the first time — and returns the path.
    pub fn save(&mut self, battle: &Battle) -> Result<PathBuf, StoreError> {
        match self.path_of(battle) {
            Some(path) => {
                let path = path.to_path_buf();
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
        create_dir(self.dir())?;
        let id = battle_id(battle, crate::clock::now());
        let path = self.battles.save_new(battle, &id)?;
        super::set_note(&path, || super::listing::note_of(battle));
        Ok(path)
    }

    /// Saves the battle to `path`, which from now on is its file. Refuses to write over a file
    /// that failed to load (in this session, or now when first checked), a battle another
    /// process holds, a file changed on disk since this store last read or wrote it, and a
    /// backup.
    pub fn save_as(&mut self, battle: &Battle, path: &Path) -> Result<(), StoreError> {
        let path = normal(path);
        if !is_backup(&path)
            && !self.battles.is_quarantined(&path)
            && let Some(dir) = path.parent()
        {
            create_dir(dir)?;
        }
        self.battles.save_as(battle, &path)?;
        // The listing's summary, kept beside the file where the store keeps notes.
        super::set_note(&path, || super::listing::note_of(battle));
        Ok(())
    }

    /// Writes a copy of the battle to `target`, outside Adjutant's battles folder; the battle
    /// goes on being saved to its own file. A target that reaches the battles folder in any
    /// way (see [`super::kept`]) is refused and nothing is written.
    pub fn save_copy(&self, battle: &Battle, target: &Path) -> Result<(), StoreError> {
        if let Some(kept) = super::kept::reaches(self.dir(), target) {
            return Err(StoreError::Kept {
                path: target.to_path_buf(),
                what: super::kept::describe(target, &kept),
            });
        }
        if target.is_dir() {
            return Err(StoreError::io(
                "write",
                target,
                &std::io::Error::from(std::io::ErrorKind::IsADirectory),
            ));
        }
        super::disk::write_battle(target, battle)
    }

    /// Loads the battle at `path`. A file that fails is quarantined and left as it is. A
    /// battle loaded from a backup is saved to a new file, never into the backup.
    pub fn load(&mut self, path: &Path) -> Result<Battle, StoreError> {
        self.battles.load(path)
    }

    /// Loads the battle at `path` to play it here: takes its lock first, so no other window
    /// writes it while this one plays it. Give it back with [`BattleStore::release`].
    pub fn open(&mut self, path: &Path) -> Result<Battle, StoreError> {
        let battle = self.battles.open(path)?;
        // Held now: a temp file of this battle's that another process was writing is done.
        if let Some(dir) = path.parent() {
            super::platform::clear_stale_temps(dir, Some(path));
        }
        Ok(battle)
    }

    /// Gives back one hold on the battle at `path`; the lock goes when the last one does.
    pub fn release(&mut self, path: &Path) {
        self.battles.release(path)
    }

    /// Whether this store holds the lock of the battle at `path`.
    pub fn holds(&self, path: &Path) -> bool {
        self.battles.holds(path)
    }

    /// Whether `path` failed to load and so will not be written over.
    pub fn is_quarantined(&self, path: &Path) -> bool {
        self.battles.is_quarantined(path)
    }
}

/// The path made absolute (not resolving links), so one file has one key.
pub(super) fn normal(path: &Path) -> PathBuf {
    Folder.normal(path)
}
