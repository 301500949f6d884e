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
