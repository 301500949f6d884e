//! Saving and loading on disk: paths, atomic writes, the folder of battles and the settings.
//!
//! The battle file's format, [`StoreError`] and the [`Storage`] trait are the core's
//! (`adjutant_core::store`); this module keeps what touches files.
//!
//! - [`paths`]: where battles, settings and the player's own files live (the user's data and
//!   config folders, or one folder given with `--data-dir` / `ADJUTANT_DATA_DIR`).
//! - [`atomic`]: every write goes to a temp file in the same folder, is synced, the previous
//!   copy is kept as `<name>.bak`, and the temp file is renamed over the old one.
//! - [`battle_file`]: the core's versioned RON format of a battle, and reading and writing it
//!   on disk ([`read_battle`], [`write_battle`]).
//! - [`battle_store`]: the folder of battles: save and load, and never overwrite a file that
//!   failed to load, a battle another window plays, or a file changed since it was read.
//! - [`folder`]: the [`Storage`] trait on a folder of files.
//! - [`kept`]: whether a path reaches the battles folder (a copy is never written there), and
//!   what a printed sheet is never written over.
//! - [`listing`]: list the battles and resume the last one; restore a damaged battle's backup.
//! - [`leftovers`]: clear the temp files of saves that stopped (a killed process) from the
//!   battles folder.
//! - [`owner`]: the lock a window holds on the battle it plays, and the stamp of a file.
//! - [`held`]: the same lock and stamp for a file a window edits in place (an army file in
//!   the builder).
//! - [`names`]: the names of new battle files and of damaged files kept aside.
//! - [`bin`]: deleted battles kept in `battles/bin/`, put back or deleted for good.
//! - [`backup`]: one file of every battle, army, table file and settings, and restoring it.
//! - [`settings`]: the player's settings, with defaults when missing or broken.
//! - `platform`: the file primitives that differ between a disk (`platform/disk.rs`) and a
//!   browser's page (`platform/page.rs`), chosen once; the rest of the store is the same.

pub mod atomic;
pub mod backup;
pub mod battle_store;
pub mod bin;
pub mod browser;
mod disk;
pub mod folder;
pub mod held;
pub mod kept;
#[cfg(not(target_arch = "wasm32"))]
mod leftovers;
pub mod listing;
pub mod names;
#[cfg(not(target_arch = "wasm32"))]
pub mod owner;
#[cfg(target_arch = "wasm32")]
pub use browser::owner;
pub mod paths;
// What differs between a disk and a browser's page, chosen here once: whether a file is
// there and when it was written, writing, moving, removing and listing files, whether a
// write is kept, the notes kept beside a battle, temp files left by stopped saves, and
// taking a battle over from another window.
#[cfg_attr(target_arch = "wasm32", path = "platform/page.rs")]
#[cfg_attr(not(target_arch = "wasm32"), path = "platform/disk.rs")]
mod platform;
pub mod settings;

use std::io;
use std::path::Path;

use crate::regular_file::{self, ReadError};

pub use adjutant_core::store::{
    BATTLE_VERSION, BattleFile, Battles, Memory, Storage, StoreError, WriteStep, battle_file,
    battle_from_bytes_under, battle_from_ron, battle_from_ron_under, battle_to_ron,
    looks_like_battle_file,
};

/// The largest file the store reads (a battle of 10,000 events is a few MiB).
pub const MAX_READ_BYTES: u64 = 256 * 1024 * 1024;

pub use atomic::{Fault, write_atomic, write_atomic_with};
pub use battle_store::{BattleStore, BattleSummary, is_backup};
pub use disk::{read_battle, read_battle_under, write_battle};
pub use folder::Folder;
pub use listing::{Backup, Restored};
pub use paths::{ENV_DATA_DIR, Paths};
pub use settings::{SETTINGS_VERSION, Settings, SettingsStore, ThemeChoice};

pub use platform::{check, exists, is_file, may_take_over, modified, take_over};
pub(crate) use platform::{note, set_note};

/// Moves the file at `from` to `to`, as the one step of keeping a damaged file aside.
pub(crate) fn move_file(from: &Path, to: &Path) -> Result<(), StoreError> {
    platform::rename(from, to, "keep aside")
}

/// Removes the file at `path` for good; one that is not there is no error.
pub(crate) fn remove_file(path: &Path) -> Result<(), StoreError> {
    platform::remove(path)
}

/// Reads a file of Adjutant's whole, if it is a regular file of at most [`MAX_READ_BYTES`].
pub fn read_file(path: &Path) -> Result<Vec<u8>, StoreError> {
    regular_file::read(path, MAX_READ_BYTES).map_err(|e| unread(path, e))
}

/// A file that could not be read, or was refused unread because it is not a regular file
/// (a named pipe, a device, a folder) or is too big.
fn unread(path: &Path, err: ReadError) -> StoreError {
    let (kind, message) = match err {
        ReadError::Io(e) => return StoreError::io("read", path, &e),
        ReadError::NotAFile(what) => (
            io::ErrorKind::InvalidInput,
            format!("it is {what}, not a file"),
        ),
        ReadError::TooBig(n) => (
            io::ErrorKind::InvalidData,
            format!(
                "it is {} MiB, more than the {} MiB a file of Adjutant's may be",
                n / (1024 * 1024),
                MAX_READ_BYTES / (1024 * 1024)
            ),
        ),
    };
    StoreError::Io {
        action: "read",
        path: path.to_path_buf(),
        kind,
        message,
    }
}
