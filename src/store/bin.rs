//! The bin of the battles folder (`battles/bin/`), as the home screen and `adjutant bin` show
//! it: the core's bin (`adjutant_core::store::bin`) on this store's files, at the clock's time,
//! each deleted battle with its armies' names and its entries read from its file there.

use std::path::{Path, PathBuf};

pub use adjutant_core::store::bin::{BIN, Binned, KEEP_DAYS};

use super::battle_store::BattleStore;
use super::listing::title;
use super::names::secs;
use super::{StoreError, battle_from_bytes_under};

/// A battle in the bin as it is listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinnedSummary {
    pub binned: Binned,
    /// "King's army vs Eastern Association", or its file's name when it does not load.
    pub title: String,
    /// Entries in its log, when it loads.
    pub entries: Option<usize>,
}

impl BattleStore {
    /// Moves the battle at `path` (and its backup) into the bin. Refused for a battle another
    /// window (or tab) plays.
    pub fn delete(&mut self, path: &Path) -> Result<Binned, StoreError> {
        let binned = self.battles.delete(path, secs(crate::clock::now()))?;
        self.summaries.remove(&super::battle_store::normal(path));
        Ok(binned)
    }

    /// The battles in the bin, the last deleted first (each read once).
    pub fn bin(&mut self) -> Vec<BinnedSummary> {
        let list = self.battles.bin();
        self.binned
            .retain(|kept, _| list.iter().any(|b| b.kept() == kept));
        list.into_iter()
            .map(|binned| {
                let kept = binned.kept().to_path_buf();
                let (title, entries) = match self.binned.get(&kept) {
                    Some(known) => known.clone(),
                    None => {
                        let storage = self.battles.storage();
                        let battle = adjutant_core::store::Storage::read(storage, &kept)
                            .and_then(|b| battle_from_bytes_under(self.systems(), &b, &kept))
                            .ok();
                        let known = (
                            battle.as_ref().map_or_else(|| binned.name.clone(), title),
                            battle.map(|b| b.log().len()),
                        );
                        self.binned.insert(kept, known.clone());
                        known
                    }
                };
                BinnedSummary {
                    title,
                    entries,
                    binned,
                }
            })
            .collect()
    }

    /// Puts a battle back from the bin (`id`: [`Binned::id`]) under the name it had, or a
    /// new one when that is taken; returns its battle file.
    pub fn put_back(&mut self, id: &Path) -> Result<PathBuf, StoreError> {
        let path = self.battles.put_back(id)?;
        self.summaries.remove(&path);
        Ok(path)
    }

    /// Deletes a battle in the bin for good, with its backup.
    pub fn delete_for_good(&mut self, id: &Path) -> Result<Binned, StoreError> {
        self.battles.delete_for_good(id)
    }

    /// Deletes for good the battles deleted [`KEEP_DAYS`] or more ago; returns them.
    pub fn empty_bin(&mut self) -> Vec<Binned> {
        self.battles.empty_bin(secs(crate::clock::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::army::shipped;
    use crate::battle::{Action, Battle};
    use crate::dice::{Dice, Die};
    use crate::store::atomic::backup_path;

    fn battle() -> Battle {
        let armies = ["winceby_royalists", "winceby_parliament"]
            .iter()
            .map(|n| shipped::army(&format!("royalists_roundheads/{n}.ron")))
            .collect();
        Battle::new("royalists_roundheads", armies, 7).expect("set up")
    }

    #[test]
    fn on_disk_a_deleted_battle_is_listed_in_the_bin_and_put_back_byte_for_byte() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = BattleStore::in_dir(dir.path().join("battles"));
        let mut b = battle();
        let path = store.save(&b).unwrap();
        b.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
        b.roll().unwrap();
        store.save(&b).unwrap();
        store.release(&path);
        let (file, bak) = (
            std::fs::read(&path).unwrap(),
            std::fs::read(backup_path(&path)).unwrap(),
        );

        // Another window plays it: not deleted.
        let mut other = BattleStore::in_dir(dir.path().join("battles"));
        other.open(&path).unwrap();
        assert!(matches!(store.delete(&path), Err(StoreError::Busy { .. })));
        other.release(&path);

        let binned = store.delete(&path).unwrap();
        assert!(!path.exists() && !backup_path(&path).exists());
        assert!(
            store.list().is_empty(),
            "the bin is never listed as battles"
        );
        let listed = store.bin();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].title, "Winceby Royalists vs Winceby Parliament");
        assert_eq!(listed[0].entries, Some(2));
        assert_eq!(listed[0].binned, binned);

        assert_eq!(store.put_back(&binned.id).unwrap(), path);
        assert!(std::fs::read(&path).unwrap() == file, "byte for byte");
        assert!(std::fs::read(backup_path(&path)).unwrap() == bak);
        assert_eq!(store.list().len(), 1);
        assert!(store.bin().is_empty());
        // Played on, saved to its own file again.
        let mut again = store.open(&path).unwrap();
        again.undo().unwrap();
        store.save(&again).unwrap();
        assert_eq!(crate::store::read_battle(&path).unwrap().log().len(), 1);
    }
}
