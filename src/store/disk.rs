//! A battle file on disk: reading one (a regular file of a bounded size) and writing one
//! atomically; the format is the core's [`battle_file`](super::battle_file).

use std::path::Path;

use super::{StoreError, battle_from_bytes_under, battle_to_ron};
use crate::battle::Battle;
use crate::rules::Systems;

/// Reads the battle file at `path`, under the shipped tables. Never writes to it.
pub fn read_battle(path: &Path) -> Result<Battle, StoreError> {
    read_battle_under(&Systems::shipped(), path)
}

/// Reads the battle file at `path`, played under its system among `systems`.
pub fn read_battle_under(systems: &Systems, path: &Path) -> Result<Battle, StoreError> {
    let bytes = super::read_file(path)?;
    battle_from_bytes_under(systems, &bytes, path)
}

/// Writes the battle to `path` atomically, keeping the previous file as `<name>.bak`.
///
/// This does not check what is at `path` now: [`super::BattleStore`] does, and refuses to
/// overwrite a file that failed to load.
pub fn write_battle(path: &Path, battle: &Battle) -> Result<(), StoreError> {
    let text = battle_to_ron(battle).map_err(|e| StoreError::Format {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    super::atomic::write_atomic(path, text.as_bytes())
}
