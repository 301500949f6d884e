//! In the browser, which tab plays a battle (or edits an army file) and whether its file is
//! still the one it wrote: the same names as on a disk (`store::owner`), on this tab's files
//! ([`super::Browser::try_lock`], [`super::Stamp`]).

use std::io;
use std::path::Path;

use super::TabLock;
use super::idb::Idb;
use super::local::{LocalSlots, files};

pub use super::Stamp;

pub use crate::store::names::{is_lock_name, lock_path};

/// This tab's hold on one battle file (or army file in the builder); given back when dropped.
pub type BattleLock = TabLock<LocalSlots, Idb>;

/// Why a lock was not taken.
#[derive(Debug)]
pub enum NotLocked {
    /// Another tab holds it.
    Busy(Option<u32>),
    /// The browser keeps no value for the lock; the save goes on and reports its own error.
    Unavailable(io::Error),
}

impl TabLock<LocalSlots, Idb> {
    /// Takes the lock of `battle` for this tab without waiting.
    pub fn try_take(battle: &Path) -> Result<BattleLock, NotLocked> {
        match files().try_lock(battle) {
            Ok(Some(lock)) => Ok(lock),
            Ok(None) => Err(NotLocked::Unavailable(io::Error::from(
                io::ErrorKind::PermissionDenied,
            ))),
            Err(_) => Err(NotLocked::Busy(None)),
        }
    }
}

impl Stamp {
    /// The stamp of the file at `path`, or `None` when there is none.
    pub fn of(path: &Path) -> Option<Stamp> {
        files().stamp(path)
    }
}
